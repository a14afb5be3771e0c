/* campaign.h — work units computed on threads or on MPI ranks, every unit's
 * result bytes handed back to be merged in unit order.
 *
 * Why.  A long experiment already splits its work into deterministic units
 * (checkpoint.h) and merges their partial results in an order that does not
 * depend on who computed them.  The same units can then run on one machine's
 * threads (parfor.h; the default, no MPI at run time) or on the ranks of an
 * MPI job (mpirun -np N, Slurm's srun): the result file is the same bytes
 * either way, and a killed job resumes from its checkpoint.
 *
 * Contract.
 *   The process.  campaign_init() is called by expt_parse() (so by every
 *   experiment) before the options are parsed.  In the default build it only
 *   refuses to run as one of several ranks: a program built without MPI and
 *   started by mpirun (or another launcher that sets OMPI_COMM_WORLD_SIZE or
 *   PMI_SIZE > 1, or srun: SLURM_STEP_NUM_TASKS > 1 in a job step) would have every rank do the whole run and write the same
 *   files, so it prints one line (on the first rank only) naming `make mpi`
 *   and exits 2.  In the MPI build (compiled with -DWITH_MPI: `make mpi`,
 *   binaries in build/mpi/bin/) it starts MPI and registers MPI_Finalize
 *   with atexit; built with Open MPI and started by srun without a PMI
 *   server this Open MPI can use (srun's --mpi=none, Slurm's default, or
 *   --mpi=pmi2 where Open MPI lacks Slurm's PMI-2; mk/mpi.mk asks ompi_info),
 *   where MPI_Init would abort every rank with a page of text, it prints one
 *   line (SLURM_PROCID 0 only) naming srun --mpi=pmix and exits 2 instead.  campaign_rank() is this process's rank (0 without MPI),
 *   campaign_size() the number of ranks (1 without MPI); campaign_mpi() says
 *   whether the program was built with MPI.
 *   Rank 0 is the run: it parses, reads the checkpoint, writes every output
 *   and every message.  The other ranks (workers) run the same program on
 *   the same arguments, but their stdout and stderr go to /dev/null (set
 *   CAMPAIGN_WORKER_OUTPUT=1 to keep them, for debugging), expt.h opens
 *   their result and figure files on /dev/null and gives them no checkpoint.
 *   So a bad argument is one line (rank 0's) and exit 2 on every rank.  An
 *   experiment that writes a file other than through expt.h must write it
 *   on rank 0 only.
 *   The work.  campaign_run(spec, result) is a collective call: in an MPI
 *   run every rank makes the same sequence of campaign_run calls with the
 *   same spec->units (what comes between them is computed on every rank).
 *   For every unit u in 0..units-1 (units < 2^32) result->bytes[u] holds
 *   u's result bytes: either the bytes spec->ck has saved for (spec->stage,
 *   u) from an earlier run, if spec->check(u, bytes, len, ctx) accepts them
 *   (no check: any bytes), or
 *   the bytes spec->compute(u, worker, out, ctx) appended to `out` (empty on
 *   the call).  Each unit computed is ckpt_put to spec->ck (if not NULL) as
 *   soon as rank 0 has it, so a killed run loses no finished unit, and one
 *   line "WHO: resuming: K/N WHAT done in an earlier run" reports the units
 *   read back (checkpoint.h; WHAT = spec->what).  On return every rank has
 *   every unit's bytes; merge them in unit order (or with an operation that
 *   does not care about the order) and the output is the same whatever the
 *   thread count, rank count, or interruptions.
 *     Threads (one rank): parfor(units, spec->threads, ...), with `worker`
 *     below parfor_workers(units, threads) as in parfor.h; compute must be
 *     safe to run concurrently with itself.
 *     MPI (N > 1 ranks): rank 0 hands out the units in increasing order, two
 *     queued at each worker rank and the next to whichever worker returns a
 *     result (so uneven units balance and no worker waits for work),
 *     receives each unit's bytes, ckpt_puts them, and finally sends every
 *     rank every unit's bytes.  Worker ranks call compute with worker 0, one
 *     unit at a time (spec->threads is not used); rank 0 computes nothing
 *     and waits without spinning (it polls every 0.2 ms, so that a rank on
 *     an oversubscribed node leaves its core to the workers).  A unit's
 *     bytes must be below 2^31, all units' together below 4 GiB.
 *   Progress.  With spec->progress set, campaign_run reports on it (rank 0):
 *   progress_start with the number of units to compute (those not read
 *   back), progress_update with the units computed so far, progress_end.
 *   Without it, compute may report through a sink of its own (in any unit:
 *   boards, nodes), and an MPI run's rank 0, which computes nothing, prints
 *   "WHAT: done/total" lines of its own (progress.h: only for runs of 2 s or more).
 *   A rank that dies kills the job (mpirun and srun --kill-on-bad-exit do),
 *   rank 0 then dies of SIGTERM after saving its checkpoint (checkpoint.h),
 *   and a rerun with any rank count (or threads) resumes from it.
 *   CAMPAIGN_UNIT_SLEEP=S (seconds, 0 < S <= 60; other values are ignored)
 *   makes compute sleep S before each unit: a test aid (tests/e2e/slurm.sh)
 *   that keeps a job running, at no cost in CPU, until it is cancelled.
 *   With CAMPAIGN_STATS=1 in the environment, rank 0 ends every campaign_run
 *   with one line "campaign: WHAT: N units, C computed, R resumed, K ranks"
 *   on stderr (for the bench, mk/bench-campaign.sh).
 *   campaign_unit(result, u, &len) is bytes[u]'s data; campaign_result_clear
 *   frees them.  campaign_agree(ok) returns rank 0's `ok` on every rank (for
 *   a check only rank 0 can make, like opening the checkpoint).
 *
 * Adopting it (an experiment whose units already go through parfor and
 * checkpoint.h):
 *   1. turn the unit function into compute(u, worker, out, ctx): compute the
 *      unit into per-call or per-`worker` scratch and append the bytes you
 *      would ckpt_put to `out` (no ckpt_put, no shared sums);
 *   2. replace the resume loop, parfor and ckpt_put by one campaign_run with
 *      check = your decoder run on a scratch result;
 *   3. merge: decode campaign_unit(r, u) for u = 0, 1, ... into the totals;
 *   4. open every output through expt.h (or on rank 0 only), and add the
 *      binary to MPI_EXPERIMENTS in mk/mpi.mk.
 */
#ifndef PLUMBING_CAMPAIGN_H
#define PLUMBING_CAMPAIGN_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "plumbing/checkpoint.h"
#include "plumbing/progress.h"

void campaign_init(int *argc, char ***argv, const char *who);
int campaign_rank(void);
int campaign_size(void);
bool campaign_mpi(void);
bool campaign_agree(bool ok);

/* appends unit `unit`'s result bytes to `out` */
typedef void (*CampaignComputeFn)(size_t unit, int worker, GByteArray *out, void *ctx);
/* true iff data[0..len) decodes as unit `unit`'s result */
typedef bool (*CampaignCheckFn)(size_t unit, const void *data, size_t len, void *ctx);

typedef struct {
  size_t units;
  CampaignComputeFn compute;
  CampaignCheckFn check; /* NULL: any saved bytes are taken */
  void *ctx;
  int threads;           /* parfor threads when there is one rank */
  Checkpoint *ck;        /* NULL: no checkpoint */
  uint32_t stage;
  const char *what;      /* the units' name in messages, e.g. "CT8 chunks" */
  const ProgressSink *progress; /* NULL, or told the units computed (see above) */
} CampaignSpec;

typedef struct {
  size_t units;
  GBytes **bytes;  /* bytes[u]: unit u's result */
  size_t resumed;  /* units read back from the checkpoint */
  size_t computed; /* units computed in this run (on any rank) */
} CampaignResult;

void campaign_run(const CampaignSpec *spec, CampaignResult *result);
const void *campaign_unit(const CampaignResult *r, size_t u, size_t *len);
void campaign_result_clear(CampaignResult *r);

#endif
