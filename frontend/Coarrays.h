//===- Coarrays.h - `int a[10]:[*];` and `a[i]:[k]` in C code ----*- C++ -*-===//
//
// XMP/C's coarrays (XMP 1.4 chapter 4) add an image selector after a C
// declarator or reference: `double a[N]:[*];` declares a coarray, `a[i]:[k]`
// is element i of a on image k. Neither is C: Clang's parser stops at the
// ':'.
//
// What xmpcc does: a raw-lexer scan of the main file finds each ':' followed
// by '[' outside preprocessor lines (in C, no expression or declaration
// continues that way). When the parser reaches such a ':' (the preprocessor
// token watcher), the bracket groups after it are read and parsed as
// codimensions (the last one '*': a declarator) or as cosubscripts (a
// reference), recorded as a directive, and the token the parser holds becomes
// the one after them. The parser thus sees `double a[N];` and `a[i]`, whose
// type it checks; the semantic analysis finds the reference's expression by
// where it ends. Statements that assign array sections with coarrays
// (`a[0:3]:[1] = b[3:3];`) are not C even without the selector: the array
// assignment scan (ArrayAssignments) takes them whole.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_FRONTEND_COARRAYS_H
#define XMP_FRONTEND_COARRAYS_H

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Token.h"
#include <map>

namespace xmp::frontend {

class Coarrays {
public:
  /// Scans the main file; call before parsing. Returns whether it holds
  /// image selectors (the caller then forwards the tokens).
  bool begin(clang::CompilerInstance &ci);
  /// A token the parser read.
  void onToken(const clang::Token &tok);

private:
  struct Mark {
    bool declaration = false;
    bool member = false;          // `s.a[i]:[k]`: not a variable
    clang::SourceLocation name;   // the declared or referenced variable
    clang::SourceLocation refEnd; // the token before ':'
  };
  clang::CompilerInstance *ci = nullptr;
  std::map<unsigned, Mark> marks; // by the file offset of ':'
  bool capturing = false;
};

} // namespace xmp::frontend

#endif // XMP_FRONTEND_COARRAYS_H
