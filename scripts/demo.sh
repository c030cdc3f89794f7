#!/bin/sh
# The README's main command: sets up a fresh Debian 12 machine (as root), builds xlqa and runs its
# main job on the bundled samples: what each language pack does well, on the tokens of the samples
# that samples/showcase.tsv names, then `xlqa analyze` of each sample in its language (and the ISO-8859-1
# German sample decoded as CLEF collections are), then, with ../shared beside the checkout, question
# answering over the benchmark's English collection: an index, retrieval for one question, test set 3
# answered into a CLEF run file by the default English model (xlqa run), checked against the CLEF
# 2004 rules (xlqa check) and scored against its gold key (xlqa score), and one question asked
# (xlqa ask).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh scripts/install-deps.sh
./bootstrap >/dev/null
mkdir -p build
cd build
../configure -q
make -j2 >/dev/null
# run from the build tree, xlqa reads the checkout's lang/, corpora-config/ and models/ by itself
./xlqa langs
# first what the packs do well, on chosen tokens of the samples (samples/showcase.tsv), each with what
# `xlqa analyze` gives it; then every sample's whole analysis
echo
echo "What the language packs do, on tokens of samples/LANG.txt (whole analyses below):"
for lang in $(awk -F '\t' '!/^#/ && NF >= 4 && !seen[$1]++ { print $1 }' "$top/samples/showcase.tsv"); do
    ./xlqa analyze --lang "$lang" --format tsv "$top/samples/$lang.txt" >"showcase-$lang.tsv"
    awk -F '\t' -v lang="$lang" '
        BEGIN { col["norm"] = 7; col["stem"] = 8; col["lemma"] = 9; col["parts"] = 10; col["flags"] = 11; col["value"] = 12 }
        FNR == NR { if (!($6 in row)) row[$6] = $0; next }
        /^#/ || $1 != lang { next }
        {
            shown = "(not in the sample)"
            if ($2 in row) { split(row[$2], f, "\t"); shown = f[col[$3]] }
            printf "  %s  %-24s %-5s %-22s %s\n", lang, $2, $3, shown, $4
        }' "showcase-$lang.tsv" "$top/samples/showcase.tsv"
    rm -f "showcase-$lang.tsv"
done
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
    # the default English model (models/en.model.json, which `make models` fits on the development
    # sets 1-2) answers set 3, which neither the model nor any ranking choice saw; then one question
    ./xlqa run --index demo-index --questions "$sets/3/questions/EN-EN.txt" --tag xlqa041enen \
        --out xlqa041enen.txt
    head -3 xlqa041enen.txt
    ./xlqa check -Q "$sets/3/questions/EN-EN.txt" xlqa041enen.txt
    ./xlqa score --gold "$sets/3/gold/EN.gold" -Q "$sets/3/questions/EN-EN.txt" xlqa041enen.txt
    echo "set 3 EN-EN answered: $(wc -l <xlqa041enen.txt) lines in build/xlqa041enen.txt (default English model)"
    echo
    ./xlqa ask --index demo-index "Who ordained the first Methodist clergy?"
else
    echo "no ../shared beside the checkout: skipping the answering demo"
fi
