/*
 * decode: bytes in a declared encoding to UTF-8, once, at the boundary. UTF-8 input is validated
 * in place (fast path, exact offsets); anything else goes through iconv, whose EILSEQ/EINVAL are
 * turned into errors carrying the byte offset of the offending sequence.
 */
#include "config.h"

#include "xlqa/text.h"

#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <strings.h>

size_t xlqa_text_blanks(const char *s, size_t len)
{
	size_t n = 0;

	while (n < len && (s[n] == ' ' || s[n] == '\t'))
		n++;
	return n;
}

/* The line (from 1) that byte `pos` of `in` stands on. */
static int64_t line_of(const char *in, size_t pos)
{
	int64_t line = 1;

	for (size_t i = 0; i < pos; i++)
		line += in[i] == '\n';
	return line;
}

int xlqa_text_check_nul(const char *in, size_t len, const char *name, struct xlqa_error *err)
{
	const char *nul = memchr(in, '\0', len);
	size_t at = nul ? (size_t)(nul - in) : 0;

	if (!nul)
		return XLQA_OK;
	return xlqa_error_in(err, XLQA_EPARSE, name, (int64_t)at, line_of(in, at), "NUL byte at byte %zu", at);
}

int xlqa_text_check_utf8(const char *in, size_t len, const char *name, struct xlqa_error *err)
{
	size_t bad;

	if (xlqa_text_utf8_valid(in, len, &bad))
		return xlqa_text_check_nul(in, len, name, err);
	return xlqa_error_in(err, XLQA_EENCODING, name, (int64_t)bad, line_of(in, bad), "invalid UTF-8 at byte %zu",
	                     bad);
}

int xlqa_text_each_line(const char *in, size_t len, const char *name, xlqa_text_line_fn fn, void *ctx,
                        struct xlqa_error *err)
{
	size_t pos = 0;
	int64_t lineno = 0;
	int rc;

	if ((rc = xlqa_text_check_utf8(in, len, name, err)))
		return rc;
	while (pos < len) {
		const char *nl = memchr(in + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (in + pos)) : len - pos;
		size_t next = pos + n + (nl != NULL);

		lineno++;
		if (n > 0 && in[pos + n - 1] == '\r')
			n--;
		if (xlqa_text_blanks(in + pos, n) < n && (rc = fn(ctx, in + pos, n, lineno, err)))
			return rc;
		pos = next;
	}
	return XLQA_OK;
}

bool xlqa_text_utf8_valid(const char *in, size_t len, size_t *bad)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t i = 0;

	while (i < len) {
		unsigned char c = s[i];
		size_t n;
		uint32_t cp, min;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF) {
			n = 2;
			cp = c & 0x1F;
			min = 0x80;
		} else if (c >= 0xE0 && c <= 0xEF) {
			n = 3;
			cp = c & 0x0F;
			min = 0x800;
		} else if (c >= 0xF0 && c <= 0xF4) {
			n = 4;
			cp = c & 0x07;
			min = 0x10000;
		} else {
			goto fail;
		}
		if (len - i < n)
			goto fail;
		for (size_t k = 1; k < n; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				goto fail;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			goto fail;
		i += n;
	}
	return true;
fail:
	if (bad)
		*bad = i;
	return false;
}

static bool encoding_is_utf8(const char *encoding)
{
	return strcasecmp(encoding, "UTF-8") == 0 || strcasecmp(encoding, "UTF8") == 0;
}

int xlqa_text_decode(const char *encoding, const char *in, size_t len, const char *name, struct xlqa_buf *out,
		     struct xlqa_error *err)
{
	size_t old_len = out->len;
	size_t bad;
	iconv_t cd;
	char *src = (char *)in; /* iconv's prototype is not const-correct; it only reads the input */
	size_t left = len;
	int rc = XLQA_OK;

	if (!name)
		name = "<input>";
	if (encoding_is_utf8(encoding)) {
		if (!xlqa_text_utf8_valid(in, len, &bad))
			return xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1,
					     "%s: byte offset %zu: invalid UTF-8 sequence starting with byte 0x%02x", name,
					     bad, (unsigned char)in[bad]);
		rc = xlqa_buf_add(out, in, len);
		return rc ? xlqa_error_set(err, rc, "%s: %s", name, xlqa_strerror(rc)) : XLQA_OK;
	}

	cd = iconv_open("UTF-8", encoding);
	if (cd == (iconv_t)-1)
		return xlqa_error_set(err, errno == EINVAL ? XLQA_EINVAL : XLQA_EEXTERNAL,
				      "%s: unknown encoding '%s'", name, encoding);
	while (left > 0) {
		/* Latin-1 to UTF-8 at most doubles; other encodings may need more, which E2BIG handles. */
		size_t room_before, room;
		char *dst;
		size_t r;

		rc = xlqa_buf_grow(out, left * 2 + 16);
		if (rc) {
			xlqa_error_set(err, rc, "%s: %s", name, xlqa_strerror(rc));
			break;
		}
		dst = out->buf + out->len;
		room_before = room = out->alloc - out->len - 1;
		r = iconv(cd, &src, &left, &dst, &room);
		out->len += room_before - room;
		out->buf[out->len] = '\0';
		if (r != (size_t)-1 || errno == E2BIG)
			continue;
		bad = (size_t)(src - in);
		if (errno == EILSEQ)
			rc = xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1,
					   "%s: byte offset %zu: byte 0x%02x cannot be decoded as %s", name, bad,
					   (unsigned char)in[bad], encoding);
		else if (errno == EINVAL)
			rc = xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1,
					   "%s: byte offset %zu: sequence truncated at the end of the input (%s)", name,
					   bad, encoding);
		else
			rc = xlqa_error_errno(err, XLQA_EEXTERNAL, "%s: iconv from %s failed", name, encoding);
		break;
	}
	iconv_close(cd);
	if (rc)
		xlqa_buf_setlen(out, old_len);
	return rc;
}
