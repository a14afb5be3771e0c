# figures/atlas-grid.gp — MB10: the mnk atlas, one panel per K: each cell
# (M, N) with 3 <= M <= N <= 8 split in two, Maker first on the left half,
# Breaker first on the right, blue where Maker wins, grey where Breaker
# wins, white with a cross where the budget left it open.  Data:
# results/games-atlas-grid.dat from experiments/games/atlas.c:
# K M N maker_first breaker_first (1 Maker wins, 0 Breaker wins, 2 open).
load 'figures/style.gp'
set terminal cairolatex pdf size 11.4cm,7.7cm
set output outfile
unset key
unset grid
set size ratio -1
set xrange [2.4:8.6]
set yrange [2.4:8.6]
set xtics 3,1,8 scale 0 font ",7"
set ytics 3,1,8 scale 0
set border lw 0.8
fill(o) = o == 1 ? 0x1b6ca8 : o == 0 ? 0xb8b8b8 : 0xffffff
set multiplot layout 2,3 margins 0.08,0.99,0.09,0.94 spacing 0.05,0.13
do for [k = 3:8] {
  set title sprintf('$K=%d$', k) offset 0,-0.7
  if (k >= 6) { set xlabel '$M$' offset 0,0.6 } else { unset xlabel }
  if (k == 3 || k == 6) { set ylabel '$N$' offset 0.2,0 } else { unset ylabel }
  plot datafile using ($1 == k ? $2 - 0.22 : NaN):3:(0.22):(0.44):(fill($4)) with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable, \
       datafile using ($1 == k ? $2 + 0.22 : NaN):3:(0.22):(0.44):(fill($5)) with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable, \
       datafile using ($1 == k && $4 == 2 ? $2 - 0.22 : NaN):3 with points pt 2 ps 0.6 lc rgb "#c0392b", \
       datafile using ($1 == k && $5 == 2 ? $2 + 0.22 : NaN):3 with points pt 2 ps 0.6 lc rgb "#c0392b"
}
unset multiplot
