/*
 * xlqa: the whole public interface of libxlqa. Programs include this one header and link -lxlqa
 * (pkg-config xlqa).
 *
 * Ownership, once for every header: an object a call makes through `**out` (_new, _open, _read) is
 * the caller's until its _free (never a _close: one word ends every object, opened or made), and
 * _free(NULL) does nothing;
 * a struct the caller declares is initialised (its _init or _INIT) before use and _release'd after;
 * a pointer returned into an object, or a string a call returns, is borrowed: valid until that object
 * is freed or, where a function says so, its next call, and static where the function says "static".
 * Each header names its objects; a function comment notes only an exception.
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
