# figures/danger-greedy.gp — CT11, Figure 4 (left): greedy Maker against greedy Breaker.
# Data: build/.../results/cubic-danger.dat, written by experiments/cubic/danger.c
# (--figdata; columns i, D_i*2^n, 2^n, D_i; one block per board 5^3, 6^3, 7^3).
# D_i is the total danger right after Maker's i-th move; ties go to the smallest
# cell index.  Below the dashed line (D_i < 1) Breaker wins by Erdős–Selfridge.
load 'figures/style.gp'
set logscale y 2
set xrange [0:70]
set yrange [1.0/128:4]
set ytics ("$\\frac{1}{64}$" 1.0/64, "$\\frac{1}{16}$" 0.0625, "$\\frac14$" 0.25, "$1$" 1, "$2$" 2, "$4$" 4)
set xlabel "Maker's move $i$"
set ylabel "total danger $D_i$" offset 1,0
set key bottom left
pos(y) = y > 0 ? y : 1/0
plot 1 with lines ls 9 notitle, \
     datafile index 0 using 1:(pos($4)) with linespoints ls 1 ps 0.45 title "$5^3$", \
     datafile index 1 using 1:(pos($4)) with linespoints ls 2 ps 0.45 title "$6^3$", \
     datafile index 2 using 1:(pos($4)) with linespoints ls 3 ps 0.45 title "$7^3$"
