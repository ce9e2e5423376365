// XMP/C's local view: coarrays declared with codimensions and by the
// coarray directive, scalar and multi-codimension coarrays; coindexed
// elements read in expressions and assigned (=, +=); sections got and put,
// contiguous, strided and 2-D, into strided local sections, one value put
// into a strided section, a copy between two other images; xmp_sync_all,
// xmp_sync_image chains, xmp_sync_images with a set, xmp_sync_memory,
// xmp_sync_images_all, post/wait (tags, counting, any node), lock/unlock
// around a read-modify-write that every image does on image 0; atomic define
// and ref (a flag one image sets on another, which polls it; a long long). Every value
// against its closed form at 1-5 images (odd counts included).
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// RUN: %mpirun -np 5 %t | FileCheck %s
// CHECK: coarray: 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 12
#pragma xmp nodes p[*]
int a[N]:[*], b[N]:[*];
double c[5][6]:[*];
int s:[*];
long m[4]:[2][*];
int e[4];
#pragma xmp coarray e : [*]
int cnt:[*], chain:[*], tok:[*], flag[3]:[*], ring:[*], mem:[*], go:[*];
long long big[2]:[*];
xmp_lock_t lk:[*];

static int wrong = 0;
static void expect(long got, long want, const char *what, int k) {
  if (got != want) {
    if (wrong < 10)
      printf("image %d: %s[%d] = %ld, expected %ld\n", xmpc_this_image(), what, k, got, want);
    wrong++;
  }
}

int main(void) {
  int me = xmpc_this_image(), n = xmp_num_images();
  int right = (me + 1) % n, left = (me + n - 1) % n;
  int loc[N], dst[8];
  double blk[2][3];
  for (int i = 0; i < N; i++)
    a[i] = b[i] = 100 * me + i;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 6; j++)
      c[i][j] = 1000 * me + 10 * i + j;
  s = me;
  cnt = 0;
  chain = me == 0 ? 1 : 0;
  for (int k = 0; k < 4; k++)
    e[k] = -1;
  xmp_sync_all(NULL);

  // Gets, from the initial values.
  int x = a[3]:[right] + 1;
  expect(x, 100 * right + 4, "x", 0);
  loc[0:4] = a[2:4]:[left];
  for (int k = 0; k < 4; k++)
    expect(loc[k], 100 * left + 2 + k, "loc", k);
  int strided[4];
  strided[:] = a[0:4:3]:[right];
  for (int k = 0; k < 4; k++)
    expect(strided[k], 100 * right + 3 * k, "strided", k);
  blk[0:2][0:3] = c[1:2][2:3]:[right];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      expect((long)blk[i][j], 1000 * right + 10 * (1 + i) + 2 + j, "blk", 3 * i + j);
  for (int k = 0; k < 8; k++)
    dst[k] = -1;
  dst[1:4:2] = a[4:4]:[left];
  for (int k = 0; k < 8; k++)
    expect(dst[k], k % 2 ? 100 * left + 4 + k / 2 : -1, "dst", k);
  expect(s:[left], left, "s", 0);
  xmp_sync_all(NULL);

  // Puts.
  b[0:3]:[right] = loc[0:3];
  b[5:3:2]:[right] = me * 7;
  c[0:2][0:2]:[left] = blk[0:2][0:2];
  s:[right] = me * 10 + 1;
  // The image of cosubscripts [c0][c1] is c0 + 2 * c1.
  m[1]:[right % 2][right / 2] = me;
  if (me == 0)
    e[0:2]:[2 % n] = a[0:2]:[1 % n];
#pragma xmp lock(lk:[0])
  cnt:[0] += me + 1;
#pragma xmp unlock(lk:[0])
  xmp_sync_all(NULL);
  for (int k = 0; k < 3; k++)
    expect(b[k], 100 * ((left + n - 1) % n) + 2 + k, "b", k);
  for (int k = 5; k < N; k++)
    expect(b[k], k < 10 && k % 2 ? left * 7 : 100 * me + k, "b", k);
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 6; j++)
      expect((long)c[i][j],
             i < 2 && j < 2 ? 1000 * ((right + 1) % n) + 10 * (1 + i) + 2 + j
                            : 1000 * me + 10 * i + j,
             "c", 6 * i + j);
  expect(s, left * 10 + 1, "s", 1);
  expect(m[1], left, "m", 1);
  for (int k = 0; k < 4; k++)
    expect(e[k], me == 2 % n && k < 2 ? 100 * (1 % n) + k : -1, "e", k);
  if (me == 0)
    expect(cnt, n * (n + 1) / 2, "cnt", 0);

  // A chain of pairwise synchronizations passes a value along.
  if (me > 0)
    xmp_sync_image(me - 1, NULL);
  if (me < n - 1) {
    chain:[me + 1] = chain + 1;
    xmp_sync_image(me + 1, NULL);
  }
  expect(chain, me + 1, "chain", 0);

  // xmp_sync_images with both neighbours (named once; this image itself at
  // one image, where it is skipped); xmp_sync_memory then
  // xmp_sync_images_all.
  ring:[right] = me + 40;
  int set[2] = {left, right};
  xmp_sync_images(left == right ? 1 : 2, set, NULL);
  expect(ring, left + 40, "ring", 0);
  mem:[right] = me + 60;
  int status = -1;
  xmp_sync_memory(&status);
  expect(status, XMP_STAT_SUCCESS, "status", 0);
  xmp_sync_images_all(NULL);
  expect(mem, left + 60, "mem", 0);

  // post / wait: a token around the ring; two posts of one tag counted by
  // two waits; a post any node may match.
  if (me == 0) {
    tok:[right] = 1;
#pragma xmp post (p[right], 7)
#pragma xmp wait (p[left], 7)
  } else {
#pragma xmp wait (p[left], 7)
    tok:[right] = tok + 1;
#pragma xmp post (p[right], 7)
  }
  expect(tok, me == 0 ? n : me, "tok", 0);
  flag[0]:[right] = me + 1;
#pragma xmp post (p[right], 3)
  flag[1]:[right] = me + 2;
#pragma xmp post (p[right], 3)
#pragma xmp wait (p[left], 3)
#pragma xmp wait (p[left])
  expect(flag[0], left + 1, "flag", 0);
  expect(flag[1], left + 2, "flag", 1);
  flag[2]:[right] = me + 3;
#pragma xmp post (p[right], 9)
#pragma xmp wait
  expect(flag[2], left + 3, "flag", 2);
  xmp_sync_all(NULL);

  // Atomics: the last image polls its own flag until image 0 clears it there.
  xmp_atomic_define(go, 1);
  big[1] = 1000000000000LL + me;
  xmp_sync_all(NULL);
  if (me == 0)
    xmp_atomic_define(go:[n - 1], 0);
  if (me == n - 1) {
    int g = 1;
    while (g)
      xmp_atomic_ref(&g, go);
  }
  long long b1;
  xmp_atomic_ref(&b1, big[1]:[right]);
  expect(b1 - 1000000000000LL, right, "big", 1);
  xmp_sync_all(NULL);

#pragma xmp reduction (+:wrong)
  if (me == 0)
    printf("coarray: %d wrong\n", wrong);
  return 0;
}
