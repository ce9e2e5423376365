/* test_mpi_coarray_error.c MODE - each mode makes one user error with coarrays on image 0
 * (the other images wait in sync all); the runtime must report it once, naming the coarray
 * and the statement, and fail. */
#include <string.h>

#include "xmp.h"
#include "xmp_rt.h"

static const xmp_rt_srcloc_t where = {"err.c", 9, "coarray"};

static long a[10];
static int m[2];
static xmp_lock_t lk;
static xmp_rt_coarray_t *ca, *cm, *clk;

static void module_init(void) {
  long star = -1, co2[2] = {2, -1};
  ca = xmp_rt_coarray_new(a, sizeof a, 1, &star, "a", &where);
  cm = xmp_rt_coarray_new(m, sizeof m, 2, co2, "m", &where);
  clk = xmp_rt_coarray_new(&lk, sizeof lk, 1, &star, "lk", &where);
}

__attribute__((constructor)) static void register_module(void) {
  xmp_rt_register_module_init(module_init);
}

#define L sizeof(long)
#define SP(count, stride) ((xmp_rt_span_t){(count), (long)(stride)})

int main(int argc, char **argv) {
  xmp_rt_init(&argc, &argv);
  const char *mode = argc > 1 ? argv[1] : "";
  long src[10] = {0}, v = 1;
  if (xmpc_this_image() == 0) {
    if (strcmp(mode, "image") == 0) /* a[0]:[2] = v on 2 images */
      xmp_rt_coarray_put(ca, 2, &a[0], 0, NULL, &v, 0, NULL, L, &where);
    if (strcmp(mode, "cosub") == 0) /* m:[2][0]: codimension 0 has extent 2 */
      xmp_rt_coarray_image(cm, (long[]){2, 0}, &where);
    if (strcmp(mode, "bounds") == 0) /* a[8:5]:[1] = src[0:5] */
      xmp_rt_coarray_put(ca, 1, &a[8], 1, (xmp_rt_span_t[]){SP(5, L)}, src, 1,
                         (xmp_rt_span_t[]){SP(5, L)}, L, &where);
    if (strcmp(mode, "shape") == 0) /* a[0:4]:[1] = s[0:2][0:2] */
      xmp_rt_coarray_put(ca, 1, &a[0], 1, (xmp_rt_span_t[]){SP(4, L)}, src, 2,
                         (xmp_rt_span_t[]){SP(2, 2 * L), SP(2, L)}, L, &where);
    if (strcmp(mode, "count") == 0) /* src[0:4] = a[0:5]:[1] */
      xmp_rt_coarray_get(ca, 1, &a[0], 1, (xmp_rt_span_t[]){SP(5, L)}, src, 1,
                         (xmp_rt_span_t[]){SP(4, L)}, L, &where);
    if (strcmp(mode, "repeat") == 0) /* a[0:3:0]:[1] = src[0:3] */
      xmp_rt_coarray_put(ca, 1, &a[0], 1, (xmp_rt_span_t[]){SP(3, 0)}, src, 1,
                         (xmp_rt_span_t[]){SP(3, L)}, L, &where);
    if (strcmp(mode, "unlock") == 0)
      xmp_rt_coarray_unlock(clk, 1, &lk, &where);
    if (strcmp(mode, "lock2") == 0) {
      xmp_rt_coarray_lock(clk, 1, &lk, &where);
      xmp_rt_coarray_lock(clk, 1, &lk, &where);
    }
    if (strcmp(mode, "tag") == 0)
      xmp_rt_post(1, -1, &where);
    if (strcmp(mode, "sync_images") == 0)
      xmp_sync_images(1, (int[]){5}, NULL);
    if (strcmp(mode, "sync_twice") == 0)
      xmp_sync_images(2, (int[]){1, 1}, NULL);
  }
  xmp_sync_all(NULL);
  return xmp_rt_finalize(0); /* not reached on image 0 */
}
