#!/usr/bin/env bash
# The main job: sets up and builds xmpcc, then runs the Himeno benchmark
# (examples/himeno) under mpirun three ways side by side - the serial
# reference, the xmpcc directive version and the hand-coded MPI version - and
# checks that their Gosa agree (1e-5 relative). Without a GPU the device loops
# run on CPU workers (a one-line warning says so) and the hand-coded version
# is its CPU build; with nvcc and a GPU both use CUDA.
#
#   bash scripts/himeno.sh                 size S, 2 processes, 100 iterations
#   SIZE=M NP=4 NDJ=2 ITER=200 bash scripts/himeno.sh
#
# SIZE: XS S M L XL; NP: processes; NDJ, NDK: processes along j and k (the
# rest go along i); ITER: iterations.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
size=${SIZE:-S}
np=${NP:-2}
ndj=${NDJ:-1}
ndk=${NDK:-1}
iter=${ITER:-100}
case $size in XS | S | M | L | XL) ;; *)
  echo "himeno.sh: bad SIZE '$size': expected XS, S, M, L or XL" >&2
  exit 2
  ;;
esac
for v in NP NDJ NDK ITER; do
  if ! [[ ${!v:-1} =~ ^[1-9][0-9]*$ ]]; then
    echo "himeno.sh: bad $v '${!v}': expected a positive integer" >&2
    exit 2
  fi
done
if ((np % (ndj * ndk) != 0)); then
  echo "himeno.sh: NP=$np is not a multiple of NDJ*NDK=$((ndj * ndk))" >&2
  exit 2
fi

bash "$root/scripts/setup-deps.sh"
bash "$root/scripts/build.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

gpu=none
if command -v nvcc >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  gpu=cuda
fi
hand=himeno_mpi_cpu
[ "$gpu" = cuda ] && hand=himeno_mpi_cuda
make -s -C "$root/examples/himeno" O="$out" all $([ "$gpu" = cuda ] && echo cuda)
"$root/build/bin/xmpcc" --gpu=$gpu -O3 "-DHIMENO_SIZE_$size" -DNDJ="$ndj" -DNDK="$ndk" \
  "$root/examples/himeno/himeno.c" -o "$out/himeno"

mpirun=(mpirun --oversubscribe -np "$np")
echo "== serial"
"$out/himeno_serial" "$size" "$iter" | tee "$out/serial.txt"
echo "== xmpcc directives, mpirun -np $np"
"${mpirun[@]}" "$out/himeno" "$iter" | tee "$out/xmp.txt"
echo "== hand-coded MPI ($hand), mpirun -np $np"
"${mpirun[@]}" "$out/$hand" -d "$((np / ndj / ndk))x${ndj}x${ndk}" "$size" "$iter" |
  tee "$out/hand.txt"

python3 - "$out" <<'EOF'
import sys
def field(path, key):
    for line in open(path):
        if line.startswith(key + " "):
            return float(line.split()[1])
    sys.exit("himeno.sh: no %s line in %s" % (key, path))
d = sys.argv[1]
ref = field(d + "/serial.txt", "Gosa")
print("\n%-22s %16s %12s %12s" % ("version", "Gosa", "rel. diff", "MFLOPS"))
worst = 0.0
for name, f in (("serial", "serial"), ("xmpcc directives", "xmp"), ("hand-coded MPI", "hand")):
    g = field("%s/%s.txt" % (d, f), "Gosa")
    rel = abs(g - ref) / abs(ref)
    worst = max(worst, rel)
    print("%-22s %16.9e %12.2e %12.1f" % (name, g, rel, field("%s/%s.txt" % (d, f), "MFLOPS")))
if not worst <= 1e-5:
    sys.exit("himeno.sh: Gosa differs from the serial one by %.2e relative (limit 1e-5)" % worst)
print("Gosa agrees with the serial reference (1e-5 relative)")
EOF
