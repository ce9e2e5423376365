//===- Loop.cpp - work-shared loop nests and distributed-array accesses ---===//
//
// A `loop` nest becomes the user's loops with new headers: each runs over this
// node's part of its iterations, whose bounds are computed once before the
// nest where nothing in the nest changes them (one runtime call for the
// nest; before the loops around the nest where nothing in them changes the
// bounds or the arrays' layouts either), and whose header is canonical where the step is a constant
// (`for (i = lb; i < ub + 1; i += 2)`), so that C compilers see the trip
// count. Accesses inside reach each distributed array through locals
// declared before the nest (a `restrict` base pointer where nothing else in
// the nest reaches the storage, its strides, and the offset of the node's
// block folded into one constant), so that the innermost loop of a stencil
// vectorizes as the serial one does.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "CNames.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

struct Bounds {
  std::string lb, ub, st;
};

Bounds boundNames(int64_t site, unsigned k) {
  return {cnames::loopBound(site, k, "lb"), cnames::loopBound(site, k, "ub"),
          cnames::loopBound(site, k, "st")};
}

/// `long lb, ub, st;` of loop k and the leading arguments of the runtime
/// calls that fill them: the template or node array, its dimension, the
/// offset and the global bounds.
std::vector<std::string> declareBounds(FragmentBuilder &b, int64_t anchor,
                                       const std::string &object, unsigned k, int64_t tdim,
                                       const std::string &offset, const std::string &lower,
                                       const std::string &upper, const std::string &step) {
  Bounds n = boundNames(b.getSite(), k);
  b.text(anchor, "long " + n.lb + ", " + n.ub + ", " + n.st + ";");
  return {object,
          std::to_string(tdim),
          "(" + offset + ")",
          "(" + lower + ")",
          "(" + upper + ")",
          "(" + step + ")"};
}

/// Loop k's local bounds from the leading arguments `args`. A cyclic(w)
/// dimension gives one progression per owned block: a loop over the blocks
/// opens at `open` and closes at `close`.
void localBounds(FragmentBuilder &b, int64_t open, int64_t close, unsigned k,
                 std::vector<std::string> args, bool cyclic, bool onNodes) {
  Bounds n = boundNames(b.getSite(), k);
  if (!cyclic) {
    args.insert(args.end(), {"&" + n.lb, "&" + n.ub, "&" + n.st});
    b.call(open, onNodes ? "xmp_rt_loop_bounds_nodes" : "xmp_rt_loop_bounds", args);
    return;
  }
  std::string blocks = cnames::loopBound(b.getSite(), k, "nb"),
              block = cnames::loopBound(b.getSite(), k, "b");
  b.call(open, "xmp_rt_loop_block_count", args, "long " + blocks, "long");
  b.text(open, "for (long " + block + " = 0; " + block + " < " + blocks + "; ++" + block + ") {");
  args.insert(args.end(), {block, "&" + n.lb, "&" + n.ub, "&" + n.st});
  b.call(open, "xmp_rt_loop_block", args);
  b.text(close, "}");
}

/// The header of loop k, the index `var` (declared with `decl` when the
/// user's `for` declares it) running over the bounds of `n`. A constant step
/// fixes the direction: the test is `<` or `>` against the bound one past the
/// last iteration, and the increment the constant itself where the node's
/// local step is the loop's own. A step known only at run time tests its
/// sign.
void header(FragmentBuilder &b, int64_t anchor, const std::string &decl, const std::string &var,
            const Bounds &n, int64_t constStep, bool sameStep, std::optional<int64_t> stepAt) {
  LoopControl control = loopControl(var, n.ub, n.st, constStep, sameStep);
  b.text(anchor, "for (" + (decl.empty() ? "" : decl + " ") + var + " = " + n.lb + "; " +
                     control.test + ";");
  if (stepAt) // `cond; <step>, i += 1)`
    b.anchorHole(anchor, *stepAt);
  b.text(anchor, control.incr + ")");
}

} // namespace

void xmp::lowering::declareNestLocals(FragmentBuilder &b, int64_t anchor, DistArrayOp array,
                                      bool restrict, std::optional<int64_t> valuesAnchor) {
  int64_t values = valuesAnchor.value_or(anchor);
  StringRef name = array.getName();
  int64_t site = b.getSite();
  std::string elem = array.getElemType().str();
  b.text(anchor, elem + " *" + (restrict ? "restrict " : "") + cnames::nestBase(site, name) +
                     " = " + cnames::arrayAddr(name) + ";");
  for (const std::string &statement :
       nestLayoutLocals(site, name, array.getRank(), cnames::arrayLayout(name)))
    b.text(values, statement);
}

std::vector<std::string> xmp::lowering::nestLayoutLocals(int64_t site, StringRef array,
                                                         int64_t rank, const std::string &layout) {
  std::vector<std::string> out;
  std::string offset;
  for (int64_t d = 0; d < rank; ++d) {
    std::string base = layout + ".base[" + std::to_string(d) + "]";
    if (d + 1 == rank) {
      offset += (d ? " + " : "") + base;
      break;
    }
    std::string stride = cnames::nestStride(site, array, static_cast<unsigned>(d));
    out.push_back("const long " + stride + " = " + layout + ".stride[" + std::to_string(d) + "];");
    offset += (d ? " + " : "") + base + " * " + stride;
  }
  out.push_back("const long " + cnames::nestOffset(site, array) + " = -(" + offset + ");");
  // An array the code names only in some of its loops' bodies is fine unused.
  out.push_back("(void)" + cnames::nestOffset(site, array) + ";");
  return out;
}

LoopControl xmp::lowering::loopControl(const std::string &var, const std::string &ub,
                                       const std::string &st, int64_t constStep,
                                       bool sameStep) {
  if (constStep > 0)
    return {var + " < " + ub + " + 1",
            var + " += " + (sameStep ? std::to_string(constStep) : st)};
  if (constStep < 0)
    return {var + " > " + ub + " - 1",
            sameStep ? var + " -= " + std::to_string(-constStep) : var + " += " + st};
  return {st + " > 0 ? " + var + " <= " + ub + " : " + var + " >= " + ub, var + " += " + st};
}

std::string xmp::lowering::nestElement(int64_t site, StringRef array,
                                       ArrayRef<std::string> subs) {
  std::string out = cnames::nestBase(site, array) + "[" + cnames::nestOffset(site, array);
  for (size_t d = 0; d < subs.size(); ++d)
    out += " + (" + subs[d] + ")" +
           (d + 1 < subs.size() ? " * " + cnames::nestStride(site, array, d) : "");
  return out + "]";
}

namespace {

void lowerLoop(LoopOp op, FragmentBuilder &b) {
  int64_t site = op.getSite(), at = op.getAt(), end = op.getEndAt();
  auto lower = strings(op.getLower()), upper = strings(op.getUpper()), step = strings(op.getStep()),
       offsets = strings(op.getOffsets()), indices = strings(op.getIndices()),
       decls = strings(op.getIndexDecl());
  size_t n = indices.size();
  // A loop on a node array: each iteration runs on the node it names.
  bool onNodes =
      isa_and_nonnull<NodesOp>(SymbolTable::lookupNearestSymbolFrom(op, op.getTmplAttr()));
  std::string object = objectOf(op, op.getTmplAttr());
  // Where the bounds and strides go: a block around an enclosing loop, or the
  // nest's own.
  int64_t prologue = op.getPrologueAt() ? *op.getPrologueAt() : at;
  if (op.getPrologueAt()) {
    b.text(prologue, "{");
    b.text(*op.getPrologueEndAt(), "}");
  }
  b.text(at, "{");
  b.anchorHole(at, op.getBeginAt());
  for (auto [ref, restrict] : llvm::zip(op.getArrays(), op.getRestrict()))
    declareNestLocals(b, at, distArrayOf(op, cast<FlatSymbolRefAttr>(ref)), restrict, prologue);
  std::string piece = cnames::loopPiece(site);
  if (op.getExtent()) {
    // The nest runs once per piece: -1 the changed range (expand,
    // peel_and_wait), 0 .. 2n-1 the margin (margin, peel_and_wait, after the
    // wait); the piece loop closes after the nest.
    b.where(op.getBeginAt(), op.getDirective());
    LoopExtent extent = *op.getExtent();
    std::string pieces = std::to_string(2 * n);
    b.text(at, "for (int " + piece + " = " + (extent == LoopExtent::margin ? "0" : "-1") + "; " +
                   piece + " < " + (extent == LoopExtent::expand ? "0" : pieces) + "; ++" + piece +
                   ") {");
    if (extent == LoopExtent::peel_and_wait)
      b.text(at, "if (" + piece + " == 0) xmp_rt_wait_async((" + op.getAsync()->str() + "), " +
                     b.whereRef() + ");");
  }
  // The loops whose bounds hold throughout the nest, by block: one runtime
  // call for them all, their bounds then constants of the block.
  auto isCyclic = [&](unsigned k) { return op.getCyclic() && (*op.getCyclic())[k] != 0; };
  SmallVector<unsigned> together;
  for (unsigned k = 0; k < n && !op.getExtent() && !onNodes; ++k)
    if (op.getHoist()[k] && !isCyclic(k))
      together.push_back(k);
  if (!together.empty()) {
    std::string out = cnames::loopNestBounds(site);
    SmallVector<std::string> tdims, offs, lbs, ubs, sts;
    for (unsigned k : together) {
      tdims.push_back(std::to_string(op.getTdims()[k]));
      offs.push_back(offsets[k]);
      lbs.push_back(lower[k]);
      ubs.push_back(upper[k]);
      sts.push_back(step[k]);
    }
    b.text(prologue, "long " + out + "[" + std::to_string(3 * together.size()) + "];");
    b.call(prologue, "xmp_rt_loop_bounds_nest",
           {object, std::to_string(together.size()), compoundLiteral("const int", tdims),
            compoundLiteral("const long", offs), compoundLiteral("const long", lbs),
            compoundLiteral("const long", ubs), compoundLiteral("const long", sts), out});
    for (auto [i, k] : llvm::enumerate(together)) {
      Bounds nb = boundNames(site, k);
      auto elem = [&](size_t j) { return out + "[" + std::to_string(3 * i + j) + "]"; };
      b.text(prologue, "const long " + nb.lb + " = " + elem(0) + ", " + nb.ub + " = " + elem(1) +
                           ", " + nb.st + " = " + elem(2) + "; (void)" + nb.st + ";");
    }
  }
  for (unsigned k = 0; k < n; ++k) {
    if (llvm::is_contained(together, k))
      continue;
    bool cyclic = isCyclic(k);
    bool hoist = op.getHoist()[k] && !cyclic;
    // Bounds that depend on an outer index are computed before each run of
    // loop k, in a block of their own.
    int64_t open = hoist ? prologue : op.getBeforeAt()[k];
    if (!hoist)
      b.text(open, "{");
    std::vector<std::string> args = declareBounds(b, open, object, k, op.getTdims()[k], offsets[k],
                                                  lower[k], upper[k], step[k]);
    if (op.getExtent()) {
      Bounds nb = boundNames(site, k);
      args.insert(args.end(),
                  {"(" + strings(*op.getExtendLo())[k] + ")",
                   "(" + strings(*op.getExtendHi())[k] + ")", std::to_string((*op.getUnbound())[k]),
                   piece, std::to_string(k), "&" + nb.lb, "&" + nb.ub, "&" + nb.st, b.whereRef()});
      b.call(open, "xmp_rt_loop_bounds_extent", args);
    } else {
      localBounds(b, open, op.getAfterAt()[k], k, args, cyclic, onNodes);
    }
    if (!hoist)
      b.text(op.getAfterAt()[k], "}");
  }
  for (unsigned k = 0; k < n; ++k)
    header(b, op.getHeaderAt()[k], decls[k], indices[k], boundNames(site, k), op.getConstStep()[k],
           op.getSameStep()[k], k + 1 == n ? std::optional<int64_t>(op.getStepAt()) : std::nullopt);
  if (op.getExtent())
    b.text(end, "}");
  b.anchorHole(end, op.getReduceAt());
  b.text(end, "}");
}

/// base[offset + (i0) * s0 + ... + (in)]: through the locals of the nest (or
/// device loop CPU function) at `site`.
void nestForm(FragmentBuilder &b, int64_t at, int64_t site, StringRef name,
              ArrayRef<int64_t> subs) {
  b.text(at, cnames::nestBase(site, name) + "[" + cnames::nestOffset(site, name) + " + (");
  for (size_t d = 0; d < subs.size(); ++d) {
    b.sourceHole(at, subs[d]);
    if (d + 1 < subs.size())
      b.text(at, ") * " + cnames::nestStride(site, name, static_cast<unsigned>(d)) + " + (");
  }
  b.text(at, ")]");
}

/// An element of a distributed array at global indices (the holes `subs`).
/// In a work-shared nest, through its locals; in a device loop, through the
/// kernels' layout (plain form), the CPU function's locals ("cpu") or the
/// tiled kernel's plane ring ("tile"); elsewhere through the array's layout.
void lowerAccess(AccessOp op, FragmentBuilder &b) {
  DistArrayOp array = distArrayOf(op, op.getArrayAttr());
  StringRef name = array.getName();
  ArrayRef<int64_t> subs = op.getSubs();
  int64_t at = op.getAt();
  // Checked mode: the runtime gives the address, or stops the program.
  if (auto file = op.getCheckedFile()) {
    b.text(at, "(*(" + array.getElemType().str() + " *)xmp_rt_checked_elem(" +
                   cnames::arrayDesc(name) + ", (const long[]){(");
    for (size_t d = 0; d < subs.size(); ++d) {
      b.sourceHole(at, subs[d]);
      b.text(at, d + 1 < subs.size() ? "), (" : ")}, ");
    }
    b.text(at, cStringLiteral(*file) + ", " + std::to_string(*op.getCheckedLine()) + "))");
    return;
  }
  if (op.getNest() && !op.getDevice()) {
    nestForm(b, at, *op.getNest(), name, subs);
    return;
  }
  // addr[((i0) - base[0]) * stride[0] + ... + ((in) - base[n])], through a layout:
  // the array's, or in a kernel the task's own.
  std::string layout = cnames::arrayLayout(name);
  b.text(at, cnames::arrayAddr(name) + "[((");
  for (size_t d = 0; d < subs.size(); ++d) {
    b.sourceHole(at, subs[d]);
    std::string term = ") - " + layout + ".base[" + std::to_string(d) + "])";
    term += d + 1 < subs.size() ? " * " + layout + ".stride[" + std::to_string(d) + "] + (("
                                : "]";
    b.text(at, term);
  }
  if (!op.getDevice())
    return;
  b.setVariant("cpu");
  nestForm(b, at, *op.getNest(), name, subs);
  if (auto tile = op.getTile()) {
    ArrayRef<int64_t> o = *tile;
    b.setVariant("tile");
    b.text(at, "_XMP_tile[(_XMP_t0 + " + std::to_string(4 + o[0]) + ") & 3][_XMP_ty + " +
                   std::to_string(1 + o[1]) + "][_XMP_tx + " + std::to_string(1 + o[2]) + "]");
  }
  b.setVariant("");
}

} // namespace

void xmp::lowering::populateLoopPatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<LoopOp, lowerLoop>(patterns, state);
  add<AccessOp, lowerAccess>(patterns, state);
}
