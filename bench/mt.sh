#!/bin/sh
# Cross-language answering with and without Apertium's machine translation on xquad-clef: answers
# the reported sets (3-5) of EN-EN, ES-EN, ES-ES and EN-ES, the cross pairs once with the lexicon
# alone (xlqa run --no-mt) and once with Apertium beside it (--mt, as xlqa run does by default),
# with the committed models of models/ (fitted on sets 1-2 only, without Apertium,
# doc/experiments.md), and prints per pair and arm the mean accuracy and CWS over the sets, the
# ratio to the monolingual pair with the same target, and the wall time of each run (so the
# translation's cost per 200 questions shows as the difference between the arms).
#   usage: bench/mt.sh BUILD_DIR LEXICON_DIR [SHARED_DIR]
# The lexicons must be built (scripts/build-lexicons.sh); OUT=DIR keeps indexes and runs (default: a
# temporary directory). SETS="3 4 5" by default.
set -eu
build=$(cd "${1:?usage: bench/mt.sh BUILD_DIR LEXICON_DIR [SHARED_DIR]}" && pwd)
lex=$(cd "${2:?usage: bench/mt.sh BUILD_DIR LEXICON_DIR [SHARED_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "${3:-$top/../shared}" && pwd)
bench=$shared/bench/xquad-clef
xlqa=$build/xlqa
command -v apertium-wblank-mode >/dev/null 2>&1 ||
    { echo "mt.sh: Apertium is not installed (scripts/install-deps.sh)" >&2; exit 1; }
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$top/lang}
XLQA_MODEL_DIR=${XLQA_MODEL_DIR:-$top/models}
export XLQA_LANG_DIR XLQA_MODEL_DIR
if [ -n "${OUT:-}" ]; then out=$OUT; mkdir -p "$out"; else out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; fi
for l in en es; do
    [ -f "$out/index-$l/index.xlqa" ] ||
        "$xlqa" index --quiet --data-root "$(dirname "$shared")" --out "$out/index-$l" "$top/corpora-config/xquad-$l.conf"
done
printf 'pair\tarm\taccuracy\tCWS\tseconds per run\n'
for pair in EN-EN ES-EN ES-ES EN-ES; do
    s=${pair%-*} t=${pair#*-}
    for arm in lexicon mt; do
        [ "$s" = "$t" ] && [ "$arm" = mt ] && continue
        opt=--no-mt
        [ "$arm" = mt ] && opt=--mt
        acc=0 cws=0 secs=0 n=0
        for k in ${SETS:-3 4 5}; do
            q=$bench/sets/$k/questions/$pair.txt
            run=$out/run-$k-$pair-$arm.txt
            a=$(date +%s.%N)
            # shellcheck disable=SC2086 # $opt is one option
            "$xlqa" run --index "$out/index-$(echo "$t" | tr A-Z a-z)" --questions "$q" \
                --tag "xlqa041$(echo "$s$t" | tr A-Z a-z)" --lexicon-dir "$lex" --out "$run" $opt 2>"$run.err" ||
                { cat "$run.err" >&2; exit 1; }
            b=$(date +%s.%N)
            "$xlqa" score --gold "$bench/sets/$k/gold/$t.gold" -Q "$q" --format tsv "$run" >"$run.score"
            acc=$(awk -v x="$acc" '$2 == "all" && $3 == "strict" && $4 == "accuracy" { x += $5 } END { print x }' "$run.score")
            cws=$(awk -v x="$cws" '$2 == "all" && $3 == "strict" && $4 == "cws" { x += $5 } END { print x }' "$run.score")
            secs=$(awk -v x="$secs" -v a="$a" -v b="$b" 'BEGIN { print x + b - a }')
            n=$((n + 1))
        done
        awk -v p="$pair" -v arm="$arm" -v a="$acc" -v c="$cws" -v s="$secs" -v n="$n" \
            'BEGIN { printf "%s\t%s\t%.3f\t%.3f\t%.1f\n", p, arm, a / n, c / n, s / n }'
    done
done
