/*
 * report: `xlqa report`, one HTML page about CLEF 2004 runs of a test set (xlqa_eval_html). A thin
 * layer: it reads the test set, the runs and the judge's files, judges the runs and hands them to the
 * library, then writes the page.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char report_usage[] =
	"usage: xlqa report --questions FILE [JUDGE] [options] RUN...\n"
	"\n"
	"Writes one self-contained HTML page (no network, no other files) about CLEF 2004 runs of one test\n"
	"set: the scores of every run, per question type and per answer type, strict and lenient (the\n"
	"numbers of 'xlqa score'); the reliability diagram of the runs overlaid, with a histogram of their\n"
	"confidences and the bins' counts; and every question with each run's response, support sentence,\n"
	"judgment, gold answer and confidence, filterable by run, judgment and type (the page's address may\n"
	"preset them: report.html#judgment=W&type=F). Without a JUDGE the runs must be judged runs. JUDGE is\n"
	"--judgments FILE (repeatable), --gold FILE or --patterns FILE, as for 'xlqa judge'.\n"
	"\n"
	"  -Q, --questions FILE the test set the runs answer (required; --testset is the old name)\n"
	"      --types FILE     answer types (TSV: question number, type)\n"
	"  -l, --lang LANG      target language for --gold (default: the test set's)\n"
	"  -i, --index DIR      the collection's index: each response's support sentence is read from its document\n"
	"      --title TEXT     the page's heading (default: xlqa report)\n"
	"      --lenient-x      lenient also counts X (inexact) as right\n"
	"  -o, --out FILE       write the page there (completely or not at all), not to standard output\n";

/* What the judge options say: a kind and its files (several only for "judgments"). */
struct report_judge {
	const char *kind;
	const char *paths[64];
	size_t n;
};

static int judge_arg(struct report_judge *j, const char *kind, const char *path)
{
	if (j->kind && strcmp(j->kind, kind) != 0)
		return cli_usage_error("report", "use one of --judgments, --gold and --patterns");
	if (j->n && strcmp(kind, "judgments") != 0)
		return cli_usage_error("report", "one --%s file only", kind);
	if (j->n == sizeof j->paths / sizeof j->paths[0])
		return cli_usage_error("report", "too many judgment files");
	j->kind = kind;
	j->paths[j->n++] = path;
	return CLI_EXIT_OK;
}

/* The inputs of a report and what the library needs of them. */
struct report {
	struct xlqa_testset ts;
	struct xlqa_eval_answer_types types;
	bool have_types;
	struct xlqa_judge *judge;
	struct xlqa_index *idx;
	struct xlqa_clef_run *runs;
	struct xlqa_html_run *html;
	size_t n_runs;
};

static int report_judge_open(struct report *r, const struct report_judge *j, const char *lang, struct xlqa_error *err)
{
	char target[3] = { (char)(r->ts.target[0] | 0x20), (char)(r->ts.target[1] | 0x20), 0 };
	int rc;

	if ((rc = xlqa_judge_open(j->kind, j->paths[0], lang ? lang : target[0] != 0x20 ? target : NULL, &r->judge, err)))
		return rc;
	for (size_t i = 1; i < j->n; i++)
		if ((rc = xlqa_judge_add_file(r->judge, j->paths[i], err)))
			return rc;
	if (xlqa_judge_conflicts(r->judge))
		fprintf(stderr, "xlqa report: %zu pooled judgments disagree with an earlier one; the first is kept\n",
		        xlqa_judge_conflicts(r->judge));
	cli_judge_unmatchable("report", r->judge);
	return XLQA_OK;
}

/* Reads, judges and itemises run `path` as run number i. */
static int report_run(struct report *r, size_t i, const char *path, struct xlqa_error *err)
{
	struct xlqa_clef_run *run = &r->runs[i];
	struct xlqa_eval_item *items = NULL;
	const char *slash = strrchr(path, '/');
	size_t n = 0, unanswered;
	int rc;

	xlqa_clef_run_init(run);
	r->n_runs = i + 1;
	if ((rc = xlqa_clef_run_read(run, path, r->judge ? 0 : XLQA_CLEF_JUDGED, err)) ||
	    (r->judge && (rc = xlqa_judge_run(r->judge, run, NULL, err))))
		return rc;
	if ((rc = xlqa_eval_items(run, &r->ts, r->judge, r->have_types ? &r->types : NULL, &items, &n, err))) {
		xlqa_error_locate(err, path);
		return rc;
	}
	if ((unanswered = xlqa_clef_run_unanswered(run, &r->ts)))
		fprintf(stderr, "xlqa report: warning: '%s' answers %zu of the %zu test-set questions; the others count as "
		                "wrong\n", path, r->ts.count - unanswered, r->ts.count);
	r->html[i] = (struct xlqa_html_run){ slash ? slash + 1 : path, run, items, n };
	return XLQA_OK;
}

static void report_release(struct report *r)
{
	for (size_t i = 0; i < r->n_runs; i++) {
		free((void *)r->html[i].items);
		xlqa_clef_run_release(&r->runs[i]);
	}
	free(r->runs);
	free(r->html);
	xlqa_index_free(r->idx);
	xlqa_judge_free(r->judge);
	xlqa_eval_answer_types_release(&r->types);
	xlqa_testset_release(&r->ts);
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "questions", required_argument, NULL, 'Q' }, { "testset", required_argument, NULL, 'Q' },
		{ "types", required_argument, NULL, 't' },
		{ "lang", required_argument, NULL, 'l' },    { "index", required_argument, NULL, 'i' },
		{ "title", required_argument, NULL, 'T' },   { "lenient-x", no_argument, NULL, 'x' },
		{ "out", required_argument, NULL, 'o' },     { "judgments", required_argument, NULL, 'J' },
		{ "gold", required_argument, NULL, 'G' },    { "patterns", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },          { NULL, 0, NULL, 0 },
	};
	const char *testset = NULL, *types = NULL, *lang = NULL, *index = NULL, *out = NULL;
	struct xlqa_html_options ho = { 0 };
	struct report_judge judge = { 0 };
	struct report r;
	struct xlqa_buf page = XLQA_BUF_INIT;
	struct xlqa_error err;
	int c, status = CLI_EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "Q:l:i:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'Q': testset = optarg; break;
		case 't': types = optarg; break;
		case 'l': lang = optarg; break;
		case 'i': index = optarg; break;
		case 'T': ho.title = optarg; break;
		case 'x': ho.flags |= XLQA_EVAL_REPORT_LENIENT_X; break;
		case 'o': out = optarg; break;
		case 'J': status = judge_arg(&judge, "judgments", optarg); break;
		case 'G': status = judge_arg(&judge, "gold", optarg); break;
		case 'P': status = judge_arg(&judge, "patterns", optarg); break;
		case 'h': fputs(report_usage, stdout); return cli_finish_output("report", CLI_EXIT_OK);
		default: return cli_usage_error("report", "unknown option or missing argument '%s'", argv[optind - 1]);
		}
		if (status)
			return status;
	}
	if (!testset)
		return cli_usage_error("report", "--questions FILE is required");
	if (optind >= argc)
		return cli_usage_error("report", "no run file given");
	memset(&r, 0, sizeof r);
	xlqa_testset_init(&r.ts);
	xlqa_eval_answer_types_init(&r.types);
	xlqa_error_clear(&err);
	r.runs = calloc((size_t)(argc - optind), sizeof *r.runs);
	r.html = calloc((size_t)(argc - optind), sizeof *r.html);
	if (!r.runs || !r.html)
		xlqa_error_set(&err, XLQA_ENOMEM, "out of memory");
	else if (!xlqa_testset_read(&r.ts, testset, &err) &&
	         !(types && xlqa_eval_answer_types_read(&r.types, types, &err)) &&
	         !(judge.kind && report_judge_open(&r, &judge, lang, &err)) &&
	         !(index && xlqa_index_open(index, &r.idx, &err))) {
		r.have_types = types != NULL;
		for (int i = optind; i < argc && !err.status; i++)
			report_run(&r, (size_t)(i - optind), argv[i], &err);
	}
	ho.testset = &r.ts;
	ho.judge = r.judge;
	ho.index = r.idx;
	if (!err.status && !xlqa_eval_html(r.html, r.n_runs, &ho, &page, &err)) {
		if (out)
			xlqa_file_write_atomic(out, page.buf, page.len, &err);
		else
			fwrite(page.buf, 1, page.len, stdout);
	}
	if (err.status)
		status = cli_fail("report", &err);
	xlqa_buf_release(&page);
	report_release(&r);
	return cli_finish_output("report", status);
}
