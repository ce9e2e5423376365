#!/usr/bin/env bash
# gpu-check.sh - the XMP-dev checks on a GPU machine (no LLVM, no registry there).
#
#   bash scripts/gpu-check.sh prepare   # here: translate the programs (xmpcc --emit-c) and
#                                       # put them and StarPU's source into .gpu/ (ignored)
#   bash scripts/gpu-check.sh run       # there, from the repository root, with .gpu carried:
#                                       # build StarPU with CUDA (scripts/setup-deps.sh) and
#                                       # libxmp (CMake, runtime only), build the programs with
#                                       # their generated makefiles, check them against their
#                                       # serial twins at CPU weights 0, 0.3 and 1 (and the
#                                       # runtime's automatic balancing) on 1 and
#                                       # (with 2 GPUs) 2 ranks, trace the host<->device
#                                       # transfers per step, and print a table last;
#                                       # first the runtime's own device tests with CUDA
#                                       # workers (test/runtime/unit/test_dev_*); then the
#                                       # hand-coded versions (see `himeno`) and N-body by
#                                       # MPI + StarPU against the serial twin.
#   bash scripts/gpu-check.sh stencil   # there: test/e2e/device-stencil.c (tiled stencil
#                                       # kernels) on 1-4 ranks at CPU weights 0 and 0.3;
#                                       # also part of `run`.
#   bash scripts/gpu-check.sh halo      # there: device halo faces (reflect ... acc) with
#                                       # XMP_COMM=mpi, direct (CUDA IPC), direct-kernel
#                                       # (kernel stores) and auto on 2 ranks
#                                       # (sharing one GPU where there is one): laplace_dev
#                                       # and the e2e reflect-acc program against serial
#                                       # references, then Himeno M's MFLOPS per path
#                                       # (direct-kernel: the kernel-store path).
#   bash scripts/gpu-check.sh halo-bench # there: bench/halo on 2 ranks (one GPU each):
#                                       # device faces of 1 KiB..16 MiB per face type and
#                                       # path (copy engines, kernel stores, MPI, auto) and
#                                       # the hand-written CUDA IPC + MPI exchange; the
#                                       # table last (JSON in $OUT/halo-bench/halo.json).
#   bash scripts/gpu-check.sh halo-order # there (3 or more GPUs): bench/halo on every GPU with
#                                       # the faces all at once and phased by direction
#                                       # (XMP_HALO_ORDER), copy engines and kernel stores;
#                                       # bench/halo/order.py's table last.
#   bash scripts/gpu-check.sh halo-debug # there: bench/halo's shadow check of the kernel-
#                                       # store path alone (XMP_COMM=direct-kernel, faces of
#                                       # 1-64 KiB, 3 executions per batch) on 2 ranks, once
#                                       # plain and once with each rank under compute-sanitizer
#                                       # memcheck; one line per run last.
#   bash scripts/gpu-check.sh coll      # there: the hybrid collectives on device buffers:
#                                       # test_mpi_coll (every collective, operator, type and
#                                       # root against a serial computation) on 1..#GPUs ranks
#                                       # under XMP_COMM=auto|direct|mpi, XMP_COLL_ALGO=mpi
#                                       # and subclusters of half, then bench/coll --device (hybrid vs MPI
#                                       # host-staged vs NCCL from PyTorch's nvidia-nccl pip
#                                       # package) as one domain and as two subclusters.
#   bash scripts/gpu-check.sh coll-bench # there: bench/coll --device alone, one domain, with
#                                       # XMP_COMM_REPORT=1 (the measured choices in
#                                       # $OUT/coll-bench-report.log); COLL_BENCH_ARGS adds
#                                       # arguments (--max BYTES, --iters N).
#   bash scripts/gpu-check.sh coll-debug # there: those checks on 2 ranks under XMP_COMM=direct
#                                       # and auto, plain and under compute-sanitizer memcheck;
#                                       # the logs' last lines (coll-debug-*.log in OUT).
#   bash scripts/gpu-check.sh worksharing [PROG...] # there, after bench/worksharing/
#                                       # prepare.sh here: run.py on .gpu/bench's programs
#                                       # (all, or those named; WS_REPEAT repeats, default 3),
#                                       # the table last; each loop's weights, times and
#                                       # periods per step in $OUT/worksharing-steps.txt.
#   bash scripts/gpu-check.sh himeno-tiles # there: Himeno L and XL (directives, one GPU) with
#                                       # the kernels built several ways (tile shape, walk,
#                                       # untiled; HIMENO_TILE_VARIANTS), next to the hand-
#                                       # coded version; ncu times of the stencil kernels.
#   bash scripts/gpu-check.sh exec      # there: device loops' executors and defaults (issue 22):
#                                       # the runtime's device tests, the stencil checks, Himeno M
#                                       # against the serial Gosa and the halo programs against
#                                       # their references under the direct executor, StarPU's,
#                                       # CPU shares, GPU only (XMP_STARPU_NCPU=0, STARPU_NCPU=0),
#                                       # the defaults and XMP_GPUS_PER_NODE; then Himeno S and L:
#                                       # direct against StarPU's executor, the hand-coded
#                                       # version with the copy loop and swapping, the defaults
#                                       # against XMP_GPUS_PER_NODE=1 (and 2 on two GPUs); the
#                                       # trace's summary and, where nsys is, its NVTX ranges.
#   bash scripts/gpu-check.sh timeline  # there: Himeno M (1-D, 2-D) on 1..#GPUs ranks under
#                                       # XMP_DEV_TIMELINE=1 beside the hand-coded version
#                                       # (TIMELINE_ITER iterations, default 2000): per
#                                       # directive its GPU time and the stream's idle time.
#   bash scripts/gpu-check.sh ooc       # there (one GPU is enough): out-of-core device loops
#                                       # (issue 27): the bus's copy bandwidth (bench/ooc/
#                                       # bus_bw.cu); the e2e out-of-core program, N-body and
#                                       # Himeno M with XMP_DEV_MEM_LIMIT at a quarter / 40% of
#                                       # their data against references; Himeno L in core and at
#                                       # 40%: its rate against the bound that the bandwidth
#                                       # gives for the bytes it loaded (XMP_DEV_TRACE's totals),
#                                       # the hand-coded version beside; the table last.
#   bash scripts/gpu-check.sh xacc      # there: XcalableACC: laplace_acc, himeno_acc and the
#                                       # e2e xacc program on GPUs at CPU weights 0, 0.3 and
#                                       # auto against references, then Himeno L with `acc`
#                                       # next to the `device loop` version (one GPU).
#   bash scripts/gpu-check.sh himeno    # there: only Himeno by MPI + CUDA (no StarPU):
#                                       # Gosa against the serial one on 1-4 ranks (CUDA IPC
#                                       # and MPI faces), and L and XL on one GPU as a
#                                       # fraction of the copy-bandwidth roofline.
#
# Environment for `run`: OUT (where logs go, default .gpu/out), NBODY_NP, MATMUL_N, STEPS;
# for Himeno HIMENO_SIZE, HIMENO_ITER (the correctness check, default M and 20); for `halo`
# HALO_REPEAT (runs of each case without the report, default 1).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gpu=$root/.gpu
NBODY_NP=${NBODY_NP:-16384}
MATMUL_N=${MATMUL_N:-1024}
STEPS=${STEPS:-5}
HIMENO_SIZE=${HIMENO_SIZE:-M}
HIMENO_ITER=${HIMENO_ITER:-20}

prepare() {
  local xmpcc=${XMPCC:-$root/build/bin/xmpcc}
  [ -x "$xmpcc" ] || { echo "gpu-check: build xmpcc first (scripts/build.sh)" >&2; exit 1; }
  rm -rf "$gpu/progs" && mkdir -p "$gpu/progs" "$gpu/starpu-src"
  "$xmpcc" --emit-c "$gpu/progs/nbody" -DNP="$NBODY_NP" -O3 "$root/examples/nbody/nbody.c" \
    -o nbody -lm
  "$xmpcc" --emit-c "$gpu/progs/matmul" -DN="$MATMUL_N" -O3 "$root/examples/matmul/matmul.c" \
    -o matmul
  # Himeno with directives: grid and node array are compile-time (see himeno_xmp).
  local c name flags
  for c in "S -DHIMENO_SIZE_S" "M-1d -DHIMENO_SIZE_M" "M-2d -DHIMENO_SIZE_M -DNDJ=2" \
    "L -DHIMENO_SIZE_L" "XL -DHIMENO_SIZE_XL"; do
    read -r name flags <<<"$c"
    # shellcheck disable=SC2086 # flags are words
    "$xmpcc" --emit-c "$gpu/progs/himeno-$name" $flags -O3 "$root/examples/himeno/himeno.c" \
      -o himeno
  done
  # Device halo faces (`halo`): the Laplace device version and the e2e reflect-acc program.
  "$xmpcc" --emit-c "$gpu/progs/laplace-1x2" -DYNODES=1 -DXNODES=2 -O3 \
    "$root/examples/laplace/laplace_dev.c" -o laplace
  "$xmpcc" --emit-c "$gpu/progs/laplace-p2x1" -DPERIODIC -DYNODES=2 -DXNODES=1 -O3 \
    "$root/examples/laplace/laplace_dev.c" -o laplace
  "$xmpcc" --emit-c "$gpu/progs/reflect-acc" -DNDX=1 -O3 "$root/test/e2e/reflect-acc.c" \
    -o reflect-acc
  # XcalableACC (`xacc`): the thesis's listings as programs and the e2e XACC program.
  for c in "1x1 -DYNODES=1 -DXNODES=1" "1x2 -DYNODES=1 -DXNODES=2"; do
    read -r name flags <<<"$c"
    # shellcheck disable=SC2086 # flags are words
    "$xmpcc" --emit-c "$gpu/progs/xacc-laplace-$name" $flags -O3 \
      "$root/examples/laplace/laplace_acc.c" -o laplace
  done
  for c in "M-1d -DHIMENO_SIZE_M" "M-2d -DHIMENO_SIZE_M -DNDJ=2" "L -DHIMENO_SIZE_L"; do
    read -r name flags <<<"$c"
    # shellcheck disable=SC2086 # flags are words
    "$xmpcc" --emit-c "$gpu/progs/xacc-himeno-$name" $flags -O3 \
      "$root/examples/himeno/himeno_acc.c" -o himeno
  done
  "$xmpcc" --emit-c "$gpu/progs/xacc" -O3 "$root/test/e2e/xacc.c" -o xacc
  "$xmpcc" --emit-c "$gpu/progs/xacc-openacc" -O3 "$root/test/e2e/xacc-openacc.c" -o xacc-openacc
  # Device loops with tiled stencil kernels (`stencil`), 1-D and 2-D node arrays.
  "$xmpcc" --emit-c "$gpu/progs/stencil-1d" -O3 "$root/test/e2e/device-stencil.c" -o stencil
  "$xmpcc" --emit-c "$gpu/progs/stencil-2d" -DNDJ=2 -O3 "$root/test/e2e/device-stencil.c" \
    -o stencil
  # Out-of-core device loops (`ooc`).
  "$xmpcc" --emit-c "$gpu/progs/ooc" -O3 "$root/test/e2e/device-out-of-core.c" -o ooc
  cp "${XMPCC_DEPS:-/opt/xmpcc-deps}"/src/starpu_1.4.10* "$gpu/starpu-src/"
  echo "$NBODY_NP $MATMUL_N" >"$gpu/progs/sizes"
  du -sh "$gpu"
}

DEPS=/tmp/xmpcc-deps

# StarPU with CUDA (scripts/setup-deps.sh, from the carried source) and libxmp (CMake, runtime
# only), once per machine.
build_stack() {
  local out=$1 t0
  t0=$(date +%s)
  XMPCC_NO_APT=1 XMPCC_DEPS=$DEPS STARPU_TARBALL_DIR=$gpu/starpu-src \
    bash "$root/scripts/setup-deps.sh" >"$out/setup.log" 2>&1 || { tail -30 "$out/setup.log"; exit 1; }
  cmake -G Ninja -S "$root" -B /tmp/xmp-rt -DXMPCC_RUNTIME_ONLY=ON -DXMPCC_DEPS=$DEPS \
    -DCMAKE_BUILD_TYPE=Release >"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
  ninja -C /tmp/xmp-rt xmp >"$out/ninja.log" 2>&1 || { tail -30 "$out/ninja.log"; exit 1; }
  echo "built StarPU and libxmp in $(($(date +%s) - t0)) s"
}

# Programs translated here (folders with a generated Makefile), built there with CUDA.
build_programs() {
  local out=$1 d
  shift
  for d in "$@"; do
    make_program "$out" "$d"
  done
}

# make_program OUT DIR [MAKE ARGS...]: one translated program built with CUDA; log in OUT.
make_program() {
  local out=$1 d=$2 log
  shift 2
  log=$out/make-$(basename "$d").log
  make -s -C "$d" XMP_INCLUDE="$root/runtime/include" XMP_LIBDIR=/tmp/xmp-rt/lib \
    STARPU_PREFIX=$DEPS/starpu XMP_GPU=cuda CUDA_ARCH=sm_90 "$@" >"$log" 2>&1 ||
    { tail -30 "$log"; exit 1; }
}

# build_variant OUT SRC DIR FLAGS: a copy of translated program SRC as DIR (beside it: its
# source path is relative), its kernels built with nvcc FLAGS besides -fmad=false.
build_variant() {
  local out=$1 dir=$3
  rm -rf "$dir" && cp -r "$2" "$dir"
  make -s -C "$dir" clean >/dev/null
  make_program "$out" "$dir" NVCCFLAGS="-fmad=false $4"
}

# Work sharing (issue 5): GPU only, CPU only, auto from 0 and from 0.5 and the thesis's rule
# per program (bench/worksharing/run.py), then the auto runs step by step (steps.py).
worksharing() {
  local out=$1 progs=() p
  shift
  if [ $# -eq 0 ]; then
    for p in "$gpu"/bench/*/; do progs+=("${p%/}"); done
  else
    for p in "$@"; do progs+=("$gpu/bench/$p"); done
  fi
  build_programs "$out" "${progs[@]}"
  PYTHONUNBUFFERED=1 python3 "$root/bench/worksharing/run.py" --out "$out/worksharing" \
    --repeat "${WS_REPEAT:-3}" "${progs[@]}" | tee "$out/worksharing.txt"
  python3 "$root/bench/worksharing/steps.py" "$out/worksharing" >"$out/worksharing-steps.txt"
}

# The number of GPUs this machine shows.
gpu_count() { nvidia-smi -L | grep -c GPU || true; }

setup_env() {
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export NCCL_NVLS_ENABLE=0 # never NVLink multicast on these shared machines
}

# `build DIR...`: the stack and the given program folders (for bench/ scripts).
build() {
  local out=${OUT:-$gpu/out}
  mkdir -p "$out"
  setup_env
  build_stack "$out"
  build_programs "$out" "$@"
}

run() {
  local out=${OUT:-$gpu/out}
  mkdir -p "$out"
  setup_env
  read -r np_nbody n_matmul <"$gpu/progs/sizes"
  build_stack "$out"
  runtime_tests "$DEPS/starpu" "$out"
  build_programs "$out" "$gpu/progs/nbody" "$gpu/progs/matmul"
  gcc -O3 -DNP="$np_nbody" "$root/examples/nbody/nbody_serial.c" -o /tmp/nbody_serial -lm
  gcc -O3 -DN="$n_matmul" "$root/examples/matmul/matmul_serial.c" -o /tmp/matmul_serial
  /tmp/nbody_serial 0 "$STEPS" >"$out/nbody.ref"
  /tmp/matmul_serial 0 "$STEPS" >"$out/matmul.ref"

  local ngpu ranks=(1) table=$out/table.txt
  ngpu=$(gpu_count)
  [ "$ngpu" -ge 2 ] && ranks+=(2)
  nvidia-smi -L >"$out/gpus.txt" 2>&1 || true
  printf '%-7s %-5s %-6s %-6s %-9s %-9s %-24s %s\n' program ranks weight result \
    "cpu ms" "gpu ms" "h2d step 0 (n:bytes)" "h2d last step" >"$table"
  for p in nbody matmul; do
    for r in "${ranks[@]}"; do
      for w in 0 0.3 1 auto; do
        local log=$out/$p-np$r-w$w.log result=ok policy=manual arg=$w
        [ "$w" = auto ] && policy=auto arg=-
        XMP_BALANCE=$policy XMP_DEV_TRACE=1 mpirun --allow-run-as-root --oversubscribe \
          --bind-to none -np "$r" "$gpu/progs/$p/$p" "$arg" "$STEPS" >"$log" 2>&1 || result=FAIL
        python3 "$root/test/e2e/Inputs/numcmp.py" "$out/$p.ref" "$log" >>"$log" 2>&1 ||
          result=WRONG
        summarize "$p" "$r" "$w" "$result" "$log" >>"$table"
      done
    done
  done
  nbody_handcoded "$out" "$np_nbody" "${ranks[@]}"
  stencil "$out"
  himeno "$out"
  echo
  cat "$table" "$out/nbody-handcoded.txt" "$out/stencil.txt" "$out/himeno.txt"
}

# test/e2e/device-stencil.c (tiled stencil kernels and the loops that fall back to plain ones)
# on GPUs: arrays and sums against its serial computation at CPU weights 0 and 0.3 (the GPU's
# part of each loop then starts and ends inside the arrays), on 1-4 ranks over 1-D and 2-D node
# arrays (ranks beyond the GPUs share them).
stencil() {
  local out=$1 table=$1/stencil.txt c prog np w
  build_programs "$out" "$gpu/progs/stencil-1d" "$gpu/progs/stencil-2d"
  printf '%-11s %-5s %-6s %s\n' program ranks weight result >"$table"
  for c in "1d 1" "1d 3" "2d 2" "2d 4"; do
    read -r prog np <<<"$c"
    for w in 0 0.3; do
      local log=$out/stencil-$prog-np$np-w$w.log result=ok
      XMP_BALANCE=fixed XMP_CPU_WEIGHT=$w "${MPIRUN[@]}" -np "$np" \
        "$gpu/progs/stencil-$prog/stencil" >"$log" 2>&1 || result=FAIL
      grep -q '^device stencil: 0 wrong of 15876$' "$log" || result=WRONG
      printf '%-11s %-5s %-6s %s\n' "stencil-$prog" "$np" "$w" "$result" >>"$table"
    done
  done
}

MPIRUN=(mpirun --allow-run-as-root --oversubscribe --bind-to none)

# examples/nbody/nbody_mpi_starpu.c with CUDA codelets against the serial checksums
# ($out/nbody.ref, same NP) at CPU weights 0, 0.3 and 1 on the given rank counts.
nbody_handcoded() {
  local out=$1 np=$2 b=/tmp/nbody-handcoded table=$1/nbody-handcoded.txt r w
  shift 2
  make -s -C "$root/examples/nbody" O=$b NP="$np" STARPU_PREFIX=$DEPS/starpu cuda \
    >"$out/make-nbody-handcoded.log" 2>&1 || { tail -30 "$out/make-nbody-handcoded.log"; exit 1; }
  printf '%-17s %-5s %-6s %-6s %s\n' program ranks weight result time >"$table"
  for r in "$@"; do
    for w in 0 0.3 1; do
      local log=$out/nbody-handcoded-np$r-w$w.log result=ok
      "${MPIRUN[@]}" -np "$r" $b/nbody_mpi_starpu_cuda "$w" "$STEPS" >"$log" 2>&1 || result=FAIL
      python3 "$root/test/e2e/Inputs/numcmp.py" "$out/nbody.ref" "$log" >>"$log" 2>&1 ||
        result=WRONG
      printf '%-17s %-5s %-6s %-6s %s\n' nbody-mpi-starpu "$r" "$w" "$result" \
        "$(grep -o 'time=[0-9.]* s' "$log" || echo -)" >>"$table"
    done
  done
}

# The hand-coded Himeno (serial and MPI + CUDA) into $2; its log under $1.
build_himeno_hand() {
  make -s -C "$root/examples/himeno" O="$2" all cuda >"$1/make-himeno.log" 2>&1 ||
    { tail -30 "$1/make-himeno.log"; exit 1; }
}

# Iterations of a Himeno run of size $1: L and XL for about a second of GPU time each, any
# other size HIMENO_ITER.
himeno_iter() {
  case $1 in L) echo 300 ;; XL) echo 60 ;; *) echo "$HIMENO_ITER" ;; esac
}

# examples/himeno/himeno_mpi_cuda.cu: Gosa against the serial version's (1e-5 relative) on
# 1-4 ranks over 1-D, 2-D and 3-D process grids (ranks beyond the GPUs share them, so CUDA
# IPC is exercised on one GPU too), forced MPI faces, then L and XL on one GPU with
# --roofline (kernel MFLOPS over what the measured copy bandwidth allows; SLOW below 0.70).
himeno() {
  local out=$1 b=/tmp/himeno table=$1/himeno.txt c np grid halo size
  build_himeno_hand "$out" "$b"
  "$b/himeno_serial" "$HIMENO_SIZE" "$HIMENO_ITER" | grep -e iterations -e Gosa >"$out/himeno.ref"
  printf '%-6s %-5s %-6s %-5s %-6s %-12s %s\n' size ranks grid halo result MFLOPS \
    "roofline fraction" >"$table"
  for c in "1 1x1x1 auto $HIMENO_SIZE" "2 2x1x1 auto $HIMENO_SIZE" "2 1x1x2 mpi $HIMENO_SIZE" \
    "3 1x3x1 auto $HIMENO_SIZE" "4 2x1x2 auto $HIMENO_SIZE" "1 1x1x1 auto L" "1 1x1x1 auto XL"; do
    read -r np grid halo size <<<"$c"
    local log=$out/himeno-$size-np$np-$grid-$halo.log result=ok extra=()
    case $size in L | XL) extra=(--roofline) ;; esac
    "${MPIRUN[@]}" -np "$np" "$b/himeno_mpi_cuda" -d "$grid" --halo "$halo" "${extra[@]}" \
      "$size" "$(himeno_iter "$size")" >"$log" 2>&1 || result=FAIL
    if [ "$size" = "$HIMENO_SIZE" ]; then
      python3 "$root/test/e2e/Inputs/numcmp.py" --rtol 1e-5 "$out/himeno.ref" "$log" \
        >>"$log" 2>&1 || result=WRONG
    elif [ $result = ok ] && ! awk '/^roofline fraction/ {ok = $3 >= 0.70} END {exit !ok}' "$log"
    then
      result=SLOW # the kernel's goal: 70% of the copy-bandwidth roofline at L and XL
    fi
    printf '%-6s %-5s %-6s %-5s %-6s %-12s %s\n' "$size" "$np" "$grid" "$halo" "$result" \
      "$(awk '/^MFLOPS/ {print $2}' "$log")" "$(awk '/^roofline fraction/ {print $3}' "$log")" \
      >>"$table"
  done
}

# examples/himeno/himeno.c (directives), translated by `prepare`: Gosa of size M against the
# serial one (1e-5 relative) on 1 and 2 ranks over 1-D and 2-D node arrays, then L and XL on one
# GPU at CPU weight 0 and with the automatic balance, next to the hand-coded version (same
# run, --roofline: the copy-bandwidth roofline it measures). Columns: MFLOPS, fraction of the
# roofline, ratio to the hand-coded MFLOPS.
himeno_xmp() {
  local out=$1 b=/tmp/himeno table=$1/himeno-xmp.txt c np prog size policy
  build_himeno_hand "$out" "$b"
  build_programs "$out" "$gpu"/progs/himeno-*
  # L and XL once more with the stencil loop's plain kernel (XMP_DEV_TILE=0), for the same run's
  # comparison with the tiled one.
  for size in L XL; do
    build_variant "$out" "$gpu/progs/himeno-$size" "$gpu/progs/himeno-$size-untiled" \
      -DXMP_DEV_TILE=0
  done
  "$b/himeno_serial" M "$HIMENO_ITER" | grep -e iterations -e Gosa >"$out/himeno-M.ref"
  for size in L XL; do
    "${MPIRUN[@]}" -np 1 "$b/himeno_mpi_cuda" --roofline "$size" "$(himeno_iter "$size")" \
      >"$out/himeno-hand-$size.log" 2>&1 || true
  done
  printf '%-8s %-5s %-7s %-6s %-12s %-9s %s\n' program ranks balance result MFLOPS roofline \
    "vs hand" >"$table"
  local rows=("M-1d 1 fixed" "M-1d 2 fixed" "M-2d 2 fixed" "M-2d 2 auto" "L 1 fixed"
    "L-untiled 1 fixed" "L 1 auto" "XL 1 fixed" "XL-untiled 1 fixed" "XL 1 auto")
  [ "$(gpu_count)" -ge 2 ] && rows+=("L 2 fixed" "XL 2 fixed")
  for c in "${rows[@]}"; do
    read -r prog np policy <<<"$c"
    size=${prog%%-*}
    local log=$out/himeno-xmp-$prog-np$np-$policy.log result=ok hand
    # One GPU per rank (a rank given two would split each loop between them).
    XMP_GPUS_PER_NODE=1 XMP_BALANCE=$policy XMP_CPU_WEIGHT=0 "${MPIRUN[@]}" -np "$np" \
      "$gpu/progs/himeno-$prog/himeno" "$(himeno_iter "$size")" >"$log" 2>&1 || result=FAIL
    if [ "$size" = M ]; then
      python3 "$root/test/e2e/Inputs/numcmp.py" --rtol 1e-5 "$out/himeno-M.ref" "$log" \
        >>"$log" 2>&1 || result=WRONG
    fi
    local mflops roof_mflops="" hand_mflops=""
    mflops=$(awk '/^MFLOPS/ {print $2}' "$log")
    if [ "$size" != M ] && [ "$np" = 1 ]; then
      hand=$out/himeno-hand-$size.log
      roof_mflops=$(awk '/^roofline MFLOPS/ {print $3}' "$hand")
      hand_mflops=$(awk '/^MFLOPS/ {print $2}' "$hand")
    fi
    printf '%-8s %-5s %-7s %-6s %-12s %-9s %s\n' "$prog" "$np" "$policy" "$result" "$mflops" \
      "$(ratio "$mflops" "$roof_mflops")" "$(ratio "$mflops" "$hand_mflops")" >>"$table"
  done
  for size in L XL; do
    printf 'hand-coded %-3s MFLOPS %s, roofline fraction %s\n' "$size" \
      "$(awk '/^MFLOPS/ {print $2}' "$out/himeno-hand-$size.log")" \
      "$(awk '/^roofline fraction/ {print $3}' "$out/himeno-hand-$size.log")" >>"$table"
  done
}

# Out-of-core device loops (issue 27) on one GPU: correctness under XMP_DEV_MEM_LIMIT, then
# Himeno L's rate in core and with the limit at 40% of its data, against the bound the bus
# allows for the bytes the out-of-core executions loaded.
ooc() {
  local out=$1 b=/tmp/himeno table=$1/ooc.txt np_nbody r log
  read -r np_nbody _ <"$gpu/progs/sizes"
  build_himeno_hand "$out" "$b"
  build_programs "$out" "$gpu/progs/himeno-M-1d" "$gpu/progs/himeno-L" "$gpu/progs/nbody" \
    "$gpu/progs/ooc"
  nvcc -O2 -arch=sm_90 "$root/bench/ooc/bus_bw.cu" -o /tmp/bus_bw
  /tmp/bus_bw >"$out/bus.txt" 2>&1
  gcc -O3 -DNP="$np_nbody" "$root/examples/nbody/nbody_serial.c" -o /tmp/nbody_serial -lm
  /tmp/nbody_serial 0 "$STEPS" >"$out/nbody.ref"
  "$b/himeno_serial" M "$HIMENO_ITER" | grep -e iterations -e Gosa >"$out/himeno-M.ref"
  printf '%-34s %-6s %s\n' check result detail >"$table"
  # the e2e program's limits (a quarter of each node's data); on the GPU, not CPU workers
  for c in "1 54000" "2 27400"; do
    read -r np lim <<<"$c"
    [ "$np" -le "$(gpu_count)" ] || continue
    log=$out/ooc-e2e-np$np.log r=ok
    XMP_DEV_MEM_LIMIT=$lim XMP_DEV_TRACE=1 "${MPIRUN[@]}" -np "$np" "$gpu/progs/ooc/ooc" \
      >"$log" 2>&1 || r=FAIL
    grep -q "out of core: 0 wrong of 20160, sums 0 wrong" "$log" || r=WRONG
    grep -q "executor out of core" "$log" || r=IN-CORE
    printf '%-34s %-6s %s\n' "e2e out-of-core np$np" "$r" "$(grep -m1 'wrong of' "$log")" \
      >>"$table"
  done
  log=$out/ooc-nbody.log r=ok
  XMP_DEV_MEM_LIMIT=$((7 * np_nbody * 8 / 4)) XMP_DEV_TRACE=1 "${MPIRUN[@]}" -np 1 \
    "$gpu/progs/nbody/nbody" 0 "$STEPS" >"$log" 2>&1 || r=FAIL
  python3 "$root/test/e2e/Inputs/numcmp.py" "$out/nbody.ref" "$log" >>"$log" 2>&1 || r=WRONG
  grep -q "executor out of core" "$log" || r=IN-CORE
  printf '%-34s %-6s %s\n' "nbody NP=$np_nbody at 1/4" "$r" \
    "$(grep -m1 'trace: out of core: .* executions' "$log" | sed 's/.*trace: //')" >>"$table"
  # Himeno: the data's bytes from the grid (14 arrays of floats; p's shadow planes aside)
  local grid bytes mflops_in mflops_hand
  for size in M-1d L; do
    local prog=$gpu/progs/himeno-$size/himeno iters
    iters=$(himeno_iter "${size%%-*}")
    grid=$([ "$size" = L ] && echo 256x256x512 || echo 128x128x256) # himeno_size.h
    bytes=$(awk -v g="$grid" 'BEGIN { split(g, d, "x"); printf "%.0f", 14 * 4 * d[1] * d[2] * d[3] }')
    log=$out/ooc-himeno-$size-incore.log
    "${MPIRUN[@]}" -np 1 "$prog" "$iters" >"$log" 2>&1 || true
    mflops_in=$(awk '/^MFLOPS/ {print $2}' "$log")
    log=$out/ooc-himeno-$size-40.log r=ok
    XMP_DEV_MEM_LIMIT=$((bytes * 40 / 100)) "${MPIRUN[@]}" -np 1 "$prog" "$iters" >"$log" 2>&1 ||
      r=FAIL
    local mflops_ooc time_ooc
    mflops_ooc=$(awk '/^MFLOPS/ {print $2}' "$log")
    time_ooc=$(awk '/^time/ {print $2}' "$log")
    # Gosa: M against the serial version's, L (300 iterations: too long serially) against
    # the in-core run's
    local ref=$out/himeno-M.ref
    if [ "$size" = L ]; then
      ref=$out/himeno-L-incore.ref
      grep -e iterations -e Gosa "$out/ooc-himeno-$size-incore.log" >"$ref"
    fi
    python3 "$root/test/e2e/Inputs/numcmp.py" --rtol 1e-5 "$ref" "$log" >>"$log" 2>&1 || r=WRONG
    # the same run traced: bytes loaded per execution of each loop
    XMP_DEV_MEM_LIMIT=$((bytes * 40 / 100)) XMP_DEV_TRACE=1 "${MPIRUN[@]}" -np 1 "$prog" \
      "$iters" >"$log.trace" 2>&1 || r=FAIL
    grep -q "executor out of core" "$log.trace" || r=IN-CORE
    printf '%-34s %-6s in core %s MFLOPS, at 40%% %s MFLOPS (%s of in core); Gosa %s, in core %s\n' \
      "himeno $size ($grid, $bytes B)" "$r" "$mflops_in" "$mflops_ooc" \
      "$(ratio "$mflops_ooc" "$mflops_in")" "$(awk '/^Gosa/ {print $2}' "$log")" \
      "$(awk '/^Gosa/ {print $2}' "$out/ooc-himeno-$size-incore.log")" >>"$table"
    python3 - "$log.trace" "$out/bus.txt" "$iters" "$time_ooc" >>"$table" <<'PY'
import re, sys
trace, bus, iters, t = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4] or 0)
h2d = float(re.search(r"^h2d GB/s ([0-9.]+)", open(bus).read(), re.M).group(1))
loaded = execs = waited = written = 0.0
for line in open(trace):
    m = re.search(r"out of core: (\d+) executions, \d+ chunks \((\d+) resident\), loaded ([0-9.]+) MB, "
                  r"written back ([0-9.]+) MB, evicted ([0-9.]+) MB, .* waited ([0-9.]+) ms", line)
    if m:
        n = int(m.group(1))
        execs = max(execs, n)
        loaded += float(m.group(3)) * 1e6
        written += float(m.group(4)) * 1e6
        waited += float(m.group(6))
# Himeno runs a few untimed iterations before the timed ones: bytes per iteration from the
# totals over every execution of the stencil loop (the most executed)
per_iter = loaded / execs if execs else 0
bound = per_iter / (h2d * 1e9)
measured = t / iters if iters else 0
print("%-34s %-6s loaded %.1f MB/iteration (written back %.1f), bus %.1f GB/s h2d: bound %.3f ms, "
      "measured %.3f ms/iteration: %.3f of the bound; GPU waited %.1f ms in all" % (
          "", "", per_iter / 1e6, written / execs / 1e6 if execs else 0, h2d, bound * 1e3,
          measured * 1e3, bound / measured if measured else 0, waited))
PY
  done
  "${MPIRUN[@]}" -np 1 "$b/himeno_mpi_cuda" L "$(himeno_iter L)" >"$out/ooc-himeno-hand-L.log" 2>&1 || true
  mflops_hand=$(awk '/^MFLOPS/ {print $2}' "$out/ooc-himeno-hand-L.log")
  printf '%-34s %-6s hand-coded L %s MFLOPS; directives in core %s of it\n' "himeno L hand" "" \
    "$mflops_hand" "$(ratio "$(awk '/^MFLOPS/ {print $2}' "$out/ooc-himeno-L-incore.log")" "$mflops_hand")" \
    >>"$table"
  cat "$out/bus.txt" >>"$table"
  ooc_old "$out"
}

# In core beside an older libxmp (before out-of-core loops): .gpu/old holds its source tree
# (src/: CMakeLists.txt, runtime, test/runtime, bench/halo, bench/coll) and Himeno L translated
# by its xmpcc (progs/himeno-L); three runs of each, in turn, on one GPU.
ooc_old() {
  local out=$1 table=$1/ooc.txt
  if [ -d "$gpu/old/src" ]; then
    [ -x "$gpu/progs/himeno-L/himeno" ] || build_programs "$out" "$gpu/progs/himeno-L"
    cmake -G Ninja -S "$gpu/old/src" -B /tmp/xmp-rt-old -DXMPCC_RUNTIME_ONLY=ON \
      -DXMPCC_DEPS=$DEPS -DCMAKE_BUILD_TYPE=Release >"$out/cmake-old.log" 2>&1 &&
      ninja -C /tmp/xmp-rt-old xmp >"$out/ninja-old.log" 2>&1 &&
      make -s -C "$gpu/old/progs/himeno-L" XMP_INCLUDE="$gpu/old/src/runtime/include" \
        XMP_LIBDIR=/tmp/xmp-rt-old/lib STARPU_PREFIX=$DEPS/starpu XMP_GPU=cuda CUDA_ARCH=sm_90 \
        XMP_SOURCE_DIRS="$root/examples/himeno" \
        >"$out/make-old.log" 2>&1 || { tail -n 20 "$out"/*old.log; return; }
    local rep old new olds=() news=()
    for rep in 1 2 3; do
      old=$("${MPIRUN[@]}" -np 1 "$gpu/old/progs/himeno-L/himeno" "$(himeno_iter L)" 2>&1 |
        awk '/^MFLOPS/ {print $2}')
      new=$("${MPIRUN[@]}" -np 1 "$gpu/progs/himeno-L/himeno" "$(himeno_iter L)" 2>&1 |
        awk '/^MFLOPS/ {print $2}')
      olds+=("$old") news+=("$new")
    done
    printf '%-34s %-6s before %s, now %s MFLOPS; ratios %s %s %s\n' "himeno L in core, old vs new" "" \
      "${olds[*]}" "${news[*]}" "$(ratio "${news[0]}" "${olds[0]}")" \
      "$(ratio "${news[1]}" "${olds[1]}")" "$(ratio "${news[2]}" "${olds[2]}")" >>"$table"
  fi
}

# Himeno L and XL on one GPU with the device loops' kernels built several ways (nvcc -D flags
# of xmp_dev_cuda.cuh's shape constants; HIMENO_TILE_VARIANTS replaces the list, one variant a
# line, "name flags..."), each run twice, next to the hand-coded version and the copy roofline;
# then the stencil loop's kernels (tiled, plain, hand-coded) under ncu, where it is installed.
himeno_tiles() {
  local out=$1 b=/tmp/himeno table=$1/himeno-tiles.txt size name flags v dir
  build_himeno_hand "$out" "$b"
  local variants=${HIMENO_TILE_VARIANTS:-"tiled
plain -DXMP_DEV_TILE=0
walk8 -DXMP_DEV_TILE_WALK=8L
walk32 -DXMP_DEV_TILE_WALK=32L
tile64x2 -DXMP_DEV_TILE_X=64
block256 -DXMP_DEV_BLOCK=256"}
  for size in L XL; do
    "${MPIRUN[@]}" -np 1 "$b/himeno_mpi_cuda" --roofline "$size" "$(himeno_iter "$size")" \
      >"$out/himeno-hand-$size.log" 2>&1 || true
  done
  printf '%-10s %-4s %-12s %-12s %-9s %s\n' variant size "MFLOPS 1" "MFLOPS 2" roofline \
    "vs hand" >"$table"
  while read -r name flags; do
    for size in L XL; do
      dir=$gpu/progs/tiles-$name-$size
      build_variant "$out" "$gpu/progs/himeno-$size" "$dir" "$flags"
      local m=()
      for v in 1 2; do
        XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=0 "${MPIRUN[@]}" -np 1 \
          "$dir/himeno" "$(himeno_iter "$size")" </dev/null >"$out/tiles-$name-$size-$v.log" \
          2>&1 || true
        m+=("$(awk '/^MFLOPS/ {print $2}' "$out/tiles-$name-$size-$v.log")")
      done
      local hand=$out/himeno-hand-$size.log best
      best=$(printf '%s\n' "${m[@]}" | sort -g | tail -1)
      printf '%-10s %-4s %-12s %-12s %-9s %s\n' "$name" "$size" "${m[0]:--}" "${m[1]:--}" \
        "$(ratio "$best" "$(awk '/^roofline MFLOPS/ {print $3}' "$hand")")" \
        "$(ratio "$best" "$(awk '/^MFLOPS/ {print $2}' "$hand")")" >>"$table"
    done
  done <<<"$variants"
  for size in L XL; do
    printf 'hand-coded %-3s MFLOPS %s, roofline fraction %s\n' "$size" \
      "$(awk '/^MFLOPS/ {print $2}' "$out/himeno-hand-$size.log")" \
      "$(awk '/^roofline fraction/ {print $3}' "$out/himeno-hand-$size.log")" >>"$table"
  done
  command -v ncu >/dev/null || return 0
  # Kernel times and traffic at L: the generated kernels after 20 launches (the stencil, its
  # reduction's finish, the copy loop) and the hand-coded kernel.
  local metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
  metrics+=,lts__t_bytes.sum,sm__warps_active.avg.pct_of_peak_sustained_active
  metrics+=,launch__registers_per_thread
  for name in tiled plain; do
    [ -x "$gpu/progs/tiles-$name-L/himeno" ] || continue
    XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=0 ncu --clock-control none \
      -k regex:'dloop[0-9]+_(tiled|kernel)' --launch-skip 20 --launch-count 4 \
      --metrics "$metrics" --csv "$gpu/progs/tiles-$name-L/himeno" 30 >"$out/ncu-$name-L.csv" \
      2>"$out/ncu-$name-L.err" || true
  done
  ncu --clock-control none -k regex:jacobi_kernel --launch-skip 10 --launch-count 2 \
    --metrics "$metrics" --csv "$b/himeno_mpi_cuda" L 30 >"$out/ncu-hand-L.csv" \
    2>"$out/ncu-hand-L.err" || true
  python3 "$root/bench/apps/ncu_table.py" "$out"/ncu-*-L.csv >>"$table"
  # Where the stencil kernels stall (full sections, one launch each; not in the table).
  local sections=(--section SpeedOfLight --section WarpStateStats --section InstructionStats
    --section MemoryWorkloadAnalysis --section Occupancy)
  XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=0 ncu --clock-control none \
    -k regex:'dloop[0-9]+_tiled' --launch-skip 10 --launch-count 1 "${sections[@]}" \
    "$gpu/progs/tiles-tiled-L/himeno" 20 >"$out/ncu-sections-tiled-L.txt" 2>&1 || true
  ncu --clock-control none -k regex:jacobi_kernel --launch-skip 10 --launch-count 1 \
    "${sections[@]}" "$b/himeno_mpi_cuda" L 20 >"$out/ncu-sections-hand-L.txt" 2>&1 || true
}

# Device halo faces under each XMP_COMM on 2 ranks, GPU-only loops (the copies stay in the
# GPUs): laplace_dev (1x2 fixed edges: stride faces; 2x1 periodic: contiguous) and the e2e
# reflect-acc program against serial references, also at CPU weight 0.3 (faces of host
# copies); then Himeno M (1-D: contiguous faces) per path, Gosa checked, MFLOPS compared.
halo() {
  local out=$1 table=$1/halo.txt b=/tmp/himeno prog comm w log result
  build_programs "$out" "$gpu/progs/laplace-1x2" "$gpu/progs/laplace-p2x1" \
    "$gpu/progs/reflect-acc" "$gpu/progs/himeno-M-1d"
  gcc -O2 -I"$root/examples/laplace" "$root/examples/laplace/laplace_serial.c" -o /tmp/lap-s
  gcc -O2 -DPERIODIC -I"$root/examples/laplace" "$root/examples/laplace/laplace_serial.c" \
    -o /tmp/lap-sp
  /tmp/lap-s >"$out/laplace.ref"
  /tmp/lap-sp >"$out/laplace-p.ref"
  echo "reflect acc: 0 wrong of 858" >"$out/reflect-acc.ref"
  build_himeno_hand "$out" "$b"
  "$b/himeno_serial" M "$HIMENO_ITER" | grep -e iterations -e Gosa >"$out/himeno-M.ref"
  printf '%-12s %-13s %-6s %-6s %s\n' program comm weight result "MFLOPS / faces chosen" >"$table"
  for prog in laplace-1x2 laplace-p2x1 reflect-acc himeno-M-1d; do
    for comm in mpi direct direct-kernel auto; do
      for w in 0 0.3; do
        [ "$prog" = himeno-M-1d ] && [ "$w" != 0 ] && continue
        log=$out/halo-$prog-$comm-w$w.log result=ok
        local ref=$out/laplace.ref exe=$gpu/progs/$prog/laplace args=()
        case $prog in
        laplace-p2x1) ref=$out/laplace-p.ref ;;
        reflect-acc) ref=$out/reflect-acc.ref exe=$gpu/progs/$prog/reflect-acc ;;
        himeno-M-1d) ref=$out/himeno-M.ref exe=$gpu/progs/$prog/himeno args=("$HIMENO_ITER") ;;
        esac
        # The report (the chosen paths) makes the senders wait for their writes: checked
        # without it too (HALO_REPEAT times), where the faces complete on the devices (CUDA
        # IPC events).
        local r
        for r in $(seq "${HALO_REPEAT:-1}"); do
          XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=$w XMP_COMM=$comm \
            timeout 120 "${MPIRUN[@]}" -np 2 "$exe" "${args[@]}" >"$log.async" 2>>"$log.err" ||
            { result="FAIL-ASYNC($r)"; break; }
          if [ "$prog" = himeno-M-1d ]; then
            python3 "$root/test/e2e/Inputs/numcmp.py" --rtol 1e-5 "$ref" "$log.async" \
              >>"$log.err" 2>&1 || { result="WRONG-ASYNC($r)"; break; }
          else
            diff "$ref" "$log.async" >>"$log.err" 2>&1 || { result="WRONG-ASYNC($r)"; break; }
          fi
        done
        XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=$w XMP_COMM=$comm \
          XMP_COMM_REPORT=1 timeout 120 "${MPIRUN[@]}" -np 2 "$exe" "${args[@]}" >"$log" 2>>"$log.err" ||
          result=FAIL
        if [ "$prog" = himeno-M-1d ]; then
          python3 "$root/test/e2e/Inputs/numcmp.py" --rtol 1e-5 "$ref" "$log" >>"$log.err" 2>&1 ||
            result=WRONG
        else
          diff "$ref" "$log" >>"$log.err" 2>&1 || result=WRONG
        fi
        printf '%-12s %-13s %-6s %-6s %s %s\n' "$prog" "$comm" "$w" "$result" \
          "$(awk '/^MFLOPS/ {print $2}' "$log")" \
          "$(grep -o 'device copy.*: [a-z]*$' "$log.err" | awk '{print $NF}' | sort | uniq -c |
            tr -s ' \n' ' ')" >>"$table"
      done
    done
  done
}

# XcalableACC on GPUs: examples/laplace/laplace_acc.c and examples/himeno/himeno_acc.c (the
# thesis's listings A.1 and A.2), test/e2e/xacc.c and xacc-openacc.c (OpenACC loops alone,
# `if`, `host_data use_device` through cudaMemcpy) against their references at CPU weights
# 0, 0.3 and the automatic balance, on 1 and (with 2 GPUs) 2 ranks; then Himeno L on one GPU
# written with `acc` next to the `device loop` version (himeno.c), alternating, XACC_ROUNDS
# times each (default 3): MFLOPS and the ratio of the medians.
xacc() {
  local out=$1 table=$1/xacc.txt b=/tmp/himeno prog np w log result exe ref args
  build_programs "$out" "$gpu"/progs/xacc* "$gpu/progs/himeno-L"
  gcc -O2 -I"$root/examples/laplace" "$root/examples/laplace/laplace_serial.c" -o /tmp/lap-s
  /tmp/lap-s >"$out/laplace.ref"
  build_himeno_hand "$out" "$b"
  "$b/himeno_serial" M "$HIMENO_ITER" | grep -e iterations -e Gosa >"$out/himeno-M.ref"
  printf '%-18s %-5s %-6s %-6s %s
' program ranks weight result "MFLOPS / output" >"$table"
  local rows=("xacc-laplace-1x1 1" "xacc-himeno-M-1d 1" "xacc 1" "xacc-openacc 1")
  [ "$(gpu_count)" -ge 2 ] && rows+=("xacc-laplace-1x2 2" "xacc-himeno-M-1d 2" "xacc-himeno-M-2d 2"
    "xacc 2" "xacc-openacc 2")
  for c in "${rows[@]}"; do
    read -r prog np <<<"$c"
    for w in 0 0.3 auto; do
      log=$out/xacc-$prog-np$np-w$w.log result=ok args=()
      case $prog in
      xacc-laplace*) exe=$gpu/progs/$prog/laplace ref=$out/laplace.ref ;;
      xacc-himeno*) exe=$gpu/progs/$prog/himeno ref=$out/himeno-M.ref args=("$HIMENO_ITER") ;;
      xacc) exe=$gpu/progs/xacc/xacc ref= ;;
      xacc-openacc) exe=$gpu/progs/xacc-openacc/xacc-openacc ref= ;;
      esac
      local policy=fixed weight=$w
      [ "$w" = auto ] && policy=auto weight=0
      XMP_GPUS_PER_NODE=1 XMP_BALANCE=$policy XMP_CPU_WEIGHT=$weight timeout 300 \
        "${MPIRUN[@]}" -np "$np" "$exe" "${args[@]}" >"$log" 2>"$log.err" || result=FAIL
      case $prog in
      xacc-laplace*) diff "$ref" "$log" >>"$log.err" 2>&1 || result=WRONG ;;
      xacc-himeno*)
        python3 "$root/test/e2e/Inputs/numcmp.py" --rtol 1e-5 "$ref" "$log" >>"$log.err" 2>&1 ||
          result=WRONG ;;
      xacc) grep -Eq '^xacc: 0 wrong of 377, sums ([0-9.]+) \1 \1 reference \1, max ([0-9.]+) reference \2$' \
        "$log" || result=WRONG ;;
      xacc-openacc)
        grep -Eq '^xacc-openacc: 0 wrong of 70, sum (\S+) reference \1, max (\S+) reference \2, distributed (\S+) reference \3$' \
          "$log" || result=WRONG ;;
      esac
      printf '%-18s %-5s %-6s %-6s %s
' "$prog" "$np" "$w" "$result" \
        "$(awk '/^MFLOPS/ {print $2}' "$log")$(grep -Eo '^xacc(-openacc)?: [0-9]* wrong' "$log")" >>"$table"
    done
  done
  # Himeno L, one GPU, weight 0 (what the balancer picks on Hopper): acc against device loop.
  local r acc=() dev=() iter
  iter=$(himeno_iter L)
  for r in $(seq "${XACC_ROUNDS:-3}"); do
    for prog in xacc-himeno-L himeno-L; do
      log=$out/xacc-L-$prog-$r.log
      XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=0 "${MPIRUN[@]}" -np 1 \
        "$gpu/progs/$prog/himeno" "$iter" >"$log" 2>&1 || true
      if [ "$prog" = himeno-L ]; then
        dev+=("$(awk '/^MFLOPS/ {print $2}' "$log")")
      else
        acc+=("$(awk '/^MFLOPS/ {print $2}' "$log")")
      fi
    done
  done
  local ma md
  ma=$(printf '%s
' "${acc[@]}" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
  md=$(printf '%s
' "${dev[@]}" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
  printf 'Himeno L, 1 GPU, weight 0, %s iterations: acc MFLOPS %s; device loop MFLOPS %s; ' \
    "$iter" "${acc[*]}" "${dev[*]}" >>"$table"
  printf 'medians %s / %s = %s
' "$ma" "$md" "$(ratio "$ma" "$md")" >>"$table"
}

# bench/halo (bench/halo/run.sh) on the runtime built by build_stack; its table last.
halo_bench() {
  local out=$1
  ninja -C /tmp/xmp-rt xmp_bench_halo xmp_bench_halo_hand >"$out/ninja-halo-bench.log" 2>&1 ||
    { tail -30 "$out/ninja-halo-bench.log"; exit 1; }
  bash "$root/bench/halo/run.sh" /tmp/xmp-rt "$out/halo-bench"
}

# Whether the order of the faces matters: bench/halo's halo_bench on every GPU (inner ranks
# receive from two peers) with the faces all at once, phased by direction and as measured
# (XMP_HALO_ORDER), by the copy engines and by kernel stores; bench/halo/order.py's table.
halo_order() {
  local out=$1/halo-order ngpu comm order
  mkdir -p "$out"
  ninja -C /tmp/xmp-rt xmp_bench_halo >"$out/ninja.log" 2>&1 || { tail -30 "$out/ninja.log"; exit 1; }
  ngpu=$(gpu_count)
  [ "$ngpu" -ge 3 ] || { echo "halo-order: needs 3 or more GPUs (found $ngpu)"; exit 1; }
  for comm in direct direct-kernel; do
    for order in concurrent phased auto; do
      XMP_COMM=$comm XMP_HALO_ORDER=$order XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed \
        XMP_CPU_WEIGHT=0 timeout 600 "${MPIRUN[@]}" -np "$ngpu" /tmp/xmp-rt/bin/xmp_bench_halo \
        --max "${HALO_MAX:-16777216}" >"$out/$comm-$order.jsonl" 2>"$out/$comm-$order.err" ||
        { echo "halo_bench ($comm, $order) failed:"; tail -20 "$out/$comm-$order.err"; exit 1; }
    done
  done
  python3 "$root/bench/halo/order.py" "$out"/*.jsonl | tee "$out/order.txt"
}

# The kernel-store path alone (XMP_COMM=direct-kernel): halo_bench's shadow check on small
# faces, plain, then with each rank under compute-sanitizer memcheck (any error it reports
# fails the run); logs in $out/halo-debug.
halo_debug() {
  local out=$1 d=$1/halo-debug run result
  mkdir -p "$d"
  ninja -C /tmp/xmp-rt xmp_bench_halo >"$d/ninja.log" 2>&1 || { tail -30 "$d/ninja.log"; exit 1; }
  for run in plain memcheck; do
    local wrap=()
    [ $run = memcheck ] && wrap=(compute-sanitizer --tool memcheck --error-exitcode 3
      --print-limit 20)
    result=ok
    XMP_COMM=direct-kernel XMP_COMM_REPORT=1 XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed \
      XMP_CPU_WEIGHT=0 timeout 300 "${MPIRUN[@]}" -np 2 "${wrap[@]}" \
      /tmp/xmp-rt/bin/xmp_bench_halo --max 65536 --reps 3 >"$d/$run.jsonl" 2>"$d/$run.err" ||
      result=FAIL
    grep -q '"wrong": [1-9]' "$d/$run.jsonl" && result=WRONG
    printf 'halo-debug %-8s %-5s %s of 12 cases with every shadow right (%s)\n' "$run" \
      "$result" "$(grep -c '"wrong": 0' "$d/$run.jsonl")" "$d/$run.err"
    [ $result = ok ] || tail -20 "$d/$run.err"
  done
}

# NCCL of PyTorch's pip package (nvidia-nccl-cu*): the folder holding include/nccl.h and
# lib/libnccl.so.2, or nothing. nvidia.nccl may be a namespace package (no __file__): its
# __path__ lists the folders.
nccl_home() {
  python3 - <<'EOF' 2>/dev/null || true
import os
try:
    import nvidia.nccl as m
except ImportError:
    raise SystemExit(0)
paths = list(getattr(m, "__path__", None) or [])
if getattr(m, "__file__", None):
    paths.append(os.path.dirname(m.__file__))
for p in paths:
    if os.path.isfile(os.path.join(p, "include", "nccl.h")) and \
       os.path.isfile(os.path.join(p, "lib", "libnccl.so.2")):
        print(p)
        break
EOF
}

# Device collectives (issue 7): the checks of test_mpi_coll.c on device buffers at 1..#GPUs
# ranks (one GPU each) under each XMP_COMM and with subclusters of half the GPUs, then
# bench/coll on device buffers as one domain and as two subclusters; a short table last.
# Compiler and linker flags of the device collective programs (inc, libs; cudadir), and
# test_mpi_coll.c built with XMP_TEST_DEVICE as /tmp/xmp-coll/check.
coll_flags() {
  local prefix=$DEPS/starpu ucx
  cudadir=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
  inc=(-I"$root/runtime/include" -I"$root/runtime/base" -I"$root/runtime/cuda"
    -I"$root/runtime/src" -I"$root/runtime/hybridcomm"
    -I"$root/test/runtime/unit" -isystem "$cudadir/include")
  read -ra ucx <<<"$(pkg-config --libs ucx 2>/dev/null || true)"
  # The rpath to libxmp's directory: libxmp opens its kernel libraries there by name.
  libs=(/tmp/xmp-rt/lib/libxmp.a -Wl,-rpath,/tmp/xmp-rt/lib -L"$prefix/lib"
    -Wl,-rpath,"$prefix/lib" -lstarpu-1.4 "${ucx[@]}" -lhwloc -L"$cudadir/lib64"
    -Wl,-rpath,"$cudadir/lib64" -lcudart -lm -ldl)
  mkdir -p /tmp/xmp-coll
  mpicc -O2 -g -std=gnu11 -Wall -Wextra -Werror -DXMP_TEST_DEVICE "${inc[@]}" \
    "$root/test/runtime/unit/test_mpi_coll.c" "${libs[@]}" -o /tmp/xmp-coll/check
}

# `coll-debug`: the device checks on 2 ranks only, under XMP_COMM=direct then auto, each plainly
# and under compute-sanitizer's memcheck (every rank wrapped); the logs' last lines.
coll_debug() {
  local out=$1 cudadir inc libs comm san log sanitizer
  coll_flags
  sanitizer=$(command -v compute-sanitizer || echo "$cudadir/bin/compute-sanitizer")
  for comm in direct auto; do
    for san in plain memcheck; do
      local wrap=()
      [ "$san" = memcheck ] && wrap=("$sanitizer" --tool memcheck --print-limit 20)
      log=$out/coll-debug-$comm-$san.log
      XMP_COMM=$comm XMP_COMM_REPORT=1 timeout 300 "${MPIRUN[@]}" -np 2 "${wrap[@]}" \
        /tmp/xmp-coll/check >"$log" 2>&1 && echo "== $comm $san: exit 0" ||
        echo "== $comm $san: exit $?"
      grep -m 5 -e "check failed" -e "CUDA" -e "xmpcc runtime" "$log" || true
      tail -8 "$log"
    done
  done
}

# bench/coll --device built into /tmp/xmp-coll/bench (with NCCL where its pip package is),
# after coll_flags (which sets cudadir, inc and libs).
build_coll_bench() {
  local nccl nccl_flags=()
  nccl=$(nccl_home)
  if [ -n "$nccl" ]; then
    nccl_flags=(-DXMP_BENCH_NCCL -isystem "$nccl/include" "$nccl/lib/libnccl.so.2"
      -Wl,-rpath,"$nccl/lib")
    echo "NCCL: $nccl"
  else
    echo "NCCL: not found (python3 -c 'import nvidia.nccl'): the bench runs without it"
  fi
  mpicc -O2 -std=gnu11 -Wall -Wextra -Werror -DXMP_BENCH_CUDA "${inc[@]}" \
    "$root/bench/coll/coll_bench.c" "${nccl_flags[@]}" "${libs[@]}" -o /tmp/xmp-coll/bench
}

# bench/coll --device alone on every GPU as one domain, with XMP_COMM_REPORT=1 (each size
# class's measured choice in $out/coll-bench-report.log); COLL_BENCH_ARGS: more arguments
# (--max BYTES, --iters N).
coll_bench() {
  local out=$1 cudadir inc libs ngpu
  coll_flags
  build_coll_bench
  ngpu=$(gpu_count)
  # shellcheck disable=SC2086 # COLL_BENCH_ARGS is a list of words
  XMP_COMM_REPORT=1 timeout 600 "${MPIRUN[@]}" -np "$ngpu" /tmp/xmp-coll/bench --device \
    ${COLL_BENCH_ARGS:-} >"$out/coll-bench-report.txt" 2>"$out/coll-bench-report.log" ||
    echo "bench FAILED"
  cat "$out/coll-bench-report.txt"
}

coll() {
  local out=$1 b=/tmp/xmp-coll cudadir inc libs ngpu table=$1/coll.txt
  coll_flags
  build_coll_bench
  ngpu=$(gpu_count)
  [ "$ngpu" -ge 1 ] || { echo "coll: no GPU"; exit 1; }
  local half=$(((ngpu + 1) / 2)) np variant sub result log env label
  printf '%-6s %-8s %-4s %s\n' ranks comm sub result >"$table"
  for np in $(seq 1 "$ngpu"); do
    for variant in auto direct mpi coll-mpi sub; do
      [ "$np" = 1 ] && [ "$variant" != auto ] && continue
      sub=- label=$variant env=(XMP_COMM="$variant")
      [ "$variant" = sub ] && sub=$half label=auto env=(XMP_COMM=auto XMP_SUBCLUSTER_SIZE="$half")
      # MPI's own collectives on pinned copies wherever they apply (XMP_COLL_ALGO)
      [ "$variant" = coll-mpi ] && env=(XMP_COMM=auto XMP_COLL_ALGO=mpi)
      log=$out/coll-check-np$np-$variant.log result=ok
      env "${env[@]}" XMP_COMM_REPORT=1 timeout 300 "${MPIRUN[@]}" -np "$np" "$b/check" \
        >"$log" 2>&1 || result=FAIL
      grep -q "check failed" "$log" && result=WRONG
      printf '%-6s %-8s %-4s %s\n' "$np" "$label" "$sub" "$result" >>"$table"
    done
  done
  timeout 600 "${MPIRUN[@]}" -np "$ngpu" "$b/bench" --device --json "$out/coll-one-domain.json" \
    >"$out/coll-bench-one-domain.txt" 2>&1 || echo "bench (one domain) FAILED"
  XMP_SUBCLUSTER_SIZE=$half timeout 600 "${MPIRUN[@]}" -np "$ngpu" "$b/bench" --device \
    --json "$out/coll-sub$half.json" >"$out/coll-bench-sub$half.txt" 2>&1 ||
    echo "bench (subclusters of $half) FAILED"
  # The most direct algorithm every time (the signalled kernels up to their size limit).
  XMP_COMM=direct timeout 600 "${MPIRUN[@]}" -np "$ngpu" "$b/bench" --device \
    --json "$out/coll-direct.json" >"$out/coll-bench-direct.txt" 2>&1 ||
    echo "bench (XMP_COMM=direct) FAILED"
  cat "$out/coll-bench-one-domain.txt" "$out/coll-bench-sub$half.txt" \
    "$out/coll-bench-direct.txt"
  echo
  cat "$table"
  python3 - "$out/coll-one-domain.json" "$out/coll-sub$half.json" "$half" <<'EOF'
import json, sys
def load(p):
    try:
        return {(r["collective"], r["bytes"]): r for r in json.load(open(p))["results"]}
    except (OSError, ValueError, KeyError):
        return {}
one, sub, half = load(sys.argv[1]), load(sys.argv[2]), sys.argv[3]
def f(v, fmt):
    return "-" if v is None else fmt % v
print("\n%-19s | %-32s | subclusters of %s" % ("", "one domain", half))
print("%-10s %8s | %10s %8s %11s | %10s %8s %11s" % (
    "device", "bytes", "hybrid us", "vs MPI", "hybrid/NCCL", "hybrid us", "vs MPI",
    "hybrid/NCCL"))
for key in sorted(set(one) | set(sub)):
    if key[1] not in (8, 1024, 8192, 65536, 524288, 4194304):
        continue
    row = "%-10s %8d" % key
    for d in (one, sub):
        r = d.get(key, {})
        us = r["hybrid_s"] * 1e6 if r.get("hybrid_s") is not None else None
        row += " | %10s %8s %11s" % (f(us, "%.1f"), f(r.get("speedup_over_mpi"), "%.2fx"),
                                     f(r.get("ratio_to_nccl"), "%.2f"))
    print(row)
EOF
}

# xrow LABEL NP CHECK [VAR=VALUE...] -- COMMAND...: one run for `exec` (90 s at most; stdout in
# $out/x-LABEL.log, stderr in .err), a row of $table: the result and the MFLOPS. CHECK: M (Gosa
# against the serial one of size M), a reference file stdout must equal, or - (the exit
# status only). XMP_* and STARPU_* come only from the row's own settings.
xrow() {
  local label=$1 np=$2 check=$3 envs=() result=ok
  shift 3
  while [ "$1" != -- ]; do envs+=("$1"); shift; done
  shift
  local log=$out/x-$label.log
  env "${envs[@]}" timeout 90 "${MPIRUN[@]}" -np "$np" "$@" >"$log" 2>"$log.err" || result=FAIL
  if [ "$result" = ok ]; then
    case $check in
    -) ;;
    M) python3 "$root/test/e2e/Inputs/numcmp.py" --rtol 1e-5 "$out/himeno-M.ref" "$log" \
         >>"$log.err" 2>&1 || result=WRONG ;;
    *) diff "$check" "$log" >>"$log.err" 2>&1 || result=WRONG ;;
    esac
  fi
  printf '%-26s %-3s %-6s %-12s %s\n' "$label" "$np" "$result" \
    "$(awk '/^MFLOPS/ {print $2}' "$log")" "${envs[*]}" >>"$table"
}

# Issue 22's runtime side: correctness of the direct executor, GPU only and the defaults on this
# machine's GPUs, then the measurements side by side (same machine, same call); table last.
# Himeno M (1-D and 2-D) on 1..#GPUs ranks under XMP_DEV_TIMELINE=1, the hand-coded version
# with the copy loop beside, 2000 iterations: per directive the GPU time and the stream's idle
# time before it (first node), to see where a step's time goes beyond the kernels.
timeline() {
  local out=$1 b=/tmp/himeno table=$1/timeline.txt ngpu np g d it=${TIMELINE_ITER:-2000}
  ngpu=$(gpu_count)
  build_himeno_hand "$out" "$b" &
  make_program "$out" "$gpu/progs/himeno-M-1d" &
  make_program "$out" "$gpu/progs/himeno-M-2d" &
  wait
  : >"$table"
  for g in 1d 2d; do
    for np in 1 2 4; do
      [ "$np" -gt "$ngpu" ] && continue
      [ "$g" = 2d ] && [ "$np" = 1 ] && continue
      d=${np}x1x1
      [ "$g" = 2d ] && d=$((np / 2))x2x1
      {
        echo "== himeno M $g on $np GPUs, $it iterations"
        echo "hand: $(timeout 120 "${MPIRUN[@]}" -np "$np" "$b/himeno_mpi_cuda_copy" -d "$d" \
          --halo auto M "$it" 2>&1 | awk '/^MFLOPS/ {print $2}') MFLOPS"
        XMP_DEV_TIMELINE=1 XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=0 \
          timeout 120 "${MPIRUN[@]}" -np "$np" "$gpu/progs/himeno-M-$g/himeno" "$it" 2>&1 |
          grep -e '^MFLOPS' -e 'GPU timeline' | sed 's/^xmpcc runtime: //'
      } >>"$table"
    done
  done
}

exec_check() {
  local out=$1 b=/tmp/himeno table=$1/exec.txt ngpu p
  ngpu=$(gpu_count)
  nvidia-smi -L >"$out/gpus.txt" 2>&1 || true
  build_himeno_hand "$out" "$b" &
  for p in himeno-S himeno-M-1d himeno-M-2d himeno-L reflect-acc laplace-1x2 stencil-1d \
    stencil-2d; do
    make_program "$out" "$gpu/progs/$p" &
  done
  wait
  gcc -O2 -I"$root/examples/laplace" "$root/examples/laplace/laplace_serial.c" -o /tmp/lap-s
  /tmp/lap-s >"$out/laplace.ref"
  echo "reflect acc: 0 wrong of 858" >"$out/reflect-acc.ref"
  "$b/himeno_serial" M "$HIMENO_ITER" | grep -e iterations -e Gosa >"$out/himeno-M.ref"
  runtime_tests "$DEPS/starpu" "$out" | tee "$out/runtime-tests.txt" || true
  rt_case /tmp/xmp-rt-tests/axpy 1 XMP_STARPU_NCPU=0 | tee -a "$out/runtime-tests.txt"
  rt_case /tmp/xmp-rt-tests/axpy 2 XMP_DEV_EXECUTOR=starpu | tee -a "$out/runtime-tests.txt"
  stencil "$out"
  local hm=$gpu/progs/himeno-M-1d/himeno hm2=$gpu/progs/himeno-M-2d/himeno
  local hl=$gpu/progs/himeno-L/himeno hs=$gpu/progs/himeno-S/himeno
  local fixed0=(XMP_BALANCE=fixed XMP_CPU_WEIGHT=0)
  printf '%-26s %-3s %-6s %-12s %s\n' run np result MFLOPS settings >"$table"
  xrow M-defaults 1 M -- "$hm" "$HIMENO_ITER"
  xrow M-direct 1 M "${fixed0[@]}" -- "$hm" "$HIMENO_ITER"
  xrow M-starpu 1 M "${fixed0[@]}" XMP_DEV_EXECUTOR=starpu -- "$hm" "$HIMENO_ITER"
  xrow M-cpu0.3 1 M XMP_BALANCE=fixed XMP_CPU_WEIGHT=0.3 -- "$hm" "$HIMENO_ITER"
  xrow M-gpu-only 1 M XMP_STARPU_NCPU=0 -- "$hm" "$HIMENO_ITER"
  xrow M-starpu-ncpu0 1 M STARPU_NCPU=0 -- "$hm" "$HIMENO_ITER"
  xrow M-trace 1 M "${fixed0[@]}" XMP_DEV_TRACE=1 -- "$hm" "$HIMENO_ITER"
  xrow M-defaults-np2 2 M -- "$hm" "$HIMENO_ITER"
  xrow M-2d-defaults-np2 2 M -- "$hm2" "$HIMENO_ITER"
  xrow M-2d-cpu0.3-np2 2 M XMP_BALANCE=fixed XMP_CPU_WEIGHT=0.3 -- "$hm2" "$HIMENO_ITER"
  [ "$ngpu" -ge 2 ] && xrow M-gpn2 1 M XMP_GPUS_PER_NODE=2 -- "$hm" "$HIMENO_ITER"
  for w in 0 0.3; do
    xrow reflect-acc-w$w 2 "$out/reflect-acc.ref" XMP_BALANCE=fixed XMP_CPU_WEIGHT=$w -- \
      "$gpu/progs/reflect-acc/reflect-acc"
    xrow laplace-1x2-w$w 2 "$out/laplace.ref" XMP_BALANCE=fixed XMP_CPU_WEIGHT=$w -- \
      "$gpu/progs/laplace-1x2/laplace"
  done
  xrow reflect-acc-direct-kernel 2 "$out/reflect-acc.ref" "${fixed0[@]}" \
    XMP_COMM=direct-kernel -- "$gpu/progs/reflect-acc/reflect-acc"
  # Measurements, alternating the variants compared.
  local r
  for r in 1 2; do
    xrow L-hand-copy-$r 1 - -- "$b/himeno_mpi_cuda_copy" --roofline L 300
    xrow L-hand-swap-$r 1 - -- "$b/himeno_mpi_cuda" L 300
    xrow L-direct-$r 1 - "${fixed0[@]}" -- "$hl" 300
    xrow L-starpu-$r 1 - "${fixed0[@]}" XMP_DEV_EXECUTOR=starpu -- "$hl" 300
    xrow L-defaults-$r 1 - -- "$hl" 300
    xrow L-gpn1-$r 1 - XMP_GPUS_PER_NODE=1 -- "$hl" 300
    [ "$ngpu" -ge 2 ] && xrow L-gpn2-$r 1 - XMP_GPUS_PER_NODE=2 -- "$hl" 300
    xrow S-hand-copy-$r 1 - -- "$b/himeno_mpi_cuda_copy" S 2000
    xrow S-hand-swap-$r 1 - -- "$b/himeno_mpi_cuda" S 2000
    xrow S-direct-$r 1 - "${fixed0[@]}" -- "$hs" 2000
    xrow S-starpu-$r 1 - "${fixed0[@]}" XMP_DEV_EXECUTOR=starpu -- "$hs" 2000
  done
  if [ "$ngpu" -ge 2 ]; then
    xrow L-np2-hand-copy 2 - -- "$b/himeno_mpi_cuda_copy" -d 2x1x1 L 300
    xrow L-np2-direct 2 - "${fixed0[@]}" -- "$hl" 300
    xrow L-np2-starpu 2 - "${fixed0[@]}" XMP_DEV_EXECUTOR=starpu -- "$hl" 300
  fi
  xrow L-defaults-report 1 - XMP_REPORT="$out/report-L-defaults.json" -- "$hl" 1000
  xrow L-trace 1 - "${fixed0[@]}" XMP_DEV_TRACE=1 -- "$hl" 50
  grep -e "trace: where" -e "trace: total" -e "outside these" "$out/x-L-trace.log.err" \
    >"$out/trace-summary.txt" || true
  if command -v nsys >/dev/null; then
    (cd "$out" && XMP_BALANCE=fixed XMP_CPU_WEIGHT=0 timeout 120 nsys profile -t cuda,nvtx \
      -o nsys-L -f true "$hl" 20 >nsys.log 2>&1 &&
      timeout 60 nsys stats -r nvtx_sum nsys-L.nsys-rep >nsys-nvtx.txt 2>&1) || true
    rm -f "$out"/nsys-L.nsys-rep "$out"/nsys-L.sqlite
  fi
  {
    echo "== $(head -1 "$out/gpus.txt")  ($ngpu GPUs)"
    cat "$out/runtime-tests.txt" "$out/stencil.txt" "$out/trace-summary.txt"
    grep -e "roofline" "$out/x-L-hand-copy-1.log" || true
    head -30 "$out/nsys-nvtx.txt" 2>/dev/null || true
    grep -h -e "warning" -e "note" "$out"/x-M-gpn2.log.err "$out"/x-M-gpu-only.log.err \
      "$out"/x-M-defaults.log.err 2>/dev/null | sort | uniq -c || true
    cat "$table"
  } >"$out/exec-summary.txt"
  cat "$out/exec-summary.txt"
}

ratio() { # a b: a/b with 3 decimals, or - when either is missing
  awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.3f\n", a / b }'
}

# The runtime's device-layer tests with their CUDA codelets (unit/dev_axpy_cuda.cu), whose
# chunks then really run on CUDA workers; each checks every element against a serial loop.
runtime_tests() {
  local prefix=$1 out=$2 b=/tmp/xmp-rt-tests unit=$root/test/runtime/unit cudadir
  cudadir=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
  mkdir -p "$b"
  local inc=(-I"$root/runtime/include" -I"$root/runtime/base" -I"$root/runtime/cuda"
    -I"$root/runtime/src" -I"$root/runtime/starpu" -I"$unit"
    -isystem "$prefix/include/starpu/1.4" -isystem "$cudadir/include")
  # UCX when libxmp was built with it (found by pkg-config there too).
  local ucx
  read -ra ucx <<<"$(pkg-config --libs ucx 2>/dev/null || true)"
  # The rpath to libxmp's directory: libxmp opens its kernel libraries there by name.
  local libs=(/tmp/xmp-rt/lib/libxmp.a -Wl,-rpath,/tmp/xmp-rt/lib -L"$prefix/lib"
    -Wl,-rpath,"$prefix/lib" -lstarpu-1.4 "${ucx[@]}" -lhwloc -L"$cudadir/lib64"
    -Wl,-rpath,"$cudadir/lib64" -lcudart -lstdc++ -lm -ldl)
  nvcc -O2 -fmad=false -arch=sm_90 "${inc[@]}" -c "$unit/dev_axpy_cuda.cu" -o "$b/axpy_cuda.o"
  mpicc -O2 -std=gnu11 -DXMP_TEST_CUDA "${inc[@]}" "$unit/test_dev_axpy.c" "$b/axpy_cuda.o" \
    "${libs[@]}" -o "$b/axpy"
  mpicc -O2 -std=gnu11 "${inc[@]}" "$unit/test_dev_rows.c" "${libs[@]}" -o "$b/rows"
  rt_case "$b/axpy" 1 XMP_DEV_TRACE=1
  rt_case "$b/axpy" 2 XMP_DEV_TRACE=1
  rt_case "$b/axpy" 3 XMP_STARPU_NCPU=3 XMP_STARPU_NCUDA=2
  rt_case "$b/axpy" 1 XMP_STARPU_NCPU=1 XMP_STARPU_NCUDA=3 XMP_CPU_WEIGHT=0.5
  rt_case "$b/rows" 2
}

# rt_case PROGRAM NP [VAR=VALUE...]: one run of a runtime test, its log under $out.
rt_case() {
  local prog=$1 np=$2 log
  shift 2
  log=$out/runtime-$(basename "$prog")-np$np-${#@}.log
  if env "$@" mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$np" "$prog" \
    >"$log" 2>&1; then
    echo "runtime test ok: $* -np $np $(basename "$prog")"
  else
    echo "runtime test FAILED: $* -np $np $(basename "$prog")"; tail -20 "$log"
  fi
}

# One table row: the last step's CPU and GPU time, and the host->device transfers (count:bytes)
# of each device loop in the first and in the last step: read-only data that is resident on
# the GPU must not travel again after the first step.
summarize() {
  python3 - "$@" <<'EOF'
import re, sys
p, r, w, result, log = sys.argv[1:]
text = open(log).read()
steps = re.findall(r"step (\d+): cpu ([\d.]+) ms gpu ([\d.]+) ms", text)
h2d = re.findall(r"host->device (\d+) \((\d+) bytes\)", text)
per = len(h2d) // len(steps) if steps and len(h2d) % len(steps) == 0 else 0
show = lambda k: "+".join("%s:%s" % t for t in h2d[k * per:(k + 1) * per]) if per else "-"
cpu, gpu = (steps[-1][1], steps[-1][2]) if steps else ("-", "-")
print("%-7s %-5s %-6s %-6s %-9s %-9s %-24s %s" % (
    p, r, w, result, cpu, gpu, show(0), show(len(steps) - 1) if steps else "-"))
EOF
}

case ${1:-} in
prepare) prepare ;;
xacc)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  xacc "${OUT:-$gpu/out}"
  cat "${OUT:-$gpu/out}/xacc.txt"
  ;;
run) run ;;
ooc | ooc-old)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  if [ "$1" = ooc ]; then ooc "${OUT:-$gpu/out}"; else ooc_old "${OUT:-$gpu/out}"; fi
  cat "${OUT:-$gpu/out}/ooc.txt"
  ;;
himeno)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  himeno "${OUT:-$gpu/out}"
  cat "${OUT:-$gpu/out}/himeno.txt"
  ;;
halo)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  halo "${OUT:-$gpu/out}"
  cat "${OUT:-$gpu/out}/halo.txt"
  ;;
halo-bench | halo-debug | halo-order)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  case $1 in
  halo-bench) halo_bench "${OUT:-$gpu/out}" ;;
  halo-debug) halo_debug "${OUT:-$gpu/out}" ;;
  halo-order) halo_order "${OUT:-$gpu/out}" ;;
  esac
  ;;
coll | coll-debug | coll-bench)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  case $1 in
  coll) coll "${OUT:-$gpu/out}" ;;
  coll-debug) coll_debug "${OUT:-$gpu/out}" ;;
  coll-bench) coll_bench "${OUT:-$gpu/out}" ;;
  esac
  ;;
stencil)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  stencil "${OUT:-$gpu/out}"
  cat "${OUT:-$gpu/out}/stencil.txt"
  ;;
himeno-tiles)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  himeno_tiles "${OUT:-$gpu/out}"
  cat "${OUT:-$gpu/out}/himeno-tiles.txt"
  ;;
exec)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  exec_check "${OUT:-$gpu/out}"
  ;;
timeline)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  timeline "${OUT:-$gpu/out}"
  cat "${OUT:-$gpu/out}/timeline.txt"
  ;;
himeno-xmp)
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  himeno_xmp "${OUT:-$gpu/out}"
  cat "${OUT:-$gpu/out}/himeno-xmp.txt"
  ;;
worksharing)
  shift
  mkdir -p "${OUT:-$gpu/out}"
  setup_env
  build_stack "${OUT:-$gpu/out}"
  worksharing "${OUT:-$gpu/out}" "$@"
  ;;
build) shift; build "$@" ;;
*) echo "usage: $0 prepare|run|exec|stencil|himeno-tiles|halo|halo-bench|halo-order|halo-debug|coll|coll-bench|coll-debug|worksharing [PROG...]|himeno|himeno-xmp|build DIR..." >&2; exit 2 ;;
esac
