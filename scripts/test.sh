#!/usr/bin/env bash
# Sets up the dependencies, builds xmpcc warning-free (-Werror) and runs every
# test: runtime unit and MPI tests, the lit suite (frontend, lowering, driver,
# e2e under mpirun) and the install test. The runtime tests run a second time
# under AddressSanitizer and UndefinedBehaviorSanitizer.
#
# The set-up and build steps print one line each; their output goes to
# build/logs/test-*.log (XMPCC_LOG_DIR moves them) and is shown, its last lines,
# only when a step fails. ctest reports as usual. XMPCC_JOBS: ninja's parallel jobs.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
logs=${XMPCC_LOG_DIR:-$root/build/logs}
# shellcheck source=quiet.sh
. "$root/scripts/quiet.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

quiet_step "[1/4] dependencies (scripts/setup-deps.sh)" "$logs/test-setup.log" \
  bash "$root/scripts/setup-deps.sh"
quiet_step "[2/4] build xmpcc with -Werror (scripts/build.sh)" "$logs/test-build.log" \
  env XMPCC_BUILD="$root/build" bash "$root/scripts/build.sh" -DXMPCC_WERROR=ON
echo "[3/4] every test (ctest)"
ctest --test-dir "$root/build" --output-on-failure

san="$root/build-sanitize"
build_sanitize() {
  cmake -G Ninja -S "$root" -B "$san" -DCMAKE_BUILD_TYPE=Debug -DXMPCC_WERROR=ON \
    -DXMPCC_SANITIZE=ON -DXMPCC_DEPS="${XMPCC_DEPS:-/opt/xmpcc-deps}"
  ninja -C "$san" ${XMPCC_JOBS:+-j "$XMPCC_JOBS"} xmp_runtime_tests
}
quiet_step "[4/4] runtime tests under ASan + UBSan: build (build-sanitize/)" \
  "$logs/test-sanitize-build.log" build_sanitize
ASAN_OPTIONS=detect_leaks=0 ctest --test-dir "$san" -R '^runtime\.' --output-on-failure
