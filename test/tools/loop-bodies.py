#!/usr/bin/env python3
"""Reads Clang's JSON AST of generated C (stdin) and counts, inside the body
of any for, while or do loop, the calls whose callee's name starts with one
of the given prefixes and the member accesses (loads) of variables whose
name starts with one of the given layout prefixes. Prints one line:

  loops N, calls inside loop bodies C, layout loads inside loop bodies L

and, for each hit, the function and the name, so that a FileCheck test can
assert that a C compiler sees no runtime call and no global layout load in
any loop (xmpcc computes them before the loops)."""
import argparse
import json
import sys

LOOPS = {"ForStmt", "WhileStmt", "DoStmt"}


def ref_name(node):
    """The name a DeclRefExpr under implicit casts and parentheses refers to."""
    while node and node.get("kind") in ("ImplicitCastExpr", "ParenExpr"):
        node = (node.get("inner") or [None])[0]
    if node and node.get("kind") == "DeclRefExpr":
        return node.get("referencedDecl", {}).get("name", "")
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--call", action="append", default=[], help="callee name prefix")
    ap.add_argument("--layout", action="append", default=[], help="layout variable prefix")
    args = ap.parse_args()
    ast = json.load(sys.stdin)
    counts = {"loops": 0, "calls": 0, "loads": 0}
    hits = []

    def walk(node, fn, depth):
        kind = node.get("kind")
        if kind == "FunctionDecl":
            fn = node.get("name", fn)
        if kind in LOOPS:
            counts["loops"] += 1
            inner = node.get("inner") or []
            # The body is the last child; the header (init, condition,
            # increment) is evaluated each iteration too, but the bounds
            # xmpcc writes there are locals.
            for i, child in enumerate(inner):
                if child:
                    walk(child, fn, depth + (1 if i == len(inner) - 1 else 0))
            return
        if depth > 0 and kind == "CallExpr":
            name = ref_name((node.get("inner") or [None])[0])
            if any(name.startswith(p) for p in args.call):
                counts["calls"] += 1
                hits.append("call %s in %s" % (name, fn))
        if depth > 0 and kind == "MemberExpr":
            name = ref_name((node.get("inner") or [None])[0])
            if any(name.startswith(p) for p in args.layout):
                counts["loads"] += 1
                hits.append("load %s.%s in %s" % (name, node.get("name", ""), fn))
        for child in node.get("inner") or []:
            if child:
                walk(child, fn, depth)

    walk(ast, "", 0)
    print("loops %d, calls inside loop bodies %d, layout loads inside loop bodies %d"
          % (counts["loops"], counts["calls"], counts["loads"]))
    for h in hits:
        print(h)


if __name__ == "__main__":
    main()
