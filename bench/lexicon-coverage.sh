#!/bin/sh
# Coverage of the translation lexicons on question sets. Content words are the words of a question
# that are neither stop words nor numbers; each column is a share of them:
#   coverage       words with at least one translation from the lexicon: found as they are, as a
#                  multiword, by hunspell lemma, by stem or as the parts of a compound, whatever
#                  the lexicon took it from (dictionaries, pivots, ICU's names, hunspell's names);
#   with cognates  those, plus the words left that the translator's cognate test finds in the
#                  target collection (the words of the benchmark index of the target language): the
#                  word itself, or a word of the same first letter within 1 edit (4 to 6 letters) or
#                  2 edits (longer), accents folded; names included. The form must exist in the
#                  target documents, so this is stricter than the next column. "-" for targets
#                  without a benchmark collection (FR, IT, NL, PT);
#   with names     the coverage plus the words passed through unchanged as names (capitalised, not
#                  first in the sentence) or transliterated, whether the target has them or not.
# "by how" counts words by how their best translation was found. Questions: the xquad-clef
# benchmark sets for DE, EN and ES sources (each source's questions are the same for every target)
# and the CLEF 2004 Portuguese questions for PT sources. Set 1 is reported apart from sets 2-5,
# which are the only ones used to look for failures. No question texts exist for BG, FI, FR, IT, NL.
# Usage: bench/lexicon-coverage.sh [BUILD_DIR] [LEXICON_DIR] [INDEX_DIR]
# Build the lexicons first (scripts/build-lexicons.sh). INDEX_DIR holds indexes of the benchmark
# collections in folders de, en and es; without it they are built into a temporary folder
# (`xlqa index --data-root ROOT --out DIR xquad-XX`, ROOT being the folder that holds shared/).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here}
xlqa="$build/xlqa"
shared=$(cd "$here/../shared" && pwd)
sets=$shared/bench/xquad-clef/sets
pt=$shared/data/clef-questions-pt/clef2004-pt.tsv
[ -x "$xlqa" ] || { echo "bench: $xlqa not built (run make)" >&2; exit 1; }
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$here/lang}
XLQA_CORPORA_DIR=${XLQA_CORPORA_DIR:-$here/corpora-config}
export XLQA_LANG_DIR XLQA_CORPORA_DIR
dir=${2:+--lexicon-dir $2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
indexes=${3:-$tmp/index}
mkdir -p "$indexes"
for l in de en es; do
    [ -d "$indexes/$l" ] ||
        "$xlqa" index --quiet --data-root "$(dirname "$shared")" --out "$indexes/$l" "xquad-$l" >/dev/null
done
# The PT questions are a TSV (id, year, category, answer type, question): one question a line.
tail -n +2 "$pt" | cut -f5 >"$tmp/pt.txt"

printf 'pair\tquestions\tkeywords\ttranslated\tcoverage\twith cognates\twith names\tby how\n'
for part in 1 2-5; do
    echo "# questions of set $part"
    for src in DE EN ES PT; do
        for tgt in DE EN ES FR IT NL PT; do
            [ "$src" = "$tgt" ] && continue
            if [ "$src" = PT ]; then
                [ "$part" = 1 ] || continue
                files="$tmp/pt.txt" plain="--plain"
            elif [ "$part" = 1 ]; then
                files="$sets/1/questions/$src-EN.txt" plain=
                [ "$src" = EN ] && files="$sets/1/questions/EN-DE.txt"
            else
                files=
                for s in 2 3 4 5; do
                    f="$sets/$s/questions/$src-EN.txt"
                    [ "$src" = EN ] && f="$sets/$s/questions/EN-DE.txt"
                    files="$files $f"
                done
                plain=
            fi
            index=
            case $tgt in DE | EN | ES) index="--index $indexes/$(echo "$tgt" | tr 'A-Z' 'a-z')" ;; esac
            # shellcheck disable=SC2086 # word lists on purpose
            "$xlqa" lexicon coverage $dir $index $plain --total --pair "$src-$tgt" $files | tail -n 1 | cut -f2-
        done
    done
done
