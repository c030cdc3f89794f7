/*
 * trec-report: the reports of scored TREC runs (include/xlqa/trec.h), as xlqa_eval_report_with is
 * CLEF's: a ranked run's measures from the xlqa_trec_measure registry, a series run's from the series
 * measure registry here, each as a text table, TSV lines or one JSON object.
 */
#include "config.h"

#include "xlqa/eval.h"
#include "xlqa/trec.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the series measures ------------------------------------------------------------------------- */

static double get_factoid(const struct xlqa_trec_series_result *r) { return r->factoid_accuracy; }
static double get_list(const struct xlqa_trec_series_result *r) { return r->list_f; }
static double get_other(const struct xlqa_trec_series_result *r) { return r->other_f; }
static double get_score(const struct xlqa_trec_series_result *r) { return r->score; }

static const struct xlqa_trec_series_measure series_measures[] = {
	{ "factoid_accuracy", "right factoids / factoid questions", get_factoid },
	{ "list_f", "mean over list questions of F(1) of instance precision and recall", get_list },
	{ "other_f", "mean over Other questions of nugget F(3) with the length allowance", get_other },
	{ "score", "mean over series of the mean of their scored components (TREC 2007)", get_score },
};
#define N_SERIES_MEASURES (sizeof series_measures / sizeof series_measures[0])

size_t xlqa_trec_series_measure_count(void)
{
	return N_SERIES_MEASURES;
}

const struct xlqa_trec_series_measure *xlqa_trec_series_measure_at(size_t i)
{
	return i < N_SERIES_MEASURES ? &series_measures[i] : NULL;
}

const struct xlqa_trec_series_measure *xlqa_trec_series_measure_find(const char *name)
{
	for (size_t i = 0; i < N_SERIES_MEASURES; i++)
		if (strcmp(series_measures[i].name, name) == 0)
			return &series_measures[i];
	return NULL;
}

/* ---- ranked runs --------------------------------------------------------------------------------- */

static json_t *json_value(double v, bool is_count)
{
	return isnan(v) ? json_null() : is_count ? json_integer((json_int_t)v) : json_real(v);
}

/* One ranked run's report; XLQA_ENOMEM. */
static int ranked_report(const struct xlqa_trec_report_options *o, const char *path, const struct xlqa_trec_run *run,
                         const struct xlqa_trec_rr *rr, size_t n, const struct xlqa_trec_measure *const *ms, size_t n_ms,
                         struct xlqa_buf *out)
{
	bool first = o->first;

	int rc = XLQA_OK;

	if (o->format == XLQA_REPORT_JSON) {
		json_t *root = json_pack("{s:s, s:s, s:I}", "run", path, "tag", run->tag, "questions", (json_int_t)n), *qs;
		char *text;

		for (size_t m = 0; root && m < n_ms; m++)
			json_object_set_new(root, ms[m]->name, json_value(xlqa_trec_measure_value(ms[m], rr, n), ms[m]->is_count));
		if (root && o->per_question && (qs = json_array())) {
			for (size_t i = 0; i < n; i++) {
				json_t *q = json_pack("{s:s, s:I, s:I, s:I}", "qid", rr[i].qid, "responses", (json_int_t)rr[i].responses,
				                      "rank_strict", (json_int_t)rr[i].strict, "rank_lenient", (json_int_t)rr[i].lenient);

				for (size_t m = 0; q && m < n_ms; m++)
					json_object_set_new(q, ms[m]->name, json_value(ms[m]->question(&rr[i]), ms[m]->is_count));
				json_array_append_new(qs, q);
			}
			json_object_set_new(root, "per_question", qs);
		}
		text = root ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6)) : NULL;
		json_decref(root);
		rc = text ? xlqa_buf_addstr(out, text) : XLQA_ENOMEM;
		free(text);
		return rc;
	}
	if (o->format == XLQA_REPORT_TSV) {
		if (first)
			rc = xlqa_buf_addstr(out, "run\tquestion\tmeasure\tvalue\n");
		for (size_t i = 0; !rc && o->per_question && i < n; i++) {
			rc = xlqa_buf_addf(out, "%s\t%s\tresponses\t%zu\n%s\t%s\trank_strict\t%u\n%s\t%s\trank_lenient\t%u\n", path,
			                   rr[i].qid, rr[i].responses, path, rr[i].qid, rr[i].strict, path, rr[i].qid, rr[i].lenient);
			for (size_t m = 0; !rc && m < n_ms; m++)
				rc = xlqa_buf_addf(out, ms[m]->is_count ? "%s\t%s\t%s\t%.0f\n" : "%s\t%s\t%s\t%.6f\n", path, rr[i].qid,
				                   ms[m]->name, ms[m]->question(&rr[i]));
		}
		for (size_t m = 0; !rc && m < n_ms; m++)
			rc = xlqa_buf_addf(out, ms[m]->is_count ? "%s\tall\t%s\t%.0f\n" : "%s\tall\t%s\t%.6f\n", path, ms[m]->name,
			                   xlqa_trec_measure_value(ms[m], rr, n));
		return rc;
	}
	if (!first)
		rc = xlqa_buf_addch(out, '\n');
	if (!rc && o->per_question) {
		rc = xlqa_buf_addf(out, "%-12s %9s %11s %12s", "qid", "responses", "rank_strict", "rank_lenient");
		for (size_t m = 0; !rc && m < n_ms; m++)
			rc = xlqa_buf_addf(out, " %*s", (int)strlen(ms[m]->name) > 8 ? (int)strlen(ms[m]->name) : 8, ms[m]->name);
		for (size_t i = 0; !rc && i < n; i++) {
			rc = xlqa_buf_addf(out, "\n%-12s %9zu %11u %12u", rr[i].qid, rr[i].responses, rr[i].strict, rr[i].lenient);
			for (size_t m = 0; !rc && m < n_ms; m++)
				rc = xlqa_buf_addf(out, ms[m]->is_count ? " %*.0f" : " %*.4f",
				                   (int)strlen(ms[m]->name) > 8 ? (int)strlen(ms[m]->name) : 8, ms[m]->question(&rr[i]));
		}
		if (!rc)
			rc = xlqa_buf_addstr(out, "\n\n");
	}
	if (!rc)
		rc = xlqa_buf_addf(out, "%-20s%s\n%-20s%s\n%-20s%zu\n", "run", path, "tag", run->tag, "questions", n);
	for (size_t m = 0; !rc && m < n_ms; m++)
		rc = xlqa_buf_addf(out, ms[m]->is_count ? "%-20s%.0f\n" : "%-20s%.4f\n", ms[m]->name,
		                   xlqa_trec_measure_value(ms[m], rr, n));
	return rc;
}

/* ---- series runs --------------------------------------------------------------------------------- */

/* A score, or JSON null when the component was not scored (-1). */
static json_t *json_score(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

static int series_json(const char *path, const struct xlqa_trec_run *run, const struct xlqa_trec_series_result *r,
                       const struct xlqa_trec_series_measure *const *ms, size_t n_ms, struct xlqa_buf *out)
{
	json_t *root = json_object(), *series = json_array(), *questions = json_array();
	char *text;
	int rc;

	if (!root || !series || !questions) {
		json_decref(root);
		json_decref(series);
		json_decref(questions);
		return XLQA_ENOMEM;
	}
	json_object_set_new(root, "run", json_string(path));
	json_object_set_new(root, "tag", json_string(run->tag));
	json_object_set_new(root, "targets", json_integer((json_int_t)r->n_targets));
	for (size_t m = 0; m < n_ms; m++)
		json_object_set_new(root, ms[m]->name, json_score(ms[m]->value(r)));
	for (size_t t = 0; t < r->n_targets; t++) {
		const struct xlqa_trec_target_score *ts = &r->targets[t];

		json_array_append_new(series, json_pack("{s:s, s:o, s:o, s:o, s:f}", "target", ts->target->id, "factoid",
		                                        json_score(ts->factoid), "list", json_score(ts->list), "other",
		                                        json_score(ts->other), "combined", ts->combined));
	}
	for (size_t i = 0; i < r->n_questions; i++) {
		const struct xlqa_trec_question_score *q = &r->questions[i];

		json_array_append_new(questions,
		                      json_pack("{s:s, s:s, s:I, s:I, s:I, s:f, s:f, s:f}", "qid", q->question->qid, "type",
		                                xlqa_trec_qtype_name(q->question->type), "returned", (json_int_t)q->returned,
		                                "distinct", (json_int_t)q->distinct, "key_size", (json_int_t)q->key_size,
		                                "precision", q->precision, "recall", q->recall, "f", q->f));
	}
	json_object_set_new(root, "series", series);
	json_object_set_new(root, "questions", questions);
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
	json_decref(root);
	rc = text ? xlqa_buf_addstr(out, text) : XLQA_ENOMEM;
	free(text);
	return rc;
}

static int add_component(struct xlqa_buf *out, double v)
{
	return v < 0 ? xlqa_buf_addf(out, " %8s", "-") : xlqa_buf_addf(out, " %8.4f", v);
}

/* Per question: type, lines, instances returned, distinct, key size, precision, recall, F. */
static int series_questions_text(const struct xlqa_trec_series_result *r, struct xlqa_buf *out)
{
	int rc = xlqa_buf_addf(out, "%-10s %-7s %9s %8s %8s %8s %9s %8s %8s\n", "qid", "type", "responses", "returned",
	                       "distinct", "key_size", "precision", "recall", "f");

	for (size_t i = 0; !rc && i < r->n_questions; i++) {
		const struct xlqa_trec_question_score *q = &r->questions[i];

		rc = xlqa_buf_addf(out, "%-10s %-7s %9zu %8zu %8zu %8zu %9.4f %8.4f %8.4f\n", q->question->qid,
		                   xlqa_trec_qtype_name(q->question->type), q->responses, q->returned, q->distinct, q->key_size,
		                   q->precision, q->recall, q->f);
	}
	return rc ? rc : xlqa_buf_addch(out, '\n');
}

static int series_text(const struct xlqa_trec_report_options *o, const char *path, const struct xlqa_trec_run *run,
                       const struct xlqa_trec_series_result *r, const struct xlqa_trec_series_measure *const *ms,
                       size_t n_ms, struct xlqa_buf *out)
{
	int rc = o->first ? XLQA_OK : xlqa_buf_addch(out, '\n');

	if (!rc && o->per_question)
		rc = series_questions_text(r, out);
	if (!rc)
		rc = xlqa_buf_addf(out, "%-10s %8s %8s %8s %8s\n", "series", "factoid", "list", "other", "combined");
	for (size_t t = 0; !rc && t < r->n_targets; t++) {
		rc = xlqa_buf_addf(out, "%-10s", r->targets[t].target->id);
		if (!rc)
			rc = add_component(out, r->targets[t].factoid);
		if (!rc)
			rc = add_component(out, r->targets[t].list);
		if (!rc)
			rc = add_component(out, r->targets[t].other);
		if (!rc)
			rc = xlqa_buf_addf(out, " %8.4f\n", r->targets[t].combined);
	}
	if (!rc)
		rc = xlqa_buf_addf(out, "\nrun                %s\ntag                %s\n", path, run->tag);
	for (size_t m = 0; !rc && m < n_ms; m++) {
		double v = ms[m]->value(r);

		rc = v < 0 ? xlqa_buf_addf(out, "%-18s -\n", ms[m]->name) : xlqa_buf_addf(out, "%-18s %.4f\n", ms[m]->name, v);
	}
	return rc;
}

static int series_tsv(const struct xlqa_trec_report_options *o, const char *path, const struct xlqa_trec_series_result *r,
                      const struct xlqa_trec_series_measure *const *ms, size_t n_ms, struct xlqa_buf *out)
{
	int rc = o->first ? xlqa_buf_addstr(out, "run\tquestion\tmeasure\tvalue\n") : XLQA_OK;

	for (size_t i = 0; !rc && o->per_question && i < r->n_questions; i++) {
		const struct xlqa_trec_question_score *q = &r->questions[i];
		const char *id = q->question->qid;

		rc = xlqa_buf_addf(out,
		                   "%s\t%s\ttype\t%s\n%s\t%s\tresponses\t%zu\n%s\t%s\treturned\t%zu\n%s\t%s\tdistinct\t%zu\n"
		                   "%s\t%s\tkey_size\t%zu\n%s\t%s\tprecision\t%.6f\n%s\t%s\trecall\t%.6f\n%s\t%s\tf\t%.6f\n",
		                   path, id, xlqa_trec_qtype_name(q->question->type), path, id, q->responses, path, id,
		                   q->returned, path, id, q->distinct, path, id, q->key_size, path, id, q->precision, path, id,
		                   q->recall, path, id, q->f);
	}
	for (size_t t = 0; !rc && o->per_question && t < r->n_targets; t++)
		rc = xlqa_buf_addf(out, "%s\tseries:%s\tcombined\t%.6f\n", path, r->targets[t].target->id, r->targets[t].combined);
	for (size_t m = 0; !rc && m < n_ms; m++) {
		double v = ms[m]->value(r);

		rc = v < 0 ? xlqa_buf_addf(out, "%s\tall\t%s\t-\n", path, ms[m]->name)
		           : xlqa_buf_addf(out, "%s\tall\t%s\t%.6f\n", path, ms[m]->name, v);
	}
	return rc;
}


int xlqa_trec_ranked_report(const struct xlqa_trec_report_options *o, const char *run_name,
                            const struct xlqa_trec_run *run, const struct xlqa_trec_rr *rr, size_t n,
                            const struct xlqa_trec_measure *const *ms, size_t n_ms, struct xlqa_buf *out,
                            struct xlqa_error *err)
{
	if (ranked_report(o, run_name, run, rr, n, ms, n_ms, out))
		return xlqa_error_status(err, XLQA_ENOMEM, "the report of '%s'", run_name);
	return XLQA_OK;
}

int xlqa_trec_series_report(const struct xlqa_trec_report_options *o, const char *run_name,
                            const struct xlqa_trec_run *run, const struct xlqa_trec_series_result *r,
                            const struct xlqa_trec_series_measure *const *ms, size_t n_ms, struct xlqa_buf *out,
                            struct xlqa_error *err)
{
	int rc = o->format == XLQA_REPORT_JSON  ? series_json(run_name, run, r, ms, n_ms, out)
	         : o->format == XLQA_REPORT_TSV ? series_tsv(o, run_name, r, ms, n_ms, out)
	                                        : series_text(o, run_name, run, r, ms, n_ms, out);

	return rc ? xlqa_error_status(err, XLQA_ENOMEM, "the report of '%s'", run_name) : XLQA_OK;
}
