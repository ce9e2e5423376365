//===- Mapping.cpp - nodes, templates, distributions, aligned arrays
//-------===//
//
// Data-mapping directives declare their runtime objects at `at` (file scope
// or the directive's line) and create them where they run: the directive's
// line, or, at file scope, the file's initialisation (`init_at`).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "CNames.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// A node array's or template's variable. At file scope it is one object for
/// the whole program (every file that declares it, through a header or its own
/// directive, names the same weak variable; xmp_rt_nodes_share and
/// xmp_rt_template_share keep the first file's object and compare the others).
std::string declaration(Scope scope, StringRef type, StringRef var) {
  return (type + " *" + var + (scope == Scope::file ? " __attribute__((weak))" : "") + ";").str();
}

/// `var = create(args);`, or at file scope `var = share(var, create(args));`.
void create(FragmentBuilder &b, int64_t at, Scope scope, StringRef share, StringRef callee,
            ArrayRef<std::string> args, StringRef var, StringRef type) {
  if (scope != Scope::file) {
    b.call(at, callee, args, var, type);
    return;
  }
  std::string made = (callee + "(" + llvm::join(args, ", ") + ")").str();
  b.call(at, share, {var.str(), made}, var, type);
}

/// Where a mapping directive's executable part goes.
template <typename OpT> int64_t execAt(OpT op) {
  return op.getInitAt() ? *op.getInitAt() : op.getAt();
}



void lowerNodes(NodesOp op, FragmentBuilder &b) {
  std::string var = cnames::nodes(op.getSymName());
  b.text(op.getAt(), declaration(op.getScope(), "xmp_rt_nodes_t", var));
  b.where(op.getAt(), op.getDirective());
  SmallVector<std::string> shape;
  for (const std::string &s : strings(op.getShape()))
    shape.push_back(s == "*" ? "-1" : s);
  if (!op.getSubsetLower()) {
    create(b, execAt(op), op.getScope(), "xmp_rt_nodes_share", "xmp_rt_nodes_create",
           {std::to_string(shape.size()), compoundLiteral("const long", shape),
            cStringLiteral(op.getName()), b.whereRef()},
           var, "xmp_rt_nodes_t *");
    return;
  }
  std::string parent = op.getParent() ? cnames::nodes(*op.getParent()) : "NULL";
  create(b, execAt(op), op.getScope(), "xmp_rt_nodes_share", "xmp_rt_nodes_create_subset",
         {std::to_string(shape.size()), compoundLiteral("const long", shape), parent,
          compoundLiteral("const long", nodeBounds(*op.getSubsetLower(), parent)),
          compoundLiteral("const long", nodeBounds(*op.getSubsetUpper(), parent)),
          compoundLiteral("const long", strings(*op.getSubsetStep())), cStringLiteral(op.getName()),
          b.whereRef()},
         var, "xmp_rt_nodes_t *");
}

void lowerTemplate(TemplateOp op, FragmentBuilder &b) {
  std::string var = cnames::templ(op.getSymName());
  b.text(op.getAt(), declaration(op.getScope(), "xmp_rt_template_t", var));
  b.where(op.getAt(), op.getDirective());
  SmallVector<std::string> lower = strings(op.getLower());
  bool deferred = llvm::is_contained(lower, ":"); // the verifier made it all or none
  create(b, execAt(op), op.getScope(), "xmp_rt_template_share", "xmp_rt_template_create",
         {std::to_string(lower.size()), deferred ? "NULL" : compoundLiteral("const long", lower),
          deferred ? "NULL" : compoundLiteral("const long", strings(op.getUpper())),
          cStringLiteral(op.getName()), b.whereRef()},
         var, "xmp_rt_template_t *");
}

/// The kinds and params arguments of a distribution (distribute,
/// template_fix): compound literals of enum xmp_rt_dist_kind and intptr_t.
std::pair<std::string, std::string> distArgs(ArrayAttr formats, ArrayAttr parameters) {
  SmallVector<std::string> kinds, params;
  for (auto [a, p] : llvm::zip(formats, strings(parameters))) {
    DistFormat f = cast<DistFormatAttr>(a).getValue();
    kinds.push_back(cnames::rtDistKind(f));
    // Plain cyclic is cyclic(1); the other formats take no parameter here,
    // nor does gblock(*) (its sizes come with template_fix).
    std::string fallback = f == DistFormat::cyclic ? "1" : "0";
    params.push_back(p.empty() || p == "*" ? fallback : "(intptr_t)(" + p + ")");
  }
  return {compoundLiteral("const int", kinds), compoundLiteral("const intptr_t", params)};
}

void lowerDistribute(DistributeOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  auto [kinds, params] = distArgs(op.getFormats(), op.getParams());
  b.call(execAt(op), "xmp_rt_template_distribute",
         {cnames::templ(op.getTmpl()), kinds, params, cnames::nodes(op.getOnto()), b.whereRef()});
}

void lowerTemplateFix(TemplateFixOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  std::string kinds = "NULL", params = "NULL";
  if (!op.getFormats().empty())
    std::tie(kinds, params) = distArgs(op.getFormats(), op.getParams());
  // No bounds: the template was declared with them.
  bool bounds = !op.getLower().empty();
  b.call(op.getAt(), "xmp_rt_template_fix",
         {cnames::templ(op.getTmpl()), kinds, params,
          bounds ? compoundLiteral("const long", strings(op.getLower())) : "NULL",
          bounds ? compoundLiteral("const long", strings(op.getUpper())) : "NULL", b.whereRef()});
}

void lowerAlign(AlignOp op, FragmentBuilder &b) {
  std::string name = arrayName(op, op.getArrayAttr());
  // Another file creates and lays out an external array; this file's mapping
  // of it is checked against that one at start-up.
  if (distArrayOf(op, op.getArrayAttr()).getExternal()) {
    b.where(op.getAt(), op.getDirective());
    b.call(execAt(op), "xmp_rt_array_declare_extern",
           {"&" + cnames::arrayDesc(name), std::to_string(op.getExtents().size()),
            compoundLiteral("const long", numbers(op.getExtents())),
            "sizeof(" + op.getElemType().str() + ")", cnames::templ(op.getTmpl()),
            compoundLiteral("const int", numbers(op.getTdims())),
            compoundLiteral("const long", strings(op.getOffsets())), cStringLiteral(name),
            b.whereRef()});
    return;
  }
  b.where(op.getAt(), op.getDirective());
  b.call(execAt(op), "xmp_rt_array_create",
         {std::to_string(op.getExtents().size()),
          compoundLiteral("const long", numbers(op.getExtents())),
          "sizeof(" + op.getElemType().str() + ")", cnames::templ(op.getTmpl()),
          compoundLiteral("const int", numbers(op.getTdims())),
          compoundLiteral("const long", strings(op.getOffsets())), cStringLiteral(name),
          b.whereRef()},
         cnames::arrayDesc(name), "xmp_rt_array_t *");
  if (std::optional<ScalarType> type = op.getScalarType())
    b.call(execAt(op), "xmp_rt_array_set_type", {cnames::arrayDesc(name), cnames::rtType(*type)});
}

/// `addr = (T *)layout.addr;`: the typed pointer generated accesses index
/// without casts.
void typedAddress(FragmentBuilder &b, int64_t at, DistArrayOp array) {
  b.text(at, cnames::arrayAddr(array.getName()) + " = (" + array.getElemType().str() + " *)" +
                 cnames::arrayLayout(array.getName()) + ".addr;");
}

void lowerArrayAlloc(ArrayAllocOp op, FragmentBuilder &b) {
  DistArrayOp array = distArrayOf(op, op.getArrayAttr());
  if (array.getExternal())
    return;
  StringRef name = array.getName();
  int64_t at = execAt(op);
  if (op.getParameter()) {
    b.where(op.getAt(), op.getDirective());
    b.call(at, "xmp_rt_array_attach",
           {cnames::arrayDesc(name), "(void *)(" + name.str() + ")",
            "&" + cnames::arrayLayout(name), b.whereRef()});
  } else if (op.getVla()) {
    SmallVector<std::string> sizes;
    for (int64_t d = 0; d < static_cast<int64_t>(array.getRank()); ++d)
      sizes.push_back(cnames::arraySizes(name) + "[" + std::to_string(d) + "]");
    b.where(op.getAt(), op.getDirective());
    b.call(at, "xmp_rt_array_malloc",
           {cnames::arrayDesc(name), compoundLiteral("const long", sizes),
            "&" + cnames::arrayLayout(name), b.whereRef()});
  } else {
    b.call(at, "xmp_rt_array_allocate", {cnames::arrayDesc(name), "&" + cnames::arrayLayout(name)});
  }
  typedAddress(b, at, array);
  if (op.getExpose()) {
    b.where(op.getAt(), op.getDirective());
    b.call(at, "xmp_rt_array_expose", {cnames::arrayDesc(name), b.whereRef()});
  }
}

void lowerShadow(ShadowOp op, FragmentBuilder &b) {
  bool external = distArrayOf(op, op.getArrayAttr()).getExternal();
  b.where(op.getAt(), op.getDirective());
  b.call(execAt(op), external ? "xmp_rt_array_extern_shadow" : "xmp_rt_array_shadow",
         {(external ? "&" : "") + cnames::arrayDesc(arrayName(op, op.getArrayAttr())),
          compoundLiteral("const long", strings(op.getLower())),
          compoundLiteral("const long", strings(op.getUpper())),
          compoundLiteral("const int", numbers(op.getFull())), b.whereRef()});
}

/// The array's storage, declared in place of the user's declarator (no ';':
/// the declaration's own ends it), at the start of its function for a
/// parameter; a local array's storage goes where its block ends.
void lowerDistArray(DistArrayOp op, FragmentBuilder &b) {
  StringRef name = op.getName();
  std::string elem = op.getElemType().str();
  std::string pointer = elem + " *" + cnames::arrayAddr(name);
  std::string desc = "xmp_rt_array_t *" + cnames::arrayDesc(name);
  std::string layout = "xmp_rt_layout_t " + cnames::arrayLayout(name);
  // Weak: a program where no file defines the array links, and stops at
  // start-up saying so (xmp_rt_array_declare_extern).
  std::string weak = " __attribute__((weak))";
  std::string externs = "extern " + pointer + weak + "; extern " + desc + weak + "; extern " +
                        layout + weak;
  if (auto others = op.getExternAt())
    for (int64_t at : *others)
      b.text(at, externs);
  if (auto at = op.getDeclAt(); at && op.getExternal()) {
    b.text(*at, externs);
  } else if (at) {
    std::string storage = op.getIsStatic() ? "static " : "";
    std::string text = storage + pointer + "; " + storage + desc + "; " + storage + layout;
    // A variable-length array's sizes, evaluated here as C does.
    if (auto sizes = op.getSizes())
      text += "; const long " + cnames::arraySizes(name) + "[] = {(" +
              llvm::join(strings(*sizes), "), (") + ")}";
    b.text(*at, text);
  }
  if (auto at = op.getParamAt())
    b.text(*at, pointer + "; " + desc + "; " + layout + ";");
  if (auto at = op.getFreeAt())
    b.call(*at, "xmp_rt_array_free", {cnames::arrayDesc(name)});
}

/// `a = xmp_malloc(xmp_desc_of(a), n...)`: the allocation, its layout, the
/// typed pointer (the assignment's value); the remote side of a one-sided
/// gmove gets its window once it has storage.
void lowerAlloc(AllocOp op, FragmentBuilder &b) {
  DistArrayOp array = distArrayOf(op, op.getArrayAttr());
  StringRef name = array.getName();
  std::string extents;
  for (const std::string &s : strings(op.getSizes()))
    extents += (extents.empty() ? "(" : ", (") + s + ")";
  std::string text = "(xmp_rt_array_malloc(" + cnames::arrayDesc(name) + ", (const long[]){" +
                     extents + "}, &" + cnames::arrayLayout(name) + ", NULL), " +
                     cnames::arrayAddr(name) + " = (" + array.getElemType().str() + " *)" +
                     cnames::arrayLayout(name) + ".addr)";
  if (op.getExpose())
    text = "(" + text + ", xmp_rt_array_expose(" + cnames::arrayDesc(name) + ", NULL), " +
           cnames::arrayAddr(name) + ")";
  b.text(op.getAt(), text);
}

void lowerDealloc(DeallocOp op, FragmentBuilder &b) {
  b.text(op.getAt(),
         "xmp_rt_array_deallocate(" + cnames::arrayDesc(arrayName(op, op.getArrayAttr())) + ")");
}

/// `xmp_desc_of(x)`: the runtime's descriptor of x, typed by what x is.
void lowerDescOf(DescOfOp op, FragmentBuilder &b) {
  Operation *target = SymbolTable::lookupNearestSymbolFrom(op, op.getOfAttr());
  std::string text;
  if (auto array = dyn_cast<DistArrayOp>(target))
    text = "xmp_rt_desc(" + cnames::arrayDesc(array.getName()) + ", XMP_RT_DESC_ARRAY)";
  else if (isa<NodesOp>(target))
    text = "xmp_rt_desc(" + cnames::nodes(op.getOf()) + ", XMP_RT_DESC_NODES)";
  else
    text = "xmp_rt_desc(" + cnames::templ(op.getOf()) + ", XMP_RT_DESC_TEMPLATE)";
  b.text(op.getAt(), text);
}

void lowerStorage(StorageOp op, FragmentBuilder &b) {
  b.text(op.getAt(), "((void *)" + cnames::arrayAddr(arrayName(op, op.getArrayAttr())) + ")");
}

} // namespace

std::string xmp::lowering::objectOf(Operation *from, FlatSymbolRefAttr ref) {
  Operation *target = SymbolTable::lookupNearestSymbolFrom(from, ref);
  if (isa_and_nonnull<NodesOp>(target))
    return cnames::nodes(ref.getValue());
  return cnames::templ(ref.getValue());
}

DistArrayOp xmp::lowering::distArrayOf(Operation *from, FlatSymbolRefAttr ref) {
  return dyn_cast_or_null<DistArrayOp>(SymbolTable::lookupNearestSymbolFrom(from, ref));
}

std::string xmp::lowering::arrayName(Operation *from, FlatSymbolRefAttr ref) {
  return distArrayOf(from, ref).getName().str();
}

SmallVector<std::string> xmp::lowering::nodeBounds(ArrayAttr bounds, const std::string &nodes) {
  SmallVector<std::string> out;
  for (auto [d, a] : llvm::enumerate(bounds)) {
    std::string dim = std::to_string(d);
    if (isa<NodeCoordAttr>(a))
      out.push_back("xmp_rt_nodes_coord(" + nodes + ", " + dim + ")");
    else if (isa<LastIndexAttr>(a))
      out.push_back("xmp_rt_nodes_size(" + nodes + ", " + dim + ") - 1");
    else
      out.push_back(cast<StringAttr>(a).getValue().str());
  }
  return out;
}

void xmp::lowering::populateMappingPatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<NodesOp, lowerNodes>(patterns, state);
  add<TemplateOp, lowerTemplate>(patterns, state);
  add<DistributeOp, lowerDistribute>(patterns, state);
  add<TemplateFixOp, lowerTemplateFix>(patterns, state);
  add<AlignOp, lowerAlign>(patterns, state);
  add<ArrayAllocOp, lowerArrayAlloc>(patterns, state);
  add<ShadowOp, lowerShadow>(patterns, state);
  add<DistArrayOp, lowerDistArray>(patterns, state);
  add<AllocOp, lowerAlloc>(patterns, state);
  add<DeallocOp, lowerDealloc>(patterns, state);
  add<DescOfOp, lowerDescOf>(patterns, state);
  add<StorageOp, lowerStorage>(patterns, state);
}
