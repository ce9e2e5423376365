//===- Entry.cpp - the file's start and end: headers, initialisation, main ===//

#include "Patterns.h"

#include "xmp/Target/CNames.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

std::string quoted(StringRef file) {
  std::string out;
  for (char c : file) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out;
}

/// Text pieces that follow each other without a hole between are one op, so
/// that the fragment keeps the lines as written here.
void lowerEntry(EntryOp op, FragmentBuilder &b) {
  int64_t head = op.getHeadAt(), tail = op.getTailAt();
  // The user's lines again from the first.
  std::string line = "#line 1 \"" + quoted(op.getFile()) + "\"\n";
  if (op.getDevice() && op.getDeclsAt()) {
    b.text(head, "#include <xmp_rt.h>\n#include <xmp_dev.h>\n");
    b.anchorHole(head, *op.getDeclsAt());
    b.text(head, line);
  } else {
    b.text(head, "#include <xmp_rt.h>\n" +
                     std::string(op.getDevice() ? "#include <xmp_dev.h>\n" : "") + line);
  }
  std::string text;
  if (auto init = op.getInitAt()) {
    std::string fn = cnames::moduleInit;
    b.text(tail, "\nstatic void " + fn + "(void) {");
    b.anchorHole(tail, *init);
    text = "}\n__attribute__((constructor)) static void " + fn + "_register(void) { " +
           "xmp_rt_register_module_init(" + fn + "); }\n";
  }
  // The user's main runs between the runtime's start and end.
  if (auto main = op.getMainAt()) {
    b.text(*main, cnames::userMain);
    text += std::string("\nint main(int argc, char **argv) {\n  xmp_rt_init(&argc, &argv);\n"
                        "  int status = ") +
            cnames::userMain + (op.getMainArgs() ? "(argc, argv)" : "()") +
            ";\n  return xmp_rt_finalize(status);\n}\n";
  }
  if (auto funcs = op.getFuncsAt()) {
    b.text(tail, text + "\n");
    b.anchorHole(tail, *funcs);
  } else if (!text.empty()) {
    b.text(tail, text);
  }
}

} // namespace

void xmp::lowering::populateEntryPatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<EntryOp, lowerEntry>(patterns, state);
}
