// Fixture: 3 directive lines (one continued), 1 intrinsic line, 4 other.
#pragma xmp nodes p(*)
#pragma xmp distribute \
    t(block) onto p
int x[10];
int main(void) {
  int me = xmp_node_num();
  return me;
}
