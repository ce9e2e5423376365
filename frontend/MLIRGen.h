//===- MLIRGen.h - checked directives to the xmp dialect --------*- C++ -*-===//
#ifndef XMP_FRONTEND_MLIRGEN_H
#define XMP_FRONTEND_MLIRGEN_H

#include "Program.h"

#include "mlir/IR/BuiltinOps.h"
#include "clang/Basic/SourceManager.h"

namespace xmp::frontend {

/// One xmp op per directive (align also gets its array_alloc, a loop with
/// reduction clauses a reduction op at the loop's post site), in source order.
mlir::OwningOpRef<mlir::ModuleOp> buildModule(const Program &program,
                                              mlir::MLIRContext &context,
                                              const clang::SourceManager &sm);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_MLIRGEN_H
