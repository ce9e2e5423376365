# shellcheck shell=bash
# Sourced by himeno.sh and test.sh (which run under set -e): steps that print one line
# each, their output kept in a log file and shown (its tail) only when they fail.
#
#   quiet_step LABEL LOG CMD...   runs CMD with stdout and stderr in LOG and prints
#                                 "LABEL ... ok (N s)"; on failure prints the last 40 lines
#                                 of LOG and where it is, and exits with CMD's status.

quiet_step() {
  local label=$1 log=$2
  shift 2
  local t0=$SECONDS rc
  mkdir -p "$(dirname "$log")"
  printf '%s ... ' "$label"
  # In a subshell with -e of its own: a shell function given as CMD stops at its first
  # failing command (in `CMD || ...` bash would ignore -e inside it).
  set +e
  (
    set -e
    "$@"
  ) >"$log" 2>&1
  rc=$?
  set -e
  if [ "$rc" -eq 0 ]; then
    echo "ok ($((SECONDS - t0)) s)"
    return 0
  fi
  echo "FAILED (exit status $rc)"
  echo "---- last 40 lines of $log:"
  tail -n 40 "$log"
  echo "---- the whole output is in $log"
  exit "$rc"
}
