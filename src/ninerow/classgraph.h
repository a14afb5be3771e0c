/* classgraph.h — the structure of a graph of pairings (Győrffy, London &
 * Makay §6), computed with igraph where igraph does it well.
 *
 * Contract.
 *   The graph: vertices 0..nv-1, ne undirected edges given as pairs (no
 *   loops, no repeated edges: cg_analyse() checks and refuses them).
 *   cg_analyse() computes
 *     degrees (igraph_degree): min, max, sum and the histogram deg_hist[0..max];
 *     components (igraph_connected_components), listed largest first (ties:
 *       by least vertex) with their size, least vertex and diameter.  A
 *       component of at most CG_SMALL vertices gets igraph_diameter on its
 *       induced subgraph (all-pairs BFS); a larger one the
 *       BoundingDiameters method (Takes & Kosters 2011: lower and upper
 *       bounds on every eccentricity, tightened by each BFS, until the bounds
 *       on the diameter meet — exact) with its own BFS; diam_bfs counts them.
 *       Components above opt->diam_limit vertices (0: no limit) are skipped:
 *       diameter CG_UNKNOWN, hypercube false;
 *     hypercube[i]: component i has 2^d vertices and is isomorphic
 *       (igraph_isomorphic) to the d-cube Q_d, d >= 1;
 *     triangles (igraph_list_triangles), bipartite (igraph_is_bipartite);
 *     holes[k], 3 <= k <= opt->maxhole (<= CG_MAXHOLE): the number of
 *       induced cycles of length k, by a search over induced paths from
 *       each cycle's least vertex (each cycle once; holes[3] are the
 *       triangles again, found independently of igraph); maxhole < 3
 *       disables it; opt->threads split it (plumbing/parfor.h), and it
 *       reports start vertices done to opt->progress (plumbing/progress.h;
 *       NULL: silent).
 *   cg_analyse() returns false (and computes nothing) on a loop, a repeated
 *   edge or a vertex out of range.  Results do not depend on threads.
 *   cg_layout() gives coordinates (Kamada–Kawai from a circle: deterministic)
 *   for the vertices of component i in increasing vertex order, and its
 *   edges in local numbering.
 */
#ifndef CLASSGRAPH_H
#define CLASSGRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include "plumbing/progress.h"

enum { CG_SMALL = 2000, CG_MAXHOLE = 12 };
#define CG_UNKNOWN UINT32_MAX

typedef struct {
  uint32_t nv;
  uint64_t ne;
  uint32_t deg_min, deg_max;
  uint64_t deg_sum;
  uint64_t *deg_hist; /* deg_max + 1 entries */
  uint32_t ncomp;
  uint32_t *comp_size, *comp_least, *comp_diam;
  bool *hypercube;
  uint32_t *membership; /* vertex -> component index in the order above */
  uint64_t diam_bfs;
  uint64_t triangles;
  bool bipartite;
  int maxhole;
  uint64_t holes[CG_MAXHOLE + 1];
} CgStats;

typedef struct {
  int maxhole;          /* induced cycles up to this length; < 3: none */
  int threads;          /* for the induced-cycle search */
  uint32_t diam_limit;  /* 0: every diameter; else components above it are skipped */
  const ProgressSink *progress; /* progress of the induced-cycle search, or NULL */
} CgOptions;
bool cg_analyse(uint32_t nv, const uint32_t *edges, uint64_t ne, const CgOptions *opt, CgStats *st);
void cg_stats_clear(CgStats *st);

/* component comp of st: *n vertices (ascending ids into *verts), xy[2 * n]
 * coordinates, *m edges as local index pairs (ledges[2 * m]); g_free all */
void cg_layout(const CgStats *st, const uint32_t *edges, uint64_t ne, uint32_t comp, uint32_t *n,
               uint32_t **verts, double **xy, uint32_t *m, uint32_t **ledges);

/* the exact diameter of the component of vertex `start`, by
 * BoundingDiameters or (use_ifub) by iFUB (Crescenzi et al. 2013: BFS from
 * the middle of a double sweep, then the eccentricities of its fringe,
 * level by level, until the bounds meet) — two methods for the tests */
uint32_t cg_diameter(uint32_t nv, const uint32_t *edges, uint64_t ne, uint32_t start, bool use_ifub,
                     uint64_t *bfs_runs);

#endif
