#!/bin/sh
# The development protocol of the answering model (issue 7): fit on set 1, check on set 2 (or the
# other way round: FIT_SET=2 DEV_SET=1), never look
# at sets 3-5 (bench/run.sh reports those). For each monolingual pair EN-EN, DE-DE, ES-ES:
#  1. answer set 1 from all three source languages into the target (as bench/run.sh fits: one model
#     per target language) and fit a model on those 600 questions (xlqa calibrate fit);
#  2. answer set 2 in the monolingual pair (DEV_PAIRS=all: in all three pairs into the target, and
#     print the mean over the nine pairs, a steadier figure) with that model and print xlqa score's accuracy, CWS, K1,
#     NIL precision/recall and ECE, plus how many answerable questions have a right candidate at all
#     and how many have it ranked first (the ranking gap), counted from the labelled feature table.
#   usage: bench/dev.sh BUILD_DIR [SHARED_DIR]
# Indexes are built in a temporary directory unless INDEX_DIR holds index-en, index-de, index-es;
# lexicons come from $XLQA_LEXICON_DIR (built there when missing); OUT=DIR keeps runs and traces;
# FIT_OPTS replaces the options of xlqa calibrate fit (default --ranking, as bench/run.sh fits;
# FIT_OPTS= fits the pointwise model alone).
set -eu
build=$(cd "${1:?usage: bench/dev.sh BUILD_DIR [SHARED_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "${2:-$top/../shared}" && pwd)
root=$(dirname "$shared")
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$top/lang}
XLQA_CORPORA_DIR=${XLQA_CORPORA_DIR:-$top/corpora-config}
export XLQA_LANG_DIR XLQA_CORPORA_DIR
command -v jq >/dev/null || { echo "bench/dev.sh: needs jq to read xlqa score's JSON" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
work=${OUT:-$tmp}
mkdir -p "$work"
lexicons=${XLQA_LEXICON_DIR:-$tmp/lexicon}
indexes=${INDEX_DIR:-$tmp}
xlqa="$build/xlqa"
# FIT_SET=2 DEV_SET=1 swaps the two development sets (a second opinion); sets 3-5 are for reporting only
fit=${FIT_SET:-1}
dev=${DEV_SET:-2}
case "$fit$dev" in 12 | 21) ;; *) echo "bench/dev.sh: FIT_SET and DEV_SET must be 1 and 2 or 2 and 1" >&2; exit 2 ;; esac
sets="$shared/bench/xquad-clef/sets"
langs="EN DE ES"
lower() { echo "$1" | tr 'A-Z' 'a-z'; }

. "$top/bench/pair-lexicon.sh"
for t in $langs; do
    [ -d "$indexes/index-$(lower "$t")" ] ||
        "$xlqa" index --quiet --data-root "$root" --out "$indexes/index-$(lower "$t")" "xquad-$(lower "$t")" >/dev/null
    for s in $langs; do
        pair_lexicon "$s" "$t" "$tmp"
    done
done
: >"$work/dev-table.txt"
printf '%-6s %8s %8s %8s %8s %8s %8s %6s %6s\n' pair accuracy CWS K1 NIL-P NIL-R ECE right first
for t in $langs; do
    l=$(lower "$t")
    table="$work/dev-features-$t.tsv"
    : >"$table"
    for s in $langs; do
        "$xlqa" run --no-model --no-mt --index "$indexes/index-$l" --questions "$sets/$fit/questions/$s-$t.txt" --free-tag --tag dev$fit \
            --lexicon-dir "$lexicons" --out "$work/dev-run-$fit-$s-$t.txt" --gold "$sets/$fit/gold/$t.gold" \
            --features-out "$work/f.tsv" 2>/dev/null
        awk -v p="$s-" -v first="$([ -s "$table" ] && echo 0 || echo 1)" \
            'NR == 1 { if (first) print; next } { print p $0 }' "$work/f.tsv" >>"$table"
    done
    # shellcheck disable=SC2086 # FIT_OPTS is a list of options on purpose
    "$xlqa" calibrate fit ${FIT_OPTS---ranking} --features "$table" --out "$work/dev-model-$t.json" >/dev/null
    nilc=$("$xlqa" calibrate apply --model "$work/dev-model-$t.json" --features "$table" --summary |
        awk '$1 == "nil_precision" { print $2 }')
    for s in $langs; do
        [ "${DEV_PAIRS:-mono}" = all ] || [ "$s" = "$t" ] || continue
        "$xlqa" run --index "$indexes/index-$l" --questions "$sets/$dev/questions/$s-$t.txt" --free-tag --tag dev$dev \
            --lexicon-dir "$lexicons" --out "$work/dev-run-$dev-$s-$t.txt" --model "$work/dev-model-$t.json" \
            --nil-confidence "$nilc" --gold "$sets/$dev/gold/$t.gold" --features-out "$work/dev-features-$dev-$s-$t.tsv" \
            --trace "$work/dev-trace-$dev-$s-$t.json" 2>/dev/null
        # with a model the table's rows are in the model's order: a question's first row is its answer
        ranks=$(awk -F'\t' 'NR > 1 && $3 != "-" { if (!($1 in seen)) { seen[$1] = 1; if ($3) first++ } if ($3) right[$1] = 1 }
            END { n = 0; for (q in right) n++; print n + 0, first + 0 }' "$work/dev-features-$dev-$s-$t.tsv")
        "$xlqa" score --gold "$sets/$dev/gold/$t.gold" -Q "$sets/$dev/questions/$s-$t.txt" --calibration --format json \
            "$work/dev-run-$dev-$s-$t.txt" | jq -r --arg p "$s-$t" --arg r "$ranks" \
            '.runs[0] | [$p, .accuracy, .cws, .k1, .nil_precision, .nil_recall, .calibration.ece] + ($r | split(" ")) | @tsv' |
            awk -F'\t' '{ printf "%-6s %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %6d %6d\n", $1, $2, $3, $4, $5, $6, $7, $8, $9 }' |
            tee -a "$work/dev-table.txt"
    done
done
if [ "${DEV_PAIRS:-mono}" = all ]; then
    awk '{ n++; a += $2; c += $3; r += $8; f += $9 }
        END { printf "%-6s %8.3f %8.3f %44d %6d   (mean of %d pairs; sums)\n", "mean", a / n, c / n, r, f, n }' "$work/dev-table.txt"
fi
