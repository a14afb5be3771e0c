/* Unit tests for src/plumbing/parfor.c: every unit runs exactly once, worker
 * indices stay below parfor_workers(), the calling thread is worker 0, and a
 * result merged in unit order is the same for every thread count. */
#include <glib.h>
#include <stdint.h>
#include <string.h>

#include "plumbing/parfor.h"

typedef struct {
  gint *count;      /* per unit: how often it ran */
  int *worker;      /* per unit: which worker ran it */
  uint64_t *value;  /* per unit: its result */
  uint64_t sum[PARFOR_MAX_THREADS]; /* per worker */
  GThread *caller;
  gint caller_is_zero; /* 1 while every unit of worker 0 ran on the caller */
} Rec;

static void unit_fn(size_t u, int w, void *ctx) {
  Rec *r = ctx;
  g_atomic_int_inc(&r->count[u]);
  r->worker[u] = w;
  uint64_t x = u * 2654435761u + 17; /* some work whose result depends on u only */
  for (int i = 0; i < 100; i++) x = x * 6364136223846793005u + 1442695040888963407u;
  r->value[u] = x;
  r->sum[w] += x;
  if (w == 0 && g_thread_self() != r->caller) g_atomic_int_set(&r->caller_is_zero, 0);
}

static void run(size_t units, int threads, uint64_t *merged, uint64_t *sum) {
  Rec r = {g_new0(gint, units + 1), g_new0(int, units + 1), g_new0(uint64_t, units + 1), {0}, g_thread_self(), 1};
  parfor(units, threads, unit_fn, &r);
  int nw = parfor_workers(units, threads);
  *merged = 0;
  *sum = 0;
  for (size_t u = 0; u < units; u++) {
    g_assert_cmpint(r.count[u], ==, 1);
    g_assert_cmpint(r.worker[u], >=, 0);
    g_assert_cmpint(r.worker[u], <, nw);
    *merged = *merged * 31 + r.value[u]; /* in unit order: order-sensitive */
  }
  for (int w = 0; w < PARFOR_MAX_THREADS; w++) {
    if (w >= nw) g_assert_cmpuint(r.sum[w], ==, 0);
    *sum += r.sum[w];
  }
  g_assert_cmpint(r.caller_is_zero, ==, 1);
  g_free(r.count);
  g_free(r.worker);
  g_free(r.value);
}

static void test_once_and_deterministic(void) {
  size_t sizes[] = {1, 2, 3, 7, 64, 1000};
  for (size_t i = 0; i < G_N_ELEMENTS(sizes); i++) {
    uint64_t m1, s1;
    run(sizes[i], 1, &m1, &s1);
    int threads[] = {2, 3, 8, 64, 100};
    for (size_t t = 0; t < G_N_ELEMENTS(threads); t++) {
      uint64_t m, s;
      run(sizes[i], threads[t], &m, &s);
      g_assert_cmpuint(m, ==, m1);
      g_assert_cmpuint(s, ==, s1);
    }
  }
}

static void never(size_t u, int w, void *ctx) {
  (void)u, (void)w, (void)ctx;
  g_assert_not_reached();
}

static void test_workers(void) {
  g_assert_cmpint(parfor_workers(10, 0), ==, 1);
  g_assert_cmpint(parfor_workers(10, -3), ==, 1);
  g_assert_cmpint(parfor_workers(10, 4), ==, 4);
  g_assert_cmpint(parfor_workers(3, 4), ==, 3);
  g_assert_cmpint(parfor_workers(0, 4), ==, 1);
  g_assert_cmpint(parfor_workers(1000, 1000), ==, PARFOR_MAX_THREADS);
  parfor(0, 4, never, NULL); /* no units: no call */
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/parfor/once-and-deterministic", test_once_and_deterministic);
  g_test_add_func("/parfor/workers", test_workers);
  return g_test_run();
}
