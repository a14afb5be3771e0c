#!/bin/sh
# paper/atlas-lines-dat.sh LINES_TSV BOARD — the data of figures/atlas-lines.gp:
# for each cell x y of the mnk board BOARD (mnk:M,N,K), the status of its
# class of Maker's first move in LINES_TSV (the rows of make
# campaign-atlas-lines): 1 when a line opening with a cell of the class is a
# Breaker win, 0 otherwise; and 1 when the cell is the class's listed cell.
# A cell's class is found among its images under the rectangle's
# reflections (and, on a square, the transposition): the listed cell among
# them.  Prints "x y status listed" per cell; nothing if BOARD has no classes
# in LINES_TSV.
tsv=$1 board=$2
awk -F'\t' -v b="$board" '
  BEGIN { split(b, q, /[:,]/); M = q[2] + 0; N = q[3] + 0 }
  $2 ~ ("^" b "/opening_class/") { c = $2; sub(/.*\//, "", c); cls[c] = 1 }
  $2 ~ ("^" b "/line/M:[0-9]+,[0-9]+(\\+.*)?/outcome$") && $3 == "breaker" {
    m = $2; sub(/^[^\/]*\/line\/M:/, "", m); sub(/[+\/].*/, "", m); won[m] = 1 }
  END {
    if (!length(cls)) exit
    for (y = 1; y <= N; y++) for (x = 1; x <= M; x++) {
      n = 0; im[++n] = x "," y; im[++n] = (M + 1 - x) "," y; im[++n] = x "," (N + 1 - y); im[++n] = (M + 1 - x) "," (N + 1 - y)
      if (M == N) { im[++n] = y "," x; im[++n] = (N + 1 - y) "," x; im[++n] = y "," (M + 1 - x); im[++n] = (N + 1 - y) "," (M + 1 - x) }
      r = ""; for (i = 1; i <= n; i++) if (im[i] in cls) r = im[i]
      printf "%d %d %d %d\n", x, y, (r != "" && (r in won)) ? 1 : 0, (x "," y) == r }
  }' "$tsv"
