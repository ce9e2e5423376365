/* All-pairs N-body by hand with MPI + StarPU: what nbody.c's directives stand
 * for (thesis 4.5: the MPI + StarPU version of table 4.2).
 *
 *   mpirun -np N nbody_mpi_starpu [cpu_weight [steps]]
 *
 * Particles are block-distributed over the ranks (the first NP % N ranks get
 * one more). Every rank keeps all positions (read by the force tasks) and its
 * own particles' positions and velocities, split by the CPU weight into a
 * GPU part and a CPU part, each cut into one chunk per worker of that kind;
 * each chunk is a StarPU task on that kind of worker. After each step the
 * ranks exchange their positions with MPI_Allgatherv. Velocities stay on the
 * workers' memory for the whole run. Built with -DNBODY_CUDA and
 * nbody_mpi_starpu_cuda.cu, the GPU part runs on one CUDA worker per rank;
 * otherwise, or without a GPU, every chunk runs on CPU workers.
 *
 * Prints the checksums nbody_serial.c prints. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <mpi.h>
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nbody_kernels.h"

#ifndef NP
#define NP 1024
#endif

/* All positions (every rank), masses; this rank's positions and velocities. */
static double px[NP], py[NP], pz[NP], m[NP];
static double *lx, *ly, *lz, *vx, *vy, *vz;

#ifdef NBODY_CUDA
void nbody_kick_cuda(void *buffers[], void *arg);
void nbody_drift_cuda(void *buffers[], void *arg);
int nbody_cuda_devices(void);
#endif

/* buffers: px, py, pz, m (all particles), vx, vy, vz (this chunk); arg: the chunk's first
 * particle. */
static void kick_cpu(void *buffers[], void *arg) {
  int first, n = (int)STARPU_VECTOR_GET_NX(buffers[4]);
  starpu_codelet_unpack_args(arg, &first);
  const double *x = (const double *)STARPU_VECTOR_GET_PTR(buffers[0]);
  const double *y = (const double *)STARPU_VECTOR_GET_PTR(buffers[1]);
  const double *z = (const double *)STARPU_VECTOR_GET_PTR(buffers[2]);
  const double *mass = (const double *)STARPU_VECTOR_GET_PTR(buffers[3]);
  double *u = (double *)STARPU_VECTOR_GET_PTR(buffers[4]);
  double *v = (double *)STARPU_VECTOR_GET_PTR(buffers[5]);
  double *w = (double *)STARPU_VECTOR_GET_PTR(buffers[6]);
  for (int i = 0; i < n; i++)
    nbody_kick(first + i, NP, x, y, z, mass, &u[i], &v[i], &w[i]);
}

/* buffers: x, y, z (this chunk's positions), vx, vy, vz (its velocities). */
static void drift_cpu(void *buffers[], void *arg) {
  (void)arg;
  int n = (int)STARPU_VECTOR_GET_NX(buffers[0]);
  double *b[6];
  for (int q = 0; q < 6; q++)
    b[q] = (double *)STARPU_VECTOR_GET_PTR(buffers[q]);
  for (int i = 0; i < n; i++)
    nbody_drift(&b[0][i], &b[1][i], &b[2][i], b[3][i], b[4][i], b[5][i]);
}

static struct starpu_codelet kick_cl = {
    .cpu_funcs = {kick_cpu},
#ifdef NBODY_CUDA
    .cuda_funcs = {nbody_kick_cuda},
    .cuda_flags = {STARPU_CUDA_ASYNC},
#endif
    .nbuffers = 7,
    .modes = {STARPU_R, STARPU_R, STARPU_R, STARPU_R, STARPU_RW, STARPU_RW, STARPU_RW},
    .name = "nbody_kick",
};

static struct starpu_codelet drift_cl = {
    .cpu_funcs = {drift_cpu},
#ifdef NBODY_CUDA
    .cuda_funcs = {nbody_drift_cuda},
    .cuda_flags = {STARPU_CUDA_ASYNC},
#endif
    .nbuffers = 6,
    .modes = {STARPU_RW, STARPU_RW, STARPU_RW, STARPU_R, STARPU_R, STARPU_R},
    .name = "nbody_drift",
};

/* This rank's place on its host: local rank and number of local ranks. */
static void host_rank(int *lrank, int *nlocal) {
  MPI_Comm host;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
  MPI_Comm_rank(host, lrank);
  MPI_Comm_size(host, nlocal);
  MPI_Comm_free(&host);
}

/* StarPU with one CUDA worker (GPU local rank % devices) where there are GPUs, and the
 * rank's share of the host's cores, minus the CUDA driver thread, as CPU workers. */
static void start_starpu(void) {
  int lrank, nlocal, ndev = 0;
  host_rank(&lrank, &nlocal);
#ifdef NBODY_CUDA
  ndev = nbody_cuda_devices();
#endif
  int ncores = (int)sysconf(_SC_NPROCESSORS_ONLN), mine = ncores / nlocal > 1 ? ncores / nlocal : 1;
  struct starpu_conf conf;
  starpu_conf_init(&conf);
  conf.ncuda = ndev > 0;
  conf.ncpus = mine - conf.ncuda > 1 ? mine - conf.ncuda : 1;
  conf.nopencl = 0;
  conf.sched_policy_name = "eager"; /* every task says where it runs: nothing to decide */
  conf.use_explicit_workers_bindid = 1; /* this rank's cores, not every rank on core 0 */
  for (int i = 0; i < STARPU_NMAXWORKERS; i++)
    conf.workers_bindid[i] = (unsigned)((lrank * mine + i % mine) % ncores);
  if (ndev > 0) {
    conf.use_explicit_workers_cuda_gpuid = 1;
    conf.workers_cuda_gpuid[0] = (unsigned)(lrank % ndev);
  }
  setenv("STARPU_SILENT", "1", 0);
  if (starpu_init(&conf) != 0) {
    fprintf(stderr, "nbody: starpu_init failed\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

/* The chunks of this rank's particles: GPU part, then CPU part; first[] is global. */
#define MAXCHUNKS STARPU_NMAXWORKERS
static int nchunks, first[MAXCHUNKS];
static uint32_t len[MAXCHUNKS];
static unsigned long long where[MAXCHUNKS];

/* Cuts `count` particles from `*at` into `parts` chunks (none empty) for `kind`. */
static void cut(int *at, int count, int parts, unsigned long long kind) {
  if (parts > count)
    parts = count;
  for (int c = 0; c < parts; c++) {
    len[nchunks] = (uint32_t)(count / parts + (c < count % parts));
    first[nchunks] = *at;
    where[nchunks] = kind;
    *at += (int)len[nchunks++];
  }
}

static starpu_data_handle_t register_vector(double *v, int n) {
  starpu_data_handle_t h;
  starpu_vector_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)v, (uint32_t)n, sizeof *v);
  return h;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char *end;
  double weight = argc > 1 ? strtod(argv[1], &end) : 0.0;
  if (argc > 1 && (end == argv[1] || *end || !(weight >= 0 && weight <= 1))) {
    if (rank == 0)
      fprintf(stderr, "nbody: bad CPU weight '%s': expected a number in [0, 1]\n", argv[1]);
    MPI_Finalize();
    return 2;
  }
  long steps = argc > 2 ? strtol(argv[2], &end, 10) : 4;
  if (argc > 2 && (end == argv[2] || *end || steps < 0)) {
    if (rank == 0)
      fprintf(stderr, "nbody: bad step count '%s': expected a non-negative integer\n", argv[2]);
    MPI_Finalize();
    return 2;
  }

  /* Block distribution: counts and displacements of every rank (for the allgather). */
  int *counts = malloc(size * sizeof *counts), *displs = malloc(size * sizeof *displs);
  for (int r = 0, at = 0; r < size; r++) {
    counts[r] = NP / size + (r < NP % size);
    displs[r] = at;
    at += counts[r];
  }
  int n = counts[rank], lo = displs[rank];

  for (int i = 0; i < NP; i++) {
    px[i] = cos(0.37 * i) * (1.0 + (i % 7) * 0.1);
    py[i] = sin(0.23 * i) * (1.0 + (i % 5) * 0.1);
    pz[i] = cos(0.11 * i + 0.5) * 0.5;
    m[i] = 1.0 / NP * (1.0 + (i % 3) * 0.5);
  }
  double **mine[6] = {&lx, &ly, &lz, &vx, &vy, &vz};
  for (int q = 0; q < 6; q++)
    *mine[q] = calloc(n > 0 ? n : 1, sizeof(double));
  memcpy(lx, px + lo, n * sizeof *lx);
  memcpy(ly, py + lo, n * sizeof *ly);
  memcpy(lz, pz + lo, n * sizeof *lz);

  start_starpu();
  int ncpu = (int)starpu_cpu_worker_get_count(), ncuda = (int)starpu_cuda_worker_get_count();
  if (ncuda == 0 && weight < 1) {
    if (rank == 0)
      fprintf(stderr, "nbody: no CUDA worker; every chunk runs on CPU workers\n");
    weight = 1;
  }
  int at = lo, ngpu = (int)(n * (1 - weight) + 0.5); /* chunks know their global index */
  cut(&at, ngpu, ncuda, STARPU_CUDA);
  cut(&at, n - ngpu, ncpu, STARPU_CPU);

  starpu_data_handle_t all[4], part[6];
  double *all_ptr[4] = {px, py, pz, m};
  for (int q = 0; q < 4; q++)
    all[q] = register_vector(all_ptr[q], NP);
  struct starpu_data_filter by_list = {
      .filter_func = starpu_vector_filter_list, .nchildren = (unsigned)nchunks, .filter_arg_ptr = len};
  for (int q = 0; q < 6; q++) {
    part[q] = register_vector(*mine[q], n > 0 ? n : 1);
    if (nchunks > 0)
      starpu_data_partition(part[q], &by_list);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (long step = 0; step < steps; step++) {
    for (int c = 0; c < nchunks; c++) {
      starpu_data_handle_t s[6];
      for (int q = 0; q < 6; q++)
        s[q] = starpu_data_get_sub_data(part[q], 1, c);
      int ret = starpu_task_insert(&kick_cl, STARPU_EXECUTE_WHERE, where[c], STARPU_R, all[0],
                                   STARPU_R, all[1], STARPU_R, all[2], STARPU_R, all[3],
                                   STARPU_RW, s[3], STARPU_RW, s[4], STARPU_RW, s[5],
                                   STARPU_VALUE, &first[c], sizeof first[c], 0);
      ret |= starpu_task_insert(&drift_cl, STARPU_EXECUTE_WHERE, where[c], STARPU_RW, s[0],
                                STARPU_RW, s[1], STARPU_RW, s[2], STARPU_R, s[3], STARPU_R, s[4],
                                STARPU_R, s[5], 0);
      if (ret != 0) {
        fprintf(stderr, "nbody: starpu_task_insert failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
      }
    }
    /* New positions to the host (acquire), then to every rank; writing all[] on the
     * host makes StarPU send them to the GPU again before the next step's tasks. */
    for (int c = 0; c < nchunks; c++)
      for (int q = 0; q < 3; q++)
        starpu_data_acquire(starpu_data_get_sub_data(part[q], 1, c), STARPU_R);
    for (int q = 0; q < 3; q++)
      starpu_data_acquire(all[q], STARPU_W);
    MPI_Allgatherv(lx, n, MPI_DOUBLE, px, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allgatherv(ly, n, MPI_DOUBLE, py, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allgatherv(lz, n, MPI_DOUBLE, pz, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    for (int q = 0; q < 3; q++)
      starpu_data_release(all[q]);
    for (int c = 0; c < nchunks; c++)
      for (int q = 0; q < 3; q++)
        starpu_data_release(starpu_data_get_sub_data(part[q], 1, c));
  }
  for (int q = 0; q < 6; q++) {
    if (nchunks > 0)
      starpu_data_unpartition(part[q], STARPU_MAIN_RAM);
    starpu_data_unregister(part[q]);
  }
  for (int q = 0; q < 4; q++)
    starpu_data_unregister(all[q]);
  double t1 = MPI_Wtime();
  starpu_shutdown();

  /* Velocities to rank 0, which sums in the serial program's order. */
  double *gv[3] = {vx, vy, vz}, *v[3] = {NULL, NULL, NULL};
  for (int q = 0; q < 3; q++) {
    v[q] = rank == 0 ? malloc(NP * sizeof(double)) : NULL;
    MPI_Gatherv(gv[q], n, MPI_DOUBLE, v[q], counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
  if (rank == 0) {
    double sp = 0.0, sv = 0.0, e = 0.0;
    for (int i = 0; i < NP; i++) {
      sp += px[i] * (1 + i % 3) + py[i] * (1 + i % 5) + pz[i] * (1 + i % 7);
      sv += v[0][i] * (1 + i % 3) + v[1][i] * (1 + i % 5) + v[2][i] * (1 + i % 7);
      e += 0.5 * m[i] * (v[0][i] * v[0][i] + v[1][i] * v[1][i] + v[2][i] * v[2][i]);
    }
    printf("nbody NP=%d steps=%ld nodes=%d time=%.3f s\n", NP, steps, size, t1 - t0);
    printf("position checksum %.17g\n", sp);
    printf("velocity checksum %.17g\n", sv);
    printf("kinetic energy %.17g\n", e);
    printf("px[NP/3] %.17g\npy[NP/3] %.17g\npz[NP/3] %.17g\n", px[NP / 3], py[NP / 3],
           pz[NP / 3]);
  }
  for (int q = 0; q < 3; q++)
    free(v[q]);
  for (int q = 0; q < 6; q++)
    free(*mine[q]);
  free(counts);
  free(displs);
  MPI_Finalize();
  return 0;
}
