// OpenACC on the device layer beyond data regions:
// - a device loop without a template (an OpenACC loop construct alone): every
//   node's bounds are the loop's own (xmp_rt_loop_bounds_all), its
//   reductions stay on the node;
// - `only_if` (OpenACC's `if`): the loop runs on the devices when the
//   condition holds, else on the calling thread (xmp_dev_loop_run_host, a
//   site of its own); an update does nothing when it is false, and one both
//   ways evaluates the condition once (`keep_if`, `reuse_if`);
// - xmp.device_address (`host_data use_device`): the block's uses of the
//   arrays become the device copies' addresses, a plain array keeping its C
//   type, a distributed one `void *`.
// RUN: %xmp-opt %s | %xmp-opt | FileCheck %s --check-prefix=ROUND
// RUN: %xmp-opt --emit-c %s | FileCheck %s

// ROUND: xmp.device_loop ["i", "j"] dims [-1, -1]
// ROUND-SAME: node_local
// ROUND-SAME: only_if = "n > 8"
xmp.device_loop ["i", "j"] dims [-1, -1] offsets ["0", "0"] lower ["0", "0"] upper ["(n) - 1", "3"] step ["1", "1"] arrays ["a"] of [2] modes [#xmp<mode readwrite>] distributed [0] row_elems [4] scalars ["n"] reductions [#xmp<reduction sum>] ["s"] : [#xmp<type double>] {at = 5 : i64, body = 0 : i64, body_file = "prog.c", body_line = 10 : i64, const_step = array<i64: 1, 1>, decls_at = 30 : i64, directive = "acc parallel loop collapse(2) reduction(+:s) if(n > 8)", elem_types = ["double"], funcs_at = 31 : i64, index_types = ["int", "int"], kernels_at = 32 : i64, nest_at = 33 : i64, node_local, only_if = "n > 8", param_decls = ["double (*a)[4]"], param_types = ["double (*)[4]"], ranks = array<i64: 0>, scalar_types = ["int"], scalar_uses = array<i64: 0>, site = 5 : i64, unused = ["i", "j"]}

// ROUND: xmp.device_sync out ["a"] of [2] {at = 6 : i64, directive = "acc update host(a) if(k)", only_if = "k", site = 6 : i64}
xmp.device_sync out ["a"] of [2] {at = 6 : i64, directive = "acc update host(a) if(k)", only_if = "k", site = 6 : i64}

// ROUND: xmp.device_sync out ["a"] of [2] {at = 8 : i64, directive = "acc update host(a) device(b) if(f())", keep_if, only_if = "f()", site = 8 : i64}
// ROUND-NEXT: xmp.device_sync in ["b"] of [3] {at = 8 : i64, directive = "acc update host(a) device(b) if(f())", reuse_if, site = 8 : i64}
xmp.device_sync out ["a"] of [2] {at = 8 : i64, directive = "acc update host(a) device(b) if(f())", keep_if, only_if = "f()", site = 8 : i64}
xmp.device_sync in ["b"] of [3] {at = 8 : i64, directive = "acc update host(a) device(b) if(f())", reuse_if, site = 8 : i64}

// ROUND: xmp.device_address ["a", "b"] of [2, 3] uses [10, 11, 12] : [0, 1, 0] {array_types = ["double (*)[8][4]", ""], at = 7 : i64
xmp.device_address ["a", "b"] of [2, 3] uses [10, 11, 12] : [0, 1, 0] {array_types = ["double (*)[8][4]", ""], at = 7 : i64, directive = "acc host_data use_device(a, b)", end_at = 13 : i64, site = 7 : i64}

// The fragments, by anchor.
// CHECK: // anchor 5
// CHECK-NEXT: {{.*}}long _XMP_loop5_lb0, _XMP_loop5_ub0, _XMP_loop5_st0; xmp_rt_loop_bounds_all((0), ((n) - 1), (1), &_XMP_loop5_lb0, &_XMP_loop5_ub0, &_XMP_loop5_st0, &_XMP_where_5); long _XMP_loop5_lb1, _XMP_loop5_ub1, _XMP_loop5_st1; xmp_rt_loop_bounds_all((0), (3), (1), &_XMP_loop5_lb1, &_XMP_loop5_ub1, &_XMP_loop5_st1, &_XMP_where_5);
// CHECK-SAME: static xmp_dev_loop_t *_XMP_dloop5_host_state; if (n > 8) xmp_dev_loop_run(&_XMP_dloop5_state, _XMP_dloop5_cpu, _XMP_dloop5_cuda, &_XMP_dloop5_a, 1, _XMP_dloop5_v, _XMP_loop5_lb0, _XMP_loop5_ub0, _XMP_loop5_st0, sizeof(struct _XMP_dloop5_red), &_XMP_dloop5_p, &_XMP_dloop5_n, &_XMP_where_5); else xmp_dev_loop_run_host(&_XMP_dloop5_host_state, _XMP_dloop5_cpu, &_XMP_dloop5_a, 1, _XMP_dloop5_v, _XMP_loop5_lb0, _XMP_loop5_ub0, _XMP_loop5_st0, sizeof(struct _XMP_dloop5_red), &_XMP_dloop5_p, &_XMP_dloop5_n, &_XMP_where_5);
// CHECK-SAME: s = s + _XMP_r->r0; } }{{$}}
// CHECK: // anchor 6
// CHECK-NEXT: {{.*}}"acc update host(a) if(k)"}; if (k) { xmp_dev_sync_out(_XMP_dev2_a, &_XMP_where_6); }{{$}}
// CHECK: // anchor 7
// CHECK-NEXT: {{.*}}"acc host_data use_device(a, b)"}; { void *_XMP_devaddr7_a = xmp_dev_device_address(_XMP_dev2_a, &_XMP_where_7); void *_XMP_devaddr7_b = xmp_dev_device_address(_XMP_dev3_b, &_XMP_where_7);{{$}}
// CHECK: // anchor 8
// CHECK-NEXT: {{.*}}"acc update host(a) device(b) if(f())"}; { int _XMP_if8 = (f()) != 0; if (_XMP_if8) { xmp_dev_sync_out(_XMP_dev2_a, &_XMP_where_8); } if (_XMP_if8) { xmp_dev_sync_in(_XMP_dev3_b, &_XMP_where_8); } }{{$}}
// CHECK: // anchor 10
// CHECK-NEXT: {{^}}(*(double (*)[8][4])_XMP_devaddr7_a){{$}}
// CHECK: // anchor 11
// CHECK-NEXT: {{^}}((void *)_XMP_devaddr7_b){{$}}
// CHECK: // anchor 12
// CHECK-NEXT: {{^}}(*(double (*)[8][4])_XMP_devaddr7_a){{$}}
// CHECK: // anchor 13
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NOT: xmp_rt_reduce
