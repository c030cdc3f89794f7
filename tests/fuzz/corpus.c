/*
 * Fuzz target: the collection reader on one file, in the format FUZZ_FORMAT names (sgml, xml, html,
 * or gzip: SGML in a gzip file), read to the end with every skipped document counted.
 */
#include "config.h"

#include "fuzz.h"
#include "xlqa/xlqa.h"

#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

static const char *config_text(void)
{
	static const char *const configs[][2] = {
		{ "sgml", "name = f\nlanguage = en\nfiles = c.sgml\ndoc = DOC\ndocno = DOCNO\ntext = TEXT HEADLINE\n"
		          "date = DATE\n" },
		{ "gzip", "name = f\nlanguage = en\nfiles = c.gz\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n"
		          "encoding = UTF-8\n" },
		{ "xml", "name = f\nlanguage = en\nformat = xml\nencoding = UTF-8\nfiles = c.xml\ndoc = DOC\n"
		         "docno = @id\ntext = HEADLINE TEXT\ndate = @date\n" },
		{ "html", "name = f\nlanguage = en\nformat = html\nencoding = UTF-8\nfiles = c.html\ndoc = DOC\n"
		          "docno = DOCNO\ndate = DATE_XML\nhtml_after = DOCHDR\n" },
	};

	for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++)
		if (strcmp(configs[i][0], STR(FUZZ_FORMAT)) == 0)
			return configs[i][1];
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const files[] = { "c.sgml", "c.gz", "c.xml", "c.html" };
	const char *text = config_text();
	struct xlqa_corpus_config *cfg;
	struct xlqa_corpus_reader *r;
	struct xlqa_error err;
	struct xlqa_doc d;
	bool end = false;

	if (xlqa_corpus_config_parse(text, strlen(text), "fuzz.conf", &cfg, &err))
		return 0;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		if (strcmp(cfg->files[0], files[i]) == 0)
			fuzz_write(files[i], data, size);
	if (xlqa_corpus_open(cfg, fuzz_dir(), NULL, NULL, &r, &err) == XLQA_OK) {
		while (xlqa_corpus_next(r, &d, &end, &err) == XLQA_OK && !end)
			;
		xlqa_corpus_free(r);
	}
	xlqa_corpus_config_free(cfg);
	return 0;
}
