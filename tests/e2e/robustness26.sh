#!/usr/bin/env bash
# Issue 26's held-out fuzz and fault campaign, replayed: each reproducer
# must end in seconds with one line and the documented exit status.
. "$(dirname "$0")/lib.bash"
M=$BIN/makerbreaker

# defect 11: a verdict that cannot be written is exit 3, one line, for every checker tool
full() { # full COMMAND...: stdout is /dev/full
  "$@" >/dev/full 2>"$tmp/err"; rc=$?
  [ "$rc" -eq 3 ] || die "$* > /dev/full: exit $rc, want 3"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || die "$* > /dev/full: not one line on stderr: $(cat "$tmp/err")"
}
full $BIN/cubic7-pairing 4,4,4 1,2,3 7,7,7 1,1,2
full $BIN/sg-solve 4 1,2 8 0,1,1,1
full $BIN/lattice-pairing "1,0;0,1;1,1;1,-1"
$BIN/cubic7-pairing 4,4,4 1,2,3 7,7,7 1,1,2 >"$tmp/grid"
full $BIN/pairgrid-check "$tmp/grid"
printf '0 1\n' >"$tmp/q1.pairs"
full $BIN/subcube-verify 1 1 "$tmp/q1.pairs"
printf 'p cnf 1 2\n1 0\n-1 0\n' >"$tmp/f.cnf"; printf '0\n' >"$tmp/f.drat"
full $BIN/drat-check "$tmp/f.cnf" "$tmp/f.drat"
echo "  checker tools: exit 3 on /dev/full"
# defect 15: integers are decimal through input.h, blanks and lower-case moves refused
exit2 "not a decimal integer" $BIN/nim-mtf --max-n 0x3 --out "$tmp/x.tsv"
exit2 "not a decimal integer" $BIN/cubic-solve --threads ' 2' --out "$tmp/x.tsv"
exit2 "not a decimal integer" $BIN/hypercube-p9cc --conflicts 010x --out "$tmp/x.tsv"
exit2 "not an integer" $BIN/lattice-pairing $'1,0;\n0,1'
exit2 "not an integer" $BIN/lattice-pairing $'1,0;0,\v1'
exit2 "not M:CELL or B:CELL" $M info 4^2 --after "m:1,1"
[ ! -e "$tmp/x.tsv" ] || die "a refused run wrote its result file"
# defect 14: an empty figure-data prefix, a --certs tree that does not exist
for x in cubic-pregame lattice-conjecture lattice-theorem1 nim-named ninerow-graph; do
  (cd "$tmp" && exit2 "empty file name" "$OLDPWD/$BIN/$x" --profile quick --figdata '' --out x.tsv)
done
ls "$tmp" | grep -q '^-' && die "an empty --figdata prefix wrote $(ls "$tmp")"
for x in cubic-solve hypercube-pvalues hypercube-pnew hypercube-p9cc; do
  exit2 "does not exist" $BIN/$x --profile quick --certs "$tmp/no/such/dir" --out "$tmp/x.tsv"
done
[ ! -e "$tmp/no" ] || die "--certs created a missing directory tree"
# defects 6 and 7: boards inside the documented limits, in linear time and
# memory (a dense sets x cells bitset aborted or took GBs; repeated-cell
# checks were quadratic; the co-degree hash collided on every qcube edge)
# (under SANITIZE=1 without the memory bound, which ASan's shadow memory
# cannot live in, and with 6 times the time: the unsanitized run checks both)
inlimits() { # inlimits SECONDS BOARD
  if [ "${SANITIZE:-0}" = 1 ]; then
    timeout $(($1 * 6)) $M info "$2" >"$tmp/info" 2>"$tmp/err" || die "info $2: exit $? ($(head -c 300 "$tmp/err"))"
  else
    ( ulimit -v 2500000; timeout "$1" $M info "$2" >"$tmp/info" 2>"$tmp/err" ) || die "info $2: exit $? ($(head -c 300 "$tmp/err"))"
  fi
  grep -q '^winning sets:' "$tmp/info" || die "info $2: no answer"
}
inlimits 30 mnk:1000,1000,5
inlimits 30 qcube:18,1
inlimits 20 mnk:300,300,5
inlimits 20 qcube:20,20
inlimits 40 torus:2048,2048
awk 'BEGIN { for (i = 0; i < 1048576; i++) print "s" i }' >"$tmp/single.txt"
inlimits 30 "file:$tmp/single.txt"
awk 'BEGIN { for (i = 0; i < 140000; i++) printf "%d ", i; print "" }' >"$tmp/bigset.txt"
inlimits 10 "file:$tmp/bigset.txt"
echo "  large boards: linear"
# defect 8: check reads the certificate's header before it builds the board
echo junk >"$tmp/junk"
exit2 "want 'makerbreaker certificate 1'" timeout 5 $M check 64^3 "$tmp/junk"
$M solve 4^2 --cert "$tmp/4.cert" >/dev/null || die "solve 4^2"
timeout 5 $M check 64^3 "$tmp/4.cert" >"$tmp/out"; rc=$?
[ "$rc" -eq 1 ] && grep -q "^rejected: the certificate is for board '4^2'" "$tmp/out" || die "check 64^3 of a 4^2 certificate: exit $rc"
$M pairing 32^3 --out "$tmp/32.cert" >/dev/null || die "pairing 32^3"
timeout 10 $M check 32^3 "$tmp/32.cert" | grep -q '^valid: private pairing on 32^3, position -' || die "check 32^3 (17 s before)"
echo "  check: header first, windows by index"
# defect 16: pairing --kind shared has budgets, exit 4, nothing written
start=$(date +%s)
$M pairing torus:6,6 --kind shared --after M:2,1 --seconds 2 --out "$tmp/sh.cert" >"$tmp/out" 2>&1; rc=$?
[ "$rc" -eq 4 ] || die "pairing --seconds 2: exit $rc, want 4"
[ $(($(date +%s) - start)) -le 6 ] || die "pairing --seconds 2 took $(($(date +%s) - start)) s"
[ ! -e "$tmp/sh.cert" ] || die "an unknown answer wrote a certificate"
grep -q '^shared pairing: unknown' "$tmp/out" || die "no 'unknown' line: $(cat "$tmp/out")"
$M pairing torus:6,6 --kind shared --after M:2,1 --conflicts 1000 >/dev/null 2>&1; rc=$?
[ "$rc" -eq 4 ] || die "pairing --conflicts 1000: exit $rc, want 4"
exit2 "budgets of --kind shared" $M pairing 4^2 --seconds 3
exit2 "--conflicts must be an integer" $M pairing 4^2 --kind shared --conflicts 0x10
# issue 37, D13: without --seconds or --conflicts the search has a default
# budget (60 s, documented in help; MB_PAIRING_SECONDS=1 stands in for it
# here): a hard input ends unknown, exit 4, nothing written (before: it ran
# for minutes)
$M help pairing | grep -q 'Without either the budget is --seconds 60' || die "help pairing does not give the default budget"
start=$(date +%s)
MB_PAIRING_SECONDS=1 timeout -k 5 60 $M pairing torus:6,6 --kind shared --after M:2,1 --out "$tmp/sh2.cert" >"$tmp/out" 2>&1; rc=$?
[ "$rc" -eq 4 ] || die "pairing without a budget (default 1 s): exit $rc, want 4"
[ $(($(date +%s) - start)) -le 10 ] || die "the default budget of 1 s took $(($(date +%s) - start)) s"
[ ! -e "$tmp/sh2.cert" ] || die "an unknown answer wrote a certificate"
grep -q '^shared pairing: unknown (budget exhausted after .*the default budget of 1 s' "$tmp/out" || die "no default-budget line: $(cat "$tmp/out")"
MB_PAIRING_SECONDS=1 $M pairing qcube:5,2 --kind shared >/dev/null; rc=$?
[ "$rc" -eq 1 ] || die "pairing qcube:5,2 within the default budget: exit $rc"
$M pairing qcube:5,2 --kind shared --seconds 60 --conflicts 1000000 --out "$tmp/q52.cert" >/dev/null; rc=$?
[ "$rc" -eq 1 ] && [ -s "$tmp/q52.cert" ] || die "pairing qcube:5,2 within its budgets: exit $rc"
echo "  pairing --kind shared: budgets"
# defect 4: valid: names the board, the position and who moves first
$M solve 4^2 --breaker-first --cert "$tmp/4b.cert" >/dev/null || die "solve 4^2 --breaker-first"
$M check 4^2 "$tmp/4.cert" | grep -q '^valid: Breaker wins on 4^2, position -, Maker to move (Maker moving first)' || die "check: $($M check 4^2 "$tmp/4.cert")"
$M check 4^2 "$tmp/4b.cert" | grep -q '^valid: Breaker wins on 4^2, position -, Breaker to move (Breaker moving first)' || die "check: $($M check 4^2 "$tmp/4b.cert")"
$M solve 4^2 --after "M:1,1 B:2,2 M:3,3" --cert "$tmp/4m.cert" >/dev/null || die "solve 4^2 --after"
$M check 4^2 "$tmp/4m.cert" | grep -q '^valid: Breaker wins on 4^2, position M:1,1 B:2,2 M:3,3, Breaker to move (Maker moving first)' || die "check --after: $($M check 4^2 "$tmp/4m.cert")"
# defect 1: a strategy certificate cut after "nodes N" is one line, exit 2
sed -n '1,/^nodes /p' "$tmp/4.cert" >"$tmp/cut.cert"
exit2 "node lines declared" $M check 4^2 "$tmp/cut.cert"
echo "  check: valid lines name what was proved; truncation is exit 2"
echo "robustness26: ok"
