// A distributed array passed whole to a function becomes this node's local
// storage; an aligned array parameter lays out that storage (attach, not
// allocate), declares its descriptor at the top of the body and frees the
// descriptor (not the storage) at its end.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/align-parameter.xmp.c | FileCheck %s
#pragma xmp nodes p(*)
#pragma xmp template t(0:9)
#pragma xmp distribute t(block) onto p
double a[10];
#pragma xmp align a[i] with t(i)
void use(double *x);

// CHECK: void twice(double v[10]) { double *_XMP_addr_v; xmp_rt_array_t *_XMP_desc_v; xmp_rt_layout_t _XMP_layout_v;
// CHECK: xmp_rt_array_attach(_XMP_desc_v, (void *)(v), &_XMP_layout_v, &_XMP_where_{{[0-9]+}});
// CHECK: xmp_rt_array_free(_XMP_desc_v); }
void twice(double v[10]) {
#pragma xmp align v[i] with t(i)
#pragma xmp loop on t(i)
  for (int i = 0; i < 10; i++)
    v[i] *= 2;
}

int main(void) {
// CHECK: use(((void *)_XMP_addr_a));
// CHECK: twice(((void *)_XMP_addr_a));
  use(a);
  twice(a);
  return 0;
}
