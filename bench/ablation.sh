#!/bin/sh
# Feature ablation of the answer ranking, on the feature tables bench/dev.sh keeps: for each
# ablation, refit every target's ranking without the features it names (xlqa calibrate fit
# --without) on the fitting table, and count the development questions whose first-ranked candidate
# is right (first_right of xlqa calibrate apply --summary), summed over the nine pairs. Nothing is
# answered again, so a feature's worth is measured in minutes, not a dev run per feature.
#   usage: bench/ablation.sh BUILD_DIR DEV_OUT...
# Each DEV_OUT is the OUT folder of a run of `DEV_PAIRS=all OUT=DEV_OUT bench/dev.sh` (both
# directions, FIT_SET=1 and FIT_SET=2, give the steadier figure): it holds the fitting tables
# dev-features-XX.tsv and the development tables dev-features-N-SRC-XX.tsv.
# ABLATIONS replaces the list: space-separated entries, each a comma-separated list of feature-name
# patterns (shell patterns, as --without takes them); the default is every feature of the tables
# outside the blocks, then the kind-type block and the proximity-by-kind block as wholes.
# FIT_OPTS replaces the fit's options (default: --ranking --calibration-folds 0; the answer
# calibration does not change the order, and skipping it makes a fit five times faster).
# Prints one line an ablation: its patterns, first_right in each DEV_OUT, the sum and the change.
set -eu
build=$(cd "${1:?usage: bench/ablation.sh BUILD_DIR DEV_OUT...}" && pwd)
shift
[ $# -ge 1 ] || { echo "usage: bench/ablation.sh BUILD_DIR DEV_OUT..." >&2; exit 2; }
xlqa="$build/xlqa"
fit_opts=${FIT_OPTS---ranking --calibration-folds 0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in "$@"; do
    for t in EN DE ES; do
        [ -f "$d/dev-features-$t.tsv" ] ||
            { echo "bench/ablation.sh: no $d/dev-features-$t.tsv (bench/dev.sh with OUT=$d keeps it)" >&2; exit 2; }
    done
done

if [ -z "${ABLATIONS+set}" ]; then
    ABLATIONS=$(head -n 1 "$1/dev-features-EN.tsv" | tr '\t' '\n' | tail -n +4 | grep -v '@' | tr '\n' ' ')
    ABLATIONS="$ABLATIONS *@named,*@time,*@measure,*@open,*@definition proximity@*"
fi

# first_right SET_OF_PATTERNS DEV_OUT: the questions answered right first in DEV_OUT's development
# tables, each target's ranking fitted without the features of the patterns ("-": none)
first_right() {
    sum=0
    for t in EN DE ES; do
        without=
        [ "$1" = - ] || without="--without $1"
        # shellcheck disable=SC2086 # the option lists are word lists on purpose
        "$xlqa" calibrate fit $fit_opts $without --features "$2/dev-features-$t.tsv" --out "$tmp/model.json" \
            >/dev/null
        n=$(find "$2" -maxdepth 1 -name "dev-features-[0-9]-*-$t.tsv" | sort | while IFS= read -r table; do
            "$xlqa" calibrate apply --model "$tmp/model.json" --features "$table" --summary |
                awk '$1 == "first_right" { print $2 }'
        done | awk '{ s += $1 } END { print s + 0 }')
        sum=$((sum + n))
    done
    echo "$sum"
}

set -f # feature-name patterns are no file names (nor are the folders' names patterns)
base=0
line=$(printf '%-48s' "(none)")
for d in "$@"; do
    n=$(first_right - "$d")
    base=$((base + n))
    line="$line $(printf '%6d' "$n")"
done
printf '%s %7d\n' "$line" "$base"
for a in $ABLATIONS; do
    total=0
    line=$(printf '%-48s' "$a")
    for d in "$@"; do
        n=$(first_right "$a" "$d")
        total=$((total + n))
        line="$line $(printf '%6d' "$n")"
    done
    printf '%s %7d %+6d\n' "$line" "$total" $((total - base))
done
