#!/usr/bin/env python3
"""check-settings.py ROOT - the XMP_* environment variables that the runtime (runtime/**/*.c,
by their ids XMPB_<NAME> in runtime/base' readers, or as string literals) and the driver
(driver/xmpcc.in, string literals) read, against the table
runtime/include/xmp_settings.def: each one read must be declared there, and each one declared
must be read. Prints the differences and exits 1 if there are any."""
import os
import re
import sys

root = sys.argv[1]
literal = re.compile(r'"(XMP_[A-Z0-9_]+)"')
ident = re.compile(r'\bXMPB_(XMP_[A-Z0-9_]+)\b')
read = set()
sources = [os.path.join(root, "driver", "xmpcc.in")]
for d, _, files in os.walk(os.path.join(root, "runtime")):
    sources += [os.path.join(d, f) for f in files if f.endswith(".c")]
for path in sources:
    with open(path) as f:
        text = f.read()
    read |= set(literal.findall(text))
    if not path.endswith(".in"):
        read |= set(ident.findall(text))
with open(os.path.join(root, "runtime", "include", "xmp_settings.def")) as f:
    declared = set(re.findall(r"^XMP_SETTING\((XMP_[A-Z0-9_]+), [A-Z0-9_]+,", f.read(), re.M))
bad = 0
for name in sorted(read - declared):
    print("check-settings: %s is read but not declared in xmp_settings.def" % name)
    bad = 1
for name in sorted(declared - read):
    print("check-settings: %s is declared in xmp_settings.def but nothing reads it" % name)
    bad = 1
print("check-settings: %d variables, %s" % (len(declared), "differences" if bad else "all declared"))
sys.exit(bad)
