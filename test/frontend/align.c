// Alignment: permuted index order, collapsed dimensions, offsets.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
#define N 16
#pragma xmp nodes p(2,2)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p

double a[N][N];
double b[N][N];
float c[3][N];
// Round: t(j,i) is C-order t[i][j], so a's dims go to template dims 0 and 1.
// CHECK: xmp.align @a : "double" [16, 16] with @t dims [0, 1] offsets ["0", "0"]
// CHECK-NEXT: xmp.array_alloc @a
#pragma xmp align a[i][j] with t(j,i)
// Round t(i,j) is C-order t[j][i]: transposed.
// CHECK: xmp.align @b : "double" [16, 16] with @t dims [1, 0]
#pragma xmp align b[i][j] with t(i,j)
// A collapsed leading dimension and a replicated template dimension.
// CHECK: xmp.align @c : "float" [3, 16] with @t dims [-1, 1] offsets ["0", "(1)"]
#pragma xmp align c[*][j] with t(j+1, *)

int main(void) { return 0; }
