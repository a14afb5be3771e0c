/* parfor.h — the one parallel loop: units of work claimed from a shared
 * counter by N threads.
 *
 * Contract.
 *   parfor(units, threads, fn, ctx) calls fn(unit, worker, ctx) exactly once
 *   for every unit in 0..units-1 and returns when all calls have returned.
 *   The calls run on parfor_workers(units, threads) workers: worker 0 is the
 *   calling thread, workers 1.. are threads started for this call (and joined
 *   before it returns; one the system refuses to start is left out, and
 *   the others run its units).  Each worker claims the next unclaimed unit from an
 *   atomic counter, so units are started in increasing order but which worker
 *   runs a unit, and the order in which units finish, vary from run to run.
 *   parfor_workers() = threads clamped to 1..PARFOR_MAX_THREADS, and to
 *   `units` when units >= 1 (1 when units is 0: no call is made then).
 *
 *   Determinism is the caller's part: write each unit's result into its own
 *   slot (indexed by unit) and merge the slots in unit order after parfor
 *   returns, or accumulate per worker (indexed by worker, < threads) with
 *   operations whose result does not depend on the order (sums, maxima,
 *   sets sorted afterwards).  Then the output does not depend on the thread
 *   count.  fn must be safe to run concurrently with itself.
 */
#ifndef PLUMBING_PARFOR_H
#define PLUMBING_PARFOR_H

#include <stddef.h>

enum { PARFOR_MAX_THREADS = 64 };

typedef void (*ParforFn)(size_t unit, int worker, void *ctx);

int parfor_workers(size_t units, int threads);
void parfor(size_t units, int threads, ParforFn fn, void *ctx);

#endif
