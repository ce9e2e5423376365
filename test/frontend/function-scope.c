// Directives inside a function declare function-scope objects.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
int work(void) {
// CHECK: xmp.nodes @work_p shape ["*"] {{{.*}}name = "p", scope = #xmp<scope function>
#pragma xmp nodes p(*)
// CHECK: xmp.template @work_t lower ["0"] upper ["99"] {{{.*}}name = "t", scope = #xmp<scope function>
#pragma xmp template t(0:99)
// CHECK: xmp.distribute @work_t onto @work_p
#pragma xmp distribute t(block) onto p
  int s = 0;
// CHECK: xmp.loop on @work_t ["i"]
#pragma xmp loop on t(i) reduction(+:s)
  for (int i = 0; i < 100; i++)
    s += i;
  return s;
}
int main(void) { return work() == 4950 ? 0 : 1; }
