# mk/atlas-run.sh — sourced by mk/atlas-open.sh and mk/atlas-depth.sh: what
# they do with one run of `makerbreaker solve ... --cert OUT.cert.tmp`
# whose standard output is in OUT.out and whose /usr/bin/time -f
# '%e %U %S %M' line is in OUT.time.
#   atlas_run_read WHO OUT RC: RC the solver's exit status (0 decided, 4
#     unknown: the clock or memory; any other is a failure); sets oc (maker,
#     breaker, or empty when open), n (expansions), w (wall seconds), c (CPU
#     seconds, user + system) and r (peak RSS, kB).  WHO names the run in
#     messages; a failure exits 1.
#   atlas_run_keep WHO BIN BOARD OUT: the certificate of a decided run
#     accepted again by `makerbreaker check BOARD` (its verdict in
#     OUT.check) and compressed to OUT.cert.xz; a rejection exits 1.
#   atlas_run_rows KEY SECONDS THREADS ROWS TROWS: after atlas_run_read (and
#     atlas_run_keep when decided), appends the run's rows (claim MB14) to
#     ROWS, KEY/outcome (open, maker or breaker), KEY/nodes and, decided,
#     KEY/check certcheck-replay, and to TROWS KEY/seconds_budget,
#     cpu_seconds, wall_seconds, peak_rss_kb and threads.
#   atlas_tag TEXT: TEXT as a file name ('^:,;@+/' become '_').
atlas_run_read() {
  [ "$3" -eq 0 ] || [ "$3" -eq 4 ] || { echo "$1: makerbreaker solve failed ($3)" >&2; exit 1; }
  oc=$(sed -n 's/^outcome: \(Maker\|Breaker\) wins$/\1/p' "$2.out" | tr 'A-Z' 'a-z')
  n=$(sed -n 's/^nodes: \([0-9]*\);.*/\1/p' "$2.out")
  [ -n "$n" ] || { echo "$1: no node count in $2.out" >&2; exit 1; }
  tm=$(awk 'NF == 4 && $1 ~ /^[0-9.]+$/ { printf "%.1f %.1f %d", $1, $2 + $3, $4 }' "$2.time")
  [ -n "$tm" ] || { echo "$1: no time in $2.time" >&2; exit 1; }
  w=${tm%% *} r=${tm##* } c=${tm#* }
  c=${c%% *}
}
atlas_run_keep() {
  "$2/makerbreaker" check "$3" "$4.cert.tmp" >"$4.check" ||
    { echo "$1: the certificate is rejected (see $4.check)" >&2; exit 1; }
  mv "$4.cert.tmp" "$4.cert"
  xz -f "$4.cert"
}
atlas_run_rows() {
  if [ -n "$oc" ]; then
    printf 'MB14\t%s/outcome\t%s\nMB14\t%s/nodes\t%s\nMB14\t%s/check\tcertcheck-replay\n' "$1" "$oc" "$1" "$n" "$1" >>"$4"
  else
    printf 'MB14\t%s/outcome\topen\nMB14\t%s/nodes\t%s\n' "$1" "$1" "$n" >>"$4"
  fi
  printf 'MB14\t%s/seconds_budget\t%s\nMB14\t%s/cpu_seconds\t%s\nMB14\t%s/wall_seconds\t%s\nMB14\t%s/peak_rss_kb\t%s\nMB14\t%s/threads\t%s\n' \
    "$1" "$2" "$1" "$c" "$1" "$w" "$1" "$r" "$1" "$3" >>"$5"
}
atlas_tag() { printf '%s' "$1" | tr '^:,;@+/' '_______'; }
