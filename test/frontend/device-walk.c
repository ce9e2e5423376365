// How far each thread of a generated kernel walks the outermost loop: a loop
// whose every array access addresses the iteration's own row (the outermost
// index as one whole subscript, in no other) and that reduces nothing gets
// short walks (XMP_DEV_OWN_ROWS_WALK); neighbours' rows, an array read without
// the outermost index, another use of it in a subscript, or a reduction keep
// the long ones (XMP_DEV_MAX_WALK).
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: FileCheck %s < %t/device-walk.xmp.cu
// RUN: %if nvcc %{ nvcc -arch=sm_90 -I%runtime_include -I%starpu_include -Werror all-warnings -c %t/device-walk.xmp.cu -o %t/cu.o %}
#define N 24
float u[N][N][N], v[N][N][N], w[2][N][N][N], row[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1, 0:N-1)
#pragma xmp distribute t(*, *, block) onto p
#pragma xmp align [i][j][k] with t(k, j, i) :: u, v
#pragma xmp align [*][i][j][k] with t(k, j, i) :: w
#pragma xmp shadow u[1][0][0]
int main(void) {
  double s = 0;
  int i, j, k;
#pragma xmp device replicate (u, v, w, row)
  {
// CHECK: xmp_dev_grid(3, _XMP_n2, _XMP_n1, _XMP_n0, XMP_DEV_OWN_ROWS_WALK, "_XMP_dloop{{[0-9]+}}_kernel")
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N; k++)
          v[i][j][k] = u[i][j][k] + w[1][i][j][k];
// CHECK: xmp_dev_grid(3, _XMP_n2, _XMP_n1, _XMP_n0, XMP_DEV_MAX_WALK, "_XMP_dloop{{[0-9]+}}_kernel")
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 1; i < N - 1; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N; k++)
          v[i][j][k] = u[i - 1][j][k] + u[i + 1][j][k];
// CHECK: xmp_dev_grid(3, _XMP_n2, _XMP_n1, _XMP_n0, XMP_DEV_MAX_WALK, "_XMP_dloop{{[0-9]+}}_kernel")
#pragma xmp device loop (k, j, i) on t(k, j, i) reduction(+:s)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N; k++)
          s += u[i][j][k];
// CHECK: xmp_dev_grid(3, _XMP_n2, _XMP_n1, _XMP_n0, XMP_DEV_MAX_WALK, "_XMP_dloop{{[0-9]+}}_kernel")
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N; k++)
          v[i][j][k] = row[k];
// CHECK: xmp_dev_grid(3, _XMP_n2, _XMP_n1, _XMP_n0, XMP_DEV_MAX_WALK, "_XMP_dloop{{[0-9]+}}_kernel")
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N; k++)
          v[i][j][k] = u[i][(i + j) % N][k];
  }
  return s > 0 ? 0 : 1;
}
