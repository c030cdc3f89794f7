/*
 * entities: SGML/HTML character references. Named references come from libxml2's HTML 4.01 table
 * (the set SGML newswire of the CLEF era uses); numeric ones are decimal or hex, with HTML's reading of
 * 128-159 as Windows-1252 because newswire feeds emit "&#150;" meaning an en dash.
 */
#include "config.h"

#include "xlqa/text.h"

#include <libxml/HTMLparser.h>
#include <string.h>

/* Longest name we try to resolve; HTML 4.01's longest is "thetasym" (8). */
#define ENTITY_NAME_MAX 32

/* Windows-1252 code points for bytes 0x80-0x9F; 0 where the code page leaves the byte undefined. */
static const uint16_t cp1252_high[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
	0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
	0x0153, 0, 0x017E, 0x0178,
};

bool xlqa_text_entity_lookup(const char *name, size_t len, uint32_t *cp)
{
	char key[ENTITY_NAME_MAX + 1];
	const htmlEntityDesc *desc;

	if (len == 0 || len > ENTITY_NAME_MAX)
		return false;
	memcpy(key, name, len);
	key[len] = '\0';
	desc = htmlEntityLookup((const xmlChar *)key);
	if (!desc)
		return false;
	*cp = desc->value;
	return true;
}

/* Parses the digits of a numeric reference; false on no digits, a bad digit or overflow. */
static bool parse_code_point(const char *s, size_t len, int base, uint32_t *cp)
{
	uint32_t v = 0;

	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned d;
		char c = s[i];
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		if (v > (0x10FFFFu - d) / (unsigned)base)
			return false;
		v = v * (unsigned)base + d;
	}
	*cp = v;
	return true;
}

/*
 * Resolves the reference whose body (between '&' and ';') is [s, s+len). Returns NULL and the code
 * point, or a static reason why it cannot be resolved.
 */
static const char *resolve_reference(const char *s, size_t len, uint32_t *cp)
{
	if (len > 0 && s[0] == '#') {
		bool hex = len > 1 && (s[1] == 'x' || s[1] == 'X');
		size_t skip = hex ? 2 : 1;
		if (!parse_code_point(s + skip, len - skip, hex ? 16 : 10, cp))
			return "malformed numeric character reference";
		if (*cp >= 0x80 && *cp <= 0x9F && cp1252_high[*cp - 0x80])
			*cp = cp1252_high[*cp - 0x80];
		if (*cp == 0 || (*cp >= 0xD800 && *cp <= 0xDFFF) || (*cp >= 0x80 && *cp <= 0x9F))
			return "character reference to an invalid code point";
		return NULL;
	}
	if (!xlqa_text_entity_lookup(s, len, cp))
		return "unknown entity";
	return NULL;
}

int xlqa_text_unescape(const char *in, size_t len, unsigned flags, const char *name, struct xlqa_buf *out,
		       size_t *kept, struct xlqa_error *err)
{
	size_t old_len = out->len;
	size_t i = 0;
	int rc;

	if (!name)
		name = "<input>";
	while (i < len) {
		const char *amp = memchr(in + i, '&', len - i);
		size_t at, body, end;
		const char *why;
		uint32_t cp = 0;

		if (!amp)
			break;
		at = (size_t)(amp - in);
		rc = xlqa_buf_add(out, in + i, at - i);
		if (rc)
			goto fail_status;
		body = at + 1;
		end = body;
		while (end < len && end - body <= ENTITY_NAME_MAX && in[end] != ';' && in[end] != '&' &&
		       in[end] != ' ' && in[end] != '\n' && in[end] != '<')
			end++;
		if (end >= len || in[end] != ';')
			why = end == body ? "'&' not starting a character reference (write '&amp;')"
					  : "character reference not terminated by ';'";
		else
			why = resolve_reference(in + body, end - body, &cp);
		if (why) {
			if (!(flags & XLQA_UNESCAPE_LENIENT)) {
				int shown = (int)((end < len ? end + 1 : len) - at);
				xlqa_buf_setlen(out, old_len);
				return xlqa_error_at(err, XLQA_EPARSE, (int64_t)at, -1, "%s: byte offset %zu: %s: '%.*s'",
						     name, at, why, shown > 40 ? 40 : shown, in + at);
			}
			if (kept)
				(*kept)++;
			rc = xlqa_buf_addch(out, '&');
			if (rc)
				goto fail_status;
			i = at + 1;
			continue;
		}
		rc = xlqa_buf_add_utf8(out, cp);
		if (rc)
			goto fail_status;
		i = end + 1;
	}
	rc = xlqa_buf_add(out, in + i, len - i);
	if (rc)
		goto fail_status;
	return XLQA_OK;
fail_status:
	xlqa_buf_setlen(out, old_len);
	return xlqa_error_set(err, rc, "%s: %s", name, xlqa_strerror(rc));
}
