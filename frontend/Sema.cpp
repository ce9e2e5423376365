//===- Sema.cpp - semantic analysis of XMP directives -----------------------===//

#include "SemaAnalyzer.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {

/// A `tasks` block holds task constructs only: each of its statements must be
/// the body of a `task` directive written inside it.
/// The return statements of main (it keeps its name; each return goes
/// through the runtime's end). One a macro writes cannot be wrapped.
void Analyzer::collectReturns(const Stmt *s) {
  if (!s)
    return;
  if (const auto *r = dyn_cast<ReturnStmt>(s)) {
    if (r->getReturnLoc().isMacroID())
      error(sm.getExpansionLoc(r->getReturnLoc()),
            "a 'return' of main written by a macro is not supported: the translation "
            "finishes the runtime there; write the return statement out");
    else
      program.mainReturns.push_back(r);
  }
  for (const Stmt *child : s->children())
    collectReturns(child);
}

void Analyzer::checkTasksBlocks() {
  std::set<const Stmt *> taskBodies;
  for (const Site &site : program.sites)
    if (site.dir->kind == DirectiveKind::Task && site.body)
      taskBodies.insert(site.body);
  for (const Site &site : program.sites) {
    const auto *block = dyn_cast_or_null<CompoundStmt>(site.body);
    if (site.dir->kind != DirectiveKind::Tasks || !block)
      continue;
    for (const Stmt *s : block->body())
      if (!isa<NullStmt>(s) && !taskBodies.count(s))
        error(s->getBeginLoc(), "a 'tasks' block may contain only 'task' constructs; this "
                                "statement belongs to no task");
  }
}

/// Where the first token after the directive's line stands, past any
/// further directive lines (a task directly followed by another task).
SourceLocation Analyzer::tokenAfter(const Directive &d) {
  FileID fid = sm.getMainFileID();
  StringRef buffer = sm.getBufferData(fid);
  Lexer raw(sm.getLocForStartOfFile(fid), ctx.getLangOpts(), buffer.begin(),
            buffer.begin() + index.offset(d.range.getEnd()), buffer.end());
  Token next;
  raw.LexFromRawLexer(next);
  while (next.is(tok::hash) && next.isAtStartOfLine()) {
    raw.SetKeepWhitespaceMode(true); // the line ends at the first unescaped newline
    do
      raw.LexFromRawLexer(next);
    while (!next.is(tok::eof) &&
           !(next.is(tok::unknown) && StringRef(buffer.data() + index.offset(next.getLocation()),
                                                next.getLength())
                                          .contains('\n')));
    raw.SetKeepWhitespaceMode(false);
    raw.LexFromRawLexer(next);
  }
  return next.getLocation();
}

/// The compound statement that must follow a tasks or device replicate directive.
const CompoundStmt *Analyzer::blockAfter(const Directive &d, const char *directive) {
  SourceLocation next = tokenAfter(d);
  const CompoundStmt *body = index.compoundAt(next);
  if (!body)
    error(next, std::string("'") + directive + "' must be followed by a block '{ ... }'");
  return body;
}

/// The statement a task applies to: a block or a single statement (the
/// spec's structured block), as in `#pragma xmp task on p(1)` + `printf(...);`.
const Stmt *Analyzer::statementAfter(const Directive &d, const char *directive) {
  SourceLocation next = tokenAfter(d);
  const Stmt *body = index.compoundAt(next);
  if (!body)
    body = index.stmtAt(next);
  // An array assignment statement: the parser saw a null statement at its ';'.
  if (auto it = arrayStatementEnds.find(index.offset(next));
      !body && it != arrayStatementEnds.end())
    if (const Stmt *null = index.stmtAt(it->second); null && isa<NullStmt>(null))
      return null;
  if (!body || isa<DeclStmt>(body) || isa<NullStmt>(body))
    error(next, std::string("'") + directive +
                    "' must be followed by a statement or a block '{ ... }'");
  return body && !isa<DeclStmt>(body) && !isa<NullStmt>(body) ? body : nullptr;
}

bool Analyzer::checkConstant(const std::string &text, SourceLocation loc,
                             const std::string &what) {
  ConstantText c = evaluateConstant(text);
  if (c.problem.empty())
    return true;
  return error(loc, what + " '" + text + "' is " + c.problem);
}

/// Whether `var` stands for storage some other name may also reach: a
/// pointer, an array parameter (a pointer too) among them.
bool mayAlias(const VarDecl *var) { return var->getType()->isPointerType(); }

/// The integer a literal length is, if it is one.
std::optional<int64_t> literal(const std::string &text) {
  int64_t v;
  if (llvm::StringRef(text).trim().getAsInteger(0, v))
    return std::nullopt;
  return v;
}

/// The length of a triplet `base::step` with its length omitted: the rest of
/// a dimension of extent `ext`, up to its end for a positive step, down to 0
/// for a negative one.
std::string restLength(const std::string &ext, const std::string &base,
                       const std::string &step) {
  std::string up = "((" + ext + ") - (" + base + ") + (" + step + ") - 1) / (" + step + ")",
              down = "((" + base + ") - (" + step + ")) / -(" + step + ")";
  std::optional<int64_t> st = literal(step);
  return !st ? "((" + step + ") > 0 ? " + up + " : " + down + ")" : *st > 0 ? up : down;
}

Program Analyzer::run(const std::vector<Directive> &directives) {
  allDirectives = &directives;
  for (const Directive &d : directives) {
    auto note = [&](const Name &n) {
      if (const SourceIndex::Var *v = index.lookupVar(n.text, n.loc))
        replicatedInFile.insert(v->decl->getCanonicalDecl());
    };
    if (d.kind == DirectiveKind::DeviceReplicate)
      llvm::for_each(d.device.arrays, note);
    if (d.kind == DirectiveKind::AccData || d.kind == DirectiveKind::AccEnterData)
      for (const AccClause &c : d.acc.clauses)
        llvm::for_each(c.vars, note);
  }
  for (const Directive &d : directives)
    if (d.kind == DirectiveKind::Array && d.array.statementOnly)
      arrayStatementEnds[index.offset(d.range.getBegin())] = d.range.getEnd().getLocWithOffset(-1);
  for (const Directive &d : directives) {
    Site site;
    site.dir = &d;
    site.id = nextSite++;
    const FunctionDecl *fn = index.enclosingFunction(d.range.getBegin());
    site.fileScope = fn == nullptr;
    bool executable = d.kind == DirectiveKind::Loop ||
                      d.kind == DirectiveKind::Reduction ||
                      d.kind == DirectiveKind::Barrier ||
                      d.kind == DirectiveKind::Reflect ||
                      d.kind == DirectiveKind::ReflectInit ||
                      d.kind == DirectiveKind::ReflectDo ||
                      d.kind == DirectiveKind::ReduceShadow ||
                      d.kind == DirectiveKind::Array ||
                      d.kind == DirectiveKind::TemplateFix ||
                      d.kind == DirectiveKind::WaitAsync ||
                      d.kind == DirectiveKind::Bcast ||
                      d.kind == DirectiveKind::Task ||
                      d.kind == DirectiveKind::Gmove ||
                      d.kind == DirectiveKind::Tasks ||
                      d.kind == DirectiveKind::DeviceReplicate ||
                      d.kind == DirectiveKind::DeviceSync ||
                      d.kind == DirectiveKind::DeviceLoop ||
                      d.kind == DirectiveKind::DeviceResetWeight ||
                      d.kind == DirectiveKind::AccData || d.kind == DirectiveKind::AccUpdate ||
                      d.kind == DirectiveKind::AccEnterData ||
                      d.kind == DirectiveKind::AccExitData ||
                      d.kind == DirectiveKind::AccCompute || d.kind == DirectiveKind::AccLoop ||
                      d.kind == DirectiveKind::AccWait || d.kind == DirectiveKind::AccHostData ||
                      d.kind == DirectiveKind::Post || d.kind == DirectiveKind::Wait ||
                      d.kind == DirectiveKind::Lock || d.kind == DirectiveKind::Unlock;
    unsigned at = index.offset(d.range.getBegin());
    // (An OpenACC `loop` inside an OpenACC loop construct's nest is part of it.)
    if (d.kind != DirectiveKind::AccLoop &&
        llvm::any_of(deviceNests, [&](auto r) { return at > r.first && at < r.second; })) {
      if (d.kind == DirectiveKind::Coindexed || d.kind == DirectiveKind::CoarrayAssign)
        error(d.range.getBegin(), "the coindexed reference '" + d.text +
                                      "' is in a device loop: one-sided communication runs on "
                                      "the host; read it into an ordinary variable before the loop");
      else
        error(d.range.getBegin(), "no directive may stand inside a device loop");
      continue;
    }
    // Inside `#pragma omp parallel`, every thread runs what is there: a
    // loop's own bounds are fine (its `omp for` shares the iterations), a
    // communication would be called once per thread.
    if (executable && !(d.kind == DirectiveKind::Loop && d.loop.reductions.empty()))
      if (const OMPExecutableDirective *omp = index.parallelRegionAt(d.range.getBegin())) {
        error(d.range.getBegin(),
              "'" + d.text.substr(0, d.text.find(' ')) +
                  (d.kind == DirectiveKind::Loop ? " ... reduction" : "") +
                  "' cannot stand inside an OpenMP parallel region (line " +
                  std::to_string(sm.getPresumedLineNumber(omp->getBeginLoc())) +
                  "): each thread would communicate; write `#pragma omp parallel for` on "
                  "the loop itself, or the directive outside the region");
        continue;
      }
    if (executable && site.fileScope) {
      error(d.range.getBegin(), "'" + d.text.substr(0, d.text.find(' ')) +
                                    "' is an executable directive and must "
                                    "stand inside a function");
      continue;
    }
    bool ok = false;
    switch (d.kind) {
    case DirectiveKind::Nodes: ok = checkNodes(d, site, fn); break;
    case DirectiveKind::Template: ok = checkTemplate(d, site, fn); break;
    case DirectiveKind::Distribute: ok = checkDistribute(d, site, fn); break;
    case DirectiveKind::TemplateFix: ok = checkTemplateFix(d, site, fn); break;
    case DirectiveKind::Align: ok = checkAlign(d, site, fn); break;
    case DirectiveKind::Loop: ok = checkLoop(d, site, fn); break;
    case DirectiveKind::Reduction: {
      CheckedReduction r;
      ok = checkReduction(d.reduction.clause, d.range.getBegin(), r) &&
           checkOn(d.reduction.on, fn, site, r.on, /*nodesOnly=*/false,
                   /*allowSubset=*/true);
      if (ok && d.reduction.acc &&
          llvm::any_of(r.counts, [](int64_t n) { return n < 0; }))
        ok = error(d.reduction.accLoc, "'acc' on the reduction of a distributed array is not "
                                       "supported; reduce its host values");
      // Location variables are host scalars: no device copy to reduce.
      if (ok && d.reduction.acc &&
          llvm::any_of(r.locs, [](const auto &l) { return !l.empty(); }))
        ok = error(d.reduction.accLoc,
                   "'acc' on the location reduction '" + r.kind +
                       "' is not supported; its location variables are "
                       "host scalars");
      site.reductions.push_back(r);
      if (d.reduction.async)
        site.async = d.reduction.async->text;
      break;
    }
    case DirectiveKind::Barrier:
      ok = checkOn(d.barrier.on, fn, site, site.barrierOn, /*nodesOnly=*/true,
                   /*allowSubset=*/true);
      break;
    case DirectiveKind::Shadow: ok = checkShadow(d, site); break;
    case DirectiveKind::Reflect: ok = checkReflect(d, site); break;
    case DirectiveKind::ReflectInit:
    case DirectiveKind::ReflectDo: ok = checkReflectPlan(d, site); break;
    case DirectiveKind::ReduceShadow: ok = checkReduceShadow(d, site); break;
    case DirectiveKind::WaitAsync:
      for (const CExpr &id : d.waitAsync.ids)
        site.exprs.push_back(id.text);
      ok = true;
      // `on p(...)`: only those nodes wait (they issued the operations);
      // it runs as a task on them.
      if (const std::optional<NodeRef> &on = d.waitAsync.on) {
        Symbol *s = lookup(on->name, fn);
        if (s && s->kind == Symbol::Nodes && !on->subscripted) {
          site.onSubset = true;
          ok = selection(*on, *s, site);
        } else {
          std::string unused;
          ok = checkOn(on, fn, site, unused, /*nodesOnly=*/true, /*allowSubset=*/true);
        }
      }
      break;
    case DirectiveKind::Bcast: ok = checkBcast(d, site, fn); break;
    case DirectiveKind::Task: ok = checkTask(d, site, fn); break;
    case DirectiveKind::Gmove: ok = checkGmove(d, site); break;
    case DirectiveKind::Array:
      ok = d.array.statementOnly ? checkArrayStatement(d, site) : checkArray(d, site, fn);
      break;
    case DirectiveKind::Tasks:
      site.body = blockAfter(d, "tasks");
      ok = site.body != nullptr;
      break;
    case DirectiveKind::DeviceReplicate:
      ok = checkReplicate(d, d.device.arrays, site, fn, "device replicate");
      break;
    case DirectiveKind::AccData: ok = checkAccData(d, site, fn); break;
    case DirectiveKind::AccEnterData: ok = checkAccEnter(d, site, fn); break;
    case DirectiveKind::AccExitData: ok = checkAccExit(d); break;
    case DirectiveKind::AccUpdate: ok = checkAccUpdate(d, site); break;
    case DirectiveKind::AccCompute: ok = true; break; // its loop's device loop and region
    case DirectiveKind::AccHostData: ok = checkAccHostData(d, site); break;
    case DirectiveKind::StaticDesc: ok = checkStaticDesc(d, fn); break;
    case DirectiveKind::AccLoop: ok = checkAccLoop(d); break;
    case DirectiveKind::AccWait: ok = true; break;
    case DirectiveKind::DeviceSync: ok = checkDeviceSync(d, site); break;
    case DirectiveKind::DeviceLoop: ok = checkLoop(d, site, fn, /*device=*/true); break;
    case DirectiveKind::DeviceResetWeight: ok = checkResetWeight(d, site); break;
    case DirectiveKind::Coarray: ok = checkCoarray(d, site, fn); break;
    case DirectiveKind::Coindexed: ok = checkCoindexed(d, site, fn); break;
    case DirectiveKind::CoarrayAssign: ok = checkCoarrayAssign(d, site, fn); break;
    case DirectiveKind::Post:
    case DirectiveKind::Wait: ok = checkPostWait(d, site, fn); break;
    case DirectiveKind::Lock:
    case DirectiveKind::Unlock: ok = checkLock(d, site); break;
    }
    if (ok)
      program.sites.push_back(std::move(site));
  }
  checkCoarrayUses();
  checkAtomicCalls();
  checkAccesses();
  checkLoopAccesses();
  planNestLocals();
  planPrologues();
  planLazyReductions();
  checkDescOfs();
  // A main that calls xmp_init (Omni XMP's MPI_Init, xmp_init(comm), ...,
  // xmp_finalize(), MPI_Finalize()) starts and ends MPI and the runtime itself.
  program.wrappedMain = index.mainFunction();
  if (program.wrappedMain && llvm::any_of(index.calls(), [&](const CallExpr *call) {
        const FunctionDecl *callee = call->getDirectCallee();
        return callee && callee->getName() == "xmp_init" &&
               index.enclosingFunction(call->getBeginLoc()) == program.wrappedMain;
      }))
    program.wrappedMain = nullptr;
  if (program.wrappedMain)
    collectReturns(program.wrappedMain->getBody());
  checkTasksBlocks();
  return std::move(program);
}

} // namespace xmp::frontend::sema

Program xmp::frontend::analyze(const std::vector<Directive> &directives,
                               const SourceIndex &index,
                               DiagnosticsEngine &diags) {
  return sema::Analyzer(index, diags).run(directives);
}

const DistArray *xmp::frontend::distributedRoot(const Program &program,
                                                const Expr *e, unsigned *depth) {
  unsigned n = 0;
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts())) {
    ++n;
    e = s->getBase();
  }
  if (depth)
    *depth = n;
  const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  auto it = var ? program.arrays.find(var) : program.arrays.end();
  return it == program.arrays.end() ? nullptr : &it->second;
}

