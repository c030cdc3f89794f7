#!/bin/sh
# matrix.sh: every run of a benchmark in the xquad-clef layout (collections/<LANG>/*.sgml or
# corpora-config/*.conf, sets/<k>/questions/<SRC>-<TGT>.txt, sets/<k>/gold/<TGT>.gold) in one
# command: task pairs x test sets x option sets. It builds what is missing (indexes, pair lexicons),
# answers the fitting sets and fits one model per target language and option set, answers the
# reported sets with it, checks every run file, scores it, and prints one table (accuracy, CWS, K1,
# NIL precision and recall, ECE per pair and set, means over the reported sets), also written as
# table.json and table.csv in the work directory.
#
# The work is a generated makefile (OUT/matrix.mk): each index, lexicon, run, model and score is a
# target with its inputs as prerequisites, so `-j N` runs independent steps side by side and a second
# call redoes only what is missing or older than its inputs (the data, the xlqa binary, the option
# set). With --slurm the same targets are submitted as Slurm job arrays, one task per step, a stage
# waiting for the one before (sbatch --dependency=afterok), and the table is made when the last stage
# is done. doc/matrix.md is the user's guide.
#
# usage: scripts/matrix.sh [options] BENCH_DIR
set -eu
# the matrix's make is its own, even when a make runs the matrix (make bench, make check): no inherited
# flags, jobserver or "Entering directory" lines in the output
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES

me=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
top=$(cd "$(dirname "$0")/.." && pwd)

usage() {
    cat <<'EOF'
usage: matrix.sh [options] BENCH_DIR

  -o, --out DIR        work directory: indexes, runs, models, scores, table.{txt,json,csv}
                       (default ./matrix-<bench name>); a second call resumes in it
  -x, --xlqa PATH      the xlqa program (default: $XLQA, else xlqa on PATH)
  -l, --langs "L..."   languages, in table order (default: those of the test sets, sorted)
  -p, --pairs "S-T..." task pairs, in table order (default: every pair of --langs, by target)
  -s, --sets "K..."    the reported test sets (default: every set not used for fitting)
  -f, --fit-sets "K..." the sets a model is fitted on, one per target language and option set
                       (default: none: runs without a model, heuristic confidences)
  -c, --config 'NAME|FIT OPTIONS|RUN OPTIONS'
                       an option set (repeatable): options of xlqa calibrate fit and of xlqa run
                       (default: 'default|--ranking|')
  -L, --lexicon-dir DIR pair lexicons, built there when missing (default: $XLQA_LEXICON_DIR,
                       else OUT/lexicon)
  -j, --jobs N         steps run side by side on this machine (default 1)
      --slurm          submit the steps to Slurm as job arrays and wait for the table
      --sbatch 'OPTS'  options for every sbatch call (resources per task, partition, account)
  -n, --dry-run        print the steps that would run, run nothing
  -q, --quiet          no progress line
  -h, --help           this text
EOF
}

die() { echo "matrix: $*" >&2; exit 2; }
lower() { echo "$1" | tr 'A-Z' 'a-z'; }
upper() { echo "$1" | tr 'a-z' 'A-Z'; }
# q WORD: WORD single-quoted for sh
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# json_fields FILE KEY...: the values of the JSON paths KEY (".accuracy", ".calibration.ece") in FILE,
# tab-separated, "null" for a null or missing value. A small tokenizer: enough for xlqa's own output.
json_fields() {
    _jf=$1
    shift
    awk -v want="$*" '
        { text = text $0 "\n" }
        END {
            n = split(want, keys, " ")
            depth = 0; i = 1; len = length(text); expect_key = 0; key = ""
            while (i <= len) {
                c = substr(text, i, 1)
                if (c == "{" || c == "[") {
                    # the level being opened is named by the key (or index) it stands under
                    if (depth > 0) path[depth] = isobj[depth] ? "." key : "[" idx[depth] "]"
                    depth++; isobj[depth] = c == "{"; idx[depth] = 0; expect_key = c == "{"; i++; continue
                }
                if (c == "}" || c == "]") { depth--; i++; continue }
                if (c == ",") { if (isobj[depth]) expect_key = 1; else idx[depth]++; i++; continue }
                if (c == ":" || c == " " || c == "\n" || c == "\t" || c == "\r") { i++; continue }
                if (c == "\"") {
                    j = i + 1; s = ""
                    while (j <= len && substr(text, j, 1) != "\"") {
                        if (substr(text, j, 1) == "\\") j++
                        s = s substr(text, j, 1); j++
                    }
                    i = j + 1
                    if (isobj[depth] && expect_key) { key = s; expect_key = 0; continue }
                    value = s
                } else {
                    j = i
                    while (j <= len && substr(text, j, 1) !~ /[,}\] \n\t\r]/) j++
                    value = substr(text, i, j - i); i = j
                }
                p = ""
                for (d = 1; d < depth; d++) p = p path[d]
                p = p (isobj[depth] ? "." key : "[" idx[depth] "]")
                got[p] = value
            }
        }
        END {
            line = ""
            for (k = 1; k <= n; k++) line = line (k > 1 ? "\t" : "") ((keys[k] in got) ? got[keys[k]] : "null")
            print line
        }' "$_jf"
}

# ---- steps: what one makefile target does (matrix.sh --step OUT KIND ARGS) -------------------------
# The step runs in its own sh (--do), so that its own `set -e` holds, with its output in OUT/log.
step() {
    out=$1 kind=$2
    shift 2
    mkdir -p "$out/log"
    log="$out/log/$(echo "$kind $*" | tr ' /' '-_').log"
    if ! sh "$me" --do "$out" "$kind" "$@" >"$log" 2>&1; then
        echo "matrix: step '$kind $*' failed; its log, $log, ends:" >&2
        tail -n 5 "$log" >&2
        exit 1
    fi
    # the progress line counts the steps of the to-do list, which leaves the table out
    [ "$kind" = table ] || echo "$kind $*" >>"$out/.matrix/progress"
}

step_index() { # LANG
    l=$1
    rm -rf "$out/index/$l.tmp"
    "$XLQA" index --quiet --data-root "$(cat "$out/conf/$l.root")" --out "$out/index/$l.tmp" "$out/conf/$l.conf"
    rm -rf "$out/index/$l"
    mv "$out/index/$l.tmp" "$out/index/$l"
}

step_lexicon() { # SRC TGT
    XLQA_APERTIUM_DIR=$APERTIUM
    export XLQA_APERTIUM_DIR
    "$XLQA" lexicon build --pair "$1-$2" --out "$LEXDIR"
}

# runfile CONFIG SET SRC TGT: the run's file, named after its tag as xlqa check wants
runfile() { echo "$out/$1/runs/$2/xlqa041$(lower "$3$4").txt"; }

step_fitrun() { # CONFIG SET SRC TGT
    c=$1 k=$2 s=$3 t=$4
    d="$out/$c/fit"
    mkdir -p "$d"
    # the models are fitted on the lexicon's translations alone (--no-mt): fitted on Apertium's, the
    # Spanish model answered ES-ES worse (doc/experiments.md, 2026-12-02); the answering runs
    # (step_run) translate with Apertium where it has the pair, as xlqa run does by default
    # shellcheck disable=SC2046 # the option set's run options are a list on purpose
    "$XLQA" run --no-model --no-mt --index "$out/index/$(lower "$t")" --questions "$BENCH/sets/$k/questions/$s-$t.txt" \
        --tag "xlqa041$(lower "$s$t")" --lexicon-dir "$LEXDIR" --out "$d/run-$k-$s-$t.txt" \
        --gold "$BENCH/sets/$k/gold/$t.gold" --features-out "$d/features-$k-$s-$t.tmp" $(sed -n 3p "$out/$c/options")
    # question ids made unique across sets and source languages, as the model's table wants
    awk -v p="$k-$s-" 'NR == 1 { print; next } { print p $0 }' "$d/features-$k-$s-$t.tmp" >"$d/features-$k-$s-$t.tsv"
    rm -f "$d/features-$k-$s-$t.tmp"
}

step_model() { # CONFIG TGT
    c=$1 t=$2
    table="$out/$c/features-$t.tsv"
    : >"$table.tmp"
    for k in $FIT_SETS; do
        for p in $PAIRS; do
            [ "${p#*-}" = "$t" ] || continue
            s=${p%-*}
            awk -v first="$([ -s "$table.tmp" ] && echo 0 || echo 1)" 'NR == 1 && !first { next } { print }' \
                "$out/$c/fit/features-$k-$s-$t.tsv" >>"$table.tmp"
        done
    done
    mv "$table.tmp" "$table"
    # shellcheck disable=SC2046,SC2086 # the option set's fit options are a list on purpose
    "$XLQA" calibrate fit $(sed -n 2p "$out/$c/options") --features "$table" --out "$out/$c/model-$t.tmp" \
        >"$out/$c/fit-$t.txt"
    "$XLQA" calibrate apply --model "$out/$c/model-$t.tmp" --features "$table" --summary >"$out/$c/fit-summary-$t.txt"
    mv "$out/$c/model-$t.tmp" "$out/$c/model-$t.json"
}

step_run() { # CONFIG SET SRC TGT
    c=$1 k=$2 s=$3 t=$4
    run=$(runfile "$c" "$k" "$s" "$t")
    mkdir -p "$(dirname "$run")"
    set --
    if [ -n "$FIT_SETS" ]; then
        set -- --model "$out/$c/model-$t.json" \
            --nil-confidence "$(awk '$1 == "nil_precision" { print $2 }' "$out/$c/fit-summary-$t.txt")"
    fi
    # shellcheck disable=SC2046 # the option set's run options are a list on purpose
    "$XLQA" run --index "$out/index/$(lower "$t")" --questions "$BENCH/sets/$k/questions/$s-$t.txt" \
        --tag "xlqa041$(lower "$s$t")" --lexicon-dir "$LEXDIR" --out "$run" "$@" $(sed -n 3p "$out/$c/options")
}

step_score() { # CONFIG SET SRC TGT
    c=$1 k=$2 s=$3 t=$4
    run=$(runfile "$c" "$k" "$s" "$t")
    d="$out/$c/scores"
    mkdir -p "$d"
    "$XLQA" check --testset "$BENCH/sets/$k/questions/$s-$t.txt" --index "$out/index/$(lower "$t")" "$run"
    "$XLQA" score --gold "$BENCH/sets/$k/gold/$t.gold" -Q "$BENCH/sets/$k/questions/$s-$t.txt" --calibration \
        --format json "$run" >"$d/$k-$s-$t.json.tmp"
    mv "$d/$k-$s-$t.json.tmp" "$d/$k-$s-$t.json"
    json_fields "$d/$k-$s-$t.json" .runs[0].accuracy .runs[0].cws .runs[0].k1 .runs[0].nil_precision \
        .runs[0].nil_recall .runs[0].calibration.ece >"$d/$k-$s-$t.tmp"
    mv "$d/$k-$s-$t.tmp" "$d/$k-$s-$t.tsv"
}

# ranges "1 2 3 5": "1-3, 5", as the table's heading names sets
ranges() {
    echo "$*" | awk '{ s = ""; i = 1
        while (i <= NF) { j = i; while (j < NF && $(j + 1) == $j + 1) j++
            s = s (s == "" ? "" : ", ") (j > i ? $i "-" $j : $i); i = j + 1 }
        print s }'
}

step_table() {
    : >"$out/table.rows"
    for c in $CONFIGS; do
        for p in $PAIRS; do
            for k in $SETS; do
                printf '%s\t%s\t%s\t' "$c" "$p" "$k"
                cat "$out/$c/scores/$k-$p.tsv"
            done
        done
    done >>"$out/table.rows"
    : >"$out/table.models"
    if [ -n "$FIT_SETS" ]; then
        for c in $CONFIGS; do
            for t in $TARGETS; do
                awk -v c="$c" -v t="$t" '$1 == "nil_threshold" { th = $2 } $1 == "nil_precision" { p = $2 }
                    $1 == "accuracy" { a = $2 } END { printf "%s\t%s\t%s\t%s\t%s\n", c, t, th, a, p }' \
                    "$out/$c/fit-summary-$t.txt"
            done
        done >>"$out/table.models"
    fi
    # shellcheck disable=SC2086 # the set lists are word lists
    fitted=$(ranges $FIT_SETS) reported=$(ranges $SETS)
    # "set 1", "sets 1-2"
    case $FIT_SETS in *' '*) fitted="s $fitted" ;; *) fitted=" $fitted" ;; esac
    case $SETS in *' '*) reported="s $reported" ;; *) reported=" $reported" ;; esac
    awk -F'\t' -v name="$NAME" -v fitted="$fitted" -v reported="$reported" -v nconf="$(echo $CONFIGS | wc -w)" \
        -v txt="$out/table.txt.tmp" -v json="$out/table.json.tmp" -v csv="$out/table.csv.tmp" '
        # a measure a run leaves undefined (NIL precision with no NIL answered) is null: "-" in the
        # table, left out of the mean
        function jnum(v) { return v == "null" ? "null" : sprintf("%.6f", v) }
        function cell(v) { return v == "null" ? sprintf(" %8s", "-") : sprintf(" %8.3f", v) }
        function row(label, v) { return sprintf("%-5s", label) cell(v[1]) cell(v[2]) cell(v[3]) cell(v[4]) cell(v[5]) cell(v[6]) }
        FILENAME ~ /table\.models$/ { mc[$1] = mc[$1] $2 "\t" $3 "\t" $4 "\t" $5 "\n"; next }
        {
            key = $1 SUBSEP $2
            if (!(key in seen)) { seen[key] = 1; order[++n] = key; conf[n] = $1; pair[n] = $2 }
            nsets[key]++
            line[key, nsets[key]] = $0
        }
        END {
            split(ENVIRON["CONFIG_LINES"], cl, "\n")
            head = fitted == "" ? sprintf("%s answering: no model (heuristic confidences), reported on set%s", name, reported) \
                : sprintf("%s answering: models fitted on set%s (one per target language), reported on set%s", name, fitted, reported)
            print head >txt
            print "config,pair,set,accuracy,cws,k1,nil_precision,nil_recall,ece" >csv
            printf "{\n  \"benchmark\": \"%s\",\n  \"fit_sets\": \"%s\",\n  \"report_sets\": \"%s\",\n  \"configs\": [", name, ENVIRON["FIT_SETS"], ENVIRON["SETS"] >json
            last = ""
            for (i = 1; i <= n; i++) {
                c = conf[i]
                if (c != last) {
                    if (last != "") printf "\n    ]}," >json
                    for (x in cl) { split(cl[x], cf, "|"); if (cf[1] == c) { fo = cf[2]; ro = cf[3] } }
                    if (nconf > 1) printf "\nconfiguration %s: fit %s; run %s\n", c, fo == "" ? "(defaults)" : fo, ro == "" ? "(defaults)" : ro >txt
                    printf "\n    {\"name\": \"%s\", \"fit_options\": \"%s\", \"run_options\": \"%s\",\n     \"models\": [", c, fo, ro >json
                    m = split(mc[c], ml, "\n"); sep = ""
                    for (j = 1; j < m; j++) {
                        split(ml[j], mf, "\t")
                        printf "model %s: NIL threshold %.4f, fitted-set accuracy %.3f, NIL precision %.3f\n", mf[1], mf[2], mf[3], mf[4] >txt
                        printf "%s{\"target\": \"%s\", \"nil_threshold\": %s, \"fitted_accuracy\": %s, \"nil_precision\": %s}", sep, mf[1], jnum(mf[2]), jnum(mf[3]), jnum(mf[4]) >json
                        sep = ", "
                    }
                    printf "],\n     \"pairs\": [" >json
                    last = c; psep = ""
                }
                key = c SUBSEP pair[i]
                printf "\n%s\n%-5s %8s %8s %8s %8s %8s %8s\n", pair[i], "set", "accuracy", "CWS", "K1", "NIL-P", "NIL-R", "ECE" >txt
                printf "%s\n      {\"pair\": \"%s\", \"sets\": [", psep, pair[i] >json
                psep = ","
                for (f = 1; f <= 6; f++) sum[f] = cnt[f] = 0
                for (j = 1; j <= nsets[key]; j++) {
                    split(line[key, j], v, "\t")
                    for (f = 1; f <= 6; f++) { w[f] = v[f + 3]; if (w[f] != "null") { sum[f] += w[f]; cnt[f]++ } }
                    print row(v[3], w) >txt
                    printf "%s,%s,%s,%s,%s,%s,%s,%s,%s\n", c, pair[i], v[3], v[4], v[5], v[6], v[7], v[8], v[9] >csv
                    printf "%s{\"set\": \"%s\", \"accuracy\": %s, \"cws\": %s, \"k1\": %s, \"nil_precision\": %s, \"nil_recall\": %s, \"ece\": %s}", \
                        (j > 1 ? ", " : ""), v[3], jnum(v[4]), jnum(v[5]), jnum(v[6]), jnum(v[7]), jnum(v[8]), jnum(v[9]) >json
                    }
                for (f = 1; f <= 6; f++) mean[f] = cnt[f] ? sum[f] / cnt[f] : "null"
                print row("mean", mean) >txt
                printf "%s,%s,mean", c, pair[i] >csv
                for (f = 1; f <= 6; f++) printf ",%s", jnum(mean[f]) >csv
                printf "\n" >csv
                printf "],\n       \"mean\": {\"accuracy\": %s, \"cws\": %s, \"k1\": %s, \"nil_precision\": %s, \"nil_recall\": %s, \"ece\": %s}}", \
                    jnum(mean[1]), jnum(mean[2]), jnum(mean[3]), jnum(mean[4]), jnum(mean[5]), jnum(mean[6]) >json
            }
            printf "\n    ]}\n  ]\n}\n" >json
        }' "$out/table.models" "$out/table.rows"
    for f in txt json csv; do mv "$out/table.$f.tmp" "$out/table.$f"; done
}

if [ "${1:-}" = --step ]; then
    shift
    step "$@"
    exit 0
fi
if [ "${1:-}" = --do ]; then
    out=$2 kind=$3
    shift 3
    . "$out/.matrix/env"
    export XLQA_LANG_DIR CONFIG_LINES FIT_SETS SETS
    "step_$kind" "$@"
    exit 0
fi

# ---- options ------------------------------------------------------------------------------------
out='' xlqa=${XLQA:-} langs='' pairs='' sets='' fit_sets='' configs='' lexdir=${XLQA_LEXICON_DIR:-} jobs=1
slurm=0 sbatch_opts='' dry=0 quiet=0
# shellcheck disable=SC2034 # sbatch_opts is read by matrix-slurm.sh
while [ $# -gt 0 ]; do
    case $1 in
    -o | --out) out=${2:?}; shift ;;
    -x | --xlqa) xlqa=${2:?}; shift ;;
    -l | --langs) langs=${2?}; shift ;;
    -p | --pairs) pairs=${2?}; shift ;;
    -s | --sets) sets=${2?}; shift ;;
    -f | --fit-sets) fit_sets=${2?}; shift ;;
    -c | --config) configs="$configs${configs:+
}${2:?}"; shift ;;
    -L | --lexicon-dir) lexdir=${2:?}; shift ;;
    -j | --jobs) jobs=${2:?}; shift ;;
    -j*) jobs=${1#-j} ;;
    --slurm) slurm=1 ;;
    --sbatch) sbatch_opts=${2?}; shift ;;
    -n | --dry-run) dry=1 ;;
    -q | --quiet) quiet=1 ;;
    -h | --help) usage; exit 0 ;;
    -*) usage >&2; die "unknown option '$1'" ;;
    *) break ;;
    esac
    shift
done
[ $# -eq 1 ] || { usage >&2; die "one BENCH_DIR expected"; }
bench=$(cd "$1" && pwd) || die "no benchmark directory '$1'"
name=$(basename "$bench")
[ -d "$bench/sets" ] || die "'$bench' has no sets/ directory: not a benchmark in the xquad-clef layout"
case $jobs in '' | *[!0-9]* | 0) die "-j wants a positive number, not '$jobs'" ;; esac
out=${out:-$PWD/matrix-$name}
mkdir -p "$out"
out=$(cd "$out" && pwd)
case "$bench$out$lexdir" in *[!A-Za-z0-9_./+,@=-]*) die "paths with blanks or shell characters are not supported: '$bench', '$out'" ;; esac
if [ -z "$xlqa" ]; then xlqa=$(command -v xlqa) || die "no xlqa on PATH; give --xlqa"; fi
case $xlqa in /*) ;; *) xlqa=$(cd "$(dirname "$xlqa")" && pwd)/$(basename "$xlqa") ;; esac
[ -x "$xlqa" ] || die "'$xlqa' is not executable"
lexdir=${lexdir:-$out/lexicon}
mkdir -p "$lexdir"
lexdir=$(cd "$lexdir" && pwd)
langdir=${XLQA_LANG_DIR:-}
[ -n "$langdir" ] || [ ! -d "$top/lang" ] || langdir=$top/lang
configs=${configs:-'default|--ranking|'}

# the sets, pairs and languages
all_sets=$(cd "$bench/sets" && for d in *; do [ -d "$d/questions" ] && echo "$d"; done | sort -n | tr '\n' ' ')
[ -n "$all_sets" ] || die "'$bench/sets' holds no set with a questions/ directory"
for k in $fit_sets $sets; do
    [ -d "$bench/sets/$k/questions" ] || die "no test set '$k' in '$bench/sets'"
done
if [ -z "$sets" ]; then
    for k in $all_sets; do
        case " $fit_sets " in *" $k "*) ;; *) sets="$sets $k" ;; esac
    done
fi
sets=$(echo $sets)
fit_sets=$(echo $fit_sets)
[ -n "$sets" ] || die "no set left to report"
first=$(echo $sets | awk '{ print $1 }')
if [ -z "$langs" ]; then
    langs=$(cd "$bench/sets/$first/questions" && ls -- *-*.txt | sed 's/\.txt$//' | tr '-' '\n' | sort -u | tr '\n' ' ')
fi
langs=$(upper "$langs")
if [ -z "$pairs" ]; then
    for t in $langs; do
        for s in $langs; do
            [ -f "$bench/sets/$first/questions/$s-$t.txt" ] && pairs="$pairs $s-$t"
        done
    done
fi
# shellcheck disable=SC2046 # echo joins the words with single blanks
pairs=$(echo $(upper "$pairs"))
[ -n "$pairs" ] || die "no task pair found in '$bench/sets/$first/questions'"
targets=''
for p in $pairs; do
    case $p in [A-Z][A-Z]-[A-Z][A-Z]) ;; *) die "bad task pair '$p' (SRC-TGT, e.g. DE-EN)" ;; esac
    t=${p#*-}
    case " $targets " in *" $t "*) ;; *) targets="$targets $t" ;; esac
    for k in $sets $fit_sets; do
        [ -f "$bench/sets/$k/questions/$p.txt" ] || die "no '$bench/sets/$k/questions/$p.txt'"
        [ -f "$bench/sets/$k/gold/$t.gold" ] || die "no '$bench/sets/$k/gold/$t.gold'"
    done
done
targets=$(echo $targets)
config_names=
old_ifs=$IFS
IFS='
'
for line in $configs; do
    c=${line%%|*}
    case $c in '' | *[!A-Za-z0-9_-]*) die "bad option set '$line': NAME|FIT OPTIONS|RUN OPTIONS, NAME of letters, digits, - or _" ;; esac
    config_names="$config_names $c"
done
IFS=$old_ifs
config_names=$(echo $config_names)

# ---- setup: collection descriptions, option files, the environment of the steps ----------------
mkdir -p "$out/.matrix" "$out/conf" "$out/index"
# write_if_changed FILE: standard input into FILE unless FILE already holds exactly that (keeps its
# time, so the steps that depend on it are not redone)
write_if_changed() {
    cat >"$1.new"
    if cmp -s "$1.new" "$1"; then rm -f "$1.new"; else mv "$1.new" "$1"; fi
}
for t in $targets; do
    l=$(lower "$t")
    conf=
    if [ -d "$bench/corpora-config" ]; then
        for f in "$bench"/corpora-config/*.conf; do
            [ -f "$f" ] && [ "$(awk -F' *= *' '$1 == "language" { print $2 }' "$f")" = "$l" ] && conf=$f && break
        done
    fi
    if [ -n "$conf" ]; then
        cat "$conf" | write_if_changed "$out/conf/$l.conf"
        echo "$bench" | write_if_changed "$out/conf/$l.root"
    else
        ls "$bench/collections/$t"/*.sgml >/dev/null 2>&1 || die "no collection for $t: neither '$bench/corpora-config' nor '$bench/collections/$t/*.sgml'"
        printf '%s\n' "# written by matrix.sh for $bench (the xquad-clef layout)" "name = $name-$l" "language = $l" \
            "encoding = ISO-8859-1" "files = $bench/collections/$t/*.sgml" "doc = DOC" "docno = DOCNO" "text = TITLE TEXT" |
            write_if_changed "$out/conf/$l.conf"
        echo / | write_if_changed "$out/conf/$l.root"
    fi
done
IFS='
'
for line in $configs; do
    c=${line%%|*} rest=${line#*|}
    fo=${rest%%|*} ro=
    case $rest in *'|'*) ro=${rest#*|} ;; esac
    mkdir -p "$out/$c"
    # line 1 the name, 2 fit options, 3 run options, 4 the fitting sets (a model fitted on other sets
    # is another model: everything of the option set depends on this file)
    printf '%s\n%s\n%s\n%s\n' "$c" "$fo" "$ro" "$fit_sets" | write_if_changed "$out/$c/options"
done
IFS=$old_ifs
apertium=${XLQA_APERTIUM_DIR:-$out/apertium}
{
    echo "XLQA=$(q "$xlqa")"
    echo "BENCH=$(q "$bench")"
    echo "NAME=$(q "$name")"
    echo "LEXDIR=$(q "$lexdir")"
    echo "APERTIUM=$(q "$apertium")"
    echo "XLQA_LANG_DIR=$(q "$langdir")"
    echo "FIT_SETS=$(q "$fit_sets")"
    echo "SETS=$(q "$sets")"
    echo "PAIRS=$(q "$pairs")"
    echo "TARGETS=$(q "$targets")"
    echo "CONFIGS=$(q "$config_names")"
    echo "CONFIG_LINES=$(q "$configs")"
} | write_if_changed "$out/.matrix/env"

# pair_lexicons SRC-TGT: the lexicons a run of the pair reads: its own and, for a source other than
# English, the English fallback xlqa run opens when it is there (English to the target; to the source
# when the target is English). Both are inputs: a run made before the fallback existed differs.
pair_lexicons() {
    _s=$(lower "${1%-*}") _t=$(lower "${1#*-}")
    [ "$_s" != "$_t" ] || return 0
    echo "$_s-$_t"
    [ "$_s" != en ] || return 0
    if [ "$_t" = en ]; then echo "en-$_s"; else echo "en-$_t"; fi
}

# ---- the makefile -------------------------------------------------------------------------------
mk="$out/matrix.mk"
{
    echo "# written by matrix.sh: the steps of the matrix on $bench and their inputs"
    echo "M = sh $me --step $out"
    echo "all: $out/table.txt"
    for t in $targets; do
        l=$(lower "$t")
        root=$(cat "$out/conf/$l.root")
        # shellcheck disable=SC2046 # the configuration's globs, expanded under its data root
        collection=$(cd "$root" && ls -d $(awk -F' *= *' '$1 == "files" { print $2 }' "$out/conf/$l.conf") |
            awk -v r="$root" '/^\// { print; next } { print r "/" $0 }' | tr '\n' ' ')
        echo "$out/index/$l/index.xlqa: $out/conf/$l.conf $collection $xlqa"
        printf '\t@$(M) index %s\n' "$l"
    done
    lexicons=
    for p in $pairs; do
        for x in $(pair_lexicons "$p"); do
            case " $lexicons " in *" $x "*) continue ;; esac
            lexicons="$lexicons $x"
            # a lexicon that exists is used as it is (they take minutes and do not depend on the data)
            echo "$lexdir/$x.lex:"
            printf '\t@$(M) lexicon %s %s\n' "${x%-*}" "${x#*-}"
        done
    done
    scores=
    for c in $config_names; do
        opts="$out/$c/options"
        for p in $pairs; do
            s=${p%-*} t=${p#*-}
            lex=
            for x in $(pair_lexicons "$p"); do lex="$lex $lexdir/$x.lex"; done
            idx="$out/index/$(lower "$t")/index.xlqa"
            for k in $fit_sets; do
                echo "$out/$c/fit/features-$k-$s-$t.tsv: $idx $lex $bench/sets/$k/questions/$s-$t.txt $bench/sets/$k/gold/$t.gold $xlqa $opts"
                printf '\t@$(M) fitrun %s %s %s %s\n' "$c" "$k" "$s" "$t"
            done
            model=
            [ -z "$fit_sets" ] || model="$out/$c/model-$t.json"
            for k in $sets; do
                run="$out/$c/runs/$k/xlqa041$(lower "$s$t").txt"
                echo "$run: $idx $lex $bench/sets/$k/questions/$s-$t.txt $model $xlqa $opts"
                printf '\t@$(M) run %s %s %s %s\n' "$c" "$k" "$s" "$t"
                echo "$out/$c/scores/$k-$s-$t.tsv: $run $bench/sets/$k/gold/$t.gold $xlqa"
                printf '\t@$(M) score %s %s %s %s\n' "$c" "$k" "$s" "$t"
                scores="$scores $out/$c/scores/$k-$s-$t.tsv"
            done
        done
        [ -n "$fit_sets" ] || continue
        for t in $targets; do
            feats=
            for k in $fit_sets; do
                for p in $pairs; do
                    [ "${p#*-}" = "$t" ] && feats="$feats $out/$c/fit/features-$k-${p%-*}-$t.tsv"
                done
            done
            echo "$out/$c/model-$t.json: $feats $xlqa $opts"
            printf '\t@$(M) model %s %s\n' "$c" "$t"
        done
    done
    echo "$out/table.txt: $scores $out/.matrix/env"
    printf '\t@$(M) table\n'
} | write_if_changed "$mk"

# the steps still to do, by stage: indexes and lexicons, fitting runs, models, reported runs + scores
: >"$out/.matrix/todo"
make -n -f "$mk" all 2>/dev/null | awk '$3 == "--step" && $5 != "table" { print $5, $6, $7, $8, $9 }' >"$out/.matrix/todo" ||
    die "make cannot read '$mk'"
total=$(grep -c . "$out/.matrix/todo" || true)
if [ "$dry" = 1 ]; then
    echo "matrix: $total steps to do in $out:"
    cat "$out/.matrix/todo"
    exit 0
fi

# apertium listings for the lexicons still to build (once, before any step runs)
if grep -q '^lexicon' "$out/.matrix/todo" && [ ! -d "$apertium" ]; then
    # shellcheck disable=SC2046 # the languages are a word list
    sh "$top/scripts/apertium-listings.sh" "$apertium" $(lower "$langs") >&2 ||
        die "cannot write the Apertium listings the lexicons need"
fi

: >"$out/.matrix/progress"
start=$(date +%s)
monitor=
if [ "$quiet" = 0 ] && [ -t 2 ] && [ "$total" -gt 0 ]; then
    (
        while :; do
            sleep 1
            done_=$(wc -l <"$out/.matrix/progress")
            now=$(date +%s)
            awk -v d="$done_" -v n="$total" -v e=$((now - start)) 'BEGIN {
                printf "\r\033[Kmatrix: %d/%d steps, %d s elapsed", d, n, e
                if (d > 0 && d < n) printf ", about %d s left", e / d * (n - d)
            }' >&2
        done
    ) &
    monitor=$!
fi
stop_monitor() {
    if [ -n "$monitor" ]; then
        kill "$monitor" 2>/dev/null || true
        wait "$monitor" 2>/dev/null || true
        monitor=
        printf '\r\033[K' >&2
    fi
}
trap 'stop_monitor' EXIT INT TERM

if [ "$slurm" = 0 ]; then
    make -s -j "$jobs" -f "$mk" all || { stop_monitor; echo "matrix: failed; the logs are in $out/log" >&2; exit 1; }
else
    . "$top/scripts/matrix-slurm.sh"
    slurm_submit || { stop_monitor; exit 1; }
fi
stop_monitor
cat "$out/table.txt"
echo "matrix: $total steps done in $(($(date +%s) - start)) s; $out/table.txt, table.json, table.csv" >&2
