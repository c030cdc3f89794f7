#!/bin/sh
# Paired cross-validation of the answer ranking on the fitting tables of the development sets: each
# target's tables of two sets (the dev-features-XX.tsv that `OUT=DIR FIT_SET=k bench/dev.sh` keeps,
# k = 1 and 2) are pooled and split into FOLDS folds; a model fitted on the other folds
# (xlqa calibrate fit) answers each fold (xlqa calibrate apply --summary). A question's rows in all
# three source languages fall in one fold. The folds depend only on the set, the question's number
# and the repeat, so two states of the code measured with the same repeats are compared on the same
# folds (doc/answering.md, "Paired cross-validation").
#   usage: bench/cv.sh BUILD_DIR DEV_OUT_A DEV_OUT_B
# TARGETS (default "EN DE ES"), FOLDS (default 5), REPEATS (fold assignments, default "1 2"),
# FIT_OPTS (default --ranking, as bench/run.sh fits).
# Prints one line a target and repeat: the questions (each in one fold), first_right (those whose
# first candidate is right) and right (those answered right, NIL by the fold model's threshold),
# summed over the folds.
set -eu
build=$(cd "${1:?usage: bench/cv.sh BUILD_DIR DEV_OUT_A DEV_OUT_B}" && pwd)
a=${2:?usage: bench/cv.sh BUILD_DIR DEV_OUT_A DEV_OUT_B}
b=${3:?usage: bench/cv.sh BUILD_DIR DEV_OUT_A DEV_OUT_B}
xlqa="$build/xlqa"
folds=${FOLDS:-5}
fit_opts=${FIT_OPTS---ranking}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in ${TARGETS:-EN DE ES}; do
    for d in "$a" "$b"; do
        [ -f "$d/dev-features-$t.tsv" ] ||
            { echo "bench/cv.sh: no $d/dev-features-$t.tsv (bench/dev.sh with OUT=$d keeps it)" >&2; exit 2; }
    done
    grep -v '^#' "$a/dev-features-$t.tsv" | head -n 1 >"$tmp/header"
    # a row's question becomes A:QUESTION or B:QUESTION (its folder), comments and headers dropped
    { grep -v '^#' "$a/dev-features-$t.tsv" | tail -n +2 | sed 's/^/A:/'
      grep -v '^#' "$b/dev-features-$t.tsv" | tail -n +2 | sed 's/^/B:/'; } >"$tmp/rows"
    for r in ${REPEATS:-1 2}; do
        first=0 right=0 questions=0 k=0
        while [ "$k" -lt "$folds" ]; do
            # the fold hashes the folder and the question without its source ("A:EN-0001" -> "A:0001")
            # from the repeat as seed, then squares it three times (modulo the prime 1000003, so that
            # every product stays exact in awk's doubles): each repeat another random partition
            awk -F'\t' -v K="$folds" -v k="$k" -v r="$r" -v train="$tmp/train" -v test="$tmp/test" '
                BEGIN { chars = "0123456789:-_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"; p = 1000003 }
                { key = $1; sub(/:[A-Z][A-Z]-/, ":", key)
                  h = r
                  for (i = 1; i <= length(key); i++)
                      h = (h * 31 + index(chars, substr(key, i, 1))) % p
                  for (i = 0; i < 3; i++)
                      h = (h * h + r) % p
                  print > (h % K == k ? test : train) }' "$tmp/rows"
            cat "$tmp/header" "$tmp/train" >"$tmp/train.tsv"
            cat "$tmp/header" "$tmp/test" >"$tmp/test.tsv"
            rm -f "$tmp/train" "$tmp/test"
            # shellcheck disable=SC2086 # the option list is a word list on purpose
            "$xlqa" calibrate fit $fit_opts --features "$tmp/train.tsv" --out "$tmp/model.json" >/dev/null
            set -- $("$xlqa" calibrate apply --model "$tmp/model.json" --features "$tmp/test.tsv" --summary |
                awk '$1 == "first_right" { f = $2 } $1 == "accuracy" { a = $2 } $1 == "questions" { q = $2 }
                     END { printf "%d %.0f %d\n", f, a * q, q }')
            first=$((first + $1))
            right=$((right + $2))
            questions=$((questions + $3))
            k=$((k + 1))
        done
        printf '%s repeat %s: questions %d first_right %d right %d\n' "$t" "$r" "$questions" "$first" "$right"
    done
done
