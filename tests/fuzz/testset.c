/* Fuzz target: the CLEF test-set parser (FUZZ_TSV: the TSV form), from memory, with a lookup. */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xlqa_testset ts;
	struct xlqa_error err;

	xlqa_testset_init(&ts);
#ifdef FUZZ_TSV
	if (xlqa_testset_parse_tsv(&ts, (const char *)data, size, "fuzz.tsv", &err) == XLQA_OK)
#else
	if (xlqa_testset_parse(&ts, (const char *)data, size, "fuzz.txt", &err) == XLQA_OK)
#endif
		(void)xlqa_testset_find(&ts, 1);
	xlqa_testset_release(&ts);
	return 0;
}
