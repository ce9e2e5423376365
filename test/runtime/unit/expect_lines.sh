#!/bin/sh
# expect_lines.sh PATTERN... -- COMMAND...: passes when COMMAND succeeds and each PATTERN (an
# extended regular expression, grep -E) matches exactly one line of its output, these lines in
# the order of the patterns; a PATTERN starting with '!' must match no line.
patterns=$(mktemp) || exit 1
trap 'rm -f "$patterns"' EXIT
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  printf '%s\n' "$1" >>"$patterns"
  shift
done
[ "$#" -gt 1 ] || { echo "expect_lines.sh: no command after --" >&2; exit 2; }
shift
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -eq 0 ] || { echo "expect_lines.sh: command failed with status $rc" >&2; exit 1; }
fail=0
last=0
while IFS= read -r pat; do
  case $pat in
  !*)
    n=$(printf '%s\n' "$out" | grep -cE -- "${pat#!}")
    [ "$n" -eq 0 ] || { echo "expect_lines.sh: '${pat#!}' matched $n lines, expected none" >&2; fail=1; }
    ;;
  *)
    n=$(printf '%s\n' "$out" | grep -cE -- "$pat")
    if [ "$n" -ne 1 ]; then
      echo "expect_lines.sh: '$pat' matched $n lines, expected one" >&2
      fail=1
      continue
    fi
    at=$(printf '%s\n' "$out" | grep -nE -- "$pat" | cut -d: -f1)
    [ "$at" -gt "$last" ] || { echo "expect_lines.sh: '$pat' matched line $at, before line $last of the pattern above" >&2; fail=1; }
    last=$at
    ;;
  esac
done <"$patterns"
exit $fail
