/*
 * eval_biogen: the BioGen JSON run checker. Every rule of the registry has a fixture under
 * tests/data/biogen/ named after it that breaks it (checked for the rule, how often and where) and
 * valid.json, which breaks none; citation placement and the topics reader are table-driven on
 * in-memory text.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/biogen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *test_data(void)
{
	const char *d = getenv("XLQA_TEST_DATA");
	return d ? d : "tests";
}

static void fixture_path(char *path, size_t size, const char *name)
{
	snprintf(path, size, "%s/data/biogen/%s", test_data(), name);
}

static struct xlqa_biogen_topics *load_topics(void)
{
	struct xlqa_biogen_topics *t = NULL;
	struct xlqa_error err;
	char path[1024];

	fixture_path(path, sizeof path, "topics.jsonl");
	ck_assert_msg(xlqa_biogen_topics_read(path, &t, &err) == XLQA_OK, "%s", err.message);
	return t;
}

/* Checks the fixture `name` (with the topics file) into `r`, which the caller releases. */
static void check_fixture(const char *name, struct xlqa_biogen_report *r)
{
	struct xlqa_biogen_topics *t = load_topics();
	struct xlqa_buf data = XLQA_BUF_INIT;
	struct xlqa_error err;
	char path[1024];

	fixture_path(path, sizeof path, name);
	ck_assert_msg(xlqa_file_read(path, &data, &err) == XLQA_OK, "%s", err.message);
	xlqa_biogen_report_init(r);
	ck_assert_msg(xlqa_biogen_check(data.buf, data.len, t, r, &err) == XLQA_OK, "%s", err.message);
	xlqa_buf_release(&data);
	xlqa_biogen_topics_free(t);
}

/* Checks an in-memory run (no topics) into `r`. */
static void check_text(const char *json, struct xlqa_biogen_report *r)
{
	struct xlqa_error err;

	xlqa_biogen_report_init(r);
	ck_assert_msg(xlqa_biogen_check(json, strlen(json), NULL, r, &err) == XLQA_OK, "%s", err.message);
}

/* How many findings name rule `id`; the first of them goes to *first. */
static size_t count_rule(const struct xlqa_biogen_report *r, const char *id, const struct xlqa_biogen_finding **first)
{
	size_t n = 0;

	*first = NULL;
	for (size_t i = 0; i < r->n_findings; i++) {
		if (strcmp(r->findings[i].rule->id, id) != 0)
			continue;
		if (!n++)
			*first = &r->findings[i];
	}
	return n;
}

START_TEST(registry_is_complete)
{
	/* Ids are unique and findable; each rule has one line of lower-case help without a full stop. */
	size_t n = xlqa_biogen_rule_count();

	ck_assert_uint_ge(n, 20);
	ck_assert_ptr_null(xlqa_biogen_rule_at(n));
	ck_assert_ptr_null(xlqa_biogen_rule_find("no-such-rule"));
	for (size_t i = 0; i < n; i++) {
		const struct xlqa_biogen_rule *r = xlqa_biogen_rule_at(i);
		size_t len = strlen(r->help);

		ck_assert_ptr_eq(xlqa_biogen_rule_find(r->id), r);
		ck_assert_msg(len > 10 && r->help[len - 1] != '.' && !strchr(r->help, '\n'), "help of %s", r->id);
		ck_assert_msg(r->help[0] >= 'a' && r->help[0] <= 'z', "help of %s starts lower case", r->id);
	}
	ck_assert_str_eq(xlqa_biogen_severity_name(XLQA_BIOGEN_ERROR), "error");
	ck_assert_str_eq(xlqa_biogen_severity_name(XLQA_BIOGEN_WARNING), "warning");
}
END_TEST

/*
 * One row per rule: tests/data/biogen/<rule>.json breaks it `count` times, the first at `path`,
 * `sentence`, `offset` (byte of the list's '[' in the answer) or `line`:`column` (JSON syntax).
 * Offsets are counted by hand in the fixture's answer string.
 */
static const struct {
	const char *rule;
	size_t count;
	const char *path;
	long sentence;
	long offset;
	long line, column;
} rule_cases[] = {
	/* "run_name" ends line 3 without a comma: jansson stops at the next string, line 4 column 17. */
	{ "json-syntax", 1, "$", 0, -1, 4, 17 },
	{ "root-type", 1, "$", 0, -1, 0, 0 },              /* the root is a list */
	{ "root-key-missing", 1, "$", 0, -1, 0, 0 },       /* contact_email left out */
	{ "root-key-type", 2, "$", 0, -1, 0, 0 },          /* team_id a number, results an object: both */
	{ "root-key-unknown", 1, "$", 0, -1, 0, 0 },       /* "notes" */
	{ "result-type", 1, "$.results[0]", 0, -1, 0, 0 }, /* a bare string among the results */
	{ "result-key-missing", 1, "$.results[1]", 0, -1, 0, 0 },
	{ "result-key-type", 1, "$.results[1]", 0, -1, 0, 0 }, /* answer is a list */
	{ "result-key-unknown", 1, "$.results[1]", 0, -1, 0, 0 }, /* "score" */
	{ "topic-unknown", 1, "$.results[1]", 0, -1, 0, 0 },     /* topic "99" */
	{ "topic-duplicate", 1, "$.results[2]", 0, -1, 0, 0 },   /* topic "2" again */
	{ "topic-missing", 1, "$.results", 0, -1, 0, 0 },        /* topic "1" unanswered */
	{ "reference-type", 1, "$.results[1].references[1]", 0, -1, 0, 0 },
	{ "reference-pmid", 1, "$.results[1].references[1]", 0, -1, 0, 0 }, /* "PMID2" */
	{ "reference-duplicate", 1, "$.results[1].references[2]", 0, -1, 0, 0 },
	{ "answer-empty", 1, "$.results[1].answer", 0, -1, 0, 0 }, /* two spaces */
	/* "Aspirin helps [1. It is cheap [2]].": the '[' at 14 meets another '[', the last ']' (33) is stray. */
	{ "bracket-unbalanced", 2, "$.results[1].answer", 0, 14, 0, 0 },
	{ "citation-leading", 1, "$.results[1].answer", 0, 0, 0, 0 }, /* "[1] Aspirin helps [2]." */
	/* "Aspirin helps [1]. It is cheap. [2] It is old [3].": [2] at 32 follows sentence 2's '.'. */
	{ "citation-outside", 1, "$.results[1].answer", 2, 32, 0, 0 },
	/* "Aspirin helps [1, PMID 2]. It is cheap [].": a word in the first list, the second empty. */
	{ "citation-malformed", 2, "$.results[1].answer", 1, 14, 0, 0 },
	{ "citation-excess", 1, "$.results[1].answer", 1, 14, 0, 0 }, /* [1, 2, 3, 4, 5] */
	/* "Aspirin helps [1]. It is cheap [1, 3].": 3 is not a reference; the list is at 31. */
	{ "citation-unreferenced", 1, "$.results[1].answer", 2, 31, 0, 0 },
	/* references 1 2 3; [2] is discarded (after "cheap."), 3 never cited. */
	{ "reference-uncited", 2, "$.results[1].references[1]", 0, -1, 0, 0 },
};

START_TEST(every_rule_has_a_case)
{
	/* A rule added to the registry without a fixture and a row here fails this. */
	ck_assert_uint_eq(sizeof rule_cases / sizeof rule_cases[0], xlqa_biogen_rule_count());
	for (size_t i = 0; i < xlqa_biogen_rule_count(); i++)
		ck_assert_str_eq(rule_cases[i].rule, xlqa_biogen_rule_at(i)->id);
}
END_TEST

START_TEST(rule_breaks_and_passes)
{
	const char *rule = rule_cases[_i].rule;
	const struct xlqa_biogen_finding *f;
	struct xlqa_biogen_report r;
	char name[256];
	size_t n;

	snprintf(name, sizeof name, "%s.json", rule);
	check_fixture(name, &r);
	n = count_rule(&r, rule, &f);
	ck_assert_msg(n == rule_cases[_i].count, "%s: %zu findings, expected %zu", rule, n, rule_cases[_i].count);
	ck_assert_str_eq(f->path, rule_cases[_i].path);
	ck_assert_int_eq(f->sentence, rule_cases[_i].sentence);
	ck_assert_int_eq(f->answer_offset, rule_cases[_i].offset);
	ck_assert_int_eq(f->line, rule_cases[_i].line);
	ck_assert_int_eq(f->column, rule_cases[_i].column);
	ck_assert_msg(f->message[0] && f->message[strlen(f->message) - 1] != '.', "%s: %s", rule, f->message);
	if (f->rule->severity == XLQA_BIOGEN_ERROR)
		ck_assert_uint_ge(r.n_errors, n);
	xlqa_biogen_report_release(&r);

	/*
	 * valid.json passes this rule and every other. It holds the near misses: a list of exactly three,
	 * "Dr. Smith" (no sentence break before the list that follows), "e.g. [..]" inside a sentence,
	 * a closing list without final punctuation, a PMID cited twice, both topics answered once.
	 */
	check_fixture("valid.json", &r);
	ck_assert_uint_eq(count_rule(&r, rule, &f), 0);
	ck_assert_uint_eq(r.n_findings, 0);
	ck_assert_uint_eq(r.n_results, 2);
	/* Topic 1: "... stroke [..]." / "Dr. Smith ... e.g. [..] in one trial." / "Ask ... it [..]";
	 * topic 2 one sentence: 4. Citations kept: 3 + 1 + 1 + 1 in topic 1, 1 in topic 2: 7. */
	ck_assert_uint_eq(r.n_sentences, 4);
	ck_assert_uint_eq(r.n_citations, 7);
	ck_assert(r.topics_checked);
	xlqa_biogen_report_release(&r);
}
END_TEST

START_TEST(citation_placement)
{
	/* Where a list lands decides whether it counts. Each answer cites PMIDs 1-3; references list
	 * exactly the PMIDs the answer cites, so placement findings are the only ones possible. */
	static const struct {
		const char *answer; /* JSON string content */
		const char *refs;   /* JSON list content */
		const char *rule;   /* the one finding expected, or NULL */
		long sentence;      /* of that finding, or of the last kept list */
		size_t kept;        /* PMIDs cited */
	} cases[] = {
		{ "A works [1]. B works [2].", "\"1\",\"2\"", NULL, 0, 2 }, /* lists before each '.' */
		{ "A works. [1] B works [2].", "\"2\"", "citation-outside", 1, 1 }, /* after a '.' */
		{ "A works.[1] B works [2].", "\"2\"", "citation-outside", 1, 1 },  /* no space after '.' */
		{ "Does A work? [1] Yes [2].", "\"2\"", "citation-outside", 1, 1 }, /* '?' ends a sentence */
		/* a closing quote after the '.' still ends the sentence */
		{ "He said \\\"A works.\\\" [1] B works [2].", "\"2\"", "citation-outside", 1, 1 },
		{ "[1] A works [2].", "\"2\"", "citation-leading", 0, 1 },       /* before any sentence */
		{ "  [1][2] A works [3].", "\"3\"", "citation-leading", 0, 1 },  /* two lists, both leading */
		{ "A works [1]", "\"1\"", NULL, 0, 1 },                          /* no final punctuation: kept */
		{ "Dr. Smith [1] agrees.", "\"1\"", NULL, 0, 1 },                /* abbreviation, no break */
		{ "Fig. 2 shows it [1].", "\"1\"", NULL, 0, 1 },                 /* abbreviation before a number */
		{ "A works, e.g. [1] in mice.", "\"1\"", NULL, 0, 1 },           /* lower case follows "e.g." */
		{ "A works [1][2]. B works [3].", "\"1\",\"2\",\"3\"", NULL, 0, 3 }, /* adjacent lists both count */
		/* a line break ends a sentence without punctuation: the list trails sentence 1 and counts */
		{ "A works\\n[1] B works [2].", "\"1\",\"2\"", NULL, 0, 2 },
	};
	char json[1024];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct xlqa_biogen_finding *f;
		struct xlqa_biogen_report r;

		snprintf(json, sizeof json,
			 "{\"team_id\":\"t\",\"run_name\":\"r\",\"contact_email\":\"e@x\",\"results\":["
			 "{\"topic_id\":\"1\",\"answer\":\"%s\",\"references\":[%s]}]}",
			 cases[i].answer, cases[i].refs);
		check_text(json, &r);
		ck_assert_msg(r.n_citations == cases[i].kept, "case %zu: %zu kept", i, r.n_citations);
		if (!cases[i].rule) {
			ck_assert_msg(r.n_findings == 0, "case %zu: %s", i, r.n_findings ? r.findings[0].message : "");
		} else {
			size_t n = count_rule(&r, cases[i].rule, &f);

			ck_assert_msg(n >= 1 && r.n_findings == n, "case %zu: %zu/%zu findings", i, n, r.n_findings);
			ck_assert_int_eq(f->sentence, cases[i].sentence);
		}
		xlqa_biogen_report_release(&r);
	}
}
END_TEST

START_TEST(discarded_entries_cite_nothing)
{
	/* Entries past the third are discarded, so PMID 4 stays uncited even though the text names it,
	 * and PMID 5 (not a reference) is not reported as unreferenced: it is not considered at all. */
	static const char json[] = "{\"team_id\":\"t\",\"run_name\":\"r\",\"contact_email\":\"e@x\",\"results\":["
				   "{\"topic_id\":\"1\",\"answer\":\"A works [1, 2, 3, 4, 5].\","
				   "\"references\":[\"1\",\"2\",\"3\",\"4\"]}]}";
	const struct xlqa_biogen_finding *f;
	struct xlqa_biogen_report r;

	check_text(json, &r);
	ck_assert_uint_eq(r.n_citations, 3);
	ck_assert_uint_eq(count_rule(&r, "citation-excess", &f), 1);
	ck_assert_ptr_nonnull(strstr(f->message, "'4, 5'"));
	ck_assert_uint_eq(count_rule(&r, "reference-uncited", &f), 1);
	ck_assert_str_eq(f->path, "$.results[0].references[3]");
	ck_assert_str_eq(f->topic_id, "1");
	ck_assert_uint_eq(count_rule(&r, "citation-unreferenced", &f), 0);
	ck_assert_uint_eq(r.n_findings, 2);
	xlqa_biogen_report_release(&r);
}
END_TEST

START_TEST(syntax_errors_located)
{
	/* jansson's line and column reach the finding; nothing else is checked after a syntax error.
	 * jansson's column is that of the last character it read: the end of the offending token, or
	 * the character before an undecodable byte. */
	static const struct {
		const char *json;
		long line, column;
	} cases[] = {
		{ "", 1, 0 },                                 /* empty input */
		{ "{\"a\": 1,}", 1, 9 },                       /* trailing comma */
		{ "{\n\"answer\": \"caf\xE9\"\n}", 2, 14 },       /* a Latin-1 byte, not UTF-8 */
		{ "{\"a\": \"x\\u0000y\"}", 1, 16 },           /* an escaped NUL: the string ends at 16 */
		{ "{\"results\": []} trailing", 1, 24 },      /* text after the root, to the end of "trailing" */
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct xlqa_biogen_report r;
		struct xlqa_error err;

		xlqa_biogen_report_init(&r);
		ck_assert_int_eq(xlqa_biogen_check(cases[i].json, strlen(cases[i].json), NULL, &r, &err), XLQA_OK);
		ck_assert_uint_eq(r.n_findings, 1);
		ck_assert_str_eq(r.findings[0].rule->id, "json-syntax");
		ck_assert_msg(r.findings[0].line == cases[i].line && r.findings[0].column == cases[i].column,
			      "case %zu: %ld:%ld %s", i, r.findings[0].line, r.findings[0].column, r.findings[0].message);
		xlqa_biogen_report_release(&r);
	}
}
END_TEST

START_TEST(topics_formats_and_errors)
{
	/* Both accepted forms, and each malformed topics file failing with where and why. */
	static const struct {
		const char *text;
		int status;
		size_t count;        /* topics read when status is XLQA_OK */
		const char *message; /* part of the error message otherwise */
	} cases[] = {
		{ "{\"topic_id\":\"a\"}\n{\"topic_id\":\"b\",\"title\":\"t\"}\n", XLQA_OK, 2, NULL },
		{ "\r\n{\"topic_id\":\"a\"}\r\n\n  \n{\"topic_id\":\"b\"}", XLQA_OK, 2, NULL }, /* CRLF, blank lines */
		{ " [{\"topic_id\":\"a\"}, {\"topic_id\":\"b\"}, {\"topic_id\":\"c\"}]", XLQA_OK, 3, NULL },
		{ "{\"topic_id\":\"a\"}\n{\"topic_id\" \"b\"}\n", XLQA_EPARSE, 0, "t.jsonl:2:15: " }, /* end of "b", where ':' was due */
		{ "{\"topic_id\":\"a\"}\n\n[1]\n", XLQA_EPARSE, 0, "t.jsonl: line 3: a topic must be a JSON object" },
		{ "{\"title\":\"a\"}\n", XLQA_EPARSE, 0, "t.jsonl: line 1: key 'topic_id' missing" },
		{ "{\"topic_id\":7}\n", XLQA_EPARSE, 0, "t.jsonl: line 1: 'topic_id' must be a string" },
		{ "{\"topic_id\":\"a\"}\n{\"topic_id\":\"a\"}\n", XLQA_EPARSE, 0,
		  "t.jsonl: line 2: topic 'a' given twice (first at line 1)" },
		{ "[{\"topic_id\":\"a\"}, 3]", XLQA_EPARSE, 0, "t.jsonl: topic 2: a topic must be a JSON object" },
		{ "\n \n", XLQA_EEMPTY, 0, "t.jsonl: no topics" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct xlqa_biogen_topics *t = NULL;
		struct xlqa_error err;
		int rc = xlqa_biogen_topics_parse(cases[i].text, strlen(cases[i].text), "t.jsonl", &t, &err);

		ck_assert_msg(rc == cases[i].status, "case %zu: %d %s", i, rc, rc ? err.message : "");
		if (rc == XLQA_OK) {
			ck_assert_uint_eq(xlqa_biogen_topics_count(t), cases[i].count);
			ck_assert(xlqa_biogen_topics_has(t, "a"));
			ck_assert(!xlqa_biogen_topics_has(t, "z"));
		} else {
			ck_assert_ptr_null(t);
			ck_assert_msg(strstr(err.message, cases[i].message) != NULL, "case %zu: %s", i, err.message);
		}
		xlqa_biogen_topics_free(t);
	}
	xlqa_biogen_topics_free(NULL);
}
END_TEST

START_TEST(topics_fixture_forms_agree)
{
	/* The NDJSON topics fixture and its JSON-array twin give the same topics. */
	struct xlqa_biogen_topics *a = load_topics(), *b = NULL;
	struct xlqa_error err;
	char path[1024];

	fixture_path(path, sizeof path, "topics-array.json");
	ck_assert_msg(xlqa_biogen_topics_read(path, &b, &err) == XLQA_OK, "%s", err.message);
	ck_assert_uint_eq(xlqa_biogen_topics_count(a), 2);
	ck_assert_uint_eq(xlqa_biogen_topics_count(b), 2);
	ck_assert(xlqa_biogen_topics_has(a, "1") && xlqa_biogen_topics_has(b, "1"));
	ck_assert(xlqa_biogen_topics_has(a, "2") && xlqa_biogen_topics_has(b, "2"));
	xlqa_biogen_topics_free(a);
	xlqa_biogen_topics_free(b);
}
END_TEST

START_TEST(report_as_json)
{
	/* The JSON report carries counts and each finding's location, absent ones as null. */
	struct xlqa_biogen_report r;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	check_fixture("citation-outside.json", &r);
	ck_assert_int_eq(xlqa_biogen_report_json(&r, "run \"1\".json", &out, &err), XLQA_OK);
	ck_assert_ptr_nonnull(strstr(out.buf, "\"file\": \"run \\\"1\\\".json\""));
	ck_assert_ptr_nonnull(strstr(out.buf, "\"errors\": 0"));
	ck_assert_ptr_nonnull(strstr(out.buf, "\"warnings\": 1"));
	ck_assert_ptr_nonnull(strstr(out.buf, "\"rule\": \"citation-outside\""));
	ck_assert_ptr_nonnull(strstr(out.buf, "\"topic_id\": \"1\""));
	ck_assert_ptr_nonnull(strstr(out.buf, "\"sentence\": 2"));
	ck_assert_ptr_nonnull(strstr(out.buf, "\"answer_offset\": 32"));
	ck_assert_ptr_nonnull(strstr(out.buf, "\"line\": null"));
	ck_assert_int_eq(out.buf[out.len - 1], '\n');
	xlqa_buf_release(&out);
	xlqa_biogen_report_release(&r);
}
END_TEST

Suite *eval_biogen_suite(void)
{
	Suite *s = suite_create("eval_biogen");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, registry_is_complete);
	tcase_add_test(tc, every_rule_has_a_case);
	tcase_add_loop_test(tc, rule_breaks_and_passes, 0, (int)(sizeof rule_cases / sizeof rule_cases[0]));
	tcase_add_test(tc, citation_placement);
	tcase_add_test(tc, discarded_entries_cite_nothing);
	tcase_add_test(tc, syntax_errors_located);
	tcase_add_test(tc, topics_formats_and_errors);
	tcase_add_test(tc, topics_fixture_forms_agree);
	tcase_add_test(tc, report_as_json);
	suite_add_tcase(s, tc);
	return s;
}
