#!/usr/bin/env python3
"""bench/worksharing/run.py - CPU/GPU work sharing of device loops, on a GPU machine.

For each program of .gpu/bench (bench/worksharing/prepare.sh), in one run of this script:
GPU only (weight 0), CPU only (weight 1), the runtime's automatic balancing (XMP_BALANCE=auto,
starting at 0 and at 0.5) and the thesis's rule (listing 4.6: +-0.01 per step from 0.2, XMP_BALANCE=manual). The time
of a step is the period of the program's first device loop (from one execution's start to the
next's), from the runtime's report (XMP_REPORT); each mode is summarised by the median of its
last steps, the modes run interleaved --repeat times (CPU only and the thesis rule once), and
the last steps of a mode's repeats are pooled (the per-step record and convergence are those of
its median run: weights, convergence). The ideal time T* of a loop that both sides share perfectly obeys
1/T* = 1/T_gpu + 1/T_cpu (per loop, summed over the loops, plus the step's time outside the
loops). Writes one JSON per run and
worksharing.json under --out, and prints a table with T*/T_auto (balancing efficiency),
T_gpu/T_auto and the steps auto needed to converge. --summarize recomputes the table from
the run JSONs of an earlier run (e.g. fetched from the GPU machine).

  python3 bench/worksharing/run.py --out /tmp/ws [--steps 20] [--ranks 1] [program dir...]
  python3 bench/worksharing/run.py --out /tmp/ws --summarize
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, ".gpu", "bench")

# mode -> (XMP_BALANCE, XMP_CPU_WEIGHT, the program's weight argument, arguments after steps)
MODES = {
    "gpu": ("fixed", "0", "-", []),
    "cpu": ("fixed", "1", "-", []),
    "auto": ("auto", "0", "-", []),
    "auto-from-0.5": ("auto", "0.5", "-", []),  # converging from the other side
    "thesis": ("manual", "0.2", "0.2", ["adapt"]),  # thesis 4.5.2 starts at 0.2
}


def machine():
    try:
        gpus = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                              capture_output=True, text=True).stdout.split("\n")
        gpus = [g for g in gpus if g.strip()]
    except OSError:
        gpus = []
    return {"host": platform.node(), "cpus": os.cpu_count(), "gpus": gpus}


def step_times(report):
    """Per step: the program's time step, i.e. the period of its first device loop (start to
    the next start: every loop, the transfers one loop's split causes in another, the host's
    part; the last step has none), or where the runtime gave no periods the sum over the loops
    of max(cpu, gpu); and per loop, per step, max(cpu, gpu)."""
    loops = report["loops"]
    nsteps = min(len(l["steps"]) for l in loops) if loops else 0
    per_loop = [[max(s["cpu_s"], s["gpu_s"]) for s in l["steps"][:nsteps]] for l in loops]
    periods = [s.get("period_s") for s in loops[0]["steps"][:nsteps - 1]] if loops else []
    if periods and all(p is not None for p in periods):
        return periods, [p[:nsteps - 1] for p in per_loop]
    return [sum(p[k] for p in per_loop) for k in range(nsteps)], per_loop


def tail_median(values, k):
    """Median of the last k steps: a step disturbed by the machine (seen: GPU-only matmul
    steps alternating 4.3 and 7.3 ms on an H100) does not move it."""
    tail = sorted(values[-k:] if len(values) >= k else values)
    if not tail:
        return float("nan")
    mid = len(tail) // 2
    return tail[mid] if len(tail) % 2 else (tail[mid - 1] + tail[mid]) / 2


def pooled(runs, key, k):
    """The last k values of key of every run, together: processes of one program differ by
    more than the steps of one (below), so a mode's time is the median of its repeats' last
    steps pooled. key: "step" or a loop index."""
    out = []
    for r in runs:
        v = r["step_s"] if key == "step" else r["loop_step_s"][key]
        out += v[-k:] if len(v) >= k else v
    return out


def median_run(runs, tail):
    """The run whose step time (median of its last steps) is the median of the runs of one mode:
    processes of one program differ by more than the steps of one (seen: 0.35 against 0.47 ms
    per step for the same weight on an H100; GPU-only matmul steady at 4.3 ms in one process
    and alternating 4.3 / 5.4 / 6.3 ms in the next on an H200)."""
    runs = sorted(runs, key=lambda r: tail_median(r["step_s"], max(1, len(r["step_s"]) // 2)))
    chosen = runs[len(runs) // 2]
    chosen["repeats"] = [tail_median(r["step_s"], max(1, len(r["step_s"]) // 2)) for r in runs]
    k = max(1, min(tail, len(chosen["step_s"]) - 1))
    chosen["pooled_step_s"] = pooled(runs, "step", k)
    chosen["pooled_loop_step_s"] = [pooled(runs, i, k) for i in range(len(chosen["loop_step_s"]))]
    return chosen


def run_once(prog, mode, steps, ranks, out, k):
    policy, initial, weight, extra = MODES[mode]
    name = os.path.basename(prog)
    report = os.path.join(out, "%s-%s-%d-report.json" % (name, mode, k))
    env = dict(os.environ, XMP_BALANCE=policy, XMP_CPU_WEIGHT=initial, XMP_REPORT=report,
               NCCL_NVLS_ENABLE="0",
               OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    exe = os.path.join(prog, name.split("-")[0])
    cmd = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "-np",
           str(ranks), exe, weight, str(steps)] + extra
    t0 = time.time()
    res = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.time() - t0
    with open(os.path.join(out, "%s-%s-%d.log" % (name, mode, k)), "w") as f:
        f.write(res.stdout + res.stderr)
    if res.returncode != 0:
        sys.exit("%s %s failed:\n%s" % (name, mode, (res.stdout + res.stderr)[-2000:]))
    with open(report) as f:
        rep = json.load(f)
    total, per_loop = step_times(rep)
    return {"program": name, "mode": mode, "ranks": ranks, "steps": steps, "wall_s": wall,
            "step_s": total, "loop_step_s": per_loop, "report": rep}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--cpu-steps", type=int, default=4, help="CPU only: slow, steady")
    ap.add_argument("--thesis-steps", type=int, default=30)
    ap.add_argument("--tail", type=int, default=10)
    ap.add_argument("--ranks", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5,
                    help="runs per mode, interleaved (CPU only and the thesis rule: 1); the "
                         "median run counts")
    ap.add_argument("--summarize", action="store_true")
    ap.add_argument("programs", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.summarize:
        names = sorted({f[:-len("-auto.json")] for f in os.listdir(a.out)
                        if f.endswith("-auto.json")})
        progs = [os.path.join(a.out, n) for n in names]
        info = None
    else:
        progs = a.programs or sorted(os.path.join(BENCH, d) for d in os.listdir(BENCH))
        info = machine()
    rows = []
    for prog in progs:
        runs = {}
        path = {m: os.path.join(a.out, "%s-%s.json" % (os.path.basename(prog), m)) for m in MODES}
        if a.summarize:
            for mode in MODES:
                with open(path[mode]) as f:
                    runs[mode] = json.load(f)
                info = runs[mode]["machine"]
        else:
            # Repeats interleaved (gpu, auto, ... then again): a machine whose state drifts
            # during the run (clocks, another tenant) weighs on every mode alike.
            every = {m: [] for m in MODES}
            for k in range(a.repeat):
                for mode in MODES:
                    if k > 0 and mode in ("cpu", "thesis"):  # slow, and steady: once
                        continue
                    steps = {"cpu": a.cpu_steps, "thesis": a.thesis_steps}.get(mode, a.steps)
                    every[mode].append(run_once(prog, mode, steps, a.ranks, a.out, k))
            for mode in MODES:
                runs[mode] = median_run(every[mode], a.tail)
                runs[mode]["machine"] = info
                with open(path[mode], "w") as f:
                    json.dump(runs[mode], f, indent=1)
        # Medians of the last steps (the first ones upload data and settle the weight), of
        # every repeat together.
        tails = {m: len(runs[m]["pooled_step_s"]) for m in runs}
        t = {m: tail_median(runs[m]["pooled_step_s"], tails[m]) for m in runs}
        # Ideal per loop, summed: both sides working on one loop at their own speeds; plus the
        # rest of the step outside the loops (host code, communication), the smaller of
        # GPU only's and CPU only's.
        ideal, loops_sum = 0.0, {"gpu": 0.0, "cpu": 0.0}
        for lg, lc in zip(runs["gpu"]["pooled_loop_step_s"], runs["cpu"]["pooled_loop_step_s"]):
            tg, tc = tail_median(lg, len(lg)), tail_median(lc, len(lc))
            loops_sum["gpu"] += tg
            loops_sum["cpu"] += tc
            ideal += 1.0 / (1.0 / tg + 1.0 / tc) if tg > 0 and tc > 0 else min(tg, tc)
        ideal += max(0.0, min(t[m] - loops_sum[m] for m in loops_sum))
        loops = runs["auto"]["report"]["loops"]
        converge = max((l.get("steps_to_converge", -1) for l in loops), default=-1)
        converge05 = max((l.get("steps_to_converge", -1)
                          for l in runs["auto-from-0.5"]["report"]["loops"]), default=-1)
        share = [l.get("final_weight", float("nan")) for l in loops]
        row = {"program": runs["auto"]["program"], "t_gpu": t["gpu"], "t_cpu": t["cpu"],
               "t_auto": t["auto"], "t_auto05": t["auto-from-0.5"],
               "steps_to_converge_from_0.5": converge05,
               "t_thesis": t["thesis"], "t_ideal": ideal,
               "efficiency": ideal / t["auto"], "gpu_over_auto": t["gpu"] / t["auto"],
               "auto_over_best": t["auto"] / min(t["gpu"], t["cpu"]),
               "steps_to_converge": converge, "final_cpu_share": share}
        row["auto05_over_best"] = t["auto-from-0.5"] / min(t["gpu"], t["cpu"])
        row["ok"] = (row["auto_over_best"] <= 1.02 and converge <= 5 and converge05 <= 5 and
                     (row["efficiency"] >= 0.95 or max(share) < 0.02))
        rows.append(row)
    with open(os.path.join(a.out, "worksharing.json"), "w") as f:
        json.dump({"machine": info, "ranks": a.ranks, "rows": rows}, f, indent=1)
    print("machine: %s, %d CPUs, GPUs: %s, ranks %d" % (
        info["host"], info["cpus"], ", ".join(info["gpus"]) or "none", a.ranks))
    print("%-14s %9s %9s %9s %9s %9s %6s %8s %7s %6s %-12s %-4s %8s %6s" % (
        "program", "T_gpu ms", "T_cpu ms", "T_auto ms", "T_thes ms", "T* ms", "T*/Ta",
        "Tgpu/Ta", "Ta/best", "steps", "cpu share", "ok", "Ta.5/bst", "steps"))
    for r in rows:
        print("%-14s %9.3f %9.3f %9.3f %9.3f %9.3f %6.3f %8.3f %7.3f %6d %-12s %-4s %8.3f %6d" % (
            r["program"], r["t_gpu"] * 1e3, r["t_cpu"] * 1e3, r["t_auto"] * 1e3,
            r["t_thesis"] * 1e3, r["t_ideal"] * 1e3, r["efficiency"], r["gpu_over_auto"],
            r["auto_over_best"], r["steps_to_converge"],
            ",".join("%.3f" % s for s in r["final_cpu_share"]), "yes" if r["ok"] else "NO",
            r.get("auto05_over_best", float("nan")), r.get("steps_to_converge_from_0.5", -1)))


if __name__ == "__main__":
    main()
