#!/bin/sh
# expect_report.sh FILE NP POLICY WEIGHTS COMMAND...: removes FILE, runs COMMAND (which must
# succeed and write the XMP_REPORT JSON to FILE), then checks FILE: exactly the documented keys,
# "ranks" NP, "policy" POLICY, one loop whose steps ran with the weights in WEIGHTS (comma
# separated), final_weight the last of them, steps_to_converge the first step of the final run
# of equal weights, for every step n_cpu + n_gpu equal and times >= 0, and each step's period
# (start to the next step's start) at least its own time, null for the last step only.
file=$1
np=$2
policy=$3
weights=$4
shift 4
rm -f "$file"
"$@" || { echo "expect_report.sh: command failed" >&2; exit 1; }
python3 - "$file" "$np" "$policy" "$weights" <<'PY'
import json, sys
path, np, policy, weights = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
want = [float(w) for w in weights.split(",")]
with open(path) as f:
    r = json.load(f)
print(json.dumps(r))
assert set(r) == {"ranks", "policy", "loops"}, r.keys()
assert r["ranks"] == np and r["policy"] == policy, (r["ranks"], r["policy"])
assert len(r["loops"]) == 1
loop = r["loops"][0]
assert set(loop) == {"site", "steps", "final_weight", "steps_to_converge"}, loop.keys()
assert loop["site"] == "bal.c:10", loop["site"]
got = [s["weight"] for s in loop["steps"]]
assert got == want, (got, want)
for s in loop["steps"]:
    assert set(s) == {"weight", "cpu_s", "gpu_s", "n_cpu", "n_gpu", "period_s"}, s.keys()
    assert s["n_cpu"] + s["n_gpu"] == loop["steps"][0]["n_cpu"] + loop["steps"][0]["n_gpu"]
    assert s["cpu_s"] >= 0 and s["gpu_s"] >= 0
    assert (s["n_cpu"] == 0) == (s["cpu_s"] == 0) and (s["n_gpu"] == 0) == (s["gpu_s"] == 0)
steps = loop["steps"]
for s in steps[:-1]:
    assert s["period_s"] is not None and s["period_s"] >= max(s["cpu_s"], s["gpu_s"]), s
assert steps[-1]["period_s"] is None, steps[-1]
assert loop["final_weight"] == want[-1]
k = len(want) - 1
while k > 0 and want[k - 1] == want[-1]:
    k -= 1
assert loop["steps_to_converge"] == k, (loop["steps_to_converge"], k)
PY
