//===- Fragments.cpp - lowered xmp code as C fragments by anchor ----------===//

#include "xmp/Target/Fragments.h"

#include "xmp/Dialect/XMPDialect.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
xmp::FragmentPiece textPiece(std::string text) {
  xmp::FragmentPiece p;
  p.text = std::move(text);
  return p;
}

FailureOr<xmp::FragmentPiece> printOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, FailureOr<xmp::FragmentPiece>>(op)
      .Case<emitc::VerbatimOp>(
          [](auto v) { return textPiece(v.getValue().str()); })
      .Case<emitc::CallOpaqueOp>(
          [](auto call) -> FailureOr<xmp::FragmentPiece> {
            std::string text;
            if (auto target =
                    call->template getAttrOfType<StringAttr>("xmp.assign_to"))
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
            return textPiece(text + ");");
          })
      .Case<xmp::HoleOp>([](auto hole) {
        xmp::FragmentPiece p;
        p.source =
            hole.getSource() ? static_cast<int64_t>(*hole.getSource()) : -1;
        p.anchor =
            hole.getAnchor() ? static_cast<int64_t>(*hole.getAnchor()) : -1;
        p.variant = hole.getVariant() ? hole.getVariant()->str() : "";
        return p;
      })
      .Default([](Operation *other) -> FailureOr<xmp::FragmentPiece> {
        other->emitOpError("cannot be printed as a C fragment; run "
                           "--xmp-lower-to-runtime first");
        return failure();
      });
}
} // namespace

LogicalResult xmp::printFragments(ModuleOp module, Fragments &out) {
  for (Operation &op : module.getBody()->getOperations()) {
    auto anchor = op.getAttrOfType<IntegerAttr>("xmp.anchor");
    if (!anchor)
      return op.emitOpError("has no xmp.anchor tag");
    auto variant = op.getAttrOfType<StringAttr>("xmp.variant");
    FailureOr<FragmentPiece> piece = printOp(&op);
    if (failed(piece))
      return failure();
    Fragment &fragment =
        out[anchor.getInt()][variant ? variant.getValue().str() : ""];
    // Consecutive text pieces merge, a space apart; holes take no space.
    if (!piece->isHole() && !fragment.empty() && !fragment.back().isHole()) {
      fragment.back().text += " " + piece->text;
      continue;
    }
    fragment.push_back(*piece);
  }
  return success();
}

LogicalResult xmp::printListing(ModuleOp module, llvm::raw_ostream &os) {
  Fragments fragments;
  if (failed(printFragments(module, fragments)))
    return failure();
  for (auto &[anchor, variants] : fragments)
    for (auto &[variant, fragment] : variants) {
      os << "// anchor " << anchor << (variant.empty() ? "" : " " + variant)
         << "\n";
      for (const FragmentPiece &p : fragment) {
        if (p.source >= 0)
          os << "${source " << p.source
             << (p.variant.empty() ? "" : " " + p.variant) << "}";
        else if (p.anchor >= 0)
          os << "${anchor " << p.anchor << "}";
        else
          os << p.text;
      }
      os << "\n";
    }
  return success();
}
