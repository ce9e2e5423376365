// A `break` that would end a device loop's nest is an error (its iterations
// run in parallel, on the GPU as well); one that ends an inner loop or a
// switch of the body is fine, and so is `continue`.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// CHECK: {{.*}}device-break.c:[[#@LINE+16]]:20: error: a device loop body cannot leave the loop with 'break': its iterations run in parallel; 'continue' skips one
// CHECK-NEXT: if (j > 3) break;
// CHECK-NEXT: ^
// CHECK-NOT: error:
#define N 16
float u[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(*, block) onto p
#pragma xmp align [i][j] with t(j, i) :: u
int main(void) {
#pragma xmp device replicate (u)
  {
#pragma xmp device loop (j, i) on t(j, i)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        if (j > 3) break;
        u[i][j] = 1;
      }
#pragma xmp device loop (j, i) on t(j, i)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        if (j == 2)
          continue;
        for (int k = 0; k < N; k++)
          if (k > j)
            break;
        switch (j) {
        case 1:
          break;
        default:
          u[i][j] = 2;
        }
      }
  }
  return 0;
}
