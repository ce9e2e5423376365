//===- Device.cpp - XMP-dev: device data and weights ----------------------===//

#include "Patterns.h"

#include "CNames.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// `device replicate`: a block in which the arrays are registered with the
/// device layer, released at its end.
void lowerDeviceReplicate(DeviceReplicateOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  if (!op.getUnscoped())
    b.text(at, "{");
  auto arrays = strings(op.getArrays()), elems = strings(op.getElemTypes());
  SmallVector<std::string> handles;
  for (const std::string &a : arrays)
    handles.push_back(cnames::deviceData(op.getSite(), a));
  for (size_t k = 0; k < arrays.size(); ++k) {
    bool distributed = op.getDistributed()[k] != 0;
    std::string addr =
        distributed ? cnames::arrayLayout(arrays[k]) + ".addr" : "(void *)(" + arrays[k] + ")";
    std::string bytes = distributed
                            ? "xmp_rt_array_storage_bytes(" + cnames::arrayDesc(arrays[k]) + ")"
                            : "sizeof(" + arrays[k] + ")";
    b.call(at, "xmp_dev_replicate",
           {addr, bytes, "sizeof(" + elems[k] + ")", cStringLiteral(arrays[k]), b.whereRef()},
           "xmp_dev_data_t *" + handles[k], "xmp_dev_data_t *");
  }
  // An OpenACC data region's transfers.
  for (size_t k = 0; k < arrays.size(); ++k)
    if (op.getCopyIn() && (*op.getCopyIn())[k])
      b.call(at, "xmp_dev_sync_in", {handles[k], b.whereRef()});
  // The end: device values back to the host arrays (XMP-dev's replicate, and
  // OpenACC's copy and copyout), or dropped (copyin, create).
  for (size_t k = arrays.size(); k-- > 0;)
    b.call(op.getEndAt(),
           !op.getCopyOut() || (*op.getCopyOut())[k] ? "xmp_dev_release"
                                                      : "xmp_dev_release_discard",
           {handles[k]});
  if (!op.getUnscoped())
    b.text(op.getEndAt(), "}");
}

void lowerDeviceSync(DeviceSyncOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  std::string kept = cnames::deviceIf(op.getSite());
  if (op.getKeepIf())
    b.text(at, "{ int " + kept + " = (" + op.getOnlyIf()->str() + ") != 0; if (" + kept + ") {");
  else if (op.getReuseIf())
    b.text(at, "if (" + kept + ") {");
  else if (std::optional<StringRef> cond = op.getOnlyIf())
    b.text(at, "if (" + cond->str() + ") {");
  for (auto [a, replica] : llvm::zip(strings(op.getArrays()), op.getReplicas()))
    b.call(at, "xmp_dev_sync_" + stringifyDirection(op.getDirection()).str(),
           {cnames::deviceData(replica, a), b.whereRef()});
  if (op.getOnlyIf() || op.getReuseIf())
    b.text(at, op.getReuseIf() ? "} }" : "}");
}

/// `acc host_data use_device(a)`: the device copies' addresses, held current
/// for the block, stand at the arrays' uses.
void lowerDeviceAddress(DeviceAddressOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  b.text(at, "{");
  auto arrays = strings(op.getArrays()), types = strings(op.getArrayTypes());
  SmallVector<std::string> addrs;
  for (auto [k, replica] : llvm::enumerate(op.getReplicas())) {
    addrs.push_back(cnames::deviceAddress(op.getSite(), arrays[k]));
    b.call(at, "xmp_dev_device_address", {cnames::deviceData(replica, arrays[k]), b.whereRef()},
           "void *" + addrs.back(), "void *");
  }
  for (auto [ref, k] : llvm::zip(op.getRefs(), op.getRefArrays()))
    b.text(ref, types[k].empty() ? "((void *)" + addrs[k] + ")"
                                 : "(*(" + types[k] + ")" + addrs[k] + ")");
  b.text(op.getEndAt(), "}");
}

void lowerDeviceResetWeight(DeviceResetWeightOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  b.call(at, "xmp_dev_reset_weight", {"(double)(" + op.getWeight().str() + ")", b.whereRef()});
}

} // namespace

void xmp::lowering::populateDevicePatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<DeviceReplicateOp, lowerDeviceReplicate>(patterns, state);
  add<DeviceSyncOp, lowerDeviceSync>(patterns, state);
  add<DeviceAddressOp, lowerDeviceAddress>(patterns, state);
  add<DeviceResetWeightOp, lowerDeviceResetWeight>(patterns, state);
}
