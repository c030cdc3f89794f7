/*
 * lang: the registry, pack loading errors, and one table of cases per language read from
 * tests/lang/<code>.tsv. A case line is KIND<TAB>INPUT<TAB>EXPECTED; '#' lines say what the next
 * case guards. INPUT may hold \xNN escapes for raw bytes; a KIND ending in "-latin1" decodes INPUT
 * from ISO-8859-1, others from UTF-8. Kinds:
 *   tokens     words and numbers as written, space-separated (punctuation left out)
 *   norms      their normalised forms
 *   stems      their stems
 *   lemma      INPUT is one word; EXPECTED is among its lemmas (hunspell's and the irregular table's)
 *   lemmas     INPUT is one word; EXPECTED all its lemmas in order, '|'-separated, or "-" for none
 *   parts      INPUT is one word; EXPECTED its compound parts, space-separated, or "-" for none
 *   flags      INPUT is one word; EXPECTED its flags (stop,article,elided,numeric,ordinal,month,weekday,
 *              conjunction,connector,abbreviation)
 *   number     INPUT is one numeral or number word; EXPECTED its value
 *   sentences  INPUT is text; EXPECTED its sentences joined by " | "
 */
#include "config.h"

#include "suites.h"
#include "xlqa/lang.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fewest cases a language's table may hold; guards against a table silently shrinking. */
#define MIN_CASES_PER_LANGUAGE 12

static const char *test_data(void)
{
	const char *d = getenv("XLQA_TEST_DATA");
	return d ? d : "tests";
}

START_TEST(registry_aliases)
{
	/* Every alias kind finds the language, case-insensitively. */
	static const struct {
		const char *alias;
		const char *code;
	} cases[] = {
		{ "de", "de" }, { "DE", "de" }, { "deu", "de" }, { "ger", "de" }, { "German", "de" },
		{ "fre", "fr" }, { "fra", "fr" }, { "dut", "nl" }, { "Dutch", "nl" }, { "bul", "bg" },
		{ "BULGARIAN", "bg" }, { "fin", "fi" }, { "por", "pt" }, { "spa", "es" }, { "eng", "en" },
		{ "it", "it" },
	};

	ck_assert_uint_eq(xlqa_lang_count(), 9);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct xlqa_lang_info *l = xlqa_lang_find(cases[i].alias);
		ck_assert_msg(l != NULL, "alias '%s' not found", cases[i].alias);
		ck_assert_str_eq(l->code, cases[i].code);
	}
	ck_assert_ptr_null(xlqa_lang_at(9));
}
END_TEST

START_TEST(unknown_language_is_a_clear_error)
{
	const struct xlqa_lang_info *info;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	ck_assert_ptr_null(xlqa_lang_find("klingon"));
	ck_assert_int_eq(xlqa_lang_lookup("klingon", &info, &err), XLQA_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.message, "unknown language 'klingon'"));
	ck_assert_ptr_nonnull(strstr(err.message, "bg de en es fi fr it nl pt"));
	ck_assert_int_eq(xlqa_lang_open("xx", NULL, &lang, &err), XLQA_ENOTFOUND);
	ck_assert_ptr_null(lang);
	ck_assert_int_eq(xlqa_lang_open("", NULL, &lang, &err), XLQA_ENOTFOUND);
}
END_TEST

START_TEST(pack_errors_name_file_and_line)
{
	/* A malformed pack file is an error with its path and line; a missing pack folder says which folder and names XLQA_LANG_DIR. */
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_buf dir = XLQA_BUF_INIT;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	xlqa_buf_addf(&dir, "%s/data/badpack", test_data());
	opt.lang_dir = dir.buf;
	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, &err), XLQA_EPARSE);
	ck_assert_msg(strstr(err.message, "badpack/en/numbers.txt:3: expected") != NULL, "%s", err.message);
	ck_assert_int_eq(err.line, 3);
	ck_assert_int_eq(xlqa_lang_open("de", &opt, &lang, &err), XLQA_ENOTFOUND);
	/* the missing folder, and the variable that moves the packs (it named only stopwords.txt) */
	ck_assert_msg(strstr(err.message, "badpack/de' is not a folder") != NULL, "%s", err.message);
	ck_assert_msg(strstr(err.message, "XLQA_LANG_DIR") != NULL, "%s", err.message);
	xlqa_buf_release(&dir);
}
END_TEST

START_TEST(malformed_abbreviation_is_a_parse_error)
{
	/* An abbreviation without its period is EPARSE at its line, and stays an error with a NULL err. */
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_buf dir = XLQA_BUF_INIT;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	xlqa_buf_addf(&dir, "%s/data/badabbr", test_data());
	opt.lang_dir = dir.buf;
	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, &err), XLQA_EPARSE);
	ck_assert_int_eq(err.line, 2);
	ck_assert_msg(strstr(err.message, "badabbr/en/abbreviations.txt:2: expected") != NULL, "%s", err.message);
	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, NULL), XLQA_EPARSE);
	ck_assert_ptr_null(lang);
	xlqa_buf_release(&dir);
}
END_TEST

/* Opening `code` from the pack folder tests/data/BAD fails with EPARSE at line 3 of BAD/code/FILE. */
static void assert_parse_error_at_line_3(const char *bad, const char *code, const char *file)
{
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_buf dir = XLQA_BUF_INIT, where = XLQA_BUF_INIT;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	xlqa_buf_addf(&dir, "%s/data/%s", test_data(), bad);
	xlqa_buf_addf(&where, "%s/%s/%s:3: expected", bad, code, file);
	opt.lang_dir = dir.buf;
	ck_assert_int_eq(xlqa_lang_open(code, &opt, &lang, &err), XLQA_EPARSE);
	ck_assert_int_eq(err.line, 3);
	ck_assert_msg(strstr(err.message, where.buf) != NULL, "%s", err.message);
	xlqa_buf_release(&dir);
	xlqa_buf_release(&where);
}

START_TEST(malformed_irregular_form_is_a_parse_error)
{
	/* An irregular form without its lemma is EPARSE at its line. */
	assert_parse_error_at_line_3("badirregular", "es", "irregular.txt");
}
END_TEST

START_TEST(naming_cues_and_their_sides)
{
	/* naming.txt: a cue of one or two words and the side of its name; a bad side is EPARSE at its line */
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_lang *en, *de;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_lang_open("en", &opt, &en, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_lang_open("de", &opt, &de, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_lang_naming(en, "called", 6), XLQA_NAMING_BEFORE);
	ck_assert_uint_eq(xlqa_lang_naming(en, "known as", 8), XLQA_NAMING_BEFORE);
	ck_assert_uint_eq(xlqa_lang_naming(en, "known", 5), 0);
	ck_assert_uint_eq(xlqa_lang_naming(de, "genannt", 7), XLQA_NAMING_BEFORE | XLQA_NAMING_AFTER);
	ck_assert_uint_eq(xlqa_lang_naming(de, "abgek\xC3\xBCrzt", 10), XLQA_NAMING_AFTER);
	ck_assert_uint_eq(xlqa_lang_naming(de, "namen", 5), XLQA_NAMING_BEFORE); /* case-folded, as tokens are */
	ck_assert_uint_eq(xlqa_lang_naming(de, "heisst", 6), XLQA_NAMING_BEFORE); /* "heißt", folded */
	ck_assert_uint_eq(xlqa_lang_naming(de, "hei\xC3\x9Ft", 6), 0);
	xlqa_lang_free(en);
	xlqa_lang_free(de);
	assert_parse_error_at_line_3("badnaming", "es", "naming.txt");      /* a side neither before nor after */
	assert_parse_error_at_line_3("badnamingwords", "es", "naming.txt"); /* three words */
}
END_TEST

/* Lemmas of a pack opened without hunspell: the irregular table alone. */
static const struct {
	const char *word;
	const char *lemmas; /* "|"-joined, "" for none */
} table_lemma_cases[] = {
	/* a listed form */
	{ "dio", "dar" },
	/* both lemmas of a form of two verbs, in the table's order; the capital changes nothing */
	{ "Fue", "ser|ir" },
	/* a prefix and a listed participle */
	{ "compuesto", "componer" },
	/* prefixes combine only with lower-case words */
	{ "Compuesto", "" },
	/* a regular form: the table knows nothing, and there is no hunspell */
	{ "habló", "" },
};

START_TEST(irregular_table_without_hunspell)
{
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_lang *lang;
	struct xlqa_strlist lemmas;
	struct xlqa_buf got = XLQA_BUF_INIT;
	struct xlqa_error err;
	const char *w = table_lemma_cases[_i].word;

	ck_assert_int_eq(xlqa_lang_open("es", &opt, &lang, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_lang_lemmas(lang, w, strlen(w), &lemmas, &err), XLQA_OK);
	for (size_t i = 0; i < lemmas.n; i++)
		xlqa_buf_addf(&got, "%s%s", i ? "|" : "", lemmas.items[i]);
	ck_assert_str_eq(got.len ? got.buf : "", table_lemma_cases[_i].lemmas);
	xlqa_buf_release(&got);
	xlqa_lang_free(lang);
}
END_TEST

START_TEST(irregular_forms_with_and_without_prefix)
{
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_lang *lang;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_lang_open("de", &opt, &lang, &err), XLQA_OK);
	ck_assert(xlqa_lang_irregular_form(lang, "sang", 4));
	ck_assert(xlqa_lang_irregular_form(lang, "erhielt", 7)); /* "er" + "hielt" */
	ck_assert(!xlqa_lang_irregular_form(lang, "sangen", 5)); /* the first 5 bytes, "sange", are none */
	ck_assert(!xlqa_lang_irregular_form(lang, "ersa", 4));   /* "er" + "sa": no listed form */
	ck_assert(!xlqa_lang_irregular_form(lang, "entwickelte", 11));
	xlqa_lang_free(lang);
}
END_TEST

START_TEST(missing_affix_file_is_reported)
{
	/* A folder with the .dic but not the .aff: the error names the .aff (and hunspell stays quiet). */
	struct xlqa_lang_options opt = { NULL, NULL, 0 };
	struct xlqa_buf dir = XLQA_BUF_INIT;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	xlqa_buf_addf(&dir, "%s/data/onlydic", test_data());
	opt.hunspell_dir = dir.buf;
	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, &err), XLQA_ENOTFOUND);
	ck_assert_msg(strstr(err.message, "onlydic/en_US.aff") != NULL, "%s", err.message);
	xlqa_buf_release(&dir);
}
END_TEST

START_TEST(bulgarian_opens_without_hunspell)
{
	/* Without hunspell Bulgarian has no stemmer: it opens, and stems are the normalised forms. */
	struct xlqa_lang_options opt = { NULL, NULL, XLQA_LANG_OPEN_NO_HUNSPELL };
	struct xlqa_buf stem = XLQA_BUF_INIT;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_lang_open("bg", &opt, &lang, &err), XLQA_OK);
	ck_assert(!xlqa_lang_has_lemmas(lang));
	ck_assert_int_eq(xlqa_lang_stem(lang, "университетът", strlen("университетът"), &stem, &err), XLQA_OK);
	ck_assert_str_eq(stem.buf, "университетът");
	xlqa_lang_free(lang);
	xlqa_buf_release(&stem);
}
END_TEST

START_TEST(compound_parts_are_bounded)
{
	/* A chain of twelve nouns yields at most eight parts, each non-empty (this once overflowed a
	 * stack array); a 20 000-letter run is no compound and is not searched cut by cut. */
	static const char chain[] = "Kampffeuerboottürfeuerbahnfirmafahrthofraumschlüssel";
	struct xlqa_buf run = XLQA_BUF_INIT;
	struct xlqa_strlist parts;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_lang_open("de", NULL, &lang, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_lang_split_compound(lang, chain, strlen(chain), &parts, &err), XLQA_OK);
	ck_assert_uint_ge(parts.n, 2);
	ck_assert_uint_le(parts.n, 8);
	for (size_t i = 0; i < parts.n; i++)
		ck_assert_uint_gt(strlen(parts.items[i]), 0);
	for (int i = 0; i < 5000; i++)
		xlqa_buf_addstr(&run, "Haus");
	ck_assert_int_eq(xlqa_lang_split_compound(lang, run.buf, run.len, &parts, &err), XLQA_OK);
	ck_assert_uint_eq(parts.n, 0);
	xlqa_lang_free(lang);
	xlqa_buf_release(&run);
}
END_TEST

START_TEST(compound_part_memo_keeps_each_answer)
{
	/* A pack keeps hunspell's answer for each candidate part, and these words share candidates
	 * ("dampf", "maschinen", "haus", "meister", "meisterschaft", "verfassung", "karls"): split one
	 * after another, forwards in one pack and backwards in another, each must still split as on
	 * its own. An answer kept under the wrong substring, a part's answer given to a non-part, or
	 * a name ("Karls") let through as a part changes one of them. */
	static const struct {
		const char *word, *parts; /* parts joined by '|', "" for none */
	} cases[] = {
		{ "Dampfmaschinen", "dampf|maschinen" },
		{ "Maschinenbau", "maschine|bau" },
		{ "Bauernhaus", "bauer|haus" },
		{ "Hausmeister", "haus|meister" },
		{ "Meisterschaft", "" },
		{ "Weltmeisterschaft", "welt|meisterschaft" },
		{ "Fußballweltmeisterschaft", "fussball|welt|meisterschaft" },
		{ "Dampfschiff", "dampf|schiff" },
		{ "Schifffahrt", "schiff|fahrt" },
		{ "Karlsruhe", "" },
		{ "Bundesverfassungsgericht", "bund|verfassung|gericht" },
		{ "Verfassungsgericht", "verfassung|gericht" },
		/* candidates one letter apart: "politisch"'s answers must not answer "politik", nor
		 * "forsch"'s "fort" (an answer kept under one letter less split neither) */
		{ "politische", "" },
		{ "Energiepolitik", "energie|politik" },
		{ "Forscher", "" },
		{ "Fortschritt", "fort|schritt" },
	};
	size_t n = sizeof cases / sizeof *cases;

	for (int backwards = 0; backwards < 2; backwards++) {
		struct xlqa_lang *lang;
		struct xlqa_error err;

		ck_assert_int_eq(xlqa_lang_open("de", NULL, &lang, &err), XLQA_OK);
		for (size_t k = 0; k < n; k++) {
			size_t i = backwards ? n - 1 - k : k;
			struct xlqa_buf joined = XLQA_BUF_INIT;
			struct xlqa_strlist parts;

			ck_assert_int_eq(xlqa_lang_split_compound(lang, cases[i].word, strlen(cases[i].word), &parts,
								  &err), XLQA_OK);
			for (size_t p = 0; p < parts.n; p++)
				ck_assert_int_eq(xlqa_buf_addf(&joined, "%s%s", p ? "|" : "", parts.items[p]), XLQA_OK);
			ck_assert_msg(strcmp(joined.len ? joined.buf : "", cases[i].parts) == 0,
				      "%s (%s): '%s', expected '%s'", cases[i].word, backwards ? "backwards" : "forwards",
				      joined.len ? joined.buf : "", cases[i].parts);
			xlqa_buf_release(&joined);
		}
		xlqa_lang_free(lang);
	}
}
END_TEST

START_TEST(dictionary_names)
{
	/* igerman98 gives given names and surnames the flag field "S" ("Luther/S", "William/S"), nouns
	 * more ("Historiker/NSFm"), places "Sm" ("Berlin/Sm"); English has no such flags */
	static const struct {
		const char *lang, *word;
		bool name;
	} cases[] = {
		{ "de", "Luther", true },     { "de", "William", true },  { "de", "Historiker", false },
		{ "de", "Berlin", false },    { "de", "luther", false },  { "de", "Frederick", false },
		{ "en", "Luther", false },
	};

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct xlqa_lang *lang;
		struct xlqa_error err;

		ck_assert_int_eq(xlqa_lang_open(cases[i].lang, NULL, &lang, &err), XLQA_OK);
		ck_assert_msg(xlqa_lang_is_dictionary_name(lang, cases[i].word, strlen(cases[i].word)) == cases[i].name,
		              "%s: %s", cases[i].lang, cases[i].word);
		xlqa_lang_free(lang);
	}
}
END_TEST

START_TEST(missing_dictionary_is_reported)
{
	struct xlqa_lang_options opt = { NULL, "/nonexistent/hunspell", 0 };
	struct xlqa_lang *lang;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_lang_open("en", &opt, &lang, &err), XLQA_ENOTFOUND);
	ck_assert_msg(strstr(err.message, "/nonexistent/hunspell/en_US.dic") != NULL, "%s", err.message);
	/* Finnish needs no dictionary, so the same folder is no obstacle. */
	ck_assert_int_eq(xlqa_lang_open("fi", &opt, &lang, &err), XLQA_OK);
	xlqa_lang_free(lang);
}
END_TEST

/* Replaces \xNN escapes by the bytes they stand for, in place; returns the new length. */
static size_t unescape_bytes(char *s)
{
	size_t j = 0;
	for (size_t i = 0; s[i]; i++) {
		unsigned v;
		if (s[i] == '\\' && s[i + 1] == 'x' && sscanf(s + i + 2, "%2x", &v) == 1) {
			s[j++] = (char)v;
			i += 3;
		} else {
			s[j++] = s[i];
		}
	}
	s[j] = '\0';
	return j;
}

static const char *const flag_names[] = { "stop",    "article", "elided",      "numeric",   "ordinal",
                                           "month",   "weekday", "conjunction", "connector", "abbreviation" };

/* Appends one token's flags, comma-separated, or "-" when it has none. */
static void flags_string(unsigned flags, struct xlqa_buf *b)
{
	bool any = false;

	for (size_t i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++)
		if (flags & (1u << i)) {
			if (any)
				xlqa_buf_addch(b, ',');
			xlqa_buf_addstr(b, flag_names[i]);
			any = true;
		}
	if (!any)
		xlqa_buf_addch(b, '-');
}

/* Computes what a case kind asks for about `text` into `got`; returns a library status. */
static int run_case(struct xlqa_lang *lang, const char *kind, const char *text, size_t len, struct xlqa_buf *got,
		    struct xlqa_error *err)
{
	struct xlqa_analysis a;
	int rc;

	xlqa_analysis_init(&a);
	rc = xlqa_lang_analyze(lang, text, len,
			       XLQA_ANALYZE_STEMS | XLQA_ANALYZE_LEMMAS | XLQA_ANALYZE_COMPOUNDS, &a, err);
	if (rc)
		goto done;
	if (strcmp(kind, "sentences") == 0) {
		for (size_t i = 0; i < a.seg.n_sentences; i++) {
			if (i)
				xlqa_buf_addstr(got, " | ");
			xlqa_buf_add(got, text + a.seg.sentences[i].start, a.seg.sentences[i].end - a.seg.sentences[i].start);
		}
		goto done;
	}
	for (size_t i = 0; i < a.n_tokens; i++) {
		const struct xlqa_token *t = &a.tokens[i];
		const struct xlqa_strlist *list = NULL;
		if (t->kind == XLQA_SPAN_PUNCT)
			continue;
		bool lemmas = strcmp(kind, "lemma") == 0 || strcmp(kind, "lemmas") == 0;
		if (got->len && !lemmas)
			xlqa_buf_addch(got, ' ');
		if (strcmp(kind, "tokens") == 0)
			xlqa_buf_add(got, text + t->start, t->end - t->start);
		else if (strcmp(kind, "norms") == 0)
			xlqa_buf_addstr(got, t->norm);
		else if (strcmp(kind, "stems") == 0)
			xlqa_buf_addstr(got, t->stem ? t->stem : "?");
		else if (strcmp(kind, "flags") == 0)
			flags_string(t->flags, got);
		else if (strcmp(kind, "number") == 0)
			xlqa_buf_addf(got, (t->flags & XLQA_TOKEN_NUMERIC) ? "%.15g" : "not-a-number", t->value);
		else if (lemmas)
			list = &t->lemmas;
		else if (strcmp(kind, "parts") == 0)
			list = &t->parts;
		else
			xlqa_buf_addf(got, "unknown-kind-%s", kind);
		if (list && strcmp(kind, "lemma") != 0 && list->n == 0)
			xlqa_buf_addch(got, '-');
		for (size_t k = 0; list && k < list->n; k++)
			xlqa_buf_addf(got, "%s%s", k ? (lemmas ? "|" : " ") : "", list->items[k]);
	}
done:
	xlqa_analysis_release(&a);
	return rc;
}

/* True when `want` is one of the '|'-separated items of `got`. */
static bool among(const char *want, const char *got)
{
	size_t n = strlen(want);
	for (const char *p = got; p && *p; p = strchr(p, '|') ? strchr(p, '|') + 1 : NULL)
		if (strncmp(p, want, n) == 0 && (p[n] == '|' || p[n] == '\0'))
			return true;
	return false;
}

START_TEST(language_table)
{
	const struct xlqa_lang_info *info = xlqa_lang_at((size_t)_i);
	struct xlqa_buf path = XLQA_BUF_INIT, data = XLQA_BUF_INIT, failures = XLQA_BUF_INIT;
	struct xlqa_buf got = XLQA_BUF_INIT, decoded = XLQA_BUF_INIT;
	struct xlqa_lang *lang;
	struct xlqa_error err;
	size_t n_cases = 0, n_failed = 0, lineno = 0;
	char *line, *next;

	ck_assert_int_eq(xlqa_lang_open(info->code, NULL, &lang, &err), XLQA_OK);
	xlqa_buf_addf(&path, "%s/lang/%s.tsv", test_data(), info->code);
	ck_assert_msg(xlqa_file_read(path.buf, &data, &err) == XLQA_OK, "%s", err.message);
	for (line = data.buf; line && *line; line = next) {
		char *kind, *input, *expected, *tab;
		const char *encoding = "UTF-8";
		size_t len;
		bool ok;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (*line == '#' || *line == '\0')
			continue;
		kind = line;
		if (!(tab = strchr(kind, '\t')) || !strchr(tab + 1, '\t'))
			ck_abort_msg("%s:%zu: expected KIND<TAB>INPUT<TAB>EXPECTED", path.buf, lineno);
		*tab = '\0';
		input = tab + 1;
		tab = strchr(input, '\t');
		*tab = '\0';
		expected = tab + 1;
		if ((tab = strstr(kind, "-latin1")) != NULL) {
			*tab = '\0';
			encoding = "ISO-8859-1";
		}
		len = unescape_bytes(input);
		xlqa_buf_reset(&decoded);
		xlqa_buf_reset(&got);
		n_cases++;
		if (xlqa_text_decode(encoding, input, len, path.buf, &decoded, &err) ||
		    run_case(lang, kind, decoded.buf, decoded.len, &got, &err)) {
			xlqa_buf_addf(&failures, "\n  %s:%zu: %s", path.buf, lineno, err.message);
			n_failed++;
			continue;
		}
		ok = strcmp(kind, "lemma") == 0 ? among(expected, got.buf) : strcmp(expected, got.buf) == 0;
		if (!ok) {
			xlqa_buf_addf(&failures, "\n  %s:%zu: %s '%s': expected '%s', got '%s'", path.buf, lineno, kind,
				      decoded.buf, expected, got.buf);
			n_failed++;
		}
	}
	ck_assert_msg(n_failed == 0, "%s: %zu of %zu cases failed:%s", info->code, n_failed, n_cases, failures.buf);
	ck_assert_msg(n_cases >= MIN_CASES_PER_LANGUAGE, "%s: only %zu cases", path.buf, n_cases);
	xlqa_lang_free(lang);
	xlqa_buf_release(&path);
	xlqa_buf_release(&data);
	xlqa_buf_release(&failures);
	xlqa_buf_release(&got);
	xlqa_buf_release(&decoded);
}
END_TEST

START_TEST(analysis_invariants_on_random_text)
{
	/* Random sequences of pieces that stress the analyzer (elisions, abbreviations, numerals with
	 * separators, dates, compounds, Cyrillic, stray punctuation) must analyse without error, with
	 * tokens in order, each inside the sentence it names, each with a normalised form, and words
	 * and numbers with stems. */
	static const char *const pieces[] = {
		"l'", "dell’", "Dr.", "z. B.", "3.", "Mai", "1.234,5", "1,234.5", "3.5", " ", " ", " ", ". ", "? ",
		"Bundesverfassungsgericht", "ziekenhuisopname", "Ельцин", "София", "é", "ß", "'", "-", "&", "\n",
		"U.S.", "W.", "12", "Prof.", "A", "the", "quatre-vingts", "\xE2\x80\x93", "(", ")", "\"",
		"\xEF\xBB\xBF\xC2\xAD", "\t\xCC\x81", "Kampffeuerboottürfeuerbahnfirmafahrthofraumschlüssel",
	};
	const struct xlqa_lang_info *info = xlqa_lang_at((size_t)_i);
	uint64_t st = UINT64_C(0x2545F4914F6CDD1D) + (uint64_t)_i;
	struct xlqa_buf text = XLQA_BUF_INIT;
	struct xlqa_analysis a;
	struct xlqa_lang *lang;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_lang_open(info->code, NULL, &lang, &err), XLQA_OK);
	xlqa_analysis_init(&a);
	for (int iter = 0; iter < 300; iter++) {
		size_t n = (size_t)(test_rng_next(&st) % 40);
		xlqa_buf_reset(&text);
		for (size_t k = 0; k < n; k++)
			xlqa_buf_addstr(&text, pieces[test_rng_next(&st) % (sizeof pieces / sizeof pieces[0])]);
		ck_assert_msg(xlqa_lang_analyze(lang, text.buf, text.len,
						XLQA_ANALYZE_STEMS | XLQA_ANALYZE_LEMMAS | XLQA_ANALYZE_COMPOUNDS, &a,
						&err) == XLQA_OK,
			      "%s iteration %d: %s", info->code, iter, err.message);
		for (size_t t = 0; t < a.n_tokens; t++) {
			const struct xlqa_token *tok = &a.tokens[t];
			const struct xlqa_span *sent;
			ck_assert(tok->start < tok->end && tok->end <= text.len);
			/* Both ends fall on character boundaries. */
			ck_assert(((unsigned char)text.buf[tok->start] & 0xC0) != 0x80);
			ck_assert(tok->end == text.len || ((unsigned char)text.buf[tok->end] & 0xC0) != 0x80);
			ck_assert(t == 0 || a.tokens[t - 1].end <= tok->start);
			ck_assert_ptr_nonnull(tok->norm);
			ck_assert(tok->kind == XLQA_SPAN_PUNCT || tok->stem != NULL);
			ck_assert_uint_lt(tok->sentence, a.seg.n_sentences);
			sent = &a.seg.sentences[tok->sentence];
			ck_assert_msg(sent->start <= tok->start && tok->end <= sent->end, "%s iteration %d: token outside its sentence",
				      info->code, iter);
		}
	}
	xlqa_analysis_release(&a);
	xlqa_lang_free(lang);
	xlqa_buf_release(&text);
}
END_TEST

START_TEST(registry_clef_targets)
{
	/* the CLEF 2004 QA targets are a column of the registry (lexicon build --all builds into them):
	 * the seven of the track, in registry order; Bulgarian and Finnish were sources only */
	char got[64] = "";
	for (size_t i = 0; i < xlqa_lang_count(); i++)
		if (xlqa_lang_at(i)->flags & XLQA_LANG_CLEF_TARGET) {
			strncat(got, xlqa_lang_at(i)->code, sizeof got - strlen(got) - 1);
			strncat(got, " ", sizeof got - strlen(got) - 1);
		}
	ck_assert_str_eq(got, "de en es fr it nl pt ");
}
END_TEST

START_TEST(registry_word_unions)
{
	/* the copulas and name connectors of all rows, one union each: the forms extraction held in C
	 * before they moved into the packs (extraction must read the same words on every target), and
	 * nothing else: no article, no other row key's value, no word of the other list */
	static const char *const copulas[] = { "is", "was", "are", "were", "ist", "war", "sind", "waren", "es", "era",
		                               "fue", "son", "eran", "est", "\xC3\xA9tait", "\xC3\xA8", "\xC3\xA9",
		                               "foi", "zijn" };
	static const char *const connectors[] = { "of", "de", "del", "da", "do", "dos", "di", "von", "van", "du", "zu" };
	static const char *const neither[] = { "the", "der", "clef-target", "german", "en", "" };

	for (size_t i = 0; i < sizeof copulas / sizeof *copulas; i++) {
		ck_assert_msg(xlqa_lang_registry_has_word(XLQA_LANG_COPULAS, copulas[i], strlen(copulas[i])), "%s",
		              copulas[i]);
		ck_assert_msg(!xlqa_lang_registry_has_word(XLQA_LANG_NAME_CONNECTORS, copulas[i], strlen(copulas[i])),
		              "%s", copulas[i]);
	}
	for (size_t i = 0; i < sizeof connectors / sizeof *connectors; i++) {
		ck_assert_msg(xlqa_lang_registry_has_word(XLQA_LANG_NAME_CONNECTORS, connectors[i], strlen(connectors[i])),
		              "%s", connectors[i]);
		ck_assert_msg(!xlqa_lang_registry_has_word(XLQA_LANG_COPULAS, connectors[i], strlen(connectors[i])), "%s",
		              connectors[i]);
	}
	for (size_t i = 0; i < sizeof neither / sizeof *neither; i++)
		for (int list = 0; list < XLQA_LANG_WORD_LISTS; list++)
			ck_assert_msg(!xlqa_lang_registry_has_word((enum xlqa_lang_word_list)list, neither[i], strlen(neither[i])),
			              "%s", neither[i]);
	ck_assert(!xlqa_lang_registry_has_word(XLQA_LANG_WORD_LISTS, "is", 2));
}
END_TEST

Suite *lang_suite(void)
{
	Suite *s = suite_create("lang");
	TCase *core = tcase_create("core");
	TCase *tables = tcase_create("tables");

	tcase_add_test(core, registry_aliases);
	tcase_add_test(core, registry_clef_targets);
	tcase_add_test(core, registry_word_unions);
	tcase_add_test(core, unknown_language_is_a_clear_error);
	tcase_add_test(core, pack_errors_name_file_and_line);
	tcase_add_test(core, missing_dictionary_is_reported);
	tcase_add_test(core, malformed_abbreviation_is_a_parse_error);
	tcase_add_test(core, malformed_irregular_form_is_a_parse_error);
	tcase_add_test(core, naming_cues_and_their_sides);
	tcase_add_loop_test(core, irregular_table_without_hunspell, 0,
			    (int)(sizeof table_lemma_cases / sizeof table_lemma_cases[0]));
	tcase_add_test(core, missing_affix_file_is_reported);
	tcase_add_test(core, irregular_forms_with_and_without_prefix);
	tcase_add_test(core, bulgarian_opens_without_hunspell);
	tcase_add_test(core, compound_parts_are_bounded);
	tcase_add_test(core, compound_part_memo_keeps_each_answer);
	tcase_add_test(core, dictionary_names);
	tcase_set_timeout(core, 60);
	suite_add_tcase(s, core);
	/* Loading hunspell dictionaries takes a while, more so under a sanitizer. */
	tcase_set_timeout(tables, 120);
	tcase_add_loop_test(tables, language_table, 0, (int)xlqa_lang_count());
	tcase_add_loop_test(tables, analysis_invariants_on_random_text, 0, (int)xlqa_lang_count());
	suite_add_tcase(s, tables);
	return s;
}
