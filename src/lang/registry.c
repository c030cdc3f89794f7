/*
 * registry: the languages xlqa knows, read from the packs themselves. Every folder of the pack folder
 * ($XLQA_LANG_DIR, else the installed one) that holds a `language.txt` is a language, and that file is
 * its row: codes, English name, ICU locale, Snowball algorithm, hunspell dictionary and flags, one
 * "key TAB value" line each (README.md, Language packs). Adding a language is adding its folder.
 *
 * A row also holds the words that extraction reads on every target language alike (`copulas`,
 * `name-connectors`): the registry keeps each list as the union over all rows, so a pack added later
 * brings its words with no change in C (xlqa_lang_registry_has_word).
 *
 * The registry is read once, on the first lookup, and kept for the life of the process (the rows are
 * what struct xlqa_lang_info pointers point at). A row that cannot be read makes every lookup fail
 * with its file and line (xlqa_lang_registry_status), rather than leave the language out unsaid.
 */
#include "config.h"

#include "lang-internal.h"
#include "xlqa/lang.h"

#include <dirent.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define ROW_FILE "language.txt"

static struct {
	struct xlqa_lang_info *rows; /* sorted by code */
	size_t n;
	struct xlqa_arena strings;
	struct xlqa_hash words[XLQA_LANG_WORD_LISTS]; /* normalised word -> NULL, the union over the rows */
	struct xlqa_error err; /* XLQA_OK, or why the registry could not be read */
} registry;
static pthread_once_t registry_once = PTHREAD_ONCE_INIT;

/* The flags a row may name, as its `flags` line writes them. */
static const struct {
	const char *name;
	unsigned flag;
} flag_names[] = {
	{ "compounds", XLQA_LANG_COMPOUNDS },
	{ "hunspell-stems", XLQA_LANG_HUNSPELL_STEMS },
	{ "capitalised-nouns", XLQA_LANG_CAPITALISED_NOUNS },
	{ "clef-target", XLQA_LANG_CLEF_TARGET },
};

/* The keys of a row and where each goes; `required` ones must be there. */
enum row_key {
	KEY_CODE, KEY_ISO3, KEY_ISO3B, KEY_NAME, KEY_ICU, KEY_SNOWBALL, KEY_HUNSPELL, KEY_NAME_FLAGS, KEY_FLAGS,
	KEY_COPULAS, KEY_NAME_CONNECTORS
};
static const struct {
	const char *name;
	bool required;
	int words; /* the word list (enum xlqa_lang_word_list) its blank-separated words join, else -1 */
} row_keys[] = {
	[KEY_CODE] = { "code", true, -1 },
	[KEY_ISO3] = { "iso639-2", true, -1 },
	[KEY_ISO3B] = { "iso639-2b", false, -1 },
	[KEY_NAME] = { "name", true, -1 },
	[KEY_ICU] = { "icu-locale", true, -1 },
	[KEY_SNOWBALL] = { "snowball", false, -1 },
	[KEY_HUNSPELL] = { "hunspell", false, -1 },
	[KEY_NAME_FLAGS] = { "hunspell-name-flags", false, -1 },
	[KEY_FLAGS] = { "flags", false, -1 },
	[KEY_COPULAS] = { "copulas", false, XLQA_LANG_COPULAS },
	[KEY_NAME_CONNECTORS] = { "name-connectors", false, XLQA_LANG_NAME_CONNECTORS },
};
#define N_KEYS (sizeof row_keys / sizeof row_keys[0])

const char *qa_lang_default_dir(void)
{
	const char *dir = getenv("XLQA_LANG_DIR");

	return dir && *dir ? dir : XLQA_LANGDIR;
}

/* The flags named in `value` (blank-separated) into *flags; false with err set for an unknown one. */
static bool parse_flags(char *value, const char *path, int64_t line, unsigned *flags, struct xlqa_error *err)
{
	char *save = NULL;

	for (char *word = strtok_r(value, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
		size_t f = 0;

		while (f < sizeof flag_names / sizeof *flag_names && strcmp(flag_names[f].name, word) != 0)
			f++;
		if (f == sizeof flag_names / sizeof *flag_names)
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, line,
			                     "unknown flag '%s' (expected compounds, hunspell-stems, capitalised-nouns or "
			                     "clef-target)",
			                     word),
			       false;
		*flags |= flag_names[f].flag;
	}
	return true;
}

/* Fails with "unknown key 'KEY' (expected ...)", the keys of row_keys[] in their order. */
static int unknown_key(const char *key, const char *path, int64_t line, struct xlqa_error *err)
{
	struct xlqa_buf known = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	for (size_t k = 0; k < N_KEYS && !rc; k++)
		rc = xlqa_buf_addf(&known, "%s%s", k == 0 ? "" : k + 1 < N_KEYS ? ", " : " or ", row_keys[k].name);
	rc = rc ? xlqa_error_status(err, XLQA_ENOMEM, "reading '%s'", path)
	        : xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "unknown key '%s' (expected %s)", key, known.buf);
	xlqa_buf_release(&known);
	return rc;
}

/* Adds the blank-separated words of `value` (line `line` of `path`), normalised, to the union `set`. */
static int add_words(struct xlqa_hash *set, const char *value, const char *path, int64_t line, struct xlqa_error *err)
{
	struct xlqa_buf norm = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	for (const char *p = value; *p && !rc;) {
		size_t len = strcspn(p, " ");

		xlqa_buf_reset(&norm);
		if (len && (rc = xlqa_text_normalize(p, len, LANG_NORM, &norm, err)))
			xlqa_error_prefix(err, "%s:%lld", path, (long long)line);
		else if (len && (rc = xlqa_hash_put(set, norm.buf, norm.len, NULL, NULL)))
			xlqa_error_status(err, rc, "reading '%s'", path);
		p += len + (p[len] == ' ');
	}
	xlqa_buf_release(&norm);
	return rc;
}

/* Stores one "key TAB value" line of `path` in values[]; false with err set when it is not one. */
static bool row_line(char *text, const char *path, int64_t line, const char *values[N_KEYS], int64_t lines[N_KEYS],
                     unsigned *flags, struct xlqa_error *err)
{
	char *tab = strchr(text, '\t');
	size_t k = 0;

	if (!tab || tab == text || !tab[1] || strchr(tab + 1, '\t'))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "'key<TAB>value' expected, found '%s'", text), false;
	*tab = '\0';
	while (k < N_KEYS && strcmp(row_keys[k].name, text) != 0)
		k++;
	if (k == N_KEYS)
		return unknown_key(text, path, line, err), false;
	if (values[k])
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "'%s' given again (first on line %lld)", text,
		                     (long long)lines[k]),
		       false;
	values[k] = tab + 1;
	lines[k] = line;
	return k != KEY_FLAGS || parse_flags(tab + 1, path, line, flags, err);
}

/* Reads the row of the pack `folder` (named `name`) from its language.txt at `path` into *row. */
static int read_row(const char *path, const char *name, struct xlqa_lang_info *row, struct xlqa_error *err)
{
	struct xlqa_buf text = XLQA_BUF_INIT;
	const char *values[N_KEYS] = { 0 };
	int64_t lines[N_KEYS] = { 0 }, line = 0;
	unsigned flags = 0;
	int rc = xlqa_file_read(path, &text, err);
	const char **field[N_KEYS] = {
		[KEY_CODE] = &row->code,         [KEY_ISO3] = &row->iso3,         [KEY_ISO3B] = &row->iso3b,
		[KEY_NAME] = &row->name,         [KEY_ICU] = &row->icu_locale,    [KEY_SNOWBALL] = &row->snowball,
		[KEY_HUNSPELL] = &row->hunspell, [KEY_NAME_FLAGS] = &row->hunspell_name_flags,
	};

	for (char *p = text.buf, *end = text.buf + text.len; !rc && p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p)), *next = nl ? nl + 1 : end;

		line++;
		if (nl)
			*nl = '\0';
		if (nl && nl > p && nl[-1] == '\r')
			nl[-1] = '\0';
		if (*p && *p != '#' && !row_line(p, path, line, values, lines, &flags, err))
			rc = XLQA_EPARSE;
		p = next;
	}
	for (size_t k = 0; !rc && k < N_KEYS; k++)
		if (row_keys[k].required && !values[k])
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, -1, "no '%s' line", row_keys[k].name);
	if (!rc && strcmp(values[KEY_CODE], name) != 0)
		rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, lines[KEY_CODE], "code '%s', but the pack's folder is '%s'",
		                   values[KEY_CODE], name);
	for (size_t k = 0; !rc && k < N_KEYS; k++)
		if (row_keys[k].words >= 0 && values[k])
			rc = add_words(&registry.words[row_keys[k].words], values[k], path, lines[k], err);
	memset(row, 0, sizeof *row);
	row->flags = flags;
	for (size_t k = 0; !rc && k < N_KEYS; k++)
		if (field[k] && values[k] &&
		    !(*field[k] = xlqa_arena_strndup(&registry.strings, values[k], strlen(values[k]))))
			rc = xlqa_error_status(err, XLQA_ENOMEM, "reading '%s'", path);
	xlqa_buf_release(&text);
	return rc;
}

static int by_code(const void *a, const void *b)
{
	return strcmp(((const struct xlqa_lang_info *)a)->code, ((const struct xlqa_lang_info *)b)->code);
}

/* The names a language is found by. */
static void aliases(const struct xlqa_lang_info *l, const char *out[4])
{
	out[0] = l->code;
	out[1] = l->iso3;
	out[2] = l->iso3b;
	out[3] = l->name;
}

/* An error when two rows share a name a language is found by. */
static int check_aliases(const char *dir, struct xlqa_error *err)
{
	for (size_t i = 0; i < registry.n; i++)
		for (size_t j = i + 1; j < registry.n; j++) {
			const char *a[4], *b[4];

			aliases(&registry.rows[i], a);
			aliases(&registry.rows[j], b);
			for (size_t x = 0; x < 4; x++)
				for (size_t y = 0; y < 4; y++)
					if (a[x] && b[y] && strcasecmp(a[x], b[y]) == 0)
						return xlqa_error_set(err, XLQA_EPARSE, "%s/%s/%s and %s/%s/%s both name '%s'", dir,
						                      registry.rows[i].code, ROW_FILE, dir, registry.rows[j].code,
						                      ROW_FILE, a[x]);
		}
	return XLQA_OK;
}

/* Reads the rows of every pack under `dir`. */
static int read_registry(const char *dir, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT;
	size_t alloc = 0;
	struct dirent *e;
	DIR *d = opendir(dir);
	int rc = XLQA_OK;

	if (!d)
		return xlqa_error_errno(err, XLQA_ENOTFOUND,
		                        "no language packs in '%s' (XLQA_LANG_DIR names the folder that holds the packs; "
		                        "installed: '%s')",
		                        dir, XLQA_LANGDIR);
	while (!rc && (e = readdir(d)) != NULL) {
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		xlqa_buf_reset(&path);
		if (xlqa_buf_addf(&path, "%s/%s/%s", dir, e->d_name, ROW_FILE) ||
		    XLQA_ARRAY_RESERVE(registry.rows, alloc, registry.n + 1))
			rc = xlqa_error_status(err, XLQA_ENOMEM, "reading the language registry");
		else if (stat(path.buf, &st) == 0 && S_ISREG(st.st_mode) &&
		         !(rc = read_row(path.buf, e->d_name, &registry.rows[registry.n], err)))
			registry.n++;
	}
	closedir(d);
	xlqa_buf_release(&path);
	if (!rc && registry.n == 0)
		rc = xlqa_error_set(err, XLQA_ENOTFOUND,
		                    "no language packs in '%s': no folder holds a %s (XLQA_LANG_DIR names the folder that "
		                    "holds the packs; installed: '%s')",
		                    dir, ROW_FILE, XLQA_LANGDIR);
	if (!rc) {
		qsort(registry.rows, registry.n, sizeof *registry.rows, by_code);
		rc = check_aliases(dir, err);
	}
	return rc;
}

static void load_registry(void)
{
	xlqa_arena_init(&registry.strings, 0);
	for (size_t i = 0; i < XLQA_LANG_WORD_LISTS; i++)
		xlqa_hash_init(&registry.words[i]);
	xlqa_error_clear(&registry.err);
	if (read_registry(qa_lang_default_dir(), &registry.err)) {
		free(registry.rows); /* a registry that cannot be read whole is empty */
		registry.rows = NULL;
		registry.n = 0;
		for (size_t i = 0; i < XLQA_LANG_WORD_LISTS; i++) {
			xlqa_hash_release(&registry.words[i]);
			xlqa_hash_init(&registry.words[i]);
		}
	}
}

static void ensure_loaded(void)
{
	pthread_once(&registry_once, load_registry);
}

int xlqa_lang_registry_status(struct xlqa_error *err)
{
	ensure_loaded();
	if (registry.err.status == XLQA_OK)
		return XLQA_OK;
	if (err)
		*err = registry.err;
	return registry.err.status;
}

bool xlqa_lang_registry_has_word(enum xlqa_lang_word_list list, const char *norm, size_t len)
{
	ensure_loaded();
	return (unsigned)list < XLQA_LANG_WORD_LISTS && xlqa_hash_get(&registry.words[list], norm, len, NULL);
}

size_t xlqa_lang_count(void)
{
	ensure_loaded();
	return registry.n;
}

const struct xlqa_lang_info *xlqa_lang_at(size_t i)
{
	ensure_loaded();
	return i < registry.n ? &registry.rows[i] : NULL;
}

const struct xlqa_lang_info *xlqa_lang_find(const char *name)
{
	ensure_loaded();
	for (size_t i = 0; i < registry.n; i++) {
		const char *a[4];

		aliases(&registry.rows[i], a);
		for (size_t k = 0; k < 4; k++)
			if (a[k] && strcasecmp(name, a[k]) == 0)
				return &registry.rows[i];
	}
	return NULL;
}

int xlqa_lang_lookup(const char *name, const struct xlqa_lang_info **out, struct xlqa_error *err)
{
	struct xlqa_buf known = XLQA_BUF_INIT;
	int rc;

	if ((*out = xlqa_lang_find(name)))
		return XLQA_OK;
	if ((rc = xlqa_lang_registry_status(err)))
		return rc;
	for (size_t i = 0; i < registry.n; i++)
		if (xlqa_buf_addf(&known, "%s%s", i ? " " : "", registry.rows[i].code)) {
			xlqa_buf_release(&known);
			return xlqa_error_status(err, XLQA_ENOMEM, "looking up language '%s'", name);
		}
	rc = xlqa_error_set(err, XLQA_ENOTFOUND, "unknown language '%s' (known: %s, their ISO 639-2 codes or English names)",
	                    name, known.buf);
	xlqa_buf_release(&known);
	return rc;
}
