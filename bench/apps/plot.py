#!/usr/bin/env python3
"""plot.py APPS.json [OUT.png] - Himeno scaling from bench/apps/run.py: MFLOPS against the
number of GPUs for each size (directives, auto halo paths, 1-D grid; the hand-coded version
dashed) under the copy-bandwidth roofline of the GPUs it ran on (N x one GPU's), and the
weak-scaling efficiency. Needs matplotlib (pip install matplotlib==3.9.2)."""
import json
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("plot.py needs matplotlib: python3 -m pip install matplotlib==3.9.2")


def series(runs, version, size):
    pts = sorted((r["ranks"], r["mflops"]) for r in runs
                 if r["program"] == "himeno" and r["version"] == version and
                 r["size"] == size and r["grid"] == "1d" and r["comm"] == "auto" and
                 r.get("mflops"))
    return [p[0] for p in pts], [p[1] for p in pts]


def main(argv):
    if not argv:
        sys.exit(__doc__)
    data = json.load(open(argv[0]))
    runs, roof = data["runs"], data.get("roofline_mflops_per_gpu")
    out = argv[1] if len(argv) > 1 else argv[0].rsplit(".", 1)[0] + ".png"
    fig, (strong, weak) = plt.subplots(1, 2, figsize=(11, 4.2))
    ranks = sorted({r["ranks"] for r in runs})
    for size in ("S", "M", "L", "XL"):
        x, y = series(runs, "xmp", size)
        if x:
            line, = strong.plot(x, y, "o-", label="%s directives" % size)
            hx, hy = series(runs, "hand", size)
            strong.plot(hx, hy, "x--", color=line.get_color(), label="%s hand-coded" % size)
    if roof:
        strong.plot(ranks, [roof * n for n in ranks], "k:", label="copy-bandwidth roofline")
    strong.set_xlabel("GPUs")
    strong.set_ylabel("MFLOPS")
    strong.set_xscale("log", base=2)
    strong.set_yscale("log")
    strong.set_title("Himeno, strong scaling (%s)" % ", ".join(sorted(set(data["machine"]["gpus"]))))
    strong.legend(fontsize=7)
    w = sorted((r["ranks"], r["mflops"]) for r in runs if r["version"] == "xmp" and
               r["size"].startswith("weak") and r.get("mflops"))
    if w:
        base = dict(w).get(1)
        weak.plot([n for n, _ in w], [m / (n * base) if base else 0 for n, m in w], "o-")
        weak.axhline(0.85, color="k", linestyle=":", label="85%")
        weak.set_ylim(0, 1.1)
        weak.legend()
    weak.set_xlabel("GPUs (one 256x256x512 block each)")
    weak.set_ylabel("weak-scaling efficiency")
    weak.set_title("Himeno, weak scaling")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
