/* xmp.h - XcalableMP intrinsics for C programs compiled with xmpcc (XMP 1.4, chapter 7). */
#ifndef XMP_H
#define XMP_H

#ifdef __cplusplus
extern "C" {
#endif

/* 1-based number of this node in the executing node set. */
int xmp_node_num(void);
/* 0-based (C) number of this node in the executing node set. */
int xmpc_node_num(void);
/* Number of nodes in the executing node set. */
int xmp_num_nodes(void);
/* 1-based / 0-based number of this node among all nodes. */
int xmp_all_node_num(void);
int xmpc_all_node_num(void);
/* Number of all nodes the program runs on. */
int xmp_all_num_nodes(void);
/* Elapsed wall-clock seconds, and the resolution of that clock. */
double xmp_wtime(void);
double xmp_wtick(void);
/* XMP-dev: time in seconds of the slowest CPU / GPU task of the last device loop this node
 * executed, from submission to completion, so the transfers a task waited for are included
 * (0 when that side ran no task, or before any device loop). */
double xmp_cpu_wtime(void);
double xmp_gpu_wtime(void);
/* Ends the program on every node with the given status. */
void xmp_exit(int status);

#ifdef __cplusplus
}
#endif
#endif /* XMP_H */
