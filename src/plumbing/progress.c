/* progress.c — see progress.h. */
#include "plumbing/progress.h"

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

void progress_start(const ProgressSink *s, uint64_t total) {
  if (s && s->fn) s->fn(s->ctx, PROGRESS_START, total);
}

void progress_update(const ProgressSink *s, uint64_t done) {
  if (s && s->fn) s->fn(s->ctx, PROGRESS_UPDATE, done);
}

void progress_end(const ProgressSink *s, uint64_t done) {
  if (s && s->fn) s->fn(s->ctx, PROGRESS_END, done);
}

static void report(const Progress *p, uint64_t done, gint64 now) {
  double secs = (double)(now - p->start_us) / 1e6;
  double rate = secs > 0 ? (double)done / secs : 0.0;
  double eta = rate > 0 && p->total >= done ? (double)(p->total - done) / rate : 0.0;
  fprintf(stderr, "%s: %llu/%llu (%.1f%%), %.3g/s, ETA %.0f s\n", p->sink.what ? p->sink.what : "progress",
          (unsigned long long)done, (unsigned long long)p->total,
          p->total ? 100.0 * (double)done / (double)p->total : 100.0, rate, eta);
}

static void stderr_fn(void *ctx, ProgressEvent ev, uint64_t n) {
  Progress *p = ctx;
  gint64 now = g_get_monotonic_time();
  switch (ev) {
  case PROGRESS_START:
    p->total = n;
    p->start_us = now;
    p->last_us = now;
    break;
  case PROGRESS_UPDATE: {
    gint64 last = __atomic_load_n(&p->last_us, __ATOMIC_RELAXED);
    if (now - last < 2000000) return;
    /* one thread wins the window; the others return */
    if (!__atomic_compare_exchange_n(&p->last_us, &last, now, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return;
    report(p, n, now);
    break;
  }
  case PROGRESS_END:
    if (now - p->start_us >= 2000000) report(p, n, now);
    break;
  }
}

const ProgressSink *progress_stderr(Progress *p, const char *what) {
  *p = (Progress){.sink = {stderr_fn, p, what}};
  return &p->sink;
}

const ProgressSink *progress_stderr_start(Progress *p, const char *what, uint64_t total) {
  const ProgressSink *s = progress_stderr(p, what);
  progress_start(s, total);
  return s;
}

static double cpu_clock(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double progress_thread_cpu(void) { return cpu_clock(CLOCK_THREAD_CPUTIME_ID); }
double progress_process_cpu(void) { return cpu_clock(CLOCK_PROCESS_CPUTIME_ID); }
