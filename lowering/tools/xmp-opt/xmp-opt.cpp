//===- xmp-opt.cpp - mlir-opt with the xmp dialect and passes -------------===//
//
// Besides the usual mlir-opt behaviour, `--emit-c` prints the lowered sites
// as the C fragments the frontend splices into user code.
//
//===----------------------------------------------------------------------===//

#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMPDialect.h"
#include "xmp/Target/Fragments.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cstring>

namespace {
/// `xmp-opt --emit-c FILE`: lower and print C fragments.
int emitC(const char *path, mlir::DialectRegistry &registry) {
  mlir::MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::string error;
  auto file = mlir::openInputFile(path, &error);
  if (!file) {
    llvm::errs() << "xmp-opt: " << error << "\n";
    return 1;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  pm.addPass(xmp::createLowerToRuntime());
  if (mlir::failed(pm.run(*module)) ||
      mlir::failed(xmp::printListing(*module, llvm::outs())))
    return 1;
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<xmp::XMPDialect, mlir::emitc::EmitCDialect>();
  xmp::registerXMPPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  if (argc == 3 && std::strcmp(argv[1], "--emit-c") == 0)
    return emitC(argv[2], registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "xmp dialect optimizer\n", registry));
}
