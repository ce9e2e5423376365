// OpenACC constructs of plain OpenACC code, as the xmp dialect:
// - a loop construct without `#pragma xmp loop` is a device loop of its own,
//   on no template (every node runs the whole range), of the outer loop or
//   of `collapse(n)` loops, its reductions node_local;
// - the arrays its nest uses that no clause or enclosing region names are
//   copied in and out around it (OpenACC's implicit copy), those an
//   enclosing region holds are present;
// - `if (cond)` on it and on `update`: the condition, kept as written;
// - a subarray that is the whole array is the array;
// - `host_data use_device(x)`: the uses of x in its block become the device
//   copy's address (device_address, one anchor each).
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t -fopenacc %s
// RUN: FileCheck %s --check-prefix=C < %t/acc-ordinary.xmp.c
// RUN: not grep -n "^ *#pragma acc" %t/acc-ordinary.xmp.c %t/acc-ordinary.xmp.cu
#include <string.h>
#include <xmp.h>
#define N 24

void zero(double *p, int n);

double run(int n, int big) {
  double x[N][4], y[N], s = 0;
  int i, j;
// CHECK: xmp.device_replicate ["x"] distributed [0] {{.*}}copy_in = array<i1: true>, copy_out = array<i1: true>, directive = "acc data copy(x[0:N][:])"
#pragma acc data copy(x[0:N][:])
  {
// The implicit copy of y around the loop, x present: one array.
// CHECK: xmp.device_replicate ["y"] distributed [0] {{.*}}copy_in = array<i1: true>, copy_out = array<i1: true>, directive = "acc parallel loop collapse(2)"
// CHECK-NEXT: xmp.device_loop ["i", "j"] dims [-1, -1] offsets ["0", "0"] lower ["0", "0"] upper ["(n) - 1", "(4) - 1"]
// CHECK-SAME: arrays ["x", "y"]
// CHECK-NOT: only_if
// CHECK-SAME: {{$}}
#pragma acc parallel loop collapse(2)
    for (i = 0; i < n; i++)
      for (j = 0; j < 4; j++) {
        x[i][j] = i + j;
        y[i] = i;
      }
// CHECK: xmp.device_loop ["i"] dims [-1] {{.*}} reductions [#xmp<reduction sum>] ["s"] {{.*}}node_local, only_if = "big && n > 4"
#pragma acc kernels loop reduction(+:s) if(big && n > 4)
    for (i = 0; i < N; i++)
      s += x[i][3];
// CHECK: xmp.device_sync out ["x"] {{.*}}only_if = "big"
#pragma acc update host(x) if(big)
// Both ways: the condition evaluated once, kept by the first op.
// CHECK: xmp.device_sync out ["x"] {{.*}}keep_if, only_if = "n > 2"
// CHECK-NEXT: xmp.device_sync in ["x"] {{.*}}reuse_if
#pragma acc update self(x) device(x) if(n > 2)
// CHECK: xmp.device_address ["x"] of [[[R:[0-9]+]]] uses [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}] : [0, 0, 0] {array_types = ["double (*)[24][4]"]
#pragma acc host_data use_device(x)
    {
      zero(&x[2][0], 4);
      zero(x[1], 4);
      zero((double *)x, 4);
    }
  }
  return s;
}

int main(void) { return run(N, 1) > 0 ? 0 : 1; }
// The loop's own region and the loop on the directive's line; the
// condition picks the executor; the device address at its use.
// C: "acc kernels loop reduction(+:s) if(big && n > 4)"};{{.*}} if (big && n > 4) xmp_dev_loop_run({{.*}}); else xmp_dev_loop_run_host({{.*}});
// C: if (big) { xmp_dev_sync_out(
// C: { int _XMP_if[[S:[0-9]+]] = (n > 2) != 0; if (_XMP_if[[S]]) { xmp_dev_sync_out({{.*}}); } if (_XMP_if[[S]]) { xmp_dev_sync_in({{.*}}); } }
// C: void *_XMP_devaddr{{[0-9]+}}_x = xmp_dev_device_address(
// C: zero(&(*(double (*)[24][4])_XMP_devaddr{{[0-9]+}}_x)[2][0], 4);
// C: zero((*(double (*)[24][4])_XMP_devaddr{{[0-9]+}}_x)[1], 4);
// C: zero((double *)(*(double (*)[24][4])_XMP_devaddr{{[0-9]+}}_x), 4);
