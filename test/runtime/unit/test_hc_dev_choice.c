/* The measured choice of device halo faces (hybridcomm/choice_pairs.c: xmphc_dev_schedule,
 * xmphc_keep_shortest, xmphc_dev_fold, xmphc_dev_choose, xmphc_dev_prune, xmphc_dev_ask) on
 * synthetic timings, no GPU needed:
 *  - the window's schedule (paths in turn, an untimed first round, the decision at its end,
 *    again every XMPHC_DEV_RECHECK executions);
 *  - the pair's decision (unmeasured paths left out, ties to MPI, both ends agree);
 *  - rechecks leaving out the paths that lost by far (xmphc_dev_prune, xmphc_dev_ask);
 *  - bench/halo's sequence on 2 x H200 simulated: reflect_do (both nodes send at once)
 *    interleaved with a ping-pong (two one-way exchanges of their own) during the warm-up,
 *    with the times the runtime measures: each path's cost (the table of
 *    bench/halo/results/h200x2-2026-11-21-b), one-time costs at each path's first use, and a
 *    ping-pong's receiver leaving its exchange after its sender by the path's tail (MPI: the
 *    copy into the shadow), so that the next exchange's ends start apart unless they meet
 *    first. Each end of each exchange runs the schedule and the decision as the runtime does;
 *    the reflect_do's faces must take one path in both directions, within 5% (or 2 us) of
 *    the fastest. Before the fix (each receiver choosing alone from times that held the
 *    other end's late start) node 1 took the kernel while the copy engines were faster. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "xmphc_internal.h"

enum { MPI = XMPHC_DEV_MPI, DIRECT = XMPHC_DEV_DIRECT, KERNEL = XMPHC_DEV_KERNEL,
       NP = XMPHC_DEV_NPATHS };

static void test_schedule(void) {
  int seen[NP] = {0}, timed[NP] = {0}, decides = 0;
  for (long e = 0; e < XMPHC_DEV_WINDOW; e++) {
    xmphc_dev_step_t s = xmphc_dev_schedule(e, 1);
    CHECKF(s.path >= 0 && s.path < NP, "execution %ld: path %d", e, s.path);
    if (s.path < 0 || s.path >= NP)
      continue;
    seen[s.path]++;
    /* each path's first use is not timed */
    CHECKF(s.timed == (seen[s.path] > 1), "execution %ld: path %d use %d timed %d", e, s.path,
           seen[s.path], s.timed);
    CHECKF(s.sync == s.timed, "execution %ld: a timed execution starts with the ends meeting", e);
    timed[s.path] += s.timed;
    decides += s.decide;
    CHECKF(s.decide == (e == XMPHC_DEV_WINDOW - 1), "execution %ld decides %d", e, s.decide);
  }
  CHECK(decides == 1);
  for (int p = 0; p < NP; p++)
    CHECKF(timed[p] == XMPHC_DEV_REPS, "path %d timed %d times", p, timed[p]);
  /* outside the window: the chosen path, nothing timed */
  for (long e = XMPHC_DEV_WINDOW; e < XMPHC_DEV_RECHECK; e += 7) {
    xmphc_dev_step_t s = xmphc_dev_schedule(e, 1);
    CHECKF(s.path == -1 && !s.timed && !s.sync && !s.decide, "execution %ld", e);
  }
  /* the window again, the same way */
  for (long e = 0; e < XMPHC_DEV_WINDOW; e++) {
    xmphc_dev_step_t a = xmphc_dev_schedule(e, 1),
                     b = xmphc_dev_schedule(3 * XMPHC_DEV_RECHECK + e, 1);
    CHECKF(a.path == b.path && a.timed == b.timed && a.decide == b.decide, "recheck %ld", e);
  }
  /* without the kernel, its turns ask for the copy engines */
  for (long e = 0; e < XMPHC_DEV_WINDOW; e++)
    CHECK(xmphc_dev_schedule(e, 0).path != KERNEL);
}

static void test_choose(void) {
  double joint[NP];
  /* both ends measured: per path the slower end, then the fastest path */
  double a[NP] = {14.7, 7.5, 10.1}, b[NP] = {15.0, 9.0, 10.0};
  CHECK(xmphc_dev_choose(a, b, joint) == DIRECT);
  CHECK(joint[MPI] == 15.0 && joint[DIRECT] == 9.0 && joint[KERNEL] == 10.1);
  /* the two ends agree, whatever their own times say */
  double c[NP] = {14.0, 7.5, 10.0}, d[NP] = {14.0, 12.0, 10.0};
  CHECK(xmphc_dev_choose(c, d, joint) == xmphc_dev_choose(d, c, joint));
  CHECK(xmphc_dev_choose(c, d, joint) == KERNEL);
  /* a path one end lacks is no candidate */
  double e[NP] = {20.0, 5.0, -1.0}, f[NP] = {20.0, 6.0, 1.0};
  CHECK(xmphc_dev_choose(e, f, joint) == DIRECT && joint[KERNEL] < 0);
  double g[NP] = {20.0, -1.0, -1.0};
  CHECK(xmphc_dev_choose(g, f, joint) == MPI);
  /* ties to MPI; nothing measured: MPI */
  double h[NP] = {3.0, 3.0, 3.0}, none[NP] = {-1.0, -1.0, -1.0};
  CHECK(xmphc_dev_choose(h, h, joint) == MPI);
  CHECK(xmphc_dev_choose(none, none, joint) == MPI);
  /* an end that received no face from the other (folded nothing: zeros) adds no time */
  double zero[NP] = {0.0, 0.0, 0.0};
  CHECK(xmphc_dev_choose(zero, a, joint) == DIRECT && joint[KERNEL] == 10.1);

  /* record keeps the shortest; fold the largest, a missing path poisons */
  double best[NP] = {-1.0, -1.0, -1.0};
  xmphc_keep_shortest(best, DIRECT, 9.0);
  xmphc_keep_shortest(best, DIRECT, 8.0);
  xmphc_keep_shortest(best, DIRECT, 8.5);
  CHECK(best[DIRECT] == 8.0 && best[MPI] < 0 && best[KERNEL] < 0);
  double acc[NP] = {0.0, 0.0, 0.0}, one[NP] = {10.0, 4.0, 6.0}, two[NP] = {12.0, 3.0, -1.0};
  xmphc_dev_fold(acc, one);
  CHECK(acc[MPI] == 10.0 && acc[DIRECT] == 4.0 && acc[KERNEL] == 6.0);
  xmphc_dev_fold(acc, two);
  CHECK(acc[MPI] == 12.0 && acc[DIRECT] == 4.0 && acc[KERNEL] < 0);
}

/* ---- bench/halo simulated ---- */

/* A face size of the bench: per path the one-way cost in a reflect_do and in a ping-pong, and
 * the ping-pong receiver's tail after its sender left (us). */
typedef struct face_case {
  const char *name;
  double reflect[NP], pingpong[NP], tail[NP];
} face_case_t;

/* Costs at each path's first use in a process (the IPC mapping, the kernel's module load). */
static const double first_use[NP] = {50.0, 800.0, 300.0};

/* One exchange of the simulation: its executions and each end's measurement and choice. */
typedef struct sim_x {
  long execs;
  double best[2][NP]; /* per node: the face it received */
  int receives[2];    /* node receives a face in this exchange */
  int chosen[2];      /* the path node asks for as a receiver */
} sim_x_t;

typedef struct sim {
  double now[2];        /* when each node enters its next exchange */
  int used[2][NP];      /* paths each node has used (first-use costs) */
  unsigned noise;       /* state of the timing noise */
  double noise_us;      /* noise amplitude */
} sim_t;

static double noise(sim_t *s) {
  s->noise = s->noise * 1103515245u + 12345u;
  return s->noise_us * (double)((s->noise >> 16) & 0x7fff) / 32768.0;
}

static void sim_x_init(sim_x_t *x, int recv0, int recv1) {
  memset(x, 0, sizeof *x);
  x->receives[0] = recv0, x->receives[1] = recv1;
  for (int n = 0; n < 2; n++) {
    x->chosen[n] = MPI;
    for (int p = 0; p < NP; p++)
      x->best[n][p] = -1.0;
  }
}

/* The runtime's decision at the window's end, at both ends of the one pair. */
static void sim_decide(sim_x_t *x) {
  double mine[2][NP], joint[NP];
  for (int n = 0; n < 2; n++) {
    for (int p = 0; p < NP; p++)
      mine[n][p] = 0.0;
    if (x->receives[n])
      xmphc_dev_fold(mine[n], x->best[n]);
  }
  x->chosen[0] = xmphc_dev_choose(mine[0], mine[1], joint);
  x->chosen[1] = xmphc_dev_choose(mine[1], mine[0], joint);
  for (int n = 0; n < 2; n++)
    for (int p = 0; p < NP; p++)
      x->best[n][p] = -1.0;
}

/* One execution of exchange x with costs cost[] (per path, one way). Every node sends the
 * face the other receives once both are there (the receiver's note gates the sender); a
 * receiver has its face cost (+ first use, + noise) later and leaves then, a sender `tail`
 * before its receiver. */
static void sim_run(sim_t *s, sim_x_t *x, const double *cost, const double *tail) {
  xmphc_dev_step_t st = xmphc_dev_schedule(x->execs++, 1);
  double t0[2] = {s->now[0], s->now[1]};
  if (st.sync) { /* both ends meet: a 0-byte message each way; the end that came first has
                   the other's 1 us after it came */
    int late = t0[1] > t0[0];
    t0[1 - late] = t0[late] + 1.0;
  }
  double start = fmax(t0[0], t0[1]);
  double leave[2] = {t0[0], t0[1]};
  for (int r = 0; r < 2; r++) {
    if (!x->receives[r])
      continue;
    int snd = 1 - r;
    int path = st.path >= 0 ? st.path : x->chosen[r];
    double extra = 0.0;
    for (int n = 0; n < 2; n++)
      if (!s->used[n][path]) {
        s->used[n][path] = 1;
        extra += first_use[path];
      }
    double arrive = start + cost[path] + extra + noise(s);
    if (st.timed)
      xmphc_keep_shortest(x->best[r], path, arrive - t0[r]);
    leave[r] = fmax(leave[r], arrive);
    leave[snd] = fmax(leave[snd], arrive - tail[path]);
  }
  s->now[0] = leave[0], s->now[1] = leave[1];
  if (st.decide)
    sim_decide(x);
}

/* Whether time t of a choice is within 5% (or 2 us) of the fastest of cost[]. */
static int near_fastest(double t, const double *cost, int *fastest) {
  *fastest = MPI;
  for (int p = 0; p < NP; p++)
    if (cost[p] < cost[*fastest])
      *fastest = p;
  return t <= cost[*fastest] + fmax(0.05 * cost[*fastest], 2.0);
}

/* bench/halo's run_case: 12 warm-up rounds of reflect_do then a ping-pong (node 0 -> 1, then
 * 1 -> 0), each exchange with its own executions. Returns whether the reflect_do's faces take
 * one path, within 5% (or 2 us) of the fastest, and each ping-pong face a path so close. */
static int sim_bench(const face_case_t *c, double noise_us, unsigned seed, int verbose) {
  sim_t s;
  memset(&s, 0, sizeof s);
  s.noise = seed;
  s.noise_us = noise_us;
  sim_x_t reflect, up, down;
  sim_x_init(&reflect, 1, 1);
  sim_x_init(&up, 0, 1);
  sim_x_init(&down, 1, 0);
  for (int w = 0; w < 12; w++) {
    sim_run(&s, &reflect, c->reflect, c->tail);
    sim_run(&s, &up, c->pingpong, c->tail);
    sim_run(&s, &down, c->pingpong, c->tail);
  }
  int fastest, pp_fastest;
  /* the reflect_do lasts as long as its slower face */
  double t = fmax(c->reflect[reflect.chosen[0]], c->reflect[reflect.chosen[1]]);
  int ok = near_fastest(t, c->reflect, &fastest);
  ok &= near_fastest(c->pingpong[up.chosen[1]], c->pingpong, &pp_fastest);
  ok &= near_fastest(c->pingpong[down.chosen[0]], c->pingpong, &pp_fastest);
  ok &= reflect.chosen[0] == reflect.chosen[1];
  if (!ok || verbose)
    fprintf(stderr, "%s (noise %.1f us, seed %u): reflect_do paths %d (into node 0), %d (into "
            "node 1): %.1f us, fastest %d %.1f us; ping-pong paths %d, %d\n", c->name,
            noise_us, seed, reflect.chosen[0], reflect.chosen[1], t, fastest,
            c->reflect[fastest], up.chosen[1], down.chosen[0]);
  return ok;
}

static void test_bench(void) {
  /* bench/halo/results/h200x2-2026-11-21-b: copy, kernel, mpi columns reordered to (mpi,
   * direct, kernel); tails: MPI's copy into the shadow after the last byte (~ a third of the
   * one-way time for large faces, 5 us for small ones), 1 us for the direct paths' 0-byte
   * message. */
  static const face_case_t cases[] = {
      {"contiguous 1K", {14.7, 7.5, 10.1}, {14.3, 7.2, 9.6}, {5.0, 1.0, 1.0}},
      {"contiguous 64K", {29.8, 7.9, 10.4}, {28.1, 7.6, 9.9}, {8.0, 1.0, 1.0}},
      {"contiguous 1M", {215.6, 10.5, 13.2}, {140.8, 10.2, 12.9}, {45.0, 1.0, 1.0}},
      {"contiguous 16M", {3166.0, 52.5, 55.9}, {1858.1, 51.7, 55.2}, {600.0, 1.0, 1.0}},
      {"block-stride 4K", {17.0, 7.7, 10.4}, {16.4, 7.4, 10.0}, {5.0, 1.0, 1.0}},
      {"block-stride 4M", {791.6, 18.8, 22.4}, {473.2, 18.4, 21.7}, {150.0, 1.0, 1.0}},
      {"stride 16K", {24.9, 7.9, 10.6}, {24.0, 7.6, 10.2}, {6.0, 1.0, 1.0}},
      {"stride 64K", {46.5, 9.9, 11.2}, {44.9, 9.6, 11.0}, {10.0, 1.0, 1.0}},
      {"stride 256K", {134.7, 18.5, 14.0}, {120.5, 18.2, 13.5}, {30.0, 1.0, 1.0}},
      {"stride 16M", {8638.3, 717.4, 214.5}, {6717.1, 717.6, 211.8}, {2000.0, 1.0, 1.0}},
  };
  int n = (int)(sizeof cases / sizeof cases[0]);
  for (int i = 0; i < n; i++) {
    CHECKF(sim_bench(&cases[i], 0.0, 1u, 0), "%s without noise", cases[i].name);
    /* timing noise up to 0.5 us per sample: still one path, within the goal */
    for (unsigned seed = 1; seed <= 20; seed++)
      CHECKF(sim_bench(&cases[i], 0.5, seed, 0), "%s, noise 0.5 us, seed %u", cases[i].name,
             seed);
  }
  /* close paths and larger noise: whichever wins, both directions take it */
  face_case_t close = {"close", {20.0, 8.0, 8.2}, {19.0, 7.8, 8.0}, {5.0, 1.0, 1.0}};
  for (unsigned seed = 1; seed <= 50; seed++)
    CHECKF(sim_bench(&close, 1.5, seed, 0), "close paths, noise 1.5 us, seed %u", seed);
}

/* Rechecks leave out the paths that lost by more than XMPHC_DEV_PRUNE times, every other
 * recheck (unmeasured ones are kept), and both ends of a pair leave out the same ones. */
static void test_prune(void) {
  /* 2 x H100, block-stride 256 KiB: MPI 8 times the copy engines, the kernel 1.6 times */
  double joint[NP] = {99.1, 12.2, 19.3};
  CHECK(xmphc_dev_prune(joint, DIRECT) == 1u << MPI);
  /* 1 KiB: MPI 1.8 times: measured again */
  double close[NP] = {18.8, 10.4, 13.1};
  CHECK(xmphc_dev_prune(close, DIRECT) == 0);
  /* an unmeasured path is kept; nothing chosen, or the choice unmeasured: nothing left out */
  double partly[NP] = {-1.0, 10.0, 30.0};
  CHECK(xmphc_dev_prune(partly, DIRECT) == 1u << KERNEL);
  CHECK(xmphc_dev_prune(joint, -1) == 0 && xmphc_dev_prune(partly, MPI) == 0);
  /* a recheck window with MPI left out: its turns ask for the chosen path, whose times are
   * taken instead; the others are measured as usual */
  unsigned skip = xmphc_dev_prune(joint, DIRECT);
  double mine[NP] = {-1.0, -1.0, -1.0}, peer[NP] = {-1.0, -1.0, -1.0}, out[NP];
  const double cost[NP] = {99.0, 12.0, 19.0};
  int asked[NP] = {0};
  for (long e = XMPHC_DEV_RECHECK; e < XMPHC_DEV_RECHECK + XMPHC_DEV_WINDOW; e++) {
    xmphc_dev_step_t st = xmphc_dev_schedule(e, 1);
    int path = xmphc_dev_ask(&st, skip, DIRECT);
    asked[path]++;
    if (st.timed) {
      xmphc_keep_shortest(mine, path, cost[path]);
      xmphc_keep_shortest(peer, path, cost[path] + 0.5);
    }
  }
  CHECKF(asked[MPI] == 0 && asked[KERNEL] == 1 + XMPHC_DEV_REPS &&
             asked[DIRECT] == 2 * (1 + XMPHC_DEV_REPS),
         "asked mpi %d direct %d kernel %d", asked[MPI], asked[DIRECT], asked[KERNEL]);
  CHECK(xmphc_dev_choose(mine, peer, out) == DIRECT && out[MPI] < 0);
  /* the next recheck measures MPI again */
  CHECK(xmphc_dev_prune(out, DIRECT) == 0);
  /* outside windows the chosen path, whatever is left out */
  xmphc_dev_step_t none = xmphc_dev_schedule(XMPHC_DEV_WINDOW + 5, 1);
  CHECK(xmphc_dev_ask(&none, 0, KERNEL) == KERNEL);
}

int main(void) {
  test_schedule();
  test_choose();
  test_prune();
  test_bench();
  return CHECK_RESULT();
}
