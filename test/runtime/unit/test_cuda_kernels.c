/* The CUDA layer's kernel library loader (runtime/cuda/kernels.c), which needs no GPU: a
 * library found through the search path gives its symbols (libm's cos stands in for a kernel
 * library), each library is opened once however often asked (the same handle: the same
 * address of a symbol), a library that does not load and a symbol it lacks give NULL every
 * time; and a process without a usable CUDA device counts none (CI's machines). */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "xmpcu.h"

int main(void) {
  void *c1 = xmpcu_kernel_symbol("libm.so.6", "cos");
  void *c2 = xmpcu_kernel_symbol("libm.so.6", "cos");
  CHECKF(c1 != NULL && c1 == c2, "libm's cos: %p, then %p", c1, c2);
  if (c1 != NULL) {
    double (*f)(double);
    *(void **)&f = c1;
    CHECKF(f(0.0) == 1.0, "cos(0) through the loader: %g", f(0.0));
  }
  CHECK(xmpcu_kernel_symbol("libm.so.6", "xmpcu_no_such_symbol") == NULL);
  for (int i = 0; i < 2; i++)
    CHECK(xmpcu_kernel_symbol("libxmp_no_such_kernels.so", "cos") == NULL);
  /* the runtime's libraries are literals of theirs: the name is compared, not the pointer */
  char name[] = "libm.so.6";
  CHECK(xmpcu_kernel_symbol(name, "cos") == c1);
  const char *visible = getenv("CUDA_VISIBLE_DEVICES");
  if (visible != NULL && visible[0] == '\0')
    CHECKF(xmpcu_device_count() == 0, "%d devices with CUDA_VISIBLE_DEVICES empty",
           xmpcu_device_count());
  else
    CHECK(xmpcu_device_count() >= 0);
  return CHECK_RESULT();
}
