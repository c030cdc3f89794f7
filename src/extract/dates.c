/*
 * dates: dates the month-name rule of extract.c does not see, read with ICU's locale data
 * (extract-internal.h): numeric dates in the locale's field order ("12.03.1994", "3/12/94", ISO
 * "1994-03-12"), decades ("the 1950s", "1950er Jahre", "década de 1950", "los años 80"), centuries
 * ("19th century", "neunzehnten Jahrhundert", "siglo XIX", "XIXe siècle") and their ordinal alone
 * ("nineteenth", "20."), years named as years ("im Jahr 1994"), and relative dates ("yesterday",
 * "el año pasado", "vor drei Tagen", "last Monday", "am Montag", "el lunes 12") resolved against
 * the document's date.
 *
 * A resolved relative date is reported as the date it names, written as ICU's long date of the
 * target language ("March 11, 1994", "11. März 1994", "11 de marzo de 1994"), a month as month and
 * year ("febrero de 1994") and a year as its digits: what an assessor accepts as an exact answer,
 * where "yesterday" would be judged wrong. The span stays on the words in the text, so the support
 * is the document's sentence. Without a document date nothing relative is extracted. A weekday alone
 * is the latest such day on or before the document's date (news reports the past: "said on Monday");
 * "last" is the one before the document's date, "next" the one after, "this" the one in its week.
 *
 * Invariant: every span lies in one sentence; a resolved date is a valid Gregorian date.
 */
#include "config.h"

#include "extract-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ustring.h>

#define WEEKDAY_REACH 45 /* days searched around the document's date for "el lunes 12" */

static bool leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static bool valid_date(int y, int m, int d)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	return y >= 1000 && y <= 2999 && m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1] + (m == 2 && leap(y));
}

static double date_value(int y, int m, int d)
{
	return (double)y * 10000 + m * 100 + d;
}

/* ---- calendar arithmetic (ICU's Gregorian calendar in UTC) --------------------------------------- */

static void cal_set(struct xlqa_extract_resources *r, struct qa_icu_date d)
{
	UErrorCode st = U_ZERO_ERROR;

	ucal_clear(r->cal);
	ucal_setDate(r->cal, d.year, d.month - 1, d.day ? d.day : 1, &st);
}

static struct qa_icu_date cal_get(struct xlqa_extract_resources *r)
{
	UErrorCode st = U_ZERO_ERROR;
	struct qa_icu_date d;

	d.year = ucal_get(r->cal, UCAL_YEAR, &st);
	d.month = ucal_get(r->cal, UCAL_MONTH, &st) + 1;
	d.day = ucal_get(r->cal, UCAL_DATE, &st);
	return d;
}

/* `d` moved by `n` units (days, months, years). */
static struct qa_icu_date shift(struct xlqa_extract_resources *r, struct qa_icu_date d, enum qa_icu_unit unit, int n)
{
	UErrorCode st = U_ZERO_ERROR;

	cal_set(r, d);
	ucal_add(r->cal, unit == QA_UNIT_DAY ? UCAL_DATE : unit == QA_UNIT_MONTH ? UCAL_MONTH : UCAL_YEAR, n, &st);
	return cal_get(r);
}

/* Weekday of `d`, Monday = 1 (ICU counts from Sunday = 1). */
static int weekday_of(struct xlqa_extract_resources *r, struct qa_icu_date d)
{
	UErrorCode st = U_ZERO_ERROR;

	cal_set(r, d);
	return (ucal_get(r->cal, UCAL_DAY_OF_WEEK, &st) + 5) % 7 + 1;
}

/* The answer for a resolved date, in the scratch arena: long date, month and year, or the year. */
static const char *resolved_text(struct xlqa_extract_resources *r, struct qa_icu_date d, enum qa_icu_unit precision)
{
	UErrorCode st = U_ZERO_ERROR;
	UChar u[128];
	char s[384];
	int32_t n, m = 0;

	if (precision == QA_UNIT_YEAR) {
		snprintf(s, sizeof s, "%d", d.year);
		return xlqa_arena_strndup(&r->scratch, s, strlen(s));
	}
	cal_set(r, d);
	n = udat_format(precision == QA_UNIT_MONTH ? r->month_format : r->day_format, ucal_getMillis(r->cal, &st), u,
	                128, NULL, &st);
	if (U_SUCCESS(st) && n < 128)
		u_strToUTF8(s, sizeof s, &m, u, n, &st);
	if (U_FAILURE(st) || m <= 0 || (size_t)m >= sizeof s)
		return NULL;
	return xlqa_arena_strndup(&r->scratch, s, (size_t)m);
}

/* ---- the document's date ------------------------------------------------------------------------ */

/* `n` digits at `s` as a number. */
static int digits_at(const char *s, size_t n)
{
	int v = 0;

	for (size_t i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* Digits at the start of NUL-terminated `s`. */
static size_t count_digits(const char *s)
{
	size_t n = 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	return n;
}

/* Digits at `s`, not reading at or past `end` (the text need not be NUL-terminated). */
static size_t digits_before(const char *s, const char *end)
{
	size_t n = 0;

	while (s + n < end && s[n] >= '0' && s[n] <= '9')
		n++;
	return n;
}

/* Two-digit years of 1990s collections: 50-99 are 19xx, 00-49 20xx. */
static int century_of(int yy)
{
	return yy >= 50 ? 1900 + yy : 2000 + yy;
}

/* A two-digit year in a text: the latest year ending so that is not after the document's, else century_of. */
static int two_digit_year(const struct xlqa_extract_resources *r, int yy)
{
	int y;

	if (!r->doc_date.year)
		return century_of(yy);
	y = r->doc_date.year - r->doc_date.year % 100 + yy;
	return y > r->doc_date.year + 1 ? y - 100 : y;
}

/* YYYYMMDD, YYMMDD or YYYY-MM-DD at the start of `s`. */
static bool numeric_document_date(const char *s, struct qa_icu_date *d)
{
	size_t n = count_digits(s);

	if (n == 8)
		*d = (struct qa_icu_date){ digits_at(s, 4), digits_at(s + 4, 2), digits_at(s + 6, 2) };
	else if (n == 6)
		*d = (struct qa_icu_date){ century_of(digits_at(s, 2)), digits_at(s + 2, 2), digits_at(s + 4, 2) };
	else if (n == 4 && s[4] == '-' && count_digits(s + 5) == 2 && s[7] == '-' && count_digits(s + 8) >= 2)
		*d = (struct qa_icu_date){ digits_at(s, 4), digits_at(s + 5, 2), digits_at(s + 8, 2) };
	else
		return false;
	return valid_date(d->year, d->month, d->day);
}

/*
 * A date written out ("January 1, 1994, Saturday, Home Edition", "26-FEB-1987 15:01:01.79"): ICU's
 * long and medium dates of the target locale and of English, and "d-MMM-y", each read from the
 * start with the rest ignored.
 */
static bool written_document_date(struct xlqa_extract_resources *r, const char *s, struct qa_icu_date *d)
{
	static const char *const locales[] = { NULL, "en_US", "en_GB" };
	static const UDateFormatStyle styles[] = { UDAT_LONG, UDAT_MEDIUM };
	UChar u[256];
	int32_t n = 0;
	UErrorCode st = U_ZERO_ERROR;

	u_strFromUTF8(u, 256, &n, s, -1, &st);
	if (U_FAILURE(st))
		return false;
	for (size_t k = 0; k < QA_DOC_FORMATS; k++) {
		UDateFormat *f = r->doc_formats[k];
		int32_t pos = 0;
		UDate when;

		st = U_ZERO_ERROR;
		if (!f && k == QA_DOC_FORMATS - 1)
			f = udat_open(UDAT_PATTERN, UDAT_PATTERN, "en_US", u"UTC", -1, u"d-MMM-y", -1, &st);
		else if (!f)
			f = udat_open(UDAT_NONE, styles[k % 2], locales[k / 2] ? locales[k / 2] : r->info->icu_locale, u"UTC", -1,
			              NULL, 0, &st);
		if (U_FAILURE(st))
			continue;
		r->doc_formats[k] = f; /* opened once, at the first written date */
		when = udat_parse(f, u, n, &pos, &st);
		if (U_SUCCESS(st) && pos > 0) {
			ucal_setMillis(r->cal, when, &st);
			*d = cal_get(r);
			if (U_SUCCESS(st) && valid_date(d->year, d->month, d->day) && d->year >= 1900)
				return true;
		}
	}
	return false;
}

/* The DOCNO's date: an 8-digit YYYYMMDD anywhere, else a first run of digits that is a 6-digit YYMMDD. */
static bool docno_date(const char *docno, struct qa_icu_date *d)
{
	bool first = true;

	for (const char *p = docno; *p;) {
		size_t n = count_digits(p);

		if (!n) {
			p++;
			continue;
		}
		if ((n == 8 || (n == 6 && first)) && numeric_document_date(p, d) && d->year >= 1900 && d->year <= 2099 &&
		    (n == 8 || first))
			return true;
		first = false;
		p += n;
	}
	return false;
}

/* Reads the document's date when xlqa_extraction_set_document named another one. */
static int update_document(struct xlqa_extraction *x, struct xlqa_error *err)
{
	struct xlqa_extract_resources *r = x->res;
	const char *date = x->doc_date ? x->doc_date : "", *docno = x->doc_docno ? x->doc_docno : "";
	size_t dl = strlen(date);
	struct qa_icu_date d = { 0, 0, 0 };

	if (r->doc_seen.len == dl + 1 + strlen(docno) && memcmp(r->doc_seen.buf, date, dl) == 0 &&
	    r->doc_seen.buf[dl] == '\n' && strcmp(r->doc_seen.buf + dl + 1, docno) == 0)
		return XLQA_OK;
	xlqa_buf_reset(&r->doc_seen);
	if (xlqa_buf_add(&r->doc_seen, date, dl) || xlqa_buf_addch(&r->doc_seen, '\n') || xlqa_buf_addstr(&r->doc_seen, docno))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	while (*date == ' ')
		date++;
	if (!(*date && (numeric_document_date(date, &d) || written_document_date(r, date, &d))) &&
	    !(*docno && docno_date(docno, &d)))
		d = (struct qa_icu_date){ 0, 0, 0 };
	r->doc_date = d;
	return XLQA_OK;
}

/* ---- tokens ------------------------------------------------------------------------------------- */

/* What the date extractors look at: the analysis, the text, the resources. */
struct scan {
	struct xlqa_extraction *x;
	struct xlqa_extract_resources *r;
	const char *text;
	const struct xlqa_token *tok;
	size_t n_tok;
	struct xlqa_error *err;
};

static bool same_sentence(const struct scan *s, size_t i, size_t j)
{
	return j < s->n_tok && s->tok[j].sentence == s->tok[i].sentence;
}

static bool year_token(const struct scan *s, size_t i)
{
	const struct xlqa_token *t = &s->tok[i];

	return t->kind == XLQA_SPAN_NUMBER && t->end - t->start == 4 && t->value >= 1000 && t->value <= 2100;
}

static unsigned roles(const struct scan *s, size_t i)
{
	return s->r->tok_roles[i];
}

/* The unit a word names (QA_UNITS for none) and whether it is a plural form. */
static enum qa_icu_unit unit_of(const struct scan *s, size_t i, bool *plural)
{
	void *v;

	if (!(roles(s, i) & QA_ROLE_UNIT) || !xlqa_hash_get(&s->r->units, s->tok[i].norm, strlen(s->tok[i].norm), &v))
		return QA_UNITS;
	if (plural)
		*plural = ((uintptr_t)v & 0x100) != 0;
	return (enum qa_icu_unit)(((uintptr_t)v & 0xFF) - 1);
}

/* The value of a Roman numeral I-XXXIX ("xix"), the rest of the word in *rest; 0 when it is none. */
static int roman(const char *s, const char **rest)
{
	static const struct {
		const char *sym;
		int v;
	} sy[] = { { "xxx", 30 }, { "xx", 20 }, { "x", 10 }, { "ix", 9 }, { "viii", 8 }, { "vii", 7 }, { "vi", 6 },
		   { "v", 5 }, { "iv", 4 }, { "iii", 3 }, { "ii", 2 }, { "i", 1 } };
	int v = 0;
	size_t k = 0;

	/* tens, then one units symbol */
	while (k < 3 && strncmp(s, sy[k].sym, strlen(sy[k].sym)) != 0)
		k++;
	if (k < 3) {
		v += sy[k].v;
		s += strlen(sy[k].sym);
	}
	for (k = 3; k < sizeof sy / sizeof *sy; k++)
		if (strncmp(s, sy[k].sym, strlen(sy[k].sym)) == 0) {
			v += sy[k].v;
			s += strlen(sy[k].sym);
			break;
		}
	*rest = s;
	return v;
}

/*
 * An ordinal at token i, for a century: a spelled-out ordinal ("nineteenth", "neunzehnten",
 * "decimonoveno"), digits with an ordinal ending ("19th", "19e"), a Roman numeral with or without
 * one ("XIX", "XIXe") or, when `cardinal_too`, a cardinal 1-30 ("siglo veinte", "século 19"); digits
 * followed by touching ordinal punctuation ("20.", "19.º") extend to *last. Returns its value, 0 for none.
 */
static int ordinal_at(const struct scan *s, size_t i, bool cardinal_too, size_t *last)
{
	const struct xlqa_token *t = &s->tok[i];
	const struct qa_icu_number *num;
	const char *rest;
	size_t d;
	int v;

	*last = i;
	if (t->kind == XLQA_SPAN_NUMBER) {
		v = t->end - t->start <= 2 ? (int)t->value : 0;
		/* "20." "19.º": touching punctuation or a word that is an ordinal ending */
		for (size_t j = i + 1; j < s->n_tok && j <= i + 2 && s->tok[j].start == s->tok[j - 1].end; j++) {
			xlqa_buf_reset(&s->r->buf);
			for (size_t k = i + 1; k <= j; k++)
				xlqa_buf_addstr(&s->r->buf, s->tok[k].norm);
			if (qa_icu_roles(s->r, s->r->buf.buf) & QA_ROLE_SUFFIX)
				*last = j;
		}
		return v >= 1 && v <= 30 && (*last > i || cardinal_too) ? v : 0;
	}
	if (t->kind != XLQA_SPAN_WORD)
		return 0;
	if ((num = qa_icu_number_of(s->r, t->norm, strlen(t->norm))) && (num->ordinal || cardinal_too))
		return num->value >= 1 && num->value <= 30 ? (int)num->value : 0;
	if ((t->flags & XLQA_TOKEN_NUMERIC) && ((t->flags & XLQA_TOKEN_ORDINAL) || cardinal_too))
		return t->value >= 1 && t->value <= 30 ? (int)t->value : 0;
	d = strspn(t->norm, "0123456789");
	if (d >= 1 && d <= 2 && (qa_icu_roles(s->r, t->norm + d) & QA_ROLE_SUFFIX))
		return digits_at(t->norm, d) >= 1 ? digits_at(t->norm, d) : 0;
	/* Roman numerals are written in capitals; a lower-case "vi" or "xi" is a word */
	if (qa_capitalised(s->text, t) && (v = roman(t->norm, &rest)) > 0 &&
	    (!*rest || (qa_icu_roles(s->r, rest) & QA_ROLE_SUFFIX)))
		return v;
	return 0;
}

static int add(struct scan *s, size_t first, size_t last, enum xlqa_extract_kind kind, double value,
               const char *resolved)
{
	return qa_icu_add(s->x, first, last - first + 1, kind, value, resolved, s->err);
}

/* ---- numeric dates ------------------------------------------------------------------------------ */

/*
 * "12.03.1994" (one token) or "12/03/94", "1994-03-12" (digits and one separator, touching). The
 * locale's order reads the fields (d.m.y in German, m/d/y in English); a four-digit first field is
 * ISO order; when the locale's order gives no valid date but swapping day and month does (British
 * "25/12/94" in an English text), the swap is taken. Returns the last token, or 0 for none.
 */
static size_t numeric_date(struct scan *s, size_t i, struct qa_icu_date *out)
{
	const struct xlqa_token *tok = s->tok;
	int f[3];
	size_t len[3], last = i;
	int y = 0, m = 0, d = 0;

	if (tok[i].kind != XLQA_SPAN_NUMBER)
		return 0;
	if (memchr(s->text + tok[i].start, '.', tok[i].end - tok[i].start)) {
		const char *p = s->text + tok[i].start, *end = s->text + tok[i].end;

		for (int k = 0; k < 3; k++) {
			len[k] = digits_before(p, end);
			if (!len[k] || len[k] > 4 || (k < 2 && (p + len[k] >= end || p[len[k]] != '.')))
				return 0;
			f[k] = digits_at(p, len[k]);
			p += len[k] + 1;
		}
		if (p - 1 != end)
			return 0;
	} else {
		char sep;

		if (i + 4 >= s->n_tok || tok[i + 1].kind != XLQA_SPAN_PUNCT || !strchr("/-.", (sep = tok[i + 1].norm[0])) ||
		    tok[i + 1].norm[1] || !qa_punct_is(s->text, &tok[i + 3], (char[]){ sep, 0 }))
			return 0;
		for (size_t k = i; k < i + 4; k++)
			if (tok[k + 1].start != tok[k].end)
				return 0;
		for (int k = 0; k < 3; k++) {
			const struct xlqa_token *t = &tok[i + 2 * (size_t)k];

			len[k] = t->end - t->start;
			if (len[k] > 4 || t->kind != XLQA_SPAN_NUMBER || digits_before(s->text + t->start, s->text + t->end) != len[k])
				return 0;
			f[k] = digits_at(s->text + t->start, len[k]);
		}
		last = i + 4;
		/* "1-2-3-4" is no date */
		if (last + 2 < s->n_tok && tok[last + 1].start == tok[last].end && tok[last + 1].kind == XLQA_SPAN_PUNCT &&
		    tok[last + 2].kind == XLQA_SPAN_NUMBER && tok[last + 2].start == tok[last + 1].end)
			return 0;
	}
	if (len[0] == 4) {
		y = f[0], m = f[1], d = f[2];
		if (len[1] > 2 || len[2] > 2)
			return 0;
	} else {
		for (int k = 0; k < 3; k++) {
			char c = s->r->order[k];

			if (c == 'y' && (len[k] == 2 || len[k] == 4))
				y = len[k] == 4 ? f[k] : two_digit_year(s->r, f[k]);
			else if (c != 'y' && len[k] <= 2)
				*(c == 'd' ? &d : &m) = f[k];
			else
				return 0;
		}
		if (!valid_date(y, m, d) && valid_date(y, d, m)) {
			int t = m;

			m = d;
			d = t;
		}
	}
	if (!valid_date(y, m, d))
		return 0;
	*out = (struct qa_icu_date){ y, m, d };
	return last;
}

/* ---- decades, centuries, years ---------------------------------------------------------------- */

/* "1950s", "1950er", "50er": two or four digits ending in 0 and a short ending that is no ordinal's. */
static int decade_word(const struct scan *s, size_t i)
{
	const char *n = s->tok[i].norm;
	size_t d = strspn(n, "0123456789"), rest = strlen(n) - d;

	if (s->tok[i].kind != XLQA_SPAN_WORD || (d != 2 && d != 4) || n[d - 1] != '0' || rest < 1 || rest > 2 ||
	    !(n[d] >= 'a' && n[d] <= 'z') || (rest == 2 && !(n[d + 1] >= 'a' && n[d + 1] <= 'z')) ||
	    (qa_icu_roles(s->r, n + d) & QA_ROLE_SUFFIX))
		return 0;
	return d == 2 ? 1900 + digits_at(n, 2) : digits_at(n, 4);
}

/* A decade starting at token i; returns the last token, 0 for none; *year the decade's first year. */
static size_t decade_at(struct scan *s, size_t i, int *year)
{
	const struct xlqa_token *tok = s->tok;
	bool plural = false;
	enum qa_icu_unit u;
	size_t j;

	if ((*year = decade_word(s, i))) {
		/* "1950er Jahre", "1950er-Jahre" */
		j = i + 1;
		if (j < s->n_tok && qa_punct_is(s->text, &tok[j], "-") && tok[j].start == tok[i].end)
			j++;
		if (same_sentence(s, i, j) && unit_of(s, j, &plural) == QA_UNIT_YEAR && plural)
			return j;
		return i;
	}
	if ((u = unit_of(s, i, &plural)) != QA_UNIT_DECADE && !(u == QA_UNIT_YEAR && plural))
		return 0;
	j = i + 1;
	/* "década de 1950": the decade word, a stop word, a year ending in 0 */
	if (u == QA_UNIT_DECADE && same_sentence(s, i, j) && (tok[j].flags & XLQA_TOKEN_STOP))
		j++;
	/* "años '80" */
	if (u == QA_UNIT_YEAR && j < s->n_tok && qa_punct_is(s->text, &tok[j], "'"))
		j++;
	if (!same_sentence(s, i, j))
		return 0;
	if (year_token(s, j) && (int)tok[j].value % 10 == 0)
		*year = (int)tok[j].value;
	else if (u == QA_UNIT_YEAR && (tok[j].flags & XLQA_TOKEN_NUMERIC) && tok[j].value >= 20 && tok[j].value <= 90 &&
	         fmod(tok[j].value, 10) == 0 && (tok[j].kind == XLQA_SPAN_WORD || tok[j].end - tok[j].start == 2))
		*year = 1900 + (int)tok[j].value; /* "los años 80", "anni cinquanta" */
	else
		return 0;
	return j;
}

/*
 * A century around the century word at i: an ordinal before it ("19th century", "nineteenth-century",
 * "neunzehnten Jahrhundert", "XIXe siècle") or a Roman numeral, ordinal or cardinal after it ("siglo
 * XIX", "secolo diciannovesimo"). Adds the whole and the ordinal alone (what "In what century" is
 * answered with: "nineteenth"). "20. Jahrhundert", which the segmenter cuts after "20.", gives the
 * ordinal alone.
 */
static int century_at(struct scan *s, size_t i)
{
	const struct xlqa_token *tok = s->tok;
	size_t j, first, last;
	int rc;

	if (unit_of(s, i, NULL) != QA_UNIT_CENTURY)
		return XLQA_OK;
	/* before: skip a touching hyphen ("nineteenth-century") */
	j = i;
	if (j >= 2 && qa_punct_is(s->text, &tok[j - 1], "-") && tok[j - 1].start == tok[j - 2].end)
		j--;
	for (first = j >= 3 ? j - 3 : 0; first < j; first++)
		if (ordinal_at(s, first, false, &last) && last == j - 1) {
			if (tok[first].sentence == tok[i].sentence && (rc = add(s, first, i, XLQA_EXTRACT_DATE, NAN, NULL)))
				return rc;
			return add(s, first, last, XLQA_EXTRACT_DATE, NAN, NULL);
		}
	j = i + 1;
	if (same_sentence(s, i, j) && ordinal_at(s, j, true, &last) && same_sentence(s, i, last)) {
		if ((rc = add(s, i, last, XLQA_EXTRACT_DATE, NAN, NULL)))
			return rc;
		return add(s, j, last, XLQA_EXTRACT_DATE, NAN, NULL);
	}
	return XLQA_OK;
}

/* ---- relative dates -------------------------------------------------------------------------- */

/* Does phrase p match with its lead word at token i? Sets *first, *last and the number of a numeric one. */
static bool phrase_at(const struct scan *s, const struct qa_icu_phrase *p, size_t i, size_t *first, size_t *last,
                      int *number)
{
	size_t start;

	if (i < p->lead)
		return false;
	start = i - p->lead;
	if (start + p->n > s->n_tok || s->tok[start].sentence != s->tok[i].sentence ||
	    s->tok[start + p->n - 1].sentence != s->tok[i].sentence)
		return false;
	for (size_t k = 0; k < p->n; k++) {
		const struct xlqa_token *t = &s->tok[start + k];

		if (p->norms[k]) {
			if (strcmp(p->norms[k], t->norm) != 0)
				return false;
		} else if (!(t->flags & XLQA_TOKEN_NUMERIC) || (t->flags & XLQA_TOKEN_ORDINAL) || t->value < 1 ||
		           t->value > 99 || t->value != floor(t->value)) {
			return false;
		} else
			*number = (int)t->value;
	}
	*first = start;
	*last = start + p->n - 1;
	return true;
}

/*
 * One word of a relative phrase that is also a common noun ("mañana" is tomorrow and morning,
 * "Morgen" morning) is taken for the date only when no article or "this" word stands before it
 * ("la mañana", "esta mañana") and, inside a sentence, it is not capitalised (German nouns).
 */
static bool plain_word(const struct scan *s, size_t i)
{
	const struct xlqa_token *t = &s->tok[i];

	if (i > 0 && s->tok[i - 1].sentence == t->sentence) {
		void *v;

		if ((s->tok[i - 1].flags & XLQA_TOKEN_ARTICLE) ||
		    ((roles(s, i - 1) & QA_ROLE_MODIFIER) &&
		     xlqa_hash_get(&s->r->modifiers, s->tok[i - 1].norm, strlen(s->tok[i - 1].norm), &v) &&
		     (uintptr_t)v == 2))
			return false;
		if (qa_capitalised(s->text, t))
			return false;
	}
	return true;
}

/* Relative phrases at token i: the longest that matches. Returns the last token, or 0 (*rc on error). */
static size_t relative_at(struct scan *s, size_t i, int *rc)
{
	struct xlqa_extract_resources *r = s->r;
	const struct qa_icu_phrase *best = NULL;
	size_t best_first = 0, best_last = 0;
	int best_number = 1;
	void *v;

	*rc = XLQA_OK;
	if (!(roles(s, i) & QA_ROLE_RELATIVE) || !xlqa_hash_get(&r->phrases, s->tok[i].norm, strlen(s->tok[i].norm), &v))
		return 0;
	for (const struct qa_icu_phrase *p = v; p; p = p->next) {
		size_t first, last;
		int number = 1;

		if (phrase_at(s, p, i, &first, &last, &number) && (!best || last - first > best_last - best_first)) {
			best = p;
			best_first = first;
			best_last = last;
			best_number = number;
		}
	}
	if (!best || (best->n == 1 && !plain_word(s, i)))
		return 0;
	while (best_first < best_last && (s->tok[best_first].flags & XLQA_TOKEN_ARTICLE))
		best_first++; /* "el año pasado": the span is minimal, the answer the resolved year */
	{
		int n = best->numeric ? best->offset * best_number : best->offset;
		struct qa_icu_date d = shift(r, r->doc_date, best->unit, n);
		enum xlqa_extract_kind kind = best->unit == QA_UNIT_YEAR ? XLQA_EXTRACT_YEAR : XLQA_EXTRACT_DATE;
		double value = best->unit == QA_UNIT_YEAR    ? d.year
		               : best->unit == QA_UNIT_MONTH ? date_value(d.year, d.month, 0)
		                                              : date_value(d.year, d.month, d.day);
		const char *text = resolved_text(r, d, best->unit);

		if (!text) {
			*rc = xlqa_error_set(s->err, XLQA_ENOMEM, "out of memory");
			return 0;
		}
		*rc = add(s, best_first, best_last, kind, value, text);
	}
	return best_last;
}

/* The modifier offset (-1 last, 0 this, 1 next) of token j, or 2 for none. */
static int modifier(const struct scan *s, size_t i, size_t j)
{
	void *v;

	if (j >= s->n_tok || s->tok[j].sentence != s->tok[i].sentence || !(roles(s, j) & QA_ROLE_MODIFIER) ||
	    !xlqa_hash_get(&s->r->modifiers, s->tok[j].norm, strlen(s->tok[j].norm), &v))
		return 2;
	return (int)(uintptr_t)v - 2;
}

/*
 * A weekday at token i, unless a month-name or numeric date follows (extract.c's and numeric_date's):
 * with "last", "next" or "this" before or after it ("last Monday", "el lunes pasado", "el pasado
 * lunes"), with a day of the month after it ("el lunes 12": the day near the document's date that
 * is such a weekday), or alone ("am Montag"). Returns the last token, 0 for none.
 */
static size_t weekday_at(struct scan *s, size_t i, int *rc)
{
	struct xlqa_extract_resources *r = s->r;
	const struct xlqa_token *tok = s->tok;
	struct qa_icu_date doc = r->doc_date, d;
	int want = (int)tok[i].value, have = weekday_of(r, doc), off;
	size_t first = i, last = i, j = i + 1;
	const char *text;

	*rc = XLQA_OK;
	/* "Monday, March 12": the date is extract.c's */
	for (size_t k = i + 1; k <= i + 4 && same_sentence(s, i, k); k++) {
		struct qa_icu_date nd;

		if ((tok[k].flags & XLQA_TOKEN_MONTH) || numeric_date(s, k, &nd))
			return 0;
	}
	while (same_sentence(s, i, j) && (qa_punct_is(s->text, &tok[j], ",") || (tok[j].flags & XLQA_TOKEN_ARTICLE)))
		j++;
	if (same_sentence(s, i, j) && tok[j].kind == XLQA_SPAN_NUMBER && tok[j].value >= 1 && tok[j].value <= 31 &&
	    tok[j].end - tok[j].start <= 2) {
		/* "el lunes 12": nearest day of that number and weekday */
		int day = (int)tok[j].value;
		bool found = false;

		for (int k = 0; k <= WEEKDAY_REACH && !found; k++)
			for (int sign = -1; sign <= 1 && !found; sign += 2) {
				d = shift(r, doc, QA_UNIT_DAY, sign * k);
				found = d.day == day && weekday_of(r, d) == want;
			}
		if (!found)
			return 0;
		last = j;
	} else if ((off = modifier(s, i, i > 0 ? i - 1 : s->n_tok)) != 2 || (off = modifier(s, i, i + 1)) != 2) {
		if (modifier(s, i, i > 0 ? i - 1 : s->n_tok) == off && i > 0)
			first = i - 1;
		else
			last = i + 1;
		if (off < 0)
			d = shift(r, doc, QA_UNIT_DAY, -((have - want + 6) % 7 + 1));
		else if (off > 0)
			d = shift(r, doc, QA_UNIT_DAY, (want - have + 6) % 7 + 1);
		else
			d = shift(r, doc, QA_UNIT_DAY, want - have);
	} else
		d = shift(r, doc, QA_UNIT_DAY, -((have - want + 7) % 7));
	if (!(text = resolved_text(r, d, QA_UNIT_DAY))) {
		*rc = xlqa_error_set(s->err, XLQA_ENOMEM, "out of memory");
		return 0;
	}
	*rc = add(s, first, last, XLQA_EXTRACT_DATE, date_value(d.year, d.month, d.day), text);
	return last;
}

/* ---- the extractor ----------------------------------------------------------------------------- */

double qa_icu_date_value(const struct xlqa_extraction *x, const struct xlqa_extract_span *sp)
{
	const struct xlqa_token *tok = x->a.tokens;
	int y = 0, m = 0, d = 0;

	for (size_t i = sp->first; i < sp->first + sp->n; i++) {
		const struct xlqa_token *t = &tok[i];

		if (t->flags & XLQA_TOKEN_MONTH)
			m = (int)t->value;
		else if (t->kind == XLQA_SPAN_NUMBER && t->end - t->start == 4)
			y = (int)t->value;
		else if ((t->flags & XLQA_TOKEN_NUMERIC) && t->value >= 1 && t->value <= 31 && !d)
			d = (int)t->value;
	}
	return m ? date_value(y, m, d) : NAN;
}

int qa_icu_dates(struct xlqa_lang *lang, const char *text, struct xlqa_extraction *x, struct xlqa_error *err)
{
	struct scan s = { x, x->res, text, x->a.tokens, x->a.n_tokens, err };
	bool relative;
	int rc;

	(void)lang;
	if ((rc = update_document(x, err)))
		return rc;
	relative = x->res->doc_date.year > 0;
	for (size_t i = 0; i < s.n_tok; i++) {
		const struct xlqa_token *t = &s.tok[i];
		struct qa_icu_date d;
		size_t last;
		int year;

		if (t->kind == XLQA_SPAN_PUNCT)
			continue;
		if ((last = numeric_date(&s, i, &d))) {
			rc = add(&s, i, last, XLQA_EXTRACT_DATE, date_value(d.year, d.month, d.day), NULL);
			i = last;
		} else if ((last = decade_at(&s, i, &year))) {
			rc = add(&s, i, last, XLQA_EXTRACT_DATE, date_value(year, 0, 0), NULL);
			i = last;
		} else if (relative && (last = relative_at(&s, i, &rc))) {
			i = last;
		} else if (!rc && (roles(&s, i) & QA_ROLE_UNIT)) {
			bool plural = true;

			if ((rc = century_at(&s, i)))
				return rc;
			/* "im Jahr 1994", "en el año 1994": the year is a date */
			if (unit_of(&s, i, &plural) == QA_UNIT_YEAR && !plural && same_sentence(&s, i, i + 1) &&
			    year_token(&s, i + 1))
				rc = add(&s, i + 1, i + 1, XLQA_EXTRACT_DATE, date_value((int)s.tok[i + 1].value, 0, 0), NULL);
		} else if (relative && !rc && (t->flags & XLQA_TOKEN_WEEKDAY) && (last = weekday_at(&s, i, &rc))) {
			i = last;
		}
		if (rc)
			return rc;
	}
	return XLQA_OK;
}
