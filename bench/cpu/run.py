#!/usr/bin/env python3
"""bench/cpu/run.py - plain global-view XMP against its serial twin and hand-coded MPI, on CPUs.

Builds, from this repository's sources:
  - himeno_serial (gcc), himeno_mpi (mpicc) and himeno_xmp (xmpcc) at each Himeno size;
  - laplace_serial (gcc), laplace_mpi (mpicc) and laplace_xmp (xmpcc) on one grid;
every one with -O3 (the exact commands, and the mpicc commands xmpcc runs, go into the JSON).
Then runs them in rounds: each round runs every (program, size, version, ranks) once, in an
order that rotates from round to round, so that the versions alternate and a slow spell of a
shared machine falls on all of them. The serial twins run as plain processes, the others under
mpirun at each rank count. Each run's result is checked against the serial twin's (Himeno:
Gosa within 1e-5 relative; Laplace: the bit checksum equal, the residual within 1e-10).
Prints the machine and a table of medians with the ratio to the serial twin and to the MPI
version at the same rank count; --out writes every run as JSON.

  python3 bench/cpu/run.py [--sizes S,M] [--rounds 5] [--ranks 1,2] [--xmpcc build/bin/xmpcc]
                           [--programs himeno,laplace] [--scale 1.0] [--out cpu.json]

Exit status 1 when a build fails or a result disagrees with its serial twin. No timing is
judged here; the ratios are for people (issue 21 asks for >= 0.95x serial at 1 rank and
>= 1.7x at 2 ranks).
"""
import argparse
import datetime
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OPT = ["-O3"]
WARN = ["-Wall", "-Wextra"]
# Iterations per run: about 1-2 s for the serial twin on a 2-core Sapphire Rapids VM.
ITERATIONS = {("himeno", "S"): 400, ("himeno", "M"): 50, ("laplace", None): 1000}
HIMENO_SIZES = ("S", "M")
SERIAL = "serial"


def sh(cmd, timeout=600, env=None):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           env=dict(os.environ, **(env or {})))
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        def text(b):
            return b.decode(errors="replace") if isinstance(b, bytes) else (b or "")
        return 124, text(e.stdout), text(e.stderr) + "\ntimed out after %d s" % timeout
    except OSError as e:
        return 127, "", str(e)


def first_line(cmd):
    rc, out, err = sh(cmd, timeout=60)
    text = (out or err).strip().splitlines()
    return text[0].strip() if rc == 0 and text else None


def machine():
    model = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    rc, out, _ = sh(["lscpu"], timeout=30)
    lscpu = {}
    if rc == 0:
        for line in out.splitlines():
            if ":" in line:
                k, v = line.split(":", 1)
                lscpu[k.strip()] = v.strip()
    commit = first_line(["git", "-C", ROOT, "rev-parse", "HEAD"])
    rc, dirty, _ = sh(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"])
    return {
        "host": platform.node(),
        "cpu": model or lscpu.get("Model name") or platform.processor(),
        "cpu_model_number": lscpu.get("Model"),
        "hypervisor": lscpu.get("Hypervisor vendor"),
        "cores": os.cpu_count(),
        "l2": lscpu.get("L2 cache"),
        "l3": lscpu.get("L3 cache"),
        "kernel": platform.release(),
        "gcc": first_line(["gcc", "--version"]),
        "mpirun": first_line(["mpirun", "--version"]),
        "commit": commit,
        "dirty": bool(dirty.strip()) if rc == 0 else None,
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
    }


def cpu_seconds():
    """CPU seconds the machine's processors have been busy, and stolen by the hypervisor."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        tick = os.sysconf("SC_CLK_TCK")
        # user nice system idle iowait irq softirq steal ...
        return (v[0] + v[1] + v[2] + v[5] + v[6]) / tick, (v[7] if len(v) > 7 else 0) / tick
    except (OSError, ValueError, IndexError):
        return None, None


def wait_quiet(cores, limit):
    """Waits until other processes keep at most `cores` cores busy over a second (this script
    is idle meanwhile), for at most `limit` seconds; returns the seconds waited."""
    waited = 0.0
    while waited < limit:
        busy0, _ = cpu_seconds()
        if busy0 is None:
            return waited
        t0 = datetime.datetime.now().timestamp()
        time.sleep(1.0)
        busy1, _ = cpu_seconds()
        dt = datetime.datetime.now().timestamp() - t0
        waited += dt
        if (busy1 - busy0) / dt <= cores:
            break
    return round(waited, 1)


def children_seconds():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


class Config:
    """One program at one size: its three binaries and its iteration count."""

    def __init__(self, program, size, defines, iterations):
        self.program, self.size, self.defines, self.iterations = program, size, defines, iterations
        self.bins = {}

    def key(self):
        return "%s-%s" % (self.program, self.size)


def build(cfg, xmpcc, work, builds):
    src = {v: os.path.join(HERE, "%s_%s.c" % (cfg.program, v)) for v in ("serial", "mpi", "xmp")}
    ok = True
    for version, compiler in (("serial", ["gcc", "-std=c11"]), ("mpi", ["mpicc", "-std=c11"]),
                              ("xmp", [xmpcc, "-v"])):
        out = os.path.join(work, "%s_%s" % (cfg.key(), version))
        cmd = compiler + OPT + WARN + cfg.defines + [src[version], "-o", out]
        rc, stdout, stderr = sh(cmd, timeout=900)
        rec = {"program": cfg.program, "size": cfg.size, "version": version,
               "command": " ".join(c for c in cmd if c != "-v"), "rc": rc}
        text = stdout + stderr
        warnings = [l for l in text.splitlines() if "warning:" in l]
        if version == "xmp":
            # xmpcc -v prints the commands it runs: the C compiler's flags are part of the record.
            rec["steps"] = [l.strip() for l in text.splitlines()
                            if l.startswith(("mpicc ", "/")) and " -" in l and
                            "warning:" not in l and "error:" not in l]
        if warnings:
            rec["warnings"] = warnings
        builds.append(rec)
        if rc != 0:
            print("build failed: %s\n%s" % (rec["command"], text[-3000:]), file=sys.stderr)
            ok = False
        else:
            cfg.bins[version] = out
    return ok


def parse(program, text):
    def field(key, conv=float):
        m = re.search(r"^%s (\S+)" % re.escape(key), text, re.M)
        if not m:
            return None
        try:
            return conv(m.group(1))
        except ValueError:
            return None

    res = {"mflops": field("MFLOPS"), "seconds": field("time")}
    if program == "himeno":
        res["gosa"] = field("Gosa")
    else:
        res["checksum"] = field("checksum", int)
        res["residual"] = field("residual")
    return res


def run_one(cfg, version, ranks, mpirun):
    exe = cfg.bins[version]
    args = [exe, str(cfg.iterations)]
    cmd = args if version == SERIAL else mpirun + ["-np", str(ranks)] + args
    load = loadavg()
    busy0, steal0 = cpu_seconds()
    mine0, wall0 = children_seconds(), datetime.datetime.now().timestamp()
    rc, out, err = sh(cmd, timeout=900,
                      env={"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"})
    busy1, steal1 = cpu_seconds()
    mine1, wall1 = children_seconds(), datetime.datetime.now().timestamp()
    rec = {"program": cfg.program, "size": cfg.size, "version": version, "ranks": ranks,
           "iterations": cfg.iterations, "rc": rc, "load_before": load,
           "wall_seconds": round(wall1 - wall0, 3), "cpu_seconds": round(mine1 - mine0, 3)}
    if busy0 is not None and wall1 > wall0:
        # Cores that other processes kept busy during the run (this run's own CPU time taken
        # out), and cores the hypervisor took away: what makes a run on a shared machine slow.
        rec["other_cores"] = round(max(0.0, (busy1 - busy0) - (mine1 - mine0)) /
                                   (wall1 - wall0), 3)
        rec["steal_cores"] = round((steal1 - steal0) / (wall1 - wall0), 3)
    rec.update(parse(cfg.program, out))
    if rc != 0 or rec["mflops"] is None:
        rec["error"] = (out + err)[-600:]
    return rec


def agrees(program, rec, ref):
    """Whether a run's result agrees with the serial twin's (None when one is missing)."""
    if program == "himeno":
        g, r = rec.get("gosa"), ref.get("gosa")
        if g is None or r is None:
            return None
        rec["gosa_rel_diff"] = abs(g - r) / abs(r) if r else abs(g)
        return rec["gosa_rel_diff"] <= 1e-5
    c, r = rec.get("checksum"), ref.get("checksum")
    if c is None or r is None:
        return None
    res, rres = rec.get("residual"), ref.get("residual")
    if res is None or rres is None:
        return None
    return c == r and abs(res - rres) <= 1e-10 * max(abs(rres), 1e-300)


def summarize(configs, runs, rank_list):
    rows = []
    for cfg in configs:
        def counted(version, ranks):
            return [r for r in runs if r["program"] == cfg.program and r["size"] == cfg.size and
                    r["version"] == version and r["ranks"] == ranks and
                    not r.get("superseded")]

        def med(version, ranks):
            return [r["mflops"] for r in counted(version, ranks)
                    if r.get("mflops") is not None and "error" not in r]

        serial = med(SERIAL, 1)
        s_med = statistics.median(serial) if serial else None
        for version, ranks in [(SERIAL, 1)] + [(v, n) for v in ("xmp", "mpi") for n in rank_list]:
            v = med(version, ranks)
            mine = counted(version, ranks)
            m = statistics.median(v) if v else None
            mpi = med("mpi", ranks)
            m_mpi = statistics.median(mpi) if mpi else None
            secs = [r["seconds"] for r in mine if r.get("seconds") is not None]
            other = [r["other_cores"] for r in mine if r.get("other_cores") is not None]
            rows.append({
                "program": cfg.program, "size": cfg.size, "version": version, "ranks": ranks,
                "runs": len(mine), "ok_runs": len(v),
                "median_mflops": m, "min_mflops": min(v) if v else None,
                "max_mflops": max(v) if v else None,
                "median_seconds": statistics.median(secs) if secs else None,
                "vs_serial": m / s_med if m and s_med else None,
                "vs_mpi": m / m_mpi if m and m_mpi else None,
                "best_vs_serial": max(v) / max(serial) if v and serial else None,
                "median_other_cores": statistics.median(other) if other else None,
                "agrees": all(r.get("agrees") for r in runs if r["program"] == cfg.program and
                              r["size"] == cfg.size and r["version"] == version and
                              r["ranks"] == ranks) if mine else None,
                "iterations": cfg.iterations,
            })
    return rows


def fmt(x, spec):
    return format(x, spec) if x is not None else "-"


def print_report(mach, builds, rows, rounds):
    print("machine: %s, %s cores, %s, L2 %s, L3 %s, host %s" % (
        mach["cpu"], mach["cores"], "VM (%s)" % mach["hypervisor"] if mach["hypervisor"]
        else "bare metal?", mach["l2"], mach["l3"], mach["host"]))
    print("software: %s; %s; kernel %s" % (mach["gcc"], mach["mpirun"], mach["kernel"]))
    print("commit %s%s, %s" % (mach["commit"] or "unknown (no git)",
                               " (with uncommitted changes)" if mach["dirty"] else "",
                               mach["date"]))
    print("builds:")
    seen = set()
    for b in builds:
        line = re.sub(r"-D\S+ ", "", b["command"])
        line = re.sub(r"\S+/bench/cpu/", "bench/cpu/", line)
        line = re.sub(r"-o \S+$", "", line).strip()
        if line not in seen:
            seen.add(line)
            print("  " + line)
        for s in b.get("steps", []):
            if s.startswith("mpicc") and " -c " in s:
                s = re.sub(r"-D\S*SIZE\S* |-DN[XY]=\S+ ", "", s)
                s = re.sub(r"/tmp/\S+", "...", s)
                s = re.sub(r"-iquote \S+ |-I\S+ ", "", s)
                if s not in seen:
                    seen.add(s)
                    print("    xmpcc runs: " + s)
    print("%d rounds; MFLOPS and time: medians; /serial, /mpi: ratios of the medians to the serial "
          "twin and to the hand-coded MPI version at the same ranks; best/serial: of the best "
          "runs; other: cores other processes kept busy during the runs (median)" % rounds)
    print("%-8s %-10s %-7s %5s %6s %10s %11s %8s %7s %6s %11s %5s %5s" % (
        "program", "size", "version", "ranks", "iters", "MFLOPS", "min-max", "time s",
        "/serial", "/mpi", "best/serial", "other", "check"))
    for r in rows:
        check = {True: "ok", False: "WRONG", None: "-"}[r["agrees"]]
        span = "%s-%s" % (fmt(r["min_mflops"], ".0f"), fmt(r["max_mflops"], ".0f"))
        print("%-8s %-10s %-7s %5d %6d %10s %11s %8s %7s %6s %11s %5s %5s" % (
            r["program"], r["size"], r["version"], r["ranks"], r["iterations"],
            fmt(r["median_mflops"], ".1f"), span, fmt(r["median_seconds"], ".3f"),
            fmt(r["vs_serial"], ".3f"), fmt(r["vs_mpi"], ".3f"), fmt(r["best_vs_serial"], ".3f"),
            fmt(r["median_other_cores"], ".2f"), check))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="S,M", help="Himeno sizes, of S and M (default S,M)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--ranks", default="1,2", help="rank counts of xmp and mpi (default 1,2)")
    ap.add_argument("--xmpcc", default=os.path.join(ROOT, "build", "bin", "xmpcc"),
                    help="xmpcc to use (default: build/bin/xmpcc of this repository)")
    ap.add_argument("--programs", default="himeno,laplace", help="default himeno,laplace")
    ap.add_argument("--laplace-grid", default="1024x1024", help="NXxNY (default 1024x1024)")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiplies every iteration count (e.g. 0.1 while developing)")
    ap.add_argument("--mpirun", default="mpirun --oversubscribe --bind-to none",
                    help="the launcher and its options (default: %(default)s)")
    ap.add_argument("--retry-busy", type=float, metavar="CORES",
                    help="run again (up to --retries times) a run during which other processes "
                    "kept more than CORES cores busy; the last try counts, every try is kept in "
                    "the JSON (default: no retries)")
    ap.add_argument("--retries", type=int, default=2, help="with --retry-busy (default 2)")
    ap.add_argument("--wait-quiet", type=float, metavar="CORES",
                    help="before each run, wait until other processes keep at most CORES cores "
                    "busy over a second (at most --wait-max seconds; default: no waiting)")
    ap.add_argument("--wait-max", type=float, default=300.0, help="default 300 s")
    ap.add_argument("--work", help="folder for the binaries (default: a temporary one)")
    ap.add_argument("--out", help="JSON file of the machine, builds, runs and summary")
    a = ap.parse_args()

    sizes = [s.strip() for s in a.sizes.split(",") if s.strip()]
    for s in sizes:
        if s not in HIMENO_SIZES:
            ap.error("--sizes: '%s' is not one of %s" % (s, ", ".join(HIMENO_SIZES)))
    try:
        rank_list = [int(n) for n in a.ranks.split(",") if n.strip()]
    except ValueError:
        ap.error("--ranks: expected numbers separated by commas, e.g. 1,2")
    if not rank_list or min(rank_list) < 1:
        ap.error("--ranks: expected positive numbers")
    programs = [p.strip() for p in a.programs.split(",") if p.strip()]
    for p in programs:
        if p not in ("himeno", "laplace"):
            ap.error("--programs: '%s' is not himeno or laplace" % p)
    m = re.fullmatch(r"(\d+)x(\d+)", a.laplace_grid)
    if not m or int(m.group(1)) < 3 or int(m.group(2)) < 3:
        ap.error("--laplace-grid: expected NXxNY with each at least 3")
    if a.rounds < 1 or a.scale <= 0 or a.retries < 0:
        ap.error("--rounds and --scale must be positive, --retries not negative")
    xmpcc = os.path.abspath(a.xmpcc)
    if not os.access(xmpcc, os.X_OK):
        sys.exit("run.py: no xmpcc at %s: build it first (bash scripts/build.sh) or pass --xmpcc"
                 % xmpcc)
    for tool in ("gcc", "mpicc", "mpirun"):
        if not shutil.which(tool):
            sys.exit("run.py: %s is not on PATH" % tool)

    configs = []
    if "himeno" in programs:
        for s in sizes:
            configs.append(Config("himeno", s, ["-DHIMENO_SIZE_%s" % s],
                                  max(1, round(ITERATIONS[("himeno", s)] * a.scale))))
    if "laplace" in programs:
        configs.append(Config("laplace", a.laplace_grid,
                              ["-DNX=%s" % m.group(1), "-DNY=%s" % m.group(2)],
                              max(1, round(ITERATIONS[("laplace", None)] * a.scale))))

    work = a.work or tempfile.mkdtemp(prefix="xmpcc-bench-cpu-")
    os.makedirs(work, exist_ok=True)
    mach = machine()
    builds, runs = [], []
    ok = all([build(cfg, xmpcc, work, builds) for cfg in configs])
    if not ok:
        sys.exit(1)

    mpirun = a.mpirun.split()
    slots = [(cfg, v, n) for cfg in configs
             for v, n in [(SERIAL, 1)] + [(v, n) for n in rank_list for v in ("xmp", "mpi")]]
    for rnd in range(a.rounds):
        shift = rnd % len(slots)
        for cfg, version, ranks in slots[shift:] + slots[:shift]:
            for attempt in range(1 + (a.retries if a.retry_busy is not None else 0)):
                if attempt:
                    runs[-1]["superseded"] = True
                waited = wait_quiet(a.wait_quiet, a.wait_max) if a.wait_quiet is not None \
                    else None
                rec = run_one(cfg, version, ranks, mpirun)
                rec["round"], rec["attempt"] = rnd, attempt
                if waited is not None:
                    rec["waited_for_quiet"] = waited
                runs.append(rec)
                print("round %d %s %s %s %d: %s MFLOPS, other processes %s cores%s" % (
                    rnd + 1, cfg.program, cfg.size, version, ranks, fmt(rec["mflops"], ".1f"),
                    fmt(rec.get("other_cores"), ".2f"),
                    "  ERROR: " + rec["error"].strip().splitlines()[-1] if "error" in rec and
                    rec["error"].strip() else ""), file=sys.stderr, flush=True)
                if a.retry_busy is None or rec.get("other_cores", 0.0) <= a.retry_busy:
                    break

    # Every run against the serial twin's first good result (they are all equal).
    for cfg in configs:
        refs = [r for r in runs if r["program"] == cfg.program and r["size"] == cfg.size and
                r["version"] == SERIAL and "error" not in r]
        for r in runs:
            if r["program"] == cfg.program and r["size"] == cfg.size:
                r["agrees"] = agrees(cfg.program, r, refs[0]) if refs and "error" not in r \
                    else False

    rows = summarize(configs, runs, rank_list)
    print_report(mach, builds, rows, a.rounds)
    if a.out:
        out = a.out
        if os.path.isdir(out):
            out = os.path.join(out, "cpu.json")
        with open(out, "w") as f:
            json.dump({"machine": mach, "rounds": a.rounds, "mpirun": a.mpirun, "builds": builds,
                       "runs": runs, "summary": rows}, f, indent=1)
        print("wrote %s" % out)
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    bad = [r for r in runs if not r.get("agrees")]
    if bad:
        print("%d runs failed or disagree with the serial twin" % len(bad), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
