/*
 * Unit tests of the response a run file writes (xlqa_answerer_respond, include/xlqa/answer.h): on a
 * small English index, with and without a model, the rules that decide the answer, its confidence
 * and NIL: the model's ranking orders the candidates, an answer calibration gives the confidence,
 * the NIL threshold turns a doubtful answer into NIL, and a NIL's confidence comes from the NIL
 * calibration or, without one, from the caller's nil_confidence.
 */
#include "config.h"

#include "index-fixture.h"
#include "suites.h"
#include "xlqa/xlqa.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[256];
static struct xlqa_index *idx;

static const char collection[] =
	"<DOC>\n<DOCNO>T-1</DOCNO>\n<DATE>19940311</DATE>\n<TEXT>\n"
	"The Centre Pompidou in Paris was designed by Renzo Piano and Richard Rogers. It opened in 1977.\n"
	"</TEXT>\n</DOC>\n"
	"<DOC>\n<DOCNO>T-2</DOCNO>\n<DATE>19940312</DATE>\n<TEXT>\n"
	"Renzo Piano also designed the Kansai airport in Osaka. The airport opened in 1994.\n"
	"</TEXT>\n</DOC>\n"
	"<DOC>\n<DOCNO>T-3</DOCNO>\n<DATE>19940313</DATE>\n<TEXT>\n"
	"The Eiffel Tower in Paris was designed by Gustave Eiffel and opened in 1889.\n"
	"</TEXT>\n</DOC>\n";

static void setup(void)
{
	static const char conf[] = "name = t\nlanguage = en\nfiles = c.sgml\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n"
	                           "date = DATE\n";

	index_fixture_open("/tmp/xlqa-respond-XXXXXX", tmpdir, sizeof tmpdir, collection, sizeof collection - 1, conf, &idx);
}

static void teardown(void)
{
	index_fixture_close(idx, tmpdir);
}

/*
 * A model over the answerer's features, fitted on random rows labelled by the first feature, so its
 * probabilities vary with the candidates; with ranking weights when `ranking`.
 */
static struct xlqa_model *random_model(bool ranking)
{
	enum { ROWS = 200, QUESTIONS = 20 };
	const char *names[XLQA_ANSWER_FEATURES];
	double *x = malloc(sizeof(double) * ROWS * XLQA_ANSWER_FEATURES);
	unsigned char y[ROWS];
	size_t question[ROWS];
	struct xlqa_model *m = NULL;
	struct xlqa_error err;
	uint64_t rng = 42;

	ck_assert_ptr_nonnull(x);
	for (size_t k = 0; k < XLQA_ANSWER_FEATURES; k++)
		names[k] = xlqa_answer_feature_name(k);
	for (size_t i = 0; i < ROWS; i++) {
		for (size_t k = 0; k < XLQA_ANSWER_FEATURES; k++)
			x[i * XLQA_ANSWER_FEATURES + k] = (double)(test_rng_next(&rng) % 1000) / 1000.0;
		y[i] = x[i * XLQA_ANSWER_FEATURES] + (double)(test_rng_next(&rng) % 100) / 400.0 > 0.6;
		question[i] = i % QUESTIONS;
	}
	ck_assert_msg(xlqa_model_fit(x, y, ROWS, XLQA_ANSWER_FEATURES, names, NULL, &m, &err) == XLQA_OK, "%s",
	              err.message);
	if (ranking)
		ck_assert_msg(xlqa_model_fit_ranking(m, x, y, question, ROWS, NULL, &err) == XLQA_OK, "%s", err.message);
	free(x);
	return m;
}

/* A calibration that gives every question sigmoid(bias): its inputs weigh nothing. */
static void constant_calibration(struct xlqa_model *m, bool nil, double bias)
{
	struct xlqa_model_answer_calibration c = { .bias = bias, .folds = 5, .questions = 10, .positives = 5 };
	struct xlqa_error err;

	ck_assert_int_eq(nil ? xlqa_model_set_nil_calibration(m, &c, &err) : xlqa_model_set_answer_calibration(m, &c, &err),
	                 XLQA_OK);
}

static double sigmoid(double z)
{
	return 1.0 / (1.0 + exp(-z));
}

struct responder {
	struct xlqa_answerer *answerer;
	struct xlqa_answer_set set;
	struct xlqa_response r;
};

static void respond(struct responder *rs, const struct xlqa_model *m, double nil_confidence, const char *question)
{
	struct xlqa_answerer_options opt = { .model = m, .nil_confidence = nil_confidence };
	struct xlqa_error err;

	ck_assert_msg(xlqa_answerer_new(idx, &opt, &rs->answerer, &err) == XLQA_OK, "%s", err.message);
	xlqa_answer_set_init(&rs->set);
	ck_assert_msg(xlqa_answerer_respond(rs->answerer, question, 'F', &rs->set, &rs->r, &err) == XLQA_OK, "%s",
	              err.message);
}

static void responder_close(struct responder *rs)
{
	xlqa_answer_set_release(&rs->set);
	xlqa_answerer_free(rs->answerer);
}

/* The response is NIL for `reason`, with `confidence`. */
static void assert_nil(const struct responder *rs, enum xlqa_nil_reason reason, double confidence)
{
	ck_assert_ptr_null(rs->r.answer);
	ck_assert_int_eq(rs->r.nil_reason, reason);
	ck_assert_str_eq(rs->r.text, "NIL");
	ck_assert_str_eq(rs->r.docno, "NIL");
	ck_assert_double_eq_tol(rs->r.confidence, confidence, 1e-12);
}

/* Without a model the heuristic's first candidate answers, its score the confidence. */
START_TEST(respond_without_model)
{
	struct responder rs;

	respond(&rs, NULL, 0.3, "Who designed the Centre Pompidou?");
	ck_assert_uint_gt(rs.set.n, 1);
	ck_assert_ptr_eq(rs.r.answer, &rs.set.candidates[0]);
	ck_assert_int_eq(rs.r.nil_reason, XLQA_NIL_NONE);
	ck_assert_str_eq(rs.r.text, rs.set.candidates[0].text);
	ck_assert_str_eq(rs.r.docno, xlqa_index_docno(idx, rs.set.candidates[0].doc));
	ck_assert_str_eq(rs.r.support, rs.set.candidates[0].support);
	ck_assert_double_eq(rs.r.confidence, fmin(1, fmax(0, rs.set.candidates[0].score)));
	responder_close(&rs);
}
END_TEST

/* A question no document answers has no candidate: NIL, with the caller's NIL confidence. */
START_TEST(respond_no_candidate)
{
	struct xlqa_model *m = random_model(false);
	struct responder rs;

	respond(&rs, m, 0.37, "Zygomorphic xylophones quench?");
	ck_assert_uint_eq(rs.set.n, 0);
	assert_nil(&rs, XLQA_NIL_NO_CANDIDATE, 0.37);
	responder_close(&rs);
	xlqa_model_free(m);
}
END_TEST

/*
 * With a ranking model the candidates are reordered by its rank score, their scores become its
 * probabilities, and without an answer calibration the answer's confidence is its probability.
 */
START_TEST(respond_model_ranks)
{
	struct xlqa_model *m = random_model(true);
	struct responder rs;

	respond(&rs, m, 0, "Who designed the Centre Pompidou?");
	ck_assert_uint_gt(rs.set.n, 1);
	for (size_t i = 1; i < rs.set.n; i++)
		ck_assert(xlqa_model_rank_score(m, rs.set.candidates[i - 1].features) >=
		          xlqa_model_rank_score(m, rs.set.candidates[i].features));
	for (size_t i = 0; i < rs.set.n; i++)
		ck_assert_double_eq(rs.set.candidates[i].score, xlqa_model_predict(m, rs.set.candidates[i].features));
	ck_assert_ptr_eq(rs.r.answer, &rs.set.candidates[0]);
	ck_assert_double_eq(rs.r.confidence, xlqa_model_predict(m, rs.set.candidates[0].features));
	responder_close(&rs);
	xlqa_model_free(m);
}
END_TEST

/* With an answer calibration, the answer's confidence is the calibrated one, not the probability. */
START_TEST(respond_calibrated_confidence)
{
	struct xlqa_model *m = random_model(true);
	struct responder rs;

	constant_calibration(m, false, 0.8);
	respond(&rs, m, 0, "Who designed the Centre Pompidou?");
	ck_assert_int_eq(rs.r.nil_reason, XLQA_NIL_NONE);
	ck_assert_double_eq_tol(rs.r.confidence, sigmoid(0.8), 1e-12);
	responder_close(&rs);
	xlqa_model_free(m);
}
END_TEST

/*
 * Below the NIL threshold the response is NIL: its confidence is the caller's without a NIL
 * calibration, the NIL calibration's with one; at the threshold itself the answer stands.
 */
START_TEST(respond_threshold)
{
	struct xlqa_model *m = random_model(true);
	struct responder rs;

	constant_calibration(m, false, 0.0); /* every answer's confidence 0.5 */
	xlqa_model_set_nil_threshold(m, 0.6);
	respond(&rs, m, 0.25, "Who designed the Centre Pompidou?");
	ck_assert_uint_gt(rs.set.n, 0);
	assert_nil(&rs, XLQA_NIL_THRESHOLD, 0.25);
	responder_close(&rs);

	constant_calibration(m, true, -1.5);
	respond(&rs, m, 0.25, "Who designed the Centre Pompidou?");
	assert_nil(&rs, XLQA_NIL_THRESHOLD, sigmoid(-1.5));
	responder_close(&rs);

	xlqa_model_set_nil_threshold(m, 0.5);
	respond(&rs, m, 0.25, "Who designed the Centre Pompidou?");
	ck_assert_int_eq(rs.r.nil_reason, XLQA_NIL_NONE);
	ck_assert_double_eq_tol(rs.r.confidence, 0.5, 1e-12);
	responder_close(&rs);
	xlqa_model_free(m);
}
END_TEST

/* The rule is the model's: a table's best confidence (calibrate) equals the response's (run). */
START_TEST(respond_agrees_with_decide)
{
	struct xlqa_model *m = random_model(true);
	struct xlqa_model_decision dec;
	struct responder rs;
	const double *rows[128];

	constant_calibration(m, true, 0.3);
	xlqa_model_set_nil_threshold(m, 0.2);
	respond(&rs, m, 0, "When did the Kansai airport open?");
	ck_assert_uint_gt(rs.set.n, 0);
	ck_assert_uint_le(rs.set.n, 128);
	for (size_t i = 0; i < rs.set.n; i++)
		rows[rs.set.n - 1 - i] = rs.set.candidates[i].features; /* reversed: the rule must not care */
	xlqa_model_decide(m, rows, rs.set.n, &dec);
	ck_assert_ptr_eq(rows[dec.best], rs.set.candidates[0].features);
	ck_assert_int_eq(dec.below_threshold, rs.r.answer == NULL);
	ck_assert_double_eq(rs.r.answer ? rs.r.confidence : dec.nil, rs.r.answer ? dec.confidence : rs.r.confidence);
	responder_close(&rs);
	xlqa_model_free(m);
}
END_TEST

/* A model with other features than the answerer's is refused when the answerer opens. */
START_TEST(respond_refuses_other_model)
{
	static const char *const names[] = { "a", "b" };
	static const double x[] = { 0, 1, 1, 0, 0.5, 0.2, 0.9, 0.4 };
	static const unsigned char y[] = { 0, 1, 0, 1 };
	struct xlqa_answerer_options opt = { .model = NULL };
	struct xlqa_answerer *a = NULL;
	struct xlqa_model *m;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_model_fit(x, y, 4, 2, names, NULL, &m, &err), XLQA_OK);
	opt.model = m;
	ck_assert_int_eq(xlqa_answerer_new(idx, &opt, &a, &err), XLQA_EINVAL);
	ck_assert_ptr_null(a);
	ck_assert_ptr_nonnull(strstr(err.message, "the model has 2 features"));
	xlqa_model_free(m);
}
END_TEST

/*
 * The answerer ranks only the documents it searches for passages (20): of 30 that match, the answer
 * set holds 20 hits, best first, and every passage and candidate comes from one of them.
 */
START_TEST(respond_ranks_passage_documents)
{
	static const char conf[] = "name = t\nlanguage = en\nfiles = c.sgml\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n";
	struct xlqa_answerer_options opt = { .model = NULL };
	struct xlqa_answerer *a = NULL;
	struct xlqa_answer_set set;
	struct xlqa_response r;
	struct xlqa_index *many;
	struct xlqa_error err;
	char dir[256], *text = NULL;
	size_t len = 0, cap = 0;

	for (int i = 0; i < 30; i++) {
		char doc[256];
		int n = snprintf(doc, sizeof doc,
		                 "<DOC>\n<DOCNO>M-%02d</DOCNO>\n<TEXT>\nThe harbour of town %d was built by Mason %c%s.\n</TEXT>\n</DOC>\n",
		                 i, i, 'A' + i % 26, i % 3 ? "" : " and the harbour master");

		ck_assert_int_lt(n, (int)sizeof doc);
		if (len + (size_t)n + 1 > cap)
			ck_assert_ptr_nonnull(text = realloc(text, cap = 2 * (len + (size_t)n + 1)));
		memcpy(text + len, doc, (size_t)n + 1);
		len += (size_t)n;
	}
	index_fixture_open("/tmp/xlqa-respond-many-XXXXXX", dir, sizeof dir, text, len, conf, &many);
	free(text);
	ck_assert_msg(xlqa_answerer_new(many, &opt, &a, &err) == XLQA_OK, "%s", err.message);
	xlqa_answer_set_init(&set);
	ck_assert_msg(xlqa_answerer_respond(a, "Who built the harbour?", 'F', &set, &r, &err) == XLQA_OK, "%s",
	              err.message);
	ck_assert_uint_eq(set.results.n_hits, 20);
	for (size_t i = 1; i < set.results.n_hits; i++)
		ck_assert(set.results.hits[i - 1].score >= set.results.hits[i].score);
	ck_assert_uint_gt(set.results.n_passages, 0);
	for (size_t i = 0; i < set.results.n_passages; i++) {
		size_t k = 0;

		while (k < set.results.n_hits && set.results.hits[k].doc != set.results.passages[i].doc)
			k++;
		ck_assert_uint_lt(k, set.results.n_hits);
	}
	ck_assert_uint_gt(set.n, 0);
	for (size_t i = 0; i < set.n; i++) {
		size_t k = 0;

		while (k < set.results.n_hits && set.results.hits[k].doc != set.candidates[i].doc)
			k++;
		ck_assert_uint_lt(k, set.results.n_hits);
	}
	xlqa_answer_set_release(&set);
	xlqa_answerer_free(a);
	index_fixture_close(many, dir);
}
END_TEST

START_TEST(nil_reason_names)
{
	ck_assert_str_eq(xlqa_nil_reason_name(XLQA_NIL_NONE), "answer");
	ck_assert_str_eq(xlqa_nil_reason_name(XLQA_NIL_THRESHOLD), "threshold");
	ck_assert_str_eq(xlqa_nil_reason_name(XLQA_NIL_REASONS), "?");
}
END_TEST

Suite *respond_suite(void)
{
	Suite *s = suite_create("respond");
	TCase *tc = tcase_create("respond");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, respond_without_model);
	tcase_add_test(tc, respond_no_candidate);
	tcase_add_test(tc, respond_model_ranks);
	tcase_add_test(tc, respond_calibrated_confidence);
	tcase_add_test(tc, respond_threshold);
	tcase_add_test(tc, respond_agrees_with_decide);
	tcase_add_test(tc, respond_refuses_other_model);
	tcase_add_test(tc, respond_ranks_passage_documents);
	tcase_add_test(tc, nil_reason_names);
	suite_add_tcase(s, tc);
	return s;
}
