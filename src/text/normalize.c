/*
 * normalize: NFC, full case folding and optional accent removal through ICU. Pure ASCII input (most
 * newswire tokens) takes a byte-wise fast path that gives the same result ICU would.
 */
#include "config.h"

#include "xlqa/text.h"

#include <stdlib.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

/* Tokens are short; longer inputs use the heap. */
#define NORM_STACK_UNITS 256

static bool is_ascii(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x80)
			return false;
	return true;
}

/* A UTF-16 work area that lives on the stack until it must grow. */
struct ubuf {
	UChar *p;
	int32_t cap;
	UChar stack[NORM_STACK_UNITS];
};

static int ubuf_reserve(struct ubuf *b, int32_t cap)
{
	UChar *p;

	if (cap <= b->cap)
		return XLQA_OK;
	p = malloc((size_t)cap * sizeof *p);
	if (!p)
		return XLQA_ENOMEM;
	if (b->p != b->stack)
		free(b->p);
	b->p = p;
	b->cap = cap;
	return XLQA_OK;
}

static void ubuf_release(struct ubuf *b)
{
	if (b->p != b->stack)
		free(b->p);
}

/* Applies one normaliser from `src` into `dst`, growing `dst` when ICU says it must. */
static int norm_apply(const UNormalizer2 *n2, const UChar *src, int32_t len, struct ubuf *dst, int32_t *out_len)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t n = unorm2_normalize(n2, src, len, dst->p, dst->cap, &st);

	if (st == U_BUFFER_OVERFLOW_ERROR) {
		if (ubuf_reserve(dst, n + 1))
			return XLQA_ENOMEM;
		st = U_ZERO_ERROR;
		n = unorm2_normalize(n2, src, len, dst->p, dst->cap, &st);
	}
	if (U_FAILURE(st))
		return XLQA_EEXTERNAL;
	*out_len = n;
	return XLQA_OK;
}

int xlqa_text_normalize(const char *in, size_t len, unsigned flags, struct xlqa_buf *out, struct xlqa_error *err)
{
	struct ubuf a = { .cap = NORM_STACK_UNITS }, b = { .cap = NORM_STACK_UNITS };
	UErrorCode st = U_ZERO_ERROR;
	const UNormalizer2 *n2;
	int32_t n, m;
	char *dst;
	int rc = XLQA_OK;

	a.p = a.stack;
	b.p = b.stack;
	if (is_ascii(in, len)) {
		size_t at = out->len;
		rc = xlqa_buf_add(out, in, len);
		if (rc)
			return xlqa_error_set(err, rc, "normalising text: %s", xlqa_strerror(rc));
		if (flags & (XLQA_NORM_CASEFOLD | XLQA_NORM_LOWERCASE))
			for (size_t i = at; i < out->len; i++)
				if (out->buf[i] >= 'A' && out->buf[i] <= 'Z')
					out->buf[i] = (char)(out->buf[i] - 'A' + 'a');
		return XLQA_OK;
	}
	if (len > INT32_MAX / 4)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "normalising text: input of %zu bytes is too long", len);

	/* UTF-8 -> UTF-16 in `a`. */
	u_strFromUTF8(a.p, a.cap, &n, in, (int32_t)len, &st);
	if (st == U_BUFFER_OVERFLOW_ERROR) {
		if ((rc = ubuf_reserve(&a, n + 1)))
			goto done;
		st = U_ZERO_ERROR;
		u_strFromUTF8(a.p, a.cap, &n, in, (int32_t)len, &st);
	}
	if (U_FAILURE(st)) {
		rc = xlqa_error_set(err, XLQA_EENCODING, "normalising text: invalid UTF-8");
		goto done;
	}
	if (flags & XLQA_NORM_APOSTROPHES)
		for (int32_t i = 0; i < n; i++)
			if (a.p[i] == 0x2019 || a.p[i] == 0x02BC)
				a.p[i] = '\'';
	if (flags & (XLQA_NORM_CASEFOLD | XLQA_NORM_LOWERCASE)) {
		bool fold = (flags & XLQA_NORM_CASEFOLD) != 0;
		st = U_ZERO_ERROR;
		m = fold ? u_strFoldCase(b.p, b.cap, a.p, n, U_FOLD_CASE_DEFAULT, &st)
			 : u_strToLower(b.p, b.cap, a.p, n, "", &st);
		if (st == U_BUFFER_OVERFLOW_ERROR) {
			if ((rc = ubuf_reserve(&b, m + 1)))
				goto done;
			st = U_ZERO_ERROR;
			m = fold ? u_strFoldCase(b.p, b.cap, a.p, n, U_FOLD_CASE_DEFAULT, &st)
				 : u_strToLower(b.p, b.cap, a.p, n, "", &st);
		}
		if (U_FAILURE(st))
			goto icu_fail;
		if ((rc = ubuf_reserve(&a, m + 1)))
			goto done;
		u_memcpy(a.p, b.p, m);
		n = m;
	}
	if (flags & XLQA_NORM_ACCENTS) {
		int32_t k = 0;
		n2 = unorm2_getNFDInstance(&st);
		if (U_FAILURE(st) || (rc = norm_apply(n2, a.p, n, &b, &m)))
			goto icu_fail;
		for (int32_t i = 0; i < m; i++)
			if (u_charType(b.p[i]) != U_NON_SPACING_MARK)
				b.p[k++] = b.p[i];
		if ((rc = ubuf_reserve(&a, k + 1)))
			goto done;
		u_memcpy(a.p, b.p, k);
		n = k;
	}
	n2 = unorm2_getNFCInstance(&st);
	if (U_FAILURE(st) || (rc = norm_apply(n2, a.p, n, &b, &m)))
		goto icu_fail;

	/* UTF-16 -> UTF-8, straight into the output buffer: at most 3 bytes per UTF-16 unit. */
	if ((rc = xlqa_buf_grow(out, (size_t)m * 3 + 1)))
		goto done;
	dst = out->buf + out->len;
	st = U_ZERO_ERROR;
	u_strToUTF8(dst, (int32_t)(out->alloc - out->len), &n, b.p, m, &st);
	if (U_FAILURE(st))
		goto icu_fail;
	out->len += (size_t)n;
	out->buf[out->len] = '\0';
	goto done;
icu_fail:
	if (rc == XLQA_ENOMEM)
		rc = xlqa_error_set(err, rc, "normalising text: %s", xlqa_strerror(rc));
	else
		rc = xlqa_error_set(err, XLQA_EEXTERNAL, "normalising text: ICU: %s", u_errorName(st));
done:
	ubuf_release(&a);
	ubuf_release(&b);
	return rc;
}
