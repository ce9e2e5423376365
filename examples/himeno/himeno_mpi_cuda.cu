// Himeno benchmark by hand with MPI + CUDA: what a user writes without xmpcc.
//
//   mpirun -np N himeno_mpi_cuda [-d PxQxR] [--halo auto|mpi] [--roofline] [-b B]
//                                SIZE [ITERATIONS]
//
// The I x J x K grid is split into blocks over a P x Q x R process grid (-d;
// default: MPI_Dims_create over i and j), unevenly where the extents do not
// divide. Each rank keeps its block with a one-point halo along every split
// axis, on its GPU. Per iteration: halo exchange axis by axis (so edges and
// corners travel too: the stencil reads edge neighbours), the Jacobi kernel,
// and an MPI_Allreduce of Gosa. A face goes to a neighbour on the same host
// by a kernel that stores straight into the neighbour's memory (CUDA IPC)
// where the GPUs can reach each other, else through MPI persistent requests
// with pack/unpack kernels and pinned host buffers (--halo mpi: always).
// p and wrk2 swap roles each iteration instead of copying wrk2 back; built with
// -DHIMENO_COPY_LOOP=1 (make: himeno_mpi_cuda_copy, himeno_mpi_cpu_copy) it keeps
// the benchmark's copy loop p = wrk2 over the interior instead, as the thesis's
// appendix A.2 and the directive version (himeno.c) do: the same algorithm as
// those, 8 more bytes per point (the baseline bench/apps compares them with).
//
// Built with nvcc this runs on GPUs (one per rank on a host, round robin);
// built as C++ (mpicxx -x c++) the same code runs on CPUs (himeno_dev.h).
// --roofline (CUDA) also measures the device copy bandwidth and prints the
// MFLOPS that bandwidth allows at 56 bytes per point (13 loads, 1 store; with
// the copy loop 64: one load and one store more).
// -b sets the b coefficients, as himeno_serial's -b does (tests: edge terms).
#include <math.h>

#include "himeno_size.h"
#include "himeno_stencil.h"

#ifndef HIMENO_COPY_LOOP
#define HIMENO_COPY_LOOP 0
#endif
// Bytes each updated point moves per iteration (the roofline's divisor).
#define HIMENO_BYTES_PER_POINT (HIMENO_COPY_LOOP ? 64.0 : 56.0)

#ifdef __CUDACC__
cudaStream_t himeno_stream;
#endif

struct Config {
  int dims[3], procs[3], iterations, halo_mpi, roofline;
  float b;
};

// A process's block: global points [lo, lo+n) per axis, halo width h (1 on
// split axes), local extents ext = n + 2h.
struct Layout {
  int lo[3], n[3], h[3], ext[3];
  size_t points() const { return (size_t)ext[0] * ext[1] * ext[2]; }
  View view(float *p) const { return View{p, {0, 0, 0}, {ext[0], ext[1], ext[2]}}; }
};

static Layout layout_at(const Config &cfg, const int coords[3]) {
  Layout L;
  for (int d = 0; d < 3; d++) {
    int g = cfg.dims[d], P = cfg.procs[d], c = coords[d];
    L.n[d] = g / P + (c < g % P);
    L.lo[d] = c * (g / P) + (c < g % P ? c : g % P);
    L.h[d] = P > 1;
    L.ext[d] = L.n[d] + 2 * L.h[d];
  }
  return L;
}

// One face of the halo exchange: axis d, side s (0 lower, 1 upper).
struct Halo {
  int peer, ipc;
  Box send, recv;                   // my boundary layer, my halo layer
  float *sbuf, *rbuf, *sbuf_d, *rbuf_d; // MPI path: host and device face buffers
  View peer_p[2];                   // IPC path: the neighbour's two grid buffers
  int shift[3];                     // IPC path: my index -> the neighbour's halo index
};

struct Himeno {
  Config cfg;
  int rank, nprocs, coords[3];
  MPI_Comm cart;
  Layout L;
  Box upd;              // the points this rank updates (interior of the global grid)
  Coefs coef;
  float *buf[2];        // p and wrk2; p is buf[step % 2]
  long step;
  Halo halo[3][2];
  MPI_Request req[3][4]; // per axis, persistent: receives (sides 0, 1), then sends
  double *gosa_d, *gosa_h;
};

// ---- command line -------------------------------------------------------------------------

static int usage(const char *prog) {
  fprintf(stderr,
          "usage: %s [-d PxQxR] [--halo auto|mpi] [--roofline] [-b B] XS|S|M|L|XL|IxJxK "
          "[iterations]\n",
          prog);
  return -1;
}

// Rank 0 parses; 0 on success, else the message is printed and -1 returned.
static int parse_args(int argc, char **argv, int nprocs, Config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->iterations = 10;
  int a = 1;
  for (; a < argc && argv[a][0] == '-'; a++) {
    if (strcmp(argv[a], "-d") == 0 && a + 1 < argc) {
      if (himeno_parse_triple(argv[++a], cfg->procs) != 0) {
        fprintf(stderr, "himeno: bad -d '%s': expected PxQxR with positive integers\n",
                argv[a]);
        return -1;
      }
    } else if (strcmp(argv[a], "--halo") == 0 && a + 1 < argc) {
      a++;
      if (strcmp(argv[a], "auto") != 0 && strcmp(argv[a], "mpi") != 0) {
        fprintf(stderr, "himeno: bad --halo '%s': expected auto or mpi\n", argv[a]);
        return -1;
      }
      cfg->halo_mpi = strcmp(argv[a], "mpi") == 0;
    } else if (strcmp(argv[a], "-b") == 0 && a + 1 < argc) {
      if (himeno_parse_real("-b", argv[++a], &cfg->b) != 0)
        return -1;
    } else if (strcmp(argv[a], "--roofline") == 0) {
      if (!HIMENO_CUDA) {
        fprintf(stderr, "himeno: --roofline needs the CUDA build\n");
        return -1;
      }
      cfg->roofline = 1;
    } else {
      fprintf(stderr, "himeno: unknown option '%s'\n", argv[a]);
      return usage(argv[0]);
    }
  }
  if (a == argc || argc - a > 2)
    return usage(argv[0]);
  if (himeno_parse_size(argv[a], cfg->dims) != 0 ||
      (a + 1 < argc && (cfg->iterations = himeno_parse_iterations(argv[a + 1])) < 0))
    return -1;
  if (cfg->procs[0] == 0) {
    // Default: split i and j, keep k (contiguous) whole.
    int pd[3] = {0, 0, 1};
    MPI_Dims_create(nprocs, 3, pd);
    memcpy(cfg->procs, pd, sizeof pd);
  }
  if (cfg->procs[0] * cfg->procs[1] * cfg->procs[2] != nprocs) {
    fprintf(stderr, "himeno: -d %dx%dx%d needs %d processes, running on %d\n", cfg->procs[0],
            cfg->procs[1], cfg->procs[2], cfg->procs[0] * cfg->procs[1] * cfg->procs[2], nprocs);
    return -1;
  }
  for (int d = 0; d < 3; d++)
    if (cfg->procs[d] > cfg->dims[d]) {
      fprintf(stderr, "himeno: -d splits axis %d (%d points) over %d processes: at most %d\n", d,
              cfg->dims[d], cfg->procs[d], cfg->dims[d]);
      return -1;
    }
  return 0;
}

// ---- arrays -------------------------------------------------------------------------------

// The benchmark's initial values; wrk2 starts as a copy of p so that the two can
// swap (only interior points are ever written, the boundary stays p's).
static void init_arrays(Himeno &H) {
  float b = H.cfg.b;
  const float value[NCOEF] = {1, 1, 1, 1.0f / 6, b, b, b, 1, 1, 1, 0, 1};
  const Layout &L = H.L;
  Box all = {{0, 0, 0}, {L.ext[0], L.ext[1], L.ext[2]}};
  for (int c = 0; c < NCOEF; c++) {
    View v = L.view((float *)H.coef.f[c]);
    float x = value[c];
    each3d(all, [=] HD(int i, int j, int k) { v.at(i, j, k) = x; });
  }
  // Halo points start as NaN: one the exchange misses poisons Gosa (even where b = 0).
  View p = L.view(H.buf[0]);
  int off = L.lo[0] - L.h[0];
  long long last = H.cfg.dims[0] - 1;
  Layout own = L;
  each3d(all, [=] HD(int i, int j, int k) {
    long long gi = i + off;
    int q[3] = {i, j, k}, halo = 0;
    for (int d = 0; d < 3; d++)
      halo |= q[d] < own.h[d] || q[d] >= own.h[d] + own.n[d];
    p.at(i, j, k) = halo ? NAN : (float)(gi * gi) / (float)(last * last);
  });
  dev_copy(H.buf[1], H.buf[0], L.points());
  dev_sync();
}

// ---- halo exchange ------------------------------------------------------------------------

static int tag(int d, int s) { return 2 * d + s; } // a face travelling along axis d to side s

// Which ranks share a host, and which GPU each drives: [2*r] host id, [2*r+1] device.
static int *gather_placement(Himeno &H, int device) {
  MPI_Comm host;
  int host_id = H.rank, *all = (int *)malloc(2 * H.nprocs * sizeof *all);
  MPI_Comm_split_type(H.cart, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
  MPI_Bcast(&host_id, 1, MPI_INT, 0, host);
  MPI_Comm_free(&host);
  int mine[2] = {host_id, device};
  MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, H.cart);
  return all;
}

// CUDA IPC for the face to `peer` when both sides can map each other's memory.
static int choose_ipc(Himeno &H, const int *placement, int device, int peer, int d, int s) {
  int ok = 0;
#ifdef __CUDACC__
  int peer_dev = placement[2 * peer + 1];
  if (!H.cfg.halo_mpi && placement[2 * peer] == placement[2 * H.rank]) {
    ok = peer_dev == device;
    if (!ok)
      CK(cudaDeviceCanAccessPeer(&ok, device, peer_dev));
  }
#else
  (void)placement, (void)device;
#endif
  int theirs;
  MPI_Sendrecv(&ok, 1, MPI_INT, peer, tag(d, s), &theirs, 1, MPI_INT, peer, tag(d, 1 - s),
               H.cart, MPI_STATUS_IGNORE);
  return ok && theirs;
}

// Maps the neighbour's two grid buffers into this process (IPC faces only).
static void map_peer(Himeno &H, Halo &h, int d, int s) {
#ifdef __CUDACC__
  cudaIpcMemHandle_t mine[2], theirs[2];
  for (int b = 0; b < 2; b++)
    CK(cudaIpcGetMemHandle(&mine[b], H.buf[b]));
  MPI_Sendrecv(mine, sizeof mine, MPI_BYTE, h.peer, tag(d, s), theirs, sizeof theirs, MPI_BYTE,
               h.peer, tag(d, 1 - s), H.cart, MPI_STATUS_IGNORE);
  int pc[3];
  MPI_Cart_coords(H.cart, h.peer, 3, pc);
  Layout PL = layout_at(H.cfg, pc);
  for (int b = 0; b < 2; b++) {
    void *ptr;
    CK(cudaIpcOpenMemHandle(&ptr, theirs[b], cudaIpcMemLazyEnablePeerAccess));
    h.peer_p[b] = PL.view((float *)ptr);
  }
  // My boundary layer lands in the neighbour's halo layer on the facing side.
  memset(h.shift, 0, sizeof h.shift);
  h.shift[d] = (s == 1 ? 0 : PL.h[d] + PL.n[d]) - h.send.lo[d];
#else
  (void)H, (void)h, (void)d, (void)s;
#endif
}

static void setup_halos(Himeno &H, int device) {
  const Layout &L = H.L;
  int *placement = gather_placement(H, device);
  for (int d = 0; d < 3; d++) {
    if (H.cfg.procs[d] == 1)
      continue;
    for (int s = 0; s < 2; s++) {
      Halo &h = H.halo[d][s];
      memset(&h, 0, sizeof h);
      int lower, upper;
      MPI_Cart_shift(H.cart, d, 1, &lower, &upper);
      h.peer = s ? upper : lower;
      for (int e = 0; e < 3; e++) {
        h.send.lo[e] = h.recv.lo[e] = 0;
        h.send.hi[e] = h.recv.hi[e] = L.ext[e];
      }
      h.send.lo[d] = s ? L.n[d] : 1; // first or last owned layer (h = 1 here)
      h.recv.lo[d] = s ? L.n[d] + 1 : 0;
      h.send.hi[d] = h.send.lo[d] + 1;
      h.recv.hi[d] = h.recv.lo[d] + 1;
      if (h.peer != MPI_PROC_NULL)
        h.ipc = choose_ipc(H, placement, device, h.peer, d, s);
      size_t n = h.ipc || h.peer == MPI_PROC_NULL ? 0 : h.send.size();
      if (n) {
        h.sbuf = host_alloc(n);
        h.rbuf = host_alloc(n);
        h.sbuf_d = HIMENO_CUDA ? dev_alloc(n) : h.sbuf;
        h.rbuf_d = HIMENO_CUDA ? dev_alloc(n) : h.rbuf;
      } else if (h.ipc) {
        map_peer(H, h, d, s);
      }
      // IPC faces send a zero-byte message: "your halo is written".
      MPI_Datatype type = n ? MPI_FLOAT : MPI_BYTE;
      MPI_Recv_init(h.rbuf, (int)n, type, h.peer, tag(d, 1 - s), H.cart, &H.req[d][s]);
      MPI_Send_init(h.sbuf, (int)n, type, h.peer, tag(d, s), H.cart, &H.req[d][2 + s]);
    }
  }
  free(placement);
}

// Fills the halos of p = buf[parity], axis by axis: a later axis's faces span the
// earlier axes' halos, which carries the edge values the stencil reads.
//
// IPC stores into a neighbour's buffer are safe from racing its Jacobi kernel
// because every rank waits for its kernels before the previous iteration's
// MPI_Allreduce, which no rank leaves before all have entered.
static void exchange(Himeno &H, int parity) {
  View p = H.L.view(H.buf[parity]);
  static const int zero[3] = {0, 0, 0};
  for (int d = 0; d < 3; d++) {
    if (H.cfg.procs[d] == 1)
      continue;
    for (int s = 0; s < 2; s++) {
      Halo &h = H.halo[d][s];
      if (h.peer == MPI_PROC_NULL)
        continue;
      if (h.ipc) {
        copy_box(h.peer_p[parity], h.shift, p, h.send);
      } else {
        copy_box(view_of_box(h.sbuf_d, h.send), zero, p, h.send);
        to_host(h.sbuf, h.sbuf_d, h.send.size());
      }
    }
    dev_sync(); // faces packed, or stored in the neighbours' memory, before telling them
    MPI_Startall(4, H.req[d]);
    MPI_Waitall(4, H.req[d], MPI_STATUSES_IGNORE);
    for (int s = 0; s < 2; s++) {
      Halo &h = H.halo[d][s];
      if (h.peer != MPI_PROC_NULL && !h.ipc) {
        to_device(h.rbuf_d, h.rbuf, h.recv.size());
        copy_box(p, zero, view_of_box(h.rbuf_d, h.recv), h.recv);
      }
    }
  }
}

// ---- Jacobi -------------------------------------------------------------------------------

static const float omega = 0.8f;

#ifdef __CUDACC__
// Tile of TK (k, one warp: coalesced) x TJ points per block; each block marches
// CH planes along i, keeping planes i-1, i, i+1 of p (with a one-point ring) in
// shared memory, so every p value is loaded from memory about once. A thread
// loads its point's coefficients before the barrier, with the next plane of p,
// so that both are in flight together (without that: 65% of the copy-bandwidth
// roofline on an H200; with it 94-96% at L and XL). TJ = 4, CH = 16 measured
// best of TJ 4/8/16 x CH 8/16/32/64 there.
#ifndef HIMENO_TJ
#define HIMENO_TJ 4
#endif
#ifndef HIMENO_CH
#define HIMENO_CH 16
#endif
enum { TK = 32, TJ = HIMENO_TJ, CH = HIMENO_CH };

__global__ void __launch_bounds__(TK *TJ)
    jacobi_kernel(Coefs c, const float *__restrict__ p, float *__restrict__ w, Box u, int e1,
                  int e2, double *gosa) {
  __shared__ float tile[3][TJ + 2][TK + 2];
  __shared__ double part[TK * TJ / 32];
  int tk = threadIdx.x, tj = threadIdx.y;
  int k0 = blockIdx.x * TK, j0 = u.lo[1] + blockIdx.y * TJ; // k from 0: aligned rows
  int k = k0 + tk, j = j0 + tj;
  int i0 = u.lo[0] + blockIdx.z * CH, i1 = min(i0 + CH, u.hi[0]);
  bool active = k >= u.lo[2] && k < u.hi[2] && j < u.hi[1];
  auto load = [&](int slot, int i) {
    for (int t = tj * TK + tk; t < (TJ + 2) * (TK + 2); t += TJ * TK) {
      int jj = j0 - 1 + t / (TK + 2), kk = k0 - 1 + t % (TK + 2);
      tile[slot][t / (TK + 2)][t % (TK + 2)] =
          jj < e1 && kk >= 0 && kk < e2 ? p[((size_t)i * e1 + jj) * e2 + kk] : 0.0f;
    }
  };
  int lo = 0, mid = 1, hi = 2;
  load(lo, i0 - 1);
  load(mid, i0);
  double acc = 0;
  for (int i = i0; i < i1; i++) {
    size_t x = ((size_t)i * e1 + j) * e2 + k;
    float a[NCOEF];
    for (int q = 0; q < NCOEF; q++)
      a[q] = active ? ld(c.f[q] + x) : 0.0f;
    load(hi, i + 1);
    __syncthreads();
    if (active) {
      auto at = [&](int di, int dj, int dk) {
        return tile[di < 0 ? lo : di > 0 ? hi : mid][tj + 1 + dj][tk + 1 + dk];
      };
      float ss = himeno_ss([&](int q) { return a[q]; }, at);
      acc += (double)(ss * ss);
      w[x] = at(0, 0, 0) + omega * ss;
    }
    __syncthreads();
    int t = lo;
    lo = mid, mid = hi, hi = t;
  }
  for (int o = 16; o > 0; o /= 2)
    acc += __shfl_down_sync(0xffffffffu, acc, o);
  int tid = tj * TK + tk;
  if (tid % 32 == 0)
    part[tid / 32] = acc;
  __syncthreads();
  if (tid == 0) {
    for (int q = 1; q < TK * TJ / 32; q++)
      acc += part[q];
    atomicAdd(gosa, acc);
  }
}
#endif

// One Jacobi sweep from p into w; returns this rank's sum of squared residuals.
static double jacobi(Himeno &H, const float *p, float *w) {
  const Box &u = H.upd;
  if (u.size() == 0)
    return 0;
  int e1 = H.L.ext[1], e2 = H.L.ext[2];
#ifdef __CUDACC__
  CK(cudaMemsetAsync(H.gosa_d, 0, sizeof *H.gosa_d, himeno_stream));
  dim3 grid((u.hi[2] + TK - 1) / TK, (u.hi[1] - u.lo[1] + TJ - 1) / TJ,
            (u.hi[0] - u.lo[0] + CH - 1) / CH);
  jacobi_kernel<<<grid, dim3(TK, TJ), 0, himeno_stream>>>(H.coef, p, w, u, e1, e2, H.gosa_d);
  CK(cudaGetLastError());
  CK(cudaMemcpyAsync(H.gosa_h, H.gosa_d, sizeof *H.gosa_h, cudaMemcpyDeviceToHost,
                     himeno_stream));
  dev_sync();
  return *H.gosa_h;
#else
  double acc = 0;
  size_t si = (size_t)e1 * e2;
  for (int i = u.lo[0]; i < u.hi[0]; i++)
    for (int j = u.lo[1]; j < u.hi[1]; j++)
      for (int k = u.lo[2]; k < u.hi[2]; k++) {
        size_t x = (size_t)i * si + (size_t)j * e2 + k;
        auto at = [&](int di, int dj, int dk) {
          return p[(ptrdiff_t)x + di * (ptrdiff_t)si + dj * e2 + dk];
        };
        float ss = himeno_ss([&](int q) { return H.coef.f[q][x]; }, at);
        acc += (double)(ss * ss);
        w[x] = p[x] + omega * ss;
      }
  return acc;
#endif
}

#ifdef __CUDACC__
// The copy loop p = w over the updated box, laid out as the Jacobi kernel: TK x TJ points of
// (k, j) per block (coalesced along k), each thread walking CH planes along i.
__global__ void __launch_bounds__(TK *TJ)
    copy_kernel(const float *__restrict__ w, float *__restrict__ p, Box u, int e1, int e2) {
  int k = u.lo[2] + (int)(blockIdx.x * TK + threadIdx.x);
  int j = u.lo[1] + (int)(blockIdx.y * TJ + threadIdx.y);
  int i0 = u.lo[0] + (int)blockIdx.z * CH, i1 = i0 + CH < u.hi[0] ? i0 + CH : u.hi[0];
  if (k >= u.hi[2] || j >= u.hi[1])
    return;
  size_t si = (size_t)e1 * e2, x = (size_t)i0 * si + (size_t)j * e2 + k;
  for (int i = i0; i < i1; i++, x += si)
    p[x] = w[x];
}
#endif

// The benchmark's copy loop (HIMENO_COPY_LOOP): p = w at every updated point.
static void copy_back(Himeno &H, const float *w, float *p) {
  const Box &u = H.upd;
  if (u.size() == 0)
    return;
  int e1 = H.L.ext[1], e2 = H.L.ext[2];
#ifdef __CUDACC__
  dim3 grid((u.hi[2] - u.lo[2] + TK - 1) / TK, (u.hi[1] - u.lo[1] + TJ - 1) / TJ,
            (u.hi[0] - u.lo[0] + CH - 1) / CH);
  copy_kernel<<<grid, dim3(TK, TJ), 0, himeno_stream>>>(w, p, u, e1, e2);
  CK(cudaGetLastError());
#else
  size_t si = (size_t)e1 * e2;
  for (int i = u.lo[0]; i < u.hi[0]; i++)
    for (int j = u.lo[1]; j < u.hi[1]; j++)
      for (int k = u.lo[2]; k < u.hi[2]; k++) {
        size_t x = (size_t)i * si + (size_t)j * e2 + k;
        p[x] = w[x];
      }
#endif
}

// `iterations` steps; returns the last step's global Gosa. p and wrk2 swap roles each
// step, or (HIMENO_COPY_LOOP) p stays buf[0] and wrk2 is copied back into it.
static double iterate(Himeno &H, int iterations) {
  double gosa = 0;
  for (int n = 0; n < iterations; n++, H.step++) {
    int parity = HIMENO_COPY_LOOP ? 0 : (int)(H.step % 2);
    exchange(H, parity);
    double local = jacobi(H, H.buf[parity], H.buf[1 - parity]);
    if (HIMENO_COPY_LOOP)
      copy_back(H, H.buf[1], H.buf[0]);
    MPI_Allreduce(&local, &gosa, 1, MPI_DOUBLE, MPI_SUM, H.cart);
  }
  return gosa;
}

// ---- setup and report ---------------------------------------------------------------------

static int select_device(MPI_Comm comm) {
#ifdef __CUDACC__
  MPI_Comm host;
  int local, ndev;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
  MPI_Comm_rank(host, &local);
  MPI_Comm_free(&host);
  CK(cudaGetDeviceCount(&ndev));
  CK(cudaSetDevice(local % ndev));
  CK(cudaStreamCreateWithFlags(&himeno_stream, cudaStreamNonBlocking));
  return local % ndev;
#else
  (void)comm;
  return -1;
#endif
}

static void setup(Himeno &H) {
  int periods[3] = {0, 0, 0};
  MPI_Cart_create(MPI_COMM_WORLD, 3, H.cfg.procs, periods, 0, &H.cart);
  MPI_Comm_rank(H.cart, &H.rank);
  MPI_Cart_coords(H.cart, H.rank, 3, H.coords);
  int device = select_device(H.cart);
  H.L = layout_at(H.cfg, H.coords);
  // Updated points: the global interior [1, dim-1) within this block, in local indices.
  for (int d = 0; d < 3; d++) {
    int shift = H.L.h[d] - H.L.lo[d];
    int lo = H.L.lo[d] > 1 ? H.L.lo[d] : 1;
    int hi = H.L.lo[d] + H.L.n[d] < H.cfg.dims[d] - 1 ? H.L.lo[d] + H.L.n[d] : H.cfg.dims[d] - 1;
    H.upd.lo[d] = lo + shift;
    H.upd.hi[d] = (hi > lo ? hi : lo) + shift;
  }
  for (int c = 0; c < NCOEF; c++)
    H.coef.f[c] = dev_alloc(H.L.points());
  H.buf[0] = dev_alloc(H.L.points());
  H.buf[1] = dev_alloc(H.L.points());
#ifdef __CUDACC__
  CK(cudaMalloc(&H.gosa_d, sizeof *H.gosa_d));
  CK(cudaMallocHost(&H.gosa_h, sizeof *H.gosa_h));
#endif
  setup_halos(H, device);
  init_arrays(H);
}

static void teardown(Himeno &H) {
  for (int d = 0; d < 3; d++) {
    if (H.cfg.procs[d] == 1)
      continue;
    for (int r = 0; r < 4; r++)
      MPI_Request_free(&H.req[d][r]);
    for (int s = 0; s < 2; s++) {
      Halo &h = H.halo[d][s];
      if (h.sbuf) {
        host_free(h.sbuf);
        host_free(h.rbuf);
        if (HIMENO_CUDA) {
          dev_free(h.sbuf_d);
          dev_free(h.rbuf_d);
        }
      }
#ifdef __CUDACC__
      if (h.ipc)
        for (int b = 0; b < 2; b++)
          CK(cudaIpcCloseMemHandle(h.peer_p[b].ptr));
#endif
    }
  }
  MPI_Barrier(H.cart); // no neighbour still maps our buffers
  for (int c = 0; c < NCOEF; c++)
    dev_free((float *)H.coef.f[c]);
  dev_free(H.buf[0]);
  dev_free(H.buf[1]);
#ifdef __CUDACC__
  CK(cudaFree(H.gosa_d));
  CK(cudaFreeHost(H.gosa_h));
#endif
  MPI_Comm_free(&H.cart);
}

// This rank's device copy bandwidth in bytes/s (read + write), from 20 copies of 256 MiB.
static double copy_bandwidth() {
#ifdef __CUDACC__
  size_t n = (size_t)64 << 20;
  float *a = dev_alloc(n), *b = dev_alloc(n);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  dev_copy(b, a, n); // warm up
  CK(cudaEventRecord(e0, himeno_stream));
  for (int r = 0; r < 20; r++)
    dev_copy(r % 2 ? a : b, r % 2 ? b : a, n);
  CK(cudaEventRecord(e1, himeno_stream));
  CK(cudaEventSynchronize(e1));
  float ms;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  dev_free(a);
  dev_free(b);
  return 2.0 * n * sizeof(float) * 20 / (ms * 1e-3);
#else
  return 0;
#endif
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  Himeno H;
  memset(&H, 0, sizeof H);
  int rank, ok = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &H.nprocs);
  if (rank == 0)
    ok = parse_args(argc, argv, H.nprocs, &H.cfg) == 0;
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!ok) {
    MPI_Finalize();
    return 2;
  }
  MPI_Bcast(&H.cfg, sizeof H.cfg, MPI_BYTE, 0, MPI_COMM_WORLD);
  setup(H);

  if (HIMENO_CUDA) { // first launches and IPC mappings outside the timed loop
    iterate(H, 1);
    init_arrays(H);
    H.step = 0;
  }
  MPI_Barrier(H.cart); // every rank's arrays are initialised before neighbours store halos
  double t0 = MPI_Wtime();
  double gosa = iterate(H, H.cfg.iterations);
  double mine = MPI_Wtime() - t0, seconds;
  MPI_Reduce(&mine, &seconds, 1, MPI_DOUBLE, MPI_MAX, 0, H.cart);
  if (H.rank == 0 && !isfinite(gosa)) {
    fprintf(stderr, "himeno: Gosa is %g: a halo point was read before it was received\n", gosa);
    MPI_Abort(H.cart, 1);
  }

  int faces[2] = {0, 0}, total[2]; // faces by IPC, by MPI
  for (int d = 0; d < 3; d++)
    for (int s = 0; s < 2 && H.cfg.procs[d] > 1; s++)
      if (H.halo[d][s].peer != MPI_PROC_NULL)
        faces[H.halo[d][s].ipc ? 0 : 1]++;
  MPI_Reduce(faces, total, 2, MPI_INT, MPI_SUM, 0, H.cart);
  double bw = 0;
  if (H.cfg.roofline) { // all ranks at once: ranks sharing a GPU share its bandwidth
    MPI_Barrier(H.cart);
    double b = copy_bandwidth();
    MPI_Reduce(&b, &bw, 1, MPI_DOUBLE, MPI_SUM, 0, H.cart);
  }
  if (H.rank == 0) {
    himeno_report(HIMENO_CUDA ? "mpi+cuda" : "mpi+cpu", H.cfg.dims, H.cfg.procs,
                  H.cfg.iterations, gosa, seconds);
    printf("halo faces %d by CUDA IPC, %d by MPI\n", total[0], total[1]);
    printf("p update %s\n", HIMENO_COPY_LOOP ? "copy loop" : "swap");
    if (H.cfg.roofline) {
      double points = (double)(H.cfg.dims[0] - 2) * (H.cfg.dims[1] - 2) * (H.cfg.dims[2] - 2);
      double roof = bw / HIMENO_BYTES_PER_POINT * HIMENO_FLOP_PER_POINT * 1e-6;
      double achieved = HIMENO_FLOP_PER_POINT * points * H.cfg.iterations / seconds * 1e-6;
      printf("copy bandwidth %.1f GB/s\n", bw * 1e-9);
      printf("roofline MFLOPS %.1f\n", roof);
      printf("roofline fraction %.3f\n", achieved / roof);
    }
  }
  teardown(H);
  MPI_Finalize();
  return 0;
}
