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
 *   or -1.  Deterministic; no global state (igraph is used from one thread
 *   at a time by the caller).
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
  uint32_t **perm;    /* order arrays of nv images */
  uint32_t *inverse;  /* order entries */
  GHashTable *index;  /* image array -> element + 1 */
} MbGroup;

MbGroup *mb_group_new(const Hypergraph *h, uint32_t limit, GError **err);
MbGroup *mb_group_identity(uint32_t nv);
void mb_group_free(MbGroup *g);
int64_t mb_group_find(const MbGroup *g, const uint32_t *perm);

#endif
