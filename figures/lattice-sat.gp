# figures/lattice-sat.gp — LD4: a periodic pairing for the four standard
# directions found by the SAT search (adjacent pairs, period 8 x 8), on a
# 16 x 16 window; it blocks every line of length 9 = 2|S| + 1.  Dominoes
# are coloured by their direction (figures/style.gp; y upwards).
# Data: results/lattice-conjecture-pairing.dat from
# experiments/lattice/conjecture.c: x y direction dx dy (lower ends only).
load 'figures/style.gp'
set terminal cairolatex pdf size 6cm,6cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set xrange [-0.8:15.8]
set yrange [-0.8:15.8]
lower(dx, dy) = dx != 0 || dy != 0
plot datafile using 1:2:(lower($4, $5) ? $4 : NaN):5:(dircolour($4, $5)) with vectors nohead lw 4 lc rgb variable, \
     datafile using 1:2 with points pt 7 ps 0.3 lc rgb "#222222"
