/*
 * eval_trec: TREC answer patterns (reading every key form, word-boundary matching), ranked and series
 * run checkers (one case per rule, the line it is reported at), judgment sets, MRR, list F and the
 * Other nugget F, each against values worked out by hand in the comments.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/patterns.h"
#include "xlqa/trec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EPS 1e-9

/* Writes `text` to a new temporary file and returns its path (free() it after unlink). */
static char *temp_file(const char *text, size_t len)
{
	char *path = strdup("/tmp/xlqa-trec-XXXXXX");
	int fd;

	ck_assert_ptr_nonnull(path);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
	close(fd);
	return path;
}

static void temp_done(char *path)
{
	unlink(path);
	free(path);
}

/* The fixture file `name` under $XLQA_TEST_DATA/data/trec (static storage, overwritten per call). */
static const char *fixture(const char *name)
{
	static char path[4096];
	const char *d = getenv("XLQA_TEST_DATA");

	snprintf(path, sizeof path, "%s/data/trec/%s", d ? d : "tests", name);
	return path;
}

/* ---- patterns: matching ------------------------------------------------------------------------------ */

static const struct match_case {
	const char *regex;
	const char *answer;
	unsigned expect; /* with a key that lists no documents, DOC accompanies every ANSWER */
	const char *guards;
} match_cases[] = {
	{ "Young", "Hugo Young.", 3, "a name at the end of a sentence" },
	{ "Young", "Youngstown", 0, "no match that ends inside a word" },
	{ "town", "Youngstown", 0, "no match that starts inside a word" },
	{ "young", "HUGO YOUNG", 3, "case-insensitive" },
	{ "\\$469,000", "about $469,000 a year", 3, "a match starting with a non-word character" },
	{ "(1|10) feet", "10 feet", 3, "backtracking reaches the alternative that ends on a boundary" },
	{ "U\\.S\\.", "the U.S.A.", 3, "a match ending with a non-word character may touch a word" },
	{ "Zürich", "ZÜRICH airport", 3, "Unicode case folding" },
	{ "K", "Köln", 0, "non-ASCII letters are word characters" },
	{ "1969$", "in 1969", 3, "an anchored regex" },
	{ "1969$", "in 1969 or so", 0, "an anchor still binds" },
	{ "Neil\\s+Armstrong", "Neil   Armstrong", 3, "Perl classes and quantifiers" },
	{ "200 miles", "_200 miles_", 0, "underscore is a word character (ICU \\w)" },
};

START_TEST(pattern_matches_at_word_boundaries)
{
	const struct match_case *c = &match_cases[_i];
	struct xlqa_patterns *p = xlqa_patterns_new();
	struct xlqa_error err;
	unsigned got = 99;

	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(xlqa_patterns_add(p, "1", c->regex, NULL, 0, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_patterns_match(p, "1", c->answer, strlen(c->answer), "DOC1", &got, &err), XLQA_OK);
	ck_assert_msg(got == c->expect, "%s: '%s' vs '%s' gave %u, expected %u", c->guards, c->regex, c->answer, got,
	              c->expect);
	/* A question the key lacks never matches. */
	ck_assert_int_eq(xlqa_patterns_match(p, "2", c->answer, strlen(c->answer), NULL, &got, &err), XLQA_OK);
	ck_assert_uint_eq(got, XLQA_PATTERN_NONE);
	xlqa_patterns_free(p);
}
END_TEST

START_TEST(pattern_docs_decide_support)
{
	/* A +docs key: DOC only for a listed document, and only together with ANSWER. */
	const char *docs[] = { "APW19980705.0043", "NYT19990923.0315" };
	struct xlqa_patterns *p = xlqa_patterns_new();
	struct xlqa_error err;
	unsigned got;

	ck_assert_int_eq(xlqa_patterns_add(p, "1894", "700-million-kilometer", docs, 2, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_patterns_add(p, "1894", "416 - million - mile", docs + 1, 1, &err), XLQA_OK);
	ck_assert(xlqa_patterns_has_docs(p));
	xlqa_patterns_match(p, "1894", "a 700-million-kilometer trip", strlen("a 700-million-kilometer trip"), "APW19980705.0043", &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_ANSWER | XLQA_PATTERN_DOC);
	xlqa_patterns_match(p, "1894", "a 700-million-kilometer trip", strlen("a 700-million-kilometer trip"), "XIE19980101.0001", &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_ANSWER);
	xlqa_patterns_match(p, "1894", "a 700-million-kilometer trip", strlen("a 700-million-kilometer trip"), NULL, &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_ANSWER);
	/* The second pattern lists only NYT19990923.0315: its match supports that document alone. */
	xlqa_patterns_match(p, "1894", "416 - million - mile", strlen("416 - million - mile"), "APW19980705.0043", &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_ANSWER);
	xlqa_patterns_match(p, "1894", "416 - million - mile", strlen("416 - million - mile"), "NYT19990923.0315", &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_ANSWER | XLQA_PATTERN_DOC);
	xlqa_patterns_match(p, "1894", "nothing", strlen("nothing"), "APW19980705.0043", &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_NONE);
	/* match_one looks at one pattern only. */
	xlqa_patterns_match_one(p, "1894", 1, "a 700-million-kilometer trip", strlen("a 700-million-kilometer trip"), "APW19980705.0043", &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_NONE);
	/* A literal keeps its metacharacters literal. */
	ck_assert_int_eq(xlqa_patterns_add_literal(p, "7", "C++ (language)", &err), XLQA_OK);
	xlqa_patterns_match(p, "7", "in C++ (language) code", strlen("in C++ (language) code"), "APW19980705.0043", &got, &err);
	ck_assert_uint_eq(got, XLQA_PATTERN_ANSWER);
	xlqa_patterns_free(p);
	xlqa_patterns_free(NULL);
}
END_TEST

/* ---- patterns: reading ---------------------------------------------------------------------------- */

static const struct read_case {
	const char *text;
	int status;
	size_t questions, total, with_docs;
	int64_t line;     /* of the error */
	const char *qid;  /* a question to look at */
	size_t j;         /* its pattern */
	const char *source;
	const char *guards;
} read_cases[] = {
	{ "1 Young\n2 \\$469,000\n2 dollars?\n", XLQA_OK, 2, 3, 0, 0, "2", 1, "dollars?", "the plain form" },
	{ "1894 416 - million - mile NYT19981211.0308 \n1895 midnight NYT19990810.0082 APW19980705.0043 \n", XLQA_OK, 2,
	  2, 2, 0, "1894", 0, "416 - million - mile", "the space form of +docs: a regex with spaces, docs after" },
	{ "1.3\tCape Town\tNYT19990803.0386 \r\n1.3\tBoston\t\r\n", XLQA_OK, 1, 2, 1, 0, "1.3", 0, "Cape Town",
	  "the tab form with CRLF, and an empty document field" },
	{ "141.6\tBob Bratkowski\n", XLQA_OK, 1, 1, 0, 0, "141.6", 0, "Bob Bratkowski", "a tab line without docs field" },
	{ "166.6 RWJ-270201\n166.6 Aspirin\n166.7 Tylenol\n", XLQA_OK, 2, 3, 0, 0, "166.6", 0, "RWJ-270201",
	  "a docno-shaped regex in a plain key stays a regex (trec15patterns_list)" },
	{ "134.2 fugu fish \n115.7  Colvin Randall\n", XLQA_OK, 2, 2, 0, 0, "134.2", 0, "fugu fish",
	  "trailing and doubled white space" },
	{ "# comment\n\n1 a\n", XLQA_OK, 1, 1, 0, 0, "1", 0, "a", "comments and blank lines" },
	{ "0001 Jean\\s+Cauvin XQ.EN.00053\n0002 n2\\s+\\+\\s+1 XQ.EN.00203\n", XLQA_OK, 2, 2, 2, 0, "0002", 0,
	  "n2\\s+\\+\\s+1", "the xquad-clef .patterns form" },
	{ "1 ok\n2 (10 percent|about 15 \n", XLQA_EPARSE, 0, 0, 0, 2, NULL, 0, NULL,
	  "a regex that does not compile (trec14patterns+docs_factoid:336), at its line" },
	{ "1 ok\n2\n", XLQA_EPARSE, 0, 0, 0, 2, NULL, 0, NULL, "a question id without a regex" },
	{ "\n# nothing\n", XLQA_EEMPTY, 0, 0, 0, -1, NULL, 0, NULL, "a key without patterns" },
	{ "1 caf\xe9\n", XLQA_EENCODING, 0, 0, 0, -1, NULL, 0, NULL, "Latin-1 bytes" },
};

START_TEST(pattern_file_forms)
{
	const struct read_case *c = &read_cases[_i];
	char *path = temp_file(c->text, strlen(c->text));
	struct xlqa_patterns *p = (void *)1;
	struct xlqa_error err;
	int rc;

	xlqa_error_clear(&err);
	rc = xlqa_patterns_read(path, &p, &err);
	ck_assert_msg(rc == c->status, "%s: status %d (%s)", c->guards, rc, err.message);
	if (rc == XLQA_OK) {
		ck_assert_uint_eq(xlqa_patterns_questions(p), c->questions);
		ck_assert_uint_eq(xlqa_patterns_total(p), c->total);
		ck_assert_uint_eq(xlqa_patterns_total_with_docs(p), c->with_docs);
		ck_assert_str_eq(xlqa_patterns_source(p, c->qid, c->j), c->source);
		xlqa_patterns_free(p);
	} else {
		ck_assert_ptr_null(p);
		if (c->line > 0) {
			char want[64];

			ck_assert_int_eq(err.line, c->line);
			snprintf(want, sizeof want, ":%lld: ", (long long)c->line);
			ck_assert_msg(strstr(err.message, want) && strstr(err.message, path), "%s: message '%s'", c->guards,
			              err.message);
		}
	}
	temp_done(path);
}
END_TEST

/*
 * A pattern with nested repetition backtracks exponentially: "(a+)+$" took 7.8 s on a 26-character
 * answer. Matching stops at the limit with an error naming the file, the line and the pattern; an
 * ordinary pattern on the same answer still matches.
 */
START_TEST(pattern_match_limit)
{
	static const char text[] = "1 Paris\n1 (a+)+$\n";
	static const char answer[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab";
	char *path = temp_file(text, strlen(text));
	char where[4200];
	struct xlqa_patterns *p;
	struct xlqa_error err;
	unsigned m = 0;

	ck_assert_int_eq(xlqa_patterns_read(path, &p, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_patterns_match_one(p, "1", 0, "Paris, France", 13, NULL, &m, &err), XLQA_OK);
	ck_assert_uint_eq(m, XLQA_PATTERN_ANSWER | XLQA_PATTERN_DOC);
	ck_assert_int_eq(xlqa_patterns_match(p, "1", answer, strlen(answer), NULL, &m, &err), XLQA_EOVERFLOW);
	snprintf(where, sizeof where, "%s:2: pattern '(a+)+$' needs more than the matching time limit", path);
	ck_assert_msg(strstr(err.message, where), "%s", err.message);
	xlqa_patterns_free(p);
	temp_done(path);
}
END_TEST

/* A NUL byte in a key would end the regex early (here "Par" would match "Paris"): an error with its line. */
START_TEST(pattern_file_nul)
{
	static const char text[] = "1 London\n1 Par\0is\n";
	char *path = temp_file(text, sizeof text - 1);
	struct xlqa_patterns *p = NULL;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_patterns_read(path, &p, &err), XLQA_EPARSE);
	ck_assert_ptr_null(p);
	ck_assert_msg(strstr(err.message, ":2: NUL byte at byte 14"), "%s", err.message);
	temp_done(path);
}
END_TEST

START_TEST(pattern_skip_bad_records_lines)
{
	/* The trec14patterns+docs_factoid break: "%)" lost, the line cut in two (lines 2 and 3 here). */
	static const char text[] = "136.5 (1,000 years ago|680) APW20000901.0002 \n136.6 (10 percent|about 15 \n"
	                           "136.6 ) \n137.1 Quemoy APW20000316.0013 \n";
	char *path = temp_file(text, strlen(text));
	struct xlqa_patterns *p;
	struct xlqa_error err;
	int64_t line = 0;

	ck_assert_int_eq(xlqa_patterns_read_flags(path, XLQA_PATTERNS_SKIP_BAD, &p, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_patterns_total(p), 2);
	ck_assert_uint_eq(xlqa_patterns_skipped(p), 2);
	ck_assert_ptr_nonnull(strstr(xlqa_patterns_skipped_line(p, 0, &line), "does not compile"));
	ck_assert_int_eq(line, 2);
	xlqa_patterns_skipped_line(p, 1, &line);
	ck_assert_int_eq(line, 3);
	ck_assert_ptr_null(xlqa_patterns_skipped_line(p, 2, &line));
	ck_assert(xlqa_patterns_has_docs(p));
	xlqa_patterns_free(p);
	temp_done(path);
}
END_TEST

/* ---- ranked runs: the checker ---------------------------------------------------------------------- */

static const struct check_case {
	enum xlqa_trec_run_format format;
	size_t limit;
	bool with_questions;
	const char *text;
	int64_t line;       /* where the problem is; 0 for the file; -1: the run passes */
	const char *rule;   /* text the problem holds */
	const char *guards;
} check_cases[] = {
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 Paris\n1 Q0 D-2 2 0.8 r1 Lyon\n2 Q0 NIL 1 0 r1\n", -1, NULL,
	  "a well-formed ranked run passes (NIL with no answer)" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 Paris\n1 Q0 D-2 2 0.8\n", 2, "expected, found 5 fields",
	  "ranked: too few fields" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n1 QO D-2 2 0.8 r1 b\n", 2, "must be 'Q0', found 'QO'",
	  "ranked: the literal Q0" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 0 0.9 r1 a\n", 1, "integer from 1 to 5, found '0'", "ranked: rank 0" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n1 Q0 D-1 2.5 0.9 r1 a\n", 2, "found '2.5'",
	  "ranked: a rank that is not an integer" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n1 Q0 D-2 3 0.8 r1 b\n", 2, "rank 3 leaves a gap",
	  "ranked: a gap" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 2 0.9 r1 a\n", 1, "rank 2 leaves a gap: rank 1 expected",
	  "ranked: a question starting at rank 2" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n1 Q0 D-2 2 0.8 r1 b\n1 Q0 D-3 2 0.7 r1 c\n", 3,
	  "rank 2 repeats", "ranked: a repeated rank" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n1 Q0 D-2 2 0.8 r1 b\n2 Q0 D-3 1 0.7 r1 c\n1 Q0 D-4 3 0.6 r1 d\n",
	  4, "not together (it began at line 1)", "ranked: a question's lines apart" },
	{ XLQA_TREC_RANKED, 0, false,
	  "1 Q0 D-1 1 1 r1 a\n1 Q0 D-2 2 1 r1 b\n1 Q0 D-3 3 1 r1 c\n1 Q0 D-4 4 1 r1 d\n1 Q0 D-5 5 1 r1 e\n1 Q0 D-6 5 1 r1 f\n", 6,
	  "more than 5 responses", "ranked: a sixth response" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n2 Q0 D-2 1 1e999 r1 b\n", 2, "score must be a number",
	  "ranked: a score that overflows" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n2 Q0 D-2 1 0.9 r2 b\n", 2, "run tag 'r2' differs from 'r1'",
	  "ranked: two run tags" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 \t \n", 1, "answer string missing",
	  "ranked: an answer of white space only" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 NIL 1 0.9 r1 none\n", 1, "NIL response has no answer",
	  "ranked: NIL with an answer" },
	{ XLQA_TREC_RANKED, 50, false, "1 Q0 D-1 1 0.9 r1 12345678901234567890123456789012345678901234567890\n", -1,
	  NULL, "ranked: exactly 50 bytes pass the 50-byte limit" },
	{ XLQA_TREC_RANKED, 50, false, "1 Q0 D-1 1 0.9 r1 123456789012345678901234567890123456789012345678901\n", 1,
	  "51 bytes exceeds the 50-byte limit", "ranked: 51 bytes" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a\n\n", 2, "empty line", "an empty line" },
	{ XLQA_TREC_RANKED, 0, false, "1 Q0 D-1 1 0.9 r1 a b\tc\r\n", -1, NULL,
	  "ranked: an answer with embedded tab and CRLF ending" },

	{ XLQA_TREC_SERIES, 0, true,
	  "1.1 r7 D1 1969\n1.2 r7 NIL\n1.3 r7 D2 Atlanta\n1.3 r7 D3 Boston\n1.4 r7 D4 x\n2.1 r7 D5 y\n2.2 r7 D6 Red\n"
	  "2.3 r7 D7 z\n",
	  -1, NULL, "a well-formed series run passes" },
	{ XLQA_TREC_SERIES, 0, false, "1.1 r7 D1 1969\n1.2 r7\n", 2, "expected, found 2 fields", "series: too few fields" },
	{ XLQA_TREC_SERIES, 0, false, "1.1 r7 D1 1969\n1.2 r8 D1 x\n", 2, "run tag 'r8' differs", "series: two tags" },
	{ XLQA_TREC_SERIES, 0, false, "1.1 r7 NIL 1969\n", 1, "NIL response has no answer", "series: NIL with an answer" },
	{ XLQA_TREC_SERIES, 0, false, "1.1 r7 D1\n", 1, "answer string missing", "series: no answer" },
	{ XLQA_TREC_SERIES, 0, true,
	  "1.1 r7 D1 1969\n1.2 r7 NIL\n1.3 r7 D2 Atlanta\n1.4 r7 D4 x\n2.1 r7 D5 y\n2.2 r7 D6 Red\n2.3 r7 D7 z\n9.1 r7 D8 q\n",
	  8, "unknown question '9.1'", "series: a question the test set lacks" },
	{ XLQA_TREC_SERIES, 0, true,
	  "1.1 r7 D1 1969\n1.2 r7 NIL\n1.3 r7 NIL\n1.4 r7 D4 x\n2.1 r7 D5 y\n2.2 r7 D6 Red\n2.3 r7 D7 z\n", 3,
	  "NIL is only for factoid questions: '1.3' is LIST", "series: NIL for a list question" },
	{ XLQA_TREC_SERIES, 0, true,
	  "1.1 r7 D1 1969\n1.1 r7 D1 1968\n1.2 r7 NIL\n1.3 r7 D2 A\n1.4 r7 D4 x\n2.1 r7 D5 y\n2.2 r7 D6 Red\n2.3 r7 D7 z\n",
	  2, "factoid question '1.1' has more than one response (first at line 1)", "series: two factoid answers" },
	{ XLQA_TREC_SERIES, 0, true, "1.1 r7 D1 1969\n1.2 r7 NIL\n1.3 r7 D2 A\n1.4 r7 D4 x\n2.1 r7 D5 y\n2.3 r7 D7 z\n", 0,
	  "question '2.2' has no response", "series: a question without a response (file-level)" },
};

/* Series runs over 7000 non-white-space characters are built, not written out. */
START_TEST(series_check_7000_characters)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct xlqa_trec_problems pr;
	struct xlqa_trec_run *run;
	struct xlqa_error err;
	char *path;

	/* 3500 + 3500 non-white-space characters pass (two lines, spaces between words do not count); one
	 * more character on a third line, with a multi-byte letter counted once, breaks the limit there. */
	xlqa_buf_addstr(&b, "2.2 r7 D1 ");
	for (int i = 0; i < 350; i++)
		xlqa_buf_addstr(&b, "abcdefghij ");
	xlqa_buf_addstr(&b, "\n2.2 r7 D2 ");
	for (int i = 0; i < 350; i++)
		xlqa_buf_addstr(&b, "abcdefghi\xc3\xa9 ");
	xlqa_buf_addstr(&b, "\n");
	path = temp_file(b.buf, b.len);
	xlqa_trec_problems_init(&pr);
	ck_assert_int_eq(xlqa_trec_run_read(path, XLQA_TREC_SERIES, NULL, &run, &pr, &err), XLQA_OK);
	ck_assert_uint_eq(pr.count, 0);
	xlqa_trec_run_free(run);
	temp_done(path);
	xlqa_buf_addstr(&b, "2.2 r7 D3 \xc3\xa9\n");
	path = temp_file(b.buf, b.len);
	ck_assert_int_eq(xlqa_trec_run_read(path, XLQA_TREC_SERIES, NULL, &run, &pr, &err), XLQA_OK);
	ck_assert_uint_eq(pr.count, 1);
	ck_assert_int_eq(pr.items[0].line, 3);
	ck_assert_ptr_nonnull(strstr(pr.items[0].message, "exceed 7000 non-white-space characters (7001 so far)"));
	xlqa_trec_run_free(run);
	xlqa_trec_problems_release(&pr);
	temp_done(path);
	xlqa_buf_release(&b);
}
END_TEST

START_TEST(run_checker_rules)
{
	const struct check_case *c = &check_cases[_i];
	char *path = temp_file(c->text, strlen(c->text));
	struct xlqa_trec_check_options opt = { c->limit, NULL };
	struct xlqa_trec_series *qs = NULL;
	struct xlqa_trec_problems pr;
	struct xlqa_trec_run *run;
	struct xlqa_error err;
	int rc;

	if (c->with_questions) {
		ck_assert_int_eq(xlqa_trec_series_read(fixture("questions.xml"), &qs, &err), XLQA_OK);
		opt.questions = qs;
	}
	xlqa_trec_problems_init(&pr);
	ck_assert_int_eq(xlqa_trec_run_read(path, c->format, &opt, &run, &pr, &err), XLQA_OK);
	if (c->line < 0) {
		ck_assert_msg(pr.count == 0, "%s: %zu problems, first '%s'", c->guards, pr.count,
		              pr.count ? pr.items[0].message : "");
	} else {
		ck_assert_msg(pr.count == 1, "%s: %zu problems", c->guards, pr.count);
		ck_assert_msg(pr.items[0].line == c->line, "%s: line %lld", c->guards, (long long)pr.items[0].line);
		ck_assert_msg(strstr(pr.items[0].message, c->rule), "%s: '%s'", c->guards, pr.items[0].message);
	}
	xlqa_trec_run_free(run);
	/* The strict reader refuses exactly what the checker reports, at the same line. */
	xlqa_error_clear(&err);
	rc = xlqa_trec_run_read(path, c->format, &opt, &run, NULL, &err);
	if (c->line < 0) {
		ck_assert_int_eq(rc, XLQA_OK);
		xlqa_trec_run_free(run);
	} else {
		ck_assert_int_eq(rc, XLQA_EPARSE);
		ck_assert_ptr_null(run);
		ck_assert_ptr_nonnull(strstr(err.message, c->rule));
		if (c->line > 0)
			ck_assert_int_eq(err.line, c->line);
	}
	xlqa_trec_problems_release(&pr);
	xlqa_trec_series_free(qs);
	temp_done(path);
}
END_TEST

START_TEST(ranked_bad_fixture_reports_every_line)
{
	/* tests/data/trec/ranked-bad.run breaks one rule a line; all 13 are reported, in order. */
	static const int64_t lines[] = { 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 18, 19 };
	struct xlqa_trec_check_options opt = { 50, NULL };
	struct xlqa_trec_problems pr;
	struct xlqa_trec_run *run;
	struct xlqa_error err;

	xlqa_trec_problems_init(&pr);
	ck_assert_int_eq(xlqa_trec_run_read(fixture("ranked-bad.run"), XLQA_TREC_RANKED, &opt, &run, &pr, &err), XLQA_OK);
	ck_assert_uint_eq(pr.count, sizeof lines / sizeof lines[0]);
	for (size_t i = 0; i < pr.count; i++)
		ck_assert_int_eq(pr.items[i].line, lines[i]);
	/* Lines 10 (five fields) and 11 (empty) cannot be parsed and are skipped; 17 responses remain. */
	ck_assert_uint_eq(run->skipped, 2);
	ck_assert_uint_eq(run->count, 17);
	xlqa_trec_run_free(run);
	xlqa_trec_problems_release(&pr);
}
END_TEST

/* ---- ranked runs: judgments and MRR ------------------------------------------------------------- */

START_TEST(mrr_from_judgments)
{
	/*
	 * ranked.run judged by ranked.judgments:
	 *   q1: rank 1 wrong, rank 2 right            strict 1/2  lenient 1/2
	 *   q2: rank 1 unsupported, rank 3 right      strict 1/3  lenient 1/1
	 *   q3: ranks 1-2 wrong                       0           0
	 *   q4: NIL judged right                      1           1
	 * over the run's 4 questions: strict (1/2 + 1/3 + 0 + 1)/4 = 11/24 = 0.458333...,
	 * lenient (1/2 + 1 + 0 + 1)/4 = 0.625; no correct response: q3 in both.
	 * Adding q5 (judged, not answered): strict 11/6/5 = 0.366667, lenient 2.5/5 = 0.5, no correct 2.
	 */
	static const char *const five[] = { "1", "2", "3", "4", "5" };
	struct xlqa_trec_judgments *j;
	struct xlqa_trec_run *run;
	struct xlqa_trec_mrr m;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_trec_judgments_read(fixture("ranked.judgments"), &j, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_trec_judgments_count(j), 9);
	ck_assert_uint_eq(xlqa_trec_judgments_questions(j), 5);
	ck_assert_str_eq(xlqa_trec_judgments_qid(j, 4), "5");
	ck_assert_int_eq(xlqa_trec_judgments_get(j, "2", "FT911-0001", "  Vesuvius erupted ", 19), XLQA_TREC_UNSUPPORTED);
	ck_assert_int_eq(xlqa_trec_judgments_get(j, "2", "FT911-0001", "Vesuvius", 8), XLQA_TREC_UNJUDGED);
	ck_assert_int_eq(xlqa_trec_run_read(fixture("ranked.run"), XLQA_TREC_RANKED, NULL, &run, NULL, &err), XLQA_OK);
	xlqa_trec_judge_judgments(run, j);
	ck_assert_int_eq(xlqa_trec_mrr_compute(run, NULL, 0, &m, &err), XLQA_OK);
	ck_assert_uint_eq(m.questions, 4);
	ck_assert_double_eq_tol(m.mrr_strict, 11.0 / 24.0, EPS);
	ck_assert_double_eq_tol(m.mrr_lenient, 0.625, EPS);
	ck_assert_uint_eq(m.no_correct_strict, 1);
	ck_assert_uint_eq(m.no_correct_lenient, 1);
	ck_assert_uint_eq(m.unjudged, 0);
	ck_assert_int_eq(xlqa_trec_mrr_compute(run, five, 5, &m, &err), XLQA_OK);
	ck_assert_double_eq_tol(m.mrr_strict, (0.5 + 1.0 / 3 + 1) / 5, EPS);
	ck_assert_double_eq_tol(m.mrr_lenient, 0.5, EPS);
	ck_assert_uint_eq(m.no_correct_strict, 2);
	ck_assert_int_eq(xlqa_trec_mrr_compute(run, five, 0, &m, &err), XLQA_EEMPTY);
	xlqa_trec_run_free(run);
	xlqa_trec_judgments_free(j);
}
END_TEST

START_TEST(mrr_from_patterns)
{
	/*
	 * ranked.patterns: 1 "Young$", 2 "Vesuvius", 3 "1776"; no pattern for 4.
	 *   q1: "Paris" wrong, "Hugo Young" right at rank 2  -> 1/2
	 *   q2: "Vesuvius erupted" right at rank 1            -> 1
	 *   q3: "1492", "1493" wrong                          -> 0
	 *   q4: NIL, and the key knows no answer: right       -> 1
	 * MRR = (1/2 + 1 + 0 + 1)/4 = 0.625, strict and lenient alike (no documents in the key).
	 */
	struct xlqa_patterns *p;
	struct xlqa_trec_run *run;
	struct xlqa_trec_mrr m;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_patterns_read(fixture("ranked.patterns"), &p, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_run_read(fixture("ranked.run"), XLQA_TREC_RANKED, NULL, &run, NULL, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_judge_patterns(run, p, &err), XLQA_OK);
	ck_assert_int_eq(run->responses[0].judgment, XLQA_TREC_WRONG);
	ck_assert_int_eq(run->responses[1].judgment, XLQA_TREC_RIGHT);
	ck_assert_int_eq(run->responses[7].judgment, XLQA_TREC_RIGHT);
	ck_assert_int_eq(xlqa_trec_mrr_compute(run, NULL, 0, &m, &err), XLQA_OK);
	ck_assert_double_eq_tol(m.mrr_strict, 0.625, EPS);
	ck_assert_double_eq_tol(m.mrr_lenient, 0.625, EPS);
	ck_assert_uint_eq(m.no_correct_strict, 1);
	xlqa_trec_run_free(run);
	xlqa_patterns_free(p);
}
END_TEST

START_TEST(mrr_unsupported_from_docs_key)
{
	/* A +docs key: the right string from an unlisted document is unsupported, so strict and lenient
	 * part: strict 0 (nothing right), lenient 1/1. */
	static const char key[] = "7 Everest NYT19990101.0001\n";
	static const char text[] = "7 Q0 APW19990101.0001 1 1 r everest\n";
	char *kp = temp_file(key, strlen(key)), *rp = temp_file(text, strlen(text));
	struct xlqa_patterns *p;
	struct xlqa_trec_run *run;
	struct xlqa_trec_mrr m;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_patterns_read(kp, &p, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_run_read(rp, XLQA_TREC_RANKED, NULL, &run, NULL, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_judge_patterns(run, p, &err), XLQA_OK);
	ck_assert_int_eq(run->responses[0].judgment, XLQA_TREC_UNSUPPORTED);
	ck_assert_int_eq(xlqa_trec_mrr_compute(run, NULL, 0, &m, &err), XLQA_OK);
	ck_assert_double_eq_tol(m.mrr_strict, 0, EPS);
	ck_assert_double_eq_tol(m.mrr_lenient, 1, EPS);
	xlqa_trec_run_free(run);
	xlqa_patterns_free(p);
	temp_done(kp);
	temp_done(rp);
}
END_TEST

static const struct bad_judgments {
	const char *text;
	int64_t line;
	const char *says;
} bad_judgments[] = {
	{ "1 D1 1 a\n1 D1 3 b\n", 2, "judgment must be -1, 1 or 2, found '3'" },
	{ "1 D1 1 a\n1 D1\n", 2, "'qid docno judgment answer' expected" },
	{ "1 D1 1 a\n1 D1 -1 a\n", 2, "judged -1 here and 1 before" },
};

START_TEST(judgments_errors)
{
	const struct bad_judgments *c = &bad_judgments[_i];
	char *path = temp_file(c->text, strlen(c->text));
	struct xlqa_trec_judgments *j;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_trec_judgments_read(path, &j, &err), XLQA_EPARSE);
	ck_assert_int_eq(err.line, c->line);
	ck_assert_msg(strstr(err.message, c->says), "'%s'", err.message);
	temp_done(path);
}
END_TEST

/* ---- series: questions, keys, scores --------------------------------------------------------- */

START_TEST(series_questions_read)
{
	struct xlqa_trec_series *s;
	const struct xlqa_trec_question *q;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_trec_series_read(fixture("questions.xml"), &s, &err), XLQA_OK);
	ck_assert_str_eq(s->year, "2007");
	ck_assert_uint_eq(s->n_targets, 2);
	ck_assert_uint_eq(s->n_questions, 7);
	ck_assert_uint_eq(s->by_type[XLQA_TREC_FACTOID], 3);
	ck_assert_uint_eq(s->by_type[XLQA_TREC_LIST], 2);
	ck_assert_uint_eq(s->by_type[XLQA_TREC_OTHER], 2);
	/* The file is ISO-8859-1: the target text comes out as UTF-8. */
	ck_assert_str_eq(s->targets[1].text, "Caf\xc3\xa9 Z\xc3\xbcrich");
	ck_assert_uint_eq(s->targets[1].first, 4);
	ck_assert_uint_eq(s->targets[1].count, 3);
	q = xlqa_trec_series_find(s, "1.3");
	ck_assert_ptr_nonnull(q);
	ck_assert_int_eq(q->type, XLQA_TREC_LIST);
	ck_assert_str_eq(q->text, "Which cities held ticker-tape parades for the crew?");
	ck_assert_ptr_null(xlqa_trec_series_find(s, "3.1"));
	xlqa_trec_series_free(s);
	xlqa_trec_series_free(NULL);
}
END_TEST

static const struct bad_xml {
	const char *text;
	int status;
	int64_t line;
	const char *says;
} bad_xml[] = {
	{ "<trecqa>\n<target id=\"1\" text=\"x\">\n<qa><q id=\"1.1\" type=\"YESNO\">q</q></qa>\n</target></trecqa>\n",
	  XLQA_EPARSE, 3, "type 'YESNO', expected FACTOID, LIST or OTHER" },
	{ "<trecqa>\n<target id=\"1\" text=\"x\">\n<qa><q id=\"1.1\" type=\"LIST\">q</q></qa>\n"
	  "<qa><q id=\"1.1\" type=\"LIST\">q</q></qa>\n</target></trecqa>\n",
	  XLQA_EPARSE, 4, "question '1.1' appears twice" },
	{ "<trecqa>\n<target id=\"1\" text=\"x\">\n<qa><q type=\"LIST\">q</q></qa>\n</target></trecqa>\n", XLQA_EPARSE, 3,
	  "question without an 'id'" },
	{ "<trecqa>\n<target id=\"1\">\n<qa><q id=\"1.1\" type=\"LIST\">q</qa>\n</target></trecqa>\n", XLQA_EPARSE, 3,
	  ":3: XML not well formed: Opening and ending tag mismatch: q" },
	{ "<trecqa year=\"2007\">\n</trecqa>\n", XLQA_EEMPTY, -1, "no <target> element" },
};

START_TEST(series_questions_errors)
{
	const struct bad_xml *c = &bad_xml[_i];
	char *path = temp_file(c->text, strlen(c->text));
	struct xlqa_trec_series *s = (void *)1;
	struct xlqa_error err;

	xlqa_error_clear(&err);
	ck_assert_int_eq(xlqa_trec_series_read(path, &s, &err), c->status);
	ck_assert_ptr_null(s);
	if (c->line > 0)
		ck_assert_int_eq(err.line, c->line);
	ck_assert_msg(strstr(err.message, c->says), "'%s'", err.message);
	temp_done(path);
}
END_TEST

START_TEST(nugget_keys_both_forms)
{
	/* vital weighs 1 and okay 0: the weight sum of 1.6 is 2 (two vital nuggets of three). */
	static const char vo[] = "Qid 1.6: 'other' question for target Crips\n1.6 1\tokay\tslang\n1.6 2\tvital\tgreeting\n"
	                         "1.6 3\tvital\tbandanna\n\n";
	static const char bad[] = "1.4\t1\t1\tx\n1.4\t2\t1.5\ty\n";
	char *p1 = temp_file(vo, strlen(vo)), *p2 = temp_file(bad, strlen(bad));
	struct xlqa_trec_nuggets *n;
	struct xlqa_error err;
	double sum = -1;

	ck_assert_int_eq(xlqa_trec_nuggets_read(p1, &n, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_trec_nuggets_count(n, "1.6", &sum), 3);
	ck_assert_double_eq_tol(sum, 2, EPS);
	ck_assert_uint_eq(xlqa_trec_nuggets_count(n, "9.9", &sum), 0);
	xlqa_trec_nuggets_free(n);
	ck_assert_int_eq(xlqa_trec_nuggets_read(fixture("nuggets.pyramid"), &n, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_trec_nuggets_questions(n), 2);
	ck_assert_uint_eq(xlqa_trec_nuggets_total(n), 5);
	ck_assert_uint_eq(xlqa_trec_nuggets_count(n, "1.4", &sum), 3);
	ck_assert_double_eq_tol(sum, 1.75, EPS);
	xlqa_trec_nuggets_free(n);
	/* A pyramid weight outside [0,1] is refused at its line. */
	ck_assert_int_eq(xlqa_trec_nuggets_read(p2, &n, &err), XLQA_EPARSE);
	ck_assert_int_eq(err.line, 2);
	temp_done(p1);
	temp_done(p2);
}
END_TEST

START_TEST(nugget_judgments_errors)
{
	static const char unknown_nugget[] = "1.4 1\n2.3 7\n";
	static const char twice[] = "1.4 1\n1.4 2\n";
	static const char unknown_q[] = "# c\n5.5 1\n";
	const char *texts[] = { unknown_nugget, twice, unknown_q };
	const char *says[] = { "question '2.3' has no nugget '7'", "'1.4' is listed twice", "'5.5' is not in the nugget key" };
	struct xlqa_trec_nuggets *n;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_trec_nuggets_read(fixture("nuggets.pyramid"), &n, &err), XLQA_OK);
	for (size_t i = 0; i < 3; i++) {
		char *path = temp_file(texts[i], strlen(texts[i]));
		struct xlqa_trec_nugget_judgments *j;

		ck_assert_int_eq(xlqa_trec_nugget_judgments_read(path, n, &j, &err), XLQA_EPARSE);
		ck_assert_int_eq(err.line, 2);
		ck_assert_msg(strstr(err.message, says[i]), "'%s'", err.message);
		temp_done(path);
	}
	xlqa_trec_nuggets_free(n);
}
END_TEST

START_TEST(list_key_answers_form)
{
	struct xlqa_patterns *p;
	struct xlqa_error err;
	unsigned m;

	ck_assert_int_eq(xlqa_trec_list_key_read(fixture("list.answers"), &p, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_patterns_questions(p), 2);
	ck_assert_uint_eq(xlqa_patterns_count(p, "1.3"), 4);
	ck_assert_uint_eq(xlqa_patterns_count(p, "2.2"), 3);
	xlqa_patterns_match(p, "1.3", "in cape town", 12, NULL, &m, &err);
	ck_assert_uint_eq(m, XLQA_PATTERN_ANSWER | XLQA_PATTERN_DOC);
	xlqa_patterns_free(p);
}
END_TEST

START_TEST(series_scores_by_hand)
{
	/*
	 * series.run against questions.xml, factoid.patterns, list.answers, nuggets.pyramid, series.nj:
	 * Factoid: 1.1 "in 1969" right, 1.2 "Buzz Aldrin" wrong, 2.1 NIL right (no pattern for 2.1).
	 *   series 1: 1/2, series 2: 1/1; accuracy over all factoids 2/3.
	 * List 1.3: key Atlanta, Boston, Cape Town, Denver (4); returned Atlanta, Boston, atlanta, Chicago (4);
	 *   "atlanta" finds Atlanta already claimed, so 2 distinct: IP = 2/4, IR = 2/4, F = 2*.5*.5/1 = 0.5.
	 * List 2.2: key Red, Blue, Green; one instance "Red and Blue" claims one key instance:
	 *   IP = 1/1, IR = 1/3, F = 2*(1/3)/(4/3) = 0.5.
	 * Other 1.4: nuggets 1 (w 1) and 3 (w .25) of weights 1 + .5 + .25 = 1.75: NR = 1.25/1.75 = 5/7;
	 *   allowance 2*100 = 200; length 2 lines * 15 words * 10 letters = 300 >= 200:
	 *   NP = 1 - (300-200)/300 = 2/3; F = 10*(2/3)*(5/7) / (9*(2/3) + 5/7) = (100/21)/(47/7) = 100/141.
	 * Other 2.3: nugget 2 (w 1) of 2: NR = 1/2; length 50 < 100: NP = 1; F = 10*.5/(9 + .5) = 10/19.
	 * Series 1: (1/2 + 1/2 + 100/141)/3 = 241/423; series 2: (1 + 1/2 + 10/19)/3 = 38.5/57.
	 * Run: (241/423 + 38.5/57)/2; list_f (0.5 + 0.5)/2 = 0.5; other_f (100/141 + 10/19)/2.
	 */
	struct xlqa_trec_series *qs;
	struct xlqa_patterns *factoid, *list;
	struct xlqa_trec_nuggets *nuggets;
	struct xlqa_trec_nugget_judgments *nj;
	struct xlqa_trec_run *run;
	struct xlqa_trec_series_result r;
	struct xlqa_trec_series_keys keys;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_trec_series_read(fixture("questions.xml"), &qs, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_patterns_read(fixture("factoid.patterns"), &factoid, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_list_key_read(fixture("list.answers"), &list, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_nuggets_read(fixture("nuggets.pyramid"), &nuggets, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_nugget_judgments_read(fixture("series.nj"), nuggets, &nj, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_run_read(fixture("series.run"), XLQA_TREC_SERIES, NULL, &run, NULL, &err), XLQA_OK);
	keys.factoid = factoid;
	keys.list = list;
	keys.nuggets = nuggets;
	keys.nugget_judgments = nj;
	ck_assert_int_eq(xlqa_trec_series_score(qs, run, &keys, &r, &err), XLQA_OK);
	/* per question (test-set order 1.1 1.2 1.3 1.4 2.1 2.2 2.3) */
	ck_assert(r.questions[0].correct);
	ck_assert(!r.questions[1].correct);
	ck_assert_uint_eq(r.questions[2].returned, 4);
	ck_assert_uint_eq(r.questions[2].distinct, 2);
	ck_assert_uint_eq(r.questions[2].key_size, 4);
	ck_assert_double_eq_tol(r.questions[2].f, 0.5, EPS);
	ck_assert_uint_eq(r.questions[3].length, 300);
	ck_assert_uint_eq(r.questions[3].allowance, 200);
	ck_assert_double_eq_tol(r.questions[3].recall, 5.0 / 7, EPS);
	ck_assert_double_eq_tol(r.questions[3].precision, 2.0 / 3, EPS);
	ck_assert_double_eq_tol(r.questions[3].f, 100.0 / 141, EPS);
	ck_assert(r.questions[4].correct);
	ck_assert_double_eq_tol(r.questions[5].precision, 1, EPS);
	ck_assert_double_eq_tol(r.questions[5].recall, 1.0 / 3, EPS);
	ck_assert_double_eq_tol(r.questions[6].f, 10.0 / 19, EPS);
	/* per series and run */
	ck_assert_double_eq_tol(r.targets[0].factoid, 0.5, EPS);
	ck_assert_double_eq_tol(r.targets[0].combined, 241.0 / 423, EPS);
	ck_assert_double_eq_tol(r.targets[1].combined, 38.5 / 57, EPS);
	ck_assert_double_eq_tol(r.factoid_accuracy, 2.0 / 3, EPS);
	ck_assert_double_eq_tol(r.list_f, 0.5, EPS);
	ck_assert_double_eq_tol(r.other_f, (100.0 / 141 + 10.0 / 19) / 2, EPS);
	ck_assert_double_eq_tol(r.score, (241.0 / 423 + 38.5 / 57) / 2, EPS);
	xlqa_trec_series_result_release(&r);

	/* Without a list key and nuggets, series combine what is scored: series 1 = 1/2, series 2 = 1. */
	keys.list = NULL;
	keys.nuggets = NULL;
	ck_assert_int_eq(xlqa_trec_series_score(qs, run, &keys, &r, &err), XLQA_OK);
	ck_assert_double_eq_tol(r.list_f, -1, EPS);
	ck_assert_double_eq_tol(r.targets[0].list, -1, EPS);
	ck_assert_double_eq_tol(r.score, (0.5 + 1) / 2, EPS);
	xlqa_trec_series_result_release(&r);

	xlqa_trec_run_free(run);
	xlqa_trec_nugget_judgments_free(nj);
	xlqa_trec_nuggets_free(nuggets);
	xlqa_patterns_free(list);
	xlqa_patterns_free(factoid);
	xlqa_trec_series_free(qs);
}
END_TEST

/* Scores one LIST question 1.1 of a one-target test set with key `key` (a patterns_list file) and run `run`. */
static void score_one_list(const char *key, const char *run_text, struct xlqa_trec_question_score *out)
{
	static const char xml[] = "<?xml version=\"1.0\"?>\n<trecqa year=\"2007\"><target id=\"1\" text=\"Patsy Cline\">"
	                          "<qa><q id=\"1.1\" type=\"LIST\">Songs?</q></qa></target></trecqa>\n";
	char *qpath = temp_file(xml, strlen(xml)), *kpath = temp_file(key, strlen(key)),
	     *rpath = temp_file(run_text, strlen(run_text));
	struct xlqa_trec_series *qs;
	struct xlqa_patterns *list;
	struct xlqa_trec_run *run;
	struct xlqa_trec_series_keys keys = { NULL, NULL, NULL, NULL };
	struct xlqa_trec_series_result r;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_trec_series_read(qpath, &qs, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_list_key_read(kpath, &list, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_run_read(rpath, XLQA_TREC_SERIES, NULL, &run, NULL, &err), XLQA_OK);
	keys.list = list;
	ck_assert_int_eq(xlqa_trec_series_score(qs, run, &keys, &r, &err), XLQA_OK);
	*out = r.questions[0];
	out->question = NULL;
	xlqa_trec_series_result_release(&r);
	xlqa_trec_run_free(run);
	xlqa_patterns_free(list);
	xlqa_trec_series_free(qs);
	temp_done(qpath);
	temp_done(kpath);
	temp_done(rpath);
}

static const struct list_case {
	const char *run;
	size_t returned, distinct;
	double f;
	const char *guards;
} list_cases[] = {
	{ "1.1 r D Walking After Midnight\n1.1 r D After Midnight\n", 2, 2, 1.0,
	  "the longer title first: a greedy assignment gives it 'After Midnight' and leaves the second nothing" },
	{ "1.1 r D After Midnight\n1.1 r D Walking After Midnight\n", 2, 2, 1.0, "the order does not matter" },
	{ "1.1 r D After Midnight\n1.1 r D after midnight\n", 2, 1, 2 * 0.5 * 0.5 / 1.0,
	  "the same instance twice counts once: IP 1/2, IR 1/2" },
	{ "1.1 r D Walking After Midnight\n", 1, 1, 2 * 1 * 0.5 / 1.5,
	  "one response matching two key instances counts once: IP 1, IR 1/2" },
	{ "1.1 r D Crazy\n1.1 r NIL\n", 1, 0, 0, "a NIL line is no instance; no match gives F 0" },
};

START_TEST(list_assignment_is_one_to_one_and_maximal)
{
	const struct list_case *c = &list_cases[_i];
	struct xlqa_trec_question_score q;

	score_one_list("1.1 After Midnight\n1.1 Walking After Midnight\n", c->run, &q);
	ck_assert_msg(q.returned == c->returned && q.distinct == c->distinct && fabs(q.f - c->f) < EPS,
	              "%s: returned %zu distinct %zu F %g", c->guards, q.returned, q.distinct, q.f);
}
END_TEST

/* The four real patterns of the TREC 2005 and 2006 list keys whose every part is optional. */
static const char empty_key[] = "96.3 Cammi Granato\n"
                                "96.3 (Catriona ?)?(Le ?May Doan)?\n"
                                "134.2 (Drosophila ?)?(melanogaster|(fruit( fly)?)?)\n"
                                "134.2 (Caenorhabditis elegans)?( ?roundworm)?\n"
                                "134.2 yeast\n"
                                "162.6 (Arkansas Cancer Research( Center, )?)?(University of Arkansas)?\n";

static const struct empty_case {
	const char *qid, *answer;
	bool right;
	const char *guards;
} empty_cases[] = {
	{ "96.3", "zebra", false, "an empty match does not judge" },
	{ "96.3", "", false, "an empty answer is not right" },
	{ "96.3", "Catriona Le May Doan", true, "the whole name" },
	{ "96.3", "the skater LeMay Doan won", true, "a non-empty match after empty ones" },
	{ "134.2", "zebra", false, "neither optional pattern accepts any answer" },
	{ "134.2", "the fruit fly", true, "an optional group that matches" },
	{ "134.2", "a roundworm", true, "the second pattern's optional group" },
	{ "162.6", "University of Arkansas", true, "a later optional group" },
	{ "162.6", "Harvard", false, "162.6 with only its empty-matching pattern" },
};

START_TEST(empty_matches_do_not_judge)
{
	const struct empty_case *c = &empty_cases[_i];
	char *path = temp_file(empty_key, strlen(empty_key));
	struct xlqa_patterns *p;
	struct xlqa_error err;
	unsigned m = 0;

	ck_assert_int_eq(xlqa_patterns_read(path, &p, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_patterns_match(p, c->qid, c->answer, strlen(c->answer), NULL, &m, &err), XLQA_OK);
	ck_assert_msg((m != 0) == c->right, "%s: '%s' for %s gives %u", c->guards, c->answer, c->qid, m);
	xlqa_patterns_free(p);
	temp_done(path);
}
END_TEST

START_TEST(empty_matching_patterns_are_warned_with_lines)
{
	char *path = temp_file(empty_key, strlen(empty_key));
	struct xlqa_patterns *p;
	struct xlqa_error err;
	static const int64_t lines[] = { 2, 3, 4, 6 };
	int64_t line = -1;

	ck_assert_int_eq(xlqa_patterns_read(path, &p, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_patterns_warnings(p), 4);
	for (size_t i = 0; i < 4; i++) {
		ck_assert_ptr_nonnull(xlqa_patterns_warning(p, i, &line));
		ck_assert_int_eq(line, lines[i]);
	}
	ck_assert_str_eq(xlqa_patterns_warning(p, 0, NULL), "pattern '(Catriona ?)?(Le ?May Doan)?' of question '96.3' "
	                                                    "matches the empty string: only a non-empty match judges");
	ck_assert_ptr_null(xlqa_patterns_warning(p, 4, &line));
	xlqa_patterns_free(p);
	temp_done(path);
}
END_TEST

START_TEST(empty_match_is_wrong_in_ranked_runs)
{
	/* --track trec: "zebra" for 96.3 was judged right (MRR 1.0); it is wrong, and the name is right. */
	static const char run_text[] = "96.3 Q0 D1 1 1.0 t zebra\n96.3 Q0 D1 2 0.5 t Le May Doan\n";
	char *kpath = temp_file(empty_key, strlen(empty_key)), *rpath = temp_file(run_text, strlen(run_text));
	struct xlqa_patterns *p;
	struct xlqa_trec_run *run;
	struct xlqa_trec_mrr m;
	struct xlqa_error err;
	const char *qid = "96.3";

	ck_assert_int_eq(xlqa_patterns_read(kpath, &p, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_run_read(rpath, XLQA_TREC_RANKED, NULL, &run, NULL, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_judge_patterns(run, p, &err), XLQA_OK);
	ck_assert_int_eq(run->responses[0].judgment, XLQA_TREC_WRONG);
	ck_assert_int_eq(run->responses[1].judgment, XLQA_TREC_RIGHT);
	ck_assert_int_eq(xlqa_trec_mrr_compute(run, &qid, 1, &m, &err), XLQA_OK);
	ck_assert_double_eq_tol(m.mrr_strict, 0.5, EPS);
	xlqa_trec_run_free(run);
	xlqa_patterns_free(p);
	temp_done(kpath);
	temp_done(rpath);
}
END_TEST

START_TEST(other_f_edge_cases)
{
	/*
	 * A response that holds no nugget: NR = 0, allowance 0, so NP = 1 - length/length = 0 and F = 0
	 * (not a division by zero). A short response with every nugget: NP = 1, NR = 1, F = 1.
	 */
	static const char q[] = "<trecqa><target id=\"1\" text=\"t\"><qa><q id=\"1.1\" type=\"OTHER\">o</q></qa></target>"
	                        "<target id=\"2\" text=\"u\"><qa><q id=\"2.1\" type=\"OTHER\">o</q></qa></target></trecqa>\n";
	static const char key[] = "1.1\t1\t1\ta\n2.1\t1\t1\tb\n2.1\t2\t0\tc\n";
	static const char nj[] = "2.1 1 2\n";
	static const char text[] = "1.1 r D1 some words here\n2.1 r D2 short\n";
	char *qp = temp_file(q, strlen(q)), *kp = temp_file(key, strlen(key)), *np = temp_file(nj, strlen(nj)),
	     *rp = temp_file(text, strlen(text));
	struct xlqa_trec_series *qs;
	struct xlqa_trec_nuggets *n;
	struct xlqa_trec_nugget_judgments *j;
	struct xlqa_trec_run *run;
	struct xlqa_trec_series_keys keys = { NULL, NULL, NULL, NULL };
	struct xlqa_trec_series_result r;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_trec_series_read(qp, &qs, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_nuggets_read(kp, &n, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_nugget_judgments_read(np, n, &j, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_trec_run_read(rp, XLQA_TREC_SERIES, NULL, &run, NULL, &err), XLQA_OK);
	keys.nuggets = n;
	keys.nugget_judgments = j;
	ck_assert_int_eq(xlqa_trec_series_score(qs, run, &keys, &r, &err), XLQA_OK);
	ck_assert_double_eq_tol(r.questions[0].precision, 0, EPS);
	ck_assert_double_eq_tol(r.questions[0].f, 0, EPS);
	ck_assert_double_eq_tol(r.questions[1].f, 1, EPS);
	ck_assert_double_eq_tol(r.other_f, 0.5, EPS);
	ck_assert_double_eq_tol(r.factoid_accuracy, -1, EPS);
	xlqa_trec_series_result_release(&r);
	xlqa_trec_run_free(run);
	xlqa_trec_nugget_judgments_free(j);
	xlqa_trec_nuggets_free(n);
	xlqa_trec_series_free(qs);
	temp_done(qp);
	temp_done(kp);
	temp_done(np);
	temp_done(rp);
}
END_TEST

/*
 * The series measures are a registry, and the report takes them from it: a component without a key
 * (-1) reads "-" in TSV, the chosen measures come in the order given, and only the first run of an
 * output has the header line.
 */
START_TEST(series_report_from_the_registry)
{
	struct xlqa_trec_series_result r = { 0 };
	const struct xlqa_trec_series_measure *ms[2];
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_uint_eq(xlqa_trec_series_measure_count(), 4);
	ck_assert_ptr_null(xlqa_trec_series_measure_at(4));
	ck_assert_ptr_null(xlqa_trec_series_measure_find("mrr_strict"));
	ms[0] = xlqa_trec_series_measure_find("score");
	ms[1] = xlqa_trec_series_measure_find("list_f");
	ck_assert_ptr_nonnull(ms[0]);
	ck_assert_ptr_nonnull(ms[1]);
	r.factoid_accuracy = 0.5;
	r.list_f = -1;
	r.score = 0.25;
	ck_assert_double_eq(xlqa_trec_series_measure_find("factoid_accuracy")->value(&r), 0.5);
	ck_assert_int_eq(xlqa_trec_series_report(&(struct xlqa_trec_report_options){ XLQA_REPORT_TSV, false, true },
	                                         "a.run", NULL, &r, ms, 2, &out, &err),
	                 XLQA_OK);
	ck_assert_int_eq(xlqa_trec_series_report(&(struct xlqa_trec_report_options){ XLQA_REPORT_TSV, false, false },
	                                         "b.run", NULL, &r, ms, 1, &out, &err),
	                 XLQA_OK);
	ck_assert_str_eq(out.buf, "run\tquestion\tmeasure\tvalue\n"
	                          "a.run\tall\tscore\t0.250000\n"
	                          "a.run\tall\tlist_f\t-\n"
	                          "b.run\tall\tscore\t0.250000\n");
	xlqa_buf_release(&out);
}
END_TEST

Suite *eval_trec_suite(void)
{
	Suite *s = suite_create("eval_trec");
	TCase *patterns = tcase_create("patterns"), *runs = tcase_create("runs"), *scores = tcase_create("scores");

	tcase_add_loop_test(patterns, pattern_matches_at_word_boundaries, 0,
	                    (int)(sizeof match_cases / sizeof match_cases[0]));
	tcase_add_test(patterns, pattern_docs_decide_support);
	tcase_add_loop_test(patterns, pattern_file_forms, 0, (int)(sizeof read_cases / sizeof read_cases[0]));
	tcase_add_test(patterns, pattern_skip_bad_records_lines);
	tcase_add_loop_test(patterns, empty_matches_do_not_judge, 0, (int)(sizeof empty_cases / sizeof empty_cases[0]));
	tcase_add_test(patterns, empty_matching_patterns_are_warned_with_lines);
	tcase_add_test(patterns, pattern_match_limit);
	tcase_add_test(patterns, pattern_file_nul);
	suite_add_tcase(s, patterns);

	tcase_add_loop_test(runs, run_checker_rules, 0, (int)(sizeof check_cases / sizeof check_cases[0]));
	tcase_add_test(runs, series_check_7000_characters);
	tcase_add_test(runs, ranked_bad_fixture_reports_every_line);
	tcase_add_loop_test(runs, judgments_errors, 0, (int)(sizeof bad_judgments / sizeof bad_judgments[0]));
	tcase_add_test(runs, series_questions_read);
	tcase_add_loop_test(runs, series_questions_errors, 0, (int)(sizeof bad_xml / sizeof bad_xml[0]));
	suite_add_tcase(s, runs);

	tcase_add_test(scores, mrr_from_judgments);
	tcase_add_test(scores, mrr_from_patterns);
	tcase_add_test(scores, mrr_unsupported_from_docs_key);
	tcase_add_test(scores, nugget_keys_both_forms);
	tcase_add_test(scores, nugget_judgments_errors);
	tcase_add_test(scores, list_key_answers_form);
	tcase_add_test(scores, series_scores_by_hand);
	tcase_add_test(scores, series_report_from_the_registry);
	tcase_add_test(scores, other_f_edge_cases);
	tcase_add_loop_test(scores, list_assignment_is_one_to_one_and_maximal, 0,
	                    (int)(sizeof list_cases / sizeof list_cases[0]));
	tcase_add_test(scores, empty_match_is_wrong_in_ranked_runs);
	suite_add_tcase(s, scores);
	return s;
}
