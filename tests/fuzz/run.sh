#!/bin/sh
# Runs libFuzzer targets one after the other, each for SECONDS, from seeds gathered out of tests/data
# (and ../shared, the public benchmark data beside the source tree, when it is there). Index and
# lexicon seeds are built with the xlqa of this build; corpora persist in fuzz-work/NAME/corpus, so
# a later run goes on from where this one stopped. Prints one line a target: executions, coverage
# (edges, features), corpus size; exits 1 when a target crashed (the input is in fuzz-work/crashes).
# usage: run.sh SRCDIR SECONDS TARGET...
set -u
src=$1 seconds=$2
shift 2
data="$src/tests/data"
shared="$src/../shared"
work=fuzz-work
mkdir -p "$work/crashes" "$work/build"

# Seed files for a target, one path a line.
seeds() {
    case $1 in
    corpus_sgml|corpus_gzip|text)
        find "$data/collections/clef" "$data/collections/duplicate" "$data/search" -type f -name '*[0-9]*' -o \
            -type f -name '*.sgml'
        [ "$1" = text ] && ls "$src"/lang/*/abbreviations.txt ;;
    corpus_xml) find "$data/collections/aquaint2" -type f ;;
    corpus_html) find "$data/collections/blog06" -type f ;;
    testset_clef)
        ls "$data"/clef/testset.txt "$data"/clef/measures/testset.txt "$data"/search/*-*.txt
        ls "$shared"/bench/xquad-clef/sets/1/questions/*.txt 2>/dev/null ;;
    testset_tsv) ls "$data"/questions/*.tsv "$shared"/data/clef-questions-pt/*.tsv 2>/dev/null ;;
    trec_questions) ls "$data"/trec/questions.xml "$shared"/data/trec-qa/trec1[3-6]questions.xml 2>/dev/null ;;
    clef_run) find "$data/clef/check" "$data/clef/compare" "$data/clef/measures" -type f -name '*041*' ;;
    clef_gold) ls "$data"/clef/gold.tsv "$shared"/bench/xquad-clef/sets/1/gold/EN.gold 2>/dev/null ;;
    clef_judgments) ls "$data"/clef/compare/human.txt "$data"/clef/measures/*.judged ;;
    trec_ranked) ls "$data"/trec/ranked*.run ;;
    trec_series) ls "$data"/trec/series*.run ;;
    trec_judgments) ls "$data"/trec/ranked.judgments ;;
    trec_nuggets) ls "$data"/trec/nuggets.pyramid "$data"/trec/series.nj ;;
    trec_listkey) ls "$data"/trec/list.answers "$shared"/data/trec-qa/trec13answers_list 2>/dev/null ;;
    patterns)
        ls "$data"/trec/*.patterns "$data"/clef/gold.patterns
        ls "$shared"/data/trec-qa/trec12patterns "$shared"/data/trec-qa/trec14patterns+docs_factoid 2>/dev/null ;;
    biogen) ls "$data"/biogen/*.json* ;;
    dict_dictd) ls "$work"/build/dictd-* ;;
    dict_tsv) ls "$data"/lexicon/*.tsv "$data"/search/de-en.tsv ;;
    dict_apertium) ls "$data"/lexicon/apertium/* ;;
    index) ls "$work"/build/index.xlqa ;;
    lexicon) ls "$work"/build/de-en.lex ;;
    model) ls "$work"/build/model.json ;;
    config) find "$src/corpora-config" "$data" -name '*.conf' ;;
    esac
}

# The seeds the tool builds: an index, a lexicon, a model and two dictd dictionaries (index NUL data).
built="index.xlqa de-en.lex model.json dictd-ding-slashes"
seeds_built() {
    for f in $built; do [ -s "$work/build/$f" ] || return 1; done
}
if ! seeds_built; then
    rm -rf "$work/build/idx" "$work/build/lex"
    ./xlqa index --quiet --data-root "$data/search" --out "$work/build/idx" "$data/search/search-test.conf" >/dev/null &&
        cp "$work/build/idx/index.xlqa" "$work/build/"
    ./xlqa lexicon build --pair DE-EN --dict-dir "$work/build/nodict" --no-names --no-hunspell-names \
        --tsv "$data/search/de-en.tsv" --out "$work/build/lex" >/dev/null &&
        cp "$work/build/lex/de-en.lex" "$work/build/"
    ./xlqa calibrate fit --features "$data/calibrate/features.tsv" --out "$work/build/model.json" >/dev/null
    for d in freedict-eng-bul ding-slashes; do
        { cat "$data/lexicon/$d.index"; printf '\0'; cat "$data/lexicon/$d.dict"; } >"$work/build/dictd-$d"
    done
fi
for f in $built; do
    [ -s "$work/build/$f" ] || { echo "run.sh: the seed $work/build/$f could not be built (see the messages above)" >&2; exit 2; }
done

status=0
printf '%-16s %10s %7s %7s %7s %s\n' target executions edges features corpus result
for t in "$@"; do
    name=$(basename "$t" | sed 's/^fuzz_//')
    dir="$work/$name"
    rm -rf "$dir/seeds"
    mkdir -p "$dir/corpus" "$dir/seeds"
    seeds "$name" 2>/dev/null | while read -r f; do
        [ -f "$f" ] || continue
        case $name in
        corpus_gzip) gzip -c "$f" >"$dir/seeds/$(basename "$f").gz" ;;
        *) cp "$f" "$dir/seeds/$(basename "$f")" ;;
        esac
    done
    "$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$work/crashes/$name-" "$dir/corpus" "$dir/seeds" >"$dir/log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)
    line=$(grep -E '^#[0-9]+' "$dir/log" | tail -1)
    edges=$(echo "$line" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    features=$(echo "$line" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corpus=$(ls "$dir/corpus" | wc -l)
    result=ok
    if [ "$rc" -ne 0 ]; then
        result="CRASH (see $dir/log)"
        status=1
    fi
    printf '%-16s %10s %7s %7s %7s %s\n' "$name" "${execs:-?}" "${edges:-?}" "${features:-?}" "$corpus" "$result"
done
exit $status
