//===- ConstantText.h - integer constants written in directives --*- C++ -*-===//
//
// Directives keep their expressions as C text, evaluated by the generated
// program. Where such a text is an integer constant expression of literals
// (`-3`, `(8) - 1`, `2*4`), Sema checks its value at compile time; a text
// that cannot be right as any C integer (a division by zero, a fractional
// number) is reported whatever it stands for.
//
//===----------------------------------------------------------------------===//
#ifndef XMP_FRONTEND_CONSTANTTEXT_H
#define XMP_FRONTEND_CONSTANTTEXT_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace xmp::frontend {

struct ConstantText {
  /// The value, when the text is made of integer literals, + - * / % and
  /// parentheses only, and evaluates without division by zero or overflow.
  std::optional<long long> value;
  /// Why the text cannot be right: "a division by zero", "not an integer"
  /// (a floating literal), or empty.
  std::string problem;
};

/// Reads `text` (names and other operators: neither a value nor a problem).
ConstantText evaluateConstant(llvm::StringRef text);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_CONSTANTTEXT_H
