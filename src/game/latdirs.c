/* latdirs.c — see latdirs.h for the contract. */
#include "game/latdirs.h"
#include "plumbing/input.h"

#include <stdlib.h>
#include <string.h>

#include "plumbing/errors.h"

int lat_first(const int *v, int d) {
  for (int j = 0; j < d; j++)
    if (v[j] != 0) return j;
  return -1;
}

int lat_gcd(int a, int b) {
  a = abs(a);
  b = abs(b);
  while (b) {
    int r = a % b;
    a = b;
    b = r;
  }
  return a;
}

static char *vec_str(const int *v, int d) {
  GString *s = g_string_new("(");
  for (int j = 0; j < d; j++) g_string_append_printf(s, "%s%d", j ? "," : "", v[j]);
  g_string_append_c(s, ')');
  return g_string_free(s, FALSE);
}

char *lat_dirs_to_string(const LatDirs *S) {
  GString *s = g_string_new(NULL);
  for (int i = 0; i < S->n; i++) {
    g_autofree char *v = vec_str(S->v[i], S->d);
    g_string_append_printf(s, "%s%s", i ? " " : "", v);
  }
  return g_string_free(s, FALSE);
}

bool lat_dirs_valid(const LatDirs *S, GError **err) {
  if (S->d < 1 || S->d > LAT_MAX_D || S->n < 1 || S->n > LAT_MAX_S) {
    g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE, "need 1..%d vectors of dimension 1..%d", LAT_MAX_S, LAT_MAX_D);
    return false;
  }
  for (int i = 0; i < S->n; i++) {
    g_autofree char *vi = vec_str(S->v[i], S->d);
    int g = 0;
    for (int j = 0; j < S->d; j++) {
      if (abs(S->v[i][j]) > LAT_MAX_COORD) {
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE, "vector %s: coordinates must lie in -%d..%d", vi,
                                        LAT_MAX_COORD, LAT_MAX_COORD);
        return false;
      }
      g = lat_gcd(g, S->v[i][j]);
    }
    if (g == 0) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "vector %s is zero", vi);
      return false;
    }
    if (g != 1) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "vector %s is not primitive (gcd %d)", vi, g);
      return false;
    }
    for (int k = 0; k < i; k++) {
      bool same = true, opp = true;
      for (int j = 0; j < S->d; j++) {
        same &= S->v[k][j] == S->v[i][j];
        opp &= S->v[k][j] == -S->v[i][j];
      }
      g_autofree char *vk = vec_str(S->v[k], S->d);
      if (same || opp) {
        if (same)
          g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID, "vector %s is repeated", vi);
        else
          g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_INVALID,
                      "vectors %s and %s are opposite (they give the same lines)", vk, vi);
        return false;
      }
    }
  }
  return true;
}

bool lat_dirs_parse(const char *spec, LatDirs *S, GError **err) {
  memset(S, 0, sizeof *S);
  g_auto(GStrv) toks = g_strsplit_set(spec, "; \t", -1);
  for (int i = 0; toks[i]; i++) {
    if (toks[i][0] == '\0') continue;
    if (S->n == LAT_MAX_S) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE, "more than %d vectors", LAT_MAX_S);
      return false;
    }
    g_auto(GStrv) c = g_strsplit(toks[i], ",", -1);
    int d = (int)g_strv_length(c);
    g_autofree char *tv = in_escape(toks[i], 60); /* messages are one line */
    if (d > LAT_MAX_D) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_RANGE, "vector '%s' has %d coordinates (at most %d)", tv, d,
                                      LAT_MAX_D);
      return false;
    }
    if (S->n > 0 && d != S->d) {
      g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "vector '%s' has %d coordinates, the first has %d", tv,
                                      d, S->d);
      return false;
    }
    S->d = d;
    for (int j = 0; j < d; j++) {
      int64_t x; /* strictly decimal: no blanks, no \n \v \f \r around the digits (input.h) */
      if (!in_int64(c[j], -LAT_MAX_COORD, LAT_MAX_COORD, &x)) {
        g_autofree char *cv = in_escape(c[j], 40);
        g_set_error(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "vector '%s': '%s' is not an integer in -%d..%d", tv,
                                        cv, LAT_MAX_COORD, LAT_MAX_COORD);
        return false;
      }
      S->v[S->n][j] = (int)x;
    }
    S->n++;
  }
  if (S->n == 0) {
    g_set_error_literal(err, PAIRING_ERROR, PAIRING_ERROR_FORMAT, "empty direction set");
    return false;
  }
  return lat_dirs_valid(S, err);
}

