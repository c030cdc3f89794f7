/*
 * Fuzz target: a lexicon source as FUZZ_KIND names it: tsv or apertium (the file as given, lenient
 * and strict), or dictd (the input split at its first NUL byte into the .index and the .dict).
 */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#include <string.h>

#define KIND_tsv 1
#define KIND_apertium 2
#define KIND_dictd 3
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define KIND CAT(KIND_, FUZZ_KIND)

static int count(void *ctx, const struct xlqa_dict_entry *e, struct xlqa_error *err)
{
	(void)err;
	*(size_t *)ctx += e->n_trans;
	return XLQA_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xlqa_dict_stats st;
	struct xlqa_error err;
	size_t n = 0;

#if KIND == KIND_dictd
	const uint8_t *nul = memchr(data, '\0', size);
	size_t index_len = nul ? (size_t)(nul - data) : size;
	const char *index = fuzz_write("d.index", data, index_len);
	const char *dict = fuzz_write("d.dict", nul ? nul + 1 : data + size, nul ? size - index_len - 1 : 0);
	enum xlqa_dict_style style;

	memset(&st, 0, sizeof st);
	(void)xlqa_dict_read_dictd(index, dict, count, &n, &st, &style, &err);
#else
	const char *path = fuzz_write("d.txt", data, size);

	for (int strict = 0; strict < 2; strict++) {
		memset(&st, 0, sizeof st);
#if KIND == KIND_tsv
		(void)xlqa_dict_read_tsv(path, strict, count, &n, &st, &err);
#elif KIND == KIND_apertium
		(void)xlqa_dict_read_apertium(path, strict, count, &n, &st, &err);
#else
#error "FUZZ_KIND: tsv, apertium or dictd"
#endif
	}
#endif
	return 0;
}
