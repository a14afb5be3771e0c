#!/usr/bin/env bash
# Symmetry for groups too large to enumerate (issue 30): the K7 triangle
# game (cells the 21 edges of K7, winning sets its 35 triangles; group S7 of
# order 5040, above the 5000-element limit) solves ONE root class of 21
# moves, and two classes of Breaker's replies (edges meeting the opening,
# edges disjoint from it); its certificate, whose links between a class's
# moves carry explicit group elements as perm lines, passes `check`; so do
# those of Breaker-first, a position after two moves, and --split 1.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
{
  echo "# the triangle game on K7: cells the edges ab, sets the triangles"
  for a in 1 2 3 4 5 6 7; do for b in 1 2 3 4 5 6 7; do for c in 1 2 3 4 5 6 7; do
    [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ] && echo "$a$b $a$c $b$c"
  done; done; done
} >"$tmp/k7.txt"
[ "$(grep -vc '^#' "$tmp/k7.txt")" -eq 35 ] || die "K7 has 35 triangles"
B="file:$tmp/k7.txt"
$M solve "$B" --cert "$tmp/k7.cert" >"$tmp/out" || die "solve K7: exit $?"
cat "$tmp/out" | sed 's/^/  /'
grep -q 'order 5040 (too large to enumerate: moves grouped by its orbits' "$tmp/out" || die "no orbit note"
[ "$(grep -c '^move ' "$tmp/out")" -eq 1 ] || die "K7: want one root class"
grep -Eq '^move 12 +\(21 by symmetry\)' "$tmp/out" || die "the root class holds the 21 edges"
[ "$(grep -c '^  reply ' "$tmp/out")" -eq 2 ] || die "K7: want two reply classes"
grep -Eq '^  reply .*\(10 by symmetry\)' "$tmp/out" || die "reply classes of 10"
grep -q '^outcome: Maker wins$' "$tmp/out" || die "Maker wins the triangle game on K7"
grep -q '^perm ' "$tmp/k7.cert" || die "no perm lines in the certificate"
$M check "$B" "$tmp/k7.cert" >"$tmp/chk" || die "check K7: $(cat "$tmp/chk")"
echo "  $(cut -c1-120 "$tmp/chk")"
# a perm line changed to a non-automorphism is rejected
awk '/^perm /&&!d{t=$3;$3=$4;$4=t;d=1}1' "$tmp/k7.cert" >"$tmp/bad.cert"
cmp -s "$tmp/k7.cert" "$tmp/bad.cert" && die "tampering changed nothing"
$M check "$B" "$tmp/bad.cert" >/dev/null && die "a tampered perm line was accepted"
run() { # ARGS...: solve with them, check the certificate
  $M solve "$B" "$@" --cert "$tmp/c2" >"$tmp/o2" || die "solve K7 $*: exit $?"
  $M check "$B" "$tmp/c2" >/dev/null || die "check K7 $*"
  echo "  $*: $(grep -c '^move ' "$tmp/o2") root classes, $(grep -c '^  reply ' "$tmp/o2") reply classes, $(grep '^outcome' "$tmp/o2")"
  rm -f "$tmp/c2"
}
run --breaker-first
run --split 1
run --after "M:12 B:34" --split 2
run --after "M:12" --threads 2
$M solve "$B" --json | grep -q '"group_orbits" *: *true' || die "--json lacks group_orbits"
echo "PASS"
