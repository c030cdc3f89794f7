/*
 * Unit tests of what ICU's locale data adds to answer extraction (src/extract/icu.c,
 * dates.c, icu-tables.c): spelled-out numbers and their values, abbreviated scales, numeric
 * dates in the locale's order, decades, centuries, relative dates resolved against a document's
 * date, and ICU's names of countries and languages, table-driven over English, German and Spanish
 * (the benchmark's languages) and French, Italian and Portuguese.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The packs of the six languages, opened once for the suite (unchecked fixture). */
static const char *const codes[] = { "en", "de", "es", "fr", "it", "pt" };
static struct xlqa_lang *packs[sizeof codes / sizeof *codes];

static void packs_open(void)
{
	struct xlqa_error err;

	for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
		if (xlqa_lang_open(codes[i], NULL, &packs[i], &err) != XLQA_OK) {
			fprintf(stderr, "cannot open '%s': %s\n", codes[i], err.message);
			exit(1);
		}
}

static void packs_close(void)
{
	for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
		xlqa_lang_free(packs[i]);
}

static struct xlqa_lang *pack(const char *code)
{
	for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
		if (strcmp(codes[i], code) == 0)
			return packs[i];
	ck_abort_msg("no pack '%s' in the fixture", code);
	return NULL;
}

/* "none": no document date; otherwise the DATE element as a collection writes it. */
#define NO_DATE NULL

/*
 * One case: in `text` (from a document of `date` and `docno`), a span of `kind` whose text is `span`,
 * with `value` (NAN: not checked) and `resolved` answer (NULL: must have none).
 */
struct icu_case {
	const char *lang;
	const char *date, *docno;
	const char *text;
	enum xlqa_extract_kind kind;
	const char *span;
	double value;
	const char *resolved;
};

/* Saturday 12 March 1994: the document date of the relative cases (yesterday is Friday the 11th). */
#define SAT "19940312"

static const struct icu_case cases[] = {
	/* ---- numbers ---- */
	/* English: "and" joins number words (ICU's verbose rules write "one hundred and one") */
	{ "en", NO_DATE, NULL, "They paid two hundred and fifty dollars.", XLQA_EXTRACT_NUMBER, "two hundred and fifty", 250,
	  NULL },
	/* ... and the counted noun after the whole run */
	{ "en", NO_DATE, NULL, "They paid two hundred and fifty dollars.", XLQA_EXTRACT_MEASURE,
	  "two hundred and fifty dollars", 250, NULL },
	/* a hyphen between number words: 20 + 3 */
	{ "en", NO_DATE, NULL, "Twenty-three people came.", XLQA_EXTRACT_NUMBER, "Twenty-three", 23, NULL },
	/* an abbreviated scale of the pack ("bn") multiplies: 1.5 x 10^9 */
	{ "en", NO_DATE, NULL, "The deal was worth 1.5 bn dollars.", XLQA_EXTRACT_NUMBER, "1.5 bn", 1.5e9, NULL },
	/* a value for extract.c's spans too: 50,000 read with English grouping */
	{ "en", NO_DATE, NULL, "The stadium holds 50,000 spectators.", XLQA_EXTRACT_MEASURE, "50,000 spectators", 50000, NULL },
	/* German: a one-word numeral that only ICU spells out, with its noun */
	{ "de", NO_DATE, NULL, "Es kamen zweihundertfünfzig Menschen.", XLQA_EXTRACT_MEASURE, "zweihundertfünfzig Menschen",
	  250, NULL },
	/* German: a numeral beyond 999, split into ICU's pieces drei, tausend, fünfhundert: 3 x 1000 + 500 */
	{ "de", NO_DATE, NULL, "Sie zahlten dreitausendfünfhundert Euro.", XLQA_EXTRACT_NUMBER, "dreitausendfünfhundert", 3500,
	  NULL },
	/* German: ICU's compact abbreviation "Mio." with its period, and the noun after it */
	{ "de", NO_DATE, NULL, "Das kostete 1,2 Mio. Euro.", XLQA_EXTRACT_MEASURE, "1,2 Mio. Euro", 1.2e6, NULL },
	/* German: "Mrd." is 10^9 */
	{ "de", NO_DATE, NULL, "Der Umsatz betrug 3 Mrd. Euro.", XLQA_EXTRACT_NUMBER, "3 Mrd.", 3e9, NULL },
	/* German: pack words combine: 2 x 10^6 */
	{ "de", NO_DATE, NULL, "Dort leben zwei Millionen Menschen.", XLQA_EXTRACT_NUMBER, "zwei Millionen", 2e6, NULL },
	/* Spanish: hundreds are not pack words; 200 + 50 */
	{ "es", NO_DATE, NULL, "Murieron doscientos cincuenta soldados.", XLQA_EXTRACT_MEASURE,
	  "doscientos cincuenta soldados", 250, NULL },
	/* Spanish: feminine hundreds come from ICU's feminine rule set */
	{ "es", NO_DATE, NULL, "Llegaron trescientas mujeres.", XLQA_EXTRACT_NUMBER, "trescientas", 300, NULL },
	/* Spanish: "y" joins; 1000 + 994 */
	{ "es", NO_DATE, NULL, "Fue en mil novecientos noventa y cuatro.", XLQA_EXTRACT_NUMBER,
	  "mil novecientos noventa y cuatro", 1994, NULL },
	/* Spanish: a decimal times a scale word */
	{ "es", NO_DATE, NULL, "Costó 2,5 millones de euros.", XLQA_EXTRACT_NUMBER, "2,5 millones", 2.5e6, NULL },
	/* Spanish: digits grouped by blanks are one number (XQuAD's "40 000") */
	{ "es", NO_DATE, NULL, "Murieron 40 000 personas.", XLQA_EXTRACT_MEASURE, "40 000 personas", 40000, NULL },
	/* French: "et" joins, 20 + 1 */
	{ "fr", NO_DATE, NULL, "Il a vingt et un ans.", XLQA_EXTRACT_NUMBER, "vingt et un", 21, NULL },
	/* French: "cent" is a hundred: 2 x 100 + 50 */
	{ "fr", NO_DATE, NULL, "Il y avait deux cent cinquante soldats.", XLQA_EXTRACT_NUMBER, "deux cent cinquante", 250,
	  NULL },
	/* Italian: one word, 2 x 1000 + 300 */
	{ "it", NO_DATE, NULL, "Morirono duemilatrecento persone.", XLQA_EXTRACT_MEASURE, "duemilatrecento persone", 2300,
	  NULL },
	/* Portuguese: "e" joins, 200 + 50 */
	{ "pt", NO_DATE, NULL, "Morreram duzentos e cinquenta soldados.", XLQA_EXTRACT_NUMBER, "duzentos e cinquenta", 250,
	  NULL },

	/* ---- numeric dates, decades, centuries, years ---- */
	/* German order d.m.y in one token */
	{ "de", NO_DATE, NULL, "Am 12.03.1994 wurde gewählt.", XLQA_EXTRACT_DATE, "12.03.1994", 19940312, NULL },
	/* English order m/d/yy: 3/12/94 is 12 March */
	{ "en", NO_DATE, NULL, "It was signed on 3/12/94 in Paris.", XLQA_EXTRACT_DATE, "3/12/94", 19940312, NULL },
	/* a British date in English text: no 25th month, so day and month swap */
	{ "en", NO_DATE, NULL, "It was signed on 25/12/94 in Paris.", XLQA_EXTRACT_DATE, "25/12/94", 19941225, NULL },
	/* Spanish order d/m/y */
	{ "es", NO_DATE, NULL, "Se firmó el 12/03/1994 en Madrid.", XLQA_EXTRACT_DATE, "12/03/1994", 19940312, NULL },
	/* ISO order whatever the locale */
	{ "fr", NO_DATE, NULL, "Signé le 1994-03-12 à Paris.", XLQA_EXTRACT_DATE, "1994-03-12", 19940312, NULL },
	/* a decade: four digits and an ending; value the decade's first year */
	{ "en", NO_DATE, NULL, "It was built in the 1950s.", XLQA_EXTRACT_DATE, "1950s", 19500000, NULL },
	/* German: the ending "er" and the plural year word (ICU's unit name, dative) */
	{ "de", NO_DATE, NULL, "Es wurde in den 1950er Jahren gebaut.", XLQA_EXTRACT_DATE, "1950er Jahren", 19500000, NULL },
	/* Spanish: ICU's unit name for decade, a stop word, the year */
	{ "es", NO_DATE, NULL, "Se construyó en la década de 1950.", XLQA_EXTRACT_DATE, "década de 1950", 19500000, NULL },
	/* Spanish: plural year word and two digits */
	{ "es", NO_DATE, NULL, "Era famoso en los años 80.", XLQA_EXTRACT_DATE, "años 80", 19800000, NULL },
	/* French: the plural of the year field's name ("année") */
	{ "fr", NO_DATE, NULL, "C'était dans les années 1950.", XLQA_EXTRACT_DATE, "années 1950", 19500000, NULL },
	/* Italian: the plural year word and a spelled-out tens number */
	{ "it", NO_DATE, NULL, "Era famoso negli anni cinquanta.", XLQA_EXTRACT_DATE, "anni cinquanta", 19500000, NULL },
	/* English: a spelled-out ordinal (ICU's ordinal rules) before the century word, hyphenated */
	{ "en", NO_DATE, NULL, "It is a nineteenth-century church.", XLQA_EXTRACT_DATE, "nineteenth-century", NAN, NULL },
	/* ... and the ordinal alone, what "In what century" is answered with */
	{ "en", NO_DATE, NULL, "Schools were founded in the early nineteenth century.", XLQA_EXTRACT_DATE, "nineteenth", NAN,
	  NULL },
	/* English: a digit ordinal (the ending "th" from ICU's digit ordinals) */
	{ "en", NO_DATE, NULL, "It dates from the 19th century.", XLQA_EXTRACT_DATE, "19th century", NAN, NULL },
	/* German: an inflected ordinal ("-n" rule set) */
	{ "de", NO_DATE, NULL, "Sie entstand im neunzehnten Jahrhundert.", XLQA_EXTRACT_DATE, "neunzehnten Jahrhundert", NAN,
	  NULL },
	/* German: "20." ends a sentence for the segmenter; the ordinal alone is still a date */
	{ "de", NO_DATE, NULL, "Sie wurde im 20. Jahrhundert entwickelt.", XLQA_EXTRACT_DATE, "20.", NAN, NULL },
	/* Spanish: a Roman numeral after the century word */
	{ "es", NO_DATE, NULL, "Se fundó en el siglo XIX.", XLQA_EXTRACT_DATE, "siglo XIX", NAN, NULL },
	/* French: a Roman numeral with the ordinal ending "e" */
	{ "fr", NO_DATE, NULL, "Elle date du XIXe siècle.", XLQA_EXTRACT_DATE, "XIXe siècle", NAN, NULL },
	/* Italian: Roman numeral before the century word */
	{ "it", NO_DATE, NULL, "Fu costruita nel XIX secolo.", XLQA_EXTRACT_DATE, "XIX secolo", NAN, NULL },
	/* Portuguese: the century word, then the numeral */
	{ "pt", NO_DATE, NULL, "Foi construída no século XIX.", XLQA_EXTRACT_DATE, "século XIX", NAN, NULL },
	/* a year after the word for year is a date */
	{ "de", NO_DATE, NULL, "Das war im Jahr 1994 anders.", XLQA_EXTRACT_DATE, "1994", 19940000, NULL },
	/* extract.c's month-name dates get their value */
	{ "en", NO_DATE, NULL, "The treaty was signed on March 12, 1994 in Paris.", XLQA_EXTRACT_DATE, "March 12, 1994",
	  19940312, NULL },

	/* ---- relative dates against Saturday 12 March 1994 ---- */
	/* ICU's word for day -1, answered with ICU's long date */
	{ "en", SAT, NULL, "The parliament was dissolved yesterday.", XLQA_EXTRACT_DATE, "yesterday", 19940311,
	  "March 11, 1994" },
	/* a numeric phrase with a spelled-out number: 12 - 3 */
	{ "en", SAT, NULL, "It happened three days ago in Rome.", XLQA_EXTRACT_DATE, "three days ago", 19940309,
	  "March 9, 1994" },
	/* a year: its digits */
	{ "en", SAT, NULL, "Prices rose last year.", XLQA_EXTRACT_YEAR, "last year", 1993, "1993" },
	/* "last" Monday: the one before Saturday the 12th is the 7th */
	{ "en", SAT, NULL, "He resigned last Monday.", XLQA_EXTRACT_DATE, "last Monday", 19940307, "March 7, 1994" },
	/* "next" Tuesday: the 15th */
	{ "en", SAT, NULL, "They meet next Tuesday.", XLQA_EXTRACT_DATE, "next Tuesday", 19940315, "March 15, 1994" },
	/* a weekday alone: the latest on or before the document's date */
	{ "en", SAT, NULL, "Officials said on Friday that it failed.", XLQA_EXTRACT_DATE, "Friday", 19940311,
	  "March 11, 1994" },
	/* German */
	{ "de", SAT, NULL, "Das Parlament wurde gestern aufgelöst.", XLQA_EXTRACT_DATE, "gestern", 19940311, "11. März 1994" },
	{ "de", SAT, NULL, "Das geschah vor drei Tagen.", XLQA_EXTRACT_DATE, "vor drei Tagen", 19940309, "9. März 1994" },
	{ "de", SAT, NULL, "Er trat letzten Montag zurück.", XLQA_EXTRACT_DATE, "letzten Montag", 19940307, "7. März 1994" },
	{ "de", SAT, NULL, "Er trat am Montag zurück.", XLQA_EXTRACT_DATE, "Montag", 19940307, "7. März 1994" },
	/* Spanish */
	{ "es", SAT, NULL, "El parlamento se disolvió ayer.", XLQA_EXTRACT_DATE, "ayer", 19940311, "11 de marzo de 1994" },
	/* the modifier before the weekday, as Spanish news writes it; the article left out */
	{ "es", SAT, NULL, "Dimitió el pasado lunes.", XLQA_EXTRACT_DATE, "pasado lunes", 19940307, "7 de marzo de 1994" },
	/* a weekday with a day of the month: the 7th near the 12th that is a Monday */
	{ "es", SAT, NULL, "Dimitió el lunes 7 en Madrid.", XLQA_EXTRACT_DATE, "lunes 7", 19940307, "7 de marzo de 1994" },
	/* a month: month and year in ICU's pattern */
	{ "es", SAT, NULL, "Subió el mes pasado.", XLQA_EXTRACT_DATE, "mes pasado", 19940200, "febrero de 1994" },
	{ "fr", SAT, NULL, "Le parlement a été dissous hier.", XLQA_EXTRACT_DATE, "hier", 19940311, "11 mars 1994" },
	{ "it", SAT, NULL, "Il parlamento è stato sciolto ieri.", XLQA_EXTRACT_DATE, "ieri", 19940311, "11 marzo 1994" },
	{ "pt", SAT, NULL, "O parlamento foi dissolvido ontem.", XLQA_EXTRACT_DATE, "ontem", 19940311, "11 de março de 1994" },
	/* the date from the DOCNO when there is no DATE element (SDA's YYMMDD) */
	{ "de", "", "SDA.940312.0001", "Das Parlament wurde gestern aufgelöst.", XLQA_EXTRACT_DATE, "gestern", 19940311,
	  "11. März 1994" },
	/* the LA Times' written date, read with ICU's English long date */
	{ "en", "March 12, 1994, Saturday, Home Edition", NULL, "The bridge closed yesterday.", XLQA_EXTRACT_DATE,
	  "yesterday", 19940311, "March 11, 1994" },
	/* Reuters' date, read with "d-MMM-y" */
	{ "en", "12-MAR-1994 15:01:01.79", NULL, "The bridge closed yesterday.", XLQA_EXTRACT_DATE, "yesterday", 19940311,
	  "March 11, 1994" },
	/* the Glasgow Herald's YYMMDD */
	{ "en", "940312", NULL, "The bridge closed yesterday.", XLQA_EXTRACT_DATE, "yesterday", 19940311, "March 11, 1994" },

	/* ---- names of countries and languages ---- */
	/* Spanish language names are lower case */
	{ "es", NO_DATE, NULL, "Habla alemán e inglés.", XLQA_EXTRACT_NAME, "alemán", NAN, NULL },
	{ "es", NO_DATE, NULL, "Habla alemán e inglés.", XLQA_EXTRACT_NAME, "inglés", NAN, NULL },
	/* an inflected nationality word meets the name through its stem */
	{ "es", NO_DATE, NULL, "Las alemanas ganaron.", XLQA_EXTRACT_NAME, "alemanas", NAN, NULL },
	{ "fr", NO_DATE, NULL, "Il parle allemand.", XLQA_EXTRACT_NAME, "allemand", NAN, NULL },
	{ "it", NO_DATE, NULL, "Parla tedesco.", XLQA_EXTRACT_NAME, "tedesco", NAN, NULL },
	{ "pt", NO_DATE, NULL, "Fala alemão.", XLQA_EXTRACT_NAME, "alemão", NAN, NULL },
	/* English: a language name inside a longer capitalised run */
	{ "en", NO_DATE, NULL, "They studied the French Revolution.", XLQA_EXTRACT_NAME, "French", NAN, NULL },
	/* German: a two-word country name */
	{ "de", NO_DATE, NULL, "Er reiste in die Vereinigten Staaten.", XLQA_EXTRACT_NAME, "Vereinigten Staaten", NAN, NULL },
};

static bool same_value(double want, double got)
{
	return isnan(want) || fabs(want - got) <= 1e-9 * fmax(1, fabs(want));
}

static void dump(const struct xlqa_extraction *x, const char *text)
{
	for (size_t i = 0; i < x->n; i++)
		if (x->spans[i].kind != XLQA_EXTRACT_PHRASE)
			fprintf(stderr, "  %s: '%.*s' %g %s\n", xlqa_extract_kind_name(x->spans[i].kind),
			        (int)(x->spans[i].end - x->spans[i].start), text + x->spans[i].start, x->spans[i].value,
			        x->spans[i].resolved ? x->spans[i].resolved : "");
}

START_TEST(icu_table)
{
	const struct icu_case *c = &cases[_i];
	struct xlqa_lang *lang = pack(c->lang);
	struct xlqa_extraction x;
	struct xlqa_error err;
	const struct xlqa_extract_span *hit = NULL;

	xlqa_error_clear(&err);
	xlqa_extraction_init(&x);
	xlqa_extraction_set_document(&x, c->date, c->docno);
	ck_assert_msg(xlqa_extract_run(lang, c->text, strlen(c->text), NULL, &x, &err) == XLQA_OK, "%s", err.message);
	for (size_t i = 0; i < x.n && !hit; i++) {
		const struct xlqa_extract_span *s = &x.spans[i];

		ck_assert(s->start < s->end && s->end <= strlen(c->text));
		if (s->kind == c->kind && s->end - s->start == strlen(c->span) &&
		    memcmp(c->text + s->start, c->span, s->end - s->start) == 0 && same_value(c->value, s->value) &&
		    (c->resolved ? s->resolved && strcmp(s->resolved, c->resolved) == 0 : !s->resolved))
			hit = s;
	}
	if (!hit)
		dump(&x, c->text);
	ck_assert_msg(hit, "%s: no %s '%s' (value %g, answer '%s') in '%s'", c->lang, xlqa_extract_kind_name(c->kind),
	              c->span, c->value, c->resolved ? c->resolved : "", c->text);
	xlqa_extraction_release(&x);
}
END_TEST

/* What must not be found: no span of `kind` with text `span` (NULL: no resolved date at all). */
static const struct {
	const char *lang, *date, *docno, *text;
	enum xlqa_extract_kind kind;
	const char *span;
} absent[] = {
	/* no document date: "yesterday" names no date */
	{ "en", NO_DATE, NULL, "The parliament was dissolved yesterday.", XLQA_EXTRACT_DATE, NULL },
	/* an XQuAD DOCNO has no date in it */
	{ "en", "", "XQ.EN.00210", "The parliament was dissolved yesterday.", XLQA_EXTRACT_DATE, NULL },
	/* the LA Times' MMDDYY DOCNO is no YYMMDD (94 is no day) */
	{ "en", "", "LA031294-0001", "The parliament was dissolved yesterday.", XLQA_EXTRACT_DATE, NULL },
	/* "esta mañana" is this morning, not tomorrow */
	{ "es", SAT, NULL, "Llegó esta mañana a Madrid.", XLQA_EXTRACT_DATE, NULL },
	/* "la mañana" is the morning */
	{ "es", SAT, NULL, "Trabajó toda la mañana.", XLQA_EXTRACT_DATE, NULL },
	/* a capitalised "Morgen" inside a sentence is the noun (morning) */
	{ "de", SAT, NULL, "Er kam heute Morgen an.", XLQA_EXTRACT_DATE, "Morgen" },
	/* a version number is no date */
	{ "en", NO_DATE, NULL, "Install version 1.2.3 now.", XLQA_EXTRACT_DATE, "1.2.3" },
	/* four numbers joined by hyphens are no date */
	{ "en", NO_DATE, NULL, "Call 12-03-94-11 now.", XLQA_EXTRACT_DATE, "12-03-94" },
	/* a long digit field is no date field (and must not overflow) */
	{ "de", NO_DATE, NULL, "Code 123456789012345.03.1994 nicht.", XLQA_EXTRACT_DATE, "123456789012345.03.1994" },
	/* an impossible date */
	{ "de", NO_DATE, NULL, "Am 31.02.1994 nicht.", XLQA_EXTRACT_DATE, "31.02.1994" },
	/* a capitalised ICU name ("Turkey") is not found in lower case */
	{ "en", NO_DATE, NULL, "They ate turkey.", XLQA_EXTRACT_NAME, "turkey" },
	/* a weekday is no language: "lundi" shares a short stem with "lunda" */
	{ "fr", NO_DATE, NULL, "Il est venu lundi.", XLQA_EXTRACT_NAME, "lundi" },
	/* an ordinal alone is no number ("Zweiten Weltkrieg" stays a name) */
	{ "de", NO_DATE, NULL, "Im Zweiten Weltkrieg.", XLQA_EXTRACT_NUMBER, "Zweiten" },
	/* "first" before "century"-less text is no date */
	{ "en", NO_DATE, NULL, "The first meeting was short.", XLQA_EXTRACT_DATE, "first" },
};

START_TEST(icu_absent)
{
	struct xlqa_lang *lang = pack(absent[_i].lang);
	struct xlqa_extraction x;
	struct xlqa_error err;
	const char *text = absent[_i].text, *span = absent[_i].span;

	xlqa_extraction_init(&x);
	xlqa_extraction_set_document(&x, absent[_i].date, absent[_i].docno);
	ck_assert_int_eq(xlqa_extract_run(lang, text, strlen(text), NULL, &x, &err), XLQA_OK);
	for (size_t i = 0; i < x.n; i++) {
		const struct xlqa_extract_span *s = &x.spans[i];
		bool bad = span ? s->kind == absent[_i].kind && s->end - s->start == strlen(span) &&
		                      memcmp(text + s->start, span, strlen(span)) == 0
		                : s->resolved != NULL;

		if (bad)
			dump(&x, text);
		ck_assert_msg(!bad, "%s: unexpected %s '%.*s' in '%s'", absent[_i].lang, xlqa_extract_kind_name(s->kind),
		              (int)(s->end - s->start), text + s->start, text);
	}
	xlqa_extraction_release(&x);
}
END_TEST

START_TEST(icu_language_change)
{
	/*
	 * One extraction used with English, then Spanish: the tables follow the language (Spanish
	 * "doscientos" is 200 only with Spanish tables), and a document set once stays until changed.
	 */
	struct xlqa_lang *en = pack("en"), *es = pack("es");
	struct xlqa_extraction x;
	struct xlqa_error err;
	const char *a = "It closed yesterday.", *b = "Llegaron doscientos soldados ayer.";
	bool found = false;

	xlqa_extraction_init(&x);
	xlqa_extraction_set_document(&x, SAT, NULL);
	ck_assert_int_eq(xlqa_extract_run(en, a, strlen(a), NULL, &x, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_extract_run(es, b, strlen(b), NULL, &x, &err), XLQA_OK);
	for (size_t i = 0; i < x.n; i++)
		if (x.spans[i].kind == XLQA_EXTRACT_NUMBER && x.spans[i].value == 200)
			found = true;
		else if (x.spans[i].resolved)
			ck_assert_str_eq(x.spans[i].resolved, "11 de marzo de 1994");
	ck_assert(found);
	xlqa_extraction_release(&x);
}
END_TEST

START_TEST(icu_random_text)
{
	/*
	 * Word salad of the pieces the extractors look for, touching or blank-separated, in a buffer of
	 * exactly its length (no NUL after it: a read past the end is a sanitizer error): every span lies
	 * in the text, non-empty, and a resolved answer is a non-empty string. 300 texts a language,
	 * deterministic (xorshift64 from a fixed seed).
	 */
	static const char *const pieces[] = {
		"12", ".", "03", "/", "1994", "-", "94", "1950s", "1950er", "Jahren", "años", "80", "siglo", "XIX", "XIXe",
		"century", "19th", "20", "Jahrhundert", "yesterday", "ayer", "gestern", "hier", "ieri", "ontem", "Monday",
		"lunes", "Montag", "last", "pasado", "letzten", "ago", "vor", "hace", "three", "tres", "drei", "two",
		"hundred", "and", "y", "e", "et", "mil", "millones", "Mio", "Mrd", "bn", "1,2", "40", "000", "de", "el",
		"la", "mañana", "Morgen", "alemán", "inglés", "Alemania", "Estados", "Unidos", "zweihundertfünfzig",
		"dreitausendfünfhundert", "quatre-vingt-dix", "é", "%", "$", "year", "Jahr", "año", "década", "anni",
	};
	uint64_t rng = 0x9E3779B97F4A7C15u;
	struct xlqa_extraction x;
	struct xlqa_error err;
	char text[512];

	xlqa_extraction_init(&x);
	for (size_t l = 0; l < sizeof codes / sizeof *codes; l++)
		for (int it = 0; it < 300; it++) {
			size_t len = 0, words = 1 + test_rng_next(&rng) % 24;
			char *copy;

			for (size_t w = 0; w < words; w++) {
				const char *p = pieces[test_rng_next(&rng) % (sizeof pieces / sizeof *pieces)];
				bool touch = test_rng_next(&rng) % 4 == 0;
				int n = snprintf(text + len, sizeof text - len, "%s%s", w && !touch ? " " : "", p);

				if (n > 0 && (size_t)n < sizeof text - len)
					len += (size_t)n;
			}
			ck_assert_ptr_nonnull(copy = malloc(len));
			memcpy(copy, text, len);
			xlqa_extraction_set_document(&x, it % 3 ? SAT : NULL, "SDA.940312.0001");
			ck_assert_msg(xlqa_extract_run(packs[l], copy, len, NULL, &x, &err) == XLQA_OK, "%s: %s", codes[l],
			              err.message);
			for (size_t i = 0; i < x.n; i++) {
				ck_assert(x.spans[i].start < x.spans[i].end && x.spans[i].end <= len);
				ck_assert(x.spans[i].first + x.spans[i].n <= x.a.n_tokens);
				ck_assert(!x.spans[i].resolved || *x.spans[i].resolved);
			}
			free(copy);
		}
	xlqa_extraction_release(&x);
}
END_TEST

/* xlqa_names_each's callback: remembers Spanish's name of German (code "de"). */
static int find_german(void *ctx, unsigned kind, const char *code, const char *name, struct xlqa_error *err)
{
	(void)err;
	if (kind == XLQA_NAMES_LANGUAGES && strcmp(code, "de") == 0)
		snprintf(ctx, 64, "%s", name);
	return XLQA_OK;
}

static int stop_at_first(void *ctx, unsigned kind, const char *code, const char *name, struct xlqa_error *err)
{
	(void)kind;
	(void)code;
	(void)name;
	++*(int *)ctx;
	return xlqa_error_set(err, XLQA_EINVAL, "stop");
}

START_TEST(icu_names_each)
{
	/* ICU names a language in one locale, as written there; the callback's status stops the walk */
	char german[64] = "";
	int calls = 0;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_names_each("es", XLQA_NAMES_LANGUAGES, find_german, german, &err), XLQA_OK);
	ck_assert_str_eq(german, "alemán");
	ck_assert_int_eq(xlqa_names_each("es", XLQA_NAMES_REGIONS, stop_at_first, &calls, &err), XLQA_EINVAL);
	ck_assert_int_eq(calls, 1);
}
END_TEST

Suite *extract_icu_suite(void)
{
	Suite *s = suite_create("extract_icu");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_unchecked_fixture(tc, packs_open, packs_close);
	tcase_add_loop_test(tc, icu_table, 0, (int)(sizeof cases / sizeof *cases));
	tcase_add_loop_test(tc, icu_absent, 0, (int)(sizeof absent / sizeof *absent));
	tcase_add_test(tc, icu_language_change);
	tcase_add_test(tc, icu_random_text);
	tcase_add_test(tc, icu_names_each);
	suite_add_tcase(s, tc);
	return s;
}
