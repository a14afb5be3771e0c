/* boundcheck.c — the independent checker of bounded-game certificates (see
 * boundcheck.h).  Its own state: an owner per cell and, per set, how many
 * of its cells Maker and Breaker own. */
#include "solve/boundcheck.h"

#include <glib.h>
#include <string.h>

#include "game/boardspec.h"
#include "plumbing/input.h"

typedef struct {
  CcSets S;
  uint32_t **setsof;  /* per cell: the sets through it */
  uint32_t *nsetsof;
  uint8_t *owner;     /* 0 free, 1 Maker, 2 Breaker */
  uint32_t *nm, *nb;  /* per set: Maker's and Breaker's cells */
  char **lines;
  uint64_t L, end;    /* the next node line, one past the last */
  GHashTable *proved; /* GBytes of owner[] */
  bool maker_wins;
  BcReport *rep;
  char *why;
  CcResult res;
} Ck;

#define REJECT(code, ...)                                   \
  do {                                                      \
    if (!k->why) k->why = g_strdup_printf(__VA_ARGS__);     \
    k->res = (code);                                        \
    return false;                                           \
  } while (0)

static uint32_t size_of(const Ck *k, uint32_t s) { return k->S.start[s + 1] - k->S.start[s]; }

static void play(Ck *k, uint32_t c, uint8_t who) {
  k->owner[c] = who;
  for (uint32_t i = 0; i < k->nsetsof[c]; i++) (who == 1 ? k->nm : k->nb)[k->setsof[c][i]]++;
}
static void unplay(Ck *k, uint32_t c) {
  uint8_t who = k->owner[c];
  k->owner[c] = 0;
  for (uint32_t i = 0; i < k->nsetsof[c]; i++) (who == 1 ? k->nm : k->nb)[k->setsof[c][i]]--;
}

static bool maker_has_set(const Ck *k) {
  for (uint32_t s = 0; s < k->S.nsets; s++)
    if (k->nb[s] == 0 && k->nm[s] == size_of(k, s)) return true;
  return false;
}
/* C completes a set with no Breaker cell */
static bool completes(const Ck *k, uint32_t c) {
  for (uint32_t i = 0; i < k->nsetsof[c]; i++) {
    uint32_t s = k->setsof[c][i];
    if (k->nb[s] == 0 && k->nm[s] + 1 == size_of(k, s)) return true;
  }
  return false;
}
/* the relevant cells into mark[] (1), their number returned */
static uint32_t relevant(const Ck *k, uint32_t n, uint8_t *mark) {
  memset(mark, 0, k->S.ncells);
  uint32_t cnt = 0;
  for (uint32_t s = 0; s < k->S.nsets; s++) {
    uint32_t miss = size_of(k, s) - k->nm[s];
    if (k->nb[s] != 0 || miss == 0 || miss > n) continue;
    for (uint32_t i = k->S.start[s]; i < k->S.start[s + 1]; i++) {
      uint32_t c = k->S.cells[i];
      if (k->owner[c] == 0 && !mark[c]) mark[c] = 1, cnt++;
    }
  }
  return cnt;
}

static bool cell_tok(Ck *k, const char *t, uint32_t *c) {
  long v = cc_sets_cell(&k->S, t);
  if (v < 0) {
    g_autofree char *s = in_escape(t, 60);
    if (!k->why) k->why = g_strdup_printf("certificate line %" G_GUINT64_FORMAT ": '%s' is not a cell of the board", k->L, s);
    k->res = CC_MALFORMED;
    return false;
  }
  *c = (uint32_t)v;
  return true;
}

static bool node(Ck *k, bool maker, uint32_t n, uint32_t used);

static bool node(Ck *k, bool maker, uint32_t n, uint32_t used) {
  if (k->L >= k->end) REJECT(CC_INVALID, "the tree needs more node lines than 'nodes' declares");
  uint64_t at = k->L++;
  uint64_t ln = at + 1; /* 1-based line number */
  g_auto(GStrv) t = g_strsplit(k->lines[at], " ", -1);
  guint nt = g_strv_length(t);
  const char *kind = nt ? t[0] : "";
  k->rep->nodes++;
  if (used > k->rep->deepest) k->rep->deepest = used;
  if (!k->maker_wins && maker_has_set(k))
    REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": a set is all Maker's in a Breaker-win tree", ln);
  if (strcmp(kind, "L") == 0 && nt == 1) {
    GBytes *key = g_bytes_new_static(k->owner, k->S.ncells);
    bool ok = g_hash_table_contains(k->proved, key);
    g_bytes_unref(key);
    if (!ok) REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": 'L' but no earlier completed node has these stones", ln);
    k->rep->links++;
    return true;
  }
  const char *want_side = NULL;
  bool mw = k->maker_wins;
  if (mw && strcmp(kind, "W") == 0 && nt == 1) {
    if (!maker_has_set(k)) REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": 'W' but no set is all Maker's", ln);
    k->rep->leaves++;
  } else if (mw && strcmp(kind, "W") == 0 && nt == 2) {
    uint32_t c;
    if (!cell_tok(k, t[1], &c)) return false;
    if (!maker || n == 0 || k->owner[c] || !completes(k, c))
      REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": 'W %s' needs Maker to move with a move left and a free cell "
                         "completing a set", ln, t[1]);
    k->rep->leaves++;
    if (used + 1 > k->rep->deepest) k->rep->deepest = used + 1;
  } else if ((mw && (strcmp(kind, "m") == 0 || strcmp(kind, "F") == 0)) || (!mw && strcmp(kind, "b") == 0)) {
    if (nt != 2) REJECT(CC_MALFORMED, "certificate line %" G_GUINT64_FORMAT ": '%s' takes one cell", ln, kind);
    bool mk = kind[0] == 'm';
    want_side = mk ? "Maker" : "Breaker";
    uint32_t c;
    if (!cell_tok(k, t[1], &c)) return false;
    if (maker != mk) REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": '%s' but %s is not to move", ln, kind, want_side);
    if (k->owner[c]) REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": cell %s is not free", ln, t[1]);
    if ((mk || kind[0] == 'F') && n == 0)
      REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": '%s' with no Maker move left", ln, kind);
    if (kind[0] == 'F' && !completes(k, c))
      REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": 'F %s' but %s completes no set for Maker", ln, t[1], t[1]);
    play(k, c, mk ? 1 : 2);
    bool ok = node(k, !maker, mk ? n - 1 : n, used + mk);
    unplay(k, c);
    if (!ok) return false;
  } else if ((mw && strcmp(kind, "B") == 0) || (!mw && strcmp(kind, "M") == 0)) {
    bool mk = kind[0] == 'M';
    if (maker != mk) REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": '%s' but %s is not to move", ln, kind, mk ? "Maker" : "Breaker");
    if (n == 0 || nt < 2) REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": '%s' needs a Maker move left and cells", ln, kind);
    g_autofree uint8_t *mark = g_new(uint8_t, k->S.ncells + 1);
    uint32_t cnt = relevant(k, n, mark);
    g_autofree uint32_t *list = g_new(uint32_t, nt);
    for (guint i = 1; i < nt; i++) {
      uint32_t c;
      if (!cell_tok(k, t[i], &c)) return false;
      if (mark[c] != 1)
        REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": %s is not a relevant cell, or listed twice", ln, t[i]);
      mark[c] = 2;
      list[i - 1] = c;
    }
    if (nt - 1 != cnt)
      REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": '%s' lists %u cells; there are %u relevant cells", ln, kind, nt - 1, cnt);
    for (guint i = 0; i + 1 < nt; i++) {
      play(k, list[i], mk ? 1 : 2);
      bool ok = node(k, !maker, mk ? n - 1 : n, used + mk);
      unplay(k, list[i]);
      if (!ok) return false;
    }
  } else if (!mw && strcmp(kind, "H") == 0 && nt == 1) {
    g_autofree uint8_t *mark = g_new(uint8_t, k->S.ncells + 1);
    if (relevant(k, n, mark) != 0)
      REJECT(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": 'H' but a set can still be completed in %u Maker moves", ln, n);
    k->rep->leaves++;
  } else {
    g_autofree char *s = in_escape(k->lines[at], 60);
    REJECT(CC_MALFORMED, "certificate line %" G_GUINT64_FORMAT ": '%s' is no node of a %s-win tree", ln, s, mw ? "Maker" : "Breaker");
  }
  g_hash_table_add(k->proved, g_bytes_new(k->owner, k->S.ncells));
  return true;
}

static bool header_value(char **lines, int i, const char *key, const char **val) {
  if (!lines[i] || !g_str_has_prefix(lines[i], key)) return false;
  *val = lines[i] + strlen(key);
  return true;
}

CcResult bc_check(const char *spec, const char *cert, BcReport *rep, char **why) {
  BcReport dummy;
  if (!rep) rep = &dummy;
  memset(rep, 0, sizeof *rep);
  *why = NULL;
  GError *e = NULL;
  if (!in_check_text(cert, strlen(cert), IN_MAX_LINE, &e)) {
    *why = g_strdup_printf("certificate: %s", e->message);
    g_error_free(e);
    return CC_MALFORMED;
  }
  if (!g_str_has_prefix(cert, "makerbreaker bounded 1\n")) {
    *why = g_strdup("certificate line 1: want 'makerbreaker bounded 1'");
    return CC_MALFORMED;
  }
  Ck kk, *k = &kk;
  memset(k, 0, sizeof *k);
  k->rep = rep;
  k->res = CC_VALID;
  if (!cc_enumerate(spec, &k->S, why)) return CC_MALFORMED;
  k->lines = g_strsplit(cert, "\n", -1);
  uint64_t nl = g_strv_length(k->lines);
  const char *v;
  g_autofree char *canon = NULL;
  {
    BsSpec sp;
    if (bs_spec_parse(spec, &sp, NULL)) canon = bs_spec_canonical(&sp), bs_spec_clear(&sp);
  }
  int64_t x, y;
  k->owner = g_new0(uint8_t, k->S.ncells + 1);
  k->nm = g_new0(uint32_t, k->S.nsets + 1), k->nb = g_new0(uint32_t, k->S.nsets + 1);
  k->nsetsof = g_new0(uint32_t, k->S.ncells + 1);
  k->setsof = g_new0(uint32_t *, k->S.ncells + 1);
  k->proved = g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
  for (uint32_t s = 0; s < k->S.nsets; s++)
    for (uint32_t i = k->S.start[s]; i < k->S.start[s + 1]; i++) k->nsetsof[k->S.cells[i]]++;
  for (uint32_t c = 0; c < k->S.ncells; c++) k->setsof[c] = g_new(uint32_t, k->nsetsof[c] + 1), k->nsetsof[c] = 0;
  for (uint32_t s = 0; s < k->S.nsets; s++)
    for (uint32_t i = k->S.start[s]; i < k->S.start[s + 1]; i++) {
      uint32_t c = k->S.cells[i];
      k->setsof[c][k->nsetsof[c]++] = s;
    }
  rep->cells = k->S.ncells, rep->sets = k->S.nsets;
#define HBAD(code, ...)                                   \
  do {                                                    \
    if (!k->why) k->why = g_strdup_printf(__VA_ARGS__);   \
    k->res = (code);                                      \
    goto done;                                            \
  } while (0)
  if (!header_value(k->lines, 1, "board ", &v)) HBAD(CC_MALFORMED, "certificate line 2: want 'board ...'");
  if (canon && (g_str_has_prefix(canon, "file:") || g_str_has_prefix(canon, "pg:"))
          ? !g_str_has_prefix(v, g_str_has_prefix(canon, "pg:") ? "pg:" : "file:")
          : !canon || strcmp(v, canon) != 0) {
    g_autofree char *s = in_escape(v, 80);
    HBAD(CC_INVALID, "the certificate is for board '%s', not %s", s, canon ? canon : "this board");
  }
  {
    g_auto(GStrv) t = header_value(k->lines, 2, "size ", &v) ? g_strsplit(v, " ", -1) : NULL;
    if (!t || g_strv_length(t) != 2 || !in_int64(t[0], 0, INT64_MAX, &x) || !in_int64(t[1], 0, INT64_MAX, &y))
      HBAD(CC_MALFORMED, "certificate line 3: want 'size CELLS SETS'");
    if ((uint64_t)x != k->S.ncells || (uint64_t)y != k->S.nsets)
      HBAD(CC_INVALID, "the certificate's board has %" G_GINT64_FORMAT " cells and %" G_GINT64_FORMAT " sets; the board has %u and %u",
           x, y, k->S.ncells, k->S.nsets);
  }
  if (!header_value(k->lines, 3, "moves ", &v)) HBAD(CC_MALFORMED, "certificate line 4: want 'moves ...'");
  rep->moves = g_strdup(v);
  if (strcmp(v, "-") != 0) {
    g_auto(GStrv) t = g_strsplit(v, " ", -1);
    for (int i = 0; t[i]; i++) {
      uint32_t c;
      if (!((t[i][0] == 'M' || t[i][0] == 'B') && t[i][1] == ':')) {
        g_autofree char *s = in_escape(t[i], 60);
        HBAD(CC_MALFORMED, "certificate line 4: '%s' is not M:CELL or B:CELL", s);
      }
      k->L = 4;
      if (!cell_tok(k, t[i] + 2, &c)) goto done;
      if (k->owner[c]) HBAD(CC_MALFORMED, "certificate line 4: cell %s played twice", t[i] + 2);
      play(k, c, t[i][0] == 'M' ? 1 : 2);
    }
  }
  if (!header_value(k->lines, 4, "tomove ", &v) || (strcmp(v, "maker") && strcmp(v, "breaker")))
    HBAD(CC_MALFORMED, "certificate line 5: want 'tomove maker|breaker'");
  rep->maker_to_move = strcmp(v, "maker") == 0;
  if (!header_value(k->lines, 5, "makermoves ", &v) || !in_int64(v, 0, 1000, &x))
    HBAD(CC_MALFORMED, "certificate line 6: want 'makermoves N' (0 <= N <= 1000)");
  rep->maker_moves = (uint32_t)x;
  if (!header_value(k->lines, 6, "winner ", &v) || (strcmp(v, "maker") && strcmp(v, "breaker")))
    HBAD(CC_MALFORMED, "certificate line 7: want 'winner maker|breaker'");
  k->maker_wins = rep->maker_wins = strcmp(v, "maker") == 0;
  if (!header_value(k->lines, 7, "nodes ", &v) || !in_int64(v, 1, INT64_MAX, &x))
    HBAD(CC_MALFORMED, "certificate line 8: want 'nodes K' (K >= 1)");
  if ((uint64_t)x > nl || 8 + (uint64_t)x >= nl || strcmp(k->lines[8 + x], "end") != 0 ||
      (k->lines[9 + x] && (k->lines[9 + x][0] || k->lines[10 + x])))
    HBAD(CC_MALFORMED, "certificate: want %" G_GINT64_FORMAT " node lines, then 'end' as the last line", x);
  k->L = 8, k->end = 8 + (uint64_t)x;
  if (!node(k, rep->maker_to_move, rep->maker_moves, 0)) goto done;
  if (k->L != k->end)
    HBAD(CC_INVALID, "certificate line %" G_GUINT64_FORMAT ": the tree ends before the %" G_GINT64_FORMAT " declared node lines", k->L + 1, x);
done:
  for (uint32_t c = 0; c < k->S.ncells; c++) g_free(k->setsof[c]);
  g_free(k->setsof), g_free(k->nsetsof), g_free(k->owner), g_free(k->nm), g_free(k->nb);
  g_hash_table_destroy(k->proved);
  g_strfreev(k->lines);
  cc_sets_clear(&k->S);
  if (k->res != CC_VALID) *why = k->why;
  else
    g_free(k->why);
  if (rep == &dummy) g_free(dummy.moves);
  return k->res;
}

void bc_report_clear(BcReport *rep) {
  g_free(rep->moves);
  memset(rep, 0, sizeof *rep);
}
