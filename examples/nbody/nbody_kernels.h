/* The per-particle work of nbody_mpi_starpu.c, shared by its CPU codelets and
 * its CUDA kernels (nbody_mpi_starpu_cuda.cu): the same arithmetic, in the
 * same order, as nbody_serial.c. */
#ifndef NBODY_KERNELS_H
#define NBODY_KERNELS_H

#include <math.h>

#ifdef __CUDACC__
#define NBODY_HD __host__ __device__
#else
#define NBODY_HD
#endif

#define DT 0.001
#define EPS2 1e-4

/* Velocity of particle i after one step of the forces of all np particles. */
NBODY_HD static inline void nbody_kick(int i, int np, const double *px, const double *py,
                                       const double *pz, const double *m, double *vx,
                                       double *vy, double *vz) {
  double ax = 0.0, ay = 0.0, az = 0.0;
  for (int j = 0; j < np; j++) {
    double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
    double inv = 1.0 / sqrt(dx * dx + dy * dy + dz * dz + EPS2);
    double s = m[j] * inv * inv * inv;
    ax += s * dx;
    ay += s * dy;
    az += s * dz;
  }
  *vx += DT * ax;
  *vy += DT * ay;
  *vz += DT * az;
}

/* Position of one particle after one step. */
NBODY_HD static inline void nbody_drift(double *x, double *y, double *z, double vx, double vy,
                                        double vz) {
  *x += DT * vx;
  *y += DT * vy;
  *z += DT * vz;
}

#endif
