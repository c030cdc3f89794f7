/*
 * clef: reading and writing CLEF 2004 run files (see include/xlqa/clef.h). The reader takes a line
 * apart column by column and stops at the first column it cannot use, naming it; it does not judge
 * the rules a submission must follow, which is the checker's job (clef-check.c), so a run that breaks
 * them can still be read, judged and scored. The writer refuses any response that would make a line
 * the reader or the checker rejects, and writes a file completely or not at all.
 */
#include "config.h"

#include "eval-internal.h"
#include "xlqa/clef.h"
#include "xlqa/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void clef_split(const char *line, size_t n, struct clef_columns *out)
{
	size_t pos = 0;

	memset(out, 0, sizeof *out);
	while (out->found < CLEF_NCOLUMNS) {
		size_t start;

		while (pos < n && clef_blank(line[pos]))
			pos++;
		if (pos == n)
			break;
		start = pos;
		while (pos < n && !clef_blank(line[pos]))
			pos++;
		out->col[out->found] = line + start;
		out->len[out->found] = pos - start;
		out->found++;
	}
	while (pos < n && clef_blank(line[pos]))
		pos++;
	while (n > pos && clef_blank(line[n - 1]))
		n--;
	out->answer = line + pos;
	out->answer_len = n - pos;
}

bool clef_parse_confidence(const char *s, size_t n, double *out)
{
	char copy[64];
	size_t i = 0, digits = 0;
	char *end;

	if (n == 0 || n >= sizeof copy)
		return false;
	if (s[i] == '+' || s[i] == '-')
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			digits++;
	if (digits == 0)
		return false;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t exp_digits = 0;

		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			exp_digits++;
		if (exp_digits == 0)
			return false;
	}
	if (i != n)
		return false;
	memcpy(copy, s, n);
	copy[n] = '\0';
	*out = strtod(copy, &end);
	return isfinite(*out);
}

bool clef_parse_number(const char *s, size_t n, unsigned *out)
{
	unsigned v = 0;

	if (n == 0 || n > 4)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v == 0)
		return false;
	*out = v;
	return true;
}

void xlqa_clef_run_init(struct xlqa_clef_run *run)
{
	memset(run, 0, sizeof *run);
	xlqa_arena_init(&run->strings, 0);
}

void xlqa_clef_run_release(struct xlqa_clef_run *run)
{
	free(run->responses);
	xlqa_arena_release(&run->strings);
	memset(run, 0, sizeof *run);
}

static bool is_judgment(char c)
{
	return c == XLQA_JUDGMENT_R || c == XLQA_JUDGMENT_X || c == XLQA_JUDGMENT_U || c == XLQA_JUDGMENT_W;
}

/* Appends a response whose strings are copied from (pointer, length) pairs. */
static int push(struct xlqa_clef_run *run, const struct xlqa_clef_response *r, size_t tag_len, size_t conf_len,
                size_t docno_len, size_t answer_len, struct xlqa_error *err)
{
	struct xlqa_clef_response *dst;

	if (XLQA_ARRAY_RESERVE(run->responses, run->alloc, run->count + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	dst = &run->responses[run->count];
	*dst = *r;
	dst->tag = xlqa_arena_strndup(&run->strings, r->tag, tag_len);
	dst->confidence_text = xlqa_arena_strndup(&run->strings, r->confidence_text, conf_len);
	dst->docno = xlqa_arena_strndup(&run->strings, r->docno, docno_len);
	dst->answer = xlqa_arena_strndup(&run->strings, r->answer, answer_len);
	if (!dst->tag || !dst->confidence_text || !dst->docno || !dst->answer)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	run->count++;
	return XLQA_OK;
}

/* Reads one non-blank line of `n` bytes (no line break). */
static int parse_line(struct xlqa_clef_run *run, const char *line, size_t n, int64_t lineno, const char *name,
                      unsigned flags, struct xlqa_error *err)
{
	static const char *const what[CLEF_NCOLUMNS] = { "question type F or D", "question number 1..9999",
		                                         "run tag", "confidence number", "DOCNO" };
	struct xlqa_clef_response r;
	struct clef_columns c;
	size_t i = 0;

	memset(&r, 0, sizeof r);
	r.line = lineno;
	while (i < n && clef_blank(line[i]))
		i++;
	if (flags & XLQA_CLEF_JUDGED) {
		if (i + 1 >= n || !is_judgment(line[i]) || !clef_blank(line[i + 1]))
			return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "judgment R, X, U or W expected");
		r.judgment = (enum xlqa_judgment)line[i];
		i += 2;
	}
	clef_split(line + i, n - i, &c);
	if (c.found < CLEF_NCOLUMNS)
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "%s expected", what[c.found]);
	if (c.len[CLEF_TYPE] != 1 || (c.col[CLEF_TYPE][0] != 'F' && c.col[CLEF_TYPE][0] != 'D'))
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "%s expected, found '%.*s'", what[CLEF_TYPE],
		                     (int)c.len[CLEF_TYPE], c.col[CLEF_TYPE]);
	if (!clef_parse_number(c.col[CLEF_NUMBER], c.len[CLEF_NUMBER], &r.number))
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "%s expected, found '%.*s'", what[CLEF_NUMBER],
		                     (int)c.len[CLEF_NUMBER], c.col[CLEF_NUMBER]);
	if (!clef_parse_confidence(c.col[CLEF_CONFIDENCE], c.len[CLEF_CONFIDENCE], &r.confidence))
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "%s expected, found '%.*s'",
		                     what[CLEF_CONFIDENCE], (int)c.len[CLEF_CONFIDENCE], c.col[CLEF_CONFIDENCE]);
	r.type = c.col[CLEF_TYPE][0];
	r.tag = c.col[CLEF_TAG];
	r.confidence_text = c.col[CLEF_CONFIDENCE];
	r.docno = c.col[CLEF_DOCNO];
	r.answer = c.answer;
	r.nil = c.len[CLEF_DOCNO] == 3 && memcmp(c.col[CLEF_DOCNO], "NIL", 3) == 0;
	return push(run, &r, c.len[CLEF_TAG], c.len[CLEF_CONFIDENCE], c.len[CLEF_DOCNO], c.answer_len, err);
}

/* What xlqa_clef_run_parse hands xlqa_text_each_line. */
struct run_lines {
	struct xlqa_clef_run *run;
	const char *name;
	unsigned flags;
};

static int run_line(void *ctx, const char *line, size_t n, int64_t lineno, struct xlqa_error *err)
{
	struct run_lines *c = ctx;

	return parse_line(c->run, line, n, lineno, c->name, c->flags, err);
}

int xlqa_clef_run_parse(struct xlqa_clef_run *run, const char *data, size_t len, const char *name, unsigned flags,
                        struct xlqa_error *err)
{
	struct run_lines c = { run, name, flags };
	int rc = xlqa_text_each_line(data, len, name, run_line, &c, err);

	if (!rc && run->count == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no responses", name);
	return rc;
}

size_t xlqa_clef_run_unanswered(const struct xlqa_clef_run *run, const struct xlqa_testset *ts)
{
	size_t missing = 0;

	for (size_t q = 0; q < ts->count; q++) {
		size_t i = 0;

		while (i < run->count && run->responses[i].number != ts->questions[q].number)
			i++;
		missing += i == run->count;
	}
	return missing;
}

int xlqa_clef_run_read(struct xlqa_clef_run *run, const char *path, unsigned flags, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	int rc = xlqa_file_read(path, &buf, err);

	if (rc == XLQA_OK)
		rc = xlqa_clef_run_parse(run, buf.buf, buf.len, strcmp(path, "-") == 0 ? "<stdin>" : path, flags, err);
	xlqa_buf_release(&buf);
	return rc;
}

/* True when `s` is non-empty and holds no blank or line break. */
static bool is_word(const char *s)
{
	return s && *s && !s[strcspn(s, " \t\r\n")];
}

/* Checks one response against what a written line must satisfy; `what` names it in messages. */
static int validate(char type, unsigned number, const char *tag, double confidence, const char *docno,
                    const char *answer, struct xlqa_error *err)
{
	bool nil = docno && strcmp(docno, "NIL") == 0;

	if (type != 'F' && type != 'D')
		return xlqa_error_set(err, XLQA_EINVAL, "question %u: type '%c' is not F or D", number, type);
	if (number < 1 || number > 9999)
		return xlqa_error_set(err, XLQA_EINVAL, "question number %u is not in 1..9999", number);
	if (!is_word(tag))
		return xlqa_error_set(err, XLQA_EINVAL, "question %u: run tag '%s' is empty or holds blanks", number,
		                      tag ? tag : "");
	if (!(confidence >= 0.0 && confidence <= 1.0))
		return xlqa_error_set(err, XLQA_EINVAL, "question %u: confidence %g is not in [0,1]", number, confidence);
	if (!is_word(docno))
		return xlqa_error_set(err, XLQA_EINVAL, "question %u: DOCNO '%s' is empty or holds blanks", number,
		                      docno ? docno : "");
	if (nil && answer && *answer)
		return xlqa_error_set(err, XLQA_EINVAL, "question %u: a NIL response has no answer string", number);
	if (!nil && (!answer || !answer[strspn(answer, " \t")]))
		return xlqa_error_set(err, XLQA_EINVAL, "question %u: answer string missing for DOCNO '%s'", number,
		                      docno);
	if (answer && (strpbrk(answer, "\r\n") || !xlqa_text_utf8_valid(answer, strlen(answer), NULL)))
		return xlqa_error_set(err, XLQA_EINVAL, "question %u: the answer holds a line break or invalid UTF-8",
		                      number);
	return XLQA_OK;
}

int xlqa_clef_run_add(struct xlqa_clef_run *run, char type, unsigned number, const char *tag, double confidence,
                      const char *docno, const char *answer, struct xlqa_error *err)
{
	struct xlqa_clef_response r;
	char conf[32];
	size_t alen;
	int rc = validate(type, number, tag, confidence, docno, answer, err);

	if (rc)
		return rc;
	if (!answer)
		answer = "";
	/* Blanks around the answer are not part of it, as when it is read back. */
	answer += strspn(answer, " \t");
	alen = strlen(answer);
	while (alen > 0 && clef_blank(answer[alen - 1]))
		alen--;
	memset(&r, 0, sizeof r);
	r.type = type;
	r.number = number;
	r.tag = tag;
	r.confidence = confidence;
	snprintf(conf, sizeof conf, "%.6f", confidence);
	/* no trailing zeros: "0.250000" -> "0.25", "1.000000" -> "1" */
	{
		size_t n = strlen(conf);

		while (n > 1 && conf[n - 1] == '0')
			n--;
		if (conf[n - 1] == '.')
			n--;
		conf[n] = '\0';
	}
	r.confidence_text = conf;
	r.docno = docno;
	r.answer = answer;
	r.nil = strcmp(docno, "NIL") == 0;
	return push(run, &r, strlen(tag), strlen(conf), strlen(docno), alen, err);
}

int xlqa_clef_run_format(const struct xlqa_clef_run *run, unsigned flags, struct xlqa_buf *out,
                         struct xlqa_error *err)
{
	size_t old = out->len;

	for (size_t i = 0; i < run->count; i++) {
		const struct xlqa_clef_response *r = &run->responses[i];
		size_t start = out->len;
		int rc = validate(r->type, r->number, r->tag, r->confidence, r->docno, r->answer, err);

		if (!rc && !is_word(r->confidence_text))
			rc = xlqa_error_set(err, XLQA_EINVAL, "question %u: no confidence text", r->number);
		if (!rc && (flags & XLQA_CLEF_JUDGED) && !is_judgment((char)r->judgment))
			rc = xlqa_error_set(err, XLQA_EINVAL, "question %u: response not judged", r->number);
		if (!rc && (flags & XLQA_CLEF_JUDGED))
			rc = xlqa_buf_addf(out, "%c ", (char)r->judgment);
		if (!rc)
			rc = xlqa_buf_addf(out, "%c %u %s %s %s%s%s", r->type, r->number, r->tag, r->confidence_text, r->docno,
			                   r->nil ? "" : " ", r->nil ? "" : r->answer);
		if (!rc && out->len - start > XLQA_CLEF_LINE_MAX + ((flags & XLQA_CLEF_JUDGED) ? 2u : 0u))
			rc = xlqa_error_set(err, XLQA_EOVERFLOW, "question %u: line of %zu bytes exceeds %d", r->number,
			                    out->len - start, XLQA_CLEF_LINE_MAX);
		if (!rc)
			rc = xlqa_buf_addch(out, '\n');
		if (rc) {
			if (rc == XLQA_ENOMEM)
				xlqa_error_set(err, rc, "out of memory");
			xlqa_buf_setlen(out, old);
			return rc;
		}
	}
	return XLQA_OK;
}

int xlqa_clef_run_write(const struct xlqa_clef_run *run, const char *path, unsigned flags, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	int rc = xlqa_clef_run_format(run, flags, &buf, err);

	if (rc == XLQA_OK)
		rc = xlqa_file_write_atomic(path, buf.buf, buf.len, err);
	xlqa_buf_release(&buf);
	return rc;
}
