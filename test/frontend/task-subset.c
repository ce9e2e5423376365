// Node subsets and tasks: references become 0-based inclusive triplets in C
// order (round brackets count from 1; square ones are base:length).
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/task-subset.xmp.c | FileCheck %s --check-prefix=C
#pragma xmp nodes p(*)
// CHECK: xmp.nodes @q shape ["2"] {{{.*}}parent = @p, {{.*}}subset_lower = ["(1) - 1"], subset_step = ["1"], subset_upper = ["(2) - 1"]}
#pragma xmp nodes q(2) = p(1:2)
// CHECK: xmp.nodes @r shape ["*"] {{{.*}}subset_lower = ["0"], subset_step = ["1"], subset_upper = ["xmp_num_nodes() - 1"]}
#pragma xmp nodes r[*] = *
#pragma xmp template t(0:99)
#pragma xmp distribute t(block) onto p

int main(void) {
  int x = 0;
// CHECK: xmp.task on @p lower ["1"] upper ["(1) + ((2) - 1) * (1)"] step ["1"]
#pragma xmp task on p[1:2]
  {
    x = 1;
  }
// CHECK: xmp.task on @p lower ["0"] upper [#xmp.last] step ["2"]
#pragma xmp task on p(::2)
  {
    x = 2;
  }
// CHECK: xmp.task on @t lower ["10"] upper ["19"] step ["1"]
#pragma xmp tasks
  {
#pragma xmp task on t(10:19)
    {
      x = 3;
    }
  }
  return x;
}
// The task's block runs only on members, and ends the task.
// C: int _XMP_task{{[0-9]+}} = xmp_rt_task_begin_nodes(_XMP_nodes_p, (const long[]){(1)}, {{.*}}; if (_XMP_task{{[0-9]+}}) {
// C-NEXT: {
// C-NEXT: x = 1;
// C-NEXT: } xmp_rt_task_end(); }
// C: xmp_rt_task_begin_template(_XMP_tmpl_t, (const long[]){(10)}, (const long[]){(19)}, (const long[]){(1)}
