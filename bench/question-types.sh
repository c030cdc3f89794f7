#!/bin/sh
# question-types: measures question typing (xlqa analyze --questions) against gold answer types and
# prints accuracies and confusion tables (rows: gold, columns: system).
#   Portuguese: the 700 CLEF 2004 questions with gold category and type; rules were tuned on the even
#     ids only (doc/question-analysis.md), so the odd ids are reported apart as the held-out part.
#   English: TREC 2004 (TREC13, development) and TREC 2006 (TREC15, held out) fine answer types mapped
#     to the CLEF taxonomy by bench/trec-answer-types.tsv.
#   Every language: the hand-typed fixtures tests/qa/<iso>.tsv (German and Spanish: benchmark set 1
#     and the construction cases apart).
# A D question's type is compared as the kind of entity to define (DEFINITION.person -> PERSON), as the
# CLEF gold has it. Usage: bench/question-types.sh [SECTION...] with sections pt en fixtures (default all).
# Environment: XLQA (default ./xlqa), XLQA_LANG_DIR, SHARED (default <srcdir>/../shared).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
XLQA=${XLQA:-./xlqa}
SHARED=${SHARED:-$here/../shared}
: "${XLQA_LANG_DIR:=$here/lang}"
export XLQA_LANG_DIR
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# score GOLD PRED TITLE FILTER: GOLD is id/year/category/type/question TSV, PRED xlqa's TSV output.
# FILTER: all, even or odd (by id), or src=SOURCE (the gold's second column). Prints accuracies and
# the type confusion table.
score() {
	awk -F'\t' -v title="$3" -v filter="$4" '
	function main(t) { sub(/\..*/, "", t); return t }
	FNR == NR { if ($1 != "id" && $4 != "-") { gc[$1] = $3; gt[$1] = main($4); gs[$1] = $2 } next }
	!($1 in gt) { next }
	filter == "even" && ($1 + 0) % 2 != 0 { next }
	filter == "odd" && ($1 + 0) % 2 == 0 { next }
	filter ~ /^src=/ && gs[$1] != substr(filter, 5) { next }
	{
		p = $3; if (p == "DEFINITION") p = toupper($4)
		n++; okc += (gc[$1] == "" || gc[$1] == $2); hasc += (gc[$1] != "")
		okt += (gt[$1] == p); conf[gt[$1], p]++; seen[gt[$1]] = 1; seen[p] = 1
	}
	END {
		if (!n) { printf "%s: no questions\n", title; exit }
		printf "%s: %d questions", title, n
		if (hasc) printf ", category accuracy %.3f (%d/%d)", okc / n, okc, n
		printf ", answer-type accuracy %.3f (%d/%d)\n", okt / n, okt, n
		split("PERSON ORGANIZATION LOCATION TIME MEASURE OBJECT MANNER OTHER", order, " ")
		printf "  %-13s", "gold\\system"
		for (j = 1; j <= 8; j++) if (order[j] in seen) printf " %6.6s", order[j]
		printf "\n"
		for (i = 1; i <= 8; i++) {
			if (!(order[i] in seen)) continue
			printf "  %-13s", order[i]
			for (j = 1; j <= 8; j++) if (order[j] in seen) printf " %6d", conf[order[i], order[j]]
			printf "\n"
		}
	}' "$1" "$2"
}

section_pt() {
	gold=$SHARED/data/clef-questions-pt/clef2004-pt.tsv
	"$XLQA" analyze -l pt --questions "$gold" --format-in tsv --format tsv > "$tmp/pt.out"
	score "$gold" "$tmp/pt.out" "PT CLEF 2004, development part (even ids)" even
	score "$gold" "$tmp/pt.out" "PT CLEF 2004, held-out part (odd ids)" odd
	score "$gold" "$tmp/pt.out" "PT CLEF 2004, all" all
}

# trec_tsv XML: the questions as TSV with their types mapped to CLEF (prefix map, longest wins).
trec_tsv() {
	awk -F'\t' 'FNR == NR { if ($0 !~ /^#/ && NF == 2) map[$1] = $2; next }
	/<Q / { q = $0; sub(/.*<Q [^>]*>/, "", q); sub(/<\/Q>.*/, "", q)
		gsub(/&quot;/, "\"", q); gsub(/&apos;/, "\047", q); gsub(/&lt;/, "<", q); gsub(/&gt;/, ">", q)
		gsub(/&amp;/, "\\&", q) }
	/<ANSWER_TYPE>/ { t = $0; sub(/.*<ANSWER_TYPE>/, "", t); sub(/<\/ANSWER_TYPE>.*/, "", t)
		k = t; c = "?"
		while (k != "") { if (k in map) { c = map[k]; break }
			if (k !~ /[.|]/) break; sub(/[.|][^.|]*$/, "", k) }
		if (c == "?") { printf "question-types: no CLEF type for TREC type %s\n", t > "/dev/stderr"; c = "-" }
		printf "%04d\t-\t\t%s\t%s\n", ++n, c, q }' "$here/bench/trec-answer-types.tsv" "$1"
}

section_en() {
	for set in TREC13 TREC15; do
		trec_tsv "$SHARED/data/trec-qa/answertype-$set.xml" > "$tmp/$set.tsv"
		"$XLQA" analyze -l en --questions "$tmp/$set.tsv" --format-in tsv --format tsv > "$tmp/$set.out"
	done
	score "$tmp/TREC13.tsv" "$tmp/TREC13.out" "EN TREC13 (development)" all
	score "$tmp/TREC15.tsv" "$tmp/TREC15.out" "EN TREC15 (held out)" all
}

section_fixtures() {
	for l in ${FIXTURE_LANGS:-bg de en es fi fr it nl pt}; do
		f=$here/tests/qa/$l.tsv
		"$XLQA" analyze -l "$l" --questions "$f" --format-in tsv --format tsv > "$tmp/$l.out"
		if grep -q '	xquad-1	' "$f"; then
			score "$f" "$tmp/$l.out" "fixture tests/qa/$l.tsv, benchmark set 1" src=xquad-1
			score "$f" "$tmp/$l.out" "fixture tests/qa/$l.tsv, constructions" src=-
		else
			score "$f" "$tmp/$l.out" "fixture tests/qa/$l.tsv" all
		fi
	done
}

[ $# -gt 0 ] || set -- pt en fixtures
for s in "$@"; do
	case $s in
	pt | en | fixtures) "section_$s" ;;
	*) echo "question-types: unknown section '$s' (pt, en, fixtures)" >&2; exit 2 ;;
	esac
done
