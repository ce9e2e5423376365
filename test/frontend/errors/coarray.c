// Coarrays (the local view) the compiler can see are wrong: each a Clang
// error at the offending token, never a wrong answer at run time.
// RUN: not %xmpcc -emit-mlir -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not %xmpcc -emit-mlir -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not %xmpcc -emit-mlir -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=EXTENT
// RUN: not %xmpcc -emit-mlir -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %xmpcc -emit-mlir -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: not %xmpcc -emit-mlir -DCASE=6 %s 2>&1 | FileCheck %s --check-prefix=NOTCO
// RUN: not %xmpcc -emit-mlir -DCASE=7 %s 2>&1 | FileCheck %s --check-prefix=ADDRESS
// RUN: not %xmpcc -emit-mlir -DCASE=8 %s 2>&1 | FileCheck %s --check-prefix=INCR
// RUN: not %xmpcc -emit-mlir -DCASE=9 %s 2>&1 | FileCheck %s --check-prefix=CONFORM
// RUN: not %xmpcc -emit-mlir -DCASE=10 %s 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not %xmpcc -emit-mlir -DCASE=11 %s 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not %xmpcc -emit-mlir -DCASE=12 %s 2>&1 | FileCheck %s --check-prefix=LOCK
// RUN: not %xmpcc -emit-mlir -DCASE=13 %s 2>&1 | FileCheck %s --check-prefix=STAR
// RUN: not %xmpcc -emit-mlir -DCASE=14 %s 2>&1 | FileCheck %s --check-prefix=LAST
// RUN: not %xmpcc -emit-mlir -DCASE=15 %s 2>&1 | FileCheck %s --check-prefix=ATOM
// RUN: not %xmpcc -emit-mlir -DCASE=16 %s 2>&1 | FileCheck %s --check-prefix=ATOMREF
// RUN: not %xmpcc -emit-mlir -DCASE=17 %s 2>&1 | FileCheck %s --check-prefix=ATOMTYPE
// DEVICE: coarray.c:61:14: error: coarray 'a' is used in a device loop: a device loop reaches copies of its data on the GPUs and CPU workers, which one-sided communication does not; copy it to an ordinary array first
// NEGATIVE: coarray.c:64:13: error: the cosubscript '-1' of 'a' is negative: images count from 0 in XMP/C
// EXTENT: coarray.c:66:18: error: the cosubscript '2' of 'g' is outside its codimension 0 of extent 2 (0..1)
// COUNT: coarray.c:68:7: error: coarray 'a' has 1 codimension but 2 cosubscripts are given
// SCOPE: coarray.c:70:16: error: coarray 'b' must be declared at file scope: every image holds it for the whole run
// NOTCO: coarray.c:72:7: error: 'plain' is not a coarray: declare it with codimensions ('plain[...]:[*]') or name it in a 'coarray' directive
// ADDRESS: coarray.c:74:12: error: the address of a coindexed object cannot be taken: it is on another image
// INCR: coarray.c:77:11: error: '++' on a coindexed object is not supported; write 'a[0]:[1] = a[0]:[1] + 1;'
// CONFORM: coarray.c:79:16: error: the sections do not conform: [3] = [4]
// NESTED: coarray.c:81:17: error: a coindexed object is assigned in an assignment statement of its own ('a[0]:[1] = ...;')
// TYPES: coarray.c:83:19: error: a coarray assignment copies elements of one type: 'double' and 'int' differ
// LOCK: coarray.c:85:18: error: 'a' is not a coarray of xmp_lock_t: declare the lock as 'xmp_lock_t a:[*];'
// STAR: coarray.c:45:14: error: only the last codimension may be '*'
// LAST: coarray.c:47:5: error: a coindexed reference must stand in a function; a coarray's last codimension is '*' ('bad2[...]:[*]')
// ATOM: coarray.c:87:21: error: the atom of xmp_atomic_define must be an element of a coarray ('flag' or 'flag:[k]' for 'int flag:[*];')
// ATOMREF: coarray.c:90:18: error: xmp_atomic_ref stores the atom 'a[1]' ('int') through its first argument: a pointer to an integer of that size ('int *')
// ATOMTYPE: coarray.c:92:21: error: xmp_atomic_define takes a 4- or 8-byte integer element of a coarray; 'g[0]' is 'double'
#include <xmp.h>
#define N 8
int a[N]:[*];
double g[N]:[2][*];
int s:[*];
int plain[N];
xmp_lock_t lk:[*];
#if CASE == 13
int bad1[N]:[*][2];
#elif CASE == 14
int bad2[N]:[2];
#endif
#pragma xmp nodes p[*]
#pragma xmp template t[N]
#pragma xmp distribute t[block] onto p
double u[N];
#pragma xmp align u[i] with t[i]
int main(void) {
  int k = 1, x = 0;
#if CASE == 1
#pragma xmp device replicate (u)
  {
#pragma xmp device loop on t[i]
    for (int i = 0; i < N; i++)
      u[i] = a[i]:[k];
  }
#elif CASE == 2
  x = a[0]:[-1];
#elif CASE == 3
  x = (int)g[0]:[2][0];
#elif CASE == 4
  x = a[0]:[1][0];
#elif CASE == 5
  { static int b[N]:[*]; x = b[0]; }
#elif CASE == 6
  x = plain[0]:[1];
#elif CASE == 7
  int *q = &a[0]:[1];
  x = *q;
#elif CASE == 8
  a[0]:[1]++;
#elif CASE == 9
  a[0:3]:[1] = plain[0:4];
#elif CASE == 10
  x = (a[0]:[1] = 3);
#elif CASE == 11
  g[0:3]:[0][1] = plain[0:3];
#elif CASE == 12
#pragma xmp lock(a[0]:[1])
#elif CASE == 15
  xmp_atomic_define(plain[0], 1);
#elif CASE == 16
  long long wide;
  xmp_atomic_ref(&wide, a[1]:[0]);
#elif CASE == 17
  xmp_atomic_define(g[0]:[0][0], 1);
#endif
  return x + k;
}
