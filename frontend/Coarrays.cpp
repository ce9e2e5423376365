//===- Coarrays.cpp - `int a[10]:[*];` and `a[i]:[k]` in C code -----------===//

#include "Coarrays.h"
#include "DirectiveParser.h"
#include "RawTokens.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include <vector>

using namespace clang;
using namespace xmp::frontend;

namespace {

/// The index just past the bracket group that opens at toks[i] ('['), or
/// toks.size() when it does not close.
size_t pastGroup(const std::vector<Token> &toks, size_t i) {
  int depth = 0;
  for (; i < toks.size(); ++i) {
    if (toks[i].isOneOf(tok::l_square, tok::l_paren, tok::l_brace))
      ++depth;
    else if (toks[i].isOneOf(tok::r_square, tok::r_paren, tok::r_brace) && --depth == 0)
      return i + 1;
    if (toks[i].is(tok::semi))
      return toks.size();
  }
  return toks.size();
}

} // namespace

bool Coarrays::begin(CompilerInstance &instance) {
  ci = &instance;
  // The main file's tokens outside preprocessor lines.
  std::vector<Token> toks;
  bool directive = false;
  for (const Token &tok : mainFileRawTokens(*ci)) {
    if (tok.isAtStartOfLine())
      directive = tok.is(tok::hash);
    if (!directive)
      toks.push_back(tok);
  }
  SourceManager &sm = ci->getSourceManager();
  for (size_t i = 1; i + 1 < toks.size(); ++i) {
    if (!toks[i].is(tok::colon) || !toks[i + 1].is(tok::l_square))
      continue;
    // The bracket groups after ':'; a declarator's last one is `[*]`.
    // One of a declarator's is `[*]` (the last one, as its parser checks).
    Mark m;
    size_t j = i + 1;
    while (j < toks.size() && toks[j].is(tok::l_square)) {
      if (j + 2 < toks.size() && toks[j + 1].is(tok::star) && toks[j + 2].is(tok::r_square))
        m.declaration = true;
      j = pastGroup(toks, j);
    }
    m.refEnd = toks[i - 1].getLocation();
    // Back over the subscripts to the variable's name.
    size_t k = i - 1;
    while (k > 0 && toks[k].is(tok::r_square)) {
      int depth = 0;
      for (; k > 0; --k) {
        if (toks[k].isOneOf(tok::r_square, tok::r_paren, tok::r_brace))
          ++depth;
        else if (toks[k].isOneOf(tok::l_square, tok::l_paren, tok::l_brace) && --depth == 0)
          break;
      }
      --k;
    }
    if (!toks[k].is(tok::raw_identifier))
      continue;
    m.name = toks[k].getLocation();
    m.member = k > 0 && toks[k - 1].isOneOf(tok::period, tok::arrow);
    marks[sm.getFileOffset(toks[i].getLocation())] = m;
  }
  return !marks.empty();
}

void Coarrays::onToken(const Token &tok) {
  if (capturing || !tok.is(tok::colon))
    return;
  SourceManager &sm = ci->getSourceManager();
  SourceLocation loc = tok.getLocation();
  if (!loc.isFileID() || !sm.isInMainFile(loc))
    return;
  auto it = marks.find(sm.getFileOffset(loc));
  if (it == marks.end())
    return;
  Mark m = it->second;
  marks.erase(it);
  Preprocessor &pp = ci->getPreprocessor();
  // The bracket groups after ':'.
  capturing = true;
  SmallVector<Token> selector;
  Token next;
  pp.Lex(next);
  while (next.is(tok::l_square)) {
    int depth = 0;
    for (; next.isNot(tok::eof); pp.Lex(next)) {
      selector.push_back(next);
      if (next.isOneOf(tok::l_square, tok::l_paren, tok::l_brace))
        ++depth;
      else if (next.isOneOf(tok::r_square, tok::r_paren, tok::r_brace) && --depth == 0)
        break;
    }
    if (next.is(tok::eof))
      break;
    pp.Lex(next);
  }
  capturing = false;
  if (selector.empty())
    return;

  SourceLocation selectorEnd = selector.back().getLocation();
  std::string name =
      Lexer::getSourceText(CharSourceRange::getTokenRange(m.name, m.name), sm, pp.getLangOpts())
          .str();
  Directive d;
  d.range = SourceRange(m.name, selectorEnd);
  d.text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(m.name, sm.getExpansionLoc(selectorEnd)),
                           sm, pp.getLangOpts())
          .str();
  bool ok;
  if (m.member) {
    reportError(pp.getDiagnostics(), m.name,
                "'" + name +
                    "' is a member: an image selector follows a coarray variable "
                    "('a[i]:[k]', 's:[k]')");
    ok = false;
  } else if (m.declaration) {
    d.kind = DirectiveKind::Coarray;
    d.coarray.names.push_back({name, m.name});
    d.coarray.declarator = true;
    d.coarray.coBegin = loc;
    d.coarray.coEnd = selectorEnd;
    ok = parseImageSelectorTokens(pp, selector, true, d, d.coarray.coshape);
  } else {
    d.kind = DirectiveKind::Coindexed;
    d.coindexed.name = {name, m.name};
    d.coindexed.refEnd = m.refEnd;
    d.coindexed.selectorEnd = selectorEnd;
    ok = parseImageSelectorTokens(pp, selector, false, d, d.coindexed.cosubscripts);
  }
  if (ok)
    directiveTable().push_back(std::move(d));

  // The parser gets the token after the selector in place of ':'.
  Token &held = const_cast<Token &>(tok);
  held = next;
}
