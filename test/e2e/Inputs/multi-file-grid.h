/* The data mapping that the files of test/e2e/multi-file.c share. */
#ifndef MULTI_FILE_GRID_H
#define MULTI_FILE_GRID_H
#include <xmp.h>
#define N 29
#define M 7
extern double u[N][M];
extern int flag;
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align u[i][*] with t(i)
#pragma xmp shadow u[1][0]
void init(void);
double smooth_sum(void);
double max_value(void);
/* Each file's descriptors of p and t: one object program-wide. */
void solver_descs(xmp_desc_t *dp, xmp_desc_t *dt);
void stats_descs(xmp_desc_t *dp, xmp_desc_t *dt);
#endif
