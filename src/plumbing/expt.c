#include "plumbing/expt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "plumbing/campaign.h"
#include "plumbing/input.h"
#include "plumbing/output.h"

static gchar *opt_profile = NULL;
static gint opt_threads = 1;
static gchar *opt_out = NULL;

/* Prints "name: msg" on one line (GLib messages may hold newlines), frees
 * msg (so leak checkers stay quiet) and exits with status 2. */
static void die_usage(const char *name, char *msg) {
  in_error_line(name, msg); /* escaped: one line whatever the argument held */
  g_free(msg);
  exit(2);
}

/* Integer options: GOption reads G_OPTION_ARG_INT and _INT64 values with
 * strtol in base 0 ("0x10", " 2" and "010" = 8 were accepted), so every such
 * entry, the common ones and the experiment's own, is parsed instead by a
 * callback through input.h's in_int64: an optional sign and decimal digits,
 * nothing else; INT values in G_MININT+1..G_MAXINT (G_MININT is the "not
 * given" sentinel of expt_default). */
typedef struct {
  char name[64];
  char short_name;
  gpointer target;
  bool is64;
} IntOpt;
static IntOpt int_opts[64];
static int n_int_opts;

static gboolean int_option(const gchar *option_name, const gchar *value, gpointer data, GError **error) {
  (void)data;
  for (int i = 0; i < n_int_opts; i++) {
    IntOpt *o = &int_opts[i];
    bool is_long = g_str_has_prefix(option_name, "--") && strcmp(option_name + 2, o->name) == 0;
    bool is_short = o->short_name && option_name[0] == '-' && option_name[1] == o->short_name && !option_name[2];
    if (!is_long && !is_short) continue;
    int64_t v;
    int64_t lo = o->is64 ? G_MININT64 + 1 : (int64_t)G_MININT + 1, hi = o->is64 ? G_MAXINT64 : G_MAXINT;
    if (!value || !in_int64(value, lo, hi, &v)) {
      g_autofree char *shown = in_escape(value ? value : "", 40);
      g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s '%s' is not a decimal integer", option_name,
                  shown);
      return FALSE;
    }
    if (o->is64) *(gint64 *)o->target = v;
    else *(gint *)o->target = (gint)v;
    return TRUE;
  }
  g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%s: unknown integer option", option_name);
  return FALSE;
}

/* a copy of entries with every INT/INT64 entry turned into a callback (g_free it) */
static GOptionEntry *strict_ints(const GOptionEntry *in) {
  size_t n = 0;
  while (in[n].long_name) n++;
  GOptionEntry *out = g_new0(GOptionEntry, n + 1);
  for (size_t i = 0; i < n; i++) {
    out[i] = in[i];
    if (in[i].arg != G_OPTION_ARG_INT && in[i].arg != G_OPTION_ARG_INT64) continue;
    g_assert(n_int_opts < (int)G_N_ELEMENTS(int_opts) && strlen(in[i].long_name) < sizeof int_opts[0].name);
    IntOpt *o = &int_opts[n_int_opts++];
    g_strlcpy(o->name, in[i].long_name, sizeof o->name);
    o->short_name = in[i].short_name;
    o->target = in[i].arg_data;
    o->is64 = in[i].arg == G_OPTION_ARG_INT64;
    out[i].arg = G_OPTION_ARG_CALLBACK;
    out[i].arg_data = (gpointer)int_option;
  }
  return out;
}

/* the figure-data files open now, by their FILE* (expt_close_file commits) */
static GHashTable *open_files;

/* --help: GLib prints the help and exits 0 itself; when standard output
 * could not take it, the exit status is 3 with one line on stderr */
static const char *help_prog;
static void help_written(void) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "%s: cannot write standard output\n", help_prog);
    _exit(3);
  }
}

void expt_parse(Expt *e, int *argc, char ***argv, const char *name, const char *summary,
                const GOptionEntry *own) {
  campaign_init(argc, argv, name); /* MPI's start, or a refusal to run as one of several ranks */
  for (int i = 1; i < *argc; i++)
    if (g_str_has_prefix((*argv)[i], "--help") || strcmp((*argv)[i], "-h") == 0 || strcmp((*argv)[i], "-?") == 0) {
      help_prog = name;
      atexit(help_written);
      break;
    }
  GOptionEntry common[] = {
      {"profile", 0, 0, G_OPTION_ARG_STRING, &opt_profile, "quick or full (default full)", "P"},
      {"threads", 0, 0, G_OPTION_ARG_INT, &opt_threads, "worker threads, 1..64 (default 1)", "N"},
      {"out", 0, 0, G_OPTION_ARG_FILENAME, &opt_out, "result file (default: stdout)", "FILE"},
      G_OPTION_ENTRY_NULL};
  g_autoptr(GOptionContext) ctx = g_option_context_new(NULL);
  g_option_context_set_summary(ctx, summary);
  n_int_opts = 0;
  g_autofree GOptionEntry *common_strict = strict_ints(common);
  g_autofree GOptionEntry *own_strict = own ? strict_ints(own) : NULL;
  g_option_context_add_main_entries(ctx, common_strict, NULL);
  if (own) g_option_context_add_main_entries(ctx, own_strict, NULL);
  g_autoptr(GError) err = NULL;
  if (!g_option_context_parse(ctx, argc, argv, &err)) {
    char *msg = g_strdup(err->message);
    g_clear_error(&err);
    g_clear_pointer(&ctx, g_option_context_free);
    die_usage(name, msg);
  }
  g_clear_pointer(&ctx, g_option_context_free);
  if (*argc > 1) die_usage(name, g_strdup_printf("unexpected argument '%s' (see --help)", (*argv)[1]));
  /* a file, directory or prefix option given as '' (or a PREFIX ending in
   * '/') names no file: "--figdata ''" wrote ./-board.dat */
  for (const GOptionEntry *o = own; o && o->long_name; o++) {
    if (o->arg != G_OPTION_ARG_FILENAME || !*(gchar **)o->arg_data) continue;
    const char *v = *(gchar **)o->arg_data;
    if (!*v) die_usage(name, g_strdup_printf("--%s: empty file name", o->long_name));
    if (o->arg_description && strcmp(o->arg_description, "PREFIX") == 0 && g_str_has_suffix(v, "/"))
      die_usage(name, g_strdup_printf("--%s: prefix '%s' ends in '/' (give DIR/NAME)", o->long_name, v));
  }
  e->name = name;
  g_set_prgname(name);
  if (opt_profile == NULL || strcmp(opt_profile, "full") == 0)
    e->profile = PROFILE_FULL;
  else if (strcmp(opt_profile, "quick") == 0)
    e->profile = PROFILE_QUICK;
  else
    die_usage(name, g_strdup_printf("--profile '%s' is not allowed (allowed: quick, full)",
                                    opt_profile));
  expt_check_range(e, "--threads", opt_threads, 1, 64);
  e->threads = opt_threads;
  e->out = opt_out ? opt_out : "-";
  expt_check_output(e, "--out", e->out);
}

void expt_check_output(const Expt *e, const char *option, const char *path) {
  GError *err = NULL;
  if (!out_check(path, &err)) {
    char *msg = g_strdup_printf("%s: %s", option, err->message);
    g_error_free(err);
    die_usage(e->name, msg);
  }
}

void expt_check_outdir(const Expt *e, const char *option, const char *dir) {
  GError *err = NULL;
  if (!out_check_dir(dir, &err)) {
    char *msg = g_strdup_printf("%s: %s", option, err->message);
    g_error_free(err);
    die_usage(e->name, msg);
  }
}

void expt_certs_dir(const Expt *e, const char *option, const char *dir) {
  if (!*dir) die_usage(e->name, g_strdup_printf("%s: empty directory name", option));
  if (!g_file_test(dir, G_FILE_TEST_EXISTS)) {
    g_autofree char *parent = g_path_get_dirname(dir);
    if (!g_file_test(parent, G_FILE_TEST_IS_DIR))
      die_usage(e->name, g_strdup_printf("%s: cannot create '%s': directory '%s' does not exist", option, dir, parent));
    if (campaign_rank() == 0 && g_mkdir(dir, 0777) != 0 && !g_file_test(dir, G_FILE_TEST_IS_DIR))
      die_usage(e->name, g_strdup_printf("%s: cannot create '%s': %s", option, dir, g_strerror(errno)));
  }
  if (campaign_rank() == 0) expt_check_outdir(e, option, dir);
}

int expt_default(const Expt *e, int given, int full, int quick) {
  return given != G_MININT ? given : e->profile == PROFILE_FULL ? full : quick;
}

int64_t expt_default64(const Expt *e, int64_t given, int64_t full, int64_t quick) {
  return given != G_MININT64 ? given : e->profile == PROFILE_FULL ? full : quick;
}

void expt_check_range(const Expt *e, const char *option, long value, long lo, long hi) {
  if (value < lo || value > hi)
    die_usage(e->name,
              g_strdup_printf("%s %ld is out of range (allowed: %ld..%ld)", option, value, lo, hi));
}

/* worker ranks of an MPI run (campaign.h) write nothing: their files are /dev/null */
static const char *own_path(const char *path) { return campaign_rank() > 0 ? "/dev/null" : path; }

ResultWriter *expt_open_results(const Expt *e) {
  ResultWriter *w = rw_open(own_path(e->out)); /* NULL after one line naming the program */
  if (w == NULL) exit(3);
  return w;
}

FILE *expt_open_figdata(const Expt *e, const char *path) {
  if (!path) return NULL;
  expt_check_output(e, "figure data", path);
  GError *err = NULL;
  OutFile *o = out_open(own_path(path), &err);
  if (!o) {
    char *msg = g_strdup(err->message);
    g_error_free(err);
    die_usage(e->name, msg);
  }
  if (!open_files) open_files = g_hash_table_new(NULL, NULL);
  g_hash_table_insert(open_files, out_stream(o), o);
  return out_stream(o);
}

FILE *expt_open_file(const Expt *e, const char *path) {
  GError *err = NULL;
  OutFile *o = out_open(own_path(path), &err);
  if (!o) {
    in_error_line(e->name, err->message); /* "cannot write 'PATH': ..." */
    g_error_free(err);
    exit(3);
  }
  if (!open_files) open_files = g_hash_table_new(NULL, NULL);
  g_hash_table_insert(open_files, out_stream(o), o);
  return out_stream(o);
}

void expt_close_file(const Expt *e, FILE *f) {
  if (!f) return;
  OutFile *o = open_files ? g_hash_table_lookup(open_files, f) : NULL;
  g_assert(o != NULL);
  g_hash_table_remove(open_files, f);
  GError *err = NULL;
  if (!out_commit(o, &err)) {
    in_error_line(e->name, err->message);
    g_error_free(err);
    exit(3);
  }
}

Checkpoint *expt_checkpoint(const Expt *e, const char *path, gint stop_after, const char *args) {
  expt_check_range(e, "--stop-after", stop_after, 0, G_MAXINT);
  if (!path) {
    if (stop_after > 0) die_usage(e->name, g_strdup("--stop-after needs --checkpoint FILE"));
    return NULL;
  }
  if (!*path) die_usage(e->name, g_strdup("--checkpoint: empty file name"));
  g_autofree char *exe = ckpt_exe_fingerprint();
  g_autofree char *identity =
      g_strdup_printf("%s profile=%s%s%s exe=%s", e->name,
                      e->profile == PROFILE_FULL ? "full" : "quick", args ? " " : "",
                      args ? args : "", exe);
  GError *err = NULL;
  /* only rank 0 of an MPI run keeps the checkpoint; the others learn whether it opened */
  Checkpoint *c = campaign_rank() == 0 ? ckpt_open(path, identity, e->name, &err) : NULL;
  if (!campaign_agree(c != NULL || campaign_rank() > 0)) {
    if (!err) exit(2); /* a worker rank: rank 0 says why */
    char *msg = g_strdup_printf("--checkpoint %s: %s", path, err->message);
    g_error_free(err);
    die_usage(e->name, msg);
  }
  ckpt_set_stop_after(c, (uint64_t)stop_after);
  return c;
}
