/*
 * sgml: the tag scanner under every reader. Newswire SGML is rarely valid: tags come in any case,
 * with attributes, sometimes with a blank after '<' ("< DOC>"), elements are left unclosed (EFE's
 * DOCNO and TITLE, LA Times' P), and text holds stray '<' and '&'. The scanner therefore recognises
 * only what is unambiguously a tag and leaves the rest to be text.
 *
 * Invariant: a tag returned lies wholly inside the buffer, start < end, and names at least one
 * character; a '<' that does not begin such a tag is text.
 */
#include "config.h"

#include "corpus-internal.h"

#include <string.h>
#include <strings.h>

/* Longest tag accepted, attributes included: beyond it a '<' is taken to be text. */
#define MAX_TAG 2048

static bool name_start(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool name_char(unsigned char c)
{
	return name_start(c) || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' || c == ':';
}

bool corpus_tag_is(const struct corpus_tag *t, const char *name)
{
	return t->name_len == strlen(name) && strncasecmp(t->name, name, t->name_len) == 0;
}

/*
 * The end of a comment or declaration starting at `p` ("<!--" ... "-->", "<!" or "<?" ... ">"),
 * or 0 when it does not end.
 */
static size_t skip_markup(const char *data, size_t len, size_t p)
{
	const char *end;

	if (p + 4 <= len && memcmp(data + p, "<!--", 4) == 0) {
		for (size_t i = p + 4; i + 3 <= len; i++)
			if (memcmp(data + i, "-->", 3) == 0)
				return i + 3;
		return 0;
	}
	end = memchr(data + p, '>', len - p);
	return end ? (size_t)(end - data) + 1 : 0;
}

bool corpus_next_tag(const char *data, size_t len, size_t pos, const char *spaced, struct corpus_tag *t)
{
	while (pos < len) {
		const char *lt = memchr(data + pos, '<', len - pos);
		size_t p, q, limit;

		if (!lt)
			return false;
		p = (size_t)(lt - data);
		pos = p + 1;
		q = p + 1;
		/*
		 * "<<" is typewriter French for a guillemet (ATS: <<Nous avons fait du bon travail>>): a '<'
		 * right after another is text, or the quotation would be dropped as a tag named "Nous".
		 */
		if (p > 0 && data[p - 1] == '<')
			continue;
		if (q < len && (data[q] == '!' || data[q] == '?')) {
			size_t end = skip_markup(data, len, p);

			if (!end)
				continue;
			memset(t, 0, sizeof *t);
			t->markup = true;
			t->start = p;
			t->end = end;
			t->name = data + p;
			return true;
		}
		/* A blank after '<' is accepted only before the name the caller expects to see so written. */
		while (spaced && q < len && data[q] == ' ')
			q++;
		t->markup = false;
		t->close = q < len && data[q] == '/';
		if (t->close)
			q++;
		if (q >= len || !name_start((unsigned char)data[q]))
			continue;
		t->name = data + q;
		while (q < len && name_char((unsigned char)data[q]))
			q++;
		t->name_len = (size_t)(data + q - t->name);
		if (q - p > 1 + (size_t)t->close && data[p + 1] == ' ' && !corpus_tag_is(t, spaced))
			continue;
		if (q < len && data[q] != '>' && data[q] != ' ' && data[q] != '\t' && data[q] != '\n' && data[q] != '\r' &&
		    data[q] != '/')
			continue;
		/* Attributes run to '>'; a '<' or a very long run first means this was text. */
		limit = len - q < MAX_TAG ? len : q + MAX_TAG;
		t->attrs = data + q;
		while (q < limit && data[q] != '>' && data[q] != '<') {
			if (data[q] == '"' || data[q] == '\'') {
				const char *close = memchr(data + q + 1, data[q], limit - q - 1);

				if (!close)
					break;
				q = (size_t)(close - data);
			}
			q++;
		}
		if (q >= limit || data[q] != '>')
			continue;
		t->attrs_len = (size_t)(data + q - t->attrs);
		t->start = p;
		t->end = q + 1;
		return true;
	}
	return false;
}

bool corpus_tag_attr(const struct corpus_tag *t, const char *name, const char **value, size_t *len)
{
	const char *a = t->attrs, *end = t->attrs + t->attrs_len;
	size_t n = strlen(name);

	while (a < end) {
		const char *k, *v;
		size_t klen, vlen;

		while (a < end && !name_start((unsigned char)*a))
			a++;
		k = a;
		while (a < end && name_char((unsigned char)*a))
			a++;
		klen = (size_t)(a - k);
		while (a < end && (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r'))
			a++;
		if (a >= end || *a != '=') {
			if (klen == n && strncasecmp(k, name, n) == 0) {
				*value = k + klen;
				*len = 0;
				return true;
			}
			continue;
		}
		a++;
		while (a < end && (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r'))
			a++;
		if (a < end && (*a == '"' || *a == '\'')) {
			const char *close = memchr(a + 1, *a, (size_t)(end - a - 1));

			v = a + 1;
			vlen = close ? (size_t)(close - v) : (size_t)(end - v);
			a = close ? close + 1 : end;
		} else {
			v = a;
			while (a < end && *a != ' ' && *a != '\t' && *a != '\n' && *a != '\r')
				a++;
			vlen = (size_t)(a - v);
		}
		if (klen == n && strncasecmp(k, name, n) == 0) {
			*value = v;
			*len = vlen;
			return true;
		}
	}
	return false;
}

/* Formatting tags: dropped from text without a break, so "<B>word</B>" stays one word. */
static const char *const inline_tags[] = { "b", "i", "u", "em", "strong", "a", "font", "span", "sub", "sup", "tt",
	                                   "small", "big" };

bool corpus_tag_inline(const struct corpus_tag *t)
{
	for (size_t i = 0; i < sizeof inline_tags / sizeof inline_tags[0]; i++)
		if (corpus_tag_is(t, inline_tags[i]))
			return true;
	return false;
}

/* Paragraph-level tags that may be left open inside a text element without ending it. */
static bool tag_paragraph(const struct corpus_tag *t)
{
	return corpus_tag_is(t, "p") || corpus_tag_is(t, "br") || corpus_tag_is(t, "hr") || corpus_tag_inline(t);
}

size_t corpus_element_end(const char *data, size_t len, const struct corpus_tag *open, size_t *content_end,
                          bool *closed)
{
	struct corpus_tag t;
	size_t pos = open->end, end = len;

	*closed = false;
	while (corpus_next_tag(data, len, pos, NULL, &t)) {
		pos = t.end;
		if (t.name_len == open->name_len && strncasecmp(t.name, open->name, t.name_len) == 0) {
			if (t.close) {
				*closed = true;
				*content_end = t.start;
				return t.end;
			}
			end = end < t.start ? end : t.start; /* the same element opens again: this one was never closed */
			break;
		}
		/* Unclosed, the element ends where the next element that is not a paragraph or format tag starts. */
		if (end == len && !t.close && !t.markup && !tag_paragraph(&t))
			end = t.start;
	}
	*content_end = end;
	return end;
}
