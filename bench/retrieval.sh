#!/bin/sh
# Monolingual retrieval on the xquad-clef benchmark: recall@1, @5 and @20 of the gold document for
# EN-EN, DE-DE and ES-ES over all five sets (NIL questions excluded), and EN-EN again over the English
# collection with Reuters-21578 added as distractors.
#   usage: bench/retrieval.sh BUILD_DIR [SHARED_DIR]
# BUILD_DIR holds a built xlqa; SHARED_DIR defaults to ../shared beside the source tree.
set -eu
build=$(cd "${1:?usage: bench/retrieval.sh BUILD_DIR [SHARED_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "${2:-$top/../shared}" && pwd)
root=$(dirname "$shared")
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$top/lang}
XLQA_CORPORA_DIR=${XLQA_CORPORA_DIR:-$top/corpora-config}
export XLQA_LANG_DIR XLQA_CORPORA_DIR
[ "$(basename "$shared")" = shared ] || { echo "bench/retrieval.sh: SHARED_DIR must be named 'shared'" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
xlqa="$build/xlqa"
bench="$shared/bench/xquad-clef"

# recall GOLD RESULTS: prints "n r@1 r@5 r@20" over the gold's non-NIL questions.
recall() {
    awk -F'\t' 'NR == FNR { if ($2 != "NIL") gold[$1] = $2; next }
        { split($0, f, " "); if ((f[1] in gold) && f[3] == gold[f[1]]) rank[f[1]] = f[4] }
        END { for (q in gold) { n++; r = rank[q]; if (r != "" && r <= 1) a++; if (r != "" && r <= 5) b++;
                                if (r != "" && r <= 20) c++ }
              printf "%d %d %d %d\n", n, a, b, c }' "$1" "$2"
}

printf '%-22s %6s %6s %6s %6s\n' pair questions R@1 R@5 R@20
run_pair() { # NAME LANG INDEX
    name=$1 lang=$2 index=$3
    tot=0 a=0 b=0 c=0
    for set in 1 2 3 4 5; do
        "$xlqa" search --index "$index" --questions "$bench/sets/$set/questions/$lang-$lang.txt" \
            --format trec --docs 20 >"$work/run"
        set -- $(recall "$bench/sets/$set/gold/$lang.gold" "$work/run")
        tot=$((tot + $1)) a=$((a + $2)) b=$((b + $3)) c=$((c + $4))
    done
    awk -v n="$name" -v t="$tot" -v a="$a" -v b="$b" -v c="$c" \
        'BEGIN { printf "%-22s %6d %6.3f %6.3f %6.3f\n", n, t, a / t, b / t, c / t }'
}
for lang in EN DE ES; do
    l=$(echo "$lang" | tr 'A-Z' 'a-z')
    "$xlqa" index --quiet --data-root "$root" --out "$work/$l" "xquad-$l" >/dev/null
    run_pair "$lang-$lang" "$lang" "$work/$l"
done
"$xlqa" index --quiet --data-root "$root" --out "$work/en-reuters" xquad-en reuters21578 >/dev/null
run_pair "EN-EN + Reuters" EN "$work/en-reuters"
