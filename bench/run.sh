#!/bin/sh
# The answering benchmark on xquad-clef (issue 7): from nothing but a built xlqa and ../shared,
#  1. index the EN, DE and ES collections and build the six cross-language pair lexicons if missing;
#  2. answer sets 1 and 2 in all nine pairs, writing feature tables labelled by the gold keys;
#  3. fit one model per target language (xlqa calibrate fit --ranking: the listwise ranking orders
#     the candidates, the logistic model gives the confidence) on the 1,200 questions of sets 1-2 whose
#     answers are in that language (three source languages x two sets): extraction and its features
#     behave by the target language (German capitalises every noun), while the source only changes the
#     query; a NIL answer's confidence is the model's NIL precision on those same tables;
#  4. answer sets 3, 4 and 5 (never used for fitting) in all nine pairs with the models and score them
#     with xlqa score (gold key, README convention), printing one table per pair and the wall time.
#   usage: bench/run.sh BUILD_DIR [SHARED_DIR]
# Lexicons go to $XLQA_LEXICON_DIR (default: a temporary directory); OUT=DIR keeps the runs, models
# and feature tables there (default: a temporary directory, removed at the end).
set -eu
start=$(date +%s.%N)
build=$(cd "${1:?usage: bench/run.sh BUILD_DIR [SHARED_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "${2:-$top/../shared}" && pwd)
root=$(dirname "$shared")
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$top/lang}
XLQA_CORPORA_DIR=${XLQA_CORPORA_DIR:-$top/corpora-config}
export XLQA_LANG_DIR XLQA_CORPORA_DIR
[ "$(basename "$shared")" = shared ] || { echo "bench/run.sh: SHARED_DIR must be named 'shared'" >&2; exit 2; }
command -v jq >/dev/null || { echo "bench/run.sh: needs jq to read xlqa score's JSON" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
work=${OUT:-$tmp}
mkdir -p "$work"
lexicons=${XLQA_LEXICON_DIR:-$tmp/lexicon}
xlqa="$build/xlqa"
bench="$shared/bench/xquad-clef"
langs="EN DE ES"
lower() { echo "$1" | tr 'A-Z' 'a-z'; }

for t in $langs; do
    l=$(lower "$t")
    rm -rf "$work/index-$l"
    "$xlqa" index --quiet --data-root "$root" --out "$work/index-$l" "xquad-$l" >/dev/null
done
. "$top/bench/pair-lexicon.sh"
for s in $langs; do
    for t in $langs; do
        pair_lexicon "$s" "$t" "$tmp"
    done
done

# answer SET SRC TGT [extra options]: answers one test set into $work/run-SET-SRC-TGT.txt, under a
# run tag of the CLEF 2004 form (4 characters, 04, run 1, source and target: xlqa041deen)
answer() {
    set_=$1 s=$2 t=$3
    shift 3
    "$xlqa" run --index "$work/index-$(lower "$t")" --questions "$bench/sets/$set_/questions/$s-$t.txt" \
        --tag "xlqa041$(lower "$s$t")" --lexicon-dir "$lexicons" --out "$work/run-$set_-$s-$t.txt" "$@"
}

for t in $langs; do
    table="$work/features-$t.tsv"
    : >"$table"
    for set_ in 1 2; do
        for s in $langs; do
            answer "$set_" "$s" "$t" --no-model --gold "$bench/sets/$set_/gold/$t.gold" --features-out "$work/f.tsv"
            # one header; question ids made unique across sets and source languages
            awk -v p="$set_-$s-" -v first="$([ -s "$table" ] && echo 0 || echo 1)" \
                'NR == 1 { if (first) print; next } { print p $0 }' "$work/f.tsv" >>"$table"
        done
    done
    "$xlqa" calibrate fit --ranking --features "$table" --out "$work/model-$t.json" >"$work/fit-$t.txt"
    "$xlqa" calibrate apply --model "$work/model-$t.json" --features "$table" --summary >"$work/fit-summary-$t.txt"
done

echo "xquad-clef answering: models fitted on sets 1-2 (one per target language), reported on sets 3-5"
for t in $langs; do
    awk -v t="$t" '$1 == "nil_threshold" { th = $2 } $1 == "nil_precision" { p = $2 } $1 == "accuracy" { a = $2 }
        END { printf "model %s: NIL threshold %.4f, fitted-set accuracy %.3f, NIL precision %.3f\n", t, th, a, p }' \
        "$work/fit-summary-$t.txt"
done
for t in $langs; do
    nilc=$(awk '$1 == "nil_precision" { print $2 }' "$work/fit-summary-$t.txt")
    for s in $langs; do
        echo
        echo "$s-$t"
        printf '%-5s %8s %8s %8s %8s %8s %8s\n' set accuracy CWS K1 NIL-P NIL-R ECE
        for set_ in 3 4 5; do
            answer "$set_" "$s" "$t" --model "$work/model-$t.json" --nil-confidence "$nilc"
            "$xlqa" score --gold "$bench/sets/$set_/gold/$t.gold" -q "$bench/sets/$set_/questions/$s-$t.txt" \
                --calibration --format json "$work/run-$set_-$s-$t.txt" >"$work/score-$set_-$s-$t.json"
            jq -r --arg set "$set_" '[$set, .accuracy, .cws, .k1, .nil_precision, .nil_recall, .calibration.ece]
                | @tsv' "$work/score-$set_-$s-$t.json"
        done | tee "$work/table-$s-$t.tsv" | awk -F'\t' '{ printf "%-5s %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f\n", $1, $2, $3, $4, $5, $6, $7 }'
        awk -F'\t' '{ for (i = 2; i <= 7; i++) m[i] += $i; n++ }
            END { printf "%-5s %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f\n", "mean", m[2] / n, m[3] / n, m[4] / n, m[5] / n, m[6] / n, m[7] / n }' \
            "$work/table-$s-$t.tsv"
    done
done
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "\nwall time, indexing and lexicons included: %.1f s\n", e - s }'
