/*
 * lexicon: word-by-word translation of questions. Three layers:
 *
 *  - readers turn a source of translations into entries (headword, part of speech, translations):
 *    FreeDict dictionaries in dictd format (.index + .dict or .dict.dz), plain TSV files
 *    (source TAB target TAB weight), ICU's locale data (country, region, language, currency,
 *    month and weekday names) and the proper names of hunspell dictionaries;
 *  - the builder merges, for one source-target pair, the direct dictionary, the reverse dictionary
 *    read backwards, pivots through English and German, the ICU names, an optional TSV and, for
 *    words nothing else translates, the names hunspell dictionaries agree on into one weighted
 *    table, and writes it as a lexicon file that is memory-mapped at run time;
 *  - the translator looks words up in an open lexicon (by normalised form, hunspell lemma, stem,
 *    longest multiword match, compound parts), passes names and numbers through, transliterates
 *    Cyrillic and matches cognates against a target vocabulary, and turns a source-language
 *    struct xlqa_query into a target-language one.
 *
 * Invariant: a lexicon file is written completely or not at all (temporary name, then rename), and
 * xlqa_lexicon_open refuses a file whose header, header checksum or sizes do not match; the body is
 * checked as lookups read it, and whole by xlqa_lexicon_verify.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_lexicon_builder_free(), xlqa_lexicon_free(),
 * xlqa_mt_free(), xlqa_translator_free(); caller-declared structs released by xlqa_lexicon_hits_release().
 */
#ifndef XLQA_LEXICON_H
#define XLQA_LEXICON_H

#include "xlqa/lang.h"
#include "xlqa/query.h"
#include "xlqa/util.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a translation came from; a merged translation carries every origin that produced it. */
enum xlqa_lexicon_origin {
	XLQA_LEX_DIRECT = 1 << 0,   /* the source-target dictionary */
	XLQA_LEX_INVERSE = 1 << 1,  /* the target-source dictionary read backwards */
	XLQA_LEX_PIVOT_EN = 1 << 2, /* source -> English -> target */
	XLQA_LEX_PIVOT_DE = 1 << 3, /* source -> German -> target */
	XLQA_LEX_NAMES = 1 << 4,    /* ICU locale names */
	XLQA_LEX_TSV = 1 << 5,      /* a user's TSV file */
	XLQA_LEX_NAMES_HUNSPELL = 1 << 6, /* a proper name hunspell dictionaries spell the same way */
};
#define XLQA_LEX_N_ORIGINS 7 /* origin bits: 1 << 0 to 1 << (XLQA_LEX_N_ORIGINS - 1) */

/* A headword's part of speech, as far as the dictionary says. */
enum xlqa_lexicon_pos {
	XLQA_POS_UNKNOWN = 0,
	XLQA_POS_NOUN,
	XLQA_POS_VERB,
	XLQA_POS_ADJ,
	XLQA_POS_ADV,
	XLQA_POS_NAME, /* proper noun */
	XLQA_POS_OTHER,
};

/* "direct", "inverse", ... for one origin bit; "?" for anything else. Static storage. */
const char *xlqa_lexicon_origin_name(unsigned origin);
/* "n", "v", "adj", "adv", "pn", "other", "-". Static storage. */
const char *xlqa_lexicon_pos_name(enum xlqa_lexicon_pos pos);

/* ---- readers ---------------------------------------------------------------------------------- */

/* One entry handed to a reader's callback. Everything is valid only during the call. */
struct xlqa_dict_entry {
	const char *headword;       /* as written, cleaned (no pronunciation, tags or notes) */
	enum xlqa_lexicon_pos pos;
	const char *const *trans;   /* translations as written, cleaned, in the dictionary's order */
	const double *weights;      /* per translation in (0, 1], or NULL (all 1) */
	size_t n_trans;             /* >= 1 */
	int64_t line;               /* TSV: the line; dictd: -1 */
	int64_t offset;             /* dictd: the entry's offset in the uncompressed data; TSV: -1 */
};

/* Returns XLQA_OK to go on, or an error status that stops the reader and is returned by it. */
typedef int (*xlqa_dict_entry_fn)(void *ctx, const struct xlqa_dict_entry *entry, struct xlqa_error *err);

/* What a reader saw. Counters add up across calls, so one struct can sum several sources. */
struct xlqa_dict_stats {
	size_t entries;        /* entries passed to the callback */
	size_t translations;   /* translations passed to the callback */
	size_t skipped_entries;/* entries without a usable headword or translation, or whose headword
	                        * Ergane cut from a phrase (a classic dictionary's "good /guddei/") */
	size_t skipped_items;  /* translations dropped: empty after cleaning, too long, a "/" not between alternatives,
	                        * a gloss ("capital: Edmonton"), a side of a colon without a letter or digit */
	size_t notes;          /* note, synonym, example and gloss lines left out */
	size_t see_refs;       /* "see:" cross-reference lines left out */
	size_t bad_lines;      /* TSV lines without two fields or with a bad weight */
	size_t parted;         /* translations whose words a classic dictionary wrote together, parted
	                        * (xlqa_dict_read_dictd_words) */
	size_t marks;          /* grammar marks cut off the end of a translation or headword ("Morgenland n",
	                        * "ablehnen vt") */
};

/* The dictd layout a dictionary uses; found from its 00-database entries and lines. */
enum xlqa_dict_style {
	XLQA_DICT_CLASSIC = 0, /* headword line, then one translation line per sense (old FreeDict) */
	XLQA_DICT_DING,        /* Ding: one translation line, then indented notes, synonyms, "see:" */
	XLQA_DICT_WIKDICT,     /* FreeDict+WikDict: senses of a translation line and a gloss line */
	XLQA_DICT_APERTIUM,    /* an Apertium bilingual listing (xlqa_dict_read_apertium) */
};

/*
 * Reads a dictd dictionary: `index_path` (headword TAB base64 offset TAB base64 length per line)
 * and `dict_path` (.dict.dz dictzip/gzip, or a plain .dict). Every distinct entry is parsed once
 * (index lines pointing at the same bytes are one entry) and passed to `fn`; the 00-database-*
 * entries are not. Entries are passed in the order of their offsets in the data, which is read as
 * a stream, never whole. `style` (may be NULL) receives the layout found. Errors: XLQA_ENOTFOUND/
 * XLQA_EIO for files, XLQA_EPARSE "index:line: ..." for a malformed index line (before any entry
 * is passed) or an entry past the data's end (the first such index line, found when the stream
 * reaches the end), XLQA_ECORRUPT for bad compressed data, XLQA_EENCODING for an entry that is not
 * UTF-8 (err->offset is its offset in the data), XLQA_ENOMEM, or whatever `fn` returned; all but
 * the first may come after earlier entries were passed to `fn`.
 */
int xlqa_dict_read_dictd(const char *index_path, const char *dict_path, xlqa_dict_entry_fn fn, void *ctx,
			 struct xlqa_dict_stats *stats, enum xlqa_dict_style *style, struct xlqa_error *err);

/* What a word check (xlqa_dict_word_fn) knows of a word. */
enum xlqa_dict_word {
	XLQA_DICT_WORD_UNKNOWN = 0, /* not a word of the language */
	XLQA_DICT_WORD_KNOWN,       /* a word */
	XLQA_DICT_WORD_FUNCTION,    /* a function word (a stopword: "de", "to", "para") */
};

/*
 * What `word` (UTF-8, NUL-terminated, lower case) is in a language: a spell checker's answer.
 * `ctx` is the checker's own.
 */
typedef enum xlqa_dict_word (*xlqa_dict_word_fn)(void *ctx, const char *word);

/*
 * As xlqa_dict_read_dictd, and with `known` (may be NULL: no check), the word check of the
 * translations' language, the classic layout's lost spaces are put back: its source (Ergane) wrote
 * many multiword translations together ("givebirthto", "paradadelautobús"). A translation word of
 * eight letters or more, all lower case, that `known` does not know and that splits into two or
 * more words it knows, the first of two letters or more, is parted into them when the best split
 * (the fewest words, then the fewest of one letter, then the fewest content words, then the longest
 * words: "give birth to", "casa de huéspedes") holds a function word; words that do not split so stay as written. A split without a
 * function word is made only when the translation is that one word and the headword a phrase
 * ("back door": "puertatrasera", "puerta trasera"): a word hunspell lacks ("telemando", "calabacín")
 * splits into words of the language as readily as lost spaces do ("tele mando"), but a phrase's
 * one-word translation is seldom such a word. Ding and WikDict write their spaces and are
 * left alone: a word written together there is a compound of the language ("streamflow"). The
 * builder's check (xlqa_lexicon_builder) knows no word of three letters or fewer but the
 * language's stopwords, and parts nothing into languages that compound words (German, Dutch).
 * stats->parted counts the translations changed. `known` is called from this thread only.
 */
int xlqa_dict_read_dictd_words(const char *index_path, const char *dict_path, xlqa_dict_entry_fn fn, void *ctx,
			       xlqa_dict_word_fn known, void *known_ctx, struct xlqa_dict_stats *stats,
			       enum xlqa_dict_style *style, struct xlqa_error *err);

/*
 * Reads a TSV file of `source TAB target [TAB weight]` lines (UTF-8; weight in (0, 1], default 1;
 * blank lines and lines starting with '#' are skipped). Each line is one entry. A line with one
 * field or a bad weight is counted in stats->bad_lines and skipped, unless `strict`, when it is
 * XLQA_EPARSE "path:line: ...". Also XLQA_EENCODING, file errors, XLQA_ENOMEM, `fn`'s status.
 */
int xlqa_dict_read_tsv(const char *path, bool strict, xlqa_dict_entry_fn fn, void *ctx,
		       struct xlqa_dict_stats *stats, struct xlqa_error *err);

/*
 * Reads an Apertium bilingual listing: what `lt-proc -b XXX-YYY.autobil.bin` answers for source
 * lemmas, one `^lemma<tag>.../translation<tag>...$` line each (UTF-8; blank lines and lines
 * starting with '#' are skipped). Each line is one entry: the part of speech from the headword's
 * first tag, the translations in the listing's order without their tags and without the '#' of
 * multiwords; translations the dictionary does not know ("@word") are left out, one empty once
 * cleaned or past the 64th is counted in stats->skipped_items, and a line left without any
 * translation is counted in stats->skipped_entries. A line that is no such listing is counted in
 * stats->bad_lines and skipped, unless `strict`, when it is XLQA_EPARSE "path:line: ...". Also
 * XLQA_EENCODING, file errors, XLQA_ENOMEM, `fn`'s status.
 */
int xlqa_dict_read_apertium(const char *path, bool strict, xlqa_dict_entry_fn fn, void *ctx,
			    struct xlqa_dict_stats *stats, struct xlqa_error *err);

/*
 * Reads ICU's locale data as a dictionary from language `source` to `target` (ISO 639-1 codes):
 * each country and region, language, currency, month and weekday whose name ICU has in both
 * languages gives an entry (the source name, part of speech XLQA_POS_NAME, the target name), also
 * when the two names are the same ("Portugal"): ICU then says the name does not change.
 * XLQA_ENOTFOUND for an unknown language, XLQA_EEXTERNAL when ICU fails, `fn`'s status.
 */
int xlqa_dict_read_names(const char *source, const char *target, xlqa_dict_entry_fn fn, void *ctx,
			 struct xlqa_dict_stats *stats, struct xlqa_error *err);

/*
 * Reads the proper names of a hunspell dictionary `dic_path` (UTF-8): every stem, listed once, that
 * starts with an upper-case letter and has at least two characters ("Berlin", "NATO") gives an
 * entry whose headword and only translation are the stem, part of speech XLQA_POS_NAME, `line` its
 * line. With `aff_path` (the affix file; may be NULL) hunspell must accept the stem as written:
 * stems allowed only inside compounds, forbidden ones and the like are counted in
 * stats->skipped_entries. Lines that are not UTF-8 are counted in stats->bad_lines and skipped.
 * In German dictionaries capitalised stems are mostly common nouns: callers decide what is a name
 * (the builder asks two languages' dictionaries to agree). Errors: XLQA_ENOTFOUND/XLQA_EIO for the
 * files, XLQA_EEXTERNAL when hunspell cannot load them, XLQA_EUNSUPPORTED for a dictionary not in
 * UTF-8, XLQA_ENOMEM, `fn`'s status.
 */
int xlqa_dict_read_hunspell_names(const char *aff_path, const char *dic_path, xlqa_dict_entry_fn fn, void *ctx,
				  struct xlqa_dict_stats *stats, struct xlqa_error *err);
/* The kinds of concept ICU names (xlqa_names_each). */
enum xlqa_names_kind {
	XLQA_NAMES_REGIONS = 1 << 0,    /* countries, territories, continents, world regions ("DE", "150") */
	XLQA_NAMES_LANGUAGES = 1 << 1,  /* ISO 639 languages ("de") */
	XLQA_NAMES_CURRENCIES = 1 << 2, /* ISO 4217 currencies ("EUR") */
	XLQA_NAMES_CALENDAR = 1 << 3,   /* months "m1".."m12" and weekdays "d1".."d7" (Sunday = 1) */
};
/* Told of one name: its kind (one enum xlqa_names_kind bit), the concept's code, the UTF-8 name. */
typedef int xlqa_name_fn(void *ctx, unsigned kind, const char *code, const char *name, struct xlqa_error *err);

/*
 * Calls `fn` for each concept of `kinds` (enum xlqa_names_kind bits) that ICU names in `locale` (an
 * ICU locale, "es"), with the name as ICU writes it ("Alemania", "alemán"); names ICU has only by
 * falling back to the root locale or to the code are left out. The strings passed to `fn` live
 * until it returns. XLQA_EEXTERNAL when ICU fails, or `fn`'s status (which stops the walk).
 */
int xlqa_names_each(const char *locale, unsigned kinds, xlqa_name_fn *fn, void *ctx, struct xlqa_error *err);

/* ---- building --------------------------------------------------------------------------------- */

/*
 * Weights of translations by source and path (documented in doc/xlqa.1 and src/lexicon/build.c).
 * A translation's weight is the path's weight times its rank factor 1 / (1 + rank_decay * rank),
 * rank being its 0-based position in its dictionary entry; the same translation reached by several
 * paths combines by noisy-or, 1 - prod(1 - w_i).
 */
struct xlqa_lexicon_weights {
	double direct;     /* default 1.0 */
	double inverse;    /* default 0.8 */
	double pivot_en;   /* default 0.5, times the weights of both steps */
	double pivot_de;   /* default 0.4, times the weights of both steps */
	double pivot_stem; /* default 0.7, times a pivot path whose pivot word is found by its stem; 0: off */
	double names;      /* default 1.0 */
	double names_hunspell; /* default 0.6: a name spelled the same in two languages' hunspell dictionaries */
	double rank_decay; /* default 0.15 */
};

struct xlqa_lexicon_build_options {
	/* Folder of freedict-XXX-YYY.index/.dict.dz. NULL: $XLQA_DICT_DIR, else /usr/share/dictd. */
	const char *dict_dir;
	/* Folder of Apertium listings apertium-XXX-YYY.txt (xlqa_dict_read_apertium), each a
	 * dictionary of its pair beside FreeDict's. NULL: $XLQA_APERTIUM_DIR, else none. */
	const char *apertium_dir;
	/* A TSV of extra translations for the pair being built, or NULL. Read leniently. */
	const char *tsv;
	/* Packs used for stems (opened without hunspell). NULL: defaults. */
	const struct xlqa_lang_options *lang;
	/* NULL: the defaults above. */
	const struct xlqa_lexicon_weights *weights;
	/* Folder of the hunspell .aff/.dic files names are read from. NULL: $XLQA_HUNSPELL_DIR, else
	 * configure's hunspell folder (as for language packs). */
	const char *hunspell_dir;
	/* Bytes of parsed dictionaries and layers kept between pairs for the next ones, the table of
	 * the pair being built and every string they hold; the least recently used are dropped beyond
	 * it and read again when needed (slower, same lexicons). Outside it: what one pair needs at
	 * once, the language packs open and the process itself. 0: keep them all. */
	size_t memory;
	bool no_names; /* leave out the ICU names */
	bool no_hunspell_names; /* leave out the names of the hunspell dictionaries */
	bool no_pivots;
};

/* Fills `w` with the default weights. */
void xlqa_lexicon_weights_default(struct xlqa_lexicon_weights *w);

/* What one build produced. */
struct xlqa_lexicon_build_report {
	size_t keys;        /* distinct source forms */
	size_t translations;
	size_t stems;       /* rows of the stem table */
	uint64_t bytes;     /* file size */
	size_t keys_by_origin[XLQA_LEX_N_ORIGINS]; /* keys with at least one translation of origin 1 << i */
	char missing[256];  /* dictionaries the pair could have used but are absent, space separated
			     * (FreeDict names, and hunspell .dic files names are read from) */
	size_t dicts_read;  /* dictionaries this pair read: not read for an earlier pair, or dropped
			     * from the builder's cache since (xlqa_lexicon_build_options.memory) */
};

/*
 * A builder keeps the dictionaries it has read and the tables it has made, so building all 63
 * pairs reads each dictionary once (within the memory budget, if one is given). Opaque; not
 * thread safe.
 */
struct xlqa_lexicon_builder;

/* A new builder owned by the caller (xlqa_lexicon_builder_free). `opt` may be NULL. XLQA_ENOMEM. */
int xlqa_lexicon_builder_new(const struct xlqa_lexicon_build_options *opt, struct xlqa_lexicon_builder **out,
			     struct xlqa_error *err);
void xlqa_lexicon_builder_free(struct xlqa_lexicon_builder *b);

/*
 * Builds the lexicon from `source` to `target` (language names xlqa_lang_find knows; they must
 * differ) and writes it to `path` through a temporary file renamed into place. `report` may be
 * NULL. A pair for which no dictionary, pivot or name exists is XLQA_EEMPTY. Errors from the
 * readers and the packs, XLQA_EIO for writing, XLQA_EOVERFLOW past 4 GiB of strings.
 */
int xlqa_lexicon_builder_build(struct xlqa_lexicon_builder *b, const char *source, const char *target,
			       const char *path, struct xlqa_lexicon_build_report *report, struct xlqa_error *err);

/*
 * The dictionaries the builder has read so far: for i < n, their file base name
 * ("freedict-deu-eng"), layout and counts. Pointers valid until the builder is freed.
 */
size_t xlqa_lexicon_builder_n_dicts(const struct xlqa_lexicon_builder *b);
void xlqa_lexicon_builder_dict_at(const struct xlqa_lexicon_builder *b, size_t i, const char **name,
				  enum xlqa_dict_style *style, const struct xlqa_dict_stats **stats);

/* ---- files and lookup ------------------------------------------------------------------------- */

/*
 * Appends the folder lexicons live in to `out`: $XLQA_LEXICON_DIR, else $XDG_CACHE_HOME/xlqa/lexicon,
 * else $HOME/.cache/xlqa/lexicon. XLQA_ENOTFOUND when none of these variables is set.
 */
int xlqa_lexicon_default_dir(struct xlqa_buf *out, struct xlqa_error *err);
/* Appends "DIR/de-en.lex" for the pair (codes as given, lower-cased). XLQA_ENOMEM. */
int xlqa_lexicon_path(const char *dir, const char *source, const char *target, struct xlqa_buf *out);

/* An open lexicon file (memory-mapped, read-only). Opaque; may be shared between threads. */
struct xlqa_lexicon;

/*
 * Maps the lexicon at `path` and checks its magic, version, byte order, header CRC-32, section
 * sizes and the strings section's final NUL byte: the header's worth, not the body (see
 * xlqa_lexicon_verify). *out is owned by the caller (xlqa_lexicon_free). Errors: XLQA_ENOTFOUND,
 * XLQA_EIO, XLQA_ECORRUPT ("path: ..."), XLQA_EUNSUPPORTED for another format version, XLQA_ENOMEM.
 */
int xlqa_lexicon_open(const char *path, struct xlqa_lexicon **out, struct xlqa_error *err);
void xlqa_lexicon_free(struct xlqa_lexicon *lex);
/*
 * Checks the whole file: the body's CRC-32, then every key's string and run of translations, every
 * translation's string, every stem's string and key. XLQA_ECORRUPT ("path: byte offset N: ...",
 * err->offset set; "path: checksum mismatch" for the CRC) on the first fault.
 */
int xlqa_lexicon_verify(const struct xlqa_lexicon *lex, struct xlqa_error *err);
/*
 * Lookups check each offset they read; one outside its section is read as an empty string or a
 * key without translations, and the first such fault is kept. XLQA_ECORRUPT ("path: byte offset N:
 * what was expected") once a lookup met one, XLQA_OK before. The translator checks it after each
 * lookup, so a damaged entry it reads fails the lookup with this error. Lookups write to the
 * lexicon only to record such a fault: on a sound file they stay read-only.
 */
int xlqa_lexicon_damage(const struct xlqa_lexicon *lex, struct xlqa_error *err);

struct xlqa_lexicon_info {
	char source[4]; /* "de" */
	char target[4]; /* "en" */
	size_t keys;
	size_t translations;
	size_t stems;
	size_t max_words; /* words in the longest key */
	uint64_t bytes;
};
void xlqa_lexicon_get_info(const struct xlqa_lexicon *lex, struct xlqa_lexicon_info *info);

/* One translation stored in a lexicon; `text` points into the mapping (valid until _free). */
struct xlqa_lexicon_trans {
	const char *text;
	double weight; /* (0, 1] */
	unsigned origin; /* enum xlqa_lexicon_origin bits */
	enum xlqa_lexicon_pos pos;
};

/*
 * Looks up a normalised key (NFC, case folded, words separated by one space): true and its index
 * in *key when present. The translations of key k are xlqa_lexicon_trans_at(lex, k, 0..n-1), best
 * first, n = xlqa_lexicon_n_trans(lex, k).
 */
bool xlqa_lexicon_find(const struct xlqa_lexicon *lex, const char *norm, size_t len, size_t *key);
size_t xlqa_lexicon_n_trans(const struct xlqa_lexicon *lex, size_t key);
void xlqa_lexicon_trans_at(const struct xlqa_lexicon *lex, size_t key, size_t i, struct xlqa_lexicon_trans *out);
/* The key string of key index k (points into the mapping). */
const char *xlqa_lexicon_key(const struct xlqa_lexicon *lex, size_t key);
/*
 * The keys whose stem (the source pack's stemmer at build time) is `stem`: returns how many, and
 * their positions in the stem table through *first; xlqa_lexicon_stem_key(lex, *first + j) gives
 * each key index.
 */
size_t xlqa_lexicon_find_stem(const struct xlqa_lexicon *lex, const char *stem, size_t len, size_t *first);
size_t xlqa_lexicon_stem_key(const struct xlqa_lexicon *lex, size_t row);

/* ---- translation ------------------------------------------------------------------------------ */

/* How a word found its translation, from most to least direct. */
enum xlqa_lexicon_how {
	XLQA_HOW_EXACT = 0,   /* its normalised form is a key */
	XLQA_HOW_MULTIWORD,   /* with the following words, a multiword key */
	XLQA_HOW_LEMMA,       /* a hunspell lemma is a key */
	XLQA_HOW_STEM,        /* a key with the same stem */
	XLQA_HOW_COMPOUND,    /* the parts of a compound, each translated */
	XLQA_HOW_GENITIVE,    /* a name in the genitive ("Teslas"): the name without its ending is a key */
	XLQA_HOW_FOREIGN,     /* an English word in another language's question, through the English lexicon */
	XLQA_HOW_PASS,        /* a name or number, passed through unchanged */
	XLQA_HOW_TRANSLIT,    /* Cyrillic, transliterated to Latin */
	XLQA_HOW_COGNATE,     /* a target vocabulary word spelt nearly the same */
	XLQA_HOW_UNTRANSLATED,/* nothing found: passed through with a low weight */
};
#define XLQA_LEX_N_HOWS 11 /* values of enum xlqa_lexicon_how */
/* "exact", "multiword", ... Static storage. */
const char *xlqa_lexicon_how_name(enum xlqa_lexicon_how how);
/* True for the hows that count as a translation found in a lexicon (exact to foreign). */
bool xlqa_lexicon_how_is_lexical(enum xlqa_lexicon_how how);

/* One candidate translation of a source word. */
struct xlqa_lexicon_hit {
	const char *text;  /* target text (owned by the hits list or the lexicon mapping) */
	double weight;     /* (0, 1] */
	unsigned origin;   /* enum xlqa_lexicon_origin bits; 0 for pass-through, translit, cognate */
	enum xlqa_lexicon_how how;
	const char *via;   /* the key, lemma, stem or vocabulary word matched; may be NULL */
};

/* A list of hits, caller-owned: _init, fill (reset each time), _release. */
struct xlqa_lexicon_hits {
	struct xlqa_lexicon_hit *items;
	size_t n;
	size_t alloc;
	size_t words; /* source words the hits translate (> 1 for a multiword match) */
	struct xlqa_arena arena;
};
void xlqa_lexicon_hits_init(struct xlqa_lexicon_hits *h);
void xlqa_lexicon_hits_release(struct xlqa_lexicon_hits *h);

/*
 * Transliterates `len` bytes of UTF-8 to Latin (ICU "Bulgarian-Latin/BGN", falling back to
 * "Any-Latin"), then folds case and accents, and appends the result to `out`.
 * XLQA_EEXTERNAL when ICU fails, XLQA_EENCODING for invalid UTF-8.
 */
int xlqa_lexicon_transliterate(const char *utf8, size_t len, struct xlqa_buf *out, struct xlqa_error *err);

/* Edit (Levenshtein) distance between two UTF-8 strings in code points, stopping early: returns
 * max + 1 as soon as the distance must exceed `max`. */
size_t xlqa_lexicon_edit_distance(const char *a, size_t alen, const char *b, size_t blen, size_t max);

/*
 * A translator borrows an open lexicon and the source language's pack (opened with hunspell for
 * lemmas; without it lemma lookup is skipped) and owns its ICU transliterator and vocabulary. The
 * transliterator is opened when the first Cyrillic word needs it (an ICU without one is then that
 * lookup's XLQA_EEXTERNAL). Not thread safe (the pack is not).
 */
struct xlqa_translator;

int xlqa_translator_new(const struct xlqa_lexicon *lex, struct xlqa_lang *source, struct xlqa_translator **out,
			struct xlqa_error *err);
void xlqa_translator_free(struct xlqa_translator *tr);

/*
 * Sets the target vocabulary for cognates: `n` normalised target words (copied) with their
 * frequencies (`freqs` may be NULL: all 1). Replaces any earlier vocabulary. XLQA_ENOMEM.
 * A cognate is a vocabulary word whose accent-folded form is within edit distance 1 (words of 4
 * to 6 characters), 2 (longer) or 0 (2 or 3 characters: the same word) of the untranslated word's,
 * and shares its first letter; the closest (then most frequent) three are kept.
 */
int xlqa_translator_set_vocabulary(struct xlqa_translator *tr, const char *const *words, const uint64_t *freqs,
				   size_t n, struct xlqa_error *err);

/*
 * Opens the English fallback of the translator: an untranslated word of a source language other
 * than English may be English ("University", "Broncos", "touchdown" in German and Spanish
 * questions), and English is the pivot the lexicons are built through, so its dictionaries are the
 * largest. The translator opens, from folder `dir`, the lexicon from English to its target
 * (DIR/en-TT.lex), or, when the target is English, the lexicon from English to its source, whose
 * keys say a word is English and which is then translated as itself; and the English pack, to
 * leave English stop words out and to look words up by stem. It owns both. A word the translator's
 * own lexicon does not translate, a genitive name included, is then looked up there (exact key,
 * then keys of the same English stem; not for words of fewer than 3 letters, English stop words,
 * or stems of fewer than 4 letters) with weights times 0.5 and how XLQA_HOW_FOREIGN; a name
 * keeps its pass-through weight beside such hits. Replaces an earlier fallback. Errors:
 * XLQA_EINVAL for an English source, XLQA_ENOTFOUND when the lexicon file is absent (the
 * translator then works as before), xlqa_lexicon_open's and xlqa_lang_open's errors.
 */
int xlqa_translator_open_foreign(struct xlqa_translator *tr, const char *dir, struct xlqa_error *err);

/*
 * The translation of a pair opened in one call, as every command that translates opens it: the
 * lexicon from the language of `source` (a pack the caller keeps open longer than the translator,
 * as for xlqa_translator_new) to `target`, from folder `lexicon_dir` (NULL: xlqa_lexicon_default_dir;
 * file name xlqa_lexicon_path), a translator over it, and the English fallback where its lexicon is
 * in the same folder (xlqa_translator_open_foreign; a missing one is no error). The translator owns
 * the lexicon it opened: xlqa_translator_free frees both. Errors: XLQA_ENOTFOUND "no lexicon for
 * 'de-en' (run 'xlqa lexicon build'): ..." when the pair's lexicon is absent, those of
 * xlqa_lexicon_default_dir, xlqa_lexicon_open, xlqa_translator_new and xlqa_translator_open_foreign.
 */
int xlqa_translator_open(struct xlqa_lang *source, const char *target, const char *lexicon_dir,
			 struct xlqa_translator **out, struct xlqa_error *err);

/* Options of a lookup: enum xlqa_query_flags of the word's group (XLQA_QUERY_NAME, _NUMBER). */

/*
 * Translates the word `words[0]` (as written), trying a multiword key with up to the lexicon's
 * max_words - 1 following words first. `out` is reset and filled with the hits, best first (at
 * most 12); out->words says how many of `words` they cover (>= 1). `flags` are the group's
 * enum xlqa_query_flags: names and numbers pass through (a name also gets its lexicon
 * translations, or, when it has none and the vocabulary lacks it as written, its cognates:
 * "Lutero", "luther"). A capitalised word the lexicon does not translate is tried without each of the
 * source pack's genitive endings (xlqa_lang_genitive_endings): when the rest is a key translated as
 * a name (part of speech XLQA_POS_NAME, or an origin of names), its translations count, weights
 * times 0.9, how XLQA_HOW_GENITIVE. Then the English fallback, if open. Every word gets at least one hit (XLQA_HOW_UNTRANSLATED as the last resort).
 * Errors: XLQA_ENOMEM, XLQA_EEXTERNAL, XLQA_EENCODING.
 */
int xlqa_translator_lookup(struct xlqa_translator *tr, const char *const *words, size_t n_words, unsigned flags,
			   struct xlqa_lexicon_hits *out, struct xlqa_error *err);

/* Counts of one translation, by how each source group was translated. */
struct xlqa_translate_stats {
	size_t groups;        /* source groups read, numbers left out */
	size_t lexical;       /* of those, groups with a hit from the lexicon (xlqa_lexicon_how_is_lexical) */
	size_t passed;        /* of those, groups without one but passed through as a name (or transliterated) */
	size_t cognate;       /* of those, groups without one whose word is in the translator's vocabulary, itself
			       * or as a cognate (names included; counted only when a vocabulary is set) */
	size_t by_how[XLQA_LEX_N_HOWS]; /* of those, groups by the how of their best hit (enum xlqa_lexicon_how) */
	size_t numbers;       /* number groups (XLQA_QUERY_NUMBER), passed through */
};

/*
 * Translates a source-language query into a target-language one: each source group's first
 * alternative is the word looked up (consecutive groups may merge into one multiword group); the
 * target group keeps the source group's weight and flags, takes the source text as `source`, and
 * holds the hits as alternatives (XLQA_QUERY_PHRASE when one has several words). A name group of
 * several words that the lexicon does not translate as a whole, one of whose words the vocabulary
 * (xlqa_translator_set_vocabulary) lacks as written, becomes one group a word, each with the name's
 * weight and flags but XLQA_QUERY_PHRASE ("Rin Medio": "Rhine", "middle"). `dst` is reset
 * first. `stats` may be NULL (counts are added). Errors as xlqa_translator_lookup.
 */
int xlqa_translator_translate(struct xlqa_translator *tr, const struct xlqa_query *src, struct xlqa_query *dst,
			      struct xlqa_translate_stats *stats, struct xlqa_error *err);

/* ---- machine translation ---------------------------------------------------------------------- */

/*
 * Whole-question machine translation through Apertium, beside the lexicon (src/lexicon/mt.c). The
 * pairs are those of the Apertium modes Debian 12 has between CLEF languages: English-Spanish,
 * Spanish-Portuguese, Spanish-Italian and French-Spanish, both ways, and, through Spanish, any
 * two of English, French, Italian and Portuguese. Modes are read from $XLQA_APERTIUM_MODES, else
 * /usr/share/apertium/modes. One pipeline is started per struct xlqa_mt and kept running; not
 * thread safe.
 */
struct xlqa_mt;

/* What xlqa_mt_fuse did, added up over calls. */
struct xlqa_mt_stats {
	size_t words;  /* content words of the machine's translations (unknown words left out) */
	size_t agreed; /* of those, words that are (or share the stem of) a lexicon alternative */
	size_t added;  /* of those, words that became a group of their own */
};

/* True when Apertium has a path (direct or through Spanish) from `source` to `target` (ISO 639-1). */
bool xlqa_mt_has_path(const char *source, const char *target);
/*
 * What the path from `source` to `target` lacks on this machine: the Debian package of a mode file
 * that cannot be read, or "apertium" when its programs (apertium-wblank-mode) are not on PATH; NULL
 * when nothing is missing, or when there is no path. Static strings. A path whose programs are
 * there but fail is found by xlqa_mt_open, not here.
 */
const char *xlqa_mt_missing(const char *source, const char *target);

/*
 * Starts the Apertium pipeline from `source` to `target` and translates a first text, so an
 * Apertium that does not work fails here. *out is owned by the caller (xlqa_mt_free). Errors:
 * XLQA_ENOTFOUND for a pair without a path or a mode file missing (the message names the Debian
 * package), XLQA_EEXTERNAL when the pipeline does not answer (Apertium's programs missing),
 * XLQA_EIO when it cannot be started, XLQA_ENOMEM.
 */
int xlqa_mt_open(const char *source, const char *target, struct xlqa_mt **out, struct xlqa_error *err);
/*
 * xlqa_mt_open in two halves, so that the pipeline loads its data (a second or more) while the
 * caller does other work: xlqa_mt_start starts it and sends the first text, returning at once
 * (errors: those of xlqa_mt_open but XLQA_EEXTERNAL, which may come later); xlqa_mt_ready waits
 * for the first text's answer (XLQA_EEXTERNAL when there is none; the caller frees `mt`). The
 * translating calls wait for it themselves; xlqa_mt_ready is how to learn of a failure first.
 */
int xlqa_mt_start(const char *source, const char *target, struct xlqa_mt **out, struct xlqa_error *err);
int xlqa_mt_ready(struct xlqa_mt *mt, struct xlqa_error *err);
/* Stops the pipeline and frees `mt`; NULL does nothing. */
void xlqa_mt_free(struct xlqa_mt *mt);
/* The modes used, "eng-spa" or "eng-spa+spa-ita". Owned by `mt`. */
const char *xlqa_mt_path(const struct xlqa_mt *mt);

/*
 * Appends the translation of `len` bytes of UTF-8 text (one question; line ends count as blanks)
 * to `out`, as Apertium writes it: a word it does not know is marked with '*', one it could not
 * inflect with '#'. XLQA_EEXTERNAL when the pipeline stopped or gave no answer in time
 * ($XLQA_APERTIUM_TIMEOUT seconds, default 120; the pipeline is then stopped): it is not restarted,
 * and later calls fail at once. XLQA_ENOMEM.
 */
int xlqa_mt_translate(struct xlqa_mt *mt, const char *text, size_t len, struct xlqa_buf *out,
		      struct xlqa_error *err);

/*
 * Translates the `n` texts (NUL-terminated UTF-8) in one pass: they are written to the pipeline as
 * fast as it reads them and its answers kept in `mt`, so the xlqa_mt_translate (or xlqa_mt_query)
 * calls that follow for the same texts, in the same order, take them without a round trip each.
 * What Apertium gives for a text can depend on the texts before it in the pipeline, so the answers
 * are those one-by-one calls in that order would get. A call for any other text drops what is left
 * and goes to the pipeline. Errors as xlqa_mt_translate (nothing is kept then).
 */
int xlqa_mt_prepare(struct xlqa_mt *mt, const char *const *texts, size_t n, struct xlqa_error *err);

/*
 * Joins the machine's translation `text` (target language) to the lexicon's query `q`: `target`
 * analyses it, and each content word (not a stop word, number or word Apertium did not know) that
 * is a single-word alternative of a group, or has its stem, raises  that alternative's weight by
 * noisy-or with 0.8; any other becomes a group of its own (source "mt", weight 1, no flags) holding
 * it with weight 0.6, while the query has fewer than 32 groups. Names and numbers stay the
 * lexicon's. `stats` may be NULL. Errors of the analysis, XLQA_ENOMEM.
 */
int xlqa_mt_fuse(struct xlqa_mt *mt, struct xlqa_lang *target, const char *text, struct xlqa_query *q,
		 struct xlqa_mt_stats *stats, struct xlqa_error *err);

/*
 * xlqa_mt_translate of `question`, then xlqa_mt_fuse into `q`; the translation is also appended to
 * `text` when it is not NULL. Errors as both.
 */
int xlqa_mt_query(struct xlqa_mt *mt, struct xlqa_lang *target, const char *question, struct xlqa_query *q,
		  struct xlqa_buf *text, struct xlqa_mt_stats *stats, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
