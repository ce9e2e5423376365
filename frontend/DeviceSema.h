//===- DeviceSema.h - what a device loop body may use -----------*- C++ -*-===//
#ifndef XMP_FRONTEND_DEVICESEMA_H
#define XMP_FRONTEND_DEVICESEMA_H

#include "Program.h"
#include "SourceIndex.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace xmp::frontend {

/// Fills site.devArrays and site.devScalars from the body of the device loop
/// `site` (its `loop` dims and reductions already checked). `replicated`
/// resolves an array used at a location to its enclosing `device replicate`
/// entry, reporting an error when there is none.
bool analyzeDeviceBody(
    const SourceIndex &index, clang::DiagnosticsEngine &diags, Site &site,
    llvm::function_ref<bool(const clang::VarDecl *, clang::SourceLocation,
                            DeviceArray &)>
        replicated);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_DEVICESEMA_H
