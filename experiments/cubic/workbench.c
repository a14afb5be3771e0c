/* experiments/cubic/workbench.c — the cubic claims asked again through the
 * generic workbench (src/game/, `makerbreaker`), which must give the same
 * answers as the paper-specific engines: CT3, CT4, CT5, CT6, CT8, CT9.
 *
 * Paper: Cain, Raymond & Källersjö (shared/papers/cubic-tictactoe-matching.txt).
 * Each question "does Breaker have a private pairing here?" is answered
 * twice:
 *   engine     the paper's method as the experiments run it: board.h's lines,
 *              each surviving line taken twice vs the free cells, Hopcroft–Karp
 *              (matching.h) — and for 7^3 the incremental casework engine of
 *              src/cubic7.h (c7_run_item), whose per-board maximum matching
 *              says whether the survivors have a pairing;
 *   workbench  the board from its spec ("5^2", "7^3"), the position from the
 *              moves as `makerbreaker pairing --after` reads them, mb_private()
 *              of src/game/pairing.h; its certificate (a pairing, or a
 *              Hall-violating family) is written as text and judged by the
 *              independent checker src/solve/certcheck.c, which enumerates the
 *              lines itself.
 * Boards: the pre-game boards 5^2, 6^2, 7^2 (CT4), 8^3, 9^3 (CT6) with
 * pairings, 4^2 and 3^3 without (CT5, CT3); 4^2 after each opening class
 * (1,1), (1,2), (2,2) and Breaker's (3,3) (CT5); a deterministic sample of the
 * 7^3 casework boards of both cases (CT8 centre, CT9 other openings:
 * c7_sampled() on the first items of each case; quick: fewer items).
 * Printed (extra rows, unscored): `workbench_pairing_<board>` (the
 * workbench's answer), `workbench_certified_<board>` (its certificate
 * accepted), per claim `workbench_agrees` (same answer as the engine on every
 * board, every certificate accepted) and for the 7^3 sample `workbench_boards`.
 * Exit 1 if any answer differs or any certificate is rejected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/board.h"
#include "cubic/cubic7.h"
#include "plumbing/expt.h"
#include "solve/certcheck.h"
#include "game/pairing.h"
#include "solvers/matching.h"

/* the engine: survivors (no Breaker cell) twice vs free cells, Hopcroft–Karp */
static bool engine_pairing(int n, int d, const uint32_t *maker, int nm, const uint32_t *breaker, int nb) {
  Board *b = board_new(n, d);
  g_autofree uint8_t *own = g_new0(uint8_t, b->ncells);
  for (int i = 0; i < nm; i++) own[maker[i]] = 1;
  for (int i = 0; i < nb; i++) own[breaker[i]] = 2;
  GArray *start = g_array_new(FALSE, FALSE, sizeof(uint32_t)), *adj = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  for (size_t e = 0; e < hg_ne(b->lines); e++) {
    bool dead = false;
    for (int t = 0; t < n; t++) dead |= own[hg_edge(b->lines, e)[t]] == 2;
    if (dead) continue;
    for (int copy = 0; copy < 2; copy++) {
      g_array_append_val(start, adj->len);
      for (int t = 0; t < n; t++)
        if (!own[hg_edge(b->lines, e)[t]]) g_array_append_val(adj, hg_edge(b->lines, e)[t]);
    }
  }
  uint32_t nl = start->len;
  g_array_append_val(start, adj->len);
  BipGraph g = {nl, b->ncells, (uint32_t *)start->data, (uint32_t *)adj->data};
  g_autofree uint32_t *ml = g_new(uint32_t, nl + 1), *mr = g_new(uint32_t, b->ncells);
  bool ok = bm_hopcroft_karp(&g, ml, mr, false, NULL) == nl;
  g_array_free(start, TRUE);
  g_array_free(adj, TRUE);
  board_free(b);
  return ok;
}

/* the workbench: spec + moves; *certified = the checker accepts its certificate */
static bool workbench_pairing(const char *spec, const char *moves, bool *certified) {
  GError *err = NULL;
  MbBoard *b = bs_board_new(spec, &err);
  g_assert_no_error(err);
  MbPosition pos;
  if (!mb_position_parse(b, moves, &pos, &err)) g_error("%s", err->message);
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  MbResult r;
  bool found = s.maker_won < 0 && mb_private(b, &s, &r);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (s.maker_won < 0) mb_write_cert(f, b, &pos, "private", &r);
  fclose(f);
  char *why = NULL;
  *certified = s.maker_won < 0 && cc_check(spec, buf, NULL, &why) == CC_VALID;
  if (why) fprintf(stderr, "cubic-workbench: %s %s: certificate rejected: %s\n", spec, moves ? moves : "", why);
  g_free(why);
  g_free(buf);
  if (s.maker_won < 0) mb_result_clear(&r);
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  bs_board_free(b);
  return found;
}

static void append_move(GString *s, const Board *b, char who, uint32_t cell) {
  int x[8];
  board_coords(b, cell, x);
  g_string_append_printf(s, "%s%c:", s->len ? " " : "", who);
  for (int i = 0; i < b->d; i++) g_string_append_printf(s, i ? ",%d" : "%d", x[i]);
}

static bool pregame(ResultWriter *w, const char *claim, int n, int d) {
  g_autofree char *spec = g_strdup_printf("%d^%d", n, d);
  g_autofree char *tag = d == 2 ? g_strdup_printf("%dx%d", n, n) : g_strdup_printf("%dx%dx%d", n, n, n);
  bool cert, wb = workbench_pairing(spec, NULL, &cert), eng = engine_pairing(n, d, NULL, 0, NULL, 0);
  g_autofree char *k1 = g_strdup_printf("workbench_pairing_%s", tag), *k2 = g_strdup_printf("workbench_certified_%s", tag);
  rw_bool(w, claim, k1, wb);
  rw_bool(w, claim, k2, cert);
  return cert && wb == eng;
}

/* ---- the 7^3 sample ---- */
typedef struct {
  const C7 *c;
  C7Case k;
  uint32_t modulus;
  uint64_t boards, agree;
} Sample;

static void visit(void *user, const uint32_t *m, const C7Leaf *leaf) {
  Sample *sm = user;
  int nm = c7_maker_moves(sm->k);
  if (!c7_sampled(m, nm, sm->modulus)) return;
  uint32_t b[4];
  g_assert_true(c7_breaker_moves(sm->c, sm->k, m, b));
  const Board *bd = c7_board(sm->c);
  GString *mv = g_string_new(NULL);
  for (int i = 0; i < nm; i++) {
    append_move(mv, bd, 'M', m[i]);
    append_move(mv, bd, 'B', b[i]);
  }
  bool cert, wb = workbench_pairing("7^3", mv->str, &cert);
  bool eng = leaf->matching == 2 * leaf->survivors;
  sm->boards++;
  sm->agree += cert && wb == eng;
  if (!(cert && wb == eng)) fprintf(stderr, "cubic-workbench: 7^3 %s: engine %d, workbench %d\n", mv->str, eng, wb);
  g_string_free(mv, TRUE);
}

static bool casework(ResultWriter *w, const char *claim, const C7 *c, C7Case k, int items, uint32_t modulus) {
  Sample sm = {c, k, modulus, 0, 0};
  C7Scratch *scr = c7_scratch_new(c);
  C7Stats *st = g_new0(C7Stats, 1);
  for (int i = 0; i < items && i < c7_items(c, k); i++) c7_run_item(c, k, i, st, scr, visit, &sm);
  c7_scratch_free(scr);
  g_free(st);
  rw_int(w, claim, "workbench_boards", (int64_t)sm.boards);
  bool ok = sm.boards > 0 && sm.agree == sm.boards;
  rw_bool(w, claim, "workbench_agrees", ok);
  return ok;
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "cubic-workbench",
             "CT3-CT6, CT8, CT9 through the makerbreaker workbench: same answers as the engines, certificates checked.",
             NULL);
  ResultWriter *w = expt_open_results(&e);
  bool ok = true, ct4 = true, ct6 = true, ct5 = true;
  for (int n = 5; n <= 7; n++) ct4 &= pregame(w, "CT4", n, 2);
  rw_bool(w, "CT4", "workbench_agrees", ct4);
  ct6 &= pregame(w, "CT6", 8, 3);
  ct6 &= pregame(w, "CT6", 9, 3);
  rw_bool(w, "CT6", "workbench_agrees", ct6);
  bool ct3 = pregame(w, "CT3", 3, 3);
  rw_bool(w, "CT3", "workbench_agrees", ct3);
  ct5 &= pregame(w, "CT5", 4, 2);
  /* the opening classes, Breaker at (3,3) */
  static const int open[3][2] = {{1, 1}, {1, 2}, {2, 2}};
  Board *b4 = board_new(4, 2);
  for (int i = 0; i < 3; i++) {
    int mxy[2] = {open[i][0], open[i][1]}, bxy[2] = {3, 3};
    uint32_t m = board_cell(b4, mxy), bc = board_cell(b4, bxy);
    g_autofree char *mv = g_strdup_printf("M:%d,%d B:3,3", open[i][0], open[i][1]);
    bool cert, wb = workbench_pairing("4^2", mv, &cert), eng = engine_pairing(4, 2, &m, 1, &bc, 1);
    g_autofree char *k = g_strdup_printf("workbench_pairing_open%d%d", open[i][0], open[i][1]);
    rw_bool(w, "CT5", k, wb);
    ct5 &= cert && wb == eng;
  }
  board_free(b4);
  rw_bool(w, "CT5", "workbench_agrees", ct5);
  C7 *c = c7_new();
  int items = e.profile == PROFILE_FULL ? 4 : 1;
  bool ct8 = casework(w, "CT8", c, C7_CENTRE, items, 4000);
  bool ct9 = casework(w, "CT9", c, C7_OTHER, items, 4000);
  c7_free(c);
  ok = ct3 && ct4 && ct5 && ct6 && ct8 && ct9;
  if (rw_close(w) != 0) return 3;
  return ok ? 0 : 1;
}
