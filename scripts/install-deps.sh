#!/bin/sh
# Installs every Debian 12 package xlqa needs: the build tools, the -dev libraries (XGBoost's C API among
# them, for the gradient-boosted ranking), Check, the hunspell
# dictionaries for the eight languages Debian has them for (no Finnish), Snowball's libstemmer and the
# FreeDict and Apertium bilingual dictionaries for the CLEF source/target languages. Safe to run
# twice: when every package is installed already it says so and stops (no root, no apt-get);
# otherwise it names the missing ones and, as root, installs just those.
# With --bench, or XLQA_BENCH_DEPS=1 in the environment, it also installs what bench/index-xapian.sh and
# bench/scale.sh compare against: Xapian's Python bindings and tools (left out by default so CI stays quick).
# usage: sh scripts/install-deps.sh [--bench]
set -eu

with_bench=${XLQA_BENCH_DEPS:-0}
case ${1:-} in
'') ;;
--bench) with_bench=1 ;;
*) echo "usage: install-deps.sh [--bench]" >&2; exit 2 ;;
esac

build="build-essential autoconf automake libtool pkg-config gettext autopoint time"
# the fuzz targets of tests/fuzz: clang and its libFuzzer runtime
fuzz="clang libclang-rt-14-dev"
libs="libicu-dev libxml2-dev libhunspell-dev check zlib1g-dev libstemmer-dev libjansson-dev libxgboost-dev"
hunspell="hunspell-bg hunspell-de-de hunspell-en-us hunspell-es hunspell-fr hunspell-it hunspell-nl hunspell-pt-pt"
freedict="dict-freedict-deu-bul dict-freedict-deu-eng dict-freedict-deu-fin dict-freedict-deu-fra
 dict-freedict-deu-ita dict-freedict-deu-nld dict-freedict-deu-por dict-freedict-deu-spa
 dict-freedict-eng-bul dict-freedict-eng-deu dict-freedict-eng-fin dict-freedict-eng-fra
 dict-freedict-eng-ita dict-freedict-eng-nld dict-freedict-eng-por dict-freedict-eng-spa
 dict-freedict-fin-bul dict-freedict-fin-deu dict-freedict-fin-eng dict-freedict-fin-fra
 dict-freedict-fin-ita dict-freedict-fin-nld dict-freedict-fin-por
 dict-freedict-fra-bul dict-freedict-fra-deu dict-freedict-fra-eng dict-freedict-fra-fin
 dict-freedict-fra-ita dict-freedict-fra-nld dict-freedict-fra-por dict-freedict-fra-spa
 dict-freedict-ita-bul dict-freedict-ita-deu dict-freedict-ita-eng dict-freedict-ita-fin
 dict-freedict-ita-por dict-freedict-ita-spa
 dict-freedict-nld-bul dict-freedict-nld-deu dict-freedict-nld-eng dict-freedict-nld-fin
 dict-freedict-nld-fra dict-freedict-nld-ita dict-freedict-nld-por dict-freedict-nld-spa
 dict-freedict-por-deu dict-freedict-por-eng dict-freedict-por-fra dict-freedict-por-spa
 dict-freedict-spa-deu dict-freedict-spa-eng dict-freedict-spa-por"
# Apertium's bilingual dictionaries between CLEF languages, and lt-proc to list them
# (scripts/apertium-listings.sh): English-Spanish, and Spanish with French, Italian and Portuguese.
# The same packages translate whole questions (xlqa run and ask by default, xlqa translate --mt):
# apertium and apertium-lex-tools run their pipelines.
apertium="lttoolbox apertium apertium-lex-tools apertium-eng-spa apertium-fr-es apertium-spa-ita apertium-es-pt"
# the matrix's Slurm back end and its test (tests/cli/slurm.test starts a one-node cluster): the
# controller, the node daemon, sbatch/sinfo, and munge, which authenticates them to each other
slurm="munge slurmctld slurmd slurm-client"
# the HTML report's test (tests/cli/report.test) opens the page in a headless browser
browser="chromium"
# benchmarks only: python3-xapian is what bench/xapian-index.py and bench/xapian-search.py drive; xapian-tools adds
# xapian-compact and xapian-delve for looking at the database it builds.
benchmarks="python3-xapian xapian-tools"
[ "$with_bench" = 1 ] || benchmarks=

# shellcheck disable=SC2086 # the lists are word lists on purpose
wanted=$(echo $build $fuzz $libs $hunspell $freedict $apertium $slurm $browser $benchmarks)

# Nothing to do, and no root or network needed, when every package is installed already.
installed=" $(dpkg-query -W -f='${db:Status-Status} ${Package}\n' $wanted 2>/dev/null |
    awk '$1 == "installed" { printf "%s ", $2 }')"
missing=
for p in $wanted; do
    case $installed in
    *" $p "*) ;;
    *) missing="$missing $p" ;;
    esac
done
if [ -z "$missing" ]; then
    echo "install-deps.sh: every package is installed"
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps.sh: missing packages:$missing" >&2
    echo "install-deps.sh: run as root to install them (apt-get installs system packages)" >&2
    exit 1
fi
echo "install-deps.sh: installing the missing packages:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086 # the list is a word list on purpose
apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "install-deps.sh: installed"
