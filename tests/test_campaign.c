/* Unit tests for src/plumbing/campaign.c in the threaded build: every unit's
 * bytes come back once, in unit order, the same for every thread count;
 * units saved in a checkpoint are read back (and not computed) when the
 * check accepts them and computed again when it does not; every computed
 * unit is in the checkpoint afterwards; no units is no call; a build
 * without MPI is one rank, and refuses (one line on the first rank only,
 * exit 2) to run as one of several ranks (of mpirun, or srun's tasks; a
 * batch script is one process); the test aid CAMPAIGN_UNIT_SLEEP
 * slows every unit by its value and ignores a bad one.  The MPI build is tested end to
 * end by tests/e2e/campaign.sh. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/campaign.h"
#include "plumbing/parfor.h"

typedef struct {
  gint *calls; /* per unit */
  int threads;
} Ctx;

/* unit u's bytes: u + 1 copies of (u mod 251), then the worker check */
static void compute(size_t u, int worker, GByteArray *out, void *ctx) {
  Ctx *c = ctx;
  g_atomic_int_inc(&c->calls[u]);
  g_assert_cmpint(worker, >=, 0);
  g_assert_cmpint(worker, <, c->threads);
  for (size_t i = 0; i <= u; i++) {
    uint8_t x = (uint8_t)(u % 251);
    g_byte_array_append(out, &x, 1);
  }
}

static bool expected(size_t u, const void *p, size_t len) {
  if (len != u + 1) return false;
  for (size_t i = 0; i < len; i++)
    if (((const uint8_t *)p)[i] != u % 251) return false;
  return true;
}

/* accepts the saved bytes of even units only */
static bool even_only(size_t u, const void *p, size_t len, void *ctx) {
  (void)p;
  (void)len;
  (void)ctx;
  return u % 2 == 0;
}

static void test_threads(void) {
  g_assert_cmpint(campaign_rank(), ==, 0);
  g_assert_cmpint(campaign_size(), ==, 1);
  g_assert_false(campaign_mpi());
  g_assert_true(campaign_agree(true));
  g_assert_false(campaign_agree(false));
  const size_t units = 300;
  for (int threads = 1; threads <= 4; threads++) {
    Ctx c = {g_new0(gint, units), parfor_workers(units, threads)};
    CampaignSpec s = {.units = units, .compute = compute, .ctx = &c, .threads = threads, .what = "t"};
    CampaignResult r;
    campaign_run(&s, &r);
    g_assert_cmpuint(r.units, ==, units);
    g_assert_cmpuint(r.resumed, ==, 0);
    g_assert_cmpuint(r.computed, ==, units);
    for (size_t u = 0; u < units; u++) {
      size_t len;
      const void *p = campaign_unit(&r, u, &len);
      g_assert_cmpint(c.calls[u], ==, 1);
      g_assert_true(expected(u, p, len));
    }
    campaign_result_clear(&r);
    g_assert_null(r.bytes);
    g_free(c.calls);
  }
  /* no units: no call */
  Ctx c = {NULL, 1};
  CampaignSpec s = {.units = 0, .compute = compute, .ctx = &c, .threads = 2};
  CampaignResult r;
  campaign_run(&s, &r);
  g_assert_cmpuint(r.units, ==, 0);
  g_assert_cmpuint(r.computed, ==, 0);
  campaign_result_clear(&r);
}

typedef struct {
  ProgressSink sink;
  uint64_t total, last, ends;
} Seen;

static void seen_fn(void *ctx, ProgressEvent ev, uint64_t n) {
  Seen *s = ctx;
  if (ev == PROGRESS_START) s->total = n;
  if (ev == PROGRESS_UPDATE && n > s->last) s->last = n; /* updates may come out of order */
  if (ev == PROGRESS_END) s->ends++, s->last = n;
}

static void test_checkpoint(void) {
  g_autofree char *dir = g_dir_make_tmp("campaign-XXXXXX", NULL);
  g_assert_nonnull(dir);
  g_autofree char *path = g_build_filename(dir, "c.ckpt", NULL);
  const char *id = "test profile=quick exe=0"; /* begins "WHO ": ours */
  const size_t units = 20;
  /* an earlier run saved units 0..9 of stage 3, and unit 0 of stage 4 */
  Checkpoint *ck = ckpt_open(path, id, "test", NULL);
  g_assert_nonnull(ck);
  Ctx c0 = {g_new0(gint, units), 1};
  for (size_t u = 0; u < 10; u++) {
    GByteArray *b = g_byte_array_new();
    compute(u, 0, b, &c0);
    ckpt_put(ck, 3, (uint32_t)u, b->data, b->len);
    g_byte_array_unref(b);
  }
  ckpt_put(ck, 4, 0, "x", 1);
  g_assert_true(ckpt_save(ck));
  ckpt_close(ck);
  g_free(c0.calls);

  ck = ckpt_open(path, id, "test", NULL);
  g_assert_nonnull(ck);
  g_assert_cmpuint(ckpt_units(ck), ==, 11);
  Ctx c = {g_new0(gint, units), 2};
  Seen seen = {{seen_fn, &seen, "t"}, 0, 0, 0};
  CampaignSpec s = {.units = units, .compute = compute, .check = even_only, .ctx = &c,
                    .threads = 2, .ck = ck, .stage = 3, .what = "test units", .progress = &seen.sink};
  CampaignResult r;
  campaign_run(&s, &r);
  g_assert_cmpuint(r.resumed, ==, 5); /* 0, 2, 4, 6, 8 */
  g_assert_cmpuint(r.computed, ==, 15);
  g_assert_cmpuint(seen.total, ==, 15);
  g_assert_cmpuint(seen.last, ==, 15);
  g_assert_cmpuint(seen.ends, ==, 1);
  for (size_t u = 0; u < units; u++) {
    size_t len, slen;
    const void *p = campaign_unit(&r, u, &len);
    g_assert_true(expected(u, p, len));
    g_assert_cmpint(c.calls[u], ==, u < 10 && u % 2 == 0 ? 0 : 1);
    const void *q = ckpt_get(ck, 3, (uint32_t)u, &slen); /* every unit is saved */
    g_assert_nonnull(q);
    g_assert_true(expected(u, q, slen));
  }
  g_assert_cmpuint(ckpt_units(ck), ==, 21);
  campaign_result_clear(&r);
  ckpt_close(ck);
  g_free(c.calls);
  g_remove(path);
  g_rmdir(dir);
}

/* a build without MPI started as rank RANK of 3 (in a subprocess) */
static void as_rank(const char *rank) {
  g_setenv("OMPI_COMM_WORLD_SIZE", "3", TRUE);
  g_setenv("OMPI_COMM_WORLD_RANK", rank, TRUE);
  int argc = 1;
  char *args[] = {"test", NULL}, **argv = args;
  campaign_init(&argc, &argv, "test-campaign");
  exit(0); /* not reached */
}
static void rank0_child(void) { as_rank("0"); }
static void rank2_child(void) { as_rank("2"); }
/* task TASK of 3 started by srun without a PMI plugin (only Slurm's variables) */
static void as_task(const char *task) {
  g_unsetenv("OMPI_COMM_WORLD_SIZE");
  g_unsetenv("PMI_SIZE");
  g_setenv("SLURM_STEP_ID", "0", TRUE);
  g_setenv("SLURM_STEP_NUM_TASKS", "3", TRUE);
  g_setenv("SLURM_PROCID", task, TRUE);
  int argc = 1;
  char *args[] = {"test", NULL}, **argv = args;
  campaign_init(&argc, &argv, "test-campaign");
  exit(0); /* reached only if it does not refuse */
}
static void task0_child(void) { as_task("0"); }
static void task1_child(void) { as_task("1"); }
/* a batch script's own process: Slurm's variables but no job step */
static void batch_child(void) {
  g_setenv("SLURM_NTASKS", "3", TRUE);
  g_setenv("SLURM_PROCID", "0", TRUE);
  int argc = 1;
  char *args[] = {"test", NULL}, **argv = args;
  campaign_init(&argc, &argv, "test-campaign");
  exit(campaign_size() == 1 ? 0 : 1);
}

static void test_refuse(void) {
  g_test_trap_subprocess("/campaign/refuse/rank0/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("test-campaign: started as one of 3 MPI ranks, but built without MPI*make mpi*\n");
  g_test_trap_assert_stdout("");
  g_test_trap_subprocess("/campaign/refuse/rank2/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr(""); /* only the first rank speaks */
  g_test_trap_subprocess("/campaign/refuse/task0/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("test-campaign: started as one of 3 MPI ranks, but built without MPI*make mpi*\n");
  g_test_trap_subprocess("/campaign/refuse/task1/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed();
  g_test_trap_assert_stderr("");
  g_test_trap_subprocess("/campaign/refuse/batch/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("");
}

/* one rank (or no launcher) is fine */
static void test_one_rank(void) {
  if (g_test_subprocess()) {
    g_setenv("OMPI_COMM_WORLD_SIZE", "1", TRUE);
    int argc = 1;
    char *args[] = {"test", NULL}, **argv = args;
    campaign_init(&argc, &argv, "test-campaign");
    exit(campaign_size() == 1 && campaign_rank() == 0 ? 0 : 1);
  }
  g_test_trap_subprocess("/campaign/one-rank", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("");
}

/* the test aid CAMPAIGN_UNIT_SLEEP: S seconds before each unit (8 units on
 * one thread: at least 8 S), nothing for a value out of range or not a number */
static double timed_run(const char *sleep) {
  if (sleep)
    g_setenv("CAMPAIGN_UNIT_SLEEP", sleep, TRUE);
  else
    g_unsetenv("CAMPAIGN_UNIT_SLEEP");
  const size_t units = 8;
  Ctx c = {g_new0(gint, units), 1};
  CampaignSpec s = {.units = units, .compute = compute, .ctx = &c, .threads = 1, .what = "t"};
  CampaignResult r;
  gint64 t0 = g_get_monotonic_time();
  campaign_run(&s, &r);
  double dt = (double)(g_get_monotonic_time() - t0) / 1e6;
  for (size_t u = 0; u < units; u++) {
    size_t len;
    const void *p = campaign_unit(&r, u, &len);
    g_assert_true(expected(u, p, len));
    g_assert_cmpint(c.calls[u], ==, 1);
  }
  campaign_result_clear(&r);
  g_free(c.calls);
  g_unsetenv("CAMPAIGN_UNIT_SLEEP");
  return dt;
}

static void test_unit_sleep(void) {
  g_assert_cmpfloat(timed_run("0.05"), >=, 0.4);
  g_assert_cmpfloat(timed_run(NULL), <, 0.3);
  g_assert_cmpfloat(timed_run("61"), <, 0.3);
  g_assert_cmpfloat(timed_run("0.05s"), <, 0.3);
  g_assert_cmpfloat(timed_run("-1"), <, 0.3);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/campaign/threads", test_threads);
  g_test_add_func("/campaign/checkpoint", test_checkpoint);
  g_test_add_func("/campaign/refuse", test_refuse);
  g_test_add_func("/campaign/refuse/rank0/subprocess", rank0_child);
  g_test_add_func("/campaign/refuse/rank2/subprocess", rank2_child);
  g_test_add_func("/campaign/refuse/task0/subprocess", task0_child);
  g_test_add_func("/campaign/refuse/task1/subprocess", task1_child);
  g_test_add_func("/campaign/refuse/batch/subprocess", batch_child);
  g_test_add_func("/campaign/one-rank", test_one_rank);
  g_test_add_func("/campaign/unit-sleep", test_unit_sleep);
  return g_test_run();
}
