#!/usr/bin/env python3
"""order.py RESULTS.jsonl...: whether the order of a device exchange's faces matters, from
halo_bench runs on 3 or more nodes (inner nodes receive from two peers) under
XMP_HALO_ORDER=concurrent and phased, per path (XMP_COMM=direct: copy engines,
direct-kernel: kernel stores). Per face type and size: reflect_do's time both ways and
phased / concurrent (below 1: receiving from one peer at a time is faster). Exits 1 when a
run found wrong shadow elements."""
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
    print("%-7s %-12s %9s %11s %9s %8s" % ("path", "face", "bytes", "concurrent", "phased",
                                           "ph/conc"))
    ratios = []
    for key in sorted(times, key=lambda k: (k[0], KINDS.index(k[1]), k[2])):
        t = times[key]
        c, p = t.get("concurrent"), t.get("phased")
        ratio = p / c if c and p else None
        if ratio is not None:
            ratios.append(ratio)
        size = "%dK" % (key[2] >> 10) if key[2] < 1 << 20 else "%dM" % (key[2] >> 20)
        print("%-7s %-12s %9s %11s %9s %8s" % (key[0], key[1], size,
                                               "-" if c is None else "%.1f" % c,
                                               "-" if p is None else "%.1f" % p,
                                               "-" if ratio is None else "%.3f" % ratio))
    if ratios:
        print("phased / concurrent: min %.3f, max %.3f over %d cases; wrong shadow elements: %d"
              % (min(ratios), max(ratios), len(ratios), wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
