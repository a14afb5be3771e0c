#!/usr/bin/env bash
# Campaigns on MPI (src/plumbing/campaign.h; `make mpi`): the MPI builds of
# the campaign experiments under mpirun -np 3 (and -np 2, -np 1) write
# the same bytes as the threaded binaries; a run whose worker rank is killed
# mid-run (SIGTERM), and one stopped by --stop-after, leave rank 0's
# checkpoint and resume (with another rank count) to the same bytes; the
# worker ranks write no file and say nothing; bad input is one line (rank
# 0's) and exit 2; a binary built without MPI refuses to run as 2 ranks.
. "$(dirname "$0")/lib.bash"

command -v mpirun >/dev/null || die "mpirun not found (make deps installs openmpi-bin libopenmpi-dev)"
$MAKE --no-print-directory mpi SANITIZE="${SANITIZE:-0}" DEBUG="${DEBUG:-0}" >"$tmp/make" 2>&1 \
  || { cat "$tmp/make"; die "make mpi failed"; }
MPI_BIN=$(dirname "$BIN")/mpi/bin
[ "$(id -u)" = 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# MPI's own leaks are not ours (a sanitized build links Open MPI as it is):
# the jobs run without leak detection, the threaded runs with it
mpi_asan="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
# mpirun NP ARGS...: the job (--oversubscribe: 3 ranks on 2 cores)
run() { np=$1; shift; ASAN_OPTIONS=$mpi_asan mpirun --oversubscribe -np "$np" "$@" </dev/null; }

# the same bytes as the threaded run, for each campaign experiment
for name in cubic-casework7 ninerow-pairings nim-jm; do
  fig=; [ "$name" = ninerow-pairings ] && fig="--figdata $tmp/fig1"
  "$BIN/$name" --profile quick --threads 2 --out "$tmp/$name.tsv" $fig 2>/dev/null || die "$name failed"
  run 3 "$MPI_BIN/$name" --profile quick --out "$tmp/$name-np3.tsv" 2>"$tmp/err" \
    || { cat "$tmp/err"; die "$name under mpirun -np 3 failed"; }
  cmp "$tmp/$name.tsv" "$tmp/$name-np3.tsv" || die "$name: mpirun -np 3 wrote other bytes"
  echo "  $name: mpirun -np 3 = threads, byte for byte ($(wc -l <"$tmp/$name.tsv") rows)"
done
name=ninerow-pairings
run 2 "$MPI_BIN/$name" --profile quick --out "$tmp/np2.tsv" --figdata "$tmp/fig" 2>/dev/null \
  || die "$name under mpirun -np 2 failed"
cmp "$tmp/$name.tsv" "$tmp/np2.tsv" || die "$name: mpirun -np 2 wrote other bytes"
cmp "$tmp/fig-board.dat" "$tmp/fig1-board.dat" || die "$name: the MPI run's figure data differ"
[ "$(ls "$tmp" | grep -c 'board.dat')" -eq 2 ] || die "$name: stray figure files: $(ls "$tmp")"
run 1 "$MPI_BIN/cubic-casework7" --profile quick --threads 2 --out "$tmp/np1.tsv" 2>/dev/null \
  || die "cubic-casework7 under mpirun -np 1 failed"
cmp "$tmp/cubic-casework7.tsv" "$tmp/np1.tsv" || die "cubic-casework7: mpirun -np 1 wrote other bytes"
# results on stdout: rank 0's only
run 3 "$MPI_BIN/nim-jm" --profile quick >"$tmp/stdout.tsv" 2>/dev/null || die "nim-jm to stdout failed"
cmp "$tmp/nim-jm.tsv" "$tmp/stdout.tsv" || die "nim-jm: stdout under mpirun is not one copy of the results"
echo "  mpirun -np 2 (with figure data), -np 1 and stdout: the same bytes"
# the p(9) campaign's units (here on Q(5,2), every cube refuted and checked)
p9="--n 5 --k 2 --depth 2 --units all"
"$BIN/hypercube-p9cc" $p9 --threads 2 --out "$tmp/p9.tsv" 2>/dev/null || die "hypercube-p9cc failed"
run 3 "$MPI_BIN/hypercube-p9cc" $p9 --out "$tmp/p9-np3.tsv" 2>"$tmp/err" \
  || { cat "$tmp/err"; die "hypercube-p9cc under mpirun -np 3 failed"; }
cmp "$tmp/p9.tsv" "$tmp/p9-np3.tsv" || die "hypercube-p9cc: mpirun -np 3 wrote other bytes"
echo "  hypercube-p9cc: mpirun -np 3 = threads, byte for byte ($(wc -l <"$tmp/p9.tsv") rows)"
# LD4's direction sets (quick profile)
"$BIN/lattice-conjecture" --profile quick --threads 2 --out "$tmp/ld4.tsv" 2>/dev/null || die "lattice-conjecture failed"
run 3 "$MPI_BIN/lattice-conjecture" --profile quick --out "$tmp/ld4-np3.tsv" 2>"$tmp/err" \
  || { cat "$tmp/err"; die "lattice-conjecture under mpirun -np 3 failed"; }
cmp "$tmp/ld4.tsv" "$tmp/ld4-np3.tsv" || die "lattice-conjecture: mpirun -np 3 wrote other bytes"
echo "  lattice-conjecture: mpirun -np 3 = threads, byte for byte ($(wc -l <"$tmp/ld4.tsv") rows)"

# a worker rank killed mid-run: rank 0 saves its checkpoint and dies, no result
# file; the rerun (2 ranks) resumes and writes the same bytes
ck=$tmp/kill.ckpt
# (CKPT_SAVE_INTERVAL: the first save comes at once, so the kill lands early in the run)
CKPT_SAVE_INTERVAL=0.05 ASAN_OPTIONS=$mpi_asan mpirun --oversubscribe -np 3 "$MPI_BIN/$name" --profile quick --out "$tmp/k.tsv" --checkpoint "$ck" \
  </dev/null >/dev/null 2>"$tmp/err" &
job=$!
worker=
for _ in $(seq 100); do # the ranks are mpirun's children; rank 1 by its environment
  for p in $(pgrep -P "$job"); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=1 && worker=$p
  done
  [ -n "$worker" ] && break
  sleep 0.1
done
[ -n "$worker" ] || { kill "$job"; die "no worker rank found under mpirun"; }
# mid-run: once rank 0 has saved some units (its first save comes after 1 s)
for _ in $(seq 200); do [ -s "$ck" ] && break; sleep 0.05; done
kill -TERM "$worker"
wait "$job"
rc=$?
[ "$rc" -ne 0 ] || die "$name: the job went on after its worker rank was killed"
[ -s "$ck" ] || { cat "$tmp/err"; die "$name: no checkpoint after a worker rank was killed"; }
[ ! -e "$tmp/k.tsv" ] || { cat "$tmp/err"; die "$name: a killed job left a result file"; }
# rank 0 saves its checkpoint on SIGTERM; if mpirun's SIGKILL cuts that save
# short, $ck.tmp stays behind: it is never read, and the resumed run's finish
# removes it (checkpoint.h), which is checked below
[ -e "$ck.tmp" ] && echo "  (a save cut short by mpirun left $(basename "$ck").tmp; the resumed run must remove it)"
run 2 "$MPI_BIN/$name" --profile quick --out "$tmp/k.tsv" --checkpoint "$ck" 2>"$tmp/err" \
  || { cat "$tmp/err"; die "$name: the resumed job failed"; }
grep -q "resuming: " "$tmp/err" || { cat "$tmp/err"; die "$name: the rerun did not resume"; }
cmp "$tmp/$name.tsv" "$tmp/k.tsv" || die "$name: killed and resumed, other bytes"
[ ! -e "$ck" ] && [ ! -e "$ck.tmp" ] || die "$name: checkpoint (or its .tmp) left after success"
echo "  $name: worker rank killed (mpirun exit $rc), resumed on 2 ranks: $(grep -o 'resuming: [0-9/]* [a-z ]*tasks' "$tmp/err" | head -1), same bytes"

# --stop-after on rank 0 (as if killed after N units), resumed with threads (-np 1)
name=nim-jm ck=$tmp/stop.ckpt
run 3 "$MPI_BIN/$name" --profile quick --out "$tmp/s.tsv" --checkpoint "$ck" --stop-after 70 \
  >/dev/null 2>"$tmp/err" && die "$name: --stop-after did not stop the job"
grep -q "stopping after 70 units" "$tmp/err" || { cat "$tmp/err"; die "$name: no stop message"; }
[ -s "$ck" ] && [ ! -e "$tmp/s.tsv" ] || die "$name: stopped job: no checkpoint, or a result file"
run 1 "$MPI_BIN/$name" --profile quick --threads 2 --out "$tmp/s.tsv" --checkpoint "$ck" 2>"$tmp/err" \
  || { cat "$tmp/err"; die "$name: resume on one rank failed"; }
grep -q "resuming: " "$tmp/err" || die "$name: the rerun did not resume"
cmp "$tmp/$name.tsv" "$tmp/s.tsv" || die "$name: stopped and resumed, other bytes"
echo "  $name: stopped after 70 units on 3 ranks, resumed on 1 rank: same bytes"

# bad input: one line (rank 0's; mpirun adds its own summary), exit 2, nothing written
# one1 WANT NP BINARY ARGS...: the job exits 2 and WANT is in exactly one line
one1() {
  want=$1; shift
  run "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 2 ] || { cat "$tmp/err"; die "$*: exit $rc, want 2"; }
  [ "$(grep -c -- "$want" "$tmp/err")" -eq 1 ] || { cat "$tmp/err"; die "$*: '$want' not in exactly one line"; }
  [ ! -s "$tmp/out" ] || die "$*: printed on stdout"
  echo "  $(grep -- "$want" "$tmp/err")"
}
printf 'precious\n' >"$tmp/p.ckpt"
one1 "is not a checkpoint of cubic-casework7" 3 "$MPI_BIN/cubic-casework7" --profile quick \
  --out "$tmp/x.tsv" --checkpoint "$tmp/p.ckpt"
[ "$(cat "$tmp/p.ckpt")" = precious ] || die "a file that is not a checkpoint was touched"
one1 "--threads 0 is out of range" 3 "$MPI_BIN/nim-jm" --threads 0 --out "$tmp/x.tsv"
one1 "--checkpoint $tmp/no/x.ckpt" 2 "$MPI_BIN/ninerow-pairings" --out "$tmp/x.tsv" --checkpoint "$tmp/no/x.ckpt"
one1 "built without MPI" 2 "$BIN/nim-jm" --profile quick --out "$tmp/x.tsv"
[ ! -e "$tmp/x.tsv" ] && [ ! -e "$tmp/x.tsv.tmp" ] || die "a usage error wrote a file"
echo "campaign: ok"
