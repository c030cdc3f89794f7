#!/bin/sh
# question-agreement: does the same question get the same answer type in every language?
#   QALD-9 (../shared/data/qald9-questions): 337 questions, each written in EN, DE, ES, FR, IT, NL and
#     PT with QALD's coarse answer type (resource, number, date, string). Per language it prints the
#     share of questions typed as the English one is (main type; a D question counts as the kind of
#     entity to define), on all questions and on the two halves: the even ids are the development half
#     (rules may be written looking at them), the odd ids the held-out half (never looked at); the
#     share of QALD number questions typed MEASURE and of date questions typed TIME; the OTHER share
#     and its distance from English's.
#   Beside it the Portuguese CLEF 2004 and English TREC typing figures of bench/question-types.sh, so
#     that no language gains at another's cost.
# Usage: bench/question-agreement.sh [qald] [types]     the sections (default both)
#        bench/question-agreement.sh misses LANG        the development-half (even id) questions whose
#                                                       type differs from English's, for rule writing
# Environment: XLQA (default ./xlqa), XLQA_LANG_DIR (default <srcdir>/lang), SHARED (default
# <srcdir>/../shared). `make bench-questions [SHARED_DIR=DIR]` runs it on the built xlqa.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
XLQA=${XLQA:-./xlqa}
SHARED=${SHARED:-$here/../shared}
: "${XLQA_LANG_DIR:=$here/lang}"
export XLQA_LANG_DIR
qald=$SHARED/data/qald9-questions
langs="en de es fr it nl pt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

analyze_qald() {
	[ -f "$qald/answertypes.tsv" ] || { echo "question-agreement: no $qald/answertypes.tsv" >&2; exit 2; }
	for ql in $langs; do
		"$XLQA" analyze --questions "$qald/$ql.txt" --format tsv > "$tmp/$ql.out"
		n=$(wc -l < "$tmp/$ql.out")
		[ "$n" -eq "$(wc -l < "$qald/$ql.txt")" ] || {
			echo "question-agreement: $ql: $n analyses for $(wc -l < "$qald/$ql.txt") questions" >&2; exit 1; }
	done
}

# The scored type of an analysis line: the main type, DEFINITION as the kind of entity to define.
typed() {
	awk -F'\t' '{ t = $3; if (t == "DEFINITION") t = toupper($4); print $1 "\t" t }' "$1"
}

section_qald() {
	analyze_qald
	typed "$tmp/en.out" > "$tmp/en.typed"
	printf '%-4s %5s %8s %8s %8s %13s %10s %7s %7s\n' lang n agree agree agree "number" "date" OTHER "OTHER"
	printf '%-4s %5s %8s %8s %8s %13s %10s %7s %7s\n' "" "" all "even" "odd" "->MEASURE" "->TIME" share "-EN"
	for l in $langs; do
		typed "$tmp/$l.out" > "$tmp/$l.typed"
		awk -F'\t' -v l="$l" '
		FNR == 1 { f++ }
		f == 1 { if ($1 != "id") qt[$1] = $2; next }
		f == 2 { en[$1] = $2; next }
		{
			id = $1; half = (id + 0) % 2 == 0 ? "even" : "odd"
			n++; nh[half]++
			if ($2 == en[id]) { a++; ah[half]++ }
			if (qt[id] == "number") { nn++; nm += ($2 == "MEASURE") }
			if (qt[id] == "date") { nd++; dt += ($2 == "TIME") }
			o += ($2 == "OTHER"); eo += (en[id] == "OTHER")
		}
		END {
			ag = l == "en" ? "-" : sprintf("%.3f", a / n)
			ae = l == "en" ? "-" : sprintf("%.3f", ah["even"] / nh["even"])
			ao = l == "en" ? "-" : sprintf("%.3f", ah["odd"] / nh["odd"])
			printf "%-4s %5d %8s %8s %8s %6.3f %2d/%2d %4.3f %2d/%2d %7.3f %+7.3f\n", toupper(l), n, ag, ae, ao,
				nm / nn, nm, nn, dt / nd, dt, nd, o / n, (o - eo) / n
		}' "$qald/answertypes.tsv" "$tmp/en.typed" "$tmp/$l.typed"
	done
	echo "(agree: same main type as the English question; even ids: development half, odd ids: held out)"
}

section_types() {
	XLQA="$XLQA" SHARED="$SHARED" sh "$here/bench/question-types.sh" pt en | grep -v '^ '
}

section_misses() {
	l=${1:?usage: question-agreement.sh misses LANG}
	analyze_qald
	typed "$tmp/en.out" > "$tmp/en.typed"
	typed "$tmp/$l.out" > "$tmp/$l.typed"
	# the development half only: the held-out (odd) questions are never printed
	awk -F'\t' '
	FNR == 1 { f++ }
	f == 1 { if ($1 != "id") qt[$1] = $2; next }
	f == 2 { en[$1] = $2; next }
	f == 3 { mine[$1] = $2; next }
	f == 4 { split($0, w, " "); q = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ /, "", q); enq[w[4]] = q; next }
	{ split($0, w, " "); id = w[4]; q = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ /, "", q)
	  if ((id + 0) % 2 == 0 && mine[id] != en[id])
		printf "%s\t%s\tEN %s\t%s %s\t%s\t| %s\n", id, qt[id], en[id], toupper(l), mine[id], q, enq[id] }
	' l="$l" "$qald/answertypes.tsv" "$tmp/en.typed" "$tmp/$l.typed" "$qald/en.txt" "$qald/$l.txt"
}

[ $# -gt 0 ] || set -- qald types
case $1 in
misses) section_misses "${2:-}"; exit ;;
esac
for s in "$@"; do
	case $s in
	qald | types) "section_$s" ;;
	*) echo "question-agreement: unknown section '$s' (qald, types, misses LANG)" >&2; exit 2 ;;
	esac
done
