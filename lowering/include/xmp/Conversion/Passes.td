//===- Passes.td - the xmp dialect's passes ----------------*- tablegen -*-===//

#ifndef XMP_CONVERSION_PASSES_TD
#define XMP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerToRuntime : Pass<"xmp-lower-to-runtime", "mlir::ModuleOp"> {
  let summary = "Lower xmp directives to the C fragments (emitc) that call libxmp";
  let description = [{
    Replaces every xmp op by the C declarations and statements
    (`emitc.verbatim`), runtime calls (`emitc.call_opaque`) and holes
    (`xmp.hole`, for text the frontend owns: the user's subscripts and loop
    bodies, other anchors' text) that implement it. Each produced op carries
    `xmp.anchor`, the place in the user's source it belongs to, and, where an
    anchor has several forms, `xmp.variant`. One pattern per op
    (lib/Conversion/XMPToEmitC).
  }];
  let dependentDialects = ["mlir::emitc::EmitCDialect"];
}

#endif // XMP_CONVERSION_PASSES_TD
