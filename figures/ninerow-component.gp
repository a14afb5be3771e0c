# figures/ninerow-component.gp — KR6: two small components of the graph of
# pairings, drawn by igraph's Kamada–Kawai layout: the smallest one (left)
# and a 16-vertex one, a 4-cube (right); vertices carry their degrees.
# Data: results/ninerow-graph-component.dat from experiments/ninerow/graph.c
# (per component: a block of edges x y dx dy, a block of vertices x y degree).
load 'figures/style.gp'
set terminal cairolatex pdf size 12cm,5.5cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set offsets 0.6, 0.6, 0.6, 0.6
set multiplot layout 1,2
do for [c = 0:1] {
  plot datafile index 2 * c using 1:2:3:4 with vectors nohead lw 2 lc rgb "#555555", \
       datafile index 2 * c + 1 using 1:2 with points pt 7 ps 2.2 lc rgb "#1b6ca8", \
       datafile index 2 * c + 1 using 1:2:(sprintf('\\scriptsize\\color{white}%d', $3)) with labels
}
unset multiplot
