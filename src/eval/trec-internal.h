/*
 * trec-internal: what the TREC readers (patterns.c, trec.c, series.c) share and callers must not see:
 * a line cursor over a file held in memory, field splitting on white space, and the problem list the
 * checkers fill. None of these symbols is exported (they do not start with xlqa_).
 */
#ifndef XLQA_TREC_INTERNAL_H
#define XLQA_TREC_INTERNAL_H

#include "xlqa/trec.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One line of a file: its bytes without the final LF or CRLF, and its 1-based number. */
struct trec_line {
	const char *s;
	size_t len;
	int64_t no;
};

/* Moves to the next line of buf[0..size) from *pos; false at the end. */
bool trec_next_line(const char *buf, size_t size, size_t *pos, struct trec_line *line);

/* True for ASCII white space (space, tab, CR, LF, FF, VT): what the TREC formats separate fields with. */
static inline bool trec_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/*
 * Takes the next white-space-separated field of s[*pos..len): its start and length, with *pos moved
 * past it and the white space before the next field. False when no field is left.
 */
bool trec_next_field(const char *s, size_t len, size_t *pos, const char **field, size_t *field_len);

/* s[0..len) with white space trimmed at both ends: new start in *s, length returned. */
size_t trec_trim(const char **s, size_t len);

/* Reads `path` whole and checks it is UTF-8; messages name the path. */
int trec_read_utf8(const char *path, struct xlqa_buf *out, struct xlqa_error *err);

/* Called for each line a reader wants; returns XLQA_OK to go on or a status to stop with. */
typedef int (*trec_line_fn)(void *ctx, const char *path, const struct trec_line *line, struct xlqa_error *err);
/*
 * Reads `path` (trec_read_utf8) and hands `fn` each line that is not blank and, with `comments`,
 * does not start with '#' (after white space); stops at the first failure and returns it.
 */
int trec_each_line(const char *path, bool comments, trec_line_fn fn, void *ctx, struct xlqa_error *err);

/* Appends "line: message" to a problem list. XLQA_OK or XLQA_ENOMEM. */
int trec_problem_add(struct xlqa_trec_problems *pr, int64_t line, const char *fmt, ...) XLQA_PRINTF(3, 4);

/* True when s[0..len) is a number (strtod syntax, finite); stored in *value when not NULL. */
bool trec_parse_double(const char *s, size_t len, double *value);

/* The number of non-white-space characters (Unicode code points, not bytes) in UTF-8 s[0..len). */
size_t trec_nonspace_chars(const char *s, size_t len);

#endif
