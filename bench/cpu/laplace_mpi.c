/* 2-D Laplace equation by Jacobi iteration by hand with MPI: the algorithm of
 * laplace_serial.c and laplace_xmp.c, the rows cut into blocks as XMP's block
 * distribution cuts them (ceil(NX / ranks) rows each, the last rank the
 * rest), one halo row on each side of u exchanged after the copy loop
 * (MPI_Sendrecv of contiguous rows).
 *
 *   mpicc -O3 laplace_mpi.c -o laplace_mpi && mpirun -np N ./laplace_mpi [ITERATIONS]
 *
 * Local row l is global row lo + l - 1, so the loop bodies are the serial
 * program's. */
#include <mpi.h>

#include "laplace_cpu.h"

typedef double row_t[NY];

static row_t *u, *uu;
static int rank, nranks, lo, nl; /* first global row of this rank, rows it owns */

/* u's rows 1 and nl to the neighbours' halo rows nl + 1 and 0. */
static void exchange(void) {
  int down = rank > 0 ? rank - 1 : MPI_PROC_NULL, up = rank < nranks - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(u[1], NY, MPI_DOUBLE, down, 0, u[nl + 1], NY, MPI_DOUBLE, up, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(u[nl], NY, MPI_DOUBLE, up, 1, u[0], NY, MPI_DOUBLE, down, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
  int iterations, n, i, j;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (laplace_args(argc, argv, &iterations) != 0)
    MPI_Abort(MPI_COMM_WORLD, 2);
  const int chunk = (NX + nranks - 1) / nranks;
  lo = rank * chunk;
  nl = NX - lo < chunk ? NX - lo : chunk;
  int fewest;
  MPI_Allreduce(&nl, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (fewest < 1) {
    if (rank == 0)
      fprintf(stderr, "laplace_mpi: %d rows do not give each of %d ranks a block of %d\n", NX,
              nranks, chunk);
    MPI_Finalize();
    return 2;
  }
  u = calloc((size_t)nl + 2, sizeof *u);
  uu = calloc((size_t)nl + 2, sizeof *uu);
  if (!u || !uu) {
    fprintf(stderr, "laplace_mpi: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  /* Local rows of the global interior 1 .. NX - 2. */
  const int ifirst = (lo > 1 ? lo : 1) - lo + 1;
  const int iend = (lo + nl < NX - 1 ? lo + nl : NX - 1) - lo + 1;

  for (i = 1; i <= nl; i++)
    for (j = 0; j < NY; j++)
      u[i][j] = uu[i][j] = laplace_initial(lo + i - 1, j);
  exchange();

  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (n = 0; n < iterations; n++) {
    for (i = ifirst; i < iend; i++)
      for (j = 1; j < NY - 1; j++)
        uu[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) * 0.25;
    for (i = ifirst; i < iend; i++)
      for (j = 1; j < NY - 1; j++)
        u[i][j] = uu[i][j];
    exchange();
  }
  double seconds = MPI_Wtime() - t0, slowest;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  unsigned long long mine = 0, checksum = 0;
  double part = 0.0, residual = 0.0;
  for (i = 1; i <= nl; i++)
    for (j = 0; j < NY; j++)
      mine += laplace_bits(u[i][j], lo + i - 1, j);
  for (i = ifirst; i < iend; i++)
    for (j = 1; j < NY - 1; j++) {
      double d = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) * 0.25 - u[i][j];
      part += d * d;
    }
  MPI_Reduce(&mine, &checksum, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&part, &residual, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    laplace_report("mpi", nranks, 1, iterations, checksum, residual, slowest);
  free(u);
  free(uu);
  MPI_Finalize();
  return 0;
}
