//===- Array.cpp - array assignments: `array on t(...)` and statements ----===//
//
// An array assignment (XMP/C's array section notation) becomes loops over
// the section's shape. With the `array` directive, the loops run over this
// node's part of a template section (as a `loop` does, canonical where the
// step is a constant) and reach distributed arrays through locals declared
// once before them; an assignment statement without the directive loops over
// the assigned section, every base, step and length evaluated once first.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "CNames.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace xmp;
using namespace xmp::lowering;

namespace {

/// `var[s0][s1]...`, or through the global layout for a distributed array.
std::string plainElement(StringRef var, ArrayRef<std::string> subs) {
  std::string out = var.str();
  for (const std::string &s : subs)
    out += "[" + s + "]";
  return out;
}

std::optional<int64_t> literal(StringRef text) {
  int64_t v;
  if (text.trim().getAsInteger(0, v))
    return std::nullopt;
  return v;
}

void lowerArray(ArrayOp op, FragmentBuilder &b) {
  int64_t site = op.getSite(), at = op.getAt();
  auto lower = strings(op.getLower()), upper = strings(op.getUpper()),
       step = strings(op.getStep()), lengths = strings(op.getLocalLengths());
  size_t rank = lower.size();
  std::string tmpl = cnames::templ(op.getTmpl());
  auto index = [&](size_t d) { return cnames::arrayIndex(site, static_cast<unsigned>(d)); };
  auto local = [&](size_t l) { return cnames::arrayIndex(site, static_cast<unsigned>(rank + l)); };
  b.text(at, "{");
  // The distributed arrays the statement names, through locals.
  SmallVector<StringRef> declared;
  for (Attribute piece : op.getBody())
    if (auto ref = dyn_cast<DictionaryAttr>(piece))
      if (auto sym = ref.getAs<FlatSymbolRefAttr>("array")) {
        DistArrayOp array = distArrayOf(op, sym);
        if (!llvm::is_contained(declared, array.getName())) {
          declared.push_back(array.getName());
          declareNestLocals(b, at, array, /*restrict=*/false);
        }
      }
  std::string close;
  for (size_t d = 0; d < rank; ++d) {
    std::string lb = cnames::loopBound(site, d, "lb"), ub = cnames::loopBound(site, d, "ub"),
                st = cnames::loopBound(site, d, "st");
    b.text(at, "long " + lb + ", " + ub + ", " + st + ";");
    std::vector<std::string> args = {tmpl,
                                     std::to_string(d),
                                     "(0)",
                                     "(" + lower[d] + ")",
                                     "(" + upper[d] + ")",
                                     "(" + step[d] + ")"};
    bool cyclic = op.getCyclic()[d] != 0;
    if (cyclic) {
      std::string blocks = cnames::loopBound(site, d, "nb"), block = cnames::loopBound(site, d, "b");
      b.call(at, "xmp_rt_loop_block_count", args, "long " + blocks, "long");
      b.text(at, "for (long " + block + " = 0; " + block + " < " + blocks + "; ++" + block +
                     ") {");
      args.insert(args.end(), {block, "&" + lb, "&" + ub, "&" + st});
      b.call(at, "xmp_rt_loop_block", args);
    } else {
      args.insert(args.end(), {"&" + lb, "&" + ub, "&" + st});
      b.call(at, "xmp_rt_loop_bounds", args);
    }
    // A constant step fixes the direction (the local step has its sign).
    std::string v = index(d), test = st + " > 0 ? " + v + " <= " + ub + " : " + v + " >= " + ub;
    if (auto c = literal(step[d]); c && *c != 0)
      test = *c > 0 ? v + " < " + ub + " + 1" : v + " > " + ub + " - 1";
    b.text(at, "for (long " + v + " = " + lb + "; " + test + "; " + v + " += " + st + ") {");
    close = "}" + std::string(cyclic ? "}" : "") + close;
  }
  for (size_t l = 0; l < lengths.size(); ++l)
    b.text(at, "for (long " + local(l) + " = 0; " + local(l) + " < (" + lengths[l] + "); ++" +
                   local(l) + ") {");
  std::string body;
  for (Attribute piece : op.getBody()) {
    if (auto text = dyn_cast<StringAttr>(piece)) {
      body += text.getValue().str() + " ";
      continue;
    }
    auto ref = cast<DictionaryAttr>(piece);
    SmallVector<std::string> subs;
    for (Attribute a : ref.getAs<ArrayAttr>("subs")) {
      auto sub = cast<DictionaryAttr>(a);
      if (auto i = sub.getAs<StringAttr>("index")) {
        subs.push_back(i.getValue().str());
        continue;
      }
      // The section's element at the loop's position.
      std::string pos;
      if (auto d = sub.getAs<IntegerAttr>("dim")) {
        size_t td = static_cast<size_t>(d.getInt());
        pos = "((" + index(td) + ") - (" + lower[td] + ")) / (" + step[td] + ")";
      } else {
        pos = local(static_cast<size_t>(sub.getAs<IntegerAttr>("local").getInt()));
      }
      subs.push_back("(" + sub.getAs<StringAttr>("base").getValue().str() + ") + " + pos +
                     " * (" + sub.getAs<StringAttr>("step").getValue().str() + ")");
    }
    if (auto sym = ref.getAs<FlatSymbolRefAttr>("array"))
      body += nestElement(site, arrayName(op, sym), subs) + " ";
    else
      body += plainElement(ref.getAs<StringAttr>("var").getValue(), subs) + " ";
  }
  b.text(at, body + std::string(lengths.size(), '}') + close + "}");
}

/// An array assignment statement without the directive.
void lowerArrayAssign(ArrayAssignOp op, FragmentBuilder &b) {
  int64_t site = op.getSite();
  auto name = [&](const std::string &part) { return cnames::arrayAssign(site, part); };
  SmallVector<DictionaryAttr> refs;
  for (Attribute a : op.getRefs())
    refs.push_back(cast<DictionaryAttr>(a));
  // Bases, steps and indices (and the assigned section's lengths) once.
  std::string prologue;
  size_t rank = 0;
  for (auto [p, ref] : llvm::enumerate(refs)) {
    if (ref.get("element"))
      continue;
    auto lb = strings(ref.getAs<ArrayAttr>("lb")), len = strings(ref.getAs<ArrayAttr>("len")),
         st = strings(ref.getAs<ArrayAttr>("st"));
    ArrayRef<int64_t> scalar = ref.getAs<DenseI64ArrayAttr>("scalar").asArrayRef();
    size_t k = 0;
    for (size_t dim = 0; dim < lb.size(); ++dim) {
      std::string suffix = std::to_string(p) + "_" + std::to_string(dim);
      prologue += "const long " + name("b" + suffix) + " = " + lb[dim] + "; ";
      if (scalar[dim])
        continue;
      prologue += "const long " + name("s" + suffix) + " = " + st[dim] + "; ";
      if (p == 0)
        prologue += "const long " + name("n" + std::to_string(k)) + " = " + len[dim] + "; ";
      ++k;
    }
    if (p == 0)
      rank = k;
  }
  // The element of reference p at the loops' position.
  auto element = [&](size_t p) {
    DictionaryAttr ref = refs[p];
    SmallVector<std::string> subs;
    auto lb = strings(ref.getAs<ArrayAttr>("lb"));
    if (ref.get("element")) {
      subs = lb;
    } else {
      ArrayRef<int64_t> scalar = ref.getAs<DenseI64ArrayAttr>("scalar").asArrayRef();
      size_t k = 0;
      for (size_t dim = 0; dim < lb.size(); ++dim) {
        std::string suffix = std::to_string(p) + "_" + std::to_string(dim);
        subs.push_back(name("b" + suffix));
        if (!scalar[dim])
          subs.back() += " + " + name("i" + std::to_string(k++)) + " * " + name("s" + suffix);
      }
    }
    StringRef var = ref.getAs<StringAttr>("var").getValue();
    return ref.get("array") ? cnames::arrayElement(var, subs) : plainElement(var, subs);
  };
  std::string lhs = element(0), op_ = op.getOp().str(), rhs;
  for (auto [k, piece] : llvm::enumerate(op.getRhs())) {
    std::string text = isa<StringAttr>(piece)
                           ? cast<StringAttr>(piece).getValue().str()
                           : element(static_cast<size_t>(cast<IntegerAttr>(piece).getInt()));
    rhs += (k ? " " : "") + text;
  }
  rhs = StringRef(rhs).trim().rtrim(';').trim().str();
  std::string counters, open, size;
  for (size_t k = 0; k < rank; ++k) {
    std::string i = name("i" + std::to_string(k)), n = name("n" + std::to_string(k));
    counters += (k ? ", " : "long ") + i;
    open += "for (" + i + " = 0; " + i + " < " + n + "; ++" + i + ") ";
    size += (k ? " * " : "(size_t)") + n;
  }
  std::string body = "{ " + prologue + counters + "; ";
  if (!op.getOverlap()) {
    body += open + lhs + " " + op_ + " " + rhs + "; ";
  } else {
    std::string t = name("t"), c = name("k"), elemType = op.getElemType().str();
    body += elemType + " *" + t + " = (" + elemType + " *)__builtin_malloc(sizeof(" + elemType +
            ") * " + size + "); long " + c + " = 0; ";
    // The values, the assigned elements' own read first for 'op='...
    body += open + "{ " + t + "[" + c + "] = " +
            (op_ == "=" ? "" : lhs + "; " + t + "[" + c + "] " + op_ + " ") + rhs + "; ++" + c +
            "; } ";
    // ... then stored.
    body += c + " = 0; " + open + lhs + " = " + t + "[" + c + "++]; ";
    body += "__builtin_free(" + t + "); ";
  }
  b.text(op.getAt(), body + "}");
}

} // namespace

void xmp::lowering::populateArrayPatterns(RewritePatternSet &patterns, LoweringState &state) {
  add<ArrayOp, lowerArray>(patterns, state);
  add<ArrayAssignOp, lowerArrayAssign>(patterns, state);
}
