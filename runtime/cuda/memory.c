/* memory.c - device and pinned host memory: allocation, what the driver knows of an address,
 * copies (any direction, peers' memory mapped through IPC included) with diagnostics naming
 * both ends, and the small synchronous helpers (zeroing a counter, a quiet read at clean-up). */
#include <stdio.h>

#include "xmpb.h"
#include "xmpcu_internal.h"

xmpcu_ptr_info_t xmpcu_ptr_info(const void *p) {
  xmpcu_ptr_info_t i = {0, -1, 0, 0, 0};
  int attrs[] = {XMPCU_PA_MEMORY_TYPE, XMPCU_PA_DEVICE_ORDINAL, XMPCU_PA_BUFFER_ID,
                 XMPCU_PA_RANGE_START, XMPCU_PA_RANGE_SIZE};
  void *data[] = {&i.type, &i.device, &i.id, &i.base, &i.size};
  if (xmpcu_api(NULL)->pointer_attrs(sizeof attrs / sizeof *attrs, attrs, data, (uintptr_t)p) != 0)
    i = (xmpcu_ptr_info_t){0, -1, 0, 0, 0};
  return i;
}

const char *xmpcu_describe(const void *p, char *buf, size_t len) {
  xmpcu_ptr_info_t i = xmpcu_ptr_info(p);
  const char *type = i.type == XMPCU_MEM_DEVICE    ? "device"
                     : i.type == XMPCU_MEM_HOST    ? "pinned host"
                     : i.type == XMPCU_MEM_MANAGED ? "managed"
                                                   : "not CUDA memory (pageable host?)";
  if (i.type == 0)
    snprintf(buf, len, "%p: %s", p, type);
  else
    snprintf(buf, len, "%p: %s memory of device %d, allocation %#lx + %zu B (id %llu), at +%zu", p,
             type, i.device, (unsigned long)i.base, i.size, i.id, (size_t)((uintptr_t)p - i.base));
  return buf;
}

/* A failed copy: both ends as the driver sees them, so that a GPU run names the culprit. */
static void copy_failed(int err, const char *what, void *dst, const void *src, size_t width,
                        size_t rows, const xmp_rt_srcloc_t *where) {
  char d[192], s[192];
  xmpb_fatal(where, "CUDA: %s failed: %s; dst %s; src %s; %zu B x %zu rows; current device %d",
             what, xmpcu_api(where)->error_string(err), xmpcu_describe(dst, d, sizeof d),
             xmpcu_describe(src, s, sizeof s), width, rows, xmpcu_current_device(where));
}

void xmpcu_copy_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                   size_t rows, void *stream, const char *what, const xmp_rt_srcloc_t *where) {
  int err = xmpcu_api(where)->memcpy2d_async(dst, dpitch, src, spitch, width, rows,
                                             XMPCU_MEMCPY_DEFAULT, stream);
  if (err != 0)
    copy_failed(err, what, dst, src, width, rows, where);
}

void xmpcu_copy(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t rows,
                void *stream, const char *what, const xmp_rt_srcloc_t *where) {
  if (rows != 1 && (dpitch != width || spitch != width)) {
    xmpcu_copy_2d(dst, dpitch, src, spitch, width, rows, stream, what, where);
    return;
  }
  int err = xmpcu_api(where)->memcpy_async(dst, src, width * rows, XMPCU_MEMCPY_DEFAULT, stream);
  if (err != 0)
    copy_failed(err, what, dst, src, width * rows, 1, where);
}

void *xmpcu_alloc(size_t bytes, int pinned_host, const xmp_rt_srcloc_t *where) {
  void *p = NULL;
  if (pinned_host)
    xmpcu_check(xmpcu_api(where)->malloc_host(&p, bytes > 0 ? bytes : 1), "cudaMallocHost", where);
  else
    xmpcu_check(xmpcu_api(where)->malloc_device(&p, bytes > 0 ? bytes : 1), "cudaMalloc", where);
  return p;
}

void xmpcu_free(void *p, int pinned_host) {
  if (p == NULL)
    return;
  if (pinned_host)
    xmpcu_api(NULL)->free_host(p);
  else
    xmpcu_api(NULL)->free_device(p);
}

int xmpcu_read_quiet(int device, void *host, const void *dev, size_t bytes) {
  const xmpcu_api_t *c = xmpcu_api(NULL);
  int was = -1;
  if (c->get_device(&was) != 0 || c->set_device(device) != 0)
    return 1;
  int err = c->memcpy2d_async(host, bytes, dev, bytes, bytes, 1, XMPCU_MEMCPY_DEFAULT, NULL);
  if (err == 0)
    err = c->stream_sync(NULL);
  c->set_device(was);
  return err != 0;
}

void xmpcu_zero(void *dev, size_t bytes, const xmp_rt_srcloc_t *where) {
  static const unsigned char zeros[256];
  if (bytes > sizeof zeros)
    xmpb_fatal(where, "internal: %zu bytes to zero at once (at most %zu)", bytes, sizeof zeros);
  xmpcu_check(xmpcu_api(where)->memcpy_async(dev, zeros, bytes, XMPCU_MEMCPY_DEFAULT, NULL),
              "cudaMemcpyAsync (zeroing a counter)", where);
  xmpcu_check(xmpcu_api(where)->stream_sync(NULL), "cudaStreamSynchronize (zeroing a counter)",
              where);
}

void *xmpcu_mapped(void *host) {
  int attrs[2] = {XMPCU_PA_MEMORY_TYPE, XMPCU_PA_DEVICE_POINTER};
  unsigned type = 0;
  void *dev = NULL;
  void *data[2] = {&type, &dev};
  if (host == NULL || xmpcu_api(NULL)->pointer_attrs(2, attrs, data, (uintptr_t)host) != 0 ||
      type != XMPCU_MEM_HOST)
    return NULL;
  return dev;
}

void *xmpcu_device_ptr(void *host, const xmp_rt_srcloc_t *where) {
  void *p = NULL;
  xmpcu_check(xmpcu_api(where)->host_device_ptr(&p, host, 0), "cudaHostGetDevicePointer", where);
  return p;
}

void xmpcu_mem_info(int device, size_t *free_bytes, size_t *total_bytes,
                    const xmp_rt_srcloc_t *where) {
  int was = xmpcu_use_device(device, where);
  xmpcu_check(xmpcu_api(where)->mem_get_info(free_bytes, total_bytes), "cudaMemGetInfo", where);
  xmpcu_use_device(was, where);
}
