/*
 * significance: how sure a difference between two runs of the same test set is, and how precisely a
 * run's score is known, by resampling its questions (or any unit a score is made of: a TREC series).
 *
 *  - Paired randomization (permutation) test (Fisher; for IR, Smucker, Allan and Carterette, "A
 *    comparison of statistical significance tests for information retrieval evaluation", CIKM 2007):
 *    under the null hypothesis the two runs' results on a unit are exchangeable, so each resample swaps
 *    the two runs' units with probability 1/2, independently, and recomputes the statistic of both.
 *  - Paired bootstrap test (Efron and Tibshirani, "An Introduction to the Bootstrap", 1993, ch. 16;
 *    the shift method Smucker et al. use): each resample draws n units with replacement, the same
 *    draw for both runs, and compares the resampled difference, shifted to the null by the observed
 *    difference, with the observed one.
 *  - Percentile bootstrap intervals (Efron and Tibshirani, ch. 13) of each run's score and of the
 *    difference, from the same resamples as the bootstrap test.
 * p-values are two-sided, (c + 1) / (R + 1) for c of R resamples at least as extreme as observed
 * (never 0: Phipson and Smyth, "Permutation p-values should never be zero", 2010). Several pairs of
 * runs are corrected for multiple comparisons by Holm's step-down method (Holm, "A simple sequentially
 * rejective multiple test procedure", 1979) or Bonferroni's.
 *
 * A statistic is any function of a sequence of units (accuracy and CWS of CLEF items, the mean of
 * reciprocal ranks, the mean of series scores); the units are opaque blocks of `size` bytes that the
 * resamplers copy. Everything is reproducible: the same seed gives the same resamples, the intervals
 * of one run are the same in every pair it is part of, and nothing depends on the time or the thread.
 *
 * Invariant: nothing here prints; a statistic that is NaN on a resample (undefined there) is left out
 * of that resample's count and interval, and counted in `undefined`.
 *
 * Ownership as xlqa.h states it; caller-declared structs released by xlqa_sig_table_release().
 */
#ifndef XLQA_SIGNIFICANCE_H
#define XLQA_SIGNIFICANCE_H

#include "xlqa/eval.h"
#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- random numbers ---------------------------------------------------------------------------- */

/*
 * xoshiro256** (Blackman and Vigna, "Scrambled linear pseudorandom number generators", 2021), seeded
 * through splitmix64 so every 64-bit seed, 0 included, gives a good state. Caller-owned.
 */
struct xlqa_rng {
	uint64_t s[4];
};
void xlqa_rng_seed(struct xlqa_rng *r, uint64_t seed);
uint64_t xlqa_rng_next(struct xlqa_rng *r);
/* Uniform on [0, n) without modulo bias (rejection); n > 0. */
uint64_t xlqa_rng_below(struct xlqa_rng *r, uint64_t n);

/* ---- statistics -------------------------------------------------------------------------------- */

/* A statistic of `n` units laid out `size` bytes apart; `ctx` is the measure's own. NaN: undefined. */
typedef double (*xlqa_sig_statistic)(const void *units, size_t n, const void *ctx);

/* A measure the tests compare: its name (printed), its statistic and that statistic's context. */
struct xlqa_sig_measure {
	const char *name;
	xlqa_sig_statistic stat;
	const void *ctx;
};

/* The mean of a double stored at `offset` in each unit of `size` bytes: the context of xlqa_sig_mean. */
struct xlqa_sig_field {
	size_t size;
	size_t offset;
};
/* A statistic: the mean of the field `ctx` (a struct xlqa_sig_field *) names; NaN for no units. */
double xlqa_sig_mean(const void *units, size_t n, const void *ctx);

/* ---- options ----------------------------------------------------------------------------------- */

#define XLQA_SIG_DEFAULT_RESAMPLES 10000
#define XLQA_SIG_DEFAULT_LEVEL 0.95

struct xlqa_sig_options {
	size_t resamples; /* R, for both tests and the intervals; 0 means XLQA_SIG_DEFAULT_RESAMPLES */
	uint64_t seed;    /* the bootstrap draws from this seed, the permutations from a stream derived from it */
	double level;     /* of the intervals, in (0,1); 0 means XLQA_SIG_DEFAULT_LEVEL */
	/*
	 * Bootstrap draws to use instead of drawing: resamples x n unit indices, resample r's at
	 * [r*n, (r+1)*n), each < n; NULL to draw (so a test can feed an independent implementation the
	 * same resamples).
	 */
	const size_t *indices;
};

/* ---- one run ----------------------------------------------------------------------------------- */

/* A score with its percentile bootstrap interval. */
struct xlqa_sig_interval {
	double value;     /* the statistic on all units */
	double low, high; /* the interval's bounds */
	size_t undefined; /* resamples where the statistic was NaN (left out) */
};

/*
 * The percentile interval of `m` over `n` units: R resamples of n units drawn with replacement (or
 * opt->indices), the statistic of each sorted, and low and high the ceil(R (1 - level) / 2)-th and
 * ceil(R (1 + level) / 2)-th smallest (1-based; Efron and Tibshirani's "B alpha-th value"). The draws
 * are those xlqa_sig_compare makes from the same seed. Errors: XLQA_EINVAL (n 0, a level outside
 * (0,1), the statistic NaN on all units, or no resample defined), XLQA_ENOMEM.
 */
int xlqa_sig_interval(const void *units, size_t n, size_t size, const struct xlqa_sig_measure *m,
                      const struct xlqa_sig_options *opt, struct xlqa_sig_interval *out, struct xlqa_error *err);

/* ---- two runs ---------------------------------------------------------------------------------- */

struct xlqa_sig_pair {
	size_t a, b;                  /* run indices (a < b) in a table; 0 and 1 from xlqa_sig_compare */
	double diff;                  /* stat(a) - stat(b) */
	double low, high;             /* percentile interval of the difference */
	double p_permutation;         /* two-sided paired randomization test */
	double p_bootstrap;           /* two-sided paired bootstrap test (shift method) */
	double p_permutation_adjusted; /* after the correction of a table (= p_permutation alone) */
	double p_bootstrap_adjusted;
	size_t undefined;             /* resamples where a statistic was NaN (left out) */
};

/*
 * Compares runs `a` and `b`, `n` units each, paired by position (unit i of both is the same question):
 * the difference, its interval and both tests' p-values (header comment). A permutation resample
 * counts when |d*| >= |d| - 1e-9 (the tolerance keeps float rounding of equal sums from deciding),
 * a bootstrap resample when |d* - d| >= |d| - 1e-9. Errors as xlqa_sig_interval.
 */
int xlqa_sig_compare(const void *a, const void *b, size_t n, size_t size, const struct xlqa_sig_measure *m,
                     const struct xlqa_sig_options *opt, struct xlqa_sig_pair *out, struct xlqa_error *err);

/* ---- corrections for multiple comparisons ------------------------------------------------------ */

/* A correction in the registry. */
struct xlqa_sig_correction {
	const char *name; /* "holm", "bonferroni", "none" */
	const char *help;
	/* Writes the adjusted p[0..m) to adjusted[0..m) (may be the same array). */
	void (*adjust)(const double *p, size_t m, double *adjusted);
};
size_t xlqa_sig_correction_count(void);
const struct xlqa_sig_correction *xlqa_sig_correction_at(size_t i);
/* The correction named `name`, or NULL. */
const struct xlqa_sig_correction *xlqa_sig_correction_find(const char *name);

/* ---- a table: every measure of every run, every pair ------------------------------------------ */

/* Caller-owned results of xlqa_sig_table_compute; release with xlqa_sig_table_release. */
struct xlqa_sig_table {
	size_t n_runs, n_measures, n_units;
	const char *const *runs;                 /* borrowed names */
	const struct xlqa_sig_measure *measures; /* borrowed */
	struct xlqa_sig_options opt;             /* with the defaults filled in */
	const struct xlqa_sig_correction *correction;
	struct xlqa_sig_interval *intervals;     /* [measure * n_runs + run] */
	struct xlqa_sig_pair *pairs;             /* [measure * n_pairs + k], pairs (0,1), (0,2) .. (1,2) .. */
	size_t n_pairs;                          /* n_runs (n_runs - 1) / 2 */
};
void xlqa_sig_table_release(struct xlqa_sig_table *t);

/*
 * Fills `t` for `n_runs` runs (units[r]: n_units units of `size` bytes, the same questions in the
 * same order in every run; names[r] its name) and `n_measures` measures: each run's interval, and
 * for two runs or more every pair's tests, the p-values of each measure and test adjusted together
 * by `correction` (NULL: holm) over the pairs. `names`, `measures` and `correction` must outlive `t`.
 * Errors: as xlqa_sig_compare; on error `t` holds nothing to release.
 */
int xlqa_sig_table_compute(struct xlqa_sig_table *t, const void *const *units, const char *const *names,
                           size_t n_runs, size_t n_units, size_t size, const struct xlqa_sig_measure *measures,
                           size_t n_measures, const struct xlqa_sig_correction *correction,
                           const struct xlqa_sig_options *opt, struct xlqa_error *err);

/*
 * Appends `t` to `out`. Text: a header line naming the resamples, seed, level, the tests and the
 * correction; a table of intervals (measure, run, value, low, high); a table of pairs (measure,
 * run_a, run_b, diff, low, high, p_perm, p_perm_adj, p_boot, p_boot_adj). TSV: the same two tables,
 * each line starting with "interval" or "pair", after a "# ..." header. JSON: one object
 * {"resamples", "seed", "level", "tests": ["permutation", "bootstrap"], "correction", "units",
 *  "intervals": [{measure, run, value, low, high, undefined}],
 *  "pairs": [{measure, a, b, diff, low, high, p_permutation, p_permutation_adjusted, p_bootstrap,
 *             p_bootstrap_adjusted, undefined}]}, NaN as null. Errors: XLQA_ENOMEM.
 */
int xlqa_sig_table_report(const struct xlqa_sig_table *t, enum xlqa_report_format format, struct xlqa_buf *out,
                          struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
