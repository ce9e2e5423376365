//===- XMPToEmitC.cpp - the xmp-lower-to-runtime pass ---------------------===//

#include "Patterns.h"

#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMPDialect.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xmp {
#define GEN_PASS_DEF_LOWERTORUNTIME
#include "xmp/Conversion/Passes.h.inc"
} // namespace xmp

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {
struct LowerToRuntimePass : public xmp::impl::LowerToRuntimeBase<LowerToRuntimePass> {
  void runOnOperation() override {
    LoweringState state;
    RewritePatternSet patterns(&getContext());
    populateMappingPatterns(patterns, state);
    populateLoopPatterns(patterns, state);
    populateArrayPatterns(patterns, state);
    populateCoarrayPatterns(patterns, state);
    populateCommPatterns(patterns, state);
    populateTaskPatterns(patterns, state);
    populateDevicePatterns(patterns, state);
    populateDeviceLoopPatterns(patterns, state);
    populateEntryPatterns(patterns, state);
    // Every directive op becomes C; what is left is emitc and the holes.
    ConversionTarget target(getContext());
    target.addLegalDialect<emitc::EmitCDialect>();
    target.addLegalOp<ModuleOp, HoleOp>();
    target.addIllegalDialect<XMPDialect>();
    if (failed(applyFullConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
