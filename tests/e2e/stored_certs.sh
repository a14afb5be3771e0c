#!/usr/bin/env bash
# The certificates of the stored campaign runs (campaigns/atlas/certs,
# campaigns/atlas/lines and campaigns/atlas/depth, xz-compressed), which the report cites, are each
# accepted by the independent checker (`makerbreaker check`) with the
# outcome and position the stored rows claim: a stored claim stays a
# checked one in every CI run (and in make audit).  The board, position and
# winner come from the manifest or the line's row, never from the file.  A
# tampered copy (one node line dropped) and a certificate of another board
# are rejected, so the loop cannot pass by accepting anything.
# Under SANITIZE=1 the sanitized checker replays the line certificates of at
# most 400 kB (xz) only (a 4^3 line and the torus line, beside every atlas
# certificate): the larger lines (40 MB in all) take hours under ASan, and
# the unsanitized make check (and make audit) replay every one.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
command -v xz >/dev/null || die "xz not installed"
# the claim each file stands for comes from outside the file: for
# campaigns/atlas/certs its MANIFEST.tsv (file, board, moves, winner), for
# campaigns/atlas/lines the line's name and its row in lines.tsv; the
# checker is given that board, and its verdict must name that position and
# winner (a valid certificate of another board or line does not pass)
n=0 skipped=0
verify() { # FILE BOARD MOVES WINNER
  xz -dc "$1" >"$tmp/c.cert" || die "$1: not an xz file"
  board=$2
  "$M" check "$board" "$tmp/c.cert" >"$tmp/out" 2>&1 || { cat "$tmp/out"; die "$1: rejected as a certificate of $board"; }
  grep -q '^valid: ' "$tmp/out" || die "$1: no verdict"
  grep -q "on $board, position $3," "$tmp/out" || die "$1: not the position $3 of $board: $(cat "$tmp/out")"
  grep -qi "^valid: $4 wins" "$tmp/out" || die "$1: not a $4 win: $(cat "$tmp/out")"
  n=$((n + 1))
}
man=campaigns/atlas/certs/MANIFEST.tsv
for z in campaigns/atlas/certs/*.cert.xz; do
  [ -e "$z" ] || continue
  row=$(awk -F'\t' -v f="$(basename "$z")" 'NR > 1 && $1 == f { print $2 "\t" $3 "\t" $4 }' "$man")
  [ -n "$row" ] || die "$z: not in $man"
  IFS=$'\t' read -r b mv win <<<"$row"
  verify "$z" "$b" "$(printf '%s' "$mv" | tr '+' ' ')" "$win"
done
for z in campaigns/atlas/lines/*.cert.xz; do
  [ -e "$z" ] || continue
  tag=$(basename "$z" .cert.xz)
  key=$(awk -F'\t' -v t="$tag" '$2 ~ /\/line\/.*\/outcome$/ { k = $2; sub(/\/outcome$/, "", k)
    s = k; sub(/\/line\//, "@", s); gsub(/[\^:,;@+]/, "_", s); if (s == t) print k "\t" $3 }' campaigns/atlas/lines.tsv)
  [ -n "$key" ] || die "$z: no row in campaigns/atlas/lines.tsv"
  if [ "${SANITIZE:-0}" = 1 ] && [ "$(wc -c <"$z")" -gt 400000 ]; then skipped=$((skipped + 1)); continue; fi
  b=${key%%/line/*} moves=$(printf '%s' "${key%%$'\t'*}" | sed 's|.*/line/||; s/+/ /g') want=${key#*$'\t'}
  verify "$z" "$b" "$moves" "$want"
  # a line is of the game its first mover starts: after an even number of
  # moves that side is to move again, after an odd number the other one
  case $moves in B:*) tm=Breaker other=Maker ;; *) tm=Maker other=Breaker ;; esac
  [ $(($(printf '%s\n' $moves | wc -l) % 2)) -eq 0 ] || tm=$other
  grep -q ", $tm to move" "$tmp/out" || die "$z: not $tm to move: $(cat "$tmp/out")"
done
# campaigns/atlas/depth: positions along a line of play of an open game
# (make campaign-atlas-depth); the board, the position (the line's first
# PLIES moves) and the winner come from the rows of depth.tsv
dtsv=campaigns/atlas/depth/depth.tsv
for z in campaigns/atlas/depth/*.cert.xz; do
  [ -e "$z" ] || continue
  tag=$(basename "$z" .cert.xz)
  row=$(awk -F'\t' -v t="$tag" '
    $2 ~ /\/depth\/line$/ { g = $2; sub(/\/depth\/line$/, "", g); line[g] = $3 }
    $2 ~ /\/depth\/[0-9]+\/outcome$/ { g = $2; sub(/\/depth\/.*/, "", g); p = $2; sub(/\/outcome$/, "", p); sub(/.*\//, "", p)
      s = g "_" p; gsub(/[\^:,;@+\/]/, "_", s); if (s == t) { gg = g; pp = p; w = $3 } }
    END { if (gg != "" && (gg in line)) print gg "\t" pp "\t" w "\t" line[gg] }' "$dtsv")
  [ -n "$row" ] || die "$z: no row in $dtsv"
  IFS=$'\t' read -r g plies want line <<<"$row"
  if [ "${SANITIZE:-0}" = 1 ] && [ "$(wc -c <"$z")" -gt 400000 ]; then skipped=$((skipped + 1)); continue; fi
  moves=$(printf '%s\n' $(printf '%s' "$line" | tr '+' ' ') | head -n "$plies" | tr '\n' ' ' | sed 's/ $//')
  [ "$plies" -gt 0 ] || moves=
  verify "$z" "${g%/*}" "$moves" "$want"
  case ${g##*/} in breaker) tm=Breaker other=Maker ;; *) tm=Maker other=Breaker ;; esac
  [ $((plies % 2)) -eq 0 ] || tm=$other
  grep -q ", $tm to move" "$tmp/out" || die "$z: not $tm to move: $(cat "$tmp/out")"
done
[ "$n" -ge 3 ] || die "only $n stored certificates found"
# a valid certificate of another board under a stored name: rejected
"$M" solve 3^3 --cert "$tmp/o.cert" >/dev/null 2>&1 || die "solve 3^3 failed"
"$M" check 4^3 "$tmp/o.cert" >"$tmp/out" 2>&1 && die "a 3^3 certificate passed as one of 4^3"
# tampering: drop one node line of the last certificate
awk 'BEGIN { d = 0 } /^nodes / { print; getline; getline; d = 1 } { print }' "$tmp/c.cert" >"$tmp/t.cert"
"$M" check "$board" "$tmp/t.cert" >"$tmp/out" 2>&1 && die "a tampered stored certificate was accepted"
echo "stored_certs: $n stored certificates accepted, a tampered one rejected"
[ "$skipped" -eq 0 ] || echo "stored_certs: SANITIZE=1: $skipped line certificates over 400 kB left to the unsanitized run"
