// XcalableACC's OpenACC directives as the xmp dialect: a data region is a
// device_replicate with its transfers (copy: in and out, copyin: in, copyout:
// out, create: none; a scalar needs nothing, an array an enclosing region
// holds is present), `update` a device_sync each way, `xmp loop` + an OpenACC
// loop construct a device loop whose reductions are the construct's and its
// inner `acc loop`'s; `wait` and the launch clauses leave nothing. The
// translated C keeps no `#pragma acc` line (the device loop's outlined body
// neither), and its line numbers.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t -fopenacc %s
// RUN: FileCheck %s --check-prefix=C < %t/acc.xmp.c
// RUN: not grep -n "^ *#pragma acc" %t/acc.xmp.c %t/acc.xmp.cu
#include <xmp.h>
#define N 40
double u[N][8], v[N][8], w[N][8], plain[16];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align [i][*] with t(i) :: u, v, w
#pragma xmp shadow u[1][0]

double run(void) {
  double s = 0, m = 0;
  float scale = 2.0f;
  int i, j;
// CHECK: xmp.device_replicate ["u", "v", "w", "plain"] distributed [1, 1, 1, 0] {{.*}}copy_in = array<i1: true, true, false, false>, copy_out = array<i1: true, false, true, false>, directive = "acc data copy(u) copyin(v) copyout(w) create(plain, s)"
#pragma acc data copy(u) copyin(v) copyout(w) create(plain, s)
  {
// CHECK-NOT: xmp.device_replicate
#pragma acc data present(u) copy(v)
    {
// CHECK: xmp.reflect @u {{.*}} acc
#pragma xmp reflect (u) acc
// The construct's reductions are per node (node_local: OpenACC's rule).
// CHECK: xmp.device_loop on @t ["i"] {{.*}} reductions [#xmp<reduction sum>, #xmp<reduction max>] ["s", "m"] {{.*}} node_local
#pragma xmp loop (i) on t(i)
#pragma acc parallel loop gang vector_length(128) reduction(+:s) async(1) firstprivate(scale) present(u, v, w)
      for (i = 1; i < N - 1; i++) {
#pragma acc loop vector reduction(max:m) reduction(+:s)
        for (j = 0; j < 8; j++) {
          w[i][j] = scale * (u[i - 1][j] + u[i + 1][j]) + v[i][j];
          s += w[i][j];
          m = w[i][j] > m ? w[i][j] : m;
        }
      }
#pragma acc wait
// An xmp loop's reduction combines the nodes (XMP's rule): no node_local.
// CHECK: xmp.device_loop on @t ["i"] {{.*}} reductions [#xmp<reduction sum>] ["s"]
// CHECK-NOT: node_local
// CHECK-SAME: {{$}}
#pragma xmp loop (i) on t(i) reduction(+:s)
#pragma acc kernels loop
      for (i = 0; i < N; i++)
        s += v[i][0];
    }
// CHECK: xmp.device_sync out ["w", "u"]
// CHECK-NEXT: xmp.device_sync in ["v"]
#pragma acc update host(w, s) self(u) device(v)
  }
  return s + m;
}

int main(void) { return run() > 0 ? 0 : 1; }
// The region: its arrays replicated and copied in on the data directive's
// line; after its block, copy and copyout ones released to the host, the
// others' device values dropped.
// C: "acc data copy(u) copyin(v) copyout(w) create(plain, s)"}; { {{.*}}xmp_dev_sync_in(_XMP_dev{{[0-9]+}}_u, {{.*}}); xmp_dev_sync_in(_XMP_dev{{[0-9]+}}_v, {{.*}});{{$}}
// C: xmp_dev_release_discard(_XMP_dev{{[0-9]+}}_plain); xmp_dev_release(_XMP_dev{{[0-9]+}}_w); xmp_dev_release_discard(_XMP_dev{{[0-9]+}}_v); xmp_dev_release(_XMP_dev{{[0-9]+}}_u); }
