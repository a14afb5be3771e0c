/* experiments/hypercube/recipe.c — HC10, HC11, HC14: the §5 recipe for
 * Q(N, K(N)), Theorem 4 (K(N) <= floor(3N/7) + 1), the table of local extrema
 * of K/N, and the counting lower bound.
 *
 * Paper: Naimi & Sundberg, "Pairing strategies for the Maker–Breaker game on
 * the hypercube with subcubes as winning sets" (shared/papers/hypercube-subcubes.txt).
 *
 * HC10, HC11 (explicit part).  For every N = 3..max-n (full 20, quick 12)
 *   src/hypercube/binps.c builds the strategy by the recipe's own steps (Theorem 3 for
 *   N = 4, 16; the cyclic strategy for 6; BinPS^R(3×3) for 9; Lemma 3 from N-1;
 *   Lemma 4 from 4, 9 or 16, or from 24 = Theorem 1 applied to Q(6,3)).  Each
 *   is checked by src/hypercube/subcube.c: a matching, blocking every K(N)-subcube and
 *   every (floor(3N/7)+1)-subcube.  Rows `N<N>_K`, `N<N>_step`, `N<N>_size`,
 *   `N<N>_ok`, and (unscored) `N<N>_least_k`, the least k the built strategy
 *   blocks, and `least_k_is_K` (unscored) says whether it is K(N) for every N.
 *   `lemma3` (`lemma4`): every strategy made by that lemma verified.
 * HC11 (K(N) for N up to 4^6).  K(N) follows the recipe (bp_recipe_k); it is
 *   cross-checked against the six closed forms §5 lists, typed here
 *   independently (`closed_form_agrees`); `theorem4`: K(N) <= floor(3N/7)+1
 *   for 3 <= N <= 4^6.  Local extrema of K/N over 4 <= N <= 4^6 (strict, by
 *   exact cross-multiplication): for each family N = f 4^n of the paper's
 *   table (f = 4, 5, 6, 7, 9, 10) the rows `f<f>_type` (min, max, or mixed)
 *   and `f<f>_coef`, the common value of (K-1)/N (or "mixed"); every member in
 *   range must be an extremum; `other_extrema` counts extrema outside the
 *   families; `max_coef` is the largest (K-1)/N.
 * HC14.  For n = 3..64 the least k with C(n-1,k-1) 2^(n-1) >= C(n,k) 2^(n-k),
 *   in exact 128-bit arithmetic, equals the least k with k 2^(k-1) >= n
 *   (`counting_forms_agree`); `exceeds_ln`: it is > ln n for every n;
 *   `below_upper`: it is <= K(n).
 * --figdata FILE writes N, K/N, (counting bound)/N, (floor(3N/7)+1)/N for
 *   N = 3..4^6 (figures/hypercube-ratio.gp).
 * Exit 0 iff every check held.
 */
#include <math.h>
#include <stdio.h>

#include "hypercube/binps.h"
#include "plumbing/expt.h"
#include "plumbing/progress.h"
#include "hypercube/subcube.h"

#define NMAX 4096 /* 4^6 */

static gint opt_max_n = G_MININT;
static gchar *opt_figdata = NULL;

static int64_t upper(int64_t N) { return 3 * N / 7 + 1; }

/* §5's list: Q(4^(n+1) + a 4^n + j, K) for the six ranges of j */
static int64_t closed_form(int64_t N) {
  int64_t q = 1;
  while (16 * q < N) q *= 4;
  int64_t j = N - 4 * q;
  if (j <= 0) return -1; /* N = 4^(n+1) is the base, not in the list */
  if (j <= q) return q + 1 + j;
  if (j <= 2 * q) return 2 * q + 1;
  if (j <= 3 * q) return 2 * q + 1 + (j - 2 * q);
  if (j <= 5 * q) return 3 * q + 1;
  if (j <= 6 * q) return 3 * q + 1 + (j - 5 * q);
  return 4 * q + 1;
}

/* K(a)/a versus K(b)/b: sign of K(a) b - K(b) a */
static int cmp_ratio(const int64_t *K, int64_t a, int64_t b) {
  int64_t x = K[a] * b, y = K[b] * a;
  return (x > y) - (x < y);
}

static bool family_of(int64_t N, int *f) {
  static const int fam[] = {4, 5, 6, 7, 9, 10};
  for (int i = 0; i < 6; i++) {
    int64_t q = N;
    if (q % fam[i]) continue;
    q /= fam[i];
    while (q % 4 == 0) q /= 4;
    if (q == 1) {
      *f = fam[i];
      return true;
    }
  }
  return false;
}

static unsigned __int128 binom(int n, int k) {
  unsigned __int128 c = 1;
  for (int i = 1; i <= k; i++) c = c * (unsigned)(n - k + i) / (unsigned)i;
  return c;
}

int main(int argc, char **argv) {
  GOptionEntry own[] = {
      {"max-n", 0, 0, G_OPTION_ARG_INT, &opt_max_n, "largest N built and verified (3..22)", "N"},
      {"figdata", 0, 0, G_OPTION_ARG_FILENAME, &opt_figdata, "write the figure's data", "FILE"},
      G_OPTION_ENTRY_NULL};
  Expt e;
  expt_parse(&e, &argc, &argv, "hypercube-recipe",
             "HC10, HC11, HC14: the §5 recipe, Theorem 4, the K/N table, the counting bound.", own);
  int max_n = expt_default(&e, opt_max_n, 20, 12);
  expt_check_range(&e, "--max-n", max_n, 3, 22);
  FILE *fig = expt_open_figdata(&e, opt_figdata);
  ResultWriter *w = expt_open_results(&e);
  bool all = true;

  /* HC10, HC11: build and verify Q(N, K(N)) for N = 3..max_n */
  bool built = true, lemma3 = true, lemma4 = true, least_is_K = true;
  Progress pr;
  progress_stderr_start(&pr, "recipe strategies", (uint64_t)max_n - 2);
  for (int N = 3; N <= max_n; N++) {
    BpRecipe r;
    bp_recipe(N, &r);
    int64_t K;
    g_autoptr(GArray) p = bp_recipe_build(N, &K);
    const VPair *v = (const VPair *)p->data;
    Subcube hole;
    bool ok = K == r.K && K <= upper(N) && sv_is_matching(N, v, p->len) &&
              sv_verify(N, (int)K, v, p->len, &hole, NULL) &&
              sv_verify(N, (int)upper(N), v, p->len, NULL, NULL);
    int least = (int)K;
    while (ok && least > 1 && sv_verify(N, least - 1, v, p->len, NULL, NULL)) least--;
    char key[32];
    g_snprintf(key, sizeof key, "N%d_K", N);
    rw_int(w, "HC11", key, K);
    g_snprintf(key, sizeof key, "N%d_step", N);
    rw_word(w, "HC11", key, bp_step_name(r.how));
    g_snprintf(key, sizeof key, "N%d_size", N);
    rw_int(w, "HC11", key, p->len);
    g_snprintf(key, sizeof key, "N%d_ok", N);
    rw_bool(w, "HC11", key, ok);
    g_snprintf(key, sizeof key, "N%d_least_k", N);
    rw_int(w, "HC11", key, ok ? least : -1);
    if (!ok) fprintf(stderr, "hypercube-recipe: the strategy for Q(%d,%lld) fails\n", N, (long long)K);
    built &= ok;
    least_is_K &= ok && least == K;
    if (r.how == BP_EXTEND) lemma3 &= ok;
    if (r.how == BP_RESTRICT) lemma4 &= ok;
    progress_update(&pr.sink, (uint64_t)N - 2);
  }
  progress_end(&pr.sink, (uint64_t)max_n - 2);
  rw_int(w, "HC11", "max_n_built", max_n);
  rw_bool(w, "HC11", "built_verified", built);
  rw_bool(w, "HC11", "least_k_is_K", least_is_K);
  rw_bool(w, "HC10", "lemma3", lemma3);
  rw_bool(w, "HC10", "lemma4", lemma4);
  all &= built && lemma3 && lemma4;

  /* HC11: K(N) up to 4^6, Theorem 4, the closed forms, the extrema */
  int64_t *K = g_new0(int64_t, NMAX + 2);
  bool thm4 = true, closed = true;
  for (int64_t N = 3; N <= NMAX + 1; N++) {
    K[N] = bp_recipe_k(N);
    if (N <= NMAX) thm4 &= K[N] <= upper(N);
    int64_t c = closed_form(N);
    if (N >= 5 && c >= 0) closed &= c == K[N];
  }
  int type[11] = {0}; /* per family: 0 none yet, 1 min, 2 max, 3 mixed */
  int64_t cnum[11] = {0}, cden[11] = {0};
  bool coef_mixed[11] = {false}, members_ok = true;
  int other = 0;
  int64_t best_num = 0, best_den = 1;
  for (int64_t N = 4; N <= NMAX; N++) {
    int lo = cmp_ratio(K, N, N - 1), hi = cmp_ratio(K, N, N + 1);
    int t = lo < 0 && hi < 0 ? 1 : lo > 0 && hi > 0 ? 2 : 0;
    if ((K[N] - 1) * best_den > best_num * N) best_num = K[N] - 1, best_den = N;
    int f;
    if (!family_of(N, &f)) {
      other += t != 0;
      continue;
    }
    if (t == 0) members_ok = false;
    type[f] = type[f] == 0 ? t : type[f] == t ? t : 3;
    /* (K-1)/N as a reduced fraction, the same for every member */
    int64_t a = K[N] - 1, b = N, g = a, h = b;
    while (h) {
      int64_t x = g % h;
      g = h;
      h = x;
    }
    a /= g, b /= g;
    if (cden[f] == 0) cnum[f] = a, cden[f] = b;
    else if (cnum[f] != a || cden[f] != b) coef_mixed[f] = true;
  }
  static const int fams[] = {4, 5, 6, 7, 9, 10};
  for (int i = 0; i < 6; i++) {
    int f = fams[i];
    char key[32];
    g_snprintf(key, sizeof key, "f%d_type", f);
    rw_word(w, "HC11", key, type[f] == 1 ? "min" : type[f] == 2 ? "max" : "mixed");
    g_snprintf(key, sizeof key, "f%d_coef", f);
    if (coef_mixed[f] || cden[f] == 0) rw_word(w, "HC11", key, "mixed");
    else rw_rational(w, "HC11", key, cnum[f], cden[f]);
    members_ok &= type[f] == 1 || type[f] == 2;
  }
  rw_int(w, "HC11", "other_extrema", other);
  rw_bool(w, "HC11", "family_members_extrema", members_ok);
  rw_rational(w, "HC11", "max_coef", best_num, best_den);
  rw_bool(w, "HC11", "closed_form_agrees", closed);
  rw_int(w, "HC11", "k_range_max_n", NMAX);
  rw_bool(w, "HC11", "theorem4", thm4);
  all &= thm4 && closed && members_ok && other == 0;

  /* HC14: the counting bound, n = 3..64 */
  bool forms = true, exceeds = true, below = true;
  for (int n = 3; n <= 64; n++) {
    int kc = 1, ks = 1;
    while (!(binom(n - 1, kc - 1) << (n - 1) >= binom(n, kc) << (n - kc))) kc++;
    while (!((int64_t)ks << (ks - 1) >= n)) ks++;
    forms &= kc == ks;
    exceeds &= kc > log((double)n);
    below &= kc <= K[n];
  }
  rw_bool(w, "HC14", "counting_forms_agree", forms);
  rw_bool(w, "HC14", "exceeds_ln", exceeds);
  rw_bool(w, "HC14", "below_upper", below);
  all &= forms && exceeds && below;

  if (fig) {
    fprintf(fig, "# N\tK/N\tcounting/N\t(floor(3N/7)+1)/N\n");
    for (int64_t N = 3; N <= NMAX; N++) {
      int ks = 1;
      while (!((int64_t)ks << (ks - 1) >= N)) ks++;
      fprintf(fig, "%lld\t%.6f\t%.6f\t%.6f\n", (long long)N, (double)K[N] / (double)N,
              (double)ks / (double)N, (double)upper(N) / (double)N);
    }
    expt_close_file(&e, fig);
  }
  g_free(K);
  if (rw_close(w) != 0) return 3;
  return all ? 0 : 1;
}
