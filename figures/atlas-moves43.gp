# figures/atlas-moves43.gp — MB11: Maker's winning first moves on 4^3
# (Maker first), drawn as its four layers z = 1..4 in two rows: every
# cell of a winning class filled blue, a class left open light blue, the
# others white.  Data: boards-moves.dat of `make campaign-atlas` (the
# all-moves run of 4^3, each move's certificate checked in the same run;
# the stored one in campaigns/atlas/ when this build has none): x y z w
# (1 winning, 2 open, 0 losing).
load 'figures/style.gp'
set terminal cairolatex pdf size 4cm,4cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
# layer z at column (z-1) mod 2, row (z-1) div 2 (z = 1 top left)
set xrange [0.4:9.6]
set yrange [-0.9:10.6]
do for [z = 1:4] {
  set label z sprintf('$z=%d$', z) at 5 * ((z - 1) % 2) + 2.5, 6 * (1 - (z - 1) / 2) - 0.35 center
}
plot datafile using ($1 + 5 * (int($3 - 1) % 2)):($2 + 6 * (1 - int($3 - 1) / 2)):(0.5):(0.5):($4 == 1 ? 0x1b6ca8 : $4 == 2 ? tint(0x1b6ca8, 0.7) : 0xffffff) \
       with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable
