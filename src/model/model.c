/*
 * model: logistic regression over standardised candidate features, fitted by Newton's method with
 * an L2 penalty, the listwise ranking, the answer calibration's inputs and confidence, and the NIL
 * threshold fitted for NIL F1 (include/xlqa/model.h has the contracts).
 *
 * The fit minimises  L(b, w) = sum_i softplus(-s_i t_i) + (l2 / 2) |w|^2,  t_i = b + w . z_i,
 * s_i = +1 for a right row and -1 for a wrong one, softplus(u) = log(1 + e^u): the negative
 * log-likelihood of the logistic model (Hastie, Tibshirani and Friedman, ESL 2nd ed., eq. 4.20) with
 * a ridge on the weights. Its gradient is Z'(p - y) + l2 w and its Hessian Z' diag(p(1-p)) Z + l2 I
 * (ESL eqs. 4.21-4.22), so each Newton step solves one small positive definite system by Cholesky.
 * Steps are halved until L does not grow, which keeps the iteration monotone even on separable data.
 *
 * Invariant: a model built here or read from a file satisfies model.h's invariant; nothing here
 * depends on anything but its inputs (no clocks, no random numbers), so fits are reproducible.
 */
#include "config.h"

#include "model-internal.h"
#include "xlqa/model.h"

#include <float.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct xlqa_model {
	size_t d;
	char **names;       /* d names, each malloc'd */
	double *mean;       /* d */
	double *sd;         /* d, > 0 */
	double *w;          /* d, standardised scale */
	double bias;        /* standardised scale */
	double nil_threshold;
	struct xlqa_model_summary summary;
	double *rank_w;     /* d ranking weights on the standardised scale, or NULL: rank by w */
	struct xlqa_model_ranking_summary rank_summary;
	struct xlqa_model_answer_calibration *cal; /* or NULL: the confidence is the best probability */
	struct xlqa_model_answer_calibration *nil_cal; /* or NULL: a NIL answer's confidence is the caller's */
	struct qa_gbt *gbt; /* ranking trees (then rank_w is NULL), or NULL */
	char feature_set[XLQA_MODEL_FEATURE_SET_ID_SIZE]; /* the id of names */
	char **langs, **fitted; /* the metadata lists, each entry malloc'd */
	size_t n_langs, n_fitted;
};

enum { DEFAULT_MAX_ITER = 100 };
#define DEFAULT_TOLERANCE 1e-8
/* Step halvings tried before a Newton step is given up as making no progress. */
enum { MAX_HALVINGS = 40 };

static struct xlqa_model *model_new(size_t d)
{
	struct xlqa_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->d = d;
	m->names = calloc(d, sizeof *m->names);
	m->mean = calloc(3 * d, sizeof *m->mean);
	if (!m->names || !m->mean) {
		xlqa_model_free(m);
		return NULL;
	}
	m->sd = m->mean + d;
	m->w = m->sd + d;
	return m;
}

void xlqa_model_free(struct xlqa_model *m)
{
	if (!m)
		return;
	for (size_t i = 0; m->names && i < m->d; i++)
		free(m->names[i]);
	free(m->names);
	free(m->mean);
	free(m->rank_w);
	free(m->cal);
	free(m->nil_cal);
	qa_gbt_free(m->gbt);
	for (size_t i = 0; i < m->n_langs; i++)
		free(m->langs[i]);
	free(m->langs);
	for (size_t i = 0; i < m->n_fitted; i++)
		free(m->fitted[i]);
	free(m->fitted);
	free(m);
}

size_t xlqa_model_dim(const struct xlqa_model *m) { return m->d; }
const char *xlqa_model_feature(const struct xlqa_model *m, size_t i) { return m->names[i]; }
double xlqa_model_weight(const struct xlqa_model *m, size_t i) { return m->w[i]; }
double xlqa_model_bias(const struct xlqa_model *m) { return m->bias; }
double xlqa_model_raw_weight(const struct xlqa_model *m, size_t i) { return m->w[i] / m->sd[i]; }
double xlqa_model_mean(const struct xlqa_model *m, size_t i) { return m->mean[i]; }
double xlqa_model_sd(const struct xlqa_model *m, size_t i) { return m->sd[i]; }
const struct xlqa_model_summary *xlqa_model_summary(const struct xlqa_model *m) { return &m->summary; }
double xlqa_model_nil_threshold(const struct xlqa_model *m) { return m->nil_threshold; }
void xlqa_model_set_nil_threshold(struct xlqa_model *m, double t) { m->nil_threshold = t; }

double xlqa_model_raw_bias(const struct xlqa_model *m)
{
	double b = m->bias;

	for (size_t i = 0; i < m->d; i++)
		b -= m->w[i] * m->mean[i] / m->sd[i];
	return b;
}

/* 1 / (1 + e^-t) without overflow for large |t|. */
static double sigmoid(double t)
{
	if (t >= 0)
		return 1.0 / (1.0 + exp(-t));
	double e = exp(t);
	return e / (1.0 + e);
}

/* log(1 + e^u) without overflow. */
static double softplus(double u)
{
	return u > 0 ? u + log1p(exp(-u)) : log1p(exp(u));
}

double xlqa_model_predict(const struct xlqa_model *m, const double *x)
{
	double t = m->bias;

	for (size_t i = 0; i < m->d; i++)
		t += m->w[i] * (x[i] - m->mean[i]) / m->sd[i];
	return sigmoid(t);
}

long qa_model_repeated_name(const char *const *names, size_t d)
{
	for (size_t i = 1; i < d; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(names[i], names[j]) == 0)
				return (long)i;
	return -1;
}

static int check_fit_input(const double *x, const unsigned char *y, size_t n, size_t d,
                           const char *const *names, const struct xlqa_model_fit_options *opt,
                           size_t *positives, struct xlqa_error *err)
{
	long rep;

	if (n == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "no candidates to fit");
	if (d == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "no features to fit");
	if (opt && (!isfinite(opt->l2) || opt->l2 < 0))
		return xlqa_error_set(err, XLQA_EINVAL, "L2 penalty must be a finite number >= 0, not %g", opt->l2);
	if (opt && (!(opt->tolerance >= 0) || !isfinite(opt->tolerance)))
		return xlqa_error_set(err, XLQA_EINVAL, "tolerance must be a finite number >= 0, not %g", opt->tolerance);
	for (size_t j = 0; j < d; j++)
		if (!names[j] || !names[j][0])
			return xlqa_error_set(err, XLQA_EINVAL, "feature %zu has no name", j + 1);
	if ((rep = qa_model_repeated_name(names, d)) >= 0)
		return xlqa_error_set(err, XLQA_EINVAL, "feature '%s' named twice", names[rep]);
	*positives = 0;
	for (size_t i = 0; i < n; i++) {
		if (y[i] > 1)
			return xlqa_error_set(err, XLQA_EINVAL, "candidate %zu: label %u is not 0 or 1", i + 1, y[i]);
		*positives += y[i];
		for (size_t j = 0; j < d; j++)
			if (!isfinite(x[i * d + j]))
				return xlqa_error_set(err, XLQA_EINVAL, "candidate %zu: feature '%s' is not a finite number",
				                      i + 1, names[j]);
	}
	if (*positives == 0 || *positives == n)
		return xlqa_error_set(err, XLQA_EINVAL, "all %zu candidates are %s: nothing to tell apart", n,
		                      *positives ? "right" : "wrong");
	return XLQA_OK;
}

/* Means and population standard deviations; a constant column gets sd 1 and is flagged. */
static void standardise(const double *x, size_t n, size_t d, struct xlqa_model *m, unsigned char *constant)
{
	for (size_t j = 0; j < d; j++) {
		double mean = 0.0, ss = 0.0;

		for (size_t i = 0; i < n; i++)
			mean += x[i * d + j];
		mean /= (double)n;
		for (size_t i = 0; i < n; i++)
			ss += (x[i * d + j] - mean) * (x[i * d + j] - mean);
		m->mean[j] = mean;
		m->sd[j] = sqrt(ss / (double)n);
		constant[j] = !(m->sd[j] > 0) || !isfinite(m->sd[j]);
		if (constant[j])
			m->sd[j] = 1.0;
	}
}

/* The penalised objective at beta = (b, w) over standardised rows z (n x d). */
static double objective(const double *z, const unsigned char *y, size_t n, size_t d, const double *beta, double l2)
{
	double sum = 0.0, pen = 0.0;

	for (size_t i = 0; i < n; i++) {
		double t = beta[0];

		for (size_t j = 0; j < d; j++)
			t += beta[j + 1] * z[i * d + j];
		sum += softplus(y[i] ? -t : t);
	}
	for (size_t j = 0; j < d; j++)
		pen += beta[j + 1] * beta[j + 1];
	return sum + 0.5 * l2 * pen;
}

/*
 * Rows of features scaled by their standard deviations, x_ij / sd_j, keeping only the nonzero ones:
 * the curvature sums need only products of nonzero features (most are 0: the kind-type block is
 * one-hot, many features are flags), so each row costs its nonzeros squared instead of d squared.
 * A column in `skip` (constant, pinned at weight 0) is left out.
 */
struct sparse_rows {
	size_t *start; /* rows + 1: row i is entries [start[i], start[i + 1]) */
	size_t *col;
	double *val;
};

static void sparse_rows_release(struct sparse_rows *s)
{
	free(s->start);
	free(s->col);
	free(s->val);
	memset(s, 0, sizeof *s);
}

/* Builds `s` from the n x d rows x (row i is x + row_of[i] * d when row_of is not NULL). */
static int sparse_rows_build(struct sparse_rows *s, const double *x, size_t n, size_t d, const size_t *row_of,
                             const double *sd, const unsigned char *skip)
{
	size_t nnz = 0;

	memset(s, 0, sizeof *s);
	for (size_t i = 0; i < n; i++) {
		const double *xi = x + (row_of ? row_of[i] : i) * d;

		for (size_t j = 0; j < d; j++)
			nnz += xi[j] != 0.0 && !(skip && skip[j]);
	}
	s->start = malloc((n + 1) * sizeof *s->start);
	s->col = malloc((nnz ? nnz : 1) * sizeof *s->col);
	s->val = malloc((nnz ? nnz : 1) * sizeof *s->val);
	if (!s->start || !s->col || !s->val) {
		sparse_rows_release(s);
		return XLQA_ENOMEM;
	}
	nnz = 0;
	for (size_t i = 0; i < n; i++) {
		const double *xi = x + (row_of ? row_of[i] : i) * d;

		s->start[i] = nnz;
		for (size_t j = 0; j < d; j++)
			if (xi[j] != 0.0 && !(skip && skip[j])) {
				s->col[nnz] = j;
				s->val[nnz++] = xi[j] / sd[j];
			}
	}
	s->start[n] = nnz;
	return XLQA_OK;
}

/* h[j * d + k] += v x_j x_k over the nonzeros of sparse row i, lower triangle (k <= j). */
static void add_outer(double *h, size_t d, const struct sparse_rows *s, size_t i, double v)
{
	for (size_t a = s->start[i]; a < s->start[i + 1]; a++) {
		double va = v * s->val[a];
		double *row = h + s->col[a] * d;

		for (size_t b = s->start[i]; b <= a; b++)
			row[s->col[b]] += va * s->val[b];
	}
}

/*
 * Solves h x = g for a symmetric positive definite k x k h (overwritten by its Cholesky factor);
 * false when h is not numerically positive definite.
 */
static bool cholesky_solve(double *h, size_t k, const double *g, double *x)
{
	for (size_t j = 0; j < k; j++) {
		double s = h[j * k + j];

		for (size_t p = 0; p < j; p++)
			s -= h[j * k + p] * h[j * k + p];
		if (!(s > 0) || !isfinite(s))
			return false;
		h[j * k + j] = sqrt(s);
		for (size_t i = j + 1; i < k; i++) {
			double t = h[i * k + j];

			for (size_t p = 0; p < j; p++)
				t -= h[i * k + p] * h[j * k + p];
			h[i * k + j] = t / h[j * k + j];
		}
	}
	for (size_t i = 0; i < k; i++) { /* L u = g */
		double t = g[i];

		for (size_t p = 0; p < i; p++)
			t -= h[i * k + p] * x[p];
		x[i] = t / h[i * k + i];
	}
	for (size_t i = k; i-- > 0;) { /* L' x = u */
		double t = x[i];

		for (size_t p = i + 1; p < k; p++)
			t -= h[p * k + i] * x[p];
		x[i] = t / h[i * k + i];
	}
	return true;
}

/*
 * Solves h delta = g for the k x k matrix h whose lower triangle is filled (the upper one is set
 * here), adding a growing ridge to the diagonal of a copy (hwork) until it factors; false when even
 * that fails.
 */
static bool solve_ridged(double *h, double *hwork, size_t k, const double *g, double *delta)
{
	double ridge = 0.0, scale = 0.0;

	for (size_t a = 0; a < k; a++) {
		for (size_t b = a + 1; b < k; b++)
			h[a * k + b] = h[b * k + a];
		scale = fmax(scale, h[a * k + a]);
	}
	for (int tries = 0; tries < 20; tries++) {
		memcpy(hwork, h, k * k * sizeof *h);
		for (size_t a = 0; a < k; a++)
			hwork[a * k + a] += ridge;
		if (cholesky_solve(hwork, k, g, delta))
			return true;
		ridge = ridge ? ridge * 100.0 : 1e-12 * (scale > 0 ? scale : 1.0);
	}
	return false;
}

/*
 * One Newton direction at beta over rows (1, z), z_j = x_j / sd_j - c_j with c_j = mean_j / sd_j:
 * fills delta with H^-1 g. The gradient comes from the standardised rows z, the Hessian
 * sum_i v_i (1, z_i)(1, z_i)^T from the sparse scaled rows xs (sums S = sum v, Sx_j = sum v xs_j,
 * Sxx_jk = sum v xs_j xs_k), since sum v z_j z_k = Sxx_jk - c_k Sx_j - c_j Sx_k + c_j c_k S.
 * Constant columns (c_j 0, not in xs) get a unit curvature that pins their weight at 0. When H is
 * numerically singular (separable data without a penalty drives p(1-p) to 0) a growing ridge is
 * added until it factors; false only when even that fails.
 */
static bool newton_direction(const double *z, const struct sparse_rows *xs, const double *c, const unsigned char *y,
                             size_t n, size_t d, const double *beta, double l2, const unsigned char *constant,
                             double *h, double *hwork, double *g, double *delta)
{
	size_t k = d + 1;
	double *sxx = hwork, *sx = delta, sv = 0.0; /* scratch until the solve */

	memset(sxx, 0, d * d * sizeof *sxx);
	memset(sx, 0, d * sizeof *sx);
	memset(g, 0, k * sizeof *g);
	for (size_t i = 0; i < n; i++) {
		const double *zi = z + i * d;
		double t = beta[0], p, v;

		for (size_t j = 0; j < d; j++)
			t += beta[j + 1] * zi[j];
		p = sigmoid(t);
		v = p * (1.0 - p);
		g[0] += p - y[i];
		for (size_t j = 0; j < d; j++)
			g[j + 1] += (p - y[i]) * zi[j];
		sv += v;
		for (size_t a = xs->start[i]; a < xs->start[i + 1]; a++)
			sx[xs->col[a]] += v * xs->val[a];
		add_outer(sxx, d, xs, i, v);
	}
	h[0] = sv;
	for (size_t j = 0; j < d; j++) {
		h[(j + 1) * k] = sx[j] - c[j] * sv;
		for (size_t l = 0; l <= j; l++)
			h[(j + 1) * k + l + 1] = sxx[j * d + l] - c[l] * sx[j] - c[j] * sx[l] + c[j] * c[l] * sv;
	}
	for (size_t j = 0; j < d; j++) {
		g[j + 1] += l2 * beta[j + 1];
		/* a constant column is all zeros: pin its weight at 0 with a unit curvature */
		h[(j + 1) * k + j + 1] += constant[j] ? 1.0 : l2;
	}
	return solve_ridged(h, hwork, k, g, delta);
}

int xlqa_model_fit(const double *x, const unsigned char *y, size_t n, size_t d, const char *const *feature_names,
                   const struct xlqa_model_fit_options *opt, struct xlqa_model **out, struct xlqa_error *err)
{
	struct xlqa_model_fit_options o = opt ? *opt : (struct xlqa_model_fit_options){ 0 };
	size_t k = d + 1, positives = 0;
	struct xlqa_model *m = NULL;
	double *z = NULL, *work = NULL, *c = NULL, *beta, *trial, *h, *hwork, *g, *delta, loss;
	unsigned char *constant = NULL;
	struct sparse_rows xs = { 0 };
	int rc;

	*out = NULL;
	if ((rc = check_fit_input(x, y, n, d, feature_names, opt, &positives, err)))
		return rc;
	if (!o.max_iter)
		o.max_iter = DEFAULT_MAX_ITER;
	if (!(o.tolerance > 0))
		o.tolerance = DEFAULT_TOLERANCE;
	if (n > SIZE_MAX / sizeof *z / d || k > SIZE_MAX / sizeof *work / (2 * k + 4))
		return xlqa_error_set(err, XLQA_EOVERFLOW, "%zu candidates of %zu features are too many", n, d);
	m = model_new(d);
	z = malloc(n * d * sizeof *z);
	work = malloc((2 * k * k + 4 * k) * sizeof *work);
	constant = malloc(d);
	c = malloc(d * sizeof *c);
	if (!m || !z || !work || !constant || !c) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	for (size_t j = 0; j < d; j++)
		if (!(m->names[j] = strdup(feature_names[j]))) {
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			goto done;
		}
	xlqa_model_feature_set_id((const char *const *)m->names, d, m->feature_set);
	h = work;
	hwork = h + k * k;
	g = hwork + k * k;
	delta = g + k;
	beta = delta + k;
	trial = beta + k;

	standardise(x, n, d, m, constant);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < d; j++)
			z[i * d + j] = constant[j] ? 0.0 : (x[i * d + j] - m->mean[j]) / m->sd[j];
	for (size_t j = 0; j < d; j++)
		c[j] = constant[j] ? 0.0 : m->mean[j] / m->sd[j];
	if (sparse_rows_build(&xs, x, n, d, NULL, m->sd, constant)) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	/* start from the base rate: the best model with all weights 0 */
	memset(beta, 0, k * sizeof *beta);
	beta[0] = log((double)positives / (double)(n - positives));
	loss = objective(z, y, n, d, beta, o.l2);
	m->summary.converged = false;
	while (m->summary.iterations < o.max_iter) {
		double step = 1.0, moved = 0.0, trial_loss = loss;
		int halvings;

		if (!newton_direction(z, &xs, c, y, n, d, beta, o.l2, constant, h, hwork, g, delta))
			break;
		for (halvings = 0; halvings < MAX_HALVINGS; halvings++, step *= 0.5) {
			bool finite = true;

			for (size_t a = 0; a < k; a++)
				finite &= isfinite(trial[a] = beta[a] - step * delta[a]);
			/* on separable data the loss can round to 0 for huge steps: keep the weights finite */
			trial_loss = finite ? objective(z, y, n, d, trial, o.l2) : INFINITY;
			if (trial_loss <= loss)
				break;
		}
		if (halvings == MAX_HALVINGS) {
			/* no step lowers the objective: beta is a minimum to machine precision */
			m->summary.converged = true;
			break;
		}
		for (size_t a = 0; a < k; a++)
			moved = fmax(moved, fabs(trial[a] - beta[a]));
		memcpy(beta, trial, k * sizeof *beta);
		loss = trial_loss;
		m->summary.iterations++;
		if (moved <= o.tolerance) {
			m->summary.converged = true;
			break;
		}
	}
	m->bias = beta[0];
	for (size_t j = 0; j < d; j++)
		m->w[j] = beta[j + 1];
	m->summary.n = n;
	m->summary.positives = positives;
	m->summary.l2 = o.l2;
	m->summary.log_loss = objective(z, y, n, d, beta, 0.0) / (double)n;
	m->nil_threshold = 0.0;
	*out = m;
	m = NULL;
	rc = XLQA_OK;
done:
	xlqa_model_free(m);
	free(z);
	free(work);
	free(constant);
	free(c);
	sparse_rows_release(&xs);
	return rc;
}

/* ---- the listwise ranking ---------------------------------------------------------------------- */

bool xlqa_model_has_ranking(const struct xlqa_model *m) { return m->rank_w != NULL || m->gbt != NULL; }
double xlqa_model_rank_weight(const struct xlqa_model *m, size_t i)
{
	return m->gbt ? NAN : m->rank_w ? m->rank_w[i] : m->w[i];
}
const struct xlqa_model_ranking_summary *xlqa_model_ranking_summary(const struct xlqa_model *m)
{
	return &m->rank_summary;
}

double xlqa_model_rank_score(const struct xlqa_model *m, const double *x)
{
	const double *w = m->rank_w ? m->rank_w : m->w;
	double t = m->rank_w ? 0.0 : m->bias;

	if (m->gbt)
		return qa_gbt_score(m->gbt, x);
	for (size_t i = 0; i < m->d; i++)
		t += w[i] * (x[i] - m->mean[i]) / m->sd[i];
	return t;
}

/* The rows of the informative questions (a right and a wrong candidate), standardised and grouped. */
struct rank_data {
	size_t d, rows, groups, widest;
	double *z;          /* rows x d, a question's rows adjacent */
	unsigned char *y;   /* rows */
	size_t *start;      /* groups + 1: group g is rows [start[g], start[g + 1]) */
	double *s, *p, *pr; /* widest each: scores, softmax, softmax over the right rows */
	struct sparse_rows xs; /* the rows as x / sd, for the curvature (sparse_rows) */
	double *c;             /* d: mean / sd, so that z = xs - c */
};

static void rank_data_release(struct rank_data *r)
{
	free(r->z);
	free(r->y);
	free(r->start);
	free(r->s);
	free(r->c);
	sparse_rows_release(&r->xs);
}

static int rank_data_build(const struct xlqa_model *m, const double *x, const unsigned char *y, const size_t *question,
                           size_t n, struct rank_data *r, struct xlqa_error *err)
{
	size_t nq = 0, *count = NULL, *right = NULL, *at = NULL, *row_of = NULL;
	int rc = XLQA_OK;

	memset(r, 0, sizeof *r);
	r->d = m->d;
	if (n == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "no candidates to rank");
	for (size_t i = 0; i < n; i++) {
		if (y[i] > 1)
			return xlqa_error_set(err, XLQA_EINVAL, "candidate %zu: label %u is not 0 or 1", i + 1, y[i]);
		if (question[i] >= n)
			return xlqa_error_set(err, XLQA_EINVAL, "candidate %zu: question %zu out of range (< %zu rows)", i + 1,
			                      question[i], n);
		for (size_t j = 0; j < m->d; j++)
			if (!isfinite(x[i * m->d + j]))
				return xlqa_error_set(err, XLQA_EINVAL, "candidate %zu: feature '%s' is not a finite number",
				                      i + 1, m->names[j]);
		nq = question[i] + 1 > nq ? question[i] + 1 : nq;
	}
	count = calloc(nq, sizeof *count);
	right = calloc(nq, sizeof *right);
	at = calloc(nq, sizeof *at);
	if (!count || !right || !at) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		count[question[i]]++;
		right[question[i]] += y[i];
	}
	for (size_t q = 0; q < nq; q++)
		if (right[q] && right[q] < count[q]) {
			at[q] = r->rows + 1; /* + 1: 0 marks an uninformative question */
			r->rows += count[q];
			r->groups++;
			r->widest = count[q] > r->widest ? count[q] : r->widest;
		}
	if (!r->groups) {
		rc = xlqa_error_set(err, XLQA_EINVAL, "no question has both a right and a wrong candidate: nothing to rank");
		goto done;
	}
	r->z = malloc(r->rows * m->d * sizeof *r->z);
	r->y = malloc(r->rows);
	r->start = malloc((r->groups + 1) * sizeof *r->start);
	r->s = malloc(3 * r->widest * sizeof *r->s);
	r->c = malloc(m->d * sizeof *r->c);
	row_of = malloc(r->rows * sizeof *row_of);
	if (!r->z || !r->y || !r->start || !r->s || !r->c || !row_of) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	r->p = r->s + r->widest;
	r->pr = r->p + r->widest;
	for (size_t q = 0, g = 0; q < nq; q++)
		if (at[q])
			r->start[g++] = at[q] - 1;
	r->start[r->groups] = r->rows;
	for (size_t i = 0; i < n; i++) {
		size_t q = question[i], row;

		if (!at[q])
			continue;
		row = at[q]++ - 1;
		r->y[row] = y[i];
		row_of[row] = i;
		for (size_t j = 0; j < m->d; j++)
			r->z[row * m->d + j] = (x[i * m->d + j] - m->mean[j]) / m->sd[j];
	}
	for (size_t j = 0; j < m->d; j++)
		r->c[j] = m->mean[j] / m->sd[j];
	if (sparse_rows_build(&r->xs, x, r->rows, m->d, row_of, m->sd, NULL))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
done:
	free(count);
	free(right);
	free(at);
	free(row_of);
	if (rc)
		rank_data_release(r);
	return rc;
}

/*
 * The loss of group g at weights w: log sum_c e^{s_c} - log sum_{c right} e^{s_c}, each log-sum-exp
 * taken from its own maximum so that neither underflows; with `probs` the softmax over all rows goes
 * to r->p and the one over the right rows (0 on wrong rows) to r->pr.
 */
static double rank_group_loss(struct rank_data *r, size_t g, const double *w, bool probs)
{
	size_t a = r->start[g], n = r->start[g + 1] - a;
	double mx = -INFINITY, mr = -INFINITY, za = 0.0, zr = 0.0;

	for (size_t i = 0; i < n; i++) {
		const double *zi = r->z + (a + i) * r->d;
		double t = 0.0;

		for (size_t j = 0; j < r->d; j++)
			t += w[j] * zi[j];
		r->s[i] = t;
		mx = fmax(mx, t);
		if (r->y[a + i])
			mr = fmax(mr, t);
	}
	for (size_t i = 0; i < n; i++) {
		double ea = exp(r->s[i] - mx), er = r->y[a + i] ? exp(r->s[i] - mr) : 0.0;

		za += ea;
		zr += er;
		if (probs) {
			r->p[i] = ea;
			r->pr[i] = er;
		}
	}
	for (size_t i = 0; probs && i < n; i++) {
		r->p[i] /= za;
		r->pr[i] /= zr;
	}
	return (mx + log(za)) - (mr + log(zr));
}

static double rank_objective(struct rank_data *r, const double *w, double l2)
{
	double sum = 0.0, pen = 0.0;

	for (size_t g = 0; g < r->groups; g++)
		sum += rank_group_loss(r, g, w, false);
	for (size_t j = 0; j < r->d; j++)
		pen += w[j] * w[j];
	return sum + 0.5 * l2 * pen;
}

/*
 * The gradient g = sum_q (E_p[z] - E_pr[z]) + l2 w and the curvature h = sum_q Cov_p[z] + l2 I at w,
 * then delta = h^-1 g. With one right candidate a question h is the Hessian (Cov_pr is 0); with more
 * the true Hessian subtracts Cov_pr and need not be positive definite, so h, its positive definite
 * majorant, is used and step halving keeps the iteration monotone. A covariance does not change when
 * a column is shifted, so Cov_p[z] is taken over the sparse rows xs = z + c: E_p[xs xs^T] minus the
 * outer product of E_p[xs] = E_p[z] + c.
 */
static bool rank_direction(struct rank_data *r, const double *w, double l2, double *h, double *hwork, double *g,
                           double *mu, double *delta)
{
	size_t d = r->d;

	memset(h, 0, d * d * sizeof *h);
	memset(g, 0, d * sizeof *g);
	for (size_t q = 0; q < r->groups; q++) {
		size_t a = r->start[q], n = r->start[q + 1] - a;

		rank_group_loss(r, q, w, true);
		memset(mu, 0, d * sizeof *mu);
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < d; j++) {
				mu[j] += r->p[i] * r->z[(a + i) * d + j];
				g[j] += (r->p[i] - r->pr[i]) * r->z[(a + i) * d + j];
			}
		for (size_t i = 0; i < n; i++)
			add_outer(h, d, &r->xs, a + i, r->p[i]);
		for (size_t j = 0; j < d; j++) {
			double mj = mu[j] + r->c[j];

			for (size_t k = 0; k <= j; k++)
				h[j * d + k] -= mj * (mu[k] + r->c[k]);
		}
	}
	for (size_t j = 0; j < d; j++) {
		g[j] += l2 * w[j];
		h[j * d + j] += l2;
	}
	return solve_ridged(h, hwork, d, g, delta);
}

/*
 * The listwise loss (xlqa_model_fit_ranking) of m's rank scores over the questions of the rows with a
 * right and a wrong candidate, into s (questions, rows, log_loss). Errors: XLQA_ENOMEM.
 */
static int listwise_summary(const struct xlqa_model *m, const double *x, const unsigned char *y,
                            const size_t *question, size_t n, size_t nq, struct xlqa_model_ranking_summary *s,
                            struct xlqa_error *err)
{
	double *score = malloc((n ? n : 1) * sizeof *score), *acc = calloc(4 * (nq ? nq : 1), sizeof *acc);
	size_t *count = calloc(2 * (nq ? nq : 1), sizeof *count);
	double *mx, *mr, *za, *zr, loss = 0.0;

	if (!score || !acc || !count) {
		free(score);
		free(acc);
		free(count);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	mx = acc;
	mr = mx + nq;
	za = mr + nq;
	zr = za + nq;
	for (size_t q = 0; q < nq; q++)
		mx[q] = mr[q] = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		size_t q = question[i];

		score[i] = xlqa_model_rank_score(m, x + i * m->d);
		mx[q] = fmax(mx[q], score[i]);
		if (y[i])
			mr[q] = fmax(mr[q], score[i]);
		count[2 * q]++;
		count[2 * q + 1] += y[i];
	}
	for (size_t i = 0; i < n; i++) {
		size_t q = question[i];

		za[q] += exp(score[i] - mx[q]);
		if (y[i])
			zr[q] += exp(score[i] - mr[q]);
	}
	memset(s, 0, sizeof *s);
	for (size_t q = 0; q < nq; q++)
		if (count[2 * q + 1] && count[2 * q + 1] < count[2 * q]) {
			s->questions++;
			s->rows += count[2 * q];
			loss += (mx[q] + log(za[q])) - (mr[q] + log(zr[q]));
		}
	s->log_loss = s->questions ? loss / (double)s->questions : 0.0;
	free(score);
	free(acc);
	free(count);
	return XLQA_OK;
}

/* xlqa_model_fit_ranking with the learner XLQA_MODEL_LEARNER_GBT. */
static int fit_gbt(struct xlqa_model *m, const double *x, const unsigned char *y, const size_t *question, size_t n,
                   const struct xlqa_model_gbt_options *opt, struct xlqa_error *err)
{
	struct xlqa_model_ranking_summary sum;
	struct qa_gbt *g = NULL, *old = m->gbt;
	double *old_w = m->rank_w;
	struct rank_data r;
	size_t nq = 0;
	int rc;

	/* the checks of the linear ranking: labels, question indices, finite features, something to rank */
	if (n > SIZE_MAX / sizeof(double) / m->d)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "%zu candidates of %zu features are too many", n, m->d);
	if ((rc = rank_data_build(m, x, y, question, n, &r, err)))
		return rc;
	rank_data_release(&r);
	for (size_t i = 0; i < n; i++)
		nq = question[i] + 1 > nq ? question[i] + 1 : nq;
	if ((rc = qa_gbt_fit(m->d, x, y, question, n, opt, &g, err)))
		return rc;
	m->gbt = g;
	m->rank_w = NULL;
	if ((rc = listwise_summary(m, x, y, question, n, nq, &sum, err))) {
		m->gbt = old;
		m->rank_w = old_w;
		qa_gbt_free(g);
		return rc;
	}
	qa_gbt_free(old);
	free(old_w);
	sum.l2 = qa_gbt_options(g)->lambda;
	sum.iterations = qa_gbt_trees(g);
	sum.converged = true;
	m->rank_summary = sum;
	return XLQA_OK;
}

int xlqa_model_fit_ranking(struct xlqa_model *m, const double *x, const unsigned char *y, const size_t *question,
                           size_t n, const struct xlqa_model_fit_options *opt, struct xlqa_error *err)
{
	struct xlqa_model_fit_options o = opt ? *opt : (struct xlqa_model_fit_options){ 0 };
	struct xlqa_model_ranking_summary sum = { 0 };
	struct rank_data r;
	size_t d = m->d;
	double *work, *w, *trial, *h, *hwork, *g, *mu, *delta, loss;
	int rc;

	if (opt && (!isfinite(opt->l2) || opt->l2 < 0))
		return xlqa_error_set(err, XLQA_EINVAL, "L2 penalty must be a finite number >= 0, not %g", opt->l2);
	if (opt && (!isfinite(opt->rank_l2) || opt->rank_l2 < 0))
		return xlqa_error_set(err, XLQA_EINVAL, "ranking L2 penalty must be a finite number >= 0, not %g",
		                      opt->rank_l2);
	if (opt && (!(opt->tolerance >= 0) || !isfinite(opt->tolerance)))
		return xlqa_error_set(err, XLQA_EINVAL, "tolerance must be a finite number >= 0, not %g", opt->tolerance);
	if (!xlqa_model_learner_name(o.learner))
		return xlqa_error_set(err, XLQA_EINVAL, "no learner %d", o.learner);
	if (o.learner == XLQA_MODEL_LEARNER_GBT)
		return fit_gbt(m, x, y, question, n, &o.gbt, err);
	if (o.rank_l2 > 0)
		o.l2 = o.rank_l2;
	if (!o.max_iter)
		o.max_iter = DEFAULT_MAX_ITER;
	if (!(o.tolerance > 0))
		o.tolerance = DEFAULT_TOLERANCE;
	if (n > SIZE_MAX / sizeof(double) / d)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "%zu candidates of %zu features are too many", n, d);
	if ((rc = rank_data_build(m, x, y, question, n, &r, err)))
		return rc;
	if (!(work = calloc(2 * d * d + 5 * d, sizeof *work))) {
		rank_data_release(&r);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	h = work;
	hwork = h + d * d;
	g = hwork + d * d;
	mu = g + d;
	delta = mu + d;
	trial = delta + d;
	w = trial + d; /* from 0: every candidate of a question equally likely */
	loss = rank_objective(&r, w, o.l2);
	while (sum.iterations < o.max_iter) {
		double step = 1.0, moved = 0.0, trial_loss = loss;
		int halvings;

		if (!rank_direction(&r, w, o.l2, h, hwork, g, mu, delta))
			break;
		for (halvings = 0; halvings < MAX_HALVINGS; halvings++, step *= 0.5) {
			bool finite = true;

			for (size_t j = 0; j < d; j++)
				finite &= isfinite(trial[j] = w[j] - step * delta[j]);
			trial_loss = finite ? rank_objective(&r, trial, o.l2) : INFINITY;
			if (trial_loss <= loss)
				break;
		}
		if (halvings == MAX_HALVINGS) {
			sum.converged = true;
			break;
		}
		for (size_t j = 0; j < d; j++)
			moved = fmax(moved, fabs(trial[j] - w[j]));
		memcpy(w, trial, d * sizeof *w);
		loss = trial_loss;
		sum.iterations++;
		if (moved <= o.tolerance) {
			sum.converged = true;
			break;
		}
	}
	sum.questions = r.groups;
	sum.rows = r.rows;
	sum.l2 = o.l2;
	sum.log_loss = rank_objective(&r, w, 0.0) / (double)r.groups;
	rank_data_release(&r);
	if (!m->rank_w && !(m->rank_w = malloc(d * sizeof *m->rank_w))) {
		free(work);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	memcpy(m->rank_w, w, d * sizeof *w);
	m->rank_summary = sum;
	qa_gbt_free(m->gbt);
	m->gbt = NULL;
	free(work);
	return XLQA_OK;
}

/* ---- learners and metadata --------------------------------------------------------------------- */

static const char *const learner_names[XLQA_MODEL_LEARNERS] = {
	[XLQA_MODEL_LEARNER_LOGISTIC] = "logistic",
	[XLQA_MODEL_LEARNER_GBT] = "gbt",
};

const char *xlqa_model_learner_name(int l)
{
	return l >= 0 && l < XLQA_MODEL_LEARNERS ? learner_names[l] : NULL;
}

int xlqa_model_learner_from_name(const char *name, int *out, struct xlqa_error *err)
{
	for (int l = 0; l < XLQA_MODEL_LEARNERS; l++)
		if (strcmp(name, learner_names[l]) == 0) {
			*out = l;
			return XLQA_OK;
		}
	return xlqa_error_set(err, XLQA_ENOTFOUND, "no learner '%s' (logistic or gbt)", name);
}

int xlqa_model_learner(const struct xlqa_model *m)
{
	return m->gbt ? XLQA_MODEL_LEARNER_GBT : XLQA_MODEL_LEARNER_LOGISTIC;
}

const struct xlqa_model_gbt_options *xlqa_model_gbt_options(const struct xlqa_model *m)
{
	return m->gbt ? qa_gbt_options(m->gbt) : NULL;
}

size_t xlqa_model_gbt_trees(const struct xlqa_model *m) { return m->gbt ? qa_gbt_trees(m->gbt) : 0; }

void xlqa_model_feature_set_id(const char *const *names, size_t d, char *buf)
{
	uint64_t h = UINT64_C(14695981039346656037); /* FNV-1a, 64 bits */

	for (size_t i = 0; i < d; i++)
		for (const unsigned char *p = (const unsigned char *)names[i];; p++) {
			h = (h ^ (*p ? *p : '\n')) * UINT64_C(1099511628211);
			if (!*p)
				break;
		}
	snprintf(buf, XLQA_MODEL_FEATURE_SET_ID_SIZE, "fnv1a64:%016" PRIx64, h);
}

const char *xlqa_model_feature_set(const struct xlqa_model *m) { return m->feature_set; }

int xlqa_model_check_features(const struct xlqa_model *m, const char *(*name)(size_t i), size_t d,
                              struct xlqa_error *err)
{
	char theirs[XLQA_MODEL_FEATURE_SET_ID_SIZE];
	const char **names = calloc(d ? d : 1, sizeof *names);

	if (!names)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < d; i++)
		names[i] = name(i);
	xlqa_model_feature_set_id(names, d, theirs);
	free(names);
	if (m->d != d)
		return xlqa_error_set(err, XLQA_EINVAL, "the model's feature set (%s) is not this one (%s): the model "
		                      "has %zu features, this has %zu", m->feature_set, theirs, m->d, d);
	for (size_t i = 0; i < d; i++)
		if (strcmp(m->names[i], name(i)) != 0)
			return xlqa_error_set(err, XLQA_EINVAL, "the model's feature set (%s) is not this one (%s): "
			                      "feature %zu is '%s' in the model, '%s' here", m->feature_set, theirs, i + 1,
			                      m->names[i], name(i));
	return XLQA_OK;
}

const char *const *xlqa_model_languages(const struct xlqa_model *m, size_t *n)
{
	*n = m->n_langs;
	return (const char *const *)m->langs;
}

const char *const *xlqa_model_fitted_on(const struct xlqa_model *m, size_t *n)
{
	*n = m->n_fitted;
	return (const char *const *)m->fitted;
}

/* Whether `s` is a language entry: "*" or 2-3 ASCII letters. */
static bool language_ok(const char *s)
{
	size_t len = strlen(s);

	if (strcmp(s, "*") == 0)
		return true;
	for (size_t i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
			return false;
	return len >= 2 && len <= 3;
}

static bool fitted_ok(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return false;
	return s[0] != '\0';
}

/* Replaces the list *list (*n entries) by copies of src[0..n_src), lower-cased when `lower`. */
static int set_list(char ***list, size_t *n, const char *const *src, size_t n_src, bool lower, struct xlqa_error *err)
{
	char **copy = calloc(n_src ? n_src : 1, sizeof *copy);

	for (size_t i = 0; copy && i < n_src; i++) {
		if (!(copy[i] = strdup(src[i]))) {
			for (size_t j = 0; j < i; j++)
				free(copy[j]);
			free(copy);
			copy = NULL;
			break;
		}
		for (char *p = copy[i]; lower && *p; p++)
			*p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
	}
	if (!copy)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < *n; i++)
		free((*list)[i]);
	free(*list);
	*list = copy;
	*n = n_src;
	return XLQA_OK;
}

int xlqa_model_set_languages(struct xlqa_model *m, const char *const *langs, size_t n, struct xlqa_error *err)
{
	for (size_t i = 0; i < n; i++)
		if (!language_ok(langs[i]))
			return xlqa_error_set(err, XLQA_EINVAL, "language %zu '%s' is neither '*' nor 2 or 3 letters", i + 1,
			                      langs[i]);
	return set_list(&m->langs, &m->n_langs, langs, n, true, err);
}

int xlqa_model_set_fitted_on(struct xlqa_model *m, const char *const *entries, size_t n, struct xlqa_error *err)
{
	for (size_t i = 0; i < n; i++)
		if (!fitted_ok(entries[i]))
			return xlqa_error_set(err, XLQA_EINVAL, "fitted-on entry %zu is empty or holds a control character",
			                      i + 1);
	return set_list(&m->fitted, &m->n_fitted, entries, n, false, err);
}

bool xlqa_model_check_language(const struct xlqa_model *m, const char *lang, char *buf, size_t size)
{
	struct xlqa_buf list = XLQA_BUF_INIT;

	if (m->n_langs == 0)
		return true;
	for (size_t i = 0; i < m->n_langs; i++)
		if (strcmp(m->langs[i], "*") == 0 || strcasecmp(m->langs[i], lang) == 0)
			return true;
	if (buf && size) {
		for (size_t i = 0; i < m->n_langs; i++)
			if ((i && xlqa_buf_addch(&list, ',')) || xlqa_buf_addstr(&list, m->langs[i]))
				break;
		snprintf(buf, size, "model fitted for '%s', index is '%s'", list.buf ? list.buf : "?", lang);
		xlqa_buf_release(&list);
	}
	return false;
}

/* ---- the answer calibration -------------------------------------------------------------------- */

static const char *const answer_input_names[XLQA_MODEL_ANSWER_INPUTS] = { "top_logit", "top_softmax",
	                                                                    "top_margin", "top_coverage" };
/* The feature whose largest value over a question's candidates is the top_coverage input (answer.h). */
#define COVERAGE_FEATURE "sentence_idf"
/* Older model files have the first this many answer inputs. */
#define OLD_ANSWER_INPUTS 3
/* The best probability is clamped this far from 0 and 1 before its logit is taken. */
#define ANSWER_P_EPS 1e-6

const char *xlqa_model_answer_input_name(size_t i)
{
	return i < XLQA_MODEL_ANSWER_INPUTS ? answer_input_names[i] : NULL;
}

void xlqa_model_answer_inputs(const struct xlqa_model *m, const double *const *rows, size_t n_rows, size_t *best,
                              double *inputs)
{
	double top = -INFINITY, second = -INFINITY, mass = 0.0, p;

	*best = 0;
	if (n_rows == 0) {
		for (size_t k = 0; k < XLQA_MODEL_ANSWER_INPUTS; k++)
			inputs[k] = NAN;
		return;
	}
	for (size_t i = 0; i < n_rows; i++) {
		double s = xlqa_model_rank_score(m, rows[i]);

		if (i == 0 || s > top) {
			second = i ? top : second;
			top = s;
			*best = i;
		} else if (s > second) {
			second = s;
		}
	}
	/* the softmax of the best from the largest score down: each term e^{s - top} is in (0, 1] */
	for (size_t i = 0; i < n_rows; i++)
		mass += exp(xlqa_model_rank_score(m, rows[i]) - top);
	p = fmin(fmax(xlqa_model_predict(m, rows[*best]), ANSWER_P_EPS), 1.0 - ANSWER_P_EPS);
	inputs[0] = log(p / (1.0 - p));
	inputs[1] = 1.0 / mass;
	inputs[2] = n_rows > 1 ? top - second : 0.0;
	inputs[3] = 0.0;
	for (size_t j = 0; j < m->d; j++)
		if (strcmp(m->names[j], COVERAGE_FEATURE) == 0) {
			for (size_t i = 0; i < n_rows; i++)
				inputs[3] = fmax(inputs[3], rows[i][j]);
			break;
		}
}

void xlqa_model_decide(const struct xlqa_model *m, const double *const *rows, size_t n_rows,
                       struct xlqa_model_decision *out)
{
	double inputs[XLQA_MODEL_ANSWER_INPUTS];

	xlqa_model_answer_inputs(m, rows, n_rows, &out->best, inputs);
	out->confidence = out->nil = NAN;
	out->below_threshold = false;
	if (!n_rows)
		return;
	/* without a calibration the best probability itself, not sigmoid(u1), which is clamped */
	out->confidence = m->cal ? xlqa_model_answer_confidence(m, inputs) : xlqa_model_predict(m, rows[out->best]);
	out->nil = xlqa_model_nil_confidence(m, inputs);
	out->below_threshold = out->confidence < xlqa_model_nil_threshold(m);
}

const struct xlqa_model_answer_calibration *xlqa_model_answer_calibration(const struct xlqa_model *m)
{
	return m->cal;
}

/* Sets a copy of `c` into *slot (a calibration of m), or removes it when `c` is NULL; `what` names it in errors. */
static int set_calibration(struct xlqa_model_answer_calibration **slot, const struct xlqa_model_answer_calibration *c,
                           const char *what, struct xlqa_error *err)
{
	bool finite = c && isfinite(c->bias);

	if (!c) {
		free(*slot);
		*slot = NULL;
		return XLQA_OK;
	}
	for (size_t k = 0; k < XLQA_MODEL_ANSWER_INPUTS; k++)
		finite &= isfinite(c->weights[k]) != 0;
	if (!finite)
		return xlqa_error_set(err, XLQA_EINVAL, "%s: a bias or weight that is not finite", what);
	if (c->folds < 2)
		return xlqa_error_set(err, XLQA_EINVAL, "%s: %zu folds, at least 2 needed", what, c->folds);
	if (c->positives > c->questions)
		return xlqa_error_set(err, XLQA_EINVAL, "%s: more positives (%zu) than questions (%zu)", what,
		                      c->positives, c->questions);
	if (!(c->l2 >= 0 && isfinite(c->l2)) || !(c->log_loss >= 0 && isfinite(c->log_loss)) ||
	    !(c->ece >= 0 && isfinite(c->ece)))
		return xlqa_error_set(err, XLQA_EINVAL, "%s: l2, log_loss and ece must be finite and >= 0", what);
	if (!*slot && !(*slot = malloc(sizeof **slot)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	**slot = *c;
	return XLQA_OK;
}

int xlqa_model_set_answer_calibration(struct xlqa_model *m, const struct xlqa_model_answer_calibration *c,
                                      struct xlqa_error *err)
{
	return set_calibration(&m->cal, c, "answer calibration", err);
}

const struct xlqa_model_answer_calibration *xlqa_model_nil_calibration(const struct xlqa_model *m)
{
	return m->nil_cal;
}

int xlqa_model_set_nil_calibration(struct xlqa_model *m, const struct xlqa_model_answer_calibration *c,
                                   struct xlqa_error *err)
{
	return set_calibration(&m->nil_cal, c, "NIL calibration", err);
}

double qa_model_calibrated(const struct xlqa_model_answer_calibration *c, const double *inputs)
{
	double t = c->bias;

	for (size_t k = 0; k < XLQA_MODEL_ANSWER_INPUTS; k++)
		t += c->weights[k] * inputs[k];
	return sigmoid(t);
}

double xlqa_model_nil_confidence(const struct xlqa_model *m, const double *inputs)
{
	return m->nil_cal ? qa_model_calibrated(m->nil_cal, inputs) : NAN;
}

double xlqa_model_answer_confidence(const struct xlqa_model *m, const double *inputs)
{
	return m->cal ? qa_model_calibrated(m->cal, inputs) : sigmoid(inputs[0]);
}

/* ---- the NIL threshold ------------------------------------------------------------------------- */

static int check_nil_input(const double *best_p, const unsigned char *gold_nil, const unsigned char *best_right,
                           size_t n, struct xlqa_error *err)
{
	if (n == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "no questions to score NIL answers on");
	for (size_t q = 0; q < n; q++) {
		if (best_p[q] != -1.0 && !(best_p[q] >= 0.0 && best_p[q] <= 1.0))
			return xlqa_error_set(err, XLQA_EINVAL, "question %zu: probability %g is neither in [0,1] nor -1",
			                      q + 1, best_p[q]);
		if (gold_nil[q] > 1 || best_right[q] > 1)
			return xlqa_error_set(err, XLQA_EINVAL, "question %zu: NIL and right flags must be 0 or 1", q + 1);
		if (best_right[q] && (gold_nil[q] || best_p[q] < 0))
			return xlqa_error_set(err, XLQA_EINVAL, "question %zu: a right candidate to a question %s", q + 1,
			                      gold_nil[q] ? "whose gold answer is NIL" : "without candidates");
	}
	return XLQA_OK;
}

/* Fills the ratios of `s` from its counts; F1 = 2PR/(P+R) = 2 nil_right / (nil_answers + gold_nil). */
static void nil_ratios(struct xlqa_model_nil_scores *s)
{
	s->precision = s->nil_answers ? (double)s->nil_right / (double)s->nil_answers : 0.0;
	s->recall = s->gold_nil ? (double)s->nil_right / (double)s->gold_nil : 0.0;
	s->f1 = s->nil_answers + s->gold_nil ? 2.0 * (double)s->nil_right / (double)(s->nil_answers + s->gold_nil) : 0.0;
	s->accuracy = (double)s->right / (double)s->questions;
}

int xlqa_model_nil_score(const double *best_p, const unsigned char *gold_nil, const unsigned char *best_right,
                         size_t n_questions, double threshold, struct xlqa_model_nil_scores *out,
                         struct xlqa_error *err)
{
	int rc;

	memset(out, 0, sizeof *out);
	if ((rc = check_nil_input(best_p, gold_nil, best_right, n_questions, err)))
		return rc;
	out->questions = n_questions;
	for (size_t q = 0; q < n_questions; q++) {
		bool nil = best_p[q] < 0 || best_p[q] < threshold;

		out->gold_nil += gold_nil[q];
		out->nil_answers += nil;
		out->nil_right += nil && gold_nil[q];
		out->right += nil ? gold_nil[q] : best_right[q];
	}
	nil_ratios(out);
	return XLQA_OK;
}

struct nil_order {
	double p;
	size_t q;
};

static int nil_order_cmp(const void *a, const void *b)
{
	const struct nil_order *x = a, *y = b;

	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	return x->q < y->q ? -1 : x->q > y->q;
}

/* The threshold between probabilities lo < hi (hi > 1 stands for "above everything"). */
static double threshold_between(double lo, double hi)
{
	double t;

	if (hi > 1.0)
		return lo < 1.0 ? threshold_between(lo, 1.0) : nextafter(1.0, 2.0);
	t = lo + (hi - lo) / 2;
	return t > lo ? t : hi; /* adjacent doubles: hi still separates them, as p < hi fails for p = hi */
}

int xlqa_model_fit_nil_threshold(const double *best_p, const unsigned char *gold_nil, const unsigned char *best_right,
                                 size_t n_questions, double *threshold, double *accuracy, struct xlqa_error *err)
{
	struct xlqa_model_nil_scores s;
	struct nil_order *order;
	size_t m = 0, best_num, best_den, best_right_count;
	double best_t = 0.0;
	int rc;

	/* at threshold 0 only the questions without candidates are NIL */
	if ((rc = xlqa_model_nil_score(best_p, gold_nil, best_right, n_questions, 0.0, &s, err)))
		return rc;
	if (!(order = malloc(n_questions * sizeof *order)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t q = 0; q < n_questions; q++)
		if (best_p[q] >= 0)
			order[m++] = (struct nil_order){ best_p[q], q };
	qsort(order, m, sizeof *order, nil_order_cmp);
	/* F1 as the fraction num/den, compared exactly so ties are ties */
	best_num = 2 * s.nil_right;
	best_den = s.nil_answers + s.gold_nil;
	best_right_count = s.right;
	for (size_t i = 0; i < m;) {
		size_t j = i;
		double t;

		/* raise the threshold past every question whose best probability is order[i].p */
		for (; j < m && order[j].p == order[i].p; j++) {
			size_t q = order[j].q;

			s.nil_answers++;
			s.nil_right += gold_nil[q];
			s.right = s.right + gold_nil[q] - best_right[q];
		}
		t = threshold_between(order[i].p, j < m ? order[j].p : 2.0);
		i = j;
		/* strictly better only: thresholds rise, so a tie keeps the lower one */
		if (2 * s.nil_right * (best_den ? best_den : 1) >
		    best_num * (s.nil_answers + s.gold_nil ? s.nil_answers + s.gold_nil : 1)) {
			best_num = 2 * s.nil_right;
			best_den = s.nil_answers + s.gold_nil;
			best_right_count = s.right;
			best_t = t;
		}
	}
	free(order);
	*threshold = best_t;
	if (accuracy)
		*accuracy = (double)best_right_count / (double)n_questions;
	return XLQA_OK;
}

int xlqa_model_fit_nil_threshold_smooth(const double *best_p, const unsigned char *gold_nil,
                                        const unsigned char *best_right, size_t n_questions, double width,
                                        double *threshold, double *accuracy, struct xlqa_error *err)
{
	struct xlqa_model_nil_scores s;
	double best_f1 = -1.0, best_t = 0.0;
	size_t gold = 0;
	int rc;

	if (!isfinite(width) || width < 0)
		return xlqa_error_set(err, XLQA_EINVAL, "NIL threshold smoothing width %g is not a number >= 0", width);
	if (width == 0)
		return xlqa_model_fit_nil_threshold(best_p, gold_nil, best_right, n_questions, threshold, accuracy, err);
	if ((rc = check_nil_input(best_p, gold_nil, best_right, n_questions, err)))
		return rc;
	for (size_t q = 0; q < n_questions; q++)
		gold += gold_nil[q];
	for (size_t k = 0;; k++) {
		double t = (double)k * width / 10, nil = 0.0, right = 0.0, f1;

		if (t > 1.0)
			break;
		for (size_t q = 0; q < n_questions; q++) {
			double share = best_p[q] < 0 ? 1.0 : 1.0 / (1.0 + exp((best_p[q] - t) / width));
			nil += share;
			right += gold_nil[q] ? share : 0.0;
		}
		f1 = nil + (double)gold > 0 ? 2.0 * right / (nil + (double)gold) : 0.0;
		if (f1 > best_f1) { /* strictly better: the lowest of equals */
			best_f1 = f1;
			best_t = t;
		}
	}
	*threshold = best_t;
	if (accuracy) {
		if ((rc = xlqa_model_nil_score(best_p, gold_nil, best_right, n_questions, best_t, &s, err)))
			return rc;
		*accuracy = s.accuracy;
	}
	return XLQA_OK;
}

/* ---- files ------------------------------------------------------------------------------------- */

#define MODEL_FORMAT "xlqa-model"
#define MODEL_VERSION 2
/* The first version, without metadata or trees, still read (as a logistic model). */
#define MODEL_VERSION_1 1

/* A JSON array of n strings, or NULL when out of memory. */
static json_t *string_array(char *const *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < n; i++)
		if (json_array_append_new(a, json_string(v[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* A JSON array of d doubles, or NULL when out of memory (or a value jansson refuses). */
static json_t *real_array(const double *v, size_t d)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < d; i++)
		if (json_array_append_new(a, json_real(v[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* A calibration object of a model file ("answer_calibration", "nil_calibration"), or NULL when out of memory. */
static json_t *calibration_json(const struct xlqa_model_answer_calibration *c)
{
	json_t *o = json_object(), *names = json_array();
	bool bad = !o || !names;

	for (size_t k = 0; !bad && k < XLQA_MODEL_ANSWER_INPUTS; k++)
		bad = json_array_append_new(names, json_string(answer_input_names[k]));
	bad = bad || json_object_set(o, "inputs", names) ||
	      json_object_set_new(o, "bias", json_real(c->bias)) ||
	      json_object_set_new(o, "weights", real_array(c->weights, XLQA_MODEL_ANSWER_INPUTS)) ||
	      json_object_set_new(o, "folds", json_integer((json_int_t)c->folds)) ||
	      json_object_set_new(o, "questions", json_integer((json_int_t)c->questions)) ||
	      json_object_set_new(o, "positives", json_integer((json_int_t)c->positives)) ||
	      json_object_set_new(o, "l2", json_real(c->l2)) || json_object_set_new(o, "log_loss", json_real(c->log_loss)) ||
	      json_object_set_new(o, "ece", json_real(c->ece));
	json_decref(names);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int xlqa_model_write(const struct xlqa_model *m, const char *path, struct xlqa_error *err)
{
	json_t *root = json_object(), *names = json_array(), *training = json_object();
	const struct xlqa_model_summary *s = &m->summary;
	char *text = NULL;
	int rc = XLQA_ENOMEM, bad = !root || !names || !training;

	for (size_t i = 0; !bad && i < m->d; i++)
		bad = json_array_append_new(names, json_string(m->names[i]));
	if (!bad)
		bad = json_object_set_new(training, "n", json_integer((json_int_t)s->n)) ||
		      json_object_set_new(training, "positives", json_integer((json_int_t)s->positives)) ||
		      json_object_set_new(training, "l2", json_real(s->l2)) ||
		      json_object_set_new(training, "iterations", json_integer((json_int_t)s->iterations)) ||
		      json_object_set_new(training, "converged", json_boolean(s->converged)) ||
		      json_object_set_new(training, "log_loss", json_real(s->log_loss));
	if (!bad)
		bad = json_object_set_new(root, "format", json_string(MODEL_FORMAT)) ||
		      json_object_set_new(root, "version", json_integer(MODEL_VERSION)) ||
		      json_object_set_new(root, "learner", json_string(xlqa_model_learner_name(xlqa_model_learner(m)))) ||
		      json_object_set_new(root, "feature_set", json_string(m->feature_set)) ||
		      json_object_set_new(root, "languages", string_array(m->langs, m->n_langs)) ||
		      json_object_set_new(root, "fitted_on", string_array(m->fitted, m->n_fitted)) ||
		      json_object_set(root, "features", names) ||
		      json_object_set_new(root, "means", real_array(m->mean, m->d)) ||
		      json_object_set_new(root, "sds", real_array(m->sd, m->d)) ||
		      json_object_set_new(root, "weights", real_array(m->w, m->d)) ||
		      json_object_set_new(root, "bias", json_real(m->bias)) ||
		      json_object_set_new(root, "nil_threshold", json_real(m->nil_threshold)) ||
		      json_object_set(root, "training", training);
	if (!bad && m->gbt)
		bad = json_object_set_new(root, "gbt", qa_gbt_json(m->gbt));
	if (!bad && xlqa_model_has_ranking(m)) {
		const struct xlqa_model_ranking_summary *r = &m->rank_summary;
		json_t *ranking = json_object();

		/* trees have no weights: the "gbt" object holds them */
		bad = !ranking || (m->rank_w && json_object_set_new(ranking, "weights", real_array(m->rank_w, m->d))) ||
		      json_object_set_new(ranking, "questions", json_integer((json_int_t)r->questions)) ||
		      json_object_set_new(ranking, "rows", json_integer((json_int_t)r->rows)) ||
		      json_object_set_new(ranking, "l2", json_real(r->l2)) ||
		      json_object_set_new(ranking, "iterations", json_integer((json_int_t)r->iterations)) ||
		      json_object_set_new(ranking, "converged", json_boolean(r->converged)) ||
		      json_object_set_new(ranking, "log_loss", json_real(r->log_loss)) ||
		      json_object_set_new(root, "ranking", ranking);
	}
	if (!bad && m->cal)
		bad = json_object_set_new(root, "answer_calibration", calibration_json(m->cal));
	if (!bad && m->nil_cal)
		bad = json_object_set_new(root, "nil_calibration", calibration_json(m->nil_cal));
	if (!bad && (text = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(17)))) {
		struct xlqa_buf b = XLQA_BUF_INIT;

		/* the file ends with a newline, as text files do */
		if (xlqa_buf_addstr(&b, text) || xlqa_buf_addch(&b, '\n'))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		else
			rc = xlqa_file_write_atomic(path, b.buf, b.len, err);
		xlqa_buf_release(&b);
	} else {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "cannot encode the model for '%s': out of memory", path);
	}
	free(text);
	json_decref(names);
	json_decref(training);
	json_decref(root);
	return rc;
}

/* The keys a model file may hold, and those of its "training" object. */
static const char *const model_keys[] = { "format", "version", "features", "means", "sds", "weights",
	                                  "bias", "nil_threshold", "training", "ranking", "answer_calibration",
	                                  "nil_calibration", "learner", "feature_set", "languages", "fitted_on",
	                                  "gbt" };
/* The keys version 2 added: a version-1 file has none of them, a version-2 file the first four. */
static const char *const v2_keys[] = { "learner", "feature_set", "languages", "fitted_on", "gbt" };
static const char *const training_keys[] = { "n", "positives", "l2", "iterations", "converged", "log_loss" };
static const char *const calibration_keys[] = { "inputs", "bias", "weights", "folds", "questions", "positives",
	                                        "l2", "log_loss", "ece" };
static const char *const ranking_keys[] = { "weights", "questions", "rows", "l2", "iterations", "converged",
	                                    "log_loss" };

static int check_keys(const json_t *obj, const char *const *keys, size_t n_keys, const char *where,
                      const char *path, struct xlqa_error *err)
{
	const char *key;
	json_t *value;

	json_object_foreach((json_t *)obj, key, value) {
		size_t i = 0;

		while (i < n_keys && strcmp(key, keys[i]) != 0)
			i++;
		if (i == n_keys)
			return xlqa_error_set(err, XLQA_EPARSE, "%s: unknown key '%s'%s", path, key, where);
	}
	return XLQA_OK;
}

/* obj[key] as a finite number into *v. */
static int get_number(const json_t *obj, const char *key, const char *path, double *v, struct xlqa_error *err)
{
	const json_t *j = json_object_get(obj, key);

	if (!j)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' missing", path, key);
	if (!json_is_number(j) || !isfinite(*v = json_number_value(j)))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' must be a finite number", path, key);
	return XLQA_OK;
}

/* obj[key] as a count (an integer >= 0) into *v; `where` names obj in the message. */
static int get_count(const json_t *obj, const char *where, const char *key, const char *path, size_t *v,
                     struct xlqa_error *err)
{
	const json_t *j = json_object_get(obj, key);

	if (!json_is_integer(j) || json_integer_value(j) < 0)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' needs '%s' as an integer >= 0", path, where, key);
	*v = (size_t)json_integer_value(j);
	return XLQA_OK;
}

/* obj[key] as an array of d finite numbers into v; `positive` requires each > 0. */
static int get_vector(const json_t *obj, const char *key, size_t d, bool positive, const char *path, double *v,
                      struct xlqa_error *err)
{
	const json_t *a = json_object_get(obj, key);

	if (!json_is_array(a))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' must be an array of numbers", path, key);
	if (json_array_size(a) != d)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' has %zu entries, 'features' has %zu", path, key,
		                      json_array_size(a), d);
	for (size_t i = 0; i < d; i++) {
		const json_t *e = json_array_get(a, i);

		if (!json_is_number(e) || !isfinite(v[i] = json_number_value(e)))
			return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s'[%zu] must be a finite number", path, key, i);
		if (positive && !(v[i] > 0))
			return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s'[%zu] must be positive, not %g", path, key, i, v[i]);
	}
	return XLQA_OK;
}

static int read_training(const json_t *t, const char *path, struct xlqa_model_summary *s, struct xlqa_error *err)
{
	const json_t *conv = json_object_get(t, "converged");
	int rc;

	if (!json_is_object(t))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'training' must be an object", path);
	if ((rc = check_keys(t, training_keys, sizeof training_keys / sizeof training_keys[0], " in 'training'", path,
	                     err)) ||
	    (rc = get_count(t, "training", "n", path, &s->n, err)) ||
	    (rc = get_count(t, "training", "positives", path, &s->positives, err)) ||
	    (rc = get_count(t, "training", "iterations", path, &s->iterations, err)) ||
	    (rc = get_number(t, "l2", path, &s->l2, err)) || (rc = get_number(t, "log_loss", path, &s->log_loss, err)))
		return rc;
	if (!json_is_boolean(conv))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'training' needs 'converged' as true or false", path);
	s->converged = json_is_true(conv);
	if (s->positives > s->n)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'training' has more positives (%zu) than rows (%zu)", path,
		                      s->positives, s->n);
	return XLQA_OK;
}

static int read_ranking(const json_t *r, const char *path, struct xlqa_model *m, struct xlqa_error *err)
{
	struct xlqa_model_ranking_summary *s = &m->rank_summary;
	const json_t *conv = json_object_get(r, "converged");
	int rc;

	if (!json_is_object(r))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'ranking' must be an object", path);
	/* linear weights, or with trees (read before) none */
	if (m->gbt && json_object_get(r, "weights"))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'ranking' of a gbt model has 'weights'", path);
	if (!m->gbt && !(m->rank_w = malloc(m->d * sizeof *m->rank_w)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if ((rc = check_keys(r, ranking_keys, sizeof ranking_keys / sizeof ranking_keys[0], " in 'ranking'", path,
	                     err)) ||
	    (!m->gbt && (rc = get_vector(r, "weights", m->d, false, path, m->rank_w, err))) ||
	    (rc = get_count(r, "ranking", "questions", path, &s->questions, err)) ||
	    (rc = get_count(r, "ranking", "rows", path, &s->rows, err)) ||
	    (rc = get_count(r, "ranking", "iterations", path, &s->iterations, err)) ||
	    (rc = get_number(r, "l2", path, &s->l2, err)) || (rc = get_number(r, "log_loss", path, &s->log_loss, err)))
		return rc;
	if (!json_is_boolean(conv))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'ranking' needs 'converged' as true or false", path);
	s->converged = json_is_true(conv);
	return XLQA_OK;
}

/*
 * The calibration object `key` of a model file ("answer_calibration"), set into *slot, a
 * calibration of the model, by set_calibration with `what` naming it ("answer calibration").
 */
static int read_calibration(const json_t *o, const char *key, const char *what, const char *path,
                            struct xlqa_model_answer_calibration **slot, struct xlqa_error *err)
{
	struct xlqa_model_answer_calibration c = { 0 };
	const json_t *names = json_object_get(o, "inputs");
	struct xlqa_error set_err = { 0 };
	char where[32];
	size_t n_in;
	int rc;

	if (!json_is_object(o))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' must be an object", path, key);
	snprintf(where, sizeof where, " in '%s'", key);
	if ((rc = check_keys(o, calibration_keys, sizeof calibration_keys / sizeof calibration_keys[0], where, path,
	                     err)))
		return rc;
	n_in = json_is_array(names) ? json_array_size(names) : 0;
	if (n_in != XLQA_MODEL_ANSWER_INPUTS && n_in != OLD_ANSWER_INPUTS)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' needs 'inputs', an array of %d names", path, key,
		                      XLQA_MODEL_ANSWER_INPUTS);
	for (size_t k = 0; k < n_in; k++) {
		const json_t *n = json_array_get(names, k);

		if (!json_is_string(n) || strcmp(json_string_value(n), answer_input_names[k]) != 0)
			return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' 'inputs'[%zu] must be \"%s\"", path, key, k,
			                      answer_input_names[k]);
	}
	if (json_array_size(json_object_get(o, "weights")) != n_in)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' needs 'weights', an array of %zu numbers", path, key,
		                      n_in);
	/* a file from before the last inputs: their weights stay 0 */
	if ((rc = get_vector(o, "weights", n_in, false, path, c.weights, err)) ||
	    (rc = get_number(o, "bias", path, &c.bias, err)) ||
	    (rc = get_count(o, key, "folds", path, &c.folds, err)) ||
	    (rc = get_count(o, key, "questions", path, &c.questions, err)) ||
	    (rc = get_count(o, key, "positives", path, &c.positives, err)) ||
	    (rc = get_number(o, "l2", path, &c.l2, err)) || (rc = get_number(o, "log_loss", path, &c.log_loss, err)) ||
	    (rc = get_number(o, "ece", path, &c.ece, err)))
		return rc;
	if ((rc = set_calibration(slot, &c, what, &set_err)))
		return rc == XLQA_EINVAL ? xlqa_error_set(err, XLQA_EPARSE, "%s: %s", path, set_err.message)
		                         : xlqa_error_set(err, rc, "%s: %s", path, set_err.message);
	return XLQA_OK;
}

/* A version-2 file's string list `key` into m through `set` (xlqa_model_set_languages, ...). */
static int read_list(const json_t *root, const char *key, const char *path, struct xlqa_model *m,
                     int (*set)(struct xlqa_model *, const char *const *, size_t, struct xlqa_error *),
                     struct xlqa_error *err)
{
	const json_t *a = json_object_get(root, key);
	size_t n = json_array_size(a);
	const char **v = malloc((n ? n : 1) * sizeof *v);
	struct xlqa_error set_err = { 0 };
	int rc = XLQA_OK;

	if (!v)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!json_is_array(a))
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' must be an array of strings", path, key);
	for (size_t i = 0; !rc && i < n; i++)
		if (!json_is_string(json_array_get(a, i)))
			rc = xlqa_error_set(err, XLQA_EPARSE, "%s: '%s'[%zu] must be a string", path, key, i);
		else
			v[i] = json_string_value(json_array_get(a, i));
	if (!rc && (rc = set(m, v, n, &set_err)))
		rc = rc == XLQA_EINVAL ? xlqa_error_set(err, XLQA_EPARSE, "%s: '%s': %s", path, key, set_err.message)
		                       : xlqa_error_set(err, rc, "%s: '%s': %s", path, key, set_err.message);
	free(v);
	return rc;
}

/* A version-2 file's metadata and trees (the features read). */
static int read_metadata(const json_t *root, const char *path, struct xlqa_model *m, struct xlqa_error *err)
{
	const json_t *learner = json_object_get(root, "learner"), *fs = json_object_get(root, "feature_set");
	const json_t *gbt = json_object_get(root, "gbt");
	struct xlqa_error name_err = { 0 };
	int l, rc;

	if (!json_is_string(learner) || xlqa_model_learner_from_name(json_string_value(learner), &l, &name_err))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'learner' must be \"logistic\" or \"gbt\"", path);
	if (!json_is_string(fs))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'feature_set' must be a string", path);
	if (strcmp(json_string_value(fs), m->feature_set) != 0)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'feature_set' is '%s', the features' id is '%s'", path,
		                      json_string_value(fs), m->feature_set);
	if ((rc = read_list(root, "languages", path, m, xlqa_model_set_languages, err)) ||
	    (rc = read_list(root, "fitted_on", path, m, xlqa_model_set_fitted_on, err)))
		return rc;
	if ((l == XLQA_MODEL_LEARNER_GBT) != (gbt != NULL))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: a '%s' model %s a 'gbt' object", path, learner_names[l],
		                      gbt ? "has" : "needs");
	if (gbt && !json_object_get(root, "ranking"))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: a 'gbt' model needs a 'ranking' object", path);
	return gbt ? qa_gbt_from_json(gbt, m->d, path, &m->gbt, err) : XLQA_OK;
}

static int model_from_json(const json_t *root, const char *path, struct xlqa_model **out, struct xlqa_error *err)
{
	const json_t *format = json_object_get(root, "format"), *version = json_object_get(root, "version");
	const json_t *features = json_object_get(root, "features"), *training = json_object_get(root, "training");
	struct xlqa_model *m;
	size_t d;
	long rep;
	int rc;

	if (!json_is_object(root))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: a JSON object expected", path);
	if ((rc = check_keys(root, model_keys, sizeof model_keys / sizeof model_keys[0], "", path, err)))
		return rc;
	if (!json_is_string(format) || strcmp(json_string_value(format), MODEL_FORMAT) != 0)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'format' must be \"%s\"", path, MODEL_FORMAT);
	if (!json_is_integer(version) ||
	    (json_integer_value(version) != MODEL_VERSION && json_integer_value(version) != MODEL_VERSION_1))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'version' must be %d or %d", path, MODEL_VERSION_1,
		                      MODEL_VERSION);
	for (size_t i = 0; json_integer_value(version) == MODEL_VERSION_1 && i < sizeof v2_keys / sizeof v2_keys[0]; i++)
		if (json_object_get(root, v2_keys[i]))
			return xlqa_error_set(err, XLQA_EPARSE, "%s: '%s' belongs to version %d, the file is version %d", path,
			                      v2_keys[i], MODEL_VERSION, MODEL_VERSION_1);
	if (!json_is_array(features) || (d = json_array_size(features)) == 0)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: 'features' must be a non-empty array of names", path);
	if (!(m = model_new(d)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < d && !rc; i++) {
		const json_t *f = json_array_get(features, i);

		if (!json_is_string(f) || !json_string_value(f)[0])
			rc = xlqa_error_set(err, XLQA_EPARSE, "%s: 'features'[%zu] must be a non-empty string", path, i);
		else if (!(m->names[i] = strdup(json_string_value(f))))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if (!rc && (rep = qa_model_repeated_name((const char *const *)m->names, d)) >= 0)
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: 'features'[%ld] repeats '%s'", path, rep, m->names[rep]);
	if (!rc && !(rc = get_vector(root, "means", d, false, path, m->mean, err)) &&
	    !(rc = get_vector(root, "sds", d, true, path, m->sd, err)) &&
	    !(rc = get_vector(root, "weights", d, false, path, m->w, err)) &&
	    !(rc = get_number(root, "bias", path, &m->bias, err)) &&
	    !(rc = get_number(root, "nil_threshold", path, &m->nil_threshold, err)) &&
	    !(m->nil_threshold >= 0 && m->nil_threshold <= nextafter(1.0, 2.0)))
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: 'nil_threshold' must be in [0, 1], not %g", path,
		                    m->nil_threshold);
	if (!rc)
		xlqa_model_feature_set_id((const char *const *)m->names, d, m->feature_set);
	if (!rc && json_integer_value(version) == MODEL_VERSION)
		rc = read_metadata(root, path, m, err);
	if (!rc && training)
		rc = read_training(training, path, &m->summary, err);
	if (!rc && json_object_get(root, "ranking"))
		rc = read_ranking(json_object_get(root, "ranking"), path, m, err);
	if (!rc && json_object_get(root, "answer_calibration"))
		rc = read_calibration(json_object_get(root, "answer_calibration"), "answer_calibration", "answer calibration",
		                      path, &m->cal, err);
	if (!rc && json_object_get(root, "nil_calibration"))
		rc = read_calibration(json_object_get(root, "nil_calibration"), "nil_calibration", "NIL calibration", path,
		                      &m->nil_cal, err);
	if (rc) {
		xlqa_model_free(m);
		return rc;
	}
	*out = m;
	return XLQA_OK;
}

int xlqa_model_read(const char *path, struct xlqa_model **out, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	json_error_t je;
	json_t *root;
	int rc;

	*out = NULL;
	if ((rc = xlqa_file_read(path, &buf, err)))
		return rc;
	root = json_loadb(buf.buf, buf.len, JSON_REJECT_DUPLICATES, &je);
	if (!root)
		rc = xlqa_error_in(err, XLQA_EPARSE, path, je.position, je.line, "%s", je.text);
	else
		rc = model_from_json(root, path, out, err);
	json_decref(root);
	xlqa_buf_release(&buf);
	return rc;
}
