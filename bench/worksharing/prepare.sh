#!/usr/bin/env bash
# prepare.sh - translates the worksharing benchmark's programs here (xmpcc --emit-c) into
# .gpu/bench/, next to what scripts/gpu-check.sh prepare puts in .gpu/ (StarPU's source).
# N-body from launch-bound to large, and matmul, whose loop GPUs alone win.
#   NBODY_SIZES="1024 8192 32768 131072" MATMUL_SIZES="2048" bash bench/worksharing/prepare.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
xmpcc=${XMPCC:-$root/build/bin/xmpcc}
out=$root/.gpu/bench
rm -rf "$out" && mkdir -p "$out"
for np in ${NBODY_SIZES:-1024 8192 32768 131072}; do
  "$xmpcc" --emit-c "$out/nbody-$np" -DNP="$np" -O3 "$root/examples/nbody/nbody.c" -o nbody -lm
done
for n in ${MATMUL_SIZES:-2048}; do
  "$xmpcc" --emit-c "$out/matmul-$n" -DN="$n" -O3 "$root/examples/matmul/matmul.c" -o matmul
done
[ -d "$root/.gpu/starpu-src" ] || bash "$root/scripts/gpu-check.sh" prepare >/dev/null
ls "$out"
