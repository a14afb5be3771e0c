# figures/style.gp — common look of every figure.  The cairolatex terminal
# leaves all text to LaTeX, so labels use the report's own fonts and math.
# Each figure script is called with  -e "datafile='...'; outfile='....tex'".
set terminal cairolatex pdf size 12cm,6.2cm dashed
set output outfile
set border lw 1.2
set grid lc rgb "#dddddd" lw 0.8
set key top left box opaque
set style line 1 lc rgb "#1b6ca8" lw 2 pt 7 ps 0.7
set style line 2 lc rgb "#c0392b" lw 2 pt 5 ps 0.7
set style line 3 lc rgb "#27ae60" lw 2 pt 9 ps 0.8
set style line 9 lc rgb "#555555" lw 1.5 dt 2

# One colour per DIRECTION, the same in every figure (boards, lattices, pre-game
# pairings).  Directions are as SEEN on the page, whatever way a figure's y axis
# runs: horizontal, vertical, diagonal "/" (rising to the right), antidiagonal
# "\" (falling to the right), and on 3-d boards the axis across the layers.
dir_h = 0x1b6ca8   # horizontal     blue
dir_v = 0x27ae60   # vertical       green
dir_d = 0xc0392b   # diagonal /     red
dir_a = 0x8e44ad   # antidiagonal \ violet
dir_z = 0xe67e22   # across layers  orange
# the colour of a step (dx, dy) as drawn, dy measured UPWARDS on the page
# (a figure whose y axis runs downwards passes -dy)
dircolour(dx, dy) = dy == 0 ? dir_h : dx == 0 ? dir_v : dx * dy > 0 ? dir_d : dir_a
# a colour mixed with white (t = 0: the colour, t = 1: white), for cell fills
mix_(c, t) = int(c + (255 - c) * t + 0.5)
tint(c, t) = (mix_((c >> 16) & 255, t) << 16) + (mix_((c >> 8) & 255, t) << 8) + mix_(c & 255, t)
# a colour as a string for "lc rgb"
rgbstr(c) = sprintf("#%06x", c)
