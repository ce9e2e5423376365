/* stream.c - streams, events and flags: the rank's stream on each device (made once; the
 * direct loops', the halo faces' and the device collectives'), timing and ordering events
 * (IPC ones included), and 64-bit flags in device memory that a stream posts or waits on. */
#include "xmpb.h"
#include "xmpcu_internal.h"

void *xmpcu_stream_new(int device, const xmp_rt_srcloc_t *where) {
  /* a stream belongs to the device current at its creation */
  void *stream = NULL;
  int was = xmpcu_use_device(device, where);
  xmpcu_check(xmpcu_api(where)->stream_create(&stream, XMPCU_STREAM_NON_BLOCKING),
              "cudaStreamCreateWithFlags", where);
  xmpcu_use_device(was, where);
  return stream;
}

void *xmpcu_stream(int device, const xmp_rt_srcloc_t *where) {
  static void *streams[XMPCU_MAX_DEVICES];
  if (device < 0 || device >= XMPCU_MAX_DEVICES)
    xmpb_fatal(where, "CUDA device %d out of range", device);
  if (streams[device] == NULL)
    streams[device] = xmpcu_stream_new(device, where);
  return streams[device];
}

void xmpcu_stream_sync(void *stream, const char *what, const xmp_rt_srcloc_t *where) {
  xmpcu_check(xmpcu_api(where)->stream_sync(stream), what, where);
}

void *xmpcu_event(unsigned flags, const xmp_rt_srcloc_t *where) {
  void *ev = NULL;
  xmpcu_check(xmpcu_api(where)->event_create(&ev, flags), "cudaEventCreateWithFlags", where);
  return ev;
}

void xmpcu_event_record(void *event, void *stream, const char *what, const xmp_rt_srcloc_t *where) {
  xmpcu_check(xmpcu_api(where)->event_record(event, stream), what, where);
}

void xmpcu_event_sync(void *event, const xmp_rt_srcloc_t *where) {
  xmpcu_check(xmpcu_api(where)->event_sync(event), "cudaEventSynchronize", where);
}

int xmpcu_event_done(void *event, const xmp_rt_srcloc_t *where) {
  int err = xmpcu_api(where)->event_query(event);
  if (err == XMPCU_NOT_READY)
    return 0;
  xmpcu_check(err, "cudaEventQuery", where);
  return 1;
}

double xmpcu_elapsed(void *start, void *end, const xmp_rt_srcloc_t *where) {
  float ms = 0;
  xmpcu_event_sync(end, where);
  xmpcu_check(xmpcu_api(where)->event_elapsed(&ms, start, end), "cudaEventElapsedTime", where);
  return ms * 1e-3;
}

void xmpcu_stream_wait(void *stream, void *event, const char *what, const xmp_rt_srcloc_t *where) {
  xmpcu_check(xmpcu_api(where)->stream_wait_event(stream, event, 0), what, where);
}

void xmpcu_event_free(void *event) {
  if (event != NULL)
    xmpcu_api(NULL)->event_destroy(event);
}

void xmpcu_order_default(int device, void *stream, const xmp_rt_srcloc_t *where) {
  static void *events[XMPCU_MAX_DEVICES]; /* one per device, made on it */
  if (device < 0 || device >= XMPCU_MAX_DEVICES)
    xmpb_fatal(where, "CUDA device %d out of range", device);
  void **ev = &events[device];
  if (*ev == NULL)
    *ev = xmpcu_event(XMPCU_EVENT_NO_TIMING, where);
  xmpcu_event_record(*ev, NULL, "cudaEventRecord (default stream)", where);
  xmpcu_stream_wait(stream, *ev, "cudaStreamWaitEvent", where);
}

void *xmpcu_event_export(int device, xmp_dev_ipc_handle_t *handle, const xmp_rt_srcloc_t *where) {
  int was = xmpcu_use_device(device, where);
  void *ev = xmpcu_event(XMPCU_EVENT_NO_TIMING | XMPCU_EVENT_IPC, where);
  xmpcu_check(xmpcu_api(where)->ipc_event_get(handle, ev), "cudaIpcGetEventHandle", where);
  xmpcu_use_device(was, where);
  return ev;
}

void *xmpcu_event_import(const xmp_dev_ipc_handle_t *handle, const xmp_rt_srcloc_t *where) {
  void *ev = NULL;
  xmpcu_check(xmpcu_api(where)->ipc_event_open(&ev, *handle), "cudaIpcOpenEventHandle", where);
  return ev;
}

/* CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS (cuda.h, CUDA 12) */
enum { CU_ATTR_STREAM_MEM_OPS_64 = 122 };

int xmpcu_flags_available(int device) {
  if (device < 0 || device >= XMPCU_MAX_DEVICES)
    return 0;
  static signed char known[XMPCU_MAX_DEVICES]; /* 0: not asked */
  if (known[device] == 0) {
    const xmpcu_api_t *c = xmpcu_api(NULL);
    int dev = 0, can = 0;
    known[device] = c->stream_write64 != NULL && c->stream_wait64 != NULL &&
                            c->device_get != NULL && c->device_attribute != NULL &&
                            c->device_get(&dev, device) == 0 &&
                            c->device_attribute(&can, CU_ATTR_STREAM_MEM_OPS_64, dev) == 0 && can
                        ? 1
                        : -1;
  }
  return known[device] > 0;
}

void xmpcu_flag_post(void *stream, void *flag, uint64_t value, const char *what,
                     const xmp_rt_srcloc_t *where) {
  /* flags 0: a system-wide fence before the write (what the stream did is visible first) */
  xmpcu_check(
      xmpcu_api(where)->stream_write64(stream, (unsigned long long)(uintptr_t)flag, value, 0), what,
      where);
}

void xmpcu_flag_wait(void *stream, const void *flag, uint64_t value, const char *what,
                     const xmp_rt_srcloc_t *where) {
  /* flags 0: until (int64_t)(*flag - value) >= 0 */
  xmpcu_check(
      xmpcu_api(where)->stream_wait64(stream, (unsigned long long)(uintptr_t)flag, value, 0), what,
      where);
}
