#!/bin/sh
# Grouped cross-validation of the ranking learners side by side on development feature tables (one
# per target language, rows of question ids SET-SRC-NNNN, as `xlqa run --features` writes them for
# xquad-clef). A question's rows in every source language, and every question over the same gold
# document, fall in one fold: the group of SET-SRC-NNNN is the gold DOCNO's number of question NNNN of
# set SET (sets/SET/gold/TGT.gold), or the question itself when its gold answer is NIL. Each fold is
# answered by models fitted on the other folds with each learner (xlqa calibrate fit, the same folds
# for every learner), scored with xlqa calibrate apply --summary.
#   usage: bench/learners-cv.sh BUILD_DIR TABLE_DIR XQUAD_CLEF_DIR
# TABLE_DIR holds features-TGT.tsv for each target of TARGETS (default "EN DE ES").
# FOLDS (default 5), REPEATS (fold assignments, default "1 2 3"), LEARNERS (default
# "logistic=--learner logistic;gbt=--learner gbt": NAME=fit options, ';' between learners).
# Prints one line a target, repeat and learner: questions (each in one fold), first_right (those
# whose first candidate is right) and right (answered right, NIL by the fold model's threshold), summed
# over the folds.
set -eu
usage="usage: bench/learners-cv.sh BUILD_DIR TABLE_DIR XQUAD_CLEF_DIR"
build=$(cd "${1:?$usage}" && pwd)
tables=${2:?$usage}
xquad=${3:?$usage}
xlqa="$build/xlqa"
folds=${FOLDS:-5}
learners=${LEARNERS:-logistic=--learner logistic;gbt=--learner gbt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for t in ${TARGETS:-EN DE ES}; do
    [ -f "$tables/features-$t.tsv" ] || { echo "bench/learners-cv.sh: no $tables/features-$t.tsv" >&2; exit 2; }
    # SET-NNNN -> group, from the gold files of the sets the table holds
    : >"$tmp/groups"
    for s in $(grep -v '^#' "$tables/features-$t.tsv" | tail -n +2 | cut -f1 | cut -d- -f1 | sort -u); do
        awk -F'\t' -v s="$s" '{ g = $2 == "NIL" ? "nil-" s "-" $1 : $2; sub(/^.*\./, "", g); print s "-" $1 "\t" g }' \
            "$xquad/sets/$s/gold/$t.gold" >>"$tmp/groups"
    done
    grep -v '^#' "$tables/features-$t.tsv" | head -n 1 >"$tmp/header"
    grep -v '^#' "$tables/features-$t.tsv" | tail -n +2 >"$tmp/rows"
    for r in ${REPEATS:-1 2 3}; do
        k=0
        : >"$tmp/sums"
        while [ "$k" -lt "$folds" ]; do
            # the fold hashes the group from the repeat as seed (modulo the prime 1000003, so every
            # product stays exact in awk's doubles), then squares it three times
            awk -F'\t' -v K="$folds" -v k="$k" -v r="$r" -v train="$tmp/train" -v test="$tmp/test" '
                BEGIN { chars = "0123456789:-_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"; p = 1000003 }
                NR == FNR { group[$1] = $2; next }
                { split($1, id, "-"); key = id[1] "-" id[3]
                  if (!(key in group)) { print "no gold for " $1 > "/dev/stderr"; exit 1 }
                  key = group[key]; h = r
                  for (i = 1; i <= length(key); i++)
                      h = (h * 31 + index(chars, substr(key, i, 1))) % p
                  for (i = 0; i < 3; i++)
                      h = (h * h + r) % p
                  print > (h % K == k ? test : train) }' "$tmp/groups" "$tmp/rows"
            cat "$tmp/header" "$tmp/train" >"$tmp/train.tsv"
            cat "$tmp/header" "$tmp/test" >"$tmp/test.tsv"
            rm -f "$tmp/train" "$tmp/test"
            echo "$learners" | tr ';' '\n' | while IFS= read -r spec; do
                [ -n "$spec" ] || continue
                name=${spec%%=*}
                # shellcheck disable=SC2086 # the option list is a word list on purpose
                "$xlqa" calibrate fit ${spec#*=} --features "$tmp/train.tsv" --out "$tmp/model.json" >/dev/null
                "$xlqa" calibrate apply --model "$tmp/model.json" --features "$tmp/test.tsv" --summary |
                    awk -v n="$name" '$1 == "first_right" { f = $2 } $1 == "accuracy" { a = $2 }
                         $1 == "questions" { q = $2 } END { printf "%s %d %.0f %d\n", n, f, a * q, q }' >>"$tmp/sums"
            done
            k=$((k + 1))
        done
        awk -v t="$t" -v r="$r" '{ f[$1] += $2; a[$1] += $3; q[$1] += $4; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
            END { for (i = 1; i <= n; i++)
                      printf "%s repeat %s %s: questions %d first_right %d right %d accuracy %.3f\n", t, r, order[i],
                             q[order[i]], f[order[i]], a[order[i]], a[order[i]] / q[order[i]] }' "$tmp/sums"
    done
done
