#!/usr/bin/env bash
# Sets up and builds xmpcc, then compiles examples/sum and examples/block2d and
# runs them under mpirun next to their serial twins (CPU only: no GPU is
# needed). NP (default 4) sets the number of processes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
np=${NP:-4}
bash "$root/scripts/setup-deps.sh"
bash "$root/scripts/build.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
xmpcc=$root/build/bin/xmpcc
mpirun=(mpirun --oversubscribe -np "$np")

run() { # name, xmpcc flags...
  local name=$1; shift
  "$xmpcc" "$@" "$root/examples/$name/$name.c" -o "$out/$name"
  cc -O2 "$root/examples/$name/${name}_serial.c" -o "$out/${name}_serial"
  printf '%-8s serial       : %s\n' "$name" "$("$out/${name}_serial")"
  printf '%-8s xmpcc, np=%-3s: %s\n' "$name" "$np" "$("${mpirun[@]}" "$out/$name")"
}
run sum
px=1; [ $((np % 2)) -eq 0 ] && px=2
run block2d -DPX=$px
