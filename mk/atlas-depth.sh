#!/bin/sh
# mk/atlas-depth.sh BIN DIR SECONDS THREADS MEMORY PROFILE... — `make
# campaign-atlas-depth` (mk/campaign.mk): how the cost of an open game grows
# as one goes back along a line of play.  A PROFILE is BOARD/SIDE@MOVES:
# the game (SIDE maker or breaker, the side that moves first, as the atlas's
# keys name it) and a line of play from its first move, moves joined by '+'
# (B:0,0+M:1,2+...; the first move is SIDE's).  The position after the whole
# line is solved by `makerbreaker solve --after` on THREADS threads with a
# wall-clock budget of SECONDS and the solver's --memory MEMORY (a size, or
# 'default': half the RAM; two runs side by side need a bound each); then
# the position two moves earlier (the same side to move), and so on back
# to the first move, stopping after the first position left open (one
# further back would cost more).  A decided
# position's certificate is accepted again by `makerbreaker check` and
# compressed to DIR/depth/TAG_PLIES.cert.xz.  Each run is timed by
# /usr/bin/time.  DIR/depth.tsv gets the rows (claim MB14), for each
# position solved, PLIES the moves played before it:
#   BOARD/SIDE/depth/line                 MOVES
#   BOARD/SIDE/depth/PLIES/outcome        open | maker | breaker
#   BOARD/SIDE/depth/PLIES/nodes          the solver's expansions
#   BOARD/SIDE/depth/PLIES/check          certcheck-replay (decided)
# and DIR/depth-times.tsv: BOARD/SIDE/depth/PLIES/seconds_budget,
# cpu_seconds (user + system), wall_seconds, peak_rss_kb, threads.
# A profile measured before with the same line, SECONDS, THREADS and MEMORY is not
# run again; both files are written from every PROFILE given.
set -eu
[ $# -ge 5 ] || { echo "usage: mk/atlas-depth.sh BIN DIR SECONDS THREADS MEMORY PROFILE..." >&2; exit 2; }
bin=$1 dir=$2 secs=$3 threads=$4 mem=$5
shift 5
profiles=$* # no spaces: checked below
case $secs in '' | *[!0-9]*) echo "atlas-depth: SECONDS '$secs' is not a whole number" >&2; exit 2 ;; esac
case $threads in '' | *[!0-9]*) echo "atlas-depth: THREADS '$threads' is not a whole number" >&2; exit 2 ;; esac
case $mem in default) ;; [0-9]*[0-9KMG]) ;; *) echo "atlas-depth: MEMORY '$mem' is not a size (bytes, or K, M, G) or 'default'" >&2; exit 2 ;; esac
for pr in "$@"; do
  case $pr in
    *[[:space:]]*) echo "atlas-depth: '$pr' has a space (moves are joined by '+')" >&2; exit 2 ;;
    */maker@M:* | */breaker@B:*) ;;
    *) echo "atlas-depth: '$pr' is not BOARD/SIDE@MOVES with the first move SIDE's (BOARD/breaker@B:0,0+M:1,2)" >&2; exit 2 ;;
  esac
  case ${pr#*@} in *[!0-9MB:,+]* | *++* | *+ | *[!0-9]+* )
    echo "atlas-depth: '${pr#*@}' is not a line of moves M:x,y or B:x,y joined by '+'" >&2; exit 2 ;;
  esac
done
mkdir -p "$dir/depth"
. "$(dirname "$0")/atlas-run.sh"
for pr in $profiles; do
  game=${pr%%@*} line=${pr#*@}
  board=${game%/*} side=${game##*/}
  base=$dir/depth/$(atlas_tag "$game")
  if [ -f "$base.rows" ] && [ "$(cat "$base.args" 2>/dev/null)" = "$secs $threads $mem $line" ]; then
    echo "campaign-atlas-depth: $game is measured"
    continue
  fi
  rm -f "$base".rows "$base".trows "$base".args "$base"_*.cert.xz "$base"_*.out "$base"_*.time "$base"_*.check
  first=
  [ "$side" = breaker ] && first=--breaker-first
  moves=$(printf '%s' "$line" | tr '+' ' ')
  total=$(printf '%s\n' $moves | wc -l | tr -d ' ')
  key="$board/$side/depth"
  printf 'MB14\t%s/line\t%s\n' "$key" "$line" >"$base.rows.tmp"
  : >"$base.trows.tmp"
  k=$total
  while :; do
    after=$(printf '%s\n' $moves | head -n "$k" | tr '\n' ' ' | sed 's/ $//')
    out=${base}_$k
    echo "campaign-atlas-depth: $game after $k moves ($secs s on $threads thread(s))"
    set -- solve "$board"
    [ -n "$first" ] && set -- "$@" "$first"
    [ "$k" -gt 0 ] && set -- "$@" --after "$after"
    [ "$mem" = default ] || set -- "$@" --memory "$mem"
    rc=0
    nice /usr/bin/time -f '%e %U %S %M' -o "$out.time" "$bin/makerbreaker" "$@" \
      --seconds "$secs" --threads "$threads" --cert "$out.cert.tmp" >"$out.out" || rc=$?
    atlas_run_read "atlas-depth: $game after $k moves" "$out" "$rc"
    if [ -n "$oc" ]; then atlas_run_keep "atlas-depth: $game after $k moves" "$bin" "$board" "$out"; else rm -f "$out.cert.tmp"; fi
    atlas_run_rows "$key/$k" "$secs" "$threads" "$base.rows.tmp" "$base.trows.tmp"
    [ -n "$oc" ] && [ "$k" -ge 2 ] || break
    k=$((k - 2))
  done
  mv "$base.rows.tmp" "$base.rows"
  mv "$base.trows.tmp" "$base.trows"
  echo "$secs $threads $mem $line" >"$base.args"
done
{ printf 'claim\tkey\tvalue\n'; for pr in $profiles; do f=$dir/depth/$(atlas_tag "${pr%%@*}").rows; [ -f "$f" ] && cat "$f"; done; } >"$dir/depth.tsv.tmp"
{ printf 'claim\tkey\tvalue\n'; for pr in $profiles; do f=$dir/depth/$(atlas_tag "${pr%%@*}").trows; [ -f "$f" ] && cat "$f"; done; } >"$dir/depth-times.tsv.tmp"
mv "$dir/depth.tsv.tmp" "$dir/depth.tsv"
mv "$dir/depth-times.tsv.tmp" "$dir/depth-times.tsv"
echo "campaign-atlas-depth: $dir/depth.tsv, $dir/depth-times.tsv"
