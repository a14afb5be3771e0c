/* cubeorbit.c — see cubeorbit.h: the cube tree of Q(n,k) up to Aut(Q_n). */
#include "hypercube/cubeorbit.h"

#include <igraph.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "plumbing/errors.h"
#include "plumbing/progress.h"
#include "solvers/drat.h"
#include "solvers/satproof.h"

static int cmp_int(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}
static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}
static int cmp_weight(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  int wa = __builtin_popcount(a), wb = __builtin_popcount(b);
  if (wa != wb) return wa < wb ? -1 : 1;
  return a < b ? -1 : a > b;
}

GArray *cubeorbit_node_cube(const Cubeorbit *o, int i) {
  GArray *c = g_array_new(FALSE, FALSE, sizeof(int));
  for (int j = i; j >= 0; j = g_array_index(o->nodes, CubeorbitNode, j).parent) {
    const CubeorbitNode *nd = &g_array_index(o->nodes, CubeorbitNode, j);
    g_array_append_vals(c, (const int *)o->lits->data + nd->from, (guint)(nd->to - nd->from));
  }
  g_array_sort(c, cmp_int);
  return c;
}

/* ---- canonical forms ------------------------------------------------------ */

typedef struct {
  const CubesatCnf *cnf;
  int n;
  uint32_t nv;
  igraph_vector_int_t qedges; /* Q_n's edges, as igraph wants them */
} Canon;

/* the canonical labelling of cube c (lab: 2^n + |c| entries) and its key:
 * the sorted (colour, min label, max label) of its literals */
static void canon_label(const Canon *cn, const GArray *c, igraph_vector_int_t *lab, GArray *key) {
  uint32_t nl = c->len, nall = cn->nv + nl;
  igraph_vector_int_t edges, colors;
  igraph_vector_int_init_copy(&edges, &cn->qedges);
  igraph_vector_int_init(&colors, nall);
  for (uint32_t i = 0; i < nl; i++) {
    int lit = g_array_index(c, int, i);
    VPair q = cubesat_pair_of_var(cn->cnf, abs(lit));
    igraph_vector_int_push_back(&edges, q.a);
    igraph_vector_int_push_back(&edges, cn->nv + i);
    igraph_vector_int_push_back(&edges, q.b);
    igraph_vector_int_push_back(&edges, cn->nv + i);
    VECTOR(colors)[cn->nv + i] = lit > 0 ? 1 : 2;
  }
  igraph_t g;
  igraph_create(&g, &edges, nall, IGRAPH_UNDIRECTED);
  igraph_bliss_info_t info;
  igraph_canonical_permutation(&g, &colors, lab, IGRAPH_BLISS_FL, &info);
  igraph_free(info.group_size);
  igraph_destroy(&g);
  igraph_vector_int_destroy(&colors);
  igraph_vector_int_destroy(&edges);
  if (key) {
    g_array_set_size(key, 0);
    for (uint32_t i = 0; i < nl; i++) {
      int lit = g_array_index(c, int, i);
      VPair q = cubesat_pair_of_var(cn->cnf, abs(lit));
      uint64_t la = (uint64_t)VECTOR(*lab)[q.a], lb = (uint64_t)VECTOR(*lab)[q.b];
      uint64_t k = (uint64_t)(lit > 0 ? 1 : 2) << 50 | MIN(la, lb) << 25 | MAX(la, lb);
      g_array_append_val(key, k);
    }
    /* the canonical images of Q_n's edges, hashed (FNV-1a), as one more
     * entry: equal keys of non-isomorphic cubes are then (nearly) impossible,
     * and a witness that fails keeps the cube anyway */
    igraph_integer_t ne = igraph_vector_int_size(&cn->qedges) / 2;
    uint64_t *qe = g_new(uint64_t, ne);
    for (igraph_integer_t e = 0; e < ne; e++) {
      uint64_t a = (uint64_t)VECTOR(*lab)[VECTOR(cn->qedges)[2 * e]], b = (uint64_t)VECTOR(*lab)[VECTOR(cn->qedges)[2 * e + 1]];
      qe[e] = MIN(a, b) << 25 | MAX(a, b);
    }
    qsort(qe, (size_t)ne, sizeof(uint64_t), cmp_u64);
    uint64_t h = UINT64_C(14695981039346656037);
    for (igraph_integer_t e = 0; e < ne; e++)
      for (int byte = 0; byte < 8; byte++) h = (h ^ (qe[e] >> (8 * byte) & 0xff)) * UINT64_C(1099511628211);
    g_free(qe);
    h |= UINT64_C(3) << 62; /* after every literal entry once sorted */
    g_array_sort(key, cmp_u64);
    g_array_append_val(key, h);
  }
}

/* g(lit): the literal of the image pair, same sign; 0 if it has no variable */
static int map_lit(const CubesatCnf *cnf, const CubesymGen *g, int lit) {
  VPair q = cubesat_pair_of_var(cnf, abs(lit));
  int v = cubesat_var_of_pair(cnf, cubesym_apply(g, cnf->n, q.a), cubesym_apply(g, cnf->n, q.b));
  return lit > 0 ? v : -v;
}

/* g(c) == d as sets (both sorted, no repeats) */
static bool maps_onto(const CubesatCnf *cnf, const CubesymGen *g, const GArray *c, const GArray *d) {
  if (c->len != d->len) return false;
  int *img = g_new(int, c->len ? c->len : 1);
  bool ok = true;
  for (guint i = 0; i < c->len && ok; i++) ok = (img[i] = map_lit(cnf, g, g_array_index(c, int, i))) != 0;
  if (ok) {
    qsort(img, c->len, sizeof(int), cmp_int);
    ok = c->len == 0 || memcmp(img, d->data, c->len * sizeof(int)) == 0;
  }
  g_free(img);
  return ok;
}

/* the witness from two labellings with equal keys: g = labK^-1 o labD on
 * Q_n's vertices, as (pi, t); false if it is not of that form */
static bool witness(const Canon *cn, const igraph_vector_int_t *labD, const igraph_vector_int_t *labK,
                    CubesymGen *g) {
  igraph_integer_t nall = igraph_vector_int_size(labK);
  if (igraph_vector_int_size(labD) != nall) return false;
  igraph_integer_t *inv = g_new(igraph_integer_t, nall);
  for (igraph_integer_t i = 0; i < nall; i++) inv[VECTOR(*labK)[i]] = i;
  uint32_t *img = g_new(uint32_t, cn->nv);
  bool ok = true;
  for (uint32_t v = 0; v < cn->nv && ok; v++) {
    igraph_integer_t w = inv[VECTOR(*labD)[v]];
    ok = w >= 0 && w < (igraph_integer_t)cn->nv;
    img[v] = (uint32_t)w;
  }
  if (ok) {
    memset(g, 0, sizeof *g);
    g->t = img[0];
    for (int i = 0; i < cn->n && ok; i++) {
      uint32_t d = img[1u << i] ^ g->t;
      ok = __builtin_popcount(d) == 1;
      g->perm[i] = (uint8_t)__builtin_ctz(d | 1u << 31);
    }
    for (uint32_t v = 0; v < cn->nv && ok; v++) ok = cubesym_apply(g, cn->n, v) == img[v];
  }
  g_free(img);
  g_free(inv);
  return ok;
}

/* ---- the tree -------------------------------------------------------------- */

typedef struct {
  const CubesatCnf *cnf;
  uint32_t nv, *order;
  uint8_t *paired, *neg;
} Scan;

/* the open pairs through the first undecided vertex of cube c (none: a leaf) */
static void branch_of(Scan *sc, const GArray *c, GArray *open) {
  const CubesatCnf *cnf = sc->cnf;
  g_array_set_size(open, 0);
  memset(sc->paired, 0, sc->nv);
  memset(sc->neg, 0, (size_t)cnf->npairvars + 1);
  for (guint i = 0; i < c->len; i++) {
    int lit = g_array_index(c, int, i);
    if (lit < 0) sc->neg[-lit] = 1;
    else {
      VPair q = cubesat_pair_of_var(cnf, lit);
      sc->paired[q.a] = sc->paired[q.b] = 1;
    }
  }
  for (uint32_t i = 0; i < sc->nv; i++) {
    uint32_t v = sc->order[i];
    if (sc->paired[v]) continue;
    for (int r = 0; r < cnf->nmasks; r++) {
      uint32_t w = v ^ cnf->masks[r];
      int var = cubesat_var_of_pair(cnf, v, w);
      if (!sc->neg[var] && !sc->paired[w]) g_array_append_val(open, var);
    }
    if (open->len > 0) {
      g_array_sort(open, cmp_int);
      return;
    }
  }
}

typedef struct {
  GArray *key; /* uint64 */
  int node;
} Seen;

static guint key_hash(gconstpointer p) {
  const GArray *k = p;
  guint h = 5381;
  for (guint i = 0; i < k->len; i++) {
    uint64_t x = g_array_index(k, uint64_t, i);
    h = h * 33u ^ (guint)(x ^ x >> 29);
  }
  return h;
}
static gboolean key_equal(gconstpointer x, gconstpointer y) {
  const GArray *a = x, *b = y;
  return a->len == b->len && memcmp(a->data, b->data, a->len * sizeof(uint64_t)) == 0;
}
static void key_free(gpointer p) { g_array_free(p, TRUE); }

Cubeorbit *cubeorbit_new(int n, int k, int depth, GError **err) {
  if (n < 3 || n > CUBESAT_MAX_N || k < 1 || k > n || depth < 0 || depth > CUBEORBIT_MAX_DEPTH) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE,
                "the orbit split needs 3 <= n <= %d, 1 <= k <= n, 0 <= depth <= %d (got n=%d, k=%d, depth=%d)",
                CUBESAT_MAX_N, CUBEORBIT_MAX_DEPTH, n, k, depth);
    return NULL;
  }
  double t0 = progress_thread_cpu();
  Cubeorbit *o = g_new0(Cubeorbit, 1);
  Cubesplit *s = o->split = g_new0(Cubesplit, 1);
  s->n = n;
  s->k = k;
  s->depth = depth;
  s->cnf = cubesat_encode(n, k, false);
  s->lits = g_array_new(FALSE, FALSE, sizeof(int));
  s->start = g_array_new(FALSE, FALSE, sizeof(guint64));
  guint64 zero = 0;
  g_array_append_val(s->start, zero);
  o->nodes = g_array_new(FALSE, TRUE, sizeof(CubeorbitNode));
  o->lits = g_array_new(FALSE, FALSE, sizeof(int));

  Canon cn = {.cnf = s->cnf, .n = n, .nv = 1u << n};
  igraph_vector_int_init(&cn.qedges, 0);
  for (uint32_t v = 0; v < cn.nv; v++)
    for (int i = 0; i < n; i++)
      if (!(v >> i & 1)) {
        igraph_vector_int_push_back(&cn.qedges, v);
        igraph_vector_int_push_back(&cn.qedges, v | 1u << i);
      }
  Scan sc = {.cnf = s->cnf, .nv = cn.nv};
  sc.order = g_new(uint32_t, cn.nv);
  for (uint32_t v = 0; v < cn.nv; v++) sc.order[v] = v;
  qsort(sc.order, cn.nv, sizeof(uint32_t), cmp_weight);
  sc.paired = g_new0(uint8_t, cn.nv);
  sc.neg = g_new0(uint8_t, (size_t)s->cnf->npairvars + 1);

  CubeorbitNode root = {.level = 0, .parent = -1, .kept = true, .image = -1};
  g_array_append_val(o->nodes, root);
  o->kept[0] = 1;
  GArray *open = g_array_new(FALSE, FALSE, sizeof(int));
  GArray *key = g_array_new(FALSE, FALSE, sizeof(uint64_t));
  igraph_vector_int_t lab, labK;
  igraph_vector_int_init(&lab, 0);
  igraph_vector_int_init(&labK, 0);
  int lo = 0, hi = 1; /* the nodes of the current level */
  for (int level = 0; level < depth; level++) {
    GHashTable *seen = g_hash_table_new_full(key_hash, key_equal, key_free, NULL);
    for (int i = lo; i < hi; i++) {
      if (!g_array_index(o->nodes, CubeorbitNode, i).kept) continue;
      GArray *c = cubeorbit_node_cube(o, i);
      branch_of(&sc, c, open);
      int first = (int)o->nodes->len;
      for (guint j = 0; j <= open->len && open->len > 0; j++) {
        CubeorbitNode ch = {.level = level + 1, .parent = i, .kept = true, .image = -1};
        ch.from = o->lits->len;
        if (j == 0)
          for (guint m = 0; m < open->len; m++) {
            int lit = -g_array_index(open, int, m);
            g_array_append_val(o->lits, lit);
          }
        else
          g_array_append_val(o->lits, g_array_index(open, int, j - 1));
        ch.to = o->lits->len;
        g_array_append_val(o->nodes, ch);
        int id = (int)o->nodes->len - 1;
        GArray *cc = cubeorbit_node_cube(o, id);
        canon_label(&cn, cc, &lab, key);
        gpointer found = g_hash_table_lookup(seen, key);
        CubeorbitNode *nd = &g_array_index(o->nodes, CubeorbitNode, id);
        if (found) {
          int kid = GPOINTER_TO_INT(found) - 1;
          GArray *kc = cubeorbit_node_cube(o, kid);
          canon_label(&cn, kc, &labK, NULL);
          CubesymGen g;
          if (witness(&cn, &lab, &labK, &g) && maps_onto(s->cnf, &g, cc, kc)) {
            nd->kept = false;
            nd->image = kid;
            nd->g = g;
          } else {
            o->unverified++;
          }
          g_array_free(kc, TRUE);
        } else {
          GArray *kcopy = g_array_copy(key);
          g_hash_table_insert(seen, kcopy, GINT_TO_POINTER(id + 1));
        }
        if (nd->kept) o->kept[level + 1]++;
        else o->dropped[level + 1]++;
        g_array_free(cc, TRUE);
      }
      CubeorbitNode *pn = &g_array_index(o->nodes, CubeorbitNode, i);
      pn->first_child = first;
      pn->nchildren = (int)o->nodes->len - first;
      g_array_free(c, TRUE);
    }
    g_hash_table_destroy(seen);
    lo = hi;
    hi = (int)o->nodes->len;
  }
  /* the cubes: kept nodes without children, in node order */
  for (guint i = 0; i < o->nodes->len; i++) {
    const CubeorbitNode *nd = &g_array_index(o->nodes, CubeorbitNode, i);
    if (!nd->kept || nd->nchildren > 0) continue;
    GArray *c = cubeorbit_node_cube(o, (int)i);
    g_array_append_vals(s->lits, c->data, c->len);
    guint64 end = s->lits->len;
    g_array_append_val(s->start, end);
    s->ncubes++;
    g_array_free(c, TRUE);
  }
  igraph_vector_int_destroy(&lab);
  igraph_vector_int_destroy(&labK);
  igraph_vector_int_destroy(&cn.qedges);
  g_array_free(open, TRUE);
  g_array_free(key, TRUE);
  g_free(sc.order);
  g_free(sc.paired);
  g_free(sc.neg);
  o->seconds = progress_thread_cpu() - t0;
  return o;
}

void cubeorbit_free(Cubeorbit *o) {
  if (!o) return;
  cubesplit_free(o->split);
  g_array_free(o->nodes, TRUE);
  g_array_free(o->lits, TRUE);
  g_free(o);
}

/* ---- the check ------------------------------------------------------------- */

/* (a) for node i: the clauses NOT delta_c of its children refuted, proof checked */
static bool check_exhaustive(const Cubeorbit *o, const CubeorbitNode *nd, uint64_t *lemmas) {
  if (nd->first_child <= 0 || nd->first_child + nd->nchildren > (int)o->nodes->len) return false;
  GArray *f = g_array_new(FALSE, FALSE, sizeof(int));
  GHashTable *num = g_hash_table_new(g_direct_hash, g_direct_equal); /* variable -> 1..M */
  int nvars = 0;
  bool ok = true;
  for (int c = nd->first_child; c < nd->first_child + nd->nchildren && ok; c++) {
    const CubeorbitNode *ch = &g_array_index(o->nodes, CubeorbitNode, c);
    ok = ch->parent == (int)(nd - (const CubeorbitNode *)o->nodes->data) && ch->to > ch->from;
    for (guint64 j = ch->from; j < ch->to && ok; j++) {
      int lit = g_array_index(o->lits, int, j), v = abs(lit);
      int m = GPOINTER_TO_INT(g_hash_table_lookup(num, GINT_TO_POINTER(v)));
      if (!m) g_hash_table_insert(num, GINT_TO_POINTER(v), GINT_TO_POINTER(m = ++nvars));
      int neg = lit > 0 ? -m : m;
      g_array_append_val(f, neg);
    }
    int z = 0;
    g_array_append_val(f, z);
  }
  if (ok) {
    char *proof = NULL;
    size_t plen = 0;
    FILE *pf = open_memstream(&proof, &plen);
    int r = satproof_solve_limited((const int *)f->data, f->len, nvars, -1, pf, NULL);
    fclose(pf);
    DratStats ds = {0};
    GError *e = NULL;
    ok = r == SATPROOF_UNSAT && drat_check((const int *)f->data, f->len, nvars, proof, &ds, &e) == DRAT_VERIFIED;
    g_clear_error(&e);
    *lemmas += ds.lemmas;
    free(proof);
  }
  g_hash_table_destroy(num);
  g_array_free(f, TRUE);
  return ok;
}

bool cubeorbit_check(const Cubeorbit *o, CubeorbitCheck *st) {
  double t0 = progress_thread_cpu();
  CubeorbitCheck r = {.failed_node = -1};
  const CubesatCnf *cnf = o->split->cnf;
  bool ok = o->nodes->len > 0;
  const CubeorbitNode *root = ok ? &g_array_index(o->nodes, CubeorbitNode, 0) : NULL;
  ok = ok && root->parent == -1 && root->kept && root->from == root->to && root->level == 0;
  size_t cube = 0;
  for (guint i = 0; i < o->nodes->len && ok; i++) {
    const CubeorbitNode *nd = &g_array_index(o->nodes, CubeorbitNode, i);
    if (i > 0) {
      const CubeorbitNode *p = nd->parent >= 0 && nd->parent < (int)i ? &g_array_index(o->nodes, CubeorbitNode, nd->parent) : NULL;
      ok = p && p->kept && nd->level == p->level + 1;
    }
    if (ok && nd->kept && nd->nchildren > 0) { /* (a) */
      ok = check_exhaustive(o, nd, &r.lemmas);
      r.internal++;
    } else if (ok && nd->kept) { /* (c) */
      GArray *c = cubeorbit_node_cube(o, (int)i);
      size_t len = 0;
      bool have = cube < o->split->ncubes;
      const int *q = have ? cubesplit_cube(o->split, cube, &len) : NULL;
      ok = have && len == c->len && (len == 0 || memcmp(q, c->data, len * sizeof(int)) == 0);
      cube++;
      g_array_free(c, TRUE);
    } else if (ok) { /* (b) */
      const CubeorbitNode *im = nd->image >= 0 && nd->image < (int)o->nodes->len
                                    ? &g_array_index(o->nodes, CubeorbitNode, nd->image) : NULL;
      ok = im && im->kept && im->level == nd->level && nd->nchildren == 0 && nd->g.t < (1u << cnf->n);
      uint32_t seen = 0;
      for (int c = 0; c < cnf->n && ok; c++) {
        ok = nd->g.perm[c] < cnf->n && !(seen >> nd->g.perm[c] & 1);
        seen |= 1u << nd->g.perm[c];
      }
      if (ok) {
        GArray *a = cubeorbit_node_cube(o, (int)i), *b = cubeorbit_node_cube(o, nd->image);
        ok = maps_onto(cnf, &nd->g, a, b);
        g_array_free(a, TRUE);
        g_array_free(b, TRUE);
      }
      r.dropped++;
    }
    if (!ok) r.failed_node = (int)i;
  }
  ok = ok && cube == o->split->ncubes;
  r.seconds = progress_thread_cpu() - t0;
  if (st) *st = r;
  return ok;
}
