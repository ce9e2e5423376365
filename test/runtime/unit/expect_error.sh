#!/bin/sh
# expect_error.sh TEXT COMMAND...: passes when COMMAND exits non-zero and its output contains
# the line fragment TEXT exactly once (errors found by every rank are printed by one).
text=$1
shift
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -ne 0 ] || { echo "expect_error.sh: command succeeded" >&2; exit 1; }
n=$(printf '%s\n' "$out" | grep -cF -- "$text")
[ "$n" -eq 1 ] || { echo "expect_error.sh: '$text' printed $n times, expected once" >&2; exit 1; }
