/*
 * Unit tests of the CLEF 2004 evaluation: run reader and writer, the checker (one case per rule, at
 * the right line), answer normalisation, the gold-key and judgments judges, the measures, Kendall's
 * tau and calibration against values computed by hand in the comments.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Path of a fixture under tests/data/clef (static storage, overwritten by the next call). */
static const char *fixture(const char *name)
{
	static char path[4096];
	const char *data = getenv("XLQA_TEST_DATA");

	snprintf(path, sizeof path, "%s/data/clef/%s", data ? data : "tests", name);
	return path;
}

/* ---- reader and writer ------------------------------------------------------------------------- */

START_TEST(test_run_read)
{
	/* tabs and runs of blanks separate columns; the answer keeps its inner blanks; CRLF; NIL */
	static const char run_text[] = "F 92 irst041iten 0.257 LAT19940311.00318 Paris\r\n"
	                               "\n"
	                               "D\t0093  irst041iten\t1   GH950102-000123   a French  politician  \n"
	                               "F 94 irst041iten 0 NIL\n";
	struct xlqa_clef_run run;
	struct xlqa_error err;

	xlqa_clef_run_init(&run);
	ck_assert_int_eq(xlqa_clef_run_parse(&run, run_text, strlen(run_text), "r.txt", 0, &err), XLQA_OK);
	ck_assert_uint_eq(run.count, 3);
	ck_assert_str_eq(run.responses[0].answer, "Paris");
	ck_assert_double_eq(run.responses[0].confidence, 0.257);
	ck_assert_str_eq(run.responses[0].confidence_text, "0.257");
	ck_assert_int_eq(run.responses[1].type, 'D');
	ck_assert_uint_eq(run.responses[1].number, 93); /* four digits as in the test set */
	ck_assert_int_eq(run.responses[1].line, 3);      /* the blank line counts */
	ck_assert_str_eq(run.responses[1].docno, "GH950102-000123");
	ck_assert_str_eq(run.responses[1].answer, "a French  politician");
	ck_assert(run.responses[2].nil);
	ck_assert_str_eq(run.responses[2].answer, "");
	ck_assert_int_eq(run.responses[2].judgment, XLQA_JUDGMENT_NONE);
	xlqa_clef_run_release(&run);
}
END_TEST

static const struct {
	const char *input;
	unsigned flags;
	int status;
	const char *message;
} bad_runs[] = {
	/* a column short: the first one missing is named */
	{ "F 1 abcd041enen 0.5\n", 0, XLQA_EPARSE, "r.txt:1: DOCNO expected" },
	{ "F 1\n", 0, XLQA_EPARSE, "r.txt:1: run tag expected" },
	{ "Q 1 abcd041enen 0.5 DOC1 x\n", 0, XLQA_EPARSE, "r.txt:1: question type F or D expected, found 'Q'" },
	{ "F one abcd041enen 0.5 DOC1 x\n", 0, XLQA_EPARSE, "question number 1..9999 expected, found 'one'" },
	{ "F 0 abcd041enen 0.5 DOC1 x\n", 0, XLQA_EPARSE, "question number 1..9999 expected, found '0'" },
	/* "nan" and hexadecimal are not the format's numbers */
	{ "F 1 abcd041enen nan DOC1 x\n", 0, XLQA_EPARSE, "confidence number expected, found 'nan'" },
	{ "F 1 abcd041enen 0x1 DOC1 x\n", 0, XLQA_EPARSE, "confidence number expected, found '0x1'" },
	/* a judged run without the judgment, on line 2 */
	{ "R F 1 abcd041enen 0.5 DOC1 x\nF 2 abcd041enen 0.5 DOC1 x\n", XLQA_CLEF_JUDGED, XLQA_EPARSE,
	  "r.txt:2: judgment R, X, U or W expected" },
	/* Latin-1 answer in a UTF-8 run: line and byte */
	{ "F 1 abcd041enen 0.5 DOC1 Mar\xed" "a\n", 0, XLQA_EENCODING, "r.txt:1: invalid UTF-8 at byte 28" },
	{ " \n\n", 0, XLQA_EEMPTY, "r.txt: no responses" },
};

START_TEST(test_run_read_bad)
{
	struct xlqa_clef_run run;
	struct xlqa_error err;

	xlqa_clef_run_init(&run);
	xlqa_error_clear(&err);
	ck_assert_int_eq(xlqa_clef_run_parse(&run, bad_runs[_i].input, strlen(bad_runs[_i].input), "r.txt",
	                                     bad_runs[_i].flags, &err),
	                 bad_runs[_i].status);
	ck_assert_msg(strstr(err.message, bad_runs[_i].message), "case %d: '%s'", _i, err.message);
	xlqa_clef_run_release(&run);
}
END_TEST

START_TEST(test_run_write)
{
	struct xlqa_clef_run run, back;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	char dir[] = "/tmp/xlqa-clef-XXXXXX", path[64], missing[96];
	struct stat st;

	xlqa_clef_run_init(&run);
	xlqa_clef_run_init(&back);
	ck_assert_int_eq(xlqa_clef_run_add(&run, 'F', 1, "abcd041enen", 0.25, "DOC1", " Paris ", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_clef_run_add(&run, 'D', 2, "abcd041enen", 1.0, "DOC2", "a politician", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_clef_run_add(&run, 'F', 3, "abcd041enen", 1.0 / 3.0, "NIL", NULL, &err), XLQA_OK);
	/* confidences without trailing zeros, at most six decimals (8 characters); NIL without answer */
	ck_assert_int_eq(xlqa_clef_run_format(&run, 0, &out, &err), XLQA_OK);
	ck_assert_str_eq(out.buf, "F 1 abcd041enen 0.25 DOC1 Paris\n"
	                          "D 2 abcd041enen 1 DOC2 a politician\n"
	                          "F 3 abcd041enen 0.333333 NIL\n");
	/* judged output needs every judgment; out keeps its old contents on error */
	xlqa_buf_reset(&out);
	ck_assert_int_eq(xlqa_clef_run_format(&run, XLQA_CLEF_JUDGED, &out, &err), XLQA_EINVAL);
	ck_assert_uint_eq(out.len, 0);
	run.responses[0].judgment = XLQA_JUDGMENT_R;
	run.responses[1].judgment = XLQA_JUDGMENT_X;
	run.responses[2].judgment = XLQA_JUDGMENT_W;
	ck_assert_int_eq(xlqa_clef_run_format(&run, XLQA_CLEF_JUDGED, &out, &err), XLQA_OK);
	ck_assert(strncmp(out.buf, "R F 1 abcd041enen 0.25 DOC1 Paris\nX D 2", 39) == 0);

	/* the file is written whole and reads back the same */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/abcd041enen.txt", dir);
	ck_assert_int_eq(xlqa_clef_run_write(&run, path, 0, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_clef_run_read(&back, path, 0, &err), XLQA_OK);
	ck_assert_uint_eq(back.count, 3);
	ck_assert_str_eq(back.responses[1].answer, "a politician");
	ck_assert(back.responses[2].nil);
	/* a write that cannot happen leaves nothing behind */
	snprintf(missing, sizeof missing, "%s/no-such-dir/abcd041enen.txt", dir);
	ck_assert_int_eq(xlqa_clef_run_write(&run, missing, 0, &err), XLQA_EIO);
	ck_assert_int_ne(stat(missing, &st), 0);
	unlink(path);
	ck_assert_int_eq(rmdir(dir), 0); /* no temporary file left in the directory */
	xlqa_buf_release(&out);
	xlqa_clef_run_release(&back);
	xlqa_clef_run_release(&run);
}
END_TEST

/* Responses the writer must refuse, each with what it guards. */
static const struct {
	char type;
	unsigned number;
	const char *tag;
	double confidence;
	const char *docno;
	const char *answer;
} bad_adds[] = {
	{ 'Q', 1, "abcd041enen", 0.5, "DOC1", "x" },       /* type */
	{ 'F', 0, "abcd041enen", 0.5, "DOC1", "x" },       /* number 0 */
	{ 'F', 1, "abcd 041enen", 0.5, "DOC1", "x" },      /* blank in the tag */
	{ 'F', 1, "abcd041enen", 1.5, "DOC1", "x" },       /* confidence over 1 */
	{ 'F', 1, "abcd041enen", NAN, "DOC1", "x" },       /* NaN confidence */
	{ 'F', 1, "abcd041enen", 0.5, "NIL", "Paris" },    /* NIL with an answer */
	{ 'F', 1, "abcd041enen", 0.5, "DOC1", "" },        /* an answer missing */
	{ 'F', 1, "abcd041enen", 0.5, "DOC1", "a\nb" },    /* a line break in the answer */
	{ 'F', 1, "abcd041enen", 0.5, "DOC1", "Mar\xed" "a" }, /* Latin-1 */
};

START_TEST(test_run_add_bad)
{
	struct xlqa_clef_run run;
	struct xlqa_error err;

	xlqa_clef_run_init(&run);
	ck_assert_int_eq(xlqa_clef_run_add(&run, bad_adds[_i].type, bad_adds[_i].number, bad_adds[_i].tag,
	                                   bad_adds[_i].confidence, bad_adds[_i].docno, bad_adds[_i].answer, &err),
	                 XLQA_EINVAL);
	ck_assert_uint_eq(run.count, 0);
	xlqa_clef_run_release(&run);
}
END_TEST

/* ---- the checker ------------------------------------------------------------------------------- */

static const char check_testset[] = "F EN EN 0001 What is the capital of France?\n"
                                    "D EN EN 0002 Who is Jacques Chirac?\n"
                                    "F EN EN 0003 Where is the Atlantis hotel on the Moon?\n";

#define L1 "F 1 abcd041enen 0.5 DOC1 Paris\n"
#define L2 "D 2 abcd041enen 1 DOC2 a French politician\n"
#define L3 "F 3 abcd041enen 0 NIL\n"

static bool docno_known(void *ctx, const char *docno)
{
	(void)ctx;
	return strncmp(docno, "DOC", 3) == 0 && docno[3] >= '1' && docno[3] <= '3' && !docno[4];
}

/* One case per rule (and a passing run): the run, its file name, and every violation expected. */
struct expected_violation {
	int64_t line;
	enum xlqa_clef_rule rule;
	const char *message; /* a part of the message */
};
static const struct {
	const char *what;
	const char *run;
	const char *file;
	struct expected_violation v[3]; /* line 0 ends the list */
} check_cases[] = {
	{ "a run that follows every rule", L1 L2 L3, "abcd041enen.txt", { { 0, 0, NULL } } },
	{ "latin-1 bytes", L1 "D 2 abcd041enen 1 DOC2 Fran\xe7ois\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_ENCODING, "invalid UTF-8 at column 28" } } },
	{ "four columns", L1 "D 2 abcd041enen 1\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_COLUMNS, "4 columns, at least 5 expected" } } },
	{ "an answer missing", L1 "D 2 abcd041enen 1 DOC2  \n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_COLUMNS, "answer string missing after DOCNO 'DOC2'" } } },
	{ "an empty line", L1 "\n" L2 L3, "abcd041enen.txt", { { 2, XLQA_CLEF_RULE_COLUMNS, "empty line" } } },
	{ "a type other than F or D", L1 "T 2 abcd041enen 1 DOC2 a French politician\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_TYPE, "question type F or D expected, found 'T'" } } },
	{ "a type differing from the test set", L1 "F 2 abcd041enen 1 DOC2 a French politician\n" L3,
	  "abcd041enen.txt", { { 2, XLQA_CLEF_RULE_TYPE, "type F differs from the test set's D for question 0002" } } },
	{ "a question skipped", L1 L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_NUMBER, "question 0002 missing before this line" } } },
	{ "a question repeated", L1 L1 L2 L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_NUMBER, "question 1 repeated or out of order: 0002 expected" } } },
	{ "questions missing at the end", L1, "abcd041enen.txt",
	  { { 1, XLQA_CLEF_RULE_NUMBER, "questions 0002 to 0003 missing at the end of the run" } } },
	{ "a line after the last question", L1 L2 L3 "F 4 abcd041enen 0 NIL\n", "abcd041enen.txt",
	  { { 4, XLQA_CLEF_RULE_NUMBER, "question 4 after the test set's last question 0003" } } },
	{ "a number not in the test set", L1 "D 7 abcd041enen 1 DOC2 a French politician\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_NUMBER, "question 7 is not in the test set: 0002 expected" } } },
	{ "a second run tag", L1 "D 2 abcd042enen 1 DOC2 a French politician\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_TAG, "run tag 'abcd042enen' differs from 'abcd041enen' of line 1" } } },
	{ "a tag of three characters", "F 1 abc041enen 0.5 DOC1 Paris\n", "abc041enen.txt",
	  { { 1, XLQA_CLEF_RULE_TAG, "run tag 'abc041enen' is not 4 characters, 04, run number 1 or 2 and the task enen" },
	    { 1, XLQA_CLEF_RULE_NUMBER, "questions 0002 to 0003 missing" } } },
	{ "run number 3", "F 1 abcd043enen 0.5 DOC1 Paris\nD 2 abcd043enen 1 DOC2 a\nF 3 abcd043enen 0 NIL\n",
	  "abcd043enen.txt", { { 1, XLQA_CLEF_RULE_TAG, "run tag 'abcd043enen' is not" } } },
	{ "the task of another test set",
	  "F 1 abcd041iten 0.5 DOC1 Paris\nD 2 abcd041iten 1 DOC2 a\nF 3 abcd041iten 0 NIL\n", "abcd041iten.txt",
	  { { 1, XLQA_CLEF_RULE_TAG, "the task enen" } } },
	{ "a file not named after the tag", L1 L2 L3, "runs/my-run.txt",
	  { { 1, XLQA_CLEF_RULE_FILE_NAME, "file 'my-run.txt' is not named after run tag 'abcd041enen'" } } },
	{ "a confidence over 1", L1 "D 2 abcd041enen 1.5 DOC2 a French politician\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_CONFIDENCE, "confidence '1.5' is not in [0,1]" } } },
	{ "a confidence of 9 characters", L1 "D 2 abcd041enen 0.123456 DOC2 a\nF 3 abcd041enen 0.1234567 NIL\n",
	  "abcd041enen.txt", { { 3, XLQA_CLEF_RULE_CONFIDENCE, "longer than 8 characters" } } },
	{ "a confidence that is a word", L1 L2 "F 3 abcd041enen high NIL\n", "abcd041enen.txt",
	  { { 3, XLQA_CLEF_RULE_CONFIDENCE, "confidence 'high' is not a number" } } },
	{ "NIL with an answer", L1 L2 "F 3 abcd041enen 0 NIL nothing\n", "abcd041enen.txt",
	  { { 3, XLQA_CLEF_RULE_NIL, "NIL response with answer string 'nothing'" } } },
	{ "a DOCNO not in the collection", L1 "D 2 abcd041enen 1 DOC9 a French politician\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_DOCNO, "DOCNO 'DOC9' is not in the collection" } } },
	/* two rules broken on one line: both reported */
	{ "two violations on a line", L1 "D 2 abcd042enen 2 DOC2 a French politician\n" L3, "abcd041enen.txt",
	  { { 2, XLQA_CLEF_RULE_TAG, "differs" }, { 2, XLQA_CLEF_RULE_CONFIDENCE, "'2' is not in [0,1]" } } },
};

START_TEST(test_check)
{
	struct xlqa_testset ts;
	struct xlqa_clef_report rep;
	struct xlqa_error err;
	struct xlqa_clef_check_options o;
	size_t expected = 0;

	xlqa_testset_init(&ts);
	xlqa_clef_report_init(&rep);
	ck_assert_int_eq(xlqa_testset_parse(&ts, check_testset, strlen(check_testset), "t.txt", &err), XLQA_OK);
	memset(&o, 0, sizeof o);
	o.testset = &ts;
	o.file_name = check_cases[_i].file;
	o.docno_exists = docno_known;
	ck_assert_int_eq(xlqa_clef_check(check_cases[_i].run, strlen(check_cases[_i].run), &o, &rep, &err), XLQA_OK);
	while (expected < 3 && check_cases[_i].v[expected].line)
		expected++;
	for (size_t k = 0; rep.count != expected && k < rep.count; k++)
		fprintf(stderr, "%s: %lld: %s: %s\n", check_cases[_i].what, (long long)rep.items[k].line,
		        xlqa_clef_rule_name(rep.items[k].rule), rep.items[k].message);
	ck_assert_msg(rep.count == expected, "%s: %zu violations, %zu expected", check_cases[_i].what, rep.count, expected);
	for (size_t k = 0; k < expected; k++) {
		ck_assert_int_eq(rep.items[k].line, check_cases[_i].v[k].line);
		ck_assert_int_eq(rep.items[k].rule, check_cases[_i].v[k].rule);
		ck_assert_msg(strstr(rep.items[k].message, check_cases[_i].v[k].message), "%s: '%s'", check_cases[_i].what,
		              rep.items[k].message);
	}
	xlqa_clef_report_release(&rep);
	xlqa_testset_release(&ts);
}
END_TEST

START_TEST(test_check_long_line)
{
	/* a 1025-byte line is one byte too long; 1024 passes (the line break does not count) */
	struct xlqa_testset ts;
	struct xlqa_clef_report rep;
	struct xlqa_error err;
	struct xlqa_clef_check_options o = { &ts, NULL, NULL, NULL };
	struct xlqa_buf run = XLQA_BUF_INIT;
	const char *head = "F 1 abcd041enen 0.5 DOC1 ";

	xlqa_testset_init(&ts);
	xlqa_clef_report_init(&rep);
	ck_assert_int_eq(xlqa_testset_parse(&ts, check_testset, strlen(check_testset), "t.txt", &err), XLQA_OK);
	xlqa_buf_addstr(&run, head);
	for (size_t i = strlen(head); i < 1024; i++)
		xlqa_buf_addch(&run, 'a');
	xlqa_buf_addstr(&run, "\n" L2 "F 3 abcd041enen 0 NIL");
	for (size_t i = strlen("F 3 abcd041enen 0 NIL"); i < 1025; i++)
		xlqa_buf_addch(&run, ' ');
	xlqa_buf_addch(&run, '\n');
	ck_assert_int_eq(xlqa_clef_check(run.buf, run.len, &o, &rep, &err), XLQA_OK);
	ck_assert_uint_eq(rep.count, 1);
	ck_assert_int_eq(rep.items[0].line, 3);
	ck_assert_int_eq(rep.items[0].rule, XLQA_CLEF_RULE_LENGTH);
	ck_assert_str_eq(rep.items[0].message, "line of 1025 bytes exceeds 1024");
	/* every rule has a name and help */
	for (int r = 0; r < XLQA_CLEF_RULE_COUNT_; r++)
		ck_assert(xlqa_clef_rule_name(r) && xlqa_clef_rule_help(r));
	ck_assert_ptr_null(xlqa_clef_rule_name(XLQA_CLEF_RULE_COUNT_));
	xlqa_buf_release(&run);
	xlqa_clef_report_release(&rep);
	xlqa_testset_release(&ts);
}
END_TEST

/* ---- normalisation ----------------------------------------------------------------------------- */

static const struct {
	const char *lang;
	const char *in;
	const char *out;
} norm_cases[] = {
	{ "en", "The Eiffel Tower!", "eiffel tower" },          /* article and punctuation */
	{ "EN", "  a  ", "" },                                  /* only an article; language code in any case */
	{ "en", "\xef\xac\x81ne", "fine" },                     /* NFKC: the ligature U+FB01 */
	{ "en", "\xef\xbc\xb0\xef\xbd\x81ris", "paris" },       /* NFKC: full-width letters */
	{ "en", "Jean\tCauvin", "jean cauvin" },                /* a tab separates words */
	{ "en", "1,000 $", "1 000" },                           /* punctuation and a currency symbol */
	{ "en", "n2 + 1", "n2 1" },                             /* a math symbol */
	{ "de", "Der Gro\xc3\x9f" "e Preis", "gro\xc3\x9f" "e preis" }, /* lower case, not case folding */
	{ "fr", "l'Europe", "europe" },                         /* the elided article "l" */
	{ "fr", "l\xe2\x80\x99" "Europe", "europe" },           /* typographic apostrophe */
	{ "es", "Lo mejor de la vida", "lo mejor de vida" },    /* README's ES list has no "lo" */
	{ "", "The End", "the end" },                           /* no language: no articles */
	{ "en", "Caf\xc3\xa9 du Monde", "caf\xc3\xa9 du monde" }, /* accents kept */
};

START_TEST(test_normalize)
{
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_eval_normalize_answer(norm_cases[_i].lang, norm_cases[_i].in, strlen(norm_cases[_i].in),
	                                            &out, &err),
	                 XLQA_OK);
	ck_assert_str_eq(out.buf, norm_cases[_i].out);
	xlqa_buf_release(&out);
}
END_TEST

START_TEST(test_normalize_bad)
{
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	/* Bulgarian has no article list in the convention */
	ck_assert_int_eq(xlqa_eval_normalize_answer("bg", "x", 1, &out, &err), XLQA_ENOTFOUND);
	ck_assert_int_eq(xlqa_eval_normalize_answer("en", "Mar\xed" "a", 4, &out, &err), XLQA_EENCODING);
	ck_assert_uint_eq(out.len, 0);
	xlqa_buf_release(&out);
}
END_TEST

/* ---- judges ------------------------------------------------------------------------------------ */

static const struct {
	unsigned number;
	const char *docno;
	const char *answer;
	enum xlqa_judgment expected;
} gold_cases[] = {
	{ 1, "DOC1", "paris.", XLQA_JUDGMENT_R },           /* equal words, gold document */
	{ 1, "DOC1", "The City of Paris", XLQA_JUDGMENT_R }, /* the second alternative */
	{ 1, "DOC5", "Paris", XLQA_JUDGMENT_U },            /* equal words, another document */
	{ 1, "DOC1", "Paris, France", XLQA_JUDGMENT_X },    /* contains a gold answer */
	{ 1, "DOC1", "city", XLQA_JUDGMENT_X },             /* contained in a gold answer */
	{ 1, "DOC1", "Parisian", XLQA_JUDGMENT_W },         /* a prefix of a word is not a word */
	{ 1, "DOC5", "Paris, France", XLQA_JUDGMENT_W },    /* contains, but another document */
	{ 1, "DOC1", "London", XLQA_JUDGMENT_W },
	{ 1, "DOC1", "the", XLQA_JUDGMENT_W },              /* nothing left after normalisation */
	{ 1, "DOC1", "", XLQA_JUDGMENT_W },                 /* an empty answer */
	{ 1, "NIL", "", XLQA_JUDGMENT_W },                  /* NIL for a question with an answer */
	{ 3, "NIL", "", XLQA_JUDGMENT_R },                  /* NIL for a NIL question */
	{ 3, "DOC1", "the Moon", XLQA_JUDGMENT_W },         /* any answer for a NIL question */
	{ 9, "DOC1", "Paris", XLQA_JUDGMENT_NONE },         /* not in the key */
};

START_TEST(test_judge_gold)
{
	struct xlqa_judge *j = NULL;
	struct xlqa_clef_response r;
	enum xlqa_judgment got;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_judge_open("gold", fixture("gold.tsv"), "en", &j, &err), XLQA_OK);
	memset(&r, 0, sizeof r);
	r.type = 'F';
	r.tag = "abcd041enen";
	r.number = gold_cases[_i].number;
	r.docno = gold_cases[_i].docno;
	r.answer = gold_cases[_i].answer;
	r.nil = strcmp(r.docno, "NIL") == 0;
	ck_assert_int_eq(xlqa_judge_response(j, &r, &got, &err), XLQA_OK);
	ck_assert_msg(got == gold_cases[_i].expected, "case %d: '%c', expected '%c'", _i, got ? got : '-',
	              gold_cases[_i].expected ? gold_cases[_i].expected : '-');
	ck_assert_int_eq(xlqa_judge_nil_question(j, 3), 1);
	ck_assert_int_eq(xlqa_judge_nil_question(j, 1), 0);
	ck_assert_int_eq(xlqa_judge_nil_question(j, 9), -1);
	ck_assert_str_eq(xlqa_judge_kind_name(j), "gold");
	xlqa_judge_free(j);
}
END_TEST

/* The same key as answer patterns (document ids must look like ids: XQ.EN.00001, see patterns.h): matching is by regex at word boundaries, so a longer answer that
 * holds a pattern is R here where the gold convention says X. */
static const struct {
	unsigned number;
	const char *docno;
	const char *answer;
	enum xlqa_judgment expected;
} pattern_cases[] = {
	{ 1, "XQ.EN.00001", "Paris", XLQA_JUDGMENT_R },         /* matches, document listed */
	{ 1, "XQ.EN.00001", "Paris, France", XLQA_JUDGMENT_R }, /* a match inside a longer answer */
	{ 1, "XQ.EN.00001", "city  of PARIS", XLQA_JUDGMENT_R },/* \s+ and case-insensitive */
	{ 1, "XQ.EN.00005", "Paris", XLQA_JUDGMENT_U },         /* matches, document not listed */
	{ 1, "XQ.EN.00001", "Parisian", XLQA_JUDGMENT_W },      /* not at a word boundary */
	{ 1, "NIL", "", XLQA_JUDGMENT_W },               /* NIL for a question with patterns */
	{ 3, "NIL", "", XLQA_JUDGMENT_R },               /* no patterns: a NIL question */
	{ 3, "XQ.EN.00001", "Paris", XLQA_JUDGMENT_W },         /* any answer for it is wrong */
	{ 2, "XQ.EN.00002", "", XLQA_JUDGMENT_W },              /* an empty answer */
};

START_TEST(test_judge_patterns)
{
	struct xlqa_judge *j = NULL;
	struct xlqa_clef_response r;
	enum xlqa_judgment got;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_judge_open("patterns", fixture("gold.patterns"), NULL, &j, &err), XLQA_OK);
	memset(&r, 0, sizeof r);
	r.type = 'F';
	r.tag = "abcd041enen";
	r.number = pattern_cases[_i].number;
	r.docno = pattern_cases[_i].docno;
	r.answer = pattern_cases[_i].answer;
	r.nil = strcmp(r.docno, "NIL") == 0;
	ck_assert_int_eq(xlqa_judge_response(j, &r, &got, &err), XLQA_OK);
	ck_assert_msg(got == pattern_cases[_i].expected, "case %d: '%c', expected '%c'", _i, got ? got : '-',
	              pattern_cases[_i].expected);
	ck_assert_int_eq(xlqa_judge_nil_question(j, 3), 1);
	ck_assert_int_eq(xlqa_judge_nil_question(j, 2), 0);
	xlqa_judge_free(j);
}
END_TEST

START_TEST(test_judge_bad)
{
	struct xlqa_judge *j = NULL;
	struct xlqa_error err;
	char dir[] = "/tmp/xlqa-gold-XXXXXX", path[64];
	FILE *fp;

	ck_assert_int_eq(xlqa_judge_open("oracle", fixture("gold.tsv"), "en", &j, &err), XLQA_ENOTFOUND);
	ck_assert_ptr_null(j);
	/* a gold key cannot be read without knowing the articles to drop */
	ck_assert_int_eq(xlqa_judge_open("gold", fixture("gold.tsv"), NULL, &j, &err), XLQA_EINVAL);
	/* a gold key pools nothing */
	ck_assert_int_eq(xlqa_judge_open("gold", fixture("gold.tsv"), "en", &j, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_judge_add_file(j, fixture("gold.tsv"), &err), XLQA_EUNSUPPORTED);
	xlqa_judge_free(j);
	xlqa_judge_free(NULL);
	/* a repeated question in a key, reported at its line */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/k.gold", dir);
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("0001\tDOC1\tParis\n0002\tNIL\t\n0001\tDOC2\tLyon\n", fp);
	fclose(fp);
	ck_assert_int_eq(xlqa_judge_open("gold", path, "en", &j, &err), XLQA_EPARSE);
	ck_assert(strstr(err.message, "k.gold:3: question 0001 repeats line 1"));
	/* an answer that is only an article ("un", piaf-clef set 2 question 28) is counted, not an error:
	 * the question stays answerable, every response to it wrong */
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("0001\tDOC1\tun\n0002\tDOC2\tParis\n", fp);
	fclose(fp);
	ck_assert_msg(xlqa_judge_open("gold", path, "fr", &j, &err) == XLQA_OK, "%s", err.message);
	ck_assert_uint_eq(xlqa_judge_unmatchable(j), 1);
	ck_assert_int_eq(xlqa_judge_nil_question(j, 1), 0);
	{
		struct xlqa_clef_response r = { .type = 'F', .number = 1, .docno = "DOC1", .answer = "un" };
		enum xlqa_judgment jd;

		ck_assert_int_eq(xlqa_judge_response(j, &r, &jd, &err), XLQA_OK);
		ck_assert_int_eq(jd, XLQA_JUDGMENT_W);
	}
	xlqa_judge_free(j);
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(test_judge_judgments)
{
	struct xlqa_judge *j = NULL;
	struct xlqa_clef_run run;
	struct xlqa_error err;
	size_t unjudged = 99;
	static const char run_text[] = "F 1 zzzz041enen 0.9 DOC1   Paris \n"           /* pool-a: R */
	                               "D 2 zzzz041enen 0.1 DOC2 a French politician\n" /* not pooled */
	                               "F 3 zzzz041enen 0.3 DOC3 London\n";              /* pool-b: W */

	ck_assert_int_eq(xlqa_judge_open("judgments", fixture("pool-a.txt"), NULL, &j, &err), XLQA_OK);
	/* pool-b judges question 2's line W where pool-a said X: one conflict, the first kept */
	ck_assert_int_eq(xlqa_judge_add_file(j, fixture("pool-b.txt"), &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_judge_conflicts(j), 1);
	xlqa_clef_run_init(&run);
	ck_assert_int_eq(xlqa_clef_run_parse(&run, run_text, strlen(run_text), "r.txt", 0, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_judge_run(j, &run, &unjudged, &err), XLQA_OK);
	ck_assert_int_eq(run.responses[0].judgment, XLQA_JUDGMENT_R);
	ck_assert_int_eq(run.responses[1].judgment, XLQA_JUDGMENT_NONE);
	ck_assert_int_eq(run.responses[2].judgment, XLQA_JUDGMENT_W);
	ck_assert_uint_eq(unjudged, 1);
	/* a NIL judged R makes question 3 a NIL question; an R/X/U answer says one exists */
	ck_assert_int_eq(xlqa_judge_nil_question(j, 3), 1);
	ck_assert_int_eq(xlqa_judge_nil_question(j, 1), 0);
	ck_assert_int_eq(xlqa_judge_nil_question(j, 4), -1);
	xlqa_clef_run_release(&run);
	xlqa_judge_free(j);
}
END_TEST

/* ---- measures ---------------------------------------------------------------------------------- */

/*
 * Six judged responses in test-set order (number, type, confidence, judgment, NIL response, NIL
 * question). The hand computations below refer to them as 1..6.
 */
static const struct xlqa_eval_item six[] = {
	{ 1, 'F', "LOCATION", 0.8, XLQA_JUDGMENT_R, false, 0 },
	{ 2, 'F', "PERSON", 0.5, XLQA_JUDGMENT_W, true, 0 },
	{ 3, 'D', "PERSON", 0.5, XLQA_JUDGMENT_R, false, 0 },
	{ 4, 'F', NULL, 0.2, XLQA_JUDGMENT_U, false, 0 },
	{ 5, 'F', "LOCATION", 0.0, XLQA_JUDGMENT_R, true, 1 },
	{ 6, 'D', NULL, 0.1, XLQA_JUDGMENT_W, false, 1 },
};

static double measure(const char *name, const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	const struct xlqa_measure *m = xlqa_measure_find(name);

	ck_assert_msg(m != NULL, "no measure '%s'", name);
	return m->compute(items, n, mode);
}

#define EPS 1e-9

START_TEST(test_measures)
{
	unsigned lenient = XLQA_EVAL_LENIENT_U;

	/* accuracy: strict R = 1,3,5 -> 3/6; lenient adds U (4) -> 4/6; with X too, still 4/6 (no X) */
	ck_assert_double_eq_tol(measure("accuracy", six, 6, XLQA_EVAL_STRICT), 0.5, EPS);
	ck_assert_double_eq_tol(measure("accuracy", six, 6, lenient), 4.0 / 6.0, EPS);
	/* CWS: by confidence, ties (2 and 3 at 0.5) in test-set order: 1 2 3 4 6 5, right 1 0 1 0 0 1;
	 * right so far 1 1 2 2 2 3; sum of so-far/i = 1 + 1/2 + 2/3 + 2/4 + 2/5 + 3/6 = 107/30; CWS = 107/180.
	 * (Ties the other way round would give 122/180.) */
	ck_assert_double_eq_tol(measure("cws", six, 6, XLQA_EVAL_STRICT), 107.0 / 180.0, EPS);
	/* lenient: right 1 0 1 1 0 1, so far 1 1 2 3 3 4: 1 + 1/2 + 2/3 + 3/4 + 3/5 + 4/6 = 251/60; /6 */
	ck_assert_double_eq_tol(measure("cws", six, 6, lenient), 251.0 / 360.0, EPS);
	/* K1: (0.8 - 0.5 + 0.5 - 0.2 + 0.0 - 0.1) / 6 = 0.5/6; lenient, 4 is +0.2: 0.9/6 */
	ck_assert_double_eq_tol(measure("k1", six, 6, XLQA_EVAL_STRICT), 0.5 / 6.0, EPS);
	ck_assert_double_eq_tol(measure("k1", six, 6, lenient), 0.9 / 6.0, EPS);
	/* r: x = 0.8 .5 .5 .2 0 .1 (mean 0.35), y = 1 0 1 0 1 0 (mean 0.5); sxy = 0.5 * (0.45 - 0.15 +
	 * 0.15 + 0.15 - 0.35 + 0.25) = 0.25; sxx = 0.455; syy = 1.5; r = 0.25 / sqrt(0.6825) */
	ck_assert_double_eq_tol(measure("r", six, 6, XLQA_EVAL_STRICT), 0.25 / sqrt(0.6825), EPS);
	/* counts do not depend on the mode */
	ck_assert_double_eq(measure("R", six, 6, lenient), 3);
	ck_assert_double_eq(measure("X", six, 6, XLQA_EVAL_STRICT), 0);
	ck_assert_double_eq(measure("U", six, 6, XLQA_EVAL_STRICT), 1);
	ck_assert_double_eq(measure("W", six, 6, XLQA_EVAL_STRICT), 2);
	ck_assert_double_eq(measure("unjudged", six, 6, XLQA_EVAL_STRICT), 0);
	/* NIL: responses 2 (W) and 5 (R): precision 1/2; NIL questions 5 and 6, one answered NIL: 1/2 */
	ck_assert_double_eq_tol(measure("nil_precision", six, 6, XLQA_EVAL_STRICT), 0.5, EPS);
	ck_assert_double_eq_tol(measure("nil_recall", six, 6, XLQA_EVAL_STRICT), 0.5, EPS);
	/* per type, as the report groups them: F = 1 2 4 5 -> 2/4; D = 3 6 -> 1/2 */
	{
		struct xlqa_eval_item f[] = { six[0], six[1], six[3], six[4] };

		ck_assert_double_eq_tol(measure("accuracy", f, 4, XLQA_EVAL_STRICT), 0.5, EPS);
	}
}
END_TEST

START_TEST(test_measures_undefined)
{
	struct xlqa_eval_item flat[] = { six[0], six[2] }; /* both right: no variance in rightness */
	struct xlqa_eval_item unknown[] = { six[0], six[1] };

	unknown[1].nil_question = -1;
	for (size_t i = 0; i < xlqa_measure_count(); i++) {
		const struct xlqa_measure *m = xlqa_measure_at(i);

		/* no items: rates are undefined, counts are 0 */
		if (m->is_count)
			ck_assert_double_eq(m->compute(NULL, 0, 0), 0);
		else
			ck_assert_msg(isnan(m->compute(NULL, 0, 0)), "%s on nothing", m->name);
		ck_assert(m->help && *m->help);
	}
	ck_assert(isnan(measure("r", flat, 2, XLQA_EVAL_STRICT)));
	/* one NIL status unknown: recall cannot be computed; no NIL responses: no precision */
	ck_assert(isnan(measure("nil_recall", unknown, 2, XLQA_EVAL_STRICT)));
	ck_assert(isnan(measure("nil_precision", flat, 2, XLQA_EVAL_STRICT)));
	ck_assert_ptr_null(xlqa_measure_find("mrr"));
	/* lenient-X counts inexact answers */
	ck_assert(xlqa_eval_right(XLQA_JUDGMENT_X, XLQA_EVAL_LENIENT_X));
	ck_assert(!xlqa_eval_right(XLQA_JUDGMENT_X, XLQA_EVAL_LENIENT_U));
	ck_assert(!xlqa_eval_right(XLQA_JUDGMENT_NONE, XLQA_EVAL_LENIENT_U | XLQA_EVAL_LENIENT_X));
}
END_TEST

START_TEST(test_items_testset)
{
	struct xlqa_testset ts;
	struct xlqa_clef_run run;
	struct xlqa_eval_item *items = NULL;
	struct xlqa_eval_answer_types types;
	struct xlqa_error err;
	size_t n = 0;
	static const char judged[] = "R F 1 abcd041enen 0.5 DOC1 Paris\nR F 3 abcd041enen 0 NIL\n";
	static const char stray[] = "R F 1 abcd041enen 0.5 DOC1 Paris\nR F 8 abcd041enen 0 NIL\n";

	xlqa_testset_init(&ts);
	xlqa_clef_run_init(&run);
	xlqa_eval_answer_types_init(&types);
	ck_assert_int_eq(xlqa_testset_read(&ts, fixture("testset.txt"), &err), XLQA_OK);
	ck_assert_int_eq(xlqa_clef_run_parse(&run, judged, strlen(judged), "r.txt", XLQA_CLEF_JUDGED, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_eval_answer_types_read(&types, fixture("types.tsv"), &err), XLQA_OK);
	/* question 2, unanswered, is an unjudged item of the test set's type: accuracy 2/3 */
	ck_assert_int_eq(xlqa_eval_items(&run, &ts, NULL, &types, &items, &n, &err), XLQA_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(items[1].type, 'D');
	ck_assert_int_eq(items[1].judgment, XLQA_JUDGMENT_NONE);
	ck_assert_str_eq(items[0].answer_type, "LOCATION");
	ck_assert_ptr_null(items[2].answer_type);
	/* without a key, a NIL judged R shows a NIL question; the unanswered one is unknown */
	ck_assert_int_eq(items[2].nil_question, 1);
	ck_assert_int_eq(items[1].nil_question, -1);
	ck_assert_double_eq_tol(measure("accuracy", items, n, XLQA_EVAL_STRICT), 2.0 / 3.0, EPS);
	free(items);
	xlqa_clef_run_release(&run);
	/* a response to a question the test set lacks */
	xlqa_clef_run_init(&run);
	ck_assert_int_eq(xlqa_clef_run_parse(&run, stray, strlen(stray), "r.txt", XLQA_CLEF_JUDGED, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_eval_items(&run, &ts, NULL, NULL, &items, &n, &err), XLQA_EPARSE);
	ck_assert(strstr(err.message, "line 2: question 8 is not in the test set"));
	ck_assert_ptr_null(items);
	xlqa_clef_run_release(&run);
	xlqa_eval_answer_types_release(&types);
	xlqa_testset_release(&ts);
}
END_TEST

START_TEST(test_answer_types)
{
	struct xlqa_eval_answer_types t;
	struct xlqa_error err;
	const char *data = getenv("XLQA_TEST_DATA");
	char path[4096];

	/* the CLEF 2004 Portuguese question file: a header names the answer_type column (the 4th) */
	snprintf(path, sizeof path, "%s/../../shared/data/clef-questions-pt/clef2004-pt.tsv", data ? data : "tests");
	if (access(path, R_OK) != 0)
		return;
	xlqa_eval_answer_types_init(&t);
	ck_assert_int_eq(xlqa_eval_answer_types_read(&t, path, &err), XLQA_OK);
	ck_assert_str_eq(xlqa_eval_answer_types_get(&t, 451), "TIME");
	ck_assert_str_eq(xlqa_eval_answer_types_get(&t, 452), "PERSON");
	ck_assert_ptr_null(xlqa_eval_answer_types_get(&t, 1));
	xlqa_eval_answer_types_release(&t);
}
END_TEST

/* ---- calibration and Kendall's tau ------------------------------------------------------------- */

START_TEST(test_calibration)
{
	struct xlqa_calibration c;
	struct xlqa_buf svg = XLQA_BUF_INIT;
	struct xlqa_error err;
	struct xlqa_eval_item edge[] = { six[0], six[0], six[0] };

	xlqa_calibration_compute(six, 6, XLQA_EVAL_STRICT, &c);
	/* bins: 0.8 -> 8 (1 right), 0.5 0.5 -> 5 (1 of 2), 0.2 -> 2 (U: not right), 0.1 -> 1 (W), 0.0 -> 0 (R) */
	ck_assert_uint_eq(c.count[8], 1);
	ck_assert_uint_eq(c.count[5], 2);
	ck_assert_uint_eq(c.count[0], 1);
	ck_assert_uint_eq(c.count[9], 0);
	ck_assert(isnan(c.accuracy[9]));
	ck_assert_double_eq_tol(c.accuracy[5], 0.5, EPS);
	ck_assert_double_eq_tol(c.mean_confidence[5], 0.5, EPS);
	/* ECE = (1*|1-0.8| + 2*|0.5-0.5| + 1*|0-0.2| + 1*|0-0.1| + 1*|1-0|) / 6 = 1.5/6 */
	ck_assert_double_eq_tol(c.ece, 0.25, EPS);
	/* Brier = (0.04 + 0.25 + 0.25 + 0.04 + 1 + 0.01) / 6 = 1.59/6 */
	ck_assert_double_eq_tol(c.brier, 1.59 / 6.0, EPS);
	ck_assert_double_eq_tol(c.cws, 107.0 / 180.0, EPS);
	/* best: 3 right first: 1 + 1 + 1 + 3/4 + 3/5 + 3/6 = 4.85, /6 */
	ck_assert_double_eq_tol(c.best_cws, 4.85 / 6.0, EPS);
	ck_assert_uint_eq(c.right, 3);
	/* bin edges: 1.0 goes to the last bin, 0.3 and 0.7 (inexact in binary) to their own */
	edge[0].confidence = 1.0;
	edge[1].confidence = 0.3;
	edge[2].confidence = 0.7;
	xlqa_calibration_compute(edge, 3, XLQA_EVAL_STRICT, &c);
	ck_assert_uint_eq(c.count[9], 1);
	ck_assert_uint_eq(c.count[3], 1);
	ck_assert_uint_eq(c.count[7], 1);
	/* the diagram: an SVG document, the title escaped, one bar per non-empty bin */
	ck_assert_int_eq(xlqa_calibration_svg(&c, "run <a&b>", &svg, &err), XLQA_OK);
	ck_assert(strncmp(svg.buf, "<?xml", 5) == 0);
	ck_assert(strstr(svg.buf, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
	ck_assert(strstr(svg.buf, "run &lt;a&amp;b&gt;"));
	ck_assert(strstr(svg.buf, "</svg>\n"));
	/* one point a non-empty bin (each of them small here, so hollow) */
	{
		size_t circles = 0;

		for (const char *p = svg.buf; (p = strstr(p, "<circle class=\"bin")); p++)
			circles++;
		ck_assert_uint_eq(circles, 3);
	}
	xlqa_buf_release(&svg);
}
END_TEST

/* Several runs in one diagram: a group and a legend entry each, small bins hollow, names escaped. */
START_TEST(test_calibration_plot)
{
	struct xlqa_calibration c[2];
	struct xlqa_buf svg = XLQA_BUF_INIT;
	struct xlqa_error err;
	const char *names[] = { "a<1>", "b&2" };
	size_t groups = 0, small = 0, bins = 0;

	xlqa_calibration_compute(six, 6, XLQA_EVAL_STRICT, &c[0]);
	xlqa_calibration_compute(six, 3, XLQA_EVAL_STRICT, &c[1]);
	ck_assert_int_eq(xlqa_calibration_plot(c, names, 2, "t", false, &svg, &err), XLQA_OK);
	/* inline: no XML declaration, an <svg> element */
	ck_assert(strncmp(svg.buf, "<svg ", 5) == 0);
	ck_assert(strstr(svg.buf, ">a&lt;1&gt;</text>") && strstr(svg.buf, ">b&amp;2</text>"));
	for (const char *p = svg.buf; (p = strstr(p, "<g class=\"run\"")); p++)
		groups++;
	for (const char *p = svg.buf; (p = strstr(p, "<circle class=\"bin")); p++)
		bins++;
	for (const char *p = svg.buf; (p = strstr(p, "<circle class=\"bin small\"")); p++)
		small++;
	ck_assert_uint_eq(groups, 2);
	/* six: 5 non-empty bins; its first three: 0.8, 0.5 (twice) -> 2 bins; every bin under 5 responses */
	ck_assert_uint_eq(bins, 7);
	ck_assert_uint_eq(small, 7);
	/* the histogram: a bar a run and non-empty bin */
	{
		size_t bars = 0;

		for (const char *p = svg.buf; (p = strstr(p, "<rect class=\"bar\"")); p++)
			bars++;
		ck_assert_uint_eq(bars, 7);
	}
	xlqa_buf_reset(&svg);
	ck_assert_int_eq(xlqa_calibration_plot(c, names, 0, NULL, true, &svg, &err), XLQA_EINVAL);
	ck_assert_uint_eq(svg.len, 0);
	xlqa_buf_release(&svg);
}
END_TEST

/* The gold key's answers as written, for the report; none from another kind of judge. */
START_TEST(test_gold_answer)
{
	struct xlqa_judge *j = NULL;
	struct xlqa_error err;
	const char *doc = NULL;

	ck_assert_int_eq(xlqa_judge_open("gold", fixture("gold.tsv"), "en", &j, &err), XLQA_OK);
	ck_assert_str_eq(xlqa_judge_gold_answer(j, 1, &doc), "Paris ||| the city of Paris");
	ck_assert_str_eq(doc, "DOC1");
	ck_assert_str_eq(xlqa_judge_gold_answer(j, 3, &doc), "NIL");
	ck_assert_str_eq(doc, "NIL");
	ck_assert_ptr_null(xlqa_judge_gold_answer(j, 9999, &doc));
	ck_assert_ptr_null(doc);
	xlqa_judge_free(j);
	ck_assert_int_eq(xlqa_judge_open("patterns", fixture("gold.patterns"), NULL, &j, &err), XLQA_OK);
	ck_assert_ptr_null(xlqa_judge_gold_answer(j, 1, NULL));
	xlqa_judge_free(j);
}
END_TEST

/* The HTML page: its items must follow the test set; a page's scores carry the TSV values. */
START_TEST(test_html)
{
	struct xlqa_testset ts;
	struct xlqa_clef_run run;
	struct xlqa_eval_item *items = NULL;
	struct xlqa_buf page = XLQA_BUF_INIT;
	struct xlqa_error err;
	struct xlqa_html_options o = { 0 };
	struct xlqa_html_run hr;
	size_t n = 0;
	static const char text[] = "R F 1 abcd041enen 0.9 DOC1 Paris\nW D 2 abcd041enen 0.4 DOC9 a <b>\n";

	xlqa_testset_init(&ts);
	xlqa_clef_run_init(&run);
	ck_assert_int_eq(xlqa_testset_read(&ts, fixture("testset.txt"), &err), XLQA_OK);
	ck_assert_int_eq(xlqa_clef_run_parse(&run, text, sizeof text - 1, "r", XLQA_CLEF_JUDGED, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_eval_items(&run, &ts, NULL, NULL, &items, &n, &err), XLQA_OK);
	hr = (struct xlqa_html_run){ "r<1>", &run, items, n };
	/* no test set: refused */
	ck_assert_int_eq(xlqa_eval_html(&hr, 1, &o, &page, &err), XLQA_EINVAL);
	o.testset = &ts;
	/* an item short of the test set: refused, nothing written */
	hr.n = n - 1;
	ck_assert_int_eq(xlqa_eval_html(&hr, 1, &o, &page, &err), XLQA_EINVAL);
	ck_assert_uint_eq(page.len, 0);
	hr.n = n;
	ck_assert_int_eq(xlqa_eval_html(&hr, 1, &o, &page, &err), XLQA_OK);
	ck_assert(strncmp(page.buf, "<!DOCTYPE html>", 15) == 0);
	/* 1 of the test set's questions right: accuracy as xlqa score --format tsv writes it */
	{
		char want[128];

		snprintf(want, sizeof want, "data-run=\"r&lt;1&gt;\" data-group=\"all\" data-mode=\"strict\" "
		                            "data-measure=\"accuracy\" data-value=\"%.6f\"", 1.0 / (double)ts.count);
		ck_assert_msg(strstr(page.buf, want), "no cell %s", want);
	}
	ck_assert(strstr(page.buf, "<td class=\"answer\">a &lt;b&gt;</td>"));
	ck_assert(!strstr(page.buf, "<b>"));
	xlqa_buf_release(&page);
	free(items);
	xlqa_clef_run_release(&run);
	xlqa_testset_release(&ts);
}
END_TEST

START_TEST(test_kendall)
{
	struct xlqa_kendall k;
	struct xlqa_error err;
	/* four runs; B swaps the 2nd and 3rd: pairs 6, concordant 5, discordant 1: tau = 4/6 */
	const double a[] = { 0.5, 0.4, 0.3, 0.2 }, b[] = { 0.5, 0.2, 0.3, 0.1 };
	const double rev[] = { 0.2, 0.3, 0.4, 0.5 };
	/* ties: pairs (0,1) tied in A, (1,2) tied in B, (0,2) concordant: tau-a = 1/3,
	 * tau-b = 1 / sqrt((3-1)(3-1)) = 1/2 */
	const double ta[] = { 1, 1, 0 }, tb[] = { 1, 0, 0 };
	const double with_nan[] = { 0.1, NAN };

	xlqa_kendall_init(&k);
	ck_assert_int_eq(xlqa_kendall_compute(a, b, 4, &k, &err), XLQA_OK);
	ck_assert_uint_eq(k.pairs, 6);
	ck_assert_uint_eq(k.concordant, 5);
	ck_assert_uint_eq(k.discordant, 1);
	ck_assert_double_eq_tol(k.tau, 4.0 / 6.0, EPS);
	ck_assert_double_eq_tol(k.tau_a, 4.0 / 6.0, EPS);
	ck_assert_uint_eq(k.n_swapped, 1);
	ck_assert_uint_eq(k.swapped[0], 1);
	ck_assert_uint_eq(k.swapped[1], 2);
	ck_assert_int_eq(xlqa_kendall_compute(a, rev, 4, &k, &err), XLQA_OK);
	ck_assert_double_eq_tol(k.tau, -1.0, EPS);
	ck_assert_uint_eq(k.n_swapped, 6);
	ck_assert_int_eq(xlqa_kendall_compute(ta, tb, 3, &k, &err), XLQA_OK);
	ck_assert_uint_eq(k.ties_a, 1);
	ck_assert_uint_eq(k.ties_b, 1);
	ck_assert_double_eq_tol(k.tau_a, 1.0 / 3.0, EPS);
	ck_assert_double_eq_tol(k.tau, 0.5, EPS);
	ck_assert_uint_eq(k.n_swapped, 0);
	/* one run ranks nothing */
	ck_assert_int_eq(xlqa_kendall_compute(a, b, 1, &k, &err), XLQA_OK);
	ck_assert(isnan(k.tau));
	ck_assert_int_eq(xlqa_kendall_compute(with_nan, a, 2, &k, &err), XLQA_EINVAL);
	xlqa_kendall_release(&k);
}
END_TEST

START_TEST(test_report)
{
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_eval_report("r1", six, 6, XLQA_EVAL_REPORT_CALIBRATION, false, &out, &err), XLQA_OK);
	ck_assert(strstr(out.buf, "\"run\": \"r1\""));
	ck_assert(strstr(out.buf, "\"accuracy\": 0.5,"));
	ck_assert(strstr(out.buf, "\"R\": 3,"));
	ck_assert(strstr(out.buf, "\"ece\": 0.25"));
	/* per question type and per answer type (items without one are in no answer-type group) */
	ck_assert(strstr(out.buf, "\"types\": {\n    \"F\": {"));
	ck_assert(strstr(out.buf, "\"LOCATION\": {\n      \"questions\": 2,"));
	xlqa_buf_reset(&out);
	ck_assert_int_eq(xlqa_eval_report("r1", six, 6, 0, true, &out, &err), XLQA_OK);
	ck_assert(strncmp(out.buf, "run r1: 6 questions\nstrict", 26) == 0);
	xlqa_buf_release(&out);
}
END_TEST

Suite *eval_clef_suite(void)
{
	Suite *s = suite_create("eval_clef");
	TCase *tc = tcase_create("runs");

	tcase_add_test(tc, test_run_read);
	tcase_add_loop_test(tc, test_run_read_bad, 0, (int)(sizeof bad_runs / sizeof bad_runs[0]));
	tcase_add_test(tc, test_run_write);
	tcase_add_loop_test(tc, test_run_add_bad, 0, (int)(sizeof bad_adds / sizeof bad_adds[0]));
	suite_add_tcase(s, tc);
	tc = tcase_create("check");
	tcase_add_loop_test(tc, test_check, 0, (int)(sizeof check_cases / sizeof check_cases[0]));
	tcase_add_test(tc, test_check_long_line);
	suite_add_tcase(s, tc);
	tc = tcase_create("judge");
	tcase_add_loop_test(tc, test_normalize, 0, (int)(sizeof norm_cases / sizeof norm_cases[0]));
	tcase_add_test(tc, test_normalize_bad);
	tcase_add_loop_test(tc, test_judge_gold, 0, (int)(sizeof gold_cases / sizeof gold_cases[0]));
	tcase_add_loop_test(tc, test_judge_patterns, 0, (int)(sizeof pattern_cases / sizeof pattern_cases[0]));
	tcase_add_test(tc, test_judge_bad);
	tcase_add_test(tc, test_judge_judgments);
	suite_add_tcase(s, tc);
	tc = tcase_create("measures");
	tcase_add_test(tc, test_measures);
	tcase_add_test(tc, test_measures_undefined);
	tcase_add_test(tc, test_items_testset);
	tcase_add_test(tc, test_answer_types);
	tcase_add_test(tc, test_calibration);
	tcase_add_test(tc, test_calibration_plot);
	tcase_add_test(tc, test_gold_answer);
	tcase_add_test(tc, test_html);
	tcase_add_test(tc, test_kendall);
	tcase_add_test(tc, test_report);
	suite_add_tcase(s, tc);
	return s;
}
