//===- RawTokens.cpp - the main file as raw tokens ------------------------===//
#include "RawTokens.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

std::vector<Token> xmp::frontend::mainFileRawTokens(CompilerInstance &ci) {
  SourceManager &sm = ci.getSourceManager();
  FileID fid = sm.getMainFileID();
  StringRef text = sm.getBufferData(fid);
  Lexer lexer(sm.getLocForStartOfFile(fid), ci.getLangOpts(), text.begin(),
              text.begin(), text.end());
  std::vector<Token> toks;
  Token tok;
  for (lexer.LexFromRawLexer(tok); tok.isNot(tok::eof);
       lexer.LexFromRawLexer(tok))
    toks.push_back(tok);
  return toks;
}

std::optional<unsigned>
xmp::frontend::TokenMarks::find(const SourceManager &sm,
                                const Token &tok) const {
  SourceLocation loc = tok.getLocation();
  if (tok.isNot(tok::identifier) || !loc.isFileID() || !sm.isInMainFile(loc))
    return std::nullopt;
  unsigned offset = sm.getFileOffset(loc);
  if (!offsets.count(offset))
    return std::nullopt;
  return offset;
}
