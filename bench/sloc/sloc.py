#!/usr/bin/env python3
"""sloc.py [--examples DIR]: source lines of each version of the examples, as
the thesis's tables 4.2 (N-body) and 6.1 (Himeno) count them.

A line counts when it is neither blank nor only comment. Each counted line
goes to one column: `xmp` for directive lines (#pragma xmp, and #pragma acc
in the XcalableACC versions, with their continuation lines), else the runtime API whose identifier comes first on it
(MPI_*; cuda followed by a capital, as in cudaMalloc, and <<<...>>>
launches; starpu_*/STARPU_*; xmp_*/xmpc_* intrinsics), else `other` (declarations, initialisation, computation). A
version is the files it is built from, shared headers included; a version
whose main file does not exist yet is shown as "not yet". Ratios: each
version's total over the serial one's, and the directive version's total over
the hand-coded one's (the thesis's 33.6% for N-body, 48.4% for Himeno)."""
import argparse
import os
import re
import sys

# program -> [(version, [files]; the first is the main file)]
VERSIONS = {
    "himeno": [
        ("serial", ["himeno_serial.c", "himeno_size.h"]),
        ("directives", ["himeno.c", "himeno_size.h"]),
        ("xacc", ["himeno_acc.c", "himeno_size.h"]),
        ("hand-coded", ["himeno_mpi_cuda.cu", "himeno_dev.h", "himeno_stencil.h",
                        "himeno_size.h"]),
    ],
    "nbody": [
        ("serial", ["nbody_serial.c"]),
        ("directives", ["nbody.c"]),
        ("hand-coded", ["nbody_mpi_starpu.c", "nbody_mpi_starpu_cuda.cu", "nbody_kernels.h"]),
    ],
    # Thesis appendix A.1 on host arrays, with XMP-dev directives, with XcalableACC's OpenACC.
    "laplace": [
        ("serial", ["laplace_serial.c", "laplace.h"]),
        ("directives", ["laplace.c", "laplace.h"]),
        ("xmp-dev", ["laplace_dev.c", "laplace.h"]),
        ("xacc", ["laplace_acc.c", "laplace.h"]),
    ],
}
HAND_CODED_API = {"himeno": "MPI + CUDA", "nbody": "MPI + StarPU"}
COLUMNS = ["xmp", "MPI", "CUDA", "StarPU", "xmp API", "other"]
API = re.compile(r"\b(MPI_\w+|cuda[A-Z]\w*|starpu_\w+|STARPU_\w+|xmpc?_\w+)|(<<<)")


def code_lines(text):
    """The lines of C/C++/CUDA source with comments removed, blank ones dropped."""
    out, line, i, n = [], [], 0, len(text)
    in_block = False
    while i < n:
        c = text[i]
        if in_block:
            if text.startswith("*/", i):
                in_block, i = False, i + 2
                continue
            if c == "\n":
                out.append("".join(line))
                line = []
            i += 1
        elif text.startswith("/*", i):
            in_block, i = True, i + 2
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            line.append(text[i:j + 1])
            i = j + 1
        else:
            if c == "\n":
                out.append("".join(line))
                line = []
            else:
                line.append(c)
            i += 1
    out.append("".join(line))
    return [l for l in out if l.strip()]


def classify(lines):
    counts = dict.fromkeys(COLUMNS, 0)
    directive = False
    for l in lines:
        s = l.strip()
        directive = directive or re.match(r"#\s*pragma\s+(xmp|acc)\b", s) is not None
        if directive:
            counts["xmp"] += 1
            directive = s.endswith("\\")
            continue
        m = API.search(s)
        if not m:
            counts["other"] += 1
        elif m.group(2) or m.group(1).startswith("cuda"):
            counts["CUDA"] += 1
        elif m.group(1).startswith("MPI_"):
            counts["MPI"] += 1
        elif m.group(1).lower().startswith("starpu_"):
            counts["StarPU"] += 1
        else:
            counts["xmp API"] += 1
    counts["total"] = len(lines)
    return counts


def measure(examples):
    """{program: [(version, files, counts or None)]}"""
    result = {}
    for program, versions in VERSIONS.items():
        rows = []
        for version, files in versions:
            paths = [os.path.join(examples, program, f) for f in files]
            if not os.path.exists(paths[0]):
                rows.append((version, files, None))
                continue
            lines = []
            for p in paths:
                if not os.path.exists(p):
                    sys.exit("sloc: %s is missing (%s %s is built from %s)"
                             % (p, program, version, ", ".join(files)))
                with open(p) as f:
                    lines += code_lines(f.read())
            rows.append((version, files, classify(lines)))
        result[program] = rows
    return result


def ratio(a, b):
    return "%.2f" % (a / b) if a is not None and b else "-"


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", default=os.path.join(here, "..", "..", "examples"),
                    help="folder holding himeno/, nbody/ and laplace/ (default: the repository's)")
    args = ap.parse_args(argv)
    if not os.path.isdir(args.examples):
        sys.exit("sloc: --examples %s: no such folder" % args.examples)
    head = "%-7s %-11s" % ("program", "version") + "".join(
        " %7s" % c for c in COLUMNS) + " %7s %9s %13s" % ("total", "/serial", "/hand-coded")
    print(head)
    for program, rows in measure(args.examples).items():
        total = {v: (c["total"] if c else None) for v, _, c in rows}
        for version, files, c in rows:
            if c is None:
                print("%-7s %-11s not yet (%s missing)" % (program, version, files[0]))
                continue
            print("%-7s %-11s" % (program, version) + "".join(" %7d" % c[k] for k in COLUMNS) +
                  " %7d %9s %13s" % (c["total"], ratio(c["total"], total["serial"]),
                                     ratio(c["total"], total.get("hand-coded"))))
    print("hand-coded: " + ", ".join("%s %s" % kv for kv in HAND_CODED_API.items()))
    print("columns: directive lines (xmp; acc in the xacc versions), lines whose first runtime API identifier is MPI, "
          "CUDA, StarPU or an xmp intrinsic, other lines; ratios of totals")


if __name__ == "__main__":
    main(sys.argv[1:])
