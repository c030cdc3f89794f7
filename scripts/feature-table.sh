#!/bin/sh
# Prints the Markdown table of the answering features, one line per row of
# include/xlqa/answer-features.h (the list that also builds the enum and the names), for the
# "All features in order" table of doc/answering.md; tests/cli/features.test checks that they agree.
#   usage: scripts/feature-table.sh [CPP]   (CPP: the C preprocessor, default "cc -E")
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cpp=${1:-cc -E}
echo '| index | feature | what it measures |'
echo '|---|---|---|'
# each row becomes one line "@@name|names|help", strings still in C's quotes; names (a block's
# string literals, each followed by a comma) tells how many features the row makes
# shellcheck disable=SC2086 # CPP may be a command with options
printf '%s\n' '#include "xlqa/answer-features.h"' \
    '#define R(id, name, help) @@name|name,|help' \
    '#define B(id, pattern, count, names, help) @@pattern|names|help' \
    'XLQA_ANSWER_FEATURE_LIST(R, B)' |
    $cpp -P -I"$top/include" - |
    sed -n 's/@@/\n/gp' | sed '/^[[:space:]]*$/d' |
    awk -F'|' '
    function unquote(s) { sub(/^[ \t]*"/, "", s); sub(/"[ \t]*$/, "", s); gsub(/\\"/, "\"", s); return s }
    {
        count = gsub(/,/, ",", $2)
        help = $3; for (j = 4; j <= NF; j++) help = help "|" $j
        printf "| %s | %s | %s |\n", count == 1 ? i + 0 : i "-" (i + count - 1), unquote($1), unquote(help)
        i += count
    }'
