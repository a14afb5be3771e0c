/* parfor.c — see parfor.h. */
#include "plumbing/parfor.h"

#include <glib.h>
#include <stdatomic.h>

typedef struct {
  size_t units;
  atomic_size_t next;
  ParforFn fn;
  void *ctx;
} Loop;

typedef struct {
  Loop *loop;
  int worker;
} Worker;

static gpointer run(gpointer data) {
  Worker *w = data;
  Loop *l = w->loop;
  for (size_t u; (u = atomic_fetch_add(&l->next, 1)) < l->units;) l->fn(u, w->worker, l->ctx);
  return NULL;
}

int parfor_workers(size_t units, int threads) {
  int n = threads < 1 ? 1 : threads > PARFOR_MAX_THREADS ? PARFOR_MAX_THREADS : threads;
  if (units == 0) return 1;
  if ((size_t)n > units) n = (int)units;
  return n;
}

void parfor(size_t units, int threads, ParforFn fn, void *ctx) {
  if (units == 0) return;
  int n = parfor_workers(units, threads);
  Loop l = {units, 0, fn, ctx};
  Worker w[PARFOR_MAX_THREADS];
  GThread *th[PARFOR_MAX_THREADS];
  for (int i = 0; i < n; i++) w[i] = (Worker){&l, i};
  /* a thread the system refuses (ulimit -v, issue 37 D5: g_thread_new
   * aborted) is not started: the workers that run claim its units too */
  for (int i = 1; i < n; i++) th[i] = g_thread_try_new("parfor", run, &w[i], NULL);
  run(&w[0]);
  for (int i = 1; i < n; i++)
    if (th[i]) g_thread_join(th[i]);
}
