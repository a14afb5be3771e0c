#!/bin/sh
# mk/atlas-open.sh BIN DIR SECONDS THREADS GAME... — `make campaign-atlas-open`
# (mk/campaign.mk): the measured cost of the games the atlas leaves open.
# A GAME is BOARD/maker or BOARD/breaker, the side that moves first, as the
# atlas's keys name it (torus:7,6/breaker: torus:7,6 with Breaker first).
# Each game is solved from its first move by `makerbreaker solve` on THREADS
# threads with a wall-clock budget of SECONDS (the solver's default split
# into units); a game it decides gets its certificate, accepted again by
# `makerbreaker check` here and compressed to DIR/open/TAG.cert.xz.  Each run
# is timed by /usr/bin/time into DIR/open/TAG.time ("wall user system
# maxrss_kB").  DIR/open.tsv gets the rows (claim MB14):
#   BOARD/SIDE/open_run/outcome  open | maker | breaker
#   BOARD/SIDE/open_run/nodes    the solver's expansions in the run
#   BOARD/SIDE/open_run/check    certcheck-replay (a decided game)
# and DIR/open-times.tsv the measurements:
#   BOARD/SIDE/open_run/seconds_budget, cpu_seconds (user + system),
#   wall_seconds, peak_rss_kb, threads.
# A game measured before with the same SECONDS and THREADS is not run
# again; both files are written from every GAME given that has its rows.
set -eu
[ $# -ge 4 ] || { echo "usage: mk/atlas-open.sh BIN DIR SECONDS THREADS GAME..." >&2; exit 2; }
bin=$1 dir=$2 secs=$3 threads=$4
shift 4
case $secs in '' | *[!0-9]*) echo "atlas-open: SECONDS '$secs' is not a whole number" >&2; exit 2 ;; esac
case $threads in '' | *[!0-9]*) echo "atlas-open: THREADS '$threads' is not a whole number" >&2; exit 2 ;; esac
for game in "$@"; do
  case $game in */maker | */breaker) ;; *) echo "atlas-open: '$game' is not BOARD/maker or BOARD/breaker" >&2; exit 2 ;; esac
done
mkdir -p "$dir/open"
. "$(dirname "$0")/atlas-run.sh"
for game in "$@"; do
  board=${game%/*} side=${game##*/}
  out=$dir/open/$(atlas_tag "$game")
  if [ -f "$out.rows" ] && [ "$(cat "$out.args" 2>/dev/null)" = "$secs $threads" ]; then
    echo "campaign-atlas-open: $game is measured ($(sed -n 's/.*\/outcome	//p' "$out.rows"))"
    continue
  fi
  rm -f "$out.rows" "$out.trows" "$out.args" "$out.time" "$out.cert.tmp"
  echo "campaign-atlas-open: $game ($secs s on $threads threads)"
  first=
  [ "$side" = breaker ] && first=--breaker-first
  rc=0
  nice /usr/bin/time -f '%e %U %S %M' -o "$out.time" "$bin/makerbreaker" solve "$board" $first \
    --seconds "$secs" --threads "$threads" --cert "$out.cert.tmp" >"$out.out" || rc=$?
  atlas_run_read "atlas-open: $game" "$out" "$rc"
  if [ -n "$oc" ]; then atlas_run_keep "atlas-open: $game" "$bin" "$board" "$out"; else rm -f "$out.cert.tmp"; fi
  atlas_run_rows "$board/$side/open_run" "$secs" "$threads" "$out.rows" "$out.trows"
  echo "$secs $threads" >"$out.args"
done
{ printf 'claim\tkey\tvalue\n'; for game in "$@"; do f=$dir/open/$(atlas_tag "$game").rows; [ -f "$f" ] && cat "$f"; done; } >"$dir/open.tsv.tmp"
{ printf 'claim\tkey\tvalue\n'; for game in "$@"; do f=$dir/open/$(atlas_tag "$game").trows; [ -f "$f" ] && cat "$f"; done; } >"$dir/open-times.tsv.tmp"
mv "$dir/open.tsv.tmp" "$dir/open.tsv"
mv "$dir/open-times.tsv.tmp" "$dir/open-times.tsv"
echo "campaign-atlas-open: $dir/open.tsv, $dir/open-times.tsv"
