//===- Fragments.h - lowered xmp code as C fragments by anchor --*- C++ -*-===//
//
// After lowering, a module is a flat list of emitc ops and xmp.hole ops, each
// tagged with the anchor it belongs to. Printed, each anchor's ops make a
// fragment: pieces of C text and holes, which the frontend fills (a piece of
// the user's source, another anchor's text) when it splices the fragment at
// the anchor. Fragments stay on one line, so the user's line numbers survive.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_TARGET_FRAGMENTS_H
#define XMP_TARGET_FRAGMENTS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace xmp {

/// Text, or a hole: `source` (a piece of the user's source, spliced with the
/// fragments of the anchors inside it, in `variant`) or `anchor` (a virtual
/// anchor's fragment).
struct FragmentPiece {
  std::string text;
  int64_t source = -1;
  int64_t anchor = -1;
  std::string variant;
  bool isHole() const { return source >= 0 || anchor >= 0; }
};

/// One anchor's C, in order. Text pieces of consecutive ops are separated by a
/// space. A piece of source is spliced exactly where it stands (a subscript
/// inside an index expression); another anchor's text, as the statements it
/// is, stands a space apart from the text around it.
using Fragment = std::vector<FragmentPiece>;

/// The fragments of every anchor, by anchor id and variant ("" the plain one).
using Fragments = std::map<int64_t, std::map<std::string, Fragment>>;

/// Prints a module produced by xmp-lower-to-runtime. Fails (with a diagnostic
/// on the op) on ops it cannot print.
mlir::LogicalResult printFragments(mlir::ModuleOp module, Fragments &out);

/// Every anchor's fragments as a readable listing (`xmpcc -emit-lowered`,
/// `xmp-opt --emit-c`): holes print as `${source N}` / `${anchor N}`.
mlir::LogicalResult printListing(mlir::ModuleOp module, llvm::raw_ostream &os);

} // namespace xmp

#endif // XMP_TARGET_FRAGMENTS_H
