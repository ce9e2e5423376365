//===- FragmentBuilder.h - C fragments of one directive ---------*- C++ -*-===//
//
// What every lowering pattern writes with: C declarations and statements
// (emitc.verbatim), runtime calls (emitc.call_opaque) and holes (xmp.hole),
// each tagged with the anchor it belongs to (`xmp.anchor`) and, where an
// anchor has several forms, the variant (`xmp.variant`). Arguments are C
// expressions; arrays the runtime ABI takes are C99 compound literals, so no
// temporary needs a name.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_CONVERSION_XMPTOEMITC_FRAGMENTBUILDER_H
#define XMP_CONVERSION_XMPTOEMITC_FRAGMENTBUILDER_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace xmp::lowering {

/// State shared by the patterns of one conversion: the sites whose source
/// record (`static const xmp_rt_srcloc_t`) exists already, since one
/// directive may lower to several ops.
struct LoweringState {
  std::set<int64_t> described;
};

class FragmentBuilder {
public:
  FragmentBuilder(mlir::OpBuilder &builder, mlir::Location loc, int64_t site, LoweringState &state)
      : builder(builder), loc(loc), site(site), state(state) {}

  /// The variant the following fragments are tagged with ("" for the plain
  /// one).
  void setVariant(llvm::StringRef v) { variant = v.str(); }

  /// A C declaration or statement, verbatim.
  void text(int64_t anchor, const llvm::Twine &text);
  /// `assignTo = callee(args);` (or `callee(args);`).
  void call(int64_t anchor, llvm::StringRef callee, llvm::ArrayRef<std::string> args,
            llvm::StringRef assignTo = {}, llvm::StringRef resultType = {});
  /// The frontend's piece of source `source` (spliced with `variant` of the
  /// anchors inside it) or the text of virtual anchor `anchor`.
  void sourceHole(int64_t anchor, int64_t source, llvm::StringRef holeVariant = {});
  void anchorHole(int64_t anchor, int64_t inner);

  /// The static record runtime errors quote for this directive, once per site.
  void where(int64_t anchor, llvm::StringRef directive);
  std::string whereRef() const;
  /// The same record as a compound literal's address, for fragments that
  /// stand inside an expression or a statement of the user's.
  std::string whereLiteral(llvm::StringRef directive) const;

  int64_t getSite() const { return site; }

private:
  void tag(mlir::Operation *op, int64_t anchor);
  mlir::OpBuilder &builder;
  mlir::Location loc;
  int64_t site;
  LoweringState &state;
  std::string variant;
};

/// `"..."` of `s`, escaped.
std::string cStringLiteral(llvm::StringRef s);
/// "(T[]){(a), (b)}"; T is given whole ("const long", "void *const").
std::string compoundLiteral(llvm::StringRef elemType, llvm::ArrayRef<std::string> elems);
/// The strings of an array of string attributes.
llvm::SmallVector<std::string> strings(mlir::ArrayAttr attr);
/// Integers as C literals.
llvm::SmallVector<std::string> numbers(llvm::ArrayRef<int64_t> values);
/// `args`, then `more`.
std::vector<std::string> concat(std::vector<std::string> args,
                                std::initializer_list<std::string> more);

} // namespace xmp::lowering

#endif // XMP_CONVERSION_XMPTOEMITC_FRAGMENTBUILDER_H
