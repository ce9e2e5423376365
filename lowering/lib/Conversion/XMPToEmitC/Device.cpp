//===- Device.cpp - XMP-dev: device data, weights and device loops --------===//

#include "Patterns.h"

#include "xmp/Target/CNames.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// Declares loop dimension k's local bounds (lb, ub, st) at `anchor` and
/// returns the leading arguments of the runtime call that computes them.
std::vector<std::string>
boundsArgs(FragmentBuilder &b, int64_t anchor, const std::string &tmpl,
           int64_t site, unsigned k, int64_t tdim, const std::string &offset,
           const std::string &lower, const std::string &upper,
           const std::string &step) {
  b.text(anchor, "long " + cnames::loopBound(site, k, "lb") + ", " +
                     cnames::loopBound(site, k, "ub") + ", " +
                     cnames::loopBound(site, k, "st") + ";");
  return {tmpl,
          std::to_string(tdim),
          "(" + offset + ")",
          "(" + lower + ")",
          "(" + upper + ")",
          "(" + step + ")"};
}

/// `device replicate`: a block in which the arrays are registered with the
/// device layer, released at its end.
void lowerDeviceReplicate(DeviceReplicateOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  b.text(at, "{");
  auto arrays = strings(op.getArrays()), handles = strings(op.getHandles()),
       elems = strings(op.getElemTypes());
  for (size_t k = 0; k < arrays.size(); ++k) {
    bool distributed = op.getDistributed()[k] != 0;
    std::string addr = distributed ? cnames::arrayLayout(arrays[k]) + ".addr"
                                   : "(void *)(" + arrays[k] + ")";
    std::string bytes = distributed ? "xmp_rt_array_storage_bytes(" +
                                          cnames::arrayDesc(arrays[k]) + ")"
                                    : "sizeof(" + arrays[k] + ")";
    b.call(at, "xmp_dev_replicate",
           {addr, bytes, "sizeof(" + elems[k] + ")", cStringLiteral(arrays[k]),
            b.whereRef()},
           "xmp_dev_data_t *" + handles[k], "xmp_dev_data_t *");
  }
  for (size_t k = arrays.size(); k-- > 0;)
    b.call(op.getEndAt(), "xmp_dev_release", {handles[k]});
  b.text(op.getEndAt(), "}");
}

void lowerDeviceSync(DeviceSyncOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  for (const std::string &h : strings(op.getHandles()))
    b.call(at, "xmp_dev_sync_" + op.getDirection().str(), {h, b.whereRef()});
}

void lowerDeviceResetWeight(DeviceResetWeightOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  b.call(at, "xmp_dev_reset_weight",
         {"(double)(" + op.getWeight().str() + ")", b.whereRef()});
}

/// How a device loop's task results combine: `acc = acc op part`.
std::string combine(StringRef kind, const std::string &acc,
                    const std::string &part) {
  if (kind == "max")
    return part + " > " + acc + " ? " + part + " : " + acc;
  if (kind == "min")
    return part + " < " + acc + " ? " + part + " : " + acc;
  // '-' partial results are negated sums already: they add up.
  std::string op = kind == "-" ? "+" : kind.str();
  return acc + " " + op + " " + part;
}

/// A device loop: this node's bounds, the argument block, the tasks (the
/// outlined functions come from the frontend), and the combined reductions.
void lowerDeviceLoop(DeviceLoopOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  int64_t site = op.getSite();
  b.where(at, op.getDirective());
  auto name = [&](StringRef part) { return cnames::deviceLoop(site, part); };
  b.text(at, "{");
  b.text(at, "static xmp_dev_loop_t *" + name("state") + ";");
  auto lower = strings(op.getLower()), upper = strings(op.getUpper()),
       step = strings(op.getStep()), offsets = strings(op.getOffsets());
  std::string tmpl = cnames::templ(op.getTmpl());
  std::string args = name("a");
  b.text(at, "struct " + name("args") + " " + args + ";");
  for (unsigned k = 0; k < lower.size(); ++k) {
    std::vector<std::string> bounds =
        boundsArgs(b, at, tmpl, site, k, op.getTdims()[k], offsets[k], lower[k],
                   upper[k], step[k]);
    bounds.insert(bounds.end(), {"&" + cnames::loopBound(site, k, "lb"),
                                 "&" + cnames::loopBound(site, k, "ub"),
                                 "&" + cnames::loopBound(site, k, "st")});
    b.call(at, "xmp_rt_loop_bounds", bounds);
    if (k > 0) // the outer dimension's chunk comes with each task
      for (const char *part : {"lb", "ub", "st"})
        b.text(at, args + "." + cnames::deviceBoundField(k, part) + " = " +
                       cnames::loopBound(site, k, part) + ";");
  }
  auto arrays = strings(op.getArrays()), handles = strings(op.getHandles()),
       modes = strings(op.getModes());
  SmallVector<std::string> operands;
  for (size_t k = 0; k < arrays.size(); ++k) {
    bool distributed = op.getDistributed()[k] != 0;
    if (distributed)
      b.text(at, args + "." + cnames::deviceLayoutField(arrays[k]) + " = " +
                     cnames::arrayLayout(arrays[k]) + ";");
    std::string origin = "0", rowElems = std::to_string(op.getRowElems()[k]);
    if (distributed) {
      origin = cnames::arrayLayout(arrays[k]) + ".base[0]";
      rowElems = cnames::arrayLayout(arrays[k]) + ".stride[0]";
    }
    bool rw = modes[k] == "readwrite";
    operands.push_back(
        "{" + handles[k] + ", " + (rw ? "XMP_DEV_READWRITE" : "XMP_DEV_READ") +
        ", " + (rw ? origin : "0") + ", " + (rw ? rowElems : "0") + "}");
  }
  for (const std::string &s : strings(op.getScalars()))
    b.text(at, args + "." + cnames::deviceScalarField(s) + " = " + s + ";");
  std::string v = "NULL";
  if (!operands.empty()) {
    v = name("v");
    b.text(at, "const xmp_dev_arg_t " + v + "[] = {" +
                   llvm::join(operands, ", ") + "};");
  }
  auto kinds = strings(op.getRedKinds()), vars = strings(op.getRedVars());
  std::string red = "struct " + name("red");
  b.text(at, "void *" + name("p") + "; int " + name("n") + ";");
  b.call(at, "xmp_dev_loop_run",
         {"&" + name("state"), name("cpu"), name("cuda"), "&" + args,
          std::to_string(arrays.size()), v, cnames::loopBound(site, 0, "lb"),
          cnames::loopBound(site, 0, "ub"), cnames::loopBound(site, 0, "st"),
          kinds.empty() ? "0" : "sizeof(" + red + ")", "&" + name("p"),
          "&" + name("n"), b.whereRef()});
  if (!kinds.empty()) {
    // In task order, so the result does not depend on which task ended first.
    b.text(at, "for (int _XMP_k = 0; _XMP_k < " + name("n") + "; ++_XMP_k) {");
    b.text(at, "const " + red + " *_XMP_r = (const " + red + " *)" + name("p") +
                   " + _XMP_k;");
    for (size_t k = 0; k < kinds.size(); ++k)
      b.text(at, vars[k] + " = " +
                     combine(kinds[k], vars[k],
                             "_XMP_r->" + cnames::deviceReductionField(k)) +
                     ";");
    b.text(at, "}");
  }
  b.text(at, "}");
}

} // namespace

void xmp::lowering::populateDevicePatterns(RewritePatternSet &patterns,
                                           LoweringState &state) {
  add<DeviceReplicateOp, lowerDeviceReplicate>(patterns, state);
  add<DeviceSyncOp, lowerDeviceSync>(patterns, state);
  add<DeviceResetWeightOp, lowerDeviceResetWeight>(patterns, state);
  add<DeviceLoopOp, lowerDeviceLoop>(patterns, state);
}
