/*
 * model-data: feature tables, the TSV files models are fitted from (format in include/xlqa/model.h),
 * and applying a model to one: each candidate's probability and each question's best candidate.
 *
 * Invariant: after a successful read every row has d finite features and a 0/1 label, every question
 * has one gold_nil value, a question listed without candidates has no rows, and no gold-NIL question
 * has a right row; a failed read leaves nothing the caller must inspect (release still frees it).
 */
#include "config.h"

#include "qa-internal.h"
#include "xlqa/model.h"

#include <errno.h>
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
			return xlqa_error_at(err, XLQA_EPARSE, -1, line,
			                     "%s:%lld: header 'question<TAB>gold_nil<TAB>label<TAB>feature...' expected", path,
			                     (long long)line);
	if (nf < 4)
		return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: the header names no feature", path,
		                     (long long)line);
	t->d = nf - 3;
	if (!(t->feature_names = calloc(t->d, sizeof *t->feature_names)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t j = 0; j < t->d; j++) {
		if (!f[j + 3][0])
			return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: feature %zu has no name", path,
			                     (long long)line, j + 1);
		if (!(t->feature_names[j] = xlqa_arena_strndup(&t->strings, f[j + 3], strlen(f[j + 3]))))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if ((rep = qa_model_repeated_name((const char *const *)t->feature_names, t->d)) >= 0)
		return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: feature '%s' named twice", path, (long long)line,
		                     t->feature_names[rep]);
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
			return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: feature '%s': a finite number expected, found '%s'",
			                     path, (long long)line, t->feature_names[j], f[j]);
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
		return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: %zu columns, the header has %zu", path,
		                     (long long)line, nf, 3 + t->d);
	if (!f[0][0])
		return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: question id missing", path, (long long)line);
	if (!parse_flag(f[1], &gold_nil))
		return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: gold_nil must be 0 or 1, not '%s'", path,
		                     (long long)line, f[1]);
	if (!none && !parse_flag(f[2], &label))
		return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: label must be 0, 1 or '-', not '%s'", path,
		                     (long long)line, f[2]);
	if (none)
		for (size_t j = 3; j < nf; j++)
			if (strcmp(f[j], "-") != 0)
				return xlqa_error_at(err, XLQA_EPARSE, -1, line,
				                     "%s:%lld: a line without a candidate (label '-') has '%s' as feature '%s'",
				                     path, (long long)line, f[j], t->feature_names[j - 3]);
	if (gold_nil && label)
		return xlqa_error_at(err, XLQA_EPARSE, -1, line,
		                     "%s:%lld: question '%s' has NIL as its gold answer but a right candidate", path,
		                     (long long)line, f[0]);
	if (find_question(t, f[0], gold_nil, none, &q, &is_new))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!is_new && t->gold_nil[q] != gold_nil)
		return xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: question '%s' had gold_nil %u before", path,
		                     (long long)line, f[0], t->gold_nil[q]);
	if (!is_new && (none || t->no_candidates[q]))
		return xlqa_error_at(err, XLQA_EPARSE, -1, line,
		                     "%s:%lld: question '%s' is listed both with and without candidates", path,
		                     (long long)line, f[0]);
	return none ? XLQA_OK : add_row(t, q, label, f + 3, line, path, err);
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
			rc = xlqa_error_at(err, XLQA_EPARSE, -1, line, "%s:%lld: a NUL byte", path, (long long)line);
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

int xlqa_model_data_apply(const struct xlqa_model *m, const struct xlqa_model_data *t, double *p, double *best_p,
                          unsigned char *best_right, struct xlqa_error *err)
{
	size_t d = xlqa_model_dim(m);
	double *best_score = NULL; /* each question's best rank score so far */

	for (size_t j = 0; j < d || j < t->d; j++)
		if (j >= d || j >= t->d || strcmp(xlqa_model_feature(m, j), t->feature_names[j]) != 0)
			return xlqa_error_set(err, XLQA_EINVAL, "feature %zu is '%s' in the table but '%s' in the model", j + 1,
			                      j < t->d ? t->feature_names[j] : "(none)", j < d ? xlqa_model_feature(m, j) : "(none)");
	for (size_t q = 0; best_p && q < t->n_questions; q++) {
		best_p[q] = -1.0;
		if (best_right)
			best_right[q] = 0;
	}
	if (best_p && !(best_score = malloc((t->n_questions ? t->n_questions : 1) * sizeof *best_score)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < t->n; i++) {
		double pi = xlqa_model_predict(m, t->x + i * d), si;
		size_t q = t->question[i];

		if (p)
			p[i] = pi;
		if (!best_p)
			continue;
		si = xlqa_model_rank_score(m, t->x + i * d);
		if (best_p[q] < 0 || si > best_score[q]) {
			best_p[q] = pi;
			best_score[q] = si;
			if (best_right)
				best_right[q] = t->y[i];
		}
	}
	free(best_score);
	return XLQA_OK;
}
