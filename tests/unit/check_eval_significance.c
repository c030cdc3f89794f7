/*
 * eval_significance: the paired randomization test against an exact enumeration of every swap on
 * small cases (a mean of per-question values, and CWS of CLEF items, which is no mean); the bootstrap
 * interval, difference interval and bootstrap p-value against an independent implementation in awk
 * fed the same resample indices; Holm and Bonferroni on a worked example; reproducibility by seed.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/eval.h"
#include "xlqa/significance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Per-question reciprocal ranks of two runs over 12 questions (made up, with ties and zeros). */
#define NQ 12
static const double rr_a[NQ] = { 1, 0.5, 1, 0, 0.333333, 1, 1, 0.25, 0, 1, 0.5, 1 };
static const double rr_b[NQ] = { 0.5, 0.5, 0, 0, 1, 0.2, 1, 0, 0, 0.5, 0, 1 };
static const struct xlqa_sig_field rr_field = { sizeof(double), 0 };
static const struct xlqa_sig_measure rr_mean = { "mrr", xlqa_sig_mean, &rr_field };

/* Exact two-sided p of the randomization test: all 2^n swaps, |d*| >= |d| - 1e-9. */
static double exact_permutation_p(const void *a, const void *b, size_t n, size_t size,
                                  const struct xlqa_sig_measure *m)
{
	unsigned char *x = malloc(n * size), *y = malloc(n * size);
	double d = m->stat(a, n, m->ctx) - m->stat(b, n, m->ctx);
	size_t extreme = 0, total = (size_t)1 << n;

	ck_assert_ptr_nonnull(x);
	ck_assert_ptr_nonnull(y);
	for (size_t mask = 0; mask < total; mask++) {
		for (size_t i = 0; i < n; i++) {
			bool swap = (mask >> i) & 1;

			memcpy(x + i * size, (const unsigned char *)(swap ? b : a) + i * size, size);
			memcpy(y + i * size, (const unsigned char *)(swap ? a : b) + i * size, size);
		}
		extreme += fabs(m->stat(x, n, m->ctx) - m->stat(y, n, m->ctx)) >= fabs(d) - 1e-9;
	}
	free(x);
	free(y);
	return (double)extreme / (double)total;
}

/* The Monte Carlo p with R resamples is within 4 standard errors (and the +1 of its formula) of the exact. */
static void assert_near_exact(double p, double exact, size_t resamples)
{
	double tol = 4 * sqrt(exact * (1 - exact) / (double)resamples) + 2.0 / (double)resamples;

	ck_assert_msg(fabs(p - exact) <= tol, "permutation p %.6f, exact %.6f, tolerance %.6f", p, exact, tol);
}

START_TEST(permutation_matches_exact_enumeration_of_a_mean)
{
	struct xlqa_sig_options o = { 200000, 7, 0, NULL };
	struct xlqa_sig_pair pr;
	struct xlqa_error err;
	double exact = exact_permutation_p(rr_a, rr_b, NQ, sizeof(double), &rr_mean);

	/* A case that is neither certain nor hopeless, so the comparison means something. */
	ck_assert(exact > 0.05 && exact < 0.6);
	ck_assert_int_eq(xlqa_sig_compare(rr_a, rr_b, NQ, sizeof(double), &rr_mean, &o, &pr, &err), XLQA_OK);
	/* sums 7.583333 and 4.7 over 12 questions */
	ck_assert_double_eq_tol(pr.diff, (7.583333 - 4.7) / NQ, 1e-12);
	assert_near_exact(pr.p_permutation, exact, o.resamples);
}
END_TEST

/* CLEF items of two runs on 10 questions: judgments and confidences; CWS ranks them, so it is no mean. */
static void clef_items(struct xlqa_eval_item *a, struct xlqa_eval_item *b, size_t n)
{
	static const char ja[] = "RRWRWRRWRW", jb[] = "RWWWRRWWRW";
	static const double ca[] = { 0.9, 0.8, 0.7, 0.65, 0.2, 0.6, 0.5, 0.3, 0.55, 0.1 };
	static const double cb[] = { 0.4, 0.9, 0.8, 0.7, 0.3, 0.6, 0.2, 0.5, 0.45, 0.1 };

	memset(a, 0, n * sizeof *a);
	memset(b, 0, n * sizeof *b);
	for (size_t i = 0; i < n; i++) {
		a[i].number = b[i].number = (unsigned)i + 1;
		a[i].type = b[i].type = 'F';
		a[i].judgment = ja[i] == 'R' ? XLQA_JUDGMENT_R : XLQA_JUDGMENT_W;
		b[i].judgment = jb[i] == 'R' ? XLQA_JUDGMENT_R : XLQA_JUDGMENT_W;
		a[i].confidence = ca[i];
		b[i].confidence = cb[i];
		a[i].nil_question = b[i].nil_question = -1;
	}
}

static double cws_stat(const void *units, size_t n, const void *ctx)
{
	(void)ctx;
	return xlqa_measure_find("cws")->compute(units, n, XLQA_EVAL_STRICT);
}

START_TEST(permutation_matches_exact_enumeration_of_cws)
{
	struct xlqa_eval_item a[10], b[10];
	struct xlqa_sig_measure m = { "cws", cws_stat, NULL };
	struct xlqa_sig_options o = { 100000, 11, 0, NULL };
	struct xlqa_sig_pair pr;
	struct xlqa_error err;
	double exact;

	clef_items(a, b, 10);
	exact = exact_permutation_p(a, b, 10, sizeof a[0], &m);
	ck_assert(exact > 0.05 && exact < 0.95);
	ck_assert_int_eq(xlqa_sig_compare(a, b, 10, sizeof a[0], &m, &o, &pr, &err), XLQA_OK);
	assert_near_exact(pr.p_permutation, exact, o.resamples);
}
END_TEST

/*
 * The reference: reads "n R level", the a and b values, then R lines of n indices; prints the
 * percentile interval of run a's mean, of the mean difference, and the shift-method p-value.
 * Written from the definitions (Efron and Tibshirani ch. 13 and 16), sharing no code with the library.
 */
static const char awk_reference[] =
	"NR == 1 { n = $1; R = $2; level = $3; next }\n"
	"NR == 2 { for (i = 1; i <= n; i++) a[i - 1] = $i; next }\n"
	"NR == 3 { for (i = 1; i <= n; i++) { b[i - 1] = $i; d += a[i - 1] - $i }; d /= n; next }\n"
	"{ sa = 0; sd = 0\n"
	"  for (i = 1; i <= n; i++) { sa += a[$i]; sd += a[$i] - b[$i] }\n"
	"  k++; va[k] = sa / n; vd[k] = sd / n\n"
	"  x = vd[k] - d; if (x < 0) x = -x; y = d; if (y < 0) y = -y\n"
	"  if (x >= y - 1e-9) c++ }\n"
	"function up(x,  k) { k = int(x); if (k < x - 1e-9) k++; if (k < 1) k = 1; if (k > R) k = R; return k }\n"
	"function isort(v, m,  i, j, t) { for (i = 2; i <= m; i++) { t = v[i]; j = i - 1\n"
	"  while (j >= 1 && v[j] > t) { v[j + 1] = v[j]; j-- }; v[j + 1] = t } }\n"
	"END { isort(va, R); isort(vd, R); lo = up(R * (1 - level) / 2); hi = up(R * (1 + level) / 2)\n"
	"  printf \"%.17g %.17g %.17g %.17g %.17g\\n\", va[lo], va[hi], vd[lo], vd[hi], (c + 1) / (R + 1) }\n";

START_TEST(bootstrap_matches_awk_reference_on_fixed_resamples)
{
	enum { R = 301 };
	size_t *idx = malloc(R * NQ * sizeof *idx);
	char prog[] = "/tmp/xlqa-sig-awk-XXXXXX", data[] = "/tmp/xlqa-sig-dat-XXXXXX", cmd[256];
	struct xlqa_sig_options o = { R, 0, 0.9, NULL };
	struct xlqa_sig_interval iv;
	struct xlqa_sig_pair pr;
	struct xlqa_error err;
	double ref[5];
	uint64_t state = 0x9e3779b97f4a7c15ULL;
	FILE *fp;
	int fd;

	ck_assert_ptr_nonnull(idx);
	for (size_t i = 0; i < (size_t)R * NQ; i++)
		idx[i] = (size_t)(test_rng_next(&state) % NQ);
	o.indices = idx;
	ck_assert_int_ge(fd = mkstemp(prog), 0);
	ck_assert_int_eq(write(fd, awk_reference, strlen(awk_reference)), (ssize_t)strlen(awk_reference));
	close(fd);
	ck_assert_int_ge(fd = mkstemp(data), 0);
	ck_assert_ptr_nonnull(fp = fdopen(fd, "w"));
	fprintf(fp, "%d %d %.17g\n", NQ, R, o.level);
	for (size_t i = 0; i < NQ; i++)
		fprintf(fp, "%.17g%c", rr_a[i], i + 1 < NQ ? ' ' : '\n');
	for (size_t i = 0; i < NQ; i++)
		fprintf(fp, "%.17g%c", rr_b[i], i + 1 < NQ ? ' ' : '\n');
	for (size_t r = 0; r < R; r++)
		for (size_t i = 0; i < NQ; i++)
			fprintf(fp, "%zu%c", idx[r * NQ + i], i + 1 < NQ ? ' ' : '\n');
	fclose(fp);
	snprintf(cmd, sizeof cmd, "awk -f %s %s", prog, data);
	ck_assert_ptr_nonnull(fp = popen(cmd, "r"));
	ck_assert_int_eq(fscanf(fp, "%lf %lf %lf %lf %lf", &ref[0], &ref[1], &ref[2], &ref[3], &ref[4]), 5);
	ck_assert_int_eq(pclose(fp), 0);
	unlink(prog);
	unlink(data);

	ck_assert_int_eq(xlqa_sig_interval(rr_a, NQ, sizeof(double), &rr_mean, &o, &iv, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_sig_compare(rr_a, rr_b, NQ, sizeof(double), &rr_mean, &o, &pr, &err), XLQA_OK);
	ck_assert_double_eq_tol(iv.low, ref[0], 1e-12);
	ck_assert_double_eq_tol(iv.high, ref[1], 1e-12);
	ck_assert_double_eq_tol(pr.low, ref[2], 1e-12);
	ck_assert_double_eq_tol(pr.high, ref[3], 1e-12);
	ck_assert_double_eq_tol(pr.p_bootstrap, ref[4], 1e-12);
	/* The interval is a real one: it holds the observed mean and is not a point. */
	ck_assert(iv.low <= iv.value && iv.value <= iv.high && iv.low < iv.high);
	free(idx);
}
END_TEST

START_TEST(bad_resample_index_is_an_error)
{
	size_t idx[NQ] = { 0 };
	struct xlqa_sig_options o = { 1, 0, 0, idx };
	struct xlqa_sig_interval iv;
	struct xlqa_error err;

	idx[5] = NQ;
	ck_assert_int_eq(xlqa_sig_interval(rr_a, NQ, sizeof(double), &rr_mean, &o, &iv, &err), XLQA_EINVAL);
	ck_assert_str_eq(err.message, "resample 0: unit index 12 is not below 12");
}
END_TEST

START_TEST(corrections_on_a_worked_example)
{
	/* Holm: sorted .005 .01 .03 .04 times 4 3 2 1 = .02 .03 .06 .04, kept monotone: .04 -> .06. */
	static const double p[4] = { 0.01, 0.04, 0.03, 0.005 };
	static const double holm[4] = { 0.03, 0.06, 0.06, 0.02 }, bonf[4] = { 0.04, 0.16, 0.12, 0.02 };
	double got[4];

	xlqa_sig_correction_find("holm")->adjust(p, 4, got);
	for (size_t i = 0; i < 4; i++)
		ck_assert_double_eq_tol(got[i], holm[i], 1e-12);
	xlqa_sig_correction_find("bonferroni")->adjust(p, 4, got);
	for (size_t i = 0; i < 4; i++)
		ck_assert_double_eq_tol(got[i], bonf[i], 1e-12);
	ck_assert_ptr_null(xlqa_sig_correction_find("sidak"));
}
END_TEST

START_TEST(seeded_and_consistent)
{
	const void *units[3] = { rr_a, rr_b, rr_a };
	const char *names[3] = { "a", "b", "a2" };
	struct xlqa_sig_options o = { 2000, 42, 0, NULL };
	struct xlqa_sig_table t1, t2;
	struct xlqa_sig_interval alone;
	struct xlqa_sig_pair other;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_sig_table_compute(&t1, units, names, 3, NQ, sizeof(double), &rr_mean, 1, NULL, &o, &err),
	                 XLQA_OK);
	ck_assert_int_eq(xlqa_sig_table_compute(&t2, units, names, 3, NQ, sizeof(double), &rr_mean, 1, NULL, &o, &err),
	                 XLQA_OK);
	ck_assert_uint_eq(t1.n_pairs, 3);
	ck_assert_str_eq(t1.correction->name, "holm");
	/* The same seed gives the same numbers; an interval alone equals the one in the table. */
	ck_assert(memcmp(t1.pairs, t2.pairs, 3 * sizeof *t1.pairs) == 0);
	ck_assert_int_eq(xlqa_sig_interval(rr_b, NQ, sizeof(double), &rr_mean, &o, &alone, &err), XLQA_OK);
	ck_assert(alone.low == t1.intervals[1].low && alone.high == t1.intervals[1].high);
	/* A run against itself: difference 0, both p-values 1. */
	ck_assert_double_eq(t1.pairs[1].diff, 0);
	ck_assert_double_eq(t1.pairs[1].p_permutation, 1);
	ck_assert_double_eq(t1.pairs[1].p_bootstrap, 1);
	/* Holm never lowers a p-value. */
	ck_assert(t1.pairs[0].p_permutation_adjusted >= t1.pairs[0].p_permutation);
	/* Another seed draws other resamples. */
	o.seed = 43;
	ck_assert_int_eq(xlqa_sig_compare(rr_a, rr_b, NQ, sizeof(double), &rr_mean, &o, &other, &err), XLQA_OK);
	ck_assert(other.p_permutation != t1.pairs[0].p_permutation || other.low != t1.pairs[0].low);
	xlqa_sig_table_release(&t1);
	xlqa_sig_table_release(&t2);
}
END_TEST

START_TEST(rng_below_stays_in_range)
{
	struct xlqa_rng r;
	size_t seen[7] = { 0 };

	xlqa_rng_seed(&r, 0);
	for (int i = 0; i < 7000; i++) {
		uint64_t v = xlqa_rng_below(&r, 7);

		ck_assert_uint_lt(v, 7);
		seen[v]++;
	}
	/* Each value turns up about 1000 times (a loose bound: 5 standard deviations is about 150). */
	for (size_t v = 0; v < 7; v++)
		ck_assert_msg(seen[v] > 850 && seen[v] < 1150, "value %zu seen %zu times", v, seen[v]);
}
END_TEST

Suite *eval_significance_suite(void)
{
	Suite *s = suite_create("eval_significance");
	TCase *tc = tcase_create("significance");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, permutation_matches_exact_enumeration_of_a_mean);
	tcase_add_test(tc, permutation_matches_exact_enumeration_of_cws);
	tcase_add_test(tc, bootstrap_matches_awk_reference_on_fixed_resamples);
	tcase_add_test(tc, bad_resample_index_is_an_error);
	tcase_add_test(tc, corrections_on_a_worked_example);
	tcase_add_test(tc, seeded_and_consistent);
	tcase_add_test(tc, rng_below_stays_in_range);
	suite_add_tcase(s, tc);
	return s;
}
