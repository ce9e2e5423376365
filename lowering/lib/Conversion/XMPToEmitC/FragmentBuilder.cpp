//===- FragmentBuilder.cpp - C fragments of one directive ----------------===//

#include "FragmentBuilder.h"

#include "xmp/Dialect/XMPDialect.h"
#include "CNames.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

void FragmentBuilder::tag(Operation *op, int64_t anchor) {
  op->setAttr("xmp.anchor", builder.getI64IntegerAttr(anchor));
  if (!variant.empty())
    op->setAttr("xmp.variant", builder.getStringAttr(variant));
}

void FragmentBuilder::text(int64_t anchor, const Twine &text) {
  tag(builder.create<emitc::VerbatimOp>(loc, builder.getStringAttr(text)), anchor);
}

void FragmentBuilder::call(int64_t anchor, StringRef callee, ArrayRef<std::string> args,
                           StringRef assignTo, StringRef resultType) {
  SmallVector<Attribute> argAttrs;
  for (const std::string &a : args)
    argAttrs.push_back(emitc::OpaqueAttr::get(builder.getContext(), a));
  SmallVector<Type> results;
  if (!assignTo.empty())
    results.push_back(emitc::OpaqueType::get(builder.getContext(), resultType));
  auto call = builder.create<emitc::CallOpaqueOp>(loc, results, callee, ValueRange{},
                                                  builder.getArrayAttr(argAttrs));
  if (!assignTo.empty())
    call->setAttr("xmp.assign_to", builder.getStringAttr(assignTo));
  tag(call, anchor);
}

void FragmentBuilder::sourceHole(int64_t anchor, int64_t source, StringRef holeVariant) {
  auto hole = builder.create<HoleOp>(loc, builder.getI64IntegerAttr(source), IntegerAttr(),
                                     holeVariant.empty() ? StringAttr()
                                                         : builder.getStringAttr(holeVariant));
  tag(hole, anchor);
}

void FragmentBuilder::anchorHole(int64_t anchor, int64_t inner) {
  tag(builder.create<HoleOp>(loc, IntegerAttr(), builder.getI64IntegerAttr(inner), StringAttr()),
      anchor);
}

void FragmentBuilder::where(int64_t anchor, StringRef directive) {
  if (!state.described.insert(site).second)
    return;
  auto flc = dyn_cast<FileLineColLoc>(loc);
  std::string file = flc ? flc.getFilename().str() : "<unknown>";
  unsigned line = flc ? flc.getLine() : 0;
  std::string saved = variant;
  variant.clear();
  text(anchor, "static const xmp_rt_srcloc_t " + cnames::where(site) + " = {" +
                   cStringLiteral(file) + ", " + std::to_string(line) + ", " +
                   cStringLiteral(directive) + "};");
  variant = saved;
}

std::string FragmentBuilder::whereLiteral(StringRef directive) const {
  auto flc = dyn_cast<FileLineColLoc>(loc);
  return "&(const xmp_rt_srcloc_t){" + cStringLiteral(flc ? flc.getFilename().str() : "<unknown>") +
         ", " + std::to_string(flc ? flc.getLine() : 0) + ", " + cStringLiteral(directive) + "}";
}

std::string FragmentBuilder::whereRef() const { return "&" + cnames::where(site); }

std::string xmp::lowering::cStringLiteral(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}

std::string xmp::lowering::compoundLiteral(StringRef elemType, ArrayRef<std::string> elems) {
  std::string out = ("(" + elemType + "[]){").str();
  for (size_t i = 0; i < elems.size(); ++i)
    out += (i ? ", (" : "(") + elems[i] + ")";
  return out + "}";
}

SmallVector<std::string> xmp::lowering::strings(ArrayAttr attr) {
  SmallVector<std::string> out;
  for (Attribute a : attr)
    out.push_back(cast<StringAttr>(a).getValue().str());
  return out;
}

SmallVector<std::string> xmp::lowering::numbers(ArrayRef<int64_t> values) {
  SmallVector<std::string> out;
  for (int64_t v : values)
    out.push_back(std::to_string(v));
  return out;
}

std::vector<std::string> xmp::lowering::concat(std::vector<std::string> args,
                                               std::initializer_list<std::string> more) {
  args.insert(args.end(), more);
  return args;
}
