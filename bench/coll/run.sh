#!/bin/sh
# run.sh NP [SUB] [BUILD] - the collectives benchmark on NP ranks of one host, once as one
# direct-link domain and once as virtual subclusters of SUB ranks (default NP / 2), in one
# invocation; tables on stdout, JSON in bench/coll/results/.
set -e
np=${1:?usage: run.sh NP [SUB] [BUILD]}
sub=${2:-$((np / 2))}
build=${3:-build}
here=$(dirname "$0")
mkdir -p "$here/results"
bin="$build/bin/xmp_bench_coll"
mpirun --oversubscribe -np "$np" "$bin" --json "$here/results/coll_np${np}_one_domain.json"
XMP_SUBCLUSTER_SIZE=$sub mpirun --oversubscribe -x XMP_SUBCLUSTER_SIZE -np "$np" "$bin" \
  --json "$here/results/coll_np${np}_sub${sub}.json"
