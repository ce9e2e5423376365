#!/usr/bin/env python3
"""numcmp.py REF OUT [--rtol R]: every line "key... value" of REF must appear in
OUT with the same key and a value within R relative (default 1e-12) of REF's.
Lines of OUT that REF does not have (timings, progress) are ignored."""
import sys


def table(path):
    rows = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                rows[" ".join(parts[:-1])] = parts[-1]
    return rows


def main(argv):
    rtol = 1e-12
    if "--rtol" in argv:
        i = argv.index("--rtol")
        rtol = float(argv[i + 1])
        del argv[i:i + 2]
    ref, out = table(argv[0]), table(argv[1])
    if not ref:
        sys.exit("numcmp: %s has no values" % argv[0])
    bad = 0
    for key, want in ref.items():
        if key not in out:
            print("numcmp: missing '%s' in %s" % (key, argv[1]))
            bad += 1
            continue
        w, g = float(want), float(out[key])
        scale = max(abs(w), abs(g))
        if not abs(w - g) <= rtol * scale:  # a NaN on either side fails
            print("numcmp: %s: %s, expected %s (relative difference %.3g > %g)"
                  % (key, out[key], want, abs(w - g) / scale, rtol))
            bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
