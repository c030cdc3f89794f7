#!/bin/sh
# Answering at CLEF scale, side by side with Xapian, in one run. The collection is Reuters-21578
# (SHARED_DIR/data/reuters21578, 27.6 MB) copied COPIES times with fresh DOCNOs (as bench/index-xapian.sh
# makes it: NEWID + copy x 100000) plus the benchmark's English collection (xquad-en, 216 documents),
# so that the benchmark's questions have their answers among 396,000 newswire documents (COPIES 19).
#  1. builds the collection, xlqa's index (xlqa index --memory XLQA_MEMORY) and Xapian's
#     (bench/xapian-index.py for the copies, bench/xapian-search.py add for xquad-en), all kept in
#     WORK and reused by the next run with the same WORK;
#  2. retrieval: the 200 EN-EN questions of set SET, ROUNDS times over (default 5: 1,000 queries), as
#     BM25 queries, the top 100 documents each:
#     xlqa search --questions --format trec -P 0 -n 100 (every content word a term, no passages),
#     and bench/xapian-search.py search (the same words through Xapian's QueryParser, BM25 with the
#     same k1 and b). xlqa's time a query is whole-process: (wall of 200 questions - wall of 1) / 199,
#     (queries counted ROUNDS times over), so it includes question parsing, DOCNO look-ups and writing
#     the run; Xapian's is the time of
#     parse_query and get_mset alone, summed in Python over the queries. Best of REPEAT runs each,
#     as wall time and as CPU time (user + system; for Xapian time.process_time), which the other
#     processes of a shared machine disturb less.
#     recall@20: questions whose gold document (sets/SET/gold/EN.gold) is among the first 20;
#  3. answering: xlqa run with the 200 EN-EN and the 200 DE-EN questions of set SET (the default
#     model; DE-EN through the de-en lexicon in LEXDIR), one uncounted run of each, then REPEAT rounds
#     of the two in turn: median wall time and the peak RSS of the median run, and the median of the
#     rounds' DE-EN/EN-EN ratios;
#  4. memory: xlqa index --memory SWEEP_MEMORY over the first n copies for each n in SWEEP (peak RSS);
#  5. (only when PARTS names it) lexicon: xlqa lexicon build --all, once keeping every dictionary and
#     once with --memory M for each budget M in LEX_MEMORY, peak RSS, wall and CPU time of each, and
#     whether each budget's lexicons are byte-identical to those built keeping everything
#     (dictionaries from XLQA_DICT_DIR and XLQA_APERTIUM_DIR as set); beside each budget the
#     largest peak RSS of the pairs of LEX_PAIRS, each built alone with it: how far --all is above
#     its largest pair (the default pairs are the two largest alone on the 56 FreeDict pairs).
# Prints the machine (cores, load), one table and the ratios. PARTS picks the parts (default
# "search run sweep"; "lexicon" adds part 5): the collection and xlqa's and Xapian's indexes are
# built only for search and run, LEXDIR and Xapian are needed only by them.
#
# usage: bench/scale.sh BUILD_DIR [SHARED_DIR]       (default SHARED_DIR: ../shared beside the tree)
# env:   COPIES (19), WORK (kept; default a temporary directory removed at the end), XLQA_MEMORY (256M),
#        SET (3), REPEAT (3), ROUNDS (5), LEXDIR (default $XLQA_LEXICON_DIR; must hold de-en.lex),
#        SWEEP ("4 16 19"; empty: no sweep), SWEEP_MEMORY (64M), PARTS, LEX_MEMORY ("32M 64M 128M"),
#        LEX_PAIRS ("de-en en-fr")
# needs: /usr/bin/time, perl, python3 with the xapian module (sh scripts/install-deps.sh --bench).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: bench/scale.sh BUILD_DIR [SHARED_DIR]}" && pwd)
shared=$(cd "${2:-$top/../shared}" && pwd)
copies=${COPIES:-19}
memory=${XLQA_MEMORY:-256M}
set_no=${SET:-3}
repeat=${REPEAT:-3}
lexdir=${LEXDIR:-${XLQA_LEXICON_DIR:-}}
sweep=${SWEEP-4 16 19}
sweep_memory=${SWEEP_MEMORY:-64M}
parts=" ${PARTS-search run sweep} "
lex_memory=${LEX_MEMORY:-32M 64M 128M}
lex_pairs=${LEX_PAIRS:-de-en en-fr}
has() { case $parts in *" $1 "*) return 0 ;; esac; return 1; }
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$top/lang}
XLQA_CORPORA_DIR=${XLQA_CORPORA_DIR:-$top/corpora-config}
XLQA_MODEL_DIR=${XLQA_MODEL_DIR:-$top/models}
export XLQA_LANG_DIR XLQA_CORPORA_DIR XLQA_MODEL_DIR
xlqa=$build/xlqa
me=bench/scale.sh
bench=$shared/bench/xquad-clef
reuters=$shared/data/reuters21578

die() { echo "$me: $*" >&2; exit 1; }
[ -x "$xlqa" ] || die "$xlqa not built (run make)"
ls "$reuters"/reut2-*.sgm >/dev/null 2>&1 || die "no reut2-*.sgm in $reuters"
[ -f "$bench/sets/$set_no/questions/EN-EN.txt" ] || die "no benchmark set $set_no in $bench"
[ -x /usr/bin/time ] || die "/usr/bin/time missing (apt-get install time)"
command -v perl >/dev/null || die "perl missing"
if has run; then
    [ -n "$lexdir" ] && [ -f "$lexdir/de-en.lex" ] || die "no de-en.lex: set LEXDIR (xlqa lexicon build --pair de-en)"
fi
for v in "$copies" "$repeat"; do
    case $v in '' | *[!0-9]* | 0) die "COPIES and REPEAT must be positive numbers" ;; esac
done
for v in $lex_memory; do
    case $v in *[!0-9KMG]* | [!0-9]*) die "LEX_MEMORY must be sizes such as 64M, space separated" ;; esac
done
for v in $lex_pairs; do
    case $v in [a-z][a-z]-[a-z][a-z]) ;; *) die "LEX_PAIRS must be pairs such as de-en, space separated" ;; esac
done
for v in "${ROUNDS:-5}"; do
    case $v in '' | *[!0-9]* | 0) die "ROUNDS must be a positive number" ;; esac
    [ "$v" -le 49 ] || die "ROUNDS must be at most 49 (question numbers have four digits)"
done
python=
for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null && "$p" -c 'import xapian' 2>/dev/null; then python=$p; break; fi
done
if has search; then
    [ -n "$python" ] || die "no python3 with the xapian module (as root: sh scripts/install-deps.sh --bench)"
fi

if [ -n "${WORK:-}" ]; then
    mkdir -p "$WORK"
    work=$(cd "$WORK" && pwd)
    tmp=$(mktemp -d "$work/tmp.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/xlqa-scale.XXXXXX")
    tmp=$work/tmp
    mkdir "$tmp"
    trap 'rm -rf "$work"' EXIT
fi
trap 'exit 130' INT TERM
stop=$XLQA_LANG_DIR/en/stopwords.txt
questions=$bench/sets/$set_no/questions

# wall FILE / rss FILE / status FILE: from a `/usr/bin/time -v` report
wall() {
    awk '/Elapsed \(wall clock\)/ { n = split($NF, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$1"
}
rss() { awk '/Maximum resident set size/ { print $NF }' "$1"; }
status() { awk '/Exit status/ { print $NF }' "$1"; }
cpu() { awk '/User time|System time/ { s += $NF } END { print s }' "$1"; }
# timed NAME CMD...: runs CMD under /usr/bin/time -v into $tmp/NAME.time, its output in $tmp/NAME.out
timed() {
    name=$1
    shift
    /usr/bin/time -v -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || true
    if [ "$(status "$tmp/$name.time")" != 0 ]; then
        cat "$tmp/$name.err" >&2
        die "$name failed: $*"
    fi
}
# median FILE...: the median by wall time of several time reports (the middle one), its file name
median() {
    for f in "$@"; do echo "$(wall "$f") $f"; done | sort -n | awk '{ a[NR] = $2 } END { print a[int((NR + 1) / 2)] }'
}
best() { # best FILE...: the fastest of several time reports
    for f in "$@"; do echo "$(wall "$f") $f"; done | sort -n | awk 'NR == 1 { print $2 }'
}

echo "machine:  $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/^MemTotal/ { printf "%.1f GiB RAM", $2 / 1048576 }' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo "versions: $("$xlqa" --version 2>/dev/null | head -n1)${python:+, Xapian $("$python" -c 'import xapian; print(xapian.version_string())')}"
echo "parts:   $(echo $parts)"

# 1. The collection and both indexes (kept in WORK), for the parts that search it.
if { has search || has run || has sweep; } && [ ! -f "$work/coll/done-$copies" ]; then
    rm -rf "$work/coll"
    mkdir "$work/coll"
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
    touch "$work/coll/done-$copies"
fi
ln -sfn "$shared" "$work/shared"
sed -e "s/^name *=.*/name = reuters21578-x$copies/" -e "s|^files *=.*|files = coll/*.sgm|" \
    "$XLQA_CORPORA_DIR/reuters21578.conf" >"$work/reuters.conf"
if [ -f "$work/coll/done-$copies" ]; then
    bytes=$(($(cat "$work"/coll/*.sgm | wc -c) + $(cat "$bench"/collections/EN/*.sgml | wc -c)))
    echo "input:    Reuters-21578 x $copies + xquad-en, $bytes bytes, in $work"
fi
if { has search || has run; } && { [ ! -f "$work/xlqa.idx/index.xlqa" ] || [ "$xlqa" -nt "$work/xlqa.idx/index.xlqa" ]; }; then
    rm -rf "$work/xlqa.idx"
    timed index "$xlqa" index --quiet --memory "$memory" --data-root "$work" --out "$work/xlqa.idx" \
        "$work/reuters.conf" xquad-en
    cp "$tmp/index.time" "$work/index.time"
fi
if has search && [ ! -f "$work/xapian.done" ]; then
    rm -rf "$work/xapian.db"
    timed xapian-index "$python" "$top/bench/xapian-index.py" --db "$work/xapian.db" --stopwords "$stop" \
        "$work"/coll/*.sgm
    timed xapian-add "$python" "$top/bench/xapian-search.py" add --db "$work/xapian.db" --stopwords "$stop" \
        "$bench"/collections/EN/*.sgml
    touch "$work/xapian.done"
fi

# 2. Retrieval: the questions ROUNDS times over (as many timed queries as a second's resolution needs).
if has search; then
    rounds=${ROUNDS:-5}
    : >"$tmp/queries.txt"
    # numbered anew each round (round r's question i is (r - 1) x 200 + i), so the first round keeps the gold numbers
    for r in $(seq "$rounds"); do
        awk -v r="$r" '{ n = $4 + 0; $4 = sprintf("%04d", (r - 1) * 200 + n); print }' "$questions/EN-EN.txt" >>"$tmp/queries.txt"
    done
    head -n 1 "$questions/EN-EN.txt" >"$tmp/one.txt"
    for r in $(seq "$repeat"); do
        timed "xs-all-$r" "$xlqa" search --index "$work/xlqa.idx" --questions "$tmp/queries.txt" --format trec \
            -P 0 -n 100
        timed "xs-one-$r" "$xlqa" search --index "$work/xlqa.idx" --questions "$tmp/one.txt" --format trec -P 0 -n 100
        timed "xp-all-$r" "$python" "$top/bench/xapian-search.py" search --db "$work/xapian.db" --stopwords "$stop" \
            --questions "$tmp/queries.txt" --docs 100 --out "$tmp/xapian.run"
    done
    xs_all=$(best "$tmp"/xs-all-*.time)
    xs_one=$(best "$tmp"/xs-one-*.time)
    n_q=$(wc -l <"$tmp/queries.txt")
    xlqa_ms=$(awk -v a="$(wall "$xs_all")" -v b="$(wall "$xs_one")" -v n="$n_q" 'BEGIN { printf "%.2f", (a - b) / (n - 1) * 1000 }')
    xapian_ms=$(for r in $(seq "$repeat"); do awk '/^queries/ { print $4 }' "$tmp/xp-all-$r.out"; done | sort -n |
        head -n 1 | awk -v n="$n_q" '{ printf "%.2f", $1 / n * 1000 }')
    # CPU time (user + system), which other processes on a shared machine disturb less than wall time
    xs_all_cpu=$(for f in "$tmp"/xs-all-*.time; do cpu "$f"; done | sort -n | head -n 1)
    xs_one_cpu=$(for f in "$tmp"/xs-one-*.time; do cpu "$f"; done | sort -n | head -n 1)
    xlqa_cpu_ms=$(awk -v a="$xs_all_cpu" -v b="$xs_one_cpu" -v n="$n_q" 'BEGIN { printf "%.2f", (a - b) / (n - 1) * 1000 }')
    xapian_cpu_ms=$(for r in $(seq "$repeat"); do awk '/^queries/ { print $6 }' "$tmp/xp-all-$r.out"; done | sort -n |
        head -n 1 | awk -v n="$n_q" '{ printf "%.2f", $1 / n * 1000 }')
    recall() { # RUNFILE: questions whose gold DOCNO is in the first 20, of those in the gold file
        awk 'NR == FNR { gold[$1] = $2; next } $4 <= 20 && ($1 in gold) && gold[$1] == $3 { hit[$1] = 1 }
             END { n = 0; for (q in gold) n++; h = 0; for (q in hit) h++; printf "%.3f", h / n }' \
            "$bench/sets/$set_no/gold/EN.gold" "$1"
    }
    cp "${xs_all%.time}.out" "$tmp/xlqa.run"

fi

# 3. Answering.
# One uncounted run of each first (the index's and lexicon's pages into the page cache), then the two
# pairs in turn, round by round, so that a drift in the machine's speed touches both alike; the ratio
# is given of the medians and as the median of the rounds' ratios.
if has run; then
    for r in warm $(seq "$repeat"); do
        for pair in EN-EN DE-EN; do
            timed "run-$pair-$r" "$xlqa" run --index "$work/xlqa.idx" --questions "$questions/$pair.txt" \
                --lexicon-dir "$lexdir" --tag scale --free-tag --out "$tmp/run-$pair-$r.txt"
        done
    done
    rm -f "$tmp"/run-*-warm.time
    run_en=$(median "$tmp"/run-EN-EN-*.time)
    run_de=$(median "$tmp"/run-DE-EN-*.time)
    run_rounds=$(for r in $(seq "$repeat"); do
        echo "$(wall "$tmp/run-DE-EN-$r.time") $(wall "$tmp/run-EN-EN-$r.time")"
    done | awk '{ print $1 / $2 }' | sort -n | awk '{ a[NR] = $1 } END { printf "%.2f", a[int((NR + 1) / 2)] }')
fi

# 4. Indexing memory against the number of copies.
if has sweep; then
    for n in $sweep; do
        [ "$n" -le "$copies" ] || die "SWEEP $n is more than COPIES $copies"
        rm -rf "$tmp/sweep"
        mkdir -p "$tmp/sweep/coll"
        i=0
        while [ "$i" -lt "$n" ]; do
            ln -s "$work"/coll/c"$(printf %02d "$i")"-*.sgm "$tmp/sweep/coll/"
            i=$((i + 1))
        done
        timed "sweep-$n" "$xlqa" index --quiet --memory "$sweep_memory" --data-root "$tmp/sweep" \
            --out "$tmp/sweep/idx" "$work/reuters.conf"
        rm -rf "$tmp/sweep"
    done
fi

# 5. The lexicons of all pairs, with every dictionary kept and within each budget of LEX_MEMORY.
if has lexicon; then
    timed lex-all "$xlqa" lexicon build --all --out "$tmp/lex-all"
    lex_files=$(ls "$tmp"/lex-all/*.lex | wc -l)
    for m in $lex_memory; do
        timed "lex-$m" "$xlqa" lexicon build --all --memory "$m" --out "$tmp/lex-$m"
        for p in $lex_pairs; do
            timed "lex-$p-$m" "$xlqa" lexicon build --pair "$p" --memory "$m" --out "$tmp/lex-$p-$m"
            rm -rf "$tmp/lex-$p-$m"
        done
        same=yes
        for f in "$tmp"/lex-all/*.lex; do
            cmp -s "$f" "$tmp/lex-$m/${f##*/}" || same=no
        done
        [ "$(ls "$tmp/lex-$m" | wc -l)" = "$lex_files" ] || same=no
        echo "$same" >"$tmp/lex-$m.same"
        rm -rf "$tmp/lex-$m"
    done
fi

# The table.
echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo
printf '%-44s %12s %12s\n' "" "xlqa" "Xapian"
{ has search || has run; } && [ -f "$work/index.time" ] && printf '%-44s %12s %12s\n' "index build: wall s / peak RSS MiB (--memory $memory)" \
    "$(wall "$work/index.time") / $(($(rss "$work/index.time") / 1024))" "-"
if has search; then
    printf '%-44s %12s %12s\n' "retrieval, wall ms a query (top 100, $n_q queries)" "$xlqa_ms" "$xapian_ms"
    printf '%-44s %12s %12s\n' "retrieval, CPU ms a query" "$xlqa_cpu_ms" "$xapian_cpu_ms"
    printf '%-44s %12s %12s\n' "recall@20 (gold document in the top 20)" "$(recall "$tmp/xlqa.run")" "$(recall "$tmp/xapian.run")"
    printf '%-44s %12s %12s\n' "search process peak RSS MiB" "$(($(rss "$xs_all") / 1024))" "$(($(rss "$(best "$tmp"/xp-all-*.time)") / 1024))"
fi
if has run; then
    printf '%-44s %12s\n' "run EN-EN, $(wc -l <"$questions/EN-EN.txt") questions: wall s / RSS MiB" "$(wall "$run_en") / $(($(rss "$run_en") / 1024))"
    printf '%-44s %12s\n' "run DE-EN, $(wc -l <"$questions/DE-EN.txt") questions: wall s / RSS MiB" "$(wall "$run_de") / $(($(rss "$run_de") / 1024))"
fi
if has sweep; then
    for n in $sweep; do
        printf '%-44s %12s\n' "index x$n --memory $sweep_memory: peak RSS MiB" "$(($(rss "$tmp/sweep-$n.time") / 1024))"
    done
fi
if has lexicon; then
    printf '%-44s %22s\n' "lexicon build --all, $lex_files lexicons:" "wall s / CPU s / peak RSS MiB"
    printf '%-44s %22s\n' "  every dictionary kept" \
        "$(wall "$tmp/lex-all.time") / $(cpu "$tmp/lex-all.time") / $(($(rss "$tmp/lex-all.time") / 1024))"
    for m in $lex_memory; do
        top_pair= top_rss=0
        for p in $lex_pairs; do
            r=$(rss "$tmp/lex-$p-$m.time")
            [ "$r" -gt "$top_rss" ] && top_pair=$p top_rss=$r
        done
        printf '%-44s %22s   %s\n' "  with --memory $m" \
            "$(wall "$tmp/lex-$m.time") / $(cpu "$tmp/lex-$m.time") / $(($(rss "$tmp/lex-$m.time") / 1024))" \
            "byte-identical: $(cat "$tmp/lex-$m.same"); largest alone: $top_pair $((top_rss / 1024)) MiB"
    done
fi
echo
if has search; then
    awk -v a="$xlqa_ms" -v b="$xapian_ms" -v c="$xlqa_cpu_ms" -v x="$xapian_cpu_ms" 'BEGIN {
        printf "retrieval xlqa/Xapian: %.2f wall, %.2f CPU (time a query; below 1 means xlqa is faster)\n", a / b, c / x }'
fi
if has run; then
    awk -v e="$(wall "$run_en")" -v d="$(wall "$run_de")" -v r="$run_rounds" -v n="$repeat" 'BEGIN {
        printf "run DE-EN/EN-EN:       %.2f (median wall times); %s (median of %d rounds, the pairs in turn)\n", d / e, r, n }'
fi
