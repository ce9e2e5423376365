//===- SemaLazy.cpp - device loop reductions read later ---------------------===//
//
// A device loop's reduction makes the host wait for the loop's kernels, and
// every node for the others, at each execution. A time-stepping program
// usually reads the value after its last step only (Himeno: `gosa = 0;` then
// the loop, every step; `return gosa;` at the end). Where every statement that
// can touch the variable is visible here, the loop runs lazily (the runtime
// completes the reduction when the program reads the variable) and the
// statements around it are marked: those that read the variable wait for its
// pending value first, those that assign it before reading drop it.
//
// Conditions, per variable (all of a loop's, else the loop stays eager):
// - a local of the function, neither static nor volatile, never has its
//   address taken, declared in a block that encloses the loop;
// - every reference outside the loop lies in a statement T that is a direct
//   child of a block enclosing the loop, and T does not contain the loop
//   (a reference in the condition of a loop around it would be read between
//   iterations with no statement to mark);
// - no other directive names it (a directive is not a statement here);
// - T starts in the main file, not in a macro, with no pragma between the
//   statement before it and itself, and is no OpenMP construct (the mark goes
//   right before T, which must not be a pragma line);
// and the loop's template is declared at file scope (the reduction across
// its nodes may happen after the loop's block ended), and the function cannot
// be entered again while it runs (recursion: the inner call's execution of the
// loop would overwrite the outer one's results before it reads them; the
// runtime drops the older ones then, which is right where the older variable
// is gone, as when the function returned without reading it). A call of a
// function defined in another file counts as a possible way back, unless the
// function with the loop is static and its address never taken.
// The marks are statements of blocks around the loop, so every node that ran
// the loop reaches them in the same order: the waits stay collective.
//
//===----------------------------------------------------------------------===//

#include "SemaAnalyzer.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;
using namespace xmp::frontend;

namespace xmp::frontend::sema {
namespace {

/// The statement around s (through a declaration: an initializer's is its
/// DeclStmt).
const Stmt *parentStmt(ASTContext &ctx, const Stmt &s) {
  DynTypedNodeList parents = ctx.getParents(s);
  while (!parents.empty() && !parents[0].get<Stmt>() && parents[0].get<Decl>())
    parents = ctx.getParents(*parents[0].get<Decl>());
  return parents.empty() ? nullptr : parents[0].get<Stmt>();
}

bool refersTo(const Stmt *s, const VarDecl *v) {
  if (!s)
    return false;
  if (const auto *ref = dyn_cast<DeclRefExpr>(s))
    if (ref->getDecl()->getCanonicalDecl() == v)
      return true;
  for (const Stmt *child : s->children())
    if (refersTo(child, v))
      return true;
  return false;
}

/// Whether `text` names identifier `name` (not as part of a longer one).
bool namesIdentifier(StringRef text, StringRef name) {
  auto ident = [](char c) { return isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name); at != StringRef::npos; at = text.find(name, at + 1)) {
    bool before = at > 0 && ident(text[at - 1]);
    bool after = at + name.size() < text.size() && ident(text[at + name.size()]);
    if (!before && !after)
      return true;
  }
  return false;
}

} // namespace

void Analyzer::planLazyReductions() {
  // The calls of each function of this file (canonical declarations; null: a
  // call through a pointer), and the functions whose address is taken.
  std::map<const FunctionDecl *, std::set<const FunctionDecl *>> callees;
  for (const CallExpr *call : index.calls())
    if (const FunctionDecl *caller = index.enclosingFunction(call->getBeginLoc())) {
      const FunctionDecl *callee = call->getDirectCallee();
      callees[caller->getCanonicalDecl()].insert(callee ? callee->getCanonicalDecl() : nullptr);
    }
  std::set<const FunctionDecl *> addressTaken;
  for (const DeclRefExpr *ref : index.declRefs())
    if (const auto *f = dyn_cast<FunctionDecl>(ref->getDecl())) {
      const auto *cast = dyn_cast_or_null<ImplicitCastExpr>(parentStmt(ctx, *ref));
      const auto *call = cast ? dyn_cast_or_null<CallExpr>(parentStmt(ctx, *cast)) : nullptr;
      if (!call || call->getCallee()->IgnoreParenImpCasts() != ref)
        addressTaken.insert(f->getCanonicalDecl());
    }
  // Whether fn may be running again before a call of it returns: it reaches
  // itself through the calls of this file, through a call by pointer, or
  // through a function defined elsewhere that could call it back (not one of
  // a system header or of XMP's and MPI's libraries, which never call the
  // program), where it is visible there (external, or its address taken).
  auto mayRecurse = [&](const FunctionDecl *fn) {
    const FunctionDecl *self = fn->getCanonicalDecl();
    bool reachable = self->isExternallyVisible() || addressTaken.count(self);
    std::set<const FunctionDecl *> seen;
    std::vector<const FunctionDecl *> todo = {self};
    while (!todo.empty()) {
      const FunctionDecl *f = todo.back();
      todo.pop_back();
      for (const FunctionDecl *g : callees[f]) {
        if (!g || g == self)
          return true;
        if (!seen.insert(g).second)
          continue;
        if (g->hasBody()) {
          todo.push_back(g);
          continue;
        }
        StringRef name = g->getIdentifier() ? g->getName() : "";
        bool library = sm.isInSystemHeader(g->getLocation()) || name.starts_with("xmp_") ||
                       name.starts_with("xmpc_") || name.starts_with("MPI_");
        if (!library && reachable)
          return true;
      }
    }
    return false;
  };
  std::map<std::pair<unsigned, bool>, ReductionMark> marks; // by (offset, forget)
  for (Site &site : program.sites) {
    if (!site.devBody || !site.nest || site.reductions.empty() || site.dir->loop.onlyIf)
      continue;
    if (!site.tmplSym.empty()) {
      const Site *t = nullptr;
      for (const Site &other : program.sites)
        if (other.dir->kind == DirectiveKind::Template && other.sym == site.tmplSym)
          t = &other;
      if (!t || !t->fileScope)
        continue;
    }
    SourceLocation at = site.dir->range.getBegin();
    const FunctionDecl *fn = index.enclosingFunction(at);
    if (!fn || !sm.isInMainFile(sm.getExpansionLoc(at)))
      continue;
    // A function that may call itself: an inner call's execution of the loop
    // would overwrite the results the outer one has not read yet.
    if (mayRecurse(fn))
      continue;
    unsigned nestBegin = index.offset(site.nest->getBeginLoc()),
             nestEnd = index.offset(index.afterStmt(site.nest));
    auto inNest = [&](SourceLocation l) {
      unsigned o = index.offset(l);
      return o >= nestBegin && o <= nestEnd;
    };
    // The blocks around the loop.
    std::set<const Stmt *> blocks;
    for (const Stmt *cur = site.nest; (cur = parentStmt(ctx, *cur));)
      if (isa<CompoundStmt>(cur))
        blocks.insert(cur);
    // The statement of block b that starts at child s may take a mark: in the
    // main file, with nothing but C between the statement before it and it.
    auto markable = [&](const CompoundStmt *b, const Stmt *s) {
      // (An OpenMP construct starts at its own pragma line.)
      if (isa<LabelStmt, SwitchCase, OMPExecutableDirective>(s) ||
          !s->getBeginLoc().isFileID() || !sm.isInMainFile(s->getBeginLoc()) ||
          *sm.getCharacterData(s->getBeginLoc()) == '#')
        return false;
      SourceLocation from = b->getLBracLoc().getLocWithOffset(1);
      for (const Stmt *child : b->body()) {
        if (child == s)
          break;
        from = index.afterStmt(child);
      }
      unsigned a = index.offset(from), z = index.offset(s->getBeginLoc());
      if (a > z)
        return false;
      StringRef gap = sm.getBufferData(sm.getMainFileID()).substr(a, z - a);
      return gap.find("#") == StringRef::npos && gap.find("_Pragma") == StringRef::npos;
    };
    // For a statement inside the blocks around the loop, the child T of the
    // innermost such block that holds it; null where T holds the loop too.
    auto statementOf = [&](const Stmt *s) -> std::pair<const CompoundStmt *, const Stmt *> {
      for (const Stmt *cur = s; cur;) {
        const Stmt *p = parentStmt(ctx, *cur);
        if (p && blocks.count(p)) {
          if (inNest(cur->getBeginLoc()) || (index.offset(cur->getBeginLoc()) <= nestBegin &&
                                             index.offset(index.afterStmt(cur)) >= nestEnd))
            return {nullptr, nullptr};
          return {cast<CompoundStmt>(p), cur};
        }
        cur = p;
      }
      return {nullptr, nullptr};
    };
    bool lazy = true;
    std::vector<std::pair<const Stmt *, ReductionMark>> found;
    // The statements right after the variables' declarations: no execution
    // of the loop lies between, so a pending value there is an earlier
    // call's (the same address) and is dropped, whatever the statement does.
    std::set<std::pair<const Stmt *, std::string>> declared;
    for (const CheckedReduction &r : site.reductions)
      for (size_t k = 0; k < r.vars.size() && lazy; ++k) {
        const std::string &name = r.vars[k];
        const SourceIndex::Var *var = index.lookupVar(name, at);
        const VarDecl *v = var ? var->decl->getCanonicalDecl() : nullptr;
        if (!v || r.counts[k] != 0 || !v->hasLocalStorage() || isa<ParmVarDecl>(v) ||
            v->getType().isVolatileQualified() || var->function != fn) {
          lazy = false;
          break;
        }
        // Its declaration: a pending value of an earlier call of the function
        // (same address) is dropped after it.
        const Stmt *decl = nullptr;
        {
          DynTypedNodeList parents = ctx.getParents(*v);
          decl = parents.empty() ? nullptr : parents[0].get<DeclStmt>();
        }
        const Stmt *declBlock = decl ? parentStmt(ctx, *decl) : nullptr;
        if (!declBlock || !blocks.count(declBlock)) {
          lazy = false;
          break;
        }
        const auto *db = cast<CompoundStmt>(declBlock);
        const Stmt *next = nullptr;
        for (auto it = db->body_begin(); it != db->body_end(); ++it)
          if (*it == decl && it + 1 != db->body_end())
            next = *(it + 1);
        if (!next || !markable(db, next)) {
          lazy = false;
          break;
        }
        declared.insert({next, name});
        // Every reference outside the loop.
        for (const DeclRefExpr *ref : index.declRefs()) {
          if (ref->getDecl()->getCanonicalDecl() != v || inNest(ref->getLocation()))
            continue;
          const Stmt *up = parentStmt(ctx, *ref);
          if (const auto *u = dyn_cast_or_null<UnaryOperator>(up);
              u && u->getOpcode() == UO_AddrOf) {
            lazy = false;
            break;
          }
          auto [b, t] = statementOf(ref);
          if (!t || !markable(b, t)) {
            lazy = false;
            break;
          }
          const auto *assign = dyn_cast<BinaryOperator>(t);
          const auto *lhs =
              assign ? dyn_cast<DeclRefExpr>(assign->getLHS()->IgnoreParens()) : nullptr;
          bool kills = assign && assign->getOpcode() == BO_Assign && lhs && lhs == ref &&
                       !refersTo(assign->getRHS(), v);
          found.push_back({t, {t->getBeginLoc(), {name}, kills}});
        }
        // Another directive that names it.
        for (const Site &other : program.sites)
          if (&other != &site && index.enclosingFunction(other.dir->range.getBegin()) == fn &&
              namesIdentifier(other.dir->text, name))
            lazy = false;
      }
    if (!lazy)
      continue;
    site.devLazy = true;
    // One mark per statement and variable: a read anywhere in it waits.
    std::map<std::pair<const Stmt *, std::string>, bool> forget;
    for (const auto &[t, m] : found) {
      auto key = std::make_pair(t, m.vars.front());
      auto it = forget.find(key);
      forget[key] = it == forget.end() ? m.forget : it->second && m.forget;
    }
    for (const auto &key : declared)
      forget[key] = true;
    for (const auto &[key, drop] : forget) {
      ReductionMark &m = marks[{index.offset(key.first->getBeginLoc()), drop}];
      m.at = key.first->getBeginLoc();
      m.forget = drop;
      if (llvm::find(m.vars, key.second) == m.vars.end())
        m.vars.push_back(key.second);
    }
  }
  for (auto &[key, m] : marks)
    program.reductionMarks.push_back(std::move(m));
}

} // namespace xmp::frontend::sema
