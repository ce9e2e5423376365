//===- Program.h - directives after semantic analysis ------------*- C++ -*-===//
//
// The checked form of a translation unit's directives: names resolved to
// unique symbols, arrays and loops tied to their declarations and
// statements, bounds and types extracted. MLIR generation and source
// rewriting both read this.
//
//===----------------------------------------------------------------------===//

#ifndef XMP_FRONTEND_PROGRAM_H
#define XMP_FRONTEND_PROGRAM_H

#include "Directive.h"
#include "xmp/Dialect/XMPDialect.h"


#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include <array>
#include <deque>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace xmp::frontend {

/// Bounds of node references (Site::lb, ub) that only the running program
/// knows: the executing node's coordinate (a `*` subscript) and the node
/// array dimension's last index (an open range). Not C expressions.
inline constexpr const char *kNodeCoord = "#coord";
inline constexpr const char *kLastIndex = "#last";

/// A C array whose storage the runtime now owns.
struct DistArray {
  const clang::VarDecl *decl;
  std::string name;
  std::string elemType;
  std::vector<int64_t> extents;
  std::vector<int64_t> tdims; // template dimension per array dimension, -1 collapsed
  int64_t lastMappingSite = -1; // its storage is laid out after this site
  clang::SourceLocation scopeClose; // local arrays: freed before this '}'
  std::set<size_t> cyclicDims;      // aligned with cyclic template dimensions
  std::vector<Width> shadow = {};   // declared shadow widths (none: no shadow)
  bool reflectInit = false;         // a reflect_init of it came before (source order)
  bool exposed = false; // the remote side of a one-sided gmove: gets an MPI window
  bool parameter = false; // a function parameter: lays out the caller's storage
  // Declared `extern` with no definition in this file: another file defines
  // (and lays out) its storage, this one refers to it.
  bool external = false;
  // Declared as a pointer (`int *a`, `double (*a)[n]`): its extents are -1
  // and `a = xmp_malloc(xmp_desc_of(a), n0, ...)` allocates it.
  bool allocatable = false;
  // An automatic variable-length array (`int n = 8; double a[n][n];` in a
  // function): its extents are -1 until its storage is laid out with the
  // sizes as C evaluates them at the declaration: `declaredSizes` (the
  // source's expressions, one per dimension), kept there.
  std::vector<std::string> declaredSizes = {};
  // The elements' arithmetic type, where they have one (the library
  // procedures that compute with them, xmp_matmul, need it).
  std::optional<xmp::ScalarType> scalarType = std::nullopt;
};

/// `a = xmp_malloc(xmp_desc_of(a), sizes...)` (the assignment, `call` set)
/// or `free(a)` (`call` null) of an allocatable distributed array.
struct Allocation {
  const clang::Expr *expr;
  const DistArray *array;
  std::vector<std::string> sizes; // xmp_malloc's extents, C order
  bool release = false;
};

/// One distributed loop of a work-shared nest.
struct LoopDim {
  const clang::ForStmt *stmt;
  std::string var;
  std::string declPrefix; // "int " when the init declares the variable
  std::string type;       // the index variable's C type
  int64_t tdim;
  std::string offset, lower, upper, step;
  bool cyclic = false; // the template dimension is distributed cyclic(w)
  bool ascending = true; // the condition is '<' or '<=' (the index counts up)
  // expand / margin / peel_and_wait: widths below and above the local range
  // (C expressions, "0" when not given) and whether they may cross the
  // loop's global bounds ('/unbound/').
  std::string extendLo = "0", extendHi = "0";
  bool unbound = false;
  // For a canonical header: the step's value where it is an integer constant
  // (0 otherwise); whether this node's local step is the loop's own (every
  // format but cyclic); whether the bounds depend on nothing the nest changes
  // (they are then computed once, before it).
  int64_t constStep = 0;
  bool sameStep = false;
  bool hoist = false;
  const clang::Expr *lowerExpr = nullptr, *upperExpr = nullptr, *stepExpr = nullptr;
};

struct CheckedReduction {
  std::string kind; // as the directive spells it ("+", "max")
  std::vector<std::string> vars;
  std::vector<xmp::ScalarType> types;
  std::vector<std::vector<std::string>> locs; // location variables per variable
  std::vector<int64_t> counts; // per variable: elements of a C array, 0 for a scalar
  std::string on; // symbol of a template or node array, or empty
};

/// One side of a gmove, resolved: a distributed array or a replicated C
/// variable, with the section as C expressions per dimension.
struct Section {
  std::string var, elemType;
  bool distributed = false;
  std::vector<int64_t> extents, scalar;
  std::vector<std::string> lb, len, st;
  // gmove: the extents as C expressions, "-1" where only the runtime knows
  // (a distributed array of run-time size, a pointer's leading extent).
  std::vector<std::string> extentText = {};
};

/// An array of an XMP-dev directive: listed in `device replicate` or
/// `replicate_sync`, or used by a `device loop` body.
struct DeviceArray {
  const clang::VarDecl *decl = nullptr;
  std::string name;
  int64_t replica = -1;            // the site of its `device replicate`
  const DistArray *dist = nullptr; // distributed: storage owned by the runtime
  std::string elemType;            // the scalar element type
  std::string paramDecl;           // plain arrays: "double (*b)[64]"
  std::string paramType;           // plain arrays: "double (*)[64]"
  int64_t rowElems = 1;            // plain arrays: elements per row of dim 0
  bool written = false;            // device loop: assigned in the body
  // device loop: in every access, the subscript of dimension rowDim is the
  // outermost index plus a constant, from reachLo to reachHi (out-of-core
  // chunks load those rows; dimension 0 only for plain arrays).
  bool rows = false;
  int64_t rowDim = 0, reachLo = 0, reachHi = 0;
  // acc data: copied to the device when the region starts / back when it
  // ends; acc update: the direction (copyIn: `device`, else `host`).
  bool copyIn = false, copyOut = false;
};

/// A scalar from outside a device loop body, passed to every task by value.
/// One the body assigns is private to each iteration, starting from its
/// value before the loop (which the loop does not change); one the body
/// assigns before anything reads it (`for (j = 0; ...)`) starts undefined
/// instead and is not passed, so that the host does not read it either.
struct DeviceScalar {
  std::string name, type;
  bool assigned = false;
  bool setFirst = false;
};

/// A device loop's stencil array, which the CUDA kernel reads through shared
/// memory: a distributed array the body only reads, always as
/// x[i + a][j + b][k + c] with i, j, k the nest's three indices in order and
/// constant offsets of -1, 0 or 1 (`offsets`: a, b, c per access).
struct DeviceTile {
  std::string array;
  std::map<const clang::ArraySubscriptExpr *, std::array<int, 3>> offsets;
  std::array<int, 3> lo{}, hi{}; // the smallest and largest offset per loop
};

/// A subscript of an array referenced by an `array` directive's statement:
/// an index as written, or the section's element at the loops' position:
/// `base + pos * step`, pos that of template dimension `n` (Dim) or of
/// local loop `n` (Local).
struct ArraySub {
  enum Kind { Index, Dim, Local } kind = Index;
  std::string first; // the index, or the base
  std::string step = "1";
  int64_t n = 0;
};

/// A piece of an `array` directive's statement: C text, or a reference to an
/// array (a distributed one through its layout).
struct ArrayStmtPiece {
  std::string text;
  std::string var = {};
  const DistArray *dist = nullptr;
  std::vector<ArraySub> subs = {};
  bool isRef() const { return !var.empty(); }
};

/// A reference of an array assignment statement: an element (`element`: its
/// indices in `sec.lb`, as written) or a section.
struct AssignRef {
  const DistArray *dist = nullptr;
  Section sec;
  bool element = false;
};

/// A piece of an array assignment's right-hand side: text, or reference
/// number `ref` (>= 1).
struct AssignPiece {
  std::string text;
  int64_t ref = -1;
};

/// A coarray (XMP 1.4 chapter 4): a file-scope C object of which every
/// image holds one, reached on another image through the runtime object
/// `handle`.
struct Coarray {
  const clang::VarDecl *decl = nullptr;
  std::string name, handle;
  std::string elemType;             // the scalar element type
  std::vector<std::string> coshape; // the codimensions' extents, "*" last
  bool external = false; // declared `extern`: another file registers it
  bool internal = false; // `static`: its file's own, as its runtime object
};

/// One side of a coarray statement or a coindexed element: the coarray (null
/// for this image's own object), the image's cosubscripts, and where the
/// section or element starts with its spans (count, element stride) per
/// dimension as C expressions; none for one element.
struct CoSide {
  const Coarray *coarray = nullptr;
  std::vector<std::string> cosubs;
  std::string first;                          // C address of the first element
  std::vector<std::string> counts, strides;   // strides in bytes
  std::string elemType;
};

struct Site {
  const Directive *dir;
  int64_t id;
  bool fileScope;
  std::string sym;      // nodes / template: the declared symbol
  std::string tmplSym;  // distribute, align, loop
  std::string nodesSym; // distribute
  const DistArray *array = nullptr; // align
  std::vector<int64_t> tdims;       // align
  std::vector<std::string> offsets; // align
  std::vector<LoopDim> loop;        // loop, outermost first
  const clang::ForStmt *nest = nullptr; // loop, device loop: the `for` the directive applies to
  // loop: the distributed arrays its nest reaches through locals declared
  // before it, and whether each local base pointer may be `restrict`.
  std::vector<const DistArray *> nestArrays;
  std::vector<bool> nestRestrict;
  // loop: whether the nest's bounds, strides and offsets may be computed
  // before enclosing loops (see planPrologues), and the outermost such loop
  // (null: before the nest itself).
  bool prologueMovable = false;
  const clang::Stmt *prologueLoop = nullptr;
  // loop: an OpenMP directive written before the `loop` directive whose loop
  // is the nest (`#pragma omp parallel for` then `#pragma xmp loop`): the
  // nest's prologue goes before it.
  const clang::OMPExecutableDirective *openMPBefore = nullptr;
  // loop: C expressions whose lexicographic order is the nest's sequential
  // order, one per loop from the outermost to the innermost distributed one
  // (distributed or not): its index, negated where it counts down.
  std::vector<std::string> iterationOrder;
  std::vector<CheckedReduction> reductions; // loop clauses / reduction
  int64_t postSite = -1; // loop: the site of its reductions
  LoopExtent extent = LoopExtent::None; // loop: expand / margin / peel_and_wait
  std::string barrierOn;
  std::vector<const DistArray *> arrays; // reflect
  std::vector<Width> widths;             // shadow, reflect
  std::string async;                     // reflect, reduce_shadow, gmove, peel_and_wait
  
  std::vector<std::string> exprs;        // wait_async ids, bcast variables
  std::vector<xmp::ScalarType> elemTypes; // reduce_shadow: per array
  std::string onSym;                     // bcast
  std::vector<std::string> root;         // bcast source coordinates
  // bcast on some nodes only: the node array `root` are coordinates in, and
  // whether the root is its position among the task's selection (lb, ub, st)
  // rather than its rank among the executing nodes.
  std::string rootFrom;
  bool rootInSelection = false;
  // Node subsets and task: the selected triplets (0-based, inclusive, C order)
  // of `targetSym`, a node array or (task only) a template.
  std::string targetSym;
  bool targetIsTemplate = false;
  bool subset = false; // nodes: `= p(...)` or `= *`
  bool onSubset = false; // reduction, barrier: `on p(1:2)`, run as a task on it
  std::vector<std::string> lb, ub, st;
  const clang::Stmt *body = nullptr; // task (a block or one statement), tasks
  Section dst, src;                           // gmove
  std::string gmoveMode;                      // gmove: "", "in" or "out"
    // array: the template section in lb/ub/st (template indices, inclusive),
  // cyclic dimensions, the lengths of the local loops over dimensions aligned
  // with none, the statement as pieces.
  std::vector<int64_t> arrayCyclic;
  std::vector<std::string> arrayLocalLengths;
  std::vector<ArrayStmtPiece> arrayPieces;
  // An array assignment statement (no directive): its references (the
  // assigned one first), the assignment operator, the right-hand side as
  // text and references (by number), the element type and whether the
  // right-hand side may read what is written (then computed first).
  std::vector<AssignRef> assignRefs;
  std::vector<AssignPiece> assignRhs;
  std::string assignOp;
  bool assignOverlap = false;
  std::vector<Section> sections; // bcast: per variable (var empty: the whole variable)
  // XMP-dev. replicate: the arrays and the block (`body`); replicate_sync:
  // the arrays; device loop: `loop` dims, the arrays and scalars the body
  // uses, the body of the innermost distributed loop; reset_weight: the
  // weight expression (`exprs`).
  std::vector<DeviceArray> devArrays;
  std::vector<DeviceScalar> devScalars;
  const clang::Stmt *devBody = nullptr;
  // device loop: every array access addresses the iteration's own row (its
  // outermost index appears only as a whole subscript, and in every access),
  // so no iteration reads what another one of the outermost loop reads.
  bool devOwnRowsOnly = false;
  std::optional<DeviceTile> devTile; // device loop: its stencil array, if any
  bool devHasLabels = false; // device loop: the body defines a label
  // device loop: its reductions stop at this node's tasks (OpenACC's rule);
  // false: they combine across the nodes of the loop's template (XMP's).
  bool reduceOnNode = false;
  // device loop: its reductions reach the host when the program reads them
  // (Program::reductionMarks; see planLazyReductions).
  bool devLazy = false;
  // acc enter data: its exit data (null: the region ends with the block,
  // whose '}' is at blockEndOffset).
  const Directive *accExit = nullptr;
  // acc host_data: each use of a use_device array in its block, with the
  // array's index in devArrays (the device address stands there).
  std::vector<std::pair<const clang::DeclRefExpr *, size_t>> hostDataRefs;
  unsigned blockEndOffset = 0;
  bool syncIn = false;
  // Coarrays. coarray: the objects it declares; coindexed element: its side
  // (`coDst` read in an expression, or assigned: `coOp` "=", "+=" ..., with
  // the statement's range and its right-hand side); coarray assignment:
  // both sides, or the value assigned to every element; lock / unlock:
  // `coDst` the lock; post / wait: the node (`onSym`, `root`: coordinates)
  // and the tag (`exprs`).
  std::vector<const Coarray *> coarrays;
  CoSide coDst, coSrc;
  std::string coOp, coValue;
  clang::SourceRange coRef;       // the coindexed reference, selector included
  clang::SourceRange coDesignator; // the reference without its selector
  clang::SourceRange coStatement, coRhs;
};

/// A variable named in an array extent that Clang folded to a constant
/// (`int n = 8; int a[n];` at file scope): the translated C writes its value
/// there, which C compilers need (FileScopeExtents.h).
struct ConstantExtent {
  clang::SourceLocation loc; // the name, in the main file
  std::string value;
};

/// `xmp_desc_of(x)`: the macro invocation and what x is: a distributed
/// array, or the symbol of a template or node array.
struct DescOf {
  clang::CharSourceRange range;
  const DistArray *array = nullptr;
  std::string sym = {};
};

/// A statement that reads lazy reductions' variables (their values are
/// completed before it) or assigns them first (`forget`: pending values are
/// dropped before it).
struct ReductionMark {
  clang::SourceLocation at;
  std::vector<std::string> vars;
  bool forget = false;
};

struct Program {
  std::vector<Site> sites;
  std::vector<ReductionMark> reductionMarks;
  /// Directives the analysis made itself (an atomic subroutine's call on this image's
  /// element), which sites point to.
  std::deque<Directive> synthesized;
  std::vector<DescOf> descOfs;
  /// By canonical declaration: every redeclaration of an array (`extern` in
  /// a header, its definition in the file) finds it.
  struct SameVariable {
    bool operator()(const clang::VarDecl *a, const clang::VarDecl *b) const {
      return a->getCanonicalDecl() < b->getCanonicalDecl();
    }
  };
  std::map<const clang::VarDecl *, DistArray, SameVariable> arrays;
  std::map<const clang::VarDecl *, Coarray, SameVariable> coarrays;
  /// Outermost subscript chains on distributed arrays (`a[i][j]`), in source
  /// order; chains nested in their subscripts are included too.
  std::vector<const clang::ArraySubscriptExpr *> accesses;
  /// The loop site whose nest locals an access uses (outermost nest first).
  std::map<const clang::ArraySubscriptExpr *, int64_t> accessNest;
  /// Checked mode (xmpcc -fxmp-check): every host access of a distributed
  /// array is checked against the node's block and shadow at run time.
  bool checked = false;
  /// Distributed arrays passed whole as call arguments: their local storage.
  std::vector<const clang::DeclRefExpr *> passedArrays;
  std::vector<Allocation> allocations;
  std::vector<ConstantExtent> constantExtents;
  /// The user's main, which the translation wraps by the runtime's start
  /// and end; null when there is none or it calls xmp_init itself (an MPI
  /// program that runs XMP code, as with Omni).
  const clang::FunctionDecl *wrappedMain = nullptr;
  /// Its return statements: each returns through the runtime's end.
  std::vector<const clang::ReturnStmt *> mainReturns;
};

/// The distributed array at the root of a subscript chain, or null.
const DistArray *distributedRoot(const Program &program, const clang::Expr *e,
                                 unsigned *depth = nullptr);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_PROGRAM_H
