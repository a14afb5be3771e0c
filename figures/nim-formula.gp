# figures/nim-formula.gp — SG5: where the Sprague–Grundy values leave the JM
# formula.  G - U on the slice x = (i, j, 10, ..., 10) of the three hypergraphs
# of figures/nim-slices.gp (same panels): G computed, U the JM formula of
# (1a)–(3) from the Tetris values.  White = agreement; red: G > U; blue: G < U.
# A panel where G = U everywhere says so (computed here, not typed).
# Data: results/nim-named-slices.dat (per case: columns i, j, SG, U, P,
# differ) from experiments/nim/named.c.
load 'figures/style.gp'
set terminal cairolatex pdf size 15.8cm,5.8cm
set output outfile
unset key
unset grid
set size ratio -1
set tics out nomirror scale 0.5
set xtics 5
set format x "$%g$"
set ytics 5
set xlabel "$x_1$" offset 0,0.6
stats datafile index 0 using 1 nooutput
S = STATS_max
# a symmetric range, from the largest |G - U| over the three panels
M = 1
do for [k = 0:2] {
  stats datafile index k using (abs($3 - $4)) nooutput
  if (STATS_max > M) { M = STATS_max }
  eval sprintf("D%d = STATS_max", k)
}
M = 10 * ceil(M / 10.0)
set cbrange [-M:M]
set palette defined (-1 "#2166ac", -0.5 "#92c5de", 0 "#ffffff", 0.5 "#f4a582", 1 "#b2182b")
set multiplot layout 1,3 margins 0.06,0.88,0.14,0.9 spacing 0.04
set xrange [-0.5:S + 0.5]
set yrange [-0.5:S + 0.5]
do for [k = 0:2] {
  if (k == 0) { set title "$\\lambda=(2,3)$, $n=5$ (JM)" offset 0,-0.6 }
  if (k == 1) { set title "$\\lambda=(1,2)$, $n=4$" offset 0,-0.6 }
  if (k == 2) { set title "$\\lambda=(2)$, $n=5$" offset 0,-0.6 }
  if (k == 0) { set ylabel "$x_2$" offset 0.5,0; set format y "$%g$" } else { unset ylabel; set format y "" }
  if (k == 2) { set colorbox user origin 0.905,0.2 size 0.015,0.6; set cbtics 20; set label 2 "$\\mathcal G-\\mathcal U$" at screen 0.912, screen 0.86 center } else { unset colorbox }
  eval sprintf("d = D%d", k)
  if (d == 0) { set label 1 "$\\mathcal G=\\mathcal U$ everywhere" at S / 2.0, S / 2.0 center front } else { unset label 1 }
  plot datafile index k using 1:2:($3 - $4) with image
  unset label 1
}
unset multiplot
