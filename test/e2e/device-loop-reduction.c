// A device loop's reduction clauses follow XMP's rule for a loop's reduction:
// the variables end with the value of the whole loop, combined over every
// task of every node of the loop's template (no `reduction` directive after
// it), for + - * | and max, on every node, at 1-4 nodes (29 rows: uneven
// blocks; the largest value lies in a row that node 1 never owns at 2-4
// nodes). The same loops run serially on plain arrays give the reference.
// Device loops run on CPU workers here.
// RUN: %xmpcc --gpu=none -Wall -Wextra -Werror --cc-warnings %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK: device loop reduction: sum [[S:-?[0-9.]+]] reference [[S]] minus [[D:-?[0-9.]+]] reference [[D]] max [[X:-?[0-9.]+]] reference [[X]] prod [[P:[0-9]+]] reference [[P]] bits [[B:[0-9]+]] reference [[B]]
// CHECK-NEXT: nodes whose values differ: 0
#include <stdio.h>
#include <xmp.h>
#define N 29
#define M 6

double u[N][M];
double ru[N][M]; /* the serial reference's */
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i][*] with t(i) :: u

int main(void) {
  int i;
  /* Each node's variables start from the operator's identity. */
  double s = 0, d = 0, m = -1e30;
  long prod = 1;
  unsigned long bits = 0;
  double rs = 0, rd = 0, rm = -1e30;
  long rprod = 1;
  unsigned long rbits = 0;
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t(i) reduction(+:s) reduction(-:d) reduction(max:m) reduction(*:prod) reduction(|:bits)
    for (i = 0; i < N; i++) {
      for (int j = 0; j < M; j++) {
        u[i][j] = i * 10.0 + j + 0.5;
        s += u[i][j];
        d -= u[i][j] * 0.5;
      }
      double v = (i - 20) * (20 - i) * 0.5 + 3.25; /* largest at i = 20 */
      m = v > m ? v : m;
      prod *= i % 3 == 0 ? 2 : 1;
      bits |= 1UL << i;
    }
#pragma xmp device replicate_sync out (u)
  }
  for (i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      ru[i][j] = i * 10.0 + j + 0.5;
      rs += ru[i][j];
      rd -= ru[i][j] * 0.5;
    }
    double v = (i - 20) * (20 - i) * 0.5 + 3.25;
    rm = v > rm ? v : rm;
    rprod *= i % 3 == 0 ? 2 : 1;
    rbits |= 1UL << i;
  }
  /* Every value is a multiple of 0.25 well below 2^40: exact in any order. */
  long differ = s != rs || d != rd || m != rm || prod != rprod || bits != rbits;
#pragma xmp reduction (+:differ)
  if (xmp_node_num() == 1) {
    printf("device loop reduction: sum %.2f reference %.2f minus %.2f reference %.2f max %.2f "
           "reference %.2f prod %ld reference %ld bits %lu reference %lu\n",
           s, rs, d, rd, m, rm, prod, rprod, bits, rbits);
    printf("nodes whose values differ: %ld\n", differ);
  }
  long wrong = 0;
#pragma xmp loop on t(i) reduction(+:wrong)
  for (i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      wrong += u[i][j] != ru[i][j];
  return wrong != 0;
}
