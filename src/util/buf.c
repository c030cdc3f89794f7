/*
 * buf: the growable byte buffer. Keeps git strbuf's invariants: buf is never NULL and always
 * NUL-terminated, so a buffer can be handed to C string functions at any time.
 */
#include "config.h"

#include "xlqa/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char xlqa_buf_empty[1];

void xlqa_buf_init(struct xlqa_buf *b)
{
	b->alloc = 0;
	b->len = 0;
	b->buf = xlqa_buf_empty;
}

void xlqa_buf_release(struct xlqa_buf *b)
{
	if (b->alloc)
		free(b->buf);
	xlqa_buf_init(b);
}

int xlqa_buf_grow(struct xlqa_buf *b, size_t extra)
{
	size_t need, alloc;
	char *p;

	if (extra > SIZE_MAX - b->len - 1)
		return XLQA_EOVERFLOW;
	need = b->len + extra + 1;
	if (need <= b->alloc)
		return XLQA_OK;
	alloc = b->alloc < 64 ? 64 : b->alloc;
	while (alloc < need)
		alloc = alloc > SIZE_MAX / 2 ? need : alloc * 2;
	p = realloc(b->alloc ? b->buf : NULL, alloc);
	if (!p)
		return XLQA_ENOMEM;
	if (!b->alloc)
		p[0] = '\0';
	b->buf = p;
	b->alloc = alloc;
	return XLQA_OK;
}

void xlqa_buf_reset(struct xlqa_buf *b)
{
	xlqa_buf_setlen(b, 0);
}

void xlqa_buf_setlen(struct xlqa_buf *b, size_t len)
{
	if (len > b->len)
		len = b->len;
	b->len = len;
	if (b->alloc)
		b->buf[len] = '\0';
}

int xlqa_buf_add(struct xlqa_buf *b, const void *data, size_t len)
{
	int rc = xlqa_buf_grow(b, len);
	if (rc)
		return rc;
	if (len)
		memcpy(b->buf + b->len, data, len);
	b->len += len;
	b->buf[b->len] = '\0';
	return XLQA_OK;
}

int xlqa_buf_addstr(struct xlqa_buf *b, const char *s)
{
	return xlqa_buf_add(b, s, strlen(s));
}

int xlqa_buf_addch(struct xlqa_buf *b, int c)
{
	char ch = (char)c;
	return xlqa_buf_add(b, &ch, 1);
}

int xlqa_buf_vaddf(struct xlqa_buf *b, const char *fmt, va_list ap)
{
	va_list copy;
	int n;
	int rc;

	va_copy(copy, ap);
	n = vsnprintf(b->buf + b->len, b->alloc ? b->alloc - b->len : 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		return XLQA_EINVAL;
	if ((size_t)n + 1 > (b->alloc ? b->alloc - b->len : 0)) {
		rc = xlqa_buf_grow(b, (size_t)n);
		if (rc) {
			/* The truncated attempt wrote past len; restore the terminator. */
			if (b->alloc)
				b->buf[b->len] = '\0';
			return rc;
		}
		n = vsnprintf(b->buf + b->len, b->alloc - b->len, fmt, ap);
		if (n < 0)
			return XLQA_EINVAL;
	}
	b->len += (size_t)n;
	return XLQA_OK;
}

int xlqa_buf_addf(struct xlqa_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;
	va_start(ap, fmt);
	rc = xlqa_buf_vaddf(b, fmt, ap);
	va_end(ap);
	return rc;
}

int xlqa_buf_add_utf8(struct xlqa_buf *b, uint32_t cp)
{
	unsigned char s[4];
	size_t n;

	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return XLQA_EINVAL;
	if (cp < 0x80) {
		s[0] = (unsigned char)cp;
		n = 1;
	} else if (cp < 0x800) {
		s[0] = (unsigned char)(0xC0 | (cp >> 6));
		s[1] = (unsigned char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		s[0] = (unsigned char)(0xE0 | (cp >> 12));
		s[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		s[2] = (unsigned char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		s[0] = (unsigned char)(0xF0 | (cp >> 18));
		s[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
		s[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		s[3] = (unsigned char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	return xlqa_buf_add(b, s, n);
}

char *xlqa_buf_detach(struct xlqa_buf *b, size_t *len)
{
	char *p;

	if (len)
		*len = b->len;
	if (!b->alloc) {
		p = malloc(1);
		if (p)
			p[0] = '\0';
		return p;
	}
	p = b->buf;
	xlqa_buf_init(b);
	return p;
}
