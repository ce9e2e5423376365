/* device_exchange.c - one step of a `reflect ... acc` plan: the faces of a replicated array's
 * current copy (a GPU's memory, or the host's when no GPU holds it) along one dimension.
 *
 * Paths per face:
 *   MPI     the sender copies the face into a pinned host buffer, persistent MPI requests
 *           carry it, the receiver copies it into its shadow;
 *   direct  (CUDA IPC) both copies in GPUs that reach each other, the processes in one
 *           direct-link domain: the sender's copy engines write the face straight into the
 *           receiver's shadow (its storage mapped once), then a 0-byte message on the face's
 *           tag says it is there;
 *   kernel  the same, the face stored into the receiver's shadow by a kernel of the sender
 *           (starpu/face_kernels.cu; where its library loads): no copy-engine setup per run,
 *           so faster for small faces and one-element runs. Completion as for direct: the
 *           sender's stream is synchronised (the kernel's stores done) before the 0-byte
 *           message leaves.
 * The receiver decides. Each execution it first sends the sender a note: whether its copy is
 * in a GPU (with the IPC handle of the storage and the shadow's place in it), and the path it
 * wants; a note also says the shadow may now be overwritten (the receiver holds its copy,
 * nothing reads it). The sender takes the direct path when asked and able, else MPI; the
 * receiver knows which from the size of what arrives (0 bytes: the direct path it asked
 * for). Under XMP_COMM=auto the receiver asks for each path in turn during the first
 * XMPHC_DEV_WINDOW executions (and again every XMPHC_DEV_RECHECK), keeps each path's shortest
 * time from the step's start to the face in place, then asks for the fastest; the kernel is a
 * candidate where the kernel library loads (the processes of a domain share a host and the
 * build, so they all have it or none; a sender without it would write by the copy engines).
 * XMP_COMM=direct always asks for the direct path, XMP_COMM=direct-kernel for the kernel;
 * XMP_COMM=mpi sends no notes at all. Self faces (periodic along one node) take MPI.
 *
 * The host copy (no GPU) is packed and unpacked by StarPU tasks (xmp_dev_copy_boxes), all
 * faces of the step at once; a GPU copy by the main thread on the view's stream. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_internal.h"

enum { XMPHC_DEV_WINDOW = 6, XMPHC_DEV_RECHECK = 1000, NOTE_TAG = 64 };
enum { PATH_MPI = XMPHC_PATH_MPI, PATH_DIRECT = XMPHC_PATH_DIRECT, PATH_KERNEL, NPATHS };

typedef struct note {
  xmp_dev_ipc_t ipc; /* valid: the receiver's copy is in a GPU's memory */
  long start[XMP_RT_MAX_DIMS], extent[XMP_RT_MAX_DIMS]; /* its shadow box, its storage */
  int want; /* PATH_*: a direct one only when ipc.valid */
} note_t;

typedef struct dface {
  xmphc_face_desc_t f;
  xmp_dev_box_t box;   /* box.offset: in the host buffer */
  size_t bytes;
  int self, domain;    /* peer is this process; peer shares the direct-link domain */
  MPI_Request data;    /* persistent, host buffer <-> peer */
  MPI_Request note_req; /* persistent: receiver sends its note, sender receives it */
  MPI_Request done;    /* sender: persistent 0-byte "it is in your shadow" */
  int wrote;           /* sender: this execution wrote the face into the peer's shadow */
  note_t note;
  /* receiver's measurement */
  double best[NPATHS];
  int chosen;
} dface_t;

struct xmphc_dev_exchange {
  MPI_Comm comm;
  int rank, dim;
  long extent[XMP_RT_MAX_DIMS];
  size_t elem;
  const char *name;
  const xmp_rt_srcloc_t *where;
  int nfaces;
  dface_t face[4];
  void *buf;
  long execs;
};

static void forget_times(dface_t *df) {
  for (int p = 0; p < NPATHS; p++)
    df->best[p] = -1.0;
}

static const char *path_name(int path) {
  static const char *const names[NPATHS] = {"mpi", "direct", "kernel"};
  return path >= 0 && path < NPATHS ? names[path] : "?";
}

xmphc_dev_exchange_t *xmphc_dev_exchange_create(MPI_Comm comm, int rank, const long *extent,
                                                size_t elem, int dim,
                                                const xmphc_face_desc_t *faces, int nfaces,
                                                const char *name,
                                                const xmp_rt_srcloc_t *where) {
  xmphc_dev_exchange_t *x = xmpi_calloc_or_die(1, sizeof *x, where);
  x->comm = comm;
  x->rank = rank;
  x->dim = dim;
  x->elem = elem;
  x->name = name;
  x->where = where;
  x->nfaces = nfaces;
  for (int e = 0; e < rank; e++)
    x->extent[e] = extent[e];
  int me, wme;
  MPI_Comm_rank(comm, &me);
  MPI_Comm_rank(MPI_COMM_WORLD, &wme);
  size_t total = 0;
  for (int i = 0; i < nfaces; i++) {
    dface_t *df = &x->face[i];
    df->f = faces[i];
    df->bytes = elem;
    for (int e = 0; e < rank; e++) {
      df->box.start[e] = faces[i].start[e];
      df->box.count[e] = faces[i].count[e];
      df->bytes *= (size_t)faces[i].count[e];
    }
    if (df->bytes > INT_MAX)
      xmpi_fatal_collective(where, "array '%s': a halo face of %zu bytes is too large for "
                            "one MPI message", name, df->bytes);
    df->box.offset = total;
    total += df->bytes;
    df->self = faces[i].peer == me;
    df->domain = !df->self && xmphc_same_domain(wme, xmphc_world_rank(comm, faces[i].peer));
    forget_times(df);
    df->chosen = PATH_MPI;
  }
  x->buf = xmp_dev_host_alloc(total, where);
  for (int i = 0; i < nfaces; i++) {
    dface_t *df = &x->face[i];
    char *at = (char *)x->buf + df->box.offset;
    int peer = df->f.peer, tag = df->f.tag;
    if (df->f.send) {
      MPI_Send_init(at, (int)df->bytes, MPI_BYTE, peer, tag, comm, &df->data);
      MPI_Recv_init(&df->note, (int)sizeof df->note, MPI_BYTE, peer, NOTE_TAG + tag, comm,
                    &df->note_req);
      MPI_Send_init(at, 0, MPI_BYTE, peer, tag, comm, &df->done);
    } else {
      MPI_Recv_init(at, (int)df->bytes, MPI_BYTE, peer, tag, comm, &df->data);
      MPI_Send_init(&df->note, (int)sizeof df->note, MPI_BYTE, peer, NOTE_TAG + tag, comm,
                    &df->note_req);
      df->done = MPI_REQUEST_NULL;
    }
  }
  return x;
}

void xmphc_dev_exchange_free(xmphc_dev_exchange_t *x) {
  if (x == NULL)
    return;
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    MPI_Request_free(&df->data);
    MPI_Request_free(&df->note_req);
    if (df->done != MPI_REQUEST_NULL)
      MPI_Request_free(&df->done);
  }
  xmp_dev_host_free(x->buf);
  free(x);
}

/* The path the receiver asks for in this execution (k-th of a measuring window, else -1):
 * under auto each candidate in turn, MPI, copy engines, then the kernel where its library
 * loads. gpu: the receiver's copy is in a GPU (else only MPI can come, whatever it asks). */
static int wanted(const dface_t *df, long k, int gpu, const xmp_rt_srcloc_t *where) {
  const xmphc_config_t *cfg = xmphc_config();
  if (cfg->comm == XMPHC_COMM_DIRECT && cfg->direct_kernel) {
    if (gpu && !xmp_dev_gpu_kernels_available())
      xmpi_fatal(where, "XMP_COMM=direct-kernel: the halo face kernel library %s does not "
                 "load (it is built where nvcc is found); use XMP_COMM=auto, direct or mpi",
                 xmp_dev_gpu_kernels_path());
    return PATH_KERNEL;
  }
  if (cfg->comm == XMPHC_COMM_DIRECT)
    return PATH_DIRECT;
  if (k >= 0)
    return (int)(k % (gpu && xmp_dev_gpu_kernels_available() ? 3 : 2));
  return df->chosen;
}

/* The receiver's note of face df for this execution. */
static void write_note(xmphc_dev_exchange_t *x, dface_t *df, const xmp_dev_gpu_view_t *v,
                       const xmp_dev_ipc_t *mine, long k) {
  memset(&df->note, 0, sizeof df->note);
  if (v != NULL && df->domain)
    df->note.ipc = *mine;
  for (int e = 0; e < x->rank; e++) {
    df->note.start[e] = df->box.start[e];
    df->note.extent[e] = x->extent[e];
  }
  df->note.want = wanted(df, k, v != NULL, x->where);
}

/* Whether the sender of df writes it straight into the receiver's shadow. */
static int sender_direct(const dface_t *df, const xmp_dev_gpu_view_t *v) {
  return v != NULL && df->domain && df->note.want != PATH_MPI && df->note.ipc.valid &&
         xmp_dev_gpu_peer_ok(v->device, df->note.ipc.device);
}

static void report(const xmphc_dev_exchange_t *x, const dface_t *df) {
  int me;
  MPI_Comm_rank(x->comm, &me);
  char t[NPATHS][32];
  for (int p = 0; p < NPATHS; p++) {
    if (df->best[p] >= 0)
      snprintf(t[p], sizeof t[p], "%.1f us", df->best[p] * 1e6);
    else
      snprintf(t[p], sizeof t[p], "-");
  }
  xmpi_note(x->where, "comm",
            "array '%s' dimension %d (device copy), node %d -> node %d (%s): %zu B; mpi %s, "
            "direct %s, kernel %s: %s", x->name, x->dim, df->f.peer, me,
            df->f.up ? "up" : "down", df->bytes, t[PATH_MPI], t[PATH_DIRECT], t[PATH_KERNEL],
            path_name(df->chosen));
}

void xmphc_dev_exchange_run(xmphc_dev_exchange_t *x, xmp_dev_data_t *d,
                            const xmp_dev_gpu_view_t *v) {
  const xmp_rt_srcloc_t *where = x->where;
  int notes = xmphc_config()->comm != XMPHC_COMM_MPI;
  long e = x->execs++;
  long k = notes && xmphc_config()->comm == XMPHC_COMM_AUTO
               ? e % XMPHC_DEV_RECHECK
               : -1;
  if (k >= XMPHC_DEV_WINDOW)
    k = -1;
  double t0 = MPI_Wtime();
  xmp_dev_ipc_t mine;
  memset(&mine, 0, sizeof mine);
  if (notes && v != NULL)
    xmp_dev_gpu_export(v, &mine, where);

  /* Receives first, then the notes that let the senders go. */
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (df->f.send) {
      if (notes)
        MPI_Start(&df->note_req);
      continue;
    }
    MPI_Start(&df->data);
    if (notes) {
      write_note(x, df, v, &mine, df->self ? -1 : k);
      MPI_Start(&df->note_req);
    }
  }

  /* Sends: the host copy packs every face in one task; a GPU copy per face, after its note. */
  int nsend = 0, host_packed = 0;
  xmp_dev_box_t boxes[4];
  for (int i = 0; i < x->nfaces; i++)
    if (x->face[i].f.send)
      boxes[nsend++] = x->face[i].box;
  if (v == NULL && nsend > 0) {
    xmp_dev_copy_boxes(d, x->rank, x->extent, nsend, boxes, x->buf, 1, where);
    host_packed = 1;
  }
  int ndirect = 0;
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (!df->f.send)
      continue;
    /* The note matters only where the direct path is possible. */
    int may_direct = notes && v != NULL && df->domain;
    if (may_direct)
      MPI_Wait(&df->note_req, MPI_STATUS_IGNORE);
    df->wrote = may_direct && sender_direct(df, v);
    if (df->wrote) {
      void *peer = xmp_dev_gpu_import(v, &df->note.ipc, where);
      if (df->note.want == PATH_KERNEL && xmp_dev_gpu_kernels_available())
        xmp_dev_gpu_store_box(v, x->rank, x->extent, &df->box, peer, df->note.extent,
                              df->note.start, where);
      else
        xmp_dev_gpu_put_box(v, x->rank, x->extent, &df->box, peer, df->note.extent,
                            df->note.start, where);
      ndirect++;
      continue;
    }
    if (!host_packed) {
      xmp_dev_gpu_copy_box(v, x->rank, x->extent, &df->box, x->buf, 1, where);
      xmp_dev_gpu_wait(v, where);
    }
    MPI_Start(&df->data);
  }
  if (ndirect > 0) {
    xmp_dev_gpu_wait(v, where); /* the faces are in the peers' shadows: tell them */
    for (int i = 0; i < x->nfaces; i++) {
      dface_t *df = &x->face[i];
      if (df->f.send && df->wrote)
        MPI_Start(&df->done);
    }
  }

  /* Arrivals: 0 bytes means the sender wrote the shadow directly. */
  int nrecv = 0, unpack[4];
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (df->f.send)
      continue;
    MPI_Status st;
    MPI_Wait(&df->data, &st);
    int count;
    MPI_Get_count(&st, MPI_BYTE, &count);
    int path = count == 0 ? df->note.want : PATH_MPI;
    if (path == PATH_MPI && v != NULL) {
      xmp_dev_gpu_copy_box(v, x->rank, x->extent, &df->box, x->buf, 0, where);
      xmp_dev_gpu_wait(v, where);
    } else if (path == PATH_MPI) {
      unpack[nrecv++] = i;
    }
    if (k >= 0 && !df->self) {
      double t = MPI_Wtime() - t0;
      if (df->best[path] < 0 || t < df->best[path])
        df->best[path] = t;
    }
  }
  if (nrecv > 0) {
    for (int j = 0; j < nrecv; j++)
      boxes[j] = x->face[unpack[j]].box;
    xmp_dev_copy_boxes(d, x->rank, x->extent, nrecv, boxes, x->buf, 0, where);
  }

  /* Every request of the execution complete (notes, MPI sends, done messages). */
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (notes)
      MPI_Wait(&df->note_req, MPI_STATUS_IGNORE); /* inactive ones return at once */
    if (df->f.send) {
      MPI_Wait(&df->data, MPI_STATUS_IGNORE);
      MPI_Wait(&df->done, MPI_STATUS_IGNORE);
    }
  }

  /* End of a measuring window: each receiver keeps the faster path of each of its faces. */
  if (k == XMPHC_DEV_WINDOW - 1)
    for (int i = 0; i < x->nfaces; i++) {
      dface_t *df = &x->face[i];
      if (df->f.send || df->self)
        continue;
      int before = df->chosen;
      df->chosen = PATH_MPI; /* ties and unmeasured paths: MPI */
      for (int p = 0; p < NPATHS; p++)
        if (df->best[p] >= 0 && (df->best[df->chosen] < 0 || df->best[p] < df->best[df->chosen]))
          df->chosen = p;
      if (xmphc_config()->report && (e < XMPHC_DEV_RECHECK || before != df->chosen))
        report(x, df);
      forget_times(df);
    }
}
