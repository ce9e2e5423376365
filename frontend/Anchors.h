//===- Anchors.h - where generated C goes in the user's source --*- C++ -*-===//
//
// The frontend decides where the translation's C goes, the lowering what it
// is. An anchor is one such place: a range of the user's source to replace
// (a pragma line, a loop header, an array access, a declaration), a point to
// insert at (before a loop, after a block, the start and end of the file), or
// a virtual place whose text another fragment takes in through a hole. A hole
// is a piece of the user's source that a fragment contains (a subscript, a
// device loop's body): it is spliced with the fragments of the anchors inside
// it. xmp ops carry anchor and hole ids; the splicer (Rewrite.cpp) puts each
// anchor's printed fragment in place, keeping the user's line numbers.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_FRONTEND_ANCHORS_H
#define XMP_FRONTEND_ANCHORS_H

#include "clang/Basic/SourceLocation.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xmp::frontend {

struct Anchor {
  enum class Kind {
    /// A directive's whole line (its newlines kept).
    ReplacePragma,
    /// A directive's line that an array assignment statement follows on the
    /// same line: its text only, so that text inserted after the statement
    /// stays.
    ReplacePragmaText,
    /// A token range (its newlines kept after the new text): loop headers,
    /// accesses, declarations.
    ReplaceTokens,
    /// A character range, newlines kept.
    ReplaceChars,
    /// Before a location, a space after the text.
    InsertBefore,
    /// After a location, a space before the text; later anchors at the same
    /// location come after earlier ones.
    InsertAfter,
    /// After the token at a location, a space before the text.
    InsertAfterToken,
    /// For a location in an included file: on lines of their own after the
    /// line of the main file that includes it, then a #line back to the
    /// main file's numbering (a header's data mapping, its arrays' storage).
    AfterInclude,
    /// At the start or the end of the file, the text as it is.
    FileStart,
    FileEnd,
    /// No place of its own: its text goes where a hole names it.
    Virtual,
  };
  Kind kind;
  clang::SourceLocation begin, end; // end: Replace* only (a token or char end)
  /// The user's own text (a number Clang folded an extent to).
  std::string text = {};
  /// A declaration of several declarators, some of them distributed arrays:
  /// its text is, per declarator, the user's (`text`) or a virtual anchor's
  /// (the array's declaration), `; ` apart.
  struct Part {
    std::string text;
    int64_t anchor = -1;
  };
  std::vector<Part> parts = {};
};

class AnchorTable {
public:
  int64_t add(Anchor anchor) {
    anchors.push_back(std::move(anchor));
    return static_cast<int64_t>(anchors.size()) - 1;
  }
  int64_t addVirtual() { return add({Anchor::Kind::Virtual, {}, {}}); }
  /// The anchor of a directive's line, shared by the directives of one line
  /// (the combined `::` form).
  int64_t pragma(clang::SourceRange range, bool textOnly = false);
  /// A piece of the user's source (a token range) that fragments take in.
  int64_t hole(clang::SourceRange range) {
    holes.push_back(range);
    return static_cast<int64_t>(holes.size()) - 1;
  }

  const std::vector<Anchor> &all() const { return anchors; }
  Anchor &operator[](int64_t id) { return anchors[static_cast<size_t>(id)]; }
  const Anchor &operator[](int64_t id) const { return anchors[static_cast<size_t>(id)]; }
  clang::SourceRange holeRange(int64_t id) const { return holes[static_cast<size_t>(id)]; }

  /// The virtual anchor of the file's initialisation (file-scope directives'
  /// executable parts), or -1 when there is none.
  int64_t moduleInit = -1;
  /// Virtual anchors of the device loops' declarations, CPU functions and
  /// kernels (the start and the end of the translated file, the CUDA file),
  /// of the CUDA file and of the user's macros it repeats; -1 without device
  /// loops.
  int64_t deviceDecls = -1, deviceFuncs = -1, deviceKernels = -1, cudaFile = -1, cudaMacros = -1;

private:
  std::vector<Anchor> anchors;
  std::vector<clang::SourceRange> holes;
  std::map<unsigned, int64_t> pragmas; // by the raw encoding of the line's start
};

} // namespace xmp::frontend

#endif // XMP_FRONTEND_ANCHORS_H
