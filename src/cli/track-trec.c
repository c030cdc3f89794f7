/*
 * track-trec: `xlqa check|judge|score --track trec` (TREC-8 .. 2002 ranked runs) and `--track trec2007`
 * (TREC 2004 .. 2007 question series). The library does the reading, judging and scoring; this file
 * parses options and prints. `check` also summarises key files (patterns, judgments, questions, list
 * and nugget keys) so a key can be validated before it is used; the kinds of key are a table.
 */
#include "config.h"

#include "track-trec.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- key files: read one, print a one-line summary ---------------------------------------------- */

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

enum out_format { OUT_TEXT, OUT_JSON };

struct trec_opts {
	const char *kind_file[N_KEY_KINDS][64]; /* check: key files by kind */
	size_t n_kind[N_KEY_KINDS];
	size_t limit;                           /* ranked check: answer byte limit */
	const char *output;                     /* judge: -o */
	const char *qids;                       /* ranked score: --qids */
	const char *factoid, *list, *nuggets, *nugget_judgments; /* series score */
	enum out_format format;
};

enum { OPT_KIND = 256, OPT_QIDS = OPT_KIND + (int)N_KEY_KINDS, OPT_FACTOID, OPT_LIST, OPT_NJ };

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
	{ "output", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Parses argv into *o; returns -1 to go on, or an exit status (help printed, usage error). */
static int parse_opts(int argc, char **argv, const char *help, struct trec_opts *o)
{
	const char *cmd = argv[0];
	int c;

	memset(o, 0, sizeof *o);
	optind = 1;
	while ((c = getopt_long(argc, argv, "l:o:f:h", long_opts, NULL)) != -1) {
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
				o->format = OUT_TEXT;
			else if (strcmp(optarg, "json") == 0)
				o->format = OUT_JSON;
			else
				return cli_usage_error(cmd, "unknown format '%s' (text or json)", optarg);
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
			o->nugget_judgments = optarg;
			break;
		case 'h':
			fputs(help, stdout);
			return cli_finish_output(cmd, CLI_EXIT_OK);
		default:
			return cli_usage_error(cmd, "unknown option");
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

				worst = worst > st ? worst : st;
			} else if (skipped && worst < CLI_EXIT_INPUT) {
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

			worst = worst > st ? worst : st;
		} else {
			print_problems(argv[i], &pr);
			printf("%s: %zu responses, run tag '%s', %zu problem%s\n", argv[i], run->count, run->tag, pr.count,
			       pr.count == 1 ? "" : "s");
			if (pr.count && worst < CLI_EXIT_INPUT)
				worst = CLI_EXIT_INPUT;
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

/* Prints a JSON value on standard output; false when out of memory. */
static bool print_json(json_t *root)
{
	char *s = root ? json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(6)) : NULL;

	json_decref(root);
	if (!s)
		return false;
	puts(s);
	free(s);
	return true;
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
	"  -l, --limit=BYTES      answer strings of at most BYTES bytes (50 or 250 in TREC-9 and 2001)\n"
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
	"  -o, --output=FILE      write the judgments to FILE (whole or not at all) instead of stdout\n"
	"  -h, --help             this text\n";

static const char trec_score_help[] =
	"usage: xlqa score --track trec (--judgments=FILE | --patterns=KEY) [options] RUN\n"
	"\n"
	"Scores a ranked run: mean reciprocal rank of the first right response over the questions, strict\n"
	"(unsupported is wrong) and lenient (unsupported is right), and the questions with no right response.\n"
	"The questions are those of the key and of the run, or those listed in --qids.\n"
	"\n"
	"      --judgments=FILE   judge with a judgment set 'qid docno judgment answer'\n"
	"      --patterns=KEY     judge with answer patterns instead\n"
	"      --qids=FILE        score over these questions (first field of each line)\n"
	"  -f, --format=FMT       'text' (default) or 'json' (keys questions, mrr_strict, mrr_lenient,\n"
	"                         no_correct, no_correct_lenient, unjudged)\n"
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
	char *tmp = NULL;
	FILE *fp = stdout;

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
	if (o.output) {
		size_t n = strlen(o.output) + 16;
		int fd;

		if (!(tmp = malloc(n))) {
			status = CLI_EXIT_SYSTEM;
			goto done;
		}
		snprintf(tmp, n, "%s.tmpXXXXXX", o.output);
		if ((fd = mkstemp(tmp)) < 0 || !(fp = fdopen(fd, "w"))) {
			fprintf(stderr, "xlqa %s: cannot create '%s'\n", cmd, tmp);
			free(tmp);
			tmp = NULL;
			fp = stdout;
			status = CLI_EXIT_SYSTEM;
			goto done;
		}
	}
	status = write_judgments(fp, run) ? CLI_EXIT_SYSTEM : CLI_EXIT_OK;
	if (tmp) {
		if (fclose(fp) != 0 || status || rename(tmp, o.output) != 0) {
			fprintf(stderr, "xlqa %s: cannot write '%s'\n", cmd, o.output);
			remove(tmp);
			status = CLI_EXIT_SYSTEM;
		}
		free(tmp);
	}
done:
	xlqa_trec_run_free(run);
	xlqa_patterns_free(p);
	return cli_finish_output(cmd, status);
}

/*
 * The question ids to score over: --qids (first field of each line, cut in place in `store`, which
 * must outlive the list), else the key's and then the run's, each once.
 */
static int collect_qids(const struct trec_opts *o, const struct xlqa_trec_judgments *j, const struct xlqa_patterns *p,
                        const struct xlqa_trec_run *run, struct xlqa_buf *store, const char ***qids, size_t *n,
                        struct xlqa_error *err)
{
	size_t nk = j ? xlqa_trec_judgments_questions(j) : xlqa_patterns_questions(p);
	struct xlqa_hash seen;
	int rc;

	*n = 0;
	if (o->qids && (rc = xlqa_file_read(o->qids, store, err)))
		return rc;
	if (!(*qids = calloc(o->qids ? store->len / 2 + 1 : nk + run->count + 1, sizeof **qids)))
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
		for (size_t i = 0; i < nk + run->count && !rc; i++) {
			const char *q = i < nk ? (j ? xlqa_trec_judgments_qid(j, i) : xlqa_patterns_qid(p, i))
			                       : run->responses[i - nk].qid;

			if (!xlqa_hash_find(&seen, q, strlen(q))) {
				rc = xlqa_hash_put(&seen, q, strlen(q), NULL, NULL);
				(*qids)[(*n)++] = q;
			}
		}
	}
	xlqa_hash_release(&seen);
	return rc ? xlqa_error_set(err, rc, "out of memory") : XLQA_OK;
}

static int trec_score(int argc, char **argv)
{
	const char *cmd = argv[0];
	struct trec_opts o;
	struct xlqa_patterns *p = NULL;
	struct xlqa_trec_judgments *j = NULL;
	struct xlqa_trec_run *run = NULL;
	struct xlqa_trec_mrr m;
	struct xlqa_buf store = XLQA_BUF_INIT;
	const char **qids = NULL;
	size_t n = 0;
	struct xlqa_error err;
	int status = parse_opts(argc, argv, trec_score_help, &o);

	if (status >= 0 || (status = reject_kinds(cmd, &o, "patterns judgments")) >= 0 ||
	    (status = one_run(cmd, argc)) >= 0)
		return status;
	if (o.n_kind[0] + o.n_kind[1] != 1)
		return cli_usage_error(cmd, "one key is needed: '--judgments' or '--patterns'");
	xlqa_error_clear(&err);
	if ((o.n_kind[1] ? xlqa_trec_judgments_read(o.kind_file[1][0], &j, &err)
	                 : read_patterns(cmd, stderr, o.kind_file[0][0], &p, NULL, &err)) ||
	    xlqa_trec_run_read(argv[optind], XLQA_TREC_RANKED, NULL, &run, NULL, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	if (j)
		xlqa_trec_judge_judgments(run, j);
	if ((p && xlqa_trec_judge_patterns(run, p, &err)) || collect_qids(&o, j, p, run, &store, &qids, &n, &err) ||
	    xlqa_trec_mrr_compute(run, qids, n, &m, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	if (o.format == OUT_JSON) {
		json_t *root = json_pack("{s:s, s:s, s:I, s:f, s:f, s:I, s:I, s:I}", "run", argv[optind], "tag", run->tag,
		                         "questions", (json_int_t)m.questions, "mrr_strict", m.mrr_strict, "mrr_lenient",
		                         m.mrr_lenient, "no_correct", (json_int_t)m.no_correct_strict,
		                         "no_correct_lenient", (json_int_t)m.no_correct_lenient, "unjudged",
		                         (json_int_t)m.unjudged);

		status = print_json(root) ? CLI_EXIT_OK : CLI_EXIT_SYSTEM;
	} else {
		printf("run                 %s\n", argv[optind]);
		printf("tag                 %s\n", run->tag);
		printf("questions           %zu\n", m.questions);
		printf("mrr_strict          %.4f\n", m.mrr_strict);
		printf("mrr_lenient         %.4f\n", m.mrr_lenient);
		printf("no_correct          %zu\n", m.no_correct_strict);
		printf("no_correct_lenient  %zu\n", m.no_correct_lenient);
		printf("unjudged            %zu\n", m.unjudged);
		status = CLI_EXIT_OK;
	}
done:
	free(qids);
	xlqa_buf_release(&store);
	xlqa_trec_run_free(run);
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
	"      --questions=XML    the test set (trec13questions.xml .. trec16questions.xml); summarised\n"
	"      --patterns=FILE    a factoid pattern key to summarise (repeatable)\n"
	"      --list-key=FILE    a list key to summarise (answers_list or patterns_list; repeatable)\n"
	"      --nuggets=FILE     a nugget key to summarise (answers_other or *_pyramid; repeatable)\n"
	"  -h, --help             this text\n";

static const char series_score_help[] =
	"usage: xlqa score --track trec2007 --questions=XML [keys] [-f json] RUN\n"
	"\n"
	"Judges and scores a question-series run (TREC 2007 guidelines): factoid accuracy from a pattern key\n"
	"(NIL right when the key has no pattern), list F with IP and IR from a list key (each key instance\n"
	"counts once), Other F(beta=3) from a nugget key and nugget judgments with 100 non-white-space\n"
	"characters allowed per nugget returned; per series the mean of its scored components, and the run's\n"
	"score the mean over series. A question type without its key is left out.\n"
	"\n"
	"      --questions=XML           the test set\n"
	"      --factoid=KEY             factoid answer patterns (patterns_factoid, patterns+docs_factoid)\n"
	"      --list=KEY                list key (answers_list, patterns_list, patterns+docs_list)\n"
	"      --nuggets=KEY             nugget key (*_pyramid, or answers_other: vital 1, okay 0)\n"
	"      --nugget-judgments=FILE   lines 'qid n n ...': the nuggets the run's Other response holds\n"
	"  -f, --format=FMT              'text' (default) or 'json' (factoid_accuracy, list_f, other_f,\n"
	"                                score, series, questions; null for a type left out)\n"
	"  -h, --help                    this text\n";

static int series_check(int argc, char **argv)
{
	return run_check(argc, argv, XLQA_TREC_SERIES, series_check_help, "patterns questions list-key nuggets");
}

/* A score, or JSON null when the component was not scored (-1). */
static json_t *json_score(double v)
{
	return v < 0 ? json_null() : json_real(v);
}

static void print_score(const char *name, double v)
{
	if (v < 0)
		printf("%-18s -\n", name);
	else
		printf("%-18s %.4f\n", name, v);
}

static void print_component(double v)
{
	if (v < 0)
		printf(" %8s", "-");
	else
		printf(" %8.4f", v);
}

static int series_output_json(const char *path, const struct xlqa_trec_run *run,
                              const struct xlqa_trec_series_result *r)
{
	json_t *root = json_object(), *series = json_array(), *questions = json_array();

	if (!root || !series || !questions) {
		json_decref(root);
		json_decref(series);
		json_decref(questions);
		return CLI_EXIT_SYSTEM;
	}
	json_object_set_new(root, "run", json_string(path));
	json_object_set_new(root, "tag", json_string(run->tag));
	json_object_set_new(root, "targets", json_integer((json_int_t)r->n_targets));
	json_object_set_new(root, "factoid_accuracy", json_score(r->factoid_accuracy));
	json_object_set_new(root, "list_f", json_score(r->list_f));
	json_object_set_new(root, "other_f", json_score(r->other_f));
	json_object_set_new(root, "score", json_real(r->score));
	for (size_t t = 0; t < r->n_targets; t++) {
		const struct xlqa_trec_target_score *ts = &r->targets[t];

		json_array_append_new(series, json_pack("{s:s, s:o, s:o, s:o, s:f}", "target", ts->target->id, "factoid",
		                                        json_score(ts->factoid), "list", json_score(ts->list), "other",
		                                        json_score(ts->other), "combined", ts->combined));
	}
	for (size_t i = 0; i < r->n_questions; i++) {
		const struct xlqa_trec_question_score *q = &r->questions[i];

		json_array_append_new(questions,
		                      json_pack("{s:s, s:s, s:I, s:I, s:I, s:f, s:f, s:f}", "qid", q->question->qid, "type",
		                                xlqa_trec_qtype_name(q->question->type), "returned", (json_int_t)q->returned,
		                                "distinct", (json_int_t)q->distinct, "key_size", (json_int_t)q->key_size,
		                                "precision", q->precision, "recall", q->recall, "f", q->f));
	}
	json_object_set_new(root, "series", series);
	json_object_set_new(root, "questions", questions);
	return print_json(root) ? CLI_EXIT_OK : CLI_EXIT_SYSTEM;
}

static void series_output_text(const char *path, const struct xlqa_trec_run *run,
                               const struct xlqa_trec_series_result *r)
{
	printf("%-10s %8s %8s %8s %8s\n", "series", "factoid", "list", "other", "combined");
	for (size_t t = 0; t < r->n_targets; t++) {
		printf("%-10s", r->targets[t].target->id);
		print_component(r->targets[t].factoid);
		print_component(r->targets[t].list);
		print_component(r->targets[t].other);
		printf(" %8.4f\n", r->targets[t].combined);
	}
	printf("\nrun                %s\ntag                %s\n", path, run->tag);
	print_score("factoid_accuracy", r->factoid_accuracy);
	print_score("list_f", r->list_f);
	print_score("other_f", r->other_f);
	print_score("score", r->score);
}

static int series_score(int argc, char **argv)
{
	const char *cmd = argv[0];
	struct trec_opts o;
	struct xlqa_trec_series *qs = NULL;
	struct xlqa_patterns *factoid = NULL, *list = NULL;
	struct xlqa_trec_nuggets *nuggets = NULL;
	struct xlqa_trec_nugget_judgments *nj = NULL;
	struct xlqa_trec_run *run = NULL;
	struct xlqa_trec_series_keys keys;
	struct xlqa_trec_series_result r;
	struct xlqa_error err;
	int status = parse_opts(argc, argv, series_score_help, &o);

	memset(&r, 0, sizeof r);
	if (status >= 0 || (status = reject_kinds(cmd, &o, "questions nuggets")) >= 0 ||
	    (status = one_run(cmd, argc)) >= 0)
		return status;
	if (o.n_kind[2] != 1)
		return cli_usage_error(cmd, "one '--questions' test set is needed");
	if ((o.n_kind[4] != 0) != (o.nugget_judgments != NULL) || o.n_kind[4] > 1)
		return cli_usage_error(cmd, "'--nuggets' and '--nugget-judgments' go together, once each");
	xlqa_error_clear(&err);
	if (xlqa_trec_series_read(o.kind_file[2][0], &qs, &err) ||
	    (o.factoid && read_patterns(cmd, stderr, o.factoid, &factoid, NULL, &err)) ||
	    (o.list && xlqa_trec_list_key_read(o.list, &list, &err)) ||
	    (o.n_kind[4] && xlqa_trec_nuggets_read(o.kind_file[4][0], &nuggets, &err)) ||
	    (nuggets && xlqa_trec_nugget_judgments_read(o.nugget_judgments, nuggets, &nj, &err)) ||
	    xlqa_trec_run_read(argv[optind], XLQA_TREC_SERIES, NULL, &run, NULL, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	keys.factoid = factoid;
	keys.list = list;
	keys.nuggets = nuggets;
	keys.nugget_judgments = nj;
	if (xlqa_trec_series_score(qs, run, &keys, &r, &err)) {
		status = cli_fail(cmd, &err);
		goto done;
	}
	if (o.format == OUT_JSON) {
		status = series_output_json(argv[optind], run, &r);
	} else {
		series_output_text(argv[optind], run, &r);
		status = CLI_EXIT_OK;
	}
done:
	xlqa_trec_series_result_release(&r);
	xlqa_trec_run_free(run);
	xlqa_trec_nugget_judgments_free(nj);
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
