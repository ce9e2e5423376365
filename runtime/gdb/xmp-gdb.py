"""GDB support for programs built with xmpcc: distributed arrays by their own names.

The translation replaces a distributed array `u` by this node's local storage
(`_XMP_addr_u`, its layout `_XMP_layout_u` and descriptor `_XMP_desc_u`); these
commands read an element at its global indices, as the program writes it:

    (gdb) source <prefix>/share/xmpcc/xmp-gdb.py
    (gdb) xmp print u[5][3]      element (5, 3), when this node stores it
    (gdb) xmp info u             the global indices this node stores, per dimension
    (gdb) print $xmp("u", 5, 3)  the same element as a value for expressions

An element this node does not store (not in its block or shadow) is an error
naming the range it does store. Subscripts are expressions of the program
(`xmp print u[i+1][j]`).
"""
import re

import gdb


def _symbols(name):
    try:
        return (gdb.parse_and_eval("_XMP_addr_" + name),
                gdb.parse_and_eval("_XMP_layout_" + name),
                gdb.parse_and_eval("_XMP_desc_" + name))
    except gdb.error:
        raise gdb.GdbError("'%s' is not a distributed array of this frame or file" % name)


def _call(function, ret, *args):
    return int(gdb.parse_and_eval("(%s)%s(%s)" % (ret, function, ", ".join(args))))


def _ranges(name):
    addr, layout, desc = _symbols(name)
    handle = "(void *)%d" % int(desc)
    if int(desc) == 0:
        raise gdb.GdbError("distributed array '%s' is not created yet" % name)
    rank = _call("xmp_rt_debug_rank", "int", handle)
    ranges = [(_call("xmp_rt_debug_lo", "long", handle, str(d)),
               _call("xmp_rt_debug_hi", "long", handle, str(d))) for d in range(rank)]
    return addr, layout, ranges


def element(name, indices):
    addr, layout, ranges = _ranges(name)
    if len(indices) != len(ranges):
        raise gdb.GdbError("'%s' has %d dimensions, %d subscripts given" %
                           (name, len(ranges), len(indices)))
    offset = 0
    for d, (g, (lo, hi)) in enumerate(zip(indices, ranges)):
        if not lo <= g <= hi:
            held = "%d:%d" % (lo, hi) if lo <= hi else "nothing"
            raise gdb.GdbError("%s%s is not on this node: it stores %s of dimension %d" %
                               (name, "".join("[%d]" % i for i in indices), held, d))
        offset += (g - int(layout["base"][d])) * int(layout["stride"][d])
    return (addr + offset).dereference()


_ACCESS = re.compile(r"^\s*([A-Za-z_]\w*)\s*((?:\[[^\]]+\]\s*)+)$")


def _parse(text):
    m = _ACCESS.match(text)
    if not m:
        raise gdb.GdbError("expected an element such as u[5][3], not '%s'" % text)
    subs = re.findall(r"\[([^\]]+)\]", m.group(2))
    return m.group(1), [int(gdb.parse_and_eval(s)) for s in subs]


class XmpCommand(gdb.Command):
    """Distributed arrays of xmpcc programs: xmp print ARRAY[i]..., xmp info ARRAY."""

    def __init__(self):
        super().__init__("xmp", gdb.COMMAND_DATA, gdb.COMPLETE_NONE, True)


class XmpPrint(gdb.Command):
    """xmp print ARRAY[i][j]...: an element of a distributed array at global indices."""

    def __init__(self):
        super().__init__("xmp print", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        name, indices = _parse(arg)
        gdb.write("%s%s = %s\n" % (name, "".join("[%d]" % i for i in indices),
                                   element(name, indices)))


class XmpInfo(gdb.Command):
    """xmp info ARRAY: the global indices of each dimension this node stores."""

    def __init__(self):
        super().__init__("xmp info", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        name = arg.strip()
        _, _, ranges = _ranges(name)
        for d, (lo, hi) in enumerate(ranges):
            gdb.write("%s dimension %d: %s\n" % (name, d, "%d:%d" % (lo, hi) if lo <= hi
                                                 else "nothing"))


class XmpFunction(gdb.Function):
    """$xmp("ARRAY", i, j, ...): an element of a distributed array at global indices."""

    def __init__(self):
        super().__init__("xmp")

    def invoke(self, name, *indices):
        return element(name.string(), [int(i) for i in indices])


XmpCommand()
XmpPrint()
XmpInfo()
XmpFunction()
