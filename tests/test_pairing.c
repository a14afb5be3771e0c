/* test_pairing.c — positions, survivors, private and shared pairing search
 * (src/game/pairing.h), each answer judged by the independent checker
 * (src/solve/certcheck.h) and by brute force on tiny boards. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "solve/certcheck.h"
#include "game/pairing.h"

static char *cert_text(const MbBoard *b, const MbPosition *pos, const char *kind, const MbResult *r) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  g_assert_true(mb_write_cert(f, b, pos, kind, r));
  fclose(f);
  return buf;
}

/* brute force: is there a set of disjoint pairs of free cells, every
 * survivor containing one (shared), or one of its own (private)?  Tiny
 * boards only: tries every matching of the free cells recursively. */
static bool brute_shared(const MbSurvivors *s, uint32_t ncells, uint32_t *partner, uint32_t from) {
  /* first unblocked survivor */
  uint32_t t;
  for (t = 0; t < s->nsurv; t++) {
    bool blocked = false;
    for (uint32_t i = s->start[t]; i < s->start[t + 1] && !blocked; i++)
      for (uint32_t j = s->start[t]; j < s->start[t + 1]; j++)
        blocked |= partner[s->cells[i]] == s->cells[j];
    if (!blocked) break;
  }
  if (t == s->nsurv) return true;
  (void)from;
  for (uint32_t i = s->start[t]; i < s->start[t + 1]; i++)
    for (uint32_t j = i + 1; j < s->start[t + 1]; j++) {
      uint32_t a = s->cells[i], c = s->cells[j];
      if (partner[a] != UINT32_MAX || partner[c] != UINT32_MAX) continue;
      partner[a] = c, partner[c] = a;
      bool ok = brute_shared(s, ncells, partner, 0);
      partner[a] = partner[c] = UINT32_MAX;
      if (ok) return true;
    }
  return false;
}

static void run(const char *spec, const char *moves, const char *kind, int want) {
  GError *err = NULL;
  MbBoard *b = bs_board_new(spec, &err);
  g_assert_no_error(err);
  MbPosition pos;
  g_assert_true(mb_position_parse(b, moves, &pos, &err));
  MbSurvivors s;
  mb_survivors(b, &pos, &s);
  g_assert_cmpint(s.maker_won, <, 0);
  MbResult r;
  bool found;
  if (strcmp(kind, "private") == 0) {
    found = mb_private(b, &s, &r);
    if (!found) { /* the Hall family: distinct survivors, few free cells */
      g_autofree uint8_t *mark = g_new0(uint8_t, b->ncells);
      uint32_t nb = 0;
      for (guint i = 0; i < r.hall->len; i++) {
        uint32_t e = g_array_index(r.hall, uint32_t, i);
        for (size_t j = 0; j < hg_edge_size(b->h, e); j++) {
          uint32_t c = hg_edge(b->h, e)[j];
          if (pos.owner[c] == MB_FREE && !mark[c]) mark[c] = 1, nb++;
          g_assert_cmpint(pos.owner[c], !=, MB_BREAKER);
        }
      }
      g_assert_cmpuint(nb, ==, r.hall_nbhd);
      g_assert_cmpuint(nb, <, 2 * r.hall->len);
    }
  } else {
    int sat = mb_shared(b, &s, &r, &err);
    g_assert_no_error(err);
    found = sat == 10;
    if (b->ncells <= 20) {
      g_autofree uint32_t *partner = g_new(uint32_t, b->ncells);
      for (uint32_t c = 0; c < b->ncells; c++) partner[c] = UINT32_MAX;
      g_assert_cmpint(brute_shared(&s, b->ncells, partner, 0), ==, found);
    }
  }
  if (want >= 0) g_assert_cmpint(found, ==, want);
  g_autofree char *text = cert_text(b, &pos, kind, &r);
  char *why = NULL;
  CcReport rep;
  CcResult cr = cc_check(spec, text, &rep, &why);
  if (cr != CC_VALID) g_printerr("%s %s %s: %s\n", spec, moves ? moves : "", kind, why);
  g_assert_cmpint(cr, ==, CC_VALID);
  g_assert_cmpuint(rep.surviving, ==, s.nsurv);
  mb_result_clear(&r);
  mb_survivors_clear(&s);
  mb_position_clear(&pos);
  bs_board_free(b);
}

static void test_private(void) {
  run("5^2", NULL, "private", 1);
  run("4^2", NULL, "private", 0);
  run("3^3", NULL, "private", 0);
  run("4^2", "M:1,1 B:3,3", "private", 1);
  run("4^2", "M:2,2 B:3,3", "private", 1);
  run("mnk:5,5,4", NULL, "private", 0);
  run("mnk:6,1,2", NULL, "private", 0);
  run("mnk:8,1,3", "B:4,1", "private", -1);
  run("torus:8,8", NULL, "private", 1);
  run("torus:5,4", "M:0,0 B:1,1 M:2,2", "private", -1);
  run("qcube:3,2", "M:000", "private", -1);
  run("lattice:1,0;0,1/4@6", "B:2,2 M:3,3", "private", -1);
}

static void test_shared(void) {
  run("qcube:3,2", NULL, "shared", 1);
  run("qcube:4,2", NULL, "shared", 1);
  run("qcube:5,2", NULL, "shared", 0);
  run("4^2", NULL, "shared", -1);
  run("mnk:4,4,3", NULL, "shared", -1);
  run("mnk:4,4,3", "M:1,1 B:2,2", "shared", -1);
  run("torus:4,3", NULL, "shared", -1);
  run("3^2", "B:2,2", "shared", -1);
  run("mnk:5,1,3", "M:3,1", "shared", -1);
}

/* private pairings are shared ones; a shared answer 'none' implies private 'none' */
static void test_private_implies_shared(void) {
  const char *specs[] = {"4^2", "5^2", "mnk:4,4,3", "torus:4,3", "qcube:4,2", "mnk:6,3,3"};
  for (size_t i = 0; i < G_N_ELEMENTS(specs); i++) {
    MbBoard *b = bs_board_new(specs[i], NULL);
    MbPosition pos;
    mb_position_init(&pos, b->ncells);
    MbSurvivors s;
    mb_survivors(b, &pos, &s);
    MbResult p, q;
    bool priv = mb_private(b, &s, &p);
    int sh = mb_shared(b, &s, &q, NULL);
    if (priv) g_assert_cmpint(sh, ==, 10);
    mb_result_clear(&p);
    mb_result_clear(&q);
    mb_survivors_clear(&s);
    mb_position_clear(&pos);
    bs_board_free(b);
  }
}

static void test_positions(void) {
  MbBoard *b = bs_board_new("4^2", NULL);
  MbPosition pos;
  GError *err = NULL;
  /* issue 26, defect 15: lower-case m:/b: were accepted */
  const char *bad[] = {"X:1,1", "M:5,1", "M:1,1 B:1,1", "M1,1", "M:", "B:1,1,1", "m:1,1", "M:1,1 b:2,2"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    g_assert_false(mb_position_parse(b, bad[i], &pos, &err));
    g_assert_null(strchr(err->message, '\n'));
    g_clear_error(&err);
  }
  g_assert_true(mb_position_parse(b, " M:1,1;B:2.2  M:4,4 ", &pos, &err));
  g_autofree char *s = mb_position_string(b, &pos);
  g_assert_cmpstr(s, ==, "M:1,1 B:2,2 M:4,4");
  g_assert_cmpuint(pos.nmaker, ==, 2);
  mb_position_clear(&pos);
  /* Maker owning a whole line has won */
  g_assert_true(mb_position_parse(b, "M:1,1 M:2,1 M:3,1 M:4,1", &pos, &err));
  MbSurvivors sv;
  mb_survivors(b, &pos, &sv);
  g_assert_cmpint(sv.maker_won, >=, 0);
  mb_survivors_clear(&sv);
  mb_position_clear(&pos);
  bs_board_free(b);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/pairing/private_vs_checker", test_private);
  g_test_add_func("/pairing/shared_vs_checker_and_brute_force", test_shared);
  g_test_add_func("/pairing/private_implies_shared", test_private_implies_shared);
  g_test_add_func("/pairing/positions", test_positions);
  return g_test_run();
}
