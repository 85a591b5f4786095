#!/bin/sh
# slurm-test.sh — the balance lab's Slurm job arrays, for real, on a
# one-node cluster set up on this machine (make slurm; part of make test).
#
# As root it installs what is missing (Debian: slurmctld slurmd slurm-client
# munge, --no-install-recommends), makes a munge key if there is none, starts
# munged as the munge user unless one already answers, writes a private
# slurm.conf under build/slurm (proctrack/linuxproc, task/none,
# select/cons_tres, no accounting, the node's line from `slurmd -C`, ports
# 18417–18418) and starts slurmctld and slurmd directly (no systemd). Then it
# runs docs/balancing.md's Monte-Carlo and sweep arrays, scaled to this
# machine, merges the shards and compares the bytes with one process; cancels
# one task of an array and checks that merge refuses the gap, that plain
# -shard auto refuses the rerun of that one task (sbatch --array=2) and that
# -shard auto/4 reruns it into a complete set. Every daemon it started is
# stopped at the end, failed or not. Running it again starts from scratch.
# Not root: it says so and skips.
set -eu

cd "$(dirname "$0")/.."
ROOT=$(pwd)
STATE=$ROOT/build/slurm
GO=${GO:-go}

START=$(date +%s)
say() { echo "slurm-test: [$(($(date +%s) - START)) s] $*"; }
fail() { say "FAIL: $*"; exit 1; }

if [ "$(id -u)" != 0 ]; then
	say "skipped: setting up a Slurm cluster needs root (CI runs as root)"
	exit 0
fi

need=""
for p in slurmctld slurmd slurm-client munge; do
	dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$need" ]; then
	say "installing$need"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q --no-install-recommends $need >/dev/null ||
		{ apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $need >/dev/null; }
fi

# stop_ours stops the daemons a run of this script started (their PID files
# are in $STATE), and munged when this run started it.
stop_ours() {
	pids=""
	for d in slurmd slurmctld; do
		f=$STATE/$d.pid
		[ -f "$f" ] || continue
		pid=$(cat "$f")
		kill "$pid" 2>/dev/null && pids="$pids $pid"
		rm -f "$f"
	done
	for pid in $pids; do
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
		kill -9 "$pid" 2>/dev/null || true
	done
	if [ -f "$STATE/munged.started" ]; then
		munged --stop >/dev/null 2>&1 || true
		rm -f "$STATE/munged.started"
	fi
}

# A previous run killed before its end may have left its daemons: stop them,
# then start from an empty state.
if [ -d "$STATE" ]; then stop_ours; fi
rm -rf "$STATE"
mkdir -p "$STATE/ctld" "$STATE/spool" "$STATE/work"
trap 'stop_ours' EXIT
trap 'exit 130' INT TERM

# munge: a key, and munged as its user.
if [ ! -s /etc/munge/munge.key ]; then
	say "making a munge key"
	mungekey --create --keyfile=/etc/munge/munge.key
	chown munge:munge /etc/munge/munge.key
	chmod 0400 /etc/munge/munge.key
fi
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
	mkdir -p /run/munge /var/log/munge /var/lib/munge
	chown munge:munge /run/munge /var/log/munge /var/lib/munge
	chmod 0755 /run/munge
	runuser -u munge -- munged
	touch "$STATE/munged.started"
	i=0
	until munge -n 2>/dev/null | unmunge >/dev/null 2>&1; do
		i=$((i + 1)); [ $i -lt 50 ] || fail "munged does not answer"; sleep 0.1
	done
fi

node=$(slurmd -C | head -n 1)
name=$(echo "$node" | sed 's/^NodeName=\([^ ]*\).*/\1/')
cpus=$(echo "$node" | sed 's/.* CPUs=\([0-9]*\).*/\1/')
export SLURM_CONF=$STATE/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=moralesim
SlurmctldHost=$name
SlurmUser=root
SlurmctldPort=18417
SlurmdPort=18418
AuthType=auth/munge
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
$node State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
i=0
until sinfo -h -N -o '%T' 2>/dev/null | grep -q '^idle'; do
	i=$((i + 1)); [ $i -lt 100 ] || { cat "$STATE/slurmctld.log" "$STATE/slurmd.log"; fail "the node does not come up"; }
	sleep 0.2
done
say "one-node cluster up: $name, $cpus CPUs"

# The binary the job scripts call, built as docs/balancing.md says.
$GO build -o "$STATE/work/moralesim" ./cmd/moralesim
cp -r scenarios weights.toml "$STATE/work/"
cd "$STATE/work"

# run_array submits a job script (with extra sbatch options before it) and
# waits until every task has left the queue, polling faster than
# sbatch --wait does. It prints the job's ID.
run_array() {
	job=$(sbatch --parsable "$@")
	wait_job "$job"
	echo "$job"
}

# wait_job waits until job $1 has left the queue.
wait_job() {
	i=0
	while [ -n "$(squeue -h -j "$1" 2>/dev/null)" ]; do
		i=$((i + 1)); [ $i -lt 1200 ] || fail "job $1 still queued after 2 minutes"; sleep 0.1
	done
}

# ok_tasks checks that every task named wrote its result folder and no
# error (moralesim's errors start with "moralesim:").
ok_tasks() {
	what=$1; shift
	for t in "$@"; do
		if grep -q '^moralesim:' "log/$what-$t.txt" 2>/dev/null || [ ! -d "results/$what-$t" ]; then
			cat "log/$what-$t.txt" 2>/dev/null || true
			fail "task $t of the $what array failed"
		fi
	done
}

# The Monte-Carlo as a job array: docs/balancing.md's script, scaled to this
# machine (4 tasks of 1 CPU, 800 fights of line.toml).
cat >mc.sh <<'JOB'
#!/bin/sh
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=log/mc-%a.txt
./moralesim run scenarios/line.toml -runs 800 -seed 1 -q \
    -shard auto/4 -out results/mc-$SLURM_ARRAY_TASK_ID
JOB
# The sweep: 3 × 2 points of 100 fights in 3 tasks, with plain -shard auto
# (certain here: a whole array numbered from 0).
cat >sweep.sh <<'JOB'
#!/bin/sh
#SBATCH --array=0-2
#SBATCH --cpus-per-task=1
#SBATCH --output=log/sweep-%a.txt
./moralesim run scenarios/line.toml -runs 100 -seed 1 -q \
    -sweep RecoveryDelaySeconds=3:5:1 -sweep Hysteresis=0.05:0.1:0.05 \
    -metric squad_broke.centre -stat share \
    -shard auto -out results/sweep-$SLURM_ARRAY_TASK_ID
JOB
mkdir -p log results
mc=$(sbatch --parsable mc.sh)
sw=$(sbatch --parsable sweep.sh)
./moralesim run scenarios/line.toml -runs 800 -seed 1 -q -out one/mc >/dev/null
./moralesim run scenarios/line.toml -runs 100 -seed 1 -q \
    -sweep RecoveryDelaySeconds=3:5:1 -sweep Hysteresis=0.05:0.1:0.05 \
    -metric squad_broke.centre -stat share -out one/sweep >/dev/null
wait_job "$mc"
wait_job "$sw"
ok_tasks mc 0 1 2 3
ok_tasks sweep 0 1 2
./moralesim merge results/mc-0 results/mc-1 results/mc-2 results/mc-3 -out results/mc-all 2>/dev/null
./moralesim merge results/sweep-0 results/sweep-1 results/sweep-2 -out results/sweep-all 2>/dev/null
# summary.json names the command that wrote it (run, merge): left out.
nocmd() { sed '/^ "command": /d' "$1" >"$1.nocmd"; }
for f in summary.json runs.json runs.csv; do
	nocmd one/mc/$f && nocmd results/mc-all/$f || fail "cannot read $f"
	cmp one/mc/$f.nocmd results/mc-all/$f.nocmd || fail "the merged Monte-Carlo's $f differs from one process's"
done
cmp one/sweep/sweep.json results/sweep-all/sweep.json || fail "the merged sweep differs from one process's"
say "arrays: the merged summary.json (but for its command), runs.json, runs.csv and sweep.json equal one process's, byte for byte"

# A cancelled task writes nothing, and merge refuses the gap.
rm -rf results/mc-*
job=$(sbatch --parsable --hold mc.sh)
scancel "${job}_2"
scontrol release "$job"
wait_job "$job"
ok_tasks mc 0 1 3
[ ! -e results/mc-2 ] || fail "the cancelled task wrote results/mc-2"
if ./moralesim merge results/mc-0 results/mc-1 results/mc-3 -out results/gap 2>log/gap.txt; then
	fail "merge accepted three of four shards"
fi
grep -q 'no folder holds shard 2/4' log/gap.txt || { cat log/gap.txt; fail "merge did not name the missing shard"; }
[ ! -e results/gap ] || fail "the refused merge wrote results/gap"
say "a cancelled task: merge refuses the gap ($(cat log/gap.txt))"

# Rerunning that one task: plain auto cannot know N and refuses, naming what
# it read; auto/4 reruns it into a complete set.
sed 's|-shard auto/4|-shard auto|' mc.sh >rerun-auto.sh
run_array --array=2 --output=log/rerun-%a.txt rerun-auto.sh >/dev/null
grep -q 'SLURM_ARRAY_TASK_MIN=2' log/rerun-2.txt || { cat log/rerun-2.txt; fail "plain -shard auto did not refuse the rerun naming the variables it read"; }
[ ! -e results/mc-2 ] || fail "the refused rerun wrote results/mc-2"
run_array --array=2 mc.sh >/dev/null
ok_tasks mc 2
./moralesim merge results/mc-0 results/mc-1 results/mc-2 results/mc-3 -out results/mc-again 2>/dev/null
nocmd results/mc-again/summary.json || fail "cannot read the summary"
cmp one/mc/summary.json.nocmd results/mc-again/summary.json.nocmd || fail "after the rerun, the merged summary differs"
say "a rerun of one task: plain -shard auto refuses it ($(cut -c1-90 log/rerun-2.txt)…); auto/4 completes the set"
say "ok"
