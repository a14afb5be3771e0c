/* latdirs.h — direction sets of lattice tic-tac-toe on Z^d (Kruczek &
 * Sundberg): the winning lines are {p, p+v, ..., p+(m-1)v}, v in S.  Shared
 * by the lattice engine (lattice/lattice.h) and the workbench's board specs
 * (game/boardspec.h).
 *
 * Contract.
 *   LatDirs holds d (1..LAT_MAX_D) and n = |S| vectors
 *   (1..LAT_MAX_S), coordinates |c| <= LAT_MAX_COORD.  A set is VALID when
 *   no vector is zero, every vector is primitive (gcd of its coordinates 1)
 *   and no two vectors are equal or opposite (v and -v give the same lines).
 *   lat_dirs_parse() reads "x,y;x,y;..." (vectors separated by ';' or ' ',
 *   coordinates by ','), checks it, and on failure sets *err (may be NULL)
 *   to one line naming the offending vector and what is wrong, in the
 *   domain PAIRING_ERROR (plumbing/errors.h): _FORMAT for text that is not a
 *   vector list, _RANGE for too many vectors or coordinates, _INVALID for a
 *   set that fails the validity rules (lat_dirs_valid, same codes).
 *   lat_first() is the index of the first nonzero coordinate of v;
 *   lat_gcd() the greatest common divisor of |a| and |b|.
 */
#ifndef GAME_LATDIRS_H
#define GAME_LATDIRS_H

#include <glib.h>
#include <stdbool.h>

enum { LAT_MAX_D = 4, LAT_MAX_S = 16, LAT_MAX_COORD = 1000 };

typedef struct {
  int d, n;
  int v[LAT_MAX_S][LAT_MAX_D];
} LatDirs;

bool lat_dirs_parse(const char *spec, LatDirs *S, GError **err);
bool lat_dirs_valid(const LatDirs *S, GError **err);
char *lat_dirs_to_string(const LatDirs *S); /* "(1,0) (0,1) ..." */
int lat_first(const int *v, int d);
int lat_gcd(int a, int b); /* of |a| and |b|; lat_gcd(0, 0) = 0 */

#endif
