/*
 * xlqa: the whole public interface of libxlqa. Programs include this one header and link -lxlqa
 * (pkg-config xlqa).
 */
#ifndef XLQA_XLQA_H
#define XLQA_XLQA_H

#include "xlqa/answer.h"
#include "xlqa/biogen.h"
#include "xlqa/clef.h"
#include "xlqa/corpus.h"
#include "xlqa/eval.h"
#include "xlqa/extract.h"
#include "xlqa/index.h"
#include "xlqa/lang.h"
#include "xlqa/lexicon.h"
#include "xlqa/model.h"
#include "xlqa/patterns.h"
#include "xlqa/query.h"
#include "xlqa/significance.h"
#include "xlqa/squad.h"
#include "xlqa/question.h"
#include "xlqa/testset.h"
#include "xlqa/text.h"
#include "xlqa/trec.h"
#include "xlqa/trecrun.h"
#include "xlqa/util.h"
#include "xlqa/version.h"

#endif
