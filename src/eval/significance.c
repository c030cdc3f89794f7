/*
 * significance: paired randomization and bootstrap tests, percentile bootstrap intervals and the
 * corrections for multiple comparisons (include/xlqa/significance.h has the methods and sources).
 *
 * Invariant: the bootstrap draws depend only on the seed, n and R, in one fixed order (resample by
 * resample, unit by unit), so an interval computed alone equals the one computed within a pair; the
 * permutations draw from a second stream, so adding the tests never moves an interval.
 */
#include "config.h"

#include "xlqa/significance.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Differences closer than this count as equal: sums of the same numbers in another order. */
#define TIE_TOLERANCE 1e-9
/* Mixed into the seed for the permutation stream (any odd constant would do). */
#define PERMUTATION_STREAM 0x2545f4914f6cdd1dULL

/* ---- random numbers ---------------------------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void xlqa_rng_seed(struct xlqa_rng *r, uint64_t seed)
{
	for (size_t i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t xlqa_rng_next(struct xlqa_rng *r)
{
	uint64_t *s = r->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t xlqa_rng_below(struct xlqa_rng *r, uint64_t n)
{
	/* 2^64 mod n values at the bottom would make small results likelier: draw again there. */
	uint64_t floor = (0 - n) % n, x;

	do
		x = xlqa_rng_next(r);
	while (x < floor);
	return x % n;
}

/* ---- statistics -------------------------------------------------------------------------------- */

double xlqa_sig_mean(const void *units, size_t n, const void *ctx)
{
	const struct xlqa_sig_field *f = ctx;
	const unsigned char *u = units;
	double sum = 0;

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		double v;

		memcpy(&v, u + i * f->size + f->offset, sizeof v);
		sum += v;
	}
	return sum / (double)n;
}

/* ---- shared machinery -------------------------------------------------------------------------- */

static void options_fill(const struct xlqa_sig_options *in, struct xlqa_sig_options *out)
{
	memset(out, 0, sizeof *out);
	if (in)
		*out = *in;
	if (out->resamples == 0)
		out->resamples = XLQA_SIG_DEFAULT_RESAMPLES;
	if (out->level == 0)
		out->level = XLQA_SIG_DEFAULT_LEVEL;
}

static int check_args(size_t n, const struct xlqa_sig_options *o, struct xlqa_error *err)
{
	if (n == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "no unit to resample");
	if (!(o->level > 0 && o->level < 1))
		return xlqa_error_set(err, XLQA_EINVAL, "interval level %g is not in (0,1)", o->level);
	return XLQA_OK;
}

/* The bootstrap draw of resample r: from opt->indices, or the next n draws of `rng`. */
static int draw(const struct xlqa_sig_options *o, struct xlqa_rng *rng, size_t r, size_t n, size_t *idx,
                struct xlqa_error *err)
{
	for (size_t j = 0; j < n; j++) {
		idx[j] = o->indices ? o->indices[r * n + j] : (size_t)xlqa_rng_below(rng, n);
		if (idx[j] >= n)
			return xlqa_error_set(err, XLQA_EINVAL, "resample %zu: unit index %zu is not below %zu", r, idx[j], n);
	}
	return XLQA_OK;
}

/* Copies units src[idx[j]] to dst[j], j < n. */
static void gather(unsigned char *dst, const unsigned char *src, const size_t *idx, size_t n, size_t size)
{
	for (size_t j = 0; j < n; j++)
		memcpy(dst + j * size, src + idx[j] * size, size);
}

static int by_value(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return a < b ? -1 : a > b;
}

/* The k-th smallest (1-based) of the percentile rule for q in (0,1), clamped to [1, m]. */
static size_t rank_of(size_t m, double q)
{
	double k = ceil((double)m * q - 1e-9);

	return k < 1 ? 1 : k > (double)m ? m : (size_t)k;
}

/* Sorts v[0..m) and sets the percentile interval at `level`; m > 0. */
static void percentile(double *v, size_t m, double level, double *low, double *high)
{
	qsort(v, m, sizeof *v, by_value);
	*low = v[rank_of(m, (1 - level) / 2) - 1];
	*high = v[rank_of(m, (1 + level) / 2) - 1];
}

/* Scratch for one resampling job. */
struct work {
	unsigned char *a, *b; /* n units each */
	size_t *idx;          /* n */
	double *values;       /* R */
};

static int work_init(struct work *w, size_t n, size_t size, size_t resamples, struct xlqa_error *err)
{
	w->a = malloc(n * size);
	w->b = malloc(n * size);
	w->idx = malloc(n * sizeof *w->idx);
	w->values = malloc(resamples * sizeof *w->values);
	if (!w->a || !w->b || !w->idx || !w->values) {
		free(w->a);
		free(w->b);
		free(w->idx);
		free(w->values);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory for %zu resamples of %zu units", resamples, n);
	}
	return XLQA_OK;
}

static void work_release(struct work *w)
{
	free(w->a);
	free(w->b);
	free(w->idx);
	free(w->values);
}

/* ---- one run ----------------------------------------------------------------------------------- */

int xlqa_sig_interval(const void *units, size_t n, size_t size, const struct xlqa_sig_measure *m,
                      const struct xlqa_sig_options *opt, struct xlqa_sig_interval *out, struct xlqa_error *err)
{
	struct xlqa_sig_options o;
	struct xlqa_rng rng;
	struct work w;
	size_t defined = 0;
	int rc;

	options_fill(opt, &o);
	memset(out, 0, sizeof *out);
	if ((rc = check_args(n, &o, err)))
		return rc;
	out->value = m->stat(units, n, m->ctx);
	if (isnan(out->value))
		return xlqa_error_set(err, XLQA_EINVAL, "'%s' is undefined on these units", m->name);
	if ((rc = work_init(&w, n, size, o.resamples, err)))
		return rc;
	xlqa_rng_seed(&rng, o.seed);
	for (size_t r = 0; r < o.resamples && !rc; r++) {
		double v;

		if ((rc = draw(&o, &rng, r, n, w.idx, err)))
			break;
		gather(w.a, units, w.idx, n, size);
		v = m->stat(w.a, n, m->ctx);
		if (isnan(v))
			out->undefined++;
		else
			w.values[defined++] = v;
	}
	if (!rc && defined == 0)
		rc = xlqa_error_set(err, XLQA_EINVAL, "'%s' is undefined on every resample", m->name);
	if (!rc)
		percentile(w.values, defined, o.level, &out->low, &out->high);
	work_release(&w);
	return rc;
}

/* ---- two runs ---------------------------------------------------------------------------------- */

/* The bootstrap half: the difference's interval and the shift test. */
static int bootstrap_pair(const void *a, const void *b, size_t n, size_t size, const struct xlqa_sig_measure *m,
                          const struct xlqa_sig_options *o, struct work *w, struct xlqa_sig_pair *out,
                          struct xlqa_error *err)
{
	struct xlqa_rng rng;
	size_t defined = 0, extreme = 0;
	int rc = XLQA_OK;

	xlqa_rng_seed(&rng, o->seed);
	for (size_t r = 0; r < o->resamples && !rc; r++) {
		double d;

		if ((rc = draw(o, &rng, r, n, w->idx, err)))
			break;
		gather(w->a, a, w->idx, n, size);
		gather(w->b, b, w->idx, n, size);
		d = m->stat(w->a, n, m->ctx) - m->stat(w->b, n, m->ctx);
		if (isnan(d)) {
			out->undefined++;
			continue;
		}
		w->values[defined++] = d;
		/* Shifted to the null: is d* - d as far from 0 as d is? */
		extreme += fabs(d - out->diff) >= fabs(out->diff) - TIE_TOLERANCE;
	}
	if (!rc && defined == 0)
		rc = xlqa_error_set(err, XLQA_EINVAL, "'%s' is undefined on every resample", m->name);
	if (rc)
		return rc;
	out->p_bootstrap = (double)(extreme + 1) / (double)(defined + 1);
	percentile(w->values, defined, o->level, &out->low, &out->high);
	return XLQA_OK;
}

/* The randomization half: each unit's pair swapped with probability 1/2. */
static void permutation_pair(const void *a, const void *b, size_t n, size_t size, const struct xlqa_sig_measure *m,
                             const struct xlqa_sig_options *o, struct work *w, struct xlqa_sig_pair *out)
{
	const unsigned char *ua = a, *ub = b;
	struct xlqa_rng rng;
	size_t defined = 0, extreme = 0;

	xlqa_rng_seed(&rng, o->seed ^ PERMUTATION_STREAM);
	for (size_t r = 0; r < o->resamples; r++) {
		uint64_t bits = 0;
		double d;

		for (size_t j = 0; j < n; j++) {
			bool swap;

			if (j % 64 == 0)
				bits = xlqa_rng_next(&rng);
			swap = bits & 1;
			bits >>= 1;
			memcpy(w->a + j * size, (swap ? ub : ua) + j * size, size);
			memcpy(w->b + j * size, (swap ? ua : ub) + j * size, size);
		}
		d = m->stat(w->a, n, m->ctx) - m->stat(w->b, n, m->ctx);
		if (isnan(d)) {
			out->undefined++;
			continue;
		}
		defined++;
		extreme += fabs(d) >= fabs(out->diff) - TIE_TOLERANCE;
	}
	out->p_permutation = (double)(extreme + 1) / (double)(defined + 1);
}

int xlqa_sig_compare(const void *a, const void *b, size_t n, size_t size, const struct xlqa_sig_measure *m,
                     const struct xlqa_sig_options *opt, struct xlqa_sig_pair *out, struct xlqa_error *err)
{
	struct xlqa_sig_options o;
	struct work w;
	int rc;

	options_fill(opt, &o);
	memset(out, 0, sizeof *out);
	out->b = 1;
	if ((rc = check_args(n, &o, err)))
		return rc;
	out->diff = m->stat(a, n, m->ctx) - m->stat(b, n, m->ctx);
	if (isnan(out->diff))
		return xlqa_error_set(err, XLQA_EINVAL, "'%s' is undefined on these units", m->name);
	if ((rc = work_init(&w, n, size, o.resamples, err)))
		return rc;
	rc = bootstrap_pair(a, b, n, size, m, &o, &w, out, err);
	if (!rc)
		permutation_pair(a, b, n, size, m, &o, &w, out);
	out->p_permutation_adjusted = out->p_permutation;
	out->p_bootstrap_adjusted = out->p_bootstrap;
	work_release(&w);
	return rc;
}

/* ---- corrections ------------------------------------------------------------------------------- */

static void adjust_none(const double *p, size_t m, double *adjusted)
{
	memmove(adjusted, p, m * sizeof *p);
}

static void adjust_bonferroni(const double *p, size_t m, double *adjusted)
{
	for (size_t i = 0; i < m; i++)
		adjusted[i] = fmin(1, (double)m * p[i]);
}

/* A p-value and where it came from, sorted by value and then position (so ties stay deterministic). */
struct ranked_p {
	double p;
	size_t at;
};

static int by_p(const void *pa, const void *pb)
{
	const struct ranked_p *a = pa, *b = pb;

	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

/*
 * Holm: the i-th smallest p (0-based) times m - i, made non-decreasing along the order and at most
 * 1. Falls back to Bonferroni (never less conservative) if there is no memory for the order.
 */
static void adjust_holm(const double *p, size_t m, double *adjusted)
{
	struct ranked_p *order = malloc((m ? m : 1) * sizeof *order);
	double running = 0;

	if (!order) {
		adjust_bonferroni(p, m, adjusted);
		return;
	}
	for (size_t i = 0; i < m; i++) {
		order[i].p = p[i];
		order[i].at = i;
	}
	qsort(order, m, sizeof *order, by_p);
	for (size_t i = 0; i < m; i++) {
		running = fmax(running, fmin(1, (double)(m - i) * order[i].p));
		adjusted[order[i].at] = running;
	}
	free(order);
}

static const struct xlqa_sig_correction corrections[] = {
	{ "holm", "Holm's step-down: the i-th smallest of m p-values times m - i + 1, kept monotone (Holm 1979)",
	  adjust_holm },
	{ "bonferroni", "each p-value times the number of comparisons, at most 1", adjust_bonferroni },
	{ "none", "p-values as tested, each comparison on its own", adjust_none },
};
#define N_CORRECTIONS (sizeof corrections / sizeof corrections[0])

size_t xlqa_sig_correction_count(void)
{
	return N_CORRECTIONS;
}

const struct xlqa_sig_correction *xlqa_sig_correction_at(size_t i)
{
	return i < N_CORRECTIONS ? &corrections[i] : NULL;
}

const struct xlqa_sig_correction *xlqa_sig_correction_find(const char *name)
{
	for (size_t i = 0; i < N_CORRECTIONS; i++)
		if (strcmp(corrections[i].name, name) == 0)
			return &corrections[i];
	return NULL;
}

/* ---- tables ------------------------------------------------------------------------------------ */

void xlqa_sig_table_release(struct xlqa_sig_table *t)
{
	free(t->intervals);
	free(t->pairs);
	memset(t, 0, sizeof *t);
}

/* Adjusts one measure's p-values of one test across its pairs. */
static int adjust_pairs(struct xlqa_sig_table *t, struct xlqa_sig_pair *pairs, bool bootstrap, struct xlqa_error *err)
{
	double *p = malloc((t->n_pairs ? t->n_pairs : 1) * sizeof *p);

	if (!p)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t k = 0; k < t->n_pairs; k++)
		p[k] = bootstrap ? pairs[k].p_bootstrap : pairs[k].p_permutation;
	t->correction->adjust(p, t->n_pairs, p);
	for (size_t k = 0; k < t->n_pairs; k++)
		*(bootstrap ? &pairs[k].p_bootstrap_adjusted : &pairs[k].p_permutation_adjusted) = p[k];
	free(p);
	return XLQA_OK;
}

int xlqa_sig_table_compute(struct xlqa_sig_table *t, const void *const *units, const char *const *names,
                           size_t n_runs, size_t n_units, size_t size, const struct xlqa_sig_measure *measures,
                           size_t n_measures, const struct xlqa_sig_correction *correction,
                           const struct xlqa_sig_options *opt, struct xlqa_error *err)
{
	int rc = XLQA_OK;

	memset(t, 0, sizeof *t);
	t->n_runs = n_runs;
	t->n_measures = n_measures;
	t->n_units = n_units;
	t->runs = names;
	t->measures = measures;
	t->correction = correction ? correction : &corrections[0];
	t->n_pairs = n_runs * (n_runs - (n_runs > 0)) / 2;
	options_fill(opt, &t->opt);
	t->intervals = calloc(n_measures * n_runs + 1, sizeof *t->intervals);
	t->pairs = calloc(n_measures * t->n_pairs + 1, sizeof *t->pairs);
	if (!t->intervals || !t->pairs)
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t m = 0; m < n_measures && !rc; m++) {
		struct xlqa_sig_pair *pairs = &t->pairs[m * t->n_pairs];
		size_t k = 0;

		for (size_t r = 0; r < n_runs && !rc; r++)
			if ((rc = xlqa_sig_interval(units[r], n_units, size, &measures[m], &t->opt,
			                            &t->intervals[m * n_runs + r], err)))
				xlqa_error_prefix(err, "run '%s'", names[r]);
		for (size_t a = 0; a < n_runs && !rc; a++)
			for (size_t b = a + 1; b < n_runs && !rc; b++, k++) {
				rc = xlqa_sig_compare(units[a], units[b], n_units, size, &measures[m], &t->opt, &pairs[k], err);
				pairs[k].a = a;
				pairs[k].b = b;
			}
		if (!rc && t->n_pairs)
			rc = adjust_pairs(t, pairs, false, err);
		if (!rc && t->n_pairs)
			rc = adjust_pairs(t, pairs, true, err);
	}
	if (rc) {
		free(t->intervals);
		free(t->pairs);
		memset(t, 0, sizeof *t);
	}
	return rc;
}

/* ---- reports ----------------------------------------------------------------------------------- */

/* A value after `sep`, right-aligned in `width` columns (0: as short as it goes); NaN as "-". */
static int add_num(struct xlqa_buf *out, const char *sep, int width, double v)
{
	return isnan(v) ? xlqa_buf_addf(out, "%s%*s", sep, width, "-") : xlqa_buf_addf(out, "%s%*.4f", sep, width, v);
}

static int report_delimited(const struct xlqa_sig_table *t, bool tsv, struct xlqa_buf *out)
{
	int rc = xlqa_buf_addf(out, "%s%zu resamples of %zu units, seed %llu; %g%% percentile bootstrap intervals",
	                       tsv ? "# " : "significance: ", t->opt.resamples, t->n_units, (unsigned long long)t->opt.seed,
	                       100 * t->opt.level);

	if (!rc && t->n_pairs)
		rc = xlqa_buf_addf(out,
		                   "; two-sided p: paired randomization (p_perm) and paired bootstrap (p_boot), adjusted by %s "
		                   "over %zu pair%s",
		                   t->correction->name, t->n_pairs, t->n_pairs == 1 ? "" : "s");
	if (!rc)
		rc = xlqa_buf_addstr(out, t->n_pairs ? "\n" : " (one run: no test)\n");

	if (!rc)
		rc = tsv ? xlqa_buf_addstr(out, "interval\tmeasure\trun\tvalue\tlow\thigh\n")
		         : xlqa_buf_addf(out, "%-10s  %-24s  %8s  %8s  %8s\n", "measure", "run", "value", "low", "high");
	for (size_t m = 0; m < t->n_measures && !rc; m++)
		for (size_t r = 0; r < t->n_runs && !rc; r++) {
			const struct xlqa_sig_interval *iv = &t->intervals[m * t->n_runs + r];

			rc = tsv ? xlqa_buf_addf(out, "interval\t%s\t%s", t->measures[m].name, t->runs[r])
			         : xlqa_buf_addf(out, "%-10s  %-24s  ", t->measures[m].name, t->runs[r]);
			if (!rc)
				rc = add_num(out, tsv ? "\t" : "", tsv ? 0 : 8, iv->value);
			if (!rc)
				rc = add_num(out, tsv ? "\t" : "  ", tsv ? 0 : 8, iv->low);
			if (!rc)
				rc = add_num(out, tsv ? "\t" : "  ", tsv ? 0 : 8, iv->high);
			if (!rc)
				rc = xlqa_buf_addch(out, '\n');
		}
	if (!rc && t->n_pairs)
		rc = tsv ? xlqa_buf_addstr(out, "pair\tmeasure\trun_a\trun_b\tdiff\tlow\thigh\tp_perm\tp_perm_adj\tp_boot\t"
		                                "p_boot_adj\n")
		         : xlqa_buf_addf(out, "\n%-10s  %-24s  %-24s  %8s  %8s  %8s  %8s  %10s  %8s  %10s\n", "measure", "run_a",
		                         "run_b", "diff", "low", "high", "p_perm", "p_perm_adj", "p_boot", "p_boot_adj");
	for (size_t m = 0; m < t->n_measures && !rc; m++)
		for (size_t k = 0; k < t->n_pairs && !rc; k++) {
			const struct xlqa_sig_pair *p = &t->pairs[m * t->n_pairs + k];

			if (tsv)
				rc = xlqa_buf_addf(out, "pair\t%s\t%s\t%s\t%.4f\t%.4f\t%.4f\t%.4g\t%.4g\t%.4g\t%.4g\n", t->measures[m].name,
				                   t->runs[p->a], t->runs[p->b], p->diff, p->low, p->high, p->p_permutation,
				                   p->p_permutation_adjusted, p->p_bootstrap, p->p_bootstrap_adjusted);
			else
				rc = xlqa_buf_addf(out, "%-10s  %-24s  %-24s  %8.4f  %8.4f  %8.4f  %8.4g  %10.4g  %8.4g  %10.4g\n",
				                   t->measures[m].name, t->runs[p->a], t->runs[p->b], p->diff, p->low, p->high,
				                   p->p_permutation, p->p_permutation_adjusted, p->p_bootstrap,
				                   p->p_bootstrap_adjusted);
		}
	/* Resamples where a measure was undefined are left out: say so rather than hide it. */
	for (size_t m = 0; m < t->n_measures && !rc; m++) {
		size_t left_out = 0;

		for (size_t r = 0; r < t->n_runs; r++)
			left_out += t->intervals[m * t->n_runs + r].undefined;
		for (size_t k = 0; k < t->n_pairs; k++)
			left_out += t->pairs[m * t->n_pairs + k].undefined;
		if (left_out)
			rc = xlqa_buf_addf(out, "%s%s: %zu resample%s left out where it was undefined\n", tsv ? "# " : "note: ",
			                   t->measures[m].name, left_out, left_out == 1 ? "" : "s");
	}
	return rc;
}

static json_t *num(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

static json_t *table_json(const struct xlqa_sig_table *t)
{
	json_t *root = json_object(), *iv = json_array(), *pairs = json_array();

	if (!root || !iv || !pairs) {
		json_decref(root);
		json_decref(iv);
		json_decref(pairs);
		return NULL;
	}
	json_object_set_new(root, "resamples", json_integer((json_int_t)t->opt.resamples));
	json_object_set_new(root, "seed", json_integer((json_int_t)t->opt.seed));
	json_object_set_new(root, "level", json_real(t->opt.level));
	json_object_set_new(root, "tests", json_pack("[s, s]", "permutation", "bootstrap"));
	json_object_set_new(root, "correction", json_string(t->correction->name));
	json_object_set_new(root, "units", json_integer((json_int_t)t->n_units));
	for (size_t m = 0; m < t->n_measures; m++)
		for (size_t r = 0; r < t->n_runs; r++) {
			const struct xlqa_sig_interval *v = &t->intervals[m * t->n_runs + r];

			json_array_append_new(iv, json_pack("{s:s, s:s, s:o, s:o, s:o, s:I}", "measure", t->measures[m].name, "run",
			                                    t->runs[r], "value", num(v->value), "low", num(v->low), "high",
			                                    num(v->high), "undefined", (json_int_t)v->undefined));
		}
	for (size_t m = 0; m < t->n_measures; m++)
		for (size_t k = 0; k < t->n_pairs; k++) {
			const struct xlqa_sig_pair *p = &t->pairs[m * t->n_pairs + k];

			json_array_append_new(pairs, json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I}", "measure",
			                                       t->measures[m].name, "a", t->runs[p->a], "b", t->runs[p->b], "diff",
			                                       num(p->diff), "low", num(p->low), "high", num(p->high),
			                                       "p_permutation", num(p->p_permutation), "p_permutation_adjusted",
			                                       num(p->p_permutation_adjusted), "p_bootstrap", num(p->p_bootstrap),
			                                       "p_bootstrap_adjusted", num(p->p_bootstrap_adjusted), "undefined",
			                                       (json_int_t)p->undefined));
		}
	json_object_set_new(root, "intervals", iv);
	json_object_set_new(root, "pairs", pairs);
	return root;
}

int xlqa_sig_table_report(const struct xlqa_sig_table *t, enum xlqa_report_format format, struct xlqa_buf *out,
                          struct xlqa_error *err)
{
	size_t old = out->len;
	int rc;

	if (format == XLQA_REPORT_JSON) {
		json_t *root = table_json(t);
		char *s = root ? json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(6)) : NULL;

		json_decref(root);
		rc = s ? xlqa_buf_addstr(out, s) : XLQA_ENOMEM;
		free(s);
	} else {
		rc = report_delimited(t, format == XLQA_REPORT_TSV, out);
	}
	if (rc) {
		xlqa_buf_setlen(out, old);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory writing the significance report");
	}
	return XLQA_OK;
}
