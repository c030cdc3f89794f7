/*
 * Unit tests of the model module: logistic regression recovers known weights from a large
 * synthetic sample and the analytic optimum of small hand-made ones, the NIL threshold on
 * hand-scored tables, model files round-trip to the bit and malformed ones are refused with their
 * reason, and feature tables are read, refused and applied as model.h says; gradient-boosted trees
 * rank what a linear score cannot, round-trip through the file, and a corrupt booster is refused;
 * the metadata (learner, feature set, languages, fitted-on) round-trips and is checked.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A fresh temporary file name holding `text` (written through the library's atomic writer). */
static void temp_file(char path[64], const char *text)
{
	struct xlqa_error err;
	int fd;

	snprintf(path, 64, "/tmp/xlqa-model-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(xlqa_file_write_atomic(path, text, strlen(text), &err), XLQA_OK);
}

/* A uniform double in [lo, hi) from the test generator. */
static double uniform(uint64_t *state, double lo, double hi)
{
	return lo + (hi - lo) * (double)(test_rng_next(state) >> 11) * 0x1p-53;
}

static double sigmoid(double t) { return 1.0 / (1.0 + exp(-t)); }

START_TEST(fit_recovers_true_weights)
{
	/*
	 * 20000 rows drawn from a known model: x1, x2 uniform in [-2, 2), x3 uniform in [0, 10) (a
	 * different scale, so standardisation matters), P(y=1) = sigmoid(-0.5 + 1.5 x1 - 2 x2 + 0.3 x3).
	 * Without a penalty the MLE is consistent; with this n its standard errors are about 0.02 for
	 * w1 and w2, 0.007 for w3 and 0.06 for the bias, so the tolerances are about five of them.
	 */
	enum { N = 20000, D = 3 };
	static const double truth[D] = { 1.5, -2.0, 0.3 }, bias = -0.5, tol[D] = { 0.1, 0.1, 0.035 };
	static const char *const names[D] = { "x1", "x2", "x3" };
	double *x = malloc(N * D * sizeof *x);
	unsigned char *y = malloc(N);
	uint64_t state = 0x9E3779B97F4A7C15u;
	struct xlqa_model *m;
	struct xlqa_error err;

	ck_assert_ptr_nonnull(x);
	ck_assert_ptr_nonnull(y);
	for (size_t i = 0; i < N; i++) {
		double t = bias;

		x[i * D] = uniform(&state, -2, 2);
		x[i * D + 1] = uniform(&state, -2, 2);
		x[i * D + 2] = uniform(&state, 0, 10);
		for (size_t j = 0; j < D; j++)
			t += truth[j] * x[i * D + j];
		y[i] = uniform(&state, 0, 1) < sigmoid(t);
	}
	ck_assert_int_eq(xlqa_model_fit(x, y, N, D, names, NULL, &m, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_model_dim(m), D);
	for (size_t j = 0; j < D; j++) {
		ck_assert_str_eq(xlqa_model_feature(m, j), names[j]);
		ck_assert_double_eq_tol(xlqa_model_raw_weight(m, j), truth[j], tol[j]);
	}
	ck_assert_double_eq_tol(xlqa_model_raw_bias(m), bias, 0.3);
	ck_assert(xlqa_model_summary(m)->converged);
	/* Newton converges in a handful of steps on a well-posed problem */
	ck_assert_uint_le(xlqa_model_summary(m)->iterations, 15);
	ck_assert_uint_eq(xlqa_model_summary(m)->n, N);
	/* the fitted model must predict like the true one at a point: x = (1, 0, 5): t = 2.5 */
	ck_assert_double_eq_tol(xlqa_model_predict(m, (const double[]){ 1, 0, 5 }), sigmoid(2.5), 0.03);

	/* deterministic: a second fit gives the same bits */
	{
		struct xlqa_model *m2;

		ck_assert_int_eq(xlqa_model_fit(x, y, N, D, names, NULL, &m2, &err), XLQA_OK);
		for (size_t j = 0; j < D; j++)
			ck_assert(memcmp(&(double){ xlqa_model_weight(m, j) }, &(double){ xlqa_model_weight(m2, j) },
			                 sizeof(double)) == 0);
		ck_assert(xlqa_model_bias(m) == xlqa_model_bias(m2));
		xlqa_model_free(m2);
	}
	xlqa_model_free(m);
	free(x);
	free(y);
}
END_TEST

START_TEST(fit_one_feature_by_hand)
{
	/*
	 * One binary feature, no penalty: x = 0 on four rows (one right), x = 1 on four rows (three
	 * right). The model is saturated, so the MLE reproduces the observed rates: P(x=0) = 1/4,
	 * P(x=1) = 3/4, i.e. raw bias logit(1/4) = -ln 3 and raw weight logit(3/4) - logit(1/4) = 2 ln 3.
	 * Standardised: mean 0.5, population sd 0.5, so the weight per sd is 0.5 * 2 ln 3 = ln 3 and the
	 * bias at the mean (x = 0.5) is -ln 3 + ln 3 = 0. Mean log-loss = -(1/4 ln 1/4 + 3/4 ln 3/4).
	 */
	static const double x[8] = { 0, 0, 0, 0, 1, 1, 1, 1 };
	static const unsigned char y[8] = { 1, 0, 0, 0, 1, 1, 1, 0 };
	static const char *const names[1] = { "binary" };
	struct xlqa_model_fit_options opt = { .l2 = 0 };
	struct xlqa_model *m;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_model_fit(x, y, 8, 1, names, &opt, &m, &err), XLQA_OK);
	ck_assert_double_eq_tol(xlqa_model_mean(m, 0), 0.5, 1e-15);
	ck_assert_double_eq_tol(xlqa_model_sd(m, 0), 0.5, 1e-15);
	ck_assert_double_eq_tol(xlqa_model_raw_bias(m), -log(3.0), 1e-9);
	ck_assert_double_eq_tol(xlqa_model_raw_weight(m, 0), 2 * log(3.0), 1e-9);
	ck_assert_double_eq_tol(xlqa_model_weight(m, 0), log(3.0), 1e-9);
	ck_assert_double_eq_tol(xlqa_model_bias(m), 0.0, 1e-9);
	ck_assert_double_eq_tol(xlqa_model_predict(m, (const double[]){ 0 }), 0.25, 1e-9);
	ck_assert_double_eq_tol(xlqa_model_predict(m, (const double[]){ 1 }), 0.75, 1e-9);
	ck_assert_double_eq_tol(xlqa_model_summary(m)->log_loss, -(0.25 * log(0.25) + 0.75 * log(0.75)), 1e-12);
	ck_assert(xlqa_model_summary(m)->converged);
	xlqa_model_free(m);

	/*
	 * The same rows with l2 = 2. z = -1 for x = 0 and +1 for x = 1; swapping z's sign and the labels
	 * maps the data onto itself, so the bias is 0. The gradient in w is then
	 * 4 sigmoid(w) - 3 (rows z=+1) + 4 sigmoid(w) - 3 (rows z=-1, sign flipped) + 2 w = 0, i.e.
	 * 4 sigmoid(w) + w = 3, whose root is w = 0.5055... (sigmoid(0.5055) = 0.6238): the penalty
	 * shrinks the unpenalised ln 3 = 1.0986 to about half.
	 */
	opt.l2 = 2;
	ck_assert_int_eq(xlqa_model_fit(x, y, 8, 1, names, &opt, &m, &err), XLQA_OK);
	ck_assert_double_eq_tol(xlqa_model_bias(m), 0.0, 1e-9);
	ck_assert_double_eq_tol(4 * sigmoid(xlqa_model_weight(m, 0)) + xlqa_model_weight(m, 0), 3.0, 1e-9);
	ck_assert_double_eq_tol(xlqa_model_weight(m, 0), 0.5055, 5e-4);
	ck_assert_double_eq(xlqa_model_summary(m)->l2, 2.0);
	xlqa_model_free(m);
}
END_TEST

START_TEST(rank_fit_by_hand)
{
	/*
	 * One feature, no penalty, questions of two candidates: Q1 and Q2 have the right one at x = 1 and
	 * the wrong at x = 0, Q3 the other way round; Q4 has only wrong candidates and Q5 only a right one,
	 * so neither carries ranking information and both must be left out. With two candidates the softmax
	 * is sigmoid(v (x_right - x_wrong)), so with v the weight per raw unit the loss is
	 * 2 softplus(-v) + softplus(v), whose derivative -2 sigmoid(-v) + sigmoid(v) vanishes at
	 * sigmoid(v) = 2/3, v = ln 2. The mean loss over the three questions is then
	 * (2 ln(1 + 1/2) + ln(1 + 2)) / 3 = (2 ln 1.5 + ln 3) / 3.
	 */
	static const double x[9] = { 1, 0, 1, 0, 0, 1, 5, 7, 3 };
	static const unsigned char y[9] = { 1, 0, 1, 0, 1, 0, 0, 0, 1 };
	static const size_t q[9] = { 0, 0, 1, 1, 2, 2, 3, 3, 4 };
	static const char *const names[1] = { "x" };
	struct xlqa_model_fit_options opt = { .l2 = 0 };
	const struct xlqa_model_ranking_summary *rs;
	struct xlqa_model *m;
	struct xlqa_error err;
	double before;

	ck_assert_int_eq(xlqa_model_fit(x, y, 9, 1, names, &opt, &m, &err), XLQA_OK);
	ck_assert(!xlqa_model_has_ranking(m));
	/* without ranking the rank score is the log-odds: the same order as the probability */
	before = log(xlqa_model_predict(m, (const double[]){ 2 }) / (1 - xlqa_model_predict(m, (const double[]){ 2 })));
	ck_assert_double_eq_tol(xlqa_model_rank_score(m, (const double[]){ 2 }), before, 1e-12);
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, 9, &opt, &err), XLQA_OK);
	ck_assert(xlqa_model_has_ranking(m));
	rs = xlqa_model_ranking_summary(m);
	ck_assert_uint_eq(rs->questions, 3);
	ck_assert_uint_eq(rs->rows, 6);
	ck_assert(rs->converged);
	ck_assert_double_eq_tol(xlqa_model_rank_weight(m, 0) / xlqa_model_sd(m, 0), log(2.0), 1e-9);
	ck_assert_double_eq_tol(rs->log_loss, (2 * log(1.5) + log(3.0)) / 3, 1e-12);
	/* rank scores differ by v per unit and have no bias: score(1) - score(0) = ln 2 */
	ck_assert_double_eq_tol(xlqa_model_rank_score(m, (const double[]){ 1 }) -
	                        xlqa_model_rank_score(m, (const double[]){ 0 }), log(2.0), 1e-9);
	/* the probability model is untouched: the same log-odds as before the ranking fit */
	ck_assert(log(xlqa_model_predict(m, (const double[]){ 2 }) / (1 - xlqa_model_predict(m, (const double[]){ 2 }))) ==
	          before);

	/* a penalty shrinks the weight towards 0 */
	opt.l2 = 1;
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, 9, &opt, &err), XLQA_OK);
	ck_assert_double_gt(xlqa_model_rank_weight(m, 0) / xlqa_model_sd(m, 0), 0);
	ck_assert_double_lt(xlqa_model_rank_weight(m, 0) / xlqa_model_sd(m, 0), log(2.0));
	ck_assert_double_eq(xlqa_model_ranking_summary(m)->l2, 1.0);
	/* rank_l2, when set, is the ranking's penalty instead: stronger, a smaller weight */
	before = xlqa_model_rank_weight(m, 0);
	opt.rank_l2 = 4;
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, 9, &opt, &err), XLQA_OK);
	ck_assert_double_eq(xlqa_model_ranking_summary(m)->l2, 4.0);
	ck_assert_double_gt(xlqa_model_rank_weight(m, 0), 0);
	ck_assert_double_lt(xlqa_model_rank_weight(m, 0), before);
	opt.rank_l2 = -1;
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, 9, &opt, &err), XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "ranking L2 penalty"));
	opt.rank_l2 = 0;
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, 9, &opt, &err), XLQA_OK);
	ck_assert_double_eq(xlqa_model_ranking_summary(m)->l2, 1.0);

	/* nothing to rank: only Q4 and Q5; and a bad question index */
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x + 6, y + 6, (const size_t[]){ 0, 0, 1 }, 3, NULL, &err), XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "nothing to rank"));
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, (const size_t[]){ 0, 0, 9 }, 3, NULL, &err), XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "question 9 out of range"));
	/* a failed fit leaves the earlier ranking in place */
	ck_assert_double_eq(xlqa_model_ranking_summary(m)->l2, 1.0);
	xlqa_model_free(m);
}
END_TEST

START_TEST(rank_fit_recovers_true_weights)
{
	/*
	 * 3000 questions of 4 to 11 candidates drawn from a known conditional logit: x1, x2 uniform in
	 * [-2, 2), x3 uniform in [q, q + 10) where the offset q in [0, 20) is the question's own (a
	 * per-question shift the softmax must ignore), the right candidate drawn with probability
	 * e^{v.x} / sum e^{v.x}, v = (1.5, -2, 0.3). The MLE is consistent; drawn from 20 other seeds
	 * the same way its largest errors were 0.066, 0.126 and 0.028 (7 Newton steps each), so the
	 * tolerances are about 1.6 times those. The fit must be deterministic and converge in few steps.
	 */
	enum { Q = 3000, D = 3, MAXC = 11 };
	static const double truth[D] = { 1.5, -2.0, 0.3 }, tol[D] = { 0.11, 0.2, 0.045 };
	static const char *const names[D] = { "x1", "x2", "x3" };
	double *x = malloc(Q * MAXC * D * sizeof *x), w2[D];
	unsigned char *y = malloc(Q * MAXC);
	size_t *q = malloc(Q * MAXC * sizeof *q), n = 0;
	uint64_t state = 0x2545F4914F6CDD1Du;
	struct xlqa_model *m;
	struct xlqa_error err;

	ck_assert(x && y && q);
	for (size_t k = 0; k < Q; k++) {
		size_t c = 4 + (size_t)uniform(&state, 0, 8), first = n, pick = 0;
		double shift = uniform(&state, 0, 20), sum = 0, u, e[MAXC];

		for (size_t i = 0; i < c; i++, n++) {
			x[n * D] = uniform(&state, -2, 2);
			x[n * D + 1] = uniform(&state, -2, 2);
			x[n * D + 2] = shift + uniform(&state, 0, 10);
			e[i] = exp(truth[0] * x[n * D] + truth[1] * x[n * D + 1] + truth[2] * (x[n * D + 2] - shift));
			sum += e[i];
			q[n] = k;
			y[n] = 0;
		}
		for (u = uniform(&state, 0, sum); pick + 1 < c && u >= e[pick]; pick++)
			u -= e[pick];
		y[first + pick] = 1;
	}
	ck_assert_int_eq(xlqa_model_fit(x, y, n, D, names, NULL, &m, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, n, NULL, &err), XLQA_OK);
	for (size_t j = 0; j < D; j++)
		ck_assert_double_eq_tol(xlqa_model_rank_weight(m, j) / xlqa_model_sd(m, j), truth[j], tol[j]);
	ck_assert(xlqa_model_ranking_summary(m)->converged);
	ck_assert_uint_le(xlqa_model_ranking_summary(m)->iterations, 15);
	ck_assert_uint_eq(xlqa_model_ranking_summary(m)->questions, Q);
	for (size_t j = 0; j < D; j++)
		w2[j] = xlqa_model_rank_weight(m, j);
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, n, NULL, &err), XLQA_OK);
	for (size_t j = 0; j < D; j++)
		ck_assert(memcmp(&w2[j], &(double){ xlqa_model_rank_weight(m, j) }, sizeof(double)) == 0);
	xlqa_model_free(m);
	free(x);
	free(y);
	free(q);
}
END_TEST

START_TEST(fit_sparse_rows_match_shifted)
{
	/*
	 * The curvature of both fits is summed over each row's nonzero features (model.c, sparse_rows).
	 * Shifting a column by a constant leaves its standardised values, so the fits, unchanged: the
	 * same table with every column + 2.5 (no zeros left) must give the same standardised weights and
	 * take the same Newton steps. Here most values are 0: a kind of four, one-hot over three columns
	 * (the fourth is all zeros: four would sum to the intercept), a flag, a measure that is 0 two
	 * times in three, and a dense one with a large mean; 500 questions of 8.
	 */
	enum { Q = 500, C = 8, N = Q * C, D = 6 };
	static const char *const names[D] = { "k0", "k1", "k2", "flag", "mostly0", "dense" };
	double *x = malloc(N * D * sizeof *x), *x2 = malloc(N * D * sizeof *x2);
	unsigned char *y = malloc(N);
	size_t *q = malloc(N * sizeof *q);
	uint64_t state = 0x853C49E6748FEA9Bu;
	struct xlqa_model *m, *m2;
	struct xlqa_error err;

	ck_assert(x && x2 && y && q);
	for (size_t k = 0; k < Q; k++) {
		size_t right = (size_t)uniform(&state, 0, C);

		for (size_t i = 0; i < C; i++) {
			size_t r = k * C + i, kind = (size_t)uniform(&state, 0, 4);
			double *xr = x + r * D;

			memset(xr, 0, D * sizeof *xr);
			if (kind < 3)
				xr[kind] = 1.0;
			xr[3] = uniform(&state, 0, 1) < 0.3;
			xr[4] = uniform(&state, 0, 3) < 1 ? uniform(&state, 0, 5) : 0.0;
			xr[5] = 40.0 + uniform(&state, 0, 4);
			/* the right candidate leans on the flag and the measure */
			if (i == right) {
				xr[3] = uniform(&state, 0, 1) < 0.7;
				xr[4] += 1.0;
			}
			y[r] = i == right;
			q[r] = k;
			for (size_t j = 0; j < D; j++)
				x2[r * D + j] = xr[j] + 2.5;
		}
	}
	ck_assert_int_eq(xlqa_model_fit(x, y, N, D, names, NULL, &m, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_fit(x2, y, N, D, names, NULL, &m2, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_model_summary(m)->iterations, xlqa_model_summary(m2)->iterations);
	for (size_t j = 0; j < D; j++)
		ck_assert_double_eq_tol(xlqa_model_weight(m, j), xlqa_model_weight(m2, j), 1e-9);
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, q, N, NULL, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_fit_ranking(m2, x2, y, q, N, NULL, &err), XLQA_OK);
	ck_assert(xlqa_model_ranking_summary(m)->converged);
	ck_assert_uint_eq(xlqa_model_ranking_summary(m)->iterations, xlqa_model_ranking_summary(m2)->iterations);
	for (size_t j = 0; j < D; j++)
		ck_assert_double_eq_tol(xlqa_model_rank_weight(m, j), xlqa_model_rank_weight(m2, j), 1e-9);
	xlqa_model_free(m);
	xlqa_model_free(m2);
	free(x);
	free(x2);
	free(y);
	free(q);
}
END_TEST

START_TEST(fit_constant_and_separable)
{
	/* A constant feature gets sd 1 and weight 0 instead of a singular system. */
	static const double x[12] = { 0, 7, 0, 7, 0, 7, 1, 7, 1, 7, 1, 7 };
	static const unsigned char y[6] = { 0, 1, 0, 1, 1, 1 };
	static const char *const names[2] = { "varies", "constant" };
	struct xlqa_model_fit_options opt = { .l2 = 0 };
	struct xlqa_model *m;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_model_fit(x, y, 6, 2, names, &opt, &m, &err), XLQA_OK);
	ck_assert_double_eq(xlqa_model_sd(m, 1), 1.0);
	ck_assert_double_eq(xlqa_model_weight(m, 1), 0.0);
	/* the varying feature alone: rates 1/3 at x=0 and 1 at x=1 (separable there) */
	ck_assert_double_eq_tol(xlqa_model_predict(m, (const double[]){ 0, 7 }), 1.0 / 3, 1e-6);
	ck_assert(xlqa_model_predict(m, (const double[]){ 1, 7 }) > 0.999);
	xlqa_model_free(m);

	/* Perfectly separable rows: without a penalty the weights grow but stay finite and ordered;
	 * with one the fit converges. */
	{
		static const double xs[4] = { -2, -1, 1, 2 };
		static const unsigned char ys[4] = { 0, 0, 1, 1 };
		static const char *const n1[1] = { "s" };

		ck_assert_int_eq(xlqa_model_fit(xs, ys, 4, 1, n1, &opt, &m, &err), XLQA_OK);
		ck_assert(isfinite(xlqa_model_weight(m, 0)) && xlqa_model_weight(m, 0) > 5);
		ck_assert(xlqa_model_predict(m, (const double[]){ -1 }) < 0.01);
		xlqa_model_free(m);
		opt.l2 = 1;
		ck_assert_int_eq(xlqa_model_fit(xs, ys, 4, 1, n1, &opt, &m, &err), XLQA_OK);
		ck_assert(xlqa_model_summary(m)->converged);
		ck_assert(xlqa_model_weight(m, 0) > 0 && xlqa_model_weight(m, 0) < 5);
		xlqa_model_free(m);
	}
}
END_TEST

/* Bad fit inputs and the message each gives. */
static const struct {
	const char *guard;
	size_t n, d;
	unsigned char y[3];
	double x0;
	const char *name1;
	double l2;
	const char *message;
} bad_fits[] = {
	{ "no rows", 0, 2, { 0, 1, 0 }, 1, "b", 0, "no candidates to fit" },
	{ "no features", 3, 0, { 0, 1, 0 }, 1, "b", 0, "no features to fit" },
	{ "labels all equal: nothing to learn", 3, 2, { 0, 0, 0 }, 1, "b", 0, "all 3 candidates are wrong" },
	{ "a label that is not 0 or 1", 3, 2, { 0, 2, 1 }, 1, "b", 0, "candidate 2: label 2 is not 0 or 1" },
	{ "a NaN feature value", 3, 2, { 0, 1, 0 }, NAN, "b", 0, "candidate 1: feature 'a' is not a finite number" },
	{ "a repeated feature name", 3, 2, { 0, 1, 0 }, 1, "a", 0, "feature 'a' named twice" },
	{ "an empty feature name", 3, 2, { 0, 1, 0 }, 1, "", 0, "feature 2 has no name" },
	{ "a negative penalty", 3, 2, { 0, 1, 0 }, 1, "b", -1, "L2 penalty must be a finite number >= 0" },
};

START_TEST(fit_errors)
{
	double x[6] = { bad_fits[_i].x0, 1, 2, 3, 4, 5 };
	const char *names[2] = { "a", bad_fits[_i].name1 };
	struct xlqa_model_fit_options opt = { .l2 = bad_fits[_i].l2 };
	struct xlqa_model *m = (struct xlqa_model *)&opt;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_model_fit(x, bad_fits[_i].y, bad_fits[_i].n, bad_fits[_i].d, names, &opt, &m, &err),
	                 XLQA_EINVAL);
	ck_assert_ptr_null(m);
	ck_assert_msg(strstr(err.message, bad_fits[_i].message), "%s: '%s'", bad_fits[_i].guard, err.message);
}
END_TEST

START_TEST(nil_threshold_by_hand)
{
	/*
	 * Six questions (-1: no candidate), 3 of them gold NIL (q0, q1, q3):
	 *   q  best_p gold_nil right
	 *   0   -1     1       0
	 *   1   0.2    1       0
	 *   2   0.3    0       0
	 *   3   0.4    1       0
	 *   4   0.6    0       1
	 *   5   0.8    0       1
	 * threshold  NIL answers      P     R     F1 = 2PR/(P+R)   accuracy
	 *   0        {0}              1/1   1/3   0.5              {0,4,5} 3/6
	 *   0.25     {0,1}            2/2   2/3   0.8              {0,1,4,5} 4/6
	 *   0.35     {0,1,2}          2/3   2/3   0.667            4/6
	 *   0.5      {0,1,2,3}        3/4   3/3   0.857            {0,1,3,4,5} 5/6
	 *   0.7      {0..4}           3/5   1     0.75             4/6
	 *   0.9      {0..5}           3/6   1     0.667            3/6
	 * so the threshold is 0.5 (the midpoint of 0.4 and 0.6) with accuracy 5/6.
	 */
	static const double p[6] = { -1, 0.2, 0.3, 0.4, 0.6, 0.8 };
	static const unsigned char nil[6] = { 1, 1, 0, 1, 0, 0 }, right[6] = { 0, 0, 0, 0, 1, 1 };
	struct xlqa_model_nil_scores s;
	struct xlqa_error err;
	double t, acc;

	ck_assert_int_eq(xlqa_model_fit_nil_threshold(p, nil, right, 6, &t, &acc, &err), XLQA_OK);
	ck_assert_double_eq_tol(t, 0.5, 1e-12);
	ck_assert_double_eq_tol(acc, 5.0 / 6, 1e-12);
	ck_assert_int_eq(xlqa_model_nil_score(p, nil, right, 6, t, &s, &err), XLQA_OK);
	ck_assert_uint_eq(s.nil_answers, 4);
	ck_assert_uint_eq(s.nil_right, 3);
	ck_assert_double_eq_tol(s.precision, 0.75, 1e-12);
	ck_assert_double_eq_tol(s.recall, 1.0, 1e-12);
	ck_assert_double_eq_tol(s.f1, 6.0 / 7, 1e-12);
	/* the row for threshold 0.35 */
	ck_assert_int_eq(xlqa_model_nil_score(p, nil, right, 6, 0.35, &s, &err), XLQA_OK);
	ck_assert_double_eq_tol(s.f1, 2.0 / 3, 1e-12);
	ck_assert_double_eq_tol(s.accuracy, 4.0 / 6, 1e-12);
}
END_TEST

START_TEST(nil_threshold_ties_and_edges)
{
	/*
	 * A tie: four questions, gold NIL q0 and q3.
	 *   threshold 0:    no NIL answer: F1 0
	 *   0.4  {q0}:      P 1,   R 1/2, F1 2/3, accuracy {q0,q1} 2/4
	 *   0.6  {q0,q1}:   P 1/2, R 1/2, F1 1/2
	 *   0.8  {q0,q1,q2}: P 1/3, R 1/2, F1 2/5
	 *   0.95 all:       P 2/4, R 1,   F1 2/3, accuracy {q0,q3} 2/4
	 * F1 2/3 twice: the lower threshold, 0.4, wins.
	 */
	static const double p[4] = { 0.3, 0.5, 0.7, 0.9 };
	static const unsigned char nil[4] = { 1, 0, 0, 1 }, right[4] = { 0, 1, 0, 0 };
	/* Only questions without candidates: every threshold gives the same answers, so 0. */
	static const double none[2] = { -1, -1 };
	static const unsigned char none_nil[2] = { 1, 0 }, zero[4] = { 0 };
	/* The best probability 1.0 of a gold-NIL question: only a threshold above 1 makes it NIL. */
	static const double sure[2] = { 0.5, 1.0 };
	static const unsigned char sure_nil[2] = { 1, 1 };
	struct xlqa_error err;
	double t, acc;

	ck_assert_int_eq(xlqa_model_fit_nil_threshold(p, nil, right, 4, &t, &acc, &err), XLQA_OK);
	ck_assert_double_eq_tol(t, 0.4, 1e-12);
	ck_assert_double_eq_tol(acc, 0.5, 1e-12);
	ck_assert_int_eq(xlqa_model_fit_nil_threshold(none, none_nil, zero, 2, &t, &acc, &err), XLQA_OK);
	ck_assert_double_eq(t, 0.0);
	ck_assert_double_eq(acc, 0.5);
	ck_assert_int_eq(xlqa_model_fit_nil_threshold(sure, sure_nil, zero, 2, &t, &acc, &err), XLQA_OK);
	ck_assert(t > 1.0 && t == nextafter(1.0, 2.0));
	ck_assert_double_eq(acc, 1.0);

	/* smoothed: width 0 is the exact fit; a width makes F1 a smooth function of the threshold, whose
	 * maximum on these five questions (one without candidates) lies at 0.41 for width 0.05, worked
	 * out apart from the code; the accuracy is the hard threshold's */
	{
		static const double p5[5] = { 0.10, 0.30, 0.20, 0.50, -1 };
		static const unsigned char nil5[5] = { 1, 1, 0, 0, 1 }, right5[5] = { 0, 0, 0, 1, 0 };

		ck_assert_int_eq(xlqa_model_fit_nil_threshold_smooth(p, nil, right, 4, 0.0, &t, &acc, &err), XLQA_OK);
		ck_assert_double_eq_tol(t, 0.4, 1e-12);
		ck_assert_int_eq(xlqa_model_fit_nil_threshold(p5, nil5, right5, 5, &t, &acc, &err), XLQA_OK);
		ck_assert_double_eq_tol(t, 0.4, 1e-12);
		ck_assert_int_eq(xlqa_model_fit_nil_threshold_smooth(p5, nil5, right5, 5, 0.05, &t, &acc, &err), XLQA_OK);
		ck_assert_double_eq_tol(t, 0.41, 1e-9);
		ck_assert_double_eq_tol(acc, 0.8, 1e-12);
		ck_assert_int_eq(xlqa_model_fit_nil_threshold_smooth(p5, nil5, right5, 5, -0.1, &t, &acc, &err), XLQA_EINVAL);
		ck_assert_int_eq(xlqa_model_fit_nil_threshold_smooth(p5, nil5, right5, 5, NAN, &t, &acc, &err), XLQA_EINVAL);
	}

	/* bad inputs, each named */
	ck_assert_int_eq(xlqa_model_fit_nil_threshold(p, nil, right, 0, &t, &acc, &err), XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "no questions"));
	ck_assert_int_eq(xlqa_model_fit_nil_threshold((const double[]){ 1.5 }, zero, zero, 1, &t, &acc, &err),
	                 XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "question 1: probability 1.5"));
	ck_assert_int_eq(xlqa_model_fit_nil_threshold((const double[]){ 0.5 }, sure_nil, sure_nil, 1, &t, &acc, &err),
	                 XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "whose gold answer is NIL"));
	ck_assert_int_eq(xlqa_model_fit_nil_threshold(none, zero, sure_nil, 1, &t, &acc, &err), XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "without candidates"));
}
END_TEST

START_TEST(model_file_round_trip)
{
	/* Write and read give back every bit: weights, scales, threshold, summary. */
	static const double x[10] = { 0.1, 3, 0.7, 1, 0.2, 4, 0.9, 0, 0.5, 2 };
	static const unsigned char y[5] = { 0, 1, 0, 1, 1 };
	static const char *const names[2] = { "passage \"score\"", "rank" };
	struct xlqa_model_fit_options opt = { .l2 = 0.01 };
	struct xlqa_model *m, *r;
	struct xlqa_error err;
	char path[64];

	ck_assert_int_eq(xlqa_model_fit(x, y, 5, 2, names, &opt, &m, &err), XLQA_OK);
	xlqa_model_set_nil_threshold(m, 0.3141592653589793);
	temp_file(path, "");
	ck_assert_int_eq(xlqa_model_write(m, path, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_model_dim(r), 2);
	for (size_t j = 0; j < 2; j++) {
		ck_assert_str_eq(xlqa_model_feature(r, j), names[j]);
		ck_assert(xlqa_model_weight(r, j) == xlqa_model_weight(m, j));
		ck_assert(xlqa_model_mean(r, j) == xlqa_model_mean(m, j));
		ck_assert(xlqa_model_sd(r, j) == xlqa_model_sd(m, j));
	}
	ck_assert(xlqa_model_bias(r) == xlqa_model_bias(m));
	ck_assert(xlqa_model_nil_threshold(r) == 0.3141592653589793);
	ck_assert(xlqa_model_predict(r, x) == xlqa_model_predict(m, x));
	ck_assert_uint_eq(xlqa_model_summary(r)->n, 5);
	ck_assert_uint_eq(xlqa_model_summary(r)->positives, 3);
	ck_assert_uint_eq(xlqa_model_summary(r)->iterations, xlqa_model_summary(m)->iterations);
	ck_assert(xlqa_model_summary(r)->converged == xlqa_model_summary(m)->converged);
	ck_assert(xlqa_model_summary(r)->log_loss == xlqa_model_summary(m)->log_loss);
	ck_assert(xlqa_model_summary(r)->l2 == 0.01);
	ck_assert(!xlqa_model_has_ranking(r)); /* a file without "ranking" reads as a model without one */
	xlqa_model_free(r);

	/* with a ranking (questions {0,1}, {2,3,4}) its weights and summary come back too */
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, (const size_t[]){ 0, 0, 1, 1, 1 }, 5, &opt, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_write(m, path, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_OK);
	ck_assert(xlqa_model_has_ranking(r));
	for (size_t j = 0; j < 2; j++)
		ck_assert(xlqa_model_rank_weight(r, j) == xlqa_model_rank_weight(m, j));
	ck_assert(xlqa_model_rank_score(r, x + 2) == xlqa_model_rank_score(m, x + 2));
	ck_assert_uint_eq(xlqa_model_ranking_summary(r)->questions, 2);
	ck_assert_uint_eq(xlqa_model_ranking_summary(r)->rows, 5);
	ck_assert(xlqa_model_ranking_summary(r)->log_loss == xlqa_model_ranking_summary(m)->log_loss);
	ck_assert(xlqa_model_ranking_summary(r)->converged == xlqa_model_ranking_summary(m)->converged);
	xlqa_model_free(r);
	xlqa_model_free(m);
	unlink(path);
	xlqa_model_free(NULL);
}
END_TEST

/* Malformed model files: each refused with its reason. "%s" in `json` is a valid core to vary. */
#define CORE "\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"b\"],\"means\":[0,1],\"sds\":[1,2]," \
             "\"weights\":[0.5,-1],\"bias\":0.1,\"nil_threshold\":0.2"
#define CAL_INPUTS "[\"top_logit\",\"top_softmax\",\"top_margin\"]"
static const struct {
	const char *guard;
	const char *json;
	const char *message;
} bad_models[] = {
	{ "not JSON at all", "{\"format\": ", ":1: " },
	{ "an array, not an object", "[1, 2]", "a JSON object expected" },
	{ "another format", "{\"format\":\"other\"}", "'format' must be \"xlqa-model\"" },
	{ "a future version", "{\"format\":\"xlqa-model\",\"version\":3}", "'version' must be 1 or 2" },
	{ "no features", "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[]}", "'features' must be a non-empty" },
	{ "a feature that is not a string",
	  "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",3]}", "'features'[1] must be a non-empty string" },
	{ "a repeated feature", "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"a\"]}",
	  "'features'[1] repeats 'a'" },
	{ "means too short",
	  "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"b\"],\"means\":[0]}",
	  "'means' has 1 entries, 'features' has 2" },
	{ "a zero standard deviation",
	  "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"b\"],\"means\":[0,1],\"sds\":[1,0]}",
	  "'sds'[1] must be positive" },
	{ "a weight that is a string",
	  "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"b\"],\"means\":[0,1],\"sds\":[1,2],"
	  "\"weights\":[0,\"x\"]}",
	  "'weights'[1] must be a finite number" },
	{ "no bias",
	  "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"b\"],\"means\":[0,1],\"sds\":[1,2],"
	  "\"weights\":[0,1]}",
	  "'bias' missing" },
	{ "a key given twice", "{" CORE ",\"nil_threshold\":0.5}", ":1: duplicate object key" },
	{ "a threshold above 1",
	  "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"b\"],\"means\":[0,1],\"sds\":[1,2],"
	  "\"weights\":[0.5,-1],\"bias\":0.1,\"nil_threshold\":1.5}",
	  "'nil_threshold' must be in [0, 1], not 1.5" },
	{ "a negative threshold",
	  "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"a\",\"b\"],\"means\":[0,1],\"sds\":[1,2],"
	  "\"weights\":[0.5,-1],\"bias\":0.1,\"nil_threshold\":-0.1}",
	  "'nil_threshold' must be in [0, 1]" },
	{ "an unknown key (a typo)", "{" CORE ",\"weigths\":[1,2]}", "unknown key 'weigths'" },
	{ "training that is not an object", "{" CORE ",\"training\":3}", "'training' must be an object" },
	{ "training with a negative count", "{" CORE ",\"training\":{\"n\":-1}}", "needs 'n' as an integer >= 0" },
	{ "training with more positives than rows",
	  "{" CORE ",\"training\":{\"n\":2,\"positives\":3,\"iterations\":1,\"l2\":0,\"log_loss\":0.5,"
	  "\"converged\":true}}",
	  "more positives (3) than rows (2)" },
	{ "ranking that is not an object", "{" CORE ",\"ranking\":[1]}", "'ranking' must be an object" },
	{ "ranking weights of the wrong length", "{" CORE ",\"ranking\":{\"weights\":[1]}}",
	  "'weights' has 1 entries, 'features' has 2" },
	{ "ranking with an unknown key", "{" CORE ",\"ranking\":{\"weights\":[1,2],\"bias\":0}}",
	  "unknown key 'bias' in 'ranking'" },
	{ "ranking without its summary", "{" CORE ",\"ranking\":{\"weights\":[1,2]}}",
	  "'ranking' needs 'questions' as an integer >= 0" },
	{ "answer calibration that is not an object", "{" CORE ",\"answer_calibration\":1}",
	  "'answer_calibration' must be an object" },
	{ "answer calibration over other inputs",
	  "{" CORE ",\"answer_calibration\":{\"inputs\":[\"top_logit\",\"top_margin\",\"top_softmax\"]}}",
	  "'inputs'[1] must be \"top_softmax\"" },
	{ "answer calibration with two weights",
	  "{" CORE ",\"answer_calibration\":{\"inputs\":" CAL_INPUTS ",\"weights\":[1,2]}}",
	  "needs 'weights', an array of 3 numbers" },
	{ "answer calibration with an unknown key", "{" CORE ",\"answer_calibration\":{\"slope\":1}}",
	  "unknown key 'slope' in 'answer_calibration'" },
	{ "answer calibration with one fold",
	  "{" CORE ",\"answer_calibration\":{\"inputs\":" CAL_INPUTS ",\"weights\":[1,2,3],\"bias\":0,"
	  "\"folds\":1,\"questions\":9,\"positives\":3,\"l2\":0.01,\"log_loss\":0.5,\"ece\":0.1}}",
	  "1 folds, at least 2 needed" },
	{ "answer calibration without its summary",
	  "{" CORE ",\"answer_calibration\":{\"inputs\":" CAL_INPUTS ",\"weights\":[1,2,3],\"bias\":0}}",
	  "'answer_calibration' needs 'folds' as an integer >= 0" },
	{ "NIL calibration that is not an object", "{" CORE ",\"nil_calibration\":[]}",
	  "'nil_calibration' must be an object" },
	{ "NIL calibration with an unknown key", "{" CORE ",\"nil_calibration\":{\"slope\":1}}",
	  "unknown key 'slope' in 'nil_calibration'" },
	{ "NIL calibration without its summary",
	  "{" CORE ",\"nil_calibration\":{\"inputs\":" CAL_INPUTS ",\"weights\":[1,2,3],\"bias\":0}}",
	  "'nil_calibration' needs 'folds' as an integer >= 0" },
	{ "NIL calibration with one fold",
	  "{" CORE ",\"nil_calibration\":{\"inputs\":" CAL_INPUTS ",\"weights\":[1,2,3],\"bias\":0,"
	  "\"folds\":1,\"questions\":9,\"positives\":3,\"l2\":0.01,\"log_loss\":0.5,\"ece\":0.1}}",
	  "NIL calibration: 1 folds, at least 2 needed" },
};

START_TEST(model_file_errors)
{
	struct xlqa_model *m = NULL;
	struct xlqa_error err;
	char path[64];

	temp_file(path, bad_models[_i].json);
	ck_assert_int_eq(xlqa_model_read(path, &m, &err), XLQA_EPARSE);
	ck_assert_ptr_null(m);
	ck_assert_msg(strstr(err.message, bad_models[_i].message) && strncmp(err.message, path, strlen(path)) == 0,
	              "%s: '%s'", bad_models[_i].guard, err.message);
	unlink(path);
}
END_TEST

START_TEST(model_file_core_reads)
{
	/* The core of the malformed cases is itself valid (so each case fails for its own reason);
	 * "training" is optional. predict: t = 0.1 + 0.5 (2 - 0)/1 - 1 (5 - 1)/2 = -0.9. */
	struct xlqa_model *m;
	struct xlqa_error err;
	char path[64];

	temp_file(path, "{" CORE "}");
	ck_assert_int_eq(xlqa_model_read(path, &m, &err), XLQA_OK);
	ck_assert_double_eq_tol(xlqa_model_predict(m, (const double[]){ 2, 5 }), 1 / (1 + exp(0.9)), 1e-15);
	ck_assert_double_eq(xlqa_model_nil_threshold(m), 0.2);
	ck_assert_uint_eq(xlqa_model_summary(m)->n, 0);
	xlqa_model_free(m);
	unlink(path);
	ck_assert_int_eq(xlqa_model_read("/nonexistent/model.json", &m, &err), XLQA_ENOTFOUND);
}
END_TEST

static const char *two_names(size_t j)
{
	return j == 0 ? "score" : "len";
}

/* What xlqa_model_data_write_* write, xlqa_model_data_read reads back: names, ids, flags, values. */
START_TEST(feature_table_write_and_read)
{
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_model_data t;
	struct xlqa_error err;
	char path[64];

	ck_assert_int_eq(xlqa_model_data_write_header(&out, two_names, 2, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_data_write_row(&out, "q1", false, 1, (const double[]){ 2.5, 1e-7 }, 2, &err),
	                 XLQA_OK);
	ck_assert_int_eq(xlqa_model_data_write_row(&out, "q2", true, -1, NULL, 0, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_data_write_row(&out, "q1", false, 0, (const double[]){ -0.125, 3 }, 2, &err),
	                 XLQA_OK);
	ck_assert_str_eq(out.buf, "question\tgold_nil\tlabel\tscore\tlen\n"
	                          "q1\t0\t1\t2.5\t1e-07\n"
	                          "q2\t1\t-\n"
	                          "q1\t0\t0\t-0.125\t3\n");
	temp_file(path, out.buf);
	xlqa_model_data_init(&t);
	ck_assert_int_eq(xlqa_model_data_read(&t, path, &err), XLQA_OK);
	ck_assert_uint_eq(t.d, 2);
	ck_assert_str_eq(t.feature_names[0], "score");
	ck_assert_uint_eq(t.n, 2);
	ck_assert_uint_eq(t.n_questions, 2);
	ck_assert_uint_eq(t.gold_nil[1], 1);
	ck_assert_uint_eq(t.no_candidates[1], 1);
	ck_assert_uint_eq(t.y[0], 1);
	ck_assert_double_eq(t.x[1], 1e-7);
	ck_assert_double_eq(t.x[2], -0.125);
	xlqa_model_data_release(&t);
	unlink(path);
	xlqa_buf_release(&out);
}
END_TEST

START_TEST(feature_table_read_and_apply)
{
	/*
	 * Three questions: q1 with two candidates, q2 without candidates (gold NIL), q3 with one wrong
	 * candidate and lines not adjacent; a comment, a blank line and CRLF endings are accepted.
	 */
	static const char table[] = "# candidates of three questions\n"
	                            "question\tgold_nil\tlabel\tscore\tlen\r\n"
	                            "q1\t0\t1\t2.5\t1\n"
	                            "q3\t0\t0\t-1\t3\n"
	                            "\n"
	                            "q2\t1\t-\n"
	                            "q1\t0\t0\t0.5e1\t2\n";
	struct xlqa_model_data t;
	struct xlqa_model *m;
	struct xlqa_error err;
	double p[3], best[3];
	unsigned char right[3];
	char path[64];

	temp_file(path, table);
	xlqa_model_data_init(&t);
	ck_assert_int_eq(xlqa_model_data_read(&t, path, &err), XLQA_OK);
	ck_assert_uint_eq(t.d, 2);
	ck_assert_str_eq(t.feature_names[1], "len");
	ck_assert_uint_eq(t.n, 3);
	ck_assert_uint_eq(t.n_questions, 3);
	ck_assert_str_eq(t.question_ids[1], "q3");
	ck_assert_str_eq(t.question_ids[2], "q2");
	ck_assert(t.gold_nil[2] && t.no_candidates[2] && !t.no_candidates[0]);
	ck_assert_uint_eq(t.question[2], 0);
	ck_assert_double_eq(t.x[2 * 2], 5.0);
	ck_assert_int_eq(t.line[2], 7);
	ck_assert(t.y[0] == 1 && t.y[1] == 0 && t.y[2] == 0);

	/* A model over (score, len) that likes high scores: q1's best is its second row (score 5). */
	ck_assert_int_eq(xlqa_model_fit(t.x, t.y, t.n, t.d, (const char *const *)t.feature_names, NULL, &m, &err),
	                 XLQA_OK);
	ck_assert_int_eq(xlqa_model_data_apply(m, &t, p, best, right, &err), XLQA_OK);
	ck_assert(best[0] == fmax(p[0], p[2]));
	ck_assert_int_eq(right[0], p[0] > p[2]);
	ck_assert(best[1] == p[1] && right[1] == 0);
	ck_assert(best[2] == -1.0 && right[2] == 0);
	xlqa_model_free(m);

	/* A model over other features is refused, naming the first difference. */
	{
		static const double x1[2] = { 0, 1 };
		static const unsigned char y1[2] = { 0, 1 };
		static const char *const n1[1] = { "score" };

		ck_assert_int_eq(xlqa_model_fit(x1, y1, 2, 1, n1, NULL, &m, &err), XLQA_OK);
		ck_assert_int_eq(xlqa_model_data_apply(m, &t, p, best, right, &err), XLQA_EINVAL);
		ck_assert_ptr_nonnull(strstr(err.message, "feature 2 is 'len' in the table but '(none)' in the model"));
		xlqa_model_free(m);
	}
	xlqa_model_data_release(&t);
	unlink(path);
}
END_TEST

/* A valid one-feature core: mean 0, sd 1, weight 1, bias -1. */
#define CORE_1 "\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"x\"],\"means\":[0],\"sds\":[1]," \
               "\"weights\":[1],\"bias\":-1,\"nil_threshold\":0"
START_TEST(answer_inputs_by_hand)
{
	/*
	 * One feature x, a model set by hand through a file: mean 0, sd 1, weight 1, bias -1, so the
	 * probability is sigmoid(x - 1); ranking weight 2, so the rank score is 2x. Three candidates
	 * x = 0.5, 1.5, 1.0 have rank scores 1, 3, 2: the best is the second (index 1), the margin
	 * 3 - 2 = 1, the softmax of the best e^3 / (e^1 + e^3 + e^2) = 1 / (e^-2 + 1 + e^-1)
	 * = 1 / 1.5032147244 = 0.6652409558, and u1 the logit of sigmoid(0.5), 0.5.
	 */
	static const char json[] = "{" CORE_1 ",\"ranking\":{\"weights\":[2],\"questions\":1,\"rows\":3,\"l2\":0,"
	                           "\"iterations\":1,\"converged\":true,\"log_loss\":0.1}}";
	static const double x[3] = { 0.5, 1.5, 1.0 };
	const double *rows[3] = { &x[0], &x[1], &x[2] };
	struct xlqa_model_answer_calibration c = { .bias = -0.5, .weights = { 1, 2, -1 }, .folds = 5 };
	double in[XLQA_MODEL_ANSWER_INPUTS];
	struct xlqa_model *m;
	struct xlqa_error err;
	size_t best = 9;
	char path[64];

	temp_file(path, json);
	ck_assert_int_eq(xlqa_model_read(path, &m, &err), XLQA_OK);
	unlink(path);
	xlqa_model_answer_inputs(m, rows, 3, &best, in);
	ck_assert_uint_eq(best, 1);
	ck_assert_double_eq_tol(in[0], 0.5, 1e-12);
	ck_assert_double_eq_tol(in[1], 1 / (exp(-2.0) + 1 + exp(-1.0)), 1e-15);
	ck_assert_double_eq_tol(in[1], 0.6652409558, 1e-10);
	ck_assert_double_eq_tol(in[2], 1.0, 1e-15);
	ck_assert_double_eq(in[3], 0.0); /* no feature named "sentence_idf": no coverage */
	ck_assert_str_eq(xlqa_model_answer_input_name(1), "top_softmax");
	ck_assert_str_eq(xlqa_model_answer_input_name(3), "top_coverage");
	ck_assert_ptr_null(xlqa_model_answer_input_name(4));
	/* without a calibration the confidence is the best probability, sigmoid(0.5) */
	ck_assert_ptr_null(xlqa_model_answer_calibration(m));
	ck_assert_double_eq_tol(xlqa_model_answer_confidence(m, in), sigmoid(0.5), 1e-12);
	/* with one: sigmoid(-0.5 + 1 * 0.5 + 2 * 0.66524 - 1 * 1 + 0 * 0) = sigmoid(0.33048) */
	ck_assert_int_eq(xlqa_model_set_answer_calibration(m, &c, &err), XLQA_OK);
	ck_assert_double_eq_tol(xlqa_model_answer_confidence(m, in), sigmoid(2 * in[1] - 1), 1e-12);

	/* one candidate: softmax 1, margin 0; a tie for the top: the first wins and the margin is 0 */
	xlqa_model_answer_inputs(m, rows + 2, 1, &best, in);
	ck_assert(best == 0 && in[1] == 1.0 && in[2] == 0.0);
	{
		const double *tie[3] = { &x[0], &x[1], &x[1] };

		xlqa_model_answer_inputs(m, tie, 3, &best, in);
		ck_assert_uint_eq(best, 1);
		ck_assert_double_eq(in[2], 0.0);
	}
	/* huge rank scores neither overflow nor give 0/0: x = 1000 and 999 score 2000 and 1998 */
	{
		static const double big[2] = { 999, 1000 };
		const double *r2[2] = { &big[0], &big[1] };

		xlqa_model_answer_inputs(m, r2, 2, &best, in);
		ck_assert_uint_eq(best, 1);
		ck_assert_double_eq_tol(in[1], 1 / (1 + exp(-2.0)), 1e-15);
		ck_assert_double_eq_tol(in[0], log((1 - 1e-6) / 1e-6), 1e-9); /* p clamped to 1 - 1e-6 */
	}
	/* no rows: NaN inputs */
	xlqa_model_answer_inputs(m, rows, 0, &best, in);
	ck_assert(isnan(in[3]));
	ck_assert(best == 0 && isnan(in[0]) && isnan(in[1]) && isnan(in[2]));
	/* bad calibrations are refused and leave the old one */
	c.folds = 1;
	ck_assert_int_eq(xlqa_model_set_answer_calibration(m, &c, &err), XLQA_EINVAL);
	c.folds = 5;
	c.weights[2] = NAN;
	ck_assert_int_eq(xlqa_model_set_answer_calibration(m, &c, &err), XLQA_EINVAL);
	ck_assert_double_eq(xlqa_model_answer_calibration(m)->weights[2], -1.0);
	ck_assert_int_eq(xlqa_model_set_answer_calibration(m, NULL, &err), XLQA_OK);
	ck_assert_ptr_null(xlqa_model_answer_calibration(m));
	xlqa_model_free(m);
}
END_TEST

START_TEST(answer_coverage_and_three_input_files)
{
	/*
	 * top_coverage is the largest value of the feature named "sentence_idf" among the candidates (0.7
	 * here, though the best candidate has 0.4); a file from before it, with three inputs, reads
	 * with the fourth weight 0.
	 */
	static const char json[] =
	    "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"passage\",\"sentence_idf\"],\"means\":[0,0],"
	    "\"sds\":[1,1],\"weights\":[3,0],\"bias\":0,\"nil_threshold\":0,\"answer_calibration\":{\"inputs\":"
	    "[\"top_logit\",\"top_softmax\",\"top_margin\"],\"weights\":[1,2,3],\"bias\":0.5,\"folds\":5,"
	    "\"questions\":9,\"positives\":3,\"l2\":0.01,\"log_loss\":0.5,\"ece\":0.1}}";
	static const double x[3][2] = { { 1, 0.2 }, { 0, 0.7 }, { 2, 0.4 } };
	const double *rows[3] = { x[0], x[1], x[2] };
	const struct xlqa_model_answer_calibration *c;
	double in[XLQA_MODEL_ANSWER_INPUTS];
	struct xlqa_model *m;
	struct xlqa_error err;
	size_t best;
	char path[64];

	temp_file(path, json);
	ck_assert_msg(xlqa_model_read(path, &m, &err) == XLQA_OK, "%s", err.message);
	unlink(path);
	xlqa_model_answer_inputs(m, rows, 3, &best, in);
	ck_assert_uint_eq(best, 2);
	ck_assert_double_eq(in[3], 0.7);
	ck_assert_ptr_nonnull(c = xlqa_model_answer_calibration(m));
	ck_assert(c->weights[0] == 1 && c->weights[1] == 2 && c->weights[2] == 3 && c->weights[3] == 0);
	ck_assert_double_eq_tol(xlqa_model_answer_confidence(m, in),
	                        1 / (1 + exp(-(0.5 + in[0] + 2 * in[1] + 3 * in[2]))), 1e-12);
	xlqa_model_free(m);
}
END_TEST

/*
 * A synthetic feature table for the answer calibration: `nq` questions of 4 candidates, one feature
 * x; in question q one candidate (the first of its rows) has x = 1 + a_q and the others x drawn in
 * [-1, 1); the first is right with probability sigmoid(3 a_q - 1) (a_q uniform in [-1, 2)), so how
 * far the top candidate stands out says how likely it is right: a monotone relation the calibration
 * must find. Every 10th question is gold NIL: all four candidates wrong and in [-1, 1), none
 * standing out. Written as a TSV file.
 */
static void calibration_table(char path[64], size_t nq, uint64_t seed)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct xlqa_error err;
	uint64_t st = seed;
	int fd;

	xlqa_buf_addstr(&b, "question\tgold_nil\tlabel\tx\n");
	for (size_t q = 0; q < nq; q++) {
		double a = uniform(&st, -1, 2);
		int nil = q % 10 == 9, right = !nil && uniform(&st, 0, 1) < sigmoid(3 * a - 1);

		xlqa_buf_addf(&b, "q%zu\t%d\t%d\t%.17g\n", q, nil, right, nil ? uniform(&st, -1, 1) : 1 + a);
		for (int k = 0; k < 3; k++)
			xlqa_buf_addf(&b, "q%zu\t%d\t0\t%.17g\n", q, nil, uniform(&st, -1, 1));
	}
	snprintf(path, 64, "/tmp/xlqa-model-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(xlqa_file_write_atomic(path, b.buf, b.len, &err), XLQA_OK);
	xlqa_buf_release(&b);
}

START_TEST(answer_calibration_fit)
{
	/*
	 * On 2000 synthetic questions (calibration_table) the best candidate of an answerable question is
	 * right with probability sigmoid(3 a - 1) when it is the one standing out by a, never otherwise.
	 * The out-of-fold confidences of the answerable questions must track that known relation (mean
	 * absolute difference below 0.05), all of them be calibrated (ECE < 0.05; their mean the rate of right best candidates,
	 * as a logistic fit with a bias makes it) and rise with the margin. The table's best_p becomes the
	 * calibrated confidence, and the model file keeps the calibration to the bit.
	 */
	struct xlqa_model_fit_options opt = { .l2 = 0.01 };
	const struct xlqa_model_answer_calibration *c;
	struct xlqa_model_data t;
	struct xlqa_model *m, *r;
	struct xlqa_error err;
	double *oof, *best, *again, sum = 0, dev = 0, last = 0, in[XLQA_MODEL_ANSWER_INPUTS];
	unsigned char *right, *best_right;
	size_t n_right = 0;
	char path[64];

	calibration_table(path, 2000, 42);
	xlqa_model_data_init(&t);
	ck_assert_int_eq(xlqa_model_data_read(&t, path, &err), XLQA_OK);
	unlink(path);
	ck_assert_int_eq(xlqa_model_fit(t.x, t.y, t.n, t.d, (const char *const *)t.feature_names, &opt, &m, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_fit_ranking(m, t.x, t.y, t.question, t.n, &opt, &err), XLQA_OK);
	oof = malloc(t.n_questions * sizeof *oof);
	best = malloc(t.n_questions * sizeof *best);
	again = malloc(t.n_questions * sizeof *again);
	right = malloc(t.n_questions);
	best_right = malloc(t.n_questions);
	ck_assert(oof && best && again && right && best_right);
	ck_assert_int_eq(xlqa_model_data_fit_answer_calibration(m, &t, &opt, 5, 0, oof, right, &err), XLQA_OK);
	ck_assert_ptr_nonnull(c = xlqa_model_answer_calibration(m));
	ck_assert_uint_eq(c->folds, 5);
	ck_assert_uint_eq(c->questions, 2000);
	ck_assert_double_lt(c->ece, 0.05);
	for (size_t q = 0; q < t.n_questions; q++) {
		double a = t.x[4 * q] - 1; /* the question's first row is its standing-out candidate */
		bool top = t.x[4 * q] >= fmax(t.x[4 * q + 1], fmax(t.x[4 * q + 2], t.x[4 * q + 3]));

		ck_assert(oof[q] > 0 && oof[q] < 1);
		ck_assert(!right[q] || !t.gold_nil[q]);
		sum += oof[q];
		n_right += right[q];
		if (!t.gold_nil[q])
			dev += fabs(oof[q] - (top ? sigmoid(3 * a - 1) : 0));
	}
	ck_assert_uint_eq(c->positives, n_right);
	ck_assert_double_eq_tol(sum / 2000, (double)n_right / 2000, 0.01);
	ck_assert_double_lt(dev / 1800, 0.05);
	/*
	 * the relation itself: a question whose rivals sit at -0.5, 0 and 0.5 and whose top stands out
	 * by a = 0.5, 0.75, ..., 2 (x >= 1.5, out of reach of the NIL questions' candidates, which would
	 * pull the truth below sigmoid(3a - 1)) gets a confidence rising with a and within 0.06 of it
	 */
	for (int k = 0; k < 7; k++) {
		double a = 0.5 + 0.25 * k, v[4] = { 1 + a, -0.5, 0, 0.5 }, conf;
		const double *rows[4] = { v, v + 1, v + 2, v + 3 };
		size_t b;

		xlqa_model_answer_inputs(m, rows, 4, &b, in);
		conf = xlqa_model_answer_confidence(m, in);
		ck_assert_uint_eq(b, 0);
		ck_assert_msg(fabs(conf - sigmoid(3 * a - 1)) < 0.06, "a = %g: confidence %g, true %g", a, conf,
		              sigmoid(3 * a - 1));
		ck_assert(k == 0 || conf > last);
		last = conf;
	}
	/* apply: best_p is the calibrated confidence of the question's inputs under the final model */
	ck_assert_int_eq(xlqa_model_data_apply(m, &t, NULL, best, best_right, &err), XLQA_OK);
	{
		const double *rows[4] = { t.x, t.x + 1, t.x + 2, t.x + 3 };
		size_t b;

		xlqa_model_answer_inputs(m, rows, 4, &b, in);
		ck_assert(best[0] == xlqa_model_answer_confidence(m, in));
		ck_assert_int_eq(best_right[0], t.y[b]);
	}
	/*
	 * the NIL calibration, fitted with it on the questions that the NIL threshold fitted on the
	 * out-of-fold confidences answers NIL (those below it), the only ones it gives a confidence: the
	 * table's gold-NIL questions (every 10th) have no candidate standing out, so among those the
	 * probability that NIL is right must be higher for them: an AUC above 0.6 against the
	 * answerable ones, and mean confidences near the rate they estimate (a logistic fit with a bias
	 * matches the base rate of the rows it was fitted on)
	 */
	{
		const struct xlqa_model_answer_calibration *nc = xlqa_model_nil_calibration(m);
		double nil_sum = 0, other_sum = 0, pairs = 0, threshold, *nil_conf = malloc(t.n_questions * sizeof *nil_conf);
		size_t below = 0, below_nil = 0;

		ck_assert_ptr_nonnull(nc);
		ck_assert_ptr_nonnull(nil_conf);
		ck_assert_int_eq(xlqa_model_fit_nil_threshold(oof, t.gold_nil, right, t.n_questions, &threshold, NULL, &err),
		                 XLQA_OK);
		for (size_t q = 0; q < t.n_questions; q++)
			if (oof[q] < threshold) {
				below++;
				below_nil += t.gold_nil[q];
			}
		/* a threshold that answers NIL where it should: most gold-NIL questions, fewer than half of all */
		ck_assert_msg(below_nil > 150 && below < 1000, "%zu below the threshold %g, %zu gold NIL", below, threshold,
		              below_nil);
		ck_assert_uint_eq(nc->questions, below);
		ck_assert_uint_eq(nc->positives, below_nil);
		ck_assert_uint_eq(nc->folds, 5);
		for (size_t q = 0; q < t.n_questions; q++) {
			const double *rows[4] = { t.x + 4 * q, t.x + 4 * q + 1, t.x + 4 * q + 2, t.x + 4 * q + 3 };
			size_t b;

			xlqa_model_answer_inputs(m, rows, 4, &b, in);
			nil_conf[q] = xlqa_model_nil_confidence(m, in);
			ck_assert(nil_conf[q] > 0 && nil_conf[q] < 1);
			if (oof[q] < threshold)
				*(t.gold_nil[q] ? &nil_sum : &other_sum) += nil_conf[q];
		}
		for (size_t q = 0; q < t.n_questions; q++)
			for (size_t o = 0; t.gold_nil[q] && oof[q] < threshold && o < t.n_questions; o++)
				if (!t.gold_nil[o] && oof[o] < threshold)
					pairs += nil_conf[q] > nil_conf[o] ? 1 : nil_conf[q] == nil_conf[o] ? 0.5 : 0;
		pairs /= (double)below_nil * (double)(below - below_nil);
		ck_assert_msg(pairs > 0.6, "NIL AUC %g", pairs);
		ck_assert_msg(nil_sum / (double)below_nil > other_sum / (double)(below - below_nil),
		              "mean NIL confidence %g (gold NIL) against %g", nil_sum / (double)below_nil,
		              other_sum / (double)(below - below_nil));
		ck_assert_double_eq_tol((nil_sum + other_sum) / (double)below, (double)below_nil / (double)below, 0.05);
		free(nil_conf);
	}
	/* deterministic: a second fit gives the same out-of-fold confidences to the bit */
	ck_assert_int_eq(xlqa_model_data_fit_answer_calibration(m, &t, &opt, 5, 0, again, NULL, &err), XLQA_OK);
	ck_assert(memcmp(again, oof, t.n_questions * sizeof *oof) == 0);
	/* the round trip keeps the calibration, so the same confidences */
	temp_file(path, "");
	ck_assert_int_eq(xlqa_model_write(m, path, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_OK);
	unlink(path);
	c = xlqa_model_answer_calibration(m);
	ck_assert_ptr_nonnull(xlqa_model_answer_calibration(r));
	ck_assert(memcmp(xlqa_model_answer_calibration(r), c, sizeof *c) == 0);
	ck_assert(xlqa_model_answer_confidence(r, in) == xlqa_model_answer_confidence(m, in));
	ck_assert_ptr_nonnull(xlqa_model_nil_calibration(r));
	ck_assert(memcmp(xlqa_model_nil_calibration(r), xlqa_model_nil_calibration(m), sizeof *c) == 0);
	ck_assert(xlqa_model_nil_confidence(r, in) == xlqa_model_nil_confidence(m, in));
	ck_assert_int_eq(xlqa_model_data_apply(r, &t, NULL, again, NULL, &err), XLQA_OK);
	ck_assert(memcmp(again, best, t.n_questions * sizeof *best) == 0);
	/* a file without the calibration (as written before it existed) reads and applies as before:
	 * best_p the pointwise probability of the rank-best row */
	ck_assert_int_eq(xlqa_model_set_answer_calibration(r, NULL, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_set_nil_calibration(r, NULL, &err), XLQA_OK);
	ck_assert(isnan(xlqa_model_nil_confidence(r, in)));
	temp_file(path, "");
	ck_assert_int_eq(xlqa_model_write(r, path, &err), XLQA_OK);
	xlqa_model_free(r);
	ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_OK);
	unlink(path);
	ck_assert_ptr_null(xlqa_model_answer_calibration(r));
	ck_assert_int_eq(xlqa_model_data_apply(r, &t, NULL, again, NULL, &err), XLQA_OK);
	for (size_t q = 0; q < t.n_questions; q++) {
		double top = -INFINITY, p = -1;

		for (size_t k = 0; k < 4; k++)
			if (xlqa_model_rank_score(r, t.x + 4 * q + k) > top) {
				top = xlqa_model_rank_score(r, t.x + 4 * q + k);
				p = xlqa_model_predict(r, t.x + 4 * q + k);
			}
		ck_assert(again[q] == p);
	}
	xlqa_model_free(r);
	xlqa_model_free(m);
	free(oof);
	free(best);
	free(again);
	free(right);
	free(best_right);
	xlqa_model_data_release(&t);
}
END_TEST

START_TEST(answer_calibration_folds)
{
	/*
	 * Fold k holds the questions whose index is k mod 5: the out-of-fold inputs of fold 2 must be
	 * those of a model fitted (pointwise and ranking) on the rows of the other questions only, and a
	 * second call gives the same bits. Bad fold counts are refused.
	 */
	struct xlqa_model_fit_options opt = { .l2 = 0.01 };
	struct xlqa_model_data t;
	struct xlqa_model *m;
	struct xlqa_error err;
	double *in, *in2, *x, mine[XLQA_MODEL_ANSWER_INPUTS];
	unsigned char *right, *y;
	size_t *qi, n = 0;
	char path[64];

	calibration_table(path, 200, 7);
	xlqa_model_data_init(&t);
	ck_assert_int_eq(xlqa_model_data_read(&t, path, &err), XLQA_OK);
	unlink(path);
	in = malloc(t.n_questions * XLQA_MODEL_ANSWER_INPUTS * sizeof *in);
	in2 = malloc(t.n_questions * XLQA_MODEL_ANSWER_INPUTS * sizeof *in2);
	right = malloc(t.n_questions);
	x = malloc(t.n * sizeof *x);
	y = malloc(t.n);
	qi = malloc(t.n * sizeof *qi);
	ck_assert(in && in2 && right && x && y && qi);
	ck_assert_int_eq(xlqa_model_data_oof_inputs(&t, &opt, true, 5, in, right, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_data_oof_inputs(&t, &opt, true, 5, in2, right, &err), XLQA_OK);
	ck_assert(memcmp(in, in2, t.n_questions * XLQA_MODEL_ANSWER_INPUTS * sizeof *in) == 0);
	for (size_t i = 0; i < t.n; i++) /* one feature: x[i] is row i's value */
		if (t.question[i] % 5 != 2) {
			x[n] = t.x[i];
			y[n] = t.y[i];
			qi[n++] = t.question[i]; /* < 200 <= n rows: valid as they are */
		}
	ck_assert_int_eq(xlqa_model_fit(x, y, n, 1, (const char *const *)t.feature_names, &opt, &m, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_fit_ranking(m, x, y, qi, n, &opt, &err), XLQA_OK);
	for (size_t q = 2; q < t.n_questions; q += 5) {
		const double *rows[4] = { t.x + 4 * q, t.x + 4 * q + 1, t.x + 4 * q + 2, t.x + 4 * q + 3 };
		size_t b;

		xlqa_model_answer_inputs(m, rows, 4, &b, mine);
		ck_assert(memcmp(mine, in + q * XLQA_MODEL_ANSWER_INPUTS, sizeof mine) == 0);
		ck_assert_int_eq(right[q], t.y[4 * q + b]);
	}
	/* the inputs of a question in another fold come from another model */
	{
		const double *rows[4] = { t.x + 4, t.x + 5, t.x + 6, t.x + 7 };
		size_t b;

		xlqa_model_answer_inputs(m, rows, 4, &b, mine);
		ck_assert(memcmp(mine, in + XLQA_MODEL_ANSWER_INPUTS, sizeof mine) != 0);
	}
	xlqa_model_free(m);
	ck_assert_int_eq(xlqa_model_data_oof_inputs(&t, &opt, true, 1, in, right, &err), XLQA_EINVAL);
	ck_assert_int_eq(xlqa_model_data_oof_inputs(&t, &opt, true, 201, in, right, &err), XLQA_EINVAL);
	free(in);
	free(in2);
	free(right);
	free(x);
	free(y);
	free(qi);
	xlqa_model_data_release(&t);
}
END_TEST

/* Malformed feature tables: the status and the message with its line. */
static const struct {
	const char *guard;
	const char *text;
	int status;
	const char *message;
} bad_tables[] = {
	{ "an empty file", "", XLQA_EEMPTY, ": no header" },
	{ "a header without features", "question\tgold_nil\tlabel\n", XLQA_EPARSE, ":1: the header names no feature" },
	{ "a header with other columns", "qid\tnil\tlabel\ts\n", XLQA_EPARSE, ":1: header 'question<TAB>gold_nil" },
	{ "a repeated feature", "question\tgold_nil\tlabel\ts\ts\n", XLQA_EPARSE, ":1: feature 's' named twice" },
	{ "only a header", "question\tgold_nil\tlabel\ts\n", XLQA_EEMPTY, "no candidates and no questions" },
	{ "a missing column", "question\tgold_nil\tlabel\ts\tt\nq\t0\t1\t2\n", XLQA_EPARSE, ":2: 4 columns, the header has 5" },
	{ "a label that is not a flag", "question\tgold_nil\tlabel\ts\nq\t0\tyes\t2\n", XLQA_EPARSE,
	  ":2: label must be 0, 1 or '-', not 'yes'" },
	{ "gold_nil that is not a flag", "question\tgold_nil\tlabel\ts\nq\t2\t1\t2\n", XLQA_EPARSE,
	  ":2: gold_nil must be 0 or 1, not '2'" },
	{ "a feature that is not a number", "question\tgold_nil\tlabel\ts\nq\t0\t1\t2x\n", XLQA_EPARSE,
	  ":2: feature 's': a finite number expected, found '2x'" },
	{ "an infinite feature", "question\tgold_nil\tlabel\ts\nq\t0\t1\tinf\n", XLQA_EPARSE,
	  ":2: feature 's': a finite number expected, found 'inf'" },
	{ "an empty feature", "question\tgold_nil\tlabel\ts\nq\t0\t1\t\n", XLQA_EPARSE,
	  ":2: feature 's': a finite number expected, found ''" },
	{ "a no-candidate line with a value", "question\tgold_nil\tlabel\ts\nq\t1\t-\t3\n", XLQA_EPARSE,
	  ":2: a line without a candidate (label '-') has '3' as feature 's'" },
	{ "a right candidate to a NIL question", "question\tgold_nil\tlabel\ts\nq\t1\t1\t3\n", XLQA_EPARSE,
	  ":2: question 'q' has NIL as its gold answer but a right candidate" },
	{ "gold_nil changing within a question", "question\tgold_nil\tlabel\ts\nq\t0\t0\t3\nq\t1\t0\t4\n",
	  XLQA_EPARSE, ":3: question 'q' had gold_nil 0 before" },
	{ "no-candidate line beside candidates", "question\tgold_nil\tlabel\ts\nq\t0\t0\t3\nq\t0\t-\n", XLQA_EPARSE,
	  ":3: question 'q' is listed both with and without candidates" },
	{ "an empty question id", "question\tgold_nil\tlabel\ts\n\t0\t0\t3\n", XLQA_EPARSE, ":2: question id missing" },
};

START_TEST(feature_table_errors)
{
	struct xlqa_model_data t;
	struct xlqa_error err;
	char path[64];

	temp_file(path, bad_tables[_i].text);
	xlqa_model_data_init(&t);
	ck_assert_int_eq(xlqa_model_data_read(&t, path, &err), bad_tables[_i].status);
	ck_assert_msg(strstr(err.message, bad_tables[_i].message) && strncmp(err.message, path, strlen(path)) == 0,
	              "%s: '%s'", bad_tables[_i].guard, err.message);
	xlqa_model_data_release(&t);
	unlink(path);
}
END_TEST

START_TEST(feature_table_clear_features)
{
	/*
	 * Clearing by pattern zeroes every matching column and nothing else; a model fitted on the table
	 * then weighs the cleared features 0. A pattern that matches no feature is ENOTFOUND, naming it.
	 */
	static const char table[] = "question\tgold_nil\tlabel\tscore\tscore@name\tlen\n"
	                            "q1\t0\t1\t2.5\t1\t3\n"
	                            "q1\t0\t0\t1.5\t2\t1\n"
	                            "q2\t0\t0\t-1\t3\t2\n"
	                            "q2\t0\t1\t4\t0\t5\n";
	struct xlqa_model_fit_options fo = { .l2 = 1 };
	struct xlqa_model_data t;
	struct xlqa_model *m;
	struct xlqa_error err;
	char path[64];
	size_t n = 99;

	temp_file(path, table);
	xlqa_model_data_init(&t);
	ck_assert_int_eq(xlqa_model_data_read(&t, path, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_data_clear_features(&t, "score*", &n, &err), XLQA_OK);
	ck_assert_uint_eq(n, 2);
	for (size_t i = 0; i < t.n; i++) {
		ck_assert_double_eq(t.x[i * t.d + 0], 0.0);
		ck_assert_double_eq(t.x[i * t.d + 1], 0.0);
	}
	ck_assert_double_eq(t.x[3 * t.d + 2], 5.0);
	ck_assert_int_eq(xlqa_model_fit(t.x, t.y, t.n, t.d, (const char *const *)t.feature_names, &fo, &m, &err), XLQA_OK);
	ck_assert_double_eq(xlqa_model_weight(m, 0), 0.0);
	ck_assert_double_eq(xlqa_model_weight(m, 1), 0.0);
	ck_assert(xlqa_model_weight(m, 2) > 0);
	xlqa_model_free(m);
	ck_assert_int_eq(xlqa_model_data_clear_features(&t, "nosuch", &n, &err), XLQA_ENOTFOUND);
	ck_assert_uint_eq(n, 0);
	ck_assert_msg(strstr(err.message, "no feature matches 'nosuch'") != NULL, "%s", err.message);
	xlqa_model_data_release(&t);
	unlink(path);
}
END_TEST

/* ---- gradient-boosted trees and model metadata ------------------------------------------------- */

/*
 * A ranking problem no linear score solves: each question has XOR_C candidates with features
 * (a, b, noise) uniform in [-1, 1]; the right one is the candidate with the largest a * b, an
 * interaction a sum of per-feature terms cannot express (the linear ranking is left near chance, 1 in
 * XOR_C). Questions [0, train) fit, the rest are held out.
 */
enum { XOR_Q = 400, XOR_C = 6, XOR_D = 3, XOR_TRAIN = 250 };
struct xor_data {
	double x[XOR_Q * XOR_C * XOR_D];
	unsigned char y[XOR_Q * XOR_C];
	size_t question[XOR_Q * XOR_C];
};

static void xor_data_make(struct xor_data *t, uint64_t seed)
{
	uint64_t state = seed;

	for (size_t q = 0; q < XOR_Q; q++) {
		size_t best = 0;

		for (size_t c = 0; c < XOR_C; c++) {
			double *r = t->x + (q * XOR_C + c) * XOR_D;

			for (size_t j = 0; j < XOR_D; j++)
				r[j] = uniform(&state, -1, 1);
			t->question[q * XOR_C + c] = q;
			t->y[q * XOR_C + c] = 0;
			if (r[0] * r[1] > t->x[(q * XOR_C + best) * XOR_D] * t->x[(q * XOR_C + best) * XOR_D + 1])
				best = c;
		}
		t->y[q * XOR_C + best] = 1;
	}
}

/* The share of held-out questions whose rank-best candidate (xlqa_model_answer_inputs) is the right one. */
static double xor_heldout_first_right(const struct xlqa_model *m, const struct xor_data *t)
{
	size_t right = 0;

	for (size_t q = XOR_TRAIN; q < XOR_Q; q++) {
		const double *rows[XOR_C];
		double inputs[XLQA_MODEL_ANSWER_INPUTS];
		size_t best;

		for (size_t c = 0; c < XOR_C; c++)
			rows[c] = t->x + (q * XOR_C + c) * XOR_D;
		xlqa_model_answer_inputs(m, rows, XOR_C, &best, inputs);
		right += t->y[q * XOR_C + best];
	}
	return (double)right / (XOR_Q - XOR_TRAIN);
}

static const char *const xor_names[XOR_D] = { "a", "b", "noise" };

/* A model fitted on the training questions of `t` with `learner`'s ranking. */
static struct xlqa_model *xor_model(const struct xor_data *t, int learner, unsigned seed)
{
	struct xlqa_model_fit_options opt = { .l2 = 0.01, .rank_l2 = 1, .learner = learner, .gbt = { .seed = seed } };
	struct xlqa_model *m = NULL;
	struct xlqa_error err;
	size_t n = XOR_TRAIN * XOR_C;

	ck_assert_msg(xlqa_model_fit(t->x, t->y, n, XOR_D, xor_names, &opt, &m, &err) == XLQA_OK, "%s", err.message);
	ck_assert_msg(xlqa_model_fit_ranking(m, t->x, t->y, t->question, n, &opt, &err) == XLQA_OK, "%s", err.message);
	return m;
}

START_TEST(gbt_beats_linear_on_interaction)
{
	static struct xor_data t;
	struct xlqa_model *lin, *gbt;
	double lin_acc, gbt_acc;

	xor_data_make(&t, 7);
	lin = xor_model(&t, XLQA_MODEL_LEARNER_LOGISTIC, 0);
	gbt = xor_model(&t, XLQA_MODEL_LEARNER_GBT, 0);
	ck_assert_int_eq(xlqa_model_learner(lin), XLQA_MODEL_LEARNER_LOGISTIC);
	ck_assert_int_eq(xlqa_model_learner(gbt), XLQA_MODEL_LEARNER_GBT);
	ck_assert(xlqa_model_has_ranking(gbt));
	ck_assert_uint_eq(xlqa_model_gbt_trees(gbt), 100); /* the default rounds */
	ck_assert_str_eq(xlqa_model_gbt_options(gbt)->objective, "rank:pairwise");
	ck_assert_ptr_null(xlqa_model_gbt_options(lin));
	ck_assert(isnan(xlqa_model_rank_weight(gbt, 0)));
	ck_assert_uint_eq(xlqa_model_ranking_summary(gbt)->questions, XOR_TRAIN);
	lin_acc = xor_heldout_first_right(lin, &t);
	gbt_acc = xor_heldout_first_right(gbt, &t);
	/* chance is 1/6; the trees find the interaction, the linear score cannot */
	ck_assert_msg(lin_acc < 0.35, "linear ranking %.3f", lin_acc);
	ck_assert_msg(gbt_acc > 0.6 && gbt_acc > lin_acc + 0.3, "trees %.3f, linear %.3f", gbt_acc, lin_acc);
	/* a linear ranking fitted again replaces the trees */
	{
		struct xlqa_model_fit_options opt = { .rank_l2 = 1 };
		struct xlqa_error err;

		ck_assert_int_eq(xlqa_model_fit_ranking(gbt, t.x, t.y, t.question, XOR_TRAIN * XOR_C, &opt, &err), XLQA_OK);
		ck_assert_int_eq(xlqa_model_learner(gbt), XLQA_MODEL_LEARNER_LOGISTIC);
		ck_assert(!isnan(xlqa_model_rank_weight(gbt, 0)));
	}
	xlqa_model_free(lin);
	xlqa_model_free(gbt);
}
END_TEST

/* The text of file `path`, malloc'd. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long len;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	len = ftell(f);
	rewind(f);
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	text[len] = '\0';
	fclose(f);
	return text;
}

START_TEST(gbt_file_round_trip)
{
	static struct xor_data t;
	struct xlqa_model *m, *r, *again;
	struct xlqa_error err;
	char path[64], path2[64];
	char *a, *b;

	xor_data_make(&t, 11);
	m = xor_model(&t, XLQA_MODEL_LEARNER_GBT, 5);
	temp_file(path, "");
	ck_assert_int_eq(xlqa_model_write(m, path, &err), XLQA_OK);
	ck_assert_msg(xlqa_model_read(path, &r, &err) == XLQA_OK, "%s", err.message);
	ck_assert_int_eq(xlqa_model_learner(r), XLQA_MODEL_LEARNER_GBT);
	ck_assert_uint_eq(xlqa_model_gbt_trees(r), xlqa_model_gbt_trees(m));
	ck_assert_uint_eq(xlqa_model_gbt_options(r)->seed, 5);
	ck_assert(xlqa_model_gbt_options(r)->eta == xlqa_model_gbt_options(m)->eta);
	ck_assert(xlqa_model_ranking_summary(r)->log_loss == xlqa_model_ranking_summary(m)->log_loss);
	/* every row scores the same, to the bit, and the scores are not all alike */
	for (size_t i = 0; i < XOR_Q * XOR_C; i++)
		ck_assert(xlqa_model_rank_score(r, t.x + i * XOR_D) == xlqa_model_rank_score(m, t.x + i * XOR_D));
	ck_assert(xlqa_model_rank_score(m, t.x) != xlqa_model_rank_score(m, t.x + XOR_D));
	/* written again, the same bytes; a second fit with the same seed, the same file */
	temp_file(path2, "");
	ck_assert_int_eq(xlqa_model_write(r, path2, &err), XLQA_OK);
	a = slurp(path);
	b = slurp(path2);
	ck_assert_str_eq(a, b);
	free(b);
	again = xor_model(&t, XLQA_MODEL_LEARNER_GBT, 5);
	ck_assert_int_eq(xlqa_model_write(again, path2, &err), XLQA_OK);
	b = slurp(path2);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	xlqa_model_free(again);
	xlqa_model_free(r);
	xlqa_model_free(m);
	unlink(path);
	unlink(path2);
}
END_TEST

/* CRC-32 (IEEE, reflected, as zlib's crc32) of s, for hand-made boosters. */
static unsigned long crc32_of(const char *s)
{
	unsigned long c = 0xFFFFFFFFUL;

	for (; *s; s++) {
		c ^= (unsigned char)*s;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0xEDB88320UL : c >> 1;
	}
	return c ^ 0xFFFFFFFFUL;
}

/* Replaces the first occurrence of `from` in *text (malloc'd) by `to`. */
static void replace_in(char **text, const char *from, const char *to)
{
	char *at = strstr(*text, from), *out;
	size_t before;

	ck_assert_msg(at != NULL, "'%s' not in the file", from);
	before = (size_t)(at - *text);
	out = malloc(strlen(*text) - strlen(from) + strlen(to) + 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, *text, before);
	strcpy(out + before, to);
	strcat(out, at + strlen(from));
	free(*text);
	*text = out;
}

START_TEST(gbt_corrupt_booster_refused)
{
	static struct xor_data t;
	struct xlqa_model *m, *r = NULL;
	struct xlqa_error err;
	char path[64], path2[64], field[128];
	char *text, *bad, *b64, *p;

	xor_data_make(&t, 13);
	m = xor_model(&t, XLQA_MODEL_LEARNER_GBT, 0);
	temp_file(path, "");
	ck_assert_int_eq(xlqa_model_write(m, path, &err), XLQA_OK);
	text = slurp(path);
	temp_file(path2, "");

	/* one base64 character of the booster changed in the middle: the checksum catches it */
	bad = strdup(text);
	b64 = strstr(bad, "\"booster\": \"");
	ck_assert_ptr_nonnull(b64);
	p = b64 + strlen("\"booster\": \"") + (strchr(b64 + 12, '"') - (b64 + 12)) / 2;
	*p = *p == 'A' ? 'B' : 'A';
	ck_assert_int_eq(xlqa_file_write_atomic(path2, bad, strlen(bad), &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path2, &r, &err), XLQA_EPARSE);
	ck_assert_ptr_null(r);
	ck_assert_msg(strstr(err.message, "'gbt'") && strstr(err.message, "corrupt"), "%s", err.message);
	free(bad);

	/* a character outside base64 */
	bad = strdup(text);
	b64 = strstr(bad, "\"booster\": \"") + strlen("\"booster\": \"");
	b64[8] = '*';
	ck_assert_int_eq(xlqa_file_write_atomic(path2, bad, strlen(bad), &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path2, &r, &err), XLQA_EPARSE);
	ck_assert_msg(strstr(err.message, "not base64 at character 8"), "%s", err.message);
	free(bad);

	/* a booster that passes the checks of the bytes but is no model: XGBoost's refusal, as an error */
	bad = strdup(text);
	b64 = strstr(bad, "\"booster\": \"") + strlen("\"booster\": \"");
	{
		const char *rest = strchr(b64, '"'); /* from the closing quote on */
		size_t len = strlen(bad) + 8;
		char *fixed = malloc(len);

		ck_assert_ptr_nonnull(fixed);
		*b64 = '\0';
		snprintf(fixed, len, "%se30=%s", bad, rest); /* base64 of "{}" */
		free(bad);
		bad = fixed;
	}
	p = strstr(bad, "\"booster_bytes\": ");
	ck_assert_ptr_nonnull(p);
	snprintf(field, sizeof field, "\"booster_bytes\": %ld", strtol(p + strlen("\"booster_bytes\": "), NULL, 10));
	replace_in(&bad, field, "\"booster_bytes\": 2");
	p = strstr(bad, "\"booster_crc32\": ");
	ck_assert_ptr_nonnull(p);
	snprintf(field, sizeof field, "\"booster_crc32\": %ld", strtol(p + strlen("\"booster_crc32\": "), NULL, 10));
	{
		char crc[64];

		snprintf(crc, sizeof crc, "\"booster_crc32\": %lu", crc32_of("{}"));
		replace_in(&bad, field, crc);
	}
	ck_assert_int_eq(xlqa_file_write_atomic(path2, bad, strlen(bad), &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path2, &r, &err), XLQA_EPARSE);
	ck_assert_ptr_null(r);
	ck_assert_msg(strstr(err.message, "'gbt'") && strstr(err.message, "XGBoost"), "%s", err.message);
	ck_assert_msg(!strchr(err.message, '\n'), "one line: %s", err.message);
	free(bad);

	/* a byte count that disagrees */
	bad = strdup(text);
	p = strstr(bad, "\"booster_bytes\": ");
	snprintf(field, sizeof field, "\"booster_bytes\": %ld", strtol(p + strlen("\"booster_bytes\": "), NULL, 10));
	replace_in(&bad, field, "\"booster_bytes\": 3");
	ck_assert_int_eq(xlqa_file_write_atomic(path2, bad, strlen(bad), &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path2, &r, &err), XLQA_EPARSE);
	ck_assert_msg(strstr(err.message, "'booster_bytes' says 3"), "%s", err.message);
	free(bad);

	/* a gbt learner without its trees, trees for a logistic learner */
	bad = strdup(text);
	replace_in(&bad, "\"learner\": \"gbt\"", "\"learner\": \"logistic\"");
	ck_assert_int_eq(xlqa_file_write_atomic(path2, bad, strlen(bad), &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_read(path2, &r, &err), XLQA_EPARSE);
	ck_assert_msg(strstr(err.message, "a 'logistic' model has a 'gbt' object"), "%s", err.message);
	free(bad);

	/* the untouched file still reads */
	ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_OK);
	xlqa_model_free(r);
	free(text);
	xlqa_model_free(m);
	unlink(path);
	unlink(path2);
}
END_TEST

START_TEST(gbt_options_refused)
{
	static struct xor_data t;
	struct xlqa_model_fit_options opt = { .learner = XLQA_MODEL_LEARNER_GBT };
	struct xlqa_model *m;
	struct xlqa_error err;
	int l;

	xor_data_make(&t, 3);
	m = xor_model(&t, XLQA_MODEL_LEARNER_LOGISTIC, 0);
	opt.gbt.objective = "rank:map";
	ck_assert_int_eq(xlqa_model_fit_ranking(m, t.x, t.y, t.question, 60, &opt, &err), XLQA_EINVAL);
	ck_assert_msg(strstr(err.message, "'rank:map'"), "%s", err.message);
	opt.gbt.objective = "rank:ndcg";
	opt.gbt.eta = 1.5;
	ck_assert_int_eq(xlqa_model_fit_ranking(m, t.x, t.y, t.question, 60, &opt, &err), XLQA_EINVAL);
	ck_assert_msg(strstr(err.message, "eta"), "%s", err.message);
	opt.gbt.eta = 0;
	opt.gbt.subsample = 2;
	ck_assert_int_eq(xlqa_model_fit_ranking(m, t.x, t.y, t.question, 60, &opt, &err), XLQA_EINVAL);
	opt.gbt.subsample = 0;
	opt.learner = 7;
	ck_assert_int_eq(xlqa_model_fit_ranking(m, t.x, t.y, t.question, 60, &opt, &err), XLQA_EINVAL);
	ck_assert_int_eq(xlqa_model_learner(m), XLQA_MODEL_LEARNER_LOGISTIC); /* unchanged */
	/* rank:ndcg fits */
	opt.learner = XLQA_MODEL_LEARNER_GBT;
	opt.gbt.rounds = 5;
	ck_assert_msg(xlqa_model_fit_ranking(m, t.x, t.y, t.question, 60, &opt, &err) == XLQA_OK, "%s", err.message);
	ck_assert_str_eq(xlqa_model_gbt_options(m)->objective, "rank:ndcg");
	ck_assert_uint_eq(xlqa_model_gbt_trees(m), 5);
	/* the registry of learners */
	ck_assert_str_eq(xlqa_model_learner_name(XLQA_MODEL_LEARNER_GBT), "gbt");
	ck_assert_ptr_null(xlqa_model_learner_name(XLQA_MODEL_LEARNERS));
	ck_assert_int_eq(xlqa_model_learner_from_name("logistic", &l, &err), XLQA_OK);
	ck_assert_int_eq(l, XLQA_MODEL_LEARNER_LOGISTIC);
	ck_assert_int_eq(xlqa_model_learner_from_name("forest", &l, &err), XLQA_ENOTFOUND);
	ck_assert_msg(strstr(err.message, "'forest'"), "%s", err.message);
	xlqa_model_free(m);
}
END_TEST

START_TEST(gbt_answer_calibration_cross_fits_trees)
{
	/* the calibration's folds fit trees too: their out-of-fold rank is the trees', not a linear one's */
	static struct xor_data t;
	static struct xlqa_model_data table;
	struct xlqa_model *m;
	struct xlqa_error err;
	double oof[XOR_TRAIN];
	unsigned char right[XOR_TRAIN];
	size_t first = 0;

	xor_data_make(&t, 17);
	xlqa_model_data_init(&table);
	{
		/* the training questions as a feature table */
		struct xlqa_buf b = XLQA_BUF_INIT;
		char path[64];

		ck_assert_int_eq(xlqa_buf_addstr(&b, "question\tgold_nil\tlabel\ta\tb\tnoise\n"), XLQA_OK);
		for (size_t i = 0; i < XOR_TRAIN * XOR_C; i++) {
			char line[160];

			snprintf(line, sizeof line, "q%zu\t0\t%u\t%.17g\t%.17g\t%.17g\n", t.question[i], t.y[i], t.x[i * XOR_D],
			         t.x[i * XOR_D + 1], t.x[i * XOR_D + 2]);
			ck_assert_int_eq(xlqa_buf_addstr(&b, line), XLQA_OK);
		}
		temp_file(path, b.buf);
		xlqa_buf_release(&b);
		ck_assert_int_eq(xlqa_model_data_read(&table, path, &err), XLQA_OK);
		unlink(path);
	}
	m = xor_model(&t, XLQA_MODEL_LEARNER_GBT, 0);
	ck_assert_msg(xlqa_model_data_fit_answer_calibration(m, &table, NULL, 5, 0, oof, right, &err) == XLQA_OK, "%s",
	              err.message);
	for (size_t q = 0; q < XOR_TRAIN; q++)
		first += right[q];
	/* out of fold, a linear ranking finds about 1 in 6 (xlqa_model_data_oof_inputs with the trees finds most) */
	ck_assert_msg(first > XOR_TRAIN / 2, "out-of-fold first right %zu of %d", first, XOR_TRAIN);
	ck_assert_int_eq(xlqa_model_learner(m), XLQA_MODEL_LEARNER_GBT);
	ck_assert_ptr_nonnull(xlqa_model_answer_calibration(m));
	xlqa_model_free(m);
	xlqa_model_data_release(&table);
}
END_TEST

static const char *test_feature_name(size_t i)
{
	static const char *const names[] = { "a", "b", "noise" };
	return i < 3 ? names[i] : "?";
}

static const char *test_other_name(size_t i)
{
	static const char *const names[] = { "a", "c", "noise" };
	return i < 3 ? names[i] : "?";
}

START_TEST(metadata_round_trip_and_checks)
{
	static struct xor_data t;
	static const char *const langs[] = { "EN", "de" }, *const bad_lang[] = { "e1" };
	static const char *const fitted[] = { "sets 1-2/features-EN.tsv", "features-DE.tsv" };
	struct xlqa_model *m, *r;
	struct xlqa_error err;
	const char *const *list;
	char path[64], id[XLQA_MODEL_FEATURE_SET_ID_SIZE], buf[128];
	size_t n;

	xor_data_make(&t, 19);
	m = xor_model(&t, XLQA_MODEL_LEARNER_LOGISTIC, 0);
	/* a fresh fit: no languages, nothing recorded as fitted on, the id of its names */
	xlqa_model_languages(m, &n);
	ck_assert_uint_eq(n, 0);
	xlqa_model_feature_set_id(xor_names, XOR_D, id);
	ck_assert_str_eq(xlqa_model_feature_set(m), id);
	ck_assert_int_eq(strncmp(id, "fnv1a64:", 8), 0);
	ck_assert_uint_eq(strlen(id), XLQA_MODEL_FEATURE_SET_ID_SIZE - 1);
	{
		/* another order, another id */
		const char *swapped[XOR_D] = { "b", "a", "noise" };
		char id2[XLQA_MODEL_FEATURE_SET_ID_SIZE];

		xlqa_model_feature_set_id(swapped, XOR_D, id2);
		ck_assert_str_ne(id, id2);
	}
	ck_assert(xlqa_model_check_language(m, "de", buf, sizeof buf)); /* no languages: any */
	ck_assert_int_eq(xlqa_model_set_languages(m, bad_lang, 1, &err), XLQA_EINVAL);
	ck_assert_msg(strstr(err.message, "'e1'"), "%s", err.message);
	ck_assert_int_eq(xlqa_model_set_languages(m, langs, 2, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_set_fitted_on(m, fitted, 2, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_set_fitted_on(m, (const char *const[]){ "a\nb" }, 1, &err), XLQA_EINVAL);

	temp_file(path, "");
	ck_assert_int_eq(xlqa_model_write(m, path, &err), XLQA_OK);
	ck_assert_msg(xlqa_model_read(path, &r, &err) == XLQA_OK, "%s", err.message);
	list = xlqa_model_languages(r, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(list[0], "en"); /* stored lower case */
	ck_assert_str_eq(list[1], "de");
	list = xlqa_model_fitted_on(r, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(list[0], fitted[0]);
	ck_assert_str_eq(list[1], fitted[1]);
	ck_assert_str_eq(xlqa_model_feature_set(r), id);
	ck_assert_int_eq(xlqa_model_learner(r), XLQA_MODEL_LEARNER_LOGISTIC);

	/* the language check: the model's languages, any case; a warning naming both otherwise */
	ck_assert(xlqa_model_check_language(r, "EN", buf, sizeof buf));
	ck_assert(xlqa_model_check_language(r, "de", NULL, 0));
	buf[0] = '\0';
	ck_assert(!xlqa_model_check_language(r, "es", buf, sizeof buf));
	ck_assert_str_eq(buf, "model fitted for 'en,de', index is 'es'");
	ck_assert_int_eq(xlqa_model_set_languages(r, (const char *const[]){ "en" }, 1, &err), XLQA_OK);
	ck_assert(!xlqa_model_check_language(r, "de", buf, sizeof buf));
	ck_assert_str_eq(buf, "model fitted for 'en', index is 'de'");
	ck_assert_int_eq(xlqa_model_set_languages(r, (const char *const[]){ "*" }, 1, &err), XLQA_OK);
	ck_assert(xlqa_model_check_language(r, "it", buf, sizeof buf));

	/* the feature check an answerer makes */
	ck_assert_int_eq(xlqa_model_check_features(r, test_feature_name, 3, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_model_check_features(r, test_other_name, 3, &err), XLQA_EINVAL);
	ck_assert_msg(strstr(err.message, "feature 2 is 'b' in the model, 'c' here") && strstr(err.message, id),
	              "%s", err.message);
	ck_assert_int_eq(xlqa_model_check_features(r, test_feature_name, 2, &err), XLQA_EINVAL);
	ck_assert_msg(strstr(err.message, "the model has 3 features, this has 2"), "%s", err.message);
	xlqa_model_free(r);

	/* a file whose feature_set is not its features' id is refused */
	{
		char *text = slurp(path), *bad = strdup(text);
		char wrong[XLQA_MODEL_FEATURE_SET_ID_SIZE + 4];

		snprintf(wrong, sizeof wrong, "%s", id);
		wrong[strlen(wrong) - 1] = wrong[strlen(wrong) - 1] == '0' ? '1' : '0';
		replace_in(&bad, id, wrong);
		ck_assert_int_eq(xlqa_file_write_atomic(path, bad, strlen(bad), &err), XLQA_OK);
		ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_EPARSE);
		ck_assert_msg(strstr(err.message, "'feature_set' is"), "%s", err.message);
		free(bad);
		/* a version-1 file with version-2 keys is refused too */
		bad = strdup(text);
		replace_in(&bad, "\"version\": 2", "\"version\": 1");
		ck_assert_int_eq(xlqa_file_write_atomic(path, bad, strlen(bad), &err), XLQA_OK);
		ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_EPARSE);
		ck_assert_msg(strstr(err.message, "belongs to version 2"), "%s", err.message);
		free(bad);
		/* a language that is none */
		bad = strdup(text);
		replace_in(&bad, "\"en\"", "\"english\"");
		ck_assert_int_eq(xlqa_file_write_atomic(path, bad, strlen(bad), &err), XLQA_OK);
		ck_assert_int_eq(xlqa_model_read(path, &r, &err), XLQA_EPARSE);
		ck_assert_msg(strstr(err.message, "'languages'") && strstr(err.message, "'english'"), "%s", err.message);
		free(bad);
		free(text);
	}
	xlqa_model_free(m);
	unlink(path);
}
END_TEST

START_TEST(version_1_file_reads_as_logistic)
{
	struct xlqa_model *m;
	struct xlqa_error err;
	char path[64], id[XLQA_MODEL_FEATURE_SET_ID_SIZE];
	size_t n;

	temp_file(path, "{\"format\":\"xlqa-model\",\"version\":1,\"features\":[\"x\",\"y\"],\"means\":[0,0],"
	                "\"sds\":[1,1],\"weights\":[1,2],\"bias\":0,\"nil_threshold\":0.5,"
	                "\"ranking\":{\"weights\":[3,4],\"questions\":2,\"rows\":4,\"l2\":1,\"iterations\":3,"
	                "\"converged\":true,\"log_loss\":0.5}}");
	ck_assert_msg(xlqa_model_read(path, &m, &err) == XLQA_OK, "%s", err.message);
	ck_assert_int_eq(xlqa_model_learner(m), XLQA_MODEL_LEARNER_LOGISTIC);
	ck_assert(xlqa_model_rank_weight(m, 1) == 4);
	xlqa_model_languages(m, &n);
	ck_assert_uint_eq(n, 0);
	xlqa_model_fitted_on(m, &n);
	ck_assert_uint_eq(n, 0);
	xlqa_model_feature_set_id((const char *const[]){ "x", "y" }, 2, id);
	ck_assert_str_eq(xlqa_model_feature_set(m), id);
	xlqa_model_free(m);
	unlink(path);
}
END_TEST

Suite *model_suite(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, fit_recovers_true_weights);
	tcase_add_test(tc, fit_one_feature_by_hand);
	tcase_add_test(tc, fit_constant_and_separable);
	tcase_add_test(tc, fit_sparse_rows_match_shifted);
	tcase_add_test(tc, rank_fit_by_hand);
	tcase_add_test(tc, rank_fit_recovers_true_weights);
	tcase_add_loop_test(tc, fit_errors, 0, (int)(sizeof bad_fits / sizeof bad_fits[0]));
	tcase_add_test(tc, nil_threshold_by_hand);
	tcase_add_test(tc, nil_threshold_ties_and_edges);
	tcase_add_test(tc, model_file_round_trip);
	tcase_add_loop_test(tc, model_file_errors, 0, (int)(sizeof bad_models / sizeof bad_models[0]));
	tcase_add_test(tc, model_file_core_reads);
	tcase_add_test(tc, feature_table_read_and_apply);
	tcase_add_test(tc, feature_table_write_and_read);
	tcase_add_test(tc, feature_table_clear_features);
	tcase_add_test(tc, answer_inputs_by_hand);
	tcase_add_test(tc, answer_coverage_and_three_input_files);
	tcase_add_test(tc, answer_calibration_fit);
	tcase_add_test(tc, answer_calibration_folds);
	tcase_add_loop_test(tc, feature_table_errors, 0, (int)(sizeof bad_tables / sizeof bad_tables[0]));
	tcase_add_test(tc, gbt_beats_linear_on_interaction);
	tcase_add_test(tc, gbt_file_round_trip);
	tcase_add_test(tc, gbt_corrupt_booster_refused);
	tcase_add_test(tc, gbt_options_refused);
	tcase_add_test(tc, gbt_answer_calibration_cross_fits_trees);
	tcase_add_test(tc, metadata_round_trip_and_checks);
	tcase_add_test(tc, version_1_file_reads_as_logistic);
	suite_add_tcase(s, tc);
	return s;
}
