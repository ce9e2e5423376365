// An OpenACC data region as xmp.device_replicate: copy_in arrays are copied
// to the devices when it opens, copy_out ones released to the host when it
// ends and the others' device values dropped (xmp_dev_release_discard);
// `unscoped` (enter data ... exit data) opens no block of its own. The ops
// print back unchanged (the verifier's flag count: verify.mlir).
// RUN: %xmp-opt %s | %xmp-opt | FileCheck %s --check-prefix=ROUND
// RUN: %xmp-opt --emit-c %s | FileCheck %s

// ROUND: xmp.device_replicate ["a", "b", "c"] distributed [1, 1, 0] elem ["double", "double", "float"] {at = 2 : i64, copy_in = array<i1: true, false, true>, copy_out = array<i1: true, true, false>
xmp.device_replicate ["a", "b", "c"] distributed [1, 1, 0] elem ["double", "double", "float"] {at = 2 : i64, end_at = 20 : i64, directive = "acc data copy(a) copyout(b) copyin(c)", site = 2 : i64, copy_in = array<i1: true, false, true>, copy_out = array<i1: true, true, false>}

// ROUND: xmp.device_replicate ["a"] distributed [1] elem ["double"] {at = 3 : i64, copy_in = array<i1: true>, copy_out = array<i1: false>, {{.*}}unscoped}
xmp.device_replicate ["a"] distributed [1] elem ["double"] {at = 3 : i64, end_at = 21 : i64, directive = "acc enter data copyin(a)", site = 3 : i64, copy_in = array<i1: true>, copy_out = array<i1: false>, unscoped}

// The fragments, by anchor.
// CHECK: // anchor 2
// CHECK-NEXT: {{.*}}"acc data copy(a) copyout(b) copyin(c)"}; { xmp_dev_data_t *_XMP_dev2_a = {{.*}}; xmp_dev_sync_in(_XMP_dev2_a, &_XMP_where_2); xmp_dev_sync_in(_XMP_dev2_c, &_XMP_where_2);{{$}}
// CHECK: // anchor 3
// CHECK-NEXT: {{.*}}"acc enter data copyin(a)"}; xmp_dev_data_t *_XMP_dev3_a = {{.*}}; xmp_dev_sync_in(_XMP_dev3_a, &_XMP_where_3);{{$}}
// CHECK: // anchor 20
// CHECK-NEXT: {{^}}xmp_dev_release_discard(_XMP_dev2_c); xmp_dev_release(_XMP_dev2_b); xmp_dev_release(_XMP_dev2_a); }{{$}}
// CHECK: // anchor 21
// CHECK-NEXT: {{^}}xmp_dev_release_discard(_XMP_dev3_a);{{$}}
