#!/usr/bin/env python3
"""Mutation fuzzer for xmpcc's directive parser and checks.

Takes the `#pragma xmp` lines of the C sources under examples/ and test/ as
seeds, mutates them (tokens deleted, duplicated, swapped, replaced; random
punctuation, numbers, identifiers, keywords, clauses inserted; huge and
negative numbers; deep nesting of parentheses and unary operators;
truncation; splicing of two directives; line continuations) and puts each
mutant in a program:

  in place  in the file it came from (or another directive's), in the place
            of that directive, twice, moved to the top or the last line of
            the file, or with the statement after it removed;
  host      in a small host program at file scope, at the top or the end of
            a function, before a for loop, a block, an assignment, a
            declaration or nothing, or as the last line of the file;
  expr      a directive of the host program with a random C expression
            (ExprGen: the host's names, operators, casts, calls, members)
            where it needs an integer.

Each program goes through the xmpcc Clang plugin (the command `xmpcc -v`
prints) with a time limit and is classified:

  crash     a signal, an assertion, 'PLEASE submit a bug report', an exit
            status other than 0 and 1
  hang      no answer within the time limit (twice: the second try waits
            four times as long)
  internal  an 'internal xmpcc error' or an error without file:line:col
  error     a Clang diagnostic `file:line:col: error:` (a clean rejection)
  accepted  translated; the generated C is then compiled by mpicc
            -fsyntax-only with the include directories of the --emit-c
            makefile, and any GCC error is a failure ('gcc', the directive's
            mistake reached GCC; 'gcc-hang' when GCC does not finish).

Mutants are a function of --seed and their number only: a run is repeatable,
whatever --jobs. Failures are written under --out (the program, the command
and its output) and summarised by signature; the exit status is 1 when there
is any. --budget stops starting new mutants after that many seconds.
"""
import argparse
import collections
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PRAGMA_RE = re.compile(r'^(\s*)#\s*pragma\s+xmp\b(.*)$')
TOKEN_RE = re.compile(r'''(\s*)(
    [A-Za-z_]\w*
  | \.?\d(?:[eEpP][+-]|[\w.])*
  | "(?:\\.|[^"\\])*"?
  | '(?:\\.|[^'\\])*'?
  | <<=|>>=|\.\.\.|::|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=
  | \S)''', re.X)

# Mutation vocabulary.
NUMBERS = ['0', '1', '2', '3', '-1', '-2', '16', '100', 'N', 'N-1', 'M', 'n', '0x10', '010',
           '08', '0b11', '1.5', '1e3', '.5', '2.', '1u', '1UL', '1ll', '123abc', '0x', '1e',
           '99999999999999999999999', '9223372036854775807', '9223372036854775808',
           '-9223372036854775808', '2147483647', '2147483648', '-2147483648', '4294967296',
           "'a'", "'\\0'", '"s"', '""', 'L"w"', '1/0', 'N%0', '(1<<62)', '-(N)', '1?2:3',
           'sizeof(int)', '(long)N', 'xmp_num_nodes()', 'abs(-1)', '__LINE__', 'NULL',
           'xmp_desc_of(a) != 0', 'printf("%d", 1)', 'f("s")', '(int *)0', '(size_t *)0 == 0',
           'sizeof(size_t *)', '(struct s *)0', 'sizeof(struct s)', 'N ? 1 : 2']
PUNCT = ['(', ')', '[', ']', '{', '}', ',', ';', ':', '?', '.', '+', '-', '*', '/', '%', '&',
         '|', '^', '~', '!', '<', '>', '=', '@', '$', '#', '`', '\\', '::', '->', '++', '--',
         '<<', '>>', '&&', '||', '==', '!=', '<=', '>=', '+=', '...', '##', ':::', '/**/']
KEYWORDS = ['nodes', 'template', 'distribute', 'align', 'shadow', 'loop', 'on', 'onto', 'with',
            'reduction', 'reflect', 'width', 'async', 'barrier', 'bcast', 'from', 'gmove', 'in',
            'out', 'task', 'tasks', 'array', 'block', 'cyclic', 'gblock', 'expand', 'margin',
            'peel_and_wait', 'periodic', 'unbound', 'orthogonal', 'acc', 'device', 'host',
            'replicate', 'replicate_sync', 'reset_weight', 'wait_async', 'template_fix',
            'reflect_init', 'reflect_do', 'reduce_shadow', 'nocomm', 'nowait', 'max', 'min',
            'firstmax', 'firstmin', 'lastmax', 'lastmin', 'coarray', 'image', 'post', 'wait',
            'BLOCK', 'Loop', 'ON']
C_WORDS = ['int', 'long', 'double', 'sizeof', 'return', 'for', 'if', 'struct', 'void', 'const',
           '_Bool', 'main', 'printf', 'xmp_num_nodes', 'xmp_node_num', 'xmp_desc_of',
           '__LINE__', '__FILE__', 'NULL', 'abs', 'f', 'MPI_COMM_WORLD', 'FILE', 'stdout']
NAMES = ['p', 'q', 't', 't2', 'a', 'b', 'c', 'r', 's', 'x', 'i', 'j', 'k', 'n', 'm', 'N', 'M',
         'w', 'zz', 'undeclared_name', '_XMP_desc_a', 'i1', 'a1', 'v']
CLAUSES = [' reduction(+:s)', ' reduction(max:s)', ' reduction(firstmax:s/i/)', ' async(1)',
           ' async(k)', ' width(1)', ' width(/periodic/1)', ' width(1:0)', ' on p', ' on p(1)',
           ' on p(1:2)', ' on t(:)', ' on t(i)', ' acc', ' device', ' host', ' from p(1)',
           ' from t(0)', ' expand(1)', ' margin(1)', ' peel_and_wait(1, 1)', ' orthogonal',
           ' :: a', ', shadow [1] :: a, b', ' = p(1:2)', ' = *', ' onto p', ' with t(i)',
           ' nocomm', ' nowait', ' in', ' out', ' (a)', ' (i)', ' [i]', ' (*)', ' [*]', '(:)',
           ' (0:N-1)', ' [N]', ' (block)', ' (cyclic(2))', ' (gblock(w))', ' (gblock(*))']
NEST_DEPTHS = [(2, 30), (5, 20), (20, 10), (100, 6), (255, 4), (256, 4), (300, 4), (1000, 4),
               (5000, 2), (100000, 1)]

C_KEYWORDS = {'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double',
              'else', 'enum', 'extern', 'float', 'for', 'goto', 'if', 'inline', 'int', 'long',
              'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static',
              'struct', 'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while',
              'include', 'define', 'pragma', 'xmp'}

# The host program: declarations and directives that are right, and places
# (@SLOT@) where the mutant goes, followed by a statement.
HOST = r"""#include <stdio.h>
#include <xmp.h>
#define N 16
#define M 8
@TOP@
int n = 16, k = 1, w[2] = {8, 8};
struct pt { int x, y; } pt0 = {1, 2}, *ppt = &pt0;
typedef long idx_t;
enum { WIDTH = 1 };
double a[N], b[N], c[M][N], r[N], s, x;
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template t2(0:N-1, 0:M-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute t2(block, *) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp shadow b[1]
#pragma xmp align c[j][i] with t2(i, j)
@FILE@
void f(int m) {
  double v[N];
  @F@
  v[0] = m;
  s = v[0];
  @FEND@
}
int main(void) {
  int i, j;
  @MAIN@
  for (int q = 0; q < 2; q++) {
    @NESTED@
  }
  f(1);
  @MAINEND@
  return 0;
}
@EOF@"""
HOST_NAMES = ['p', 't', 't2', 'a', 'b', 'c', 'r', 's', 'x', 'i', 'j', 'n', 'k', 'w', 'm', 'v',
              'N', 'M', 'f', 'q']
SLOTS = ['TOP', 'FILE', 'F', 'FEND', 'MAIN', 'NESTED', 'MAINEND', 'EOF']
FOLLOW = {
    'none': '',
    'for1': 'for (i = 0; i < N; i++) a[i] = b[i] + i;',
    'fordecl': 'for (int i = 0; i < N; i++) a[i] = i;',
    'for2': 'for (j = 0; j < M; j++)\n    for (i = 0; i < N; i++)\n      c[j][i] = i + j;',
    'forsum': 'for (i = 0; i < N; i++) s += a[i];',
    'forstencil': 'for (i = 1; i < N - 1; i++) a[i] = b[i - 1] + b[i + 1];',
    'stmt': 's = s + 1;',
    'block': '{ s = s + 1; }',
    'section': 'a[0:N] = b[0:N];',
    'element': 's = a[3];',
    'arrayassign': 'a[0:N] = 1.5;',
    'decl': 'double z = 1; s = z;',
    'tasks': '{\n#pragma xmp task on p(1)\n  s = 1;\n}',
    'replicate': '{\n  s = 1;\n}',
}
# Directives that are right in the host, with the statement that follows
# them and where they stand.
HOST_DIRECTIVES = [
    ('nodes q(2)', 'none', 'FILE'), ('template t3(0:N-1)', 'none', 'FILE'),
    ('template t4[N]', 'none', 'FILE'), ('nodes q4[2][2]', 'none', 'FILE'),
    ('align r[i] with t(i)', 'none', 'FILE'), ('template t5(:)', 'none', 'FILE'),
    ('nodes q(2)', 'none', 'MAIN'),
    ('loop on t(i)', 'for1', 'MAIN'), ('loop (i) on t(i) reduction(+:s)', 'forsum', 'MAIN'),
    ('loop (i, j) on t2(i, j)', 'for2', 'MAIN'), ('loop [j][i] on t2[j][i]', 'for2', 'MAIN'),
    ('loop on t(i)', 'fordecl', 'NESTED'), ('loop on t(i) expand(1)', 'forstencil', 'MAIN'),
    ('reflect (b)', 'stmt', 'MAIN'), ('reflect (b) width(1) async(1)', 'stmt', 'MAIN'),
    ('wait_async(1)', 'stmt', 'MAINEND'), ('barrier', 'stmt', 'MAIN'),
    ('barrier on p', 'none', 'MAINEND'), ('bcast (s)', 'stmt', 'MAIN'),
    ('bcast (s, x) from p(1)', 'stmt', 'MAIN'), ('reduction(+:s)', 'stmt', 'MAIN'),
    ('reduction(max:s) on p', 'stmt', 'F'), ('task on p(1)', 'block', 'MAIN'),
    ('task on p(1:1)', 'stmt', 'NESTED'), ('tasks', 'tasks', 'MAIN'),
    ('gmove', 'section', 'MAIN'), ('gmove in', 'element', 'MAIN'),
    ('array on t(:)', 'arrayassign', 'MAIN'), ('array on t[0:N]', 'arrayassign', 'F'),
    ('reflect_init (b) width(1)', 'stmt', 'MAIN'), ('device replicate (a, b)', 'replicate', 'MAIN'),
]
# Directives of the host with a C expression ({E}) made by ExprGen, where the
# directive needs an integer.
EXPR_DIRECTIVES = [
    ('template t9(0:{E})', 'none', 'FILE'), ('template t9({E}:N)', 'none', 'FILE'),
    ('nodes q9({E})', 'none', 'FILE'), ('template t9[{E}]', 'none', 'MAIN'),
    ('task on p({E})', 'block', 'MAIN'), ('task on p(1:{E})', 'stmt', 'F'),
    ('reflect (b) width({E})', 'stmt', 'MAIN'), ('reflect (b) async({E})', 'stmt', 'MAIN'),
    ('wait_async({E})', 'stmt', 'MAIN'), ('bcast (s) from p({E})', 'stmt', 'MAIN'),
    ('array on t(0:{E})', 'arrayassign', 'MAIN'), ('loop on t(i+{E})', 'for1', 'MAIN'),
    ('loop on t(i) expand({E})', 'forstencil', 'MAIN'), ('barrier on p({E})', 'stmt', 'F'),
    ('template t9(0:N-1)\n#pragma xmp distribute t9(cyclic({E})) onto p', 'none', 'FILE'),
    ('reduction(+:s) on p({E}:N)', 'stmt', 'MAIN'),
]


class ExprGen:
    """Random C expressions over the host program's names, most of them integers."""
    INTS = ['0', '1', '2', '7', 'N', 'M', 'n', 'k', 'w[0]', 'w[1]', 'pt0.x', 'ppt->y', 'WIDTH',
            'xmp_num_nodes()', "'a'", '1u', '2L', 'sizeof(int)', 'sizeof n', 'i', 'j', 'm']
    OTHERS = ['s', 'x', '1.5', 'a', 'b', 'c', 'w', 'pt0', 'ppt', 'f', 'p', 't', '&n', '"s"',
              'a[0]', 'c[0]', 'v', 'main', 'NULL', 'stdout', 'q', 'idx_t', 'undeclared']
    BINARY = ['+', '-', '*', '/', '%', '<<', '>>', '<', '>', '<=', '>=', '==', '!=', '&', '|',
              '^', '&&', '||']
    CASTS = ['(int)', '(long)', '(idx_t)', '(unsigned)', '(char)', '(double)', '(idx_t *)',
             '(struct pt *)', '(void)', '(const long)']

    def __init__(self, rng):
        self.rng = rng

    def expr(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.25:
            return rng.choice(self.INTS if rng.random() < 0.85 else self.OTHERS)
        r = rng.random()
        if r < 0.45:
            return '%s %s %s' % (self.expr(depth - 1), rng.choice(self.BINARY),
                                 self.expr(depth - 1))
        if r < 0.55:
            return rng.choice(['-', '+', '!', '~', '*', '&']) + self.expr(depth - 1)
        if r < 0.7:
            return '(%s)' % self.expr(depth - 1)
        if r < 0.78:
            return rng.choice(self.CASTS) + self.expr(depth - 1)
        if r < 0.84:
            return '(%s ? %s : %s)' % (self.expr(depth - 1), self.expr(depth - 1),
                                       self.expr(depth - 1))
        if r < 0.9:
            return 'w[%s]' % self.expr(depth - 1)
        if r < 0.95:
            return rng.choice(['abs', 'xmp_num_nodes', 'f', 'sizeof', 'printf']) + \
                '(%s)' % self.expr(depth - 1)
        return '%s, %s' % (self.expr(depth - 1), self.expr(depth - 1))


KIND_OF = {
    'loop': ['for1', 'fordecl', 'for2', 'forsum', 'forstencil'],
    'gmove': ['section', 'element'], 'array': ['arrayassign', 'section'],
    'task': ['block', 'stmt'], 'tasks': ['tasks'], 'device': ['replicate', 'for2', 'for1'],
}
DECLARATIVE = ('nodes', 'template', 'distribute', 'align', 'shadow')
CRASH_MARKERS = ('PLEASE submit a bug report', 'Assertion', 'LLVM ERROR', 'Stack dump',
                 'Segmentation fault', 'terminate called', 'UNREACHABLE', 'AddressSanitizer')
LOCATED_ERROR = re.compile(r'^[^\s:][^:\n]*:\d+:\d+: (?:fatal )?error: ', re.M)


class Directive:
    def __init__(self, path, first, last, indent, body):
        self.path, self.first, self.last, self.indent, self.body = path, first, last, indent, body

    def word(self):
        m = re.match(r'\s*(\w+)', self.body)
        return m.group(1).lower() if m else ''


def extract(path, text):
    """The directives of a file: their lines (continuations joined) and text after `xmp`."""
    lines = text.split('\n')
    out, i = [], 0
    while i < len(lines):
        m = PRAGMA_RE.match(lines[i])
        if m:
            first, body = i, m.group(2)
            while body.endswith('\\') and i + 1 < len(lines):
                i += 1
                body = body[:-1] + ' ' + lines[i]
            out.append(Directive(path, first, i + 1, m.group(1), body.strip()))
        i += 1
    return out


def identifiers(text):
    """The names a C program declares or uses, C's keywords and comments left out."""
    text = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', ' ', text, flags=re.S)
    words = set(re.findall(r'\b[A-Za-z_]\w*\b', text)) - C_KEYWORDS
    return sorted(w for w in words if not w.startswith('_XMP'))


def tokenize(body):
    return [(m.group(1), m.group(2)) for m in TOKEN_RE.finditer(body)]


def render(tokens):
    return ''.join(ws + t for ws, t in tokens).strip()


class Mutator:
    def __init__(self, rng, seeds, names):
        # names: identifiers of the program the mutant goes into
        self.rng, self.seeds, self.names = rng, seeds, names or NAMES

    def atom(self):
        r = self.rng.random()
        if r < 0.25:
            return self.rng.choice(NUMBERS)
        if r < 0.5:
            return self.rng.choice(PUNCT)
        if r < 0.65:
            return self.rng.choice(KEYWORDS)
        if r < 0.75:
            return self.rng.choice(NAMES)
        if r < 0.9:
            return self.rng.choice(self.names)
        return self.rng.choice(C_WORDS)

    def at(self, n, insert=False):
        """A position; the directive's name (the first token) is mostly left alone."""
        low = 1 if n > 1 and self.rng.random() < 0.9 else 0
        return self.rng.randrange(low, n + 1 if insert else n)

    def nest(self, toks):
        depth = self.rng.choices([d for d, _ in NEST_DEPTHS], [w for _, w in NEST_DEPTHS])[0]
        i = self.at(len(toks), insert=True)
        style = self.rng.random()
        if style < 0.6:  # balanced parentheses around one token
            j = min(len(toks), i + 1)
            return toks[:i] + [(' ', '(' * depth)] + toks[i:j] + [('', ')' * depth)] + toks[j:]
        if style < 0.7:  # brackets, unbalanced
            return toks[:i] + [(' ', self.rng.choice(['(', '[']) * depth)] + toks[i:]
        if style < 0.9:  # unary operators
            op = self.rng.choice(['-', '+', '!', '~', '- ', '-(', '*', '&'])
            text = op * depth + ('' if op != '-(' else '1' + ')' * depth)
            return toks[:i] + [(' ', text)] + toks[i:]
        # a long binary chain
        return toks[:i] + [(' ', '1' + '+1' * depth)] + toks[i:]

    def arith(self, toks):
        """An operand (a number or a name) made another expression."""
        rng = self.rng
        # Numbers, and names in brackets after an operator or a ':' (those of
        # macros, in capitals, anywhere in brackets): expressions, most likely.
        operands, depth = [], 0
        for i, (_, t) in enumerate(toks):
            depth += (t in ('(', '[')) - (t in (')', ']'))
            prev = toks[i - 1][1] if i else ''
            if i and (t[0].isdigit() or (depth > 0 and re.match(r'[A-Za-z_]', t) and (
                    t.isupper() or prev in (':', '+', '-', '*', '/', '%', '(', ',')) and
                    t.lower() not in KEYWORDS)):
                operands.append(i)
        if not operands:
            return toks
        i = rng.choice(operands)
        ws, t = toks[i]
        r = rng.random()
        if r < 0.4:
            t = t + rng.choice([' + 1', ' - 1', '*2', ' / 2', ' % 3', ' + N', '-n', ' << 1',
                                ' & 7', ' | 1', ' ^ 1', ' > 0', ' == 1', ' && 1', '?1:2',
                                ' + ' + rng.choice(self.names)])
        elif r < 0.6:
            t = rng.choice(['(%s)', '-%s', '(-%s)', '+%s', '(long)%s', '(int)(%s)', '!%s',
                            '~%s', '%s[0]', '*%s', '&%s', '%s()', '%s.x', '%s->x', '%s("s")',
                            'sizeof %s', 'sizeof(%s)', '%s++', '%s = 1']) % t
        else:
            t = rng.choice(NUMBERS + self.names)
        toks[i] = (ws, t)
        return toks

    def mutate(self, toks, nops):
        rng = self.rng
        for _ in range(nops):
            n = len(toks)
            op = rng.choices(
                ['delete', 'delete-range', 'duplicate', 'duplicate-range', 'swap', 'swap-any',
                 'insert', 'replace', 'number', 'rename', 'arith', 'truncate', 'nest',
                 'clause', 'splice', 'bracket-style', 'case', 'continuation', 'comment',
                 'empty'],
                [8, 3, 5, 2, 4, 2, 12, 10, 8, 8, 14, 3, 4, 6, 3, 3, 1, 1, 1, 1])[0]
            if op == 'delete' and n:
                del toks[self.at(n)]
            elif op == 'delete-range' and n:
                i = self.at(n)
                del toks[i:i + rng.randint(1, 4)]
            elif op == 'duplicate' and n:
                i = self.at(n)
                toks.insert(i, toks[i])
            elif op == 'duplicate-range' and n:
                i = self.at(n)
                toks[i:i] = toks[i:i + rng.randint(2, 6)]
            elif op == 'swap' and n > 2:
                i = self.at(n - 1)
                toks[i], toks[i + 1] = toks[i + 1], toks[i]
            elif op == 'swap-any' and n > 1:
                i, j = self.at(n), self.at(n)
                toks[i], toks[j] = toks[j], toks[i]
            elif op == 'insert':
                toks.insert(self.at(n, insert=True), (rng.choice(['', ' ']), self.atom()))
            elif op == 'replace' and n:
                toks[self.at(n)] = (' ', self.atom())
            elif op == 'number':
                nums = [i for i, t in enumerate(toks) if t[1][0].isdigit()] or list(range(1, n))
                if nums:
                    i = rng.choice(nums)
                    toks[i] = (toks[i][0], rng.choice(NUMBERS))
            elif op == 'rename':
                ids = [i for i, t in enumerate(toks) if i and re.match(r'[A-Za-z_]', t[1])]
                if ids:
                    i = rng.choice(ids)
                    vocabulary = self.names if rng.random() < 0.7 else NAMES + KEYWORDS
                    toks[i] = (toks[i][0], rng.choice(vocabulary))
            elif op == 'arith':
                toks = self.arith(toks)
            elif op == 'truncate' and n:
                del toks[self.at(n):]
            elif op == 'nest':
                toks = self.nest(toks)
            elif op == 'clause':
                toks.insert(self.at(n, insert=True) if rng.random() < 0.3 else n,
                            ('', rng.choice(CLAUSES)))
            elif op == 'splice':
                other = tokenize(rng.choice(self.seeds).body)
                toks = toks[:rng.randrange(n + 1)] + other[rng.randrange(len(other) + 1):]
            elif op == 'bracket-style':
                swap = {'(': '[', ')': ']', '[': '(', ']': ')'}
                toks = [(ws, swap.get(t, t)) if rng.random() < 0.5 else (ws, t)
                        for ws, t in toks]
            elif op == 'case' and n:
                i = rng.randrange(n)
                toks[i] = (toks[i][0], toks[i][1].upper())
            elif op == 'continuation':
                toks.insert(self.at(n, insert=True), (' ', '\\\n   '))
            elif op == 'comment':
                toks.insert(self.at(n, insert=True),
                            (' ', rng.choice(['/* c */', '//', '/*', '*/', '// end',
                                              '/* "q" */', '/* \\ */', "/* ' */"])))
            elif op == 'empty':
                toks = toks[:1]
        return toks

    def body(self, seed_body):
        toks = tokenize(seed_body)
        if self.rng.random() < 0.35:
            # Only the expressions change: mutants that more often get through
            # to the generated C.
            for _ in range(self.rng.choice([1, 1, 2, 3])):
                toks = self.arith(toks)
            return render(toks)
        nops = self.rng.choices([0, 1, 2, 3, 5], [4, 50, 28, 12, 6])[0]
        return render(self.mutate(toks, nops))


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.tmp = tempfile.mkdtemp(prefix='xmp-fuzz-')
        self.plugin_cmd = self.plugin_command()
        self.gcc_cmd = ['mpicc', '-fsyntax-only', '-fopenmp-simd', '-DXMP_OPENMP_SIMD=1',
                        '-I' + args.runtime_include, '-I' + args.starpu_include]
        self.lock = threading.Lock()
        self.counts = collections.Counter()
        self.signatures = collections.OrderedDict()
        self.done = 0

    def plugin_command(self):
        """The Clang command that xmpcc -v prints, with the source and outputs as holes."""
        probe = os.path.join(self.tmp, 'probe.c')
        with open(probe, 'w') as f:
            f.write('int main(void) { return 0; }\n')
        out = subprocess.run([self.args.xmpcc, '-v', '--emit-c', os.path.join(self.tmp, 'probe'),
                              probe], capture_output=True, text=True, timeout=120)
        for line in out.stderr.splitlines():
            words = shlex.split(line)
            if any(w.startswith('-fplugin=') for w in words):
                words = [w for w in words if not w.startswith('-fplugin-arg-xmp-output=')
                         and not w.startswith('-fplugin-arg-xmp-cuda-output=') and w != probe]
                if self.args.plugin:
                    words = ['-fplugin=' + os.path.abspath(self.args.plugin)
                             if w.startswith('-fplugin=') else w for w in words]
                return words
        sys.exit('fuzz-directives: no plugin command in `xmpcc -v` output:\n' + out.stderr)

    # Running one program.
    def run(self, cmd, timeout):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, errors='replace',
                               timeout=timeout)
            return p.returncode, p.stdout + p.stderr
        except subprocess.TimeoutExpired as e:
            out = e.stdout or b''
            return None, out.decode(errors='replace') if isinstance(out, bytes) else out

    def check(self, source, workdir, include_dir):
        """Classifies one program; returns (class, output, command)."""
        out_c = os.path.join(workdir, 'out.xmp.c')
        cmd = self.plugin_cmd + ['-fplugin-arg-xmp-output=' + out_c,
                                 '-fplugin-arg-xmp-cuda-output=' + out_c[:-1] + 'cu']
        if include_dir:
            cmd += ['-iquote', include_dir]
        cmd.append(source)
        rc, out = self.run(cmd, self.args.timeout)
        if rc is None:
            rc, out = self.run(cmd, self.args.timeout * 4)
            if rc is None:
                return 'hang', out, cmd
        if rc < 0 or rc not in (0, 1) or any(m in out for m in CRASH_MARKERS):
            return 'crash', out, cmd
        if 'internal xmpcc error' in out:
            return 'internal', out, cmd
        if rc == 1:
            return ('error' if LOCATED_ERROR.search(out) else 'internal'), out, cmd
        if not os.path.exists(out_c):
            return 'internal', out + '\n(no translated C written)', cmd
        gcc = self.gcc_cmd + (['-iquote', include_dir] if include_dir else []) + [out_c]
        rc, gout = self.run(gcc, self.args.timeout * 4)
        if rc is None:
            return 'gcc-hang', gout, gcc
        if rc != 0:
            return 'gcc', gout, gcc
        return 'accepted', out, cmd

    def signature(self, cls, out):
        if cls in ('hang', 'gcc-hang'):
            return cls
        lines = out.splitlines()
        if cls == 'crash':
            for l in lines:
                if 'Assertion' in l or 'LLVM ERROR' in l or 'terminate called' in l:
                    return cls + ': ' + re.sub(r'\d+', 'N', l.strip())[:160]
            frames = [l for l in lines if re.match(r'\s*#\d+ ', l) and 'xmp' in l]
            if frames:
                return cls + ': ' + re.sub(r'^\s*#\d+ 0x[0-9a-f]+ ', '', frames[0])[:160]
            return cls + ': ' + (lines[0] if lines else 'no output')[:160]
        for l in lines:
            if 'error' in l:
                msg = re.sub(r'^[^:]*:\d+:\d+: ', '', l.strip())
                return cls + ': ' + re.sub(r"'[^']*'|\u2018[^\u2019]*\u2019|\d+", "_", msg)[:160]
        return cls + ': ' + (lines[0] if lines else 'no output')[:160]

    # Mutants.
    def mutant(self, index):
        """(program text, name of the directory its includes come from, description)."""
        rng = random.Random(self.args.seed * 1000003 + index)
        r = rng.random()
        if self.hosts and r < 0.55:
            return self.in_place(rng)
        if r < 0.75:
            return self.in_host_expr(rng)
        return self.in_host(rng)

    def in_host_expr(self, rng):
        """A host directive with a random expression where it needs an integer."""
        body, follow, slot = rng.choice(EXPR_DIRECTIVES)
        expr = ExprGen(rng).expr(rng.choice([1, 2, 2, 3, 3, 4]))
        directive = '#pragma xmp ' + body.replace('{E}', expr)
        fill = directive + ('\n' + FOLLOW[follow] if FOLLOW[follow] else '')
        program = HOST
        for s in SLOTS:
            program = program.replace('@%s@' % s, fill if s == slot else '')
        return program, None, 'host %s before %s (expression)\n%s' % (slot, follow, directive)

    def in_place(self, rng):
        path = rng.choice(self.hosts)
        text = self.texts[path]
        mut = Mutator(rng, self.seeds, self.names[path])
        lines = text.split('\n')
        own = [d for d in self.by_file[path]]
        d = rng.choice(own)
        seed = d if rng.random() < 0.85 else rng.choice(self.seeds)
        body = mut.body(seed.body)
        line = d.indent + '#pragma xmp ' + body
        ctx = rng.choices(['replace', 'twice', 'top', 'last', 'last-nl', 'no-statement'],
                          [80, 5, 4, 4, 3, 4])[0]
        if ctx == 'replace':
            lines[d.first:d.last] = [line]
        elif ctx == 'twice':
            lines[d.first:d.last] = [line, line]
        elif ctx in ('top', 'last', 'last-nl'):
            del lines[d.first:d.last]
            if ctx == 'top':
                lines.insert(0, line)
            else:
                while lines and not lines[-1].strip():
                    lines.pop()
                lines.append(line + ('\n' if ctx == 'last-nl' else ''))
        else:
            lines[d.first:d.last + 1] = [line]
        desc = '%s:%d (%s of %s:%d)' % (os.path.relpath(path, ROOT), d.first + 1, ctx,
                                        os.path.relpath(seed.path, ROOT), seed.first + 1)
        return '\n'.join(lines), os.path.dirname(path), desc + '\n' + line.strip()

    def in_host(self, rng):
        mut = Mutator(rng, self.seeds, HOST_NAMES)
        if rng.random() < 0.6:
            body, follow, slot = rng.choice(HOST_DIRECTIVES)
            origin = 'host directive'
        else:
            seed = rng.choice(self.seeds)
            body, origin = seed.body, '%s:%d' % (os.path.relpath(seed.path, ROOT), seed.first + 1)
            word = seed.word()
            follow = rng.choice(KIND_OF.get(word, ['stmt', 'none', 'block']))
            slot = 'FILE' if word in DECLARATIVE and rng.random() < 0.5 else 'MAIN'
        if rng.random() < 0.25:
            slot = rng.choice(SLOTS)
        if rng.random() < 0.2:
            follow = rng.choice(sorted(FOLLOW))
        body = mut.body(body)
        if rng.random() < 0.01:
            directive = '_Pragma("xmp %s")' % body.replace('\\', '\\\\').replace('"', '\\"')
        else:
            directive = '#pragma xmp ' + body
        fill = directive + ('\n' + FOLLOW[follow] if FOLLOW[follow] else '')
        if slot == 'EOF' and rng.random() < 0.5:
            fill = directive  # the very last line, no newline after it
        program = HOST
        for s in SLOTS:
            program = program.replace('@%s@' % s, fill if s == slot else '')
        return program, None, 'host %s before %s (%s)\n%s' % (slot, follow, origin, directive)

    # The corpus.
    def load(self):
        self.seeds, self.by_file, self.texts, self.names = [], {}, {}, {}
        for top in ('examples', 'test'):
            for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
                dirnames.sort()
                for name in sorted(filenames):
                    if not name.endswith(('.c', '.h')):
                        continue
                    path = os.path.join(dirpath, name)
                    with open(path, errors='replace') as f:
                        text = f.read()
                    ds = extract(path, text)
                    if not ds:
                        continue
                    self.seeds += ds
                    if name.endswith('.c'):
                        self.by_file[path], self.texts[path] = ds, text
                        self.names[path] = identifiers(text)
        # Host files: those translated and compiled cleanly as they are.
        candidates = sorted(self.by_file)

        def baseline(path):
            work = os.path.join(self.tmp, 'base-%d' % candidates.index(path))
            os.makedirs(work)
            src = os.path.join(work, os.path.basename(path))
            shutil.copy(path, src)
            cls = self.check(src, work, os.path.dirname(path))[0]
            shutil.rmtree(work, ignore_errors=True)
            return path if cls == 'accepted' else None

        with ThreadPoolExecutor(self.args.jobs) as ex:
            self.hosts = [p for p in ex.map(baseline, candidates) if p]
        # The host program's own directives must be right, or the harness is wrong.
        bad = []
        for body, follow, slot in HOST_DIRECTIVES:
            program = HOST
            for s in SLOTS:
                program = program.replace(
                    '@%s@' % s, '#pragma xmp %s\n%s' % (body, FOLLOW[follow]) if s == slot else '')
            work = tempfile.mkdtemp(dir=self.tmp)
            src = os.path.join(work, 'host.c')
            with open(src, 'w') as f:
                f.write(program)
            cls, out, _ = self.check(src, work, None)
            if cls != 'accepted':
                bad.append('%s (%s): %s\n%s' % (body, slot, cls, out))
            shutil.rmtree(work, ignore_errors=True)
        if bad:
            sys.exit('fuzz-directives: host directives not accepted:\n' + '\n'.join(bad))

    def one(self, index):
        if time.monotonic() > self.deadline:
            return
        program, include_dir, desc = self.mutant(index)
        work = os.path.join(self.tmp, 'm%d' % index)
        os.makedirs(work)
        src = os.path.join(work, 'fuzz%d.c' % index)
        with open(src, 'w') as f:
            f.write(program)
        cls, out, cmd = self.check(src, work, include_dir)
        with self.lock:
            self.done += 1
            self.counts[cls] += 1
            if cls not in ('error', 'accepted'):
                sig = self.signature(cls, out)
                first = sig not in self.signatures
                self.signatures.setdefault(sig, []).append(index)
                if first or len(self.signatures[sig]) <= 3:
                    self.save(index, cls, program, out, cmd, desc, sig)
            if self.args.verbose:
                why = re.search(r'error: (.*)', out) if cls == 'error' else None
                print('%6d %-8s %s%s' % (index, cls, desc.replace('\n', ': ')[:300],
                                         ' => ' + why.group(1)[:120] if why else ''), flush=True)
            elif self.done % 500 == 0:
                print('fuzz-directives: %d mutants, %s' % (self.done, self.summary()), flush=True)
        shutil.rmtree(work, ignore_errors=True)

    def save(self, index, cls, program, out, cmd, desc, sig):
        os.makedirs(self.args.out, exist_ok=True)
        base = os.path.join(self.args.out, '%s-%d' % (cls, index))
        with open(base + '.c', 'w') as f:
            f.write(program)
        with open(base + '.txt', 'w') as f:
            f.write('mutant %d of seed %d: %s\nsignature: %s\ncommand: %s\n\n%s' % (
                index, self.args.seed, desc, sig, ' '.join(shlex.quote(c) for c in cmd),
                out[-20000:]))

    def summary(self):
        order = ['accepted', 'error', 'crash', 'hang', 'internal', 'gcc', 'gcc-hang']
        return ', '.join('%s %d' % (c, self.counts[c]) for c in order)

    def main(self):
        start = time.monotonic()
        self.deadline = start + self.args.budget if self.args.budget else float('inf')
        self.load()
        print('fuzz-directives: %d seed directives, %d host files (%.0f s)' % (
            len(self.seeds), len(self.hosts), time.monotonic() - start), flush=True)
        with ThreadPoolExecutor(self.args.jobs) as ex:
            list(ex.map(self.one, range(self.args.first, self.args.first + self.args.count)))
        elapsed = time.monotonic() - start
        print('fuzz-directives: seed %d, %d of %d mutants in %.0f s (%d jobs): %s' % (
            self.args.seed, self.done, self.args.count, elapsed, self.args.jobs, self.summary()))
        if self.done < self.args.count:
            print('fuzz-directives: the time budget (%d s) ran out' % self.args.budget)
        for sig, indices in self.signatures.items():
            print('  %4d x %s (mutant %s)' % (len(indices), sig,
                                              ', '.join(map(str, indices[:5]))))
        if self.signatures:
            print('fuzz-directives: failures written to %s' % self.args.out)
        shutil.rmtree(self.tmp, ignore_errors=True)
        if self.done < self.args.min_count:
            print('fuzz-directives: fewer than %d mutants ran' % self.args.min_count)
            return 1
        return 1 if self.signatures else 0


def main():
    deps = os.environ.get('XMPCC_DEPS', '/opt/xmpcc-deps')
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xmpcc', default=os.path.join(ROOT, 'build', 'bin', 'xmpcc'))
    ap.add_argument('--plugin', help='the plugin to load instead of the one xmpcc names '
                    '(a copy, for a long run while the build changes)')
    ap.add_argument('--count', type=int, default=2000, help='number of mutants')
    ap.add_argument('--first', type=int, default=0, help='number of the first mutant')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--budget', type=float, default=0,
                    help='seconds after which no new mutant starts (0: none)')
    ap.add_argument('--min-count', type=int, default=0,
                    help='fail when fewer mutants ran (the budget ran out)')
    ap.add_argument('--timeout', type=float, default=30, help='seconds per plugin run')
    ap.add_argument('--out', default='fuzz-failures', help='where failures are written')
    ap.add_argument('--runtime-include', default=os.path.join(ROOT, 'runtime', 'include'))
    ap.add_argument('--starpu-include', default=os.path.join(deps, 'starpu', 'include', 'starpu', '1.4'))
    ap.add_argument('-v', '--verbose', action='store_true', help='one line per mutant')
    args = ap.parse_args()
    return Fuzzer(args).main()


if __name__ == '__main__':
    sys.exit(main())
