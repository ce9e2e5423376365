//===- Passes.h - xmp dialect passes ----------------------------*- C++ -*-===//
#ifndef XMP_TRANSFORMS_PASSES_H
#define XMP_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include <memory>

namespace xmp {
/// Replaces every xmp op by the C declarations (emitc.verbatim) and runtime
/// calls (emitc.call_opaque) that implement it. Each produced op carries the
/// attributes `xmp.site` (the source site of the directive) and `xmp.part`
/// ("decl", "exec", "pre<k>" for loop k of a nest).
std::unique_ptr<mlir::Pass> createLowerToRuntimePass();
void registerPasses();
} // namespace xmp

#endif // XMP_TRANSFORMS_PASSES_H
