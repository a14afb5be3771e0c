/* input.c — checked integers, text and one-line messages; see input.h. */
#include "plumbing/input.h"
#include "plumbing/errors.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


bool in_scan_int64(const char **pp, int64_t lo, int64_t hi, int64_t *out) {
  const char *p = *pp;
  bool neg = false;
  if (*p == '+' || *p == '-') neg = *p++ == '-';
  if (*p < '0' || *p > '9') return false;
  uint64_t mag = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  for (int digits = 1; *p >= '0' && *p <= '9'; p++, digits++) {
    unsigned dgt = (unsigned)(*p - '0');
    if (digits > 19) return false; /* the contract's 1..19 digits, leading zeros included */
    if (mag > (limit - dgt) / 10) return false; /* would exceed 64 bits */
    mag = mag * 10 + dgt;
  }
  int64_t v = neg ? (mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag) : (int64_t)mag;
  if (v < lo || v > hi) return false;
  *out = v;
  *pp = p;
  return true;
}

bool in_int64(const char *s, int64_t lo, int64_t hi, int64_t *out) {
  if (!s) return false;
  const char *p = s;
  int64_t v;
  if (!in_scan_int64(&p, lo, hi, &v) || *p != '\0') return false;
  *out = v;
  return true;
}

bool in_int(const char *s, int lo, int hi, int *out) {
  int64_t v;
  if (!in_int64(s, lo, hi, &v)) return false;
  *out = (int)v;
  return true;
}

/* The length of the one UTF-8 character at p (rest bytes left), 0 if the
 * bytes there are not a valid character.  Only that character: a window of
 * several would let the bytes after it (a newline, a control byte) through
 * unchecked. */
static size_t utf8_char_len(const char *p, size_t rest) {
  size_t cl = (size_t)g_utf8_skip[(unsigned char)*p];
  if (cl > 4 || cl > rest || !g_utf8_validate_len(p, cl, NULL)) return 0;
  return cl;
}

bool in_check_text(const char *data, size_t len, size_t max_line, GError **err) {
  size_t line = 1, start = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)data[i];
    if (c == '\n') {
      line++;
      start = i + 1;
      continue;
    }
    if (c == 0) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "line %zu: a NUL byte (not text)", line);
      return false;
    }
    if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "line %zu: control byte 0x%02x (not text)", line, c);
      return false;
    }
    size_t cl = 1;
    if (c >= 0x80 && (cl = utf8_char_len(data + i, len - i)) == 0) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "line %zu: byte 0x%02x is not UTF-8 text", line, c);
      return false;
    }
    if (i + cl - start > max_line) { /* the line's last byte so far is i + cl - 1 */
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "line %zu is longer than %zu bytes", line, max_line);
      return false;
    }
    i += cl - 1;
  }
  return true;
}

char *in_read(const char *path, size_t max_bytes, size_t max_line, GError **err) {
  bool std = strcmp(path, "-") == 0;
  int fd = std ? 0 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot open %s: %s", path, g_strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "%s is a directory", path);
    if (!std) close(fd);
    return NULL;
  }
  if (!std) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  GString *s = g_string_new(NULL);
  char buf[65536];
  bool ok = true;
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_IO, "cannot read %s: %s", std ? "standard input" : path, g_strerror(errno));
      ok = false;
      break;
    }
    if (n == 0) break;
    if (s->len + (size_t)n > max_bytes) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INPUT, "%s is larger than %zu bytes", std ? "standard input" : path, max_bytes);
      ok = false;
      break;
    }
    g_string_append_len(s, buf, n);
  }
  if (!std) close(fd);
  if (ok && !in_check_text(s->str, s->len, max_line, err)) {
    g_prefix_error(err, "%s: ", std ? "standard input" : path);
    ok = false;
  }
  if (!ok) {
    g_string_free(s, TRUE);
    return NULL;
  }
  return g_string_free(s, FALSE);
}

char *in_escape(const char *s, size_t max) {
  GString *o = g_string_new(NULL);
  if (!s) s = "(null)";
  size_t len = strlen(s), i = 0;
  for (; i < len && o->len < max; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') g_string_append(o, "\\\\");
    else if (c == '\n') g_string_append(o, "\\n");
    else if (c == '\t') g_string_append(o, "\\t");
    else if (c == '\r') g_string_append(o, "\\r");
    else if (c < 0x20 || c == 0x7f) g_string_append_printf(o, "\\x%02x", c);
    else if (c < 0x80) g_string_append_c(o, (char)c);
    else {
      size_t ok = utf8_char_len(s + i, len - i); /* one character, never more */
      if (ok == 0) {
        g_string_append_printf(o, "\\x%02x", c);
      } else {
        gunichar u = g_utf8_get_char(s + i);
        if (g_unichar_iscntrl(u) || u == 0x2028 || u == 0x2029) /* C1 controls, line separators */
          g_string_append_printf(o, "\\u%04x", u);
        else
          g_string_append_len(o, s + i, (gssize)ok);
        i += ok - 1;
      }
    }
  }
  if (i < len) g_string_append(o, "...");
  return g_string_free(o, FALSE);
}

void in_error_line(const char *prog, const char *msg) {
  g_autofree char *m = in_escape(msg, 2000);
  fprintf(stderr, "%s: %s\n", prog, m);
  fflush(stderr);
}

void in_fail(const char *prog, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  in_error_line(prog, msg);
  g_free(msg);
  exit(code);
}
