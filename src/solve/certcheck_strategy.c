/* certcheck_strategy.c — strategy certificates ("makerbreaker strategy 1",
 * solver.h's format) replayed from the rules: the header, the symmetries
 * (each checked to be an automorphism), then the tree in preorder with every
 * node's position, its Maker-move height and its zone or support.  The
 * leaves' own checks and the 'R'/'A' omissions are in certcheck_zones.c. */
#include <stdlib.h>
#include <string.h>

#include "plumbing/input.h"
#include "solve/certcheck_int.h"
#include "solve/certtok.h"

/* ---- strategy certificates (solver.h's format, checked from the rules) ------ *
 * The position is an owner array; every node's position is kept (two bitsets
 * and the side to move) so that an "S d p" line can be compared with the node
 * it names.  Soundness: a node is won for the winner by its own line and
 * subtree; an S line by the named earlier node (the same position up to an
 * automorphism, so the same outcome), which has as many free cells and a
 * smaller index, so the induction on (free cells, index) is well founded. */

typedef struct {
  uint32_t *cells, k, next;
  uint8_t mover;
  char op;
  int64_t id;
  uint32_t best; /* the most Maker moves below, over the children done */
  uint64_t *zacc;   /* the union of the children's zones, each with its move */
  uint64_t *czone;  /* 'R', 'A': each child's zone (support) as passed up (k * W words) */
  uint64_t *livez;  /* 'R', 'A': the free cells of surviving sets at the node */
} SFrame;

/* Zones (solver.h, "relevance zones"): the zone of a node of a Breaker-win
 * tree is a set Z of free cells such that Breaker still wins when Maker is
 * also given every free cell outside Z.  Recomputed here by the rules, from
 * the tree alone: D: {}; P: the pairs' cells; E: the free cells of the
 * surviving sets; a move node (m/b/F/B/M/R): the union over its children
 * of (child's zone + the child's move); S d p: the image under p of the
 * named node's zone.  An 'R C1..Ck' node (Maker to move, Breaker the
 * winner) omits Maker moves: each free cell of a surviving set not listed
 * must lie outside (Z_i + C_i) for some listed C_i — then the position after
 * it is below the one after C_i with Maker given all free cells outside Z_i,
 * which Breaker wins (monotonicity: extra Maker cells never hurt Breaker's
 * opponent less).
 *
 * Supports (solver.h, "Maker's supports"): in a Maker-win tree the same
 * slot holds the SUPPORT of a node, a set of free cells containing every
 * cell Maker may take under the node's strategy.  Rules: W: {}; T C1..Ck:
 * the Ci and, after each Ci, the free cell of every surviving set that is
 * one short; m C and F C: the child's support + C; B and A: the union of
 * the children's supports (Breaker's moves are not added); S d p: the image
 * of the named node's.  An 'A C1..Ck' node (Breaker to move, Maker the
 * winner) omits Breaker replies: each free cell b of a surviving set not
 * listed must lie outside the support of some listed C_i's child.  Then
 * Maker wins after b by the strategy after C_i with the roles of b and C_i
 * swapped: Maker never takes b nor C_i there, so a Breaker move on C_i is
 * answered as the strategy answers one on b, Maker's cells are the same in
 * both games, and Breaker's cells correspond under the swap. */

static bool parse_cells(const CcBoard *B, char **t, uint32_t *out, uint32_t *n, uint32_t max) {
  *n = 0;
  for (int i = 0; t[i]; i++) {
    long c = cb_cell(B, t[i]);
    if (c < 0 || *n >= max) return false;
    out[(*n)++] = (uint32_t)c;
  }
  return true;
}

/* sets with no Breaker cell: free cells counted; live[c] = c free on one */
static uint32_t st_scan(const CcBoard *B, const uint8_t *own, uint8_t *live, bool *maker_done, uint32_t *one_short,
                        uint32_t want_single) {
  uint32_t ns = cb_nsets(B), nsurv = 0;
  *maker_done = false;
  *one_short = 0;
  memset(live, 0, B->names->len);
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t n, fr = 0, last = 0;
    const uint32_t *c = cb_set(B, s, &n);
    bool dead = false;
    for (uint32_t i = 0; i < n; i++) dead |= own[c[i]] == 2;
    if (dead) continue;
    nsurv++;
    for (uint32_t i = 0; i < n; i++)
      if (own[c[i]] == 0) fr++, last = c[i], live[c[i]] = 1;
    if (fr == 0) *maker_done = true;
    if (fr == 1 && last == want_single) (*one_short)++;
  }
  return nsurv;
}

CcResult cc_check_strategy(const CcBoard *B, const BsSpec *sp, char **lines, CcReport *rep, char **why) {
  CcResult res = CC_VALID;
  uint32_t nc = B->names->len, ns = cb_nsets(B);
  uint32_t W = (nc + 63) / 64;
  uint8_t *own = g_new0(uint8_t, nc + 1), *live = g_new0(uint8_t, nc + 1), *seen = g_new0(uint8_t, nc + 1);
  uint32_t *tmp = g_new(uint32_t, nc + 1), *order = g_new(uint32_t, nc + 1), *partner = g_new(uint32_t, nc + 1);
  GHashTable *perm = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
  GArray *snap = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  GArray *stack = g_array_new(FALSE, FALSE, sizeof(SFrame));
  GArray *height = g_array_new(FALSE, TRUE, sizeof(uint32_t)); /* Maker moves needed below each node */
  GArray *zones = g_array_new(FALSE, TRUE, sizeof(uint64_t));  /* W words per node: its zone */
  uint64_t *zc = NULL;                                          /* the zone passed up */
  char *canon = bs_spec_canonical(sp);
  uint32_t *inc_start = NULL, *inc = NULL; /* E leaves */
  CcLines *near = NULL;                    /* L leaves */
  int L = 0;
  const char *want[7] = {"makerbreaker strategy 1", "board ", "size ", "moves ", "tomove ", "winner ", "cells "};
  if ((res = cc_cert_header(lines, want, 7, (sp->kind == BS_FILE || sp->kind == BS_PG), canon, nc, ns, why)) != CC_VALID) goto done;
  L = 7;
  g_strlcpy(rep->kind, "strategy", sizeof rep->kind);
  const char *tw; /* certtok.h: why a line is not tokens */
  if (strcmp(lines[3] + 6, "-") != 0) {
    g_auto(GStrv) t = ct_split(lines[3], NULL, &tw);
    if (!t) BAD(CC_MALFORMED, "certificate line 4: %s", tw);
    for (int i = 1; t[i]; i++) {
      long c = (t[i][0] == 'M' || t[i][0] == 'B') && t[i][1] == ':' ? cb_cell(B, t[i] + 2) : -1;
      g_autofree char *s = in_escape(t[i], 60);
      if (c < 0) BAD(CC_MALFORMED, "certificate moves: '%s' is not M:CELL or B:CELL on the board", s);
      if (own[c]) BAD(CC_MALFORMED, "certificate moves: '%s' plays a cell twice", s);
      own[c] = t[i][0] == 'M' ? 1 : 2;
    }
  }
  bool maker_side;
  if (strcmp(lines[4] + 7, "maker") == 0) maker_side = true;
  else if (strcmp(lines[4] + 7, "breaker") == 0) maker_side = false;
  else BAD(CC_MALFORMED, "certificate line 5: want 'tomove maker|breaker'");
  /* any side may be to move, whatever the counts (handicap and biased positions): the tree
     is replayed from the position and the side named */
  {
    uint32_t nm = 0, nb = 0;
    for (uint32_t c = 0; c < nc; c++) nm += own[c] == 1, nb += own[c] == 2;
    int64_t d = (int64_t)nm - nb;
    g_strlcpy(rep->tomove, maker_side ? "maker" : "breaker", sizeof rep->tomove);
    g_strlcpy(rep->first, d == 0 ? rep->tomove : d > 0 ? "maker" : "breaker", sizeof rep->first);
  }
  bool maker_wins;
  if (strcmp(lines[5] + 7, "maker") == 0) maker_wins = true;
  else if (strcmp(lines[5] + 7, "breaker") == 0) maker_wins = false;
  else BAD(CC_MALFORMED, "certificate line 6: want 'winner maker|breaker'");
  g_strlcpy(rep->result, maker_wins ? "maker" : "breaker", sizeof rep->result);
  /* the cell order of the perm lines */
  {
    g_auto(GStrv) t = ct_split(lines[6], NULL, &tw);
    uint32_t n;
    if (!t) BAD(CC_MALFORMED, "certificate line 7: %s", tw);
    if (!parse_cells(B, t + 1, order, &n, nc) || n != nc) BAD(CC_MALFORMED, "certificate line 7: 'cells' must list every cell once");
    for (uint32_t i = 0; i < nc; i++) {
      if (seen[order[i]]) BAD(CC_MALFORMED, "certificate line 7: a cell is listed twice");
      seen[order[i]] = 1;
    }
  }
  /* the symmetries: each checked to be an automorphism */
  for (L = 7; lines[L] && g_str_has_prefix(lines[L], "perm "); L++) {
    g_auto(GStrv) t = ct_split(lines[L], NULL, &tw);
    int64_t id;
    uint32_t n;
    if (!t) BAD(CC_MALFORMED, "certificate line %d: %s", L + 1, tw);
    if (!t[1] || !in_int64(t[1], 1, 1 << 30, &id) || !parse_cells(B, t + 2, tmp, &n, nc) || n != nc)
      BAD(CC_MALFORMED, "certificate line %d: want 'perm ID' and the image of every cell", L + 1);
    if (g_hash_table_contains(perm, GINT_TO_POINTER((int)id))) BAD(CC_MALFORMED, "certificate line %d: perm %d twice", L + 1, (int)id);
    uint32_t *p = g_new(uint32_t, nc);
    memset(seen, 0, nc);
    for (uint32_t i = 0; i < nc; i++) p[order[i]] = tmp[i], seen[tmp[i]]++;
    g_hash_table_insert(perm, GINT_TO_POINTER((int)id), p);
    for (uint32_t c = 0; c < nc; c++)
      if (seen[c] != 1) BAD(CC_INVALID, "perm %d is not a permutation of the cells", (int)id);
    for (uint32_t s = 0; s < ns; s++) {
      uint32_t k;
      const uint32_t *c = cb_set(B, s, &k);
      for (uint32_t i = 0; i < k; i++) tmp[i] = p[c[i]];
      g_autofree uint32_t *key = cc_make_key(tmp, k);
      if (!g_hash_table_contains(B->bykey, key))
        BAD(CC_INVALID, "perm %d is not an automorphism: it maps winning set %u onto a non-set", (int)id, s + 1);
    }
    rep->perms++;
  }
  int64_t N;
  if (!lines[L] || !g_str_has_prefix(lines[L], "nodes ") || !in_int64(lines[L] + 6, 1, (int64_t)1 << 28, &N))
    BAD(CC_MALFORMED, "certificate line %d: want 'nodes N'", L + 1);
  L++;
  /* the tree */
  uint32_t K = 0;
  for (uint32_t s = 0; s < ns; s++) {
    uint32_t k;
    cb_set(B, s, &k);
    K = MAX(K, k);
  }
  bool done = false;
  for (int64_t id = 0; id < N; id++, L++) {
    const char *ln = lines[L];
    if (!ln || !*ln || strcmp(ln, "end") == 0)
      BAD(CC_MALFORMED, "certificate: %" G_GINT64_FORMAT " node lines declared, only %" G_GINT64_FORMAT " given", N, id);
    if (done) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": the tree ended before it", id + 1);
    /* remember this node's position */
    for (uint32_t w = 0; w < 2 * W + 1; w++) {
      uint64_t z = 0;
      g_array_append_val(snap, z);
    }
    uint64_t *me = &g_array_index(snap, uint64_t, (size_t)id * (2 * W + 1));
    for (uint32_t c = 0; c < nc; c++)
      if (own[c]) me[(own[c] - 1) * W + c / 64] |= UINT64_C(1) << (c % 64);
    me[2 * W] = maker_side;
    g_array_set_size(height, (guint)id + 1);
    g_array_set_size(zones, (guint)(id + 1) * W);
    if (!zc) zc = g_new0(uint64_t, W);
    memset(zc, 0, W * sizeof(uint64_t));
    uint32_t h = 0;
    g_auto(GStrv) t = ct_split(ln, NULL, &tw);
    if (!t) BAD(CC_MALFORMED, "certificate line %d: %s", L + 1, tw);
    const char *op = t[0];
    uint32_t n = 0;
    bool maker_done, leaf = true;
    uint32_t one = 0;
    g_autofree char *shown = in_escape(ln, 60);
    if (!op || strlen(op) != 1) BAD(CC_MALFORMED, "certificate line %d: unknown node '%s'", L + 1, shown);
    if (!parse_cells(B, t + 1, tmp, &n, nc) && strchr("mbFBMRAPT", op[0])) {
      if (n >= nc) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": '%s' lists more cells than the board's %u", id + 1, op, nc);
      BAD(CC_MALFORMED, "certificate line %d: '%s' names a cell not on the board", L + 1, shown);
    }
    uint32_t nsurv = st_scan(B, own, live, &maker_done, &one, n ? tmp[0] : UINT32_MAX);
    if (!maker_wins && maker_done) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": Maker has completed a set", id + 1);
    switch (op[0]) {
    case 'm':
    case 'b':
    case 'F':
      if (n != 1) BAD(CC_MALFORMED, "certificate line %d: '%s' needs one cell", L + 1, shown);
      if (op[0] == 'm' ? !(maker_side && maker_wins) : op[0] == 'b' ? !(!maker_side && !maker_wins) : !(!maker_side && maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): not this side's move in this tree", id + 1, shown);
      if (own[tmp[0]]) BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): the cell is taken", id + 1, shown);
      if (op[0] == 'F' && one == 0)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): no surviving set has that cell as its only free cell", id + 1, shown);
      leaf = false;
      break;
    case 'B':
    case 'M': {
      if (op[0] == 'B' ? !(!maker_side && maker_wins) : !(maker_side && !maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): not the loser's turn in this tree", id + 1, shown);
      uint32_t nlive = 0;
      for (uint32_t c = 0; c < nc; c++) nlive += live[c], seen[c] = 0;
      for (uint32_t i = 0; i < n; i++) {
        if (!live[tmp[i]] || seen[tmp[i]])
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %s is not a free cell of a surviving set, or is repeated",
              id + 1, (char *)g_ptr_array_index(B->names, tmp[i]));
        seen[tmp[i]] = 1;
      }
      if (nlive == 0)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": '%s' but no free cell lies on a surviving set, so there is no move to list "
                        "(the node must be a leaf)", id + 1, op);
      if (n != nlive)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %u replies listed, but %u free cells lie on surviving sets", id + 1, n, nlive);
      leaf = false;
      break;
    }
    case 'R':
    case 'A': {
      if (op[0] == 'R' && !(maker_side && !maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): 'R' needs Maker to move in a Breaker-win tree", id + 1, shown);
      if (op[0] == 'A' && !(!maker_side && maker_wins))
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): 'A' needs Breaker to move in a Maker-win tree", id + 1, shown);
      for (uint32_t c = 0; c < nc; c++) seen[c] = 0;
      for (uint32_t i = 0; i < n; i++) {
        if (!live[tmp[i]] || seen[tmp[i]])
          BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": %s is not a free cell of a surviving set, or is repeated",
              id + 1, (char *)g_ptr_array_index(B->names, tmp[i]));
        seen[tmp[i]] = 1;
      }
      if (n == 0) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": '%s' lists no move", id + 1, op);
      leaf = false;
      break;
    }
    case 'W':
      if (!maker_wins || !maker_done) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": 'W' but no set is all Maker's", id + 1);
      rep->leaves++;
      break;
    case 'T': /* Maker's threats, replayed: each reply forced, the last a double threat or a set */
      if (!(maker_side && maker_wins) || n == 0)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT " ('%s'): a threat sequence needs Maker to move in a Maker-win tree",
            id + 1, shown);
      if ((res = cc_leaf_threats(B, own, tmp, n, id + 1, zc, &h, why)) != CC_VALID) goto done;
      rep->leaves++;
      break;
    case 'D':
      if (maker_wins || nsurv) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": 'D' but %u sets have no Breaker cell", id + 1, nsurv);
      rep->leaves++;
      break;
    case 'P':
      if (maker_wins || n % 2) BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": a pairing leaf needs Breaker the winner and whole pairs", id + 1);
      if ((res = cc_leaf_pairing(B, own, tmp, n, id + 1, partner, zc, why)) != CC_VALID) goto done;
      rep->leaves++;
      break;
    case 'E':
      if (maker_wins || !t[1] || t[2])
        BAD(CC_MALFORMED, "certificate line %d: want 'E a/b' (one value) in a Breaker-win tree", L + 1);
      if ((res = cc_leaf_es(B, own, live, maker_side, t[1], id + 1, L + 1, zc, &inc_start, &inc, why)) != CC_VALID) goto done;
      rep->leaves++;
      break;
    case 'L':
      if (maker_wins || !t[1] || t[2])
        BAD(CC_MALFORMED, "certificate line %d: want 'L a/b' (one value) in a Breaker-win tree", L + 1);
      if ((res = cc_leaf_lines(B, own, live, maker_side, t[1], id + 1, L + 1, zc, &near, why)) != CC_VALID) goto done;
      rep->leaves++;
      break;
    case 'S': {
      int64_t d, p;
      if (!t[1] || !t[2] || t[3] || !in_int64(t[1], 1, id, &d) || !in_int64(t[2], 0, 1 << 30, &p))
        BAD(CC_MALFORMED, "certificate line %d: want 'S d p' with 1 <= d <= the node's index", L + 1);
      const uint32_t *pm = p ? g_hash_table_lookup(perm, GINT_TO_POINTER((int)p)) : NULL;
      if (p && !pm) BAD(CC_MALFORMED, "certificate line %d: perm %d is not declared", L + 1, (int)p);
      me = &g_array_index(snap, uint64_t, (size_t)id * (2 * W + 1));
      const uint64_t *old = &g_array_index(snap, uint64_t, (size_t)(id - d) * (2 * W + 1));
      bool same = old[2 * W] == me[2 * W];
      uint32_t cnt_old = 0, cnt_me = 0;
      for (uint32_t c = 0; c < nc && same; c++)
        for (int who = 0; who < 2; who++) {
          bool o = (old[who * W + c / 64] >> (c % 64)) & 1;
          cnt_old += o, cnt_me += (me[who * W + c / 64] >> (c % 64)) & 1;
          uint32_t im = pm ? pm[c] : c;
          if (o && !((me[who * W + im / 64] >> (im % 64)) & 1)) same = false;
        }
      if (!same || cnt_old != cnt_me)
        BAD(CC_INVALID, "node %" G_GINT64_FORMAT ": perm %d does not map node %" G_GINT64_FORMAT "'s position onto this one",
            id + 1, (int)p, id - d + 1);
      rep->links++;
      h = g_array_index(height, uint32_t, (guint)(id - d));
      {
        const uint64_t *zo = &g_array_index(zones, uint64_t, (size_t)(id - d) * W);
        for (uint32_t c = 0; c < nc; c++)
          if (cc_zhas(zo, c)) cc_zput(zc, pm ? pm[c] : c);
      }
      break;
    }
    default: BAD(CC_MALFORMED, "certificate line %d: unknown node '%s'", L + 1, shown);
    }
    if (!leaf) {
      SFrame fr = {g_memdup2(tmp, n * sizeof(uint32_t)), n, 1, maker_side ? 1 : 2, op[0], id, 0, g_new0(uint64_t, W), NULL, NULL};
      if (op[0] == 'R' || op[0] == 'A') {
        fr.czone = g_new0(uint64_t, (size_t)n * W);
        fr.livez = g_new0(uint64_t, W);
        for (uint32_t c = 0; c < nc; c++)
          if (live[c]) cc_zput(fr.livez, c);
      }
      g_array_append_val(stack, fr);
      own[fr.cells[0]] = fr.mover;
      maker_side = !maker_side;
      continue;
    }
    /* a leaf: back up to the next sibling, passing the heights and zones up */
    g_array_index(height, uint32_t, (guint)id) = h;
    memcpy(&g_array_index(zones, uint64_t, (size_t)id * W), zc, W * sizeof(uint64_t));
    for (;;) {
      if (stack->len == 0) {
        done = true;
        rep->maker_moves = h;
        break;
      }
      SFrame *top = &g_array_index(stack, SFrame, stack->len - 1);
      top->best = MAX(top->best, h);
      if (!(maker_wins && top->mover == 2 && top->op != 'F')) /* Breaker's free choices are not in a support */
        cc_zput(zc, top->cells[top->next - 1]);
      for (uint32_t w = 0; w < W; w++) top->zacc[w] |= zc[w];
      if (top->czone) memcpy(top->czone + (size_t)(top->next - 1) * W, zc, W * sizeof(uint64_t));
      own[top->cells[top->next - 1]] = 0;
      maker_side = !maker_side;
      if (top->next < top->k) {
        own[top->cells[top->next++]] = top->mover;
        maker_side = !maker_side;
        break;
      }
      h = top->best + (top->mover == 1);
      g_array_index(height, uint32_t, (guint)top->id) = h;
      if (top->czone && (res = cc_omitted_moves(B, top->op, top->cells, top->k, top->czone, top->livez, top->id + 1, rep, why)) != CC_VALID)
        goto done;
      memcpy(zc, top->zacc, W * sizeof(uint64_t));
      memcpy(&g_array_index(zones, uint64_t, (size_t)top->id * W), zc, W * sizeof(uint64_t));
      g_free(top->cells), g_free(top->zacc), g_free(top->czone), g_free(top->livez);
      g_array_set_size(stack, stack->len - 1);
    }
  }
  if (!done) BAD(CC_INVALID, "the tree is incomplete: a subtree is missing after %" G_GINT64_FORMAT " nodes", N);
  if (!lines[L] || strcmp(lines[L], "end") != 0) BAD(CC_MALFORMED, "certificate line %d: want 'end'", L + 1);
  for (L++; lines[L]; L++)
    if (*lines[L]) BAD(CC_MALFORMED, "certificate line %d: text after 'end'", L + 1);
  rep->nodes = (uint64_t)N;
done:
  for (guint i = 0; i < stack->len; i++) {
    SFrame *f = &g_array_index(stack, SFrame, i);
    g_free(f->cells), g_free(f->zacc), g_free(f->czone), g_free(f->livez);
  }
  g_array_free(stack, TRUE);
  g_array_free(height, TRUE);
  g_array_free(zones, TRUE);
  g_free(zc);
  g_array_free(snap, TRUE);
  g_hash_table_destroy(perm);
  g_free(canon);
  g_free(own), g_free(live), g_free(seen), g_free(tmp), g_free(order), g_free(partner);
  g_free(inc_start), g_free(inc);
  cc_lines_free(near);
  return res;
}
