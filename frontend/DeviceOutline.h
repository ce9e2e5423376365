//===- DeviceOutline.h - device loop bodies as CPU and CUDA code -*- C++ -*-===//
//
// One `device loop` body becomes: an argument block and a reduction record
// (struct declarations shared by the C and CUDA files), a CPU codelet
// function in prog.xmp.c, and a CUDA kernel with its codelet function in
// prog.xmp.cu. The submission glue comes from the lowering (DeviceLoopOp).
//
//===----------------------------------------------------------------------===//

#ifndef XMP_FRONTEND_DEVICEOUTLINE_H
#define XMP_FRONTEND_DEVICEOUTLINE_H

#include "Program.h"

#include <string>

namespace xmp::frontend {

class DeviceOutliner {
public:
  /// `body`: the loop body's C text with distributed accesses rewritten;
  /// `tiledBody` (where site.devTile is set): the same with the stencil
  /// array's accesses reading the kernel's tile (deviceTileElement);
  /// `file`, `line`: where it stands in the user's source.
  void add(const Site &site, const std::string &body, const std::string &tiledBody,
           const std::string &file, unsigned line);
  bool empty() const { return declarations.empty(); }

  /// For the top of prog.xmp.c: the structs and the codelet prototypes.
  std::string cDeclarations() const;
  /// For the end of prog.xmp.c: the CPU codelet functions.
  std::string cFunctions() const { return cpuFunctions; }
  /// The whole prog.xmp.cu; `macros` are the user's #define lines.
  std::string cudaSource(const std::string &macros) const;

private:
  std::string declarations, cpuFunctions, cudaFunctions;
};

/// In a tiled kernel, the stencil array's element at `offset` (per loop)
/// from the iteration's own point.
std::string deviceTileElement(const std::array<int, 3> &offset);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_DEVICEOUTLINE_H
