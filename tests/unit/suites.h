/* The suites the one test runner (check_main.c) runs: one per module. */
#ifndef XLQA_TEST_SUITES_H
#define XLQA_TEST_SUITES_H

#include <check.h>

Suite *util_suite(void);
Suite *text_suite(void);
Suite *lang_suite(void);

#endif
