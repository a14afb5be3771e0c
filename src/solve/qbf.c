/* qbf.c — the corrective QBF encoding of the bounded game (see qbf.h). */
#include "solve/qbf.h"

#include <glib.h>
#include <string.h>

typedef struct {
  GArray *lits; /* clauses, each ended by 0 */
  uint64_t nclauses;
  int next;     /* the next variable */
} Cnf;

static int fresh(Cnf *c) { return c->next++; }
static void lit(Cnf *c, int l) { g_array_append_val(c->lits, l); }
static void end(Cnf *c) {
  int z = 0;
  g_array_append_val(c->lits, z);
  c->nclauses++;
}
static void cl2(Cnf *c, int a, int b) { lit(c, a), lit(c, b), end(c); }

static bool trivial(FILE *f, bool value, QbfStats *st) {
  if (st) st->vars = 1, st->clauses = value ? 1 : 2, st->trivial = value ? 1 : -1;
  fputs(value ? "p cnf 1 1\ne 1 0\n1 0\n" : "p cnf 1 2\ne 1 0\n1 0\n-1 0\n", f);
  return !ferror(f);
}

bool qbf_write(FILE *f, const MbBoard *b, const MbPosition *pos, bool maker_to_move, uint32_t maker_moves,
               QbfStats *st) {
  if (st) memset(st, 0, sizeof *st);
  uint32_t nc = b->ncells, ns = (uint32_t)hg_ne(b->h);
  /* the free cells, numbered 0..F-1 */
  g_autofree int *vi = g_new(int, nc + 1);
  uint32_t F = 0;
  for (uint32_t c = 0; c < nc; c++) vi[c] = pos->owner[c] == MB_FREE ? (int)F++ : -1;
  /* a set already Maker's */
  for (uint32_t e = 0; e < ns; e++) {
    bool all = true;
    for (size_t i = 0; i < hg_edge_size(b->h, e); i++) all &= pos->owner[hg_edge(b->h, e)[i]] == MB_MAKER;
    if (all) return trivial(f, true, st);
  }
  /* the plies */
  uint32_t T = 0, mp = 0;
  GArray *mover = g_array_new(FALSE, FALSE, sizeof(uint8_t)); /* 1 Maker, 2 Breaker */
  for (bool mk = maker_to_move; mp < maker_moves && T < F; mk = !mk, T++) {
    uint8_t w = mk ? 1 : 2;
    g_array_append_val(mover, w);
    mp += mk;
  }
  while (T > 0 && g_array_index(mover, uint8_t, T - 1) == 2) T--;
  if (st) st->plies = T, st->maker_plies = mp;
  /* the completable sets: no Breaker cell, at most mp free cells */
  GArray *sets = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  for (uint32_t e = 0; e < ns; e++) {
    uint32_t miss = 0;
    bool dead = false;
    for (size_t i = 0; i < hg_edge_size(b->h, e); i++) {
      uint8_t o = pos->owner[hg_edge(b->h, e)[i]];
      dead |= o == MB_BREAKER;
      miss += o == MB_FREE;
    }
    if (!dead && miss <= mp) g_array_append_val(sets, e);
  }
  if (mp == 0 || sets->len == 0) {
    g_array_free(mover, TRUE), g_array_free(sets, TRUE);
    return trivial(f, false, st);
  }
  uint32_t K = 0;
  while ((1u << K) < F) K++;
  Cnf c = {g_array_new(FALSE, FALSE, sizeof(int)), 0, 1};
  /* ply variables, block by block */
  g_autofree int *mv = g_new(int, (size_t)T * F);  /* move(t, v) */
  g_autofree int *u = g_new(int, (size_t)T * (K + 1));
  GString *prefix = g_string_new(NULL);
  char open = 0; /* the kind of the block being written: 'e', 'a' or 0 */
#define BLOCK(k)                                                   \
  do {                                                             \
    if (open != (k)) {                                             \
      if (open) g_string_append(prefix, " 0\n");                   \
      g_string_append_c(prefix, (k));                              \
      open = (k);                                                  \
    }                                                              \
  } while (0)
  for (uint32_t t = 0; t < T; t++) {
    if (g_array_index(mover, uint8_t, t) == 2 && K > 0) {
      BLOCK('a');
      for (uint32_t i = 0; i < K; i++) {
        u[t * (K + 1) + i] = fresh(&c);
        g_string_append_printf(prefix, " %d", u[t * (K + 1) + i]);
        if (st) st->universals++;
      }
    }
    BLOCK('e');
    for (uint32_t v = 0; v < F; v++) {
      mv[(size_t)t * F + v] = fresh(&c);
      g_string_append_printf(prefix, " %d", mv[(size_t)t * F + v]);
    }
  }
  /* auxiliary variables (innermost existential block) */
  g_autofree int *occ = g_new0(int, (size_t)(T + 1) * F); /* o(t, v), t >= 1 */
  for (uint32_t t = 1; t < T; t++)
    for (uint32_t v = 0; v < F; v++) {
      occ[(size_t)t * F + v] = fresh(&c);
      g_string_append_printf(prefix, " %d", occ[(size_t)t * F + v]);
    }
  g_autofree int *own = g_new(int, F);
  for (uint32_t v = 0; v < F; v++) own[v] = fresh(&c), g_string_append_printf(prefix, " %d", own[v]);
  g_autofree int *win = g_new(int, sets->len);
  for (guint s = 0; s < sets->len; s++) win[s] = fresh(&c), g_string_append_printf(prefix, " %d", win[s]);
  g_string_append(prefix, " 0\n");
  /* o(t, v) <-> o(t-1, v) | move(t-1, v) (o(0, v) false) */
  for (uint32_t t = 1; t < T; t++)
    for (uint32_t v = 0; v < F; v++) {
      int o = occ[(size_t)t * F + v], m = mv[(size_t)(t - 1) * F + v], p = t > 1 ? occ[(size_t)(t - 1) * F + v] : 0;
      cl2(&c, -m, o);
      if (p) cl2(&c, -p, o), lit(&c, -o), lit(&c, p), lit(&c, m), end(&c);
      else cl2(&c, -o, m);
    }
  for (uint32_t t = 0; t < T; t++) {
    const int *m = &mv[(size_t)t * F];
    /* exactly one cell, a free one */
    for (uint32_t v = 0; v < F; v++) lit(&c, m[v]);
    end(&c);
    for (uint32_t v = 0; v < F; v++)
      for (uint32_t w = v + 1; w < F; w++) cl2(&c, -m[v], -m[w]);
    if (t > 0)
      for (uint32_t v = 0; v < F; v++) cl2(&c, -m[v], -occ[(size_t)t * F + v]);
    /* the correction: Breaker's bits naming a free cell decide his move */
    if (g_array_index(mover, uint8_t, t) == 2)
      for (uint32_t v = 0; v < F; v++) {
        for (uint32_t i = 0; i < K; i++) lit(&c, (v >> i & 1) ? -u[t * (K + 1) + i] : u[t * (K + 1) + i]);
        if (t > 0) lit(&c, occ[(size_t)t * F + v]);
        lit(&c, m[v]);
        end(&c);
      }
  }
  /* own(v) -> Maker took v at one of her plies */
  for (uint32_t v = 0; v < F; v++) {
    lit(&c, -own[v]);
    for (uint32_t t = 0; t < T; t++)
      if (g_array_index(mover, uint8_t, t) == 1) lit(&c, mv[(size_t)t * F + v]);
    end(&c);
  }
  /* some completable set is Maker's */
  for (guint s = 0; s < sets->len; s++) {
    uint32_t e = g_array_index(sets, uint32_t, s);
    for (size_t i = 0; i < hg_edge_size(b->h, e); i++) {
      uint32_t cell = hg_edge(b->h, e)[i];
      if (pos->owner[cell] == MB_FREE) cl2(&c, -win[s], own[vi[cell]]);
    }
  }
  for (guint s = 0; s < sets->len; s++) lit(&c, win[s]);
  end(&c);
  /* out */
  fprintf(f, "c makerbreaker qbf: board %s, %s to move, Maker within %u moves (corrective encoding)\n", b->name,
          maker_to_move ? "Maker" : "Breaker", maker_moves);
  fprintf(f, "p cnf %d %" G_GUINT64_FORMAT "\n", c.next - 1, c.nclauses);
  fputs(prefix->str, f);
  const int *L = (const int *)c.lits->data;
  GString *line = g_string_new(NULL);
  for (guint i = 0; i < c.lits->len; i++) {
    g_string_append_printf(line, L[i] ? "%d " : "0\n", L[i]);
    if (!L[i] || line->len > 60000) {
      fputs(line->str, f);
      g_string_truncate(line, 0);
    }
  }
  if (st) st->vars = (uint64_t)c.next - 1, st->clauses = c.nclauses;
  g_string_free(line, TRUE);
  g_string_free(prefix, TRUE);
  g_array_free(c.lits, TRUE);
  g_array_free(mover, TRUE);
  g_array_free(sets, TRUE);
  return !ferror(f);
}
