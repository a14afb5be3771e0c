#!/usr/bin/env bash
# tests/cluster/slurm-up.sh — a one-node Slurm cluster in a temp dir, for the
# tests (tests/e2e/slurm.sh) and for trying the job script by hand.
#
#   bash tests/cluster/slurm-up.sh COMMAND [ARGS...]   # run COMMAND on the cluster
#   bash tests/cluster/slurm-up.sh                     # an interactive shell on it
#
# It writes a munge key and a one-node slurm.conf (CPUs from nproc, the node
# and controller on 127.0.0.1, two free high ports, state, spool and logs)
# into a fresh temp dir, starts munged, slurmctld and slurmd in the
# foreground of this script (so their pids are its children's), waits until
# sinfo shows the node idle, and runs COMMAND with SLURM_CONF pointing at the
# cluster (and SLURM_UP_DIR at the temp dir); the caller's other SLURM_*
# variables are dropped, so it also works inside a real Slurm job.  On exit
# (a trap: COMMAND's end, an error, SIGINT or SIGTERM) it cancels the
# cluster's jobs, stops the three daemons by their pids (SIGTERM, SIGKILL
# after 10 s), and removes the temp dir (kept, with its logs, if
# SLURM_UP_KEEP=1).  Its exit status is COMMAND's; 1 if the cluster did not
# come up (the daemons' last log lines are printed), 2 if a program is
# missing (`make deps` installs munge and slurm-wlm).
#
# The configuration is that of a stock Debian slurm-wlm with the cluster's
# defaults kept where a test depends on them (MpiDefault=none), and only
# what a container allows: ProctrackType=proctrack/linuxproc,
# TaskPlugin=task/none (no cgroups), SlurmUser=root (CI runs as root; the
# jobs then run as root too); and, for the tests' sake, two jobs may share a
# CPU (OverSubscribe=FORCE:2) and a batch job starts without delay
# (batch_sched_delay=0).  Start-up takes a second or two.
set -u
me=slurm-up
for p in munged slurmctld slurmd sinfo squeue scancel sbatch srun; do
  command -v "$p" >/dev/null 2>&1 \
    || { echo "$me: $p not found (make deps installs munge and slurm-wlm)" >&2; exit 2; }
done
[ "$(id -u)" = 0 ] || { echo "$me: must run as root (slurmd starts the jobs' processes)" >&2; exit 2; }

# the caller's Slurm (a job we may be running in) is not ours
for v in $(compgen -e | grep '^SLURM_'); do unset "$v"; done

dir=$(mktemp -d "${TMPDIR:-/tmp}/slurm-up.XXXXXX") || { echo "$me: cannot make a temp dir" >&2; exit 2; }
chmod 700 "$dir"
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
pids=()
t0=$(date +%s.%N)

# stop what we started, newest first: jobs (through Slurm), then the daemons by pid
teardown() {
  trap - EXIT INT TERM
  if [ -n "${ctld:-}" ] && kill -0 "$ctld" 2>/dev/null; then
    jobs_left=$(squeue -h -o %i 2>/dev/null)
    if [ -n "$jobs_left" ]; then
      # shellcheck disable=SC2086
      scancel $jobs_left 2>/dev/null
      for _ in $(seq 60); do [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break; sleep 0.5; done
    fi
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill -TERM "${pids[i]}" 2>/dev/null; done
  for _ in $(seq 100); do
    alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && kill -KILL "$p" 2>/dev/null; done
  wait 2>/dev/null
  if [ "${SLURM_UP_KEEP:-0}" = 1 ]; then
    echo "$me: kept $dir (logs in $dir/log)" >&2
  else
    rm -rf "$dir"
  fi
}
# a signal ends COMMAND (by its pid) and then the cluster
on_signal() {
  [ -n "${cmd:-}" ] && kill -TERM "$cmd" 2>/dev/null
  exit "$1"
}
trap 'teardown' EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

# fail: why, and the daemons' last words
fail() {
  echo "$me: $*" >&2
  for f in "$dir"/log/*.log; do
    [ -s "$f" ] || continue
    echo "--- last lines of $(basename "$f")" >&2
    tail -n 15 "$f" >&2
  done
  exit 1
}

# a port is free if no TCP socket (v4 or v6) is bound to it
port_used() {
  local hex
  hex=$(printf '%04X' "$1")
  awk -v h="$hex" 'NR > 1 { split($2, a, ":"); if (a[2] == h) f = 1 } END { exit !f }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
port=$((30000 + ($$ % 3000) * 10))
for _ in $(seq 200); do
  port_used "$port" || port_used $((port + 1)) || break
  port=$((port + 10))
  [ "$port" -lt 60000 ] || port=30000
done

# munge: a fresh key and a socket of our own
head -c 1024 /dev/urandom >"$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
sock=$dir/munge/munge.sock
munged --foreground --force --key-file="$dir/munge/munge.key" --socket="$sock" \
  --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munged.seed" \
  --log-file="$dir/log/munged.log" </dev/null >>"$dir/log/munged.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  [ -S "$sock" ] && munge -n -S "$sock" 2>/dev/null | unmunge -S "$sock" >/dev/null 2>&1 && break
  kill -0 "${pids[0]}" 2>/dev/null || fail "munged exited"
  sleep 0.1
done
munge -n -S "$sock" 2>/dev/null | unmunge -S "$sock" >/dev/null 2>&1 || fail "munged does not answer on $sock"

host=$(hostname -s)
cpus=$(nproc)
conf=$dir/slurm.conf
: >"$dir/plugstack.conf"
cat >"$conf" <<EOF
# written by tests/cluster/slurm-up.sh
ClusterName=slurmup
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
PlugStackConfig=$dir/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
SlurmdParameters=config_overrides
ReturnToService=2
MailProg=/bin/true
KillWait=5
MinJobAge=600
InactiveLimit=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:2
EOF
export SLURM_CONF=$conf SLURM_UP_DIR=$dir

slurmctld -D -c -f "$conf" </dev/null >>"$dir/log/slurmctld.out" 2>&1 &
ctld=$!
pids+=("$ctld")
slurmd -D -f "$conf" -N "$host" </dev/null >>"$dir/log/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 300); do
  for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null || fail "a daemon exited (pid $p)"; done
  state=$(sinfo -h -N -o %T 2>/dev/null)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (sinfo: ${state:-no answer})"
printf '%s: cluster up in %.1f s (%s, %s CPUs, ports %s-%s, %s)\n' "$me" \
  "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" "$host" "$cpus" "$port" $((port + 1)) "$dir" >&2

if [ $# -eq 0 ]; then
  "${SHELL:-bash}" -i
else
  # in the background, so that a signal to this script is handled at once
  # (bash runs a trap only after the foreground command); stdin stays COMMAND's
  exec 3<&0
  "$@" <&3 3<&- &
  cmd=$!
  exec 3<&-
  wait "$cmd"
fi
