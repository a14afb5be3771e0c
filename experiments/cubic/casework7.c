/* experiments/cubic/casework7.c — CT8, CT9: the 7^3 casework of Theorem 4.1.
 *
 * Paper: Cain, Raymond & Källersjö (shared/papers/cubic-tictactoe-matching.txt),
 * §4.2 (Maker opens at the centre) and §4.3 (any other opening).
 *
 * What is computed.  Every board the paper enumerates: Maker's moves range over
 * the options of §4.2/§4.3 (the half-cube restrictions included), Breaker's
 * moves follow the rules of src/cubic7.h (the paper's "any unoccupied cell"
 * fixed to the first free cell in the paper's own order).  For each board we
 * count the lines Breaker has eliminated, the survivors, the free cells, and
 * the maximum matching of Step 2 (each survivor twice vs the free cells); a
 * pairing strategy exists iff the matching saturates the survivors.
 * How.  src/cubic7.c walks Maker's moves depth-first.  At the node before
 * Maker's last move it places Breaker's default reply d and computes one
 * maximum matching M (Hopcroft–Karp, warm-started from the parent node's
 * matching).  Maker's last move x only deletes the free cell x, so the
 * board's maximum is |M| if some maximum matching avoids x and |M| - 1
 * otherwise; one alternating-path pass (bm_avoidable) answers this for all x
 * at once.  The board where Maker takes d is solved on its own.  The engine
 * is tested board by board against the from-scratch Hopcroft–Karp baseline
 * (tests/test_cubic7.c), and here a deterministic sample of boards gets its
 * pairing written out as a 7x7x7 grid and validated by the independent grid
 * checker of src/pairgrid.c.  The top-level choices are split over --threads;
 * the statistics are sums, so the output does not depend on the split.
 * Printed per case (CT8 centre, CT9 other): the number of boards, the value of
 * each count if it is the same on every board ("varies" otherwise) with its
 * full distribution as extra rows, the certificate sample's counts
 * (sampled; engine agrees with the from-scratch computation; grid valid),
 * and `pairing_always`: every board has a saturating matching AND every
 * sampled certificate passed.  The sample is about one board in 2000 (quick:
 * one in 64), chosen by a hash of Maker's moves.  --profile quick runs every
 * 48th top-level choice.
 */
#include <stdio.h>
#include <string.h>

#include "cubic7.h"
#include "expt.h"

typedef struct {
  const C7 *c;
  C7Case k;
  const PgChecker *checker;
  uint32_t modulus; /* certificate sample: about one board in modulus */
  const int *items;
  int nitems;
  gint next;
  gint64 boards_done;
} Shared;

typedef struct {
  Shared *sh;
  C7Stats stats;
  C7Certs certs;
} Worker;

/* every board passes here; the sampled ones get their certificate checked */
static void leaf(void *user, const uint32_t *m, const C7Leaf *lf) {
  Worker *w = user;
  if (c7_sampled(m, c7_maker_moves(w->sh->k), w->sh->modulus))
    c7_certify(w->sh->c, w->sh->k, w->sh->checker, m, lf, &w->certs);
}

static gpointer work(gpointer data) {
  Worker *w = data;
  Shared *sh = w->sh;
  C7Scratch *s = c7_scratch_new(sh->c);
  for (;;) {
    int i = g_atomic_int_add(&sh->next, 1);
    if (i >= sh->nitems) break;
    uint64_t before = w->stats.boards;
    c7_run_item(sh->c, sh->k, sh->items[i], &w->stats, s, leaf, w);
    g_atomic_pointer_add(&sh->boards_done, (gssize)(w->stats.boards - before));
  }
  c7_scratch_free(s);
  return NULL;
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

static bool run_case(const C7 *c, C7Case k, const Expt *e, ResultWriter *w) {
  const char *claim = k == C7_CENTRE ? "CT8" : "CT9";
  int n = c7_items(c, k);
  int stride = e->profile == PROFILE_FULL ? 1 : 48;
  int *items = g_new(int, n);
  int nitems = 0;
  for (int i = 0; i < n; i += stride) items[nitems++] = i;
  uint64_t total = c7_total_boards(c, k) / (uint64_t)n * (uint64_t)nitems; /* for the ETA */
  PgChecker *checker = pg_checker_new(7, 3);
  Shared sh = {c, k, checker, e->profile == PROFILE_FULL ? 2000 : 64, items, nitems, 0, 0};
  Worker *ws = g_new0(Worker, e->threads);
  GThread **th = g_new(GThread *, e->threads);
  for (int t = 0; t < e->threads; t++) {
    ws[t].sh = &sh;
    th[t] = g_thread_new("c7", work, &ws[t]);
  }
  Progress p;
  expt_progress_start(&p, claim, total);
  while (g_atomic_int_get(&sh.next) < nitems) { /* until the last items are taken */
    expt_progress(&p, (uint64_t)g_atomic_pointer_get(&sh.boards_done));
    g_usleep(100000);
  }
  C7Stats *st = g_new0(C7Stats, 1);
  C7Certs certs = {0, 0, 0, NULL};
  for (int t = 0; t < e->threads; t++) {
    g_thread_join(th[t]);
    c7_stats_add(st, &ws[t].stats);
    c7_certs_add(&certs, &ws[t].certs);
  }
  pg_checker_free(checker);
  expt_progress_end(&p, st->boards);
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
  g_free(th);
  g_free(items);
  return always;
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-casework7", "CT8, CT9: the 7^3 casework of Theorem 4.1.",
             NULL);
  C7 *c = c7_new();
  ResultWriter *w = expt_open_results(&e);
  bool ok = run_case(c, C7_CENTRE, &e, w);
  ok &= run_case(c, C7_OTHER, &e, w);
  c7_free(c);
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
