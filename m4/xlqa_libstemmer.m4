# XLQA_CHECK_LIBSTEMMER: Snowball's libstemmer ships no pkg-config file in Debian, so look for its
# header and library directly and put the result in LIBSTEMMER_LIBS.
AC_DEFUN([XLQA_CHECK_LIBSTEMMER], [
  AC_CHECK_HEADER([libstemmer.h], [], [AC_MSG_ERROR([libstemmer.h not found (Debian: libstemmer-dev)])])
  xlqa_save_LIBS=$LIBS
  AC_SEARCH_LIBS([sb_stemmer_new], [stemmer], [],
    [AC_MSG_ERROR([libstemmer not found (Debian: libstemmer-dev)])])
  LIBS=$xlqa_save_LIBS
  AS_IF([test "x$ac_cv_search_sb_stemmer_new" != "xnone required"],
    [LIBSTEMMER_LIBS=$ac_cv_search_sb_stemmer_new])
  AC_SUBST([LIBSTEMMER_LIBS])
])
