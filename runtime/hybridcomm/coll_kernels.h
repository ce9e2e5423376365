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

#ifdef __cplusplus
}
#endif

#endif /* XMPHC_COLL_KERNELS_H */
