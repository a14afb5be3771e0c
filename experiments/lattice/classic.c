/* experiments/lattice/classic.c — LD2, LD3 and LD5's remark: the two classic
 * pairings for the four standard directions S = {(1,0), (0,1), (1,1), (1,-1)}
 * of Z^2.
 *
 * Paper: Kruczek & Sundberg (shared/papers/lattice-many-directions.txt), §1
 * (Beck's 12-in-a-row pairing, Fig. 1) and §3 (the Hales–Jewett 8 x 8
 * assignment, Fig. 2, and "this is by no means a tight bound").
 *
 * LD2.  Beck tiles Z^2 with a 4 x 4 block of directions such that every
 * line mod 4 holds exactly one point of its own direction, and pairs each
 * point with its "sibling" 4 steps along its direction.  Fig. 1 is missing
 * from our copy, so the block is not typed in: lat_assign_enumerate() lists
 * EVERY 4 x 4 assignment with that property (Beck's is one of them), each is
 * checked by lat_assign_ok(), paired by the low/high rule (siblings 4 steps
 * apart, as in Beck) and checked by lat_check() (src/lattice/lattice.h: involution,
 * then every line through one period).  `blocks_12` says all of them block
 * every line of length 12; `assignments` is how many there are, and
 * `least_m_min` / `least_m_max` the range of the least m they block.
 *
 * LD3.  The Hales–Jewett pairing is the object of KR2 (src/ninerow/torus.c,
 * tg_hales_jewett: an 8 x 8 table of partner directions; its Fig. 1 in the
 * nine-in-a-row paper is the same pairing as Fig. 2 here).  It is converted
 * to a displacement field of period 8 x 8 and given to the same checker:
 * `blocks_9` (every line of length 9 holds a pair), `least_m`.
 *
 * LD5 (§3's remark).  `bound_not_tight`: some pairing for these |S| = 4
 * directions blocks a length below 3|S| = 12 — the Hales–Jewett one, by the
 * computed least m.
 * Exit 0 iff every check held.
 */
#include <stdio.h>
#include <string.h>

#include "plumbing/expt.h"
#include "lattice/lattice.h"
#include "ninerow/torus.h"

typedef struct {
  const LatDirs *S;
  uint64_t count;
  bool valid, blocked;
  int min_m, max_m;
} Beck;

static void beck_visit(const LatAssign *A, void *ud) {
  Beck *b = ud;
  LatPairing P;
  LatCheck c;
  bool valid = lat_assign_ok(b->S, A, NULL);
  bool built = lat_pairing_lowhigh(b->S, A, &P);
  bool inv = built && lat_check(b->S, &P, &c, NULL);
  int m = inv ? c.least_m : 0;
  b->count++;
  b->valid &= valid;
  b->blocked &= m != 0 && m <= 12;
  if (b->min_m == 0 || m < b->min_m) b->min_m = m;
  if (m > b->max_m) b->max_m = m;
  if (built) lat_pairing_clear(&P);
}

int main(int argc, char **argv) {
  Expt e;
  expt_parse(&e, &argc, &argv, "lattice-classic",
             "LD2, LD3: Beck's 4x4 and the Hales-Jewett 8x8 pairings.", NULL);
  ResultWriter *w = expt_open_results(&e);
  LatDirs S;
  bool ok = lat_dirs_parse("1,0;0,1;1,1;1,-1", &S, NULL);

  /* LD2 */
  Beck b = {&S, 0, true, true, 0, 0};
  lat_assign_enumerate(&S, beck_visit, &b);
  rw_int(w, "LD2", "assignments", (int64_t)b.count);
  rw_bool(w, "LD2", "assignments_valid", b.valid);
  rw_bool(w, "LD2", "blocks_12", b.blocked && b.count > 0);
  rw_int(w, "LD2", "least_m_min", b.min_m);
  rw_int(w, "LD2", "least_m_max", b.max_m);
  ok &= b.valid && b.blocked && b.count > 0;

  /* LD3: the Hales–Jewett table as a displacement field (x right, y down) */
  TorusGame g;
  tg_init(&g, TG_SQUARE8);
  uint8_t code[64];
  bool parsed = tg_parse(&g, tg_hales_jewett, code);
  LatPairing P;
  LatCheck c = {0};
  lat_pairing_init(&P, 2, (const int[]){8, 8});
  for (int i = 0; parsed && i < 64; i++) {
    P.disp[2 * i] = g.vec[code[i]][0];
    P.disp[2 * i + 1] = g.vec[code[i]][1];
  }
  g_autofree char *why = NULL;
  bool inv = parsed && lat_check(&S, &P, &c, &why);
  if (!inv) fprintf(stderr, "%s: Hales-Jewett: %s\n", e.name, why ? why : "unparsable");
  bool b9 = inv && c.least_m != 0 && c.least_m <= 9;
  rw_bool(w, "LD3", "blocks_9", b9);
  rw_int(w, "LD3", "least_m", inv ? c.least_m : 0);
  rw_int(w, "LD3", "paired_points", c.paired);
  lat_pairing_clear(&P);
  ok &= b9;

  /* LD5, §3 */
  rw_bool(w, "LD5", "bound_not_tight", inv && c.least_m != 0 && c.least_m < 3 * S.n);
  int rc = rw_close(w);
  return rc == 0 && ok ? 0 : 1;
}
