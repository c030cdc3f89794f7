/* Unit tests of the SQuAD reader and the benchmark writer (src/formats/squad.c). */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

/* Collects what the reader reports, for the assertions. */
struct seen {
	char places[8][256];
	int n;
};

static void collect(void *ctx, enum xlqa_squad_problem kind, const char *place, const char *message)
{
	struct seen *s = ctx;

	(void)kind;
	(void)message;
	if (s->n < 8)
		snprintf(s->places[s->n++], sizeof s->places[0], "%s", place);
}

/* "é" is two bytes but one code point: answer_start 11 counts code points, as SQuAD's tools do. */
static const char good[] =
	"{\"version\": \"1.1\", \"data\": [{\"title\": \"Caf\\u00e9_Culture\", \"paragraphs\": [{"
	"\"context\": \"Caf\\u00e9 opened in 1901 in Vienna.\", \"qas\": ["
	"{\"id\": \"q1\", \"question\": \" When did\\nit open? \", \"answers\": ["
	"{\"text\": \"1901\", \"answer_start\": 15}, {\"text\": \"1901\", \"answer_start\": 15},"
	"{\"text\": \"in 1901\", \"answer_start\": 12}]},"
	"{\"id\": 42, \"question\": \"Where?\", \"answers\": [{\"text\": \"Vienna\", \"answer_start\": 23}]},"
	"{\"id\": \"q3\", \"question\": \"Who owns it?\", \"answers\": [], \"is_impossible\": true}]}]}]}";

START_TEST(test_squad_good)
{
	struct xlqa_squad s;
	struct xlqa_squad_report rep;
	struct xlqa_error err;

	memset(&rep, 0, sizeof rep);
	ck_assert_int_eq(xlqa_squad_init(&s, "EN", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_squad_parse(&s, "good.json", good, strlen(good), &rep, &err), XLQA_OK);
	ck_assert_str_eq(s.lang, "en");
	ck_assert_uint_eq(s.n_paragraphs, 1);
	ck_assert_str_eq(s.paragraphs[0].title, "Café Culture");
	ck_assert_uint_eq(s.n_questions, 3);
	ck_assert_str_eq(s.questions[0].text, "When did it open?");
	/* the repeated answer is kept once */
	ck_assert_uint_eq(s.questions[0].n_answers, 2);
	ck_assert_str_eq(s.questions[0].answers[1], "in 1901");
	/* an integer id is written in decimal */
	ck_assert_str_eq(s.questions[1].id, "42");
	ck_assert(s.questions[1].usable);
	/* SQuAD 2.0: no answer, but usable as a NIL question */
	ck_assert(s.questions[2].impossible && s.questions[2].usable);
	for (int k = 0; k < XLQA_SQUAD_PROBLEMS; k++)
		ck_assert_uint_eq(rep.counts[k], 0);
	xlqa_squad_release(&s);
}
END_TEST

static const struct {
	const char *json;
	enum xlqa_squad_problem kind; /* the problem reported */
	size_t count;                 /* how many of that kind */
	const char *place;            /* the first report's place */
	size_t questions;             /* questions kept, usable or not */
	size_t usable;
	size_t no_answer;             /* questions left without an answer */
} bad[] = {
	/* an answer one code point off: the offset problem, then the question has no answer left */
	{ "{\"data\":[{\"paragraphs\":[{\"context\":\"ab 1901\",\"qas\":[{\"id\":\"a\",\"question\":\"q?\","
	  "\"answers\":[{\"text\":\"1901\",\"answer_start\":4}]}]}]}]}",
	  XLQA_SQUAD_OFFSET, 1, "b.json: data[0].paragraphs[0].qas[0] (id 'a')", 1, 0, 1 },
	/* answer_start past the end of the context */
	{ "{\"data\":[{\"paragraphs\":[{\"context\":\"ab\",\"qas\":[{\"id\":\"a\",\"question\":\"q?\","
	  "\"answers\":[{\"text\":\"ab\",\"answer_start\":400}]}]}]}]}",
	  XLQA_SQUAD_OFFSET, 1, "b.json: data[0].paragraphs[0].qas[0] (id 'a')", 1, 0, 1 },
	/* a repeated id: the second is left out */
	{ "{\"data\":[{\"paragraphs\":[{\"context\":\"ab\",\"qas\":[{\"id\":\"a\",\"question\":\"q?\","
	  "\"answers\":[{\"text\":\"ab\",\"answer_start\":0}]},{\"id\":\"a\",\"question\":\"r?\","
	  "\"answers\":[{\"text\":\"b\",\"answer_start\":1}]}]}]}]}",
	  XLQA_SQUAD_DUPLICATE, 1, "b.json: data[0].paragraphs[0].qas[1] (id 'a')", 1, 1, 0 },
	/* a paragraph without a context, and an article without paragraphs */
	{ "{\"data\":[{\"paragraphs\":[{\"qas\":[]}]},{\"title\":\"x\"}]}",
	  XLQA_SQUAD_MISSING, 2, "b.json: data[0].paragraphs[0]", 0, 0, 0 },
	/* a question without text, one without an id, an answer without answer_start */
	{ "{\"data\":[{\"paragraphs\":[{\"context\":\"ab\",\"qas\":[{\"id\":\"a\",\"answers\":[]},"
	  "{\"question\":\"q?\"},{\"id\":\"c\",\"question\":\"q?\",\"answers\":[{\"text\":\"ab\"}]}]}]}]}",
	  XLQA_SQUAD_MISSING, 3, "b.json: data[0].paragraphs[0].qas[0] (id 'a')", 1, 0, 1 },
};

START_TEST(test_squad_problems)
{
	struct xlqa_squad s;
	struct seen seen;
	struct xlqa_squad_report rep;
	struct xlqa_error err;
	size_t usable = 0;

	memset(&rep, 0, sizeof rep);
	memset(&seen, 0, sizeof seen);
	rep.on_problem = collect;
	rep.ctx = &seen;
	ck_assert_int_eq(xlqa_squad_init(&s, "de", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_squad_parse(&s, "b.json", bad[_i].json, strlen(bad[_i].json), &rep, &err), XLQA_OK);
	ck_assert_uint_eq(rep.counts[bad[_i].kind], bad[_i].count);
	ck_assert_int_ge(seen.n, 1);
	ck_assert_str_eq(seen.places[0], bad[_i].place);
	ck_assert_uint_eq(s.n_questions, bad[_i].questions);
	for (size_t q = 0; q < s.n_questions; q++)
		usable += s.questions[q].usable;
	ck_assert_uint_eq(usable, bad[_i].usable);
	/* a question left without answers is also counted as such */
	ck_assert_uint_eq(rep.counts[XLQA_SQUAD_NO_ANSWER], bad[_i].no_answer);
	xlqa_squad_release(&s);
}
END_TEST

START_TEST(test_squad_fatal)
{
	static const char notjson[] = "{\"data\": [\n  {\"title\": }]}", nodata[] = "{\"version\": \"1.1\"}";
	struct xlqa_squad s;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_squad_init(&s, "en", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_squad_parse(&s, "x.json", notjson, strlen(notjson), NULL, &err), XLQA_EPARSE);
	/* the place of the syntax error: line 2 */
	ck_assert_ptr_nonnull(strstr(err.message, "x.json: line 2, column "));
	ck_assert_int_eq(err.line, 2);
	ck_assert_int_eq(xlqa_squad_parse(&s, "y.json", nodata, strlen(nodata), NULL, &err), XLQA_EPARSE);
	ck_assert_str_eq(err.message, "y.json: not SQuAD: no 'data' array at the top level");
	xlqa_squad_release(&s);
	ck_assert_int_eq(xlqa_squad_init(&s, "english", &err), XLQA_EINVAL);
	xlqa_squad_release(&s);
}
END_TEST

START_TEST(test_squad_gzip)
{
	char path[] = "/tmp/check_squad_XXXXXX";
	int fd = mkstemp(path);
	gzFile gz;
	struct xlqa_squad s;
	struct xlqa_error err;

	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_ptr_nonnull(gz = gzopen(path, "wb"));
	ck_assert_int_eq(gzwrite(gz, good, (unsigned)strlen(good)), (int)strlen(good));
	ck_assert_int_eq(gzclose(gz), Z_OK);
	ck_assert_int_eq(xlqa_squad_init(&s, "en", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_squad_read(&s, path, NULL, &err), XLQA_OK);
	ck_assert_uint_eq(s.n_questions, 3);
	xlqa_squad_release(&s);
	unlink(path);
	ck_assert_int_eq(xlqa_squad_init(&s, "en", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_squad_read(&s, path, NULL, &err), XLQA_ENOTFOUND);
	xlqa_squad_release(&s);
}
END_TEST

static const struct {
	const char *answer, *pattern;
} patterns[] = {
	{ "n2 + 1", "n2\\s+\\+\\s+1" },                /* an operator between blanks */
	{ "$37.6  billion", "\\$37\\.6\\s+billion" },  /* a run of blanks is one \s+ */
	{ "Mart\xc3\xadnez-Almeida", "Mart\xc3\xadnez\\-Almeida" }, /* non-ASCII letters stay as they are */
	{ " (a|b) ", "\\(a\\|b\\)" },                  /* blanks at the ends vanish */
};

START_TEST(test_squad_pattern)
{
	struct xlqa_buf b = XLQA_BUF_INIT;

	ck_assert_int_eq(xlqa_squad_pattern(patterns[_i].answer, &b), XLQA_OK);
	ck_assert_str_eq(b.buf, patterns[_i].pattern);
	xlqa_buf_release(&b);
}
END_TEST

/* n questions in one language, each in its own paragraph, ids "q0".."q<n-1>", minus id `skip` (-1: none). */
static void make_lang(struct xlqa_squad *s, const char *lang, int n, int skip)
{
	struct xlqa_buf j = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_buf_addstr(&j, "{\"data\":[{\"title\":\"t\",\"paragraphs\":["), XLQA_OK);
	for (int i = 0, first = 1; i < n; i++) {
		if (i == skip)
			continue;
		ck_assert_int_eq(xlqa_buf_addf(&j, "%s{\"context\":\"word %d here\",\"qas\":[{\"id\":\"q%d\",\"question\":"
		                                   "\"which %d?\",\"answers\":[{\"text\":\"%d\",\"answer_start\":5}]}]}",
		                               first ? "" : ",", i, i, i, i), XLQA_OK);
		first = 0;
	}
	ck_assert_int_eq(xlqa_buf_addstr(&j, "]}]}"), XLQA_OK);
	ck_assert_int_eq(xlqa_squad_init(s, lang, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_squad_parse(s, "gen.json", j.buf, j.len, NULL, &err), XLQA_OK);
	xlqa_buf_release(&j);
}

static size_t count_lines(const char *path, const char *needle)
{
	char line[512];
	size_t n = 0;
	FILE *fp = fopen(path, "r");

	ck_assert_ptr_nonnull(fp);
	while (fgets(line, sizeof line, fp))
		n += !needle || strstr(line, needle) != NULL;
	fclose(fp);
	return n;
}

START_TEST(test_squad_benchmark)
{
	char dir[] = "/tmp/check_squad_bench_XXXXXX", out[64], path[256];
	struct xlqa_squad en, de;
	struct xlqa_squad *langs[2] = { &en, &de };
	struct xlqa_squad_report rep;
	struct xlqa_squad_bench_summary sum;
	struct xlqa_squad_bench_options opt = { "tiny", 0.25, 7, 10, NULL, 0 };
	struct xlqa_error err;
	DIR *d;
	int entries = 0;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(out, sizeof out, "%s/b", dir);
	make_lang(&en, "en", 25, -1);
	make_lang(&de, "de", 25, 3); /* q3 is missing in German: unaligned, left out */
	memset(&rep, 0, sizeof rep);
	ck_assert_int_eq(xlqa_squad_write_benchmark(langs, 2, out, &opt, &rep, &sum, &err), XLQA_OK);
	ck_assert_uint_eq(rep.counts[XLQA_SQUAD_UNALIGNED], 1);
	ck_assert_uint_eq(sum.questions, 24);
	ck_assert_uint_eq(sum.sets, 2);
	ck_assert_uint_eq(sum.unassigned, 4);
	ck_assert_uint_eq(sum.pairs, 4);
	/* a quarter of the 24 paragraphs holding questions, left out in both languages */
	ck_assert_uint_eq(sum.nil, 6);
	ck_assert_uint_eq(sum.left_out, 12);
	ck_assert_uint_eq(sum.documents, 25 - 6 + 24 - 6);
	snprintf(path, sizeof path, "%s/sets/2/questions/DE-EN.txt", out);
	ck_assert_uint_eq(count_lines(path, "F DE EN "), 10);
	/* the two keys agree on the NIL questions: no pattern line for them, the rest once each */
	snprintf(path, sizeof path, "%s/sets/1/gold/EN.gold", out);
	{
		size_t nil = count_lines(path, "\tNIL\t");

		snprintf(path, sizeof path, "%s/sets/1/gold/EN.patterns", out);
		ck_assert_uint_eq(count_lines(path, NULL), 10 - nil);
	}
	snprintf(path, sizeof path, "%s/collections/DE/tiny-de.sgml", out);
	ck_assert_uint_eq(count_lines(path, "<DOCNO>TINY.DE."), 24 - 6);
	snprintf(path, sizeof path, "%s/corpora-config/tiny-en.conf", out);
	ck_assert_uint_eq(count_lines(path, "files = collections/EN/*.sgml"), 1);
	/* the same seed gives the same benchmark; an existing directory is refused */
	ck_assert_int_eq(xlqa_squad_write_benchmark(langs, 2, out, &opt, &rep, &sum, &err), XLQA_EINVAL);
	/* too few questions for one set: nothing is written, no temporary directory is left */
	opt.set_size = 30;
	snprintf(path, sizeof path, "%s/c", dir);
	ck_assert_int_eq(xlqa_squad_write_benchmark(langs, 2, path, &opt, &rep, &sum, &err), XLQA_EEMPTY);
	ck_assert_ptr_nonnull(d = opendir(dir));
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		entries += e->d_name[0] != '.';
	closedir(d);
	ck_assert_int_eq(entries, 1);
	xlqa_squad_release(&en);
	xlqa_squad_release(&de);
	snprintf(path, sizeof path, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(path), 0);
}
END_TEST

Suite *squad_suite(void)
{
	Suite *s = suite_create("squad");
	TCase *tc = tcase_create("squad");

	tcase_add_test(tc, test_squad_good);
	tcase_add_loop_test(tc, test_squad_problems, 0, (int)(sizeof bad / sizeof bad[0]));
	tcase_add_test(tc, test_squad_fatal);
	tcase_add_test(tc, test_squad_gzip);
	tcase_add_loop_test(tc, test_squad_pattern, 0, (int)(sizeof patterns / sizeof patterns[0]));
	tcase_add_test(tc, test_squad_benchmark);
	suite_add_tcase(s, tc);
	return s;
}
