# figures/pregame-cube8.gp — CT6: a pre-game pairing of 8^3 (244 pairs), layer
# by layer z = 1..8 (x to the right, y downwards, as in the paper's Figure 1).
# A pair inside one layer is a segment between its two cells, coloured by its
# direction; a cell whose partner lies in another layer is filled with the
# colour of the line's direction seen from above (orange: straight across, same
# x and y) and shows the partner's layer.  Blank cells are unpaired.
# Data: results/cubic-pregame-cube8.dat from experiments/cubic/pregame.c, one
# block per layer: x y label px py pz (the partner, 0 0 0 if none).
load 'figures/style.gp'
set terminal cairolatex pdf size 15.8cm,7.6cm
set output outfile
unset key
unset grid
unset border
unset xtics
unset ytics
set size ratio -1
set lmargin 0
set rmargin 0
set tmargin 0
set bmargin 0
# layer z at column (z-1)%4, row (z-1)/4; y downwards
GX = 9.4
GY = 9.8
X(z, x) = ((z - 1) % 4) * GX + x
Y(z, y) = ((z - 1) / 4) * GY + y
set xrange [0.4:3 * GX + 8.6]
set yrange [2 * GY + 1.4:-0.6]
do for [z = 1:8] {
  set label z sprintf("$z=%d$", z) at X(z, 4.5), Y(z, -0.1) center
}
paired(pz) = pz > 0
across(z, pz) = pz > 0 && pz != z
# colour of a pair seen from above: the step to the partner, y turned upwards
seen(x, y, px, py) = (px == x && py == y) ? dir_z : dircolour(px - x, y - py)
first(x, y, px, py) = py > y || (py == y && px > x)
# a pair inside layer z, drawn once (from its first cell); cells one step apart
# are joined straight, farther pairs by a staple beside the line, so that it
# passes no cell centre
inlayer(z, x, y, px, py) = $6 == z && first(x, y, px, py)
long(x, y, px, py) = abs(px - x) > 1 || abs(py - y) > 1
sg(a) = a > 0 ? 1 : a < 0 ? -1 : 0
ox(x, y, px, py) = -sg(py - y) * 0.3 / sqrt(sg(px - x)**2 + sg(py - y)**2)
oy(x, y, px, py) = sg(px - x) * 0.3 / sqrt(sg(px - x)**2 + sg(py - y)**2)
# the legend, drawn under the layers
LY = 2 * GY + 0.6
array LT[5] = ["horizontal", "vertical", "diagonal /", "antidiagonal \\textbackslash", "straight across ($z$)"]
array LC[5] = [dir_h, dir_v, dir_d, dir_a, dir_z]
array LW[5] = [7.4, 6.2, 7.4, 9.4, 6]
LX = 0.6
do for [k = 1:5] {
  set object 20 + k rect center LX + 0.5, LY size 0.9, 0.9 fc rgb rgbstr(tint(LC[k], 0.55)) fs solid 1.0 border lc rgb "#bbbbbb" lw 0.5
  if (k < 5) {
    set arrow 20 + k from LX + 1.6, LY + (k == 2 ? 0.45 : k == 3 ? 0.45 : k == 4 ? -0.45 : 0) \
      to LX + (k == 2 ? 1.6 : 2.5), LY + (k == 2 ? -0.45 : k == 3 ? -0.45 : k == 4 ? 0.45 : 0) \
      nohead lw 3 lc rgb rgbstr(LC[k]) front
  }
  set label 20 + k sprintf("\\small %s", LT[k]) at LX + (k < 5 ? 2.9 : 1.2), LY left
  LX = LX + LW[k]
}
plot for [z = 1:8] datafile index z - 1 using (X(z, $1)):(Y(z, $2)):(0.5):(0.5) \
       with boxxyerror fs empty lc rgb "#c8c8c8" lw 0.5, \
     for [z = 1:8] datafile index z - 1 \
       using (across(z, $6) ? X(z, $1) : NaN):(Y(z, $2)):(0.5):(0.5):(tint(seen($1, $2, $4, $5), 0.55)) \
       with boxxyerror fs solid 1.0 noborder lc rgb variable, \
     for [z = 1:8] datafile index z - 1 using (X(z, $1)):(Y(z, $2)):(0.5):(0.5) \
       with boxxyerror fs empty lc rgb "#c8c8c8" lw 0.5, \
     for [z = 1:8] datafile index z - 1 \
       using (inlayer(z, $1, $2, $4, $5) && !long($1, $2, $4, $5) ? X(z, $1) : NaN):(Y(z, $2)):($4 - $1):($5 - $2):(seen($1, $2, $4, $5)) \
       with vectors nohead lw 3 lc rgb variable, \
     for [z = 1:8] datafile index z - 1 \
       using (inlayer(z, $1, $2, $4, $5) && long($1, $2, $4, $5) ? X(z, $1) : NaN):(Y(z, $2)):(ox($1, $2, $4, $5)):(oy($1, $2, $4, $5)):(seen($1, $2, $4, $5)) \
       with vectors nohead lw 2 lc rgb variable, \
     for [z = 1:8] datafile index z - 1 \
       using (inlayer(z, $1, $2, $4, $5) && long($1, $2, $4, $5) ? X(z, $1) + ox($1, $2, $4, $5) : NaN):(Y(z, $2) + oy($1, $2, $4, $5)):($4 - $1):($5 - $2):(seen($1, $2, $4, $5)) \
       with vectors nohead lw 2 lc rgb variable, \
     for [z = 1:8] datafile index z - 1 \
       using (inlayer(z, $1, $2, $4, $5) && long($1, $2, $4, $5) ? X(z, $4) : NaN):(Y(z, $5)):(ox($1, $2, $4, $5)):(oy($1, $2, $4, $5)):(seen($1, $2, $4, $5)) \
       with vectors nohead lw 2 lc rgb variable, \
     for [z = 1:8] datafile index z - 1 using ($6 == z ? X(z, $1) : NaN):(Y(z, $2)) \
       with points pt 7 ps 0.35 lc rgb "#222222", \
     for [z = 1:8] datafile index z - 1 using (across(z, $6) ? X(z, $1) : NaN):(Y(z, $2)):(sprintf('{\\footnotesize %d}', $6)) \
       with labels
