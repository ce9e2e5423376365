/* Serial twin of nbody.c: the same particles and steps in plain C, printing
 * the same checksums. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NP
#define NP 1024
#endif
#define DT 0.001
#define EPS2 1e-4

static double px[NP], py[NP], pz[NP], vx[NP], vy[NP], vz[NP], m[NP];

int main(int argc, char **argv) {
  int steps = argc > 2 ? atoi(argv[2]) : 4;
  for (int i = 0; i < NP; i++) {
    px[i] = cos(0.37 * i) * (1.0 + (i % 7) * 0.1);
    py[i] = sin(0.23 * i) * (1.0 + (i % 5) * 0.1);
    pz[i] = cos(0.11 * i + 0.5) * 0.5;
    vx[i] = vy[i] = vz[i] = 0.0;
    m[i] = 1.0 / NP * (1.0 + (i % 3) * 0.5);
  }
  for (int step = 0; step < steps; step++) {
    for (int i = 0; i < NP; i++) {
      double ax = 0.0, ay = 0.0, az = 0.0;
      for (int j = 0; j < NP; j++) {
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
    for (int i = 0; i < NP; i++) {
      px[i] += DT * vx[i];
      py[i] += DT * vy[i];
      pz[i] += DT * vz[i];
    }
  }
  double sp = 0.0, sv = 0.0, e = 0.0;
  for (int i = 0; i < NP; i++) {
    sp += px[i] * (1 + i % 3) + py[i] * (1 + i % 5) + pz[i] * (1 + i % 7);
    sv += vx[i] * (1 + i % 3) + vy[i] * (1 + i % 5) + vz[i] * (1 + i % 7);
    e += 0.5 * m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
  }
  printf("position checksum %.17g\n", sp);
  printf("velocity checksum %.17g\n", sv);
  printf("kinetic energy %.17g\n", e);
  printf("px[NP/3] %.17g\npy[NP/3] %.17g\npz[NP/3] %.17g\n", px[NP / 3], py[NP / 3], pz[NP / 3]);
  return 0;
}
