#!/bin/sh
# paper/scaling-fit.sh SCALING_TSV — the empirical exponents of bench-scaling's
# measurements (build/scaling.tsv, or the --quick data of a quick run), and the
# data of figures/perf-scaling.gp.
#
# For each engine, the exponent is the slope of the least-squares line through
# the points (log10 size, log10 seconds): over all its points ("all"), and over
# the larger half of its sizes ("upper": the last ceil(n/2) rows, where fixed
# costs matter least).  Nothing is typed: both slopes come from the rows.
#
# Output, tab-separated, one gnuplot data block per engine (blocks separated
# by two blank lines, in the order the engines appear):
#   #fit  engine  size_measure  points  first_size  last_size  first_instance
#         last_instance  slope_all  slope_upper  upper_points  paper
#   a header line whose 4th field is the key title (LaTeX) of the series,
#   then rows  size  seconds  fit  instance  where fit is the upper line's
#   value (NaN outside the upper half).
# A malformed input (wrong header, a size or time that is not positive) is an
# error: one line on stderr, exit 1.
tsv=$1
[ -f "$tsv" ] || { echo "scaling-fit.sh: no file '$tsv'" >&2; exit 1; }
awk -F'\t' '
function paper(e) {
  if (e == "cubic-pregame") return "cubic tic-tac-toe"
  if (e == "hypercube-verify") return "hypercube"
  if (e == "nim-sg") return "hypergraph NIM"
  if (e == "ninerow-enum") return "9-in-a-row"
  if (e == "lattice-thm1") return "lattice"
  return e
}
function short(e) {
  if (e == "cubic-pregame") return "cubic"
  if (e == "hypercube-verify") return "hypercube"
  if (e == "nim-sg") return "NIM"
  if (e == "ninerow-enum") return "9-in-a-row"
  if (e == "lattice-thm1") return "lattice"
  return e
}
function f2(v) { return v == "nan" ? "nan" : sprintf("%.2f", v) }
function slope(e, from, to,   i, n, sx, sy, sxx, sxy, x, y) {
  n = 0; sx = sy = sxx = sxy = 0
  for (i = from; i <= to; i++) {
    x = log(size[e, i]) / log(10); y = log(secs[e, i]) / log(10)
    n++; sx += x; sy += y; sxx += x * x; sxy += x * y
  }
  if (n < 2 || n * sxx - sx * sx == 0) return "nan"
  b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
  a = (sy - b * sx) / n
  return b
}
NR == 1 {
  if ($1 != "engine" || $2 != "size_measure" || $3 != "size" || $4 != "seconds") {
    print "scaling-fit.sh: " FILENAME " does not have bench-scaling'"'"'s header" > "/dev/stderr"; bad = 1; exit 1
  }
  next
}
{
  if ($3 + 0 <= 0 || $4 + 0 <= 0) {
    print "scaling-fit.sh: line " NR ": size and seconds must be positive" > "/dev/stderr"; bad = 1; exit 1
  }
  e = $1
  if (!(e in count)) { order[++ne] = e; measure[e] = $2 }
  i = ++count[e]
  size[e, i] = $3; secs[e, i] = $4; inst[e, i] = $6
}
END {
  if (bad) exit 1
  if (ne == 0) { print "scaling-fit.sh: no measurements in " FILENAME > "/dev/stderr"; exit 1 }
  for (k = 1; k <= ne; k++) {
    e = order[k]; n = count[e]; lo = int(n / 2) + 1
    all = slope(e, 1, n)
    up = slope(e, lo, n); ua = a; ub = b
    if (k > 1) printf "\n\n"
    printf "#fit\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", e, measure[e], n, size[e, 1], size[e, n], \
      inst[e, 1], inst[e, n], f2(all), f2(up), n - lo + 1, paper(e)
    printf "size\tseconds\tfit\t%s, %s: $%s$\n", short(e), measure[e], f2(up)
    for (i = 1; i <= n; i++) {
      x = log(size[e, i]) / log(10)
      fit = i >= lo && up != "nan" ? sprintf("%.6g", exp((ua + ub * x) * log(10))) : "NaN"
      printf "%s\t%s\t%s\t%s\n", size[e, i], secs[e, i], fit, inst[e, i]
    }
  }
}' "$tsv"
