/*
 * model-internal: what the files of src/model share (model.c defines the first two, gbt.c the rest).
 */
#ifndef XLQA_MODEL_INTERNAL_H
#define XLQA_MODEL_INTERNAL_H

#include "xlqa/model.h"

#include <jansson.h>

/* The index of the first name in names[0..d) equal to an earlier one, or -1. */
long qa_model_repeated_name(const char *const *names, size_t d);
/* A calibration's confidence for answer inputs `inputs`: sigmoid(bias + weights . inputs). */
double qa_model_calibrated(const struct xlqa_model_answer_calibration *c, const double *inputs);

/* Gradient-boosted ranking trees (gbt.c): XGBoost's booster and a flat copy of its trees. */
struct qa_gbt;
/*
 * Fills in the defaults of `in` (NULL: all defaults) into *out and checks the ranges (model.h);
 * XLQA_EINVAL naming the parameter. out->objective points at static storage.
 */
int qa_gbt_resolve_options(const struct xlqa_model_gbt_options *in, struct xlqa_model_gbt_options *out,
                           struct xlqa_error *err);
/*
 * Fits trees on n rows of d raw features x (row-major), labels y and question[i] the group of row i
 * (< n), with the options `opt` (resolved here). The inputs are the caller's to check (labels 0/1,
 * finite features). Errors: those of qa_gbt_resolve_options; XLQA_EEXTERNAL with XGBoost's message;
 * XLQA_EOVERFLOW; XLQA_ENOMEM.
 */
int qa_gbt_fit(size_t d, const double *x, const unsigned char *y, const size_t *question, size_t n,
               const struct xlqa_model_gbt_options *opt, struct qa_gbt **out, struct xlqa_error *err);
void qa_gbt_free(struct qa_gbt *g);
/* The margin of one row of d features (XGBoost's prediction with output_margin). */
double qa_gbt_score(const struct qa_gbt *g, const double *x);
const struct xlqa_model_gbt_options *qa_gbt_options(const struct qa_gbt *g);
size_t qa_gbt_trees(const struct qa_gbt *g);
/* The model file's "gbt" object, or NULL when out of memory. */
json_t *qa_gbt_json(const struct qa_gbt *g);
/*
 * Reads a model file's "gbt" object for a model of d features; XLQA_EPARSE "path: 'gbt' ..." for
 * anything wrong (model.h, xlqa_model_read), XLQA_EEXTERNAL, XLQA_ENOMEM.
 */
int qa_gbt_from_json(const json_t *o, size_t d, const char *path, struct qa_gbt **out, struct xlqa_error *err);

#endif
