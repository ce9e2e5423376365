//===- XMPDialect.cpp - the xmp dialect and its verifiers -----------------===//

#include "xmp/Dialect/XMPDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace xmp;

#include "xmp/Dialect/XMPDialect.cpp.inc"
#include "xmp/Dialect/XMPEnums.cpp.inc"


#define GET_ATTRDEF_CLASSES
#include "xmp/Dialect/XMPAttrs.cpp.inc"

void XMPDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "xmp/Dialect/XMPOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "xmp/Dialect/XMPAttrs.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "xmp/Dialect/XMPOps.cpp.inc"

namespace {
constexpr int64_t kMaxDims = 7; // XMP_RT_MAX_DIMS in the runtime ABI



LogicalResult verifyRank(Operation *op, size_t rank, StringRef what) {
  if (rank == 0 || rank > static_cast<size_t>(kMaxDims))
    return op->emitOpError() << what << " must have 1 to " << kMaxDims
                             << " dimensions, not " << rank;
  return success();
}

template <typename OpT>
OpT lookup(Operation *from, FlatSymbolRefAttr ref) {
  return dyn_cast_or_null<OpT>(SymbolTable::lookupNearestSymbolFrom(from, ref));
}
} // namespace

std::optional<ReductionKind> xmp::reductionKindFromOperator(StringRef op) {
  return llvm::StringSwitch<std::optional<ReductionKind>>(op)
      .Case("+", ReductionKind::sum)
      .Case("*", ReductionKind::prod)
      .Case("-", ReductionKind::sub)
      .Case("&", ReductionKind::band)
      .Case("|", ReductionKind::bor)
      .Case("^", ReductionKind::bxor)
      .Case("&&", ReductionKind::land)
      .Case("||", ReductionKind::lor)
      .Default(symbolizeReductionKind(op));
}

StringRef xmp::reductionOperator(ReductionKind kind) {
  switch (kind) {
  case ReductionKind::sum: return "+";
  case ReductionKind::prod: return "*";
  case ReductionKind::sub: return "-";
  case ReductionKind::band: return "&";
  case ReductionKind::bor: return "|";
  case ReductionKind::bxor: return "^";
  case ReductionKind::land: return "&&";
  case ReductionKind::lor: return "||";
  default: return stringifyReductionKind(kind);
  }
}

bool xmp::isLocationReduction(ReductionKind kind) {
  return kind >= ReductionKind::firstmax;
}

bool xmp::reductionKindAllowsFloat(ReductionKind kind) {
  switch (kind) {
  case ReductionKind::band:
  case ReductionKind::bor:
  case ReductionKind::bxor:
  case ReductionKind::land:
  case ReductionKind::lor: return false;
  default: return true;
  }
}

bool xmp::isFloatingType(ScalarType type) {
  return type == ScalarType::Float || type == ScalarType::Double ||
         type == ScalarType::Ldouble;
}

LogicalResult NodesOp::verify() {
  if (failed(verifyRank(*this, getShape().size(), "a node array")))
    return failure();
  unsigned stars = llvm::count_if(getShape(), [](Attribute a) {
    return cast<StringAttr>(a).getValue() == "*";
  });
  if (stars > 1 && getSubsetLower())
    return emitOpError("a subset takes at most one '*' dimension");
  if (getParentAttr() && !lookup<NodesOp>(*this, getParentAttr()))
    return emitOpError("parent '") << *getParent() << "' is not a node array";
  auto lower = getSubsetLower(), upper = getSubsetUpper(), step = getSubsetStep();
  if (bool(lower) != bool(upper) || bool(lower) != bool(step) ||
      (getParentAttr() && !lower))
    return emitOpError("a subset needs lower, upper and step triplets");
  if (lower && (lower->size() != upper->size() || lower->size() != step->size()))
    return emitOpError("subset triplets differ in length");
  return success();
}

LogicalResult TaskOp::verify() {
  Operation *target = SymbolTable::lookupNearestSymbolFrom(*this, getOnAttr());
  size_t rank = 0;
  if (auto nodes = dyn_cast_or_null<NodesOp>(target))
    rank = nodes.getShape().size();
  else if (auto tmpl = dyn_cast_or_null<TemplateOp>(target))
    rank = tmpl.getLower().size();
  else
    return emitOpError("'") << getOn() << "' is neither a template nor a node array";
  if (getLower().size() != rank || getUpper().size() != rank || getStep().size() != rank)
    return emitOpError("needs one triplet per dimension of '") << getOn() << "'";
  return success();
}

LogicalResult TemplateOp::verify() {
  if (failed(verifyRank(*this, getLower().size(), "a template")))
    return failure();
  if (getLower().size() != getUpper().size())
    return emitOpError("lower and upper bounds differ in length");
  return success();
}

/// Whether a template op has a deferred shape (':' bounds).
static bool isDeferred(TemplateOp tmpl) {
  return llvm::any_of(tmpl.getLower(),
                      [](Attribute a) { return cast<StringAttr>(a).getValue() == ":"; });
}

/// Formats and their params as xmp.distribute and xmp.template_fix carry them.
static LogicalResult verifyFormats(Operation *op, ArrayAttr formats, ArrayAttr params,
                                   size_t rank, bool allowStar, size_t &distributed) {
  if (formats.size() != rank || params.size() != rank)
    return op->emitOpError("needs one format per template dimension (")
           << rank << "), got " << formats.size();
  distributed = 0;
  for (auto [a, p] : llvm::zip(formats, params)) {
    DistFormat f = cast<DistFormatAttr>(a).getValue();
    if (cast<StringAttr>(p).getValue() == "*" && (f != DistFormat::gblock || !allowStar))
      return op->emitOpError("'*' sizes are only for gblock, in distribute");
    distributed += f != DistFormat::none;
  }
  return success();
}

LogicalResult DistributeOp::verify() {
  auto tmpl = lookup<TemplateOp>(*this, getTmplAttr());
  if (!tmpl)
    return emitOpError("'") << getTmpl() << "' is not a template";
  auto nodes = lookup<NodesOp>(*this, getOntoAttr());
  if (!nodes)
    return emitOpError("'") << getOnto() << "' is not a node array";
  size_t distributed;
  if (failed(verifyFormats(*this, getFormats(), getParams(), tmpl.getLower().size(),
                           /*allowStar=*/true, distributed)))
    return failure();
  if (distributed != nodes.getShape().size())
    return emitOpError("distributes ")
           << distributed << " template dimensions onto a node array of "
           << nodes.getShape().size();
  return success();
}

LogicalResult TemplateFixOp::verify() {
  auto tmpl = lookup<TemplateOp>(*this, getTmplAttr());
  if (!tmpl)
    return emitOpError("'") << getTmpl() << "' is not a template";
  size_t rank = tmpl.getLower().size();
  size_t bounds = isDeferred(tmpl) ? rank : 0;
  if (getLower().size() != bounds || getUpper().size() != bounds)
    return emitOpError("needs bounds for every dimension of a template of deferred shape and "
                       "none otherwise (")
           << bounds << ")";
  if (!isDeferred(tmpl) && getFormats().empty())
    return emitOpError("gives neither bounds nor formats");
  size_t distributed;
  if (!getFormats().empty() &&
      failed(verifyFormats(*this, getFormats(), getParams(), rank, /*allowStar=*/false,
                           distributed)))
    return failure();
  return success();
}

LogicalResult AlignOp::verify() {
  auto tmpl = lookup<TemplateOp>(*this, getTmplAttr());
  if (!tmpl)
    return emitOpError("'") << getTmpl() << "' is not a template";
  size_t rank = getExtents().size();
  if (failed(verifyRank(*this, rank, "an aligned array")))
    return failure();
  if (getTdims().size() != rank || getOffsets().size() != rank)
    return emitOpError("needs one template dimension and offset per array "
                       "dimension (")
           << rank << ")";
  int64_t trank = tmpl.getLower().size();
  llvm::SmallVector<bool> used(trank, false);
  for (int64_t d : getTdims()) {
    if (d == -1)
      continue;
    if (d < 0 || d >= trank)
      return emitOpError("template dimension ")
             << d << " is out of range for a template of rank " << trank;
    if (used[d])
      return emitOpError("template dimension ") << d << " is used twice";
    used[d] = true;
  }
  return success();
}

LogicalResult LoopOp::verify() {
  if (!lookup<TemplateOp>(*this, getTmplAttr()) && !lookup<NodesOp>(*this, getTmplAttr()))
    return emitOpError("'") << getTmpl() << "' is neither a template nor a node array";
  if (static_cast<bool>(getPrologueAt()) != static_cast<bool>(getPrologueEndAt()))
    return emitOpError("needs both or neither of prologue_at and prologue_end_at");
  if (getPrologueAt() && (getExtent() || getCyclic() ||
                          llvm::is_contained(getHoist(), false)))
    return emitOpError("computes its bounds before enclosing loops only where they are all "
                       "hoisted, on no cyclic dimension and without an extent");
  size_t n = getIndices().size();
  if (n == 0)
    return emitOpError("needs at least one distributed loop");
  if (getTdims().size() != n || getOffsets().size() != n ||
      getLower().size() != n || getUpper().size() != n || getStep().size() != n)
    return emitOpError("needs one template dimension, offset and bound triple "
                       "per loop index");
  if (getCyclic() && getCyclic()->size() != n)
    return emitOpError("needs one cyclic flag per loop index");
  if (getConstStep().size() != n || getSameStep().size() != n || getHoist().size() != n ||
      getIndexDecl().size() != n)
    return emitOpError("needs a constant step, a same-step flag, a hoist flag and an index "
                       "declaration per loop index");
  if (getHeaderAt().size() != n || getBeforeAt().size() != n || getAfterAt().size() != n)
    return emitOpError("needs a header, before and after anchor per loop index");
  if (getArrays().size() != getRestrict().size())
    return emitOpError("needs one restrict flag per array");
  for (Attribute a : getArrays())
    if (!lookup<DistArrayOp>(*this, cast<FlatSymbolRefAttr>(a)))
      return emitOpError("'") << cast<FlatSymbolRefAttr>(a).getValue()
                              << "' is not a distributed array";
  if (!getExtent())
    return getExtendLo() || getExtendHi() || getUnbound() || getAsync()
               ? emitOpError("has widths or an async id without an extent")
               : success();
  StringRef extent = stringifyLoopExtent(*getExtent());
  if (!getExtendLo() || !getExtendHi() || !getUnbound() || getExtendLo()->size() != n ||
      getExtendHi()->size() != n || getUnbound()->size() != n)
    return emitOpError("'") << extent << "' needs a lower and upper width and an unbound "
                                         "flag per loop index";
  if (getCyclic() && llvm::is_contained(*getCyclic(), 1))
    return emitOpError("'") << extent << "' does not apply to cyclic loops";
  if (lookup<NodesOp>(*this, getTmplAttr()))
    return emitOpError("'") << extent << "' does not apply to a loop on a node array";
  if ((*getExtent() == LoopExtent::peel_and_wait) != static_cast<bool>(getAsync()))
    return emitOpError(getAsync() ? "takes an async id only with peel_and_wait"
                                  : "'peel_and_wait' needs an async id");
  return success();
}

LogicalResult ReductionOp::verify() {
  if (getVars().empty())
    return emitOpError("needs at least one variable");
  if (getVars().size() != getTypes().size())
    return emitOpError("needs one type per variable");
  bool hasLocs = getLocs() && !getLocs()->empty();
  if (isLocationReduction(getKind()) != hasLocs)
    return emitOpError(hasLocs ? "takes location variables only with firstmax, "
                                 "firstmin, lastmax or lastmin"
                               : "needs location variables");
  if (hasLocs && getVars().size() != 1)
    return emitOpError("with location variables takes one variable");
  if (getCounts() && getCounts()->size() != getVars().size())
    return emitOpError("needs one element count per variable");
  if (getCounts() && llvm::any_of(*getCounts(), [](int64_t n) { return n < -1; }))
    return emitOpError("element counts are at least -1 (a distributed array)");
  if (getCounts() && (getAcc() || getLoop()) &&
      llvm::any_of(*getCounts(), [](int64_t n) { return n < 0; }))
    return emitOpError("reduces a distributed array with neither 'acc' nor 'loop'");
  if (getCounts() && hasLocs)
    return emitOpError("reduces scalars only when it has location variables");
  if (getAcc() && (hasLocs || getLoop()))
    return emitOpError("'acc' takes neither location variables nor 'loop'");
  for (Attribute a : getTypes())
    if (isFloatingType(cast<ScalarTypeAttr>(a).getValue()) && !reductionKindAllowsFloat(getKind()))
      return emitOpError("reduction '")
             << reductionOperator(getKind()) << "' does not apply to floating-point variables";
  if (auto on = getOnAttr()) {
    Operation *target = SymbolTable::lookupNearestSymbolFrom(*this, on);
    if (!isa_and_nonnull<TemplateOp, NodesOp>(target))
      return emitOpError("'") << on.getValue()
                              << "' is neither a template nor a node array";
  }
  return success();
}

LogicalResult ReductionBeginOp::verify() {
  if (!isLocationReduction(getKind()) || !getLocs() || getLocs()->empty())
    return emitOpError("begins a location reduction (firstmax, firstmin, lastmax or "
                       "lastmin with location variables)");
  if (getVars().size() != 1 || getTypes().size() != 1)
    return emitOpError("takes one variable and its type");
  if (getOrder() && getOrder()->empty())
    return emitOpError("needs at least one loop in its iteration order");
  return success();
}

LogicalResult ShadowOp::verify() {
  size_t rank = getLower().size();
  if (failed(verifyRank(*this, rank, "a shadow")))
    return failure();
  if (getUpper().size() != rank || getFull().size() != rank)
    return emitOpError("needs lower, upper and full entries for each of the ")
           << rank << " dimensions";
  return success();
}

/// reflect, reflect_init and reduce_shadow: one (lower, upper) width pair per periodic flag,
/// or no widths at all (the declared ones).
template <typename HaloOp> static LogicalResult verifyHaloWidths(HaloOp op) {
  size_t rank = op.getPeriodic().size();
  if (op.getLower().size() != op.getUpper().size() ||
      (!op.getLower().empty() && op.getLower().size() != rank))
    return op.emitOpError("needs one width pair per periodic flag, or none");
  return success();
}

LogicalResult ReflectInitOp::verify() {
  if (failed(verifyRank(*this, getPeriodic().size(), "a reflect_init plan")))
    return failure();
  return verifyHaloWidths(*this);
}

LogicalResult ReflectDoOp::verify() {
  // The plan must have been built: a reflect_init of the same array earlier in
  // the same function or module (the runtime checks the dynamic order).
  Operation *scope = (*this)->getParentOp();
  while (scope && !isa<ModuleOp>(scope) && !scope->hasTrait<OpTrait::IsIsolatedFromAbove>())
    scope = scope->getParentOp();
  bool found = false;
  if (scope)
    scope->walk([&](ReflectInitOp init) {
      if (init.getArray() == getArray() && init->isBeforeInBlock(*this))
        found = true;
    });
  if (!found)
    return emitOpError("of '") << getArray() << "' has no reflect_init of it before";
  return success();
}

LogicalResult ReflectOp::verify() { return verifyHaloWidths(*this); }

/// A reference of an array statement: a C name, the symbol of a distributed
/// array if it is one.
static LogicalResult verifyArrayRef(Operation *op, DictionaryAttr ref) {
  if (!ref.getAs<StringAttr>("var"))
    return op->emitOpError("needs the C name ('var') of each reference");
  if (auto sym = ref.getAs<FlatSymbolRefAttr>("array"); sym && !lookup<DistArrayOp>(op, sym))
    return op->emitOpError("'") << sym.getValue() << "' is not a distributed array";
  return success();
}

LogicalResult ArrayOp::verify() {
  auto tmpl = lookup<TemplateOp>(*this, getTmplAttr());
  if (!tmpl)
    return emitOpError("'") << getTmpl() << "' is not a template";
  size_t rank = tmpl.getLower().size();
  if (getLower().size() != rank || getUpper().size() != rank || getStep().size() != rank ||
      getCyclic().size() != rank)
    return emitOpError("needs bounds, a step and a cyclic flag per template dimension (")
           << rank << ")";
  for (Attribute piece : getBody()) {
    if (isa<StringAttr>(piece))
      continue;
    auto ref = dyn_cast<DictionaryAttr>(piece);
    if (!ref || failed(verifyArrayRef(*this, ref)) || !ref.getAs<ArrayAttr>("subs"))
      return ref ? emitOpError("needs the subscripts ('subs') of each reference")
                 : emitOpError("body pieces are text or references");
    for (Attribute a : ref.getAs<ArrayAttr>("subs")) {
      auto sub = dyn_cast<DictionaryAttr>(a);
      if (!sub)
        return emitOpError("subscripts are dictionaries");
      if (sub.get("index"))
        continue;
      auto dim = sub.getAs<IntegerAttr>("dim"), local = sub.getAs<IntegerAttr>("local");
      if (!sub.getAs<StringAttr>("base") || !sub.getAs<StringAttr>("step") ||
          static_cast<bool>(dim) == static_cast<bool>(local))
        return emitOpError("a section subscript has a base, a step and a loop ('dim' or "
                           "'local')");
      if ((dim && (dim.getInt() < 0 || dim.getInt() >= static_cast<int64_t>(rank))) ||
          (local && (local.getInt() < 0 ||
                     local.getInt() >= static_cast<int64_t>(getLocalLengths().size()))))
        return emitOpError("a subscript names a loop the statement does not have");
    }
  }
  return success();
}

LogicalResult ArrayAssignOp::verify() {
  if (getRefs().empty())
    return emitOpError("needs the assigned reference");
  for (auto [k, a] : llvm::enumerate(getRefs())) {
    auto ref = dyn_cast<DictionaryAttr>(a);
    if (!ref || failed(verifyArrayRef(*this, ref)))
      return ref ? failure() : emitOpError("references are dictionaries");
    auto lb = ref.getAs<ArrayAttr>("lb");
    if (!lb)
      return emitOpError("needs the indices or first indices ('lb') of each reference");
    if (ref.get("element")) {
      if (k == 0)
        return emitOpError("assigns a section, not an element");
      continue;
    }
    auto len = ref.getAs<ArrayAttr>("len"), st = ref.getAs<ArrayAttr>("st");
    auto scalar = ref.getAs<DenseI64ArrayAttr>("scalar");
    if (!len || !st || !scalar || len.size() != lb.size() || st.size() != lb.size() ||
        scalar.size() != static_cast<int64_t>(lb.size()))
      return emitOpError("a section needs lb, len, st and scalar per dimension");
  }
  for (Attribute piece : getRhs())
    if (auto n = dyn_cast<IntegerAttr>(piece);
        n && (n.getInt() < 1 || n.getInt() >= static_cast<int64_t>(getRefs().size())))
      return emitOpError("the right-hand side names reference ") << n.getInt()
                                                                 << ", which does not exist";
  return success();
}

LogicalResult ReduceShadowOp::verify() {
  if (failed(verifyHaloWidths(*this)))
    return failure();
  if (getType() == ScalarType::Bool)
    return emitOpError("adds elements of an arithmetic type, not bool");
  return success();
}

LogicalResult BcastOp::verify() {
  if (getVars().empty())
    return emitOpError("needs at least one variable");
  if (auto on = getOnAttr()) {
    auto nodes = lookup<NodesOp>(*this, on);
    if (!nodes)
      return emitOpError("'") << on.getValue() << "' is not a node array";
    if (!getRoot().empty() && getRoot().size() != nodes.getShape().size())
      return emitOpError("names the source node with ")
             << getRoot().size() << " coordinates in a node array of rank "
             << nodes.getShape().size();
    } else if (auto from = getFromAttr()) {
    auto nodes = lookup<NodesOp>(*this, from);
    if (!nodes)
      return emitOpError("'") << from.getValue() << "' is not a node array";
    size_t rank = nodes.getShape().size();
    if (getRoot().size() != rank)
      return emitOpError("names the source node with ")
             << getRoot().size() << " coordinates in a node array of rank " << rank;
    auto lower = getFromLower(), upper = getFromUpper();
    auto step = getFromStep();
    if (bool(lower) != bool(upper) || bool(lower) != bool(step) ||
        (lower && (lower->size() != rank || upper->size() != rank || step->size() != rank)))
      return emitOpError("needs a triplet of '") << from.getValue() << "' per dimension, or none";
  } else if (getRoot().size() > 1) {
    return emitOpError("without 'on' the source is one rank");
  }
  if (auto sections = getSections()) {
    if (getAcc())
      return emitOpError("'acc' broadcasts whole variables, not sections");
    if (sections->size() != getVars().size())
      return emitOpError("needs one section entry per variable");
    for (Attribute a : *sections) {
      auto d = dyn_cast<DictionaryAttr>(a);
      if (!d)
        return emitOpError("section entries are dictionaries");
      if (d.empty())
        continue;
      auto extents = d.getAs<DenseI64ArrayAttr>("extents");
      auto lb = d.getAs<ArrayAttr>("lb"), len = d.getAs<ArrayAttr>("len"),
           st = d.getAs<ArrayAttr>("st");
      if (!extents || !lb || !len || !st || !d.getAs<StringAttr>("elem"))
        return emitOpError("a section needs extents, elem, lb, len and st");
      size_t rank = extents.size();
      if (rank == 0 || rank > static_cast<size_t>(kMaxDims) || lb.size() != rank ||
          len.size() != rank || st.size() != rank)
        return emitOpError("a section needs one lb, len and st per dimension");
    }
  }
  return success();
}

LogicalResult GmoveOp::verify() {
  auto side = [&](StringRef name, ArrayAttr extents, ArrayAttr lower,
                  ArrayAttr length, ArrayAttr step,
                  ArrayRef<int64_t> scalar) -> FailureOr<int64_t> {
    size_t rank = extents.size();
    if (rank > static_cast<size_t>(kMaxDims) || lower.size() != rank ||
        length.size() != rank || step.size() != rank || scalar.size() != rank) {
      emitOpError("needs one first index, length, step and scalar flag per "
                  "dimension of '")
          << name << "'";
      return failure();
    }
    return static_cast<int64_t>(llvm::count(scalar, 0));
  };
  FailureOr<int64_t> dst = side(getDstVar(), getDstExtents(), getDstLower(),
                                getDstLength(), getDstStep(), getDstScalar());
  FailureOr<int64_t> src = side(getSrcVar(), getSrcExtents(), getSrcLower(),
                                getSrcLength(), getSrcStep(), getSrcScalar());
  if (failed(dst) || failed(src))
    return failure();
  if (*dst != *src && *src != 0) // a single source element goes to every destination one
    return emitOpError("copies a section of rank ")
           << *src << " into one of rank " << *dst;
  if (getDstElem() != getSrcElem())
    return emitOpError("copies '") << getSrcElem() << "' elements into '"
                                   << getDstElem() << "' ones";
  return success();
}

LogicalResult DeviceReplicateOp::verify() {
  size_t n = getArrays().size();
  if (n == 0)
    return emitOpError("needs at least one array");
  if (getDistributed().size() != n ||
      getElemTypes().size() != n)
    return emitOpError("needs one distributed flag and element type per array");
  if ((getCopyIn() && getCopyIn()->size() != n) || (getCopyOut() && getCopyOut()->size() != n))
    return emitOpError("needs one copy_in and copy_out flag per array");
  return success();
}

LogicalResult DeviceAddressOp::verify() {
  size_t n = getArrays().size();
  if (n == 0 || getReplicas().size() != n || getArrayTypes().size() != n)
    return emitOpError("needs at least one array, with the site of its region and its type");
  if (getRefs().size() != getRefArrays().size())
    return emitOpError("needs one array index per use");
  if (llvm::any_of(getRefArrays(), [&](int64_t k) { return k < 0 || static_cast<size_t>(k) >= n; }))
    return emitOpError("has a use of an array it does not name");
  return success();
}

LogicalResult DeviceSyncOp::verify() {
  if ((getKeepIf() && !getOnlyIf()) || (getReuseIf() && (getOnlyIf() || getKeepIf())))
    return emitOpError("keeps a condition it has ('keep_if' with 'only_if'), or reuses the one "
                       "kept before ('reuse_if' alone)");
  
  if (getArrays().empty() || getArrays().size() != getReplicas().size())
    return emitOpError("needs at least one array and the site of its replicate");
  return success();
}

LogicalResult DeviceLoopOp::verify() {
  if (getTmplAttr() && !lookup<TemplateOp>(*this, getTmplAttr()))
    return emitOpError("'") << *getTmpl() << "' is not a template";
  if (!getTmplAttr() && (!getNodeLocal() || llvm::any_of(getTdims(), [](int64_t d) {
                           return d != -1;
                         })))
    return emitOpError("without a template runs every iteration on every node: its "
                       "dimensions are -1 and its reductions node_local");
  size_t n = getIndices().size();
  if (n == 0 || n > 3)
    return emitOpError("distributes 1 to 3 loops, not ") << n;
  if (getTdims().size() != n || getOffsets().size() != n || getLower().size() != n ||
      getUpper().size() != n || getStep().size() != n)
    return emitOpError("needs one template dimension, offset and bound triple "
                       "per loop index");
  if (getIndexTypes().size() != n || getConstStep().size() != n)
    return emitOpError("needs one C type and constant step per loop index");
  size_t arrays = getArrays().size();
  if (getReplicas().size() != arrays || getModes().size() != arrays ||
      getDistributed().size() != arrays || getRowElems().size() != arrays)
    return emitOpError("needs one replicate site, mode, distributed flag and row size per array");
  if (getElemTypes().size() != arrays || getRanks().size() != arrays ||
      getParamDecls().size() != arrays || getParamTypes().size() != arrays)
    return emitOpError("needs one element type, rank and parameter declaration per array");
  if (getTileArray() && (*getTileArray() >= arrays || !getTilePlanes()))
    return emitOpError("tiles an array it does not have, or without its planes");
  if (std::optional<ArrayRef<int64_t>> reach = getReach()) {
    if (reach->size() != 4 * arrays)
      return emitOpError("needs four reach numbers per array");
    for (size_t k = 0; k < arrays; ++k) {
      ArrayRef<int64_t> r = reach->slice(4 * k, 4);
      if (r[0] != 0 && (r[0] != 1 || r[1] < 0 || (r[1] > 0 && !getDistributed()[k]) || r[2] > r[3]))
        return emitOpError("reach of array ")
               << k << ": 1, a dimension (0 for a plain array) and lowest <= highest, or 0";
    }
  }
  size_t scalars = getScalars().size();
  if (getScalarTypes().size() != scalars || getScalarUses().size() != scalars)
    return emitOpError("needs one C type and use per scalar");
  if (llvm::any_of(getScalarUses(), [](int64_t u) { return u < 0 || u > 2; }))
    return emitOpError("scalar uses are 0 (read), 1 (assigned) or 2 (set first)");
  size_t reds = getRedKinds().size();
  if (getRedVars().size() != reds || getRedTypes().size() != reds)
    return emitOpError("needs one kind, variable and type per reduction");
  for (Attribute kind : getRedKinds()) {
    ReductionKind k = cast<ReductionKindAttr>(kind).getValue();
    if (isLocationReduction(k))
      return emitOpError("device loops reduce with + * - & | ^ && || max min, not '")
             << reductionOperator(k) << "'";
  }
  return success();
}

LogicalResult DistArrayOp::verify() {
  if (getName().empty() || getElemType().empty())
    return emitOpError("needs a C name and an element type");
  if (getSizes() && static_cast<int64_t>(getSizes()->size()) != static_cast<int64_t>(getRank()))
    return emitOpError("needs one size per dimension");
  return verifyRank(*this, static_cast<size_t>(getRank()), "a distributed array");
}

LogicalResult AccessOp::verify() {
  auto array = lookup<DistArrayOp>(*this, getArrayAttr());
  if (!array)
    return emitOpError("'") << getArray() << "' is not a distributed array";
  if (static_cast<int64_t>(getSubs().size()) != static_cast<int64_t>(array.getRank()))
    return emitOpError("gives ") << getSubs().size() << " subscripts to '" << getArray()
                                 << "' of rank " << array.getRank();
  if (getDevice() && !getNest())
    return emitOpError("in a device loop names the loop's site ('nest')");
  if (getTile() && (!getDevice() || getTile()->size() != 3))
    return emitOpError("reads a tile only in a device loop, with one offset per loop (3)");
  return success();
}

LogicalResult HoleOp::verify() {
  if (static_cast<bool>(getSource()) == static_cast<bool>(getAnchor()))
    return emitOpError("stands for either a piece of source or an anchor");
  if (getVariant() && !getSource())
    return emitOpError("takes a variant only for a piece of source");
  return success();
}

LogicalResult ArrayAllocOp::verify() {
  if (!lookup<DistArrayOp>(*this, getArrayAttr()))
    return emitOpError("'") << getArray() << "' is not a distributed array";
  if (getParameter() && getVla())
    return emitOpError("lays out either a parameter or a variable-length array");
  return success();
}

LogicalResult DescOfOp::verify() {
  if (!isa_and_nonnull<DistArrayOp, NodesOp, TemplateOp>(
          SymbolTable::lookupNearestSymbolFrom(*this, getOfAttr())))
    return emitOpError("'") << getOf()
                            << "' is not a distributed array, a template or a node array";
  return success();
}

LogicalResult CoarrayOp::verify() {
  ArrayAttr shape = getCoshape();
  if (shape.empty() || cast<StringAttr>(shape[shape.size() - 1]).getValue() != "*")
    return emitOpError("needs codimensions, the last one '*'");
  for (size_t k = 0; k + 1 < shape.size(); ++k)
    if (cast<StringAttr>(shape[k]).getValue() == "*")
      return emitOpError("has '*' before its last codimension");
  if (getExternal() && getInternal())
    return emitOpError("is 'static' and 'extern' at once");
  return success();
}

LogicalResult CoarrayCopyOp::verify() {
  if (getDstCounts().size() != getDstStrides().size() ||
      getSrcCounts().size() != getSrcStrides().size())
    return emitOpError("needs one count and one stride per dimension of each side");
  if (getDstHandle().empty() && getSrcHandle().empty())
    return emitOpError("needs a coindexed side");
  if (getDstHandle().empty() != getDstCosubs().empty() ||
      getSrcHandle().empty() != getSrcCosubs().empty())
    return emitOpError("needs cosubscripts on a coindexed side only");
  if (getValue() && !getSrcFirst().empty())
    return emitOpError("has both a value and a source section");
  if (!getValue() && getSrcFirst().empty())
    return emitOpError("needs a value or a source section");
  if (getValue() && getDstHandle().empty())
    return emitOpError("assigns a value to a section that is not coindexed");
  return success();
}
