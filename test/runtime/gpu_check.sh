#!/usr/bin/env bash
# gpu_check.sh TARBALL_DIR - the XMP-dev runtime tests with CUDA workers, on a GPU machine that
# has nvcc, mpicc and hwloc but neither StarPU nor LLVM: builds StarPU 1.4.10 with CUDA into
# .gpu/starpu (once, as scripts/setup-deps.sh does), libxmp's runtime with mpicc, and
# test_dev_axpy with its CUDA functions (unit/dev_axpy_cuda.cu), then runs it at 1 and 2 ranks
# with the trace on (XMP_DEV_TRACE=1: each loop's host<->device transfers) and under other
# chunk counts. TARBALL_DIR holds starpu_1.4.10+dfsg.orig.tar.gz.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tarballs=$1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
prefix=$root/.gpu/starpu
cudadir=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
if [ ! -f "$prefix/.complete" ]; then
  build=$root/.gpu/starpu-build
  rm -rf "$build" && mkdir -p "$build"
  tar -xzf "$tarballs/starpu_1.4.10+dfsg.orig.tar.gz" -C "$build" --strip-components=1
  (cd "$build" && patch -p1 -s <"$root/scripts/patches/starpu-1.4.10-cuda13-computemode.patch")
  (cd "$build" && ./configure --prefix="$prefix" --disable-mpi --disable-fortran --disable-opencl \
    --disable-build-doc --disable-build-examples --disable-build-tests --disable-starpupy \
    --disable-socl --disable-starpufft --disable-fxt --disable-hdf5 --disable-mlr --disable-gdb \
    --without-fxt --disable-openmp --disable-maxmic --disable-simgrid --enable-quick-check \
    --enable-cuda --with-cuda-dir="$cudadir" >configure.out 2>&1 || { tail -30 configure.out; exit 1; })
  (cd "$build" && make -j"$(nproc)" >make.out 2>&1 && make install >install.out 2>&1) ||
    { tail -40 "$build/make.out"; exit 1; }
  touch "$prefix/.complete"
fi
inc=(-I"$root/runtime/include" -I"$root/runtime/src" -I"$root/runtime/starpu"
  -isystem "$prefix/include/starpu/1.4" -isystem "$cudadir/include" -I"$root/test/runtime/unit")
b=$root/.gpu/build
rm -rf "$b" && mkdir -p "$b"
for f in "$root"/runtime/src/*.c "$root"/runtime/starpu/*.c; do
  mpicc -O2 -std=gnu11 -Wall -Wextra -Werror "${inc[@]}" -c "$f" -o "$b/$(basename "$f" .c).o" &
done
wait
ar rcs "$b/libxmp.a" "$b"/*.o
nvcc -O2 -fmad=false -arch="${XMPCC_CUDA_ARCH:-sm_90}" "${inc[@]}" \
  -c "$root/test/runtime/unit/dev_axpy_cuda.cu" -o "$b/dev_axpy_cuda.o"
libs=("$b/libxmp.a" -L"$prefix/lib" -Wl,-rpath,"$prefix/lib" -lstarpu-1.4 -lhwloc
  -L"$cudadir/lib64" -Wl,-rpath,"$cudadir/lib64" -lcudart -lstdc++ -lm -ldl)
mpicc -O2 -std=gnu11 -DXMP_TEST_CUDA "${inc[@]}" "$root/test/runtime/unit/test_dev_axpy.c" \
  "$b/dev_axpy_cuda.o" "${libs[@]}" -o "$b/axpy"
mpicc -O2 -std=gnu11 "${inc[@]}" "$root/test/runtime/unit/test_dev_rows.c" "${libs[@]}" -o "$b/rows"
nvidia-smi -L
run() { echo "== $*"; env "$@"; }
run XMP_DEV_TRACE=1 mpirun --oversubscribe -np 1 "$b/axpy"
run XMP_DEV_TRACE=1 mpirun --oversubscribe -np 2 "$b/axpy" 2>&1 | tail -12
run XMP_STARPU_NCPU=3 XMP_STARPU_NCUDA=2 mpirun --oversubscribe -np 3 "$b/axpy"
run XMP_STARPU_NCPU=1 XMP_STARPU_NCUDA=3 XMP_CPU_WEIGHT=0.5 mpirun --oversubscribe -np 1 "$b/axpy"
run mpirun --oversubscribe -np 2 "$b/rows"
echo "gpu_check: all passed"
