//===- DeviceLoop.cpp - device loops: submission, CPU function, kernels ---===//
//
// One `device loop` becomes:
// - at the directive: this node's bounds, the argument block, the tasks'
//   submission (xmp_dev_loop_run) and the reductions of the tasks' results,
//   combined in task order, then across the nodes of the loop's template
//   (XMP's rule; not with node_local);
// - an argument block and a reduction record, declared in both the C and the
//   CUDA file (decls_at, kernels_at);
// - a CPU function (funcs_at): the nest over a task's chunk, the innermost
//   loop written once more for a step of 1 with `omp simd`, accesses through
//   the task's locals with the block's offset folded (variant "cpu");
// - CUDA kernels (kernels_at): one thread per point of the inner loops
//   walking a run of the outermost one, and, for a stencil nest, a kernel
//   that keeps the stencil array's planes in shared memory (variant "tile");
//   their codelet launches them and reduces the blocks' partial results.
// The body is the user's, spliced from its source (a hole) into each.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "CNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <map>

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// Text collected into one fragment op at a time, so that the outlined
/// functions keep the lines written here; a hole ends the text before it.
class Writer {
public:
  Writer(FragmentBuilder &b, int64_t anchor) : b(b), anchor(anchor) {}
  Writer &operator<<(const std::string &text) {
    buffer += text;
    return *this;
  }
  void hole(int64_t source, StringRef variant) {
    flush();
    b.sourceHole(anchor, source, variant);
  }
  void flush() {
    if (!buffer.empty())
      b.text(anchor, buffer);
    buffer.clear();
  }
  ~Writer() { flush(); }

private:
  FragmentBuilder &b;
  int64_t anchor;
  std::string buffer;
};

/// The C type and the lowest / highest value of a scalar type (the frontend
/// lets device loops reduce int .. ullong, float and double).
struct TypeInfo {
  const char *c, *lowest, *highest;
};
TypeInfo typeInfo(ScalarType type) {
  switch (type) {
  case ScalarType::Int: return {"int", "(-__INT_MAX__ - 1)", "__INT_MAX__"};
  case ScalarType::Uint: return {"unsigned int", "0U", "(__INT_MAX__ * 2U + 1U)"};
  case ScalarType::Long: return {"long", "(-__LONG_MAX__ - 1L)", "__LONG_MAX__"};
  case ScalarType::Ulong: return {"unsigned long", "0UL", "(__LONG_MAX__ * 2UL + 1UL)"};
  case ScalarType::Llong:
    return {"long long", "(-__LONG_LONG_MAX__ - 1LL)", "__LONG_LONG_MAX__"};
  case ScalarType::Ullong:
    return {"unsigned long long", "0ULL", "(__LONG_LONG_MAX__ * 2ULL + 1ULL)"};
  case ScalarType::Float: return {"float", "(-__builtin_huge_valf())", "__builtin_huge_valf()"};
  default: return {"double", "(-__builtin_huge_val())", "__builtin_huge_val()"};
  }
}

struct Reduction {
  std::string kind; // the operator's C spelling ("+", "max")
  ReductionKind op;
  std::string var;
  ScalarType type;
  std::string field;
};

/// The value a task's partial result starts from.
std::string identity(const Reduction &r) {
  TypeInfo t = typeInfo(r.type);
  if (r.kind == "*" || r.kind == "&&")
    return "(" + std::string(t.c) + ")1";
  if (r.kind == "&")
    return "(" + std::string(t.c) + ")~(" + t.c + ")0";
  if (r.kind == "max")
    return t.lowest;
  if (r.kind == "min")
    return t.highest;
  return "(" + std::string(t.c) + ")0";
}

/// The functor of xmp_dev_cuda.cuh that combines two partial results.
std::string functor(StringRef kind) {
  return llvm::StringSwitch<std::string>(kind)
      .Case("*", "xmp_dev_op_prod")
      .Case("&", "xmp_dev_op_band")
      .Case("|", "xmp_dev_op_bor")
      .Case("^", "xmp_dev_op_bxor")
      .Case("&&", "xmp_dev_op_land")
      .Case("||", "xmp_dev_op_lor")
      .Case("max", "xmp_dev_op_max")
      .Case("min", "xmp_dev_op_min")
      .Default("xmp_dev_op_sum"); // '+' and '-' (partials of '-' add up)
}

/// How the tasks' results combine on the host: `acc = acc op part`.
std::string combine(StringRef kind, const std::string &acc, const std::string &part) {
  if (kind == "max")
    return part + " > " + acc + " ? " + part + " : " + acc;
  if (kind == "min")
    return part + " < " + acc + " ? " + part + " : " + acc;
  // '-' partial results are negated sums already: they add up.
  std::string op = kind == "-" ? "+" : kind.str();
  return acc + " " + op + " " + part;
}

std::string lineDirective(StringRef file, int64_t line) {
  std::string quoted;
  for (char c : file) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    quoted += c;
  }
  return "#line " + std::to_string(line) + " \"" + quoted + "\"\n";
}

/// What the outlined code is made from, read once from the op.
struct Outline {
  explicit Outline(DeviceLoopOp op)
      : op(op), site(op.getSite()), indices(strings(op.getIndices())),
        indexTypes(strings(op.getIndexTypes())), arrays(strings(op.getArrays())),
        elems(strings(op.getElemTypes())), paramDecls(strings(op.getParamDecls())),
        paramTypes(strings(op.getParamTypes())), scalars(strings(op.getScalars())),
        scalarTypes(strings(op.getScalarTypes())) {
    auto vars = strings(op.getRedVars());
    for (size_t k = 0; k < vars.size(); ++k) {
      ReductionKind kind = cast<ReductionKindAttr>(op.getRedKinds()[k]).getValue();
      reds.push_back({reductionOperator(kind).str(), kind, vars[k],
                      cast<ScalarTypeAttr>(op.getRedTypes()[k]).getValue(),
                      cnames::deviceReductionField(static_cast<unsigned>(k))});
    }
  }
  std::string name(StringRef part) const { return cnames::deviceLoop(site, part); }
  bool distributed(size_t k) const { return op.getDistributed()[k] != 0; }
  bool written(size_t k) const {
    return cast<AccessModeAttr>(op.getModes()[k]).getValue() == AccessMode::readwrite;
  }
  int64_t use(size_t k) const { return op.getScalarUses()[k]; }
  /// Bound `part` of loop k in a task: the chunk's for the outermost loop,
  /// the argument block's for the others.
  std::string bound(size_t k, const char *part) const {
    return k == 0 ? std::string("_XMP_task->") + part
                  : "_XMP_args->" + cnames::deviceBoundField(static_cast<unsigned>(k), part);
  }

  mutable DeviceLoopOp op; // its getters are not const
  int64_t site;
  SmallVector<std::string> indices, indexTypes, arrays, elems, paramDecls, paramTypes, scalars,
      scalarTypes;
  std::vector<Reduction> reds;
};

/// The argument block (layouts, scalars, inner bounds) and the reduction
/// record, identical in the C and the CUDA file.
std::string structs(const Outline &o) {
  std::string out = "struct " + o.name("args") + " {\n  char unused;\n";
  for (size_t k = 0; k < o.arrays.size(); ++k)
    if (o.distributed(k))
      out += "  xmp_rt_layout_t " + cnames::deviceLayoutField(o.arrays[k]) + ";\n";
  for (size_t k = 0; k < o.scalars.size(); ++k)
    if (o.use(k) != 2)
      out += "  " + o.scalarTypes[k] + " " + cnames::deviceScalarField(o.scalars[k]) + ";\n";
  for (size_t k = 1; k < o.indices.size(); ++k)
    for (const char *part : {"lb", "ub", "st"})
      out += "  long " + cnames::deviceBoundField(static_cast<unsigned>(k), part) + ";\n";
  out += "};\n";
  if (!o.reds.empty()) {
    out += "struct " + o.name("red") + " {\n";
    for (const Reduction &r : o.reds)
      out += "  " + std::string(typeInfo(r.type).c) + " " + r.field + ";\n";
    out += "};\n";
  }
  return out;
}

/// A task's view of the arrays (`buffer(k)`), scalars and reduction
/// variables. The CPU function reaches a distributed array through a
/// restrict base pointer, its strides and the block's folded offset (its
/// accesses' "cpu" form); a kernel through the layout in its index type
/// XmpIdx (xmp_dev_layout), so that address arithmetic is 32-bit when it can
/// be. Distinct replicated arrays never overlap (xmp_dev_replicate checks),
/// and the body writes only the arrays marked written.
std::string locals(const Outline &o, const std::function<std::string(size_t)> &buffer,
                   bool kernel) {
  std::string out;
  for (size_t k = 0; k < o.arrays.size(); ++k) {
    const std::string &a = o.arrays[k];
    if (!o.distributed(k)) {
      out += "  " + o.paramDecls[k] + " = (" + o.paramTypes[k] + ")" + buffer(k) + ";\n";
      continue;
    }
    std::string type = (o.written(k) ? "" : "const ") + o.elems[k];
    std::string field = "_XMP_args->" + cnames::deviceLayoutField(a);
    if (kernel) {
      out += "  " + type + " *__restrict__ " + cnames::arrayAddr(a) + " = (" + type + " *)" +
             buffer(k) + ";\n";
      out += "  xmp_dev_layout<XmpIdx> " + cnames::arrayLayout(a) + " = xmp_dev_narrow<XmpIdx>(" +
             field + ");\n  (void)" + cnames::arrayLayout(a) + ";\n";
      continue;
    }
    std::string base = cnames::nestBase(o.site, a);
    out += "  " + type + " *restrict " + base + " = (" + type + " *)" + buffer(k) + ";\n";
    for (const std::string &statement : nestLayoutLocals(o.site, a, o.op.getRanks()[k], field))
      out += "  " + statement + "\n";
  }
  for (size_t k = 0; k < o.scalars.size(); ++k)
    if (o.use(k) == 0)
      out += "  " + o.scalarTypes[k] + " " + o.scalars[k] + " = _XMP_args->" +
             cnames::deviceScalarField(o.scalars[k]) + ";\n";
  for (const Reduction &r : o.reds)
    out += "  " + std::string(typeInfo(r.type).c) + " " + r.var + " = " + identity(r) + ";\n";
  return out;
}

/// Per-iteration copies of the scalars the body assigns (undefined where the
/// body sets them before reading them).
std::string privates(const Outline &o) {
  std::string out;
  for (size_t k = 0; k < o.scalars.size(); ++k)
    if (o.use(k) == 2)
      out += " " + o.scalarTypes[k] + " " + o.scalars[k] + ";";
    else if (o.use(k) == 1)
      out += " " + o.scalarTypes[k] + " " + o.scalars[k] + " = _XMP_args->" +
             cnames::deviceScalarField(o.scalars[k]) + ";";
  return out;
}

/// `omp simd` for a CPU function's innermost loop, where the compiler is asked
/// for it (xmpcc passes -fopenmp-simd -DXMP_OPENMP_SIMD=1): a device loop's
/// iterations are independent, as the GPU runs them, so the loop may be
/// vectorized with its reductions, which C compilers otherwise keep in order
/// (Himeno's Gosa: the stencil loop ran 2.1-2.3x as fast on one CPU worker).
std::string simdPragma(const std::vector<Reduction> &reds) {
  std::map<std::string, std::vector<std::string>> byOp;
  for (const Reduction &r : reds)
    byOp[r.kind == "-" ? "+" : r.kind].push_back(r.var); // partials of '-' add up
  std::string clauses;
  for (const auto &[op, vars] : byOp)
    clauses += " reduction(" + op + ":" + llvm::join(vars, ", ") + ")";
  return "#ifdef XMP_OPENMP_SIMD\n#pragma omp simd" + clauses + "\n#endif\n";
}

/// The CPU function: the nest itself over the task's chunk.
void cpuFunction(const Outline &o, FragmentBuilder &b) {
  DeviceLoopOp op = o.op;
  Writer w(b, op.getFuncsAt());
  size_t dims = o.indices.size();
  w << "static void " + o.name("cpu") + "(void *_XMP_buffers[], void *_XMP_cl) {\n" +
           "  const xmp_dev_task_t *_XMP_task = (const xmp_dev_task_t *)_XMP_cl;\n"
           "  const struct " + o.name("args") + " *_XMP_args = (const struct " + o.name("args") +
           " *)_XMP_task->args;\n  (void)_XMP_args;\n";
  w << locals(
      o, [](size_t k) { return "xmp_dev_buffer(_XMP_buffers, _XMP_task, " + std::to_string(k) + ")"; },
      /*kernel=*/false);
  for (size_t k = 0; k < dims; ++k)
    w << "  " + o.indexTypes[k] + " " + o.indices[k] + ";\n";
  // A constant step fixes the direction of the test.
  // A constant step gives the canonical loop (`i < ub + 1; i += c`).
  // (const_step is 0 where the task's step is not the loop's own.)
  auto loopHead = [&](size_t k) {
    const std::string &v = o.indices[k];
    LoopControl control = loopControl(v, o.bound(k, "ub"), o.bound(k, "st"),
                                      op.getConstStep()[k], /*sameStep=*/true);
    return "  for (" + v + " = " + o.bound(k, "lb") + "; " + control.test + "; " +
           control.incr + ")\n";
  };
  auto body = [&]() {
    w << "  {" + privates(o) + "\n" + lineDirective(op.getBodyFile(), op.getBodyLine());
    w.hole(op.getBody(), "cpu");
    w << "\n  }\n";
  };
  for (size_t k = 0; k + 1 < dims; ++k)
    w << loopHead(k);
  size_t in = dims - 1;
  int64_t innerStep = op.getConstStep()[in];
  if (innerStep == 1) {
    // Unit step known: one loop, its bound read once, `omp simd` on request.
    w << "  {\n  const long _XMP_inner_ub = " + o.bound(in, "ub") + ";\n" +
             (op.getLabels() ? std::string() : simdPragma(o.reds)) + "  for (" + o.indices[in] +
             " = " + o.bound(in, "lb") + "; " + o.indices[in] + " < _XMP_inner_ub + 1; ++" +
             o.indices[in] + ")\n";
    body();
    w << "  }\n";
  } else if (op.getLabels() || innerStep != 0) {
    w << loopHead(in);
    body();
  } else {
    // The innermost loop once more for a step of 1, with bounds the compiler
    // sees are invariant: its accesses are then consecutive and the C
    // compiler vectorizes it (Himeno S on one CPU worker: 1.8x). Labels would
    // be defined twice, so a body with one keeps the general loop only.
    const std::string &v = o.indices[in];
    w << "  if (" + o.bound(in, "st") + " == 1) {\n  const long _XMP_inner_ub = " +
             o.bound(in, "ub") + ";\n" + simdPragma(o.reds) + "  for (" + v + " = " +
             o.bound(in, "lb") + "; " + v + " < _XMP_inner_ub + 1; ++" + v + ")\n";
    body();
    w << "  } else\n" + loopHead(in);
    body();
  }
  for (const Reduction &r : o.reds)
    w << "  ((struct " + o.name("red") + " *)_XMP_task->partial)->" + r.field + " = " + r.var +
             ";\n";
  w << "}\n";
}

/// The kernels and their codelet. The innermost loop runs along the grid's x
/// axis, so that neighbouring threads touch neighbouring elements, the middle
/// loop of a 3-D nest along y; each thread walks a run of the outermost loop
/// of a 2-D or 3-D nest (runs and their length: xmp_dev_grid). A nest with a
/// stencil array also gets a tiled kernel, used where all three loops step by
/// 1.
void kernels(const Outline &o, FragmentBuilder &b) {
  DeviceLoopOp op = o.op;
  Writer w(b, op.getKernelsAt());
  size_t dims = o.indices.size();
  std::string inner = std::to_string(dims - 1);
  // The stencil array a tiled kernel keeps in shared memory, or -1.
  int64_t tiled = op.getTileArray() ? static_cast<int64_t>(*op.getTileArray()) : -1;
  bool tile = tiled >= 0;
  w << structs(o);
  // The kernels' common start: signature (`extra` parameters before the
  // reduction blocks) and the task's locals.
  auto kernelStart = [&](const std::string &kernelName, const std::string &attrs,
                         const std::string &extra) {
    std::string k = "template <typename XmpIdx>\n__global__ void " + attrs + kernelName +
                    "(struct " + o.name("args") + " _XMP_args_v, long _XMP_lb0, long _XMP_st0";
    for (size_t d = 0; d < dims; ++d)
      k += ", long _XMP_n" + std::to_string(d);
    k += ", long _XMP_chunk";
    for (size_t d = 0; d < o.arrays.size(); ++d)
      k += ", void *_XMP_b" + std::to_string(d);
    k += extra;
    if (!o.reds.empty())
      k += ", struct " + o.name("red") + " *_XMP_blocks, struct " + o.name("red") +
           " *_XMP_out, unsigned *_XMP_ticket";
    k += ") {\n  const struct " + o.name("args") +
         " *_XMP_args = &_XMP_args_v;\n  (void)_XMP_args;\n  (void)_XMP_st0;\n";
    return k + locals(o, [](size_t d) { return "_XMP_b" + std::to_string(d); }, /*kernel=*/true);
  };
  // One iteration: the indices from the thread's position (times the loops'
  // steps unless `unitSteps`), then the body (its `variant` of accesses).
  auto iteration = [&](StringRef variant, bool unitSteps) {
    std::string it;
    for (size_t k = 0; k < dims; ++k) {
      std::string lb = k == 0 ? "_XMP_lb0" : o.bound(k, "lb");
      std::string st = unitSteps ? "" : " * " + (k == 0 ? "_XMP_st0" : o.bound(k, "st"));
      it += "    " + o.indexTypes[k] + " " + o.indices[k] + " = (" + o.indexTypes[k] + ")(" + lb +
            " + _XMP_t" + std::to_string(k) + st + ");\n";
    }
    w << it + "    do {" + privates(o) + "\n" + lineDirective(op.getBodyFile(), op.getBodyLine());
    w.hole(op.getBody(), variant);
    w << "\n    } while (0);\n";
  };
  // Each block's results into _XMP_blocks; the last block to finish combines
  // them in block order (reproducible) into _XMP_out: no second kernel.
  std::string reduceTail;
  for (const Reduction &r : o.reds)
    reduceTail += "  xmp_dev_block_reduce(" + r.var + ", " + functor(r.kind) +
                  "(), &_XMP_blocks[xmp_dev_block_linear()]." + r.field + ");\n";
  if (!o.reds.empty()) {
    reduceTail += "  if (xmp_dev_last_block(_XMP_ticket)) {\n";
    for (const Reduction &r : o.reds)
      reduceTail += "    xmp_dev_block_reduce(xmp_dev_gather(" + identity(r) + ", " +
                    functor(r.kind) + "(), [&](long _XMP_b) { return xmp_dev_load_fresh(&" +
                    "_XMP_blocks[_XMP_b]." + r.field + "); }), " + functor(r.kind) +
                    "(), &_XMP_out->" + r.field + ");\n";
    reduceTail += "  }\n";
  }

  w << kernelStart(o.name("kernel"), "", "");
  w << "  long _XMP_t" + inner + " = xmp_dev_thread_x();\n";
  std::string inside = "_XMP_t" + inner + " < _XMP_n" + inner;
  if (dims == 3) {
    w << "  long _XMP_t1 = xmp_dev_thread_y();\n";
    inside += " && _XMP_t1 < _XMP_n1";
  }
  w << "  if (" + inside + ") {\n";
  if (dims > 1)
    w << "  long _XMP_first = xmp_dev_outer_run(" + std::to_string(dims) +
             ") * _XMP_chunk;\n"
             "  long _XMP_end = _XMP_first + _XMP_chunk < _XMP_n0 ? _XMP_first + _XMP_chunk "
             ": _XMP_n0;\n"
             "  for (long _XMP_t0 = _XMP_first; _XMP_t0 < _XMP_end; ++_XMP_t0) {\n";
  iteration("", false);
  w << "  }\n";
  if (dims > 1)
    w << "  }\n";
  w << reduceTail + "}\n";

  std::string tileType;
  if (tile) {
    // The plane ring in shared memory: a block covers XMP_DEV_TILE_X x
    // XMP_DEV_TILE_Y points of the inner two loops and walks a run of the
    // outermost one, keeping the stencil array's planes that the iteration
    // reads (outer offsets lo..hi), each with a ring of one point: every
    // element comes from memory about once rather than once per offset that
    // reads it, which left Himeno's generated stencil L2-bound. The plane the
    // next iteration adds is loaded into registers before this one computes
    // and stored after it, so that its loads are in flight with the body's
    // own; the ring holds four planes, so the store needs no barrier of its
    // own.
    const std::string &array = o.arrays[static_cast<size_t>(tiled)];
    tileType = o.elems[static_cast<size_t>(tiled)];
    ArrayRef<int64_t> planes = *op.getTilePlanes();
    std::string lo = std::to_string(planes[0]), hi = std::to_string(planes[1]);
    auto fetch = [&](const std::string &plane) {
      return "xmp_dev_tile_fetch(_XMP_next, " + cnames::arrayAddr(array) + ", " +
             cnames::arrayLayout(array) + ", _XMP_lb0 + " + plane +
             ", _XMP_j0, _XMP_k0, _XMP_tile_lo, _XMP_tile_hi);\n";
    };
    w << kernelStart(o.name("tiled"), "__launch_bounds__(XMP_DEV_BLOCK) ",
                     ", long _XMP_tile_lo, long _XMP_tile_hi, long _XMP_shift");
    w << "  __shared__ " + tileType +
             " _XMP_tile[4][XMP_DEV_TILE_Y + 2][XMP_DEV_TILE_X + 2];\n  " + tileType +
             " _XMP_next[XMP_DEV_TILE_LOADS];\n"
             "  const int _XMP_tx = threadIdx.x, _XMP_ty = threadIdx.y;\n"
             "  const long _XMP_t2 = (long)blockIdx.x * XMP_DEV_TILE_X + _XMP_tx - _XMP_shift;\n"
             "  const long _XMP_t1 = (long)blockIdx.y * XMP_DEV_TILE_Y + _XMP_ty;\n"
             "  const bool _XMP_active = _XMP_t2 >= 0 && _XMP_t2 < _XMP_n2 && _XMP_t1 < _XMP_n1;\n"
             "  const long _XMP_first = (long)blockIdx.z * _XMP_chunk;\n"
             "  const long _XMP_end = _XMP_first + _XMP_chunk < _XMP_n0 ? _XMP_first + _XMP_chunk "
             ": _XMP_n0;\n"
             "  const long _XMP_j0 = " +
             o.bound(1, "lb") +
             " + (long)blockIdx.y * XMP_DEV_TILE_Y - 1;\n"
             "  const long _XMP_k0 = " +
             o.bound(2, "lb") +
             " + (long)blockIdx.x * XMP_DEV_TILE_X - _XMP_shift - 1;\n"
             "  for (long _XMP_p = _XMP_first + (" +
             lo + "); _XMP_p <= _XMP_first + (" + hi + "); ++_XMP_p) {\n    " + fetch("_XMP_p") +
             "    xmp_dev_tile_store(_XMP_tile, _XMP_p, _XMP_next);\n  }\n  __syncthreads();\n"
             "  for (long _XMP_t0 = _XMP_first; _XMP_t0 < _XMP_end; ++_XMP_t0) {\n"
             "    const bool _XMP_more = _XMP_t0 + 1 < _XMP_end;\n"
             "    if (_XMP_more)\n      " +
             fetch("_XMP_t0 + (1 + " + hi + ")") + "    if (_XMP_active) {\n";
    iteration("tile", true);
    w << "    }\n"
         "    if (_XMP_more)\n      xmp_dev_tile_store(_XMP_tile, _XMP_t0 + (1 + " +
             hi + "), _XMP_next);\n    __syncthreads();\n  }\n" + reduceTail + "}\n";
  }

  auto bufferCall = [](size_t k) {
    return "xmp_dev_buffer(_XMP_buffers, _XMP_task, " + std::to_string(k) + ")";
  };
  w << "extern \"C\" void " + o.name("cuda") + "(void *_XMP_buffers[], void *_XMP_cl) {\n" +
           "  const xmp_dev_task_t *_XMP_task = (const xmp_dev_task_t *)_XMP_cl;\n"
           "  const struct " + o.name("args") + " *_XMP_args = (const struct " + o.name("args") +
           " *)_XMP_task->args;\n  (void)_XMP_args;\n";
  for (size_t k = 0; k < dims; ++k)
    w << "  long _XMP_n" + std::to_string(k) + " = xmp_dev_trip_count(" + o.bound(k, "lb") +
             ", " + o.bound(k, "ub") + ", " + o.bound(k, "st") + ");\n";
  std::string n[3] = {"_XMP_n" + inner, dims == 3 ? "_XMP_n1" : "1", "_XMP_n0"};
  std::string empty;
  for (size_t k = 0; k < dims; ++k)
    empty += (k ? " || " : "") + std::string("_XMP_n") + std::to_string(k) + " <= 0";
  w << "  if (" + empty + ") {\n";
  for (const Reduction &r : o.reds)
    w << "    { " + std::string(typeInfo(r.type).c) + " " + r.var + " = " + identity(r) +
             "; ((struct " + o.name("red") + " *)_XMP_task->partial)->" + r.field + " = " +
             r.var + "; }\n";
  w << "    return;\n  }\n";
  // A walk keeps the outer neighbours' rows in the SM's cache and combines a
  // reduction once per thread; a loop that reads only its own rows and
  // reduces nothing gains neither, and runs faster in short walks
  // (xmp_dev_cuda.cuh).
  const char *walk = op.getOwnRows() && o.reds.empty() ? "XMP_DEV_OWN_ROWS_WALK" : "XMP_DEV_MAX_WALK";
  std::string grid = "xmp_dev_grid(" + std::to_string(dims) + ", " + n[0] + ", " + n[1] + ", " +
                     n[2] + ", " + walk + ", \"" + o.name("kernel") + "\")";
  if (tile) {
    const std::string &array = o.arrays[static_cast<size_t>(tiled)];
    w << "  long _XMP_tile_lo = 0, _XMP_tile_hi = 0, _XMP_shift = 0;\n"
         "  const int _XMP_tiled = XMP_DEV_TILE && _XMP_task->st == 1 && " +
             o.bound(1, "st") + " == 1 && " + o.bound(2, "st") +
             " == 1;\n"
             "  if (_XMP_tiled)\n    _XMP_shift = xmp_dev_tile_place(_XMP_buffers, _XMP_task, " +
             std::to_string(tiled) + ", &_XMP_args->" + cnames::deviceLayoutField(array) + ", " +
             o.bound(0, "lb") + ", " + o.bound(1, "lb") + ", " + o.bound(2, "lb") +
             ", &_XMP_tile_lo, &_XMP_tile_hi);\n"
             "  xmp_dev_grid_t _XMP_grid = _XMP_tiled ? xmp_dev_tile_grid(_XMP_n2 + _XMP_shift, "
             "_XMP_n1, _XMP_n0, \"" +
             o.name("tiled") + "\") : " + grid + ";\n";
  } else {
    w << "  xmp_dev_grid_t _XMP_grid = " + grid + ";\n";
  }
  w << "  cudaStream_t _XMP_stream = xmp_dev_cuda_stream();\n";
  // The results go straight into the task's pinned host memory where the GPU
  // can store there, else into the scratch and then copied.
  if (!o.reds.empty())
    w << "  struct " + o.name("red") + " *_XMP_blocks = (struct " + o.name("red") +
             " *)xmp_dev_cuda_scratch((_XMP_grid.count + 1) * sizeof(struct " + o.name("red") +
             "));\n  struct " + o.name("red") + " *_XMP_out = _XMP_task->partial_dev != NULL ? " +
             "(struct " + o.name("red") + " *)_XMP_task->partial_dev : _XMP_blocks + " +
             "_XMP_grid.count;\n  unsigned *_XMP_ticket = xmp_dev_cuda_ticket();\n";
  auto launchArgs = [&](bool tiled) {
    std::string a = "(*_XMP_args, _XMP_task->lb, _XMP_task->st";
    for (size_t k = 0; k < dims; ++k)
      a += ", _XMP_n" + std::to_string(k);
    a += ", _XMP_grid.chunk";
    for (size_t k = 0; k < o.arrays.size(); ++k)
      a += ", " + bufferCall(k);
    if (tiled)
      a += ", _XMP_tile_lo, _XMP_tile_hi, _XMP_shift";
    if (!o.reds.empty())
      a += ", _XMP_blocks, _XMP_out, _XMP_ticket";
    return a + ");\n";
  };
  // Both index types of one kernel, 32-bit where every array allows it.
  auto launch = [&](const std::string &kernelName, bool tiled) {
    auto one = [&](const char *index) {
      return kernelName + "<" + index + "><<<_XMP_grid.blocks, _XMP_grid.threads, 0, _XMP_stream>>>" +
             launchArgs(tiled);
    };
    return "if (xmp_dev_fits_int(_XMP_buffers, _XMP_task, " + std::to_string(o.arrays.size()) +
           "))\n    " + one("int") + "  else\n    " + one("long");
  };
  if (tile)
    w << "  if (_XMP_tiled) {\n  " + launch(o.name("tiled"), true) + "  } else {\n  " +
             launch(o.name("kernel"), false) + "  }\n";
  else
    w << "  " + launch(o.name("kernel"), false);
  w << "  xmp_dev_cuda_check(cudaGetLastError(), \"" + o.name("kernel") + "\");\n";
  if (!o.reds.empty())
    w << "  if (_XMP_task->partial_dev == NULL)\n    xmp_dev_cuda_check(cudaMemcpyAsync("
         "_XMP_task->partial, _XMP_out, sizeof(struct " +
             o.name("red") + "), cudaMemcpyDeviceToHost, _XMP_stream), \"" + o.name("kernel") +
             " results\");\n";
  w << "}\n";
}

/// The submission at the directive: this node's bounds, the argument block,
/// the tasks, and the reductions of their results: this node's, then (unless
/// node_local) those of the template's nodes, as after a work-shared loop.
void submission(const Outline &o, FragmentBuilder &b) {
  DeviceLoopOp op = o.op;
  int64_t at = op.getAt(), site = o.site;
  b.where(at, op.getDirective());
  b.text(at, "{");
  b.text(at, "static xmp_dev_loop_t *" + o.name("state") + ";");
  // Lazy: the loop starts from the variables' values, so an earlier
  // execution's results are completed first.
  bool lazy = op.getLazy() && !op.getOnlyIf() && !o.reds.empty();
  if (lazy)
    for (const Reduction &r : o.reds)
      b.call(at, "xmp_dev_reduce_wait", {"&(" + r.var + ")"});
  auto lower = strings(op.getLower()), upper = strings(op.getUpper()), step = strings(op.getStep()),
       offsets = strings(op.getOffsets());
  // Without a template (an OpenACC loop alone), every iteration here.
  std::optional<StringRef> onTmpl = op.getTmpl();
  std::string tmpl = onTmpl ? cnames::templ(*onTmpl) : "";
  size_t tmplRank = 0;
  if (onTmpl)
    if (auto t = dyn_cast_or_null<TemplateOp>(
            SymbolTable::lookupNearestSymbolFrom(op, op.getTmplAttr())))
      tmplRank = t.getLower().size();
  std::string args = o.name("a");
  b.text(at, "struct " + o.name("args") + " " + args + ";");
  for (unsigned k = 0; k < lower.size(); ++k) {
    std::string lb = cnames::loopBound(site, k, "lb"), ub = cnames::loopBound(site, k, "ub"),
                st = cnames::loopBound(site, k, "st");
    b.text(at, "long " + lb + ", " + ub + ", " + st + ";");
    if (onTmpl)
      b.call(at, "xmp_rt_loop_bounds",
             {tmpl, std::to_string(op.getTdims()[k]), "(" + offsets[k] + ")", "(" + lower[k] + ")",
              "(" + upper[k] + ")", "(" + step[k] + ")", "&" + lb, "&" + ub, "&" + st});
    else
      b.call(at, "xmp_rt_loop_bounds_all",
             {"(" + lower[k] + ")", "(" + upper[k] + ")", "(" + step[k] + ")", "&" + lb, "&" + ub,
              "&" + st, b.whereRef()});
    if (k > 0) // the outer dimension's chunk comes with each task
      for (const char *part : {"lb", "ub", "st"})
        b.text(at, args + "." + cnames::deviceBoundField(k, part) + " = " +
                       cnames::loopBound(site, k, part) + ";");
  }
  
  SmallVector<std::string> operands;
  for (size_t k = 0; k < o.arrays.size(); ++k) {
    const std::string &a = o.arrays[k];
    if (o.distributed(k))
      b.text(at, args + "." + cnames::deviceLayoutField(a) + " = " + cnames::arrayLayout(a) + ";");
    bool rw = o.written(k);
    // The rows each iteration accesses, for out-of-core chunks: a written
    // array its own row of dimension 0; a read one where the frontend knows
    // them, of the dimension it says.
    int64_t rows = rw, dim = 0, lo = 0, hi = 0;
    if (std::optional<ArrayRef<int64_t>> reach = op.getReach(); reach && !rw && (*reach)[4 * k]) {
      rows = 1;
      dim = (*reach)[4 * k + 1];
      lo = (*reach)[4 * k + 2];
      hi = (*reach)[4 * k + 3];
    }
    std::string origin = "0", rowElems = std::to_string(op.getRowElems()[k]), layoutAt = "-1";
    if (o.distributed(k)) {
      std::string d = "[" + std::to_string(dim) + "]";
      origin = cnames::arrayLayout(a) + ".base" + d;
      rowElems = cnames::arrayLayout(a) + ".stride" + d;
      layoutAt =
          "(long)offsetof(struct " + o.name("args") + ", " + cnames::deviceLayoutField(a) + ")";
    }
    operands.push_back("{" + cnames::deviceData(op.getReplicas()[k], a) + ", " +
                       (rw ? "XMP_DEV_READWRITE" : "XMP_DEV_READ") + ", " + origin + ", " +
                       rowElems + ", " + std::to_string(rows) + ", " + std::to_string(lo) + ", " +
                       std::to_string(hi) + ", " + std::to_string(dim) + ", " + layoutAt + "}");
  }
  for (size_t k = 0; k < o.scalars.size(); ++k)
    if (o.use(k) != 2) // set in the body first: nothing to pass
      b.text(at, args + "." + cnames::deviceScalarField(o.scalars[k]) + " = " + o.scalars[k] + ";");
  std::string v = "NULL";
  if (!operands.empty()) {
    v = o.name("v");
    b.text(at, "const xmp_dev_arg_t " + v + "[] = {" + llvm::join(operands, ", ") + "};");
  }
  std::string red = "struct " + o.name("red");
  b.text(at, "void *" + o.name("p") + "; int " + o.name("n") + ";");
  SmallVector<std::string> run = {"&" + o.name("state"), o.name("cpu"), o.name("cuda"),
                                   "&" + args, std::to_string(o.arrays.size()), v,
                                   cnames::loopBound(site, 0, "lb"),
                                   cnames::loopBound(site, 0, "ub"),
                                   cnames::loopBound(site, 0, "st"),
                                   o.reds.empty() ? "0" : "sizeof(" + red + ")",
                                   "&" + o.name("p"), "&" + o.name("n"), b.whereRef()};
  if (std::optional<StringRef> cond = op.getOnlyIf()) {
    // OpenACC's `if`: false runs the nest on this thread, over the host
    // copies (a site of its own, outside the balancer's measurements).
    b.text(at, "static xmp_dev_loop_t *" + o.name("host_state") + ";");
    b.text(at, "if (" + cond->str() + ")");
    b.call(at, "xmp_dev_loop_run", run);
    b.text(at, "else");
    SmallVector<std::string> host = {"&" + o.name("host_state"), o.name("cpu")};
    host.append(run.begin() + 3, run.end());
    b.call(at, "xmp_dev_loop_run_host", host);
  } else if (lazy) {
    // The results reach the variables where the program reads them.
    std::string pending = o.name("pending"), vars = o.name("rv");
    b.call(at, "xmp_dev_loop_run_lazy", run, "int " + pending, "int");
    SmallVector<std::string> entries;
    for (const Reduction &r : o.reds)
      entries.push_back("{&(" + r.var + "), " + cnames::rtType(r.type) + ", " +
                        cnames::rtReduceOp(r.op) + ", offsetof(" + red + ", " + r.field + ")}");
    b.text(at, "const xmp_dev_red_t " + vars + "[] = {" + llvm::join(entries, ", ") + "};");
    bool nodeLocal = op.getNodeLocal() || !onTmpl;
    b.call(at, "xmp_dev_reduce_later",
           {o.name("state"), pending, o.name("p"), o.name("n"), "sizeof(" + red + ")",
            std::to_string(o.reds.size()), vars, nodeLocal ? "NULL" : tmpl,
            nodeLocal ? "NULL"
                      : cnames::templateSpan(tmpl, tmplRank, op.getTdims(), b.whereRef()),
            nodeLocal ? "1" : "0", b.whereRef()});
    b.text(at, "}");
    return;
  } else {
    b.call(at, "xmp_dev_loop_run", run);
  }
  if (!o.reds.empty()) {
    // In task order, so the result does not depend on which task ended first.
    b.text(at, "for (int _XMP_k = 0; _XMP_k < " + o.name("n") + "; ++_XMP_k) {");
    b.text(at, "const " + red + " *_XMP_r = (const " + red + " *)" + o.name("p") + " + _XMP_k;");
    for (const Reduction &r : o.reds)
      b.text(at, r.var + " = " + combine(r.kind, r.var, "_XMP_r->" + r.field) + ";");
    b.text(at, "}");
    if (!op.getNodeLocal())
      for (const Reduction &r : o.reds)
        b.call(at, "xmp_rt_reduce",
               {"&(" + r.var + ")", "1", cnames::rtType(r.type), cnames::rtReduceOp(r.op), tmpl,
                cnames::templateSpan(tmpl, tmplRank, op.getTdims(), b.whereRef()),
                b.whereRef()});
  }
  b.text(at, "}");
}

/// A statement that reads (or first assigns) lazy reductions' variables.
void lowerReductionMark(ReductionMarkOp op, FragmentBuilder &b) {
  for (const std::string &var : strings(op.getVars()))
    b.call(op.getAt(), op.getForget() ? "xmp_dev_reduce_forget" : "xmp_dev_reduce_wait",
           {"&(" + var + ")"});
}

void lowerDeviceLoop(DeviceLoopOp op, FragmentBuilder &b) {
  Outline o(op);
  submission(o, b);
  // The nest goes, its lines kept: indices declared before it, and scalars only
  // the body uses, are used there no more (-Wall would call them unused).
  std::string uses;
  for (const std::string &name : strings(op.getUnused()))
    uses += "(void)" + name + "; ";
  b.text(op.getNestAt(), uses);
  b.text(op.getDeclsAt(), structs(o) + "static void " + o.name("cpu") + "(void *[], void *);\n" +
                              "#ifdef XMP_GPU_CUDA\nvoid " + o.name("cuda") +
                              "(void *[], void *);\n#else\n#define " + o.name("cuda") +
                              " ((xmp_dev_func_t)0)\n#endif\n");
  cpuFunction(o, b);
  kernels(o, b);
}

} // namespace

void xmp::lowering::populateDeviceLoopPatterns(RewritePatternSet &patterns,
                                               LoweringState &state) {
  add<DeviceLoopOp, lowerDeviceLoop>(patterns, state);
  add<ReductionMarkOp, lowerReductionMark>(patterns, state);
}
