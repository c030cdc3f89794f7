/*
 * translate: from source words to weighted target alternatives. A word is tried, in order, as the
 * start of a multiword key (longest first), by its normalised form and its hunspell lemmas together,
 * by keys sharing its stem and by its compound parts; names and numbers in digits pass through (a number in
 * words, "dos", "erste", is translated like any word); an untranslated Cyrillic word is
 * transliterated, any other is matched against the target vocabulary for a cognate (by edit distance
 * between spelling skeletons, so "ctenóforos" finds "ctenophores"), and as a last resort passes
 * through with a low weight, so no concept is lost from the query. A name of several words that
 * the lexicon does not know whole is translated word by word when the target collection lacks one
 * of its words as written ("Centro Espacial Kennedy", "Rin Medio"; "Josh Norman" passes through),
 * and a name nothing translates that the target lacks as written gets its cognates beside it
 * ("Lutero": "luther").
 *
 * Weights of the fallbacks are factors on the lexicon's own weights (lemma 0.9, or 0.45 beside the
 * word's own translations, since "meta" (goal) is also a form of "meter" (put); stem 0.7, compound
 * 0.6 for the whole and 0.3 per part, a genitive name 0.9, an English word 0.5); pass-through names
 * 1.0 (0.5 beside a lexicon translation), transliterations 0.5 (1.0 for a name), cognates
 * 0.5 x (1 - distance / length), untranslated 0.2.
 * They rank the evidence: a lemma is the same word, a stem may conflate senses, a cognate may be a
 * false friend.
 *
 * Names from the hunspell dictionaries (origin XLQA_LEX_NAMES_HUNSPELL: a name translated by itself)
 * are the last resort of the lexicon: they count only for a word written with a capital, a key
 * that has nothing else does not stop the search by lemma, stem and compound parts, and what that
 * search finds replaces them ("Aristoteles" is the name of the German and Dutch dictionaries, but
 * its stem finds "Aristotelian"; "dio" is Spanish for "gave" before it is anybody's name). Nor do
 * they lower a name's pass-through weight to 0.5, as translations do: they are the name itself.
 *
 * Two fallbacks follow the lexicon: a capitalised word may be a name in the genitive ("Teslas",
 * "Luthers"), the endings being pack data (genitive.txt), and the name is taken only when the lexicon
 * knows it as a name, so that a common noun's plural is not cut; and a word may be English, titles
 * and sports terms being left in English in other languages' questions. For that fallback the
 * translator opens the English-source lexicon of its target itself rather than the builder copying
 * English entries into every pair: the 48 other-source lexicons stay as they are, the file format
 * does not change, and an English key cannot be mistaken for a source-language one ("die", "also").
 *
 * Invariant: a lookup yields at least one hit, every weight in (0, 1], best first, no text twice.
 */
#include "config.h"

#include "lexicon-internal.h"

#include "xlqa/text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utrans.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#define W_LEMMA 0.9
#define W_LEMMA_BESIDE 0.45 /* a lemma's translations when the word is a key of its own */
#define W_STEM 0.7
#define W_COMPOUND 0.6
#define W_COMPOUND_PART 0.3
#define W_NAME_BESIDE 0.5
#define W_TRANSLIT 0.5
#define W_COGNATE 0.5
#define W_UNTRANSLATED 0.2
#define W_GENITIVE 0.9
#define W_FOREIGN 0.5
#define FOREIGN_MIN_CP 3      /* shorter words are not looked up in English */
#define FOREIGN_MIN_STEM_CP 4 /* shorter English stems match too much */
#define MAX_COGNATES 3
#define MAX_WORD_CP 64

/* ---- hits --------------------------------------------------------------------------------------- */

void xlqa_lexicon_hits_init(struct xlqa_lexicon_hits *h)
{
	memset(h, 0, sizeof *h);
	xlqa_arena_init(&h->arena, 0);
}

void xlqa_lexicon_hits_release(struct xlqa_lexicon_hits *h)
{
	free(h->items);
	xlqa_arena_release(&h->arena);
	memset(h, 0, sizeof *h);
}

static void hits_reset(struct xlqa_lexicon_hits *h)
{
	h->n = 0;
	h->words = 1;
	xlqa_arena_reset(&h->arena);
}

/* Adds a hit; a text already present keeps the larger weight. `copy` copies text and via. */
static int hits_add(struct xlqa_lexicon_hits *h, const char *text, double w, unsigned origin,
		    enum xlqa_lexicon_how how, const char *via, bool copy)
{
	if (w > 1)
		w = 1;
	if (w < 1e-4)
		w = 1e-4;
	for (size_t i = 0; i < h->n; i++)
		if (strcmp(h->items[i].text, text) == 0) {
			if (w > h->items[i].weight)
				h->items[i].weight = w;
			h->items[i].origin |= origin;
			return XLQA_OK;
		}
	if (XLQA_ARRAY_RESERVE(h->items, h->alloc, h->n + 1))
		return XLQA_ENOMEM;
	if (copy) {
		if (!(text = xlqa_arena_strndup(&h->arena, text, strlen(text))))
			return XLQA_ENOMEM;
		if (via && !(via = xlqa_arena_strndup(&h->arena, via, strlen(via))))
			return XLQA_ENOMEM;
	}
	h->items[h->n++] = (struct xlqa_lexicon_hit){ text, w, origin, how, via };
	return XLQA_OK;
}

static int hit_cmp(const void *a, const void *b)
{
	const struct xlqa_lexicon_hit *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	if (x->how != y->how)
		return x->how < y->how ? -1 : 1;
	return strcmp(x->text, y->text);
}

static void hits_finish(struct xlqa_lexicon_hits *h)
{
	qsort(h->items, h->n, sizeof *h->items, hit_cmp);
	if (h->n > LEX_MAX_ALTS)
		h->n = LEX_MAX_ALTS;
}

/*
 * Adds every translation of key `k`, weights times `factor`; `via` must outlive the hits. Names of
 * the hunspell dictionaries only when `names` (the word is capitalised).
 */
static int add_key(struct xlqa_lexicon_hits *h, const struct xlqa_lexicon *lex, size_t k, double factor,
		   enum xlqa_lexicon_how how, const char *via, bool names)
{
	size_t n = xlqa_lexicon_n_trans(lex, k);

	for (size_t i = 0; i < n; i++) {
		struct xlqa_lexicon_trans t;
		xlqa_lexicon_trans_at(lex, k, i, &t);
		if (t.origin == XLQA_LEX_NAMES_HUNSPELL && !names)
			continue;
		if (hits_add(h, t.text, t.weight * factor, t.origin, how, via, false))
			return XLQA_ENOMEM;
	}
	return XLQA_OK;
}

/* True when some hit is more than a hunspell name standing for itself. */
static bool hits_beyond_names(const struct xlqa_lexicon_hits *h)
{
	for (size_t i = 0; i < h->n; i++)
		if (h->items[i].origin != XLQA_LEX_NAMES_HUNSPELL)
			return true;
	return false;
}

/* When other hits exist, removes those that are hunspell names only: what the dictionaries found
 * replaces them. */
static void hits_settle_names(struct xlqa_lexicon_hits *h)
{
	size_t kept = 0;

	if (!hits_beyond_names(h))
		return;
	for (size_t i = 0; i < h->n; i++)
		if (h->items[i].origin != XLQA_LEX_NAMES_HUNSPELL)
			h->items[kept++] = h->items[i];
	h->n = kept;
}

/* True when `s` starts with an upper- or title-case letter. */
/* ---- transliteration and distance --------------------------------------------------------------- */

static int translit_open(UTransliterator **out, struct xlqa_error *err)
{
	static const char *const ids[] = { "Bulgarian-Latin/BGN; Latin-ASCII", "Any-Latin; Latin-ASCII" };

	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		UChar id[64];
		UErrorCode st = U_ZERO_ERROR;
		u_uastrcpy(id, ids[i]);
		*out = utrans_openU(id, -1, UTRANS_FORWARD, NULL, 0, NULL, &st);
		if (U_SUCCESS(st))
			return XLQA_OK;
	}
	return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU has no Cyrillic-to-Latin transliterator");
}

static int translit_run(UTransliterator *tr, const char *utf8, size_t len, struct xlqa_buf *out,
			struct xlqa_error *err)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t ulen = 0, limit, cap;
	UChar *u;
	struct xlqa_buf latin = XLQA_BUF_INIT;
	int rc;

	if (len > 4096)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "transliterating: word of %zu bytes", len);
	u_strFromUTF8(NULL, 0, &ulen, utf8, (int32_t)len, &st);
	if (st == U_INVALID_CHAR_FOUND || st == U_ILLEGAL_CHAR_FOUND)
		return xlqa_error_set(err, XLQA_EENCODING, "transliterating: invalid UTF-8");
	cap = ulen * 4 + 16;
	if (!(u = malloc((size_t)cap * sizeof *u)))
		return xlqa_error_status(err, XLQA_ENOMEM, "transliterating a word");
	st = U_ZERO_ERROR;
	u_strFromUTF8(u, cap, &ulen, utf8, (int32_t)len, &st);
	limit = ulen;
	if (U_SUCCESS(st))
		utrans_transUChars(tr, u, &ulen, cap, 0, &limit, &st);
	if (U_FAILURE(st)) {
		free(u);
		return xlqa_error_set(err, XLQA_EEXTERNAL, "transliterating: %s", u_errorName(st));
	}
	{
		int32_t n8 = 0;
		UErrorCode st2 = U_ZERO_ERROR;
		u_strToUTF8(NULL, 0, &n8, u, ulen, &st2);
		st2 = U_ZERO_ERROR;
		if ((rc = xlqa_buf_grow(&latin, (size_t)n8 + 1))) {
			free(u);
			return xlqa_error_status(err, rc, "transliterating a word");
		}
		u_strToUTF8(latin.buf, (int32_t)latin.alloc, &n8, u, ulen, &st2);
		latin.len = (size_t)n8;
		latin.buf[latin.len] = '\0';
	}
	free(u);
	rc = xlqa_text_normalize(latin.buf, latin.len, XLQA_NORM_CASEFOLD | XLQA_NORM_ACCENTS, out, err);
	xlqa_buf_release(&latin);
	return rc;
}

int xlqa_lexicon_transliterate(const char *utf8, size_t len, struct xlqa_buf *out, struct xlqa_error *err)
{
	UTransliterator *tr;
	int rc;

	if ((rc = translit_open(&tr, err)))
		return rc;
	rc = translit_run(tr, utf8, len, out, err);
	utrans_close(tr);
	return rc;
}

/* Decodes up to MAX_WORD_CP code points; returns how many (more are cut off). */
static size_t decode_cp(const char *s, size_t len, UChar32 *cp)
{
	int32_t i = 0;
	size_t n = 0;

	while ((size_t)i < len && n < MAX_WORD_CP) {
		UChar32 c;
		U8_NEXT(s, i, (int32_t)len, c);
		cp[n++] = c;
	}
	return n;
}

size_t xlqa_lexicon_edit_distance(const char *a, size_t alen, const char *b, size_t blen, size_t max)
{
	UChar32 x[MAX_WORD_CP], y[MAX_WORD_CP];
	size_t m = decode_cp(a, alen, x), n = decode_cp(b, blen, y);
	size_t prev[MAX_WORD_CP + 1], cur[MAX_WORD_CP + 1];

	if ((m > n ? m - n : n - m) > max)
		return max + 1;
	for (size_t j = 0; j <= n; j++)
		prev[j] = j;
	for (size_t i = 1; i <= m; i++) {
		size_t best = cur[0] = i;
		for (size_t j = 1; j <= n; j++) {
			size_t sub = prev[j - 1] + (x[i - 1] != y[j - 1]), del = prev[j] + 1, ins = cur[j - 1] + 1;
			cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
			if (cur[j] < best)
				best = cur[j];
		}
		if (best > max) /* every path already costs more */
			return max + 1;
		memcpy(prev, cur, (n + 1) * sizeof *cur);
	}
	return prev[n] > max ? max + 1 : prev[n];
}

/* ---- the translator ----------------------------------------------------------------------------- */

struct vocab_word {
	const char *word;   /* as given (normalised target word) */
	const char *folded; /* accent- and case-folded */
	const char *skeleton; /* `folded` spelt alike across languages (spelling_skeleton) */
	size_t cps;         /* code points of `skeleton` */
	uint64_t freq;
};

struct xlqa_translator {
	const struct xlqa_lexicon *lex;
	struct xlqa_lang *lang;
	UTransliterator *translit; /* opened on the first Cyrillic word: ICU builds it in about 0.15 G
	                              instructions, which a run without one need not spend */
	struct vocab_word *vocab; /* sorted by (first byte of skeleton, cps) */
	size_t n_vocab;
	struct xlqa_arena vocab_strings;
	struct xlqa_buf scratch, key, fold;
	struct xlqa_lexicon *own_lex;   /* `lex` when xlqa_translator_open opened it, owned; else NULL */
	struct xlqa_lexicon *foreign;   /* English to the target (or to the source: foreign_self), owned */
	struct xlqa_lang *foreign_lang; /* the English pack, owned */
	bool foreign_self;              /* the target is English: a key of `foreign` is its own translation */
};

int xlqa_translator_new(const struct xlqa_lexicon *lex, struct xlqa_lang *source, struct xlqa_translator **out,
			struct xlqa_error *err)
{
	struct xlqa_translator *tr = calloc(1, sizeof *tr);

	*out = NULL;
	if (!tr)
		return xlqa_error_status(err, XLQA_ENOMEM, "creating the translator");
	tr->lex = lex;
	tr->lang = source;
	xlqa_arena_init(&tr->vocab_strings, 0);
	xlqa_buf_init(&tr->scratch);
	xlqa_buf_init(&tr->key);
	xlqa_buf_init(&tr->fold);
	*out = tr;
	return XLQA_OK;
}

void xlqa_translator_free(struct xlqa_translator *tr)
{
	if (!tr)
		return;
	if (tr->translit)
		utrans_close(tr->translit);
	xlqa_lexicon_free(tr->own_lex);
	xlqa_lexicon_free(tr->foreign);
	xlqa_lang_free(tr->foreign_lang);
	free(tr->vocab);
	xlqa_arena_release(&tr->vocab_strings);
	xlqa_buf_release(&tr->scratch);
	xlqa_buf_release(&tr->key);
	xlqa_buf_release(&tr->fold);
	free(tr);
}

static int vocab_cmp(const void *a, const void *b)
{
	const struct vocab_word *x = a, *y = b;
	unsigned char fx = (unsigned char)x->skeleton[0], fy = (unsigned char)y->skeleton[0];

	if (fx != fy)
		return fx < fy ? -1 : 1;
	return (x->cps > y->cps) - (x->cps < y->cps);
}

/*
 * Rewrites a folded word, in place, into the spelling shared by its cognates in other Latin-script
 * languages, so that the edit distance counts differences of form rather than of orthography:
 * ph -> f, th -> t, rh -> r, y -> i, k -> c, tion -> cion, a doubled letter once, and a leading
 * "es" before a consonant loses its "e" (Spanish "estándar", "escala": "standard", "scale").
 * "ctenóforos" and "ctenophores" become "ctenoforos" and "ctenofores", one edit apart instead of three.
 * Only ASCII letters change; the result is never longer.
 */
static void spelling_skeleton(struct xlqa_buf *b)
{
	static const char vowels[] = "aeiou";
	char *s = b->buf;
	size_t len = b->len, i = 0, o = 0;

	if (len > 3 && s[0] == 'e' && s[1] == 's' && s[2] >= 'a' && s[2] <= 'z' && !strchr(vowels, s[2]))
		i = 1;
	while (i < len) {
		char c = s[i];

		if (i + 1 < len && s[i + 1] == 'h' && (c == 'p' || c == 't' || c == 'r')) {
			s[o++] = c == 'p' ? 'f' : c;
			i += 2;
			continue;
		}
		if (c == 't' && i + 3 < len && memcmp(s + i, "tion", 4) == 0)
			c = 'c';
		else if (c == 'y')
			c = 'i';
		else if (c == 'k')
			c = 'c';
		if (c >= 'a' && c <= 'z' && o > 0 && s[o - 1] == c) {
			i++;
			continue;
		}
		s[o++] = c;
		i++;
	}
	b->len = o;
	b->buf[o] = '\0';
}

static size_t count_cp(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

int xlqa_translator_set_vocabulary(struct xlqa_translator *tr, const char *const *words, const uint64_t *freqs,
				   size_t n, struct xlqa_error *err)
{
	struct vocab_word *v = NULL;
	size_t nv = 0;
	int rc;

	free(tr->vocab);
	tr->vocab = NULL;
	tr->n_vocab = 0;
	xlqa_arena_reset(&tr->vocab_strings);
	if (n && !(v = calloc(n, sizeof *v)))
		return xlqa_error_status(err, XLQA_ENOMEM, "setting the translator vocabulary");
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(words[i]);
		xlqa_buf_reset(&tr->fold);
		if (len == 0 || len > 4 * MAX_WORD_CP)
			continue;
		if ((rc = xlqa_text_normalize(words[i], len, XLQA_NORM_CASEFOLD | XLQA_NORM_ACCENTS, &tr->fold, err))) {
			free(v);
			return rc;
		}
		if (!tr->fold.len)
			continue;
		v[nv].word = xlqa_arena_strndup(&tr->vocab_strings, words[i], len);
		v[nv].folded = xlqa_arena_strndup(&tr->vocab_strings, tr->fold.buf, tr->fold.len);
		spelling_skeleton(&tr->fold);
		v[nv].skeleton = xlqa_arena_strndup(&tr->vocab_strings, tr->fold.buf, tr->fold.len);
		if (!v[nv].word || !v[nv].folded || !v[nv].skeleton) {
			free(v);
			return xlqa_error_status(err, XLQA_ENOMEM, "setting the translator vocabulary");
		}
		v[nv].cps = count_cp(tr->fold.buf, tr->fold.len);
		v[nv].freq = freqs ? freqs[i] : 1;
		nv++;
	}
	qsort(v, nv, sizeof *v, vocab_cmp);
	tr->vocab = v;
	tr->n_vocab = nv;
	return XLQA_OK;
}

struct cognate {
	const struct vocab_word *w;
	size_t dist;
};

/*
 * Folds `word` (case and accents) into tr->fold, a copy of the folded form into tr->scratch when
 * `keep`, and rewrites tr->fold into its spelling skeleton of *cps code points.
 */
static int fold_skeleton(struct xlqa_translator *tr, const char *word, size_t len, bool keep, size_t *cps,
			 struct xlqa_error *err)
{
	int rc;

	xlqa_buf_reset(&tr->fold);
	if ((rc = xlqa_text_normalize(word, len, XLQA_NORM_CASEFOLD | XLQA_NORM_ACCENTS, &tr->fold, err)))
		return rc;
	if (keep) {
		xlqa_buf_reset(&tr->scratch);
		if (xlqa_buf_add(&tr->scratch, tr->fold.buf, tr->fold.len))
			return xlqa_error_status(err, XLQA_ENOMEM, "folding a word for cognates");
	}
	spelling_skeleton(&tr->fold);
	*cps = count_cp(tr->fold.buf, tr->fold.len);
	return XLQA_OK;
}

/* The first vocabulary word whose skeleton starts with byte `first` and has at least cps - slack code points. */
static size_t vocab_lower_bound(const struct xlqa_translator *tr, unsigned char first, size_t cps, size_t slack)
{
	size_t lo = 0, hi = tr->n_vocab;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		unsigned char f = (unsigned char)tr->vocab[mid].skeleton[0];
		if (f < first || (f == first && tr->vocab[mid].cps + slack < cps))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Adds up to MAX_COGNATES vocabulary words close to `word` (skeletons), closest and most frequent first. */
static int add_cognates(struct xlqa_translator *tr, const char *word, size_t len, struct xlqa_lexicon_hits *out,
			struct xlqa_error *err)
{
	struct cognate best[MAX_COGNATES];
	size_t n_best = 0, cps, max;
	unsigned char first;
	int rc;

	if (!tr->n_vocab)
		return XLQA_OK;
	if ((rc = fold_skeleton(tr, word, len, false, &cps, err)))
		return rc;
	if (cps < 2 || cps > MAX_WORD_CP)
		return XLQA_OK;
	max = cps < 4 ? 0 : cps <= 6 ? 1 : 2; /* short words: the same word only */
	first = (unsigned char)tr->fold.buf[0];
	for (size_t i = vocab_lower_bound(tr, first, cps, max);
	     i < tr->n_vocab && (unsigned char)tr->vocab[i].skeleton[0] == first && tr->vocab[i].cps <= cps + max; i++) {
		const struct vocab_word *v = &tr->vocab[i];
		size_t d = xlqa_lexicon_edit_distance(tr->fold.buf, tr->fold.len, v->skeleton, strlen(v->skeleton), max);
		size_t at;
		if (d > max)
			continue;
		for (at = n_best; at > 0; at--) { /* insertion: by distance, then frequency */
			const struct cognate *c = &best[at - 1];
			if (c->dist < d || (c->dist == d && c->w->freq >= v->freq))
				break;
		}
		if (at >= MAX_COGNATES)
			continue;
		if (n_best < MAX_COGNATES)
			n_best++;
		memmove(best + at + 1, best + at, (n_best - 1 - at) * sizeof *best);
		best[at] = (struct cognate){ v, d };
	}
	for (size_t i = 0; i < n_best; i++)
		if (hits_add(out, best[i].w->word, W_COGNATE * (1.0 - (double)best[i].dist / (double)cps), 0,
			     XLQA_HOW_COGNATE, best[i].w->folded, false))
			return xlqa_error_status(err, XLQA_ENOMEM, "adding cognates");
	return XLQA_OK;
}

/* True when `word` (folded: case and accents) is a word of the vocabulary; false without one. */
static int in_vocabulary(struct xlqa_translator *tr, const char *word, size_t len, bool *found,
			 struct xlqa_error *err)
{
	size_t cps;
	unsigned char first;
	int rc;

	*found = false;
	if (!tr->n_vocab)
		return XLQA_OK;
	if ((rc = fold_skeleton(tr, word, len, true, &cps, err)))
		return rc;
	if (!tr->fold.len)
		return XLQA_OK;
	first = (unsigned char)tr->fold.buf[0];
	for (size_t i = vocab_lower_bound(tr, first, cps, 0);
	     i < tr->n_vocab && (unsigned char)tr->vocab[i].skeleton[0] == first && tr->vocab[i].cps == cps && !*found;
	     i++)
		*found = strcmp(tr->vocab[i].folded, tr->scratch.buf) == 0;
	return XLQA_OK;
}

static bool has_digit(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] >= '0' && s[i] <= '9')
			return true;
	return false;
}

static bool is_cyrillic(const char *s, size_t len)
{
	int32_t i = 0;
	UChar32 c;

	U8_NEXT(s, i, (int32_t)len, c);
	return c >= 0x400 && c <= 0x52F;
}

/*
 * True when hunspell found `lemma` by taking a prefix off the word `norm` (case folded): the lemma's
 * first four bytes stand in the word after its start, and the word does not begin with the lemma's
 * first two. Such a prefix changes the meaning, often to its negation ("infinita" -> "finito",
 * "deshacer" -> "hacer", "unbekannt" -> "bekannt"), so the lemma's translations are not the word's.
 * Short lemmas of irregular forms ("went" -> "go") are not affected.
 */
static bool prefix_stripped(const char *norm, size_t nlen, const char *lemma)
{
	size_t llen = strlen(lemma);

	if (llen < 4 || nlen < 6 || memcmp(norm, lemma, 2) == 0)
		return false;
	for (size_t i = 2; i + 4 <= nlen && i <= 5; i++)
		if (memcmp(norm + i, lemma, 4) == 0)
			return true;
	return false;
}

/* Exact, lemma, stem and compound lookup of one word, the first that finds anything; adds hits. */
static int lookup_lexical(struct xlqa_translator *tr, const char *word, size_t len, const char *norm, size_t nlen,
			  struct xlqa_lexicon_hits *out, struct xlqa_error *err)
{
	const struct xlqa_lexicon *lex = tr->lex;
	struct xlqa_strlist lemmas = { 0, NULL };
	bool names = lex_starts_upper(word, len), stem_names;
	size_t k;
	int rc;

	/* Each stage runs while nothing but hunspell names is found, and adds names only when it is
	 * the first to find anything; the word itself and its lemmas are one stage, since an inflected
	 * form may be a key of its own sense ("números": the Book of Numbers; "número": number). */
	if (xlqa_lexicon_find(lex, norm, nlen, &k) &&
	    (rc = add_key(out, lex, k, 1.0, XLQA_HOW_EXACT, xlqa_lexicon_key(lex, k), names)))
		return xlqa_error_status(err, rc, "looking a word up in the lexicon");
	/* A capitalised word the lexicon has is that word, not a form of a common one spelt alike
	 * ("París", not "parís" of "parir", to give birth). */
	if (xlqa_lang_has_lemmas(tr->lang) && !(names && hits_beyond_names(out))) {
		bool lemma_names = names && !out->n;
		double factor = hits_beyond_names(out) ? W_LEMMA_BESIDE : W_LEMMA;
		if ((rc = xlqa_lang_lemmas(tr->lang, word, len, &lemmas, err)))
			return rc;
		for (size_t i = 0; i < lemmas.n; i++)
			if (!prefix_stripped(norm, nlen, lemmas.items[i]) &&
			    xlqa_lexicon_find(lex, lemmas.items[i], strlen(lemmas.items[i]), &k) &&
			    (rc = add_key(out, lex, k, factor, XLQA_HOW_LEMMA, xlqa_lexicon_key(lex, k), lemma_names)))
				return xlqa_error_status(err, rc, "looking a word up in the lexicon");
	}
	if (hits_beyond_names(out))
		goto settle;
	/* Keys sharing the stem of the word, else of one of its lemmas: Snowball leaves some
	 * inflections apart that hunspell joins ("Hugenotten" and "Hugenotte"). */
	stem_names = names && !out->n;
	for (size_t l = 0; l <= lemmas.n && !hits_beyond_names(out); l++) {
		const char *form = l ? lemmas.items[l - 1] : norm;
		size_t flen = l ? strlen(form) : nlen, first, n;
		if (l && prefix_stripped(norm, nlen, form))
			continue;
		xlqa_buf_reset(&tr->scratch);
		if ((rc = xlqa_lang_stem(tr->lang, form, flen, &tr->scratch, err)))
			return rc;
		n = xlqa_lexicon_find_stem(lex, tr->scratch.buf, tr->scratch.len, &first);
		for (size_t i = 0; i < n && i < 8; i++) {
			k = xlqa_lexicon_stem_key(lex, first + i);
			if ((rc = add_key(out, lex, k, W_STEM, XLQA_HOW_STEM, xlqa_lexicon_key(lex, k), stem_names)))
				return xlqa_error_status(err, rc, "looking a word up in the lexicon");
		}
	}
	if (hits_beyond_names(out))
		goto settle;
	{
		struct xlqa_strlist parts;
		struct xlqa_buf phrase = XLQA_BUF_INIT;
		size_t found = 0;
		if ((rc = xlqa_lang_split_compound(tr->lang, word, len, &parts, err)))
			return rc;
		for (size_t i = 0; i < parts.n; i++) {
			struct xlqa_lexicon_trans t;
			if (!xlqa_lexicon_find(lex, parts.items[i], strlen(parts.items[i]), &k))
				continue;
			xlqa_lexicon_trans_at(lex, k, 0, &t);
			if (t.origin == XLQA_LEX_NAMES_HUNSPELL) /* a part is no name */
				continue;
			found++;
			if ((phrase.len && xlqa_buf_addch(&phrase, ' ')) || xlqa_buf_addstr(&phrase, t.text) ||
			    hits_add(out, t.text, t.weight * W_COMPOUND_PART, t.origin, XLQA_HOW_COMPOUND, parts.items[i],
				     false)) {
				xlqa_buf_release(&phrase);
				return xlqa_error_status(err, XLQA_ENOMEM, "looking a word up in the lexicon");
			}
		}
		if (found == parts.n && found > 1 &&
		    hits_add(out, phrase.buf, W_COMPOUND, 0, XLQA_HOW_COMPOUND, norm, true)) {
			xlqa_buf_release(&phrase);
			return xlqa_error_status(err, XLQA_ENOMEM, "looking a word up in the lexicon");
		}
		xlqa_buf_release(&phrase);
	}
settle:
	hits_settle_names(out);
	return XLQA_OK;
}

/* True when key `k` is translated as a name: a proper noun, or an entry of a names source. */
static bool key_is_name(const struct xlqa_lexicon *lex, size_t k)
{
	size_t n = xlqa_lexicon_n_trans(lex, k);

	for (size_t i = 0; i < n; i++) {
		struct xlqa_lexicon_trans t;
		xlqa_lexicon_trans_at(lex, k, i, &t);
		if (t.pos == XLQA_POS_NAME || (t.origin & (XLQA_LEX_NAMES | XLQA_LEX_NAMES_HUNSPELL)))
			return true;
	}
	return false;
}

/*
 * A capitalised word in the genitive: the normalised form `norm` without one of the pack's endings
 * (longest first, at least two bytes left) that is a key translated as a name. Adds its hits.
 */
static int lookup_genitive(struct xlqa_translator *tr, const char *norm, size_t nlen, struct xlqa_lexicon_hits *out,
			   struct xlqa_error *err)
{
	struct xlqa_strlist endings;
	size_t k;

	xlqa_lang_genitive_endings(tr->lang, &endings);
	for (size_t i = 0; i < endings.n; i++) {
		size_t elen = strlen(endings.items[i]);
		if (nlen < elen + 2 || memcmp(norm + nlen - elen, endings.items[i], elen) != 0)
			continue;
		if (!xlqa_lexicon_find(tr->lex, norm, nlen - elen, &k) || !key_is_name(tr->lex, k))
			continue;
		if (add_key(out, tr->lex, k, W_GENITIVE, XLQA_HOW_GENITIVE, xlqa_lexicon_key(tr->lex, k), true))
			return xlqa_error_status(err, XLQA_ENOMEM, "looking a genitive up");
		return XLQA_OK;
	}
	return XLQA_OK;
}

/* True when key `k` has a translation other than a hunspell name standing for itself. */
static bool key_beyond_names(const struct xlqa_lexicon *lex, size_t k)
{
	size_t n = xlqa_lexicon_n_trans(lex, k);

	for (size_t i = 0; i < n; i++) {
		struct xlqa_lexicon_trans t;
		xlqa_lexicon_trans_at(lex, k, i, &t);
		if (t.origin != XLQA_LEX_NAMES_HUNSPELL)
			return true;
	}
	return false;
}

/* Adds what English key `k` of the fallback gives: its translations, or the word itself. */
static int add_foreign_key(struct xlqa_translator *tr, size_t k, double factor, const char *norm,
			   struct xlqa_lexicon_hits *out)
{
	const char *via = xlqa_lexicon_key(tr->foreign, k);

	if (!tr->foreign_self)
		return add_key(out, tr->foreign, k, factor * W_FOREIGN, XLQA_HOW_FOREIGN, via, false);
	if (!key_beyond_names(tr->foreign, k))
		return XLQA_OK;
	return hits_add(out, norm, factor * W_FOREIGN, 0, XLQA_HOW_FOREIGN, via, true);
}

/* The English fallback for the normalised word `norm`: its key, else keys of its English stem. */
static int lookup_foreign(struct xlqa_translator *tr, const char *norm, size_t nlen, struct xlqa_lexicon_hits *out,
			  struct xlqa_error *err)
{
	size_t k, first, n, before = out->n;
	int rc;

	/* one or two letters ("U", "El") are initials and articles more often than English words */
	if (!tr->foreign || count_cp(norm, nlen) < FOREIGN_MIN_CP || xlqa_lang_is_stopword(tr->foreign_lang, norm, nlen))
		return XLQA_OK;
	if (xlqa_lexicon_find(tr->foreign, norm, nlen, &k)) {
		if (add_foreign_key(tr, k, 1.0, norm, out))
			return xlqa_error_status(err, XLQA_ENOMEM, "looking a foreign word up");
		if (out->n > before)
			return XLQA_OK;
	}
	xlqa_buf_reset(&tr->scratch);
	if ((rc = xlqa_lang_stem(tr->foreign_lang, norm, nlen, &tr->scratch, err)))
		return rc;
	if (count_cp(tr->scratch.buf, tr->scratch.len) < FOREIGN_MIN_STEM_CP) /* "laing" -> "la" */
		return XLQA_OK;
	n = xlqa_lexicon_find_stem(tr->foreign, tr->scratch.buf, tr->scratch.len, &first);
	for (size_t i = 0; i < n && i < 8; i++)
		if (add_foreign_key(tr, xlqa_lexicon_stem_key(tr->foreign, first + i), W_STEM, norm, out))
			return xlqa_error_status(err, XLQA_ENOMEM, "looking a foreign word up");
	return XLQA_OK;
}

int xlqa_translator_open_foreign(struct xlqa_translator *tr, const char *dir, struct xlqa_error *err)
{
	struct xlqa_lexicon_info info;
	struct xlqa_buf path = XLQA_BUF_INIT;
	struct xlqa_lexicon *lex = NULL;
	struct xlqa_lang *lang = NULL;
	bool self;
	int rc;

	xlqa_lexicon_get_info(tr->lex, &info);
	if (strcmp(info.source, "en") == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "the source is English: no English fallback");
	self = strcmp(info.target, "en") == 0;
	if (xlqa_lexicon_path(dir, "en", self ? info.source : info.target, &path))
		return xlqa_error_status(err, XLQA_ENOMEM, "opening the foreign-word list");
	if (!(rc = xlqa_lexicon_open(path.buf, &lex, err)) &&
	    !(rc = xlqa_lang_open("en", &(struct xlqa_lang_options){ .flags = XLQA_LANG_OPEN_NO_HUNSPELL }, &lang,
				  err))) {
		xlqa_lexicon_free(tr->foreign);
		xlqa_lang_free(tr->foreign_lang);
		tr->foreign = lex;
		tr->foreign_lang = lang;
		tr->foreign_self = self;
		lex = NULL;
	}
	xlqa_lexicon_free(lex);
	xlqa_buf_release(&path);
	return rc;
}

int xlqa_translator_open(struct xlqa_lang *source, const char *target, const char *lexicon_dir,
			 struct xlqa_translator **out, struct xlqa_error *err)
{
	const char *src = xlqa_lang_get_info(source)->code;
	struct xlqa_buf dir = XLQA_BUF_INIT, path = XLQA_BUF_INIT;
	struct xlqa_lexicon *lex = NULL;
	int rc = XLQA_OK;

	*out = NULL;
	if (lexicon_dir && xlqa_buf_addstr(&dir, lexicon_dir))
		rc = xlqa_error_status(err, XLQA_ENOMEM, "opening the lexicon of '%s-%s'", src, target);
	else if (!lexicon_dir)
		rc = xlqa_lexicon_default_dir(&dir, err);
	if (!rc && xlqa_lexicon_path(dir.buf, src, target, &path))
		rc = xlqa_error_status(err, XLQA_ENOMEM, "opening the lexicon of '%s-%s'", src, target);
	if (!rc && (rc = xlqa_lexicon_open(path.buf, &lex, err)) == XLQA_ENOTFOUND)
		xlqa_error_prefix(err, "no lexicon for '%s-%s' (run 'xlqa lexicon build')", src, target);
	if (!rc && (rc = xlqa_translator_new(lex, source, out, err)) == XLQA_OK) {
		(*out)->own_lex = lex;
		lex = NULL;
		/* the English fallback where its lexicon is in the same folder; without it, the pair's alone */
		if (strcmp(src, "en") != 0 && (rc = xlqa_translator_open_foreign(*out, dir.buf, err)) == XLQA_ENOTFOUND) {
			rc = XLQA_OK;
			xlqa_error_clear(err);
		}
	}
	if (rc) {
		xlqa_translator_free(*out);
		*out = NULL;
	}
	xlqa_lexicon_free(lex);
	xlqa_buf_release(&dir);
	xlqa_buf_release(&path);
	return rc;
}

/* Normalises words[0..n) into tr->key joined by spaces. */
static int join_key(struct xlqa_translator *tr, const char *const *words, size_t n, struct xlqa_error *err)
{
	int rc;

	xlqa_buf_reset(&tr->key);
	for (size_t i = 0; i < n; i++) {
		if (i && xlqa_buf_addch(&tr->key, ' '))
			return xlqa_error_status(err, XLQA_ENOMEM, "joining a multi-word key");
		if ((rc = lex_normalize(words[i], strlen(words[i]), &tr->key, err)))
			return rc;
	}
	return XLQA_OK;
}

static int lookup(struct xlqa_translator *tr, const char *const *words, size_t n_words, unsigned flags,
		  struct xlqa_lexicon_hits *out, struct xlqa_error *err);

/* `word` transliterated into tr->scratch, the transliterator opened on first use. */
static int translator_translit(struct xlqa_translator *tr, const char *word, size_t len, struct xlqa_error *err)
{
	int rc;

	if (!tr->translit && (rc = translit_open(&tr->translit, err)))
		return rc;
	return translit_run(tr->translit, word, len, &tr->scratch, err);
}

int xlqa_translator_lookup(struct xlqa_translator *tr, const char *const *words, size_t n_words, unsigned flags,
			   struct xlqa_lexicon_hits *out, struct xlqa_error *err)
{
	int rc = lookup(tr, words, n_words, flags, out, err);

	/* an entry of either lexicon found damaged on the way is read as absent: the lookup fails */
	if (rc == XLQA_OK && ((rc = xlqa_lexicon_damage(tr->lex, err)) || (rc = xlqa_lexicon_damage(tr->foreign, err))))
		hits_reset(out);
	return rc;
}

static int lookup(struct xlqa_translator *tr, const char *const *words, size_t n_words, unsigned flags,
		  struct xlqa_lexicon_hits *out, struct xlqa_error *err)
{
	struct xlqa_lexicon_info info;
	const char *word = words[0];
	size_t len = strlen(word), k;
	bool translated;
	int rc;

	hits_reset(out);
	if (n_words == 0 || len == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "lookup of an empty word");
	xlqa_lexicon_get_info(tr->lex, &info);
	for (size_t m = n_words < info.max_words ? n_words : info.max_words; m >= 2 && !(flags & XLQA_QUERY_NUMBER);
	     m--) {
		if ((rc = join_key(tr, words, m, err)))
			return rc;
		if (xlqa_lexicon_find(tr->lex, tr->key.buf, tr->key.len, &k)) {
			if ((rc = add_key(out, tr->lex, k, 1.0, XLQA_HOW_MULTIWORD, xlqa_lexicon_key(tr->lex, k),
					  lex_starts_upper(word, len))))
				return xlqa_error_status(err, rc, "looking a word up");
			out->words = m;
			hits_finish(out);
			return XLQA_OK;
		}
	}
	/* digits pass through; a number in words ("dos", "erste") is a word of the lexicon like any other */
	if ((flags & XLQA_QUERY_NUMBER) && has_digit(word, len)) {
		if (hits_add(out, word, 1.0, 0, XLQA_HOW_PASS, NULL, true))
			return xlqa_error_status(err, XLQA_ENOMEM, "looking a word up");
		return XLQA_OK;
	}
	if ((rc = join_key(tr, words, 1, err)))
		return rc;
	if ((rc = lookup_lexical(tr, word, len, tr->key.buf, tr->key.len, out, err)))
		return rc;
	if (!out->n && lex_starts_upper(word, len) && (rc = lookup_genitive(tr, tr->key.buf, tr->key.len, out, err)))
		return rc;
	/* a name keeps its full pass-through weight beside a guess from the English fallback */
	translated = hits_beyond_names(out);
	if (!translated && (rc = lookup_foreign(tr, tr->key.buf, tr->key.len, out, err)))
		return rc;
	if (flags & XLQA_QUERY_NAME) {
		bool cyr = is_cyrillic(word, len);
		if (cyr) {
			xlqa_buf_reset(&tr->scratch);
			if ((rc = translator_translit(tr, word, len, err)))
				return rc;
		}
		if (hits_add(out, cyr ? tr->scratch.buf : word, translated ? W_NAME_BESIDE : 1.0, 0,
			     cyr ? XLQA_HOW_TRANSLIT : XLQA_HOW_PASS, NULL, true))
			return xlqa_error_status(err, XLQA_ENOMEM, "looking a word up");
	}
	if ((flags & XLQA_QUERY_NAME) && !translated && tr->n_vocab && !is_cyrillic(word, len)) {
		/* a name the target does not write alike: its cognates beside it ("Lutero": "Luther") */
		bool found;
		if ((rc = in_vocabulary(tr, word, len, &found, err)))
			return rc;
		if (!found && (rc = add_cognates(tr, word, len, out, err)))
			return rc;
	}
	if (!out->n && is_cyrillic(word, len)) {
		xlqa_buf_reset(&tr->scratch);
		if ((rc = translator_translit(tr, word, len, err)))
			return rc;
		if (hits_add(out, tr->scratch.buf, W_TRANSLIT, 0, XLQA_HOW_TRANSLIT, NULL, true))
			return xlqa_error_status(err, XLQA_ENOMEM, "looking a word up");
	}
	if (!out->n && (rc = add_cognates(tr, word, len, out, err)))
		return rc;
	if (!out->n && hits_add(out, word, W_UNTRANSLATED, 0, XLQA_HOW_UNTRANSLATED, NULL, true))
		return xlqa_error_status(err, XLQA_ENOMEM, "looking a word up");
	hits_finish(out);
	return XLQA_OK;
}

/* Adds the target group of `hits`: source text `source`, `weight`, `flags`; counts it in `stats`. */
static int emit_group(struct xlqa_translator *tr, const char *source, double weight, unsigned flags,
		      const struct xlqa_lexicon_hits *hits, struct xlqa_lexicon_hits *probe, struct xlqa_query *dst,
		      struct xlqa_translate_stats *stats, struct xlqa_error *err)
{
	bool phrase = false, lexical = false, passed = false, cognate = false;
	size_t g;
	int rc;

	for (size_t j = 0; j < hits->n; j++)
		phrase |= strchr(hits->items[j].text, ' ') != NULL;
	if ((rc = xlqa_query_add_group(dst, source, weight, flags | (phrase ? XLQA_QUERY_PHRASE : 0), &g)))
		return xlqa_error_status(err, rc, "adding a translated concept");
	for (size_t j = 0; j < hits->n; j++)
		if ((rc = xlqa_query_add_alt(dst, g, hits->items[j].text, strlen(hits->items[j].text),
					     hits->items[j].weight)))
			return xlqa_error_status(err, rc, "adding a translated concept");
	if (!stats)
		return XLQA_OK;
	if (flags & XLQA_QUERY_NUMBER) {
		stats->numbers += hits->words;
		return XLQA_OK;
	}
	for (size_t j = 0; j < hits->n; j++) {
		lexical |= xlqa_lexicon_how_is_lexical(hits->items[j].how);
		passed |= hits->items[j].how == XLQA_HOW_PASS || hits->items[j].how == XLQA_HOW_TRANSLIT;
		cognate |= hits->items[j].how == XLQA_HOW_COGNATE;
	}
	stats->lexical += lexical ? hits->words : 0;
	stats->passed += !lexical && passed ? hits->words : 0;
	if (!lexical && tr->n_vocab) {
		/* in the target vocabulary, itself or as a cognate: a name passed through counts here only
		 * when the target collection has it */
		/* the first source word of a multiword key, as the lookup tried it */
		size_t len = hits->words > 1 ? strcspn(source, " ") : strlen(source);
		hits_reset(probe);
		if (!cognate && (rc = add_cognates(tr, source, len, probe, err)))
			return rc;
		stats->cognate += cognate || probe->n ? hits->words : 0;
	}
	stats->groups += hits->words;
	stats->by_how[hits->items[0].how] += hits->words;
	return XLQA_OK;
}

/*
 * Should the name `name` (several words, the lexicon has no translation of it as a whole) be
 * translated word by word? When the target collection lacks one of its words as written: "Rin
 * Medio", "Centro Espacial Kennedy" are no English names, "Josh Norman" and "Doctor Who" are.
 */
static int name_by_words(struct xlqa_translator *tr, const char *name, const struct xlqa_lexicon_hits *hits,
			 bool *split, struct xlqa_error *err)
{
	*split = false;
	if (!tr->n_vocab || hits->words != 1 || !strchr(name, ' '))
		return XLQA_OK;
	for (size_t j = 0; j < hits->n; j++)
		if (xlqa_lexicon_how_is_lexical(hits->items[j].how))
			return XLQA_OK;
	for (const char *w = name; *w;) {
		size_t len = strcspn(w, " ");
		bool found;
		int rc;

		if (len && (rc = in_vocabulary(tr, w, len, &found, err)))
			return rc;
		if (len && !found) {
			*split = true;
			return XLQA_OK;
		}
		w += len;
		w += *w == ' ';
	}
	return XLQA_OK;
}

/*
 * Each word of the name group `grp` (text `name`) as a group of its own, with the name's weight and
 * flags but XLQA_QUERY_PHRASE; `word`, `hits` and `probe` are scratch.
 */
static int emit_name_words(struct xlqa_translator *tr, const struct xlqa_query_group *grp, const char *name,
			   struct xlqa_buf *word, struct xlqa_lexicon_hits *hits, struct xlqa_lexicon_hits *probe,
			   struct xlqa_query *dst, struct xlqa_translate_stats *stats, struct xlqa_error *err)
{
	unsigned flags = grp->flags & ~(unsigned)XLQA_QUERY_PHRASE;
	int rc = XLQA_OK;

	for (const char *w = name; *w && rc == XLQA_OK; w += *w == ' ') {
		size_t len = strcspn(w, " ");
		const char *one[1];

		if (len) {
			xlqa_buf_reset(word);
			if (xlqa_buf_add(word, w, len))
				return xlqa_error_status(err, XLQA_ENOMEM, "adding the words of a name");
			one[0] = word->buf;
			if ((rc = xlqa_translator_lookup(tr, one, 1, flags, hits, err)) == XLQA_OK)
				rc = emit_group(tr, word->buf, grp->weight, flags, hits, probe, dst, stats, err);
		}
		w += len;
	}
	return rc;
}

int xlqa_translator_translate(struct xlqa_translator *tr, const struct xlqa_query *src, struct xlqa_query *dst,
			      struct xlqa_translate_stats *stats, struct xlqa_error *err)
{
	struct xlqa_lexicon_hits hits, probe;
	struct xlqa_buf source = XLQA_BUF_INIT, word = XLQA_BUF_INIT;
	const char *words[LEX_MAX_KEY_WORDS];
	int rc = XLQA_OK;

	xlqa_query_reset(dst);
	xlqa_lexicon_hits_init(&hits);
	xlqa_lexicon_hits_init(&probe);
	for (size_t i = 0; i < src->n_groups && rc == XLQA_OK;) {
		const struct xlqa_query_group *grp = &src->groups[i];
		size_t n = 0;
		unsigned flags = 0;
		double weight = 0;
		bool split = false;

		while (n < LEX_MAX_KEY_WORDS && i + n < src->n_groups && src->groups[i + n].n_alts > 0 &&
		       (n == 0 || !(src->groups[i + n].flags & XLQA_QUERY_NUMBER)))
			n++, words[n - 1] = src->groups[i + n - 1].alts[0].text;
		if (n == 0) { /* a group without alternatives has nothing to translate */
			i++;
			continue;
		}
		if ((rc = xlqa_translator_lookup(tr, words, n, grp->flags, &hits, err)))
			break;
		if ((grp->flags & XLQA_QUERY_NAME) && (rc = name_by_words(tr, words[0], &hits, &split, err)))
			break;
		if (split) {
			rc = emit_name_words(tr, grp, words[0], &word, &hits, &probe, dst, stats, err);
			i++;
			continue;
		}
		xlqa_buf_reset(&source);
		for (size_t j = 0; j < hits.words; j++) {
			flags |= src->groups[i + j].flags;
			if (src->groups[i + j].weight > weight)
				weight = src->groups[i + j].weight;
			if ((j && xlqa_buf_addch(&source, ' ')) || xlqa_buf_addstr(&source, words[j])) {
				rc = xlqa_error_status(err, XLQA_ENOMEM, "translating the query");
				break;
			}
		}
		if (rc == XLQA_OK)
			rc = emit_group(tr, source.buf, weight, flags, &hits, &probe, dst, stats, err);
		i += hits.words;
	}
	xlqa_lexicon_hits_release(&hits);
	xlqa_lexicon_hits_release(&probe);
	xlqa_buf_release(&source);
	xlqa_buf_release(&word);
	return rc;
}

static const char *const how_names[] = { "exact", "multiword", "lemma", "stem", "compound", "genitive", "foreign",
					 "pass", "translit", "cognate", "untranslated" };

const char *xlqa_lexicon_how_name(enum xlqa_lexicon_how how)
{
	return (unsigned)how < sizeof how_names / sizeof how_names[0] ? how_names[how] : "?";
}

bool xlqa_lexicon_how_is_lexical(enum xlqa_lexicon_how how)
{
	return how <= XLQA_HOW_FOREIGN;
}
