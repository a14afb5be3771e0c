#!/bin/sh
# paper/atlas-open.sh DIR — the paragraph and table on what the open games
# of the atlas cost (make campaign-atlas-open, mk/atlas-open.sh), from
# DIR/run.tsv (the run's command, commit, start, end, threads, machine),
# DIR/open.tsv and DIR/open-times.tsv.  Nothing here is typed: every number
# comes from those files.  Without DIR/open.tsv: nothing.
dir=$1
[ -f "$dir/open.tsv" ] && [ -f "$dir/run.tsv" ] || exit 0
. "$(dirname "$0")/fmt.sh"
awk -F'\t' "$FMT"'
  function nm(b,   q) { if (b ~ /^torus:/) { split(substr(b, 7), q, ","); return "\\texttt{torus:" q[1] "," q[2] "}" } return "\\texttt{" b "}" }
  function word(n,   w) { split("zero one two three four five six seven eight nine ten eleven twelve", w, " ")
    return n >= 0 && n <= 12 ? w[n + 1] : n }
  FILENAME ~ /run\.tsv$/ && FNR > 1 { run[$1] = $2; next }
  FNR == 1 { next }
  { n = split($2, p, "/"); if (n != 4 || p[3] != "open_run") next
    g = p[1] "/" p[2]; if (!(g in seen)) { seen[g] = 1; gs[++m] = g }; v[g, p[4]] = $3 }
  END {
    if (!m) exit
    nd = 0; for (i = 1; i <= m; i++) { g = gs[i]; if (v[g, "outcome"] != "open") nd++
      C += v[g, "cpu_seconds"]; E += v[g, "nodes"]; if (v[g, "seconds_budget"] != "") S = v[g, "seconds_budget"] }
    printf "\\paragraph{What the open games cost.} "
    printf "The %s games of Table~\\ref{tab:atlas-open}, which the atlas of the full profile leaves open, were each solved once more from the first move by the solver of commit \\texttt{%s}, on %s from %s to %s UTC, for %s seconds of wall-clock time each on %s (%s). ", word(m), substr(run["commit"], 1, 7), substr(run["started_utc"], 1, 10), when(run["started_utc"]), when(run["finished_utc"]), S, run["threads"] == 1 ? "one thread" : run["threads"] " threads", run["machine"]
    if (nd == 0) printf "None was decided. "
    else printf "Of the %s, %s %s decided (Table~\\ref{tab:atlas-open}; the certificates are in \\file{campaigns/atlas/open/}). ", word(m), word(nd), nd == 1 ? "was" : "were"
    printf "The table gives what each run spent: %s expansions and %s CPU-seconds in all. For an open game these are lower bounds on what this solver needs, measured, not estimates; nothing in them says how far each game is from being decided.\n", grp(E), grp(sprintf("%.0f", C))
    printf "\\begin{table}[tbp]\n\\centering\\small\n\\begin{tabular}{llrrrr}\n\\toprule\n"
    printf "game & first & outcome & expansions & CPU (s) & peak RSS (MB) \\\\\n\\midrule\n"
    for (i = 1; i <= m; i++) { g = gs[i]; split(g, q, "/"); o = v[g, "outcome"]
      printf "%s & %s & %s & %s & %s & %d \\\\\n", nm(q[1]), q[2] == "maker" ? "Maker" : "Breaker", o == "open" ? "open" : o == "maker" ? "Maker wins" : "Breaker wins", grp(v[g, "nodes"]), v[g, "cpu_seconds"], v[g, "peak_rss_kb"] / 1024 }
    printf "\\bottomrule\n\\end{tabular}\n"
    printf "\\caption{The games the atlas of the full profile leaves open, each solved from its first move for %s seconds of wall-clock time on %s (\\emph{first}: the side that moves first): the solver'"'"'s expansions, its CPU-seconds (user and system) and its peak resident memory.}\n\\label{tab:atlas-open}\n\\end{table}\n", S, run["threads"] == 1 ? "one thread" : run["threads"] " threads" }
' "$dir/run.tsv" "$dir/open.tsv" "$dir/open-times.tsv"
