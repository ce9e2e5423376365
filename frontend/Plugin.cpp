//===- Plugin.cpp - the xmpcc Clang plugin ---------------------------------===//
//
// Loaded into clang-19 with -fplugin. The pragma handler parses each
// `#pragma xmp` line; a token watcher takes array assignment statements
// without a directive (ArrayAssignments) and adjusts file-scope extents
// (FileScopeExtents); once the translation unit is parsed, the consumer
// checks the directives against the AST, builds the xmp dialect, lowers it
// to runtime calls and writes the translated C.
//
// Plugin arguments (-fplugin-arg-xmp-<arg>):
//   emit-mlir          print the xmp dialect to stdout and stop
//   emit-lowered       print the module after lowering to stdout and stop
//   check              checked mode: host accesses of distributed arrays are
//                      checked against the node's block and shadow
//   output=<path>      write the translated C to <path>
//   cuda-output=<path> write the CUDA kernels of device loops to <path>
//                      (an empty file when there are none)
//
//===----------------------------------------------------------------------===//

#include "ArrayAssignments.h"
#include "Coarrays.h"
#include "DirectiveParser.h"
#include "FileScopeExtents.h"
#include "MLIRGen.h"
#include "Rewrite.h"
#include "Sema.h"
#include "SemaExpr.h"
#include "SourceIndex.h"

#include "xmp/Dialect/XMPDialect.h"
#include "xmp/Conversion/Passes.h"
#include "xmp/Target/Fragments.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace xmp::frontend;

namespace {

/// Where a gmove's or array directive's statement ends, token by token: a
/// ';' outside brackets, or a bracket closing one opened before it.
struct StatementEnd {
  int depth = 0;
  bool at(const Token &t) {
    if (t.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++depth;
    if (t.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --depth;
    return (depth == 0 && t.is(tok::semi)) || depth < 0;
  }
};

/// Whether that statement ends in the main file after `from`, read from the
/// raw source.
bool statementEndsInFile(Preprocessor &pp, SourceLocation from) {
  const SourceManager &sm = pp.getSourceManager();
  FileID fid = sm.getFileID(sm.getExpansionLoc(from));
  StringRef buffer = sm.getBufferData(fid);
  unsigned offset = sm.getFileOffset(sm.getExpansionLoc(from));
  Lexer raw(sm.getLocForStartOfFile(fid), pp.getLangOpts(), buffer.begin(),
            buffer.begin() + offset, buffer.end());
  StatementEnd end;
  Token t;
  for (raw.LexFromRawLexer(t); t.isNot(tok::eof); raw.LexFromRawLexer(t))
    if (end.at(t))
      return true;
  return false;
}

class XMPPragmaHandler : public PragmaHandler {
  /// The directive whose statement is being read, if any.
  const char *statementOf = nullptr;

public:
  XMPPragmaHandler() : PragmaHandler("xmp") {}

  void HandlePragma(Preprocessor &pp, PragmaIntroducer introducer,
                    Token &) override {
    SmallVector<Token> tokens;
    Token tok;
    for (pp.Lex(tok); tok.isNot(tok::eod); pp.Lex(tok))
      tokens.push_back(tok);
    SourceRange range(introducer.Loc, tok.getLocation());
    DiagnosticsEngine &diags = pp.getDiagnostics();
    // Met while a gmove's or an array directive's statement is being read.
    if (statementOf) {
      reportError(diags, introducer.Loc,
                  "no directive may stand between '" + std::string(statementOf) +
                      "' and its assignment statement");
      return;
    }
    if (introducer.Kind != PIK_HashPragma) {
      reportError(diags, introducer.Loc,
                  "XMP directives must be written as '#pragma xmp' lines");
      return;
    }
    std::vector<Directive> parsed = parseDirective(pp, tokens, range);
    // An included file may share a data mapping (the usual header of a
    // program of several files); what runs stays in the file compiled.
    if (!pp.getSourceManager().isInMainFile(introducer.Loc))
      for (const Directive &d : parsed)
        switch (d.kind) {
        case DirectiveKind::Nodes:
        case DirectiveKind::Template:
        case DirectiveKind::Distribute:
        case DirectiveKind::Align:
        case DirectiveKind::Shadow: break;
        default:
          reportError(diags, introducer.Loc,
                      "only data-mapping directives (nodes, template, distribute, align, "
                      "shadow) may stand in an included file; move '" +
                          d.text.substr(0, d.text.find(' ')) + "' to the file being compiled");
          return;
        }
    // A gmove's or an array directive's assignment may use array sections,
    // which are not C: take the statement's tokens here, before the parser
    // sees them.
    if (parsed.size() == 1 && (parsed.front().kind == DirectiveKind::Gmove ||
                               parsed.front().kind == DirectiveKind::Array)) {
      // Lexing the end of the file from here would end the file under the
      // parser's feet: a statement that does not end before it is an error.
      if (!statementEndsInFile(pp, tok.getLocation())) {
        (void)parseGmoveStatement(pp, {}, parsed.front());
        return;
      }
      SmallVector<Token> statement;
      StatementEnd end;
      statementOf = parsed.front().kind == DirectiveKind::Gmove ? "gmove" : "array";
      for (pp.Lex(tok); tok.isNot(tok::eof); pp.Lex(tok)) {
        statement.push_back(tok);
        if (end.at(tok))
          break;
      }
      statementOf = nullptr;
      if (!parseGmoveStatement(pp, statement, parsed.front()))
        return;
    }
    for (Directive &d : parsed)
      directiveTable().push_back(std::move(d));
  }
};

/// Whether only blanks and comments stand between two places of one file.
bool onlyBlanksBetween(const Preprocessor &pp, SourceLocation from, SourceLocation to) {
  const SourceManager &sm = pp.getSourceManager();
  if (sm.getFileID(from) != sm.getFileID(to) || !sm.isBeforeInTranslationUnit(from, to))
    return false;
  FileID fid = sm.getFileID(from);
  StringRef buffer = sm.getBufferData(fid);
  Lexer raw(sm.getLocForStartOfFile(fid), pp.getLangOpts(), buffer.begin(),
            buffer.begin() + sm.getFileOffset(from), buffer.end());
  Token next;
  raw.LexFromRawLexer(next);
  return next.getLocation() == to;
}

/// `#pragma acc` (XcalableACC). An OpenACC loop construct right after a
/// `#pragma xmp loop` makes that loop a device loop (the construct's
/// reductions stay on each node, as OpenACC's do); an `acc loop` inside it
/// adds its reductions. Where the directives stand is checked against the
/// AST later (Sema).
class AccPragmaHandler : public PragmaHandler {
public:
  AccPragmaHandler() : PragmaHandler("acc") {}

  void HandlePragma(Preprocessor &pp, PragmaIntroducer introducer, Token &) override {
    SmallVector<Token> tokens;
    Token tok;
    for (pp.Lex(tok); tok.isNot(tok::eod); pp.Lex(tok))
      tokens.push_back(tok);
    DiagnosticsEngine &diags = pp.getDiagnostics();
    const SourceManager &sm = pp.getSourceManager();
    if (introducer.Kind != PIK_HashPragma) {
      reportError(diags, introducer.Loc, "OpenACC directives must be written as '#pragma acc' lines");
      return;
    }
    if (!sm.isInMainFile(introducer.Loc)) {
      reportError(diags, introducer.Loc,
                  "OpenACC directives may not stand in an included file; move it to the file "
                  "being compiled");
      return;
    }
    std::optional<Directive> d =
        parseAccDirective(pp, tokens, SourceRange(introducer.Loc, tok.getLocation()));
    if (!d)
      return;
    std::vector<Directive> &table = directiveTable();
    if (d->kind == DirectiveKind::AccCompute) {
      bool afterXmpLoop = !table.empty() && table.back().kind == DirectiveKind::Loop &&
                          onlyBlanksBetween(pp, table.back().range.getEnd(), introducer.Loc);
      if (!afterXmpLoop) {
        // Alone, over ordinary arrays: a device loop of its own over the whole
        // range on every node (the outer loop, or `collapse(n)` loops).
        Directive loop = *d;
        loop.kind = DirectiveKind::DeviceLoop;
        loop.loop.wholeRange = 1;
        for (const AccClause &c : d->acc.clauses)
          if (c.name == "collapse")
            loop.loop.wholeRange = static_cast<unsigned>(std::stoul(c.arg, nullptr, 0));
        table.push_back(std::move(loop));
      }
      LoopDirective &loop = table.back().loop;
      loop.viaAcc = true;
      loop.fromAcc |= !afterXmpLoop; // its reductions stay on each node
      for (const AccClause &c : d->acc.clauses)
        if (c.name == "if")
          loop.onlyIf = CExpr{c.arg, c.loc};
      if (!takeReductions(diags, d->acc, loop,
                          afterXmpLoop ? "'#pragma xmp loop' before it" : nullptr))
        return;
      table.back().kind = DirectiveKind::DeviceLoop;
      d->acc.merged = true;
      // Its data clauses, and the arrays it uses that no enclosing region
      // holds (OpenACC's implicit copy), open a region for the loop.
      Directive region = *d;
      region.kind = DirectiveKind::AccData;
      region.acc.construct = "data";
      llvm::erase_if(region.acc.clauses, [](const AccClause &c) { return !isAccDataClause(c.name); });
      region.acc.loopBegin = table.back().range.getBegin();
      region.acc.loopEnd = table.back().range.getEnd();
      table.insert(table.end() - 1, std::move(region));
      if (!afterXmpLoop)
        return; // the device loop stands for the line
    }
    // An `acc loop` inside the nest of the last such loop adds its reductions
    // to it (Sema checks it stands there).
    if (d->kind == DirectiveKind::AccLoop)
      for (size_t k = table.size(); k-- > 0;)
        if (table[k].kind == DirectiveKind::DeviceLoop) {
          if (table[k].loop.viaAcc) {
            if (!takeReductions(diags, d->acc, table[k].loop, nullptr))
              return;
            d->acc.merged = true;
          }
          break;
        }
    table.push_back(std::move(*d));
  }

private:
  /// Adds the construct's reductions to the device loop's (a variable
  /// reduced twice with one operator is one reduction).
  static bool takeReductions(DiagnosticsEngine &diags, const AccDirective &acc,
                             LoopDirective &loop, const char *xmpLoop) {
    bool xmpReductions = xmpLoop && !loop.reductions.empty();
    for (const AccClause &c : acc.clauses) {
      if (c.name != "reduction")
        continue;
      if (xmpReductions) {
        reportError(diags, c.loc,
                    std::string("a reduction on both the OpenACC loop and the ") + xmpLoop +
                        ": write it on one (xmp loop: combined across the nodes; acc: on each "
                        "node, then '#pragma xmp reduction (...) acc' combines them)");
        return false;
      }
      for (const xmp::frontend::Name &v : c.vars) {
        auto same = llvm::find_if(loop.reductions, [&](const ReductionClause &r) {
          return llvm::any_of(r.vars, [&](const xmp::frontend::Name &n) { return n.text == v.text; });
        });
        if (same != loop.reductions.end()) {
          if (same->kind != c.op) {
            reportError(diags, v.loc, "'" + v.text + "' is reduced with '" + same->kind +
                                          "' by the enclosing loop construct, not '" + c.op + "'");
            return false;
          }
          continue;
        }
        loop.reductions.push_back({c.op, c.loc, {v}, {{}}});
      }
      loop.fromAcc = true;
    }
    return true;
  }
};

/// Puts AccPragmaHandler in the place of Clang's own `acc` handler (which
/// ignores OpenACC without -fopenacc). Clang's parser adds that handler when
/// it is constructed, after plugins' handlers (replacing them), and removes
/// it by name when it ends, taking back its own object: so this runs when
/// the parser initialises Sema (before it reads a token), and hands the map
/// a handler of ours that the parser's removal then releases (leaked at the
/// end of the compilation).
void installAccHandler(Preprocessor &pp) {
  struct Named : PragmaHandler {
    Named() : PragmaHandler("acc") {}
    void HandlePragma(Preprocessor &, PragmaIntroducer, Token &) override {}
  } name;
  pp.RemovePragmaHandler(&name); // releases the parser's handler to the parser
  pp.AddPragmaHandler(new AccPragmaHandler());
}

struct Options {
  bool emitMLIR = false;
  bool emitLowered = false;
  bool checked = false;
  std::string output, cudaOutput;
};

/// The macros defined on the command line (-D) and in the main file, as
/// #define lines in definition order: the outlined CUDA code is compiled
/// apart from the user's file but its loop bodies use them. (They follow
/// the CUDA headers there, which a -D for nvcc would not: `-DN=97` breaks
/// cuda.h.)
std::string mainFileMacros(Preprocessor &pp) {
  SourceManager &sm = pp.getSourceManager();
  std::vector<std::tuple<bool, unsigned, std::string>> defs; // command line first
  for (const auto &entry : pp.macros()) {
    const IdentifierInfo *name = entry.first;
    const MacroInfo *mi = pp.getMacroInfo(name);
    if (!mi || mi->isBuiltinMacro())
      continue;
    SourceLocation at = mi->getDefinitionLoc();
    PresumedLoc where = sm.getPresumedLoc(at);
    bool commandLine = where.isValid() && StringRef(where.getFilename()) == "<command line>";
    if (commandLine ? name->getName().starts_with("__") : !sm.isWrittenInMainFile(at))
      continue; // the driver's own (-g adds __GCC_HAVE_DWARF2_CFI_ASM), or a header's
    std::string text = "#define " + name->getName().str();
    if (mi->isFunctionLike()) {
      text += "(";
      for (unsigned k = 0; k < mi->getNumParams(); ++k) {
        StringRef p = mi->params()[k]->getName();
        text += (k ? ", " : "") + (p == "__VA_ARGS__" ? std::string("...") : p.str());
      }
      if (mi->isGNUVarargs())
        text += "...";
      text += ")";
    }
    for (const Token &t : mi->tokens())
      text += (t.hasLeadingSpace() || &t == &mi->tokens().front() ? " " : "") +
              pp.getSpelling(t);
    defs.push_back({!commandLine, sm.getFileOffset(at), text + "\n"});
  }
  llvm::sort(defs);
  std::string out;
  for (const auto &d : defs)
    out += std::get<2>(d);
  return out;
}

bool writeFile(DiagnosticsEngine &diags, const std::string &path, const std::string &text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    reportError(diags, SourceLocation(), "cannot write '" + path + "': " + ec.message());
    return false;
  }
  os << text;
  return true;
}

class XMPConsumer : public SemaConsumer {
public:
  XMPConsumer(CompilerInstance &ci, Options options)
      : ci(ci), options(std::move(options)) {}

  // Called by the parser once it exists, before it reads a token.
  void InitializeSema(Sema &) override { installAccHandler(ci.getPreprocessor()); }

  void Initialize(ASTContext &) override {
    // One token watcher for both scans; most files need none.
    bool watchExtents = extents.begin(ci), watchAssignments = assignments.begin(ci),
         watchCoarrays = coarrays.begin(ci);
    if (watchExtents || watchAssignments || watchCoarrays)
      ci.getPreprocessor().setTokenWatcher([=, this](const Token &t) {
        if (watchExtents)
          extents.onToken(t);
        if (watchAssignments)
          assignments.onToken(t);
        // Image selectors inside a statement taken whole are its own.
        if (watchCoarrays && !assignments.isCapturing())
          coarrays.onToken(t);
      });
  }

  bool HandleTopLevelDecl(DeclGroupRef) override {
    extents.endDeclaration();
    return true;
  }

  void HandleTranslationUnit(ASTContext &ctx) override {
    DiagnosticsEngine &diags = ci.getDiagnostics();
    extents.end();
    ci.getPreprocessor().setTokenWatcher(nullptr);
    extents.checkUnmodified(ctx, diags);
    if (diags.hasErrorOccurred())
      return;
    SourceIndex index(ctx);
    if (!checkDirectiveExpressions(directiveTable(), index, ci.getSema()))
      return;
    Program program = analyze(directiveTable(), index, diags);
    if (diags.hasErrorOccurred())
      return;
    program.constantExtents = extents.values(ctx, diags);
    program.checked = options.checked;
    if (diags.hasErrorOccurred())
      return;

    mlir::MLIRContext context;
    context.disableMultithreading();
    context.loadDialect<xmp::XMPDialect, mlir::emitc::EmitCDialect>();
    // Problems found by MLIR here are xmpcc bugs, not user errors: report
    // them through Clang so they carry the directive's location.
    mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
      reportError(diags, SourceLocation(),
                  "internal xmpcc error: " + diag.str());
      return mlir::success();
    });
    // Only outlined CUDA code needs the macros; most files have no device loop.
    std::string macros;
    if (llvm::any_of(program.sites,
                     [](const Site &s) { return s.dir->kind == DirectiveKind::DeviceLoop; }))
      macros = mainFileMacros(ci.getPreprocessor());
    AnchorTable anchors;
    mlir::OwningOpRef<mlir::ModuleOp> module =
        buildModule(program, context, index, anchors, macros);
    if (mlir::failed(mlir::verify(*module)))
      return;
    if (options.emitMLIR) {
      module->print(llvm::outs());
      llvm::outs() << "\n";
      return;
    }
    mlir::PassManager pm(&context);
    pm.addPass(xmp::createLowerToRuntime());
    if (mlir::failed(pm.run(*module)))
      return;
    if (options.emitLowered) {
      // The ops, then every fragment's C by anchor (holes as ${source N}).
      module->print(llvm::outs());
      llvm::outs() << "\n// The fragments, by anchor:\n";
      (void)xmp::printListing(*module, llvm::outs());
      return;
    }
    xmp::Fragments fragments;
    if (mlir::failed(xmp::printFragments(*module, fragments)))
      return;
    std::string translated, cuda;
    if (!rewriteSource(program, anchors, fragments, index, diags, translated, cuda))
      return;
    if (!options.output.empty() && !writeFile(diags, options.output, translated))
      return;
    if (!options.cudaOutput.empty())
      writeFile(diags, options.cudaOutput, cuda);
  }

private:
  CompilerInstance &ci;
  Options options;
  FileScopeExtents extents;
  ArrayAssignments assignments;
  Coarrays coarrays;
};

class XMPAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 StringRef) override {
    return std::make_unique<XMPConsumer>(ci, options);
  }

  bool ParseArgs(const CompilerInstance &ci,
                 const std::vector<std::string> &args) override {
    for (const std::string &arg : args) {
      StringRef a(arg);
      if (a == "emit-mlir") {
        options.emitMLIR = true;
      } else if (a == "emit-lowered") {
        options.emitLowered = true;
      } else if (a == "check") {
        options.checked = true;
      } else if (a.consume_front("output=")) {
        options.output = a.str();
      } else if (a.consume_front("cuda-output=")) {
        options.cudaOutput = a.str();
      } else {
        reportError(ci.getDiagnostics(), SourceLocation(),
                    "unknown xmp plugin argument '" + arg + "'");
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Options options;
};

} // namespace

static PragmaHandlerRegistry::Add<XMPPragmaHandler>
    pragmaRegistration("xmp", "XcalableMP directives");
static FrontendPluginRegistry::Add<XMPAction>
    actionRegistration("xmp", "translate XcalableMP directives to C");
