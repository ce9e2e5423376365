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
  HaloWidths(const Site &site, const DistArray &a)
      : periodic(a.extents.size(), 0) {
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
  Generator(MLIRContext &context, const SourceIndex &index,
            AnchorTable &anchors)
      : b(&context), index(index), sm(index.context().getSourceManager()),
        anchors(anchors) {}

  OwningOpRef<ModuleOp> run(const Program &program) {
    OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
    b.setInsertionPointToEnd(module->getBody());
    distArrays(program);
    for (const Site &site : program.sites)
      emit(site);
    accesses(program);
    return module;
  }

private:
  /// One symbol per distributed array: its C name, with its function's name
  /// for a local one (two functions may each have an `a`).
  void distArrays(const Program &program) {
    std::set<std::string> taken;
    for (const auto &[decl, array] : program.arrays) {
      std::string sym = array.name;
      if (const auto *fn =
              dyn_cast<clang::FunctionDecl>(decl->getDeclContext()))
        sym = fn->getName().str() + "_" + sym;
      for (int n = 1; !taken.insert(sym).second; ++n)
        sym = array.name + "_" + std::to_string(n);
      symbols[&array] = sym;
      b.create<DistArrayOp>(
          b.getUnknownLoc(), b.getStringAttr(sym), b.getStringAttr(array.name),
          b.getStringAttr(array.elemType),
          b.getI64IntegerAttr(static_cast<int64_t>(array.extents.size())));
    }
  }

  /// Every subscript chain on a distributed array: replaced by its element,
  /// its subscripts (holes) spliced in as written.
  void accesses(const Program &program) {
    std::map<const clang::ArraySubscriptExpr *, std::array<int, 3>> tiles;
    std::vector<std::pair<unsigned, unsigned>> deviceBodies;
    for (const Site &site : program.sites) {
      if (site.dir->kind != DirectiveKind::DeviceLoop)
        continue;
      deviceBodies.push_back({index.offset(site.nest->getBeginLoc()),
                              index.offset(site.nest->getEndLoc())});
      if (site.devTile)
        tiles.insert(site.devTile->offsets.begin(),
                     site.devTile->offsets.end());
    }
    for (const clang::ArraySubscriptExpr *chain : program.accesses) {
      std::vector<const clang::Expr *> subscripts;
      const clang::Expr *e = chain;
      while (const auto *s = dyn_cast<clang::ArraySubscriptExpr>(
                 e->IgnoreParenImpCasts())) {
        subscripts.insert(subscripts.begin(), s->getIdx());
        e = s->getBase();
      }
      const DistArray *array = distributedRoot(program, chain);
      SmallVector<int64_t> holes;
      for (const clang::Expr *s : subscripts)
        holes.push_back(anchors.hole(s->getSourceRange()));
      int64_t at = anchors.add({Anchor::Kind::ReplaceTokens,
                                chain->getBeginLoc(), chain->getEndLoc()});
      unsigned offset = index.offset(chain->getBeginLoc());
      bool device = llvm::any_of(deviceBodies, [&](auto r) {
        return offset >= r.first && offset <= r.second;
      });
      auto nest = program.accessNest.find(chain);
      auto tile = tiles.find(chain);
      b.create<AccessOp>(
          b.getUnknownLoc(),
          FlatSymbolRefAttr::get(b.getContext(), symbols.at(array)),
          b.getDenseI64ArrayAttr(holes), b.getI64IntegerAttr(at),
          nest == program.accessNest.end() ? IntegerAttr()
                                           : b.getI64IntegerAttr(nest->second),
          device ? b.getUnitAttr() : UnitAttr(),
          tile == tiles.end()
              ? DenseI64ArrayAttr()
              : b.getDenseI64ArrayAttr(
                    {tile->second[0], tile->second[1], tile->second[2]}));
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
    return FileLineColLoc::get(b.getContext(), p.getFilename(), p.getLine(),
                               p.getColumn());
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
    return b.getStrArrayAttr(
        SmallVector<StringRef>(values.begin(), values.end()));
  }
  StringAttr async(const Site &site) {
    return site.async.empty() ? StringAttr() : b.getStringAttr(site.async);
  }
  /// Distribution formats as the kinds and params attributes.
  std::pair<ArrayAttr, ArrayAttr>
  formatAttrs(const std::vector<DistFormat> &list) {
    std::vector<std::string> formats, params;
    for (const DistFormat &f : list) {
      formats.push_back(f.kind);
      params.push_back(f.param);
    }
    return {strs(formats), strs(params)};
  }
  FlatSymbolRefAttr ref(StringRef sym) {
    return sym.empty() ? FlatSymbolRefAttr()
                       : FlatSymbolRefAttr::get(b.getContext(), sym);
  }
  /// A reduction directive at `at`, or (loop) the clause of a loop, after it.
  void reduction(const Site &site, int64_t id, int64_t at,
                 const CheckedReduction &r, bool loop = false) {
    UnitAttr loopAttr = loop ? b.getUnitAttr() : UnitAttr();
    UnitAttr acc =
        !loop && site.dir->reduction.acc ? b.getUnitAttr() : UnitAttr();
    bool withLocs =
        llvm::any_of(r.locs, [](const auto &l) { return !l.empty(); });
    if (!withLocs) {
      bool arrays = llvm::any_of(r.counts, [](int64_t n) { return n > 0; });
      b.create<ReductionOp>(
          loc(site), b.getStringAttr(r.kind), strs(r.vars), strs(r.types),
          ref(r.on), b.getI64IntegerAttr(id), anchor(at),
          b.getStringAttr(site.dir->text), ArrayAttr(), async(site),
          arrays ? b.getDenseI64ArrayAttr(r.counts) : DenseI64ArrayAttr(),
          loopAttr, acc);
      return;
    }
    // Location reductions take one variable each.
    for (size_t k = 0; k < r.vars.size(); ++k)
      b.create<ReductionOp>(loc(site), b.getStringAttr(r.kind),
                            strs(ArrayRef<std::string>(r.vars[k])),
                            strs(ArrayRef<std::string>(r.types[k])), ref(r.on),
                            b.getI64IntegerAttr(id), anchor(at),
                            b.getStringAttr(site.dir->text), strs(r.locs[k]),
                            async(site), DenseI64ArrayAttr(), loopAttr, acc);
  }
  /// The start of a loop's location reduction (firstmax ...), first in its
  /// block.
  void reductionBegin(const Site &site, const CheckedReduction &r, int64_t at,
                      int64_t stepAt) {
    bool withLocs =
        llvm::any_of(r.locs, [](const auto &l) { return !l.empty(); });
    if (!withLocs)
      return; /* the reduction construct after the loop is all a plain one needs
               */
    for (size_t k = 0; k < r.vars.size(); ++k)
      b.create<ReductionBeginOp>(
          loc(site), b.getStringAttr(r.kind),
          strs(ArrayRef<std::string>(r.vars[k])),
          strs(ArrayRef<std::string>(r.types[k])), b.getI64IntegerAttr(site.id),
          anchor(at), b.getStringAttr(site.dir->text), strs(r.locs[k]),
          DenseI64ArrayAttr(), strs(site.iterationOrder), anchor(stepAt));
  }

  /// An array's storage is laid out once its last mapping directive is seen.
  void allocateIfLast(const Site &site, Location l, int64_t at) {
    const DistArray &a = *site.array;
    // An array of pointer type is allocated by xmp_malloc.
    if (a.lastMappingSite == site.id && !a.allocatable)
      b.create<ArrayAllocOp>(
          l, b.getStringAttr(a.name), b.getStringAttr(a.elemType),
          b.getI64IntegerAttr(site.id), anchor(at),
          b.getStringAttr(site.dir->text),
          a.exposed ? b.getUnitAttr() : UnitAttr(),
          a.parameter ? b.getStringAttr(a.name) : StringAttr(),
          a.autoSizes.empty() ? ArrayAttr() : strs(a.autoSizes), initAt(site));
  }

  void emit(const Site &site) {
    Location l = loc(site);
    const Directive &d = *site.dir;
    StringAttr text = b.getStringAttr(d.text);
    IntegerAttr id = b.getI64IntegerAttr(site.id);
    bool textOnly = d.kind == DirectiveKind::Array && d.array.statementOnly;
    int64_t at = anchors.pragma(d.range, textOnly);
    // `reduction ... on p(1:2)`: the directive runs inside a task on them,
    // its code at the task's inner anchor.
    if (site.onSubset) {
      int64_t inner = anchors.addVirtual();
      b.create<TaskOp>(l, ref(site.targetSym), strs(site.lb), strs(site.ub),
                       strs(site.st), id, anchor(at), text, anchor(at),
                       anchor(inner));
      at = inner;
    }
    StringAttr scope = b.getStringAttr(site.fileScope ? "file" : "function");
    switch (d.kind) {
    case DirectiveKind::Nodes:
      b.create<NodesOp>(
          l, b.getStringAttr(site.sym), b.getStringAttr(d.nodes.name.text),
          strs(d.nodes.shape), scope, id, anchor(at), text, ref(site.targetSym),
          site.subset ? strs(site.lb) : ArrayAttr(),
          site.subset ? strs(site.ub) : ArrayAttr(),
          site.subset ? strs(site.st) : ArrayAttr(), initAt(site));
      break;
    case DirectiveKind::Task: {
      int64_t end = anchors.add(
          {Anchor::Kind::InsertAfter, index.afterStmt(site.body), {}});
      b.create<TaskOp>(l, ref(site.targetSym), strs(site.lb), strs(site.ub),
                       strs(site.st), id, anchor(at), text, anchor(end),
                       IntegerAttr());
      break;
    }
    case DirectiveKind::Tasks:
      break; // only groups tasks; nothing runs for it
    case DirectiveKind::Gmove: {
      const Section &dst = site.dst, &src = site.src;
      b.create<GmoveOp>(
          l, b.getStringAttr(dst.var), b.getStringAttr(dst.elemType),
          b.getI64IntegerAttr(dst.distributed), strs(dst.extentText),
          strs(dst.lb), strs(dst.len), strs(dst.st),
          b.getDenseI64ArrayAttr(dst.scalar), b.getStringAttr(src.var),
          b.getStringAttr(src.elemType), b.getI64IntegerAttr(src.distributed),
          strs(src.extentText), strs(src.lb), strs(src.len), strs(src.st),
          b.getDenseI64ArrayAttr(src.scalar), id, anchor(at), text,
          site.gmoveMode.empty() ? StringAttr()
                                 : b.getStringAttr(site.gmoveMode),
          site.async.empty() ? StringAttr() : b.getStringAttr(site.async));
      break;
    }
    case DirectiveKind::Array:
      b.create<ArrayOp>(
          l, site.tmplSym.empty() ? FlatSymbolRefAttr() : ref(site.tmplSym),
          strs(site.exprs), strs(site.lb), strs(site.ub), strs(site.st),
          b.getDenseI64ArrayAttr(site.arrayCyclic),
          b.getStringAttr(site.arrayBody), id, anchor(at), text);
      break;
    case DirectiveKind::Template: {
      // A deferred shape reads ':' in every bound.
      std::vector<std::string> deferred(d.templ.deferred ? d.templ.rank : 0,
                                        ":");
      b.create<TemplateOp>(
          l, b.getStringAttr(site.sym), b.getStringAttr(d.templ.name.text),
          d.templ.deferred ? strs(deferred) : strs(d.templ.lower),
          d.templ.deferred ? strs(deferred) : strs(d.templ.upper), scope, id,
          anchor(at), text, initAt(site));
      break;
    }
    case DirectiveKind::Distribute: {
      auto [formats, params] = formatAttrs(d.distribute.formats);
      b.create<DistributeOp>(l, ref(site.tmplSym), ref(site.nodesSym), formats,
                             params, id, anchor(at), text, initAt(site));
      break;
    }
    case DirectiveKind::TemplateFix: {
      auto [formats, params] = formatAttrs(d.templateFix.formats);
      b.create<TemplateFixOp>(l, ref(site.tmplSym),
                              strs(d.templateFix.templ.lower),
                              strs(d.templateFix.templ.upper), formats, params,
                              id, anchor(at), text);
      break;
    }
    case DirectiveKind::Align: {
      const DistArray &a = *site.array;
      b.create<AlignOp>(l, b.getStringAttr(a.name), b.getStringAttr(a.elemType),
                        b.getDenseI64ArrayAttr(a.extents), ref(site.tmplSym),
                        b.getDenseI64ArrayAttr(site.tdims), strs(site.offsets),
                        id, anchor(at), text, initAt(site));
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
      b.create<ShadowOp>(l, b.getStringAttr(site.array->name), strs(lower),
                         strs(upper), b.getDenseI64ArrayAttr(full), id,
                         anchor(at), text, initAt(site));
      allocateIfLast(site, l, at);
      break;
    }
    case DirectiveKind::ReflectInit:
      for (const DistArray *a : site.arrays) {
        HaloWidths w(site, *a);
        b.create<ReflectInitOp>(l, b.getStringAttr(a->name), strs(w.lower),
                                strs(w.upper),
                                b.getDenseI64ArrayAttr(w.periodic),
                                accAttr(site), id, anchor(at), text);
      }
      break;
    case DirectiveKind::ReflectDo:
      for (const DistArray *a : site.arrays)
        b.create<ReflectDoOp>(l, b.getStringAttr(a->name), accAttr(site),
                              site.async.empty() ? StringAttr()
                                                 : b.getStringAttr(site.async),
                              id, anchor(at), text);
      break;
    case DirectiveKind::Reflect:
      for (const DistArray *a : site.arrays) {
        HaloWidths w(site, *a);
        b.create<ReflectOp>(l, b.getStringAttr(a->name), strs(w.lower),
                            strs(w.upper), b.getDenseI64ArrayAttr(w.periodic),
                            site.async.empty() ? StringAttr()
                                               : b.getStringAttr(site.async),
                            accAttr(site), id, anchor(at), text);
      }
      break;
    case DirectiveKind::ReduceShadow:
      for (size_t k = 0; k < site.arrays.size(); ++k) {
        HaloWidths w(site, *site.arrays[k]);
        b.create<ReduceShadowOp>(
            l, b.getStringAttr(site.arrays[k]->name),
            b.getStringAttr(site.exprs[k]), strs(w.lower), strs(w.upper),
            b.getDenseI64ArrayAttr(w.periodic),
            site.async.empty() ? StringAttr() : b.getStringAttr(site.async), id,
            anchor(at), text);
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
             b.getNamedAttr("lb", strs(sec.lb)),
             b.getNamedAttr("len", strs(sec.len)),
             b.getNamedAttr("st", strs(sec.st))}));
      }
      b.create<BcastOp>(
          l, strs(site.exprs), ref(site.onSym), strs(site.root), id, anchor(at),
          text, any ? b.getArrayAttr(sections) : ArrayAttr(), async(site),
          site.dir->bcast.acc ? b.getUnitAttr() : UnitAttr());
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
    case DirectiveKind::DeviceReplicate: {
      std::vector<std::string> arrays, handles, elems;
      SmallVector<int64_t> distributed;
      for (const DeviceArray &a : site.devArrays) {
        arrays.push_back(a.name);
        handles.push_back(a.handle);
        elems.push_back(a.elemType);
        distributed.push_back(a.dist != nullptr);
      }
      int64_t end = anchors.add(
          {Anchor::Kind::InsertAfter, index.afterStmt(site.body), {}});
      b.create<DeviceReplicateOp>(
          l, strs(arrays), strs(handles), b.getDenseI64ArrayAttr(distributed),
          strs(elems), id, anchor(at), text, anchor(end));
      break;
    }
    case DirectiveKind::DeviceSync: {
      std::vector<std::string> handles;
      for (const DeviceArray &a : site.devArrays)
        handles.push_back(a.handle);
      b.create<DeviceSyncOp>(l, b.getStringAttr(site.syncIn ? "in" : "out"),
                             strs(handles), id, anchor(at), text);
      break;
    }
    case DirectiveKind::DeviceResetWeight:
      b.create<DeviceResetWeightOp>(l, b.getStringAttr(site.exprs.front()), id,
                                    anchor(at), text);
      break;
    case DirectiveKind::DeviceLoop:
      deviceLoop(site, l, id, text, at);
      break;
    }
  }

  /// A work-shared nest: its block opens at the directive and closes after
  /// the nest; each loop's header is replaced, with room before each `for`
  /// and after its statement for bounds computed per run of that loop.
  void loop(const Site &site, Location l, IntegerAttr id, StringAttr text,
            int64_t at) {
    LoopAttrs nest(site);
    SmallVector<int64_t> cyclic, unbound, constStep, headerAt, beforeAt,
        afterAt(site.loop.size());
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
      beforeAt.push_back(
          anchors.add({Anchor::Kind::InsertBefore, dim.stmt->getForLoc(), {}}));
      headerAt.push_back(
          anchors.add({Anchor::Kind::ReplaceTokens, dim.stmt->getForLoc(),
                       dim.stmt->getRParenLoc()}));
    }
    // Inner loops close first: text inserted at one place keeps its order.
    for (size_t k = site.loop.size(); k-- > 0;)
      afterAt[k] = anchors.add(
          {Anchor::Kind::InsertAfter, index.afterStmt(site.loop[k].stmt), {}});
    int64_t end = anchors.add(
        {Anchor::Kind::InsertAfter, index.afterStmt(site.nest), {}});
    int64_t beginAt = anchors.addVirtual(), stepAt = anchors.addVirtual(),
            reduceAt = anchors.addVirtual();
    SmallVector<Attribute> arrays;
    for (const DistArray *a : site.nestArrays)
      arrays.push_back(FlatSymbolRefAttr::get(b.getContext(), symbols.at(a)));
    for (bool r : site.nestRestrict)
      restrict.push_back(r);
    bool extended = site.extent != LoopExtent::None;
    StringRef extent = site.extent == LoopExtent::Expand   ? "expand"
                       : site.extent == LoopExtent::Margin ? "margin"
                                                           : "peel_and_wait";
    // Before the loop op: the kept values are taken before any piece of the
    // nest runs.
    for (const CheckedReduction &r : site.reductions)
      reductionBegin(site, r, beginAt, stepAt);
    b.create<LoopOp>(
        l, ref(site.tmplSym), strs(nest.indices),
        b.getDenseI64ArrayAttr(nest.tdims), strs(nest.offsets),
        strs(nest.lower), strs(nest.upper), strs(nest.step), id, anchor(at),
        text, b.getDenseI64ArrayAttr(constStep),
        b.getDenseBoolArrayAttr(sameStep), b.getDenseBoolArrayAttr(hoist),
        strs(indexDecl), b.getArrayAttr(arrays),
        b.getDenseBoolArrayAttr(restrict), b.getDenseI64ArrayAttr(headerAt),
        b.getDenseI64ArrayAttr(beforeAt), b.getDenseI64ArrayAttr(afterAt),
        anchor(end), anchor(beginAt), anchor(stepAt), anchor(reduceAt),
        llvm::is_contained(cyclic, 1) ? b.getDenseI64ArrayAttr(cyclic)
                                      : DenseI64ArrayAttr(),
        extended ? b.getStringAttr(extent) : StringAttr(),
        extended ? strs(lo) : ArrayAttr(), extended ? strs(hi) : ArrayAttr(),
        extended ? b.getDenseI64ArrayAttr(unbound) : DenseI64ArrayAttr(),
        site.extent == LoopExtent::PeelAndWait ? async(site) : StringAttr());
    for (const CheckedReduction &r : site.reductions)
      reduction(site, site.postSite, reduceAt, r, /*loop=*/true);
  }

  void deviceLoop(const Site &site, Location l, IntegerAttr id, StringAttr text,
                  int64_t at) {
    // The nest goes, its lines kept empty: its body is outlined. Indices
    // declared before the nest, and scalars that only the body uses (it sets
    // them first), are used there no more: -Wall would call them unused.
    std::string uses;
    for (const LoopDim &dim : site.loop)
      if (dim.declPrefix.empty())
        uses += "(void)" + dim.var + "; ";
    for (const DeviceScalar &s : site.devScalars)
      if (s.setFirst)
        uses += "(void)" + s.name + "; ";
    anchors.add({Anchor::Kind::ReplaceChars, site.nest->getForLoc(),
                 index.afterStmt(site.nest), uses});
    LoopAttrs nest(site);
    std::vector<std::string> arrays, handles, modes, scalars, kinds, vars,
        types;
    SmallVector<int64_t> distributed, rowElems;
    for (const DeviceArray &a : site.devArrays) {
      arrays.push_back(a.name);
      handles.push_back(a.handle);
      modes.push_back(a.written ? "readwrite" : "read");
      distributed.push_back(a.dist != nullptr);
      rowElems.push_back(a.rowElems);
    }
    for (const DeviceScalar &s : site.devScalars)
      if (!s.setFirst) // set in the body first: nothing to pass
        scalars.push_back(s.name);
    for (const CheckedReduction &r : site.reductions)
      for (size_t k = 0; k < r.vars.size(); ++k) {
        kinds.push_back(r.kind);
        vars.push_back(r.vars[k]);
        types.push_back(r.types[k]);
      }
    b.create<DeviceLoopOp>(
        l, ref(site.tmplSym), strs(nest.indices),
        b.getDenseI64ArrayAttr(nest.tdims), strs(nest.offsets),
        strs(nest.lower), strs(nest.upper), strs(nest.step), strs(arrays),
        strs(handles), strs(modes), b.getDenseI64ArrayAttr(distributed),
        b.getDenseI64ArrayAttr(rowElems), strs(scalars), strs(kinds),
        strs(vars), strs(types), id, anchor(at), text);
  }

  OpBuilder b;
  const SourceIndex &index;
  const clang::SourceManager &sm;
  AnchorTable &anchors;
  std::map<const DistArray *, std::string> symbols;
};
} // namespace

OwningOpRef<ModuleOp> xmp::frontend::buildModule(const Program &program,
                                                 MLIRContext &context,
                                                 const SourceIndex &index,
                                                 AnchorTable &anchors) {
  return Generator(context, index, anchors).run(program);
}
