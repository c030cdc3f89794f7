#!/bin/sh
# The development protocol (doc/protocol.md): estimates of how a ranking choice does on data its model
# never saw, from feature tables alone, so every choice (a feature, a learner, a penalty, a threshold
# rule) is made on them and never on the reported sets.
#   usage: bench/protocol.sh BUILD_DIR [SHARED_DIR] [STAGE...]
# Stages (default: tables cv loto lobo):
#   tables  index the benchmarks' collections (xquad-clef EN DE ES, piaf-clef FR), build the pair
#           lexicons, and answer every set of every pair into a feature table (no model is needed:
#           the candidates and their features do not depend on one); question ids become
#           BENCH/SET/SRC-TGT/NUMBER, and groups.tsv maps BENCH/SET/NUMBER to the article its gold
#           document comes from (a NIL question is a group of its own). Two tables a set: answers/
#           holds what `xlqa run` answers by default (with Apertium where it has the pair and is
#           installed: EN-ES and ES-EN here), which every stage measures; tables/ holds the lexicon
#           alone's (--no-mt), which every model is fitted on, as `make bench` and `make models`
#           fit them. Where a run used no Apertium, answers/ links to tables/.
#   cv      grouped cross-validation on the development sets (xquad-clef 1-2, piaf-clef 1-5): a
#           question's rows in every pair and every question about the same article fall in one fold;
#           one model a target language, as bench/run.sh fits them; REPEATS fold assignments.
#   loto    leave one target language out: the language-independent model fitted on the development
#           sets of three targets answers the fourth target's development sets, fold by fold (the
#           xquad-clef targets share their questions, so the answered fold's groups are held out too).
#   lobo    leave one benchmark out: fitted on xquad-clef's development sets (all targets, and English
#           alone), reported on piaf-clef's development sets; fitted on piaf-clef's, reported on
#           xquad-clef's.
#   models  the default models into MODELS_DIR (default: the tree's models/): one a target language
#           the benchmarks cover, fitted on its development sets (en, de, es: xquad-clef 1-2; fr:
#           piaf-clef 1-5), and the language-independent any.model.json on all four targets' development
#           sets. `make models` runs tables and models.
#   insample  each target's model fitted on its development sets answers those same sets: no
#           estimate of unseen data, but what the features and learner reach on the data they were
#           fitted on, a ceiling for the estimates (FIT_OPTS picks the learner, as for cv).
#   report  the reported sets, once a choice is made: xquad-clef 3-5 with the models of sets 1-2 (one a
#           target), piaf-clef 6-10 with the French model of sets 1-5 and with the language-independent
#           model fitted without French.
# Every table line says what fitted the model and what it answered. Measures come from
# `xlqa calibrate apply --questions` (the response `xlqa run` writes, judged by the table's labels):
# accuracy, CWS (responses sorted by confidence, ties in table order), K1, ECE (10 bins), NIL
# precision and recall, per pair and set, then means over a pair's sets and over the pairs.
# The responses behind each measuring stage's table, one line a question (id, gold NIL, answered NIL,
# right, confidence), go to OUT/results/TAG-STAGE.responses, for question-by-question comparisons.
# Environment: OUT (default BUILD_DIR/protocol; tables are reused when present), FIT_OPTS (default
# --ranking), RUN_OPTS (more options of the tables' `xlqa run`, such as --candidates 50; not --mt
# or --no-mt, which the stage sets), GROUPED (1: the
# calibration cross-fitted by article), POOLED (1: cv fits one model on all four targets' other
# folds instead of one a target), TRAIN_SHARE (cv, loto: fit on this share, in (0, 1], of the other
# folds' groups, for a learning curve; default 1), FOLDS (5), REPEATS ("1 2 3"), TAG (a name for
# this state, default "current": results go to OUT/results/TAG-STAGE.tsv, so two states are
# compared on the same folds).
set -eu
# collection titles and question ids are bytes (Latin-1 titles): compare and hash them as bytes
LC_ALL=C
export LC_ALL
build=$(cd "${1:?usage: bench/protocol.sh BUILD_DIR [SHARED_DIR] [STAGE...]}" && pwd)
shift
top=$(cd "$(dirname "$0")/.." && pwd)
shared="$top/../shared"
if [ $# -gt 0 ] && [ -d "$1" ]; then
    shared=$1
    shift
fi
shared=$(cd "$shared" && pwd)
stages=${*:-tables cv loto lobo}
xlqa="$build/xlqa"
out=${OUT:-$build/protocol}
fit_opts=${FIT_OPTS---ranking}
run_opts=${RUN_OPTS:-}
folds=${FOLDS:-5}
repeats=${REPEATS:-1 2 3}
tag=${TAG:-current}
train_share=${TRAIN_SHARE:-1}
case $train_share in
    1 | 0.[0-9]*) ;;
    *) echo "bench/protocol.sh: TRAIN_SHARE needs a share in (0, 1], such as 0.5, not '$train_share'" >&2; exit 2 ;;
esac
XLQA_LANG_DIR=${XLQA_LANG_DIR:-$top/lang}
XLQA_CORPORA_DIR=${XLQA_CORPORA_DIR:-$top/corpora-config}
export XLQA_LANG_DIR XLQA_CORPORA_DIR
lexicons=${XLQA_LEXICON_DIR:-$out/lexicon}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out/tables" "$out/answers" "$out/results"
xq="$shared/bench/xquad-clef"
pf="$shared/bench/piaf-clef"
lower() { echo "$1" | tr 'A-Z' 'a-z'; }
fit_lang= fit_on= # the models stage's --lang and --fitted-on

# ---- tables ------------------------------------------------------------------------------------

# index NAME LANG: the index of collection NAME (corpora-config) into $out/index-LANG, unless built
index_of() {
    [ -f "$out/index-$2/index.xlqa" ] ||
        "$xlqa" index --quiet --data-root "$(dirname "$shared")" --out "$out/index-$2" "$1" >/dev/null
}

# run_table FILE BENCH DIR SET SRC TGT [OPTION...]: answers one test set into the feature table FILE,
# ids rewritten, with the run's standard error in $tmp/err (and passed on)
run_table() {
    f=$1 b=$2 d=$3 k=$4 s=$5 t=$6
    shift 6
    # shellcheck disable=SC2086 # RUN_OPTS is a word list on purpose
    "$xlqa" run --no-model "$@" $run_opts --index "$out/index-$(lower "$t")" --questions "$d/sets/$k/questions/$s-$t.txt" \
        --tag "xlqa041$(lower "$s$t")" --lexicon-dir "$lexicons" --out "$tmp/run.txt" \
        --gold "$d/sets/$k/gold/$t.gold" --features-out "$tmp/f.tsv" 2>"$tmp/err" || { cat "$tmp/err" >&2; return 1; }
    cat "$tmp/err" >&2
    awk -v p="$b/$k/$s-$t/" 'NR == 1 { print; next } { print p $0 }' "$tmp/f.tsv" >"$f.tmp"
    mv "$f.tmp" "$f"
}

# table BENCH DIR SET SRC TGT: one test set's tables, answers/BENCH-SET-SRC-TGT.tsv as `xlqa run`
# answers by default and tables/BENCH-SET-SRC-TGT.tsv with the lexicon alone (the same file, linked,
# when the default used no Apertium)
table() {
    name="$1-$3-$4-$5.tsv"
    [ -s "$out/tables/$name" ] && [ -s "$out/answers/$name" ] && return 0
    run_table "$out/answers/$name" "$@"
    if grep -q 'warning: Apertium failed' "$tmp/err"; then
        rm -f "$out/answers/$name"
        echo "bench/protocol.sh: Apertium failed while answering $name (above): the table would mix translations" >&2
        return 1
    fi
    if grep -q 'translating with the lexicon and Apertium' "$tmp/err"; then
        [ -s "$out/tables/$name" ] || run_table "$out/tables/$name" "$@" --no-mt
    else
        [ -s "$out/tables/$name" ] || mv "$out/answers/$name" "$out/tables/$name"
        ln -sfn "../tables/$name" "$out/answers/$name"
    fi
}

# groups BENCH DIR COLLECTION SETS...: BENCH/SET/NUMBER TAB the title of its gold document's article
groups() {
    b=$1 d=$2 c=$3
    shift 3
    for s in "$@"; do
        for g in "$d/sets/$s/gold/"*.gold; do
            awk -v b="$b" -v s="$s" -F'\t' '
                FILENAME == c { if (match($0, /<DOCNO>[^<]*/)) no = substr($0, RSTART + 7, RLENGTH - 7)
                                if (match($0, /<TITLE>[^<]*/)) title[substr(no, length(no) - 4)] = substr($0, RSTART + 7, RLENGTH - 7)
                                next }
                { key = b "/" s "/" $1
                  if ($2 == "NIL") print key "\tnil:" key
                  else print key "\t" b ":" title[substr($2, length($2) - 4)] }' c="$c" "$c" "$g"
            break # the gold documents of every target are the same paragraphs
        done
    done
}

stage_tables() {
    index_of xquad-en en
    index_of xquad-de de
    index_of xquad-es es
    index_of piaf-fr fr
    . "$top/bench/pair-lexicon.sh"
    for s in EN DE ES; do
        for t in EN DE ES; do
            pair_lexicon "$s" "$t" "$tmp"
        done
    done
    for set_ in 1 2 3 4 5; do
        for s in EN DE ES; do
            for t in EN DE ES; do
                table xq "$xq" "$set_" "$s" "$t"
            done
        done
    done
    for set_ in 1 2 3 4 5 6 7 8 9 10; do
        table pf "$pf" "$set_" FR FR
    done
    { groups xq "$xq" "$xq/collections/EN/xquad-en.sgml" 1 2 3 4 5
      groups pf "$pf" "$pf/collections/FR/piaf-fr.sgml" 1 2 3 4 5 6 7 8 9 10; } >"$out/groups.tsv"
    echo "protocol: $(ls "$out/tables" | wc -l) feature tables in $out/tables, $(find "$out/answers" -type f |
        wc -l) of them answered otherwise in $out/answers (Apertium), $(cut -f2 "$out/groups.tsv" | sort -u | wc -l) groups"
}

# ---- fitting and measuring ------------------------------------------------------------------------

# pool FILE TABLE...: the tables' rows under one header
pool() {
    f=$1
    shift
    head -n 1 "$1" >"$f"
    for _pt in "$@"; do
        tail -n +2 "$_pt"
    done >>"$f"
}

# tables_of BENCH SETS TARGETS [KIND]: the paths of those feature tables (every source of each target),
# the fitting tables, or with KIND answers the answered ones
tables_of() {
    for _ts in $2; do
        for _tt in $3; do
            ls "$out/${4:-tables}/$1-$_ts-"*"-$_tt.tsv"
        done
    done
}

# fit MODEL TABLE: fits a model and prints the NIL confidence its fitting tables give (the NIL
# precision of fit's evaluation block, as bench/run.sh uses it). With GROUPED=1 the calibration's
# cross-fitting is grouped by article (calibrate fit --groups).
fit() {
    groups_opt=
    if [ "${GROUPED:-0}" = 1 ]; then
        awk -F'\t' 'FILENAME == g { group[$1] = $2; next }
            FNR > 1 && !seen[$1]++ { split($1, k, "/"); print $1 "\t" group[k[1] "/" k[2] "/" k[4]] }' \
            g="$out/groups.tsv" "$out/groups.tsv" "$2" >"$tmp/fit-groups.tsv"
        groups_opt="--groups $tmp/fit-groups.tsv"
    fi
    # shellcheck disable=SC2086 # the option lists are word lists on purpose
    "$xlqa" calibrate fit $fit_opts $groups_opt ${fit_lang:+--lang "$fit_lang"} ${fit_on:+--fitted-on "$fit_on"} \
        --features "$2" --out "$1" | awk '$1 == "nil_precision" { print $2 }'
}

# answer MODEL NILC TABLE: the responses to the table's questions, "id gold_nil nil right confidence"
answer() {
    "$xlqa" calibrate apply --model "$1" --features "$3" --questions --nil-confidence "$2" |
        awk -F'\t' 'FILENAME == t { if (FNR > 1) g[$1] = $2; next }
                    FNR > 1 { print $1 "\t" g[$1] "\t" ($3 == "NIL") "\t" $4 "\t" $5 }' t="$3" "$3" -
}

# keep: passes response lines through, appending them to $out/results/$tag-$stage.responses (one file a
# state and stage, emptied when the stage starts), so two states can be compared question by question
keep() {
    tee -a "$out/results/$tag-$stage.responses"
}

# measure LABEL: reads response lines (id gold_nil nil right confidence) and prints one line a pair:
# the measures averaged over its sets, then the mean over the pairs
measure() {
    awk -F'\t' -v label="$1" '
        { split($1, k, "/"); run = k[1] "/" k[2] "/" k[3]; pair = k[1] ":" k[3]
          if (!(run in n)) { runs[++nr] = run; runpair[run] = pair; if (!(pair in np)) pairs[++npairs] = pair; np[pair]++ }
          i = ++n[run]; conf[run, i] = $5; right[run, i] = $4
          r[run] += $4; k1[run] += ($4 ? 1 : -1) * $5
          if ($3) { nilans[run]++; nilok[run] += $2 }
          gnil[run] += $2
          b = int($5 * 10); if (b > 9) b = 9; bn[run, b]++; bc[run, b] += $5; br[run, b] += $4 }
        END {
          for (j = 1; j <= nr; j++) {
              run = runs[j]; q = n[run]
              # CWS: stable sort by confidence, highest first (insertion sort keeps ties in order)
              for (a = 1; a <= q; a++) idx[a] = a
              for (a = 2; a <= q; a++) { v = idx[a]; c = a - 1
                  while (c >= 1 && conf[run, idx[c]] < conf[run, v]) { idx[c + 1] = idx[c]; c-- }
                  idx[c + 1] = v }
              cws = 0; seen = 0
              for (a = 1; a <= q; a++) { seen += right[run, idx[a]]; cws += seen / a }
              ece = 0
              for (b = 0; b < 10; b++) if (bn[run, b]) ece += bn[run, b] / q * (bc[run, b] / bn[run, b] - br[run, b] / bn[run, b] > 0 ? bc[run, b] / bn[run, b] - br[run, b] / bn[run, b] : br[run, b] / bn[run, b] - bc[run, b] / bn[run, b])
              p = runpair[run]
              m[p, 1] += r[run] / q; m[p, 2] += cws / q; m[p, 3] += k1[run] / q; m[p, 4] += ece
              m[p, 5] += nilans[run] ? nilok[run] / nilans[run] : 0; m[p, 6] += gnil[run] ? nilok[run] / gnil[run] : 0
              qs[p] += q
          }
          for (j = 1; j <= npairs; j++) {
              p = pairs[j]
              printf "%s\t%s\t%d\t%d", label, p, np[p], qs[p]
              for (c = 1; c <= 6; c++) { printf "\t%.3f", m[p, c] / np[p]; mean[c] += m[p, c] / np[p] }
              printf "\n"
          }
          printf "%s\tmean\t-\t-", label
          for (c = 1; c <= 6; c++) printf "\t%.3f", mean[c] / npairs
          printf "\n"
        }'
}

header() {
    printf 'fitted on -> answered\tpair\truns\tquestions\taccuracy\tCWS\tK1\tECE\tNIL-P\tNIL-R\n'
}

# fit_answer LABEL FIT_TABLES ANSWER_TABLES: one model on the first list, measured on the second
fit_answer() {
    # shellcheck disable=SC2086 # the lists are word lists on purpose
    pool "$tmp/fit.tsv" $2
    nilc=$(fit "$tmp/model.json" "$tmp/fit.tsv")
    for t in $3; do
        answer "$tmp/model.json" "$nilc" "$t"
    done | keep | measure "$1"
}

# ---- cv ------------------------------------------------------------------------------------------

# The awk both folds and shares read a pool with: the groups file read first (group_of), and
# group_hash(G, SEED, MUL), a hash of a group's name as bytes (so a fold or share depends only on
# the group and the seed, the same in every target and pool)
group_awk='
    BEGIN { p = 1000003; for (i = 32; i < 127; i++) ord[sprintf("%c", i)] = i }
    FILENAME == groups { group[$1] = $2; next }
    function group_of(id,    k_) { split(id, k_, "/"); return group[k_[1] "/" k_[2] "/" k_[4]] }
    function group_hash(g, seed, mul,    h, i) {
        h = seed
        for (i = 1; i <= length(g); i++) h = (h * mul + ord[substr(g, i, 1)] + 1) % p
        for (i = 0; i < 3; i++) h = (h * h + seed) % p
        return h }'

# split K R POOL: rows of POOL whose group falls in fold K of assignment R into $tmp/test.tsv, the rest
# into $tmp/train.tsv (the fold hashes the group's name from the repeat as seed, as bench/cv.sh does)
split_fold() {
    awk -F'\t' -v K="$folds" -v k="$1" -v r="$2" -v train="$tmp/train.tsv" -v test="$tmp/test.tsv" "$group_awk"'
        FNR == 1 { print > train; print > test; next }
        { g = group_of($1)
          if (!(g in fold)) fold[g] = group_hash(g, r, 31) % K
          print > (fold[g] == k ? test : train) }' groups="$out/groups.tsv" "$out/groups.tsv" "$3"
}

# thin_train R: keeps in $tmp/train.tsv the rows of a TRAIN_SHARE of its groups, drawn by a hash of
# the group's name seeded apart from the folds' (so a share's groups do not follow the fold), the same
# groups for every fold of assignment R and every target: a learning curve over the fitting data
thin_train() {
    awk -F'\t' -v share="$train_share" -v r="$1" "$group_awk"'
        FNR == 1 { print; next }
        { g = group_of($1)
          if (!(g in keep)) keep[g] = group_hash(g, r + 7919, 37) % 1000 < share * 1000
          if (keep[g]) print }' groups="$out/groups.tsv" "$out/groups.tsv" "$tmp/train.tsv" >"$tmp/train-share.tsv"
    mv "$tmp/train-share.tsv" "$tmp/train.tsv"
}

# held_out_folds REPEAT FIT_POOL ANSWER_POOL: fold by fold (assignment REPEAT), the model fitted on
# FIT_POOL's rows of the other folds answers ANSWER_POOL's rows of the held-out fold (the same pool
# for cross-validation; another target's for loto), writing response lines
held_out_folds() {
    k=0
    while [ "$k" -lt "$folds" ]; do
        split_fold "$k" "$1" "$2"
        [ "$train_share" = 1 ] || thin_train "$1"
        nilc=$(fit "$tmp/model.json" "$tmp/train.tsv")
        [ "$3" = "$2" ] || split_fold "$k" "$1" "$3"
        answer "$tmp/model.json" "$nilc" "$tmp/test.tsv"
        k=$((k + 1))
    done
}

stage_cv() {
    result="$out/results/$tag-cv.tsv"
    header >"$result"
    if [ "${POOLED:-0}" = 1 ]; then
        stage_cv_pooled "$result"
        return
    fi
    for r in $repeats; do
        for t in EN DE ES FR; do
            # shellcheck disable=SC2046 # the list is a word list on purpose
            pool "$tmp/pool.tsv" $(dev_tables "$t")
            held_out_folds "$r" "$tmp/pool.tsv" "$(answer_pool "$tmp/answer.tsv" "$tmp/pool.tsv" "$t")"
        done | keep | measure "cv$r: other folds, same target -> held-out fold" >>"$result"
    done
    summarise "$result"
}

# stage_cv_pooled RESULT: POOLED=1: one model for every target, fitted on the other folds of all four
# targets' development sets, answers each target's held-out fold (the fold of a question is the same
# in every target, as its group is)
stage_cv_pooled() {
    # shellcheck disable=SC2046 # the list is a word list on purpose
    pool "$tmp/pool.tsv" $(dev_tables "EN DE ES FR")
    answers=$(answer_pool "$tmp/answer.tsv" "$tmp/pool.tsv" "EN DE ES FR")
    for r in $repeats; do
        held_out_folds "$r" "$tmp/pool.tsv" "$answers" | keep | measure "cv$r pooled: other folds, all targets -> held-out fold" >>"$1"
    done
    summarise "$1"
}

# answer_pool FILE FIT_POOL TARGETS: the pool the development tables of TARGETS are answered from:
# FIT_POOL when every answered table links to its fitting table (no Apertium: the same rows, so
# held_out_folds splits them once), else FILE, pooled from the answered tables
answer_pool() {
    for _ap in $(dev_tables "$3" answers); do
        if [ ! -L "$_ap" ]; then
            # shellcheck disable=SC2046 # the list is a word list on purpose
            pool "$1" $(dev_tables "$3" answers)
            echo "$1"
            return
        fi
    done
    echo "$2"
}

# ---- loto and lobo -------------------------------------------------------------------------------

dev_tables() { # TARGETS [KIND]: the development tables of those targets (as tables_of)
    for _dt in $1; do
        if [ "$_dt" = FR ]; then tables_of pf "1 2 3 4 5" FR "${2:-}"; else tables_of xq "1 2" "$_dt" "${2:-}"; fi
    done
}

# xquad-clef is parallel: its targets share the same questions and articles, so a model fitted on the
# other targets has seen the left-out target's questions in other languages. loto therefore holds out
# groups too: on each fold, the model fitted on the other targets' rows of the other folds answers the
# left-out target's rows of that fold (one repeat: the first of REPEATS).
stage_loto() {
    result="$out/results/$tag-loto.tsv"
    header >"$result"
    r=${repeats%% *}
    for t in EN DE ES FR; do
        others=$(echo EN DE ES FR | tr ' ' '\n' | grep -vx "$t" | tr '\n' ' ')
        # shellcheck disable=SC2046 # the lists are word lists on purpose
        pool "$tmp/others.tsv" $(dev_tables "$others")
        # shellcheck disable=SC2046
        pool "$tmp/target.tsv" $(dev_tables "$t" answers)
        held_out_folds "$r" "$tmp/others.tsv" "$tmp/target.tsv" | keep | measure "dev of ${others% }(other folds) -> dev of $t (held-out fold)" >>"$result"
    done
    summarise "$result"
}

stage_lobo() {
    result="$out/results/$tag-lobo.tsv"
    header >"$result"
    fit_answer "xquad dev (EN DE ES) -> piaf dev" "$(dev_tables "EN DE ES")" "$(dev_tables FR answers)" >>"$result"
    fit_answer "xquad dev (EN) -> piaf dev" "$(dev_tables EN)" "$(dev_tables FR answers)" >>"$result"
    fit_answer "piaf dev (FR) -> xquad dev" "$(dev_tables FR)" "$(dev_tables "EN DE ES" answers)" >>"$result"
    summarise "$result"
}

# The fit on the data it answers: each target's model, as the models stage fits it, answering its
# own development tables; then the language-independent one on all four targets'
stage_insample() {
    result="$out/results/$tag-insample.tsv"
    header >"$result"
    for t in EN DE ES FR; do
        # shellcheck disable=SC2046 # the list is a word list on purpose
        pool "$tmp/fit.tsv" $(dev_tables "$t")
        nilc=$(fit "$tmp/model.json" "$tmp/fit.tsv")
        for table in $(dev_tables "$t" answers); do
            answer "$tmp/model.json" "$nilc" "$table"
        done
    done | keep | measure "dev of each target -> the same (in-sample)" >>"$result"
    fit_answer "dev of EN DE ES FR -> the same (in-sample)" "$(dev_tables "EN DE ES FR")" \
        "$(dev_tables "EN DE ES FR" answers)" >>"$result"
    summarise "$result"
}

stage_report() {
    result="$out/results/$tag-report.tsv"
    header >"$result"
    for t in EN DE ES; do
        fit_answer "xquad 1-2 ($t) -> xquad 3-5" "$(tables_of xq "1 2" "$t")" "$(tables_of xq "3 4 5" "$t" answers)"
    done | grep -v '	mean	' >>"$result"
    fit_answer "piaf 1-5 (FR) -> piaf 6-10" "$(tables_of pf "1 2 3 4 5" FR)" \
        "$(tables_of pf "6 7 8 9 10" FR answers)" | grep -v '	mean	' >>"$result"
    fit_answer "xquad 1-2 (EN DE ES, no FR) -> piaf 6-10" "$(dev_tables "EN DE ES")" \
        "$(tables_of pf "6 7 8 9 10" FR answers)" | grep -v '	mean	' >>"$result"
    summarise "$result"
}

# summarise RESULT: the result table, aligned, and the mean of the cv repeats' means when there are several
summarise() {
    echo "== $(basename "$1" .tsv) (FIT_OPTS: $fit_opts; GROUPED: ${GROUPED:-0})"
    column -t -s '	' "$1"
    awk -F'\t' '$2 == "mean" && $1 ~ /^cv/ { n++; for (c = 5; c <= 10; c++) m[c] += $c }
        END { if (n > 1) { printf "cv mean of %d repeats: accuracy %.3f CWS %.3f K1 %.3f ECE %.3f\n", n, m[5] / n, m[6] / n, m[7] / n, m[8] / n } }' "$1"
}

stage_models() {
    dir=${MODELS_DIR:-$top/models}
    mkdir -p "$dir"
    for target in EN DE ES FR any; do
        if [ "$target" = any ]; then
            # shellcheck disable=SC2046 # the list is a word list on purpose
            pool "$tmp/fit.tsv" $(dev_tables "EN DE ES FR")
        else
            # shellcheck disable=SC2046
            pool "$tmp/fit.tsv" $(dev_tables "$target")
        fi
        if [ "$target" = any ]; then
            fit_lang='*' fit_on="xquad-clef sets 1-2 (targets EN DE ES), piaf-clef sets 1-5 (FR)"
        elif [ "$target" = FR ]; then
            fit_lang=fr fit_on="piaf-clef sets 1-5 (FR-FR)"
        else
            fit_lang=$(lower "$target") fit_on="xquad-clef sets 1-2 (target $target, sources EN DE ES)"
        fi
        fit "$dir/$(lower "$target").model.json" "$tmp/fit.tsv" >/dev/null
        echo "protocol: $dir/$(lower "$target").model.json fitted on $fit_on"
    done
    fit_lang= fit_on=
}

for stage in $stages; do
    case $stage in
    tables | models) "stage_$stage" ;;
    cv | loto | lobo | insample | report)
        if [ -z "$(ls "$out/answers")" ]; then
            echo "bench/protocol.sh: $out/answers is empty: run the tables stage first (it makes the answered tables)" >&2
            exit 1
        fi
        : >"$out/results/$tag-$stage.responses"
        "stage_$stage" ;;
    *) echo "bench/protocol.sh: unknown stage '$stage' (tables, cv, loto, lobo, insample, report, models)" >&2; exit 2 ;;
    esac
done
