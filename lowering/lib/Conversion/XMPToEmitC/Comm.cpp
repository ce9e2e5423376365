//===- Comm.cpp - reductions, broadcasts, halos, barriers, gmove ----------===//
//
// Communication directives are runtime calls at the directive's line (`at`);
// a loop's reduction clauses run after its nest, and a location reduction
// (firstmax ...) also keeps its variables before the nest and notes, after
// each iteration, which one changed them.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "CNames.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// The runtime type of variable k of a reduction.
template <typename ReduceOp> std::string rtType(ReduceOp op, size_t k) {
  return cnames::rtType(cast<ScalarTypeAttr>(op.getTypes()[k]).getValue());
}



/// The variable, count, type and operator arguments of variable k of a
/// reduction: a C array (or an array parameter, a pointer) is its elements'
/// address.
template <typename ReduceOp> std::vector<std::string> reduceArgs(ReduceOp op, size_t k) {
  std::string var = strings(op.getVars())[k];
  int64_t count = op.getCounts() ? (*op.getCounts())[k] : 0;
  return {count > 0 ? "(" + var + ")" : "&(" + var + ")", std::to_string(count > 0 ? count : 1),
          rtType(op, k), cnames::rtReduceOp(op.getKind())};
}

/// The value, type, operator and location-variable arguments of a firstmax ...
/// reduction.
template <typename ReduceOp> std::vector<std::string> locArgs(ReduceOp op) {
  SmallVector<std::string> addrs, sizes;
  for (const std::string &l : strings(*op.getLocs())) {
    addrs.push_back("&(" + l + ")");
    sizes.push_back("sizeof(" + l + ")");
  }
  return {"&(" + strings(op.getVars()).front() + ")",
          rtType(op, 0),
          cnames::rtReduceOp(op.getKind()),
          std::to_string(addrs.size()),
          compoundLiteral("void *const", addrs),
          compoundLiteral("const size_t", sizes)};
}

void lowerReduction(ReductionOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  std::string tmpl = "NULL", nodes = "NULL";
  if (auto on = op.getOnAttr()) {
    Operation *target = SymbolTable::lookupNearestSymbolFrom(op, on);
    (isa<NodesOp>(target) ? nodes : tmpl) = objectOf(op, on);
    // A loop's: the nodes its dimensions span, not the others' copies of them.
    if (auto t = dyn_cast<TemplateOp>(target); t && op.getLoopTdims())
      nodes = cnames::templateSpan(tmpl, t.getLower().size(), *op.getLoopTdims(), b.whereRef());
  }
  if (op.getLocs() && !op.getLocs()->empty()) {
    bool loop = op.getLoop();
    std::vector<std::string> args = locArgs(op);
    // A loop's: ties between nodes by the iteration order its tracker recorded.
    b.call(at, loop ? "xmp_rt_reduce_loc_loop" : "xmp_rt_reduce_loc",
           concat(args, {tmpl, nodes, b.whereRef()}));
    if (loop)
      b.call(at, "xmp_rt_reduce_loc_end", concat(args, {b.whereRef()}));
    return;
  }
  // acc: the same call on the variables' current copies (device replicate).
  StringRef fn = op.getAcc() ? "xmp_rt_reduce_acc" : "xmp_rt_reduce";
  for (size_t k = 0; k < op.getVars().size(); ++k) {
    // A distributed array: the part this node owns.
    if (op.getCounts() && (*op.getCounts())[k] < 0)
      b.call(at, "xmp_rt_reduce_array",
             {cnames::arrayDesc(strings(op.getVars())[k]), rtType(op, k),
              cnames::rtReduceOp(op.getKind()), tmpl, nodes, b.whereRef()});
    else
      b.call(at, fn, concat(reduceArgs(op, k), {tmpl, nodes, b.whereRef()}));
  }
}

/// First in the loop's block, before any piece of the nest runs. With an
/// iteration order, a tracker follows the begin, and at `step_at`, before the
/// increment of the nest's innermost distributed loop (so that a `continue`
/// reaches it), the iteration's position is recorded when it changed the
/// variables.
void lowerReductionBegin(ReductionBeginOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  std::vector<std::string> args = locArgs(op);
  b.call(at, "xmp_rt_reduce_loc_begin", concat(args, {b.whereRef()}));
  if (!op.getOrder())
    return;
  // The n-th location reduction of this loop (each has its own op).
  unsigned n = 0;
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
    if (auto other = dyn_cast<ReductionBeginOp>(prev); other && other.getSite() == op.getSite())
      ++n;
  std::string track = cnames::locTrack(op.getSite(), n);
  SmallVector<std::string> order = strings(*op.getOrder());
  b.call(at, "xmp_rt_reduce_loc_order",
         {args[0], args[1], args[2], std::to_string(order.size()), b.whereRef()},
         "xmp_rt_loc_track_t *" + track, "xmp_rt_loc_track_t *");
  b.text(*op.getStepAt(),
         "xmp_rt_loc_step(" + track + ", " + compoundLiteral("const long", order) + "),");
}

void lowerBarrier(BarrierOp op, FragmentBuilder &b) {
  b.call(op.getAt(), "xmp_rt_barrier", {op.getOnAttr() ? objectOf(op, op.getOnAttr()) : "NULL"});
}

/// "(const long[]){...}" of a width list, or "NULL" for the declared widths.
std::string widthsOrNull(ArrayAttr widths) {
  return widths.empty() ? "NULL" : compoundLiteral("const long", strings(widths));
}

/// An optional async id as a runtime argument: the id expression, or -1 for
/// none.
std::string asyncArg(std::optional<StringRef> id) { return id ? "(" + id->str() + ")" : "-1"; }

/// head, then the halo arguments shared by reflect, reflect_init and
/// reduce_shadow: lower and upper widths (NULL: the declared ones) and the
/// periodic flags per dimension (NULL: none).
template <typename HaloOp>
std::vector<std::string> haloArgs(HaloOp op, std::vector<std::string> head) {
  bool anyPeriodic = llvm::any_of(op.getPeriodic(), [](int64_t p) { return p != 0; });
  head.push_back(widthsOrNull(op.getLower()));
  head.push_back(widthsOrNull(op.getUpper()));
  head.push_back(anyPeriodic ? compoundLiteral("const int", numbers(op.getPeriodic())) : "NULL");
  return head;
}

void lowerReflect(ReflectOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  b.call(op.getAt(), "xmp_rt_reflect",
         concat(haloArgs(op, {cnames::arrayDesc(arrayName(op, op.getArrayAttr()))}),
                {op.getAcc() ? "1" : "0", asyncArg(op.getAsync()), b.whereRef()}));
}

void lowerReduceShadow(ReduceShadowOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  b.call(op.getAt(), "xmp_rt_reduce_shadow",
         concat(haloArgs(op,
                         {cnames::arrayDesc(arrayName(op, op.getArrayAttr())), cnames::rtType(op.getType())}),
                {asyncArg(op.getAsync()), b.whereRef()}));
}

void lowerReflectInit(ReflectInitOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  b.call(op.getAt(), "xmp_rt_reflect_init",
         concat(haloArgs(op, {cnames::arrayDesc(arrayName(op, op.getArrayAttr()))}),
                {op.getAcc() ? "1" : "0", b.whereRef()}));
}

void lowerReflectDo(ReflectDoOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  b.call(op.getAt(), "xmp_rt_reflect_do",
         {cnames::arrayDesc(arrayName(op, op.getArrayAttr())), op.getAcc() ? "1" : "0",
          asyncArg(op.getAsync()), b.whereRef()});
}

void lowerWaitAsync(WaitAsyncOp op, FragmentBuilder &b) {
  b.where(op.getAt(), op.getDirective());
  for (const std::string &id : strings(op.getIds()))
    b.call(op.getAt(), "xmp_rt_wait_async", {"(" + id + ")", b.whereRef()});
}

void lowerBcast(BcastOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  std::string nodes = op.getOnAttr() ? cnames::nodes(op.getOnAttr().getValue()) : "NULL";
  std::string root =
      op.getRoot().empty() ? "NULL" : compoundLiteral("const int", strings(op.getRoot()));
  if (auto from = op.getFromAttr()) {
    // Inside a task: the root is the rank of node `from(root)` among the executing nodes,
    // or its position among the task's selection of `from`.
    std::string obj = cnames::nodes(from.getValue()),
                coords = compoundLiteral("const long", strings(op.getRoot()));
    std::string rank =
        op.getFromLower()
            ? "xmp_rt_nodes_selection_pos(" + obj + ", " +
                  compoundLiteral("const long", nodeBounds(*op.getFromLower(), obj)) + ", " +
                  compoundLiteral("const long", nodeBounds(*op.getFromUpper(), obj)) + ", " +
                  compoundLiteral("const long", strings(*op.getFromStep())) + ", " + coords +
                  ", \"bcast 'from'\", " + b.whereRef() + ")"
            : "xmp_rt_nodes_exec_rank(" + obj + ", " + coords + ", \"bcast 'from'\", " +
                  b.whereRef() + ")";
    root = compoundLiteral("const int", {rank});
  }
  auto vars = strings(op.getVars());
  for (size_t k = 0; k < vars.size(); ++k) {
    const std::string &var = vars[k];
    auto section =
        op.getSections() ? dyn_cast<DictionaryAttr>((*op.getSections())[k]) : DictionaryAttr();
    if (!section || section.empty()) {
      b.call(at, op.getAcc() ? "xmp_rt_bcast_acc" : "xmp_rt_bcast",
             {"&(" + var + ")", "sizeof(" + var + ")", nodes, root, b.whereRef()});
      continue;
    }
    auto extents = section.getAs<DenseI64ArrayAttr>("extents");
    auto lit = [&](StringRef key) {
      return compoundLiteral("const long", strings(section.getAs<ArrayAttr>(key)));
    };
    b.call(at, "xmp_rt_bcast_section",
           {"(void *)(" + var + ")", std::to_string(extents.size()),
            compoundLiteral("const long", numbers(extents.asArrayRef())),
            "sizeof(" + section.getAs<StringAttr>("elem").getValue().str() + ")", lit("lb"),
            lit("len"), lit("st"), nodes, root, b.whereRef()});
  }
}

/// The xmp_rt_section_t initializer of one gmove side.
std::string sectionLiteral(StringRef var, StringRef elem, bool distributed, ArrayAttr extents,
                           ArrayAttr lower, ArrayAttr length, ArrayAttr step,
                           ArrayRef<int64_t> scalar) {
  auto braces = [](ArrayRef<std::string> items) {
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i)
      out += (i ? ", (" : "(") + items[i] + ")";
    return out + (items.empty() ? "0}" : "}");
  };
  std::string desc = distributed ? cnames::arrayDesc(var) : "NULL";
  std::string addr = distributed       ? "NULL"
                     : extents.empty() ? "(void *)&(" + var.str() + ")"
                                       : "(void *)(" + var.str() + ")";
  return "{" + desc + ", " + addr + ", sizeof(" + elem.str() + "), " +
         std::to_string(extents.size()) + ", " + braces(strings(extents)) + ", " +
         braces(strings(lower)) + ", " + braces(strings(length)) + ", " + braces(strings(step)) +
         ", " + braces(numbers(scalar)) + "}";
}

void lowerGmove(GmoveOp op, FragmentBuilder &b) {
  int64_t at = op.getAt();
  b.where(at, op.getDirective());
  std::string dst = cnames::gmoveSide(op.getSite(), "dst"),
              src = cnames::gmoveSide(op.getSite(), "src");
  b.text(at, "{ xmp_rt_section_t " + dst + " = " +
                 sectionLiteral(op.getDstVar(), op.getDstElem(), op.getDstDistributed(),
                                op.getDstExtents(), op.getDstLower(), op.getDstLength(),
                                op.getDstStep(), op.getDstScalar()) +
                 ", " + src + " = " +
                 sectionLiteral(op.getSrcVar(), op.getSrcElem(), op.getSrcDistributed(),
                                op.getSrcExtents(), op.getSrcLower(), op.getSrcLength(),
                                op.getSrcStep(), op.getSrcScalar()) +
                 ";");
  if (!op.getMode() && !op.getAsync()) {
    b.call(at, "xmp_rt_gmove", {"&" + dst, "&" + src, b.whereRef()});
  } else {
    std::string mode = !op.getMode()                     ? "XMP_RT_GMOVE_COLLECTIVE"
                       : *op.getMode() == Direction::in ? "XMP_RT_GMOVE_IN"
                                                        : "XMP_RT_GMOVE_OUT";
    b.call(at, "xmp_rt_gmove_mode",
           {"&" + dst, "&" + src, mode, asyncArg(op.getAsync()), b.whereRef()});
  }
  b.text(at, "}");
}

} // namespace

void xmp::lowering::populateCommPatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<ReductionOp, lowerReduction>(patterns, state);
  add<ReductionBeginOp, lowerReductionBegin>(patterns, state);
  add<BarrierOp, lowerBarrier>(patterns, state);
  add<ReflectOp, lowerReflect>(patterns, state);
  add<ReduceShadowOp, lowerReduceShadow>(patterns, state);
  add<ReflectInitOp, lowerReflectInit>(patterns, state);
  add<ReflectDoOp, lowerReflectDo>(patterns, state);
  add<WaitAsyncOp, lowerWaitAsync>(patterns, state);
  add<BcastOp, lowerBcast>(patterns, state);
  add<GmoveOp, lowerGmove>(patterns, state);
}
