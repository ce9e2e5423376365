#!/usr/bin/env bash
# Configures and builds xmpcc with CMake and Ninja into build/ (or $XMPCC_BUILD).
# Extra arguments go to the CMake configure step.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${XMPCC_BUILD:-$root/build}
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DXMPCC_DEPS="${XMPCC_DEPS:-/opt/xmpcc-deps}" "$@" >/dev/null
ninja -C "$build"
