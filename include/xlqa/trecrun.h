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
/* `tag` (borrowed, no white space) names the run; max_responses 0 or above 5 means 5. */
void xlqa_ranked_run_init(struct xlqa_ranked_run *run, const char *tag, const struct xlqa_ranked_variant *variant,
                          size_t max_responses);
void xlqa_ranked_run_release(struct xlqa_ranked_run *run);

/*
 * Adds the responses of question `qid` from its answered set and the response xlqa_answer_respond
 * decided for it (`r`): the candidates in the set's order (the model's ranking), each with its
 * supporting document and score, answer strings equal after white space is collapsed given once.
 * NIL is a response where the track allows it: alone when there is no candidate or answering
 * failed, and, when the model's threshold made the response NIL, placed among the candidates by its
 * confidence against their probabilities. A candidate that cannot be found in its document (never
 * expected) gives its exact text even in a window variant. Errors: XLQA_ENOMEM, XLQA_ECORRUPT (a
 * document the index cannot give back).
 */
int xlqa_ranked_run_add(struct xlqa_ranked_run *run, const struct xlqa_index *idx, const char *qid,
                        const struct xlqa_answer_set *set, const struct xlqa_response *r, struct xlqa_error *err);

/* Writes the run (atomically). XLQA_EIO and the other errors of xlqa_file_write_atomic. */
int xlqa_ranked_run_write(const struct xlqa_ranked_run *run, const char *path, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
