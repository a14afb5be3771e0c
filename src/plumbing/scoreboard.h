/* scoreboard.h — the comparison of computed results with published values.
 *
 * Contract (the formats are those of DESIGN.md).
 *   Expected files  <dir>/<experiment>.tsv: header "claim key value source profile".
 *   Result files    <dir>/<experiment>.tsv: header "claim key value".
 *   The experiment name "paper-group" is computed by experiments/paper/group.c.
 *   sb_build() scores every expected row, in file-name then row order:
 *     skipped     profile "full" and the run is quick (never in a full run);
 *     reproduced  the result row exists and its value equals the published one;
 *     reconstructed  equal too, but the row is listed in the readings table:
 *                 the value was computed under a reading of an ambiguous or
 *                 missing definition chosen here (the reading is stated beside
 *                 it in the report).  Like documented, it does not fail a run;
 *     documented  it differs, and expected/NOTES.md has a "## <claim>" heading;
 *     differs     it differs, no note;
 *     missing     no result row (or no result file);
 *     open        the computed value is "open@B" (B a decimal count): the
 *                 search ran out of its budget B before deciding (the
 *                 games atlas); neither equal nor different, and no failure.
 *   Then every result row whose claim has no expected row at all is a new
 *   result: status "beyond", expected "-" (status "open" if its value is
 *   "open@B").  Such a claim must name its
 *   independent check in a row with key "check"; if it has none, one extra row
 *   (claim, check, "-", "-", missing) is added.  A claim several result
 *   files compute gets one "check" row: the first, its value the union of
 *   the files' checks ('+'-separated, each once), missing if one file lacks
 *   its check.
 *   Values are equal when both are rationals ("a" or "a/b") of the same value,
 *   or otherwise the same string.
 *   Malformed files (bad header, wrong column count, duplicate claim+key, bad
 *   profile word) are errors reported through GError, never guessed around.
 *   sb_failures() counts differs + missing rows: the pipeline fails iff > 0.
 *
 *   Readings file (expected/readings.tab): header "claim key reading", one row
 *   per value that rests on a chosen reading; key "*" stands for every key of
 *   the claim.  sb_read_readings() returns "claim\tkey" -> reading; a missing
 *   file is no readings, a malformed one an error.
 */
#ifndef SCOREBOARD_H
#define SCOREBOARD_H

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

typedef enum {
  ST_REPRODUCED,
  ST_DIFFERS,
  ST_MISSING,
  ST_DOCUMENTED,
  ST_BEYOND,
  ST_SKIPPED,
  ST_RECONSTRUCTED,
  ST_OPEN,
  ST_COUNT
} Status;

typedef struct {
  char *claim, *key, *expected, *got, *source, *experiment;
  Status status;
} ScoreRow;

typedef struct {
  GPtrArray *rows; /* ScoreRow* */
} Scoreboard;

const char *sb_status_name(Status s);
bool sb_status_parse(const char *name, Status *out);
bool sb_values_equal(const char *a, const char *b);
/* true iff v is "open@B", B a decimal integer >= 1 without sign or leading zero */
bool sb_value_open(const char *v);

/* Reads a TSV file with the given header (tab-separated column names); each
 * row becomes a NULL-terminated gchar** of exactly that many columns. */
GPtrArray *sb_read_tsv(const char *path, const char *header, GError **err);
/* claim ids named in "## " headings of the notes file (missing file = none) */
GHashTable *sb_read_notes(const char *path, GError **err);
/* the readings table (see above); missing file = empty table */
GHashTable *sb_read_readings(const char *path, GError **err);
/* the reading under which CLAIM KEY is compared, or NULL */
const char *sb_reading(GHashTable *readings, const char *claim, const char *key);

Scoreboard *sb_build(const char *expected_dir, const char *results_dir, GHashTable *notes,
                     GHashTable *readings, bool quick, GError **err);
Scoreboard *sb_load(const char *scoreboard_tsv, GError **err);
void sb_free(Scoreboard *sb);
bool sb_write_tsv(const Scoreboard *sb, const char *path, GError **err);
/* longtable rows for the report: claim & key & published & ours &
 * \status<name>{} & source & \computedby{experiment file} \\ (the report
 * defines \computedby to print the file with its commit and stale flag) */
bool sb_write_tex(const Scoreboard *sb, const char *path, GError **err);
size_t sb_count(const Scoreboard *sb, Status s);
size_t sb_failures(const Scoreboard *sb);
void sb_print_summary(const Scoreboard *sb, FILE *f);

#endif
