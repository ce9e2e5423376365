/* Part of test/e2e/multi-file-mismatch.c: the extern array mapped with
   another shadow width (WIDTH) or template extent (TEXT). */
#define N 20
extern double u[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:TEXT-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[WIDTH]
double first(void) { return 0; }
