//===- RawTokens.h - the main file as raw tokens ----------------*- C++ -*-===//
//
// Pre-scans of the main file before Clang parses it (FileScopeExtents,
// ArrayAssignments) read its raw tokens: no macro expansion, preprocessor
// lines included (a token's isAtStartOfLine() tells where lines begin).
//
//===----------------------------------------------------------------------===//
#ifndef XMP_FRONTEND_RAWTOKENS_H
#define XMP_FRONTEND_RAWTOKENS_H

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Token.h"
#include <vector>

namespace xmp::frontend {

std::vector<clang::Token> mainFileRawTokens(clang::CompilerInstance &ci);

} // namespace xmp::frontend

#endif
