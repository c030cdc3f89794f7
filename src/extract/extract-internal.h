/*
 * extract-internal: what the files of answer extraction share (extract.c, icu.c, dates.c,
 * spans.c, icu-tables.c): token tests and the one way a span is appended, and what ICU's
 * locale data adds. extract.c calls two hooks around its pack-driven extractors: qa_icu_mark before
 * them (spelled-out numbers the pack does not list become numeric tokens, so the number extractor
 * takes them), qa_icu_extract after them (number runs with connectors and abbreviated scales,
 * numeric dates, decades, centuries, years named as years, relative dates resolved against the
 * document's date, names of countries and languages, and the value of every number and date span).
 *
 * The tables (struct xlqa_extract_resources) are built from ICU once per language, at the first
 * extraction with it, and kept in the extraction until xlqa_extraction_release: an answerer builds
 * them once, not once per passage. Built by icu-tables.c; used by icu.c and
 * dates.c. Invariant: every key of every table is normalised like a token's `norm` (NFC,
 * case folded, "'" apostrophes), with the hyphens of number words as blanks.
 */
#ifndef XLQA_EXTRACT_INTERNAL_H
#define XLQA_EXTRACT_INTERNAL_H

#include "xlqa/extract.h"

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/unum.h>

/* What a word of the `words` table is; a word may be several of these. */
enum qa_icu_role {
	QA_ROLE_NUMBER = 1 << 0,   /* a spelled-out number, or the first word of one ("twenty" of "twenty one") */
	QA_ROLE_CONNECTOR = 1 << 1, /* joins number words: "and", "y", "e", "et" */
	QA_ROLE_SCALE = 1 << 2,    /* an abbreviated scale after digits: "mio", "mrd", "bn" */
	QA_ROLE_NAME = 1 << 3,     /* a country or language name, or the first word of one */
	QA_ROLE_RELATIVE = 1 << 4, /* a word of a relative date phrase ("yesterday", "ago", "letzten") */
	QA_ROLE_UNIT = 1 << 5,     /* a word for year, decade or century */
	QA_ROLE_MODIFIER = 1 << 6, /* "last", "next", "this" before or after a weekday */
	QA_ROLE_SUFFIX = 1 << 7,   /* the ending of a digit ordinal: "th", "º", "e" */
};

/* A number in the `numbers` table. */
struct qa_icu_number {
	double value;
	bool ordinal;
	bool scale; /* multiplies the number before it: hundred, thousand, million, "Mio." */
};

/* Calendar units of relative phrases, decades and centuries. */
enum qa_icu_unit { QA_UNIT_DAY, QA_UNIT_MONTH, QA_UNIT_YEAR, QA_UNIT_DECADE, QA_UNIT_CENTURY, QA_UNITS };

/* A relative date phrase of ICU's ("yesterday", "el año pasado", "vor 3 Tagen"). */
struct qa_icu_phrase {
	const char **norms;  /* n token norms; NULL for the number of a numeric phrase */
	size_t n;
	size_t lead;         /* the first literal word (the table's key) */
	enum qa_icu_unit unit;
	int offset;          /* units from the document's date; for a numeric phrase the sign */
	bool numeric;
	struct qa_icu_phrase *next; /* the next phrase with the same key */
};

/* Bytes of the shortest name stem inflected forms are matched by: "lund" (Lunda) would meet "lundi". */
#define QA_MIN_STEM 5

/* Readers of a written document date: long and medium dates of the target, en_US and en_GB, and "d-MMM-y". */
#define QA_DOC_FORMATS 7

/* A calendar date; 0 for a part that is not known. */
struct qa_icu_date {
	int year, month, day;
};

struct xlqa_extract_resources {
	const struct xlqa_lang_info *info; /* the language the tables are for */
	struct xlqa_arena arena;           /* table strings and values */
	struct xlqa_hash roles;     /* word -> (uintptr_t) enum qa_icu_role bits */
	struct xlqa_hash numbers;   /* spelled-out number, words joined by one blank -> struct qa_icu_number * */
	size_t max_number_words;
	struct xlqa_hash edges;     /* first and last three bytes of the pieces of one-word numerals ICU writes
	                               with soft hyphens ("drei", "hundert"): "<dre", "ert>" */
	struct xlqa_hash parsed;    /* one-word numerals split so far -> struct qa_icu_number * or NULL */
	struct xlqa_hash names;     /* ICU name, words joined by one blank -> (uintptr_t) 1 capitalised, 2 lower case */
	size_t max_name_words;
	struct xlqa_hash name_stems; /* stems of lower-case one-word names ("alemanes" -> "aleman") */
	struct xlqa_hash stem_edges; /* their first three bytes */
	struct xlqa_hash phrases;   /* a phrase's first literal word -> struct qa_icu_phrase * chain */
	struct xlqa_hash units;     /* unit word -> (uintptr_t) (unit + 1) | 0x100 for a plural form */
	struct xlqa_hash modifiers; /* weekday modifier -> (uintptr_t) (offset + 2) */
	char order[3];              /* the locale's numeric date order: 'd', 'm', 'y' */
	UCalendar *cal;             /* Gregorian, UTC: date arithmetic */
	UDateFormat *day_format;    /* long date: "March 11, 1994", "11. März 1994" */
	UDateFormat *month_format;  /* month and year: "March 1994", "marzo de 1994" */
	UDateFormat *doc_formats[QA_DOC_FORMATS]; /* readers of written document dates, opened when first needed */
	/* per run */
	unsigned *tok_roles;        /* the roles of each token of the analysis (0 for punctuation) */
	size_t alloc_roles;
	struct xlqa_arena scratch;  /* resolved answers of the last run */
	struct xlqa_buf buf;
	struct xlqa_buf doc_seen;   /* the document date and DOCNO of doc_date, "date\n docno" */
	struct qa_icu_date doc_date; /* the document's date, year 0 when unknown */
};

/* Builds the tables of `lang` into a new *out. Errors: XLQA_EEXTERNAL (ICU), XLQA_ENOMEM. */
int qa_icu_new(struct xlqa_lang *lang, struct xlqa_extract_resources **out, struct xlqa_error *err);
void qa_icu_free(struct xlqa_extract_resources *r);

/* Hooks of xlqa_extract_run (see the top of this file). */
int qa_icu_mark(struct xlqa_lang *lang, struct xlqa_extraction *x, struct xlqa_error *err);
int qa_icu_extract(struct xlqa_lang *lang, const char *text, struct xlqa_extraction *x, struct xlqa_error *err);

/* Normalises `len` bytes like a token's norm, hyphens and soft hyphens as blanks, runs of blanks as one. */
int qa_icu_key(const char *s, size_t len, struct xlqa_buf *out, struct xlqa_error *err);
/* The role bits of a normalised word (0 when it has none). */
unsigned qa_icu_roles(const struct xlqa_extract_resources *r, const char *norm);
/* The entry of the `numbers` table for `key`, or NULL. */
const struct qa_icu_number *qa_icu_number_of(const struct xlqa_extract_resources *r, const char *key, size_t len);

/* ---- shared by the extractors (spans.c; the first three: icu.c) ---- */

/*
 * True when digit token `t` continues the digits of `prev` as a group of a number grouped by blanks:
 * three digits after one blank, no-break or thin space ("5 500 000", "40 000").
 */
bool qa_blank_group(const char *text, const struct xlqa_token *prev, const struct xlqa_token *t);
/* True when token `t` after a number says what it counts: a content word, a word with digits ("km2") or "%". */
bool qa_counted(const char *text, const struct xlqa_token *t);
/* True when the n tokens from `first` of x's last run are a country or language name ICU knows ("Brasil"). */
bool qa_icu_is_name(const struct xlqa_extraction *x, const char *text, size_t first, size_t n);
/* True when token `t` of `text` is a word written with an upper-case first letter. */
bool qa_capitalised(const char *text, const struct xlqa_token *t);
/*
 * True when token `t` is an article that is also a numeral ("un", "eine"): at the end of a span it
 * is the article of a word cut off ("movimiento en un"), before a word that is no number it is that
 * word's article ("eine Aufgabe"), so it is trimmed there; before a number it counts ("un millón").
 */
bool qa_article_numeral(const struct xlqa_token *t);
/*
 * True when the n tokens from `first` are only numbers inside a date span of `x` (the day of
 * "28. Mai 2012"): the date answers, and no phrase or clause is made of its day.
 */
bool qa_date_day(const struct xlqa_extraction *x, size_t first, size_t n);
/* True when token `t` of `text` is the punctuation `s`. */
bool qa_punct_is(const char *text, const struct xlqa_token *t, const char *s);
/*
 * Appends the span of tokens [first, first + n) (n > 0) of `kind` to x->spans, with value NAN and no
 * resolved answer: the one way a span is made. NULL when out of memory.
 */
struct xlqa_extract_span *qa_extract_append(struct xlqa_extraction *x, size_t first, size_t n,
                                            enum xlqa_extract_kind kind);
/*
 * As qa_extract_append with a value, unless a span of the same kind and tokens is there already
 * (then only its value is set); `resolved` (may be NULL) is the answer to report instead of the
 * text, and such a span is always added. XLQA_ENOMEM.
 */
int qa_icu_add(struct xlqa_extraction *x, size_t first, size_t n, enum xlqa_extract_kind kind, double value,
               const char *resolved, struct xlqa_error *err);

/* ---- dates (dates.c) ---- */

/* Numeric, decade, century, year-word and relative dates of the analysed text. */
int qa_icu_dates(struct xlqa_lang *lang, const char *text, struct xlqa_extraction *x, struct xlqa_error *err);
/* The value of a date span built by extract.c (month name, optional day and year): yyyymmdd, 0 parts unknown. */
double qa_icu_date_value(const struct xlqa_extraction *x, const struct xlqa_extract_span *s);

#endif
