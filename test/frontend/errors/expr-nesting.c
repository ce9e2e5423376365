// A directive's expression may nest 256 levels of parentheses and operators
// (as Clang's -fbracket-depth): 100,000 nested parentheses in an extent made
// GCC crash on the generated C, and a long chain of unary operators or of
// additions overflows the stack of a compiler that recurses on it (the
// directive fuzzer's finds, test/tools/fuzz-directives.py).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "print('#pragma xmp nodes p(*)\n#pragma xmp template t(0:' + '(' * 256 + '9' + ')' * 256 + ')\nint main(void) { return 0; }')" > %t/ok.c
// RUN: %xmpcc -emit-mlir %t/ok.c | FileCheck %s --check-prefix=OK
// OK: xmp.template @t
// RUN: python3 -c "print('#pragma xmp nodes p(*)\n#pragma xmp template t(0:' + '(' * 257 + '9' + ')' * 257 + ')\nint main(void) { return 0; }')" > %t/parens.c
// RUN: not %xmpcc -emit-mlir %t/parens.c 2>&1 | FileCheck %s --check-prefix=PARENS
// PARENS: parens.c:2:282: error: expression nested too deeply: a directive's expression may have 256 levels of parentheses and operators at most
// RUN: python3 -c "print('#pragma xmp nodes p(*)\n#pragma xmp template t(0:' + '(' * 100000 + '9' + ')' * 100000 + ')\nint main(void) { return 0; }')" > %t/deep.c
// RUN: not %xmpcc -emit-mlir %t/deep.c 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: deep.c:2:282: error: expression nested too deeply
// DEEP-NOT: error:
// RUN: python3 -c "print('#pragma xmp nodes p(*)\n#pragma xmp template t(0:' + '- ' * 100000 + '9)\nint main(void) { return 0; }')" > %t/unary.c
// RUN: not %xmpcc -emit-mlir %t/unary.c 2>&1 | FileCheck %s --check-prefix=UNARY
// UNARY: unary.c:2:538: error: expression nested too deeply
// RUN: python3 -c "print('#pragma xmp nodes p(*)\n#pragma xmp template t(0:1' + '+1' * 100000 + ')\nint main(void) { return 0; }')" > %t/sum.c
// RUN: not %xmpcc -emit-mlir %t/sum.c 2>&1 | FileCheck %s --check-prefix=SUM
// SUM: sum.c:2:539: error: expression nested too deeply
