/*
 * model-internal: what the files of src/model share (model.c defines both).
 */
#ifndef XLQA_MODEL_INTERNAL_H
#define XLQA_MODEL_INTERNAL_H

#include "xlqa/model.h"

/* The index of the first name in names[0..d) equal to an earlier one, or -1. */
long qa_model_repeated_name(const char *const *names, size_t d);
/* A calibration's confidence for answer inputs `inputs`: sigmoid(bias + weights . inputs). */
double qa_model_calibrated(const struct xlqa_model_answer_calibration *c, const double *inputs);

#endif
