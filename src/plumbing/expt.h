/* expt.h — the command line every experiment shares.
 *
 * Contract.
 *   expt_parse() parses argv with GOption: the common options
 *     --profile quick|full   (default full)
 *     --threads N            (1..64, default 1)
 *     --out FILE             (result file; default "-" = stdout)
 *   plus the experiment's own entries (may be NULL).  Every G_OPTION_ARG_INT
 *   and G_OPTION_ARG_INT64 entry is parsed by input.h's in_int64 (decimal,
 *   optional sign, no blanks, no "0x", no octal), never by GOption's own
 *   base-0 strtol: "--threads 0x10", "--threads ' 2'" are bad arguments, and
 *   "010" is ten.  A G_OPTION_ARG_FILENAME entry given as '' (or, when its
 *   arg_description is "PREFIX", ending in '/') is a bad argument.  --help prints the
 *   summary (the experiment's description) and exits 0.
 *   On any bad argument it prints ONE line "NAME: <what is wrong>" on stderr and
 *   exits with status 2, before anything is written.  Experiments check their own
 *   ranges after expt_parse() with expt_check_range(), which behaves the same.
 *   --out is validated as it is parsed (out_check: not empty, not a directory,
 *   its directory writable; exit 2).  expt_parse sets g_set_prgname(NAME).
 *   expt_open_results() opens the result writer on --out (only call it after all
 *   arguments are validated); rw_close() reports write errors (exit 3).  Progress lines on stderr are
 *   plumbing/progress.h's (Progress, progress_stderr).
 *   MPI (campaign.h): expt_parse() first calls campaign_init(), so a build
 *   with MPI starts it and a build without refuses to run as several ranks.
 *   On the worker ranks (campaign_rank() > 0) every file opened here
 *   (results, figure data, files opened during the run) is /dev/null and
 *   expt_checkpoint() returns NULL once rank 0 has opened the checkpoint
 *   (if rank 0 cannot, every rank exits 2 and rank 0 says why).
 *   Exit status convention (also relied on by the Makefile): 0 = every check
 *   held; 1 = the results were written but some check failed; 2 = bad
 *   arguments; 3 = an output could not be written; anything else = crash.
 */
#ifndef EXPT_H
#define EXPT_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "plumbing/checkpoint.h"
#include "plumbing/result.h"

typedef enum { PROFILE_QUICK, PROFILE_FULL } Profile;

typedef struct {
  const char *name;  /* program name used in messages */
  Profile profile;
  int threads;
  const char *out;
} Expt;

void expt_parse(Expt *e, int *argc, char ***argv, const char *name, const char *summary,
                const GOptionEntry *own);
void expt_check_range(const Expt *e, const char *option, long value, long lo, long hi);
/* An option's value: `given` if the user set it, else the profile's default.
 * "Not set" is the sentinel the option variable starts at: G_MININT for
 * expt_default, G_MININT64 for expt_default64. */
int expt_default(const Expt *e, int given, int full, int quick);
int64_t expt_default64(const Expt *e, int64_t given, int64_t full, int64_t quick);
ResultWriter *expt_open_results(const Expt *e);
/* a figure-data file for writing (output.h's out_open: a regular target is
 * replaced atomically when expt_close_file commits it, a device or FIFO is
 * written in place): NULL when path is NULL; when the path cannot be
 * written, one line "NAME: ..." and exit 2 (call it before computing, so that
 * nothing is written).  expt_close_file() commits it; any write error then
 * is one line "NAME: cannot write PATH: ..." and exit 3. */
FILE *expt_open_figdata(const Expt *e, const char *path);
/* an output file opened while the run is under way (a certificate written
 * as soon as it is found, in a directory checked before computing with
 * expt_check_outdir): the same as expt_open_figdata, except that a path that
 * cannot be opened now is a write error: one line "NAME: cannot write PATH:
 * ..." and exit 3.  Close it with expt_close_file: until then it is a
 * temporary file beside PATH, so an error or a kill never leaves a partial
 * PATH. */
FILE *expt_open_file(const Expt *e, const char *path);
void expt_close_file(const Expt *e, FILE *f);
/* Validate an output path / directory given by OPTION before computing
 * (output.h's out_check / out_check_dir): one line naming the option, exit 2. */
void expt_check_output(const Expt *e, const char *option, const char *path);
void expt_check_outdir(const Expt *e, const char *option, const char *dir);
/* A directory for certificates (--certs DIR): created (one level, as mkdir
 * does) when it is missing and its parent is an existing directory; an
 * empty name, a missing parent ("no/such/dir" is never created as a tree)
 * or a directory that cannot be written: one line naming the option, exit 2. */
void expt_certs_dir(const Expt *e, const char *option, const char *dir);

/* Resumable experiments (checkpoint.h) add these two options to their own:
 *   --checkpoint FILE   save finished work units to FILE, resume from it
 *   --stop-after N      test aid: stop as if killed after N units are saved
 * and then call expt_checkpoint(), after every other argument is validated
 * and before expt_open_results().  It returns NULL when --checkpoint is
 * absent (no checkpointing, behaviour unchanged).  The identity is NAME, the
 * profile, `args` (the options that change the results; may be NULL) and the
 * program's fingerprint, so a checkpoint of another profile or build is
 * ignored.  A negative --stop-after, --stop-after without --checkpoint, or a
 * --checkpoint whose directory cannot be written: one line naming the option,
 * exit 2, nothing written.  Close it with ckpt_finish() once the results are
 * written (the file is removed), else ckpt_close(). */
#define EXPT_CHECKPOINT_OPTIONS(path_var, stop_var)                                       \
  {"checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &(path_var),                             \
   "save finished work units to FILE and resume from them after an interruption "      \
   "(FILE is removed when the run completes)", "FILE"},                                \
  {"stop-after", 0, 0, G_OPTION_ARG_INT, &(stop_var),                                  \
   "test aid: once N work units are checkpointed, stop as if killed (SIGTERM)", "N"}
Checkpoint *expt_checkpoint(const Expt *e, const char *path, gint stop_after, const char *args);

#endif
