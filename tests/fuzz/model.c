/* Fuzz target: a model file (the JSON xlqa calibrate writes), read from a path. */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write("model.json", data, size);
	struct xlqa_model *m = NULL;
	struct xlqa_error err;

	(void)xlqa_model_read(path, &m, &err);
	xlqa_model_free(m);
	return 0;
}
