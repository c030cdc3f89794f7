#!/bin/sh
# The README's test command: sets up a fresh Debian 12 machine (as root), builds with
# AddressSanitizer and UndefinedBehaviorSanitizer and warnings as errors, runs `make check`, a short
# smoke run of every fuzz target (clang), then `make distcheck` (tarball built out of tree, tests
# included). .ci/run runs exactly this.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh scripts/install-deps.sh
# The tests write to /dev/null and read from it. Some containers give a regular file there, which
# every `>/dev/null` of one test fills and a `</dev/null` of another then reads: the null device is
# put back after the install, before the build and the tests (as root; otherwise a warning, and the
# tests may see that text).
if [ ! -c /dev/null ]; then
    echo "test.sh: /dev/null is not the null device; recreating it" >&2
    if ! { rm -f /dev/null && mknod -m 666 /dev/null c 1 3; }; then
        echo "test.sh: cannot recreate /dev/null (root needed); tests may read stray text from it" >&2
    fi
fi
./bootstrap >/dev/null

# Prints each test program's own summary and one closing count over all of them.
summarise() {
    awk '
        /^[0-9]+%: Checks: / { print; gsub(",", ""); c = $3; f = $5; e = $7; p += c - f - e; n += f + e }
        /^(# )?[0-9]+ passed, [0-9]+ failed$/ { sub(/^# /, ""); p += $1; n += $3; print FILENAME ": " $0 }
        END { printf "tests: %d passed, %d failed\n", p, n }
    ' "$@"
}

rm -rf build-san build-dist
mkdir build-san
(
    cd build-san
    ../configure -q --enable-asan --enable-ubsan --enable-werror
    make -j2 >/dev/null
    if ! make -j2 check >/dev/null 2>&1; then
        cat test-suite.log
        summarise tests/unit/check_xlqa.log tests/cli/*.log
        exit 1
    fi
    echo "make check under ASan+UBSan: passed"
    summarise tests/unit/check_xlqa.log tests/cli/*.log
)
# Fuzz smoke test: every libFuzzer target of tests/fuzz (clang, ASan+UBSan) for a few seconds from its
# seeds; a crash fails the run and leaves its input in build-fuzz/fuzz-work/crashes.
rm -rf build-fuzz
mkdir build-fuzz
(
    cd build-fuzz
    CC=clang ../configure -q --enable-fuzz --enable-asan --enable-ubsan --disable-shared
    make -j2 >/dev/null
    start=$(date +%s)
    make -s fuzz FUZZ_SECONDS="${XLQA_FUZZ_SECONDS:-5}"
    echo "fuzz smoke test: passed in $(($(date +%s) - start)) s"
)
mkdir build-dist
(
    cd build-dist
    ../configure -q --enable-werror
    make -j2 distcheck DISTCHECK_CONFIGURE_FLAGS=--enable-werror >distcheck.log 2>&1 || {
        tail -60 distcheck.log
        exit 1
    }
    grep -A2 'archives ready for distribution' distcheck.log
)
