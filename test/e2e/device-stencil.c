// 3-D device loops whose CUDA kernels read a stencil array through a
// shared-memory tile (frontend/device-tile.c shows which loops get one): the
// benchmark's 19-point shape with a reduction, a float and a double array read
// at outer offsets 0..1 only, a tile of one plane (no outer offset), a nest
// whose middle loop steps by 2 (the untiled kernel at run time) and one that
// reads its array at two offsets only (never tiled). Arrays and sums equal a serial
// computation, element by element, at 1-4 nodes over 1-D and 2-D node arrays
// with uneven blocks (11 x 13 x 37 points: more than one tile row along k, and
// runs that do not fill a block). Device loops run on CPU workers here;
// `gpu-check.sh run` runs the same program on GPUs at CPU weights 0 and 0.3.
// RUN: %xmpcc --gpu=none -O2 %s -o %t.1d
// RUN: %xmpcc --gpu=none -O2 -DNDJ=2 %s -o %t.2d
// RUN: %mpirun -np 1 %t.1d | FileCheck %s
// RUN: %mpirun -np 3 %t.1d | FileCheck %s
// RUN: %mpirun -np 4 %t.1d | FileCheck %s
// RUN: %mpirun -np 2 %t.2d | FileCheck %s
// RUN: %mpirun -np 4 %t.2d | FileCheck %s
// CHECK: device stencil: 0 wrong of 15876
#include <stdio.h>
#include <xmp.h>
#define NI 11
#define NJ 13
#define NK 37
#ifndef NDJ
#define NDJ 1
#endif

float p[NI][NJ][NK], w[NI][NJ][NK], cf[NI][NJ][NK];
double d[NI][NJ][NK], q[NI][NJ][NK];
/* The serial reference, on every node. */
float rp[NI][NJ][NK], rw[NI][NJ][NK], rcf[NI][NJ][NK];
double rd[NI][NJ][NK], rq[NI][NJ][NK];
#pragma xmp nodes n(NDJ, *)
#pragma xmp template t(0:NK-1, 0:NJ-1, 0:NI-1)
#pragma xmp distribute t(*, block, block) onto n
#pragma xmp align [i][j][k] with t(k, j, i) :: p, w, cf, d, q
#pragma xmp shadow p[1][1][0]
#pragma xmp shadow d[1][1][0]

/* Values with few significant bits, so that no sum below rounds differently in another order
 * of the same operations; p varies along every axis so that a misplaced neighbour shows. */
static float p_at(int i, int j, int k) { return (float)((i * 7 + j * 3 + k * 5) % 17) * 0.125f; }
static double d_at(int i, int j, int k) { return (double)((i * 5 + j * 11 + k) % 23) * 0.5; }

/* The serial reference's loop bodies: the device loops' bodies spelled out on the arrays of the
 * reference (a macro may not access a distributed array). */
#define HIMENO_LIKE(P, W, CF, S)                                                                  \
  do {                                                                                            \
    float s0 = P[i + 1][j][k] + 2 * P[i][j + 1][k] + 3 * P[i][j][k + 1] +                        \
               0.5f * (P[i + 1][j + 1][k] - P[i + 1][j - 1][k] - P[i - 1][j + 1][k] +            \
                       P[i - 1][j - 1][k]) +                                                      \
               0.25f * (P[i][j + 1][k + 1] - P[i][j - 1][k + 1] - P[i][j + 1][k - 1] +           \
                        P[i][j - 1][k - 1]) +                                                     \
               0.75f * (P[i + 1][j][k + 1] - P[i - 1][j][k + 1] - P[i + 1][j][k - 1] +           \
                        P[i - 1][j][k - 1]) +                                                     \
               4 * P[i - 1][j][k] + 5 * P[i][j - 1][k] + 6 * P[i][j][k - 1] + CF[i][j][k];        \
    float ss = s0 * 0.125f - P[i][j][k];                                                          \
    S += (double)(ss * ss);                                                                       \
    W[i][j][k] = P[i][j][k] + 0.5f * ss;                                                          \
  } while (0)
#define FORWARD(D, P, Q, S)                                                                       \
  do {                                                                                            \
    Q[i][j][k] = D[i][j][k] * 2 + D[i + 1][j][k] - D[i][j][k + 1] + P[i][j][k];                  \
    S += Q[i][j][k];                                                                              \
  } while (0)
#define STEP2(P, W, CF, S)                                                                        \
  do {                                                                                            \
    W[i][j][k] = P[i - 1][j][k] - P[i + 1][j - 1][k] + P[i][j][k + 1] * CF[i][j][k];             \
    S += W[i][j][k];                                                                              \
  } while (0)
#define ONE_PLANE(P, CF) CF[i][j][k] = P[i][j][k] - P[i][j + 1][k] + P[i][j - 1][k] * P[i][j][k - 1]
#define TWO_OFFSETS(P, W) W[i][j][k] = W[i][j][k] * 0.5f + P[i][j][k + 1] + P[i][j][k - 1]

int main(void) {
  int i, j, k;
  double s1 = 0, s2 = 0, s3 = 0, r1 = 0, r2 = 0, r3 = 0;
#pragma xmp loop (k, j, i) on t(k, j, i)
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      for (k = 0; k < NK; k++) {
        p[i][j][k] = p_at(i, j, k);
        d[i][j][k] = d_at(i, j, k);
        cf[i][j][k] = (float)(k % 3);
        w[i][j][k] = 1.0f;
        q[i][j][k] = 0.0;
      }
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      for (k = 0; k < NK; k++) {
        rp[i][j][k] = p_at(i, j, k);
        rd[i][j][k] = d_at(i, j, k);
        rcf[i][j][k] = (float)(k % 3);
        rw[i][j][k] = 1.0f;
        rq[i][j][k] = 0.0;
      }
#pragma xmp reflect (p, d)

#pragma xmp device replicate (p, w, cf, d, q)
  {
#pragma xmp device replicate_sync in (p, w, cf, d, q)
#pragma xmp device loop (k, j, i) on t(k, j, i) reduction(+:s1)
    for (i = 1; i < NI - 1; i++)
      for (j = 1; j < NJ - 1; j++)
        for (k = 1; k < NK - 1; k++) {
          float s0 = p[i + 1][j][k] + 2 * p[i][j + 1][k] + 3 * p[i][j][k + 1] +
                     0.5f * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] - p[i - 1][j + 1][k] +
                             p[i - 1][j - 1][k]) +
                     0.25f * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] - p[i][j + 1][k - 1] +
                              p[i][j - 1][k - 1]) +
                     0.75f * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] - p[i + 1][j][k - 1] +
                              p[i - 1][j][k - 1]) +
                     4 * p[i - 1][j][k] + 5 * p[i][j - 1][k] + 6 * p[i][j][k - 1] + cf[i][j][k];
          float ss = s0 * 0.125f - p[i][j][k];
          s1 += (double)(ss * ss);
          w[i][j][k] = p[i][j][k] + 0.5f * ss;
        }
#pragma xmp device loop (k, j, i) on t(k, j, i) reduction(+:s2)
    for (i = 0; i < NI - 1; i++)
      for (j = 0; j < NJ; j++)
        for (k = 0; k < NK - 1; k++) {
          q[i][j][k] = d[i][j][k] * 2 + d[i + 1][j][k] - d[i][j][k + 1] + p[i][j][k];
          s2 += q[i][j][k];
        }
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < NI; i++)
      for (j = 1; j < NJ - 1; j++)
        for (k = 1; k < NK; k++)
          cf[i][j][k] = p[i][j][k] - p[i][j + 1][k] + p[i][j - 1][k] * p[i][j][k - 1];
#pragma xmp device loop (k, j, i) on t(k, j, i) reduction(+:s3)
    for (i = 1; i < NI - 1; i++)
      for (j = 1; j < NJ - 1; j += 2)
        for (k = 1; k < NK - 1; k++) {
          w[i][j][k] = p[i - 1][j][k] - p[i + 1][j - 1][k] + p[i][j][k + 1] * cf[i][j][k];
          s3 += w[i][j][k];
        }
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < NI; i++)
      for (j = 0; j < NJ; j++)
        for (k = 1; k < NK - 1; k++)
          w[i][j][k] = w[i][j][k] * 0.5f + p[i][j][k + 1] + p[i][j][k - 1];
#pragma xmp device replicate_sync out (w, cf, q)
  }

  for (i = 1; i < NI - 1; i++)
    for (j = 1; j < NJ - 1; j++)
      for (k = 1; k < NK - 1; k++)
        HIMENO_LIKE(rp, rw, rcf, r1);
  for (i = 0; i < NI - 1; i++)
    for (j = 0; j < NJ; j++)
      for (k = 0; k < NK - 1; k++)
        FORWARD(rd, rp, rq, r2);
  for (i = 0; i < NI; i++)
    for (j = 1; j < NJ - 1; j++)
      for (k = 1; k < NK; k++)
        ONE_PLANE(rp, rcf);
  for (i = 1; i < NI - 1; i++)
    for (j = 1; j < NJ - 1; j += 2)
      for (k = 1; k < NK - 1; k++)
        STEP2(rp, rw, rcf, r3);
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      for (k = 1; k < NK - 1; k++)
        TWO_OFFSETS(rp, rw);

  long wrong = 0, checked = 0;
#pragma xmp loop (k, j, i) on t(k, j, i) reduction(+:wrong, checked)
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      for (k = 0; k < NK; k++) {
        wrong += (w[i][j][k] != rw[i][j][k]) + (cf[i][j][k] != rcf[i][j][k]) +
                 (q[i][j][k] != rq[i][j][k]);
        checked += 3;
      }
  /* Sums of the same terms in another order: within 1e-12 relative. */
  double got[3] = {s1, s2, s3}, want[3] = {r1, r2, r3};
  for (int m = 0; m < 3; m++) {
    double diff = got[m] - want[m];
    wrong += (diff < 0 ? -diff : diff) > 1e-12 * (want[m] < 0 ? -want[m] : want[m]);
    wrong += want[m] == 0; /* a sum that is zero would test nothing */
    checked++;
  }
  if (xmp_node_num() == 1)
    printf("device stencil: %ld wrong of %ld\n", wrong, checked);
  return 0;
}
