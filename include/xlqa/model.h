/*
 * model: the answer-ranking and confidence model. A logistic regression over named candidate
 * features gives P(right | features), the probability that a candidate answer is right; a NIL
 * threshold, fitted for NIL F1, says when the best candidate of a question is too unlikely and the
 * answer should be NIL. Features are standardised (mean and population standard deviation of the
 * training rows, stored in the model) so one L2 penalty treats them alike; the fit is Newton's
 * method (iteratively reweighted least squares; Hastie, Tibshirani and Friedman, "The Elements of
 * Statistical Learning", 2nd ed., section 4.4.1) with step halving, so it is deterministic and needs
 * no learning rate. Optional parts: a listwise ranking that orders a question's candidates, and an
 * answer calibration that turns the chosen candidate's standing among them into the answer's
 * confidence (below). Models are JSON files; feature tables for fitting are TSV files (below).
 *
 * Invariant: a model's means, weights and bias are finite, its standard deviations finite and
 * positive, its feature names non-empty and distinct, its NIL threshold in [0, 1] or just above 1
 * (the next double: "always NIL"), and an answer calibration's bias and weights finite, its folds
 * >= 2; xlqa_model_read refuses a file that breaks any of these.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_model_free(); caller-declared structs
 * released by xlqa_model_data_release().
 */
#ifndef XLQA_MODEL_H
#define XLQA_MODEL_H

#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A fitted model: opaque; from xlqa_model_fit or xlqa_model_read, freed with xlqa_model_free. */
struct xlqa_model;

struct xlqa_model_fit_options {
	/*
	 * L2 penalty: the fit minimises the summed log-loss of the rows plus (l2 / 2) * sum of the squared
	 * standardised weights (the bias is not penalised). 0 means no penalty (the plain maximum
	 * likelihood estimate, which does not exist for separable data: the weights then grow until
	 * max_iter). Must be finite and >= 0. `xlqa calibrate fit` uses 1e-2 unless told otherwise.
	 */
	double l2;
	/*
	 * The listwise ranking's L2 penalty (xlqa_model_fit_ranking) on the same weights; 0 means l2. Its
	 * loss is summed over questions, a hundredfold fewer terms than the rows, so it wants a stronger
	 * penalty: `xlqa calibrate fit` uses 20 unless told otherwise (doc/answering.md says how that was
	 * chosen). Must be finite and >= 0.
	 */
	double rank_l2;
	size_t max_iter;  /* Newton iterations at most; 100 when 0 */
	double tolerance; /* converged when no parameter moves by more than this; 1e-8 when 0 */
	/*
	 * The learner of xlqa_model_fit_ranking (below): XLQA_MODEL_LEARNER_LOGISTIC (0, the listwise
	 * linear ranking) or XLQA_MODEL_LEARNER_GBT (gradient-boosted trees, with `gbt`'s parameters).
	 */
	int learner;
	struct xlqa_model_gbt_options {
		const char *objective;   /* "rank:pairwise" or "rank:ndcg"; NULL: "rank:pairwise" */
		size_t rounds;           /* boosting rounds (trees); 0: 100 */
		size_t max_depth;        /* depth of a tree at most; 0: 4 */
		double eta;              /* learning rate in (0, 1]; 0: 0.1 */
		double min_child_weight; /* hessian a leaf must hold at least; 0 means 0 only when set with
		                            min_child_weight_set, else 1 */
		bool min_child_weight_set;
		double lambda;           /* L2 penalty on the leaf values; 0 means 0 only when set with
		                            lambda_set, else 1 */
		bool lambda_set;
		double subsample;        /* share of the rows each tree sees, in (0, 1]; 0: 1 (no sampling) */
		unsigned seed;           /* XGBoost's seed; the fit is deterministic for a given seed */
	} gbt;
};

/*
 * Learners of the ranking, a registry: the name `xlqa calibrate fit --learner` takes and the model
 * file records, and its value for xlqa_model_fit_options.learner.
 */
enum { XLQA_MODEL_LEARNER_LOGISTIC = 0, XLQA_MODEL_LEARNER_GBT = 1, XLQA_MODEL_LEARNERS = 2 };
/* The name of learner `l` ("logistic", "gbt"), or NULL for a value that is none. */
const char *xlqa_model_learner_name(int l);
/* The learner named `name` into *out; XLQA_ENOTFOUND (naming the learners there are) when none is. */
int xlqa_model_learner_from_name(const char *name, int *out, struct xlqa_error *err);

/* What a fit saw and did, kept in the model and its file. */
struct xlqa_model_summary {
	size_t n;          /* training rows (candidates) */
	size_t positives;  /* of which right */
	double l2;         /* the penalty used */
	size_t iterations; /* Newton steps taken */
	bool converged;    /* the last step moved no parameter by more than the tolerance */
	double log_loss;   /* mean negative log-likelihood of the training rows, natural log */
};

/*
 * Fits P(right | x) = sigmoid(w . z + b), z the features standardised by their training mean and
 * population standard deviation (a constant feature gets sd 1 and weight 0). `x` is n rows of d
 * features, row-major; y[i] is 1 for a right candidate, 0 for a wrong one; feature_names[d] are
 * copied. `opt` may be NULL (all defaults: no penalty). Deterministic: the same input gives the same
 * bits. On success *out is a new model (xlqa_model_free it) with NIL threshold 0 (NIL only when
 * there is no candidate). Errors: XLQA_EINVAL for n or d of 0, labels all equal ("all 12 candidates
 * are wrong"), a label other than 0 or 1, a feature value that is not finite (row and feature
 * named), an empty or repeated feature name, a bad option; XLQA_ENOMEM.
 */
int xlqa_model_fit(const double *x, const unsigned char *y, size_t n, size_t d, const char *const *feature_names,
                   const struct xlqa_model_fit_options *opt, struct xlqa_model **out, struct xlqa_error *err);
/* Frees a model; NULL is a no-op. */
void xlqa_model_free(struct xlqa_model *m);
/* The number of features a row must have. */
size_t xlqa_model_dim(const struct xlqa_model *m);
/* The name of feature i (< dim), owned by the model. */
const char *xlqa_model_feature(const struct xlqa_model *m, size_t i);
/* The weight of feature i on the standardised scale (per standard deviation of the feature). */
double xlqa_model_weight(const struct xlqa_model *m, size_t i);
/* The bias on the standardised scale (the log-odds of a candidate whose features are at their means). */
double xlqa_model_bias(const struct xlqa_model *m);
/* The weight of feature i per unit of the raw feature (weight / sd). */
double xlqa_model_raw_weight(const struct xlqa_model *m, size_t i);
/* The bias on the raw scale: the log-odds of a candidate whose features are all 0. */
double xlqa_model_raw_bias(const struct xlqa_model *m);
/* The training mean and standard deviation of feature i. */
double xlqa_model_mean(const struct xlqa_model *m, size_t i);
double xlqa_model_sd(const struct xlqa_model *m, size_t i);
/* The fit's summary (for a model read from a file, what the file says; zeros when it says nothing). */
const struct xlqa_model_summary *xlqa_model_summary(const struct xlqa_model *m);

/* Probability in [0,1] for one row of xlqa_model_dim() features. A NaN feature gives NaN. */
double xlqa_model_predict(const struct xlqa_model *m, const double *x);

/*
 * Listwise ranking (optional). A conditional logit over each question's candidates (McFadden,
 * "Conditional logit analysis of qualitative choice behavior", 1974): P(c | q) = e^{v . z_c} /
 * sum_{c' of q} e^{v . z_c'}, z standardised as for the probability model (no bias: it cancels). The
 * fit minimises  sum_q [log sum_{c of q} e^{v . z_c} - log sum_{c right} e^{v . z_c}] + (l2 / 2)|v|^2,
 * the negative log of the mass the softmax puts on a question's right candidates, over the questions
 * with both a right and a wrong candidate (the others carry no ranking information); Newton steps
 * with the softmax covariance as curvature (the Hessian when a question has one right candidate, a
 * positive definite majorant of it otherwise) and step halving, so the loss never rises and the fit is
 * deterministic. The ranking orders candidates; the probability model still gives the confidence.
 */
struct xlqa_model_ranking_summary {
	size_t questions;  /* questions with a right and a wrong candidate, the ones fitted */
	size_t rows;       /* their candidates */
	double l2;         /* the penalty used */
	size_t iterations; /* Newton steps taken */
	bool converged;
	double log_loss;   /* mean over those questions of -log(softmax mass on the right candidates) */
};
/*
 * Fits the ranking weights of `m` (replacing any) on n rows of xlqa_model_dim(m) features (row-major,
 * standardised by m's means and sds), labels y (0 or 1) and question[i], the index of row i's question
 * (any values < n; a question's rows need not be adjacent). `opt` as for xlqa_model_fit (NULL: no
 * penalty). With opt->learner XLQA_MODEL_LEARNER_GBT it fits gradient-boosted trees instead
 * (opt->gbt, below), replacing any linear ranking weights, and the summary's log_loss is the same
 * listwise loss of the trees' scores, l2 their lambda and iterations their rounds. Errors: XLQA_EINVAL
 * for no rows, a bad label, question index, learner or option, a feature that is not finite, no
 * question with both a right and a wrong row; XLQA_EOVERFLOW; XLQA_EEXTERNAL when XGBoost fails (its
 * message); XLQA_ENOMEM (m unchanged on error).
 */
int xlqa_model_fit_ranking(struct xlqa_model *m, const double *x, const unsigned char *y, const size_t *question,
                           size_t n, const struct xlqa_model_fit_options *opt, struct xlqa_error *err);
/* Whether `m` has a ranking, linear weights or trees (a fit or its file gave them). */
bool xlqa_model_has_ranking(const struct xlqa_model *m);
/*
 * Ranking weight i on the standardised scale (the probability model's weight when there is no
 * ranking; NaN when the ranking is trees).
 */
double xlqa_model_rank_weight(const struct xlqa_model *m, size_t i);
/* The ranking fit's summary (zeros without a ranking). */
const struct xlqa_model_ranking_summary *xlqa_model_ranking_summary(const struct xlqa_model *m);
/*
 * The score candidates of one question are ordered by, higher first: with trees their margin (the
 * boosted sum), with ranking weights v . z, the probability model's log-odds without (the same order
 * as xlqa_model_predict).
 */
double xlqa_model_rank_score(const struct xlqa_model *m, const double *x);

/*
 * Answer calibration (optional): the confidence of a question's answer, the candidate the rank
 * score puts first. The pointwise probability of that candidate is too low: the ranker picked it
 * from among its rivals, and a candidate that wins is right more often than a random candidate of
 * the same probability. So the confidence is a second, tiny logistic regression (Platt, "Probabilistic
 * outputs for support vector machines", 1999, fits the same kind of sigmoid over a score) over four
 * inputs of the question's candidates, XLQA_MODEL_ANSWER_INPUTS, in this order:
 *   top_logit    u1 = log(p / (1 - p)), p the rank-best candidate's probability clamped to
 *                [1e-6, 1 - 1e-6];
 *   top_softmax  u2 = e^{s_best} / sum_c e^{s_c}, the rank-softmax mass of the best candidate over
 *                the question's candidates (s the rank scores; computed from the largest score down,
 *                so it neither overflows nor underflows to 0/0);
 *   top_margin   u3 = s_best - s_second, 0 with one candidate;
 *   top_coverage u4 = the largest value among the candidates of the feature named "sentence_idf"
 *                (answer.h: the share of the query its sentence holds, each concept weighted by its
 *                weight times its idf), 0 when the model
 *                has none: when no sentence holds much of the question, the answer is seldom in
 *                the collection (on development set 2 it tells NIL questions from the others with
 *                an AUC of 0.83 to 0.92, the three-input confidence with 0.61 to 0.75);
 * confidence = sigmoid(bias + weights . u). Without ranking weights the rank score is the
 * probability's log-odds, so the inputs are defined for every model; `xlqa calibrate fit` fits a
 * calibration only with --ranking.
 */
enum { XLQA_MODEL_ANSWER_INPUTS = 4 };
/*
 * The name of input i (< XLQA_MODEL_ANSWER_INPUTS): "top_logit", "top_softmax", "top_margin",
 * "top_coverage". A model file from before top_coverage (three inputs) reads with its weight 0.
 */
const char *xlqa_model_answer_input_name(size_t i);
/*
 * The answer inputs of one question whose n_rows (> 0) candidates have the features rows[0..n_rows)
 * (xlqa_model_dim(m) each): *best gets the index of the rank-best row (the highest
 * xlqa_model_rank_score, ties: the first), inputs[XLQA_MODEL_ANSWER_INPUTS] the inputs above. The
 * one function both `calibrate` (over a table) and `run` (over an answer set) use. With no rows
 * *best is 0 and the inputs NaN.
 */
void xlqa_model_answer_inputs(const struct xlqa_model *m, const double *const *rows, size_t n_rows, size_t *best,
                              double *inputs);
/* A fitted answer calibration and what its fit saw (out-of-fold, see xlqa_model_data_fit_answer_calibration). */
struct xlqa_model_answer_calibration {
	double bias;
	double weights[XLQA_MODEL_ANSWER_INPUTS]; /* per unit of the raw inputs */
	size_t folds;     /* cross-fitting folds the inputs came from (>= 2) */
	size_t questions; /* questions with candidates fitted on */
	size_t positives; /* of which the best candidate is right */
	double l2;        /* the penalty of the fit (on standardised inputs) */
	double log_loss;  /* mean log-loss of the out-of-fold confidences, natural log */
	double ece;       /* their 10-bin expected calibration error (xlqa_calibration_compute) */
};
/* The model's answer calibration, owned by it, or NULL when it has none. */
const struct xlqa_model_answer_calibration *xlqa_model_answer_calibration(const struct xlqa_model *m);
/*
 * Sets (a copy of) `c` as the model's answer calibration, or removes it when `c` is NULL. Errors:
 * XLQA_EINVAL for a bias or weight that is not finite, folds < 2, more positives than questions, an
 * l2, log_loss or ece that is not a finite number >= 0 (m unchanged); XLQA_ENOMEM.
 */
int xlqa_model_set_answer_calibration(struct xlqa_model *m, const struct xlqa_model_answer_calibration *c,
                                      struct xlqa_error *err);
/*
 * The confidence of the answer whose inputs are `inputs`: sigmoid(bias + weights . inputs) with a
 * calibration, without one the pointwise probability sigmoid(u1) (clamped as u1 is).
 */
double xlqa_model_answer_confidence(const struct xlqa_model *m, const double *inputs);
/*
 * The NIL calibration: the confidence of a NIL answer, the probability that the question has no
 * answer in the collection, is a logistic regression over the same inputs of the question's
 * candidates, sigmoid(bias + weights . inputs), fitted with the answer calibration on the same
 * out-of-fold inputs with the label "the gold answer is NIL" (its `positives` count the gold-NIL
 * questions). A question answered NIL because its best answer is doubtful is not always one the
 * collection cannot answer: the lower that answer's confidence and the less of the question its
 * best sentence holds, the likelier NIL is right.
 * The model's NIL calibration, owned by it, or NULL when it has none.
 */
const struct xlqa_model_answer_calibration *xlqa_model_nil_calibration(const struct xlqa_model *m);
/* As xlqa_model_set_answer_calibration, for the NIL calibration. */
int xlqa_model_set_nil_calibration(struct xlqa_model *m, const struct xlqa_model_answer_calibration *c,
                                   struct xlqa_error *err);
/* The probability that NIL is right for the question whose inputs are `inputs`; NaN without a NIL calibration. */
double xlqa_model_nil_confidence(const struct xlqa_model *m, const double *inputs);

/*
 * NIL threshold: answer NIL when the best candidate's confidence is below it (its probability, or
 * with an answer calibration the calibrated confidence).
 */
double xlqa_model_nil_threshold(const struct xlqa_model *m);
void xlqa_model_set_nil_threshold(struct xlqa_model *m, double t);

/* ---- default models ------------------------------------------------------------------------ */

/* The name of the language-independent default model, for targets without a model of their own. */
#define XLQA_MODEL_ANY "any"
/* The folder of the default models: $XLQA_MODEL_DIR when set, else the installed one. Static. */
const char *xlqa_model_default_dir(void);
/*
 * The default model for target language `lang` (an ISO 639-1 code): DIR/LANG.model.json when it
 * exists, else DIR/any.model.json (*language_independent true; the pointer may be NULL), into
 * `path` (reset first). `dir` NULL: xlqa_model_default_dir(). Errors: XLQA_ENOTFOUND naming the
 * folder and XLQA_MODEL_DIR (path left empty), XLQA_ENOMEM.
 */
int xlqa_model_default_path(const char *lang, const char *dir, struct xlqa_buf *path, bool *language_independent,
                            struct xlqa_error *err);

/*
 * The decision for one question: which candidate answers, with what confidence, and whether the
 * model's threshold makes the response NIL. The one rule `run`, `ask` (through
 * xlqa_answerer_respond) and `calibrate` (through xlqa_model_data_apply) share.
 */
struct xlqa_model_decision {
	size_t best;       /* the rank-best row (the highest xlqa_model_rank_score, ties: the first) */
	double confidence; /* with an answer calibration xlqa_model_answer_confidence of the question's
	                      inputs, else the best row's xlqa_model_predict; NaN without rows */
	double nil;        /* xlqa_model_nil_confidence of the inputs: NaN without a NIL calibration or rows */
	bool below_threshold; /* confidence < xlqa_model_nil_threshold: the response is NIL */
};
/*
 * Decides one question whose n_rows candidates have the features rows[0..n_rows) (xlqa_model_dim(m)
 * each). With no rows, best is 0, confidence and nil are NaN and below_threshold is false (the
 * caller answers NIL for want of a candidate). Cannot fail.
 */
void xlqa_model_decide(const struct xlqa_model *m, const double *const *rows, size_t n_rows,
                       struct xlqa_model_decision *out);

/*
 * How NIL decisions at one threshold fare. A question is answered NIL when it has no candidate
 * (best_p -1) or its best candidate's probability is below the threshold. NIL precision = NIL answers
 * to gold-NIL questions / NIL answers, recall = the same / gold-NIL questions, F1 their harmonic
 * mean (CLEF 2004 QA guidelines; each is 0 when its denominator is 0, so is F1 when P + R is 0);
 * accuracy = (NIL answers to gold-NIL questions + non-NIL answers whose candidate is right) / questions.
 */
struct xlqa_model_nil_scores {
	size_t questions;
	size_t gold_nil;    /* questions whose gold answer is NIL */
	size_t nil_answers; /* questions answered NIL */
	size_t nil_right;   /* NIL answers to gold-NIL questions */
	size_t right;       /* right answers, NIL or not */
	double precision, recall, f1, accuracy;
};
/*
 * Scores the NIL decisions at `threshold` for `n_questions` questions: best_p[q] is the probability
 * of question q's best candidate in [0,1], or -1 when it has none; gold_nil[q] is 1 when the gold
 * answer is NIL; best_right[q] is 1 when the best candidate is right (it must be 0 for a gold-NIL
 * question and for a question without candidates). Errors: XLQA_EINVAL for no questions, a
 * probability outside [0,1] other than -1, a flag other than 0 or 1, a right candidate to a gold-NIL
 * question or to no candidate (question index named).
 */
int xlqa_model_nil_score(const double *best_p, const unsigned char *gold_nil, const unsigned char *best_right,
                         size_t n_questions, double threshold, struct xlqa_model_nil_scores *out,
                         struct xlqa_error *err);
/*
 * Chooses the threshold maximising NIL F1 (ties: the lowest threshold) over the inputs of
 * xlqa_model_nil_score. The thresholds tried are 0, the midpoints between consecutive distinct best
 * probabilities, and above the largest one (halfway to 1, or the double after 1 when it is 1), so the
 * chosen one sits between the probabilities it separates. *accuracy (may be NULL) gets the accuracy at
 * that threshold. Deterministic. Errors: those of xlqa_model_nil_score.
 */
int xlqa_model_fit_nil_threshold(const double *best_p, const unsigned char *gold_nil, const unsigned char *best_right,
                                 size_t n_questions, double *threshold, double *accuracy, struct xlqa_error *err);
/*
 * As xlqa_model_fit_nil_threshold, with NIL F1 smoothed over the threshold: a question with
 * probability p counts as answered NIL by the share 1 / (1 + exp((p - t) / width)) (without candidates:
 * wholly), so the F1 of threshold t weighs its neighbours, and one question more or less on either
 * side of a step moves it less. The thresholds tried run from 0 to 1 in steps of width / 10; width 0
 * is xlqa_model_fit_nil_threshold. *accuracy is that of the hard threshold. Errors: as there, and
 * XLQA_EINVAL for a width that is not finite or is negative.
 */
int xlqa_model_fit_nil_threshold_smooth(const double *best_p, const unsigned char *gold_nil,
                                        const unsigned char *best_right, size_t n_questions, double width,
                                        double *threshold, double *accuracy, struct xlqa_error *err);

/*
 * Gradient-boosted trees (optional, the learner XLQA_MODEL_LEARNER_GBT): XGBoost's boosted
 * regression trees (Chen and Guestrin, "XGBoost: a scalable tree boosting system", KDD 2016) with a
 * ranking objective over each question's candidates (query groups = questions): "rank:pairwise"
 * (a logistic loss on the score difference of every right/wrong pair of a question, Burges et al.,
 * "Learning to rank using gradient descent", 2005) or "rank:ndcg" (the same pairs weighted by the NDCG
 * change of swapping them, LambdaMART). The trees see the raw features (trees need no
 * standardisation); the rank score is the boosted sum, XGBoost's margin, and for rank:pairwise a
 * difference of two candidates' scores is the log-odds that the first is preferred, so the answer
 * calibration's top_softmax and top_margin keep their meaning. The probability model (pointwise
 * logistic) still gives the top_logit input. XGBoost runs with one thread and a fixed seed: a fit
 * is deterministic. Models with trees answer xlqa_model_rank_score from their own copy of the
 * trees (no XGBoost call per candidate), the same numbers XGBoost predicts.
 */
/* The learner of m's ranking: XLQA_MODEL_LEARNER_GBT when it has trees, else XLQA_MODEL_LEARNER_LOGISTIC. */
int xlqa_model_learner(const struct xlqa_model *m);
/* The parameters m's trees were fitted with (all filled in, defaults resolved), or NULL without trees. */
const struct xlqa_model_gbt_options *xlqa_model_gbt_options(const struct xlqa_model *m);
/* The number of trees of m, 0 without. */
size_t xlqa_model_gbt_trees(const struct xlqa_model *m);

/*
 * Metadata a model file records (version 2): what fitted it and for what. The feature set is named
 * by a hash of the feature names in order (xlqa_model_feature_set_id), so a model can be checked
 * against the features an answerer computes; the languages are ISO 639-1 codes of the targets the
 * model is for ("*": any language, an empty list: not recorded), the fitted-on list free text (the
 * feature tables' paths by default). A version-1 file reads as a logistic model with no languages
 * and no fitted-on list.
 */
/*
 * The id of the feature set names[0..d): "fnv1a64:" and 16 hex digits of the 64-bit FNV-1a hash of
 * the names each followed by a newline, into buf (XLQA_MODEL_FEATURE_SET_ID_SIZE bytes).
 */
enum { XLQA_MODEL_FEATURE_SET_ID_SIZE = 25 };
void xlqa_model_feature_set_id(const char *const *names, size_t d, char *buf);
/* The id of m's features (xlqa_model_feature_set_id), owned by m. */
const char *xlqa_model_feature_set(const struct xlqa_model *m);
/*
 * Checks that m's features are d features named name(0) ... name(d - 1) in this order. Errors:
 * XLQA_EINVAL "the model's feature set (ID) is not this one (ID): ...", naming the count that differs
 * or the first feature that differs.
 */
int xlqa_model_check_features(const struct xlqa_model *m, const char *(*name)(size_t i), size_t d,
                              struct xlqa_error *err);
/* The languages recorded (n via *n), owned by m; *n 0 when none are. */
const char *const *xlqa_model_languages(const struct xlqa_model *m, size_t *n);
/* The fitted-on entries recorded (n via *n), owned by m. */
const char *const *xlqa_model_fitted_on(const struct xlqa_model *m, size_t *n);
/*
 * Sets m's languages to copies of langs[0..n) (each "*" or 2-3 ASCII letters, stored lower case) or
 * its fitted-on list to copies of entries[0..n) (each non-empty, without control characters).
 * Errors: XLQA_EINVAL naming the entry (m unchanged), XLQA_ENOMEM.
 */
int xlqa_model_set_languages(struct xlqa_model *m, const char *const *langs, size_t n, struct xlqa_error *err);
int xlqa_model_set_fitted_on(struct xlqa_model *m, const char *const *entries, size_t n, struct xlqa_error *err);
/*
 * Whether m is for language `lang` (an ISO 639-1 code, any case): true when m records no language,
 * records "*", or records `lang`. When it is not, and buf is not NULL, buf (size bytes) gets a warning
 * naming both, "model fitted for 'en', index is 'de'" (several languages: 'en,es').
 */
bool xlqa_model_check_language(const struct xlqa_model *m, const char *lang, char *buf, size_t size);

/*
 * Writes the model as JSON: format "xlqa-model", version 2 (learner, feature_set, languages,
 * fitted_on, with trees a "gbt" object: the parameters and the booster, XGBoost's UBJSON model in
 * base64 with its byte count and CRC-32; version 1 was the same without them), features, means, sds, weights, bias,
 * nil_threshold, a "training" object (the summary), when the model has one a "ranking" object (its
 * weights and the ranking summary's fields), and when it has one an "answer_calibration" object
 * ("inputs": the input names, "bias", "weights" and the other fields of the calibration). Doubles are written with 17 significant digits
 * so a read gives back the same bits. The file is written atomically (xlqa_file_write_atomic).
 * Errors: XLQA_EIO naming the path, XLQA_ENOMEM.
 */
int xlqa_model_write(const struct xlqa_model *m, const char *path, struct xlqa_error *err);
/*
 * Reads a model file (version 1 or 2) and checks everything in the invariant above, the format and
 * version, that the arrays have one entry per feature, the metadata (feature_set must be the id of
 * the features), and a "gbt" object's booster: its byte count and CRC-32 before XGBoost sees it
 * (a corrupt booster is an XLQA_EPARSE naming the key, never handed to XGBoost), XGBoost's loading of
 * it, and its trees (splits on existing features, children within the tree and after their parent,
 * as many features as the model); "training", "ranking" and "answer_calibration" are optional
 * but checked when present (files without "ranking" or "answer_calibration", as written before they
 * existed, read as models without them; "inputs" must name this library's inputs in order). On success
 * *out is a new model (xlqa_model_free it). Errors: file errors; XLQA_EPARSE "path:line: reason" for
 * bad JSON, "path: reason" for a bad model (the key and entry named); XLQA_ENOMEM.
 */
int xlqa_model_read(const char *path, struct xlqa_model **out, struct xlqa_error *err);

/*
 * A feature table, the TSV file `xlqa calibrate` fits models from and `xlqa run` can write. A header
 * line `question<TAB>gold_nil<TAB>label<TAB>NAME...` names one or more features; then one candidate a
 * line: a question id (any text without tabs), gold_nil 0 or 1 (the question's gold answer is NIL),
 * label 1 (the candidate is right) or 0, and one finite number a feature. A question without
 * candidates has a single line with label `-` and no feature columns (or each of them `-`). A
 * question's lines need not be adjacent; its gold_nil must agree on all of them; a gold-NIL question
 * has no right candidate. Blank lines and lines starting with '#' are skipped; anything else
 * malformed is an error. Caller-owned storage: init, read, release.
 */
struct xlqa_model_data {
	size_t d;                  /* features */
	char **feature_names;      /* d names, in the arena */
	size_t n;                  /* candidate rows */
	double *x;                 /* n * d values, row-major */
	unsigned char *y;          /* n labels */
	size_t *question;          /* n: the index of each row's question */
	int64_t *line;             /* n: each row's line in the file */
	size_t n_questions;
	char **question_ids;       /* n_questions ids, in the order first seen, in the arena */
	unsigned char *gold_nil;   /* n_questions flags */
	unsigned char *no_candidates; /* n_questions flags: listed with label `-` */
	/*
	 * n_questions group numbers (xlqa_model_data_read_groups), or NULL: each question its own group.
	 * The answer calibration's cross-fitting puts group g in fold g % folds, so the questions of one
	 * group (the same question in several source languages, the questions about one article) are
	 * never fitted and answered by the same fold model.
	 */
	size_t *group;
	size_t x_alloc, row_alloc, q_alloc; /* allocated sizes */
	struct xlqa_hash ids;      /* question id -> index + 1 */
	struct xlqa_arena strings;
};
void xlqa_model_data_init(struct xlqa_model_data *t);
void xlqa_model_data_release(struct xlqa_model_data *t);
/*
 * Reads a feature table into `t` (freshly initialised). Errors: file errors; XLQA_EPARSE with
 * "path:line: reason" (a bad header, a wrong column count, a bad flag or number, a question whose
 * gold_nil disagrees, a no-candidate line beside candidates, a right candidate to a gold-NIL
 * question); XLQA_EEMPTY when there is no data line; XLQA_ENOMEM.
 */
int xlqa_model_data_read(struct xlqa_model_data *t, const char *path, struct xlqa_error *err);
/*
 * The writing side of the same format (what `xlqa run --features-out` writes), appended to `out`:
 * the header "question<TAB>gold_nil<TAB>label" and the names name(0) .. name(d - 1); then a line a
 * candidate, "ID<TAB>gold_nil<TAB>label" (0 or 1) and its d features (printf "%.6g"), or, for a
 * question without candidates, one line with label < 0, written '-', and no features. XLQA_ENOMEM.
 */
int xlqa_model_data_write_header(struct xlqa_buf *out, const char *(*name)(size_t), size_t d,
                                 struct xlqa_error *err);
int xlqa_model_data_write_row(struct xlqa_buf *out, const char *id, bool gold_nil, int label, const double *x,
                              size_t d, struct xlqa_error *err);
/*
 * Reads the groups of t's questions from `path`: lines "question_id TAB group" (# comments and blank
 * lines skipped); groups are numbered in the order the table's questions first meet them. Errors:
 * file errors; XLQA_EPARSE "path:line: ..." for a line without a tab, an id given twice or an id the
 * table does not have; XLQA_EINVAL naming the first question of the table the file leaves out;
 * XLQA_ENOMEM. On error t->group is left NULL.
 */
int xlqa_model_data_read_groups(struct xlqa_model_data *t, const char *path, struct xlqa_error *err);
/*
 * Sets to 0 every feature of `t` whose name matches the shell pattern `pattern` (fnmatch(3):
 * "proximity", "proximity@*", "*@named"), so that a model fitted on `t` leaves them out: a constant
 * feature gets weight 0 (an ablation). *cleared (may be NULL) gets the number of features matched.
 * Errors: XLQA_ENOTFOUND when no feature matches (the message names the pattern).
 */
int xlqa_model_data_clear_features(struct xlqa_model_data *t, const char *pattern, size_t *cleared,
                                   struct xlqa_error *err);
/*
 * Applies `m` to the rows of `t`, whose features must be the model's, by name and in order: p[i]
 * (n entries, may be NULL) gets row i's probability; best_p[q] and best_right[q] (n_questions entries
 * each, may be NULL) get each question's best candidate's confidence (-1 when none) and its label;
 * the best candidate is the one with the highest xlqa_model_rank_score (ties: the first row), and its
 * confidence its probability, or with an answer calibration xlqa_model_answer_confidence of the
 * question's xlqa_model_answer_inputs; ready for xlqa_model_nil_score and
 * xlqa_model_fit_nil_threshold. Errors: XLQA_EINVAL naming the first feature that differs;
 * XLQA_ENOMEM.
 */
int xlqa_model_data_apply(const struct xlqa_model *m, const struct xlqa_model_data *t, double *p, double *best_p,
                          unsigned char *best_right, struct xlqa_error *err);

/* The response a run gives one question of a table (xlqa_answer_respond's rule). */
struct xlqa_model_response {
	bool nil;          /* answered NIL: no candidate, or the best below the model's NIL threshold */
	double confidence; /* in [0, 1]: the answer's (xlqa_model_decide), or the NIL's: the NIL
	                      calibration's, else nil_confidence */
	bool right;        /* the answer's row is labelled right, or NIL for a gold-NIL question */
};
/*
 * The response to each of t's n_questions questions under `m`, into out[0..n_questions): what
 * `xlqa run` with that model and --nil-confidence would write, judged by the table's labels, so a
 * table alone gives a run's accuracy, CWS, K1 and ECE. Errors: those of xlqa_model_data_apply.
 */
int xlqa_model_data_respond(const struct xlqa_model *m, const struct xlqa_model_data *t, double nil_confidence,
                            struct xlqa_model_response *out, struct xlqa_error *err);

/*
 * Out-of-fold answer inputs of a table (cross-fitting): question q (its index in `t`) is in fold
 * q mod `folds`, or with groups (xlqa_model_data_read_groups) in fold group[q] mod `folds`; for each
 * fold a pointwise model, and with `ranking` its ranking (opt->learner's: linear or trees), is fitted
 * with `opt` on the rows of the other folds, and the held-out questions' xlqa_model_answer_inputs
 * computed under it, so no question's inputs come from a model that saw it. inputs (n_questions *
 * XLQA_MODEL_ANSWER_INPUTS, row-major) gets them, NaN for a question without candidates;
 * best_right[q] (n_questions) whether q's rank-best candidate is right. Deterministic. Errors:
 * XLQA_EINVAL for folds < 2 or more folds than questions; a fit's error, prefixed "fold K of N";
 * XLQA_ENOMEM.
 */
int xlqa_model_data_oof_inputs(const struct xlqa_model_data *t, const struct xlqa_model_fit_options *opt,
                               bool ranking, size_t folds, double *inputs, unsigned char *best_right,
                               struct xlqa_error *err);
/*
 * Fits the answer calibration of `m` (a model fitted on all of `t`, its ranking flag telling whether
 * the folds fit rankings too, with m's learner and, for trees, m's parameters whatever opt says):
 * out-of-fold inputs (xlqa_model_data_oof_inputs), then a logistic
 * regression of "the best candidate is right" (0 for a gold-NIL question) on them with opt's penalty,
 * over the questions with candidates; it replaces any calibration of `m`. oof_best_p[q] (n_questions,
 * may be NULL) gets q's out-of-fold calibrated confidence (-1 without candidates) and oof_best_right[q]
 * (may be NULL) the label, the inputs of xlqa_model_fit_nil_threshold: a threshold fitted on
 * in-sample confidences would be fitted on optimistic ones; the model's NIL threshold becomes the one
 * fitted on them (xlqa_model_fit_nil_threshold_smooth, width nil_smooth). With gold-NIL questions and
 * others among those with candidates it also fits the NIL calibration, the same regression of "the
 * gold answer is NIL", on the questions that threshold answers NIL: a NIL answer's confidence is
 * asked of them alone (all questions with candidates when they are all gold-NIL or none are).
 * Errors: those of xlqa_model_data_oof_inputs, xlqa_model_fit (all best candidates right or all
 * wrong) and xlqa_model_fit_nil_threshold_smooth; XLQA_ENOMEM (m unchanged on error).
 */
int xlqa_model_data_fit_answer_calibration(struct xlqa_model *m, const struct xlqa_model_data *t,
                                           const struct xlqa_model_fit_options *opt, size_t folds, double nil_smooth,
                                           double *oof_best_p, unsigned char *oof_best_right,
                                           struct xlqa_error *err);
/*
 * The 10-bin ECE (xlqa_calibration_compute) of n questions' answers: confidence[q]
 * of question q's best candidate and right[q] whether it is right; a question with confidence < 0
 * (no candidate) is left out. Errors: XLQA_ENOMEM.
 */
int xlqa_model_answer_ece(const double *confidence, const unsigned char *right, size_t n, double *ece,
                          struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
