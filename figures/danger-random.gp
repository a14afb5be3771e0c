# figures/danger-random.gp — CT11, Figure 4 (right): on 7^3 Maker opens at the
# centre and then plays uniformly random free cells; Breaker is greedy.
# Data: build/.../results/cubic-danger-random.dat, written by
# experiments/cubic/danger.c (--figdata-random; columns i, then min, q1, median,
# q3, max of D_i over the seeds).  A danger of 0 is drawn on the bottom edge.
load 'figures/style.gp'
set terminal cairolatex pdf size 12cm,5.2cm dashed
set logscale y 2
set xrange [0:64]
set yrange [1.0/256:2]
set ytics ("$\\frac{1}{128}$" 1.0/128, "$\\frac{1}{32}$" 1.0/32, "$\\frac18$" 0.125, "$\\frac12$" 0.5, "$1$" 1, "$2$" 2)
set xlabel "Maker's move $i$"
set ylabel "total danger $D_i$" offset 1,0
set key bottom left
set style fill solid 1.0 noborder
low(y) = y > 1.0/256 ? y : 1.0/256
plot datafile using 1:(low($2)):(low($6)) with filledcurves lc rgb "#d4e4f1" title "min--max", \
     datafile using 1:(low($3)):(low($5)) with filledcurves lc rgb "#8db7d8" title "quartiles", \
     datafile using 1:(low($4)) with lines ls 1 title "median", \
     1 with lines ls 9 notitle
