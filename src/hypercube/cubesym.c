/* cubesym.c — see cubesym.h: symmetry breaking and invariant pairings. */
#include "hypercube/cubesym.h"
#include "plumbing/errors.h"

#include <stdlib.h>
#include <string.h>

/* ---- 1. symmetry breaking ------------------------------------------------ */

static const uint32_t E1 = 1u;

bool cubesym_anchor(int n, int i, VPair *p) {
  switch (i) {
  case 1:
    if (n < 2) return false; /* Q_1 has one edge: nothing to break */
    *p = (VPair){0, E1};
    return true;
  case 2:
    if (n < 3) return false;
    *p = (VPair){1u << 1, (1u << 1) | (1u << 2)};
    return true;
  case 3:
    if (n < 5) return false;
    *p = (VPair){1u << 3, (1u << 3) | (1u << 4)};
    return true;
  default:
    return false;
  }
}

bool cubesym_in_orbit(int n, int i, VPair q) {
  VPair anchor;
  if (!cubesym_anchor(n, i, &anchor)) return false;
  uint32_t d = q.a ^ q.b, nv = n >= 32 ? 0 : 1u << n;
  if (q.a >= nv || q.b >= nv || __builtin_popcount(d) != 1) return false; /* all are edges */
  switch (i) {
  case 1:
    return true;
  case 2: { /* direction >= 2, weights off coordinate 1 are 1 and 2 */
    if (d == E1) return false;
    int wa = __builtin_popcount(q.a & ~E1), wb = __builtin_popcount(q.b & ~E1);
    return (wa == 1 && wb == 2) || (wa == 2 && wb == 1);
  }
  default: { /* {e_i, e_i + e_j}, i != j, i, j >= 4 (bits 3..) */
    const uint32_t low = 0x7u; /* coordinates 1, 2, 3 */
    if ((q.a | q.b) & low) return false;
    int wa = __builtin_popcount(q.a), wb = __builtin_popcount(q.b);
    return (wa == 1 && wb == 2) || (wa == 2 && wb == 1);
  }
  }
}

size_t cubesym_break(CubesatCnf *cnf, int depth) {
  g_assert(cnf->masks != NULL && depth >= 0 && depth <= 3);
  size_t added = 0;
  int n = cnf->n;
  uint32_t nv = 1u << n;
  for (int i = 1; i <= depth; i++) {
    VPair p;
    if (!cubesym_anchor(n, i, &p)) break;
    int xp = cubesat_var_of_pair(cnf, p.a, p.b);
    g_assert(xp > 0); /* an edge: every encoding has it */
    for (uint32_t a = 0; a < nv; a++)
      for (int c = 0; c < n; c++) {
        uint32_t b = a ^ (1u << c);
        if (b < a) continue;
        VPair q = {a, b};
        if (!cubesym_in_orbit(n, i, q)) continue;
        int xq = cubesat_var_of_pair(cnf, a, b);
        if (xq == 0 || xq == xp) continue;
        cubesat_add_clause(cnf, (int[]){xp, -xq}, 2);
        added++;
      }
  }
  return added;
}

/* ---- 2. invariant pairings ----------------------------------------------- */

GArray *cubesym_parse_gens(const char *text, int n, GError **err) {
  GArray *gens = g_array_new(FALSE, TRUE, sizeof(CubesymGen));
  g_auto(GStrv) items = g_strsplit_set(text, " \t\n", -1);
  for (int i = 0; items[i]; i++) {
    const char *s = items[i];
    if (*s == '\0') continue;
    CubesymGen g = {{0}, 0};
    for (int c = 0; c < n; c++) g.perm[c] = (uint8_t)c;
    if (g_str_has_prefix(s, "t=")) {
      const char *v = s + 2;
      if ((int)strlen(v) != n || strspn(v, "01") != (size_t)n) goto bad;
      for (int c = 0; c < n; c++)
        if (v[c] == '1') g.t |= 1u << c;
    } else if (g_str_has_prefix(s, "p=")) {
      g_auto(GStrv) im = g_strsplit(s + 2, ",", -1);
      if ((int)g_strv_length(im) != n) goto bad;
      uint32_t seen = 0;
      for (int c = 0; c < n; c++) {
        char *end;
        long x = strtol(im[c], &end, 10);
        if (*im[c] == '\0' || *end || x < 1 || x > n || (seen >> (x - 1) & 1)) goto bad;
        seen |= 1u << (x - 1);
        g.perm[c] = (uint8_t)(x - 1);
      }
    } else {
      goto bad;
    }
    g_array_append_val(gens, g);
    continue;
  bad:
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT,
                "generator '%s' is neither t=<%d bits> nor p=<a permutation of 1..%d>", s, n, n);
    g_array_free(gens, TRUE);
    return NULL;
  }
  return gens;
}

/* union-find with the least index as root, so that roots are orbit minima */
static uint32_t uf_find(uint32_t *p, uint32_t x) {
  while (p[x] != x) {
    p[x] = p[p[x]];
    x = p[x];
  }
  return x;
}
static void uf_union(uint32_t *p, uint32_t a, uint32_t b) {
  a = uf_find(p, a);
  b = uf_find(p, b);
  if (a < b) p[b] = a;
  else if (b < a) p[a] = b;
}

static uint32_t perm_mask(const CubesymGen *g, int n, uint32_t m) {
  uint32_t r = 0;
  for (int i = 0; i < n; i++)
    if (m >> i & 1) r |= 1u << g->perm[i];
  return r;
}
/* the bits of v outside A, packed (bit order kept) */
static uint32_t pack(uint32_t v, uint32_t A, int n) {
  uint32_t r = 0;
  int j = 0;
  for (int i = 0; i < n; i++)
    if (!(A >> i & 1)) r |= (v >> i & 1) << j++;
  return r;
}
static uint32_t unpack(uint32_t c, uint32_t A, int n) {
  uint32_t r = 0;
  int j = 0;
  for (int i = 0; i < n; i++)
    if (!(A >> i & 1)) r |= (c >> j++ & 1) << i;
  return r;
}

enum { UF_LIMIT = 1 << 26 };

static inline uint32_t pair_id(const CubesymInvariant *inv, uint32_t a, uint32_t b) {
  uint32_t lo = MIN(a, b);
  return lo * (uint32_t)inv->nmasks + (uint32_t)inv->mask_rank[a ^ b];
}

static int cmp_int(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

CubesymInvariant *cubesym_invariant_encode(int n, int k, int maxdist, const CubesymGen *gens,
                                           int ngens, GError **err) {
  if (n < 1 || n > CUBESYM_MAX_N || k < 1 || k > n || maxdist < 1 || ngens < 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE,
                "need 1 <= k <= n <= %d and maxdist >= 1", CUBESYM_MAX_N);
    return NULL;
  }
  const uint32_t nv = 1u << n;
  for (int g = 0; g < ngens; g++) {
    uint32_t seen = 0;
    for (int c = 0; c < n; c++) seen |= 1u << gens[g].perm[c];
    if (seen != nv - 1 || gens[g].t >= nv) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID,
                  "generator %d is not an automorphism of Q_%d", g + 1, n);
      return NULL;
    }
  }
  int maxd = MIN(k, maxdist);
  int64_t nmasks = 0, ncomb = 1;
  for (int w = 1; w <= maxd; w++) {
    ncomb = ncomb * (n - w + 1) / w;
    nmasks += ncomb;
  }
  int64_t nk = 1;
  for (int w = 1; w <= k; w++) nk = nk * (n - w + 1) / w;
  if ((int64_t)nv * nmasks > UF_LIMIT || nk * (int64_t)(nv >> k) > UF_LIMIT) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE,
                "Q(%d,%d) with pairs up to distance %d is too large for the orbit tables", n, k,
                maxd);
    return NULL;
  }

  CubesymInvariant *inv = g_new0(CubesymInvariant, 1);
  inv->n = n;
  inv->k = k;
  inv->maxdist = maxd;
  inv->nmasks = (int)nmasks;
  inv->mask_rank = g_new(int, nv);
  uint32_t *masks = inv->masks = g_new(uint32_t, nmasks);
  for (uint32_t d = 0, r = 0; d < nv; d++) {
    int w = __builtin_popcount(d);
    inv->mask_rank[d] = w >= 1 && w <= maxd ? (int)r : -1;
    if (w >= 1 && w <= maxd) masks[r++] = d;
  }

  /* orbits of pairs */
  const uint32_t npid = nv * (uint32_t)nmasks;
  uint32_t *uf = g_new(uint32_t, npid);
  for (uint32_t i = 0; i < npid; i++) uf[i] = i;
  for (uint32_t a = 0; a < nv; a++)
    for (int r = 0; r < nmasks; r++) {
      uint32_t b = a ^ masks[r];
      if (b < a) continue;
      for (int g = 0; g < ngens; g++)
        uf_union(uf, pair_id(inv, a, b),
                 pair_id(inv, cubesym_apply(&gens[g], n, a), cubesym_apply(&gens[g], n, b)));
    }
  inv->orbit_of = g_new0(int, npid);
  int norb = 0;
  for (uint32_t a = 0; a < nv; a++)
    for (int r = 0; r < nmasks; r++) {
      uint32_t b = a ^ masks[r];
      if (b < a) continue;
      uint32_t id = pair_id(inv, a, b), root = uf_find(uf, id);
      if (root == id) inv->orbit_of[id] = ++norb;
      else inv->orbit_of[id] = inv->orbit_of[root];
    }
  g_free(uf);
  inv->norbits = norb;

  CubesatCnf *cnf = cubesat_cnf_new();
  cnf->nvars = norb;
  inv->cnf = cnf;

  /* admissibility: an orbit with two pairs at one vertex */
  bool *bad = g_new0(bool, (size_t)norb + 1);
  int *at = g_new(int, nmasks);
  for (uint32_t v = 0; v < nv; v++) {
    for (int r = 0; r < nmasks; r++) at[r] = inv->orbit_of[pair_id(inv, v, v ^ masks[r])];
    qsort(at, (size_t)nmasks, sizeof(int), cmp_int);
    for (int r = 1; r < nmasks; r++)
      if (at[r] == at[r - 1]) bad[at[r]] = true;
  }
  for (int o = 1; o <= norb; o++)
    if (bad[o]) {
      cubesat_add_clause(cnf, (int[]){-o}, 1);
      inv->inadmissible++;
    }

  /* at most one admissible orbit through each vertex-orbit representative */
  uint32_t *vuf = g_new(uint32_t, nv);
  for (uint32_t v = 0; v < nv; v++) vuf[v] = v;
  for (uint32_t v = 0; v < nv; v++)
    for (int g = 0; g < ngens; g++) uf_union(vuf, v, cubesym_apply(&gens[g], n, v));
  for (uint32_t v = 0; v < nv; v++) {
    if (uf_find(vuf, v) != v) continue;
    inv->vertex_orbits++;
    int m = 0;
    for (int r = 0; r < nmasks; r++) {
      int o = inv->orbit_of[pair_id(inv, v, v ^ masks[r])];
      if (!bad[o]) at[m++] = o;
    }
    qsort(at, (size_t)m, sizeof(int), cmp_int); /* distinct: admissible orbits meet v once */
    cubesat_amo(cnf, at, (size_t)m);
  }
  g_free(vuf);
  g_free(at);
  cnf->amo_clauses = cnf->nclauses;

  /* one clause per orbit of k-subcubes: ids rank(A) 2^(n-k) + packed fixing */
  uint32_t *stars = g_new(uint32_t, nk);
  int *srank = g_new(int, nv);
  int ns = 0;
  for (uint32_t A = 0; A < nv; A++) {
    srank[A] = -1;
    if (__builtin_popcount(A) == k) {
      srank[A] = ns;
      stars[ns++] = A;
    }
  }
  const uint32_t nfix = nv >> k, nsid = (uint32_t)ns * nfix;
  uint32_t *suf = g_new(uint32_t, nsid);
  for (uint32_t i = 0; i < nsid; i++) suf[i] = i;
  for (int s = 0; s < ns; s++)
    for (int g = 0; g < ngens; g++) {
      uint32_t A = stars[s], A2 = perm_mask(&gens[g], n, A);
      for (uint32_t c = 0; c < nfix; c++) {
        uint32_t v = unpack(c, A, n), v2 = cubesym_apply(&gens[g], n, v) & ~A2;
        uf_union(suf, (uint32_t)s * nfix + c, (uint32_t)srank[A2] * nfix + pack(v2, A2, n));
      }
    }
  GArray *cl = g_array_new(FALSE, FALSE, sizeof(int));
  for (int s = 0; s < ns; s++) {
    uint32_t A = stars[s];
    for (uint32_t c = 0; c < nfix; c++) {
      uint32_t id = (uint32_t)s * nfix + c;
      if (uf_find(suf, id) != id) continue;
      inv->subcube_orbits++;
      uint32_t v = unpack(c, A, n);
      g_array_set_size(cl, 0);
      for (int r = 0; r < nmasks; r++) {
        uint32_t d = masks[r];
        if (d & ~A) continue;
        uint32_t sub = A;
        for (;;) { /* every a in the subcube; each unordered pair once (a < b) */
          uint32_t a = v | sub, b = a ^ d;
          if (a < b) {
            int o = inv->orbit_of[pair_id(inv, a, b)];
            if (!bad[o]) g_array_append_val(cl, o);
          }
          if (sub == 0) break;
          sub = (sub - 1) & A;
        }
      }
      g_array_sort(cl, cmp_int);
      guint w = 0;
      for (guint i = 0; i < cl->len; i++)
        if (w == 0 || g_array_index(cl, int, i) != g_array_index(cl, int, w - 1))
          g_array_index(cl, int, w++) = g_array_index(cl, int, i);
      g_array_set_size(cl, w);
      /* an empty clause is a legitimate answer: no invariant pairing */
      cubesat_add_clause(cnf, (const int *)cl->data, cl->len);
    }
  }
  cnf->block_clauses = cnf->nclauses - cnf->amo_clauses;
  g_array_free(cl, TRUE);
  g_free(suf);
  g_free(srank);
  g_free(stars);
  g_free(bad);
  return inv;
}

static int cmp_pair(const void *x, const void *y) {
  const VPair *p = x, *q = y;
  if (p->a != q->a) return p->a < q->a ? -1 : 1;
  return (p->b > q->b) - (p->b < q->b);
}

GArray *cubesym_invariant_expand(const CubesymInvariant *inv, const uint8_t *model) {
  GArray *out = g_array_new(FALSE, FALSE, sizeof(VPair));
  uint32_t nv = 1u << inv->n;
  for (uint32_t a = 0; a < nv; a++)
    for (int r = 0; r < inv->nmasks; r++) {
      uint32_t b = a ^ inv->masks[r];
      if (b < a) continue;
      if (model[inv->orbit_of[pair_id(inv, a, b)]]) {
        VPair p = {a, b};
        g_array_append_val(out, p);
      }
    }
  g_array_sort(out, cmp_pair);
  return out;
}

GArray *cubesym_invariant_reps(const CubesymInvariant *inv, const uint8_t *model) {
  GArray *pairs = cubesym_invariant_expand(inv, model); /* sorted by (a, b) */
  GArray *out = g_array_new(FALSE, FALSE, sizeof(CubesymRep));
  int *slot = g_new(int, (size_t)inv->norbits + 1); /* orbit -> index in out, or -1 */
  for (int o = 0; o <= inv->norbits; o++) slot[o] = -1;
  for (guint i = 0; i < pairs->len; i++) {
    VPair p = g_array_index(pairs, VPair, i);
    int o = inv->orbit_of[pair_id(inv, p.a, p.b)];
    if (slot[o] < 0) { /* the first, hence least, pair of its orbit */
      slot[o] = (int)out->len;
      CubesymRep r = {p, 0};
      g_array_append_val(out, r);
    }
    g_array_index(out, CubesymRep, slot[o]).size++;
  }
  g_free(slot);
  g_array_free(pairs, TRUE);
  return out;
}

/* ---- the order of a generated group ------------------------------------- */

/* a group element v -> pi(v) XOR t as a hashable key: n permutation bytes, t */
typedef struct {
  uint8_t perm[CUBESYM_MAX_N];
  uint32_t t;
} GroupElt;

static guint elt_hash(gconstpointer p) {
  const GroupElt *e = p;
  guint h = e->t * 2654435761u;
  for (int i = 0; i < CUBESYM_MAX_N; i++) h = h * 31u + e->perm[i];
  return h;
}
static gboolean elt_equal(gconstpointer x, gconstpointer y) {
  return memcmp(x, y, sizeof(GroupElt)) == 0;
}

uint64_t cubesym_group_order(int n, const CubesymGen *gens, int ngens, uint64_t limit) {
  g_assert(n >= 1 && n <= CUBESYM_MAX_N && ngens >= 0);
  GHashTable *seen = g_hash_table_new_full(elt_hash, elt_equal, g_free, NULL);
  GPtrArray *queue = g_ptr_array_new();
  GroupElt *id = g_new0(GroupElt, 1);
  for (int i = 0; i < n; i++) id->perm[i] = (uint8_t)i;
  g_hash_table_add(seen, id);
  g_ptr_array_add(queue, id);
  bool over = false;
  /* every element is a product of generators: extend each found element by
   * each generator, h = g o e: v -> pi_g(pi_e(v) ^ t_e) ^ t_g */
  for (guint q = 0; q < queue->len && !over; q++) {
    const GroupElt *e = g_ptr_array_index(queue, q);
    for (int g = 0; g < ngens && !over; g++) {
      GroupElt *h = g_new0(GroupElt, 1);
      for (int i = 0; i < n; i++) h->perm[i] = gens[g].perm[e->perm[i]];
      h->t = cubesym_apply(&gens[g], n, e->t);
      if (g_hash_table_contains(seen, h)) {
        g_free(h);
        continue;
      }
      g_hash_table_add(seen, h);
      g_ptr_array_add(queue, h);
      over = g_hash_table_size(seen) > limit;
    }
  }
  uint64_t order = over ? 0 : g_hash_table_size(seen);
  g_ptr_array_free(queue, TRUE);
  g_hash_table_destroy(seen);
  return order;
}

void cubesym_invariant_free(CubesymInvariant *inv) {
  if (inv == NULL) return;
  cubesat_cnf_free(inv->cnf);
  g_free(inv->orbit_of);
  g_free(inv->mask_rank);
  g_free(inv->masks);
  g_free(inv);
}

/* ---- named groups ------------------------------------------------------- */

/* n = 2^m coordinates indexed by x in F_2^m (coordinate x+1 = bit x):
 * translations by the affine functions (RM(1,m)), and x -> a x in GF(2^m) */
static void gens_rm1_singer(int n, GArray *out) {
  int m = 0;
  while ((1 << m) < n) m++;
  /* primitive polynomials x^2+x+1, x^3+x+1, x^4+x+1 */
  const uint32_t poly = m == 2 ? 0x7 : m == 3 ? 0xB : 0x13;
  CubesymGen g = {{0}, 0};
  for (int i = 0; i <= m; i++) { /* the m coordinate functions and the constant 1 */
    g.t = 0;
    for (int x = 0; x < n; x++) g.perm[x] = (uint8_t)x;
    for (int x = 0; x < n; x++)
      if (i == m || (x >> i & 1)) g.t |= 1u << x;
    g_array_append_val(out, g);
  }
  g.t = 0;
  for (int x = 0; x < n; x++) {
    uint32_t y = (uint32_t)x << 1;
    if (y >> m & 1) y ^= poly;
    g.perm[x] = (uint8_t)y;
  }
  g_array_append_val(out, g);
}

/* the cyclic shift of the coordinates, as in the paper's strategy (3) */
static void gens_cyclic(int n, GArray *out) {
  CubesymGen g = {{0}, 0};
  for (int i = 0; i < n; i++) g.perm[i] = (uint8_t)((i + 1) % n);
  g_array_append_val(out, g);
}

/* the complement v -> v XOR 1...1 */
static void gen_complement(int n, GArray *out) {
  CubesymGen g = {{0}, (1u << n) - 1};
  for (int i = 0; i < n; i++) g.perm[i] = (uint8_t)i;
  g_array_append_val(out, g);
}
static void gens_cyclic_compl(int n, GArray *out) {
  gens_cyclic(n, out);
  gen_complement(n, out);
}
/* coordinates 1..11 as Z_11 with x -> x+1 and x -> 3x (a group of order 55),
 * the remaining coordinates fixed, and the complement */
static void gens_z11_compl(int n, GArray *out) {
  CubesymGen g = {{0}, 0}, h = {{0}, 0};
  for (int i = 0; i < n; i++) {
    g.perm[i] = (uint8_t)(i < 11 ? (i + 1) % 11 : i);
    h.perm[i] = (uint8_t)(i < 11 ? (3 * i) % 11 : i);
  }
  g_array_append_val(out, g);
  g_array_append_val(out, h);
  gen_complement(n, out);
}

GArray *cubesym_named_group(const char *name, int n, GError **err) {
  bool pow2 = n >= 4 && n <= 16 && (n & (n - 1)) == 0;
  GArray *out = g_array_new(FALSE, TRUE, sizeof(CubesymGen));
  if (n >= 2 && n <= CUBESYM_MAX_N && strcmp(name, "cyclic") == 0) gens_cyclic(n, out);
  else if (n >= 2 && n <= CUBESYM_MAX_N && strcmp(name, "cyclic+compl") == 0) gens_cyclic_compl(n, out);
  else if (n >= 11 && n <= CUBESYM_MAX_N && strcmp(name, "z11+compl") == 0) gens_z11_compl(n, out);
  else if (pow2 && strcmp(name, "rm1+singer") == 0) gens_rm1_singer(n, out);
  else {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE,
                "no group '%s' on Q_%d (cyclic, cyclic+compl: n >= 2; z11+compl: n >= 11; "
                "rm1+singer: n = 4, 8, 16)", name, n);
    g_array_free(out, TRUE);
    return NULL;
  }
  return out;
}
