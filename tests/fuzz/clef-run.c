/* Fuzz target: a CLEF 2004 run from memory: the reader (plain and judged) and the run checker. */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char set[] = "F EN EN 0001 What is the capital of France?\nD EN EN 0002 Who is Chirac?\n"
	                          "F EN EN 0003 When did Napoleon die?\n";
	struct xlqa_clef_check_options o;
	struct xlqa_clef_report rep;
	struct xlqa_clef_run run;
	struct xlqa_testset ts;
	struct xlqa_error err;

	xlqa_clef_run_init(&run);
	(void)xlqa_clef_run_parse(&run, (const char *)data, size, "fuzz.txt", 0, &err);
	xlqa_clef_run_release(&run);
	xlqa_clef_run_init(&run);
	(void)xlqa_clef_run_parse(&run, (const char *)data, size, "fuzz.txt", XLQA_CLEF_JUDGED, &err);
	xlqa_clef_run_release(&run);
	xlqa_testset_init(&ts);
	if (xlqa_testset_parse(&ts, set, strlen(set), "set.txt", &err) == XLQA_OK) {
		memset(&o, 0, sizeof o);
		o.testset = &ts;
		o.file_name = "abcd041enen.txt";
		xlqa_clef_report_init(&rep);
		(void)xlqa_clef_check((const char *)data, size, &o, &rep, &err);
		xlqa_clef_report_release(&rep);
	}
	xlqa_testset_release(&ts);
	return 0;
}
