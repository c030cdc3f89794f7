/*
 * lexicon: `xlqa lexicon build` compiles translation lexicons, `xlqa lexicon lookup` shows a word's
 * translations with their weights and where they came from, and `xlqa lexicon coverage` measures
 * the share of a question set's keywords (question analysis, as the answerer has them) the lexicon
 * translates. Subcommands are rows of a
 * table, like the commands themselves.
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static const char lexicon_help[] =
	"usage: xlqa lexicon build [--pair XX-YY | --all] [--dict-dir DIR] [--apertium-dir DIR] [--hunspell-dir DIR]\n"
	"                          [--out DIR] [--tsv FILE] [--no-names] [--no-hunspell-names] [--no-pivots]\n"
	"                          [--dict-stats] [--memory SIZE]\n"
	"       xlqa lexicon lookup --pair XX-YY [--lexicon-dir DIR] [--vocabulary FILE] [--name] WORD...\n"
	"       xlqa lexicon coverage [--pair XX-YY] [--lexicon-dir DIR] [--vocabulary FILE | --index DIR]\n"
	"                             [--plain] [--total] FILE...\n"
	"       xlqa lexicon verify FILE...\n"
	"\n"
	"build     compiles the lexicon of one pair, or of all 63 CLEF pairs (sources BG DE EN ES FI FR IT\n"
	"          NL PT, targets DE EN ES FR IT NL PT, same-language pairs being the identity) from the\n"
	"          FreeDict dictionaries in --dict-dir (default $XLQA_DICT_DIR or /usr/share/dictd), the\n"
	"          Apertium listings apertium-XXX-YYY.txt in --apertium-dir (default $XLQA_APERTIUM_DIR;\n"
	"          scripts/apertium-listings.sh writes them), ICU's names, an optional TSV (source TAB\n"
	"          target [TAB weight]) and the proper names the hunspell dictionaries in --hunspell-dir\n"
	"          (default $XLQA_HUNSPELL_DIR or the system's) of two languages agree on; prints pair,\n"
	"          keys, translations, stems, bytes and seconds per pair; --memory SIZE (e.g. 64M) bounds\n"
	"          the dictionaries and layers kept for later pairs, the table of the pair being built and\n"
	"          the strings they hold (default: all kept; beyond it the least recently used are read\n"
	"          again when needed: slower, the same lexicons; outside it: what one pair needs at once)\n"
	"lookup    prints each WORD's translations: word, translation, weight, how found, origins, via;\n"
	"          a WORD with spaces is a multiword; --name treats the words as a name\n"
	"coverage  translates each question of the test sets (or, with --plain, one question a line;\n"
	"          then --pair is required) and prints the share of its keywords (question analysis, as\n"
	"          'xlqa run'; numbers left out) with a translation from the lexicon; with a target\n"
	"          vocabulary (--vocabulary, or --index: the words of an index's documents) also those\n"
	"          left that are in it, as they are or as cognates (\"with cognates\", else \"-\"); and\n"
	"          with names passed through;\n"
	"          --total adds a line summing all files\n"
	"verify    checks each lexicon FILE whole: the checksum of its body and every entry's offsets\n"
	"          (opening a lexicon checks its header alone; lookups check what they read)\n"
	"\n"
	"  --lexicon-dir DIR / --out DIR   where lexicons are (default $XLQA_LEXICON_DIR, else\n"
	"                                  $XDG_CACHE_HOME/xlqa/lexicon, else ~/.cache/xlqa/lexicon)\n"
	"  --vocabulary FILE               target words (word[TAB frequency]) for cognates\n"
	"  --index DIR                     an index in the target language whose words are the vocabulary\n"
	"  -h, --help                      this text\n";


struct lexicon_opts {
	char source[4], target[4];
	bool have_pair, all, no_names, no_hunspell_names, no_pivots, dict_stats, name, plain, total;
	size_t memory;
	const char *dict_dir, *apertium_dir, *hunspell_dir, *dir, *tsv, *vocabulary, *index;
};

static int parse_args(const char *sub, int argc, char **argv, struct lexicon_opts *o)
{
	enum { OPT_DICT_DIR = 256, OPT_TSV, OPT_NO_NAMES, OPT_NO_PIVOTS, OPT_DICT_STATS, OPT_VOCAB, OPT_NAME,
	       OPT_PLAIN, OPT_TOTAL, OPT_ALL, OPT_HUNSPELL_DIR, OPT_NO_HUNSPELL_NAMES, OPT_INDEX,
	       OPT_APERTIUM_DIR, OPT_MEMORY };
	static const struct option opts[] = {
		{ "pair", required_argument, NULL, 'p' },       { "all", no_argument, NULL, OPT_ALL },
		{ "dict-dir", required_argument, NULL, OPT_DICT_DIR }, { "out", required_argument, NULL, 'o' },
		{ "lexicon-dir", required_argument, NULL, 'o' }, { "tsv", required_argument, NULL, OPT_TSV },
		{ "no-names", no_argument, NULL, OPT_NO_NAMES }, { "no-pivots", no_argument, NULL, OPT_NO_PIVOTS },
		{ "dict-stats", no_argument, NULL, OPT_DICT_STATS }, { "vocabulary", required_argument, NULL, OPT_VOCAB },
		{ "name", no_argument, NULL, OPT_NAME },         { "plain", no_argument, NULL, OPT_PLAIN },
		{ "total", no_argument, NULL, OPT_TOTAL },       { "help", no_argument, NULL, 'h' },
		{ "hunspell-dir", required_argument, NULL, OPT_HUNSPELL_DIR },
		{ "apertium-dir", required_argument, NULL, OPT_APERTIUM_DIR },
		{ "no-hunspell-names", no_argument, NULL, OPT_NO_HUNSPELL_NAMES },
		{ "index", required_argument, NULL, OPT_INDEX },
		{ "memory", required_argument, NULL, OPT_MEMORY },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "p:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (cli_parse_pair(optarg, o->source, o->target))
				return cli_usage_error(sub, "bad pair '%s' (expected e.g. DE-EN)", optarg);
			o->have_pair = true;
			break;
		case OPT_ALL: o->all = true; break;
		case OPT_DICT_DIR: o->dict_dir = optarg; break;
		case 'o': o->dir = optarg; break;
		case OPT_TSV: o->tsv = optarg; break;
		case OPT_NO_NAMES: o->no_names = true; break;
		case OPT_HUNSPELL_DIR: o->hunspell_dir = optarg; break;
		case OPT_APERTIUM_DIR: o->apertium_dir = optarg; break;
		case OPT_NO_HUNSPELL_NAMES: o->no_hunspell_names = true; break;
		case OPT_INDEX: o->index = optarg; break;
		case OPT_NO_PIVOTS: o->no_pivots = true; break;
		case OPT_DICT_STATS: o->dict_stats = true; break;
		case OPT_VOCAB: o->vocabulary = optarg; break;
		case OPT_NAME: o->name = true; break;
		case OPT_PLAIN: o->plain = true; break;
		case OPT_TOTAL: o->total = true; break;
		case OPT_MEMORY:
			if (!(o->memory = cli_parse_size(optarg)))
				return cli_usage_error(sub, "bad memory size '%s' (e.g. 512M)", optarg);
			break;
		case 'h':
			fputs(lexicon_help, stdout);
			return -1;
		default:
			return cli_usage_error(sub, "unknown option or missing argument '%s'", argv[optind - 1]);
		}
	}
	return CLI_EXIT_OK;
}

/* mkdir -p for the output folder. */
static int make_dirs(const char *dir, struct xlqa_error *err)
{
	struct xlqa_buf p = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	if (xlqa_buf_addstr(&p, dir))
		return xlqa_error_status(err, XLQA_ENOMEM, "creating the lexicon directory");
	for (size_t i = 1; i <= p.len && !rc; i++) {
		if (i < p.len && p.buf[i] != '/')
			continue;
		p.buf[i] = '\0';
		if (mkdir(p.buf, 0777) != 0 && errno != EEXIST)
			rc = xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", p.buf);
		if (i < p.len)
			p.buf[i] = '/';
	}
	xlqa_buf_release(&p);
	return rc;
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static const char *const style_names[] = { "classic", "ding", "wikdict", "apertium" };

static int build_one(struct xlqa_lexicon_builder *b, const char *src, const char *tgt, const char *dir,
		     struct xlqa_error *err)
{
	struct xlqa_lexicon_build_report rep;
	struct xlqa_buf path = XLQA_BUF_INIT;
	struct timespec t0;
	int rc;

	if (xlqa_lexicon_path(dir, src, tgt, &path))
		return xlqa_error_status(err, XLQA_ENOMEM, "building the lexicon");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (!(rc = xlqa_lexicon_builder_build(b, src, tgt, path.buf, &rep, err))) {
		printf("%s-%s\t%zu\t%zu\t%zu\t%llu\t%.2f\t", src, tgt, rep.keys, rep.translations, rep.stems,
		       (unsigned long long)rep.bytes, seconds_since(&t0));
		for (size_t o = 0; o < XLQA_LEX_N_ORIGINS; o++)
			printf("%s%s=%zu", o ? "," : "", xlqa_lexicon_origin_name(1u << o), rep.keys_by_origin[o]);
		printf("\t%s\n", rep.missing[0] ? rep.missing : "-");
		fflush(stdout);
	}
	xlqa_buf_release(&path);
	return rc;
}

static int lexicon_build(int argc, char **argv)
{
	struct lexicon_opts o = { 0 };
	struct xlqa_lexicon_build_options bo = { 0 };
	struct xlqa_lexicon_builder *b = NULL;
	struct xlqa_buf dir = XLQA_BUF_INIT;
	struct xlqa_error err;
	struct timespec t0;
	int rc, status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	if ((rc = parse_args("lexicon build", argc, argv, &o)))
		return rc < 0 ? cli_finish_output("lexicon build", CLI_EXIT_OK) : rc;
	if (o.have_pair == o.all)
		return cli_usage_error("lexicon build", "give either --pair XX-YY or --all");
	if (o.tsv && o.all)
		return cli_usage_error("lexicon build", "--tsv adds to one pair: use it with --pair");
	if (o.have_pair && strcmp(o.source, o.target) == 0)
		return cli_usage_error("lexicon build", "'%s-%s' is the identity: no lexicon needed", o.source, o.target);
	if (optind < argc)
		return cli_usage_error("lexicon build", "unexpected argument '%s'", argv[optind]);
	bo.dict_dir = o.dict_dir;
	bo.hunspell_dir = o.hunspell_dir;
	bo.apertium_dir = o.apertium_dir;
	bo.tsv = o.tsv;
	bo.no_names = o.no_names;
	bo.no_hunspell_names = o.no_hunspell_names;
	bo.no_pivots = o.no_pivots;
	bo.memory = o.memory;
	if ((o.dir ? (xlqa_buf_addstr(&dir, o.dir) ? XLQA_ENOMEM : XLQA_OK) : xlqa_lexicon_default_dir(&dir, &err)) ||
	    make_dirs(dir.buf, &err) || xlqa_lexicon_builder_new(&bo, &b, &err)) {
		status = cli_fail("lexicon build", &err);
		goto done;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	printf("pair\tkeys\ttranslations\tstems\tbytes\tseconds\tkeys by origin\tmissing dictionaries\n");
	if (o.have_pair) {
		if ((rc = build_one(b, o.source, o.target, dir.buf, &err)))
			status = cli_fail("lexicon build", &err);
	} else {
		/* every registered language is a source; the registry's CLEF targets are the targets */
		for (size_t s = 0; s < xlqa_lang_count() && !status; s++)
			for (size_t t = 0; t < xlqa_lang_count() && !status; t++) {
				const char *src = xlqa_lang_at(s)->code, *tgt = xlqa_lang_at(t)->code;
				if ((xlqa_lang_at(t)->flags & XLQA_LANG_CLEF_TARGET) && strcmp(src, tgt) != 0 &&
				    (rc = build_one(b, src, tgt, dir.buf, &err)))
					status = cli_fail("lexicon build", &err);
			}
	}
	fprintf(stderr, "xlqa lexicon build: %.1f s in all, lexicons in '%s'\n", seconds_since(&t0), dir.buf);
	if (o.dict_stats) {
		printf("\ndictionary\tlayout\tentries\ttranslations\tskipped entries\tskipped translations\tnotes\tsee\t"
		       "parted\tmarks\n");
		for (size_t i = 0; i < xlqa_lexicon_builder_n_dicts(b); i++) {
			const char *name;
			enum xlqa_dict_style style;
			const struct xlqa_dict_stats *st;
			xlqa_lexicon_builder_dict_at(b, i, &name, &style, &st);
			printf("%s\t%s\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\n", name, style_names[style], st->entries,
			       st->translations, st->skipped_entries, st->skipped_items, st->notes, st->see_refs, st->parted,
			       st->marks);
		}
	}
done:
	xlqa_lexicon_builder_free(b);
	xlqa_buf_release(&dir);
	return cli_finish_output("lexicon build", status);
}

/* Splits `arg` at spaces into `words` (pointers into `copy`, which is modified). */
static size_t split_words(char *copy, const char **words, size_t max)
{
	size_t n = 0;
	for (char *p = copy; *p && n < max;) {
		while (*p == ' ')
			*p++ = '\0';
		if (!*p)
			break;
		words[n++] = p;
		while (*p && *p != ' ')
			p++;
	}
	return n;
}

static int lexicon_lookup(int argc, char **argv)
{
	struct lexicon_opts o = { 0 };
	struct cli_translation t;
	struct xlqa_lexicon_hits hits;
	struct xlqa_error err;
	int rc, status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	if ((rc = parse_args("lexicon lookup", argc, argv, &o)))
		return rc < 0 ? cli_finish_output("lexicon lookup", CLI_EXIT_OK) : rc;
	if (!o.have_pair)
		return cli_usage_error("lexicon lookup", "--pair XX-YY is required");
	if (strcmp(o.source, o.target) == 0)
		return cli_usage_error("lexicon lookup", "'%s-%s' is the identity: nothing to look up", o.source, o.target);
	if (optind >= argc)
		return cli_usage_error("lexicon lookup", "no word to look up");
	if (cli_translation_open(o.source, o.target, o.dir, o.vocabulary, &t, &err))
		return cli_fail("lexicon lookup", &err);
	xlqa_lexicon_hits_init(&hits);
	for (int i = optind; i < argc && !status; i++) {
		char *copy = strdup(argv[i]);
		const char *words[8];
		size_t n;
		if (!copy) {
			xlqa_error_status(&err, XLQA_ENOMEM, "looking the word up");
			status = cli_fail("lexicon lookup", &err);
			break;
		}
		if ((n = split_words(copy, words, 8)) &&
		    (rc = xlqa_translator_lookup(t.tr, words, n, o.name ? XLQA_QUERY_NAME : 0, &hits, &err)))
			status = cli_fail("lexicon lookup", &err);
		for (size_t h = 0; n && !status && h < hits.n; h++) {
			const struct xlqa_lexicon_hit *x = &hits.items[h];
			bool any = false;
			printf("%s\t%s\t%.3f\t%s\t", argv[i], x->text, x->weight, xlqa_lexicon_how_name(x->how));
			for (size_t b = 0; b < XLQA_LEX_N_ORIGINS; b++)
				if (x->origin & (1u << b)) {
					printf("%s%s", any ? "," : "", xlqa_lexicon_origin_name(1u << b));
					any = true;
				}
			printf("%s\t%s\n", any ? "" : "-", x->via ? x->via : "-");
		}
		free(copy);
	}
	xlqa_lexicon_hits_release(&hits);
	cli_translation_release(&t);
	return cli_finish_output("lexicon lookup", status);
}

/* Counts of one coverage run. */
struct coverage {
	size_t questions;
	struct xlqa_translate_stats st;
};

/*
 * Translates the keywords of every question of `texts` (their categories in `categories`, 0 where
 * unknown) and adds to the counts.
 */
static int cover_texts(struct cli_translation *t, const char *const *texts, const char *categories, size_t n,
		       struct coverage *cov, struct xlqa_error *err)
{
	struct xlqa_question qa;
	struct xlqa_query src, dst;
	int rc = XLQA_OK;

	xlqa_question_init(&qa);
	xlqa_query_init(&src);
	xlqa_query_init(&dst);
	for (size_t i = 0; i < n && !rc; i++) {
		if (!(rc = cli_question_query(t, texts[i], categories[i], &qa, &src, err)))
			rc = xlqa_translator_translate(t->tr, &src, &dst, &cov->st, err);
		cov->questions++;
	}
	xlqa_query_release(&src);
	xlqa_query_release(&dst);
	xlqa_question_release(&qa);
	return rc;
}

/* Reads a file's questions: a CLEF test set (its pair in `ts`), or one question a line. */
static int read_questions(const char *path, bool plain, struct xlqa_testset *ts, struct xlqa_buf *raw,
			  const char ***texts, struct xlqa_buf *categories, size_t *n, struct xlqa_error *err)
{
	size_t alloc = 0;
	int rc;

	*n = 0;
	if (!plain) {
		if ((rc = xlqa_testset_read(ts, path, err)))
			return rc;
		if (XLQA_ARRAY_RESERVE(*texts, alloc, ts->count + 1))
			return xlqa_error_status(err, XLQA_ENOMEM, "reading the questions");
		for (size_t i = 0; i < ts->count; i++) {
			(*texts)[(*n)++] = ts->questions[i].text;
			if (xlqa_buf_addch(categories, ts->questions[i].type))
				return xlqa_error_status(err, XLQA_ENOMEM, "reading the questions");
		}
		return XLQA_OK;
	}
	if ((rc = xlqa_file_read(path, raw, err)))
		return rc;
	if (!xlqa_text_utf8_valid(raw->buf, raw->len, NULL))
		return xlqa_error_set(err, XLQA_EENCODING, "%s: invalid UTF-8", path);
	for (char *line = raw->buf; line < raw->buf + raw->len;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (*line) {
			if (XLQA_ARRAY_RESERVE(*texts, alloc, *n + 1) || xlqa_buf_addch(categories, 0))
				return xlqa_error_status(err, XLQA_ENOMEM, "reading the questions");
			(*texts)[(*n)++] = line;
		}
		line = nl ? nl + 1 : raw->buf + raw->len;
	}
	return XLQA_OK;
}

/* Prints one line of counts; "with cognates" only when the translator had a vocabulary. */
static void print_coverage(const char *name, const char *pair, const struct coverage *c, bool vocabulary)
{
	const struct xlqa_translate_stats *s = &c->st;
	double groups = s->groups ? (double)s->groups : 1.0;

	printf("%s\t%s\t%zu\t%zu\t%zu\t%.4f\t", name, pair, c->questions, s->groups, s->lexical,
	       (double)s->lexical / groups);
	if (vocabulary)
		printf("%.4f", (double)(s->lexical + s->cognate) / groups);
	else
		putchar('-');
	printf("\t%.4f", (double)(s->lexical + s->passed) / groups);
	for (size_t h = 0; h < sizeof s->by_how / sizeof s->by_how[0]; h++)
		printf("%s%s=%zu", h ? "," : "\t", xlqa_lexicon_how_name((enum xlqa_lexicon_how)h), s->by_how[h]);
	putchar('\n');
}

/*
 * Opens the pair's translation and gives its translator the target vocabulary: the file's, or the
 * words of the index `idx`, which must be in the target language.
 */
static int open_coverage_pair(const struct lexicon_opts *o, const char *src, const char *tgt,
			      const struct xlqa_index *idx, struct cli_translation *t,
			      struct xlqa_error *err)
{
	int rc;

	if (idx && strcmp(xlqa_index_get_stats(idx)->language, tgt) != 0)
		return xlqa_error_set(err, XLQA_EINVAL, "the index '%s' is in '%s', the pair's target is '%s'", o->index,
				      xlqa_index_get_stats(idx)->language, tgt);
	if ((rc = cli_translation_open(src, tgt, o->dir, o->vocabulary, t, err)))
		return rc;
	if (idx && (rc = xlqa_answer_index_vocabulary(idx, t->tr, err)))
		cli_translation_release(t);
	return rc;
}

static int lexicon_coverage(int argc, char **argv)
{
	struct lexicon_opts o = { 0 };
	struct cli_translation t = { 0 };
	struct coverage total = { 0 };
	struct xlqa_index *idx = NULL;
	struct xlqa_error err;
	char open_pair[8] = "", total_pair[8] = "";
	bool mixed = false, vocabulary;
	int rc, status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	if ((rc = parse_args("lexicon coverage", argc, argv, &o)))
		return rc < 0 ? cli_finish_output("lexicon coverage", CLI_EXIT_OK) : rc;
	if (o.plain && !o.have_pair)
		return cli_usage_error("lexicon coverage", "--plain needs --pair XX-YY");
	if (o.vocabulary && o.index)
		return cli_usage_error("lexicon coverage", "give --vocabulary or --index, not both");
	if (optind >= argc)
		return cli_usage_error("lexicon coverage", "no question file");
	vocabulary = o.vocabulary || o.index;
	if (o.index && xlqa_index_open(o.index, &idx, &err)) {
		status = cli_fail("lexicon coverage", &err);
		goto out;
	}
	printf("file\tpair\tquestions\tkeywords\ttranslated\tcoverage\twith cognates\twith names\tby how\n");
	for (int i = optind; i < argc && !status; i++) {
		struct xlqa_testset ts;
		struct xlqa_buf raw = XLQA_BUF_INIT, categories = XLQA_BUF_INIT;
		const char **texts = NULL;
		struct coverage c = { 0 };
		char src[4], tgt[4], pair[8];
		size_t n = 0;

		xlqa_testset_init(&ts);
		if ((rc = read_questions(argv[i], o.plain, &ts, &raw, &texts, &categories, &n, &err))) {
			status = cli_fail("lexicon coverage", &err);
			goto next;
		}
		if (o.have_pair) {
			snprintf(src, sizeof src, "%s", o.source);
			snprintf(tgt, sizeof tgt, "%s", o.target);
		} else {
			snprintf(pair, sizeof pair, "%s-%s", ts.source, ts.target);
			if (cli_parse_pair(pair, src, tgt)) {
				xlqa_error_set(&err, XLQA_EPARSE, "%s: unknown pair '%s'", argv[i], pair);
				status = cli_fail("lexicon coverage", &err);
				goto next;
			}
		}
		snprintf(pair, sizeof pair, "%s-%s", src, tgt);
		if (strcmp(src, tgt) == 0) {
			fprintf(stderr, "xlqa lexicon coverage: %s: '%s-%s' is the identity, skipped\n", argv[i], src, tgt);
			goto next;
		}
		if (strcmp(pair, open_pair) != 0) {
			cli_translation_release(&t);
			if (open_coverage_pair(&o, src, tgt, idx, &t, &err)) {
				status = cli_fail("lexicon coverage", &err);
				open_pair[0] = '\0';
				goto next;
			}
			mixed |= total_pair[0] && strcmp(total_pair, pair) != 0;
			snprintf(open_pair, sizeof open_pair, "%s", pair);
			snprintf(total_pair, sizeof total_pair, "%s", pair);
		}
		if ((rc = cover_texts(&t, texts, categories.buf, n, &c, &err))) {
			status = cli_fail("lexicon coverage", &err);
			goto next;
		}
		print_coverage(argv[i], pair, &c, vocabulary);
		total.questions += c.questions;
		total.st.groups += c.st.groups;
		total.st.lexical += c.st.lexical;
		total.st.passed += c.st.passed;
		total.st.cognate += c.st.cognate;
		total.st.numbers += c.st.numbers;
		for (size_t h = 0; h < sizeof c.st.by_how / sizeof c.st.by_how[0]; h++)
			total.st.by_how[h] += c.st.by_how[h];
	next:
		free(texts);
		xlqa_buf_release(&raw);
		xlqa_buf_release(&categories);
		xlqa_testset_release(&ts);
	}
	if (!status && o.total)
		print_coverage("total", mixed ? "mixed" : total_pair, &total, vocabulary);
out:
	cli_translation_release(&t);
	if (idx)
		xlqa_index_free(idx);
	return cli_finish_output("lexicon coverage", status);
}

/* `xlqa lexicon verify FILE...`: opens each lexicon and checks it whole; stops at the first fault. */
static int lexicon_verify(int argc, char **argv)
{
	int status = CLI_EXIT_OK;

	if (argc < 2)
		return cli_usage_error("lexicon verify", "no lexicon file to verify");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(lexicon_help, stdout);
		return cli_finish_output("lexicon verify", CLI_EXIT_OK);
	}
	for (int i = 1; i < argc && status == CLI_EXIT_OK; i++) {
		struct xlqa_lexicon *lex = NULL;
		struct xlqa_error err;

		xlqa_error_clear(&err);
		if (xlqa_lexicon_open(argv[i], &lex, &err) || xlqa_lexicon_verify(lex, &err))
			status = cli_fail("lexicon verify", &err);
		else if (printf("lexicon    %s: the checksum matches and every entry is in bounds\n", argv[i]) < 0)
			status = CLI_EXIT_SYSTEM;
		xlqa_lexicon_free(lex);
	}
	return cli_finish_output("lexicon verify", status);
}

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} subcommands[] = {
	{ "build", lexicon_build },
	{ "lookup", lexicon_lookup },
	{ "coverage", lexicon_coverage },
	{ "verify", lexicon_verify },
};

int cmd_lexicon(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(lexicon_help, argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_EXIT_USAGE : cli_finish_output("lexicon", CLI_EXIT_OK);
	}
	for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
		if (strcmp(argv[1], subcommands[i].name) == 0)
			return subcommands[i].run(argc - 1, argv + 1);
	return cli_usage_error("lexicon", "unknown subcommand '%s' (build, lookup, coverage or verify)", argv[1]);
}
