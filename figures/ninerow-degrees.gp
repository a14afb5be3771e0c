# figures/ninerow-degrees.gp — KR5: the degree distribution of the graph of
# pairings, ours (results/ninerow-graph-degrees.dat from
# experiments/ninerow/graph.c: degree <tab> classes) against the paper's
# Table 2, read from expected/ninerow-graph.tsv (keys degree_count_d).
load 'figures/style.gp'
set terminal cairolatex pdf size 12cm,5.2cm dashed
set datafile separator "\t"
set logscale y
set yrange [5:150000]
set xrange [0.3:11.7]
set xtics 1
set xlabel "degree"
set ylabel "classes"
set style fill solid 0.8 border -1
set boxwidth 0.38
set key top right
published(key) = key[1:13] eq "degree_count_" ? real(key[14:]) : NaN
plot datafile using ($1 - 0.2):2 with boxes lc rgb "#1b6ca8" title "ours", \
     'expected/ninerow-graph.tsv' using (published(strcol(2)) + 0.2):3 with boxes lc rgb "#c0392b" title "Table 2"
