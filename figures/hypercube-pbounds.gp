# figures/hypercube-pbounds.gp — HC16: what is known about p(n), n = 3..32.
# Data: build/.../results/hypercube-pnew.dat, written by
# experiments/hypercube/pnew.c (columns n, lower, upper, counting bound,
# refined+local bound, recipe K(n), floor(3n/7)+1, decided 0/1).  The bounds are
# integers at integer n; the step curves and the shaded open range are centred
# on them.
load 'figures/style.gp'
set terminal cairolatex pdf size 15.8cm,8.2cm dashed
set output outfile
set xrange [2.5:32.5]
set yrange [1.5:14.5]
set xtics 4, 2, 32 format "$%g$"
set mxtics 2
set ytics 2, 2, 14 format "$%g$"
set mytics 2
set grid xtics ytics mxtics mytics lc rgb "#dddddd" lw 0.6, lc rgb "#eeeeee" lw 0.5
set ylabel "$k$" offset 1,0
set key at screen 0.5, screen 0.01 center bottom horizontal maxrows 3 Left reverse width -2 spacing 1.15 samplen 2.5
set xlabel "$n$" offset 0,0.3
set bmargin 8.5
set style fill transparent solid 0.25 noborder
plot datafile using 1:(($2 + $3) / 2):(0.5):(($3 - $2) / 2) with boxxyerror lc rgb "#1b6ca8" title "open range", \
     datafile using ($1-0.5):7 with steps ls 2 title "$\\lfloor 3n/7\\rfloor+1$", \
     datafile using ($1-0.5):6 with steps ls 9 lc rgb "#c0392b" title "$K(n)$ of the \\S5 recipe", \
     datafile using ($1-0.5):4 with steps ls 3 title "counting bound", \
     datafile using ($1-0.5):5 with steps ls 3 dt 2 title "refined and local counting", \
     datafile using 1:($8 > 0 ? $2 : 1/0) with points ls 1 pt 7 ps 0.9 title "$p(n)$ decided", \
     datafile using 1:($8 > 0 ? 1/0 : $3) with points ls 1 pt 6 ps 0.9 title "upper bound", \
     datafile using 1:($8 > 0 ? 1/0 : $2) with points ls 1 pt 4 ps 0.7 title "lower bound"
