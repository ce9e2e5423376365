/* device_exchange.c - one step of a `reflect ... acc` plan: the faces of a replicated array's
 * current copy (a GPU's memory, or the host's when no GPU holds it) along one dimension.
 *
 * Paths per face:
 *   MPI     the sender copies the face into a pinned host buffer, persistent MPI requests
 *           carry it, the receiver copies it into its shadow;
 *   direct  (CUDA IPC) both copies in GPUs that reach each other, the processes in one
 *           direct-link domain: the sender's copy engines write the face straight into the
 *           receiver's shadow (its storage mapped once), then a 0-byte message on the face's
 *           tag says it is queued;
 *   kernel  the same, the face stored into the receiver's shadow by a kernel of the sender
 *           (starpu/face_kernels.cu; where its library loads): no copy-engine setup per run,
 *           so faster for small faces and one-element runs.
 * The receiver asks. Each execution it first sends the sender a note: whether its copy is in
 * a GPU (with the IPC handle of the storage and the shadow's place in it), and the path it
 * wants; a note also says the shadow may now be overwritten. Only the first note and one
 * after the copy moved carry the storage; the others are 8 bytes, and the sender keeps its
 * mapping of the peer's storage meanwhile.
 * On the direct paths no host waits for a GPU (device completion, XMP_HALO_SYNC): two signals
 * per face and execution order the streams of both ends. "Free": before its note the
 * receiver signals after the kernels that read the shadow, and the sender's stream waits for
 * it before writing. "Written": the sender signals after its writes and sends the done
 * message at once; the receiver's stream waits for it before the next kernels. A signal is
 *   flags   (auto where the GPU has 64-bit stream memory operations) a 64-bit counter in the
 *           waiting end's GPU memory (one slot per face, x->flags): the other end's stream
 *           writes the next count into it through its IPC mapping (cuStreamWriteValue64,
 *           behind a system-wide fence), the waiting stream holds its later work until the
 *           count is reached (cuStreamWaitValue64): no host and no kernel involved;
 *   events  an interprocess CUDA event recorded on the signalling end's stream, waited for
 *           on the other's (cudaStreamWaitEvent);
 *   host    the signalling host waits for its stream (before the note; before done).
 * The receiver picks (its notes carry the choice; a sender that cannot follow it takes MPI).
 * The receiver's signal place travels in its whole notes, the sender's once after each whole
 * note on EVENT_TAG; until the receiver has the sender's flag, its host waits before the
 * note (the note says whether it posted). The host waits for the writes also in the
 * measuring window's timed executions and under XMP_COMM_REPORT, whose times must hold them. The
 * sender takes the direct path when asked and able, else MPI; the receiver knows which from
 * the size of what arrives (0 bytes: the direct path it asked for). XMP_COMM=direct always
 * asks for the direct path, XMP_COMM=direct-kernel for the kernel; XMP_COMM=mpi sends no
 * notes at all. Self faces (periodic along one node) take MPI.
 *
 * Under XMP_COMM=auto (xmphc_dev_schedule) every receiver asks for each path in turn during a
 * window of XMPHC_DEV_WINDOW executions (again every XMPHC_DEV_RECHECK, without the paths that
 * lost by far at the last decision, xmphc_dev_prune): one untimed round (first uses: the IPC
 * mapping, the kernel's module load), then XMPHC_DEV_REPS timed ones.
 * A timed execution starts with the ends of every face meeting (a 0-byte message each way),
 * so that a time runs from a common start to the face in place and does not hold how late the
 * sender came (on 2 x H200, bench/halo's reflect_do after a ping-pong over MPI: the copy
 * engines' turns came after the MPI ping-pong's long tail and one end measured them 10-300 us
 * slow). Each receiver keeps per path its faces' shortest times; at the window's end the two
 * ends of each pair swap them and both take, for every face between them in either direction,
 * the path whose slower end is fastest (xmphc_dev_choose): a pair never mixes paths whose
 * combined time was not measured (each end choosing alone from its own times, one picked the
 * copy engines and the other the kernel, and the exchange took the kernel's time). The kernel
 * is a candidate where its library loads (the processes of a domain share a host and the
 * build, so they all have it or none; a sender without it would write by the copy engines).
 *
 * The host copy (no GPU) is packed and unpacked by StarPU tasks (xmp_dev_copy_boxes), all
 * faces of the step at once; a GPU copy by the main thread on the view's stream.
 *
 * The order of the faces: all at once, or in two phases, the faces going up and then those
 * going down, each complete before the next, so that no rank receives from two peers at once
 * (thesis 6.1.3's ordering). On 4 x H200 (NVLink), reflect_do on 4 nodes, phased took 1.2-2.2
 * times as long for faces up to 1 MiB (two rounds of messages) but 0.72-0.79 times for
 * 16 MiB faces (the inner nodes' links no longer shared by two senders). So it is measured:
 * once the paths are chosen (or at once where XMP_COMM forces them), a window of blocks of
 * consecutive executions per order (choice_blocks.c: one untimed, the median of three), the
 * slowest node's times compared over the exchange's nodes (one allreduce), again every
 * XMPHC_ALGO_RECHECK executions; XMP_HALO_ORDER=concurrent or phased forces one. A measured
 * execution's time runs from a common start with nothing queued on the stream (the host waits
 * for the device loops before it, then the ends meet) until the faces are in place (the
 * senders' and receivers' hosts wait for their streams): with device completion the host's
 * part alone is only their issue, and from the host's start without the drain the time held
 * the loops still queued, tens to hundreds of microseconds against a few for the faces. (On
 * 4 x H100, Himeno M over 4 GPUs, one run each: phased forced ran at 0.82-0.92 of concurrent
 * forced; auto, measured by the hosts' part only, at 0.93-0.95 in 1-D.) */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmphc_internal.h"

/* Tags: the note of the face of tag t, and the window's meeting and decision messages (one
 * per pair and execution; above reflect's and the host exchange's tags). */
enum { NOTE_TAG = 64, MEET_TAG = 4 << 12, DECIDE_TAG = (4 << 12) + 1, EVENT_TAG = 5 << 12 };
enum {
  PATH_MPI = XMPHC_DEV_MPI,
  PATH_DIRECT = XMPHC_DEV_DIRECT,
  PATH_KERNEL = XMPHC_DEV_KERNEL,
  NPATHS = XMPHC_DEV_NPATHS
};
_Static_assert((int)PATH_MPI == (int)XMPHC_PATH_MPI && (int)PATH_DIRECT == (int)XMPHC_PATH_DIRECT,
               "device paths extend the exchange's");

/* A note is sent whole when its storage part differs from the one sent before (the first
 * execution, a copy that moved); else only its head: MPI changes only the bytes that a shorter
 * message brings, so the sender's buffer keeps the rest of the last whole note. The head alone
 * is 8 bytes instead of about 250, and the sender maps and lays out nothing again. */
typedef struct note {
  int32_t want; /* PATH_*: a direct one only when ipc.valid */
  int32_t bits; /* NOTE_WHOLE | NOTE_POSTED | the XMPHC_SYNC_* << NOTE_SYNC_SHIFT */
  /* the storage part */
  xmp_dev_ipc_t ipc; /* valid: the receiver's copy is in a GPU's memory */
  long start[XMP_RT_MAX_DIMS], extent[XMP_RT_MAX_DIMS]; /* its shadow box, its storage */
  xmp_dev_ipc_handle_t free_event; /* events: recorded after what reads the shadow */
  xmp_dev_ipc_t written_flag;      /* flags: where the sender posts "written" (this face's) */
} note_t;
/* NOTE_WHOLE: the message brought the storage part too; NOTE_POSTED: the receiver posted
 * "free" into the sender's flag (flags; else its host waited for its stream). */
enum { NOTE_WHOLE = 1, NOTE_POSTED = 2, NOTE_SYNC_SHIFT = 2 };
enum { NOTE_HEAD = offsetof(note_t, ipc) };
_Static_assert(NOTE_HEAD == 2 * sizeof(int32_t), "a note's head is its two ints");

/* What the sender sends the receiver once (EVENT_TAG): its "written" event, or its flag. */
typedef struct sync_handle {
  xmp_dev_ipc_handle_t event;
  xmp_dev_ipc_t flag;
} sync_handle_t;

typedef struct dface {
  xmphc_face_desc_t f;
  xmp_dev_box_t box;   /* box.offset: in the host buffer */
  size_t bytes;
  int kind;            /* XMPHC_FACE_* (-1: not one of them), for the report */
  long nruns;
  size_t run_bytes;
  int self, domain;    /* peer is this process; peer shares the direct-link domain */
  MPI_Request data;    /* persistent, host buffer <-> peer */
  MPI_Request note_req; /* persistent: receiver sends its note, sender receives it */
  MPI_Request note_head; /* receiver: persistent send of the note's head alone */
  int note_sent;         /* receiver: a whole note went out (its storage part is there) */
  void *peer;            /* sender: the receiver's storage mapped here (NULL: map it again) */
  MPI_Request done;    /* sender: persistent 0-byte "it is in your shadow" */
  int wrote;           /* sender: this execution wrote the face into the peer's shadow */
  /* Device completion of the direct paths (XMP_HALO_SYNC; see the file's head): "free" goes
   * from the receiver to the sender, "written" from the sender to the receiver.
   * events: own_event is this end's (the receiver's "free", the sender's "written"), its
   * handle own.event; peer_event the other end's opened here.
   * flags: each end's slot in x->flags is written by the other (the sender's holds "free",
   * the receiver's "written"); own.flag exports it, peer_flag is the other end's mapped here;
   * posts and waits count in free_seq and written_seq, alike at both ends.
   * The sender's own travels to the receiver once after each whole note (sync_sent,
   * sync_req; the receiver: have_peer); the receiver's goes in the whole note. */
  void *own_event, *peer_event;
  sync_handle_t own, peer_sync;
  int sync_sent, have_peer;
  void *peer_flag;
  uint64_t free_seq, written_seq;
  MPI_Request sync_req; /* sender: own on its way (completed with the face) */
  int note_due;          /* sender: the note's receive is started, its content not yet taken */
  int sent_path;       /* sender: the PATH_* this execution's face took (summary) */
  note_t note;
  /* receiver's measurement: per path the shortest time in the current window */
  double best[NPATHS];
  int chosen; /* both ends (for the report at the sender) */
  unsigned skip; /* paths the next recheck leaves out (xmphc_dev_prune), both ends */
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
  int npeers, peer[4]; /* the faces' peers other than this process, each once */
  void *buf;
  long execs;
  xmphc_sum_t *sum; /* XMP_COMM_REPORT's summary record; NULL when the report is off */
  size_t bytes;     /* of every face, sent and received, per execution */
  xmphc_algo_choice_t order; /* XMPHC_ORDER_* measured (choice_blocks.c), after the paths */
  char *flags;               /* XMP_HALO_SYNC=flags: a FLAG_SLOT per face, in a GPU */
  int flags_device;
  /* An execution left with its arrivals still to come (xmphc_dev_exchange_start): what its
   * finish needs. */
  int left, left_notes;
  unsigned left_sel;
  xmp_dev_data_t *left_data;
  xmp_dev_gpu_view_t left_view; /* data NULL: the host's copy */
  xmphc_dev_step_t left_step;
  double left_t0;
};
enum { FLAG_SLOT = 64 }; /* bytes between two faces' flags */

static void forget_times(dface_t *df) {
  for (int p = 0; p < NPATHS; p++)
    df->best[p] = -1.0;
}

static const char *path_name(int path) {
  static const char *const names[NPATHS] = {"mpi", "direct", "kernel"};
  return path >= 0 && path < NPATHS ? names[path] : "?";
}

int xmphc_dev_exchange_create(MPI_Comm comm, int rank, const long *extent, size_t elem,
                              int dim, const xmphc_face_desc_t *faces, int nfaces,
                              const char *name, const xmp_rt_srcloc_t *where,
                              xmphc_dev_exchange_t **out) {
  *out = NULL;
  for (int i = 0; i < nfaces; i++) {
    size_t bytes = elem;
    for (int e = 0; e < rank; e++)
      bytes *= (size_t)faces[i].count[e];
    if (bytes > INT_MAX)
      return xmphc_fail(XMPHC_E_TOO_LARGE, "array '%s': a halo face of %zu bytes is too large "
                        "for one MPI message", name, bytes);
  }
  xmphc_dev_exchange_t *x = calloc(1, sizeof *x);
  if (x == NULL)
    return xmphc_fail(XMPHC_E_NOMEM, "out of memory for the device exchange of array '%s'",
                      name);
  x->comm = comm;
  x->rank = rank;
  x->dim = dim;
  x->elem = elem;
  x->name = name;
  x->where = where;
  x->nfaces = nfaces;
  xmphc_algo_init(&x->order, 0);
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
    df->box.offset = total;
    total += df->bytes;
    x->bytes += df->bytes;
    xmphc_face_shape_t shape;
    df->kind = -1;
    if (xmphc_face_classify(rank, extent, elem, dim, faces[i].start, faces[i].count, &shape) ==
        XMPHC_OK) {
      df->kind = shape.kind;
      df->nruns = shape.nblocks;
      df->run_bytes = shape.block_bytes;
    }
    df->self = faces[i].peer == me;
    df->domain = !df->self && xmphc_same_domain(wme, xmphc_world_rank(comm, faces[i].peer));
    forget_times(df);
    df->chosen = PATH_MPI;
    int j = 0;
    while (j < x->npeers && x->peer[j] != faces[i].peer)
      j++;
    if (!df->self && j == x->npeers)
      x->peer[x->npeers++] = faces[i].peer;
  }
  x->buf = xmp_dev_host_alloc(total, where);
  if (xmphc_config()->report) {
    char what[96];
    snprintf(what, sizeof what, "array '%s' dimension %d", name, dim);
    x->sum = xmphc_sum_site(XMPHC_SUM_HALO, 1, comm, where, what);
  }
  for (int i = 0; i < nfaces; i++) {
    dface_t *df = &x->face[i];
    char *at = (char *)x->buf + df->box.offset;
    int peer = df->f.peer, tag = df->f.tag;
    if (df->f.send) {
      MPI_Send_init(at, (int)df->bytes, MPI_BYTE, peer, tag, comm, &df->data);
      MPI_Recv_init(&df->note, (int)sizeof df->note, MPI_BYTE, peer, NOTE_TAG + tag, comm,
                    &df->note_req);
      MPI_Send_init(at, 0, MPI_BYTE, peer, tag, comm, &df->done);
      df->note_head = MPI_REQUEST_NULL;
      df->sync_req = MPI_REQUEST_NULL;
    } else {
      MPI_Recv_init(at, (int)df->bytes, MPI_BYTE, peer, tag, comm, &df->data);
      MPI_Send_init(&df->note, (int)sizeof df->note, MPI_BYTE, peer, NOTE_TAG + tag, comm,
                    &df->note_req);
      MPI_Send_init(&df->note, NOTE_HEAD, MPI_BYTE, peer, NOTE_TAG + tag, comm, &df->note_head);
      df->done = MPI_REQUEST_NULL;
      df->sync_req = MPI_REQUEST_NULL;
    }
  }
  *out = x;
  return XMPHC_OK;
}

/* Before x->flags is freed: a receiver's last "free" posts, which this end did not wait for
 * where those faces took MPI, may still be on their way into it (a write into freed memory
 * could land in a later allocation). Read until every count posted is there (the peers'
 * streams run them; a second at most, then it gives up). */
static void drain_flags(const xmphc_dev_exchange_t *x) {
  if (x->flags == NULL)
    return;
  uint64_t seen[sizeof x->face / sizeof x->face[0] * FLAG_SLOT / sizeof(uint64_t)];
  enum { STRIDE = FLAG_SLOT / sizeof(uint64_t) };
  double until = MPI_Wtime() + 1.0;
  for (int left = 1; left && MPI_Wtime() < until;) {
    if (xmp_dev_gpu_read_quiet(x->flags_device, seen, x->flags,
                               (size_t)x->nfaces * FLAG_SLOT) != 0)
      return; /* CUDA is gone: so are the peers' posts */
    left = 0;
    for (int i = 0; i < x->nfaces; i++)
      if (x->face[i].f.send && (int64_t)(seen[i * STRIDE] - x->face[i].free_seq) < 0)
        left = 1;
  }
}

void xmphc_dev_exchange_free(xmphc_dev_exchange_t *x) {
  if (x == NULL)
    return;
  (void)xmphc_dev_exchange_finish(x); /* its requests complete before they are freed */
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    MPI_Request_free(&df->data);
    MPI_Request_free(&df->note_req);
    if (df->note_head != MPI_REQUEST_NULL)
      MPI_Request_free(&df->note_head);
    if (df->done != MPI_REQUEST_NULL)
      MPI_Request_free(&df->done);
    xmp_dev_gpu_event_free(df->peer_event);
    xmp_dev_gpu_event_free(df->own_event);
  }
  drain_flags(x);
  xmp_dev_gpu_free(x->flags, 0);
  xmp_dev_host_free(x->buf);
  free(x);
}

/* ---- one execution ---- */

/* The summary's path (XMPHC_SUM_*) of a face's PATH_*. */
static int sum_path(int path) {
  return path == PATH_KERNEL ? XMPHC_SUM_IPC_KERNEL
         : path == PATH_DIRECT ? XMPHC_SUM_IPC
                               : XMPHC_SUM_MPI;
}

/* The path the receiver asks for in this execution (step: the window's schedule; under
 * XMP_COMM=direct-kernel the run checked that the kernels load). */
static int wanted(const dface_t *df, const xmphc_dev_step_t *step) {
  const xmphc_config_t *cfg = xmphc_config();
  if (cfg->comm == XMPHC_COMM_DIRECT && cfg->direct_kernel)
    return PATH_KERNEL;
  if (cfg->comm == XMPHC_COMM_DIRECT)
    return PATH_DIRECT;
  return df->self ? df->chosen : xmphc_dev_ask(step, df->skip, df->chosen);
}

/* The device completion (XMPHC_SYNC_*) this process's notes ask for with its copy in v's GPU. */
static int sync_mode(const xmp_dev_gpu_view_t *v) {
  int mode = xmphc_config()->halo_sync;
  if (mode == XMPHC_SYNC_AUTO)
    mode = xmp_dev_gpu_flags_available(v->device) ? XMPHC_SYNC_FLAGS : XMPHC_SYNC_EVENTS;
  return mode;
}

/* Face i's flag in this process (zero until a peer posts), or NULL where the flags are in
 * another GPU than v's (a copy that moved between the GPUs of a rank: host waits then). */
static uint64_t *flag_slot(xmphc_dev_exchange_t *x, const xmp_dev_gpu_view_t *v,
                           const dface_t *df) {
  if (x->flags == NULL) {
    static const char zero[4 * FLAG_SLOT];
    _Static_assert(sizeof zero >= sizeof x->face / sizeof x->face[0] * FLAG_SLOT, "slots");
    x->flags = xmp_dev_gpu_alloc((size_t)x->nfaces * FLAG_SLOT, 0, x->where);
    x->flags_device = v->device;
    xmp_dev_gpu_copy(v, x->flags, zero, (size_t)x->nfaces * FLAG_SLOT, x->where);
    xmp_dev_gpu_wait(v, x->where);
  }
  if (x->flags_device != v->device)
    return NULL;
  return (uint64_t *)(void *)(x->flags + (size_t)(df - x->face) * FLAG_SLOT);
}

/* The IPC description of this end's flag of face df (exported once). */
static const xmp_dev_ipc_t *own_flag(const xmphc_dev_exchange_t *x, dface_t *df,
                                     uint64_t *slot) {
  if (!df->own.flag.valid) {
    xmp_dev_gpu_view_t fv;
    xmp_dev_gpu_view_of(slot, &fv, x->where);
    xmp_dev_gpu_export(&fv, &df->own.flag, x->where);
  }
  return &df->own.flag;
}

/* Starts the receiver's note of face df for this execution: whole, or its head when the
 * storage part is the one sent before. Before it, "the shadow is free" (whatever reads it is
 * queued before this point of the stream): an event recorded, a flag posted into the sender's
 * memory, or (host, and flags until the sender's flag is known) this host waiting for its
 * stream. */
static void send_note(xmphc_dev_exchange_t *x, dface_t *df, const xmp_dev_gpu_view_t *v,
                      const xmp_dev_ipc_t *mine, const xmphc_dev_step_t *step) {
  note_t now;
  memset(&now, 0, sizeof now); /* padding too: notes are compared bytewise */
  int mode = XMPHC_SYNC_HOST;
  uint64_t *slot = NULL;
  if (v != NULL && df->domain) {
    now.ipc = *mine;
    mode = sync_mode(v);
    if (mode == XMPHC_SYNC_FLAGS && (slot = flag_slot(x, v, df)) == NULL)
      mode = XMPHC_SYNC_HOST;
    if (mode == XMPHC_SYNC_EVENTS) {
      if (df->own_event == NULL)
        df->own_event = xmp_dev_gpu_event_export(v, &df->own.event, x->where);
      now.free_event = df->own.event;
    } else if (mode == XMPHC_SYNC_FLAGS) {
      now.written_flag = *own_flag(x, df, slot);
    }
  }
  for (int e = 0; e < x->rank; e++) {
    now.start[e] = df->box.start[e];
    now.extent[e] = x->extent[e];
  }
  int whole = !df->note_sent || memcmp((const char *)&now + NOTE_HEAD,
                                       (const char *)&df->note + NOTE_HEAD,
                                       sizeof now - NOTE_HEAD) != 0;
  if (whole) {
    df->note = now;
    /* the sender sends its event or flag once more: this end opens or maps it again */
    xmp_dev_gpu_event_free(df->peer_event);
    df->peer_event = NULL;
    df->peer_flag = NULL;
    df->have_peer = 0;
  }
  int posted = 0;
  if (mode == XMPHC_SYNC_EVENTS) {
    xmp_dev_gpu_event_record(v, df->own_event, x->where);
  } else if (mode == XMPHC_SYNC_FLAGS && df->peer_flag != NULL) {
    xmp_dev_gpu_flag_post(v, df->peer_flag, ++df->free_seq, x->where);
    posted = 1;
  } else if (v != NULL && df->domain) {
    xmp_dev_gpu_wait(v, x->where);
  }
  df->note.want = wanted(df, step);
  df->note.bits = (whole ? NOTE_WHOLE : 0) | (posted ? NOTE_POSTED : 0) | mode << NOTE_SYNC_SHIFT;
  df->note_sent = 1;
  MPI_Start(whole ? &df->note_req : &df->note_head);
}

/* The sender takes the receiver's note of this execution (waiting for it where it is still on
 * its way). Every note is taken, whichever path the face takes: a whole one means the
 * receiver's storage moved and it opens or maps the sender's event or flag again, so the
 * mapping of its storage and its event or flag must be taken again before the next direct
 * write and this end's sent once more; and each "free" posted counts. */
static void take_note(dface_t *df) {
  if (!df->note_due)
    return;
  MPI_Wait(&df->note_req, MPI_STATUS_IGNORE);
  df->note_due = 0;
  if (df->note.bits & NOTE_WHOLE) {
    df->peer = NULL;
    xmp_dev_gpu_event_free(df->peer_event);
    df->peer_event = NULL;
    df->peer_flag = NULL;
    df->sync_sent = 0;
  }
  if (df->note.bits & NOTE_POSTED)
    df->free_seq++;
}

static int note_sync(const note_t *n) { return n->bits >> NOTE_SYNC_SHIFT; }

/* Whether the sender of df writes it straight into the receiver's shadow (able to complete
 * it as the note asks). */
static int sender_direct(xmphc_dev_exchange_t *x, const dface_t *df,
                         const xmp_dev_gpu_view_t *v) {
  if (v == NULL || !df->domain || df->note.want == PATH_MPI || !df->note.ipc.valid ||
      !xmp_dev_gpu_peer_ok(v->device, df->note.ipc.device))
    return 0;
  return note_sync(&df->note) != XMPHC_SYNC_FLAGS ||
         (xmp_dev_gpu_flags_available(v->device) && flag_slot(x, v, df) != NULL);
}

/* A timed execution's start: this process and every peer of its faces meet (each sends the
 * other a 0-byte message and waits for the other's). */
static void meet_peers(const xmphc_dev_exchange_t *x) {
  MPI_Request r[8];
  static char none;
  int n = 0;
  for (int j = 0; j < x->npeers; j++) {
    MPI_Irecv(&none, 0, MPI_BYTE, x->peer[j], MEET_TAG, x->comm, &r[n++]);
    MPI_Isend(&none, 0, MPI_BYTE, x->peer[j], MEET_TAG, x->comm, &r[n++]);
  }
  MPI_Waitall(n, r, MPI_STATUSES_IGNORE);
}

static void format_times(char *buf, size_t cap, const double *t) {
  int n = 0;
  for (int p = 0; p < NPATHS && n >= 0 && (size_t)n < cap; p++) {
    if (t[p] >= 0)
      n += snprintf(buf + n, cap - (size_t)n, "%s%s %.1f us", p ? ", " : "", path_name(p),
                    t[p] * 1e6);
    else
      n += snprintf(buf + n, cap - (size_t)n, "%s%s -", p ? ", " : "", path_name(p));
  }
}

/* XMP_COMM_REPORT: a received face's times (this end's, its peer's for the faces it received
 * from here, npeer of them, the pair's) and the path of both directions between them. */
static void report(const xmphc_dev_exchange_t *x, const dface_t *df, const double *peer_t,
                   int npeer, const double *joint) {
  int me;
  MPI_Comm_rank(x->comm, &me);
  char here[96], there[128], pair[96];
  format_times(here, sizeof here, df->best);
  if (npeer > 0) {
    int n = snprintf(there, sizeof there, "at node %d (faces from node %d) ", df->f.peer, me);
    if (n > 0 && (size_t)n < sizeof there)
      format_times(there + n, sizeof there - (size_t)n, peer_t);
  } else {
    snprintf(there, sizeof there, "node %d receives no face from node %d", df->f.peer, me);
  }
  format_times(pair, sizeof pair, joint);
  xmpb_note(x->where, "comm",
            "array '%s' dimension %d (device copy), node %d -> node %d (%s): %s, %ld run%s of "
            "%zu B (%zu B); measured here %s; %s; pair (slower end) %s: %s", x->name, x->dim,
            df->f.peer, me, df->f.up ? "up" : "down",
            df->kind >= 0 ? xmphc_face_kind_name(df->kind) : "face", df->nruns,
            df->nruns == 1 ? "" : "s", df->run_bytes, df->bytes, here, there, pair,
            path_name(df->chosen));
}

/* The window's end: per pair, both ends swap their times of the faces they received from the
 * other and take the same path for every face between them. */
static void decide(xmphc_dev_exchange_t *x, long e) {
  /* per peer: the folded times, then the number of faces folded */
  double mine[4][NPATHS + 1], theirs[4][NPATHS + 1];
  MPI_Request r[8];
  int n = 0;
  for (int j = 0; j < x->npeers; j++) {
    for (int p = 0; p <= NPATHS; p++)
      mine[j][p] = 0.0; /* no face from that peer: it adds no time */
    for (int i = 0; i < x->nfaces; i++) {
      const dface_t *df = &x->face[i];
      if (!df->f.send && !df->self && df->f.peer == x->peer[j]) {
        xmphc_dev_fold(mine[j], df->best);
        mine[j][NPATHS] += 1.0;
      }
    }
    MPI_Irecv(theirs[j], NPATHS + 1, MPI_DOUBLE, x->peer[j], DECIDE_TAG, x->comm, &r[n++]);
    MPI_Isend(mine[j], NPATHS + 1, MPI_DOUBLE, x->peer[j], DECIDE_TAG, x->comm, &r[n++]);
  }
  MPI_Waitall(n, r, MPI_STATUSES_IGNORE);
  for (int j = 0; j < x->npeers; j++) {
    double joint[NPATHS];
    int path = xmphc_dev_choose(mine[j], theirs[j], joint);
    for (int i = 0; i < x->nfaces; i++) {
      dface_t *df = &x->face[i];
      if (df->self || df->f.peer != x->peer[j])
        continue;
      int before = df->chosen;
      df->chosen = path;
      df->skip = xmphc_dev_prune(joint, path);
      if (!df->f.send && xmphc_config()->report && (e < XMPHC_DEV_RECHECK || before != path))
        report(x, df, theirs[j], (int)theirs[j][NPATHS], joint);
    }
  }
  for (int i = 0; i < x->nfaces; i++)
    forget_times(&x->face[i]);
}

/* What one execution's faces share. */
typedef struct exec {
  xmphc_dev_exchange_t *x;
  xmp_dev_data_t *d;
  const xmp_dev_gpu_view_t *v;
  const xmphc_dev_step_t *step;
  const xmp_dev_ipc_t *mine; /* this process's storage (direct paths) */
  int notes;
  int measure; /* the order's measured execution: its time holds the faces' arrival */
  double t0;   /* the execution's start, for the measuring window */
} exec_t;

enum { SEL_DOWN = 1u << 0, SEL_UP = 1u << 1, SEL_ALL = SEL_DOWN | SEL_UP };

/* Whether sel takes face df (by the direction it moves in). */
static int selected(const dface_t *df, unsigned sel) { return (sel >> (df->f.up != 0)) & 1u; }

/* Starts the faces that sel takes: the receivers' notes, the sends (or the writes into the
 * peers' shadows), the receives posted. */
static void issue_faces(const exec_t *ex, unsigned sel) {
  xmphc_dev_exchange_t *x = ex->x;
  const xmp_dev_gpu_view_t *v = ex->v;
  const xmp_rt_srcloc_t *where = x->where;
  int notes = ex->notes;
  /* The notes first: the senders wait for them. Then the notes' receives. */
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (notes && !df->f.send && selected(df, sel))
      send_note(x, df, v, ex->mine, ex->step);
  }
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (notes && df->f.send && selected(df, sel)) {
      MPI_Start(&df->note_req);
      df->note_due = 1;
    }
  }
  /* Sends: the host copy packs every face in one task; a GPU copy per face, after its note.
   * The direct writes go first: the face receives are posted while the copy engines work. */
  int nsend = 0, host_packed = 0;
  xmp_dev_box_t boxes[4];
  for (int i = 0; i < x->nfaces; i++)
    if (x->face[i].f.send && selected(&x->face[i], sel))
      boxes[nsend++] = x->face[i].box;
  if (v == NULL && nsend > 0) {
    xmp_dev_copy_boxes(ex->d, x->rank, x->extent, nsend, boxes, x->buf, 1, where);
    host_packed = 1;
  }
  int ndirect = 0, host_sync = 0;
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (!df->f.send || !selected(df, sel))
      continue;
    /* The note matters only where the direct path is possible. */
    int may_direct = notes && v != NULL && df->domain;
    if (may_direct)
      take_note(df);
    df->wrote = may_direct && sender_direct(x, df, v);
    df->sent_path = PATH_MPI;
    if (!df->wrote)
      continue;
    if (df->peer == NULL)
      df->peer = xmp_dev_gpu_import(v, &df->note.ipc, where);
    /* after the receiver's kernels that read the shadow (host: its host waited for them) */
    int mode = note_sync(&df->note);
    if (mode == XMPHC_SYNC_EVENTS) {
      if (df->peer_event == NULL)
        df->peer_event = xmp_dev_gpu_event_import(&df->note.free_event, where);
      xmp_dev_gpu_event_after(v, df->peer_event, where);
    } else if (mode == XMPHC_SYNC_FLAGS && (df->note.bits & NOTE_POSTED)) {
      xmp_dev_gpu_flag_wait(v, flag_slot(x, v, df), df->free_seq, where);
    }
    host_sync |= mode == XMPHC_SYNC_HOST;
    df->sent_path = df->note.want == PATH_KERNEL && xmp_dev_gpu_kernels_available()
                        ? PATH_KERNEL
                        : PATH_DIRECT;
    if (df->sent_path == PATH_KERNEL)
      xmp_dev_gpu_store_box(v, x->rank, x->extent, &df->box, df->peer, df->note.extent,
                            df->note.start, where);
    else
      xmp_dev_gpu_put_box(v, x->rank, x->extent, &df->box, df->peer, df->note.extent,
                          df->note.start, where);
    ndirect++;
  }
  for (int i = 0; i < x->nfaces; i++)
    if (!x->face[i].f.send && selected(&x->face[i], sel))
      MPI_Start(&x->face[i].data);
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (!df->f.send || !selected(df, sel) || df->wrote)
      continue;
    if (!host_packed) {
      xmp_dev_gpu_copy_box(v, x->rank, x->extent, &df->box, x->buf, 1, where);
      xmp_dev_gpu_wait(v, where);
    }
    MPI_Start(&df->data);
  }
  if (ndirect > 0) {
    /* The receivers' streams wait for the writes by this end's events or flags; the host
     * waits for them where a receiver asked so, and where the receivers time the faces (the
     * measuring window, the report). */
    if (host_sync || ex->step->timed || ex->measure || x->sum != NULL)
      xmp_dev_gpu_wait(v, where);
    for (int i = 0; i < x->nfaces; i++) {
      dface_t *df = &x->face[i];
      if (!df->f.send || !selected(df, sel) || !df->wrote)
        continue;
      int mode = note_sync(&df->note);
      if (mode == XMPHC_SYNC_EVENTS) {
        if (df->own_event == NULL)
          df->own_event = xmp_dev_gpu_event_export(v, &df->own.event, where);
        xmp_dev_gpu_event_record(v, df->own_event, where);
      } else if (mode == XMPHC_SYNC_FLAGS) {
        if (df->peer_flag == NULL)
          df->peer_flag = xmp_dev_gpu_import(v, &df->note.written_flag, where);
        xmp_dev_gpu_flag_post(v, df->peer_flag, ++df->written_seq, where);
      }
      if (mode != XMPHC_SYNC_HOST && !df->sync_sent) { /* taken after the done message */
        if (mode == XMPHC_SYNC_FLAGS)
          own_flag(x, df, flag_slot(x, v, df));
        MPI_Isend(&df->own, (int)sizeof df->own, MPI_BYTE, df->f.peer, EVENT_TAG + df->f.tag,
                  x->comm, &df->sync_req);
        df->sync_sent = 1;
      }
      MPI_Start(&df->done);
    }
  }
}

/* Completes the faces that sel takes (issue_faces started them): into the shadows (for the
 * direct paths, this end's stream waits for the writers' signals), then every request of
 * theirs complete. */
static void arrive_faces(const exec_t *ex, unsigned sel) {
  xmphc_dev_exchange_t *x = ex->x;
  const xmp_dev_gpu_view_t *v = ex->v;
  const xmp_rt_srcloc_t *where = x->where;
  int notes = ex->notes;
  xmp_dev_box_t boxes[4];
  /* Arrivals: 0 bytes means the sender wrote the shadow directly. */
  int nrecv = 0, unpack[4];
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (df->f.send || !selected(df, sel))
      continue;
    MPI_Status st;
    MPI_Wait(&df->data, &st);
    int count;
    MPI_Get_count(&st, MPI_BYTE, &count);
    int path = count == 0 ? df->note.want : PATH_MPI;
    int mode = note_sync(&df->note); /* the one this end's note asked for */
    if (path != PATH_MPI && mode != XMPHC_SYNC_HOST) {
      /* written by the peer's stream: this one waits for it */
      if (!df->have_peer) {
        MPI_Recv(&df->peer_sync, (int)sizeof df->peer_sync, MPI_BYTE, df->f.peer,
                 EVENT_TAG + df->f.tag, x->comm, MPI_STATUS_IGNORE);
        if (mode == XMPHC_SYNC_EVENTS)
          df->peer_event = xmp_dev_gpu_event_import(&df->peer_sync.event, where);
        else
          df->peer_flag = xmp_dev_gpu_import(v, &df->peer_sync.flag, where);
        df->have_peer = 1;
      }
      if (mode == XMPHC_SYNC_EVENTS)
        xmp_dev_gpu_event_after(v, df->peer_event, where);
      else
        xmp_dev_gpu_flag_wait(v, flag_slot(x, v, df), ++df->written_seq, where);
    } else if (path != PATH_MPI) {
      /* host: the sender's host waited for its writes before the done message */
    } else if (path == PATH_MPI && v != NULL) {
      xmp_dev_gpu_copy_box(v, x->rank, x->extent, &df->box, x->buf, 0, where);
      xmp_dev_gpu_wait(v, where);
    } else if (path == PATH_MPI) {
      unpack[nrecv++] = i;
    }
    if (ex->step->timed && !df->self)
      xmphc_keep_shortest(df->best, path, MPI_Wtime() - ex->t0);
    if (x->sum != NULL) /* the face is here (an MPI one still to be unpacked) */
      xmphc_sum_path(x->sum, sum_path(path), MPI_Wtime() - ex->t0);
  }
  if (nrecv > 0) {
    for (int j = 0; j < nrecv; j++)
      boxes[j] = x->face[unpack[j]].box;
    xmp_dev_copy_boxes(ex->d, x->rank, x->extent, nrecv, boxes, x->buf, 0, where);
  }

  /* Every request of these faces complete (notes, MPI sends, done messages). */
  for (int i = 0; i < x->nfaces; i++) {
    dface_t *df = &x->face[i];
    if (!selected(df, sel))
      continue;
    if (notes && df->f.send) {
      take_note(df);
    } else if (notes) {
      MPI_Wait(&df->note_req, MPI_STATUS_IGNORE); /* inactive ones return at once */
      MPI_Wait(&df->note_head, MPI_STATUS_IGNORE);
    }
    if (df->f.send) {
      MPI_Wait(&df->data, MPI_STATUS_IGNORE);
      MPI_Wait(&df->done, MPI_STATUS_IGNORE);
      MPI_Wait(&df->sync_req, MPI_STATUS_IGNORE); /* MPI_REQUEST_NULL: at once */
      if (x->sum != NULL)
        xmphc_sum_path(x->sum, sum_path(df->sent_path), MPI_Wtime() - ex->t0);
    }
  }
}

/* The order of execution e (XMPHC_ORDER_*), *measure: whether its time counts. */
static int order_of(xmphc_dev_exchange_t *x, long e, int *measure) {
  const xmphc_config_t *cfg = xmphc_config();
  *measure = 0;
  if (cfg->halo_order >= 0)
    return cfg->halo_order;
  if (cfg->comm != XMPHC_COMM_AUTO || e >= XMPHC_DEV_WINDOW)
    xmphc_algo_start(&x->order); /* the paths are chosen (or forced) */
  return xmphc_algo_pick(&x->order, 1u << XMPHC_ORDER_CONCURRENT | 1u << XMPHC_ORDER_PHASED,
                         XMPHC_COMM_AUTO, measure);
}

/* A measured execution of order `order` took t here; at the window's end every node of the
 * exchange takes the slowest node's times and the same order. */
static void order_done(xmphc_dev_exchange_t *x, int order, double t) {
  unsigned mask = 1u << XMPHC_ORDER_CONCURRENT | 1u << XMPHC_ORDER_PHASED;
  double worst[XMPHC_ALGO_MAX];
  if (!xmphc_algo_measured(&x->order, mask, order, t, x->comm, worst))
    return;
  int me;
  MPI_Comm_rank(x->comm, &me);
  if (xmphc_config()->report && me == 0)
    xmpb_note(x->where, "comm", "array '%s' dimension %d (device copy): faces all at once "
              "%.1f us, phased by direction %.1f us (slowest node): %s", x->name, x->dim,
              worst[XMPHC_ORDER_CONCURRENT] * 1e6, worst[XMPHC_ORDER_PHASED] * 1e6,
              x->order.chosen == XMPHC_ORDER_PHASED ? "phased" : "all at once");
}

/* XMP_COMM=direct-kernel where a face arrives in a GPU: the kernels must load. */
static int kernels_check(const xmphc_dev_exchange_t *x, const xmp_dev_gpu_view_t *v) {
  const xmphc_config_t *cfg = xmphc_config();
  if (!(cfg->comm == XMPHC_COMM_DIRECT && cfg->direct_kernel) || v == NULL ||
      xmp_dev_gpu_kernels_available())
    return XMPHC_OK;
  for (int i = 0; i < x->nfaces; i++)
    if (!x->face[i].f.send)
      return xmphc_fail(XMPHC_E_CUDA,
                        "XMP_COMM=direct-kernel: the halo face kernel library %s does not "
                        "load (it is built next to libxmp where nvcc is found, and found "
                        "through the program's run path); use XMP_COMM=auto, direct or mpi",
                        xmp_dev_gpu_kernels_path());
  return XMPHC_OK;
}

/* The shadow rows along x->dim that the faces sel takes arrive into (see xmp_dev_overlap_t):
 * the receives' boxes below the middle of the storage end the low ones, those above it begin
 * the high ones. */
static void arriving_rows(const xmphc_dev_exchange_t *x, unsigned sel, xmp_dev_overlap_t *a) {
  long mid = x->extent[x->dim] / 2;
  a->dim = x->dim;
  a->lo_end = 0;
  a->hi_begin = x->extent[x->dim];
  for (int i = 0; i < x->nfaces; i++) {
    const dface_t *df = &x->face[i];
    if (df->f.send || !selected(df, sel))
      continue;
    long r0 = df->box.start[x->dim], r1 = r0 + df->box.count[x->dim];
    if (r0 < mid)
      a->lo_end = r1 > a->lo_end ? r1 : a->lo_end;
    else
      a->hi_begin = r0 < a->hi_begin ? r0 : a->hi_begin;
  }
}

/* Whether this end's host completes one of the faces that sel takes into this end: MPI (or
 * its host copy) brings it, or the writer's host waits for its stream (XMP_HALO_SYNC=host).
 * Else every arrival is ordered on the streams (device completion) and the host has nothing
 * to wait for. */
static int host_completes(const exec_t *ex, unsigned sel) {
  const xmphc_dev_exchange_t *x = ex->x;
  for (int i = 0; i < x->nfaces; i++) {
    const dface_t *df = &x->face[i];
    if (df->f.send || !selected(df, sel))
      continue;
    if (!ex->notes || ex->v == NULL || df->self || !df->domain || df->note.want == PATH_MPI ||
        note_sync(&df->note) == XMPHC_SYNC_HOST)
      return 1;
  }
  return 0;
}

/* The execution's end: the summary, the order's measured time, the paths' decision. */
static void end_exec(xmphc_dev_exchange_t *x, const exec_t *ex, int order) {
  if (x->sum != NULL) /* the execution's faces, without the decisions' messages */
    xmphc_sum_call(x->sum, MPI_Wtime() - ex->t0, x->bytes);
  if (ex->measure) {
    /* With device completion the host's part is only the faces' issue: the time compared
     * runs until they are in this end's shadows (its stream past their signals). */
    if (ex->v != NULL)
      xmp_dev_gpu_wait(ex->v, x->where);
    order_done(x, order, MPI_Wtime() - ex->t0);
  }
  if (ex->step->decide)
    decide(x, x->execs - 1);
}

int xmphc_dev_exchange_start(xmphc_dev_exchange_t *x, xmp_dev_data_t *d,
                             const xmp_dev_gpu_view_t *v, int may_leave,
                             xmp_dev_overlap_t *arriving) {
  if (x->left)
    return xmphc_fail(XMPHC_E_INTERNAL,
                      "array '%s' dimension %d: a device exchange "
                      "started again before its faces arrived",
                      x->name, x->dim);
  int st = kernels_check(x, v);
  if (st != XMPHC_OK)
    return st;
  int notes = xmphc_config()->comm != XMPHC_COMM_MPI;
  long e = x->execs++;
  int measure_order, order = order_of(x, e, &measure_order);
  xmphc_dev_step_t step = {-1, 0, 0, 0};
  if (notes && xmphc_config()->comm == XMPHC_COMM_AUTO)
    step = xmphc_dev_schedule(e, v != NULL && xmp_dev_gpu_kernels_available());
  if (measure_order && v != NULL)
    xmp_dev_gpu_wait(v, x->where); /* the loops queued before the faces: not the order's time */
  if (step.sync || measure_order)
    meet_peers(x);
  exec_t ex = {x, d, v, &step, NULL, notes, measure_order, MPI_Wtime()};
  xmp_dev_ipc_t mine;
  memset(&mine, 0, sizeof mine);
  if (notes && v != NULL)
    xmp_dev_gpu_export(v, &mine, x->where);
  ex.mine = &mine;
  unsigned last = SEL_ALL;
  if (order == XMPHC_ORDER_PHASED) {
    issue_faces(&ex, SEL_UP);
    arrive_faces(&ex, SEL_UP);
    last = SEL_DOWN;
  }
  issue_faces(&ex, last);
  /* Left only where nothing times this execution (its times must hold the arrivals), and
   * under XMPHC_LEAVE_HOST where this end's host completes a face. */
  if (may_leave != XMPHC_LEAVE_NO && !step.timed && !step.sync && !step.decide && !measure_order &&
      x->sum == NULL && (may_leave == XMPHC_LEAVE_ANY || host_completes(&ex, last))) {
    x->left = 1;
    x->left_sel = last;
    x->left_step = step;
    x->left_t0 = ex.t0;
    x->left_data = d;
    x->left_notes = notes;
    x->left_view = v != NULL ? *v : (xmp_dev_gpu_view_t){0};
    arriving->data = d;
    arriving_rows(x, last, arriving);
    return XMPHC_OK;
  }
  arrive_faces(&ex, last);
  end_exec(x, &ex, order);
  return XMPHC_OK;
}

int xmphc_dev_exchange_finish(xmphc_dev_exchange_t *x) {
  if (!x->left)
    return XMPHC_OK;
  x->left = 0;
  const xmp_dev_gpu_view_t *v = x->left_view.data != NULL ? &x->left_view : NULL;
  exec_t ex = {x, x->left_data, v, &x->left_step, NULL, x->left_notes, 0, x->left_t0};
  arrive_faces(&ex, x->left_sel);
  end_exec(x, &ex, XMPHC_ORDER_CONCURRENT);
  return XMPHC_OK;
}

int xmphc_dev_exchange_left(const xmphc_dev_exchange_t *x) { return x->left; }

int xmphc_dev_exchange_run(xmphc_dev_exchange_t *x, xmp_dev_data_t *d,
                           const xmp_dev_gpu_view_t *v) {
  return xmphc_dev_exchange_start(x, d, v, 0, NULL);
}
