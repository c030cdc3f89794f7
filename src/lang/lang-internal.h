/*
 * lang-internal: the insides of a loaded pack, shared by the files of src/lang only.
 */
#ifndef XLQA_LANG_INTERNAL_H
#define XLQA_LANG_INTERNAL_H

#include "xlqa/lang.h"

#include <hunspell/hunspell.h>
#include <libstemmer.h>

#ifndef XLQA_LANGDIR
#define XLQA_LANGDIR "/usr/local/share/xlqa/lang"
#endif

/* The folder holding the packs: $XLQA_LANG_DIR when set and not empty, else the installed one. */
const char *qa_lang_default_dir(void);

/* The normalisation every form a pack compares goes through: NFC, case folded, "'" apostrophes. */
#define LANG_NORM (XLQA_NORM_CASEFOLD | XLQA_NORM_APOSTROPHES)

/* A number word's value, stored in the pack's arena and pointed to by the `numbers` table. */
struct lang_number {
	int64_t value;
	bool ordinal;
};

#define LANG_MAX_LINKERS 16
#define LANG_MAX_LINKER_LEN 8 /* bytes */
#define LANG_MAX_PREFIXES 64
/* Candidate compound parts whose hunspell answer a pack keeps: some 3 MiB at most, a few thousand
 * suffice for a test set's questions; past it, answers are looked up again, never wrong. */
#define LANG_PART_MEMO_MAX 32768

/* The lemmas of an irregular form (irregular.txt), in the pack's arena. */
struct lang_lemmas {
	size_t n;
	const char *items[3];
};

struct xlqa_lang {
	const struct xlqa_lang_info *info;
	const char *dir;           /* the folder holding the packs (in `arena`) */
	struct xlqa_arena arena;   /* pack-lifetime strings and values */
	struct xlqa_hash stopwords; /* norm -> NULL */
	struct xlqa_hash articles;  /* norm -> NULL */
	struct xlqa_hash connectors; /* norm -> NULL: words that join the parts of a noun phrase ("des", "al") */
	struct xlqa_hash conjunctions; /* norm -> NULL: words that join list items ("and", "oder") */
	struct xlqa_hash naming;       /* norm ("called", "known as") -> (void *)(uintptr_t) XLQA_NAMING_* bits */
	struct xlqa_hash numbers;   /* norm -> struct lang_number * */
	struct xlqa_hash months;    /* norm -> (void *)(uintptr_t)month */
	struct xlqa_hash month_abbrevs; /* abbreviated names without '.' ("okt") -> month, for dates only */
	struct xlqa_hash weekdays;  /* norm -> (void *)(uintptr_t)weekday */
	const char **elisions;      /* normalised, ending in "'", longest first */
	size_t n_elisions;
	size_t alloc_elisions;
	const char **genitives;     /* genitive endings of names (genitive.txt), normalised, longest first */
	size_t n_genitives;
	size_t alloc_genitives;
	const char **stem_keeps;    /* endings the stemmer gives back to a noun (stem-keep.txt), normalised, longest first */
	size_t n_stem_keeps;
	size_t alloc_stem_keeps;
	char decimal_sep; /* '.' or ',' from ICU */

	/* compound splitting (compound.txt) */
	size_t min_part;  /* characters */
	size_t min_word;  /* characters */
	const char *linkers[LANG_MAX_LINKERS]; /* longest first */
	struct xlqa_hash bound;    /* lower case -> NULL: prefixes and suffixes that are no parts */
	size_t n_linkers;

	/* irregular forms (irregular.txt) */
	struct xlqa_hash irregular; /* norm -> struct lang_lemmas * */
	struct xlqa_hash dict_names; /* as written -> NULL: the dictionary's entries flagged as names only */
	const char *prefixes[LANG_MAX_PREFIXES]; /* verb prefixes, normalised, longest first */
	size_t n_prefixes;
	const char *infix;          /* infinitive infix between a verb prefix and the verb ("zu"), or NULL */

	struct sb_stemmer *stemmer; /* NULL without a Snowball algorithm */
	Hunhandle *hunspell;        /* NULL without a dictionary or with XLQA_LANG_OPEN_NO_HUNSPELL */
	struct xlqa_segmenter *segmenter;

	struct xlqa_hash lemma_cache;    /* word -> struct xlqa_strlist * */
	struct xlqa_hash compound_cache; /* norm -> struct xlqa_strlist * */
	struct xlqa_hash part_memo;      /* lower-case candidate part -> non-NULL when a part, NULL when not;
					  * at most LANG_PART_MEMO_MAX entries (morph.c: compound_part_known) */
	struct xlqa_buf scratch;
};

/*
 * Writes `word` (NUL-terminated UTF-8) with its first character upper-cased into `dst` (room for
 * strlen(word) + 5 bytes). False when the first character has no upper-case form.
 */
bool lang_capitalize(const char *word, char *dst);

/*
 * The segmenter's test for a noun after an ordinal's period where nouns are capitalised (`ctx` the
 * pack): a capitalised word, no stop word, whose lower-case form hunspell does not know ("im 20.
 * Jahrhundert", "der 2. Weltkrieg"; not "50. Der", "9. Derzeit", which open sentences).
 */
bool lang_ordinal_noun(void *ctx, const char *word, size_t len);

/* A list of strings copied into the pack's arena; NULL when out of memory. */
struct xlqa_strlist *lang_strlist_copy(struct xlqa_lang *lang, const char *const *items, size_t n);

#endif
