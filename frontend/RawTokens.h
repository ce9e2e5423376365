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
#include <optional>
#include <set>
#include <vector>

namespace xmp::frontend {

std::vector<clang::Token> mainFileRawTokens(clang::CompilerInstance &ci);

/// Main-file places a pre-scan marked (by file offset), and the check the
/// token watchers make when the parser reads a token: an identifier spelled
/// at one of them.
class TokenMarks {
public:
  void mark(const clang::SourceManager &sm, const clang::Token &tok) {
    offsets.insert(sm.getFileOffset(tok.getLocation()));
  }
  bool empty() const { return offsets.empty(); }
  /// The marked offset of tok, or nullopt when tok is no marked identifier.
  std::optional<unsigned> find(const clang::SourceManager &sm,
                               const clang::Token &tok) const;
  void unmark(unsigned offset) { offsets.erase(offset); }

private:
  std::set<unsigned> offsets;
};

} // namespace xmp::frontend

#endif
