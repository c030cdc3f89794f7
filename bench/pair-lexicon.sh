# Sourced by bench/run.sh, dev.sh and retrieval.sh, which set $xlqa, $lexicons and $top.
# pair_lexicon SRC TGT SCRATCH: builds the lexicon of pair SRC-TGT into $lexicons unless it is there
# (or the pair is the identity), with Apertium's English-Spanish dictionary beside FreeDict's: the
# listings (scripts/apertium-listings.sh) are written once into SCRATCH/apertium, unless
# XLQA_APERTIUM_DIR already holds them. A failed listing or build ends the script.
pair_lexicon() {
    _pl_s=$(echo "$1" | tr 'A-Z' 'a-z') _pl_t=$(echo "$2" | tr 'A-Z' 'a-z')
    if [ "$_pl_s" = "$_pl_t" ] || [ -f "$lexicons/$_pl_s-$_pl_t.lex" ]; then
        return 0
    fi
    if [ -z "${XLQA_APERTIUM_DIR:-}" ]; then
        XLQA_APERTIUM_DIR="$3/apertium"
        export XLQA_APERTIUM_DIR
        sh "$top/scripts/apertium-listings.sh" "$XLQA_APERTIUM_DIR" en de es || exit 1
    fi
    "$xlqa" lexicon build --pair "$_pl_s-$_pl_t" --out "$lexicons" >/dev/null || exit 1
}
