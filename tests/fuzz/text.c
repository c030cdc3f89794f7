/*
 * Fuzz target: the text layer on arbitrary bytes: decoding (UTF-8 validation, Latin-1 and
 * Windows-1252 conversion), character references strict and lenient, normalisation with every flag,
 * and sentence segmentation of what decoded.
 */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const encodings[] = { "UTF-8", "ISO-8859-1", "WINDOWS-1252" };
	static struct xlqa_segmenter *seg;
	struct xlqa_buf dec = XLQA_BUF_INIT, out = XLQA_BUF_INIT;
	struct xlqa_segments segs;
	struct xlqa_error err;
	size_t kept = 0;

	if (!seg && xlqa_segmenter_new("en", &seg, &err))
		abort();
	for (size_t e = 0; e < sizeof encodings / sizeof encodings[0]; e++) {
		xlqa_buf_reset(&dec);
		if (xlqa_text_decode(encodings[e], (const char *)data, size, "fuzz", &dec, &err))
			continue;
		xlqa_buf_reset(&out);
		(void)xlqa_text_unescape(dec.buf, dec.len, 0, "fuzz", &out, &kept, &err);
		xlqa_buf_reset(&out);
		(void)xlqa_text_unescape(dec.buf, dec.len, XLQA_UNESCAPE_LENIENT, "fuzz", &out, &kept, &err);
		for (unsigned flags = 0; flags < 16; flags += 5) {
			xlqa_buf_reset(&out);
			(void)xlqa_text_normalize(dec.buf, dec.len, flags, &out, &err);
		}
		xlqa_segments_init(&segs);
		(void)xlqa_segmenter_run(seg, dec.buf, dec.len, &segs, &err);
		xlqa_segments_release(&segs);
	}
	xlqa_buf_release(&dec);
	xlqa_buf_release(&out);
	return 0;
}
