/* xmpcu.h - the CUDA layer, the runtime's lowest above base/: everything of libxmp that calls
 * the CUDA runtime or driver (reached through dlsym: libxmp links no CUDA library and builds
 * without CUDA headers). Device memory and copies (memory.c), streams, events and flags in
 * device memory (stream.c), CUDA IPC export and import with its mapping cache (ipc.c), the
 * kernel libraries' loader (kernels.c), and the entry points and their errors (api.c).
 *
 * Nothing here knows StarPU, arrays or directives: the layers above (starpu/, hybridcomm/,
 * src/) call down into it. Errors end the program through base/'s reporting with the
 * directive's source line (`where`, NULL where none), except where a function says it
 * returns a status. Without a CUDA runtime in the process, only xmpcu_device_count (0),
 * xmpcu_event_free (NULL), xmpcu_mapped (NULL) and xmpcu_kernel_symbol may be called. */
#ifndef XMPCU_H
#define XMPCU_H

#include <stddef.h>
#include <stdint.h>

#include "xmp_dev.h" /* xmp_dev_ipc_t, xmp_dev_ipc_handle_t */
#include "xmp_rt.h"

/* Devices indexed by the layer's tables (streams, flags, peer access). */
#define XMPCU_MAX_DEVICES 64

/* ---- api.c ---- */
/* err (a cudaError_t or CUresult) nonzero: "CUDA: what failed: <the error>", at where. */
void xmpcu_check(int err, const char *what, const xmp_rt_srcloc_t *where);
const char *xmpcu_error_string(int err);
/* CUDA devices the process sees: 0 without a CUDA runtime in the process or a device. */
int xmpcu_device_count(void);
int xmpcu_current_device(const xmp_rt_srcloc_t *where);
/* Makes device (>= 0) the calling thread's current one; returns the one that was. */
int xmpcu_use_device(int device, const xmp_rt_srcloc_t *where);

/* ---- stream.c ---- */
/* The rank's stream on device (made once, non-blocking), and a new one. */
void *xmpcu_stream(int device, const xmp_rt_srcloc_t *where);
void *xmpcu_stream_new(int device, const xmp_rt_srcloc_t *where);
/* Waits for what stream holds (NULL: the current device's default stream); `what` names the
 * wait in an error. */
void xmpcu_stream_sync(void *stream, const char *what, const xmp_rt_srcloc_t *where);
/* Events of the current device: flags 0 (timing) or a combination of these. */
enum { XMPCU_EVENT_NO_TIMING = 2, XMPCU_EVENT_IPC = 4 };
void *xmpcu_event(unsigned flags, const xmp_rt_srcloc_t *where);
void xmpcu_event_record(void *event, void *stream, const char *what, const xmp_rt_srcloc_t *where);
void xmpcu_event_sync(void *event, const xmp_rt_srcloc_t *where);
/* Whether the work before event's last record is complete (cudaEventQuery), without waiting. */
int xmpcu_event_done(void *event, const xmp_rt_srcloc_t *where);
/* Seconds from start to end, waiting for end. */
double xmpcu_elapsed(void *start, void *end, const xmp_rt_srcloc_t *where);
/* stream's later work waits for event's last record (this process's or a peer's). */
void xmpcu_stream_wait(void *stream, void *event, const char *what, const xmp_rt_srcloc_t *where);
void xmpcu_event_free(void *event);
/* stream (of device, current) waits for what device's default stream holds now. */
void xmpcu_order_default(int device, void *stream, const xmp_rt_srcloc_t *where);
/* An event of device that peers can open from *handle; a peer's event opened here. */
void *xmpcu_event_export(int device, xmp_dev_ipc_handle_t *handle, const xmp_rt_srcloc_t *where);
void *xmpcu_event_import(const xmp_dev_ipc_handle_t *handle, const xmp_rt_srcloc_t *where);
/* 64-bit flags in device memory (the driver's stream memory operations, where device has
 * them): a post writes value into *flag (this device's memory or a peer's mapped here) after
 * what stream holds, behind a system-wide fence; a wait holds stream's later work until
 * *flag >= value (cyclic). */
int xmpcu_flags_available(int device);
void xmpcu_flag_post(void *stream, void *flag, uint64_t value, const char *what,
                     const xmp_rt_srcloc_t *where);
void xmpcu_flag_wait(void *stream, const void *flag, uint64_t value, const char *what,
                     const xmp_rt_srcloc_t *where);

/* ---- memory.c ---- */
/* What the driver says of an address: memory type (0: unknown to CUDA), device, and the
 * allocation holding it (its process-wide id, start and size). */
enum { XMPCU_MEM_HOST = 1, XMPCU_MEM_DEVICE = 2, XMPCU_MEM_MANAGED = 4 };
typedef struct xmpcu_ptr_info {
  unsigned type;
  int device;
  unsigned long long id;
  uintptr_t base;
  size_t size;
} xmpcu_ptr_info_t;
xmpcu_ptr_info_t xmpcu_ptr_info(const void *p);
/* p as the driver sees it, for messages (into buf, returned). */
const char *xmpcu_describe(const void *p, char *buf, size_t len);
/* rows runs of width bytes, pitches apart at each end, copied on stream in any direction
 * (peers' memory mapped here included): always as one 2-D copy (xmpcu_copy_2d), or as one
 * linear copy where the runs are one (xmpcu_copy). An error names both ends. */
void xmpcu_copy_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                   size_t rows, void *stream, const char *what, const xmp_rt_srcloc_t *where);
void xmpcu_copy(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t rows,
                void *stream, const char *what, const xmp_rt_srcloc_t *where);
/* Memory of the current device, or pinned host memory. */
void *xmpcu_alloc(size_t bytes, int pinned_host, const xmp_rt_srcloc_t *where);
void xmpcu_free(void *p, int pinned_host);
/* bytes of device's memory at dev to host, waited for; nonzero on any CUDA error, reported to
 * nobody (clean-up that may run while CUDA shuts down). */
int xmpcu_read_quiet(int device, void *host, const void *dev, size_t bytes);
/* Zeroes bytes (at most 256) of the current device's memory at dev and waits for it. */
void xmpcu_zero(void *dev, size_t bytes, const xmp_rt_srcloc_t *where);
/* Where a kernel may store into host memory: pinned memory's device address, NULL for any
 * other memory (never an error). */
void *xmpcu_mapped(void *host);
/* The device address of pinned host memory (an error if it is not). */
void *xmpcu_device_ptr(void *host, const xmp_rt_srcloc_t *where);
void xmpcu_mem_info(int device, size_t *free_bytes, size_t *total_bytes,
                    const xmp_rt_srcloc_t *where);

/* ---- ipc.c ---- */
/* The allocation holding ptr (device memory) as an IPC note; a peer's note mapped here (once
 * per allocation, kept until a new export of that peer overlaps it, i.e. it was freed), at
 * the current device; all mappings closed (before the context goes). */
void xmpcu_ipc_export(const void *ptr, xmp_dev_ipc_t *out, const xmp_rt_srcloc_t *where);
void *xmpcu_ipc_import(const xmp_dev_ipc_t *in, const xmp_rt_srcloc_t *where);
void xmpcu_ipc_close_all(void);
/* Whether device can write into peer_device's memory (the same device, or peer access). */
int xmpcu_peer_ok(int device, int peer_device);

/* ---- kernels.c ---- */
/* symbol of kernel library `library` (a file name found through the run path; a string that
 * lives as long as the program), opened on first use; NULL where it is not built, does not
 * load or lacks the symbol. */
void *xmpcu_kernel_symbol(const char *library, const char *symbol);

#endif
