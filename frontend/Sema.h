//===- Sema.h - semantic analysis of XMP directives --------------*- C++ -*-===//
#ifndef XMP_FRONTEND_SEMA_H
#define XMP_FRONTEND_SEMA_H

#include "Program.h"
#include "SourceIndex.h"

#include "clang/Basic/Diagnostic.h"

namespace xmp::frontend {

/// Resolves and checks `directives` against the AST; errors are reported
/// through `diags`. The Program is complete only when no error occurred.
Program analyze(const std::vector<Directive> &directives,
                const SourceIndex &index, clang::DiagnosticsEngine &diags);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_SEMA_H
