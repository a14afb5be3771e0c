#!/usr/bin/env bash
# A second method: on small boards and positions (both sides to move,
# several N), `solve --maker-moves N` and DepQBF (Debian package depqbf, a
# peer's solver) on our corrective QBF encoding (`makerbreaker qbf`) must
# agree: DepQBF's true (exit 10) iff Maker wins within N.  Any disagreement
# fails the test; so does a case DepQBF does not decide within 60 s.
. "$(dirname "$0")/lib.bash"
MB=$BIN/makerbreaker
command -v depqbf >/dev/null || die "depqbf not installed (make deps DEBS=depqbf, or apt-get install depqbf)"
cases=(
  "mnk:3,3,3|" "mnk:3,3,3|M:2,2 B:1,1" "mnk:3,3,3|M:1,1 B:2,2" "mnk:3,3,3|B:2,2"
  "mnk:4,3,3|" "mnk:4,3,3|M:2,2 B:3,2" "mnk:4,4,3|" "mnk:4,4,3|M:2,2 B:3,3"
  "2^3|" "qcube:3,2|" "torus:3,3|B:0,0" "mnk:5,2,3|M:3,1"
)
n=0 agree=0 mw=0
for c in "${cases[@]}"; do
  spec=${c%%|*} after=${c#*|}
  for side in maker breaker; do
    for N in 1 2 3 4; do
      args=("$spec" --to-move "$side" --maker-moves "$N")
      [ -n "$after" ] && args+=(--after "$after")
      $MB solve "${args[@]}" --exit-winner >"$tmp/solve" 2>&1; ours=$?
      [ "$ours" -eq 10 ] || [ "$ours" -eq 11 ] || { cat "$tmp/solve"; die "solve ${args[*]}: exit $ours"; }
      $MB qbf "${args[@]}" --out "$tmp/q.qdimacs" >/dev/null || die "qbf ${args[*]}: exit $?"
      timeout 60 depqbf "$tmp/q.qdimacs" >/dev/null 2>&1; peer=$?
      [ "$peer" -eq 10 ] || [ "$peer" -eq 20 ] || die "depqbf on ${args[*]}: exit $peer (no answer)"
      n=$((n + 1))
      if [ $(( ours == 10 )) -ne $(( peer == 10 )) ]; then
        die "disagreement on ${args[*]}: solve says $([ "$ours" -eq 10 ] && echo Maker || echo Breaker), DepQBF says $([ "$peer" -eq 10 ] && echo true || echo false)"
      fi
      agree=$((agree + 1)) mw=$((mw + (ours == 10)))
    done
  done
done
[ "$n" -ge 50 ] || die "only $n cases"
echo "  $agree of $n cases agree ($mw Maker wins, $((n - mw)) Breaker holds; DepQBF $(depqbf --version 2>&1 | head -1 | awk '{print $2}'))"
echo "qbf_crosscheck: ok"
