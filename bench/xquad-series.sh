#!/bin/sh
# Builds a TREC 2004-2007 style question-series test set from one xquad-clef test set (issue 38):
# the set's questions grouped by the article their gold document belongs to, the article's title
# (the collection's TITLE; xquad-clef gives every collection the English Wikipedia title) as the
# series' target, questions in set order, and one OTHER question closing each series. Questions the
# gold key answers NIL are left out, since their article is in no collection (counted on stderr).
#   usage: bench/xquad-series.sh BENCH SET PAIR OUT_PREFIX [FACTOID|LIST]
# writes OUT_PREFIX.xml (UTF-8 XML as the TREC 2007 test sets), OUT_PREFIX.patterns (the set's answer
# patterns of the target language, numbered as the series' questions: a factoid key or, one
# instance a question, a list key) and OUT_PREFIX.map (series question id TAB set question number).
# With LIST the questions are typed LIST instead of FACTOID (fitting the list threshold).
set -eu
bench=${1:?usage: bench/xquad-series.sh BENCH SET PAIR OUT_PREFIX [FACTOID|LIST]}
set_=${2:?} pair=${3:?} out=${4:?} type=${5:-FACTOID}
tgt=${pair#*-}
q=$bench/sets/$set_/questions/$pair.txt
gold=$bench/sets/$set_/gold/$tgt.gold
patterns=$bench/sets/$set_/gold/$tgt.patterns
[ -f "$q" ] && [ -f "$gold" ] && [ -f "$patterns" ] || { echo "xquad-series: no set $set_ pair $pair in '$bench'" >&2; exit 1; }
case $type in FACTOID | LIST) ;; *) echo "xquad-series: FACTOID or LIST, not '$type'" >&2; exit 2 ;; esac

# DOCNO TAB TITLE of every document of the target collection, in UTF-8
iconv -f ISO-8859-1 -t UTF-8 "$bench"/collections/"$tgt"/*.sgml |
    awk '/<DOCNO>/ { d = $0; sub(/.*<DOCNO>/, "", d); sub(/<\/DOCNO>.*/, "", d) }
         /<TITLE>/ { t = $0; sub(/.*<TITLE>/, "", t); sub(/<\/TITLE>.*/, "", t); print d "\t" t }' >"$out.titles"

awk -F'\t' -v titles="$out.titles" -v patterns="$patterns" -v xml="$out.xml" -v key="$out.patterns" \
    -v map="$out.map" -v type="$type" '
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s); return s }
BEGIN {
    while ((getline line < titles) > 0) { split(line, f, "\t"); title[f[1]] = f[2] }
    while ((getline line < patterns) > 0) { n = index(line, " "); pat[substr(line, 1, n - 1)] = substr(line, n + 1) }
}
FILENAME == ARGV[1] { doc[$1] = $2; next }
{
    split($0, w, " "); num = w[4]
    text = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ /, "", text)
    d = doc[num]
    if (d == "" || d == "NIL") { nil++; next }
    t = title[d]
    if (t == "") { printf "xquad-series: no title for %s (question %s)\n", d, num > "/dev/stderr"; exit 1 }
    if (!(t in tid)) { tid[t] = ++targets; name[targets] = t }
    k = tid[t]; count[k]++; kept++
    qs[k, count[k]] = text; nums[k, count[k]] = num
}
END {
    print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" > xml
    print "<trecqa year=\"2007\" task=\"main\">" > xml
    for (k = 1; k <= targets; k++) {
        printf "<target id=\"%d\" text=\"%s\">\n", k, esc(name[k]) > xml
        for (i = 1; i <= count[k]; i++) {
            id = k "." i
            printf "  <qa><q id=\"%s\" type=\"%s\">%s</q></qa>\n", id, type, esc(qs[k, i]) > xml
            print id "\t" nums[k, i] > map
            if (nums[k, i] in pat) print id " " pat[nums[k, i]] > key
        }
        printf "  <qa><q id=\"%d.%d\" type=\"OTHER\">Other</q></qa>\n</target>\n", k, count[k] + 1 > xml
    }
    print "</trecqa>" > xml
    printf "xquad-series: %d targets, %d questions, %d NIL questions left out\n", targets, kept, nil > "/dev/stderr"
}' "$gold" "$q"
rm -f "$out.titles"
