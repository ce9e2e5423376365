//===- Rewrite.cpp - splicing generated C into the user's source ----------===//
//
// Every edit keeps the user's line structure (generated fragments are single
// lines, replaced pragmas keep their newlines), so diagnostics from the C
// compiler and debuggers point at the original lines.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"
#include "DeviceOutline.h"
#include "DirectiveParser.h"

#include "xmp/Target/CNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <set>

using namespace clang;
using namespace xmp;
using namespace xmp::frontend;

namespace {

class SourceRewriter {
public:
  SourceRewriter(const Program &program, const std::map<int64_t, SiteText> &sites,
                 const SourceIndex &index, DiagnosticsEngine &diags)
      : program(program), sites(sites), index(index), ctx(index.context()),
        sm(ctx.getSourceManager()), diags(diags),
        rewriter(ctx.getSourceManager(), ctx.getLangOpts()) {}

  bool run(std::string &out, std::string &cuda, const std::string &macros);

private:
  bool error(SourceLocation loc, const std::string &message) {
    reportError(diags, loc, message);
    ok = false;
    return false;
  }
  std::string part(int64_t site, const std::string &name) const {
    auto s = sites.find(site);
    if (s == sites.end())
      return "";
    auto p = s->second.find(name);
    return p == s->second.end() ? "" : p->second;
  }
  std::string join(std::initializer_list<std::string> pieces) const {
    std::string out;
    for (const std::string &p : pieces)
      if (!p.empty())
        out += (out.empty() ? "" : " ") + p;
    return out;
  }
  /// Replaces a pragma line, keeping its newlines (backslash continuations).
  void replacePragma(const Directive &d, const std::string &text) {
    CharSourceRange range = CharSourceRange::getCharRange(d.range);
    StringRef original = Lexer::getSourceText(range, sm, ctx.getLangOpts());
    std::string replacement = text + std::string(original.count('\n'), '\n');
    // An array assignment statement may end a statement that others close
    // (a task's): their text inserted just after it stays.
    if (d.kind == DirectiveKind::Array && d.array.statementOnly)
      rewriter.ReplaceText(d.range.getBegin(), original.size(), replacement);
    else
      rewriter.ReplaceText(range, replacement);
  }
  /// Replaces the original text of a token range. Rewriter's own range
  /// size would count text inserted before the range and erase too much.
  /// Lines the text spanned stay (as line breaks after the new text), so that
  /// the C compiler's messages about later lines name the user's lines.
  void replaceTokens(SourceRange range, const std::string &text) {
    std::string original = sourceText(range);
    long lost = static_cast<long>(std::count(original.begin(), original.end(), '\n')) -
                static_cast<long>(std::count(text.begin(), text.end(), '\n'));
    rewriter.ReplaceText(range.getBegin(), original.size(),
                         text + std::string(lost > 0 ? lost : 0, '\n'));
  }
  std::string sourceText(SourceRange range) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(range), sm,
                                ctx.getLangOpts())
        .str();
  }

  SourceLocation afterStmt(const Stmt *s) const;
  void placeSites();
  void placeLoop(const Site &site);
  void placeDeviceLoop(const Site &site);
  void outlineDeviceLoops();
  bool inDeviceNest(unsigned offset) const {
    for (auto [b, e] : deviceNests)
      if (offset >= b && offset < e)
        return true;
    return false;
  }
  void replaceArrayDeclarations();
  std::string withConstantExtents(SourceLocation from, SourceLocation end);
  void rewriteAccesses();
  void rewriteAllocations();
  void rewriteDescOfs();
  std::string renderChain(const ArraySubscriptExpr *chain);
  std::string renderRange(SourceRange range);
  void wrapMain();

  const Program &program;
  const std::map<int64_t, SiteText> &sites;
  const SourceIndex &index;
  ASTContext &ctx;
  SourceManager &sm;
  DiagnosticsEngine &diags;
  Rewriter rewriter;
  bool ok = true;
  std::string moduleInit;
  std::vector<std::pair<unsigned, unsigned>> replacedHeaders;
  std::vector<std::pair<unsigned, unsigned>> deviceNests; // outlined, not edited
  std::vector<std::pair<unsigned, unsigned>> replacedDecls; // of distributed arrays
  DeviceOutliner outliner;
  // While a device loop's tiled kernel body is rendered: its stencil array.
  const DeviceTile *tile = nullptr;
  // Maximal subscript chains on distributed arrays, by begin offset.
  std::vector<const ArraySubscriptExpr *> chains;
};

/// The location just past a statement, its ';' included (Clang's end
/// location of `x = 1;` is the last token of the expression).
SourceLocation SourceRewriter::afterStmt(const Stmt *s) const {
  const LangOptions &lo = ctx.getLangOpts();
  if (const auto *c = dyn_cast<CompoundStmt>(s))
    return Lexer::getLocForEndOfToken(c->getRBracLoc(), 0, sm, lo);
  if (const auto *f = dyn_cast<ForStmt>(s))
    return afterStmt(f->getBody());
  if (const auto *w = dyn_cast<WhileStmt>(s))
    return afterStmt(w->getBody());
  if (const auto *i = dyn_cast<IfStmt>(s))
    return afterStmt(i->getElse() ? i->getElse() : i->getThen());
  SourceLocation semi =
      Lexer::findLocationAfterToken(s->getEndLoc(), tok::semi, sm, lo, false);
  return semi.isValid() ? semi : Lexer::getLocForEndOfToken(s->getEndLoc(), 0, sm, lo);
}

void SourceRewriter::placeLoop(const Site &site) {
  replacePragma(*site.dir, join({"{", part(site.id, "decl")}));
  for (size_t k = 0; k < site.loop.size(); ++k) {
    const LoopDim &dim = site.loop[k];
    const ForStmt *f = dim.stmt;
    if (f->getForLoc().isMacroID() || f->getRParenLoc().isMacroID()) {
      error(f->getForLoc(), "a work-shared loop cannot come from a macro");
      return;
    }
    rewriter.InsertTextBefore(f->getForLoc(),
                              join({"{", part(site.id, "pre" + std::to_string(k))}) + " ");
    std::string lb = cnames::loopBound(site.id, k, "lb"),
                ub = cnames::loopBound(site.id, k, "ub"),
                st = cnames::loopBound(site.id, k, "st");
    // After each iteration of the innermost loop, before its increment, the
    // location reductions note which iteration changed their variables.
    std::string step = k + 1 == site.loop.size() ? part(site.id, "step") : "";
    std::string header = "for (" + dim.declPrefix + dim.var + " = " + lb +
                         "; " + st + " > 0 ? " + dim.var + " <= " + ub +
                         " : " + dim.var + " >= " + ub + "; " +
                         join({step, dim.var + " += " + st}) + ")";
    SourceRange headerRange(f->getForLoc(), f->getRParenLoc());
    replacedHeaders.push_back({index.offset(headerRange.getBegin()),
                               index.offset(headerRange.getEnd())});
    replaceTokens(headerRange, header);
  }
  // Close inner blocks first: insertions at one place keep their order.
  for (size_t k = site.loop.size(); k-- > 0;)
    rewriter.InsertText(afterStmt(site.loop[k].stmt),
                        " " + join({part(site.id, "post" + std::to_string(k)), "}"}),
                        /*InsertAfter=*/true);
  // "close" ends the loop over the pieces of an expand / margin / peel_and_wait.
  std::string post = join({part(site.id, "close"), part(site.postSite, "decl"),
                           part(site.postSite, "exec")});
  rewriter.InsertText(afterStmt(site.loop.front().stmt), " " + join({post, "}"}),
                      /*InsertAfter=*/true);
}

/// The nest goes (its lines kept empty); the body is outlined, and the
/// pragma line submits the tasks.
void SourceRewriter::placeDeviceLoop(const Site &site) {
  replacePragma(*site.dir, join({part(site.id, "decl"), part(site.id, "exec")}));
  const ForStmt *outer = site.loop.front().stmt;
  if (outer->getForLoc().isMacroID()) {
    error(outer->getForLoc(), "a device loop cannot come from a macro");
    return;
  }
  SourceLocation begin = outer->getForLoc(), end = afterStmt(outer);
  unsigned b = index.offset(begin), e = index.offset(end);
  deviceNests.push_back({b, e});
  StringRef original = sm.getBufferData(sm.getMainFileID()).substr(b, e - b);
  // Indices declared before the nest, and scalars that only the body uses (it sets them
  // first), are used there no more: -Wall would call them unused.
  std::string uses;
  for (const LoopDim &dim : site.loop)
    if (dim.declPrefix.empty())
      uses += "(void)" + dim.var + "; ";
  for (const DeviceScalar &s : site.devScalars)
    if (s.setFirst)
      uses += "(void)" + s.name + "; ";
  rewriter.ReplaceText(begin, e - b, uses + std::string(original.count('\n'), '\n'));
}

void SourceRewriter::outlineDeviceLoops() {
  for (const Site &site : program.sites) {
    if (site.dir->kind != DirectiveKind::DeviceLoop)
      continue;
    PresumedLoc p = sm.getPresumedLoc(site.devBody->getBeginLoc());
    // Up to its last character: the ';' of a body without braces (`a[i] = 0;`,
    // an unbraced inner `for` or `if`) lies past Clang's end location.
    SourceLocation last = afterStmt(site.devBody).getLocWithOffset(-1);
    SourceRange range(site.devBody->getBeginLoc(), last);
    std::string body = renderRange(range), tiledBody;
    if (site.devTile) {
      tile = &*site.devTile;
      tiledBody = renderRange(range);
      tile = nullptr;
    }
    outliner.add(site, body, tiledBody, p.getFilename(), p.getLine());
  }
}

void SourceRewriter::placeSites() {
  // One pragma line may hold several directives (the combined '::' form):
  // their code replaces the line once, in order.
  std::vector<std::pair<const Directive *, std::string>> lines;
  for (const Site &site : program.sites) {
    if (site.dir->kind == DirectiveKind::Loop) {
      placeLoop(site);
      continue;
    }
    if (site.dir->kind == DirectiveKind::DeviceLoop) {
      placeDeviceLoop(site);
      continue;
    }
    std::string decl = part(site.id, "decl"), exec = part(site.id, "exec");
    bool block = site.dir->kind == DirectiveKind::Task ||
                 site.dir->kind == DirectiveKind::DeviceReplicate;
    if (site.body && block)
      rewriter.InsertText(afterStmt(site.body), " " + part(site.id, "post"),
                          /*InsertAfter=*/true);
    std::string here = decl;
    if (site.fileScope)
      moduleInit = join({moduleInit, exec});
    else if (block)
      here = join({decl, exec});
    else // a directive wrapped in a task closes it on its own line
      here = join({decl, exec, part(site.id, "post")});
    if (!lines.empty() && lines.back().first->range == site.dir->range)
      lines.back().second = join({lines.back().second, here});
    else
      lines.push_back({site.dir, here});
  }
  for (const auto &[dir, text] : lines)
    replacePragma(*dir, text);
}

/// Replaces each declaration that declares a distributed array by the
/// runtime-managed storage of its distributed arrays, keeping the other
/// variables it declares ("double u[N], uu[N], x;").
void SourceRewriter::replaceArrayDeclarations() {
  std::set<unsigned> done;
  const LangOptions &lo = ctx.getLangOpts();
  for (const auto &[decl, array] : program.arrays) {
    if (array.parameter) {
      // The parameter stays; its descriptor and layout open the function body.
      const auto *fn = cast<FunctionDecl>(decl->getDeclContext());
      const auto *body = cast<CompoundStmt>(fn->getBody());
      rewriter.InsertTextAfterToken(body->getLBracLoc(),
                                    " " + array.elemType + " *" +
                                        cnames::arrayAddr(array.name) + "; xmp_rt_array_t *" +
                                        cnames::arrayDesc(array.name) + "; xmp_rt_layout_t " +
                                        cnames::arrayLayout(array.name) + ";");
      continue;
    }
    if (!done.insert(index.offset(decl->getBeginLoc())).second)
      continue;
    std::vector<const VarDecl *> group = index.declarationGroup(decl);
    // The declaration specifiers: what precedes the first declarator (its
    // name, less any '*' or '(' of the declarator itself).
    std::string prefix =
        Lexer::getSourceText(CharSourceRange::getCharRange(decl->getBeginLoc(),
                                                           group.front()->getLocation()),
                             sm, lo)
            .str();
    prefix.erase(prefix.find_last_not_of(" \t\n*(") + 1);
    SourceLocation typeEnd = decl->getBeginLoc().getLocWithOffset(prefix.size());
    std::string text;
    SourceLocation from = typeEnd;
    for (const VarDecl *var : group) {
      SourceLocation end = Lexer::getLocForEndOfToken(var->getEndLoc(), 0, sm, lo);
      std::string declarator = withConstantExtents(from, end);
      declarator.erase(0, declarator.find_first_not_of(" \t\n,"));
      from = end;
      if (!text.empty())
        text += "; ";
      auto it = program.arrays.find(var);
      if (it == program.arrays.end()) {
        text += prefix + " " + declarator;
        continue;
      }
      const DistArray &array = it->second;
      std::string storage = var->getStorageClass() == SC_Static ? "static " : "";
      text += storage + array.elemType + " *" + cnames::arrayAddr(array.name) + "; " +
              storage + "xmp_rt_array_t *" + cnames::arrayDesc(array.name) + "; " +
              storage + "xmp_rt_layout_t " + cnames::arrayLayout(array.name);
      // A variable-length array's sizes, evaluated here as C does.
      if (!array.declaredSizes.empty())
        text += "; const long " + cnames::arraySizes(array.name) + "[] = {(" +
                llvm::join(array.declaredSizes, "), (") + ")}";
    }
    SourceRange whole(decl->getBeginLoc(), group.back()->getEndLoc());
    replaceTokens(whole, text);
    replacedDecls.push_back({index.offset(whole.getBegin()), index.offset(whole.getEnd())});
  }
  // Folded extents elsewhere (`int n = 8; int b[n];` of an array not aligned).
  for (const ConstantExtent &c : program.constantExtents) {
    unsigned at = index.offset(c.loc);
    if (llvm::none_of(replacedDecls, [&](auto r) { return at >= r.first && at <= r.second; }))
      replaceTokens(SourceRange(c.loc, c.loc), c.value);
  }
  // A local array's storage goes when its block ends normally; on an early
  // return the runtime releases it at finalize.
  for (const auto &[decl, array] : program.arrays)
    if (array.scopeClose.isValid() && (decl->isLocalVarDecl() || array.parameter))
      rewriter.InsertTextBefore(array.scopeClose,
                                "xmp_rt_array_free(" + cnames::arrayDesc(array.name) + "); ");
}

/// The original text of [from, end), folded extents written as their values.
std::string SourceRewriter::withConstantExtents(SourceLocation from, SourceLocation end) {
  std::string text =
      Lexer::getSourceText(CharSourceRange::getCharRange(from, end), sm, ctx.getLangOpts())
          .str();
  unsigned b = index.offset(from), e = index.offset(end);
  std::vector<const ConstantExtent *> inside;
  for (const ConstantExtent &c : program.constantExtents)
    if (index.offset(c.loc) >= b && index.offset(c.loc) < e)
      inside.push_back(&c);
  llvm::sort(inside, [&](auto *x, auto *y) { return index.offset(x->loc) > index.offset(y->loc); });
  for (const ConstantExtent *c : inside)
    text.replace(index.offset(c->loc) - b,
                 Lexer::MeasureTokenLength(c->loc, sm, ctx.getLangOpts()), c->value);
  return text;
}

std::string SourceRewriter::renderRange(SourceRange range) {
  unsigned begin = index.offset(range.getBegin());
  std::string text = sourceText(range);
  // Replace the outermost chains inside, from the back so offsets hold.
  std::vector<const ArraySubscriptExpr *> inner;
  unsigned covered = 0;
  for (const ArraySubscriptExpr *c : chains) {
    unsigned cb = index.offset(c->getBeginLoc());
    if (cb < begin || cb < covered || index.offset(c->getEndLoc()) > index.offset(range.getEnd()))
      continue;
    inner.push_back(c);
    covered = index.offset(c->getEndLoc()) + 1;
  }
  for (auto it = inner.rbegin(); it != inner.rend(); ++it) {
    unsigned cb = index.offset((*it)->getBeginLoc()) - begin;
    unsigned len = sourceText((*it)->getSourceRange()).size();
    text.replace(cb, len, renderChain(*it));
  }
  return text;
}

std::string SourceRewriter::renderChain(const ArraySubscriptExpr *chain) {
  if (tile)
    if (auto it = tile->offsets.find(chain); it != tile->offsets.end())
      return deviceTileElement(it->second);
  std::vector<const Expr *> subscripts;
  const Expr *e = chain;
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts())) {
    subscripts.insert(subscripts.begin(), s->getIdx());
    e = s->getBase();
  }
  const DistArray *array = distributedRoot(program, chain);
  std::vector<std::string> subs;
  for (const Expr *s : subscripts)
    subs.push_back(renderRange(s->getSourceRange()));
  return cnames::arrayElement(array->name, subs);
}

void SourceRewriter::rewriteAccesses() {
  chains = program.accesses;
  for (const ArraySubscriptExpr *c : chains) {
    unsigned b = index.offset(c->getBeginLoc()), e = index.offset(c->getEndLoc());
    for (auto [hb, he] : replacedHeaders)
      if (b <= he && e >= hb)
        error(c->getBeginLoc(), "distributed array accesses in the header of "
                                "a work-shared loop are not supported");
  }
  if (!ok)
    return;
  // Edit only the outermost chains; inner ones are rendered inside them.
  unsigned covered = 0;
  for (const ArraySubscriptExpr *c : chains) {
    unsigned b = index.offset(c->getBeginLoc());
    if (b < covered)
      continue;
    covered = index.offset(c->getEndLoc()) + 1;
    if (!inDeviceNest(b))
      replaceTokens(c->getSourceRange(), renderChain(c));
  }
}

/// `a = xmp_malloc(xmp_desc_of(a), ...)` and `free(a)` of distributed
/// arrays of pointer type become the runtime's allocation and release.
void SourceRewriter::rewriteAllocations() {
  for (const Allocation &a : program.allocations) {
    std::string desc = cnames::arrayDesc(a.array->name);
    std::string text = a.release ? "xmp_rt_array_deallocate(" + desc + ")"
                                 : cnames::arrayMalloc(a.array->name, a.array->elemType, a.sizes);
    // The remote side of a one-sided gmove gets its MPI window once it has storage (as
    // an array of constant size does when its align lays it out).
    if (!a.release && a.array->exposed)
      text = "(" + text + ", xmp_rt_array_expose(" + desc + ", NULL), " +
             cnames::arrayAddr(a.array->name) + ")";
    replaceTokens(a.expr->getSourceRange(), text);
  }
}

/// `xmp_desc_of(x)` becomes x's descriptor, except in an allocation
/// (`a = xmp_malloc(xmp_desc_of(a), ...)`), which is replaced whole.
void SourceRewriter::rewriteDescOfs() {
  for (const DescOf &d : program.descOfs) {
    unsigned at = index.offset(d.range.getBegin());
    if (llvm::none_of(program.allocations, [&](const Allocation &a) {
          return at >= index.offset(a.expr->getBeginLoc()) &&
                 at <= index.offset(a.expr->getEndLoc());
        }))
      rewriter.ReplaceText(d.range, d.replacement);
  }
}

void SourceRewriter::wrapMain() {
  FileID fid = sm.getMainFileID();
  SourceLocation end = sm.getLocForEndOfFile(fid);
  std::string tail;
  if (!moduleInit.empty())
    tail += std::string("\nstatic void ") + cnames::moduleInit + "(void) { " +
            moduleInit + " }\n__attribute__((constructor)) static void " +
            cnames::moduleInit + "_register(void) { " +
            "xmp_rt_register_module_init(" + cnames::moduleInit + "); }\n";
  // A main that calls xmp_init (Omni XMP's MPI_Init, xmp_init(comm), ..., xmp_finalize(),
  // MPI_Finalize()) starts and ends MPI and the runtime itself.
  const FunctionDecl *main = index.mainFunction();
  if (main && llvm::any_of(index.calls(), [&](const CallExpr *call) {
        const FunctionDecl *callee = call->getDirectCallee();
        return callee && callee->getName() == "xmp_init" &&
               index.enclosingFunction(call->getBeginLoc()) == main;
      }))
    main = nullptr;
  if (main) {
    rewriter.ReplaceText(main->getLocation(), 4, cnames::userMain);
    std::string call = std::string(cnames::userMain) +
                       (main->getNumParams() >= 2 ? "(argc, argv)" : "()");
    tail += "\nint main(int argc, char **argv) {\n  xmp_rt_init(&argc, &argv);\n"
            "  int status = " + call + ";\n  return xmp_rt_finalize(status);\n}\n";
  }
  if (!outliner.empty())
    tail += "\n" + outliner.cFunctions();
  rewriter.InsertTextBefore(end, tail);
  PresumedLoc p = sm.getPresumedLoc(sm.getLocForStartOfFile(fid));
  std::string head = "#include <xmp_rt.h>\n";
  if (!outliner.empty())
    head += outliner.cDeclarations();
  rewriter.InsertTextBefore(sm.getLocForStartOfFile(fid),
                            head + "#line 1 \"" + p.getFilename() + "\"\n");
}

bool SourceRewriter::run(std::string &out, std::string &cuda, const std::string &macros) {
  placeSites();
  rewriteAccesses();
  rewriteAllocations();
  rewriteDescOfs();
  for (const DeclRefExpr *ref : program.passedArrays)
    replaceTokens(ref->getSourceRange(),
                  "((void *)" + cnames::arrayAddr(ref->getDecl()->getName()) + ")");
  outlineDeviceLoops();
  replaceArrayDeclarations();
  if (!ok)
    return false;
  wrapMain();
  const RewriteBuffer *buffer = rewriter.getRewriteBufferFor(sm.getMainFileID());
  out = buffer ? std::string(buffer->begin(), buffer->end())
               : sm.getBufferData(sm.getMainFileID()).str();
  cuda = outliner.empty() ? "" : outliner.cudaSource(macros);
  return true;
}

} // namespace

bool xmp::frontend::rewriteSource(const Program &program,
                                  const std::map<int64_t, SiteText> &sites,
                                  const SourceIndex &index,
                                  DiagnosticsEngine &diags, const std::string &macros,
                                  std::string &out, std::string &cuda) {
  return SourceRewriter(program, sites, index, diags).run(out, cuda, macros);
}
