/*
 * Unit tests of answer extraction, exact-answer trimming and candidate merging (include/xlqa/answer.h),
 * table-driven over small English, German and Spanish sentences.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct xlqa_lang *open_lang(const char *code)
{
	struct xlqa_lang_options opt = { getenv("XLQA_LANG_DIR"), NULL, 0 };
	struct xlqa_lang *lang = NULL;
	struct xlqa_error err;

	xlqa_error_clear(&err);
	ck_assert_msg(xlqa_lang_open(code, &opt, &lang, &err) == XLQA_OK, "%s", err.message);
	return lang;
}

/* One extraction case: in `text`, a span of `kind` with exactly the text `expect` must be found. */
struct extract_case {
	const char *lang;
	const char *text;
	const char *target; /* definition target, or NULL */
	enum xlqa_extract_kind kind;
	const char *expect;
};

static const struct extract_case extract_cases[] = {
	/* a two-word name inside a sentence */
	{ "en", "The museum was designed by Renzo Piano in Paris.", NULL, XLQA_EXTRACT_NAME, "Renzo Piano" },
	/* a connector joins a name's parts, the article before it is not part of it */
	{ "en", "He worked for the Bank of England for years.", NULL, XLQA_EXTRACT_NAME, "Bank of England" },
	/* a sentence's first word is a name unless it is a stop word ("The") */
	{ "en", "Napoleon lost at Waterloo.", NULL, XLQA_EXTRACT_NAME, "Napoleon" },
	/* a four-digit number in range is a year */
	{ "en", "It opened in 1977 after five years.", NULL, XLQA_EXTRACT_YEAR, "1977" },
	/* an English date, month first, with the comma before the year */
	{ "en", "The treaty was signed on March 12, 1994 in Paris.", NULL, XLQA_EXTRACT_DATE, "March 12, 1994" },
	/* a number with the noun it counts */
	{ "en", "The stadium holds 50,000 spectators.", NULL, XLQA_EXTRACT_MEASURE, "50,000 spectators" },
	/* the bare number as well: gold answers often omit the unit */
	{ "en", "The stadium holds 50,000 spectators.", NULL, XLQA_EXTRACT_NUMBER, "50,000" },
	/* a number word is a number */
	{ "en", "They have three children.", NULL, XLQA_EXTRACT_MEASURE, "three children" },
	/* money keeps its currency sign */
	{ "en", "The ticket costs $20 today.", NULL, XLQA_EXTRACT_MEASURE, "$20" },
	/* a percentage keeps its sign */
	{ "en", "Prices rose by 12 % last year.", NULL, XLQA_EXTRACT_MEASURE, "12 %" },
	/* appositive definition: "X, the Y," without the article */
	{ "en", "Anne Hidalgo, the mayor of Paris, was elected in 2014.", "Anne Hidalgo", XLQA_EXTRACT_DEFINITION,
	  "mayor of Paris" },
	/* copula definition: "X is a Y" */
	{ "en", "The Colosseum is an amphitheatre in Rome.", "Colosseum", XLQA_EXTRACT_DEFINITION, "amphitheatre in Rome" },
	/* noun-phrase fallback: a run of content words */
	{ "en", "The engine uses liquid hydrogen fuel.", NULL, XLQA_EXTRACT_PHRASE, "engine uses liquid hydrogen fuel" },
	/* a part of a run of content words: answers are often shorter than the run */
	{ "en", "Using the absolute value yields the real numbers.", NULL, XLQA_EXTRACT_PHRASE, "absolute value" },
	/* two runs joined by a connector */
	{ "en", "It helped the rise of Adolf Hitler to power.", NULL, XLQA_EXTRACT_PHRASE, "rise of Adolf Hitler" },
	/* a month that is also a stop word ("may") stays at the head of its date */
	{ "en", "Fighting began on May 18, 1756 in Europe.", NULL, XLQA_EXTRACT_DATE, "May 18, 1756" },
	/* a name's possessive is not part of the answer (lang/en/genitive.txt), typographic or not */
	{ "en", "It was John C. Messenger's map.", NULL, XLQA_EXTRACT_NAME, "John C. Messenger" },
	{ "en", "It was John C. Messenger\xE2\x80\x99s map.", NULL, XLQA_EXTRACT_NAME, "John C. Messenger" },
	/* the words before a possessive inside a name are a name too */
	{ "en", "It followed William Tyndale's English Bible closely.", NULL, XLQA_EXTRACT_NAME, "William Tyndale" },
	{ "en", "It followed William Tyndale's English Bible closely.", NULL, XLQA_EXTRACT_NAME,
	  "William Tyndale's English Bible" },
	/* German genitive "s" has no apostrophe and stays: "Paris" is no genitive */
	{ "de", "Er wohnt in Paris seit Jahren.", NULL, XLQA_EXTRACT_NAME, "Paris" },
	/* German: a date with the day's period and the month name */
	{ "de", "Das Museum wurde am 31. Januar 1977 eröffnet.", NULL, XLQA_EXTRACT_DATE, "31. Januar 1977" },
	/* German: a spelled-out number with its noun */
	{ "de", "Er hat zwei Kinder.", NULL, XLQA_EXTRACT_MEASURE, "zwei Kinder" },
	/* German: a name after a preposition */
	{ "de", "Das Werk stammt von Johann Sebastian Bach.", NULL, XLQA_EXTRACT_NAME, "Johann Sebastian Bach" },
	/* Spanish: "12 de marzo de 1994", the linking "de" inside the date */
	{ "es", "El tratado se firmó el 12 de marzo de 1994 en París.", NULL, XLQA_EXTRACT_DATE, "12 de marzo de 1994" },
	/* Spanish: a name joined by "de" and an article (the town San Sebastián de los Reyes), without the
	 * sentence's first word */
	{ "es", "Vive en San Sebastián de los Reyes desde 1990.", NULL, XLQA_EXTRACT_NAME, "San Sebastián de los Reyes" },
	/* Spanish: a year */
	{ "es", "La empresa se fundó en 1886.", NULL, XLQA_EXTRACT_YEAR, "1886" },
	/* a hyphen inside a word does not end a phrase */
	{ "en", "The suit would include a water-cooled undergarment.", NULL, XLQA_EXTRACT_PHRASE,
	  "water-cooled undergarment" },
	/* nor does an en dash, in a phrase or in a name */
	{ "en", "It came after the Cretaceous\xE2\x80\x93Paleogene extinction event.", NULL, XLQA_EXTRACT_PHRASE,
	  "Cretaceous\xE2\x80\x93Paleogene extinction" },
	{ "en", "It came after the Cretaceous\xE2\x80\x93Paleogene extinction event.", NULL, XLQA_EXTRACT_NAME,
	  "Cretaceous\xE2\x80\x93Paleogene" },
	/* the last words of a capitalised run are a name too: German capitalises the noun before it */
	{ "de", "Der Historiker Frederick W. Mote schrieb das.", NULL, XLQA_EXTRACT_NAME, "Frederick W. Mote" },
	{ "en", "He praised Pro Bowl Defensive Tackle Kawann Short.", NULL, XLQA_EXTRACT_NAME, "Kawann Short" },
	/* a connector and an article join a name ("de la", "of the") */
	{ "es", "Lidera el Índice de Percepción de la Corrupción desde 1995.", NULL, XLQA_EXTRACT_NAME,
	  "Índice de Percepción de la Corrupción" },
	{ "en", "He was made a knight of the Order of the Garter in 1907.", NULL, XLQA_EXTRACT_NAME,
	  "Order of the Garter" },
	/* a hyphened lower-case particle joins a name ("al-"), in any language */
	{ "en", "It was led by Hassan al-Turabi at the time.", NULL, XLQA_EXTRACT_NAME, "Hassan al-Turabi" },
	{ "es", "Lo escribió Abu al-Qasim al-Zahrawi en Córdoba.", NULL, XLQA_EXTRACT_NAME, "Abu al-Qasim al-Zahrawi" },
	/* a lower-case part hyphened to a name's last word: the name with it, and its parts */
	{ "en", "He met Secretary-General Ban Ki-moon in May.", NULL, XLQA_EXTRACT_NAME, "Ban Ki-moon" },
	{ "en", "He met Secretary-General Ban Ki-moon in May.", NULL, XLQA_EXTRACT_NAME,
	  "Secretary-General Ban Ki-moon" },
	/* and without it ("New York-based") */
	{ "en", "It is a New York-based firm.", NULL, XLQA_EXTRACT_NAME, "New York" },
	/* coordinations and lists through the pack's conjunctions (conjunctions.txt) */
	{ "en", "They hold art from China, Japan and Korea.", NULL, XLQA_EXTRACT_NAME, "China, Japan and Korea" },
	{ "en", "It is held by the Word and Image department.", NULL, XLQA_EXTRACT_NAME, "Word and Image" },
	{ "en", "It is often abbreviated as ctDNA, or cpDNA.", NULL, XLQA_EXTRACT_PHRASE, "ctDNA, or cpDNA" },
	{ "de", "Sie hemmen Cortisol und Katecholamine am Tag.", NULL, XLQA_EXTRACT_NAME, "Cortisol und Katecholamine" },
	{ "es", "Incluyen obras de China, Japón y Corea.", NULL, XLQA_EXTRACT_NAME, "China, Japón y Corea" },
	/* a lower-case word in an item makes the coordination a phrase, however it begins */
	{ "de", "Im Jahr 1993 zeigten Galor und Zeira das.", NULL, XLQA_EXTRACT_PHRASE, "Jahr 1993 zeigten Galor und Zeira" },
	/* and so does having no capitalised word: numbers are no names */
	{ "de", "Die Pest kam zwischen 1350 und 1490 wieder.", NULL, XLQA_EXTRACT_PHRASE, "1350 und 1490" },
	/* nor a number among names: a date that ends one clause and the name that begins the next */
	{ "fr", "Il est élu en 1993, et Farooq Leghari le nomme.", NULL, XLQA_EXTRACT_PHRASE, "1993, et Farooq Leghari" },
	{ "fr", "Il rencontre Sun Yat-sen en 1912.", NULL, XLQA_EXTRACT_NAME, "Sun Yat-sen" },
	/* phrases joined through the pack's connectors (connectors.txt), an article after one, two in a row */
	{ "es", "Ocupa la mayor parte del Canal de la Mancha.", NULL, XLQA_EXTRACT_PHRASE, "Canal de la Mancha" },
	{ "de", "Das ist die Evolution des adaptiven Immunsystems.", NULL, XLQA_EXTRACT_PHRASE,
	  "Evolution des adaptiven Immunsystems" },
	{ "es", "Usaron la prueba de primalidad de Miller-Rabin.", NULL, XLQA_EXTRACT_PHRASE,
	  "prueba de primalidad de Miller-Rabin" },
	{ "es", "Contribuyó al ascenso al poder de Adolf Hitler.", NULL, XLQA_EXTRACT_PHRASE,
	  "ascenso al poder de Adolf Hitler" },
	/* a Roman numeral in capitals ends a name ("World War I", "Guaimar IV"), though a pack reads it as a number */
	{ "en", "It was built before World War I began.", NULL, XLQA_EXTRACT_NAME, "World War I" },
	{ "fr", "Il épouse la fille de Guaimar IV de Salerne.", NULL, XLQA_EXTRACT_NAME, "Guaimar IV" },
	{ "de", "Das Schloss baute Ludwig XIV nicht.", NULL, XLQA_EXTRACT_NAME, "Ludwig XIV" },
	/* the elided connector "d'", either apostrophe, inside a French or Italian name */
	{ "fr", "Elle vit en Côte d’Ivoire depuis 1990.", NULL, XLQA_EXTRACT_NAME, "Côte d’Ivoire" },
	{ "fr", "Le procès de Jeanne d'Arc s'ouvre à Rouen.", NULL, XLQA_EXTRACT_NAME, "Jeanne d'Arc" },
	{ "it", "Vive a Cortina d'Ampezzo da anni.", NULL, XLQA_EXTRACT_NAME, "Cortina d'Ampezzo" },
	/* an ampersand joins a name ("Procter & Gamble") */
	{ "en", "The spinoff Mork & Mindy debuted in 1978.", NULL, XLQA_EXTRACT_NAME, "Mork & Mindy" },
	{ "en", "He founded Tesla Electric Light & Manufacturing in Rahway.", NULL, XLQA_EXTRACT_NAME,
	  "Tesla Electric Light & Manufacturing" },
	/* the last words of the run before a connector: "summer of 1521" */
	{ "en", "Luther broadened his attacks in the summer of 1521.", NULL, XLQA_EXTRACT_PHRASE, "summer of 1521" },
};

START_TEST(extract_table)
{
	const struct extract_case *c = &extract_cases[_i];
	struct xlqa_lang *lang = open_lang(c->lang);
	struct xlqa_extraction x;
	struct xlqa_error err;
	bool found = false;

	xlqa_error_clear(&err);
	xlqa_extraction_init(&x);
	ck_assert_msg(xlqa_extract_run(lang, c->text, strlen(c->text), c->target, &x, &err) == XLQA_OK, "%s", err.message);
	for (size_t i = 0; i < x.n && !found; i++) {
		const struct xlqa_extract_span *s = &x.spans[i];

		ck_assert(s->start < s->end && s->end <= strlen(c->text));
		found = s->kind == c->kind && s->end - s->start == strlen(c->expect) &&
		        memcmp(c->text + s->start, c->expect, s->end - s->start) == 0;
	}
	if (!found)
		for (size_t i = 0; i < x.n; i++)
			fprintf(stderr, "  %s: '%.*s'\n", xlqa_extract_kind_name(x.spans[i].kind),
			        (int)(x.spans[i].end - x.spans[i].start), c->text + x.spans[i].start);
	ck_assert_msg(found, "%s: no %s '%s' in '%s'", c->lang, xlqa_extract_kind_name(c->kind), c->expect, c->text);
	xlqa_extraction_release(&x);
	xlqa_lang_free(lang);
}
END_TEST

START_TEST(extract_unread_digits_are_no_number)
{
	/* ICU calls "km2" and "MP3" numbers, but no pack reads a value in them: words, not numbers */
	static const struct {
		const char *lang, *text, *number, *word;
	} cases[] = {
		{ "es", "La cuenca abarca 5 500 000 km2 de selva.", "5 500 000", "km2" },
		{ "en", "They sold 300 MP3 players.", "300", "MP3" },
	};

	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		struct xlqa_lang *lang = open_lang(cases[c].lang);
		struct xlqa_extraction x;
		struct xlqa_error err;
		const char *text = cases[c].text;
		size_t numbers = 0;

		xlqa_extraction_init(&x);
		ck_assert_int_eq(xlqa_extract_run(lang, text, strlen(text), NULL, &x, &err), XLQA_OK);
		for (size_t i = 0; i < x.n; i++) {
			const struct xlqa_extract_span *sp = &x.spans[i];
			size_t n = sp->end - sp->start;

			if (sp->kind != XLQA_EXTRACT_NUMBER && sp->kind != XLQA_EXTRACT_MEASURE)
				continue;
			ck_assert_msg(n < strlen(cases[c].word) ||
			                  memcmp(text + sp->start, cases[c].word, strlen(cases[c].word)) != 0,
			              "%s: '%.*s' is a %s", text, (int)n, text + sp->start, xlqa_extract_kind_name(sp->kind));
			numbers += n >= strlen(cases[c].number) && memcmp(text + sp->start, cases[c].number, strlen(cases[c].number)) == 0;
		}
		ck_assert_msg(numbers >= 1, "%s: no number '%s'", text, cases[c].number);
		xlqa_extraction_release(&x);
		xlqa_lang_free(lang);
	}
}
END_TEST

/* True when `x` has a span of `kind` whose text is exactly `want`. */
static bool has_span(const struct xlqa_extraction *x, const char *text, const char *want, enum xlqa_extract_kind kind)
{
	for (size_t i = 0; i < x->n; i++)
		if (x->spans[i].kind == kind && x->spans[i].end - x->spans[i].start == strlen(want) &&
		    memcmp(text + x->spans[i].start, want, strlen(want)) == 0)
			return true;
	return false;
}

/* An article that is also a numeral counts nothing: no measure ("eine Brücke", "una economía"); a
 * numeral in words still measures ("zwei Kinder"). */
START_TEST(extract_article_numeral_no_measure)
{
	static const struct {
		const char *lang, *text, *measure;
		bool found;
	} cases[] = {
		{ "de", "Dort wurde eine Br\xc3\xbc" "cke gebaut.", NULL, false },
		{ "es", "Es una econom\xc3\xad" "a abierta.", NULL, false },
		{ "de", "Er hat zwei Kinder.", "zwei Kinder", true },
	};

	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		struct xlqa_lang *lang = open_lang(cases[c].lang);
		struct xlqa_extraction x;
		struct xlqa_error err;
		bool any = false;

		xlqa_extraction_init(&x);
		ck_assert_int_eq(xlqa_extract_run(lang, cases[c].text, strlen(cases[c].text), NULL, &x, &err), XLQA_OK);
		for (size_t i = 0; i < x.n; i++)
			any |= x.spans[i].kind == XLQA_EXTRACT_MEASURE;
		ck_assert_msg(any == cases[c].found, "%s: a measure %s", cases[c].text, any ? "found" : "missing");
		if (cases[c].measure)
			ck_assert(has_span(&x, cases[c].text, cases[c].measure, XLQA_EXTRACT_MEASURE));
		xlqa_extraction_release(&x);
		xlqa_lang_free(lang);
	}
}
END_TEST

START_TEST(extract_grouped_number_is_one)
{
	/* "5 500 000" is one number and, with the unit after it, one measure, even when the unit is a word
	 * with digits ("km2"); its groups "5", "500" and "000" are no numbers of their own */
	static const char text[] = "Esta cuenca abarca 5 500 000 km2 de selva y 20 km2 de lagos.";
	static const char *const groups[] = { "5", "500", "000" };
	struct xlqa_lang *lang = open_lang("es");
	struct xlqa_extraction x;
	struct xlqa_error err;

	xlqa_extraction_init(&x);
	ck_assert_int_eq(xlqa_extract_run(lang, text, strlen(text), NULL, &x, &err), XLQA_OK);
	ck_assert(has_span(&x, text, "5 500 000", XLQA_EXTRACT_NUMBER));
	ck_assert(has_span(&x, text, "5 500 000 km2", XLQA_EXTRACT_MEASURE));
	ck_assert(has_span(&x, text, "20 km2", XLQA_EXTRACT_MEASURE));
	for (size_t g = 0; g < sizeof groups / sizeof *groups; g++)
		ck_assert_msg(!has_span(&x, text, groups[g], XLQA_EXTRACT_NUMBER), "'%s' is a number", groups[g]);
	xlqa_extraction_release(&x);
	xlqa_lang_free(lang);
}
END_TEST

START_TEST(extract_day_is_no_number)
{
	/* the day of a date is no number or phrase of its own: "28. Mai 2012" is a date, "28" no candidate */
	static const struct {
		const char *lang, *text, *date, *number, *day;
	} cases[] = {
		{ "de", "Am 28. Mai 2012 traf der Sturm Beryl die Stadt.", "28. Mai 2012", NULL, "28" },
		{ "es", "Llegaron el 12 de marzo de 1994 con 300 hombres.", "12 de marzo de 1994", "300", "12" },
		{ "en", "On 4 July 1776 about 56 men signed it.", "4 July 1776", "56", "4" },
	};

	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		struct xlqa_lang *lang = open_lang(cases[c].lang);
		struct xlqa_extraction x;
		struct xlqa_error err;
		const char *text = cases[c].text;
		size_t dates = 0, numbers = 0;

		xlqa_extraction_init(&x);
		ck_assert_int_eq(xlqa_extract_run(lang, text, strlen(text), NULL, &x, &err), XLQA_OK);
		for (size_t i = 0; i < x.n; i++) {
			const struct xlqa_extract_span *sp = &x.spans[i];
			size_t n = sp->end - sp->start;

			if (sp->kind == XLQA_EXTRACT_DATE) {
				ck_assert_msg(n == strlen(cases[c].date) && memcmp(text + sp->start, cases[c].date, n) == 0,
				              "%s: date '%.*s'", text, (int)n, text + sp->start);
				dates++;
			} else if (sp->kind == XLQA_EXTRACT_NUMBER) {
				ck_assert_msg(cases[c].number && n == strlen(cases[c].number) &&
				                  memcmp(text + sp->start, cases[c].number, n) == 0,
				              "%s: number '%.*s'", text, (int)n, text + sp->start);
				numbers++;
			} else {
				ck_assert_msg(n != strlen(cases[c].day) || memcmp(text + sp->start, cases[c].day, n) != 0,
				              "%s: the day is a %s", text, xlqa_extract_kind_name(sp->kind));
			}
		}
		ck_assert_uint_eq(dates, 1);
		ck_assert_uint_eq(numbers, cases[c].number ? 1 : 0);
		xlqa_extraction_release(&x);
		xlqa_lang_free(lang);
	}
}
END_TEST

START_TEST(extract_no_false_kinds)
{
	/* a sentence without capitals after its first stop word, digits or months yields no name, number or date */
	struct xlqa_lang *lang = open_lang("en");
	struct xlqa_extraction x;
	struct xlqa_error err;
	const char *text = "The cat sat on the mat.";

	xlqa_extraction_init(&x);
	ck_assert_int_eq(xlqa_extract_run(lang, text, strlen(text), NULL, &x, &err), XLQA_OK);
	for (size_t i = 0; i < x.n; i++)
		ck_assert_int_eq(x.spans[i].kind, XLQA_EXTRACT_PHRASE);
	ck_assert_uint_ge(x.n, 1);
	xlqa_extraction_release(&x);
	xlqa_lang_free(lang);
}
END_TEST

/* Trimming: `text` trimmed is `expect`. */
static const struct {
	const char *lang, *text, *expect;
} trim_cases[] = {
	{ "en", "the Eiffel Tower.", "Eiffel Tower" },     /* leading article, trailing period */
	{ "en", "in Paris,", "Paris" },                    /* leading preposition, trailing comma */
	{ "en", "$20", "$20" },                            /* the currency sign before a number stays */
	{ "en", "about 12 km", "12 km" },                  /* a leading stop word goes, the unit stays */
	{ "en", "45 %", "45 %" },                          /* the percent sign stays */
	{ "en", "the", "" },                               /* nothing left */
	{ "de", "der Bundestag", "Bundestag" },            /* German article */
	{ "es", "el río Ebro;", "río Ebro" },              /* Spanish article and a semicolon */
	{ "en", "\"Hamlet\"", "Hamlet" },                  /* quotation marks around a title */
	/* an article that is also a numeral: trimmed at the end and before a word, kept before a number or alone */
	{ "es", "área estadística un", "área estadística" },
	{ "de", "eine gekrümmte Linie", "gekrümmte Linie" },
	{ "es", "un millón", "un millón" },
	{ "de", "eine", "eine" },
};

START_TEST(trim_table)
{
	struct xlqa_lang *lang = open_lang(trim_cases[_i].lang);
	const char *text = trim_cases[_i].text;
	size_t start = 0, end = strlen(text);
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_answer_trim(lang, text, &start, &end, &err), XLQA_OK);
	ck_assert_uint_le(start, end);
	ck_assert_uint_eq(end - start, strlen(trim_cases[_i].expect));
	ck_assert(memcmp(text + start, trim_cases[_i].expect, end - start) == 0);
	xlqa_lang_free(lang);
}
END_TEST

START_TEST(keys_merge_variants)
{
	/* the same answer written differently has one key; different answers differ */
	struct xlqa_lang *lang = open_lang("en");
	struct xlqa_buf a = XLQA_BUF_INIT, b = XLQA_BUF_INIT, c = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_answer_key(lang, "The Eiffel Tower,", 17, &a, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_answer_key(lang, "eiffel tower", 12, &b, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_answer_key(lang, "Eiffel", 6, &c, &err), XLQA_OK);
	ck_assert_str_eq(a.buf, "eiffel tower");
	ck_assert_str_eq(a.buf, b.buf);
	ck_assert_str_ne(a.buf, c.buf);
	xlqa_buf_release(&a);
	xlqa_buf_release(&b);
	xlqa_buf_release(&c);
	xlqa_lang_free(lang);
}
END_TEST

START_TEST(set_merges_occurrences)
{
	/*
	 * Three occurrences: "Paris" in passage 0 of doc 1, in passage 1 of doc 2 and again in passage 1
	 * (doc 2); "Rome" once. Paris merges into one candidate with 2 passages and 2 documents (log 3
	 * each), its sentence feature the maximum (0.8) and its text, document and support those of the
	 * occurrence with the better heuristic score (the second, sentence 0.8).
	 */
	struct xlqa_answer_set s;
	double f1[XLQA_ANSWER_FEATURES] = { 0 }, f2[XLQA_ANSWER_FEATURES] = { 0 }, f3[XLQA_ANSWER_FEATURES] = { 0 };

	f1[XLQA_FEATURE_SENTENCE] = 0.2;
	f2[XLQA_FEATURE_SENTENCE] = 0.8;
	f3[XLQA_FEATURE_SENTENCE] = 0.5;
	xlqa_answer_set_init(&s);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "Paris", 5, "paris", 1, 0, XLQA_EXTRACT_NAME, f1, "In Paris.", 9), XLQA_OK);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "Rome", 4, "rome", 1, 0, XLQA_EXTRACT_NAME, f3, "Rome too.", 9), XLQA_OK);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "PARIS", 5, "paris", 2, 1, XLQA_EXTRACT_NAME, f2, "To\n PARIS.", 10),
	                 XLQA_OK);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "Paris", 5, "paris", 2, 1, XLQA_EXTRACT_NAME, f1, "Paris!", 6), XLQA_OK);
	ck_assert_uint_eq(s.n, 2);
	xlqa_answer_set_sort(&s);
	ck_assert_str_eq(s.candidates[0].key, "paris");
	ck_assert_str_eq(s.candidates[0].text, "PARIS");
	ck_assert_str_eq(s.candidates[0].support, "To PARIS."); /* white space collapsed */
	ck_assert_uint_eq(s.candidates[0].doc, 2);
	ck_assert_uint_eq(s.candidates[0].n_passages, 2);
	ck_assert_uint_eq(s.candidates[0].n_docs, 2);
	ck_assert(fabs(s.candidates[0].features[XLQA_FEATURE_SENTENCE] - 0.8) < 1e-12);
	ck_assert(fabs(s.candidates[0].features[XLQA_FEATURE_DOCS] - log(3)) < 1e-12);
	ck_assert_uint_eq(s.candidates[1].n_docs, 1);
	ck_assert(s.candidates[0].score >= s.candidates[1].score);
	xlqa_answer_set_release(&s);
}
END_TEST

START_TEST(set_takes_better_occurrence)
{
	/*
	 * A merged candidate is described by its better occurrence (the higher heuristic score): its
	 * neighbour features (here "before") come from it, not from the first occurrence, while the
	 * maximum features keep the best of both (proximity 1 from the first, sentence 0.9 from the second).
	 */
	struct xlqa_answer_set s;
	double weak[XLQA_ANSWER_FEATURES] = { 0 }, strong[XLQA_ANSWER_FEATURES] = { 0 };

	weak[XLQA_FEATURE_SENTENCE] = 0.1;
	weak[XLQA_FEATURE_PROXIMITY] = 1;
	weak[XLQA_FEATURE_BEFORE] = 1;
	strong[XLQA_FEATURE_SENTENCE] = 0.9;
	strong[XLQA_FEATURE_PROXIMITY] = 0.5;
	ck_assert(xlqa_answer_heuristic(strong) > xlqa_answer_heuristic(weak));
	xlqa_answer_set_init(&s);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "Oslo", 4, "oslo", 1, 0, XLQA_EXTRACT_NAME, weak, "a", 1), XLQA_OK);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "Oslo", 4, "oslo", 2, 1, XLQA_EXTRACT_NAME, strong, "b", 1), XLQA_OK);
	ck_assert_uint_eq(s.n, 1);
	ck_assert(s.candidates[0].features[XLQA_FEATURE_BEFORE] == 0);
	ck_assert(fabs(s.candidates[0].features[XLQA_FEATURE_PROXIMITY] - 1) < 1e-12);
	ck_assert(fabs(s.candidates[0].features[XLQA_FEATURE_SENTENCE] - 0.9) < 1e-12);
	ck_assert_str_eq(s.candidates[0].support, "b");
	xlqa_answer_set_release(&s);
}
END_TEST

START_TEST(set_keeps_the_sign)
{
	/*
	 * "91" (a number) and "91%" (a measure) share the key "91": in the same sentence the answer is
	 * written with its sign, whichever occurrence came first and whichever describes the candidate;
	 * from another sentence the sign is not taken.
	 */
	struct xlqa_answer_set s;
	double f[XLQA_ANSWER_FEATURES] = { 0 };
	const char *sent = "and 91% of  land", *norm = "and 91% of land";

	f[XLQA_FEATURE_SENTENCE] = 0.5;
	xlqa_answer_set_init(&s);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "91", 2, "91", 1, 0, XLQA_EXTRACT_NUMBER, f, sent, strlen(sent)), XLQA_OK);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "91%", 3, "91", 1, 0, XLQA_EXTRACT_MEASURE, f, sent, strlen(sent)),
	                 XLQA_OK);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "7", 1, "7", 1, 0, XLQA_EXTRACT_NUMBER, f, sent, strlen(sent)), XLQA_OK);
	ck_assert_int_eq(xlqa_answer_set_add(&s, "7%", 2, "7", 1, 1, XLQA_EXTRACT_MEASURE, f, "7% else", 7), XLQA_OK);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_str_eq(s.candidates[0].text, "91%");
	ck_assert_str_eq(s.candidates[0].support, norm);
	ck_assert_str_eq(s.candidates[1].text, "7");
	xlqa_answer_set_release(&s);
}
END_TEST

START_TEST(feature_names_complete)
{
	/* every feature has a distinct name (they head the calibrate TSV columns) */
	for (size_t i = 0; i < XLQA_ANSWER_FEATURES; i++) {
		ck_assert_ptr_nonnull(xlqa_answer_feature_name(i));
		for (size_t j = 0; j < i; j++)
			ck_assert_str_ne(xlqa_answer_feature_name(i), xlqa_answer_feature_name(j));
	}
	ck_assert_ptr_null(xlqa_answer_feature_name(XLQA_ANSWER_FEATURES));
	ck_assert_str_eq(xlqa_extract_kind_name(XLQA_EXTRACT_KINDS), "?");
}
END_TEST

START_TEST(feature_blocks_follow_the_kinds)
{
	/* the blocks of answer-features.h spell the kinds themselves: they must be the extractor's, in
	 * its order, or a model's "number@measure" would be another kind's column */
	static const char *const groups[XLQA_TYPE_GROUPS] = { "named", "time", "measure", "open", "definition" };
	char want[64];
	for (size_t k = 0; k < XLQA_EXTRACT_KINDS; k++) {
		const char *kind = xlqa_extract_kind_name((enum xlqa_extract_kind)k);
		for (size_t g = 0; g < XLQA_TYPE_GROUPS; g++) {
			snprintf(want, sizeof want, "%s@%s", kind, groups[g]);
			ck_assert_str_eq(xlqa_answer_feature_name(XLQA_FEATURE_KIND_TYPE + k * XLQA_TYPE_GROUPS + g), want);
		}
		snprintf(want, sizeof want, "proximity@%s", kind);
		ck_assert_str_eq(xlqa_answer_feature_name(XLQA_FEATURE_KIND_PROXIMITY + k), want);
	}
	/* a meaning for each feature, a block's shared by its features, none past the end */
	for (size_t i = 0; i < XLQA_ANSWER_FEATURES; i++)
		ck_assert_ptr_nonnull(xlqa_answer_feature_help(i));
	ck_assert_str_eq(xlqa_answer_feature_help(XLQA_FEATURE_KIND_TYPE + 7),
	                 xlqa_answer_feature_help(XLQA_FEATURE_KIND_TYPE));
	ck_assert_str_ne(xlqa_answer_feature_help(XLQA_FEATURE_KIND_TYPE - 1),
	                 xlqa_answer_feature_help(XLQA_FEATURE_KIND_TYPE));
	ck_assert_str_eq(xlqa_answer_feature_help(XLQA_FEATURE_PASSAGES), "log(1 + passages holding it)");
	ck_assert_ptr_null(xlqa_answer_feature_help(XLQA_ANSWER_FEATURES));
}
END_TEST

Suite *answer_suite(void)
{
	Suite *s = suite_create("answer");
	TCase *tc = tcase_create("answer");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, extract_table, 0, (int)(sizeof extract_cases / sizeof *extract_cases));
	tcase_add_test(tc, extract_no_false_kinds);
	tcase_add_test(tc, extract_day_is_no_number);
	tcase_add_test(tc, extract_unread_digits_are_no_number);
	tcase_add_test(tc, extract_article_numeral_no_measure);
	tcase_add_test(tc, extract_grouped_number_is_one);
	tcase_add_test(tc, set_takes_better_occurrence);
	tcase_add_test(tc, set_keeps_the_sign);
	tcase_add_loop_test(tc, trim_table, 0, (int)(sizeof trim_cases / sizeof *trim_cases));
	tcase_add_test(tc, keys_merge_variants);
	tcase_add_test(tc, set_merges_occurrences);
	tcase_add_test(tc, feature_names_complete);
	tcase_add_test(tc, feature_blocks_follow_the_kinds);
	suite_add_tcase(s, tc);
	return s;
}
