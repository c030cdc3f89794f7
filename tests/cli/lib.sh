# tests/cli/lib.sh: the setup and checks every tests/cli/*.test shares, sourced first thing
# (`. "$XLQA_TEST_DATA/cli/lib.sh"`, as jq's tests source tests/setup). It makes a scratch directory
# $tmp, removed on exit, and counts the checks:
#   ok NAME / not_ok NAME          count one check (TAP-like lines)
#   run ARGS...                    xlqa ARGS (through $XLQA_WRAP), stdout in $tmp/out, stderr in $tmp/err
#   check NAME COMMAND...          the command's status is the check's; stderr of the last run on failure
#   expect_error NAME STATUS MESSAGE ARGS...
#                                  xlqa ARGS exits STATUS and one line of its stderr is MESSAGE, whole
#   finish                         prints the counts; the script's status: 0 when nothing failed
set -u
: "${XLQA:?run through make check}" "${XLQA_TEST_DATA:?run through make check}"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1"; }
run() {
    # shellcheck disable=SC2086 # XLQA_WRAP is a command line on purpose
    ${XLQA_WRAP:-} "$XLQA" "$@" >"$tmp/out" 2>"$tmp/err"
}
check() {
    name=$1
    shift
    if "$@"; then ok "$name"; else not_ok "$name"; cat "$tmp/err" 2>/dev/null; fi
}
# A whole line, not a part of one: "x: : message" holds "x:" and "message" and passed a substring check.
expect_error() {
    name=$1 status=$2 message=$3
    shift 3
    run "$@" </dev/null
    got=$?
    if [ "$got" -ne "$status" ]; then
        not_ok "$name: exit status $got, expected $status"
        cat "$tmp/err"
    elif ! grep -qxF -- "$message" "$tmp/err"; then
        not_ok "$name: no line of stderr is '$message'"
        cat "$tmp/err"
    else
        ok "$name"
    fi
}
finish() {
    echo "# $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
