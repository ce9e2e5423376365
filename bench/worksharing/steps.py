#!/usr/bin/env python3
"""bench/worksharing/steps.py - per step, from the JSON files run.py wrote in OUT: each device
loop's weight (w), own time, max(CPU, GPU) (T, ms) and period to its next start (P, ms), for
the auto runs (from 0 and from 0.5) and GPU only, with the step times of every repeat.

  python3 bench/worksharing/steps.py OUT
"""
import json
import os
import sys

MODES = ("-auto.json", "-auto-from-0.5.json", "-gpu.json")


def main():
    out = sys.argv[1]
    for name in sorted(os.listdir(out)):
        if not name.endswith(MODES):
            continue
        with open(os.path.join(out, name)) as f:
            run = json.load(f)
        print("==", name[:-5], "repeats", " ".join("%.3f" % (x * 1e3) for x in run.get("repeats", [])))
        for i, loop in enumerate(run["report"]["loops"]):
            steps = loop["steps"]
            print(" loop%d w " % i + " ".join("%.3f" % s["weight"] for s in steps))
            print(" loop%d T " % i + " ".join("%.2f" % (max(s["cpu_s"], s["gpu_s"]) * 1e3)
                                               for s in steps))
            print(" loop%d P " % i + " ".join("%.2f" % (s["period_s"] * 1e3) if s.get("period_s")
                                               else "-" for s in steps))


if __name__ == "__main__":
    main()
