/* kernels.c - libxmp's CUDA kernel libraries (built by nvcc next to libxmp: the halo faces'
 * stores, the device collectives' reductions and signals), opened by name through the
 * program's run path when first asked for: xmpcc and its --emit-c makefile link with
 * -Wl,-rpath to libxmp's directory, so no path of the build is compiled into libxmp and an
 * installed copy finds its own. */
#include <dlfcn.h>
#include <string.h>

#include "xmpcu.h"

enum { LIBRARIES = 8 };
static struct {
  const char *name; /* a literal of the caller's */
  void *handle;     /* NULL: it does not load */
} opened[LIBRARIES];
static int nopened;

void *xmpcu_kernel_symbol(const char *library, const char *symbol) {
  int i = 0;
  while (i < nopened && strcmp(opened[i].name, library) != 0)
    i++;
  if (i == nopened) {
    if (nopened == LIBRARIES)
      return NULL;
    opened[i].name = library;
    opened[i].handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    nopened++;
  }
  return opened[i].handle != NULL ? dlsym(opened[i].handle, symbol) : NULL;
}
