//===- Passes.h - the xmp dialect's passes ----------------------*- C++ -*-===//
#ifndef XMP_CONVERSION_PASSES_H
#define XMP_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"
#include <memory>

namespace xmp {
#define GEN_PASS_DECL
#include "xmp/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "xmp/Conversion/Passes.h.inc"
} // namespace xmp

#endif // XMP_CONVERSION_PASSES_H
