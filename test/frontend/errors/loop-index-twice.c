// A loop index named twice in the index list, or a variable in two template
// subscripts, would distribute one loop over two template dimensions: an
// error at the repeated name (it was accepted, and the second dimension was
// dropped). Device loops share the parser.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#pragma xmp nodes p(2, *)
#pragma xmp template s(0:9, 0:9)
#pragma xmp distribute s(block, block) onto p
int main(void) {
  int x = 0;
// CHECK: loop-index-twice.c:[[@LINE+1]]:22: error: loop index 'i' appears twice in the index list
#pragma xmp loop (i, i) on s(i, i)
  for (int i = 0; i < 10; i++)
    x += i;
// CHECK: loop-index-twice.c:[[@LINE+1]]:26: error: 'j' appears twice in the template subscripts
#pragma xmp loop on s[j][j + 1]
  for (int j = 0; j < 9; j++)
    x += j;
  return x;
}
// CHECK-NOT: error:
