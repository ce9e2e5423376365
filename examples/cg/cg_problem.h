/* cg_problem.h - what the two CG samples share: the matrix, the iteration count and the
 * serial reference both check themselves against (cg_xmp.c in the global view,
 * cg_coarray.c in the local view).
 *
 * The matrix: row i has 4 + 0.002 (1 + i mod 7) on the diagonal and -1 at columns i +- 1 and
 * i +- SKIP (mod NA): symmetric, strictly diagonally dominant, so positive definite. The
 * right-hand side x is all ones, the start z = 0. A run matches the reference when its
 * residual ||x - A z|| and ||z|| agree to 1e-10 relative to ||x|| and to ||z|| (its sums are
 * taken in another order; the residual itself is near the rounding error, so only its size is
 * compared). */
#ifndef CG_PROBLEM_H
#define CG_PROBLEM_H

#include <math.h>
#include <stdio.h>

#ifndef NA
#define NA 1400
#endif
#define SKIP 37
#define ITERS 25
#define NZ_PER_ROW 5

/* Column offsets of row i's pattern: the diagonal, then the four neighbours. */
static const int cg_offset[NZ_PER_ROW] = {0, 1, -1, SKIP, -SKIP};

static double diag(int i) { return 4.0 + 0.002 * (1 + i % 7); }

/* Column k (0..4) of row i's pattern. */
static int pattern(int i, int k) { return ((i + cg_offset[k]) % NA + NA) % NA; }

/* The same iterations on the whole matrix, serially: the residual and ||z||. */
static void reference(double *rnorm, double *znorm) {
  static double sz[NA], sp[NA], sq[NA], sr[NA];
  double rho = 0;
  for (int i = 0; i < NA; i++) {
    sz[i] = 0;
    sr[i] = sp[i] = 1.0;
    rho += sr[i] * sr[i];
  }
  for (int it = 0; it < ITERS; it++) {
    double d = 0;
    for (int i = 0; i < NA; i++) {
      sq[i] = 0;
      for (int k = 0; k < NZ_PER_ROW; k++)
        sq[i] += (k == 0 ? diag(i) : -1.0) * sp[pattern(i, k)];
      d += sp[i] * sq[i];
    }
    double alpha = rho / d, rho0 = rho;
    rho = 0;
    for (int i = 0; i < NA; i++) {
      sz[i] += alpha * sp[i];
      sr[i] -= alpha * sq[i];
      rho += sr[i] * sr[i];
    }
    for (int i = 0; i < NA; i++)
      sp[i] = sr[i] + rho / rho0 * sp[i];
  }
  double rr = 0, zz = 0;
  for (int i = 0; i < NA; i++) {
    double az = 0;
    for (int k = 0; k < NZ_PER_ROW; k++)
      az += (k == 0 ? diag(i) : -1.0) * sz[pattern(i, k)];
    rr += (1.0 - az) * (1.0 - az);
    zz += sz[i] * sz[i];
  }
  *rnorm = sqrt(rr);
  *znorm = sqrt(zz);
}

/* Compares a run's residual and ||z|| with the reference; prints the comparison and the
 * verdict when `print`. Returns whether they match. */
static int verify(double rnorm, double znorm, int print) {
  double ref_r, ref_z;
  reference(&ref_r, &ref_z);
  double diff_r = fabs(rnorm - ref_r) / sqrt((double)NA), diff_z = fabs(znorm - ref_z) / ref_z;
  int ok = diff_r < 1e-10 && diff_z < 1e-10;
  if (print) {
    printf("cg: residual %.6e, reference %.6e (difference relative to ||x||: %.1e)\n", rnorm,
           ref_r, diff_r);
    printf("cg: ||z|| %.12e, reference %.12e (relative difference %.1e)\n", znorm, ref_z, diff_z);
    printf("cg: %s\n", ok ? "VERIFIED" : "FAILED (tolerance 1e-10)");
  }
  return ok;
}

#endif
