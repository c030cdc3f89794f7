/*
 * Unit tests of the TREC runs the answerer writes (include/xlqa/trecrun.h): the answer windows of
 * ranked runs (byte limit, word and UTF-8 boundaries, document edges, white space), finding a
 * candidate in its document, the responses of one question (order, NIL, duplicates, the limit of
 * five) on a small English index, and a series question put in its target's context (pronoun lists).
 */
#include "config.h"

#include "index-fixture.h"
#include "suites.h"
#include "xlqa/xlqa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- windows --------------------------------------------------------------------------------------- */

struct window_case {
	const char *what; /* what the case guards */
	const char *doc;
	const char *answer; /* found in doc with xlqa_ranked_locate */
	size_t bytes;
	const char *expected;
};

static const struct window_case window_cases[] = {
	{ "the answer in the middle, words cut on both sides dropped", "aaaa bbbb cccc Renzo Piano dddd eeee ffff",
	  "Renzo Piano", 25, "cccc Renzo Piano dddd" },
	{ "at the document's start the window takes more on the right", "Renzo Piano designed the Kansai airport",
	  "Renzo Piano", 20, "Renzo Piano designed" },
	{ "at the document's end, more on the left", "the airport was designed by Renzo Piano", "Renzo Piano", 20,
	  "by Renzo Piano" },
	{ "line breaks and runs of blanks become one blank", "one\n\ntwo   Renzo\nPiano\tthree", "Renzo Piano", 50,
	  "one two Renzo Piano three" },
	{ "an answer longer than the window is cut to it", "x Kansai International Airport y", "Kansai International Airport",
	  10, "Kansai Int" },
	/* "é" is two bytes: a window boundary never splits it */
	{ "a two-byte letter is not split by the cut", "\xc3\xa9\xc3\xa9 Renzo \xc3\xa9\xc3\xa9", "Renzo", 9, "Renzo" },
	{ "exact (0 bytes): the answer alone, white space collapsed", "by Renzo\n Piano in", "Renzo Piano", 0,
	  "Renzo Piano" },
};

START_TEST(window_table)
{
	const struct window_case *c = &window_cases[_i];
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	size_t start, end;

	ck_assert_msg(xlqa_ranked_locate(c->doc, strlen(c->doc), c->answer, 0, 0, &start, &end), "%s: not found", c->what);
	ck_assert_int_eq(xlqa_ranked_window(c->doc, strlen(c->doc), start, end, c->bytes, &out, &err), XLQA_OK);
	ck_assert_msg(strcmp(out.buf, c->expected) == 0, "%s: '%s', expected '%s'", c->what, out.buf, c->expected);
	ck_assert_msg(!c->bytes || out.len <= c->bytes, "%s: %zu bytes", c->what, out.len);
	xlqa_buf_release(&out);
}
END_TEST

/* Every window size from the answer's length up keeps the answer whole and the limit. */
START_TEST(window_never_exceeds)
{
	static const char doc[] = "the airport was designed by Renzo Piano";
	struct xlqa_buf out = XLQA_BUF_INIT;
	size_t start, end;

	ck_assert(xlqa_ranked_locate(doc, strlen(doc), "Renzo Piano", 0, 0, &start, &end));
	for (size_t bytes = 11; bytes < 60; bytes++) {
		xlqa_buf_reset(&out);
		ck_assert_int_eq(xlqa_ranked_window(doc, strlen(doc), start, end, bytes, &out, NULL), XLQA_OK);
		ck_assert_msg(out.len <= bytes && strstr(out.buf, "Renzo Piano"), "%zu: '%s'", bytes, out.buf);
	}
	xlqa_buf_release(&out);
}
END_TEST

START_TEST(locate_prefers_the_range)
{
	static const char doc[] = "Piano here. Later: Piano again.";
	size_t start, end;

	/* in range [12, 31) the second occurrence, outside it the first */
	ck_assert(xlqa_ranked_locate(doc, strlen(doc), "Piano", 12, 31, &start, &end));
	ck_assert_uint_eq(start, 19);
	ck_assert_uint_eq(end, 24);
	ck_assert(xlqa_ranked_locate(doc, strlen(doc), "Piano", 0, 0, &start, &end));
	ck_assert_uint_eq(start, 0);
	/* a candidate whose line break the answerer collapsed still matches */
	ck_assert(xlqa_ranked_locate("by Renzo\n  Piano.", 17, "Renzo Piano", 0, 0, &start, &end));
	ck_assert_uint_eq(start, 3);
	ck_assert_uint_eq(end, 16);
	ck_assert(!xlqa_ranked_locate(doc, strlen(doc), "Rogers", 0, 0, &start, &end));
	ck_assert(!xlqa_ranked_locate(doc, strlen(doc), "", 0, 0, &start, &end));
}
END_TEST

START_TEST(variants_registry)
{
	ck_assert_uint_eq(xlqa_ranked_variant_count(), 3);
	ck_assert_uint_eq(xlqa_ranked_variant_find("50")->window, 50);
	ck_assert_uint_eq(xlqa_ranked_variant_find("250")->window, 250);
	ck_assert_uint_eq(xlqa_ranked_variant_find("exact")->window, 0);
	ck_assert_ptr_null(xlqa_ranked_variant_find("100"));
	ck_assert_ptr_null(xlqa_ranked_variant_at(3));
}
END_TEST

/* ---- the responses of a question --------------------------------------------------------------------- */

static char tmpdir[256];
static struct xlqa_index *idx;

static const char collection[] =
	"<DOC>\n<DOCNO>T-1</DOCNO>\n<TEXT>\n"
	"The Centre Pompidou in Paris was designed by Renzo Piano and Richard Rogers. It opened in 1977.\n"
	"</TEXT>\n</DOC>\n"
	"<DOC>\n<DOCNO>T-2</DOCNO>\n<TEXT>\n"
	"Renzo Piano also designed the Kansai airport in Osaka. The airport opened in 1994.\n"
	"</TEXT>\n</DOC>\n";

static void setup(void)
{
	static const char conf[] = "name = t\nlanguage = en\nfiles = c.sgml\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n";

	index_fixture_open("/tmp/xlqa-trecrun-XXXXXX", tmpdir, sizeof tmpdir, collection, sizeof collection - 1, conf, &idx);
}

static void teardown(void)
{
	index_fixture_close(idx, tmpdir);
}

/* Adds candidate `text` of document `doc` (0 or 1) with score `score` to `s`, in this order. */
static void add(struct xlqa_answer_set *s, const char *text, const char *key, uint32_t doc, double score)
{
	double f[XLQA_ANSWER_FEATURES] = { 0 };

	ck_assert_int_eq(xlqa_answer_set_add(s, text, strlen(text), key, doc, (uint32_t)s->n, XLQA_EXTRACT_NAME, f, text,
	                                     strlen(text)),
	                 XLQA_OK);
	s->candidates[s->n - 1].score = score;
}

static struct xlqa_response answer_of(const struct xlqa_answer_set *s)
{
	return (struct xlqa_response){ &s->candidates[0], s->candidates[0].text, "T-1", NULL, s->candidates[0].score,
		                       XLQA_NIL_NONE };
}

START_TEST(responses_in_order_with_windows)
{
	struct xlqa_answer_set s;
	struct xlqa_ranked_run run;
	struct xlqa_response r;
	struct xlqa_error err;

	xlqa_answer_set_init(&s);
	add(&s, "Renzo Piano", "renzo piano", 0, 0.9);
	add(&s, "Richard Rogers", "richard rogers", 0, 0.5);
	add(&s, "Osaka", "osaka", 1, 0.25);
	r = answer_of(&s);
	xlqa_ranked_run_init(&run, "tag1", xlqa_ranked_variant_find("50"), 0);
	ck_assert_int_eq(xlqa_ranked_run_add(&run, idx, "0007", &s, &r, &err), XLQA_OK);
	/* 19 bytes each side of "Renzo Piano" (11) less the cut words: "is" of "Paris" on the left */
	ck_assert_str_eq(run.text.buf, "0007 Q0 T-1 1 0.900000 tag1 was designed by Renzo Piano and Richard Rogers.\n"
	                               "0007 Q0 T-1 2 0.500000 tag1 Renzo Piano and Richard Rogers. It opened in\n"
	                               "0007 Q0 T-2 3 0.250000 tag1 the Kansai airport in Osaka. The airport opened in\n");
	ck_assert_uint_eq(run.responses, 3);
	xlqa_ranked_run_release(&run);
	xlqa_answer_set_release(&s);
}
END_TEST

START_TEST(responses_limit_and_duplicates)
{
	struct xlqa_answer_set s;
	struct xlqa_ranked_run run;
	struct xlqa_response r;
	struct xlqa_error err;

	xlqa_answer_set_init(&s);
	/* two candidates of one document whose 250-byte windows are the same text: given once */
	add(&s, "Renzo Piano", "renzo piano", 0, 0.9);
	add(&s, "Richard Rogers", "richard rogers", 0, 0.8);
	add(&s, "Kansai", "kansai", 1, 0.5);
	add(&s, "1994", "1994", 1, 0.45);
	add(&s, "1977", "1977", 0, 0.4);
	add(&s, "Osaka", "osaka", 1, 0.35);
	r = answer_of(&s);
	xlqa_ranked_run_init(&run, "t", xlqa_ranked_variant_find("250"), 0);
	ck_assert_int_eq(xlqa_ranked_run_add(&run, idx, "1", &s, &r, &err), XLQA_OK);
	/* T-1's candidates give one window, T-2's another: two responses */
	ck_assert_uint_eq(run.responses, 2);
	xlqa_ranked_run_release(&run);

	/* exact answers: distinct strings, cut at the limit of responses */
	xlqa_ranked_run_init(&run, "t", xlqa_ranked_variant_find("exact"), 3);
	ck_assert_int_eq(xlqa_ranked_run_add(&run, idx, "1", &s, &r, &err), XLQA_OK);
	ck_assert_str_eq(run.text.buf, "1 Q0 T-1 1 0.900000 t Renzo Piano\n1 Q0 T-1 2 0.800000 t Richard Rogers\n"
	                               "1 Q0 T-2 3 0.500000 t Kansai\n");
	xlqa_ranked_run_release(&run);
	xlqa_answer_set_release(&s);
}
END_TEST

START_TEST(responses_nil)
{
	struct xlqa_answer_set s;
	struct xlqa_ranked_run run;
	struct xlqa_response r;
	struct xlqa_error err;

	xlqa_answer_set_init(&s);
	/* no candidate: NIL alone */
	r = (struct xlqa_response){ NULL, "NIL", "NIL", NULL, 0.75, XLQA_NIL_NO_CANDIDATE };
	xlqa_ranked_run_init(&run, "t", xlqa_ranked_variant_find("exact"), 0);
	ck_assert_int_eq(xlqa_ranked_run_add(&run, idx, "2", &s, &r, &err), XLQA_OK);
	ck_assert_str_eq(run.text.buf, "2 Q0 NIL 1 0.750000 t\n");
	xlqa_ranked_run_release(&run);

	/* NIL below the threshold: placed among the candidates by its confidence */
	add(&s, "Renzo Piano", "renzo piano", 0, 0.6);
	add(&s, "Osaka", "osaka", 1, 0.2);
	r = (struct xlqa_response){ NULL, "NIL", "NIL", NULL, 0.4, XLQA_NIL_THRESHOLD };
	xlqa_ranked_run_init(&run, "t", xlqa_ranked_variant_find("exact"), 0);
	ck_assert_int_eq(xlqa_ranked_run_add(&run, idx, "2", &s, &r, &err), XLQA_OK);
	ck_assert_str_eq(run.text.buf, "2 Q0 T-1 1 0.600000 t Renzo Piano\n2 Q0 NIL 2 0.400000 t\n"
	                               "2 Q0 T-2 3 0.200000 t Osaka\n");
	xlqa_ranked_run_release(&run);

	/* ... and last when it is the least sure */
	r.confidence = 0.1;
	xlqa_ranked_run_init(&run, "t", xlqa_ranked_variant_find("exact"), 0);
	ck_assert_int_eq(xlqa_ranked_run_add(&run, idx, "2", &s, &r, &err), XLQA_OK);
	ck_assert_str_eq(run.text.buf, "2 Q0 T-1 1 0.600000 t Renzo Piano\n2 Q0 T-2 2 0.200000 t Osaka\n"
	                               "2 Q0 NIL 3 0.100000 t\n");
	ck_assert_uint_eq(run.nil_responses, 1);
	xlqa_ranked_run_release(&run);
	xlqa_answer_set_release(&s);
}
END_TEST


/* ---- series questions ----------------------------------------------------------------------------------- */

/* Writes `text` to a new file in a fresh temporary folder and returns its path (static storage). */
static const char *temp_file(const char *text)
{
	static char path[300];
	char dir[256];
	FILE *fp;

	snprintf(dir, sizeof dir, "/tmp/xlqa-pronouns-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/pronouns.txt", dir);
	ck_assert_ptr_nonnull(fp = fopen(path, "wb"));
	ck_assert_uint_eq(fwrite(text, 1, strlen(text), fp), strlen(text));
	ck_assert_int_eq(fclose(fp), 0);
	return path;
}

static void remove_temp(const char *path)
{
	char cmd[700];

	snprintf(cmd, sizeof cmd, "rm -rf \"$(dirname '%s')\"", path);
	ck_assert_int_eq(system(cmd), 0);
}

struct context_case {
	const char *what; /* what the case guards */
	const char *question;
	bool add_target;
	const char *expected;
	size_t replaced;
};

static const struct context_case context_cases[] = {
	{ "a subject pronoun becomes the target", "When was he born?", true, "When was Warren Moon born?", 1 },
	{ "a possessive takes the replacement's genitive", "What was his team?", true, "What was Warren Moon's team?", 1 },
	{ "case is folded, the capital kept out", "He played where?", true, "Warren Moon played where?", 1 },
	{ "a pronoun inside a word is no pronoun", "Where is the shed?", true, "Where is the shed (Warren Moon)?", 0 },
	{ "no pronoun: the target added before the '?'", "What team did Moon play for ?", true,
	  "What team did Moon play for (Warren Moon)?", 0 },
	{ "the question names the target already: nothing added", "Where did warren moon play?", true,
	  "Where did warren moon play?", 0 },
	{ "no final punctuation: the target at the end", "Name his teams", true, "Name Warren Moon's teams", 1 },
	{ "no pronoun, no question mark", "Teams played for", true, "Teams played for (Warren Moon)", 0 },
	{ "pronouns only: nothing added", "What team did Moon play for?", false, "What team did Moon play for?", 0 },
	{ "pronouns only: still replaced", "When was he born?", false, "When was Warren Moon born?", 1 },
	/* UTF-8 letters are word bytes: "hé" is no "he" */
	{ "a word with a non-ASCII letter is not a pronoun", "Was h\xc3\xa9 there?", false, "Was h\xc3\xa9 there?", 0 },
};

START_TEST(series_question_table)
{
	const struct context_case *c = &context_cases[_i];
	const char *path = temp_file("# test pronouns\nhe\nhis\t*'s\n\n  she # with a comment\n");
	struct xlqa_series_pronouns *p;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	size_t replaced = 99;

	ck_assert_msg(xlqa_series_pronouns_read(path, &p, &err) == XLQA_OK, "%s", err.message);
	ck_assert_uint_eq(xlqa_series_pronouns_count(p), 3);
	ck_assert_int_eq(xlqa_series_question(c->question, "Warren Moon", p, c->add_target, &out, &replaced, &err), XLQA_OK);
	ck_assert_msg(strcmp(out.buf, c->expected) == 0, "%s: '%s', expected '%s'", c->what, out.buf, c->expected);
	ck_assert_msg(replaced == c->replaced, "%s: %zu replaced", c->what, replaced);
	xlqa_buf_release(&out);
	xlqa_series_pronouns_free(p);
	remove_temp(path);
}
END_TEST

START_TEST(pronouns_errors)
{
	struct xlqa_series_pronouns *p = (struct xlqa_series_pronouns *)&p;
	struct xlqa_error err;
	const char *path;

	/* two words on a line: the line is named */
	path = temp_file("he\nhis her\n");
	ck_assert_int_eq(xlqa_series_pronouns_read(path, &p, &err), XLQA_EPARSE);
	ck_assert_ptr_null(p);
	ck_assert_msg(strstr(err.message, "pronouns.txt:2: a pronoun is one word, found 'his her'"), "%s", err.message);
	remove_temp(path);
	/* a tab with nothing after it */
	path = temp_file("his\t\n");
	ck_assert_int_eq(xlqa_series_pronouns_read(path, &p, &err), XLQA_EPARSE);
	ck_assert_msg(strstr(err.message, ":1: replacement expected after the tab"), "%s", err.message);
	remove_temp(path);
	/* Latin-1 bytes */
	path = temp_file("\xe9l\n");
	ck_assert_int_eq(xlqa_series_pronouns_read(path, &p, &err), XLQA_EENCODING);
	remove_temp(path);
	ck_assert_int_eq(xlqa_series_pronouns_read("/nonexistent/pronouns.txt", &p, &err), XLQA_ENOTFOUND);
	/* no list: nothing replaced, the target still added */
	{
		struct xlqa_buf out = XLQA_BUF_INIT;

		ck_assert_int_eq(xlqa_series_question("Who was he?", "X", NULL, true, &out, NULL, &err), XLQA_OK);
		ck_assert_str_eq(out.buf, "Who was he (X)?");
		xlqa_buf_release(&out);
	}
}
END_TEST

START_TEST(series_contexts_registry)
{
	ck_assert_int_eq(xlqa_series_context_find("target")->context, XLQA_SERIES_CONTEXT_TARGET);
	ck_assert_int_eq(xlqa_series_context_find("pronouns")->context, XLQA_SERIES_CONTEXT_PRONOUNS);
	ck_assert_int_eq(xlqa_series_context_find("none")->context, XLQA_SERIES_CONTEXT_NONE);
	ck_assert_ptr_null(xlqa_series_context_find("all"));
	ck_assert_ptr_null(xlqa_series_context_at(XLQA_SERIES_CONTEXTS));
}
END_TEST

Suite *trecrun_suite(void)
{
	Suite *s = suite_create("trecrun");
	TCase *tc = tcase_create("windows");
	TCase *tr = tcase_create("ranked");
	TCase *ts = tcase_create("series");

	tcase_add_loop_test(tc, window_table, 0, (int)(sizeof window_cases / sizeof window_cases[0]));
	tcase_add_test(tc, window_never_exceeds);
	tcase_add_test(tc, locate_prefers_the_range);
	tcase_add_test(tc, variants_registry);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tr, setup, teardown);
	tcase_set_timeout(tr, 60);
	tcase_add_test(tr, responses_in_order_with_windows);
	tcase_add_test(tr, responses_limit_and_duplicates);
	tcase_add_test(tr, responses_nil);
	suite_add_tcase(s, tr);
	tcase_add_loop_test(ts, series_question_table, 0, (int)(sizeof context_cases / sizeof context_cases[0]));
	tcase_add_test(ts, pronouns_errors);
	tcase_add_test(ts, series_contexts_registry);
	suite_add_tcase(s, ts);
	return s;
}
