/* Harness: subcube-verify's reader (src/subcube.c sv_read_pairs) and the
 * verifier behind it.
 * Input: a first line "N K" (the tool's two arguments, read as it reads
 * them), then the strategy file.
 * Properties: what sv_read_pairs accepts is a matching of Q_N; on small
 * cubes sv_verify's two methods and the brute force of cube.h give the same
 * answer, the same first hole and the same count. */
#include <string.h>

#include "hypercube/cube.h"
#include "fuzz.h"
#include "plumbing/input.h"
#include "hypercube/subcube.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *nl = memchr(data, '\n', size);
  if (!nl) return 0;
  char *head = g_strndup((const char *)data, (size_t)(nl - (const char *)data));
  char **arg = g_strsplit(head, " ", 2);
  g_free(head);
  int n, k;
  bool args = g_strv_length(arg) == 2 && in_int(arg[0], 1, 24, &n) && in_int(arg[1], 1, n, &k);
  g_strfreev(arg);
  if (!args) return 0;
  const char *body = nl + 1;
  size_t len = size - (size_t)(body - (const char *)data);
  GError *err = NULL;
  if (!in_check_text(body, len, IN_MAX_LINE, &err)) { /* in_read refuses it */
    g_error_free(err);
    return 0;
  }
  char *text = g_strndup(body, len);
  GArray *pairs = sv_read_pairs(text, n, &err);
  g_free(text);
  if (!pairs) {
    FUZZ_ASSERT(err && strchr(err->message, '\n') == NULL);
    g_error_free(err);
    return 0;
  }
  const VPair *p = (const VPair *)pairs->data;
  FUZZ_ASSERT(sv_is_matching(n, p, pairs->len) && cube_is_matching(n, p, pairs->len));
  if (n <= 12) {
    Subcube h0, h1, h2;
    uint64_t c0, c1, c2;
    bool a = sv_verify(n, k, p, pairs->len, &h0, &c0);
    bool b = sv_verify_method(n, k, p, pairs->len, &h1, &c1, SV_METHOD_DP);
    bool c = sv_verify_method(n, k, p, pairs->len, &h2, &c2, SV_METHOD_BUCKETS);
    Subcube hb;
    uint64_t cb;
    bool d = cube_first_unblocked(n, k, p, pairs->len, &hb, &cb);
    FUZZ_ASSERT(a == d && b == d && c == d && c0 == cb && c1 == cb && c2 == cb);
    if (!d)
      FUZZ_ASSERT(h0.stars == hb.stars && h0.vals == hb.vals && h1.stars == hb.stars &&
                  h1.vals == hb.vals && h2.stars == hb.stars && h2.vals == hb.vals);
    if (d) FUZZ_ASSERT(cb == sv_subcubes(n, k));
  }
  g_array_free(pairs, TRUE);
  return 0;
}
