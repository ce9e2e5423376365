//===- SemaAcc.cpp - OpenACC directives of XcalableACC programs -----------===//
//
// `#pragma acc` on the device layer: a data region is a `device replicate`
// block whose data clauses say what is copied in and out; `update` is a
// `replicate_sync`; an OpenACC loop construct after `#pragma xmp loop` made
// that loop a device loop when it was read (Plugin.cpp), and its data clauses
// a data region around that loop. Scalars in data
// clauses need nothing: device loops take them by value and return their
// reductions to the host.
//
//===----------------------------------------------------------------------===//

#include "SemaAnalyzer.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {

namespace {

/// What a data clause moves: in at the region's start, out at its end;
/// `present` moves nothing and needs an enclosing region.
struct DataMove {
  bool known = false, in = false, out = false, present = false;
};

DataMove dataMove(StringRef clause) {
  StringRef base = clause;
  base.consume_front("present_or_");
  if (base.size() > 1 && base.front() == 'p' && base != "present")
    base = base.drop_front(); // pcopy, pcopyin, pcopyout, pcreate
  return llvm::StringSwitch<DataMove>(base)
      .Case("copy", {true, true, true, false})
      .Case("copyin", {true, true, false, false})
      .Case("copyout", {true, false, true, false})
      .Case("create", {true, false, false, false})
      .Case("present", {true, false, false, true})
      .Case("delete", {true, false, false, false})
      .Default({});
}

} // namespace

/// The arrays a data directive's clauses give device copies, with what moves
/// in and out: scalars need none, and an array an enclosing region holds is
/// present (nothing moves).
bool Analyzer::accDataArrays(const Directive &d, std::vector<Name> &arrays,
                             std::vector<std::pair<bool, bool>> &moves) {
  for (const AccClause &c : d.acc.clauses) {
    DataMove move = dataMove(c.name);
    if (!move.known)
      continue;
    for (const Name &n : c.vars) {
      const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
      if (!var)
        return error(n.loc, "'" + n.text + "' is not declared");
      QualType type = var->decl->getType();
      if (!ctx.getAsConstantArrayType(type)) {
        if (type->isScalarType())
          continue; // device loops take scalars by value
        return error(n.loc, "'" + n.text + "' in '" + c.name +
                                "' is neither an array of constant size nor a scalar");
      }
      // Already on the device (an enclosing region): present, nothing moves,
      // as OpenACC's data clauses do for present data.
      unsigned here = index.offset(n.loc);
      bool enclosed = llvm::any_of(replicates, [&](const ReplicateScope &r) {
        return here > r.begin && here < r.end &&
               llvm::any_of(r.arrays, [&](const DeviceArray &a) { return a.decl == var->decl; });
      });
      if (move.present && !enclosed)
        return error(n.loc, "'" + n.text + "' is 'present' but no enclosing 'acc data' or "
                                           "'device replicate' holds it");
      if (move.present || enclosed)
        continue;
      if (llvm::any_of(arrays, [&](const Name &a) { return a.text == n.text; }))
        return error(n.loc, "'" + n.text + "' is named in two data clauses");
      arrays.push_back(n);
      moves.push_back({move.in, move.out});
    }
  }
  return true;
}

bool Analyzer::checkAccData(const Directive &d, Site &site, const FunctionDecl *fn) {
  std::vector<Name> arrays;
  std::vector<std::pair<bool, bool>> moves;
  if (!accDataArrays(d, arrays, moves) || !checkReplicate(d, arrays, site, fn, "acc data"))
    return false;
  for (size_t k = 0; k < site.devArrays.size(); ++k) {
    site.devArrays[k].copyIn = moves[k].first;
    site.devArrays[k].copyOut = moves[k].second;
  }
  return true;
}

/// `enter data`: a data region from here to the `exit data` of its arrays
/// in the same block (all of them in one), or to the end of the block; the
/// exit's `copyout` arrays go back to the host there.
bool Analyzer::checkAccEnter(const Directive &d, Site &site, const FunctionDecl *fn) {
  std::vector<Name> arrays;
  std::vector<std::pair<bool, bool>> moves;
  if (!accDataArrays(d, arrays, moves))
    return false;
  unsigned begin = index.offset(d.range.getBegin()), end = index.blockEnd(d.range.getBegin());
  const Directive *exit = nullptr;
  for (const Directive &e : *allDirectives) {
    unsigned at = index.offset(e.range.getBegin());
    if (e.kind != DirectiveKind::AccExitData || at <= begin || at >= end ||
        index.blockEnd(e.range.getBegin()) != end)
      continue;
    bool names = llvm::any_of(e.acc.clauses, [&](const AccClause &c) {
      return llvm::any_of(c.vars, [&](const Name &v) {
        return llvm::any_of(arrays, [&](const Name &a) { return a.text == v.text; });
      });
    });
    if (names) {
      exit = &e;
      break;
    }
  }
  for (size_t k = 0; exit && k < arrays.size(); ++k) {
    const AccClause *in = nullptr;
    for (const AccClause &c : exit->acc.clauses)
      if (llvm::any_of(c.vars, [&](const Name &v) { return v.text == arrays[k].text; }))
        in = &c;
    if (!in)
      return error(arrays[k].loc,
                   "'" + arrays[k].text + "' is not in the 'exit data' on line " +
                       std::to_string(sm.getPresumedLineNumber(exit->range.getBegin())) +
                       ", which ends the region of this 'enter data': exit its arrays together");
    moves[k].second = in->name == "copyout";
  }
  if (!checkReplicate(d, arrays, site, fn, "acc enter data",
                      std::make_pair(begin, exit ? index.offset(exit->range.getBegin()) : end)))
    return false;
  for (size_t k = 0; k < site.devArrays.size(); ++k) {
    site.devArrays[k].copyIn = moves[k].first;
    site.devArrays[k].copyOut = moves[k].second;
  }
  site.accExit = exit;
  site.blockEndOffset = end;
  return true;
}

/// `exit data`: each array's `enter data` is earlier in this block.
bool Analyzer::checkAccExit(const Directive &d) {
  unsigned at = index.offset(d.range.getBegin());
  for (const AccClause &c : d.acc.clauses)
    for (const Name &n : c.vars) {
      const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
      if (!var)
        return error(n.loc, "'" + n.text + "' is not declared");
      if (!ctx.getAsConstantArrayType(var->decl->getType()))
        continue; // scalars have no device copies
      if (llvm::none_of(replicates, [&](const ReplicateScope &r) {
            return r.end == at && llvm::any_of(r.arrays, [&](const DeviceArray &a) {
                     return a.decl == var->decl;
                   });
          }))
        return error(n.loc, "'exit data' of '" + n.text +
                                "' without an 'enter data' of it earlier in this block");
    }
  return true;
}

bool Analyzer::checkAccUpdate(const Directive &d, Site &site) {
  for (const AccClause &c : d.acc.clauses) {
    if (c.name != "host" && c.name != "self" && c.name != "device")
      continue;
    for (const Name &n : c.vars) {
      const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
      if (!var)
        return error(n.loc, "'" + n.text + "' is not declared");
      if (!ctx.getAsConstantArrayType(var->decl->getType())) {
        if (var->decl->getType()->isScalarType())
          continue; // kept on the host: device loops take its value at their start
        return error(n.loc, "'" + n.text + "' in '" + c.name +
                                "' is neither an array of constant size nor a scalar");
      }
      DeviceArray array;
      if (!replicated(var->decl, n.loc, array, ("in 'acc update " + c.name + "'").c_str()))
        return false;
      array.copyIn = c.name == "device";
      site.devArrays.push_back(array);
    }
  }
  return true;
}

bool Analyzer::checkAccCompute(const Directive &d) {
  if (!d.acc.merged)
    return error(d.acc.loc,
                 "an OpenACC '" + d.acc.construct +
                     "' must follow a '#pragma xmp loop ... on t(...)' directly: xmpcc runs it "
                     "as that loop's device loop (an OpenACC loop over ordinary arrays alone "
                     "is not supported yet)");
  // (Its data clauses opened a region of their own, checked as `acc data`.)
  return true;
}

bool Analyzer::checkAccLoop(const Directive &d) {
  unsigned at = index.offset(d.range.getBegin());
  if (!d.acc.merged ||
      llvm::none_of(deviceNests, [&](auto r) { return at > r.first && at < r.second; }))
    return error(d.acc.loc, "'acc loop' must stand inside the nest of an OpenACC 'parallel "
                            "loop' or 'kernels loop' that follows a '#pragma xmp loop'");
  return true;
}

} // namespace xmp::frontend::sema
