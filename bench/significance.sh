#!/bin/sh
# Two runs of the development benchmark compared with `xlqa score --significance`, and what the
# comparison costs. On the xquad-clef English collection: a model fitted on test set 1 with every
# feature and one fitted without a feature (xlqa calibrate fit --without), both answering EN-EN of
# test set 3; then the scores' 95% percentile bootstrap intervals and both paired tests' p-values for
# accuracy, cws and k1, and the wall time of the comparison at each number of resamples, the median
# of REPEAT runs (the time of judging and scoring alone, --resamples 1, is printed first).
#   usage: bench/significance.sh BUILD_DIR [SHARED_DIR]
# SHARED_DIR defaults to ../shared beside the checkout. WITHOUT names the feature left out (default
# type_fit); RESAMPLES the counts timed (default "1000 10000"); REPEAT the runs timed (default 5);
# OUT keeps the runs and models in that folder instead of a temporary one.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: bench/significance.sh BUILD_DIR [SHARED_DIR]}" && pwd)
shared=$(cd "${2:-$top/../shared}" && pwd)
xlqa="$build/xlqa"
without=${WITHOUT:-type_fit}
resamples=${RESAMPLES:-1000 10000}
repeat=${REPEAT:-5}
sets="$shared/bench/xquad-clef/sets"
[ -d "$sets" ] || { echo "bench/significance.sh: no $sets" >&2; exit 2; }
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    work=$(cd "$OUT" && pwd)
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
XLQA_LANG_DIR="$top/lang"
XLQA_CORPORA_DIR="$top/corpora-config"
export XLQA_LANG_DIR XLQA_CORPORA_DIR

# The corpora config's data root is the folder holding shared/.
"$xlqa" index --data-root "$(dirname "$shared")" --out "$work/en.idx" xquad-en >/dev/null
"$xlqa" run --index "$work/en.idx" --questions "$sets/1/questions/EN-EN.txt" --free-tag --tag fit1 \
    --gold "$sets/1/gold/EN.gold" --features-out "$work/features.tsv" --out "$work/fit-run.txt" 2>/dev/null
"$xlqa" calibrate fit --ranking --features "$work/features.tsv" --out "$work/all.json" >/dev/null
"$xlqa" calibrate fit --ranking --features "$work/features.tsv" --without "$without" --out "$work/without.json" \
    >/dev/null
"$xlqa" run --index "$work/en.idx" --questions "$sets/3/questions/EN-EN.txt" --free-tag --tag all \
    --model "$work/all.json" --out "$work/all.txt" 2>/dev/null
"$xlqa" run --index "$work/en.idx" --questions "$sets/3/questions/EN-EN.txt" --free-tag --tag "no-$without" \
    --model "$work/without.json" --out "$work/no-$without.txt" 2>/dev/null

score() {
    "$xlqa" score --gold "$sets/3/gold/EN.gold" -Q "$sets/3/questions/EN-EN.txt" -m accuracy -m cws -m k1 \
        --significance --seed 1 "$@" "$work/all.txt" "$work/no-$without.txt"
}

echo "# set 3 EN-EN: model fitted on set 1 with every feature (all.txt) and without '$without'"
score --resamples 10000
echo
echo "# wall time of the whole command (read, judge, score, resample), median of $repeat runs"
printf '%-10s %s\n' resamples seconds
for r in 1 $resamples; do
    i=0
    while [ "$i" -lt "$repeat" ]; do
        start=$(date +%s.%N)
        score --resamples "$r" >/dev/null
        end=$(date +%s.%N)
        echo "$start $end" | awk '{ printf "%.3f\n", $2 - $1 }'
        i=$((i + 1))
    done | sort -n | awk -v r="$r" '{ t[NR] = $1 } END { printf "%-10s %s\n", r, t[int((NR + 1) / 2)] }'
done
