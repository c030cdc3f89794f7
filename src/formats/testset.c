/*
 * testset: reads CLEF 2004 test sets (see include/xlqa/testset.h). Lines are checked column by column
 * so an error names the first column that is wrong; nothing is guessed or repaired.
 */
#include "config.h"

#include "xlqa/testset.h"
#include "xlqa/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The CLEF 2004 QA languages: sources and targets (guidelines, "Test sets"). */
static const char source_langs[] = "BG DE EN ES FI FR IT NL PT";
static const char target_langs[] = "DE EN ES FR IT NL PT";

void xlqa_testset_init(struct xlqa_testset *ts)
{
	memset(ts, 0, sizeof *ts);
	xlqa_arena_init(&ts->strings, 0);
}

void xlqa_testset_release(struct xlqa_testset *ts)
{
	free(ts->questions);
	xlqa_arena_release(&ts->strings);
	memset(ts, 0, sizeof *ts);
}

/* True when s[0..2) is an upper-case code listed in `list` (codes separated by one blank). */
static bool lang_in(const char *s, const char *list)
{
	for (const char *p = list; *p; p += p[2] ? 3 : 2)
		if (p[0] == s[0] && p[1] == s[1])
			return true;
	return false;
}

/* Checks one line's columns; `line` points at its first byte, `n` excludes the newline and any CR. */
static int parse_line(struct xlqa_testset *ts, const char *line, size_t n, int64_t lineno, const char *name,
                      struct xlqa_error *err)
{
	struct xlqa_testset_question *q;
	size_t start, end;

	/* Fixed columns: "T SS TT NNNN " is 13 bytes. */
	if (n < 2 || (line[0] != 'F' && line[0] != 'D') || line[1] != ' ')
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "question type F or D expected");
	if (n < 5 || line[4] != ' ' || !lang_in(line + 2, source_langs))
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "source language expected (%s)", source_langs);
	if (n < 8 || line[7] != ' ' || !lang_in(line + 5, target_langs))
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "target language expected (%s)", target_langs);
	for (int i = 8; i < 12; i++)
		if (i >= (int)n || line[i] < '0' || line[i] > '9')
			return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "four-digit question number expected");
	if (n < 13 || line[12] != ' ')
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno,
		                     "a blank and the question expected after the number");
	if (ts->count == 0) {
		memcpy(ts->source, line + 2, 2);
		memcpy(ts->target, line + 5, 2);
	} else if (memcmp(ts->source, line + 2, 2) != 0 || memcmp(ts->target, line + 5, 2) != 0) {
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno,
		                     "task '%.5s' differs from '%s %s' of line %lld", line + 2, ts->source, ts->target,
		                     (long long)ts->questions[0].line);
	}
	start = 13;
	end = n;
	while (start < end && (line[start] == ' ' || line[start] == '\t'))
		start++;
	while (end > start && (line[end - 1] == ' ' || line[end - 1] == '\t'))
		end--;
	if (start == end)
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "empty question");

	if (XLQA_ARRAY_RESERVE(ts->questions, ts->alloc, ts->count + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	q = &ts->questions[ts->count];
	q->type = line[0];
	memcpy(q->id, line + 8, 4);
	q->id[4] = '\0';
	q->number = (unsigned)(line[8] - '0') * 1000 + (unsigned)(line[9] - '0') * 100 +
	            (unsigned)(line[10] - '0') * 10 + (unsigned)(line[11] - '0');
	q->line = lineno;
	if (q->number == 0)
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "question number 0000 is out of range");
	for (size_t i = 0; i < ts->count; i++)
		if (ts->questions[i].number == q->number)
			return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "question %s repeats line %lld", q->id,
			                     (long long)ts->questions[i].line);
	q->text = xlqa_arena_strndup(&ts->strings, line + start, end - start);
	if (!q->text)
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	ts->count++;
	return XLQA_OK;
}

typedef int (*line_fn)(struct xlqa_testset *ts, const char *line, size_t n, int64_t lineno, const char *name,
                       struct xlqa_error *err);

/* What parse_lines hands xlqa_text_each_line: the set, the input's name and the line parser. */
struct lines_ctx {
	struct xlqa_testset *ts;
	const char *name;
	line_fn fn;
};

static int each_line(void *ctx, const char *line, size_t n, int64_t lineno, struct xlqa_error *err)
{
	struct lines_ctx *c = ctx;

	return c->fn(c->ts, line, n, lineno, c->name, err);
}

/* Checks the encoding, then calls `fn` for every non-blank line (without its newline and CR). */
static int parse_lines(struct xlqa_testset *ts, const char *data, size_t len, const char *name, line_fn fn,
                       struct xlqa_error *err)
{
	struct lines_ctx c = { ts, name, fn };
	int rc = xlqa_text_each_line(data, len, name, each_line, &c, err);

	if (!rc && ts->count == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no questions", name);
	return rc;
}

int xlqa_testset_parse(struct xlqa_testset *ts, const char *data, size_t len, const char *name,
                       struct xlqa_error *err)
{
	return parse_lines(ts, data, len, name, parse_line, err);
}

/* Adds question `id` (digits) with text [q, q + qlen), both checked; `type` is 0 for unknown. */
static int add_question(struct xlqa_testset *ts, char type, const char *id, size_t idlen, const char *q,
                        size_t qlen, int64_t lineno, const char *name, struct xlqa_error *err)
{
	struct xlqa_testset_question *tq;
	unsigned number = 0;

	for (size_t i = 0; i < idlen && i < 4; i++)
		number = number * 10 + (unsigned)(id[i] - '0') % 10;
	if (idlen == 0 || idlen > 4 || strspn(id, "0123456789") < idlen || number == 0)
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno,
		                     "question number 1-9999 expected, found '%.*s'", (int)(idlen > 20 ? 20 : idlen),
		                     id);
	while (qlen > 0 && (*q == ' ' || *q == '\t'))
		q++, qlen--;
	while (qlen > 0 && (q[qlen - 1] == ' ' || q[qlen - 1] == '\t'))
		qlen--;
	if (qlen == 0)
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "empty question");
	for (size_t i = 0; i < ts->count; i++)
		if (ts->questions[i].number == number)
			return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "question %04u repeats line %lld",
			                     number, (long long)ts->questions[i].line);
	if (XLQA_ARRAY_RESERVE(ts->questions, ts->alloc, ts->count + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	tq = &ts->questions[ts->count];
	tq->type = type;
	snprintf(tq->id, sizeof tq->id, "%04u", number % 10000);
	tq->number = number;
	tq->line = lineno;
	if (!(tq->text = xlqa_arena_strndup(&ts->strings, q, qlen)))
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	ts->count++;
	return XLQA_OK;
}

/* id<TAB>year<TAB>category<TAB>answer_type<TAB>question; '#' lines are comments, a line starting "id<TAB>"
 * before the first question is the header. */
static int parse_tsv_line(struct xlqa_testset *ts, const char *line, size_t n, int64_t lineno, const char *name,
                          struct xlqa_error *err)
{
	const char *f[5];
	size_t len[5], k = 0;

	if (line[0] == '#' || (ts->count == 0 && n >= 3 && memcmp(line, "id\t", 3) == 0))
		return XLQA_OK;
	f[0] = line;
	for (size_t i = 0; i < n && k < 4; i++)
		if (line[i] == '\t') {
			len[k] = (size_t)(line + i - f[k]);
			f[++k] = line + i + 1;
		}
	if (k < 4)
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno,
		                     "5 tab-separated columns expected (id, year, category, answer_type, "
		                     "question), found %zu",
		                     k + 1);
	len[4] = (size_t)(line + n - f[4]);
	return add_question(ts, 0, f[0], len[0], f[4], len[4], lineno, name, err);
}

int xlqa_testset_parse_tsv(struct xlqa_testset *ts, const char *data, size_t len, const char *name,
                           struct xlqa_error *err)
{
	return parse_lines(ts, data, len, name, parse_tsv_line, err);
}

static int read_with(struct xlqa_testset *ts, const char *path,
                     int (*parse)(struct xlqa_testset *, const char *, size_t, const char *, struct xlqa_error *),
                     struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	int rc = xlqa_file_read(path, &buf, err);

	if (rc == XLQA_OK)
		rc = parse(ts, buf.buf, buf.len, path, err);
	xlqa_buf_release(&buf);
	return rc;
}

int xlqa_testset_read(struct xlqa_testset *ts, const char *path, struct xlqa_error *err)
{
	return read_with(ts, path, xlqa_testset_parse, err);
}

int xlqa_testset_read_tsv(struct xlqa_testset *ts, const char *path, struct xlqa_error *err)
{
	return read_with(ts, path, xlqa_testset_parse_tsv, err);
}

const struct xlqa_testset_question *xlqa_testset_find(const struct xlqa_testset *ts, unsigned number)
{
	for (size_t i = 0; i < ts->count; i++)
		if (ts->questions[i].number == number)
			return &ts->questions[i];
	return NULL;
}
