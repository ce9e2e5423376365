//===- EmitC.h - printing lowered xmp code as C -----------------*- C++ -*-===//
#ifndef XMP_TARGET_EMITC_H
#define XMP_TARGET_EMITC_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include <cstdint>
#include <map>
#include <string>

namespace xmp {
/// The C text of one site, by part ("decl", "exec", "pre0", ...), each part a
/// single line so that splicing it into the user's source keeps line numbers.
using SiteText = std::map<std::string, std::string>;

/// Prints a module produced by the lower-to-runtime pass as C fragments keyed
/// by site. Fails (with a diagnostic on the op) on ops it cannot print.
mlir::LogicalResult printSites(mlir::ModuleOp module,
                               std::map<int64_t, SiteText> &out);

/// Prints every site, in order, as a readable C listing (for xmp-opt).
mlir::LogicalResult printListing(mlir::ModuleOp module, llvm::raw_ostream &os);
} // namespace xmp

#endif // XMP_TARGET_EMITC_H
