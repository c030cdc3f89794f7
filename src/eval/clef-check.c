/*
 * clef-check: the CLEF 2004 run checker (see include/xlqa/clef.h). Every line is checked against
 * every rule, so a run with ten problems gets ten reports, each with its line. The order rule keeps
 * its place in the test set across mistakes: a line that skips ahead reports the questions it skipped
 * and carries on from there, a repeated or out-of-order question is reported without moving, and an
 * unknown number is taken as a typo for the expected question; so one slip gives one report, not one
 * on every line after it.
 */
#include "config.h"

#include "eval-internal.h"
#include "xlqa/clef.h"
#include "xlqa/text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The registry of rules, in enum order. */
static const struct {
	const char *name;
	const char *help;
} rules[XLQA_CLEF_RULE_COUNT_] = {
	[XLQA_CLEF_RULE_ENCODING] = { "encoding", "the line is valid UTF-8" },
	[XLQA_CLEF_RULE_LENGTH] = { "length", "no line is longer than 1024 bytes" },
	[XLQA_CLEF_RULE_COLUMNS] = { "columns", "type, number, run tag, confidence, DOCNO and answer are all present" },
	[XLQA_CLEF_RULE_TYPE] = { "type", "the question type is F or D, as in the test set" },
	[XLQA_CLEF_RULE_NUMBER] = { "number", "exactly one line a test-set question, in the test set's order" },
	[XLQA_CLEF_RULE_TAG] = { "tag", "one run tag throughout: 4 characters, 04, run 1 or 2, source and target" },
	[XLQA_CLEF_RULE_FILE_NAME] = { "file-name", "the file is named after its run tag, with .txt" },
	[XLQA_CLEF_RULE_CONFIDENCE] = { "confidence", "a number in [0,1] of at most 8 characters" },
	[XLQA_CLEF_RULE_NIL] = { "nil", "a NIL response has an empty answer string" },
	[XLQA_CLEF_RULE_DOCNO] = { "docno", "the DOCNO exists in the collection" },
};

const char *xlqa_clef_rule_name(enum xlqa_clef_rule rule)
{
	return (unsigned)rule < XLQA_CLEF_RULE_COUNT_ ? rules[rule].name : NULL;
}

const char *xlqa_clef_rule_help(enum xlqa_clef_rule rule)
{
	return (unsigned)rule < XLQA_CLEF_RULE_COUNT_ ? rules[rule].help : NULL;
}

void xlqa_clef_report_init(struct xlqa_clef_report *rep)
{
	memset(rep, 0, sizeof *rep);
	xlqa_arena_init(&rep->strings, 0);
}

void xlqa_clef_report_release(struct xlqa_clef_report *rep)
{
	free(rep->items);
	xlqa_arena_release(&rep->strings);
	memset(rep, 0, sizeof *rep);
}

/* The checker's state while it walks the file. */
struct checker {
	const struct xlqa_clef_check_options *opts;
	struct xlqa_clef_report *rep;
	struct xlqa_error *err;
	size_t next;          /* index of the test-set question the next line should answer */
	char tag[64];         /* the first line's run tag */
	int64_t tag_line;     /* its line, 0 before the first */
	int status;           /* first allocation failure */
};

static void report(struct checker *ck, int64_t line, enum xlqa_clef_rule rule, const char *fmt, ...)
	XLQA_PRINTF(4, 5);

static void report(struct checker *ck, int64_t line, enum xlqa_clef_rule rule, const char *fmt, ...)
{
	struct xlqa_clef_report *rep = ck->rep;
	char msg[XLQA_ERROR_MAX];
	va_list ap;

	if (ck->status)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (XLQA_ARRAY_RESERVE(rep->items, rep->alloc, rep->count + 1) ||
	    !(rep->items[rep->count].message = xlqa_arena_strndup(&rep->strings, msg, strlen(msg)))) {
		ck->status = xlqa_error_set(ck->err, XLQA_ENOMEM, "out of memory");
		return;
	}
	rep->items[rep->count].line = line;
	rep->items[rep->count].rule = rule;
	rep->count++;
}

/* The index of question `number` in the test set, or -1. */
static long testset_index(const struct xlqa_testset *ts, unsigned number)
{
	for (size_t i = 0; i < ts->count; i++)
		if (ts->questions[i].number == number)
			return (long)i;
	return -1;
}

/* Reports the questions [from, to) of the test set as missing before or at `line`. */
static void report_missing(struct checker *ck, int64_t line, size_t from, size_t to, const char *where)
{
	const struct xlqa_testset *ts = ck->opts->testset;

	if (to == from + 1)
		report(ck, line, XLQA_CLEF_RULE_NUMBER, "question %s missing %s", ts->questions[from].id, where);
	else
		report(ck, line, XLQA_CLEF_RULE_NUMBER, "questions %s to %s missing %s", ts->questions[from].id,
		       ts->questions[to - 1].id, where);
}

/* Checks the number and type columns against the test set and moves ck->next. */
static void check_order(struct checker *ck, int64_t line, const struct clef_columns *c)
{
	const struct xlqa_testset *ts = ck->opts->testset;
	const struct xlqa_testset_question *q = NULL;
	unsigned number;
	long at;

	if (c->found <= CLEF_NUMBER)
		return;
	if (!clef_parse_number(c->col[CLEF_NUMBER], c->len[CLEF_NUMBER], &number)) {
		report(ck, line, XLQA_CLEF_RULE_NUMBER, "question number 1..9999 expected, found '%.*s'",
		       (int)c->len[CLEF_NUMBER], c->col[CLEF_NUMBER]);
		if (ck->next < ts->count)
			q = &ts->questions[ck->next++];
	} else if (ck->next >= ts->count) {
		report(ck, line, XLQA_CLEF_RULE_NUMBER, "question %u after the test set's last question %s", number,
		       ts->questions[ts->count - 1].id);
	} else if (ts->questions[ck->next].number == number) {
		q = &ts->questions[ck->next++];
	} else if ((at = testset_index(ts, number)) > (long)ck->next) {
		report_missing(ck, line, ck->next, (size_t)at, "before this line");
		ck->next = (size_t)at + 1;
		q = &ts->questions[at];
	} else if (at >= 0) {
		report(ck, line, XLQA_CLEF_RULE_NUMBER, "question %u repeated or out of order: %s expected", number,
		       ts->questions[ck->next].id);
	} else {
		report(ck, line, XLQA_CLEF_RULE_NUMBER, "question %u is not in the test set: %s expected", number,
		       ts->questions[ck->next].id);
		q = &ts->questions[ck->next++];
	}
	if (q && c->len[CLEF_TYPE] == 1 && (c->col[CLEF_TYPE][0] == 'F' || c->col[CLEF_TYPE][0] == 'D') &&
	    c->col[CLEF_TYPE][0] != q->type)
		report(ck, line, XLQA_CLEF_RULE_TYPE, "type %c differs from the test set's %c for question %s",
		       c->col[CLEF_TYPE][0], q->type, q->id);
}

/* True when the tag has the form 4 characters + "04" + run 1|2 + the test set's task (any case). */
static bool tag_well_formed(const char *t, size_t n, const struct xlqa_testset *ts)
{
	if (n != 11)
		return false;
	for (int i = 0; i < 4; i++)
		if ((unsigned char)t[i] <= ' ' || (unsigned char)t[i] > '~')
			return false;
	return t[4] == '0' && t[5] == '4' && (t[6] == '1' || t[6] == '2') &&
	       toupper((unsigned char)t[7]) == ts->source[0] && toupper((unsigned char)t[8]) == ts->source[1] &&
	       toupper((unsigned char)t[9]) == ts->target[0] && toupper((unsigned char)t[10]) == ts->target[1];
}

int xlqa_clef_tag_check(const char *tag, const struct xlqa_testset *ts, struct xlqa_error *err)
{
	if (!tag || !ts)
		return xlqa_error_set(err, XLQA_EINVAL, "a run tag and a test set are needed");
	if (tag_well_formed(tag, strlen(tag), ts))
		return XLQA_OK;
	return xlqa_error_set(err, XLQA_EINVAL,
	                      "run tag '%s' breaks the CLEF 2004 rule: 4 characters, 04, run number 1 or 2 and the "
	                      "task %c%c%c%c, such as 'xlqa041%c%c%c%c'",
	                      tag, tolower((unsigned char)ts->source[0]), tolower((unsigned char)ts->source[1]),
	                      tolower((unsigned char)ts->target[0]), tolower((unsigned char)ts->target[1]),
	                      tolower((unsigned char)ts->source[0]), tolower((unsigned char)ts->source[1]),
	                      tolower((unsigned char)ts->target[0]), tolower((unsigned char)ts->target[1]));
}

static void check_tag(struct checker *ck, int64_t line, const struct clef_columns *c)
{
	const struct xlqa_testset *ts = ck->opts->testset;
	const char *t = c->col[CLEF_TAG];
	size_t n = c->len[CLEF_TAG];

	if (ck->tag_line == 0) {
		const char *file = ck->opts->file_name, *base;

		ck->tag_line = line;
		snprintf(ck->tag, sizeof ck->tag, "%.*s", (int)n, t);
		if (!tag_well_formed(t, n, ts))
			report(ck, line, XLQA_CLEF_RULE_TAG,
			       "run tag '%.*s' is not 4 characters, 04, run number 1 or 2 and the task %c%c%c%c", (int)n, t,
			       tolower((unsigned char)ts->source[0]), tolower((unsigned char)ts->source[1]),
			       tolower((unsigned char)ts->target[0]), tolower((unsigned char)ts->target[1]));
		if (file) {
			base = strrchr(file, '/');
			base = base ? base + 1 : file;
			if (strlen(base) != n + 4 || memcmp(base, t, n) != 0 || strcmp(base + n, ".txt") != 0)
				report(ck, line, XLQA_CLEF_RULE_FILE_NAME, "file '%s' is not named after run tag '%s' ('%s.txt')",
				       base, ck->tag, ck->tag);
		}
	} else if (strlen(ck->tag) != n || memcmp(ck->tag, t, n) != 0) {
		report(ck, line, XLQA_CLEF_RULE_TAG, "run tag '%.*s' differs from '%s' of line %lld", (int)n, t, ck->tag,
		       (long long)ck->tag_line);
	}
}

static void check_line(struct checker *ck, const char *p, size_t n, int64_t line)
{
	const struct xlqa_clef_check_options *o = ck->opts;
	struct clef_columns c;
	size_t bad;
	double conf;

	if (n > XLQA_CLEF_LINE_MAX)
		report(ck, line, XLQA_CLEF_RULE_LENGTH, "line of %zu bytes exceeds %d", n, XLQA_CLEF_LINE_MAX);
	if (!xlqa_text_utf8_valid(p, n, &bad))
		report(ck, line, XLQA_CLEF_RULE_ENCODING, "invalid UTF-8 at column %zu", bad + 1);
	if (memchr(p, '\0', n))
		report(ck, line, XLQA_CLEF_RULE_ENCODING, "NUL byte at column %zu",
		       (size_t)((const char *)memchr(p, '\0', n) - p) + 1);
	clef_split(p, n, &c);
	if (c.found == 0) {
		report(ck, line, XLQA_CLEF_RULE_COLUMNS, "empty line");
		return;
	}
	if (c.found < CLEF_NCOLUMNS)
		report(ck, line, XLQA_CLEF_RULE_COLUMNS,
		       "%zu columns, at least 5 expected: type, number, run tag, confidence, DOCNO", c.found);
	if (c.len[CLEF_TYPE] != 1 || (c.col[CLEF_TYPE][0] != 'F' && c.col[CLEF_TYPE][0] != 'D'))
		report(ck, line, XLQA_CLEF_RULE_TYPE, "question type F or D expected, found '%.*s'", (int)c.len[CLEF_TYPE],
		       c.col[CLEF_TYPE]);
	check_order(ck, line, &c);
	if (c.found > CLEF_TAG)
		check_tag(ck, line, &c);
	if (c.found > CLEF_CONFIDENCE) {
		const char *s = c.col[CLEF_CONFIDENCE];
		int len = (int)c.len[CLEF_CONFIDENCE];

		if (!clef_parse_confidence(s, c.len[CLEF_CONFIDENCE], &conf))
			report(ck, line, XLQA_CLEF_RULE_CONFIDENCE, "confidence '%.*s' is not a number", len, s);
		else if (!(conf >= 0.0 && conf <= 1.0))
			report(ck, line, XLQA_CLEF_RULE_CONFIDENCE, "confidence '%.*s' is not in [0,1]", len, s);
		if (c.len[CLEF_CONFIDENCE] > XLQA_CLEF_CONFIDENCE_MAX)
			report(ck, line, XLQA_CLEF_RULE_CONFIDENCE, "confidence '%.*s' is longer than %d characters", len, s,
			       XLQA_CLEF_CONFIDENCE_MAX);
	}
	if (c.found > CLEF_DOCNO) {
		const char *d = c.col[CLEF_DOCNO];
		size_t dl = c.len[CLEF_DOCNO];
		bool nil = dl == 3 && memcmp(d, "NIL", 3) == 0;

		if (nil && c.answer_len > 0)
			report(ck, line, XLQA_CLEF_RULE_NIL, "NIL response with answer string '%.*s'", (int)c.answer_len,
			       c.answer);
		else if (!nil && c.answer_len == 0)
			report(ck, line, XLQA_CLEF_RULE_COLUMNS, "answer string missing after DOCNO '%.*s'", (int)dl, d);
		if (!nil && o->docno_exists) {
			char docno[256];

			if (dl >= sizeof docno) {
				report(ck, line, XLQA_CLEF_RULE_DOCNO, "DOCNO of %zu bytes is not in the collection", dl);
			} else {
				memcpy(docno, d, dl);
				docno[dl] = '\0';
				if (!o->docno_exists(o->docno_ctx, docno))
					report(ck, line, XLQA_CLEF_RULE_DOCNO, "DOCNO '%s' is not in the collection", docno);
			}
		}
	}
}

int xlqa_clef_check(const char *data, size_t len, const struct xlqa_clef_check_options *opts,
                    struct xlqa_clef_report *rep, struct xlqa_error *err)
{
	struct checker ck;
	size_t pos = 0;
	int64_t lineno = 0;

	if (!opts || !opts->testset || opts->testset->count == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "the checker needs a test set");
	memset(&ck, 0, sizeof ck);
	ck.opts = opts;
	ck.rep = rep;
	ck.err = err;
	while (pos < len && !ck.status) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (data + pos)) : len - pos;
		size_t next = pos + n + (nl != NULL);

		lineno++;
		if (n > 0 && data[pos + n - 1] == '\r')
			n--;
		check_line(&ck, data + pos, n, lineno);
		pos = next;
	}
	rep->lines = (size_t)lineno;
	if (ck.next < opts->testset->count)
		report_missing(&ck, lineno, ck.next, opts->testset->count, "at the end of the run");
	return ck.status;
}
