//===- MLIRGen.h - checked directives to the xmp dialect --------*- C++ -*-===//
#ifndef XMP_FRONTEND_MLIRGEN_H
#define XMP_FRONTEND_MLIRGEN_H

#include "Anchors.h"
#include "Program.h"
#include "SourceIndex.h"

#include "mlir/IR/BuiltinOps.h"
#include "clang/Basic/SourceManager.h"

namespace xmp::frontend {

/// One xmp op per directive (align also gets its array_alloc, a loop with
/// reduction clauses a reduction op after the loop), in source order, after
/// the distributed arrays' symbols; then one access op per subscript chain on
/// a distributed array; and the file's entry. Records in `anchors` where each
/// op's C goes. `macros`: the user's #define lines, which device loop bodies
/// compiled in the CUDA file may use.
mlir::OwningOpRef<mlir::ModuleOp> buildModule(const Program &program, mlir::MLIRContext &context,
                                              const SourceIndex &index, AnchorTable &anchors,
                                              const std::string &macros);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_MLIRGEN_H
