/* xmpi_loop_cyclic.h - loops on block-cyclic template dimensions as one arithmetic
 * progression per owned block (pure index arithmetic, no MPI).
 *
 * The loop is that of xmpi_dist_loop_bounds: `for (i = lb; step > 0 ? i <= ub : i >= ub;
 * i += step)` with template index i + offset; iterations outside the template belong to no
 * node. On a cyclic(w) dimension with w > 1 over P > 1 nodes, node coord's iterations are
 * split at the borders of the blocks it owns: progression b (0 <= b < count) is the b-th
 * owned block, in the loop's order, that holds at least one iteration (blocks without one
 * are skipped, so every progression is non-empty). Every other dimension (block, gblock,
 * '*', cyclic(1), cyclic(w) on one node) gives the single progression of
 * xmpi_dist_loop_bounds: count 1, or 0 when this node has no iteration.
 *
 * Both functions take O(log) time in the loop's and template's sizes: neither iterations
 * nor blocks are enumerated, so a compiler may call xmp_rt_loop_block once per block. */
#ifndef XMPI_LOOP_CYCLIC_H
#define XMPI_LOOP_CYCLIC_H

#include "xmpi_index.h"

/* *count: number of non-empty progressions of node coord. */
int xmpi_dist_loop_block_count(const xmpi_dist_t *d, int coord, long offset, long lb, long ub,
                               long step, long *count);

/* Progression `block` of node coord in the form of xmpi_dist_loop_bounds (*llb and *lub are
 * iterations, *lstep == step); XMPI_E_BLOCK unless 0 <= block < count. */
int xmpi_dist_loop_block(const xmpi_dist_t *d, int coord, long offset, long lb, long ub,
                         long step, long block, long *llb, long *lub, long *lstep);

#endif /* XMPI_LOOP_CYCLIC_H */
