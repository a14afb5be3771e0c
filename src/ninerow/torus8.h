/* torus8.h — the fast enumerator of the good domino pairings of the 8 x 8
 * torus (9-in-a-row), one representative per class under the 512 symmetries.
 *
 * Contract.
 *   Works on a TorusGame made by tg_init(g, TG_SQUARE8) with the whole group
 *   (torus.h: cells, codes, dominoes, group, canonical form).
 *   What is searched.  The good pairings P containing the origin domino
 *   {0, 1} (direction E; a table starting "0 4") and the `fixed` dominoes
 *   (none: all of them).  Every class's canonical form starts with the
 *   origin domino, so every class has its representative among them.
 *   T8_ENGINE searches with bitboards (64-bit cell sets, torus shifts):
 *   unit propagation (a free cell or line with one fitting domino gets it;
 *   with none, the branch ends), then a branch on the cells of row 0 first
 *   and afterwards on a cell or line with two fitting dominoes.  Once row 0
 *   is complete, a branch is cut as soon as some symmetry image of P is
 *   known to have a smaller row 0 (the image's row 0 is the line through a
 *   domino that the symmetry turns into {0, 1}; rows and columns only).  At
 *   a leaf the full canonical test runs: only the 64 elements that move a
 *   domino of P onto {0, 1}, entry by entry, stopping at the first smaller
 *   image.  The tree is cut five placements below the root into tasks,
 *   taken in turn by `threads` workers (plumbing/parfor.h); the tasks done
 *   of this run are reported to progress (plumbing/progress.h; NULL: silent),
 *   whose `what` also labels the resume note.
 *   T8_BASELINE is the paper's method (§4): the table filled cell by cell in
 *   row-major order, every fitting neighbour tried, lines tracked against
 *   overblocking; every pairing found is canonicalised by building the whole
 *   table for each of the 8 point symmetries and each translation giving a
 *   0-4 start, keeping the least; one thread.
 *   T8_COUNT is the engine's search without the row-0 cut and without
 *   canonical tests: it only counts the pairings.
 *   Both ENGINE and BASELINE find the same representatives.
 *   Result: examined = leaves reached (BASELINE, COUNT: every P searched;
 *   ENGINE: those surviving the row-0 cut); third_down = of them, those
 *   whose table entry 2 (cell (2,0)) points down (SE, S or SW); classes =
 *   canonical ones; stab_hist[s] = classes with stabiliser of order s;
 *   orbit_sum = sum over them of 512 / s (with no extra fixed dominoes: the
 *   number of all good pairings).  If keep_reps, reps holds the
 *   representatives sorted ascending (memcmp order), 64 bytes each, and
 *   stab their stabiliser orders.  Output does not depend on threads.
 */
#ifndef TORUS8_H
#define TORUS8_H

#include <stdbool.h>
#include <stdint.h>

#include "ninerow/torus.h"

typedef enum { T8_ENGINE, T8_BASELINE, T8_COUNT } T8Method;

typedef struct {
  uint64_t examined, third_down, classes, orbit_sum, nodes;
  uint64_t stab_hist[513];
  uint8_t *reps;  /* classes * 64 bytes, or NULL */
  uint16_t *stab; /* classes entries, or NULL */
} T8Result;

void t8_enumerate(const TorusGame *g, T8Method method, int threads, const int *fixed, int nfixed,
                  bool keep_reps, const ProgressSink *progress, T8Result *r);
/* The same, resumable (ENGINE and COUNT; BASELINE ignores ck): task i of the
 * frontier is the work unit (stage, i) of checkpoint ck (checkpoint.h; NULL =
 * none).  Each task's counts, stabiliser histogram and representatives are
 * saved as it finishes; tasks an earlier run saved are read back instead of
 * searched ("resuming: K/N tasks" on stderr, after the progress label).  The
 * frontier is a function of (method, fixed) alone, so its indices agree
 * between runs of the same program; the result is the same either way
 * (everything is a sum, and reps are sorted). */
void t8_enumerate_ckpt(const TorusGame *g, T8Method method, int threads, const int *fixed,
                       int nfixed, bool keep_reps, const ProgressSink *progress, Checkpoint *ck,
                       uint32_t stage, T8Result *r);
void t8_result_clear(T8Result *r);
/* A sample to enumerate under: the dominoes of the table `code` (one that
 * starts "0 4", e.g. a canonical form) covering the cells 2..last, in cell
 * order, each once; the origin domino is left out, since every enumeration
 * fixes it.  Writes them to fixed (room for 32) and returns how many. */
int t8_prefix_dominoes(const TorusGame *g, const uint8_t *code, int last, int *fixed);

#endif
