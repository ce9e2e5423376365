// bench/cpu (plain global-view Himeno and 2-D Laplace against their serial
// twins and hand-coded MPI versions): at tiny sizes, every parallel version
// gives its serial twin's result at 1-4 ranks, with uneven splits (13 planes
// over 2, 3 and 4 ranks: 7+6, 5+5+3, 4+4+4+1, and over 6 with one node empty;
// 19 rows over 3 and 4), over 1-D
// and 2-D node arrays; and run.py builds, runs, checks and reports them. No
// timing is checked. Every source builds warning-free (-Wall -Wextra -Werror).
//
// Himeno: -b 0.25 makes the stencil's edge terms read p's halo corners. At one
// node Gosa is added in the serial order (equal to the printed digits); on
// several the nodes' sums are added, so 1e-10 relative.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: gcc -std=c11 -O2 -Wall -Wextra -Werror -DMIMAX=13 -DMJMAX=11 -DMKMAX=17 %S/../../bench/cpu/himeno_serial.c -o %t.d/hs
// RUN: mpicc -std=c11 -O2 -Wall -Wextra -Werror -DMIMAX=13 -DMJMAX=11 -DMKMAX=17 %S/../../bench/cpu/himeno_mpi.c -o %t.d/hm
// RUN: %xmpcc -O2 -Wall -Wextra -Werror --cc-warnings -DMIMAX=13 -DMJMAX=11 -DMKMAX=17 %S/../../bench/cpu/himeno_xmp.c -o %t.d/hx
// RUN: %xmpcc -O2 -Wall -Wextra -Werror --cc-warnings -DMIMAX=13 -DMJMAX=11 -DMKMAX=17 -DNDJ=2 %S/../../bench/cpu/himeno_xmp.c -o %t.d/hx2
// RUN: %t.d/hs 4 | grep -e iterations -e Gosa > %t.d/h
// RUN: %t.d/hs -b 0.25 4 | grep -e iterations -e Gosa > %t.d/hb
// RUN: %mpirun -np 1 %t.d/hx 4 > %t.d/x1 && %numcmp --rtol 0 %t.d/h %t.d/x1
// RUN: %mpirun -np 1 %t.d/hx -b 0.25 4 > %t.d/x1b && %numcmp --rtol 0 %t.d/hb %t.d/x1b
// RUN: %mpirun -np 2 %t.d/hx -b 0.25 4 > %t.d/x2b && %numcmp --rtol 1e-10 %t.d/hb %t.d/x2b
// RUN: %mpirun -np 3 %t.d/hx -b 0.25 4 > %t.d/x3b && %numcmp --rtol 1e-10 %t.d/hb %t.d/x3b
// RUN: %mpirun -np 4 %t.d/hx -b 0.25 4 > %t.d/x4b && %numcmp --rtol 1e-10 %t.d/hb %t.d/x4b
// RUN: %mpirun -np 2 %t.d/hx2 -b 0.25 4 > %t.d/y2b && %numcmp --rtol 1e-10 %t.d/hb %t.d/y2b
// RUN: %mpirun -np 4 %t.d/hx2 -b 0.25 4 > %t.d/y4b && %numcmp --rtol 1e-10 %t.d/hb %t.d/y4b
// RUN: %mpirun -np 1 %t.d/hm -b 0.25 4 > %t.d/m1b && %numcmp --rtol 0 %t.d/hb %t.d/m1b
// RUN: %mpirun -np 2 %t.d/hm -b 0.25 4 > %t.d/m2b && %numcmp --rtol 1e-10 %t.d/hb %t.d/m2b
// RUN: %mpirun -np 3 %t.d/hm -b 0.25 4 > %t.d/m3b && %numcmp --rtol 1e-10 %t.d/hb %t.d/m3b
// RUN: %mpirun -np 4 %t.d/hm -b 0.25 4 > %t.d/m4b && %numcmp --rtol 1e-10 %t.d/hb %t.d/m4b
//
// The report of each version: grid, node array, iterations, Gosa, MFLOPS, time.
// RUN: FileCheck %s --check-prefix=XMP < %t.d/y4b
// XMP: himeno xmp: grid 13x11x17
// XMP-NEXT: decomposition 2x2x1
// XMP-NEXT: iterations 4
// XMP-NEXT: Gosa {{[0-9]\.[0-9]+e-[0-9]+}}
// XMP-NEXT: MFLOPS {{[0-9.]+}}
// XMP-NEXT: time {{[0-9.]+}} s
// RUN: FileCheck %s --check-prefix=MPI < %t.d/m3b
// MPI: himeno mpi: grid 13x11x17
// MPI-NEXT: decomposition 3x1x1
// RUN: not %mpirun -np 4 %t.d/hm 4 5 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: usage: {{.*}} [-b B] [iterations]  (grid 13x11x17 set at compile time)
// 13 planes in blocks of 3 over 6 ranks leave the last one none: XMP's block
// distribution gives it no iterations, the hand-coded version refuses.
// RUN: %mpirun -np 6 %t.d/hx -b 0.25 4 > %t.d/x6b && %numcmp --rtol 1e-10 %t.d/hb %t.d/x6b
// RUN: not %mpirun -np 6 %t.d/hm 4 2>&1 | FileCheck %s --check-prefix=FEW
// FEW: himeno_mpi: 13 planes do not give each of 6 ranks a block of 3
//
// Laplace: the fields are bit-identical (checksum of every element's bits) at
// any decomposition; the residual is summed in another order on several nodes.
// RUN: gcc -std=c11 -O2 -Wall -Wextra -Werror -DNX=19 -DNY=14 %S/../../bench/cpu/laplace_serial.c -o %t.d/ls
// RUN: mpicc -std=c11 -O2 -Wall -Wextra -Werror -DNX=19 -DNY=14 %S/../../bench/cpu/laplace_mpi.c -o %t.d/lm
// RUN: %xmpcc -O2 -Wall -Wextra -Werror -DNX=19 -DNY=14 %S/../../bench/cpu/laplace_xmp.c -o %t.d/lx
// RUN: %xmpcc -O2 -Wall -Wextra -Werror -DNX=19 -DNY=14 -DNDJ=2 %S/../../bench/cpu/laplace_xmp.c -o %t.d/ly
// RUN: %t.d/ls 20 > %t.d/l && grep -e iterations -e residual %t.d/l > %t.d/lr && grep checksum %t.d/l > %t.d/lc
// RUN: %mpirun -np 1 %t.d/lx 20 > %t.d/lx1.out && %numcmp --rtol 0 %t.d/lr %t.d/lx1.out && grep checksum %t.d/lx1.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 2 %t.d/lx 20 > %t.d/lx2.out && %numcmp --rtol 1e-10 %t.d/lr %t.d/lx2.out && grep checksum %t.d/lx2.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 3 %t.d/lx 20 > %t.d/lx3.out && %numcmp --rtol 1e-10 %t.d/lr %t.d/lx3.out && grep checksum %t.d/lx3.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 4 %t.d/lx 20 > %t.d/lx4.out && %numcmp --rtol 1e-10 %t.d/lr %t.d/lx4.out && grep checksum %t.d/lx4.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 2 %t.d/ly 20 > %t.d/ly2.out && %numcmp --rtol 1e-10 %t.d/lr %t.d/ly2.out && grep checksum %t.d/ly2.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 4 %t.d/ly 20 > %t.d/ly4.out && %numcmp --rtol 1e-10 %t.d/lr %t.d/ly4.out && grep checksum %t.d/ly4.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 1 %t.d/lm 20 > %t.d/lm1.out && %numcmp --rtol 0 %t.d/lr %t.d/lm1.out && grep checksum %t.d/lm1.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 3 %t.d/lm 20 > %t.d/lm3.out && %numcmp --rtol 1e-10 %t.d/lr %t.d/lm3.out && grep checksum %t.d/lm3.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: %mpirun -np 4 %t.d/lm 20 > %t.d/lm4.out && %numcmp --rtol 1e-10 %t.d/lr %t.d/lm4.out && grep checksum %t.d/lm4.out > %t.d/c && diff %t.d/lc %t.d/c
// RUN: FileCheck %s --check-prefix=LAPLACE < %t.d/ly4.out
// LAPLACE: laplace xmp: grid 19x14
// LAPLACE-NEXT: decomposition 2x2
// LAPLACE-NEXT: iterations 20
// LAPLACE-NEXT: checksum {{[0-9]+}}
// LAPLACE-NEXT: residual {{[0-9]\.[0-9]+e[-+][0-9]+}}
// LAPLACE-NEXT: MFLOPS {{[0-9.]+}}
// LAPLACE-NEXT: time {{[0-9.]+}} s
//
// run.py end to end at a tiny scale (one round; 4 Himeno S iterations, 10
// Laplace iterations on 64x48): the machine, the builds, one row per version
// and rank count, every result agreeing with the serial twin, and the JSON.
// RUN: python3 %S/../../bench/cpu/run.py --xmpcc %xmpcc --sizes S --rounds 1 --scale 0.01 --laplace-grid 64x48 --work %t.d/run --out %t.d/cpu.json 2>/dev/null | FileCheck %s --check-prefix=RUNPY
// RUNPY: machine: {{.+}}, {{[0-9]+}} cores,
// RUNPY: commit {{([0-9a-f]+|unknown \(no git\))}}
// RUNPY: builds:
// RUNPY: gcc -std=c11 -O3 -Wall -Wextra bench/cpu/himeno_serial.c
// RUNPY: xmpcc runs: mpicc {{.*}}-O3 -Wall -Wextra
// RUNPY: program size version ranks iters MFLOPS min-max time s /serial /mpi best/serial other check
// RUNPY-NEXT: himeno S serial 1 4 {{[0-9.]+ [0-9]+-[0-9]+ [0-9.]+}} 1.000 {{[0-9.]+}} 1.000 {{([0-9.]+|-)}} ok
// RUNPY-NEXT: himeno S xmp 1 4 {{[0-9.]+ [0-9]+-[0-9]+ [0-9.]+ [0-9.]+ [0-9.]+ [0-9.]+}} {{([0-9.]+|-)}} ok
// RUNPY-NEXT: himeno S xmp 2 4 {{[0-9.]+ [0-9]+-[0-9]+ [0-9.]+ [0-9.]+ [0-9.]+ [0-9.]+}} {{([0-9.]+|-)}} ok
// RUNPY-NEXT: himeno S mpi 1 4 {{[0-9.]+ [0-9]+-[0-9]+ [0-9.]+ [0-9.]+}} 1.000 {{[0-9.]+}} {{([0-9.]+|-)}} ok
// RUNPY-NEXT: himeno S mpi 2 4 {{[0-9.]+ [0-9]+-[0-9]+ [0-9.]+ [0-9.]+}} 1.000 {{[0-9.]+}} {{([0-9.]+|-)}} ok
// RUNPY-NEXT: laplace 64x48 serial 1 10 {{[0-9.]+ [0-9]+-[0-9]+ [0-9.]+}} 1.000 {{[0-9.]+}} 1.000 {{([0-9.]+|-)}} ok
// RUNPY-NEXT: laplace 64x48 xmp 1 10 {{.*}} ok
// RUNPY-NEXT: laplace 64x48 xmp 2 10 {{.*}} ok
// RUNPY-NEXT: laplace 64x48 mpi 1 10 {{.*}} ok
// RUNPY-NEXT: laplace 64x48 mpi 2 10 {{.*}} ok
// RUNPY-NEXT: wrote {{.*}}cpu.json
// RUN: python3 -c "import json; d = json.load(open('%t.d/cpu.json')); print(len(d['runs']), all(r['agrees'] for r in d['runs']), sorted(d['machine']))" | FileCheck %s --check-prefix=JSON
// JSON: 10 True ['commit', 'cores', 'cpu', {{.*}}'host'
// RUN: not python3 %S/../../bench/cpu/run.py --xmpcc %xmpcc --sizes XL 2>&1 | FileCheck %s --check-prefix=BADSIZE
// BADSIZE: --sizes: 'XL' is not one of S, M
