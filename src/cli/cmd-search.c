/*
 * search: ranks documents and passages for one query, or answers a whole CLEF test set as retrieval
 * in trec_eval's results format (`NNNN Q0 DOCNO rank score tag`).
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char usage_text[] =
	"usage: xlqa search --index DIR [options] QUERY...\n"
	"       xlqa search --index DIR --questions TESTSET [--format trec] [options]\n"
	"\n"
	"Ranks the index's documents by BM25 and finds passages in the best ones. With --questions, answers\n"
	"every question of a CLEF 2004 test set as retrieval, writing trec_eval's results format, one line\n"
	"a retrieved document: NNNN Q0 DOCNO rank score tag. A cross-language test set (source language\n"
	"other than the index's) is translated word by word through the pair's lexicon (xlqa lexicon build).\n"
	"\n"
	"  -i, --index DIR       the index (xlqa index)\n"
	"  -l, --lang XX         the query's language (default: the index's); another language is\n"
	"                        translated through the pair's lexicon (--lexicon-dir)\n"
	"  -Q, --questions FILE  a CLEF test set; its target language must be the index's\n"
	"  -k, --keywords K      what a question's query is made of: words (every word that is not a\n"
	"                        stop word, weight 1; the default) or analysis (question analysis:\n"
	"                        names 2, numbers 1.5, content words 1, the focus 0.5)\n"
	"  -L, --lexicon-dir DIR where the pair lexicons are (default: $XLQA_LEXICON_DIR or the cache)\n"
	"  -f, --format F        text (default for a query) or trec (default for --questions)\n"
	"  -n, --docs N          documents listed (default 10, or 1000 with --format trec)\n"
	"      --passages N      passages listed (default 5; 0: none)\n"
	"  -t, --tag TAG         run tag of the trec format (default xlqa)\n"
	"  -P, --passage-weight X  rerank the top 20 documents by BM25 + X times their best passage's\n"
	"                        score (default 0.2, fitted on benchmark sets 1-2; 0: BM25 alone)\n"
	"      --k1 X            BM25 k1 (default 1.2)\n"
	"      --b X             BM25 b (default 0.75)\n"
	"  -h, --help            this text\n";

struct search_cli {
	struct xlqa_index *idx;
	const char *lexicon_dir;
	bool analysis; /* keywords from question analysis, not every content word */
	struct xlqa_lang *lang;
	struct xlqa_searcher *searcher;
	struct xlqa_search_options opt;
	struct xlqa_query query;
	struct xlqa_results res;
	struct xlqa_term_list words;
	struct xlqa_termer *termer;
	struct xlqa_buf text;
};

/*
 * The query of a free text: each word that is not a stop word is a concept of weight 1. Question
 * analysis will provide better ones (names, focus, question words removed).
 */
static int text_query(struct search_cli *s, const char *text, struct xlqa_error *err)
{
	int rc = xlqa_termer_run(s->termer, text, strlen(text), &s->words, err);

	xlqa_query_reset(&s->query);
	for (size_t i = 0; rc == XLQA_OK && i < s->words.n_words; i++) {
		const struct xlqa_term_word *w = &s->words.words[i];

		if (w->n_terms && (rc = xlqa_query_add_term(&s->query, text + w->start, w->end - w->start, 1.0, 0)))
			rc = xlqa_error_set(err, rc, "out of memory");
	}
	return rc;
}

/* One line of a passage, its white space collapsed. */
static void print_passage(const char *p, size_t len)
{
	bool space = false;

	for (size_t i = 0; i < len; i++) {
		if (p[i] == '\n' || p[i] == ' ' || p[i] == '\t') {
			space = true;
			continue;
		}
		if (space)
			putchar(' ');
		space = false;
		putchar(p[i]);
	}
	putchar('\n');
}

static int print_text(struct search_cli *s, size_t max_docs, size_t max_passages, struct xlqa_error *err)
{
	struct xlqa_buf q = XLQA_BUF_INIT;
	int rc = xlqa_query_format(&s->query, &q);

	printf("query: %s\n", rc == XLQA_OK ? q.buf : "?");
	xlqa_buf_release(&q);
	printf("documents:\n");
	for (size_t i = 0; i < s->res.n_hits && i < max_docs; i++)
		printf("%4zu  %-24s %8.4f\n", i + 1, xlqa_index_docno(s->idx, s->res.hits[i].doc), s->res.hits[i].score);
	if (max_passages && s->res.n_passages)
		printf("passages:\n");
	for (size_t i = 0; i < s->res.n_passages && i < max_passages; i++) {
		const struct xlqa_passage *p = &s->res.passages[i];

		if ((rc = xlqa_index_doc_text(s->idx, p->doc, &s->text, err)))
			return rc;
		printf("%4zu  %-24s %8.4f  sentences %u-%u, %zu concepts: ", i + 1, xlqa_index_docno(s->idx, p->doc),
		       p->score, p->first_sentence + 1, p->first_sentence + p->n_sentences, p->n_matched);
		print_passage(s->text.buf + p->start, p->end - p->start);
	}
	return XLQA_OK;
}

static int run_questions(struct search_cli *s, const char *path, const char *tag, bool trec, size_t max_docs,
                         size_t max_passages, struct xlqa_error *err)
{
	struct xlqa_testset ts;
	struct cli_translation tr;
	struct xlqa_question qa;
	struct xlqa_analysis tokens;
	struct xlqa_query source;
	const char *lang = xlqa_index_get_stats(s->idx)->language;
	char src[4], tgt[4];
	size_t no_hit = 0; /* questions no document matched: no line in a trec run, so warned and counted */
	bool cross;
	int rc;

	memset(&tr, 0, sizeof tr);
	xlqa_testset_init(&ts);
	xlqa_question_init(&qa);
	xlqa_analysis_init(&tokens);
	xlqa_query_init(&source);
	if ((rc = xlqa_testset_read(&ts, path, err)))
		goto out;
	snprintf(src, sizeof src, "%c%c", ts.source[0] | 0x20, ts.source[1] | 0x20);
	snprintf(tgt, sizeof tgt, "%c%c", ts.target[0] | 0x20, ts.target[1] | 0x20);
	if (strcmp(tgt, lang) != 0) {
		rc = xlqa_error_set(err, XLQA_EINVAL, "%s: target language %s, but the index is in '%s'", path, ts.target,
		                    lang);
		goto out;
	}
	cross = strcmp(src, tgt) != 0;
	if ((rc = cli_translation_open(src, tgt, s->lexicon_dir, NULL, &tr, err)) ||
	    (cross && (rc = xlqa_answer_index_vocabulary(s->idx, tr.tr, err))))
		goto out;
	for (size_t i = 0; i < ts.count; i++) {
		const struct xlqa_testset_question *q = &ts.questions[i];
		struct xlqa_query *query = cross ? &source : &s->query;

		if (s->analysis)
			rc = cli_question_query(&tr, q->text, q->type, &qa, query, err);
		else if (!cross)
			rc = text_query(s, q->text, err); /* words cut exactly as the index cut them */
		else
			rc = xlqa_question_words_query(tr.lang, &tokens, q->text, 1.0, query, err);
		if (rc == XLQA_OK && cross)
			rc = xlqa_translator_translate(tr.tr, &source, &s->query, NULL, err);
		if (rc == XLQA_OK)
			rc = xlqa_search(s->searcher, &s->query, &s->opt, &s->res, err);
		if (rc) {
			rc = err->status ? err->status : XLQA_EINVAL;
			xlqa_error_prefix(err, "%s:%lld: question %s", path, (long long)q->line, q->id);
			goto out;
		}
		if (s->res.n_hits == 0) {
			no_hit++;
			fprintf(stderr, "xlqa search: warning: %s:%lld: question %s: no document matches its query%s\n", path,
			        (long long)q->line, q->id, trec ? "; the run has no line for it" : "");
		}
		if (!trec) {
			printf("# %s %s\n", q->id, q->text);
			if ((rc = print_text(s, max_docs, max_passages, err)))
				goto out;
			continue;
		}
		for (size_t k = 0; k < s->res.n_hits && k < max_docs; k++)
			printf("%s Q0 %s %zu %.6f %s\n", q->id, xlqa_index_docno(s->idx, s->res.hits[k].doc), k + 1,
			       s->res.hits[k].score, tag);
	}
	if (no_hit)
		fprintf(stderr, "xlqa search: %zu of %zu questions matched no document%s\n", no_hit, ts.count,
		        trec ? " and have no line in the run" : "");
out:
	xlqa_question_release(&qa);
	xlqa_analysis_release(&tokens);
	xlqa_query_release(&source);
	cli_translation_release(&tr);
	xlqa_testset_release(&ts);
	return rc;
}

/*
 * A query in another language than the index's (--lang): its content words translated through the
 * pair's lexicon into s->query, as a cross-language test set's questions are (and as xlqa ask does).
 */
static int cross_query(struct search_cli *s, const char *src, const char *text, struct xlqa_error *err)
{
	struct cli_translation tr;
	struct xlqa_analysis tokens;
	struct xlqa_query source;
	int rc;

	memset(&tr, 0, sizeof tr);
	xlqa_analysis_init(&tokens);
	xlqa_query_init(&source);
	xlqa_query_reset(&s->query);
	if (!(rc = cli_translation_open(src, xlqa_index_get_stats(s->idx)->language, s->lexicon_dir, NULL, &tr, err)) &&
	    !(rc = xlqa_answer_index_vocabulary(s->idx, tr.tr, err)) &&
	    !(rc = xlqa_question_words_query(tr.lang, &tokens, text, 1.0, &source, err)))
		rc = xlqa_translator_translate(tr.tr, &source, &s->query, NULL, err);
	xlqa_query_release(&source);
	xlqa_analysis_release(&tokens);
	cli_translation_release(&tr);
	return rc;
}

int cmd_search(int argc, char **argv)
{
	enum { OPT_K1 = 256, OPT_B };
	static const struct option opts[] = {
		{ "index", required_argument, NULL, 'i' }, { "lang", required_argument, NULL, 'l' },
		{ "questions", required_argument, NULL, 'Q' }, { "format", required_argument, NULL, 'f' },
		{ "docs", required_argument, NULL, 'n' },  { "passages", required_argument, NULL, 'p' },
		{ "tag", required_argument, NULL, 't' },   { "k1", required_argument, NULL, OPT_K1 },
		{ "keywords", required_argument, NULL, 'k' }, { "passage-weight", required_argument, NULL, 'P' }, { "lexicon-dir", required_argument, NULL, 'L' },
		{ "b", required_argument, NULL, OPT_B },   { "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct search_cli s;
	struct xlqa_error err;
	const char *dir = NULL, *lang_name = NULL, *questions = NULL, *format = NULL, *tag = "xlqa";
	long docs = -1, passages = 5;
	int c, status = CLI_EXIT_OK;
	bool trec;
	char *end;

	memset(&s, 0, sizeof s);
	s.opt = (struct xlqa_search_options){ XLQA_BM25_K1, XLQA_BM25_B, 1000, 20, 3, 20, XLQA_PASSAGE_WEIGHT, NULL, 0 };
	optind = 1;
	s.analysis = false;
	while ((c = getopt_long(argc, argv, "i:l:Q:f:n:t:k:L:P:h", opts, NULL)) != -1) {
		switch (c) {
		case 'k':
			if (strcmp(optarg, "analysis") != 0 && strcmp(optarg, "words") != 0)
				return cli_usage_error("search", "unknown keywords '%s' (expected analysis or words)", optarg);
			s.analysis = strcmp(optarg, "analysis") == 0;
			break;
		case 'L': s.lexicon_dir = optarg; break;
		case 'P':
			s.opt.passage_weight = strtod(optarg, &end);
			if (*end || end == optarg || s.opt.passage_weight < 0)
				return cli_usage_error("search", "bad value '%s' for --passage-weight", optarg);
			break;
		case 'i': dir = optarg; break;
		case 'l': lang_name = optarg; break;
		case 'Q': questions = optarg; break;
		case 'f': format = optarg; break;
		case 't': tag = optarg; break;
		case 'n':
		case 'p': {
			long v = strtol(optarg, &end, 10);

			if (*end || end == optarg || v < 0)
				return cli_usage_error("search", "a count expected, found '%s'", optarg);
			*(c == 'n' ? &docs : &passages) = v;
			break;
		}
		case OPT_K1:
		case OPT_B: {
			double v = strtod(optarg, &end);

			if (*end || end == optarg || v < 0 || (c == OPT_B && v > 1))
				return cli_usage_error("search", "bad value '%s' for --%s", optarg, c == OPT_K1 ? "k1" : "b");
			*(c == OPT_K1 ? &s.opt.k1 : &s.opt.b) = v;
			break;
		}
		case 'h':
			fputs(usage_text, stdout);
			return cli_finish_output("search", CLI_EXIT_OK);
		default: return cli_bad_option("search", argv);
		}
	}
	if (!dir)
		return cli_usage_error("search", "--index DIR is required");
	if (format && strcmp(format, "trec") != 0 && strcmp(format, "text") != 0)
		return cli_usage_error("search", "unknown format '%s' (expected text or trec)", format);
	trec = format ? strcmp(format, "trec") == 0 : questions != NULL;
	if (!questions && optind >= argc)
		return cli_usage_error("search", "a query or --questions is required");
	if (questions && optind < argc)
		return cli_usage_error("search", "give either a query or --questions, not both");
	if (docs < 0)
		docs = trec ? 1000 : 10;
	s.opt.max_docs = (size_t)docs;
	s.opt.max_passages = (size_t)passages;
	s.opt.passage_docs = (trec || passages == 0) && s.opt.passage_weight == 0 ? 0 : 20;
	xlqa_error_clear(&err);
	xlqa_query_init(&s.query);
	xlqa_results_init(&s.res);
	xlqa_term_list_init(&s.words);
	xlqa_buf_init(&s.text);
	if (xlqa_index_open(dir, &s.idx, &err) ||
	    (lang_name && !xlqa_lang_find(lang_name) &&
	     (xlqa_lang_registry_status(&err) ||
	      xlqa_error_set(&err, XLQA_EINVAL, "unknown language '%s' (see 'xlqa langs')", lang_name))) ||
	    xlqa_lang_open(xlqa_index_get_stats(s.idx)->language, NULL, &s.lang, &err) ||
	    xlqa_searcher_new(s.idx, s.lang, &s.searcher, &err) || xlqa_termer_new(s.lang, &s.termer, &err)) {
		status = cli_fail("search", &err);
		goto out;
	}
	if (questions) {
		if (run_questions(&s, questions, tag, trec, (size_t)docs, (size_t)passages, &err))
			status = cli_fail("search", &err);
	} else {
		struct xlqa_buf q = XLQA_BUF_INIT;

		for (int i = optind; i < argc; i++)
			xlqa_buf_addf(&q, "%s%s", i > optind ? " " : "", argv[i]);
		const char *src = lang_name ? xlqa_lang_find(lang_name)->code : NULL;
		bool cross = src && strcmp(src, xlqa_index_get_stats(s.idx)->language) != 0;

		if ((cross ? cross_query(&s, src, q.buf, &err) : text_query(&s, q.buf, &err)) ||
		    xlqa_search(s.searcher, &s.query, &s.opt, &s.res, &err))
			status = cli_fail("search", &err);
		else if (trec)
			for (size_t k = 0; k < s.res.n_hits; k++)
				printf("0001 Q0 %s %zu %.6f %s\n", xlqa_index_docno(s.idx, s.res.hits[k].doc), k + 1,
				       s.res.hits[k].score, tag);
		else if (print_text(&s, (size_t)docs, (size_t)passages, &err))
			status = cli_fail("search", &err);
		xlqa_buf_release(&q);
	}
out:
	xlqa_termer_free(s.termer);
	xlqa_searcher_free(s.searcher);
	xlqa_lang_free(s.lang);
	xlqa_index_free(s.idx);
	xlqa_query_release(&s.query);
	xlqa_results_release(&s.res);
	xlqa_term_list_release(&s.words);
	xlqa_buf_release(&s.text);
	return cli_finish_output("search", status);
}
