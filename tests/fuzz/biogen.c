/* Fuzz target: BioGen JSON from memory: as a topics file, and as a run checked against topics. */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char topics_json[] = "{\"topic_id\": \"1\", \"question\": \"Does aspirin help?\"}\n"
	                                  "{\"topic_id\": \"2\", \"question\": \"What do statins do?\"}\n";
	struct xlqa_biogen_topics *t = NULL, *fixed = NULL;
	struct xlqa_biogen_report rep;
	struct xlqa_error err;

	(void)xlqa_biogen_topics_parse((const char *)data, size, "fuzz.json", &t, &err);
	xlqa_biogen_topics_free(t);
	(void)xlqa_biogen_topics_parse(topics_json, strlen(topics_json), "topics.json", &fixed, &err);
	xlqa_biogen_report_init(&rep);
	(void)xlqa_biogen_check((const char *)data, size, fixed, &rep, &err);
	xlqa_biogen_report_release(&rep);
	xlqa_biogen_topics_free(fixed);
	return 0;
}
