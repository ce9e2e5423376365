//===- Patterns.h - the xmp to emitc lowering patterns ----------*- C++ -*-===//
//
// One pattern per xmp op: it writes the op's C fragments with a
// FragmentBuilder, at the op's anchors, and erases the op. The lowering of
// each group of ops lives in a file of its own (Mapping, Loop, Comm, Task,
// Device); the pass (XMPToEmitC.cpp) collects them.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_CONVERSION_XMPTOEMITC_PATTERNS_H
#define XMP_CONVERSION_XMPTOEMITC_PATTERNS_H

#include "FragmentBuilder.h"

#include "xmp/Dialect/XMPDialect.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xmp::lowering {

/// The pattern of an op whose C the function `Lower` writes.
template <typename OpT, void (*Lower)(OpT, FragmentBuilder &)>
class Lowering : public mlir::OpConversionPattern<OpT> {
public:
  Lowering(mlir::MLIRContext *ctx, LoweringState &state)
      : mlir::OpConversionPattern<OpT>(ctx), state(state) {}

  mlir::LogicalResult matchAndRewrite(OpT op, typename OpT::Adaptor,
                                      mlir::ConversionPatternRewriter &rewriter) const override {
    auto site = op->template getAttrOfType<mlir::IntegerAttr>("site");
    FragmentBuilder b(rewriter, op->getLoc(), site ? site.getInt() : -1, state);
    Lower(op, b);
    rewriter.eraseOp(op);
    return mlir::success();
  }

private:
  LoweringState &state;
};

template <typename OpT, void (*Lower)(OpT, FragmentBuilder &)>
void add(mlir::RewritePatternSet &patterns, LoweringState &state) {
  patterns.add<Lowering<OpT, Lower>>(patterns.getContext(), state);
}

void populateMappingPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);
void populateLoopPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);
void populateCommPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);
void populateTaskPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);
void populateDevicePatterns(mlir::RewritePatternSet &patterns, LoweringState &state);
void populateDeviceLoopPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);
void populateEntryPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);

void populateArrayPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);
void populateCoarrayPatterns(mlir::RewritePatternSet &patterns, LoweringState &state);

/// Locals through which the code at the builder's site (a loop nest, an array
/// statement) reaches `array`, declared at `anchor`: the typed base pointer
/// (`restrict` where nothing else there reaches the storage), the strides
/// and the offset of the node's block (at `valuesAnchor` where given, a
/// block around the nest that sees the same layout); and an element through
/// them (global indices `subs`, C expressions).
void declareNestLocals(FragmentBuilder &b, int64_t anchor, DistArrayOp array, bool restrict,
                       std::optional<int64_t> valuesAnchor = std::nullopt);
std::string nestElement(int64_t site, llvm::StringRef array, llvm::ArrayRef<std::string> subs);
/// The test and increment of a loop `var` over local bounds whose last index
/// and step are `ub` and `st`: canonical for a constant step (`i < ub + 1`,
/// `i += c`; the increment is `st` where the node's local step is not the
/// loop's own), else testing the step's sign.
struct LoopControl {
  std::string test, incr;
};
LoopControl loopControl(const std::string &var, const std::string &ub, const std::string &st,
                        int64_t constStep, bool sameStep);
/// The statements that declare those locals' strides (but the last) and the
/// folded offset of the block that `layout` (an xmp_rt_layout_t expression)
/// describes.
std::vector<std::string> nestLayoutLocals(int64_t site, llvm::StringRef array, int64_t rank,
                                          const std::string &layout);

/// The C object a symbol reference names: a template or a node array.
std::string objectOf(mlir::Operation *from, mlir::FlatSymbolRefAttr ref);
/// The C expressions of node-reference bounds (C expressions, #xmp.coord,
/// #xmp.last) of node array `nodes` (its C object), one per dimension.
llvm::SmallVector<std::string> nodeBounds(mlir::ArrayAttr bounds, const std::string &nodes);
/// The distributed array a symbol reference names, and its C name.
DistArrayOp distArrayOf(mlir::Operation *from, mlir::FlatSymbolRefAttr ref);
std::string arrayName(mlir::Operation *from, mlir::FlatSymbolRefAttr ref);

} // namespace xmp::lowering

#endif // XMP_CONVERSION_XMPTOEMITC_PATTERNS_H
