# figures/lattice-assign.gp — LD1: Theorem 1's direction assignment and
# pairing for the four standard directions (n = 4) on a 12 x 12 window.
# Each point is drawn as a short stroke along its assigned direction; each
# pair joins a low point to its partner n = 4 steps along that direction.
# Data: results/lattice-theorem1-assign.dat from experiments/lattice/theorem1.c:
# x y direction dx dy (dx dy: partner offset of a low point, else 0 0).
load 'figures/style.gp'
set terminal cairolatex pdf size 7cm,7cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set xrange [-0.8:11.8]
set yrange [-0.8:11.8]
# directions 0 (1,0), 1 (0,1), 2 (1,1), 3 (1,-1)
colour(d) = d == 0 ? 0x1b6ca8 : d == 1 ? 0x27ae60 : d == 2 ? 0xc0392b : 0x8e44ad
ux(d) = d == 1 ? 0 : (d == 0 ? 0.32 : 0.23)
uy(d) = d == 0 ? 0 : (d == 1 ? 0.32 : (d == 2 ? 0.23 : -0.23))
paired(dx, dy) = dx != 0 || dy != 0
plot datafile using ($1):($2):(paired($4, $5) ? $4 : NaN):($5):(colour($3)) \
       with vectors nohead lw 0.7 lc rgb variable dt 1, \
     datafile using ($1 - ux($3)):($2 - uy($3)):(2 * ux($3)):(2 * uy($3)):(colour($3)) \
       with vectors nohead lw 4 lc rgb variable
