// Full shadows ('*') on cyclic and cyclic(w) dimensions: after reflect every
// node holds every element, compared with the values the owners wrote
// (computed here serially). Block, cyclic, cyclic(3) with an align offset
// and a 2-D array with one cyclic(2) dimension; 23 elements split unevenly
// over 1-4 nodes. A second reflect after the owners change their elements
// reuses the plan.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: checked 5 reflects, 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 23
#define M 5
#pragma xmp nodes p(*)
#pragma xmp template t1(0:N-1)
#pragma xmp template t2(0:N+1)
#pragma xmp template t3[N][M]
#pragma xmp template t4(0:N-1)
#pragma xmp distribute t1(cyclic) onto p
#pragma xmp distribute t2(cyclic(3)) onto p
#pragma xmp distribute t3[cyclic(2)][*] onto p
#pragma xmp distribute t4(block) onto p
int a[N], b[N], c[N][M], d[N];
#pragma xmp align a[i] with t1(i)
#pragma xmp align b[i] with t2(i+2)
#pragma xmp align c[i][j] with t3[i][j]
#pragma xmp align d[i] with t4(i)
#pragma xmp shadow a[*]
#pragma xmp shadow b[*]
#pragma xmp shadow c[*][0]
#pragma xmp shadow d[*]

static int reflects, wrong;
static void check(const char *what, int got, int want, int i) {
  if (got != want) {
    printf("MISMATCH %s node %d element %d: %d != %d\n", what, xmpc_node_num(), i, got, want);
    ++wrong;
  }
}

int main(void) {
  int i, j;
#pragma xmp loop on t1(i)
  for (i = 0; i < N; i++)
    a[i] = 3 * i + 1;
#pragma xmp loop on t2(i+2)
  for (i = 0; i < N; i++)
    b[i] = 100 - i;
#pragma xmp loop on t3[i][*]
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      c[i][j] = i * 10 + j;
#pragma xmp loop on t4(i)
  for (i = 0; i < N; i++)
    d[i] = i * i;
#pragma xmp reflect (a, b, c, d)
  reflects += 4;
  for (i = 0; i < N; i++) {
    check("cyclic", a[i], 3 * i + 1, i);
    check("cyclic(3)+2", b[i], 100 - i, i);
    for (j = 0; j < M; j++)
      check("cyclic(2) 2-D", c[i][j], i * 10 + j, i * M + j);
    check("block", d[i], i * i, i);
  }
  /* The owners change their elements; the kept plan moves the new values. */
#pragma xmp loop on t1(i)
  for (i = 0; i < N; i++)
    a[i] = -i;
#pragma xmp reflect (a)
  reflects++;
  for (i = 0; i < N; i++)
    check("cyclic again", a[i], -i, i);
#pragma xmp reduction(+:wrong)
  if (xmpc_node_num() == 0)
    printf("checked %d reflects, %d wrong\n", reflects, wrong);
  return 0;
}
