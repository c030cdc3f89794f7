/*
 * calibrate: `xlqa calibrate fit` fits the answer-ranking model (logistic regression over candidate
 * features) and its NIL threshold from a feature table and writes the model file; `xlqa calibrate
 * apply` prints a model's probabilities for a table, or how the model fares on it. Both print the same
 * evaluation block, so a model fitted on one set is judged on another by the same numbers.
 * Subcommands are rows of a table, like the commands themselves.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char calibrate_help[] =
	"usage: xlqa calibrate fit --features FILE.tsv [--l2 X] [--max-iter N] [--ranking [--rank-l2 X]]\n"
	"                          [--learner logistic|gbt] [--gbt-objective rank:pairwise|rank:ndcg]\n"
	"                          [--gbt-rounds N] [--gbt-max-depth N] [--gbt-eta X] [--gbt-min-child-weight X]\n"
	"                          [--gbt-lambda X] [--gbt-subsample X] [--gbt-seed N]\n"
	"                          [--calibration-folds K] [--groups FILE] [--nil-smooth W]\n"
	"                          [--without PATTERN[,PATTERN...]]...\n"
	"                          [--lang XX[,YY...]] [--fitted-on TEXT]... --out MODEL.json\n"
	"       xlqa calibrate apply --model MODEL.json --features FILE.tsv\n"
	"                            [--questions [--nil-confidence P] | --summary]\n"
	"\n"
	"fit    fits P(right | features) by L2-penalised logistic regression on standardised features,\n"
	"       then the NIL threshold maximising NIL F1 on the same questions; writes the model and\n"
	"       prints the fit: rows, weights, log-loss, ECE, Brier, NIL threshold, NIL P/R/F1, accuracy;\n"
	"       with --ranking it first fits a listwise ranking (a softmax over each question's candidates)\n"
	"       that orders the candidates, and an answer calibration: the confidence of the top one is a\n"
	"       logistic regression over its log-odds, its rank-softmax share and its rank margin, fitted on\n"
	"       5-fold out-of-fold values, as is the NIL threshold then\n"
	"apply  prints question, label and probability for each candidate; --questions prints each\n"
	"       question's best probability, the answer at the model's NIL threshold, whether it is\n"
	"       right and the confidence `xlqa run` would give it (a NIL's from the model's NIL calibration,\n"
	"       else --nil-confidence, default 0); --summary prints the evaluation block of fit on this table instead (with_right:\n"
	"       questions with a right candidate; first_right: those whose first-ranked candidate is right,\n"
	"       whatever the NIL threshold; answer_ece: the ECE of the questions' best candidates'\n"
	"       confidences)\n"
	"\n"
	"FILE.tsv: a header 'question<TAB>gold_nil<TAB>label<TAB>feature...', then one candidate a line\n"
	"(gold_nil and label 0 or 1); a question without candidates is one line with label '-'.\n"
	"\n"
	"  --l2 X        L2 penalty on the standardised weights (default 0.01; 0: none)\n"
	"  --max-iter N  Newton iterations at most (default 100)\n"
	"  --ranking     also fit the listwise ranking (same --max-iter)\n"
	"  --rank-l2 X   L2 penalty of the ranking (default 20: its loss sums over questions, not rows)\n"
	"  --learner L   the ranking's learner (implies --ranking): logistic, the listwise linear ranking\n"
	"                (the default), or gbt, gradient-boosted trees (XGBoost) with a ranking objective\n"
	"                over each question's candidates; the confidence stays the logistic model's\n"
	"  --gbt-objective O  rank:pairwise (default) or rank:ndcg\n"
	"  --gbt-rounds N     trees (default 100)\n"
	"  --gbt-max-depth N  depth of a tree at most (default 4)\n"
	"  --gbt-eta X        learning rate in (0, 1] (default 0.1)\n"
	"  --gbt-min-child-weight X  hessian a leaf holds at least (default 1)\n"
	"  --gbt-lambda X     L2 penalty on the leaf values (default 1)\n"
	"  --gbt-subsample X  share of the rows a tree sees, in (0, 1] (default 1)\n"
	"  --gbt-seed N       XGBoost's seed (default 0); the same seed gives the same model\n"
	"  --lang XX[,YY]     the target languages the model is for (ISO 639-1, or '*' for any), recorded\n"
	"                in the model: `xlqa run` warns when the index's language is not one of them\n"
	"  --fitted-on TEXT   what the model was fitted on, recorded in the model (repeatable; default:\n"
	"                the --features path)\n"
	"  --nil-smooth W\n"
	"                fit the NIL threshold on NIL F1 smoothed over thresholds W wide (a logistic\n"
	"                step; default 0: the exact F1, whose best threshold can jump with one question)\n"
	"  --calibration-folds K\n"
	"                folds of the answer calibration's cross-fitting (default 5; 0: no answer\n"
	"                calibration, the top candidate's probability is its confidence)\n"
	"  --groups FILE question TAB group lines: the cross-fitting keeps a group's questions in one\n"
	"                fold (the same question in several source languages, the questions of one\n"
	"                article), so no fold model has seen a question like the ones it answers\n"
	"  --without P   fit without the features whose names match the shell pattern P (\"window\",\n"
	"                \"proximity@*\"): they are set to 0 in the table, so their weights are 0 (an\n"
	"                ablation; the model file still lists every feature); a pattern that matches none\n"
	"                is an error\n"
	"  -h, --help    this text\n";

#define DEFAULT_L2 1e-2
/* The ranking's: chosen on the development sets, fitting on set 1 and scoring set 2 and the other way round */
#define DEFAULT_RANK_L2 20
/* Patterns --without takes at most, and languages --lang, entries --fitted-on. */
#define MAX_WITHOUT 64
/* Folds of the answer calibration's cross-fitting. */
#define CALIBRATION_FOLDS 5
/* Probabilities are kept this far from 0 and 1 in the log-loss, so one sure mistake is not infinite. */
#define LOG_LOSS_EPS 1e-15

struct calibrate_opts {
	const char *features, *out, *model, *groups;
	char *without[MAX_WITHOUT]; /* --without patterns, pointing into argv (commas cut) */
	size_t n_without;
	char *langs[MAX_WITHOUT]; /* --lang, pointing into argv (commas cut) */
	size_t n_langs;
	const char *fitted_on[MAX_WITHOUT]; /* --fitted-on */
	size_t n_fitted_on;
	double l2, rank_l2, nil_smooth, nil_confidence;
	size_t max_iter, folds;
	bool questions, summary, ranking, fit_only; /* fit_only: an option only `fit` takes was given */
	int learner;
	struct xlqa_model_gbt_options gbt;
};

/* A number option's value: finite, and in (lo, hi] (lo_open) or [lo, hi]; false when it is not. */
static bool number_arg(const char *arg, double lo, bool lo_open, double hi, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !isfinite(v) || v < lo || (lo_open && v == lo) || v > hi)
		return false;
	*out = v;
	return true;
}

/* A whole number option's value in [lo, hi]; false when it is not. */
static bool count_arg(const char *arg, unsigned long lo, unsigned long hi, unsigned long *out)
{
	char *end;
	unsigned long v = strtoul(arg, &end, 10);

	if (end == arg || *end || arg[0] == '-' || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static int parse_args(const char *sub, int argc, char **argv, struct calibrate_opts *o)
{
	enum {
		OPT_L2 = 256, OPT_RANK_L2, OPT_MAX_ITER, OPT_QUESTIONS, OPT_SUMMARY, OPT_RANKING, OPT_WITHOUT, OPT_FOLDS,
		OPT_NIL_SMOOTH, OPT_LEARNER, OPT_GBT_OBJECTIVE, OPT_GBT_ROUNDS, OPT_GBT_DEPTH, OPT_GBT_ETA, OPT_GBT_MCW,
		OPT_GBT_LAMBDA, OPT_GBT_SUBSAMPLE, OPT_GBT_SEED, OPT_LANG, OPT_FITTED_ON, OPT_NIL_CONFIDENCE, OPT_GROUPS
	};
	static const struct option opts[] = {
		{ "features", required_argument, NULL, 'f' }, { "out", required_argument, NULL, 'o' },
		{ "model", required_argument, NULL, 'm' },    { "l2", required_argument, NULL, OPT_L2 },
		{ "max-iter", required_argument, NULL, OPT_MAX_ITER }, { "questions", no_argument, NULL, OPT_QUESTIONS },
		{ "summary", no_argument, NULL, OPT_SUMMARY }, { "ranking", no_argument, NULL, OPT_RANKING },
		{ "rank-l2", required_argument, NULL, OPT_RANK_L2 }, { "without", required_argument, NULL, OPT_WITHOUT },
		{ "calibration-folds", required_argument, NULL, OPT_FOLDS },
		{ "nil-smooth", required_argument, NULL, OPT_NIL_SMOOTH },
		{ "learner", required_argument, NULL, OPT_LEARNER },
		{ "gbt-objective", required_argument, NULL, OPT_GBT_OBJECTIVE },
		{ "gbt-rounds", required_argument, NULL, OPT_GBT_ROUNDS },
		{ "gbt-max-depth", required_argument, NULL, OPT_GBT_DEPTH },
		{ "gbt-eta", required_argument, NULL, OPT_GBT_ETA },
		{ "gbt-min-child-weight", required_argument, NULL, OPT_GBT_MCW },
		{ "gbt-lambda", required_argument, NULL, OPT_GBT_LAMBDA },
		{ "gbt-subsample", required_argument, NULL, OPT_GBT_SUBSAMPLE },
		{ "gbt-seed", required_argument, NULL, OPT_GBT_SEED },
		{ "lang", required_argument, NULL, OPT_LANG },
		{ "fitted-on", required_argument, NULL, OPT_FITTED_ON },
		{ "nil-confidence", required_argument, NULL, OPT_NIL_CONFIDENCE },
		{ "groups", required_argument, NULL, OPT_GROUPS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'f': o->features = optarg; break;
		case 'o': o->out = optarg; break;
		case 'm': o->model = optarg; break;
		case OPT_L2:
			o->l2 = strtod(optarg, &end);
			if (end == optarg || *end || !isfinite(o->l2) || o->l2 < 0)
				return cli_usage_error(sub, "--l2 needs a number >= 0, not '%s'", optarg);
			break;
		case OPT_NIL_SMOOTH:
			o->nil_smooth = strtod(optarg, &end);
			if (end == optarg || *end || !isfinite(o->nil_smooth) || o->nil_smooth < 0 || o->nil_smooth > 1)
				return cli_usage_error(sub, "--nil-smooth needs a number from 0 to 1, not '%s'", optarg);
			break;
		case OPT_GROUPS: o->groups = optarg; break;
		case OPT_NIL_CONFIDENCE:
			if (!number_arg(optarg, 0, false, 1, &o->nil_confidence))
				return cli_usage_error(sub, "--nil-confidence wants a probability in [0, 1], not '%s'", optarg);
			break;
		case OPT_RANK_L2:
			o->rank_l2 = strtod(optarg, &end);
			if (end == optarg || *end || !isfinite(o->rank_l2) || o->rank_l2 <= 0)
				return cli_usage_error(sub, "--rank-l2 needs a number > 0, not '%s'", optarg);
			break;
		case OPT_MAX_ITER: {
			unsigned long v = strtoul(optarg, &end, 10);

			if (end == optarg || *end || v == 0 || optarg[0] == '-')
				return cli_usage_error(sub, "--max-iter needs a whole number > 0, not '%s'", optarg);
			o->max_iter = v;
			break;
		}
		case OPT_FOLDS: {
			unsigned long v = strtoul(optarg, &end, 10);

			if (end == optarg || *end || v == 1 || v > 1000 || optarg[0] == '-')
				return cli_usage_error(sub, "--calibration-folds needs 0 or a whole number from 2 to 1000, "
				                            "not '%s'", optarg);
			o->folds = v;
			break;
		}
		case OPT_LEARNER: {
			struct xlqa_error err = { 0 };

			if (xlqa_model_learner_from_name(optarg, &o->learner, &err))
				return cli_usage_error(sub, "--learner: %s", err.message);
			o->ranking = o->fit_only = true;
			break;
		}
		case OPT_GBT_OBJECTIVE:
			if (strcmp(optarg, "rank:pairwise") != 0 && strcmp(optarg, "rank:ndcg") != 0)
				return cli_usage_error(sub, "--gbt-objective needs rank:pairwise or rank:ndcg, not '%s'", optarg);
			o->gbt.objective = optarg;
			o->fit_only = true;
			break;
		case OPT_GBT_ROUNDS:
		case OPT_GBT_DEPTH:
		case OPT_GBT_SEED: {
			unsigned long v, hi = c == OPT_GBT_ROUNDS ? 100000 : c == OPT_GBT_DEPTH ? 20 : 4294967295UL;
			const char *name = c == OPT_GBT_ROUNDS ? "--gbt-rounds" : c == OPT_GBT_DEPTH ? "--gbt-max-depth"
			                                                                             : "--gbt-seed";

			if (!count_arg(optarg, c == OPT_GBT_SEED ? 0 : 1, hi, &v))
				return cli_usage_error(sub, "%s needs a whole number from %d to %lu, not '%s'", name,
				                       c == OPT_GBT_SEED ? 0 : 1, hi, optarg);
			if (c == OPT_GBT_ROUNDS)
				o->gbt.rounds = v;
			else if (c == OPT_GBT_DEPTH)
				o->gbt.max_depth = v;
			else
				o->gbt.seed = (unsigned)v;
			o->fit_only = true;
			break;
		}
		case OPT_GBT_ETA:
			if (!number_arg(optarg, 0, true, 1, &o->gbt.eta))
				return cli_usage_error(sub, "--gbt-eta needs a number in (0, 1], not '%s'", optarg);
			o->fit_only = true;
			break;
		case OPT_GBT_SUBSAMPLE:
			if (!number_arg(optarg, 0, true, 1, &o->gbt.subsample))
				return cli_usage_error(sub, "--gbt-subsample needs a number in (0, 1], not '%s'", optarg);
			o->fit_only = true;
			break;
		case OPT_GBT_MCW:
			if (!number_arg(optarg, 0, false, INFINITY, &o->gbt.min_child_weight))
				return cli_usage_error(sub, "--gbt-min-child-weight needs a number >= 0, not '%s'", optarg);
			o->gbt.min_child_weight_set = o->fit_only = true;
			break;
		case OPT_GBT_LAMBDA:
			if (!number_arg(optarg, 0, false, INFINITY, &o->gbt.lambda))
				return cli_usage_error(sub, "--gbt-lambda needs a number >= 0, not '%s'", optarg);
			o->gbt.lambda_set = o->fit_only = true;
			break;
		case OPT_LANG:
			for (char *save = NULL, *p = strtok_r(optarg, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
				if (o->n_langs == MAX_WITHOUT)
					return cli_usage_error(sub, "--lang takes at most %d languages", MAX_WITHOUT);
				o->langs[o->n_langs++] = p;
			}
			o->fit_only = true;
			break;
		case OPT_FITTED_ON:
			if (o->n_fitted_on == MAX_WITHOUT)
				return cli_usage_error(sub, "--fitted-on is taken at most %d times", MAX_WITHOUT);
			o->fitted_on[o->n_fitted_on++] = optarg;
			o->fit_only = true;
			break;
		case OPT_QUESTIONS: o->questions = true; break;
		case OPT_SUMMARY: o->summary = true; break;
		case OPT_RANKING: o->ranking = true; break;
		case OPT_WITHOUT:
			for (char *save = NULL, *p = strtok_r(optarg, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
				if (o->n_without == MAX_WITHOUT)
					return cli_usage_error(sub, "--without takes at most %d patterns", MAX_WITHOUT);
				o->without[o->n_without++] = p;
			}
			break;
		case 'h':
			fputs(calibrate_help, stdout);
			return -1;
		default:
			return cli_bad_option(sub, argv);
		}
	}
	if (optind < argc)
		return cli_usage_error(sub, "unexpected argument '%s'", argv[optind]);
	if (!o->features)
		return cli_usage_error(sub, "--features FILE is required");
	return CLI_EXIT_OK;
}

/* A table and what a model makes of it: per-row probabilities, per-question best candidates. */
struct scored {
	struct xlqa_model_data t;
	double *p, *best_p;
	unsigned char *best_right;
};

static void scored_release(struct scored *s)
{
	xlqa_model_data_release(&s->t);
	free(s->p);
	free(s->best_p);
	free(s->best_right);
}

/*
 * The arguments the library checks as XLQA_EINVAL (labels all equal, features that differ from the
 * model's) come from the input files here, so they are input errors (exit 1), not usage errors.
 */
static int input_error(struct xlqa_error *err, const char *path)
{
	xlqa_error_locate(err, path);
	if (err->status == XLQA_EINVAL)
		err->status = XLQA_EPARSE;
	return err->status;
}

static int score_table(const struct xlqa_model *m, struct scored *s, struct xlqa_error *err)
{
	free(s->p);
	free(s->best_p);
	free(s->best_right);
	s->p = malloc((s->t.n ? s->t.n : 1) * sizeof *s->p);
	s->best_p = malloc(s->t.n_questions * sizeof *s->best_p);
	s->best_right = malloc(s->t.n_questions);
	if (!s->p || !s->best_p || !s->best_right)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	return xlqa_model_data_apply(m, &s->t, s->p, s->best_p, s->best_right, err);
}

/* The 10-bin ECE of the answers' confidences (the calibrated ones when the model has a calibration). */
static int print_answer_ece(const struct scored *s, struct xlqa_error *err)
{
	double ece;
	int rc = xlqa_model_answer_ece(s->best_p, s->best_right, s->t.n_questions, &ece, err);

	if (!rc)
		printf("answer_ece\t%.6f\n", ece);
	return rc;
}

/*
 * Prints how `m` fares on the scored table: log-loss, ECE and Brier of the candidates'
 * probabilities (10-bin ECE as src/eval/calibration.c computes it, via the scorer's calibration report) and the
 * NIL decisions at the model's threshold.
 */
static int print_evaluation(const struct xlqa_model *m, const struct scored *s, struct xlqa_error *err)
{
	struct xlqa_eval_item *items = calloc(s->t.n ? s->t.n : 1, sizeof *items);
	struct xlqa_model_nil_scores nil;
	struct xlqa_calibration cal;
	double log_loss = 0.0;
	size_t none = 0, with_right = 0, first_right = 0;
	unsigned char *has_right = calloc(s->t.n_questions ? s->t.n_questions : 1, 1);
	int rc;

	if (!items || !has_right) {
		free(items);
		free(has_right);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < s->t.n; i++)
		has_right[s->t.question[i]] |= s->t.y[i];
	for (size_t q = 0; q < s->t.n_questions; q++) {
		with_right += has_right[q];
		first_right += s->best_p[q] >= 0 && s->best_right[q];
	}
	free(has_right);
	for (size_t i = 0; i < s->t.n; i++) {
		double p = fmin(fmax(s->p[i], LOG_LOSS_EPS), 1.0 - LOG_LOSS_EPS);

		log_loss -= s->t.y[i] ? log(p) : log1p(-p);
		items[i].confidence = s->p[i];
		items[i].judgment = s->t.y[i] ? XLQA_JUDGMENT_R : XLQA_JUDGMENT_W;
		items[i].nil_question = -1;
	}
	xlqa_calibration_compute(items, s->t.n, XLQA_EVAL_STRICT, &cal);
	free(items);
	if ((rc = xlqa_model_nil_score(s->best_p, s->t.gold_nil, s->best_right, s->t.n_questions,
	                               xlqa_model_nil_threshold(m), &nil, err)))
		return rc;
	for (size_t q = 0; q < s->t.n_questions; q++)
		none += s->t.no_candidates[q];
	printf("candidates\t%zu\npositives\t%zu\nquestions\t%zu\ngold_nil\t%zu\nno_candidates\t%zu\n", s->t.n,
	       cal.right, s->t.n_questions, nil.gold_nil, none);
	printf("with_right\t%zu\nfirst_right\t%zu\n", with_right, first_right);
	printf("log_loss\t%.6f\nece\t%.6f\nbrier\t%.6f\n", s->t.n ? log_loss / (double)s->t.n : NAN, cal.ece,
	       cal.brier);
	printf("nil_threshold\t%.6f\nnil_answers\t%zu\nnil_precision\t%.6f\nnil_recall\t%.6f\nnil_f1\t%.6f\n"
	       "accuracy\t%.6f\n",
	       xlqa_model_nil_threshold(m), nil.nil_answers, nil.precision, nil.recall, nil.f1, nil.accuracy);
	return print_answer_ece(s, err);
}

/* A calibration's block of the fit's report, its lines starting with `prefix` ("calibration"). */
static void print_calibration(const char *prefix, const struct xlqa_model_answer_calibration *c)
{
	printf("%s_folds\t%zu\n%s_questions\t%zu\n%s_positives\t%zu\n%s_oof_log_loss\t%.6f\n%s_oof_ece\t%.6f\n",
	       prefix, c->folds, prefix, c->questions, prefix, c->positives, prefix, c->log_loss, prefix, c->ece);
	printf("# %s_weight\tinput\tper unit\n", prefix);
	printf("%s_bias\t-\t%.6f\n", prefix, c->bias);
	for (size_t k = 0; k < XLQA_MODEL_ANSWER_INPUTS; k++)
		printf("%s_weight\t%s\t%.6f\n", prefix, xlqa_model_answer_input_name(k), c->weights[k]);
}

static void print_weights(const struct xlqa_model *m)
{
	const struct xlqa_model_summary *sum = xlqa_model_summary(m);
	const struct xlqa_model_answer_calibration *c;

	const struct xlqa_model_gbt_options *g = xlqa_model_gbt_options(m);
	const char *const *list;
	size_t n;

	printf("learner\t%s\nfeature_set\t%s\n", xlqa_model_learner_name(xlqa_model_learner(m)),
	       xlqa_model_feature_set(m));
	list = xlqa_model_languages(m, &n);
	for (size_t i = 0; i < n; i++)
		printf("language\t%s\n", list[i]);
	if (g)
		printf("gbt_objective\t%s\ngbt_trees\t%zu\ngbt_max_depth\t%zu\ngbt_eta\t%g\ngbt_min_child_weight\t%g\n"
		       "gbt_lambda\t%g\ngbt_subsample\t%g\ngbt_seed\t%u\n",
		       g->objective, xlqa_model_gbt_trees(m), g->max_depth, g->eta, g->min_child_weight, g->lambda,
		       g->subsample, g->seed);
	printf("l2\t%g\niterations\t%zu\nconverged\t%s\n", sum->l2, sum->iterations, sum->converged ? "yes" : "no");
	printf("# weight\tfeature\tper sd\tper unit\tmean\tsd\n");
	printf("bias\t-\t%.6f\t%.6f\t-\t-\n", xlqa_model_bias(m), xlqa_model_raw_bias(m));
	for (size_t j = 0; j < xlqa_model_dim(m); j++)
		printf("weight\t%s\t%.6f\t%.6f\t%.6g\t%.6g\n", xlqa_model_feature(m, j), xlqa_model_weight(m, j),
		       xlqa_model_raw_weight(m, j), xlqa_model_mean(m, j), xlqa_model_sd(m, j));
	if (xlqa_model_has_ranking(m)) {
		const struct xlqa_model_ranking_summary *r = xlqa_model_ranking_summary(m);

		printf("ranking_questions\t%zu\nranking_l2\t%g\nranking_iterations\t%zu\nranking_converged\t%s\n"
		       "ranking_log_loss\t%.6f\n",
		       r->questions, r->l2, r->iterations, r->converged ? "yes" : "no", r->log_loss);
		if (!g)
			printf("# rank_weight\tfeature\tper sd\tper unit\n");
		for (size_t j = 0; !g && j < xlqa_model_dim(m); j++)
			printf("rank_weight\t%s\t%.6f\t%.6f\n", xlqa_model_feature(m, j), xlqa_model_rank_weight(m, j),
			       xlqa_model_rank_weight(m, j) / xlqa_model_sd(m, j));
	}
	if ((c = xlqa_model_answer_calibration(m)))
		print_calibration("calibration", c);
	if ((c = xlqa_model_nil_calibration(m)))
		print_calibration("nil_calibration", c);
}

/*
 * The answer calibration of a ranked model (model.h): fitted on out-of-fold inputs of --calibration-folds
 * folds, whose confidences the model's NIL threshold is fitted on (*fitted true). A table too small to
 * split (a fold's rest without a right and a wrong candidate) keeps the model without one, with a
 * warning (*fitted false): the pointwise probability stays the confidence.
 */
static int fit_calibration(struct xlqa_model *m, const struct scored *s, const struct calibrate_opts *o, bool *fitted,
                           struct xlqa_error *err)
{
	struct xlqa_model_fit_options fo = { .l2 = o->l2, .rank_l2 = o->rank_l2, .max_iter = o->max_iter };
	int rc = xlqa_model_data_fit_answer_calibration(m, &s->t, &fo, o->folds, o->nil_smooth, NULL, NULL, err);

	*fitted = rc == XLQA_OK;
	if (rc == XLQA_EINVAL) {
		fprintf(stderr, "xlqa calibrate fit: warning: %s: no answer calibration: %s\n", o->features, err->message);
		xlqa_error_clear(err);
		rc = XLQA_OK;
	}
	return rc;
}

/* The model's languages (--lang) and fitted-on list (--fitted-on, by default the --features path). */
static int set_metadata(struct xlqa_model *m, const struct calibrate_opts *o, struct xlqa_error *err)
{
	const char *features[1] = { o->features };
	int rc;

	if ((rc = xlqa_model_set_languages(m, (const char *const *)o->langs, o->n_langs, err))) {
		xlqa_error_prefix(err, "--lang");
		return rc;
	}
	rc = o->n_fitted_on ? xlqa_model_set_fitted_on(m, o->fitted_on, o->n_fitted_on, err)
	                    : xlqa_model_set_fitted_on(m, features, 1, err);
	if (rc)
		xlqa_error_prefix(err, "--fitted-on");
	return rc;
}

static int calibrate_fit(int argc, char **argv)
{
	struct calibrate_opts o = { .l2 = DEFAULT_L2, .rank_l2 = DEFAULT_RANK_L2, .folds = CALIBRATION_FOLDS };
	struct scored s = { 0 };
	struct xlqa_model *m = NULL;
	struct xlqa_error err = { 0 };
	int rc = parse_args("calibrate fit", argc, argv, &o);
	double threshold;
	bool calibrated = false;

	if (rc)
		return rc < 0 ? cli_finish_output("calibrate", CLI_EXIT_OK) : rc;
	if (!o.out)
		return cli_usage_error("calibrate fit", "--out MODEL.json is required");
	if (o.questions || o.summary)
		return cli_usage_error("calibrate fit", "--questions and --summary belong to 'apply'");
	xlqa_model_data_init(&s.t);
	if (!(rc = xlqa_model_data_read(&s.t, o.features, &err)) && s.t.n == 0)
		rc = xlqa_error_set(&err, XLQA_EEMPTY, "%s: no candidates to fit", o.features);
	if (!rc && o.groups)
		rc = xlqa_model_data_read_groups(&s.t, o.groups, &err);
	for (size_t i = 0; !rc && i < o.n_without; i++)
		if (xlqa_model_data_clear_features(&s.t, o.without[i], NULL, &err) == XLQA_ENOTFOUND) {
			scored_release(&s);
			return cli_usage_error("calibrate fit", "--without '%s' matches no feature of %s", o.without[i],
			                       o.features);
		}
	if (!rc) {
		struct xlqa_model_fit_options fo = { .l2 = o.l2, .rank_l2 = o.rank_l2, .max_iter = o.max_iter,
			                             .learner = o.learner, .gbt = o.gbt };

		if ((rc = xlqa_model_fit(s.t.x, s.t.y, s.t.n, s.t.d, (const char *const *)s.t.feature_names, &fo, &m,
		                         &err)) ||
		    (o.ranking && (rc = xlqa_model_fit_ranking(m, s.t.x, s.t.y, s.t.question, s.t.n, &fo, &err))))
			rc = input_error(&err, o.features);
	}
	if (!rc)
		rc = set_metadata(m, &o, &err);
	if (!rc && o.ranking && o.folds > 0)
		rc = fit_calibration(m, &s, &o, &calibrated, &err);
	if (!rc)
		rc = score_table(m, &s, &err);
	/* the calibration fitted the threshold on out-of-fold confidences; without it, on the table's own */
	if (!rc && !calibrated &&
	    !(rc = xlqa_model_fit_nil_threshold_smooth(s.best_p, s.t.gold_nil, s.best_right, s.t.n_questions,
	                                               o.nil_smooth, &threshold, NULL, &err)))
		xlqa_model_set_nil_threshold(m, threshold);
	if (!rc)
		rc = xlqa_model_write(m, o.out, &err);
	if (!rc) {
		print_weights(m);
		rc = print_evaluation(m, &s, &err);
	}
	xlqa_model_free(m);
	scored_release(&s);
	return cli_finish_output("calibrate", rc ? cli_fail("calibrate fit", &err) : CLI_EXIT_OK);
}

/* apply --questions: each question's best probability and the response a run would give it. */
static int print_responses(const struct xlqa_model *m, const struct scored *s, double nil_confidence,
                           struct xlqa_error *err)
{
	struct xlqa_model_response *r = calloc(s->t.n_questions ? s->t.n_questions : 1, sizeof *r);
	int rc;

	if (!r)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!(rc = xlqa_model_data_respond(m, &s->t, nil_confidence, r, err))) {
		printf("question\tbest_probability\tanswer\tright\tconfidence\n");
		for (size_t q = 0; q < s->t.n_questions; q++) {
			if (s->best_p[q] < 0)
				printf("%s\t-", s->t.question_ids[q]);
			else
				printf("%s\t%.6f", s->t.question_ids[q], s->best_p[q]);
			printf("\t%s\t%d\t%.6f\n", r[q].nil ? "NIL" : "candidate", r[q].right, r[q].confidence);
		}
	}
	free(r);
	return rc;
}

static int calibrate_apply(int argc, char **argv)
{
	struct calibrate_opts o = { 0 };
	struct scored s = { 0 };
	struct xlqa_model *m = NULL;
	struct xlqa_error err = { 0 };
	int rc = parse_args("calibrate apply", argc, argv, &o);

	if (rc)
		return rc < 0 ? cli_finish_output("calibrate", CLI_EXIT_OK) : rc;
	if (!o.model)
		return cli_usage_error("calibrate apply", "--model MODEL.json is required");
	if (o.questions && o.summary)
		return cli_usage_error("calibrate apply", "--questions and --summary exclude each other");
	if (o.n_without)
		return cli_usage_error("calibrate apply", "--without belongs to 'fit'");
	if (o.fit_only || o.groups)
		return cli_usage_error("calibrate apply", "--learner, --gbt-*, --lang, --fitted-on and --groups belong to 'fit'");
	if (o.nil_confidence > 0 && !o.questions)
		return cli_usage_error("calibrate apply", "--nil-confidence goes with --questions");
	xlqa_model_data_init(&s.t);
	if (!(rc = xlqa_model_read(o.model, &m, &err)) && !(rc = xlqa_model_data_read(&s.t, o.features, &err)) &&
	    (rc = score_table(m, &s, &err)))
		rc = input_error(&err, o.features);
	if (!rc && o.summary) {
		rc = print_evaluation(m, &s, &err);
	} else if (!rc && o.questions) {
		rc = print_responses(m, &s, o.nil_confidence, &err);
	} else if (!rc) {
		printf("question\tlabel\tprobability\n");
		for (size_t i = 0; i < s.t.n; i++)
			printf("%s\t%u\t%.6f\n", s.t.question_ids[s.t.question[i]], s.t.y[i], s.p[i]);
	}
	xlqa_model_free(m);
	scored_release(&s);
	return cli_finish_output("calibrate", rc ? cli_fail("calibrate apply", &err) : CLI_EXIT_OK);
}

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} subcommands[] = {
	{ "fit", calibrate_fit },
	{ "apply", calibrate_apply },
};

int cmd_calibrate(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(calibrate_help, argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_EXIT_USAGE : cli_finish_output("calibrate", CLI_EXIT_OK);
	}
	for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
		if (strcmp(argv[1], subcommands[i].name) == 0)
			return subcommands[i].run(argc - 1, argv + 1);
	return cli_usage_error("calibrate", "unknown subcommand '%s' (fit or apply)", argv[1]);
}
