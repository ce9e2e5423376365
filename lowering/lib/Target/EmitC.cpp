//===- EmitC.cpp - printing lowered xmp code as C fragments ---------------===//
//
// The lowered module is a flat list of emitc.verbatim and emitc.call_opaque
// ops tagged with a site and a part; the user's own code never enters MLIR,
// so C is printed per site and spliced into the source by the frontend.
// Fragments stay on one line so the user's line numbers survive translation.
//
//===----------------------------------------------------------------------===//

#include "xmp/Target/EmitC.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
FailureOr<std::string> printOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, FailureOr<std::string>>(op)
      .Case<emitc::VerbatimOp>(
          [](auto v) { return v.getValue().str(); })
      .Case<emitc::CallOpaqueOp>([](auto call) -> FailureOr<std::string> {
        std::string text;
        if (auto target = call->template getAttrOfType<StringAttr>("xmp.assign_to"))
          text = target.getValue().str() + " = ";
        text += call.getCallee().str() + "(";
        if (ArrayAttr args = call.getArgsAttr()) {
          for (auto [i, arg] : llvm::enumerate(args)) {
            auto opaque = dyn_cast<emitc::OpaqueAttr>(arg);
            if (!opaque) {
              call.emitOpError("xmp C printer takes only opaque arguments");
              return failure();
            }
            text += (i ? ", " : "") + opaque.getValue().str();
          }
        }
        return text + ");";
      })
      .Default([](Operation *other) -> FailureOr<std::string> {
        other->emitOpError("cannot be printed as a C fragment; run "
                           "--xmp-lower-to-runtime first");
        return failure();
      });
}
} // namespace

LogicalResult xmp::printSites(ModuleOp module,
                              std::map<int64_t, SiteText> &out) {
  for (Operation &op : module.getBody()->getOperations()) {
    auto site = op.getAttrOfType<IntegerAttr>("xmp.site");
    auto part = op.getAttrOfType<StringAttr>("xmp.part");
    if (!site || !part)
      return op.emitOpError("has no xmp.site/xmp.part tag");
    FailureOr<std::string> text = printOp(&op);
    if (failed(text))
      return failure();
    std::string &slot = out[site.getInt()][part.getValue().str()];
    slot += (slot.empty() ? "" : " ") + *text;
  }
  return success();
}

LogicalResult xmp::printListing(ModuleOp module, llvm::raw_ostream &os) {
  std::map<int64_t, SiteText> sites;
  if (failed(printSites(module, sites)))
    return failure();
  for (auto &[site, parts] : sites)
    for (auto &[part, text] : parts)
      os << "// site " << site << " " << part << "\n" << text << "\n";
  return success();
}
