# XLQA_WARNINGS: the warning set every file is kept clean under, in WARN_CFLAGS.
# --enable-werror turns warnings into errors (CI uses it so a warning fails the build).
AC_DEFUN([XLQA_WARNINGS], [
  WARN_CFLAGS="-Wall -Wextra -Wformat=2 -Wstrict-prototypes -Wmissing-prototypes -Wshadow -Wvla"
  AC_ARG_ENABLE([werror],
    [AS_HELP_STRING([--enable-werror], [treat compiler warnings as errors])])
  dnl the C++ of examples/: the C-only warnings left out, and -Wshadow, since C++ sees a function
  dnl named as its struct (xlqa_model_summary) as hiding the struct's constructor
  WARN_CXXFLAGS="-Wall -Wextra -Wformat=2"
  AS_IF([test "x$enable_werror" = xyes], [WARN_CFLAGS="$WARN_CFLAGS -Werror"; WARN_CXXFLAGS="$WARN_CXXFLAGS -Werror"])
  AC_SUBST([WARN_CFLAGS])
  AC_SUBST([WARN_CXXFLAGS])
])
