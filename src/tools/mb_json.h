/* mb_json.h — makerbreaker's --json output (json-glib): one JSON object per
 * run on standard output, in the schema of `makerbreaker help json`
 * (man/makerbreaker.1 says the same).  Each function writes the object and a newline to
 * f and returns false on a write error.  Keys come in a fixed order, so the
 * same run gives the same bytes (solve's "seconds" aside).
 */
#ifndef TOOLS_MB_JSON_H
#define TOOLS_MB_JSON_H

#include <stdbool.h>
#include <stdio.h>

#include "game/boardinfo.h"
#include "game/boardspec.h"
#include "solve/certcheck.h"
#include "game/pairing.h"
#include "solve/solver.h"

extern const char MB_HELP_JSON[];

bool mbj_info(FILE *f, const MbBoard *b, const MbPosition *pos, const MbSurvivors *s, const MbInfo *in);
/* r = NULL when Maker has already won (no search) */
bool mbj_pairing(FILE *f, const MbBoard *b, const MbPosition *pos, const MbSurvivors *s, const char *kind,
                 const MbResult *r);
bool mbj_solve(FILE *f, const MbBoard *b, const MbPosition *pos, const MbSolveResult *r, const char *interrupted);
/* why: the reason when res is CC_INVALID */
bool mbj_check(FILE *f, const char *board, const char *cert, CcResult res, const CcReport *rep, const char *why);

#endif
