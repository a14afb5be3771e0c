#include "plumbing/campaign.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plumbing/input.h"
#include "plumbing/parfor.h"
#include "plumbing/progress.h"

#ifdef WITH_MPI
#include <mpi.h>
#endif

static int the_rank = 0, the_size = 1;

int campaign_rank(void) { return the_rank; }
int campaign_size(void) { return the_size; }

#ifndef WITH_MPI

bool campaign_mpi(void) { return false; }

/* a launcher's rank / size variable as a number, -1 if absent or not one */
static long env_long(const char *name) {
  const char *s = getenv(name);
  if (!s || !*s) return -1;
  char *end;
  long v = strtol(s, &end, 10);
  return *end || v < 0 ? -1 : v;
}

void campaign_init(int *argc, char ***argv, const char *who) {
  (void)argc;
  (void)argv;
  long size = env_long("OMPI_COMM_WORLD_SIZE"), rank = env_long("OMPI_COMM_WORLD_RANK");
  if (size < 0) size = env_long("PMI_SIZE"), rank = env_long("PMI_RANK");
  /* srun's tasks, with or without a PMI plugin (not a batch script: no step) */
  if (size < 0 && getenv("SLURM_STEP_ID"))
    size = env_long("SLURM_STEP_NUM_TASKS"), rank = env_long("SLURM_PROCID");
  if (size <= 1) return;
  if (rank <= 0) {
    char *msg = g_strdup_printf("started as one of %ld MPI ranks, but built without MPI (this "
                                "binary can use one rank; build build/mpi/bin/%s with make mpi)",
                                size, who);
    in_error_line(who, msg);
    g_free(msg);
  }
  exit(2);
}

bool campaign_agree(bool ok) { return ok; }

#else

bool campaign_mpi(void) { return true; }

static bool mpi_up = false;

/* workers keep quiet: stdout and stderr to /dev/null */
static void silence(void) {
  const char *keep = getenv("CAMPAIGN_WORKER_OUTPUT");
  if (keep && strcmp(keep, "1") == 0) return;
  int fd = open("/dev/null", O_WRONLY);
  if (fd < 0) return;
  fflush(stdout);
  fflush(stderr);
  dup2(fd, 1);
  dup2(fd, 2);
  close(fd);
}

static void finalize(void) {
  int done = 0;
  MPI_Finalized(&done);
  if (!done) MPI_Finalize();
}

/* Open MPI started by srun needs a PMI server from srun: PMIx (--mpi=pmix),
 * or Slurm's PMI-2 (--mpi=pmi2) / PMI-1 (any --mpi) if this Open MPI was
 * built with them (mk/mpi.mk defines CAMPAIGN_OMPI_PMI1 / _PMI2 from
 * ompi_info).  Without one, MPI_Init aborts every rank with a page of
 * advice; this says it in one line (rank 0's) and exits 2 instead.  A batch
 * script's own process (no SLURM_STEP_ID) and mpirun's ranks
 * (OMPI_COMM_WORLD_SIZE) are not srun's tasks. */
static void refuse_srun_without_pmi(const char *who) {
#ifdef OPEN_MPI
  if (!getenv("SLURM_STEP_ID") || getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK")) return;
  const char *why;
  if (getenv("PMI_FD")) { /* srun --mpi=pmi2 */
#ifdef CAMPAIGN_OMPI_PMI2
    return;
#else
    why = "srun --mpi=pmi2, but this Open MPI was built without Slurm's PMI-2 support";
#endif
  } else {
#ifdef CAMPAIGN_OMPI_PMI1
    return;
#else
    why = "srun without a PMI plugin (the cluster's MpiDefault is none, or --mpi=none)";
#endif
  }
  const char *procid = getenv("SLURM_PROCID");
  if (!procid || strcmp(procid, "0") == 0) {
    char *msg = g_strdup_printf("started by %s: run srun --mpi=pmix (srun --mpi=list shows the "
                                "cluster's plugins) or sbatch mk/campaign.sbatch",
                                why);
    in_error_line(who, msg);
    g_free(msg);
  }
  exit(2);
#else
  (void)who;
#endif
}

void campaign_init(int *argc, char ***argv, const char *who) {
  if (mpi_up) return;
  refuse_srun_without_pmi(who);
  /* MPI's own threads start here: they must not take SIGTERM and SIGINT,
   * which belong to the checkpoint's signal thread (checkpoint.h) */
  sigset_t term, old;
  sigemptyset(&term);
  sigaddset(&term, SIGTERM);
  sigaddset(&term, SIGINT);
  pthread_sigmask(SIG_BLOCK, &term, &old);
  int provided;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  mpi_up = true;
  atexit(finalize);
  MPI_Comm_rank(MPI_COMM_WORLD, &the_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &the_size);
  if (the_rank > 0) silence();
}

bool campaign_agree(bool ok) {
  if (the_size == 1) return ok;
  int v = ok;
  MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return v != 0;
}

#endif

/* ---- the threaded run, and what both runs share --------------------------- */

typedef struct {
  const CampaignSpec *s;
  CampaignResult *r;
  gint computed;
} Job;

/* the test aid CAMPAIGN_UNIT_SLEEP=S: seconds (0 < S <= 60) slept before each unit */
static gulong unit_sleep_us(void) {
  const char *v = getenv("CAMPAIGN_UNIT_SLEEP");
  if (!v) return 0;
  char *end = NULL;
  double x = g_ascii_strtod(v, &end);
  return end != v && *end == '\0' && x > 0 && x <= 60 ? (gulong)(x * 1e6) : 0;
}

static GBytes *compute_one(const CampaignSpec *s, size_t u, int worker) {
  gulong us = unit_sleep_us();
  if (us) g_usleep(us);
  GByteArray *b = g_byte_array_new();
  s->compute(u, worker, b, s->ctx);
  return g_byte_array_free_to_bytes(b);
}

static void record(const CampaignSpec *s, CampaignResult *r, size_t u, GBytes *b) {
  size_t len;
  const void *p = g_bytes_get_data(b, &len);
  ckpt_put(s->ck, s->stage, (uint32_t)u, p, len);
  r->bytes[u] = b;
}

static void thread_unit(size_t u, int worker, void *ctx) {
  Job *j = ctx;
  if (j->r->bytes[u]) return; /* read back from the checkpoint */
  record(j->s, j->r, u, compute_one(j->s, u, worker));
  progress_update(j->s->progress, (uint64_t)g_atomic_int_add(&j->computed, 1) + 1);
}

/* the units an earlier run saved (rank 0) */
static void resume(const CampaignSpec *s, CampaignResult *r) {
  for (size_t u = 0; s->ck && u < s->units; u++) {
    size_t len;
    const void *p = ckpt_get(s->ck, s->stage, (uint32_t)u, &len);
    if (!p || (s->check && !s->check(u, p, len, s->ctx))) continue; /* not done, or unreadable: redo */
    r->bytes[u] = g_bytes_new(p, len);
    r->resumed++;
  }
  ckpt_resume_note(s->ck, (uint32_t)r->resumed, (uint32_t)s->units, s->what ? s->what : "units");
}

#ifdef WITH_MPI
static void run_mpi(const CampaignSpec *s, CampaignResult *r);
#endif

void campaign_run(const CampaignSpec *s, CampaignResult *r) {
  g_assert(s->units <= UINT32_MAX && s->compute);
  memset(r, 0, sizeof *r);
  r->units = s->units;
  r->bytes = g_new0(GBytes *, s->units + 1);
  if (the_rank == 0) resume(s, r);
#ifdef WITH_MPI
  if (the_size > 1) {
    run_mpi(s, r);
  } else
#endif
  {
    Job j = {s, r, 0};
    progress_start(s->progress, s->units - r->resumed);
    parfor(s->units, s->threads, thread_unit, &j);
    r->computed = s->units - r->resumed;
    progress_end(s->progress, r->computed);
  }
  const char *stats = getenv("CAMPAIGN_STATS");
  if (the_rank == 0 && stats && strcmp(stats, "1") == 0)
    fprintf(stderr, "campaign: %s: %zu units, %zu computed, %zu resumed, %d ranks\n",
            s->what ? s->what : "units", s->units, r->computed, r->resumed, the_size);
}

const void *campaign_unit(const CampaignResult *r, size_t u, size_t *len) {
  g_assert(u < r->units && r->bytes[u]);
  return g_bytes_get_data(r->bytes[u], len);
}

void campaign_result_clear(CampaignResult *r) {
  for (size_t u = 0; r->bytes && u < r->units; u++)
    if (r->bytes[u]) g_bytes_unref(r->bytes[u]);
  g_free(r->bytes);
  memset(r, 0, sizeof *r);
}

/* ---- the MPI run ------------------------------------------------------------
 * Messages between rank 0 and a worker (tags):
 *   TAG_UNIT   0 -> w: u64 unit to compute
 *   TAG_RESULT w -> 0: u64 unit, u64 length; then TAG_DATA: the bytes
 *   TAG_FINAL  0 -> w: u64 total length; then TAG_DATA: per unit u64
 *              length, then all the bytes in unit order (ends the run)
 * Big payloads go in pieces of at most 1 GiB. */
#ifdef WITH_MPI

enum { TAG_UNIT = 101, TAG_RESULT, TAG_DATA, TAG_FINAL };
#define PIECE ((size_t)1 << 30)
enum { DEPTH = 4 }; /* units queued at a worker */

/* waits for a message without spinning: MPI_Recv polls a core at 100% */
static void wait_for(int source, int tag, MPI_Status *st) {
  for (unsigned i = 0;; i++) {
    int flag = 0;
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, st);
    if (flag) return;
    g_usleep(i < 50 ? 20 : 200);
  }
}

static void send_data(const void *p, size_t len, int dest) {
  for (size_t o = 0; o < len; o += PIECE) {
    size_t n = MIN(PIECE, len - o);
    MPI_Send((const char *)p + o, (int)n, MPI_BYTE, dest, TAG_DATA, MPI_COMM_WORLD);
  }
}

static void recv_data(void *p, size_t len, int source) {
  for (size_t o = 0; o < len; o += PIECE) {
    size_t n = MIN(PIECE, len - o);
    MPI_Recv((char *)p + o, (int)n, MPI_BYTE, source, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

static void send_unit(uint64_t u, int w) { MPI_Send(&u, 1, MPI_UINT64_T, w, TAG_UNIT, MPI_COMM_WORLD); }

static void run_mpi(const CampaignSpec *s, CampaignResult *r) {
  if (the_rank > 0) { /* a worker: units until the final message */
    MPI_Status st;
    for (;;) {
      wait_for(0, MPI_ANY_TAG, &st);
      if (st.MPI_TAG == TAG_FINAL) break;
      uint64_t u;
      MPI_Recv(&u, 1, MPI_UINT64_T, 0, TAG_UNIT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      g_assert(u < s->units);
      GBytes *b = compute_one(s, (size_t)u, 0);
      size_t len;
      const void *p = g_bytes_get_data(b, &len);
      g_assert(len < ((size_t)1 << 31));
      uint64_t head[2] = {u, len};
      MPI_Send(head, 2, MPI_UINT64_T, 0, TAG_RESULT, MPI_COMM_WORLD);
      send_data(p, len, 0);
      g_bytes_unref(b);
      r->computed++;
    }
    uint64_t total;
    MPI_Recv(&total, 1, MPI_UINT64_T, 0, TAG_FINAL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    uint8_t *all = g_malloc(total + 1);
    recv_data(all, total, 0);
    const uint64_t *lens = (const uint64_t *)all;
    size_t at = 8 * s->units;
    for (size_t u = 0; u < s->units; u++) {
      uint64_t n;
      memcpy(&n, lens + u, 8);
      g_assert(at + n <= total);
      r->bytes[u] = g_bytes_new(all + at, n);
      at += n;
    }
    g_free(all);
    return;
  }
  /* rank 0: hand out the units not read back, in increasing order, keeping
   * DEPTH of them queued at each worker (so a worker never waits for its
   * next unit) and the next one to whichever worker returns a result */
  size_t next = 0, busy = 0, todo = s->units - r->resumed;
  Progress pr;
  const ProgressSink *sink =
      s->progress ? s->progress : progress_stderr(&pr, s->what ? s->what : "campaign units");
  progress_start(sink, todo);
  for (int d = 0; d < DEPTH; d++)
    for (int w = 1; w < the_size; w++) {
      while (next < s->units && r->bytes[next]) next++;
      if (next == s->units) break;
      send_unit(next++, w);
      busy++;
    }
  while (busy > 0) {
    MPI_Status st;
    wait_for(MPI_ANY_SOURCE, TAG_RESULT, &st);
    uint64_t head[2];
    int w = st.MPI_SOURCE;
    MPI_Recv(head, 2, MPI_UINT64_T, w, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    g_assert(head[0] < s->units && !r->bytes[head[0]]);
    uint8_t *p = g_malloc(head[1] + 1);
    recv_data(p, head[1], w);
    record(s, r, (size_t)head[0], g_bytes_new_take(p, head[1]));
    r->computed++;
    busy--;
    progress_update(sink, r->computed);
    while (next < s->units && r->bytes[next]) next++;
    if (next < s->units) {
      send_unit(next++, w);
      busy++;
    }
  }
  progress_end(sink, r->computed);
  /* every rank gets every unit's bytes */
  GByteArray *all = g_byte_array_new();
  for (size_t u = 0; u < s->units; u++) {
    uint64_t n = g_bytes_get_size(r->bytes[u]);
    g_byte_array_append(all, (const guint8 *)&n, 8);
  }
  for (size_t u = 0; u < s->units; u++) {
    size_t n;
    const void *p = g_bytes_get_data(r->bytes[u], &n);
    if (n) g_byte_array_append(all, p, (guint)n);
  }
  uint64_t total = all->len;
  for (int w = 1; w < the_size; w++) {
    MPI_Send(&total, 1, MPI_UINT64_T, w, TAG_FINAL, MPI_COMM_WORLD);
    send_data(all->data, all->len, w);
  }
  g_byte_array_unref(all);
}

#endif
