//===- DeviceOutline.cpp - device loop bodies as CPU and CUDA code -------===//

#include "DeviceOutline.h"

#include "xmp/Target/CNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <map>

using namespace xmp;
using namespace xmp::frontend;

namespace {

struct ReductionVar {
  std::string kind, var, type, field;
};

/// The C type and the lowest / highest value of a runtime type name.
struct TypeInfo {
  const char *c, *lowest, *highest;
};
TypeInfo typeInfo(const std::string &runtimeType) {
  return llvm::StringSwitch<TypeInfo>(runtimeType)
      .Case("XMP_RT_INT", {"int", "(-__INT_MAX__ - 1)", "__INT_MAX__"})
      .Case("XMP_RT_UINT", {"unsigned int", "0U", "(__INT_MAX__ * 2U + 1U)"})
      .Case("XMP_RT_LONG", {"long", "(-__LONG_MAX__ - 1L)", "__LONG_MAX__"})
      .Case("XMP_RT_ULONG", {"unsigned long", "0UL", "(__LONG_MAX__ * 2UL + 1UL)"})
      .Case("XMP_RT_LLONG", {"long long", "(-__LONG_LONG_MAX__ - 1LL)", "__LONG_LONG_MAX__"})
      .Case("XMP_RT_ULLONG",
            {"unsigned long long", "0ULL", "(__LONG_LONG_MAX__ * 2ULL + 1ULL)"})
      .Case("XMP_RT_FLOAT", {"float", "(-__builtin_huge_valf())", "__builtin_huge_valf()"})
      .Default({"double", "(-__builtin_huge_val())", "__builtin_huge_val()"});
}

/// The value a task's partial result starts from.
std::string identity(const ReductionVar &r) {
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
std::string functor(const std::string &kind) {
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

std::vector<ReductionVar> reductionsOf(const Site &site) {
  std::vector<ReductionVar> out;
  for (const CheckedReduction &r : site.reductions)
    for (size_t k = 0; k < r.vars.size(); ++k)
      out.push_back({r.kind, r.vars[k], r.types[k],
                     cnames::deviceReductionField(static_cast<unsigned>(out.size()))});
  return out;
}

/// Text shared by the CPU function and the kernel: the task's view of the
/// arrays (pointers of `buffer(k)`), scalars and reduction variables.
/// In a kernel (`kernel`), layouts are copied in the kernel's index type
/// XmpIdx (xmp_dev_layout), so that address arithmetic is 32-bit when it can be.
std::string locals(const Site &site, const std::string &args,
                   const std::function<std::string(size_t)> &buffer, bool kernel = false) {
  std::string out;
  for (size_t k = 0; k < site.devArrays.size(); ++k) {
    const DeviceArray &a = site.devArrays[k];
    if (a.dist) {
      // Distinct replicated arrays never overlap (xmp_dev_replicate checks), and the body
      // writes only the arrays marked written: restrict and const let the compilers keep
      // values in registers and use the read-only data path.
      std::string type = (a.written ? "" : "const ") + a.elemType;
      out += "  " + type + " *" + (kernel ? "__restrict__ " : "restrict ") +
             cnames::arrayAddr(a.name) + " = (" + type + " *)" + buffer(k) + ";\n";
      std::string field = args + "->" + cnames::deviceLayoutField(a.name);
      if (kernel)
        out += "  xmp_dev_layout<XmpIdx> " + cnames::arrayLayout(a.name) +
               " = xmp_dev_narrow<XmpIdx>(" + field + ");\n";
      else
        out += "  xmp_rt_layout_t " + cnames::arrayLayout(a.name) + " = " + field + ";\n";
      out += "  (void)" + cnames::arrayLayout(a.name) + ";\n";
    } else {
      out += "  " + a.paramDecl + " = (" + a.paramType + ")" + buffer(k) + ";\n";
    }
  }
  for (const DeviceScalar &s : site.devScalars)
    if (!s.assigned)
      out += "  " + s.type + " " + s.name + " = " + args + "->" +
             cnames::deviceScalarField(s.name) + ";\n";
  for (const ReductionVar &r : reductionsOf(site))
    out += "  " + std::string(typeInfo(r.type).c) + " " + r.var + " = " + identity(r) +
           ";\n";
  return out;
}

/// Per-iteration copies of the scalars the body assigns (undefined where the
/// body sets them before reading them).
std::string privates(const Site &site, const std::string &args) {
  std::string out;
  for (const DeviceScalar &s : site.devScalars)
    if (s.setFirst)
      out += " " + s.type + " " + s.name + ";";
    else if (s.assigned)
      out += " " + s.type + " " + s.name + " = " + args + "->" +
             cnames::deviceScalarField(s.name) + ";";
  return out;
}

/// `omp simd` for a CPU codelet's innermost loop, where the compiler is asked
/// for it (xmpcc passes -fopenmp-simd -DXMP_OPENMP_SIMD=1): a device loop's
/// iterations are independent, as the GPU runs them, so the loop may be
/// vectorized with its reductions, which C compilers otherwise keep in order
/// (Himeno's Gosa: the stencil loop ran 2.1-2.3x as fast on one CPU worker).
std::string simdPragma(const std::vector<ReductionVar> &reds) {
  std::map<std::string, std::vector<std::string>> byOp;
  for (const ReductionVar &r : reds)
    byOp[r.kind == "-" ? "+" : r.kind].push_back(r.var); // partials of '-' add up
  std::string clauses;
  for (const auto &[op, vars] : byOp)
    clauses += " reduction(" + op + ":" + llvm::join(vars, ", ") + ")";
  return "#ifdef XMP_OPENMP_SIMD\n#pragma omp simd" + clauses + "\n#endif\n";
}

std::string lineDirective(const std::string &file, unsigned line) {
  std::string quoted;
  for (char c : file) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    quoted += c;
  }
  return "#line " + std::to_string(line) + " \"" + quoted + "\"\n";
}

/// The kernel of a nest with a stencil array (DeviceTile). A block covers
/// XMP_DEV_TILE_X x XMP_DEV_TILE_Y points of the inner two loops and walks a
/// run of the outermost one, keeping the stencil array's planes that the
/// iteration reads (outer offsets lo..hi), each with a ring of one point, in
/// shared memory: every element comes from memory about once rather than once
/// per offset that reads it, which left Himeno's generated stencil L2-bound.
/// The plane the next iteration adds is loaded into registers before this one
/// computes and stored after it, so that its loads are in flight with the
/// body's own; the ring holds four planes, so the store needs no barrier of its
/// own. `start`: the signature and locals; `iteration`: the body with its
/// indices; lb1, lb2: the inner loops' lower bounds.
std::string tiledKernel(const std::string &start, const std::string &iteration,
                        const std::string &reduceTail, const DeviceTile &tile,
                        const std::string &type, const std::string &lb1,
                        const std::string &lb2) {
  std::string lo = std::to_string(tile.lo[0]), hi = std::to_string(tile.hi[0]);
  auto fetch = [&](const std::string &plane) {
    return "xmp_dev_tile_fetch(_XMP_next, " + cnames::arrayAddr(tile.array) + ", " +
           cnames::arrayLayout(tile.array) + ", _XMP_lb0 + " + plane +
           ", _XMP_j0, _XMP_k0, _XMP_tile_lo, _XMP_tile_hi);\n";
  };
  return start + "  __shared__ " + type +
         " _XMP_tile[4][XMP_DEV_TILE_Y + 2][XMP_DEV_TILE_X + 2];\n  " + type +
         " _XMP_next[XMP_DEV_TILE_LOADS];\n"
         "  const int _XMP_tx = threadIdx.x, _XMP_ty = threadIdx.y;\n"
         "  const long _XMP_t2 = (long)blockIdx.x * XMP_DEV_TILE_X + _XMP_tx - _XMP_shift;\n"
         "  const long _XMP_t1 = (long)blockIdx.y * XMP_DEV_TILE_Y + _XMP_ty;\n"
         "  const bool _XMP_active = _XMP_t2 >= 0 && _XMP_t2 < _XMP_n2 && _XMP_t1 < _XMP_n1;\n"
         "  const long _XMP_first = (long)blockIdx.z * _XMP_chunk;\n"
         "  const long _XMP_end = _XMP_first + _XMP_chunk < _XMP_n0 ? _XMP_first + _XMP_chunk "
         ": _XMP_n0;\n"
         "  const long _XMP_j0 = " + lb1 + " + (long)blockIdx.y * XMP_DEV_TILE_Y - 1;\n"
         "  const long _XMP_k0 = " + lb2 +
         " + (long)blockIdx.x * XMP_DEV_TILE_X - _XMP_shift - 1;\n"
         "  for (long _XMP_p = _XMP_first + (" + lo + "); _XMP_p <= _XMP_first + (" + hi +
         "); ++_XMP_p) {\n    " + fetch("_XMP_p") +
         "    xmp_dev_tile_store(_XMP_tile, _XMP_p, _XMP_next);\n  }\n  __syncthreads();\n"
         "  for (long _XMP_t0 = _XMP_first; _XMP_t0 < _XMP_end; ++_XMP_t0) {\n"
         "    const bool _XMP_more = _XMP_t0 + 1 < _XMP_end;\n"
         "    if (_XMP_more)\n      " + fetch("_XMP_t0 + (1 + " + hi + ")") +
         "    if (_XMP_active) {\n" + iteration + "    }\n"
         "    if (_XMP_more)\n      xmp_dev_tile_store(_XMP_tile, _XMP_t0 + (1 + " + hi +
         "), _XMP_next);\n    __syncthreads();\n  }\n" + reduceTail + "}\n";
}

} // namespace

std::string xmp::frontend::deviceTileElement(const std::array<int, 3> &offset) {
  auto plus = [](int base, int o) { return std::to_string(base + o); };
  return "_XMP_tile[(_XMP_t0 + " + plus(4, offset[0]) + ") & 3][_XMP_ty + " + plus(1, offset[1]) +
         "][_XMP_tx + " + plus(1, offset[2]) + "]";
}

void DeviceOutliner::add(const Site &site, const std::string &body,
                         const std::string &tiledBody, const std::string &file, unsigned line) {
  auto name = [&](llvm::StringRef part) { return cnames::deviceLoop(site.id, part); };
  std::vector<ReductionVar> reds = reductionsOf(site);
  size_t dims = site.loop.size();

  // The argument block and the reduction record, identical in both files.
  std::string args = "struct " + name("args") + " {\n  char unused;\n";
  for (const DeviceArray &a : site.devArrays)
    if (a.dist)
      args += "  xmp_rt_layout_t " + cnames::deviceLayoutField(a.name) + ";\n";
  for (const DeviceScalar &s : site.devScalars)
    if (!s.setFirst)
      args += "  " + s.type + " " + cnames::deviceScalarField(s.name) + ";\n";
  for (size_t k = 1; k < dims; ++k)
    for (const char *part : {"lb", "ub", "st"})
      args += "  long " + cnames::deviceBoundField(k, part) + ";\n";
  args += "};\n";
  if (!reds.empty()) {
    args += "struct " + name("red") + " {\n";
    for (const ReductionVar &r : reds)
      args += "  " + std::string(typeInfo(r.type).c) + " " + r.field + ";\n";
    args += "};\n";
  }
  declarations += args;
  declarations += "static void " + name("cpu") + "(void *[], void *);\n";
  declarations += "#ifdef XMP_GPU_CUDA\nvoid " + name("cuda") + "(void *[], void *);\n" +
                  "#else\n#define " + name("cuda") + " ((xmp_dev_func_t)0)\n#endif\n";

  auto bufferCall = [](size_t k) {
    return "xmp_dev_buffer(_XMP_buffers, _XMP_task, " + std::to_string(k) + ")";
  };
  std::string head = "  const xmp_dev_task_t *_XMP_task = (const xmp_dev_task_t *)_XMP_cl;\n"
                     "  const struct " + name("args") + " *_XMP_args = (const struct " +
                     name("args") + " *)_XMP_task->args;\n  (void)_XMP_args;\n";
  auto bound = [&](size_t k, const char *part) {
    return k == 0 ? std::string("_XMP_task->") + part
                  : "_XMP_args->" + cnames::deviceBoundField(k, part);
  };

  // CPU: the nest itself over the task's chunk.
  std::string cpu = "static void " + name("cpu") + "(void *_XMP_buffers[], void *_XMP_cl) {\n" +
                    head + locals(site, "_XMP_args", bufferCall);
  for (size_t k = 0; k < dims; ++k) {
    const LoopDim &dim = site.loop[k];
    cpu += "  " + dim.type + " " + dim.var + ";\n";
  }
  auto loopHead = [&](size_t k) {
    const std::string &v = site.loop[k].var;
    return "  for (" + v + " = " + bound(k, "lb") + "; " + bound(k, "st") + " > 0 ? " + v +
           " <= " + bound(k, "ub") + " : " + v + " >= " + bound(k, "ub") + "; " + v +
           " += " + bound(k, "st") + ")\n";
  };
  std::string cpuBody =
      "  {" + privates(site, "_XMP_args") + "\n" + lineDirective(file, line) + body + "\n  }\n";
  for (size_t k = 0; k + 1 < dims; ++k)
    cpu += loopHead(k);
  if (site.devHasLabels) {
    cpu += loopHead(dims - 1) + cpuBody;
  } else {
    // The innermost loop once more for a step of 1, with bounds the compiler sees are
    // invariant: its accesses are then consecutive and the C compiler vectorizes it (Himeno S
    // on one CPU worker: 1.8x). Labels would be defined twice, so a body with one keeps the
    // general loop only.
    size_t in = dims - 1;
    const std::string &v = site.loop[in].var;
    cpu += "  if (" + bound(in, "st") +
           " == 1) {\n  const long _XMP_inner_ub = " + bound(in, "ub") + ";\n" + simdPragma(reds) +
           "  for (" + v + " = " + bound(in, "lb") + "; " + v + " <= _XMP_inner_ub; ++" + v +
           ")\n" + cpuBody + "  } else\n" + loopHead(in) + cpuBody;
  }
  for (const ReductionVar &r : reds)
    cpu += "  ((struct " + name("red") + " *)_XMP_task->partial)->" + r.field + " = " +
           r.var + ";\n";
  cpu += "}\n";
  cpuFunctions += cpu;

  // CUDA: the innermost loop along the grid's x axis, so that neighbouring
  // threads touch neighbouring elements, the middle loop of a 3-D nest along
  // y; each thread walks a run of the outermost loop of a 2-D or 3-D nest
  // (runs and their length: xmp_dev_grid). A nest with a stencil array also
  // gets a tiled kernel (tiledKernel), used where all three loops step by 1.
  std::string inner = std::to_string(dims - 1);
  const DeviceTile *tile = site.devTile && !tiledBody.empty() ? &*site.devTile : nullptr;
  // The kernels' common start: signature (`extra` parameters before the
  // reduction blocks) and the task's locals.
  auto kernelStart = [&](const std::string &kernelName, const std::string &attrs,
                         const std::string &extra) {
    std::string k = "template <typename XmpIdx>\n__global__ void " + attrs + kernelName +
                    "(struct " + name("args") + " _XMP_args_v, long _XMP_lb0, long _XMP_st0";
    for (size_t d = 0; d < dims; ++d)
      k += ", long _XMP_n" + std::to_string(d);
    k += ", long _XMP_chunk";
    for (size_t d = 0; d < site.devArrays.size(); ++d)
      k += ", void *_XMP_b" + std::to_string(d);
    k += extra;
    if (!reds.empty())
      k += ", struct " + name("red") + " *_XMP_blocks";
    k += ") {\n  const struct " + name("args") + " *_XMP_args = &_XMP_args_v;\n"
         "  (void)_XMP_args;\n  (void)_XMP_st0;\n";
    return k + locals(
                   site, "_XMP_args", [](size_t d) { return "_XMP_b" + std::to_string(d); },
                   true);
  };
  // One iteration: the indices from the thread's position (times the loops'
  // steps unless `unitSteps`), then the body.
  auto iteration = [&](const std::string &text, bool unitSteps) {
    std::string it;
    for (size_t k = 0; k < dims; ++k) {
      const LoopDim &dim = site.loop[k];
      std::string lb = k == 0 ? "_XMP_lb0" : bound(k, "lb");
      std::string st = unitSteps ? "" : " * " + (k == 0 ? "_XMP_st0" : bound(k, "st"));
      it += "    " + dim.type + " " + dim.var + " = (" + dim.type + ")(" + lb + " + _XMP_t" +
            std::to_string(k) + st + ");\n";
    }
    return it + "    do {" + privates(site, "_XMP_args") + "\n" + lineDirective(file, line) +
           text + "\n    } while (0);\n";
  };
  std::string reduceTail;
  for (const ReductionVar &r : reds)
    reduceTail += "  xmp_dev_block_reduce(" + r.var + ", " + functor(r.kind) +
                  "(), &_XMP_blocks[xmp_dev_block_linear()]." + r.field + ");\n";

  std::string kernel = kernelStart(name("kernel"), "", "");
  kernel += "  long _XMP_t" + inner + " = xmp_dev_thread_x();\n";
  std::string inside = "_XMP_t" + inner + " < _XMP_n" + inner;
  if (dims == 3) {
    kernel += "  long _XMP_t1 = xmp_dev_thread_y();\n";
    inside += " && _XMP_t1 < _XMP_n1";
  }
  kernel += "  if (" + inside + ") {\n";
  if (dims > 1)
    kernel += "  long _XMP_first = xmp_dev_outer_run(" + std::to_string(dims) +
              ") * _XMP_chunk;\n"
              "  long _XMP_end = _XMP_first + _XMP_chunk < _XMP_n0 ? _XMP_first + _XMP_chunk "
              ": _XMP_n0;\n"
              "  for (long _XMP_t0 = _XMP_first; _XMP_t0 < _XMP_end; ++_XMP_t0) {\n";
  kernel += iteration(body, false) + "  }\n";
  if (dims > 1)
    kernel += "  }\n";
  kernel += reduceTail + "}\n";

  size_t tileArg = 0;
  std::string tileType;
  if (tile) {
    for (; site.devArrays[tileArg].name != tile->array; ++tileArg)
      ;
    tileType = site.devArrays[tileArg].elemType;
    kernel += tiledKernel(kernelStart(name("tiled"), "__launch_bounds__(XMP_DEV_BLOCK) ",
                                      ", long _XMP_tile_lo, long _XMP_tile_hi, long _XMP_shift"),
                          iteration(tiledBody, true), reduceTail, *tile, tileType,
                          bound(1, "lb"), bound(2, "lb"));
  }

  std::string cuda = kernel;
  if (!reds.empty()) {
    cuda += "__global__ void " + name("finish") + "(const struct " + name("red") +
            " *_XMP_blocks, long _XMP_nblocks, struct " + name("red") + " *_XMP_out) {\n";
    for (const ReductionVar &r : reds) {
      std::string t = typeInfo(r.type).c;
      cuda += "  {\n    " + t + " _XMP_acc = " + identity(r) + ";\n"
              "    for (long _XMP_b = xmp_dev_thread_x(); _XMP_b < _XMP_nblocks; _XMP_b += "
              "XMP_DEV_FINISH_BLOCK)\n      _XMP_acc = " + functor(r.kind) +
              "()(_XMP_acc, _XMP_blocks[_XMP_b]." + r.field + ");\n"
              "    xmp_dev_block_reduce<XMP_DEV_FINISH_BLOCK>(_XMP_acc, " + functor(r.kind) +
              "(), &_XMP_out->" +
              r.field + ");\n  }\n";
    }
    cuda += "}\n";
  }
  cuda += "extern \"C\" void " + name("cuda") + "(void *_XMP_buffers[], void *_XMP_cl) {\n" + head;
  for (size_t k = 0; k < dims; ++k)
    cuda += "  long _XMP_n" + std::to_string(k) + " = xmp_dev_trip_count(" + bound(k, "lb") +
            ", " + bound(k, "ub") + ", " + bound(k, "st") + ");\n";
  std::string n[3] = {"_XMP_n" + inner, dims == 3 ? "_XMP_n1" : "1", "_XMP_n0"};
  std::string empty;
  for (size_t k = 0; k < dims; ++k)
    empty += (k ? " || " : "") + std::string("_XMP_n") + std::to_string(k) + " <= 0";
  cuda += "  if (" + empty + ") {\n";
  for (const ReductionVar &r : reds) {
    cuda += "    { " + std::string(typeInfo(r.type).c) + " " + r.var + " = " + identity(r) +
            "; ((struct " + name("red") + " *)_XMP_task->partial)->" + r.field + " = " +
            r.var + "; }\n";
  }
  cuda += "    return;\n  }\n";
  // A walk keeps the outer neighbours' rows in the SM's cache and combines a reduction
  // once per thread; a loop that reads only its own rows and reduces nothing gains
  // neither, and runs faster in short walks (xmp_dev_cuda.cuh).
  const char *walk =
      site.devOwnRowsOnly && reds.empty() ? "XMP_DEV_OWN_ROWS_WALK" : "XMP_DEV_MAX_WALK";
  std::string grid = "xmp_dev_grid(" + std::to_string(dims) + ", " + n[0] + ", " + n[1] + ", " +
                     n[2] + ", " + walk + ", \"" + name("kernel") + "\")";
  if (tile) {
    cuda += "  long _XMP_tile_lo = 0, _XMP_tile_hi = 0, _XMP_shift = 0;\n"
            "  const int _XMP_tiled = XMP_DEV_TILE && _XMP_task->st == 1 && " +
            bound(1, "st") + " == 1 && " + bound(2, "st") + " == 1;\n"
            "  if (_XMP_tiled)\n    _XMP_shift = xmp_dev_tile_place(_XMP_buffers, _XMP_task, " +
            std::to_string(tileArg) + ", &_XMP_args->" +
            cnames::deviceLayoutField(tile->array) + ", " + bound(0, "lb") + ", " +
            bound(1, "lb") + ", " + bound(2, "lb") + ", &_XMP_tile_lo, &_XMP_tile_hi);\n"
            "  xmp_dev_grid_t _XMP_grid = _XMP_tiled ? xmp_dev_tile_grid(_XMP_n2 + _XMP_shift, "
            "_XMP_n1, _XMP_n0, \"" + name("tiled") + "\") : " + grid + ";\n";
  } else {
    cuda += "  xmp_dev_grid_t _XMP_grid = " + grid + ";\n";
  }
  cuda += "  cudaStream_t _XMP_stream = xmp_dev_cuda_stream();\n";
  if (!reds.empty()) {
    cuda += "  struct " + name("red") + " *_XMP_blocks = (struct " + name("red") +
            " *)xmp_dev_cuda_scratch((_XMP_grid.count + 1) * sizeof(struct " + name("red") +
            "));\n";
  }
  auto launchArgs = [&](bool tiled) {
    std::string a = "(*_XMP_args, _XMP_task->lb, _XMP_task->st";
    for (size_t k = 0; k < dims; ++k)
      a += ", _XMP_n" + std::to_string(k);
    a += ", _XMP_grid.chunk";
    for (size_t k = 0; k < site.devArrays.size(); ++k)
      a += ", " + bufferCall(k);
    if (tiled)
      a += ", _XMP_tile_lo, _XMP_tile_hi, _XMP_shift";
    if (!reds.empty())
      a += ", _XMP_blocks";
    return a + ");\n";
  };
  // Both index types of one kernel, 32-bit where every array allows it.
  auto launch = [&](const std::string &kernelName, bool tiled) {
    auto one = [&](const char *index) {
      return kernelName + "<" + index +
             "><<<_XMP_grid.blocks, _XMP_grid.threads, 0, _XMP_stream>>>" + launchArgs(tiled);
    };
    return "if (xmp_dev_fits_int(_XMP_buffers, _XMP_task, " +
           std::to_string(site.devArrays.size()) + "))\n    " + one("int") + "  else\n    " +
           one("long");
  };
  if (tile)
    cuda += "  if (_XMP_tiled) {\n  " + launch(name("tiled"), true) + "  } else {\n  " +
            launch(name("kernel"), false) + "  }\n";
  else
    cuda += "  " + launch(name("kernel"), false);
  cuda += "  xmp_dev_cuda_check(cudaGetLastError(), \"" + name("kernel") + "\");\n";
  if (!reds.empty()) {
    cuda += "  " + name("finish") + "<<<1, XMP_DEV_FINISH_BLOCK, 0, _XMP_stream>>>(_XMP_blocks, "
            "_XMP_grid.count, _XMP_blocks + _XMP_grid.count);\n";
    cuda += "  xmp_dev_cuda_check(cudaGetLastError(), \"" + name("finish") + "\");\n";
    cuda += "  xmp_dev_cuda_check(cudaMemcpyAsync(_XMP_task->partial, _XMP_blocks + "
            "_XMP_grid.count, sizeof(struct " + name("red") +
            "), cudaMemcpyDeviceToHost, _XMP_stream), \"" + name("finish") + "\");\n";
  }
  cuda += "}\n";
  cudaFunctions += args + cuda;
}

std::string DeviceOutliner::cDeclarations() const {
  return declarations;
}

std::string DeviceOutliner::cudaSource(const std::string &macros) const {
  return "/* Generated by xmpcc: CUDA kernels of the device loops. */\n"
         "#include <xmp_dev_cuda.cuh>\n" +
         macros + cudaFunctions;
}
