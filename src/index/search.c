/*
 * search: BM25 ranking over concepts and passage scoring in the top documents.
 *
 * Document score (Robertson et al., "Okapi at TREC-3", 1994), per concept g of weight w_g:
 *   w_g * idf(df_g) * tf_g * (k1 + 1) / (tf_g + k1 * (1 - b + b * dl / avgdl))
 * with idf(df) = ln(1 + (N - df + 0.5) / (df + 0.5)), the Robertson-Sparck Jones weight kept positive
 * as Lucene's BM25 does. A concept's alternatives a (weight p_a) pool into tf_g = sum p_a tf_a and
 * df_g = min(N, sum p_a df_a): Darwish and Oard's probabilistic structured queries (2003), which
 * reduce to Pirkola's (1998) when every p_a is 1.
 *
 * Passage score, for a window of k consecutive sentences (k <= passage_sentences) in a top document:
 *   M * (1 + 0.5 * C) * 0.85^(k - 1)
 * where M sums w_g * idf_g * max p_a over the concepts the window matches, and C in [0, 1] rewards
 * matches that sit close together: (m - 1) / (span - 1) for m matched concepts whose occurrences span
 * `span` word positions (C = 0 when m = 1). The discount keeps a longer window from winning unless it
 * adds matched concepts. The constants were set by reasoning, not fitted.
 *
 * A document's title is no passage but the context of all of them: its first paragraph, when that is
 * one sentence with no final punctuation and text follows (a TITLE or HEADLINE element a collection
 * puts first). The concepts it matches count in M of every window (each once, at its best), not in
 * C, and a window that matches nothing of its own is no passage. Every paragraph of an article
 * shares its title ("Super Bowl 50"), which alone outscored the paragraph that answers ("Lady Gaga
 * performed the national anthem") and took its place among the passages.
 *
 * Documents are ranked document at a time with MaxScore pruning (see struct prune_source) unless a
 * query's weights or the options rule it out; then, and for another retrieval's ranking, every
 * matching document is scored term at a time. Both give the same scores and ranking.
 *
 * Invariant: results are sorted by score, ties by document number, so runs are reproducible.
 */
#include "config.h"

#include "index-internal.h"
#include "xlqa/index.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* An alternative resolved to index terms: one term, or a phrase of terms with word gaps. */
struct alt_terms {
	const char *terms[8];
	uint32_t gaps[8]; /* position of word i minus word i-1 in the query text */
	size_t n;
	double weight;
};

struct concept {
	struct alt_terms *alts;
	size_t n_alts, alloc_alts;
	double weight, idf;
	double df;
};

/* A document's score so far, the current concept's pooled tf and its BM25 length norm, side by
 * side: one cache line for the three. */
struct doc_acc {
	double score;
	double tf; /* the current concept's pooled tf, 0 between concepts */
	double norm; /* k1 * (1 - b + b * dl / avgdl) for the searcher's norm_k1 and norm_b, read once from
	                the document table instead of once a posting */
};

/*
 * Document-at-a-time scoring with MaxScore pruning (Turtle and Flood, "Query evaluation: strategies
 * and optimizations", 1995): each concept is a source of its documents in document order, with an
 * upper bound of what it can add to a document's score. Once the heap holds `keep` hits, a document
 * can only enter it by scoring above the weakest hit kept (a later document loses a tie), so the
 * sources whose bounds sum below that threshold are "non-essential": a document none of the others
 * holds is never looked at, and a candidate is dropped as soon as what it has plus the bounds of the
 * sources not yet read cannot reach the threshold. What it has is first bounded from its tfs alone
 * (with the shortest document's length norm), so most candidates are dropped without reading their
 * own norm. The score of a candidate kept is summed in concept order, the additions the term-at-a-time
 * loop makes, so scores and ranking are the same. Bounds: a term's tf is at most its collection
 * frequency less one for each other document holding it; a phrase's counts are found first.
 */
struct prune_cursor { /* one alternative of a concept: a term's postings, or a phrase's documents */
	struct xlqa_postings_cursor c;
	bool phrase;      /* its documents are list_doc[pos..end), found beforehand (positions needed) */
	size_t pos, end;
	const char *term; /* for messages */
	double weight;    /* p_a */
	uint64_t max_tf;  /* a term's collection frequency less one for each other document; a phrase's
	                     largest count */
	uint32_t doc, tf; /* the current posting; doc UINT32_MAX when the list is done */
	size_t same;      /* a term an earlier alternative of the concept has too (translations often
	                     repeat one): that alternative's cursor, whose posting this one copies
	                     instead of decoding the list again; SIZE_MAX when none */
};

struct prune_source {
	uint32_t doc;   /* current document, UINT32_MAX when done */
	size_t concept; /* in s->concepts */
	double wi;      /* concept weight x idf */
	double bound;   /* above anything the source adds to a document's score */
	size_t first, n; /* its alternatives' cursors in s->pcur */
};

/* A passage word's query alternative, found once a search for each distinct term (passage scoring
 * looks up every word of 20 documents; a German question's concepts have some 80 alternatives). */
struct word_match {
	uint32_t search_no; /* the search it was found in; stale when not the current one */
	uint32_t concept;   /* UINT32_MAX: no alternative's first term */
	double weight;
};

struct xlqa_searcher {
	const struct xlqa_index *idx;
	struct xlqa_lang *lang;
	struct xlqa_termer *termer;
	struct xlqa_term_list words;
	struct doc_acc *acc; /* per document */
	uint32_t *touched; /* documents with a score */
	size_t n_touched;
	uint32_t *tf_touched;
	size_t n_tf_touched;
	double norm_k1, norm_b; /* what acc[].norm was computed for */
	double norm_min;        /* the least acc[].norm */
	bool exhaustive;        /* score every matching document (no pruning) */
	size_t skipped;         /* candidates the last search dropped unscored */
	struct prune_cursor *pcur;
	size_t alloc_pcur;
	struct prune_source *src;
	size_t alloc_src;
	size_t *order;         /* sources by bound, ascending */
	double *ub;            /* ub[i]: the bounds of order[0..i] summed */
	double *contrib;       /* per source: its pooled tf in the current candidate, 0 when none */
	size_t alloc_order, alloc_ub, alloc_concept_scratch;
	uint32_t *list_doc;    /* the documents of phrase alternatives and their occurrence counts, each */
	uint32_t *list_cnt;    /* phrase's in document order (prune_cursor.pos) */
	size_t alloc_list, alloc_list_cnt;
	struct concept *concepts;
	size_t n_concepts, alloc_concepts;
	struct word_match *matches; /* by the termer's term id: what match_word found in this search */
	size_t alloc_matches;
	uint32_t search_no;         /* this search's stamp in matches[] (0: never) */
	struct xlqa_postings_cursor cursors[8];
	struct xlqa_buf text;
	struct xlqa_analysis analysis;
};

void xlqa_results_init(struct xlqa_results *r)
{
	memset(r, 0, sizeof *r);
}

void xlqa_results_release(struct xlqa_results *r)
{
	free(r->hits);
	free(r->passages);
	memset(r, 0, sizeof *r);
}

int xlqa_searcher_new(const struct xlqa_index *idx, struct xlqa_lang *lang, struct xlqa_searcher **out,
                      struct xlqa_error *err)
{
	struct xlqa_searcher *s = calloc(1, sizeof *s);
	size_t n = xlqa_index_get_stats(idx)->documents;
	int rc;

	*out = NULL;
	if (!s)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	s->idx = idx;
	s->lang = lang;
	xlqa_term_list_init(&s->words);
	xlqa_buf_init(&s->text);
	xlqa_analysis_init(&s->analysis);
	s->acc = calloc(n ? n : 1, sizeof *s->acc);
	s->touched = malloc(n * sizeof *s->touched);
	s->tf_touched = malloc(n * sizeof *s->tf_touched);
	s->norm_k1 = s->norm_b = NAN; /* not computed yet: NAN equals no (k1, b) */
	if (!s->acc || !s->touched || !s->tf_touched) {
		xlqa_searcher_free(s);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if ((rc = xlqa_termer_new(lang, &s->termer, err))) {
		xlqa_searcher_free(s);
		return rc;
	}
	*out = s;
	return XLQA_OK;
}

void xlqa_searcher_free(struct xlqa_searcher *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->alloc_concepts; i++)
		free(s->concepts[i].alts);
	free(s->concepts);
	for (size_t i = 0; i < sizeof s->cursors / sizeof s->cursors[0]; i++)
		xlqa_postings_release(&s->cursors[i]);
	for (size_t i = 0; i < s->alloc_pcur; i++)
		xlqa_postings_release(&s->pcur[i].c);
	free(s->pcur);
	free(s->src);
	free(s->order);
	free(s->ub);
	free(s->contrib);
	free(s->list_doc);
	free(s->list_cnt);
	free(s->matches);
	free(s->acc);
	free(s->touched);
	free(s->tf_touched);
	xlqa_term_list_release(&s->words);
	xlqa_buf_release(&s->text);
	xlqa_analysis_release(&s->analysis);
	xlqa_termer_free(s->termer);
	free(s);
}

static int add_alt(struct concept *c, const struct alt_terms *a)
{
	if (XLQA_ARRAY_RESERVE(c->alts, c->alloc_alts, c->n_alts + 1))
		return XLQA_ENOMEM;
	c->alts[c->n_alts++] = *a;
	return XLQA_OK;
}

/*
 * Resolves the query's concepts to index terms. A one-word alternative gives its term; the parts of a
 * compound add alternatives at half weight; several words make a phrase (stop words only widen gaps).
 */
static int resolve(struct xlqa_searcher *s, const struct xlqa_query *q, struct xlqa_error *err)
{
	size_t old = s->alloc_concepts;
	int rc;

	if (XLQA_ARRAY_RESERVE(s->concepts, s->alloc_concepts, q->n_groups))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	/* Slots past the old allocation start empty; the others keep their alternatives' storage. */
	memset(s->concepts + old, 0, (s->alloc_concepts - old) * sizeof *s->concepts);
	for (size_t i = 0; i < s->alloc_concepts; i++)
		s->concepts[i].n_alts = 0;
	for (size_t g = 0; g < q->n_groups; g++) {
		struct concept *c = &s->concepts[g];

		c->weight = q->groups[g].weight;
		c->df = 0;
		for (size_t a = 0; a < q->groups[g].n_alts; a++) {
			const struct xlqa_query_alt *alt = &q->groups[g].alts[a];
			struct alt_terms at;
			uint32_t last_pos = 0;

			if ((rc = xlqa_termer_run(s->termer, alt->text, strlen(alt->text), &s->words, err)))
				return rc;
			memset(&at, 0, sizeof at);
			at.weight = alt->weight;
			for (size_t w = 0; w < s->words.n_words && at.n < 8; w++) {
				const struct xlqa_term_word *tw = &s->words.words[w];

				if (!tw->n_terms)
					continue;
				at.gaps[at.n] = at.n ? tw->position - last_pos : 0;
				at.terms[at.n++] = xlqa_termer_term(s->termer, s->words.terms[tw->first_term]);
				last_pos = tw->position;
			}
			if (at.n == 0)
				continue;
			if ((rc = add_alt(c, &at)))
				return xlqa_error_set(err, rc, "out of memory");
			/* A single compound word: its parts as weaker alternatives. */
			if (at.n == 1 && s->words.n_words == 1 && s->words.words[0].n_terms > 1) {
				const struct xlqa_term_word *tw = &s->words.words[0];

				for (uint32_t k = 1; k < tw->n_terms; k++) {
					struct alt_terms part;

					memset(&part, 0, sizeof part);
					part.terms[0] = xlqa_termer_term(s->termer, s->words.terms[tw->first_term + k]);
					part.n = 1;
					part.weight = alt->weight * 0.5;
					if ((rc = add_alt(c, &part)))
						return xlqa_error_set(err, rc, "out of memory");
				}
			}
		}
	}
	s->n_concepts = q->n_groups;
	return XLQA_OK;
}

/* pool_alt for a one-term alternative, whose cursor is open: no positions are needed. */
static int pool_term(struct xlqa_searcher *s, const struct alt_terms *a, uint32_t *df, struct xlqa_error *err)
{
	uint32_t doc, tf;
	bool end;
	int rc;

	while ((rc = xlqa_postings_next_doc(&s->cursors[0], &doc, &tf, &end)) == XLQA_OK && !end) {
		if (s->acc[doc].tf == 0)
			s->tf_touched[s->n_tf_touched++] = doc;
		s->acc[doc].tf += a->weight * tf;
		(*df)++;
	}
	return rc ? xlqa_error_set(err, rc, "postings of '%s': %s", a->terms[0], xlqa_strerror(rc)) : XLQA_OK;
}

/*
 * Adds p * tf of one alternative to the concept's pooled tf; returns the documents it occurs in. With
 * `list` (a phrase only), appends each document and its occurrence count to s->list_doc and
 * s->list_cnt from *list on, in document order, instead.
 */
static int pool_alt(struct xlqa_searcher *s, const struct alt_terms *a, uint32_t *df, size_t *list,
                    struct xlqa_error *err)
{
	struct xlqa_postings_cursor *c = s->cursors;
	struct xlqa_posting p[8];
	size_t ord[8], lead; /* the words by document count, ascending; the rarest */
	bool end = false;
	int rc;

	*df = 0;
	for (size_t i = 0; i < a->n; i++)
		if (!xlqa_postings_open(s->idx, a->terms[i], &c[i]))
			return XLQA_OK;
	if (a->n == 1)
		return pool_term(s, a, df, err);
	/*
	 * Documents containing every word: a merge join on the documents alone, led by the rarest word;
	 * the others jump to its document rarest first, and the first that passes it sends the lead
	 * there, so a common word ("s", "year") is read only where the rarer ones meet. Positions are
	 * decoded only where all the words meet.
	 */
	for (size_t i = 0; i < a->n; i++) {
		size_t j = i;

		for (; j > 0 && c[ord[j - 1]].df > c[i].df; j--)
			ord[j] = ord[j - 1];
		ord[j] = i;
		if ((rc = xlqa_postings_next_doc(&c[i], &p[i].doc, &p[i].tf, &end)) || end)
			goto done;
	}
	lead = ord[0];
	for (;;) {
		uint32_t doc = p[lead].doc, past = doc;
		uint32_t count = 0;

		for (size_t k = 1; k < a->n && past == doc; k++) {
			size_t i = ord[k];

			if (p[i].doc < doc && ((rc = xlqa_postings_seek_doc(&c[i], doc, &p[i].doc, &p[i].tf, &end)) || end))
				goto done;
			past = p[i].doc;
		}
		if (past > doc) { /* the lead's next document that the word it passed may share */
			if ((rc = xlqa_postings_seek_doc(&c[lead], past, &p[lead].doc, &p[lead].tf, &end)) || end)
				goto done;
			continue;
		}
		for (size_t i = 0; i < a->n; i++)
			if ((rc = xlqa_postings_positions(&c[i], p[i].tf, &p[i])))
				goto done;
		/* phrase occurrences: each later word within its query gap (+2 for dropped words) of the one before */
		for (uint32_t k = 0; k < p[0].tf; k++) {
			uint32_t at = p[0].positions[k];
			bool ok = true;

			for (size_t i = 1; i < a->n && ok; i++) {
				bool found = false;

				for (uint32_t j = 0; j < p[i].tf && !found; j++)
					found = p[i].positions[j] > at && p[i].positions[j] <= at + a->gaps[i] + 2;
				for (uint32_t j = 0; j < p[i].tf && found; j++)
					if (p[i].positions[j] > at && p[i].positions[j] <= at + a->gaps[i] + 2) {
						at = p[i].positions[j];
						break;
					}
				ok = found;
			}
			count += ok;
		}
		if (count && list) {
			if (XLQA_ARRAY_RESERVE(s->list_doc, s->alloc_list, *list + 1) ||
			    XLQA_ARRAY_RESERVE(s->list_cnt, s->alloc_list_cnt, *list + 1))
				return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			s->list_doc[*list] = doc;
			s->list_cnt[(*list)++] = count;
			(*df)++;
		} else if (count) {
			if (s->acc[doc].tf == 0)
				s->tf_touched[s->n_tf_touched++] = doc;
			s->acc[doc].tf += a->weight * count;
			(*df)++;
		}
		if ((rc = xlqa_postings_next_doc(&c[lead], &p[lead].doc, &p[lead].tf, &end)) || end)
			goto done;
	}
done:
	return rc ? xlqa_error_set(err, rc, "postings of '%s': %s", a->terms[0], xlqa_strerror(rc)) : XLQA_OK;
}

static double idf(double n, double df)
{
	return log(1.0 + (n - df + 0.5) / (df + 0.5));
}

/* Fills acc[].norm for (k1, b) unless it holds them already. */
static void length_norms(struct xlqa_searcher *s, double k1, double b, double avgdl)
{
	size_t n = xlqa_index_get_stats(s->idx)->documents;

	if (k1 == s->norm_k1 && b == s->norm_b)
		return;
	s->norm_min = INFINITY;
	for (size_t d = 0; d < n; d++) {
		double dl = xlqa_index_doc_length(s->idx, (uint32_t)d);

		s->acc[d].norm = k1 * (1 - b + b * dl / avgdl);
		s->norm_min = s->acc[d].norm < s->norm_min ? s->acc[d].norm : s->norm_min;
	}
	s->norm_k1 = k1;
	s->norm_b = b;
}

/*
 * Scores a concept of one single-term alternative straight from its postings: its df is the term's,
 * so its idf is known before they are read, and its pooled tf is weight x tf (what pool_alt and the
 * scoring loop compute in two passes, the same doubles in the same order).
 */
static int score_single(struct xlqa_searcher *s, struct concept *c, double n, double k1,
                        struct xlqa_results *out, struct xlqa_error *err)
{
	const struct alt_terms *a = &c->alts[0];
	uint32_t adf = 0, doc, tf;
	double df, wi;
	bool end;
	int rc;

	if (!xlqa_index_term_stats(s->idx, a->terms[0], &adf, NULL) || adf == 0 ||
	    !xlqa_postings_open(s->idx, a->terms[0], &s->cursors[0])) {
		df = 0;
		c->df = df < n ? df : n;
		c->idf = idf(n, c->df);
		return XLQA_OK;
	}
	df = a->weight * adf;
	c->df = df < n ? df : n;
	c->idf = idf(n, c->df);
	wi = c->weight * c->idf;
	out->matched_groups++;
	while ((rc = xlqa_postings_next_doc(&s->cursors[0], &doc, &tf, &end)) == XLQA_OK && !end) {
		double ptf = a->weight * tf;

		struct doc_acc *da = &s->acc[doc];

		if (da->score == 0)
			s->touched[s->n_touched++] = doc;
		da->score += wi * ptf * (k1 + 1) / (ptf + da->norm);
	}
	return rc ? xlqa_error_set(err, rc, "postings of '%s': %s", a->terms[0], xlqa_strerror(rc)) : XLQA_OK;
}

/*
 * Pools a concept's alternatives into acc[].tf (the documents in tf_touched) and sets its df and idf;
 * counts it in out->matched_groups when it matches a document.
 */
static int pool_concept(struct xlqa_searcher *s, struct concept *c, double n, struct xlqa_results *out,
                        struct xlqa_error *err)
{
	double df = 0;
	int rc;

	s->n_tf_touched = 0;
	for (size_t a = 0; a < c->n_alts; a++) {
		uint32_t adf;

		if ((rc = pool_alt(s, &c->alts[a], &adf, NULL, err)))
			return rc;
		df += c->alts[a].weight * adf;
	}
	c->df = df < n ? df : n;
	c->idf = idf(n, c->df);
	if (s->n_tf_touched)
		out->matched_groups++;
	return XLQA_OK;
}

static int cmp_hits(const void *a, const void *b)
{
	const struct xlqa_hit *x = a, *y = b;

	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	return (x->doc > y->doc) - (x->doc < y->doc);
}

/* True when hit x ranks after hit y (cmp_hits' order: score down, then document number up). */
static bool hit_after(const struct xlqa_hit *x, const struct xlqa_hit *y)
{
	return x->score != y->score ? x->score < y->score : x->doc > y->doc;
}

/* Restores the heap below slot i: heap[0] is the hit that ranks last among those kept. */
static void heap_down(struct xlqa_hit *heap, size_t n, size_t i)
{
	for (;;) {
		size_t worst = i, l = 2 * i + 1, r = l + 1;
		struct xlqa_hit t;

		if (l < n && hit_after(&heap[l], &heap[worst]))
			worst = l;
		if (r < n && hit_after(&heap[r], &heap[worst]))
			worst = r;
		if (worst == i)
			return;
		t = heap[i];
		heap[i] = heap[worst];
		heap[worst] = t;
		i = worst;
	}
}

/* Offers hit h to a heap of at most `keep` hits (*n of them now) whose root ranks last. */
static void heap_offer(struct xlqa_hit *heap, size_t *n, size_t keep, struct xlqa_hit h)
{
	if (*n < keep) {
		/* sift up */
		size_t j = (*n)++;

		while (j > 0 && hit_after(&h, &heap[(j - 1) / 2])) {
			heap[j] = heap[(j - 1) / 2];
			j = (j - 1) / 2;
		}
		heap[j] = h;
	} else if (keep && hit_after(&heap[0], &h)) {
		heap[0] = h;
		heap_down(heap, *n, 0);
	}
}

/*
 * The best `keep` of the scored documents into hits[0..keep), in cmp_hits' order, clearing every
 * document's score: a bounded heap whose root is the weakest hit kept, so the work is
 * O(touched log keep) and only `keep` hits are ever sorted. cmp_hits is a total order (documents
 * differ), so the ranking is the one a sort of all hits gives. Returns the number of scored documents.
 */
static size_t top_hits(struct xlqa_searcher *s, struct xlqa_hit *hits, size_t keep)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n_touched; i++) {
		uint32_t d = s->touched[i];

		heap_offer(hits, &n, keep, (struct xlqa_hit){ d, s->acc[d].score, s->acc[d].score });
		s->acc[d].score = 0;
	}
	qsort(hits, n, sizeof *hits, cmp_hits);
	return s->n_touched;
}

/* ---- document-at-a-time ranking with MaxScore pruning (see struct prune_source) ---- */

/* The relative margin by which a candidate's bound must fall short of the threshold to be dropped:
 * far above the rounding of a sum of a few dozen doubles, so a bound computed in another order than
 * the score never drops a document that would have entered the heap. */
#define PRUNE_SLACK 1e-9

void xlqa_searcher_set_exhaustive(struct xlqa_searcher *s, bool exhaustive)
{
	s->exhaustive = exhaustive;
}

size_t xlqa_searcher_skipped(const struct xlqa_searcher *s)
{
	return s->skipped;
}

/* Whether the query and options suit pruning: every concept adds a positive amount to the score of
 * each document it matches (the term-at-a-time loop's "score == 0 means untouched" then agrees). */
static bool prunable(const struct xlqa_searcher *s, const struct xlqa_search_options *o)
{
	if (s->exhaustive || o->docs || !(o->k1 >= 0) || !isfinite(o->k1) || !(o->b >= 0 && o->b <= 1))
		return false;
	for (size_t g = 0; g < s->n_concepts; g++) {
		const struct concept *c = &s->concepts[g];

		if (!(c->weight > 0) || !isfinite(c->weight))
			return false;
		for (size_t a = 0; a < c->n_alts; a++)
			if (!(c->alts[a].weight > 0) || !isfinite(c->alts[a].weight))
				return false;
	}
	return true;
}

/* pcur_landed for a cursor that did not simply land on a posting: its error, the end, a corrupt tf. */
static int pcur_landed_other(struct prune_cursor *pc, int rc, bool end, struct xlqa_error *err)
{
	if (rc == XLQA_OK && !end && pc->tf > pc->max_tf)
		rc = XLQA_ECORRUPT;
	if (rc)
		return xlqa_error_set(err, rc, "postings of '%s': %s", pc->term, xlqa_strerror(rc));
	if (end)
		pc->doc = UINT32_MAX;
	return XLQA_OK;
}

/* After a term's cursor moved (rc, end from the postings): its error, or doc UINT32_MAX at the end; a
 * tf above the term's largest possible one is a corrupt list. Inline for the usual case, a posting
 * (ranking a DE-EN query seeks some 60,000 times). */
static inline int pcur_landed(struct prune_cursor *pc, int rc, bool end, struct xlqa_error *err)
{
	if (rc == XLQA_OK && !end && pc->tf <= pc->max_tf)
		return XLQA_OK;
	return pcur_landed_other(pc, rc, end, err);
}

/* The next posting of an alternative's cursor; a tf above the term's largest possible one (its
 * collection frequency less one for each other document) is a corrupt list. */
static int pcur_next(const struct xlqa_searcher *s, struct prune_cursor *pc, struct xlqa_error *err)
{
	bool end;
	int rc;

	if (pc->phrase) {
		pc->doc = pc->pos < pc->end ? s->list_doc[pc->pos] : UINT32_MAX;
		pc->tf = pc->pos < pc->end ? s->list_cnt[pc->pos] : 0;
		pc->pos++;
		return XLQA_OK;
	}
	rc = xlqa_postings_next_doc(&pc->c, &pc->doc, &pc->tf, &end);
	return pcur_landed(pc, rc, end, err);
}

/* Moves an alternative's cursor to its first document at or after `target`: a term's jumps over the
 * blocks of its postings that end before it. */
static int pcur_seek(const struct xlqa_searcher *s, struct prune_cursor *pc, uint32_t target, struct xlqa_error *err)
{
	bool end;
	int rc;

	if (pc->phrase) {
		while (pc->doc < target)
			if ((rc = pcur_next(s, pc, err)))
				return rc;
		return XLQA_OK;
	}
	rc = xlqa_postings_seek_doc(&pc->c, target, &pc->doc, &pc->tf, &end);
	return pcur_landed(pc, rc, end, err);
}

/* A cursor that shares an earlier alternative's term takes that cursor's posting. */
static void pcur_follow(const struct xlqa_searcher *s, struct prune_cursor *pc)
{
	pc->doc = s->pcur[pc->same].doc;
	pc->tf = s->pcur[pc->same].tf;
}

/* Moves a source to its first document at or after `target`. */
static int source_seek(struct xlqa_searcher *s, struct prune_source *sp, uint32_t target, struct xlqa_error *err)
{
	uint32_t least = UINT32_MAX;
	int rc;

	if (sp->doc >= target)
		return XLQA_OK;
	/* the bounds in locals: the cursors' stores could alias them, and a DE-EN source has a dozen */
	for (struct prune_cursor *pc = s->pcur + sp->first, *end = pc + sp->n; pc < end; pc++) {
		if (pc->same != SIZE_MAX) {
			pcur_follow(s, pc);
		} else if (pc->doc < target && (rc = pcur_seek(s, pc, target, err))) {
			return rc;
		}
		least = pc->doc < least ? pc->doc : least;
	}
	sp->doc = least;
#if defined(__GNUC__)
	/* its length norm is read when the document is scored, most often a cache miss: start the load now */
	if (least != UINT32_MAX)
		__builtin_prefetch(&s->acc[least].norm);
#endif
	return XLQA_OK;
}

/* A source's pooled tf in its current document: the alternatives' p_a x tf summed in their order,
 * the doubles pool_alt adds up. */
static double source_tf(const struct xlqa_searcher *s, const struct prune_source *sp)
{
	double tf = 0;
	uint32_t doc = sp->doc;

	for (const struct prune_cursor *pc = s->pcur + sp->first, *end = pc + sp->n; pc < end; pc++)
		if (pc->doc == doc)
			tf += pc->weight * pc->tf;
	return tf;
}

/*
 * A concept as a source: a cursor for each alternative that matches, a term's on its postings and a
 * phrase's on the documents it occurs in, found first (phrases need positions; *list_len grows by
 * them). Its df (the alternatives' document counts, weighted) and so its idf are then known. Its
 * bound takes the largest pooled tf the alternatives allow and the shortest document's length norm.
 */
static int source_open(struct xlqa_searcher *s, struct concept *c, struct prune_source *sp, double n, double k1,
                       size_t *n_pcur, size_t *list_len, struct xlqa_results *out, struct xlqa_error *err)
{
	double df = 0, most = 0; /* the largest pooled tf */
	int rc;

	sp->first = *n_pcur;
	sp->n = 0;
	for (size_t a = 0; a < c->n_alts; a++) {
		const struct alt_terms *at = &c->alts[a];
		struct prune_cursor *pc = &s->pcur[sp->first + sp->n];
		uint32_t adf = 0;
		uint64_t cf = 0;

		pc->phrase = at->n > 1;
		pc->term = at->terms[0];
		pc->weight = at->weight;
		pc->same = SIZE_MAX;
		for (size_t j = sp->first; j < sp->first + sp->n && !pc->phrase; j++)
			if (!s->pcur[j].phrase && s->pcur[j].same == SIZE_MAX && strcmp(s->pcur[j].term, pc->term) == 0)
				pc->same = j;
		if (pc->phrase) {
			pc->pos = *list_len;
			if ((rc = pool_alt(s, at, &adf, list_len, err)))
				return rc;
			df += at->weight * adf;
			if (adf == 0)
				continue;
			pc->end = *list_len;
			pc->max_tf = 0;
			for (size_t i = pc->pos; i < pc->end; i++)
				pc->max_tf = s->list_cnt[i] > pc->max_tf ? s->list_cnt[i] : pc->max_tf;
		} else {
			if (!xlqa_index_term_stats(s->idx, at->terms[0], &adf, &cf) || adf == 0 ||
			    !xlqa_postings_open(s->idx, at->terms[0], &pc->c))
				continue;
			df += at->weight * adf;
			pc->max_tf = cf >= adf ? cf - adf + 1 : 0;
		}
		if (pc->same != SIZE_MAX) {
			pcur_follow(s, pc);
		} else if ((rc = pcur_next(s, pc, err))) {
			return rc;
		}
		most += at->weight * (double)pc->max_tf;
		sp->n++;
	}
	*n_pcur = sp->first + sp->n;
	c->df = df < n ? df : n;
	c->idf = idf(n, c->df);
	sp->wi = c->weight * c->idf;
	sp->doc = UINT32_MAX;
	for (size_t i = sp->first; i < sp->first + sp->n; i++)
		sp->doc = s->pcur[i].doc < sp->doc ? s->pcur[i].doc : sp->doc;
	sp->bound = sp->n ? sp->wi * most * (k1 + 1) / (most + s->norm_min) : 0;
	out->matched_groups += sp->n > 0;
	return XLQA_OK;
}

/* Room for the sources, cursors and per-concept scratch of the current query. */
static int prune_reserve(struct xlqa_searcher *s)
{
	size_t n_alts = 0, old = s->alloc_pcur, n = s->n_concepts ? s->n_concepts : 1;

	for (size_t g = 0; g < s->n_concepts; g++)
		n_alts += s->concepts[g].n_alts;
	if (XLQA_ARRAY_RESERVE(s->pcur, s->alloc_pcur, n_alts ? n_alts : 1))
		return XLQA_ENOMEM;
	for (size_t i = old; i < s->alloc_pcur; i++)
		xlqa_postings_init(&s->pcur[i].c);
	old = s->alloc_concept_scratch;
	if (XLQA_ARRAY_RESERVE(s->src, s->alloc_src, n) || XLQA_ARRAY_RESERVE(s->order, s->alloc_order, n) ||
	    XLQA_ARRAY_RESERVE(s->ub, s->alloc_ub, n) ||
	    XLQA_ARRAY_RESERVE(s->contrib, s->alloc_concept_scratch, n))
		return XLQA_ENOMEM;
	for (size_t g = 0; g < s->alloc_concept_scratch; g++)
		s->contrib[g] = 0;
	return XLQA_OK;
}

/*
 * When source i is at candidate d: notes its pooled tf in contrib[i], adds the most that tf can add to
 * a score (with the shortest document's norm) to *partial, and moves the source past d.
 */
static int source_take(struct xlqa_searcher *s, size_t i, uint32_t d, double k1, double *partial,
                       struct xlqa_error *err)
{
	struct prune_source *sp = &s->src[i];
	double tf;

	if (sp->doc != d)
		return XLQA_OK;
	s->contrib[i] = tf = source_tf(s, sp);
	*partial += sp->wi * tf * (k1 + 1) / (tf + s->norm_min);
	return source_seek(s, sp, d + 1, err);
}

/*
 * Ranks the query's documents into out->hits (the best `keep`, sorted), document at a time with
 * MaxScore pruning; *n_hits is how many there are. The concepts' df and idf are set as
 * score_all sets them.
 */
static int rank_pruned(struct xlqa_searcher *s, double n, double k1, size_t keep, struct xlqa_results *out,
                       size_t *n_hits, struct xlqa_error *err)
{
	size_t ns = 0, n_pcur = 0, list_len = 0, h = 0, m = 0; /* sources, the first m of order[] non-essential */
	double lo = -INFINITY; /* a candidate below this cannot enter the heap */
	int rc;

	s->skipped = 0;
	if (prune_reserve(s))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t g = 0; g < s->n_concepts; g++) {
		struct concept *c = &s->concepts[g];
		struct prune_source *sp = &s->src[ns];

		sp->concept = g;
		if ((rc = source_open(s, c, sp, n, k1, &n_pcur, &list_len, out, err)))
			return rc;
		if (sp->doc != UINT32_MAX)
			ns++;
	}
	/* order[]: the sources by bound, ascending (insertion sort: a query has a few) */
	for (size_t i = 0; i < ns; i++) {
		size_t j = i;

		for (; j > 0 && s->src[s->order[j - 1]].bound > s->src[i].bound; j--)
			s->order[j] = s->order[j - 1];
		s->order[j] = i;
	}
	for (size_t i = 0; i < ns; i++)
		s->ub[i] = (i ? s->ub[i - 1] : 0) + s->src[s->order[i]].bound;
	for (;;) {
		uint32_t d = UINT32_MAX;
		double partial = 0, score = 0;
		bool drop = false;

		for (size_t i = m; i < ns; i++)
			d = s->src[s->order[i]].doc < d ? s->src[s->order[i]].doc : d;
		if (d == UINT32_MAX)
			break;
		/*
		 * First without the document's length norm, bounding each tf's share by the shortest
		 * document's (reading the norm is most often a cache miss): the essential sources, then
		 * the others, largest bound first, while the candidate can still enter.
		 */
		for (size_t i = m; i < ns; i++)
			if ((rc = source_take(s, s->order[i], d, k1, &partial, err)))
				return rc;
		for (size_t i = m; i-- > 0;) {
			if (partial + s->ub[i] < lo) {
				drop = true;
				break;
			}
			if ((rc = source_seek(s, &s->src[s->order[i]], d, err)) ||
			    (rc = source_take(s, s->order[i], d, k1, &partial, err)))
				return rc;
		}
		drop = drop || partial < lo;
		/* the score in concept order (src[] is), the additions the term-at-a-time loop makes */
		for (size_t i = 0; i < ns; i++) {
			double tf = s->contrib[i];

			if (tf != 0 && !drop)
				score += s->src[i].wi * tf * (k1 + 1) / (tf + s->acc[d].norm);
			s->contrib[i] = 0;
		}
		if (drop) {
			s->skipped++;
			continue;
		}
		heap_offer(out->hits, &h, keep, (struct xlqa_hit){ d, score, score });
		if (h == keep && keep) {
			lo = out->hits[0].score - out->hits[0].score * PRUNE_SLACK;
			while (m < ns && s->ub[m] < lo)
				m++;
		}
	}
	qsort(out->hits, h, sizeof *out->hits, cmp_hits);
	*n_hits = h;
	return XLQA_OK;
}

/*
 * Scores every document the query matches, term at a time into acc[].score (the documents in
 * touched[]), setting each concept's df and idf.
 */
static int score_all(struct xlqa_searcher *s, const struct xlqa_search_options *o, double n, struct xlqa_results *out,
                     struct xlqa_error *err)
{
	int rc;

	s->n_touched = 0;
	for (size_t g = 0; g < s->n_concepts; g++) {
		struct concept *c = &s->concepts[g];

		if (c->n_alts == 1 && c->alts[0].n == 1 && c->alts[0].weight > 0) {
			if ((rc = score_single(s, c, n, o->k1, out, err)))
				return rc;
			continue;
		}
		if ((rc = pool_concept(s, c, n, out, err)))
			return rc;
		for (size_t i = 0; i < s->n_tf_touched; i++) {
			uint32_t d = s->tf_touched[i];
			double tf = s->acc[d].tf;

			if (s->acc[d].score == 0)
				s->touched[s->n_touched++] = d;
			s->acc[d].score += c->weight * c->idf * tf * (o->k1 + 1) / (tf + s->acc[d].norm);
			s->acc[d].tf = 0;
		}
	}
	return XLQA_OK;
}

static int cmp_passages(const void *a, const void *b)
{
	const struct xlqa_passage *x = a, *y = b;

	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	if (x->doc != y->doc)
		return (x->doc > y->doc) - (x->doc < y->doc);
	return (x->first_sentence > y->first_sentence) - (x->first_sentence < y->first_sentence);
}

/* A concept's occurrence in a document being cut into passages. */
struct occurrence {
	uint32_t position;
	uint32_t concept;
	double weight; /* p_a of the alternative matched */
	size_t sentence;
};

/* Finds which concept (and alternative weight) a word's first term belongs to, single-word alternatives. */
static bool match_word(const struct xlqa_searcher *s, const char *term, uint32_t *concept, double *weight)
{
	bool found = false;

	for (size_t g = 0; g < s->n_concepts; g++)
		for (size_t a = 0; a < s->concepts[g].n_alts; a++) {
			const struct alt_terms *at = &s->concepts[g].alts[a];

			if (strcmp(at->terms[0], term) == 0 && (!found || at->weight > *weight)) {
				*concept = (uint32_t)g;
				*weight = at->weight;
				found = true;
			}
		}
	return found;
}

/* match_word for the termer's term `id`, looked up once a search (matches[] covers every id). */
static bool match_term(struct xlqa_searcher *s, uint32_t id, uint32_t *concept, double *weight)
{
	struct word_match *m = &s->matches[id];

	if (m->search_no != s->search_no) {
		m->search_no = s->search_no;
		if (!match_word(s, xlqa_termer_term(s->termer, id), &m->concept, &m->weight)) {
			m->concept = UINT32_MAX;
			m->weight = 0;
		}
	}
	*concept = m->concept;
	*weight = m->weight;
	return m->concept != UINT32_MAX;
}

/* Room in matches[] for every term the termer has numbered, the new ones stale. */
static int reserve_matches(struct xlqa_searcher *s)
{
	size_t old = s->alloc_matches, n = xlqa_termer_term_count(s->termer);

	if (XLQA_ARRAY_RESERVE(s->matches, s->alloc_matches, n ? n : 1))
		return XLQA_ENOMEM;
	for (size_t i = old; i < s->alloc_matches; i++)
		s->matches[i].search_no = 0;
	return XLQA_OK;
}

/* How many leading sentences are the document's title (see the header): 0 or 1. */
static size_t title_sentences(const char *text, const struct xlqa_segments *seg)
{
	const struct xlqa_span *t;
	size_t end, breaks = 0;

	if (seg->n_sentences < 2)
		return 0;
	t = &seg->sentences[0];
	for (size_t i = t->end; i < seg->sentences[1].start; i++)
		breaks += text[i] == '\n';
	end = t->end;
	while (end > t->start && strchr(" \t\r\n\"')", text[end - 1]))
		end--;
	return breaks >= 2 && end > t->start && !strchr(".!?:;", text[end - 1]);
}

/* Counts occurrence `oc` in a window's best weight per concept: `matched` sums them, `m` counts them. */
static void window_add(const struct xlqa_searcher *s, const struct occurrence *oc, double best[64], double *matched,
                       size_t *m)
{
	const struct concept *c = &s->concepts[oc->concept];
	double v = c->weight * c->idf * oc->weight;

	if (v > best[oc->concept]) {
		if (best[oc->concept] == 0)
			(*m)++;
		*matched += v - best[oc->concept];
		best[oc->concept] = v;
	}
}

static int score_passages(struct xlqa_searcher *s, uint32_t doc, const struct xlqa_search_options *o,
                          struct xlqa_results *out, struct xlqa_error *err)
{
	struct occurrence *occ = NULL;
	size_t n_occ = 0, alloc_occ = 0, sent = 0, title, title_m = 0;
	double title_best[64] = { 0 }, title_matched = 0; /* what the title adds to every window */
	const struct xlqa_segments *seg;
	int rc;

	if ((rc = xlqa_index_doc_text(s->idx, doc, &s->text, err)) ||
	    (rc = xlqa_lang_analyze(s->lang, s->text.buf, s->text.len, 0, &s->analysis, err)) ||
	    (rc = xlqa_termer_run(s->termer, s->text.buf, s->text.len, &s->words, err)))
		return rc;
	if (reserve_matches(s))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	seg = &s->analysis.seg;
	for (size_t w = 0; w < s->words.n_words; w++) {
		const struct xlqa_term_word *tw = &s->words.words[w];

		while (sent + 1 < seg->n_sentences && tw->start >= seg->sentences[sent].end)
			sent++;
		for (uint32_t k = 0; k < tw->n_terms; k++) {
			uint32_t concept;
			double weight;

			if (!match_term(s, s->words.terms[tw->first_term + k], &concept, &weight))
				continue;
			if (XLQA_ARRAY_RESERVE(occ, alloc_occ, n_occ + 1)) {
				free(occ);
				return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			}
			occ[n_occ++] = (struct occurrence){ tw->position, concept, weight, sent };
			break;
		}
	}
	title = title_sentences(s->text.buf, seg);
	for (size_t i = 0; i < n_occ; i++)
		if (occ[i].sentence < title && occ[i].concept < 64)
			window_add(s, &occ[i], title_best, &title_matched, &title_m);
	for (size_t first = title; first < seg->n_sentences; first++) {
		for (size_t k = 1; k <= o->passage_sentences && first + k <= seg->n_sentences; k++) {
			double best[64], matched = title_matched;
			size_t m = title_m, own = 0; /* concepts matched, those of them the window itself holds */
			uint64_t seen = 0;
			uint32_t lo = UINT32_MAX, hi = 0;
			struct xlqa_passage *p;
			double proximity, score;

			memcpy(best, title_best, sizeof best);
			for (size_t i = 0; i < n_occ; i++) {
				const struct occurrence *oc = &occ[i];

				if (oc->sentence < first || oc->sentence >= first + k || oc->concept >= 64)
					continue;
				window_add(s, oc, best, &matched, &m);
				own += !(seen & UINT64_C(1) << oc->concept);
				seen |= UINT64_C(1) << oc->concept;
				lo = oc->position < lo ? oc->position : lo;
				hi = oc->position > hi ? oc->position : hi;
			}
			if (own == 0)
				continue;
			/* C counts the window's own concepts: the title's are no evidence of nearness */
			proximity = own > 1 ? (double)(own - 1) / (double)(hi - lo > own - 1 ? hi - lo : own - 1) : 0;
			score = matched * (1 + 0.5 * proximity) * pow(0.85, (double)(k - 1));
			if (XLQA_ARRAY_RESERVE(out->passages, out->alloc_passages, out->n_passages + 1)) {
				free(occ);
				return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			}
			p = &out->passages[out->n_passages++];
			p->doc = doc;
			p->first_sentence = (uint32_t)first;
			p->n_sentences = (uint32_t)k;
			p->start = seg->sentences[first].start;
			p->end = seg->sentences[first + k - 1].end;
			p->score = score;
			p->matched = matched;
			p->n_matched = m;
		}
	}
	free(occ);
	return XLQA_OK;
}

/* Keeps the best passages, dropping any that overlaps a better one of the same document. */
static void select_passages(struct xlqa_results *out, size_t max)
{
	size_t kept = 0;

	if (out->n_passages == 0)
		return; /* the array may not exist yet */
	qsort(out->passages, out->n_passages, sizeof *out->passages, cmp_passages);
	for (size_t i = 0; i < out->n_passages && kept < max; i++) {
		const struct xlqa_passage *p = &out->passages[i];
		bool overlaps = false;

		for (size_t j = 0; j < kept && !overlaps; j++) {
			const struct xlqa_passage *q = &out->passages[j];

			overlaps = q->doc == p->doc && p->first_sentence < q->first_sentence + q->n_sentences &&
			           q->first_sentence < p->first_sentence + p->n_sentences;
		}
		if (!overlaps)
			out->passages[kept++] = *p;
	}
	out->n_passages = kept;
}

/*
 * The hits of another retrieval (o->docs, in its order) with their BM25 scores of the query, and the
 * passages of the first o->passage_docs; the scores of the touched documents are reset.
 */
static int given_hits(struct xlqa_searcher *s, const struct xlqa_search_options *o, struct xlqa_results *out,
                      struct xlqa_error *err)
{
	size_t n = o->n_docs < o->max_docs ? o->n_docs : o->max_docs;
	int rc = XLQA_OK;

	if (XLQA_ARRAY_RESERVE(out->hits, out->alloc_hits, n ? n : 1))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; !rc && i < n; i++)
		out->hits[i] = (struct xlqa_hit){ o->docs[i], s->acc[o->docs[i]].score, s->acc[o->docs[i]].score };
	for (size_t i = 0; i < s->n_touched; i++)
		s->acc[s->touched[i]].score = 0;
	for (size_t i = 0; !rc && i < o->passage_docs && i < n; i++)
		rc = score_passages(s, out->hits[i].doc, o, out, err);
	if (rc)
		return rc;
	select_passages(out, o->max_passages);
	out->n_hits = n;
	return XLQA_OK;
}

int xlqa_search(struct xlqa_searcher *s, const struct xlqa_query *q, const struct xlqa_search_options *opt,
                struct xlqa_results *out, struct xlqa_error *err)
{
	struct xlqa_search_options o = { XLQA_BM25_K1, XLQA_BM25_B, 1000, 20, 3, 20, XLQA_PASSAGE_WEIGHT, NULL, 0 };
	const struct xlqa_index_stats *st = xlqa_index_get_stats(s->idx);
	double n = (double)st->documents, avgdl = st->avg_length > 0 ? st->avg_length : 1;
	size_t n_hits = 0, keep;
	int rc;

	if (opt)
		o = *opt;
	out->n_hits = 0;
	out->n_passages = 0;
	out->matched_groups = 0;
	if ((rc = resolve(s, q, err)))
		return rc;
	if (++s->search_no == 0) { /* the stamps wrapped around: every match is stale again */
		for (size_t i = 0; i < s->alloc_matches; i++)
			s->matches[i].search_no = 0;
		s->search_no = 1;
	}
	length_norms(s, o.k1, o.b, avgdl);
	/* Only the documents returned or searched for passages are ranked: the best `keep` of them. */
	keep = o.max_docs > o.passage_docs ? o.max_docs : o.passage_docs;
	if (!o.docs && prunable(s, &o)) {
		keep = keep < st->documents ? keep : (size_t)st->documents;
		if (XLQA_ARRAY_RESERVE(out->hits, out->alloc_hits, keep ? keep : 1))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		if ((rc = rank_pruned(s, n, o.k1, keep, out, &n_hits, err)))
			return rc;
	} else {
		s->skipped = 0;
		if ((rc = score_all(s, &o, n, out, err)))
			return rc;
		if (o.docs)
			return given_hits(s, &o, out, err);
		keep = keep < s->n_touched ? keep : s->n_touched;
		if (XLQA_ARRAY_RESERVE(out->hits, out->alloc_hits, keep ? keep : 1))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		n_hits = top_hits(s, out->hits, keep);
	}
	for (size_t i = 0; i < o.passage_docs && i < n_hits; i++)
		if ((rc = score_passages(s, out->hits[i].doc, &o, out, err)))
			return rc;
	if (o.passage_weight > 0 && out->n_passages) {
		/* Rerank the documents that were searched for passages by adding their best passage. */
		size_t top = o.passage_docs < n_hits ? o.passage_docs : n_hits;

		for (size_t i = 0; i < top; i++) {
			double best = 0;

			for (size_t j = 0; j < out->n_passages; j++)
				if (out->passages[j].doc == out->hits[i].doc && out->passages[j].score > best)
					best = out->passages[j].score;
			out->hits[i].score = out->hits[i].bm25 + o.passage_weight * best;
		}
		qsort(out->hits, top, sizeof *out->hits, cmp_hits);
	}
	select_passages(out, o.max_passages);
	out->n_hits = n_hits < o.max_docs ? n_hits : o.max_docs;
	return XLQA_OK;
}
