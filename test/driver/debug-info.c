// The DWARF of a translated object names the user's file (the compile unit
// and the lines), and main is the user's main at its own line, so that
// gdb's `break main`, addr2line and sanitizers point at the user's source.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %xmpcc -g -c %s -o prog.o
// RUN: llvm-dwarfdump-19 --debug-info prog.o | FileCheck %s
// RUN: llvm-dwarfdump-19 --debug-line prog.o | FileCheck %s --check-prefix=LINES
// CHECK: DW_TAG_compile_unit
// CHECK: DW_AT_name ("{{.*}}driver{{/|\\\\}}debug-info.c")
// CHECK: DW_AT_name ("main")
// CHECK-NEXT: DW_AT_decl_file ("{{.*}}debug-info.c")
// CHECK-NEXT: DW_AT_decl_line (25)
// LINES: include_directories
// LINES-NOT: xmpcc-
// LINES: name: "{{.*}}debug-info.c"
#define N 12
double u[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i] with t(i)
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  double s = 0;
#pragma xmp loop on t(i) reduction(+:s)
  for (int i = 0; i < N; i++)
    s += (u[i] = i);
  if (argc > 3)
    return EXIT_FAILURE;
  printf("%g %s\n", s, argv[0]);
}
