/*
 * trecrun: the runs of the TREC question-answering tracks, produced from the answerer's ranked
 * candidates (xlqa/answer.h). The reading, checking and scoring of such runs is xlqa/trec.h.
 *
 * Ranked runs (TREC-8 to TREC 2002; Voorhees and Tice, "Building a question answering test
 * collection"): up to five responses a question, `qid Q0 docno rank score tag answer`, where the
 * answer string is the exact answer (TREC 2002) or a window of text of at most 50 or 250 bytes
 * around it, taken from the supporting document (TREC-8 and TREC-9).
 *
 * Question series (TREC 2004 to 2007, TREC 2007 QA guidelines): each series has a target; its
 * FACTOID, LIST and OTHER questions are answered with the target as context, into lines
 * `qid run-tag docid answer`.
 *
 * Ownership: a run object owns everything it holds; the index, answerer and series passed to its
 * functions are borrowed and must outlive the call only. Every writer goes through
 * xlqa_file_write_atomic: a run file is written completely or not at all.
 */
#ifndef XLQA_TRECRUN_H
#define XLQA_TRECRUN_H

#include "xlqa/answer.h"
#include "xlqa/index.h"
#include "xlqa/trec.h"
#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- ranked runs -------------------------------------------------------------------------------- */

/* The answer strings of a ranked run: a registry ("exact", "50", "250"). */
struct xlqa_ranked_variant {
	const char *name;
	size_t window; /* bytes of the answer window; 0 for the exact answer */
	const char *help;
};
size_t xlqa_ranked_variant_count(void);
const struct xlqa_ranked_variant *xlqa_ranked_variant_at(size_t i); /* NULL out of range */
const struct xlqa_ranked_variant *xlqa_ranked_variant_find(const char *name); /* NULL when unknown */

/* The most responses a ranked run gives a question (TREC-8 to TREC 2001). */
#define XLQA_RANKED_MAX_RESPONSES 5

/*
 * Finds where `text` (an answer as written in the document) stands in doc[0..len): its first
 * occurrence within [from, to) when there is one, else its first in the document. True with
 * *start, *end (bytes), false when the document does not hold it.
 */
bool xlqa_ranked_locate(const char *doc, size_t len, const char *text, size_t from, size_t to, size_t *start,
                        size_t *end);

/*
 * Appends to `out` the answer window of doc[start..end) (UTF-8, start <= end <= len): at most `bytes`
 * bytes of the document around the answer, white space runs collapsed to one blank, the answer as
 * near the middle as the document's edges allow, cut at word boundaries outside the answer and
 * never inside a UTF-8 sequence, no blank at either end. An answer longer than the window is cut to
 * the window (at a character boundary). `bytes` 0 appends the answer alone, white space collapsed.
 * XLQA_ENOMEM.
 */
int xlqa_ranked_window(const char *doc, size_t len, size_t start, size_t end, size_t bytes, struct xlqa_buf *out,
                       struct xlqa_error *err);

/* A ranked run being built, one question at a time. Caller-owned: _init, _add..., _write, _release. */
struct xlqa_ranked_run {
	struct xlqa_buf text;   /* the run's lines so far */
	struct xlqa_buf doc;    /* scratch: a document's text */
	struct xlqa_buf answer; /* scratch: one answer string */
	const char *tag;        /* borrowed */
	size_t window;          /* the variant's window (0: exact) */
	size_t max_responses;   /* 1 .. XLQA_RANKED_MAX_RESPONSES */
	size_t questions, responses, nil_responses;
};
/* `tag` (borrowed, no white space) names the run; `variant` NULL is "exact"; max_responses 0 or
 * above 5 means 5. */
void xlqa_ranked_run_init(struct xlqa_ranked_run *run, const char *tag, const struct xlqa_ranked_variant *variant,
                          size_t max_responses);
void xlqa_ranked_run_release(struct xlqa_ranked_run *run);

/*
 * Adds the responses of question `qid` from its answered set and the response xlqa_answer_respond
 * decided for it (`r`): the candidates in the set's order (the model's ranking), each with its
 * supporting document and score, a [docno, answer string] pair given once (two candidates of one
 * document can have the same window).
 * NIL is a response where the track allows it: alone when there is no candidate or answering
 * failed, and, when the model's threshold made the response NIL, placed among the candidates by its
 * confidence against their probabilities. A candidate that cannot be found in its document (never
 * expected) gives its own text, cut to the window, in a window variant. Errors: XLQA_ENOMEM, XLQA_ECORRUPT (a
 * document the index cannot give back).
 */
int xlqa_ranked_run_add(struct xlqa_ranked_run *run, const struct xlqa_index *idx, const char *qid,
                        const struct xlqa_answer_set *set, const struct xlqa_response *r, struct xlqa_error *err);

/* Writes the run (atomically). XLQA_EIO and the other errors of xlqa_file_write_atomic. */
int xlqa_ranked_run_write(const struct xlqa_ranked_run *run, const char *path, struct xlqa_error *err);


/* ---- question series ------------------------------------------------------------------------------ */

/*
 * The pronouns of one language that may stand for a series' target, read from the pack's
 * pronouns.txt: one pronoun a line in lower case, optionally a tab and what replaces it, '*' standing
 * for the target ("his<TAB>*'s"); without one the target itself replaces it. '#' starts a comment.
 * Opaque; _read, then _free.
 */
struct xlqa_series_pronouns;
/*
 * Reads a pronoun list. XLQA_EPARSE "path:line: ..." for an empty pronoun or one with white space,
 * XLQA_EENCODING for bytes that are not UTF-8, the file's XLQA_EIO / XLQA_ENOTFOUND, XLQA_ENOMEM.
 */
int xlqa_series_pronouns_read(const char *path, struct xlqa_series_pronouns **out, struct xlqa_error *err);
void xlqa_series_pronouns_free(struct xlqa_series_pronouns *p);
size_t xlqa_series_pronouns_count(const struct xlqa_series_pronouns *p);

/* How a series question takes its target: a registry ("target", "pronouns", "none"). */
enum xlqa_series_context {
	XLQA_SERIES_CONTEXT_TARGET = 0, /* pronouns replaced, else the target added */
	XLQA_SERIES_CONTEXT_PRONOUNS,   /* pronouns replaced, nothing added */
	XLQA_SERIES_CONTEXT_NONE,       /* the question alone: the comparison run */
	XLQA_SERIES_CONTEXTS
};
struct xlqa_series_context_info {
	const char *name;
	enum xlqa_series_context context;
	const char *help;
};
const struct xlqa_series_context_info *xlqa_series_context_at(size_t i); /* NULL past the end */
const struct xlqa_series_context_info *xlqa_series_context_find(const char *name); /* NULL when unknown */

/*
 * Replaces `out` with `question` put in the context of its series' `target`: every word that is one
 * of the pronouns (ASCII case folded; `pronouns` may be NULL for none) becomes its replacement, and
 * with `add_target`, when no pronoun was replaced and the question does not hold the target already
 * (ASCII case folded), the target is added in brackets before the question's final '?' or '.' (at the end when
 * there is none): "When was he born?" -> "When was Warren Moon born?", "What team did Moon play
 * for?" -> "What team did Moon play for (Warren Moon)?". Sets *replaced to the pronouns replaced
 * (may be NULL). XLQA_ENOMEM.
 */
int xlqa_series_question(const char *question, const char *target, const struct xlqa_series_pronouns *pronouns,
                         bool add_target, struct xlqa_buf *out, size_t *replaced, struct xlqa_error *err);

/* How a series run is answered. Zero-initialise for the defaults. */
struct xlqa_series_options {
	/* How FACTOID and LIST questions take their target; OTHER questions always ask about it. */
	enum xlqa_series_context context;
	/*
	 * A LIST question's instances: its candidates whose probability is at least this, distinct by
	 * their normalised words, the best one always; 0: XLQA_SERIES_LIST_THRESHOLD.
	 */
	double list_threshold;
	size_t list_max;    /* most instances a list answer; 0: 20 */
	size_t other_max;   /* most snippets an Other answer; 0: 20 */
	size_t other_chars; /* non-white-space characters of an Other answer; 0: 7000 (the guidelines' limit) */
	size_t snippet_bytes; /* longest snippet: a longer sentence is cut around its candidate; 0: 250 */
	/* The pronouns of the questions' language (borrowed; NULL: none are resolved). */
	const struct xlqa_series_pronouns *pronouns;
};
/*
 * The default least probability of a list instance, fitted on xquad-clef sets 1-2 (EN-EN) answered
 * as list questions and scored by list F (doc/answering.md, "Question series"): F rises up to 0.5 and
 * is flat above it. Those questions have one answer each, so the fit favours short lists; lists
 * with many instances may want a lower threshold (--list-threshold).
 */
#define XLQA_SERIES_LIST_THRESHOLD 0.5

/* What a series run holds, for the command's summary. */
struct xlqa_series_summary {
	size_t targets, questions;
	size_t factoid_nil;      /* FACTOID questions answered NIL */
	size_t list_instances;   /* instances over all LIST questions */
	size_t other_snippets;   /* snippets over all OTHER questions */
	size_t pronouns;         /* pronouns replaced by the target */
	size_t unanswered;       /* LIST and OTHER questions without a candidate (or snippet): no line (the
	                            run then fails the checker's "every question" rule for them) */
	size_t failed;           /* questions whose answering failed (FACTOID: answered NIL) */
	char first_failure[XLQA_ERROR_MAX + 64]; /* the first failure's message, "" when none */
};

/*
 * Answers every question of series `s` with answerer `a` over `idx` (the answerer's index) into
 * `run` (appended: `qid tag docno answer` lines, TREC 2007 format), the target as context as
 * opt->context says (xlqa_series_question):
 *  - FACTOID: the response xlqa_answerer_respond decides (NIL allowed);
 *  - LIST: the candidates at or above the list threshold, distinct, best first, each on its line
 *    with its document;
 *  - OTHER: the target alone is the query (as a definition question); the answer is snippets: the
 *    supporting sentences of its candidates, best first, then the sentences of the documents of the
 *    best passages, each cut to at most snippet_bytes. A snippet is left out when it does not name a
 *    word of the target, when it holds an answer the series' other questions got (the nuggets they
 *    asked), or when more than half of its words are in an earlier snippet; when that leaves
 *    nothing, the first rule is dropped, and then the second. At most other_max snippets, within
 *    other_chars non-white-space characters.
 * A question whose answering fails is counted (sum->failed) and, for a FACTOID, answered NIL; the
 * run goes on. `opt` may be NULL. Errors: XLQA_ENOMEM, XLQA_ECORRUPT from the index.
 */
int xlqa_series_answer(struct xlqa_answerer *a, const struct xlqa_index *idx, const struct xlqa_trec_series *s,
                       const char *tag, const struct xlqa_series_options *opt, struct xlqa_buf *run,
                       struct xlqa_series_summary *sum, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
