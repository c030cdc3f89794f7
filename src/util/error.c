/*
 * error: filling struct xlqa_error. Messages are truncated, never overflowed; a NULL error pointer
 * is accepted everywhere so callers that only want the status can pass NULL.
 */
#include "config.h"

#include "xlqa/util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

void xlqa_error_clear(struct xlqa_error *err)
{
	if (!err)
		return;
	err->status = XLQA_OK;
	err->offset = -1;
	err->line = -1;
	err->message[0] = '\0';
}

static int error_vset(struct xlqa_error *err, int status, int64_t offset, int64_t line, const char *fmt,
		      va_list ap) XLQA_PRINTF(5, 0);

static int error_vset(struct xlqa_error *err, int status, int64_t offset, int64_t line, const char *fmt,
		      va_list ap)
{
	if (!err)
		return status;
	err->status = status;
	err->offset = offset;
	err->line = line;
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	return status;
}

int xlqa_error_set(struct xlqa_error *err, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_vset(err, status, -1, -1, fmt, ap);
	va_end(ap);
	return status;
}

int xlqa_error_at(struct xlqa_error *err, int status, int64_t offset, int64_t line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_vset(err, status, offset, line, fmt, ap);
	va_end(ap);
	return status;
}

/* Puts "prefix: " in front of the message, truncating its end. */
static void error_prepend(struct xlqa_error *err, const char *prefix)
{
	char joined[2 * XLQA_ERROR_MAX + 2];
	size_t n;

	snprintf(joined, sizeof joined, "%s: %s", prefix, err->message);
	n = strlen(joined);
	if (n >= sizeof err->message)
		n = sizeof err->message - 1;
	memcpy(err->message, joined, n);
	err->message[n] = '\0';
}

/* Appends ": " and `tail` to the message, truncating. */
static void error_append(struct xlqa_error *err, const char *tail)
{
	size_t n = strlen(err->message);
	snprintf(err->message + n, sizeof err->message - n, ": %s", tail);
}

static int error_vset_tail(struct xlqa_error *err, int status, const char *tail, const char *fmt, va_list ap)
	XLQA_PRINTF(4, 0);

/* As error_vset without a location, then ": tail". */
static int error_vset_tail(struct xlqa_error *err, int status, const char *tail, const char *fmt, va_list ap)
{
	if (!err)
		return status;
	error_vset(err, status, -1, -1, fmt, ap);
	error_append(err, tail);
	return status;
}

int xlqa_error_errno(struct xlqa_error *err, int status, const char *fmt, ...)
{
	const char *why = strerror(errno);
	va_list ap;

	va_start(ap, fmt);
	error_vset_tail(err, status, why, fmt, ap);
	va_end(ap);
	return status;
}

int xlqa_error_status(struct xlqa_error *err, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset_tail(err, status, xlqa_strerror(status), fmt, ap);
	va_end(ap);
	return status;
}

int xlqa_error_in(struct xlqa_error *err, int status, const char *file, int64_t offset, int64_t line, const char *fmt,
                  ...)
{
	va_list ap;

	if (!err)
		return status;
	va_start(ap, fmt);
	error_vset(err, status, offset, line, fmt, ap);
	va_end(ap);
	xlqa_error_locate(err, file);
	return status;
}

void xlqa_error_locate(struct xlqa_error *err, const char *file)
{
	char where[XLQA_ERROR_MAX];

	if (!err)
		return;
	if (err->line >= 1)
		snprintf(where, sizeof where, "%s:%lld", file, (long long)err->line);
	else
		snprintf(where, sizeof where, "%s", file);
	error_prepend(err, where);
}

void xlqa_error_prefix(struct xlqa_error *err, const char *fmt, ...)
{
	char prefix[XLQA_ERROR_MAX];
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof prefix, fmt, ap);
	va_end(ap);
	error_prepend(err, prefix);
}
