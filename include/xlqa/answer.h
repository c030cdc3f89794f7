/*
 * answer: from a question to ranked candidate answers. An answerer analyses a question in its source
 * language, builds the query (translated through the pair's lexicon when the source is not the
 * index's language), searches the index, extracts candidates from the top passages by kind (names,
 * years, dates, numbers and measures, noun phrases, definitions), merges equal candidates (same
 * normalised words) across passages and documents and describes each by a fixed vector of features
 * (xlqa_answer_feature_name) that a model turns into the probability of being right.
 *
 * Candidates come from extraction (xlqa/extract.h); the response a run file writes comes from
 * xlqa_answerer_respond below, which applies a model's ranking, calibration and NIL threshold.
 *
 * Invariant: every candidate has non-empty text, a key of normalised words, a document of the index
 * and features[i] finite for every i < XLQA_ANSWER_FEATURES.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_answerer_free(), xlqa_retrieval_free();
 * caller-declared structs released by xlqa_answer_set_release().
 */
#ifndef XLQA_ANSWER_H
#define XLQA_ANSWER_H

#include "xlqa/answer-features.h"
#include "xlqa/extract.h"
#include "xlqa/index.h"
#include "xlqa/lang.h"
#include "xlqa/lexicon.h"
#include "xlqa/model.h"
#include "xlqa/question.h"
#include "xlqa/testset.h"
#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- candidates and features ---------------------------------------------------------------- */

/*
 * The features of a candidate, in this order in every vector and in the calibrate TSV: one
 * XLQA_FEATURE_<ID> for each row of answer-features.h, where each feature's meaning is; a block's
 * features follow its first one (XLQA_FEATURE_KIND_TYPE + kind * XLQA_TYPE_GROUPS + group).
 */
#define XLQA_FEATURE_ENUM_ROW_(id, name, help) XLQA_FEATURE_##id,
#define XLQA_FEATURE_ENUM_BLOCK_(id, pattern, count, names, help) \
	XLQA_FEATURE_##id, XLQA_FEATURE_##id##_LAST_ = XLQA_FEATURE_##id + (count)-1,
enum xlqa_answer_feature {
	XLQA_ANSWER_FEATURE_LIST(XLQA_FEATURE_ENUM_ROW_, XLQA_FEATURE_ENUM_BLOCK_)
	XLQA_ANSWER_FEATURES
};
#undef XLQA_FEATURE_ENUM_ROW_
#undef XLQA_FEATURE_ENUM_BLOCK_
/* "passage", "doc_rank", ... Static; NULL out of range. */
const char *xlqa_answer_feature_name(size_t i);
/* The one-line meaning of feature i (its row's in answer-features.h; a block's for each of its
 * features). Static; NULL out of range. */
const char *xlqa_answer_feature_help(size_t i);

struct xlqa_candidate {
	const char *text;  /* the exact answer as written in the document */
	const char *key;   /* xlqa_answer_key of the text */
	uint32_t doc;      /* the document of its best occurrence */
	enum xlqa_extract_kind kind;
	double features[XLQA_ANSWER_FEATURES];
	double score;      /* the heuristic score, or the model's probability once the caller sets it */
	const char *support; /* the sentence of its best occurrence, white space collapsed */
	uint32_t n_passages, n_docs;
	uint32_t last_passage; /* bookkeeping of xlqa_answer_set_add: the last passage counted */
	uint32_t docs[8];      /* the first documents counted */
};

/* A question's answers. Caller-owned: _init, xlqa_answerer_answer (reusable), _release. */
struct xlqa_answer_set {
	struct xlqa_question question; /* the analysis in the source language */
	struct xlqa_query source;      /* its query in the source language */
	struct xlqa_query query;       /* the target-language query that was searched */
	struct xlqa_results results;   /* documents and passages */
	struct xlqa_candidate *candidates; /* best first by score */
	size_t n, alloc;
	struct xlqa_arena arena; /* candidate strings */
	struct xlqa_hash keys;   /* candidate key -> position + 1 */
};
void xlqa_answer_set_init(struct xlqa_answer_set *s);
void xlqa_answer_set_release(struct xlqa_answer_set *s);

/*
 * Adds one occurrence of a candidate to `s`, merging it with an earlier one of the same key:
 * occurrence features combine by maximum (passage, sentence, proximity, type fit, top,
 * doc rank), counts by adding distinct passages and documents; the text, document and support
 * of the occurrence with the better heuristic score are kept. `passage` numbers the passage (for
 * counting). XLQA_ENOMEM.
 */
int xlqa_answer_set_add(struct xlqa_answer_set *s, const char *text, size_t len, const char *key,
                        uint32_t doc, uint32_t passage, enum xlqa_extract_kind kind,
                        const double features[XLQA_ANSWER_FEATURES], const char *support, size_t support_len);
/* Sorts the candidates by score, best first (ties: earlier added first). */
void xlqa_answer_set_sort(struct xlqa_answer_set *s);
/* The heuristic score of a feature vector: the order used without a model. In [0, 1]. */
double xlqa_answer_heuristic(const double features[XLQA_ANSWER_FEATURES]);

/* ---- the answerer --------------------------------------------------------------------------- */

/* The most candidates an answerer keeps a question (xlqa_answerer_options.max_candidates). */
enum { XLQA_ANSWER_MAX_CANDIDATES = 1000 };

/* xlqa_answerer_options.machine_translation */
enum xlqa_answer_mt { XLQA_ANSWER_MT_AUTO = 0, XLQA_ANSWER_MT_OFF, XLQA_ANSWER_MT_ON };

struct xlqa_answerer_options {
	const char *source;      /* the question's language (any alias); NULL: the index's */
	const char *lexicon_dir; /* pair lexicons (xlqa_lexicon_path); NULL: xlqa_lexicon_default_dir */
	size_t passages;         /* top passages searched for candidates; 0: 10 */
	size_t max_candidates;   /* candidates kept a question, best first; 0: 100; at most XLQA_ANSWER_MAX_CANDIDATES */
	/*
	 * The answer model (xlqa/model.h) xlqa_answerer_respond ranks and decides with, borrowed: it
	 * must outlive the answerer. NULL: the heuristic order, and NIL only without candidates.
	 */
	const struct xlqa_model *model;
	/*
	 * The confidence of a NIL response the model's NIL calibration cannot give (no candidates, or a
	 * model without nil_calibration): how often NIL was right on the fitting sets. In [0, 1].
	 */
	double nil_confidence;
	/*
	 * Whether a cross-language question is also translated with Apertium (xlqa_mt_open), whose
	 * words join the lexicon's query (xlqa_mt_fuse). Pairs without an Apertium path use the
	 * lexicon alone whatever this says. XLQA_ANSWER_MT_AUTO (0): where Apertium has the pair and
	 * it is installed (xlqa_mt_missing), else the lexicon alone (xlqa_answerer_mt_missing says
	 * what was missing; an Apertium that fails is dropped: xlqa_answerer_mt_failure);
	 * XLQA_ANSWER_MT_OFF: never; XLQA_ANSWER_MT_ON: where it has the pair, an error when it is
	 * not installed or fails.
	 */
	enum xlqa_answer_mt machine_translation;
	/*
	 * A user's own retrieval (xlqa_retrieval_read), borrowed: xlqa_answerer_respond_question searches
	 * the documents it ranks for the question, in its order, instead of the index's BM25 ranking.
	 * NULL: BM25.
	 */
	const struct xlqa_retrieval *retrieval;
	/*
	 * Questions translated already (by an MT system), in the index's language, borrowed: by question
	 * number, xlqa_answerer_respond_question answers the translation instead of the question, analysed
	 * in the index's language; no lexicon is opened and `source` is not used. NULL: none.
	 */
	const struct xlqa_testset *queries;
};

/* ---- a user's retrieval ------------------------------------------------------------------------ */

/* The documents another retrieval ranked for each question. Opaque; read, then free. */
struct xlqa_retrieval;

/*
 * Reads a TREC run file in trec_eval's results format, one line a retrieved document:
 * `NNNN Q0 DOCNO rank score tag` (blanks between columns; `xlqa search --questions` writes it), with
 * the question numbers of a CLEF test set (1-9999, "0001" or "1"). Each question's documents are kept
 * in rank order (ties in file order). Every DOCNO must be one of `idx`'s, which must outlive the
 * result. Errors: XLQA_EPARSE "path:line: ..." for a malformed line, a DOCNO the index lacks or one a
 * question lists twice; XLQA_EEMPTY for no lines; the file's XLQA_EIO / XLQA_ENOTFOUND; XLQA_ENOMEM.
 */
int xlqa_retrieval_read(const char *path, const struct xlqa_index *idx, struct xlqa_retrieval **out,
                        struct xlqa_error *err);
void xlqa_retrieval_free(struct xlqa_retrieval *r);
/* Question `number`'s documents, best first (owned by `r`); false, with none, when the file lacks it. */
bool xlqa_retrieval_docs(const struct xlqa_retrieval *r, unsigned number, const uint32_t **docs, size_t *n);
/* The number of questions the file ranks documents for, and the i-th of them (in number order), 0 past the end. */
size_t xlqa_retrieval_questions(const struct xlqa_retrieval *r);
unsigned xlqa_retrieval_question(const struct xlqa_retrieval *r, size_t i);

struct xlqa_answerer;

/*
 * Opens an answerer over `idx` (which must outlive it): the target pack, the source pack and its
 * question rules, and for a cross-language pair the lexicon and a translator with the index's words
 * as its cognate vocabulary. `opt` may be NULL. Errors: XLQA_ENOTFOUND (a pack, rules or lexicon
 * missing: the message names it), XLQA_EINVAL when opt's model is not over these features by name
 * and in order (xlqa_model_check_features), those of the packs and the lexicon, XLQA_ENOMEM.
 */
int xlqa_answerer_new(const struct xlqa_index *idx, const struct xlqa_answerer_options *opt,
                      struct xlqa_answerer **out, struct xlqa_error *err);
void xlqa_answerer_free(struct xlqa_answerer *a);
/* The target language's pack (owned by the answerer). */
struct xlqa_lang *xlqa_answerer_target(struct xlqa_answerer *a);
/*
 * How the answerer translates: the Apertium modes it runs beside the lexicon ("spa-eng",
 * xlqa_mt_path), or NULL when it runs none; and, with XLQA_ANSWER_MT_AUTO, the Debian package whose
 * absence left the lexicon alone where Apertium has the pair (xlqa_mt_missing), else NULL. Both
 * are owned by the answerer or static.
 */
const char *xlqa_answerer_mt_path(const struct xlqa_answerer *a);
const char *xlqa_answerer_mt_missing(const struct xlqa_answerer *a);
/*
 * With XLQA_ANSWER_MT_AUTO, an Apertium that fails (does not start, stops, or gives no answer in
 * time) is dropped for good, and the question being answered and those after it are translated
 * by the lexicon alone: this returns why (owned by the answerer), or NULL while Apertium works or
 * was never used. `answered` (may be NULL) gets the number of questions Apertium translated.
 * With XLQA_ANSWER_MT_ON a failure is the answering call's error instead.
 */
const char *xlqa_answerer_mt_failure(const struct xlqa_answerer *a, size_t *answered);

/*
 * Answers one question (`text` UTF-8, `category` 'F', 'D' or 0 when unknown) into `out`: analysis,
 * queries, search results and candidates with features, sorted by the heuristic score. No candidate
 * is not an error. Errors: those of question analysis, translation, search and extraction.
 */
int xlqa_answerer_answer(struct xlqa_answerer *a, const char *text, char category, struct xlqa_answer_set *out,
                         struct xlqa_error *err);

/* ---- the response ---------------------------------------------------------------------------- */

/* Why a response is NIL. */
enum xlqa_nil_reason {
	XLQA_NIL_NONE,         /* not NIL: an answer */
	XLQA_NIL_NO_CANDIDATE, /* no candidate in the passages (or no passages) */
	XLQA_NIL_THRESHOLD,    /* the best candidate's confidence is below the model's NIL threshold */
	XLQA_NIL_ERROR,        /* answering the question failed (xlqa_answerer_respond returned an error) */
	XLQA_NIL_REASONS
};
/* "answer", "no-candidate", "threshold", "error". Static; "?" out of range. */
const char *xlqa_nil_reason_name(enum xlqa_nil_reason r);

/*
 * The response a run file writes for one question. Borrowed: the strings point into the answer set
 * and the index, valid until the set's next use or release.
 */
struct xlqa_response {
	const struct xlqa_candidate *answer; /* the answer (the set's first candidate), NULL for NIL */
	const char *text;     /* the answer's text, "NIL" for NIL */
	const char *docno;    /* its supporting document, "NIL" for NIL */
	const char *support;  /* the supporting sentence, NULL for NIL */
	double confidence;    /* in [0, 1]: an answer's probability of being right (calibrated when the
	                         model has an answer calibration); a NIL's probability that NIL is right */
	enum xlqa_nil_reason nil_reason;
};

/*
 * Decides the response of an answered set: with a model, the candidates are reordered by its rank
 * score (the listwise ranking when it has one, else the probability; ties keep their order) and
 * their scores become its probabilities; the first is the answer unless its confidence
 * (xlqa_model_decide) is below the model's NIL threshold. A NIL's confidence is the probability
 * that NIL is right, which the best candidate's doubt (1 - p) overstates, since most questions
 * answered NIL have an answer that was not found: the model's NIL calibration estimates it from
 * the question's candidates; without one, or without candidates, it is `nil_confidence`. Without a
 * model, the heuristic order decides and NIL comes only without candidates. Confidences are clamped
 * to [0, 1]. `idx` gives DOCNOs. Errors: XLQA_ENOMEM.
 */
int xlqa_answer_respond(const struct xlqa_index *idx, const struct xlqa_model *model, double nil_confidence,
                        struct xlqa_answer_set *set, struct xlqa_response *out, struct xlqa_error *err);

/*
 * xlqa_answerer_answer, then xlqa_answer_respond with the answerer's model and nil_confidence:
 * the response `xlqa run` writes and `xlqa ask` prints. When answering fails, the set is left
 * without candidates and *out is still a response, NIL with confidence 0 and reason
 * XLQA_NIL_ERROR, and the error is returned (a run writes that NIL and goes on).
 */
int xlqa_answerer_respond(struct xlqa_answerer *a, const char *text, char category, struct xlqa_answer_set *set,
                          struct xlqa_response *out, struct xlqa_error *err);

/*
 * xlqa_answerer_respond for test-set question `q`: its text, or with the answerer's `queries` its
 * translation; with the answerer's `retrieval`, searching the documents it ranks for the question (a
 * question it lacks retrieved nothing: NIL without candidates; the caller reports such questions). A
 * question the queries lack is an XLQA_ENOTFOUND error naming it, with *out a NIL response of reason
 * XLQA_NIL_ERROR, as for a failure.
 */
int xlqa_answerer_respond_question(struct xlqa_answerer *a, const struct xlqa_testset_question *q,
                                   struct xlqa_answer_set *set, struct xlqa_response *out, struct xlqa_error *err);

/*
 * Before answering the questions of `ts` in order: with machine translation on, hands Apertium
 * every question in one pass (xlqa_mt_prepare), so the xlqa_answerer_respond_question calls that
 * follow in the test set's order take its translations without a round trip each (the same
 * translations). Nothing to do without machine translation or with the answerer's `queries`.
 * Errors: those of xlqa_mt_prepare, XLQA_ENOMEM; the answerer stays usable after one (each
 * question then goes to the pipeline alone).
 */
int xlqa_answerer_prepare(struct xlqa_answerer *a, const struct xlqa_testset *ts, struct xlqa_error *err);

/*
 * Sets `tr`'s cognate vocabulary to every word of the index's documents (case folded, with counts;
 * numbers left out), as the index build counted them (xlqa_index_vocabulary). Errors: XLQA_ECORRUPT,
 * XLQA_ENOMEM, those of xlqa_translator_set_vocabulary.
 */
int xlqa_answer_index_vocabulary(const struct xlqa_index *idx, struct xlqa_translator *tr, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
