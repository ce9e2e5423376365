/* engine.c - StarPU for this XMP node: worker counts and binding, start-up on first use, pause
 * between directives, shutdown at finalize.
 *
 * One MPI rank is one XMP node and drives its GPUs. The ranks on one host share its cores and
 * devices (layout.c): each gets host cores / local ranks cores (at least one) and, by default,
 * one GPU (ranks beyond the GPUs share them round robin; XMP_GPUS_PER_NODE asks for more).
 * StarPU runs one driver thread per GPU on a core of its own, and the rank's first
 * core is left to its main thread (MPI, the directives between device loops): running
 * workers poll, and a main thread that has to share a core with one waits for the scheduler's
 * time slices at every StarPU call - measured on 2 x H200, a 0.05 ms halo exchange of
 * reflect_do acc took 4 ms. So the CPU workers are the rank's cores minus one per GPU minus
 * one, at least one (none under XMP_STARPU_NCPU=0 or STARPU_NCPU=0 where the rank has a GPU),
 * and the main thread is bound to that core: left unbound, the scheduler
 * still moved it onto a polling worker's core now and then (H100, nbody-131072 GPU only: a
 * replicate_sync out of 1 MB took 8 ms instead of 0.04 in a third of the steps, 70-88 ms a
 * step instead of 59.5). Every worker is bound inside the rank's own cores so that the ranks
 * of one host do not pile onto the same ones. The user's
 * STARPU_NCPU, STARPU_NCUDA, STARPU_SCHED, STARPU_WORKERS_CPUID (...) still win: StarPU lets
 * its environment override starpu_conf unless told otherwise, and we do not tell it. */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <errno.h>
#include <hwloc.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmpsp_internal.h"

enum { ENGINE_OFF, ENGINE_RUNNING, ENGINE_DOWN };
static int engine_state = ENGINE_OFF;
static int busy;    /* nesting of xmpsp_enter; StarPU is paused when 0 (unless polling) */
static int paused;
static int polling;     /* workers keep polling between directives (XMP_DEV_IDLE) */
static int poll_auto;   /* XMP_DEV_IDLE=auto where the main thread has a core: polling follows
                           the CPU's share of the device loops (xmpsp_engine_cpu_share) */
static int since_share; /* device loop executions since the last one with a CPU share */
static int main_spins;  /* the main thread polls for its tasks' completion */
static xmpsp_workers_t workers;

void xmpsp_check(int ret, const xmp_rt_srcloc_t *where, const char *what) {
  if (ret < 0)
    xmpb_fatal(where, "StarPU: %s failed: %s", what, strerror(-ret));
}

int xmpsp_started(void) { return engine_state == ENGINE_RUNNING; }

static void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* The main thread waits for tasks by polling when it has a core of its own and the workers
 * poll too: a thread blocked on a condition variable took tens of microseconds to wake up
 * after a GPU task of a millisecond (H200, Himeno L). */
int xmpsp_wait_tasks(struct starpu_task **tasks, int n) {
  if (main_spins) {
    for (int t = 0, polls = 0; t < n; t++) {
      while (!starpu_task_finished(tasks[t])) {
        if (++polls < 4096)
          cpu_relax();
        else /* lets a thread of another program have the core where the host is shared */
          sched_yield();
      }
    }
  }
  return n > 0 ? starpu_task_wait_array(tasks, (unsigned)n) : 0;
}
const xmpsp_workers_t *xmpsp_workers(void) { return &workers; }

int xmpsp_speaker(void) {
  int rank;
  MPI_Comm_rank(xmpb_exec_comm(), &rank);
  return rank == 0;
}

/* The non-blocking drivers of StarPU 1.4's default build poll for work: an idle worker keeps a
 * core busy. Where the main thread has no core of its own, or XMP_DEV_IDLE=pause, starpu_pause
 * blocks the workers on a condition variable at their next poll, so that StarPU runs only from
 * the first StarPU call of a directive until its last wait. With XMP_DEV_IDLE=poll the workers
 * keep polling: waking them at every directive cost 20-100 us a device loop on an H200
 * (Himeno S and L, one rank), more than the kernels of a small grid. XMP_DEV_IDLE=auto (the
 * default, where the main thread has a core) polls only while the CPU workers have work: while
 * one of the last XMPSP_POLL_SPAN device loop executions gave the CPU a share. Polling workers
 * without work cost the GPU-only loops dearly where several ranks share a host: on 4 x H200,
 * 4 ranks at weight 0 (the balancer's usual choice on Hopper), Himeno L ran at 0.10-1.5 TFLOPS
 * with the workers polling and 4.5-4.6 with them paused (hand-coded: 5.7), S at 11-68 and
 * 210-250 GFLOPS (hand-coded: 260-280), run after run. They start paused: polling through
 * only the first XMPSP_POLL_SPAN executions still left 4 ranks of Himeno M at weight 0 on
 * 4 x H100 at 0.34-1.23 TFLOPS from run to run, against 1.30-1.52 starting paused. */
/* Pauses the workers where nothing runs and they need not poll. */
static void pause_if_idle(void) {
  if (busy == 0 && engine_state == ENGINE_RUNNING && !paused && !polling) {
    starpu_pause();
    paused = 1;
  }
}

int xmpsp_idle_step(int since, int share) {
  return share ? 0 : since < XMPSP_POLL_SPAN ? since + 1 : since;
}

void xmpsp_engine_cpu_share(int share) {
  if (!poll_auto)
    return;
  since_share = xmpsp_idle_step(since_share, share);
  polling = since_share < XMPSP_POLL_SPAN;
  pause_if_idle();
}
void xmpsp_enter_keep(void) {
  xmp_dev_overlap_finish(); /* faces left arriving: nothing else may see them (overlap.c) */
  if (busy++ == 0 && paused) {
    starpu_resume();
    paused = 0;
  }
}

void xmpsp_enter(void) {
  xmpsp_enter_keep();
  xmpsp_hold_release_all(); /* whatever follows may need those arrays (exec.c) */
}

void xmpsp_leave(void) {
  --busy;
  pause_if_idle();
}

/* CUDA devices this process sees. libstarpu is linked against cudart when StarPU was built
 * with CUDA, so its cudaGetDeviceCount is in the process: asking it the question StarPU's own
 * device count asks keeps libxmp free of CUDA headers and of a cudart link of its own, and is
 * known before starpu_init, which needs the count to pick this rank's devices. */
static int visible_cuda_devices(void) {
#ifdef STARPU_USE_CUDA
  return xmpcu_device_count(); /* 0: no driver or no device */
#else
  return 0;
#endif
}

/* Logical index (StarPU's bind ids are hwloc logical PU indices) of the first PU of every core
 * of the host; returns the number of cores. */
static int host_cores(unsigned **pu, const xmp_rt_srcloc_t *where) {
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0 || hwloc_topology_load(topo) != 0)
    xmpb_fatal(where, "hwloc: cannot read the host's topology");
  hwloc_obj_type_t type = HWLOC_OBJ_CORE;
  int n = hwloc_get_nbobjs_by_type(topo, type);
  if (n <= 0) {
    type = HWLOC_OBJ_PU;
    n = hwloc_get_nbobjs_by_type(topo, type);
  }
  if (n <= 0)
    n = 1;
  *pu = xmpb_calloc_or_die((size_t)n, sizeof **pu, where);
  for (int i = 0; i < n; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, type, (unsigned)i);
    hwloc_obj_t first =
        obj != NULL ? hwloc_get_obj_inside_cpuset_by_type(topo, obj->cpuset, HWLOC_OBJ_PU, 0)
                    : NULL;
    (*pu)[i] = first != NULL ? first->logical_index : (unsigned)i;
  }
  hwloc_topology_destroy(topo);
  return n;
}

static void engine_shutdown(void) {
  if (engine_state != ENGINE_RUNNING)
    return;
  if (paused) {
    starpu_resume();
    paused = 0;
  }
  busy = 1; /* no pause from here on */
  xmpsp_direct_shutdown();
  xmpsp_ooc_shutdown();
  xmpsp_gpu_faces_shutdown();
  xmpsp_data_release_all();
  xmpsp_loops_close_all();
  if (xmpsp_config()->trace || xmpsp_config()->timeline)
    xmpsp_trace_summary();
  xmpsp_report_finish();
  xmpsp_loops_free_all();
  xmpsp_scratch_free_all();
  xmpsp_check(starpu_task_wait_for_all(), NULL, "starpu_task_wait_for_all at finalize");
  starpu_shutdown();
  engine_state = ENGINE_DOWN;
}

/* Which ranks of the executing set share this host: local rank and count. */
static void local_ranks(int *lrank, int *nlocal) {
  MPI_Comm local;
  MPI_Comm_split_type(xmpb_exec_comm(), MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local);
  MPI_Comm_rank(local, lrank);
  MPI_Comm_size(local, nlocal);
  MPI_Comm_free(&local);
}

void xmpsp_start(const xmp_rt_srcloc_t *where) {
  if (engine_state == ENGINE_RUNNING)
    return;
  if (engine_state == ENGINE_DOWN)
    xmpb_fatal(where, "device directive after the runtime was finalized");
  const xmpsp_config_t *cfg = xmpsp_config();

  int lrank, nlocal;
  local_ranks(&lrank, &nlocal);

  int ndev = visible_cuda_devices();
  if (ndev > STARPU_MAXCUDADEVS) {
    /* StarPU's per-device tables stop there: devices beyond it cannot be driven. */
    if (xmpsp_speaker())
      xmpb_warn(NULL, "%d CUDA devices visible, but StarPU was built for at most %d (configure "
                      "it with --enable-maxcudadev=%d); using the first %d", ndev,
                STARPU_MAXCUDADEVS, ndev, STARPU_MAXCUDADEVS);
    ndev = STARPU_MAXCUDADEVS;
  }
  unsigned *core_pu;
  int ncores = host_cores(&core_pu, where);
  xmpsp_layout_in_t in = {ndev, nlocal, lrank, ncores, cfg->gpus_per_node,
                          xmpsp_config_gpu_only(cfg), STARPU_MAXCPUS, STARPU_NMAXWORKERS};
  xmpsp_layout_t lay;
  xmpsp_layout(&in, &lay);
  int ngpu = lay.ngpu, ncpu = lay.ncpu, mycores = lay.mycores, spare = lay.spare;
  poll_auto = cfg->idle == XMPSP_IDLE_AUTO && spare;
  main_spins = (cfg->idle == XMPSP_IDLE_POLL || poll_auto) && spare;
  /* auto: paused until a device loop gives the CPU a share */
  since_share = XMPSP_IDLE_START;
  polling = cfg->idle == XMPSP_IDLE_POLL || (poll_auto && since_share < XMPSP_POLL_SPAN);
  if (lay.cpu_fallback && cfg->starpu_ncpu0)
    setenv("STARPU_NCPU", "1", 1); /* StarPU's environment overrides starpu_conf */
  if (lay.idle_gpus > 0 && xmpsp_speaker())
    xmpb_note(NULL, "note", "%d of this host's %d GPUs are idle: each rank drives one GPU (run "
              "one rank per GPU, or set XMP_GPUS_PER_NODE)", lay.idle_gpus, ndev);

  struct starpu_conf conf;
  xmpsp_check(starpu_conf_init(&conf), where, "starpu_conf_init");
  conf.ncpus = ncpu;
  conf.ncuda = ngpu;
  conf.nopencl = 0;
  conf.nhip = 0;
  conf.nmax_fpga = 0;
  /* Device loops pin every task to a worker, so no scheduling decision is left to make:
   * "eager" costs least. */
  conf.sched_policy_name = "eager";
  /* StarPU binds the CUDA driver threads first (near their GPU when that core is in the list),
   * then the CPU workers, each taking the next unused entry; the list repeats this rank's cores
   * [lrank * mycores + spare, (lrank + 1) * mycores) (wrapping when ranks outnumber cores). */
  conf.use_explicit_workers_bindid = 1;
  for (int i = 0; i < STARPU_NMAXWORKERS; i++)
    conf.workers_bindid[i] =
        core_pu[(lrank * mycores + spare + i % (mycores - spare)) % ncores];
  if (spare && getenv("STARPU_MAIN_THREAD_CPUID") == NULL &&
      getenv("STARPU_MAIN_THREAD_COREID") == NULL && getenv("STARPU_MAIN_THREAD_BIND") == NULL) {
    char cpu[16];
    snprintf(cpu, sizeof cpu, "%u", core_pu[(lrank * mycores) % ncores]);
    setenv("STARPU_MAIN_THREAD_CPUID", cpu, 0); /* StarPU binds the calling thread there */
  }
  free(core_pu);
  if (ngpu > 0) {
    /* This rank's devices (layout.c): first_device, first_device + 1, ... */
    conf.use_explicit_workers_cuda_gpuid = 1;
    for (int i = 0; i < STARPU_NMAXWORKERS; i++)
      conf.workers_cuda_gpuid[i] = (unsigned)((lay.first_device + i) % ndev);
  }
  setenv("STARPU_SILENT", "1", 0); /* StarPU's banners and hints, unless the user asks */
  /* CUDA loads a kernel at its first launch by default (lazy loading): the first execution of
   * every device loop would carry it, and the balancing would take it for the loop's cost.
   * Loaded at context creation instead, unless the user chose. */
  setenv("CUDA_MODULE_LOADING", "EAGER", 0);

  int ret = starpu_init(&conf);
  if (ret == -ENODEV)
    xmpb_fatal(where, "StarPU: starpu_init found no worker to run on (check STARPU_NCPU and "
                      "STARPU_NCUDA)");
  xmpsp_check(ret, where, "starpu_init");
  engine_state = ENGINE_RUNNING;
  xmpb_at_shutdown(engine_shutdown);
  if (busy == 0 && !polling) {
    starpu_pause();
    paused = 1;
  }

  workers.ncpu = (int)starpu_worker_get_ids_by_type(STARPU_CPU_WORKER, workers.cpu,
                                                    STARPU_NMAXWORKERS);
  workers.ncuda = (int)starpu_worker_get_ids_by_type(STARPU_CUDA_WORKER, workers.cuda,
                                                     STARPU_NMAXWORKERS);
  if (workers.ncpu == 0 && workers.ncuda == 0)
    xmpb_fatal(where, "StarPU started without any worker (STARPU_NCPU=0 and STARPU_NCUDA=0?)");
  if (cfg->trace)
    xmpsp_trace_enable();

  /* One line for the whole program, from the first node, when some node has no GPU. */
  int without = workers.ncuda == 0, nwithout = 0, size;
  MPI_Comm comm = xmpb_exec_comm();
  MPI_Comm_size(comm, &size);
  MPI_Allreduce(&without, &nwithout, 1, MPI_INT, MPI_SUM, comm);
  if (nwithout > 0 && xmpsp_speaker()) {
    if (xmpsp_config_gpu_only(cfg))
      xmpb_warn(NULL, "no CUDA device available%s; %s=0 asks for GPU only, so device loops "
                      "run on one CPU worker", nwithout == size ? "" : " on some nodes",
                cfg->ncpu_chunks == 0 ? "XMP_STARPU_NCPU" : "STARPU_NCPU");
    else if (nwithout == size)
      xmpb_warn(NULL, "no CUDA device available; device loops run on CPU workers only");
    else
      xmpb_warn(NULL, "no CUDA device available on %d of %d nodes; their device loops run on "
                      "CPU workers only", nwithout, size);
  }
}
