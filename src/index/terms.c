/*
 * terms: the one function from text to index terms, used by the indexer and by queries alike (see
 * include/xlqa/index.h for the rules). Words are cut by Unicode general category, which is far
 * cheaper than ICU's word break iterator and sufficient for matching; each distinct word's terms are
 * computed once and cached, so stemming and compound splitting cost per vocabulary, not per token.
 *
 * Invariant: a given word always yields the same term ids, and ids are dense from 0 in order of first
 * appearance.
 */
#include "config.h"

#include "xlqa/index.h"
#include "xlqa/text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

struct cached_word {
	uint32_t n;
	uint32_t ids[];
};

struct xlqa_termer {
	struct xlqa_lang *lang;
	bool compounds;
	struct xlqa_hash words; /* word as written -> struct cached_word */
	struct xlqa_hash terms; /* term -> id + 1 */
	const char **names;     /* id -> term (the terms table's key storage) */
	size_t n_names, alloc_names;
	struct xlqa_arena arena;
	struct xlqa_buf norm, stem, folded;
	uint32_t scratch[16];
};

void xlqa_term_list_init(struct xlqa_term_list *l)
{
	memset(l, 0, sizeof *l);
}

void xlqa_term_list_release(struct xlqa_term_list *l)
{
	free(l->words);
	free(l->terms);
	memset(l, 0, sizeof *l);
}

int xlqa_termer_new(struct xlqa_lang *lang, struct xlqa_termer **out, struct xlqa_error *err)
{
	struct xlqa_termer *t = calloc(1, sizeof *t);

	*out = NULL;
	if (!t)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	t->lang = lang;
	t->compounds = (xlqa_lang_get_info(lang)->flags & XLQA_LANG_COMPOUNDS) != 0;
	xlqa_hash_init(&t->words);
	xlqa_hash_init(&t->terms);
	xlqa_arena_init(&t->arena, 0);
	xlqa_buf_init(&t->norm);
	xlqa_buf_init(&t->stem);
	xlqa_buf_init(&t->folded);
	*out = t;
	return XLQA_OK;
}

void xlqa_termer_free(struct xlqa_termer *t)
{
	if (!t)
		return;
	xlqa_hash_release(&t->words);
	xlqa_hash_release(&t->terms);
	free(t->names);
	xlqa_arena_release(&t->arena);
	xlqa_buf_release(&t->norm);
	xlqa_buf_release(&t->stem);
	xlqa_buf_release(&t->folded);
	free(t);
}

size_t xlqa_termer_term_count(const struct xlqa_termer *t)
{
	return t->n_names;
}

const char *xlqa_termer_term(const struct xlqa_termer *t, uint32_t id)
{
	return id < t->n_names ? t->names[id] : NULL;
}

/* The id of `term`, adding it when new. */
static int intern(struct xlqa_termer *t, const char *term, size_t len, uint32_t *id)
{
	const struct xlqa_hash_entry *e = xlqa_hash_find(&t->terms, term, len);
	int rc;

	if (e) {
		*id = (uint32_t)((uintptr_t)e->value - 1);
		return XLQA_OK;
	}
	if (t->n_names >= UINT32_MAX - 1)
		return XLQA_EOVERFLOW;
	if (XLQA_ARRAY_RESERVE(t->names, t->alloc_names, t->n_names + 1))
		return XLQA_ENOMEM;
	if ((rc = xlqa_hash_put(&t->terms, term, len, (void *)(uintptr_t)(t->n_names + 1), NULL)))
		return rc;
	e = xlqa_hash_find(&t->terms, term, len);
	t->names[t->n_names] = e->key;
	*id = (uint32_t)t->n_names++;
	return XLQA_OK;
}

/* Adds the term of one normalised word (stemmed, accent folded) to the scratch list, once. */
static int add_stem_term(struct xlqa_termer *t, const char *norm, size_t len, uint32_t *n, struct xlqa_error *err)
{
	uint32_t id;
	int rc;

	xlqa_buf_reset(&t->stem);
	xlqa_buf_reset(&t->folded);
	if ((rc = xlqa_lang_stem(t->lang, norm, len, &t->stem, err)))
		return rc;
	if ((rc = xlqa_text_normalize(t->stem.buf, t->stem.len, XLQA_NORM_ACCENTS, &t->folded, err)))
		return rc;
	if (t->folded.len == 0)
		return XLQA_OK;
	if ((rc = intern(t, t->folded.buf, t->folded.len, &id)))
		return xlqa_error_set(err, rc, "term table: %s", xlqa_strerror(rc));
	for (uint32_t i = 0; i < *n; i++)
		if (t->scratch[i] == id)
			return XLQA_OK;
	if (*n < sizeof t->scratch / sizeof t->scratch[0])
		t->scratch[(*n)++] = id;
	return XLQA_OK;
}

/*
 * A lower-case form of the pack's irregular table also stands for the stems of its lemmas (up to
 * two), which no stemmer joins to it: the forms of a strong verb meet ("sang", "gesungen": "singen";
 * "began": "begin"). Hunspell's lemmas of other words are left out: on the development sets they
 * moved adjectives and regular verbs onto their base forms for no gain.
 */
static int add_lemma_terms(struct xlqa_termer *t, const char *w, size_t len, uint32_t *n, struct xlqa_error *err)
{
	struct xlqa_strlist lemmas;
	int32_t i = 0;
	UChar32 c;
	int rc;

	U8_NEXT((const uint8_t *)w, i, (int32_t)len, c);
	if (c < 0 || !u_islower(c) || !xlqa_lang_irregular_form(t->lang, t->norm.buf, t->norm.len))
		return XLQA_OK;
	if ((rc = xlqa_lang_lemmas(t->lang, w, len, &lemmas, err)))
		return rc;
	for (size_t k = 0; k < lemmas.n && k < 2; k++)
		if ((rc = add_stem_term(t, lemmas.items[k], strlen(lemmas.items[k]), n, err)))
			return rc;
	return XLQA_OK;
}

/* Computes and caches the terms of a word as written. */
static int word_terms(struct xlqa_termer *t, const char *w, size_t len, const struct cached_word **out,
                      struct xlqa_error *err)
{
	const struct xlqa_hash_entry *e = xlqa_hash_find(&t->words, w, len);
	struct cached_word *cw;
	uint32_t n = 0;
	int rc;

	if (e) {
		*out = e->value;
		return XLQA_OK;
	}
	xlqa_buf_reset(&t->norm);
	if ((rc = xlqa_text_normalize(w, len, XLQA_NORM_CASEFOLD | XLQA_NORM_APOSTROPHES, &t->norm, err)))
		return rc;
	if (!xlqa_lang_is_stopword(t->lang, t->norm.buf, t->norm.len)) {
		if (w[0] >= '0' && w[0] <= '9') {
			uint32_t id;

			if ((rc = intern(t, t->norm.buf, t->norm.len, &id)))
				return xlqa_error_set(err, rc, "term table: %s", xlqa_strerror(rc));
			t->scratch[n++] = id;
		} else {
			struct xlqa_strlist parts = { 0, NULL };

			if ((rc = add_stem_term(t, t->norm.buf, t->norm.len, &n, err)))
				return rc;
			if (t->compounds && (rc = xlqa_lang_split_compound(t->lang, w, len, &parts, err)))
				return rc;
			for (size_t i = 0; i < parts.n; i++)
				if ((rc = add_stem_term(t, parts.items[i], strlen(parts.items[i]), &n, err)))
					return rc;
			if ((rc = add_lemma_terms(t, w, len, &n, err)))
				return rc;
		}
	}
	cw = xlqa_arena_alloc(&t->arena, sizeof *cw + n * sizeof cw->ids[0]);
	if (!cw)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	cw->n = n;
	memcpy(cw->ids, t->scratch, n * sizeof cw->ids[0]);
	if ((rc = xlqa_hash_put(&t->words, w, len, cw, NULL)))
		return xlqa_error_set(err, rc, "out of memory");
	*out = cw;
	return XLQA_OK;
}

/* Letters, combining marks and digits make words; everything else separates them. */
static bool word_char(UChar32 c)
{
	if (c < 0x80)
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
	return (U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_M_MASK | U_GC_ND_MASK)) != 0;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int xlqa_termer_run(struct xlqa_termer *t, const char *text, size_t len, struct xlqa_term_list *out,
                    struct xlqa_error *err)
{
	const uint8_t *s = (const uint8_t *)text;
	int32_t i = 0, n;
	uint32_t position = 0;

	if (len > INT32_MAX)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "text of %zu bytes is too long to cut into terms", len);
	n = (int32_t)len;
	out->n_words = 0;
	out->n_terms = 0;
	while (i < n) {
		int32_t start = i, end;
		UChar32 c;
		const struct cached_word *cw = NULL;
		struct xlqa_term_word *w;
		int rc;

		U8_NEXT(s, i, n, c);
		if (c < 0 || !word_char(c))
			continue;
		for (;;) {
			int32_t at = i;

			end = i;
			if (i >= n)
				break;
			U8_NEXT(s, i, n, c);
			if (c >= 0 && word_char(c))
				continue;
			/* "1,234.5" and "3.5" stay one word: a separator between digits */
			if ((c == '.' || c == ',') && is_digit(text[at - 1]) && i < n && is_digit(text[i]))
				continue;
			i = at;
			break;
		}
		if ((rc = word_terms(t, text + start, (size_t)(end - start), &cw, err)))
			return rc;
		if (XLQA_ARRAY_RESERVE(out->words, out->alloc_words, out->n_words + 1) ||
		    XLQA_ARRAY_RESERVE(out->terms, out->alloc_terms, out->n_terms + cw->n))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		w = &out->words[out->n_words++];
		w->start = (size_t)start;
		w->end = (size_t)end;
		w->position = position++;
		w->first_term = (uint32_t)out->n_terms;
		w->n_terms = cw->n;
		if (cw->n) /* a stop word adds no term, and the array may still be NULL */
			memcpy(out->terms + out->n_terms, cw->ids, cw->n * sizeof cw->ids[0]);
		out->n_terms += cw->n;
	}
	return XLQA_OK;
}
