/*
 * extract: candidate answers in a target-language text, by kind (names, years, dates, numbers and
 * measures, noun phrases, definitions). Extraction is one engine for every target language; what
 * differs is data of the language pack: stop words, articles, month names, number words, and what
 * ICU's locale data adds (spelled-out numbers, numeric dates, names of countries and languages).
 * Exact answers are minimal spans: no leading or trailing stop words (articles and prepositions are
 * stop words in every pack), no punctuation at either end, units and internal words kept.
 *
 * Ownership: an extraction is caller-owned storage (_init/_release); the spans and resolved strings
 * it holds are valid until its next run or its release.
 *
 * Ownership as xlqa.h states it; caller-declared structs released by xlqa_extraction_release().
 */
#ifndef XLQA_EXTRACT_H
#define XLQA_EXTRACT_H

#include "xlqa/lang.h"
#include "xlqa/util.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- extraction ------------------------------------------------------------------------------- */

/* What an extractor found. */
enum xlqa_extract_kind {
	XLQA_EXTRACT_NAME,       /* a run of capitalised words, or ICU's name of a country or language */
	XLQA_EXTRACT_YEAR,       /* a four-digit year, or a relative year ("last year") */
	XLQA_EXTRACT_DATE,       /* a date with a month name, a numeric date, a decade, a century, a relative date */
	XLQA_EXTRACT_NUMBER,     /* a number alone, in digits or words ("two hundred and fifty") */
	XLQA_EXTRACT_MEASURE,    /* a number with its unit or counted noun, a percentage, money */
	XLQA_EXTRACT_PHRASE,     /* a run of content words (the fallback) */
	XLQA_EXTRACT_DEFINITION, /* the Y of "X, the Y," or "X is a Y" */
	XLQA_EXTRACT_CLAUSE,     /* the words of a sentence between query words: what the question leaves
	                            open (added by the answerer, which knows the query) */
	XLQA_EXTRACT_KINDS
};
/* "name", "year", ... Static; "?" out of range. */
const char *xlqa_extract_kind_name(enum xlqa_extract_kind kind);

/* One extracted span: bytes [start, end) of the text and tokens [first, first + n) of the analysis. */
struct xlqa_extract_span {
	size_t start, end;
	size_t first, n;
	size_t sentence; /* index into the analysis's sentences */
	enum xlqa_extract_kind kind;
	/*
	 * NUMBER and MEASURE: the number's value ("zwei Millionen" 2e6, "1,2 Mio." 1.2e6); YEAR: the
	 * year; DATE: yyyymmdd with 00 for what is not known (19940311; 19940300 a month; 19500000 the
	 * 1950s); NAN when there is none (a century, names, phrases).
	 */
	double value;
	/*
	 * The answer to report instead of the span's text, or NULL: a relative date resolved against
	 * the document's date ("gestern" in a document of 12 March 1994: "11. März 1994"). The span
	 * still locates the words in the text, which stay its support. Owned by the extraction, valid
	 * until its next run.
	 */
	const char *resolved;
};

struct xlqa_extract_resources; /* ICU tables of one language (src/extract/extract-internal.h) */

/* The spans of one text. Caller-owned: _init, xlqa_extract_run (reusable), _release. */
struct xlqa_extraction {
	struct xlqa_analysis a; /* the text's tokens */
	struct xlqa_extract_span *spans; /* by extractor, each extractor's in text order */
	size_t n, alloc;
	const char *doc_date, *doc_docno; /* xlqa_extraction_set_document */
	struct xlqa_strlist genitive; /* the language's genitive endings (pack data), set by each run */
	/* Private: built from ICU at the first run with a language and kept until _release (or a run
	 * with another language), so an answerer builds them once. */
	struct xlqa_extract_resources *res;
};
void xlqa_extraction_init(struct xlqa_extraction *x);
void xlqa_extraction_release(struct xlqa_extraction *x);

/*
 * Says which document the next texts come from, so relative dates ("yesterday", "el lunes pasado",
 * "vor drei Tagen") resolve against its date. `date` is the date as the collection writes it
 * (xlqa_index_date: "19940311", "940311", "1994-03-11T08:00", "March 11, 1994, Friday, Home
 * Edition", "11-MAR-1994 08:00"); when it is empty or unreadable the DOCNO's digits are tried
 * ("EFE19940311-00012", "SDA.940311.0042": an 8-digit YYYYMMDD anywhere, else a first run of
 * 6 digits read as YYMMDD). Either may be NULL (no date: relative dates are not extracted). The
 * strings are read at the next xlqa_extract_run; they must live until then.
 */
void xlqa_extraction_set_document(struct xlqa_extraction *x, const char *date, const char *docno);

/*
 * Analyses `len` bytes of UTF-8 with `lang` and extracts every candidate span of every kind. `target`
 * (may be NULL) is the entity a definition question asks about: appositive and copula patterns next
 * to it give DEFINITION spans. Spans are trimmed (xlqa_answer_trim). Beyond the pack's data, ICU's
 * locale data adds spelled-out numbers and scale abbreviations, numeric dates, decades, centuries,
 * relative dates (with xlqa_extraction_set_document) and names of countries and languages
 * (doc/answer-extraction.md). Errors: those of xlqa_lang_analyze, XLQA_EEXTERNAL (ICU's tables
 * for the language cannot be built), XLQA_ENOMEM.
 */
int xlqa_extract_run(struct xlqa_lang *lang, const char *text, size_t len, const char *target,
                     struct xlqa_extraction *x, struct xlqa_error *err);

/*
 * The minimal answer inside `text[*start, *end)`: leading and trailing stop words and articles
 * (but not numbers) and punctuation removed, a currency sign before a number and a percent sign or
 * unit after it kept. Narrows *start and *end (*start == *end when nothing is left). Errors: those
 * of xlqa_lang_analyze.
 */
int xlqa_answer_trim(struct xlqa_lang *lang, const char *text, size_t *start, size_t *end, struct xlqa_error *err);

/*
 * The merge key of an answer: its words' normalised forms without articles and punctuation, joined
 * by one blank ("The Eiffel Tower," -> "eiffel tower"), appended to `out`. Errors: those of
 * xlqa_lang_analyze, XLQA_ENOMEM.
 */
int xlqa_answer_key(struct xlqa_lang *lang, const char *text, size_t len, struct xlqa_buf *out,
                    struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
