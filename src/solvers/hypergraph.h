/* hypergraph.h — finite hypergraphs: vertices, edges, incidence, bitsets.
 *
 * Contract.
 *   Vertices are 0..nv-1.  Edges are added one at a time as arrays of distinct
 *   vertices (order kept as given; duplicates inside an edge abort).  After
 *   hg_finalize() the hypergraph is immutable and offers:
 *     - edge lists (hg_edge / hg_edge_size), in insertion order;
 *     - incidence lists vertex -> edges (hg_incident / hg_degree), each list in
 *       increasing edge order;
 *     - one bitset per edge over the vertices (hg_edge_bits), built on the
 *       first call (thread-safe; edges x vertices bits, so only for callers
 *       on small hypergraphs: nothing else allocates it, and
 *       hg_has_edge_bits answers through the incidence lists).
 *   Memory and time of building are linear in the incidences (a repeated
 *   vertex in an edge is found by sorting long edges).
 *   Adding edges after finalize, or querying before it, aborts.
 *   hg_refines(a, b): true iff a and b have the same vertices and every
 *   edge of a contains an edge of b (then a Maker who claims an edge of a
 *   has claimed an edge of b: the monotonicity of Maker–Breaker games that
 *   the atlas uses, experiments/games/atlas.c).  Edge bitsets of both are
 *   built; time |E(a)| x |E(b)| x words.
 *   Bitsets: arrays of uint64_t words, bit v of word v/64; the helpers below
 *   work on any bitset of `words` words.  Nothing is global; every function
 *   is reentrant on distinct objects.
 */
#ifndef HYPERGRAPH_H
#define HYPERGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- bitsets ---- */
static inline size_t bs_words(size_t nbits) { return (nbits + 63) / 64; }
static inline void bs_set(uint64_t *b, size_t i) { b[i >> 6] |= UINT64_C(1) << (i & 63); }
static inline void bs_clear(uint64_t *b, size_t i) { b[i >> 6] &= ~(UINT64_C(1) << (i & 63)); }
static inline bool bs_test(const uint64_t *b, size_t i) { return (b[i >> 6] >> (i & 63)) & 1; }
size_t bs_count(const uint64_t *b, size_t words);
size_t bs_and_count(const uint64_t *a, const uint64_t *b, size_t words);
bool bs_subset(const uint64_t *a, const uint64_t *b, size_t words); /* a ⊆ b */

/* ---- hypergraphs ---- */
typedef struct Hypergraph Hypergraph;

Hypergraph *hg_new(size_t nv);
void hg_free(Hypergraph *h);
/* returns the new edge's index */
size_t hg_add_edge(Hypergraph *h, const uint32_t *verts, size_t k);
void hg_finalize(Hypergraph *h);

size_t hg_nv(const Hypergraph *h);
size_t hg_ne(const Hypergraph *h);
const uint32_t *hg_edge(const Hypergraph *h, size_t e);
size_t hg_edge_size(const Hypergraph *h, size_t e);
const uint32_t *hg_incident(const Hypergraph *h, size_t v);
size_t hg_degree(const Hypergraph *h, size_t v);
size_t hg_max_degree(const Hypergraph *h);
const uint64_t *hg_edge_bits(const Hypergraph *h, size_t e);
size_t hg_words(const Hypergraph *h); /* words per vertex bitset */
/* true iff the edge with this vertex set exists (order-insensitive) */
bool hg_has_edge_bits(const Hypergraph *h, const uint64_t *bits);
/* every edge of a contains an edge of b (same vertex count) */
bool hg_refines(const Hypergraph *a, const Hypergraph *b);

#endif
