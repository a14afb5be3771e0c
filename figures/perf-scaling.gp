# figures/perf-scaling.gp — the Performance chapter: seconds per instance
# against instance size, log–log, one series per paper's engine, each with
# the least-squares line through the larger half of its sizes; the slope
# (the empirical exponent) is in the key.
# Data: build/.../gen/scaling-fit.dat, written by paper/scaling-fit.sh from
# bench-scaling's rows (src/tools/bench_scaling.c): one block per engine,
# a header line whose 4th field is the key title, then rows
# size <tab> seconds <tab> fitted seconds (NaN outside the fit) <tab> instance.
load 'figures/style.gp'
set terminal cairolatex pdf size 15.8cm,5.8cm dashed
set output outfile
set datafile separator "\t"
set style line 4 lc rgb "#8e44ad" lw 2 pt 11 ps 0.8
set style line 5 lc rgb "#d35400" lw 2 pt 13 ps 0.8
set logscale xy
set format x "$10^{%T}$"
set format y "$10^{%T}$"
set xlabel "instance size (cells, subcubes, positions, classes, torus cells)"
set ylabel "seconds per instance" offset 1,0
set key outside right top vertical Left reverse samplen 1 spacing 1.2
stats datafile using 1 nooutput
blocks = STATS_blocks
plot for [i=0:blocks-1] datafile index i using 1:2 with points ls i+1 title columnheader(4), \
     for [i=0:blocks-1] datafile index i using 1:3 with lines ls i+1 notitle
