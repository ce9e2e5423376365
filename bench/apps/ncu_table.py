"""Prints one line per kernel of ncu --csv --metrics outputs: file, kernel, metric=value ...
(the kernels' launches in the order ncu profiled them)."""
import csv
import sys


def main(paths):
    for path in paths:
        with open(path) as f:
            rows = list(csv.reader(line for line in f if line.startswith('"')))
        if not rows:
            print(path.rsplit("/", 1)[-1], "no kernels profiled")
            continue
        head = rows[0]
        cols = [head.index(c) for c in ("ID", "Kernel Name", "Metric Name", "Metric Unit",
                                        "Metric Value")]
        launches = {}
        for r in rows[1:]:
            ident, kernel, metric, unit, value = (r[c] for c in cols)
            name = kernel.split("(")[0].split("<")[0]
            launches.setdefault((ident, name), []).append(
                "%s=%s%s" % (metric.split("__", 1)[-1], value, " " + unit if unit else ""))
        for (ident, name), metrics in launches.items():
            print(path.rsplit("/", 1)[-1], ident, name, "; ".join(metrics))


if __name__ == "__main__":
    main(sys.argv[1:])
