/*
 * eval-internal: what the evaluation module's files share and nothing outside src/eval may call
 * (these names are not exported from libxlqa).
 */
#ifndef XLQA_EVAL_INTERNAL_H
#define XLQA_EVAL_INTERNAL_H

#include "xlqa/clef.h"

#include <stdbool.h>
#include <stddef.h>

/* The columns of a run line, split at blanks (spaces or tabs). Pointers are into the caller's line. */
enum { CLEF_TYPE, CLEF_NUMBER, CLEF_TAG, CLEF_CONFIDENCE, CLEF_DOCNO, CLEF_NCOLUMNS };
struct clef_columns {
	const char *col[CLEF_NCOLUMNS];
	size_t len[CLEF_NCOLUMNS];
	size_t found;       /* columns present, 0..CLEF_NCOLUMNS */
	const char *answer; /* the rest of the line after the DOCNO, blanks around it removed */
	size_t answer_len;
};

/* True for the blanks that separate columns. */
static inline bool clef_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Splits `n` bytes of one line (no line break) into the five columns and the answer. */
void clef_split(const char *line, size_t n, struct clef_columns *out);

/*
 * Reads a confidence column: an optionally signed decimal integer or fraction with an optional
 * exponent ("1", "0.257", ".5", "1e-3"); no "nan", "inf" or hexadecimal. True with the value in *out.
 */
bool clef_parse_confidence(const char *s, size_t n, double *out);

/* Reads a question number column of 1 to 4 digits with a value in 1..9999. */
bool clef_parse_number(const char *s, size_t n, unsigned *out);


/*
 * CWS of `n` items under `mode` (NaN for none or when memory runs out); with `best`, also the CWS
 * the same answers would reach ranked right-first.
 */
struct xlqa_eval_item;
double eval_cws(const struct xlqa_eval_item *items, size_t n, unsigned mode, double *best);

/* A group of items scored together (report.c). */
struct eval_group {
	char name[64];                 /* "all", "F", "D" or an answer type */
	struct xlqa_eval_item *items;  /* copies, in test-set order */
	size_t n;
};

/* The groups of a report: all, the question types, the answer types. Zero-initialise, make, release. */
struct eval_groups {
	struct eval_group *g;
	size_t count;
	size_t alloc;
	size_t n_types; /* g[1 .. n_types] are question types; after them answer types */
};
/* Splits the items into all / F / D / answer types (these sorted by name). XLQA_ENOMEM. */
int eval_groups_make(const struct xlqa_eval_item *items, size_t n, struct eval_groups *gs);
void eval_groups_release(struct eval_groups *gs);

/* The judgment's letter ("R"), or NULL for an unjudged item. */
const char *eval_judgment_name(enum xlqa_judgment j);

#endif
