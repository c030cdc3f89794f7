/*
 * error: filling struct xlqa_error. Messages are truncated, never overflowed; a NULL error pointer
 * is accepted everywhere so callers that only want the status can pass NULL.
 */
#include "config.h"

#include "xlqa/util.h"

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

void xlqa_error_prefix(struct xlqa_error *err, const char *fmt, ...)
{
	char prefix[XLQA_ERROR_MAX];
	char joined[2 * XLQA_ERROR_MAX + 2];
	size_t n;
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof prefix, fmt, ap);
	va_end(ap);
	snprintf(joined, sizeof joined, "%s: %s", prefix, err->message);
	n = strlen(joined);
	if (n >= sizeof err->message)
		n = sizeof err->message - 1;
	memcpy(err->message, joined, n);
	err->message[n] = '\0';
}
