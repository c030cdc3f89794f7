/* Unit tests of the formats module: CLEF 2004 test sets. */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char good[] = "F IT EN 0092 Dove si trova il Centro Pompidou?\r\n"
                           "\n"
                           "D IT EN 0093   Chi è Jacques Chirac?  \n"
                           "F IT EN 0200 Quanti abitanti ha Roma?";

START_TEST(test_testset_good)
{
	struct xlqa_testset ts;
	struct xlqa_error err;

	xlqa_testset_init(&ts);
	ck_assert_int_eq(xlqa_testset_parse(&ts, good, strlen(good), "t.txt", &err), XLQA_OK);
	ck_assert_uint_eq(ts.count, 3);
	ck_assert_str_eq(ts.source, "IT");
	ck_assert_str_eq(ts.target, "EN");
	/* a CR before the newline is not part of the question */
	ck_assert_str_eq(ts.questions[0].text, "Dove si trova il Centro Pompidou?");
	ck_assert_uint_eq(ts.questions[0].number, 92);
	ck_assert_str_eq(ts.questions[0].id, "0092");
	/* blank lines count for line numbers; surrounding blanks are trimmed; UTF-8 kept */
	ck_assert_int_eq(ts.questions[1].line, 3);
	ck_assert_int_eq(ts.questions[1].type, 'D');
	ck_assert_str_eq(ts.questions[1].text, "Chi è Jacques Chirac?");
	/* the last line needs no newline */
	ck_assert_str_eq(xlqa_testset_find(&ts, 200)->text, "Quanti abitanti ha Roma?");
	ck_assert_ptr_null(xlqa_testset_find(&ts, 1));
	xlqa_testset_release(&ts);
}
END_TEST

/* Each malformed input with the status and message it must produce. */
static const struct {
	const char *input;
	int status;
	const char *message;
} bad_cases[] = {
	/* the type column */
	{ "X IT EN 0001 Dove?\n", XLQA_EPARSE, "t.txt:1: question type F or D expected" },
	/* Russian is not a CLEF 2004 source language */
	{ "F RU EN 0001 Gde?\n", XLQA_EPARSE, "t.txt:1: source language expected" },
	/* Bulgarian and Finnish are sources only */
	{ "F EN BG 0001 Where?\n", XLQA_EPARSE, "t.txt:1: target language expected" },
	/* lower-case codes are not the format */
	{ "F it EN 0001 Dove?\n", XLQA_EPARSE, "t.txt:1: source language expected" },
	{ "F IT EN 92 Dove?\n", XLQA_EPARSE, "t.txt:1: four-digit question number expected" },
	{ "F IT EN 0092\n", XLQA_EPARSE, "t.txt:1: a blank and the question expected" },
	{ "F IT EN 0092    \n", XLQA_EPARSE, "t.txt:1: empty question" },
	{ "F IT EN 0000 Dove?\n", XLQA_EPARSE, "t.txt:1: question number 0000 is out of range" },
	/* a tab instead of the blank separator */
	{ "F\tIT EN 0001 Dove?\n", XLQA_EPARSE, "t.txt:1: question type F or D expected" },
	/* one task a file */
	{ "F IT EN 0001 Dove?\nF IT DE 0002 Wo?\n", XLQA_EPARSE, "t.txt:2: task 'IT DE' differs from 'IT EN' of line 1" },
	{ "F IT EN 0001 Dove?\n\nF IT EN 0001 Chi?\n", XLQA_EPARSE, "t.txt:3: question 0001 repeats line 1" },
	/* Latin-1 bytes in a UTF-8 file: the offset of the bad byte */
	{ "F IT EN 0001 Dove?\nD IT EN 0002 Chi \xe8?\n", XLQA_EENCODING, "t.txt:2: invalid UTF-8 at byte 36" },
	{ "\n  \n", XLQA_EEMPTY, "t.txt: no questions" },
};

START_TEST(test_testset_bad)
{
	struct xlqa_testset ts;
	struct xlqa_error err;

	xlqa_testset_init(&ts);
	xlqa_error_clear(&err);
	ck_assert_int_eq(xlqa_testset_parse(&ts, bad_cases[_i].input, strlen(bad_cases[_i].input), "t.txt", &err),
	                 bad_cases[_i].status);
	ck_assert_msg(strstr(err.message, bad_cases[_i].message), "case %d: '%s'", _i, err.message);
	xlqa_testset_release(&ts);
}
END_TEST

/* The parsers of line-based text handed as (data, len), each with the outcome it reports. */
static int parse_testset(const char *data, size_t len, struct xlqa_error *err)
{
	struct xlqa_testset ts;
	int rc;

	xlqa_testset_init(&ts);
	rc = xlqa_testset_parse(&ts, data, len, "t.txt", err);
	xlqa_testset_release(&ts);
	return rc;
}

static int parse_tsv(const char *data, size_t len, struct xlqa_error *err)
{
	struct xlqa_testset ts;
	int rc;

	xlqa_testset_init(&ts);
	rc = xlqa_testset_parse_tsv(&ts, data, len, "t.txt", err);
	xlqa_testset_release(&ts);
	return rc;
}

static int parse_run(const char *data, size_t len, struct xlqa_error *err)
{
	struct xlqa_clef_run run;
	int rc;

	xlqa_clef_run_init(&run);
	rc = xlqa_clef_run_parse(&run, data, len, "t.txt", 0, err);
	xlqa_clef_run_release(&run);
	return rc;
}

static int parse_config(const char *data, size_t len, struct xlqa_error *err)
{
	struct xlqa_corpus_config *cfg = NULL;
	int rc = xlqa_corpus_config_parse(data, len, "t.txt", &cfg, err);

	xlqa_corpus_config_free(cfg);
	return rc;
}

/* a string literal and its length, embedded NULs included */
#define BYTES(s) s, sizeof s - 1
#define CFG "name = t\nlanguage = en\nfiles = x\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n"

static const struct {
	int (*parse)(const char *data, size_t len, struct xlqa_error *err);
	const char *input;
	size_t len; /* the bytes handed over: no NUL terminator follows them */
	int status;
	const char *message; /* NULL when the parse succeeds */
} bounded_cases[] = {
	/* a last line of blanks without a newline: nothing past `len` is read (ASan sees the heap copy) */
	{ parse_testset, BYTES("F IT EN 0001 Dove?\n  \t"), XLQA_OK, NULL },
	{ parse_tsv, BYTES("1\t2004\tc\tPERSON\tWho?\n \t "), XLQA_OK, NULL },
	{ parse_run, BYTES("F 0001 abcd041iten 1.0 NIL\n \t"), XLQA_OK, NULL },
	{ parse_config, BYTES(CFG "  \r"), XLQA_OK, NULL },
	/* a NUL byte inside a line would cut the question, the answer or the value silently */
	{ parse_testset, BYTES("F IT EN 0001 Do\0ve?\n"), XLQA_EPARSE, "t.txt:1: NUL byte at byte 15" },
	{ parse_tsv, BYTES("1\t2004\tc\tPERSON\tWho?\n2\t2004\tc\tPLACE\tWh\0ere?\n"), XLQA_EPARSE,
	  "t.txt:2: NUL byte at byte 38" },
	{ parse_run, BYTES("F 0001 abcd041iten 1.0 NIL\0\n"), XLQA_EPARSE, "t.txt:1: NUL byte at byte 26" },
	{ parse_config, BYTES(CFG "encoding = UTF\0-8\n"), XLQA_EPARSE, "t.txt:7: NUL byte at byte" },
};

START_TEST(test_bounded_parsers)
{
	char *copy = malloc(bounded_cases[_i].len);
	struct xlqa_error err;
	int rc;

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, bounded_cases[_i].input, bounded_cases[_i].len);
	xlqa_error_clear(&err);
	rc = bounded_cases[_i].parse(copy, bounded_cases[_i].len, &err);
	ck_assert_msg(rc == bounded_cases[_i].status, "case %d: status %d: %s", _i, rc, err.message);
	if (bounded_cases[_i].message)
		ck_assert_msg(strstr(err.message, bounded_cases[_i].message), "case %d: '%s'", _i, err.message);
	free(copy);
}
END_TEST

/* Every benchmark test set reads: 200 questions, the task in the file name. */
START_TEST(test_testset_bench)
{
	const char *data = getenv("XLQA_TEST_DATA");
	char path[4096];
	struct xlqa_testset ts;
	struct xlqa_error err;

	ck_assert_ptr_nonnull(data);
	snprintf(path, sizeof path, "%s/../../shared/bench/xquad-clef/sets/1/questions/DE-ES.txt", data);
	if (access(path, R_OK) != 0)
		return; /* the benchmark sits beside a clone, not in a tarball */
	xlqa_testset_init(&ts);
	ck_assert_int_eq(xlqa_testset_read(&ts, path, &err), XLQA_OK);
	ck_assert_uint_eq(ts.count, 200);
	ck_assert_str_eq(ts.source, "DE");
	ck_assert_str_eq(ts.target, "ES");
	for (size_t i = 0; i < ts.count; i++)
		ck_assert_uint_eq(ts.questions[i].number, i + 1);
	xlqa_testset_release(&ts);
}
END_TEST

Suite *formats_suite(void)
{
	Suite *s = suite_create("formats");
	TCase *tc = tcase_create("testset");

	tcase_add_test(tc, test_testset_good);
	tcase_add_loop_test(tc, test_testset_bad, 0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
	tcase_add_test(tc, test_testset_bench);
	tcase_add_loop_test(tc, test_bounded_parsers, 0, (int)(sizeof bounded_cases / sizeof bounded_cases[0]));
	suite_add_tcase(s, tc);
	return s;
}
