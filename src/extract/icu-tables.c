/*
 * icu-tables: builds, from ICU's locale data, the tables extraction uses beyond a language pack
 * (extract-internal.h): every number ICU's rule-based formatter spells out up to 999 in the cardinal and
 * ordinal rule sets, its scale words and compact abbreviations ("Mio."), the endings of digit
 * ordinals ("th", "º"), the words for year, decade and century (measure units and calendar field
 * names), the relative date phrases of ICU's relative formatter ("yesterday", "el año pasado", "vor
 * 3 Tagen"), the names of countries and languages (xlqa_names_each), the order of a numeric date
 * and the formatters that write a resolved date.
 *
 * Invariant: table keys are normalised as qa_icu_key does, so they compare with token norms; a
 * table is complete or the build fails (no half-built resources are returned).
 */
#include "config.h"

#include "extract-internal.h"
#include "xlqa/lexicon.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/udatpg.h>
#include <unicode/unumberformatter.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>

#define UCAP 256          /* UTF-16 units of any ICU string read here */
#define CARDINAL_MAX 999  /* numbers spelled out in the default rule set; larger ones combine */
#define ORDINAL_MAX 31    /* ordinals: days and centuries */
#define MIN_NAME_BYTES 3  /* shorter names ("Ga", "Yi") collide with words */

/* Build state: the pack (for analysing phrases and stemming), a scratch analysis and buffers. */
struct builder {
	struct xlqa_extract_resources *r;
	struct xlqa_lang *lang;
	const char *locale;
	struct xlqa_analysis a;
	struct xlqa_buf u8, key;
	struct xlqa_error *err;
};

static int nomem(struct xlqa_error *err)
{
	return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
}

static int icu_fail(struct xlqa_error *err, const char *what, const char *locale, UErrorCode st)
{
	return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU %s for '%s': %s", what, locale, u_errorName(st));
}

/* UTF-16 from ICU (at most UCAP units) -> UTF-8 in `out` (replacing it). */
static int to_utf8(const UChar *u, int32_t n, struct xlqa_buf *out, struct xlqa_error *err)
{
	char s[UCAP * 3 + 1];
	UErrorCode st = U_ZERO_ERROR;
	int32_t len = 0;

	u_strToUTF8(s, (int32_t)sizeof s, &len, u, n, &st);
	if (U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU string conversion: %s", u_errorName(st));
	xlqa_buf_reset(out);
	return xlqa_buf_add(out, s, (size_t)len) ? nomem(err) : XLQA_OK;
}

/* Blank-like sequences in ICU's output: space, no-break space, narrow no-break and thin space. */
static size_t blank_at(const char *s, size_t i, size_t len)
{
	if (s[i] == ' ' || s[i] == '-' || s[i] == '\t')
		return 1;
	if (i + 1 < len && (unsigned char)s[i] == 0xC2 && (unsigned char)s[i + 1] == 0xA0)
		return 2;
	if (i + 2 < len && (unsigned char)s[i] == 0xE2 && (unsigned char)s[i + 1] == 0x80 &&
	    ((unsigned char)s[i + 2] == 0xAF || (unsigned char)s[i + 2] == 0x89))
		return 3;
	return 0;
}

int qa_icu_key(const char *s, size_t len, struct xlqa_buf *out, struct xlqa_error *err)
{
	size_t start = out->len, o, i;
	int rc;

	if ((rc = xlqa_text_normalize(s, len, XLQA_NORM_CASEFOLD | XLQA_NORM_APOSTROPHES, out, err)))
		return rc;
	/* in place: soft hyphens go, blanks and hyphens become one blank, none at either end */
	for (i = o = start; i < out->len;) {
		size_t b = blank_at(out->buf, i, out->len);

		if (b) {
			if (o > start && out->buf[o - 1] != ' ')
				out->buf[o++] = ' ';
			i += b;
		} else if ((unsigned char)out->buf[i] == 0xC2 && i + 1 < out->len && (unsigned char)out->buf[i + 1] == 0xAD) {
			i += 2;
		} else
			out->buf[o++] = out->buf[i++];
	}
	if (o > start && out->buf[o - 1] == ' ')
		o--;
	xlqa_buf_setlen(out, o);
	return XLQA_OK;
}

unsigned qa_icu_roles(const struct xlqa_extract_resources *r, const char *norm)
{
	void *v;

	return xlqa_hash_get(&r->roles, norm, strlen(norm), &v) ? (unsigned)(uintptr_t)v : 0;
}

static int add_role(struct xlqa_extract_resources *r, const char *word, size_t len, unsigned role)
{
	void *v = NULL;

	xlqa_hash_get(&r->roles, word, len, &v);
	return xlqa_hash_put(&r->roles, word, len, (void *)((uintptr_t)v | role), NULL);
}

/* numbers[key] = value unless present; `scale` and `ordinal` are or-ed into a present entry. */
static int add_number(struct xlqa_extract_resources *r, const char *key, size_t len, double value, bool ordinal,
                      bool scale)
{
	void *v;
	struct qa_icu_number *num;
	size_t words = 1;

	if (!len)
		return XLQA_OK;
	if (xlqa_hash_get(&r->numbers, key, len, &v)) {
		num = v;
		num->scale |= scale && num->value == value;
		return XLQA_OK;
	}
	if (!(num = xlqa_arena_alloc(&r->arena, sizeof *num)) || xlqa_hash_put(&r->numbers, key, len, num, NULL))
		return XLQA_ENOMEM;
	num->value = value;
	num->ordinal = ordinal;
	num->scale = scale;
	for (size_t i = 0; i < len; i++)
		words += key[i] == ' ';
	if (words > r->max_number_words)
		r->max_number_words = words;
	return XLQA_OK;
}

/*
 * The edges (first and last three bytes) of the pieces of a one-word numeral ICU writes with soft
 * hyphens ("drei­und­zwanzig"): a word that could be such a numeral starts and ends with one.
 */
static int add_edges(struct builder *b)
{
	struct xlqa_extract_resources *r = b->r;
	const char *s = b->u8.buf;
	size_t len = b->u8.len, piece = 0;

	if (!strstr(s, "\xC2\xAD"))
		return XLQA_OK;
	for (size_t i = 0; i <= len; i++) {
		char edge[8];
		int rc;

		if (i < len && !(s[i] == ' ' || s[i] == '-' || ((unsigned char)s[i] == 0xC2 && i + 1 < len &&
		                                                  (unsigned char)s[i + 1] == 0xAD)))
			continue;
		xlqa_buf_reset(&b->key);
		if ((rc = qa_icu_key(s + piece, i - piece, &b->key, b->err)))
			return rc;
		if (b->key.len >= 3) {
			snprintf(edge, sizeof edge, "<%.3s", b->key.buf);
			if (xlqa_hash_put(&r->edges, edge, strlen(edge), NULL, NULL))
				return nomem(b->err);
			snprintf(edge, sizeof edge, "%.3s>", b->key.buf + b->key.len - 3);
			if (xlqa_hash_put(&r->edges, edge, strlen(edge), NULL, NULL))
				return nomem(b->err);
		}
		if (i < len && s[i] != ' ' && s[i] != '-')
			i++; /* the soft hyphen's second byte */
		piece = i + 1;
	}
	return XLQA_OK;
}

/*
 * Formats `value` with the formatter's rule set and enters it (and its pieces) in the number tables;
 * with `unit` > 0 the last word is a scale word of that value ("zwei Millionen": "millionen", 1e6).
 */
static int spell(struct builder *b, UNumberFormat *fmt, double value, bool ordinal, double unit)
{
	UChar u[UCAP];
	UErrorCode st = U_ZERO_ERROR;
	int32_t n = unum_formatDouble(fmt, value, u, UCAP, NULL, &st);
	int rc;

	if (U_FAILURE(st) || n >= UCAP)
		return icu_fail(b->err, "spell-out", b->locale, st);
	if ((rc = to_utf8(u, n, &b->u8, b->err)) || (rc = add_edges(b)))
		return rc;
	xlqa_buf_reset(&b->key);
	if ((rc = qa_icu_key(b->u8.buf, b->u8.len, &b->key, b->err)))
		return rc;
	if (add_number(b->r, b->key.buf, b->key.len, value, ordinal, false))
		return nomem(b->err);
	if (unit > 0) {
		/* the last word or, in a one-word numeral, its last piece: "millionen", "hundert" of "zwei­hundert" */
		const char *last = strrchr(b->u8.buf, ' '), *soft = strstr(last ? last : b->u8.buf, "\xC2\xAD");

		while (soft && strstr(soft + 2, "\xC2\xAD"))
			soft = strstr(soft + 2, "\xC2\xAD");
		last = soft ? soft + 2 : last ? last + 1 : b->u8.buf;
		xlqa_buf_reset(&b->key);
		if ((rc = qa_icu_key(last, strlen(last), &b->key, b->err)))
			return rc;
		if (add_number(b->r, b->key.buf, b->key.len, unit, false, true))
			return nomem(b->err);
	}
	return XLQA_OK;
}

/* Told of one rule set of a formatter, made its default; `name` is the set's name ("%spellout-ordinal"). */
typedef int ruleset_fn(struct builder *b, UNumberFormat *fmt, const char *name);

/* Opens a number formatter of `style` and calls `fn` with each of its public rule sets. */
static int each_ruleset(struct builder *b, UNumberFormatStyle style, ruleset_fn *fn)
{
	UErrorCode st = U_ZERO_ERROR;
	UNumberFormat *fmt = unum_open(style, NULL, 0, b->locale, NULL, &st);
	UChar sets[2048];
	int32_t n_sets = U_SUCCESS(st) ? unum_getTextAttribute(fmt, UNUM_PUBLIC_RULESETS, sets, 2048, &st) : 0;
	int rc = XLQA_OK;

	if (U_FAILURE(st) || n_sets >= 2048) {
		if (fmt)
			unum_close(fmt);
		return icu_fail(b->err, "number rule sets", b->locale, U_FAILURE(st) ? st : U_BUFFER_OVERFLOW_ERROR);
	}
	for (int32_t s = 0, e; s < n_sets && !rc; s = e + 1) {
		char name[64];

		for (e = s; e < n_sets && sets[e] != ';';)
			e++;
		u_UCharsToChars(sets + s, name, e - s < 63 ? e - s : 63);
		name[e - s < 63 ? e - s : 63] = '\0';
		unum_setTextAttribute(fmt, UNUM_DEFAULT_RULESET, sets + s, e - s, &st);
		rc = U_FAILURE(st) ? icu_fail(b->err, "number rule set", b->locale, st) : fn(b, fmt, name);
	}
	unum_close(fmt);
	return rc;
}

/*
 * The default rule set: cardinals 0-999 and the scale words (100 to 10^12, singular and plural:
 * "hundert" of "zwei­hundert", "millionen"). Other cardinal sets: 1-199 and the hundreds (feminine
 * "doscientas", German "einer", English "one hundred and one"). Ordinal sets: 1-31.
 */
static int spell_ruleset(struct builder *b, UNumberFormat *fmt, const char *name)
{
	static const double scales[] = { 100, 1e3, 1e6, 1e9, 1e12 };
	bool ordinal = strncmp(name, "%spellout-ordinal", 17) == 0;
	int rc = XLQA_OK;

	if (strcmp(name, "%spellout-numbering") == 0) {
		for (int v = 0; v <= CARDINAL_MAX && !rc; v++)
			rc = spell(b, fmt, v, false, 0);
		for (size_t i = 0; i < sizeof scales / sizeof *scales && !rc; i++)
			for (int k = 1; k <= 2 && !rc; k++)
				rc = spell(b, fmt, k * scales[i], false, scales[i]);
	} else if (ordinal || strncmp(name, "%spellout-cardinal", 18) == 0) {
		for (int v = 1; v <= (ordinal ? ORDINAL_MAX : CARDINAL_MAX) && !rc; v++)
			if (ordinal || v < 200 || v % 100 == 0) /* 101-199 show a connector: "one hundred and one" */
				rc = spell(b, fmt, v, ordinal, 0);
	}
	return rc;
}

/*
 * Roles of number words: a word that is a number by itself, or starts or ends one, can be part of a
 * number; a word that only ever stands inside one ("and", "y", "et") connects number words.
 */
static int number_roles(struct builder *b)
{
	struct xlqa_extract_resources *r = b->r;
	struct xlqa_hash inner;
	const struct xlqa_hash_entry *e;
	size_t pos = 0;
	int rc = XLQA_OK;

	xlqa_hash_init(&inner);
	while (!rc && (e = xlqa_hash_next(&r->numbers, &pos))) {
		const char *k = e->key, *end = k + e->key_len;

		for (const char *w = k; w < end && !rc;) {
			const char *sp = memchr(w, ' ', (size_t)(end - w));
			size_t wl = (size_t)((sp ? sp : end) - w);

			if (w == k || !sp || xlqa_hash_get(&r->numbers, w, wl, NULL))
				rc = add_role(r, w, wl, QA_ROLE_NUMBER);
			else
				rc = xlqa_hash_put(&inner, w, wl, NULL, NULL);
			w += wl + 1;
		}
	}
	pos = 0;
	while (!rc && (e = xlqa_hash_next(&inner, &pos)))
		if (!(qa_icu_roles(r, e->key) & QA_ROLE_NUMBER))
			rc = add_role(r, e->key, e->key_len, QA_ROLE_CONNECTOR);
	xlqa_hash_release(&inner);
	return rc ? nomem(b->err) : XLQA_OK;
}

/* The letters of `s` once digits, separators and blanks are gone, in b->key (normalised). */
static int letters_of(struct builder *b, const char *s, size_t len)
{
	struct xlqa_buf tmp = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	for (size_t i = 0; i < len && !rc; i++)
		if (!(s[i] >= '0' && s[i] <= '9') && s[i] != ',' && s[i] != '.')
			rc = xlqa_buf_addch(&tmp, s[i]) ? nomem(b->err) : XLQA_OK;
	xlqa_buf_reset(&b->key);
	if (!rc)
		rc = qa_icu_key(tmp.buf, tmp.len, &b->key, b->err);
	xlqa_buf_release(&tmp);
	return rc;
}

/*
 * Abbreviated scales from ICU's compact number formats ("1,2 Mio.", "2 Mrd", "3 mil"), written after
 * digits: one word of two letters or more (single letters such as "M" are units as often).
 */
static int build_scales(struct builder *b)
{
	static const UNumberFormatStyle styles[] = { UNUM_DECIMAL_COMPACT_SHORT, UNUM_DECIMAL_COMPACT_LONG };
	int rc = XLQA_OK;

	for (size_t s = 0; s < 2 && !rc; s++) {
		UErrorCode st = U_ZERO_ERROR;
		UNumberFormat *fmt = unum_open(styles[s], NULL, 0, b->locale, NULL, &st);

		if (U_FAILURE(st))
			return icu_fail(b->err, "compact numbers", b->locale, st);
		for (double scale = 1e3; scale <= 1e12 && !rc; scale *= 1e3)
			for (int k = 1; k <= 2 && !rc; k++) {
				UChar u[UCAP];
				int32_t n = unum_formatDouble(fmt, k * scale, u, UCAP, NULL, &st);

				if (U_FAILURE(st) || n >= UCAP)
					rc = icu_fail(b->err, "compact numbers", b->locale, st);
				else if (!(rc = to_utf8(u, n, &b->u8, b->err)) &&
				         !(rc = letters_of(b, b->u8.buf, b->u8.len)) && b->key.len >= 2 &&
				         !strchr(b->key.buf, ' ')) {
					if (add_number(b->r, b->key.buf, b->key.len, scale, false, true) ||
					    add_role(b->r, b->key.buf, b->key.len, QA_ROLE_SCALE))
						rc = nomem(b->err);
				}
			}
		unum_close(fmt);
	}
	return rc;
}

/* Endings of digit ordinals in one ordinal rule set ("1st", "2.", "3.º", "4e"). */
static int suffix_ruleset(struct builder *b, UNumberFormat *fmt, const char *name)
{
	int rc = XLQA_OK;

	(void)name;
	for (int v = 1; v <= ORDINAL_MAX && !rc; v++) {
		UChar u[UCAP];
		UErrorCode st = U_ZERO_ERROR;
		int32_t n = unum_formatDouble(fmt, v, u, UCAP, NULL, &st), d = 0;

		if (U_FAILURE(st) || n >= UCAP)
			return icu_fail(b->err, "ordinal numbers", b->locale, st);
		while (d < n && u[d] >= '0' && u[d] <= '9')
			d++;
		if (d == n || (rc = to_utf8(u + d, n - d, &b->u8, b->err)))
			continue;
		xlqa_buf_reset(&b->key);
		if (!(rc = qa_icu_key(b->u8.buf, b->u8.len, &b->key, b->err)) && b->key.len &&
		    add_role(b->r, b->key.buf, b->key.len, QA_ROLE_SUFFIX))
			rc = nomem(b->err);
	}
	return rc;
}

/*
 * A unit word and, for a singular, the forms inflection adds to it in the CLEF languages (plural
 * "-s", "-es", German dative and genitive "-n", "-en", "-s"): "jahr" also matches "jahren",
 * "année" "années".
 */
static int add_unit(struct builder *b, const char *word, size_t len, enum qa_icu_unit unit, bool plural)
{
	static const char *const endings[] = { "", "s", "es", "n", "en" };
	struct xlqa_extract_resources *r = b->r;

	for (size_t i = 0; i < (plural ? 1 : sizeof endings / sizeof *endings); i++) {
		char form[128];
		void *old = NULL;
		uintptr_t v = (uintptr_t)(unit + 1) | (plural || i ? 0x100u : 0);
		int n = snprintf(form, sizeof form, "%.*s%s", (int)len, word, endings[i]);

		if (n <= 0 || (size_t)n >= sizeof form)
			continue;
		if (xlqa_hash_get(&r->units, form, (size_t)n, &old) && (((uintptr_t)old & 0xFF) != (uintptr_t)(unit + 1) || i))
			continue; /* a form that is already another unit's, or an inflection of an existing one */
		if (xlqa_hash_put(&r->units, form, (size_t)n, (void *)v, NULL) ||
		    add_role(r, form, (size_t)n, QA_ROLE_UNIT))
			return nomem(b->err);
	}
	return XLQA_OK;
}

/* Units: ICU's measure-unit names for century, decade and year (singular and plural), and the year field's name. */
static int build_units(struct builder *b)
{
	static const struct {
		const char *unit;
		enum qa_icu_unit kind;
	} units[] = { { "century", QA_UNIT_CENTURY }, { "decade", QA_UNIT_DECADE }, { "year", QA_UNIT_YEAR } };
	UErrorCode st = U_ZERO_ERROR;
	UDateTimePatternGenerator *gen;
	UChar u[UCAP];
	int32_t n;
	int rc = XLQA_OK;

	for (size_t i = 0; i < sizeof units / sizeof *units && !rc; i++)
		for (int count = 1; count <= 2 && !rc; count++) {
			char skel[96];
			UChar uskel[96];
			UNumberFormatter *f;
			UFormattedNumber *res;

			st = U_ZERO_ERROR;
			snprintf(skel, sizeof skel, "measure-unit/duration-%s unit-width-full-name", units[i].unit);
			u_uastrcpy(uskel, skel);
			f = unumf_openForSkeletonAndLocale(uskel, -1, b->locale, &st);
			res = unumf_openResult(&st);
			unumf_formatInt(f, count, res, &st);
			n = unumf_resultToString(res, u, UCAP, &st);
			unumf_closeResult(res);
			unumf_close(f);
			if (U_FAILURE(st) || n >= UCAP)
				return icu_fail(b->err, "unit names", b->locale, st);
			if (!(rc = to_utf8(u, n, &b->u8, b->err)) && !(rc = letters_of(b, b->u8.buf, b->u8.len)) &&
			    b->key.len && !strchr(b->key.buf, ' '))
				rc = add_unit(b, b->key.buf, b->key.len, units[i].kind, count > 1);
		}
	st = U_ZERO_ERROR;
	gen = udatpg_open(b->locale, &st);
	n = U_SUCCESS(st) ? udatpg_getFieldDisplayName(gen, UDATPG_YEAR_FIELD, UDATPG_WIDE, u, UCAP, &st) : 0;
	if (U_SUCCESS(st) && n > 0 && n < UCAP && !rc && !(rc = to_utf8(u, n, &b->u8, b->err))) {
		xlqa_buf_reset(&b->key);
		if (!(rc = qa_icu_key(b->u8.buf, b->u8.len, &b->key, b->err)) && b->key.len && !strchr(b->key.buf, ' '))
			rc = add_unit(b, b->key.buf, b->key.len, QA_UNIT_YEAR, false);
	}
	/* the month-precision answer format ("March 1994"), from the same generator */
	if (!rc && U_SUCCESS(st)) {
		UChar pat[UCAP];
		int32_t pn = udatpg_getBestPattern(gen, u"yMMMM", -1, pat, UCAP, &st);

		if (U_SUCCESS(st) && pn < UCAP)
			b->r->month_format = udat_open(UDAT_PATTERN, UDAT_PATTERN, b->locale, u"UTC", -1, pat, pn, &st);
	}
	if (gen)
		udatpg_close(gen);
	if (!rc && (U_FAILURE(st) || !b->r->month_format))
		rc = icu_fail(b->err, "date patterns", b->locale, st);
	return rc;
}

/* Analyses one of ICU's phrases with the pack, so its tokens are what the text's will be. */
static int analyse_phrase(struct builder *b, const UChar *u, int32_t n)
{
	int rc;

	if ((rc = to_utf8(u, n, &b->u8, b->err)))
		return rc;
	return xlqa_lang_analyze(b->lang, b->u8.buf, b->u8.len, 0, &b->a, b->err);
}

/* Enters the analysed phrase in b->a as a relative phrase; the token spelling `number` is the number slot. */
static int add_phrase(struct builder *b, enum qa_icu_unit unit, int offset, const char *number)
{
	struct xlqa_extract_resources *r = b->r;
	const struct xlqa_token *tok = b->a.tokens;
	struct qa_icu_phrase *p, *head = NULL;
	size_t n = b->a.n_tokens;
	bool numeric = false;

	if (!n)
		return XLQA_OK;
	for (size_t i = 0; i < n; i++)
		if (tok[i].kind == XLQA_SPAN_NUMBER) {
			if (!number || strcmp(tok[i].norm, number) != 0)
				return XLQA_OK; /* a number ICU wrote where no slot was meant ("in 2 days" for +2) */
			numeric = true;
		}
	if (!(p = xlqa_arena_alloc(&r->arena, sizeof *p)) || !(p->norms = xlqa_arena_alloc(&r->arena, n * sizeof *p->norms)))
		return nomem(b->err);
	p->n = n;
	p->lead = n;
	p->unit = unit;
	p->offset = offset;
	p->numeric = numeric;
	for (size_t i = 0; i < n; i++) {
		if (tok[i].kind == XLQA_SPAN_NUMBER) {
			p->norms[i] = NULL;
			continue;
		}
		if (!(p->norms[i] = xlqa_arena_strndup(&r->arena, tok[i].norm, strlen(tok[i].norm))))
			return nomem(b->err);
		if (p->lead == n)
			p->lead = i;
	}
	if (p->lead == n)
		return XLQA_OK;
	/* a phrase met before (the same words for several offsets) is entered once */
	xlqa_hash_get(&r->phrases, p->norms[p->lead], strlen(p->norms[p->lead]), (void **)&head);
	for (const struct qa_icu_phrase *q = head; q; q = q->next) {
		size_t k = 0;

		while (k < n && q->n == n && ((!q->norms[k] && !p->norms[k]) ||
		                              (q->norms[k] && p->norms[k] && strcmp(q->norms[k], p->norms[k]) == 0)))
			k++;
		if (k == n)
			return XLQA_OK;
	}
	p->next = head;
	if (xlqa_hash_put(&r->phrases, p->norms[p->lead], strlen(p->norms[p->lead]), p, NULL) ||
	    add_role(r, p->norms[p->lead], strlen(p->norms[p->lead]), QA_ROLE_RELATIVE))
		return nomem(b->err);
	return XLQA_OK;
}

/*
 * The words of the analysed phrase other than weekdays and articles become modifiers with `offset`;
 * with `first_only`, its first word alone ("esta" of "esta semana").
 */
static int add_modifiers(struct builder *b, int offset, bool first_only)
{
	for (size_t i = 0; i < (first_only ? 1 : b->a.n_tokens); i++) {
		const struct xlqa_token *t = &b->a.tokens[i];
		const char *w = t->norm;

		if (t->kind != XLQA_SPAN_WORD || (t->flags & (XLQA_TOKEN_WEEKDAY | XLQA_TOKEN_ARTICLE)) ||
		    xlqa_hash_get(&b->r->units, w, strlen(w), NULL))
			continue;
		if (xlqa_hash_put(&b->r->modifiers, w, strlen(w), (void *)(uintptr_t)(offset + 2), NULL) ||
		    add_role(b->r, w, strlen(w), QA_ROLE_MODIFIER))
			return nomem(b->err);
	}
	return XLQA_OK;
}

/*
 * Relative phrases from ICU's relative date formatter: days -2..2 ("anteayer" .. "pasado mañana"),
 * months and years -1..1 ("letztes Jahr"), numeric phrases for days, months and years ("vor 3
 * Tagen", "3 years ago", singular and plural forms), and the "last", "this", "next" words of
 * weekdays ("el lunes pasado") and of weeks ("esta semana": what "esta mañana" is not).
 */
static int build_relative(struct builder *b)
{
	static const struct {
		URelativeDateTimeUnit icu;
		enum qa_icu_unit unit;
		int reach;
	} units[] = { { UDAT_REL_UNIT_DAY, QA_UNIT_DAY, 2 }, { UDAT_REL_UNIT_MONTH, QA_UNIT_MONTH, 1 },
		      { UDAT_REL_UNIT_YEAR, QA_UNIT_YEAR, 1 } };
	static const int counts[] = { 1, 3, 5, 11, 21 }; /* one of each plural category of the CLEF languages */
	UErrorCode st = U_ZERO_ERROR;
	URelativeDateTimeFormatter *f =
		ureldatefmt_open(b->locale, NULL, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_NONE, &st);
	UChar u[UCAP];
	int32_t n;
	int rc = XLQA_OK;

	if (U_FAILURE(st))
		return icu_fail(b->err, "relative dates", b->locale, st);
	for (size_t i = 0; i < sizeof units / sizeof *units && !rc; i++) {
		for (int off = -units[i].reach; off <= units[i].reach && !rc; off++) {
			n = ureldatefmt_format(f, off, units[i].icu, u, UCAP, &st);
			if (U_SUCCESS(st) && n < UCAP && !(rc = analyse_phrase(b, u, n)))
				rc = add_phrase(b, units[i].unit, off, NULL);
		}
		for (size_t c = 0; c < sizeof counts / sizeof *counts && !rc; c++)
			for (int sign = -1; sign <= 1 && !rc; sign += 2) {
				char digits[8];

				snprintf(digits, sizeof digits, "%d", counts[c]);
				n = ureldatefmt_formatNumeric(f, sign * counts[c], units[i].icu, u, UCAP, &st);
				if (U_SUCCESS(st) && n < UCAP && !(rc = analyse_phrase(b, u, n)))
					rc = add_phrase(b, units[i].unit, sign, digits);
			}
	}
	for (int d = UDAT_REL_UNIT_SUNDAY; d <= UDAT_REL_UNIT_SATURDAY && !rc; d++)
		for (int off = -1; off <= 1 && !rc; off++) {
			n = ureldatefmt_format(f, off, (URelativeDateTimeUnit)d, u, UCAP, &st);
			if (U_SUCCESS(st) && n < UCAP && !(rc = analyse_phrase(b, u, n)))
				rc = add_modifiers(b, off, false);
		}
	for (int unit = UDAT_REL_UNIT_YEAR; unit <= UDAT_REL_UNIT_WEEK && !rc; unit++) {
		n = ureldatefmt_format(f, 0, (URelativeDateTimeUnit)unit, u, UCAP, &st);
		if (U_SUCCESS(st) && n < UCAP && !(rc = analyse_phrase(b, u, n)) && b->a.n_tokens >= 2)
			rc = add_modifiers(b, 0, true);
	}
	ureldatefmt_close(f);
	if (!rc && U_FAILURE(st))
		rc = icu_fail(b->err, "relative dates", b->locale, st);
	return rc;
}

/* xlqa_names_each callback: one country or language name in the target language. */
static int add_name(void *ctx, unsigned kind, const char *code, const char *name, struct xlqa_error *err)
{
	struct builder *b = ctx;
	struct xlqa_extract_resources *r = b->r;
	size_t words = 1, first_len, lead;
	uintptr_t lower, old = 0;
	void *v;
	int rc;

	(void)kind;
	(void)code;
	if (strpbrk(name, "()0123456789,&/"))
		return XLQA_OK; /* "Congo (Kinshasa)", "Hong Kong (RAE de China)": no one writes these in prose */
	xlqa_buf_reset(&b->key);
	if ((rc = qa_icu_key(name, strlen(name), &b->key, err)))
		return rc;
	if (b->key.len < MIN_NAME_BYTES || xlqa_lang_is_stopword(b->lang, b->key.buf, b->key.len) ||
	    xlqa_lang_number_word(b->lang, b->key.buf, b->key.len, NULL, NULL) ||
	    xlqa_lang_month(b->lang, b->key.buf, b->key.len) || xlqa_lang_weekday(b->lang, b->key.buf, b->key.len))
		return XLQA_OK;
	/* lower case when ICU writes its first letter as the folded form does ("alemán", not "Égypte") */
	lead = (unsigned char)name[0] < 0x80 ? 1 : (unsigned char)name[0] < 0xE0 ? 2 : (unsigned char)name[0] < 0xF0 ? 3 : 4;
	lower = b->key.len >= lead && memcmp(name, b->key.buf, lead) == 0 ? 2 : 1;
	if (xlqa_hash_get(&r->names, b->key.buf, b->key.len, &v))
		old = (uintptr_t)v;
	if (xlqa_hash_put(&r->names, b->key.buf, b->key.len, (void *)(old > lower ? old : lower), NULL))
		return nomem(err);
	for (size_t i = 0; i < b->key.len; i++)
		words += b->key.buf[i] == ' ';
	if (words > r->max_name_words)
		r->max_name_words = words;
	first_len = strcspn(b->key.buf, " ");
	if (add_role(r, b->key.buf, first_len, QA_ROLE_NAME))
		return nomem(err);
	/* inflected nationality words ("alemanes", "inglesa") meet a lower-case name through its stem */
	if (lower == 2 && words == 1) {
		struct xlqa_buf stem = XLQA_BUF_INIT;

		if (!(rc = xlqa_lang_stem(b->lang, b->key.buf, b->key.len, &stem, err)) && stem.len >= QA_MIN_STEM &&
		    (xlqa_hash_put(&r->name_stems, stem.buf, stem.len, NULL, NULL) ||
		     xlqa_hash_put(&r->stem_edges, stem.buf, 3, NULL, NULL)))
			rc = nomem(err);
		xlqa_buf_release(&stem);
	}
	return rc;
}

/* The order of day, month and year in the locale's short date ("dd.MM.yy" -> d m y). */
static int build_order(struct builder *b)
{
	UErrorCode st = U_ZERO_ERROR;
	UDateFormat *f = udat_open(UDAT_NONE, UDAT_SHORT, b->locale, u"UTC", -1, NULL, 0, &st);
	UChar pat[UCAP];
	int32_t n = U_SUCCESS(st) ? udat_toPattern(f, false, pat, UCAP, &st) : 0;
	size_t k = 0;
	bool quoted = false;

	if (f)
		udat_close(f);
	if (U_FAILURE(st) || n >= UCAP)
		return icu_fail(b->err, "date pattern", b->locale, st);
	for (int32_t i = 0; i < n && k < 3; i++) {
		char c = pat[i] == 'd' ? 'd' : pat[i] == 'M' || pat[i] == 'L' ? 'm' : pat[i] == 'y' ? 'y' : 0;

		if (pat[i] == '\'')
			quoted = !quoted;
		if (c && !quoted && !memchr(b->r->order, c, k))
			b->r->order[k++] = c;
	}
	if (k < 3)
		memcpy(b->r->order, "dmy", 3);
	return XLQA_OK;
}

void qa_icu_free(struct xlqa_extract_resources *r)
{
	if (!r)
		return;
	xlqa_hash_release(&r->roles);
	xlqa_hash_release(&r->numbers);
	xlqa_hash_release(&r->edges);
	xlqa_hash_release(&r->parsed);
	xlqa_hash_release(&r->names);
	xlqa_hash_release(&r->name_stems);
	xlqa_hash_release(&r->stem_edges);
	xlqa_hash_release(&r->phrases);
	xlqa_hash_release(&r->units);
	xlqa_hash_release(&r->modifiers);
	if (r->cal)
		ucal_close(r->cal);
	if (r->day_format)
		udat_close(r->day_format);
	if (r->month_format)
		udat_close(r->month_format);
	for (size_t i = 0; i < QA_DOC_FORMATS; i++)
		if (r->doc_formats[i])
			udat_close(r->doc_formats[i]);
	xlqa_arena_release(&r->arena);
	xlqa_arena_release(&r->scratch);
	free(r->tok_roles);
	xlqa_buf_release(&r->buf);
	xlqa_buf_release(&r->doc_seen);
	free(r);
}

int qa_icu_new(struct xlqa_lang *lang, struct xlqa_extract_resources **out, struct xlqa_error *err)
{
	struct xlqa_extract_resources *r = calloc(1, sizeof *r);
	struct builder b;
	UErrorCode st = U_ZERO_ERROR;
	int rc;

	*out = NULL;
	if (!r)
		return nomem(err);
	r->info = xlqa_lang_get_info(lang);
	xlqa_arena_init(&r->arena, 0);
	xlqa_arena_init(&r->scratch, 4096);
	xlqa_hash_init(&r->roles);
	xlqa_hash_init(&r->numbers);
	xlqa_hash_init(&r->edges);
	xlqa_hash_init(&r->parsed);
	xlqa_hash_init(&r->names);
	xlqa_hash_init(&r->name_stems);
	xlqa_hash_init(&r->stem_edges);
	xlqa_hash_init(&r->phrases);
	xlqa_hash_init(&r->units);
	xlqa_hash_init(&r->modifiers);
	xlqa_buf_init(&r->buf);
	xlqa_buf_init(&r->doc_seen);
	b = (struct builder){ r, lang, r->info->icu_locale, { 0 }, XLQA_BUF_INIT, XLQA_BUF_INIT, err };
	xlqa_analysis_init(&b.a);
	if (!(rc = each_ruleset(&b, UNUM_SPELLOUT, spell_ruleset)) && !(rc = number_roles(&b)) &&
	    !(rc = build_scales(&b)) && !(rc = each_ruleset(&b, UNUM_ORDINAL, suffix_ruleset)) &&
	    !(rc = build_units(&b)) && !(rc = build_relative(&b)) &&
	    !(rc = xlqa_names_each(b.locale, XLQA_NAMES_REGIONS | XLQA_NAMES_LANGUAGES, add_name, &b, err)) &&
	    !(rc = build_order(&b))) {
		r->cal = ucal_open(u"UTC", -1, b.locale, UCAL_GREGORIAN, &st);
		if (U_SUCCESS(st))
			r->day_format = udat_open(UDAT_NONE, UDAT_LONG, b.locale, u"UTC", -1, NULL, 0, &st);
		if (U_FAILURE(st))
			rc = icu_fail(err, "calendar", b.locale, st);
	}
	xlqa_analysis_release(&b.a);
	xlqa_buf_release(&b.u8);
	xlqa_buf_release(&b.key);
	if (rc) {
		qa_icu_free(r);
		return rc;
	}
	*out = r;
	return XLQA_OK;
}

const struct qa_icu_number *qa_icu_number_of(const struct xlqa_extract_resources *r, const char *key, size_t len)
{
	void *v;

	return xlqa_hash_get(&r->numbers, key, len, &v) ? v : NULL;
}
