/* boardview.c — text and gnuplot pictures of positions (contract in boardview.h). */
#include "game/boardview.h"

#include <string.h>

#include "game/pairing.h"

bool bv_grid(const MbBoard *b, BvGrid *g) {
  const BsSpec *sp = &b->spec;
  int d = bs_spec_coords(sp);
  if (d != 2 && d != 3) return false;
  memset(g, 0, sizeof *g);
  g->dims = d;
  g->side[2] = 1;
  g->lo = sp->kind == BS_CUBE || sp->kind == BS_MNK ? 1 : 0;
  for (int i = 0; i < d; i++) g->side[i] = sp->kind == BS_LATTICE ? sp->w : sp->n;
  if (sp->kind == BS_MNK) g->side[0] = sp->m;
  return (uint64_t)g->side[0] * g->side[1] * g->side[2] == b->ncells;
}

void bv_coords(const BvGrid *g, uint32_t cell, int *x, int *y, int *z) {
  *x = (int)(cell % (uint32_t)g->side[0]);
  cell /= (uint32_t)g->side[0];
  *y = (int)(cell % (uint32_t)g->side[1]);
  *z = (int)(cell / (uint32_t)g->side[1]);
}

static int digits(int v) {
  int n = 1;
  while (v >= 10) v /= 10, n++;
  return n;
}

void bv_text(const MbBoard *b, const char *mark, GString *out) {
  BvGrid g;
  if (!bv_grid(b, &g)) {
    for (int ch = 33; ch < 127; ch++) {
      if (ch == '.') continue;
      bool any = false;
      for (uint32_t c = 0; c < b->ncells; c++)
        if (mark[c] == ch) {
          g_autofree char *n = bs_cell_name(b, c);
          if (!any) g_string_append_printf(out, "%c:", ch), any = true;
          g_string_append_printf(out, " %s", n);
        }
      if (any) g_string_append_c(out, '\n');
    }
    return;
  }
  int hi = g.lo + MAX(g.side[0], g.side[1]) - 1;
  int cw = digits(hi) + 1, lw = digits(g.lo + g.side[1] - 1); /* cell width, row label width */
  int pw = lw + 1 + cw * g.side[0] + 3;                       /* one layer's width */
  if (g.dims == 3) {
    GString *h = g_string_new(NULL);
    for (int z = 0; z < g.side[2]; z++) {
      g_autofree char *t = g_strdup_printf("z=%d", g.lo + z);
      g_string_append_printf(h, "%*s%-*s", lw + 1 + cw - 1, "", pw - (lw + cw), t);
    }
    while (h->len && h->str[h->len - 1] == ' ') g_string_truncate(h, h->len - 1);
    g_string_append_printf(out, "%s\n", h->str);
    g_string_free(h, TRUE);
  }
  for (int y = g.side[1] - 1; y >= 0; y--) {
    GString *row = g_string_new(NULL);
    for (int z = 0; z < g.side[2]; z++) {
      g_string_append_printf(row, "%*d ", lw, g.lo + y);
      for (int x = 0; x < g.side[0]; x++) {
        uint32_t c = (uint32_t)(x + g.side[0] * (y + g.side[1] * z));
        g_string_append_printf(row, "%*c", cw, mark[c]);
      }
      if (z + 1 < g.side[2]) g_string_append(row, "   ");
    }
    g_string_append_printf(out, "%s\n", row->str);
    g_string_free(row, TRUE);
  }
  GString *row = g_string_new(NULL);
  for (int z = 0; z < g.side[2]; z++) {
    g_string_append_printf(row, "%*s ", lw, "");
    for (int x = 0; x < g.side[0]; x++) g_string_append_printf(row, "%*d", cw, g.lo + x);
    if (z + 1 < g.side[2]) g_string_append(row, "   ");
  }
  g_string_append_printf(out, "%s\n", row->str);
  g_string_free(row, TRUE);
}

bool bv_gnuplot(const MbBoard *b, const uint8_t *own, uint32_t marked, const char *title, GString *out) {
  BvGrid g;
  if (!bv_grid(b, &g)) return false;
  int gap = 2, W = g.side[0] * g.side[2] + gap * (g.side[2] - 1);
  g_string_append_printf(out,
                         "# makerbreaker explain --picture: %s\n"
                         "# run: gnuplot THIS-FILE > picture.png\n"
                         "set terminal pngcairo size %d,%d font \"sans,10\"\n"
                         "unset key\nunset border\nunset xtics\nunset ytics\n"
                         "set size ratio -1\n"
                         "set xrange [-1:%d]\nset yrange [-1.5:%d]\n",
                         b->name, 120 + 60 * W, 160 + 60 * g.side[1], W, g.side[1] + 1);
  g_autofree char *t = g_strescape(title, NULL);
  g_string_append_printf(out, "set title \"%s\" noenhanced\n", t);
  for (int z = 0; z < g.side[2] && g.dims == 3; z++)
    g_string_append_printf(out, "set label \"z=%d\" at %g,%d center\n", g.lo + z,
                           z * (g.side[0] + gap) + (g.side[0] - 1) / 2.0, g.side[1]);
  for (int z = 0; z < g.side[2]; z++) {
    for (int x = 0; x < g.side[0]; x++)
      g_string_append_printf(out, "set label \"%d\" at %d,-1 center tc rgb \"#777777\"\n", g.lo + x,
                             z * (g.side[0] + gap) + x);
  }
  for (int y = 0; y < g.side[1]; y++)
    g_string_append_printf(out, "set label \"%d\" at -0.8,%d right tc rgb \"#777777\"\n", g.lo + y, y);
  static const char *blk[] = {"free", "maker", "breaker", "marked"};
  static const char *style[] = {"pt 7 ps 0.6 lc rgb \"#bbbbbb\" title \"free\"",
                                "pt 7 ps 2.2 lc rgb \"#1b6ca8\" title \"Maker\"",
                                "pt 5 ps 2.0 lc rgb \"#c0392b\" title \"Breaker\"",
                                "pt 6 ps 3.6 lw 3 lc rgb \"#27ae60\" title \"the move\""};
  bool any[4] = {false, false, false, false};
  for (int k = 0; k < 4; k++) {
    g_string_append_printf(out, "$%s << EOD\n", blk[k]);
    for (uint32_t c = 0; c < b->ncells; c++) {
      int x, y, z;
      bv_coords(&g, c, &x, &y, &z);
      bool in = k == 3 ? c == marked : own[c] == k;
      if (in) g_string_append_printf(out, "%d %d\n", z * (g.side[0] + gap) + x, y), any[k] = true;
    }
    g_string_append(out, "EOD\n");
  }
  g_autofree char *mn = marked < b->ncells ? bs_cell_name(b, marked) : g_strdup("");
  g_string_append(out, "set key outside bottom center horizontal noenhanced\nplot");
  const char *sep = " ";
  for (int k = 0; k < 4; k++)
    if (any[k]) g_string_append_printf(out, "%s$%s with points %s", sep, blk[k], style[k]), sep = ", \\\n    ";
  if (any[3])
    g_string_append_printf(out, "%s$marked using 1:($2+0.45):(\"%s\") with labels tc rgb \"#27ae60\" notitle", sep, mn);
  g_string_append_c(out, '\n');
  return true;
}
