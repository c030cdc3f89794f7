#!/bin/sh
# Question series on xquad-clef (issue 38): for sets 3-5 and the pairs EN-EN and DE-EN, builds the
# series test set of the set (bench/xquad-series.sh: questions grouped by article, target = the
# article's title), answers it with `xlqa run --series` in the three context modes (target: pronouns
# resolved, else the target added; pronouns: only resolved; none: each question alone), checks every
# run with `xlqa check --track trec2007 --questions` and scores the factoid accuracy with the set's
# answer patterns (`xlqa score --track trec2007 --factoid`). Models: the installed default ones.
#   usage: bench/trec-series.sh BUILD_DIR [SHARED_DIR]
# The DE-EN lexicon is read from $XLQA_LEXICON_DIR, built there first when missing (default: the
# work directory). OUT=DIR keeps the test sets, runs and scores (default: a temporary directory).
set -eu
. "$(dirname "$0")/xquad-en-setup.sh"

printf '%-4s %-6s %8s %9s %10s %10s %10s %9s\n' set pair targets factoids target pronouns none problems
for k in 3 4 5; do
    for p in EN-EN DE-EN; do
        s=$out/series-$k-$p
        sh "$top/bench/xquad-series.sh" "$bench" "$k" "$p" "$s" 2>/dev/null
        lang=$(echo "${p%-*}" | tr 'A-Z' 'a-z')
        line= problems=0
        for c in target pronouns none; do
            "$xlqa" run -i "$out/idx-en" --series "$s.xml" --lang "$lang" --context "$c" -t "xlqa07$c" -o "$s-$c.run" \
                2>"$s-$c.log"
            "$xlqa" check --track trec2007 --questions "$s.xml" "$s-$c.run" >"$s-$c.check" || true
            problems=$((problems + $(awk '/problems?$/ { n = $(NF - 1) } END { print n + 0 }' "$s-$c.check")))
            "$xlqa" score --track trec2007 --questions "$s.xml" --factoid "$s.patterns" "$s-$c.run" >"$s-$c.score"
            line="$line $(awk '$1 == "factoid_accuracy" { printf "%10s", $2 }' "$s-$c.score")"
        done
        printf '%-4s %-6s %8s %9s%s %9s\n' "$k" "$p" "$(grep -c '<target ' "$s.xml")" "$(wc -l <"$s.patterns")" \
            "$line" "$problems"
    done
done
