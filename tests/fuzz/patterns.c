/* Fuzz target: a TREC answer-pattern key, read (skipping bad lines) and matched against answers. */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const answers[] = { "Paris", "about 15 percent of 1,000 years", "aaaaaaaaaaaaaaaaaaaaaaaab", "" };
	const char *path = fuzz_write("key.patterns", data, size);
	struct xlqa_patterns *p = NULL;
	struct xlqa_error err;
	unsigned m;

	if (xlqa_patterns_read_flags(path, XLQA_PATTERNS_SKIP_BAD, &p, &err) == XLQA_OK) {
		for (size_t q = 0; q < xlqa_patterns_questions(p) && q < 4; q++)
			for (size_t a = 0; a < sizeof answers / sizeof answers[0]; a++)
				(void)xlqa_patterns_match(p, xlqa_patterns_qid(p, q), answers[a], strlen(answers[a]),
				                          "APW19990101.0001", &m, &err);
	}
	xlqa_patterns_free(p);
	return 0;
}
