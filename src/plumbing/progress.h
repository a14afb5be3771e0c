/* progress.h — how a long computation says how far it is.
 *
 * Contract.
 *   An engine that runs for long takes a `const ProgressSink *` (NULL: silent)
 *   and reports through it: progress_start(s, total) once, before the work;
 *   progress_update(s, done) as often as it likes, from any thread (done is
 *   the number of work items finished so far, in the unit of total);
 *   progress_end(s, done) once, after the work.  All three do nothing when s
 *   is NULL.  The sink is a callback and its context, plus `what`, the name of
 *   the work (the label of the lines; may be NULL), which an engine may also
 *   use in its own messages.  Engines never print progress themselves.
 *
 *   The default sink is the stderr reporter: Progress p;
 *   progress_stderr(&p, WHAT) sets p up and returns its sink.  It prints
 *     WHAT: done/total (percent%), rate/s, ETA seconds s
 *   on stderr at most once every 2 s (the first line 2 s after the start), and
 *   at the end one last line if the run took 2 s or more; quick runs print
 *   nothing.  It is safe to update from many threads at once (one line per
 *   2 s window in all; no lock); a Progress needs no clean-up.
 *   progress_stderr_start(&p, WHAT, total) = progress_start(progress_stderr(...)).
 *
 *   CPU time, for the rows and logs that report it: progress_thread_cpu()
 *   is the CPU seconds the calling thread has used so far, and
 *   progress_process_cpu() those of the whole process (all its threads);
 *   differences of two readings time a piece of work.
 */
#ifndef PLUMBING_PROGRESS_H
#define PLUMBING_PROGRESS_H

#include <glib.h>
#include <stdint.h>

typedef enum { PROGRESS_START, PROGRESS_UPDATE, PROGRESS_END } ProgressEvent;

/* n is the total for PROGRESS_START, the items done for the other two */
typedef void (*ProgressFn)(void *ctx, ProgressEvent ev, uint64_t n);

typedef struct {
  ProgressFn fn;
  void *ctx;
  const char *what;
} ProgressSink;

void progress_start(const ProgressSink *s, uint64_t total);
void progress_update(const ProgressSink *s, uint64_t done);
void progress_end(const ProgressSink *s, uint64_t done);

/* the stderr reporter */
typedef struct {
  ProgressSink sink;
  uint64_t total;
  gint64 start_us;
  gint64 last_us; /* accessed atomically */
} Progress;

const ProgressSink *progress_stderr(Progress *p, const char *what);
const ProgressSink *progress_stderr_start(Progress *p, const char *what, uint64_t total);

double progress_thread_cpu(void);
double progress_process_cpu(void);

#endif
