//===- Rewrite.cpp - splicing generated C into the user's source ----------===//
//
// Every edit keeps the user's line structure (generated fragments are single
// lines, replaced pragmas keep their newlines), so diagnostics from the C
// compiler and debuggers point at the original lines.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"
#include "DirectiveParser.h"


#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <map>
#include <set>

using namespace clang;
using namespace xmp;
using namespace xmp::frontend;

namespace {

class SourceRewriter {
public:
  SourceRewriter(const Program &program, const AnchorTable &anchors, const Fragments &fragments,
                 const SourceIndex &index, DiagnosticsEngine &diags)
      : program(program), anchors(anchors), fragments(fragments), index(index),
        ctx(index.context()), sm(ctx.getSourceManager()), diags(diags),
        rewriter(ctx.getSourceManager(), ctx.getLangOpts()) {}

  bool run(std::string &out, std::string &cuda);

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
    long lost = static_cast<long>(std::count(original.begin(), original.end(), '\n')) -
                static_cast<long>(std::count(text.begin(), text.end(), '\n'));
    rewriter.ReplaceText(range.getBegin(), original.size(),
                         text + std::string(lost > 0 ? lost : 0, '\n'));
  }
  std::string sourceText(SourceRange range) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(range), sm, ctx.getLangOpts()).str();
  }
  /// The file offsets [begin, end) an anchor replaces (begin == end for an
  /// insertion point), or nothing for a virtual one.
  std::optional<std::pair<unsigned, unsigned>> extent(const Anchor &a) const;

  /// The offset of the end of the main file's line that includes the file
  /// of `loc` (through other included files).
  unsigned includeLineEnd(SourceLocation loc) const {
    StringRef buffer = sm.getBufferData(sm.getMainFileID());
    size_t at = index.offset(loc);
    size_t end = buffer.find('\n', at);
    return static_cast<unsigned>(end == StringRef::npos ? buffer.size() : end);
  }
  /// Texts for included files' anchors, by the main file's offset.
  std::map<unsigned, std::vector<std::string>> afterIncludes;
  void applyAfterIncludes();

  void applyAnchors();
  void apply(const Anchor &a, const std::string &text);
  std::string render(int64_t anchor, const std::string &variant = "") const;
  std::string renderFragment(const Fragment &fragment) const;
  std::string renderRange(SourceRange range, const std::string &variant) const;

  const Program &program;
  const AnchorTable &anchors;
  const Fragments &fragments;
  const SourceIndex &index;
  ASTContext &ctx;
  SourceManager &sm;
  DiagnosticsEngine &diags;
  Rewriter rewriter;
  bool ok = true;
  // Anchors whose text replaces a range, by begin offset: what a piece of
  // source spliced into a fragment has inside it.
  std::multimap<unsigned, std::pair<unsigned, int64_t>> inner;
};

std::optional<std::pair<unsigned, unsigned>> SourceRewriter::extent(const Anchor &a) const {
  const LangOptions &lo = ctx.getLangOpts();
  switch (a.kind) {
  case Anchor::Kind::ReplacePragma:
  case Anchor::Kind::ReplacePragmaText:
  case Anchor::Kind::ReplaceChars:
    return std::make_pair(index.offset(a.begin), index.offset(a.end));
  case Anchor::Kind::ReplaceTokens:
    return std::make_pair(index.offset(a.begin),
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
  case Anchor::Kind::AfterInclude: {
    unsigned at = includeLineEnd(a.begin);
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
    if (apart && !text.empty() && !out.empty() && !isspace(out.back()) && !isspace(text.front()))
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

/// An anchor's text: its fragment (in `variant` where it has one), or its
/// parts, then any text the frontend gave it.
std::string SourceRewriter::render(int64_t anchor, const std::string &variant) const {
  const Anchor &a = anchors[anchor];
  std::string out;
  if (auto f = fragments.find(anchor); f != fragments.end()) {
    auto v = f->second.find(variant);
    if (v == f->second.end())
      v = f->second.find("");
    if (v != f->second.end())
      out = renderFragment(v->second);
  }
  for (const Anchor::Part &part : a.parts)
    out += (out.empty() ? "" : "; ") + (part.anchor >= 0 ? render(part.anchor) : part.text);
  return join({out, a.text});
}

/// A piece of the user's source with the outermost anchors inside it
/// replaced by their text.
std::string SourceRewriter::renderRange(SourceRange range, const std::string &variant) const {
  unsigned begin = index.offset(range.getBegin());
  std::string text = sourceText(range);
  unsigned end = begin + text.size();
  std::vector<std::pair<std::pair<unsigned, unsigned>, int64_t>> outer;
  for (auto it = inner.lower_bound(begin); it != inner.end() && it->first < end; ++it) {
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
  case Anchor::Kind::AfterInclude:
    if (!text.empty())
      afterIncludes[includeLineEnd(a.begin)].push_back(text);
    break;
  case Anchor::Kind::Virtual:
    break;
  }
}

/// Every anchor in the order the frontend recorded them, but those inside
/// a range another anchor replaces: their text goes where that anchor's
/// fragment takes in the piece of source around them.
void SourceRewriter::applyAfterIncludes() {
  FileID main = sm.getMainFileID();
  std::string file;
  for (char c : StringRef(sm.getPresumedLoc(sm.getLocForStartOfFile(main)).getFilename())) {
    if (c == '"' || c == '\\')
      file += '\\';
    file += c;
  }
  for (const auto &[at, texts] : afterIncludes) {
    SourceLocation loc = sm.getLocForStartOfFile(main).getLocWithOffset(at);
    unsigned next = sm.getPresumedLineNumber(loc) + 1;
    rewriter.InsertText(loc,
                        "\n" + llvm::join(texts, "\n") + "\n#line " + std::to_string(next) +
                            " \"" + file + "\"",
                        /*InsertAfter=*/true);
  }
}

void SourceRewriter::applyAnchors() {
  std::vector<std::pair<unsigned, unsigned>> replaced;
  for (int64_t id = 0; id < static_cast<int64_t>(anchors.all().size()); ++id)
    if (auto range = extent(anchors[id]); range && range->second > range->first)
      replaced.push_back(*range);
  llvm::sort(replaced);
  auto within = [&](std::pair<unsigned, unsigned> r) {
    // The replaced ranges that begin at or before r: one of them covers it
    // (the anchors' ranges nest, they do not cross).
    for (auto it = replaced.begin(); it != replaced.end() && it->first <= r.first; ++it)
      if (*it != r && it->second >= r.second && (it->first < r.first || it->second > r.second) &&
          !(r.first == r.second && (r.first == it->first || r.first == it->second)))
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

bool SourceRewriter::run(std::string &out, std::string &cuda) {
  // The anchors a piece of source spliced into a fragment may have inside:
  // accesses, and directive lines (an OpenACC `loop` in a device loop's body).
  for (int64_t id = 0; id < static_cast<int64_t>(anchors.all().size()); ++id)
    if (auto range = extent(anchors[id]);
        range && range->second > range->first &&
        (anchors[id].kind == Anchor::Kind::ReplaceTokens ||
         anchors[id].kind == Anchor::Kind::ReplacePragma))
      inner.insert({range->first, {range->second, id}});
  applyAnchors();
  applyAfterIncludes();
  if (!ok)
    return false;
  const RewriteBuffer *buffer = rewriter.getRewriteBufferFor(sm.getMainFileID());
  out = buffer ? std::string(buffer->begin(), buffer->end())
               : sm.getBufferData(sm.getMainFileID()).str();
  cuda = anchors.cudaFile >= 0 ? render(anchors.cudaFile) : "";
  return true;
}

} // namespace

bool xmp::frontend::rewriteSource(const Program &program, const AnchorTable &anchors,
                                  const Fragments &fragments, const SourceIndex &index,
                                  DiagnosticsEngine &diags,
                                  std::string &out, std::string &cuda) {
  return SourceRewriter(program, anchors, fragments, index, diags).run(out, cuda);
}
