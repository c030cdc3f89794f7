/*
 * analyze: shows what a language pack does to text: sentences, tokens, normalised forms, stems,
 * lemmas, compound parts and token flags, as readable text or as TSV (one token a line); with
 * --questions, the analysis of each question of a test set (category, answer type, focus, keywords).
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const char analyze_help[] =
	"usage: xlqa analyze [options] [FILE...]\n"
	"\n"
	"Reads text from each FILE (or standard input, also as '-') and prints its sentences and tokens\n"
	"with their normalised forms, stems, lemmas, compound parts and flags.\n"
	"\n"
	"  -l, --lang=LANG        language: ISO 639-1 or 639-2 code or English name (default: en)\n"
	"  -e, --encoding=ENC     input encoding, any iconv name (default: UTF-8; CLEF: ISO-8859-1)\n"
	"      --entities         decode SGML/HTML character references (&amp; &eacute; &#8211;)\n"
	"  -f, --format=FMT       'text' (default); 'tsv': file, sentence, start, end, kind, token,\n"
	"                         norm, stem, lemmas, parts, flags, value (tabs and line breaks in\n"
	"                         a field as spaces); 'none': analyse only\n"
	"                         (for timing with --stats)\n"
	"      --no-stems         skip stemming\n"
	"      --no-lemmas        skip hunspell lemmas and compound splitting (faster)\n"
	"      --fold-accents     show normalised forms without accents\n"
	"      --stats            print bytes, tokens and throughput on standard error\n"
	"\n"
	"  -Q, --questions=FILE   analyse the questions of FILE instead: category, answer type, subtype,\n"
	"                         focus, target, keywords and temporal restrictions; with --format=tsv\n"
	"                         one line a question: id, category, answer_type, subtype, focus,\n"
	"                         keywords (word:weight separated by blanks; blanks inside a name as '_')\n"
	"      --format-in=FMT    the question file's format: 'clef' (default; CLEF 2004 test set, whose\n"
	"                         source language is the default --lang and whose F/D is kept) or 'tsv'\n"
	"                         (id, year, category, answer_type, question; gold columns ignored)\n"
	"  -h, --help             this text\n";

enum analyze_format { FORMAT_TEXT, FORMAT_TSV, FORMAT_NONE };

struct analyze_opts {
	const char *lang;
	bool lang_given;
	const char *questions; /* --questions FILE, or NULL */
	bool tsv_in;           /* --format-in=tsv */
	const char *encoding;
	bool entities;
	bool stats;
	enum analyze_format format;
	unsigned flags;
};

/* Names of token flags, in the order they are printed. */
static const struct {
	unsigned flag;
	const char *name;
} token_flag_names[] = {
	{ XLQA_TOKEN_STOP, "stop" },       { XLQA_TOKEN_ARTICLE, "article" }, { XLQA_TOKEN_ELIDED, "elided" },
	{ XLQA_TOKEN_NUMERIC, "numeric" }, { XLQA_TOKEN_ORDINAL, "ordinal" }, { XLQA_TOKEN_MONTH, "month" },
	{ XLQA_TOKEN_WEEKDAY, "weekday" }, { XLQA_TOKEN_CONJUNCTION, "conjunction" },
	{ XLQA_TOKEN_CONNECTOR, "connector" },    { XLQA_TOKEN_ABBREVIATION, "abbreviation" },
};

static const char *const kind_names[] = { "sentence", "word", "number", "punct" };

static void print_list(const struct xlqa_strlist *l, const char *empty)
{
	if (!l->n)
		fputs(empty, stdout);
	for (size_t i = 0; i < l->n; i++)
		printf("%s%s", i ? "|" : "", l->items[i]);
}

static void print_flags(unsigned flags, const char *empty)
{
	bool any = false;

	for (size_t i = 0; i < sizeof token_flag_names / sizeof token_flag_names[0]; i++)
		if (flags & token_flag_names[i].flag) {
			printf("%s%s", any ? "," : "", token_flag_names[i].name);
			any = true;
		}
	if (!any)
		fputs(empty, stdout);
}

static void print_text(const char *name, const char *text, const struct xlqa_analysis *a,
		       const struct xlqa_lang_info *info)
{
	size_t t = 0;

	printf("# %s: %s, %zu sentences, %zu tokens\n", name, info->name, a->seg.n_sentences, a->n_tokens);
	for (size_t s = 0; s < a->seg.n_sentences; s++) {
		const struct xlqa_span *sp = &a->seg.sentences[s];
		printf("\n[%zu] ", s + 1);
		for (size_t i = sp->start; i < sp->end; i++) /* a wrapped sentence on one line */
			putchar(text[i] == '\n' || text[i] == '\r' ? ' ' : text[i]);
		putchar('\n');
		for (; t < a->n_tokens && a->tokens[t].sentence == s; t++) {
			const struct xlqa_token *tok = &a->tokens[t];
			if (tok->kind == XLQA_SPAN_PUNCT)
				continue;
			printf("  %-6s %.*s  norm=%s", kind_names[tok->kind], (int)(tok->end - tok->start),
			       text + tok->start, tok->norm);
			if (tok->stem)
				printf(" stem=%s", tok->stem);
			if (tok->lemmas.n) {
				fputs(" lemma=", stdout);
				print_list(&tok->lemmas, "");
			}
			if (tok->parts.n) {
				fputs(" parts=", stdout);
				print_list(&tok->parts, "");
			}
			if (tok->flags & (XLQA_TOKEN_NUMERIC | XLQA_TOKEN_MONTH | XLQA_TOKEN_WEEKDAY))
				printf(" value=%.15g", tok->value);
			if (tok->flags) {
				fputs(" [", stdout);
				print_flags(tok->flags, "");
				fputs("]", stdout);
			}
			putchar('\n');
		}
	}
}

/* Writes a TSV field: tabs and line breaks inside it (ICU can attach a combining mark to a tab)
 * become spaces, so a row always has its twelve fields. */
static void print_field(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		putchar(s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ? ' ' : s[i]);
	putchar('\t');
}

static void print_tsv(const char *name, const char *text, const struct xlqa_analysis *a)
{
	for (size_t t = 0; t < a->n_tokens; t++) {
		const struct xlqa_token *tok = &a->tokens[t];
		printf("%s\t%zu\t%zu\t%zu\t%s\t", name, tok->sentence + 1, tok->start, tok->end, kind_names[tok->kind]);
		print_field(text + tok->start, tok->end - tok->start);
		print_field(tok->norm, strlen(tok->norm));
		print_field(tok->stem ? tok->stem : "-", tok->stem ? strlen(tok->stem) : 1);
		print_list(&tok->lemmas, "-");
		putchar('\t');
		print_list(&tok->parts, "-");
		putchar('\t');
		print_flags(tok->flags, "-");
		if (tok->flags & (XLQA_TOKEN_NUMERIC | XLQA_TOKEN_MONTH | XLQA_TOKEN_WEEKDAY))
			printf("\t%.15g\n", tok->value);
		else
			fputs("\t-\n", stdout);
	}
}

/* Prints a keyword list "word:weight ...", blanks inside a keyword as '_' so the list splits at blanks. */
static void print_keywords(const struct xlqa_question *q)
{
	for (size_t i = 0; i < q->n_keywords; i++) {
		if (i)
			putchar(' ');
		for (const char *p = q->keywords[i].text; *p; p++)
			putchar(*p == ' ' || *p == '\t' ? '_' : *p);
		printf(":%g", q->keywords[i].weight);
	}
}

static void print_question(const struct xlqa_testset_question *tq, const struct xlqa_question *q,
			   enum analyze_format format, struct xlqa_buf *scratch)
{
	struct xlqa_query query;

	if (format == FORMAT_NONE)
		return;
	if (format == FORMAT_TSV) {
		printf("%s\t%c\t%s\t%s\t", tq->id, q->category, xlqa_question_type_name(q), xlqa_question_subtype_name(q));
		if (q->focus)
			print_field(q->focus, strlen(q->focus));
		else
			fputs("-\t", stdout);
		print_keywords(q);
		putchar('\n');
		return;
	}
	printf("%s %s\n", tq->id, tq->text);
	printf("  category  %c%s\n", q->category, q->category_given ? " (test set)" : "");
	printf("  type      %s%s%s", xlqa_question_type_name(q), q->subtype ? "." : "", q->subtype ? q->subtype->name : "");
	printf("  (rule %s)\n", q->rule ? q->rule : "none: default");
	printf("  focus     %s\n  target    %s\n  keywords  ", q->focus ? q->focus : "-", q->target ? q->target : "-");
	print_keywords(q);
	putchar('\n');
	for (size_t i = 0; i < q->n_times; i++)
		printf("  time      %s (year %d, month %d)\n", q->times[i].text, q->times[i].year, q->times[i].month);
	xlqa_query_init(&query);
	xlqa_buf_reset(scratch);
	if (xlqa_question_to_query(q, &query, NULL) == XLQA_OK && xlqa_query_format(&query, scratch) == XLQA_OK)
		printf("  query     %s\n", scratch->buf);
	xlqa_query_release(&query);
	putchar('\n');
}

/* --questions: analyses every question of a test set. */
static int analyze_questions(struct analyze_opts *o)
{
	struct xlqa_lang_options lopts = { NULL, NULL, 0 };
	struct xlqa_question_rules *rules = NULL;
	struct xlqa_buf scratch = XLQA_BUF_INIT;
	struct xlqa_lang *lang = NULL;
	struct xlqa_testset ts;
	struct xlqa_question q;
	struct xlqa_error err;
	int status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	xlqa_testset_init(&ts);
	xlqa_question_init(&q);
	if ((o->tsv_in ? xlqa_testset_read_tsv(&ts, o->questions, &err) : xlqa_testset_read(&ts, o->questions, &err))) {
		status = cli_fail("analyze", &err);
		goto done;
	}
	/* A CLEF test set names its source language: that is the default language. */
	if (!o->lang_given && ts.source[0])
		o->lang = ts.source;
	if (xlqa_lang_open(o->lang, &lopts, &lang, &err) || xlqa_question_rules_new(lang, &rules, &err)) {
		status = cli_fail("analyze", &err);
		goto done;
	}
	for (size_t i = 0; i < ts.count; i++) {
		const struct xlqa_testset_question *tq = &ts.questions[i];
		if (xlqa_question_analyze(rules, lang, tq->text, strlen(tq->text), tq->type, &q, &err)) {
			xlqa_error_prefix(&err, "%s:%lld: question %s", o->questions, (long long)tq->line, tq->id);
			status = cli_fail("analyze", &err);
			goto done;
		}
		print_question(tq, &q, o->format, &scratch);
	}
done:
	xlqa_buf_release(&scratch);
	xlqa_question_release(&q);
	xlqa_question_rules_free(rules);
	xlqa_lang_free(lang);
	xlqa_testset_release(&ts);
	return cli_finish_output("analyze", status);
}

static int parse_args(int argc, char **argv, struct analyze_opts *o)
{
	enum { OPT_ENTITIES = 256, OPT_NO_STEMS, OPT_NO_LEMMAS, OPT_FOLD, OPT_STATS, OPT_FORMAT_IN };
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },     { "encoding", required_argument, NULL, 'e' },
		{ "format", required_argument, NULL, 'f' },   { "entities", no_argument, NULL, OPT_ENTITIES },
		{ "no-stems", no_argument, NULL, OPT_NO_STEMS }, { "no-lemmas", no_argument, NULL, OPT_NO_LEMMAS },
		{ "fold-accents", no_argument, NULL, OPT_FOLD }, { "stats", no_argument, NULL, OPT_STATS },
		{ "questions", required_argument, NULL, 'Q' }, { "format-in", required_argument, NULL, OPT_FORMAT_IN },
		{ "help", no_argument, NULL, 'h' },           { NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "l:e:f:Q:h", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			o->lang = optarg;
			o->lang_given = true;
			break;
		case 'Q': o->questions = optarg; break;
		case OPT_FORMAT_IN:
			if (strcmp(optarg, "clef") != 0 && strcmp(optarg, "tsv") != 0)
				return cli_usage_error("analyze", "unknown input format '%s' (expected clef or tsv)", optarg);
			o->tsv_in = strcmp(optarg, "tsv") == 0;
			break;
		case 'e': o->encoding = optarg; break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				o->format = FORMAT_TEXT;
			else if (strcmp(optarg, "tsv") == 0)
				o->format = FORMAT_TSV;
			else if (strcmp(optarg, "none") == 0)
				o->format = FORMAT_NONE;
			else
				return cli_usage_error("analyze", "unknown format '%s' (expected text, tsv or none)", optarg);
			break;
		case OPT_ENTITIES: o->entities = true; break;
		case OPT_NO_STEMS: o->flags &= ~(unsigned)XLQA_ANALYZE_STEMS; break;
		case OPT_NO_LEMMAS: o->flags &= ~(unsigned)(XLQA_ANALYZE_LEMMAS | XLQA_ANALYZE_COMPOUNDS); break;
		case OPT_FOLD: o->flags |= XLQA_ANALYZE_FOLD_ACCENTS; break;
		case OPT_STATS: o->stats = true; break;
		case 'h':
			fputs(analyze_help, stdout);
			return -1;
		default:
			return cli_bad_option("analyze", argv);
		}
	}
	if (!xlqa_lang_find(o->lang)) {
		struct xlqa_error err;

		/* no registry at all (no packs where XLQA_LANG_DIR points): say so, with the folder */
		if (xlqa_lang_registry_status(&err))
			return cli_fail("analyze", &err);
		return cli_usage_error("analyze", "unknown language '%s' (see 'xlqa langs')", o->lang);
	}
	if (o->tsv_in && !o->questions)
		return cli_usage_error("analyze", "--format-in goes with --questions");
	if (o->questions && optind < argc)
		return cli_usage_error("analyze", "--questions reads its FILE; no other input '%s'", argv[optind]);
	return CLI_EXIT_OK;
}

/* Reads, decodes and analyses one input, printing the result. Returns a library status. */
static int analyze_one(const char *path, const struct analyze_opts *o, struct xlqa_lang *lang,
		       struct xlqa_analysis *a, size_t *bytes, struct xlqa_error *err)
{
	struct xlqa_buf raw = XLQA_BUF_INIT, text = XLQA_BUF_INIT, plain = XLQA_BUF_INIT;
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct xlqa_buf *input = &text;
	int rc;

	if ((rc = xlqa_file_read(path, &raw, err)))
		goto done;
	*bytes += raw.len;
	if (raw.len == 0) {
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: empty input (0 bytes)", name);
		goto done;
	}
	if ((rc = xlqa_text_decode(o->encoding, raw.buf, raw.len, name, &text, err)))
		goto done;
	if (o->entities) {
		if ((rc = xlqa_text_unescape(text.buf, text.len, 0, name, &plain, NULL, err)))
			goto done;
		input = &plain;
	}
	if ((rc = xlqa_lang_analyze(lang, input->buf, input->len, o->flags, a, err))) {
		if (err && err->offset >= 0)
			xlqa_error_locate(err, name);
		goto done;
	}
	if (o->format == FORMAT_TSV)
		print_tsv(name, input->buf, a);
	else if (o->format == FORMAT_TEXT)
		print_text(name, input->buf, a, xlqa_lang_get_info(lang));
done:
	xlqa_buf_release(&raw);
	xlqa_buf_release(&text);
	xlqa_buf_release(&plain);
	return rc;
}

int cmd_analyze(int argc, char **argv)
{
	struct analyze_opts o = { "en", false, NULL, false, "UTF-8", false, false, FORMAT_TEXT,
				  XLQA_ANALYZE_STEMS | XLQA_ANALYZE_LEMMAS | XLQA_ANALYZE_COMPOUNDS };
	struct xlqa_lang_options lopts = { NULL, NULL, 0 };
	char *stdin_only[] = { "-" };
	struct xlqa_lang *lang = NULL;
	struct xlqa_analysis a;
	struct xlqa_error err;
	struct timespec t0, t1;

	xlqa_error_clear(&err);
	size_t bytes = 0, tokens = 0;
	char **files;
	int n_files, rc, status = CLI_EXIT_OK;
	bool needs_hunspell;

	if ((rc = parse_args(argc, argv, &o)))
		return rc < 0 ? cli_finish_output("analyze", CLI_EXIT_OK) : rc;
	if (o.questions)
		return analyze_questions(&o);
	files = optind < argc ? argv + optind : stdin_only;
	n_files = optind < argc ? argc - optind : 1;
	/* Loading hunspell takes a while: skip it unless lemmas, compounds or hunspell stems (BG) are wanted. */
	needs_hunspell = (o.flags & (XLQA_ANALYZE_LEMMAS | XLQA_ANALYZE_COMPOUNDS)) ||
			 ((o.flags & XLQA_ANALYZE_STEMS) && (xlqa_lang_find(o.lang)->flags & XLQA_LANG_HUNSPELL_STEMS));
	if (!needs_hunspell)
		lopts.flags |= XLQA_LANG_OPEN_NO_HUNSPELL;
	if ((rc = xlqa_lang_open(o.lang, &lopts, &lang, &err)))
		return cli_fail("analyze", &err);
	xlqa_analysis_init(&a);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < n_files; i++) {
		if ((rc = analyze_one(files[i], &o, lang, &a, &bytes, &err))) {
			status = cli_fail("analyze", &err);
			break;
		}
		tokens += a.n_tokens;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (o.stats) {
		double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		fprintf(stderr, "xlqa analyze: %zu bytes, %zu tokens, %.3f s, %.2f MB/s\n", bytes, tokens, secs,
			secs > 0 ? (double)bytes / 1e6 / secs : 0.0);
	}
	xlqa_analysis_release(&a);
	xlqa_lang_free(lang);
	return cli_finish_output("analyze", status);
}
