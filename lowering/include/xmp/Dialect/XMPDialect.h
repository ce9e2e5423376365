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
#include "xmp/Dialect/XMPEnums.h.inc"


#define GET_ATTRDEF_CLASSES
#include "xmp/Dialect/XMPAttrs.h.inc"

#define GET_OP_CLASSES
#include "xmp/Dialect/XMPOps.h.inc"

namespace xmp {
/// The reduction operator a directive spells `op` ("+", "&&", "firstmax").
std::optional<ReductionKind> reductionKindFromOperator(llvm::StringRef op);
/// The directive's spelling of `kind`; for the C operators, C's.
llvm::StringRef reductionOperator(ReductionKind kind);
/// firstmax, firstmin, lastmax, lastmin: reductions with location variables.
bool isLocationReduction(ReductionKind kind);
/// Whether `kind` applies to floating-point operands.
bool reductionKindAllowsFloat(ReductionKind kind);
/// float, double, long double.
bool isFloatingType(ScalarType type);
} // namespace xmp

#endif // XMP_DIALECT_XMPDIALECT_H
