# figures/ninerow-component.gp — KR6: two small components of the graph of
# pairings.  Left: the smallest one, by igraph's Kamada–Kawai layout, vertices
# carrying their degrees.  Right: a 16-vertex component, a 4-cube, drawn as Q_4
# (its Petrie projection: each dimension's edges parallel) from a labelling of its vertices by {0,1}^4 that the
# experiment verifies to be an isomorphism; vertices carry their coordinates.
# Data: results/ninerow-graph-component.dat from experiments/ninerow/graph.c
# (per component: a block of edges x y dx dy, a block of vertices
# x y degree label).
load 'figures/style.gp'
set terminal cairolatex pdf size 15cm,6.5cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set multiplot
# left: the smallest component
set lmargin at screen 0.02
set rmargin at screen 0.36
set bmargin at screen 0.05
set tmargin at screen 0.95
set offsets 0.4, 0.4, 0.4, 0.4
plot datafile index 0 using 1:2:3:4 with vectors nohead lw 2 lc rgb "#555555", \
     datafile index 1 using 1:2 with points pt 7 ps 2.2 lc rgb "#1b6ca8", \
     datafile index 1 using 1:2:(sprintf('\\scriptsize\\color{white}%s', strcol(4))) with labels
# right: the 4-cube; labels pushed outwards from the centre
set lmargin at screen 0.4
set rmargin at screen 0.98
set offsets 0.6, 0.6, 0.45, 0.45
r(x, y) = sqrt(x * x + y * y)
plot datafile index 2 using 1:2:3:4 with vectors nohead lw 1.5 lc rgb "#555555", \
     datafile index 3 using 1:2 with points pt 7 ps 1.0 lc rgb "#1b6ca8", \
     datafile index 3 using ($1 + 0.62 * $1 / r($1, $2)):($2 + 0.36 * $2 / r($1, $2)):(sprintf('\\tiny $%s$', strcol(4))) with labels
unset multiplot
