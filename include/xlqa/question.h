/*
 * question: question analysis. For one natural-language question in any of the nine CLEF languages
 * it finds the category (F factoid or D definition), the expected answer type in the CLEF 2004
 * taxonomy with a subtype, the focus noun, the target entity, weighted keywords and temporal
 * restrictions ("in 1994"), and turns the keywords into a retrieval query (xlqa/query.h).
 *
 * The language-specific knowledge is data: lang/<iso>/questions.txt holds ordered rules (token and
 * lemma patterns such as "how many" -> MEASURE count) and tables of focus nouns and units; one engine
 * reads and applies them for every language. The file format is described in the header of each
 * questions.txt and in doc/question-analysis.md.
 *
 * Invariant: an analysis always has a category ('F' or 'D') and a type from the registry below; a
 * subtype, when set, belongs to that type (DEFINITION's subtypes say what kind of entity is defined).
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_question_rules_free(); caller-declared
 * structs released by xlqa_question_release().
 */
#ifndef XLQA_QUESTION_H
#define XLQA_QUESTION_H

#include "xlqa/lang.h"
#include "xlqa/query.h"
#include "xlqa/util.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The CLEF 2004 answer types (QA guidelines, "Questions" and the appendix), plus DEFINITION. */
enum xlqa_answer_type {
	XLQA_ANSWER_PERSON,
	XLQA_ANSWER_ORGANIZATION,
	XLQA_ANSWER_LOCATION,
	XLQA_ANSWER_TIME,
	XLQA_ANSWER_MEASURE,
	XLQA_ANSWER_OBJECT,
	XLQA_ANSWER_MANNER,
	XLQA_ANSWER_OTHER,
	XLQA_ANSWER_DEFINITION,
	XLQA_ANSWER_TYPE_COUNT
};

/* A row of the answer-type registry. Static strings. */
struct xlqa_answer_type_info {
	enum xlqa_answer_type type;
	const char *name; /* upper case, as in the CLEF taxonomy: "PERSON" */
	const char *help; /* one line */
};

/* A row of the subtype registry: a refinement of one type ("year" of TIME, "money" of MEASURE). */
struct xlqa_answer_subtype_info {
	enum xlqa_answer_type type;
	const char *name; /* lower case: "year" */
	const char *help;
};

/* The registry row of `type`, or NULL when out of range. */
const struct xlqa_answer_type_info *xlqa_question_type_info(enum xlqa_answer_type type);
/* The type named `name` (case-insensitive, `len` bytes): true and *out, or false. */
bool xlqa_question_type_find(const char *name, size_t len, enum xlqa_answer_type *out);
/* Number of subtypes, and the i-th (NULL past the end). */
size_t xlqa_question_subtype_count(void);
const struct xlqa_answer_subtype_info *xlqa_question_subtype_at(size_t i);
/* The subtype `name` (case-insensitive) of `type`, or NULL. */
const struct xlqa_answer_subtype_info *xlqa_question_subtype_find(enum xlqa_answer_type type, const char *name,
                                                                size_t len);

/* A language's question rules (lang/<iso>/questions.txt). Opaque; read-only once loaded. */
struct xlqa_question_rules;

/*
 * Loads the rules of `lang`'s pack from the folder the pack came from (xlqa_lang_dir). Rule words are
 * normalised and stemmed with `lang`, which must outlive the rules. On success *out is a new object
 * owned by the caller (xlqa_question_rules_free). Errors: XLQA_ENOTFOUND (no questions.txt),
 * XLQA_EPARSE "questions.txt:LINE: ..." for a malformed rule (err->line set), XLQA_EENCODING,
 * XLQA_EIO, XLQA_ENOMEM.
 */
int xlqa_question_rules_new(struct xlqa_lang *lang, struct xlqa_question_rules **out, struct xlqa_error *err);
void xlqa_question_rules_free(struct xlqa_question_rules *rules);
/* Number of pattern rules loaded (for `xlqa langs` and tests). */
size_t xlqa_question_rules_count(const struct xlqa_question_rules *rules);

/* What a keyword is; the values are xlqa_query_flags so a keyword becomes a query group unchanged. */
struct xlqa_question_keyword {
	const char *text; /* as written in the question; the words of a name joined by one blank */
	double weight;    /* > 0: 2 for names, 1.5 numbers, 1 content words, 0.5 the focus noun */
	unsigned flags;   /* XLQA_QUERY_NAME, XLQA_QUERY_NUMBER, XLQA_QUERY_PHRASE */
};

/* A temporal restriction: a year (and month) the question confines itself to ("im März 1994"). */
struct xlqa_question_time {
	int year;         /* e.g. 1994 */
	int month;        /* 1-12, or 0 when only the year is given */
	const char *text; /* the words, as written: "in 1994", "im März 1994" */
};

/*
 * The analysis of one question. Caller-owned: xlqa_question_init, xlqa_question_analyze (reusable for
 * the next question: strings live in `arena`, reset each time), xlqa_question_release. All strings are
 * valid until the next analysis into the same struct or its release.
 */
struct xlqa_question {
	char category;                     /* 'F' or 'D' */
	bool category_given;               /* true when the caller's hint fixed the category */
	enum xlqa_answer_type type;
	const struct xlqa_answer_subtype_info *subtype; /* NULL when none applies */
	const char *focus;                 /* the focus noun as written ("city", "Stadt"), or NULL */
	const char *target;                /* the entity asked about or to define, as written, or NULL */
	const char *rule;                  /* "questions.txt:LINE" of the deciding rule, or NULL (default) */
	/* the preposition the answer hangs on, normalised, or NULL: a stop word (no article, no
	 * interrogative) ending the question ("known as?") or right before an interrogative that does not
	 * open it ("serve as what", "Mitglied von was") */
	const char *stranded;
	struct xlqa_question_keyword *keywords; /* in question order */
	size_t n_keywords;
	size_t alloc_keywords;
	struct xlqa_question_time *times;
	size_t n_times;
	size_t alloc_times;
	struct xlqa_analysis tokens;       /* the question's tokens (reused) */
	struct xlqa_arena arena;
};

void xlqa_question_init(struct xlqa_question *q);
void xlqa_question_release(struct xlqa_question *q);

/*
 * Analyses the UTF-8 question `text` (`len` bytes) with `rules` and the pack they were loaded with.
 * `category` is 'F' or 'D' when the test set states it (it then wins over the rules: a D question
 * gets type DEFINITION), or 0 when unknown (TREC, free questions, TSV input). Errors: XLQA_EINVAL for
 * another category value, XLQA_EENCODING (invalid UTF-8), XLQA_EEMPTY (no word), XLQA_ENOMEM,
 * XLQA_EEXTERNAL (analyzer).
 */
int xlqa_question_analyze(const struct xlqa_question_rules *rules, struct xlqa_lang *lang, const char *text,
                          size_t len, char category, struct xlqa_question *q, struct xlqa_error *err);

/*
 * Appends one group per keyword of `q` to `query` (which the caller initialised): the keyword's text as
 * the one alternative, its weight and flags (names XLQA_QUERY_NAME, numbers XLQA_QUERY_NUMBER,
 * names of several words also XLQA_QUERY_PHRASE), the keyword as the group's source. XLQA_ENOMEM.
 */
int xlqa_question_to_query(const struct xlqa_question *q, struct xlqa_query *query, struct xlqa_error *err);
/*
 * The source-language query of a question as the answerer builds it, and as every command that shows
 * or measures a question's query builds it: `query` is reset, then xlqa_question_analyze fills `q` and
 * xlqa_question_to_query gives its keywords. The errors of both.
 */
int xlqa_question_query(const struct xlqa_question_rules *rules, struct xlqa_lang *lang, const char *text,
                        size_t len, char category, struct xlqa_question *q, struct xlqa_query *query,
                        struct xlqa_error *err);
/*
 * The words query of `text`, for a search by every word rather than by question analysis (`xlqa search
 * --keywords words`): `query` is reset, `text` analysed by the pack into `a` (the caller's, reused),
 * and each content token (a word or number that is not a stop word) becomes a group of weight 1;
 * numbers are flagged XLQA_QUERY_NUMBER; a word that starts with a capital letter, other than a
 * sentence's first, is flagged XLQA_QUERY_NAME and weighs `name_weight`. The errors of
 * xlqa_lang_analyze, XLQA_ENOMEM.
 */
int xlqa_question_words_query(struct xlqa_lang *lang, struct xlqa_analysis *a, const char *text, double name_weight,
                              struct xlqa_query *query, struct xlqa_error *err);

/* The name of q's answer type, and of its subtype or "-" (for TSV output). Static strings. */
const char *xlqa_question_type_name(const struct xlqa_question *q);
const char *xlqa_question_subtype_name(const struct xlqa_question *q);

#ifdef __cplusplus
}
#endif
#endif
