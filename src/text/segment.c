/*
 * segment: ICU word and sentence boundaries over UTF-8 text. ICU works in UTF-16, so the text is
 * converted once per call and boundaries are mapped back to UTF-8 byte offsets with a forward-only
 * cursor (both iterators return increasing boundaries). Sentence breaks after an abbreviation are
 * suppressed by the caller's list, which also handles multi-part abbreviations such as "z. B.", and
 * after initials ("W." in "George W. Bush"), which newswire is full of and no list can hold. CLDR's
 * own suppressions ("@ss=standard") are not used: in ICU 72 they swallow real sentence ends after
 * ordinary words ("der Minister. Er", "em Portugal. Depois"), which the packs' lists never do.
 * A single line end inside a paragraph is no sentence end (see unwrap_lines).
 */
#include "config.h"

#include "xlqa/text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

struct xlqa_segmenter {
	UBreakIterator *words;
	UBreakIterator *sentences;
	char **abbrevs; /* NUL-terminated UTF-8, owned */
	size_t n_abbrevs;
	size_t alloc_abbrevs;
	UChar *u; /* the current text in UTF-16 */
	size_t u_alloc;
	xlqa_segmenter_noun_fn ordinal_noun; /* NULL: a number's period ends a sentence as ICU says */
	void *ordinal_ctx;                    /* borrowed */
};

int xlqa_segmenter_new(const char *locale, struct xlqa_segmenter **out, struct xlqa_error *err)
{
	struct xlqa_segmenter *s;
	UErrorCode st = U_ZERO_ERROR;

	*out = NULL;
	s = calloc(1, sizeof *s);
	if (!s)
		return xlqa_error_set(err, XLQA_ENOMEM, "opening a segmenter: %s", xlqa_strerror(XLQA_ENOMEM));
	s->words = ubrk_open(UBRK_WORD, locale, NULL, 0, &st);
	if (U_SUCCESS(st))
		s->sentences = ubrk_open(UBRK_SENTENCE, locale, NULL, 0, &st);
	if (U_FAILURE(st)) {
		xlqa_segmenter_free(s);
		return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU break iterators for '%s': %s", locale, u_errorName(st));
	}
	*out = s;
	return XLQA_OK;
}

void xlqa_segmenter_free(struct xlqa_segmenter *s)
{
	if (!s)
		return;
	if (s->words)
		ubrk_close(s->words);
	if (s->sentences)
		ubrk_close(s->sentences);
	for (size_t i = 0; i < s->n_abbrevs; i++)
		free(s->abbrevs[i]);
	free(s->abbrevs);
	free(s->u);
	free(s);
}

int xlqa_segmenter_add_abbreviation(struct xlqa_segmenter *s, const char *abbr, struct xlqa_error *err)
{
	size_t len = strlen(abbr);
	char *copy;

	if (len < 2 || abbr[len - 1] != '.')
		return xlqa_error_set(err, XLQA_EINVAL, "abbreviation '%s' must end with '.'", abbr);
	if (XLQA_ARRAY_RESERVE(s->abbrevs, s->alloc_abbrevs, s->n_abbrevs + 1) || !(copy = malloc(len + 1)))
		return xlqa_error_set(err, XLQA_ENOMEM, "adding abbreviation '%s': %s", abbr,
				      xlqa_strerror(XLQA_ENOMEM));
	memcpy(copy, abbr, len + 1);
	s->abbrevs[s->n_abbrevs++] = copy;
	return XLQA_OK;
}

void xlqa_segments_init(struct xlqa_segments *s)
{
	memset(s, 0, sizeof *s);
}

void xlqa_segments_release(struct xlqa_segments *s)
{
	free(s->sentences);
	free(s->words);
	xlqa_segments_init(s);
}

/* Maps increasing UTF-16 indexes to UTF-8 byte offsets of the same (valid) text. */
struct offset_cursor {
	const UChar *u;
	int32_t ui;
	size_t bi;
};

static size_t cursor_seek(struct offset_cursor *c, int32_t target)
{
	while (c->ui < target) {
		UChar ch = c->u[c->ui];
		if (U16_IS_LEAD(ch)) {
			c->bi += 4;
			c->ui += 2;
		} else {
			c->bi += ch < 0x80 ? 1 : ch < 0x800 ? 2 : 3;
			c->ui++;
		}
	}
	return c->bi;
}

static bool is_space_byte(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* True when the byte before position `at` cannot be part of a word (so an abbreviation may start). */
static bool starts_word(const char *text, size_t at)
{
	unsigned char c;

	if (at == 0)
		return true;
	c = (unsigned char)text[at - 1];
	if (c >= 0x80)
		return false;
	return !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
		 c == '-');
}

/* Does a letter or digit start text[at, len) (which is valid UTF-8)? */
static bool letter_or_digit_at(const char *text, size_t len, size_t at)
{
	int32_t i = 0, n = len - at < 4 ? (int32_t)(len - at) : 4;
	UChar32 c;

	U8_NEXT(text + at, i, n, c);
	return c >= 0 && u_isalnum(c);
}

void xlqa_segmenter_set_ordinals(struct xlqa_segmenter *s, xlqa_segmenter_noun_fn noun, void *ctx)
{
	s->ordinal_noun = noun;
	s->ordinal_ctx = ctx;
}

/*
 * Does text[0, end) end with an ordinal's period before the word at `next`: one to three digits
 * standing alone ("20.", not "3,07." or "1348-50.") and a word the segmenter's test calls a noun?
 */
static bool ordinal_before_noun(const struct xlqa_segmenter *s, const char *text, size_t len, size_t end,
                                size_t next)
{
	size_t digits = 0, word = next;

	while (digits < end - 1 && digits < 4 && text[end - 2 - digits] >= '0' && text[end - 2 - digits] <= '9')
		digits++;
	if (digits == 0 || digits > 3)
		return false;
	if (end - 1 - digits > 0) {
		char c = text[end - 2 - digits];
		if (c != ' ' && c != '(' && c != '\t' && c != '\n')
			return false;
	}
	/* the letters of the next word */
	for (int32_t i = (int32_t)next; i < (int32_t)len;) {
		UChar32 c;
		U8_NEXT(text, i, (int32_t)len, c);
		if (c < 0 || !u_isalpha(c))
			break;
		word = (size_t)i;
	}
	return word > next && s->ordinal_noun(s->ordinal_ctx, text + next, word - next);
}

/*
 * Is a sentence break at byte `at` one to suppress? It is when the text before it ends with an
 * abbreviation, or with the first parts of one whose remaining parts follow ("z." + "B."), or with
 * an ordinal before its noun.
 */
static bool break_suppressed(const struct xlqa_segmenter *s, const char *text, size_t len, size_t at)
{
	size_t end = at, next = at;

	while (end > 0 && is_space_byte(text[end - 1]))
		end--;
	while (next < len && is_space_byte(text[next]))
		next++;
	if (end == 0 || text[end - 1] != '.')
		return false;
	/* An initial: one capital letter with a period, standing alone ("George W. Bush"). */
	if (end >= 2 && text[end - 2] >= 'A' && text[end - 2] <= 'Z' && starts_word(text, end - 2))
		return true;
	if (s->ordinal_noun && ordinal_before_noun(s, text, len, end, next))
		return true;
	for (size_t i = 0; i < s->n_abbrevs; i++) {
		const char *a = s->abbrevs[i];
		size_t alen = strlen(a);
		for (size_t k = 1; k <= alen; k++) {
			const char *tail;
			size_t tlen;
			if (a[k - 1] != '.' || k > end || memcmp(text + end - k, a, k) != 0 || !starts_word(text, end - k))
				continue;
			tail = a + k;
			while (*tail == ' ')
				tail++;
			tlen = strlen(tail);
			if (tlen == 0 || (len - next >= tlen && memcmp(text + next, tail, tlen) == 0))
				return true;
		}
	}
	return false;
}

/* The length of abbreviation `a` written at text[at, len) (its spaces matching runs of blanks), or 0. */
static size_t abbreviation_match(const char *a, const char *text, size_t len, size_t at)
{
	size_t p = at;

	for (; *a; a++) {
		if (*a == ' ') {
			if (p >= len || (text[p] != ' ' && text[p] != '\t'))
				return 0;
			while (p < len && (text[p] == ' ' || text[p] == '\t'))
				p++;
		} else if (p < len && text[p] == *a) {
			p++;
		} else {
			return 0;
		}
	}
	return p - at;
}

size_t xlqa_segmenter_abbreviation_at(const struct xlqa_segmenter *s, const char *utf8, size_t len, size_t at)
{
	size_t best = 0;

	if (at >= len || !starts_word(utf8, at))
		return 0;
	for (size_t i = 0; i < s->n_abbrevs; i++) {
		size_t m = abbreviation_match(s->abbrevs[i], utf8, len, at);
		if (m > best && (at + m == len || !letter_or_digit_at(utf8, len, at + m)))
			best = m;
	}
	return best;
}

static int push_span(struct xlqa_span **v, size_t *n, size_t *alloc, size_t start, size_t end,
		     enum xlqa_span_kind kind)
{
	if (XLQA_ARRAY_RESERVE(*v, *alloc, *n + 1))
		return XLQA_ENOMEM;
	(*v)[*n].start = start;
	(*v)[*n].end = end;
	(*v)[*n].kind = kind;
	(*n)++;
	return XLQA_OK;
}

static bool all_space(const UChar *u, int32_t from, int32_t to)
{
	for (int32_t i = from; i < to; i++)
		if (!u_isUWhiteSpace(u[i]) && u[i] != 0xFEFF)
			return false;
	return true;
}

static enum xlqa_span_kind word_kind(int32_t status)
{
	if (status >= UBRK_WORD_NUMBER && status < UBRK_WORD_NUMBER_LIMIT)
		return XLQA_SPAN_NUMBER;
	if (status >= UBRK_WORD_LETTER)
		return XLQA_SPAN_WORD;
	return XLQA_SPAN_PUNCT;
}

/*
 * Makes every word span lie inside one sentence. ICU attaches combining and format characters to
 * what precedes them, even white space or a byte-order mark that sentence trimming removed, and on
 * odd input ("@.Ì") ends a sentence inside a word. A sentence therefore starts no later than its
 * first word and ends no earlier than its last; the next sentence starts after that word, past any
 * white space, and a sentence left empty is dropped.
 */
static void cover_words(struct xlqa_segments *out, const char *text)
{
	struct xlqa_span *sent = out->sentences;
	size_t n = out->n_sentences, j = 0;

	for (size_t i = 0; i < out->n_words && j < n; i++) {
		const struct xlqa_span *w = &out->words[i];
		size_t k;
		while (j < n && sent[j].end <= w->start)
			j++;
		if (j == n)
			break;
		if (w->start < sent[j].start)
			sent[j].start = w->start;
		if (w->end <= sent[j].end)
			continue;
		sent[j].end = w->end;
		for (k = j + 1; k < n; k++) {
			while (sent[k].start < sent[k].end && (sent[k].start < w->end || is_space_byte(text[sent[k].start])))
				sent[k].start++;
			if (sent[k].start < sent[k].end)
				break;
		}
		memmove(&sent[j + 1], &sent[k], (n - k) * sizeof *sent);
		n -= k - (j + 1);
	}
	out->n_sentences = n;
}

static bool is_line_end(UChar c)
{
	return c == '\n' || c == '\r';
}

/*
 * ICU ends a sentence at every line end, but collections are wrapped text ("...cited as helping
 * Adolf\nHitler's rise to power."): a line end that is no paragraph break (a lone LF, CR or CR LF
 * with no other line end next to it, blanks and tabs aside) becomes a blank, one code unit for one,
 * so offsets stay the same. A blank line still ends a sentence (a title, a paragraph).
 */
static void unwrap_lines(UChar *u, int32_t n)
{
	for (int32_t i = 0; i < n; i++) {
		int32_t end = i, before = i - 1, after;

		if (!is_line_end(u[i]))
			continue;
		if (u[i] == '\r' && i + 1 < n && u[i + 1] == '\n')
			end = i + 1;
		while (before >= 0 && (u[before] == ' ' || u[before] == '\t'))
			before--;
		for (after = end + 1; after < n && (u[after] == ' ' || u[after] == '\t'); after++)
			;
		if (!(before >= 0 && is_line_end(u[before])) && !(after < n && is_line_end(u[after])))
			for (int32_t k = i; k <= end; k++)
				u[k] = ' ';
		i = end;
	}
}

int xlqa_segmenter_run(struct xlqa_segmenter *s, const char *utf8, size_t len, struct xlqa_segments *out,
		       struct xlqa_error *err)
{
	UErrorCode st = U_ZERO_ERROR;
	struct offset_cursor cur, bcur;
	int32_t n, prev, b, sent_start;
	size_t bad;

	out->n_sentences = 0;
	out->n_words = 0;
	if (len > INT32_MAX / 2)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "segmenting: %zu bytes exceed the 1 GiB limit", len);
	if (!xlqa_text_utf8_valid(utf8, len, &bad))
		return xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1,
				     "segmenting: byte offset %zu: invalid UTF-8", bad);
	if (XLQA_ARRAY_RESERVE(s->u, s->u_alloc, len + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "segmenting: %s", xlqa_strerror(XLQA_ENOMEM));
	u_strFromUTF8(s->u, (int32_t)s->u_alloc, &n, utf8, (int32_t)len, &st);
	if (U_SUCCESS(st)) {
		unwrap_lines(s->u, n);
		ubrk_setText(s->sentences, s->u, n, &st);
	}
	if (U_SUCCESS(st))
		ubrk_setText(s->words, s->u, n, &st);
	if (U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EEXTERNAL, "segmenting: ICU: %s", u_errorName(st));

	/* Two cursors: one for candidate boundaries, one for the trimmed sentence ends behind them. */
	cur = (struct offset_cursor){ s->u, 0, 0 };
	bcur = cur;
	sent_start = 0;
	for (b = ubrk_following(s->sentences, 0); b != UBRK_DONE; b = ubrk_next(s->sentences)) {
		int32_t from = sent_start, to = b;
		size_t bstart, bend;
		if (b < n && break_suppressed(s, utf8, len, cursor_seek(&bcur, b)))
			continue;
		while (from < to && (u_isUWhiteSpace(s->u[from]) || s->u[from] == 0xFEFF))
			from++;
		while (to > from && u_isUWhiteSpace(s->u[to - 1]))
			to--;
		sent_start = b;
		if (from == to)
			continue;
		bstart = cursor_seek(&cur, from);
		bend = cursor_seek(&cur, to);
		if (push_span(&out->sentences, &out->n_sentences, &out->alloc_sentences, bstart, bend,
			      XLQA_SPAN_SENTENCE))
			return xlqa_error_set(err, XLQA_ENOMEM, "segmenting: %s", xlqa_strerror(XLQA_ENOMEM));
	}
	if (n == 0)
		return XLQA_OK;

	cur = (struct offset_cursor){ s->u, 0, 0 };
	prev = ubrk_first(s->words);
	for (b = ubrk_next(s->words); b != UBRK_DONE; prev = b, b = ubrk_next(s->words)) {
		size_t bstart, bend;
		if (all_space(s->u, prev, b))
			continue;
		bstart = cursor_seek(&cur, prev);
		bend = cursor_seek(&cur, b);
		if (push_span(&out->words, &out->n_words, &out->alloc_words, bstart, bend,
			      word_kind(ubrk_getRuleStatus(s->words))))
			return xlqa_error_set(err, XLQA_ENOMEM, "segmenting: %s", xlqa_strerror(XLQA_ENOMEM));
	}
	cover_words(out, utf8);
	return XLQA_OK;
}
