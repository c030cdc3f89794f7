/*
 * respond: from an answered set to the response a run file writes (include/xlqa/answer.h): the
 * model's ranking, the calibrated confidence, the NIL threshold and the NIL confidence. The rule
 * itself (which row answers, with what confidence, whether it is NIL) is the model's
 * xlqa_model_decide, which `calibrate` applies to feature tables too, so a fitted threshold means
 * the same thing in both.
 *
 * Invariant: a response's confidence is in [0, 1], and a NIL response has answer NULL and
 * text and docno "NIL".
 */
#include "config.h"

#include "xlqa/answer.h"

#include <math.h>
#include <stdlib.h>

static const char *const nil_reasons[XLQA_NIL_REASONS] = {
	[XLQA_NIL_NONE] = "answer",
	[XLQA_NIL_NO_CANDIDATE] = "no-candidate",
	[XLQA_NIL_THRESHOLD] = "threshold",
	[XLQA_NIL_ERROR] = "error",
};

const char *xlqa_nil_reason_name(enum xlqa_nil_reason r)
{
	return (unsigned)r < XLQA_NIL_REASONS ? nil_reasons[r] : "?";
}

static void respond_nil(struct xlqa_response *out, double confidence, enum xlqa_nil_reason reason)
{
	*out = (struct xlqa_response){ NULL, "NIL", "NIL", NULL, fmin(1, fmax(0, confidence)), reason };
}

/* Orders the candidates by the model's rank score and gives them its probabilities as scores. */
static void rescore(const struct xlqa_model *model, struct xlqa_answer_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		set->candidates[i].score = xlqa_model_rank_score(model, set->candidates[i].features);
	xlqa_answer_set_sort(set);
	for (size_t i = 0; i < set->n; i++)
		set->candidates[i].score = xlqa_model_predict(model, set->candidates[i].features);
}

int xlqa_answer_respond(const struct xlqa_index *idx, const struct xlqa_model *model, double nil_confidence,
                        struct xlqa_answer_set *set, struct xlqa_response *out, struct xlqa_error *err)
{
	const struct xlqa_candidate *c;
	double p;

	respond_nil(out, nil_confidence, XLQA_NIL_NO_CANDIDATE);
	if (!set->n)
		return XLQA_OK;
	c = &set->candidates[0];
	p = c->score;
	if (model) {
		struct xlqa_model_decision dec;
		const double **rows;

		rescore(model, set);
		if (!(rows = malloc(set->n * sizeof *rows)))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		for (size_t i = 0; i < set->n; i++)
			rows[i] = set->candidates[i].features;
		/* sorted by rank score, so the rank-best (ties: the first) is candidates[0], the answer */
		xlqa_model_decide(model, rows, set->n, &dec);
		free(rows);
		p = dec.confidence;
		if (dec.below_threshold) {
			respond_nil(out, isnan(dec.nil) ? nil_confidence : dec.nil, XLQA_NIL_THRESHOLD);
			return XLQA_OK;
		}
	}
	*out = (struct xlqa_response){ c, c->text, xlqa_index_docno(idx, c->doc), c->support, fmin(1, fmax(0, p)),
		                       XLQA_NIL_NONE };
	return XLQA_OK;
}
