/* test_dev_split.c - the split of a device loop's iterations into GPU and CPU chunks, against
 * its definition: CPU part round(w * n) iterations, last; each part cut into chunks differing by
 * at most one iteration; no empty chunk; together they cover 0..n-1 in order; without CPU
 * chunks (GPU only) every iteration in the GPU part. */
#include <math.h>

#include "check.h"
#include "xmpsp_internal.h"

int main(void) {
  CHECK(xmpsp_iter_count(0, 9, 1) == 10);
  CHECK(xmpsp_iter_count(0, 9, 4) == 3);   /* 0 4 8 */
  CHECK(xmpsp_iter_count(9, 0, -4) == 3);  /* 9 5 1 */
  CHECK(xmpsp_iter_count(5, 4, 1) == 0);
  CHECK(xmpsp_iter_count(4, 5, -1) == 0);
  CHECK(xmpsp_iter_count(3, 3, -2) == 1);
  CHECK(xmpsp_iter_count(0, 9, 0) == -1);

  const double weights[] = {0, 0.1, 0.3, 0.5, 0.7, 0.999, 1};
  xmpsp_chunk_t c[32];
  for (long n = 0; n <= 40; n++)
    for (int wi = 0; wi < 7; wi++)
      for (int ng = 1; ng <= 5; ng++)
        for (int nc = 0; nc <= 5; nc++) { /* 0: no CPU part (GPU only) whatever the weight */
          double w = weights[wi];
          int k = xmpsp_split(n, w, ng, nc, c);
          long cpu = nc > 0 ? llround(w * (double)n) : 0, pos = 0, part[2] = {0, 0}, min[2],
               max[2];
          int cnt[2] = {0, 0};
          min[0] = min[1] = n + 1;
          max[0] = max[1] = -1;
          for (int i = 0; i < k; i++) {
            int s = c[i].gpu ? 0 : 1;
            CHECKF(c[i].first == pos && c[i].count > 0, "n %ld w %g ng %d nc %d chunk %d", n,
                   w, ng, nc, i);
            CHECKF(i == 0 || c[i - 1].gpu >= c[i].gpu, "GPU chunks first");
            pos += c[i].count;
            part[s] += c[i].count;
            cnt[s]++;
            min[s] = c[i].count < min[s] ? c[i].count : min[s];
            max[s] = c[i].count > max[s] ? c[i].count : max[s];
          }
          CHECKF(pos == n && part[1] == cpu && part[0] == n - cpu,
                 "n %ld w %g: covered %ld, cpu %ld", n, w, pos, part[1]);
          long want_g = n - cpu < ng ? n - cpu : ng, want_c = cpu < nc ? cpu : nc;
          CHECKF(cnt[0] == want_g && cnt[1] == want_c, "n %ld w %g ng %d nc %d: %d + %d chunks",
                 n, w, ng, nc, cnt[0], cnt[1]);
          for (int s = 0; s < 2; s++)
            CHECKF(cnt[s] == 0 || max[s] - min[s] <= 1, "uneven chunks");
        }
  return CHECK_RESULT();
}
