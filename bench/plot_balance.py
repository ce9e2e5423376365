#!/usr/bin/env python3
"""plot_balance.py REPORT.json [OUT.png] - weight and CPU/GPU times of each device loop
against the step, like thesis figures 4.6-4.9: times (ms) on the left axis, the CPU weight
on the right. REPORT is the runtime's XMP_REPORT file or a bench/worksharing run JSON (which
holds one under "report"). Needs matplotlib (pip install matplotlib==3.9.2)."""
import json
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("plot_balance.py needs matplotlib: python3 -m pip install matplotlib==3.9.2")


def main(argv):
    if not argv:
        sys.exit(__doc__)
    with open(argv[0]) as f:
        data = json.load(f)
    report = data.get("report", data)
    title = data.get("program", "") + (" " + data["mode"] if "mode" in data else "")
    loops = report["loops"]
    out = argv[1] if len(argv) > 1 else argv[0].rsplit(".", 1)[0] + ".png"
    fig, axes = plt.subplots(len(loops), 1, figsize=(7, 3.2 * len(loops)), squeeze=False)
    for ax, loop in zip(axes[:, 0], loops):
        steps = loop["steps"]
        x = list(range(len(steps)))
        ax.plot(x, [s["cpu_s"] * 1e3 for s in steps], "o-", color="tab:blue", label="CPU time")
        ax.plot(x, [s["gpu_s"] * 1e3 for s in steps], "s-", color="tab:red", label="GPU time")
        ax.set_xlabel("step")
        ax.set_ylabel("time of the slowest task (ms)")
        w = ax.twinx()
        w.plot(x, [s["weight"] for s in steps], "^--", color="tab:green", label="CPU weight")
        w.set_ylabel("CPU weight")
        w.set_ylim(-0.02, max(0.1, max(s["weight"] for s in steps) * 1.2))
        ax.set_title("%s %s (converged after %s steps, final weight %.3f)" % (
            title, loop["site"], loop.get("steps_to_converge", "?"), loop["final_weight"]),
            fontsize=9)
        lines = ax.get_legend_handles_labels()
        wl = w.get_legend_handles_labels()
        ax.legend(lines[0] + wl[0], lines[1] + wl[1], fontsize=8, loc="upper right")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
