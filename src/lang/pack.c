/*
 * pack: loading a language pack. Data files are UTF-8 word lists, one entry per line, '#' comments;
 * entries are normalised (NFC, case folded) as they are read, so lookups compare normalised forms.
 * A malformed line is an error naming the file and line: a pack is project data, not user input to
 * be tolerated.
 */
#include "config.h"

#include "lang-internal.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unicode/udat.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

#ifndef XLQA_HUNSPELLDIR
#define XLQA_HUNSPELLDIR "/usr/share/hunspell"
#endif

/* One line of a pack file, split at tabs; fields point into the file's buffer. */
#define LINE_MAX_FIELDS 4
struct pack_line {
	const char *path;
	size_t lineno;
	const char *field[LINE_MAX_FIELDS];
	size_t field_len[LINE_MAX_FIELDS];
	size_t n_fields;
	const struct word_list *list; /* the plain word list being read (pack_read_words), else NULL */
};

typedef int (*pack_line_fn)(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err);

/* A plain word list of a pack: one word a line into a set of the language (on_word). */
struct word_list {
	const char *file;
	bool required;
	size_t set;       /* offsetof the struct xlqa_hash in struct xlqa_lang */
	const char *what; /* what a line must hold, for the error */
};

/*
 * Reads lang_dir/<code>/<file> and calls `fn` for each non-comment line, with line->list = `list`. A
 * missing optional file is no error; a missing required one is XLQA_ENOTFOUND.
 */
static int pack_read_list(struct xlqa_lang *lang, const char *dir, const char *file, bool required, pack_line_fn fn,
			  const struct word_list *list, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT, data = XLQA_BUF_INIT;
	struct pack_line line = { .list = list };
	size_t pos = 0, bad;
	int rc;

	if ((rc = xlqa_buf_addf(&path, "%s/%s/%s", dir, lang->info->code, file)))
		return xlqa_error_status(err, rc, "reading a pack list");
	rc = xlqa_file_read(path.buf, &data, err);
	if (rc == XLQA_ENOTFOUND && !required) {
		rc = XLQA_OK;
		xlqa_error_clear(err);
		goto done;
	}
	if (rc)
		goto done;
	if (!xlqa_text_utf8_valid(data.buf, data.len, &bad)) {
		rc = xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1, "%s: byte offset %zu: invalid UTF-8",
				   path.buf, bad);
		goto done;
	}
	line.path = path.buf;
	while (pos < data.len) {
		char *nl = memchr(data.buf + pos, '\n', data.len - pos);
		size_t end = nl ? (size_t)(nl - data.buf) : data.len;
		size_t start = pos, f = 0;

		line.lineno++;
		pos = end + 1;
		if (end > start && data.buf[end - 1] == '\r')
			end--;
		while (start < end && (data.buf[start] == ' ' || data.buf[start] == '\t'))
			start++;
		while (end > start && (data.buf[end - 1] == ' ' || data.buf[end - 1] == '\t'))
			end--;
		if (start == end || data.buf[start] == '#')
			continue;
		line.field[0] = data.buf + start;
		for (size_t i = start; i <= end; i++) {
			if (i < end && data.buf[i] != '\t')
				continue;
			if (f == LINE_MAX_FIELDS) {
				rc = xlqa_error_in(err, XLQA_EPARSE, path.buf, -1, (int64_t)line.lineno,
				                   "more than %d tab-separated fields", LINE_MAX_FIELDS);
				goto done;
			}
			line.field_len[f] = (size_t)(data.buf + i - line.field[f]);
			f++;
			if (i < end && f < LINE_MAX_FIELDS)
				line.field[f] = data.buf + i + 1;
		}
		line.n_fields = f;
		if ((rc = fn(lang, &line, err)))
			goto done;
	}
done:
	xlqa_buf_release(&path);
	xlqa_buf_release(&data);
	return rc;
}

static int pack_read(struct xlqa_lang *lang, const char *dir, const char *file, bool required, pack_line_fn fn,
		     struct xlqa_error *err)
{
	return pack_read_list(lang, dir, file, required, fn, NULL, err);
}

/* Normalises `s` into the pack's scratch buffer (NFC + case folding, typographic apostrophes as "'"). */
static int pack_norm(struct xlqa_lang *lang, const char *s, size_t len, struct xlqa_error *err)
{
	xlqa_buf_reset(&lang->scratch);
	return xlqa_text_normalize(s, len, LANG_NORM, &lang->scratch, err);
}

static int pack_add_word(struct xlqa_lang *lang, struct xlqa_hash *set, const struct pack_line *line,
			 void *value, struct xlqa_error *err)
{
	int rc = pack_norm(lang, line->field[0], line->field_len[0], err);

	if (!rc && (rc = xlqa_hash_put(set, lang->scratch.buf, lang->scratch.len, value, NULL)))
		xlqa_error_status(err, rc, "adding a pack word");
	if (rc) {
		xlqa_error_prefix(err, "%s:%zu", line->path, line->lineno);
		return rc;
	}
	return XLQA_OK;
}

/* Fails with "file:line: expected WHAT" (XLQA_EPARSE, err->line set). */
static int pack_syntax_error(const struct pack_line *line, const char *what, struct xlqa_error *err)
{
	return xlqa_error_in(err, XLQA_EPARSE, line->path, -1, (int64_t)line->lineno, "expected %s", what);
}

static int expect_fields(const struct pack_line *line, size_t min, size_t max, const char *what,
			 struct xlqa_error *err)
{
	if (line->n_fields >= min && line->n_fields <= max)
		return XLQA_OK;
	return pack_syntax_error(line, what, err);
}

/* Reads field f as a decimal integer in [min, max]; false for anything else. */
static bool field_uint(const struct pack_line *line, size_t f, size_t min, size_t max, size_t *v)
{
	size_t n = 0;

	if (line->field_len[f] == 0)
		return false;
	for (size_t i = 0; i < line->field_len[f]; i++) {
		char c = line->field[f][i];
		if (c < '0' || c > '9' || n > max)
			return false;
		n = n * 10 + (size_t)(c - '0');
	}
	*v = n;
	return n >= min && n <= max;
}

/* A line of a plain word list: one word, into the list's set. */
static int on_word(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	int rc = expect_fields(line, 1, 1, line->list->what, err);
	return rc ? rc
	          : pack_add_word(lang, (struct xlqa_hash *)((char *)lang + line->list->set), line, NULL, err);
}

/* The plain word lists, read in this order. */
static const struct word_list word_lists[] = {
	{ "stopwords.txt", true, offsetof(struct xlqa_lang, stopwords), "one word" },
	{ "articles.txt", true, offsetof(struct xlqa_lang, articles), "one article" },
	{ "conjunctions.txt", false, offsetof(struct xlqa_lang, conjunctions), "one conjunction" },
	{ "connectors.txt", false, offsetof(struct xlqa_lang, connectors), "one connector" },
};

static int read_word_lists(struct xlqa_lang *lang, const char *dir, struct xlqa_error *err)
{
	int rc = XLQA_OK;

	for (size_t i = 0; i < sizeof word_lists / sizeof *word_lists && rc == XLQA_OK; i++)
		rc = pack_read_list(lang, dir, word_lists[i].file, word_lists[i].required, on_word, &word_lists[i], err);
	return rc;
}

/* The sides a naming.txt line may name, as enum xlqa_naming_side bits. */
static const struct {
	const char *word;
	unsigned side;
} naming_sides[] = { { "before", XLQA_NAMING_BEFORE }, { "after", XLQA_NAMING_AFTER } };

/*
 * naming.txt: "before<TAB>WORDS" or "after<TAB>WORDS", one or two words that name what stands after
 * them ("called", "known as", "namens") or before them ("genannt"); a cue may stand on both sides.
 */
static int on_naming(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	static const char what[] = "'before<TAB>words' or 'after<TAB>words'";
	uintptr_t side = 0, old = 0;
	size_t blanks = 0;
	void *v;
	int rc = expect_fields(line, 2, 2, what, err);

	if (rc)
		return rc;
	for (size_t i = 0; i < sizeof naming_sides / sizeof *naming_sides; i++)
		if (line->field_len[0] == strlen(naming_sides[i].word) &&
		    memcmp(line->field[0], naming_sides[i].word, line->field_len[0]) == 0)
			side = naming_sides[i].side;
	if (!side)
		return pack_syntax_error(line, what, err);
	for (size_t i = 0; i < line->field_len[1]; i++)
		blanks += line->field[1][i] == ' ';
	if (!line->field_len[1] || blanks > 1 || line->field[1][0] == ' ' ||
	    line->field[1][line->field_len[1] - 1] == ' ')
		return pack_syntax_error(line, "one or two words, one blank between, after the side", err);
	if ((rc = pack_norm(lang, line->field[1], line->field_len[1], err)) == XLQA_OK &&
	    lang->scratch.len > XLQA_NAMING_MAX_BYTES)
		return pack_syntax_error(line, "a cue of at most 64 bytes", err);
	if (rc == XLQA_OK) {
		if (xlqa_hash_get(&lang->naming, lang->scratch.buf, lang->scratch.len, &v))
			old = (uintptr_t)v;
		if ((rc = xlqa_hash_put(&lang->naming, lang->scratch.buf, lang->scratch.len, (void *)(old | side), NULL)))
			xlqa_error_status(err, rc, "reading the naming cues");
	}
	if (rc)
		xlqa_error_prefix(err, "%s:%zu", line->path, line->lineno);
	return rc;
}

static int on_number(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	static const char what[] = "'word<TAB>integer' or 'word<TAB>integer<TAB>ordinal'";
	struct lang_number *num;
	char digits[24];
	char *endp;
	long long v;
	int rc = expect_fields(line, 2, 3, what, err);

	if (rc)
		return rc;
	if (line->field_len[1] == 0 || line->field_len[1] >= sizeof digits ||
	    (line->n_fields == 3 && (line->field_len[2] != 7 || memcmp(line->field[2], "ordinal", 7) != 0)))
		return pack_syntax_error(line, what, err);
	memcpy(digits, line->field[1], line->field_len[1]);
	digits[line->field_len[1]] = '\0';
	errno = 0;
	v = strtoll(digits, &endp, 10);
	if (*endp || errno || v < 0)
		return pack_syntax_error(line, what, err);
	num = xlqa_arena_alloc(&lang->arena, sizeof *num);
	if (!num)
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", line->path, xlqa_strerror(XLQA_ENOMEM));
	num->value = v;
	num->ordinal = line->n_fields == 3;
	return pack_add_word(lang, &lang->numbers, line, num, err);
}

static int on_abbreviation(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	char *abbr, *cap;
	int rc = expect_fields(line, 1, 1, "one abbreviation ending with '.'", err);

	if (rc)
		return rc;
	if (line->field_len[0] < 2 || line->field[0][line->field_len[0] - 1] != '.')
		return pack_syntax_error(line, "one abbreviation ending with '.'", err);
	abbr = xlqa_arena_strndup(&lang->arena, line->field[0], line->field_len[0]);
	cap = xlqa_arena_alloc(&lang->arena, line->field_len[0] + 5);
	if (!abbr || !cap)
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", line->path, xlqa_strerror(XLQA_ENOMEM));
	rc = xlqa_segmenter_add_abbreviation(lang->segmenter, abbr, err);
	/* A lower-case abbreviation opens sentences too, capitalised: "prof." and "Prof.". */
	if (!rc && lang_capitalize(abbr, cap))
		rc = xlqa_segmenter_add_abbreviation(lang->segmenter, cap, err);
	if (rc)
		xlqa_error_prefix(err, "%s:%zu", line->path, line->lineno);
	return rc;
}

/* Copies the normalised form in lang->scratch into the pack and into `list`, longest first. */
static int add_longest_first(struct xlqa_lang *lang, const char ***list, size_t *n, size_t *alloc,
			     const struct pack_line *line, struct xlqa_error *err)
{
	const char *e = xlqa_arena_strndup(&lang->arena, lang->scratch.buf, lang->scratch.len);
	size_t i;

	if (!e || XLQA_ARRAY_RESERVE(*list, *alloc, *n + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", line->path, xlqa_strerror(XLQA_ENOMEM));
	for (i = (*n)++; i > 0 && strlen((*list)[i - 1]) < strlen(e); i--)
		(*list)[i] = (*list)[i - 1];
	(*list)[i] = e;
	return XLQA_OK;
}

static int on_elision(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	int rc = expect_fields(line, 1, 1, "one elided form ending with \"'\"", err);

	if (rc)
		return rc;
	if (line->field_len[0] < 2 || line->field[0][line->field_len[0] - 1] != '\'')
		return pack_syntax_error(line, "one elided form ending with \"'\"", err);
	if ((rc = pack_norm(lang, line->field[0], line->field_len[0], err))) {
		xlqa_error_prefix(err, "%s:%zu", line->path, line->lineno);
		return rc;
	}
	/* Longest first, so "dell'" is tried before "l'". */
	return add_longest_first(lang, &lang->elisions, &lang->n_elisions, &lang->alloc_elisions, line, err);
}

/* One normalised ending a line, kept longest first in `list`: genitive.txt, stem-keep.txt. */
static int add_ending(struct xlqa_lang *lang, const struct pack_line *line, const char *what, const char ***list,
                      size_t *n, size_t *alloc, struct xlqa_error *err)
{
	int rc = expect_fields(line, 1, 1, what, err);

	if (rc)
		return rc;
	if ((rc = pack_norm(lang, line->field[0], line->field_len[0], err))) {
		xlqa_error_prefix(err, "%s:%zu", line->path, line->lineno);
		return rc;
	}
	return add_longest_first(lang, list, n, alloc, line, err);
}

/*
 * genitive.txt: one ending per line that a name takes in the genitive ("s" of "Luthers", "'" of
 * "Marx'"), tried by the translator on a capitalised word it cannot translate.
 */
static int on_genitive(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	return add_ending(lang, line, "one genitive ending", &lang->genitives, &lang->n_genitives,
	                  &lang->alloc_genitives, err);
}

/*
 * stem-keep.txt: one ending per line that the stemmer strips as an inflection but that also ends
 * nouns, so that their stems part from their inflected forms' (German "em": Snowball stems
 * "Problem" to "probl" but "Probleme" and "Problems" to "problem"). xlqa_lang_stem gives the ending
 * back to a word that is its own hunspell lemma.
 */
static int on_stem_keep(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	return add_ending(lang, line, "one ending", &lang->stem_keeps, &lang->n_stem_keeps, &lang->alloc_stem_keeps,
	                  err);
}

static int on_month(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	static const char what[] = "'name<TAB>month' with a month from 1 to 12";
	size_t v;
	int rc = expect_fields(line, 2, 2, what, err);

	if (rc)
		return rc;
	if (!field_uint(line, 1, 1, 12, &v))
		return pack_syntax_error(line, what, err);
	return pack_add_word(lang, &lang->months, line, (void *)(uintptr_t)v, err);
}

static bool field_is(const struct pack_line *line, size_t f, const char *s)
{
	return line->field_len[f] == strlen(s) && memcmp(line->field[f], s, line->field_len[f]) == 0;
}

/* Normalises `len` bytes of a line's field into a copy in the pack's arena (*out). */
static int norm_copy(struct xlqa_lang *lang, const struct pack_line *line, const char *s, size_t len, const char **out,
		     struct xlqa_error *err)
{
	int rc = pack_norm(lang, s, len, err);

	if (rc) {
		xlqa_error_prefix(err, "%s:%zu", line->path, line->lineno);
		return rc;
	}
	if (!(*out = xlqa_arena_strndup(&lang->arena, lang->scratch.buf, lang->scratch.len)))
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", line->path, xlqa_strerror(XLQA_ENOMEM));
	return XLQA_OK;
}

/*
 * irregular.txt: "form<TAB>lemma[<TAB>lemma...]" (a form's lines add up, three lemmas at most),
 * "PREFIX-", a verb prefix that combines with the forms, or "-INFIX-", the infix of infinitives
 * after a verb prefix (German "-zu-": "einzustufen" -> "einstufen"; one at most).
 */
static int on_irregular(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	static const char what[] = "'form<TAB>lemma[<TAB>lemma...]', 'PREFIX-' or '-INFIX-'";
	struct lang_lemmas *l;
	const char *form;
	void *old = NULL;
	int rc;

	if (line->n_fields == 1 && line->field_len[0] > 2 && line->field[0][0] == '-' &&
	    line->field[0][line->field_len[0] - 1] == '-') {
		if (lang->infix)
			return xlqa_error_in(err, XLQA_EPARSE, line->path, -1, (int64_t)line->lineno, "a second infix");
		return norm_copy(lang, line, line->field[0] + 1, line->field_len[0] - 2, &lang->infix, err);
	}
	if (line->n_fields == 1 && line->field_len[0] > 1 && line->field[0][line->field_len[0] - 1] == '-') {
		const char *p;
		size_t i;
		if (lang->n_prefixes == LANG_MAX_PREFIXES)
			return xlqa_error_in(err, XLQA_EPARSE, line->path, -1, (int64_t)line->lineno,
			                     "more than %d prefixes", LANG_MAX_PREFIXES);
		if ((rc = norm_copy(lang, line, line->field[0], line->field_len[0] - 1, &p, err)))
			return rc;
		for (i = lang->n_prefixes++; i > 0 && strlen(lang->prefixes[i - 1]) < strlen(p); i--)
			lang->prefixes[i] = lang->prefixes[i - 1];
		lang->prefixes[i] = p;
		return XLQA_OK;
	}
	if ((rc = expect_fields(line, 2, LINE_MAX_FIELDS, what, err)))
		return rc;
	if ((rc = norm_copy(lang, line, line->field[0], line->field_len[0], &form, err)))
		return rc;
	if (!(l = xlqa_arena_alloc(&lang->arena, sizeof *l)))
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", line->path, xlqa_strerror(XLQA_ENOMEM));
	xlqa_hash_get(&lang->irregular, form, strlen(form), &old);
	if (old)
		*l = *(struct lang_lemmas *)old;
	else
		l->n = 0;
	for (size_t f = 1; f < line->n_fields; f++) {
		if (line->field_len[f] == 0)
			return pack_syntax_error(line, what, err);
		if (l->n == sizeof l->items / sizeof l->items[0])
			return xlqa_error_in(err, XLQA_EPARSE, line->path, -1, (int64_t)line->lineno,
			                     "more than %zu lemmas of '%s'", sizeof l->items / sizeof l->items[0],
			                     form);
		if ((rc = norm_copy(lang, line, line->field[f], line->field_len[f], &l->items[l->n++], err)))
			return rc;
	}
	if ((rc = xlqa_hash_put(&lang->irregular, form, strlen(form), l, NULL)))
		return xlqa_error_set(err, rc, "%s: %s", line->path, xlqa_strerror(rc));
	return XLQA_OK;
}

static int on_compound(struct xlqa_lang *lang, const struct pack_line *line, struct xlqa_error *err)
{
	static const char what[] = "'min_part<TAB>N', 'min_word<TAB>N', 'linker<TAB>TEXT' or 'bound<TAB>TEXT'";
	int rc = expect_fields(line, 2, 2, what, err);

	if (rc)
		return rc;
	if (field_is(line, 0, "bound")) {
		struct pack_line value = *line;
		value.field[0] = line->field[1];
		value.field_len[0] = line->field_len[1];
		return pack_add_word(lang, &lang->bound, &value, NULL, err);
	}
	if (field_is(line, 0, "linker")) {
		if (lang->n_linkers == LANG_MAX_LINKERS)
			return xlqa_error_in(err, XLQA_EPARSE, line->path, -1, (int64_t)line->lineno,
			                     "more than %d linkers", LANG_MAX_LINKERS);
		const char *linker;
		size_t i;
		if (line->field_len[1] == 0 || line->field_len[1] > LANG_MAX_LINKER_LEN)
			return pack_syntax_error(line, "a linker of 1 to 8 bytes", err);
		if (!(linker = xlqa_arena_strndup(&lang->arena, line->field[1], line->field_len[1])))
			return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", line->path, xlqa_strerror(XLQA_ENOMEM));
		for (i = lang->n_linkers++; i > 0 && strlen(lang->linkers[i - 1]) < line->field_len[1]; i--)
			lang->linkers[i] = lang->linkers[i - 1];
		lang->linkers[i] = linker;
		return XLQA_OK;
	}
	if (field_is(line, 0, "min_part") || field_is(line, 0, "min_word")) {
		size_t v;
		if (!field_uint(line, 1, 1, 1000, &v))
			return pack_syntax_error(line, what, err);
		*(field_is(line, 0, "min_part") ? &lang->min_part : &lang->min_word) = v;
		return XLQA_OK;
	}
	return pack_syntax_error(line, what, err);
}

/* Adds ICU's month or weekday names of one symbol kind to `set`, value = number. */
static int icu_names(struct xlqa_lang *lang, UDateFormat *fmt, UDateFormatSymbolType type, bool weekdays,
		     struct xlqa_hash *set, struct xlqa_error *err)
{
	int32_t count = udat_countSymbols(fmt, type);

	for (int32_t i = 0; i < count; i++) {
		UChar u[64];
		char s[256];
		int32_t n, m;
		uintptr_t number;
		UErrorCode st = U_ZERO_ERROR;
		int rc;

		n = udat_getSymbols(fmt, type, i, u, 64, &st);
		if (U_FAILURE(st) || n == 0)
			continue;
		u_strToUTF8(s, sizeof s, &m, u, n, &st);
		if (U_FAILURE(st))
			continue;
		if (weekdays) {
			if (i < 1 || i > 7)
				continue;
			number = (uintptr_t)((i + 5) % 7 + 1); /* ICU counts from Sunday = 1; we from Monday = 1 */
		} else {
			if (i > 11)
				continue; /* the 13th month of some calendars */
			number = (uintptr_t)(i + 1);
		}
		if (m > 1 && s[m - 1] == '.')
			m--; /* abbreviated names carry their period in some locales ("Okt.") */
		if ((rc = pack_norm(lang, s, (size_t)m, err)) ||
		    (rc = xlqa_hash_put(set, lang->scratch.buf, lang->scratch.len, (void *)number, NULL)))
			return xlqa_error_set(err, rc, "month and weekday names for '%s': %s", lang->info->code,
					      xlqa_strerror(rc));
	}
	return XLQA_OK;
}

static int icu_calendar_words(struct xlqa_lang *lang, struct xlqa_error *err)
{
	UErrorCode st = U_ZERO_ERROR;
	UDateFormat *fmt;
	UNumberFormat *nf;
	UChar sym[8];
	int rc = XLQA_OK;

	fmt = udat_open(UDAT_NONE, UDAT_LONG, lang->info->icu_locale, NULL, 0, NULL, 0, &st);
	if (U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU date symbols for '%s': %s", lang->info->icu_locale,
				      u_errorName(st));
	if (!(rc = icu_names(lang, fmt, UDAT_MONTHS, false, &lang->months, err)) &&
	    !(rc = icu_names(lang, fmt, UDAT_STANDALONE_MONTHS, false, &lang->months, err)) &&
	    !(rc = icu_names(lang, fmt, UDAT_SHORT_MONTHS, false, &lang->month_abbrevs, err)) &&
	    !(rc = icu_names(lang, fmt, UDAT_WEEKDAYS, true, &lang->weekdays, err)))
		rc = icu_names(lang, fmt, UDAT_STANDALONE_WEEKDAYS, true, &lang->weekdays, err);
	udat_close(fmt);
	if (rc)
		return rc;

	nf = unum_open(UNUM_DECIMAL, NULL, 0, lang->info->icu_locale, NULL, &st);
	if (U_SUCCESS(st))
		unum_getSymbol(nf, UNUM_DECIMAL_SEPARATOR_SYMBOL, sym, 8, &st);
	if (nf)
		unum_close(nf);
	if (U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EEXTERNAL, "ICU number symbols for '%s': %s", lang->info->icu_locale,
				      u_errorName(st));
	lang->decimal_sep = sym[0] == ',' ? ',' : '.';
	return XLQA_OK;
}

/* The first of two paths that cannot be opened for reading (errno says why), or NULL. */
static const char *first_unreadable(const char *a, const char *b)
{
	const char *paths[2] = { a, b };

	for (int i = 0; i < 2; i++) {
		FILE *fp = fopen(paths[i], "rb");
		if (!fp)
			return paths[i];
		fclose(fp);
	}
	return NULL;
}

/*
 * The dictionary's names: its capitalised entries whose flag field is `name_flags` or empty. igerman98
 * (de_DE) gives given names and surnames its genitive flag alone ("Luther/S", "William/S") or none
 * ("James"), nouns plural and compounding flags too ("Historiker/NSFm"), places "Sm" ("Berlin/Sm").
 */
static int read_dictionary_names(struct xlqa_lang *lang, const char *path, const char *name_flags,
                                 struct xlqa_error *err)
{
	size_t flags_len = strlen(name_flags);
	struct xlqa_buf data = XLQA_BUF_INIT;
	int rc = xlqa_file_read(path, &data, err);

	for (size_t pos = 0; rc == XLQA_OK && pos < data.len;) {
		const char *line = data.buf + pos, *nl = memchr(line, '\n', data.len - pos);
		size_t n = nl ? (size_t)(nl - line) : data.len - pos;
		const char *slash = memchr(line, '/', n);
		size_t word = slash ? (size_t)(slash - line) : n;

		pos += n + 1;
		if (word < 2 || !(line[0] >= 'A' && line[0] <= 'Z') ||
		    (slash && !(n - word - 1 == flags_len && memcmp(slash + 1, name_flags, flags_len) == 0)))
			continue;
		if (xlqa_hash_put(&lang->dict_names, line, word, NULL, NULL))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", path, xlqa_strerror(XLQA_ENOMEM));
	}
	xlqa_buf_release(&data);
	return rc;
}

bool xlqa_lang_is_dictionary_name(const struct xlqa_lang *lang, const char *word, size_t len)
{
	return xlqa_hash_get(&lang->dict_names, word, len, NULL);
}

static int open_stemmers(struct xlqa_lang *lang, const char *hunspell_dir, unsigned flags, struct xlqa_error *err)
{
	const struct xlqa_lang_info *info = lang->info;

	if (info->snowball) {
		lang->stemmer = sb_stemmer_new(info->snowball, "UTF_8");
		if (!lang->stemmer)
			return xlqa_error_set(err, XLQA_EEXTERNAL, "Snowball has no '%s' stemmer for UTF-8",
					      info->snowball);
	}
	if (info->hunspell && !(flags & XLQA_LANG_OPEN_NO_HUNSPELL)) {
		struct xlqa_buf aff = XLQA_BUF_INIT, dic = XLQA_BUF_INIT;
		const char *enc, *missing;
		int rc = XLQA_OK;

		if (xlqa_buf_addf(&aff, "%s/%s.aff", hunspell_dir, info->hunspell) ||
		    xlqa_buf_addf(&dic, "%s/%s.dic", hunspell_dir, info->hunspell))
			rc = xlqa_error_status(err, XLQA_ENOMEM, "opening the stemmers");
		/* hunspell reports a missing file on stderr only; check both first so the error is ours. */
		else if ((missing = first_unreadable(dic.buf, aff.buf)))
			rc = xlqa_error_errno(err, XLQA_ENOTFOUND, "hunspell dictionary '%s' for %s (Debian package hunspell-*)",
					      missing, info->name);
		else {
			lang->hunspell = Hunspell_create(aff.buf, dic.buf);
			enc = lang->hunspell ? Hunspell_get_dic_encoding(lang->hunspell) : NULL;
			if (!lang->hunspell)
				rc = xlqa_error_set(err, XLQA_EEXTERNAL, "cannot load hunspell '%s'", aff.buf);
			else if (!enc || (strcmp(enc, "UTF-8") != 0 && strcmp(enc, "utf-8") != 0))
				rc = xlqa_error_set(err, XLQA_EUNSUPPORTED,
						    "hunspell dictionary '%s' is in %s; xlqa reads UTF-8 dictionaries",
						    aff.buf, enc ? enc : "an unknown encoding");
		}
		if (!rc && info->hunspell_name_flags)
			rc = read_dictionary_names(lang, dic.buf, info->hunspell_name_flags, err);
		xlqa_buf_release(&aff);
		xlqa_buf_release(&dic);
		if (rc)
			return rc;
	}
	return XLQA_OK;
}

/*
 * A missing pack folder is reported as such, with the variable that moves the packs, before any of
 * its files is looked for (the bare "cannot open .../stopwords.txt" did not say what to change).
 */
static int pack_folder_check(const struct xlqa_lang_info *info, const char *dir, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT;
	struct stat st;
	int rc = XLQA_OK;

	if (xlqa_buf_addf(&path, "%s/%s", dir, info->code))
		return xlqa_error_set(err, XLQA_ENOMEM, "loading %s: %s", info->name, xlqa_strerror(XLQA_ENOMEM));
	if (stat(path.buf, &st) != 0 || !S_ISDIR(st.st_mode))
		rc = xlqa_error_set(err, XLQA_ENOTFOUND,
				    "no %s language pack: '%s' is not a folder (XLQA_LANG_DIR names the folder that "
				    "holds the packs; installed: '%s')",
				    info->name, path.buf, XLQA_LANGDIR);
	xlqa_buf_release(&path);
	return rc;
}

int xlqa_lang_open(const char *name, const struct xlqa_lang_options *opt, struct xlqa_lang **out,
		   struct xlqa_error *err)
{
	const struct xlqa_lang_info *info;
	const char *dir = opt && opt->lang_dir && *opt->lang_dir ? opt->lang_dir : qa_lang_default_dir();
	const char *hdir = opt && opt->hunspell_dir ? opt->hunspell_dir : getenv("XLQA_HUNSPELL_DIR");
	unsigned flags = opt ? opt->flags : 0;
	struct xlqa_lang *lang;
	int rc;

	*out = NULL;
	if ((rc = xlqa_lang_lookup(name, &info, err)))
		return rc;
	if (!hdir || !*hdir)
		hdir = XLQA_HUNSPELLDIR;
	if ((rc = pack_folder_check(info, dir, err)))
		return rc;
	lang = calloc(1, sizeof *lang);
	if (!lang)
		return xlqa_error_set(err, XLQA_ENOMEM, "loading %s: %s", info->name, xlqa_strerror(XLQA_ENOMEM));
	lang->info = info;
	xlqa_arena_init(&lang->arena, 0);
	xlqa_hash_init(&lang->stopwords);
	xlqa_hash_init(&lang->articles);
	xlqa_hash_init(&lang->conjunctions);
	xlqa_hash_init(&lang->connectors);
	xlqa_hash_init(&lang->naming);
	xlqa_hash_init(&lang->numbers);
	xlqa_hash_init(&lang->months);
	xlqa_hash_init(&lang->weekdays);
	xlqa_hash_init(&lang->month_abbrevs);
	xlqa_hash_init(&lang->bound);
	xlqa_hash_init(&lang->lemma_cache);
	xlqa_hash_init(&lang->compound_cache);
	xlqa_hash_init(&lang->part_memo);
	xlqa_hash_init(&lang->irregular);
	xlqa_hash_init(&lang->dict_names);
	xlqa_buf_init(&lang->scratch);
	lang->min_part = 3;
	lang->min_word = 8;
	lang->dir = xlqa_arena_strndup(&lang->arena, dir, strlen(dir));
	if (!lang->dir) {
		xlqa_lang_free(lang);
		return xlqa_error_set(err, XLQA_ENOMEM, "loading %s: %s", info->name, xlqa_strerror(XLQA_ENOMEM));
	}

	if ((rc = xlqa_segmenter_new(info->icu_locale, &lang->segmenter, err)) ||
	    (rc = read_word_lists(lang, dir, err)) ||
	    (rc = pack_read(lang, dir, "numbers.txt", true, on_number, err)) ||
	    (rc = pack_read(lang, dir, "abbreviations.txt", true, on_abbreviation, err)) ||
	    (rc = pack_read(lang, dir, "elisions.txt", false, on_elision, err)) ||
	    (rc = pack_read(lang, dir, "months.txt", false, on_month, err)) ||
	    (rc = pack_read(lang, dir, "compound.txt", (info->flags & XLQA_LANG_COMPOUNDS) != 0, on_compound, err)) ||
	    (rc = pack_read(lang, dir, "irregular.txt", false, on_irregular, err)) ||
	    (rc = pack_read(lang, dir, "genitive.txt", false, on_genitive, err)) ||
	    (rc = pack_read(lang, dir, "stem-keep.txt", false, on_stem_keep, err)) ||
	    (rc = pack_read(lang, dir, "naming.txt", false, on_naming, err)) ||
	    (rc = icu_calendar_words(lang, err)) || (rc = open_stemmers(lang, hdir, flags, err))) {
		xlqa_lang_free(lang);
		return rc;
	}
	if (lang->hunspell && (info->flags & XLQA_LANG_CAPITALISED_NOUNS))
		xlqa_segmenter_set_ordinals(lang->segmenter, lang_ordinal_noun, lang);
	*out = lang;
	return XLQA_OK;
}

void xlqa_lang_free(struct xlqa_lang *lang)
{
	if (!lang)
		return;
	if (lang->stemmer)
		sb_stemmer_delete(lang->stemmer);
	if (lang->hunspell)
		Hunspell_destroy(lang->hunspell);
	xlqa_segmenter_free(lang->segmenter);
	xlqa_hash_release(&lang->stopwords);
	xlqa_hash_release(&lang->articles);
	xlqa_hash_release(&lang->conjunctions);
	xlqa_hash_release(&lang->connectors);
	xlqa_hash_release(&lang->naming);
	xlqa_hash_release(&lang->numbers);
	xlqa_hash_release(&lang->months);
	xlqa_hash_release(&lang->weekdays);
	xlqa_hash_release(&lang->month_abbrevs);
	xlqa_hash_release(&lang->bound);
	xlqa_hash_release(&lang->lemma_cache);
	xlqa_hash_release(&lang->compound_cache);
	xlqa_hash_release(&lang->part_memo);
	xlqa_hash_release(&lang->irregular);
	xlqa_hash_release(&lang->dict_names);
	free(lang->elisions);
	free(lang->genitives);
	free(lang->stem_keeps);
	xlqa_buf_release(&lang->scratch);
	xlqa_arena_release(&lang->arena);
	free(lang);
}

const char *xlqa_lang_dir(const struct xlqa_lang *lang)
{
	return lang->dir;
}

const struct xlqa_lang_info *xlqa_lang_get_info(const struct xlqa_lang *lang)
{
	return lang->info;
}

void xlqa_lang_genitive_endings(const struct xlqa_lang *lang, struct xlqa_strlist *out)
{
	out->n = lang->n_genitives;
	out->items = lang->genitives;
}

bool xlqa_lang_has_lemmas(const struct xlqa_lang *lang)
{
	return lang->hunspell != NULL;
}

bool xlqa_lang_is_stopword(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	return xlqa_hash_get(&lang->stopwords, norm, len, NULL);
}

bool xlqa_lang_is_article(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	return xlqa_hash_get(&lang->articles, norm, len, NULL);
}

bool xlqa_lang_is_connector(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	return xlqa_hash_get(&lang->connectors, norm, len, NULL);
}

bool xlqa_lang_is_conjunction(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	return xlqa_hash_get(&lang->conjunctions, norm, len, NULL);
}

unsigned xlqa_lang_naming(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	void *v;

	return xlqa_hash_get(&lang->naming, norm, len, &v) ? (unsigned)(uintptr_t)v : 0;
}

bool xlqa_lang_number_word(const struct xlqa_lang *lang, const char *norm, size_t len, int64_t *value,
			   bool *ordinal)
{
	void *v;
	const struct lang_number *num;

	if (!xlqa_hash_get(&lang->numbers, norm, len, &v))
		return false;
	num = v;
	if (value)
		*value = num->value;
	if (ordinal)
		*ordinal = num->ordinal;
	return true;
}

static int lookup_small(const struct xlqa_hash *set, const char *norm, size_t len)
{
	void *v;
	return xlqa_hash_get(set, norm, len, &v) ? (int)(uintptr_t)v : 0;
}

int xlqa_lang_month(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	return lookup_small(&lang->months, norm, len);
}

int xlqa_lang_weekday(const struct xlqa_lang *lang, const char *norm, size_t len)
{
	return lookup_small(&lang->weekdays, norm, len);
}

bool xlqa_lang_parse_number(const struct xlqa_lang *lang, const char *tok, size_t len, double *value)
{
	size_t n_dot = 0, n_comma = 0, last_sep = 0, n_digits = 0, group = 0;
	char decimal = 0;
	double v = 0, scale = 0;

	for (size_t i = 0; i < len; i++) {
		char c = tok[i];
		if (c >= '0' && c <= '9') {
			n_digits++;
			continue;
		}
		if ((c != '.' && c != ',') || i == 0 || i + 1 == len)
			return false;
		if (c == '.')
			n_dot++;
		else
			n_comma++;
		last_sep = i;
	}
	if (n_digits == 0)
		return false;
	if (n_dot && n_comma) {
		decimal = tok[last_sep];
	} else if (n_dot == 1 || n_comma == 1) {
		/* One separator: only three digits after it can be a thousands group ("3.5" is 3.5 anywhere);
		 * with three, the language's decimal mark decides ("1.234" is 1234 in German, 1.234 in English). */
		decimal = len - last_sep - 1 != 3 ? tok[last_sep] : lang->decimal_sep;
	}
	/* A separator that is not the decimal mark groups thousands: exactly three digits after each. */
	for (size_t i = 0; i < len; i++) {
		char c = tok[i];
		if (c == decimal) {
			if (scale || (i > group && group && i - group != 3))
				return false;
			scale = 1;
		} else if (c >= '0' && c <= '9') {
			if (scale) {
				scale /= 10;
				v += scale * (c - '0');
			} else {
				v = v * 10 + (c - '0');
			}
		} else {
			if (scale || (group && i - group != 3))
				return false; /* a grouping mark after the decimal mark, or a group not of three */
			group = i + 1;
		}
	}
	if (!scale && group && len - group != 3)
		return false;
	*value = v;
	return true;
}
