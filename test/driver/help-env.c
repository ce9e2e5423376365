// `xmpcc --help-env` lists every XMP_* variable from runtime/include/xmp_settings.def, and
// that table holds exactly the variables the runtime and the driver read.
// RUN: %xmpcc --help-env | FileCheck %s
// RUN: python3 %S/../tools/check-settings.py %S/../.. | FileCheck %s --check-prefix=TABLE
// CHECK: XMP_* environment variables, read once when the program starts
// CHECK: XMP_COMM = auto|direct|direct-kernel|mpi   (default: auto)
// CHECK: XMP_HALO_SYNC = auto|flags|events|host   (default: auto)
// CHECK-NEXT: how device halo faces written straight into a peer's shadow are ordered
// CHECK: XMP_DEV_IDLE = auto|poll|pause   (default: auto)
// CHECK-NEXT: StarPU's workers between directives
// CHECK: XMP_DEV_MEM_LIMIT = bytes (K, M, G suffixes) or p%   (default: (90% of the GPU's memory))
// CHECK-NEXT: the device memory that device loops may use
// CHECK: XMP_DEV_OVERLAP = auto|0|1   (default: auto)
// CHECK-NEXT: a reflect_do ... acc may leave its first dimension's faces arriving
// CHECK: XMP_DEV_TIMELINE = 0|1   (default: 0)
// CHECK-NEXT: per directive, the GPU time of the work it queues on the rank's stream
// CHECK: XMP_CHECK = 0|1   (default: 0)
// TABLE: check-settings: 19 variables, all declared
