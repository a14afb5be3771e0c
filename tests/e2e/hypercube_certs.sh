#!/usr/bin/env bash
# HC16's certificates, end to end: hypercube-pnew --certs writes a pairing for
# every instance it found satisfiable and a formula + DRAT proof for every one
# it refuted; each pairing passes subcube-verify and each proof passes
# drat-check (our checker, not the solver).  Tampered certificates fail: a
# pairing with one pair removed, a proof cut after its first lemma, a proof
# checked against a different formula.
. "$(dirname "$0")/lib.bash"
E=$BIN/hypercube-pnew
V=$BIN/subcube-verify
D=$BIN/drat-check
[ -x "$E" ] && [ -x "$V" ] && [ -x "$D" ] || die "hypercube-pnew / subcube-verify / drat-check not built"
"$E" --profile quick --certs "$tmp/certs" --out "$tmp/r.tsv" 2>/dev/null || die "hypercube-pnew failed"
np=0
for f in "$tmp"/certs/q*.pairs; do
  b=$(basename "$f" .pairs); n=${b#q}; n=${n%_*}; k=${b##*_}
  grep -q "^HC16	${b}	sat$" "$tmp/r.tsv" || die "$b.pairs written but $b is not reported sat"
  "$V" "$n" "$k" "$f" >/dev/null || die "subcube-verify rejects $b.pairs"
  np=$((np + 1))
done
nd=0
for f in "$tmp"/certs/q*.cnf; do
  b=$(basename "$f" .cnf)
  grep -q "^HC16	${b}	unsat$" "$tmp/r.tsv" || die "$b.cnf written but $b is not reported unsat"
  "$D" "$f" "${f%.cnf}.drat" >/dev/null || die "drat-check rejects the proof for $b"
  nd=$((nd + 1))
done
[ "$np" -ge 6 ] && [ "$nd" -ge 6 ] || die "too few certificates: $np pairings, $nd proofs"
echo "  $np pairings verified, $nd DRAT proofs verified"

# tampering
grep -v '^#' "$tmp/certs/q8_3.pairs" | sed 1d >"$tmp/bad.pairs"
"$V" 8 3 "$tmp/bad.pairs" >/dev/null; rc=$?
[ "$rc" -eq 1 ] || die "subcube-verify accepted Q(8,3) with a pair removed (exit $rc)"
head -n 1 "$tmp/certs/q5_2.drat" >"$tmp/cut.drat"
"$D" "$tmp/certs/q5_2.cnf" "$tmp/cut.drat" >/dev/null; rc=$?
[ "$rc" -eq 1 ] || die "drat-check accepted a proof cut after one lemma (exit $rc)"
"$D" "$tmp/certs/q6_2.cnf" "$tmp/certs/q5_2.drat" >/dev/null; rc=$?
[ "$rc" -ne 0 ] || die "drat-check accepted Q(5,2)'s proof for Q(6,2)"
"$D" "$tmp/certs/q5_2.cnf" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] || die "drat-check with one argument: exit $rc"
printf 'p cnf 2 1\n1 3 0\n' >"$tmp/bad.cnf"
"$D" "$tmp/bad.cnf" "$tmp/cut.drat" >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] || die "drat-check accepted a literal beyond the declared variables (exit $rc)"
echo "hypercube_certs: ok"
