/*
 * query: a weighted retrieval query in the target language. A query is a list of concepts (groups);
 * each group holds one or more alternative texts, such as a word's candidate translations, and
 * counts as one concept in ranking: a document matching two alternatives of a group is not scored
 * twice for it. Question analysis fills one group a keyword; translation fills one group a source word
 * with its translations as alternatives.
 *
 * Invariant: every string is NUL-terminated UTF-8 owned by the query's arena; weights are > 0.
 *
 * Ownership as xlqa.h states it; caller-declared structs released by xlqa_query_release().
 */
#ifndef XLQA_QUERY_H
#define XLQA_QUERY_H

#include "xlqa/util.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum xlqa_query_flags {
	XLQA_QUERY_NAME = 1 << 0,    /* the group is a proper name (passes through translation unchanged) */
	XLQA_QUERY_NUMBER = 1 << 1,  /* the group is a number */
	XLQA_QUERY_PHRASE = 1 << 2,  /* an alternative of several words should match as a phrase */
	XLQA_QUERY_REQUIRED = 1 << 3, /* a hint that answers must come from text matching this group */
	XLQA_QUERY_FOCUS = 1 << 4,    /* the question's focus noun ("nations" in "how many nations") */
	/*
	 * Where the word stands against the answer in a statement answering the question: "Tesla" and
	 * "receive" before it in "What did Tesla receive?", "invented" after it in "Who invented radio?"
	 */
	XLQA_QUERY_BEFORE_ANSWER = 1 << 5,
	XLQA_QUERY_AFTER_ANSWER = 1 << 6,
	/* the noun a "what kind of" question asks a kind of ("effect" in "what kind of effect"): its
	 * modifier in a statement is often the answer ("a [detrimental] effect") */
	XLQA_QUERY_KIND_OF = 1 << 7
};

struct xlqa_query_alt {
	const char *text; /* target-language text: a word or words, as written (analysed at search time) */
	double weight;    /* in (0, 1]: confidence in this alternative (translation probability), 1 if sure */
};

struct xlqa_query_group {
	const char *source;          /* the source word it came from (for traces), or NULL */
	double weight;               /* importance of the concept, > 0 (e.g. 2 for names, 1 for nouns) */
	unsigned flags;              /* enum xlqa_query_flags */
	struct xlqa_query_alt *alts; /* n_alts >= 1 */
	size_t n_alts;
	size_t alloc_alts;
};

/* A query. Caller-owned: xlqa_query_init, fill, xlqa_query_release. */
struct xlqa_query {
	struct xlqa_query_group *groups;
	size_t n_groups;
	size_t alloc_groups;
	struct xlqa_arena arena; /* the strings */
};

void xlqa_query_init(struct xlqa_query *q);
void xlqa_query_release(struct xlqa_query *q);
/* Empties the query for reuse, keeping its storage. */
void xlqa_query_reset(struct xlqa_query *q);
/*
 * Appends a concept with weight `weight` (> 0) and no alternatives yet; `source` may be NULL and is
 * copied. Returns the group's index through *index. XLQA_EINVAL for a weight <= 0, XLQA_ENOMEM.
 */
int xlqa_query_add_group(struct xlqa_query *q, const char *source, double weight, unsigned flags,
                         size_t *index);
/* Appends an alternative (copied) to group `group`; weight in (0, 1]. XLQA_EINVAL, XLQA_ENOMEM. */
int xlqa_query_add_alt(struct xlqa_query *q, size_t group, const char *text, size_t len, double weight);
/* Shorthand: a group with one alternative of weight 1. */
int xlqa_query_add_term(struct xlqa_query *q, const char *text, size_t len, double weight, unsigned flags);
/*
 * Appends a readable form to `out`: "name^2(alt1:0.8|alt2:0.2) word^1(word:1)". For traces and
 * `xlqa translate`; the format is for people, not parsing.
 */
int xlqa_query_format(const struct xlqa_query *q, struct xlqa_buf *out);

#ifdef __cplusplus
}
#endif
#endif
