#!/bin/sh
# run.sh [BUILD] [OUT] - bench/halo on 2 ranks of one host, one GPU each: halo_bench once per
# XMP_COMM (direct: copy engines, direct-kernel: kernel stores, mpi, auto), the hand-written
# CUDA IPC + MPI twin, then the table (report.py, also OUT/table.txt) and OUT/halo.json.
# BUILD: a libxmp build with the targets xmp_bench_halo and xmp_bench_halo_hand (default
# build); HALO_MAX: the largest face in bytes (default 16 MiB).
set -e
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
out=${2:-$here/results}
max=${HALO_MAX:-16777216}
mkdir -p "$out"
run() { mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 "$@"; }
for comm in ${HALO_PATHS:-direct direct-kernel mpi auto}; do
  # Device loops on the GPU only (the array stays there), one GPU per rank. Without
  # XMP_COMM_REPORT: its per-face times make the hosts wait for the direct writes, which device
  # completion (XMP_HALO_SYNC) otherwise leaves to the streams (2 x H200, 1 KiB face:
  # reflect_do 16.8 us with the report, 8.5 without).
  XMP_COMM=$comm XMP_GPUS_PER_NODE=1 XMP_BALANCE=fixed XMP_CPU_WEIGHT=0 \
    run "$build/bin/xmp_bench_halo" --max "$max" >"$out/runtime-$comm.jsonl" \
    2>"$out/runtime-$comm.err" || { echo "halo_bench (XMP_COMM=$comm) failed:"; tail -20 "$out/runtime-$comm.err"; exit 1; }
done
run "$build/bin/xmp_bench_halo_hand" --max "$max" >"$out/hand.jsonl" 2>"$out/hand.err" ||
  { echo "halo_hand failed:"; tail -20 "$out/hand.err"; exit 1; }
python3 "$here/report.py" "$out"/runtime-*.jsonl "$out/hand.jsonl" --json "$out/halo.json" |
  tee "$out/table.txt"
