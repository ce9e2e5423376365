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

/// The translated main file (`out`): every anchor's fragment spliced in
/// place (directives replaced by their C, work-shared loops bounded to the
/// local part, distributed arrays by runtime-managed storage and their
/// accesses by local indexing, main() wrapped by runtime start-up, device
/// loops' CPU functions); and the CUDA file of the device loops' kernels
/// (`cuda`, empty when there are none). Returns false after reporting what
/// cannot be translated.
bool rewriteSource(const Program &program, const AnchorTable &anchors, const Fragments &fragments,
                   const SourceIndex &index, clang::DiagnosticsEngine &diags,
                   std::string &out, std::string &cuda);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_REWRITE_H
