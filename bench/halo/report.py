#!/usr/bin/env python3
"""report.py RESULTS.jsonl... --json OUT: the table of bench/halo from the JSON lines of
halo_bench (one run per XMP_COMM) and halo_hand, and the same numbers as one JSON file.

Per face type, size and measure (pingpong: one-way time of one face; reflect: reflect_do,
both nodes sending): the runtime's time per forced path (copy = XMP_COMM=direct, kernel =
direct-kernel, mpi) and under auto, the hand-written exchange's best path, and
  auto/best   auto over the fastest forced path (goal: within 5% or 2 us),
  mpi/direct  MPI over the faster direct path (goal: >= 3 on 16-256 KiB faces),
  rt/hand     the runtime's fastest path over the hand-written one's (goal: <= 1.03)."""
import json
import sys

RUNTIME_PATHS = {"direct": "copy", "direct-kernel": "kernel", "mpi": "mpi", "auto": "auto"}
KINDS = ["contiguous", "block-stride", "stride"]


def load(files):
    rows = []
    for name in files:
        with open(name) as f:
            rows += [json.loads(line) for line in f if line.startswith("{")]
    return rows


def summarize(rows):
    cases = {}
    for r in rows:
        path = RUNTIME_PATHS.get(r["path"], r["path"]) if r["impl"] == "runtime" else r["path"]
        for measure in ("pingpong", "reflect"):
            c = cases.setdefault((r["kind"], r["bytes"], measure), {
                "kind": r["kind"], "bytes": r["bytes"], "measure": measure, "runtime": {},
                "hand": {}, "wrong": 0})
            c[r["impl"]][path] = r[measure + "_us"]
            c["wrong"] += r.get("wrong", 0)
    out = []
    for key in sorted(cases, key=lambda k: (KINDS.index(k[0]), k[2], k[1])):
        c = cases[key]
        rt, hand = c["runtime"], c["hand"]
        forced = [rt[p] for p in ("copy", "kernel", "mpi") if p in rt]
        direct = [rt[p] for p in ("copy", "kernel") if p in rt]
        best = min(forced) if forced else None
        c["auto_over_best"] = rt["auto"] / best if best and "auto" in rt else None
        c["auto_ok"] = (rt["auto"] <= max(best * 1.05, best + 2.0)
                        if c["auto_over_best"] is not None else None)
        c["mpi_over_direct"] = rt["mpi"] / min(direct) if direct and "mpi" in rt else None
        c["rt_over_hand"] = best / min(hand.values()) if best and hand else None
        out.append(c)
    return out


def fmt(x, spec="%.1f"):
    return "-" if x is None else spec % x


def table(cases):
    head = ("%-12s %-8s %9s %9s %9s %9s %9s %9s %7s %8s %7s" %
            ("face", "bytes", "copy us", "kernel", "mpi", "auto", "hand", "hand via",
             "auto/bst", "mpi/dir", "rt/hand"))
    lines = []
    for measure in ("pingpong", "reflect"):
        lines += ["", "%s (us per %s)" % (measure, "one-way face" if measure == "pingpong"
                                          else "reflect_do"), head]
        for c in (c for c in cases if c["measure"] == measure):
            rt, hand = c["runtime"], c["hand"]
            via = min(hand, key=hand.get) if hand else "-"
            lines.append("%-12s %-8s %9s %9s %9s %9s %9s %9s %7s%1s %8s %7s%s" % (
                c["kind"], size(c["bytes"]), fmt(rt.get("copy")), fmt(rt.get("kernel")),
                fmt(rt.get("mpi")), fmt(rt.get("auto")), fmt(hand.get(via)), via,
                fmt(c["auto_over_best"], "%.3f"), "" if c["auto_ok"] is not False else "!",
                fmt(c["mpi_over_direct"], "%.2f"), fmt(c["rt_over_hand"], "%.3f"),
                "  WRONG %d" % c["wrong"] if c["wrong"] else ""))
    return "\n".join(lines)


def size(b):
    for unit, n in (("M", 1 << 20), ("K", 1 << 10)):
        if b >= n and b % n == 0:
            return "%d%s" % (b // n, unit)
    return str(b)


def verdict(cases):
    def count(pred):
        return sum(1 for c in cases if pred(c))
    mid = [c for c in cases if 16 << 10 <= c["bytes"] <= 256 << 10]
    return ("goals: auto within 5%%/2 us of the fastest forced path: %d of %d cases; "
            "rt/hand <= 1.03: %d of %d; mpi/direct >= 3 on 16-256 KiB: %d of %d; "
            "wrong shadow elements: %d" % (
                count(lambda c: c["auto_ok"]), count(lambda c: c["auto_ok"] is not None),
                count(lambda c: c["rt_over_hand"] is not None and c["rt_over_hand"] <= 1.03),
                count(lambda c: c["rt_over_hand"] is not None),
                sum(1 for c in mid if c["mpi_over_direct"] and c["mpi_over_direct"] >= 3),
                sum(1 for c in mid if c["mpi_over_direct"] is not None),
                sum(c["wrong"] for c in cases)))


def main():
    args = sys.argv[1:]
    out = None
    if "--json" in args:
        i = args.index("--json")
        out = args[i + 1]
        del args[i:i + 2]
    rows = load(args)
    cases = summarize(rows)
    if out:
        with open(out, "w") as f:
            json.dump({"cases": cases, "raw": rows}, f, indent=1)
    print(table(cases))
    print()
    print(verdict(cases))


if __name__ == "__main__":
    main()
