#!/usr/bin/env python3
"""bench/apps/run.py - Himeno and N-body as users run them, on a GPU machine.

Programs come from bench/apps/prepare.sh (.gpu/apps/, translated where LLVM is); this script
builds them and the hand-coded Himeno (examples/himeno, MPI + CUDA) there, then runs, on
1, 2, 4, 8 GPUs (as many as the machine has; one rank per GPU, CPU weight 0):
  - strong scaling: Himeno S, M, L, XL over 1-D (i) and 2-D (i, j) node arrays, with the
    halo paths auto (hybrid), MPI only (XMP_COMM=mpi) and two virtual subclusters
    (XMP_SUBCLUSTER_SIZE = ranks / 2), next to the hand-coded version on the same grid and
    process grid: the baseline is the hand-coded version of the same algorithm (the
    benchmark's copy loop p = wrk2, himeno_mpi_cuda_copy; --halo auto and mpi), and the one
    that swaps p and wrk2 instead (himeno_mpi_cuda, 8 bytes a point less) is a second
    reference column;
  - weak scaling: one L block per GPU along i (256N x 256 x 512 on N GPUs);
  - the defaults: Himeno L on one rank with no XMP_* or STARPU_* variable set, next to the same
    with XMP_GPUS_PER_NODE=1 (a rank must not be slower on a machine of several GPUs);
  - N-body at each size.
Every run's Gosa is compared with the hand-coded one (1e-5 relative). The copy-bandwidth
roofline is measured by the hand-coded version (--roofline, one GPU): 64 bytes per point with
the copy loop, 56 when swapping. Writes apps.json (machine, rooflines, one record per run)
under --out and prints the tables, the machine first; bench/apps/plot.py draws them.

  bash scripts/gpu-check.sh prepare && bash bench/apps/prepare.sh      # here
  python3 bench/apps/run.py --out /tmp/apps [--gpus N] [--quick]        # there
"""
import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APPS = os.path.join(ROOT, ".gpu", "apps")
HAND = "/tmp/himeno-apps"
ITERATIONS = {"S": 400, "M": 200, "L": 100, "XL": 30, "weak": 100}
SAVE = None
REPEAT = 1  # --repeat: runs of each case; the table takes their median
NBODY_STEPS = 20
MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none"]


def sh(cmd, env=None, timeout=300):
    full = dict(os.environ, **(env or {}))
    p = subprocess.run(cmd, capture_output=True, text=True, env=full, timeout=timeout)
    return p.returncode, p.stdout + p.stderr


def field(text, key):
    m = re.search(r"^%s ([-+0-9.eE]+)" % re.escape(key), text, re.M)
    return float(m.group(1)) if m else None


def machine():
    rc, out = sh(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"])
    gpus = [g.strip() for g in out.splitlines() if g.strip()] if rc == 0 else []
    return {"host": platform.node(), "cpus": os.cpu_count(), "gpus": gpus}


def build(out):
    dirs = sorted(os.path.join(APPS, d) for d in os.listdir(APPS))
    rc, log = sh(["bash", os.path.join(ROOT, "scripts", "gpu-check.sh"), "build"] + dirs,
                 env={"OUT": out}, timeout=1200)
    if rc != 0:
        sys.exit("build failed:\n" + log[-3000:])
    rc, log = sh(["make", "-s", "-C", os.path.join(ROOT, "examples", "himeno"), "O=" + HAND,
                  "cuda"], timeout=600)
    if rc != 0:
        sys.exit("hand-coded build failed:\n" + log[-3000:])


def clean_env():
    """The environment without any XMP_* or STARPU_* variable (the defaults' runs)."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith("XMP_") and not k.startswith("STARPU_")}


def run(records, rec, cmd, env, defaults=False):
    rates, rcs = [], []
    for _ in range(REPEAT):
        if defaults:  # exactly what a user gets: nothing set
            p = subprocess.run(MPIRUN + ["-np", str(rec["ranks"])] + cmd, capture_output=True,
                               text=True, env=dict(clean_env(), **env), timeout=300)
            rc, text = p.returncode, p.stdout + p.stderr
        else:
            rc, text = sh(MPIRUN + ["-np", str(rec["ranks"])] + cmd,
                          env=dict({"XMP_GPUS_PER_NODE": "1", "XMP_BALANCE": "fixed",
                                    "XMP_CPU_WEIGHT": "0"}, **env))
        rcs.append(rc)
        if field(text, "MFLOPS") is not None:
            rates.append(field(text, "MFLOPS"))
        if rc != 0:
            break
    if REPEAT > 1:
        rec["mflops_runs"] = rates
    rec.update(rc=rc, mflops=statistics.median(rates) if rates else None,
               gosa=field(text, "Gosa"), seconds=field(text, "time"))
    m = re.search(r"time=([0-9.]+) s", text)  # N-body
    if m:
        rec["seconds"] = float(m.group(1))
    if rc != 0:
        rec["error"] = text[-400:]
    records.append(rec)
    print(json.dumps(rec), flush=True)
    if SAVE:
        SAVE()  # a run cut short keeps what it measured
    return rec, text


def himeno(records, size, grid, ranks, comms, quick):
    prog = os.path.join(APPS, "himeno-%s-%s" % (size, grid), "himeno")
    if not os.path.exists(prog):
        prog = os.path.join(APPS, "himeno-%s" % size, "himeno")  # weak-N: one grid
    iters = ITERATIONS["weak" if size.startswith("weak") else size]
    ndj = 2 if grid == "2d" else 1
    dims = "%dx%dx1" % (ranks // ndj, ndj)
    hand_size = {"weak": "%dx256x512" % (256 * ranks)}.get(size.split("-")[0], size)
    hand = {}
    for halo in (["auto"] if quick or ranks == 1 else ["auto", "mpi"]):
        hand[halo], _ = run(records, {"program": "himeno", "version": "hand", "size": size,
                                   "grid": grid, "ranks": ranks, "comm": halo},
                         [HAND + "/himeno_mpi_cuda_copy", "-d", dims, "--halo", halo,
                          hand_size, str(iters)], {})
    run(records, {"program": "himeno", "version": "hand-swap", "size": size, "grid": grid,
                  "ranks": ranks, "comm": "auto"},
        [HAND + "/himeno_mpi_cuda", "-d", dims, "--halo", "auto", hand_size, str(iters)], {})
    for comm in comms:
        env = {"mpi": {"XMP_COMM": "mpi"}, "direct": {"XMP_COMM": "direct"},
               "sub2": {"XMP_SUBCLUSTER_SIZE": str(max(1, ranks // 2))}}.get(comm, {})
        rec, _ = run(records, {"program": "himeno", "version": "xmp", "size": size, "grid": grid,
                            "ranks": ranks, "comm": comm}, [prog, str(iters)], env)
        ref = hand["auto"].get("gosa")
        rec["gosa_ok"] = (rec.get("gosa") is not None and ref is not None and
                          abs(rec["gosa"] - ref) <= 1e-5 * abs(ref))


def machine_line(info):
    gpus = info.get("gpus", [])
    names = sorted(set(gpus))
    return "machine: %s, %d x %s, %s CPUs" % (info.get("host", "?"), len(gpus),
                                             " + ".join(names) or "no GPU", info.get("cpus"))


def table(data):
    recs = data["runs"]
    # The directive version runs the copy loop: its roofline is the copy loop's (64 B a point).
    roof = data.get("roofline_copy_mflops_per_gpu") or data.get("roofline_mflops_per_gpu")
    lines = [machine_line(data.get("machine", {})) + (
                 "; MFLOPS: medians of %d runs" % data["repeat"] if data.get("repeat", 1) > 1
                 else ""),
             "%-8s %-4s %5s %-6s %12s %12s %8s %12s %8s %9s %8s" % (
                 "size", "grid", "ranks", "comm", "xmp MFLOPS", "hand MFLOPS", "xmp/hand",
                 "swap MFLOPS", "xmp/swap", "of roof", "gosa")]
    hand = {(r["size"], r["grid"], r["ranks"]): r for r in recs
            if r["version"] == "hand" and r["comm"] == "auto"}
    swap = {(r["size"], r["grid"], r["ranks"]): r for r in recs if r["version"] == "hand-swap"}
    for r in recs:
        if r["program"] != "himeno" or r["version"] != "xmp" or r["comm"] in ("defaults", "gpus1"):
            continue
        key = (r["size"], r["grid"], r["ranks"])
        h, w = hand.get(key, {}), swap.get(key, {})
        ratio = r["mflops"] / h["mflops"] if r.get("mflops") and h.get("mflops") else None
        ratio_w = r["mflops"] / w["mflops"] if r.get("mflops") and w.get("mflops") else None
        of_roof = r["mflops"] / (roof * r["ranks"]) if r.get("mflops") and roof else None
        lines.append("%-8s %-4s %5d %-6s %12s %12s %8s %12s %8s %9s %8s" % (
            r["size"], r["grid"], r["ranks"], r["comm"], fmt(r.get("mflops"), "%.0f"),
            fmt(h.get("mflops"), "%.0f"), fmt(ratio, "%.3f"), fmt(w.get("mflops"), "%.0f"),
            fmt(ratio_w, "%.3f"), fmt(of_roof, "%.3f"),
            "ok" if r.get("gosa_ok") else "WRONG" if r.get("rc") == 0 else "FAIL"))
    d = {r["comm"]: r for r in recs if r["program"] == "himeno" and r["size"] == "L" and
         r["comm"] in ("defaults", "gpus1") and r["version"] == "xmp"}
    if "defaults" in d:
        a, b = d["defaults"].get("mflops"), d.get("gpus1", {}).get("mflops")
        lines.append("defaults, L on 1 rank: %s MFLOPS with nothing set, %s with "
                     "XMP_GPUS_PER_NODE=1 (%s)" % (fmt(a, "%.0f"), fmt(b, "%.0f"),
                                                   fmt(a / b if a and b else None, "%.3f")))
    weak = [r for r in recs if r["version"] == "xmp" and r["size"].startswith("weak")
            and r["comm"] == "auto"]
    base = next((r["mflops"] for r in weak if r["ranks"] == 1 and r.get("mflops")), None)
    for r in weak:
        if base and r.get("mflops"):
            lines.append("weak scaling, %d GPUs: efficiency %.3f" % (
                r["ranks"], r["mflops"] / (r["ranks"] * base)))
    for r in recs:
        if r["program"] == "nbody" and "step_ms" in r:
            lines.append("nbody %s on %d GPUs: %s ms per step" % (
                r["size"], r["ranks"], fmt(r.get("step_ms"), "%.3f")))
    return "\n".join(lines)


def fmt(v, f):
    return f % v if v is not None else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--gpus", type=int, default=0, help="at most this many (default: all)")
    ap.add_argument("--quick", action="store_true", help="S and L only, fewer variants")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--only", default="himeno,nbody", help="programs to run (himeno,nbody)")
    ap.add_argument("--sizes", default="", help="Himeno sizes, e.g. S,L (default: S,M,L,XL; "
                    "--quick: S,L)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each case (the table "
                    "shows their median; the JSON keeps every rate); the multi-GPU rows vary "
                    "from run to run")
    ap.add_argument("--summarize", action="store_true", help="print the table of --out")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "apps.json")
    if a.summarize:
        print(table(json.load(open(path))))
        return
    info = machine()
    ngpu = len(info["gpus"]) if a.gpus <= 0 else min(a.gpus, len(info["gpus"]))
    if ngpu == 0:
        sys.exit("run.py: no GPU (nvidia-smi lists none)")
    if not a.no_build:
        build(a.out)
    counts = [n for n in (1, 2, 4, 8) if n <= ngpu]
    data = {"machine": info, "runs": []}

    def save():
        with open(path, "w") as f:
            json.dump(data, f, indent=1)

    global SAVE, REPEAT
    SAVE = save
    REPEAT = max(1, a.repeat)
    data["repeat"] = REPEAT
    rc, text = sh(MPIRUN + ["-np", "1", HAND + "/himeno_mpi_cuda", "--roofline", "L", "20"])
    data["copy_bandwidth_gbs"] = field(text, "copy bandwidth")
    data["roofline_mflops_per_gpu"] = field(text, "roofline MFLOPS")  # 56 B a point (swap)
    rc, text = sh(MPIRUN + ["-np", "1", HAND + "/himeno_mpi_cuda_copy", "--roofline", "L", "20"])
    data["roofline_copy_mflops_per_gpu"] = field(text, "roofline MFLOPS")  # 64 B (copy loop)
    print(machine_line(info), flush=True)
    sizes = a.sizes.split(",") if a.sizes else ["S", "L"] if a.quick else ["S", "M", "L", "XL"]
    for size in sizes if "himeno" in a.only else []:
        for grid in ("1d", "2d"):
            for n in counts:
                if grid == "2d" and n % 2:
                    continue
                comms = ["auto"] if n == 1 or a.quick else ["auto", "mpi", "sub2"]
                himeno(data["runs"], size, grid, n, comms, a.quick)
    for n in counts if "himeno" in a.only else []:
        if os.path.exists(os.path.join(APPS, "himeno-weak-%d" % n)):
            himeno(data["runs"], "weak-%d" % n, "1d", n, ["auto"], True)
    # The defaults: one rank with nothing set, against one GPU asked for (L, 1-D).
    prog = os.path.join(APPS, "himeno-L-1d", "himeno")
    if "himeno" in a.only and os.path.exists(prog):
        ref = next((r.get("gosa") for r in data["runs"] if r["version"] == "hand" and
                    r["size"] == "L" and r["ranks"] == 1), None)
        for comm, env, clean in (("defaults", {}, True), ("gpus1", {"XMP_GPUS_PER_NODE": "1"},
                                                          True)):
            rec, _ = run(data["runs"], {"program": "himeno", "version": "xmp", "size": "L",
                                        "grid": "1d", "ranks": 1, "comm": comm},
                         [prog, str(ITERATIONS["L"])], env, defaults=clean)
            rec["gosa_ok"] = (rec.get("gosa") is not None and ref is not None and
                              abs(rec["gosa"] - ref) <= 1e-5 * abs(ref))
    for d in sorted(os.listdir(APPS)) if "nbody" in a.only else []:
        if d.startswith("nbody-"):
            for n in counts:
                rec, text = run(data["runs"], {"program": "nbody", "version": "xmp", "size": d[6:],
                                         "grid": "1d", "ranks": n, "comm": "auto",
                                         "steps": NBODY_STEPS},
                          [os.path.join(APPS, d, "nbody"), "-", str(NBODY_STEPS)], {})
                # The program's own time includes StarPU's start and the first transfers.
                m = re.search(r"per step after the first: ([0-9.]+) ms", text)
                rec["step_ms"] = float(m.group(1)) if m else None
                save()
    save()
    print(table(data))


if __name__ == "__main__":
    main()
