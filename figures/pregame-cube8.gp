# figures/pregame-cube8.gp — CT6: a pre-game pairing of 8^3 (244 pairs), layer
# by layer z = 1..8, numbered as in the paper's Figure 1.  Data:
# results/cubic-pregame-cube8.dat from experiments/cubic/pregame.c, one
# block per layer: x y label.
load 'figures/style.gp'
set terminal cairolatex pdf size 16cm,8.6cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set multiplot layout 2,4 margins 0.01,0.99,0.02,0.95 spacing 0.02,0.06
do for [z = 1:8] {
  set title sprintf("{\\small $z=%d$}", z) offset 0,-0.8
  set xrange [0.5:8.5]
  set yrange [8.5:0.5]
  plot datafile index (z - 1) using 1:2:(0.5):(0.5) with boxxyerror fs empty lc rgb "#777777" lw 0.6, \
       datafile index (z - 1) using 1:2:(sprintf('\\tiny{}%s', strcol(3))) with labels noenhanced
}
unset multiplot
