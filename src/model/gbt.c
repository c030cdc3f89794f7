/*
 * gbt: the gradient-boosted ranking trees of a model (model.h): fitted through XGBoost's C API,
 * kept as XGBoost's own serialisation (UBJSON bytes, stored base64 in the model file with their
 * count and CRC-32) and as a flat copy of the trees that scores candidates without calling XGBoost.
 *
 * The flat copy is always built the same way, from the JSON dump of a booster XGBoost has loaded
 * (after a fit, from the booster just saved; after a read, from the file's), so a model scores the
 * same before it is written and after it is read. A candidate's score is XGBoost's margin: the
 * base score plus the leaf of each tree, summed in float in tree order as XGBoost's CPU predictor
 * does, each split sending a row left when its feature (as a float) is below the split value, or
 * is missing and the split says so.
 *
 * Invariant: a qa_gbt's trees are well formed: node 0 is the root, a split's children are nodes of
 * its tree after it (so a walk ends), a split's feature is < the model's dimension, a leaf has no
 * children. XGBoost only ever sees booster bytes whose CRC-32 matched (it does not check its input
 * against corruption: a flipped bit can load as another model, or abort in an allocation).
 */
#include "config.h"

#include "model-internal.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xgboost/c_api.h>
#include <zlib.h>

struct qa_gbt {
	struct xlqa_model_gbt_options opt; /* resolved; opt.objective points at objective */
	char objective[16];
	size_t d;           /* features a row has */
	size_t n_trees;
	size_t *tree_start; /* n_trees + 1: tree t is nodes [tree_start[t], tree_start[t + 1]) */
	int32_t *left, *right; /* a node's children, indices within its tree; -1 at a leaf */
	uint32_t *feature;  /* a split's feature */
	float *value;       /* a split's threshold or a leaf's value */
	unsigned char *default_left; /* a split sends a missing feature left */
	float base_score;
	unsigned char *booster; /* XGBoost's UBJSON model */
	size_t booster_len;
};

#define DEFAULT_OBJECTIVE "rank:pairwise"
enum { DEFAULT_ROUNDS = 100, DEFAULT_MAX_DEPTH = 4, MAX_ROUNDS = 100000, MAX_DEPTH = 20 };
#define DEFAULT_ETA 0.1
#define DEFAULT_MIN_CHILD_WEIGHT 1.0
#define DEFAULT_LAMBDA 1.0

/* The ranking objectives a fit may use. */
static const char *const objectives[] = { "rank:pairwise", "rank:ndcg" };

void qa_gbt_free(struct qa_gbt *g)
{
	if (!g)
		return;
	free(g->tree_start);
	free(g->left);
	free(g->right);
	free(g->feature);
	free(g->value);
	free(g->default_left);
	free(g->booster);
	free(g);
}

const struct xlqa_model_gbt_options *qa_gbt_options(const struct qa_gbt *g) { return &g->opt; }
size_t qa_gbt_trees(const struct qa_gbt *g) { return g->n_trees; }

int qa_gbt_resolve_options(const struct xlqa_model_gbt_options *in, struct xlqa_model_gbt_options *out,
                           struct xlqa_error *err)
{
	struct xlqa_model_gbt_options o = in ? *in : (struct xlqa_model_gbt_options){ 0 };
	size_t i = 0;

	if (!o.objective)
		o.objective = DEFAULT_OBJECTIVE;
	while (i < sizeof objectives / sizeof objectives[0] && strcmp(o.objective, objectives[i]) != 0)
		i++;
	if (i == sizeof objectives / sizeof objectives[0])
		return xlqa_error_set(err, XLQA_EINVAL, "GBT objective '%s' is neither rank:pairwise nor rank:ndcg",
		                      o.objective);
	o.objective = objectives[i];
	if (!o.rounds)
		o.rounds = DEFAULT_ROUNDS;
	if (!o.max_depth)
		o.max_depth = DEFAULT_MAX_DEPTH;
	if (o.eta == 0)
		o.eta = DEFAULT_ETA;
	if (!o.min_child_weight_set)
		o.min_child_weight = DEFAULT_MIN_CHILD_WEIGHT;
	if (!o.lambda_set)
		o.lambda = DEFAULT_LAMBDA;
	o.min_child_weight_set = o.lambda_set = true;
	if (o.subsample == 0)
		o.subsample = 1.0;
	if (o.rounds > MAX_ROUNDS)
		return xlqa_error_set(err, XLQA_EINVAL, "GBT rounds must be at most %d, not %zu", MAX_ROUNDS, o.rounds);
	if (o.max_depth > MAX_DEPTH)
		return xlqa_error_set(err, XLQA_EINVAL, "GBT max_depth must be at most %d, not %zu", MAX_DEPTH,
		                      o.max_depth);
	if (!(o.eta > 0 && o.eta <= 1))
		return xlqa_error_set(err, XLQA_EINVAL, "GBT eta must be in (0, 1], not %g", o.eta);
	if (!(o.min_child_weight >= 0 && isfinite(o.min_child_weight)))
		return xlqa_error_set(err, XLQA_EINVAL, "GBT min_child_weight must be a finite number >= 0, not %g",
		                      o.min_child_weight);
	if (!(o.lambda >= 0 && isfinite(o.lambda)))
		return xlqa_error_set(err, XLQA_EINVAL, "GBT lambda must be a finite number >= 0, not %g", o.lambda);
	if (!(o.subsample > 0 && o.subsample <= 1))
		return xlqa_error_set(err, XLQA_EINVAL, "GBT subsample must be in (0, 1], not %g", o.subsample);
	*out = o;
	return XLQA_OK;
}

/* ---- scoring ----------------------------------------------------------------------------------- */

double qa_gbt_score(const struct qa_gbt *g, const double *x)
{
	float sum = g->base_score;

	for (size_t t = 0; t < g->n_trees; t++) {
		size_t base = g->tree_start[t], node = 0;

		while (g->left[base + node] >= 0) {
			float v = (float)x[g->feature[base + node]];
			bool left = isnan(v) ? g->default_left[base + node] != 0 : v < g->value[base + node];

			node = (size_t)(left ? g->left[base + node] : g->right[base + node]);
		}
		sum += g->value[base + node];
	}
	return (double)sum;
}

/* ---- XGBoost ----------------------------------------------------------------------------------- */

/*
 * XGBoost's last error as an XLQA_EEXTERNAL (or `status`) prefixed by `what`: its first line only
 * (the rest is a stack trace).
 */
static int xgb_error(struct xlqa_error *err, int status, const char *what)
{
	const char *msg = XGBGetLastError();
	size_t len = msg ? strcspn(msg, "\n") : 0;

	return xlqa_error_set(err, status, "%s: XGBoost: %.*s", what, (int)len, msg ? msg : "");
}

/* XGBoost logs warnings to stderr by default; the library never prints. */
static void xgb_quiet(void)
{
	XGBSetGlobalConfig("{\"verbosity\": 0}");
}

/* A JSON number of a learner parameter, which XGBoost writes as strings ("5E-1"). */
static bool json_param(const json_t *o, const char *key, double *v)
{
	const json_t *j = json_object_get(o, key);
	char *end;

	if (!json_is_string(j))
		return false;
	*v = strtod(json_string_value(j), &end);
	return end != json_string_value(j) && !*end && isfinite(*v);
}

/* An array of ints `key` of tree `t` of n entries into its values, or false. */
static bool tree_ints(const json_t *t, const char *key, size_t n, long long *out)
{
	const json_t *a = json_object_get(t, key);

	if (!json_is_array(a) || json_array_size(a) != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		const json_t *e = json_array_get(a, i);

		if (!json_is_integer(e))
			return false;
		out[i] = json_integer_value(e);
	}
	return true;
}

/*
 * The flat trees of `g` (d features) from the JSON dump of a loaded booster; `what` names it in
 * errors ("path: 'gbt'"). Checks everything in the invariant.
 */
static int trees_from_dump(struct qa_gbt *g, const char *dump, size_t len, const char *what, struct xlqa_error *err)
{
	json_error_t je;
	json_t *root = json_loadb(dump, len, 0, &je);
	const json_t *learner = json_object_get(root, "learner");
	const json_t *gb = json_object_get(learner, "gradient_booster");
	const json_t *param = json_object_get(learner, "learner_model_param");
	const json_t *obj = json_object_get(json_object_get(learner, "objective"), "name");
	const json_t *trees = json_object_get(json_object_get(gb, "model"), "trees");
	long long *tmp = NULL;
	size_t total = 0;
	double nf, base, nclass;
	int rc = XLQA_OK;

	if (!root)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: XGBoost's dump of the booster is not JSON: %s", what, je.text);
	if (!json_is_string(json_object_get(gb, "name")) || strcmp(json_string_value(json_object_get(gb, "name")), "gbtree")) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: the booster is not a gbtree", what);
		goto done;
	}
	if (!json_is_string(obj) || strcmp(json_string_value(obj), g->opt.objective) != 0) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: the booster's objective is '%s', not '%s'", what,
		                    json_is_string(obj) ? json_string_value(obj) : "?", g->opt.objective);
		goto done;
	}
	if (!json_param(param, "num_feature", &nf) || nf != (double)g->d || !json_param(param, "base_score", &base) ||
	    !json_param(param, "num_class", &nclass) || nclass > 1) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: the booster is not a one-output model of %zu features", what,
		                    g->d);
		goto done;
	}
	g->base_score = (float)base;
	if (!json_is_array(trees)) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: the booster has no trees", what);
		goto done;
	}
	g->n_trees = json_array_size(trees);
	for (size_t t = 0; t < g->n_trees; t++) {
		size_t n = json_array_size(json_object_get(json_array_get(trees, t), "left_children"));

		if (n == 0 || n > INT32_MAX || total > SIZE_MAX / 4 - n) {
			rc = xlqa_error_set(err, XLQA_EPARSE, "%s: tree %zu has no nodes", what, t);
			goto done;
		}
		total += n;
	}
	g->tree_start = malloc((g->n_trees + 1) * sizeof *g->tree_start);
	g->left = malloc((total ? total : 1) * sizeof *g->left);
	g->right = malloc((total ? total : 1) * sizeof *g->right);
	g->feature = malloc((total ? total : 1) * sizeof *g->feature);
	g->value = malloc((total ? total : 1) * sizeof *g->value);
	g->default_left = malloc(total ? total : 1);
	tmp = malloc((total ? total : 1) * 4 * sizeof *tmp);
	if (!g->tree_start || !g->left || !g->right || !g->feature || !g->value || !g->default_left || !tmp) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	total = 0;
	for (size_t t = 0; t < g->n_trees; t++) {
		const json_t *tree = json_array_get(trees, t), *cond = json_object_get(tree, "split_conditions");
		size_t n = json_array_size(json_object_get(tree, "left_children"));
		long long *l = tmp, *r = tmp + n, *f = tmp + 2 * n, *dl = tmp + 3 * n, *st = l; /* st reuses l below */

		g->tree_start[t] = total;
		if (!tree_ints(tree, "left_children", n, l) || !tree_ints(tree, "right_children", n, r) ||
		    !tree_ints(tree, "split_indices", n, f) || !tree_ints(tree, "default_left", n, dl) ||
		    !json_is_array(cond) || json_array_size(cond) != n) {
			rc = xlqa_error_set(err, XLQA_EPARSE, "%s: tree %zu: its node arrays are not %zu integers each", what,
			                    t, n);
			goto done;
		}
		for (size_t i = 0; i < n; i++) {
			const json_t *c = json_array_get(cond, i);
			bool leaf = l[i] == -1;

			if (!json_is_number(c) || !isfinite(json_number_value(c)) ||
			    (leaf ? r[i] != -1 : (l[i] <= (long long)i || r[i] <= (long long)i || l[i] >= (long long)n ||
			                          r[i] >= (long long)n || f[i] < 0 || f[i] >= (long long)g->d))) {
				rc = xlqa_error_set(err, XLQA_EPARSE, "%s: tree %zu node %zu: not a leaf nor a split on a feature "
				                    "into later nodes", what, t, i);
				goto done;
			}
			g->left[total + i] = (int32_t)l[i];
			g->right[total + i] = (int32_t)r[i];
			g->feature[total + i] = leaf ? 0 : (uint32_t)f[i];
			g->value[total + i] = (float)json_number_value(c);
			g->default_left[total + i] = dl[i] != 0;
		}
		if (!tree_ints(tree, "split_type", n, st)) {
			rc = xlqa_error_set(err, XLQA_EPARSE, "%s: tree %zu has no split types", what, t);
			goto done;
		}
		for (size_t i = 0; i < n; i++)
			if (st[i] != 0) {
				rc = xlqa_error_set(err, XLQA_EPARSE, "%s: tree %zu node %zu: a categorical split", what, t, i);
				goto done;
			}
		total += n;
	}
	g->tree_start[g->n_trees] = total;
done:
	free(tmp);
	json_decref(root);
	return rc;
}

/* Loads g->booster into XGBoost and builds the flat trees from its dump; `what` names it in errors. */
static int trees_from_booster(struct qa_gbt *g, const char *what, struct xlqa_error *err)
{
	BoosterHandle b = NULL;
	bst_ulong len = 0;
	const char *dump = NULL;
	int rc;

	xgb_quiet();
	if (XGBoosterCreate(NULL, 0, &b) != 0)
		return xgb_error(err, XLQA_EEXTERNAL, what);
	if (XGBoosterLoadModelFromBuffer(b, g->booster, (bst_ulong)g->booster_len) != 0)
		rc = xgb_error(err, XLQA_EPARSE, what);
	else if (XGBoosterSaveModelToBuffer(b, "{\"format\": \"json\"}", &len, &dump) != 0)
		rc = xgb_error(err, XLQA_EEXTERNAL, what);
	else
		rc = trees_from_dump(g, dump, (size_t)len, what, err);
	XGBoosterFree(b);
	return rc;
}

/* Sets one booster parameter from a printf format; false (err filled) on failure. */
static bool set_param(BoosterHandle b, const char *name, struct xlqa_error *err, const char *fmt, ...)
	XLQA_PRINTF(4, 5);
static bool set_param(BoosterHandle b, const char *name, struct xlqa_error *err, const char *fmt, ...)
{
	char value[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(value, sizeof value, fmt, ap);
	va_end(ap);
	if (XGBoosterSetParam(b, name, value) == 0)
		return true;
	xgb_error(err, XLQA_EEXTERNAL, "setting a GBT parameter");
	return false;
}

int qa_gbt_fit(size_t d, const double *x, const unsigned char *y, const size_t *question, size_t n,
               const struct xlqa_model_gbt_options *opt, struct qa_gbt **out, struct xlqa_error *err)
{
	struct qa_gbt *g = calloc(1, sizeof *g);
	size_t nq = 0, *count = NULL, *at = NULL, groups = 0;
	float *xf = NULL, *yf = NULL;
	unsigned *group = NULL;
	DMatrixHandle dm = NULL;
	BoosterHandle b = NULL;
	bst_ulong len;
	const char *buf;
	int rc;

	*out = NULL;
	if (!g)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	g->d = d;
	if ((rc = qa_gbt_resolve_options(opt, &g->opt, err)))
		goto done;
	snprintf(g->objective, sizeof g->objective, "%s", g->opt.objective);
	g->opt.objective = g->objective;
	if (n > UINT32_MAX || d > UINT32_MAX || n > SIZE_MAX / sizeof *xf / d) {
		rc = xlqa_error_set(err, XLQA_EOVERFLOW, "%zu candidates of %zu features are too many for XGBoost", n, d);
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		nq = question[i] + 1 > nq ? question[i] + 1 : nq;
	count = calloc(nq + 1, sizeof *count);
	at = calloc(nq + 1, sizeof *at);
	group = malloc((nq ? nq : 1) * sizeof *group);
	xf = malloc(n * d * sizeof *xf);
	yf = malloc(n * sizeof *yf);
	if (!count || !at || !group || !xf || !yf) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	/* XGBoost wants a group's rows adjacent: the rows in question order, each question's in table order */
	for (size_t i = 0; i < n; i++)
		count[question[i]]++;
	for (size_t q = 0, next = 0; q < nq; q++) {
		at[q] = next;
		next += count[q];
		if (count[q])
			group[groups++] = (unsigned)count[q];
	}
	for (size_t i = 0; i < n; i++) {
		size_t row = at[question[i]]++;

		for (size_t j = 0; j < d; j++)
			xf[row * d + j] = (float)x[i * d + j];
		yf[row] = (float)y[i];
	}
	xgb_quiet();
	if (XGDMatrixCreateFromMat_omp(xf, (bst_ulong)n, (bst_ulong)d, NAN, &dm, 1) != 0 ||
	    XGDMatrixSetFloatInfo(dm, "label", yf, (bst_ulong)n) != 0 ||
	    XGDMatrixSetUIntInfo(dm, "group", group, (bst_ulong)groups) != 0 || XGBoosterCreate(&dm, 1, &b) != 0) {
		rc = xgb_error(err, XLQA_EEXTERNAL, "preparing the GBT fit");
		goto done;
	}
	if (!set_param(b, "objective", err, "%s", g->opt.objective) || !set_param(b, "nthread", err, "1") ||
	    !set_param(b, "verbosity", err, "0") || !set_param(b, "booster", err, "gbtree") ||
	    !set_param(b, "tree_method", err, "hist") || !set_param(b, "seed", err, "%u", g->opt.seed) ||
	    !set_param(b, "eta", err, "%.17g", g->opt.eta) || !set_param(b, "max_depth", err, "%zu", g->opt.max_depth) ||
	    !set_param(b, "min_child_weight", err, "%.17g", g->opt.min_child_weight) ||
	    !set_param(b, "lambda", err, "%.17g", g->opt.lambda) ||
	    !set_param(b, "subsample", err, "%.17g", g->opt.subsample) ||
	    !set_param(b, "disable_default_eval_metric", err, "1")) {
		rc = err->status;
		goto done;
	}
	for (size_t r = 0; r < g->opt.rounds; r++)
		if (XGBoosterUpdateOneIter(b, (int)r, dm) != 0) {
			rc = xgb_error(err, XLQA_EEXTERNAL, "GBT fit");
			goto done;
		}
	if (XGBoosterSaveModelToBuffer(b, "{\"format\": \"ubj\"}", &len, &buf) != 0) {
		rc = xgb_error(err, XLQA_EEXTERNAL, "saving the GBT booster");
		goto done;
	}
	if (!(g->booster = malloc(len ? (size_t)len : 1))) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto done;
	}
	memcpy(g->booster, buf, (size_t)len);
	g->booster_len = (size_t)len;
	rc = trees_from_booster(g, "the fitted booster", err);
done:
	XGBoosterFree(b);
	XGDMatrixFree(dm);
	free(count);
	free(at);
	free(group);
	free(xf);
	free(yf);
	if (rc)
		qa_gbt_free(g);
	else
		*out = g;
	return rc;
}

/* ---- the model file's "gbt" object ------------------------------------------------------------- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The base64 (RFC 4648, padded) of bytes[0..n), NUL-terminated and malloc'd, or NULL. */
static char *base64_encode(const unsigned char *bytes, size_t n)
{
	char *s = n / 3 < SIZE_MAX / 4 - 1 ? malloc((n + 2) / 3 * 4 + 1) : NULL, *p = s;

	for (size_t i = 0; s && i < n; i += 3) {
		unsigned long v = (unsigned long)bytes[i] << 16 | (i + 1 < n ? (unsigned long)bytes[i + 1] << 8 : 0) |
		                  (i + 2 < n ? bytes[i + 2] : 0);

		*p++ = b64[v >> 18 & 63];
		*p++ = b64[v >> 12 & 63];
		*p++ = i + 1 < n ? b64[v >> 6 & 63] : '=';
		*p++ = i + 2 < n ? b64[v & 63] : '=';
	}
	if (s)
		*p = '\0';
	return s;
}

/*
 * Decodes padded base64 text of `len` characters into a malloc'd *out of *n bytes; XLQA_EPARSE
 * (offset named) for a character outside the alphabet, misplaced padding or a length not a multiple
 * of 4.
 */
static int base64_decode(const char *text, size_t len, const char *what, unsigned char **out, size_t *n,
                         struct xlqa_error *err)
{
	unsigned char *bytes;
	size_t k = 0;

	if (len % 4)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: base64 of %zu characters, not a multiple of 4", what, len);
	if (!(bytes = malloc(len / 4 * 3 + 1)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < len; i += 4) {
		unsigned long v = 0;
		int pad = 0;

		for (size_t j = 0; j < 4; j++) {
			const char *c = text[i + j] ? strchr(b64, text[i + j]) : NULL;

			if (text[i + j] == '=' && i + 4 == len && j >= 2 && (j == 3 || text[i + 3] == '=')) {
				pad++;
				v <<= 6;
			} else if (c && !pad) {
				v = v << 6 | (unsigned long)(c - b64);
			} else {
				free(bytes);
				return xlqa_error_set(err, XLQA_EPARSE, "%s: not base64 at character %zu", what, i + j);
			}
		}
		bytes[k++] = (unsigned char)(v >> 16);
		if (pad < 2)
			bytes[k++] = (unsigned char)(v >> 8 & 255);
		if (pad < 1)
			bytes[k++] = (unsigned char)(v & 255);
	}
	*out = bytes;
	*n = k;
	return XLQA_OK;
}

static unsigned long booster_crc(const unsigned char *bytes, size_t n)
{
	uLong crc = crc32(0L, Z_NULL, 0);

	while (n > 0) { /* crc32 takes a uInt length */
		uInt chunk = n > 1u << 30 ? 1u << 30 : (uInt)n;

		crc = crc32(crc, bytes, chunk);
		bytes += chunk;
		n -= chunk;
	}
	return (unsigned long)crc;
}

json_t *qa_gbt_json(const struct qa_gbt *g)
{
	json_t *o = json_object();
	char *text = base64_encode(g->booster, g->booster_len);
	int major = 0, minor = 0, patch = 0;
	char version[32];
	bool bad = !o || !text;

	XGBoostVersion(&major, &minor, &patch);
	snprintf(version, sizeof version, "%d.%d.%d", major, minor, patch);
	bad = bad || json_object_set_new(o, "objective", json_string(g->opt.objective)) ||
	      json_object_set_new(o, "rounds", json_integer((json_int_t)g->opt.rounds)) ||
	      json_object_set_new(o, "max_depth", json_integer((json_int_t)g->opt.max_depth)) ||
	      json_object_set_new(o, "eta", json_real(g->opt.eta)) ||
	      json_object_set_new(o, "min_child_weight", json_real(g->opt.min_child_weight)) ||
	      json_object_set_new(o, "lambda", json_real(g->opt.lambda)) ||
	      json_object_set_new(o, "subsample", json_real(g->opt.subsample)) ||
	      json_object_set_new(o, "seed", json_integer((json_int_t)g->opt.seed)) ||
	      json_object_set_new(o, "trees", json_integer((json_int_t)g->n_trees)) ||
	      json_object_set_new(o, "xgboost", json_string(version)) ||
	      json_object_set_new(o, "booster_format", json_string("ubj")) ||
	      json_object_set_new(o, "booster_bytes", json_integer((json_int_t)g->booster_len)) ||
	      json_object_set_new(o, "booster_crc32", json_integer((json_int_t)booster_crc(g->booster, g->booster_len))) ||
	      json_object_set_new(o, "booster", json_string(text));
	free(text);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static const char *const gbt_keys[] = { "objective", "rounds", "max_depth", "eta", "min_child_weight", "lambda",
	                                "subsample", "seed", "trees", "xgboost", "booster_format", "booster_bytes",
	                                "booster_crc32", "booster" };

/* o[key] as an integer in [0, max] into *v. */
static int gbt_count(const json_t *o, const char *key, json_int_t max, const char *what, json_int_t *v,
                     struct xlqa_error *err)
{
	const json_t *j = json_object_get(o, key);

	if (!json_is_integer(j) || json_integer_value(j) < 0 || json_integer_value(j) > max)
		return xlqa_error_set(err, XLQA_EPARSE, "%s needs '%s' as an integer from 0 to %lld", what, key,
		                      (long long)max);
	*v = json_integer_value(j);
	return XLQA_OK;
}

static int gbt_real(const json_t *o, const char *key, const char *what, double *v, struct xlqa_error *err)
{
	const json_t *j = json_object_get(o, key);

	if (!json_is_number(j) || !isfinite(*v = json_number_value(j)))
		return xlqa_error_set(err, XLQA_EPARSE, "%s needs '%s' as a finite number", what, key);
	return XLQA_OK;
}

int qa_gbt_from_json(const json_t *o, size_t d, const char *path, struct qa_gbt **out, struct xlqa_error *err)
{
	struct qa_gbt *g = calloc(1, sizeof *g);
	const json_t *obj = json_object_get(o, "objective"), *fmt = json_object_get(o, "booster_format");
	const json_t *text = json_object_get(o, "booster");
	struct xlqa_error opt_err = { 0 };
	json_int_t rounds, depth, seed, trees, bytes, crc;
	char what[512];
	const char *key;
	json_t *value;
	int rc = XLQA_OK;

	*out = NULL;
	if (!g)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	g->d = d;
	snprintf(what, sizeof what, "%s: 'gbt'", path);
	if (!json_is_object(o)) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s must be an object", what);
		goto done;
	}
	json_object_foreach((json_t *)o, key, value) {
		size_t i = 0;

		while (i < sizeof gbt_keys / sizeof gbt_keys[0] && strcmp(key, gbt_keys[i]) != 0)
			i++;
		if (i == sizeof gbt_keys / sizeof gbt_keys[0]) {
			rc = xlqa_error_set(err, XLQA_EPARSE, "%s: unknown key '%s'", what, key);
			goto done;
		}
	}
	if (!json_is_string(obj) || !json_is_string(fmt) || strcmp(json_string_value(fmt), "ubj") != 0 ||
	    !json_is_string(text) || !json_is_string(json_object_get(o, "xgboost"))) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s needs 'objective', 'xgboost' and 'booster' as strings and "
		                    "'booster_format' \"ubj\"", what);
		goto done;
	}
	snprintf(g->objective, sizeof g->objective, "%s", json_string_value(obj));
	g->opt.objective = g->objective;
	g->opt.min_child_weight_set = g->opt.lambda_set = true;
	if ((rc = gbt_count(o, "rounds", MAX_ROUNDS, what, &rounds, err)) ||
	    (rc = gbt_count(o, "max_depth", MAX_DEPTH, what, &depth, err)) ||
	    (rc = gbt_count(o, "seed", UINT32_MAX, what, &seed, err)) ||
	    (rc = gbt_count(o, "trees", MAX_ROUNDS, what, &trees, err)) ||
	    (rc = gbt_count(o, "booster_bytes", (json_int_t)1 << 40, what, &bytes, err)) ||
	    (rc = gbt_count(o, "booster_crc32", UINT32_MAX, what, &crc, err)) ||
	    (rc = gbt_real(o, "eta", what, &g->opt.eta, err)) ||
	    (rc = gbt_real(o, "min_child_weight", what, &g->opt.min_child_weight, err)) ||
	    (rc = gbt_real(o, "lambda", what, &g->opt.lambda, err)) ||
	    (rc = gbt_real(o, "subsample", what, &g->opt.subsample, err)))
		goto done;
	g->opt.rounds = (size_t)rounds;
	g->opt.max_depth = (size_t)depth;
	g->opt.seed = (unsigned)seed;
	/* the file's parameters must be ones a fit takes (0 would mean a default: refused) */
	if (!rounds || !depth || g->opt.eta == 0 || g->opt.subsample == 0 ||
	    qa_gbt_resolve_options(&g->opt, &g->opt, &opt_err)) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: %s", what, opt_err.status ? opt_err.message : "a parameter is 0");
		goto done;
	}
	g->opt.objective = g->objective;
	if ((rc = base64_decode(json_string_value(text), json_string_length(text), what, &g->booster, &g->booster_len,
	                        err)))
		goto done;
	if ((json_int_t)g->booster_len != bytes) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: 'booster' holds %zu bytes, 'booster_bytes' says %lld", what,
		                    g->booster_len, (long long)bytes);
		goto done;
	}
	if ((json_int_t)booster_crc(g->booster, g->booster_len) != crc) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: the booster's CRC-32 is %lu, 'booster_crc32' says %lld: the "
		                    "booster is corrupt", what, booster_crc(g->booster, g->booster_len), (long long)crc);
		goto done;
	}
	if (g->booster_len < 2 || g->booster[0] != '{' || g->booster[g->booster_len - 1] != '}') {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: the booster is not a UBJSON object", what);
		goto done;
	}
	if ((rc = trees_from_booster(g, what, err)))
		goto done;
	if (g->n_trees != (size_t)trees)
		rc = xlqa_error_set(err, XLQA_EPARSE, "%s: the booster has %zu trees, 'trees' says %lld", what, g->n_trees,
		                    (long long)trees);
done:
	if (rc)
		qa_gbt_free(g);
	else
		*out = g;
	return rc;
}
