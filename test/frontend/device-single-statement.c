// A device loop whose body is one statement without braces (an assignment,
// an unbraced inner loop or if) keeps its ';' in the outlined CPU function
// and CUDA kernel, and both compile.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: FileCheck %s --check-prefix=C < %t/device-single-statement.xmp.c
// RUN: FileCheck %s --check-prefix=CU < %t/device-single-statement.xmp.cu
// RUN: mpicc -I%runtime_include -DXMP_GPU_CUDA=1 -Wall -Wextra -Werror -c %t/device-single-statement.xmp.c -o %t/c.o
// RUN: %if nvcc %{ nvcc -arch=sm_90 -I%runtime_include -I%starpu_include -Werror all-warnings -c %t/device-single-statement.xmp.cu -o %t/cu.o %}
#define N 64
double u[N][N], w[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i][*] with t(i)
#pragma xmp align w[i] with t(i)
int main(void) {
#pragma xmp device replicate (u, w)
  {
// C: static void _XMP_dloop{{[0-9]+}}_cpu(
// C: {{^}}_XMP_n[[S:[0-9]+]]_w[_XMP_n[[S]]_w_o + (i)] = 2.0 * i;{{$}}
// CU: __global__ void _XMP_dloop{{[0-9]+}}_kernel(
// CU: {{^}}_XMP_addr_w[((i) - _XMP_layout_w.base[0])] = 2.0 * i;{{$}}
#pragma xmp device loop (i) on t(i)
    for (int i = 0; i < N; i++)
      w[i] = 2.0 * i;
// C: static void _XMP_dloop{{[0-9]+}}_cpu(
// C: for (int j = 0; j < N; j++)
// C-NEXT: {{^}}        _XMP_n[[S:[0-9]+]]_u[_XMP_n[[S]]_u_o + (i) * _XMP_n[[S]]_u_s0 + (j)] = _XMP_n[[S]]_w[_XMP_n[[S]]_w_o + (i)] + j;{{$}}
#pragma xmp device loop (i) on t(i)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        u[i][j] = w[i] + j;
// C: static void _XMP_dloop{{[0-9]+}}_cpu(
// C: if (i % 2)
// C-NEXT: {{^}}        _XMP_n[[S:[0-9]+]]_w[_XMP_n[[S]]_w_o + (i)] = -_XMP_n[[S]]_w[_XMP_n[[S]]_w_o + (i)];{{$}}
#pragma xmp device loop (i) on t(i)
    for (int i = 0; i < N; i++)
      if (i % 2)
        w[i] = -w[i];
  }
  return 0;
}
