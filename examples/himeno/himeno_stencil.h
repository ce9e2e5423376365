// The Himeno point update, shared by the CUDA kernel and the CPU loops of
// himeno_mpi_cuda.cu. The terms are added in the order himeno_serial.c adds
// them, so that the CPU build reproduces the serial reference bit for bit.
#ifndef HIMENO_STENCIL_H
#define HIMENO_STENCIL_H

#include "himeno_dev.h"

enum { A0, A1, A2, A3, B0, B1, B2, C0, C1, C2, WRK1, BND, NCOEF };

// The coefficient arrays (same layout as p), passed to kernels by value.
struct Coefs {
  const float *f[NCOEF];
};

// The residual ss at one point: a(q) is coefficient array q there, p(di, dj, dk)
// p at that offset from the point (from memory, registers or a shared tile).
template <class A, class P> HD inline float himeno_ss(const A &a, const P &p) {
  float s0 = a(A0) * p(1, 0, 0) + a(A1) * p(0, 1, 0) + a(A2) * p(0, 0, 1) +
             a(B0) * (p(1, 1, 0) - p(1, -1, 0) - p(-1, 1, 0) + p(-1, -1, 0)) +
             a(B1) * (p(0, 1, 1) - p(0, -1, 1) - p(0, 1, -1) + p(0, -1, -1)) +
             a(B2) * (p(1, 0, 1) - p(-1, 0, 1) - p(1, 0, -1) + p(-1, 0, -1)) +
             a(C0) * p(-1, 0, 0) + a(C1) * p(0, -1, 0) + a(C2) * p(0, 0, -1) + a(WRK1);
  return (s0 * a(A3) - p(0, 0, 0)) * a(BND);
}

#endif
