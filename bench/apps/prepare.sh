#!/usr/bin/env bash
# prepare.sh - translates the application benchmark's programs here (xmpcc --emit-c) into
# .gpu/apps/, next to what scripts/gpu-check.sh prepare puts in .gpu/ (StarPU's source):
#   himeno-SIZE-1d, himeno-SIZE-2d   Himeno with directives, SIZE in HIMENO_SIZES, node arrays
#                                    n(1, *) (1-D over i) and n(2, *) (2-D over j and i)
#   himeno-weak-N                    N x L along i (256N x 256 x 512): one L block per GPU at N
#   nbody-NP                         N-body, NP in NBODY_SIZES
#   HIMENO_SIZES="S M L XL" WEAK="1 2 4 8" NBODY_SIZES="16384 65536" bash bench/apps/prepare.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
xmpcc=${XMPCC:-$root/build/bin/xmpcc}
out=$root/.gpu/apps
rm -rf "$out" && mkdir -p "$out"
src=$root/examples/himeno/himeno.c
for size in ${HIMENO_SIZES:-S M L XL}; do
  "$xmpcc" --emit-c "$out/himeno-$size-1d" -O3 "-DHIMENO_SIZE_$size" "$src" -o himeno
  "$xmpcc" --emit-c "$out/himeno-$size-2d" -O3 "-DHIMENO_SIZE_$size" -DNDJ=2 "$src" -o himeno
done
for n in ${WEAK:-1 2 4 8}; do
  "$xmpcc" --emit-c "$out/himeno-weak-$n" -O3 -DMIMAX=$((256 * n)) -DMJMAX=256 -DMKMAX=512 \
    "$src" -o himeno
done
for np in ${NBODY_SIZES:-16384 65536}; do
  "$xmpcc" --emit-c "$out/nbody-$np" -DNP="$np" -O3 "$root/examples/nbody/nbody.c" -o nbody -lm
done
[ -d "$root/.gpu/starpu-src" ] || bash "$root/scripts/gpu-check.sh" prepare >/dev/null
ls "$out"
