/* Unit tests for src/plumbing/progress.c: a sink sees start, updates and end
 * in order; NULL is silent; the stderr reporter prints nothing on a quick run
 * and the documented line once 2 s have passed (from many threads: one line). */
#include <glib.h>
#include <string.h>

#include "plumbing/parfor.h"
#include "plumbing/progress.h"

typedef struct {
  GString *log;
  GMutex lock;
} Rec;

static void rec_fn(void *ctx, ProgressEvent ev, uint64_t n) {
  Rec *r = ctx;
  g_mutex_lock(&r->lock);
  g_string_append_printf(r->log, "%c%llu ", "SUE"[ev], (unsigned long long)n);
  g_mutex_unlock(&r->lock);
}

static void test_callback(void) {
  Rec r = {g_string_new(NULL), {0}};
  g_mutex_init(&r.lock);
  ProgressSink s = {rec_fn, &r, "work"};
  progress_start(&s, 3);
  for (uint64_t i = 1; i <= 3; i++) progress_update(&s, i);
  progress_end(&s, 3);
  g_assert_cmpstr(r.log->str, ==, "S3 U1 U2 U3 E3 ");
  progress_start(NULL, 3); /* silent, no crash */
  progress_update(NULL, 1);
  progress_end(NULL, 3);
  ProgressSink none = {NULL, NULL, NULL};
  progress_update(&none, 1);
  g_mutex_clear(&r.lock);
  g_string_free(r.log, TRUE);
}

static void test_stderr_quick(void) {
  if (g_test_subprocess()) {
    Progress p;
    const ProgressSink *s = progress_stderr_start(&p, "thing", 10);
    g_assert_true(s == &p.sink);
    g_assert_cmpstr(s->what, ==, "thing");
    for (int i = 0; i < 10; i++) progress_update(s, (uint64_t)i); /* fast: prints nothing */
    progress_end(s, 10);
    g_assert_cmpuint(p.total, ==, 10);
    return;
  }
  g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("");
}

static void hammer(size_t unit, int worker, void *ctx) {
  (void)worker;
  progress_update(ctx, unit);
}

static void test_stderr_slow(void) {
  if (g_test_subprocess()) {
    Progress p;
    const ProgressSink *s = progress_stderr_start(&p, "slow", 100);
    p.start_us -= 3000000; /* as if started 3 s ago */
    p.last_us -= 3000000;
    parfor(100, 4, hammer, (void *)s); /* 4 threads race for one window: one line */
    progress_end(s, 100);
    return;
  }
  g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_test_trap_assert_stderr("slow: */100 (*%), */s, ETA * s\nslow: 100/100 (100.0%), */s, ETA 0 s\n");
  g_test_trap_assert_stderr_unmatched("*\n*\n*\n*"); /* two lines, not three */
}

/* CPU clocks: work on this thread moves both; the process's clock counts
 * at least this thread's; sleeping moves neither much */
static void test_cpu(void) {
  double t0 = progress_thread_cpu(), p0 = progress_process_cpu();
  g_assert_cmpfloat(t0, >=, 0);
  g_assert_cmpfloat(p0, >=, t0);
  volatile uint64_t x = 1;
  while (progress_thread_cpu() - t0 < 0.05) /* 50 ms of work */
    for (int i = 0; i < 100000; i++) x = x * 6364136223846793005u + 1;
  double t1 = progress_thread_cpu(), p1 = progress_process_cpu();
  g_assert_cmpfloat(t1 - t0, >=, 0.05);
  g_assert_cmpfloat(p1 - p0, >=, 0.04); /* read a little later than t0: not exact */
  g_assert_cmpfloat(p1, >=, t1);
  g_usleep(200000);
  g_assert_cmpfloat(progress_thread_cpu() - t1, <, 0.15);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/progress/callback", test_callback);
  g_test_add_func("/progress/cpu", test_cpu);
  g_test_add_func("/progress/stderr-quick", test_stderr_quick);
  g_test_add_func("/progress/stderr-slow", test_stderr_slow);
  return g_test_run();
}
