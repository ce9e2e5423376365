//===- DirectiveParser.cpp - `#pragma xmp` line parser --------------------===//
//
// Recursive descent over the pragma's tokens. Keywords are matched without
// regard to case, as Omni does. C expressions inside directives are not
// parsed here: they are delimited by bracket depth and kept as source text.
//
//===----------------------------------------------------------------------===//

#include "DirectiveParser.h"
#include "TokenCursor.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;
using namespace xmp::frontend;

std::vector<Directive> &xmp::frontend::directiveTable() {
  static std::vector<Directive> table;
  return table;
}

void xmp::frontend::reportError(DiagnosticsEngine &diags, SourceLocation loc,
                                llvm::StringRef message) {
  unsigned id = diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  diags.Report(loc, id) << message;
}

using xmp::frontend::detail::TokenCursor;

namespace {

/// How deeply a directive's expression may nest (parentheses, brackets and
/// operators): the generated C repeats it, and compilers recurse on it.
constexpr unsigned maxExprDepth = 256;

/// Reads the tokens of one C expression written in a directive into an
/// ExprTree: C's conditional-expression, without assignments, increments
/// and compound literals, string literals only as call arguments
/// (`xmp_desc_of(a)`). Names are looked up later, against the AST; a cast
/// is told from a parenthesized name by what follows (`(T)x`, but `(n) - 1`).
class ExprReader : TokenCursor {
public:
  ExprReader(Preprocessor &pp, ArrayRef<Token> toks, SourceLocation end, ExprTree &tree)
      : TokenCursor(pp, toks, end), tree(tree) {}

  bool read() {
    unsigned root;
    if (!conditional(root))
      return false;
    if (!atEnd()) {
      if (peek().isOneOf(tok::identifier, tok::numeric_constant, tok::l_paren) || isLiteral(peek()))
        return error(here(), "expected an operator before '" + spelling(peek()) + "'");
      return unexpected();
    }
    return true;
  }

private:
  bool unexpected() {
    if (atEnd())
      return error(here(), "expected an expression");
    const Token &t = peek();
    if (t.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal, tok::slashequal,
                  tok::percentequal, tok::ampequal, tok::pipeequal, tok::caretequal,
                  tok::lesslessequal, tok::greatergreaterequal))
      return error(here(), "an assignment is not allowed in a directive's expression");
    if (t.isOneOf(tok::plusplus, tok::minusminus))
      return error(here(), "'" + spelling(t) + "' is not allowed in a directive's expression");
    return error(here(), "unexpected '" + spelling(t) + "' in the expression");
  }
  bool expect(tok::TokenKind k, const char *what) {
    if (peek().is(k)) {
      ++pos;
      return true;
    }
    return error(here(), std::string("expected ") + what);
  }
  static bool isLiteral(const Token &t) {
    return t.isOneOf(tok::char_constant, tok::wide_char_constant, tok::utf8_char_constant,
                     tok::utf16_char_constant, tok::utf32_char_constant) ||
           tok::isStringLiteral(t.getKind());
  }
  static bool isTypeKeyword(const Token &t) {
    return t.isOneOf(tok::kw_void, tok::kw_char, tok::kw_short, tok::kw_int, tok::kw_long,
                     tok::kw_float, tok::kw_double, tok::kw_signed, tok::kw_unsigned, tok::kw__Bool,
                     tok::kw_bool, tok::kw__Complex, tok::kw_const, tok::kw_volatile,
                     tok::kw_restrict, tok::kw_struct, tok::kw_union, tok::kw_enum);
  }
  /// Whether a type name starts `ahead` tokens on (after a '('): a type
  /// keyword, a name and '*'s (`(T *)`), or a name alone in the parentheses
  /// followed by an operand.
  bool typeNameAt(size_t ahead) const {
    if (isTypeKeyword(peek(ahead)))
      return true;
    size_t stars = ahead + 1;
    while (peek(stars).is(tok::star))
      ++stars;
    if (peek(ahead).is(tok::identifier) && stars > ahead + 1 && peek(stars).is(tok::r_paren))
      return true;
    const Token &next = peek(ahead + 2);
    return peek(ahead).is(tok::identifier) && peek(ahead + 1).is(tok::r_paren) &&
           (next.isOneOf(tok::identifier, tok::numeric_constant, tok::kw_sizeof, tok::tilde,
                         tok::exclaim) ||
            isLiteral(next));
  }
  /// Enters one level of nesting at the token just read (an operator or an
  /// opening bracket); false (with an error there) past the limit.
  bool enter() { return ++depth <= maxExprDepth || tooDeep(toks[pos - 1].getLocation()); }
  bool tooDeep(SourceLocation loc) {
    return error(loc, "expression nested too deeply: a directive's expression may have " +
                          std::to_string(maxExprDepth) +
                          " levels of parentheses and operators at most");
  }
  bool add(ExprNode::Kind kind, const Token &t, std::vector<unsigned> operands, unsigned &out,
           SourceLocation close = {}, std::vector<Token> names = {}) {
    unsigned d = 0; // names and literals: 0
    for (unsigned o : operands)
      d = std::max(d, depths[o] + 1);
    if (d > maxExprDepth)
      return tooDeep(t.getLocation());
    out = tree.nodes.size();
    tree.nodes.push_back({kind, t, close, std::move(operands), std::move(names)});
    depths.push_back(d);
    return true;
  }

  /// expression := conditional (',' conditional)*, inside brackets only.
  bool expression(unsigned &out) {
    if (!conditional(out))
      return false;
    while (peek().is(tok::comma)) {
      Token comma = peek();
      ++pos;
      unsigned rhs;
      if (!conditional(rhs) || !add(ExprNode::Binary, comma, {out, rhs}, out))
        return false;
    }
    return true;
  }

  bool conditional(unsigned &out) {
    if (!binary(1, out))
      return false;
    if (!peek().is(tok::question))
      return true;
    Token question = peek();
    ++pos;
    unsigned yes, no;
    if (!enter() || !expression(yes))
      return false;
    SourceLocation colon = here();
    if (!expect(tok::colon, "':' in the conditional expression") || !conditional(no))
      return false;
    --depth;
    return add(ExprNode::Conditional, question, {out, yes, no}, out, colon);
  }

  static int precedence(const Token &t) {
    switch (t.getKind()) {
    case tok::star:
    case tok::slash:
    case tok::percent:
      return 10;
    case tok::plus:
    case tok::minus:
      return 9;
    case tok::lessless:
    case tok::greatergreater:
      return 8;
    case tok::less:
    case tok::greater:
    case tok::lessequal:
    case tok::greaterequal:
      return 7;
    case tok::equalequal:
    case tok::exclaimequal:
      return 6;
    case tok::amp:
      return 5;
    case tok::caret:
      return 4;
    case tok::pipe:
      return 3;
    case tok::ampamp:
      return 2;
    case tok::pipepipe:
      return 1;
    default:
      return 0;
    }
  }

  /// Binary operators of `min` precedence and above, left to right.
  bool binary(int min, unsigned &out) {
    if (!castExpr(out))
      return false;
    for (;;) {
      int p = precedence(peek());
      if (p == 0 || p < min)
        return true;
      Token op = peek();
      ++pos;
      unsigned rhs;
      if (!binary(p + 1, rhs) || !add(ExprNode::Binary, op, {out, rhs}, out))
        return false;
    }
  }

  /// A type name up to its ')': specifiers, qualifiers, typedef and tag
  /// names, '*'.
  bool typeName(std::vector<Token> &out) {
    while (!peek().is(tok::r_paren)) {
      const Token &t = peek();
      if (atEnd())
        return error(end, "expected ')'");
      if (!isTypeKeyword(t) && !t.isOneOf(tok::identifier, tok::star))
        return error(here(), "unexpected '" + spelling(t) + "' in the type name");
      out.push_back(toks[pos++]);
      // A tag keyword is followed by the tag's name.
      if (t.isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum)) {
        if (!peek().is(tok::identifier))
          return error(here(), "expected a name after '" + spelling(t) + "'");
        out.push_back(toks[pos++]);
      }
    }
    return true;
  }

  bool castExpr(unsigned &out) {
    if (!peek().is(tok::l_paren) || !typeNameAt(1))
      return unary(out);
    Token open = peek();
    ++pos;
    std::vector<Token> type;
    if (!enter() || !typeName(type))
      return false;
    SourceLocation close = here();
    ++pos;
    if (peek().is(tok::l_brace))
      return error(here(), "a compound literal is not allowed in a directive's expression");
    unsigned operand;
    if (!castExpr(operand))
      return false;
    --depth;
    return add(ExprNode::Cast, open, {operand}, out, close, std::move(type));
  }

  bool unary(unsigned &out) {
    const Token &t = peek();
    if (t.isOneOf(tok::plusplus, tok::minusminus))
      return unexpected();
    if (t.isOneOf(tok::amp, tok::star, tok::plus, tok::minus, tok::tilde, tok::exclaim)) {
      Token op = t;
      ++pos;
      unsigned operand;
      if (!enter() || !castExpr(operand))
        return false;
      --depth;
      return add(ExprNode::Unary, op, {operand}, out);
    }
    if (t.isOneOf(tok::kw_sizeof, tok::kw__Alignof, tok::kw_alignof)) {
      Token op = t;
      ++pos;
      if (!enter())
        return false;
      if (peek().is(tok::l_paren) && typeNameAt(1)) {
        ++pos;
        std::vector<Token> type;
        if (!typeName(type))
          return false;
        SourceLocation close = here();
        ++pos;
        --depth;
        return add(ExprNode::Sizeof, op, {}, out, close, std::move(type));
      }
      unsigned operand;
      if (!unary(operand))
        return false;
      --depth;
      return add(ExprNode::Sizeof, op, {operand}, out);
    }
    return postfix(out);
  }

  bool postfix(unsigned &out) {
    if (!primary(out))
      return false;
    for (;;) {
      Token t = peek();
      if (t.is(tok::l_square)) {
        ++pos;
        unsigned index;
        if (!enter() || !expression(index))
          return false;
        SourceLocation close = here();
        if (!expect(tok::r_square, "']'"))
          return false;
        --depth;
        if (!add(ExprNode::Subscript, t, {out, index}, out, close))
          return false;
      } else if (t.is(tok::l_paren)) {
        ++pos;
        if (!enter())
          return false;
        std::vector<unsigned> operands{out};
        ++calls;
        if (!peek().is(tok::r_paren)) {
          for (bool more = true; more;) {
            unsigned arg;
            if (!conditional(arg))
              return false;
            operands.push_back(arg);
            more = peek().is(tok::comma);
            pos += more;
          }
        }
        --calls;
        SourceLocation close = here();
        if (!expect(tok::r_paren, "')' after the arguments"))
          return false;
        --depth;
        if (!add(ExprNode::Call, t, std::move(operands), out, close))
          return false;
      } else if (t.isOneOf(tok::period, tok::arrow)) {
        ++pos;
        if (!peek().is(tok::identifier))
          return error(here(), "expected a member name after '" + spelling(t) + "'");
        Token member = peek();
        ++pos;
        if (!add(ExprNode::Member, t, {out}, out, {}, {member}))
          return false;
      } else if (t.isOneOf(tok::plusplus, tok::minusminus)) {
        return unexpected();
      } else {
        return true;
      }
    }
  }

  bool primary(unsigned &out) {
    const Token &t = peek();
    if (t.is(tok::identifier)) {
      ++pos;
      return add(ExprNode::Name, t, {}, out);
    }
    if (t.is(tok::numeric_constant)) {
      ++pos;
      return add(ExprNode::Number, t, {}, out);
    }
    if (isLiteral(t) && !tok::isStringLiteral(t.getKind())) {
      ++pos;
      return add(ExprNode::Char, t, {}, out);
    }
    if (tok::isStringLiteral(t.getKind())) {
      if (calls == 0)
        return error(here(), "a string literal is not allowed here; a directive's "
                             "expression is a number");
      Token first = t;
      std::vector<Token> pieces;
      while (tok::isStringLiteral(peek().getKind()))
        pieces.push_back(toks[pos++]);
      return add(ExprNode::String, first, {}, out, {}, std::move(pieces));
    }
    if (t.is(tok::l_paren)) {
      Token open = t;
      ++pos;
      unsigned inner;
      if (!enter() || !expression(inner))
        return false;
      SourceLocation close = here();
      if (!expect(tok::r_paren, "')'"))
        return false;
      --depth;
      return add(ExprNode::Paren, open, {inner}, out, close);
    }
    return unexpected();
  }

  ExprTree &tree;
  std::vector<unsigned> depths; // per node: the depth of its subtree
  unsigned depth = 0, calls = 0;
};

/// Thrown-free error propagation: every parse function returns false after
/// reporting, and the caller unwinds.
class Parser : TokenCursor {
public:
  Parser(Preprocessor &pp, ArrayRef<Token> toks, SourceRange range)
      : TokenCursor(pp, toks, range.getEnd()), sm(pp.getSourceManager()), range(range) {}

  std::optional<Directive> parse();

private:
  // Token access (and peek, atEnd, here, spelling, error: TokenCursor).
  bool is(tok::TokenKind k) const { return peek().is(k); }
  bool isKeyword(StringRef kw) const {
    return peek().is(tok::identifier) &&
           peek().getIdentifierInfo()->getName().equals_insensitive(kw);
  }
  bool consume(tok::TokenKind k) {
    if (!is(k))
      return false;
    ++pos;
    return true;
  }
  bool expect(tok::TokenKind k, StringRef what) {
    if (consume(k))
      return true;
    return error(here(), ("expected " + what).str());
  }
  bool parseName(Name &out, StringRef what);
  bool parseExpr(CExpr &out, std::initializer_list<tok::TokenKind> stops,
                 ExprTree::Need need = ExprTree::Integer);
  bool openList(Bracket &style);
  bool closeBracket(Bracket style);
  bool moreInList(Bracket style, bool &more);

  bool parseNodes(NodesDirective &d);
  bool parseTemplate(TemplateDirective &d);
  bool parseTemplateSpecs(TemplateDirective &d, bool allowDeferred);
  bool parseTemplateFix(TemplateFixDirective &d);
  bool parseDistribute(DistributeDirective &d);
  bool parseFormats(std::vector<DistFormat> &formats);
  bool parseAlign(AlignDirective &d);
  bool parseLoop(LoopDirective &d);
  bool parseReductionClause(ReductionClause &c);
  bool parseOnRef(std::optional<NodeRef> &on);
  bool parseAsync(std::optional<CExpr> &async);
  bool parseSubscripts(std::vector<Subscript> &out, bool allowOffset,
                       Bracket *styleOut = nullptr);
  bool parseNameList(std::vector<Name> &out, StringRef what);
  bool parseWidth(Width &w, StringRef flag, bool allowFull);
  bool parseLoopExtent(LoopDirective &d, Bracket style);
  bool parseShadow(ShadowDirective &d);
  bool parseReflect(ReflectDirective &d, StringRef directive);
  bool parseWidthClause(std::vector<Width> &widths);
  bool parseReflectPlan(ReflectDirective &d, bool init);
  bool parseGmoveClauses(GmoveDirective &g);
  bool parseWaitAsync(WaitAsyncDirective &d);
  bool parseBcast(BcastDirective &d);
  bool parseNodeRef(NodeRef &ref);
  bool rejectDeviceClause(StringRef directive);
  bool parseSection(GmoveSide &side);
  bool parseDevice(Directive &d);

  bool parseImageSelector(std::vector<CExpr> &out, bool declaration);
  bool parseCoarraySide(GmoveSide &side);
  bool parseCoarrayDirective(CoarrayDirective &d);
  bool parsePostWait(PostWaitDirective &d, bool post);
  bool parseLock(LockDirective &d, StringRef directive);

public:
  bool parseGmoveAssignment(GmoveDirective &g);
  bool parseCoarrayAssignment(CoarrayAssignDirective &a);
  /// `[e]...` after a coindexed reference's ':' (or a declarator's
  /// `[n]...[*]`), the whole token list.
  bool parseSelectorOnly(std::vector<CExpr> &out, bool declaration) {
    return parseImageSelector(out, declaration) &&
           (atEnd() || error(here(), "unexpected '" + spelling(peek()) + "' after the image selector"));
  }
  bool parseArrayAssignment(ArrayDirective &a);
  /// Where the trees of the expressions read go.
  void collectExprs(std::vector<ExprTree> &out) { exprs = &out; }

private:
  std::vector<ExprTree> *exprs = nullptr;

  SourceManager &sm;
  SourceRange range;
};

bool Parser::parseName(Name &out, StringRef what) {
  if (!is(tok::identifier))
    return error(here(), ("expected " + what).str());
  out = {spelling(peek()), peek().getLocation()};
  ++pos;
  return true;
}

bool Parser::parseExpr(CExpr &out, std::initializer_list<tok::TokenKind> stops,
                       ExprTree::Need need) {
  size_t begin = pos;
  int depth = 0;
  while (!atEnd()) {
    tok::TokenKind k = peek().getKind();
    if (depth == 0 && std::find(stops.begin(), stops.end(), k) != stops.end())
      break;
    if (k == tok::l_paren || k == tok::l_square || k == tok::l_brace)
      ++depth;
    if (k == tok::r_paren || k == tok::r_square || k == tok::r_brace) {
      if (depth == 0)
        break;
      --depth;
    }
    ++pos;
  }
  if (pos == begin)
    return error(here(), "expected an expression");
  ExprTree tree;
  tree.need = need;
  if (!ExprReader(pp, toks.slice(begin, pos - begin), here(), tree).read())
    return false;
  if (exprs)
    exprs->push_back(std::move(tree));
  // Source text as written (macro names kept, not their expansions): the
  // generated C is compiled with the same macros. A macro whose expansion holds
  // more than the expression (`#define DIST cyclic(2)` in `distribute t(DIST)`)
  // gives the expression's own tokens instead.
  auto sameMacro = [&](size_t i, size_t j) {
    SourceLocation a = toks[i].getLocation(), c = toks[j].getLocation();
    return a.isMacroID() && c.isMacroID() &&
           sm.getExpansionLoc(a) == sm.getExpansionLoc(c);
  };
  if ((begin > 0 && sameMacro(begin - 1, begin)) ||
      (pos < toks.size() && sameMacro(pos - 1, pos))) {
    out.text.clear();
    for (size_t k = begin; k < pos; ++k)
      out.text += (k > begin ? " " : "") + pp.getSpelling(toks[k]);
  } else {
    SourceLocation b = sm.getExpansionLoc(toks[begin].getLocation());
    SourceLocation e = sm.getExpansionLoc(toks[pos - 1].getLocation());
    out.text = Lexer::getSourceText(CharSourceRange::getTokenRange(b, e), sm,
                                    pp.getLangOpts())
                   .str();
  }
  out.loc = toks[begin].getLocation();
  out.expanded.clear();
  for (size_t k = begin; k < pos; ++k)
    out.expanded += (k > begin ? " " : "") + pp.getSpelling(toks[k]);
  return true;
}

bool Parser::openList(Bracket &style) {
  if (consume(tok::l_paren)) {
    style = Bracket::Round;
    return true;
  }
  if (consume(tok::l_square)) {
    style = Bracket::Square;
    return true;
  }
  return error(here(), "expected '(' or '['");
}

bool Parser::closeBracket(Bracket style) {
  return style == Bracket::Round ? expect(tok::r_paren, "')'")
                                 : expect(tok::r_square, "']'");
}

/// After an element: round lists continue with ',', square ones with '][' .
bool Parser::moreInList(Bracket style, bool &more) {
  if (style == Bracket::Round) {
    more = consume(tok::comma);
    return more || closeBracket(style);
  }
  if (!closeBracket(style))
    return false;
  more = consume(tok::l_square);
  return true;
}

template <typename T> void toCOrder(Bracket style, std::vector<T> &list) {
  if (style == Bracket::Round)
    std::reverse(list.begin(), list.end());
}

bool Parser::parseNodes(NodesDirective &d) {
  if (!parseName(d.name, "a node array name"))
    return false;
  Bracket style;
  if (!openList(style))
    return false;
  for (bool more = true; more;) {
    CExpr e;
    if (is(tok::star)) {
      e = {"*", peek().getLocation()};
      ++pos;
    } else if (!parseExpr(e, {tok::comma, tok::colon})) {
      return false;
    }
    d.shape.push_back(e);
    if (!moreInList(style, more))
      return false;
  }
  toCOrder(style, d.shape);
  if (consume(tok::equal)) {
    if (consume(tok::star)) {
      d.ofExecutingSet = true;
    } else {
      NodeRef parent;
      if (!parseNodeRef(parent))
        return false;
      d.parent = parent;
    }
  }
  if (is(tok::comma))
    return error(here(), "declare one node array per 'nodes' directive");
  return true;
}

bool Parser::parseTemplate(TemplateDirective &d) {
  if (!parseName(d.name, "a template name") || !parseTemplateSpecs(d, true))
    return false;
  if (is(tok::comma))
    return error(here(), "declare one template per 'template' directive");
  return true;
}

/// The bracketed shape after a template's name: round `(N)`, `(lb:ub)`;
/// square `[N]`, `[base:length]`; ':' in every dimension for a deferred shape.
bool Parser::parseTemplateSpecs(TemplateDirective &d, bool allowDeferred) {
  Bracket style;
  if (!openList(style))
    return false;
  size_t deferredDims = 0, dims = 0;
  for (bool more = true; more; ++dims) {
    if (is(tok::colon) && (peek(1).isOneOf(tok::comma, tok::r_paren, tok::r_square))) {
      if (!allowDeferred)
        return error(here(), "template_fix gives the template's shape: ':' is not "
                             "allowed here");
      ++pos;
      ++deferredDims;
    } else {
      CExpr first;
      if (!parseExpr(first, {tok::comma, tok::colon}))
        return false;
      if (consume(tok::colon)) {
        CExpr second;
        if (!parseExpr(second, {tok::comma}))
          return false;
        d.lower.push_back(first);
        // Round: lb:ub. Square: base:length, as C triplets are written.
        d.upper.push_back(style == Bracket::Round
                              ? second
                              : CExpr{"(" + first.text + ") + (" + second.text + ") - 1",
                                      second.loc,
                                      "(" + first.expanded + ") + (" + second.expanded +
                                          ") - 1"});
      } else if (style == Bracket::Round) {
        d.lower.push_back({"1", first.loc, "1"}); // lower 1 by default
        d.upper.push_back(first);
      } else {
        d.lower.push_back({"0", first.loc, "0"}); // an extent: 0..extent-1
        d.upper.push_back({"(" + first.text + ") - 1", first.loc, "(" + first.expanded + ") - 1"});
      }
    }
    if (!moreInList(style, more))
      return false;
  }
  if (deferredDims != 0 && deferredDims != dims)
    return error(d.name.loc, "either every dimension of template '" + d.name.text +
                                 "' is ':' (a deferred shape) or none is");
  d.deferred = deferredDims != 0;
  d.rank = dims;
  toCOrder(style, d.lower);
  toCOrder(style, d.upper);
  return true;
}

/// `template_fix [formats] name [shape]`.
bool Parser::parseTemplateFix(TemplateFixDirective &d) {
  if ((is(tok::l_paren) || is(tok::l_square)) && !parseFormats(d.formats))
    return false;
  if (!parseName(d.templ.name, "a template name"))
    return false;
  // No shape: the template has one, and template_fix gives gblock(*)'s sizes.
  return atEnd() || parseTemplateSpecs(d.templ, false);
}

bool Parser::parseDistribute(DistributeDirective &d) {
  if (!parseName(d.templ, "a template name") || !parseFormats(d.formats))
    return false;
  if (!isKeyword("onto"))
    return error(here(), "expected 'onto' after the distribution formats");
  ++pos;
  return parseName(d.nodes, "a node array name after 'onto'");
}

/// Distribution formats in either bracket style, in C order.
bool Parser::parseFormats(std::vector<DistFormat> &formats) {
  Bracket style;
  if (!openList(style))
    return false;
  for (bool more = true; more;) {
    DistFormat f;
    f.loc = here();
    if (consume(tok::star)) {
      f.kind = "*";
    } else if (is(tok::identifier)) {
      std::string word = StringRef(spelling(peek())).lower();
      ++pos;
      if (word != "block" && word != "cyclic" && word != "gblock")
        return error(f.loc, "unknown distribution format '" +
                                spelling(toks[pos - 1]) +
                                "'; expected '*', 'block', 'cyclic', "
                                "'cyclic(w)' or 'gblock(m)'");
      f.kind = word;
      if (consume(tok::l_paren)) {
        if (word == "block")
          return error(f.loc, "'block(n)' is not supported; use 'block' or "
                              "'gblock(m)'");
        CExpr param;
        if (word == "gblock" && is(tok::star) && peek(1).is(tok::r_paren)) {
          ++pos;
          param.text = "*"; // sizes given by template_fix
        } else if (!parseExpr(param, {}, word == "gblock" ? ExprTree::Array : ExprTree::Integer)) {
          return false;
        }
        if (!expect(tok::r_paren, "')'"))
          return false;
        f.param = param.text;
      } else if (word == "gblock") {
        return error(here(), "'gblock' needs an array of block sizes: "
                             "'gblock(m)' (or 'gblock(*)' on a template of "
                             "deferred shape)");
      }
    } else {
      return error(f.loc, "expected a distribution format ('*', 'block', "
                          "'cyclic', 'cyclic(w)' or 'gblock(m)')");
    }
    formats.push_back(f);
    if (!moreInList(style, more))
      return false;
  }
  toCOrder(style, formats);
  return true;
}

/// Template subscripts: `i`, `i+1`, `i-c`, `*`, `:`; in either bracket style.
bool Parser::parseSubscripts(std::vector<Subscript> &out, bool allowOffset,
                             Bracket *styleOut) {
  Bracket style;
  if (!openList(style))
    return false;
  for (bool more = true; more;) {
    Subscript s;
    s.loc = here();
    if (consume(tok::star) || consume(tok::colon)) {
      // No variable: collapsed / replicated dimension.
    } else if (is(tok::identifier)) {
      s.var = spelling(peek());
      ++pos;
      if (is(tok::plus) || is(tok::minus)) {
        if (!allowOffset)
          return error(here(), "expected a variable name, '*' or ':'");
        bool minus = is(tok::minus);
        ++pos;
        CExpr off;
        if (!parseExpr(off, {tok::comma}))
          return false;
        s.offset = (minus ? "-(" : "(") + off.text + ")";
      }
    } else {
      return error(s.loc, "expected a variable name, '*' or ':'");
    }
    out.push_back(s);
    if (!moreInList(style, more))
      return false;
  }
  toCOrder(style, out);
  if (styleOut)
    *styleOut = style;
  return true;
}

bool Parser::parseAlign(AlignDirective &d) {
  if (is(tok::l_square) || is(tok::l_paren))
    return error(here(), "expected an array name; the combined form needs "
                         "'::' and the names after it ('align [i] with t[i] :: a')");
  if (!parseName(d.array, "an array name"))
    return false;
  if (!is(tok::l_square))
    return error(here(), "expected '[' after the array name");
  // Array subscripts are always in C order.
  while (consume(tok::l_square)) {
    Subscript s;
    s.loc = here();
    if (is(tok::identifier)) {
      s.var = spelling(peek());
      ++pos;
    } else if (!consume(tok::star) && !consume(tok::colon)) {
      return error(s.loc, "expected a variable name, '*' or ':'");
    }
    if (!expect(tok::r_square, "']'"))
      return false;
    // One array dimension per template dimension: a repeated name would map
    // two of them onto one.
    for (const Subscript &earlier : d.source)
      if (!s.var.empty() && earlier.var == s.var)
        return error(s.loc, "'" + s.var + "' appears twice in the array subscripts");
    d.source.push_back(s);
  }
  if (!isKeyword("with"))
    return error(here(), "expected 'with' after the array subscripts");
  ++pos;
  if (!parseName(d.templ, "a template name after 'with'"))
    return false;
  return parseSubscripts(d.target, /*allowOffset=*/true);
}

bool Parser::parseReductionClause(ReductionClause &c) {
  if (!expect(tok::l_paren, "'(' after 'reduction'"))
    return false;
  c.loc = here();
  const Token &t = peek();
  std::string word = t.is(tok::identifier) ? StringRef(spelling(t)).lower() : "";
  if (const char *op = xmp::frontend::detail::reductionPunctuator(t.getKind()))
    c.kind = op;
  else if (llvm::is_contained({"max", "min", "firstmax", "firstmin", "lastmax", "lastmin"},
                              word))
    c.kind = word;
  else
    return error(c.loc, "unknown reduction operator '" + spelling(t) +
                            "'; expected one of + * - & | ^ && || max min "
                            "firstmax firstmin lastmax lastmin");
  ++pos;
  if (!expect(tok::colon, "':' after the reduction operator"))
    return false;
  for (bool more = true; more; more = consume(tok::comma)) {
    Name v;
    if (!parseName(v, "a variable name"))
      return false;
    if (is(tok::l_square))
      return error(here(), "reduction of part of an array is not supported; name the "
                           "whole array ('" + v.text + "')");
    std::vector<Name> locs;
    if (consume(tok::slash)) {
      for (bool moreLocs = true; moreLocs; moreLocs = consume(tok::comma)) {
        Name l;
        if (!parseName(l, "a location variable"))
          return false;
        locs.push_back(l);
      }
      if (!expect(tok::slash, "'/' after the location variables"))
        return false;
    }
    c.vars.push_back(v);
    c.locs.push_back(locs);
  }
  return expect(tok::r_paren, "')'");
}

bool Parser::parseOnRef(std::optional<NodeRef> &on) {
  if (!isKeyword("on"))
    return true;
  ++pos;
  NodeRef ref;
  if (!parseNodeRef(ref))
    return false;
  on = ref;
  return true;
}

/// `async(id)`, if it comes next.
bool Parser::parseAsync(std::optional<CExpr> &async) {
  if (!isKeyword("async"))
    return true;
  ++pos;
  CExpr id;
  if (!expect(tok::l_paren, "'(' after 'async'") || !parseExpr(id, {}) ||
      !expect(tok::r_paren, "')'"))
    return false;
  async = id;
  return true;
}

bool Parser::parseNameList(std::vector<Name> &out, StringRef what) {
  if (!expect(tok::l_paren, "'('"))
    return false;
  for (bool more = true; more; more = consume(tok::comma)) {
    Name n;
    if (!parseName(n, what))
      return false;
    out.push_back(n);
  }
  return expect(tok::r_paren, "')'");
}

/// `w`, `lo:hi`, and where allowed `*` (full shadow) or `/periodic/` first.
/// One width; `flag` names the '/flag/' it may carry ("periodic",
/// "unbound"), empty for none.
bool Parser::parseWidth(Width &w, StringRef flag, bool allowFull) {
  w.loc = here();
  if (!flag.empty() && is(tok::slash)) {
    ++pos;
    if (!isKeyword(flag))
      return error(here(), ("expected '" + flag + "' in '/" + flag + "/'").str());
    ++pos;
    if (!expect(tok::slash, ("'/' after '" + flag + "'").str()))
      return false;
    (flag == "periodic" ? w.periodic : w.unbound) = true;
  }
  if (allowFull && is(tok::star)) {
    ++pos;
    w.full = true;
    return true;
  }
  CExpr lo;
  if (!parseExpr(lo, {tok::colon, tok::comma}))
    return false;
  w.lo = w.hi = lo.text;
  if (consume(tok::colon)) {
    CExpr hi;
    if (!parseExpr(hi, {tok::comma}))
      return false;
    w.hi = hi.text;
  }
  return true;
}

bool Parser::parseShadow(ShadowDirective &d) {
  if (!parseName(d.array, "an array name"))
    return false;
  Bracket style;
  if (!openList(style))
    return false;
  for (bool more = true; more;) {
    Width w;
    if (!parseWidth(w, /*flag=*/"", /*allowFull=*/true))
      return false;
    d.widths.push_back(w);
    if (!moreInList(style, more))
      return false;
  }
  toCOrder(style, d.widths);
  return true;
}

bool Parser::rejectDeviceClause(StringRef directive) {
  if (isKeyword("acc") || isKeyword("device") || isKeyword("host"))
    return error(here(), "'" + spelling(peek()) + "' on '" + directive.str() +
                             "' is not supported by this version of xmpcc yet");
  return true;
}

/// `width(w, ...)` of reflect and reflect_init; at the 'width' keyword.
bool Parser::parseWidthClause(std::vector<Width> &widths) {
  ++pos;
  if (!expect(tok::l_paren, "'(' after 'width'"))
    return false;
  for (bool more = true; more; more = consume(tok::comma)) {
    Width w;
    if (!parseWidth(w, "periodic", /*allowFull=*/false))
      return false;
    widths.push_back(w);
  }
  return expect(tok::r_paren, "')'");
}

/// XACC: `reflect_init (list) [width(...)] [orthogonal] [acc|device]` builds
/// the plan, `reflect_do (list) [async(id)] [acc|device]` runs it.
bool Parser::parseReflectPlan(ReflectDirective &d, bool init) {
  std::string name = init ? "reflect_init" : "reflect_do";
  if (!parseNameList(d.arrays, "an array name"))
    return false;
  while (!atEnd()) {
    if (isKeyword("width") && init && d.widths.empty()) {
      if (!parseWidthClause(d.widths))
        return false;
    } else if (isKeyword("width") && !init) {
      return error(here(), "'width' belongs on 'reflect_init': 'reflect_do' runs "
                           "the plan 'reflect_init' built with its widths");
    } else if (isKeyword("async") && !init && !d.async) {
      ++pos;
      CExpr id;
      if (!expect(tok::l_paren, "'(' after 'async'") || !parseExpr(id, {}) ||
          !expect(tok::r_paren, "')'"))
        return false;
      d.async = id;
    } else if (isKeyword("async") && init) {
      return error(here(), "'async' belongs on 'reflect_do': 'reflect_init' "
                           "only builds the plan");
    } else if ((isKeyword("acc") || isKeyword("device")) && !d.acc) {
      ++pos;
      d.acc = true;
    } else if (isKeyword("orthogonal") && init) {
      ++pos; // as on reflect: the plan also fills the corners
    } else {
      return error(here(), "unexpected '" + spelling(peek()) + "' in '" + name +
                               "'; expected " +
                               (init ? "'width', 'orthogonal' or 'acc'"
                                     : "'async' or 'acc'"));
    }
  }
  return true;
}

bool Parser::parseReflect(ReflectDirective &d, StringRef directive) {
  if (!parseNameList(d.arrays, "an array name"))
    return false;
  while (!atEnd()) {
    if (isKeyword("width") && d.widths.empty()) {
      if (!parseWidthClause(d.widths))
        return false;
    } else if (isKeyword("async") && !d.async) {
      ++pos;
      CExpr id;
      if (!expect(tok::l_paren, "'(' after 'async'") || !parseExpr(id, {}) ||
          !expect(tok::r_paren, "')'"))
        return false;
      d.async = id;
    } else if (isKeyword("orthogonal")) {
      // reflect: only the faces need updating; the exchange also fills the
      // corners (from the same owners, so with the same values), which the
      // directive leaves unspecified. reduce_shadow adds the faces only.
      ++pos;
    } else if ((isKeyword("acc") || isKeyword("device")) && directive == "reflect" &&
               !d.acc) {
      ++pos; // XACC: on the device copies, through a plan built once and kept
      d.acc = true;
    } else {
      if (!rejectDeviceClause(directive))
        return false;
      return error(here(), "unexpected '" + spelling(peek()) + "' in '" + directive.str() +
                               "'; expected 'width', 'orthogonal'" +
                               (directive == "reflect" ? ", 'async' or 'acc'" : " or 'async'"));
    }
  }
  return true;
}

/// `gmove [in | out] [async(id)]`.
bool Parser::parseGmoveClauses(GmoveDirective &g) {
  while (!atEnd()) {
    if ((isKeyword("in") || isKeyword("out")) && g.mode.empty() && !g.async) {
      g.mode = StringRef(spelling(peek())).lower();
      ++pos;
    } else if (isKeyword("in") || isKeyword("out")) {
      return error(here(), g.mode.empty()
                               ? "'" + spelling(peek()) + "' must come before 'async' in 'gmove'"
                               : "'gmove' takes one of 'in' and 'out'");
    } else if (isKeyword("async") && !g.async) {
      ++pos;
      CExpr id;
      if (!expect(tok::l_paren, "'(' after 'async'") || !parseExpr(id, {}) ||
          !expect(tok::r_paren, "')'"))
        return false;
      g.async = id;
    } else {
      if (!rejectDeviceClause("gmove"))
        return false;
      return error(here(), "unexpected '" + spelling(peek()) +
                               "' in 'gmove'; expected 'in', 'out' or 'async'");
    }
  }
  return true;
}

bool Parser::parseWaitAsync(WaitAsyncDirective &d) {
  if (!expect(tok::l_paren, "'(' after 'wait_async'"))
    return false;
  for (bool more = true; more; more = consume(tok::comma)) {
    CExpr id;
    if (!parseExpr(id, {tok::comma}))
      return false;
    d.ids.push_back(id);
  }
  if (!expect(tok::r_paren, "')'"))
    return false;
  return parseOnRef(d.on);
}

/// `name` with optional subscripts: indices, triplets, ':' and '*'.
bool Parser::parseNodeRef(NodeRef &ref) {
  if (!parseName(ref.name, "a node array or template name"))
    return false;
  if (!is(tok::l_paren) && !is(tok::l_square))
    return true;
  ref.subscripted = true;
  if (!openList(ref.style))
    return false;
  for (bool more = true; more;) {
    RefSubscript sub;
    sub.loc = here();
    // `::` may come as one token (C23 lexing): lb::step.
    std::initializer_list<tok::TokenKind> stops = {tok::comma, tok::colon,
                                                   tok::coloncolon};
    if (consume(tok::star)) {
      sub.kind = RefSubscript::Own;
    } else {
      CExpr e;
      if (!is(tok::colon) && !is(tok::coloncolon)) {
        if (!parseExpr(e, stops))
          return false;
        sub.first = e.text;
      }
      bool bothColons = consume(tok::coloncolon);
      if (bothColons || consume(tok::colon)) {
        sub.kind = RefSubscript::Triplet;
        if (!bothColons && !is(tok::colon) && !is(tok::comma) &&
            !is(tok::r_paren) && !is(tok::r_square)) {
          if (!parseExpr(e, stops))
            return false;
          sub.second = e.text;
        }
        if (bothColons || consume(tok::colon)) {
          if (!parseExpr(e, stops))
            return false;
          sub.step = e.text;
        }
        if (sub.first.empty() && sub.second.empty() && sub.step.empty())
          sub.kind = RefSubscript::All;
      }
    }
    ref.subscripts.push_back(sub);
    if (!moreInList(ref.style, more))
      return false;
  }
  toCOrder(ref.style, ref.subscripts);
  return true;
}

/// `name` or `name[sub]...` where each sub is an index or base:length:step.
bool Parser::parseSection(GmoveSide &side) {
  // The grammar of a square-bracket node reference: indices and base:length:step.
  NodeRef ref;
  if (!parseNodeRef(ref))
    return false;
  if (ref.subscripted && ref.style == Bracket::Round)
    return error(ref.name.loc, "array sections use C subscripts: 'a[base:length]'");
  for (const RefSubscript &sub : ref.subscripts)
    if (sub.kind == RefSubscript::Own)
      return error(sub.loc, "'*' is not a section subscript; use ':'");
  side.name = ref.name;
  side.subscripted = ref.subscripted;
  side.subscripts = ref.subscripts;
  return true;
}

/// `[c0][c1]...` of an image selector (cosubscripts) or of a coarray
/// declaration (codimensions, the last `*` and only it).
bool Parser::parseImageSelector(std::vector<CExpr> &out, bool declaration) {
  if (!is(tok::l_square))
    return error(here(), declaration ? "expected '[' of the codimensions ('a[10]:[*]')"
                                     : "expected '[' of the image selector ('a[i]:[k]')");
  while (consume(tok::l_square)) {
    CExpr e;
    if (is(tok::star) && peek(1).is(tok::r_square)) {
      if (!declaration)
        return error(here(), "'*' is a codimension of a declaration; an image selector gives "
                             "the image's cosubscripts ('a[i]:[k]')");
      e = {"*", peek().getLocation(), "*"};
      ++pos;
    } else if (!parseExpr(e, {tok::r_square})) {
      return false;
    }
    if (!expect(tok::r_square, "']'"))
      return false;
    out.push_back(e);
  }
  if (declaration) {
    for (size_t k = 0; k + 1 < out.size(); ++k)
      if (out[k].isStar())
        return error(out[k].loc, "only the last codimension may be '*'");
    if (!out.back().isStar())
      return error(out.back().loc, "the last codimension of a coarray must be '*' (the "
                                   "images are the program's nodes, their number known when "
                                   "it runs)");
  }
  return true;
}

/// A section of an array assignment with coarrays: `a[lb:len:st]...`, then
/// an image selector `:[k]` if it is coindexed.
bool Parser::parseCoarraySide(GmoveSide &side) {
  if (is(tok::identifier) && peek(1).is(tok::colon) && peek(2).is(tok::l_square)) {
    // A scalar coarray (`s:[k]`).
    if (!parseName(side.name, "a coarray name"))
      return false;
  } else if (!parseSection(side)) {
    return false;
  }
  side.end = toks[pos - 1].getLocation();
  if (is(tok::colon) && peek(1).is(tok::l_square)) {
    ++pos;
    if (!parseImageSelector(side.cosubscripts, false))
      return false;
    side.end = toks[pos - 1].getLocation();
  }
  return true;
}

bool Parser::parseCoarrayAssignment(CoarrayAssignDirective &a) {
  if (!parseCoarraySide(a.dst))
    return false;
  if (!expect(tok::equal, "'=' (a coindexed section is assigned with '=' only)"))
    return false;
  // The right-hand side: a section (of a coarray or not), or one value.
  size_t k = pos;
  bool section = k < toks.size() && toks[k].is(tok::identifier);
  if (section) {
    ++k;
    for (int depth = 0; k < toks.size() && !(depth == 0 && toks[k].is(tok::semi)); ++k) {
      if (toks[k].is(tok::l_square))
        ++depth;
      else if (toks[k].is(tok::r_square))
        --depth;
      else if (depth == 0 && !(toks[k].is(tok::colon) && k + 1 < toks.size() &&
                               toks[k + 1].is(tok::l_square))) {
        section = false;
        break;
      }
    }
  }
  if (section) {
    if (!parseCoarraySide(a.src))
      return false;
  } else {
    CExpr v;
    if (!parseExpr(v, {tok::semi}, ExprTree::Number))
      return false;
    a.value = v;
  }
  if (!expect(tok::semi, "';' after the assignment"))
    return false;
  if (!atEnd())
    return error(here(), "unexpected '" + spelling(peek()) + "' after the assignment");
  if (a.dst.cosubscripts.empty() && a.src.cosubscripts.empty())
    return error(a.dst.name.loc, "expected a coindexed reference ('a[lb:len]:[k]')");
  if (!a.dst.subscripted && a.dst.cosubscripts.empty() && a.src.subscripted)
    return error(a.dst.name.loc, "a section is assigned to a section: subscript '" +
                                     a.dst.name.text + "' ('" + a.dst.name.text +
                                     "[lb:len]')");
  return true;
}

/// `coarray name, name... : [n]...[*]`.
bool Parser::parseCoarrayDirective(CoarrayDirective &d) {
  for (bool more = true; more; more = consume(tok::comma)) {
    Name n;
    if (!parseName(n, "the name of an array or variable declared before"))
      return false;
    d.names.push_back(n);
  }
  if (!expect(tok::colon, "':' before the codimensions ('coarray a : [*]')"))
    return false;
  if (!parseImageSelector(d.coshape, true))
    return false;
  if (!atEnd())
    return error(here(), "unexpected '" + spelling(peek()) + "' after the codimensions");
  return true;
}

/// `post (p[k], tag)`; `wait`, `wait (p[k])`, `wait (p[k], tag)`.
bool Parser::parsePostWait(PostWaitDirective &d, bool post) {
  if (!post && atEnd())
    return true;
  if (!expect(tok::l_paren, post ? "'(' after 'post' ('post (p[k], tag)')"
                                 : "'(' or the end of the line after 'wait'"))
    return false;
  NodeRef ref;
  if (!parseNodeRef(ref))
    return false;
  d.node = ref;
  if (consume(tok::comma)) {
    CExpr tag;
    if (!parseExpr(tag, {tok::r_paren}))
      return false;
    d.tag = tag;
  } else if (post) {
    return error(here(), "expected ',' and the tag after the node ('post (p[k], tag)')");
  }
  if (!expect(tok::r_paren, "')'"))
    return false;
  if (!atEnd())
    return error(here(), "unexpected '" + spelling(peek()) + "' after the directive");
  return true;
}

/// `lock (l:[k])`, `lock (locks[i]:[k])`.
bool Parser::parseLock(LockDirective &d, StringRef directive) {
  if (!expect(tok::l_paren, ("'(' after '" + directive + "' ('" + directive + " (l:[k])')").str()))
    return false;
  size_t begin = pos;
  if (!parseCoarraySide(d.target))
    return false;
  if (d.target.cosubscripts.empty())
    return error(d.target.name.loc, ("'" + directive +
                                     "' names a lock on an image: write its image selector "
                                     "('" + d.target.name.text + ":[k]')").str());
  for (const RefSubscript &sub : d.target.subscripts)
    if (sub.kind != RefSubscript::Index)
      return error(sub.loc, ("'" + directive + "' takes one lock, not a section").str());
  // The reference as written, up to the selector.
  size_t end = begin;
  while (end < pos && !(toks[end].is(tok::colon) && toks[end + 1].is(tok::l_square)))
    ++end;
  d.designator.loc = toks[begin].getLocation();
  d.designator.text = Lexer::getSourceText(
                          CharSourceRange::getTokenRange(sm.getExpansionLoc(toks[begin].getLocation()),
                                                         sm.getExpansionLoc(toks[end - 1].getLocation())),
                          sm, pp.getLangOpts())
                          .str();
  if (!expect(tok::r_paren, "')'"))
    return false;
  if (!atEnd())
    return error(here(), "unexpected '" + spelling(peek()) + "' after the directive");
  return true;
}

bool Parser::parseGmoveAssignment(GmoveDirective &g) {
  if (!parseSection(g.dst))
    return false;
  if (!expect(tok::equal, "'=' in the gmove assignment"))
    return false;
  if (!parseSection(g.src))
    return false;
  if (!expect(tok::semi, "';' after the gmove assignment"))
    return false;
  if (!atEnd())
    return error(here(), "a gmove assignment copies one section into another: "
                         "'dst = src;'");
  return true;
}

/// The array assignment statement of an `array` directive: array references
/// (with triplets) are taken apart, everything else is kept as text.
bool Parser::parseArrayAssignment(ArrayDirective &a) {
  auto text = [&](const std::string &t) {
    if (a.pieces.empty() || a.pieces.back().ref)
      a.pieces.push_back({});
    std::string &out = a.pieces.back().text;
    out += (out.empty() ? "" : " ") + t;
  };
  if (!is(tok::identifier) || !peek(1).is(tok::l_square))
    return error(here(), "'array' must be followed by an assignment to an array "
                         "section: 'a[lb:len] = ...;'");
  while (!atEnd()) {
    // A member's subscripts (`s.v[0:2]`, `p->v[1]`) stay text.
    bool member = pos > 0 && toks[pos - 1].isOneOf(tok::period, tok::arrow);
    if (is(tok::identifier) && peek(1).is(tok::l_square) && !member) {
      ArrayPiece piece;
      piece.ref = true;
      if (!parseSection(piece.side))
        return false;
      a.pieces.push_back(std::move(piece));
      if (a.pieces.size() == 1 &&
          !peek().isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                          tok::slashequal, tok::percentequal, tok::ampequal,
                          tok::pipeequal, tok::caretequal, tok::lesslessequal,
                          tok::greatergreaterequal))
        return error(here(), "expected '=' (or a compound assignment such as '+=') after "
                             "the assigned array section");
      continue;
    }
    if (is(tok::semi) && pos + 1 != toks.size())
      return error(here(), "an 'array' directive applies to one assignment statement");
    if (!is(tok::semi) && pos + 1 == toks.size())
      return error(here(), "expected ';' after the array assignment");
    text(spelling(peek()));
    ++pos;
  }
  return true;
}

bool Parser::parseBcast(BcastDirective &d) {
  // Variables, whole or as array sections (`a[0:n]`, as Omni accepts).
  if (!expect(tok::l_paren, "'('"))
    return false;
  for (bool more = true; more; more = consume(tok::comma)) {
    GmoveSide v;
    if (!parseSection(v))
      return false;
    d.vars.push_back(v.name);
    d.sections.push_back(v);
  }
  if (!expect(tok::r_paren, "')'"))
    return false;
  while (!atEnd()) {
    if (isKeyword("from") && !d.from) {
      ++pos;
      NodeRef ref;
      if (!parseNodeRef(ref))
        return false;
      d.from = ref;
    } else if (isKeyword("on") && !d.on) {
      if (!parseOnRef(d.on))
        return false;
    } else if (isKeyword("async") && !d.async) {
      if (!parseAsync(d.async))
        return false;
    } else if ((isKeyword("acc") || isKeyword("device")) && !d.acc) {
      ++pos; // XACC: the variables' device copies are broadcast
      d.acc = true;
    } else {
      if (isKeyword("host") && !rejectDeviceClause("bcast"))
        return false;
      return error(here(), "unexpected '" + spelling(peek()) +
                               "' in 'bcast'; expected 'from', 'on', 'async' or 'acc'");
    }
  }
  return true;
}

bool Parser::parseLoop(LoopDirective &d) {
  if (is(tok::l_paren) || is(tok::l_square)) {
    Bracket style;
    if (!openList(style))
      return false;
    for (bool more = true; more;) {
      Name n;
      if (!parseName(n, "a loop index variable"))
        return false;
      d.indices.push_back(n);
      if (!moreInList(style, more))
        return false;
    }
  }
  if (!isKeyword("on"))
    return error(here(), "expected 'on' in 'loop' directive");
  ++pos;
  if (!parseName(d.templ, "a template name after 'on'"))
    return false;
  if (!is(tok::l_paren) && !is(tok::l_square))
    return error(here(), "expected the template's subscripts after '" +
                             d.templ.text + "'");
  if (!parseSubscripts(d.subscripts, /*allowOffset=*/true, &d.style))
    return false;
  // One loop per index and per template dimension: a repeated name would
  // distribute one loop twice.
  for (size_t k = 0; k < d.indices.size(); ++k)
    for (size_t l = 0; l < k; ++l)
      if (d.indices[l].text == d.indices[k].text)
        return error(d.indices[k].loc, "loop index '" + d.indices[k].text +
                                           "' appears twice in the index list");
  for (size_t k = 0; k < d.subscripts.size(); ++k)
    for (size_t l = 0; l < k; ++l)
      if (!d.subscripts[k].var.empty() && d.subscripts[l].var == d.subscripts[k].var)
        return error(d.subscripts[k].loc, "'" + d.subscripts[k].var +
                                              "' appears twice in the template subscripts");
  while (!atEnd()) {
    if (isKeyword("expand") || isKeyword("margin") || isKeyword("peel_and_wait")) {
      if (d.extent != LoopExtent::None)
        return error(here(), "a 'loop' directive takes one of 'expand', 'margin' and "
                             "'peel_and_wait'");
      if (!parseLoopExtent(d, d.style))
        return false;
      continue;
    }
    if (!isKeyword("reduction"))
      return error(here(), "unexpected '" + spelling(peek()) +
                               "' in 'loop' directive; expected 'reduction', 'expand', "
                               "'margin' or 'peel_and_wait'");
    ++pos;
    ReductionClause c;
    if (!parseReductionClause(c))
      return false;
    d.reductions.push_back(std::move(c));
  }
  return true;
}

/// `expand(w, ...)`, `margin(w, ...)`, `peel_and_wait(id, w, ...)`: one width
/// per subscript of the `on` reference, in its bracket order.
bool Parser::parseLoopExtent(LoopDirective &d, Bracket style) {
  std::string word = StringRef(spelling(peek())).lower();
  d.extentLoc = here();
  d.extent = word == "expand"   ? LoopExtent::Expand
             : word == "margin" ? LoopExtent::Margin
                                : LoopExtent::PeelAndWait;
  ++pos;
  if (!expect(tok::l_paren, "'(' after '" + word + "'"))
    return false;
  if (d.extent == LoopExtent::PeelAndWait) {
    CExpr id;
    if (!parseExpr(id, {tok::comma}))
      return false;
    d.peelAsync = id;
    if (!expect(tok::comma, "',' and the widths after the async id"))
      return false;
  }
  for (bool more = true; more; more = consume(tok::comma)) {
    Width w;
    if (!parseWidth(w, "unbound", /*allowFull=*/false))
      return false;
    d.extentWidths.push_back(w);
  }
  if (!expect(tok::r_paren, "')'"))
    return false;
  toCOrder(style, d.extentWidths);
  return true;
}

/// XMP-dev: `device replicate (list)`, `device replicate_sync in|out (list)`,
/// `device loop ...`, `device reset_weight (expr)`; `acc` for `device`.
bool Parser::parseDevice(Directive &d) {
  SourceLocation at = here();
  if (!is(tok::identifier))
    return error(at, "expected a device directive: 'replicate', "
                     "'replicate_sync', 'loop' or 'reset_weight'");
  std::string word = StringRef(spelling(peek())).lower();
  ++pos;
  if (word == "replicate") {
    d.kind = DirectiveKind::DeviceReplicate;
    return parseNameList(d.device.arrays, "an array name");
  }
  if (word == "replicate_sync") {
    d.kind = DirectiveKind::DeviceSync;
    if (isKeyword("in"))
      d.device.in = true;
    else if (isKeyword("out"))
      d.device.out = true;
    else
      return error(here(), "expected 'in' or 'out' after 'replicate_sync'");
    ++pos;
    return parseNameList(d.device.arrays, "an array name");
  }
  if (word == "loop") {
    d.kind = DirectiveKind::DeviceLoop;
    return parseLoop(d.loop);
  }
  if (word == "reset_weight") {
    d.kind = DirectiveKind::DeviceResetWeight;
    return expect(tok::l_paren, "'(' after 'reset_weight'") &&
           parseExpr(d.resetWeight.weight, {}, ExprTree::Number) && expect(tok::r_paren, "')'");
  }
  return error(at, "unknown device directive '" + word +
                       "'; expected 'replicate', 'replicate_sync', 'loop' or "
                       "'reset_weight'");
}

std::optional<Directive> Parser::parse() {
  Directive d;
  d.range = range;
  collectExprs(d.exprs);
  SourceLocation first = here();
  if (!is(tok::identifier)) {
    error(first, "expected an XMP directive name after '#pragma xmp'");
    return std::nullopt;
  }
  std::string word = StringRef(spelling(peek())).lower();
  ++pos;
  bool ok;
  if (word == "nodes") {
    d.kind = DirectiveKind::Nodes;
    ok = parseNodes(d.nodes);
  } else if (word == "template") {
    d.kind = DirectiveKind::Template;
    ok = parseTemplate(d.templ);
  } else if (word == "template_fix") {
    d.kind = DirectiveKind::TemplateFix;
    ok = parseTemplateFix(d.templateFix);
  } else if (word == "distribute") {
    d.kind = DirectiveKind::Distribute;
    ok = parseDistribute(d.distribute);
  } else if (word == "align") {
    d.kind = DirectiveKind::Align;
    ok = parseAlign(d.align);
  } else if (word == "loop") {
    d.kind = DirectiveKind::Loop;
    ok = parseLoop(d.loop);
  } else if (word == "reduction") {
    d.kind = DirectiveKind::Reduction;
    ok = parseReductionClause(d.reduction.clause) &&
         parseOnRef(d.reduction.on) && parseAsync(d.reduction.async);
    if (ok && (isKeyword("acc") || isKeyword("device"))) {
      d.reduction.accLoc = here();
      ++pos; // XACC: the variables' device copies are reduced
      d.reduction.acc = true;
    }
  } else if (word == "static_desc") {
    // `static_desc [::] name, ...`: the names' descriptors may be kept from
    // one call of the function to the next.
    d.kind = DirectiveKind::StaticDesc;
    if (is(tok::coloncolon) || (is(tok::colon) && peek(1).is(tok::colon)))
      pos += is(tok::coloncolon) ? 1 : 2;
    ok = true;
    for (bool more = true; ok && more; more = consume(tok::comma)) {
      Name n;
      ok = parseName(n, "a node array, template or array name");
      d.reflect.arrays.push_back(n);
    }
    if (ok && !atEnd())
      ok = error(here(), "unexpected '" + spelling(peek()) + "' after the names of 'static_desc'");
  } else if (word == "coarray") {
    d.kind = DirectiveKind::Coarray;
    ok = parseCoarrayDirective(d.coarray);
  } else if (word == "post" || word == "wait") {
    d.kind = word == "post" ? DirectiveKind::Post : DirectiveKind::Wait;
    ok = parsePostWait(d.postWait, word == "post");
  } else if (word == "lock" || word == "unlock") {
    d.kind = word == "lock" ? DirectiveKind::Lock : DirectiveKind::Unlock;
    ok = parseLock(d.lock, word);
  } else if (word == "barrier") {
    d.kind = DirectiveKind::Barrier;
    ok = parseOnRef(d.barrier.on);
  } else if (word == "shadow") {
    d.kind = DirectiveKind::Shadow;
    ok = parseShadow(d.shadow);
  } else if (word == "reflect") {
    d.kind = DirectiveKind::Reflect;
    ok = parseReflect(d.reflect, "reflect");
  } else if (word == "reflect_init" || word == "reflect_do") {
    d.kind = word == "reflect_init" ? DirectiveKind::ReflectInit : DirectiveKind::ReflectDo;
    ok = parseReflectPlan(d.reflect, word == "reflect_init");
  } else if (word == "reduce_shadow") {
    d.kind = DirectiveKind::ReduceShadow;
    ok = parseReflect(d.reflect, "reduce_shadow");
  } else if (word == "wait_async") {
    d.kind = DirectiveKind::WaitAsync;
    ok = parseWaitAsync(d.waitAsync);
  } else if (word == "bcast") {
    d.kind = DirectiveKind::Bcast;
    ok = parseBcast(d.bcast);
  } else if (word == "task") {
    d.kind = DirectiveKind::Task;
    ok = true;
    if (!isKeyword("on"))
      ok = error(here(), "expected 'on' after 'task'");
    else {
      ++pos;
      ok = parseNodeRef(d.task.on);
    }
    if (ok && isKeyword("nocomm"))
      ++pos; // Omni's extension; the runtime caches communicators anyway
  } else if (word == "gmove") {
    d.kind = DirectiveKind::Gmove;
    ok = parseGmoveClauses(d.gmove);
  } else if (word == "array") {
    d.kind = DirectiveKind::Array;
    ok = true;
    if (!isKeyword("on"))
      ok = error(here(), "expected 'on' after 'array'");
    else {
      ++pos;
      ok = parseNodeRef(d.array.on);
    }
  } else if (word == "device" || word == "acc") {
    ok = parseDevice(d);
  } else if (word == "tasks") {
    d.kind = DirectiveKind::Tasks;
    ok = true;
    if (isKeyword("nowait"))
      ++pos; // tasks on disjoint nodes run concurrently in any case
  } else {
    bool known = llvm::StringSwitch<bool>(word)
                     .Case("image", true)
                     .Default(false);
    error(first, known ? "the '" + word +
                             "' directive is not supported by this version "
                             "of xmpcc yet"
                       : "unknown XMP directive '" + spelling(toks[0]) + "'");
    return std::nullopt;
  }
  if (!ok)
    return std::nullopt;
  if (!atEnd()) {
    error(here(), "unexpected '" + spelling(peek()) + "' at the end of the '" +
                      word + "' directive");
    return std::nullopt;
  }
  SourceLocation b = sm.getExpansionLoc(toks.front().getLocation());
  SourceLocation e = sm.getExpansionLoc(toks.back().getLocation());
  d.text = Lexer::getSourceText(CharSourceRange::getTokenRange(b, e), sm,
                                pp.getLangOpts())
               .str();
  return d;
}

} // namespace

namespace {
/// Splits `toks` at depth-0 commas.
std::vector<std::vector<Token>> splitAtCommas(ArrayRef<Token> toks) {
  std::vector<std::vector<Token>> parts(1);
  int depth = 0;
  for (const Token &t : toks) {
    if (t.isOneOf(tok::l_paren, tok::l_square))
      ++depth;
    if (t.isOneOf(tok::r_paren, tok::r_square))
      --depth;
    if (depth == 0 && t.is(tok::comma)) {
      parts.emplace_back();
      continue;
    }
    parts.back().push_back(t);
  }
  return parts;
}

/// Where `::` of the combined form stands (one token in C23/C++, two colons
/// otherwise), or tokens.size(); `width` is set to its token count.
size_t findDoubleColon(ArrayRef<Token> toks, size_t &width) {
  int depth = 0;
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token &t = toks[i];
    if (t.isOneOf(tok::l_paren, tok::l_square))
      ++depth;
    if (t.isOneOf(tok::r_paren, tok::r_square))
      --depth;
    if (depth != 0)
      continue;
    if (t.is(tok::coloncolon)) {
      width = 1;
      return i;
    }
    if (t.is(tok::colon) && i + 1 < toks.size() && toks[i + 1].is(tok::colon) &&
        toks[i + 1].getLocation() == t.getLocation().getLocWithOffset(1)) {
      width = 2;
      return i;
    }
  }
  return toks.size();
}
} // namespace

bool xmp::frontend::parseGmoveStatement(Preprocessor &pp, ArrayRef<Token> statement,
                                        Directive &d) {
  bool gmove = d.kind == DirectiveKind::Gmove;
  if (statement.empty()) {
    reportError(pp.getDiagnostics(), d.range.getEnd(),
                gmove ? "'gmove' must be followed by an assignment 'dst = src;'"
                      : "'array' must be followed by an array assignment 'a[lb:len] = ...;'");
    return false;
  }
  Parser parser(pp, statement, d.range);
  parser.collectExprs(d.exprs);
  if (gmove ? !parser.parseGmoveAssignment(d.gmove) : !parser.parseArrayAssignment(d.array))
    return false;
  const Token &semi = statement.back();
  SourceLocation end = semi.getLocation().getLocWithOffset(1);
  if (gmove)
    d.gmove.statementEnd = end;
  d.range.setEnd(end);
  return true;
}

bool xmp::frontend::parseImageSelectorTokens(Preprocessor &pp, ArrayRef<Token> toks,
                                             bool declaration, Directive &d,
                                             std::vector<CExpr> &out) {
  Parser parser(pp, toks, d.range);
  parser.collectExprs(d.exprs);
  return parser.parseSelectorOnly(out, declaration);
}

bool xmp::frontend::parseCoarrayStatement(Preprocessor &pp, ArrayRef<Token> statement,
                                          Directive &d) {
  Parser parser(pp, statement, d.range);
  parser.collectExprs(d.exprs);
  if (!parser.parseCoarrayAssignment(d.coarrayAssign))
    return false;
  d.range.setEnd(statement.back().getLocation().getLocWithOffset(1));
  return true;
}

std::vector<Directive> xmp::frontend::parseDirective(Preprocessor &pp,
                                                     ArrayRef<Token> tokens,
                                                     SourceRange range) {
  size_t width = 0;
  size_t split = findDoubleColon(tokens, width);
  // `static_desc :: names` is the directive's own form, not the combined one.
  bool staticDesc = !tokens.empty() && tokens.front().is(tok::identifier) &&
                    tokens.front().getIdentifierInfo()->getName() == "static_desc";
  if (split == tokens.size() || staticDesc) {
    std::optional<Directive> d = Parser(pp, tokens, range).parse();
    return d ? std::vector<Directive>{std::move(*d)} : std::vector<Directive>{};
  }
  // The combined form `attr [, attr]... :: decl [, decl]...`: each attribute
  // applied to each declared name is an ordinary directive, with the name
  // put back after the attribute's keyword.
  const SourceManager &sm = pp.getSourceManager();
  std::string text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(
                               sm.getExpansionLoc(tokens.front().getLocation()),
                               sm.getExpansionLoc(tokens.back().getLocation())),
                           sm, pp.getLangOpts())
          .str();
  std::vector<std::vector<Token>> attrs = splitAtCommas(tokens.take_front(split));
  std::vector<std::vector<Token>> decls =
      splitAtCommas(tokens.drop_front(split + width));
  std::vector<Directive> out;
  for (const std::vector<Token> &attr : attrs) {
    if (attr.empty() || !attr.front().is(tok::identifier)) {
      reportError(pp.getDiagnostics(),
                  attr.empty() ? tokens[split].getLocation() : attr.front().getLocation(),
                  "expected a directive name before '::'");
      return {};
    }
    StringRef word = attr.front().getIdentifierInfo()->getName();
    bool declarative = llvm::StringSwitch<bool>(word.lower())
                           .Cases("nodes", "template", "distribute", "align",
                                  "shadow", true)
                           .Default(false);
    if (!declarative) {
      reportError(pp.getDiagnostics(), attr.front().getLocation(),
                  "'" + word.str() + "' cannot be used in the combined ('::') form");
      return {};
    }
    for (const std::vector<Token> &decl : decls) {
      if (decl.empty()) {
        reportError(pp.getDiagnostics(), tokens[split].getLocation(),
                    "expected a name after '::'");
        return {};
      }
      std::vector<Token> combined{attr.front()};
      // nodes and template declarations carry their shape after the name.
      combined.insert(combined.end(), decl.begin(), decl.end());
      combined.insert(combined.end(), attr.begin() + 1, attr.end());
      std::optional<Directive> d = Parser(pp, combined, range).parse();
      if (!d)
        return {};
      d->text = text;
      out.push_back(std::move(*d));
    }
  }
  return out;
}
