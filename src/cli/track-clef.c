/*
 * track-clef: `xlqa check`, `xlqa judge` and `xlqa score` for CLEF 2004 runs. A thin layer: options
 * are parsed here, the work is libxlqa's (include/xlqa/clef.h, include/xlqa/eval.h); this file reads
 * files, picks the judge and prints what the library reports.
 */
#include "config.h"

#include "track-clef.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared: judges ----------------------------------------------------------------------------- */

/* What the judge options say: a kind and its files (several only for "judgments"). */
struct judge_spec {
	const char *kind; /* NULL: the runs are judged already */
	const char *paths[64];
	size_t n_paths;
};

static int spec_add(const char *cmd, struct judge_spec *s, const char *kind, const char *path)
{
	if (s->kind && strcmp(s->kind, kind) != 0)
		return cli_usage_error(cmd, "use one of --judgments, --gold and --patterns");
	if (s->n_paths == sizeof s->paths / sizeof s->paths[0])
		return cli_usage_error(cmd, "too many judgment files");
	if (s->n_paths && strcmp(kind, "judgments") != 0)
		return cli_usage_error(cmd, "one --%s file only", kind);
	s->kind = kind;
	s->paths[s->n_paths++] = path;
	return CLI_EXIT_OK;
}

/*
 * Parses "KIND:PATH[,PATH...]" (as --compare takes it) into `s`; the string is modified in place
 * (commas become NULs), so it must be argv's.
 */
static int spec_parse(const char *cmd, char *text, struct judge_spec *s)
{
	char *colon = strchr(text, ':'), *p;

	memset(s, 0, sizeof *s);
	if (!colon || colon == text || !colon[1])
		return cli_usage_error(cmd, "judge '%s' is not KIND:FILE (judgments, gold, patterns)", text);
	*colon = '\0';
	for (p = colon + 1; p;) {
		char *comma = strchr(p, ',');
		int rc;

		if (comma)
			*comma = '\0';
		rc = spec_add(cmd, s, text, p);
		if (rc)
			return rc;
		p = comma ? comma + 1 : NULL;
	}
	return CLI_EXIT_OK;
}

/*
 * The target language for a gold key: --lang, else the test set's target, else the last two letters
 * of the run tag (irst041iten -> en). NULL when none is known.
 */
static const char *target_lang(const char *opt, const struct xlqa_testset *ts, const struct xlqa_clef_run *run,
                               char buf[3])
{
	if (opt)
		return opt;
	if (ts && ts->target[0]) {
		snprintf(buf, 3, "%s", ts->target);
		return buf;
	}
	if (run && run->count && strlen(run->responses[0].tag) == 11) {
		snprintf(buf, 3, "%s", run->responses[0].tag + 9);
		return buf;
	}
	return NULL;
}

/* Opens the judge `s` describes; returns an exit status, printing the error. */
static int judge_open(const char *cmd, const struct judge_spec *s, const char *lang, struct xlqa_judge **out)
{
	struct xlqa_error err;

	xlqa_error_clear(&err);
	*out = NULL;
	if (strcmp(s->kind, "gold") == 0 && !lang)
		return cli_usage_error(cmd, "a gold key needs the target language: --lang, --questions or a CLEF run tag");
	if (xlqa_judge_open(s->kind, s->paths[0], lang, out, &err))
		return cli_fail(cmd, &err);
	for (size_t i = 1; i < s->n_paths; i++)
		if (xlqa_judge_add_file(*out, s->paths[i], &err)) {
			xlqa_judge_free(*out);
			*out = NULL;
			return cli_fail(cmd, &err);
		}
	for (size_t i = 0; xlqa_judge_patterns(*out) && i < xlqa_patterns_warnings(xlqa_judge_patterns(*out)); i++) {
		int64_t line;
		const char *why = xlqa_patterns_warning(xlqa_judge_patterns(*out), i, &line);

		fprintf(stderr, "xlqa %s: %s:%lld: warning: %s\n", cmd, s->paths[0], (long long)line, why);
	}
	if (xlqa_judge_conflicts(*out))
		fprintf(stderr, "xlqa %s: %zu pooled judgments disagree with an earlier one; the first is kept\n", cmd,
		        xlqa_judge_conflicts(*out));
	cli_judge_unmatchable(cmd, *out);
	return CLI_EXIT_OK;
}

/* The last component of a path. */
static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Writes `len` bytes to standard output, or atomically to `path` when it is not NULL. */
static int emit(const char *cmd, const char *path, const struct xlqa_buf *b)
{
	struct xlqa_error err;

	xlqa_error_clear(&err);
	if (path) {
		if (xlqa_file_write_atomic(path, b->buf, b->len, &err))
			return cli_fail(cmd, &err);
		return CLI_EXIT_OK;
	}
	fwrite(b->buf, 1, b->len, stdout);
	return cli_finish_output(cmd, CLI_EXIT_OK);
}

static int read_testset(const char *cmd, const char *path, struct xlqa_testset *ts)
{
	struct xlqa_error err;

	xlqa_error_clear(&err);
	return xlqa_testset_read(ts, path, &err) ? cli_fail(cmd, &err) : CLI_EXIT_OK;
}

/* ---- check ------------------------------------------------------------------------------------- */

static bool docno_in_set(void *ctx, const char *docno)
{
	return xlqa_hash_get(ctx, docno, strlen(docno), NULL);
}

static bool docno_in_index(void *ctx, const char *docno)
{
	uint32_t doc;

	return xlqa_index_find_docno(ctx, docno, &doc);
}

/* Reads a DOCNO list, one a line (blanks around it ignored, blank lines skipped). */
static int read_docnos(const char *cmd, const char *path, struct xlqa_hash *set)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	struct xlqa_error err;
	int rc = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	if (xlqa_file_read(path, &buf, &err)) {
		xlqa_buf_release(&buf);
		return cli_fail(cmd, &err);
	}
	for (char *p = buf.buf, *end = buf.buf + buf.len; p < end && !rc;) {
		char *nl = memchr(p, '\n', (size_t)(end - p)), *stop = nl ? nl : end;

		while (p < stop && (*p == ' ' || *p == '\t'))
			p++;
		while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
			stop--;
		if (stop > p && xlqa_hash_put(set, p, (size_t)(stop - p), NULL, NULL)) {
			xlqa_error_set(&err, XLQA_ENOMEM, "out of memory");
			rc = cli_fail(cmd, &err);
		}
		p = nl ? nl + 1 : end;
	}
	xlqa_buf_release(&buf);
	if (!rc && set->count == 0) {
		xlqa_error_set(&err, XLQA_EEMPTY, "%s: no DOCNOs", path);
		rc = cli_fail(cmd, &err);
	}
	return rc;
}

static void check_usage(FILE *fp)
{
	fprintf(fp, "usage: xlqa check [--track clef2004] --questions FILE [--docnos FILE | --index DIR] RUN...\n\n"
	            "Checks CLEF 2004 run files against the track's rules and prints every violation as\n"
	            "FILE:LINE: RULE: what is wrong. Exit status 1 when any run breaks a rule.\n\n"
	            "  -Q, --questions FILE  the test set the runs answer (required; also --testset)\n"
	            "      --docnos FILE   the collection's DOCNOs, one a line: unknown DOCNOs are violations\n"
	            "  -i, --index DIR     the collection's index (xlqa index): unknown DOCNOs are violations\n"
	            "      --rules         list the rules\n");
}

static int clef_check(int argc, char **argv)
{
	static const struct option opts[] = { { "questions", required_argument, NULL, 'Q' },
		                              { "testset", required_argument, NULL, 'Q' },
		                              { "docnos", required_argument, NULL, 'd' },
		                              { "index", required_argument, NULL, 'i' },
		                              { "rules", no_argument, NULL, 'r' },
		                              { "help", no_argument, NULL, 'h' },
		                              { NULL, 0, NULL, 0 } };
	const char *cmd = argv[0], *testset_path = NULL, *docnos_path = NULL, *index_path = NULL;
	struct xlqa_testset ts;
	struct xlqa_hash docnos;
	struct xlqa_index *idx = NULL;
	size_t broken = 0; /* runs with violations: every run is checked before the exit status says so */
	int c, status = CLI_EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "Q:i:rh", opts, NULL)) != -1) {
		switch (c) {
		case 'Q': testset_path = optarg; break;
		case 'd': docnos_path = optarg; break;
		case 'i': index_path = optarg; break;
		case 'r':
			for (int r = 0; r < XLQA_CLEF_RULE_COUNT_; r++)
				printf("%-11s %s\n", xlqa_clef_rule_name(r), xlqa_clef_rule_help(r));
			return cli_finish_output(cmd, CLI_EXIT_OK);
		case 'h': check_usage(stdout); return cli_finish_output(cmd, CLI_EXIT_OK);
		default: return cli_bad_option(cmd, argv);
		}
	}
	if (!testset_path)
		return cli_usage_error(cmd, "the CLEF 2004 checker needs --questions FILE (-Q), the test set");
	if (optind >= argc)
		return cli_usage_error(cmd, "no run file given");
	if (docnos_path && index_path)
		return cli_usage_error(cmd, "give --docnos or --index, not both");
	xlqa_testset_init(&ts);
	xlqa_hash_init(&docnos);
	status = read_testset(cmd, testset_path, &ts);
	if (!status && docnos_path)
		status = read_docnos(cmd, docnos_path, &docnos);
	if (!status && index_path) {
		struct xlqa_error err;

		xlqa_error_clear(&err);
		if (xlqa_index_open(index_path, &idx, &err))
			status = cli_fail(cmd, &err);
	}
	for (int i = optind; !status && i < argc; i++) {
		struct xlqa_clef_check_options o = { &ts, argv[i], docnos_path ? docno_in_set : idx ? docno_in_index : NULL,
			                             idx ? (void *)idx : &docnos };
		struct xlqa_clef_report rep;
		struct xlqa_buf data = XLQA_BUF_INIT;
		struct xlqa_error err;

		xlqa_error_clear(&err);
		xlqa_clef_report_init(&rep);
		if (xlqa_file_read(argv[i], &data, &err) || xlqa_clef_check(data.buf, data.len, &o, &rep, &err)) {
			status = cli_fail(cmd, &err);
		} else {
			for (size_t v = 0; v < rep.count; v++)
				printf("%s:%lld: %s: %s\n", argv[i], (long long)rep.items[v].line,
				       xlqa_clef_rule_name(rep.items[v].rule), rep.items[v].message);
			if (rep.count)
				fprintf(stderr, "xlqa %s: %s: %zu violation%s\n", cmd, argv[i], rep.count, rep.count == 1 ? "" : "s");
			else
				fprintf(stderr, "xlqa %s: %s: ok, %zu lines\n", cmd, argv[i], rep.lines);
			broken += rep.count > 0;
		}
		xlqa_clef_report_release(&rep);
		xlqa_buf_release(&data);
	}
	if (!status && broken)
		status = CLI_EXIT_RULES;
	xlqa_index_free(idx);
	xlqa_hash_release(&docnos);
	xlqa_testset_release(&ts);
	return cli_finish_output(cmd, status);
}

/* ---- judge ------------------------------------------------------------------------------------- */

static void judge_usage(FILE *fp)
{
	fprintf(fp, "usage: xlqa judge [--track clef2004] JUDGE [--lang LANG] [-o FILE] RUN\n"
	            "       xlqa judge --gold KEY --qrels [-o FILE]\n\n"
	            "Judges each response of a CLEF 2004 run and writes the judged run: each line prefixed\n"
	            "by R, X, U or W, as CLEF assessors returned them. JUDGE is one of\n"
	            "      --judgments FILE  judged runs (repeat to pool several)\n"
	            "      --gold FILE       a gold key (NNNN TAB DOCNO TAB answer ||| answer; NIL)\n"
	            "      --patterns FILE   TREC answer patterns with documents (NNNN regex DOCNO)\n"
	            "  -l, --lang LANG       target language for --gold (default: the run tag's)\n"
	            "  -o, --out FILE        write there (completely or not at all), not to standard output\n"
	            "      --qrels           write the gold key's relevant documents in trec_eval's qrels\n"
	            "                        format instead (NNNN 0 DOCNO 1; NIL questions have none): retrieval\n"
	            "                        runs of xlqa search --format trec are then scored by trec_eval\n"
	            "A response the judge cannot judge is written as W and reported.\n");
}

/* Options shared by judge and score. Returns -1 when `c` is not one of them. */
static int judge_option(const char *cmd, int c, struct judge_spec *spec)
{
	switch (c) {
	case 'J': return spec_add(cmd, spec, "judgments", optarg);
	case 'G': return spec_add(cmd, spec, "gold", optarg);
	case 'P': return spec_add(cmd, spec, "patterns", optarg);
	default: return -1;
	}
}

#define JUDGE_LONG_OPTIONS                                                                                             \
	{ "judgments", required_argument, NULL, 'J' }, { "gold", required_argument, NULL, 'G' },                        \
		{ "patterns", required_argument, NULL, 'P' }, { "lang", required_argument, NULL, 'l' }

/* judge --qrels: the gold key's relevant documents for trec_eval; an exit status. */
static int write_qrels(const char *cmd, const struct judge_spec *spec, const char *lang, const char *output,
                       int n_args)
{
	struct xlqa_judge *judge = NULL;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	size_t nil = 0;
	int status;

	if (strcmp(spec->kind, "gold") != 0)
		return cli_usage_error(cmd, "--qrels writes a gold key's documents: give --gold KEY");
	if (n_args != 0)
		return cli_usage_error(cmd, "--qrels takes no run file");
	xlqa_error_clear(&err);
	/* the language only normalises answers, which qrels leave out */
	status = judge_open(cmd, spec, lang ? lang : "en", &judge);
	if (!status && xlqa_judge_qrels(judge, &out, &nil, &err))
		status = cli_fail(cmd, &err);
	if (!status)
		status = emit(cmd, output, &out);
	if (!status && nil)
		fprintf(stderr, "xlqa %s: %zu NIL %s of %s: no relevant document, no qrels line\n", cmd, nil,
		        nil == 1 ? "question" : "questions", spec->paths[0]);
	xlqa_buf_release(&out);
	xlqa_judge_free(judge);
	return status;
}

static int clef_judge(int argc, char **argv)
{
	static const struct option opts[] = { JUDGE_LONG_OPTIONS,
		                              { "out", required_argument, NULL, 'o' },
		                              { "output", required_argument, NULL, 'o' },
		                              { "qrels", no_argument, NULL, 'R' },
		                              { "help", no_argument, NULL, 'h' },
		                              { NULL, 0, NULL, 0 } };
	const char *cmd = argv[0], *lang = NULL, *output = NULL;
	bool qrels = false;
	struct judge_spec spec;
	struct xlqa_judge *judge = NULL;
	struct xlqa_clef_run run;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	char lang_buf[3];
	size_t unjudged = 0;
	int c, status;

	memset(&spec, 0, sizeof spec);
	optind = 1;
	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1) {
		if ((status = judge_option(cmd, c, &spec)) >= 0) {
			if (status)
				return status;
			continue;
		}
		switch (c) {
		case 'l': lang = optarg; break;
		case 'o': output = optarg; break;
		case 'R': qrels = true; break;
		case 'h': judge_usage(stdout); return cli_finish_output(cmd, CLI_EXIT_OK);
		default: return cli_bad_option(cmd, argv);
		}
	}
	if (!spec.kind)
		return cli_usage_error(cmd, "no judge: give --judgments, --gold or --patterns");
	if (qrels)
		return write_qrels(cmd, &spec, lang, output, argc - optind);
	if (optind + 1 != argc)
		return cli_usage_error(cmd, "one run file expected");
	xlqa_error_clear(&err);
	xlqa_clef_run_init(&run);
	if (xlqa_clef_run_read(&run, argv[optind], 0, &err))
		status = cli_fail(cmd, &err);
	else
		status = judge_open(cmd, &spec, target_lang(lang, NULL, &run, lang_buf), &judge);
	if (!status && xlqa_judge_run(judge, &run, &unjudged, &err))
		status = cli_fail(cmd, &err);
	for (size_t i = 0; !status && i < run.count; i++)
		if (run.responses[i].judgment == XLQA_JUDGMENT_NONE) {
			fprintf(stderr, "xlqa %s: %s:%lld: question %u not judged, written as W\n", cmd, argv[optind],
			        (long long)run.responses[i].line, run.responses[i].number);
			run.responses[i].judgment = XLQA_JUDGMENT_W;
		}
	if (!status && xlqa_clef_run_format(&run, XLQA_CLEF_JUDGED, &out, &err))
		status = cli_fail(cmd, &err);
	if (!status)
		status = emit(cmd, output, &out);
	if (!status && unjudged)
		fprintf(stderr, "xlqa %s: %s: %zu of %zu responses not judged\n", cmd, argv[optind], unjudged, run.count);
	xlqa_buf_release(&out);
	xlqa_judge_free(judge);
	xlqa_clef_run_release(&run);
	return status;
}

/* ---- score ------------------------------------------------------------------------------------- */

static void score_usage(FILE *fp)
{
	fprintf(fp,
	        "usage: xlqa score [--track clef2004] [JUDGE] [options] RUN...\n"
	        "       xlqa score [--track clef2004] --compare KIND:FILE KIND:FILE [options] RUN...\n\n"
	        "Scores CLEF 2004 runs: accuracy, CWS, K1, r, R/X/U/W counts, NIL precision and recall,\n"
	        "strict (R) and lenient (R+U), overall, per question type and per answer type. Without a\n"
	        "JUDGE the runs must be judged runs (lines prefixed by R, X, U or W). JUDGE is\n"
	        "--judgments FILE (repeatable), --gold FILE or --patterns FILE, as for 'xlqa judge'.\n\n"
	        "  -Q, --questions FILE score against the test set: unanswered questions count as wrong\n"
	        "      --types FILE     answer types (TSV: question number, type; a header may name answer_type)\n"
	        "  -l, --lang LANG      target language for --gold (default: test set's, else the run tag's)\n"
	        "  -f, --format FMT     text (default), tsv (run, question, mode, measure, value lines) or json\n"
	        "                       (one object; an array for several runs)\n"
	        "      --per-question   each question's judgment and measure values before the summary\n"
	        "  -m, --measure NAME   show this measure (repeatable; 'all', the default, shows every one);\n"
	        "                       --compare ranks by the first (default accuracy)\n"
	        "      --measures       list the measures\n"
	        "      --lenient-x      lenient also counts X (inexact) as right\n"
	        "      --allow-missing  with --questions, accept a run that leaves questions unanswered (by\n"
	        "                       default a warning and exit status 1: a run cut short scores low)\n"
	        "      --calibration    add the calibration report: reliability table, ECE, Brier, CWS vs best\n"
	        "      --plot FILE.svg  write a reliability diagram of the runs overlaid (several need --questions),\n"
	        "                       with bin counts, small bins hollow, and a histogram of the confidences\n"
	        "      --compare        the first two arguments are judges KIND:FILE[,FILE...] (judgments,\n"
	        "                       gold, patterns): rank the runs under each by the measure and report\n"
	        "                       Kendall's tau (tau-b) and the swapped pairs\n"
	        "      --significance   (needs --questions) 95%% percentile bootstrap intervals of each run's\n"
	        "                       strict scores, and for every pair of runs the paired randomization and\n"
	        "                       paired bootstrap tests' two-sided p-values, adjusted for the number of\n"
	        "                       pairs; the measures are those of -m that are not counts (default\n"
	        "                       accuracy and cws)\n"
	        "      --resamples N    resamples of the tests and intervals (default 10000)\n"
	        "      --seed N         seed of the resamples (default 1): the same seed, the same numbers\n"
	        "      --level X        level of the intervals (default 0.95)\n"
	        "      --correction C   holm (default), bonferroni or none\n");
}

#define MAX_CHOSEN 32

struct score_opts {
	const char *cmd;
	const char *lang;
	const char *types_path;
	const char *plot;
	const struct xlqa_measure *chosen[MAX_CHOSEN]; /* -m, in order; none: all */
	size_t n_chosen;
	struct xlqa_eval_report_options report;
	bool significance;
	struct xlqa_sig_options sig;
	const struct xlqa_sig_correction *correction;
	bool allow_missing;
	struct xlqa_testset ts;
	bool have_ts;
	struct xlqa_eval_answer_types types;
	bool have_types;
	const char *questions_path; /* -Q, for the JSON report's metadata */
	char tag[64];               /* the run tag of the run score_items read last */
};

/* True when `path` reads as a CLEF run without judgments. */
static bool run_reads_unjudged(const char *path)
{
	struct xlqa_clef_run run;
	struct xlqa_error err;
	bool ok;

	xlqa_error_clear(&err);
	xlqa_clef_run_init(&run);
	ok = xlqa_clef_run_read(&run, path, 0, &err) == XLQA_OK && run.count > 0;
	xlqa_clef_run_release(&run);
	return ok;
}

/*
 * Reads run `path`, judges it with `spec` (opening *judge on first use) and builds its items.
 * Returns an exit status; on success *items (free()) and *n are set, and the run tag of its first
 * line is copied to o->tag.
 */
static int score_items(struct score_opts *o, const struct judge_spec *spec, struct xlqa_judge **judge, const char *path,
                       struct xlqa_eval_item **items, size_t *n, size_t *unanswered)
{
	struct xlqa_clef_run run;
	struct xlqa_error err;
	char lang_buf[3];
	int status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	xlqa_clef_run_init(&run);
	if (xlqa_clef_run_read(&run, path, spec->kind ? 0 : XLQA_CLEF_JUDGED, &err)) {
		/* a run that is not judged, scored without a judge: say so rather than what its first column lacks */
		if (!spec->kind && err.status == XLQA_EPARSE && run_reads_unjudged(path))
			xlqa_error_set(&err, XLQA_EINVAL,
			               "%s is a run that is not judged: give a judge (--gold KEY, --patterns KEY or "
			               "--judgments FILE), or score a judged run (xlqa judge)",
			               path);
		status = cli_fail(o->cmd, &err);
	}
	if (!status && spec->kind && !*judge)
		status = judge_open(o->cmd, spec, target_lang(o->lang, o->have_ts ? &o->ts : NULL, &run, lang_buf), judge);
	if (!status && spec->kind && xlqa_judge_run(*judge, &run, NULL, &err))
		status = cli_fail(o->cmd, &err);
	if (!status && xlqa_eval_items(&run, o->have_ts ? &o->ts : NULL, *judge, o->have_types ? &o->types : NULL, items,
	                               n, &err)) {
		xlqa_error_locate(&err, path);
		status = cli_fail(o->cmd, &err);
	}
	*unanswered = !status && o->have_ts ? xlqa_clef_run_unanswered(&run, &o->ts) : 0;
	snprintf(o->tag, sizeof o->tag, "%s", !status && run.count ? run.responses[0].tag : "");
	xlqa_clef_run_release(&run);
	return status;
}

/* Writes the reliability diagram of the runs' items, overlaid (strict). */
static int write_plot(struct score_opts *o, const char *const *names, struct xlqa_eval_item *const *items, size_t n,
                      size_t n_runs)
{
	struct xlqa_calibration *cal = calloc(n_runs, sizeof *cal);
	struct xlqa_buf svg = XLQA_BUF_INIT;
	struct xlqa_error err;
	int status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	if (!cal)
		xlqa_error_set(&err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; cal && i < n_runs; i++)
		xlqa_calibration_compute(items[i], n, XLQA_EVAL_STRICT, &cal[i]);
	if (!cal ||
	    xlqa_calibration_plot(cal, names, n_runs, n_runs == 1 ? names[0] : "reliability diagram", true, &svg, &err) ||
	    xlqa_file_write_atomic(o->plot, svg.buf, svg.len, &err))
		status = cli_fail(o->cmd, &err);
	xlqa_buf_release(&svg);
	free(cal);
	return status;
}

/* The measures --significance compares: the chosen ones that are not counts, else accuracy and cws. */
static size_t sig_measures(const struct score_opts *o, struct xlqa_sig_measure *out)
{
	static const char *const defaults[] = { "accuracy", "cws" };
	size_t n = 0;

	for (size_t i = 0; i < o->n_chosen; i++)
		if (!o->chosen[i]->is_count)
			out[n++] = (struct xlqa_sig_measure){ o->chosen[i]->name, xlqa_eval_statistic, o->chosen[i] };
	for (size_t i = 0; o->n_chosen == 0 && i < 2; i++) {
		const struct xlqa_measure *m = xlqa_measure_find(defaults[i]);

		out[n++] = (struct xlqa_sig_measure){ m->name, xlqa_eval_statistic, m };
	}
	return n;
}

/* Appends the significance table of the runs' items (all over the same test-set questions). */
static int score_significance(struct score_opts *o, struct xlqa_eval_item *const *items, size_t n_items,
                              const char *const *names, size_t n_runs, struct xlqa_buf *out)
{
	struct xlqa_sig_measure ms[MAX_CHOSEN + 2];
	size_t n_ms = sig_measures(o, ms);
	struct xlqa_sig_table t;
	struct xlqa_error err;
	int status = CLI_EXIT_OK;

	xlqa_error_clear(&err);
	if (n_ms == 0)
		return cli_usage_error(o->cmd, "--significance needs a measure that is not a count");
	if (xlqa_sig_table_compute(&t, (const void *const *)items, names, n_runs, n_items, sizeof **items, ms, n_ms,
	                           o->correction, &o->sig, &err) ||
	    xlqa_sig_table_report(&t, o->report.format, out, &err))
		status = cli_fail(o->cmd, &err);
	xlqa_sig_table_release(&t);
	return status;
}

/*
 * The JSON report of score, one schema for one run or many: the tool's version, the track, the judge
 * (kind and files; null for runs judged already), the test set (null without -Q), what strict and
 * lenient count as right, then "runs", each with its tag and file, and "significance" when asked.
 */
static json_t *json_root(const struct score_opts *o, const struct judge_spec *spec)
{
	json_t *root = json_object(), *judge = spec->kind ? json_object() : json_null(), *files = json_array();
	bool lenient_x = (o->report.flags & XLQA_EVAL_REPORT_LENIENT_X) != 0;
	bool ok = root && judge && files;

	for (size_t i = 0; ok && spec->kind && i < spec->n_paths; i++)
		ok = json_array_append_new(files, json_string(spec->paths[i])) == 0;
	ok = ok && (!spec->kind || (json_object_set_new(judge, "kind", json_string(spec->kind)) == 0 &&
	                            json_object_set(judge, "files", files) == 0));
	ok = ok && json_object_set_new(root, "xlqa_version", json_string(PACKAGE_VERSION)) == 0 &&
	     json_object_set_new(root, "track", json_string("clef2004")) == 0 &&
	     json_object_set(root, "judge", judge) == 0 &&
	     json_object_set_new(root, "questions", o->questions_path ? json_string(o->questions_path) : json_null()) == 0 &&
	     json_object_set_new(root, "modes",
	                         json_pack("{s:s, s:s}", "strict", "R", "lenient", lenient_x ? "R, U and X" : "R and U")) == 0 &&
	     json_object_set_new(root, "runs", json_array()) == 0;
	json_decref(judge);
	json_decref(files);
	if (!ok) {
		json_decref(root);
		return NULL;
	}
	return root;
}

/* Moves the JSON text the library appended to `out` at `from` under `key` of `root`; -1 on failure. */
static int json_add_text(json_t *root, const char *key, struct xlqa_buf *out, size_t from)
{
	json_t *v = json_loadb(out->buf + from, out->len - from, 0, NULL);

	xlqa_buf_setlen(out, from);
	return v && json_object_set_new(root, key, v) == 0 ? 0 : -1;
}

/* Appends one run's report (the library's object at `from` in `out`) to "runs", named by tag and file. */
static int json_add_run(json_t *root, const char *tag, const char *file, struct xlqa_buf *out, size_t from)
{
	json_t *v = json_loadb(out->buf + from, out->len - from, 0, NULL), *run = json_object(), *value;
	const char *key;
	int rc = v && run && json_object_set_new(run, "tag", json_string(tag)) == 0 &&
	                 json_object_set_new(run, "file", json_string(file)) == 0 ? 0 : -1;

	xlqa_buf_setlen(out, from);
	json_object_foreach(v, key, value)
		if (!rc && strcmp(key, "run") != 0)
			rc = json_object_set(run, key, value);
	json_decref(v);
	if (!rc)
		rc = json_array_append_new(json_object_get(root, "runs"), run);
	else
		json_decref(run);
	return rc ? -1 : 0;
}

static int json_finish(json_t *root, struct xlqa_buf *out)
{
	char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	int rc = !text || xlqa_buf_addstr(out, text) || xlqa_buf_addch(out, '\n') ? -1 : 0;

	free(text);
	return rc;
}

static int score_runs(struct score_opts *o, const struct judge_spec *spec, int n_runs, char **runs)
{
	struct xlqa_judge *judge = NULL;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_eval_item **items = calloc((size_t)n_runs, sizeof *items);
	const char **names = calloc((size_t)n_runs, sizeof *names);
	bool json = o->report.format == XLQA_REPORT_JSON;
	json_t *root = NULL; /* the JSON report: one object, the runs in "runs" */
	size_t n = 0;
	int status = CLI_EXIT_OK, incomplete = CLI_EXIT_OK;

	if (o->plot && n_runs > 1 && !o->have_ts)
		status = cli_usage_error(o->cmd, "--plot of several runs needs --questions, so that their questions are the same");
	else if (o->significance && !o->have_ts)
		status = cli_usage_error(o->cmd, "--significance needs --questions, so that the runs' questions pair up");
	else if (!items || !names) {
		struct xlqa_error err;

		xlqa_error_set(&err, XLQA_ENOMEM, "out of memory");
		status = cli_fail(o->cmd, &err);
	}
	if (json && !status && !(root = json_root(o, spec)))
		status = cli_fail(o->cmd, &(struct xlqa_error){ .status = XLQA_ENOMEM, .message = "out of memory" });
	for (int i = 0; !status && i < n_runs; i++) {
		struct xlqa_error err;
		size_t unanswered = 0;

		xlqa_error_clear(&err);
		names[i] = base_name(runs[i]);
		status = score_items(o, spec, &judge, runs[i], &items[i], &n, &unanswered);
		if (!status && unanswered && !o->allow_missing) {
			fprintf(stderr, "xlqa %s: '%s' answers %zu of the %zu test-set questions; the others count as wrong "
			        "(a run cut short? --allow-missing accepts it)\n", o->cmd, runs[i], o->ts.count - unanswered,
			        o->ts.count);
			incomplete = CLI_EXIT_INPUT;
		}
		if (!status && i > 0 && o->report.format == XLQA_REPORT_TEXT)
			xlqa_buf_addstr(&out, "\n");
		if (!status) {
			size_t before = out.len;

			if (xlqa_eval_report_with(names[i], items[i], n, &o->report, &out, &err))
				status = cli_fail(o->cmd, &err);
			else if (json && json_add_run(root, o->tag, runs[i], &out, before))
				status = cli_fail(o->cmd, &(struct xlqa_error){ .status = XLQA_ENOMEM, .message = "out of memory" });
			else if (i > 0 && o->report.format == XLQA_REPORT_TSV) {
				/* every run's rows under the first run's header line */
				const char *nl = memchr(out.buf + before, '\n', out.len - before);
				size_t cut = nl ? (size_t)(nl - (out.buf + before)) + 1 : 0;

				memmove(out.buf + before, out.buf + before + cut, out.len - before - cut);
				xlqa_buf_setlen(&out, out.len - cut);
			}
		}
	}
	if (!status && o->plot)
		status = write_plot(o, names, items, n, (size_t)n_runs);
	if (!status && o->significance && !json)
		xlqa_buf_addch(&out, '\n');
	if (!status && o->significance) {
		size_t before = out.len;

		status = score_significance(o, items, n, names, (size_t)n_runs, &out);
		if (!status && json && json_add_text(root, "significance", &out, before))
			status = cli_fail(o->cmd, &(struct xlqa_error){ .status = XLQA_ENOMEM, .message = "out of memory" });
	}
	if (!status && json && json_finish(root, &out))
		status = cli_fail(o->cmd, &(struct xlqa_error){ .status = XLQA_ENOMEM, .message = "out of memory" });
	json_decref(root);
	if (!status)
		status = emit(o->cmd, NULL, &out);
	for (int i = 0; items && i < n_runs; i++)
		free(items[i]);
	free(items);
	free(names);
	xlqa_buf_release(&out);
	xlqa_judge_free(judge);
	return status ? status : incomplete;
}

static int score_compare(struct score_opts *o, char *spec_a, char *spec_b, int n_runs, char **runs)
{
	const struct xlqa_measure *m = o->n_chosen ? o->chosen[0] : xlqa_measure_find("accuracy");
	struct judge_spec specs[2];
	struct xlqa_judge *judges[2] = { NULL, NULL };
	const char *labels[2] = { NULL, NULL };
	double *scores[2];
	const char **names;
	struct xlqa_kendall k;
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	int status;

	if (m->is_count)
		return cli_usage_error(o->cmd, "--compare ranks by a measure that is not a count, not '%s'", m->name);
	if (n_runs < 2)
		return cli_usage_error(o->cmd, "--compare needs at least two runs to rank");
	labels[0] = base_name(strchr(spec_a, ':') ? strchr(spec_a, ':') + 1 : spec_a);
	labels[1] = base_name(strchr(spec_b, ':') ? strchr(spec_b, ':') + 1 : spec_b);
	if ((status = spec_parse(o->cmd, spec_a, &specs[0])) || (status = spec_parse(o->cmd, spec_b, &specs[1])))
		return status;
	scores[0] = calloc((size_t)n_runs, sizeof *scores[0]);
	scores[1] = calloc((size_t)n_runs, sizeof *scores[1]);
	names = calloc((size_t)n_runs, sizeof *names);
	xlqa_kendall_init(&k);
	xlqa_error_clear(&err);
	if (!scores[0] || !scores[1] || !names) {
		xlqa_error_set(&err, XLQA_ENOMEM, "out of memory");
		status = cli_fail(o->cmd, &err);
	}
	for (int i = 0; !status && i < n_runs; i++) {
		names[i] = base_name(runs[i]);
		for (int s = 0; !status && s < 2; s++) {
			struct xlqa_eval_item *items = NULL;
			size_t n = 0, unanswered = 0; /* both judges rank the same runs: a short one only lowers its score */

			status = score_items(o, &specs[s], &judges[s], runs[i], &items, &n, &unanswered);
			if (!status)
				scores[s][i] = m->compute(items, n, XLQA_EVAL_STRICT);
			free(items);
		}
	}
	if (!status && (xlqa_kendall_compute(scores[0], scores[1], (size_t)n_runs, &k, &err) ||
	                xlqa_eval_compare_report(m->name, labels[0], labels[1], names, scores[0], scores[1],
	                                         (size_t)n_runs, &k, o->report.format != XLQA_REPORT_JSON, &out, &err)))
		status = cli_fail(o->cmd, &err);
	if (!status && o->report.format == XLQA_REPORT_JSON)
		xlqa_buf_addch(&out, '\n');
	if (!status)
		status = emit(o->cmd, NULL, &out);
	xlqa_buf_release(&out);
	xlqa_kendall_release(&k);
	xlqa_judge_free(judges[0]);
	xlqa_judge_free(judges[1]);
	free(scores[0]);
	free(scores[1]);
	free(names);
	return status;
}

/* Parses a whole number for `option` into *out; an exit status. */
static int parse_count(const char *cmd, const char *option, const char *text, unsigned long long max,
                       unsigned long long *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-' || v > max)
		return cli_usage_error(cmd, "'%s' needs a whole number up to %llu, found '%s'", option, max, text);
	*out = v;
	return CLI_EXIT_OK;
}

/* The options of --significance and -m; returns -1 when `c` is none of them, else an exit status. */
static int score_option(struct score_opts *o, int c)
{
	unsigned long long v;
	char *end;
	int st;

	switch (c) {
	case 'm':
		if (strcmp(optarg, "all") == 0)
			return CLI_EXIT_OK;
		if (o->n_chosen == MAX_CHOSEN)
			return cli_usage_error(o->cmd, "too many measures");
		if (!(o->chosen[o->n_chosen] = xlqa_measure_find(optarg)))
			return cli_usage_error(o->cmd, "unknown measure '%s' (see --measures)", optarg);
		o->n_chosen++;
		return CLI_EXIT_OK;
	case 'S': o->significance = true; return CLI_EXIT_OK;
	case 'R':
		if ((st = parse_count(o->cmd, "--resamples", optarg, 100000000, &v)) || v == 0)
			return st ? st : cli_usage_error(o->cmd, "'--resamples' needs at least 1");
		o->sig.resamples = (size_t)v;
		return CLI_EXIT_OK;
	case 's':
		if ((st = parse_count(o->cmd, "--seed", optarg, UINT64_MAX, &v)))
			return st;
		o->sig.seed = v;
		return CLI_EXIT_OK;
	case 'L':
		o->sig.level = strtod(optarg, &end);
		if (*end || end == optarg || !(o->sig.level > 0 && o->sig.level < 1))
			return cli_usage_error(o->cmd, "'--level' needs a number between 0 and 1, found '%s'", optarg);
		return CLI_EXIT_OK;
	case 'K':
		if (!(o->correction = xlqa_sig_correction_find(optarg)))
			return cli_usage_error(o->cmd, "unknown correction '%s' (holm, bonferroni, none)", optarg);
		return CLI_EXIT_OK;
	case 'q': o->report.per_question = true; return CLI_EXIT_OK;
	default: return -1;
	}
}

static int clef_score(int argc, char **argv)
{
	static const struct option opts[] = { JUDGE_LONG_OPTIONS,
		                              { "questions", required_argument, NULL, 'T' },
		                              { "testset", required_argument, NULL, 'T' },
		                              { "types", required_argument, NULL, 't' },
		                              { "format", required_argument, NULL, 'f' },
		                              { "lenient-x", no_argument, NULL, 'x' },
		                              { "allow-missing", no_argument, NULL, 'A' },
		                              { "calibration", no_argument, NULL, 'c' },
		                              { "plot", required_argument, NULL, 'p' },
		                              { "compare", no_argument, NULL, 'C' },
		                              { "measure", required_argument, NULL, 'm' },
		                              { "measures", no_argument, NULL, 'M' },
		                              { "per-question", no_argument, NULL, 'q' },
		                              { "significance", no_argument, NULL, 'S' },
		                              { "resamples", required_argument, NULL, 'R' },
		                              { "seed", required_argument, NULL, 's' },
		                              { "level", required_argument, NULL, 'L' },
		                              { "correction", required_argument, NULL, 'K' },
		                              { "help", no_argument, NULL, 'h' },
		                              { NULL, 0, NULL, 0 } };
	struct score_opts o;
	struct judge_spec spec;
	struct xlqa_error err;
	const char *testset_path = NULL;
	bool compare = false;
	int c, status;

	memset(&o, 0, sizeof o);
	memset(&spec, 0, sizeof spec);
	o.cmd = argv[0];
	o.sig.seed = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "Q:l:f:m:qh", opts, NULL)) != -1) {
		if ((status = judge_option(o.cmd, c, &spec)) >= 0 || (status = score_option(&o, c)) >= 0) {
			if (status)
				return status;
			continue;
		}
		switch (c) {
		case 'Q':
		case 'T': testset_path = o.questions_path = optarg; break;
		case 't': o.types_path = optarg; break;
		case 'l': o.lang = optarg; break;
		case 'f':
			if (strcmp(optarg, "json") == 0)
				o.report.format = XLQA_REPORT_JSON;
			else if (strcmp(optarg, "tsv") == 0)
				o.report.format = XLQA_REPORT_TSV;
			else if (strcmp(optarg, "text") == 0)
				o.report.format = XLQA_REPORT_TEXT;
			else
				return cli_usage_error(o.cmd, "unknown format '%s' (text, tsv, json)", optarg);
			break;
		case 'x': o.report.flags |= XLQA_EVAL_REPORT_LENIENT_X; break;
		case 'A': o.allow_missing = true; break;
		case 'c': o.report.flags |= XLQA_EVAL_REPORT_CALIBRATION; break;
		case 'p': o.plot = optarg; break;
		case 'C': compare = true; break;
		case 'M':
			for (size_t i = 0; i < xlqa_measure_count(); i++)
				printf("%-14s %s\n", xlqa_measure_at(i)->name, xlqa_measure_at(i)->help);
			return cli_finish_output(o.cmd, CLI_EXIT_OK);
		case 'h': score_usage(stdout); return cli_finish_output(o.cmd, CLI_EXIT_OK);
		default: return cli_bad_option(o.cmd, argv);
		}
	}
	if (o.n_chosen) {
		o.report.measures = o.chosen;
		o.report.n_measures = o.n_chosen;
	}
	if (compare && (o.significance || o.report.per_question))
		return cli_usage_error(o.cmd, "--compare does not take --significance or --per-question");
	if (compare && spec.kind)
		return cli_usage_error(o.cmd, "--compare takes its judges as arguments, not as --%s", spec.kind);
	if (optind + (compare ? 2 : 0) >= argc)
		return cli_usage_error(o.cmd, compare ? "--compare needs two judges and the runs" : "no run file given");
	xlqa_error_clear(&err);
	xlqa_testset_init(&o.ts);
	xlqa_eval_answer_types_init(&o.types);
	status = CLI_EXIT_OK;
	if (testset_path) {
		status = read_testset(o.cmd, testset_path, &o.ts);
		o.have_ts = status == CLI_EXIT_OK;
	}
	if (!status && o.types_path) {
		if (xlqa_eval_answer_types_read(&o.types, o.types_path, &err))
			status = cli_fail(o.cmd, &err);
		o.have_types = status == CLI_EXIT_OK;
	}
	if (!status)
		status = compare ? score_compare(&o, argv[optind], argv[optind + 1], argc - optind - 2, argv + optind + 2)
		                 : score_runs(&o, &spec, argc - optind, argv + optind);
	xlqa_eval_answer_types_release(&o.types);
	xlqa_testset_release(&o.ts);
	return status;
}

const struct cli_track cli_track_clef2004 = {
	"clef2004", "clef", "CLEF 2004 QA: one response a question, R/X/U/W, accuracy, CWS, K1",
	clef_check, clef_judge, clef_score,
};
