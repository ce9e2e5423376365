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

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace xmp::frontend {

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
};

/// One distributed loop of a work-shared nest.
struct LoopDim {
  const clang::ForStmt *stmt;
  std::string var;
  std::string declPrefix; // "int " when the init declares the variable
  int64_t tdim;
  std::string offset, lower, upper, step;
  bool cyclic = false; // the template dimension is distributed cyclic(w)
};

struct CheckedReduction {
  std::string kind;
  std::vector<std::string> vars, types;
  std::vector<std::vector<std::string>> locs; // location variables per variable
  std::string on; // symbol of a template or node array, or empty
};

/// One side of a gmove, resolved: a distributed array or a replicated C
/// variable, with the section as C expressions per dimension.
struct Section {
  std::string var, elemType;
  bool distributed = false;
  std::vector<int64_t> extents, scalar;
  std::vector<std::string> lb, len, st;
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
  std::vector<CheckedReduction> reductions; // loop clauses / reduction
  int64_t postSite = -1; // loop: the site of its reductions
  std::string barrierOn;
  std::vector<const DistArray *> arrays; // reflect
  std::vector<Width> widths;             // shadow, reflect
  std::string async;                     // reflect
  std::vector<std::string> exprs;        // wait_async ids, bcast variables
  std::string onSym;                     // bcast
  std::vector<std::string> root;         // bcast source coordinates
  // Node subsets and task: the selected triplets (0-based, inclusive, C order)
  // of `targetSym`, a node array or (task only) a template.
  std::string targetSym;
  bool targetIsTemplate = false;
  bool subset = false; // nodes: `= p(...)` or `= *`
  bool onSubset = false; // reduction, barrier: `on p(1:2)`, run as a task on it
  std::vector<std::string> lb, ub, st;
  const clang::CompoundStmt *body = nullptr; // task, tasks
  Section dst, src;                           // gmove
};

struct Program {
  std::vector<Site> sites;
  std::map<const clang::VarDecl *, DistArray> arrays;
  /// Outermost subscript chains on distributed arrays (`a[i][j]`), in source
  /// order; chains nested in their subscripts are included too.
  std::vector<const clang::ArraySubscriptExpr *> accesses;
};

/// The distributed array at the root of a subscript chain, or null.
const DistArray *distributedRoot(const Program &program, const clang::Expr *e,
                                 unsigned *depth = nullptr);

} // namespace xmp::frontend

#endif // XMP_FRONTEND_PROGRAM_H
