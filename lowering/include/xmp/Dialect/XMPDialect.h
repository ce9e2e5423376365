//===- XMPDialect.h - the xmp dialect ---------------------------*- C++ -*-===//
#ifndef XMP_DIALECT_XMPDIALECT_H
#define XMP_DIALECT_XMPDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"

#include "xmp/Dialect/XMPDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "xmp/Dialect/XMPAttrs.h.inc"

#define GET_OP_CLASSES
#include "xmp/Dialect/XMPOps.h.inc"

namespace xmp {
/// Reduction operators XMP/C allows, in the spelling of the directive.
bool isReductionKind(llvm::StringRef kind);
/// Scalar C types (the runtime's enum xmp_rt_type names) a reduction takes.
bool isReductionType(llvm::StringRef type);
/// firstmax, firstmin, lastmax, lastmin: reductions with location variables.
bool isLocationReduction(llvm::StringRef kind);
/// Whether `kind` applies to floating-point operands.
bool reductionKindAllowsFloat(llvm::StringRef kind);
} // namespace xmp

#endif // XMP_DIALECT_XMPDIALECT_H
