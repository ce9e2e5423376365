//===- ConstantText.cpp - integer constants written in directives ---------===//

#include "ConstantText.h"

#include "llvm/ADT/StringExtras.h"

using namespace xmp::frontend;

namespace {

/// Recursive descent over expr := term (('+'|'-') term)*, term := unary
/// (('*'|'/'|'%') unary)*, unary := ('-'|'+') unary | '(' expr ')' | number.
class Evaluator {
public:
  explicit Evaluator(llvm::StringRef text) : s(text) {}

  ConstantText run() {
    std::optional<long long> v = expr();
    skipSpace();
    if (!problem.empty())
      return {std::nullopt, problem};
    if (!v || pos != s.size())
      return {};
    return {v, ""};
  }

private:
  void skipSpace() {
    while (pos < s.size() && llvm::isSpace(s[pos]))
      ++pos;
  }
  bool eat(char c) {
    skipSpace();
    if (pos < s.size() && s[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  std::optional<long long> number() {
    skipSpace();
    size_t start = pos;
    while (pos < s.size() && (llvm::isAlnum(s[pos]) || s[pos] == '.' || s[pos] == '_'))
      ++pos;
    llvm::StringRef tok = s.slice(start, pos);
    if (tok.empty() || !llvm::isDigit(tok.front())) {
      // A name (or nothing): no value. A fraction such as `.5` is still a
      // floating literal.
      if (tok.empty() && pos < s.size() && s[pos] == '.')
        problem = "not an integer";
      return std::nullopt;
    }
    if (tok.contains('.') ||
        (!tok.starts_with_insensitive("0x") && tok.find_first_of("eE") != llvm::StringRef::npos)) {
      problem = "not an integer";
      return std::nullopt;
    }
    // Integer suffixes (u, l) do not change the value.
    llvm::StringRef digits = tok.rtrim("uUlL");
    unsigned long long v;
    if (digits.getAsInteger(0, v) || v > static_cast<unsigned long long>(LLONG_MAX))
      return std::nullopt;
    return static_cast<long long>(v);
  }
  std::optional<long long> unary() {
    // The directive parser limits nesting; texts built from its expressions
    // nest a little more. Deeper: no value rather than a deep recursion.
    if (++depth > 1024)
      return std::nullopt;
    std::optional<long long> v = unaryBody();
    --depth;
    return v;
  }
  std::optional<long long> unaryBody() {
    if (eat('-')) {
      std::optional<long long> v = unary();
      if (!v || *v == LLONG_MIN)
        return std::nullopt;
      return -*v;
    }
    if (eat('+'))
      return unary();
    if (eat('(')) {
      std::optional<long long> v = expr();
      if (!eat(')'))
        return std::nullopt;
      return v;
    }
    return number();
  }
  std::optional<long long> term() {
    std::optional<long long> v = unary();
    while (v) {
      skipSpace();
      if (pos >= s.size() || (s[pos] != '*' && s[pos] != '/' && s[pos] != '%'))
        break;
      char op = s[pos++];
      std::optional<long long> r = unary();
      if (!r)
        return std::nullopt;
      if (op != '*' && *r == 0) {
        problem = "a division by zero";
        return std::nullopt;
      }
      long long out;
      if (op == '*' ? __builtin_mul_overflow(*v, *r, &out) : (*v == LLONG_MIN && *r == -1))
        return std::nullopt;
      v = op == '*' ? out : op == '/' ? *v / *r : *v % *r;
    }
    return v;
  }
  std::optional<long long> expr() {
    std::optional<long long> v = term();
    while (v) {
      skipSpace();
      if (pos >= s.size() || (s[pos] != '+' && s[pos] != '-'))
        break;
      char op = s[pos++];
      std::optional<long long> r = term();
      long long out;
      if (!r || (op == '+' ? __builtin_add_overflow(*v, *r, &out)
                           : __builtin_sub_overflow(*v, *r, &out)))
        return std::nullopt;
      v = out;
    }
    return v;
  }

  llvm::StringRef s;
  size_t pos = 0;
  unsigned depth = 0;
  std::string problem;
};

} // namespace

ConstantText xmp::frontend::evaluateConstant(llvm::StringRef text) {
  return Evaluator(text).run();
}
