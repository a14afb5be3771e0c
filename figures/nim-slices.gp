# figures/nim-slices.gp — SG5: Sprague–Grundy values of the three hypergraphs
# named in §1 on the slice x = (i, j, 10, ..., 10): (V2)∪(V3), n = 5 (JM);
# (V1)∪(V2), n = 4; (V2), n = 5.  Colour = SG (values from 30 up share the
# darkest colour); dots = P-positions (SG = 0); rings = SG differs from the JM
# formula.  Data: results/nim-named-slices.dat from experiments/nim/named.c,
# one gnuplot index per case; columns i, j, SG, U, P, differ.
load 'figures/style.gp'
set terminal cairolatex pdf size 15cm,5.6cm
set output outfile
unset key
unset grid
set size ratio -1
set cbrange [0:30]
set palette defined (0 "#fffbe0", 4 "#fde725", 10 "#5ec962", 18 "#21918c", 24 "#3b528b", 30 "#440154")
set tics out nomirror scale 0.5
set xtics 5
set format x "$%g$"
set ytics 5
set xlabel "$x_1$" offset 0,0.6
set multiplot layout 1,3 margins 0.06,0.9,0.14,0.9 spacing 0.04
stats datafile index 0 using 1 nooutput
S = STATS_max
set xrange [-0.5:S + 0.5]
set yrange [-0.5:S + 0.5]
do for [k = 0:2] {
  if (k == 0) { set title "$\\lambda=(2,3)$, $n=5$ (JM)" offset 0,-0.6 }
  if (k == 1) { set title "$\\lambda=(1,2)$, $n=4$" offset 0,-0.6 }
  if (k == 2) { set title "$\\lambda=(2)$, $n=5$" offset 0,-0.6 }
  if (k == 0) { set ylabel "$x_2$" offset 0.5,0; set format y "$%g$" } else { unset ylabel; set format y "" }
  if (k == 2) { set colorbox user origin 0.915,0.2 size 0.015,0.6; set cbtics 10 } else { unset colorbox }
  plot datafile index k using 1:2:3 with image, \
       datafile index k using ($5 > 0 ? $1 : 1/0):2 with points pt 7 ps 0.3 lc rgb "#c0392b", \
       datafile index k using ($6 > 0 ? $1 : 1/0):2 with points pt 6 ps 0.35 lw 0.6 lc rgb "#000000"
}
unset multiplot
