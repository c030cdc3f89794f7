/*
 * report: a run's scores as a readable table or as JSON (see xlqa_eval_report). The groups (all
 * questions, each question type, each answer type) and the measures come from the registry, so a new
 * measure appears in both formats without a change here.
 *
 * Invariant: NaN is never printed as a number: "-" in text, null in JSON.
 */
#include "config.h"

#include "eval-internal.h"
#include "xlqa/eval.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void eval_groups_release(struct eval_groups *gs)
{
	for (size_t i = 0; i < gs->count; i++)
		free(gs->g[i].items);
	free(gs->g);
}

/* The group named `name` among g[from..], created at the end if missing; NULL when memory runs out. */
static struct eval_group *group_get(struct eval_groups *gs, size_t from, const char *name, size_t max_items)
{
	struct eval_group *g;

	for (size_t i = from; i < gs->count; i++)
		if (strcmp(gs->g[i].name, name) == 0)
			return &gs->g[i];
	if (XLQA_ARRAY_RESERVE(gs->g, gs->alloc, gs->count + 1))
		return NULL;
	g = &gs->g[gs->count];
	memset(g, 0, sizeof *g);
	snprintf(g->name, sizeof g->name, "%s", name);
	g->items = malloc((max_items ? max_items : 1) * sizeof *g->items);
	if (!g->items)
		return NULL;
	gs->count++;
	return g;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct eval_group *)a)->name, ((const struct eval_group *)b)->name);
}

/* Splits the items into all / F / D / answer types (each sorted by name after the fixed ones). */
int eval_groups_make(const struct xlqa_eval_item *items, size_t n, struct eval_groups *gs)
{
	static const char *const types[] = { "F", "D" };
	struct eval_group *all = group_get(gs, 0, "all", n);

	if (!all)
		return XLQA_ENOMEM;
	memcpy(all->items, items, n * sizeof *items);
	all->n = n;
	for (size_t t = 0; t < 2; t++) {
		struct eval_group *g = NULL;

		for (size_t i = 0; i < n; i++)
			if (items[i].type == types[t][0]) {
				if (!g && !(g = group_get(gs, 1, types[t], n)))
					return XLQA_ENOMEM;
				g->items[g->n++] = items[i];
			}
	}
	gs->n_types = gs->count - 1;
	for (size_t i = 0; i < n; i++) {
		struct eval_group *g;

		if (!items[i].answer_type)
			continue;
		if (!(g = group_get(gs, 1 + gs->n_types, items[i].answer_type, n)))
			return XLQA_ENOMEM;
		g->items[g->n++] = items[i];
	}
	qsort(gs->g + 1 + gs->n_types, gs->count - 1 - gs->n_types, sizeof *gs->g, by_name);
	return XLQA_OK;
}

/* The measures a report shows, in order. */
struct view {
	const struct xlqa_measure *const *m;
	size_t n;
	const struct xlqa_measure *all[64]; /* the registry, when no choice is given */
};

static void view_init(struct view *v, const struct xlqa_eval_report_options *o)
{
	v->n = 0;
	if (o && o->measures) {
		v->m = o->measures;
		v->n = o->n_measures;
		return;
	}
	for (size_t i = 0; i < xlqa_measure_count() && v->n < sizeof v->all / sizeof v->all[0]; i++)
		v->all[v->n++] = xlqa_measure_at(i);
	v->m = v->all;
}

static unsigned lenient_mode(unsigned flags)
{
	return XLQA_EVAL_LENIENT_U | ((flags & XLQA_EVAL_REPORT_LENIENT_X) ? XLQA_EVAL_LENIENT_X : 0);
}

/* ---- text -------------------------------------------------------------------------------------- */

static int add_value(struct xlqa_buf *out, int width, double v, bool is_count)
{
	if (isnan(v))
		return xlqa_buf_addf(out, " %*s", width, "-");
	return is_count ? xlqa_buf_addf(out, " %*.0f", width, v) : xlqa_buf_addf(out, " %*.4f", width, v);
}

/* Column width of a measure in text tables. */
static int width_of(const struct xlqa_measure *ms)
{
	return strlen(ms->name) > 7 ? (int)strlen(ms->name) : 7;
}

static int text_block(const struct eval_groups *gs, const struct view *v, const char *title, unsigned mode,
                      struct xlqa_buf *out)
{
	int rc = xlqa_buf_addf(out, "%-14s %5s", title, "n");

	for (size_t m = 0; !rc && m < v->n; m++) {
		const char *name = v->m[m]->name;

		rc = xlqa_buf_addf(out, " %*s", strlen(name) > 7 ? (int)strlen(name) : 7, name);
	}
	if (!rc)
		rc = xlqa_buf_addch(out, '\n');
	for (size_t i = 0; !rc && i < gs->count; i++) {
		const struct eval_group *g = &gs->g[i];

		rc = xlqa_buf_addf(out, "%-14s %5zu", g->name, g->n);
		for (size_t m = 0; !rc && m < v->n; m++) {
			const struct xlqa_measure *ms = v->m[m];

			rc = add_value(out, width_of(ms), ms->compute(g->items, g->n, mode), ms->is_count);
		}
		if (!rc)
			rc = xlqa_buf_addch(out, '\n');
	}
	return rc;
}

static int text_calibration(const struct xlqa_eval_item *items, size_t n, struct xlqa_buf *out)
{
	struct xlqa_calibration c;
	int rc;

	xlqa_calibration_compute(items, n, XLQA_EVAL_STRICT, &c);
	rc = xlqa_buf_addf(out, "\ncalibration (strict)\n%-10s %6s %9s %9s\n", "bin", "count", "mean_conf", "accuracy");
	for (size_t b = 0; !rc && b < XLQA_CALIBRATION_BINS; b++) {
		rc = xlqa_buf_addf(out, "[%.1f,%.1f%c %6zu", b / 10.0, (b + 1) / 10.0, b + 1 == XLQA_CALIBRATION_BINS ? ']' : ')',
		                   c.count[b]);
		if (!rc)
			rc = add_value(out, 9, c.mean_confidence[b], false);
		if (!rc)
			rc = add_value(out, 9, c.accuracy[b], false);
		if (!rc)
			rc = xlqa_buf_addch(out, '\n');
	}
	if (!rc)
		rc = xlqa_buf_addf(out, "ece %.4f  brier %.4f  cws %.4f  best_cws %.4f\n", c.ece, c.brier, c.cws, c.best_cws);
	return rc;
}

/* The judgment's letter, or NULL for an unjudged item. */
const char *eval_judgment_name(enum xlqa_judgment j)
{
	switch (j) {
	case XLQA_JUDGMENT_R: return "R";
	case XLQA_JUDGMENT_X: return "X";
	case XLQA_JUDGMENT_U: return "U";
	case XLQA_JUDGMENT_W: return "W";
	default: return NULL;
	}
}

/* One row a question: what it is, its judgment, and each measure over its item alone (strict). */
static int text_questions(const struct eval_groups *gs, const struct view *v, struct xlqa_buf *out)
{
	const struct eval_group *all = &gs->g[0];
	int rc = xlqa_buf_addf(out, "%-8s %-4s %-12s %-8s %-3s %10s", "question", "type", "answer_type", "judgment", "nil",
	                       "confidence");

	for (size_t m = 0; !rc && m < v->n; m++)
		rc = xlqa_buf_addf(out, " %*s", width_of(v->m[m]), v->m[m]->name);
	if (!rc)
		rc = xlqa_buf_addch(out, '\n');
	for (size_t i = 0; !rc && i < all->n; i++) {
		const struct xlqa_eval_item *it = &all->items[i];
		const char *j = eval_judgment_name(it->judgment);

		rc = xlqa_buf_addf(out, "%04u     %-4c %-12s %-8s %-3s %10.4f", it->number, it->type ? it->type : '-',
		                   it->answer_type ? it->answer_type : "-", j ? j : "-", it->nil_response ? "yes" : "no",
		                   it->confidence);
		for (size_t m = 0; !rc && m < v->n; m++)
			rc = add_value(out, width_of(v->m[m]), v->m[m]->compute(it, 1, XLQA_EVAL_STRICT), v->m[m]->is_count);
		if (!rc)
			rc = xlqa_buf_addch(out, '\n');
	}
	if (!rc)
		rc = xlqa_buf_addch(out, '\n');
	return rc;
}

static int report_text(const char *run_name, const struct eval_groups *gs, const struct view *v, unsigned flags,
                       bool per_question, struct xlqa_buf *out)
{
	int rc = xlqa_buf_addf(out, "run %s: %zu questions\n", run_name, gs->g[0].n);

	if (!rc && per_question)
		rc = text_questions(gs, v, out);
	if (!rc)
		rc = text_block(gs, v, "strict", XLQA_EVAL_STRICT, out);
	if (!rc)
		rc = text_block(gs, v, (flags & XLQA_EVAL_REPORT_LENIENT_X) ? "lenient(U+X)" : "lenient(U)",
		                lenient_mode(flags), out);
	if (!rc && (flags & XLQA_EVAL_REPORT_CALIBRATION))
		rc = text_calibration(gs->g[0].items, gs->g[0].n, out);
	return rc;
}

/* ---- TSV --------------------------------------------------------------------------------------- */

static int tsv_value(struct xlqa_buf *out, const char *run, const char *question, const char *mode,
                     const struct xlqa_measure *ms, double v)
{
	if (isnan(v))
		return xlqa_buf_addf(out, "%s\t%s\t%s\t%s\t-\n", run, question, mode, ms->name);
	return ms->is_count ? xlqa_buf_addf(out, "%s\t%s\t%s\t%s\t%.0f\n", run, question, mode, ms->name, v)
	                    : xlqa_buf_addf(out, "%s\t%s\t%s\t%s\t%.6f\n", run, question, mode, ms->name, v);
}

/* Every chosen measure of items[0..n) under both modes, as rows of question `question`. */
static int tsv_measures(struct xlqa_buf *out, const char *run, const char *question, const struct view *v,
                        const struct xlqa_eval_item *items, size_t n, unsigned flags)
{
	int rc = XLQA_OK;

	for (size_t m = 0; !rc && m < v->n; m++)
		rc = tsv_value(out, run, question, "strict", v->m[m], v->m[m]->compute(items, n, XLQA_EVAL_STRICT));
	for (size_t m = 0; !rc && m < v->n; m++)
		rc = tsv_value(out, run, question, "lenient", v->m[m], v->m[m]->compute(items, n, lenient_mode(flags)));
	return rc;
}

static int report_tsv(const char *run, const struct eval_groups *gs, const struct view *v, unsigned flags,
                      bool per_question, struct xlqa_buf *out)
{
	int rc = xlqa_buf_addstr(out, "run\tquestion\tmode\tmeasure\tvalue\n");

	for (size_t i = 0; !rc && per_question && i < gs->g[0].n; i++) {
		const struct xlqa_eval_item *it = &gs->g[0].items[i];
		const char *j = eval_judgment_name(it->judgment);
		char q[16];

		snprintf(q, sizeof q, "%04u", it->number);
		rc = xlqa_buf_addf(out, "%s\t%s\t-\tjudgment\t%s\n%s\t%s\t-\tnil\t%d\n%s\t%s\t-\tconfidence\t%.6f\n", run, q,
		                   j ? j : "-", run, q, it->nil_response, run, q, it->confidence);
		if (!rc)
			rc = tsv_measures(out, run, q, v, it, 1, flags);
	}
	for (size_t g = 0; !rc && g < gs->count; g++) {
		char q[80];

		if (g == 0)
			snprintf(q, sizeof q, "all");
		else
			snprintf(q, sizeof q, "%s:%s", g <= gs->n_types ? "type" : "answer_type", gs->g[g].name);
		rc = tsv_measures(out, run, q, v, gs->g[g].items, gs->g[g].n, flags);
	}
	return rc;
}

/* ---- JSON -------------------------------------------------------------------------------------- */

static json_t *json_number(double v, bool is_count)
{
	if (isnan(v))
		return json_null();
	return is_count ? json_integer((json_int_t)v) : json_real(v);
}

/* Sets key -> value on `obj`, consuming `value`; false when either allocation failed. */
static bool put(json_t *obj, const char *key, json_t *value)
{
	return obj && value && json_object_set_new(obj, key, value) == 0;
}

/* An object of every chosen measure over items[0..n) under `mode`; NULL when memory runs out. */
static json_t *json_measures(const struct view *v, const struct xlqa_eval_item *items, size_t n, unsigned mode)
{
	json_t *o = json_object();

	for (size_t m = 0; o && m < v->n; m++) {
		const struct xlqa_measure *ms = v->m[m];

		if (!put(o, ms->name, json_number(ms->compute(items, n, mode), ms->is_count))) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

/* A group's object: "run" (when given), "questions", the strict measures, "lenient". */
static json_t *json_group(const struct eval_group *g, const struct view *v, const char *run_name, unsigned flags)
{
	json_t *o = json_object(), *strict = json_measures(v, g->items, g->n, XLQA_EVAL_STRICT);
	bool ok = o && strict && (!run_name || put(o, "run", json_string(run_name))) &&
	          put(o, "questions", json_integer((json_int_t)g->n)) && json_object_update(o, strict) == 0 &&
	          put(o, "lenient", json_measures(v, g->items, g->n, lenient_mode(flags)));

	json_decref(strict);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *json_calibration(const struct eval_group *all)
{
	struct xlqa_calibration c;
	json_t *o = json_object(), *bins = json_array();
	bool ok = o && bins;

	xlqa_calibration_compute(all->items, all->n, XLQA_EVAL_STRICT, &c);
	for (size_t b = 0; ok && b < XLQA_CALIBRATION_BINS; b++) {
		json_t *bin = json_object();

		ok = put(bin, "low", json_real(b / 10.0)) && put(bin, "high", json_real((b + 1) / 10.0)) &&
		     put(bin, "count", json_integer((json_int_t)c.count[b])) &&
		     put(bin, "mean_confidence", json_number(c.mean_confidence[b], false)) &&
		     put(bin, "accuracy", json_number(c.accuracy[b], false)) && json_array_append_new(bins, bin) == 0;
		if (!ok)
			json_decref(bin);
	}
	ok = ok && put(o, "bins", bins);
	if (!ok)
		json_decref(bins);
	ok = ok && put(o, "ece", json_number(c.ece, false)) && put(o, "brier", json_number(c.brier, false)) &&
	     put(o, "cws", json_number(c.cws, false)) && put(o, "best_cws", json_number(c.best_cws, false));
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Appends `root` as indented JSON when `ok`, then drops the caller's reference. XLQA_ENOMEM on failure. */
static int append_json(json_t *root, bool ok, struct xlqa_buf *out)
{
	char *text = ok ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) : NULL;
	int rc;

	json_decref(root);
	if (!text)
		return XLQA_ENOMEM;
	rc = xlqa_buf_addstr(out, text);
	free(text);
	return rc;
}

/* The per_question array: each item's facts and its measures alone, strict and lenient. */
static json_t *json_questions(const struct eval_group *all, const struct view *v, unsigned flags)
{
	json_t *list = json_array();
	bool ok = list != NULL;

	for (size_t i = 0; ok && i < all->n; i++) {
		const struct xlqa_eval_item *it = &all->items[i];
		const char *j = eval_judgment_name(it->judgment);
		char type[2] = { it->type, '\0' };
		json_t *q = json_object();

		ok = put(q, "question", json_integer(it->number)) && put(q, "type", json_string(type)) &&
		     put(q, "answer_type", it->answer_type ? json_string(it->answer_type) : json_null()) &&
		     put(q, "judgment", j ? json_string(j) : json_null()) && put(q, "nil", json_boolean(it->nil_response)) &&
		     put(q, "confidence", json_real(it->confidence)) &&
		     put(q, "strict", json_measures(v, it, 1, XLQA_EVAL_STRICT)) &&
		     put(q, "lenient", json_measures(v, it, 1, lenient_mode(flags))) && json_array_append_new(list, q) == 0;
		if (!ok)
			json_decref(q);
	}
	if (!ok) {
		json_decref(list);
		return NULL;
	}
	return list;
}

static int report_json(const char *run_name, const struct eval_groups *gs, const struct view *v, unsigned flags,
                       bool per_question, struct xlqa_buf *out)
{
	json_t *root = json_group(&gs->g[0], v, run_name, flags), *types = json_object(), *atypes = json_object();
	bool ok = root && types && atypes;

	for (size_t i = 1; ok && i < gs->count; i++)
		ok = put(i <= gs->n_types ? types : atypes, gs->g[i].name, json_group(&gs->g[i], v, NULL, flags));
	ok = ok && json_object_set(root, "types", types) == 0 && json_object_set(root, "answer_types", atypes) == 0;
	if (ok && (flags & XLQA_EVAL_REPORT_CALIBRATION))
		ok = put(root, "calibration", json_calibration(&gs->g[0]));
	if (ok && per_question)
		ok = put(root, "per_question", json_questions(&gs->g[0], v, flags));
	json_decref(types);
	json_decref(atypes);
	return append_json(root, ok, out);
}

int xlqa_eval_report_with(const char *run_name, const struct xlqa_eval_item *items, size_t n,
                          const struct xlqa_eval_report_options *o, struct xlqa_buf *out, struct xlqa_error *err)
{
	struct eval_groups gs = { NULL, 0, 0, 0 };
	struct view v;
	size_t old = out->len;
	int rc = eval_groups_make(items, n, &gs);

	view_init(&v, o);
	if (!rc && o->format == XLQA_REPORT_TEXT)
		rc = report_text(run_name, &gs, &v, o->flags, o->per_question, out);
	else if (!rc && o->format == XLQA_REPORT_TSV)
		rc = report_tsv(run_name, &gs, &v, o->flags, o->per_question, out);
	else if (!rc)
		rc = report_json(run_name, &gs, &v, o->flags, o->per_question, out);
	eval_groups_release(&gs);
	if (rc) {
		xlqa_buf_setlen(out, old);
		return xlqa_error_set(err, rc, "cannot write the report: %s", xlqa_strerror(rc));
	}
	return XLQA_OK;
}

int xlqa_eval_report(const char *run_name, const struct xlqa_eval_item *items, size_t n, unsigned flags, bool text,
                     struct xlqa_buf *out, struct xlqa_error *err)
{
	struct xlqa_eval_report_options o = { flags, text ? XLQA_REPORT_TEXT : XLQA_REPORT_JSON, NULL, 0, false };

	return xlqa_eval_report_with(run_name, items, n, &o, out, err);
}

/* ---- comparing judgment sets ------------------------------------------------------------------- */

/* The rank of run i under `s` (1 = best; tied runs share the best rank of their group). */
static size_t rank_in(const double *s, size_t n, size_t i)
{
	size_t better = 0;

	for (size_t j = 0; j < n; j++)
		better += s[j] > s[i];
	return better + 1;
}

static int compare_text(const char *measure, const char *label_a, const char *label_b, const char *const *runs,
                        const double *a, const double *b, size_t n, const struct xlqa_kendall *k, struct xlqa_buf *out)
{
	int rc = xlqa_buf_addf(out, "%s under A = %s and B = %s\n%-24s %9s %9s %6s %6s\n", measure, label_a, label_b, "run",
	                       "A", "B", "rank_A", "rank_B");

	for (size_t i = 0; !rc && i < n; i++)
		rc = xlqa_buf_addf(out, "%-24s %9.4f %9.4f %6zu %6zu\n", runs[i], a[i], b[i], rank_in(a, n, i),
		                   rank_in(b, n, i));
	/* tau is undefined without a pair, and tau-b when every pair is tied under A or under B: said in words,
	 * not as "nan" (JSON: null) */
	if (!rc && k->pairs == 0)
		rc = xlqa_buf_addf(out, "kendall tau undefined: fewer than two runs\n");
	else if (!rc && isnan(k->tau))
		rc = xlqa_buf_addf(out,
		                   "kendall tau-b undefined (every pair tied under A or under B) (tau-a %.4f): %zu pairs, "
		                   "%zu concordant, %zu swapped, %zu tied in A, %zu tied in B\n",
		                   k->tau_a, k->pairs, k->concordant, k->discordant, k->ties_a, k->ties_b);
	else if (!rc)
		rc = xlqa_buf_addf(out,
		                   "kendall tau-b %.4f (tau-a %.4f): %zu pairs, %zu concordant, %zu swapped, %zu tied in A, "
		                   "%zu tied in B\n",
		                   k->tau, k->tau_a, k->pairs, k->concordant, k->discordant, k->ties_a, k->ties_b);
	for (size_t p = 0; !rc && p < k->n_swapped; p++)
		rc = xlqa_buf_addf(out, "swapped: %s %s\n", runs[k->swapped[2 * p]], runs[k->swapped[2 * p + 1]]);
	return rc;
}

static int compare_json(const char *measure, const char *label_a, const char *label_b, const char *const *runs,
                        const double *a, const double *b, size_t n, const struct xlqa_kendall *k, struct xlqa_buf *out)
{
	json_t *root = json_object(), *list = json_array(), *swapped = json_array();
	bool ok = root && list && swapped && put(root, "measure", json_string(measure)) &&
	          put(root, "a", json_string(label_a)) && put(root, "b", json_string(label_b));

	for (size_t i = 0; ok && i < n; i++) {
		json_t *r = json_object();

		ok = put(r, "run", json_string(runs[i])) && put(r, "a", json_number(a[i], false)) &&
		     put(r, "b", json_number(b[i], false)) && json_array_append_new(list, r) == 0;
		if (!ok)
			json_decref(r);
	}
	for (size_t p = 0; ok && p < k->n_swapped; p++)
		ok = json_array_append_new(swapped, json_pack("[ss]", runs[k->swapped[2 * p]], runs[k->swapped[2 * p + 1]])) ==
		     0;
	ok = ok && json_object_set(root, "runs", list) == 0 && put(root, "tau", json_number(k->tau, false)) &&
	     put(root, "tau_a", json_number(k->tau_a, false)) && put(root, "pairs", json_integer((json_int_t)k->pairs)) &&
	     put(root, "concordant", json_integer((json_int_t)k->concordant)) &&
	     put(root, "discordant", json_integer((json_int_t)k->discordant)) &&
	     put(root, "ties_a", json_integer((json_int_t)k->ties_a)) &&
	     put(root, "ties_b", json_integer((json_int_t)k->ties_b)) && json_object_set(root, "swapped", swapped) == 0;
	json_decref(list);
	json_decref(swapped);
	return append_json(root, ok, out);
}

int xlqa_eval_compare_report(const char *measure, const char *label_a, const char *label_b, const char *const *runs,
                             const double *a, const double *b, size_t n, const struct xlqa_kendall *k, bool text,
                             struct xlqa_buf *out, struct xlqa_error *err)
{
	size_t old = out->len;
	int rc = text ? compare_text(measure, label_a, label_b, runs, a, b, n, k, out)
	              : compare_json(measure, label_a, label_b, runs, a, b, n, k, out);

	if (rc) {
		xlqa_buf_setlen(out, old);
		return xlqa_error_set(err, rc, "cannot write the comparison: %s", xlqa_strerror(rc));
	}
	return XLQA_OK;
}
