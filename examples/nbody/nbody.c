/* All-pairs N-body in double precision with XMP-dev (thesis 4.5).
 *
 * Particles are block-distributed over the nodes; the positions have a full
 * shadow, so `reflect` gathers every node's particles onto every node (an
 * allgather). Inside a node, each device loop shares its particles between
 * the GPUs and the CPU cores by the CPU weight: the runtime's (XMP_BALANCE,
 * automatic by default), or the one given here, set once with reset_weight;
 * with "adapt" the program moves it itself by the thesis's rule (listing
 * 4.6): 0.01 per step towards equal CPU and GPU times.
 *
 *   xmpcc -DNP=16384 nbody.c -o nbody
 *   mpirun -np 2 ./nbody [cpu_weight|- [steps [adapt]]]
 *
 * nbody_serial.c prints the same checksums. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xmp.h>

#ifndef NP
#define NP 1024
#endif
#define DT 0.001
#define EPS2 1e-4

double px[NP], py[NP], pz[NP], vx[NP], vy[NP], vz[NP], m[NP];
#pragma xmp nodes p(*)
#pragma xmp template t(0:NP-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i] with t(i) :: px, py, pz, vx, vy, vz
#pragma xmp shadow [*] :: px, py, pz

int main(int argc, char **argv) {
  int given = argc > 1 && strcmp(argv[1], "-") != 0;
  double weight = given ? atof(argv[1]) : 0.0;
  int steps = argc > 2 ? atoi(argv[2]) : 4;
  int adapt = argc > 3 && strcmp(argv[3], "adapt") == 0;
  int i, j;

#pragma xmp loop on t(i)
  for (i = 0; i < NP; i++) {
    px[i] = cos(0.37 * i) * (1.0 + (i % 7) * 0.1);
    py[i] = sin(0.23 * i) * (1.0 + (i % 5) * 0.1);
    pz[i] = cos(0.11 * i + 0.5) * 0.5;
    vx[i] = vy[i] = vz[i] = 0.0;
  }
  for (i = 0; i < NP; i++)
    m[i] = 1.0 / NP * (1.0 + (i % 3) * 0.5);
#pragma xmp reflect (px, py, pz)

  double t0 = xmp_wtime(), t_first = 0.0;
#pragma xmp device replicate (px, py, pz, vx, vy, vz, m)
  {
#pragma xmp device replicate_sync in (px, py, pz, vx, vy, vz, m)
    if (given) {
#pragma xmp device reset_weight (weight)
    }
    for (int step = 0; step < steps; step++) {
#pragma xmp device loop on t(i)
      for (i = 0; i < NP; i++) {
        double ax = 0.0, ay = 0.0, az = 0.0;
        for (j = 0; j < NP; j++) {
          double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
          double inv = 1.0 / sqrt(dx * dx + dy * dy + dz * dz + EPS2);
          double s = m[j] * inv * inv * inv;
          ax += s * dx;
          ay += s * dy;
          az += s * dz;
        }
        vx[i] += DT * ax;
        vy[i] += DT * ay;
        vz[i] += DT * az;
      }
      double cpu = xmp_cpu_wtime(), gpu = xmp_gpu_wtime();
      if (xmp_node_num() == 1)
        printf("step %d: cpu %.3f ms gpu %.3f ms\n", step, cpu * 1e3, gpu * 1e3);
      if (adapt && cpu + gpu > 0) {
        double cpu_ratio = cpu / (cpu + gpu) * 100;
        if (cpu_ratio > 51 && weight >= 0.01)
          weight -= 0.01;
        if (cpu_ratio < 49 && weight <= 0.99)
          weight += 0.01;
#pragma xmp device reset_weight (weight)
      }
#pragma xmp device loop on t(i)
      for (i = 0; i < NP; i++) {
        px[i] += DT * vx[i];
        py[i] += DT * vy[i];
        pz[i] += DT * vz[i];
      }
#pragma xmp device replicate_sync out (px, py, pz)
#pragma xmp reflect (px, py, pz)
#pragma xmp device replicate_sync in (px, py, pz)
      if (step == 0) { /* the steady cost of a step: without StarPU's start, first transfers */
#pragma xmp barrier
        t_first = xmp_wtime();
      }
    }
#pragma xmp device replicate_sync out (vx, vy, vz)
  }
  double t1 = xmp_wtime();

  double sp = 0.0, sv = 0.0, e = 0.0;
#pragma xmp loop on t(i) reduction(+:sp, sv, e)
  for (i = 0; i < NP; i++) {
    sp += px[i] * (1 + i % 3) + py[i] * (1 + i % 5) + pz[i] * (1 + i % 7);
    sv += vx[i] * (1 + i % 3) + vy[i] * (1 + i % 5) + vz[i] * (1 + i % 7);
    e += 0.5 * m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
  }
  if (xmp_node_num() == 1) {
    printf("nbody NP=%d steps=%d nodes=%d time=%.3f s\n", NP, steps, xmp_num_nodes(), t1 - t0);
    if (steps > 1)
      printf("per step after the first: %.3f ms\n", (t1 - t_first) / (steps - 1) * 1e3);
    printf("position checksum %.17g\n", sp);
    printf("velocity checksum %.17g\n", sv);
    printf("kinetic energy %.17g\n", e);
    printf("px[NP/3] %.17g\npy[NP/3] %.17g\npz[NP/3] %.17g\n", px[NP / 3], py[NP / 3],
           pz[NP / 3]);
  }
  return 0;
}
