/*
 * translate: prints each question of a CLEF test set with the weighted target-language query its
 * keywords translate to, so a person can see why a translation went wrong.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char translate_help[] =
	"usage: xlqa translate [--pair XX-YY] [--lexicon-dir DIR] [--vocabulary FILE] [--mt] FILE\n"
	"\n"
	"Reads a CLEF test set and prints, for each question, the question and its target-language\n"
	"query: concepts as source^weight(alternative:weight|...), names and numbers passed through.\n"
	"The pair comes from the test set's lines unless --pair overrides it. With --mt, where Apertium\n"
	"has the pair, two more lines follow: Apertium's translation ('mt:') and the query with its\n"
	"words joined ('lexicon+mt:'), so each word shows what the lexicon and the machine gave.\n"
	"\n"
	"  -p, --pair XX-YY         source and target language\n"
	"      --lexicon-dir DIR    where lexicons are (default as 'xlqa lexicon build')\n"
	"      --vocabulary FILE    target words (word[TAB frequency]) for cognates\n"
	"      --mt                 also translate with Apertium (see above)\n"
	"  -h, --help               this text\n";

/* Has Apertium translate all of the set's questions in one pass, in the order they are printed. */
static int prepare_mt(struct xlqa_mt *mt, const struct xlqa_testset *ts, struct xlqa_error *err)
{
	const char **texts = ts->count ? calloc(ts->count, sizeof *texts) : NULL;
	int rc;

	if (ts->count && !texts)
		return xlqa_error_status(err, XLQA_ENOMEM, "machine-translating the questions");
	for (size_t i = 0; i < ts->count; i++)
		texts[i] = ts->questions[i].text;
	rc = xlqa_mt_prepare(mt, texts, ts->count, err);
	free(texts);
	return rc;
}

int cmd_translate(int argc, char **argv)
{
	enum { OPT_DIR = 256, OPT_VOCAB, OPT_MT };
	static const struct option opts[] = {
		{ "pair", required_argument, NULL, 'p' },       { "lexicon-dir", required_argument, NULL, OPT_DIR },
		{ "vocabulary", required_argument, NULL, OPT_VOCAB }, { "help", no_argument, NULL, 'h' },
		{ "mt", no_argument, NULL, OPT_MT },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *vocabulary = NULL;
	char src[4] = "", tgt[4] = "", pair[8];
	bool have_pair = false, want_mt = false;
	struct xlqa_mt *mt = NULL;
	struct xlqa_lang *target = NULL;
	struct xlqa_buf mt_text = XLQA_BUF_INIT;
	struct cli_translation t = { 0 };
	struct xlqa_testset ts;
	struct xlqa_question qa;
	struct xlqa_query sq, tq;
	struct xlqa_buf line = XLQA_BUF_INIT;
	struct xlqa_error err;
	int c, status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (cli_parse_pair(optarg, src, tgt))
				return cli_usage_error("translate", "bad pair '%s' (expected e.g. DE-EN)", optarg);
			have_pair = true;
			break;
		case OPT_DIR: dir = optarg; break;
		case OPT_VOCAB: vocabulary = optarg; break;
		case OPT_MT: want_mt = true; break;
		case 'h':
			fputs(translate_help, stdout);
			return cli_finish_output("translate", CLI_EXIT_OK);
		default:
			return cli_bad_option("translate", argv);
		}
	}
	if (optind + 1 != argc)
		return cli_usage_error("translate", "expected one test set file");
	xlqa_testset_init(&ts);
	if (xlqa_testset_read(&ts, argv[optind], &err)) {
		xlqa_testset_release(&ts);
		return cli_fail("translate", &err);
	}
	snprintf(pair, sizeof pair, "%s-%s", ts.source, ts.target);
	if (!have_pair && cli_parse_pair(pair, src, tgt)) {
		xlqa_testset_release(&ts);
		return cli_usage_error("translate", "%s: unknown pair '%s'", argv[optind], pair);
	}
	if (cli_translation_open(src, tgt, dir, vocabulary, &t, &err)) {
		xlqa_testset_release(&ts);
		return cli_fail("translate", &err);
	}
	if (want_mt && t.tr && xlqa_mt_has_path(src, tgt) &&
	    (xlqa_lang_open(tgt, NULL, &target, &err) || xlqa_mt_open(src, tgt, &mt, &err) ||
	     prepare_mt(mt, &ts, &err))) {
		xlqa_mt_free(mt);
		xlqa_lang_free(target);
		xlqa_testset_release(&ts);
		cli_translation_release(&t);
		return cli_fail("translate", &err);
	}
	xlqa_question_init(&qa);
	xlqa_query_init(&sq);
	xlqa_query_init(&tq);
	for (size_t i = 0; i < ts.count && !status; i++) {
		const struct xlqa_testset_question *q = &ts.questions[i];
		const struct xlqa_query *out = &sq;
		if (cli_question_query(&t, q->text, q->type, &qa, &sq, &err) ||
		    (t.tr && xlqa_translator_translate(t.tr, &sq, &tq, NULL, &err))) {
			xlqa_error_prefix(&err, "%s:%lld", argv[optind], (long long)q->line);
			status = cli_fail("translate", &err);
			break;
		}
		if (t.tr)
			out = &tq;
		xlqa_buf_reset(&line);
		if (xlqa_query_format(out, &line)) {
			xlqa_error_status(&err, XLQA_ENOMEM, "translating the question");
			status = cli_fail("translate", &err);
			break;
		}
		printf("%s %c %s-%s %s\n\t%s\n", q->id, q->type, src, tgt, q->text, line.buf);
		if (mt) {
			xlqa_buf_reset(&mt_text);
			xlqa_buf_reset(&line);
			if (xlqa_mt_query(mt, target, q->text, &tq, &mt_text, NULL, &err) ||
			    xlqa_query_format(&tq, &line)) {
				xlqa_error_prefix(&err, "%s:%lld", argv[optind], (long long)q->line);
				status = cli_fail("translate", &err);
				break;
			}
			printf("\tmt: %s\n\tlexicon+mt: %s\n", mt_text.buf, line.buf);
		}
	}
	xlqa_mt_free(mt);
	xlqa_lang_free(target);
	xlqa_buf_release(&mt_text);
	xlqa_buf_release(&line);
	xlqa_query_release(&sq);
	xlqa_query_release(&tq);
	xlqa_question_release(&qa);
	xlqa_testset_release(&ts);
	cli_translation_release(&t);
	return cli_finish_output("translate", status);
}
