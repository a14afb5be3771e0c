/* experiments/cubic/casework7.c — CT8, CT9: the 7^3 casework of Theorem 4.1.
 *
 * Paper: Cain, Raymond & Källersjö (shared/papers/cubic-tictactoe-matching.txt),
 * §4.2 (Maker opens at the centre) and §4.3 (any other opening).
 *
 * What is computed.  Every board the paper enumerates: Maker's moves range over
 * the options of §4.2/§4.3 (the half-cube restrictions included), Breaker's
 * moves follow the rules of src/cubic/cubic7.h (the paper's "any unoccupied cell"
 * fixed to the first free cell in the paper's own order).  For each board we
 * count the lines Breaker has eliminated, the survivors, the free cells, and
 * the maximum matching of Step 2 (each survivor twice vs the free cells); a
 * pairing strategy exists iff the matching saturates the survivors.
 * How.  src/cubic/cubic7.c walks Maker's moves depth-first.  At the node before
 * Maker's last move it places Breaker's default reply d and computes one
 * maximum matching M (Hopcroft–Karp, warm-started from the parent node's
 * matching).  Maker's last move x only deletes the free cell x, so the
 * board's maximum is |M| if some maximum matching avoids x and |M| - 1
 * otherwise; one alternating-path pass (bm_avoidable) answers this for all x
 * at once.  The board where Maker takes d is solved on its own.  The engine
 * is tested board by board against the from-scratch Hopcroft–Karp baseline
 * (tests/test_cubic7.c), and here a deterministic sample of boards gets its
 * pairing written out as a 7x7x7 grid and validated by the independent grid
 * checker of src/game/pairgrid.c.  The top-level choices are split over --threads;
 * the statistics are sums, so the output does not depend on the split.
 * Printed per case (CT8 centre, CT9 other): the number of boards, the value of
 * each count if it is the same on every board ("varies" otherwise) with its
 * full distribution as extra rows, the certificate sample's counts
 * (sampled; engine agrees with the from-scratch computation; grid valid),
 * and `pairing_always`: every board has a saturating matching AND every
 * sampled certificate passed.  The sample is about one board in 2000 (quick:
 * one in 64), chosen by a hash of Maker's moves.  --profile quick runs every
 * 48th top-level choice.
 * The audit.  --certify-every 1 (what `make audit` runs, results in
 * build/audit/) certifies every board: each of the 34,987,512 boards is
 * recomputed from scratch (rules replayed, a fresh Hopcroft–Karp matching)
 * and its pairing validated by the grid checker, so `certificates_valid`
 * then equals `boards` in both cases.  --certify-every N certifies about one
 * board in N (1 <= N <= 1000000).
 * Checkpoint.  With --checkpoint FILE each top-level choice is a work unit
 * (stage 0 the centre case, stage 1 the other): its histograms and
 * certificate counts are saved to FILE as it finishes (the file rewritten
 * at most every second, src/plumbing/checkpoint.h).  A rerun with the same profile
 * and binary adds the saved units to its sums and skips them ("resuming:
 * K/N ... chunks" on stderr); sums do not care which run did a unit, so the
 * result file is the same bytes as an uninterrupted run's.  FILE is removed
 * when the results are written.  --stop-after N (a test aid) stops as if
 * killed once N units are saved.
 * MPI.  The items are a campaign (src/plumbing/campaign.h): built by `make
 * mpi`, build/mpi/bin/cubic-casework7 under mpirun -np N hands the items out
 * to N - 1 worker ranks; rank 0 checkpoints and merges them in item order,
 * so the result file is the same bytes as the threaded run's.
 */
#include <stdio.h>
#include <string.h>

#include "cubic/cubic7.h"
#include "plumbing/campaign.h"
#include "plumbing/expt.h"
#include "plumbing/parfor.h"
#include "plumbing/progress.h"

typedef struct {
  const C7 *c;
  C7Case k;
  const PgChecker *checker;
  uint32_t modulus; /* certificate sample: about one board in modulus */
  const int *items;
  gint64 boards_done;
  const ProgressSink *progress;
  struct Worker *ws; /* one per parfor worker */
} Shared;

typedef struct Worker {
  Shared *sh;
  C7Scratch *s;
  C7Stats unit; /* the current item's own */
  C7Certs unit_certs;
} Worker;

/* every board passes here; the sampled ones get their certificate checked
 * (through its text form); with --certify-every 1 every board does, in
 * memory, and one in 2000 still through the text form */
static void leaf(void *user, const uint32_t *m, const C7Leaf *lf) {
  Worker *w = user;
  int nm = c7_maker_moves(w->sh->k);
  if (w->sh->modulus == 1 && !c7_sampled(m, nm, 2000))
    c7_certify_direct(w->sh->c, w->sh->k, w->sh->checker, m, lf, &w->unit_certs);
  else if (c7_sampled(m, nm, w->sh->modulus))
    c7_certify(w->sh->c, w->sh->k, w->sh->checker, m, lf, &w->unit_certs);
}

/* One item's partial result as bytes (the checkpoint's and the campaign's):
 * its histograms (sparse) and its certificate counts with the first
 * failure's text. */
static void pack_item(GByteArray *b, const C7Stats *st, const C7Certs *cs) {
  ckpt_pack_u64(b, st->boards);
  ckpt_pack_counts(b, st->eliminated, C7_LINES + 1);
  ckpt_pack_counts(b, st->survivors, C7_LINES + 1);
  ckpt_pack_counts(b, st->free_cells, C7_CELLS + 1);
  ckpt_pack_counts(b, st->deficit, 2 * C7_LINES + 1);
  ckpt_pack_u64(b, cs->sampled);
  ckpt_pack_u64(b, cs->agree);
  ckpt_pack_u64(b, cs->valid);
  const char *f = cs->first_failure ? cs->first_failure : "";
  ckpt_pack_bytes(b, f, strlen(f));
}

/* The inverse, into zeroed *st and *cs; false if the bytes are malformed. */
static bool load_item(const void *p, size_t len, C7Stats *st, C7Certs *cs) {
  CkptReader r;
  ckpt_reader_init(&r, p, len);
  st->boards = ckpt_unpack_u64(&r);
  ckpt_unpack_add_counts(&r, st->eliminated, C7_LINES + 1);
  ckpt_unpack_add_counts(&r, st->survivors, C7_LINES + 1);
  ckpt_unpack_add_counts(&r, st->free_cells, C7_CELLS + 1);
  ckpt_unpack_add_counts(&r, st->deficit, 2 * C7_LINES + 1);
  cs->sampled = ckpt_unpack_u64(&r);
  cs->agree = ckpt_unpack_u64(&r);
  cs->valid = ckpt_unpack_u64(&r);
  size_t n;
  const uint8_t *f = ckpt_unpack_bytes(&r, &n);
  if (!ckpt_reader_done(&r)) return false;
  cs->first_failure = n ? g_strndup((const char *)f, n) : NULL;
  return true;
}

/* saved bytes that decode (the campaign's check on a checkpointed unit) */
static bool item_ok(size_t unit, const void *p, size_t len, void *ctx) {
  (void)unit;
  (void)ctx;
  C7Stats *one = g_new0(C7Stats, 1);
  C7Certs cs = {0, 0, 0, NULL};
  bool ok = load_item(p, len, one, &cs);
  g_free(cs.first_failure);
  g_free(one);
  return ok;
}

/* work unit i: top-level choice items[i], its result as bytes */
static void work(size_t i, int worker, GByteArray *out, void *ctx) {
  Shared *sh = ctx;
  Worker *w = &sh->ws[worker];
  memset(&w->unit, 0, sizeof w->unit);
  memset(&w->unit_certs, 0, sizeof w->unit_certs);
  c7_run_item(sh->c, sh->k, sh->items[i], &w->unit, w->s, leaf, w);
  pack_item(out, &w->unit, &w->unit_certs);
  g_free(w->unit_certs.first_failure);
  gint64 done = (gint64)g_atomic_pointer_add(&sh->boards_done, (gssize)w->unit.boards) + (gint64)w->unit.boards;
  progress_update(sh->progress, (uint64_t)done);
}

static void emit(ResultWriter *w, const char *claim, const char *name, const uint64_t *h, int n) {
  int64_t v = c7_only_value(h, n);
  if (v >= 0)
    rw_int(w, claim, name, v);
  else
    rw_word(w, claim, name, "varies");
  for (int i = 0; i < n; i++)
    if (h[i]) {
      char key[48];
      snprintf(key, sizeof key, "%s_dist_%d", name, i);
      rw_int(w, claim, key, (int64_t)h[i]);
    }
}

static gint opt_certify_every = -1; /* -1: the profile's sample */

static bool run_case(const C7 *c, C7Case k, const Expt *e, Checkpoint *ck, ResultWriter *w) {
  const char *claim = k == C7_CENTRE ? "CT8" : "CT9";
  int n = c7_items(c, k);
  int stride = e->profile == PROFILE_FULL ? 1 : 48;
  int *items = g_new(int, n);
  int nitems = 0;
  for (int i = 0; i < n; i += stride) items[nitems++] = i;
  uint64_t total = c7_total_boards(c, k) / (uint64_t)n * (uint64_t)nitems; /* for the ETA */
  PgChecker *checker = pg_checker_new(7, 3);
  Shared sh = {.c = c,
               .k = k,
               .checker = checker,
               .modulus = opt_certify_every > 0 ? (uint32_t)opt_certify_every
                                            : e->profile == PROFILE_FULL ? 2000 : 64,
               .items = items,
               .boards_done = 0}; /* this run's boards only */
  int nw = parfor_workers((size_t)nitems, e->threads);
  Worker *ws = g_new0(Worker, nw);
  for (int t = 0; t < nw; t++) {
    ws[t].sh = &sh;
    ws[t].s = c7_scratch_new(c);
  }
  sh.ws = ws;
  /* the items as a campaign (threads, or MPI ranks): every item's bytes,
   * read back from the checkpoint or computed now */
  Progress p; /* the rate over this run's boards (after a resume the ETA is an upper bound) */
  /* on MPI ranks rank 0 computes no board: it reports finished items instead */
  sh.progress = campaign_size() > 1 ? NULL : progress_stderr_start(&p, claim, total);
  CampaignSpec spec = {.units = (size_t)nitems,
                       .compute = work,
                       .check = item_ok,
                       .ctx = &sh,
                       .threads = nw,
                       .ck = ck,
                       .stage = (uint32_t)k,
                       .what = k == C7_CENTRE ? "CT8 chunks" : "CT9 chunks"};
  CampaignResult cr;
  campaign_run(&spec, &cr);
  progress_end(sh.progress, (uint64_t)sh.boards_done);
  /* histogram sums, merged in item order */
  C7Stats *st = g_new0(C7Stats, 1), *one = g_new(C7Stats, 1);
  C7Certs certs = {0, 0, 0, NULL};
  for (int i = 0; i < nitems; i++) {
    size_t len;
    const void *b = campaign_unit(&cr, (size_t)i, &len);
    C7Certs cs = {0, 0, 0, NULL};
    memset(one, 0, sizeof *one);
    bool decoded = load_item(b, len, one, &cs); /* computed here, or checked by item_ok */
    g_assert(decoded);
    c7_stats_add(st, one);
    c7_certs_add(&certs, &cs);
    g_free(cs.first_failure);
  }
  g_free(one);
  campaign_result_clear(&cr);
  for (int t = 0; t < nw; t++) c7_scratch_free(ws[t].s);
  pg_checker_free(checker);
  rw_int(w, claim, "boards", (int64_t)st->boards);
  rw_int(w, claim, "top_choices", nitems);
  emit(w, claim, "eliminated", st->eliminated, C7_LINES + 1);
  emit(w, claim, "survivors", st->survivors, C7_LINES + 1);
  emit(w, claim, "free_cells", st->free_cells, C7_CELLS + 1);
  /* matching = 2 * survivors - deficit; print it when both are constant */
  int64_t surv = c7_only_value(st->survivors, C7_LINES + 1);
  int64_t def = c7_only_value(st->deficit, 2 * C7_LINES + 1);
  if (surv >= 0 && def >= 0)
    rw_int(w, claim, "matching", 2 * surv - def);
  else
    rw_word(w, claim, "matching", "varies");
  for (int i = 0; i <= 2 * C7_LINES; i++)
    if (st->deficit[i]) {
      char key[48];
      snprintf(key, sizeof key, "deficit_dist_%d", i);
      rw_int(w, claim, key, (int64_t)st->deficit[i]);
    }
  /* the certificate sample: engine = from scratch, and the grid checker
   * accepts the pairing; a failure anywhere makes pairing_always false */
  rw_int(w, claim, "certificates_sampled", (int64_t)certs.sampled);
  rw_int(w, claim, "certificates_engine_agrees", (int64_t)certs.agree);
  rw_int(w, claim, "certificates_valid", (int64_t)certs.valid);
  if (certs.first_failure) fprintf(stderr, "%s: certificate failure: %s\n", claim, certs.first_failure);
  g_free(certs.first_failure);
  bool certified = certs.sampled > 0 && certs.agree == certs.sampled && certs.valid == certs.sampled;
  bool always = st->deficit[0] == st->boards && certified;
  rw_bool(w, claim, "pairing_always", always);
  g_free(st);
  g_free(ws);
  g_free(items);
  return always;
}

static gchar *opt_checkpoint = NULL;
static gint opt_stop_after = 0;

int main(int argc, char **argv) {
  GOptionEntry own[] = {EXPT_CHECKPOINT_OPTIONS(opt_checkpoint, opt_stop_after),
                        {"certify-every", 0, 0, G_OPTION_ARG_INT, &opt_certify_every,
                         "certify about one board in N from scratch (1: every board, the audit; "
                         "default: the profile's sample)", "N"},
                        G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-casework7", "CT8, CT9: the 7^3 casework of Theorem 4.1.",
             own);
  if (opt_certify_every != -1 && (opt_certify_every < 1 || opt_certify_every > 1000000)) {
    fprintf(stderr, "cubic-casework7: --certify-every must be between 1 and 1000000\n");
    return 2;
  }
  char ident[32];
  snprintf(ident, sizeof ident, "certify-every=%d", opt_certify_every);
  Checkpoint *ck = expt_checkpoint(&e, opt_checkpoint, opt_stop_after,
                                   opt_certify_every > 0 ? ident : NULL);
  C7 *c = c7_new();
  ResultWriter *w = expt_open_results(&e);
  bool ok = run_case(c, C7_CENTRE, &e, ck, w);
  ok &= run_case(c, C7_OTHER, &e, ck, w);
  c7_free(c);
  if (rw_close(w) != 0) {
    ckpt_close(ck); /* the results are not written: keep the work */
    return 3;
  }
  ckpt_finish(ck);
  return ok ? 0 : 1;
}
