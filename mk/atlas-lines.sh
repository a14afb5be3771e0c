#!/bin/sh
# mk/atlas-lines.sh BIN DIR NODES THREADS LINE... — `make campaign-atlas-lines`
# (mk/campaign.mk): lines of play of the open boards decided beyond the
# atlas's units.  A LINE is BOARD@MOVES, the moves '+'-separated
# (mnk:8,8,5@M:1,1+B:4,4: Maker's corner opening, Breaker's centre reply; a
# line that starts with B: is of the game Breaker starts, 4^3@B:1,1,1+M:2,2,2).
# Each line is solved by `makerbreaker solve` with NODES expansions per unit
# and a checkpoint (an interrupted line resumes from its finished units);
# a decided line's certificate is written to DIR/lines/TAG.cert (the solver
# has its own checker accept it first), accepted again by `makerbreaker
# check` here, and compressed to TAG.cert.xz beside it.  Each run of the solver is timed by /usr/bin/time, appended
# to DIR/lines/TAG.time ("wall user system maxrss_kB" per run, so a resumed
# line adds its runs up).  DIR/lines.tsv gets the rows, claim MB14 (they do
# not depend on the machine, the threads or interruptions):
#   BOARD/line/MOVES/outcome      maker | breaker | open@NODES
#   BOARD/line/MOVES/nodes        expansions (of this run and the resumed units)
#   BOARD/line/MOVES/cert_nodes   the certificate's node lines (0 if open)
#   BOARD/line/MOVES/check        certcheck-replay (decided lines)
#   BOARD/opening_class/CELL      the size of the class of Maker's first
#                                 move CELL under the board's group
# and DIR/lines-times.tsv the measurements, in the same format:
#   BOARD/line/MOVES/cpu_seconds  user + system CPU seconds, all runs summed
#   BOARD/line/MOVES/wall_seconds wall-clock seconds, all runs summed
#   BOARD/line/MOVES/peak_rss_kb  the largest peak RSS of a run (kB)
#   BOARD/line/MOVES/threads      the solver's threads
# A decided line (its rows exist) is not solved again; an open one is
# solved again when NODES differs from its run's.
set -eu
bin=$1 dir=$2 nodes=$3 threads=$4
shift 4
mkdir -p "$dir/lines"
tag() { printf '%s' "$1" | tr '^:,;@+' '______'; } # a line's file name
for line in "$@"; do
  case $line in *@*) ;; *) echo "atlas-lines: '$line' is not BOARD@MOVES" >&2; exit 2 ;; esac
  board=${line%%@*} moves=${line#*@}
  out=$dir/lines/$(tag "$line")
  if [ -f "$out.rows" ] && { ! grep -q '/outcome	open@' "$out.rows" || [ "$(cat "$out.args" 2>/dev/null)" = "$nodes" ]; }; then
    echo "campaign-atlas-lines: $line is done ($(sed -n 's/.*\/outcome	//p' "$out.rows"))"
    continue
  fi
  rm -f "$out.rows" "$out.args"
  echo "campaign-atlas-lines: $line ($nodes expansions per unit; checkpoint $out.ckpt)"
  rc=0
  # a line that opens with Breaker's move is of the game Breaker starts
  case $moves in B:*) first=--breaker-first ;; *) first= ;; esac
  nice /usr/bin/time -a -f '%e %U %S %M' -o "$out.time" "$bin/makerbreaker" solve "$board" $first \
    --after "$(printf '%s' "$moves" | tr '+' ' ')" --nodes "$nodes" \
    --threads "$threads" --checkpoint "$out.ckpt" --cert "$out.cert.tmp" >"$out.out" || rc=$?
  # 0: decided (certificate written); 4: unknown (the budget); else a failure
  [ "$rc" -eq 0 ] || [ "$rc" -eq 4 ] || { echo "atlas-lines: makerbreaker solve failed ($rc) on $line" >&2; exit 1; }
  key="$board/line/$moves"
  oc=$(sed -n 's/^outcome: \(Maker\|Breaker\) wins$/\1/p' "$out.out" | tr 'A-Z' 'a-z')
  n=$(sed -n 's/^nodes: \([0-9]*\);.*/\1/p' "$out.out")
  p=$(sed -n 's/^nodes: [0-9]*; proof: \([0-9]*\) certificate nodes.*/\1/p' "$out.out")
  [ -n "$n" ] || { echo "atlas-lines: no node count in $out.out" >&2; exit 1; }
  tm=$(awk 'NF == 4 && $1 ~ /^[0-9.]+$/ { w += $1; c += $2 + $3; if ($4 > r) r = $4 }
            END { printf "%.1f %.1f %d", w, c, r }' "$out.time")
  w=${tm%% *} r=${tm##* } c=${tm#* }; c=${c%% *}
  times=$(printf 'MB14\t%s/cpu_seconds\t%s\nMB14\t%s/wall_seconds\t%s\nMB14\t%s/peak_rss_kb\t%s\nMB14\t%s/threads\t%s\n' \
    "$key" "$c" "$key" "$w" "$key" "$r" "$key" "$threads")
  if [ -n "$oc" ]; then
    "$bin/makerbreaker" check "$board" "$out.cert.tmp" >"$out.check" ||
      { echo "atlas-lines: $line: the certificate is rejected (see $out.check)" >&2; exit 1; }
    mv "$out.cert.tmp" "$out.cert"
    xz -kf "$out.cert" # TAG.cert.xz, as campaigns/atlas stores it (games-atlas --lines reads either)
    printf 'MB14\t%s/outcome\t%s\nMB14\t%s/nodes\t%s\nMB14\t%s/cert_nodes\t%s\nMB14\t%s/check\tcertcheck-replay\n' \
      "$key" "$oc" "$key" "$n" "$key" "$p" "$key" >"$out.rows"
  else
    printf 'MB14\t%s/outcome\topen@%s\nMB14\t%s/nodes\t%s\nMB14\t%s/cert_nodes\t0\n' \
      "$key" "$nodes" "$key" "$n" "$key" >"$out.rows"
  fi
  printf '%s\n' "$times" >"$out.trows"
  echo "$nodes" >"$out.args"
done
# each board's classes of first moves under its automorphism group (the
# solver's, as its units list them), so that the report can tell whether
# the decided lines answer every opening:
#   BOARD/opening_class/CELL  the cells in CELL's class
boards=$(for line in "$@"; do printf '%s\n' "${line%%@*}"; done | awk '!seen[$0]++')
{ printf 'claim\tkey\tvalue\n'; for line in "$@"; do
    cat "$dir/lines/$(tag "$line").rows"; done
  for board in $boards; do
    "$bin/makerbreaker" solve "$board" --split 1 --nodes 1 --threads 1 2>/dev/null |
      sed -n 's/^move \([^ ]*\) *(\([0-9]*\) by symmetry).*/\1 \2/p' |
      while read -r cell n; do printf 'MB14\t%s/opening_class/%s\t%s\n' "$board" "$cell" "$n"; done
  done; } >"$dir/lines.tsv"
{ printf 'claim\tkey\tvalue\n'; for line in "$@"; do
    t=$dir/lines/$(tag "$line").trows
    if [ -f "$t" ]; then cat "$t"; fi; done; } >"$dir/lines-times.tsv"
