/* coll_kernels.h - the reduction kernels of device collectives (coll_kernels.cu), built by
 * nvcc into libxmp_coll_cuda.so, which libxmp loads with dlopen (libxmp links no CUDA
 * library). Shared by the kernels and their caller, coll_device.c. */
#ifndef XMPHC_COLL_KERNELS_H
#define XMPHC_COLL_KERNELS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Element kinds: integers (of 1, 2, 4 or 8 bytes) signed or unsigned, floating (4 or 8). */
enum { XMPHC_KERNEL_SIGNED, XMPHC_KERNEL_UNSIGNED, XMPHC_KERNEL_FLOAT };
/* Results of the entry points. */
enum { XMPHC_KERNEL_OK, XMPHC_KERNEL_UNSUPPORTED, XMPHC_KERNEL_LAUNCH_FAILED };

/* dst[i] = a[i] op b[i] for i < n (op: enum xmp_rt_reduce_op up to XMP_RT_OP_MINUS; dst may
 * be a or b), queued on stream (a cudaStream_t). Integer + - * wrap (computed unsigned), as
 * reduce_ops.c does on the host. */
typedef int (*xmphc_kernel_reduce_t)(int kind, int width, int op, void *dst, const void *a,
                                     const void *b, size_t n, void *stream);
int xmphc_kernel_reduce(int kind, int width, int op, void *dst, const void *a, const void *b,
                        size_t n, void *stream);
/* dst[i] = ((s_0[i] op s_1[i]) op s_2[i]) ... op s_{k-1}[i] for i < n, s_j = slots + j *
 * stride elements: every rank folding the same slots in this order gets the same bits. */
typedef int (*xmphc_kernel_fold_t)(int kind, int width, int op, void *dst, const void *slots,
                                   int k, size_t stride, size_t n, void *stream);
int xmphc_kernel_fold(int kind, int width, int op, void *dst, const void *slots, int k,
                      size_t stride, size_t n, void *stream);

/* Signalled collectives inside one direct-link domain (every member's GPU writes into every
 * other's memory): one launch per member, no host in between. Each member has a gather buffer
 * of `size` slots of `slot` bytes for this execution (double-buffered by the caller by
 * execution parity) and a flag array of XMPHC_SIGNAL_BLOCKS * size counters, both mapped in
 * every member (CUDA IPC). Block b of the kernel moves its share of the data into slot `rank`
 * of every member's buffer (bcast: the root only), then stores seq into flag [b][rank] of
 * every member (release, system scope) and waits until each of its own flags [b][*] reaches
 * seq (acquire): every member's share b is then here, and every member finished the
 * execution before, so no slot of this parity is still being read. Then it finishes its share:
 * allreduce folds the slots in rank order (the same bits everywhere), bcast and allgather copy
 * slots into dst. Flags only grow: a member may run one execution ahead of another. */
enum { XMPHC_SIGNAL_MAX = 16, XMPHC_SIGNAL_BLOCKS = 32 };
enum { XMPHC_SIGNAL_ALLREDUCE, XMPHC_SIGNAL_BCAST, XMPHC_SIGNAL_ALLGATHER };
typedef struct xmphc_signal_args {
  int what; /* XMPHC_SIGNAL_* */
  int kind, width, op; /* allreduce: the elements and operator (as xmphc_kernel_reduce) */
  int rank, size, root;
  int blocks; /* launched blocks (1..XMPHC_SIGNAL_BLOCKS), the same on every member */
  unsigned long long seq; /* this execution's number; the flags start at 0 */
  const void *src; /* allreduce: this member's data; bcast: the root's; allgather: its block */
  void *dst;       /* the result (allreduce may have dst == src) */
  size_t n;        /* allreduce: elements; bcast: bytes */
  size_t slot;     /* bytes from one slot to the next */
  char *slots[XMPHC_SIGNAL_MAX];                /* each member's gather buffer, this parity */
  unsigned long long *flags[XMPHC_SIGNAL_MAX];  /* each member's flag array */
  size_t off[XMPHC_SIGNAL_MAX], len[XMPHC_SIGNAL_MAX]; /* allgather: member r's block */
} xmphc_signal_args_t;
typedef int (*xmphc_kernel_signal_t)(const xmphc_signal_args_t *a, void *stream);
int xmphc_kernel_signal(const xmphc_signal_args_t *a, void *stream);

#ifdef __cplusplus
}
#endif

#endif /* XMPHC_COLL_KERNELS_H */
