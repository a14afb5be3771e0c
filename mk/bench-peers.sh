#!/bin/sh
# mk/bench-peers.sh BIN CAP — our solver against a peer, DepQBF (Debian
# package depqbf) on our corrective QBF encoding (`makerbreaker qbf`), on
# the same questions: for each board, "can Maker win within N of her moves?"
# for N = 4, 5, 6 (ours: solve --maker-moves N, the bounded search) and the
# whole game (ours: solve, the proof-number solver with its closures; the
# peer: the QBF with N = every move Maker can make), Maker moving first.
# Each run has a wall-clock cap of CAP seconds (default 60); one that does
# not answer within it is "timeout", never dropped.  Prints TSV rows:
#   board question ours_seconds ours_answer peer_seconds peer_answer cap ratio
# (ratio = peer seconds / ours; ">R" or "<R" when one side timed out, using
# the cap).  Two answers that differ end the run with exit 1.
BIN=$1 CAP=${2:-60}
MB=$BIN/makerbreaker
command -v depqbf >/dev/null || { echo "bench-peers: depqbf not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
printf 'board\tquestion\tours_seconds\tours_answer\tpeer_seconds\tpeer_answer\tcap\tratio\n'
for board in 3^3 mnk:4,4,4 mnk:5,5,4 mnk:7,7,5 4^3; do
  cells=$($MB info "$board" | awk '/^cells:/ { print $2 }')
  for q in 4 5 6 full; do
    if [ "$q" = full ]; then n=$(( (cells + 1) / 2 )); set -- "$board" --threads 1; else n=$q; set -- "$board" --maker-moves "$q"; fi
    t0=$(now); timeout "$CAP" "$MB" solve "$@" --exit-winner >"$tmp/ours" 2>&1; rc=$?; t1=$(now)
    case $rc in 10) ours=maker ;; 11) ours=breaker ;; *) ours=timeout ;; esac
    "$MB" qbf "$board" --maker-moves "$n" --out "$tmp/q.qdimacs" >/dev/null || exit 1
    t2=$(now); timeout "$CAP" depqbf "$tmp/q.qdimacs" >/dev/null 2>&1; rc=$?; t3=$(now)
    case $rc in 10) peer=maker ;; 20) peer=breaker ;; *) peer=timeout ;; esac
    awk -v b="$board" -v q="$q" -v t0="$t0" -v t1="$t1" -v t2="$t2" -v t3="$t3" -v o="$ours" -v p="$peer" -v cap="$CAP" 'BEGIN {
      os = t1 - t0; ps = t3 - t2
      if (o == "timeout") os = cap; if (p == "timeout") ps = cap
      if (os < 0.001) os = 0.001
      r = (o != "timeout" && p != "timeout") ? sprintf("%.1f", ps / os) \
        : (o != "timeout") ? sprintf(">%.1f", cap / os) : (p != "timeout") ? sprintf("<%.3f", ps / cap) : "-"
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", b, q == "full" ? "full" : "N=" q, \
        o == "timeout" ? "timeout" : sprintf("%.3f", os), o, p == "timeout" ? "timeout" : sprintf("%.3f", ps), p, cap, r }'
    if [ "$ours" != timeout ] && [ "$peer" != timeout ] && [ "$ours" != "$peer" ]; then
      echo "bench-peers: $board $q: ours says $ours, DepQBF says $peer" >&2
      exit 1
    fi
  done
done
