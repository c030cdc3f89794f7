#!/bin/sh
# The README's main command: sets up a fresh Debian 12 machine (as root), builds xlqa and runs its
# main job on the bundled samples. Until the QA pipeline exists the main job is `xlqa analyze`: each
# sample in its language, and the ISO-8859-1 German sample decoded as CLEF collections are.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh scripts/install-deps.sh
./bootstrap >/dev/null
mkdir -p build
cd build
../configure -q
make -j2 >/dev/null
XLQA_LANG_DIR="$top/lang"
export XLQA_LANG_DIR
./xlqa langs
for lang in bg de en es fi fr it nl pt; do
    echo
    ./xlqa analyze --lang "$lang" "$top/samples/$lang.txt"
done
echo
./xlqa analyze --lang de --encoding ISO-8859-1 --format tsv "$top/samples/de-latin1.txt" | head -12
