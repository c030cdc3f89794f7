/*
 * measures: the CLEF 2004 measure registry (see include/xlqa/eval.h), the items the measures read
 * and the answer-type table. Each measure is a function over items in test-set order plus a row in
 * `measures`; adding one is adding both. Each row's help gives its formula and source (`xlqa score --measures`).
 *
 * Invariant: measures never fail; what is undefined on the input (no items, no variance, an unknown
 * NIL status) is NaN.
 */
#include "config.h"

#include "eval-internal.h"
#include "xlqa/eval.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool xlqa_eval_right(enum xlqa_judgment j, unsigned mode)
{
	return j == XLQA_JUDGMENT_R || (j == XLQA_JUDGMENT_U && (mode & XLQA_EVAL_LENIENT_U)) ||
	       (j == XLQA_JUDGMENT_X && (mode & XLQA_EVAL_LENIENT_X));
}

static size_t count_right(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += xlqa_eval_right(items[i].judgment, mode);
	return k;
}

static double m_accuracy(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	return n ? (double)count_right(items, n, mode) / (double)n : NAN;
}

/* One response ranked for CWS. */
struct ranked {
	double confidence;
	size_t index; /* test-set position */
	bool right;
};

/* Confidence, highest first; ties keep test-set order (the cws row of `measures`). */
static int by_confidence(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;

	if (a->confidence != b->confidence)
		return a->confidence > b->confidence ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* (1/n) * sum over ranks i = 1..n of (#right in the first i) / i. */
static double cws_of(const struct ranked *r, size_t n)
{
	double sum = 0.0;
	size_t so_far = 0;

	for (size_t i = 0; i < n; i++) {
		so_far += r[i].right;
		sum += (double)so_far / (double)(i + 1);
	}
	return sum / (double)n;
}

double eval_cws(const struct xlqa_eval_item *items, size_t n, unsigned mode, double *best)
{
	struct ranked *r;
	size_t n_right = 0;
	double cws;

	if (best)
		*best = NAN;
	if (n == 0)
		return NAN;
	r = malloc(n * sizeof *r);
	if (!r)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		r[i].confidence = items[i].confidence;
		r[i].index = i;
		r[i].right = xlqa_eval_right(items[i].judgment, mode);
		n_right += r[i].right;
	}
	qsort(r, n, sizeof *r, by_confidence);
	cws = cws_of(r, n);
	if (best) {
		/* the same answers ranked right-first */
		for (size_t i = 0; i < n; i++)
			r[i].right = i < n_right;
		*best = cws_of(r, n);
	}
	free(r);
	return cws;
}

static double m_cws(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	return eval_cws(items, n, mode, NULL);
}

static double m_k1(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	double sum = 0.0;

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		sum += items[i].confidence * (xlqa_eval_right(items[i].judgment, mode) ? 1.0 : -1.0);
	return sum / (double)n;
}

static double m_r(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	double mx = 0.0, my = 0.0, sxy = 0.0, sxx = 0.0, syy = 0.0;

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		mx += items[i].confidence;
		my += xlqa_eval_right(items[i].judgment, mode);
	}
	mx /= (double)n;
	my /= (double)n;
	for (size_t i = 0; i < n; i++) {
		double dx = items[i].confidence - mx, dy = xlqa_eval_right(items[i].judgment, mode) - my;

		sxy += dx * dy;
		sxx += dx * dx;
		syy += dy * dy;
	}
	return sxx > 0.0 && syy > 0.0 ? sxy / sqrt(sxx * syy) : NAN;
}

static double count_judgment(const struct xlqa_eval_item *items, size_t n, enum xlqa_judgment j)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += items[i].judgment == j;
	return (double)k;
}

static double m_R(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	(void)mode;
	return count_judgment(items, n, XLQA_JUDGMENT_R);
}

static double m_X(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	(void)mode;
	return count_judgment(items, n, XLQA_JUDGMENT_X);
}

static double m_U(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	(void)mode;
	return count_judgment(items, n, XLQA_JUDGMENT_U);
}

static double m_W(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	(void)mode;
	return count_judgment(items, n, XLQA_JUDGMENT_W);
}

static double m_unjudged(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	(void)mode;
	return count_judgment(items, n, XLQA_JUDGMENT_NONE);
}

static double m_nil_precision(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	size_t nil = 0, right = 0;

	for (size_t i = 0; i < n; i++)
		if (items[i].nil_response) {
			nil++;
			right += xlqa_eval_right(items[i].judgment, mode);
		}
	return nil ? (double)right / (double)nil : NAN;
}

static double m_nil_recall(const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	size_t nil_questions = 0, right = 0;

	for (size_t i = 0; i < n; i++) {
		if (items[i].nil_question < 0)
			return NAN;
		nil_questions += items[i].nil_question == 1;
		right += items[i].nil_response && xlqa_eval_right(items[i].judgment, mode);
	}
	return nil_questions ? (double)right / (double)nil_questions : NAN;
}

/* The registry. */
static const struct xlqa_measure measures[] = {
	{ "accuracy", "fraction of questions answered right (CLEF 2004 main measure)", false, m_accuracy },
	{ "cws", "confidence-weighted score: mean over ranks i of (#right in the first i)/i (TREC 2002)", false,
	  m_cws },
	{ "k1", "mean of confidence x (+1 right, -1 otherwise) (Herrera, Penas and Verdejo, CLEF 2004)", false, m_k1 },
	{ "r", "Pearson correlation of confidence and rightness (1/0) (Herrera et al., CLEF 2004)", false, m_r },
	{ "R", "responses judged right", true, m_R },
	{ "X", "responses judged inexact", true, m_X },
	{ "U", "responses judged unsupported", true, m_U },
	{ "W", "responses judged wrong", true, m_W },
	{ "unjudged", "responses the judge could not judge (scored as not right)", true, m_unjudged },
	{ "nil_precision", "right NIL responses / NIL responses", false, m_nil_precision },
	{ "nil_recall", "right NIL responses / questions whose answer is NIL (needs every NIL status known)", false,
	  m_nil_recall },
};

#define N_MEASURES (sizeof measures / sizeof measures[0])

size_t xlqa_measure_count(void)
{
	return N_MEASURES;
}

const struct xlqa_measure *xlqa_measure_at(size_t i)
{
	return i < N_MEASURES ? &measures[i] : NULL;
}

const struct xlqa_measure *xlqa_measure_find(const char *name)
{
	for (size_t i = 0; i < N_MEASURES; i++)
		if (strcmp(measures[i].name, name) == 0)
			return &measures[i];
	return NULL;
}

double xlqa_eval_statistic(const void *items, size_t n, const void *measure)
{
	return ((const struct xlqa_measure *)measure)->compute(items, n, XLQA_EVAL_STRICT);
}

/* Fills one item from a response (or, with r NULL, an unanswered question `number` of type `type`). */
static void fill_item(struct xlqa_eval_item *it, const struct xlqa_clef_response *r, unsigned number, char type,
                      const struct xlqa_judge *judge, const struct xlqa_eval_answer_types *types)
{
	enum xlqa_judgment j = r ? r->judgment : XLQA_JUDGMENT_NONE;

	memset(it, 0, sizeof *it);
	it->number = number;
	it->type = type;
	it->answer_type = types ? xlqa_eval_answer_types_get(types, number) : NULL;
	it->confidence = r ? r->confidence : 0.0;
	it->judgment = j;
	it->nil_response = r && r->nil;
	if (judge)
		it->nil_question = xlqa_judge_nil_question(judge, number);
	else if (r && r->nil && j == XLQA_JUDGMENT_R)
		it->nil_question = 1;
	else if (r && !r->nil && (j == XLQA_JUDGMENT_R || j == XLQA_JUDGMENT_X || j == XLQA_JUDGMENT_U))
		it->nil_question = 0;
	else
		it->nil_question = -1;
}

int xlqa_eval_items(const struct xlqa_clef_run *run, const struct xlqa_testset *ts, const struct xlqa_judge *judge,
                    const struct xlqa_eval_answer_types *types, struct xlqa_eval_item **items, size_t *n,
                    struct xlqa_error *err)
{
	size_t count = ts ? ts->count : run->count;
	struct xlqa_eval_item *it;

	*items = NULL;
	*n = 0;
	it = calloc(count ? count : 1, sizeof *it);
	if (!it)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!ts) {
		for (size_t i = 0; i < run->count; i++)
			fill_item(&it[i], &run->responses[i], run->responses[i].number, run->responses[i].type, judge, types);
	} else {
		/* The first response to each test-set question counts; the checker reports repeats. */
		for (size_t q = 0; q < ts->count; q++)
			fill_item(&it[q], NULL, ts->questions[q].number, ts->questions[q].type, judge, types);
		for (size_t i = run->count; i-- > 0;) {
			const struct xlqa_clef_response *r = &run->responses[i];
			const struct xlqa_testset_question *tq = xlqa_testset_find(ts, r->number);

			if (!tq) {
				free(it);
				return xlqa_error_at(err, XLQA_EPARSE, -1, r->line, "line %lld: question %u is not in the test set",
				                     (long long)r->line, r->number);
			}
			fill_item(&it[tq - ts->questions], r, tq->number, tq->type, judge, types);
		}
	}
	*items = it;
	*n = count;
	return XLQA_OK;
}

/* ---- answer types ------------------------------------------------------------------------------ */

void xlqa_eval_answer_types_init(struct xlqa_eval_answer_types *t)
{
	xlqa_hash_init(&t->map);
	xlqa_arena_init(&t->strings, 0);
}

void xlqa_eval_answer_types_release(struct xlqa_eval_answer_types *t)
{
	xlqa_hash_release(&t->map);
	xlqa_arena_release(&t->strings);
}

/* The `col`-th (0-based) tab-separated column of line [p, p+n), or false when there are fewer. */
static bool tsv_column(const char *p, size_t n, size_t col, const char **start, size_t *len)
{
	const char *end = p + n;

	for (size_t i = 0; i < col; i++) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));

		if (!tab)
			return false;
		p = tab + 1;
	}
	{
		const char *tab = memchr(p, '\t', (size_t)(end - p));

		*start = p;
		*len = (size_t)((tab ? tab : end) - p);
	}
	return true;
}

int xlqa_eval_answer_types_read(struct xlqa_eval_answer_types *t, const char *path, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	size_t pos = 0, type_col = 1;
	int64_t line = 0;
	int rc = xlqa_file_read(path, &buf, err);

	while (!rc && pos < buf.len) {
		const char *p = buf.buf + pos, *nl = memchr(p, '\n', buf.len - pos), *num, *type;
		size_t n = nl ? (size_t)(nl - p) : buf.len - pos, num_len, type_len;
		unsigned number;
		char key[8];
		void *old = NULL;

		pos += n + (nl != NULL);
		line++;
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (strspn(p, " \t") >= n)
			continue;
		tsv_column(p, n, 0, &num, &num_len);
		if (!clef_parse_number(num, num_len, &number)) {
			if (line == 1) {
				/* A header: find the answer_type column. */
				for (size_t c = 0; tsv_column(p, n, c, &type, &type_len); c++)
					if (type_len == 11 && memcmp(type, "answer_type", 11) == 0)
						type_col = c;
				continue;
			}
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question number expected, found '%.*s'",
			                   (int)num_len, num);
			break;
		}
		if (!tsv_column(p, n, type_col, &type, &type_len) || type_len == 0) {
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "answer type expected in column %zu",
			                   type_col + 1);
			break;
		}
		snprintf(key, sizeof key, "%u", number);
		if (xlqa_hash_get(&t->map, key, strlen(key), NULL)) {
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question %04u repeated", number);
			break;
		}
		type = xlqa_arena_strndup(&t->strings, type, type_len);
		if (!type || xlqa_hash_put(&t->map, key, strlen(key), (void *)(uintptr_t)type, &old)) {
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			break;
		}
	}
	if (!rc && t->map.count == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no answer types", path);
	xlqa_buf_release(&buf);
	return rc;
}

const char *xlqa_eval_answer_types_get(const struct xlqa_eval_answer_types *t, unsigned number)
{
	char key[16];
	void *value;

	snprintf(key, sizeof key, "%u", number);
	return xlqa_hash_get(&t->map, key, strlen(key), &value) ? value : NULL;
}
