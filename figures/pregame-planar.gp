# figures/pregame-planar.gp — CT4: pre-game pairings of 5^2, 6^2, 7^2 in the
# style of the paper's Figure 1 (a pair = two cells with the same number;
# blank cells are unpaired), x to the right, y downwards.  Each cell is tinted
# with the colour of its pair's direction (figures/style.gp).  Data:
# results/cubic-pregame-planar.dat from experiments/cubic/pregame.c, one block
# per board: x y label px py pz (the partner, 0 0 0 if none).
load 'figures/style.gp'
set terminal cairolatex pdf size 15cm,5.6cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
# the step to the partner as seen, y turned upwards
seen(x, y, px, py) = dircolour(px - x, y - py)
set multiplot layout 1,3
do for [i = 0:2] {
  n = i + 5
  set title sprintf("$%d^2$", n)
  set xrange [0.5:n + 0.5]
  set yrange [n + 0.5:0.5]
  plot datafile index i using ($6 > 0 ? $1 : NaN):2:(0.5):(0.5):(tint(seen($1, $2, $4, $5), 0.55)) \
         with boxxyerror fs solid 1.0 noborder lc rgb variable, \
       datafile index i using 1:2:(0.5):(0.5) with boxxyerror fs empty lc rgb "#555555" lw 1, \
       datafile index i using 1:2:(sprintf('\\footnotesize{}%s', strcol(3))) with labels noenhanced
}
unset multiplot
