/* Harness: src/input.c, the one input discipline (integers, text checks,
 * bounded reads, escaped messages).
 * Input: byte 0 picks max_line and the limits; the rest is the text.
 * Properties: in_int64/in_int/in_scan_int64 agree with a reference parser
 * (optional sign, 1..19 digits, strtoll without overflow, within lo..hi);
 * in_check_text accepts only NUL-free valid UTF-8 without control bytes
 * other than tab/CR/LF and no line longer than max_line; in_read of the same
 * bytes gives the same verdict and the same text; in_escape's output is one
 * printable line of valid UTF-8 no longer than max plus a bounded tail. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "plumbing/input.h"

static const int64_t LIMITS[][2] = {{INT64_MIN, INT64_MAX}, {-1000, 1000}, {0, 7}, {1, 24},
                                    {INT64_MIN + 1, -1}, {0, INT64_MAX}, {5, 5}, {-7, 536870911}};

/* the reference: what in_int64 must accept */
static bool ref_int64(const char *s, int64_t lo, int64_t hi, int64_t *v) {
  const char *p = s + (*s == '+' || *s == '-');
  size_t nd = strspn(p, "0123456789");
  if (nd < 1 || nd > 19 || p[nd]) return false;
  errno = 0;
  long long x = strtoll(s, NULL, 10);
  if (errno == ERANGE || x < lo || x > hi) return false;
  *v = x;
  return true;
}

static bool line_ok(const char *s, size_t len, size_t max_line) {
  if (memchr(s, 0, len) || !g_utf8_validate_len(s, len, NULL)) return false;
  size_t run = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n') {
      run = 0;
      continue;
    }
    if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) return false;
    if (++run > max_line) return false;
  }
  return true;
}

static void check_escape(const char *s, size_t max) {
  char *e = in_escape(s, max);
  size_t el = strlen(e);
  FUZZ_ASSERT(g_utf8_validate(e, -1, NULL));
  for (const char *p = e; *p; p = g_utf8_next_char(p)) {
    gunichar u = g_utf8_get_char(p);
    FUZZ_ASSERT(!g_unichar_iscntrl(u) && u != 0x2028 && u != 0x2029);
  }
  FUZZ_ASSERT(el <= max + 6 + 3); /* the last escape (\uXXXX) may pass max, then "..." */
  g_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  unsigned sel = data[0];
  const char *text = (const char *)data + 1;
  size_t len = size - 1, max_line = 1 + (sel & 15) * 7;

  GError *err = NULL;
  bool ok = in_check_text(text, len, max_line, &err);
  FUZZ_ASSERT(ok == line_ok(text, len, max_line));
  FUZZ_ASSERT(ok == (err == NULL));
  g_clear_error(&err);

  /* numbers: the whole text (up to a NUL) and every prefix scan */
  char *s = g_strndup(text, len);
  for (size_t i = 0; i < G_N_ELEMENTS(LIMITS); i++) {
    int64_t lo = LIMITS[i][0], hi = LIMITS[i][1], v = 42, r = 0;
    bool got = in_int64(s, lo, hi, &v);
    FUZZ_ASSERT(got == ref_int64(s, lo, hi, &r));
    FUZZ_ASSERT(got ? v == r : v == 42);
    if (lo >= INT_MIN && hi <= INT_MAX) {
      int iv = 7;
      bool igot = in_int(s, (int)lo, (int)hi, &iv);
      FUZZ_ASSERT(igot == got && (!igot || iv == r));
    }
  }
  for (const char *p = s; *p; p++) {
    const char *q = p;
    int64_t v;
    int64_t lo = LIMITS[sel % G_N_ELEMENTS(LIMITS)][0], hi = LIMITS[sel % G_N_ELEMENTS(LIMITS)][1];
    if (in_scan_int64(&q, lo, hi, &v)) {
      FUZZ_ASSERT(q > p && v >= lo && v <= hi);
      char *num = g_strndup(p, (size_t)(q - p));
      int64_t r;
      FUZZ_ASSERT(ref_int64(num, lo, hi, &r) && r == v);
      g_free(num);
    } else {
      FUZZ_ASSERT(q == p);
    }
  }

  check_escape(s, 1 + (sel >> 4) * 16);
  check_escape(s, 2000);

  /* in_read of the same bytes: same verdict, same text (bounded by max_bytes) */
  if (sel & 0x80) {
    static char *path;
    if (!path) path = g_strdup_printf("%s/fuzz-input.%d", g_get_tmp_dir(), (int)getpid());
    if (g_file_set_contents(path, text, (gssize)len, NULL)) {
      size_t max_bytes = (sel & 0x40) && len ? len - 1 : len;
      char *r = in_read(path, max_bytes, max_line, &err);
      if (r) {
        FUZZ_ASSERT(ok && max_bytes == len && memcmp(r, text, len) == 0 && r[len] == 0);
        g_free(r);
      } else {
        FUZZ_ASSERT(!ok || max_bytes < len);
        g_clear_error(&err);
      }
      unlink(path);
    }
  }
  g_free(s);
  return 0;
}
