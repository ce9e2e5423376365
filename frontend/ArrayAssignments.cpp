//===- ArrayAssignments.cpp - `a[0:n] = b[0:n] + 1;` in C code ------------===//

#include "ArrayAssignments.h"
#include "DirectiveParser.h"
#include "RawTokens.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"
#include <vector>

using namespace clang;
using namespace xmp::frontend;

namespace {

bool isRawWord(const Token &tok, StringRef word) {
  return tok.is(tok::raw_identifier) && tok.getRawIdentifier() == word;
}

/// A token after which a statement may begin.
bool endsOrBeginsStatement(const Token &tok) {
  return tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::r_paren, tok::colon) ||
         isRawWord(tok, "else") || isRawWord(tok, "do");
}

bool isAssignment(const Token &tok) {
  return tok.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                     tok::slashequal, tok::percentequal, tok::ampequal, tok::pipeequal,
                     tok::caretequal, tok::lesslessequal, tok::greatergreaterequal);
}

/// Whether the subscripts that start at toks[i] ('[') hold a section (a ':'
/// at the top level of one of them) and are followed by an assignment.
bool sectionAssignment(const std::vector<Token> &toks, size_t i) {
  bool section = false;
  while (i < toks.size() && toks[i].is(tok::l_square)) {
    int depth = 0, questions = 0;
    for (; i < toks.size(); ++i) {
      const Token &t = toks[i];
      if (t.isOneOf(tok::l_square, tok::l_paren, tok::l_brace))
        ++depth;
      else if (t.isOneOf(tok::r_square, tok::r_paren, tok::r_brace) && --depth == 0)
        break;
      else if (depth == 1 && t.is(tok::question))
        ++questions;
      else if (depth == 1 && t.isOneOf(tok::colon, tok::coloncolon)) {
        if (t.is(tok::colon) && questions > 0)
          --questions;
        else
          section = true;
      }
      if (t.isOneOf(tok::semi, tok::eof))
        return false;
    }
    if (i == toks.size() || !toks[i].is(tok::r_square))
      return false;
    ++i;
  }
  return section && i < toks.size() && isAssignment(toks[i]);
}

/// Whether the statement whose first token is toks[i] (an identifier)
/// assigns array sections with a coindexed side: up to its ';', an
/// assignment, an image selector (':' then '[' outside brackets) and a
/// section (a ':' inside square brackets that is not a conditional's).
bool coarraySectionStatement(const std::vector<Token> &toks, size_t i) {
  bool assignment = false, selector = false, section = false;
  int depth = 0;
  std::vector<int> questions{0};
  for (; i < toks.size(); ++i) {
    const Token &t = toks[i];
    if (t.isOneOf(tok::l_square, tok::l_paren, tok::l_brace)) {
      ++depth;
      questions.push_back(0);
    } else if (t.isOneOf(tok::r_square, tok::r_paren, tok::r_brace)) {
      if (--depth < 0)
        return false;
      questions.pop_back();
    } else if (t.is(tok::question)) {
      ++questions.back();
    } else if (t.is(tok::colon)) {
      if (questions.back() > 0)
        --questions.back();
      else if (depth == 0 && i + 1 < toks.size() && toks[i + 1].is(tok::l_square))
        selector = true;
      else if (depth > 0)
        section = true;
    } else if (depth == 0 && isAssignment(t)) {
      assignment = true;
    } else if (depth == 0 && t.isOneOf(tok::semi, tok::l_brace)) {
      break;
    }
  }
  return assignment && selector && section;
}

} // namespace

bool ArrayAssignments::begin(CompilerInstance &instance) {
  ci = &instance;
  // The main file's tokens outside preprocessor directives, with the brace
  // depth before each and whether a `#pragma xmp gmove` or `array` line,
  // which takes the statement after it, comes just before it.
  std::vector<Token> toks;
  std::vector<int> depths;
  std::vector<bool> taken;
  int braces = 0;
  bool directive = false, takesNext = false;
  size_t directiveStart = 0;
  for (const Token &tok : mainFileRawTokens(*ci)) {
    if (tok.isAtStartOfLine()) {
      if (directive) {
        // `# pragma xmp gmove ...`: the words after '#'.
        std::vector<Token> line(toks.begin() + directiveStart, toks.end());
        if (line.size() >= 4 && isRawWord(line[1], "pragma") && isRawWord(line[2], "xmp") &&
            (isRawWord(line[3], "gmove") || isRawWord(line[3], "array")))
          takesNext = true;
        toks.resize(directiveStart);
        depths.resize(directiveStart);
        taken.resize(directiveStart);
      }
      directive = tok.is(tok::hash);
      directiveStart = toks.size();
    }
    toks.push_back(tok);
    depths.push_back(braces);
    taken.push_back(!directive && takesNext);
    if (!directive) {
      takesNext = false;
      if (tok.is(tok::l_brace))
        ++braces;
      if (tok.is(tok::r_brace))
        --braces;
    }
  }
  if (directive) {
    toks.resize(directiveStart);
    depths.resize(directiveStart);
  }
  for (size_t i = 1; i + 1 < toks.size(); ++i)
    if (toks[i].is(tok::raw_identifier) && depths[i] > 0 && !taken[i] &&
        endsOrBeginsStatement(toks[i - 1]) &&
        (sectionAssignment(toks, i + 1) || coarraySectionStatement(toks, i)))
      candidates.mark(ci->getSourceManager(), toks[i]);
  return !candidates.empty();
}

void ArrayAssignments::onToken(const Token &tok) {
  if (capturing || !ci->hasSema())
    return;
  SourceManager &sm = ci->getSourceManager();
  std::optional<unsigned> offset = candidates.find(sm, tok);
  if (!offset)
    return;
  SourceLocation loc = tok.getLocation();
  Sema &sema = ci->getSema();
  if (!sema.getCurFunctionDecl() || !sema.getCurScope())
    return;
  candidates.unmark(*offset);
  Preprocessor &pp = ci->getPreprocessor();
  capturing = true;
  // The statement, up to its ';' at depth 0.
  SmallVector<Token> statement{tok};
  int depth = 0;
  Token next;
  for (pp.Lex(next); next.isNot(tok::eof); pp.Lex(next)) {
    if (next.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++depth;
    if (next.isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && --depth < 0)
      break;
    statement.push_back(next);
    if (depth == 0 && next.is(tok::semi))
      break;
  }
  capturing = false;
  // What ends the statement early (a '}' or the file's end) is read again.
  if (!statement.back().is(tok::semi))
    pp.EnterToken(next, /*IsReinject=*/true);

  Directive d;
  d.kind = DirectiveKind::Array;
  d.array.statementOnly = true;
  d.range = SourceRange(loc, statement.back().getLocation());
  d.text = "array assignment";
  // With an image selector (`a[0:3]:[1] = b[3:3];`): a coarray assignment.
  bool coarray = false;
  for (size_t k = 0, depth = 0; k + 1 < statement.size(); ++k) {
    if (statement[k].isOneOf(tok::l_square, tok::l_paren))
      ++depth;
    else if (statement[k].isOneOf(tok::r_square, tok::r_paren))
      --depth;
    else if (depth == 0 && statement[k].is(tok::colon) && statement[k + 1].is(tok::l_square))
      coarray = true;
  }
  if (coarray) {
    d.kind = DirectiveKind::CoarrayAssign;
    d.array.statementOnly = false;
    d.text = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                      sm.getExpansionLoc(loc),
                                      sm.getExpansionLoc(statement.back().getLocation())),
                                  sm, pp.getLangOpts())
                 .str();
  }
  if (coarray ? parseCoarrayStatement(pp, statement, d) : parseGmoveStatement(pp, statement, d)) {
    // Its variables are used: no 'unused variable' warning for them.
    for (const Token &t : statement)
      if (t.is(tok::identifier))
        if (auto *var = dyn_cast_or_null<VarDecl>(sema.LookupSingleName(
                sema.getCurScope(), t.getIdentifierInfo(), t.getLocation(),
                Sema::LookupOrdinaryName)))
          var->setReferenced();
    directiveTable().push_back(std::move(d));
  }

  // The parser gets a null statement at the ';' in its place (not one
  // warned about as an empty body).
  Token &held = const_cast<Token &>(tok);
  bool atStart = held.isAtStartOfLine(), space = held.hasLeadingSpace();
  held.startToken();
  held.setKind(tok::semi);
  held.setLocation(statement.back().getLocation());
  held.setLength(1);
  held.setFlag(Token::LeadingEmptyMacro);
  if (atStart)
    held.setFlag(Token::StartOfLine);
  if (space)
    held.setFlag(Token::LeadingSpace);
}
