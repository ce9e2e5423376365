/* test_dev_overlap.c - the interior of a device loop split around halo faces left arriving
 * (starpu/overlap.c, XMP_DEV_OVERLAP), against its definition checked iteration by iteration:
 * an iteration is interior when every argument of the arriving array reads (or writes) only
 * rows outside [0, lo_end) and [hi_begin, extent) of the arriving dimension; the function
 * returns exactly the interior iterations of the chunk (they are consecutive), or 0 when
 * there are none or an argument of that array may touch any row or rows of another
 * dimension. Steps of both signs and chunks that start inside the range. */
#include "check.h"
#include "xmpsp_internal.h"

static int touches(const xmp_dev_overlap_t *o, const xmp_dev_arg_t *a, long i) {
  long r0 = i + a->reach_lo - a->row_origin, r1 = i + a->reach_hi - a->row_origin;
  return r0 < o->lo_end || r1 >= o->hi_begin;
}

int main(void) {
  xmp_dev_data_t *p = (xmp_dev_data_t *)(void *)&check_failures; /* identities only */
  xmp_dev_data_t *q = (xmp_dev_data_t *)(void *)&p;
  long cases = 0, split = 0;
  for (long origin = -2; origin <= 2; origin++)
    for (long lo_end = 0; lo_end <= 2; lo_end++)
      for (long width_hi = 0; width_hi <= 2; width_hi++)
        for (long reach = 0; reach <= 2; reach++)
          for (long st = -3; st <= 3; st++) {
            if (st == 0)
              continue;
            /* storage rows: lo_end shadow rows, 9 owned, width_hi shadow rows */
            long extent = lo_end + 9 + width_hi;
            xmp_dev_overlap_t o = {p, 0, lo_end, extent - width_hi, NULL, NULL};
            /* p read with reach -reach..reach, q (another array) anywhere, p written */
            xmp_dev_arg_t argv[3] = {{p, XMP_DEV_READ, origin, 4, 1, -reach, reach, 0, -1},
                                     {q, XMP_DEV_READ, 0, 4, 0, 0, 0, 0, -1},
                                     {p, XMP_DEV_READWRITE, origin, 4, 1, 0, 0, 0, -1}};
            /* the owned rows' iterations, in the loop's direction */
            long lb = st > 0 ? lo_end + origin : lo_end + origin + 8;
            long n = 9 / (st > 0 ? st : -st) + (9 % (st > 0 ? st : -st) != 0);
            for (long first = 0; first < n; first++)
              for (long count = 0; first + count <= n; count++) {
                long t0 = -1, t1 = -1, want0 = -1, want1 = -1;
                int got = xmpsp_overlap_interior(&o, argv, 3, lb, st, first, count, &t0, &t1);
                for (long t = first; t < first + count; t++) {
                  long i = lb + t * st;
                  if (touches(&o, &argv[0], i) || touches(&o, &argv[2], i))
                    continue;
                  if (want0 < 0)
                    want0 = t;
                  CHECKF(want1 < 0 || want1 == t - 1, "interior not consecutive at t=%ld", t);
                  want1 = t;
                }
                cases++;
                split += got;
                CHECKF(got == (want0 >= 0),
                       "origin %ld lo_end %ld hi %ld reach %ld st %ld "
                       "first %ld count %ld: got %d",
                       origin, lo_end, width_hi, reach, st, first, count, got);
                if (got && want0 >= 0)
                  CHECKF(t0 == want0 && t1 == want1, "st %ld reach %ld: [%ld, %ld] want [%ld, %ld]",
                         st, reach, t0, t1, want0, want1);
              }
          }
  CHECK(cases > 1000 && split > 100);

  /* An argument of the arriving array that may touch any row, or rows of another dimension:
   * no split. The array unused: every iteration interior. */
  xmp_dev_overlap_t o = {p, 0, 1, 9, NULL, NULL};
  long t0 = -1, t1 = -1;
  xmp_dev_arg_t any = {p, XMP_DEV_READ, 0, 4, 0, 0, 0, 0, -1};
  CHECK(xmpsp_overlap_interior(&o, &any, 1, 1, 1, 0, 8, &t0, &t1) == 0);
  xmp_dev_arg_t inner = {p, XMP_DEV_READ, 0, 4, 1, -1, 1, 1, -1};
  CHECK(xmpsp_overlap_interior(&o, &inner, 1, 1, 1, 0, 8, &t0, &t1) == 0);
  xmp_dev_arg_t other = {q, XMP_DEV_READ, 0, 4, 1, -1, 1, 0, -1};
  CHECK(xmpsp_overlap_interior(&o, &other, 1, 1, 1, 2, 5, &t0, &t1) == 1 && t0 == 2 && t1 == 6);
  /* An empty chunk has no interior. */
  CHECK(xmpsp_overlap_interior(&o, &other, 1, 1, 1, 0, 0, &t0, &t1) == 0);
  return CHECK_RESULT();
}
