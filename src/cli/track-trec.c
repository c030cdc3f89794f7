/*
 * track-trec: `xlqa check|judge|score --track trec` (TREC-8 .. 2002 ranked runs) and `--track trec2007`
 * (TREC 2004 .. 2007 question series). The library does the reading, judging, scoring and the
 * reports (xlqa_trec_ranked_report, xlqa_trec_series_report, over the measure registries); this file
 * parses options and prints. `check` also summarises key files (patterns, judgments, questions, list
 * and nugget keys) so a key can be validated before it is used; the kinds of key are a table.
 */
#include "config.h"

#include "track-trec.h"

#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- key files: read one, print a one-line summary ---------------------------------------------- */

/*
 * Prints the key's warnings (patterns that match the empty string) to `fp` as "path:line: warning:
 * ...", prefixed "xlqa CMD: " when `cmd` is not NULL.
 */
static void print_warnings(const char *cmd, FILE *fp, const char *path, const struct xlqa_patterns *p)
{
	for (size_t i = 0; i < xlqa_patterns_warnings(p); i++) {
		int64_t line;
		const char *why = xlqa_patterns_warning(p, i, &line);

		fprintf(fp, "%s%s%s%s:%lld: warning: %s\n", cmd ? "xlqa " : "", cmd ? cmd : "", cmd ? ": " : "", path,
		        (long long)line, why);
	}
}

/*
 * Reads an answer-pattern key, skipping lines that are malformed or whose regex does not compile;
 * each skipped line is printed to `fp` as "path:line: skipped: reason" (prefixed "xlqa CMD: " when
 * `cmd` is not NULL). The count goes to *skipped when not NULL.
 */
static int read_patterns(const char *cmd, FILE *fp, const char *path, struct xlqa_patterns **p, size_t *skipped,
                         struct xlqa_error *err)
{
	int rc = xlqa_patterns_read_flags(path, XLQA_PATTERNS_SKIP_BAD, p, err);

	if (rc)
		return rc;
	for (size_t i = 0; i < xlqa_patterns_skipped(*p); i++) {
		int64_t line;
		const char *why = xlqa_patterns_skipped_line(*p, i, &line);

		fprintf(fp, "%s%s%s%s:%lld: skipped: %s\n", cmd ? "xlqa " : "", cmd ? cmd : "", cmd ? ": " : "", path,
		        (long long)line, why);
	}
	print_warnings(cmd, fp, path, *p);
	if (skipped)
		*skipped = xlqa_patterns_skipped(*p);
	return XLQA_OK;
}

static int summary_patterns(const char *path, size_t *problems, struct xlqa_error *err)
{
	struct xlqa_patterns *p;
	int rc = read_patterns(NULL, stdout, path, &p, problems, err);

	if (rc)
		return rc;
	printf("%s: patterns: %zu questions, %zu patterns, %zu with documents, %zu lines skipped\n", path,
	       xlqa_patterns_questions(p), xlqa_patterns_total(p), xlqa_patterns_total_with_docs(p),
	       xlqa_patterns_skipped(p));
	xlqa_patterns_free(p);
	return XLQA_OK;
}

static int summary_judgments(const char *path, size_t *problems, struct xlqa_error *err)
{
	(void)problems;
	struct xlqa_trec_judgments *j;
	int rc = xlqa_trec_judgments_read(path, &j, err);

	if (rc)
		return rc;
	printf("%s: judgments: %zu questions, %zu judged responses\n", path, xlqa_trec_judgments_questions(j),
	       xlqa_trec_judgments_count(j));
	xlqa_trec_judgments_free(j);
	return XLQA_OK;
}

static int summary_questions(const char *path, size_t *problems, struct xlqa_error *err)
{
	(void)problems;
	struct xlqa_trec_series *s;
	int rc = xlqa_trec_series_read(path, &s, err);

	if (rc)
		return rc;
	printf("%s: questions: year %s, %zu targets, %zu questions (%zu FACTOID, %zu LIST, %zu OTHER)\n", path,
	       *s->year ? s->year : "?", s->n_targets, s->n_questions, s->by_type[XLQA_TREC_FACTOID],
	       s->by_type[XLQA_TREC_LIST], s->by_type[XLQA_TREC_OTHER]);
	xlqa_trec_series_free(s);
	return XLQA_OK;
}

static int summary_list_key(const char *path, size_t *problems, struct xlqa_error *err)
{
	(void)problems;
	struct xlqa_patterns *p;
	int rc = xlqa_trec_list_key_read(path, &p, err);

	if (rc)
		return rc;
	print_warnings(NULL, stdout, path, p);
	printf("%s: list key: %zu questions, %zu instances, %zu with documents\n", path, xlqa_patterns_questions(p),
	       xlqa_patterns_total(p), xlqa_patterns_total_with_docs(p));
	xlqa_patterns_free(p);
	return XLQA_OK;
}

static int summary_nuggets(const char *path, size_t *problems, struct xlqa_error *err)
{
	(void)problems;
	struct xlqa_trec_nuggets *n;
	int rc = xlqa_trec_nuggets_read(path, &n, err);

	if (rc)
		return rc;
	printf("%s: nuggets: %zu questions, %zu nuggets\n", path, xlqa_trec_nuggets_questions(n),
	       xlqa_trec_nuggets_total(n));
	xlqa_trec_nuggets_free(n);
	return XLQA_OK;
}

/* The key files `check` can summarise: option name, reader, one line of help. */
static const struct key_kind {
	const char *option;
	int (*summary)(const char *path, size_t *problems, struct xlqa_error *err); /* problems: lines skipped */
	const char *help;
} key_kinds[] = {
	{ "patterns", summary_patterns, "an answer-pattern key (patterns, patterns+docs)" },
	{ "judgments", summary_judgments, "a judgment set 'qid docno judgment answer'" },
	{ "questions", summary_questions, "a question-series XML test set" },
	{ "list-key", summary_list_key, "a list key (answers_list or patterns_list)" },
	{ "nuggets", summary_nuggets, "a nugget key (answers_other or *_pyramid)" },
};
#define N_KEY_KINDS (sizeof key_kinds / sizeof key_kinds[0])

/* ---- shared option handling ------------------------------------------------------------------------ */

#define MAX_CHOSEN 16

struct trec_opts {
	const char *kind_file[N_KEY_KINDS][64]; /* check: key files by kind */
	size_t n_kind[N_KEY_KINDS];
	size_t limit;                           /* ranked check: answer byte limit */
	const char *output;                     /* judge: -o */
	const char *qids;                       /* ranked score: --qids */
	const char *factoid, *list, *nuggets;   /* series score */
	const char *nugget_judgments[64];       /* one a run, in the runs' order */
	size_t n_nj;
	enum xlqa_report_format format;
	/* score */
	bool per_question;                 /* -q */
	const char *chosen[MAX_CHOSEN];    /* -m names, checked by the track; none: all */
	size_t n_chosen;
	bool list_measures;                /* --measures */
	bool significance;
	struct xlqa_sig_options sig;
	const struct xlqa_sig_correction *correction;
};

enum {
	OPT_KIND = 256,
	OPT_QIDS = OPT_KIND + (int)N_KEY_KINDS,
	OPT_FACTOID,
	OPT_LIST,
	OPT_NJ,
	OPT_MEASURES,
	OPT_SIGNIFICANCE,
	OPT_RESAMPLES,
	OPT_SEED,
	OPT_LEVEL,
	OPT_CORRECTION,
};

static const struct option long_opts[] = {
	{ "patterns", required_argument, NULL, OPT_KIND + 0 },
	{ "judgments", required_argument, NULL, OPT_KIND + 1 },
	{ "questions", required_argument, NULL, OPT_KIND + 2 },
	{ "list-key", required_argument, NULL, OPT_KIND + 3 },
	{ "nuggets", required_argument, NULL, OPT_KIND + 4 },
	{ "qids", required_argument, NULL, OPT_QIDS },
	{ "factoid", required_argument, NULL, OPT_FACTOID },
	{ "list", required_argument, NULL, OPT_LIST },
	{ "nugget-judgments", required_argument, NULL, OPT_NJ },
	{ "limit", required_argument, NULL, 'l' },
	{ "out", required_argument, NULL, 'o' },
	{ "output", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, 'f' },
	{ "per-question", no_argument, NULL, 'q' },
	{ "measure", required_argument, NULL, 'm' },
	{ "measures", no_argument, NULL, OPT_MEASURES },
	{ "significance", no_argument, NULL, OPT_SIGNIFICANCE },
	{ "resamples", required_argument, NULL, OPT_RESAMPLES },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "level", required_argument, NULL, OPT_LEVEL },
	{ "correction", required_argument, NULL, OPT_CORRECTION },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* A whole number up to `max` for `option`; -1 to go on, or the usage error's exit status. */
static int whole_number(const char *cmd, const char *option, const char *text, unsigned long long max,
                        unsigned long long *out)
{
	char *end;

	errno = 0;
	*out = strtoull(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-' || *out > max)
		return cli_usage_error(cmd, "'--%s' needs a whole number up to %llu, found '%s'", option, max, text);
	return -1;
}

/* The scoring options (-q, -m, --significance and its settings); -1 when `c` is not one of them. */
static int score_option(const char *cmd, int c, struct trec_opts *o)
{
	unsigned long long v;
	char *end;
	int st;

	switch (c) {
	case 'q': o->per_question = true; return -1;
	case 'm':
		if (strcmp(optarg, "all") == 0)
			return -1;
		if (o->n_chosen == MAX_CHOSEN)
			return cli_usage_error(cmd, "too many measures");
		o->chosen[o->n_chosen++] = optarg;
		return -1;
	case OPT_MEASURES: o->list_measures = true; return -1;
	case OPT_SIGNIFICANCE: o->significance = true; return -1;
	case OPT_RESAMPLES:
		if ((st = whole_number(cmd, "resamples", optarg, 100000000, &v)) >= 0)
			return st;
		if (v == 0)
			return cli_usage_error(cmd, "'--resamples' needs at least 1");
		o->sig.resamples = (size_t)v;
		return -1;
	case OPT_SEED:
		if ((st = whole_number(cmd, "seed", optarg, UINT64_MAX, &v)) >= 0)
			return st;
		o->sig.seed = v;
		return -1;
	case OPT_LEVEL:
		o->sig.level = strtod(optarg, &end);
		if (*end || end == optarg || !(o->sig.level > 0 && o->sig.level < 1))
			return cli_usage_error(cmd, "'--level' needs a number between 0 and 1, found '%s'", optarg);
		return -1;
	case OPT_CORRECTION:
		if (!(o->correction = xlqa_sig_correction_find(optarg)))
			return cli_usage_error(cmd, "unknown correction '%s' (holm, bonferroni, none)", optarg);
		return -1;
	default: return -2;
	}
}

/* Parses argv into *o; returns -1 to go on, or an exit status (help printed, usage error). */
static int parse_opts(int argc, char **argv, const char *help, struct trec_opts *o)
{
	const char *cmd = argv[0];
	int c;

	memset(o, 0, sizeof *o);
	o->sig.seed = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:f:hqm:Q:", long_opts, NULL)) != -1) {
		int st;

		if (c == 'Q') /* -Q is --questions, the test set, as in every command */
			c = OPT_KIND + 2;
		st = score_option(cmd, c, o);

		if (st >= 0)
			return st;
		if (st == -1)
			continue;
		if (c >= OPT_KIND && c < OPT_KIND + (int)N_KEY_KINDS) {
			size_t k = (size_t)(c - OPT_KIND);

			if (o->n_kind[k] == sizeof o->kind_file[k] / sizeof o->kind_file[k][0])
				return cli_usage_error(cmd, "too many '--%s' files", key_kinds[k].option);
			o->kind_file[k][o->n_kind[k]++] = optarg;
			continue;
		}
		switch (c) {
		case 'l': {
			char *end;
			unsigned long v = strtoul(optarg, &end, 10);

			if (*end || v == 0 || v > 100000)
				return cli_usage_error(cmd, "'--limit' needs a byte count such as 50 or 250, found '%s'", optarg);
			o->limit = v;
			break;
		}
		case 'o':
			o->output = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				o->format = XLQA_REPORT_TEXT;
			else if (strcmp(optarg, "tsv") == 0)
				o->format = XLQA_REPORT_TSV;
			else if (strcmp(optarg, "json") == 0)
				o->format = XLQA_REPORT_JSON;
			else
				return cli_usage_error(cmd, "unknown format '%s' (text, tsv or json)", optarg);
			break;
		case OPT_QIDS:
			o->qids = optarg;
			break;
		case OPT_FACTOID:
			o->factoid = optarg;
			break;
		case OPT_LIST:
			o->list = optarg;
			break;
		case OPT_NJ:
			if (o->n_nj == sizeof o->nugget_judgments / sizeof o->nugget_judgments[0])
				return cli_usage_error(cmd, "too many '--nugget-judgments' files");
			o->nugget_judgments[o->n_nj++] = optarg;
			break;
		case 'h':
			fputs(help, stdout);
			return cli_finish_output(cmd, CLI_EXIT_OK);
		default:
			return cli_bad_option(cmd, argv);
		}
	}
	return -1;
}

/* Refuses options this command does not take (`allowed` lists kinds by option name, space-separated). */
static int reject_kinds(const char *cmd, const struct trec_opts *o, const char *allowed)
{
	for (size_t k = 0; k < N_KEY_KINDS; k++) {
		const char *hit = strstr(allowed, key_kinds[k].option);
		size_t len = strlen(key_kinds[k].option);
		bool ok = hit && (hit == allowed || hit[-1] == ' ') && (hit[len] == ' ' || hit[len] == '\0');

		if (o->n_kind[k] && !ok)
			return cli_usage_error(cmd, "option '--%s' does not apply here", key_kinds[k].option);
	}
	return -1;
}

/* Prints a run's problems as "file:line: rule" ("file: rule" for the whole file). */
static void print_problems(const char *path, const struct xlqa_trec_problems *pr)
{
	for (size_t i = 0; i < pr->count; i++) {
		if (pr->items[i].line > 0)
			printf("%s:%lld: %s\n", path, (long long)pr->items[i].line, pr->items[i].message);
		else
			printf("%s: %s\n", path, pr->items[i].message);
	}
}

/*
 * `check` for both tracks: summarises each key file, then checks each run and prints every problem.
 * Exit 1 when a run breaks a rule or a key does not parse.
 */
static int run_check(int argc, char **argv, enum xlqa_trec_run_format format, const char *help, const char *kinds)
{
	const char *cmd = argv[0];
	struct trec_opts o;
	struct xlqa_trec_check_options copt;
	struct xlqa_trec_series *qs = NULL;
	struct xlqa_error err;
	int status = parse_opts(argc, argv, help, &o), worst = CLI_EXIT_OK;

	if (status >= 0 || (status = reject_kinds(cmd, &o, kinds)) >= 0)
		return status;
	if (optind >= argc && !o.n_kind[0] && !o.n_kind[1] && !o.n_kind[2] && !o.n_kind[3] && !o.n_kind[4])
		return cli_usage_error(cmd, "no run or key file to check");
	if (format == XLQA_TREC_RANKED && o.n_kind[2])
		return cli_usage_error(cmd, "'--questions' is for the trec2007 track");
	for (size_t k = 0; k < N_KEY_KINDS; k++)
		for (size_t i = 0; i < o.n_kind[k]; i++) {
			size_t skipped = 0;

			xlqa_error_clear(&err);
			if (key_kinds[k].summary(o.kind_file[k][i], &skipped, &err)) {
				int st = cli_fail(cmd, &err);

				worst = worst > st && worst != CLI_EXIT_RULES ? worst : st;
			} else if (skipped && (worst < CLI_EXIT_INPUT || worst == CLI_EXIT_RULES)) {
				worst = CLI_EXIT_INPUT;
			}
		}
	memset(&copt, 0, sizeof copt);
	copt.max_answer_bytes = o.limit;
	if (optind < argc && o.n_kind[2]) {
		xlqa_error_clear(&err);
		if (xlqa_trec_series_read(o.kind_file[2][0], &qs, &err))
			return cli_finish_output(cmd, cli_fail(cmd, &err));
		copt.questions = qs;
	}
	for (int i = optind; i < argc; i++) {
		struct xlqa_trec_problems pr;
		struct xlqa_trec_run *run;

		xlqa_trec_problems_init(&pr);
		xlqa_error_clear(&err);
		if (xlqa_trec_run_read(argv[i], format, &copt, &run, &pr, &err)) {
			int st = cli_fail(cmd, &err);

			/* a file that cannot be read or parsed outranks another's rule violations */
			worst = worst > st && worst != CLI_EXIT_RULES ? worst : st;
		} else {
			print_problems(argv[i], &pr);
			printf("%s: %zu responses, run tag '%s', %zu problem%s\n", argv[i], run->count, run->tag, pr.count,
			       pr.count == 1 ? "" : "s");
			if (pr.count && worst == CLI_EXIT_OK)
				worst = CLI_EXIT_RULES;
			xlqa_trec_run_free(run);
		}
		xlqa_trec_problems_release(&pr);
	}
	xlqa_trec_series_free(qs);
	return cli_finish_output(cmd, worst);
}

/* Exactly one run argument. */
static int one_run(const char *cmd, int argc)
{
	if (optind >= argc)
		return cli_usage_error(cmd, "a run file is needed");
	if (optind + 1 < argc)
		return cli_usage_error(cmd, "one run file at a time");
	return -1;
}

/* ---- trec: ranked runs -------------------------------------------------------------------------- */

static const char trec_check_help[] =
	"usage: xlqa check --track trec [options] [RUN...]\n"
	"\n"
	"Checks TREC-8 .. TREC 2002 ranked runs, lines 'qid Q0 docno rank score tag answer', and prints every\n"
	"violation as FILE:LINE: rule: the seven fields, the literal Q0, ranks 1..5 of a question in order\n"
	"without gaps or repeats and its lines together, a numeric score, one run tag, an answer string\n"
	"(none after docno NIL), and with --limit the answer-string byte limit. Exit 1 on any problem.\n"
	"\n"
	"      --limit=BYTES      answer strings of at most BYTES bytes (50 or 250 in TREC-9 and 2001)\n"
	"      --patterns=FILE    also read an answer-pattern key and summarise it (repeatable)\n"
	"      --judgments=FILE   also read a judgment set and summarise it (repeatable)\n"
	"  -h, --help             this text\n";

static const char trec_judge_help[] =
	"usage: xlqa judge --track trec --patterns=KEY [-o FILE] RUN\n"
	"\n"
	"Judges each distinct (qid, docno, answer) of a ranked run with TREC answer patterns (Voorhees and\n"
	"Tice 2000: case-insensitive Perl regexes, matched at word boundaries) and writes a judgment set,\n"
	"'qid docno judgment answer': 1 right, 2 unsupported (a +docs key matches but does not list the\n"
	"document), -1 wrong. NIL is right when the key has no pattern for the question.\n"
	"\n"
	"      --patterns=KEY     the answer-pattern key\n"
	"  -o, --out=FILE         write the judgments to FILE (whole or not at all) instead of stdout\n"
	"  -h, --help             this text\n";

static const char trec_score_help[] =
	"usage: xlqa score --track trec (--judgments=FILE | --patterns=KEY) [options] RUN...\n"
	"\n"
	"Scores ranked runs: mean reciprocal rank of the first right response over the questions, strict\n"
	"(unsupported is wrong) and lenient (unsupported is right), and the questions with no right response.\n"
	"The questions are those of the key and of the runs, or those listed in --qids; every run is scored\n"
	"over the same questions, so runs can be compared question by question.\n"
	"\n"
	"      --judgments=FILE   judge with a judgment set 'qid docno judgment answer'\n"
	"      --patterns=KEY     judge with answer patterns instead\n"
	"      --qids=FILE        score over these questions (first field of each line)\n"
	"  -f, --format=FMT       'text' (default), 'tsv' (run, question, measure, value lines) or 'json'\n"
	"                         (keys run, tag, questions and the measures; an array for several runs)\n"
	"  -q, --per-question     each question's responses, first right ranks and measure values first\n"
	"  -m, --measure=NAME     show this measure (repeatable; 'all', the default, shows every one)\n"
	"      --measures         list the measures\n"
	"      --significance     95% percentile bootstrap intervals of each run's MRR and, for every pair\n"
	"                         of runs, paired randomization and paired bootstrap p-values, adjusted for\n"
	"                         the number of pairs (measures: those of -m that are not counts, default\n"
	"                         mrr_strict and mrr_lenient)\n"
	"      --resamples=N      resamples (default 10000)      --seed=N   their seed (default 1)\n"
	"      --level=X          interval level (default 0.95)  --correction=holm|bonferroni|none\n"
	"  -h, --help             this text\n";

static int trec_check(int argc, char **argv)
{
	return run_check(argc, argv, XLQA_TREC_RANKED, trec_check_help, "patterns judgments");
}

/* Writes the judgments of a judged run's distinct responses to `fp`. */
static int write_judgments(FILE *fp, const struct xlqa_trec_run *run)
{
	struct xlqa_hash seen;
	struct xlqa_buf key = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	xlqa_hash_init(&seen);
	for (size_t i = 0; i < run->count && !rc; i++) {
		const struct xlqa_trec_response *r = &run->responses[i];

		xlqa_buf_reset(&key);
		if (xlqa_buf_addf(&key, "%s %s %s", r->qid, r->docno, r->answer)) {
			rc = XLQA_ENOMEM;
		} else if (!xlqa_hash_find(&seen, key.buf, key.len)) {
			rc = xlqa_hash_put(&seen, key.buf, key.len, NULL, NULL);
			fprintf(fp, "%s %s %d%s%s\n", r->qid, r->docno, r->judgment, r->answer_len ? " " : "", r->answer);
		}
	}
	xlqa_buf_release(&key);
	xlqa_hash_release(&seen);
	return rc;
}

static int trec_judge(int argc, char **argv)
{
	const char *cmd = argv[0];
	struct trec_opts o;
	struct xlqa_patterns *p = NULL;
	struct xlqa_trec_run *run = NULL;
	struct xlqa_error err;
	int status = parse_opts(argc, argv, trec_judge_help, &o);
	struct xlqa_file_out out = { 0 };

	if (status >= 0 || (status = reject_kinds(cmd, &o, "patterns")) >= 0 || (status = one_run(cmd, argc)) >= 0)
		return status;
	if (o.n_kind[0] != 1)
		return cli_usage_error(cmd, "one '--patterns' key is needed");
	xlqa_error_clear(&err);
	if (read_patterns(cmd, stderr, o.kind_file[0][0], &p, NULL, &err) ||
	    xlqa_trec_run_read(argv[optind], XLQA_TREC_RANKED, NULL, &run, NULL, &err) ||
	    xlqa_trec_judge_patterns(run, p, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	/* to a file, written whole or not at all */
	if (o.output && xlqa_file_out_open(&out, o.output, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	status = write_judgments(o.output ? out.fp : stdout, run) ? CLI_EXIT_SYSTEM : CLI_EXIT_OK;
	if (o.output && status == CLI_EXIT_OK && xlqa_file_out_commit(&out, &err))
		status = cli_fail(cmd, &err);
done:
	if (o.output)
		xlqa_file_out_release(&out);
	xlqa_trec_run_free(run);
	xlqa_patterns_free(p);
	return cli_finish_output(cmd, status);
}

/* Appends `q` to qids[0..*n) unless `seen` holds it. XLQA_OK or XLQA_ENOMEM. */
static int add_qid(struct xlqa_hash *seen, const char *q, const char **qids, size_t *n)
{
	int rc = XLQA_OK;

	if (!xlqa_hash_find(seen, q, strlen(q)) && (rc = xlqa_hash_put(seen, q, strlen(q), NULL, NULL)) == XLQA_OK)
		qids[(*n)++] = q;
	return rc;
}

/*
 * The question ids to score over: --qids (first field of each line, cut in place in `store`, which
 * must outlive the list), else the key's and then the runs', each once.
 */
static int collect_qids(const struct trec_opts *o, const struct xlqa_trec_judgments *j, const struct xlqa_patterns *p,
                        const struct xlqa_trec_run *const *runs, size_t n_runs, struct xlqa_buf *store,
                        const char ***qids, size_t *n, struct xlqa_error *err)
{
	size_t nk = j ? xlqa_trec_judgments_questions(j) : xlqa_patterns_questions(p), responses = 0;
	struct xlqa_hash seen;
	int rc;

	*n = 0;
	for (size_t r = 0; r < n_runs; r++)
		responses += runs[r]->count;
	if (o->qids && (rc = xlqa_file_read(o->qids, store, err)))
		return rc;
	if (!(*qids = calloc(o->qids ? store->len / 2 + 1 : nk + responses + 1, sizeof **qids)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	xlqa_hash_init(&seen);
	rc = XLQA_OK;
	if (o->qids) {
		for (char *line = store->buf; line && *line && !rc;) {
			char *next = strchr(line, '\n');
			size_t len;

			if (next)
				*next++ = '\0';
			line += strspn(line, " \t\r");
			len = strcspn(line, " \t\r");
			line[len] = '\0';
			if (len && !xlqa_hash_find(&seen, line, len)) {
				rc = xlqa_hash_put(&seen, line, len, NULL, NULL);
				(*qids)[(*n)++] = line;
			}
			line = next;
		}
	} else {
		for (size_t i = 0; i < nk && !rc; i++)
			rc = add_qid(&seen, j ? xlqa_trec_judgments_qid(j, i) : xlqa_patterns_qid(p, i), *qids, n);
		for (size_t r = 0; r < n_runs; r++)
			for (size_t i = 0; i < runs[r]->count && !rc; i++)
				rc = add_qid(&seen, runs[r]->responses[i].qid, *qids, n);
	}
	xlqa_hash_release(&seen);
	return rc ? xlqa_error_set(err, rc, "out of memory") : XLQA_OK;
}

/* The significance table of `n_runs` runs' units, appended to `out`; an exit status. */
static int significance(const char *cmd, const struct trec_opts *o, const void *const *units, const char *const *names,
                        size_t n_runs, size_t n_units, size_t size, const struct xlqa_sig_measure *ms, size_t n_ms,
                        struct xlqa_buf *out)
{
	struct xlqa_sig_table t;
	struct xlqa_error err;
	int status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	if (n_ms == 0)
		return cli_usage_error(cmd, "--significance needs a measure that is not a count");
	if (xlqa_sig_table_compute(&t, units, names, n_runs, n_units, size, ms, n_ms, o->correction, &o->sig, &err) ||
	    xlqa_sig_table_report(&t, o->format, out, &err))
		status = cli_fail(cmd, &err);
	xlqa_sig_table_release(&t);
	return status;
}

/* The ranked measures -m chose (all when none); an exit status. */
static int ranked_measures(const char *cmd, const struct trec_opts *o, const struct xlqa_trec_measure **ms, size_t *n)
{
	*n = 0;
	for (size_t i = 0; i < o->n_chosen; i++)
		if (!(ms[(*n)++] = xlqa_trec_measure_find(o->chosen[i])))
			return cli_usage_error(cmd, "unknown measure '%s' (see --measures)", o->chosen[i]);
	for (size_t i = 0; o->n_chosen == 0 && i < xlqa_trec_measure_count(); i++)
		ms[(*n)++] = xlqa_trec_measure_at(i);
	return -1;
}

/* Several runs' JSON reports go in an array, or with --significance under "runs". */
static int open_runs(const struct trec_opts *o, size_t n_runs, struct xlqa_buf *out)
{
	if (o->format != XLQA_REPORT_JSON)
		return XLQA_OK;
	return xlqa_buf_addstr(out, o->significance ? "{\"runs\": [\n" : n_runs > 1 ? "[\n" : "");
}

static int between_runs(const struct trec_opts *o, struct xlqa_buf *out)
{
	return o->format == XLQA_REPORT_JSON ? xlqa_buf_addstr(out, ",\n") : XLQA_OK;
}

static int close_runs(const struct trec_opts *o, size_t n_runs, struct xlqa_buf *out)
{
	if (o->format != XLQA_REPORT_JSON)
		return o->significance ? xlqa_buf_addch(out, '\n') : XLQA_OK;
	return xlqa_buf_addstr(out, o->significance ? "\n],\n\"significance\": " : n_runs > 1 ? "\n]\n" : "\n");
}

static int finish_runs(const struct trec_opts *o, struct xlqa_buf *out)
{
	return o->format == XLQA_REPORT_JSON && o->significance ? xlqa_buf_addstr(out, "\n}\n") : XLQA_OK;
}

static int trec_score(int argc, char **argv)
{
	const char *cmd = argv[0];
	struct trec_opts o;
	struct xlqa_patterns *p = NULL;
	struct xlqa_trec_judgments *j = NULL;
	struct xlqa_trec_run **runs = NULL;
	struct xlqa_trec_rr **rr = NULL;
	const struct xlqa_trec_measure *ms[MAX_CHOSEN + 8];
	struct xlqa_sig_measure sm[MAX_CHOSEN + 8];
	struct xlqa_buf store = XLQA_BUF_INIT, out = XLQA_BUF_INIT;
	const char **qids = NULL;
	size_t n = 0, n_ms = 0, n_sm = 0, n_runs;
	struct xlqa_error err;
	int status = parse_opts(argc, argv, trec_score_help, &o);

	if (status >= 0 || (status = reject_kinds(cmd, &o, "patterns judgments")) >= 0 ||
	    (status = ranked_measures(cmd, &o, ms, &n_ms)) >= 0)
		return status;
	if (o.list_measures) {
		for (size_t i = 0; i < xlqa_trec_measure_count(); i++)
			printf("%-19s %s\n", xlqa_trec_measure_at(i)->name, xlqa_trec_measure_at(i)->help);
		return cli_finish_output(cmd, CLI_EXIT_OK);
	}
	if (optind >= argc)
		return cli_usage_error(cmd, "a run file is needed");
	if (o.n_kind[0] + o.n_kind[1] != 1)
		return cli_usage_error(cmd, "one key is needed: '--judgments' or '--patterns'");
	n_runs = (size_t)(argc - optind);
	runs = calloc(n_runs, sizeof *runs);
	rr = calloc(n_runs, sizeof *rr);
	xlqa_error_clear(&err);
	if (!runs || !rr) {
		status = CLI_EXIT_SYSTEM;
		goto done;
	}
	if (o.n_kind[1] ? xlqa_trec_judgments_read(o.kind_file[1][0], &j, &err)
	                : read_patterns(cmd, stderr, o.kind_file[0][0], &p, NULL, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	for (size_t r = 0; r < n_runs; r++) {
		if (xlqa_trec_run_read(argv[optind + (int)r], XLQA_TREC_RANKED, NULL, &runs[r], NULL, &err) ||
		    (p && xlqa_trec_judge_patterns(runs[r], p, &err))) {
			status = cli_fail(cmd, &err);
			goto done;
		}
		if (j)
			xlqa_trec_judge_judgments(runs[r], j);
	}
	if (collect_qids(&o, j, p, (const struct xlqa_trec_run *const *)runs, n_runs, &store, &qids, &n, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	if (n == 0) {
		xlqa_error_set(&err, XLQA_EEMPTY, "no question to score");
		status = cli_fail(cmd, &err);
		goto done;
	}
	status = open_runs(&o, n_runs, &out) ? CLI_EXIT_SYSTEM : CLI_EXIT_OK;
	for (size_t r = 0; !status && r < n_runs; r++) {
		if (!(rr[r] = calloc(n, sizeof *rr[r])) || xlqa_trec_mrr_questions(runs[r], qids, n, rr[r], &err)) {
			status = cli_fail(cmd, &err);
			break;
		}
		if ((r > 0 && between_runs(&o, &out)) ||
		    xlqa_trec_ranked_report(&(struct xlqa_trec_report_options){ o.format, o.per_question, r == 0 },
		                            argv[optind + (int)r], runs[r], rr[r], n, ms, n_ms, &out, &err))
			status = CLI_EXIT_SYSTEM;
	}
	if (!status && close_runs(&o, n_runs, &out))
		status = CLI_EXIT_SYSTEM;
	if (!status && o.significance) {
		for (size_t m = 0; m < n_ms; m++)
			if (!ms[m]->is_count && (o.n_chosen || strncmp(ms[m]->name, "mrr_", 4) == 0))
				sm[n_sm++] = (struct xlqa_sig_measure){ ms[m]->name, xlqa_trec_statistic, ms[m] };
		status = significance(cmd, &o, (const void *const *)rr, (const char *const *)argv + optind, n_runs, n,
		                      sizeof **rr, sm, n_sm, &out);
	}
	if (!status && finish_runs(&o, &out))
		status = CLI_EXIT_SYSTEM;
	if (!status)
		fwrite(out.buf, 1, out.len, stdout);
done:
	for (size_t r = 0; runs && rr && r < n_runs; r++) {
		xlqa_trec_run_free(runs[r]);
		free(rr[r]);
	}
	free(runs);
	free(rr);
	free(qids);
	xlqa_buf_release(&out);
	xlqa_buf_release(&store);
	xlqa_trec_judgments_free(j);
	xlqa_patterns_free(p);
	return cli_finish_output(cmd, status);
}

const struct cli_track cli_track_trec = {
	"trec",
	"trec8 trec9 trec10 trec11 trec2001 trec2002",
	"TREC-8 .. 2002 ranked runs: check, judge with patterns, MRR strict/lenient",
	trec_check,
	trec_judge,
	trec_score,
};

/* ---- trec2007: question series ---------------------------------------------------------------- */

static const char series_check_help[] =
	"usage: xlqa check --track trec2007 [--questions=XML] [options] [RUN...]\n"
	"\n"
	"Checks TREC 2004 .. 2007 question-series runs, lines 'qid run-tag docid answer', and prints every\n"
	"violation as FILE:LINE: rule: the fields, one run tag, NIL without an answer and an answer\n"
	"otherwise, at most 7000 non-white-space characters of answers a question; with --questions also\n"
	"known question ids, a response for every question, NIL only for factoids, one response a factoid.\n"
	"Exit 1 on any problem. Key files given are read and summarised.\n"
	"\n"
	"  -Q, --questions=XML    the test set (trec13questions.xml .. trec16questions.xml); summarised\n"
	"      --patterns=FILE    a factoid pattern key to summarise (repeatable)\n"
	"      --list-key=FILE    a list key to summarise (answers_list or patterns_list; repeatable)\n"
	"      --nuggets=FILE     a nugget key to summarise (answers_other or *_pyramid; repeatable)\n"
	"  -h, --help             this text\n";

static const char series_score_help[] =
	"usage: xlqa score --track trec2007 --questions=XML [keys] [options] RUN...\n"
	"\n"
	"Judges and scores question-series runs (TREC 2007 guidelines): factoid accuracy from a pattern key\n"
	"(NIL right when the key has no pattern), list F with IP and IR from a list key (instances assigned\n"
	"one to one to the key instances they match, at most), Other F(beta=3) from a nugget key and\n"
	"nugget judgments with 100 non-white-space characters allowed per nugget returned; per series the\n"
	"mean of its scored components, and the run's score the mean over series. A question type without\n"
	"its key is left out. Only a non-empty match of a pattern judges; patterns that match the empty\n"
	"string are reported as warnings.\n"
	"\n"
	"  -Q, --questions=XML           the test set\n"
	"      --factoid=KEY             factoid answer patterns (patterns_factoid, patterns+docs_factoid)\n"
	"      --list=KEY                list key (answers_list, patterns_list, patterns+docs_list)\n"
	"      --nuggets=KEY             nugget key (*_pyramid, or answers_other: vital 1, okay 0)\n"
	"      --nugget-judgments=FILE   lines 'qid n n ...': the nuggets the run's Other response holds\n"
	"                                (one a run, in the order of the runs)\n"
	"  -f, --format=FMT              'text' (default), 'tsv' (run, question, measure, value lines) or\n"
	"                                'json' (factoid_accuracy, list_f, other_f, score, series, questions;\n"
	"                                null for a type left out)\n"
	"  -q, --per-question            each question's counts, precision, recall and F before the summary\n"
	"  -m, --measure=NAME            show this summary measure (repeatable; default all)\n"
	"      --measures                list the measures\n"
	"      --significance            interval of each run's score and, for every pair of runs, paired\n"
	"                                randomization and bootstrap p-values over the series (the unit the\n"
	"                                score averages), adjusted for the number of pairs\n"
	"      --resamples=N  --seed=N  --level=X  --correction=holm|bonferroni|none   as for clef2004\n"
	"  -h, --help                    this text\n";

static int series_check(int argc, char **argv)
{
	return run_check(argc, argv, XLQA_TREC_SERIES, series_check_help, "patterns questions list-key nuggets");
}

/*
 * The summary measures -m chose, in the registry's order (all without -m), into ms[0..*n); an exit
 * status, or -1 to go on.
 */
static int series_chosen(const char *cmd, const struct trec_opts *o, const struct xlqa_trec_series_measure **ms,
                         size_t *n)
{
	*n = 0;
	for (size_t i = 0; i < o->n_chosen; i++)
		if (!xlqa_trec_series_measure_find(o->chosen[i]))
			return cli_usage_error(cmd, "unknown measure '%s' (see --measures)", o->chosen[i]);
	for (size_t m = 0; m < xlqa_trec_series_measure_count(); m++) {
		const struct xlqa_trec_series_measure *sm = xlqa_trec_series_measure_at(m);
		bool chosen = o->n_chosen == 0;

		for (size_t i = 0; !chosen && i < o->n_chosen; i++)
			chosen = strcmp(o->chosen[i], sm->name) == 0;
		if (chosen)
			ms[(*n)++] = sm;
	}
	return -1;
}

/* Reads the keys every run is scored with; an exit status. */
static int series_keys(const char *cmd, const struct trec_opts *o, struct xlqa_trec_series **qs,
                       struct xlqa_patterns **factoid, struct xlqa_patterns **list, struct xlqa_trec_nuggets **nuggets)
{
	struct xlqa_error err;

	xlqa_error_clear(&err);
	if (xlqa_trec_series_read(o->kind_file[2][0], qs, &err) ||
	    (o->factoid && read_patterns(cmd, stderr, o->factoid, factoid, NULL, &err)) ||
	    (o->list && xlqa_trec_list_key_read(o->list, list, &err)) ||
	    (o->n_kind[4] && xlqa_trec_nuggets_read(o->kind_file[4][0], nuggets, &err)))
		return cli_fail(cmd, &err);
	if (*list)
		print_warnings(cmd, stderr, o->list, *list);
	return CLI_EXIT_OK;
}

static int series_score(int argc, char **argv)
{
	const char *cmd = argv[0];
	struct trec_opts o;
	struct xlqa_trec_series *qs = NULL;
	struct xlqa_patterns *factoid = NULL, *list = NULL;
	struct xlqa_trec_nuggets *nuggets = NULL;
	struct xlqa_trec_series_result *res = NULL;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	const struct xlqa_trec_series_measure *ms[MAX_CHOSEN + 8];
	size_t n_runs, n_ms = 0, scored = 0;
	int status = parse_opts(argc, argv, series_score_help, &o);

	if (status >= 0 || (status = reject_kinds(cmd, &o, "questions nuggets")) >= 0 ||
	    (status = series_chosen(cmd, &o, ms, &n_ms)) >= 0)
		return status;
	if (o.list_measures) {
		for (size_t m = 0; m < xlqa_trec_series_measure_count(); m++)
			printf("%-17s %s\n", xlqa_trec_series_measure_at(m)->name, xlqa_trec_series_measure_at(m)->help);
		return cli_finish_output(cmd, CLI_EXIT_OK);
	}
	if (optind >= argc)
		return cli_usage_error(cmd, "a run file is needed");
	n_runs = (size_t)(argc - optind);
	if (o.n_kind[2] != 1)
		return cli_usage_error(cmd, "one '--questions' test set is needed");
	if ((o.n_kind[4] != 0) != (o.n_nj != 0) || o.n_kind[4] > 1 || (o.n_nj && o.n_nj != n_runs))
		return cli_usage_error(cmd, "'--nuggets' goes with one '--nugget-judgments' file a run");
	if (!(res = calloc(n_runs, sizeof *res)))
		return cli_finish_output(cmd, CLI_EXIT_SYSTEM);
	status = series_keys(cmd, &o, &qs, &factoid, &list, &nuggets);
	if (!status && open_runs(&o, n_runs, &out))
		status = CLI_EXIT_SYSTEM;
	for (size_t r = 0; !status && r < n_runs; r++) {
		const char *path = argv[optind + (int)r];
		struct xlqa_trec_nugget_judgments *nj = NULL;
		struct xlqa_trec_run *run = NULL;
		int rc;

		xlqa_error_clear(&err);
		if ((nuggets && xlqa_trec_nugget_judgments_read(o.nugget_judgments[r], nuggets, &nj, &err)) ||
		    xlqa_trec_run_read(path, XLQA_TREC_SERIES, NULL, &run, NULL, &err) ||
		    xlqa_trec_series_score(qs, run, &(struct xlqa_trec_series_keys){ factoid, list, nuggets, nj }, &res[r],
		                           &err)) {
			status = cli_fail(cmd, &err);
		} else {
			scored++;
			rc = r > 0 ? between_runs(&o, &out) : XLQA_OK;
			if (!rc)
				rc = xlqa_trec_series_report(&(struct xlqa_trec_report_options){ o.format, o.per_question, r == 0 },
				                             path, run, &res[r], ms, n_ms, &out, &err);
			if (rc)
				status = CLI_EXIT_SYSTEM;
		}
		xlqa_trec_run_free(run);
		xlqa_trec_nugget_judgments_free(nj);
	}
	if (!status && close_runs(&o, n_runs, &out))
		status = CLI_EXIT_SYSTEM;
	if (!status && o.significance) {
		/* The run's score is the mean of its series' combined scores: the series are the units. */
		static const struct xlqa_sig_field combined = { sizeof(struct xlqa_trec_target_score),
			                                        offsetof(struct xlqa_trec_target_score, combined) };
		const struct xlqa_sig_measure score = { "score", xlqa_sig_mean, &combined };
		const void **units = calloc(n_runs, sizeof *units);

		for (size_t r = 0; units && r < n_runs; r++)
			units[r] = res[r].targets;
		status = !units ? CLI_EXIT_SYSTEM
		                : significance(cmd, &o, units, (const char *const *)argv + optind, n_runs, qs->n_targets,
		                               sizeof(struct xlqa_trec_target_score), &score, 1, &out);
		free(units);
	}
	if (!status && finish_runs(&o, &out))
		status = CLI_EXIT_SYSTEM;
	if (!status)
		fwrite(out.buf, 1, out.len, stdout);
	for (size_t r = 0; r < scored; r++)
		xlqa_trec_series_result_release(&res[r]);
	free(res);
	xlqa_buf_release(&out);
	xlqa_trec_nuggets_free(nuggets);
	xlqa_patterns_free(list);
	xlqa_patterns_free(factoid);
	xlqa_trec_series_free(qs);
	return cli_finish_output(cmd, status);
}

const struct cli_track cli_track_trec2007 = {
	"trec2007",
	"trec2006 trec2005 trec2004 series",
	"TREC 2004 .. 2007 question series: check, factoid/list/Other scores",
	series_check,
	NULL,
	series_score,
};
