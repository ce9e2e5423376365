// xmpcc behaves like a C compiler: -c makes an object, objects link, -D and
// -O pass through, -v prints each command.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %xmpcc -v -c -O1 -DN=101 %examples/sum/sum.c -o sum.o 2> %t/log
// RUN: FileCheck %s --check-prefix=VERBOSE < %t/log
// RUN: test -f sum.o
// RUN: %xmpcc sum.o -o prog && %mpirun -np 2 ./prog | FileCheck %s
// VERBOSE: clang-19 -fsyntax-only -fplugin={{.*}}xmp-frontend.so {{.*}}-DN=101
// The translated C keeps the source's name, in a folder that the debug
// information maps to the source's; the C compiler's warnings are off (the
// translation's Clang gave them at the user's columns).
// VERBOSE: mpicc {{.*}}-DN=101 -O1 -fdebug-prefix-map=[[UNIT:.*/0]]={{.*}}/examples/sum -w {{.*}}-c [[UNIT]]/sum.c -o sum.o
// CHECK: sum = 160691.000
