/* api.c - the CUDA runtime and driver as the layer reaches them (dlsym), their errors, the
 * devices the process sees and the calling thread's current one. */
#include <dlfcn.h>

#include "xmpb.h"
#include "xmpcu_internal.h"

const xmpcu_api_t *xmpcu_api(const xmp_rt_srcloc_t *where) {
  static xmpcu_api_t api;
  static int loaded;
  if (loaded)
    return &api;
  struct {
    const char *name;
    void **fn;
  } want[] = {
      {"cudaSetDevice", (void **)&api.set_device},
      {"cudaMemcpy2DAsync", (void **)&api.memcpy2d_async},
      {"cudaStreamCreateWithFlags", (void **)&api.stream_create},
      {"cudaStreamSynchronize", (void **)&api.stream_sync},
      {"cudaEventCreateWithFlags", (void **)&api.event_create},
      {"cudaEventRecord", (void **)&api.event_record},
      {"cudaEventSynchronize", (void **)&api.event_sync},
      {"cudaEventQuery", (void **)&api.event_query},
      {"cudaEventElapsedTime", (void **)&api.event_elapsed},
      {"cudaEventDestroy", (void **)&api.event_destroy},
      {"cudaStreamWaitEvent", (void **)&api.stream_wait_event},
      {"cudaIpcGetMemHandle", (void **)&api.ipc_get},
      {"cudaIpcOpenMemHandle", (void **)&api.ipc_open},
      {"cudaIpcCloseMemHandle", (void **)&api.ipc_close},
      {"cudaDeviceCanAccessPeer", (void **)&api.can_access_peer},
      {"cudaGetErrorString", (void **)&api.error_string},
      {"cudaGetDevice", (void **)&api.get_device},
      {"cudaMalloc", (void **)&api.malloc_device},
      {"cudaFree", (void **)&api.free_device},
      {"cudaMallocHost", (void **)&api.malloc_host},
      {"cudaFreeHost", (void **)&api.free_host},
      {"cudaMemcpyAsync", (void **)&api.memcpy_async},
      {"cudaIpcGetEventHandle", (void **)&api.ipc_event_get},
      {"cudaIpcOpenEventHandle", (void **)&api.ipc_event_open},
      {"cudaMemGetInfo", (void **)&api.mem_get_info},
      {"cudaHostGetDevicePointer", (void **)&api.host_device_ptr},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    if ((*want[i].fn = dlsym(RTLD_DEFAULT, want[i].name)) == NULL)
      xmpb_fatal(where, "CUDA runtime: %s not found in the process", want[i].name);
  /* The driver library is loaded by the runtime already; NOLOAD only looks it up. */
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (driver != NULL)
    *(void **)&api.pointer_attrs = dlsym(driver, "cuPointerGetAttributes");
  if (api.pointer_attrs == NULL)
    xmpb_fatal(where, "CUDA driver: cuPointerGetAttributes not found in the process");
  if (driver != NULL) { /* optional: flags (xmpcu_flags_available) */
    *(void **)&api.stream_write64 = dlsym(driver, "cuStreamWriteValue64_v2");
    *(void **)&api.stream_wait64 = dlsym(driver, "cuStreamWaitValue64_v2");
    *(void **)&api.device_get = dlsym(driver, "cuDeviceGet");
    *(void **)&api.device_attribute = dlsym(driver, "cuDeviceGetAttribute");
  }
  loaded = 1;
  return &api;
}

void xmpcu_check(int err, const char *what, const xmp_rt_srcloc_t *where) {
  if (err != 0)
    xmpb_fatal(where, "CUDA: %s failed: %s", what, xmpcu_api(where)->error_string(err));
}

const char *xmpcu_error_string(int err) { return xmpcu_api(NULL)->error_string(err); }

int xmpcu_device_count(void) {
  /* Asked without the table: a process without the CUDA runtime (StarPU built without CUDA),
   * or without a device, has none; known before starpu_init, which needs the count. */
  int (*count)(int *) = NULL;
  *(void **)&count = dlsym(RTLD_DEFAULT, "cudaGetDeviceCount");
  int n = 0;
  if (count == NULL || count(&n) != 0)
    return 0;
  return n;
}

int xmpcu_current_device(const xmp_rt_srcloc_t *where) {
  int device = -1;
  xmpcu_check(xmpcu_api(where)->get_device(&device), "cudaGetDevice", where);
  return device;
}

int xmpcu_use_device(int device, const xmp_rt_srcloc_t *where) {
  int was = xmpcu_current_device(where);
  if (device >= 0 && device != was)
    xmpcu_check(xmpcu_api(where)->set_device(device), "cudaSetDevice", where);
  return was;
}
