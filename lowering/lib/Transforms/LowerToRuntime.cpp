//===- LowerToRuntime.cpp - xmp ops to libxmp calls -----------------------===//
//
// Each directive becomes the declarations it needs and the calls into the
// runtime ABI of runtime/include/xmp_rt.h. Arguments are C expressions; the
// arrays the ABI takes are passed as C99 compound literals, so no temporaries
// need names.
//
//===----------------------------------------------------------------------===//

#include "xmp/Dialect/XMPDialect.h"
#include "xmp/Target/CNames.h"
#include "xmp/Transforms/Passes.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include <set>

using namespace mlir;
using namespace xmp;

namespace {

std::string cStringLiteral(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}

/// "(T[]){a, b}" with each element parenthesised; T is given whole
/// ("const long", "void *const").
std::string compoundLiteral(StringRef elemType, ArrayRef<std::string> elems) {
  std::string out = ("(" + elemType + "[]){").str();
  for (size_t i = 0; i < elems.size(); ++i)
    out += (i ? ", (" : "(") + elems[i] + ")";
  return out + "}";
}

SmallVector<std::string> strings(ArrayAttr attr) {
  SmallVector<std::string> out;
  for (Attribute a : attr)
    out.push_back(cast<StringAttr>(a).getValue().str());
  return out;
}

SmallVector<std::string> numbers(ArrayRef<int64_t> values) {
  SmallVector<std::string> out;
  for (int64_t v : values)
    out.push_back(std::to_string(v));
  return out;
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

std::string reduceOp(StringRef kind) {
  return llvm::StringSwitch<std::string>(kind)
      .Case("+", "XMP_RT_OP_SUM")
      .Case("*", "XMP_RT_OP_PROD")
      .Case("-", "XMP_RT_OP_MINUS")
      .Case("&", "XMP_RT_OP_BAND")
      .Case("|", "XMP_RT_OP_BOR")
      .Case("^", "XMP_RT_OP_BXOR")
      .Case("&&", "XMP_RT_OP_LAND")
      .Case("||", "XMP_RT_OP_LOR")
      .Case("max", "XMP_RT_OP_MAX")
      .Case("min", "XMP_RT_OP_MIN")
      .Case("firstmax", "XMP_RT_OP_FIRSTMAX")
      .Case("firstmin", "XMP_RT_OP_FIRSTMIN")
      .Case("lastmax", "XMP_RT_OP_LASTMAX")
      .Case("lastmin", "XMP_RT_OP_LASTMIN")
      .Default(""); // unreachable: the verifier checked the kind
}

/// Builds the lowered ops of one site, tagging each with site and part.
class SiteBuilder {
public:
  /// `described` holds the sites whose source record exists already: one
  /// directive may lower to several ops (a loop's reduction clauses).
  SiteBuilder(Operation *op, int64_t site, std::set<int64_t> &described)
      : builder(op), loc(op->getLoc()), site(site), described(described) {}

  /// A C declaration or statement, verbatim, in the given part.
  void text(StringRef part, const Twine &text) {
    tag(builder.create<emitc::VerbatimOp>(loc, builder.getStringAttr(text)),
        part);
  }
  void decl(const Twine &text) { this->text("decl", text); }

  void call(StringRef part, StringRef callee, ArrayRef<std::string> args,
            StringRef assignTo = {}, StringRef resultType = {}) {
    SmallVector<Attribute> argAttrs;
    for (const std::string &a : args)
      argAttrs.push_back(emitc::OpaqueAttr::get(builder.getContext(), a));
    SmallVector<Type> results;
    if (!assignTo.empty())
      results.push_back(emitc::OpaqueType::get(builder.getContext(), resultType));
    auto call = builder.create<emitc::CallOpaqueOp>(
        loc, results, callee, ValueRange{}, builder.getArrayAttr(argAttrs));
    if (!assignTo.empty())
      call->setAttr("xmp.assign_to", builder.getStringAttr(assignTo));
    tag(call, part);
  }

  /// The static record runtime errors quote for this directive.
  void where(StringRef directive) {
    if (!described.insert(site).second)
      return;
    FileLineColLoc flc = dyn_cast<FileLineColLoc>(loc);
    std::string file = flc ? flc.getFilename().str() : "<unknown>";
    unsigned line = flc ? flc.getLine() : 0;
    decl("static const xmp_rt_srcloc_t " + cnames::where(site) + " = {" +
         cStringLiteral(file) + ", " + std::to_string(line) + ", " +
         cStringLiteral(directive) + "};");
  }
  std::string whereRef() const { return "&" + cnames::where(site); }

private:
  void tag(Operation *op, StringRef part) {
    op->setAttr("xmp.site", builder.getI64IntegerAttr(site));
    op->setAttr("xmp.part", builder.getStringAttr(part));
  }
  OpBuilder builder;
  Location loc;
  int64_t site;
  std::set<int64_t> &described;
};

std::string storage(StringRef scope) {
  return scope == "file" ? "static " : "";
}

/// The C object a symbol reference names: a template or a node array.
std::string objectOf(Operation *from, FlatSymbolRefAttr ref) {
  Operation *target = SymbolTable::lookupNearestSymbolFrom(from, ref);
  if (isa_and_nonnull<NodesOp>(target))
    return cnames::nodes(ref.getValue());
  return cnames::templ(ref.getValue());
}

void lower(NodesOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  std::string var = cnames::nodes(op.getSymName());
  b.decl(storage(op.getScope()) + "xmp_rt_nodes_t *" + var + ";");
  b.where(op.getDirective());
  SmallVector<std::string> shape;
  for (const std::string &s : strings(op.getShape()))
    shape.push_back(s == "*" ? "-1" : s);
  if (!op.getSubsetLower()) {
    b.call("exec", "xmp_rt_nodes_create",
           {std::to_string(shape.size()), compoundLiteral("const long", shape),
            cStringLiteral(op.getName()), b.whereRef()},
           var, "xmp_rt_nodes_t *");
    return;
  }
  b.call("exec", "xmp_rt_nodes_create_subset",
         {std::to_string(shape.size()), compoundLiteral("const long", shape),
          op.getParent() ? cnames::nodes(*op.getParent()) : "NULL",
          compoundLiteral("const long", strings(*op.getSubsetLower())),
          compoundLiteral("const long", strings(*op.getSubsetUpper())),
          compoundLiteral("const long", strings(*op.getSubsetStep())),
          cStringLiteral(op.getName()), b.whereRef()},
         var, "xmp_rt_nodes_t *");
}

void lower(TaskOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  Operation *target = SymbolTable::lookupNearestSymbolFrom(op, op.getOnAttr());
  bool nodes = isa<NodesOp>(target);
  std::string member = cnames::taskMember(op.getSite());
  b.call("exec", "xmp_rt_task_begin_" + std::string(nodes ? "nodes" : "template"),
         {objectOf(op, op.getOnAttr()), compoundLiteral("const long", strings(op.getLower())),
          compoundLiteral("const long", strings(op.getUpper())),
          compoundLiteral("const long", strings(op.getStep())), b.whereRef()},
         "int " + member, "int");
  b.text("exec", "if (" + member + ") {");
  b.call("post", "xmp_rt_task_end", {});
  b.text("post", "}");
}

void lower(TemplateOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  std::string var = cnames::templ(op.getSymName());
  b.decl(storage(op.getScope()) + "xmp_rt_template_t *" + var + ";");
  b.where(op.getDirective());
  SmallVector<std::string> lower = strings(op.getLower());
  bool deferred = llvm::is_contained(lower, ":"); // the verifier made it all or none
  b.call("exec", "xmp_rt_template_create",
         {std::to_string(lower.size()),
          deferred ? "NULL" : compoundLiteral("const long", lower),
          deferred ? "NULL" : compoundLiteral("const long", strings(op.getUpper())),
          cStringLiteral(op.getName()), b.whereRef()},
         var, "xmp_rt_template_t *");
}

/// The kinds and params arguments of a distribution (distribute,
/// template_fix): compound literals of enum xmp_rt_dist_kind and intptr_t.
std::pair<std::string, std::string> distArgs(ArrayAttr formats, ArrayAttr parameters) {
  SmallVector<std::string> kinds, params;
  for (auto [f, p] : llvm::zip(strings(formats), strings(parameters))) {
    kinds.push_back(distKind(f));
    // Plain cyclic is cyclic(1); the other formats take no parameter here,
    // nor does gblock(*) (its sizes come with template_fix).
    std::string fallback = f == "cyclic" ? "1" : "0";
    params.push_back(p.empty() || p == "*" ? fallback : "(intptr_t)(" + p + ")");
  }
  return {compoundLiteral("const int", kinds), compoundLiteral("const intptr_t", params)};
}

void lower(DistributeOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  auto [kinds, params] = distArgs(op.getFormats(), op.getParams());
  b.call("exec", "xmp_rt_template_distribute",
         {cnames::templ(op.getTmpl()), kinds, params, cnames::nodes(op.getOnto()),
          b.whereRef()});
}

void lower(TemplateFixOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  std::string kinds = "NULL", params = "NULL";
  if (!op.getFormats().empty())
    std::tie(kinds, params) = distArgs(op.getFormats(), op.getParams());
  // No bounds: the template was declared with them.
  bool bounds = !op.getLower().empty();
  b.call("exec", "xmp_rt_template_fix",
         {cnames::templ(op.getTmpl()), kinds, params,
          bounds ? compoundLiteral("const long", strings(op.getLower())) : "NULL",
          bounds ? compoundLiteral("const long", strings(op.getUpper())) : "NULL",
          b.whereRef()});
}

void lower(AlignOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  std::string desc = cnames::arrayDesc(op.getArray());
  b.call("exec", "xmp_rt_array_create",
         {std::to_string(op.getExtents().size()),
          compoundLiteral("const long", numbers(op.getExtents())),
          "sizeof(" + op.getElemType().str() + ")",
          cnames::templ(op.getTmpl()),
          compoundLiteral("const int", numbers(op.getTdims())),
          compoundLiteral("const long", strings(op.getOffsets())),
          cStringLiteral(op.getArray()), b.whereRef()},
         desc, "xmp_rt_array_t *");
}

void lower(ArrayAllocOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  StringRef array = op.getArray();
  if (auto storage = op.getStorage()) {
    b.where(op.getDirective());
    b.call("exec", "xmp_rt_array_attach",
           {cnames::arrayDesc(array), "(void *)(" + storage->str() + ")",
            "&" + cnames::arrayLayout(array), b.whereRef()});
  } else if (auto sizes = op.getSizes()) {
    b.where(op.getDirective());
    b.call("exec", "xmp_rt_array_malloc",
           {cnames::arrayDesc(array), compoundLiteral("const long", strings(*sizes)),
            "&" + cnames::arrayLayout(array), b.whereRef()});
  } else {
    b.call("exec", "xmp_rt_array_allocate",
           {cnames::arrayDesc(array), "&" + cnames::arrayLayout(array)});
  }
  // The typed pointer lets generated accesses index without casts.
  b.text("exec", cnames::arrayAddr(array) + " = (" + op.getElemType().str() +
                     " *)" + cnames::arrayLayout(array) + ".addr;");
  if (op.getExpose()) {
    b.where(op.getDirective());
    b.call("exec", "xmp_rt_array_expose", {cnames::arrayDesc(array), b.whereRef()});
  }
}

/// Declares loop dimension k's local bounds (lb, ub, st) in `part` and returns
/// the leading arguments of the runtime calls that compute them: the
/// template or node array, its dimension, the offset and the global bounds.
std::vector<std::string> boundsArgs(SiteBuilder &b, StringRef part, const std::string &tmpl,
                                    int64_t site, unsigned k, int64_t tdim,
                                    const std::string &offset, const std::string &lower,
                                    const std::string &upper, const std::string &step) {
  b.text(part, "long " + cnames::loopBound(site, k, "lb") + ", " +
                   cnames::loopBound(site, k, "ub") + ", " +
                   cnames::loopBound(site, k, "st") + ";");
  return {tmpl, std::to_string(tdim), "(" + offset + ")", "(" + lower + ")",
          "(" + upper + ")", "(" + step + ")"};
}

/// Computes loop dimension k's local bounds into the variables boundsArgs
/// declared, from the leading arguments `args`. A cyclic(w) dimension gives one
/// progression per owned block: an outer loop over the blocks is opened in
/// `part` and closed in `closePart` (or, when closePart is empty, by the text
/// left in *closing).
void localBounds(SiteBuilder &b, StringRef part, StringRef closePart, int64_t site, unsigned k,
                 std::vector<std::string> args, bool cyclic, bool onNodes,
                 std::string *closing = nullptr) {
  std::string lb = cnames::loopBound(site, k, "lb"), ub = cnames::loopBound(site, k, "ub"),
              st = cnames::loopBound(site, k, "st");
  if (!cyclic) {
    args.insert(args.end(), {"&" + lb, "&" + ub, "&" + st});
    b.call(part, onNodes ? "xmp_rt_loop_bounds_nodes" : "xmp_rt_loop_bounds", args);
    return;
  }
  std::string blocks = cnames::loopBound(site, k, "nb"), block = cnames::loopBound(site, k, "b");
  b.call(part, "xmp_rt_loop_block_count", args, "long " + blocks, "long");
  b.text(part, "for (long " + block + " = 0; " + block + " < " + blocks + "; ++" + block +
                   ") {");
  args.insert(args.end(), {block, "&" + lb, "&" + ub, "&" + st});
  b.call(part, "xmp_rt_loop_block", args);
  if (closing)
    *closing = "}";
  else
    b.text(closePart, "}");
}

void lower(LoopOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  auto lower = strings(op.getLower()), upper = strings(op.getUpper()),
       step = strings(op.getStep()), offsets = strings(op.getOffsets());
  // A loop on a node array: each iteration runs on the node it names.
  bool onNodes = isa_and_nonnull<NodesOp>(
      SymbolTable::lookupNearestSymbolFrom(op, op.getTmplAttr()));
  std::string tmpl = objectOf(op, op.getTmplAttr());
  std::string piece = cnames::loopPiece(op.getSite());
  if (op.getExtent()) {
    // The nest runs once per piece: -1 the changed range (expand,
    // peel_and_wait), 0 .. 2n-1 the margin (margin, peel_and_wait, after the
    // wait); "close" ends the piece loop after the nest.
    b.where(op.getDirective());
    StringRef extent = *op.getExtent();
    std::string pieces = std::to_string(2 * lower.size());
    b.text("decl", "for (int " + piece + " = " + (extent == "margin" ? "0" : "-1") + "; " +
                       piece + " < " + (extent == "expand" ? "0" : pieces) + "; ++" + piece +
                       ") {");
    if (extent == "peel_and_wait")
      b.text("decl", "if (" + piece + " == 0) xmp_rt_wait_async((" +
                         op.getAsync()->str() + "), " + b.whereRef() + ");");
    b.text("close", "}");
  }
  for (unsigned k = 0; k < lower.size(); ++k) {
    // Declared next to the call, inside the block the frontend opens around
    // loop k, so that inner bounds may use outer indices.
    std::string part = "pre" + std::to_string(k);
    std::vector<std::string> args = boundsArgs(b, part, tmpl, op.getSite(), k,
                                               op.getTdims()[k], offsets[k], lower[k],
                                               upper[k], step[k]);
    if (op.getExtent()) {
      std::string lb = cnames::loopBound(op.getSite(), k, "lb"),
                  ub = cnames::loopBound(op.getSite(), k, "ub"),
                  st = cnames::loopBound(op.getSite(), k, "st");
      args.insert(args.end(), {"(" + strings(*op.getExtendLo())[k] + ")",
                               "(" + strings(*op.getExtendHi())[k] + ")",
                               std::to_string((*op.getUnbound())[k]), piece,
                               std::to_string(k), "&" + lb, "&" + ub, "&" + st,
                               b.whereRef()});
      b.call(part, "xmp_rt_loop_bounds_extent", args);
      continue;
    }
    bool cyclic = op.getCyclic() && (*op.getCyclic())[k] != 0;
    localBounds(b, part, "post" + std::to_string(k), op.getSite(), k, args, cyclic,
                onNodes);
  }
}

/// `array on t(...)`: one loop per template dimension over this node's part
/// of the section, the statement inside. A local array assignment is its
/// block.
void lower(ArrayOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  if (!op.getTmpl()) { // local: the block as it is
    b.text("exec", op.getBody());
    return;
  }
  auto vars = strings(op.getVars()), lower = strings(op.getLower()),
       upper = strings(op.getUpper()), step = strings(op.getStep());
  std::string tmpl = cnames::templ(*op.getTmpl());
  b.text("exec", "{");
  std::string close;
  for (unsigned k = 0; k < vars.size(); ++k) {
    std::vector<std::string> args = boundsArgs(b, "exec", tmpl, op.getSite(), k, k, "0",
                                               lower[k], upper[k], step[k]);
    std::string closing;
    localBounds(b, "exec", "", op.getSite(), k, args, op.getCyclic()[k] != 0, false,
                &closing);
    std::string lb = cnames::loopBound(op.getSite(), k, "lb"),
                ub = cnames::loopBound(op.getSite(), k, "ub"),
                st = cnames::loopBound(op.getSite(), k, "st");
    b.text("exec", "for (long " + vars[k] + " = " + lb + "; " + st + " > 0 ? " + vars[k] +
                       " <= " + ub + " : " + vars[k] + " >= " + ub + "; " + vars[k] +
                       " += " + st + ") {");
    close = "}" + closing + close;
  }
  b.text("exec", op.getBody());
  b.text("exec", close + "}");
}

/// args, then more.
std::vector<std::string> concat(std::vector<std::string> args,
                                std::initializer_list<std::string> more) {
  args.insert(args.end(), more);
  return args;
}

/// The variable, count, type and operator arguments of variable k of a reduction: a C array
/// (or an array parameter, a pointer) is its elements' address.
template <typename ReduceOp> std::vector<std::string> reduceArgs(ReduceOp op, size_t k) {
  std::string var = strings(op.getVars())[k];
  int64_t count = op.getCounts() ? (*op.getCounts())[k] : 0;
  return {count > 0 ? "(" + var + ")" : "&(" + var + ")", std::to_string(count > 0 ? count : 1),
          strings(op.getTypes())[k], reduceOp(op.getKind())};
}

/// The value, type, operator and location-variable arguments of a firstmax ... reduction.
template <typename ReduceOp> std::vector<std::string> locArgs(ReduceOp op) {
  SmallVector<std::string> addrs, sizes;
  for (const std::string &l : strings(*op.getLocs())) {
    addrs.push_back("&(" + l + ")");
    sizes.push_back("sizeof(" + l + ")");
  }
  return {"&(" + strings(op.getVars()).front() + ")", strings(op.getTypes()).front(),
          reduceOp(op.getKind()), std::to_string(addrs.size()),
          compoundLiteral("void *const", addrs), compoundLiteral("const size_t", sizes)};
}

void lower(ReductionOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  std::string tmpl = "NULL", nodes = "NULL";
  if (auto on = op.getOnAttr()) {
    Operation *target = SymbolTable::lookupNearestSymbolFrom(op, on);
    (isa<NodesOp>(target) ? nodes : tmpl) = objectOf(op, on);
  }
  if (op.getLocs() && !op.getLocs()->empty()) {
    bool loop = op.getLoop();
    std::vector<std::string> args = locArgs(op);
    // A loop's: ties between nodes by the iteration order its tracker recorded.
    b.call("exec", loop ? "xmp_rt_reduce_loc_loop" : "xmp_rt_reduce_loc",
           concat(args, {tmpl, nodes, b.whereRef()}));
    if (loop)
      b.call("exec", "xmp_rt_reduce_loc_end", concat(args, {b.whereRef()}));
  } else {
    // acc: the same call on the variables' current copies (device replicate).
    StringRef fn = op.getAcc() ? "xmp_rt_reduce_acc" : "xmp_rt_reduce";
    for (size_t k = 0; k < op.getVars().size(); ++k)
      b.call("exec", fn, concat(reduceArgs(op, k), {tmpl, nodes, b.whereRef()}));
  }
}

/// In the loop's "decl" part, which the loop pragma's block opens with, before the loop op's
/// own (an expand / margin loop's pieces begin there).
/// With an iteration order, a tracker follows the begin, and the "step" part, which the
/// frontend puts before the increment of the nest's innermost distributed loop (so that a
/// `continue` reaches it), records the iteration's position when it changed the variables.
void lower(ReductionBeginOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  std::vector<std::string> args = locArgs(op);
  b.call("decl", "xmp_rt_reduce_loc_begin", concat(args, {b.whereRef()}));
  if (!op.getOrder())
    return;
  // The n-th location reduction of this loop (each has its own op).
  unsigned n = 0;
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
    if (auto other = dyn_cast<ReductionBeginOp>(prev); other && other.getSite() == op.getSite())
      ++n;
  std::string track = cnames::locTrack(op.getSite(), n);
  SmallVector<std::string> order = strings(*op.getOrder());
  b.call("decl", "xmp_rt_reduce_loc_order",
         {args[0], args[1], args[2], std::to_string(order.size()), b.whereRef()},
         "xmp_rt_loc_track_t *" + track, "xmp_rt_loc_track_t *");
  b.text("step", "xmp_rt_loc_step(" + track + ", " + compoundLiteral("const long", order) +
                     "),");
}

void lower(BarrierOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.call("exec", "xmp_rt_barrier",
         {op.getOnAttr() ? objectOf(op, op.getOnAttr()) : "NULL"});
}

/// "(const long[]){...}" of a width list, or "NULL" for the declared widths.
std::string widthsOrNull(ArrayAttr widths) {
  return widths.empty() ? "NULL" : compoundLiteral("const long", strings(widths));
}

/// An optional async id as a runtime argument: the id expression, or -1 for none.
std::string asyncArg(std::optional<StringRef> id) {
  return id ? "(" + id->str() + ")" : "-1";
}

/// head, then the halo arguments shared by reflect, reflect_init and reduce_shadow: lower and
/// upper widths (NULL: the declared ones) and the periodic flags per dimension (NULL: none).
template <typename HaloOp>
std::vector<std::string> haloArgs(HaloOp op, std::vector<std::string> head) {
  bool anyPeriodic = llvm::any_of(op.getPeriodic(), [](int64_t p) { return p != 0; });
  head.push_back(widthsOrNull(op.getLower()));
  head.push_back(widthsOrNull(op.getUpper()));
  head.push_back(anyPeriodic ? compoundLiteral("const int", numbers(op.getPeriodic())) : "NULL");
  return head;
}

void lower(ShadowOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  b.call("exec", "xmp_rt_array_shadow",
         {cnames::arrayDesc(op.getArray()),
          compoundLiteral("const long", strings(op.getLower())),
          compoundLiteral("const long", strings(op.getUpper())),
          compoundLiteral("const int", numbers(op.getFull())), b.whereRef()});
}

void lower(ReflectOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  b.call("exec", "xmp_rt_reflect",
         concat(haloArgs(op, {cnames::arrayDesc(op.getArray())}),
                {op.getAcc() ? "1" : "0", asyncArg(op.getAsync()), b.whereRef()}));
}

void lower(ReduceShadowOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  b.call("exec", "xmp_rt_reduce_shadow",
         concat(haloArgs(op, {cnames::arrayDesc(op.getArray()), op.getType().str()}),
                {asyncArg(op.getAsync()), b.whereRef()}));
}

void lower(ReflectInitOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  b.call("exec", "xmp_rt_reflect_init",
         concat(haloArgs(op, {cnames::arrayDesc(op.getArray())}),
                {op.getAcc() ? "1" : "0", b.whereRef()}));
}

void lower(ReflectDoOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  b.call("exec", "xmp_rt_reflect_do",
         {cnames::arrayDesc(op.getArray()), op.getAcc() ? "1" : "0", asyncArg(op.getAsync()),
          b.whereRef()});
}

void lower(WaitAsyncOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  for (const std::string &id : strings(op.getIds()))
    b.call("exec", "xmp_rt_wait_async", {"(" + id + ")", b.whereRef()});
}

void lower(BcastOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  std::string nodes = op.getOnAttr() ? cnames::nodes(op.getOnAttr().getValue()) : "NULL";
  std::string root =
      op.getRoot().empty() ? "NULL" : compoundLiteral("const int", strings(op.getRoot()));
  auto vars = strings(op.getVars());
  for (size_t k = 0; k < vars.size(); ++k) {
    const std::string &var = vars[k];
    auto section = op.getSections() ? dyn_cast<DictionaryAttr>((*op.getSections())[k])
                                    : DictionaryAttr();
    if (!section || section.empty()) {
      b.call("exec", op.getAcc() ? "xmp_rt_bcast_acc" : "xmp_rt_bcast",
             {"&(" + var + ")", "sizeof(" + var + ")", nodes, root, b.whereRef()});
      continue;
    }
    auto extents = section.getAs<DenseI64ArrayAttr>("extents");
    auto lit = [&](StringRef key) {
      return compoundLiteral("const long", strings(section.getAs<ArrayAttr>(key)));
    };
    b.call("exec", "xmp_rt_bcast_section",
           {"(void *)(" + var + ")", std::to_string(extents.size()),
            compoundLiteral("const long", numbers(extents.asArrayRef())),
            "sizeof(" + section.getAs<StringAttr>("elem").getValue().str() + ")", lit("lb"),
            lit("len"), lit("st"), nodes, root, b.whereRef()});
  }
}

/// The xmp_rt_section_t initializer of one gmove side.
/// `device replicate`: a block in which the arrays are registered with the
/// device layer; the frontend places "post" after the block.
void lower(DeviceReplicateOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  b.text("exec", "{");
  auto arrays = strings(op.getArrays()), handles = strings(op.getHandles()),
       elems = strings(op.getElemTypes());
  for (size_t k = 0; k < arrays.size(); ++k) {
    bool distributed = op.getDistributed()[k] != 0;
    std::string addr = distributed ? cnames::arrayLayout(arrays[k]) + ".addr"
                                   : "(void *)(" + arrays[k] + ")";
    std::string bytes = distributed ? "xmp_rt_array_storage_bytes(" +
                                          cnames::arrayDesc(arrays[k]) + ")"
                                    : "sizeof(" + arrays[k] + ")";
    b.call("exec", "xmp_dev_replicate",
           {addr, bytes, "sizeof(" + elems[k] + ")", cStringLiteral(arrays[k]),
            b.whereRef()},
           "xmp_dev_data_t *" + handles[k], "xmp_dev_data_t *");
  }
  for (size_t k = arrays.size(); k-- > 0;)
    b.call("post", "xmp_dev_release", {handles[k]});
  b.text("post", "}");
}

void lower(DeviceSyncOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  for (const std::string &h : strings(op.getHandles()))
    b.call("exec", "xmp_dev_sync_" + op.getDirection().str(), {h, b.whereRef()});
}

void lower(DeviceResetWeightOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  b.call("exec", "xmp_dev_reset_weight",
         {"(double)(" + op.getWeight().str() + ")", b.whereRef()});
}

/// How a device loop's task results combine: `acc = acc op part`.
std::string combine(StringRef kind, const std::string &acc, const std::string &part) {
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
void lower(DeviceLoopOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  int64_t site = op.getSite();
  b.where(op.getDirective());
  auto name = [&](StringRef part) { return cnames::deviceLoop(site, part); };
  b.text("exec", "{");
  b.text("exec", "static xmp_dev_loop_t *" + name("state") + ";");
  auto lower = strings(op.getLower()), upper = strings(op.getUpper()),
       step = strings(op.getStep()), offsets = strings(op.getOffsets());
  std::string tmpl = cnames::templ(op.getTmpl());
  std::string args = name("a");
  b.text("exec", "struct " + name("args") + " " + args + ";");
  for (unsigned k = 0; k < lower.size(); ++k) {
    std::vector<std::string> bounds = boundsArgs(b, "exec", tmpl, site, k, op.getTdims()[k],
                                                 offsets[k], lower[k], upper[k], step[k]);
    bounds.insert(bounds.end(), {"&" + cnames::loopBound(site, k, "lb"),
                                 "&" + cnames::loopBound(site, k, "ub"),
                                 "&" + cnames::loopBound(site, k, "st")});
    b.call("exec", "xmp_rt_loop_bounds", bounds);
    if (k > 0) // the outer dimension's chunk comes with each task
      for (const char *part : {"lb", "ub", "st"})
        b.text("exec", args + "." + cnames::deviceBoundField(k, part) + " = " +
                           cnames::loopBound(site, k, part) + ";");
  }
  auto arrays = strings(op.getArrays()), handles = strings(op.getHandles()),
       modes = strings(op.getModes());
  SmallVector<std::string> operands;
  for (size_t k = 0; k < arrays.size(); ++k) {
    bool distributed = op.getDistributed()[k] != 0;
    if (distributed)
      b.text("exec", args + "." + cnames::deviceLayoutField(arrays[k]) + " = " +
                         cnames::arrayLayout(arrays[k]) + ";");
    std::string origin = "0", rowElems = std::to_string(op.getRowElems()[k]);
    if (distributed) {
      origin = cnames::arrayLayout(arrays[k]) + ".base[0]";
      rowElems = cnames::arrayLayout(arrays[k]) + ".stride[0]";
    }
    bool rw = modes[k] == "readwrite";
    operands.push_back("{" + handles[k] + ", " +
                       (rw ? "XMP_DEV_READWRITE" : "XMP_DEV_READ") + ", " +
                       (rw ? origin : "0") + ", " + (rw ? rowElems : "0") + "}");
  }
  for (const std::string &s : strings(op.getScalars()))
    b.text("exec", args + "." + cnames::deviceScalarField(s) + " = " + s + ";");
  std::string v = "NULL";
  if (!operands.empty()) {
    v = name("v");
    b.text("exec", "const xmp_dev_arg_t " + v + "[] = {" + llvm::join(operands, ", ") +
                       "};");
  }
  auto kinds = strings(op.getRedKinds()), vars = strings(op.getRedVars());
  std::string red = "struct " + name("red");
  b.text("exec", "void *" + name("p") + "; int " + name("n") + ";");
  b.call("exec", "xmp_dev_loop_run",
         {"&" + name("state"), name("cpu"), name("cuda"), "&" + args,
          std::to_string(arrays.size()), v, cnames::loopBound(site, 0, "lb"),
          cnames::loopBound(site, 0, "ub"), cnames::loopBound(site, 0, "st"),
          kinds.empty() ? "0" : "sizeof(" + red + ")", "&" + name("p"), "&" + name("n"),
          b.whereRef()});
  if (!kinds.empty()) {
    // In task order, so the result does not depend on which task ended first.
    b.text("exec", "for (int _XMP_k = 0; _XMP_k < " + name("n") + "; ++_XMP_k) {");
    b.text("exec", "const " + red + " *_XMP_r = (const " + red + " *)" + name("p") +
                       " + _XMP_k;");
    for (size_t k = 0; k < kinds.size(); ++k)
      b.text("exec", vars[k] + " = " +
                         combine(kinds[k], vars[k],
                                 "_XMP_r->" + cnames::deviceReductionField(k)) +
                         ";");
    b.text("exec", "}");
  }
  b.text("exec", "}");
}

std::string sectionLiteral(StringRef var, StringRef elem, bool distributed,
                           ArrayAttr extents, ArrayAttr lower,
                           ArrayAttr length, ArrayAttr step, ArrayRef<int64_t> scalar) {
  auto braces = [](ArrayRef<std::string> items) {
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i)
      out += (i ? ", (" : "(") + items[i] + ")";
    return out + (items.empty() ? "0}" : "}");
  };
  std::string desc = distributed ? cnames::arrayDesc(var) : "NULL";
  std::string addr = distributed ? "NULL"
                     : extents.empty() ? "(void *)&(" + var.str() + ")"
                                       : "(void *)(" + var.str() + ")";
  return "{" + desc + ", " + addr + ", sizeof(" + elem.str() + "), " +
         std::to_string(extents.size()) + ", " + braces(strings(extents)) + ", " +
         braces(strings(lower)) + ", " + braces(strings(length)) + ", " +
         braces(strings(step)) + ", " + braces(numbers(scalar)) + "}";
}

void lower(GmoveOp op, std::set<int64_t> &described) {
  SiteBuilder b(op, op.getSite(), described);
  b.where(op.getDirective());
  std::string dst = cnames::gmoveSide(op.getSite(), "dst"),
              src = cnames::gmoveSide(op.getSite(), "src");
  b.text("exec", "{ xmp_rt_section_t " + dst + " = " +
                     sectionLiteral(op.getDstVar(), op.getDstElem(),
                                    op.getDstDistributed(), op.getDstExtents(),
                                    op.getDstLower(), op.getDstLength(),
                                    op.getDstStep(), op.getDstScalar()) +
                     ", " + src + " = " +
                     sectionLiteral(op.getSrcVar(), op.getSrcElem(),
                                    op.getSrcDistributed(), op.getSrcExtents(),
                                    op.getSrcLower(), op.getSrcLength(),
                                    op.getSrcStep(), op.getSrcScalar()) +
                     ";");
  if (!op.getMode() && !op.getAsync()) {
    b.call("exec", "xmp_rt_gmove", {"&" + dst, "&" + src, b.whereRef()});
  } else {
    std::string mode = !op.getMode()         ? "XMP_RT_GMOVE_COLLECTIVE"
                       : *op.getMode() == "in" ? "XMP_RT_GMOVE_IN"
                                               : "XMP_RT_GMOVE_OUT";
    b.call("exec", "xmp_rt_gmove_mode",
           {"&" + dst, "&" + src, mode, asyncArg(op.getAsync()), b.whereRef()});
  }
  b.text("exec", "}");
}

struct LowerToRuntimePass
    : public PassWrapper<LowerToRuntimePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerToRuntimePass)
  StringRef getArgument() const final { return "xmp-lower-to-runtime"; }
  StringRef getDescription() const final {
    return "Lower xmp directives to libxmp runtime calls (emitc)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<emitc::EmitCDialect>();
  }
  void runOnOperation() override {
    // Symbols are looked up while lowering, so erase only at the end.
    SmallVector<Operation *> lowered;
    std::set<int64_t> described;
    getOperation().walk([&](Operation *op) {
      bool known = true;
      llvm::TypeSwitch<Operation *>(op)
          .Case<NodesOp, TemplateOp, DistributeOp, TemplateFixOp, AlignOp, ArrayAllocOp,
                LoopOp, ArrayOp, ReductionOp, ReductionBeginOp, BarrierOp, ShadowOp,
                ReflectOp,
                ReflectInitOp, ReflectDoOp,
                ReduceShadowOp,
                WaitAsyncOp, BcastOp, TaskOp, GmoveOp, DeviceReplicateOp,
                DeviceSyncOp, DeviceResetWeightOp, DeviceLoopOp>(
              [&](auto op) { lower(op, described); })
          .Default([&](Operation *) { known = false; });
      if (known)
        lowered.push_back(op);
    });
    for (Operation *op : lowered)
      op->erase();
  }
};

} // namespace

std::unique_ptr<Pass> xmp::createLowerToRuntimePass() {
  return std::make_unique<LowerToRuntimePass>();
}

void xmp::registerPasses() { PassRegistration<LowerToRuntimePass>(); }
