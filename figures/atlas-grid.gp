# figures/atlas-grid.gp — MB10: the mnk atlas, one panel per K: each cell
# (M, N) with 3 <= M <= N <= 8 split in two, Maker first on the left half,
# Breaker first on the right, blue where Maker wins, grey where Breaker
# wins, white with a cross where the budget left it open; on the right,
# Maker's winning first moves on one mnk board (Maker first), every cell of
# a winning class filled blue, a class the budget left open light blue, the
# others white.  Data (two files, from experiments/games/atlas.c):
# results/games-atlas-grid.dat, K M N maker_first breaker_first (1 Maker
# wins, 0 Breaker wins, 2 open); results/games-atlas-moves.dat
# (--moves-board, default mnk:5,5,4), x y w (1 winning, 2 open, 0 losing).
load 'figures/style.gp'
gridfile = word(datafile, 1)
movesfile = word(datafile, 2)
set terminal cairolatex pdf size 15.4cm,7.7cm
set output outfile
unset key
unset grid
set size ratio -1
fill(o) = o == 1 ? 0x1b6ca8 : o == 0 ? 0xb8b8b8 : 0xffffff
set multiplot
# the six panels of the mnk atlas in two rows of three on the left
x0 = 0.06; x1 = 0.75; y0 = 0.09; y1 = 0.94; gx = 0.04; gy = 0.13
pw = (x1 - x0 - 2 * gx) / 3; ph = (y1 - y0 - gy) / 2
set xrange [2.4:8.6]
set yrange [2.4:8.6]
set xtics 3,1,8 scale 0 font ",7"
set ytics 3,1,8 scale 0
set border lw 0.8
do for [k = 3:8] {
  c = (k - 3) % 3; r = (k - 3) / 3
  set lmargin at screen x0 + c * (pw + gx); set rmargin at screen x0 + c * (pw + gx) + pw
  set tmargin at screen y1 - r * (ph + gy); set bmargin at screen y1 - r * (ph + gy) - ph
  set title sprintf('$K=%d$', k) offset 0,-0.7
  if (k >= 6) { set xlabel '$M$' offset 0,0.6 } else { unset xlabel }
  if (k == 3 || k == 6) { set ylabel '$N$' offset 0.2,0 } else { unset ylabel }
  plot gridfile using ($1 == k ? $2 - 0.22 : NaN):3:(0.22):(0.44):(fill($4)) with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable, \
       gridfile using ($1 == k ? $2 + 0.22 : NaN):3:(0.22):(0.44):(fill($5)) with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable, \
       gridfile using ($1 == k && $4 == 2 ? $2 - 0.22 : NaN):3 with points pt 2 ps 0.6 lc rgb "#c0392b", \
       gridfile using ($1 == k && $5 == 2 ? $2 + 0.22 : NaN):3 with points pt 2 ps 0.6 lc rgb "#c0392b"
}
# the winning first moves, alone on the right
unset title
unset xlabel
unset ylabel
unset xtics
unset ytics
unset border
stats movesfile using 1:2 nooutput
set xrange [0.4:STATS_max_x + 0.6]
set yrange [0.4:STATS_max_y + 0.6]
set lmargin at screen 0.80; set rmargin at screen 0.99
set tmargin at screen 0.70; set bmargin at screen 0.30
plot movesfile using 1:2:(0.5):(0.5):($3 == 1 ? 0x1b6ca8 : $3 == 2 ? tint(0x1b6ca8, 0.7) : 0xffffff) \
     with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable
unset multiplot
