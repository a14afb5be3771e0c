# figures/lattice-assign.gp — LD1: Theorem 1's direction assignment and
# pairing for the four standard directions (n = 4) on a 12 x 12 window, y up.
# Left: the assignment, each point a short stroke along its direction.  Right:
# the pairs, one small panel per direction, so that no two pairs cross: a
# segment joins a low point to its partner n steps along its direction; a
# point whose partner lies outside the window gets a stub pointing to it.
# Colours: one per direction (figures/style.gp).
# Data: results/lattice-theorem1-assign.dat from experiments/lattice/theorem1.c:
# x y direction dx dy (dx dy: partner offset of a low point, else 0 0).
load 'figures/style.gp'
set terminal cairolatex pdf size 15.8cm,7.6cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
# directions 0 (1,0), 1 (0,1), 2 (1,1), 3 (1,-1)
vx(d) = d == 1 ? 0 : 1
vy(d) = d == 0 ? 0 : (d == 1 || d == 2 ? 1 : -1)
colour(d) = dircolour(vx(d), vy(d))
stats datafile using (abs($4) > abs($5) ? abs($4) : abs($5)) nooutput
N = STATS_max          # the partner offset is N v (N = |S|)
stats datafile using 1 nooutput
W = STATS_max          # window 0..W
lo = -0.7
hi = W + 0.7
set xrange [lo:hi]
set yrange [lo:hi]
inside(x, y) = x >= 0 && x <= W && y >= 0 && y <= W
low(dx, dy) = dx != 0 || dy != 0
# partner offset of any point: given for a low point, -N v for a high one
px(x, d, dx, dy) = low(dx, dy) ? dx : -N * vx(d)
py(y, d, dx, dy) = low(dx, dy) ? dy : -N * vy(d)
ux(d) = d == 1 ? 0 : (d == 0 ? 0.32 : 0.23)
uy(d) = d == 0 ? 0 : (d == 1 ? 0.32 : (d == 2 ? 0.23 : -0.23))
set multiplot
# left: the assignment
set lmargin at screen 0.0
set rmargin at screen 0.44
set bmargin at screen 0.02
set tmargin at screen 0.94
set title "\\small the direction of each point" offset 0,-0.8
do for [i = 0:W] {
  set arrow 100 + i from i, lo to i, hi nohead lc rgb "#eeeeee" lw 0.5 back
  set arrow 200 + i from lo, i to hi, i nohead lc rgb "#eeeeee" lw 0.5 back
}
plot datafile using ($1 - ux($3)):($2 - uy($3)):(2 * ux($3)):(2 * uy($3)):(colour($3)) \
       with vectors nohead lw 4 lc rgb variable
# right: the pairs of each direction; a segment stops short of its two points
# (by g steps) so that pairs following each other on one line stay apart
g = 0.2
array T[4] = ["pairs along $(1,0)$", "pairs along $(0,1)$", "pairs along $(1,1)$", "pairs along $(1,-1)$"]
do for [k = 0:3] {
  set lmargin at screen 0.47 + (k % 2) * 0.27
  set rmargin at screen 0.47 + (k % 2) * 0.27 + 0.25
  set bmargin at screen (k < 2 ? 0.51 : 0.02)
  set tmargin at screen (k < 2 ? 0.94 : 0.45)
  set title sprintf("\\small %s", T[k + 1]) offset 0,-0.9
  plot datafile using 1:2 with points pt 7 ps 0.18 lc rgb "#bbbbbb", \
       datafile using ($3 == k && low($4, $5) && inside($1 + $4, $2 + $5) ? $1 + g * $4 / N : NaN):($2 + g * $5 / N):($4 * (1 - 2 * g / N)):($5 * (1 - 2 * g / N)):(colour($3)) \
         with vectors nohead lw 2 lc rgb variable, \
       datafile using ($3 == k && !inside($1 + px($1, $3, $4, $5), $2 + py($2, $3, $4, $5)) ? $1 : NaN):2:(0.6 * px($1, $3, $4, $5) / N):(0.6 * py($2, $3, $4, $5) / N):(colour($3)) \
         with vectors head size 0.3,25 filled lw 1.5 lc rgb variable, \
       datafile using ($3 == k ? $1 : NaN):2:(colour($3)) with points pt 7 ps 0.4 lc rgb variable
}
unset multiplot
