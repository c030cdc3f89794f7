#!/bin/sh
# The answering benchmark on xquad-clef (issue 7), as one call of the matrix (scripts/matrix.sh):
#  1. index the EN, DE and ES collections and build the six cross-language pair lexicons if missing;
#  2. answer sets 1 and 2 in all nine pairs, writing feature tables labelled by the gold keys;
#  3. fit one model per target language (xlqa calibrate fit --ranking: the listwise ranking orders
#     the candidates, the logistic model gives the confidence) on the 1,200 questions of sets 1-2 whose
#     answers are in that language (three source languages x two sets): extraction and its features
#     behave by the target language (German capitalises every noun), while the source only changes the
#     query; a NIL answer's confidence is the model's NIL precision on those same tables;
#  4. answer sets 3, 4 and 5 (never used for fitting) in all nine pairs with the models, check and
#     score them with xlqa score (gold key, README convention), printing one table per pair and the
#     wall time.
#   usage: bench/run.sh BUILD_DIR [SHARED_DIR]   (the benchmark is SHARED_DIR/bench/xquad-clef;
#   BENCH=DIR names it directly)
# Lexicons go to $XLQA_LEXICON_DIR (default: the work directory); OUT=DIR keeps the runs, models,
# feature tables and table.{txt,json,csv} there and resumes in it (default: a temporary directory,
# removed at the end); JOBS=N runs N steps side by side (default 1).
set -eu
start=$(date +%s.%N)
build=$(cd "${1:?usage: bench/run.sh BUILD_DIR [SHARED_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
bench=${BENCH:-$(cd "${2:-$top/../shared}" && pwd)/bench/xquad-clef}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sh "$top/scripts/matrix.sh" --xlqa "$build/xlqa" --out "${OUT:-$tmp}" --langs "EN DE ES" --fit-sets "1 2" \
    --sets "3 4 5" -j "${JOBS:-1}" "$bench"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "\nwall time, indexing and lexicons included: %.1f s\n", e - s }'
