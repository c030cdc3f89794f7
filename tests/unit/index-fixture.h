/*
 * index-fixture: a small index built from a collection held in the test, for the suites that answer
 * from one (respond, trecrun). Failures stop the test through Check's assertions.
 */
#ifndef XLQA_TEST_INDEX_FIXTURE_H
#define XLQA_TEST_INDEX_FIXTURE_H

#include "xlqa/xlqa.h"

#include <stddef.h>

/*
 * Makes a temporary folder from `pattern` (a mkdtemp template) into dir[cap], writes `collection`
 * (`len` bytes) there as c.sgml, indexes it by the collection description `conf` (whose files must
 * be c.sgml) into dir/idx and opens it into *idx (the caller closes it with index_fixture_close).
 */
void index_fixture_open(const char *pattern, char *dir, size_t cap, const char *collection, size_t len,
                        const char *conf, struct xlqa_index **idx);
/* Closes `idx` and removes the folder `dir` with everything in it. */
void index_fixture_close(struct xlqa_index *idx, const char *dir);

#endif
