# figures/atlas-depth.gp — MB14: how the cost of an open torus game grows
# back along a line of play (make campaign-atlas-depth): the solver's
# expansions to decide the position after a number of moves, log scale;
# filled points decided, an open circle with an arrow open within the
# budget (a lower bound).  Data: paper/atlas-depth.sh --dat from the stored
# rows in campaigns/atlas/depth/: one block per line, a header line (the
# key title), then rows "plies expansions decided", separated by tabs.
load 'figures/style.gp'
set terminal cairolatex pdf size 12cm,6cm dashed
set output outfile
set logscale y
set format y "$10^{%T}$"
set xlabel "moves played before the position"
set ylabel "expansions" offset 1,0
set datafile separator "\t"
set key bottom left box opaque samplen 2 spacing 1.2
set offsets 0.5, 0.5, 0, 0
set yrange [*:*]
stats datafile using 1 nooutput
blocks = STATS_blocks
plot for [i=0:blocks-1] datafile index i using 1:($3 == 1 ? $2 : NaN) with linespoints ls i+1 title columnheader(1), \
     for [i=0:blocks-1] datafile index i using 1:($3 == 0 ? $2 : NaN) with points ls i+1 pt (i == 0 ? 6 : 4) ps 1.0 notitle, \
     for [i=0:blocks-1] datafile index i using 1:($3 == 0 ? $2 : NaN):(0):($2 * 4) with vectors ls i+1 lw 1.5 head filled size screen 0.012,25 notitle
