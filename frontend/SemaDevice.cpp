//===- SemaDevice.cpp - XMP-dev directives ----------------------------------===//

#include "SemaAnalyzer.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {

/// The device-specific rules for a checked loop nest (see DeviceSema.cpp).
bool Analyzer::checkDeviceNest(const Directive &d, Site &site) {
  if (site.loop.size() > 3)
    return error(d.loop.wholeRange ? d.acc.loc : d.loop.templ.loc,
                 "a device loop distributes at most 3 loops (the dimensions of a CUDA grid)");
  for (const LoopDim &dim : site.loop)
    if (dim.cyclic)
      return error(dim.stmt->getForLoc(),
                   "a device loop cannot run on a cyclic template dimension: each "
                   "task works on a contiguous block of rows");
  // Inner bounds are evaluated once, before any task runs.
  for (size_t k = 1; k < site.loop.size(); ++k) {
    const ForStmt *f = site.loop[k].stmt;
    const DeclRefExpr *outerRef = nullptr;
    std::function<void(const Stmt *)> find = [&](const Stmt *s) {
      if (!s || outerRef)
        return;
      if (const auto *ref = dyn_cast<DeclRefExpr>(s))
        for (size_t outer = 0; outer < k; ++outer)
          if (ref->getDecl()->getName() == site.loop[outer].var)
            outerRef = ref;
      for (const Stmt *child : s->children())
        find(child);
    };
    for (const Stmt *header : {f->getInit(), static_cast<const Stmt *>(f->getCond()),
                               static_cast<const Stmt *>(f->getInc())})
      find(header);
    if (outerRef)
      return error(outerRef->getLocation(),
                   "the bounds of a device loop's inner loop cannot depend on the outer "
                   "index '" + outerRef->getDecl()->getName().str() + "'");
  }
  const ForStmt *outer = site.loop.front().stmt;
  unsigned here = index.offset(d.range.getBegin());
  if (llvm::none_of(replicates, [&](const ReplicateScope &r) {
        return here > r.begin && here < r.end;
      }))
    return error(d.range.getBegin(),
                 d.loop.viaAcc
                     ? "an OpenACC loop construct must stand inside an 'acc data' region (or a "
                       "'device replicate' block) that names the arrays it uses"
                     : "'device loop' must stand inside a 'device replicate' block, which "
                       "names the arrays it uses");
  site.devBody = site.loop.back().stmt->getBody();
  if (!analyzeDeviceBody(index, diags, site,
                         [&](const VarDecl *var, SourceLocation at, DeviceArray &out) {
                           return replicated(var, at, out, "used in a device loop");
                         }))
    return false;
  // Alone, the OpenACC loop runs every iteration on every node: a distributed
  // array has only this node's part here.
  if (d.loop.wholeRange)
    for (const DeviceArray &a : site.devArrays)
      if (a.dist)
        return error(d.acc.loc, "the distributed array '" + a.name +
                                    "' is used in an OpenACC loop that every node runs whole: "
                                    "put '#pragma xmp loop ... on t(...)' before the directive "
                                    "to run each node's part");
  deviceNests.push_back({index.offset(outer->getBeginLoc()),
                         index.offset(outer->getEndLoc())});
  return true;
}

/// `device replicate (a, b)` (or `acc data`) and its block: the arrays,
/// their storage.
bool Analyzer::checkReplicate(const Directive &d, const std::vector<Name> &names, Site &site,
                              const FunctionDecl *fn, const char *directive,
                              std::optional<std::pair<unsigned, unsigned>> span) {
  ReplicateScope scope;
  if (span) { // acc enter data: to its exit data, or the end of its block
    scope = {span->first, span->second, {}};
  } else if (d.kind == DirectiveKind::AccData && d.acc.loopBegin.isValid()) {
    // An OpenACC loop construct's own data region: around its `xmp loop`
    // directive and the nest after it.
    const ForStmt *nest = index.forAfter(d.acc.loopEnd);
    if (!nest)
      return false; // the loop's own check reports it
    site.body = nest;
    scope = {index.offset(d.acc.loopBegin) - 1, index.offset(nest->getEndLoc()), {}};
  } else {
    const CompoundStmt *block = blockAfter(d, directive);
    site.body = block;
    if (!block)
      return false;
    scope = {index.offset(block->getLBracLoc()), index.offset(block->getRBracLoc()), {}};
  }
  // Another replicate directly before this one: both would take the block.
  if (llvm::any_of(replicates, [&](const ReplicateScope &r) { return r.begin == scope.begin; }))
    return error(d.range.getBegin(), std::string("the block after this '") + directive +
                                         "' is that of the one before; list the arrays in one "
                                         "directive");
  for (const Name &n : names) {
    const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
    if (!var)
      return error(n.loc, "array '" + n.text + "' is not declared");
    const VarDecl *decl = var->decl;
    if (llvm::any_of(scope.arrays, [&](const DeviceArray &a) { return a.decl == decl; }))
      return error(n.loc, "'" + n.text + "' is listed twice");
    DeviceArray array;
    array.decl = decl;
    array.name = n.text;
    array.replica = site.id;
    QualType elem = decl->getType();
    std::vector<int64_t> extents;
    while (const auto *at = ctx.getAsConstantArrayType(elem)) {
      extents.push_back(at->getSize().getSExtValue());
      elem = at->getElementType();
    }
    if (extents.empty())
      return error(n.loc, "'" + n.text + "' in '" + directive +
                              "' is not an array of constant size");
    auto dist = program.arrays.find(decl);
    if (dist != program.arrays.end()) {
      array.dist = &dist->second;
      array.elemType = dist->second.elemType;
    } else {
      if (var->function && var->function != fn)
        return error(n.loc, std::string("'") + directive +
                                "' must stand in the function that declares '" + n.text + "'");
      array.elemType = elem.getCanonicalType().getUnqualifiedType().getAsString();
      for (size_t k = 1; k < extents.size(); ++k)
        array.rowElems *= extents[k];
      std::string decayed;
      llvm::raw_string_ostream os(decayed);
      ctx.getDecayedType(decl->getType()).print(os, ctx.getPrintingPolicy(), n.text);
      array.paramDecl = os.str();
      array.paramType = ctx.getDecayedType(decl->getType()).getAsString();
    }
    scope.arrays.push_back(array);
  }
  site.devArrays = scope.arrays;
  replicates.push_back(std::move(scope));
  return true;
}

/// The entry of the innermost `device replicate` block around `at` that
/// lists `var`.
bool Analyzer::replicated(const VarDecl *var, SourceLocation at, DeviceArray &out,
                          const char *use) {
  unsigned here = index.offset(at);
  if (program.coarrays.count(var))
    return error(at, "coarray '" + var->getName().str() + "' is " + use +
                         ": a device loop reaches copies of its data on the GPUs and CPU "
                         "workers, which one-sided communication does not; copy it to an "
                         "ordinary array first");
  for (auto r = replicates.rbegin(); r != replicates.rend(); ++r) {
    if (here <= r->begin || here >= r->end)
      continue;
    for (const DeviceArray &a : r->arrays)
      if (a.decl == var) {
        out = a;
        return true;
      }
  }
  return error(at, "array '" + var->getName().str() + "' is " + use +
                       " but is not named in an enclosing 'device replicate' or 'acc data'");
}

bool Analyzer::checkDeviceSync(const Directive &d, Site &site) {
  site.syncIn = d.device.in;
  for (const Name &n : d.device.arrays) {
    const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
    if (!var)
      return error(n.loc, "array '" + n.text + "' is not declared");
    DeviceArray array;
    if (!replicated(var->decl, n.loc, array, "in 'replicate_sync'"))
      return false;
    site.devArrays.push_back(array);
  }
  return true;
}

bool Analyzer::checkResetWeight(const Directive &d, Site &site) {
  const CExpr &w = d.resetWeight.weight;
  // A literal outside [0, 1] is caught here; other values at run time.
  std::string literal = w.text;
  char *end = nullptr;
  double value = std::strtod(literal.c_str(), &end);
  if (end && *end == '\0' && !literal.empty() && !(value >= 0.0 && value <= 1.0))
    return error(w.loc, "the CPU weight " + literal + " is outside [0, 1]");
  site.exprs.push_back(w.text);
  return true;
}

} // namespace xmp::frontend::sema
