//===- SemaExpr.cpp - C expressions written in directives ----------------===//
//
// The directive parser keeps each C expression of a directive as a tree of
// tokens (ExprTree). Here the tree is built again as a Clang expression with
// Sema's own actions, so that Clang reports what a C compiler would (an
// undeclared name, `a * 2` with `a` an array, `s.x` with `s` a double), at
// the directive's tokens. Names are resolved as C would where the directive
// stands: the variables in scope there (SourceIndex), then the declarations
// of the enclosing function and of the file that come before it.
//
//===----------------------------------------------------------------------===//

#include "SemaExpr.h"
#include "DirectiveParser.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/DeclSpec.h"
#include "clang/Sema/EnterExpressionEvaluationContext.h"
#include "clang/Sema/ScopeInfo.h"
#include <set>

using namespace clang;
using namespace xmp::frontend;

namespace {

class ExprChecker {
public:
  ExprChecker(const SourceIndex &index, Sema &sema)
      : index(index), sema(sema), ctx(index.context()), sm(ctx.getSourceManager()),
        diags(sema.getDiagnostics()) {}

  /// Arrays that `align` distributes.
  std::set<const VarDecl *> distributed;

  /// Checks one tree of a directive inside `fn` (null: at file scope).
  void check(const ExprTree &t, const FunctionDecl *fn) {
    tree = &t;
    function = fn;
    unsigned errors = diags.getNumErrors();
    ExprResult e = build(t.nodes.size() - 1);
    if (e.isInvalid() || diags.getNumErrors() != errors)
      return;
    if (e.get()->containsErrors()) {
      error(t.nodes.back().tok.getLocation(), "invalid expression");
      return;
    }
    QualType type = e.get()->getType();
    SourceRange range = e.get()->getSourceRange();
    std::string written = Lexer::getSourceText(CharSourceRange::getTokenRange(at(range.getBegin()),
                                                                              at(range.getEnd())),
                                               sm, ctx.getLangOpts())
                              .str();
    bool integer = t.need == ExprTree::Integer;
    if ((integer && !type->isIntegerType()) ||
        (t.need == ExprTree::Number && !type->isArithmeticType()))
      error(range.getBegin(), "'" + written + "' has type '" + type.getAsString() + "'; " +
                                  (integer ? "an integer" : "a number") + " is needed here");
    if (t.need != ExprTree::Array)
      return;
    // gblock(m): the runtime reads one int block size per node through m.
    QualType elem;
    if (const ArrayType *array = ctx.getAsArrayType(type))
      elem = array->getElementType();
    else if (type->isPointerType())
      elem = type->getPointeeType();
    QualType base = elem.isNull() ? elem : elem.getCanonicalType().getUnqualifiedType();
    if (type->isIntegerType())
      error(range.getBegin(), "'gblock(" + written +
                                  ")' takes an array of block sizes, one int per node ('int "
                                  "m[] = {...}; gblock(m)'), not a number");
    else if (base.isNull() || (!base->isSpecificBuiltinType(BuiltinType::Int) &&
                               !base->isSpecificBuiltinType(BuiltinType::UInt)))
      error(range.getBegin(), "'gblock(" + written +
                                  ")' takes an array of block sizes, one int per node; '" +
                                  written + "' is '" + type.getAsString() + "'");
  }

private:
  void error(SourceLocation loc, const std::string &message) { reportError(diags, loc, message); }

  /// Where `loc` is in the main file.
  SourceLocation at(SourceLocation loc) const { return sm.getExpansionLoc(loc); }

  /// The declaration `name` stands for where it is written; null if none.
  /// `tag`: a struct, union or enum tag.
  NamedDecl *lookup(const Token &name, bool tag = false) {
    IdentifierInfo *id = name.getIdentifierInfo();
    if (!tag)
      if (const SourceIndex::Var *v = index.lookupVar(id->getName(), name.getLocation()))
        return const_cast<VarDecl *>(v->decl);
    auto visible = [&](NamedDecl *d) {
      if (tag != isa<TagDecl>(d))
        return false;
      // The main file's variables are those SourceIndex finds in scope.
      if (isa<VarDecl>(d) && sm.isInMainFile(at(d->getLocation())))
        return false;
      return sm.isBeforeInTranslationUnit(at(d->getLocation()), at(name.getLocation()));
    };
    if (function) {
      // Typedefs, tags and enumerators declared in the function before the name.
      for (Decl *d : function->decls()) {
        auto *named = dyn_cast<NamedDecl>(d);
        if (named && named->getIdentifier() == id && visible(named))
          return named;
        if (auto *e = dyn_cast<EnumDecl>(d); e && !tag)
          for (EnumConstantDecl *c : e->enumerators())
            if (c->getIdentifier() == id && visible(c))
              return c;
      }
    }
    for (NamedDecl *d : ctx.getTranslationUnitDecl()->lookup(DeclarationName(id)))
      if (visible(d))
        return d;
    return nullptr;
  }

  /// The type a cast or sizeof names: specifiers, a typedef or tag name, '*'.
  QualType typeName(const std::vector<Token> &toks) {
    QualType base;
    int longs = 0, sign = 0; // sign: 1 signed, 2 unsigned
    bool complex = false, builtin = false;
    tok::TokenKind kind = tok::unknown;
    size_t i = 0;
    auto bad = [&](const Token &t) {
      error(t.getLocation(), "invalid type name in a directive's expression");
      return QualType();
    };
    for (; i < toks.size() && !toks[i].is(tok::star); ++i) {
      const Token &t = toks[i];
      switch (t.getKind()) {
      case tok::kw_const:
      case tok::kw_volatile:
      case tok::kw_restrict:
        break;
      case tok::kw_long:
        ++longs;
        builtin = true;
        break;
      case tok::kw_signed:
      case tok::kw_unsigned:
        if (sign)
          return bad(t);
        sign = t.is(tok::kw_signed) ? 1 : 2;
        builtin = true;
        break;
      case tok::kw__Complex:
        complex = true;
        break;
      case tok::kw_struct:
      case tok::kw_union:
      case tok::kw_enum: {
        if (!base.isNull() || builtin)
          return bad(t);
        const Token &name = toks[++i];
        NamedDecl *d = lookup(name, /*tag=*/true);
        auto *td = dyn_cast_or_null<TagDecl>(d);
        if (!td) {
          error(name.getLocation(), std::string("unknown type '") +
                                        tok::getKeywordSpelling(t.getKind()) + " " +
                                        name.getIdentifierInfo()->getName().str() + "'");
          return QualType();
        }
        base = ctx.getTypeDeclType(td);
        break;
      }
      case tok::identifier: {
        NamedDecl *d = lookup(t);
        auto *td = dyn_cast_or_null<TypedefNameDecl>(d);
        if (!td) {
          error(t.getLocation(),
                d ? "'" + t.getIdentifierInfo()->getName().str() + "' does not name a type"
                  : "unknown type name '" + t.getIdentifierInfo()->getName().str() + "'");
          return QualType();
        }
        if (!base.isNull() || builtin)
          return bad(t);
        base = ctx.getTypeDeclType(td);
        break;
      }
      default:
        if (kind != tok::unknown)
          return bad(t);
        kind = t.getKind();
        builtin = true;
      }
    }
    if (builtin) {
      if (!base.isNull() || longs > 2)
        return bad(toks.front());
      switch (kind) {
      case tok::unknown:
      case tok::kw_int:
        base = longs == 2   ? (sign == 2 ? ctx.UnsignedLongLongTy : ctx.LongLongTy)
               : longs == 1 ? (sign == 2 ? ctx.UnsignedLongTy : ctx.LongTy)
                            : (sign == 2 ? ctx.UnsignedIntTy : ctx.IntTy);
        break;
      case tok::kw_char:
        base = sign == 2 ? ctx.UnsignedCharTy : sign == 1 ? ctx.SignedCharTy : ctx.CharTy;
        break;
      case tok::kw_short:
        base = sign == 2 ? ctx.UnsignedShortTy : ctx.ShortTy;
        break;
      case tok::kw_double:
        base = longs == 1 ? ctx.LongDoubleTy : ctx.DoubleTy;
        break;
      default:
        if (sign || longs)
          return bad(toks.front());
        base = kind == tok::kw_float ? ctx.FloatTy : kind == tok::kw_void ? ctx.VoidTy : ctx.BoolTy;
      }
      if ((kind == tok::kw_char || kind == tok::kw_short) && longs)
        return bad(toks.front());
      if ((kind == tok::kw_float || kind == tok::kw_double) && sign)
        return bad(toks.front());
    }
    if (base.isNull())
      return bad(toks.front());
    if (complex)
      base = ctx.getComplexType(base);
    for (; i < toks.size(); ++i) {
      if (!toks[i].is(tok::star) &&
          !toks[i].isOneOf(tok::kw_const, tok::kw_volatile, tok::kw_restrict))
        return bad(toks[i]);
      if (toks[i].is(tok::star))
        base = ctx.getPointerType(base);
    }
    return base;
  }

  /// A parenthesized name of a type, `(T)`, where the parser saw an operand.
  const TypedefNameDecl *parenType(unsigned i) {
    const ExprNode &n = tree->nodes[i];
    if (n.kind != ExprNode::Paren || tree->nodes[n.operands[0]].kind != ExprNode::Name)
      return nullptr;
    return dyn_cast_or_null<TypedefNameDecl>(lookup(tree->nodes[n.operands[0]].tok));
  }

  ExprResult cast(const TypedefNameDecl *type, const ExprNode &paren, Expr *operand) {
    return sema.BuildCStyleCastExpr(
        paren.tok.getLocation(),
        ctx.getTrivialTypeSourceInfo(ctx.getTypeDeclType(type), paren.tok.getLocation()),
        paren.close, operand);
  }

  ExprResult build(unsigned i) {
    const ExprNode &n = tree->nodes[i];
    SourceLocation loc = n.tok.getLocation();
    auto operand = [&](unsigned k) { return build(n.operands[k]); };
    switch (n.kind) {
    case ExprNode::Name: {
      NamedDecl *d = lookup(n.tok);
      if (!d) {
        error(loc,
              "use of undeclared identifier '" + n.tok.getIdentifierInfo()->getName().str() + "'");
        return ExprError();
      }
      // main (which starts and ends the runtime) is no bound, width or index.
      if (auto *f = dyn_cast<FunctionDecl>(d); f && f->isMain()) {
        error(loc, "'main' cannot be used in a directive's expression");
        return ExprError();
      }
      // The generated program has no such variable: its storage is the
      // runtime's.
      if (auto *var = dyn_cast<VarDecl>(d); var && distributed.count(var)) {
        error(loc, "distributed array '" + var->getName().str() +
                       "' cannot be used in a directive's expression");
        return ExprError();
      }
      return sema.BuildDeclarationNameExpr(CXXScopeSpec(),
                                           DeclarationNameInfo(d->getDeclName(), loc), d);
    }
    case ExprNode::Number:
      return sema.ActOnNumericConstant(n.tok);
    case ExprNode::Char:
      return sema.ActOnCharacterConstant(n.tok);
    case ExprNode::String:
      return sema.ActOnStringLiteral(n.toks);
    case ExprNode::Paren: {
      ExprResult e = operand(0);
      return e.isInvalid() ? e : sema.ActOnParenExpr(loc, n.close, e.get());
    }
    case ExprNode::Unary: {
      ExprResult e = operand(0);
      return e.isInvalid() ? e : sema.ActOnUnaryOp(nullptr, loc, n.tok.getKind(), e.get());
    }
    case ExprNode::Binary: {
      // `(T) - 1` with T a type is a cast of `-1`.
      if (const TypedefNameDecl *type = parenType(n.operands[0]);
          type && n.tok.isOneOf(tok::plus, tok::minus, tok::star, tok::amp)) {
        ExprResult r = operand(1);
        if (r.isInvalid())
          return r;
        r = sema.ActOnUnaryOp(nullptr, loc, n.tok.getKind(), r.get());
        return r.isInvalid() ? r : cast(type, tree->nodes[n.operands[0]], r.get());
      }
      ExprResult l = operand(0), r = l.isInvalid() ? l : operand(1);
      if (r.isInvalid())
        return r;
      return sema.ActOnBinOp(nullptr, loc, n.tok.getKind(), l.get(), r.get());
    }
    case ExprNode::Conditional: {
      ExprResult c = operand(0);
      ExprResult y = c.isInvalid() ? c : operand(1);
      ExprResult z = y.isInvalid() ? y : operand(2);
      if (z.isInvalid())
        return z;
      return sema.ActOnConditionalOp(loc, n.close, c.get(), y.get(), z.get());
    }
    case ExprNode::Subscript: {
      ExprResult b = operand(0), x = b.isInvalid() ? b : operand(1);
      if (x.isInvalid())
        return x;
      Expr *index = x.get();
      return sema.ActOnArraySubscriptExpr(nullptr, b.get(), loc, index, n.close);
    }
    case ExprNode::Call: {
      // `(T)(x)`: a cast.
      if (const TypedefNameDecl *type = parenType(n.operands[0]); type && n.operands.size() == 2) {
        ExprResult e = operand(1);
        if (e.isInvalid())
          return e;
        e = sema.ActOnParenExpr(loc, n.close, e.get());
        return e.isInvalid() ? e : cast(type, tree->nodes[n.operands[0]], e.get());
      }
      ExprResult callee = operand(0);
      if (callee.isInvalid())
        return callee;
      SmallVector<Expr *> args;
      for (size_t k = 1; k < n.operands.size(); ++k) {
        ExprResult a = operand(k);
        if (a.isInvalid())
          return a;
        args.push_back(a.get());
      }
      return sema.ActOnCallExpr(nullptr, callee.get(), loc, args, n.close);
    }
    case ExprNode::Member: {
      ExprResult b = operand(0);
      if (b.isInvalid())
        return b;
      CXXScopeSpec ss;
      UnqualifiedId member;
      member.setIdentifier(n.toks[0].getIdentifierInfo(), n.toks[0].getLocation());
      return sema.ActOnMemberAccessExpr(nullptr, b.get(), loc, n.tok.getKind(), ss,
                                        SourceLocation(), member, nullptr);
    }
    case ExprNode::Cast: {
      QualType type = typeName(n.toks);
      if (type.isNull())
        return ExprError();
      ExprResult e = operand(0);
      if (e.isInvalid())
        return e;
      return sema.BuildCStyleCastExpr(loc, ctx.getTrivialTypeSourceInfo(type, loc), n.close,
                                      e.get());
    }
    case ExprNode::Sizeof: {
      UnaryExprOrTypeTrait trait = n.tok.is(tok::kw_sizeof) ? UETT_SizeOf : UETT_AlignOf;
      QualType type;
      if (n.operands.empty()) {
        type = typeName(n.toks);
        if (type.isNull())
          return ExprError();
      } else if (const TypedefNameDecl *t = parenType(n.operands[0])) {
        type = ctx.getTypeDeclType(t); // sizeof(T)
      }
      if (!type.isNull())
        return sema.CreateUnaryExprOrTypeTraitExpr(ctx.getTrivialTypeSourceInfo(type, loc), loc,
                                                   trait, SourceRange(loc, n.close));
      ExprResult e = operand(0);
      if (e.isInvalid())
        return e;
      return sema.CreateUnaryExprOrTypeTraitExpr(e.get(), loc, trait);
    }
    }
    return ExprError();
  }

  const SourceIndex &index;
  Sema &sema;
  ASTContext &ctx;
  SourceManager &sm;
  DiagnosticsEngine &diags;
  const ExprTree *tree = nullptr;
  const FunctionDecl *function = nullptr;
};

} // namespace

bool xmp::frontend::checkDirectiveExpressions(const std::vector<Directive> &directives,
                                              const SourceIndex &index, Sema &sema) {
  DiagnosticsEngine &diags = sema.getDiagnostics();
  unsigned errors = diags.getNumErrors();
  // Only errors: a C compiler warns about the generated program itself.
  bool ignoreWarnings = diags.getIgnoreAllWarnings();
  diags.setIgnoreAllWarnings(true);
  bool typoCorrection = sema.DisableTypoCorrection;
  sema.DisableTypoCorrection = true;
  ExprChecker checker(index, sema);
  for (const Directive &d : directives)
    if (d.kind == DirectiveKind::Align)
      if (const SourceIndex::Var *v = index.lookupVar(d.align.array.text, d.align.array.loc))
        checker.distributed.insert(v->decl);
  for (const Directive &d : directives) {
    if (d.exprs.empty())
      continue;
    const FunctionDecl *fn = index.enclosingFunction(d.range.getBegin());
    DeclContext *dc = fn ? const_cast<FunctionDecl *>(fn)
                         : static_cast<DeclContext *>(index.context().getTranslationUnitDecl());
    Sema::ContextRAII context(sema, dc);
    Sema::FunctionScopeRAII scope(sema);
    if (fn)
      sema.PushFunctionScope();
    else
      scope.disable();
    EnterExpressionEvaluationContext unevaluated(sema,
                                                 Sema::ExpressionEvaluationContext::Unevaluated);
    for (const ExprTree &tree : d.exprs)
      checker.check(tree, fn);
  }
  sema.DisableTypoCorrection = typoCorrection;
  diags.setIgnoreAllWarnings(ignoreWarnings);
  return diags.getNumErrors() == errors;
}
