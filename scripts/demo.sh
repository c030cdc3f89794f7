#!/bin/sh
# The README's main command: sets up a fresh Debian 12 machine (as root), builds xlqa and runs its
# main job on the bundled samples. Until the QA pipeline exists the main job is analysis and retrieval:
# `xlqa analyze` of each sample in its language (and the ISO-8859-1 German sample decoded as CLEF
# collections are), then, with ../shared beside the checkout, an index of the benchmark's English
# collection and its first test set answered as retrieval.
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
    echo
    ./xlqa search --index demo-index --questions "$shared/bench/xquad-clef/sets/1/questions/EN-EN.txt" \
        --docs 20 >demo-run.trec
    echo "set 1 EN-EN as retrieval: $(wc -l <demo-run.trec) result lines in build/demo-run.trec"
else
    echo "no ../shared beside the checkout: skipping the retrieval demo"
fi
