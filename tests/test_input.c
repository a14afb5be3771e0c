/* Unit tests for src/plumbing/input.c: 64-bit integers that never wrap, text checks
 * (NUL, control bytes, bad UTF-8, long lines), bounded reads, one-line
 * escaped messages. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "plumbing/input.h"

static void test_integers(void) {
  int64_t v = 42;
  int i = 0;
  g_assert_true(in_int64("0", 0, 10, &v) && v == 0);
  g_assert_true(in_int64("-7", -10, 10, &v) && v == -7);
  g_assert_true(in_int64("+7", -10, 10, &v) && v == 7);
  g_assert_true(in_int64("9223372036854775807", INT64_MIN, INT64_MAX, &v) && v == INT64_MAX);
  g_assert_true(in_int64("-9223372036854775808", INT64_MIN, INT64_MAX, &v) && v == INT64_MIN);
  v = 5;
  g_assert_false(in_int64("9223372036854775808", INT64_MIN, INT64_MAX, &v));
  g_assert_false(in_int64("", 0, 10, &v));
  g_assert_false(in_int64(" 1", 0, 10, &v));
  g_assert_false(in_int64("1 ", 0, 10, &v));
  g_assert_false(in_int64("0x1", 0, 10, &v));
  g_assert_false(in_int64("-", 0, 10, &v));
  g_assert_false(in_int64("11", 0, 10, &v));
  g_assert_cmpint(v, ==, 5);
  /* the 32-bit wrap of sscanf %d: 4294967300 is not 4 */
  g_assert_false(in_int("4294967300", 1, 7, &i));
  g_assert_false(in_int("4294967303", 2, 64, &i));
  g_assert_false(in_int("2147483648", G_MININT, G_MAXINT, &i));
  g_assert_true(in_int("2147483647", G_MININT, G_MAXINT, &i) && i == G_MAXINT);
  const char *s = "12,-3x", *p = s;
  g_assert_true(in_scan_int64(&p, -100, 100, &v) && v == 12 && *p == ',');
  p++;
  g_assert_true(in_scan_int64(&p, -100, 100, &v) && v == -3 && *p == 'x');
  g_assert_false(in_scan_int64(&p, -100, 100, &v));
  p = "99999999999999999999999";
  g_assert_false(in_scan_int64(&p, INT64_MIN, INT64_MAX, &v));
}

static void test_text(void) {
  GError *err = NULL;
  g_assert_true(in_check_text("a b\tc\r\n\xc3\xa9\n", 9, 100, &err));
  g_assert_false(in_check_text("0 1\n\0junk\n", 10, 100, &err));
  g_assert_nonnull(strstr(err->message, "line 2"));
  g_clear_error(&err);
  g_assert_false(in_check_text("a\x01", 2, 100, &err));
  g_clear_error(&err);
  g_assert_false(in_check_text("a\xff", 2, 100, &err));
  g_clear_error(&err);
  g_assert_false(in_check_text("abcdef\n", 7, 5, &err));
  g_clear_error(&err);
  g_assert_true(in_check_text("abcde\nabcde", 11, 5, &err));
}

static void test_read(void) {
  g_autofree char *dir = g_dir_make_tmp("test_input_XXXXXX", NULL);
  g_autofree char *f = g_build_filename(dir, "x.txt", NULL);
  g_assert_true(g_file_set_contents(f, "0 1\n\0junk\n", 10, NULL));
  GError *err = NULL;
  g_assert_null(in_read(f, 1000, 100, &err));
  g_assert_nonnull(strstr(err->message, "NUL"));
  g_clear_error(&err);
  g_assert_true(g_file_set_contents(f, "0123456789", 10, NULL));
  g_assert_null(in_read(f, 9, 100, &err)); /* bounded */
  g_clear_error(&err);
  char *t = in_read(f, 10, 100, &err);
  g_assert_cmpstr(t, ==, "0123456789");
  g_free(t);
  g_assert_null(in_read(dir, 10, 100, &err)); /* a directory */
  g_clear_error(&err);
  g_unlink(f);
  g_assert_null(in_read(f, 10, 100, &err));
  g_clear_error(&err);
  g_rmdir(dir);
}

static void test_escape(void) {
  g_autofree char *a = in_escape("1\n;0,1\tx\\\x01\x7f", 100);
  g_assert_cmpstr(a, ==, "1\\n;0,1\\tx\\\\\\x01\\x7f");
  g_autofree char *b = in_escape("\xc3\xa9\xff", 100);
  g_assert_cmpstr(b, ==, "\xc3\xa9\\xff");
  g_autofree char *c = in_escape("abcdefgh", 4);
  g_assert_cmpstr(c, ==, "abcd...");
  g_autofree char *d = in_escape("\xc2\x85", 100); /* NEL, a C1 line break */
  g_assert_cmpstr(d, ==, "\\u0085");
  g_assert_null(strchr(a, '\n'));
}

/* Found by fuzzing (tests/fuzz/crashes/input/): the bytes after a multibyte
 * character were taken as part of it when they happened to be valid UTF-8,
 * so a newline, a control byte or a line separator after "é" passed both
 * the text check and the escaping; a line longer than the limit by the tail
 * of a multibyte character passed; and a number of more than 19 digits
 * (leading zeros) was accepted against the contract. */
static void test_fuzz_regressions(void) {
  GError *err = NULL;
  g_assert_false(in_check_text("\xc3\xa9\x01", 3, 100, &err)); /* é, then a control byte */
  g_assert_nonnull(strstr(err->message, "control byte 0x01"));
  g_clear_error(&err);
  g_assert_false(in_check_text("\xc3\xa9\x1b[2J", 6, 100, &err)); /* é, then ESC */
  g_clear_error(&err);
  g_assert_false(in_check_text("ok\n\xc3\xa9\nabcdef", 12, 5, &err)); /* é hid a newline */
  g_assert_nonnull(strstr(err->message, "line 3"));
  g_clear_error(&err);
  g_assert_false(in_check_text("abc\xc3\xa9", 5, 4, &err)); /* 5 bytes, limit 4 */
  g_clear_error(&err);
  g_assert_true(in_check_text("ab\xc3\xa9", 4, 4, &err));
  g_autofree char *a = in_escape("\xc3\xa9\n\xc3\xa9\x1b\xc3\xa9\xc2\x85\xc3\xa9\xe2\x80\xa8", 100);
  g_assert_cmpstr(a, ==, "\xc3\xa9\\n\xc3\xa9\\x1b\xc3\xa9\\u0085\xc3\xa9\\u2028");
  int64_t v = 5;
  g_assert_true(in_int64("0000000000000000007", 0, 10, &v) && v == 7); /* 19 digits */
  g_assert_false(in_int64("00000000000000000007", 0, 10, &v));           /* 20 digits */
  g_assert_false(in_int64("-00000000000000000177", INT64_MIN, INT64_MAX, &v));
  g_assert_cmpint(v, ==, 7);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/input/integers", test_integers);
  g_test_add_func("/input/text", test_text);
  g_test_add_func("/input/read", test_read);
  g_test_add_func("/input/escape", test_escape);
  g_test_add_func("/input/fuzz-regressions", test_fuzz_regressions);
  return g_test_run();
}
