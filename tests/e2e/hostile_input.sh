#!/usr/bin/env bash
# Hostile input to the command-line readers: every case is one line on
# stderr with no raw control character, exit 2, nothing on stdout (or, for a
# grid that is now accepted, the right verdict), and memory and time bounded
# by what was read.  Each case was a defect: 32-bit wrapping, NUL bytes
# ending the input early, echoed newlines, an int overflow and gigabytes
# allocated for one large literal in drat-check, an abort in pairgrid-check.
. "$(dirname "$0")/lib.bash"
# bounded CMD...: at most 10 s and 1 GiB of address space beyond the sanitizers'
bounded() {
  if [ "${SANITIZE:-0}" = 1 ]; then timeout 60 "$@"; else (ulimit -v 1048576; timeout 10 "$@"); fi
}
exit2b() { # like exit2, under the bounds, and the message has no control bytes
  want=$1; shift
  bounded "$@" >"$tmp/stdout" 2>"$tmp/stderr"; rc=$?
  [ "$rc" -eq 2 ] || { cat "$tmp/stderr"; die "$*: exit $rc, want 2"; }
  [ "$(wc -l <"$tmp/stderr")" -eq 1 ] || { cat -A "$tmp/stderr"; die "$*: not one line on stderr"; }
  ! LC_ALL=C grep -q '[[:cntrl:]]' <(tr -d '\n' <"$tmp/stderr") || die "$*: control byte in the message"
  grep -q -- "$want" "$tmp/stderr" || die "$*: message lacks '$want': $(cat "$tmp/stderr")"
  [ ! -s "$tmp/stdout" ] || die "$*: printed on stdout"
  echo "  $(cat "$tmp/stderr")"
}

# 1. drat-check: huge declared or used variables
printf 'p cnf 1073741824 0\n' >"$tmp/big.cnf"
printf '0\n' >"$tmp/zero.drat"
exit2b "p cnf" "$BIN/drat-check" "$tmp/big.cnf" "$tmp/zero.drat"
printf 'p cnf 4 0\n' >"$tmp/small.cnf"
for lit in 50000000 536870911; do
  printf '%s 0\n' $lit >"$tmp/lit.drat"
  bounded "$BIN/drat-check" "$tmp/small.cnf" "$tmp/lit.drat" >"$tmp/out" 2>&1
  rc=$?
  [ "$rc" -eq 1 ] || { cat "$tmp/out"; die "drat-check with literal $lit: exit $rc, want 1 (rejected)"; }
done
printf '536870912 0\n' >"$tmp/lit.drat"
exit2b "not a DRAT step" "$BIN/drat-check" "$tmp/small.cnf" "$tmp/lit.drat"
# 4. 32-bit wrap: 4294967297 variables is not one
printf 'p cnf 4294967297 2\n1 0\n-1 0\n' >"$tmp/wrap.cnf"
exit2b "p cnf" "$BIN/drat-check" "$tmp/wrap.cnf" "$tmp/zero.drat"
printf 'p cnf 1 2\n4294967297 0\n-1 0\n' >"$tmp/wrap2.cnf"
exit2b "literal" "$BIN/drat-check" "$tmp/wrap2.cnf" "$tmp/zero.drat"
printf 'p cnf 1 2\n1 0\n-1 0\n' >"$tmp/ok.cnf"
"$BIN/drat-check" "$tmp/ok.cnf" "$tmp/zero.drat" >/dev/null || die "drat-check: a valid refutation fails"
printf '0\n\0junk\n' >"$tmp/nul.drat"
exit2b "NUL" "$BIN/drat-check" "$tmp/ok.cnf" "$tmp/nul.drat"

# 2. pairgrid-check on complete 3D grids up to n = 64 (19 used to abort)
for n in 19 64; do
  awk -v n=$n 'BEGIN { printf "pairgrid n=%d d=3 pairs=0\n", n
    for (z = 1; z <= n; z++) { printf "z=%d\n", z
      for (y = 1; y <= n; y++) { s = "O"; for (x = 2; x <= n; x++) s = s " O"; print s } } }' >"$tmp/g$n.txt"
  bounded "$BIN/pairgrid-check" "$tmp/g$n.txt" >"$tmp/out" 2>&1 || { cat "$tmp/out"; die "pairgrid-check n=$n d=3 failed"; }
  grep -q '^valid: 0 pairs' "$tmp/out" || die "pairgrid-check n=$n: $(cat "$tmp/out")"
done
awk 'BEGIN { print "pairgrid n=19 d=3 pairs=0"; for (z = 1; z <= 19; z++) { printf "z=%d\n", z
  for (y = 1; y <= 19; y++) { s = "."; for (x = 2; x <= 19; x++) s = s " ."; print s } } }' >"$tmp/free.txt"
"$BIN/pairgrid-check" "$tmp/free.txt" >"$tmp/out" 2>&1
[ $? -eq 1 ] && grep -q '^invalid: surviving line' "$tmp/out" || die "pairgrid-check: an empty 19^3 grid is not refused"

# 3. a NUL byte is not the end of the input
printf '0 1\n\0junk\n' >"$tmp/nul.txt"
exit2b "NUL" "$BIN/subcube-verify" 1 1 - <"$tmp/nul.txt"
exit2b "NUL" "$BIN/subcube-verify" 1 1 "$tmp/nul.txt"
"$BIN/cubic7-pairing" 4,4,4 1,2,3 7,7,7 1,1,2 >"$tmp/grid.txt" || die "cubic7-pairing failed"
"$BIN/pairgrid-check" "$tmp/grid.txt" >/dev/null || die "pairgrid-check rejects a valid grid"
{ cat "$tmp/grid.txt"; printf '\0junk\n'; } >"$tmp/gridnul.txt"
exit2b "NUL" "$BIN/pairgrid-check" "$tmp/gridnul.txt"
exit2b "NUL" "$BIN/pairgrid-check" <"$tmp/gridnul.txt"
printf 'p cnf 1 2\n1 0\n-1 0\n\0junk' >"$tmp/nul.cnf"
exit2b "NUL" "$BIN/drat-check" "$tmp/nul.cnf" "$tmp/zero.drat"

# 4. numbers wrap at 32 bits no more
exit2b "off the board" "$BIN/cubic7-pairing" 4294967300,1,3 1,2,3 7,7,7
sed 's/^pairgrid n=7 /pairgrid n=4294967303 /' "$tmp/grid.txt" >"$tmp/wrapgrid.txt"
exit2b "first line" "$BIN/pairgrid-check" "$tmp/wrapgrid.txt"
sed 's/^z=2$/z=4294967298/' "$tmp/grid.txt" >"$tmp/wrapz.txt"
exit2b "z=2" "$BIN/pairgrid-check" "$tmp/wrapz.txt"
exit2b "N must be" "$BIN/subcube-verify" 4294967297 1 "$tmp/nul.txt"
exit2b "N must be" "$BIN/sg-solve" 4294967298 1,2 4
exit2b "SEED" "$BIN/lattice-pairing" "1,0;0,1" 4294967296

# 5. one line, control characters escaped, never echoed raw
exit2b 'entry 1' "$BIN/sg-solve" 2 $'1\n' 4
exit2b "DIRS" "$BIN/lattice-pairing" $'1,0\n;0,1'
exit2b 'X,Y,Z' "$BIN/cubic7-pairing" 4,4,4 1,2,3 $'7,7,7\nX'
exit2b 'X,Y,Z' "$BIN/cubic7-pairing" 4,4,4 1,2,3 $'7,7,7\r\e[2J'
printf '0 1\n0 \x01\n' >"$tmp/ctl.txt"
exit2b "control byte" "$BIN/subcube-verify" 1 1 "$tmp/ctl.txt"
exit2b "profile" "$BIN/nim-classic" --profile $'q\nx' --out "$tmp/r.tsv"
# the period error path frees what it built (a leak fails the sanitized build)
exit2b "period torus is too large" "$BIN/lattice-pairing" "1,0;0,1;999,1000"
echo "hostile_input: ok"
