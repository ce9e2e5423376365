// bench/sloc/sloc.py: counts exactly on fixtures (comments, strings, continued
// directives, the first API identifier of a line; missing versions are "not
// yet"), then prints every row for the repository's examples with positive
// counts where the versions use directives or APIs.
// RUN: python3 %S/../../bench/sloc/sloc.py --examples %S/Inputs/sloc | FileCheck %s --check-prefix=FIX
// FIX: program version xmp MPI CUDA StarPU xmp API other total /serial /hand-coded
// FIX-NEXT: himeno serial not yet (himeno_serial.c missing)
// FIX-NEXT: himeno directives not yet (himeno.c missing)
// FIX-NEXT: himeno xacc not yet (himeno_acc.c missing)
// FIX-NEXT: himeno hand-coded not yet (himeno_mpi_cuda.cu missing)
// FIX-NEXT: nbody serial 0 0 0 0 0 4 4 1.00 0.36
// FIX-NEXT: nbody directives 3 0 0 0 1 4 8 2.00 0.73
// FIX-NEXT: nbody hand-coded 0 2 2 2 0 5 11 2.75 1.00
// FIX-NEXT: laplace serial not yet (laplace_serial.c missing)
// FIX-NEXT: laplace directives not yet (laplace.c missing)
// FIX-NEXT: laplace xmp-dev not yet (laplace_dev.c missing)
// FIX-NEXT: laplace xacc 4 0 0 0 1 6 11 - -
//
// RUN: python3 %S/../../bench/sloc/sloc.py | FileCheck %s --check-prefix=REPO
// REPO: program version xmp MPI CUDA StarPU xmp API other total /serial /hand-coded
// REPO-NEXT: himeno serial 0 0 0 0 0 [[S:[1-9][0-9]*]] [[S]] 1.00 {{0\.[0-9]+$}}
// REPO-NEXT: himeno directives {{(not yet \(himeno.c missing\)|[1-9][0-9]* [0-9]+ [0-9]+ [0-9]+ [0-9]+ [1-9][0-9]* [1-9][0-9]* [0-9.]+ [0-9.]+)$}}
// REPO-NEXT: himeno xacc {{[1-9][0-9]*}} 0 0 0 {{[0-9]+ [1-9][0-9]* [1-9][0-9]* [0-9.]+ [0-9.]+$}}
// REPO-NEXT: himeno hand-coded 0 {{[1-9][0-9]*}} {{[1-9][0-9]*}} 0 0 {{[1-9][0-9]* [1-9][0-9]* [0-9]+\.[0-9]+}} 1.00
// REPO-NEXT: nbody serial 0 0 0 0 0 [[N:[1-9][0-9]*]] [[N]] 1.00 {{0\.[0-9]+$}}
// REPO-NEXT: nbody directives {{[1-9][0-9]*}} 0 0 0 {{[0-9]+ [1-9][0-9]* [1-9][0-9]* [0-9]+\.[0-9]+ 0\.[0-9]+$}}
// REPO-NEXT: nbody hand-coded 0 {{[1-9][0-9]* [1-9][0-9]* [1-9][0-9]*}} 0 {{[1-9][0-9]* [1-9][0-9]* [0-9]+\.[0-9]+}} 1.00
// REPO-NEXT: laplace serial 0 0 0 0 0 [[L:[1-9][0-9]*]] [[L]] 1.00 -
// REPO-NEXT: laplace directives {{[1-9][0-9]*}} 0 0 0 {{[0-9]+ [1-9][0-9]* [1-9][0-9]* [0-9.]+}} -
// REPO-NEXT: laplace xmp-dev {{[1-9][0-9]*}} 0 0 0 {{[0-9]+ [1-9][0-9]* [1-9][0-9]* [0-9.]+}} -
// REPO-NEXT: laplace xacc {{[1-9][0-9]*}} 0 0 0 {{[0-9]+ [1-9][0-9]* [1-9][0-9]* [0-9.]+}} -
//
// RUN: not python3 %S/../../bench/sloc/sloc.py --examples %t.none 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: sloc: --examples {{.*}}: no such folder
