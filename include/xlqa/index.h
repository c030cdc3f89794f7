/*
 * index: the inverted index and document store of one language's collections, built once and read
 * by memory-mapping, and retrieval over it: BM25 document ranking and passage scoring.
 *
 * An index is a directory holding one file, index.xlqa: a header (magic, version, section table with a
 * CRC-32 per section) and sections for statistics, vocabulary, positional postings, documents, DOCNOs
 * and the zlib-compressed document store. A build writes a temporary directory and renames it into
 * place, so a crash or a kill never leaves something that opens as an index.
 *
 * Terms: text is cut into words (letters, marks and digits; digits joined across '.' and ','), each
 * word case folded, stop words dropped, then stemmed (Snowball, or hunspell where Snowball has no
 * stemmer) and accent folded; German and Dutch compounds add their parts' terms at the same position,
 * and a lower-case form of the language's irregular table the stems of up to two of its lemmas
 * ("sang", "gesungen": "singen").
 * Queries go through the same function, so a query word meets the index's form of it.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_index_free(), xlqa_searcher_free(),
 * xlqa_termer_free(); caller-declared structs released by xlqa_postings_release(), xlqa_results_release(),
 * xlqa_term_list_release().
 */
#ifndef XLQA_INDEX_H
#define XLQA_INDEX_H

#include "xlqa/corpus.h"
#include "xlqa/lang.h"
#include "xlqa/query.h"
#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- terms ---------------------------------------------------------------------------------- */

/* A word found in text: bytes [start, end), its position (words counted from 0, stop words included). */
struct xlqa_term_word {
	size_t start, end;
	uint32_t position;
	uint32_t first_term; /* its terms are terms[first_term .. first_term + n_terms) */
	uint32_t n_terms;    /* 0 for a stop word */
};

/* The words and terms of one text; caller-owned, reused across texts. */
struct xlqa_term_list {
	struct xlqa_term_word *words;
	size_t n_words, alloc_words;
	uint32_t *terms; /* term ids: the termer's dense numbering of distinct terms (xlqa_termer_term) */
	size_t n_terms, alloc_terms;
};
void xlqa_term_list_init(struct xlqa_term_list *l);
void xlqa_term_list_release(struct xlqa_term_list *l);

/* Turns text into index terms for one language, caching each distinct word's terms. Not thread safe. */
struct xlqa_termer;

/* `lang` must outlive the termer. Errors: XLQA_ENOMEM. */
int xlqa_termer_new(struct xlqa_lang *lang, struct xlqa_termer **out, struct xlqa_error *err);
void xlqa_termer_free(struct xlqa_termer *t);
/* The number of distinct terms seen, and term `id` (NUL-terminated, valid until xlqa_termer_free). */
size_t xlqa_termer_term_count(const struct xlqa_termer *t);
const char *xlqa_termer_term(const struct xlqa_termer *t, uint32_t id);
/*
 * Cuts `len` bytes of UTF-8 into words and terms, replacing what `out` held. Invalid UTF-8 bytes
 * separate words. Errors: XLQA_ENOMEM, XLQA_EEXTERNAL (stemmer or ICU).
 */
int xlqa_termer_run(struct xlqa_termer *t, const char *text, size_t len, struct xlqa_term_list *out,
                    struct xlqa_error *err);

/* ---- building ------------------------------------------------------------------------------- */

struct xlqa_index_build_options {
	const char *data_root;   /* where the configs' globs are rooted, NULL: current directory */
	/* Bytes held of what grows with the collection: postings (7/8) and DOCNOs (1/8), each spilled to
	 * a sorted run when over its share; 0: 256 MiB. Document entries and strings go to disk at once. */
	size_t memory;
	const char *lang_dir;    /* language packs, NULL: default */
	const char *hunspell_dir;
	/* Told of each skipped document (may be NULL), with the same arguments as the corpus reader's. */
	xlqa_corpus_skip_fn *on_skip;
	void *ctx;
	/* Called about every 1000 documents and at the end (may be NULL): documents and bytes so far. */
	void (*on_progress)(void *ctx, uint64_t docs, uint64_t bytes, uint64_t total_bytes);
};

struct xlqa_index_build_summary {
	uint64_t documents; /* document elements found */
	uint64_t indexed;
	uint64_t skipped[XLQA_SKIP_REASONS];
	uint64_t duplicates; /* DOCNOs seen twice: the build fails when there are any */
	uint64_t bytes_read; /* collection bytes, uncompressed */
	uint64_t terms;      /* distinct terms */
	uint64_t postings;   /* (term, document) pairs */
	uint64_t positions;
	uint64_t runs;       /* sorted runs of postings spilled to disk */
	uint64_t docno_runs; /* sorted runs of DOCNOs spilled to disk */
	uint64_t index_bytes; /* size of index.xlqa */
	uint64_t stale_removed; /* "DIR.tmp-PID" leftovers of killed builds (PID not alive) removed first */
	double seconds;
};

/*
 * Builds the index of the collections `configs[0..n)` (one language: they must agree) into directory
 * `dir`, which must not exist. Written to a temporary directory beside it and renamed when complete;
 * the temporary directories of earlier builds of `dir` that were killed (named "DIR.tmp-PID", with no
 * live process PID on this machine) are removed first and counted in summary->stale_removed.
 * A duplicate DOCNO is reported through on_skip (XLQA_SKIP_DUPLICATE, naming both places) and makes
 * the build fail with XLQA_EPARSE after reading everything, leaving no index; other skipped documents
 * are only counted. Errors: XLQA_EINVAL (languages differ, `dir` exists), XLQA_EPARSE, XLQA_EIO,
 * XLQA_ENOMEM, XLQA_EOVERFLOW (more than 2^32 - 1 documents or terms).
 */
int xlqa_index_build(struct xlqa_corpus_config *const *configs, size_t n, const char *dir,
                     const struct xlqa_index_build_options *opt, struct xlqa_index_build_summary *summary,
                     struct xlqa_error *err);

/* ---- reading -------------------------------------------------------------------------------- */

struct xlqa_index;

struct xlqa_index_stats {
	uint64_t documents;
	uint64_t terms;
	uint64_t postings;
	uint64_t total_length; /* indexed words over all documents */
	double avg_length;
	char language[8];  /* ISO 639-1 */
	const char *collections; /* the collections' names, blank-separated */
};

/*
 * Opens the index in `dir`, mapping it and checking magic, version, size, the header's CRC-32 and
 * every section's bounds, and the CRC-32 and entries of the small sections (documents, DOCNOs, terms,
 * meta). The postings and the document store are not read on open: a damaged posting list is
 * XLQA_ECORRUPT when it is decoded, a damaged document when it is inflated (zlib's own checksum);
 * xlqa_index_verify checks them all. Errors: XLQA_ENOTFOUND, XLQA_EIO, XLQA_ECORRUPT (not an index,
 * an index of another format version, a truncated or altered one). On success *out is the caller's,
 * freed with xlqa_index_free.
 */
int xlqa_index_open(const char *dir, struct xlqa_index **out, struct xlqa_error *err);
/* Checks every section's CRC-32, reading the whole file: XLQA_OK or XLQA_ECORRUPT naming the section. */
int xlqa_index_verify(const struct xlqa_index *idx, struct xlqa_error *err);
void xlqa_index_free(struct xlqa_index *idx);
const struct xlqa_index_stats *xlqa_index_get_stats(const struct xlqa_index *idx);

/* A document's DOCNO and date ("" when none); static for the life of the index. NULL if out of range. */
const char *xlqa_index_docno(const struct xlqa_index *idx, uint32_t doc);
const char *xlqa_index_date(const struct xlqa_index *idx, uint32_t doc);
/* The document numbered by `docno`, by binary search: true and *doc, or false. */
bool xlqa_index_find_docno(const struct xlqa_index *idx, const char *docno, uint32_t *doc);
/* Indexed words in the document (its BM25 length). */
uint32_t xlqa_index_doc_length(const struct xlqa_index *idx, uint32_t doc);
/* Replaces `out` with the document's text as the reader produced it. XLQA_ECORRUPT, XLQA_ENOMEM. */
int xlqa_index_doc_text(const struct xlqa_index *idx, uint32_t doc, struct xlqa_buf *out, struct xlqa_error *err);

/*
 * The index's vocabulary for cognate matching: its documents' words that have a term, case folded,
 * with occurrence counts, counted when the index was built. Words whose first byte, as a plain char,
 * is <= '9' are left out: numbers, and on machines where char is signed every word starting with a
 * non-ASCII letter (the rule the answerer has always applied; index-internal.h).
 * *words[i] point into the index (valid until xlqa_index_free); the arrays *words and *counts are the
 * caller's to free. The section's CRC-32 is checked first. Errors: XLQA_ECORRUPT, XLQA_ENOMEM.
 */
int xlqa_index_vocabulary(const struct xlqa_index *idx, const char ***words, uint64_t **counts, size_t *n,
                          struct xlqa_error *err);

/* A term's document frequency and collection frequency; false when the term is not in the index. */
bool xlqa_index_term_stats(const struct xlqa_index *idx, const char *term, uint32_t *df, uint64_t *cf);

/* One document's entry in a postings list; `positions` point into a buffer owned by the cursor. */
struct xlqa_posting {
	uint32_t doc;
	uint32_t tf;
	const uint32_t *positions; /* tf positions, ascending */
};
/*
 * Iterates a term's postings in document order. Caller-owned: init, then open and next as often as
 * wanted (a reopened cursor keeps its position buffer), then release (after which it is initialised
 * again). A posting whose document number is not below the index's document count is XLQA_ECORRUPT.
 */
struct xlqa_postings_cursor {
	const unsigned char *p, *end;
	const unsigned char *base;  /* the term's first posting */
	const unsigned char *skips; /* its skip table: n_skips entries, one a block of documents */
	const unsigned char *positions_at; /* the positions of the posting xlqa_postings_next_doc gave last */
	uint32_t n_skips;
	uint32_t df;
	uint32_t doc;
	uint32_t docs; /* the index's document count: every document number is below it */
	uint32_t left; /* documents not yet returned */
	uint32_t *positions;
	size_t alloc;
	bool started;
};
/* An empty cursor: no postings, no position buffer. */
void xlqa_postings_init(struct xlqa_postings_cursor *c);
/* Positions an initialised cursor on `term`'s postings; false (and an empty cursor) when the term is
 * absent. */
bool xlqa_postings_open(const struct xlqa_index *idx, const char *term, struct xlqa_postings_cursor *c);
/* The next posting: XLQA_OK with *end false, XLQA_OK with *end true, XLQA_ECORRUPT, XLQA_ENOMEM. */
int xlqa_postings_next(struct xlqa_postings_cursor *c, struct xlqa_posting *out, bool *end);
/* The next posting's document and tf only: its positions are skipped, not decoded (a corrupt position
 * value goes unnoticed, but nothing is read outside the list). XLQA_OK (with *end), XLQA_ECORRUPT. */
int xlqa_postings_next_doc(struct xlqa_postings_cursor *c, uint32_t *doc, uint32_t *tf, bool *end);
/* xlqa_postings_next_doc's first posting whose document is at least `target`: the blocks of the
 * term's skip table that end before `target` are jumped over, not decoded. The postings passed over
 * are not returned. Same results as calling xlqa_postings_next_doc until the document reaches
 * `target`, except that a corrupt posting jumped over goes unnoticed. */
int xlqa_postings_seek_doc(struct xlqa_postings_cursor *c, uint32_t target, uint32_t *doc, uint32_t *tf, bool *end);
/* The positions of the posting xlqa_postings_next_doc or xlqa_postings_seek_doc gave last (its `tf`
 * passed back), decoded as xlqa_postings_next decodes them, into the cursor's buffer: XLQA_OK,
 * XLQA_ECORRUPT, XLQA_ENOMEM, XLQA_EINVAL when no posting was given. */
int xlqa_postings_positions(struct xlqa_postings_cursor *c, uint32_t tf, struct xlqa_posting *out);
void xlqa_postings_release(struct xlqa_postings_cursor *c);

/* ---- retrieval ------------------------------------------------------------------------------ */

/*
 * BM25 parameters (Robertson, Walker, Jones, Hancock-Beaulieu and Gatford, "Okapi at TREC-3", 1994):
 * k1 = 1.2 and b = 0.75 are the values that paper and most later systems use as defaults.
 */
#define XLQA_BM25_K1 1.2
#define XLQA_BM25_B 0.75
/*
 * Passage reranking weight, fitted on xquad-clef sets 1 and 2 (EN, EN + Reuters, DE, ES monolingual,
 * recall@1 over 0, 0.1, 0.2 and 0.4); sets 3 to 5 stay held out (bench/retrieval.sh).
 */
#define XLQA_PASSAGE_WEIGHT 0.2

struct xlqa_search_options {
	double k1; /* term-frequency saturation; default XLQA_BM25_K1 */
	double b;  /* length normalisation in [0, 1]; default XLQA_BM25_B */
	size_t max_docs; /* documents returned; default 1000 */
	size_t passage_docs;     /* top documents searched for passages; default 20; 0: no passages */
	size_t passage_sentences; /* sentences a passage window spans at most; default 3 */
	size_t max_passages;     /* passages returned; default 20 */
	double passage_weight;   /* how much the best passage adds to a document's score when reranking
	                            the top passage_docs; default XLQA_PASSAGE_WEIGHT, 0: BM25 alone */
	/*
	 * Another retrieval's ranking (a user's TREC run): when `docs` is not NULL, these `n_docs`
	 * documents, in this order, are the hits instead of the index's BM25 ranking (each with its BM25
	 * score for the query, 0 where it matches nothing); passages are sought in the first
	 * passage_docs of them and the order is kept (no reranking). Default NULL.
	 */
	const uint32_t *docs;
	size_t n_docs;
};

struct xlqa_hit {
	uint32_t doc;
	double score; /* BM25, plus passage_weight x the best passage score when set */
	double bm25;
};

struct xlqa_passage {
	uint32_t doc;
	size_t start, end;  /* bytes of the document text (xlqa_index_doc_text) */
	uint32_t first_sentence, n_sentences;
	double score;
	double matched;    /* summed weight of the concepts matched */
	size_t n_matched;  /* concepts matched */
};

/* A search's results; caller-owned, reused across searches. */
struct xlqa_results {
	struct xlqa_hit *hits;
	size_t n_hits, alloc_hits;
	struct xlqa_passage *passages;
	size_t n_passages, alloc_passages;
	uint32_t matched_groups; /* query concepts found in the index at all */
};
void xlqa_results_init(struct xlqa_results *r);
void xlqa_results_release(struct xlqa_results *r);

/* A searcher: an index, the language's termer and scratch space. Not thread safe. */
struct xlqa_searcher;

/* `idx` and `lang` (the index's language) must outlive the searcher. Errors: XLQA_ENOMEM, XLQA_EINVAL. */
int xlqa_searcher_new(const struct xlqa_index *idx, struct xlqa_lang *lang, struct xlqa_searcher **out,
                      struct xlqa_error *err);
void xlqa_searcher_free(struct xlqa_searcher *s);
/*
 * Ranks documents for `q` by BM25 over concepts. Each concept (group) g with alternatives a of weight
 * p_a is scored as one term with tf_g = sum p_a tf_a and df_g = sum p_a df_a (capped at N), the
 * weighted form of Pirkola's structured queries (Darwish and Oard 2003), so a word's many
 * translations count once; an alternative of several words counts its phrase occurrences. A concept's
 * contribution is multiplied by its weight. Then, when passage_docs > 0, passages in the top
 * documents. `opt` may be NULL for the defaults. Errors: XLQA_ENOMEM, XLQA_ECORRUPT, XLQA_EEXTERNAL.
 */
int xlqa_search(struct xlqa_searcher *s, const struct xlqa_query *q, const struct xlqa_search_options *opt,
                struct xlqa_results *out, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
