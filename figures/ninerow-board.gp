# figures/ninerow-board.gp — KR2: the Hales–Jewett pairing (the paper's
# Fig. 1) as an 8 x 8 board of dominoes; a domino leaving the board continues
# on the opposite edge (the pairing repeats with period 8).  Data:
# results/ninerow-pairings-board.dat from experiments/ninerow/pairings.c:
# x y dx dy direction (0 E-W, 1 SE-NW, 2 S-N, 3 SW-NE), y downwards.
load 'figures/style.gp'
set terminal cairolatex pdf size 5.6cm,5.6cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set xrange [-0.75:7.75]
set yrange [7.75:-0.75]
do for [i = 0:8] {
  set arrow from i - 0.5, -0.5 to i - 0.5, 7.5 nohead lc rgb "#bbbbbb" lw 0.8 back
  set arrow from -0.5, i - 0.5 to 7.5, i - 0.5 nohead lc rgb "#bbbbbb" lw 0.8 back
}
# colour by the direction as drawn (figures/style.gp); y runs downwards here
whole(dx, dy) = abs(dx) >= 1 || abs(dy) >= 1
plot datafile using 1:2:3:4:(dircolour($3, -$4)) with vectors nohead lw 6 lc rgb variable, \
     datafile using 1:2 with points pt 7 ps 0.45 lc rgb "#222222", \
     datafile using (whole($3, $4) ? $1 + $3 : NaN):($2 + $4) with points pt 7 ps 0.45 lc rgb "#222222"
