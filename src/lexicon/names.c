/*
 * names: a named-entity lexicon from ICU's locale data. Countries and regions, languages,
 * currencies, months and weekdays have names in every locale ICU ships ("Alemania", "Deutschland",
 * "Germany"); pairing a concept's name in two languages gives translations that no FreeDict
 * dictionary holds for every pair. The names of one locale alone (xlqa_names_each) are what answer
 * extraction recognises as names, lower-case ones included ("alemán").
 *
 * Invariant: an entry is produced only when ICU has a real name in both languages (not its fallback
 * to the code). Names that are the same in both ("Portugal", "Iran") are entries too: that ICU
 * spells the name alike is what tells a name passing through unchanged from one left untranslated.
 */
#include "config.h"

#include "lexicon-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/uregion.h>
#include <unicode/ustring.h>

#define NAME_CAP 256

/* One side's name of a concept, UTF-8. */
struct name {
	char text[NAME_CAP * 3];
	bool ok;
};

static bool to_utf8(const UChar *u, int32_t len, struct name *out)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t n = 0;

	u_strToUTF8(out->text, (int32_t)sizeof out->text - 1, &n, u, len, &st);
	out->ok = U_SUCCESS(st) && st != U_STRING_NOT_TERMINATED_WARNING && n > 0;
	if (out->ok)
		out->text[n] = '\0';
	return out->ok;
}

/* The kinds of names, each a function giving concept `code`'s name in `locale`. */
static bool region_name(const char *code, const char *locale, struct name *out)
{
	UChar u[NAME_CAP];
	char id[16];
	UErrorCode st = U_ZERO_ERROR;
	int32_t n;

	snprintf(id, sizeof id, "_%s", code);
	n = uloc_getDisplayCountry(id, locale, u, NAME_CAP, &st);
	/* A fallback to the root locale or the code itself is no name in this language. */
	if (U_FAILURE(st) || st == U_USING_DEFAULT_WARNING || n <= 0 || n >= NAME_CAP)
		return out->ok = false;
	return to_utf8(u, n, out) && strcmp(out->text, code) != 0;
}

static bool language_name(const char *code, const char *locale, struct name *out)
{
	UChar u[NAME_CAP];
	UErrorCode st = U_ZERO_ERROR;
	int32_t n = uloc_getDisplayLanguage(code, locale, u, NAME_CAP, &st);

	if (U_FAILURE(st) || st == U_USING_DEFAULT_WARNING || n <= 0 || n >= NAME_CAP)
		return out->ok = false;
	return to_utf8(u, n, out) && strcmp(out->text, code) != 0;
}

static bool currency_name(const char *code, const char *locale, struct name *out)
{
	UChar iso[4];
	UBool choice = 0;
	int32_t n = 0;
	UErrorCode st = U_ZERO_ERROR;
	const UChar *u;

	u_charsToUChars(code, iso, 3);
	iso[3] = 0;
	u = ucurr_getName(iso, locale, UCURR_LONG_NAME, &choice, &n, &st);
	if (U_FAILURE(st) || st == U_USING_DEFAULT_WARNING || st == U_USING_FALLBACK_WARNING || !u || n <= 0)
		return out->ok = false;
	return to_utf8(u, n, out) && strcmp(out->text, code) != 0;
}

/* Month (code "m1".."m12") and weekday ("d1".."d7", Sunday = 1 as ICU counts) names, stand-alone form. */
static bool calendar_name(const char *code, const char *locale, struct name *out)
{
	UErrorCode st = U_ZERO_ERROR;
	UDateFormat *fmt = udat_open(UDAT_DEFAULT, UDAT_DEFAULT, locale, NULL, -1, NULL, -1, &st);
	UChar u[NAME_CAP];
	int32_t n;
	int idx = atoi(code + 1);

	if (U_FAILURE(st))
		return out->ok = false;
	n = udat_getSymbols(fmt, code[0] == 'm' ? UDAT_STANDALONE_MONTHS : UDAT_STANDALONE_WEEKDAYS,
			    code[0] == 'm' ? idx - 1 : idx, u, NAME_CAP, &st);
	udat_close(fmt);
	if (U_FAILURE(st) || n <= 0 || n >= NAME_CAP)
		return out->ok = false;
	return to_utf8(u, n, out);
}

struct kind {
	const char *name;
	unsigned bit; /* enum xlqa_names_kind */
	bool (*get)(const char *code, const char *locale, struct name *out);
};

static const struct kind regions = { "region", XLQA_NAMES_REGIONS, region_name },
			 languages = { "language", XLQA_NAMES_LANGUAGES, language_name },
			 currencies = { "currency", XLQA_NAMES_CURRENCIES, currency_name },
			 calendar = { "calendar", XLQA_NAMES_CALENDAR, calendar_name };

/* Calls `visit` with each concept code of `kinds` that ICU knows; stops at the first non-zero status. */
typedef int visit_fn(void *ctx, const struct kind *k, const char *code, struct xlqa_error *err);

static int each_code(unsigned kinds, visit_fn *visit, void *ctx, struct xlqa_error *err)
{
	static const URegionType region_types[] = { URGN_TERRITORY, URGN_WORLD, URGN_CONTINENT, URGN_SUBCONTINENT,
						    URGN_GROUPING };
	const char *const *list;
	UErrorCode st = U_ZERO_ERROR;
	int rc = XLQA_OK;

	for (size_t t = 0; t < sizeof region_types / sizeof region_types[0] && !rc && (kinds & XLQA_NAMES_REGIONS); t++) {
		UEnumeration *en = uregion_getAvailable(region_types[t], &st);
		const char *code;
		if (U_FAILURE(st))
			return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU regions: %s", u_errorName(st));
		while (!rc && (code = uenum_next(en, NULL, &st)) && U_SUCCESS(st))
			rc = visit(ctx, &regions, code, err);
		uenum_close(en);
	}
	for (list = uloc_getISOLanguages(); !rc && *list && (kinds & XLQA_NAMES_LANGUAGES); list++)
		rc = visit(ctx, &languages, *list, err);
	if (!rc && (kinds & XLQA_NAMES_CURRENCIES)) {
		UEnumeration *en = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &st);
		const char *code;
		if (U_FAILURE(st))
			return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU currencies: %s", u_errorName(st));
		while (!rc && (code = uenum_next(en, NULL, &st)) && U_SUCCESS(st))
			rc = visit(ctx, &currencies, code, err);
		uenum_close(en);
	}
	for (int i = 1; i <= 19 && !rc && (kinds & XLQA_NAMES_CALENDAR); i++) {
		char code[8];
		snprintf(code, sizeof code, i <= 12 ? "m%d" : "d%d", i <= 12 ? i : i - 12);
		rc = visit(ctx, &calendar, code, err);
	}
	return rc;
}

/* xlqa_dict_read_names: one entry from the source name to the target name of a concept. */
struct pair_ctx {
	const char *src, *tgt;
	xlqa_dict_entry_fn fn;
	void *ctx;
	struct xlqa_dict_stats *stats;
};

static int emit(void *ctx, const struct kind *k, const char *code, struct xlqa_error *err)
{
	struct pair_ctx *p = ctx;
	struct name a, b;
	const char *t;

	if (!k->get(code, p->src, &a) || !k->get(code, p->tgt, &b))
		return XLQA_OK;
	/* ICU qualifies some names in brackets ("Myanmar (Burma)", "Kubanischer Peso (konvertibel)"):
	 * the name is the part before them */
	{
		struct xlqa_buf hw = XLQA_BUF_INIT, tr = XLQA_BUF_INIT;
		int rc = XLQA_OK;
		if (lex_clean(a.text, strlen(a.text), &hw) || lex_clean(b.text, strlen(b.text), &tr))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "reading ICU names: %s", xlqa_strerror(XLQA_ENOMEM));
		else if (!hw.len || !tr.len)
			p->stats->skipped_entries++;
		else {
			struct xlqa_dict_entry e = { hw.buf, XLQA_POS_NAME, &t, NULL, 1, -1, -1 };
			t = tr.buf;
			p->stats->entries++;
			p->stats->translations++;
			rc = p->fn(p->ctx, &e, err);
		}
		xlqa_buf_release(&hw);
		xlqa_buf_release(&tr);
		return rc;
	}
}

int xlqa_dict_read_names(const char *source, const char *target, xlqa_dict_entry_fn fn, void *ctx,
			 struct xlqa_dict_stats *stats, struct xlqa_error *err)
{
	const struct xlqa_lang_info *si = xlqa_lang_find(source), *ti = xlqa_lang_find(target);
	struct xlqa_dict_stats local = { 0 };
	struct pair_ctx p;

	if (!si || !ti)
		return xlqa_error_set(err, XLQA_ENOTFOUND, "unknown language '%s'", si ? target : source);
	p = (struct pair_ctx){ si->icu_locale, ti->icu_locale, fn, ctx, stats ? stats : &local };
	return each_code(XLQA_NAMES_REGIONS | XLQA_NAMES_LANGUAGES | XLQA_NAMES_CURRENCIES | XLQA_NAMES_CALENDAR, emit,
			 &p, err);
}

/* xlqa_names_each: a concept's name in one locale. */
struct each_ctx {
	const char *locale;
	xlqa_name_fn *fn;
	void *ctx;
};

static int visit_one(void *ctx, const struct kind *k, const char *code, struct xlqa_error *err)
{
	struct each_ctx *e = ctx;
	struct name a;

	return k->get(code, e->locale, &a) ? e->fn(e->ctx, k->bit, code, a.text, err) : XLQA_OK;
}

int xlqa_names_each(const char *locale, unsigned kinds, xlqa_name_fn *fn, void *ctx, struct xlqa_error *err)
{
	struct each_ctx e = { locale, fn, ctx };

	return each_code(kinds, visit_one, &e, err);
}
