// halo_hand.cu - the same exchanges as halo_bench.c written by hand with the CUDA runtime and
// MPI only (no libxmp), to measure what the runtime adds (thesis table 6.2). Same arrays
// (a[outer][4][inner] doubles, planes 1-2 owned, 0 and 3 shadows, in one cudaMalloc per
// rank), same faces, same timing; per path:
//   copy    the sender's cudaMemcpy2DAsync straight into the peer's shadow (CUDA IPC);
//   kernel  a kernel of the sender storing the face into the peer's shadow;
//   mpi     2-D copy into pinned host memory, MPI, 2-D copy into the shadow.
// Direct writes follow the runtime's protocol: the receiver says its shadow is free (a 0-byte
// message), the sender writes, synchronises its stream and says the face is there (0 bytes).
// One JSON object per case and path on stdout (rank 0), read by report.py.
#define OMPI_SKIP_MPICXX 1 // the C API only
#include <cuda_runtime.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>

namespace {

enum Path { COPY, KERNEL, MPI_PATH, NPATHS };
const char *const path_names[NPATHS] = {"copy", "kernel", "mpi"};
const char *const kind_names[3] = {"contiguous", "block-stride", "stride"};
enum { PLANES = 4, WARMUP = 12, BATCHES = 5, TAG_READY = 1, TAG_DONE = 2, TAG_DATA = 3 };

void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "halo_hand: %s: %s\n", what, cudaGetErrorString(e));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

__global__ void store_face(double *dst, const double *src, long outer, long inner, long pitch) {
  long n = outer * inner;
  for (long k = (long)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += (long)gridDim.x * blockDim.x) {
    long at = k / inner * pitch + k % inner;
    dst[at] = src[at];
  }
}

struct Case {
  long outer, inner, pitch; // pitch: elements from one run to the next
  int me, peer;
  double *mine, *theirs;    // local storage; the peer's, mapped through CUDA IPC
  double *out, *in;         // pinned host buffers of one face
  cudaStream_t stream;
  size_t bytes() const { return (size_t)(outer * inner) * sizeof(double); }
  // The owned plane sent to the peer, and the shadow plane it lands in (at either end).
  long sent_plane() const { return me == 0 ? 2 : 1; }
  long shadow_plane(int rank) const { return rank == 0 ? 3 : 0; }
  double *plane(double *base, long p) const { return base + p * inner; }
};

void face_2d(const Case &c, void *dst, const void *src, cudaMemcpyKind how, size_t dpitch,
             size_t spitch) {
  check(cudaMemcpy2DAsync(dst, dpitch, src, spitch, c.inner * sizeof(double), c.outer, how,
                          c.stream),
        "cudaMemcpy2DAsync");
}

// One execution: this rank sends its face and/or receives the peer's on path p.
void transfer(Case &c, Path p, bool sending, bool receiving) {
  MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  size_t pitch = c.pitch * sizeof(double), dense = c.inner * sizeof(double);
  if (receiving) {
    if (p == MPI_PATH) {
      MPI_Irecv(c.in, (int)c.bytes(), MPI_BYTE, c.peer, TAG_DATA, MPI_COMM_WORLD, &rq[0]);
    } else {
      MPI_Irecv(nullptr, 0, MPI_BYTE, c.peer, TAG_DONE, MPI_COMM_WORLD, &rq[0]);
      MPI_Send(nullptr, 0, MPI_BYTE, c.peer, TAG_READY, MPI_COMM_WORLD);
    }
  }
  if (sending) {
    double *from = c.plane(c.mine, c.sent_plane());
    if (p == MPI_PATH) {
      face_2d(c, c.out, from, cudaMemcpyDeviceToHost, dense, pitch);
      check(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
      MPI_Isend(c.out, (int)c.bytes(), MPI_BYTE, c.peer, TAG_DATA, MPI_COMM_WORLD, &rq[1]);
    } else {
      MPI_Recv(nullptr, 0, MPI_BYTE, c.peer, TAG_READY, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      double *to = c.plane(c.theirs, c.shadow_plane(c.peer));
      if (p == COPY) {
        face_2d(c, to, from, cudaMemcpyDefault, pitch, pitch);
      } else {
        long n = c.outer * c.inner;
        int blocks = (int)std::min<long>((n + 255) / 256, 1024);
        store_face<<<blocks, 256, 0, c.stream>>>(to, from, c.outer, c.inner, c.pitch);
        check(cudaGetLastError(), "store_face");
      }
      check(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
      MPI_Isend(nullptr, 0, MPI_BYTE, c.peer, TAG_DONE, MPI_COMM_WORLD, &rq[1]);
    }
  }
  MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
  if (receiving && p == MPI_PATH) {
    face_2d(c, c.plane(c.mine, c.shadow_plane(c.me)), c.in, cudaMemcpyHostToDevice, pitch, dense);
    check(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
  }
}

void exchange(Case &c, Path p) { transfer(c, p, true, true); }
void pingpong(Case &c, Path p) {
  transfer(c, p, c.me == 0, c.me == 1);
  transfer(c, p, c.me == 1, c.me == 0);
}

double seconds_per_run(void (*run)(Case &, Path), Case &c, Path p, int reps) {
  double best = 1e30;
  for (int b = 0; b < BATCHES; b++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int r = 0; r < reps; r++)
      run(c, p);
    double t = (MPI_Wtime() - t0) / reps, slowest;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    best = std::min(best, slowest);
  }
  return best;
}

void run_case(int me, int kind, size_t bytes) {
  long elems = (long)(bytes / sizeof(double));
  Case c{};
  c.me = me;
  c.peer = 1 - me;
  if (kind == 0) {
    c.outer = 1, c.inner = elems;
  } else if (kind == 2) {
    c.outer = elems, c.inner = 1;
  } else {
    long m = 1;
    while (m * m < elems)
      m *= 2;
    c.inner = m, c.outer = elems / m;
  }
  c.pitch = PLANES * c.inner;
  size_t storage = (size_t)(c.outer * c.pitch) * sizeof(double);
  check(cudaMalloc(&c.mine, storage), "cudaMalloc");
  check(cudaMemset(c.mine, 0, storage), "cudaMemset");
  check(cudaMallocHost(&c.out, bytes), "cudaMallocHost");
  check(cudaMallocHost(&c.in, bytes), "cudaMallocHost");
  check(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking), "cudaStreamCreate");
  cudaIpcMemHandle_t h, ph;
  check(cudaIpcGetMemHandle(&h, c.mine), "cudaIpcGetMemHandle");
  MPI_Sendrecv(&h, sizeof h, MPI_BYTE, c.peer, 0, &ph, sizeof ph, MPI_BYTE, c.peer, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  check(cudaIpcOpenMemHandle((void **)&c.theirs, ph, cudaIpcMemLazyEnablePeerAccess),
        "cudaIpcOpenMemHandle");
  // As halo_bench: under 1000 executions in all.
  int reps = (int)std::min(150.0, std::max(10.0, (double)(64 << 20) / (double)bytes));
  for (int p = 0; p < NPATHS; p++) {
    Path path = (Path)p;
    for (int w = 0; w < WARMUP; w++) {
      exchange(c, path);
      pingpong(c, path);
    }
    double t_reflect = seconds_per_run(exchange, c, path, reps);
    double t_pingpong = seconds_per_run(pingpong, c, path, reps) / 2;
    if (me == 0)
      printf("{\"impl\": \"hand\", \"path\": \"%s\", \"kind\": \"%s\", \"bytes\": %zu, "
             "\"runs\": %ld, \"run_bytes\": %zu, \"pingpong_us\": %.3f, \"reflect_us\": %.3f}\n",
             path_names[p], kind_names[kind], bytes, c.outer, c.inner * sizeof(double),
             t_pingpong * 1e6, t_reflect * 1e6);
    fflush(stdout);
  }
  MPI_Barrier(MPI_COMM_WORLD); // the peer is done writing into this storage
  check(cudaIpcCloseMemHandle(c.theirs), "cudaIpcCloseMemHandle");
  MPI_Barrier(MPI_COMM_WORLD);
  check(cudaStreamDestroy(c.stream), "cudaStreamDestroy");
  check(cudaFreeHost(c.out), "cudaFreeHost");
  check(cudaFreeHost(c.in), "cudaFreeHost");
  check(cudaFree(c.mine), "cudaFree");
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  size_t max = 16u << 20;
  for (int i = 1; i + 1 < argc; i += 2)
    if (strcmp(argv[i], "--max") == 0)
      max = (size_t)strtoull(argv[i + 1], nullptr, 10);
  int me, n, ndev = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  if (n != 2) {
    fprintf(stderr, "halo_hand: run it on 2 ranks (it ran on %d)\n", n);
    MPI_Finalize();
    return 2;
  }
  check(cudaGetDeviceCount(&ndev), "cudaGetDeviceCount");
  check(cudaSetDevice(me % ndev), "cudaSetDevice");
  for (int kind = 0; kind < 3; kind++)
    for (size_t bytes = 1024; bytes <= max; bytes *= 4)
      run_case(me, kind, bytes);
  MPI_Finalize();
  return 0;
}
