#include "plumbing/result.h"

#include <errno.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "plumbing/input.h"
#include "plumbing/output.h"

struct ResultWriter {
  OutFile *o;
  FILE *f;
  bool io_error;
};

static const char *prog(void) { return g_get_prgname() ? g_get_prgname() : "result writer"; }

bool rw_is_token(const char *s) {
  if (s == NULL || *s == '\0') return false;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if (*p <= ' ' || *p == 0x7f) return false;
  return true;
}

static void check_token(const char *what, const char *s) {
  if (!rw_is_token(s)) {
    fprintf(stderr, "result writer: illegal %s token '%s'\n", what, s ? s : "(null)");
    abort();
  }
}

ResultWriter *rw_open(const char *path) {
  GError *err = NULL;
  OutFile *o = out_open(path ? path : "-", &err);
  if (!o) {
    in_error_line(prog(), err->message);
    g_error_free(err);
    return NULL;
  }
  ResultWriter *w = g_new0(ResultWriter, 1);
  w->o = o;
  w->f = out_stream(o);
  if (fputs("claim\tkey\tvalue\n", w->f) < 0) w->io_error = true;
  return w;
}

static void row(ResultWriter *w, const char *claim, const char *key, const char *value) {
  check_token("claim", claim);
  check_token("key", key);
  check_token("value", value);
  if (fprintf(w->f, "%s\t%s\t%s\n", claim, key, value) < 0) w->io_error = true;
}

void rw_int(ResultWriter *w, const char *claim, const char *key, int64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%lld", (long long)v);
  row(w, claim, key, buf);
}

void rw_bool(ResultWriter *w, const char *claim, const char *key, bool v) {
  row(w, claim, key, v ? "true" : "false");
}

void rw_word(ResultWriter *w, const char *claim, const char *key, const char *word) {
  row(w, claim, key, word);
}

static int64_t gcd64(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

void rw_rational(ResultWriter *w, const char *claim, const char *key, int64_t num, int64_t den) {
  if (den <= 0) {
    fprintf(stderr, "result writer: non-positive denominator for %s %s\n", claim, key);
    abort();
  }
  int64_t g = gcd64(num, den);
  if (g > 1) {
    num /= g;
    den /= g;
  }
  char buf[48];
  if (den == 1)
    snprintf(buf, sizeof buf, "%lld", (long long)num);
  else
    snprintf(buf, sizeof buf, "%lld/%lld", (long long)num, (long long)den);
  row(w, claim, key, buf);
}

int rw_close(ResultWriter *w) {
  GError *err = NULL;
  int rc = out_commit(w->o, &err) && !w->io_error ? 0 : -1;
  if (err) {
    in_error_line(prog(), err->message);
    g_error_free(err);
  } else if (rc != 0) {
    in_error_line(prog(), "cannot write the results");
  }
  g_free(w);
  return rc;
}
