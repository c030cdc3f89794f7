#!/bin/sh
# The README's main command: sets up a fresh Debian 12 machine (as root), builds xlqa and runs its
# main job on the bundled samples: `xlqa analyze` of each sample in its language (and the ISO-8859-1
# German sample decoded as CLEF collections are), then, with ../shared beside the checkout, question
# answering over the benchmark's English collection: an index, retrieval for one question, a model
# fitted on test set 1 (xlqa calibrate fit), test set 2 answered into a CLEF run file with it
# (xlqa run) and scored against its gold key (xlqa score), and one question asked (xlqa ask).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh scripts/install-deps.sh
./bootstrap >/dev/null
mkdir -p build
cd build
../configure -q
make -j2 >/dev/null
XLQA_LANG_DIR="$top/lang"
XLQA_CORPORA_DIR="$top/corpora-config"
export XLQA_LANG_DIR XLQA_CORPORA_DIR
./xlqa langs
for lang in bg de en es fi fr it nl pt; do
    echo
    ./xlqa analyze --lang "$lang" "$top/samples/$lang.txt"
done
echo
./xlqa analyze --lang de --encoding ISO-8859-1 --format tsv "$top/samples/de-latin1.txt" | head -12
shared="$top/../shared"
if [ -d "$shared/bench/xquad-clef" ]; then
    echo
    rm -rf demo-index
    ./xlqa index --data-root "$top/.." --out demo-index xquad-en
    echo
    ./xlqa search --index demo-index --docs 3 --passages 2 "Which university did Calvin study at?"
    sets="$shared/bench/xquad-clef/sets"
    echo
    # fit on set 1 (its candidates labelled from the gold key), answer set 2, score it
    ./xlqa run --no-model --index demo-index --questions "$sets/1/questions/EN-EN.txt" --tag demo1 \
        --gold "$sets/1/gold/EN.gold" --features-out demo-features.tsv --out demo-fit-run.txt
    ./xlqa calibrate fit --ranking --features demo-features.tsv --out demo-model.json |
        awk -F'\t' '$1 ~ /^(questions|first_right|nil_threshold|accuracy)$/'
    echo
    ./xlqa run --index demo-index --questions "$sets/2/questions/EN-EN.txt" --tag demo2 \
        --model demo-model.json --out demo-run.txt
    head -3 demo-run.txt
    ./xlqa score --gold "$sets/2/gold/EN.gold" -q "$sets/2/questions/EN-EN.txt" demo-run.txt
    echo "set 2 EN-EN answered: $(wc -l <demo-run.txt) lines in build/demo-run.txt (model fitted on set 1)"
    echo
    ./xlqa ask --index demo-index --model demo-model.json "Which university did Calvin study at?"
else
    echo "no ../shared beside the checkout: skipping the answering demo"
fi
