/* compare — the comparison step of the pipeline.
 *
 *   compare --expected DIR --results DIR --notes FILE [--readings FILE]
 *           --profile quick|full --out scoreboard.tsv [--tex scoreboard.tex]
 *       scores every published value (see src/plumbing/scoreboard.h), writes the
 *       scoreboard, prints a short summary; exit 1 if any row is differs or
 *       missing, 2 on bad arguments or malformed input, else 0.  A value equal
 *       to the published one only under a reading listed in --readings
 *       (expected/readings.tab) is `reconstructed`; like `documented`, it
 *       does not fail the run.
 *   compare --gate scoreboard.tsv
 *       re-reads a written scoreboard, prints the summary, same exit codes
 *       (lets `make reproduce` fail on an up-to-date but failing scoreboard).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/scoreboard.h"

static char *o_expected, *o_results, *o_notes, *o_readings, *o_profile, *o_out, *o_tex, *o_gate;

static int fail_input(const GError *e) {
  fprintf(stderr, "compare: %s\n", e->message);
  return 2;
}

int main(int argc, char **argv) {
  GOptionEntry entries[] = {
      {"expected", 0, 0, G_OPTION_ARG_FILENAME, &o_expected, "expected/ directory", "DIR"},
      {"results", 0, 0, G_OPTION_ARG_FILENAME, &o_results, "results directory", "DIR"},
      {"notes", 0, 0, G_OPTION_ARG_FILENAME, &o_notes, "NOTES.md with documented differences", "F"},
      {"readings", 0, 0, G_OPTION_ARG_FILENAME, &o_readings,
       "readings.tab: values compared under a reading chosen here", "F"},
      {"profile", 0, 0, G_OPTION_ARG_STRING, &o_profile, "quick or full", "P"},
      {"out", 0, 0, G_OPTION_ARG_FILENAME, &o_out, "scoreboard.tsv to write", "FILE"},
      {"tex", 0, 0, G_OPTION_ARG_FILENAME, &o_tex, "LaTeX table rows to write", "FILE"},
      {"gate", 0, 0, G_OPTION_ARG_FILENAME, &o_gate, "summarise an existing scoreboard", "FILE"},
      G_OPTION_ENTRY_NULL};
  g_autoptr(GOptionContext) ctx = g_option_context_new(NULL);
  g_option_context_set_summary(ctx, "Compare computed results with the published values.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  g_autoptr(GError) err = NULL;
  if (!g_option_context_parse(ctx, &argc, &argv, &err)) {
    fprintf(stderr, "compare: %s\n", err->message);
    return 2;
  }
  Scoreboard *sb;
  if (o_gate) {
    sb = sb_load(o_gate, &err);
    if (!sb) return fail_input(err);
  } else {
    if (!o_expected || !o_results || !o_out || !o_profile) {
      fprintf(stderr, "compare: --expected, --results, --profile and --out are required\n");
      return 2;
    }
    if (strcmp(o_profile, "quick") != 0 && strcmp(o_profile, "full") != 0) {
      fprintf(stderr, "compare: --profile '%s' is not allowed (allowed: quick, full)\n", o_profile);
      return 2;
    }
    g_autoptr(GHashTable) notes = sb_read_notes(o_notes ? o_notes : "/nonexistent", &err);
    if (!notes) return fail_input(err);
    g_autoptr(GHashTable) readings = sb_read_readings(o_readings ? o_readings : "/nonexistent", &err);
    if (!readings) return fail_input(err);
    sb = sb_build(o_expected, o_results, notes, readings, strcmp(o_profile, "quick") == 0, &err);
    if (!sb) return fail_input(err);
    if (!sb_write_tsv(sb, o_out, &err) || (o_tex && !sb_write_tex(sb, o_tex, &err))) {
      sb_free(sb);
      return fail_input(err);
    }
  }
  sb_print_summary(sb, stdout);
  int rc = sb_failures(sb) ? 1 : 0;
  sb_free(sb);
  return rc;
}
