# figures/atlas-moves43.gp — MB11: Maker's winning first moves on 4^3
# (Maker first), drawn as its four layers z = 1..4 side by side: every
# cell of a winning class filled blue, a class left open light blue, the
# others white.  Data: boards-moves.dat of `make campaign-atlas` (the
# all-moves run of 4^3, each move's certificate checked in the same run;
# the stored one in campaigns/atlas/ when this build has none): x y z w
# (1 winning, 2 open, 0 losing).
load 'figures/style.gp'
set terminal cairolatex pdf size 7cm,2.2cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set xrange [0.4:19.6]
set yrange [-0.6:4.6]
do for [z = 1:4] {
  set label z sprintf('$z=%d$', z) at 5 * (z - 1) + 2.5, -0.1 center
}
plot datafile using ($1 + 5 * ($3 - 1)):2:(0.5):(0.5):($4 == 1 ? 0x1b6ca8 : $4 == 2 ? tint(0x1b6ca8, 0.7) : 0xffffff) \
       with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable
