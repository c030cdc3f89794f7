/*
 * xlqa: the whole public interface of libxlqa. Programs include this one header and link -lxlqa
 * (pkg-config xlqa).
 */
#ifndef XLQA_XLQA_H
#define XLQA_XLQA_H

#include "xlqa/lang.h"
#include "xlqa/query.h"
#include "xlqa/question.h"
#include "xlqa/testset.h"
#include "xlqa/text.h"
#include "xlqa/util.h"

#endif
