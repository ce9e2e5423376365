#!/usr/bin/env bash
# Sets up the dependencies, builds xmpcc warning-free (-Werror) and runs every
# test: runtime unit and MPI tests, and the lit suite (frontend, lowering,
# driver, e2e under mpirun). The runtime tests run a second time under
# AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup-deps.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

XMPCC_BUILD="$root/build" bash "$root/scripts/build.sh" -DXMPCC_WERROR=ON
ctest --test-dir "$root/build" --output-on-failure

echo "== runtime tests under ASan + UBSan"
san="$root/build-sanitize"
cmake -G Ninja -S "$root" -B "$san" -DCMAKE_BUILD_TYPE=Debug -DXMPCC_WERROR=ON \
  -DXMPCC_SANITIZE=ON -DXMPCC_DEPS="${XMPCC_DEPS:-/opt/xmpcc-deps}" >/dev/null
ninja -C "$san" xmp_runtime_tests
ASAN_OPTIONS=detect_leaks=0 ctest --test-dir "$san" -R '^runtime\.' --output-on-failure
