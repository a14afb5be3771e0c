#!/usr/bin/env bash
# The certificates of the stored campaign runs (campaigns/atlas/certs and
# campaigns/atlas/lines, xz-compressed), which the report cites, are each
# accepted by the independent checker (`makerbreaker check`) with the
# outcome and position the stored rows claim: a stored claim stays a
# checked one in every CI run.  A tampered copy (one node line dropped) is
# rejected, so the loop cannot pass by accepting anything.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
command -v xz >/dev/null || die "xz not installed"
n=0
for z in campaigns/atlas/certs/*.cert.xz campaigns/atlas/lines/*.cert.xz; do
  [ -e "$z" ] || continue
  xz -dc "$z" >"$tmp/c.cert" || die "$z: not an xz file"
  board=$(sed -n 's/^board //p' "$tmp/c.cert" | head -1)
  [ -n "$board" ] || die "$z: no board line"
  "$M" check "$board" "$tmp/c.cert" >"$tmp/out" 2>&1 || { cat "$tmp/out"; die "$z: rejected"; }
  grep -q '^valid: ' "$tmp/out" || die "$z: no verdict"
  # a line's file name is its board and moves: the position must be that line
  case $z in campaigns/atlas/lines/*)
    tag=$(basename "$z" .cert.xz)
    key=$(awk -F'\t' -v t="$tag" '$2 ~ /\/line\/.*\/outcome$/ { k = $2; sub(/\/outcome$/, "", k)
      s = k; sub(/\/line\//, "@", s); gsub(/[\^:,;@+]/, "_", s); if (s == t) print k "\t" $3 }' campaigns/atlas/lines.tsv)
    [ -n "$key" ] || die "$z: no row in campaigns/atlas/lines.tsv"
    moves=$(printf '%s' "${key%%$'\t'*}" | sed 's|.*/line/||; s/+/ /g') want=${key#*$'\t'}
    grep -q "position $moves," "$tmp/out" || die "$z: not the position $moves: $(cat "$tmp/out")"
    grep -qi "^valid: $want wins" "$tmp/out" || die "$z: not a $want win: $(cat "$tmp/out")" ;;
  esac
  n=$((n + 1))
done
[ "$n" -ge 3 ] || die "only $n stored certificates found"
# tampering: drop one node line of the last certificate
awk 'BEGIN { d = 0 } /^nodes / { print; getline; getline; d = 1 } { print }' "$tmp/c.cert" >"$tmp/t.cert"
"$M" check "$board" "$tmp/t.cert" >"$tmp/out" 2>&1 && die "a tampered stored certificate was accepted"
echo "stored_certs: $n stored certificates accepted, a tampered one rejected"
