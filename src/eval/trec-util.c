/*
 * trec-util: the line cursor, field splitting, UTF-8 file reading and problem lists the TREC readers
 * share (declared in trec-internal.h, and xlqa_trec_problems_* in include/xlqa/trec.h).
 *
 * Invariant: cursors never read past the buffer's length; a problem list's messages are heap strings
 * it owns.
 */
#include "config.h"

#include "trec-internal.h"
#include "xlqa/text.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool trec_next_line(const char *buf, size_t size, size_t *pos, struct trec_line *line)
{
	const char *start, *nl;
	size_t len;

	if (*pos >= size)
		return false;
	start = buf + *pos;
	nl = memchr(start, '\n', size - *pos);
	len = nl ? (size_t)(nl - start) : size - *pos;
	*pos += len + (nl ? 1 : 0);
	if (len > 0 && start[len - 1] == '\r')
		len--;
	line->s = start;
	line->len = len;
	line->no++;
	return true;
}

bool trec_next_field(const char *s, size_t len, size_t *pos, const char **field, size_t *field_len)
{
	size_t i = *pos, start;

	while (i < len && trec_space(s[i]))
		i++;
	if (i >= len) {
		*pos = len;
		return false;
	}
	start = i;
	while (i < len && !trec_space(s[i]))
		i++;
	*field = s + start;
	*field_len = i - start;
	while (i < len && trec_space(s[i]))
		i++;
	*pos = i;
	return true;
}

size_t trec_trim(const char **s, size_t len)
{
	while (len > 0 && trec_space(**s)) {
		(*s)++;
		len--;
	}
	while (len > 0 && trec_space((*s)[len - 1]))
		len--;
	return len;
}

int trec_read_utf8(const char *path, struct xlqa_buf *out, struct xlqa_error *err)
{
	int rc = xlqa_file_read(path, out, err);

	if (!rc && (rc = xlqa_text_check_utf8(out->buf, out->len, path, err)))
		xlqa_buf_release(out);
	return rc;
}

int trec_each_line(const char *path, bool comments, trec_line_fn fn, void *ctx, struct xlqa_error *err)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct trec_line l = { 0 };
	size_t pos = 0;
	int rc = trec_read_utf8(path, &b, err);

	while (rc == XLQA_OK && trec_next_line(b.buf, b.len, &pos, &l)) {
		const char *s = l.s;

		if (trec_trim(&s, l.len) == 0 || (comments && s[0] == '#'))
			continue;
		rc = fn(ctx, path, &l, err);
	}
	xlqa_buf_release(&b);
	return rc;
}

void xlqa_trec_problems_init(struct xlqa_trec_problems *pr)
{
	memset(pr, 0, sizeof *pr);
}

void xlqa_trec_problems_release(struct xlqa_trec_problems *pr)
{
	for (size_t i = 0; i < pr->count; i++)
		free(pr->items[i].message);
	free(pr->items);
	xlqa_trec_problems_init(pr);
}

int trec_problem_add(struct xlqa_trec_problems *pr, int64_t line, const char *fmt, ...)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	va_list ap;
	int rc;

	if ((rc = XLQA_ARRAY_RESERVE(pr->items, pr->alloc, pr->count + 1)))
		return rc;
	va_start(ap, fmt);
	rc = xlqa_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (rc) {
		xlqa_buf_release(&b);
		return rc;
	}
	pr->items[pr->count].line = line;
	if (!(pr->items[pr->count].message = xlqa_buf_detach(&b, NULL)))
		return XLQA_ENOMEM;
	pr->count++;
	return XLQA_OK;
}

bool trec_parse_double(const char *s, size_t len, double *value)
{
	char tmp[64], *end;
	double v;

	if (len == 0 || len >= sizeof tmp)
		return false;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	errno = 0;
	v = strtod(tmp, &end);
	if (*end || errno == ERANGE || !isfinite(v))
		return false;
	if (value)
		*value = v;
	return true;
}

size_t trec_nonspace_chars(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		/* Count lead bytes only, so a multi-byte character is one character. */
		if ((c & 0xC0) != 0x80 && !trec_space((char)c))
			n++;
	}
	return n;
}
