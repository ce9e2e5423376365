// A variable that gives the extent of a file-scope array (`int n = 8; int
// a[n];`, accepted as Omni XMP does) cannot change: the array was sized by its
// initial value. Reading it, also through a pointer to const, is fine; an
// extent without a constant initializer stays Clang's error.
// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
int n = 8, m;
int a[n];
int b[m];
void set(int *);
int get(const int *);
int main(void) {
  n = 3;
  n++;
  set(&n);
  const int *q = &n;
  m = get(&n) + *q;
  return a[0];
}
// CHECK: file-scope-extent-modified.c:8:5: error: variable length array declaration not allowed at file scope
// CHECK: file-scope-extent-modified.c:12:5: error: 'n' cannot be assigned: it gives the extent of a file-scope array, which xmpcc fixes at its initial value (as Omni XMP does; ISO C has no such arrays)
// CHECK: file-scope-extent-modified.c:7:7: note: 'n' is used as an extent here
// CHECK: file-scope-extent-modified.c:13:4: error: 'n' cannot be incremented or decremented
// CHECK: file-scope-extent-modified.c:14:7: error: 'n' cannot be modified through its address
// CHECK-NOT: error:
