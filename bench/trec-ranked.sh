#!/bin/sh
# TREC ranked runs on xquad-clef (issue 38): for sets 3-5 and the pairs EN-EN and DE-EN, answers each
# test set with `xlqa run --trec` in the three answer-string variants (exact, 50 and 250 bytes), checks
# every run with `xlqa check --track trec` (with --limit for the windows) and scores it by the set's
# answer patterns (gold/EN.patterns) with `xlqa score --track trec`: MRR strict and lenient over the
# five responses, against the accuracy of the first response alone (the same answerer with
# --responses 1, judged by the same patterns) and the CLEF run's accuracy by the gold key (the README's
# exact-match convention). Models: the installed default ones (fitted on sets 1-2).
#   usage: bench/trec-ranked.sh BUILD_DIR [SHARED_DIR]
# The DE-EN lexicon is read from $XLQA_LEXICON_DIR, built there first when missing (default: the
# work directory). OUT=DIR keeps the indexes, runs and scores (default: a temporary directory).
set -eu
. "$(dirname "$0")/xquad-en-setup.sh"

# value KEY FILE: the value of a "key  value" line of a text score table
value() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }

printf '%-4s %-6s %-6s %9s %9s %9s %9s %9s\n' set pair answer questions first mrr_strict mrr_lenient clef_acc
for k in 3 4 5; do
    for p in EN-EN DE-EN; do
        q=$bench/sets/$k/questions/$p.txt
        tag=xlqa041$(echo "$p" | tr -d - | tr 'A-Z' 'a-z')
        "$xlqa" run -i "$out/idx-en" -Q "$q" -t "$tag" -o "$out/clef-$k-$p.txt" 2>/dev/null
        "$xlqa" score --gold "$bench/sets/$k/gold/EN.gold" -Q "$q" "$out/clef-$k-$p.txt" >"$out/clef-$k-$p.score"
        acc=$(awk '$1 == "all" { print $3; exit }' "$out/clef-$k-$p.score")
        for v in exact 50 250; do
            limit=
            [ "$v" = exact ] || limit="--limit $v"
            for n in 1 5; do
                run=$out/trec-$k-$p-$v-$n.txt
                "$xlqa" run -i "$out/idx-en" -Q "$q" -t "xlqa-$v" --trec "$v" --responses "$n" -o "$run" 2>/dev/null
                # shellcheck disable=SC2086 # $limit is two words or none
                "$xlqa" check --track trec $limit "$run" >"$run.check" || { cat "$run.check"; exit 1; }
                "$xlqa" score --track trec --patterns "$bench/sets/$k/gold/EN.patterns" "$run" >"$run.score"
            done
            s5=$out/trec-$k-$p-$v-5.txt.score s1=$out/trec-$k-$p-$v-1.txt.score
            printf '%-4s %-6s %-6s %9s %9s %9s %9s %9s\n' "$k" "$p" "$v" "$(value questions "$s5")" \
                "$(value mrr_strict "$s1")" "$(value mrr_strict "$s5")" "$(value mrr_lenient "$s5")" "$acc"
        done
    done
done
