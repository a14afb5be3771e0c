# figures/ninerow-hexgraph.gp — KR8: the graph of the 26 pairing classes of
# hexagonal 7-in-a-row (the paper's Fig. 8), Kamada–Kawai layout by igraph;
# vertices carry their degrees.  Data: results/ninerow-hex-graph.dat from
# experiments/ninerow/hex.c (a block of edges x y dx dy, a block of vertices).
load 'figures/style.gp'
set terminal cairolatex pdf size 9cm,7cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set offsets 0.5, 0.5, 0.5, 0.5
plot datafile index 0 using 1:2:3:4 with vectors nohead lw 1.5 lc rgb "#555555", \
     datafile index 1 using 1:2 with points pt 7 ps 2.0 lc rgb "#c0392b", \
     datafile index 1 using 1:2:(sprintf('\\scriptsize\\color{white}%d', $3)) with labels
