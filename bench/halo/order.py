#!/usr/bin/env python3
"""order.py RESULTS.jsonl...: whether the order of a device exchange's faces matters, from
halo_bench runs on 3 or more nodes (inner nodes receive from two peers) under
XMP_HALO_ORDER=concurrent, phased and auto, per path (XMP_COMM=direct: copy engines,
direct-kernel: kernel stores). Per face type and size: reflect_do's time each way,
phased / concurrent (below 1: receiving from one peer at a time is faster) and auto over the
faster forced order (goal: within 5% or 2 us). Exits 1 when a run found wrong shadow
elements."""
import json
import sys

KINDS = ["contiguous", "block-stride", "stride"]
PATHS = {"direct": "copy", "direct-kernel": "kernel", "mpi": "mpi", "auto": "auto"}


def main(files):
    times, wrong, ranks = {}, 0, set()
    for name in files:
        with open(name) as f:
            for line in f:
                if not line.startswith("{"):
                    continue
                r = json.loads(line)
                key = (PATHS.get(r["path"], r["path"]), r["kind"], r["bytes"])
                times.setdefault(key, {})[r.get("order", "concurrent")] = r["reflect_us"]
                wrong += r.get("wrong", 0)
                ranks.add(r.get("ranks", 2))
    print("reflect_do on %s nodes (us): faces all at once or phased by direction" %
          ",".join(str(n) for n in sorted(ranks)))
    print("%-7s %-12s %9s %11s %9s %8s %9s %9s" % ("path", "face", "bytes", "concurrent",
                                                    "phased", "ph/conc", "auto", "auto/bst"))
    ratios, near, measured = [], 0, 0
    for key in sorted(times, key=lambda k: (k[0], KINDS.index(k[1]), k[2])):
        t = times[key]
        c, p = t.get("concurrent"), t.get("phased")
        ratio = p / c if c and p else None
        if ratio is not None:
            ratios.append(ratio)
        a = t.get("auto")
        best = min(x for x in (c, p) if x is not None) if (c or p) else None
        vs_best = a / best if a and best else None
        if vs_best is not None:
            measured += 1
            near += a <= max(best * 1.05, best + 2.0)
        size = "%dK" % (key[2] >> 10) if key[2] < 1 << 20 else "%dM" % (key[2] >> 20)
        show = lambda v, f: "-" if v is None else f % v
        print("%-7s %-12s %9s %11s %9s %8s %9s %9s" % (
            key[0], key[1], size, show(c, "%.1f"), show(p, "%.1f"), show(ratio, "%.3f"),
            show(a, "%.1f"), show(vs_best, "%.3f")))
    if ratios:
        print("phased / concurrent: min %.3f, max %.3f over %d cases; auto within 5%% (or 2 us) "
              "of the faster order: %d of %d; wrong shadow elements: %d"
              % (min(ratios), max(ratios), len(ratios), near, measured, wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
