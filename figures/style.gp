# figures/style.gp — common look of every figure.  The cairolatex terminal
# leaves all text to LaTeX, so labels use the report's own fonts and math.
# Each figure script is called with  -e "datafile='...'; outfile='....tex'".
set terminal cairolatex pdf size 12cm,7cm dashed
set output outfile
set border lw 1.2
set grid lc rgb "#dddddd" lw 0.8
set key top left box opaque
set style line 1 lc rgb "#1b6ca8" lw 2 pt 7 ps 0.7
set style line 2 lc rgb "#c0392b" lw 2 pt 5 ps 0.7
set style line 3 lc rgb "#27ae60" lw 2 pt 9 ps 0.8
set style line 9 lc rgb "#555555" lw 1.5 dt 2
