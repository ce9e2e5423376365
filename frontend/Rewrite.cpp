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
  SourceRewriter(const Program &program, const AnchorTable &anchors,
                 const Fragments &fragments, const SourceIndex &index,
                 DiagnosticsEngine &diags)
      : program(program), anchors(anchors), fragments(fragments), index(index),
        ctx(index.context()), sm(ctx.getSourceManager()), diags(diags),
        rewriter(ctx.getSourceManager(), ctx.getLangOpts()) {}

  bool run(std::string &out, std::string &cuda, const std::string &macros);

private:
  bool error(SourceLocation loc, const std::string &message) {
    reportError(diags, loc, message);
    ok = false;
    return false;
  }
  std::string join(std::initializer_list<std::string> pieces) const {
    std::string out;
    for (const std::string &p : pieces)
      if (!p.empty())
        out += (out.empty() ? "" : " ") + p;
    return out;
  }
  /// Replaces the original text of a token range. Rewriter's own range
  /// size would count text inserted before the range and erase too much.
  /// Lines the text spanned stay (as line breaks after the new text), so that
  /// the C compiler's messages about later lines name the user's lines.
  void replaceTokens(SourceRange range, const std::string &text) {
    std::string original = sourceText(range);
    long lost =
        static_cast<long>(std::count(original.begin(), original.end(), '\n')) -
        static_cast<long>(std::count(text.begin(), text.end(), '\n'));
    rewriter.ReplaceText(range.getBegin(), original.size(),
                         text + std::string(lost > 0 ? lost : 0, '\n'));
  }
  std::string sourceText(SourceRange range) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(range), sm,
                                ctx.getLangOpts())
        .str();
  }
  /// The file offsets [begin, end) an anchor replaces (begin == end for an
  /// insertion point), or nothing for a virtual one.
  std::optional<std::pair<unsigned, unsigned>> extent(const Anchor &a) const;

  void applyAnchors();
  void apply(const Anchor &a, const std::string &text);
  std::string render(int64_t anchor, const std::string &variant = "") const;
  std::string renderFragment(const Fragment &fragment) const;
  std::string renderRange(SourceRange range, const std::string &variant) const;
  void outlineDeviceLoops();
  void replaceArrayDeclarations();
  std::string withConstantExtents(SourceLocation from, SourceLocation end);
  void rewriteAllocations();
  void rewriteDescOfs();
  void wrapMain();

  const Program &program;
  const AnchorTable &anchors;
  const Fragments &fragments;
  const SourceIndex &index;
  ASTContext &ctx;
  SourceManager &sm;
  DiagnosticsEngine &diags;
  Rewriter rewriter;
  bool ok = true;
  std::vector<std::pair<unsigned, unsigned>>
      replacedDecls; // of distributed arrays
  DeviceOutliner outliner;
  // Anchors whose text replaces a range, by begin offset: what a piece of
  // source spliced into a fragment has inside it.
  std::multimap<unsigned, std::pair<unsigned, int64_t>> inner;
};

std::optional<std::pair<unsigned, unsigned>>
SourceRewriter::extent(const Anchor &a) const {
  const LangOptions &lo = ctx.getLangOpts();
  switch (a.kind) {
  case Anchor::Kind::ReplacePragma:
  case Anchor::Kind::ReplacePragmaText:
  case Anchor::Kind::ReplaceChars:
    return std::make_pair(index.offset(a.begin), index.offset(a.end));
  case Anchor::Kind::ReplaceTokens:
    return std::make_pair(
        index.offset(a.begin),
        index.offset(Lexer::getLocForEndOfToken(a.end, 0, sm, lo)));
  case Anchor::Kind::InsertBefore:
  case Anchor::Kind::InsertAfter:
  case Anchor::Kind::FileStart:
  case Anchor::Kind::FileEnd:
    return std::make_pair(index.offset(a.begin), index.offset(a.begin));
  case Anchor::Kind::InsertAfterToken: {
    unsigned at = index.offset(Lexer::getLocForEndOfToken(a.begin, 0, sm, lo));
    return std::make_pair(at, at);
  }
  case Anchor::Kind::Virtual:
    break;
  }
  return std::nullopt;
}

std::string SourceRewriter::renderFragment(const Fragment &fragment) const {
  std::string out;
  // After another anchor's text (or where it would have been), the next text
  // stands a space apart.
  bool apart = false;
  auto add = [&](const std::string &text) {
    if (apart && !text.empty() && !out.empty() && !isspace(out.back()) &&
        !isspace(text.front()))
      out += ' ';
    out += text;
  };
  for (const FragmentPiece &p : fragment) {
    if (p.source >= 0) {
      out += renderRange(anchors.holeRange(p.source), p.variant);
      apart = false;
    } else if (p.anchor >= 0) {
      apart = true;
      add(render(p.anchor));
    } else {
      add(p.text);
      apart = false;
    }
  }
  return out;
}

/// An anchor's text: its fragment (in `variant` where it has one), then any
/// text the frontend gave it.
std::string SourceRewriter::render(int64_t anchor,
                                   const std::string &variant) const {
  std::string out;
  if (auto f = fragments.find(anchor); f != fragments.end()) {
    auto v = f->second.find(variant);
    if (v == f->second.end())
      v = f->second.find("");
    if (v != f->second.end())
      out = renderFragment(v->second);
  }
  return join({out, anchors[anchor].text});
}

/// A piece of the user's source with the outermost anchors inside it
/// replaced by their text.
std::string SourceRewriter::renderRange(SourceRange range,
                                        const std::string &variant) const {
  unsigned begin = index.offset(range.getBegin());
  std::string text = sourceText(range);
  unsigned end = begin + text.size();
  std::vector<std::pair<std::pair<unsigned, unsigned>, int64_t>> outer;
  for (auto it = inner.lower_bound(begin); it != inner.end() && it->first < end;
       ++it) {
    auto [b, e] = std::make_pair(it->first, it->second.first);
    if (e > end || (!outer.empty() && b < outer.back().first.second))
      continue;
    outer.push_back({{b, e}, it->second.second});
  }
  for (auto it = outer.rbegin(); it != outer.rend(); ++it)
    text.replace(it->first.first - begin, it->first.second - it->first.first,
                 render(it->second, variant));
  return text;
}

void SourceRewriter::apply(const Anchor &a, const std::string &text) {
  switch (a.kind) {
  case Anchor::Kind::ReplacePragma:
  case Anchor::Kind::ReplacePragmaText:
  case Anchor::Kind::ReplaceChars: {
    CharSourceRange range = CharSourceRange::getCharRange(a.begin, a.end);
    StringRef original = Lexer::getSourceText(range, sm, ctx.getLangOpts());
    std::string replacement = text + std::string(original.count('\n'), '\n');
    // A pragma that an array assignment statement follows may end a
    // statement that others close (a task's): text inserted after it stays.
    if (a.kind == Anchor::Kind::ReplacePragma)
      rewriter.ReplaceText(range, replacement);
    else
      rewriter.ReplaceText(a.begin, original.size(), replacement);
    break;
  }
  case Anchor::Kind::ReplaceTokens:
    replaceTokens(SourceRange(a.begin, a.end), text);
    break;
  case Anchor::Kind::InsertBefore:
    if (!text.empty())
      rewriter.InsertTextBefore(a.begin, text + " ");
    break;
  case Anchor::Kind::InsertAfter:
    if (!text.empty())
      rewriter.InsertText(a.begin, " " + text, /*InsertAfter=*/true);
    break;
  case Anchor::Kind::InsertAfterToken:
    if (!text.empty())
      rewriter.InsertTextAfterToken(a.begin, " " + text);
    break;
  case Anchor::Kind::FileStart:
  case Anchor::Kind::FileEnd:
    rewriter.InsertTextBefore(a.begin, text);
    break;
  case Anchor::Kind::Virtual:
    break;
  }
}

/// Every anchor in the order the frontend recorded them, but those inside
/// a range another anchor replaces: their text goes where that anchor's
/// fragment takes in the piece of source around them.
void SourceRewriter::applyAnchors() {
  std::vector<std::pair<unsigned, unsigned>> replaced;
  for (int64_t id = 0; id < static_cast<int64_t>(anchors.all().size()); ++id) {
    const Anchor &a = anchors[id];
    auto range = extent(a);
    if (range && range->second > range->first) {
      replaced.push_back(*range);
      if (a.kind == Anchor::Kind::ReplaceTokens)
        inner.insert({range->first, {range->second, id}});
    }
  }
  llvm::sort(replaced);
  auto within = [&](std::pair<unsigned, unsigned> r) {
    // The replaced ranges that begin at or before r: one of them covers it
    // (the anchors' ranges nest, they do not cross).
    for (auto it = replaced.begin();
         it != replaced.end() && it->first <= r.first; ++it)
      if (*it != r && it->second >= r.second &&
          (it->first < r.first || it->second > r.second) &&
          !(r.first == r.second &&
            (r.first == it->first || r.first == it->second)))
        return true;
    return false;
  };
  for (int64_t id = 0; id < static_cast<int64_t>(anchors.all().size()); ++id) {
    const Anchor &a = anchors[id];
    auto range = extent(a);
    if (!range || within(*range))
      continue;
    apply(a, render(id));
  }
}

void SourceRewriter::outlineDeviceLoops() {
  for (const Site &site : program.sites) {
    if (site.dir->kind != DirectiveKind::DeviceLoop)
      continue;
    PresumedLoc p = sm.getPresumedLoc(site.devBody->getBeginLoc());
    // Up to its last character: the ';' of a body without braces (`a[i] = 0;`,
    // an unbraced inner `for` or `if`) lies past Clang's end location.
    SourceLocation last = index.afterStmt(site.devBody).getLocWithOffset(-1);
    SourceRange range(site.devBody->getBeginLoc(), last);
    std::string body = renderRange(range, ""), tiledBody;
    if (site.devTile)
      tiledBody = renderRange(range, "tile");
    outliner.add(site, body, tiledBody, p.getFilename(), p.getLine());
  }
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
      rewriter.InsertTextAfterToken(
          body->getLBracLoc(),
          " " + array.elemType + " *" + cnames::arrayAddr(array.name) +
              "; xmp_rt_array_t *" + cnames::arrayDesc(array.name) +
              "; xmp_rt_layout_t " + cnames::arrayLayout(array.name) + ";");
      continue;
    }
    if (!done.insert(index.offset(decl->getBeginLoc())).second)
      continue;
    std::vector<const VarDecl *> group = index.declarationGroup(decl);
    // The declaration specifiers: what precedes the first declarator (its
    // name, less any '*' or '(' of the declarator itself).
    std::string prefix = Lexer::getSourceText(CharSourceRange::getCharRange(
                                                  decl->getBeginLoc(),
                                                  group.front()->getLocation()),
                                              sm, lo)
                             .str();
    prefix.erase(prefix.find_last_not_of(" \t\n*(") + 1);
    SourceLocation typeEnd =
        decl->getBeginLoc().getLocWithOffset(prefix.size());
    std::string text;
    SourceLocation from = typeEnd;
    for (const VarDecl *var : group) {
      SourceLocation end =
          Lexer::getLocForEndOfToken(var->getEndLoc(), 0, sm, lo);
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
      std::string storage =
          var->getStorageClass() == SC_Static ? "static " : "";
      text += storage + array.elemType + " *" + cnames::arrayAddr(array.name) +
              "; " + storage + "xmp_rt_array_t *" +
              cnames::arrayDesc(array.name) + "; " + storage +
              "xmp_rt_layout_t " + cnames::arrayLayout(array.name);
      // A variable-length array's sizes, evaluated here as C does.
      if (!array.declaredSizes.empty())
        text += "; const long " + cnames::arraySizes(array.name) + "[] = {(" +
                llvm::join(array.declaredSizes, "), (") + ")}";
    }
    SourceRange whole(decl->getBeginLoc(), group.back()->getEndLoc());
    replaceTokens(whole, text);
    replacedDecls.push_back(
        {index.offset(whole.getBegin()), index.offset(whole.getEnd())});
  }
  // Folded extents elsewhere (`int n = 8; int b[n];` of an array not aligned).
  for (const ConstantExtent &c : program.constantExtents) {
    unsigned at = index.offset(c.loc);
    if (llvm::none_of(replacedDecls,
                      [&](auto r) { return at >= r.first && at <= r.second; }))
      replaceTokens(SourceRange(c.loc, c.loc), c.value);
  }
  // A local array's storage goes when its block ends normally; on an early
  // return the runtime releases it at finalize.
  for (const auto &[decl, array] : program.arrays)
    if (array.scopeClose.isValid() &&
        (decl->isLocalVarDecl() || array.parameter))
      rewriter.InsertTextBefore(array.scopeClose,
                                "xmp_rt_array_free(" +
                                    cnames::arrayDesc(array.name) + "); ");
}

/// The original text of [from, end), folded extents written as their values.
std::string SourceRewriter::withConstantExtents(SourceLocation from,
                                                SourceLocation end) {
  std::string text =
      Lexer::getSourceText(CharSourceRange::getCharRange(from, end), sm,
                           ctx.getLangOpts())
          .str();
  unsigned b = index.offset(from), e = index.offset(end);
  std::vector<const ConstantExtent *> inside;
  for (const ConstantExtent &c : program.constantExtents)
    if (index.offset(c.loc) >= b && index.offset(c.loc) < e)
      inside.push_back(&c);
  llvm::sort(inside, [&](auto *x, auto *y) {
    return index.offset(x->loc) > index.offset(y->loc);
  });
  for (const ConstantExtent *c : inside)
    text.replace(index.offset(c->loc) - b,
                 Lexer::MeasureTokenLength(c->loc, sm, ctx.getLangOpts()),
                 c->value);
  return text;
}

/// `a = xmp_malloc(xmp_desc_of(a), ...)` and `free(a)` of distributed
/// arrays of pointer type become the runtime's allocation and release.
void SourceRewriter::rewriteAllocations() {
  for (const Allocation &a : program.allocations) {
    std::string desc = cnames::arrayDesc(a.array->name);
    std::string text =
        a.release
            ? "xmp_rt_array_deallocate(" + desc + ")"
            : cnames::arrayMalloc(a.array->name, a.array->elemType, a.sizes);
    // The remote side of a one-sided gmove gets its MPI window once it has
    // storage (as an array of constant size does when its align lays it out).
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
  std::string moduleInit =
      anchors.moduleInit >= 0 ? render(anchors.moduleInit) : "";
  if (!moduleInit.empty())
    tail += std::string("\nstatic void ") + cnames::moduleInit + "(void) { " +
            moduleInit + " }\n__attribute__((constructor)) static void " +
            cnames::moduleInit + "_register(void) { " +
            "xmp_rt_register_module_init(" + cnames::moduleInit + "); }\n";
  // A main that calls xmp_init (Omni XMP's MPI_Init, xmp_init(comm), ...,
  // xmp_finalize(), MPI_Finalize()) starts and ends MPI and the runtime itself.
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
    tail +=
        "\nint main(int argc, char **argv) {\n  xmp_rt_init(&argc, &argv);\n"
        "  int status = " +
        call + ";\n  return xmp_rt_finalize(status);\n}\n";
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

bool SourceRewriter::run(std::string &out, std::string &cuda,
                         const std::string &macros) {
  applyAnchors();
  rewriteAllocations();
  rewriteDescOfs();
  for (const DeclRefExpr *ref : program.passedArrays)
    replaceTokens(ref->getSourceRange(),
                  "((void *)" + cnames::arrayAddr(ref->getDecl()->getName()) +
                      ")");
  outlineDeviceLoops();
  replaceArrayDeclarations();
  if (!ok)
    return false;
  wrapMain();
  const RewriteBuffer *buffer =
      rewriter.getRewriteBufferFor(sm.getMainFileID());
  out = buffer ? std::string(buffer->begin(), buffer->end())
               : sm.getBufferData(sm.getMainFileID()).str();
  cuda = outliner.empty() ? "" : outliner.cudaSource(macros);
  return true;
}

} // namespace

bool xmp::frontend::rewriteSource(const Program &program,
                                  const AnchorTable &anchors,
                                  const Fragments &fragments,
                                  const SourceIndex &index,
                                  DiagnosticsEngine &diags,
                                  const std::string &macros, std::string &out,
                                  std::string &cuda) {
  return SourceRewriter(program, anchors, fragments, index, diags)
      .run(out, cuda, macros);
}
