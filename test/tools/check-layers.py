#!/usr/bin/env python3
"""check-layers.py ROOT - the runtime's layers call only downwards.

The layers, lowest first, are folders of runtime/ with the prefix of what they define:
  base        xmpb_  (reporting, context, MPI type maps, settings)
  cuda        xmpcu_ (everything that calls CUDA: memory, streams, events, flags, IPC,
                      the kernel libraries' loader)
  starpu      xmpsp_ (device data, executors), and the xmp_dev_ entry points
  hybridcomm  xmphc_ (paths, halo exchanges, collectives)
  src         xmpi_  (the directives' entry points)
A file of one layer may include the headers of its own folder, of the layers below and of
runtime/include (the ABI), may name no function or macro with the prefix of a layer above,
and may call no function that a layer above defines (whatever its name: the xmp_rt_ and xmp_
entry points of src, say).
Comments and string literals are not read. Prints each breach (file:line) and exits 1 if any;
--self-test checks that breaches are found."""
import os
import re
import sys

LAYERS = [("base", "xmpb_"), ("cuda", "xmpcu_"), ("starpu", "xmpsp_"), ("hybridcomm", "xmphc_"),
          ("src", "xmpi_")]
SOURCES = (".c", ".h", ".cu", ".cuh")


def strip(text):
    """Comments and string/char literals blanked (newlines kept, so lines still count)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def headers_of(runtime):
    """Header name -> layer index, for the headers each layer's folder holds."""
    owner = {}
    for k, (folder, _) in enumerate(LAYERS):
        for f in os.listdir(os.path.join(runtime, folder)):
            if f.endswith((".h", ".cuh")):
                owner[f] = k
    return owner


DEFINITION = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{",
                        re.M)


def defined_by(runtime):
    """Function name -> layer index, for the functions each layer defines with external
    linkage."""
    where = {}
    for k, (folder, _) in enumerate(LAYERS):
        for d, _, names in os.walk(os.path.join(runtime, folder)):
            for f in names:
                if f.endswith((".c", ".cu")):
                    with open(os.path.join(d, f), encoding="utf-8") as fh:
                        for m in DEFINITION.finditer(strip(fh.read())):
                            where.setdefault(m.group(1), k)
    return where


def breaches(path, layer, owner, text, defined=None):
    found = []
    for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
        k = owner.get(os.path.basename(m.group(1)))
        if k is not None and k > layer:
            line = text.count("\n", 0, m.start()) + 1
            found.append("%s:%d: includes %s of layer %s" % (path, line, m.group(1),
                                                              LAYERS[k][0]))
    code = strip(text)
    for k in range(layer + 1, len(LAYERS)):
        for m in re.finditer(r"\b%s\w*" % LAYERS[k][1], code, re.I):
            line = code.count("\n", 0, m.start()) + 1
            found.append("%s:%d: names %s of layer %s" % (path, line, m.group(0), LAYERS[k][0]))
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", code):
        k = (defined or {}).get(m.group(1))
        if k is not None and k > layer and not re.match(r"\w*?(%s)" % "|".join(
                p for _, p in LAYERS), m.group(1), re.I):
            line = code.count("\n", 0, m.start()) + 1
            found.append("%s:%d: calls %s, defined in layer %s" % (path, line, m.group(1),
                                                                   LAYERS[k][0]))
    return found


def check(root):
    runtime = os.path.join(root, "runtime")
    owner = headers_of(runtime)
    defined = defined_by(runtime)
    found, files = [], 0
    for layer, (folder, _) in enumerate(LAYERS):
        for d, _, names in os.walk(os.path.join(runtime, folder)):
            for f in sorted(names):
                if f.endswith(SOURCES):
                    path = os.path.join(d, f)
                    with open(path, encoding="utf-8") as fh:
                        found += breaches(os.path.relpath(path, root), layer, owner, fh.read(),
                                          defined)
                    files += 1
    return found, files


def self_test(root):
    owner = headers_of(os.path.join(root, "runtime"))
    defined = {"xmp_node_num": 4, "helper": 2}
    base, cuda, starpu, hc = 0, 1, 2, 3
    cases = [('#include "xmpi_internal.h"\n', base, 1), ('#include "xmphc.h"\n', starpu, 1),
             ('#include "xmpsp_internal.h"\n', cuda, 1), ('#include "xmpcu.h"\n', base, 1),
             ('#include "xmpcu.h"\n', starpu, 0),
             ("void f(void) { xmpi_fatal(0, \"x\"); }\n", hc, 1),
             ("void f(void) { xmpsp_enter(); }\n", cuda, 1),
             ("/* xmpi_fatal */ const char *s = \"xmpi_x\";\n", base, 0),
             ('#include "xmpb.h"\nint g(void) { return xmpb_mpi_active(); }\n', hc, 0),
             ("int h(void) { return XMPSP_POLL_SPAN + xmpsp_x(); }\n", base, 2),
             ("int k(void) { return xmp_node_num() + helper(); }\n", starpu, 1),
             ("int k(void) { return xmp_node_num() + helper(); }\n", cuda, 2)]
    bad = 0
    for text, layer, want in cases:
        got = len(breaches("case.c", layer, owner, text, defined))
        if got != want:
            print("check-layers: self-test: %d breaches, expected %d, in layer %s: %r" %
                  (got, want, LAYERS[layer][0], text))
            bad = 1
    print("check-layers: self-test %s" % ("failed" if bad else "ok"))
    return bad


def main(argv):
    root = argv[1]
    if len(argv) > 2 and argv[2] == "--self-test":
        return self_test(root)
    found, files = check(root)
    for b in found:
        print("check-layers: " + b)
    print("check-layers: %d files, %s" % (files, "%d breaches" % len(found) if found else
                                          "every call downwards"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
