//===- AccParser.cpp - `#pragma acc` lines (XcalableACC) ------------------===//
//
// The OpenACC directives that XcalableACC programs put next to XMP's: data
// regions, loop constructs (which follow a `#pragma xmp loop` and make it a
// device loop), `update` and `wait`. Each construct has the set of clauses
// it accepts; anything else is an error naming it, never silently dropped.
// Clause arguments that only tune a GPU launch (gang, vector_length, ...) are
// read and kept as written; the device layer picks its own launch shape.
//
//===----------------------------------------------------------------------===//

#include "DirectiveParser.h"
#include "TokenCursor.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace xmp::frontend;

namespace {

/// What a clause takes.
enum class ClauseForm {
  Flag,        // `independent`
  OptionalArg, // `gang`, `gang(4)`, `async`, `async(1)`
  Arg,         // `collapse(2)`
  Vars,        // `copy(a, b)`
  Reduction,   // `reduction(+: s)`
};

ClauseForm formOf(StringRef clause) {
  return llvm::StringSwitch<ClauseForm>(clause)
      .Cases("independent", "seq", "auto", "finalize", ClauseForm::Flag)
      .Cases("gang", "worker", "vector", "async", "wait", ClauseForm::OptionalArg)
      .Cases("collapse", "vector_length", "num_gangs", "num_workers", "if", ClauseForm::Arg)
      .Case("reduction", ClauseForm::Reduction)
      .Default(ClauseForm::Vars);
}

} // namespace

/// The data clauses, with OpenACC 2's `present_or_` forms.
bool xmp::frontend::isAccDataClause(StringRef c) {
  return llvm::StringSwitch<bool>(c)
      .Cases("copy", "copyin", "copyout", "create", "present", true)
      .Cases("pcopy", "pcopyin", "pcopyout", "pcreate", true)
      .Cases("present_or_copy", "present_or_copyin", "present_or_copyout", "present_or_create",
             true)
      .Default(false);
}

namespace {

/// The clauses a construct accepts.
bool accepts(StringRef construct, StringRef c) {
  if (construct == "data")
    return isAccDataClause(c);
  if (construct == "enter data")
    return llvm::is_contained({"copyin", "create", "pcopyin", "pcreate", "present_or_copyin",
                               "present_or_create", "async", "wait"},
                              c);
  if (construct == "exit data")
    return llvm::is_contained({"copyout", "delete", "async", "wait", "finalize"}, c);
  if (construct == "parallel loop" || construct == "kernels loop")
    return isAccDataClause(c) || llvm::StringSwitch<bool>(c)
                                  .Cases("gang", "worker", "vector", "vector_length", true)
                                  .Cases("num_gangs", "num_workers", "collapse", true)
                                  .Cases("independent", "seq", "auto", "private", true)
                                  .Cases("firstprivate", "reduction", "async", "wait", true)
                                  .Case("if", true)
                                  .Default(false);
  if (construct == "loop")
    return llvm::StringSwitch<bool>(c)
        .Cases("gang", "worker", "vector", "collapse", "independent", true)
        .Cases("seq", "auto", "private", "reduction", true)
        .Default(false);
  if (construct == "update")
    return llvm::StringSwitch<bool>(c)
        .Cases("host", "self", "device", "async", "wait", "if", true)
        .Default(false);
  if (construct == "wait")
    return c == "async";
  if (construct == "host_data")
    return c == "use_device";
  return false;
}

class AccParser : xmp::frontend::detail::TokenCursor {
public:
  AccParser(Preprocessor &pp, ArrayRef<Token> toks, SourceRange range)
      : TokenCursor(pp, toks, range.getEnd()), range(range) {}

  std::optional<Directive> parse();

private:
  bool is(tok::TokenKind k) const { return peek().is(k); }
  bool word(std::string &out) {
    if (!peek().isAnyIdentifier() && !peek().getIdentifierInfo())
      return false;
    out = StringRef(spelling(peek())).lower();
    ++pos;
    return true;
  }
  bool expect(tok::TokenKind k, const std::string &what) {
    if (is(k)) {
      ++pos;
      return true;
    }
    return error(here(), "expected " + what);
  }
  /// The tokens up to the ')' closing the one just read, as written.
  bool argument(std::string &out);
  bool names(AccClause &c);
  bool sectionPart(std::string &out, tok::TokenKind stop);
  bool reduction(AccClause &c);
  bool clause(Directive &d);

  SourceRange range;
};

bool AccParser::argument(std::string &out) {
  size_t begin = pos;
  int depth = 0;
  for (; !atEnd(); ++pos) {
    if (peek().isOneOf(tok::l_paren, tok::l_square))
      ++depth;
    if (peek().isOneOf(tok::r_paren, tok::r_square) && depth-- == 0)
      break;
  }
  if (atEnd())
    return error(here(), "expected ')'");
  if (pos == begin)
    return error(here(), "expected an argument");
  const SourceManager &sm = pp.getSourceManager();
  out = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                 sm.getExpansionLoc(toks[begin].getLocation()),
                                 sm.getExpansionLoc(toks[pos - 1].getLocation())),
                             sm, pp.getLangOpts())
            .str();
  ++pos; // ')'
  return true;
}

/// The tokens of a subarray's first index or length, up to `stop` outside
/// brackets, a space apart.
bool AccParser::sectionPart(std::string &out, tok::TokenKind stop) {
  int depth = 0;
  for (; !atEnd(); ++pos) {
    if (depth == 0 && (is(stop) || is(tok::r_square)))
      return true;
    if (peek().isOneOf(tok::l_paren, tok::l_square))
      ++depth;
    if (peek().isOneOf(tok::r_paren, tok::r_square))
      --depth;
    out += (out.empty() ? "" : " ") + spelling(peek());
  }
  return error(here(), "expected ']' closing the subarray");
}

bool AccParser::names(AccClause &c) {
  do {
    if (!is(tok::identifier))
      return error(here(), "expected a variable name in '" + c.name + "'");
    Name n{spelling(peek()), peek().getLocation()};
    ++pos;
    // A subarray, `a[lo:len]...`: Sema checks it is the whole array.
    AccSection section;
    section.loc = here();
    while (is(tok::l_square)) {
      ++pos;
      std::pair<std::string, std::string> dim;
      if (!sectionPart(dim.first, tok::colon))
        return false;
      if (!is(tok::colon))
        return error(here(), "expected ':' in the subarray of '" + n.text +
                                 "' ([first:length]); an element is not a data clause's object");
      ++pos;
      if (!sectionPart(dim.second, tok::r_square) || !expect(tok::r_square, "']'"))
        return false;
      section.dims.push_back(dim);
    }
    c.vars.push_back(n);
    c.sections.push_back(section);
  } while (is(tok::comma) && ++pos);
  return expect(tok::r_paren, "')' after the variables of '" + c.name + "'");
}

bool AccParser::reduction(AccClause &c) {
  const Token &t = peek();
  const char *op = xmp::frontend::detail::reductionPunctuator(t.getKind());
  std::string word = t.is(tok::identifier) ? spelling(t) : "";
  if (op && StringRef(op) != "-")
    c.op = op;
  else if (word == "max" || word == "min")
    c.op = word;
  else
    return error(t.getLocation(), "unknown OpenACC reduction operator '" + spelling(t) +
                                      "'; expected one of + * & | ^ && || max min");
  ++pos;
  if (!expect(tok::colon, "':' after the reduction operator") || !names(c))
    return false;
  for (const AccSection &s : c.sections)
    if (!s.dims.empty())
      return error(s.loc, "a reduction's variables are scalars, not subarrays");
  return true;
}

bool AccParser::clause(Directive &d) {
  AccClause c;
  c.loc = here();
  if (!word(c.name))
    return error(here(), "expected an OpenACC clause");
  const std::string &construct = d.acc.construct;
  if (!accepts(construct, c.name)) {
    bool known = isAccDataClause(c.name) || formOf(c.name) != ClauseForm::Vars ||
                 llvm::is_contained({"private", "firstprivate", "host", "self", "device",
                                     "deviceptr", "attach", "detach", "delete", "default",
                                     "device_type", "dtype", "tile", "no_create", "finalize",
                                     "if_present", "use_device", "num_workers"},
                                    c.name);
    return error(c.loc, known ? "the OpenACC clause '" + c.name + "' is not supported on '" +
                                    construct + "' by xmpcc"
                              : "unknown OpenACC clause '" + c.name + "' on '" + construct +
                                    "'");
  }
  ClauseForm form = formOf(c.name);
  if (form == ClauseForm::Flag) {
    if (is(tok::l_paren))
      return error(here(), "'" + c.name + "' takes no argument");
  } else if (is(tok::l_paren)) {
    ++pos;
    c.hasArg = true;
    if (form == ClauseForm::Vars) {
      if (!names(c))
        return false;
    } else if (form == ClauseForm::Reduction) {
      if (!reduction(c))
        return false;
    } else if (!argument(c.arg)) {
      return false;
    }
  } else if (form != ClauseForm::OptionalArg) {
    return error(here(), "expected '(' after '" + c.name + "'");
  }
  if (c.name == "collapse") {
    unsigned long long n = 0;
    if (llvm::getAsUnsignedInteger(StringRef(c.arg).trim(), 0, n) || n < 1)
      return error(c.loc, "collapse takes a positive integer constant, not '" + c.arg + "'");
  }
  d.acc.clauses.push_back(std::move(c));
  return true;
}

std::optional<Directive> AccParser::parse() {
  Directive d;
  d.range = range;
  d.acc.loc = here();
  std::string first;
  if (!word(first)) {
    error(here(), "expected an OpenACC directive");
    return std::nullopt;
  }
  std::string construct = first;
  if (first == "parallel" || first == "kernels" || first == "enter" || first == "exit") {
    std::string second;
    size_t save = pos;
    if (word(second) && (second == "loop" || second == "data"))
      construct += " " + second;
    else
      pos = save;
  }
  d.acc.construct = construct;
  auto kind = llvm::StringSwitch<std::optional<DirectiveKind>>(construct)
                  .Case("data", DirectiveKind::AccData)
                  .Case("enter data", DirectiveKind::AccEnterData)
                  .Case("exit data", DirectiveKind::AccExitData)
                  .Cases("parallel loop", "kernels loop", DirectiveKind::AccCompute)
                  .Case("loop", DirectiveKind::AccLoop)
                  .Case("update", DirectiveKind::AccUpdate)
                  .Case("wait", DirectiveKind::AccWait)
                  .Case("host_data", DirectiveKind::AccHostData)
                  .Default(std::nullopt);
  if (!kind) {
    bool known = llvm::is_contained({"parallel", "kernels", "serial", "declare",
                                     "routine", "atomic", "cache", "init", "shutdown", "set"},
                                    construct);
    error(d.acc.loc, known ? "the OpenACC directive '" + construct +
                                 "' is not supported by xmpcc yet (supported: data, enter "
                                 "data, exit data, parallel loop, kernels loop, loop, update, "
                                 "wait, host_data)"
                           : "unknown OpenACC directive '" + construct + "'");
    return std::nullopt;
  }
  d.kind = *kind;
  if (d.kind == DirectiveKind::AccWait && is(tok::l_paren)) {
    ++pos;
    std::string ids;
    if (!argument(ids))
      return std::nullopt;
  }
  while (!atEnd()) {
    if (is(tok::comma)) // clauses may be separated by commas
      ++pos;
    if (!clause(d))
      return std::nullopt;
  }
  if (d.kind == DirectiveKind::AccData &&
      llvm::none_of(d.acc.clauses, [](const AccClause &c) { return isAccDataClause(c.name); })) {
    error(d.acc.loc, "'acc data' needs a data clause (copy, copyin, copyout, create, present)");
    return std::nullopt;
  }
  if ((d.kind == DirectiveKind::AccEnterData || d.kind == DirectiveKind::AccExitData) &&
      llvm::none_of(d.acc.clauses, [](const AccClause &c) { return !c.vars.empty(); })) {
    error(d.acc.loc, "'acc " + construct + "' needs a data clause (" +
                         (d.kind == DirectiveKind::AccEnterData ? "copyin, create"
                                                                : "copyout, delete") +
                         ")");
    return std::nullopt;
  }
  if (d.kind == DirectiveKind::AccHostData &&
      llvm::none_of(d.acc.clauses, [](const AccClause &c) { return c.name == "use_device"; })) {
    error(d.acc.loc, "'acc host_data' needs a 'use_device' clause");
    return std::nullopt;
  }
  if (d.kind == DirectiveKind::AccUpdate &&
      llvm::none_of(d.acc.clauses, [](const AccClause &c) {
        return c.name == "host" || c.name == "self" || c.name == "device";
      })) {
    error(d.acc.loc, "'acc update' needs a 'host', 'self' or 'device' clause");
    return std::nullopt;
  }
  const SourceManager &sm = pp.getSourceManager();
  d.text = "acc " + Lexer::getSourceText(CharSourceRange::getTokenRange(
                                             sm.getExpansionLoc(toks.front().getLocation()),
                                             sm.getExpansionLoc(toks.back().getLocation())),
                                         sm, pp.getLangOpts())
                        .str();
  return d;
}

} // namespace

std::optional<Directive> xmp::frontend::parseAccDirective(Preprocessor &pp,
                                                          ArrayRef<Token> tokens,
                                                          SourceRange range) {
  if (tokens.empty()) {
    reportError(pp.getDiagnostics(), range.getBegin(), "expected an OpenACC directive");
    return std::nullopt;
  }
  return AccParser(pp, tokens, range).parse();
}
