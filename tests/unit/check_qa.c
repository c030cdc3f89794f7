/*
 * Unit tests of the qa module: the answer-type registries, question rules (lang/<iso>/questions.txt)
 * and their errors, and question analysis in every language, table-driven from tests/qa/<iso>.tsv.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *test_data(void)
{
	const char *d = getenv("XLQA_TEST_DATA");
	return d ? d : "tests";
}

static const char *lang_dir(void)
{
	const char *d = getenv("XLQA_LANG_DIR");
	return d ? d : "lang";
}

/* A D question's type as the CLEF gold writes it: the kind of entity to define. */
static void scored_type(const struct xlqa_question *q, char *out, size_t size)
{
	if (q->type == XLQA_ANSWER_DEFINITION && q->subtype)
		snprintf(out, size, "%s", strcmp(q->subtype->name, "person") == 0 ? "PERSON" : "ORGANIZATION");
	else
		snprintf(out, size, "%s", xlqa_question_type_name(q));
}

START_TEST(registries_round_trip)
{
	/* Every type's name finds the type again (in any case); subtypes belong to one type only. */
	enum xlqa_answer_type t;

	for (int i = 0; i < XLQA_ANSWER_TYPE_COUNT; i++) {
		const struct xlqa_answer_type_info *info = xlqa_question_type_info((enum xlqa_answer_type)i);
		ck_assert_ptr_nonnull(info);
		ck_assert(xlqa_question_type_find(info->name, strlen(info->name), &t));
		ck_assert_int_eq(t, i);
		ck_assert(info->help[0] != '\0');
	}
	ck_assert(xlqa_question_type_find("measure", 7, &t) && t == XLQA_ANSWER_MEASURE);
	ck_assert(!xlqa_question_type_find("MEASUREMENT", 11, &t));
	ck_assert_ptr_null(xlqa_question_type_info(XLQA_ANSWER_TYPE_COUNT));
	/* the subtypes the CLEF guidelines' examples need */
	ck_assert_ptr_nonnull(xlqa_question_subtype_find(XLQA_ANSWER_TIME, "year", 4));
	ck_assert_ptr_nonnull(xlqa_question_subtype_find(XLQA_ANSWER_MEASURE, "money", 5));
	ck_assert_ptr_nonnull(xlqa_question_subtype_find(XLQA_ANSWER_MEASURE, "count", 5));
	ck_assert_ptr_nonnull(xlqa_question_subtype_find(XLQA_ANSWER_DEFINITION, "person", 6));
	/* a subtype is found under its own type only */
	ck_assert_ptr_null(xlqa_question_subtype_find(XLQA_ANSWER_TIME, "money", 5));
	for (size_t i = 0; i < xlqa_question_subtype_count(); i++)
		ck_assert(xlqa_question_subtype_at(i)->type < XLQA_ANSWER_TYPE_COUNT);
	ck_assert_ptr_null(xlqa_question_subtype_at(xlqa_question_subtype_count()));
}
END_TEST

static const char *const pack_files[] = { "stopwords.txt", "articles.txt", "numbers.txt", "abbreviations.txt",
	                                  "elisions.txt", "questions.txt" };
#define N_PACK_FILES (sizeof pack_files / sizeof pack_files[0])

/* Makes a scratch pack folder dir/en whose files link to the real English pack, except questions.txt,
 * which holds `rules` (not written when NULL, to test a missing rule file). */
static void scratch_pack(char *dir, size_t size, const char *rules)
{
	char path[1024], real[1024];
	FILE *fp;

	ck_assert_ptr_nonnull(realpath(lang_dir(), real));
	snprintf(dir, size, "/tmp/xlqa-qa-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/en", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	for (size_t i = 0; i + 1 < N_PACK_FILES; i++) {
		char target[1200];
		snprintf(path, sizeof path, "%s/en/%s", dir, pack_files[i]);
		snprintf(target, sizeof target, "%s/en/%s", real, pack_files[i]);
		ck_assert_int_eq(symlink(target, path), 0);
	}
	if (!rules)
		return;
	snprintf(path, sizeof path, "%s/en/questions.txt", dir);
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	fputs(rules, fp);
	ck_assert_int_eq(fclose(fp), 0);
}

static void scratch_pack_remove(const char *dir)
{
	char path[1024];

	for (size_t i = 0; i < N_PACK_FILES; i++) {
		snprintf(path, sizeof path, "%s/en/%s", dir, pack_files[i]);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/en", dir);
	rmdir(path);
	rmdir(dir);
}

/* Each malformed rule file with the status, line and message part it must produce. */
static const struct {
	const char *rules;
	int status;
	int line;
	const char *message;
} bad_rules[] = {
	/* an answer type outside the CLEF taxonomy, on the third line (comments count) */
	{ "# c\n\nrule\twho\tHUMAN\n", XLQA_EPARSE, 3, "questions.txt:3: unknown answer type 'HUMAN'" },
	/* a subtype of another type */
	{ "rule\twhen\tTIME.money\n", XLQA_EPARSE, 1, "unknown subtype 'money' of TIME" },
	/* an unknown pattern element */
	{ "rule\twhat @noun\tOTHER\tfocus\n", XLQA_EPARSE, 1, "unknown element '@noun'" },
	/* D without DEFINITION, and DEFINITION without D */
	{ "rule\twho is @name $\tPERSON\tD\n", XLQA_EPARSE, 1, "option D goes with type DEFINITION" },
	{ "rule\twho is @name $\tDEFINITION.person\n", XLQA_EPARSE, 1, "option D goes with type DEFINITION" },
	{ "rule\twho\tPERSON\tfast\n", XLQA_EPARSE, 1, "unknown rule option 'fast'" },
	/* a rule without its type; a table line without words; an empty alternative */
	{ "rule\twho\n", XLQA_EPARSE, 1, "expected 'rule<TAB>pattern" },
	{ "focus\tLOCATION\n", XLQA_EPARSE, 1, "expected 'focus<TAB>TYPE" },
	{ "rule\twho||whom\tPERSON\n", XLQA_EPARSE, 1, "empty alternative" },
	{ "synonym\ta b\n", XLQA_EPARSE, 1, "unknown line kind 'synonym'" },
	/* the list of kinds ends with the word lists' table, then option */
	{ "synonym\ta b\n", XLQA_EPARSE, 1, "(expected rule, focus, unit, transparent, temporal, auxiliary, kind, interrogative, adjective-endings or option)" },
	{ "option\tcapitalised-nouns\tmaybe\n", XLQA_EPARSE, 1, "expected 'option<TAB>capitalised-nouns" },
	{ "option\tfocus-head\tmiddle\n", XLQA_EPARSE, 1, "or 'option<TAB>focus-head<TAB>first|last'" },
	/* Latin-1 bytes are no UTF-8 */
	{ "focus\tLOCATION\tcit\xe9\n", XLQA_EENCODING, -1, "invalid UTF-8" },
};

START_TEST(bad_rule_files)
{
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_question_rules *rules;
	struct xlqa_lang *lang;
	struct xlqa_error err;
	char dir[64];

	scratch_pack(dir, sizeof dir, bad_rules[_i].rules);
	opt.lang_dir = dir;
	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_question_rules_new(lang, &rules, &err), bad_rules[_i].status);
	ck_assert_ptr_null(rules);
	ck_assert_msg(strstr(err.message, bad_rules[_i].message) != NULL, "case %d: %s", _i, err.message);
	if (bad_rules[_i].line > 0)
		ck_assert_int_eq(err.line, bad_rules[_i].line);
	xlqa_lang_free(lang);
	scratch_pack_remove(dir);
}
END_TEST

START_TEST(missing_rule_file)
{
	/* A pack without questions.txt loads, but its rules do not: ENOTFOUND names the file. */
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_question_rules *rules;
	struct xlqa_lang *lang;
	struct xlqa_error err;
	char dir[64];

	scratch_pack(dir, sizeof dir, NULL);
	opt.lang_dir = dir;
	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_question_rules_new(lang, &rules, &err), XLQA_ENOTFOUND);
	ck_assert_msg(strstr(err.message, "en/questions.txt") != NULL, "%s", err.message);
	xlqa_lang_free(lang);
	xlqa_question_rules_free(NULL); /* a no-op */
	scratch_pack_remove(dir);
}
END_TEST

START_TEST(pattern_elements)
{
	/* A small rule file exercising each element, matched on the stated questions. */
	static const char rules_text[] =
		"rule\twho is @name $\tDEFINITION.person\tD\n"
		"rule\thow many @focus\tMEASURE.count\tunit\n"
		"rule\tin what =year\tTIME.year\n"
		"rule\t... quant*\tMEASURE\n"
		"rule\twhat|which @focus\tOTHER\tfocus\n"
		"rule\t@num\tMEASURE\n"
		"transparent\tname\n"
		"focus\tLOCATION.city\tcity\n"
		"focus\tPERSON\tpresident\n"
		"unit\tMEASURE.length\tmiles\n"
		"temporal\tin\n";
	static const struct {
		const char *question;
		const char *type, *subtype, *focus;
		char category;
	} cases[] = {
		/* @name to the end: a definition, the name is the target */
		{ "Who is Jacques Chirac?", "DEFINITION", "person", NULL, 'D' },
		/* not a definition: words follow the name */
		{ "Who is Jacques Chirac's wife?", "OTHER", "-", NULL, 'F' },
		/* the unit table overrides the rule's subtype; the plural finds "miles" as written */
		{ "How many miles is it?", "MEASURE", "length", "miles", 'F' },
		/* the unit table does not know "people": the rule's own subtype */
		{ "How many people live there?", "MEASURE", "count", "people", 'F' },
		/* '=' makes a literal the focus */
		{ "In what year?", "TIME", "year", "year", 'F' },
		/* '...' skips to a prefix match ("quant*" matches "quantity") */
		{ "Tell me the quantity", "MEASURE", "-", NULL, 'F' },
		/* plural focus found by lemma or stem; a transparent noun hands the focus on */
		{ "Which cities are large?", "LOCATION", "city", "cities", 'F' },
		{ "What is the name of the president?", "PERSON", "-", "president", 'F' },
		/* @num at the start */
		{ "1994 was when?", "MEASURE", "-", NULL, 'F' },
	};
	struct xlqa_lang_options opt = { NULL, NULL, 0 };
	struct xlqa_question_rules *rules;
	struct xlqa_question q;
	struct xlqa_lang *lang;
	struct xlqa_error err;
	char dir[64];

	scratch_pack(dir, sizeof dir, rules_text);
	opt.lang_dir = dir;
	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_question_rules_new(lang, &rules, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_question_rules_count(rules), 6);
	xlqa_question_init(&q);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *text = cases[i].question;
		ck_assert_int_eq(xlqa_question_analyze(rules, lang, text, strlen(text), 0, &q, &err), XLQA_OK);
		ck_assert_msg(strcmp(xlqa_question_type_name(&q), cases[i].type) == 0, "%s: %s", text,
		              xlqa_question_type_name(&q));
		ck_assert_msg(strcmp(xlqa_question_subtype_name(&q), cases[i].subtype) == 0, "%s: %s", text,
		              xlqa_question_subtype_name(&q));
		if (cases[i].focus)
			ck_assert_msg(q.focus && strcmp(q.focus, cases[i].focus) == 0, "%s: focus %s", text,
			              q.focus ? q.focus : "(none)");
		ck_assert_int_eq(q.category, cases[i].category);
	}
	xlqa_question_release(&q);
	xlqa_question_rules_free(rules);
	xlqa_lang_free(lang);
	scratch_pack_remove(dir);
}
END_TEST

/* One loaded language: pack and rules, opened once per test. */
struct loaded {
	struct xlqa_lang *lang;
	struct xlqa_question_rules *rules;
};

static void load(const char *code, struct loaded *l)
{
	struct xlqa_error err;

	ck_assert_msg(xlqa_lang_open(code, NULL, &l->lang, &err) == XLQA_OK, "%s", err.message);
	ck_assert_msg(xlqa_question_rules_new(l->lang, &l->rules, &err) == XLQA_OK, "%s", err.message);
}

static void unload(struct loaded *l)
{
	xlqa_question_rules_free(l->rules);
	xlqa_lang_free(l->lang);
}

/*
 * The fixtures tests/qa/<iso>.tsv: id, source, category, type[.subtype], question. The construction
 * tables (written with the rules, source '-') must pass whole; German and Spanish also hold the
 * hand-typed benchmark questions (set 1, source xquad-1, rules tuned on set 2): their floors sit a
 * little below the measured accuracy (doc/question-analysis.md) so a regression fails while the gold
 * stays honest.
 */
static const struct {
	const char *code;
	double floor;
	size_t min_rows;
} fixtures[] = {
	{ "bg", 1.0, 40 }, { "de", 0.78, 140 }, { "en", 1.0, 40 }, { "es", 0.76, 140 }, { "fi", 1.0, 40 },
	{ "fr", 1.0, 40 }, { "it", 1.0, 40 },   { "nl", 1.0, 40 }, { "pt", 1.0, 40 },
};

START_TEST(fixture_accuracy)
{
	struct xlqa_buf path = XLQA_BUF_INIT, data = XLQA_BUF_INIT;
	size_t rows = 0, right = 0, pos = 0;
	struct xlqa_question q;
	struct xlqa_error err;
	struct loaded l;

	xlqa_buf_addf(&path, "%s/qa/%s.tsv", test_data(), fixtures[_i].code);
	ck_assert_int_eq(xlqa_file_read(path.buf, &data, &err), XLQA_OK);
	load(fixtures[_i].code, &l);
	xlqa_question_init(&q);
	while (pos < data.len) {
		char *line = data.buf + pos, *nl = strchr(line, '\n'), *f[5], got[32];
		bool ok, strict;

		if (nl)
			*nl = '\0';
		pos += strlen(line) + 1;
		if (line[0] == '#' || strncmp(line, "id\t", 3) == 0 || !line[0])
			continue;
		f[0] = line;
		for (int k = 1; k < 5; k++) {
			ck_assert_ptr_nonnull(f[k] = strchr(f[k - 1], '\t'));
			*f[k]++ = '\0';
		}
		ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, f[4], strlen(f[4]), 0, &q, &err), XLQA_OK);
		scored_type(&q, got, sizeof got);
		rows++;
		/* the gold type (before any '.subtype') and category must both match */
		ok = strncmp(f[3], got, strlen(got)) == 0 && (f[3][strlen(got)] == '\0' || f[3][strlen(got)] == '.') &&
		     q.category == f[2][0];
		/* hand-written rows (source '-') must all pass, in the benchmark fixtures too, with the subtype */
		strict = fixtures[_i].floor >= 1.0 || strcmp(f[1], "-") == 0;
		if (ok && strict && strchr(f[3], '.') && q.type != XLQA_ANSWER_DEFINITION)
			ok = strcmp(strchr(f[3], '.') + 1, xlqa_question_subtype_name(&q)) == 0;
		if (!ok && strict)
			ck_abort_msg("%s %s: expected %s %s, got %c %s.%s", fixtures[_i].code, f[0], f[2], f[3], q.category,
			             got, xlqa_question_subtype_name(&q));
		right += ok;
	}
	ck_assert_uint_ge(rows, fixtures[_i].min_rows);
	ck_assert_msg((double)right >= fixtures[_i].floor * (double)rows - 1e-9, "%s: %zu/%zu right, floor %.2f",
	              fixtures[_i].code, right, rows, fixtures[_i].floor);
	xlqa_question_release(&q);
	unload(&l);
	xlqa_buf_release(&path);
	xlqa_buf_release(&data);
}
END_TEST

/* Expected details of one analysis; NULL and 0 fields are not checked. */
struct detail_case {
	const char *lang;
	const char *question;
	char hint; /* the test set's category, or 0 */
	const char *type, *subtype, *focus, *target;
	const char *keywords; /* all keywords "text:weight" joined by blanks, in order */
	int year, month;      /* the first temporal restriction, 0 for none expected */
	const char *time_text;
};

static const struct detail_case details[] = {
	/* interrogatives and stop words are no keywords; a name of two words is one keyword, weight 2 */
	{ "en", "In what year did Napoleon Bonaparte die?", 0, "TIME", "year", "year", "Napoleon Bonaparte",
	  "year:0.5 Napoleon Bonaparte:2 die:1", 0, 0, NULL },
	/* German: capitalised nouns are not names, acronyms are; "im Jahr 1994" restricts */
	{ "de", "Wie viele Mitarbeiter hatte die BASF im Jahr 1994?", 0, "MEASURE", "count", "Mitarbeiter", "BASF",
	  "Mitarbeiter:0.5 BASF:2 Jahr:1 1994:1.5", 1994, 0, "im Jahr 1994" },
	/* a month before the year gives the month too */
	{ "es", "¿Cuántas personas murieron en marzo de 1995?", 0, "MEASURE", "count", "personas", NULL, NULL,
	  1995, 3, "en marzo de 1995" },
	/* "was war die X": X is the focus, here through its last compound part ("Größe" asks for an area,
	 * as "size" does) */
	{ "de", "Was war die durchschnittliche Haushaltsgr\xc3\xb6\xc3\x9f" "e?", 0, "MEASURE", "area", NULL, NULL, NULL, 0, 0,
	  NULL },
	/* "cuán" is an interrogative, as "how" before an adjective: no keyword ("clan" in English) */
	{ "es", "\xc2\xbf" "Cu\xc3\xa1n com\xc3\xban era la forma de castigo f\xc3\xadsico en el pasado?", 0, "MANNER", "-",
	  NULL, NULL, "com\xc3\xban:1 forma:1 castigo:1 f\xc3\xadsico:1 pasado:1", 0, 0, NULL },
	/* "cómo se rebautizaron" asks for the new name, not a manner */
	{ "es", "\xc2\xbf" "C\xc3\xb3mo se rebautizaron los servicios de NTL?", 0, "OTHER", "-", NULL, NULL, NULL, 0, 0, NULL },
	/* German: a capitalised inflected adjective and the word after it are a name; an adjective before a
	 * lower-case word, a number word and the question's first word are not */
	{ "de", "Worauf wurde der Schwarze Tod ursprünglich zurückgeführt?", 0, "OTHER", "-", NULL, "Schwarze Tod",
	  "Schwarze Tod:2 ursprünglich:1 zurückgeführt:1", 0, 0, NULL },
	{ "de", "Was deutet das Wort Prim im Allgemeinen an?", 0, "OTHER", "-", NULL, "Prim",
	  "deutet:1 Wort:1 Prim:2 Allgemeinen:1", 0, 0, NULL },
	{ "de", "Welches Ereignis ereignete sich vor 66 Millionen Jahren?", 0, "OTHER", "-", "Ereignis", NULL,
	  "Ereignis:0.5 ereignete:1 66:1.5 Millionen:1.5 Jahren:1", 0, 0, NULL },
	{ "de", "Auf welcher Ebene würden Wissenschaftler messen?", 0, "OTHER", "-", "Ebene", NULL,
	  "Ebene:0.5 Wissenschaftler:1 messen:1", 0, 0, NULL },
	/* a comma ends a name: "Temujin, Toghrul" are two */
	{ "es", "\xc2\xbf" "D\xc3\xb3nde estaba exiliado el patr\xc3\xb3n de Temujin, Toghrul?", 0, "LOCATION", "-", NULL,
	  "Temujin", "exiliado:1 patr\xc3\xb3n:1 Temujin:2 Toghrul:2", 0, 0, NULL },
	/* Portuguese definition: D without a hint, the name is the target */
	{ "pt", "Quem é Shimon Peres?", 0, "DEFINITION", "person", NULL, "Shimon Peres", "Shimon Peres:2", 0, 0,
	  NULL },
	/* the test set's D wins: a "who is the X" question becomes a definition of a person */
	{ "fr", "Qui est le président de la Bolivie ?", 'D', "DEFINITION", "person", NULL, NULL, NULL, 0, 0, NULL },
	/* the test set's F wins over a definition rule: "What is X?" then asks for a thing */
	{ "en", "What is UNICEF?", 'F', "OTHER", "-", NULL, "UNICEF", "UNICEF:2", 0, 0, NULL },
	/* zero-width spaces (as in the benchmark's German) do not break the interrogative */
	{ "de", "In welchem\xe2\x80\x8b\xe2\x80\x8b Jahr starb Goethe?", 0, "TIME", "year", "Jahr", NULL, NULL, 0, 0,
	  NULL },
	/* German: an adjective no table knows hands the focus on to its capitalised noun */
	{ "de", "Welches historische Imperium nutzte den Kulturimperialismus?", 0, "OTHER", "-", "Imperium", NULL,
	  NULL, 0, 0, NULL },
	/* German: "wie vielen" after a preposition counts; "wie werden ... bezeichnet" asks for a name */
	{ "de", "Aus wie vielen Elementen besteht die Sphäre?", 0, "MEASURE", "count", "Elementen", NULL, NULL, 0, 0,
	  NULL },
	{ "de", "Wie werden Statoren auch bezeichnet?", 0, "OTHER", "-", NULL, NULL, NULL, 0, 0, NULL },
	/* German plurals with an umlaut find their table noun through the stem: "Länder" is a "Land" */
	{ "de", "Welche L\xc3\xa4nder sind in den Sammlungen vertreten?", 0, "LOCATION", "country", "L\xc3\xa4nder", NULL,
	  NULL, 0, 0, NULL },
	{ "de", "Welche St\xc3\xa4" "dte liegen am Rhein?", 0, "LOCATION", "city", "St\xc3\xa4" "dte", NULL, NULL, 0, 0, NULL },
	/* German: the noun phrase after a transparent "Name" ends at a comma; "benannt" asks for a name too */
	{ "de", "Wie lautet der Name der Eigenschaft, die eine Zahl als Primzahl bezeichnet?", 0, "OTHER", "-", "Name",
	  NULL, NULL, 0, 0, NULL },
	{ "de", "Wie wurde ein Teil des Boulevards benannt, um das Image zu verbessern?", 0, "OTHER", "-", NULL, NULL,
	  NULL, 0, 0, NULL },
	/* a German compound hunspell cannot lemmatise but splits into known words is a noun, no name */
	{ "de", "In welchem Forschungsfeld wird das Immunsystem erforscht?", 0, "OTHER", "-", "Forschungsfeld", NULL,
	  "Forschungsfeld:0.5 Immunsystem:1 erforscht:1", 0, 0, NULL },
	/* English: the noun after "what did" is the subject, no focus ("president" is a PERSON focus noun) */
	{ "en", "What did the president say about taxes?", 0, "OTHER", "-", NULL, NULL, NULL, 0, 0, NULL },
	{ "en", "In 2005, what did Doctor Who think of it?", 0, "OTHER", "-", NULL, NULL, NULL, 2005, 0, "In 2005" },
	/* when no rule matches from the first word, the rules match from the first interrogative */
	{ "en", "In the year 2000 how many square kilometres of forest had been lost?", 0, "MEASURE", "length",
	  "kilometres", NULL, NULL, 2000, 0, "In the year 2000" },
	{ "es", "En China, ¿cómo se llamaba la persona que lo dedujo?", 0, "PERSON", "-", "persona", NULL,
	  NULL, 0, 0, NULL },
	/* an opening question mark inside the text starts the question: "Cuando" before it is no interrogative */
	{ "es", "Cuando se detiene a mucha gente, ¿cuál es una táctica común?", 0, "OTHER", "-", "táctica", NULL,
	  NULL, 0, 0, NULL },
	/* Cyrillic: focus noun after the interrogative */
	{ "bg", "В кой град се намира Лувърът?", 0, "LOCATION", "city", "град", NULL, NULL, 0, 0, NULL },
	/* Finnish inflected interrogative + inflected focus noun */
	{ "fi", "Missä kaupungissa Eiffel-torni on?", 0, "LOCATION", "city", "kaupungissa", NULL, NULL, 0, 0, NULL },
	/* Dutch how + adjective */
	{ "nl", "Hoe oud is koningin Beatrix?", 0, "MEASURE", "age", NULL, "Beatrix", NULL, 0, 0, NULL },
	/* Italian: a number is a keyword of weight 1.5, a year without a cue word is no restriction */
	{ "it", "Chi vinse il Giro d'Italia 1994?", 0, "PERSON", "-", NULL, NULL, NULL, 0, 0, NULL },
};

START_TEST(analysis_details)
{
	const struct detail_case *c = &details[_i];
	struct xlqa_buf kw = XLQA_BUF_INIT;
	struct xlqa_query query;
	struct xlqa_question q;
	struct xlqa_error err;
	struct loaded l;

	load(c->lang, &l);
	xlqa_question_init(&q);
	ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, c->question, strlen(c->question), c->hint, &q, &err),
	                 XLQA_OK);
	ck_assert_msg(strcmp(xlqa_question_type_name(&q), c->type) == 0, "%s: type %s (rule %s)", c->question,
	              xlqa_question_type_name(&q), q.rule ? q.rule : "none");
	ck_assert_str_eq(xlqa_question_subtype_name(&q), c->subtype);
	ck_assert(q.category_given == (c->hint != 0));
	if (c->focus)
		ck_assert_msg(q.focus && strcmp(q.focus, c->focus) == 0, "focus %s", q.focus ? q.focus : "(none)");
	if (c->target)
		ck_assert_msg(q.target && strcmp(q.target, c->target) == 0, "target %s", q.target ? q.target : "(none)");
	for (size_t i = 0; i < q.n_keywords; i++)
		xlqa_buf_addf(&kw, "%s%s:%g", i ? " " : "", q.keywords[i].text, q.keywords[i].weight);
	if (c->keywords)
		ck_assert_str_eq(kw.buf, c->keywords);
	if (c->year) {
		ck_assert_uint_ge(q.n_times, 1);
		ck_assert_int_eq(q.times[0].year, c->year);
		ck_assert_int_eq(q.times[0].month, c->month);
		ck_assert_str_eq(q.times[0].text, c->time_text);
	} else {
		ck_assert_uint_eq(q.n_times, 0);
	}
	/* the query has one group a keyword, names flagged as names with their weight */
	xlqa_query_init(&query);
	ck_assert_int_eq(xlqa_question_to_query(&q, &query, &err), XLQA_OK);
	ck_assert_uint_eq(query.n_groups, q.n_keywords);
	for (size_t i = 0; i < q.n_keywords; i++) {
		ck_assert_str_eq(query.groups[i].alts[0].text, q.keywords[i].text);
		ck_assert(query.groups[i].weight == q.keywords[i].weight);
		ck_assert_uint_eq(query.groups[i].flags, q.keywords[i].flags);
		if (q.keywords[i].weight == 2.0)
			ck_assert(query.groups[i].flags & XLQA_QUERY_NAME);
	}
	xlqa_query_release(&query);
	xlqa_buf_release(&kw);
	xlqa_question_release(&q);
	unload(&l);
}
END_TEST

/* The stranded preposition (question.h): the word the answer hangs on, or NULL. */
START_TEST(stranded_prepositions)
{
	static const struct {
		const char *lang, *question, *stranded;
	} cases[] = {
		{ "en", "What is the bad air theory officially known as?", "as" },
		/* before an interrogative that does not open the question */
		{ "en", "Clergy usually serve as what in local congregations?", "as" },
		{ "de", "\xc3\x84lteste in voller Verbindung sind jeweils ein Mitglied von was?", "von" },
		{ "es", "El clero suele servir como qu\xc3\xa9 en las congregaciones locales?", "como" },
		/* a final interrogative is none; nor is a preposition before the one that opens the question */
		{ "de", "Die Kirche unterst\xc3\xbctzt was?", NULL },
		{ "en", "In what year did Goethe die?", NULL },
	};

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct xlqa_question q;
		struct xlqa_error err;
		struct loaded l;

		load(cases[i].lang, &l);
		xlqa_question_init(&q);
		ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, cases[i].question, strlen(cases[i].question), 0, &q,
		                                       &err),
		                 XLQA_OK);
		if (cases[i].stranded)
			ck_assert_msg(q.stranded && strcmp(q.stranded, cases[i].stranded) == 0, "%s: stranded %s",
			              cases[i].question, q.stranded ? q.stranded : "(none)");
		else
			ck_assert_msg(!q.stranded, "%s: stranded %s", cases[i].question, q.stranded);
		xlqa_question_release(&q);
		unload(&l);
	}
}
END_TEST

/*
 * Keyword sides (query.h): each case lists the keywords with 'b' (before the answer in a statement),
 * 'a' (after it), 'f' (after it and the focus) or '-' (no side), in keyword order.
 */
static const struct {
	const char *lang, *question, *sides;
} side_cases[] = {
	/* an auxiliary after the question word: an object question, "Tesla received [X]" */
	{ "en", "What did Tesla receive?", "Tesla:b receive:b" },
	/* no auxiliary: a subject question, "[X] invented the radio" */
	{ "en", "Who invented the radio?", "invented:a radio:a" },
	/* the focus follows the answer ("[nine] nations"); the verb after it too (no auxiliary) */
	{ "en", "How many nations control this region?", "nations:f control:a region:a" },
	/* words before the question word precede the answer */
	{ "en", "In the lab in Bologna, who invented the radio?", "lab:b Bologna:b invented:a radio:a" },
	/* a language whose rules list no auxiliary: only the focus gets a side */
	{ "de", "Wie viele Nationen kontrollieren die Region?", "Nationen:f kontrollieren:- Region:-" },
};

START_TEST(keyword_sides)
{
	struct xlqa_buf got = XLQA_BUF_INIT;
	struct xlqa_question q;
	struct xlqa_error err;
	struct loaded l;

	load(side_cases[_i].lang, &l);
	xlqa_question_init(&q);
	ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, side_cases[_i].question, strlen(side_cases[_i].question),
	                                       0, &q, &err),
	                 XLQA_OK);
	for (size_t i = 0; i < q.n_keywords; i++) {
		unsigned f = q.keywords[i].flags;
		char side = f & XLQA_QUERY_FOCUS ? 'f' : f & XLQA_QUERY_BEFORE_ANSWER ? 'b' : f & XLQA_QUERY_AFTER_ANSWER ? 'a' : '-';

		ck_assert(!((f & XLQA_QUERY_BEFORE_ANSWER) && (f & XLQA_QUERY_AFTER_ANSWER)));
		ck_assert(!(f & XLQA_QUERY_FOCUS) || (f & XLQA_QUERY_AFTER_ANSWER));
		xlqa_buf_addf(&got, "%s%s:%c", i ? " " : "", q.keywords[i].text, side);
	}
	ck_assert_str_eq(got.buf ? got.buf : "", side_cases[_i].sides);
	xlqa_buf_release(&got);
	xlqa_question_release(&q);
	unload(&l);
}
END_TEST

/* Which keyword a "what kind of" question asks a kind of (XLQA_QUERY_KIND_OF), "-" for none. */
static const struct {
	const char *lang, *question, *kind_of;
} kind_cases[] = {
	{ "en", "Inequality has what kind of effect on human capital?", "effect" },
	{ "en", "What type of heating element is used in toy steam engines?", "heating" },
	{ "de", "Welche Art von Ausschuss hat die Gesetzgebung beraten?", "Ausschuss" },
	{ "de", "Welche Art Membran kam vom Wirt?", "Membran" },
	{ "es", "\xc2\xbfQu\xc3\xa9 tipo de comit\xc3\xa9 consider\xc3\xb3 la legislaci\xc3\xb3n?",
	  "comit\xc3\xa9" },
	/* a focus that is no kind noun marks nothing */
	{ "en", "What committee considered the legislation?", "-" },
	{ "en", "How many nations control this region?", "-" },
};

START_TEST(kind_of_keyword)
{
	const char *found = "-";
	struct xlqa_question q;
	struct xlqa_error err;
	struct loaded l;
	size_t marked = 0;

	load(kind_cases[_i].lang, &l);
	xlqa_question_init(&q);
	ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, kind_cases[_i].question, strlen(kind_cases[_i].question),
	                                       0, &q, &err),
	                 XLQA_OK);
	for (size_t i = 0; i < q.n_keywords; i++)
		if (q.keywords[i].flags & XLQA_QUERY_KIND_OF) {
			found = q.keywords[i].text;
			marked++;
		}
	ck_assert_uint_le(marked, 1);
	ck_assert_msg(strcmp(found, kind_cases[_i].kind_of) == 0, "%s: %s", kind_cases[_i].question, found);
	xlqa_question_release(&q);
	unload(&l);
}
END_TEST

START_TEST(analysis_errors)
{
	/* bad category hints, invalid UTF-8 and a question of punctuation only are errors, not guesses */
	struct xlqa_question q;
	struct xlqa_error err;
	struct loaded l;

	load("en", &l);
	xlqa_question_init(&q);
	ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, "Who?", 4, 'X', &q, &err), XLQA_EINVAL);
	ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, "Who \xff?", 6, 0, &q, &err), XLQA_EENCODING);
	ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, "?!", 2, 0, &q, &err), XLQA_EEMPTY);
	/* the struct is reusable after an error */
	ck_assert_int_eq(xlqa_question_analyze(l.rules, l.lang, "Who?", 4, 0, &q, &err), XLQA_OK);
	ck_assert_str_eq(xlqa_question_type_name(&q), "PERSON");
	xlqa_question_release(&q);
	unload(&l);
}
END_TEST

START_TEST(tsv_question_lists)
{
	/* comments and the header are skipped, ids are written back with four digits, gold is ignored */
	static const char good[] = "# gold answer types\nid\tyear\tcategory\tanswer_type\tquestion\n"
	                           "451\t2004\tF\tTIME\tEm que ano?\r\n\n0452\t2004\tD\tPERSON\t Quem é Peres? \n";
	static const struct {
		const char *input;
		const char *message;
	} bad[] = {
		/* four columns */
		{ "0001\t2004\tF\tQuem?\n", "t.tsv:1: 5 tab-separated columns expected" },
		/* a number out of range, and one that is no number */
		{ "0\t-\tF\tX\tQuem?\n", "t.tsv:1: question number 1-9999 expected, found '0'" },
		{ "12345\t-\tF\tX\tQuem?\n", "t.tsv:1: question number 1-9999 expected" },
		{ "q1\t-\tF\tX\tQuem?\n", "t.tsv:1: question number 1-9999 expected, found 'q1'" },
		{ "0001\t-\tF\tX\t  \n", "t.tsv:1: empty question" },
		{ "0001\t-\tF\tX\tA?\n1\t-\tF\tX\tB?\n", "t.tsv:2: question 0001 repeats line 1" },
	};
	struct xlqa_testset ts;
	struct xlqa_error err;

	xlqa_testset_init(&ts);
	ck_assert_int_eq(xlqa_testset_parse_tsv(&ts, good, strlen(good), "t.tsv", &err), XLQA_OK);
	ck_assert_uint_eq(ts.count, 2);
	ck_assert_str_eq(ts.questions[0].id, "0451");
	ck_assert_str_eq(ts.questions[0].text, "Em que ano?");
	ck_assert_int_eq(ts.questions[0].type, 0);
	ck_assert_str_eq(ts.questions[1].text, "Quem é Peres?");
	ck_assert_int_eq(ts.questions[1].line, 5);
	ck_assert_str_eq(ts.source, "");
	xlqa_testset_release(&ts);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		xlqa_testset_init(&ts);
		ck_assert_int_eq(xlqa_testset_parse_tsv(&ts, bad[i].input, strlen(bad[i].input), "t.tsv", &err),
		                 XLQA_EPARSE);
		ck_assert_msg(strstr(err.message, bad[i].message) != NULL, "case %zu: %s", i, err.message);
		xlqa_testset_release(&ts);
	}
	xlqa_testset_init(&ts);
	ck_assert_int_eq(xlqa_testset_parse_tsv(&ts, "# only\n", 7, "t.tsv", &err), XLQA_EEMPTY);
	xlqa_testset_release(&ts);
}
END_TEST

Suite *qa_suite(void)
{
	Suite *s = suite_create("qa");
	TCase *core = tcase_create("core");
	TCase *tables = tcase_create("tables");

	tcase_add_test(core, registries_round_trip);
	tcase_add_loop_test(core, bad_rule_files, 0, (int)(sizeof bad_rules / sizeof bad_rules[0]));
	tcase_add_test(core, missing_rule_file);
	tcase_add_test(core, pattern_elements);
	tcase_add_test(core, tsv_question_lists);
	tcase_set_timeout(core, 60);
	suite_add_tcase(s, core);
	/* Loading hunspell dictionaries takes a while, more so under a sanitizer. */
	tcase_set_timeout(tables, 240);
	tcase_add_loop_test(tables, fixture_accuracy, 0, (int)(sizeof fixtures / sizeof fixtures[0]));
	tcase_add_loop_test(tables, analysis_details, 0, (int)(sizeof details / sizeof details[0]));
	tcase_add_test(tables, analysis_errors);
	tcase_add_test(tables, stranded_prepositions);
	tcase_add_loop_test(tables, kind_of_keyword, 0, (int)(sizeof kind_cases / sizeof kind_cases[0]));
	tcase_add_loop_test(tables, keyword_sides, 0, (int)(sizeof side_cases / sizeof side_cases[0]));
	suite_add_tcase(s, tables);
	return s;
}
