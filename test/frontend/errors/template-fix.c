// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
#pragma xmp nodes p(*)
#pragma xmp nodes q(2, *)
#pragma xmp template f(0:9)
#pragma xmp distribute f(gblock(*)) onto p
#pragma xmp template d(:)
#pragma xmp template g(:)
#pragma xmp distribute g(gblock(*)) onto p
#pragma xmp template c(:, :)
#pragma xmp distribute c(cyclic, block) onto q
int m[4];
int main(void) {
#pragma xmp template_fix f(10)
#pragma xmp template_fix d(10)
#pragma xmp template_fix g(10, 10)
#pragma xmp template_fix g(10)
#pragma xmp template_fix (gblock(*)) g(10)
#pragma xmp template_fix (block, block) c(10, 10)
#pragma xmp template_fix (block) c(10, 10)
  return 0;
}
// CHECK: {{.*}}template-fix.c:5:26: error: 'gblock(*)' leaves the block sizes to template_fix, which needs a template of deferred shape ('f(:)' or 'f[:]')
// CHECK: {{.*}}template-fix.c:13:26: error: template 'f' already has a shape; template_fix applies to a template declared with ':'
// CHECK: {{.*}}template-fix.c:14:26: error: template 'd' must be distributed before template_fix
// CHECK: {{.*}}template-fix.c:15:26: error: template_fix gives 2 bounds but template 'g' has 1 dimensions
// CHECK: {{.*}}template-fix.c:16:26: error: template 'g' is distributed 'gblock(*)': template_fix must give the block sizes, 'template_fix [gblock(m)] g[n]'
// CHECK: {{.*}}template-fix.c:17:27: error: template_fix must give the block sizes of 'gblock': 'gblock(m)'
// CHECK: {{.*}}template-fix.c:18:27: error: template_fix gives format 'block' where template 'c' is distributed 'cyclic'
// CHECK: {{.*}}template-fix.c:19:27: error: template_fix gives 1 formats but template 'c' has 2 dimensions
