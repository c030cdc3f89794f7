/*
 * analyze: text -> sentences and tokens with normalised forms, flags, stems, lemmas and compound
 * parts. Invariant: tokens are in text order and each lies inside the sentence it names, except
 * tokens in white-space-only stretches between sentences, which ICU does not produce.
 */
#include "config.h"

#include "lang-internal.h"

#include <stdlib.h>
#include <string.h>

void xlqa_analysis_init(struct xlqa_analysis *a)
{
	a->tokens = NULL;
	a->n_tokens = 0;
	a->alloc_tokens = 0;
	xlqa_segments_init(&a->seg);
	xlqa_arena_init(&a->arena, 0);
}

void xlqa_analysis_release(struct xlqa_analysis *a)
{
	free(a->tokens);
	xlqa_segments_release(&a->seg);
	xlqa_arena_release(&a->arena);
	xlqa_analysis_init(a);
}

/* Per-call state of one analysis. */
struct analyzer {
	struct xlqa_lang *lang;
	const char *text;
	size_t len;
	unsigned flags;
	struct xlqa_analysis *out;
	struct xlqa_buf norm;
	struct xlqa_buf shown; /* the accent-folded form, with XLQA_ANALYZE_FOLD_ACCENTS */
	struct xlqa_buf stem;
	struct xlqa_error *err;
};

static int nomem(struct analyzer *an)
{
	return xlqa_error_set(an->err, XLQA_ENOMEM, "analysing text: %s", xlqa_strerror(XLQA_ENOMEM));
}

/* Sets the flags and value that follow from the normalised form. */
static void classify(struct analyzer *an, struct xlqa_token *t)
{
	const struct xlqa_lang *lang = an->lang;
	const char *n = an->norm.buf;
	size_t len = an->norm.len;
	int64_t iv;
	bool ordinal;
	int k;

	if (xlqa_lang_is_stopword(lang, n, len))
		t->flags |= XLQA_TOKEN_STOP;
	if (xlqa_lang_is_article(lang, n, len))
		t->flags |= XLQA_TOKEN_ARTICLE;
	if (xlqa_lang_is_conjunction(lang, n, len))
		t->flags |= XLQA_TOKEN_CONJUNCTION;
	if (xlqa_lang_is_connector(lang, n, len))
		t->flags |= XLQA_TOKEN_CONNECTOR;
	/* An elided form ("l'") is also looked up without its apostrophe ("l"). */
	if ((t->flags & XLQA_TOKEN_ELIDED) && len > 1) {
		if (xlqa_lang_is_stopword(lang, n, len - 1))
			t->flags |= XLQA_TOKEN_STOP;
		if (xlqa_lang_is_article(lang, n, len - 1))
			t->flags |= XLQA_TOKEN_ARTICLE;
	}
	if (t->kind == XLQA_SPAN_NUMBER) {
		if (xlqa_lang_parse_number(lang, n, len, &t->value))
			t->flags |= XLQA_TOKEN_NUMERIC;
	} else if (xlqa_lang_number_word(lang, n, len, &iv, &ordinal)) {
		t->flags |= XLQA_TOKEN_NUMERIC | (ordinal ? XLQA_TOKEN_ORDINAL : 0);
		t->value = (double)iv;
	} else if ((k = xlqa_lang_month(lang, n, len))) {
		t->flags |= XLQA_TOKEN_MONTH;
		t->value = k;
	} else if ((k = xlqa_lang_weekday(lang, n, len))) {
		t->flags |= XLQA_TOKEN_WEEKDAY;
		t->value = k;
	}
}

/*
 * Appends the token [start, end). `norm_ready` says an->norm already holds its normalised form
 * (the elision check computed it), so it is not normalised twice.
 */
static int add_token(struct analyzer *an, size_t start, size_t end, enum xlqa_span_kind kind, unsigned flags,
		     size_t sentence, bool norm_ready)
{
	struct xlqa_analysis *out = an->out;
	struct xlqa_token *t;
	const char *surface = an->text + start;
	int rc;

	if (XLQA_ARRAY_RESERVE(out->tokens, out->alloc_tokens, out->n_tokens + 1))
		return nomem(an);
	t = &out->tokens[out->n_tokens];
	memset(t, 0, sizeof *t);
	t->start = start;
	t->end = end;
	t->kind = kind;
	t->flags = flags;
	t->sentence = sentence;

	if (!norm_ready) {
		xlqa_buf_reset(&an->norm);
		if ((rc = xlqa_text_normalize(surface, end - start, LANG_NORM, &an->norm, an->err)))
			return rc;
	}
	classify(an, t);
	if (an->flags & XLQA_ANALYZE_FOLD_ACCENTS) {
		xlqa_buf_reset(&an->shown);
		if ((rc = xlqa_text_normalize(an->norm.buf, an->norm.len, XLQA_NORM_ACCENTS, &an->shown, an->err)))
			return rc;
		t->norm = xlqa_arena_strndup(&out->arena, an->shown.buf, an->shown.len);
	} else {
		t->norm = xlqa_arena_strndup(&out->arena, an->norm.buf, an->norm.len);
	}
	if (!t->norm)
		return nomem(an);

	if ((an->flags & XLQA_ANALYZE_STEMS) && kind != XLQA_SPAN_PUNCT) {
		if (kind == XLQA_SPAN_NUMBER || (flags & (XLQA_TOKEN_ELIDED | XLQA_TOKEN_ABBREVIATION))) {
			t->stem = t->norm;
		} else {
			xlqa_buf_reset(&an->stem);
			if ((rc = xlqa_lang_stem(an->lang, an->norm.buf, an->norm.len, &an->stem, an->err)))
				return rc;
			if (!(t->stem = xlqa_arena_strndup(&out->arena, an->stem.buf, an->stem.len)))
				return nomem(an);
		}
	}
	/* An abbreviation is neither inflected nor compounded: no lemmas, no parts. */
	if ((an->flags & XLQA_ANALYZE_LEMMAS) && kind == XLQA_SPAN_WORD &&
	    !(flags & (XLQA_TOKEN_ELIDED | XLQA_TOKEN_ABBREVIATION)) &&
	    (rc = xlqa_lang_lemmas(an->lang, surface, end - start, &t->lemmas, an->err)))
		return rc;
	if ((an->flags & XLQA_ANALYZE_COMPOUNDS) && kind == XLQA_SPAN_WORD && !(flags & XLQA_TOKEN_ABBREVIATION) &&
	    (rc = xlqa_lang_split_compound(an->lang, surface, end - start, &t->parts, an->err)))
		return rc;
	out->n_tokens++;
	return XLQA_OK;
}

/*
 * The byte length of an elided prefix of a word ("l'" of "l'Europe", "dell'" of "dell’Unione"), or 0.
 * The word's normalised form is in an->norm.
 */
static size_t elided_prefix(struct analyzer *an, size_t start, size_t end)
{
	const struct xlqa_lang *lang = an->lang;

	for (size_t i = 0; i < lang->n_elisions; i++) {
		const char *e = lang->elisions[i];
		size_t elen = strlen(e);
		if (an->norm.len <= elen || memcmp(an->norm.buf, e, elen) != 0)
			continue;
		/* The same prefix in the surface text ends at its first apostrophe, ASCII or typographic. */
		for (size_t p = start; p < end; p++) {
			if (an->text[p] == '\'')
				return p + 1 - start;
			if (end - p >= 3 && memcmp(an->text + p, "\xE2\x80\x99", 3) == 0)
				return p + 3 - start;
		}
	}
	return 0;
}

/* Is `norm` an entry of one of the pack's word lists? */
static bool pack_lists(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	return xlqa_lang_is_stopword(lang, norm, len) || xlqa_lang_is_article(lang, norm, len) ||
	       xlqa_lang_number_word(lang, norm, len, NULL, NULL) || xlqa_lang_month(lang, norm, len) ||
	       xlqa_lang_weekday(lang, norm, len);
}

static bool span_is(const char *text, const struct xlqa_span *sp, const char *s)
{
	size_t n = strlen(s);
	return sp->end - sp->start == n && memcmp(text + sp->start, s, n) == 0;
}

static bool is_apostrophe(const char *text, const struct xlqa_span *sp)
{
	return span_is(text, sp, "'") || span_is(text, sp, "\xE2\x80\x99");
}

/*
 * ICU splits at hyphens and word-edge apostrophes, but packs list forms that keep them: PT
 * "segunda-feira" (a weekday), FR "quatre-vingt-dix" (a number), NL "'t" (an article), IT "po'".
 * Returns how many raw spans from words[i] make up such a listed form, longest first, with its
 * normalised form in an->norm; 0 when none does.
 */
static size_t joined_form(struct analyzer *an, const struct xlqa_segments *seg, size_t i)
{
	const struct xlqa_span *w = seg->words;
	size_t n = 0, best = 0;

	/* Candidates: WORD ("-" WORD){1,2}, "'" WORD, WORD "'"; spans must touch. */
	if (w[i].kind == XLQA_SPAN_WORD) {
		for (n = i + 1; n + 1 < seg->n_words && n - i < 5; n += 2)
			if (!(w[n].start == w[n - 1].end && span_is(an->text, &w[n], "-") &&
			      w[n + 1].start == w[n].end && w[n + 1].kind == XLQA_SPAN_WORD))
				break;
		n -= i; /* 1 + 2k spans: the word and k hyphen-word pairs */
		if (n == 1 && i + 1 < seg->n_words && w[i + 1].start == w[i].end && is_apostrophe(an->text, &w[i + 1]))
			n = 2;
	} else if (is_apostrophe(an->text, &w[i]) && i + 1 < seg->n_words && w[i + 1].start == w[i].end &&
		   w[i + 1].kind == XLQA_SPAN_WORD) {
		n = 2;
	}
	/* Longest candidate first; a hyphen chain shrinks by one hyphen and word at a time. */
	for (; n >= 2 && !best; n = n > 2 ? n - 2 : 0) {
		xlqa_buf_reset(&an->norm);
		if (xlqa_text_normalize(an->text + w[i].start, w[i + n - 1].end - w[i].start, LANG_NORM, &an->norm,
					an->err))
			return 0;
		if (pack_lists(an->lang, an->norm.buf, an->norm.len))
			best = n;
	}
	return best;
}

/*
 * ICU cuts an abbreviation of the pack into words and periods ("Prof" "." , "z" "." "B" "."), which
 * reads as a word that lost its period. Sets *n to how many raw spans from words[i] make up one of
 * abbreviations.txt as written in the text, the last ending with its period and all in the sentence
 * of the first, with its normalised form, less the last period, in an->norm; *n is 0 when none does.
 */
static int abbreviation_form(struct analyzer *an, const struct xlqa_segments *seg, size_t i, size_t sentence,
                             size_t *n)
{
	const struct xlqa_span *w = seg->words;
	size_t alen, end, j = i;
	int rc;

	*n = 0;
	if (w[i].kind != XLQA_SPAN_WORD ||
	    !(alen = xlqa_segmenter_abbreviation_at(an->lang->segmenter, an->text, an->len, w[i].start)))
		return XLQA_OK;
	end = w[i].start + alen;
	while (j + 1 < seg->n_words && w[j].end < end)
		j++;
	if (w[j].end != end || end > seg->sentences[sentence].end)
		return XLQA_OK;
	xlqa_buf_reset(&an->norm);
	if ((rc = xlqa_text_normalize(an->text + w[i].start, alen, LANG_NORM, &an->norm, an->err)))
		return rc;
	if (an->norm.len > 1 && an->norm.buf[an->norm.len - 1] == '.')
		an->norm.buf[--an->norm.len] = '\0';
	*n = j - i + 1;
	return XLQA_OK;
}

/*
 * ICU ends a sentence at "am 3. Mai" because "3." looks like a sentence end; in German, Finnish and
 * Bulgarian dates the period marks an ordinal. Joins two sentences when the first ends with a one- or
 * two-digit number and a period and the second starts with a month name, full or abbreviated.
 */
static int join_ordinal_dates(struct analyzer *an, struct xlqa_segments *seg)
{
	const char *text = an->text;
	size_t w = 0, keep = 0;
	int rc;

	for (size_t i = 0; i < seg->n_sentences; i++) {
		struct xlqa_span *prev = keep ? &seg->sentences[keep - 1] : NULL;
		const struct xlqa_span *cur = &seg->sentences[i];
		size_t e = prev ? prev->end : 0, d = 0;

		while (w < seg->n_words && seg->words[w].start < cur->start)
			w++;
		if (prev && e >= 2 && text[e - 1] == '.') {
			while (d < 3 && e - 1 - d > prev->start && text[e - 2 - d] >= '0' && text[e - 2 - d] <= '9')
				d++;
			if (d >= 1 && d <= 2 && (e - 1 - d == prev->start || text[e - 2 - d] == ' ') && w < seg->n_words &&
			    seg->words[w].kind == XLQA_SPAN_WORD) {
				xlqa_buf_reset(&an->norm);
				if ((rc = xlqa_text_normalize(text + seg->words[w].start, seg->words[w].end - seg->words[w].start,
							      LANG_NORM, &an->norm, an->err)))
					return rc;
				if (xlqa_lang_month(an->lang, an->norm.buf, an->norm.len) ||
				    xlqa_hash_get(&an->lang->month_abbrevs, an->norm.buf, an->norm.len, NULL)) {
					prev->end = cur->end;
					continue;
				}
			}
		}
		seg->sentences[keep++] = *cur;
	}
	seg->n_sentences = keep;
	return XLQA_OK;
}

int xlqa_lang_analyze(struct xlqa_lang *lang, const char *utf8, size_t len, unsigned flags,
		      struct xlqa_analysis *out, struct xlqa_error *err)
{
	struct analyzer an = { lang, utf8, len, flags, out, XLQA_BUF_INIT, XLQA_BUF_INIT, XLQA_BUF_INIT, err };
	const struct xlqa_segments *seg = &out->seg;
	size_t sentence = 0;
	int rc;

	out->n_tokens = 0;
	xlqa_arena_reset(&out->arena);
	if ((rc = xlqa_segmenter_run(lang->segmenter, utf8, len, &out->seg, err)) ||
	    (rc = join_ordinal_dates(&an, &out->seg))) {
		xlqa_buf_release(&an.norm);
		return rc;
	}
	for (size_t i = 0; i < seg->n_words && !rc; i++) {
		const struct xlqa_span *w = &seg->words[i];
		size_t cut = 0, joined;

		while (sentence + 1 < seg->n_sentences && w->start >= seg->sentences[sentence].end)
			sentence++;
		if ((rc = abbreviation_form(&an, seg, i, sentence, &joined)))
			break;
		if (joined) {
			rc = add_token(&an, w->start, seg->words[i + joined - 1].end, XLQA_SPAN_WORD, XLQA_TOKEN_ABBREVIATION,
			               sentence, true);
			i += joined - 1;
			continue;
		}
		if ((joined = joined_form(&an, seg, i))) {
			rc = add_token(&an, w->start, seg->words[i + joined - 1].end, XLQA_SPAN_WORD, 0, sentence, true);
			i += joined - 1;
			continue;
		}
		if (w->kind == XLQA_SPAN_WORD && lang->n_elisions) {
			xlqa_buf_reset(&an.norm);
			if ((rc = xlqa_text_normalize(utf8 + w->start, w->end - w->start, LANG_NORM, &an.norm, err)))
				break;
			cut = elided_prefix(&an, w->start, w->end);
		}
		if (cut && w->start + cut < w->end) {
			rc = add_token(&an, w->start, w->start + cut, XLQA_SPAN_WORD, XLQA_TOKEN_ELIDED, sentence, false);
			if (!rc)
				rc = add_token(&an, w->start + cut, w->end, XLQA_SPAN_WORD, 0, sentence, false);
		} else {
			rc = add_token(&an, w->start, w->end, w->kind, 0, sentence,
				       w->kind == XLQA_SPAN_WORD && lang->n_elisions);
		}
	}
	xlqa_buf_release(&an.norm);
	xlqa_buf_release(&an.shown);
	xlqa_buf_release(&an.stem);
	return rc;
}
