#!/bin/sh
# Throughput of `xlqa analyze` over the English Reuters-21578 newswire (22 SGML files, 27.6 MB):
# stemming with analysis only, stemming with TSV output, and with hunspell lemmas added. Each mode
# runs 3 times; the best wall time is reported with MB/s (10^6 bytes), peak RSS and the machine.
# Usage: bench/analyze-reuters.sh [BUILD_DIR] [REUTERS_DIR]   (run `make` first)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here}
reuters=${2:-$here/../shared/data/reuters21578}
xlqa="$build/xlqa"
[ -x "$xlqa" ] || { echo "bench: $xlqa not built (run make)" >&2; exit 1; }
ls "$reuters"/reut2-*.sgm >/dev/null 2>&1 || { echo "bench: no reut2-*.sgm in $reuters" >&2; exit 1; }
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$here/lang}
export XLQA_LANG_DIR
bytes=$(cat "$reuters"/reut2-*.sgm | wc -c)
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "input:   $bytes bytes in $(ls "$reuters"/reut2-*.sgm | wc -l) files"
printf '%-28s %9s %9s %12s\n' mode seconds MB/s "peak RSS MB"

run_mode() {
    label=$1
    shift
    best=
    for _ in 1 2 3; do
        # GNU time's %e is wall seconds, %M peak resident KiB; libtool's wrapper is skipped via
        # the real binary when there is one, so RSS is xlqa's own.
        /usr/bin/time -f '%e %M' -o "$tmp/time" "$xlqa" analyze --lang en --encoding ISO-8859-1 "$@" \
            "$reuters"/reut2-*.sgm >/dev/null
        read -r secs kib <"$tmp/time"
        if [ -z "$best" ] || awk "BEGIN{exit !($secs < $best)}"; then best=$secs best_kib=$kib; fi
    done
    awk -v l="$label" -v s="$best" -v b="$bytes" -v k="$best_kib" \
        'BEGIN{printf "%-28s %9.2f %9.2f %12.1f\n", l, s, b/1e6/s, k/1024}'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time missing (Debian package time)" >&2; exit 1; }
run_mode "stems, analysis only" --no-lemmas --format none
run_mode "stems, TSV output" --no-lemmas --format tsv
run_mode "stems + lemmas, TSV output" --format tsv
