#include "laplace.h"
double u[N];
#pragma xmp nodes p(*)
int main(void) {
#pragma acc data \
    copy(u)
  { u[0] = xmp_node_num(); }
#pragma acc wait
  return 0;
}
