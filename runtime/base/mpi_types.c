/* mpi_types.c - the ABI's element types and reduction operators as MPI's (xmpb.h). */
#include <limits.h>

#include "xmpb.h"

MPI_Datatype xmpb_mpi_type(int type) {
  switch (type) {
  /* MPI_CHAR is not a reduction type; plain char reduces as the signedness it has here. */
  case XMP_RT_CHAR: return CHAR_MIN < 0 ? MPI_SIGNED_CHAR : MPI_UNSIGNED_CHAR;
  case XMP_RT_SCHAR: return MPI_SIGNED_CHAR;
  case XMP_RT_UCHAR: return MPI_UNSIGNED_CHAR;
  case XMP_RT_SHORT: return MPI_SHORT;
  case XMP_RT_USHORT: return MPI_UNSIGNED_SHORT;
  case XMP_RT_INT: return MPI_INT;
  case XMP_RT_UINT: return MPI_UNSIGNED;
  case XMP_RT_LONG: return MPI_LONG;
  case XMP_RT_ULONG: return MPI_UNSIGNED_LONG;
  case XMP_RT_LLONG: return MPI_LONG_LONG;
  case XMP_RT_ULLONG: return MPI_UNSIGNED_LONG_LONG;
  case XMP_RT_FLOAT: return MPI_FLOAT;
  case XMP_RT_DOUBLE: return MPI_DOUBLE;
  case XMP_RT_LDOUBLE: return MPI_LONG_DOUBLE;
  case XMP_RT_BOOL: return MPI_C_BOOL;
  case XMP_RT_FCOMPLEX: return MPI_C_FLOAT_COMPLEX;
  case XMP_RT_DCOMPLEX: return MPI_C_DOUBLE_COMPLEX;
  case XMP_RT_LDCOMPLEX: return MPI_C_LONG_DOUBLE_COMPLEX;
  default: return MPI_DATATYPE_NULL;
  }
}

const char *xmpb_op_name(int op) {
  static const char *const names[] = {"+",  "*",  "max", "min",      "&",        "|",
                                      "^",  "&&", "||",  "-",        "firstmax", "firstmin",
                                      "lastmax", "lastmin"};
  return op >= 0 && op <= XMP_RT_OP_LASTMIN ? names[op] : "?";
}

/* MPI operator for op on type, or MPI_OP_NULL when the combination is invalid. */
MPI_Op xmpb_mpi_op(int op, int type) {
  int floating = type == XMP_RT_FLOAT || type == XMP_RT_DOUBLE || type == XMP_RT_LDOUBLE;
  if (type == XMP_RT_BOOL) {
    /* MPI only has logical ops for C _Bool; these are what C's arithmetic gives on _Bool
     * (b + x != 0 is b || x, b * x is b && x). */
    switch (op) {
    case XMP_RT_OP_SUM: case XMP_RT_OP_MINUS: case XMP_RT_OP_MAX: case XMP_RT_OP_BOR:
    case XMP_RT_OP_LOR: return MPI_LOR;
    case XMP_RT_OP_PROD: case XMP_RT_OP_MIN: case XMP_RT_OP_BAND:
    case XMP_RT_OP_LAND: return MPI_LAND;
    case XMP_RT_OP_BXOR: return MPI_LXOR;
    default: return MPI_OP_NULL;
    }
  }
  if (type >= XMP_RT_FCOMPLEX) /* complex values have no order and no bits */
    return op == XMP_RT_OP_SUM || op == XMP_RT_OP_MINUS ? MPI_SUM
           : op == XMP_RT_OP_PROD                       ? MPI_PROD
                                                        : MPI_OP_NULL;
  switch (op) {
  case XMP_RT_OP_SUM: case XMP_RT_OP_MINUS: return MPI_SUM;
  case XMP_RT_OP_PROD: return MPI_PROD;
  case XMP_RT_OP_MAX: return MPI_MAX;
  case XMP_RT_OP_MIN: return MPI_MIN;
  case XMP_RT_OP_BAND: return floating ? MPI_OP_NULL : MPI_BAND;
  case XMP_RT_OP_BOR: return floating ? MPI_OP_NULL : MPI_BOR;
  case XMP_RT_OP_BXOR: return floating ? MPI_OP_NULL : MPI_BXOR;
  case XMP_RT_OP_LAND: return floating ? MPI_OP_NULL : MPI_LAND;
  case XMP_RT_OP_LOR: return floating ? MPI_OP_NULL : MPI_LOR;
  default: return MPI_OP_NULL;
  }
}
