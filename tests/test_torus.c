/* Unit tests for src/ninerow/torus.c and src/ninerow/torus8.c: the tables; the checker on
 * the Hales–Jewett pairing and on broken ones; the enumerators against a
 * naive search (all perfect matchings of the free cells by neighbour pairs,
 * filtered by the checker) on restricted cases; the engine's, the paper's
 * and the plain method's representatives on subtrees; canonical forms under
 * every group element; Burnside on the hexagonal game; the moves against a
 * brute force over sets of 3 and 4 dominoes; the class graph. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "ninerow/torus8.h"

/* ---- helpers ---------------------------------------------------------------- */

static void hales_jewett(const TorusGame *g, uint8_t *code) {
  g_assert_true(tg_parse(g, tg_hales_jewett, code));
}

typedef struct {
  GArray *codes;
  int ncells;
} Bag;

static void bag_add(const uint8_t *code, void *ctx) {
  Bag *b = ctx;
  g_array_append_vals(b->codes, code, (guint)b->ncells);
}

/* naive: every perfect matching of the cells in `free` by neighbour pairs,
 * completed from `base`, filtered by tg_check */
static uint64_t naive(const TorusGame *g, uint8_t *code, uint64_t freec) {
  if (!freec) return tg_check(g, code, NULL);
  int c = __builtin_ctzll(freec);
  uint64_t total = 0;
  for (int k = 0; k < 8; k++) {
    if ((k & 3) >= g->ndirs) continue;
    int nb = g->nb[c][k];
    if (!(freec >> nb & 1) || nb == c) continue;
    code[c] = (uint8_t)k;
    code[nb] = (uint8_t)(k ^ 4);
    total += naive(g, code, freec & ~(UINT64_C(1) << c) & ~(UINT64_C(1) << nb));
  }
  return total;
}

static uint64_t all_cells(const TorusGame *g) {
  return g->ncells == 64 ? ~UINT64_C(0) : (UINT64_C(1) << g->ncells) - 1;
}

/* by lines: every freed line (lines[0..n-1]) gets one domino of its
 * direction inside the free cells, the dominoes disjoint and covering them */
static uint64_t by_lines(const TorusGame *g, const int *lines, int n, uint64_t freec) {
  if (n == 0) return freec == 0;
  int l = lines[0], d = l / g->n;
  uint64_t total = 0;
  for (int id = d * g->ncells; id < (d + 1) * g->ncells; id++) {
    uint64_t m = (UINT64_C(1) << g->dom_a[id]) | (UINT64_C(1) << g->dom_b[id]);
    if (g->dom_line[id] == l && (freec & m) == m)
      total += by_lines(g, lines + 1, n - 1, freec & ~m);
  }
  return total;
}

/* ---- tables ----------------------------------------------------------------- */

static void test_tables(void) {
  for (int kind = 0; kind < 2; kind++) {
    TorusGame g;
    tg_init(&g, kind == 0 ? TG_SQUARE8 : TG_HEX6);
    g_assert_cmpint(g.nlines * 2, ==, g.ncells);
    for (int l = 0; l < g.nlines; l++)
      g_assert_cmpint(__builtin_popcountll(g.line_cells[l]), ==, g.n);
    for (int id = 0; id < g.ndom; id++) {
      int d = tg_dom_dir(&g, id), a = g.dom_a[id], b = g.dom_b[id];
      g_assert_cmpint(g.line_of[d][a], ==, g.dom_line[id]);
      g_assert_cmpint(g.line_of[d][b], ==, g.dom_line[id]);
      g_assert_cmpint(tg_domino_of(&g, a, d), ==, id);
      g_assert_cmpint(tg_domino_of(&g, b, d + 4), ==, id);
      /* a domino lies in no line of another direction */
      for (int e = 0; e < g.ndirs; e++)
        if (e != d) g_assert_cmpint(g.line_of[e][a], !=, g.line_of[e][b]);
    }
    for (int p = 0; p < g.npoint; p++)
      for (int c = 0; c < g.ncells; c++) g_assert_cmpint(g.pinvcell[p][g.pcell[p][c]], ==, c);
    g_assert_cmpint(g.ngroup, ==, g.npoint * g.ncells);
    g_assert_false(tg_set_group(&g, 0x2)); /* no identity */
    g_assert_false(tg_set_group(&g, 0x3)); /* a quarter or sixth turn alone */
    g_assert_true(tg_set_group(&g, 0x1));
    g_assert_cmpint(g.ngroup, ==, g.ncells);
  }
}

/* ---- checker ---------------------------------------------------------------- */

static void test_check(void) {
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  uint8_t hj[64], bad[64];
  hales_jewett(&g, hj);
  char *why = NULL;
  g_assert_true(tg_check(&g, hj, &why));
  g_assert_null(why);
  char *text = tg_to_string(&g, hj);
  g_assert_true(tg_parse(&g, text, bad));
  g_assert_cmpmem(bad, 64, hj, 64);
  g_free(text);
  g_assert_false(tg_parse(&g, "E W", bad));
  g_assert_false(tg_parse(&g, "X", bad));
  /* a code that does not point back */
  memcpy(bad, hj, 64);
  bad[0] = (uint8_t)((hj[0] + 1) & 7);
  g_assert_false(tg_check(&g, bad, &why));
  g_assert_nonnull(strstr(why, "point back"));
  g_free(why);
  /* a perfect matching that overblocks: every row tiled by 4 horizontal dominoes */
  for (int c = 0; c < 64; c++) bad[c] = c % 2 == 0 ? 0 : 4;
  g_assert_false(tg_check(&g, bad, &why));
  g_assert_nonnull(strstr(why, "line"));
  g_free(why);
  /* the hexagonal board has no SW-NE pairs */
  TorusGame h;
  tg_init(&h, TG_HEX6);
  for (int c = 0; c < 36; c++) bad[c] = (c / 6) % 2 == 0 ? 3 : 7;
  g_assert_false(tg_check(&h, bad, NULL));
}

/* ---- enumerators against the naive search ------------------------------------ */

static void test_enumerate_naive(void) {
  GRand *rng = g_rand_new_with_seed(20240605);
  for (int kind = 0; kind < 2; kind++) {
    TorusGame g;
    tg_init(&g, kind == 0 ? TG_SQUARE8 : TG_HEX6);
    /* a good pairing to draw fixed dominoes from */
    uint8_t base[64];
    if (kind == 0) {
      uint8_t hj[64];
      hales_jewett(&g, hj);
      tg_canon(&g, hj, base, NULL); /* starts with the origin domino */
    } else {
      Bag b = {g_array_new(FALSE, FALSE, 1), 36};
      tg_enumerate(&g, 0, NULL, 0, bag_add, &b);
      memcpy(base, b.codes->data + 36 * 17, 36);
      g_array_free(b.codes, TRUE);
    }
    int doms[32];
    int nd = tg_dominoes(&g, base, doms);
    g_assert_cmpint(nd, ==, g.nlines);
    for (int round = 0; round < 12; round++) {
      /* keep the origin domino (square) and all but `drop` random others */
      int drop = round < 4 ? 6 + round : kind == 0 ? 14 + round : 6 + round, fixed[32], nf = 0;
      int order[32];
      for (int i = 0; i < nd; i++) order[i] = doms[i];
      for (int i = nd - 1; i > 0; i--) {
        int j = g_rand_int_range(rng, 0, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      uint64_t freec = 0;
      for (int i = 0; i < nd; i++) {
        bool origin = kind == 0 && order[i] == 0;
        if (i < drop && !origin)
          freec |= (UINT64_C(1) << g.dom_a[order[i]]) | (UINT64_C(1) << g.dom_b[order[i]]);
        else
          fixed[nf++] = order[i];
      }
      uint8_t work[64];
      memcpy(work, base, 64);
      int lines[32], nl = 0;
      for (int i = 0; i < drop; i++)
        if (!(kind == 0 && order[i] == 0)) lines[nl++] = g.dom_line[order[i]];
      uint64_t want = by_lines(&g, lines, nl, freec);
      if (drop <= 9) g_assert_cmpuint(naive(&g, work, freec), ==, want);
      g_assert_cmpuint(want, >=, 1);
      g_test_message("kind %d, %d dominoes dropped: %llu completions", kind, drop,
                     (unsigned long long)want);
      g_assert_cmpuint(tg_enumerate(&g, 0, fixed, nf, NULL, NULL), ==, want);
      if (kind == 0) {
        T8Result r;
        t8_enumerate(&g, T8_COUNT, 1 + round % 2, fixed, nf, false, NULL, &r);
        g_assert_cmpuint(r.examined, ==, want);
        t8_enumerate(&g, T8_BASELINE, 1, fixed, nf, false, NULL, &r);
        g_assert_cmpuint(r.examined, ==, want);
      }
    }
  }
  g_rand_free(rng);
  /* the whole hexagonal game, by lines and by cells */
  TorusGame h;
  tg_init(&h, TG_HEX6);
  int lines[18];
  for (int l = 0; l < 18; l++) lines[l] = l;
  g_assert_cmpuint(by_lines(&h, lines, 18, all_cells(&h)), ==,
                   tg_enumerate(&h, 0, NULL, 0, NULL, NULL));
}

/* ---- the engine's representatives on subtrees ---------------------------------- */

typedef struct {
  const TorusGame *g;
  uint64_t classes, orbit_sum;
} Canon;

static void count_canonical(const uint8_t *code, void *ctx) {
  Canon *c = ctx;
  int stab;
  if (tg_is_canonical(c->g, code, &stab)) {
    c->classes++;
    c->orbit_sum += (uint64_t)(c->g->ngroup / stab);
  }
}

static void test_engine_subtrees(void) {
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  uint8_t hj[64], canon[64];
  hales_jewett(&g, hj);
  tg_canon(&g, hj, canon, NULL);
  /* subtrees: the origin plus the dominoes of canon on cells 2..k */
  for (int upto = 5; upto <= 7; upto++) {
    int fixed[32], all[33] = {0};
    int nf = t8_prefix_dominoes(&g, canon, upto, fixed);
    /* each cell 2..upto lies in exactly one of them, and none is the origin's */
    uint64_t seen = 3;
    for (int i = 0; i < nf; i++) {
      uint64_t d = (UINT64_C(1) << g.dom_a[fixed[i]]) | (UINT64_C(1) << g.dom_b[fixed[i]]);
      g_assert_cmpuint(seen & d, ==, 0);
      seen |= d;
      all[i + 1] = fixed[i];
    }
    for (int cell = 2; cell <= upto; cell++) g_assert_true(seen >> cell & 1);
    Canon c = {&g, 0, 0};
    tg_enumerate(&g, 0, all, nf + 1, count_canonical, &c);
    for (int threads = 1; threads <= 3; threads++) {
      T8Result e;
      t8_enumerate(&g, T8_ENGINE, threads, fixed, nf, true, NULL, &e);
      g_assert_cmpuint(e.classes, ==, c.classes);
      g_assert_cmpuint(e.orbit_sum, ==, c.orbit_sum);
      for (uint64_t i = 0; i < e.classes; i++) {
        uint8_t back[64];
        int stab;
        tg_canon(&g, e.reps + 64 * i, back, &stab);
        g_assert_cmpmem(back, 64, e.reps + 64 * i, 64);
        g_assert_cmpint(stab, ==, e.stab[i]);
        if (i > 0) g_assert_cmpint(memcmp(e.reps + 64 * (i - 1), e.reps + 64 * i, 64), <, 0);
      }
      t8_result_clear(&e);
    }
    T8Result b;
    t8_enumerate(&g, T8_BASELINE, 1, fixed, nf, false, NULL, &b);
    g_assert_cmpuint(b.classes, ==, c.classes);
    g_assert_cmpuint(b.orbit_sum, ==, c.orbit_sum);
  }
}

/* ---- canonical forms ---------------------------------------------------------- */

static void check_canon(TorusGame *g, const uint8_t *p) {
  uint8_t c0[64], c1[64], img[64], cimg[64];
  int stab, stab_all;
  tg_canon(g, p, c0, &stab);
  tg_canon_all(g, p, c1, &stab_all);
  g_assert_cmpmem(c0, (gsize)g->ncells, c1, (gsize)g->ncells);
  g_assert_cmpint(stab, ==, stab_all);
  int fixed = 0;
  for (int e = 0; e < g->npoint * g->ncells; e++) {
    if (!tg_in_group(g, e / g->ncells)) continue;
    tg_transform(g, e, p, img);
    g_assert_true(tg_check(g, img, NULL));
    fixed += memcmp(img, p, (size_t)g->ncells) == 0;
    int s2;
    tg_canon(g, img, cimg, &s2);
    g_assert_cmpmem(cimg, (gsize)g->ncells, c0, (gsize)g->ncells);
    g_assert_cmpint(s2, ==, stab);
    if (img[0] == 0)
      g_assert_true(tg_is_canonical(g, img, NULL) == (memcmp(img, c0, (size_t)g->ncells) == 0));
  }
  g_assert_cmpint(fixed, ==, stab);
  int s3 = 0;
  g_assert_true(tg_is_canonical(g, c0, &s3));
  g_assert_cmpint(s3, ==, stab);
}

static void test_canon(void) {
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  uint8_t hj[64];
  hales_jewett(&g, hj);
  check_canon(&g, hj);
  uint8_t canon[64];
  tg_canon(&g, hj, canon, NULL);
  int fixed[5] = {0}, nf = 1;
  uint64_t covered = 3;
  for (int cell = 2; cell <= 5; cell++)
    if (!(covered >> cell & 1)) {
      fixed[nf] = tg_domino_of(&g, cell, canon[cell]);
      covered |= (UINT64_C(1) << g.dom_a[fixed[nf]]) | (UINT64_C(1) << g.dom_b[fixed[nf]]);
      nf++;
    }
  Bag b = {g_array_new(FALSE, FALSE, 1), 64};
  tg_enumerate(&g, 0, fixed, nf, bag_add, &b);
  for (guint i = 0; i < b.codes->len / 64; i += 997)
    check_canon(&g, (uint8_t *)b.codes->data + 64 * i);
  g_array_free(b.codes, TRUE);
  TorusGame h;
  tg_init(&h, TG_HEX6);
  Bag hb = {g_array_new(FALSE, FALSE, 1), 36};
  tg_enumerate(&h, 0, NULL, 0, bag_add, &hb);
  for (uint32_t mask = 0; mask < 0x1000; mask++) {
    if (!tg_set_group(&h, mask)) continue;
    for (guint i = 0; i < hb.codes->len / 36; i += 211)
      check_canon(&h, (uint8_t *)hb.codes->data + 36 * i);
  }
  g_array_free(hb.codes, TRUE);
}

/* ---- Burnside on the hexagonal game -------------------------------------------- */

static int cmp36(const void *a, const void *b) { return memcmp(a, b, 36); }

static void test_burnside(void) {
  TorusGame h;
  tg_init(&h, TG_HEX6);
  Bag b = {g_array_new(FALSE, FALSE, 1), 36};
  uint64_t L = tg_enumerate(&h, 0, NULL, 0, bag_add, &b);
  uint64_t *fix = g_new0(uint64_t, h.ngroup);
  tg_fixed_counts(&h, fix, 2);
  fix[0] = L;
  /* a fixed count by brute force: transform every pairing */
  for (int e = 1; e < h.ngroup; e += 37) {
    uint64_t f = 0;
    uint8_t img[36];
    for (uint64_t i = 0; i < L; i++) {
      tg_transform(&h, e, (uint8_t *)b.codes->data + 36 * i, img);
      f += memcmp(img, b.codes->data + 36 * i, 36) == 0;
    }
    g_assert_cmpuint(f, ==, fix[e]);
  }
  int subgroups = 0;
  for (uint32_t mask = 1; mask < 0x1000; mask++) {
    if (!tg_set_group(&h, mask)) continue;
    subgroups++;
    uint64_t sum = 0;
    for (int e = 0; e < 12 * 36; e++)
      if (mask >> (e / 36) & 1) sum += fix[e];
    uint8_t *canon = g_malloc(36 * L);
    for (uint64_t i = 0; i < L; i++)
      tg_canon(&h, (uint8_t *)b.codes->data + 36 * i, canon + 36 * i, NULL);
    qsort(canon, L, 36, cmp36);
    uint64_t distinct = 0;
    for (uint64_t i = 0; i < L; i++)
      distinct += i == 0 || memcmp(canon + 36 * i, canon + 36 * (i - 1), 36) != 0;
    g_assert_cmpuint(sum % (uint64_t)h.ngroup, ==, 0);
    g_assert_cmpuint(sum / (uint64_t)h.ngroup, ==, distinct);
    g_free(canon);
  }
  g_assert_cmpint(subgroups, ==, 16); /* the subgroups of D6 */
  g_free(fix);
  g_array_free(b.codes, TRUE);
}

/* ---- moves ---------------------------------------------------------------------- */

/* P xor Q is one alternating cycle: follow P, Q, P, ... from a changed cell */
static int single_cycle_cells(const TorusGame *g, const uint8_t *p, const uint8_t *q) {
  int changed = 0, start = -1;
  for (int c = 0; c < g->ncells; c++)
    if (p[c] != q[c]) {
      changed++;
      if (start < 0) start = c;
    }
  if (start < 0) return 0;
  int c = start, len = 0;
  bool use_p = true;
  do {
    c = g->nb[c][use_p ? p[c] : q[c]];
    use_p = !use_p;
    len++;
  } while (c != start || !use_p);
  return len == changed ? changed : -1;
}

static int cmpcode(const void *a, const void *b) { return memcmp(a, b, 64); }

typedef struct {
  GArray *qs;
  const uint8_t *p;
  const TorusGame *g;
} Moves;

static void keep_move(const uint8_t *q, int cells, void *ctx) {
  Moves *m = ctx;
  uint8_t pad[64] = {0};
  memcpy(pad, q, (size_t)m->g->ncells);
  g_assert_true(tg_check(m->g, q, NULL));
  g_assert_cmpint(single_cycle_cells(m->g, m->p, q), ==, cells);
  g_array_append_vals(m->qs, pad, 64);
}

/* brute force: every set of k dominoes of p re-paired into k new dominoes
 * of its cells, none kept, good, and one cycle */
static void brute_moves(const TorusGame *g, const uint8_t *p, int k, GArray *out) {
  int doms[32], nd = tg_dominoes(g, p, doms), pick[4];
  for (pick[0] = 0; pick[0] < nd; pick[0]++)
    for (pick[1] = pick[0] + 1; pick[1] < nd; pick[1]++)
      for (pick[2] = pick[1] + 1; pick[2] < nd; pick[2]++)
        for (pick[3] = k == 4 ? pick[2] + 1 : nd; pick[3] <= nd; pick[3]++) {
          if (k == 4 && pick[3] == nd) break;
          uint64_t cells = 0;
          for (int i = 0; i < k; i++)
            cells |=
                (UINT64_C(1) << g->dom_a[doms[pick[i]]]) | (UINT64_C(1) << g->dom_b[doms[pick[i]]]);
          uint8_t q[64];
          memcpy(q, p, (size_t)g->ncells);
          /* all re-pairings of `cells`: recursion on the least cell */
          struct {
            uint64_t free;
            int c, k;
          } stack[8];
          int top = 0;
          stack[0].free = cells;
          stack[0].c = __builtin_ctzll(cells);
          stack[0].k = -1;
          while (top >= 0) {
            if (stack[top].free == 0) {
              bool none_kept = true;
              for (int c = 0; c < g->ncells; c++)
                if ((cells >> c & 1) && q[c] == p[c]) none_kept = false;
              if (none_kept && tg_check(g, q, NULL) && single_cycle_cells(g, p, q) == 2 * k) {
                uint8_t pad[64] = {0};
                memcpy(pad, q, (size_t)g->ncells);
                g_array_append_vals(out, pad, 64);
              }
              top--;
              continue;
            }
            int c = stack[top].c, kk = ++stack[top].k;
            if (kk >= 8) {
              top--;
              continue;
            }
            int nb = g->nb[c][kk];
            if ((kk & 3) >= g->ndirs || !(stack[top].free >> nb & 1) || nb == c) continue;
            q[c] = (uint8_t)kk;
            q[nb] = (uint8_t)(kk ^ 4);
            uint64_t rest = stack[top].free & ~(UINT64_C(1) << c) & ~(UINT64_C(1) << nb);
            top++;
            stack[top].free = rest;
            stack[top].c = rest ? __builtin_ctzll(rest) : 0;
            stack[top].k = -1;
          }
        }
}

static void compare_moves(const TorusGame *g, const uint8_t *p, int k) {
  GArray *want = g_array_new(FALSE, FALSE, 1), *got = g_array_new(FALSE, FALSE, 1);
  brute_moves(g, p, 3, want);
  if (k == 4) brute_moves(g, p, 4, want);
  Moves m = {got, p, g};
  int found = tg_cycle_moves(g, p, 2 * k, keep_move, &m, NULL);
  g_assert_cmpint(found, ==, (int)(got->len / 64));
  g_assert_cmpuint(got->len, ==, want->len);
  if (want->len) {
    qsort(want->data, want->len / 64, 64, cmpcode);
    qsort(got->data, got->len / 64, 64, cmpcode);
    g_assert_cmpmem(got->data, got->len, want->data, want->len);
  }
  g_array_free(want, TRUE);
  g_array_free(got, TRUE);
}

static void test_moves(void) {
  TorusGame g, h;
  tg_init(&g, TG_SQUARE8);
  tg_init(&h, TG_HEX6);
  uint8_t hj[64];
  hales_jewett(&g, hj);
  compare_moves(&g, hj, 4);
  Bag hb = {g_array_new(FALSE, FALSE, 1), 36};
  tg_enumerate(&h, 0, NULL, 0, bag_add, &hb);
  for (guint i = 0; i < hb.codes->len / 36; i += 401)
    compare_moves(&h, (uint8_t *)hb.codes->data + 36 * i, 4);
  /* slides: good, one cycle, each domino moved one step along its own
   * line, and a slide from Q brings P back */
  int slides = 0;
  for (guint i = 0; i < hb.codes->len / 36; i += 53) {
    const uint8_t *p = (uint8_t *)hb.codes->data + 36 * i;
    for (int c = 0; c < 36; c++) {
      uint8_t q[36], back[36];
      int least;
      if (!tg_slide_move(&h, p, c, q, &least)) continue;
      slides++;
      g_assert_true(tg_check(&h, q, NULL));
      int cells = single_cycle_cells(&h, p, q);
      g_assert_cmpint(cells, >=, 6);
      g_assert_cmpint(least, <=, c);
      for (int x = 0; x < 36; x++)
        if (p[x] != q[x] && q[x] < 4) {
          /* the new domino {x, x+v} is an old one moved one step along its
           * line: {x-v, x} forward or {x+v, x+2v} backward */
          g_assert_true(p[h.nb[x][q[x] ^ 4]] == q[x] || p[h.nb[x][q[x]]] == q[x]);
        }
      bool returns = false;
      for (int d = 0; d < 36 && !returns; d++)
        returns = tg_slide_move(&h, q, d, back, NULL) && memcmp(back, p, 36) == 0;
      g_assert_true(returns);
    }
  }
  g_assert_cmpint(slides, >, 0);
  g_array_free(hb.codes, TRUE);
}

/* the triangle of the paper's §6, by hand: a good pairing (found once by
 * tg_enumerate) holding the E domino {0,1}, the S domino {(2,0),(2,1)} and
 * the NW domino {(2,2),(1,1)}; freeing cell 0 slides them round the
 * triangle row 0 / column 2 / diagonal x = y to {1,2}, {(2,1),(2,2)},
 * {(1,1),0} */
static const char *const triangle_pairing =
    "E W S SE SE SE NW NW\n"
    "W SE N SE NW NW NW E\n"
    "E W NW S NW S S S\n"
    "E W SW N SE N N N\n"
    "S NE SW SW S NW E W\n"
    "N NE NE SW N E W SW\n"
    "W S NE SW SW SW NE E\n"
    "W N NE NE NE SE SE E\n";

static void test_triangle(void) {
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  uint8_t p[64];
  g_assert_true(tg_parse(&g, triangle_pairing, p));
  g_assert_true(tg_check(&g, p, NULL));
  uint8_t q[64];
  int least;
  g_assert_true(tg_slide_move(&g, p, 0, q, &least));
  g_assert_cmpint(least, ==, 0);
  g_assert_cmpint(q[1], ==, 0); /* {1, 2} E */
  g_assert_cmpint(q[2], ==, 4);
  g_assert_cmpint(q[10], ==, 2); /* {(2,1), (2,2)} S */
  g_assert_cmpint(q[18], ==, 6);
  g_assert_cmpint(q[9], ==, 5); /* {(1,1), (0,0)} NW */
  g_assert_cmpint(q[0], ==, 1);
  g_assert_cmpint(single_cycle_cells(&g, p, q), ==, 6);
  g_assert_true(tg_check(&g, q, NULL));
  /* the cycle search finds the same move among its 6-cell cycles */
  GArray *got = g_array_new(FALSE, FALSE, 1);
  Moves m = {got, p, &g};
  tg_cycle_moves(&g, p, 6, keep_move, &m, NULL);
  bool seen = false;
  for (guint i = 0; i < got->len / 64; i++) seen |= memcmp(got->data + 64 * i, q, 64) == 0;
  g_assert_true(seen);
  g_array_free(got, TRUE);
  compare_moves(&g, p, 4); /* every 6- and 8-cell cycle, against brute force */
}

/* ---- the class graph ------------------------------------------------------------- */

static void test_class_graph(void) {
  TorusGame h;
  tg_init(&h, TG_HEX6);
  Bag b = {g_array_new(FALSE, FALSE, 1), 36};
  uint64_t L = tg_enumerate(&h, 0, NULL, 0, bag_add, &b);
  g_assert_true(tg_set_group(&h, 0x555));
  uint8_t *reps = g_malloc(36 * L);
  for (uint64_t i = 0; i < L; i++)
    tg_canon(&h, (uint8_t *)b.codes->data + 36 * i, reps + 36 * i, NULL);
  qsort(reps, L, 36, cmp36);
  uint32_t n = 0;
  for (uint64_t i = 0; i < L; i++)
    if (i == 0 || memcmp(reps + 36 * i, reps + 36 * (n - 1), 36) != 0)
      memmove(reps + 36 * n++, reps + 36 * i, 36);
  for (int kind = 0; kind < 2; kind++) {
    TgGraph g1, g2;
    tg_class_graph(&h, reps, n, kind ? TG_MOVES_CYCLE : TG_MOVES_SLIDE, 8, true, 1, NULL, &g1);
    tg_class_graph(&h, reps, n, kind ? TG_MOVES_CYCLE : TG_MOVES_SLIDE, 8, true, 3, NULL, &g2);
    g_assert_cmpuint(g1.bad, ==, 0);
    g_assert_cmpuint(g1.missing, ==, 0);
    g_assert_cmpuint(g1.ne, ==, g2.ne);
    g_assert_cmpmem(g1.edges, 8 * g1.ne, g2.edges, 8 * g2.ne);
    for (uint64_t e = 0; e < g1.ne; e++) {
      g_assert_cmpuint(g1.edges[2 * e], <, g1.edges[2 * e + 1]);
      g_assert_cmpuint(g1.edges[2 * e + 1], <, n);
      if (e > 0)
        g_assert_true(
            g1.edges[2 * e - 2] < g1.edges[2 * e] ||
            (g1.edges[2 * e - 2] == g1.edges[2 * e] && g1.edges[2 * e - 1] < g1.edges[2 * e + 1]));
    }
    tg_graph_clear(&g1);
    tg_graph_clear(&g2);
  }
  g_free(reps);
  g_array_free(b.codes, TRUE);
}

/* ---- resuming from a checkpoint counts only the units that decode ----------
 * A checkpoint holds, for Burnside elements e = 1..5 of the hexagonal game,
 * units 0..4 (unit e - 1): three good ones (their counts packed), one whose
 * varint is cut short and one with a byte too many.  The two bad ones are
 * recounted, and the note on stderr says 3, not 5 (the old behaviour counted
 * every unit present, decoded or not). */
#define RESUME_ID "test-torus profile=quick fingerprint"

/* the checkpoint's path: the parent's pid names it, the child finds it */
static char *resume_path(pid_t pid) {
  return g_strdup_printf("%s/test_torus_resume_%d.ckpt", g_get_tmp_dir(), (int)pid);
}

static void resume_child(void) {
  TorusGame h;
  tg_init(&h, TG_HEX6);
  uint64_t *fix = g_new0(uint64_t, h.ngroup), *ref = g_new0(uint64_t, h.ngroup);
  g_autofree char *path = resume_path(getppid());
  Checkpoint *ck = ckpt_open(path, RESUME_ID, "test-torus", NULL);
  g_assert_nonnull(ck);
  g_assert_cmpuint(ckpt_units(ck), ==, 5);
  tg_fixed_counts_ckpt(&h, fix, 1, ck, 0);
  tg_fixed_counts(&h, ref, 1);
  g_assert_cmpmem(fix, sizeof *fix * (size_t)h.ngroup, ref, sizeof *ref * (size_t)h.ngroup);
  ckpt_close(ck);
  g_free(fix);
  g_free(ref);
}

static void test_resume_decoded(void) {
  TorusGame h;
  tg_init(&h, TG_HEX6);
  uint64_t *ref = g_new0(uint64_t, h.ngroup);
  tg_fixed_counts(&h, ref, 2);
  g_autofree char *path = resume_path(getpid());
  g_unlink(path);
  Checkpoint *ck = ckpt_open(path, RESUME_ID, "test-torus", NULL);
  g_assert_nonnull(ck);
  for (uint32_t u = 0; u < 5; u++) {
    GByteArray *b = g_byte_array_new();
    if (u == 1) g_byte_array_append(b, (const guint8 *)"\x80", 1); /* a varint with no end */
    else ckpt_pack_u64(b, ref[u + 1]);
    if (u == 3) g_byte_array_append(b, (const guint8 *)"\x00", 1); /* a byte too many */
    ckpt_put(ck, 0, u, b->data, b->len);
    g_byte_array_unref(b);
  }
  g_assert_true(ckpt_save(ck));
  ckpt_close(ck);
  g_test_trap_subprocess("/torus/checkpoint/resume-decoded/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed();
  g_autofree char *want = g_strdup_printf("*test-torus: resuming: 3/%d Burnside elements done in an earlier run*",
                                          h.ngroup - 1);
  g_test_trap_assert_stderr(want);
  g_unlink(path);
  g_free(ref);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/torus/checkpoint/resume-decoded", test_resume_decoded);
  g_test_add_func("/torus/checkpoint/resume-decoded/subprocess", resume_child);
  g_test_add_func("/torus/tables", test_tables);
  g_test_add_func("/torus/check", test_check);
  g_test_add_func("/torus/enumerate/naive", test_enumerate_naive);
  g_test_add_func("/torus/enumerate/engine-subtrees", test_engine_subtrees);
  g_test_add_func("/torus/canon", test_canon);
  g_test_add_func("/torus/burnside", test_burnside);
  g_test_add_func("/torus/moves", test_moves);
  g_test_add_func("/torus/moves/triangle", test_triangle);
  g_test_add_func("/torus/class-graph", test_class_graph);
  return g_test_run();
}
