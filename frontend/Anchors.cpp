//===- Anchors.cpp - where generated C goes in the user's source ----------===//

#include "Anchors.h"

using namespace xmp::frontend;

int64_t AnchorTable::pragma(clang::SourceRange range, bool textOnly) {
  auto [it, fresh] = pragmas.try_emplace(range.getBegin().getRawEncoding(), 0);
  if (fresh)
    it->second = add({textOnly ? Anchor::Kind::ReplacePragmaText
                               : Anchor::Kind::ReplacePragma,
                      range.getBegin(), range.getEnd()});
  return it->second;
}
