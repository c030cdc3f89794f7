/*
 * answerer: the answerer (include/xlqa/answer.h). Question analysis in the source language gives the
 * query, the pair's translator turns it into the target language, the searcher ranks documents and
 * passages, and the extractor (extract.c) finds candidates in the top passages. Each occurrence is
 * described by where it stands: how much of the query its sentence holds, how near it is to a query
 * word, how good its passage and document are, whether its kind fits the expected answer type;
 * occurrences of the same normalised answer merge into one candidate that also counts its support.
 *
 * Invariant: after xlqa_answerer_answer the set's candidates are sorted by score, at most
 * max_candidates of them, each with finite features (answer.h).
 */
#include "config.h"

#include "../extract/extract-internal.h"
#include "../question/question-internal.h"
#include "xlqa/answer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_PASSAGES 10
#define DEFAULT_CANDIDATES 100
/* The documents searched for passages, and the only ones ranked: candidates come from their passages
 * alone and a passage's document rank is its place among them, so ranking more would be for nothing
 * (the best 100 took 200 DE-EN questions 1.4 G instructions more over 396,000 documents). */
#define ANSWER_DOCS 20
#define CLAUSE_MAX_WORDS 8
#define PASSAGE_REACH 400 /* bytes a passage may widen each way to whole sentences */
#define MAX_GROUPS 64
#define FOCUS_AHEAD_WORDS 4 /* the focus_ahead feature's reach in words */
#define WINDOW_WORDS 6 /* the window feature's reach on each side */ /* query concepts tracked per sentence (a bit each) */

#define NAME_ROW(id, name, help) name,
#define NAME_BLOCK(id, pattern, count, names, help) names
static const char *const feature_names[] = { XLQA_ANSWER_FEATURE_LIST(NAME_ROW, NAME_BLOCK) };
/* each row's first feature and meaning, in order */
static const struct {
	size_t first;
	const char *help;
} feature_rows[] = {
#define HELP_ROW(id, name, help) { XLQA_FEATURE_##id, help },
#define HELP_BLOCK(id, pattern, count, names, help) { XLQA_FEATURE_##id, help },
	XLQA_ANSWER_FEATURE_LIST(HELP_ROW, HELP_BLOCK)
};
_Static_assert(sizeof feature_names / sizeof *feature_names == XLQA_ANSWER_FEATURES,
               "a block of answer-features.h names as many features as it counts");

const char *xlqa_answer_feature_name(size_t i)
{
	return i < XLQA_ANSWER_FEATURES ? feature_names[i] : NULL;
}

const char *xlqa_answer_feature_help(size_t i)
{
	if (i >= XLQA_ANSWER_FEATURES)
		return NULL;
	size_t r = sizeof feature_rows / sizeof *feature_rows;
	while (feature_rows[r - 1].first > i)
		r--;
	return feature_rows[r - 1].help;
}

/*
 * How well an extractor's kind fits an expected answer type: 1 what the type asks for, fractions
 * for kinds that sometimes hold such answers (a year for a date question, a name for OTHER), 0 for
 * kinds that never do (those spans are not kept).
 * Columns: name year date number measure phrase definition clause.
 */
static const double type_fit[XLQA_ANSWER_TYPE_COUNT][XLQA_EXTRACT_KINDS] = {
	[XLQA_ANSWER_PERSON] = { 1, 0, 0, 0, 0, 0.25, 0, 0.25 },
	[XLQA_ANSWER_ORGANIZATION] = { 1, 0, 0, 0, 0, 0.25, 0, 0.25 },
	[XLQA_ANSWER_LOCATION] = { 1, 0, 0, 0, 0, 0.25, 0, 0.25 },
	[XLQA_ANSWER_TIME] = { 0, 0.75, 1, 0.25, 0.25, 0.1, 0, 0.25 },
	[XLQA_ANSWER_MEASURE] = { 0, 0.25, 0, 1, 1, 0.1, 0, 0.25 },
	[XLQA_ANSWER_OBJECT] = { 0.75, 0, 0, 0, 0, 1, 0.5, 1 },
	[XLQA_ANSWER_MANNER] = { 0.5, 0, 0, 0, 0, 1, 0.5, 1 },
	[XLQA_ANSWER_OTHER] = { 0.75, 0.25, 0.25, 0.25, 0.25, 1, 0.5, 1 },
	[XLQA_ANSWER_DEFINITION] = { 0.25, 0, 0, 0, 0, 0.5, 1, 0.75 },
};

/* The type group of each answer type, for the kind-type features (answer.h). */
static const unsigned type_group[XLQA_ANSWER_TYPE_COUNT] = {
	[XLQA_ANSWER_PERSON] = 0, [XLQA_ANSWER_ORGANIZATION] = 0, [XLQA_ANSWER_LOCATION] = 0,
	[XLQA_ANSWER_TIME] = 1, [XLQA_ANSWER_MEASURE] = 2, [XLQA_ANSWER_OBJECT] = 3,
	[XLQA_ANSWER_MANNER] = 3, [XLQA_ANSWER_OTHER] = 3, [XLQA_ANSWER_DEFINITION] = 4,
};

struct qterm {
	size_t group;
	double weight; /* the alternative's translation weight */
};

struct xlqa_answerer {
	const struct xlqa_index *idx;
	struct xlqa_lang *target;
	struct xlqa_lang *source; /* == target for a monolingual pair */
	struct xlqa_question_rules *rules;
	/* the target language's rules, for its focus table (== rules for a monolingual pair), or NULL when
	 * the target has no question rules */
	struct xlqa_question_rules *target_rules;
	bool capitalised_nouns; /* the target capitalises every noun (XLQA_LANG_CAPITALISED_NOUNS) */
	struct xlqa_translator *tr; /* owns the pair's lexicon */
	struct xlqa_mt *mt; /* machine translation beside the lexicon (opt->machine_translation), or NULL */
	const char *mt_missing; /* XLQA_ANSWER_MT_AUTO: the package whose absence left mt NULL, or NULL */
	enum xlqa_answer_mt mt_mode; /* opt->machine_translation */
	char mt_failure[XLQA_ERROR_MAX]; /* XLQA_ANSWER_MT_AUTO: why Apertium was dropped ("" while it works) */
	size_t mt_answered;          /* questions whose query Apertium joined */
	struct xlqa_searcher *searcher;
	struct xlqa_termer *termer;
	const struct xlqa_retrieval *retrieval; /* a user's ranking to search instead of BM25, or NULL */
	const struct xlqa_testset *queries;     /* questions translated already, or NULL */
	struct xlqa_search_options search;
	size_t passages, max_candidates;
	const struct xlqa_model *model; /* borrowed (xlqa_answerer_options), or NULL */
	double nil_confidence;
	/* per-question scratch */
	struct xlqa_term_list words;
	struct xlqa_extraction ex;
	struct xlqa_buf doc_text;
	uint32_t doc_loaded; /* the document in doc_text, or UINT32_MAX */
	struct xlqa_hash qterms; /* term -> struct qterm in arena */
	struct xlqa_arena arena;
	double *group_weight;
	double *group_idf; /* per query group: the term_idf of its best alternative's rarest term */
	double idf_total;  /* sum over the groups of weight * idf */
	size_t alloc_gidf;
	unsigned *group_flags;
	size_t alloc_groups, alloc_flags;
	long *tok_group; /* per analysis token: the query group matched, -1 none */
	double *tok_weight;
	double *tok_idf; /* per analysis token: term_idf of its word, 0 unindexed */
	/* per analysis token, with capitalised_nouns: 1 a content word the dictionary knows, 0 one it
	 * does not, -1 no content word (or capitalised_nouns off) */
	signed char *tok_known;
	/* per analysis token, with capitalised_nouns: a word hunspell gives no lemma but the compound
	 * splitter splits into known words ("Wirbeltiere", "Netzwerk"): a common noun, though unknown */
	bool *tok_compound;
	/* per analysis token: matched through a compound part only ("Metzgermarkt" for "Markt"): a word
	 * of the text, not the question's */
	bool *tok_part;
	/* per analysis token: the naming sides (enum xlqa_naming_side, naming.txt) of the cue it is alone,
	 * and shifted by NAMING_TWO of the two-word cue it starts ("known as") */
	unsigned char *tok_naming;
	size_t alloc_tok, alloc_tokw, alloc_idf, alloc_known, alloc_compound, alloc_part, alloc_naming;
	size_t *span_dist; /* per extraction span: words to the nearest query word of its sentence (span_distances) */
	size_t alloc_span_dist;
	uint64_t *sent_groups; /* per sentence: the groups matched */
	size_t alloc_sent;
	struct xlqa_buf key, support;
	struct xlqa_buf passage; /* the passage widened to whole sentences */
	const char *stranded; /* xlqa_question.stranded for a monolingual pair, else NULL (prepositions are not translated) */
	const struct xlqa_answer_subtype_info *year; /* the registry's TIME.year, found once (lacks_year) */
	bool wants_year; /* the question being answered is of subtype `year` */
	const struct xlqa_answer_subtype_info *count; /* the registry's MEASURE.count, found once */
	bool wants_quantity; /* the question is a MEASURE question of another subtype than `count`, or none */
};

void xlqa_answer_set_init(struct xlqa_answer_set *s)
{
	memset(s, 0, sizeof *s);
	xlqa_question_init(&s->question);
	xlqa_query_init(&s->source);
	xlqa_query_init(&s->query);
	xlqa_results_init(&s->results);
	xlqa_arena_init(&s->arena, 0);
	xlqa_hash_init(&s->keys);
}

void xlqa_answer_set_release(struct xlqa_answer_set *s)
{
	xlqa_question_release(&s->question);
	xlqa_query_release(&s->source);
	xlqa_query_release(&s->query);
	xlqa_results_release(&s->results);
	free(s->candidates);
	xlqa_arena_release(&s->arena);
	xlqa_hash_release(&s->keys);
	memset(s, 0, sizeof *s);
}

static void answer_set_reset(struct xlqa_answer_set *s)
{
	s->n = 0;
	xlqa_arena_reset(&s->arena);
	xlqa_hash_release(&s->keys);
	xlqa_hash_init(&s->keys);
}

double xlqa_answer_heuristic(const double f[XLQA_ANSWER_FEATURES])
{
	double v = 0.2 * f[XLQA_FEATURE_SENTENCE] + 0.15 * f[XLQA_FEATURE_WINDOW] + 0.1 * f[XLQA_FEATURE_SENTENCE_REL] +
	           0.2 * f[XLQA_FEATURE_TYPE_FIT] + 0.15 * f[XLQA_FEATURE_PROXIMITY] +
	           0.1 * f[XLQA_FEATURE_PASSAGE] + 0.1 * f[XLQA_FEATURE_DOC_RANK] +
	           0.1 * fmin(1, f[XLQA_FEATURE_DOCS] / log(4)) - 0.2 * f[XLQA_FEATURE_OVERLAP];

	return fmin(1, fmax(0, v));
}

/* A copy of `len` bytes with every run of white space collapsed to one blank. */
static char *collapse(struct xlqa_arena *arena, const char *s, size_t len)
{
	char *out = xlqa_arena_alloc(arena, len + 1), *o = out;
	bool space = false;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
			space = o > out;
			continue;
		}
		if (space)
			*o++ = ' ';
		space = false;
		*o++ = s[i];
	}
	*o = '\0';
	return out;
}

int xlqa_answer_set_add(struct xlqa_answer_set *s, const char *text, size_t len, const char *key, uint32_t doc,
                        uint32_t passage, enum xlqa_extract_kind kind, const double features[XLQA_ANSWER_FEATURES],
                        const char *support, size_t support_len)
{
	static const int combine_max[] = { XLQA_FEATURE_PASSAGE, XLQA_FEATURE_DOC_RANK, XLQA_FEATURE_SENTENCE,
	                                   XLQA_FEATURE_PROXIMITY, XLQA_FEATURE_TYPE_FIT,
	                                   XLQA_FEATURE_TOP, XLQA_FEATURE_WINDOW };
	struct xlqa_candidate *c;
	void *pos = NULL;
	bool better;

	if (xlqa_hash_get(&s->keys, key, strlen(key), &pos)) {
		c = &s->candidates[(uintptr_t)pos - 1];
		double kept[XLQA_ANSWER_FEATURES];

		/* the better occurrence describes the candidate; the best of each combine_max feature is kept */
		better = xlqa_answer_heuristic(features) > xlqa_answer_heuristic(c->features);
		memcpy(kept, c->features, sizeof kept);
		if (better)
			memcpy(c->features, features, sizeof c->features);
		for (size_t i = 0; i < sizeof combine_max / sizeof *combine_max; i++)
			c->features[combine_max[i]] = fmax(kept[combine_max[i]], features[combine_max[i]]);
	} else {
		if (XLQA_ARRAY_RESERVE(s->candidates, s->alloc, s->n + 1) ||
		    !(key = xlqa_arena_strndup(&s->arena, key, strlen(key))) ||
		    xlqa_hash_put(&s->keys, key, strlen(key), (void *)(uintptr_t)(s->n + 1), NULL))
			return XLQA_ENOMEM;
		c = &s->candidates[s->n++];
		memset(c, 0, sizeof *c);
		c->key = key;
		memcpy(c->features, features, sizeof c->features);
		c->last_passage = UINT32_MAX;
		better = true;
	}
	if (better) {
		if (!(c->text = collapse(&s->arena, text, len)) ||
		    !(c->support = collapse(&s->arena, support, support_len)))
			return XLQA_ENOMEM;
		c->doc = doc;
		c->kind = kind;
	} else if (c->kind == XLQA_EXTRACT_NUMBER && kind == XLQA_EXTRACT_MEASURE && c->doc == doc) {
		/* the same number with its sign ("91" and "91%": the key has no symbols) answers with the sign */
		const char *same = collapse(&s->arena, support, support_len);

		if (!same)
			return XLQA_ENOMEM;
		if (strcmp(same, c->support) == 0) {
			if (!(c->text = collapse(&s->arena, text, len)))
				return XLQA_ENOMEM;
			c->kind = kind;
		}
	}
	if (c->last_passage != passage) {
		c->last_passage = passage;
		c->n_passages++;
	}
	{
		size_t seen = c->n_docs < 8 ? c->n_docs : 8, i = 0;

		while (i < seen && c->docs[i] != doc)
			i++;
		if (i == seen) {
			if (c->n_docs < 8)
				c->docs[c->n_docs] = doc;
			c->n_docs++;
		}
	}
	c->features[XLQA_FEATURE_PASSAGES] = log(1 + c->n_passages);
	c->features[XLQA_FEATURE_DOCS] = log(1 + c->n_docs);
	c->score = xlqa_answer_heuristic(c->features);
	return XLQA_OK;
}

static int by_score(const void *a, const void *b)
{
	const struct xlqa_candidate *x = a, *y = b;

	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	return x->last_passage < y->last_passage ? -1 : x->last_passage > y->last_passage;
}

void xlqa_answer_set_sort(struct xlqa_answer_set *s)
{
	if (s->n > 1)
		qsort(s->candidates, s->n, sizeof *s->candidates, by_score);
}

int xlqa_answer_index_vocabulary(const struct xlqa_index *idx, struct xlqa_translator *tr, struct xlqa_error *err)
{
	const char **words;
	uint64_t *counts;
	size_t n;
	int rc = xlqa_index_vocabulary(idx, &words, &counts, &n, err);

	if (rc == XLQA_OK)
		rc = xlqa_translator_set_vocabulary(tr, words, counts, n, err);
	free(words);
	free(counts);
	return rc;
}

/*
 * What an Apertium call's status `rc` means for the answerer: with XLQA_ANSWER_MT_AUTO a failure
 * (not XLQA_ENOMEM) stops and drops Apertium for good, keeping its message, and is no error: the
 * lexicon alone translates from then on. Otherwise `rc`.
 */
static int mt_failed(struct xlqa_answerer *a, int rc, struct xlqa_error *err)
{
	if (rc == XLQA_OK || rc == XLQA_ENOMEM || a->mt_mode != XLQA_ANSWER_MT_AUTO)
		return rc;
	snprintf(a->mt_failure, sizeof a->mt_failure, "%s", err->message);
	xlqa_mt_free(a->mt);
	a->mt = NULL;
	xlqa_error_clear(err);
	return XLQA_OK;
}

int xlqa_answerer_new(const struct xlqa_index *idx, const struct xlqa_answerer_options *opt,
                      struct xlqa_answerer **out, struct xlqa_error *err)
{
	const char *tgt = xlqa_index_get_stats(idx)->language;
	const struct xlqa_lang_info *src = NULL; /* the questions' language when it needs a lexicon */
	bool cross; /* src is not the index's language */
	struct xlqa_answerer *a;
	int rc = XLQA_OK;

	*out = NULL;
	if (opt && opt->max_candidates > XLQA_ANSWER_MAX_CANDIDATES)
		return xlqa_error_set(err, XLQA_EINVAL, "%zu candidates a question asked for; at most %d are kept",
		                      opt->max_candidates, XLQA_ANSWER_MAX_CANDIDATES);
	if (!(a = calloc(1, sizeof *a)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	a->idx = idx;
	a->doc_loaded = UINT32_MAX;
	a->passages = opt && opt->passages ? opt->passages : DEFAULT_PASSAGES;
	a->max_candidates = opt && opt->max_candidates ? opt->max_candidates : DEFAULT_CANDIDATES;
	/* the model's features must be these, by name and in order (a model file records their set's id) */
	if (opt && opt->model &&
	    xlqa_model_check_features(opt->model, xlqa_answer_feature_name, XLQA_ANSWER_FEATURES, err)) {
		free(a);
		return err->status;
	}
	a->model = opt ? opt->model : NULL;
	a->nil_confidence = opt ? opt->nil_confidence : 0;
	a->search = (struct xlqa_search_options){ XLQA_BM25_K1, XLQA_BM25_B, ANSWER_DOCS, ANSWER_DOCS, 3, 20,
	                                          XLQA_PASSAGE_WEIGHT, NULL, 0 };
	xlqa_term_list_init(&a->words);
	xlqa_extraction_init(&a->ex);
	xlqa_buf_init(&a->doc_text);
	xlqa_buf_init(&a->key);
	xlqa_buf_init(&a->support);
	xlqa_buf_init(&a->passage);
	xlqa_hash_init(&a->qterms);
	xlqa_arena_init(&a->arena, 0);
	a->retrieval = opt ? opt->retrieval : NULL;
	a->queries = opt ? opt->queries : NULL;
	/* translated questions are in the index's language: no lexicon */
	if (opt && opt->source && !a->queries && (rc = xlqa_lang_lookup(opt->source, &src, err)))
		goto fail;
	cross = src && strcmp(src->code, tgt) != 0;
	/* Apertium first: its programs load their data (a second or more) while the packs open */
	if (cross && opt->machine_translation != XLQA_ANSWER_MT_OFF && xlqa_mt_has_path(src->code, tgt)) {
		const char *missing = xlqa_mt_missing(src->code, tgt);

		if (missing && opt->machine_translation == XLQA_ANSWER_MT_ON) {
			rc = xlqa_error_set(err, XLQA_ENOTFOUND,
			                    "machine translation from '%s' to '%s' needs the Debian package %s, which is not "
			                    "installed (scripts/install-deps.sh installs it)", src->code, tgt, missing);
			goto fail;
		}
		a->mt_missing = missing;
		a->mt_mode = opt->machine_translation;
		if (!missing && (rc = mt_failed(a, xlqa_mt_start(src->code, tgt, &a->mt, err), err)))
			goto fail;
	}
	if ((rc = xlqa_lang_open(tgt, NULL, &a->target, err)))
		goto fail;
	if (cross) {
		if ((rc = xlqa_lang_open(src->code, NULL, &a->source, err)) ||
		    (rc = xlqa_translator_open(a->source, tgt, opt->lexicon_dir, &a->tr, err)) ||
		    (rc = xlqa_answer_index_vocabulary(idx, a->tr, err)) ||
		    (a->mt && (rc = mt_failed(a, xlqa_mt_ready(a->mt, err), err))))
			goto fail;
	} else
		a->source = a->target;
	a->capitalised_nouns = (xlqa_lang_get_info(a->target)->flags & XLQA_LANG_CAPITALISED_NOUNS) != 0;
	a->year = xlqa_question_subtype_find(XLQA_ANSWER_TIME, "year", 4);
	a->count = xlqa_question_subtype_find(XLQA_ANSWER_MEASURE, "count", 5);
	if ((rc = xlqa_question_rules_new(a->source, &a->rules, err)))
		goto fail;
	if (a->source == a->target)
		a->target_rules = a->rules;
	else if ((rc = xlqa_question_rules_new(a->target, &a->target_rules, err))) {
		if (rc != XLQA_ENOTFOUND)
			goto fail;
		xlqa_error_clear(err); /* no focus table: named_type_clash stays off */
	}
	if ((rc = xlqa_searcher_new(idx, a->target, &a->searcher, err)) ||
	    (rc = xlqa_termer_new(a->target, &a->termer, err)))
		goto fail;
	*out = a;
	return XLQA_OK;
fail:
	xlqa_answerer_free(a);
	return rc;
}

void xlqa_answerer_free(struct xlqa_answerer *a)
{
	if (!a)
		return;
	xlqa_termer_free(a->termer);
	xlqa_searcher_free(a->searcher);
	if (a->target_rules != a->rules)
		xlqa_question_rules_free(a->target_rules);
	xlqa_question_rules_free(a->rules);
	xlqa_mt_free(a->mt);
	xlqa_translator_free(a->tr);
	if (a->source != a->target)
		xlqa_lang_free(a->source);
	xlqa_lang_free(a->target);
	xlqa_term_list_release(&a->words);
	xlqa_extraction_release(&a->ex);
	xlqa_buf_release(&a->doc_text);
	xlqa_buf_release(&a->key);
	xlqa_buf_release(&a->support);
	xlqa_buf_release(&a->passage);
	xlqa_hash_release(&a->qterms);
	xlqa_arena_release(&a->arena);
	free(a->group_weight);
	free(a->group_flags);
	free(a->tok_group);
	free(a->tok_weight);
	free(a->tok_idf);
	free(a->tok_known);
	free(a->tok_compound);
	free(a->tok_part);
	free(a->tok_naming);
	free(a->span_dist);
	free(a->sent_groups);
	free(a->group_idf);
	free(a);
}

struct xlqa_lang *xlqa_answerer_target(struct xlqa_answerer *a)
{
	return a->target;
}

const char *xlqa_answerer_mt_path(const struct xlqa_answerer *a)
{
	return a->mt ? xlqa_mt_path(a->mt) : NULL;
}

const char *xlqa_answerer_mt_missing(const struct xlqa_answerer *a)
{
	return a->mt_missing;
}

const char *xlqa_answerer_mt_failure(const struct xlqa_answerer *a, size_t *answered)
{
	if (answered)
		*answered = a->mt_answered;
	return a->mt_failure[0] ? a->mt_failure : NULL;
}

/* The idf of an index term scaled to [0, 1] or a little over: log((N + 1) / (df + 0.5)) / log(N + 1). */
static double term_idf(const struct xlqa_answerer *a, const char *term)
{
	double docs = (double)xlqa_index_get_stats(a->idx)->documents;
	uint32_t df = 0;
	uint64_t cf = 0;

	xlqa_index_term_stats(a->idx, term, &df, &cf);
	return log((docs + 1) / (df + 0.5)) / log(docs + 1);
}

/*
 * The query's terms (the index's forms of each alternative's words) -> their group and weight; each
 * group's weight and idf, and a->idf_total.
 */
static int map_query(struct xlqa_answerer *a, const struct xlqa_query *q, double *total, struct xlqa_error *err)
{
	int rc = XLQA_OK;

	xlqa_hash_release(&a->qterms);
	xlqa_hash_init(&a->qterms);
	xlqa_arena_reset(&a->arena);
	*total = 0;
	a->idf_total = 0;
	if (XLQA_ARRAY_RESERVE(a->group_weight, a->alloc_groups, q->n_groups + 1) ||
	    XLQA_ARRAY_RESERVE(a->group_flags, a->alloc_flags, q->n_groups + 1) ||
	    XLQA_ARRAY_RESERVE(a->group_idf, a->alloc_gidf, q->n_groups + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t g = 0; g < q->n_groups && g < MAX_GROUPS && rc == XLQA_OK; g++) {
		double best_weight = 0;

		a->group_weight[g] = q->groups[g].weight;
		a->group_flags[g] = q->groups[g].flags;
		a->group_idf[g] = 0;
		*total += q->groups[g].weight;
		for (size_t k = 0; k < q->groups[g].n_alts; k++)
			best_weight = fmax(best_weight, q->groups[g].alts[k].weight);
		for (size_t k = 0; k < q->groups[g].n_alts && rc == XLQA_OK; k++) {
			const struct xlqa_query_alt *alt = &q->groups[g].alts[k];

			if ((rc = xlqa_termer_run(a->termer, alt->text, strlen(alt->text), &a->words, err)))
				break;
			for (size_t t = 0; t < a->words.n_terms; t++) {
				const char *term = xlqa_termer_term(a->termer, a->words.terms[t]);
				void *old = NULL;
				struct qterm *qt;

				if (alt->weight >= best_weight)
					a->group_idf[g] = fmax(a->group_idf[g], term_idf(a, term));

				if (xlqa_hash_get(&a->qterms, term, strlen(term), &old) && ((struct qterm *)old)->weight >= alt->weight)
					continue;
				if (!(qt = xlqa_arena_alloc(&a->arena, sizeof *qt)) ||
				    xlqa_hash_put(&a->qterms, term, strlen(term), qt, NULL)) {
					rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
					break;
				}
				qt->group = g;
				qt->weight = alt->weight;
			}
		}
		a->idf_total += a->group_weight[g] * a->group_idf[g];
	}
	return rc;
}

/* True when the word of `t` is a focus noun of the target's table for a named type other than `type`. */
static bool other_named_noun(const struct xlqa_answerer *a, const struct xlqa_token *t, enum xlqa_answer_type type)
{
	enum xlqa_answer_type head;

	if (t->kind != XLQA_SPAN_WORD)
		return false;
	head = qa_rules_focus_type(a->target_rules, t);
	return head != type && (head == XLQA_ANSWER_PERSON || head == XLQA_ANSWER_LOCATION ||
	                        head == XLQA_ANSWER_ORGANIZATION);
}

/*
 * For a PERSON or LOCATION question, a name whose first or last word (its head, as Spanish or English
 * put it) is a focus noun of another named type: "Harvard Medical School", "Caspian Sea" and "Fort
 * Caroline" for "Who ...?", "University of Chicago" for "Where ...?". On the development traces
 * (nine pairs, both directions) such names were 942 candidates, none right, 21 of them first.
 */
static bool named_type_clash(const struct xlqa_answerer *a, const struct xlqa_extract_span *sp,
                             enum xlqa_answer_type type)
{
	const struct xlqa_token *tok = a->ex.a.tokens;

	if (!a->target_rules || sp->kind != XLQA_EXTRACT_NAME || (type != XLQA_ANSWER_PERSON && type != XLQA_ANSWER_LOCATION))
		return false;
	return other_named_noun(a, &tok[sp->first], type) || other_named_noun(a, &tok[sp->first + sp->n - 1], type);
}

/*
 * For a question that asks for a year (subtype "year": "In welchem Jahr ...?", a->wants_year), a
 * candidate without a number of three or four digits, or a resolved date without a digit: a month
 * ("Januar") or a number in words ("siebzehn"). On the development traces every gold answer of such
 * a question holds one.
 */
static bool lacks_year(const struct xlqa_answerer *a, const char *text, const struct xlqa_extract_span *sp)
{
	const struct xlqa_token *tok = a->ex.a.tokens;

	if (!a->wants_year)
		return false;
	if (sp->resolved)
		return !strpbrk(sp->resolved, "0123456789");
	for (size_t k = sp->first; k < sp->first + sp->n; k++) {
		const char *w = text + tok[k].start;
		size_t digits = strspn(w, "0123456789");

		if (tok[k].kind == XLQA_SPAN_NUMBER && (digits == 3 || digits == 4) && digits == tok[k].end - tok[k].start)
			return false;
	}
	return true;
}

/*
 * German: a name whose first word is a common noun (the dictionary knows it, or it is a compound of
 * known words; of a hyphenated first word, the last part) while a later word is a name (unknown and
 * no compound, or a name the dictionary lists: tok_known 0): a role before a person ("[Historiker]
 * Frederick W. Mote", "[Universalgelehrte] Shen Kuo", "Oscar-[Gewinnerin] Marlee Matlin"), where
 * "William Tyndale" is a name throughout.
 */
static bool role_prefixed(const struct xlqa_answerer *a, const struct xlqa_extract_span *sp)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	size_t r = sp->first, end = sp->first + sp->n;

	if (sp->kind != XLQA_EXTRACT_NAME || sp->n < 2)
		return false;
	while (r + 2 < end && tok[r + 1].kind == XLQA_SPAN_PUNCT && tok[r].end == tok[r + 1].start &&
	       tok[r + 1].end == tok[r + 2].start && a->passage.buf[tok[r + 1].start] == '-')
		r += 2; /* "Oscar-[Gewinnerin]": the role is the hyphenated word's last part */
	if (a->tok_known[r] <= 0 && !a->tok_compound[r])
		return false;
	for (size_t k = r + 1; k < end; k++)
		if (a->tok_known[k] == 0 && !a->tok_compound[k])
			return true;
	return false;
}

/* The shift of a two-word cue's naming sides in tok_naming. */
#define NAMING_TWO 2

/* The naming sides (enum xlqa_naming_side) of the one or two words at tokens [k, k + n) of one sentence. */
static unsigned naming_at(const struct xlqa_answerer *a, size_t k, size_t n)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	char words[XLQA_NAMING_MAX_BYTES];
	size_t first, second;

	if (k + n > a->ex.a.n_tokens || tok[k].kind != XLQA_SPAN_WORD ||
	    (n == 2 && (tok[k + 1].kind != XLQA_SPAN_WORD || tok[k + 1].sentence != tok[k].sentence)))
		return 0;
	first = strlen(tok[k].norm);
	if (n == 1)
		return xlqa_lang_naming(a->target, tok[k].norm, first);
	second = strlen(tok[k + 1].norm);
	if (first + 1 + second > sizeof words)
		return 0; /* longer than any cue (naming.txt takes none longer) */
	memcpy(words, tok[k].norm, first);
	words[first] = ' ';
	memcpy(words + first + 1, tok[k + 1].norm, second);
	return xlqa_lang_naming(a->target, words, first + 1 + second);
}

/*
 * Marks each token of the passage's analysis with the query group its word matched (-1: none), its
 * idf, the naming cues it is or starts (tok_naming) and, where every noun is capitalised, whether the
 * dictionary knows it as a common word (1), not at all or as one of its names (0).
 */
static int mark_tokens(struct xlqa_answerer *a, const char *text, size_t len, struct xlqa_error *err)
{
	const struct xlqa_analysis *an = &a->ex.a;
	size_t w = 0;
	int rc;

	if ((rc = xlqa_termer_run(a->termer, text, len, &a->words, err)))
		return rc;
	if (XLQA_ARRAY_RESERVE(a->tok_group, a->alloc_tok, an->n_tokens + 1) ||
	    XLQA_ARRAY_RESERVE(a->tok_weight, a->alloc_tokw, an->n_tokens + 1) ||
	    XLQA_ARRAY_RESERVE(a->tok_idf, a->alloc_idf, an->n_tokens + 1) ||
	    XLQA_ARRAY_RESERVE(a->tok_known, a->alloc_known, an->n_tokens + 1) ||
	    XLQA_ARRAY_RESERVE(a->tok_compound, a->alloc_compound, an->n_tokens + 1) ||
	    XLQA_ARRAY_RESERVE(a->tok_part, a->alloc_part, an->n_tokens + 1) ||
	    XLQA_ARRAY_RESERVE(a->tok_naming, a->alloc_naming, an->n_tokens + 1) ||
	    XLQA_ARRAY_RESERVE(a->sent_groups, a->alloc_sent, an->seg.n_sentences + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	memset(a->sent_groups, 0, (an->seg.n_sentences + 1) * sizeof *a->sent_groups);
	for (size_t i = 0; i < an->n_tokens; i++) {
		const struct xlqa_token *t = &an->tokens[i];
		const struct xlqa_term_word *tw;

		a->tok_group[i] = -1;
		a->tok_weight[i] = 0;
		a->tok_idf[i] = 0;
		a->tok_known[i] = -1;
		a->tok_compound[i] = false;
		a->tok_part[i] = false;
		a->tok_naming[i] = (unsigned char)(naming_at(a, i, 1) | naming_at(a, i, 2) << NAMING_TWO);
		if (a->capitalised_nouns && t->kind == XLQA_SPAN_WORD && !(t->flags & (XLQA_TOKEN_NUMERIC | XLQA_TOKEN_STOP))) {
			struct xlqa_strlist lemmas, parts = { 0 };

			if ((rc = xlqa_lang_lemmas(a->target, text + t->start, t->end - t->start, &lemmas, err)))
				return rc;
			/* a name the dictionary lists ("William") is known but no common noun */
			a->tok_known[i] = lemmas.n > 0 &&
			                  !xlqa_lang_is_dictionary_name(a->target, text + t->start, t->end - t->start);
			if (lemmas.n == 0 &&
			    (rc = xlqa_lang_split_compound(a->target, text + t->start, t->end - t->start, &parts, err)))
				return rc;
			a->tok_compound[i] = parts.n >= 2;
		}
		while (w < a->words.n_words && a->words.words[w].end <= t->start)
			w++;
		if (w >= a->words.n_words || (tw = &a->words.words[w])->start > t->start)
			continue;
		if (tw->n_terms)
			a->tok_idf[i] = term_idf(a, xlqa_termer_term(a->termer, a->words.terms[tw->first_term]));
		for (uint32_t k = 0; k < tw->n_terms; k++) {
			const char *term = xlqa_termer_term(a->termer, a->words.terms[tw->first_term + k]);
			void *v;

			if (xlqa_hash_get(&a->qterms, term, strlen(term), &v)) {
				const struct qterm *qt = v;

				a->tok_group[i] = (long)qt->group;
				a->tok_weight[i] = qt->weight;
				a->tok_part[i] = k > 0; /* terms after the word's own: its compound parts, irregular lemmas */
				if (t->sentence < an->seg.n_sentences)
					a->sent_groups[t->sentence] |= UINT64_C(1) << qt->group;
				break;
			}
		}
	}
	return XLQA_OK;
}

static bool opening_bracket(const char *text, const struct xlqa_token *t)
{
	return qa_punct_is(text, t, "(") || qa_punct_is(text, t, "[");
}

static bool closing_bracket(const char *text, const struct xlqa_token *t)
{
	return qa_punct_is(text, t, ")") || qa_punct_is(text, t, "]");
}

/*
 * True when span `sp` of the sentence [lo, hi) stands inside brackets without being all they hold:
 * an item or a word of a bracketed aside ("teams from the NFL (Los Angeles Rams, [San Diego Chargers])"),
 * seldom the answer, unlike a whole bracketed name or abbreviation ("([ASL])").
 */
static bool in_brackets(const char *text, const struct xlqa_token *tok, size_t lo, size_t hi,
                        const struct xlqa_extract_span *sp)
{
	size_t depth = 0, before = sp->first, after = sp->first + sp->n;

	for (size_t k = lo; k < sp->first; k++)
		if (opening_bracket(text, &tok[k]))
			depth++;
		else if (depth && closing_bracket(text, &tok[k]))
			depth--;
	if (!depth)
		return false;
	while (before > lo && (tok[before - 1].flags & XLQA_TOKEN_ARTICLE)) /* "(the Nationals)" is all of it */
		before--;
	return !(before > lo && opening_bracket(text, &tok[before - 1]) && after < hi && closing_bracket(text, &tok[after]));
}

/* A clause ends at punctuation other than a hyphen, apostrophe, percent or currency sign. */
static bool clause_break(const struct xlqa_token *t)
{
	return t->kind == XLQA_SPAN_PUNCT && !strchr("-'%$", t->norm[0]);
}

/*
 * Clauses: in each sentence holding a query word, the runs of words between query words and
 * punctuation, up to CLAUSE_MAX_WORDS, without leading articles or trailing stop words; a leading
 * preposition stays ("for Lutheran views"), which the stop_edge feature tells the model.
 */
static int add_clauses(struct xlqa_answerer *a, struct xlqa_error *err)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	size_t n_tok = a->ex.a.n_tokens;

	for (size_t i = 0; i < n_tok;) {
		size_t end = i, first = i, n, skip;

		while (end < n_tok && tok[end].sentence == tok[i].sentence && a->tok_group[end] < 0 && !clause_break(&tok[end]))
			end++;
		if (end == i) {
			i++;
			continue;
		}
		n = end - i;
		while (n && (tok[first].kind == XLQA_SPAN_PUNCT || (tok[first].flags & XLQA_TOKEN_ARTICLE))) {
			first++;
			n--;
		}
		while (n && (tok[first + n - 1].kind == XLQA_SPAN_PUNCT || qa_article_numeral(&tok[first + n - 1]) ||
		             ((tok[first + n - 1].flags & XLQA_TOKEN_STOP) && !(tok[first + n - 1].flags & XLQA_TOKEN_NUMERIC))))
			n--;
		skip = 0; /* its leading stop words */
		while (skip < n && (tok[first + skip].flags & XLQA_TOKEN_STOP) && !(tok[first + skip].flags & XLQA_TOKEN_NUMERIC))
			skip++;
		if (skip < n && qa_date_day(&a->ex, first + skip, n - skip)) { /* "Am [28]. Mai 2012" */
			i = end;
			continue;
		}
		/* the clause as it stands, then without its leading stop words ("in early nineteenth") */
		for (int variant = 0; variant < 2 && n && n <= CLAUSE_MAX_WORDS && tok[first].sentence < a->ex.a.seg.n_sentences &&
		                      a->sent_groups[tok[first].sentence];
		     variant++) {
			if (variant == 1) {
				if (skip == 0 || skip == n)
					break;
				first += skip;
				n -= skip;
			}
			if (!qa_extract_append(&a->ex, first, n, XLQA_EXTRACT_CLAUSE))
				return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		}
		i = end;
	}
	return XLQA_OK;
}

/*
 * True when span `sp` is a coordination or list one of whose items is only query words ("Ballarat,
 * [Bendigo] and [Geelong]" for "What party is favored in Bendigo and Geelong?"): the question names
 * that item, so the list is its context, not its answer.
 */
static bool query_item(const struct xlqa_answerer *a, const char *text, const struct xlqa_extract_span *sp)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	size_t words = 0, matched = 0;
	bool conjunction = false, named = false;

	for (size_t k = sp->first; k <= sp->first + sp->n; k++) {
		bool end = k == sp->first + sp->n;

		if (end || (tok[k].flags & XLQA_TOKEN_CONJUNCTION) || qa_punct_is(text, &tok[k], ",")) {
			conjunction |= !end && (tok[k].flags & XLQA_TOKEN_CONJUNCTION);
			named |= words && matched == words;
			words = matched = 0;
		} else if (tok[k].kind != XLQA_SPAN_PUNCT && !(tok[k].flags & XLQA_TOKEN_ARTICLE)) {
			words++;
			matched += a->tok_group[k] >= 0;
		}
	}
	return conjunction && named;
}

static bool sentence_end_before(const char *t, size_t i)
{
	return (t[i - 1] == ' ' || t[i - 1] == '\n') && i >= 2 && strchr(".!?", t[i - 2]) && t[i - 2] != '\0';
}

/*
 * The passage's text as whole sentences, in a->passage. Passages are windows of the segmenter's
 * sentences, which a wrapped line no longer ends (segment.c), so this is a guard: the span is widened
 * to the sentence ends around it (up to PASSAGE_REACH bytes each way, not across a blank line), and
 * single line breaks become blanks, byte for byte, so that supports print on one line.
 */
static int passage_text(struct xlqa_answerer *a, const struct xlqa_passage *p, struct xlqa_error *err)
{
	const char *t = a->doc_text.buf;
	size_t len = a->doc_text.len, s = p->start < len ? p->start : len, e = p->end < len ? p->end : len;

	while (s > 0 && p->start - s < PASSAGE_REACH && !sentence_end_before(t, s) &&
	       !(t[s - 1] == '\n' && s >= 2 && t[s - 2] == '\n'))
		s--;
	while (e < len && e - p->end < PASSAGE_REACH && !(e > s && sentence_end_before(t, e)) &&
	       !(t[e] == '\n' && e + 1 < len && t[e + 1] == '\n'))
		e++;
	while (s < p->start && ((unsigned char)t[s] & 0xC0) == 0x80) /* not inside a character */
		s++;
	while (e > p->end && e < len && ((unsigned char)t[e] & 0xC0) == 0x80)
		e--;
	xlqa_buf_reset(&a->passage);
	if (xlqa_buf_add(&a->passage, t + s, e - s))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < a->passage.len; i++)
		if (a->passage.buf[i] == '\n' && !(i + 1 < a->passage.len && a->passage.buf[i + 1] == '\n') &&
		    !(i > 0 && a->passage.buf[i - 1] == '\n'))
			a->passage.buf[i] = ' ';
	return XLQA_OK;
}

/*
 * For each span, the words between it and the nearest query word outside it in its sentence (1:
 * adjacent), SIZE_MAX when there is none or the span holds only query words (it is no answer).
 */
static int span_distances(struct xlqa_answerer *a, struct xlqa_error *err)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	size_t n_tok = a->ex.a.n_tokens;

	if (XLQA_ARRAY_RESERVE(a->span_dist, a->alloc_span_dist, a->ex.n + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < a->ex.n; i++) {
		const struct xlqa_extract_span *sp = &a->ex.spans[i];
		size_t end = sp->first + sp->n, dist = SIZE_MAX, own = 0, words = 0;

		for (size_t k = sp->first; k < end; k++)
			if (tok[k].kind != XLQA_SPAN_PUNCT) {
				words++;
				own += a->tok_group[k] >= 0;
			}
		for (size_t k = sp->first; own < words && k-- > 0 && tok[k].sentence == sp->sentence;)
			if (a->tok_group[k] >= 0) {
				dist = sp->first - k;
				break;
			}
		for (size_t k = end; own < words && k < n_tok && tok[k].sentence == sp->sentence && k - end + 1 < dist; k++)
			if (a->tok_group[k] >= 0) {
				dist = k - end + 1;
				break;
			}
		a->span_dist[i] = dist;
	}
	return XLQA_OK;
}

/*
 * The features of span `i` against the other spans of its sentence, in one pass over them: its
 * nesting (contains, inside) and whether no span of its kind stands nearer a query word (nearest,
 * from span_distances; ties count).
 */
static void among_spans(const struct xlqa_answerer *a, size_t i, double f[XLQA_ANSWER_FEATURES])
{
	const struct xlqa_extract_span *sp = &a->ex.spans[i];
	size_t contains = 0, inside = 0, end = sp->first + sp->n;
	bool nearest = a->span_dist[i] != SIZE_MAX;

	for (size_t j = 0; j < a->ex.n; j++) {
		const struct xlqa_extract_span *o = &a->ex.spans[j];
		size_t o_end = o->first + o->n;

		if (o->sentence != sp->sentence)
			continue;
		if (o->kind == sp->kind && a->span_dist[j] < a->span_dist[i])
			nearest = false;
		if (o->first == sp->first && o->n == sp->n)
			continue;
		contains += o->first >= sp->first && o_end <= end;
		inside += o->first <= sp->first && o_end >= end;
	}
	f[XLQA_FEATURE_CONTAINS] = log1p((double)contains);
	f[XLQA_FEATURE_INSIDE] = log1p((double)inside);
	f[XLQA_FEATURE_NEAREST] = nearest;
}

/* A query group `g` of the token at `k` (-1: none) that is the question's focus. */
static bool focus_group(const struct xlqa_answerer *a, long g)
{
	return g >= 0 && (a->group_flags[g] & XLQA_QUERY_FOCUS);
}

/* A query group `g` (-1: none) that is the noun a "what kind of" question asks a kind of. */
static bool kind_group(const struct xlqa_answerer *a, long g)
{
	return g >= 0 && (a->group_flags[g] & XLQA_QUERY_KIND_OF);
}

/*
 * Where every noun is capitalised (German), a clause ends with its verb, so one lower-case word
 * between the span and punctuation or the sentence's end closes the span as punctuation does
 * ("der British Nationality Act [1981] eingeführt."). Two or more ("genannt wurde") do not: on the
 * development tables they gained no more.
 */
static bool verb_closes(const struct xlqa_answerer *a, const struct xlqa_extract_span *sp, size_t next)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	size_t n_tok = a->ex.a.n_tokens;

	if (!a->capitalised_nouns || next >= n_tok || tok[next].sentence != sp->sentence ||
	    tok[next].kind != XLQA_SPAN_WORD || (tok[next].flags & XLQA_TOKEN_NUMERIC) ||
	    qa_capitalised(a->passage.buf, &tok[next]))
		return false;
	return next + 1 >= n_tok || tok[next + 1].sentence != sp->sentence || tok[next + 1].kind == XLQA_SPAN_PUNCT;
}

/* A quotation mark: what may stand between a naming cue and its name ("called \"Abilene\""). */
static bool quote_mark(const char *text, const struct xlqa_token *t)
{
	static const char *const quotes[] = { "\"",           "'",           "\xE2\x80\x9E", "\xE2\x80\x9C",
		                              "\xE2\x80\x9D", "\xC2\xAB",     "\xC2\xBB",     "\xE2\x80\x9A",
		                              "\xE2\x80\x98", "\xE2\x80\x99", "\xE2\x80\xB9", "\xE2\x80\xBA" };

	for (size_t i = 0; i < sizeof quotes / sizeof *quotes; i++)
		if (qa_punct_is(text, t, quotes[i]))
			return true;
	return false;
}

/*
 * A naming cue of the target pack (naming.txt) right before the span ("called", "known as",
 * "namens") or right after it ("genannt"), with at most two articles or quotes between, and after it
 * also a bracketed aside of up to three tokens: "mit dem Namen [Abilene]", "[Gemeinde] (Gmina) genannt".
 */
static bool named(const struct xlqa_answerer *a, const struct xlqa_extract_span *sp, size_t next)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	const char *text = a->passage.buf;
	size_t n_tok = a->ex.a.n_tokens, k = sp->first, s = sp->sentence;

	for (size_t skipped = 0; skipped < 2 && k > 0 && tok[k - 1].sentence == s &&
	                         ((tok[k - 1].flags & XLQA_TOKEN_ARTICLE) || quote_mark(text, &tok[k - 1]));
	     skipped++)
		k--;
	if (k > 0 && tok[k - 1].sentence == s &&
	    ((a->tok_naming[k - 1] & XLQA_NAMING_BEFORE) ||
	     (k > 1 && tok[k - 2].sentence == s && ((a->tok_naming[k - 2] >> NAMING_TWO) & XLQA_NAMING_BEFORE))))
		return true;
	k = next;
	while (k < n_tok && tok[k].sentence == s && quote_mark(text, &tok[k]))
		k++;
	if (k < n_tok && tok[k].sentence == s && opening_bracket(text, &tok[k]))
		for (size_t e = k + 1; e < n_tok && e <= k + 4 && tok[e].sentence == s; e++)
			if (closing_bracket(text, &tok[e])) {
				k = e + 1;
				break;
			}
	return k < n_tok && tok[k].sentence == s && ((a->tok_naming[k] | a->tok_naming[k] >> NAMING_TWO) & XLQA_NAMING_AFTER);
}

/*
 * Whether the question's focus noun stands two to FOCUS_AHEAD_WORDS words after a span whose next
 * token is `next`, with only words and hyphens between: what a number counts may follow its
 * modifiers ("[two] Major League Soccer teams", "[5]-cylinder"). Query words between count as words.
 */
static bool focus_ahead(const struct xlqa_answerer *a, const struct xlqa_extract_span *sp, size_t next)
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	const char *text = a->passage.buf;
	size_t words = 0;

	for (size_t k = next; k < a->ex.a.n_tokens && tok[k].sentence == sp->sentence; k++) {
		if (tok[k].kind == XLQA_SPAN_PUNCT) {
			if (!qa_punct_is(text, &tok[k], "-"))
				return false;
			continue;
		}
		if (++words > FOCUS_AHEAD_WORDS)
			return false;
		if (focus_group(a, a->tok_group[k]))
			return words > 1 || k > next;
	}
	return false;
}

/*
 * The features of a span's neighbourhood: whether query words stand right before and after it, and
 * whether its last word is a query word (its head, when the rest is not) or the focus noun follows.
 * What follows an abbreviation's full stop follows the span: a full stop glued to its last word with
 * the sentence going on after it ends an abbreviation, not a clause ("the largest [U.S.] city").
 */
static void neighbours(const struct xlqa_answerer *a, const struct xlqa_extract_span *sp, size_t lo,
                       double f[XLQA_ANSWER_FEATURES])
{
	const struct xlqa_token *tok = a->ex.a.tokens;
	size_t last = sp->first + sp->n - 1, next = sp->first + sp->n, n_tok = a->ex.a.n_tokens;
	bool same_before = sp->first > 0 && tok[sp->first - 1].sentence == sp->sentence;
	bool same_after, holds_kind = false;

	if (next + 1 < n_tok && tok[next].kind == XLQA_SPAN_PUNCT && strcmp(tok[next].norm, ".") == 0 &&
	    tok[next].start == tok[last].end && tok[next + 1].sentence == sp->sentence)
		next++;
	same_after = next < n_tok && tok[next].sentence == sp->sentence;

	f[XLQA_FEATURE_BEFORE] = same_before && a->tok_group[sp->first - 1] >= 0;
	f[XLQA_FEATURE_AFTER] = same_after && a->tok_group[next] >= 0;
	f[XLQA_FEATURE_FOCUS] = focus_group(a, a->tok_group[last]) || (same_after && focus_group(a, a->tok_group[next]));
	f[XLQA_FEATURE_HEAD] = sp->n > 1 && a->tok_group[last] >= 0 && a->tok_group[sp->first] < 0;
	f[XLQA_FEATURE_FOCUS_BEFORE] = same_before && focus_group(a, a->tok_group[sp->first - 1]);
	f[XLQA_FEATURE_FOCUS_AHEAD] = sp->kind == XLQA_EXTRACT_NUMBER && same_after && focus_ahead(a, sp, next);
	for (size_t k = sp->first; k <= last; k++)
		holds_kind |= kind_group(a, a->tok_group[k]);
	f[XLQA_FEATURE_KIND_OF] = !holds_kind && ((same_after && kind_group(a, a->tok_group[next])) ||
	                                          (same_before && kind_group(a, a->tok_group[sp->first - 1])));
	if (same_before && a->tok_group[sp->first - 1] < 0) {
		const struct xlqa_token *t = &tok[sp->first - 1];

		f[XLQA_FEATURE_LEFT_ARTICLE] = (t->flags & XLQA_TOKEN_ARTICLE) != 0;
		f[XLQA_FEATURE_LEFT_STOP] = !(t->flags & XLQA_TOKEN_ARTICLE) && (t->flags & XLQA_TOKEN_STOP);
		f[XLQA_FEATURE_LEFT_CONTENT] = t->kind != XLQA_SPAN_PUNCT && !(t->flags & (XLQA_TOKEN_ARTICLE | XLQA_TOKEN_STOP));
	}
	for (size_t k = sp->first, skipped = 0; a->stranded && k > lo && skipped < 3; k--, skipped++) {
		const struct xlqa_token *t = &tok[k - 1];

		if (t->kind == XLQA_SPAN_WORD && strcmp(t->norm, a->stranded) == 0) {
			f[XLQA_FEATURE_STRANDED] = 1;
			break;
		}
		if (t->kind != XLQA_SPAN_PUNCT && !(t->flags & XLQA_TOKEN_ARTICLE))
			break; /* only articles and quotes between: "on a \"Welfare Cash Card\"" */
	}
	f[XLQA_FEATURE_RIGHT_CLOSE] = !same_after || tok[next].kind == XLQA_SPAN_PUNCT || verb_closes(a, sp, next);
	f[XLQA_FEATURE_NAMED] = named(a, sp, next);
	f[XLQA_FEATURE_RIGHT_CONTENT] = same_after && a->tok_group[next] < 0 && tok[next].kind != XLQA_SPAN_PUNCT &&
	                                !(tok[next].flags & (XLQA_TOKEN_ARTICLE | XLQA_TOKEN_STOP));
}

/* The candidates of one passage. */
static int passage_candidates(struct xlqa_answerer *a, struct xlqa_answer_set *out, size_t pi, double total,
                              struct xlqa_error *err)
{
	const struct xlqa_passage *p = &out->results.passages[pi];
	const struct xlqa_token *tok;
	const char *text;
	size_t len, rank = 0;
	enum xlqa_answer_type type = out->question.type;
	int rc;

	if (p->doc != a->doc_loaded) {
		if ((rc = xlqa_index_doc_text(a->idx, p->doc, &a->doc_text, err)))
			return rc;
		a->doc_loaded = p->doc;
	}
	if ((rc = passage_text(a, p, err)))
		return rc;
	text = a->passage.buf;
	len = a->passage.len;
	xlqa_extraction_set_document(&a->ex, xlqa_index_date(a->idx, p->doc), xlqa_index_docno(a->idx, p->doc));
	if ((rc = xlqa_extract_run(a->target, text, len, type == XLQA_ANSWER_DEFINITION ? out->question.target : NULL,
	                           &a->ex, err)) ||
	    (rc = mark_tokens(a, text, len, err)))
		return rc;
	if ((rc = add_clauses(a, err)) || (rc = span_distances(a, err)))
		return rc;
	while (rank < out->results.n_hits && out->results.hits[rank].doc != p->doc)
		rank++;
	tok = a->ex.a.tokens;
	for (size_t i = 0; i < a->ex.n; i++) {
		const struct xlqa_extract_span *sp = &a->ex.spans[i];
		const struct xlqa_span *sent = &a->ex.a.seg.sentences[sp->sentence];
		double f[XLQA_ANSWER_FEATURES] = { 0 }, fit = type_fit[type][sp->kind];
		/* a resolved relative date is answered as the date it names ("yesterday" -> "March 11, 1994") */
		const char *answer = sp->resolved ? sp->resolved : text + sp->start;
		size_t answer_len = sp->resolved ? strlen(sp->resolved) : sp->end - sp->start;
		size_t words = 0, matched = 0, whole = 0, dist = a->span_dist[i], lo = sp->first, hi = sp->first + sp->n;
		size_t content = 0, known = 0, compound = 0, last = sp->first + sp->n - 1; /* content words, those the dictionary knows */
		double sw = 0, ww = 0, idf = 0, swi = 0;
		uint64_t window = 0;
		bool q_before = false, q_after = false;

		if (fit <= 0 || named_type_clash(a, sp, type) || lacks_year(a, text, sp))
			continue;
		for (size_t k = sp->first; k < sp->first + sp->n; k++)
			if (tok[k].kind != XLQA_SPAN_PUNCT) {
				if (k > sp->first && (tok[k].flags & XLQA_TOKEN_CONJUNCTION))
					f[XLQA_FEATURE_COORDINATION] = 1;
				content += a->tok_known[k] >= 0;
				known += a->tok_known[k] > 0;
				compound += a->tok_compound[k];
				words++;
				matched += a->tok_group[k] >= 0;
				whole += a->tok_group[k] >= 0 && !a->tok_part[k];
				idf += a->tok_idf[k];
			}
		/* the question's own words are not its answer; a compound that holds one is ("Metzgermarkt") */
		if (!words || whole == words || (matched && query_item(a, text, sp)))
			continue;
		while (lo > 0 && tok[lo - 1].sentence == sp->sentence) /* the span's sentence: tokens [lo, hi) */
			lo--;
		while (hi < a->ex.a.n_tokens && tok[hi].sentence == sp->sentence)
			hi++;
		for (size_t k = lo; k < hi; k++) {
			if (a->tok_group[k] >= 0 && k + WINDOW_WORDS >= sp->first && k < sp->first + sp->n + WINDOW_WORDS)
				window |= UINT64_C(1) << a->tok_group[k];
			if (a->tok_group[k] < 0 || (k >= sp->first && k < sp->first + sp->n))
				continue;
			q_before |= k < sp->first;
			q_after |= k >= sp->first + sp->n;
		}
		for (size_t g = 0; g < MAX_GROUPS && g < out->query.n_groups; g++)
			if (a->sent_groups[sp->sentence] & (UINT64_C(1) << g)) {
				sw += a->group_weight[g];
				swi += a->group_weight[g] * a->group_idf[g];
				ww += window & (UINT64_C(1) << g) ? a->group_weight[g] : 0;
			}
		f[XLQA_FEATURE_PASSAGE] = out->results.passages[0].score > 0 ? p->score / out->results.passages[0].score : 0;
		f[XLQA_FEATURE_DOC_RANK] = rank < out->results.n_hits ? 1.0 / (double)(rank + 1) : 0;
		f[XLQA_FEATURE_SENTENCE] = total > 0 ? sw / total : 0;
		f[XLQA_FEATURE_SENTENCE_IDF] = a->idf_total > 0 ? swi / a->idf_total : 0;
		f[XLQA_FEATURE_PROXIMITY] = dist == SIZE_MAX ? 0 : 1.0 / (double)dist;
		f[XLQA_FEATURE_TYPE_FIT] = fit;
		f[XLQA_FEATURE_LENGTH] = (double)words;
		/* as for dropping (whole), a word matched only through a term after its own (tok_part: a
		 * compound part, "Metzgermarkt" for "Markt", or an irregular verb's lemma) is no query word */
		f[XLQA_FEATURE_OVERLAP] = (double)whole / (double)words;
		f[XLQA_FEATURE_SENTENCE_REL] = 1;
		f[XLQA_FEATURE_TOP] = pi == 0;
		f[XLQA_FEATURE_WINDOW] = total > 0 ? ww / total : 0;
		f[XLQA_FEATURE_STOP_EDGE] = (tok[sp->first].flags & XLQA_TOKEN_STOP) != 0;
		neighbours(a, sp, lo, f);
		f[XLQA_FEATURE_IDF] = idf / (double)words;
		f[XLQA_FEATURE_EDGE_QUERY] = a->tok_group[sp->first] >= 0 || a->tok_group[sp->first + sp->n - 1] >= 0;
		f[XLQA_FEATURE_KIND_TYPE + sp->kind * XLQA_TYPE_GROUPS + type_group[type]] = 1;
		f[XLQA_FEATURE_KIND_PROXIMITY + sp->kind] = f[XLQA_FEATURE_PROXIMITY];
		among_spans(a, i, f);
		f[XLQA_FEATURE_BETWEEN] = q_before && q_after;
		f[XLQA_FEATURE_IN_BRACKETS] = in_brackets(text, tok, lo, hi, sp);
		f[XLQA_FEATURE_KNOWN] = content ? (double)known / (double)content : 0;
		f[XLQA_FEATURE_COMPOUND] = content ? (double)compound / (double)content : 0;
		f[XLQA_FEATURE_LOWER_TAIL] = a->capitalised_nouns && words > 1 && tok[last].kind == XLQA_SPAN_WORD &&
		                             !(tok[last].flags & XLQA_TOKEN_NUMERIC) && !qa_capitalised(text, &tok[last]);
		f[XLQA_FEATURE_ROLE_PREFIX] = role_prefixed(a, sp);
		f[XLQA_FEATURE_QUANTITY] = a->wants_quantity && sp->kind == XLQA_EXTRACT_MEASURE;
		f[XLQA_FEATURE_PERSON_CLASH] = type == XLQA_ANSWER_PERSON &&
		                               ((sp->n == 1 && qa_acronym(text + tok[sp->first].start,
		                                                          tok[sp->first].end - tok[sp->first].start)) ||
		                                qa_icu_is_name(&a->ex, text, sp->first, sp->n) ||
		                                f[XLQA_FEATURE_ROLE_PREFIX] > 0);
		xlqa_buf_reset(&a->key);
		if ((rc = xlqa_answer_key(a->target, answer, answer_len, &a->key, err)))
			return rc;
		if (!a->key.len)
			continue;
		if (xlqa_answer_set_add(out, answer, answer_len, a->key.buf, p->doc, (uint32_t)pi, sp->kind,
		                        f, text + sent->start, sent->end - sent->start))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	return XLQA_OK;
}

/*
 * Joins Apertium's translation of `text` to the lexicon's query in `out`; when Apertium fails and is
 * dropped (mt_failed), the question keeps the lexicon's query, made again.
 */
static int translate_mt(struct xlqa_answerer *a, const char *text, struct xlqa_answer_set *out,
                        struct xlqa_error *err)
{
	int rc = xlqa_mt_query(a->mt, a->target, text, &out->query, NULL, NULL, err);

	if (rc == XLQA_OK) {
		a->mt_answered++;
		return XLQA_OK;
	}
	if ((rc = mt_failed(a, rc, err)))
		return rc;
	return xlqa_translator_translate(a->tr, &out->source, &out->query, NULL, err);
}

int xlqa_answerer_answer(struct xlqa_answerer *a, const char *text, char category, struct xlqa_answer_set *out,
                         struct xlqa_error *err)
{
	double total, best = 0;
	int rc;

	answer_set_reset(out);
	xlqa_query_reset(&out->source);
	xlqa_query_reset(&out->query);
	out->results.n_hits = out->results.n_passages = 0;
	if ((rc = xlqa_question_query(a->rules, a->source, text, strlen(text), category, &out->question, &out->source,
	                              err)))
		return rc;
	a->stranded = a->source == a->target ? out->question.stranded : NULL;
	a->wants_year = a->year && out->question.subtype == a->year;
	a->wants_quantity = out->question.type == XLQA_ANSWER_MEASURE && out->question.subtype != a->count;
	if (!a->tr)
		rc = xlqa_question_to_query(&out->question, &out->query, err);
	else if ((rc = xlqa_translator_translate(a->tr, &out->source, &out->query, NULL, err)) == XLQA_OK && a->mt)
		rc = translate_mt(a, text, out, err);
	if (rc || (rc = xlqa_search(a->searcher, &out->query, &a->search, &out->results, err)) ||
	    (rc = map_query(a, &out->query, &total, err)))
		return rc;
	for (size_t i = 0; i < out->results.n_passages && i < a->passages; i++)
		if ((rc = passage_candidates(a, out, i, total, err)))
			return rc;
	for (size_t i = 0; i < out->n; i++)
		best = fmax(best, out->candidates[i].features[XLQA_FEATURE_SENTENCE]);
	for (size_t i = 0; i < out->n; i++) {
		struct xlqa_candidate *c = &out->candidates[i];

		c->features[XLQA_FEATURE_SENTENCE_REL] = best > 0 ? c->features[XLQA_FEATURE_SENTENCE] / best : 0;
		c->score = xlqa_answer_heuristic(c->features);
	}
	xlqa_answer_set_sort(out);
	if (out->n > a->max_candidates)
		out->n = a->max_candidates;
	return XLQA_OK;
}

int xlqa_answerer_respond(struct xlqa_answerer *a, const char *text, char category, struct xlqa_answer_set *set,
                          struct xlqa_response *out, struct xlqa_error *err)
{
	int rc = xlqa_answerer_answer(a, text, category, set, err);

	if (rc == XLQA_OK)
		rc = xlqa_answer_respond(a->idx, a->model, a->nil_confidence, set, out, err);
	if (rc != XLQA_OK) {
		set->n = 0;
		*out = (struct xlqa_response){ NULL, "NIL", "NIL", NULL, 0, XLQA_NIL_ERROR };
	}
	return rc;
}

int xlqa_answerer_prepare(struct xlqa_answerer *a, const struct xlqa_testset *ts, struct xlqa_error *err)
{
	const char **texts;
	int rc;

	if (!a->mt || a->queries || !ts->count)
		return XLQA_OK;
	if (!(texts = malloc(ts->count * sizeof *texts)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < ts->count; i++)
		texts[i] = ts->questions[i].text;
	rc = mt_failed(a, xlqa_mt_prepare(a->mt, texts, ts->count, err), err);
	free(texts);
	return rc;
}

int xlqa_answerer_respond_question(struct xlqa_answerer *a, const struct xlqa_testset_question *q,
                                   struct xlqa_answer_set *set, struct xlqa_response *out, struct xlqa_error *err)
{
	static const uint32_t none = 0;
	const char *text = q->text;
	int rc;

	if (a->queries) {
		const struct xlqa_testset_question *t = xlqa_testset_find(a->queries, q->number);

		if (!t) {
			set->n = 0;
			*out = (struct xlqa_response){ NULL, "NIL", "NIL", NULL, 0, XLQA_NIL_ERROR };
			return xlqa_error_set(err, XLQA_ENOTFOUND, "no translation of question %s", q->id);
		}
		text = t->text;
	}
	/* a question the retrieval lacks retrieved nothing: no passages, no candidates, NIL */
	if (a->retrieval && !xlqa_retrieval_docs(a->retrieval, q->number, &a->search.docs, &a->search.n_docs))
		a->search.docs = &none;
	rc = xlqa_answerer_respond(a, text, q->type, set, out, err);
	a->search.docs = NULL;
	a->search.n_docs = 0;
	return rc;
}
