// Fixture for test/e2e/bench-sloc.c: 4 code lines, all "other".
/* a block
   comment */

int main(void) { /* trailing comment */
  const char *s = "// not a comment /* either */";
  return s[0];
}
