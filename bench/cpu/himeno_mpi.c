/* Himeno benchmark by hand with MPI: the algorithm of himeno_serial.c and
 * himeno_xmp.c (stencil loop with the Gosa sum, copy loop p = wrk2, halo
 * exchange of p, Gosa summed over the ranks), the grid cut into blocks of
 * planes along i as XMP's block distribution cuts it (ceil(MIMAX / ranks)
 * planes each, the last rank the rest).
 *
 *   mpicc -O3 [-DHIMENO_SIZE_M] himeno_mpi.c -o himeno_mpi
 *   mpirun -np N ./himeno_mpi [-b B] [ITERATIONS]
 *
 * Every array holds the rank's planes plus one halo plane on each side
 * (local plane l is global plane lo + l - 1), so the loop bodies are the
 * serial program's; only p's halo planes are exchanged (MPI_Sendrecv of whole
 * contiguous planes). Gosa: each rank adds its points in the serial order,
 * then MPI_Allreduce every iteration, as the XMP loop's reduction does. */
#include <mpi.h>

#include "himeno_cpu.h"

typedef float plane_t[MJMAX][MKMAX];

static plane_t *p, *bnd, *wrk1, *wrk2, *a[4], *b[3], *c[3];
static int rank, nranks, lo, nl; /* first global plane of this rank, planes it owns */

static plane_t *alloc_planes(void) {
  plane_t *v = calloc((size_t)nl + 2, sizeof *v);
  if (!v) {
    fprintf(stderr, "himeno_mpi: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return v;
}

/* p's planes 1 and nl to the neighbours' halo planes nl + 1 and 0. */
static void exchange(void) {
  int down = rank > 0 ? rank - 1 : MPI_PROC_NULL, up = rank < nranks - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(p[1], MJMAX * MKMAX, MPI_FLOAT, down, 0, p[nl + 1], MJMAX * MKMAX, MPI_FLOAT, up, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(p[nl], MJMAX * MKMAX, MPI_FLOAT, up, 1, p[0], MJMAX * MKMAX, MPI_FLOAT, down, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void init(float bcoef) {
  int i, j, k;
  p = alloc_planes(), bnd = alloc_planes(), wrk1 = alloc_planes(), wrk2 = alloc_planes();
  for (int q = 0; q < 4; q++)
    a[q] = alloc_planes();
  for (int q = 0; q < 3; q++)
    b[q] = alloc_planes(), c[q] = alloc_planes();
  for (i = 1; i <= nl; i++)
    for (j = 0; j < MJMAX; j++)
      for (k = 0; k < MKMAX; k++) {
        a[0][i][j][k] = a[1][i][j][k] = a[2][i][j][k] = 1.0f;
        a[3][i][j][k] = 1.0f / 6.0f;
        b[0][i][j][k] = b[1][i][j][k] = b[2][i][j][k] = bcoef;
        c[0][i][j][k] = c[1][i][j][k] = c[2][i][j][k] = 1.0f;
        bnd[i][j][k] = 1.0f;
        wrk1[i][j][k] = wrk2[i][j][k] = 0.0f;
        p[i][j][k] = HIMENO_P_INITIAL(lo + i - 1);
      }
  exchange();
}

static double jacobi(int iterations) {
  const float omega = 0.8f;
  /* Local planes of the global interior 1 .. MIMAX - 2. */
  const int ifirst = (lo > 1 ? lo : 1) - lo + 1;
  const int iend = (lo + nl < MIMAX - 1 ? lo + nl : MIMAX - 1) - lo + 1;
  double gosa = 0.0;
  int n, i, j, k;
  for (n = 0; n < iterations; n++) {
    double mine = 0.0;
    for (i = ifirst; i < iend; i++)
      for (j = 1; j < MJMAX - 1; j++)
        for (k = 1; k < MKMAX - 1; k++) {
          float s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
                     a[2][i][j][k] * p[i][j][k + 1] +
                     b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] -
                                      p[i - 1][j + 1][k] + p[i - 1][j - 1][k]) +
                     b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] -
                                      p[i][j + 1][k - 1] + p[i][j - 1][k - 1]) +
                     b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] -
                                      p[i + 1][j][k - 1] + p[i - 1][j][k - 1]) +
                     c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
                     c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
          float ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
          mine += (double)(ss * ss);
          wrk2[i][j][k] = p[i][j][k] + omega * ss;
        }
    for (i = ifirst; i < iend; i++)
      for (j = 1; j < MJMAX - 1; j++)
        for (k = 1; k < MKMAX - 1; k++)
          p[i][j][k] = wrk2[i][j][k];
    exchange();
    MPI_Allreduce(&mine, &gosa, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  return gosa;
}

int main(int argc, char **argv) {
  float bcoef;
  int iterations;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (himeno_cpu_args(argc, argv, &bcoef, &iterations) != 0)
    MPI_Abort(MPI_COMM_WORLD, 2);
  const int chunk = (MIMAX + nranks - 1) / nranks;
  lo = rank * chunk;
  nl = MIMAX - lo < chunk ? MIMAX - lo : chunk;
  int fewest;
  MPI_Allreduce(&nl, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (fewest < 1) {
    if (rank == 0)
      fprintf(stderr, "himeno_mpi: %d planes do not give each of %d ranks a block of %d\n", MIMAX,
              nranks, chunk);
    MPI_Finalize();
    return 2;
  }
  init(bcoef);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  double gosa = jacobi(iterations);
  double seconds = MPI_Wtime() - t0, slowest;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    himeno_cpu_report("mpi", nranks, 1, iterations, gosa, slowest);
  MPI_Finalize();
  return 0;
}
