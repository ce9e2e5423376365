//===- SemaAcc.cpp - OpenACC directives of XcalableACC programs -----------===//
//
// `#pragma acc` on the device layer: a data region is a `device replicate`
// block whose data clauses say what is copied in and out; `update` is a
// `replicate_sync`; an OpenACC loop construct made a device loop when it was
// read (Plugin.cpp): of the `#pragma xmp loop` before it, or of its own over
// the whole range; its data clauses and implicit copies a data region around
// that loop. Scalars in data clauses need nothing: device loops take them by
// value and return their reductions to the host.
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

/// A data clause's variable `k` written as a subarray (`a[0:N]`) is the
/// whole array: the device layer moves whole arrays, and moving more than a
/// clause names could overwrite host values the program keeps.
bool Analyzer::wholeSection(const AccClause &c, size_t k, const VarDecl *var) {
  if (k >= c.sections.size() || c.sections[k].dims.empty())
    return true;
  const AccSection &s = c.sections[k];
  const std::string &name = c.vars[k].text;
  QualType type = var->getType();
  std::vector<long long> extents;
  while (const auto *at = ctx.getAsConstantArrayType(type)) {
    extents.push_back(at->getSize().getSExtValue());
    type = at->getElementType();
  }
  if (s.dims.size() > extents.size())
    return error(s.loc, "the subarray of '" + name + "' has " + std::to_string(s.dims.size()) +
                            " dimensions; '" + name + "' has " +
                            std::to_string(extents.size()));
  for (size_t d = 0; d < s.dims.size(); ++d) {
    std::optional<long long> first =
        s.dims[d].first.empty() ? 0 : evaluateConstant(s.dims[d].first).value;
    std::optional<long long> length =
        s.dims[d].second.empty() ? extents[d] - first.value_or(0)
                                 : evaluateConstant(s.dims[d].second).value;
    if (!first || !length)
      return error(s.loc, "the subarray of '" + name + "' in '" + c.name + "' has bounds that " +
                              "are not integer constants: xmpcc moves whole arrays and must " +
                              "see that it is one; write '" + name + "'");
    if (*first != 0 || *length != extents[d])
      return error(s.loc, "the subarray of '" + name + "' in '" + c.name + "' is [" +
                              std::to_string(*first) + ":" + std::to_string(*length) +
                              "] in dimension " + std::to_string(d) + " of extent " +
                              std::to_string(extents[d]) +
                              ": xmpcc moves whole arrays, not parts; write '" + name + "'");
  }
  return true;
}

/// Variable `k` of a clause, declared, and whole where written as a subarray;
/// null (reported) otherwise.
const SourceIndex::Var *Analyzer::clauseVar(const AccClause &c, size_t k) {
  const Name &n = c.vars[k];
  const SourceIndex::Var *var = index.lookupVar(n.text, n.loc);
  if (!var) {
    error(n.loc, "'" + n.text + "' is not declared");
    return nullptr;
  }
  return wholeSection(c, k, var->decl) ? var : nullptr;
}

/// The arrays a data directive's clauses give device copies, with what moves
/// in and out: scalars need none, and an array an enclosing region holds is
/// present (nothing moves).
bool Analyzer::accDataArrays(const Directive &d, std::vector<Name> &arrays,
                             std::vector<std::pair<bool, bool>> &moves) {
  for (const AccClause &c : d.acc.clauses) {
    DataMove move = dataMove(c.name);
    if (!move.known)
      continue;
    for (size_t k = 0; k < c.vars.size(); ++k) {
      const Name &n = c.vars[k];
      const SourceIndex::Var *var = clauseVar(c, k);
      if (!var)
        return false;
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

/// OpenACC's implicit data of a compute construct: an array its nest uses
/// that neither its clauses nor an enclosing region name is copied in and out.
void Analyzer::accImplicitCopies(const Directive &d, std::vector<Name> &arrays,
                                 std::vector<std::pair<bool, bool>> &moves) {
  const ForStmt *nest = index.forAfter(d.acc.loopEnd);
  if (!nest)
    return; // the loop's own check reports it
  unsigned begin = index.offset(nest->getBeginLoc()), end = index.offset(nest->getEndLoc());
  std::function<void(const Stmt *)> scan = [&](const Stmt *s) {
    if (!s)
      return;
    if (const auto *ref = dyn_cast<DeclRefExpr>(s))
      if (const auto *var = dyn_cast<VarDecl>(ref->getDecl())) {
        unsigned declared = index.offset(var->getLocation());
        bool inside = sm.isInMainFile(var->getLocation()) && declared >= begin && declared <= end;
        std::string name = var->getName().str();
        bool enclosed = llvm::any_of(replicates, [&](const ReplicateScope &r) {
          return begin > r.begin && begin < r.end &&
                 llvm::any_of(r.arrays, [&](const DeviceArray &a) { return a.decl == var; });
        });
        if (!inside && !enclosed && ctx.getAsConstantArrayType(var->getType()) &&
            llvm::none_of(arrays, [&](const Name &a) { return a.text == name; }) &&
            llvm::none_of(d.acc.clauses, [&](const AccClause &c) {
              return llvm::any_of(c.vars, [&](const Name &v) { return v.text == name; });
            })) {
          arrays.push_back({name, ref->getLocation()});
          moves.push_back({true, true});
        }
      }
    for (const Stmt *child : s->children())
      scan(child);
  };
  scan(nest);
}

bool Analyzer::checkAccData(const Directive &d, Site &site, const FunctionDecl *fn) {
  std::vector<Name> arrays;
  std::vector<std::pair<bool, bool>> moves;
  if (!accDataArrays(d, arrays, moves))
    return false;
  if (d.acc.loopBegin.isValid())
    accImplicitCopies(d, arrays, moves);
  if (!checkReplicate(d, arrays, site, fn, "acc data"))
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
    for (size_t k = 0; k < c.vars.size(); ++k) {
      const Name &n = c.vars[k];
      const SourceIndex::Var *var = clauseVar(c, k);
      if (!var)
        return false;
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
    for (size_t k = 0; k < c.vars.size(); ++k) {
      const Name &n = c.vars[k];
      const SourceIndex::Var *var = clauseVar(c, k);
      if (!var)
        return false;
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


/// `host_data use_device(a)` and its block: there, `a` stands for the address
/// of its device copy, to hand to a CUDA library or a CUDA-aware MPI; an
/// element of it would be read on the host, so the array is used whole.
bool Analyzer::checkAccHostData(const Directive &d, Site &site) {
  const CompoundStmt *block = blockAfter(d, "acc host_data");
  if (!block)
    return false;
  site.body = block;
  for (const AccClause &c : d.acc.clauses)
    for (size_t k = 0; k < c.vars.size(); ++k) {
      const Name &n = c.vars[k];
      const SourceIndex::Var *var = clauseVar(c, k);
      if (!var)
        return false;
      if (!ctx.getAsConstantArrayType(var->decl->getType()))
        return error(n.loc, "'" + n.text + "' in 'use_device' is not an array: only arrays "
                                           "have device copies here");
      if (llvm::any_of(site.devArrays, [&](const DeviceArray &a) { return a.decl == var->decl; }))
        return error(n.loc, "'" + n.text + "' is listed twice");
      DeviceArray array;
      if (!replicated(var->decl, n.loc, array, "in 'acc host_data use_device'"))
        return false;
      site.devArrays.push_back(array);
    }
  unsigned begin = index.offset(block->getLBracLoc()), end = index.offset(block->getRBracLoc());
  for (const DeclRefExpr *ref : index.declRefs()) {
    unsigned at = index.offset(ref->getLocation());
    if (at <= begin || at >= end)
      continue;
    auto array = llvm::find_if(site.devArrays,
                               [&](const DeviceArray &a) { return a.decl == ref->getDecl(); });
    if (array == site.devArrays.end())
      continue;
    // Subscripts that only compute an address (`&x[i][0]`, the row `x[i]`)
    // are fine; an element read or written is not.
    const Expr *e = ref;
    const ArraySubscriptExpr *last = nullptr;
    for (DynTypedNodeList parents = ctx.getParents(*e); !parents.empty();
         parents = ctx.getParents(*e)) {
      const auto *cast = parents[0].get<ImplicitCastExpr>();
      const auto *sub = parents[0].get<ArraySubscriptExpr>();
      if (parents[0].get<ParenExpr>() ||
          (cast && (cast->getCastKind() == CK_ArrayToPointerDecay ||
                    cast->getCastKind() == CK_NoOp)))
        e = parents[0].get<Expr>();
      else if (sub && sub->getBase()->IgnoreParenImpCasts() == e->IgnoreParenImpCasts())
        e = last = sub;
      else
        break;
    }
    if (last && !last->getType()->isArrayType()) {
      DynTypedNodeList parents = ctx.getParents(*last);
      const auto *addr = parents.empty() ? nullptr : parents[0].get<UnaryOperator>();
      if (!addr || addr->getOpcode() != UO_AddrOf)
        return error(ref->getLocation(),
                     "'" + array->name + "' is the address of its device copy in this 'acc "
                     "host_data' block: its elements cannot be read or written on the host "
                     "here (their addresses can be taken)");
    }
    if (ref->getLocation().isMacroID())
      return error(ref->getLocation(), "'" + array->name + "' in a macro expansion inside an "
                                                          "'acc host_data' block is not supported");
    site.hostDataRefs.push_back({ref, static_cast<size_t>(array - site.devArrays.begin())});
    hostDataRefs.insert(ref);
  }
  return true;
}

bool Analyzer::checkAccLoop(const Directive &d) {
  unsigned at = index.offset(d.range.getBegin());
  if (!d.acc.merged ||
      llvm::none_of(deviceNests, [&](auto r) { return at > r.first && at < r.second; }))
    return error(d.acc.loc, "'acc loop' must stand inside the nest of an OpenACC 'parallel "
                            "loop' or 'kernels loop'");
  return true;
}

} // namespace xmp::frontend::sema
