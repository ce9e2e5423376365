#!/usr/bin/env bash
# The main job: sets up and builds xmpcc, then runs the Himeno benchmark
# (examples/himeno) under mpirun three ways side by side - the serial
# reference, the xmpcc directive version and the hand-coded MPI version - and
# checks that their Gosa agree (1e-5 relative). Without a GPU the device loops
# run on CPU workers and the hand-coded version is its CPU build; with nvcc and
# a GPU both use CUDA.
#
#   bash scripts/himeno.sh                 size S, 2 processes, 100 iterations
#   SIZE=M NP=4 NDJ=2 ITER=200 bash scripts/himeno.sh
#
# SIZE: XS S M L XL; NP: processes; NDJ, NDK: processes along j and k (the
# rest go along i); ITER: iterations.
#
# Each step prints one line; its output goes to build/logs/himeno-*.log (XMPCC_LOG_DIR moves
# them) and is shown, its last lines, only when the step fails. The table gives for each
# version its ranks, MFLOPS, Gosa's difference from the serial run's and its speed relative
# to the serial run, with a note on what slows down a version that is slower than serial.
# Exit status 1 when a Gosa differs from the serial one by more than 1e-5 relative.
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

logs=${XMPCC_LOG_DIR:-$root/build/logs}
# shellcheck source=quiet.sh
. "$root/scripts/quiet.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

gpu=none
if command -v nvcc >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  gpu=cuda
fi
hand=himeno_mpi_cpu
[ "$gpu" = cuda ] && hand=himeno_mpi_cuda
cores=$(nproc)
grid="$((np / ndj / ndk))x${ndj}x${ndk}"
if [ "$gpu" = cuda ]; then where="GPU (CUDA)"; else where="no GPU: device loops on CPU workers"; fi
echo "Himeno $size, $iter iterations, mpirun -np $np ($grid) for the MPI versions;" \
  "$cores cores, $where"

quiet_step "[1/4] dependencies (scripts/setup-deps.sh)" "$logs/himeno-setup.log" \
  bash "$root/scripts/setup-deps.sh"
quiet_step "[2/4] build xmpcc (scripts/build.sh)" "$logs/himeno-build.log" \
  bash "$root/scripts/build.sh"
compile() {
  local targets=(all)
  [ "$gpu" = cuda ] && targets+=(cuda)
  make -C "$root/examples/himeno" O="$out" "${targets[@]}"
  "$root/build/bin/xmpcc" -v --gpu=$gpu -O3 "-DHIMENO_SIZE_$size" -DNDJ="$ndj" -DNDK="$ndk" \
    "$root/examples/himeno/himeno.c" -o "$out/himeno"
}
quiet_step "[3/4] compile: serial and $hand (make), directives (xmpcc)" \
  "$logs/himeno-compile.log" compile

# The cores other processes keep busy, sampled over 1 s before the runs (this script sleeps
# meanwhile): a note names them where they may have slowed a version down.
busy=$(python3 -c '
import os, time
def sample():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return sum(v), v[3] + v[4]  # all jiffies, idle + iowait
try:
    t0, i0 = sample(); time.sleep(1); t1, i1 = sample()
    print("%.1f" % ((1 - (i1 - i0) / max(t1 - t0, 1)) * os.cpu_count()))
except (OSError, ValueError, IndexError):
    print("")
')

mpirun=(mpirun --oversubscribe -np "$np")
runs() {
  echo "== serial"
  "$out/himeno_serial" "$size" "$iter" | tee "$out/serial.txt"
  echo "== xmpcc directives, mpirun -np $np"
  "${mpirun[@]}" "$out/himeno" "$iter" | tee "$out/xmp.txt"
  echo "== hand-coded MPI ($hand), mpirun -np $np"
  "${mpirun[@]}" "$out/$hand" -d "$grid" "$size" "$iter" | tee "$out/hand.txt"
}
quiet_step "[4/4] run: serial, directives, hand-coded MPI" "$logs/himeno-run.log" runs

python3 - "$out" "$np" "$cores" "$gpu" "$busy" "$logs" <<'PY'
import sys

d, logs, gpu, busy = sys.argv[1], sys.argv[6], sys.argv[4], sys.argv[5]
np, cores = int(sys.argv[2]), int(sys.argv[3])


def field(name, key):
    for line in open("%s/%s.txt" % (d, name)):
        if line.startswith(key + " "):
            return float(line.split()[1])
    sys.exit("himeno.sh: no %s line in the %s run's output (%s/himeno-run.log)"
             % (key, name, logs))


# A rank's share of the host's cores as libxmp lays it out without a GPU
# (runtime/starpu/layout.c): one for the main thread where it gets two or more, the others
# (at least one) CPU workers.
mycores = max(1, cores // np)
workers = max(1, mycores - 1) if mycores > 1 else 1
ref_gosa, ref_mflops = field("serial", "Gosa"), field("serial", "MFLOPS")
print("%-18s %5s %10s %15s %10s" % ("version", "ranks", "MFLOPS", "Gosa rel. diff", "vs serial"))
worst, notes = 0.0, []
for label, name, ranks in (("serial", "serial", 1), ("xmpcc directives", "xmp", np),
                           ("hand-coded MPI", "hand", np)):
    gosa, mflops = field(name, "Gosa"), field(name, "MFLOPS")
    rel = abs(gosa - ref_gosa) / abs(ref_gosa)
    worst = max(worst, rel)
    ratio = mflops / ref_mflops
    print("%-18s %5d %10.1f %15.2e %9.2fx" % (label, ranks, mflops, rel, ratio))
    if name == "serial" or ratio >= 1:
        continue
    why = []
    if np > cores:
        why.append("its %d ranks oversubscribe the %d cores (NP > nproc): they take turns"
                   % (np, cores))
    if name == "xmp" and gpu == "none":
        why.append("without a GPU its device loops run as StarPU tasks on CPU workers "
                   "(%d per rank, %s), and every loop pays for submitting them and waiting"
                   % (workers, "its main thread on a core of its own" if mycores > 1
                      else "on the rank's one core with its main thread"))
    if busy and float(busy) >= 0.3:
        why.append("other processes kept %s of the %d cores busy just before the runs"
                   % (busy, cores))
    if not why:
        why.append("no cause found here (NP <= cores, no other load seen)")
    notes.append("note: %s is slower than serial: %s." % (label, "; ".join(why)))
if not worst <= 1e-5:
    sys.exit("himeno.sh: Gosa differs from the serial one by %.2e relative (limit 1e-5)" % worst)
print("Gosa agrees with the serial reference (1e-5 relative).")
for n in notes:
    print(n)
print("Output of each step: %s/himeno-*.log" % logs)
PY
