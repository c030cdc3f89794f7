/*
 * morph: stems, lemmas and compound parts. Snowball stems normalised forms; hunspell gives lemmas of
 * words as written (its dictionaries are case-sensitive: German nouns are capitalised), and the
 * pack's table of irregular forms (irregular.txt) those hunspell cannot: its dictionaries list
 * "went", "hieß" and "fue" as words of their own, not as forms of "go", "heißen" and "ser". Lemma
 * and compound results are cached per pack, since newswire repeats its vocabulary.
 */
#include "config.h"

#include "lang-internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

/*
 * Writes `word` (NUL-terminated UTF-8) with its first character upper-cased into `dst` (room for
 * strlen(word) + 5 bytes). False when the first character has no upper-case form.
 */
bool lang_capitalize(const char *word, char *dst)
{
	int32_t i = 0, j = 0, len = (int32_t)strlen(word);
	UChar32 c, upper;
	UBool bad = false;

	if (len == 0)
		return false;
	U8_NEXT(word, i, len, c);
	upper = c < 0 ? c : u_toupper(c);
	if (c < 0 || upper == c)
		return false;
	U8_APPEND(dst, j, len + 4, upper, bad);
	if (bad)
		return false;
	memcpy(dst + j, word + i, (size_t)(len - i) + 1);
	return true;
}

bool lang_ordinal_noun(void *ctx, const char *word, size_t len)
{
	struct xlqa_lang *lang = ctx;
	struct xlqa_buf lower = XLQA_BUF_INIT;
	struct xlqa_error err = { 0 };
	int32_t i = 0;
	UChar32 c;
	bool noun;

	U8_NEXT(word, i, (int32_t)len, c);
	if (c < 0 || !u_isupper(c) || !lang->hunspell ||
	    xlqa_text_normalize(word, len, XLQA_NORM_LOWERCASE, &lower, &err)) {
		xlqa_buf_release(&lower);
		return false;
	}
	/* a noun's lower-case form is no word; an article, pronoun or adverb opening a sentence's is */
	noun = !xlqa_hash_get(&lang->stopwords, lower.buf, lower.len, NULL) && !Hunspell_spell(lang->hunspell, lower.buf);
	xlqa_buf_release(&lower);
	return noun;
}

struct xlqa_strlist *lang_strlist_copy(struct xlqa_lang *lang, const char *const *items, size_t n)
{
	struct xlqa_strlist *list = xlqa_arena_alloc(&lang->arena, sizeof *list);
	const char **copy = xlqa_arena_alloc(&lang->arena, (n ? n : 1) * sizeof *copy);

	if (!list || !copy)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!(copy[i] = xlqa_arena_strndup(&lang->arena, items[i], strlen(items[i]))))
			return NULL;
	list->n = n;
	list->items = copy;
	return list;
}

/* Whether `word` is among `lemmas`: a base form, no inflection of another. */
static bool own_lemma(const struct xlqa_strlist *lemmas, const char *word, size_t len)
{
	for (size_t i = 0; i < lemmas->n; i++)
		if (strlen(lemmas->items[i]) == len && memcmp(lemmas->items[i], word, len) == 0)
			return true;
	return false;
}

static bool ends_with(const char *s, size_t len, const char *end, size_t n)
{
	return len >= n && memcmp(s + len - n, end, n) == 0;
}

/*
 * The pack's stem-keep endings (stem-keep.txt): when the stemmer stripped one from `norm` and the
 * word, or the last part of a compound hunspell does not know, is its own lemma, the ending goes
 * back on the stem `out` holds from byte `base` on (after the stemmer's own folding of umlauts):
 * "problem" -> "probl" -> "problem", as "probleme" and "problems" stem; "rechenproblem" through its
 * part "problem". An adjective's ending stays off: "großem" is no lemma of its own ("groß").
 */
static int give_back_ending(struct xlqa_lang *lang, const char *norm, size_t len, struct xlqa_buf *out, size_t base,
                            struct xlqa_error *err)
{
	for (size_t k = 0; k < lang->n_stem_keeps; k++) {
		const char *e = lang->stem_keeps[k];
		size_t n = strlen(e);
		struct xlqa_strlist lemmas, parts;
		bool own;
		int rc;

		if (len < n + 2 || !ends_with(norm, len, e, n) || ends_with(out->buf + base, out->len - base, e, n))
			continue;
		if ((rc = xlqa_lang_lemmas(lang, norm, len, &lemmas, err)))
			return rc;
		own = own_lemma(&lemmas, norm, len);
		if (lemmas.n == 0) {
			if ((rc = xlqa_lang_split_compound(lang, norm, len, &parts, err)))
				return rc;
			if (parts.n >= 2) {
				const char *last = parts.items[parts.n - 1];
				size_t ll = strlen(last);

				if (ll > n && ends_with(norm, len, last, ll)) {
					if ((rc = xlqa_lang_lemmas(lang, last, ll, &lemmas, err)))
						return rc;
					own = own_lemma(&lemmas, last, ll);
				}
			}
		}
		if (own && xlqa_buf_add(out, e, n))
			return xlqa_error_set(err, XLQA_ENOMEM, "stemming: %s", xlqa_strerror(XLQA_ENOMEM));
		return XLQA_OK;
	}
	return XLQA_OK;
}

/*
 * A name's genitive ending (genitive.txt) after a vowel, which the stemmer left on (German "s" comes
 * off only after b, d, f, g, h, k, l, m, n, r or t: "Teslas", "Toyotas", "Chinas" kept theirs), comes
 * off unless hunspell gives the word as its own lemma ("Kreis", "Texas"): `norm` is stemmed without
 * it, into `out` from byte `base` on. "Teslas Erfindung" now meets "Tesla".
 */
static int strip_genitive(struct xlqa_lang *lang, const char *norm, size_t len, struct xlqa_buf *out, size_t base,
                          struct xlqa_error *err)
{
	for (size_t k = 0; k < lang->n_genitives; k++) {
		const char *e = lang->genitives[k];
		size_t n = strlen(e);
		struct xlqa_strlist lemmas;
		const sb_symbol *s;
		int rc;

		if (len < n + 4 || !ends_with(norm, len, e, n) || !strchr("aeiouy", norm[len - n - 1]) ||
		    !ends_with(out->buf + base, out->len - base, e, n))
			continue;
		if ((rc = xlqa_lang_lemmas(lang, norm, len, &lemmas, err)))
			return rc;
		if (own_lemma(&lemmas, norm, len))
			return XLQA_OK;
		out->len = base;
		if (!(s = sb_stemmer_stem(lang->stemmer, (const sb_symbol *)norm, (int)(len - n))) ||
		    xlqa_buf_add(out, s, (size_t)sb_stemmer_length(lang->stemmer)))
			return xlqa_error_set(err, XLQA_ENOMEM, "stemming: %s", xlqa_strerror(XLQA_ENOMEM));
		return XLQA_OK;
	}
	return XLQA_OK;
}

int xlqa_lang_stem(struct xlqa_lang *lang, const char *norm, size_t len, struct xlqa_buf *out,
		   struct xlqa_error *err)
{
	int rc;

	if (lang->stemmer) {
		const sb_symbol *s = sb_stemmer_stem(lang->stemmer, (const sb_symbol *)norm, (int)len);
		if (!s)
			return xlqa_error_set(err, XLQA_ENOMEM, "stemming '%.*s': %s", (int)len, norm,
					      xlqa_strerror(XLQA_ENOMEM));
		size_t base = out->len;

		if ((rc = xlqa_buf_add(out, s, (size_t)sb_stemmer_length(lang->stemmer))) == XLQA_OK && lang->hunspell &&
		    ((rc = give_back_ending(lang, norm, len, out, base, err)) ||
		     (rc = strip_genitive(lang, norm, len, out, base, err))))
			return rc;
	} else if (lang->hunspell) {
		struct xlqa_strlist lemmas;
		if ((rc = xlqa_lang_lemmas(lang, norm, len, &lemmas, err)))
			return rc;
		rc = lemmas.n ? xlqa_buf_addstr(out, lemmas.items[0]) : xlqa_buf_add(out, norm, len);
	} else {
		rc = xlqa_buf_add(out, norm, len);
	}
	return rc ? xlqa_error_set(err, rc, "stemming: %s", xlqa_strerror(rc)) : XLQA_OK;
}

/* Appends hunspell's stems of `word` (NUL-terminated) to `acc`, folded and without duplicates. */
static int hunspell_stems(struct xlqa_lang *lang, const char *word, const char ***acc, size_t *n, size_t *alloc,
			  struct xlqa_buf *fold, struct xlqa_error *err)
{
	char **list = NULL;
	int count = Hunspell_stem(lang->hunspell, &list, word);
	int rc = XLQA_OK;

	for (int i = 0; i < count && !rc; i++) {
		size_t k;
		char *copy;
		xlqa_buf_reset(fold);
		if ((rc = xlqa_text_normalize(list[i], strlen(list[i]), LANG_NORM, fold, err)))
			break;
		for (k = 0; k < *n; k++)
			if (strcmp((*acc)[k], fold->buf) == 0)
				break;
		if (k < *n)
			continue;
		copy = xlqa_arena_strndup(&lang->arena, fold->buf, fold->len);
		if (!copy || XLQA_ARRAY_RESERVE(*acc, *alloc, *n + 1))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "lemmas: %s", xlqa_strerror(XLQA_ENOMEM));
		else
			(*acc)[(*n)++] = copy;
	}
	if (list)
		Hunspell_free_list(lang->hunspell, &list, count);
	return rc;
}

/* Appends `s` to `acc` unless it is there. */
static int add_lemma(const char *s, const char ***acc, size_t *n, size_t *alloc, struct xlqa_error *err)
{
	for (size_t k = 0; k < *n; k++)
		if (strcmp((*acc)[k], s) == 0)
			return XLQA_OK;
	if (XLQA_ARRAY_RESERVE(*acc, *alloc, *n + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "lemmas: %s", xlqa_strerror(XLQA_ENOMEM));
	(*acc)[(*n)++] = s;
	return XLQA_OK;
}

/*
 * The irregular table's entry for the normalised form `norm`: its own, or with `prefixes`, that of a
 * listed form after a verb prefix (the longest prefix that leaves a form of at least two bytes), whose
 * length goes to *prefix_len (0 for the form's own). NULL when there is none.
 */
static const struct lang_lemmas *irregular_entry(const struct xlqa_lang *lang, const char *norm, size_t len,
                                                 bool prefixes, size_t *prefix_len)
{
	void *v;

	*prefix_len = 0;
	if (xlqa_hash_get(&lang->irregular, norm, len, &v))
		return v;
	for (size_t p = 0; prefixes && p < lang->n_prefixes; p++) {
		size_t plen = strlen(lang->prefixes[p]);
		if (plen + 2 <= len && memcmp(norm, lang->prefixes[p], plen) == 0 &&
		    xlqa_hash_get(&lang->irregular, norm + plen, len - plen, &v)) {
			*prefix_len = plen;
			return v;
		}
	}
	return NULL;
}

bool xlqa_lang_irregular_form(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	size_t plen;

	return irregular_entry(lang, norm, len, true, &plen) != NULL;
}

/*
 * Appends the lemmas the irregular table gives the normalised form `norm`: its own, or with
 * `prefixes`, those of a verb prefix followed by a listed form ("erhielt" -> "er" + "halten"; the
 * longest prefix that leaves a form of at least two bytes). *found says whether there were any.
 */
static int irregular_lemmas(struct xlqa_lang *lang, const char *norm, size_t len, bool prefixes, const char ***acc,
			    size_t *n, size_t *alloc, bool *found, struct xlqa_error *err)
{
	size_t plen;
	const struct lang_lemmas *l = irregular_entry(lang, norm, len, prefixes, &plen);
	int rc;

	*found = l != NULL;
	for (size_t i = 0; l && i < l->n; i++) {
		const char *lemma = l->items[i];

		if (plen) { /* the prefix, as the form has it, before the listed form's lemma */
			size_t llen = strlen(lemma);
			char *joined = xlqa_arena_alloc(&lang->arena, plen + llen + 1);

			if (!joined)
				return xlqa_error_set(err, XLQA_ENOMEM, "lemmas: %s", xlqa_strerror(XLQA_ENOMEM));
			memcpy(joined, norm, plen);
			memcpy(joined + plen, lemma, llen + 1);
			lemma = joined;
		}
		if ((rc = add_lemma(lemma, acc, n, alloc, err)))
			return rc;
	}
	return XLQA_OK;
}

/*
 * An infinitive with the pack's infix after a verb prefix ("einzustufen", "wiederherzustellen"):
 * the word (lower case, as written: hunspell wants "ß", which case folding turns into "ss") without
 * the infix, when it starts with a listed prefix and hunspell knows the result ("einstufen"), as a
 * normalised lemma. The first infix after the longest matching prefix; *found says whether one did.
 */
static int infix_lemma(struct xlqa_lang *lang, const char *word, size_t len, const char ***acc, size_t *n,
		       size_t *alloc, bool *found, struct xlqa_error *err)
{
	size_t ilen = lang->infix ? strlen(lang->infix) : 0;
	struct xlqa_buf joined = XLQA_BUF_INIT, norm = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	*found = false;
	if (!ilen || !lang->hunspell)
		return XLQA_OK;
	for (size_t p = 0; p < lang->n_prefixes; p++) {
		size_t plen = strlen(lang->prefixes[p]);
		if (plen >= len || memcmp(word, lang->prefixes[p], plen) != 0)
			continue;
		for (size_t i = plen; i + ilen + 3 <= len && !*found && !rc; i++) {
			const char *lemma;
			if (memcmp(word + i, lang->infix, ilen) != 0)
				continue;
			xlqa_buf_reset(&joined);
			if (xlqa_buf_add(&joined, word, i) || xlqa_buf_add(&joined, word + i + ilen, len - i - ilen)) {
				rc = xlqa_error_set(err, XLQA_ENOMEM, "lemmas: %s", xlqa_strerror(XLQA_ENOMEM));
				break;
			}
			if (!Hunspell_spell(lang->hunspell, joined.buf))
				continue;
			xlqa_buf_reset(&norm);
			if ((rc = xlqa_text_normalize(joined.buf, joined.len, LANG_NORM, &norm, err)))
				break;
			if (!(lemma = xlqa_arena_strndup(&lang->arena, norm.buf, norm.len)))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "lemmas: %s", xlqa_strerror(XLQA_ENOMEM));
			else if (!(rc = add_lemma(lemma, acc, n, alloc, err)))
				*found = true;
		}
		break; /* the longest matching prefix decides */
	}
	xlqa_buf_release(&joined);
	xlqa_buf_release(&norm);
	return rc;
}

/*
 * Drops from acc[0, *n) each stem that stands strictly inside the normalised word, neither at its
 * start nor at its end: hunspell stems some compounds as an inner part ("Fußballspieler" -> "ball",
 * "Bundesverfassungsgericht" -> "verfassungs", English "reserves" -> "serve"), which is no lemma of
 * the word. A lemma that starts or ends the word ("gegessen" -> "essen") stays.
 */
static void drop_inner_parts(const char *norm, size_t len, const char **acc, size_t *n)
{
	size_t kept = 0;

	for (size_t i = 0; i < *n; i++) {
		size_t sl = strlen(acc[i]);
		bool inner = false;
		for (size_t p = 1; !inner && sl > 0 && p + sl < len; p++)
			inner = memcmp(norm + p, acc[i], sl) == 0;
		if (!inner)
			acc[kept++] = acc[i];
	}
	*n = kept;
}

/* True when `word` starts with an upper- or title-case letter. */
static bool capitalised(const char *word, size_t len)
{
	int32_t i = 0;
	UChar32 c;

	U8_NEXT(word, i, (int32_t)len, c);
	return c >= 0 && (u_isupper(c) || u_istitle(c));
}

/*
 * Lemmas: a form of the irregular table has the table's lemmas, and hunspell's too when written
 * with a capital (German "Schloss" is a noun before it is a form of "schließen"); any other word
 * has hunspell's, and when hunspell has none (or only the word itself) and the word is written in
 * lower case, those of a verb prefix and a listed form, and failing all that, the word without the
 * pack's infinitive infix.
 */
int xlqa_lang_lemmas(struct xlqa_lang *lang, const char *word, size_t len, struct xlqa_strlist *out,
		     struct xlqa_error *err)
{
	struct xlqa_buf key = XLQA_BUF_INIT, fold = XLQA_BUF_INIT, norm = XLQA_BUF_INIT;
	const char **acc = NULL;
	size_t n = 0, alloc = 0;
	struct xlqa_strlist *list;
	bool cap, listed = false;
	void *cached;
	int rc;

	out->n = 0;
	out->items = NULL;
	if (len == 0 || (!lang->hunspell && !lang->irregular.count))
		return XLQA_OK;
	if (xlqa_hash_get(&lang->lemma_cache, word, len, &cached)) {
		*out = *(struct xlqa_strlist *)cached;
		return XLQA_OK;
	}
	if ((rc = xlqa_buf_add(&key, word, len)) || (rc = xlqa_text_normalize(word, len, LANG_NORM, &norm, err))) {
		if (rc == XLQA_ENOMEM)
			xlqa_error_set(err, rc, "lemmas: %s", xlqa_strerror(rc));
		goto done;
	}
	cap = capitalised(word, len);
	/* a capitalised article (a sentence's first word) has the lemmas of the article in lower case:
	 * hunspell read "Das" as a noun and stemmed it "da" */
	if (cap && xlqa_lang_is_article(lang, norm.buf, norm.len) && (norm.len != len || memcmp(norm.buf, word, len) != 0)) {
		rc = xlqa_lang_lemmas(lang, norm.buf, norm.len, out, err);
		goto done;
	}
	if ((rc = irregular_lemmas(lang, norm.buf, norm.len, false, &acc, &n, &alloc, &listed, err)) ||
	    (listed && !cap) || !lang->hunspell)
		goto prefixed;
	rc = hunspell_stems(lang, key.buf, &acc, &n, &alloc, &fold, err);
	if (!rc && n == 0) {
		/* Unknown as written: try the capitalised form, which finds German nouns written in lower case. */
		struct xlqa_buf capital = XLQA_BUF_INIT;
		if ((rc = xlqa_buf_grow(&capital, key.len + 5)))
			rc = xlqa_error_set(err, rc, "lemmas: %s", xlqa_strerror(rc));
		else if (lang_capitalize(key.buf, capital.buf))
			rc = hunspell_stems(lang, capital.buf, &acc, &n, &alloc, &fold, err);
		xlqa_buf_release(&capital);
	}
	drop_inner_parts(norm.buf, norm.len, acc, &n);
prefixed:
	if (!rc && !listed && !cap && (n == 0 || (n == 1 && strcmp(acc[0], norm.buf) == 0)))
		rc = irregular_lemmas(lang, norm.buf, norm.len, true, &acc, &n, &alloc, &listed, err);
	if (!rc && !listed && !cap && (n == 0 || (n == 1 && strcmp(acc[0], norm.buf) == 0)))
		rc = infix_lemma(lang, key.buf, key.len, &acc, &n, &alloc, &listed, err);
	if (rc)
		goto done;
	/* an article's lemmas are articles ("la" -> le, la): hunspell's de_DE stems "das" as "da" */
	if (xlqa_lang_is_article(lang, norm.buf, norm.len)) {
		size_t kept = 0;

		for (size_t i = 0; i < n; i++)
			if (xlqa_lang_is_article(lang, acc[i], strlen(acc[i])))
				acc[kept++] = acc[i];
		n = kept;
		if (n == 0) {
			const char *self = norm.buf;

			list = lang_strlist_copy(lang, &self, 1);
			goto cache;
		}
	}
	list = lang_strlist_copy(lang, acc, n);
cache:
	if (!list || xlqa_hash_put(&lang->lemma_cache, word, len, list, NULL)) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "lemmas: %s", xlqa_strerror(XLQA_ENOMEM));
		goto done;
	}
	*out = *list;
done:
	free(acc);
	xlqa_buf_release(&key);
	xlqa_buf_release(&fold);
	xlqa_buf_release(&norm);
	return rc;
}

/* Number of characters (not bytes) in UTF-8 text. */
static size_t utf8_chars(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

/* True when `word` or one of its hunspell stems is a name of the dictionary (xlqa_lang_is_dictionary_name). */
static bool dictionary_name_form(struct xlqa_lang *lang, const char *word)
{
	char **stems = NULL;
	int n;
	bool name = xlqa_lang_is_dictionary_name(lang, word, strlen(word));

	if (name)
		return true;
	n = Hunspell_stem(lang->hunspell, &stems, word);
	for (int i = 0; i < n && !name; i++)
		name = xlqa_lang_is_dictionary_name(lang, stems[i], strlen(stems[i]));
	if (stems)
		Hunspell_free_list(lang->hunspell, &stems, n);
	return name;
}

/* The part memo's value for a known part; an unknown one is stored as NULL. */
#define PART_KNOWN ((void *)(uintptr_t)1)

/*
 * Is norm[from, to) a word hunspell knows, in lower case or capitalised (and then not as a name of
 * the dictionary's: xlqa_lang_is_dictionary_name)? `scratch` has room for
 * 2 * (to - from) + 5 bytes. The answer depends on the substring and the pack alone, and the same
 * substrings come back cut after cut and word after word (a German spell check of a non-word costs
 * some 30 000 instructions), so hunspell's answers are kept in the pack's part memo.
 */
static bool compound_part_known(struct xlqa_lang *lang, const char *norm, size_t from, size_t to, char *scratch)
{
	size_t len = to - from;
	char *cap = scratch + len + 1;
	void *memo;
	bool known;

	if (utf8_chars(norm + from, len) < lang->min_part)
		return false;
	/* Bound morphemes ("ver-", "-schaft") and function words ("mit", "unter") are no parts. */
	if (xlqa_hash_get(&lang->bound, norm + from, len, NULL) || xlqa_hash_get(&lang->stopwords, norm + from, len, NULL))
		return false;
	if (xlqa_hash_get(&lang->part_memo, norm + from, len, &memo))
		return memo != NULL;
	memcpy(scratch, norm + from, len);
	scratch[len] = '\0';
	/* a word the dictionary knows only as a name (or a form of one: "Karls") is no part: "Karlsruhe"
	 * is no karl|ruhe */
	known = Hunspell_spell(lang->hunspell, scratch) ||
		(lang_capitalize(scratch, cap) && Hunspell_spell(lang->hunspell, cap) != 0 &&
		 !dictionary_name_form(lang, cap));
	/* The memo only saves look-ups: when it is full, or cannot grow, the answer is simply not kept. */
	if (lang->part_memo.count < LANG_PART_MEMO_MAX)
		(void)xlqa_hash_put(&lang->part_memo, norm + from, len, known ? PART_KNOWN : NULL, NULL);
	return known;
}

/*
 * One binary split of norm[from, to): the position ending the head, and where the tail starts after
 * an optional linking element. Head and tail must be words hunspell knows. The split whose shorter
 * part is longest wins, so short words hiding inside long ones lose ("bijeen|gekomen", not
 * "bijeengek|omen"); on a tie the longer head wins ("ziekenhuis|opname" before "zieken|huisopname").
 * Without word frequencies this still errs on some ("arbeit|samt"). False when there is no split.
 */
static bool compound_split_once(struct xlqa_lang *lang, const char *norm, size_t from, size_t to,
				size_t *head_end, size_t *tail_start, char *scratch)
{
	size_t best = 0;

	*head_end = *tail_start = 0;
	for (size_t cut = to - 1; cut > from; cut--) {
		size_t head_chars, tail_max;
		if (((unsigned char)norm[cut] & 0xC0) == 0x80)
			continue;
		head_chars = utf8_chars(norm + from, cut - from);
		/* The longest tail this cut can have (no linker) bounds every tail's length: when it is too
		 * short to be a part, or to beat the best split, or when head and tail would both be minimal,
		 * no tail qualifies and the head (a costly hunspell look-up) need not be tried. */
		tail_max = utf8_chars(norm + cut, to - cut);
		if (head_chars < best || tail_max < lang->min_part || tail_max < best ||
		    (head_chars <= lang->min_part && tail_max <= lang->min_part) ||
		    !compound_part_known(lang, norm, from, cut, scratch))
			continue;
		for (size_t k = 0; k <= lang->n_linkers; k++) {
			const char *linker = k < lang->n_linkers ? lang->linkers[k] : "";
			size_t ll = strlen(linker), tail = cut + ll, tail_chars, shorter;
			if (tail >= to || memcmp(norm + cut, linker, ll) != 0)
				continue;
			tail_chars = utf8_chars(norm + tail, to - tail);
			shorter = head_chars < tail_chars ? head_chars : tail_chars;
			/* Two minimal parts are more often a word cut in two ("zieken" = "zie" + "ken"). */
			if (head_chars <= lang->min_part && tail_chars <= lang->min_part)
				continue;
			if (shorter < best || (shorter == best && tail <= *tail_start))
				continue;
			if (!compound_part_known(lang, norm, tail, to, scratch))
				continue;
			best = shorter;
			*head_end = cut;
			*tail_start = tail;
		}
	}
	return best > 0;
}

/*
 * The end of a non-final part without a linking element it still carries ("verfassungs" ->
 * "verfassung", "bundes" -> "bund"), when what remains is a known word longer than a minimal part;
 * `to` otherwise ("haus" keeps its "s", since "hau" is too short to tell).
 */
static size_t compound_strip_linker(struct xlqa_lang *lang, const char *norm, size_t from, size_t to, char *scratch)
{
	/* Linkers are sorted longest first, so "bundes" loses "es", not just "s". */
	for (size_t k = 0; k < lang->n_linkers; k++) {
		size_t ll = strlen(lang->linkers[k]);
		if (to - from > ll && memcmp(norm + to - ll, lang->linkers[k], ll) == 0 &&
		    utf8_chars(norm + from, to - ll - from) > lang->min_part &&
		    compound_part_known(lang, norm, from, to - ll, scratch))
			return to - ll;
	}
	return to;
}

/*
 * Splits norm[from, to) recursively, appending the parts' [start, end) byte ranges to `ranges`.
 * `slots` is how many parts this call may still add (at least 1): a split gives the head all but
 * one of them and the tail what the head left, so the total never exceeds the caller's array.
 */
static void compound_split(struct xlqa_lang *lang, const char *norm, size_t from, size_t to, size_t *ranges,
			   size_t *n, size_t slots, char *scratch)
{
	size_t head_end, tail_start, before = *n;

	/* Parts shorter than a word worth splitting stay whole: "gekomen" is no "gek" + "omen". */
	if (slots >= 2 && utf8_chars(norm + from, to - from) >= lang->min_word &&
	    compound_split_once(lang, norm, from, to, &head_end, &tail_start, scratch)) {
		compound_split(lang, norm, from, compound_strip_linker(lang, norm, from, head_end, scratch), ranges, n,
			       slots - 1, scratch);
		compound_split(lang, norm, tail_start, to, ranges, n, slots - (*n - before), scratch);
		return;
	}
	ranges[2 * *n] = from;
	ranges[2 * *n + 1] = to;
	(*n)++;
}

#define COMPOUND_MAX_PARTS 8
/* Longer "words" are no compounds but runs of letters; trying every cut would be quadratic. */
#define COMPOUND_MAX_CHARS 64

int xlqa_lang_split_compound(struct xlqa_lang *lang, const char *word, size_t len, struct xlqa_strlist *out,
			     struct xlqa_error *err)
{
	struct xlqa_buf lower = XLQA_BUF_INIT, fold = XLQA_BUF_INIT;
	size_t ranges[2 * COMPOUND_MAX_PARTS];
	const char *parts[COMPOUND_MAX_PARTS];
	char *scratch = NULL, *copy;
	size_t n = 0;
	struct xlqa_strlist *list;
	void *cached;
	int rc;

	out->n = 0;
	out->items = NULL;
	if (!(lang->info->flags & XLQA_LANG_COMPOUNDS) || !lang->hunspell || utf8_chars(word, len) < lang->min_word ||
	    utf8_chars(word, len) > COMPOUND_MAX_CHARS)
		return XLQA_OK;
	if (xlqa_hash_get(&lang->compound_cache, word, len, &cached)) {
		*out = *(struct xlqa_strlist *)cached;
		return XLQA_OK;
	}
	/* Split the lower-cased word, not the folded one: hunspell knows "fußball", not "fussball". */
	if ((rc = xlqa_text_normalize(word, len, XLQA_NORM_LOWERCASE | XLQA_NORM_APOSTROPHES, &lower, err)))
		goto done;
	scratch = malloc(3 * lower.len + 16);
	if (!scratch) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "compounds: %s", xlqa_strerror(XLQA_ENOMEM));
		goto done;
	}
	compound_split(lang, lower.buf, 0, lower.len, ranges, &n, COMPOUND_MAX_PARTS, scratch);
	if (n < 2)
		n = 0;
	/* Parts are folded like every other form, NUL-separated in the scratch space. */
	copy = scratch;
	for (size_t i = 0; i < n; i++) {
		xlqa_buf_reset(&fold);
		if ((rc = xlqa_text_normalize(lower.buf + ranges[2 * i], ranges[2 * i + 1] - ranges[2 * i], LANG_NORM,
					      &fold, err)))
			goto done;
		memcpy(copy, fold.buf, fold.len + 1);
		parts[i] = copy;
		copy += fold.len + 1;
	}
	list = lang_strlist_copy(lang, parts, n);
	if (!list || xlqa_hash_put(&lang->compound_cache, word, len, list, NULL)) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "compounds: %s", xlqa_strerror(XLQA_ENOMEM));
		goto done;
	}
	*out = *list;
done:
	free(scratch);
	xlqa_buf_release(&lower);
	xlqa_buf_release(&fold);
	return rc;
}
