# XLQA_SANITIZERS: --enable-asan, --enable-ubsan and --enable-valgrind build and test switches.
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
  AS_IF([test "x$enable_asan" = xyes], [SAN_CFLAGS="$SAN_CFLAGS -fsanitize=address"])
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
])
