# XLQA_SANITIZERS: --enable-asan, --enable-ubsan, --enable-valgrind and --enable-fuzz build and test
# switches. --enable-fuzz (clang only: CC=clang) instruments everything for libFuzzer's coverage and
# builds the fuzz targets of tests/fuzz, which `make fuzz` runs.
# The sanitizer flags go into SAN_CFLAGS/SAN_LDFLAGS for the library, the tool and the tests alike;
# --enable-valgrind runs the unit tests and every xlqa run of the end-to-end tests under memcheck.
AC_DEFUN([XLQA_SANITIZERS], [
  SAN_CFLAGS=
  AC_ARG_ENABLE([asan],
    [AS_HELP_STRING([--enable-asan], [build with AddressSanitizer (and LeakSanitizer)])])
  AC_ARG_ENABLE([ubsan],
    [AS_HELP_STRING([--enable-ubsan], [build with UndefinedBehaviorSanitizer, aborting on the first report])])
  AC_ARG_ENABLE([valgrind],
    [AS_HELP_STRING([--enable-valgrind], [run the tests under valgrind memcheck])])
  AC_ARG_ENABLE([fuzz],
    [AS_HELP_STRING([--enable-fuzz], [build the libFuzzer targets of tests/fuzz (needs CC=clang)])])
  AS_IF([test "x$enable_asan" = xyes], [SAN_CFLAGS="$SAN_CFLAGS -fsanitize=address"])
  AS_IF([test "x$enable_fuzz" = xyes], [
    xlqa_save_CFLAGS=$CFLAGS
    CFLAGS="$CFLAGS -fsanitize=fuzzer-no-link"
    AC_MSG_CHECKING([whether $CC builds libFuzzer targets])
    AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])], [AC_MSG_RESULT([yes])],
      [AC_MSG_RESULT([no]); AC_MSG_ERROR([--enable-fuzz needs clang with libFuzzer (CC=clang; Debian: clang, libclang-rt-14-dev)])])
    CFLAGS=$xlqa_save_CFLAGS
    SAN_CFLAGS="$SAN_CFLAGS -fsanitize=fuzzer-no-link"
  ])
  AS_IF([test "x$enable_ubsan" = xyes],
    [SAN_CFLAGS="$SAN_CFLAGS -fsanitize=undefined -fno-sanitize-recover=undefined"])
  AS_IF([test -n "$SAN_CFLAGS"], [SAN_CFLAGS="$SAN_CFLAGS -fno-omit-frame-pointer -g"])
  AS_IF([test "x$enable_asan" = xyes && test "x$enable_valgrind" = xyes],
    [AC_MSG_ERROR([--enable-asan and --enable-valgrind cannot be combined])])
  VALGRIND_LOG_COMPILER=
  AS_IF([test "x$enable_valgrind" = xyes], [
    AC_PATH_PROG([VALGRIND], [valgrind])
    AS_IF([test -z "$VALGRIND"], [AC_MSG_ERROR([--enable-valgrind: valgrind not found])])
    VALGRIND_LOG_COMPILER="$VALGRIND --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"
  ])
  AC_SUBST([SAN_CFLAGS])
  AC_SUBST([VALGRIND_LOG_COMPILER])
  AM_CONDITIONAL([XLQA_VALGRIND], [test "x$enable_valgrind" = xyes])
  AM_CONDITIONAL([XLQA_FUZZ], [test "x$enable_fuzz" = xyes])
])
