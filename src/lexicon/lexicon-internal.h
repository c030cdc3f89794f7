/*
 * lexicon-internal: what the files of src/lexicon share: the on-disk layout of a lexicon file and
 * the text cleaning and key normalisation readers, builder and translator must agree on.
 */
#ifndef XLQA_LEXICON_INTERNAL_H
#define XLQA_LEXICON_INTERNAL_H

#include "xlqa/lexicon.h"

/*
 * The lexicon file, version 3, native little-endian (a byte-order field guards against others):
 *
 *   header (64 bytes)     struct lex_header
 *   keys                  n_keys x struct lex_key, sorted by key string (memcmp order)
 *   translations          n_trans x struct lex_trans, each key's run best first
 *   stems                 n_stems x struct lex_stem, sorted by stem string, then key
 *   strings               NUL-terminated UTF-8, referenced by byte offset from the section start
 *
 * Sections follow each other in that order, each starting at a multiple of 8. The CRC-32 (zlib) `crc`
 * covers every byte after the header, `header_crc` the header's bytes before it.
 */
#define LEX_MAGIC "XLQALEX"
/* 3: the header has its own checksum */
#define LEX_VERSION 3u
#define LEX_BYTE_ORDER 0x01020304u
#define LEX_MAX_ALTS 12      /* translations kept per key */
#define LEX_MAX_KEY_WORDS 4  /* longer headwords are phrases, useless for keyword queries */
#define LEX_MAX_TRANS_WORDS 6

struct lex_header {
	char magic[8];        /* "XLQALEX\0" */
	uint32_t version;     /* LEX_VERSION */
	uint32_t byte_order;  /* LEX_BYTE_ORDER as written by the builder */
	char source[4];       /* ISO 639-1, NUL padded */
	char target[4];
	uint32_t n_keys;
	uint32_t n_trans;
	uint32_t n_stems;
	uint32_t max_words;
	uint64_t strings_size;
	uint64_t file_size;
	uint32_t crc;         /* CRC-32 of every byte after the header */
	uint32_t header_crc;  /* CRC-32 of the header's bytes before this field */
};

struct lex_key {
	uint32_t str;   /* offset of the key in the strings */
	uint32_t first; /* index of its first translation */
	uint32_t n;     /* number of translations, >= 1 */
};

struct lex_trans {
	uint32_t str;     /* offset of the text in the strings */
	uint16_t weight;  /* weight * 65535, rounded; >= 1 */
	uint8_t origin;   /* enum xlqa_lexicon_origin bits */
	uint8_t pos;      /* enum xlqa_lexicon_pos */
};

struct lex_stem {
	uint32_t str; /* offset of the stem in the strings */
	uint32_t key; /* key index */
};

/* Byte offsets of the sections, computed from the header's counts. */
struct lex_layout {
	uint64_t keys, trans, stems, strings, end;
};
void lex_layout_compute(const struct lex_header *h, struct lex_layout *l);

/*
 * Appends `len` bytes of dictionary text to `out` cleaned for use as a headword or translation:
 * bracketed parts ((), [], <>, {}) removed, Ding's placeholders ("etw.", "jdn.", "sth.", "sb.")
 * dropped, stress accents on Cyrillic letters removed, white space collapsed and trimmed.
 */
int lex_clean(const char *s, size_t len, struct xlqa_buf *out);

/*
 * Appends the lookup key of `len` bytes of text to `out`: NFC, case folded, typographic
 * apostrophes as "'", runs of white space as one space, trimmed (the form of xlqa_token.norm, with
 * words joined by spaces). ASCII takes a fast path. XLQA_EENCODING for invalid UTF-8, XLQA_ENOMEM,
 * XLQA_EEXTERNAL.
 */
int lex_normalize(const char *s, size_t len, struct xlqa_buf *out, struct xlqa_error *err);

/*
 * Bytes of a leading group of personal pronouns joined by '/' and a space ("ich/er/sie fand",
 * "I/he/she thought"), which Ding writes before inflected verb forms; 0 when there is none.
 */
size_t lex_pronoun_prefix(const char *s, size_t len);

/* Number of space-separated words in a cleaned or normalised string. */
size_t lex_count_words(const char *s, size_t len);
/* True when UTF-8 s[0, len) starts with an upper- or title-case letter. */
bool lex_starts_upper(const char *s, size_t len);
#define LEX_JOINED_MIN 8        /* letters of a word checked for lost spaces */
#define LEX_JOINED_MAX_BYTES 64 /* longer words are not split or given a twin's spaces */
/*
 * True when s[0, len) is a word that may have lost its spaces (the reader's parting, the builder's
 * twins): LEX_JOINED_MIN letters or more (UTF-8 characters), at most LEX_JOINED_MAX_BYTES bytes, no
 * upper-case ASCII letter, digit, space or punctuation; non-ASCII bytes count as letters (the check
 * of the whole word decides).
 */
bool lex_joined_candidate(const char *s, size_t len);
/* True when UTF-8 s[0, len) holds a letter or a digit (a "…" or a "-" alone holds none). */
bool lex_has_alnum(const char *s, size_t len);

/*
 * For tests (exported for them, as every xlqa_ name is): what builder `b` holds under its memory
 * budget (xlqa_lexicon_build_options.memory), as the budget counts it: the cached dictionaries and
 * layers, and the string pool.
 */
struct lex_builder_memory {
	size_t cache_bytes;  /* the cached dictionaries and layers */
	size_t cached;       /* how many of them */
	size_t stemmed;      /* cached layers holding the stems of their keys */
	size_t pool_bytes;   /* the string pool: texts, tables and scratch */
	size_t pool_strings; /* strings in the pool */
	size_t compactions;  /* times the pool dropped the strings nothing held */
};
void xlqa_lexicon_builder_memory(const struct xlqa_lexicon_builder *b, struct lex_builder_memory *m);
/*
 * For tests: appends to `out` the stems of cached layer `from`-`to` (codes), one "key TAB stem"
 * line each, sorted; nothing when that layer is not cached or has no stems. XLQA_ENOMEM.
 */
int xlqa_lexicon_builder_layer_stems(const struct xlqa_lexicon_builder *b, const char *from, const char *to,
				     struct xlqa_buf *out);

/*
 * The dictionary of the opposite direction (for freedict-eng-ita, freedict-ita-eng), which the dictd
 * reader consults to find the entries of a repeated headword that Ergane cut from a phrase and whose
 * pronunciation was made again from the cut word (src/lexicon/dictd.c, "Cut headwords pronounced
 * again"). The strings are borrowed for the reading.
 */
struct lex_dictd_reverse {
	const char *index_path;
	const char *dict_path;
	xlqa_dict_word_fn known; /* the word check of its translations (the headwords' language), or NULL */
	void *known_ctx;
};

/*
 * For the builder (and tests: exported, as every xlqa_ name is): xlqa_dict_read_dictd_words, with
 * `reverse` (may be NULL: no such check) read, whole and through xlqa_dict_read_dictd_words, when
 * the dictionary has the classic layout and a headword with several entries; what it renders is
 * held only for the reading. Its errors are returned prefixed with "reverse dictionary 'path'",
 * before any entry is passed to `fn`.
 */
int xlqa_dict_read_dictd_reverse(const char *index_path, const char *dict_path, xlqa_dict_word_fn known,
				 void *known_ctx, const struct lex_dictd_reverse *reverse, xlqa_dict_entry_fn fn,
				 void *ctx, struct xlqa_dict_stats *stats, enum xlqa_dict_style *style,
				 struct xlqa_error *err);

/* Maps a dictionary's part-of-speech tags ("n, fem", "masc, n, sg", "pn", "v, intr") to the enum. */
enum xlqa_lexicon_pos lex_pos_parse(const char *tags, size_t len);

/*
 * For the line-based readers (TSV, Apertium listings): `path` read whole into `text` and checked to
 * be UTF-8 (XLQA_EENCODING "path: byte offset N: invalid UTF-8"), or the file's error.
 */
int lex_text_read(const char *path, struct xlqa_buf *text, struct xlqa_error *err);

/*
 * The next line of `text` from *pos that is neither blank nor a '#' comment, NUL-terminated in place
 * and without its '\r', in *line and *len; *line_no counts every line read. False at the end.
 */
bool lex_text_next_line(struct xlqa_buf *text, size_t *pos, int64_t *line_no, char **line, size_t *len);

#endif
