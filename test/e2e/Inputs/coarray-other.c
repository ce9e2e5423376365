// The other file of e2e/coarray-multi-file.c: its coarrays `extern`, and a
// static one of its own with the name the main file uses for another.
#include <xmp.h>
extern int a[4]:[*];
extern double w[2][3]:[*];
static int mine[1]:[*];

int peek(int img, int i) { return a[i]:[img]; }

void shift(void) {
  int me = xmpc_this_image(), n = xmp_num_images();
  double row[3];
  for (int j = 0; j < 3; j++)
    row[j] = a[j];
  w[1][0:3]:[(me + 1) % n] = row[0:3];
}

int other_mine(int img) {
  mine[0] = 1000 + xmpc_this_image();
  xmp_sync_all(NULL);
  return mine[0]:[img];
}
