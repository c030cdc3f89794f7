/*
 * Fuzz target: a lexicon file with its checksums recomputed (reseal), so that mutations reach the
 * structural checks; a lexicon that opens is verified whole, and has its keys looked up and every
 * translation and stem read (the checks lookups make on use), then its damage asked for.
 */
#include "config.h"

#include "fuzz.h"
#include "reseal.h"
#include "xlqa/xlqa.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1);
	struct xlqa_lexicon *lex;
	struct xlqa_lexicon_info info;
	struct xlqa_error err;
	const char *path;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	reseal_lexicon(copy, size);
	path = fuzz_write("de-en.lex", copy, size);
	if (xlqa_lexicon_open(path, &lex, &err) == XLQA_OK) {
		(void)xlqa_lexicon_verify(lex, &err);
		xlqa_lexicon_get_info(lex, &info);
		for (size_t k = 0; k < info.keys && k < 256; k++) {
			const char *key = xlqa_lexicon_key(lex, k);
			struct xlqa_lexicon_trans tr;
			size_t found, first, rows;

			(void)xlqa_lexicon_find(lex, key, strlen(key), &found);
			for (size_t i = 0; i < xlqa_lexicon_n_trans(lex, k); i++)
				xlqa_lexicon_trans_at(lex, k, i, &tr);
			rows = xlqa_lexicon_find_stem(lex, key, strlen(key), &first);
			for (size_t r = 0; r < rows; r++)
				(void)xlqa_lexicon_stem_key(lex, first + r);
		}
		(void)xlqa_lexicon_damage(lex, &err);
		xlqa_lexicon_free(lex);
	}
	free(copy);
	return 0;
}
