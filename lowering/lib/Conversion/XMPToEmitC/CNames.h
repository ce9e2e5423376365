//===- CNames.h - names of the C entities xmpcc generates --------*- C++ -*-===//
//
// The C names of generated variables and of the runtime's enumerators, which
// several lowering patterns must spell alike: here and nowhere else. Private
// to the lowering (the frontend names nothing in C).
//
//===----------------------------------------------------------------------===//

#ifndef XMP_CONVERSION_XMPTOEMITC_CNAMES_H
#define XMP_CONVERSION_XMPTOEMITC_CNAMES_H

#include "xmp/Dialect/XMPDialect.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace xmp::cnames {

/// The runtime's enum xmp_rt_type enumerator of `type` (XMP_RT_DOUBLE).
inline std::string rtType(ScalarType type) {
  return "XMP_RT_" + stringifyScalarType(type).upper();
}
/// The runtime's enum xmp_rt_op enumerator of `kind` (XMP_RT_OP_SUM).
inline std::string rtReduceOp(ReductionKind kind) {
  return "XMP_RT_OP_" +
         (kind == ReductionKind::sub ? std::string("MINUS") : stringifyReductionKind(kind).upper());
}
/// The runtime's enum xmp_rt_dist_kind enumerator of `format`.
inline std::string rtDistKind(DistFormat format) {
  return "XMP_RT_DIST_" + stringifyDistFormat(format).upper();
}


inline std::string nodes(llvm::StringRef symbol) {
  return ("_XMP_nodes_" + symbol).str();
}
inline std::string templ(llvm::StringRef symbol) {
  return ("_XMP_tmpl_" + symbol).str();
}
/// Typed pointer to the local storage of distributed array `array`.
inline std::string arrayAddr(llvm::StringRef array) {
  return ("_XMP_addr_" + array).str();
}
/// The nodes of template object `tmpl` (of `rank` dimensions) that a loop over
/// its dimensions `dims` (C order) spans: "NULL" (all of the template's nodes)
/// when the loop runs over every dimension.
inline std::string templateSpan(llvm::StringRef tmpl, size_t rank, llvm::ArrayRef<int64_t> dims,
                                llvm::StringRef where) {
  unsigned mask = 0;
  for (int64_t d : dims)
    if (d >= 0)
      mask |= 1u << d;
  if (mask == (1u << rank) - 1)
    return "NULL";
  return ("xmp_rt_template_span(" + tmpl + ", " + llvm::Twine(mask) + "u, " + where + ")").str();
}
/// The runtime's descriptor of distributed array `array`.
inline std::string arrayDesc(llvm::StringRef array) {
  return ("_XMP_desc_" + array).str();
}
/// The xmp_rt_layout_t (base and stride per dimension) of `array`.
inline std::string arrayLayout(llvm::StringRef array) {
  return ("_XMP_layout_" + array).str();
}
/// The extents of distributed variable-length array `array`, evaluated where
/// it is declared (`const long _XMP_sizes_a[] = {n, ...}`).
inline std::string arraySizes(llvm::StringRef array) {
  return ("_XMP_sizes_" + array).str();
}
/// Element (i0, i1, ...) (C expressions, global indices) of distributed array
/// `array`, through its layout: addr[(i0 - base[0]) * stride[0] + ...].
inline std::string arrayElement(llvm::StringRef array, llvm::ArrayRef<std::string> subs) {
  std::string layout = arrayLayout(array), offset;
  for (size_t d = 0; d < subs.size(); ++d) {
    std::string term = "((" + subs[d] + ") - " + layout + ".base[" + std::to_string(d) + "])";
    if (d + 1 < subs.size())
      term += " * " + layout + ".stride[" + std::to_string(d) + "]";
    offset += (d ? " + " : "") + term;
  }
  return arrayAddr(array) + "[" + offset + "]";
}
/// Locals of the loop nest at `site` through which it reaches distributed
/// array `array`: the typed base pointer, the stride of dimension `dim` and
/// the offset of global index (0, 0, ...) from the base.
inline std::string nestBase(int64_t site, llvm::StringRef array) {
  return "_XMP_n" + std::to_string(site) + "_" + array.str();
}
inline std::string nestStride(int64_t site, llvm::StringRef array, unsigned dim) {
  return nestBase(site, array) + "_s" + std::to_string(dim);
}
inline std::string nestOffset(int64_t site, llvm::StringRef array) {
  return nestBase(site, array) + "_o";
}
/// `a = xmp_malloc(xmp_desc_of(a), sizes...)` of distributed array `array`
/// with elements of `elemType`: allocation, layout and typed address.
inline std::string arrayMalloc(llvm::StringRef array, llvm::StringRef elemType,
                               llvm::ArrayRef<std::string> sizes) {
  std::string extents;
  for (const std::string &s : sizes)
    extents += (extents.empty() ? "(" : ", (") + s + ")";
  return "(xmp_rt_array_malloc(" + arrayDesc(array) + ", (const long[]){" + extents +
         "}, &" + arrayLayout(array) + ", NULL), " + arrayAddr(array) + " = (" +
         elemType.str() + " *)" + arrayLayout(array) + ".addr)";
}
/// Index variable of template dimension `dim` in the loops of the `array`
/// directive at `site`.
inline std::string arrayIndex(int64_t site, unsigned dim) {
  return "_XMP_arr" + std::to_string(site) + "_" + std::to_string(dim);
}
/// A variable of the loops of the array assignment statement (no directive)
/// at `site`: "i0", "n0" (dimension counters and lengths), "b1_0" (base of
/// dimension 0 of the statement's second array reference), ...
inline std::string arrayAssign(int64_t site, llvm::StringRef part) {
  return "_XMP_asg" + std::to_string(site) + "_" + part.str();
}
/// Source location record of a directive site, quoted by runtime errors.
inline std::string where(int64_t site) {
  return "_XMP_where_" + std::to_string(site);
}
/// Local bounds of loop `dim` of the loop directive at `site`:
/// part is "lb", "ub" or "st".
inline std::string loopBound(int64_t site, unsigned dim, llvm::StringRef part) {
  return "_XMP_loop" + std::to_string(site) + "_" + part.str() +
         std::to_string(dim);
}
/// The array the nest's runtime call fills: lb, ub, step of each loop.
inline std::string loopNestBounds(int64_t site) {
  return "_XMP_loop" + std::to_string(site) + "_b";
}
/// The part of an expand / margin / peel_and_wait loop being run: -1 the
/// changed range, 0.. the pieces of the margin.
inline std::string loopPiece(int64_t site) {
  return "_XMP_loop" + std::to_string(site) + "_piece";
}
/// The tracker (xmp_rt_loc_track_t *) of the n-th location reduction of the
/// loop at `site`.
inline std::string locTrack(int64_t site, unsigned n) {
  return "_XMP_loop" + std::to_string(site) + "_loc" + std::to_string(n);
}
/// Whether this node executes the task at `site`.
inline std::string taskMember(int64_t site) {
  return "_XMP_task" + std::to_string(site);
}
/// The section record of one side ("dst", "src") of the gmove at `site`.
inline std::string gmoveSide(int64_t site, llvm::StringRef side) {
  return "_XMP_gmove" + std::to_string(site) + "_" + side.str();
}
/// The xmp_dev_data_t * of array `array` in the `device replicate` at `site`.
inline std::string deviceData(int64_t site, llvm::StringRef array) {
  return "_XMP_dev" + std::to_string(site) + "_" + array.str();
}
/// The kept value of the `if` condition of the `acc update` at `site`.
inline std::string deviceIf(int64_t site) { return "_XMP_if" + std::to_string(site); }
/// The device address of array `array` in the `acc host_data` at `site`.
inline std::string deviceAddress(int64_t site, llvm::StringRef array) {
  return "_XMP_devaddr" + std::to_string(site) + "_" + array.str();
}
/// Generated entities of the device loop at `site`: part is "args" and "red"
/// (struct tags), "cpu", "cuda", "kernel", "finish" (functions), "state",
/// "a" (its argument block), "v", "p", "n" (locals of the submission).
inline std::string deviceLoop(int64_t site, llvm::StringRef part) {
  return "_XMP_dloop" + std::to_string(site) + "_" + part.str();
}
/// Fields of a device loop's argument block: an array's layout, a scalar's
/// value, bounds of inner loop `dim` (part "lb", "ub", "st"), and the
/// reduction results' fields.
inline std::string deviceLayoutField(llvm::StringRef array) {
  return ("L_" + array).str();
}
inline std::string deviceScalarField(llvm::StringRef scalar) {
  return ("s_" + scalar).str();
}
inline std::string deviceBoundField(unsigned dim, llvm::StringRef part) {
  return part.str() + std::to_string(dim);
}
inline std::string deviceReductionField(unsigned k) {
  return "r" + std::to_string(k);
}
/// Per-file function that creates file-scope nodes, templates and arrays.
inline constexpr const char *moduleInit = "_XMP_module_init";

} // namespace xmp::cnames

#endif // XMP_CONVERSION_XMPTOEMITC_CNAMES_H
