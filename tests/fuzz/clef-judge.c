/* Fuzz target: a CLEF judge's key from a path: FUZZ_KIND gold (a gold key) or judgments (a pool). */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char run_text[] = "F 0001 abcd041enen 0.5 DOC1 Paris\nD 0002 abcd041enen 1 NIL\n";
	const char *path = fuzz_write("key.txt", data, size);
	struct xlqa_judge *j = NULL;
	struct xlqa_clef_run run;
	struct xlqa_error err;

	if (xlqa_judge_open(STR(FUZZ_KIND), path, "en", &j, &err) == XLQA_OK) {
		xlqa_clef_run_init(&run);
		if (xlqa_clef_run_parse(&run, run_text, strlen(run_text), "run.txt", 0, &err) == XLQA_OK)
			(void)xlqa_judge_run(j, &run, NULL, &err);
		xlqa_clef_run_release(&run);
	}
	xlqa_judge_free(j);
	return 0;
}
