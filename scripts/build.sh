#!/usr/bin/env bash
# Configures and builds xmpcc with CMake and Ninja into build/ (or $XMPCC_BUILD).
# Extra arguments go to the CMake configure step. XMPCC_JOBS: ninja's parallel jobs
# (default: ninja's own, from the core count).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${XMPCC_BUILD:-$root/build}
jobs=()
if [ -n "${XMPCC_JOBS:-}" ]; then
  if ! [[ $XMPCC_JOBS =~ ^[1-9][0-9]*$ ]]; then
    echo "build.sh: bad XMPCC_JOBS '$XMPCC_JOBS': expected a positive integer" >&2
    exit 2
  fi
  jobs=(-j "$XMPCC_JOBS")
fi
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DXMPCC_DEPS="${XMPCC_DEPS:-/opt/xmpcc-deps}" "$@" >/dev/null
ninja -C "$build" "${jobs[@]}"
