/*
 * track-biogen: `xlqa check --track biogen RUN.json` checks a BioGen-style JSON run (see
 * include/xlqa/biogen.h) and prints every finding, one a line, as text or as one JSON object. The
 * exit status is 1 when any finding is an error, so warnings alone (discarded citations) pass.
 */
#include "config.h"

#include "track-biogen.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
	"usage: xlqa check --track biogen [--topics FILE] [--format text|json] RUN.json\n"
	"       xlqa check --track biogen --rules\n"
	"\n"
	"Checks a BioGen JSON run: JSON syntax, root and result keys, topic ids (with --topics, a file of\n"
	"newline-delimited JSON objects with \"topic_id\"), PMID references, bracketed citation lists in each\n"
	"sentence of an answer. Prints every finding as FILE: PATH (topic, sentence, byte): SEVERITY: RULE:\n"
	"MESSAGE, then a summary line. Exit status 1 when any finding is an error.\n"
	"\n"
	"      --topics FILE    check topic ids against FILE\n"
	"  -f, --format FORMAT  text (default) or json\n"
	"  -r, --rules          list the rules with their severity and help\n";

static void print_rules(void)
{
	for (size_t i = 0; i < xlqa_biogen_rule_count(); i++) {
		const struct xlqa_biogen_rule *r = xlqa_biogen_rule_at(i);

		printf("%-22s %-7s %s\n", r->id, xlqa_biogen_severity_name(r->severity), r->help);
	}
}

/* One finding as a text line: where, then severity, rule and message. */
static void print_finding(const char *file, const struct xlqa_biogen_finding *f)
{
	if (f->line > 0) {
		printf("%s:%ld:%ld: ", file, f->line, f->column);
	} else {
		const char *sep = " (";

		printf("%s: %s", file, f->path);
		if (f->topic_id) {
			printf("%stopic '%s'", sep, f->topic_id);
			sep = ", ";
		}
		if (f->sentence > 0) {
			printf("%ssentence %ld", sep, f->sentence);
			sep = ", ";
		}
		if (f->answer_offset >= 0) {
			printf("%sbyte %ld", sep, f->answer_offset);
			sep = ", ";
		}
		printf("%s: ", strcmp(sep, ", ") == 0 ? ")" : "");
	}
	printf("%s: %s: %s\n", xlqa_biogen_severity_name(f->rule->severity), f->rule->id, f->message);
}

static int biogen_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "topics", required_argument, NULL, 't' }, { "format", required_argument, NULL, 'f' },
		{ "rules", no_argument, NULL, 'r' },        { "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *cmd = argv[0], *topics_path = NULL, *format = "text", *file;
	struct xlqa_biogen_topics *topics = NULL;
	struct xlqa_biogen_report report;
	struct xlqa_buf run = XLQA_BUF_INIT;
	struct xlqa_error err;
	int c, status;

	optind = 1;
	while ((c = getopt_long(argc, argv, "f:rh", opts, NULL)) != -1) {
		switch (c) {
		case 't': topics_path = optarg; break;
		case 'f': format = optarg; break;
		case 'r': print_rules(); return cli_finish_output(cmd, CLI_EXIT_OK);
		case 'h': fputs(usage_text, stdout); return cli_finish_output(cmd, CLI_EXIT_OK);
		default: return cli_bad_option(cmd, argv);
		}
	}
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
		return cli_usage_error(cmd, "unknown format '%s' (text or json)", format);
	if (optind != argc - 1)
		return cli_usage_error(cmd, "expected one run file, got %d", argc - optind);
	file = argv[optind];

	xlqa_error_clear(&err);
	if (topics_path && xlqa_biogen_topics_read(topics_path, &topics, &err))
		return cli_fail(cmd, &err);
	if (xlqa_file_read(file, &run, &err)) {
		xlqa_biogen_topics_free(topics);
		return cli_fail(cmd, &err);
	}
	xlqa_biogen_report_init(&report);
	status = xlqa_biogen_check(run.buf, run.len, topics, &report, &err);
	xlqa_buf_reset(&run);
	if (status == XLQA_OK && strcmp(format, "json") == 0)
		status = xlqa_biogen_report_json(&report, file, &run, &err);
	if (status) {
		status = cli_fail(cmd, &err);
	} else if (strcmp(format, "json") == 0) {
		fwrite(run.buf, 1, run.len, stdout);
	} else {
		for (size_t i = 0; i < report.n_findings; i++)
			print_finding(file, &report.findings[i]);
		printf("%s: %zu error%s, %zu warning%s; %zu results, %zu sentences, %zu citations%s\n", file,
		       report.n_errors, report.n_errors == 1 ? "" : "s", report.n_warnings,
		       report.n_warnings == 1 ? "" : "s", report.n_results, report.n_sentences, report.n_citations,
		       report.topics_checked ? "" : "; topic ids not checked (no --topics)");
	}
	if (status == CLI_EXIT_OK && report.n_errors)
		status = CLI_EXIT_RULES;
	xlqa_biogen_report_release(&report);
	xlqa_biogen_topics_free(topics);
	xlqa_buf_release(&run);
	return cli_finish_output(cmd, status);
}

const struct cli_track cli_track_biogen = {
	.name = "biogen",
	.aliases = "bio",
	.summary = "TREC BioGen JSON runs: keys, topics, PMID references and bracketed citations",
	.check = biogen_check,
	.judge = NULL,
	.score = NULL,
};
