/* symmetry.h — the automorphism group of a board, computed from its
 * hypergraph, enumerated when it is small.
 *
 * Contract.
 *   mb_group_new(h, limit, &err): the automorphisms of the hypergraph h
 *   (permutations of the cells mapping every winning set onto a winning
 *   set).  They are computed, never written down per board: the cell–set
 *   incidence graph (vertices 0..nv-1 the cells, coloured 0; nv..nv+ne-1 the
 *   sets, coloured 1; an edge per incidence) goes to igraph's
 *   igraph_automorphism_group() (bliss), whose generators, restricted to the
 *   cells, generate the group.  Every generator is checked here to map each
 *   set onto a set (hg_has_edge_bits); a failure is PAIRING_ERROR_INVALID.
 *   The group is then enumerated by closure under the generators, as long
 *   as it has at most `limit` elements: g->order elements, g->perm[i] the
 *   image array of element i (perm[i][c] = image of cell c), sorted
 *   lexicographically (so element 0 is the identity); g->inverse[i] the
 *   index of the inverse.  When the group has more than `limit` elements
 *   g->enumerated is false and g holds the identity alone (order 1): the
 *   caller then works without symmetry and says so.  g->order_log10 is
 *   igraph's group size (as a decimal string, always known).
 *   mb_group_identity(nv): the trivial group (used to switch symmetry off).
 *   mb_group_find(g, perm): the index of the element with this image array,
 *   or -1.  Deterministic; no global state of its own.  igraph keeps
 *   global state, so mb_group_new enters it under a lock: any thread may
 *   call it (the atlas computes groups on several threads at once).
 *
 * Groups of any size, from the generators (g->gen: bliss's generators,
 * kept also when the group is not enumerated; none for mb_group_identity).
 *   mb_group_stab_classes(g, fix, nfix, cells, n, cls, elem): H is the
 *   POINTWISE stabiliser, in the group the generators generate, of the
 *   cells fix[0..nfix-1].  Its generators are computed level by level by
 *   Schreier's lemma: for the orbit of the next fixed point f under the
 *   current generators, with a Schreier tree (u_x an element mapping f to
 *   x, a product of generators along the tree), the elements
 *   u_{s(x)}^-1 s u_x (x in the orbit, s a generator) generate the
 *   stabiliser of f; identities and repeats are dropped.  Then for each
 *   i < n: cls[i] = the least j with cells[j] in the H-orbit of cells[i]
 *   (orbits by a breadth-first search over the generators, i.e. the
 *   union of the generators' cycles), and elem[i] (nv images, the caller
 *   g_free()s it) an element of H mapping cells[cls[i]] to cells[i] (a
 *   product of generators along that search's tree; the identity when
 *   cls[i] == i).  At most MB_STAB_MAX_GENS generators are kept per level:
 *   if more would be needed the function returns true ("partial") and H
 *   is the subgroup they generate, whose orbits are finer (never wrong:
 *   every elem[i] is still an element of the stabiliser).  Otherwise false.
 *   mb_group_add(g, perm): the index of the element perm (an automorphism
 *   the caller computed, e.g. an elem[i] above) among g's elements, adding
 *   it and its inverse after the g->order elements the canonical forms use
 *   when it is not held yet (g->nelem counts all; g->perm, g->inverse and
 *   mb_group_find cover all).  Not thread-safe; the caller adds before its
 *   threads start.
 */
#ifndef GAME_SYMMETRY_H
#define GAME_SYMMETRY_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "solvers/hypergraph.h"

typedef struct {
  uint32_t nv;        /* cells */
  uint32_t order;     /* elements held */
  bool enumerated;    /* false: the group was larger than the limit */
  char *size;         /* the full group's order (decimal, from bliss) */
  uint32_t ngens;
  uint32_t **gen;     /* ngens generators (nv images each) */
  uint32_t nelem;     /* elements held: order, then those added by mb_group_add */
  uint32_t **perm;    /* nelem arrays of nv images */
  uint32_t *inverse;  /* nelem entries */
  GHashTable *index;  /* image array -> element + 1 */
} MbGroup;

MbGroup *mb_group_new(const Hypergraph *h, uint32_t limit, GError **err);
MbGroup *mb_group_identity(uint32_t nv);
void mb_group_free(MbGroup *g);
int64_t mb_group_find(const MbGroup *g, const uint32_t *perm);
enum { MB_STAB_MAX_GENS = 1024 };
bool mb_group_stab_classes(const MbGroup *g, const uint32_t *fix, uint32_t nfix, const uint32_t *cells, uint32_t n,
                           uint32_t *cls, uint32_t **elem);
uint32_t mb_group_add(MbGroup *g, const uint32_t *perm);

#endif
