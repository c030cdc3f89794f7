/*
 * tables: feature tables, the TSV files models are fitted from (format in include/xlqa/model.h),
 * applying a model to one (each candidate's probability, each question's best candidate and its
 * confidence), and the cross-fitted (out-of-fold) answer calibration fitted over one.
 *
 * Invariant: after a successful read every row has d finite features and a 0/1 label, every question
 * has one gold_nil value, a question listed without candidates has no rows, and no gold-NIL question
 * has a right row; a failed read leaves nothing the caller must inspect (release still frees it).
 */
#include "config.h"

#include "model-internal.h"
#include "xlqa/eval.h"
#include "xlqa/model.h"

#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void xlqa_model_data_init(struct xlqa_model_data *t)
{
	memset(t, 0, sizeof *t);
	xlqa_hash_init(&t->ids);
	xlqa_arena_init(&t->strings, 0);
}

void xlqa_model_data_release(struct xlqa_model_data *t)
{
	free(t->feature_names);
	free(t->x);
	free(t->y);
	free(t->question);
	free(t->line);
	free(t->question_ids);
	free(t->gold_nil);
	free(t->no_candidates);
	free(t->group);
	xlqa_hash_release(&t->ids);
	xlqa_arena_release(&t->strings);
	xlqa_model_data_init(t);
}

/* Splits line s (NUL-terminated, modified) at tabs into *fields; returns the count or 0 on ENOMEM. */
static size_t split_tabs(char *s, char ***fields, size_t *alloc)
{
	size_t n = 0;

	for (;;) {
		char *tab = strchr(s, '\t');

		if (XLQA_ARRAY_RESERVE(*fields, *alloc, n + 1))
			return 0;
		(*fields)[n++] = s;
		if (!tab)
			return n;
		*tab = '\0';
		s = tab + 1;
	}
}

/* "0" or "1" into *v; false otherwise. */
static bool parse_flag(const char *s, unsigned char *v)
{
	if ((s[0] != '0' && s[0] != '1') || s[1])
		return false;
	*v = (unsigned char)(s[0] - '0');
	return true;
}

static bool parse_value(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return end != s && !*end && errno != ERANGE && isfinite(*v);
}

static int read_header(struct xlqa_model_data *t, char **f, size_t nf, int64_t line, const char *path,
                       struct xlqa_error *err)
{
	static const char *const fixed[] = { "question", "gold_nil", "label" };
	long rep;

	for (size_t i = 0; i < 3; i++)
		if (i >= nf || strcmp(f[i], fixed[i]) != 0)
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, line,
			                     "header 'question<TAB>gold_nil<TAB>label<TAB>feature...' expected");
	if (nf < 4)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "the header names no feature");
	t->d = nf - 3;
	if (!(t->feature_names = calloc(t->d, sizeof *t->feature_names)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t j = 0; j < t->d; j++) {
		if (!f[j + 3][0])
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "feature %zu has no name", j + 1);
		if (!(t->feature_names[j] = xlqa_arena_strndup(&t->strings, f[j + 3], strlen(f[j + 3]))))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if ((rep = qa_model_repeated_name((const char *const *)t->feature_names, t->d)) >= 0)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "feature '%s' named twice", t->feature_names[rep]);
	return XLQA_OK;
}

/* The index of question `id`, added (with its gold_nil and no-candidate flags) when new; *is_new says which. */
static int find_question(struct xlqa_model_data *t, const char *id, unsigned char gold_nil, bool none, size_t *index,
                         bool *is_new)
{
	void *v;
	char *copy;

	if (xlqa_hash_get(&t->ids, id, strlen(id), &v)) {
		*index = (size_t)(uintptr_t)v - 1;
		*is_new = false;
		return XLQA_OK;
	}
	if (XLQA_ARRAY_RESERVE(t->question_ids, t->q_alloc, t->n_questions + 1) ||
	    !(copy = xlqa_arena_strndup(&t->strings, id, strlen(id))))
		return XLQA_ENOMEM;
	/* the flag arrays follow question_ids' allocation */
	{
		unsigned char *g = realloc(t->gold_nil, t->q_alloc), *nc;

		if (!g)
			return XLQA_ENOMEM;
		t->gold_nil = g;
		if (!(nc = realloc(t->no_candidates, t->q_alloc)))
			return XLQA_ENOMEM;
		t->no_candidates = nc;
	}
	if (xlqa_hash_put(&t->ids, id, strlen(id), (void *)(uintptr_t)(t->n_questions + 1), NULL))
		return XLQA_ENOMEM;
	*index = t->n_questions++;
	t->question_ids[*index] = copy;
	t->gold_nil[*index] = gold_nil;
	t->no_candidates[*index] = none;
	*is_new = true;
	return XLQA_OK;
}

/* Appends one candidate row of question q with the features in f[0..d). */
static int add_row(struct xlqa_model_data *t, size_t q, unsigned char label, char **f, int64_t line, const char *path,
                   struct xlqa_error *err)
{
	size_t row = t->n;
	size_t old_alloc = t->row_alloc;

	if (XLQA_ARRAY_RESERVE(t->x, t->x_alloc, (row + 1) * t->d) ||
	    XLQA_ARRAY_RESERVE(t->y, t->row_alloc, row + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (t->row_alloc != old_alloc) {
		/* the other per-row arrays follow y's allocation */
		size_t *qs = realloc(t->question, t->row_alloc * sizeof *qs);
		int64_t *ls;

		if (!qs)
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		t->question = qs;
		if (!(ls = realloc(t->line, t->row_alloc * sizeof *ls)))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		t->line = ls;
	}
	for (size_t j = 0; j < t->d; j++)
		if (!parse_value(f[j], &t->x[row * t->d + j]))
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "feature '%s': a finite number expected, found '%s'",
			                     t->feature_names[j], f[j]);
	t->y[row] = label;
	t->question[row] = q;
	t->line[row] = line;
	t->n++;
	return XLQA_OK;
}

/* One data line, already split into nf fields. */
static int read_line(struct xlqa_model_data *t, char **f, size_t nf, int64_t line, const char *path,
                     struct xlqa_error *err)
{
	unsigned char gold_nil, label = 0;
	bool none = nf >= 3 && strcmp(f[2], "-") == 0, is_new;
	size_t q;

	if (nf != 3 + t->d && !(none && nf == 3))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "%zu columns, the header has %zu", nf, 3 + t->d);
	if (!f[0][0])
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question id missing");
	if (!parse_flag(f[1], &gold_nil))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "gold_nil must be 0 or 1, not '%s'", f[1]);
	if (!none && !parse_flag(f[2], &label))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "label must be 0, 1 or '-', not '%s'", f[2]);
	if (none)
		for (size_t j = 3; j < nf; j++)
			if (strcmp(f[j], "-") != 0)
				return xlqa_error_in(err, XLQA_EPARSE, path, -1, line,
				                     "a line without a candidate (label '-') has '%s' as feature '%s'", f[j],
				                     t->feature_names[j - 3]);
	if (gold_nil && label)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line,
		                     "question '%s' has NIL as its gold answer but a right candidate", f[0]);
	if (find_question(t, f[0], gold_nil, none, &q, &is_new))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!is_new && t->gold_nil[q] != gold_nil)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question '%s' had gold_nil %u before", f[0],
		                     t->gold_nil[q]);
	if (!is_new && (none || t->no_candidates[q]))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line,
		                     "question '%s' is listed both with and without candidates", f[0]);
	return none ? XLQA_OK : add_row(t, q, label, f + 3, line, path, err);
}

int xlqa_model_data_write_header(struct xlqa_buf *out, const char *(*name)(size_t), size_t d,
                                 struct xlqa_error *err)
{
	int rc = xlqa_buf_addstr(out, "question\tgold_nil\tlabel");

	for (size_t j = 0; j < d && !rc; j++)
		rc = xlqa_buf_addf(out, "\t%s", name(j));
	if (rc || (rc = xlqa_buf_addch(out, '\n')))
		return xlqa_error_status(err, rc, "writing the feature table's header");
	return XLQA_OK;
}

int xlqa_model_data_write_row(struct xlqa_buf *out, const char *id, bool gold_nil, int label, const double *x,
                              size_t d, struct xlqa_error *err)
{
	int rc;

	if (label < 0)
		rc = xlqa_buf_addf(out, "%s\t%d\t-\n", id, gold_nil);
	else
		rc = xlqa_buf_addf(out, "%s\t%d\t%d", id, gold_nil, label > 0);
	for (size_t j = 0; label >= 0 && j < d && !rc; j++)
		rc = xlqa_buf_addf(out, "\t%.6g", x[j]);
	if (!rc && label >= 0)
		rc = xlqa_buf_addch(out, '\n');
	return rc ? xlqa_error_status(err, rc, "writing the feature table's line of question '%s'", id) : XLQA_OK;
}

int xlqa_model_data_read(struct xlqa_model_data *t, const char *path, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	char **fields = NULL;
	size_t fields_alloc = 0, pos = 0;
	int64_t line = 0;
	bool header = false;
	int rc = xlqa_file_read(path, &buf, err);

	while (!rc && pos < buf.len) {
		char *p = buf.buf + pos, *nl = memchr(p, '\n', buf.len - pos);
		size_t n = nl ? (size_t)(nl - p) : buf.len - pos, nf;

		pos += n + (nl != NULL);
		line++;
		if (n > 0 && p[n - 1] == '\r')
			n--;
		p[n] = '\0';
		if (memchr(p, '\0', n))
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "a NUL byte");
		else if (p[strspn(p, " \t")] == '\0' || p[0] == '#')
			continue;
		else if (!(nf = split_tabs(p, &fields, &fields_alloc)))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		else if (!header)
			header = !(rc = read_header(t, fields, nf, line, path, err));
		else
			rc = read_line(t, fields, nf, line, path, err);
	}
	if (!rc && !header)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no header", path);
	else if (!rc && t->n_questions == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no candidates and no questions", path);
	free(fields);
	xlqa_buf_release(&buf);
	return rc;
}

/*
 * A table's rows grouped by question: the rows of question q are order[start[q] .. start[q + 1]), in
 * table order (a counting sort), and rows (widest entries) is room for one question's row pointers.
 */
struct groups {
	size_t *start, *order, widest;
	const double **rows;
};

static void groups_release(struct groups *g)
{
	free(g->start);
	free(g->order);
	free(g->rows);
}

static int groups_build(const struct xlqa_model_data *t, struct groups *g, struct xlqa_error *err)
{
	memset(g, 0, sizeof *g);
	g->start = calloc(t->n_questions + 1, sizeof *g->start);
	g->order = malloc((t->n ? t->n : 1) * sizeof *g->order);
	if (!g->start || !g->order) {
		groups_release(g);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < t->n; i++)
		g->start[t->question[i] + 1]++;
	for (size_t q = 0; q < t->n_questions; q++) {
		g->widest = g->start[q + 1] > g->widest ? g->start[q + 1] : g->widest;
		g->start[q + 1] += g->start[q];
	}
	for (size_t i = 0; i < t->n; i++) /* start[q] runs forward to start[q + 1] as q's rows are placed */
		g->order[g->start[t->question[i]]++] = i;
	for (size_t q = t->n_questions; q > 0; q--)
		g->start[q] = g->start[q - 1];
	g->start[0] = 0;
	if (!(g->rows = malloc((g->widest ? g->widest : 1) * sizeof *g->rows))) {
		groups_release(g);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	return XLQA_OK;
}

int xlqa_model_data_clear_features(struct xlqa_model_data *t, const char *pattern, size_t *cleared,
                                   struct xlqa_error *err)
{
	size_t n = 0;

	for (size_t j = 0; j < t->d; j++) {
		if (fnmatch(pattern, t->feature_names[j], 0) != 0)
			continue;
		for (size_t i = 0; i < t->n; i++)
			t->x[i * t->d + j] = 0.0;
		n++;
	}
	if (cleared)
		*cleared = n;
	return n ? XLQA_OK : xlqa_error_set(err, XLQA_ENOTFOUND, "no feature matches '%s'", pattern);
}

/* The answer inputs of question q of `t` under `m`; returns the table row of its best candidate. */
static size_t question_inputs(const struct xlqa_model *m, const struct xlqa_model_data *t, struct groups *g, size_t q,
                              double *inputs)
{
	size_t a = g->start[q], n = g->start[q + 1] - a, best;

	for (size_t k = 0; k < n; k++)
		g->rows[k] = t->x + g->order[a + k] * t->d;
	xlqa_model_answer_inputs(m, g->rows, n, &best, inputs);
	return g->order[a + best];
}

/*
 * The model's decision for question q of `t` (xlqa_model_decide over its rows) and, in *row, the
 * table row of the candidate it answers with; false when the question has no candidates.
 */
static bool question_decision(const struct xlqa_model *m, const struct xlqa_model_data *t, struct groups *g,
                              size_t q, struct xlqa_model_decision *dec, size_t *row)
{
	size_t a = g->start[q], n = g->start[q + 1] - a;

	if (n == 0)
		return false;
	for (size_t k = 0; k < n; k++)
		g->rows[k] = t->x + g->order[a + k] * t->d;
	xlqa_model_decide(m, g->rows, n, dec);
	*row = g->order[a + dec->best];
	return true;
}

int xlqa_model_data_apply(const struct xlqa_model *m, const struct xlqa_model_data *t, double *p, double *best_p,
                          unsigned char *best_right, struct xlqa_error *err)
{
	size_t d = xlqa_model_dim(m);
	struct groups g;
	int rc;

	for (size_t j = 0; j < d || j < t->d; j++)
		if (j >= d || j >= t->d || strcmp(xlqa_model_feature(m, j), t->feature_names[j]) != 0)
			return xlqa_error_set(err, XLQA_EINVAL, "feature %zu is '%s' in the table but '%s' in the model", j + 1,
			                      j < t->d ? t->feature_names[j] : "(none)", j < d ? xlqa_model_feature(m, j) : "(none)");
	for (size_t i = 0; p && i < t->n; i++)
		p[i] = xlqa_model_predict(m, t->x + i * d);
	if (!best_p)
		return XLQA_OK;
	if ((rc = groups_build(t, &g, err)))
		return rc;
	for (size_t q = 0; q < t->n_questions; q++) {
		struct xlqa_model_decision dec;
		size_t row;

		if (!question_decision(m, t, &g, q, &dec, &row)) {
			best_p[q] = -1.0;
			if (best_right)
				best_right[q] = 0;
			continue;
		}
		best_p[q] = dec.confidence;
		if (best_right)
			best_right[q] = t->y[row];
	}
	groups_release(&g);
	return XLQA_OK;
}

int xlqa_model_data_respond(const struct xlqa_model *m, const struct xlqa_model_data *t, double nil_confidence,
                            struct xlqa_model_response *out, struct xlqa_error *err)
{
	struct groups g;
	int rc;

	if ((rc = xlqa_model_data_apply(m, t, NULL, NULL, NULL, err)) || (rc = groups_build(t, &g, err)))
		return rc;
	for (size_t q = 0; q < t->n_questions; q++) {
		struct xlqa_model_decision dec = { 0, NAN, NAN, false };
		size_t row = 0;
		bool answered = question_decision(m, t, &g, q, &dec, &row) && !dec.below_threshold;
		double nil = isnan(dec.nil) ? nil_confidence : dec.nil;

		out[q].nil = !answered;
		out[q].confidence = fmin(1, fmax(0, answered ? dec.confidence : nil));
		out[q].right = answered ? t->y[row] != 0 : t->gold_nil[q] != 0;
	}
	groups_release(&g);
	return XLQA_OK;
}

/* One line of a groups file: the question's index into *q; false (with err set) when it is bad. */
static bool group_line(const struct xlqa_model_data *t, const char *path, size_t line, const char *s, size_t len,
                       const char **group, size_t *group_len, size_t *q, struct xlqa_error *err)
{
	const char *tab = memchr(s, '\t', len);
	void *v;

	if (!tab || tab == s || tab + 1 == s + len)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, (int64_t)line, "'question TAB group' expected"), false;
	if (!xlqa_hash_get(&t->ids, s, (size_t)(tab - s), &v))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, (int64_t)line, "question '%.*s' is not in the table",
		                     (int)(tab - s), s),
		       false;
	*q = (size_t)(uintptr_t)v - 1;
	*group = tab + 1;
	*group_len = (size_t)(s + len - *group);
	return true;
}

int xlqa_model_data_read_groups(struct xlqa_model_data *t, const char *path, struct xlqa_error *err)
{
	struct xlqa_buf text = XLQA_BUF_INIT;
	struct xlqa_hash names;
	const char **name = calloc(t->n_questions ? t->n_questions : 1, sizeof *name);
	size_t *len = calloc(t->n_questions ? t->n_questions : 1, sizeof *len), line = 0, next = 0;
	size_t *group = malloc((t->n_questions ? t->n_questions : 1) * sizeof *group);
	int rc = !name || !len || !group ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;

	xlqa_hash_init(&names);
	if (!rc)
		rc = xlqa_file_read(path, &text, err);
	for (const char *s = text.buf, *end = text.buf + text.len; !rc && s < end; line++) {
		const char *nl = memchr(s, '\n', (size_t)(end - s)), *g;
		size_t n = (size_t)((nl ? nl : end) - s), q, glen;

		if (n && s[n - 1] == '\r')
			n--;
		if (n && s[0] != '#' && group_line(t, path, line + 1, s, n, &g, &glen, &q, err)) {
			if (name[q])
				rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, (int64_t)line + 1, "question '%s' given twice",
				                   t->question_ids[q]);
			name[q] = g;
			len[q] = glen;
		} else if (n && s[0] != '#') {
			rc = err->status;
		}
		s = nl ? nl + 1 : end;
	}
	for (size_t q = 0; !rc && q < t->n_questions; q++) {
		void *v;

		if (!name[q]) {
			rc = xlqa_error_set(err, XLQA_EINVAL, "%s: no group for question '%s'", path, t->question_ids[q]);
		} else if (xlqa_hash_get(&names, name[q], len[q], &v)) {
			group[q] = (size_t)(uintptr_t)v - 1;
		} else {
			group[q] = next++;
			if (xlqa_hash_put(&names, name[q], len[q], (void *)(uintptr_t)(group[q] + 1), NULL))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		}
	}
	if (!rc) {
		free(t->group);
		t->group = group;
		group = NULL;
	}
	free(group);
	free(name);
	free(len);
	xlqa_hash_release(&names);
	xlqa_buf_release(&text);
	return rc;
}

/* The rows of `t` outside fold k of `folds`, question indices renumbered densely, for one fold's fit. */
struct fold_rows {
	double *x;
	unsigned char *y;
	size_t *question, *renumber, n;
};

static void fold_rows_release(struct fold_rows *f)
{
	free(f->x);
	free(f->y);
	free(f->question);
	free(f->renumber);
}

/* The cross-fitting fold of question q: its group's, or its own number's without groups. */
static size_t fold_of(const struct xlqa_model_data *t, size_t q, size_t folds)
{
	return (t->group ? t->group[q] : q) % folds;
}

static void fold_rows_fill(const struct xlqa_model_data *t, size_t k, size_t folds, struct fold_rows *f)
{
	size_t next = 0;

	f->n = 0;
	for (size_t q = 0; q < t->n_questions; q++)
		f->renumber[q] = SIZE_MAX;
	for (size_t i = 0; i < t->n; i++) {
		size_t q = t->question[i];

		if (fold_of(t, q, folds) == k)
			continue;
		if (f->renumber[q] == SIZE_MAX)
			f->renumber[q] = next++;
		memcpy(f->x + f->n * t->d, t->x + i * t->d, t->d * sizeof *f->x);
		f->y[f->n] = t->y[i];
		f->question[f->n++] = f->renumber[q];
	}
}

int xlqa_model_data_oof_inputs(const struct xlqa_model_data *t, const struct xlqa_model_fit_options *opt,
                               bool ranking, size_t folds, double *inputs, unsigned char *best_right,
                               struct xlqa_error *err)
{
	struct fold_rows f = { 0 };
	struct groups g;
	int rc;

	if (folds < 2 || folds > t->n_questions)
		return xlqa_error_set(err, XLQA_EINVAL, "%zu folds for %zu questions: 2 to one a question needed", folds,
		                      t->n_questions);
	if (t->d && t->n > SIZE_MAX / sizeof *f.x / t->d)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "%zu candidates of %zu features are too many", t->n, t->d);
	if ((rc = groups_build(t, &g, err)))
		return rc;
	f.x = malloc((t->n ? t->n * t->d : 1) * sizeof *f.x);
	f.y = malloc(t->n ? t->n : 1);
	f.question = malloc((t->n ? t->n : 1) * sizeof *f.question);
	f.renumber = malloc(t->n_questions * sizeof *f.renumber);
	if (!f.x || !f.y || !f.question || !f.renumber)
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t k = 0; !rc && k < folds; k++) {
		struct xlqa_model *fm = NULL;

		fold_rows_fill(t, k, folds, &f);
		if ((rc = xlqa_model_fit(f.x, f.y, f.n, t->d, (const char *const *)t->feature_names, opt, &fm, err)) ||
		    (ranking && (rc = xlqa_model_fit_ranking(fm, f.x, f.y, f.question, f.n, opt, err)))) {
			xlqa_error_prefix(err, "fold %zu of %zu", k + 1, folds);
			xlqa_model_free(fm);
			break;
		}
		for (size_t q = 0; q < t->n_questions; q++) {
			size_t row = 0;

			if (fold_of(t, q, folds) != k)
				continue;
			if (g.start[q] < g.start[q + 1])
				row = question_inputs(fm, t, &g, q, inputs + q * XLQA_MODEL_ANSWER_INPUTS);
			else
				for (size_t j = 0; j < XLQA_MODEL_ANSWER_INPUTS; j++)
					inputs[q * XLQA_MODEL_ANSWER_INPUTS + j] = NAN;
			best_right[q] = g.start[q] < g.start[q + 1] ? t->y[row] : 0;
		}
		xlqa_model_free(fm);
	}
	fold_rows_release(&f);
	groups_release(&g);
	return rc;
}

int xlqa_model_answer_ece(const double *confidence, const unsigned char *right, size_t n, double *ece,
                          struct xlqa_error *err)
{
	struct xlqa_eval_item *items = calloc(n ? n : 1, sizeof *items);
	struct xlqa_calibration cal;
	size_t k = 0;

	if (!items)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t q = 0; q < n; q++)
		if (confidence[q] >= 0) {
			items[k].confidence = confidence[q];
			items[k].judgment = right[q] ? XLQA_JUDGMENT_R : XLQA_JUDGMENT_W;
			items[k++].nil_question = -1;
		}
	xlqa_calibration_compute(items, k, XLQA_EVAL_STRICT, &cal);
	free(items);
	*ece = cal.ece;
	return XLQA_OK;
}

/*
 * Fits one calibration (model.h) on the n rows of xc (XLQA_MODEL_ANSWER_INPUTS inputs each) with
 * labels y into *c: its raw weights, the fit's summary, and the mean log-loss and ECE of its own
 * confidences, which go to conf[0..n). Errors: those of xlqa_model_fit, XLQA_ENOMEM.
 */
static int fit_one_calibration(const double *xc, const unsigned char *y, size_t n, size_t folds,
                               const struct xlqa_model_fit_options *opt, struct xlqa_model_answer_calibration *c,
                               double *conf, struct xlqa_error *err)
{
	enum { K = XLQA_MODEL_ANSWER_INPUTS };
	const char *names[K];
	struct xlqa_model *cm = NULL;
	int rc;

	for (size_t k = 0; k < K; k++)
		names[k] = xlqa_model_answer_input_name(k);
	if ((rc = xlqa_model_fit(xc, y, n, K, names, opt, &cm, err)))
		return rc;
	/* stored per unit of the raw inputs, so the file says the formula the confidence is */
	memset(c, 0, sizeof *c);
	c->bias = xlqa_model_raw_bias(cm);
	for (size_t k = 0; k < K; k++)
		c->weights[k] = xlqa_model_raw_weight(cm, k);
	c->folds = folds;
	c->questions = n;
	c->positives = xlqa_model_summary(cm)->positives;
	c->l2 = xlqa_model_summary(cm)->l2;
	xlqa_model_free(cm);
	for (size_t i = 0; i < n; i++) {
		conf[i] = qa_model_calibrated(c, xc + i * K);
		c->log_loss -= y[i] ? log(fmax(conf[i], 1e-15)) : log1p(-fmin(conf[i], 1.0 - 1e-15));
	}
	c->log_loss /= (double)(n ? n : 1);
	return xlqa_model_answer_ece(conf, y, n, &c->ece, err);
}

int xlqa_model_data_fit_answer_calibration(struct xlqa_model *m, const struct xlqa_model_data *t,
                                           const struct xlqa_model_fit_options *opt, size_t folds, double nil_smooth,
                                           double *oof_best_p, unsigned char *oof_best_right,
                                           struct xlqa_error *err)
{
	enum { K = XLQA_MODEL_ANSWER_INPUTS };
	size_t nq = t->n_questions ? t->n_questions : 1;
	double *inputs = malloc(nq * K * sizeof *inputs), *conf = malloc(nq * sizeof *conf), *xc = NULL, *cc = NULL;
	unsigned char *right = malloc(nq), *yc = NULL, *nil = NULL;
	struct xlqa_model_answer_calibration c, nc, keep = { 0 }, keep_nil = { 0 };
	struct xlqa_model_fit_options fo;
	const struct xlqa_model_answer_calibration *old = xlqa_model_answer_calibration(m);
	const struct xlqa_model_answer_calibration *old_nil = xlqa_model_nil_calibration(m);
	bool had = old != NULL, had_nil = old_nil != NULL;
	size_t n = 0, n_nil = 0;
	double threshold;
	int rc;

	if (had)
		keep = *old;
	if (had_nil)
		keep_nil = *old_nil;
	if (!inputs || !conf || !right) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	/* the folds fit the learner of m with m's parameters, trees included */
	fo = opt ? *opt : (struct xlqa_model_fit_options){ 0 };
	fo.learner = xlqa_model_learner(m);
	if (xlqa_model_gbt_options(m))
		fo.gbt = *xlqa_model_gbt_options(m);
	if ((rc = xlqa_model_data_oof_inputs(t, &fo, xlqa_model_has_ranking(m), folds, inputs, right, err)))
		goto done;
	xc = malloc(nq * K * sizeof *xc);
	cc = malloc(nq * sizeof *cc);
	yc = malloc(nq);
	nil = malloc(nq);
	if (!xc || !cc || !yc || !nil) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	for (size_t q = 0; q < t->n_questions; q++)
		if (!isnan(inputs[q * K])) { /* a question with candidates */
			memcpy(xc + n * K, inputs + q * K, K * sizeof *xc);
			n_nil += t->gold_nil[q];
			nil[n] = t->gold_nil[q];
			yc[n++] = right[q];
		}
	if ((rc = fit_one_calibration(xc, yc, n, folds, opt, &c, cc, err))) {
		xlqa_error_prefix(err, "answer calibration");
		goto done;
	}
	if ((rc = xlqa_model_set_answer_calibration(m, &c, err)))
		goto done;
	/* each question's confidence, from the compacted rows in order: -1 without candidates */
	for (size_t q = 0, j = 0; q < t->n_questions; q++)
		conf[q] = isnan(inputs[q * K]) ? -1.0 : cc[j++];
	/* the NIL threshold, on these out-of-fold confidences (the model's once all is fitted) */
	if ((rc = xlqa_model_fit_nil_threshold_smooth(conf, t->gold_nil, right, t->n_questions, nil_smooth, &threshold,
	                                              NULL, err)))
		goto done;
	/*
	 * The NIL calibration, when the table has gold-NIL questions and others among those with
	 * candidates: fitted on the questions the threshold answers NIL, the only ones whose confidence
	 * it gives; on all of them when those hold no gold-NIL question or nothing else.
	 */
	if (n_nil > 0 && n_nil < n) {
		size_t below = 0, below_nil = 0;

		for (size_t j = 0; j < n; j++)
			if (cc[j] < threshold) {
				below_nil += nil[j];
				below++;
			}
		if (below_nil > 0 && below_nil < below) {
			size_t w = 0;

			for (size_t j = 0; j < n; j++)
				if (cc[j] < threshold) {
					memmove(xc + w * K, xc + j * K, K * sizeof *xc);
					nil[w++] = nil[j];
				}
			n = w;
		}
		if ((rc = fit_one_calibration(xc, nil, n, folds, opt, &nc, cc, err))) {
			xlqa_error_prefix(err, "NIL calibration");
			goto done;
		}
		rc = xlqa_model_set_nil_calibration(m, &nc, err);
	} else
		rc = xlqa_model_set_nil_calibration(m, NULL, err);
	if (rc)
		goto done;
	xlqa_model_set_nil_threshold(m, threshold);
	if (oof_best_p)
		memcpy(oof_best_p, conf, t->n_questions * sizeof *conf);
	if (oof_best_right)
		memcpy(oof_best_right, right, t->n_questions);
done:
	if (rc && ((had ? xlqa_model_set_answer_calibration(m, &keep, NULL) : xlqa_model_set_answer_calibration(m, NULL, NULL)) ||
	           (had_nil ? xlqa_model_set_nil_calibration(m, &keep_nil, NULL) : xlqa_model_set_nil_calibration(m, NULL, NULL))))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	free(inputs);
	free(conf);
	free(right);
	free(xc);
	free(cc);
	free(yc);
	free(nil);
	return rc;
}
