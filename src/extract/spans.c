/*
 * spans: what every extractor shares (extract-internal.h): the token tests (capitalised, a numeral
 * article, a punctuation mark, a day inside a date span) and the one way a span is made
 * (qa_extract_append, and qa_icu_add, which also refuses a second span of the same kind and tokens).
 * These depend on nothing but the extraction, so the date, ICU and pack extractors build on them
 * without depending on each other.
 */
#include "config.h"

#include "extract-internal.h"

#include <math.h>
#include <string.h>

void xlqa_extraction_set_document(struct xlqa_extraction *x, const char *date, const char *docno)
{
	x->doc_date = date;
	x->doc_docno = docno;
}

bool qa_article_numeral(const struct xlqa_token *t)
{
	return (t->flags & XLQA_TOKEN_ARTICLE) && (t->flags & XLQA_TOKEN_NUMERIC);
}

bool qa_date_day(const struct xlqa_extraction *x, size_t first, size_t n)
{
	const struct xlqa_token *t = x->a.tokens + first;

	for (size_t k = 0; k < n; k++)
		if (!(t[k].flags & XLQA_TOKEN_NUMERIC) || (t[k].flags & XLQA_TOKEN_ORDINAL))
			return false;
	for (size_t i = 0; i < x->n; i++)
		if (x->spans[i].kind == XLQA_EXTRACT_DATE && x->spans[i].first <= first &&
		    first + n <= x->spans[i].first + x->spans[i].n)
			return true;
	return false;
}

bool qa_capitalised(const char *text, const struct xlqa_token *t)
{
	unsigned char c = (unsigned char)text[t->start];
	size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;

	if (t->kind != XLQA_SPAN_WORD || n > t->end - t->start || strlen(t->norm) < n)
		return false;
	if (c < 0x80)
		return c >= 'A' && c <= 'Z';
	return memcmp(text + t->start, t->norm, n) != 0;
}

bool qa_punct_is(const char *text, const struct xlqa_token *t, const char *s)
{
	size_t n = strlen(s);

	return t->kind == XLQA_SPAN_PUNCT && t->end - t->start == n && memcmp(text + t->start, s, n) == 0;
}

struct xlqa_extract_span *qa_extract_append(struct xlqa_extraction *x, size_t first, size_t n,
                                            enum xlqa_extract_kind kind)
{
	const struct xlqa_token *tok = x->a.tokens;
	struct xlqa_extract_span *s;

	if (XLQA_ARRAY_RESERVE(x->spans, x->alloc, x->n + 1))
		return NULL;
	s = &x->spans[x->n++];
	*s = (struct xlqa_extract_span){ .start = tok[first].start, .end = tok[first + n - 1].end, .first = first, .n = n,
	                                 .sentence = tok[first].sentence, .kind = kind, .value = NAN, .resolved = NULL };
	return s;
}

int qa_icu_add(struct xlqa_extraction *x, size_t first, size_t n, enum xlqa_extract_kind kind, double value,
               const char *resolved, struct xlqa_error *err)
{
	struct xlqa_extract_span *s;

	if (!n)
		return XLQA_OK;
	for (size_t i = 0; i < x->n && !resolved; i++)
		if (x->spans[i].kind == kind && x->spans[i].first == first && x->spans[i].n == n) {
			x->spans[i].value = value;
			return XLQA_OK;
		}
	if (!(s = qa_extract_append(x, first, n, kind)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	s->value = value;
	s->resolved = resolved;
	return XLQA_OK;
}
