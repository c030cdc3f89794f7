#!/bin/sh
# Lists the Apertium bilingual dictionaries Debian installs (apertium-eng-spa, apertium-fr-es,
# apertium-spa-ita, apertium-es-pt: the pairs between CLEF languages) as the text the lexicon builder
# reads: OUT_DIR/apertium-XXX-YYY.txt, one `lt-proc -b` answer per source lemma
# (`^oil<n>/óleo<n><m>/aceite<n><m>/petróleo<n><m>$`), for use with
# `xlqa lexicon build --apertium-dir OUT_DIR`.
#
# Apertium compiles its dictionaries into transducers, and lt-proc translates only what it is
# asked, so the script asks it for every word of the source language's hunspell dictionary under
# the tags a dictionary entry may carry (nouns of either gender, verbs, adjectives, adverbs and,
# for capitalised words, proper nouns), keeping the first answer of each word and tag. Unknown
# words are left out. Each file is written whole or not at all.
#
# Usage: scripts/apertium-listings.sh OUT_DIR [LANG...]   (LANGs, e.g. "en es de" or "EN ES DE":
# only pairs between them)
# Environment: XLQA_APERTIUM_DATA (default /usr/share/apertium), XLQA_HUNSPELL_DIR (default
# /usr/share/hunspell). Exits 1 when lt-proc or every Apertium pair between CLEF languages is missing
# (install them with scripts/install-deps.sh).
set -eu

[ $# -ge 1 ] || { echo "usage: apertium-listings.sh OUT_DIR [LANG...]" >&2; exit 2; }
out=$1
shift
data=${XLQA_APERTIUM_DATA:-/usr/share/apertium}
hunspell=${XLQA_HUNSPELL_DIR:-/usr/share/hunspell}
command -v lt-proc >/dev/null 2>&1 ||
    { echo "apertium-listings: lt-proc not found (apt-get install lttoolbox)" >&2; exit 1; }
mkdir -p "$out"

# ISO 639-3 code of an Apertium language name (packages use two- and three-letter ones).
iso3() {
    case $(echo "$1" | tr 'A-Z' 'a-z') in
    en|eng) echo eng ;; es|spa) echo spa ;; fr|fra) echo fra ;; it|ita) echo ita ;;
    pt|por) echo por ;; de|deu) echo deu ;; nl|nld) echo nld ;; bg|bul) echo bul ;;
    *) echo "" ;;
    esac
}

# The hunspell dictionary of a language, by ISO 639-3 code (the ones scripts/install-deps.sh installs).
dic_of() {
    case $1 in
    eng) echo en_US ;; spa) echo es_ES ;; fra) echo fr_FR ;; ita) echo it_IT ;; por) echo pt_PT ;;
    deu) echo de_DE ;; nld) echo nl_NL ;; bul) echo bg_BG ;;
    esac
}

listed=0
for bin in "$data"/apertium-*/*.autobil.bin; do
    [ -e "$bin" ] || continue
    pair=$(basename "$bin" .autobil.bin)
    case $pair in
    *_*|*-*-*) continue ;; # regional variants (es-pt_BR) and alternative data (eco-fr-es)
    esac
    from=$(iso3 "${pair%-*}")
    to=$(iso3 "${pair#*-}")
    [ -n "$from" ] && [ -n "$to" ] || continue
    if [ $# -gt 0 ]; then
        want=0
        for l in "$@"; do [ "$(iso3 "$l")" = "$from" ] && want=$((want + 1)); done
        for l in "$@"; do [ "$(iso3 "$l")" = "$to" ] && want=$((want + 1)); done
        [ "$want" -ge 2 ] || continue
    fi
    dic="$hunspell/$(dic_of "$from").dic"
    if [ ! -r "$dic" ]; then
        echo "apertium-listings: $pair: no hunspell dictionary $dic for its source words; skipped" >&2
        continue
    fi
    file="$out/apertium-$from-$to.txt"
    tmp="$file.tmp.$$"
    trap 'rm -f "$tmp" "$tmp.in" "$tmp.raw"' EXIT
    # The .dic file: a count, then word[/flags] lines. Every word is asked as a common word and a
    # capitalised one also as a name.
    tail -n +2 "$dic" | cut -d/ -f1 | tr -d '\r' | LC_ALL=C sort -u |
        awk '
            /^[0-9]/ || /[\^$\/<>@#*\\]/ || $0 == "" { next }
            {
                split("n|n><m|n><f|n><mf|n><nt|vblex|adj|adv", common, "|")
                for (i = 1; i <= 8; i++) printf "^%s<%s>$\n", $0, common[i]
                if ($0 ~ /^[A-Z]/ || $0 ~ /^(Á|É|Í|Ó|Ú|Ä|Ö|Ü|Ç|Ñ)/) {
                    split("np|np><loc|np><ant|np><cog|np><al|np><org", names, "|")
                    for (i = 1; i <= 6; i++) printf "^%s<%s>$\n", $0, names[i]
                }
            }' >"$tmp.in"
    lt-proc -b "$bin" <"$tmp.in" >"$tmp.raw" ||
        { echo "apertium-listings: lt-proc -b $bin failed" >&2; exit 1; }
    # Keep the first answer of each lemma and first tag that holds a known translation. lt-proc
    # ignores the case of a first letter, so a capitalised word that is a name is no common word
    # ("Berlin" asked as a noun is the carriage), unless the language capitalises its nouns; one
    # without a name keeps its answers ("English" the adjective).
    nouns_capitalised=0
    [ "$from" = deu ] && nouns_capitalised=1
    awk -v nouns_capitalised="$nouns_capitalised" '
        {
            key = $0; sub(/>.*/, "", key)
            rest = $0; sub(/^[^\/]*/, "", rest)
            known = rest; gsub(/\/[@#*][^\/]*/, "", known)
            if (known == "" || known == "$" || seen[key]++) next
            lemma = key; sub(/<.*/, "", lemma)
            if (key ~ /<np$/) name[lemma] = 1
            line[++n] = $0
            of[n] = lemma
            common[n] = key !~ /<np$/
        }
        END {
            for (i = 1; i <= n; i++)
                if (!(common[i] && name[of[i]] && !nouns_capitalised)) print line[i]
        }' "$tmp.raw" >"$tmp"
    rm -f "$tmp.in" "$tmp.raw"
    mv "$tmp" "$file"
    echo "apertium-listings: $pair: $(wc -l <"$file") lemmas in $file" >&2
    listed=$((listed + 1))
done
if [ "$listed" -eq 0 ]; then
    echo "apertium-listings: no Apertium pair between CLEF languages in $data (apt-get install apertium-eng-spa)" >&2
    exit 1
fi
