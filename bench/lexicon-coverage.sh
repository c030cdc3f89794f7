#!/bin/sh
# Coverage of the translation lexicons: the share of content words (not stop words, not numbers)
# of questions that get at least one translation from the lexicon ("coverage"), and the share when
# names passed through unchanged count as translated ("with names"). Questions: the xquad-clef
# benchmark sets for DE, EN and ES sources (each source's questions are the same for every target)
# and the CLEF 2004 Portuguese questions for PT sources. Set 1 is reported apart from sets 2-5,
# which are the only ones used to look for failures. No question texts exist for BG, FI, FR, IT, NL.
# Usage: bench/lexicon-coverage.sh [BUILD_DIR] [LEXICON_DIR]   (build the lexicons first:
# scripts/build-lexicons.sh)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here}
xlqa="$build/xlqa"
sets=$here/../shared/bench/xquad-clef/sets
pt=$here/../shared/data/clef-questions-pt/clef2004-pt.tsv
[ -x "$xlqa" ] || { echo "bench: $xlqa not built (run make)" >&2; exit 1; }
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$here/lang}
export XLQA_LANG_DIR
dir=${2:+--lexicon-dir $2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The PT questions are a TSV (id, year, category, answer type, question): one question a line.
tail -n +2 "$pt" | cut -f5 >"$tmp/pt.txt"

printf 'pair\tquestions\tcontent words\ttranslated\tcoverage\twith names\tby how\n'
for part in 1 2-5; do
    echo "# questions of set $part"
    for src in DE EN ES PT; do
        for tgt in DE EN ES FR IT NL PT; do
            [ "$src" = "$tgt" ] && continue
            if [ "$src" = PT ]; then
                [ "$part" = 1 ] || continue
                files="$tmp/pt.txt" plain=--plain
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
            # shellcheck disable=SC2086 # word lists on purpose
            "$xlqa" lexicon coverage $dir $plain --total --pair "$src-$tgt" $files | tail -n 1 | cut -f2-
        done
    done
done
