// Global-to-local translation of distributed array accesses outside loops,
// for every distribution: block, cyclic, cyclic(3), gblock (uneven, one node
// owning nothing where there are 3 or more) and block with aligned offsets
// (+2 and -3, on templates with lower bounds 0 and -3). Each array is set by a
// loop, then elements are updated and read outside loops by their owners
// (task on the template element they are aligned with: owner computes), and
// the whole array is gathered by gmove; every node compares it, the owners'
// reads and a loop's sum with the serial values. 23 elements at 1-4 nodes.
// RUN: %xmpcc %s -o %t
// RUN: %mpirun -np 1 %t | FileCheck %s
// RUN: %mpirun -np 2 %t | FileCheck %s
// RUN: %mpirun -np 3 %t | FileCheck %s
// RUN: %mpirun -np 4 %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: owner computes: 6 arrays, 0 wrong
#include <stdio.h>
#include <xmp.h>
#define N 23
#define NK 5
static const int ks[NK] = {0, 4, 11, 17, N - 1};
#pragma xmp nodes p(*)
int sizes[4];
static int wrong;

static long init(int i) { return 10L * i + 1; }
static long update(int k) { return 1000L * (k + 1); }

/* Serial values after the updates, and what the gathered copy must hold. */
static void compare(const char *name, const long *gathered, long sum, long reads) {
  long want_sum = 0, want_reads = 0;
  for (int i = 0; i < N; i++) {
    long v = init(i);
    for (int q = 0; q < NK; q++)
      if (ks[q] == i)
        v += update(i);
    if (gathered[i] != v) {
      ++wrong;
      printf("MISMATCH %s[%d] on node %d: %ld != %ld\n", name, i, xmp_node_num(), gathered[i], v);
    }
    want_sum += v * (i % 5);
  }
  for (int q = 0; q < NK; q++)
    want_reads += init(ks[q]) + update(ks[q]) + ks[q];
  if (sum != want_sum) {
    ++wrong;
    printf("MISMATCH %s sum on node %d: %ld != %ld\n", name, xmp_node_num(), sum, want_sum);
  }
  if (reads != want_reads) {
    ++wrong;
    printf("MISMATCH %s reads on node %d: %ld != %ld\n", name, xmp_node_num(), reads, want_reads);
  }
}

int main(void) {
  long b[N], c[N], w[N], g[N], o[N], m[N];
#pragma xmp template tb(0:N-1)
#pragma xmp template tc(0:N-1)
#pragma xmp template tw(0:N-1)
#pragma xmp template tg(0:N-1)
#pragma xmp template to(0:N+1)
#pragma xmp template tm(-3:N-4)
  int n = xmp_num_nodes(), rest = N;
  for (int k = 0; k < n - 1; k++) {
    sizes[k] = k == 0 ? 4 : k == 1 ? 0 : 9;
    rest -= sizes[k];
  }
  sizes[n - 1] = rest;
#pragma xmp distribute tb(block) onto p
#pragma xmp distribute tc(cyclic) onto p
#pragma xmp distribute tw(cyclic(3)) onto p
#pragma xmp distribute tg(gblock(sizes)) onto p
#pragma xmp distribute to(block) onto p
#pragma xmp distribute tm(block) onto p
#pragma xmp align b[i] with tb(i)
#pragma xmp align c[i] with tc(i)
#pragma xmp align w[i] with tw(i)
#pragma xmp align g[i] with tg(i)
#pragma xmp align o[i] with to(i+2)
#pragma xmp align m[i] with tm(i-3)
  /* b */
  {
    long local[N], sum = 0, reads = 0, wrote = 0;
#pragma xmp loop on tb(i)
    for (int i = 0; i < N; i++)
      b[i] = init(i);
    for (int q = 0; q < NK; q++) {
      int k = ks[q];
#pragma xmp task on tb(k)
      {
        b[k] += update(k);
        reads += b[k] + k;
        wrote++;
      }
    }
#pragma xmp reduction(+:reads, wrote)
    if (wrote != NK) {
      ++wrong;
      printf("MISMATCH b: %ld owners wrote, %d expected\n", wrote, NK);
    }
#pragma xmp gmove
    local[:] = b[:];
#pragma xmp loop on tb(i) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += b[i] * (i % 5);
    compare("b", local, sum, reads);
  }
  /* c */
  {
    long local[N], sum = 0, reads = 0, wrote = 0;
#pragma xmp loop on tc(i)
    for (int i = 0; i < N; i++)
      c[i] = init(i);
    for (int q = 0; q < NK; q++) {
      int k = ks[q];
#pragma xmp task on tc(k)
      {
        c[k] += update(k);
        reads += c[k] + k;
        wrote++;
      }
    }
#pragma xmp reduction(+:reads, wrote)
    if (wrote != NK) {
      ++wrong;
      printf("MISMATCH c: %ld owners wrote, %d expected\n", wrote, NK);
    }
#pragma xmp gmove
    local[:] = c[:];
#pragma xmp loop on tc(i) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += c[i] * (i % 5);
    compare("c", local, sum, reads);
  }
  /* w */
  {
    long local[N], sum = 0, reads = 0, wrote = 0;
#pragma xmp loop on tw(i)
    for (int i = 0; i < N; i++)
      w[i] = init(i);
    for (int q = 0; q < NK; q++) {
      int k = ks[q];
#pragma xmp task on tw(k)
      {
        w[k] += update(k);
        reads += w[k] + k;
        wrote++;
      }
    }
#pragma xmp reduction(+:reads, wrote)
    if (wrote != NK) {
      ++wrong;
      printf("MISMATCH w: %ld owners wrote, %d expected\n", wrote, NK);
    }
#pragma xmp gmove
    local[:] = w[:];
#pragma xmp loop on tw(i) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += w[i] * (i % 5);
    compare("w", local, sum, reads);
  }
  /* g */
  {
    long local[N], sum = 0, reads = 0, wrote = 0;
#pragma xmp loop on tg(i)
    for (int i = 0; i < N; i++)
      g[i] = init(i);
    for (int q = 0; q < NK; q++) {
      int k = ks[q];
#pragma xmp task on tg(k)
      {
        g[k] += update(k);
        reads += g[k] + k;
        wrote++;
      }
    }
#pragma xmp reduction(+:reads, wrote)
    if (wrote != NK) {
      ++wrong;
      printf("MISMATCH g: %ld owners wrote, %d expected\n", wrote, NK);
    }
#pragma xmp gmove
    local[:] = g[:];
#pragma xmp loop on tg(i) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += g[i] * (i % 5);
    compare("g", local, sum, reads);
  }
  /* o */
  {
    long local[N], sum = 0, reads = 0, wrote = 0;
#pragma xmp loop on to(i + 2)
    for (int i = 0; i < N; i++)
      o[i] = init(i);
    for (int q = 0; q < NK; q++) {
      int k = ks[q];
#pragma xmp task on to(k + 2)
      {
        o[k] += update(k);
        reads += o[k] + k;
        wrote++;
      }
    }
#pragma xmp reduction(+:reads, wrote)
    if (wrote != NK) {
      ++wrong;
      printf("MISMATCH o: %ld owners wrote, %d expected\n", wrote, NK);
    }
#pragma xmp gmove
    local[:] = o[:];
#pragma xmp loop on to(i + 2) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += o[i] * (i % 5);
    compare("o", local, sum, reads);
  }
  /* m */
  {
    long local[N], sum = 0, reads = 0, wrote = 0;
#pragma xmp loop on tm(i - 3)
    for (int i = 0; i < N; i++)
      m[i] = init(i);
    for (int q = 0; q < NK; q++) {
      int k = ks[q];
#pragma xmp task on tm(k - 3)
      {
        m[k] += update(k);
        reads += m[k] + k;
        wrote++;
      }
    }
#pragma xmp reduction(+:reads, wrote)
    if (wrote != NK) {
      ++wrong;
      printf("MISMATCH m: %ld owners wrote, %d expected\n", wrote, NK);
    }
#pragma xmp gmove
    local[:] = m[:];
#pragma xmp loop on tm(i - 3) reduction(+:sum)
    for (int i = 0; i < N; i++)
      sum += m[i] * (i % 5);
    compare("m", local, sum, reads);
  }
#pragma xmp reduction(+:wrong)
  if (xmp_node_num() == 1)
    printf("owner computes: 6 arrays, %d wrong\n", wrong);
  return 0;
}
