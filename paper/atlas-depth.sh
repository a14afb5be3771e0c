#!/bin/sh
# paper/atlas-depth.sh DIR — the paragraph and table on how the cost of an
# open game of the atlas grows back along a line of play (make
# campaign-atlas-depth, mk/atlas-depth.sh), from DIR/run.tsv (the run's
# command, commit, start, end, machine), DIR/depth.tsv and
# DIR/depth-times.tsv (the figure they cite is in paper/games-atlas.tex).  With --dat: the data of figures/atlas-depth.gp
# instead, one block per line of play (blank lines between), each row
# "plies expansions decided" (decided 1 or 0: open at the budget), fields
# separated by tabs, under a header line whose first field is the key title.
# Nothing here is typed: every number comes from those files.  Without
# DIR/depth.tsv: nothing.
dat=0
[ "${1:-}" = --dat ] && dat=1 && shift
dir=$1
[ -f "$dir/depth.tsv" ] && [ -f "$dir/run.tsv" ] || exit 0
. "$(dirname "$0")/fmt.sh"
awk -F'\t' -v dat=$dat "$FMT"'
  function nm(b,   q) { if (b ~ /^torus:/) { split(substr(b, 7), q, ","); return "\\texttt{torus:" q[1] "," q[2] "}" } if (b ~ /^[0-9]+\^[0-9]+$/) return "$" b "$"; return "\\texttt{" b "}" }
  function mv(s,   t) { t = s; gsub(/\+/, " ", t); return "\\texttt{" t "}" }
  FILENAME ~ /run\.tsv$/ && FNR > 1 { run[$1] = $2; next }
  FNR == 1 { next }
  { n = split($2, p, "/"); if (p[3] != "depth") next
    g = p[1] "/" p[2]; if (!(g in seen)) { seen[g] = 1; gs[++m] = g }
    if (n == 4 && p[4] == "line") { line[g] = $3; next }
    if (n != 5) next
    if (!((g, p[4]) in has)) { has[g, p[4]] = 1; k[g, ++nk[g]] = p[4] + 0 }
    v[g, p[4], p[5]] = $3 }
  END {
    if (!m) exit
    if (dat) {
      for (i = 1; i <= m; i++) { g = gs[i]; if (i > 1) printf "\n\n"
        split(g, q, "/"); printf "%s, %s first\tplies\texpansions\tdecided\n", q[1], q[2] == "maker" ? "Maker" : "Breaker"
        for (j = nk[g]; j >= 1; j--) { x = k[g, j]; printf "%d\t%s\t%d\n", x, v[g, x, "nodes"], v[g, x, "outcome"] != "open" } }
      exit }
    printf "\\paragraph{How far the open games are.} "
    printf "A budget says little about how far a game is from being decided, so the solver of commit \\texttt{%s} was also run backwards along one line of play in %s of the open games (Table~\\ref{tab:atlas-depth}, Figure~\\ref{fig:atlas-depth}), on %s from %s to %s UTC (%s): the position after the whole line, then the position two moves earlier (the same side to move), and so on, until a position stayed open within its budget of wall-clock time. ", substr(run["commit"], 1, 7), m == 1 ? "one" : m == 2 ? "two" : m, substr(run["started_utc"], 1, 10), when(run["started_utc"]), when(run["finished_utc"]), run["machine"]
    printf "In each line both sides take a cell of largest gain in the line potential (Section~\\ref{sec:lines}), ties going to the first cell in the order of $x$, then $y$; the lines are "
    for (i = 1; i <= m; i++) { g = gs[i]; split(g, q, "/")
      printf "%s%s with %s first: %s", i == 1 ? "" : i == m ? " and " : ", ", nm(q[1]), q[2] == "maker" ? "Maker" : "Breaker", mv(line[g]) }
    printf ". Every decided position'"'"'s certificate was accepted again by \\texttt{makerbreaker check}; they are in \\file{campaigns/atlas/depth/}. "
    rmin = rmax = 0
    for (i = 1; i <= m; i++) { g = gs[i]
      for (j = 2; j <= nk[g]; j++) { a = k[g, j - 1]; b = k[g, j]
        if (v[g, a, "nodes"] > 0) { r = v[g, b, "nodes"] / v[g, a, "nodes"]
          if (v[g, b, "outcome"] != "open") { if (!rmin || r < rmin) rmin = r; if (r > rmax) rmax = r } } } }
    if (rmax) printf "Between decided positions, each step of two moves back multiplied the expansions by %s to %s. ", sprintf("%.0f", rmin), sprintf("%.0f", rmax)
    for (i = 1; i <= m; i++) { g = gs[i]; split(g, q, "/"); x = k[g, nk[g]]
      if (v[g, x, "outcome"] == "open")
        printf "On %s the position after %d moves stayed open after %s expansions; a proof of the game must still search the %d moves above it, with every one of Maker'"'"'s moves there, not only the line'"'"'s. ", nm(q[1]), x, grp(v[g, x, "nodes"]), x
      else if (x == 0) printf "On %s the whole game was decided. ", nm(q[1]) }
    printf "\n"
    printf "\\begin{table}[tbp]\n\\centering\\small\n\\begin{tabular}{lrlrrrr}\n\\toprule\n"
    printf "game & moves played & outcome & expansions & budget (s) & CPU (s) & peak RSS (MB) \\\\\n\\midrule\n"
    for (i = 1; i <= m; i++) { g = gs[i]; split(g, q, "/")
      for (j = 1; j <= nk[g]; j++) { x = k[g, j]; o = v[g, x, "outcome"]
        printf "%s & %d & %s & %s & %s & %s & %d \\\\\n", j == 1 ? nm(q[1]) : "", x, o == "open" ? "open" : o == "maker" ? "Maker wins" : "Breaker wins", grp(v[g, x, "nodes"]), v[g, x, "seconds_budget"], v[g, x, "cpu_seconds"], v[g, x, "peak_rss_kb"] / 1024 + 0.5 }
      if (i < m) printf "\\addlinespace\n" }
    printf "\\bottomrule\n\\end{tabular}\n"
    printf "\\caption{Open games solved backwards along a line of play (the lines are in the text): the position after the given number of moves, decided or open within its budget of wall-clock time on %s, with the solver'"'"'s expansions, CPU-seconds (user and system) and peak resident memory.}\n\\label{tab:atlas-depth}\n\\end{table}\n", run["threads"] == 1 ? "one thread" : run["threads"] " threads"
  }
' "$dir/run.tsv" "$dir/depth.tsv" "$dir/depth-times.tsv"
