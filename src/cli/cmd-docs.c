/*
 * docs: lists the documents a collection's reader produces, or those an index stores, in the same
 * format, so the two can be compared; with --text, prints one document's text byte for byte.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
	"usage: xlqa docs [--data-root DIR] [--text DOCNO] CONFIG...\n"
	"       xlqa docs --index DIR [--text DOCNO]\n"
	"\n"
	"Lists documents, one line each: DOCNO, date, bytes of text. From collection configurations it\n"
	"shows what the reader makes of the files (skipped documents on standard error); from an index,\n"
	"what the index stores. With --text DOCNO, prints that document's text exactly as stored.\n"
	"\n"
	"  -i, --index DIR      read an index instead of collections\n"
	"  -d, --data-root DIR  directory the configurations' globs are relative to (default: .)\n"
	"      --text DOCNO     print the text of one document\n"
	"  -h, --help           this text\n";

static void on_skip(void *ctx, const char *file, int64_t offset, enum xlqa_skip_reason reason, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "xlqa docs: %s: byte %lld: skipped (%s): %s\n", file, (long long)offset,
	        xlqa_skip_reason_name(reason), msg);
}

static int list_index(const char *dir, const char *want, struct xlqa_error *err)
{
	struct xlqa_index *idx;
	struct xlqa_buf text = XLQA_BUF_INIT;
	uint32_t doc;
	int rc = xlqa_index_open(dir, &idx, err);

	if (rc)
		return rc;
	if (want) {
		if (!xlqa_index_find_docno(idx, want, &doc))
			rc = xlqa_error_set(err, XLQA_ENOTFOUND, "no document '%s' in '%s'", want, dir);
		else if ((rc = xlqa_index_doc_text(idx, doc, &text, err)) == XLQA_OK)
			fwrite(text.buf, 1, text.len, stdout);
	} else {
		for (doc = 0; doc < xlqa_index_get_stats(idx)->documents && rc == XLQA_OK; doc++) {
			if ((rc = xlqa_index_doc_text(idx, doc, &text, err)) == XLQA_OK)
				printf("%s\t%s\t%zu\n", xlqa_index_docno(idx, doc), xlqa_index_date(idx, doc), text.len);
		}
	}
	xlqa_buf_release(&text);
	xlqa_index_free(idx);
	return rc;
}

static int list_collection(const char *arg, const char *root, const char *want, bool *found, struct xlqa_error *err)
{
	struct xlqa_corpus_config *cfg;
	struct xlqa_corpus_reader *r;
	struct xlqa_doc doc;
	bool end = false;
	int rc = cli_corpus_config(arg, &cfg, err);

	if (rc)
		return rc;
	if ((rc = xlqa_corpus_open(cfg, root, on_skip, NULL, &r, err))) {
		xlqa_corpus_config_free(cfg);
		return rc;
	}
	while ((rc = xlqa_corpus_next(r, &doc, &end, err)) == XLQA_OK && !end) {
		if (!want) {
			printf("%s\t%s\t%zu\n", doc.docno, doc.date, doc.len);
		} else if (strcmp(doc.docno, want) == 0) {
			fwrite(doc.text, 1, doc.len, stdout);
			*found = true;
			break;
		}
	}
	xlqa_corpus_free(r);
	xlqa_corpus_config_free(cfg);
	return rc;
}

int cmd_docs(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "index", required_argument, NULL, 'i' }, { "data-root", required_argument, NULL, 'd' },
		{ "text", required_argument, NULL, 't' },  { "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *index = NULL, *root = NULL, *want = NULL;
	struct xlqa_error err;
	bool found = false;
	int c, rc = XLQA_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "i:d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'i': index = optarg; break;
		case 'd': root = optarg; break;
		case 't': want = optarg; break;
		case 'h':
			fputs(usage_text, stdout);
			return cli_finish_output("docs", CLI_EXIT_OK);
		default: return cli_bad_option("docs", argv);
		}
	}
	if (!index == (optind >= argc))
		return cli_usage_error("docs", "give either --index DIR or collection configurations");
	xlqa_error_clear(&err);
	if (index)
		rc = list_index(index, want, &err);
	for (int i = optind; i < argc && rc == XLQA_OK && !found; i++)
		rc = list_collection(argv[i], root, want, &found, &err);
	if (rc == XLQA_OK && !index && want && !found)
		rc = xlqa_error_set(&err, XLQA_ENOTFOUND, "no document '%s' in the collections", want);
	return cli_finish_output("docs", rc ? cli_fail("docs", &err) : CLI_EXIT_OK);
}
