// RUN: not %xmpcc -emit-mlir %s 2>&1 | FileCheck %s
// An included file may share a data mapping; what runs stays in the file
// being compiled.
#include "Inputs/header-loop.h"
int main(void) { return 0; }
// CHECK-NOT: header-loop.h:1:
// CHECK: header-loop.h:2:1: error: only data-mapping directives (nodes, template, distribute, align, shadow) may stand in an included file; move 'barrier' to the file being compiled
