//===- MLIRGen.cpp - checked directives to the xmp dialect ----------------===//

#include "MLIRGen.h"

#include "xmp/Dialect/XMPDialect.h"

#include "clang/Lex/Lexer.h"
#include <map>
#include <set>

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::frontend;

namespace {
/// The per-dimension attributes of a loop nest (xmp.loop, xmp.device_loop).
struct LoopAttrs {
  explicit LoopAttrs(const Site &site) {
    for (const LoopDim &dim : site.loop) {
      indices.push_back(dim.var);
      tdims.push_back(dim.tdim);
      offsets.push_back(dim.offset);
      lower.push_back(dim.lower);
      upper.push_back(dim.upper);
      step.push_back(dim.step);
    }
  }
  std::vector<std::string> indices, offsets, lower, upper, step;
  SmallVector<int64_t> tdims;
};

/// The `width` clause of reflect / reduce_shadow for one array: empty lists
/// for the declared widths.
struct HaloWidths {
  HaloWidths(const Site &site, const DistArray &a) : periodic(a.extents.size(), 0) {
    for (size_t d = 0; d < site.widths.size(); ++d) {
      lower.push_back(site.widths[d].lo);
      upper.push_back(site.widths[d].hi);
      periodic[d] = site.widths[d].periodic;
    }
  }
  std::vector<std::string> lower, upper;
  SmallVector<int64_t> periodic;
};

class Generator {
public:
  Generator(MLIRContext &context, const SourceIndex &index, AnchorTable &anchors,
            const std::string &macros)
      : b(&context), index(index), sm(index.context().getSourceManager()), anchors(anchors),
        macros(macros) {}

  OwningOpRef<ModuleOp> run(const Program &program) {
    OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
    b.setInsertionPointToEnd(module->getBody());
        distArrays(program);
    for (const Site &site : program.sites)
      emit(site);
    reductionMarks(program);
    accesses(program);
    uses(program);
    declarations(program);
    entry(program);
    return module;
  }

private:
  /// One symbol per distributed array: its C name, with its function's name
  /// for a local one (two functions may each have an `a`), unless a node
  /// array or template has that symbol (`nodes b(2)` beside an array b).
  void distArrays(const Program &program) {
    std::set<std::string> taken;
    for (const Site &site : program.sites)
      if (site.dir->kind == DirectiveKind::Nodes || site.dir->kind == DirectiveKind::Template)
        taken.insert(site.sym);
    for (const auto &[decl, array] : program.arrays) {
      std::string sym = array.name;
      if (const auto *fn = dyn_cast<clang::FunctionDecl>(decl->getDeclContext()))
        sym = fn->getName().str() + "_" + sym;
      for (int n = 1; !taken.insert(sym).second; ++n)
        sym = array.name + "_" + std::to_string(n);
            symbols[&array] = sym;
    }
  }


  /// The statements that read (or first assign) lazy reductions' variables.
  void reductionMarks(const Program &program) {
    for (const ReductionMark &m : program.reductionMarks)
      b.create<ReductionMarkOp>(b.getUnknownLoc(), strs(m.vars),
                                m.forget ? b.getUnitAttr() : UnitAttr(),
                                anchor(anchors.add({Anchor::Kind::InsertBefore, m.at, {}})));
  }

  /// Every subscript chain on a distributed array: replaced by its element,
  /// its subscripts (holes) spliced in as written.
  void accesses(const Program &program) {
    std::map<const clang::ArraySubscriptExpr *, std::array<int, 3>> tiles;
    struct Body {
      unsigned first, second;
      int64_t site;
    };
    std::vector<Body> deviceBodies;
    for (const Site &site : program.sites) {
      if (site.dir->kind != DirectiveKind::DeviceLoop)
        continue;
      deviceBodies.push_back({index.offset(site.nest->getBeginLoc()),
                              index.offset(site.nest->getEndLoc()), site.id});
      if (site.devTile)
        tiles.insert(site.devTile->offsets.begin(), site.devTile->offsets.end());
    }
    for (const clang::ArraySubscriptExpr *chain : program.accesses) {
      std::vector<const clang::Expr *> subscripts;
      const clang::Expr *e = chain;
      while (const auto *s = dyn_cast<clang::ArraySubscriptExpr>(e->IgnoreParenImpCasts())) {
        subscripts.insert(subscripts.begin(), s->getIdx());
        e = s->getBase();
      }
      const DistArray *array = distributedRoot(program, chain);
      SmallVector<int64_t> holes;
      for (const clang::Expr *s : subscripts)
        holes.push_back(anchors.hole(s->getSourceRange()));
      int64_t at =
          anchors.add({Anchor::Kind::ReplaceTokens, chain->getBeginLoc(), chain->getEndLoc()});
      unsigned offset = index.offset(chain->getBeginLoc());
      // In a device loop's body: its CPU function's and kernels' locals.
      auto body = llvm::find_if(
          deviceBodies, [&](const Body &r) { return offset >= r.first && offset <= r.second; });
      bool device = body != deviceBodies.end();
      auto nest = program.accessNest.find(chain);
      auto tile = tiles.find(chain);
      IntegerAttr nestSite = device ? b.getI64IntegerAttr(body->site)
                             : nest == program.accessNest.end()
                                 ? IntegerAttr()
                                 : b.getI64IntegerAttr(nest->second);
      bool checked = program.checked && !device;
      clang::PresumedLoc where = sm.getPresumedLoc(chain->getBeginLoc());
      b.create<AccessOp>(
          b.getUnknownLoc(), FlatSymbolRefAttr::get(b.getContext(), symbols.at(array)),
          b.getDenseI64ArrayAttr(holes), b.getI64IntegerAttr(at), nestSite,
          device ? b.getUnitAttr() : UnitAttr(),
          tile == tiles.end()
              ? DenseI64ArrayAttr()
              : b.getDenseI64ArrayAttr({tile->second[0], tile->second[1], tile->second[2]}),
          checked ? b.getStringAttr(where.getFilename()) : StringAttr(),
          checked ? b.getI64IntegerAttr(where.getLine()) : IntegerAttr());
    }
  }

  IntegerAttr anchor(int64_t id) { return b.getI64IntegerAttr(id); }
  /// Where a file-scope mapping directive's executable part goes.
  IntegerAttr initAt(const Site &site) {
    if (!site.fileScope)
      return IntegerAttr();
    if (anchors.moduleInit < 0)
      anchors.moduleInit = anchors.addVirtual();
    return anchor(anchors.moduleInit);
  }

  Location loc(const Site &site) {
    clang::PresumedLoc p = sm.getPresumedLoc(site.dir->range.getBegin());
    return FileLineColLoc::get(b.getContext(), p.getFilename(), p.getLine(), p.getColumn());
  }
  ArrayAttr strs(const std::vector<CExpr> &exprs) {
    SmallVector<StringRef> texts;
    for (const CExpr &e : exprs)
      texts.push_back(e.text);
    return b.getStrArrayAttr(texts);
  }
  /// reflect / reflect_init / reflect_do `acc`.
  UnitAttr accAttr(const Site &site) {
    return site.dir->reflect.acc ? b.getUnitAttr() : UnitAttr();
  }

  ArrayAttr strs(ArrayRef<std::string> values) {
    return b.getStrArrayAttr(SmallVector<StringRef>(values.begin(), values.end()));
  }
  StringAttr async(const Site &site) {
    return site.async.empty() ? StringAttr() : b.getStringAttr(site.async);
  }
  /// Distribution formats as the formats and params attributes.
  std::pair<ArrayAttr, ArrayAttr> formatAttrs(const std::vector<frontend::DistFormat> &list) {
    SmallVector<Attribute> formats;
    std::vector<std::string> params;
    for (const frontend::DistFormat &f : list) {
      // The parser admits these four spellings only.
      xmp::DistFormat format = f.kind == "*" ? xmp::DistFormat::none
                                             : *xmp::symbolizeDistFormat(f.kind);
      formats.push_back(xmp::DistFormatAttr::get(b.getContext(), format));
      params.push_back(f.param);
    }
    return {b.getArrayAttr(formats), strs(params)};
  }
  /// A reduction operator as Sema checked it.
  ReductionKindAttr kindAttr(StringRef op) {
    return ReductionKindAttr::get(b.getContext(), *reductionKindFromOperator(op));
  }
  ArrayAttr typesAttr(ArrayRef<ScalarType> types) {
    SmallVector<Attribute> attrs;
    for (ScalarType t : types)
      attrs.push_back(ScalarTypeAttr::get(b.getContext(), t));
    return b.getArrayAttr(attrs);
  }
  FlatSymbolRefAttr ref(StringRef sym) {
    return sym.empty() ? FlatSymbolRefAttr() : FlatSymbolRefAttr::get(b.getContext(), sym);
  }
  /// A reduction directive at `at`, or (loop) the clause of a loop, after it.
  void reduction(const Site &site, int64_t id, int64_t at, const CheckedReduction &r,
                 bool loop = false) {
    UnitAttr loopAttr = loop ? b.getUnitAttr() : UnitAttr();
    // Scalars have no device copies: device loops take their values and
    // return their reductions to the host, so `acc` reduces the host's.
    bool arrays = llvm::any_of(r.counts, [](int64_t n) { return n != 0; });
    UnitAttr acc = !loop && arrays && site.dir->reduction.acc ? b.getUnitAttr() : UnitAttr();
    bool withLocs = llvm::any_of(r.locs, [](const auto &l) { return !l.empty(); });
    if (!withLocs) {
      b.create<ReductionOp>(loc(site), kindAttr(r.kind), strs(r.vars), typesAttr(r.types),
                            ref(r.on), b.getI64IntegerAttr(id), anchor(at),
                            b.getStringAttr(site.dir->text), ArrayAttr(), async(site),
                            arrays ? b.getDenseI64ArrayAttr(r.counts) : DenseI64ArrayAttr(),
                            loopAttr, acc, loopTdims(site, loop));
      return;
    }
    // Location reductions take one variable each.
    for (size_t k = 0; k < r.vars.size(); ++k)
      b.create<ReductionOp>(loc(site), kindAttr(r.kind), strs(ArrayRef<std::string>(r.vars[k])),
                            typesAttr(r.types[k]), ref(r.on),
                            b.getI64IntegerAttr(id), anchor(at), b.getStringAttr(site.dir->text),
                            strs(r.locs[k]), async(site), DenseI64ArrayAttr(), loopAttr, acc,
                            loopTdims(site, loop));
  }
  /// A loop's reduction: the template dimensions its indices run over.
  DenseI64ArrayAttr loopTdims(const Site &site, bool loop) {
    if (!loop)
      return {};
    SmallVector<int64_t> dims;
    for (const LoopDim &dim : site.loop)
      if (dim.tdim >= 0)
        dims.push_back(dim.tdim);
    return b.getDenseI64ArrayAttr(dims);
  }
  /// The start of a loop's location reduction (firstmax ...), first in its
  /// block.
  void reductionBegin(const Site &site, const CheckedReduction &r, int64_t at, int64_t stepAt) {
    bool withLocs = llvm::any_of(r.locs, [](const auto &l) { return !l.empty(); });
    if (!withLocs)
      return; /* the reduction construct after the loop is all a plain one needs
               */
    for (size_t k = 0; k < r.vars.size(); ++k)
      b.create<ReductionBeginOp>(
          loc(site), kindAttr(r.kind), strs(ArrayRef<std::string>(r.vars[k])),
          typesAttr(r.types[k]), b.getI64IntegerAttr(site.id), anchor(at),
          b.getStringAttr(site.dir->text), strs(r.locs[k]), DenseI64ArrayAttr(),
          strs(site.iterationOrder), anchor(stepAt));
  }

    /// Node-reference bounds: C expressions, or what only the running program knows.
  ArrayAttr bounds(const std::vector<std::string> &values) {
    SmallVector<Attribute> out;
    for (const std::string &v : values)
      out.push_back(v == kNodeCoord   ? Attribute(NodeCoordAttr::get(b.getContext()))
                    : v == kLastIndex ? Attribute(LastIndexAttr::get(b.getContext()))
                                      : Attribute(b.getStringAttr(v)));
    return b.getArrayAttr(out);
  }

  FlatSymbolRefAttr arrayRef(const DistArray &a) {
    return FlatSymbolRefAttr::get(b.getContext(), symbols.at(&a));
  }

  /// Each declaration of distributed arrays is replaced by their storage,
  /// keeping the other variables it declares (`double u[N], uu[N], x;`): one
  /// part per declarator, the user's text or the array's declaration. An
  /// aligned parameter stays; its storage is declared at the start of its
  /// function. A local array's storage goes when its block ends normally
  /// (on an early return the runtime releases it at finalize).
  void declarations(const Program &program) {
    const clang::LangOptions &lo = index.context().getLangOpts();
    std::map<const DistArray *, int64_t> declAt;
    std::map<const DistArray *, SmallVector<int64_t>> externAt;
    // One declaration of the array's storage per declaration of the array:
    // its definition defines it, the others (`extern`) refer to it.
    auto place = [&](const DistArray &array, const clang::VarDecl *var, int64_t at) {
      if (var->isThisDeclarationADefinition() != clang::VarDecl::DeclarationOnly &&
          !declAt.count(&array))
        declAt[&array] = at;
      else
        externAt[&array].push_back(at);
    };
    std::set<unsigned> done;
    std::vector<std::pair<unsigned, unsigned>> replaced;
    for (const auto &[first, array] : program.arrays) {
      if (array.parameter)
        continue;
      for (const clang::VarDecl *decl : first->redecls()) {
        // Declared in an included file, which is not rewritten: the storage
        // is declared after the line that includes it.
        if (!sm.isInMainFile(sm.getExpansionLoc(decl->getLocation()))) {
          place(array, decl,
                anchors.add({Anchor::Kind::AfterInclude, decl->getLocation(), {}, ";"}));
          continue;
        }
        if (!done.insert(index.offset(decl->getBeginLoc())).second)
          continue;
        std::vector<const clang::VarDecl *> group = index.declarationGroup(decl);
        // The declaration specifiers: what precedes the first declarator (its
        // name, less any '*' or '(' of the declarator itself).
        std::string prefix = clang::Lexer::getSourceText(
                                 clang::CharSourceRange::getCharRange(
                                     decl->getBeginLoc(), group.front()->getLocation()),
                                 sm, lo)
                                 .str();
        prefix.erase(prefix.find_last_not_of(" \t\n*(") + 1);
        clang::SourceLocation from = decl->getBeginLoc().getLocWithOffset(prefix.size());
        Anchor whole{Anchor::Kind::ReplaceTokens, decl->getBeginLoc(), group.back()->getEndLoc()};
        for (const clang::VarDecl *var : group) {
          clang::SourceLocation end =
              clang::Lexer::getLocForEndOfToken(var->getEndLoc(), 0, sm, lo);
          std::string declarator = withConstantExtents(program, from, end);
          declarator.erase(0, declarator.find_first_not_of(" \t\n,"));
          from = end;
          auto it = program.arrays.find(var);
          if (it == program.arrays.end()) {
            whole.parts.push_back({prefix + " " + declarator});
            continue;
          }
          int64_t at = anchors.addVirtual();
          place(it->second, var, at);
          whole.parts.push_back({"", at});
        }
        replaced.push_back({index.offset(whole.begin), index.offset(whole.end)});
        anchors.add(whole);
      }
    }
    // Folded extents elsewhere (`int n = 8; int b[n];` of an array not aligned).
    for (const ConstantExtent &c : program.constantExtents) {
      unsigned at = index.offset(c.loc);
      if (llvm::none_of(replaced, [&](auto r) { return at >= r.first && at <= r.second; }))
        anchors.add({Anchor::Kind::ReplaceTokens, c.loc, c.loc, c.value});
    }
    for (const auto &[decl, array] : program.arrays) {
      IntegerAttr declared, param, freed;
      if (array.parameter) {
        const auto *fn = cast<clang::FunctionDecl>(decl->getDeclContext());
        const auto *body = cast<clang::CompoundStmt>(fn->getBody());
        param = anchor(anchors.add({Anchor::Kind::InsertAfterToken, body->getLBracLoc(), {}}));
      } else {
        // No definition here (an external array): its first declaration.
        SmallVector<int64_t> &others = externAt[&array];
        if (!declAt.count(&array)) {
          declAt[&array] = others.front();
          others.erase(others.begin());
        }
        declared = anchor(declAt.at(&array));
      }
      if (array.scopeClose.isValid() && (decl->isLocalVarDecl() || array.parameter))
        freed = anchor(anchors.add({Anchor::Kind::InsertBefore, array.scopeClose, {}}));
      b.create<DistArrayOp>(
          b.getUnknownLoc(), b.getStringAttr(symbols.at(&array)), b.getStringAttr(array.name),
          b.getStringAttr(array.elemType),
          b.getI64IntegerAttr(static_cast<int64_t>(array.extents.size())),
          decl->getStorageClass() == clang::SC_Static ? b.getUnitAttr() : UnitAttr(),
          array.declaredSizes.empty() ? ArrayAttr() : strs(array.declaredSizes), declared, param,
          freed,
          externAt[&array].empty() ? DenseI64ArrayAttr()
                                   : b.getDenseI64ArrayAttr(externAt[&array]),
          array.external ? b.getUnitAttr() : UnitAttr());
    }
  }

  /// The original text of [from, end), folded extents written as their values.
  std::string withConstantExtents(const Program &program, clang::SourceLocation from,
                                  clang::SourceLocation end) {
    const clang::LangOptions &lo = index.context().getLangOpts();
    std::string text =
        clang::Lexer::getSourceText(clang::CharSourceRange::getCharRange(from, end), sm, lo)
            .str();
    unsigned begin = index.offset(from), stop = index.offset(end);
    std::vector<const ConstantExtent *> inside;
    for (const ConstantExtent &c : program.constantExtents)
      if (index.offset(c.loc) >= begin && index.offset(c.loc) < stop)
        inside.push_back(&c);
    llvm::sort(inside,
               [&](auto *x, auto *y) { return index.offset(x->loc) > index.offset(y->loc); });
    for (const ConstantExtent *c : inside)
      text.replace(index.offset(c->loc) - begin, clang::Lexer::MeasureTokenLength(c->loc, sm, lo),
                   c->value);
    return text;
  }

  /// The other uses of distributed arrays: allocation and release of an
  /// array of pointer type, its descriptor (`xmp_desc_of`), a whole array
  /// passed to a function.
  void uses(const Program &program) {
    for (const Allocation &a : program.allocations) {
      int64_t at =
          anchors.add({Anchor::Kind::ReplaceTokens, a.expr->getBeginLoc(), a.expr->getEndLoc()});
      if (a.release)
        b.create<DeallocOp>(b.getUnknownLoc(), arrayRef(*a.array), anchor(at));
      else
        b.create<AllocOp>(b.getUnknownLoc(), arrayRef(*a.array), strs(a.sizes), anchor(at),
                          a.array->exposed ? b.getUnitAttr() : UnitAttr());
    }
        // `xmp_desc_of(a)` inside an allocation goes with it. One written in a
    // macro's argument is one place, however often the macro expands it.
    std::set<unsigned> seen;
    for (const DescOf &d : program.descOfs) {
      unsigned at = index.offset(d.range.getBegin());
      if (!seen.insert(at).second)
        continue;
      if (llvm::any_of(program.allocations, [&](const Allocation &a) {
            return at >= index.offset(a.expr->getBeginLoc()) &&
                   at <= index.offset(a.expr->getEndLoc());
          }))
        continue;
      int64_t id = anchors.add(
          {d.range.isTokenRange() ? Anchor::Kind::ReplaceTokens : Anchor::Kind::ReplaceChars,
           d.range.getBegin(), d.range.getEnd()});
      std::string sym = d.array ? symbols.at(d.array) : d.sym;
      b.create<DescOfOp>(b.getUnknownLoc(), FlatSymbolRefAttr::get(b.getContext(), sym),
                         anchor(id));
    }
    for (const clang::DeclRefExpr *ref : program.passedArrays) {
      const auto *var = cast<clang::VarDecl>(ref->getDecl());
      int64_t at =
          anchors.add({Anchor::Kind::ReplaceTokens, ref->getBeginLoc(), ref->getEndLoc()});
      b.create<StorageOp>(b.getUnknownLoc(), arrayRef(program.arrays.at(var)), anchor(at));
    }
  }

  /// The file's start and end: the runtime's headers, the initialisation of
  /// file-scope directives, the user's main wrapped by the runtime's start
  /// and end, the device loops' declarations and functions.
  void entry(const Program &program) {
    clang::FileID fid = sm.getMainFileID();
    clang::SourceLocation start = sm.getLocForStartOfFile(fid), end = sm.getLocForEndOfFile(fid);
    // The user's main starts and ends the runtime itself.
    IntegerAttr mainStart, mainEnd;
    ArrayAttr mainParams;
    DenseI64ArrayAttr mainReturns;
    DenseBoolArrayAttr mainReturnValues;
    const clang::FunctionDecl *main = program.wrappedMain;
    if (main) {
      const auto *body = clang::cast<clang::CompoundStmt>(main->getBody());
      const clang::LangOptions &lo = index.context().getLangOpts();
      // Before anything else inserted just inside the brace.
      mainStart = anchor(anchors.add({Anchor::Kind::InsertBefore,
                                      clang::Lexer::getLocForEndOfToken(body->getLBracLoc(), 0,
                                                                        sm, lo),
                                      {}}));
      mainEnd = anchor(anchors.add({Anchor::Kind::InsertBefore, body->getRBracLoc(), {}}));
      if (main->getNumParams() >= 2)
        mainParams = strs({main->getParamDecl(0)->getName().str(),
                           main->getParamDecl(1)->getName().str()});
      SmallVector<int64_t> returns;
      SmallVector<bool> values;
      for (const clang::ReturnStmt *r : program.mainReturns) {
        if (const clang::Expr *value = r->getRetValue()) {
          returns.push_back(anchors.add({Anchor::Kind::InsertAfterToken, r->getReturnLoc(), {}}));
          returns.push_back(anchors.add({Anchor::Kind::InsertAfterToken,
                                         sm.getExpansionRange(value->getEndLoc()).getEnd(), {}}));
        } else {
          returns.push_back(anchors.add({Anchor::Kind::InsertBefore, r->getReturnLoc(), {}}));
          returns.push_back(anchors.add({Anchor::Kind::InsertAfter, index.afterStmt(r), {}}));
        }
        values.push_back(r->getRetValue() != nullptr);
      }
      mainReturns = b.getDenseI64ArrayAttr(returns);
      mainReturnValues = b.getDenseBoolArrayAttr(values);
    }
    // Device loops outline code; the other XMP-dev directives call the
    // device layer only.
    bool device = anchors.deviceDecls >= 0;
    bool usesDevice = llvm::any_of(program.sites, [](const Site &s) {
      switch (s.dir->kind) {
      case DirectiveKind::DeviceReplicate:
      case DirectiveKind::DeviceSync:
      case DirectiveKind::DeviceResetWeight:
      case DirectiveKind::AccUpdate:
      case DirectiveKind::AccHostData: return true;
      case DirectiveKind::AccData:
      case DirectiveKind::AccEnterData: return !s.devArrays.empty();
      default: return false;
      }
    });
    // The CUDA file: its headers, the user's macros (the bodies may use them), the kernels.
    if (device) {
      anchors.cudaFile = anchors.addVirtual();
      anchors.cudaMacros = anchors.addVirtual();
      anchors[anchors.cudaMacros].text = macros;
    }
    int64_t tail = anchors.add({Anchor::Kind::FileEnd, end, {}});
    int64_t head = anchors.add({Anchor::Kind::FileStart, start, {}});
    b.create<EntryOp>(b.getUnknownLoc(), b.getStringAttr(sm.getPresumedLoc(start).getFilename()),
                      anchor(head), anchor(tail),
                      anchors.moduleInit >= 0 ? anchor(anchors.moduleInit) : IntegerAttr(),
                      mainStart, mainEnd, mainParams, mainReturns, mainReturnValues,
                      main && main->getReturnType()->isVoidType() ? b.getUnitAttr() : UnitAttr(),
                      device || usesDevice ? b.getUnitAttr() : UnitAttr(),
                      device ? anchor(anchors.deviceDecls) : IntegerAttr(),
                      device ? anchor(anchors.deviceFuncs) : IntegerAttr(),
                      device ? anchor(anchors.cudaFile) : IntegerAttr(),
                      device ? anchor(anchors.cudaMacros) : IntegerAttr(),
                      device ? anchor(anchors.deviceKernels) : IntegerAttr());
  }

  /// An array's storage is laid out once its last mapping directive is seen.
  void allocateIfLast(const Site &site, Location l, int64_t at) {
    const DistArray &a = *site.array;
    // An array of pointer type is allocated by xmp_malloc.
    if (a.lastMappingSite == site.id && !a.allocatable)
            b.create<ArrayAllocOp>(l, arrayRef(a), b.getI64IntegerAttr(site.id), anchor(at),
                             b.getStringAttr(site.dir->text),
                             a.exposed ? b.getUnitAttr() : UnitAttr(),
                             a.parameter ? b.getUnitAttr() : UnitAttr(),
                             a.declaredSizes.empty() ? UnitAttr() : b.getUnitAttr(), initAt(site));
  }

  /// `#pragma omp parallel for` then `#pragma xmp loop`: the OpenMP line's
  /// place takes the nest's prologue and the directive's line the OpenMP
  /// directive (on one line), which must stay just before the loop. Returns
  /// the prologue's anchor.
  int64_t openMPSwap(const Site &site) {
    const clang::OMPExecutableDirective *omp = site.openMPBefore;
    clang::CharSourceRange ompRange =
        clang::CharSourceRange::getCharRange(omp->getBeginLoc(), omp->getEndLoc());
    std::string ompText =
        clang::Lexer::getSourceText(ompRange, sm, index.context().getLangOpts()).str();
    for (size_t at; (at = ompText.find("\\\n")) != std::string::npos;)
      ompText.replace(at, 2, " ");
    anchors.add({Anchor::Kind::ReplacePragma, site.dir->range.getBegin(), site.dir->range.getEnd(),
                 ompText});
    return anchors.add({Anchor::Kind::ReplaceChars, omp->getBeginLoc(), omp->getEndLoc()});
  }

  void deviceSync(Location l, IntegerAttr id, StringAttr text, int64_t at, bool in,
                  const std::vector<DeviceArray> &devArrays, StringAttr onlyIf = {},
                  bool keepIf = false, bool reuseIf = false) {
    if (devArrays.empty())
      return;
    std::vector<std::string> arrays;
    SmallVector<int64_t> replicas;
    for (const DeviceArray &a : devArrays) {
      arrays.push_back(a.name);
      replicas.push_back(a.replica);
    }
    b.create<DeviceSyncOp>(l, DirectionAttr::get(b.getContext(), in ? Direction::in : Direction::out),
                           strs(arrays), b.getDenseI64ArrayAttr(replicas), id, anchor(at), text,
                           onlyIf, keepIf ? b.getUnitAttr() : UnitAttr(),
                           reuseIf ? b.getUnitAttr() : UnitAttr());
  }

  /// The ';' that ends the declaration a declarator at `loc` belongs to.
  clang::SourceLocation declarationEnd(clang::SourceLocation loc) {
    clang::FileID fid = sm.getFileID(loc);
    StringRef buffer = sm.getBufferData(fid);
    clang::SourceLocation after =
        clang::Lexer::getLocForEndOfToken(loc, 0, sm, index.context().getLangOpts());
    clang::Lexer raw(sm.getLocForStartOfFile(fid), index.context().getLangOpts(), buffer.begin(),
                     buffer.begin() + sm.getFileOffset(after), buffer.end());
    clang::Token t;
    int depth = 0;
    for (raw.LexFromRawLexer(t); t.isNot(clang::tok::eof); raw.LexFromRawLexer(t)) {
      if (t.isOneOf(clang::tok::l_paren, clang::tok::l_square, clang::tok::l_brace))
        ++depth;
      else if (t.isOneOf(clang::tok::r_paren, clang::tok::r_square, clang::tok::r_brace))
        --depth;
      else if (depth == 0 && t.is(clang::tok::semi))
        return t.getLocation();
    }
    return loc;
  }

  /// The coarrays a declarator or a `coarray` directive declares: their
  /// runtime objects at `at`, registered by the module's initialisation
  /// unless another file defines them.
  void coarrayOps(const Site &site, Location l, IntegerAttr id, StringAttr text, int64_t at) {
    for (const Coarray *co : site.coarrays)
      b.create<CoarrayOp>(l, b.getStringAttr(co->name), b.getStringAttr(co->handle),
                          strs(co->coshape), co->external ? b.getUnitAttr() : UnitAttr(),
                          co->internal ? b.getUnitAttr() : UnitAttr(), id, anchor(at), text,
                          co->external ? IntegerAttr() : initAt(site));
  }

  /// A coarray declarator (`double a[N]:[*];`: its codimensions removed, the
  /// runtime object declared after the declaration) or a coindexed reference
  /// (replaced by its read, or its statement by the write).
  void coarrayInCode(const Site &site, Location l, IntegerAttr id, StringAttr text) {
    const Directive &d = *site.dir;
    if (d.kind == DirectiveKind::Coarray) {
      anchors.add({Anchor::Kind::ReplaceChars, d.coarray.coBegin,
                   d.coarray.coEnd.getLocWithOffset(1)});
      int64_t at =
          anchors.add({Anchor::Kind::InsertAfterToken, declarationEnd(d.coarray.coEnd), {}});
      coarrayOps(site, l, id, text, at);
      return;
    }
    const CoSide &ref = site.coDst;
    int64_t designator = anchors.hole(site.coDesignator);
    if (site.coOp.empty()) {
      int64_t at = anchors.add(
          {Anchor::Kind::ReplaceTokens, site.coRef.getBegin(), site.coRef.getEnd()});
      b.create<CoarrayReadOp>(l, b.getStringAttr(ref.coarray->handle), strs(ref.cosubs),
                              b.getStringAttr(ref.elemType), anchor(designator), id, anchor(at),
                              text);
      return;
    }
    int64_t rhs = anchors.hole(site.coRhs);
    int64_t at = anchors.add(
        {Anchor::Kind::ReplaceTokens, site.coStatement.getBegin(), site.coStatement.getEnd()});
    if (StringRef(site.coOp).starts_with("atomic")) {
      b.create<CoarrayAtomicOp>(l, b.getStringAttr(ref.coarray->handle), strs(ref.cosubs),
                                b.getStringAttr(ref.elemType),
                                site.coOp == "atomic_define" ? b.getUnitAttr() : UnitAttr(),
                                anchor(designator), anchor(rhs), id, anchor(at), text);
      return;
    }
    b.create<CoarrayWriteOp>(l, b.getStringAttr(ref.coarray->handle), strs(ref.cosubs),
                             b.getStringAttr(ref.elemType), b.getStringAttr(site.coOp),
                             anchor(designator), anchor(rhs), id, anchor(at), text);
  }

  void emit(const Site &site) {
    Location l = loc(site);
    const Directive &d = *site.dir;
    StringAttr text = b.getStringAttr(d.text);
    IntegerAttr id = b.getI64IntegerAttr(site.id);
    // Coindexed references and coarray declarators stand in C code: their
    // anchors are pieces of it, not a line of their own.
    if (d.kind == DirectiveKind::Coindexed ||
        (d.kind == DirectiveKind::Coarray && d.coarray.declarator)) {
      coarrayInCode(site, l, id, text);
      return;
    }
    bool textOnly = (d.kind == DirectiveKind::Array && d.array.statementOnly) ||
                    d.kind == DirectiveKind::CoarrayAssign;
    int64_t at = site.openMPBefore ? openMPSwap(site)
                 // An OpenACC loop construct's own data region: it opens on
                 // the `xmp loop` directive's line, before that loop's code
                 // (one anchor, this site's op first).
                 : d.kind == DirectiveKind::AccData && d.acc.loopBegin.isValid()
                     ? anchors.pragma(clang::SourceRange(d.acc.loopBegin, d.acc.loopEnd))
                 // A directive of an included file: after the line including it.
                 : !sm.isInMainFile(d.range.getBegin())
                     ? anchors.add({Anchor::Kind::AfterInclude, d.range.getBegin(), {}})
                     : anchors.pragma(d.range, textOnly);
    // `reduction ... on p(1:2)`: the directive runs inside a task on them,
    // its code at the task's inner anchor.
    if (site.onSubset) {
      int64_t inner = anchors.addVirtual();
      b.create<TaskOp>(l, ref(site.targetSym), bounds(site.lb), bounds(site.ub), strs(site.st), id,
                       anchor(at), text, anchor(at), anchor(inner));
      at = inner;
    }
    auto scope = ScopeAttr::get(b.getContext(), site.fileScope ? Scope::file : Scope::function);
    switch (d.kind) {
    case DirectiveKind::Nodes:
      b.create<NodesOp>(l, b.getStringAttr(site.sym), b.getStringAttr(d.nodes.name.text),
                        strs(d.nodes.shape), scope, id, anchor(at), text, ref(site.targetSym),
                        site.subset ? bounds(site.lb) : ArrayAttr(),
                        site.subset ? bounds(site.ub) : ArrayAttr(),
                        site.subset ? strs(site.st) : ArrayAttr(), initAt(site));
      break;
    case DirectiveKind::Task: {
      int64_t end = anchors.add({Anchor::Kind::InsertAfter, index.afterStmt(site.body), {}});
      b.create<TaskOp>(l, ref(site.targetSym), bounds(site.lb), bounds(site.ub), strs(site.st), id,
                       anchor(at), text, anchor(end), IntegerAttr());
      break;
    }
    case DirectiveKind::Tasks:
      break; // only groups tasks; nothing runs for it
    case DirectiveKind::Gmove: {
      const Section &dst = site.dst, &src = site.src;
      b.create<GmoveOp>(
          l, b.getStringAttr(dst.var), b.getStringAttr(dst.elemType),
          b.getI64IntegerAttr(dst.distributed), strs(dst.extentText), strs(dst.lb), strs(dst.len),
          strs(dst.st), b.getDenseI64ArrayAttr(dst.scalar), b.getStringAttr(src.var),
          b.getStringAttr(src.elemType), b.getI64IntegerAttr(src.distributed), strs(src.extentText),
          strs(src.lb), strs(src.len), strs(src.st), b.getDenseI64ArrayAttr(src.scalar), id,
          anchor(at), text,
          site.gmoveMode.empty()
              ? DirectionAttr()
              : DirectionAttr::get(b.getContext(), *symbolizeDirection(site.gmoveMode)),
          site.async.empty() ? StringAttr() : b.getStringAttr(site.async));
      break;
    }
        case DirectiveKind::Array:
      if (d.array.statementOnly)
        arrayAssign(site, l, id, text, at);
      else
        b.create<ArrayOp>(l, ref(site.tmplSym), strs(site.lb), strs(site.ub), strs(site.st),
                          b.getDenseI64ArrayAttr(site.arrayCyclic), strs(site.arrayLocalLengths),
                          arrayBody(site), id, anchor(at), text);
      break;
    case DirectiveKind::Template: {
      // A deferred shape reads ':' in every bound.
      std::vector<std::string> deferred(d.templ.deferred ? d.templ.rank : 0, ":");
      b.create<TemplateOp>(l, b.getStringAttr(site.sym), b.getStringAttr(d.templ.name.text),
                           d.templ.deferred ? strs(deferred) : strs(d.templ.lower),
                           d.templ.deferred ? strs(deferred) : strs(d.templ.upper), scope, id,
                           anchor(at), text, initAt(site));
      break;
    }
    case DirectiveKind::Distribute: {
      auto [formats, params] = formatAttrs(d.distribute.formats);
      b.create<DistributeOp>(l, ref(site.tmplSym), ref(site.nodesSym), formats, params, id,
                             anchor(at), text, initAt(site));
      break;
    }
    case DirectiveKind::TemplateFix: {
      auto [formats, params] = formatAttrs(d.templateFix.formats);
      b.create<TemplateFixOp>(l, ref(site.tmplSym), strs(d.templateFix.templ.lower),
                              strs(d.templateFix.templ.upper), formats, params, id, anchor(at),
                              text);
      break;
    }
    case DirectiveKind::Align: {
      const DistArray &a = *site.array;
      b.create<AlignOp>(l, arrayRef(a), b.getStringAttr(a.elemType),
                        b.getDenseI64ArrayAttr(a.extents), ref(site.tmplSym),
                        b.getDenseI64ArrayAttr(site.tdims), strs(site.offsets), id, anchor(at),
                        text, initAt(site),
                        a.scalarType ? ScalarTypeAttr::get(b.getContext(), *a.scalarType)
                                     : ScalarTypeAttr());
      allocateIfLast(site, l, at);
      break;
    }
    case DirectiveKind::Shadow: {
      std::vector<std::string> lower, upper;
      SmallVector<int64_t> full;
      for (const Width &w : site.widths) {
        lower.push_back(w.full ? "0" : w.lo);
        upper.push_back(w.full ? "0" : w.hi);
        full.push_back(w.full);
      }
      b.create<ShadowOp>(l, arrayRef(*site.array), strs(lower), strs(upper),
                         b.getDenseI64ArrayAttr(full), id, anchor(at), text, initAt(site));
      allocateIfLast(site, l, at);
      break;
    }
    case DirectiveKind::ReflectInit:
      for (const DistArray *a : site.arrays) {
        HaloWidths w(site, *a);
        b.create<ReflectInitOp>(l, arrayRef(*a), strs(w.lower), strs(w.upper),
                                b.getDenseI64ArrayAttr(w.periodic), accAttr(site), id, anchor(at),
                                text);
      }
      break;
    case DirectiveKind::ReflectDo:
      for (const DistArray *a : site.arrays)
        b.create<ReflectDoOp>(l, arrayRef(*a), accAttr(site),
                              site.async.empty() ? StringAttr() : b.getStringAttr(site.async), id,
                              anchor(at), text);
      break;
    case DirectiveKind::Reflect:
      for (const DistArray *a : site.arrays) {
        HaloWidths w(site, *a);
        b.create<ReflectOp>(l, arrayRef(*a), strs(w.lower), strs(w.upper),
                            b.getDenseI64ArrayAttr(w.periodic),
                            site.async.empty() ? StringAttr() : b.getStringAttr(site.async),
                            accAttr(site), id, anchor(at), text);
      }
      break;
    case DirectiveKind::ReduceShadow:
      for (size_t k = 0; k < site.arrays.size(); ++k) {
        HaloWidths w(site, *site.arrays[k]);
        b.create<ReduceShadowOp>(
            l, arrayRef(*site.arrays[k]), ScalarTypeAttr::get(b.getContext(), site.elemTypes[k]),
            strs(w.lower),
            strs(w.upper), b.getDenseI64ArrayAttr(w.periodic),
            site.async.empty() ? StringAttr() : b.getStringAttr(site.async), id, anchor(at), text);
      }
      break;
    case DirectiveKind::WaitAsync:
      b.create<WaitAsyncOp>(l, strs(site.exprs), id, anchor(at), text);
      break;
    case DirectiveKind::Bcast: {
      SmallVector<Attribute> sections;
      bool any = false;
      for (const Section &sec : site.sections) {
        if (sec.var.empty()) {
          sections.push_back(b.getDictionaryAttr({}));
          continue;
        }
        any = true;
        sections.push_back(b.getDictionaryAttr(
            {b.getNamedAttr("elem", b.getStringAttr(sec.elemType)),
             b.getNamedAttr("extents", b.getDenseI64ArrayAttr(sec.extents)),
             b.getNamedAttr("lb", strs(sec.lb)), b.getNamedAttr("len", strs(sec.len)),
             b.getNamedAttr("st", strs(sec.st))}));
      }
            bool inSelection = !site.rootFrom.empty() && site.rootInSelection;
      b.create<BcastOp>(l, strs(site.exprs), ref(site.onSym), strs(site.root), id, anchor(at), text,
                        any ? b.getArrayAttr(sections) : ArrayAttr(), async(site),
                        site.dir->bcast.acc ? b.getUnitAttr() : UnitAttr(), ref(site.rootFrom),
                        inSelection ? bounds(site.lb) : ArrayAttr(),
                        inSelection ? bounds(site.ub) : ArrayAttr(),
                        inSelection ? strs(site.st) : ArrayAttr());
      break;
    }
    case DirectiveKind::Loop:
      loop(site, l, id, text, at);
      break;
    case DirectiveKind::Reduction:
      reduction(site, site.id, at, site.reductions.front());
      break;
    case DirectiveKind::Barrier:
      b.create<BarrierOp>(l, ref(site.barrierOn), id, anchor(at), text);
      break;
    case DirectiveKind::Coarray:
      coarrayOps(site, l, id, text, at);
      break;
    case DirectiveKind::Coindexed:
      break; // coarrayInCode
    case DirectiveKind::CoarrayAssign: {
      const CoSide &dst = site.coDst, &src = site.coSrc;
      auto handle = [&](const CoSide &s) {
        return b.getStringAttr(s.coarray ? s.coarray->handle : "");
      };
      b.create<CoarrayCopyOp>(
          l, b.getStringAttr(dst.elemType), handle(dst), strs(dst.cosubs),
          b.getStringAttr(dst.first), strs(dst.counts), strs(dst.strides), handle(src),
          strs(src.cosubs), b.getStringAttr(src.first), strs(src.counts), strs(src.strides),
          site.coValue.empty() ? StringAttr() : b.getStringAttr(site.coValue), id, anchor(at),
          text);
      break;
    }
    case DirectiveKind::Post:
      b.create<PostOp>(l, ref(site.onSym), strs(site.root), b.getStringAttr(site.exprs.front()),
                       id, anchor(at), text);
      break;
    case DirectiveKind::Wait:
      b.create<WaitOp>(l, ref(site.onSym), strs(site.root),
                       site.exprs.empty() ? StringAttr() : b.getStringAttr(site.exprs.front()), id,
                       anchor(at), text);
      break;
    case DirectiveKind::Lock:
    case DirectiveKind::Unlock:
      b.create<LockOp>(l, b.getStringAttr(site.coDst.coarray->handle), strs(site.coDst.cosubs),
                       b.getStringAttr(site.coDst.first),
                       d.kind == DirectiveKind::Unlock ? b.getUnitAttr() : UnitAttr(), id,
                       anchor(at), text);
      break;
    case DirectiveKind::DeviceReplicate:
    case DirectiveKind::AccData:
    case DirectiveKind::AccEnterData: {
      std::vector<std::string> arrays, elems;
      SmallVector<int64_t> distributed;
      SmallVector<bool> copyIn, copyOut;
      for (const DeviceArray &a : site.devArrays) {
        arrays.push_back(a.name);
        elems.push_back(a.elemType);
        distributed.push_back(a.dist != nullptr);
        copyIn.push_back(a.copyIn);
        copyOut.push_back(a.copyOut);
      }
      if (arrays.empty()) // `acc data create(s)` of scalars: nothing on the device
        break;
      bool acc = d.kind != DirectiveKind::DeviceReplicate;
      bool enter = d.kind == DirectiveKind::AccEnterData;
      // enter data: it ends at its exit data, or before the '}' of its block.
      int64_t end =
          !enter ? anchors.add({Anchor::Kind::InsertAfter, index.afterStmt(site.body), {}})
          : site.accExit
              ? anchors.pragma(site.accExit->range)
              : anchors.add({Anchor::Kind::InsertBefore,
                             sm.getLocForStartOfFile(sm.getMainFileID())
                                 .getLocWithOffset(site.blockEndOffset),
                             {}});
      b.create<DeviceReplicateOp>(l, strs(arrays), b.getDenseI64ArrayAttr(distributed),
                                  strs(elems), id, anchor(at), text, anchor(end),
                                  acc ? b.getDenseBoolArrayAttr(copyIn) : DenseBoolArrayAttr(),
                                  acc ? b.getDenseBoolArrayAttr(copyOut) : DenseBoolArrayAttr(),
                                  enter ? b.getUnitAttr() : UnitAttr());
      break;
    }
    case DirectiveKind::DeviceSync:
      deviceSync(l, id, text, at, site.syncIn, site.devArrays);
      break;
    case DirectiveKind::AccUpdate: {
      // `host(...)` then `device(...)`: one sync each way.
      std::vector<DeviceArray> out, in;
      for (const DeviceArray &a : site.devArrays)
        (a.copyIn ? in : out).push_back(a);
      StringAttr onlyIf;
      for (const AccClause &c : d.acc.clauses)
        if (c.name == "if")
          onlyIf = b.getStringAttr(c.arg);
      // Both ways under `if`: the condition evaluated once, by the first.
      bool both = onlyIf && !out.empty() && !in.empty();
      deviceSync(l, id, text, at, false, out, onlyIf, both);
      deviceSync(l, id, text, at, true, in, both ? StringAttr() : onlyIf, false, both);
      break;
    }
    case DirectiveKind::AccExitData: // its enter data's op ends there
    case DirectiveKind::AccCompute: // its loop's device loop does the work
    case DirectiveKind::AccLoop:
    case DirectiveKind::AccWait: // device loops are complete when they return
    case DirectiveKind::StaticDesc: // descriptors are built at each call anyway
      break;
    case DirectiveKind::AccHostData: {
      std::vector<std::string> arrays, types;
      SmallVector<int64_t> replicas, refs, refArrays;
      for (const DeviceArray &a : site.devArrays) {
        arrays.push_back(a.name);
        replicas.push_back(a.replica);
        types.push_back(a.dist ? ""
                               : index.context().getPointerType(a.decl->getType()).getAsString());
      }
      for (auto [ref, k] : site.hostDataRefs) {
        refs.push_back(
            anchors.add({Anchor::Kind::ReplaceTokens, ref->getBeginLoc(), ref->getEndLoc()}));
        refArrays.push_back(static_cast<int64_t>(k));
      }
      int64_t end = anchors.add({Anchor::Kind::InsertAfter, index.afterStmt(site.body), {}});
      b.create<DeviceAddressOp>(l, strs(arrays), b.getDenseI64ArrayAttr(replicas), strs(types),
                                b.getDenseI64ArrayAttr(refs), b.getDenseI64ArrayAttr(refArrays), id,
                                anchor(at), text, anchor(end));
      break;
    }
    case DirectiveKind::DeviceResetWeight:
      b.create<DeviceResetWeightOp>(l, b.getStringAttr(site.exprs.front()), id, anchor(at), text);
      break;
    case DirectiveKind::DeviceLoop:
      deviceLoop(site, l, id, text, at);
      break;
    }
  }

    /// An `array` directive's statement: text and references, each subscript an
  /// index or a section's element at a loop's position.
  ArrayAttr arrayBody(const Site &site) {
    SmallVector<Attribute> pieces;
    for (const ArrayStmtPiece &piece : site.arrayPieces) {
      if (!piece.isRef()) {
        pieces.push_back(b.getStringAttr(piece.text));
        continue;
      }
      SmallVector<Attribute> subs;
      for (const ArraySub &sub : piece.subs) {
        if (sub.kind == ArraySub::Index) {
          subs.push_back(b.getDictionaryAttr({b.getNamedAttr("index", b.getStringAttr(sub.first))}));
          continue;
        }
        subs.push_back(b.getDictionaryAttr(
            {b.getNamedAttr("base", b.getStringAttr(sub.first)),
             b.getNamedAttr(sub.kind == ArraySub::Dim ? "dim" : "local", b.getI64IntegerAttr(sub.n)),
             b.getNamedAttr("step", b.getStringAttr(sub.step))}));
      }
      SmallVector<NamedAttribute> ref = {b.getNamedAttr("var", b.getStringAttr(piece.var)),
                                         b.getNamedAttr("subs", b.getArrayAttr(subs))};
      if (piece.dist)
        ref.push_back(b.getNamedAttr("array", arrayRef(*piece.dist)));
      pieces.push_back(b.getDictionaryAttr(ref));
    }
    return b.getArrayAttr(pieces);
  }

  /// An array assignment statement: its references, operator and right-hand side.
  void arrayAssign(const Site &site, Location l, IntegerAttr id, StringAttr text, int64_t at) {
    SmallVector<Attribute> refs, rhs;
    for (const AssignRef &r : site.assignRefs) {
      SmallVector<NamedAttribute> ref = {b.getNamedAttr("var", b.getStringAttr(r.sec.var)),
                                         b.getNamedAttr("lb", strs(r.sec.lb))};
      if (r.dist)
        ref.push_back(b.getNamedAttr("array", arrayRef(*r.dist)));
      if (r.element) {
        ref.push_back(b.getNamedAttr("element", b.getUnitAttr()));
      } else {
        ref.push_back(b.getNamedAttr("len", strs(r.sec.len)));
        ref.push_back(b.getNamedAttr("st", strs(r.sec.st)));
        ref.push_back(b.getNamedAttr("scalar", b.getDenseI64ArrayAttr(r.sec.scalar)));
      }
      refs.push_back(b.getDictionaryAttr(ref));
    }
    for (const AssignPiece &p : site.assignRhs)
      rhs.push_back(p.ref >= 0 ? Attribute(b.getI64IntegerAttr(p.ref))
                               : Attribute(b.getStringAttr(p.text)));
    b.create<ArrayAssignOp>(l, b.getArrayAttr(refs), b.getStringAttr(site.assignOp),
                            b.getArrayAttr(rhs),
                            b.getStringAttr(site.assignRefs.front().sec.elemType),
                            site.assignOverlap ? b.getUnitAttr() : UnitAttr(), id, anchor(at),
                            text);
  }

  /// A work-shared nest: its block opens at the directive and closes after
  /// the nest; each loop's header is replaced, with room before each `for`
  /// and after its statement for bounds computed per run of that loop.
  void loop(const Site &site, Location l, IntegerAttr id, StringAttr text, int64_t at) {
    LoopAttrs nest(site);
    SmallVector<int64_t> cyclic, unbound, constStep, headerAt, beforeAt, afterAt(site.loop.size());
    SmallVector<bool> sameStep, hoist, restrict;
    std::vector<std::string> lo, hi, indexDecl;
    for (const LoopDim &dim : site.loop) {
      cyclic.push_back(dim.cyclic);
      lo.push_back(dim.extendLo);
      hi.push_back(dim.extendHi);
      unbound.push_back(dim.unbound);
      constStep.push_back(dim.constStep);
      sameStep.push_back(dim.sameStep);
      hoist.push_back(dim.hoist);
      indexDecl.push_back(llvm::StringRef(dim.declPrefix).trim().str());
      beforeAt.push_back(anchors.add({Anchor::Kind::InsertBefore, dim.stmt->getForLoc(), {}}));
      headerAt.push_back(anchors.add(
          {Anchor::Kind::ReplaceTokens, dim.stmt->getForLoc(), dim.stmt->getRParenLoc()}));
    }
    // Inner loops close first: text inserted at one place keeps its order.
    for (size_t k = site.loop.size(); k-- > 0;)
      afterAt[k] = anchors.add({Anchor::Kind::InsertAfter, index.afterStmt(site.loop[k].stmt), {}});
    int64_t end = anchors.add({Anchor::Kind::InsertAfter, index.afterStmt(site.nest), {}});
    int64_t beginAt = anchors.addVirtual(), stepAt = anchors.addVirtual(),
            reduceAt = anchors.addVirtual();
    SmallVector<Attribute> arrays;
    for (const DistArray *a : site.nestArrays)
      arrays.push_back(FlatSymbolRefAttr::get(b.getContext(), symbols.at(a)));
    for (bool r : site.nestRestrict)
      restrict.push_back(r);
    bool extended = site.extent != frontend::LoopExtent::None;
    xmp::LoopExtent extent = site.extent == frontend::LoopExtent::Expand   ? xmp::LoopExtent::expand
                             : site.extent == frontend::LoopExtent::Margin ? xmp::LoopExtent::margin
                                                                 : xmp::LoopExtent::peel_and_wait;
    // Bounds and strides computed before an enclosing loop: a block around it.
    int64_t prologueAt = -1, prologueEnd = -1;
    if (site.prologueLoop) {
      prologueAt = anchors.add({Anchor::Kind::InsertBefore, site.prologueLoop->getBeginLoc(), {}});
      prologueEnd =
          anchors.add({Anchor::Kind::InsertAfter, index.afterStmt(site.prologueLoop), {}});
    }
    // Before the loop op: the kept values are taken before any piece of the
    // nest runs.
    for (const CheckedReduction &r : site.reductions)
      reductionBegin(site, r, beginAt, stepAt);
    b.create<LoopOp>(
        l, ref(site.tmplSym), strs(nest.indices), b.getDenseI64ArrayAttr(nest.tdims),
        strs(nest.offsets), strs(nest.lower), strs(nest.upper), strs(nest.step), id, anchor(at),
        text, b.getDenseI64ArrayAttr(constStep), b.getDenseBoolArrayAttr(sameStep),
        b.getDenseBoolArrayAttr(hoist), strs(indexDecl), b.getArrayAttr(arrays),
        b.getDenseBoolArrayAttr(restrict), b.getDenseI64ArrayAttr(headerAt),
        b.getDenseI64ArrayAttr(beforeAt), b.getDenseI64ArrayAttr(afterAt), anchor(end),
        anchor(beginAt), anchor(stepAt), anchor(reduceAt),
        llvm::is_contained(cyclic, 1) ? b.getDenseI64ArrayAttr(cyclic) : DenseI64ArrayAttr(),
        extended ? LoopExtentAttr::get(b.getContext(), extent) : LoopExtentAttr(),
        extended ? strs(lo) : ArrayAttr(),
        extended ? strs(hi) : ArrayAttr(),
        extended ? b.getDenseI64ArrayAttr(unbound) : DenseI64ArrayAttr(),
        site.extent == frontend::LoopExtent::PeelAndWait ? async(site) : StringAttr(),
        prologueAt >= 0 ? anchor(prologueAt) : IntegerAttr(),
        prologueAt >= 0 ? anchor(prologueEnd) : IntegerAttr());
    for (const CheckedReduction &r : site.reductions)
      reduction(site, site.postSite, reduceAt, r, /*loop=*/true);
  }

  /// The virtual anchors the device loops' outlined code goes to, shared by
  /// every device loop of the file (the file's entry places them).
  void deviceAnchors() {
    if (anchors.deviceDecls >= 0)
      return;
    anchors.deviceDecls = anchors.addVirtual();
    anchors.deviceFuncs = anchors.addVirtual();
    anchors.deviceKernels = anchors.addVirtual();
  }

  void deviceLoop(const Site &site, Location l, IntegerAttr id, StringAttr text, int64_t at) {
    deviceAnchors();
    // The nest goes, its lines kept empty: its body is outlined. Indices
    // declared before the nest, and scalars that only the body uses (it sets
    // them first), are used there no more.
    std::vector<std::string> unused, indexTypes;
    SmallVector<int64_t> constStep;
    for (const LoopDim &dim : site.loop) {
      if (dim.declPrefix.empty())
        unused.push_back(dim.var);
      indexTypes.push_back(dim.type);
      // The task's step is the loop's where the distribution keeps it.
      constStep.push_back(dim.sameStep ? dim.constStep : 0);
    }
    for (const DeviceScalar &s : site.devScalars)
      if (s.setFirst)
        unused.push_back(s.name);
    int64_t nestAt =
        anchors.add({Anchor::Kind::ReplaceChars, site.nest->getForLoc(), index.afterStmt(site.nest)});
    // The body up to its last character: the ';' of a body without braces
    // (`a[i] = 0;`, an unbraced inner `for` or `if`) lies past Clang's end.
    clang::SourceLocation last = index.afterStmt(site.devBody).getLocWithOffset(-1);
    int64_t body = anchors.hole(clang::SourceRange(site.devBody->getBeginLoc(), last));
    clang::PresumedLoc where = sm.getPresumedLoc(site.devBody->getBeginLoc());
    LoopAttrs nest(site);
    std::vector<std::string> arrays, elems, paramDecls, paramTypes, scalars, scalarTypes, vars;
    SmallVector<Attribute> modes, kinds;
    std::vector<ScalarType> types;
    SmallVector<int64_t> distributed, rowElems, replicas, ranks, uses, reach;
    std::optional<int64_t> tileArray;
    for (const DeviceArray &a : site.devArrays) {
      if (site.devTile && site.devTile->array == a.name)
        tileArray = static_cast<int64_t>(arrays.size());
      arrays.push_back(a.name);
      replicas.push_back(a.replica);
      modes.push_back(
          AccessModeAttr::get(b.getContext(), a.written ? AccessMode::readwrite : AccessMode::read));
      distributed.push_back(a.dist != nullptr);
      rowElems.push_back(a.rowElems);
      reach.append({a.rows, a.rowDim, a.reachLo, a.reachHi});
      elems.push_back(a.elemType);
      ranks.push_back(a.dist ? static_cast<int64_t>(a.dist->extents.size()) : 0);
      paramDecls.push_back(a.paramDecl);
      paramTypes.push_back(a.paramType);
    }
    for (const DeviceScalar &s : site.devScalars) {
      scalars.push_back(s.name);
      scalarTypes.push_back(s.type);
      uses.push_back(s.setFirst ? 2 : s.assigned ? 1 : 0);
    }
    for (const CheckedReduction &r : site.reductions)
      for (size_t k = 0; k < r.vars.size(); ++k) {
        kinds.push_back(kindAttr(r.kind));
        vars.push_back(r.vars[k]);
        types.push_back(r.types[k]);
      }
    b.create<DeviceLoopOp>(
        l, ref(site.tmplSym), strs(nest.indices), b.getDenseI64ArrayAttr(nest.tdims),
        strs(nest.offsets), strs(nest.lower), strs(nest.upper), strs(nest.step), strs(indexTypes),
        b.getDenseI64ArrayAttr(constStep), strs(arrays), b.getDenseI64ArrayAttr(replicas),
        b.getArrayAttr(modes), b.getDenseI64ArrayAttr(distributed), b.getDenseI64ArrayAttr(rowElems),
        strs(elems), b.getDenseI64ArrayAttr(ranks), strs(paramDecls), strs(paramTypes),
        strs(scalars), strs(scalarTypes), b.getDenseI64ArrayAttr(uses), b.getArrayAttr(kinds),
        strs(vars), typesAttr(types), site.reduceOnNode ? b.getUnitAttr() : UnitAttr(), id,
        anchor(at), text, anchor(body), b.getStringAttr(where.getFilename()),
        b.getI64IntegerAttr(where.getLine()), anchor(nestAt), strs(unused),
        anchor(anchors.deviceDecls), anchor(anchors.deviceFuncs), anchor(anchors.deviceKernels),
        site.devHasLabels ? b.getUnitAttr() : UnitAttr(),
        site.devOwnRowsOnly ? b.getUnitAttr() : UnitAttr(),
        tileArray ? b.getI64IntegerAttr(*tileArray) : IntegerAttr(),
        tileArray ? b.getDenseI64ArrayAttr({site.devTile->lo[0], site.devTile->hi[0]})
                  : DenseI64ArrayAttr(),
        site.dir->loop.onlyIf ? b.getStringAttr(site.dir->loop.onlyIf->text) : StringAttr(),
        site.devLazy ? b.getUnitAttr() : UnitAttr(), b.getDenseI64ArrayAttr(reach));
  }


  OpBuilder b;
  const SourceIndex &index;
  const clang::SourceManager &sm;
  AnchorTable &anchors;
  const std::string &macros;
  std::map<const DistArray *, std::string> symbols;
};
} // namespace

OwningOpRef<ModuleOp> xmp::frontend::buildModule(const Program &program, MLIRContext &context,
                                                 const SourceIndex &index, AnchorTable &anchors,
                                                 const std::string &macros) {
  return Generator(context, index, anchors, macros).run(program);
}
