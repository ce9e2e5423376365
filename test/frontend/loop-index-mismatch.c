// A loop distributes its indices along the template dimensions whose `on`
// subscripts name them (by name, not by position). An index that subscripts an
// array dimension aligned with another distributed dimension of that template
// reaches elements of other nodes on some iterations: a warning at the
// subscript (both bracket styles). Matching uses, collapsed or undistributed
// dimensions, and indices of other loops are quiet.
// RUN: %xmpcc -emit-mlir %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
#pragma xmp nodes p[2][2]
#pragma xmp template t[16][16]
#pragma xmp distribute t[block][block] onto p
#pragma xmp nodes q(4)
#pragma xmp template u(0:15, 0:15)
#pragma xmp distribute u(*, block) onto q
int a[16][16], b[16][16], c[16][16], d[16];
#pragma xmp align a[j][i] with t[j][i]
#pragma xmp align b[i][j] with t(j, i)
#pragma xmp align c[i][j] with u(j, i)
#pragma xmp align d[*] with t[*][*]

int main(void) {
#pragma xmp loop (j, i) on t[j][i]
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      a[i][j] = 1;
  // CHECK: loop-index-mismatch.c:[[@LINE-1]]:9: warning: loop index 'i' is distributed along dimension 1 of template 't', but it subscripts dimension 0 of 'a', aligned with dimension 0 (C order): on some iterations the element belongs to another node, and this node has no storage for it
  // CHECK: loop-index-mismatch.c:[[@LINE-2]]:12: warning: loop index 'j' is distributed along dimension 0 of template 't'

#pragma xmp loop (i, j) on t(i, j)
  for (int i = 0; i < 16; i++)
    for (int j = 1; j < 16; j++)
      b[i][j - 1] = a[j][i];
  // CHECK: loop-index-mismatch.c:[[@LINE-1]]:9: warning: loop index 'i' is distributed along dimension 1 of template 't', but it subscripts dimension 0 of 'b', aligned with dimension 0
  // CHECK: loop-index-mismatch.c:[[@LINE-2]]:12: warning: loop index 'j' is distributed along dimension 0 of template 't', but it subscripts dimension 1 of 'b', aligned with dimension 1

  // Quiet: the indices follow the alignment.
#pragma xmp loop (j, i) on t[j][i]
  for (int j = 0; j < 16; j++)
    for (int i = 0; i < 16; i++)
      a[j][i] = b[j][i] + d[i];
  // Quiet: u's first dimension is not distributed, so c's second is whole everywhere.
#pragma xmp loop (i, j) on u(j, i)
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      c[i][j] = c[i][j] + 1;
  return 0;
}
