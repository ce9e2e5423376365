// Array assignment statements with no directive (XMP 1.4 3.2): the parser
// gets a null statement in their place, and each becomes a block of loops
// over the section's shape, with bases, steps, lengths and index subscripts
// evaluated once before them; through a temporary only where the right-hand
// side may read what is written. Lines and columns of the rest stay.
// RUN: %xmpcc -emit-mlir %s | FileCheck %s
// RUN: %xmpcc -emit-mlir %s | %xmp-opt --emit-c - | FileCheck %s --check-prefix=LOWER
// RUN: rm -rf %t && %xmpcc --emit-c %t %s
// RUN: grep -v "^// " %t/array-assignment.xmp.c | FileCheck %s --check-prefix=C
// RUN: grep -n "marker" %t/array-assignment.xmp.c | FileCheck %s --check-prefix=LINE
// RUN: mpicc -I%runtime_include -Wall -Wextra -Werror -c %t/array-assignment.xmp.c -o %t/c.o
#define N 10
int g[N];
double q[N][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double d[N];
#pragma xmp align d[i] with t(i)

void param(double v[], int n, const double *src) {
// CHECK: xmp.array_assign
// LOWER: { const long _XMP_asg[[P:[0-9]+]]_b0_0 = 0; const long _XMP_asg[[P]]_s0_0 = 1; const long _XMP_asg[[P]]_n0 = n; const long _XMP_asg[[P]]_b1_0 = 1; const long _XMP_asg[[P]]_s1_0 = 1; long _XMP_asg[[P]]_i0; double *_XMP_asg[[P]]_t = (double *)__builtin_malloc(sizeof(double) * (size_t)_XMP_asg[[P]]_n0); long _XMP_asg[[P]]_k = 0; for (_XMP_asg[[P]]_i0 = 0; _XMP_asg[[P]]_i0 < _XMP_asg[[P]]_n0; ++_XMP_asg[[P]]_i0) { _XMP_asg[[P]]_t[_XMP_asg[[P]]_k] = v[_XMP_asg[[P]]_b0_0 + _XMP_asg[[P]]_i0 * _XMP_asg[[P]]_s0_0]; _XMP_asg[[P]]_t[_XMP_asg[[P]]_k] += src[_XMP_asg[[P]]_b1_0 + _XMP_asg[[P]]_i0 * _XMP_asg[[P]]_s1_0]; ++_XMP_asg[[P]]_k; } _XMP_asg[[P]]_k = 0; for (_XMP_asg[[P]]_i0 = 0; _XMP_asg[[P]]_i0 < _XMP_asg[[P]]_n0; ++_XMP_asg[[P]]_i0) v[_XMP_asg[[P]]_b0_0 + _XMP_asg[[P]]_i0 * _XMP_asg[[P]]_s0_0] = _XMP_asg[[P]]_t[_XMP_asg[[P]]_k++]; __builtin_free(_XMP_asg[[P]]_t); }
  v[0:n] += src[1:n];
}

int main(void) {
  int y[N][N], x[N], i;
  // An unbraced loop body stays the loop's.
  for (i = 0; i < N; i++)
    y[i][:] = i;
// C: for (i = 0; i < N; i++)
// C-NEXT: { const long _XMP_asg[[R:[0-9]+]]_b0_0 = i; const long _XMP_asg[[R]]_b0_1 = 0; const long _XMP_asg[[R]]_s0_1 = 1; const long _XMP_asg[[R]]_n0 = 10; long _XMP_asg[[R]]_i0; for (_XMP_asg[[R]]_i0 = 0; _XMP_asg[[R]]_i0 < _XMP_asg[[R]]_n0; ++_XMP_asg[[R]]_i0) y[_XMP_asg[[R]]_b0_0][_XMP_asg[[R]]_b0_1 + _XMP_asg[[R]]_i0 * _XMP_asg[[R]]_s0_1] = i; }

  // No temporary: distinct arrays, or the assigned element itself.
// LOWER: { const long _XMP_asg[[S:[0-9]+]]_b0_0 = 0; const long _XMP_asg[[S]]_s0_0 = 1; const long _XMP_asg[[S]]_n0 = 99 - 90; const long _XMP_asg[[S]]_b0_1 = 0; const long _XMP_asg[[S]]_s0_1 = 1; const long _XMP_asg[[S]]_n1 = 9; long _XMP_asg[[S]]_i0, _XMP_asg[[S]]_i1; for (_XMP_asg[[S]]_i0 = 0; _XMP_asg[[S]]_i0 < _XMP_asg[[S]]_n0; ++_XMP_asg[[S]]_i0) for (_XMP_asg[[S]]_i1 = 0; _XMP_asg[[S]]_i1 < _XMP_asg[[S]]_n1; ++_XMP_asg[[S]]_i1) y[_XMP_asg[[S]]_b0_0 + _XMP_asg[[S]]_i0 * _XMP_asg[[S]]_s0_0][_XMP_asg[[S]]_b0_1 + _XMP_asg[[S]]_i1 * _XMP_asg[[S]]_s0_1] = 1; }
  y[0:99 - 90][0:9] = 1;
// LOWER-NOT: __builtin_malloc
// LOWER: { {{.*}} for (_XMP_asg[[T:[0-9]+]]_i0 = 0; _XMP_asg[[T]]_i0 < _XMP_asg[[T]]_n0; ++_XMP_asg[[T]]_i0) x[{{[^]]*}}] = x[{{[^]]*}}] * 2 + g[{{[^]]*}}]; }
  x[1:5] = x[1:5] * 2 + g[0:5];
  // A step of the other sign counts down to 0 when the length is omitted.
// LOWER: const long _XMP_asg{{[0-9]+}}_n0 = ((N-1) - (-2)) / -(-2);
  g[N-1::-2] = 3;
// LOWER: const long _XMP_asg{{[0-9]+}}_n0 = ((i) > 0 ? ((10) - (0) + (i) - 1) / (i) : ((0) - (i)) / -(i));
  g[::i] = 4;
  // The assigned array read elsewhere: through a temporary.
// LOWER: int *_XMP_asg{{[0-9]+}}_t = (int *)__builtin_malloc(sizeof(int) * (size_t)_XMP_asg{{[0-9]+}}_n0);
  x[1:N - 1] = x[0:N - 1];
// LOWER: double *_XMP_asg{{[0-9]+}}_t = (double *)__builtin_malloc(sizeof(double) * (size_t)_XMP_asg{{[0-9]+}}_n0 * _XMP_asg{{[0-9]+}}_n1);
  q[:][:] = q[0][0] +
            1;
  // Not sections: a conditional's ':' and a plain element stay C.
  x[i > 2 ? 1 : 2] = 5;
  y[1][2] = x[i > 2 ? 1 : 2];
// C: x[i > 2 ? 1 : 2] = 5;
// C-NEXT: y[1][2] = x[i > 2 ? 1 : 2];
  // The array directive still takes its own statement.
// CHECK: xmp.array on @t
#pragma xmp array on t(0:4)
  d[0:5] = x[0:5];
  int marker = 1; // on its line, after 2 header lines: LINE: [[#@LINE+2]]:{{.*}}int marker
  param(q[0], N, q[1]);
  return marker + y[0][0];
}
