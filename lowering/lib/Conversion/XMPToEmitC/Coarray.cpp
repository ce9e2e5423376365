//===- Coarray.cpp - the local view: coarrays and image control ----------===//
//
// A coarray stays the program's own C object; the runtime reaches it on
// other images through an MPI window (runtime/src/coarray.c). A coindexed
// element becomes a call that reads it into a temporary (a compound literal,
// so that it may stand in any expression) or a block that writes it; a
// section assignment passes each side as its first element's address and
// its spans. Records of where the code stands are compound literals too:
// these fragments sit inside the user's statements.
//
//===----------------------------------------------------------------------===//

#include "CNames.h"
#include "Patterns.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// The image of cosubscripts `cosubs` of the coarray `handle`.
std::string image(StringRef handle, ArrayAttr cosubs, const std::string &where) {
  return "xmp_rt_coarray_image(" + handle.str() + ", " +
         compoundLiteral("const long", strings(cosubs)) + ", " + where + ")";
}

/// A section's spans as an `xmp_rt_span_t` array (NULL for one element) and
/// their number.
std::pair<std::string, std::string> spans(ArrayAttr counts, ArrayAttr strides) {
  if (counts.empty())
    return {"0", "NULL"};
  std::vector<std::string> items;
  for (auto [c, s] : llvm::zip(strings(counts), strings(strides)))
    items.push_back("{(" + c + "), " + s + "}");
  return {std::to_string(counts.size()),
          "(const xmp_rt_span_t[]){" + llvm::join(items, ", ") + "}"};
}

void lowerCoarray(CoarrayOp op, FragmentBuilder &b) {
  std::string handle = op.getHandle().str();
  b.text(op.getAt(), (op.getExternal()   ? "extern "
                      : op.getInternal() ? "static "
                                         : "") +
                         Twine("xmp_rt_coarray_t *") + handle + ";");
  if (!op.getInitAt())
    return;
  std::vector<std::string> shape;
  for (const std::string &e : strings(op.getCoshape()))
    shape.push_back(e == "*" ? "-1" : e);
  int64_t init = *op.getInitAt();
  b.where(init, op.getDirective());
  std::string name = op.getName().str();
  b.call(init, "xmp_rt_coarray_new",
         {"(void *)&" + name, "sizeof(" + name + ")", std::to_string(shape.size()),
          compoundLiteral("const long", shape), cStringLiteral(name), b.whereRef()},
         handle, "xmp_rt_coarray_t *");
}

void lowerCoarrayRead(CoarrayReadOp op, FragmentBuilder &b) {
  std::string where = b.whereLiteral(op.getDirective());
  std::string elem = op.getElem().str(), handle = op.getHandle().str();
  b.text(op.getAt(), "(*(" + elem + " *)xmp_rt_coarray_get_element(" + handle + ", " +
                         image(handle, op.getCosubs(), where) + ", &(");
  b.sourceHole(op.getAt(), op.getDesignator());
  b.text(op.getAt(), "), &(" + elem + "){0}, sizeof(" + elem + "), " + where + "))");
}

void lowerCoarrayWrite(CoarrayWriteOp op, FragmentBuilder &b) {
  std::string where = b.whereLiteral(op.getDirective());
  std::string elem = op.getElem().str(), handle = op.getHandle().str();
  int64_t at = op.getAt();
  // The place and the image are evaluated once, as in the statement.
  b.text(at, "{ " + elem + " *xmp_co_at = &(");
  b.sourceHole(at, op.getDesignator());
  b.text(at, "); int xmp_co_image = " + image(handle, op.getCosubs(), where) + "; " + elem +
                 " xmp_co_value");
  std::string args = handle +
                     ", xmp_co_image, xmp_co_at, 0, NULL, &xmp_co_value, 0, NULL, "
                     "sizeof(" +
                     elem + "), " + where;
  if (op.getOp() == "=") {
    b.text(at, " = (");
  } else {
    b.text(at, "; xmp_rt_coarray_get(" + args + "); xmp_co_value " + op.getOp().str() + " (");
  }
  b.sourceHole(at, op.getRhs());
  b.text(at, "); xmp_rt_coarray_put(" + args + "); }");
}

void lowerCoarrayAtomic(CoarrayAtomicOp op, FragmentBuilder &b) {
  std::string where = b.whereLiteral(op.getDirective());
  std::string elem = op.getElem().str(), handle = op.getHandle().str();
  std::string img = op.getCosubs().empty() ? "-1" : image(handle, op.getCosubs(), where);
  int64_t at = op.getAt();
  b.text(at, std::string(op.getDefine() ? "xmp_rt_coarray_atomic_define("
                                        : "xmp_rt_coarray_atomic_ref(") +
                 handle + ", " + img + ", &(");
  b.sourceHole(at, op.getDesignator());
  b.text(at, op.getDefine() ? "), &(" + elem + "){(" : "), (");
  b.sourceHole(at, op.getOperand());
  b.text(at, (op.getDefine() ? ")}" : ")") + std::string(", sizeof(") + elem + "), " + where + ")");
}

void lowerCoarrayCopy(CoarrayCopyOp op, FragmentBuilder &b) {
  std::string where = b.whereLiteral(op.getDirective());
  std::string elem = "sizeof(" + op.getElem().str() + ")";
  auto [dn, ds] = spans(op.getDstCounts(), op.getDstStrides());
  auto [sn, ss] = spans(op.getSrcCounts(), op.getSrcStrides());
  std::string dst = op.getDstFirst().str(), src = op.getSrcFirst().str();
  StringRef dh = op.getDstHandle(), sh = op.getSrcHandle();
  std::string text;
  if (op.getValue()) {
    text = "{ " + op.getElem().str() + " xmp_co_value = (" + op.getValue()->str() +
           "); xmp_rt_coarray_put(" + dh.str() + ", " + image(dh, op.getDstCosubs(), where) + ", " +
           dst + ", " + dn + ", " + ds + ", &xmp_co_value, 0, NULL, " + elem + ", " + where +
           "); }";
  } else if (!dh.empty() && !sh.empty()) {
    text = "xmp_rt_coarray_copy(" + dh.str() + ", " + image(dh, op.getDstCosubs(), where) + ", " +
           dst + ", " + dn + ", " + ds + ", " + sh.str() + ", " +
           image(sh, op.getSrcCosubs(), where) + ", " + src + ", " + sn + ", " + ss + ", " + elem +
           ", " + where + ");";
  } else if (!dh.empty()) {
    text = "xmp_rt_coarray_put(" + dh.str() + ", " + image(dh, op.getDstCosubs(), where) + ", " +
           dst + ", " + dn + ", " + ds + ", " + src + ", " + sn + ", " + ss + ", " + elem + ", " +
           where + ");";
  } else {
    text = "xmp_rt_coarray_get(" + sh.str() + ", " + image(sh, op.getSrcCosubs(), where) + ", " +
           src + ", " + sn + ", " + ss + ", " + dst + ", " + dn + ", " + ds + ", " + elem + ", " +
           where + ");";
  }
  b.text(op.getAt(), text);
}

/// The image of node `coords` of node array `nodes`.
std::string nodeImage(Operation *op, FlatSymbolRefAttr nodes, ArrayAttr coords,
                      const std::string &where) {
  return "xmp_rt_nodes_image(" + objectOf(op, nodes) + ", " +
         compoundLiteral("const long", strings(coords)) + ", " + where + ")";
}

void lowerPost(PostOp op, FragmentBuilder &b) {
  std::string where = b.whereLiteral(op.getDirective());
  b.text(op.getAt(), "xmp_rt_post(" + nodeImage(op, op.getNodesAttr(), op.getCoords(), where) +
                         ", (" + op.getTag().str() + "), " + where + ");");
}

void lowerWait(WaitOp op, FragmentBuilder &b) {
  std::string where = b.whereLiteral(op.getDirective());
  std::string node =
      op.getNodesAttr() ? nodeImage(op, op.getNodesAttr(), op.getCoords(), where) : "-1";
  std::optional<StringRef> tag = op.getTag();
  b.text(op.getAt(), "xmp_rt_wait(" + node + ", " + (tag ? "1, (" + tag->str() + ")" : "0, 0") +
                         ", " + where + ");");
}

void lowerLock(LockOp op, FragmentBuilder &b) {
  std::string where = b.whereLiteral(op.getDirective());
  std::string handle = op.getHandle().str();
  b.text(op.getAt(),
         std::string(op.getUnlock() ? "xmp_rt_coarray_unlock(" : "xmp_rt_coarray_lock(") + handle +
             ", " + image(handle, op.getCosubs(), where) + ", " + op.getLock().str() + ", " +
             where + ");");
}

} // namespace

void xmp::lowering::populateCoarrayPatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<CoarrayOp, lowerCoarray>(patterns, state);
  add<CoarrayReadOp, lowerCoarrayRead>(patterns, state);
  add<CoarrayWriteOp, lowerCoarrayWrite>(patterns, state);
  add<CoarrayCopyOp, lowerCoarrayCopy>(patterns, state);
  add<CoarrayAtomicOp, lowerCoarrayAtomic>(patterns, state);
  add<PostOp, lowerPost>(patterns, state);
  add<WaitOp, lowerWait>(patterns, state);
  add<LockOp, lowerLock>(patterns, state);
}
