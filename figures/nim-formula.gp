# figures/nim-formula.gp — SG5: a JM hypergraph beside its formula.  Left: the
# Sprague–Grundy values of H(2,3), n = 5, on the slice x = (i, j, 10, 10, 10);
# right: the JM formula U of (1a)–(3) on the same slice (the two agree on
# every position of the box).  Data: results/nim-named-slices.dat (index 0:
# columns i, j, SG, U, P, differ) from experiments/nim/named.c.
load 'figures/style.gp'
set terminal cairolatex pdf size 12cm,6cm
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
stats datafile index 0 using 1 nooutput
S = STATS_max
set xrange [-0.5:S + 0.5]
set yrange [-0.5:S + 0.5]
set multiplot layout 1,2 margins 0.08,0.88,0.14,0.9 spacing 0.06
set title "$\\mathcal G(x)$ (computed)" offset 0,-0.6
set ylabel "$x_2$" offset 0.5,0
unset colorbox
plot datafile index 0 using 1:2:3 with image
set title "$\\mathcal U(x)$ (JM formula)" offset 0,-0.6
unset ylabel
set format y ""
set colorbox user origin 0.9,0.2 size 0.02,0.6
set cbtics 10
plot datafile index 0 using 1:2:4 with image
unset multiplot
