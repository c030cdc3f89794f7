#!/bin/sh
# Builds the translation lexicons of all 63 CLEF pairs (56 files; same-language pairs are the
# identity) from the FreeDict and Apertium dictionaries Debian installs, into the lexicon folder
# xlqa reads at run time: $XLQA_LEXICON_DIR, else $XDG_CACHE_HOME/xlqa/lexicon, else
# ~/.cache/xlqa/lexicon.
# Lexicons are generated files: never commit them.
# Usage: scripts/build-lexicons.sh [BUILD_DIR] [OUT_DIR] [DICT_DIR]   (run `make` first)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here}
xlqa="$build/xlqa"
[ -x "$xlqa" ] || { echo "build-lexicons: $xlqa not built (run make)" >&2; exit 1; }
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$here/lang}
export XLQA_LANG_DIR
# Apertium's bilingual dictionaries (English-Spanish and Spanish with French, Italian, Portuguese)
# join FreeDict's when lt-proc and the apertium-* packages are installed: listed once into
# $XLQA_APERTIUM_DIR, else $XDG_CACHE_HOME/xlqa/apertium, else ~/.cache/xlqa/apertium.
apertium=${XLQA_APERTIUM_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/xlqa/apertium}
if ! ls "$apertium"/apertium-*.txt >/dev/null 2>&1 && ! sh "$here/scripts/apertium-listings.sh" "$apertium"; then
    echo "build-lexicons: no Apertium listings; FreeDict alone" >&2
    apertium=
fi
set -- lexicon build --all --dict-stats ${2:+--out "$2"} ${3:+--dict-dir "$3"} ${apertium:+--apertium-dir "$apertium"}
exec "$xlqa" "$@"
