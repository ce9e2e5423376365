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
#pragma xmp template b(10)
#pragma xmp distribute b(block) onto p
int m[4];
int main(void) {
#pragma xmp template_fix f(10)
#pragma xmp template_fix d(10)
#pragma xmp template_fix g(10, 10)
#pragma xmp template_fix g(10)
#pragma xmp template_fix (gblock(*)) g(10)
#pragma xmp template_fix (block, block) c(10, 10)
#pragma xmp template_fix (block) c(10, 10)
#pragma xmp template_fix (block) b
#pragma xmp template_fix (gblock(m)) f
#pragma xmp template_fix (gblock(m)) g
  return 0;
}
// CHECK: {{.*}}template-fix.c:15:26: error: template 'f' has its shape already: template_fix gives only its formats
// CHECK: {{.*}}template-fix.c:16:26: error: template 'd' must be distributed before template_fix
// CHECK: {{.*}}template-fix.c:17:26: error: template_fix gives 2 bounds but template 'g' has 1 dimensions
// CHECK: {{.*}}template-fix.c:18:26: error: template 'g' is distributed 'gblock(*)': template_fix must give the block sizes, 'template_fix [gblock(m)] g[n]'
// CHECK: {{.*}}template-fix.c:19:27: error: template_fix must give the block sizes of 'gblock': 'gblock(m)'
// CHECK: {{.*}}template-fix.c:20:27: error: template_fix gives format 'block' where template 'c' is distributed 'cyclic'
// CHECK: {{.*}}template-fix.c:21:27: error: template_fix gives 1 formats but template 'c' has 2 dimensions
// CHECK: {{.*}}template-fix.c:22:34: error: template 'b' has its shape and no 'gblock(*)': template_fix applies to a template declared with ':' or distributed 'gblock(*)'
// CHECK: {{.*}}template-fix.c:24:38: error: template 'g' is declared with ':': template_fix must give its shape
