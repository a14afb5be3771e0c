# figures/atlas-lines.gp — MB14: what is proved of mnk:8,8,5 (Maker first).
# Each cell is coloured by its class of Maker's first move (under the
# board's symmetries): grey where a line opening in the class is a checked
# Breaker win (make campaign-atlas-lines), white with a cross where none is
# decided yet; a dot marks the class's listed cell, the line's opening.
# Data: paper/atlas-lines-dat.sh from the lines' rows (this build's
# campaign, else campaigns/atlas/lines.tsv): x y status listed.
load 'figures/style.gp'
set terminal cairolatex pdf size 4.2cm,4.2cm
set output outfile
unset key
unset grid
set size ratio -1
set xrange [0.4:8.6]
set yrange [0.4:8.6]
set xtics 1,1,8 scale 0 font ",7"
set ytics 1,1,8 scale 0
set border lw 0.8
plot datafile using 1:2:(0.5):(0.5):($3 == 1 ? 0xb8b8b8 : 0xffffff) with boxxyerror fs solid 1 border lc rgb "#555555" lc rgb variable, \
     datafile using ($3 == 0 ? $1 : NaN):2 with points pt 2 ps 0.6 lc rgb "#c0392b", \
     datafile using ($4 == 1 ? $1 : NaN):2 with points pt 7 ps 0.35 lc rgb "#1b6ca8"
