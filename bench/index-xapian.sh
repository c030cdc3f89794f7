#!/bin/sh
# Indexing throughput of `xlqa index` side by side with Xapian's, on the same > 500 MB of English
# newswire, in one run. The collection is Reuters-21578 (../shared/data/reuters21578, 22 SGML files,
# 27.6 MB) copied COPIES times (default 19) into a temporary directory, each copy with fresh DOCNOs:
# NEWID="n" becomes n + copy * 100000 and every other byte is kept. Both indexers then read the same
# files, single-threaded, with the files in the page cache:
#   xlqa    `xlqa index --memory XLQA_MEMORY` (default 256M) with a copy of corpora-config/
#           reuters21578.conf naming the copies: positional postings of stems, stop words dropped,
#           and a zlib-compressed document store;
#   Xapian  bench/xapian-index.py (python3-xapian, glass backend): TermGenerator with Stem("en"),
#           stems only with positions (STEM_ALL), xlqa's English stop words dropped (STOP_ALL), the
#           same TITLE and BODY text stored as document data, the DOCNO as the boolean term "Q...",
#           one commit at the end, XAPIAN_FLUSH_THRESHOLD documents between flushes (default 30000,
#           chosen so its peak memory is of the order of xlqa's 256M budget; see README.md).
# Each is measured with /usr/bin/time -v: wall time, peak RSS ("Maximum resident set size"); MB/s is
# input bytes (10^6) over wall seconds; index size is the output directory's bytes. A third run times
# the Python reader alone (regex split and text extraction, no Xapian) to show what part of Xapian's
# time is the script's own. Prints one table and the ratios xlqa/Xapian.
#
# usage: bench/index-xapian.sh [BUILD_DIR] [REUTERS_DIR]     (or `make bench-index` in a build dir)
# env:   COPIES (19), XLQA_MEMORY (256M), XAPIAN_FLUSH_THRESHOLD (30000), TMPDIR (where the copies,
#        both indexes and the runs go: about 5 times the collection's size must be free)
# needs: /usr/bin/time (Debian package time), python3 with the xapian module (python3-xapian:
#        `sh scripts/install-deps.sh --bench` as root), perl.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$top}" && pwd)
reuters=${2:-$top/../shared/data/reuters21578}
copies=${COPIES:-19}
memory=${XLQA_MEMORY:-256M}
flush=${XAPIAN_FLUSH_THRESHOLD:-30000}
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$top/lang}
XLQA_CORPORA_DIR=${XLQA_CORPORA_DIR:-$top/corpora-config}
export XLQA_LANG_DIR XLQA_CORPORA_DIR
xlqa=$build/xlqa
me=bench/index-xapian.sh

die() { echo "$me: $*" >&2; exit 1; }
[ -x "$xlqa" ] || die "$xlqa not built (run make)"
ls "$reuters"/reut2-*.sgm >/dev/null 2>&1 || die "no reut2-*.sgm in $reuters"
[ -x /usr/bin/time ] || die "/usr/bin/time missing (apt-get install time)"
command -v perl >/dev/null || die "perl missing"
case $copies in '' | *[!0-9]* | 0) die "COPIES must be a positive number" ;; esac
case $flush in '' | *[!0-9]* | 0) die "XAPIAN_FLUSH_THRESHOLD must be a positive number" ;; esac
# python3 on PATH may be another installation than Debian's, which has the module.
python=
for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null && "$p" -c 'import xapian' 2>/dev/null; then python=$p; break; fi
done
[ -n "$python" ] || die "no python3 with the xapian module: install python3-xapian and xapian-tools
  (as root: sh scripts/install-deps.sh --bench, or apt-get install python3-xapian xapian-tools)"

work=$(mktemp -d "${TMPDIR:-/tmp}/xlqa-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Space: the copies, xlqa's index and spilled runs (about 0.7 and 0.5 times the input) and Xapian's
# uncompacted database (about 2.6 times) are all on disk at the end; ask for 5 times the input.
one=$(cat "$reuters"/reut2-*.sgm | wc -c)
need_kib=$((one * copies * 5 / 1024))
free_kib=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
if [ "$free_kib" -lt "$need_kib" ]; then
    die "$((free_kib / 1024)) MiB free in $(dirname "$work"), about $((need_kib / 1024)) MiB needed (set TMPDIR or COPIES)"
fi

mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

echo "machine:  $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/^MemTotal/ { printf "%.1f GiB RAM", $2 / 1048576 }' /proc/meminfo)"
echo "versions: $("$xlqa" --version 2>/dev/null | head -n1 || echo xlqa), Xapian $("$python" -c 'import xapian; print(xapian.version_string())') ($python)"

# 1. The collection: one perl run writes c00-reut2-000.sgm ... so that the sorted glob both indexers
# see is copy by copy, file by file.
mkdir "$work/coll"
start=$(date +%s)
perl -e '
    my ($copies, $out, @files) = @ARGV;
    local $/;
    for my $c (0 .. $copies - 1) {
        for my $f (@files) {
            open(my $in, "<:raw", $f) or die "$f: $!\n";
            my $d = <$in>;
            close $in;
            $d =~ s/\bNEWID="(\d+)"/"NEWID=\"" . ($1 + $c * 100000) . "\""/ge;
            (my $b = $f) =~ s{.*/}{};
            my $o = sprintf("%s/c%02d-%s", $out, $c, $b);
            open(my $w, ">:raw", $o) or die "$o: $!\n";
            print $w $d or die "$o: $!\n";
            close $w or die "$o: $!\n";
        }
    }' "$copies" "$work/coll" "$reuters"/reut2-*.sgm
bytes=$(cat "$work"/coll/*.sgm | wc -c)
nfiles=$(ls "$work"/coll | wc -l)
echo "input:    Reuters-21578 x $copies: $nfiles files, $bytes bytes ($(mb "$bytes") MB), written in $(($(date +%s) - start)) s to $work"
sed -e "s/^name *=.*/name = reuters21578-x$copies/" -e "s|^files *=.*|files = coll/*.sgm|" \
    "$XLQA_CORPORA_DIR/reuters21578.conf" >"$work/bench.conf"
echo "settings: xlqa --memory $memory; XAPIAN_FLUSH_THRESHOLD=$flush documents"
echo

# wall FILE / rss FILE: wall seconds and peak RSS in KiB from a `/usr/bin/time -v` report.
wall() {
    awk '/Elapsed \(wall clock\)/ { n = split($NF, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$1"
}
rss() { awk '/Maximum resident set size/ { print $NF }' "$1"; }
# status FILE: the exit status the timed command reported
status() { awk '/Exit status/ { print $NF }' "$1"; }

# 2. xlqa.
/usr/bin/time -v -o "$work/time.xlqa" "$xlqa" index --quiet --memory "$memory" --data-root "$work" \
    --out "$work/xlqa.idx" "$work/bench.conf" >"$work/out.xlqa" 2>"$work/err.xlqa" || true
if [ "$(status "$work/time.xlqa")" != 0 ]; then
    cat "$work/err.xlqa" "$work/time.xlqa" >&2
    die "xlqa index failed"
fi
sed 's/^/  xlqa: /' "$work/out.xlqa"
xlqa_docs=$(awk '/^documents/ { print $4 }' "$work/out.xlqa")
xlqa_size=$(du -sb "$work/xlqa.idx" | cut -f1)

# 3. Xapian, then the Python reader alone.
XAPIAN_FLUSH_THRESHOLD=$flush /usr/bin/time -v -o "$work/time.xapian" "$python" "$top/bench/xapian-index.py" \
    --db "$work/xapian.db" --stopwords "$XLQA_LANG_DIR/en/stopwords.txt" "$work"/coll/*.sgm \
    >"$work/out.xapian" 2>"$work/err.xapian" || true
if [ "$(status "$work/time.xapian")" != 0 ]; then
    cat "$work/err.xapian" "$work/time.xapian" >&2
    die "the Xapian indexer failed"
fi
"$python" "$top/bench/xapian-index.py" --count "$work/xapian.db" >>"$work/out.xapian"
sed 's/^/  Xapian: /' "$work/out.xapian"
xapian_docs=$(awk '/^documents/ { print $2; exit }' "$work/out.xapian")
xapian_size=$(du -sb "$work/xapian.db" | cut -f1)
/usr/bin/time -v -o "$work/time.parse" "$python" "$top/bench/xapian-index.py" --parse-only \
    --db "$work/none" --stopwords "$XLQA_LANG_DIR/en/stopwords.txt" "$work"/coll/*.sgm >/dev/null
compacted=
if command -v xapian-compact >/dev/null; then
    rm -rf "$work/xlqa.idx" # space for the compacted copy
    xapian-compact "$work/xapian.db" "$work/xapian-compact.db" >/dev/null &&
        compacted=$(du -sb "$work/xapian-compact.db" | cut -f1)
fi

# 4. The table and the ratios.
echo
printf '%-28s %9s %9s %8s %8s %12s %9s\n' system documents "input MB" "wall s" "MB/s" "peak RSS MB" "index MB"
row() { # NAME DOCS TIMEFILE SIZE
    awk -v n="$1" -v d="$2" -v b="$bytes" -v s="$(wall "$3")" -v k="$(rss "$3")" -v z="$4" 'BEGIN {
        printf "%-28s %9s %9.1f %8.2f %8.2f %12.1f %9s\n", n, d, b / 1e6, s, b / 1e6 / s, k / 1024,
               z == "" ? "-" : sprintf("%.1f", z / 1e6) }'
}
row "xlqa index" "$xlqa_docs" "$work/time.xlqa" "$xlqa_size"
row "Xapian (python3-xapian)" "$xapian_docs" "$work/time.xapian" "$xapian_size"
row "  its Python reader alone" "$xapian_docs" "$work/time.parse" ""
echo
awk -v a="$(wall "$work/time.xlqa")" -v b="$(wall "$work/time.xapian")" -v p="$(wall "$work/time.parse")" \
    -v ra="$(rss "$work/time.xlqa")" -v rb="$(rss "$work/time.xapian")" 'BEGIN {
    printf "speed  xlqa/Xapian: %.2fx (Xapian wall / xlqa wall); %.2fx against Xapian minus its Python reader\n",
           b / a, (b - p) / a
    printf "memory xlqa/Xapian: %.2f (peak RSS ratio, below 1 means xlqa uses less)\n", ra / rb }'
[ -z "$compacted" ] || echo "Xapian database after xapian-compact (not timed): $(mb "$compacted") MB"
[ "$xlqa_docs" = "$xapian_docs" ] || echo "warning: the two indexes hold different document counts ($xlqa_docs, $xapian_docs)"
