//===- TokenCursor.h - walking a directive's tokens -------------*- C++ -*-===//
//
// What the directive readers (DirectiveParser.cpp: `#pragma xmp` and its
// expressions; AccParser.cpp: `#pragma acc`) walk a pragma's tokens with.
//
//===----------------------------------------------------------------------===//
#ifndef XMP_FRONTEND_TOKENCURSOR_H
#define XMP_FRONTEND_TOKENCURSOR_H

#include "DirectiveParser.h"

#include "clang/Lex/Preprocessor.h"

namespace xmp::frontend::detail {

/// The reduction operator a punctuator spells (`+ * - & | ^ && ||`), or null.
inline const char *reductionPunctuator(clang::tok::TokenKind k) {
  switch (k) {
  case clang::tok::plus: return "+";
  case clang::tok::star: return "*";
  case clang::tok::minus: return "-";
  case clang::tok::amp: return "&";
  case clang::tok::pipe: return "|";
  case clang::tok::caret: return "^";
  case clang::tok::ampamp: return "&&";
  case clang::tok::pipepipe: return "||";
  default: return nullptr;
  }
}

/// A position in a directive's tokens, what the directive readers walk with:
/// the token there (an end-of-directive token past the last), where an
/// error there points, and errors reported through Clang.
class TokenCursor {
protected:
  TokenCursor(clang::Preprocessor &pp, llvm::ArrayRef<clang::Token> toks, clang::SourceLocation end)
      : pp(pp), toks(toks), end(end) {}

  const clang::Token &peek(size_t ahead = 0) const {
    static clang::Token eod = [] {
      clang::Token t;
      t.startToken();
      t.setKind(clang::tok::eod);
      return t;
    }();
    return pos + ahead < toks.size() ? toks[pos + ahead] : eod;
  }
  bool atEnd() const { return pos >= toks.size(); }
  clang::SourceLocation here() const { return atEnd() ? end : toks[pos].getLocation(); }
  std::string spelling(const clang::Token &t) const { return pp.getSpelling(t); }
  bool error(clang::SourceLocation loc, const std::string &message) {
    reportError(pp.getDiagnostics(), loc, message);
    return false;
  }

  clang::Preprocessor &pp;
  llvm::ArrayRef<clang::Token> toks;
  clang::SourceLocation end; // where an error past the last token points
  size_t pos = 0;
};

} // namespace xmp::frontend::detail

#endif // XMP_FRONTEND_TOKENCURSOR_H
