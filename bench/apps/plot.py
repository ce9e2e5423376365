#!/usr/bin/env python3
"""plot.py APPS.json [OUT.png] - Himeno scaling from bench/apps/run.py: for each size, MFLOPS
against the number of GPUs (directives over 1-D and 2-D node arrays with the auto halo paths;
the hand-coded version of the same algorithm, with the copy loop, dashed; the one that swaps
p and wrk2 dotted) beside the copy-bandwidth rooflines of the GPUs it ran on (N x one GPU's: 64
bytes a point with the copy loop, 56 swapping), and the weak-scaling efficiency; the machine in
the title. Needs matplotlib (pip install matplotlib==3.9.2)."""
import json
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("plot.py needs matplotlib: python3 -m pip install matplotlib==3.9.2")

SIZES = ("S", "M", "L", "XL")


def series(runs, version, size, grid="1d"):
    pts = sorted((r["ranks"], r["mflops"]) for r in runs
                 if r["program"] == "himeno" and r["version"] == version and
                 r["size"] == size and r["grid"] == grid and r["comm"] == "auto" and
                 r.get("mflops"))
    return [p[0] for p in pts], [p[1] for p in pts]


def machine(data):
    info = data.get("machine", {})
    gpus = info.get("gpus", [])
    return "%s: %d x %s" % (info.get("host", "?"), len(gpus),
                            " + ".join(sorted(set(gpus))) or "no GPU")


def main(argv):
    if not argv:
        sys.exit(__doc__)
    data = json.load(open(argv[0]))
    runs = data["runs"]
    roof_copy = data.get("roofline_copy_mflops_per_gpu")
    roof_swap = data.get("roofline_mflops_per_gpu")
    out = argv[1] if len(argv) > 1 else argv[0].rsplit(".", 1)[0] + ".png"
    sizes = [s for s in SIZES if series(runs, "xmp", s)[0] or series(runs, "xmp", s, "2d")[0]]
    fig, axes = plt.subplots(1, len(sizes) + 1, figsize=(4.2 * (len(sizes) + 1), 4.2),
                             squeeze=False)
    axes = axes[0]
    for ax, size in zip(axes, sizes):
        ranks = sorted({r["ranks"] for r in runs if r["program"] == "himeno" and
                        r["size"] == size})
        for version, grid, style, label in (("xmp", "1d", "o-", "directives, 1-D"),
                                            ("xmp", "2d", "s-", "directives, 2-D"),
                                            ("hand", "1d", "x--", "hand-coded, copy loop"),
                                            ("hand-swap", "1d", "+:", "hand-coded, swap")):
            x, y = series(runs, version, size, grid)
            if x:
                ax.plot(x, y, style, label=label)
        if roof_copy and ranks:
            ax.plot(ranks, [roof_copy * n for n in ranks], "k-", linewidth=0.8,
                    label="roofline, copy loop (64 B)")
        if roof_swap and ranks:
            ax.plot(ranks, [roof_swap * n for n in ranks], "-", color="0.6", linewidth=0.8,
                    label="roofline, swap (56 B)")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(ranks or [1])
        ax.set_xticklabels([str(n) for n in ranks] or ["1"])
        ax.set_xlabel("GPUs")
        ax.set_ylabel("MFLOPS")
        ax.set_title("Himeno %s" % size)
        ax.legend(fontsize=7)
    weak = axes[-1]
    w = sorted((r["ranks"], r["mflops"]) for r in runs if r["version"] == "xmp" and
               r["size"].startswith("weak") and r.get("mflops"))
    base = dict(w).get(1)
    if w and base:
        weak.plot([n for n, _ in w], [m / (n * base) for n, m in w], "o-")
        weak.axhline(0.93, color="k", linestyle=":", label="93%")
        weak.set_ylim(0, 1.1)
        weak.legend()
    elif w:  # efficiency needs the one-GPU run (prepare.sh WEAK="1 ...")
        weak.text(0.5, 0.5, "no 1-GPU run:\nefficiency unknown", ha="center", va="center",
                  transform=weak.transAxes)
    weak.set_xlabel("GPUs (one 256x256x512 block each)")
    weak.set_ylabel("weak-scaling efficiency")
    weak.set_title("Himeno, weak scaling")
    fig.suptitle(machine(data))
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
