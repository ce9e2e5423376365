//===- ArrayAssignments.h - `a[0:n] = b[0:n] + 1;` in C code ----*- C++ -*-===//
//
// XMP/C's array assignment statement (spec 1.4, 3.2) may stand anywhere a C
// statement may, with no directive before it: `y[i][:] = 0;`,
// `A[5:5] = B[0:5];`. Its array sections are not C, and Clang's parser
// rejects them before the plugin sees the AST.
//
// What xmpcc does: a raw-lexer scan of the main file finds, inside function
// bodies, the statements that begin with an identifier followed by
// subscripts, one of which holds a ':' at its top level (not that of a
// conditional '?:'), and then an assignment operator, right after a token
// that ends a statement or begins one ('; { } ) else do :'). When the
// parser reaches such an identifier (a preprocessor token watcher), the
// statement's tokens are taken up to its ';' and parsed by the `array`
// directive's assignment parser into an `array` directive without `on`; the
// token the parser holds becomes a null statement at that ';', so that
// `for (...) y[i][:] = 0;` keeps its body and no other location changes.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_FRONTEND_ARRAYASSIGNMENTS_H
#define XMP_FRONTEND_ARRAYASSIGNMENTS_H

#include "RawTokens.h"
#include "clang/Frontend/CompilerInstance.h"

namespace xmp::frontend {

class ArrayAssignments {
public:
  /// Scans the main file; call before parsing. Returns whether it holds
  /// candidate statements (the caller then forwards the tokens).
  bool begin(clang::CompilerInstance &ci);
  /// A token the parser read.
  void onToken(const clang::Token &tok);
  /// Whether the parser's tokens are being read into a statement.
  bool isCapturing() const { return capturing; }

private:
  clang::CompilerInstance *ci = nullptr;
  TokenMarks candidates; // the statements' first identifiers
  bool capturing = false;
};

} // namespace xmp::frontend

#endif // XMP_FRONTEND_ARRAYASSIGNMENTS_H
