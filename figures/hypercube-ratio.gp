# figures/hypercube-ratio.gp — HC11, HC14: K(N)/N of the §5 recipe.
# Data: build/.../results/hypercube-recipe.dat, written by
# experiments/hypercube/recipe.c (columns N, K/N, counting bound/N,
# (floor(3N/7)+1)/N for N = 3..4^6).
load 'figures/style.gp'
set logscale x 4
set xrange [3:4096]
set xtics ("$4$" 4, "$16$" 16, "$64$" 64, "$256$" 256, "$1024$" 1024, "$4096$" 4096)
set yrange [0:0.8]
set ytics ("$0$" 0, "$0.25$" 0.25, "$0.5$" 0.5, "$0.75$" 0.75)
set label 11 "$\\frac37$" at 4400,3.0/7 left
set label 12 "$\\frac13$" at 4400,1.0/3 left
set label 13 "$\\frac14$" at 4400,0.25 left
set rmargin 5
set xlabel "$N$ (dimension of the cube)"
set ylabel "$k/N$" offset 1,0
set terminal cairolatex pdf size 14cm,7.4cm dashed
set output outfile
set key at screen 0.5, screen 0.01 center bottom horizontal maxrows 2 Left reverse samplen 2.5 spacing 1.15
set bmargin 6.5
plot 3.0/7 with lines ls 9 lc rgb "#c0392b" notitle, \
     1.0/3 with lines ls 9 notitle, \
     0.25 with lines ls 9 lc rgb "#27ae60" notitle, \
     datafile using 1:4 with lines ls 2 lw 1 title "$(\\lfloor 3N/7\\rfloor+1)/N$ (Theorem 4)", \
     datafile using 1:2 with lines ls 1 title "$K(N)/N$, \\S5 recipe", \
     datafile using 1:3 with lines ls 3 title "counting lower bound$/N$"
