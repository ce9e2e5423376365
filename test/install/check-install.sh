#!/usr/bin/env bash
# ctest "install": `cmake --install` into a temporary prefix, then use only that prefix.
#   - the layout the README promises (bin/xmpcc, lib/libxmp, lib/xmpcc/ the plugin,
#     include/ the headers) is there, and no installed file names the source or the
#     build directory;
#   - the prefix is moved elsewhere (so that only paths relative to the installed driver
#     can work), the examples are copied out of the source tree, and the moved xmpcc
#     compiles examples/sum (global view) and examples/matmul (a device loop; CUDA kernels
#     too where nvcc exists), whose runs under mpirun -np 2 must match their serial twins;
#   - the makefile of `xmpcc --emit-c`, written before the move, builds matmul with
#     `make XMP_PREFIX=<moved prefix>`, and that program matches too.
# None of the commands xmpcc runs, the makefile runs or the programs' run paths may name the
# source, the build or the first prefix.
#
# usage: check-install.sh CMAKE MPIEXEC BUILD_DIR SOURCE_DIR
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: check-install.sh CMAKE MPIEXEC BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
cmake=$1 mpiexec=$2
build=$(cd "$3" && pwd -P) src=$(cd "$4" && pwd -P)
# The trees as grep patterns, as given and with links resolved.
trees=(-e "$src" -e "$build" -e "$(cd "$3" && pwd)" -e "$(cd "$4" && pwd)")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/xmpcc-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
case $tmp in "$src"/* | "$build"/*)
  echo "install test: TMPDIR must be outside the source and build directories" >&2
  exit 2
  ;;
esac
stage=$tmp/stage prefix=$tmp/prefix work=$tmp/work

fail() {
  echo "install test: FAIL: $*" >&2
  exit 1
}
step() { echo "install test: $*"; }
# run LOG CMD...: runs CMD with its output in LOG; on failure prints the log and stops.
run() {
  local log=$1
  shift
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    fail "'$*' failed (exit status above)"
  fi
}
# no_tree_paths WHAT FILE...: FILE must not name the source, build or staging directory.
no_tree_paths() {
  local what=$1 hits
  shift
  if hits=$(grep -lF "${trees[@]}" -e "$stage" "$@"); then
    grep -nF "${trees[@]}" -e "$stage" "$@" >&2 || true
    fail "$what names the source, build or first prefix directory: $hits"
  fi
}
mpirun=("$mpiexec" --allow-run-as-root --oversubscribe -np 2)
export OMPI_MCA_mpi_yield_when_idle=1

step "cmake --install into $stage"
run "$tmp/install.log" "$cmake" --install "$build" --prefix "$stage"
for f in bin/xmpcc lib/xmpcc/xmp-frontend.so include/xmp.h include/xmp_rt.h include/xmp_dev.h \
  include/xmp_dev_cuda.cuh include/xmp_settings.def; do
  [ -e "$stage/$f" ] || fail "$stage/$f was not installed"
done
compgen -G "$stage/lib/libxmp.*" >/dev/null || fail "no libxmp in $stage/lib"
[ -x "$stage/bin/xmpcc" ] || fail "$stage/bin/xmpcc is not executable"
if hits=$(grep -rlF "${trees[@]}" "$stage"); then
  fail "installed files name the source ($src) or build ($build) directory:"$'\n'"$hits"
fi
step "$(find "$stage" -type f | wc -l) files installed, none names $src or $build"

mkdir -p "$work"
cp "$src"/examples/sum/sum.c "$src"/examples/sum/sum_serial.c \
  "$src"/examples/matmul/matmul.c "$src"/examples/matmul/matmul_serial.c "$work"/
cd "$work"
step "xmpcc --emit-c (before the prefix moves)"
run emit.log "$stage/bin/xmpcc" --emit-c emit -DN=97 matmul.c -o matmul
mv "$stage" "$prefix"
step "prefix moved to $prefix"
run help-env.log "$prefix/bin/xmpcc" --help-env
grep -q "XMP_DEV_IDLE = auto|poll|pause" help-env.log ||
  fail "xmpcc --help-env of the moved prefix does not list XMP_DEV_IDLE:"$'\n'"$(head -5 help-env.log)"

run ref.log cc -O2 sum_serial.c -o sum_serial
./sum_serial >sum.ref
run ref.log cc -O2 -DN=97 matmul_serial.c -o matmul_serial
./matmul_serial 0 2 >matmul.ref

step "xmpcc sum.c (global view), mpirun -np 2"
run sum.log "$prefix/bin/xmpcc" -v -O2 sum.c -o sum
no_tree_paths "xmpcc's commands" sum.log
"${mpirun[@]}" ./sum >sum.out || fail "./sum under mpirun failed"
diff -u sum.ref sum.out || fail "./sum differs from its serial twin"

step "xmpcc matmul.c (device loop), mpirun -np 2"
run matmul.log "$prefix/bin/xmpcc" -v -O2 -DN=97 matmul.c -o matmul
no_tree_paths "xmpcc's commands" matmul.log
"${mpirun[@]}" ./matmul 0.3 2 >matmul.out 2>matmul.err || {
  cat matmul.err >&2
  fail "./matmul under mpirun failed"
}
python3 "$src/test/e2e/Inputs/numcmp.py" matmul.ref matmul.out ||
  fail "./matmul differs from its serial twin"

step "make XMP_PREFIX=$prefix (the --emit-c makefile), mpirun -np 2"
run make.log make -C emit XMP_PREFIX="$prefix"
no_tree_paths "the --emit-c makefile's commands" make.log
"${mpirun[@]}" emit/matmul 0.3 2 >emit.out 2>emit.err || {
  cat emit.err >&2
  fail "emit/matmul under mpirun failed"
}
python3 "$src/test/e2e/Inputs/numcmp.py" matmul.ref emit.out ||
  fail "emit/matmul differs from its serial twin"

for p in sum matmul emit/matmul; do
  readelf -d "$p" >"$p.dynamic"
  no_tree_paths "the run path of $p" "$p.dynamic"
done
step "PASS"
