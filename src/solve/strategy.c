/* strategy.c — reading a strategy certificate and playing from it
 * (contract in strategy.h). */
#include "solve/strategy.h"


#include <string.h>

#include "plumbing/errors.h"
#include "plumbing/input.h"
#include "solve/certtok.h"

#define FAIL(...)                                                     \
  do {                                                                \
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, __VA_ARGS__); \
    goto fail;                                                        \
  } while (0)

static const char KNOWN[] = "mbFBMRATWPELDS";

/* cells of the board by canonical name */
static GHashTable *name_table(const MbBoard *b) {
  GHashTable *t = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (uint32_t c = 0; c < b->ncells; c++) g_hash_table_insert(t, bs_cell_name(b, c), GUINT_TO_POINTER(c + 1));
  return t;
}

/* tokens[0..] as cells; false at the first name not on the board (*bad = it) */
/* the cells named by tok into out[0 .. cap-1]: false with *bad the name
 * when one is not a cell, or with *bad = NULL when there are more than cap
 * (a node line naming more cells than the board has) */
static bool cells_of(GHashTable *names, char **tok, uint32_t *out, uint32_t cap, uint32_t *n, const char **bad) {
  *n = 0;
  for (; *tok; tok++) {
    gpointer v = g_hash_table_lookup(names, *tok);
    if (!v) {
      *bad = *tok;
      return false;
    }
    if (*n == cap) {
      *bad = NULL;
      return false;
    }
    out[(*n)++] = GPOINTER_TO_UINT(v) - 1;
  }
  return true;
}

/* a scan of the sets in a position: a set all Maker's, and the free cells of
 * surviving sets with one free cell (how many distinct, the first) */
typedef struct {
  bool maker_done, all_dead;
  uint32_t nthreat, first;
} Scan;
static Scan scan(const MbBoard *b, const uint8_t *own) {
  Scan s = {false, true, 0, UINT32_MAX};
  size_t ns = hg_ne(b->h);
  for (size_t e = 0; e < ns; e++) {
    const uint32_t *c = hg_edge(b->h, e);
    size_t k = hg_edge_size(b->h, e);
    uint32_t fr = 0, last = 0;
    bool dead = false;
    for (size_t i = 0; i < k; i++) {
      dead |= own[c[i]] == MB_BREAKER;
      if (own[c[i]] == MB_FREE) fr++, last = c[i];
    }
    if (dead) continue;
    s.all_dead = false;
    if (fr == 0) s.maker_done = true;
    if (fr == 1 && last != s.first) {
      if (s.nthreat == 0) s.first = last;
      s.nthreat++;
    }
  }
  return s;
}

/* the plies of a T leaf, replayed on own (a copy: changed); its support
 * (certcheck.c's rule: the Ci and the free cell of every surviving set one
 * short after each) into zone */
static bool threat_plies(const MbBoard *b, uint8_t *own, const StNode *nd, uint32_t *plies, uint64_t *zone) {
  for (uint32_t i = 0; i < nd->n; i++) {
    if (own[nd->cells[i]] != MB_FREE) return false;
    own[nd->cells[i]] = MB_MAKER;
    zone[nd->cells[i] / 64] |= UINT64_C(1) << (nd->cells[i] % 64);
    for (size_t e = 0; e < hg_ne(b->h); e++) {
      const uint32_t *c = hg_edge(b->h, e);
      size_t k = hg_edge_size(b->h, e);
      uint32_t fr = 0, last = 0;
      bool dead = false;
      for (size_t j = 0; j < k; j++) dead |= own[c[j]] == MB_BREAKER, fr += own[c[j]] == MB_FREE, last = own[c[j]] == MB_FREE ? c[j] : last;
      if (!dead && fr == 1) zone[last / 64] |= UINT64_C(1) << (last % 64);
    }
    Scan s = scan(b, own);
    bool last = i + 1 == nd->n;
    if (s.maker_done) return *plies = 2 * i + 1, last;
    if (last) return *plies = 2 * i + 3, s.nthreat >= 2; /* Breaker blocks one, Maker takes the other */
    if (s.nthreat != 1) return false;
    own[s.first] = MB_BREAKER; /* the forced reply */
  }
  return false;
}

typedef struct {
  uint32_t id, next;
} Open;

Strategy *st_read(const MbBoard *b, const char *text, GError **err) {
  Strategy *st = g_new0(Strategy, 1);
  st->b = b;
  mb_position_init(&st->root, b->ncells);
  GHashTable *names = name_table(b);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  uint32_t nc = b->ncells;
  g_autofree uint32_t *tmp = g_new(uint32_t, (size_t)nc + 1);
  g_autofree uint32_t *order = g_new(uint32_t, (size_t)nc + 1);
  g_autofree uint8_t *seen = g_new0(uint8_t, (size_t)nc + 1);
  g_autofree uint8_t *own = NULL;
  GArray *stack = g_array_new(FALSE, FALSE, sizeof(Open)); /* nodes waiting for subtrees */
  const char *bad = NULL;
  guint nl = g_strv_length(lines);
  if (nl && !*lines[nl - 1]) nl--; /* the final newline */
  static const char *head[] = {"makerbreaker strategy 1", "board ", "size ", "moves ", "tomove ", "winner ", "cells "};
  for (int i = 0; i < 7; i++) {
    if ((guint)i >= nl || !g_str_has_prefix(lines[i], head[i]) || (i == 0 && strcmp(lines[0], head[0]) != 0)) {
      if (i == 0) FAIL("not a strategy certificate (want the first line '%s')", head[0]);
      FAIL("certificate line %d: want '%s...'", i + 1, head[i]);
    }
  }
  if (b->spec.kind == BS_FILE ? !g_str_has_prefix(lines[1] + 6, "file:")
      : b->spec.kind == BS_PG ? !g_str_has_prefix(lines[1] + 6, "pg:") : strcmp(lines[1] + 6, b->name) != 0) {
    g_autofree char *s = in_escape(lines[1] + 6, 60);
    FAIL("the certificate is for board '%s', not %s", s, b->name);
  }
  const char *tw; /* certtok.h (the checker's tokenizer): why a line is not tokens */
  {
    guint n;
    int64_t c, s;
    g_auto(GStrv) t = ct_split(lines[2], &n, &tw);
    if (!t) FAIL("certificate line 3: %s", tw);
    if (n != 3 || !in_int64(t[1], 0, INT64_MAX, &c) || !in_int64(t[2], 0, INT64_MAX, &s) || (uint64_t)c != nc ||
        (uint64_t)s != hg_ne(b->h))
      FAIL("certificate line 3: the board has size %u %zu", nc, hg_ne(b->h));
  }
  if (strcmp(lines[3] + 6, "-") != 0) {
    g_auto(GStrv) t = ct_split(lines[3], NULL, &tw);
    if (!t) FAIL("certificate line 4: %s", tw);
    for (int i = 1; t[i]; i++) /* each token M:CELL or B:CELL, as the checker reads them */
      if (!((t[i][0] == 'M' || t[i][0] == 'B') && t[i][1] == ':' && g_hash_table_contains(names, t[i] + 2))) {
        g_autofree char *s = in_escape(t[i], 60);
        FAIL("certificate moves: '%s' is not M:CELL or B:CELL on the board", s);
      }
    mb_position_clear(&st->root); /* parse makes it afresh */
    if (!mb_position_parse(b, lines[3] + 6, &st->root, err)) goto fail;
  }
  own = g_memdup2(st->root.owner, nc);
  if (strcmp(lines[4] + 7, "maker") == 0) st->maker_to_move = true;
  else if (strcmp(lines[4] + 7, "breaker") != 0) FAIL("certificate line 5: want 'tomove maker|breaker'");
  if (strcmp(lines[5] + 7, "maker") == 0) st->maker_wins = true;
  else if (strcmp(lines[5] + 7, "breaker") != 0) FAIL("certificate line 6: want 'winner maker|breaker'");
  {
    guint nt;
    g_auto(GStrv) t = ct_split(lines[6], &nt, &tw);
    uint32_t n;
    if (!t) FAIL("certificate line 7: %s", tw);
    if (nt != nc + 1 || !cells_of(names, t + 1, order, nc, &n, &bad) || n != nc)
      FAIL("certificate line 7: 'cells' must list every cell of the board once");
    for (uint32_t i = 0; i < nc; i++) {
      if (seen[order[i]]++) FAIL("certificate line 7: a cell is listed twice");
    }
  }
  guint L = 7;
  GPtrArray *perms = g_ptr_array_new();
  GArray *ids = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  for (; L < nl && g_str_has_prefix(lines[L], "perm "); L++) {
    guint nt;
    g_auto(GStrv) t = ct_split(lines[L], &nt, &tw);
    int64_t id;
    uint32_t n;
    if (!t || !t[1] || !in_int64(t[1], 1, 1 << 30, &id) || nt != nc + 2 || !cells_of(names, t + 2, tmp, nc + 1, &n, &bad) ||
        n != nc) {
      st->perm = (uint32_t **)g_ptr_array_free(perms, FALSE), st->nperms = ids->len;
      st->perm_ids = (uint32_t *)g_array_free(ids, FALSE);
      if (!t) FAIL("certificate line %u: %s", L + 1, tw);
      FAIL("certificate line %u: want 'perm ID' and the image of every cell", L + 1);
    }
    uint32_t *p = g_new(uint32_t, nc);
    memset(seen, 0, nc);
    for (uint32_t i = 0; i < nc; i++) p[order[i]] = tmp[i], seen[tmp[i]]++;
    g_ptr_array_add(perms, p);
    uint32_t id32 = (uint32_t)id;
    bool dup = false;
    for (guint j = 0; j + 1 < perms->len; j++) dup |= g_array_index(ids, uint32_t, j) == id32;
    g_array_append_val(ids, id32);
    for (uint32_t c = 0; c < nc && !dup; c++) dup |= seen[c] != 1;
    if (dup) {
      st->perm = (uint32_t **)g_ptr_array_free(perms, FALSE), st->nperms = ids->len;
      st->perm_ids = (uint32_t *)g_array_free(ids, FALSE);
      FAIL("certificate line %u: perm %u is repeated or not a permutation", L + 1, id32);
    }
  }
  st->nperms = ids->len;
  st->perm = (uint32_t **)g_ptr_array_free(perms, FALSE);
  st->perm_ids = (uint32_t *)g_array_free(ids, FALSE);
  int64_t N;
  if (L >= nl || !g_str_has_prefix(lines[L], "nodes ") || !in_int64(lines[L] + 6, 1, (int64_t)1 << 28, &N) ||
      (guint)N > nl - L - 1)
    FAIL("certificate line %u: want 'nodes N' and N node lines", L + 1);
  L++;
  st->nnodes = (uint32_t)N;
  st->node = g_new0(StNode, st->nnodes);
  for (uint32_t id = 0; id < st->nnodes; id++, L++) {
    StNode *nd = &st->node[id];
    const char *ln = lines[L];
    if (id > 0 && stack->len == 0) FAIL("certificate line %u: the tree ended before node %u", L + 1, id + 1);
    g_auto(GStrv) t = ct_split(ln, NULL, &tw);
    if (!t) FAIL("certificate line %u: %s", L + 1, tw);
    if (!t[0] || strlen(t[0]) != 1 || !strchr(KNOWN, t[0][0])) {
      g_autofree char *s = in_escape(t[0] ? t[0] : "", 20);
      FAIL("unknown node kind '%s' on certificate line %u: this reader knows m b F B M R T W P E L D S", s, L + 1);
    }
    nd->op = t[0][0];
    if (nd->op == 'S') {
      int64_t d, p;
      if (!t[1] || !t[2] || t[3] || !in_int64(t[1], 1, id, &d) || !in_int64(t[2], 0, 1 << 30, &p))
        FAIL("certificate line %u: want 'S d p' with 1 <= d <= the node's index", L + 1);
      nd->target = id - (uint32_t)d;
      nd->perm_id = (uint32_t)p;
      if (p) {
        for (uint32_t j = 0; j < st->nperms; j++)
          if (st->perm_ids[j] == (uint32_t)p) nd->perm = st->perm[j];
        if (!nd->perm) FAIL("certificate line %u: perm %u is not declared", L + 1, (uint32_t)p);
      }
    } else if (nd->op == 'E' || nd->op == 'L') {
      if (!t[1] || t[2]) FAIL("certificate line %u: want '%c a/b'", L + 1, nd->op);
      nd->es = g_strdup(t[1]);
    } else {
      if (!cells_of(names, t + 1, tmp, nc + 1, &nd->n, &bad)) {
        if (!bad) FAIL("certificate line %u: node '%c' names more cells than %s has", L + 1, nd->op, b->name);
        g_autofree char *s = in_escape(bad, 60);
        FAIL("certificate line %u: '%s' is not a cell of %s", L + 1, s, b->name);
      }
      nd->cells = g_memdup2(tmp, nd->n * sizeof(uint32_t));
      bool one = strchr("mbF", nd->op) != NULL, many = strchr("BMRAT", nd->op) != NULL;
      if ((one && nd->n != 1) || (many && nd->n == 0) || (strchr("WD", nd->op) && nd->n) || (nd->op == 'P' && nd->n % 2))
        FAIL("certificate line %u: node '%c' with %u cells", L + 1, nd->op, nd->n);
      if (strchr("BMRA", nd->op)) {
        memset(seen, 0, nc);
        for (uint32_t i = 0; i < nd->n; i++)
          if (seen[nd->cells[i]]++) FAIL("certificate line %u: a cell is listed twice", L + 1);
      }
      if (strchr("mbFBMRA", nd->op)) nd->kid = g_new0(uint32_t, nd->n);
    }
    /* hang it under its parent */
    if (stack->len) {
      Open *top = &g_array_index(stack, Open, stack->len - 1);
      StNode *par = &st->node[top->id];
      par->kid[top->next++] = id;
      if (top->next == (strchr("mbF", par->op) ? 1 : par->n)) g_array_set_size(stack, stack->len - 1);
    }
    if (nd->kid) {
      Open fr = {id, 0};
      g_array_append_val(stack, fr);
    }
  }
  if (stack->len) FAIL("certificate: the tree is incomplete after %u nodes", st->nnodes);
  if (L >= nl || strcmp(lines[L], "end") != 0) FAIL("certificate line %u: want 'end' after the tree", L + 1);
  for (L++; L < nl; L++)
    if (*lines[L]) FAIL("certificate line %u: text after 'end'", L + 1);
  /* the plies, bottom-up in preorder with the positions replayed */
  {
    typedef struct {
      uint32_t id, next;
      bool maker;
    } Fr;
    GArray *fs = g_array_new(FALSE, FALSE, sizeof(Fr));
    uint32_t W = (nc + 63) / 64;
    Fr r0 = {0, 0, st->maker_to_move};
    g_array_append_val(fs, r0);
    while (fs->len) {
      Fr *f = &g_array_index(fs, Fr, fs->len - 1);
      uint32_t fid = f->id;
      StNode *nd = &st->node[fid];
      if (f->next > 0 && nd->kid) own[nd->cells[strchr("BMRA", nd->op) ? f->next - 1 : 0]] = MB_FREE;
      if (nd->kid && f->next < (strchr("mbF", nd->op) ? 1u : nd->n)) {
        uint32_t c = nd->cells[strchr("mbF", nd->op) ? 0 : f->next];
        if (own[c] != MB_FREE) {
          g_array_free(fs, TRUE);
          FAIL("certificate: node %u plays a taken cell", fid + 1);
        }
        own[c] = f->maker ? MB_MAKER : MB_BREAKER;
        Fr k = {nd->kid[f->next++], 0, !f->maker};
        g_array_append_val(fs, k);
        continue;
      }
      /* all its children are done */
      uint32_t p = 0;
      nd->zone = g_new0(uint64_t, W);
      switch (nd->op) {
      case 'm': case 'b': case 'F': p = 1 + st->node[nd->kid[0]].plies; break;
      case 'B': case 'M': case 'R': case 'A':
        for (uint32_t i = 0; i < nd->n; i++) p = MAX(p, 1 + st->node[nd->kid[i]].plies);
        break;
      case 'S':
        if (!st->node[nd->target].done) {
          g_array_free(fs, TRUE);
          FAIL("certificate: node %u links to node %u, which is not finished before it", fid + 1, nd->target + 1);
        }
        p = st->node[nd->target].plies;
        break;
      case 'T': {
        uint8_t *o2 = g_memdup2(own, nc);
        bool ok = threat_plies(b, o2, nd, &p, nd->zone);
        g_free(o2);
        if (!ok) {
          g_array_free(fs, TRUE);
          FAIL("certificate: node %u is not a threat sequence that wins", fid + 1);
        }
        break;
      }
      default: p = 0;
      }
      /* the zone, or in a Maker-win tree the support (certcheck.c's rules;
         a T leaf's was made above) */
      if (nd->kid)
        for (uint32_t i = 0; i < (strchr("mbF", nd->op) ? 1u : nd->n); i++) {
          const uint64_t *z = st->node[nd->kid[i]].zone;
          for (uint32_t w = 0; w < W; w++) nd->zone[w] |= z[w];
          if (!(st->maker_wins && (nd->op == 'B' || nd->op == 'A'))) /* Breaker's free choices: not in a support */
            nd->zone[nd->cells[i] / 64] |= UINT64_C(1) << (nd->cells[i] % 64);
        }
      else if (nd->op == 'P')
        for (uint32_t i = 0; i < nd->n; i++) nd->zone[nd->cells[i] / 64] |= UINT64_C(1) << (nd->cells[i] % 64);
      else if (nd->op == 'E' || nd->op == 'L')
        for (size_t e = 0; e < hg_ne(b->h); e++) {
          const uint32_t *c = hg_edge(b->h, e);
          size_t k = hg_edge_size(b->h, e);
          bool dead = false;
          for (size_t i = 0; i < k; i++) dead |= own[c[i]] == MB_BREAKER;
          for (size_t i = 0; i < k && !dead; i++)
            if (own[c[i]] == MB_FREE) nd->zone[c[i] / 64] |= UINT64_C(1) << (c[i] % 64);
        }
      else if (nd->op == 'S')
        for (uint32_t c = 0; c < nc; c++)
          if ((st->node[nd->target].zone[c / 64] >> (c % 64)) & 1) {
            uint32_t im = nd->perm ? nd->perm[c] : c;
            nd->zone[im / 64] |= UINT64_C(1) << (im % 64);
          }
      nd->plies = p, nd->done = true;
      g_array_set_size(fs, fs->len - 1);
    }
    g_array_free(fs, TRUE);
  }
  g_array_free(stack, TRUE);
  g_hash_table_destroy(names);
  bool has_l = false; /* L leaves: the near-lines, found once for the player */
  for (uint32_t i = 0; i < st->nnodes; i++) has_l |= st->node[i].op == 'L';
  if (has_l) {
    st->near = g_new0(MbNearLines, 1);
    mb_near_lines(b->h, st->near);
  }
  return st;
fail:
  g_array_free(stack, TRUE);
  g_hash_table_destroy(names);
  st_free(st);
  return NULL;
}

void st_free(Strategy *st) {
  if (!st) return;
  for (uint32_t i = 0; i < st->nnodes; i++)
    g_free(st->node[i].cells), g_free(st->node[i].kid), g_free(st->node[i].es), g_free(st->node[i].zone);
  g_free(st->node);
  for (uint32_t i = 0; i < st->nperms; i++) g_free(st->perm[i]);
  g_free(st->perm);
  g_free(st->perm_ids);
  if (st->near) mb_near_lines_clear(st->near), g_free(st->near);
  mb_position_clear(&st->root);
  g_free(st);
}

/* ---- playing ---- */

/* follow links from p->node, composing their permutations; set the mode */
static void follow(StPlay *p) {
  const Strategy *st = p->st;
  uint32_t nc = st->b->ncells;
  while (st->node[p->node].op == 'S') {
    const StNode *s = &st->node[p->node];
    if (s->perm) {
      uint32_t *np = g_new(uint32_t, nc);
      for (uint32_t c = 0; c < nc; c++) np[c] = p->phi[s->perm[c]];
      g_free(p->phi);
      p->phi = np;
      for (uint32_t c = 0; c < nc; c++) p->phinv[np[c]] = c;
    }
    p->node = s->target;
  }
  char op = st->node[p->node].op;
  if (op == 'T') p->mode = ST_THREATS, p->tnext = 0, p->tstart = p->moves;
  else if (op == 'P' || op == 'E' || op == 'L' || op == 'D') p->mode = ST_CLOSURE;
  else p->mode = ST_TREE;
}

StPlay *st_play_new(const Strategy *st) {
  StPlay *p = g_new0(StPlay, 1);
  uint32_t nc = st->b->ncells;
  p->st = st;
  p->phi = g_new(uint32_t, nc), p->phinv = g_new(uint32_t, nc);
  for (uint32_t c = 0; c < nc; c++) p->phi[c] = p->phinv[c] = c;
  p->real = g_memdup2(st->root.owner, nc), p->virt = g_memdup2(st->root.owner, nc);
  p->maker_to_move = st->maker_to_move;
  p->last = UINT32_MAX;
  p->node = 0;
  follow(p);
  return p;
}

StPlay *st_play_copy(const StPlay *q) {
  StPlay *p = g_memdup2(q, sizeof *q);
  uint32_t nc = q->st->b->ncells;
  p->phi = g_memdup2(q->phi, nc * sizeof(uint32_t)), p->phinv = g_memdup2(q->phinv, nc * sizeof(uint32_t));
  p->real = g_memdup2(q->real, nc), p->virt = g_memdup2(q->virt, nc);
  return p;
}

void st_play_free(StPlay *p) {
  if (!p) return;
  g_free(p->phi), g_free(p->phinv), g_free(p->real), g_free(p->virt);
  g_free(p);
}

bool st_play_winner_to_move(const StPlay *p) { return p->maker_to_move == p->st->maker_wins; }

int st_play_over(const StPlay *p) {
  Scan s = scan(p->st->b, p->real);
  if (s.maker_done) return MB_MAKER;
  if (s.all_dead) return MB_BREAKER;
  for (uint32_t c = 0; c < p->st->b->ncells; c++)
    if (p->real[c] == MB_FREE) return 0;
  return MB_BREAKER;
}

static void put(StPlay *p, uint32_t c, uint8_t who) {
  p->real[c] = who;
  if (p->virt[c] == MB_FREE) p->virt[c] = who;
  p->maker_to_move = !p->maker_to_move;
  p->moves++;
}

static uint32_t first_free(const StPlay *p) {
  for (uint32_t c = 0; c < p->st->b->ncells; c++)
    if (p->virt[c] == MB_FREE && p->real[c] == MB_FREE) return c;
  for (uint32_t c = 0; c < p->st->b->ncells; c++)
    if (p->real[c] == MB_FREE) return c;
  return UINT32_MAX;
}
/* w[c] += 2^(S - free cells) over the surviving sets through each free
 * cell c of the virtual position (skipping the sets marked in skip) */
static void set_weights(const StPlay *p, const uint8_t *skip, uint32_t S, unsigned __int128 *w) {
  const MbBoard *b = p->st->b;
  for (size_t e = 0; e < hg_ne(b->h); e++) {
    if (skip && skip[e]) continue;
    const uint32_t *c = hg_edge(b->h, e);
    size_t k = hg_edge_size(b->h, e);
    uint32_t fr = 0;
    bool dead = false;
    for (size_t i = 0; i < k; i++) dead |= p->virt[c[i]] == MB_BREAKER, fr += p->virt[c[i]] == MB_FREE;
    if (dead) continue;
    for (size_t i = 0; i < k; i++)
      if (p->virt[c[i]] == MB_FREE) w[c[i]] += (unsigned __int128)1 << (S - fr);
  }
}

/* Breaker at an L leaf: the free cell of largest gain of the line
 * potential (a near-line with no Breaker cell and u free cells gains
 * u 2^-u, with one Breaker cell 2^-u; a surviving set that is no near-line
 * minus a cell its weight 2^-(free cells)), exact, first on ties: the
 * potential never rises under this move (solver.h) */
static uint32_t line_move(const StPlay *p) {
  const MbBoard *b = p->st->b;
  const MbNearLines *nl = p->st->near;
  uint32_t nc = b->ncells;
  uint32_t S = 0;
  for (size_t e = 0; e < hg_ne(b->h); e++) S = MAX(S, (uint32_t)hg_edge_size(b->h, e) + 1);
  uint32_t best = UINT32_MAX;
  if (S <= 120) {
    unsigned __int128 *w = g_new0(unsigned __int128, nc);
    for (uint32_t l = 0; l < nl->n; l++) {
      uint32_t nb = 0, u = 0;
      for (uint32_t j = nl->start[l]; j < nl->start[l + 1]; j++)
        nb += p->virt[nl->cells[j]] == MB_BREAKER, u += p->virt[nl->cells[j]] == MB_FREE;
      if (nb > 1) continue;
      unsigned __int128 g = nb ? (unsigned __int128)1 << (S - u) : (unsigned __int128)u << (S - u);
      for (uint32_t j = nl->start[l]; j < nl->start[l + 1]; j++)
        if (p->virt[nl->cells[j]] == MB_FREE) w[nl->cells[j]] += g;
    }
    set_weights(p, nl->covered, S, w);
    for (uint32_t c = 0; c < nc; c++)
      if (p->virt[c] == MB_FREE && (best == UINT32_MAX || w[c] > w[best])) best = c;
    g_free(w);
  }
  return best != UINT32_MAX ? best : first_free(p);
}


/* Breaker's move inside a closure leaf (see the contract) */
static uint32_t closure_move(const StPlay *p) {
  const StNode *nd = &p->st->node[p->node];
  const MbBoard *b = p->st->b;
  uint32_t nc = b->ncells;
  if (nd->op == 'P') {
    if (p->last != UINT32_MAX) {
      uint32_t x = p->phinv[p->last];
      for (uint32_t i = 0; i < nd->n; i++)
        if (nd->cells[i] == x) {
          uint32_t q = p->phi[nd->cells[i ^ 1]];
          if (p->virt[q] == MB_FREE) return q;
        }
    }
    for (uint32_t i = 0; i < nd->n; i += 2) {
      uint32_t a = p->phi[nd->cells[i]], c2 = p->phi[nd->cells[i + 1]];
      if (p->virt[a] == MB_FREE && p->virt[c2] == MB_FREE) return a;
    }
    return first_free(p);
  }
  if (nd->op == 'E') {
    size_t ns = hg_ne(b->h);
    uint32_t K = 0;
    for (size_t e = 0; e < ns; e++) K = MAX(K, (uint32_t)hg_edge_size(b->h, e));
    if (K > 120) return first_free(p);
    unsigned __int128 *w = g_new0(unsigned __int128, nc);
    set_weights(p, NULL, K, w);
    uint32_t best = UINT32_MAX;
    for (uint32_t c = 0; c < nc; c++)
      if (p->virt[c] == MB_FREE && (best == UINT32_MAX || w[c] > w[best])) best = c;
    g_free(w);
    return best != UINT32_MAX ? best : first_free(p);
  }
  if (nd->op == 'L') return line_move(p);
  return first_free(p);
}

bool st_play_winner(StPlay *p, uint32_t *cell) {
  if (st_play_over(p) || !st_play_winner_to_move(p)) return false;
  const Strategy *st = p->st;
  const StNode *nd = &st->node[p->node];
  uint32_t c = UINT32_MAX;
  if (st->maker_wins) {
    Scan s = scan(st->b, p->virt);
    if (s.nthreat && p->real[s.first] == MB_FREE) c = s.first; /* a set one short: complete it */
    else if (p->mode == ST_TREE && nd->op == 'm') c = p->phi[nd->cells[0]];
    else if (p->mode == ST_THREATS && p->tnext < nd->n) c = p->phi[nd->cells[p->tnext++]];
    if (c == UINT32_MAX || p->real[c] != MB_FREE) c = first_free(p);
    bool tree = p->mode == ST_TREE && nd->op == 'm' && c == p->phi[nd->cells[0]];
    put(p, c, MB_MAKER);
    if (tree) p->node = nd->kid[0], follow(p);
  } else {
    bool tree = p->mode == ST_TREE && nd->op == 'b';
    c = tree ? p->phi[nd->cells[0]] : p->mode == ST_CLOSURE ? closure_move(p) : first_free(p);
    if (c == UINT32_MAX) return false;
    if (p->real[c] != MB_FREE) c = first_free(p), tree = false;
    put(p, c, MB_BREAKER);
    if (tree) p->node = nd->kid[0], follow(p);
  }
  *cell = c;
  return true;
}

bool st_play_loser(StPlay *p, uint32_t c) {
  const Strategy *st = p->st;
  if (c >= st->b->ncells || p->real[c] != MB_FREE || st_play_over(p) || st_play_winner_to_move(p)) return false;
  uint8_t me = st->maker_wins ? MB_BREAKER : MB_MAKER;
  const StNode *nd = &st->node[p->node];
  bool was_free = p->virt[c] == MB_FREE;
  put(p, c, me);
  p->last = c;
  if (p->mode != ST_TREE) return true;
  if (((nd->op == 'B' || nd->op == 'A') && me == MB_BREAKER) || ((nd->op == 'M' || nd->op == 'R') && me == MB_MAKER)) {
    uint32_t x = p->phinv[c], k = UINT32_MAX;
    for (uint32_t i = 0; i < nd->n && was_free; i++)
      if (nd->cells[i] == x) k = i;
    if (k == UINT32_MAX && was_free && nd->op == 'A') {
      /* a reply the A node omits: outside the support of some listed reply
       * i's strategy, which is followed with the two cells swapped (the
       * tree's cells[i] is the board's c, the tree's x the board's former
       * image of cells[i]) */
      for (uint32_t i = 0; i < nd->n && k == UINT32_MAX; i++) {
        const uint64_t *z = st->node[nd->kid[i]].zone;
        if (!((z[x / 64] >> (x % 64)) & 1)) k = i;
      }
      if (k != UINT32_MAX) {
        uint32_t y = nd->cells[k], py = p->phi[y];
        p->phi[y] = c, p->phi[x] = py;
        p->phinv[c] = y, p->phinv[py] = x;
      }
    }
    if (k == UINT32_MAX && was_free && nd->op == 'R') {
      /* a move the R node omits: outside the zone of some listed move i;
       * the imagined position is Maker with cell i and every free cell
       * outside that zone, which subtree i wins for Breaker */
      uint32_t nc = st->b->ncells;
      for (uint32_t i = 0; i < nd->n && k == UINT32_MAX; i++) {
        const uint64_t *z = st->node[nd->kid[i]].zone;
        if (!((z[x / 64] >> (x % 64)) & 1)) k = i;
      }
      if (k != UINT32_MAX) {
        const uint64_t *z = st->node[nd->kid[k]].zone;
        p->virt[p->phi[nd->cells[k]]] = me, p->imaginary++;
        for (uint32_t y = 0; y < nc; y++)
          if (y != nd->cells[k] && !((z[y / 64] >> (y % 64)) & 1) && p->virt[p->phi[y]] == MB_FREE)
            p->virt[p->phi[y]] = me, p->imaginary++;
      }
    }
    if (k == UINT32_MAX) { /* a pass for the tree: an imaginary move on the first listed cell */
      k = 0;
      p->virt[p->phi[nd->cells[0]]] = me;
      p->imaginary++;
    }
    p->node = nd->kid[k];
    follow(p);
  } else if (nd->op == 'F' && me == MB_BREAKER && c == p->phi[nd->cells[0]] && was_free) {
    p->node = nd->kid[0];
    follow(p);
  }
  return true;
}

uint32_t st_play_plies(const StPlay *p) {
  const StNode *nd = &p->st->node[p->node];
  if (st_play_over(p) || p->mode == ST_CLOSURE) return 0;
  if (p->mode == ST_THREATS) {
    uint32_t used = p->moves - p->tstart;
    return nd->plies > used ? nd->plies - used : 1;
  }
  return nd->plies;
}

uint32_t st_play_options(const StPlay *p, uint32_t *cells, uint32_t *plies) {
  if (st_play_over(p) || st_play_winner_to_move(p) || p->mode == ST_CLOSURE) return 0;
  const StNode *nd = &p->st->node[p->node];
  if (p->mode == ST_TREE && (nd->op == 'B' || nd->op == 'M' || nd->op == 'R' || nd->op == 'A' || nd->op == 'F')) {
    for (uint32_t i = 0; i < nd->n; i++) cells[i] = p->phi[nd->cells[i]], plies[i] = 1 + p->st->node[nd->kid[i]].plies;
    return nd->n;
  }
  if (p->st->maker_wins) { /* inside a threat sequence: the cells that block a set one short */
    uint32_t n = 0, left = st_play_plies(p);
    const MbBoard *b = p->st->b;
    for (size_t e = 0; e < hg_ne(b->h); e++) {
      const uint32_t *c = hg_edge(b->h, e);
      size_t k = hg_edge_size(b->h, e);
      uint32_t fr = 0, last = 0;
      bool dead = false;
      for (size_t i = 0; i < k; i++) dead |= p->virt[c[i]] == MB_BREAKER, fr += p->virt[c[i]] == MB_FREE, last = p->virt[c[i]] == MB_FREE ? c[i] : last;
      if (dead || fr != 1) continue;
      bool dup = false;
      for (uint32_t j = 0; j < n; j++) dup |= cells[j] == last;
      if (!dup) cells[n] = last, plies[n] = left, n++;
    }
    return n;
  }
  return 0;
}

const StNode *st_play_node(const StPlay *p) { return &p->st->node[p->node]; }

void st_play_map(const StPlay *p, const uint32_t *tree_cells, uint32_t n, uint32_t *board_cells) {
  for (uint32_t i = 0; i < n; i++) board_cells[i] = p->phi[tree_cells[i]];
}
