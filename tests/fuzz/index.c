/*
 * Fuzz target: an index file. The input is index.xlqa with its checksums recomputed (reseal), so
 * that mutations reach the structural checks; an index that opens is used the way search uses it:
 * every document's DOCNO, date and text, the vocabulary, every term's statistics and postings to the
 * end (with and without positions), and a verify.
 */
#include "config.h"

#include "fuzz.h"
#include "index/index-internal.h"
#include "reseal.h"
#include "xlqa/xlqa.h"

#include <stdlib.h>
#include <string.h>

/* what the reads add up to, kept so that they are not optimised away */
static volatile size_t sink;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1);
	struct xlqa_buf text = XLQA_BUF_INIT;
	struct xlqa_postings_cursor c;
	struct xlqa_index *idx;
	struct xlqa_error err;
	struct idx_header h;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	reseal_index(copy, size);
	fuzz_write("index.xlqa", copy, size);
	if (xlqa_index_open(fuzz_dir(), &idx, &err) == XLQA_OK) {
		const struct xlqa_index_stats *st = xlqa_index_get_stats(idx);
		const char **words;
		uint64_t *counts;
		size_t n_words, sum = 0;
		uint32_t doc, tf;

		memcpy(&h, copy, sizeof h);
		for (uint32_t d = 0; d < st->documents && d < 64; d++) {
			(void)xlqa_index_find_docno(idx, xlqa_index_docno(idx, d), &doc);
			(void)xlqa_index_date(idx, d);
			(void)xlqa_index_doc_text(idx, d, &text, &err);
		}
		if (xlqa_index_vocabulary(idx, &words, &counts, &n_words, &err) == XLQA_OK) {
			for (size_t i = 0; i < n_words; i++)
				sum += strlen(words[i]) + counts[i];
			free(words);
			free(counts);
		}
		(void)xlqa_index_verify(idx, &err);
		xlqa_postings_init(&c);
		for (uint64_t t = 0; t < st->terms && t < 64; t++) {
			struct idx_term term;
			struct xlqa_posting p;
			bool end = false;

			/* the term's name, as the open checked it: inside the term strings, which end in NUL */
			memcpy(&term, copy + h.sections[SEC_TERMS].offset + t * sizeof term, sizeof term);
			const char *name = (const char *)copy + h.sections[SEC_TERMSTR].offset + term.name;

			(void)xlqa_index_term_stats(idx, name, NULL, NULL);
			if (xlqa_postings_open(idx, name, &c))
				while (xlqa_postings_next(&c, &p, &end) == XLQA_OK && !end)
					;
			/* again without the positions, as one-word alternatives are searched */
			if (xlqa_postings_open(idx, name, &c))
				while (xlqa_postings_next_doc(&c, &doc, &tf, &end) == XLQA_OK && !end)
					sum += tf;
		}
		xlqa_postings_release(&c);
		sink = sum;
		xlqa_index_free(idx);
	}
	xlqa_buf_release(&text);
	free(copy);
	return 0;
}
