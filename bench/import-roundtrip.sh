#!/bin/sh
# xquad-clef through `xlqa import squad` and the matrix: its collections and gold keys written back as
# SQuAD JSON (bench/xquad-clef-squad.py, one file per language, NIL questions left out as they have no
# paragraph), imported as a new benchmark (a new seeded 10% of paragraphs left out for NIL, sets of
# 200), and run by scripts/matrix.sh in all nine pairs, models fitted on sets 1-2, reported on the rest.
#   usage: bench/import-roundtrip.sh BUILD_DIR [SHARED_DIR]
# OUT=DIR keeps the imported benchmark and the matrix's work there (default: a temporary directory);
# XLQA_LEXICON_DIR=DIR reuses pair lexicons; JOBS=N runs N steps at once.
set -eu
build=$(cd "${1:?usage: bench/import-roundtrip.sh BUILD_DIR [SHARED_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
bench=${BENCH:-$(cd "${2:-$top/../shared}" && pwd)/bench/xquad-clef}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${OUT:-$tmp}
mkdir -p "$out"
python3 "$top/bench/xquad-clef-squad.py" "$bench" "$out/squad"
rm -rf "$out/xqsq"
"$build/xlqa" import squad --lang en,de,es --out "$out/xqsq" "$out/squad/en.json" "$out/squad/de.json" "$out/squad/es.json"
sh "$top/scripts/matrix.sh" --xlqa "$build/xlqa" --out "$out/work" --langs "EN DE ES" --fit-sets "1 2" \
    -j "${JOBS:-1}" "$out/xqsq"
