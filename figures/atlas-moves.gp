# figures/atlas-moves.gp — MB10: Maker's winning first moves on one mnk
# board (Maker first), every cell of a winning class filled blue, a class
# the budget left open light blue, the others white.  Data:
# results/games-atlas-moves.dat from experiments/games/atlas.c
# (--moves-board, default mnk:5,5,4): x y w (1 winning, 2 open, 0 losing).
load 'figures/style.gp'
set terminal cairolatex pdf size 4cm,4cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
stats datafile using 1:2 nooutput
set xrange [0.4:STATS_max_x + 0.6]
set yrange [0.4:STATS_max_y + 0.6]
plot datafile using 1:2:(0.5):(0.5):($3 == 1 ? 0x1b6ca8 : $3 == 2 ? tint(0x1b6ca8, 0.7) : 0xffffff) with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable
