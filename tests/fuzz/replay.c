/* replay.c — runs a fuzz harness on saved inputs, without libFuzzer.
 *
 *   fuzz-NAME FILE|DIR ...
 *
 * Links with one harness (tests/fuzz/NAME.c) and calls its
 * LLVMFuzzerTestOneInput once per file (every regular file of a directory,
 * in name order).  Built with the project's compiler by `make all`, so
 * `make check` replays every seed and every saved crasher with the normal
 * or the sanitized (SANITIZE=1) build.  Exit 0 when every input ran (a
 * failing property or a sanitizer report aborts); 2 if a path cannot be read. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"

static int run_file(const char *path) {
  gchar *data;
  gsize len;
  GError *err = NULL;
  if (!g_file_get_contents(path, &data, &len, &err)) {
    fprintf(stderr, "fuzz-replay: %s\n", err->message);
    g_error_free(err);
    return 2;
  }
  /* a copy of exactly len bytes, so ASan sees a read past the input */
  uint8_t *copy = g_memdup2(data, len ? len : 1);
  g_free(data);
  LLVMFuzzerTestOneInput(copy, len);
  g_free(copy);
  return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
  int rc = 0, runs = 0;
  for (int i = 1; i < argc; i++) {
    if (!g_file_test(argv[i], G_FILE_TEST_IS_DIR)) {
      rc |= run_file(argv[i]);
      runs++;
      continue;
    }
    GDir *d = g_dir_open(argv[i], 0, NULL);
    if (!d) {
      fprintf(stderr, "fuzz-replay: cannot read %s\n", argv[i]);
      return 2;
    }
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    for (const char *n; (n = g_dir_read_name(d));)
      if (n[0] != '.') g_ptr_array_add(names, g_build_filename(argv[i], n, NULL));
    g_dir_close(d);
    if (names->len) qsort(names->pdata, names->len, sizeof(char *), cmp); /* pdata NULL if empty */
    for (guint j = 0; j < names->len; j++)
      if (g_file_test(names->pdata[j], G_FILE_TEST_IS_REGULAR)) {
        rc |= run_file(names->pdata[j]);
        runs++;
      }
    g_ptr_array_free(names, TRUE);
  }
  printf("%d inputs replayed\n", runs);
  return rc;
}
