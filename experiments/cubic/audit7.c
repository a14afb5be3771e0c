/* experiments/cubic/audit7.c — CT13: an audit of the case split of Theorem 4.1.
 *
 * Paper: Cain, Raymond & Källersjö (shared/papers/cubic-tictactoe-matching.txt),
 * §4.2 and §4.3.  Not a published claim: a new result ("beyond").
 *
 * The question.  §4.3 says: "Rotating the cube if necessary, there is no loss
 * of generality in assuming that Maker's first and second moves are in the
 * half cube for which the first coordinate is at most 4", and enumerates only
 * such openings.  One symmetry must put BOTH cells in that half.  §4.2 says
 * that a rotation about superdiagonal (A) puts Maker's second move in x <= y.
 * What is computed.
 *   1. For every ordered pair (M1, M2) of distinct cells, neither the centre,
 *      all 48 symmetries of the cube (src/cubic/cubic7.c's c7_symmetry) are tried:
 *      the pair is covered if one of them puts both cells in x <= 4.  We
 *      count covered and uncovered pairs, and check the uncovered set against
 *      a second description worked out by hand: a symmetry can put both cells
 *      in x <= 4 iff on some axis they are on the same side of 4 (or one of
 *      them is 4), so the uncovered pairs are those on strictly opposite sides
 *      of 4 on every axis — e.g. the opposite corners (1,1,1), (7,7,7).
 *   2. For §4.2: every cell other than (4,4,4) and (5,5,5) must be taken into
 *      x <= y by one of the three rotations about (A) (the axis cycles), which
 *      fix both Breaker's and Maker's first cells.
 *   3. The uncovered openings are then closed by the paper's own rule played
 *      in a frame that suits it: the first symmetry keeping both Maker cells
 *      off (5,5,5), (6,2,6), (7,1,7) (c7_audit_frame; we count the pairs that
 *      have none), then B1 = (4,4,4), B2 = (5,5,5), B3 = (6,2,6) or else
 *      (7,1,7), all mapped back.  Every M3 is enumerated with the engine of
 *      casework7.c (case C7_UNCOVERED), and every board (full profile; the
 *      quick profile a deterministic sample of one in 16) gets its pairing
 *      written as a grid and validated by the independent grid checker
 *      (src/game/pairgrid.c), with the engine's numbers recomputed from
 *      scratch (rules replayed, a fresh Hopcroft–Karp matching): in the full
 *      profile `certificates_valid` equals `uncovered_boards`.  The items run
 *      on --threads workers; the counts are sums, so the output does not
 *      depend on the split.
 * Printed (claim CT13): the pair counts, `closed_form_agrees`,
 * `centre_m2_unreached`, `frames_missing`, the uncovered boards and their
 * eliminated / survivors / free cells / matching (a value or "varies"),
 * `closed` and `open` board counts, the certificate sample, and `check`.
 * --profile quick closes every 8th uncovered pair (certifying one board in 16).
 */
#include <stdio.h>
#include <stdlib.h>

#include "cubic/cubic7.h"
#include "plumbing/expt.h"
#include "plumbing/parfor.h"
#include "plumbing/progress.h"

/* the hand-derived description of an uncovered pair */
static bool opposite_on_every_axis(uint32_t a, uint32_t b) {
  int pa[3] = {(int)(a % 7), (int)(a / 7 % 7), (int)(a / 49)};
  int pb[3] = {(int)(b % 7), (int)(b / 7 % 7), (int)(b / 49)};
  for (int i = 0; i < 3; i++)
    if (!((pa[i] < 3 && pb[i] > 3) || (pa[i] > 3 && pb[i] < 3))) return false;
  return true;
}

typedef struct {
  const C7 *c;
  const PgChecker *chk;
  uint32_t modulus;
  C7Certs certs;  /* this worker's */
  C7Stats *st;    /* this worker's */
  C7Scratch *s;
} Sample;

typedef struct {
  Sample *ws; /* one per worker */
  int stride;
  gint64 boards_done;
  const ProgressSink *progress;
} Run;

/* modulus 1 (full profile): every board, its grid checked in memory, and
 * one in 100 also through the text form; else one in `modulus`, as text */
static void leaf(void *user, const uint32_t *m, const C7Leaf *lf) {
  Sample *s = user;
  if (s->modulus == 1 && !c7_sampled(m, 3, 100))
    c7_certify_direct(s->c, C7_UNCOVERED, s->chk, m, lf, &s->certs);
  else if (c7_sampled(m, 3, s->modulus))
    c7_certify(s->c, C7_UNCOVERED, s->chk, m, lf, &s->certs);
}

static void item(size_t unit, int worker, void *ctx) {
  Run *r = ctx;
  Sample *w = &r->ws[worker];
  uint64_t before = w->st->boards;
  c7_run_item(w->c, C7_UNCOVERED, (int)unit * r->stride, w->st, w->s, leaf, w);
  gint64 add = (gint64)(w->st->boards - before);
  gint64 done = (gint64)g_atomic_pointer_add(&r->boards_done, (gssize)add) + add;
  progress_update(r->progress, (uint64_t)done);
}

static void emit(ResultWriter *w, const char *key, int64_t v) {
  if (v >= 0) rw_int(w, "CT13", key, v);
  else rw_word(w, "CT13", key, "varies");
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-audit7",
             "CT13: do the 7^3 casework's openings cover every opening up to symmetry?", NULL);
  C7 *c = c7_new();
  uint32_t centre = c7_cell(4, 4, 4), c555 = c7_cell(5, 5, 5);
  /* 1. ordered opening pairs */
  int64_t total = 0, uncovered = 0, frames_missing = 0;
  bool agrees = true;
  for (uint32_t a = 0; a < C7_CELLS; a++)
    for (uint32_t b = 0; b < C7_CELLS; b++) {
      if (a == b || a == centre || b == centre) continue;
      total++;
      bool u = c7_pair_uncovered(a, b);
      agrees &= u == opposite_on_every_axis(a, b);
      if (u) {
        uncovered++;
        frames_missing += c7_audit_frame(a, b) < 0;
      }
    }
  /* 2. §4.2's rotation about (A): the axis cycles are symmetries 0, 8, 16 */
  int64_t m2_cells = 0, m2_unreached = 0;
  for (uint32_t v = 0; v < C7_CELLS; v++) {
    if (v == centre || v == c555) continue;
    m2_cells++;
    bool reached = false;
    for (int g = 0; g < 24 && !reached; g += 8) {
      g_assert(c7_symmetry(g, c555) == c555);
      uint32_t w = c7_symmetry(g, v);
      reached = w % 7 <= w / 7 % 7;
    }
    m2_unreached += !reached;
  }
  /* 3. close the uncovered openings */
  int n = c7_items(c, C7_UNCOVERED), stride = e.profile == PROFILE_FULL ? 1 : 8;
  g_assert(n == uncovered);
  PgChecker *chk = pg_checker_new(7, 3);
  size_t units = frames_missing ? 0 : (size_t)((n + stride - 1) / stride); /* c7_run_item needs a frame for every item */
  int nw = parfor_workers(units, e.threads);
  Sample *ws = g_new0(Sample, nw);
  for (int t = 0; t < nw; t++) {
    ws[t] = (Sample){c, chk, e.profile == PROFILE_FULL ? 1 : 16, {0, 0, 0, NULL}, g_new0(C7Stats, 1),
                     c7_scratch_new(c)};
  }
  Progress p;
  Run run = {ws, stride, 0, progress_stderr_start(&p, "CT13", (uint64_t)units * (C7_CELLS - 4))};
  parfor(units, nw, item, &run);
  C7Stats *st = g_new0(C7Stats, 1);
  Sample smp = {c, chk, 0, {0, 0, 0, NULL}, NULL, NULL};
  for (int t = 0; t < nw; t++) {
    c7_stats_add(st, ws[t].st);
    c7_certs_add(&smp.certs, &ws[t].certs);
    g_free(ws[t].st);
    c7_scratch_free(ws[t].s);
  }
  g_free(ws);
  progress_end(run.progress, st->boards);
  pg_checker_free(chk);

  ResultWriter *w = expt_open_results(&e);
  rw_int(w, "CT13", "pairs_total", total);
  rw_int(w, "CT13", "pairs_covered", total - uncovered);
  rw_int(w, "CT13", "pairs_uncovered", uncovered);
  rw_bool(w, "CT13", "closed_form_agrees", agrees);
  rw_int(w, "CT13", "centre_m2_unreached", m2_unreached);
  rw_int(w, "CT13", "frames_missing", frames_missing);
  rw_int(w, "CT13", "uncovered_boards", (int64_t)st->boards);
  emit(w, "eliminated", c7_only_value(st->eliminated, C7_LINES + 1));
  emit(w, "survivors", c7_only_value(st->survivors, C7_LINES + 1));
  emit(w, "free_cells", c7_only_value(st->free_cells, C7_CELLS + 1));
  int64_t surv = c7_only_value(st->survivors, C7_LINES + 1), def = c7_only_value(st->deficit, 2 * C7_LINES + 1);
  emit(w, "matching", surv >= 0 && def >= 0 ? 2 * surv - def : -1);
  rw_int(w, "CT13", "closed", (int64_t)st->deficit[0]);
  rw_int(w, "CT13", "open", (int64_t)(st->boards - st->deficit[0]));
  rw_int(w, "CT13", "certificates_sampled", (int64_t)smp.certs.sampled);
  rw_int(w, "CT13", "certificates_valid", (int64_t)smp.certs.valid);
  rw_word(w, "CT13", "check", "48-symmetry-search=closed-form;grid-checker;from-scratch-matching");
  if (smp.certs.first_failure) fprintf(stderr, "CT13: certificate failure: %s\n", smp.certs.first_failure);
  bool ok = agrees && m2_unreached == 0 && frames_missing == 0 && m2_cells > 0 &&
            smp.certs.sampled > 0 && smp.certs.agree == smp.certs.sampled &&
            smp.certs.valid == smp.certs.sampled && st->deficit[0] == st->boards;
  g_free(smp.certs.first_failure);
  g_free(st);
  c7_free(c);
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
