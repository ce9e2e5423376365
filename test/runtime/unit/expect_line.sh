#!/bin/sh
# expect_line.sh TEXT COUNT COMMAND...: passes when COMMAND succeeds and its output contains the
# line fragment TEXT exactly COUNT times (lines printed once per program, or once per event).
text=$1
count=$2
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -eq 0 ] || { echo "expect_line.sh: command failed with status $rc" >&2; exit 1; }
n=$(printf '%s\n' "$out" | grep -cF -- "$text")
[ "$n" -eq "$count" ] || { echo "expect_line.sh: '$text' printed $n times, expected $count" >&2; exit 1; }
