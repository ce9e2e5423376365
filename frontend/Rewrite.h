//===- Rewrite.h - splicing generated C into the user's source ---*- C++
//-*-===//
#ifndef XMP_FRONTEND_REWRITE_H
#define XMP_FRONTEND_REWRITE_H

#include "Anchors.h"
#include "Program.h"
#include "SourceIndex.h"

#include "xmp/Target/Fragments.h"

#include "clang/Basic/Diagnostic.h"
#include <map>
#include <string>

namespace xmp::frontend {

/// The translated main file: every anchor's fragment spliced in place
/// (directives replaced by their C, work-shared loops bounded to the local
/// part, accesses to distributed arrays by local indexing), distributed
/// arrays by runtime-managed storage and their accesses by local indexing,
/// work-shared loops bounded to the local part, main() wrapped by runtime
/// start-up. Device loop bodies are outlined into CPU functions (in `out`)
/// and CUDA kernels (`cuda`, empty when there are none; `macros` are the
/// user's #define lines it needs). Returns false after reporting what cannot
/// be translated.
bool rewriteSource(const Program &program, const AnchorTable &anchors,
                   const Fragments &fragments, const SourceIndex &index,
                   clang::DiagnosticsEngine &diags, const std::string &macros,
                   std::string &out, std::string &cuda);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_REWRITE_H
