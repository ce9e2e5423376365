// The translated C keeps the user's line numbers, so that the C compiler's
// messages name the lines of this file: after a distributed array declaration
// and a work-shared loop header that each span several lines, and after a
// device loop nest (outlined). Each warning below is on its marked line.
// RUN: %xmpcc --gpu=none -Wall -c %s -o %t.o 2>&1 | FileCheck %s
#define N 16
double u[N][N],
    v[N]
     [N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align [i][j] with t(j, i) :: u, v

int f(void) {
  // CHECK-DAG: line-numbers.c:[[@LINE+1]]:7: warning: unused variable
  int after_declaration;
#pragma xmp loop (j, i) on t(j, i)
  for (int i = 0;
       i < N;
       i++)
    for (int j = 0; j < N;
         j++)
      u[i][j] = v[i][j];
  // CHECK-DAG: line-numbers.c:[[@LINE+1]]:7: warning: unused variable
  int after_loop;
#pragma xmp device replicate (u, v)
  {
#pragma xmp device loop (j, i) on t(j, i)
    for (int i = 0; i < N;
         i++)
      for (int j = 0; j < N; j++)
        v[i][j] = 2 *
                  u[i][j];
  }
  // CHECK-DAG: line-numbers.c:[[@LINE+1]]:7: warning: unused variable
  int after_device_loop;
  return 0;
}
