/* sloc fixture (test/e2e/bench-sloc.c): laplace_acc.c counts 4 directive lines
   (acc ones, one continued, and xmp), 1 intrinsic, 6 others with this line. */
#define N 4
