# figures/pairing-threshold.gp — CT3: where pre-game pairings become possible.
# Data: build/.../results/cubic-board.dat, written by experiments/cubic/board.c
# (columns d, n, cells, lines, cells/(2 lines); one block per d = 2, 3, 4).
# A pre-game pairing needs cells >= 2 lines, i.e. a point on or above 1.
load 'figures/style.gp'
set terminal cairolatex pdf size 12cm,5.2cm dashed
set logscale y 2
set xrange [1.5:12.5]
set xtics 1
set yrange [0.05:4]
set ytics ("$\\frac{1}{16}$" 0.0625, "$\\frac18$" 0.125, "$\\frac14$" 0.25, "$\\frac12$" 0.5, "$1$" 1, "$2$" 2, "$4$" 4)
set xlabel "board side $n$"
set ylabel "$n^d \\,/\\, (2\\cdot\\#\\text{lines})$" offset 1,0
set label 1 "pairing possible" at 2,1.3 left
set key bottom right
plot 1 with lines ls 9 notitle, \
     datafile index 0 using 2:5 with linespoints ls 1 title "$d=2$", \
     datafile index 1 using 2:5 with linespoints ls 2 title "$d=3$", \
     datafile index 2 using 2:5 with linespoints ls 3 title "$d=4$"
