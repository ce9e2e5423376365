/* cg_xmp.c - conjugate gradient on a sparse symmetric positive definite matrix in XMP's global
 * view, with the two-dimensional layout NPB CG uses: a node grid proc(NPCOL, *) over the
 * template t(columns, rows); the vectors the solver updates (x, z, p, q, r) are split by column
 * blocks and replicated down the grid, the product's partial rows (w) split by row blocks;
 * each node multiplies its block of the matrix, the nodes of a grid row add their parts
 * (`reduction (+:w) on subproc(:)`, a distributed array over the nodes that own the same part
 * of it), and a `gmove` turns the row-split result back into a column-split vector. Dot
 * products are each node's columns, then `reduction ... on subproc`.
 *
 * The matrix: row i has 4 + 0.002 (1 + i mod 7) on the diagonal and -1 at columns i +- 1 and
 * i +- SKIP (mod NA): symmetric, strictly diagonally dominant, so positive definite. Each node
 * builds the CSR block of its rows and columns from xmp_array_gcllbound/gclubound.
 *
 * The program checks itself: the same iterations on the whole matrix in plain C on every
 * node give the reference solution norm and residual, which the distributed run must match
 * to 1e-10 relative to ||z|| and to ||x|| (the sums are taken in another order; the residual
 * itself is near the rounding error, so only its size is compared). Build with -DNA=, -DNPCOL= (the
 * first node dimension; the second is what the ranks leave). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <xmp.h>

#include "cg_problem.h"

#ifndef NPCOL
#define NPCOL 1
#endif

double x[NA], z[NA], p[NA], q[NA], r[NA], w[NA];
#pragma xmp nodes proc(NPCOL, *)
#pragma xmp nodes subproc(NPCOL) = proc(:, *)
#pragma xmp template t(0:NA-1, 0:NA-1)
#pragma xmp distribute t(block, block) onto proc
#pragma xmp align [i] with t(i, *) :: x, z, p, q, r
#pragma xmp align [i] with t(*, i) :: w

/* This node's block of the matrix, rows firstrow..lastrow, columns firstcol..lastcol. */
static int firstrow, lastrow, firstcol, lastcol;
static int rowstr[NA + 1], colidx[NA * NZ_PER_ROW];
static double a[NA * NZ_PER_ROW];

static void make_block(void) {
  firstcol = xmp_array_gcllbound(xmp_desc_of(x), 1);
  lastcol = xmp_array_gclubound(xmp_desc_of(x), 1);
  firstrow = xmp_array_gcllbound(xmp_desc_of(w), 1);
  lastrow = xmp_array_gclubound(xmp_desc_of(w), 1);
  int nz = 0;
  for (int i = firstrow; i <= lastrow; i++) {
    rowstr[i - firstrow] = nz;
    for (int k = 0; k < NZ_PER_ROW; k++) {
      int j = pattern(i, k);
      if (j >= firstcol && j <= lastcol) {
        colidx[nz] = j;
        a[nz++] = k == 0 ? diag(i) : -1.0;
      }
    }
  }
  rowstr[lastrow - firstrow + 1] = nz;
}

/* q = A p: each node its block, the grid row's parts added, back to column blocks. */
static void matvec(double out[NA], double in[NA]) {
#pragma xmp align [i] with t(i, *) :: out, in
#pragma xmp static_desc :: out, in
  int j;
#pragma xmp loop on t(*, j)
  for (j = 0; j < NA; j++) {
    double sum = 0.0;
    for (int k = rowstr[j - firstrow]; k < rowstr[j - firstrow + 1]; k++)
      sum += a[k] * in[colidx[k]];
    w[j] = sum;
  }
#pragma xmp reduction(+:w) on subproc(:)
#pragma xmp gmove
  out[:] = w[:];
}

static double dot(double u[NA], double v[NA]) {
#pragma xmp align [i] with t(i, *) :: u, v
#pragma xmp static_desc :: u, v
  double sum = 0.0;
  int j;
#pragma xmp loop on t(j, *)
  for (j = 0; j < NA; j++)
    sum += u[j] * v[j];
#pragma xmp reduction(+:sum) on subproc
  return sum;
}

int main(void) {
  int j;
  make_block();
  double t0 = xmp_wtime();
#pragma xmp loop on t(j, *)
  for (j = 0; j < NA; j++) {
    x[j] = 1.0;
    z[j] = 0.0;
    r[j] = p[j] = x[j];
  }
  double rho = dot(r, r);
  for (int it = 0; it < ITERS; it++) {
    matvec(q, p);
    double alpha = rho / dot(p, q), rho0 = rho;
#pragma xmp loop on t(j, *)
    for (j = 0; j < NA; j++) {
      z[j] += alpha * p[j];
      r[j] -= alpha * q[j];
    }
    rho = dot(r, r);
    double beta = rho / rho0;
#pragma xmp loop on t(j, *)
    for (j = 0; j < NA; j++)
      p[j] = r[j] + beta * p[j];
  }
  /* ||x - A z|| and ||z||. */
  matvec(q, z);
#pragma xmp loop on t(j, *)
  for (j = 0; j < NA; j++)
    r[j] = x[j] - q[j];
  double rnorm = sqrt(dot(r, r)), znorm = sqrt(dot(z, z)), seconds = xmp_wtime() - t0;
  if (xmp_node_num() == 1) {
    int rows;
    xmp_nodes_size(xmp_desc_of(proc), 2, &rows);
    printf("cg: NA=%d, %d iterations on %d x %d nodes, %.3f s\n", NA, ITERS, NPCOL, rows, seconds);
  }
  return verify(rnorm, znorm, xmp_node_num() == 1) ? 0 : 1;
}
