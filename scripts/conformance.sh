#!/usr/bin/env bash
# Compiles and runs a folder of XcalableMP/C test programs with xmpcc and
# prints PASS / FAIL-compile / FAIL-run / FAIL-timeout per program, a table by
# folder and the totals. Not part of CI: the programs are not in this
# repository (e.g. a checkout of the Omni compiler's tests/XMP/global-view).
#
#   scripts/conformance.sh [options] [DIR]      (DIR defaults to $XMP_CONFORMANCE_DIR)
#
# A program passes when it compiles, exits 0 within the time limit and prints
# no line containing "ERROR"/"Error" (the collection's convention: PASS and
# exit 0, or ERROR and a non-zero exit).
#
# Process count, first match wins: --np N; a line "RELPATH N" (or "NAME N")
# in the --np-file; a "-n N ./NAME.x" or "-np N ./NAME.x" line of a Makefile
# or go.template in the program's folder, then in its sibling folders
# (C, C-Round, C-Square are variants of one test); the product of the first
# `nodes` directive's shape when it is all numbers, or names given a number before it by
# `#define` or a file-scope `int n = 4;` (`nodes p[4][4]`: 16);
# else --default-np (4).
# A run line commented out in the Makefile marks the program "disabled
# upstream" (still run, flagged in the list; --skip-disabled leaves it out).
# Sources in chk/ and sub/ next to the programs are helpers: compiled once per
# folder and linked into every program of that folder (a program whose link
# misses a symbol is linked again with a sibling folder's helpers).
#
# Options:
#   --np N            run every program on N processes
#   --np-file FILE    per-program process counts
#   --default-np N    count when no hint is found (default 4)
#   --timeout S       seconds per run (default 120); compiles get 300
#   --filter REGEX    only programs whose relative path matches
#   --skip-disabled   leave out programs whose Makefile run line is commented out
#   --work DIR        keep binaries and logs there (default: a temporary folder)
#   --results FILE    also write "status<TAB>np<TAB>relpath<TAB>note" lines there
#   -v                print the first diagnostic line of every failure
# Environment: XMPCC (compiler, default build/bin/xmpcc), MPIRUN (default mpirun),
# XMP_CONFORMANCE_CFLAGS (extra compile flags, e.g. -D_MPI3).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
xmpcc=${XMPCC:-$root/build/bin/xmpcc}
mpirun=${MPIRUN:-mpirun}
np_all=""
np_file=""
default_np=4
run_timeout=120
compile_timeout=300
filter=""
skip_disabled=0
work=""
results=""
verbose=0

usage() { sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --np) np_all=$2; shift 2 ;;
    --np-file) np_file=$2; shift 2 ;;
    --default-np) default_np=$2; shift 2 ;;
    --timeout) run_timeout=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    --skip-disabled) skip_disabled=1; shift ;;
    --work) work=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    -v) verbose=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "conformance.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
dir=${1:-${XMP_CONFORMANCE_DIR:-}}
if [ -z "$dir" ] || [ ! -d "$dir" ]; then
  echo "conformance.sh: give a folder of XMP/C programs (or set XMP_CONFORMANCE_DIR)" >&2
  exit 2
fi
dir=$(cd "$dir" && pwd)
if [ ! -x "$xmpcc" ]; then
  echo "conformance.sh: no compiler at $xmpcc (build first, or set XMPCC)" >&2
  exit 2
fi
xmpcc=$(cd "$(dirname "$xmpcc")" && pwd)/$(basename "$xmpcc")
for v in "$np_all" "$default_np" "$run_timeout"; do
  case "$v" in ''|*[!0-9]*) [ -z "$v" ] || { echo "conformance.sh: '$v' is not a number" >&2; exit 2; } ;; esac
done
if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/xmp-conformance.XXXXXX")
fi
mkdir -p "$work"
[ -z "$results" ] || : > "$results"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_mpi_yield_when_idle=1
# Without vader's single-copy path Open MPI's osc/rdma cannot create windows (one-sided
# gmove in/out); its other one-sided components work without it (as test/lit.cfg.py).
export OMPI_MCA_osc=${OMPI_MCA_osc:-^rdma}
mpirun_flags=(--allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none)
read -r -a extra_cflags <<< "${XMP_CONFORMANCE_CFLAGS:-}"

# "-n N ./NAME.x" on a line of FILE; prints "N" or "N disabled".
np_in_file() {
  local file=$1 name=$2
  [ -f "$file" ] || return 1
  awk -v exe="./$name.x" '
    { line = $0; off = (line ~ /^[ \t]*#/) }
    { for (i = 1; i < NF; i++)
        if (($i == "-n" || $i == "-np") && $(i + 2) == exe && $(i + 1) ~ /^[0-9]+$/) {
          print $(i + 1) (off ? " disabled" : ""); found = 1; exit } }
    END { exit !found }' "$file"
}

# Process count (and "disabled") for one program.
np_for() {
  local rel=$1 src=$2 name folder parent sib f
  name=$(basename "$src" .c)
  if [ -n "$np_all" ]; then echo "$np_all"; return; fi
  if [ -n "$np_file" ]; then
    f=$(awk -v r="$rel" -v n="$name" '$1 == r || $1 == n { print $2; exit }' "$np_file")
    if [ -n "$f" ]; then echo "$f"; return; fi
  fi
  folder=$(dirname "$src")
  for f in "$folder/Makefile" "$folder/go.template"; do
    np_in_file "$f" "$name" && return
  done
  parent=$(dirname "$folder")
  for sib in "$parent"/*/; do
    sib=${sib%/}
    [ "$sib" = "$folder" ] && continue
    for f in "$sib/Makefile" "$sib/go.template"; do
      np_in_file "$f" "$name" && return
    done
  done
  # The program's first node array, if its shape is made of numbers, or of names given a number
  # before it (`#define N 4`, `int n = 4;` at file scope).
  f=$(awk '
    /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z_0-9]*[ \t]+[0-9]+[ \t]*$/ { value[$2] = $3 }
    /^(const[ \t]+)?(static[ \t]+)?int[ \t]+[A-Za-z_][A-Za-z_0-9]*[ \t]*=[ \t]*[0-9]+[ \t]*;/ {
      line = $0; sub(/^.*int[ \t]+/, "", line); split(line, kv, /[ \t]*=[ \t]*/)
      sub(/[ \t]*;.*/, "", kv[2]); value[kv[1]] = kv[2] }
    /^[ \t]*#[ \t]*pragma[ \t]+xmp[ \t]+nodes[ \t]/ {
      line = $0; sub(/.*nodes[ \t]+[A-Za-z_][A-Za-z_0-9]*[ \t]*/, "", line)
      if (line ~ /=/) next
      gsub(/[][(), \t]+/, " ", line); n = split(line, dims, " "); p = 1; ok = n > 0
      for (i = 1; i <= n; i++) {
        d = dims[i] in value ? value[dims[i]] : dims[i]
        if (d !~ /^[0-9]+$/) ok = 0; else p *= d }
      if (ok) print p
      exit }' "$src")
  echo "${f:-$default_np}"
}

# First line of a log worth showing.
first_diag() {
  { grep -m1 -E 'error|Error|ERROR|undefined reference|Abort|abort|Segmentation|signal' "$1" ||
      grep -m1 . "$1"; } 2>/dev/null | sed -e "s|$dir/||g" -e 's/[[:space:]]\+/ /g' | cut -c1-200
}

declare -A helper_objs=()
# Compiles the helper sources next to a folder once; prints the objects.
helpers_for() {
  local folder=$1 key objdir h objs=()
  key=${folder#"$dir"/}
  if [ -z "${helper_objs[$key]+x}" ]; then
    objdir="$work/helpers/$key"
    mkdir -p "$objdir"
    for h in "$folder"/chk/*.c "$folder"/sub/*.c; do
      [ -f "$h" ] || continue
      if timeout "$compile_timeout" "$xmpcc" "${extra_cflags[@]}" -c "$h" \
           -o "$objdir/$(basename "$h" .c).o" > "$objdir/$(basename "$h" .c).log" 2>&1; then
        objs+=("$objdir/$(basename "$h" .c).o")
      fi
    done
    helper_objs[$key]="${objs[*]:-}"
  fi
  echo "${helper_objs[$key]}"
}

mapfile -t sources < <(cd "$dir" && find . -name '*.c' -not -path '*/chk/*' -not -path '*/sub/*' |
                       sed 's|^\./||' | LC_ALL=C sort)

declare -A f_total=() f_pass=() f_comp=() f_run=() f_time=()
folders=()
n_total=0; n_pass=0; n_comp=0; n_run=0; n_time=0; n_skip=0

for rel in "${sources[@]}"; do
  [ -n "$filter" ] && ! [[ $rel =~ $filter ]] && continue
  src="$dir/$rel"
  read -r np disabled <<< "$(np_for "$rel" "$src")"
  if [ -n "${disabled:-}" ] && [ "$skip_disabled" = 1 ]; then
    n_skip=$((n_skip + 1)); continue
  fi
  folder=$(dirname "$rel")
  if [ -z "${f_total[$folder]+x}" ]; then
    folders+=("$folder")
    f_total[$folder]=0; f_pass[$folder]=0; f_comp[$folder]=0; f_run[$folder]=0; f_time[$folder]=0
  fi
  f_total[$folder]=$((f_total[$folder] + 1)); n_total=$((n_total + 1))
  out="$work/run/${rel%.c}"
  mkdir -p "$(dirname "$out")"
  read -r -a helpers <<< "$(helpers_for "$(dirname "$src")")"
  note=""
  compiled=1
  (cd "$(dirname "$src")" &&
   timeout "$compile_timeout" "$xmpcc" "${extra_cflags[@]}" "$src" "${helpers[@]}" -lm \
     -o "$out.x") > "$out.compile.log" 2>&1 || compiled=0
  # A helper the program calls may sit in a sibling variant's folder only (util/C/mpi_xmp.c
  # calls util/C-Square/sub's): link each sibling's helpers in turn.
  if [ "$compiled" = 0 ] && grep -q 'undefined reference' "$out.compile.log"; then
    for sib in "$(dirname "$src")"/../*/; do
      sib=$(cd "$sib" && pwd)
      [ "$sib" = "$(dirname "$src")" ] && continue
      read -r -a sib_helpers <<< "$(helpers_for "$sib")"
      [ "${#sib_helpers[@]}" -gt 0 ] || continue
      if (cd "$(dirname "$src")" &&
          timeout "$compile_timeout" "$xmpcc" "${extra_cflags[@]}" "$src" "${helpers[@]}" \
            "${sib_helpers[@]}" -lm -o "$out.x") > "$out.compile2.log" 2>&1; then
        compiled=1; break
      fi
    done
  fi
  if [ "$compiled" = 0 ]; then
    status=FAIL-compile
    note=$(first_diag "$out.compile.log")
    f_comp[$folder]=$((f_comp[$folder] + 1)); n_comp=$((n_comp + 1))
  else
    (cd "$(dirname "$out")" &&
     timeout -k 10 "$run_timeout" "$mpirun" "${mpirun_flags[@]}" -np "$np" "$out.x") \
       > "$out.run.log" 2>&1
    rc=$?
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
      status=FAIL-timeout; note="no exit after ${run_timeout}s"
      f_time[$folder]=$((f_time[$folder] + 1)); n_time=$((n_time + 1))
    elif [ "$rc" != 0 ] || grep -q -E 'ERROR|Error' "$out.run.log"; then
      status=FAIL-run; note="exit $rc: $(first_diag "$out.run.log")"
      f_run[$folder]=$((f_run[$folder] + 1)); n_run=$((n_run + 1))
    else
      status=PASS
      grep -q PASS "$out.run.log" || note="(exit 0, no PASS line)"
      f_pass[$folder]=$((f_pass[$folder] + 1)); n_pass=$((n_pass + 1))
    fi
  fi
  [ -n "${disabled:-}" ] && note="[disabled upstream] $note"
  if [ "$status" = PASS ] || [ "$verbose" = 0 ]; then
    printf '%-13s np=%-3s %s %s\n' "$status" "$np" "$rel" "$([ "$status" = PASS ] && echo "$note")"
  else
    printf '%-13s np=%-3s %s\n              %s\n' "$status" "$np" "$rel" "$note"
  fi
  [ -z "$results" ] || printf '%s\t%s\t%s\t%s\n' "$status" "$np" "$rel" "$note" >> "$results"
done

echo
printf '%-32s %6s %6s %8s %8s %8s\n' folder total PASS compile run timeout
for folder in "${folders[@]}"; do
  printf '%-32s %6d %6d %8d %8d %8d\n' "$folder" "${f_total[$folder]}" "${f_pass[$folder]}" \
    "${f_comp[$folder]}" "${f_run[$folder]}" "${f_time[$folder]}"
done
printf '%-32s %6d %6d %8d %8d %8d\n' TOTAL "$n_total" "$n_pass" "$n_comp" "$n_run" "$n_time"
[ "$n_skip" = 0 ] || echo "($n_skip disabled upstream, skipped)"
echo "logs: $work"
[ "$n_pass" = "$n_total" ]
