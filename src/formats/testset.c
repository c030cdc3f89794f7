/*
 * testset: reads CLEF 2004 test sets (see include/xlqa/testset.h). Lines are checked column by column
 * so an error names the first column that is wrong; nothing is guessed or repaired.
 */
#include "config.h"

#include "xlqa/testset.h"
#include "xlqa/text.h"

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
		return xlqa_error_at(err, XLQA_EPARSE, -1, lineno, "%s:%lld: question type F or D expected", name,
		                     (long long)lineno);
	if (n < 5 || line[4] != ' ' || !lang_in(line + 2, source_langs))
		return xlqa_error_at(err, XLQA_EPARSE, -1, lineno,
		                     "%s:%lld: source language expected (%s)", name, (long long)lineno, source_langs);
	if (n < 8 || line[7] != ' ' || !lang_in(line + 5, target_langs))
		return xlqa_error_at(err, XLQA_EPARSE, -1, lineno,
		                     "%s:%lld: target language expected (%s)", name, (long long)lineno, target_langs);
	for (int i = 8; i < 12; i++)
		if (i >= (int)n || line[i] < '0' || line[i] > '9')
			return xlqa_error_at(err, XLQA_EPARSE, -1, lineno, "%s:%lld: four-digit question number expected",
			                     name, (long long)lineno);
	if (n < 13 || line[12] != ' ')
		return xlqa_error_at(err, XLQA_EPARSE, -1, lineno,
		                     "%s:%lld: a blank and the question expected after the number", name,
		                     (long long)lineno);
	if (ts->count == 0) {
		memcpy(ts->source, line + 2, 2);
		memcpy(ts->target, line + 5, 2);
	} else if (memcmp(ts->source, line + 2, 2) != 0 || memcmp(ts->target, line + 5, 2) != 0) {
		return xlqa_error_at(err, XLQA_EPARSE, -1, lineno,
		                     "%s:%lld: task '%.5s' differs from '%s %s' of line %lld", name, (long long)lineno,
		                     line + 2, ts->source, ts->target, (long long)ts->questions[0].line);
	}
	start = 13;
	end = n;
	while (start < end && (line[start] == ' ' || line[start] == '\t'))
		start++;
	while (end > start && (line[end - 1] == ' ' || line[end - 1] == '\t'))
		end--;
	if (start == end)
		return xlqa_error_at(err, XLQA_EPARSE, -1, lineno, "%s:%lld: empty question", name, (long long)lineno);

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
		return xlqa_error_at(err, XLQA_EPARSE, -1, lineno, "%s:%lld: question number 0000 is out of range",
		                     name, (long long)lineno);
	for (size_t i = 0; i < ts->count; i++)
		if (ts->questions[i].number == q->number)
			return xlqa_error_at(err, XLQA_EPARSE, -1, lineno, "%s:%lld: question %s repeats line %lld", name,
			                     (long long)lineno, q->id, (long long)ts->questions[i].line);
	q->text = xlqa_arena_strndup(&ts->strings, line + start, end - start);
	if (!q->text)
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	ts->count++;
	return XLQA_OK;
}

int xlqa_testset_parse(struct xlqa_testset *ts, const char *data, size_t len, const char *name,
                       struct xlqa_error *err)
{
	size_t bad, pos = 0;
	int64_t lineno = 0;

	if (!xlqa_text_utf8_valid(data, len, &bad)) {
		int64_t line = 1;

		for (size_t i = 0; i < bad; i++)
			line += data[i] == '\n';
		return xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, line, "%s:%lld: invalid UTF-8 at byte %zu",
		                     name, (long long)line, bad);
	}
	while (pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (data + pos)) : len - pos;
		size_t next = pos + n + (nl != NULL);
		int rc;

		lineno++;
		if (n > 0 && data[pos + n - 1] == '\r')
			n--;
		if (strspn(data + pos, " \t") < n) {
			rc = parse_line(ts, data + pos, n, lineno, name, err);
			if (rc)
				return rc;
		}
		pos = next;
	}
	if (ts->count == 0)
		return xlqa_error_set(err, XLQA_EEMPTY, "%s: no questions", name);
	return XLQA_OK;
}

int xlqa_testset_read(struct xlqa_testset *ts, const char *path, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	int rc = xlqa_file_read(path, &buf, err);

	if (rc == XLQA_OK)
		rc = xlqa_testset_parse(ts, buf.buf, buf.len, path, err);
	xlqa_buf_release(&buf);
	return rc;
}

const struct xlqa_testset_question *xlqa_testset_find(const struct xlqa_testset *ts, unsigned number)
{
	for (size_t i = 0; i < ts->count; i++)
		if (ts->questions[i].number == number)
			return &ts->questions[i];
	return NULL;
}
