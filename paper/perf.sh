#!/bin/sh
# paper/perf.sh PROFILE BENCH_TSV PAPER_TIMES FIT_DAT — the generated part of
# the Performance chapter (paper/performance.tex): LaTeX definitions only, the
# chapter places them.
#   \perfbenchtable  build/bench.tsv: every row with its rate, and per
#                    experiment the engine rate / baseline rate;
#   \perfjobtable    per experiment, the whole job: the paper's own time
#                    (paper/paper-times.tsv), our engine-full time (measured),
#                    the paper's method here (an ESTIMATE: the job's work at
#                    the baseline's measured rate) and paper time / ours;
#   \perfpapertable  the papers' own words for those times, with the place;
#   \perfslopetable  the fitted exponents of bench-scaling's series
#                    (FIT_DAT, written by paper/scaling-fit.sh);
#   \perf{KEY}       single values for the prose: slope-ENGINE (larger half),
#                    slopeall-ENGINE, ratio-EXPERIMENT, full-EXPERIMENT,
#                    speedup-EXPERIMENT; an unknown KEY stops the build.
# The quick profile times nothing for the report: the bench tables say so and
# the values from them read "not measured"; the exponents then come from
# bench-scaling --quick (three or four small sizes per engine) and say so.
# Every number here is read from the three files; only the descriptions of the
# jobs (what each engine-full row covers, on how many threads, as the bench
# tools' header comments say) are written below.
profile=$1 bench=$2 times=$3 fit=$4
for f in "$times" "$fit"; do
  [ -f "$f" ] || { echo "perf.sh: no file '$f'" >&2; exit 1; }
done
measured=0
if [ "$profile" = full ] && [ -f "$bench" ]; then measured=1; fi
[ "$measured" = 1 ] || bench=/dev/null
awk -F'\t' -v measured="$measured" -v profile="$profile" '
function commas(x,   s, r) {   # an integer with thin separators
  s = sprintf("%.0f", x); r = ""
  while (length(s) > 3) { r = "{,}" substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) }
  return s r
}
# benchtable(NAME, WB): \NAME, the bench rows of the paper engines (WB = 0)
# or of the workbench beside them (WB = 1, experiments workbench-*); the last
# column is the engine rate over the baseline rate (WB = 0) or the special
# engine rate over the workbench rate (WB = 1)
function benchtable(name, wb,   i, j, e, k, r, first) {
  print "\\newcommand{\\" name "}{%"
  print "\\begin{tabular}{@{}llrrrr@{}}"
  print "\\toprule"
  print "experiment (work) & variant & seconds & work & rate (per s) & " (wb ? "engine/workbench" : "engine/baseline") " \\\\"
  print "\\midrule"
  first = 1
  for (i = 1; i <= nb; i++) {
    e = border[i]
    if ((e ~ /^workbench-/) != wb || e ~ /^(solver|campaign)-/) continue  # the solver and campaign rows stay in bench.tsv
    if (!first) print "\\addlinespace"
    first = 0
    for (j = 1; j <= nrow[e]; j++) {
      k = e "/" rv[e, j]
      r = ""
      if (!wb && rv[e, j] == "engine" && rate[e "/baseline"] > 0) r = sprintf("%.0f", rate[k] / rate[e "/baseline"])
      if (wb && rv[e, j] == "engine" && rate[e "/workbench"] > 0) r = sprintf("%.2f", rate[k] / rate[e "/workbench"])
      printf "%s & %s & %s & %s & %s & %s \\\\\n", (j == 1 ? "\\texttt{" e "} (" unit[e] ")" : ""), \
        rv[e, j], sec[k], commas(work[k]), commas(rate[k]), r
    }
  }
  print "\\bottomrule"
  print "\\end{tabular}}"
}
function tex(s,   q) {          # plain text into LaTeX
  gsub(/\\/, "\\textbackslash{}", s); gsub(/[&%#_$]/, "\\\\&", s)
  gsub(/§/, "\\S{}", s)
  while (match(s, /"/)) { s = substr(s, 1, RSTART - 1) (q ? "'"''"'" : "``") substr(s, RSTART + 1); q = !q }
  return s
}
function dur(t) {               # seconds, readably
  if (t < 1) return sprintf("%.2f\\,s", t)
  if (t < 100) return sprintf("%.1f\\,s", t)
  if (t < 3600) return sprintf("%.0f\\,s (%.1f\\,min)", t, t / 60)
  return sprintf("%.0f\\,s (%.1f\\,h)", t, t / 3600)
}
function seconds_of(s,   n, i, a, t) {  # "5 h", "4 min + 1 min" -> seconds
  n = split(s, a, " "); t = 0
  for (i = 1; i < n; i += 2) {
    if (a[i + 1] == "h") t += a[i] * 3600
    else if (a[i + 1] == "min") t += a[i] * 60
    else if (a[i + 1] == "s") t += a[i]
    else return -1
    if (i + 2 < n && a[i + 2] != "+") return -1
    if (i + 2 < n) i++
  }
  return t
}
function def(k, v) { printf "\\expandafter\\def\\csname perf@%s\\endcsname{%s}\n", k, v }
function mathinst(s) { gsub(/\|/, "\\vert{}", s); return "$" s "$" }
# what each experiment is and what its engine-full row covers (bench_*.c)
BEGIN {
  unit["cubic7"] = "boards"; unit["ninerow"] = "classes"; unit["subcube-verify"] = "subcubes"
  unit["sg-engine"] = "positions"; unit["matching"] = "graphs"; unit["lattice-ld4"] = "direction sets"
  unit["workbench-8cube"] = "boards"; unit["workbench-9cube"] = "boards"; unit["workbench-7cube"] = "boards"
  unit["workbench-q7-3"] = "instances"; unit["workbench-q8-3"] = "instances"
  job["cubic7"] = "all boards of Step~3 (\\S4.2 and \\S4.3); engine 2 threads, paper'"'"'s method 1"
  job["ninerow"] = "all classes, then the graph; engine 2 threads, paper'"'"'s method 1 (enumeration only)"
  job["subcube-verify"] = "the 16 Theorem~3 strategies for $\\mathcal Q(16,5)$ and the recipe'"'"'s for $N\\le20$; 1 thread"
  job["sg-engine"] = "all 63 spectra, $n=6$, on $[0,8]^6$, with the JM comparison; 1 thread"
  job["lattice"] = "no bench experiment (Theorem~1 is checked in seconds; see Figure~\\ref{fig:perf-scaling})"
}
FILENAME == ARGV[1] && FNR > 1 {   # build/bench.tsv
  k = $1 "/" $2; sec[k] = $3; work[k] = $4; rate[k] = $5
  if (!($1 in seenb)) { seenb[$1] = 1; border[++nb] = $1 }
  nrow[$1]++; rv[$1, nrow[$1]] = $2
  next
}
FILENAME == ARGV[2] && FNR > 1 {   # paper/paper-times.tsv
  np++; pe[np] = $1; pt[np] = $2; pm[np] = $3; ps[np] = $4
  if ($2 != "none" && seconds_of($2) < 0) {
    print "perf.sh: paper-times: cannot read the time \"" $2 "\"" > "/dev/stderr"; bad = 1
  }
  next
}
FILENAME == ARGV[3] && $1 == "#fit" {   # scaling-fit.dat summaries
  nf++; fe[nf] = $2; fm[nf] = $3; fn[nf] = $4; ffirst[nf] = $7; flast[nf] = $8
  fall[nf] = $9; fup[nf] = $10; fupn[nf] = $11; fpaper[nf] = $12
  next
}
END {
  if (bad) exit 1
  print "% generated by paper/perf.sh; do not edit"
  if (measured) {
    benchtable("perfbenchtable", 0)
    benchtable("perfworkbenchtable", 1)
  } else {
    print "\\newcommand{\\perfbenchtable}{Not measured in this run (profile " profile "): \\texttt{make bench} writes \\texttt{build/bench.tsv}, and the full report uses it.}"
    print "\\newcommand{\\perfworkbenchtable}{Not measured in this run (profile " profile ").}"
  }
  # the whole job: paper, ours measured, the paper method here (estimated)
  print "\\newcommand{\\perfjobtable}{%"
  print "\\begin{tabular}{@{}l>{\\raggedright}p{5.3cm}>{\\raggedright}p{1.9cm}>{\\raggedright}p{1.4cm}>{\\raggedright}p{2.3cm}r@{}}"
  print "\\toprule"
  print "experiment & the job & paper'"'"'s time & ours, measured & paper'"'"'s method here, \\emph{estimated} & paper/ours \\\\"
  print "\\midrule"
  for (i = 1; i <= np; i++) {
    e = pe[i]; full = e "/engine-full"
    what = job[e] != "" ? job[e] : "--"
    if (measured && work[full] != "") what = commas(work[full]) " " unit[e] ": " what
    paper = pt[i] == "none" ? "not reported" : "about " pt[i]
    ours = "--"; est = "--"; ratio = "--"
    if (measured && sec[full] != "") {
      ours = dur(sec[full])
      if (rate[e "/baseline"] > 0) est = "$\\approx$ " dur(work[full] / rate[e "/baseline"])
      if (pt[i] != "none" && sec[full] > 0) ratio = commas(seconds_of(pt[i]) / sec[full])
    } else if (!measured && e in unit) ours = "not measured"
    printf "\\texttt{%s} & %s & %s & %s & %s & %s \\\\\n", e, what, paper, ours, est, ratio
  }
  print "\\bottomrule"
  print "\\end{tabular}}"
  # the papers in their own words
  print "\\newcommand{\\perfpapertable}{%"
  print "\\begin{tabular}{@{}l>{\\raggedright}p{1.9cm}>{\\raggedright}p{3.0cm}>{\\raggedright\\arraybackslash}p{7.6cm}@{}}"
  print "\\toprule"
  print "experiment & time & machine & where, in the paper'"'"'s words \\\\"
  print "\\midrule"
  for (i = 1; i <= np; i++)
    printf "\\texttt{%s} & %s & %s & %s \\\\\n", pe[i], (pt[i] == "none" ? "--" : "about " pt[i]), \
      (pm[i] == "-" ? "--" : tex(pm[i])), tex(ps[i])
  print "\\bottomrule"
  print "\\end{tabular}}"
  # the exponents
  print "\\newcommand{\\perfslopetable}{%"
  print "\\begin{tabular}{@{}llllrrr@{}}"
  print "\\toprule"
  print "paper & engine & size & instances & sizes & \\multicolumn{2}{c@{}}{exponent} \\\\"
  print "\\cmidrule(l){6-7}"
  print " & & & & & larger half & all \\\\"
  print "\\midrule"
  for (i = 1; i <= nf; i++)
    printf "%s & \\texttt{%s} & %s & %s to %s & %d & %s & %s \\\\\n", fpaper[i], fe[i], fm[i], \
      mathinst(ffirst[i]), mathinst(flast[i]), fn[i], fall[i] == "nan" ? "--" : sprintf("$%s$", fup[i]), \
      fall[i] == "nan" ? "--" : sprintf("$%s$", fall[i])
  print "\\bottomrule"
  print "\\end{tabular}}"
  # single values for the prose
  print "\\newcommand{\\perf}[1]{\\ifcsname perf@#1\\endcsname\\csname perf@#1\\endcsname"
  print "  \\else\\errmessage{no measured value #1}\\fi}"
  def("profile", profile == "full" ? "the full profile" : "the quick profile (three or four small sizes per engine: indicative only)")
  for (i = 1; i <= nf; i++) { def("slope-" fe[i], fup[i]); def("slopeall-" fe[i], fall[i]); def("sizes-" fe[i], fn[i]) }
  ne = split("cubic7 matching subcube-verify sg-engine ninerow", names, " ")
  for (i = 1; i <= ne; i++) {
    e = names[i]
    def("ratio-" e, measured && rate[e "/baseline"] > 0 ? sprintf("%.0f", rate[e "/engine"] / rate[e "/baseline"]) : "(not measured)")
    def("full-" e, measured && sec[e "/engine-full"] != "" ? dur(sec[e "/engine-full"]) : "(not measured)")
  }
  for (i = 1; i <= np; i++)
    if (pt[i] != "none")
      def("speedup-" pe[i], measured && sec[pe[i] "/engine-full"] > 0 ? commas(seconds_of(pt[i]) / sec[pe[i] "/engine-full"]) : "(not measured)")
}' "$bench" "$times" "$fit"
