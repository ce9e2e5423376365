// A distributed array defined in one file and declared `extern` in another:
// the mappings must agree. The node arrays and templates the files declare
// at file scope are one object each program-wide, declared alike. Another
// shadow width, template extent, distribution or node array shape stops the
// program at start-up naming both directives; an `extern` array that no file
// defines too (its file is linked without this one's definition).
// RUN: rm -rf %t && mkdir %t
// RUN: %xmpcc %s %S/Inputs/multi-file-mismatch-other.c -DWIDTH=1 -DTEXT=N -o %t/same
// RUN: %mpirun -np 2 %t/same | FileCheck %s --check-prefix=SAME
// RUN: %xmpcc %s %S/Inputs/multi-file-mismatch-other.c -DWIDTH=2 -DTEXT=N -o %t/width
// RUN: not %mpirun -np 2 %t/width 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: %xmpcc %s %S/Inputs/multi-file-mismatch-other.c -DWIDTH=1 -DTEXT=24 -o %t/text
// RUN: not %mpirun -np 3 %t/text 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %xmpcc %S/Inputs/multi-file-mismatch-other.c %s -DWIDTH=1 -DTEXT=24 -o %t/text2
// RUN: not %mpirun -np 2 %t/text2 2>&1 | FileCheck %s --check-prefix=TEXT2
// RUN: %xmpcc %s %S/Inputs/multi-file-mismatch-other.c -DWIDTH=1 -DTEXT=N -DGBLOCK -o %t/dist
// RUN: not %mpirun -np 2 %t/dist 2>&1 | FileCheck %s --check-prefix=DIST
// RUN: %xmpcc %s %S/Inputs/multi-file-mismatch-other.c -DWIDTH=1 -DTEXT=N -DQ0=2 -o %t/nodes
// RUN: %mpirun -np 4 %t/nodes | FileCheck %s --check-prefix=SAME
// RUN: %xmpcc %s %S/Inputs/multi-file-mismatch-other.c -DWIDTH=1 -DTEXT=N -DQ0=1 -o %t/nodes1
// RUN: not %mpirun -np 4 %t/nodes1 2>&1 | FileCheck %s --check-prefix=NODES
// RUN: %xmpcc -DNO_DEFINITION %s %S/Inputs/multi-file-mismatch-other.c -DWIDTH=1 -DTEXT=N -o %t/none
// RUN: not %mpirun -np 1 %t/none 2>&1 | FileCheck %s --check-prefix=NONE
// SAME: same mapping: 20
// WIDTH: multi-file-mismatch-other.c:20: 'shadow u[WIDTH]': array 'u' is mapped differently here than by the file that defines it ({{.*}}multi-file-mismatch.c:{{[0-9]+}}, 'align u[i] with t(i)'): dimension 0: another shadow width
// TEXT: multi-file-mismatch-other.c:17: 'template t(0:TEXT-1)': template 't' is declared here otherwise than by another file of the program ({{.*}}multi-file-mismatch.c:{{[0-9]+}}, 'template t(0:N-1)'): dimension 0 is [0:23] here and [0:19] there; a file-scope template is one for the whole program
// TEXT2: multi-file-mismatch.c:{{[0-9]+}}: 'template t(0:N-1)': template 't' is declared here otherwise than by another file of the program ({{.*}}multi-file-mismatch-other.c:17, 'template t(0:TEXT-1)'): dimension 0 is [0:19] here and [0:23] there
// DIST: multi-file-mismatch-other.c:18: 'distribute t(DIST) onto p': template 't' is distributed here otherwise than by another file of the program ({{.*}}multi-file-mismatch.c:{{[0-9]+}}, 'distribute t(block) onto p'): another format in dimension 0
// NODES: multi-file-mismatch-other.c:16: 'nodes q(Q0, *)': node array 'q' is declared here otherwise than by another file of the program ({{.*}}multi-file-mismatch.c:{{[0-9]+}}, 'nodes q(*, *)'): another extent
// NONE: multi-file-mismatch-other.c:19: 'align u[i] with t(i)': array 'u' is declared 'extern' and aligned here, but no file of the program defines and aligns it
#include <stdio.h>
#include <xmp.h>
#define N 20
#ifdef NO_DEFINITION
extern double u[N];
#else
double u[N];
#endif
#pragma xmp nodes p(*)
#pragma xmp nodes q(*, *)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i] with t(i)
#pragma xmp shadow u[1]
double first(void);

int main(void) {
  double s = first();
#pragma xmp loop on t(i) reduction(+:s)
  for (int i = 0; i < N; i++)
    s += 1;
  if (xmpc_node_num() == 0)
    printf("same mapping: %g\n", s);
  return 0;
}
