//===- Task.cpp - blocks executed by a subset of the nodes ----------------===//

#include "Patterns.h"

#include "CNames.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// `if (member) { ... xmp_rt_task_end(); }` around the task's statement (or,
/// for a directive run on some nodes only, around that directive's code).
void lowerTask(TaskOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  Operation *target = SymbolTable::lookupNearestSymbolFrom(op, op.getOnAttr());
  bool nodes = isa<NodesOp>(target);
  std::string member = cnames::taskMember(op.getSite());
  std::string object = objectOf(op, op.getOnAttr());
  b.call(at, "xmp_rt_task_begin_" + std::string(nodes ? "nodes" : "template"),
         {object, compoundLiteral("const long", nodeBounds(op.getLower(), object)),
          compoundLiteral("const long", nodeBounds(op.getUpper(), object)),
          compoundLiteral("const long", strings(op.getStep())), b.whereRef()},
         "int " + member, "int");
  b.text(at, "if (" + member + ") {");
  if (auto inner = op.getInner())
    b.anchorHole(at, *inner);
  b.call(op.getEndAt(), "xmp_rt_task_end", {});
  b.text(op.getEndAt(), "}");
}

} // namespace

void xmp::lowering::populateTaskPatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<TaskOp, lowerTask>(patterns, state);
}
