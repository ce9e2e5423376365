//===- Mapping.cpp - nodes, templates, distributions, aligned arrays
//-------===//
//
// Data-mapping directives declare their runtime objects at `at` (file scope
// or the directive's line) and create them where they run: the directive's
// line, or, at file scope, the file's initialisation (`init_at`).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "xmp/Target/CNames.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

std::string storage(StringRef scope) {
  return scope == "file" ? "static " : "";
}

/// Where a mapping directive's executable part goes.
template <typename OpT> int64_t execAt(OpT op) {
  return op.getInitAt() ? *op.getInitAt() : op.getAt();
}

std::string distKind(StringRef format) {
  if (format == "block")
    return "XMP_RT_DIST_BLOCK";
  if (format == "cyclic")
    return "XMP_RT_DIST_CYCLIC";
  if (format == "gblock")
    return "XMP_RT_DIST_GBLOCK";
  return "XMP_RT_DIST_NONE";
}

void lowerNodes(NodesOp op, FragmentBuilder &b) {
  std::string var = cnames::nodes(op.getSymName());
  b.text(op.getAt(), storage(op.getScope()) + "xmp_rt_nodes_t *" + var + ";");
  b.where(op.getAt(), op.getDirective());
  SmallVector<std::string> shape;
  for (const std::string &s : strings(op.getShape()))
    shape.push_back(s == "*" ? "-1" : s);
  if (!op.getSubsetLower()) {
    b.call(execAt(op), "xmp_rt_nodes_create",
           {std::to_string(shape.size()), compoundLiteral("const long", shape),
            cStringLiteral(op.getName()), b.whereRef()},
           var, "xmp_rt_nodes_t *");
    return;
  }
  b.call(execAt(op), "xmp_rt_nodes_create_subset",
         {std::to_string(shape.size()), compoundLiteral("const long", shape),
          op.getParent() ? cnames::nodes(*op.getParent()) : "NULL",
          compoundLiteral("const long", strings(*op.getSubsetLower())),
          compoundLiteral("const long", strings(*op.getSubsetUpper())),
          compoundLiteral("const long", strings(*op.getSubsetStep())),
          cStringLiteral(op.getName()), b.whereRef()},
         var, "xmp_rt_nodes_t *");
}

void lowerTemplate(TemplateOp op, FragmentBuilder &b) {
  std::string var = cnames::templ(op.getSymName());
  b.text(op.getAt(),
         storage(op.getScope()) + "xmp_rt_template_t *" + var + ";");
  b.where(op.getAt(), op.getDirective());
  SmallVector<std::string> lower = strings(op.getLower());
  bool deferred =
      llvm::is_contained(lower, ":"); // the verifier made it all or none
  b.call(execAt(op), "xmp_rt_template_create",
         {std::to_string(lower.size()),
          deferred ? "NULL" : compoundLiteral("const long", lower),
          deferred ? "NULL"
                   : compoundLiteral("const long", strings(op.getUpper())),
          cStringLiteral(op.getName()), b.whereRef()},
         var, "xmp_rt_template_t *");
}

/// The kinds and params arguments of a distribution (distribute,
/// template_fix): compound literals of enum xmp_rt_dist_kind and intptr_t.
std::pair<std::string, std::string> distArgs(ArrayAttr formats,
                                             ArrayAttr parameters) {
  SmallVector<std::string> kinds, params;
  for (auto [f, p] : llvm::zip(strings(formats), strings(parameters))) {
    kinds.push_back(distKind(f));
    // Plain cyclic is cyclic(1); the other formats take no parameter here,
    // nor does gblock(*) (its sizes come with template_fix).
    std::string fallback = f == "cyclic" ? "1" : "0";
    params.push_back(p.empty() || p == "*" ? fallback
                                           : "(intptr_t)(" + p + ")");
  }
  return {compoundLiteral("const int", kinds),
          compoundLiteral("const intptr_t", params)};
}

void lowerDistribute(DistributeOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  auto [kinds, params] = distArgs(op.getFormats(), op.getParams());
  b.call(execAt(op), "xmp_rt_template_distribute",
         {cnames::templ(op.getTmpl()), kinds, params,
          cnames::nodes(op.getOnto()), b.whereRef()});
}

void lowerTemplateFix(TemplateFixOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  std::string kinds = "NULL", params = "NULL";
  if (!op.getFormats().empty())
    std::tie(kinds, params) = distArgs(op.getFormats(), op.getParams());
  // No bounds: the template was declared with them.
  bool bounds = !op.getLower().empty();
  b.call(
      op.getAt(), "xmp_rt_template_fix",
      {cnames::templ(op.getTmpl()), kinds, params,
       bounds ? compoundLiteral("const long", strings(op.getLower())) : "NULL",
       bounds ? compoundLiteral("const long", strings(op.getUpper())) : "NULL",
       b.whereRef()});
}

void lowerAlign(AlignOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  b.call(execAt(op), "xmp_rt_array_create",
         {std::to_string(op.getExtents().size()),
          compoundLiteral("const long", numbers(op.getExtents())),
          "sizeof(" + op.getElemType().str() + ")", cnames::templ(op.getTmpl()),
          compoundLiteral("const int", numbers(op.getTdims())),
          compoundLiteral("const long", strings(op.getOffsets())),
          cStringLiteral(op.getArray()), b.whereRef()},
         cnames::arrayDesc(op.getArray()), "xmp_rt_array_t *");
}

void lowerArrayAlloc(ArrayAllocOp op, FragmentBuilder &b) {
  StringRef array = op.getArray();
  int64_t at = execAt(op);
  if (auto storage = op.getStorage()) {
    b.where(op.getAt(), op.getDirective());
    b.call(at, "xmp_rt_array_attach",
           {cnames::arrayDesc(array), "(void *)(" + storage->str() + ")",
            "&" + cnames::arrayLayout(array), b.whereRef()});
  } else if (auto sizes = op.getSizes()) {
    b.where(op.getAt(), op.getDirective());
    b.call(at, "xmp_rt_array_malloc",
           {cnames::arrayDesc(array),
            compoundLiteral("const long", strings(*sizes)),
            "&" + cnames::arrayLayout(array), b.whereRef()});
  } else {
    b.call(at, "xmp_rt_array_allocate",
           {cnames::arrayDesc(array), "&" + cnames::arrayLayout(array)});
  }
  // The typed pointer lets generated accesses index without casts.
  b.text(at, cnames::arrayAddr(array) + " = (" + op.getElemType().str() +
                 " *)" + cnames::arrayLayout(array) + ".addr;");
  if (op.getExpose()) {
    b.where(op.getAt(), op.getDirective());
    b.call(at, "xmp_rt_array_expose", {cnames::arrayDesc(array), b.whereRef()});
  }
}

void lowerShadow(ShadowOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  b.call(execAt(op), "xmp_rt_array_shadow",
         {cnames::arrayDesc(op.getArray()),
          compoundLiteral("const long", strings(op.getLower())),
          compoundLiteral("const long", strings(op.getUpper())),
          compoundLiteral("const int", numbers(op.getFull())), b.whereRef()});
}

/// The array's storage is declared where the user declared it; its accesses
/// name it by its C name.
void lowerDistArray(DistArrayOp, FragmentBuilder &) {}

} // namespace

std::string xmp::lowering::objectOf(Operation *from, FlatSymbolRefAttr ref) {
  Operation *target = SymbolTable::lookupNearestSymbolFrom(from, ref);
  if (isa_and_nonnull<NodesOp>(target))
    return cnames::nodes(ref.getValue());
  return cnames::templ(ref.getValue());
}

DistArrayOp xmp::lowering::distArrayOf(Operation *from, FlatSymbolRefAttr ref) {
  return dyn_cast_or_null<DistArrayOp>(
      SymbolTable::lookupNearestSymbolFrom(from, ref));
}

void xmp::lowering::populateMappingPatterns(RewritePatternSet &patterns,
                                            LoweringState &state) {
  add<NodesOp, lowerNodes>(patterns, state);
  add<TemplateOp, lowerTemplate>(patterns, state);
  add<DistributeOp, lowerDistribute>(patterns, state);
  add<TemplateFixOp, lowerTemplateFix>(patterns, state);
  add<AlignOp, lowerAlign>(patterns, state);
  add<ArrayAllocOp, lowerArrayAlloc>(patterns, state);
  add<ShadowOp, lowerShadow>(patterns, state);
  add<DistArrayOp, lowerDistArray>(patterns, state);
}
