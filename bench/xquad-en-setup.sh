# bench/xquad-en-setup.sh: the set-up bench/trec-ranked.sh and bench/trec-series.sh share, sourced with
# their arguments (BUILD_DIR [SHARED_DIR]). Sets build, top, bench (xquad-clef), xlqa and out (OUT or a
# temporary directory removed on exit); indexes the English collection into $out/idx-en and builds the
# DE-EN lexicon into $XLQA_LEXICON_DIR (default $out/lex), each only when missing.
build=$(cd "${1:?usage: $0 BUILD_DIR [SHARED_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
bench=$(cd "${2:-$top/../shared}" && pwd)/bench/xquad-clef
xlqa=$build/xlqa
if [ -n "${OUT:-}" ]; then mkdir -p "$OUT"; out=$(cd "$OUT" && pwd); else out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; fi
XLQA_LEXICON_DIR=${XLQA_LEXICON_DIR:-$out/lex}
export XLQA_LEXICON_DIR
mkdir -p "$XLQA_LEXICON_DIR"

if [ ! -f "$out/idx-en/index.xlqa" ]; then
    printf '%s\n' "name = xquad-en" "language = en" "encoding = ISO-8859-1" "files = $bench/collections/EN/*.sgml" \
        "doc = DOC" "docno = DOCNO" "text = TITLE TEXT" >"$out/en.conf"
    "$xlqa" index --quiet --data-root / --out "$out/idx-en" "$out/en.conf" >/dev/null
fi
[ -f "$XLQA_LEXICON_DIR/de-en.lex" ] || "$xlqa" lexicon build --pair de-en --out "$XLQA_LEXICON_DIR" >/dev/null
