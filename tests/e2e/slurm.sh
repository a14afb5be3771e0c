#!/usr/bin/env bash
# Campaigns on a real Slurm (one node, brought up and torn down by
# tests/cluster/slurm-up.sh): `sbatch mk/campaign.sbatch EXP` writes the
# threaded run's bytes (cubic-casework7, nim-jm); a job cancelled mid-run
# (scancel), one that reaches its time limit (the script's SIGTERM 60 s
# ahead, and the limit itself with that warning off) and one whose worker
# rank is killed with SIGKILL (--kill-on-bad-exit ends the job) leave rank
# 0's checkpoint (saved on SIGTERM) and no result, and the same line
# resubmitted with another --ntasks resumes to the same bytes; the job script
# picks the MPI plugin (pmix, else pmi2, else one line; CAMPAIGN_MPI
# overrides it); srun without a PMI plugin is refused in one line, srun
# --mpi=pmix works, the threaded build as srun's tasks refuses in one line;
# the solver (makerbreaker solve, on threads) runs through
# the same script; doc/campaigns.md shows these commands.  The jobs stopped by
# their time limits (60-120 s in) run beside the others (a job takes one of
# the node's CPUs, --overcommit, which two jobs may share);
# CAMPAIGN_UNIT_SLEEP keeps the interrupted jobs running without using CPU.
# Prints the cluster's start-up time and each job's.
if [ -z "${SLURM_UP_DIR:-}" ]; then # on a cluster of our own, which ends with this script
  exec bash "$(dirname "$0")/../cluster/slurm-up.sh" bash "$0" "$@"
fi
. "$(dirname "$0")/lib.bash"

${MAKE:-make} --no-print-directory mpi SANITIZE="${SANITIZE:-0}" DEBUG="${DEBUG:-0}" >"$tmp/make" 2>&1 \
  || { cat "$tmp/make"; die "make mpi failed"; }
export CAMPAIGN_BIN=$(dirname "$BIN")/mpi/bin # the job script's binaries (this variant's)
# MPI's own leaks are not ours (tests/e2e/campaign.sh)
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
q="--profile quick"
for name in cubic-casework7 nim-jm; do
  "$BIN/$name" $q --threads 2 --out "$tmp/$name.tsv" 2>/dev/null || die "$name (threads) failed"
done

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# sb DIR [VAR=VALUE...] SBATCH-ARGS...: submits with CAMPAIGN_DIR=DIR and the
# variables in sbatch's environment (which the job gets), the log in DIR/JOB.log;
# prints the job id
sb() {
  local d=$1 envs=() j
  shift
  envs=("CAMPAIGN_DIR=$d")
  while [[ $1 == [A-Z]*=* ]]; do envs+=("$1"); shift; done
  mkdir -p "$d"
  j=$(env "${envs[@]}" sbatch --parsable --output="$d/%j.log" "$@" </dev/null) || die "sbatch $* failed"
  echo "$j"
}
# await JOB WHAT WANT: waits for the job to end (at most 300 s), checks its
# state is WANT and says how long it waited and ran (Slurm's times, in s)
await() {
  local j=$1 what=$2 want=$3 info
  for _ in $(seq 3000); do
    [ -z "$(squeue -h -j "$j" -o %i 2>/dev/null)" ] && break
    sleep 0.1
  done
  info=$(scontrol show job "$j")
  state=$(grep -o 'JobState=[A-Z_]*' <<<"$info" | cut -d= -f2)
  t() { date -d "$(grep -o " $1=[^ ]*" <<<"$info" | cut -d= -f2)" +%s; }
  echo "  job $j ($what): $state; queued $(($(t StartTime) - $(t SubmitTime))) s, ran $(($(t EndTime) - $(t StartTime))) s"
  [ "$state" = "$want" ] || { cat "$tmp"/*/"$j.log" 2>/dev/null; die "job $j ($what): $state, want $want"; }
}
log() { cat "$1"/"$2".log; } # a job's log
# same DIR EXP JOB: the job's result is the threaded run's bytes, and it left no checkpoint
same() {
  cmp "$tmp/$2.tsv" "$1/$2.tsv" || { log "$1" "$3"; die "$2: the job's result differs from the threaded run's"; }
  [ ! -e "$1/$2.ckpt" ] && [ ! -e "$1/$2.ckpt.tmp" ] || die "$2: checkpoint left after success"
}
# stopped DIR EXP JOB: a stopped job left its checkpoint and no result
stopped() {
  [ -s "$1/$2.ckpt" ] || { log "$1" "$3"; die "$2: no checkpoint after job $3 was stopped"; }
  [ ! -e "$1/$2.tsv" ] || { log "$1" "$3"; die "$2: the stopped job $3 left a result file"; }
}
# resumed DIR JOB: the job's log says it resumed; prints the units read back
# (of nim-jm's 120 in 6 stages, one line per stage with units saved)
resumed() {
  grep -q 'resuming: ' "$1/$2.log" || { log "$1" "$2"; die "job $2 did not resume"; }
  grep -o 'resuming: [0-9]*/[0-9]*' "$1/$2.log" | awk -F'[ /]' '{ k += $2 } END { printf "%d units", k }'
}
# saved DIR JOB: rank 0 was sent SIGTERM and saved its checkpoint
saved() { grep -q 'Terminated: saving the finished units' "$1/$2.log" || { log "$1" "$2"; die "job $2: rank 0 saved nothing on SIGTERM"; }; }
# wait_ckpt FILE: until rank 0 has saved some units (at most 60 s)
wait_ckpt() { for _ in $(seq 600); do [ -s "$1" ] && return; sleep 0.1; done; die "no checkpoint $1 after 60 s"; }
# doc/campaigns.md's commands (checked at the end to be there as written)
ct3="--ntasks=3 --overcommit mk/campaign.sbatch cubic-casework7 --profile quick"
nj2="--ntasks=2 --overcommit mk/campaign.sbatch nim-jm --profile quick"
nj3="--ntasks=3 --overcommit mk/campaign.sbatch nim-jm --profile quick"
nj3t="--ntasks=3 --overcommit --time=3 mk/campaign.sbatch nim-jm --profile quick"
nj4="--ntasks=4 --overcommit mk/campaign.sbatch nim-jm --profile quick"
mb2="--ntasks=1 --cpus-per-task=2 mk/campaign.sbatch makerbreaker solve 3^3"
srun3="srun --mpi=pmix --ntasks=3 --overcommit build/mpi/bin/nim-jm --profile quick --out DIR/nim-jm.tsv"

# the time limits, beside the rest (slurm-up.sh lets two jobs share a CPU):
# --time=3 with the script's --signal=TERM@60, and --time=1 with that
# warning off (--signal=TERM@0: the limit expires, TIMEOUT).  slurmctld looks
# at the limits every 30 s and may send the warning early (sbatch(1): "up to
# 60 seconds earlier"), so a 2-minute limit could warn at once, before rank 0
# has saved anything; with 3 minutes SIGTERM comes 60-120 s in, and the
# expired limit ends the other job 60-90 s in.  nim-jm's 120 units (6 stages)
# at 2.5 s a unit on 2 workers would take about 160 s.
dW=$tmp/warn dE=$tmp/expire
jW=$(sb "$dW" CAMPAIGN_UNIT_SLEEP=2.5 $nj3t)
jE=$(sb "$dE" CAMPAIGN_UNIT_SLEEP=2.5 --signal=TERM@0 ${nj3t/--time=3/--time=1})

# the same bytes as the threaded run: two experiments, 3 and 2 ranks
d=$tmp/same
j=$(sb "$d" $ct3)
await "$j" "cubic-casework7, 3 ranks" COMPLETED
same "$d" cubic-casework7 "$j"
j=$(sb "$d" $nj2)
await "$j" "nim-jm, 2 ranks" COMPLETED
same "$d" nim-jm "$j"
echo "  sbatch mk/campaign.sbatch cubic-casework7 / nim-jm: the threaded run's bytes"

# the solver's runs through the same script: one task on threads, the
# certificate the same bytes as a direct run's
d=$tmp/solve
j=$(sb "$d" $mb2)
await "$j" "makerbreaker solve 3^3, 2 threads" COMPLETED
"$BIN/makerbreaker" solve 3^3 --threads 2 --cert "$tmp/3.cert" >/dev/null 2>&1 || die "makerbreaker solve 3^3 failed"
grep -q '^outcome: Maker wins$' "$d/$j.log" || { log "$d" "$j"; die "job $j: no outcome in its log"; }
cmp "$tmp/3.cert" "$d/solve-3_3.cert" || die "job $j: the certificate differs from a direct run's"
[ ! -e "$d/solve-3_3.ckpt" ] || die "job $j: checkpoint left after success"
echo "  sbatch $mb2: Maker wins, the certificate of a direct run"

# srun by hand: with PMIx the same bytes; without a PMI plugin (MpiDefault=none) one line
t=$(now)
mkdir -p "$tmp/srun"
c=${srun3//build\/mpi\/bin/$CAMPAIGN_BIN}
${c//DIR/$tmp/srun} </dev/null 2>"$tmp/err" || { cat "$tmp/err"; die "srun --mpi=pmix failed"; }
cmp "$tmp/nim-jm.tsv" "$tmp/srun/nim-jm.tsv" || die "srun --mpi=pmix: other bytes"
echo "  srun --mpi=pmix --ntasks=3: the threaded run's bytes ($(since "$t") s)"
srun --ntasks=3 --overcommit "$CAMPAIGN_BIN/nim-jm" $q --out "$tmp/x.tsv" </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] || { cat "$tmp/err"; die "srun without --mpi: exit $rc, want 2"; }
# srun adds its own line ("srun: error: NODE: tasks 0-2: Exited with exit code 2")
[ "$(grep -vc '^srun: ' "$tmp/err")" = 1 ] || { cat "$tmp/err"; die "srun without --mpi: not one line"; }
grep -q '^nim-jm: started by srun without a PMI plugin.*srun --mpi=pmix' "$tmp/err" \
  || { cat "$tmp/err"; die "srun without --mpi: not the line wanted"; }
[ ! -s "$tmp/out" ] && [ ! -e "$tmp/x.tsv" ] || die "srun without --mpi: printed or wrote"
echo "  $(grep -v '^srun: ' "$tmp/err")"
# the default (threaded) build as srun's tasks: one line naming make mpi, not the run 3 times
srun --ntasks=3 --overcommit "$BIN/nim-jm" $q --out "$tmp/x.tsv" </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] && [ "$(grep -vc '^srun: ' "$tmp/err")" = 1 ] && grep -q '^nim-jm: .*built without MPI.*make mpi' "$tmp/err" \
  || { cat "$tmp/err"; die "srun of the threaded build: exit $rc, not the one line wanted"; }
[ ! -s "$tmp/out" ] && [ ! -e "$tmp/x.tsv" ] || die "srun of the threaded build: printed or wrote"
echo "  $(grep -v '^srun: ' "$tmp/err")"

# the plugin: CAMPAIGN_MPI overrides (none: the program's line); a Slurm
# without pmix and pmi2 (a stand-in srun lists neither): the script's line;
# with pmi2 only, pmi2 (this Open MPI cannot use it unless ompi_info has s2)
mkdir -p "$tmp/fake"
real_srun=$(command -v srun)
cat >"$tmp/fake/srun" <<EOF
#!/bin/sh
if [ "\$*" = "--mpi=list" ]; then
  printf 'MPI plugin types are...\n\tnone\n\tcray_shasta\n'
  [ "\${FAKE_PMI2:-0}" = 1 ] && printf '\tpmi2\n'
  exit 0
fi
exec $real_srun "\$@"
EOF
chmod +x "$tmp/fake/srun"
# one JOB DIR WANT: the failed job's log has one line (srun's own aside), WANT in it; no result
one() {
  local lines
  lines=$(grep -v -e '^srun: ' -e '^slurmstepd' "$2/$1.log")
  [ "$(printf '%s\n' "$lines" | grep -c .)" = 1 ] && grep -q -- "$3" <<<"$lines" \
    || { log "$2" "$1"; die "job $1: not one line with '$3'"; }
  [ -z "$(ls "$2" | grep -v '\.log$')" ] || die "job $1 wrote $(ls "$2")"
  echo "  $lines"
}
d=$tmp/mpi-none
j=$(sb "$d" CAMPAIGN_MPI=none $nj2)
await "$j" "CAMPAIGN_MPI=none" FAILED
one "$j" "$d" "started by srun without a PMI plugin"
d=$tmp/pmix_v4
j=$(sb "$d" CAMPAIGN_MPI=pmix_v4 $nj2)
await "$j" "CAMPAIGN_MPI=pmix_v4" COMPLETED
same "$d" nim-jm "$j"
d=$tmp/no-pmi
j=$(sb "$d" PATH="$tmp/fake:$PATH" $nj2)
await "$j" "a Slurm without pmix and pmi2" FAILED
one "$j" "$d" "campaign.sbatch: this Slurm has neither PMIx nor PMI-2 (srun --mpi=list: none cray_shasta)"
d=$tmp/pmi2
j=$(sb "$d" PATH="$tmp/fake:$PATH" FAKE_PMI2=1 $nj2)
if ompi_info --parsable 2>/dev/null | grep -q '^mca:pmix:s2:'; then
  await "$j" "a Slurm with pmi2 only" COMPLETED
  same "$d" nim-jm "$j"
else
  await "$j" "a Slurm with pmi2 only" FAILED
  one "$j" "$d" "started by srun --mpi=pmi2, but this Open MPI was built without Slurm's PMI-2 support"
fi

# scancel mid-run, resubmitted on 4 ranks
d=$tmp/scancel
j=$(sb "$d" CAMPAIGN_UNIT_SLEEP=0.1 CKPT_SAVE_INTERVAL=0.05 $nj3)
wait_ckpt "$d/nim-jm.ckpt"
sleep 1
scancel "$j"
await "$j" "scancel mid-run" CANCELLED
saved "$d" "$j"
stopped "$d" nim-jm "$j"
j=$(sb "$d" $nj4)
await "$j" "resubmitted, 4 ranks" COMPLETED
same "$d" nim-jm "$j"
echo "  scancel mid-run, resubmitted on 4 ranks: resumed $(resumed "$d" "$j"), the same bytes"

# a worker rank killed (SIGKILL): srun --kill-on-bad-exit ends the job; resubmitted on 2 ranks
d=$tmp/sigkill
j=$(sb "$d" CAMPAIGN_UNIT_SLEEP=0.1 CKPT_SAVE_INTERVAL=0.05 $nj3)
wait_ckpt "$d/nim-jm.ckpt"
sleep 1
worker=
for p in $(pgrep -f "$CAMPAIGN_BIN/nim-jm"); do # rank 1 of this job on this cluster, by its environment
  env=$(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null)
  grep -qx "SLURM_CONF=$SLURM_CONF" <<<"$env" && grep -qx "SLURM_JOB_ID=$j" <<<"$env" \
    && grep -qx SLURM_PROCID=1 <<<"$env" && worker=$p
done
[ -n "$worker" ] || die "no worker rank of job $j found"
kill -KILL "$worker"
await "$j" "worker rank killed" FAILED
grep -q 'task 1: Killed' "$d/$j.log" || { log "$d" "$j"; die "job $j: srun did not see rank 1 killed"; }
saved "$d" "$j"
stopped "$d" nim-jm "$j"
j=$(sb "$d" $nj2)
await "$j" "resubmitted, 2 ranks" COMPLETED
same "$d" nim-jm "$j"
echo "  worker rank killed (SIGKILL), resubmitted on 2 ranks: resumed $(resumed "$d" "$j"), the same bytes"

await "$jW" "--time=3, SIGTERM 60 s ahead" FAILED
saved "$dW" "$jW"
stopped "$dW" nim-jm "$jW"
j=$(sb "$dW" $nj2)
await "$j" "resubmitted, 2 ranks" COMPLETED
same "$dW" nim-jm "$j"
echo "  time limit (the script's warning), resubmitted on 2 ranks: resumed $(resumed "$dW" "$j"), the same bytes"
await "$jE" "--time=1 expired" TIMEOUT
grep -q 'DUE TO TIME LIMIT' "$dE/$jE.log" || { log "$dE" "$jE"; die "job $jE: not ended by its time limit"; }
saved "$dE" "$jE"
stopped "$dE" nim-jm "$jE"
j=$(sb "$dE" $nj4)
await "$j" "resubmitted, 4 ranks" COMPLETED
same "$dE" nim-jm "$j"
echo "  time limit expired, resubmitted on 4 ranks: resumed $(resumed "$dE" "$j"), the same bytes"
for c in "make mpi" "sbatch $ct3" "sbatch $nj2" "sbatch $nj3" "sbatch $nj3t" "sbatch $nj4" \
  "CAMPAIGN_MPI=pmix_v4 sbatch $nj2" "sbatch $mb2" "$srun3" "bash tests/cluster/slurm-up.sh"; do
  awk -v c="  $c" 'index($0, c) == 1 && (length($0) == length(c) || substr($0, length(c) + 1, 1) == " ") { f = 1 }
    END { exit !f }' doc/campaigns.md || die "doc/campaigns.md does not show the command tested: $c"
done
echo "  doc/campaigns.md shows these commands as run here"
echo "slurm: ok"
