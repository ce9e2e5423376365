// No runtime bound call and no load of an array's layout inside any loop body
// of the plain global-view Himeno (examples/himeno/himeno.c with `loop` for
// `device loop`): xmpcc computes them before the nests and before the time
// steps (Clang's AST of the generated C, read by test/tools/loop-bodies.py).
// The same check finds them in nests whose bounds change in the loops around
// them (the control: the check can fail).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -e 's/#pragma xmp device loop/#pragma xmp loop/' %examples/himeno/himeno.c > %t/himeno.c
// RUN: %xmpcc --gpu=none -I%examples/himeno --emit-c %t/out %t/himeno.c
// RUN: env OMPI_CC=%clang mpicc -fsyntax-only -Xclang -ast-dump=json -I%runtime_include -I%examples/himeno %t/out/himeno.xmp.c > %t/himeno.json
// RUN: python3 %S/../tools/loop-bodies.py --call xmp_rt_loop_bounds --layout _XMP_layout_ < %t/himeno.json | FileCheck %s --check-prefix=HIMENO
// RUN: %xmpcc --emit-c %t/lp %S/loop-prologue.c
// RUN: env OMPI_CC=%clang mpicc -fsyntax-only -Xclang -ast-dump=json -I%runtime_include %t/lp/loop-prologue.xmp.c > %t/lp.json
// RUN: python3 %S/../tools/loop-bodies.py --call xmp_rt_loop_bounds --layout _XMP_layout_ < %t/lp.json | FileCheck %s --check-prefix=CONTROL
// HIMENO: loops {{[1-9][0-9]*}}, calls inside loop bodies 0, layout loads inside loop bodies 0
// HIMENO-NOT: call
// HIMENO-NOT: load
// CONTROL: loops {{[0-9]+}}, calls inside loop bodies {{[1-9][0-9]*}}, layout loads inside loop bodies {{[1-9][0-9]*}}
// CONTROL-DAG: call xmp_rt_loop_bounds_nest in step
// CONTROL-DAG: load _XMP_layout_v.base in step
