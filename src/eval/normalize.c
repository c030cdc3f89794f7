/*
 * normalize: the answer normalisation of the xquad-clef benchmark's automatic judging (its README,
 * "Judging convention"): NFKC, lower case, punctuation/symbol/separator to space, words, articles of
 * the target language dropped. Control characters (a tab) also separate words, which the README leaves
 * unsaid.
 *
 * The article lists stay here, not in the language packs, on purpose: they are the benchmark's
 * published judging rule, which every score is compared under, so they change when that README does
 * and never with a pack. A pack's articles.txt serves analysis and extraction and is tuned for them
 * (lang/es has "lo", the README does not); were judging to read it, editing a pack would silently move
 * every score, and a language added as a pack has no judging convention until a benchmark gives one.
 *
 * Invariant: the output is words of valid UTF-8 separated by single spaces, no leading or trailing space.
 */
#include "config.h"

#include "xlqa/eval.h"
#include "xlqa/text.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

/* The README's articles, by target language (why not the packs': the header comment). */
static const struct {
	const char *lang;
	const char *articles; /* separated and ended by one blank */
} article_lists[] = {
	{ "en", "a an the " },
	{ "de", "der die das den dem des ein eine einen einem einer eines " },
	{ "es", "el la los las un una unos unas " },
	{ "it", "il lo la i gli le un uno una l " },
	{ "fr", "le la les l un une des " },
	{ "pt", "o a os as um uma uns umas " },
	{ "nl", "de het een " },
};

static bool is_article(const char *list, const char *w, size_t n)
{
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");

		if (len == n && memcmp(p, w, n) == 0)
			return true;
		p += len + 1;
	}
	return false;
}

/* Runs one ICU string transformation with preflighting; *dst is a new array the caller frees. */
typedef int32_t (*ustr_fn)(const void *ctx, UChar *dst, int32_t cap, const UChar *src, int32_t len, UErrorCode *st);

static int transform(ustr_fn fn, const void *ctx, const UChar *src, int32_t len, UChar **dst, int32_t *dst_len)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t need = fn(ctx, NULL, 0, src, len, &st);

	if (st != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(st))
		return XLQA_EEXTERNAL;
	*dst = malloc(((size_t)need + 1) * sizeof **dst);
	if (!*dst)
		return XLQA_ENOMEM;
	st = U_ZERO_ERROR;
	*dst_len = fn(ctx, *dst, need + 1, src, len, &st);
	if (U_FAILURE(st)) {
		free(*dst);
		*dst = NULL;
		return XLQA_EEXTERNAL;
	}
	return XLQA_OK;
}

static int32_t nfkc(const void *ctx, UChar *dst, int32_t cap, const UChar *src, int32_t len, UErrorCode *st)
{
	return unorm2_normalize((const UNormalizer2 *)ctx, src, len, dst, cap, st);
}

static int32_t lower(const void *ctx, UChar *dst, int32_t cap, const UChar *src, int32_t len, UErrorCode *st)
{
	(void)ctx;
	return u_strToLower(dst, cap, src, len, "", st);
}

/* Characters that become a space: punctuation, symbols, separators and controls. */
static bool is_break(UChar32 c)
{
	return (U_GET_GC_MASK(c) & (U_GC_P_MASK | U_GC_S_MASK | U_GC_Z_MASK | U_GC_CC_MASK)) != 0;
}

int xlqa_eval_normalize_answer(const char *lang, const char *s, size_t len, struct xlqa_buf *out,
                               struct xlqa_error *err)
{
	const char *articles = "";
	const UNormalizer2 *n2;
	UErrorCode st = U_ZERO_ERROR;
	UChar *u16 = NULL, *norm = NULL, *low = NULL;
	int32_t n16 = 0, nnorm = 0, nlow = 0;
	struct xlqa_buf spaced = XLQA_BUF_INIT;
	size_t old = out->len, bad;
	int rc = XLQA_OK;

	if (lang && *lang) {
		size_t i;

		for (i = 0; i < sizeof article_lists / sizeof article_lists[0]; i++)
			if (strcasecmp(article_lists[i].lang, lang) == 0)
				break;
		if (i == sizeof article_lists / sizeof article_lists[0])
			return xlqa_error_set(err, XLQA_ENOTFOUND, "no article list for language '%s' (en de es it fr pt nl)",
			                      lang);
		articles = article_lists[i].articles;
	}
	if (len > INT32_MAX / 4)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "answer of %zu bytes is too long", len);
	if (!xlqa_text_utf8_valid(s, len, &bad))
		return xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1, "invalid UTF-8 at byte %zu of '%.*s'", bad,
		                     (int)(len > 64 ? 64 : len), s);
	u_strFromUTF8(NULL, 0, &n16, s, (int32_t)len, &st);
	if (st != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU: %s", u_errorName(st));
	u16 = malloc(((size_t)n16 + 1) * sizeof *u16);
	if (!u16)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	st = U_ZERO_ERROR;
	u_strFromUTF8(u16, n16 + 1, NULL, s, (int32_t)len, &st);
	n2 = U_SUCCESS(st) ? unorm2_getNFKCInstance(&st) : NULL;
	if (U_FAILURE(st))
		rc = XLQA_EEXTERNAL;
	if (!rc)
		rc = transform(nfkc, n2, u16, n16, &norm, &nnorm);
	if (!rc)
		rc = transform(lower, NULL, norm, nnorm, &low, &nlow);
	for (int32_t i = 0; !rc && i < nlow;) {
		UChar32 c;

		U16_NEXT(low, i, nlow, c);
		rc = is_break(c) ? xlqa_buf_addch(&spaced, ' ') : xlqa_buf_add_utf8(&spaced, (uint32_t)c);
	}
	/* Words, without the articles, joined by single spaces. */
	for (size_t p = 0; !rc && p < spaced.len;) {
		size_t start, wlen;

		while (p < spaced.len && spaced.buf[p] == ' ')
			p++;
		start = p;
		while (p < spaced.len && spaced.buf[p] != ' ')
			p++;
		wlen = p - start;
		if (wlen == 0 || is_article(articles, spaced.buf + start, wlen))
			continue;
		if (out->len > old)
			rc = xlqa_buf_addch(out, ' ');
		if (!rc)
			rc = xlqa_buf_add(out, spaced.buf + start, wlen);
	}
	free(u16);
	free(norm);
	free(low);
	xlqa_buf_release(&spaced);
	if (rc) {
		xlqa_buf_setlen(out, old);
		return rc == XLQA_EEXTERNAL ? xlqa_error_set(err, rc, "ICU failed to normalise an answer")
		                            : xlqa_error_set(err, rc, "out of memory");
	}
	return XLQA_OK;
}
