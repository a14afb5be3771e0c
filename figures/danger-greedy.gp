# figures/danger-greedy.gp — CT11, the paper's Figure 4 (left): greedy Maker
# against greedy Breaker.
# Data: build/.../results/cubic-danger.dat, written by experiments/cubic/danger.c
# (--figdata; columns i, D_i*2^n, 2^n, D_i; one block per board 5^3, 6^3, 7^3).
# D_i is the total danger right after Maker's i-th move; ties go to the smallest
# cell index.  Below the dashed line (D_i < 1) Breaker wins by Erdős–Selfridge.
# The first round with D_i < 1 on 7^3 is marked twice: the paper's, read from
# expected/cubic-danger.tsv, and ours, read from the result file beside the
# data (key first_below1_n7 in both; no number is typed here).
load 'figures/style.gp'
set terminal cairolatex pdf size 15.8cm,6.4cm dashed
set output outfile
# column 3 of the row with key K in a claim/key/value file, or "" if absent
lookup(file, key) = system(sprintf("awk -F'\\t' '$2 == \"%s\" { print $3; exit }' '%s' 2>/dev/null", key, file))
resultfile = datafile[1:strlen(datafile) - 4] . '.tsv'
paper7 = lookup('expected/cubic-danger.tsv', 'first_below1_n7')
ours7 = lookup(resultfile, 'first_below1_n7')
set multiplot
# main panel: all three boards, log scale
set logscale y 2
set xrange [0:70]
set yrange [1.0/128:4]
set ytics ("$\\frac{1}{64}$" 1.0/64, "$\\frac{1}{16}$" 0.0625, "$\\frac14$" 0.25, "$1$" 1, "$2$" 2, "$4$" 4)
set xlabel "Maker's move $i$"
set ylabel "total danger $D_i$" offset 1,0
set key bottom left Left reverse
set label 1 "$D_i=1$" at 69, 1.25 right
# the two rounds: a vertical marker each
if (strlen(paper7) > 0) {
  set arrow 1 from real(paper7), graph 0 to real(paper7), 1 nohead lc rgb "#222222" lw 2.5 dt 3 back
}
if (strlen(ours7) > 0) {
  set arrow 2 from real(ours7), graph 0 to real(ours7), 1 nohead lc rgb "#27ae60" lw 2 dt 2 back
}
set lmargin at screen 0.08
set rmargin at screen 0.64
set bmargin at screen 0.15
set tmargin at screen 0.92
pos(y) = y > 0 ? y : 1/0
plot 1 with lines ls 9 notitle, \
     datafile index 0 using 1:(pos($4)) with linespoints ls 1 ps 0.45 title "$5^3$", \
     datafile index 1 using 1:(pos($4)) with linespoints ls 2 ps 0.45 title "$6^3$", \
     datafile index 2 using 1:(pos($4)) with linespoints ls 3 ps 0.45 title "$7^3$"
# right panel: 7^3 around the crossing, exact values 2^7 D_i against 2^7
unset logscale y
unset label 1
set xrange [19.5:29.5]
set yrange [112:160]
set xtics 20, 2, 28
set ytics 112, 8, 160
set xlabel "Maker's move $i$"
set ylabel "$2^7 D_i$ on $7^3$" offset 1,0
set title "$7^3$ near $D_i=1$" offset 0,-0.7
set label 1 "$2^7$" at 29.2, 130.5 right
set lmargin at screen 0.74
set rmargin at screen 0.98
set bmargin at screen 0.15
set tmargin at screen 0.92
set arrow 1 from real(paper7), graph 0 to real(paper7), graph 1 nohead lc rgb "#222222" lw 2.5 dt 3 back
set arrow 2 from real(ours7), graph 0 to real(ours7), graph 1 nohead lc rgb "#27ae60" lw 2 dt 2 back
if (strlen(paper7) > 0) {
  set label 2 sprintf("\\footnotesize paper: $%s$", paper7) at real(paper7) - 0.3, 116 right front
}
if (strlen(ours7) > 0) {
  set label 3 sprintf("\\footnotesize ours: $%s$", ours7) at real(ours7) + 0.3, 151 left front
}
if (strlen(paper7) == 0) { unset arrow 1 }
if (strlen(ours7) == 0) { unset arrow 2 }
unset key
plot 128 with lines ls 9 notitle, \
     datafile index 2 using 1:2 with linespoints ls 3 ps 0.6 notitle
unset multiplot
