# figures/hypercube-pbounds.gp — HC16: what is known about p(n), n = 3..32.
# Data: build/.../results/hypercube-pnew.dat, written by
# experiments/hypercube/pnew.c (columns n, lower, upper, counting bound,
# refined+local bound, recipe K(n), floor(3n/7)+1, decided 0/1).  The bounds are
# integers at integer n; the step curves are centred on them.
load 'figures/style.gp'
set xrange [2.5:32.5]
set yrange [1.5:14.5]
set xtics ("$4$" 4, "$8$" 8, "$12$" 12, "$16$" 16, "$20$" 20, "$24$" 24, "$28$" 28, "$32$" 32)
set ytics ("$2$" 2, "$4$" 4, "$6$" 6, "$8$" 8, "$10$" 10, "$12$" 12, "$14$" 14)
set xlabel "$n$"
set ylabel "$k$" offset 1,0
set key outside right top Left reverse width -11 box opaque spacing 1.1
set style fill transparent solid 0.25 noborder
plot datafile using 1:2:3 with filledcurves lc rgb "#1b6ca8" title "open range", \
     datafile using ($1-0.5):7 with steps ls 2 title "$\\lfloor 3n/7\\rfloor+1$", \
     datafile using ($1-0.5):6 with steps ls 9 lc rgb "#c0392b" title "$K(n)$ of the \\S5 recipe", \
     datafile using ($1-0.5):4 with steps ls 3 title "counting bound", \
     datafile using ($1-0.5):5 with steps ls 3 dt 2 title "refined and local counting", \
     datafile using 1:($8 > 0 ? $2 : 1/0) with points ls 1 pt 7 ps 0.9 title "$p(n)$ decided", \
     datafile using 1:($8 > 0 ? 1/0 : $3) with points ls 1 pt 6 ps 0.9 title "upper bound", \
     datafile using 1:($8 > 0 ? 1/0 : $2) with points ls 1 pt 4 ps 0.7 title "lower bound"
