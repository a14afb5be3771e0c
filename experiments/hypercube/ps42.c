/* experiments/hypercube/ps42.c — HC1: the basic strategy PS(4,2) of §2.
 *
 * Paper: Naimi & Sundberg, "Pairing strategies for the Maker–Breaker game on
 * the hypercube with subcubes as winning sets" (shared/papers/hypercube-subcubes.txt).
 *
 * The object.  PS(4,2) is the paper's list of eight edges of Q4 written as
 * {0,1,*} vectors (§2), and PS_j(4,2) = PS(4,2) + t_j for the translation
 * vectors t_0..t_3 = 0000, 0011, 0101, 0110 (§3, before Theorem 3).  These are
 * inputs, typed as the paper prints them; everything below is checked.
 * The checks, each by direct enumeration (src/hypercube/cube.c), never by the argument
 * of the paper:
 *   - `matching`: the 8 edges of each PS_j are pairwise vertex-disjoint;
 *   - `blocks_all_2subcubes`: each of the 24 2-subcubes of Q4 contains a pair
 *     of each PS_j (brute force over all subcubes);
 *   - `property1`: for all i < j and (b_i, b_j) some vector has b_i at i and b_j
 *     at j (both not stars);
 *   - `property2`: for each coordinate exactly two vectors have a star there,
 *     and they are complements;  both properties are checked for every PS_j;
 *   - `translates_partition`: the four PS_j are pairwise disjoint and their
 *     union is the edge set of Q4, enumerated independently as all vertex
 *     pairs at Hamming distance 1 (32 edges).
 * Printed: those booleans, the sizes, and the edge count of Q4.
 */
#include <stdio.h>
#include <string.h>

#include "hypercube/cube.h"
#include "plumbing/expt.h"

static const char *const ps42[8] = {"(*,0,0,0)", "(0,*,1,0)", "(0,0,*,1)", "(0,1,0,*)",
                                    "(*,1,1,1)", "(1,*,0,1)", "(1,1,*,0)", "(1,0,1,*)"};
static const char *const translations[4] = {"0000", "0011", "0101", "0110"};

static bool property1(const Subcube *v) {
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++)
      for (unsigned bits = 0; bits < 4; bits++) {
        bool found = false;
        for (int e = 0; e < 8 && !found; e++) {
          uint32_t fixed = ~v[e].stars;
          found = ((fixed >> i) & 1) && ((fixed >> j) & 1) &&
                  ((v[e].vals >> i) & 1) == (bits & 1) && ((v[e].vals >> j) & 1) == (bits >> 1);
        }
        if (!found) return false;
      }
  return true;
}

static bool property2(const Subcube *v) {
  for (int j = 0; j < 4; j++) {
    int idx[8], cnt = 0;
    for (int e = 0; e < 8; e++)
      if ((v[e].stars >> j) & 1) idx[cnt++] = e;
    if (cnt != 2) return false;
    const Subcube a = v[idx[0]], b = v[idx[1]];
    if (a.stars != b.stars || (a.vals ^ b.vals) != (0xFu & ~a.stars)) return false;
  }
  return true;
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "hypercube-ps42", "HC1: PS(4,2), Properties 1-2, translates.",
             NULL);
  ResultWriter *w = expt_open_results(&e);

  Subcube ps[4][8];
  VPair pairs[4][8];
  bool matching = true, blocks = true, p1 = true, p2 = true;
  int size = -1;                  /* common number of distinct edges of the PS_j, -1 if unequal */
  uint64_t checked_common = 0;    /* subcubes the brute force examined, the same for every j */
  for (int j = 0; j < 4; j++) {
    Subcube t;
    if (!cube_parse(translations[j], 4, &t)) return 3;
    for (int i = 0; i < 8; i++) {
      Subcube s;
      if (!cube_parse(ps42[i], 4, &s)) return 3;
      ps[j][i] = cube_translate(s, t.vals);
      if (!cube_edge_pair(ps[j][i], &pairs[j][i])) matching = false;
    }
    matching &= cube_is_matching(4, pairs[j], 8);
    Subcube hole;
    uint64_t checked = 0;
    if (!cube_first_unblocked(4, 2, pairs[j], 8, &hole, &checked)) {
      char buf[16];
      cube_format(hole, 4, buf);
      fprintf(stderr, "hypercube-ps42: PS_%d(4,2) leaves %s unblocked\n", j, buf);
      blocks = false;
    }
    if (j == 0) checked_common = checked;
    if (checked != checked_common) checked_common = 0;
    int distinct = 0;
    for (int i = 0; i < 8; i++) {
      bool dup = false;
      for (int h = 0; h < i; h++)
        dup |= ps[j][h].stars == ps[j][i].stars && ps[j][h].vals == ps[j][i].vals;
      distinct += !dup;
    }
    size = j == 0 ? distinct : size == distinct ? size : -1;
    p1 &= property1(ps[j]);
    p2 &= property2(ps[j]);
  }

  /* Edges of Q4, enumerated independently: vertex pairs at Hamming distance 1.
   * Each must lie in exactly one PS_j. */
  int q4_edges = 0;
  bool partition = true;
  for (uint32_t a = 0; a < 16; a++)
    for (uint32_t b = a + 1; b < 16; b++) {
      if (__builtin_popcount(a ^ b) != 1) continue;
      q4_edges++;
      int owners = 0;
      for (int j = 0; j < 4; j++)
        for (int i = 0; i < 8; i++)
          owners += (pairs[j][i].a == a && pairs[j][i].b == b) ||
                    (pairs[j][i].a == b && pairs[j][i].b == a);
      partition &= owners == 1;
    }
  /* every listed edge is an edge of Q4 (dimension 1); owners == 1 everywhere and
   * no surplus entries make the four lists a partition of E(Q4). */
  partition &= size >= 0 && 4 * size == q4_edges;
  /* the brute force must have seen all C(4,2) * 2^2 two-dimensional subcubes */
  bool all_seen = checked_common == 6 * 4;

  rw_int(w, "HC1", "edges_per_strategy", size);
  rw_bool(w, "HC1", "matching", matching);
  rw_bool(w, "HC1", "blocks_all_2subcubes", blocks);
  rw_int(w, "HC1", "subcubes_checked_per_strategy", all_seen ? (int64_t)checked_common : -1);
  rw_bool(w, "HC1", "property1", p1);
  rw_bool(w, "HC1", "property2", p2);
  rw_int(w, "HC1", "edges_Q4", q4_edges);
  rw_bool(w, "HC1", "translates_partition", partition);
  if (rw_close(w) != 0) return 3;
  return matching && blocks && p1 && p2 && partition && all_seen ? 0 : 1;
}
