# shellcheck shell=sh disable=SC2034 # slurm_why is for the script that sources this file
# Sourced: a throwaway one-node Slurm cluster on this machine, for tests. slurm_start DIR starts munged,
# slurmctld and slurmd (Debian's munge and slurm-wlm) with every file under DIR (keys, sockets,
# state, logs, slurm.conf), on ports of their own, and exports SLURM_CONF so that sbatch and sinfo talk
# to it; it returns non-zero, with the reason in $slurm_why, when they cannot be started (not root, a
# package missing, a daemon that does not come up). slurm_stop stops the daemons it started, by their
# pids. Needs root: slurmd starts jobs through slurmstepd as the submitting user.
slurm_why=

slurm_start() {
    _sd=$1
    slurm_why=
    [ "$(id -u)" -eq 0 ] || { slurm_why="needs root (slurmd runs jobs as their user)"; return 1; }
    for _c in munged slurmctld slurmd sbatch sinfo scontrol; do
        command -v "$_c" >/dev/null 2>&1 || [ -x "/usr/sbin/$_c" ] ||
            { slurm_why="'$_c' is not installed (scripts/install-deps.sh installs munge and slurm-wlm)"; return 1; }
    done
    PATH=$PATH:/usr/sbin
    mkdir -p "$_sd/munge" "$_sd/state" "$_sd/spool" "$_sd/log"
    chmod 700 "$_sd" "$_sd/munge"
    dd if=/dev/urandom of="$_sd/munge/munge.key" bs=1024 count=1 2>/dev/null
    chmod 400 "$_sd/munge/munge.key"
    munged --force --key-file="$_sd/munge/munge.key" --socket="$_sd/munge/socket" \
        --pid-file="$_sd/munge/munged.pid" --log-file="$_sd/log/munged.log" --seed-file="$_sd/munge/seed" ||
        { slurm_why="munged does not start: $(tail -n 2 "$_sd/log/munged.log" 2>/dev/null)"; return 1; }
    _host=$(hostname -s)
    # ports of their own: another test cluster (or a real one) may be on the defaults
    _port=$((20000 + ($$ % 5000) * 2))
    cat >"$_sd/slurm.conf" <<CONF
ClusterName=xlqatest
SlurmctldHost=$_host(127.0.0.1)
SlurmctldPort=$_port
SlurmdPort=$((_port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$_sd/munge/socket
StateSaveLocation=$_sd/state
SlurmdSpoolDir=$_sd/spool
SlurmctldPidFile=$_sd/slurmctld.pid
SlurmdPidFile=$_sd/slurmd.pid
SlurmctldLogFile=$_sd/log/slurmctld.log
SlurmdLogFile=$_sd/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/builtin
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$_host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$_host Default=YES MaxTime=INFINITE State=UP
CONF
    SLURM_CONF=$_sd/slurm.conf
    export SLURM_CONF
    slurmctld -f "$SLURM_CONF" -i >"$_sd/log/slurmctld.out" 2>&1 ||
        { slurm_why="slurmctld does not start: $(tail -n 3 "$_sd/log/slurmctld.log" 2>/dev/null)"; return 1; }
    slurmd -f "$SLURM_CONF" -N "$_host" >"$_sd/log/slurmd.out" 2>&1 ||
        { slurm_why="slurmd does not start: $(tail -n 3 "$_sd/log/slurmd.log" 2>/dev/null)"; return 1; }
    # up when the node is idle; give it 60 s
    _i=0
    while [ "$_i" -lt 60 ]; do
        case $(sinfo -h -N -o %T 2>/dev/null) in idle*) return 0 ;; esac
        sleep 1
        _i=$((_i + 1))
    done
    slurm_why="the node is not idle after 60 s: $(sinfo -h -N -o '%T %E' 2>&1 | head -n 1); $(tail -n 3 "$_sd/log/slurmd.log" 2>/dev/null)"
    return 1
}

slurm_stop() {
    for _p in slurmd slurmctld munge/munged; do
        [ -s "$_sd/$_p.pid" ] && kill "$(cat "$_sd/$_p.pid")" 2>/dev/null
    done
    # wait for them to go, so that the test's directory can be removed
    for _p in slurmd slurmctld munge/munged; do
        _i=0
        while [ -s "$_sd/$_p.pid" ] && kill -0 "$(cat "$_sd/$_p.pid" 2>/dev/null)" 2>/dev/null && [ "$_i" -lt 20 ]; do
            sleep 0.5
            _i=$((_i + 1))
        done
    done
    return 0
}
