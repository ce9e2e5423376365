#!/usr/bin/env bash
# Installs everything xmpcc needs on a fresh Debian 12 machine, idempotently:
#   - Debian packages (LLVM/Clang/MLIR 19, OpenMPI, UCX, hwloc, Ninja),
#   - lit from PyPI,
#   - StarPU built from Debian's source package into a cached prefix, with CUDA when nvcc exists.
# Re-running it when everything is present takes a few seconds.
#
# Environment:
#   XMPCC_DEPS     cache folder for StarPU's source and install prefix (default /opt/xmpcc-deps)
#   XMPCC_NO_APT=1 skip apt/pip (for machines without a registry, e.g. the GPU machines)
#   STARPU_TARBALL_DIR  folder that already holds the StarPU source files (skips apt-get source)
set -euo pipefail

STARPU_VERSION=1.4.10
STARPU_DEB_VERSION=1.4.10+dfsg-2
STARPU_ORIG=starpu_${STARPU_VERSION}+dfsg.orig.tar.gz
STARPU_ORIG_SHA256=6b3bb9ec0d79f937882148b2da09ae6cb0ad4d1e83a104be45723dd70eba99c3
# Bumped whenever the configure options below change, so that a cached build is redone.
STARPU_BUILD=2
LIT_VERSION=18.1.8

DEPS=${XMPCC_DEPS:-/opt/xmpcc-deps}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
log() { printf '[setup] %s\n' "$*"; }

APT_PACKAGES=(clang-19 libclang-19-dev libomp-19-dev llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
  libopenmpi-dev openmpi-bin libucx-dev libhwloc-dev ninja-build cmake make pkg-config dpkg-dev
  python3-pip gdb)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

install_packages() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  fi
  if ! python3 -c 'import lit' 2>/dev/null; then
    log "installing lit==$LIT_VERSION from PyPI"
    python3 -m pip install -q "lit==$LIT_VERSION" 2>/dev/null ||
      python3 -m pip install -q --break-system-packages "lit==$LIT_VERSION"
  fi
}

# Fetches the pinned StarPU source through apt-get source from Debian's archive (the version is
# in unstable, so a private deb-src list is used; the system's apt configuration is not touched).
fetch_starpu_source() {
  local dir=$DEPS/src
  mkdir -p "$dir"
  if [ -n "${STARPU_TARBALL_DIR:-}" ] && [ -f "$STARPU_TARBALL_DIR/$STARPU_ORIG" ]; then
    cp "$STARPU_TARBALL_DIR"/starpu_"$STARPU_VERSION"* "$dir"/
  fi
  if [ ! -f "$dir/$STARPU_ORIG" ]; then
    log "fetching StarPU $STARPU_DEB_VERSION with apt-get source"
    local state=$DEPS/apt-src
    mkdir -p "$state/lists/partial"
    echo "deb-src http://deb.debian.org/debian sid main" >"$state/sources.list"
    local o=(-oDir::Etc::SourceList="$state/sources.list" -oDir::Etc::SourceParts=/dev/null
      -oDir::State::Lists="$state/lists" -oAPT::Sandbox::User=root)
    apt-get "${o[@]}" update -qq
    (cd "$dir" && apt-get "${o[@]}" source --download-only "starpu=$STARPU_DEB_VERSION")
  fi
  echo "$STARPU_ORIG_SHA256  $dir/$STARPU_ORIG" | sha256sum -c --quiet - ||
    { log "checksum mismatch for $dir/$STARPU_ORIG"; exit 1; }
}

build_starpu() {
  local cuda=no
  command -v nvcc >/dev/null 2>&1 && cuda=yes
  local prefix=$DEPS/starpu-$STARPU_VERSION-b$STARPU_BUILD-cuda-$cuda
  if [ -f "$prefix/.complete" ]; then
    ln -sfn "$prefix" "$DEPS/starpu"
    return
  fi
  fetch_starpu_source
  local build=$DEPS/build/starpu-$STARPU_VERSION-b$STARPU_BUILD-cuda-$cuda
  rm -rf "$build" && mkdir -p "$build"
  tar -xzf "$DEPS/src/$STARPU_ORIG" -C "$build" --strip-components=1
  # CUDA 13 removed cudaDeviceProp::computeMode; StarPU only reads it to skip prohibited devices.
  local patch=$here/patches/starpu-1.4.10-cuda13-computemode.patch
  (cd "$build" && patch -p1 -s <"$patch")
  local cfg=(--prefix="$prefix" --disable-mpi --disable-fortran --disable-opencl --disable-build-doc
    --disable-build-examples --disable-build-tests --disable-starpupy --disable-socl
    --disable-starpufft --disable-fxt --disable-hdf5 --disable-mlr --disable-gdb
    --without-fxt --disable-openmp --disable-maxmic --disable-simgrid --enable-quick-check)
  if [ $cuda = yes ]; then
    local cudadir
    cudadir=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
    # StarPU's default limit is 4 CUDA devices; the GPU machines have up to 8.
    cfg+=(--enable-cuda --with-cuda-dir="$cudadir" --enable-maxcudadev=8)
  else
    cfg+=(--disable-cuda)
  fi
  log "building StarPU $STARPU_VERSION (cuda=$cuda) into $prefix"
  (cd "$build" && ./configure "${cfg[@]}" >"$build/configure.out" 2>&1 ||
    { tail -40 "$build/configure.out"; exit 1; })
  (cd "$build" && make -j"$(nproc)" >"$build/make.out" 2>&1 || { tail -60 "$build/make.out"; exit 1; })
  (cd "$build" && make install >"$build/install.out" 2>&1 || { tail -40 "$build/install.out"; exit 1; })
  touch "$prefix/.complete"
  ln -sfn "$prefix" "$DEPS/starpu"
  rm -rf "$build"
}

[ "${XMPCC_NO_APT:-0}" = 1 ] || install_packages
as_root mkdir -p "$DEPS"
build_starpu
log "ready: StarPU in $DEPS/starpu"
