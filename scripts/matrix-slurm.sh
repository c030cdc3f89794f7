# shellcheck shell=sh disable=SC2154 # the variables are matrix.sh's
# Sourced by scripts/matrix.sh --slurm: submits the steps still to do ($out/.matrix/todo) to Slurm as
# job arrays, one array task per step, in four stages that each wait for the one before
# (sbatch --dependency=afterok, --kill-on-invalid-dep so that a failed stage cancels the rest):
#   1. indexes and pair lexicons, 2. the fitting sets' runs, 3. the models, 4. the reported runs with
#   their checks and scores;
# then one job makes the table, and the call waits for it (sbatch --wait). Each task runs
# `make -f OUT/matrix.mk TARGET` for its line of the stage's list: the targets of earlier stages are
# done by then, so make does only the task's own step. OUT, the benchmark, xlqa and this script must be
# on a file system every node sees, at the same paths.
# Uses from matrix.sh: $out, $mk, $me, $lexdir, $jobs, $sbatch_opts.

# slurm_target STEP ARGS...: the makefile target that does the step
slurm_target() {
    case $1 in
    index) echo "$out/index/$2/index.xlqa" ;;
    lexicon) echo "$lexdir/$2-$3.lex" ;;
    fitrun) echo "$out/$2/fit/features-$3-$4-$5.tsv" ;;
    model) echo "$out/$2/model-$3.json" ;;
    run | score) echo "$out/$2/scores/$3-$4-$5.tsv" ;;
    esac
}

slurm_submit() {
    command -v sbatch >/dev/null 2>&1 || { echo "matrix: --slurm: no sbatch on PATH" >&2; return 1; }
    d="$out/slurm"
    mkdir -p "$d"
    rm -f "$d"/stage-*.list
    while read -r kind a1 a2 a3 a4; do
        case $kind in
        index | lexicon) n=1 ;;
        fitrun) n=2 ;;
        model) n=3 ;;
        *) n=4 ;;
        esac
        # shellcheck disable=SC2086 # the step's arguments, as many as it has
        slurm_target "$kind" $a1 $a2 $a3 $a4 >>"$d/stage-$n.list"
    done <"$out/.matrix/todo"
    cat >"$d/task.sh" <<EOF
#!/bin/sh
# one array task: the step on line \$SLURM_ARRAY_TASK_ID of the stage's list (written by matrix.sh)
target=\$(sed -n "\${SLURM_ARRAY_TASK_ID:?not a Slurm array task}p" "\$1")
[ -n "\$target" ] || { echo "no line \$SLURM_ARRAY_TASK_ID in \$1" >&2; exit 1; }
exec make -s -f '$mk' "\$target"
EOF
    throttle=
    [ "$jobs" -le 1 ] || throttle="%$jobs"
    dep=
    for n in 1 2 3 4; do
        [ -f "$d/stage-$n.list" ] || continue
        # a target listed twice (a run and its score) is one task
        awk '!seen[$0]++' "$d/stage-$n.list" >"$d/stage-$n.tmp" && mv "$d/stage-$n.tmp" "$d/stage-$n.list"
        count=$(grep -c . "$d/stage-$n.list")
        # shellcheck disable=SC2086 # the user's sbatch options are a list on purpose
        id=$(sbatch --parsable --array="1-$count$throttle" ${dep:+--dependency=afterok:$dep --kill-on-invalid-dep=yes} \
            --job-name="matrix-$n" --output="$d/stage-$n-%a.out" $sbatch_opts "$d/task.sh" "$d/stage-$n.list") ||
            { echo "matrix: sbatch refused stage $n" >&2; return 1; }
        dep=${id%%;*}
        echo "matrix: stage $n: $count tasks, job $dep" >&2
    done
    # the table, when every stage is done. sbatch --wait returns the job's exit status, but 0 for a
    # job that never ran because a stage before it failed: whether everything is done is make's word
    # shellcheck disable=SC2086 # the user's sbatch options are a list on purpose
    sbatch --parsable --wait ${dep:+--dependency=afterok:$dep --kill-on-invalid-dep=yes} --job-name=matrix-table \
        --output="$d/table.out" $sbatch_opts --wrap "make -s -f '$mk' all" >"$d/table.id" || true
    if ! make -q -f "$mk" all >/dev/null 2>&1; then
        echo "matrix: the Slurm jobs did not finish the matrix; their output is in $d, the steps' logs in $out/log" >&2
        cat "$d"/stage-*-*.out 2>/dev/null | grep -A 5 '^matrix: step' >&2 || true
        return 1
    fi
}
