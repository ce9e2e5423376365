/* randomaccess_coarray.c - HPCC RandomAccess (GUPS) in XMP/C's local view: random XOR updates
 * of a table of 2^LOGN 64-bit words spread over the images, sent to their owners through
 * coarray puts.
 *
 * The table: word g starts as g. Image k (0-based) owns the words lo(k) .. lo(k+1)-1, the
 * table size over the image count each and one more on the first (size mod count) images, so
 * any image count works (a count that is not a power of two splits the table unevenly); the
 * coarray's shape is fixed at compile time, so it has room for the largest block, the whole
 * table on one image.
 *
 * The updates: 4 x table size of them, v_u = x^(u+1) mod P(x) for u = 0, 1, ..., where a
 * 64-bit word holds the coefficients of a polynomial over GF(2) and P(x) = x^64 + x^2 + x + 1
 * (POLY 7): each value is the previous one shifted left, XORed with POLY when the top bit
 * falls out. Update u does T[v_u mod size] ^= v_u. The updates are split in contiguous
 * ranges over the images; an image starts its range at u0 by computing x^u0 mod P by squaring
 * and multiplying (O(log u0) polynomial products), without running the stream up to it.
 *
 * Rounds: each image generates CHUNK updates of its range, sorting them into one bucket per
 * owner image; it puts bucket k into image k's receive buffer coarray, in the row kept for
 * this image (a section put), with the count (an element put); xmp_sync_all; each image XORs
 * what it received into its block; xmp_sync_all (the buffers may then be filled again).
 * Every image runs the same number of rounds (that of the longest range); an image with no
 * more updates sends empty buckets. A receive row has room for CHUNK words, enough if every
 * update of a round goes to one image.
 *
 * The program checks itself: XOR updates commute, so the order they are applied in does not
 * matter and the result is exact. After the run image 0 gathers the whole table by section
 * gets and compares it word by word with a plain table updated by the whole stream, run
 * serially from its start (not from the computed starting points): 0 errors are required.
 * The GUP/s figure (updates per second of the rounds, in billions) is printed, not checked.
 * Build with -DLOGN= (default 16). */
#include <stdint.h>
#include <stdio.h>
#include <xmp.h>

#ifndef LOGN
#define LOGN 16
#endif
#define TABLE_SIZE (1L << LOGN)
#define NUPDATE (4 * TABLE_SIZE)
#define POLY UINT64_C(0x7)
#define CHUNK 1024
#define MAX_IMAGES 64

/* This image's block of the table, from its local index 0. */
uint64_t table[TABLE_SIZE]:[*];
/* recv[k][0 .. recv_count[k]-1]: the updates image k sent this round. */
uint64_t recv[MAX_IMAGES][CHUNK]:[*];
int recv_count[MAX_IMAGES]:[*];

static uint64_t bucket[MAX_IMAGES][CHUNK];
static int bucket_count[MAX_IMAGES];
static uint64_t full[TABLE_SIZE], ref[TABLE_SIZE];
static int nimg;

/* The next value of the stream: v x mod P. */
static uint64_t next(uint64_t v) { return (v << 1) ^ ((int64_t)v < 0 ? POLY : 0); }

/* a b mod P, by Horner's rule over b's bits: r = r x + b_i a. */
static uint64_t mulmod(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  for (int i = 63; i >= 0; i--) {
    r = next(r);
    if ((b >> i) & 1)
      r ^= a;
  }
  return r;
}

/* x^n mod P: the stream's value before update n (x^0 = 1 before update 0). */
static uint64_t stream_start(long n) {
  uint64_t r = 1, power = 2; /* power = x^(2^i) */
  for (; n > 0; n >>= 1) {
    if (n & 1)
      r = mulmod(r, power);
    power = mulmod(power, power);
  }
  return r;
}

/* Even splits of n things over the images: image k has lo .. lo+len-1. */
static long split_lo(long n, int k) { return k * (n / nimg) + (k < n % nimg ? k : n % nimg); }
static long split_len(long n, int k) { return n / nimg + (k < n % nimg); }
/* The image that owns word g of the table. */
static int owner(long g) {
  long big = TABLE_SIZE / nimg + 1, nbig = TABLE_SIZE % nimg;
  return (int)(g < nbig * big ? g / big : nbig + (g - nbig * big) / (TABLE_SIZE / nimg));
}

int main(void) {
  int me = xmpc_this_image();
  nimg = xmp_num_images();
  if (nimg > MAX_IMAGES || nimg > TABLE_SIZE) {
    if (me == 0)
      printf("randomaccess: FAILED: at most %d images (and 2^%d) supported\n", MAX_IMAGES, LOGN);
    return 1;
  }
  long lo = split_lo(TABLE_SIZE, me), nloc = split_len(TABLE_SIZE, me);
  for (long i = 0; i < nloc; i++)
    table[i] = (uint64_t)(lo + i);
  long todo = split_len(NUPDATE, me);
  uint64_t v = stream_start(split_lo(NUPDATE, me));
  long rounds = (split_len(NUPDATE, 0) + CHUNK - 1) / CHUNK;

  xmp_sync_all(NULL);
  double t0 = xmp_wtime();
  for (long round = 0; round < rounds; round++) {
    for (int k = 0; k < nimg; k++)
      bucket_count[k] = 0;
    long batch = todo < CHUNK ? todo : CHUNK;
    todo -= batch;
    for (long u = 0; u < batch; u++) {
      v = next(v);
      int k = owner((long)(v & (TABLE_SIZE - 1)));
      bucket[k][bucket_count[k]++] = v;
    }
    for (int k = 0; k < nimg; k++) {
      int c = bucket_count[k];
      if (c > 0)
        recv[me][0:c]:[k] = bucket[k][0:c];
      recv_count[me]:[k] = c;
    }
    xmp_sync_all(NULL);
    for (int s = 0; s < nimg; s++)
      for (int i = 0; i < recv_count[s]; i++) {
        uint64_t w = recv[s][i];
        table[(long)(w & (TABLE_SIZE - 1)) - lo] ^= w;
      }
    xmp_sync_all(NULL);
  }
  double seconds = xmp_wtime() - t0;

  int failed = 0;
  if (me == 0) {
    for (int k = 0; k < nimg; k++) {
      long klo = split_lo(TABLE_SIZE, k), klen = split_len(TABLE_SIZE, k);
      full[klo:klen] = table[0:klen]:[k];
    }
    for (long i = 0; i < TABLE_SIZE; i++)
      ref[i] = (uint64_t)i;
    uint64_t w = 1;
    for (long u = 0; u < NUPDATE; u++) {
      w = next(w);
      ref[w & (TABLE_SIZE - 1)] ^= w;
    }
    long errors = 0;
    for (long i = 0; i < TABLE_SIZE; i++)
      errors += full[i] != ref[i];
    printf("randomaccess: table 2^%d, %ld updates on %d images, %ld errors\n", LOGN,
           (long)NUPDATE, nimg, errors);
    printf("randomaccess: %.6f GUP/s (%ld rounds of up to %d updates per image, %.3f s)\n",
           NUPDATE / seconds * 1e-9, rounds, CHUNK, seconds);
    printf("randomaccess: %s\n", errors == 0 ? "VERIFIED" : "FAILED");
    failed = errors != 0;
  }
  /* The other images keep their blocks until image 0 has read them. */
  xmp_sync_all(NULL);
  return failed;
}
