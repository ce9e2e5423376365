// The translated C: directives become runtime calls on the pragma's own line,
// loops iterate over the local part (a canonical header where the step is a
// constant), accesses index the local storage, and main() is framed by
// the runtime's start and end.
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/emit-c.xmp.c | FileCheck %s
// RUN: FileCheck %s --check-prefix=MAKE < %t/Makefile
#define N 8
double a[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)

int main(void) {
  double s = 0;
#pragma xmp loop on t(i) reduction(+:s)
  for (int i = 0; i < N; i++)
    s += a[i];
  return s != 0;
}
// CHECK: #include <xmp_rt.h>
// CHECK-NEXT: #line 1 "{{.*}}emit-c.c"
// CHECK: double *_XMP_addr_a; xmp_rt_array_t *_XMP_desc_a; xmp_rt_layout_t _XMP_layout_a;
// CHECK-NEXT: xmp_rt_nodes_t *_XMP_nodes_p __attribute__((weak)); static const xmp_rt_srcloc_t _XMP_where_0 = {"{{.*}}emit-c.c", 10, "nodes p(*)"};
// main keeps its name, starts the runtime and ends it on each return.
// CHECK: int main(void) { xmp_rt_init(0, 0);
// The nest's block opens on the pragma's line: a local base pointer and the
// folded offset of the node's block, then the bounds, computed once.
// CHECK: { double *restrict _XMP_n4_a = _XMP_addr_a; const long _XMP_n4_a_o = -(_XMP_layout_a.base[0]); {{.*}}long _XMP_loop4_b[3]; xmp_rt_loop_bounds_nest(_XMP_tmpl_t, 1, (const int[]){(0)}, (const long[]){(0)}, (const long[]){(0)}, (const long[]){((N) - 1)}, (const long[]){(1)}, _XMP_loop4_b); const long _XMP_loop4_lb0 = _XMP_loop4_b[0], _XMP_loop4_ub0 = _XMP_loop4_b[1], _XMP_loop4_st0 = _XMP_loop4_b[2]; (void)_XMP_loop4_st0;{{$}}
// CHECK-NEXT: for (int i = _XMP_loop4_lb0; i < _XMP_loop4_ub0 + 1; i += 1)
// CHECK-NEXT: s += _XMP_n4_a[_XMP_n4_a_o + (i)]; {{.*}}xmp_rt_reduce(&(s), 1, XMP_RT_DOUBLE, XMP_RT_OP_SUM, _XMP_tmpl_t, NULL, &_XMP_where_5); }
// CHECK-NEXT: return xmp_rt_finalize( s != 0 );
// CHECK-NEXT: return xmp_rt_finalize(0); }
// CHECK: static void _XMP_module_init(void) { _XMP_nodes_p = xmp_rt_nodes_share(_XMP_nodes_p, xmp_rt_nodes_create(1, (const long[]){(-1)}, "p", &_XMP_where_0));
// CHECK-SAME: xmp_rt_array_allocate(_XMP_desc_a, &_XMP_layout_a); _XMP_addr_a = (double *)_XMP_layout_a.addr; }
// CHECK: xmp_rt_register_module_init(_XMP_module_init);
// CHECK-NOT: int main
// MAKE: CC = mpicc
// MAKE: LDLIBS += -L$(XMP_LIBDIR) -lxmp
// MAKE: OBJECTS = emit-c.xmp.o
// MAKE: a.out: $(OBJECTS)
