/*
 * Fuzz target: one TREC file read from a path, as FUZZ_KIND names it: ranked or series runs (in
 * check mode, so bad lines are counted), judgments, nugget keys, question series (XML) or list keys.
 */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#define KIND_ranked 1
#define KIND_series 2
#define KIND_judgments 3
#define KIND_nuggets 4
#define KIND_questions 5
#define KIND_listkey 6
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define KIND CAT(KIND_, FUZZ_KIND)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write("trec.txt", data, size);
	struct xlqa_error err;

#if KIND == KIND_ranked || KIND == KIND_series
	struct xlqa_trec_problems pr;
	struct xlqa_trec_run *run = NULL;

	xlqa_trec_problems_init(&pr);
	(void)xlqa_trec_run_read(path, KIND == KIND_ranked ? XLQA_TREC_RANKED : XLQA_TREC_SERIES, NULL, &run, &pr, &err);
	xlqa_trec_run_free(run);
	xlqa_trec_problems_release(&pr);
#elif KIND == KIND_judgments
	struct xlqa_trec_judgments *j = NULL;

	if (xlqa_trec_judgments_read(path, &j, &err) == XLQA_OK)
		(void)xlqa_trec_judgments_get(j, "1", "APW19990101.0001", "Paris", 5);
	xlqa_trec_judgments_free(j);
#elif KIND == KIND_nuggets
	struct xlqa_trec_nuggets *n = NULL;

	(void)xlqa_trec_nuggets_read(path, &n, &err);
	xlqa_trec_nuggets_free(n);
#elif KIND == KIND_questions
	struct xlqa_trec_series *s = NULL;

	(void)xlqa_trec_series_read(path, &s, &err);
	xlqa_trec_series_free(s);
#elif KIND == KIND_listkey
	struct xlqa_patterns *p = NULL;

	(void)xlqa_trec_list_key_read(path, &p, &err);
	xlqa_patterns_free(p);
#else
#error "FUZZ_KIND: ranked, series, judgments, nuggets, questions or listkey"
#endif
	return 0;
}
