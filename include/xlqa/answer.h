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
 */
#ifndef XLQA_ANSWER_H
#define XLQA_ANSWER_H

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

/* The features of a candidate, in this order in every vector and in the calibrate TSV. */
enum xlqa_answer_feature {
	XLQA_FEATURE_PASSAGE,   /* best passage score holding it / the question's best passage score */
	XLQA_FEATURE_DOC_RANK,  /* 1 / BM25 rank (from 1) of its best document among the hits */
	XLQA_FEATURE_SENTENCE,  /* weighted share of the query's concepts in its sentence, best occurrence */
	XLQA_FEATURE_PROXIMITY, /* 1 / (1 + words to the nearest matched query word in its sentence) */
	XLQA_FEATURE_TYPE_FIT,  /* 1 when its kind is what the answer type asks for, 0.5 near, 0 else */
	XLQA_FEATURE_PASSAGES,  /* log(1 + passages holding it) */
	XLQA_FEATURE_DOCS,      /* log(1 + documents holding it) */
	XLQA_FEATURE_LENGTH,    /* its words */
	XLQA_FEATURE_OVERLAP,   /* share of its words that are query words (repeating the question) */
	XLQA_FEATURE_LEXICON,   /* mean translation weight of the query words matched in its sentence */
	XLQA_FEATURE_NAME,      /* 1 for a name */
	XLQA_FEATURE_NUMERIC,   /* 1 for a year, date, number or measure */
	XLQA_FEATURE_TOP,       /* 1 when it comes from the best passage */
	XLQA_FEATURE_CLAUSE,    /* 1 for a clause between query words */
	XLQA_FEATURE_STOP_EDGE, /* 1 when it starts with a stop word ("for Lutheran views") */
	XLQA_FEATURE_WINDOW,    /* weighted share of the query's concepts within 6 words of it */
	XLQA_FEATURE_SENTENCE_REL, /* its sentence feature / the best of the question's candidates */
	XLQA_FEATURE_BEFORE,    /* 1 when the word just before it is a query word ("helping [X]") */
	XLQA_FEATURE_AFTER,     /* 1 when the word just after it is a query word ("[nine] nations") */
	XLQA_FEATURE_FOCUS,     /* 1 when it ends with the question's focus noun or stands just before it */
	XLQA_FEATURE_HEAD,      /* 1 when its last word is a query word and others are not ("[adaptive] immune system") */
	XLQA_FEATURE_SIDE,      /* weighted share of its sentence's sided query words on their side of it (query.h) */
	XLQA_FEATURE_SIDE_NEAR, /* the nearest sided query word: +1 on its side of it, -1 on the other, 0 none */
	XLQA_FEATURE_IDF,       /* mean idf of its words in the index / log(1 + documents): rare words score high */
	XLQA_FEATURE_EDGE_QUERY, /* 1 when its first or last word is a query word ("sickness [occurs]") */
	/* what stands just outside it in its sentence, so a model learns where a phrase's edges lie */
	XLQA_FEATURE_LEFT_CONTENT,  /* a content word that is no query word ("immune [system]": a fragment) */
	XLQA_FEATURE_LEFT_ARTICLE,  /* an article ("the [Miasma theory]") */
	XLQA_FEATURE_LEFT_STOP,     /* another stop word, mostly a preposition ("by [Kublai]") */
	XLQA_FEATURE_RIGHT_CONTENT, /* a content word that is no query word ("[Hulagu] Khan") */
	/* punctuation or the sentence's end ("[Fort Duquesne]."); in German also one lower-case word, the
	 * verb that ends a clause, before them ("[1981] eingeführt.") */
	XLQA_FEATURE_RIGHT_CLOSE,
	XLQA_FEATURE_FOCUS_BEFORE,  /* the question's focus noun just before it ("chemist [James Dewar]") */
	/* the preposition ending the question stands before it ("known as?": "as the [Miasma theory]"); monolingual */
	XLQA_FEATURE_STRANDED,
	/* its nesting among the spans of its sentence, so a model can prefer the whole to a fragment */
	XLQA_FEATURE_CONTAINS, /* log(1 + spans strictly inside it): "[adaptive immune system]" holds "adaptive" */
	XLQA_FEATURE_INSIDE,   /* log(1 + spans it lies strictly inside): "[adaptive]" */
	XLQA_FEATURE_NEAREST,  /* 1 when no span of its kind in its sentence stands nearer a query word */
	XLQA_FEATURE_BETWEEN,  /* 1 when query words of its sentence stand on both sides of it */
	XLQA_FEATURE_COORDINATION, /* 1 when it holds a conjunction: a coordination or list ("China, Japan and Korea") */
	XLQA_FEATURE_IN_BRACKETS,  /* 1 when it stands inside brackets but is not all they hold ("(NFL, [NBA])") */
	/*
	 * Where every noun is capitalised (XLQA_LANG_CAPITALISED_NOUNS: German), so that capitalised runs
	 * are names and nouns alike; 0 in other languages:
	 */
	XLQA_FEATURE_KNOWN,      /* share of its content words that the dictionary (hunspell) knows: nouns, not names */
	XLQA_FEATURE_LOWER_TAIL, /* two words or more and the last in lower case: no noun ends it ("New Holland [aufgeteilt]") */
	/* it stands right before or after the noun a "what kind of" question asks a kind of, without it
	 * (XLQA_QUERY_KIND_OF): "a [detrimental] effect", "un efecto [perjudicial]" */
	XLQA_FEATURE_KIND_OF,
	XLQA_FEATURE_PERSON_CLASH, /* for a PERSON question, an acronym or a country or language name ICU knows ("[ASL]", "[Syria]") */
	/* the sentence feature with each concept weighted by its weight times its idf: rare words count more */
	XLQA_FEATURE_SENTENCE_IDF,
	/* German only (as known): the share of its content words that hunspell gives no lemma but the
	 * compound splitter splits into known words ("Wirbeltiere"): common nouns, not names */
	XLQA_FEATURE_COMPOUND,
	/* German only (as known): a name led by a common noun, a role before a person or thing, whatever
	 * the question asks ("[Universalgelehrte Shen Kuo]", "[Oscar-Gewinnerin Marlee Matlin]") */
	XLQA_FEATURE_ROLE_PREFIX,
	/* a naming cue of the target pack (naming.txt) stands next to it, at most articles, quotes or a
	 * bracketed aside of three tokens between: "called [Abilene]", "mit dem Namen [Abilene]",
	 * "[Gemeinde] (Gmina) genannt" */
	XLQA_FEATURE_NAMED,
	/* a measure, a number with what it counts, for a MEASURE question that asks for no count (its
	 * subtype is not "count"): "How old ...?" "[515 million years]", "How fast ...?" "[110 mph]"; a
	 * count's answer is the number alone ("How many schools ...?" "[four]") */
	XLQA_FEATURE_QUANTITY,
	/* a number with the question's focus noun a little way after it: two to four words on,
	 * only words and hyphens between ("[two] Major League Soccer teams", "a [5]-cylinder engine"); right
	 * after it is the focus feature's */
	XLQA_FEATURE_FOCUS_AHEAD,
	/*
	 * A one-hot block: 1 at KIND_TYPE + kind * XLQA_TYPE_GROUPS + group for its kind and the question's
	 * type group, so a model learns which kinds answer which questions ("kind_measure@measure").
	 */
	XLQA_FEATURE_KIND_TYPE,
	/*
	 * The proximity feature again at KIND_PROXIMITY + kind, 0 for the other kinds, so that nearness to
	 * a query word can count more for a name than for a phrase ("proximity@name").
	 */
	XLQA_FEATURE_KIND_PROXIMITY = XLQA_FEATURE_KIND_TYPE + XLQA_EXTRACT_KINDS * 5,
	XLQA_ANSWER_FEATURES = XLQA_FEATURE_KIND_PROXIMITY + XLQA_EXTRACT_KINDS
};
/* The question type groups of the kind-type block: named, time, measure, open, definition. */
#define XLQA_TYPE_GROUPS 5
/* "passage", "doc_rank", ... Static; NULL out of range. */
const char *xlqa_answer_feature_name(size_t i);

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
 * occurrence features combine by maximum (passage, sentence, proximity, type fit, lexicon, top,
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

struct xlqa_answerer_options {
	const char *source;      /* the question's language (any alias); NULL: the index's */
	const char *lexicon_dir; /* pair lexicons (xlqa_lexicon_path); NULL: xlqa_lexicon_default_dir */
	size_t passages;         /* top passages searched for candidates; 0: 10 */
	size_t max_candidates;   /* candidates kept a question, best first; 0: 100 */
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
	 * Also translate each question with Apertium (xlqa_mt_open) when the pair has an Apertium path;
	 * its words join the lexicon's query (xlqa_mt_fuse). Other pairs use the lexicon alone.
	 */
	bool machine_translation;
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
 * Sets `tr`'s cognate vocabulary to every word of the index's documents (case folded, with counts;
 * numbers left out), as the index build counted them (xlqa_index_vocabulary). Errors: XLQA_ECORRUPT,
 * XLQA_ENOMEM, those of xlqa_translator_set_vocabulary.
 */
int xlqa_answer_index_vocabulary(const struct xlqa_index *idx, struct xlqa_translator *tr, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
