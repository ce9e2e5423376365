// Which device loops get a tiled CUDA kernel (the stencil array's planes in
// shared memory), and which array is tiled: in a 3-D nest, of the distributed
// arrays the body only reads, each access at offsets -1..1 from the three
// indices in nest order, the one read at the most distinct offsets, at least
// three. Arrays read at other offsets, written arrays, 2-D nests and arrays read
// at two offsets keep the plain kernel. The launcher takes the tiled kernel when
// all three loops step by 1 (run-time steps). test/e2e/device-stencil.c checks
// the results.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: FileCheck %s < %t/device-tile.xmp.cu
// RUN: %if nvcc %{ nvcc -arch=sm_90 -I%runtime_include -I%starpu_include -Werror all-warnings -c %t/device-tile.xmp.cu -o %t/cu.o %}
#define N 24
float p[N][N][N], v[N][N][N], w[N][N][N], p2[N][N], v2[N][N];
double d[N][N][N];
#pragma xmp nodes n(*)
#pragma xmp template t(0:N-1, 0:N-1, 0:N-1)
#pragma xmp distribute t(*, *, block) onto n
#pragma xmp align [i][j][k] with t(k, j, i) :: p, v, w, d
#pragma xmp shadow p[1][0][0]
#pragma xmp shadow d[1][0][0]
#pragma xmp template t2(0:N-1, 0:N-1)
#pragma xmp distribute t2(*, block) onto n
#pragma xmp align [i][j] with t2(j, i) :: p2, v2
#pragma xmp shadow p2[1][0]
int main(void) {
  int i, j, k;
#pragma xmp device replicate (p, v, w, d, p2, v2)
  {
// A 7-point stencil on p, a single read of w: p is tiled, planes -1..1.
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: extern "C"
// CHECK: xmp_dev_tile_place(_XMP_buffers, _XMP_task, {{[0-9]}}, &_XMP_args->L_p,
// CHECK: ? xmp_dev_tile_grid(
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          v[i][j][k] = p[i - 1][j][k] + p[i + 1][j][k] + p[i][j - 1][k] + p[i][j + 1][k] +
                       p[i][j][k - 1] + p[i][j][k + 1] - 6 * p[i][j][k] + w[i][j][k];

// d at three offsets, p at one: d is tiled, planes 0..1.
// CHECK: void __launch_bounds__(XMP_DEV_BLOCK) _XMP_dloop{{[0-9]+}}_tiled(
// CHECK-NOT: extern "C"
// CHECK: for (long _XMP_p = _XMP_first + (0); _XMP_p <= _XMP_first + (1); ++_XMP_p)
// CHECK: xmp_dev_tile_fetch(_XMP_next, _XMP_addr_d, _XMP_layout_d,
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: extern "C"
// CHECK: xmp_dev_tile_place(_XMP_buffers, _XMP_task, {{[0-9]}}, &_XMP_args->L_d,
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < N - 1; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N - 1; k++)
          v[i][j][k] = d[i][j][k] + d[i + 1][j][k] + d[i][j][k + 1] + p[i][j][k];

// Neighbours within the plane only: one plane.
// CHECK: _tiled(
// CHECK-NOT: extern "C"
// CHECK: for (long _XMP_p = _XMP_first + (0); _XMP_p <= _XMP_first + (0); ++_XMP_p)
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: extern "C"
// CHECK: xmp_dev_tile_place(
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < N; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          v[i][j][k] = p[i][j - 1][k] + p[i][j + 1][k] + p[i][j][k];

// Two offsets only; an offset of 2; p read at i + j; w written (read at three
// offsets, ignoring that other iterations write them): plain kernels.
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: xmp_dev_tile_place
// CHECK: xmp_dev_grid_t _XMP_grid = xmp_dev_grid(3,
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        for (k = 1; k < N - 1; k++)
          v[i][j][k] = p[i][j][k - 1] + p[i][j][k + 1];
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: xmp_dev_tile_place
// CHECK: xmp_dev_grid_t _XMP_grid = xmp_dev_grid(3,
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 1; i < N - 1; i++)
      for (j = 0; j < N; j++)
        for (k = 2; k < N - 2; k++)
          v[i][j][k] = p[i][j][k - 2] + p[i + 1][j][k] + p[i - 1][j][k] + p[i][j][k];
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: xmp_dev_tile_place
// CHECK: xmp_dev_grid_t _XMP_grid = xmp_dev_grid(3,
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 1; i < N - 1; i++)
      for (j = 0; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          v[i][j][k] = p[i + 1][j][k] + p[i - 1][j][k] + p[i][j][k + 1] + p[i][(i + j) % N][k];
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: xmp_dev_tile_place
// CHECK: xmp_dev_grid_t _XMP_grid = xmp_dev_grid(3,
#pragma xmp device loop (k, j, i) on t(k, j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        for (k = 0; k < N; k++)
          w[i][j][k] = w[i][j][k] + (k > 0 ? w[i][j][k - 1] : 0) + (k < N - 1 ? w[i][j][k + 1] : 0);

// A 2-D nest.
// CHECK: extern "C" void _XMP_dloop{{[0-9]+}}_cuda(
// CHECK-NOT: xmp_dev_tile_place
// CHECK: xmp_dev_grid_t _XMP_grid = xmp_dev_grid(2,
#pragma xmp device loop (j, i) on t2(j, i)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        v2[i][j] = p2[i - 1][j] + p2[i + 1][j] + p2[i][j - 1] + p2[i][j + 1];
  }
  return 0;
}
