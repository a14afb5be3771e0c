#!/bin/sh
# paper/atlas-rerun.sh DIR [STORED] — the paragraph on the ten lines of
# mnk:8,8,5 solved again from scratch in one run (issue 36), from
# DIR/run.tsv (the run's command, commit, start, end and whole wall time),
# DIR/lines.tsv and DIR/lines-times.tsv (mk/atlas-lines.sh's rows), and the
# stored lines' rows STORED (default DIR/../lines.tsv: their tree sizes, to
# say which trees are smaller).  Nothing here is typed: every number comes
# from those files.  Without DIR/run.tsv: nothing.
dir=$1
stored=${2:-$dir/../lines.tsv}
[ -f "$dir/run.tsv" ] || exit 0
[ -f "$stored" ] || { echo "atlas-rerun: no stored lines $stored" >&2; exit 2; }
. "$(dirname "$0")/fmt.sh"
awk -F'\t' "$FMT"'
  function line(mv,   q, i, n, s) { n = split(mv, q, "+")
    for (i = 1; i <= n; i++) s = s (i > 1 ? ", " : "") (substr(q[i], 1, 1) == "M" ? "Maker" : "Breaker") " $(" substr(q[i], 3) ")$"
    return s }
  FILENAME ~ /run\.tsv$/ && FNR > 1 { run[$1] = $2; next }
  FNR == 1 { next }
  FILENAME == stored { n = split($2, p, "/"); if (p[1] == "mnk:8,8,5" && p[2] == "line" && p[4] == "cert_nodes") S += $3; next }
  { n = split($2, p, "/"); if (p[1] != "mnk:8,8,5" || p[2] != "line") next
    l = p[3]; if (!(l in seen)) { seen[l] = 1; ls[++m] = l }; v[l, p[4]] = $3 }
  END {
    if (!m) exit
    ok = 1; for (i = 1; i <= m; i++) { l = ls[i]
      if (v[l, "outcome"] != "breaker" || v[l, "check"] != "certcheck-replay") ok = 0
      E += v[l, "nodes"]; T += v[l, "cert_nodes"]; C += v[l, "cpu_seconds"]; W += v[l, "wall_seconds"]
      if (v[l, "peak_rss_kb"] > R) R = v[l, "peak_rss_kb"] }
    printf "\\paragraph{The ten lines again, from scratch.} "
    printf "One run of the solver of commit \\texttt{%s} solved the %d lines of \\texttt{mnk:8,8,5} again from scratch, one after another on %d threads of the %s, on %s from %s to %s UTC. ", substr(run["commit"], 1, 7), m, run["threads"], run["machine"], substr(run["started_utc"], 1, 10), when(run["started_utc"]), when(run["finished_utc"])
    if (ok) printf "Breaker wins every line, and \\texttt{makerbreaker check} accepted every tree. "
    else printf "\\textcolor{red!75!black}{\\textbf{Not every line was decided for Breaker with its tree accepted}} (Table~\\ref{tab:atlas-rerun}). "
    printf "The run took %s seconds (%.0f minutes) of wall-clock time in all, solving, checking and compressing the trees (the solver alone %s seconds), %s CPU-seconds (%.2f CPU-hours), %s expansions and at most %d\\,MB of resident memory for one line (Table~\\ref{tab:atlas-rerun}). ", grp(run["wall_seconds_all"]), run["wall_seconds_all"] / 60, grp(sprintf("%.0f", W)), grp(sprintf("%.0f", C)), C / 3600, grp(E), R / 1024
    if (T >= S) printf "Its trees have %s nodes in all, more than the stored ones above (%s), which were therefore kept; the run'"'"'s rows are in \\file{campaigns/atlas/rerun/}.\n", grp(T), grp(S)
    else printf "Its trees have %s nodes in all, fewer than the stored ones above (%s), which stay the certificates of the theorem (they were checked and are what \\texttt{make check} replays); the run'"'"'s rows are in \\file{campaigns/atlas/rerun/}.\n", grp(T), grp(S)
    printf "\\begin{table}[tbp]\n\\centering\\small\n\\begin{tabular}{lrrrrr}\n\\toprule\n"
    printf "line & expansions & tree nodes & wall (s) & CPU (s) & peak RSS (MB) \\\\\n\\midrule\n"
    for (i = 1; i <= m; i++) { l = ls[i]; d = line(l)
      printf "%s & %s & %s & %s & %s & %d \\\\\n", d, grp(v[l, "nodes"]), grp(v[l, "cert_nodes"]), v[l, "wall_seconds"], v[l, "cpu_seconds"], v[l, "peak_rss_kb"] / 1024 }
    printf "\\midrule\nall & %s & %s & %s & %s & %d \\\\\n\\bottomrule\n\\end{tabular}\n", grp(E), grp(T), sprintf("%.1f", W), sprintf("%.1f", C), R / 1024
    printf "\\caption{The ten lines of \\texttt{mnk:8,8,5} solved again from scratch in one run (%d threads; the line is Maker'"'"'s first move and Breaker'"'"'s reply). Wall and CPU seconds are the solver'"'"'s, peak RSS its largest resident memory.}\n\\label{tab:atlas-rerun}\n\\end{table}\n", run["threads"] }
' stored="$stored" "$dir/run.tsv" "$stored" "$dir/lines.tsv" "$dir/lines-times.tsv"
