#!/usr/bin/env bash
# After `make reproduce PROFILE=quick`, nothing is out of date; a changed
# experiment source reruns that experiment (and the report), not the others; a
# changed src/ module reruns exactly the experiments that link it.
. "$(dirname "$0")/lib.bash"
targets="build/quick/report.pdf build/quick/scoreboard.tsv"
make -q PROFILE=quick SANITIZE="${SANITIZE:-0}" $targets || {
  make -n PROFILE=quick SANITIZE="${SANITIZE:-0}" $targets | head -n 20
  die "a second run would redo work"
}
plan=$(make -n -W experiments/cubic/board.c PROFILE=quick SANITIZE="${SANITIZE:-0}" $targets)
echo "$plan" | grep -q -- "cubic-board --profile quick" || die "changed source does not rerun its experiment"
echo "$plan" | grep -q -- "hypercube-ps42 --profile" && die "an unrelated experiment would rerun"
[ "$(echo "$plan" | grep -c -- "--profile quick --threads")" -eq 1 ] || die "more than one experiment would rerun"
echo "$plan" | grep -q -- "latexmk" || die "the report would not be rebuilt"
# src/nim/sgnim.c is linked by the NIM experiments only (their link lists say so)
plan=$(make -n -W src/nim/sgnim.c PROFILE=quick SANITIZE="${SANITIZE:-0}" $targets)
for e in $(experiments); do
  e=$(basename "$e")
  if grep -qx 'src/nim/sgnim.c' "$BIN/$e.srcs"; then
    echo "$plan" | grep -q -- "$e --profile quick" || die "$e links src/nim/sgnim.c but would not rerun"
  else
    echo "$plan" | grep -q -- "$e --profile quick" && die "$e does not link src/nim/sgnim.c but would rerun"
  fi
done
echo "$plan" | grep -q -- "nim-jm --profile quick" || die "nim-jm should link src/nim/sgnim.c"
echo "incremental: ok"
