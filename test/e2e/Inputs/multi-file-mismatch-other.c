/* Part of test/e2e/multi-file-mismatch.c: the extern array mapped with
   another shadow width (WIDTH), the template with another extent (TEXT) or
   distribution (GBLOCK), the node array q with another shape (Q0). */
#define N 20
#ifdef GBLOCK
int gm[2] = {5, 15};
#define DIST gblock(gm)
#else
#define DIST block
#endif
#ifndef Q0
#define Q0 *
#endif
extern double u[N];
#pragma xmp nodes p(*)
#pragma xmp nodes q(Q0, *)
#pragma xmp template t(0:TEXT-1)
#pragma xmp distribute t(DIST) onto p
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[WIDTH]
double first(void) { return 0; }
