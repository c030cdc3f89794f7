/*
 * lang: the language registry and the engine that reads language packs (lang/<iso639-1>/). A pack
 * is data: stop words, articles, number words, abbreviations, elided articles, compound-splitting
 * parameters. The engine adds what libraries know: month and weekday names and the decimal
 * separator from ICU, Snowball stemmers, hunspell lemmas, and ICU segmentation.
 *
 * Adding a language is adding its folder under lang/: the folder's language.txt is its registry row.
 * A loaded pack (struct xlqa_lang) is not thread safe: stemmers, hunspell and the caches keep state.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_lang_free(); caller-declared structs released
 * by xlqa_analysis_release().
 */
#ifndef XLQA_LANG_H
#define XLQA_LANG_H

#include "xlqa/text.h"
#include "xlqa/util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a registry row says a language needs beyond its data files. */
enum xlqa_lang_info_flags {
	XLQA_LANG_COMPOUNDS = 1 << 0, /* split compounds into index terms (needs compound.txt and hunspell) */
	XLQA_LANG_HUNSPELL_STEMS = 1 << 1, /* no Snowball stemmer: the first hunspell lemma is the stem */
	XLQA_LANG_CAPITALISED_NOUNS = 1 << 2, /* every noun is capitalised, so a capital does not make a name */
	XLQA_LANG_CLEF_TARGET = 1 << 3, /* a target language of the CLEF 2004 QA track (`xlqa lexicon build --all`) */
};

/*
 * One row of the registry: the file language.txt of a pack's folder (README.md, Language packs), read
 * from the folder of packs $XLQA_LANG_DIR (else the installed one) on the first lookup. The rows and
 * their strings stay valid for the life of the process.
 */
struct xlqa_lang_info {
	const char *code;       /* ISO 639-1, lower case ("de"); also the pack's folder name */
	const char *iso3;       /* ISO 639-2/T ("deu") */
	const char *iso3b;      /* ISO 639-2/B when it differs ("ger"), else NULL */
	const char *name;       /* English name ("German") */
	const char *icu_locale; /* locale for ICU break iterators, calendars and numbers ("de") */
	const char *snowball;   /* Snowball algorithm name, or NULL when Snowball has none */
	const char *hunspell;   /* hunspell dictionary base name ("de_DE"), or NULL when Debian has none */
	unsigned flags;         /* enum xlqa_lang_info_flags */
	/* where nouns are capitalised: the flag field of the dictionary's name entries ("S": igerman98 gives
	 * given names and surnames its genitive flag alone, "Luther/S"); a capitalised entry with these
	 * flags or none is a name (xlqa_lang_is_dictionary_name). NULL: the dictionary marks no names */
	const char *hunspell_name_flags;
};

/*
 * Whether the registry could be read: XLQA_OK, or the error of the first row that could not be read
 * (XLQA_EPARSE "DIR/xx/language.txt:LINE: ...", a row whose code is not its folder's name, two rows
 * with a name in common) or XLQA_ENOTFOUND for a folder of packs that is missing or holds none. When
 * it could not, the registry is empty and every lookup fails with this error.
 */
int xlqa_lang_registry_status(struct xlqa_error *err);
/*
 * The word lists a registry row may hold, one line of blank-separated words each, that extraction
 * reads on every target language alike: `copulas` ("is", "ist", "est": "X is a Y" definitions) and
 * `name-connectors` ("of", "von", "de": the words inside a name, "Bank of England"). The registry
 * keeps each list as the union over all rows.
 */
enum xlqa_lang_word_list {
	XLQA_LANG_COPULAS,
	XLQA_LANG_NAME_CONNECTORS,
	XLQA_LANG_WORD_LISTS
};
/* Whether `norm` (`len` bytes, normalised as a pack's words are: NFC, case folded) is in the union `list`. */
bool xlqa_lang_registry_has_word(enum xlqa_lang_word_list list, const char *norm, size_t len);
/* Number of registered languages, and the i-th (0-based, in the order of their codes; NULL past the end). */
size_t xlqa_lang_count(void);
const struct xlqa_lang_info *xlqa_lang_at(size_t i);
/* Finds a language by any alias, case-insensitively: "de", "DE", "deu", "ger", "German". NULL if none. */
const struct xlqa_lang_info *xlqa_lang_find(const char *name);
/* As xlqa_lang_find, but an unknown name is XLQA_ENOTFOUND with a message listing the known codes. */
int xlqa_lang_lookup(const char *name, const struct xlqa_lang_info **out, struct xlqa_error *err);

/* Where packs and dictionaries are found; NULL members take the defaults. */
struct xlqa_lang_options {
	/* Folder holding the packs. Default: $XLQA_LANG_DIR if set, else the installed data folder. */
	const char *lang_dir;
	/* Folder holding hunspell's .aff/.dic. Default: $XLQA_HUNSPELL_DIR if set, else configure's. */
	const char *hunspell_dir;
	/* XLQA_LANG_OPEN_NO_HUNSPELL: do not load hunspell (no lemmas; BG then has no stemmer). */
	unsigned flags;
};
enum xlqa_lang_open_flags {
	XLQA_LANG_OPEN_NO_HUNSPELL = 1 << 0,
};

/* A loaded language pack. Opaque. */
struct xlqa_lang;

/*
 * Loads the pack for `name` (any alias). `opt` may be NULL. On success *out is a new pack owned by
 * the caller (xlqa_lang_free). Errors: XLQA_ENOTFOUND for an unknown language or a missing pack
 * file or dictionary, XLQA_EPARSE for a malformed pack file (message "file:line: ...", err->line),
 * XLQA_EENCODING for a pack file that is not UTF-8, XLQA_EIO when a pack file cannot be read,
 * XLQA_EUNSUPPORTED for a hunspell dictionary not in UTF-8, XLQA_EEXTERNAL when ICU, Snowball or
 * hunspell cannot be set up, XLQA_ENOMEM.
 */
int xlqa_lang_open(const char *name, const struct xlqa_lang_options *opt, struct xlqa_lang **out,
		   struct xlqa_error *err);
void xlqa_lang_free(struct xlqa_lang *lang);
const struct xlqa_lang_info *xlqa_lang_get_info(const struct xlqa_lang *lang);
/* The folder the pack was loaded from (holding <code>/...): owned by the pack, valid until xlqa_lang_free. */
const char *xlqa_lang_dir(const struct xlqa_lang *lang);
/* True when the pack has hunspell loaded, so lemmas (and compound splitting) are available. */
bool xlqa_lang_has_lemmas(const struct xlqa_lang *lang);

/*
 * Word-list lookups. `norm` is a normalised form (NFC, case folded), as in struct xlqa_token.
 */
bool xlqa_lang_is_stopword(const struct xlqa_lang *lang, const char *norm, size_t len);
bool xlqa_lang_is_article(const struct xlqa_lang *lang, const char *norm, size_t len);
/* A word that joins two parts of a noun phrase (connectors.txt: "of", "des", "al"). */
bool xlqa_lang_is_connector(const struct xlqa_lang *lang, const char *norm, size_t len);
/* A word that joins the items of a list or coordination (conjunctions.txt: "and", "oder", "y"). */
bool xlqa_lang_is_conjunction(const struct xlqa_lang *lang, const char *norm, size_t len);
/* Where a naming cue of naming.txt names its answer: after the cue ("called [X]"), before it ("[X] genannt"). */
enum xlqa_naming_side {
	XLQA_NAMING_BEFORE = 1 << 0, /* the cue stands before the name: "called", "known as", "namens" */
	XLQA_NAMING_AFTER = 1 << 1,  /* the cue stands after the name: "genannt", "abgekürzt" */
};
/* The longest cue naming.txt takes, in bytes of its normalised form: a pack line longer is an error. */
#define XLQA_NAMING_MAX_BYTES 64
/*
 * The enum xlqa_naming_side bits of a cue of one or two words, 0 for none. `norm` is normalised as
 * token norms are (NFC, case folded: "heisst" for "heißt"); two words are joined by one ASCII blank
 * ("known as", "nom d'").
 */
unsigned xlqa_lang_naming(const struct xlqa_lang *lang, const char *norm, size_t len);
/* A number word ("dreizehn", "third"): true, its value and whether it is an ordinal. */
bool xlqa_lang_number_word(const struct xlqa_lang *lang, const char *norm, size_t len, int64_t *value,
			   bool *ordinal);
/* Month 1-12 or weekday 1-7 (Monday = 1) named by `norm` (full names, from ICU), else 0. */
int xlqa_lang_month(const struct xlqa_lang *lang, const char *norm, size_t len);
int xlqa_lang_weekday(const struct xlqa_lang *lang, const char *norm, size_t len);
/*
 * The value of a numeral token such as "1.234,5", "1,234.5", "1994" or "3,5". When both '.' and ','
 * occur, the last one is the decimal mark; when one of them occurs more than once it groups
 * thousands. A single one is the decimal mark unless exactly three digits follow it, when the
 * language's decimal separator (ICU) decides: "1.234" is 1234 in German and 1.234 in English.
 * Grouping marks must be followed by exactly three digits. False when `tok` is not a numeral.
 */
bool xlqa_lang_parse_number(const struct xlqa_lang *lang, const char *tok, size_t len, double *value);

/*
 * Appends the stem of `norm` to `out`: Snowball where the registry names an algorithm, else the
 * first hunspell lemma (case folded), else `norm` itself. Errors: XLQA_ENOMEM, XLQA_EEXTERNAL.
 */
int xlqa_lang_stem(struct xlqa_lang *lang, const char *norm, size_t len, struct xlqa_buf *out,
		   struct xlqa_error *err);

/*
 * True when the normalised form `norm` is in the pack's irregular table (irregular.txt), as written
 * or after one of its verb prefixes ("sang", "erhielt").
 */
bool xlqa_lang_irregular_form(const struct xlqa_lang *lang, const char *norm, size_t len);

/* A list of strings owned by the pack: valid until xlqa_lang_free. */
struct xlqa_strlist {
	size_t n;
	const char *const *items;
};

/*
 * Lemmas of a word as written (`word`, NFC; its case helps hunspell), case folded and without
 * duplicates: for a form of the pack's irregular table (irregular.txt: "went" -> "go", "hieß" ->
 * "heißen", which hunspell's dictionaries list as words of their own) the table's, plus hunspell's
 * when the word is capitalised; else hunspell's, and for a lower-case word hunspell finds nothing
 * else for, those of a verb prefix and a listed form ("erhielt" -> "erhalten"), else the word
 * without the table's infinitive infix after a verb prefix, if hunspell knows the result
 * ("einzustufen" -> "einstufen"). An unknown word, or
 * a pack with neither hunspell nor table, gives an empty list. Results are cached in the pack.
 * Errors: XLQA_ENOMEM.
 */
int xlqa_lang_lemmas(struct xlqa_lang *lang, const char *word, size_t len, struct xlqa_strlist *out,
		     struct xlqa_error *err);

/*
 * Whether `word`, as written, is one of the names the hunspell dictionary lists (the registry's
 * hunspell_name_flags; German: given names and surnames, "Luther", "William", not "Historiker"). Always
 * false for a language without such flags or without hunspell.
 */
bool xlqa_lang_is_dictionary_name(const struct xlqa_lang *lang, const char *word, size_t len);

/*
 * The endings a name takes in the genitive (the pack's genitive.txt, normalised, longest first:
 * German "s" and "'", English "'s" and "'"): `out` lists them, owned by the pack; empty when the
 * language has no such file.
 */
void xlqa_lang_genitive_endings(const struct xlqa_lang *lang, struct xlqa_strlist *out);

/*
 * Splits a compound `word` (as written, any case) into its parts for indexing, normalised like
 * token forms, linking elements removed where what remains is a word: "Bundesverfassungsgericht"
 * -> bund, verfassung, gericht. Parts are words hunspell knows, neither stop words nor the bound
 * morphemes of compound.txt; at most 8 of them. A word that is not a compound, a word of more than
 * 64 characters, or a language without XLQA_LANG_COMPOUNDS gives an empty list. Cached in the pack.
 * Errors: XLQA_ENOMEM.
 */
int xlqa_lang_split_compound(struct xlqa_lang *lang, const char *word, size_t len, struct xlqa_strlist *out,
			     struct xlqa_error *err);

/* What xlqa_lang_analyze computes beyond tokens and normalised forms. */
enum xlqa_analyze_flags {
	XLQA_ANALYZE_STEMS = 1 << 0,
	XLQA_ANALYZE_LEMMAS = 1 << 1,
	XLQA_ANALYZE_COMPOUNDS = 1 << 2,
	XLQA_ANALYZE_FOLD_ACCENTS = 1 << 3, /* normalised forms without accents */
};

/* What a token is, beyond its span kind. */
enum xlqa_token_flags {
	XLQA_TOKEN_STOP = 1 << 0,
	XLQA_TOKEN_ARTICLE = 1 << 1,
	XLQA_TOKEN_ELIDED = 1 << 2,  /* an elided form split off the next word ("l'", "dell'") */
	XLQA_TOKEN_NUMERIC = 1 << 3, /* `value` holds a number: a numeral or a number word */
	XLQA_TOKEN_ORDINAL = 1 << 4,
	XLQA_TOKEN_MONTH = 1 << 5,   /* `value` holds the month, 1-12 */
	XLQA_TOKEN_WEEKDAY = 1 << 6, /* `value` holds the weekday, 1-7 from Monday */
	XLQA_TOKEN_CONJUNCTION = 1 << 7, /* joins list items (conjunctions.txt) */
	XLQA_TOKEN_CONNECTOR = 1 << 8,   /* joins the parts of a noun phrase (connectors.txt) */
	XLQA_TOKEN_ABBREVIATION = 1 << 9, /* an abbreviation of abbreviations.txt with its periods ("Prof.", "z. B.") */
};

struct xlqa_token {
	size_t start; /* byte offsets of the token in the analysed text */
	size_t end;
	size_t sentence; /* index into xlqa_analysis.seg.sentences */
	enum xlqa_span_kind kind;
	unsigned flags;       /* enum xlqa_token_flags */
	const char *norm;     /* NFC, case folded, typographic apostrophes as "'"; an abbreviation's without
	                         its last period ("prof", "z. b"), as the word lists and index terms have it */
	const char *stem;     /* with XLQA_ANALYZE_STEMS and a word or number, else NULL */
	struct xlqa_strlist lemmas; /* with XLQA_ANALYZE_LEMMAS, else empty */
	struct xlqa_strlist parts;  /* with XLQA_ANALYZE_COMPOUNDS, else empty */
	double value;
};

/*
 * The analysis of one text, owned by the caller: xlqa_analysis_init before first use, reusable for
 * the next text (its arena is reset), xlqa_analysis_release at the end. Strings live in its arena
 * or in the pack's caches: valid until the next analysis into the same struct, or xlqa_lang_free.
 */
struct xlqa_analysis {
	struct xlqa_token *tokens;
	size_t n_tokens;
	size_t alloc_tokens;
	struct xlqa_segments seg; /* sentences and the raw word spans */
	struct xlqa_arena arena;
};
void xlqa_analysis_init(struct xlqa_analysis *a);
void xlqa_analysis_release(struct xlqa_analysis *a);

/*
 * Segments UTF-8 text into sentences and tokens and fills `out` with normalised forms, token flags
 * and what `flags` asks for. Punctuation tokens are kept (kind XLQA_SPAN_PUNCT) with no stem.
 * Errors: XLQA_EENCODING (invalid UTF-8, with err->offset), XLQA_ENOMEM, XLQA_EEXTERNAL.
 */
int xlqa_lang_analyze(struct xlqa_lang *lang, const char *utf8, size_t len, unsigned flags,
		      struct xlqa_analysis *out, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
