/*
 * text: the boundary where bytes become text. Decoding from any iconv encoding to UTF-8 (with the
 * exact byte offset of anything undecodable), SGML/HTML character references, ICU normalisation and
 * case/accent folding, and ICU word and sentence segmentation with abbreviation suppressions.
 *
 * Invariant: everything these functions produce is valid UTF-8 (xlqa_text_normalize's output is
 * also in Unicode NFC; decoding and unescaping keep the input's own form); offsets are byte offsets
 * into the caller's input.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_segmenter_free(); caller-declared structs
 * released by xlqa_segments_release().
 */
#ifndef XLQA_TEXT_H
#define XLQA_TEXT_H

#include "xlqa/util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The encoding CLEF collections declare when a configuration says nothing. */
#define XLQA_TEXT_DEFAULT_ENCODING "ISO-8859-1"

/*
 * Checks that `len` bytes are well-formed UTF-8 (no overlong forms, surrogates or values past
 * U+10FFFF). Returns true, or false with the offset of the first bad byte in *bad (may be NULL).
 */
bool xlqa_text_utf8_valid(const char *in, size_t len, size_t *bad);

/* The number of blanks (spaces and tabs) that start `s`, reading no further than its `len` bytes. */
size_t xlqa_text_blanks(const char *s, size_t len);

/*
 * Checks that `len` bytes of a line-based text file hold no NUL byte, which C strings would cut at
 * silently. Returns XLQA_OK, or XLQA_EPARSE with "NAME:LINE: NUL byte at byte OFFSET" and err->offset
 * and err->line set.
 */
int xlqa_text_check_nul(const char *in, size_t len, const char *name, struct xlqa_error *err);

/*
 * Checks that `len` bytes of a line-based text file are UTF-8 (xlqa_text_utf8_valid) and hold no NUL
 * byte (xlqa_text_check_nul). Returns XLQA_OK, XLQA_EENCODING with "NAME:LINE: invalid UTF-8 at byte
 * OFFSET", or check_nul's XLQA_EPARSE; err->offset and err->line are set.
 */
int xlqa_text_check_utf8(const char *in, size_t len, const char *name, struct xlqa_error *err);

/* One line for xlqa_text_each_line: line[0..n) without its newline and a CR before it; lineno from 1. */
typedef int (*xlqa_text_line_fn)(void *ctx, const char *line, size_t n, int64_t lineno, struct xlqa_error *err);

/*
 * Checks `len` bytes (xlqa_text_check_utf8), then calls `fn` for each line that holds more than
 * blanks (xlqa_text_blanks), in order; a last line without a newline counts. Returns the check's
 * error, the first nonzero value `fn` returns (at once), or XLQA_OK.
 */
int xlqa_text_each_line(const char *in, size_t len, const char *name, xlqa_text_line_fn fn, void *ctx,
                        struct xlqa_error *err);

/*
 * Decodes `len` bytes in `encoding` (any name iconv knows; "UTF-8" is validated, not converted) and
 * appends the UTF-8 result to `out`. `name` names the input in messages (NULL: "<input>").
 * Errors: XLQA_EENCODING with err->offset the byte offset of the first undecodable or truncated
 * sequence; XLQA_EINVAL for an encoding iconv does not know. On error `out` keeps its old length.
 */
int xlqa_text_decode(const char *encoding, const char *in, size_t len, const char *name, struct xlqa_buf *out,
		     struct xlqa_error *err);

/* Flags for xlqa_text_unescape. */
enum xlqa_unescape_flags {
	/* Keep unknown, malformed or stray references as literal text and count them, instead of failing:
	 * what a tolerant newswire reader wants. */
	XLQA_UNESCAPE_LENIENT = 1 << 0,
};

/*
 * Looks up an HTML named character reference (case-sensitive, without '&' and ';'): "eacute" gives
 * U+00E9. The set is HTML 4.01's 253 names plus "apos". Returns true and the code point in *cp.
 */
bool xlqa_text_entity_lookup(const char *name, size_t len, uint32_t *cp);

/*
 * Replaces SGML/HTML character references in `in` (`&amp;`, `&eacute;`, `&#8211;`, `&#x2013;`) and
 * appends the result to `out`. Numeric references 128-159 are read as Windows-1252, as HTML does.
 * A reference must end with ';'. Strict mode fails with XLQA_EPARSE at the offset of the '&' for an
 * unknown name, a missing ';', a bare '&' or an invalid code point; lenient mode keeps such text as it
 * is and adds one to *kept per occurrence (`kept` may be NULL).
 */
int xlqa_text_unescape(const char *in, size_t len, unsigned flags, const char *name, struct xlqa_buf *out,
		       size_t *kept, struct xlqa_error *err);

/* Flags for xlqa_text_normalize. NFC is always applied. */
enum xlqa_norm_flags {
	XLQA_NORM_CASEFOLD = 1 << 0, /* Unicode full case folding ("Straße" -> "strasse") */
	XLQA_NORM_ACCENTS = 1 << 1,  /* remove combining marks after canonical decomposition ("é" -> "e") */
	XLQA_NORM_APOSTROPHES = 1 << 2, /* typographic apostrophes (U+2019, U+02BC) as "'" ("l’Europe") */
	XLQA_NORM_LOWERCASE = 1 << 3, /* lower case without folding ("Fußball" -> "fußball"); CASEFOLD wins */
};

/*
 * Normalises UTF-8 text to NFC, optionally case- and accent-folded, and appends it to `out`.
 * Errors: XLQA_EENCODING for invalid UTF-8, XLQA_EEXTERNAL if ICU fails.
 */
int xlqa_text_normalize(const char *in, size_t len, unsigned flags, struct xlqa_buf *out, struct xlqa_error *err);

/* What a segment of text is. */
enum xlqa_span_kind {
	XLQA_SPAN_SENTENCE = 0,
	XLQA_SPAN_WORD = 1,   /* letters (possibly with digits or inner apostrophes/periods) */
	XLQA_SPAN_NUMBER = 2, /* digits with inner separators: "1.234,5" is one number */
	XLQA_SPAN_PUNCT = 3,  /* any other non-space segment */
};

/* A segment of the caller's UTF-8 text: bytes [start, end). */
struct xlqa_span {
	size_t start;
	size_t end;
	enum xlqa_span_kind kind;
};

/* The result of segmenting one text; owned by the caller, freed with xlqa_segments_release. */
struct xlqa_segments {
	struct xlqa_span *sentences;
	size_t n_sentences;
	size_t alloc_sentences;
	struct xlqa_span *words; /* words, numbers and punctuation; white space is left out */
	size_t n_words;
	size_t alloc_words;
};
void xlqa_segments_init(struct xlqa_segments *s);
void xlqa_segments_release(struct xlqa_segments *s);

/*
 * A segmenter holds ICU's word and sentence break iterators for one locale and the caller's
 * abbreviations, after which a sentence does not end; nor does it after an initial ("W."). Not
 * thread safe: use one per thread.
 */
struct xlqa_segmenter;

/* Opens a segmenter for an ICU locale ("de", "pt_PT"). Errors: XLQA_EEXTERNAL, XLQA_ENOMEM. */
int xlqa_segmenter_new(const char *locale, struct xlqa_segmenter **out, struct xlqa_error *err);
void xlqa_segmenter_free(struct xlqa_segmenter *s);
/*
 * Adds an abbreviation that does not end a sentence, as written in text and ending with '.': "Dr.",
 * "z. B." (inner spaces allowed: a break after "z." is suppressed when "B." follows).
 */
int xlqa_segmenter_add_abbreviation(struct xlqa_segmenter *s, const char *abbr, struct xlqa_error *err);
/*
 * The byte length of the longest of the segmenter's abbreviations written at utf8[at, len), or 0:
 * "Prof." at the start of "Prof. Dr. Herzog" is 5, "z. B." 5 (an inner space of the abbreviation
 * matches one or more blanks of the text, "z.  B." 6). It must start a word (no letter, digit, '.'
 * or '-' before `at`) and its last period must not be followed by a letter or digit ("Dr.med").
 */
size_t xlqa_segmenter_abbreviation_at(const struct xlqa_segmenter *s, const char *utf8, size_t len, size_t at);
/* Is word[0, len) (UTF-8, the letters after an ordinal's period) a noun an ordinal may stand before? */
typedef bool (*xlqa_segmenter_noun_fn)(void *ctx, const char *word, size_t len);
/*
 * Where a number with a period is an ordinal ("im 20. Jahrhundert", "der 2. Weltkrieg"): a period
 * glued to a number of one to three digits ends no sentence before a word `noun` accepts. `ctx` is
 * borrowed and must outlive the segmenter's runs; NULL `noun` turns it off (the default).
 */
void xlqa_segmenter_set_ordinals(struct xlqa_segmenter *s, xlqa_segmenter_noun_fn noun, void *ctx);
/*
 * Splits `len` bytes of UTF-8 into sentences and words, replacing what `out` held. Sentence spans
 * exclude leading and trailing white space, and every word span lies inside one sentence; a text of
 * only white space has no sentences.
 * Errors: XLQA_EENCODING for invalid UTF-8, XLQA_EEXTERNAL, XLQA_ENOMEM, XLQA_EOVERFLOW (> 1 GiB).
 */
int xlqa_segmenter_run(struct xlqa_segmenter *s, const char *utf8, size_t len, struct xlqa_segments *out,
		       struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
