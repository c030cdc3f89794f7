/* Fuzz target: a corpora-config file from memory. */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xlqa_corpus_config *cfg = NULL;
	struct xlqa_error err;

	(void)xlqa_corpus_config_parse((const char *)data, size, "fuzz.conf", &cfg, &err);
	xlqa_corpus_config_free(cfg);
	return 0;
}
