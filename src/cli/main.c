/*
 * main: the `xlqa` command table and dispatch. Adding a command is a file with its entry point and
 * one row here.
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct cli_command commands[] = {
	{ "analyze", cmd_analyze, "show sentences, tokens, normalised forms, stems and lemmas of text" },
	{ "ask", cmd_ask, "answer one question: the answer, its document, confidence and sentence" },
	{ "calibrate", cmd_calibrate, "fit the answer-ranking model and its NIL threshold, or apply it" },
	{ "check", cmd_check, "check a run file against its track's format rules" },
	{ "docs", cmd_docs, "list or print documents as a collection's reader or an index holds them" },
	{ "import", cmd_import, "turn SQuAD-format data into a benchmark: collections, test sets, gold keys" },
	{ "index", cmd_index, "build an index of one or more collections" },
	{ "judge", cmd_judge, "judge a run's responses from judgments, answer patterns or a gold key" },
	{ "langs", cmd_langs, "list the languages and what each pack provides" },
	{ "lexicon", cmd_lexicon, "build translation lexicons, look words up, measure coverage" },
	{ "score", cmd_score, "score judged runs: accuracy, CWS, MRR, F and the other track measures" },
	{ "run", cmd_run, "answer a CLEF test set into a complete run file" },
	{ "search", cmd_search, "rank documents and passages for a query or a whole test set" },
	{ "translate", cmd_translate, "show each question of a test set as a weighted target-language query" },
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

/* Status -> exit code. Statuses not listed are internal failures. */
static const struct {
	int status;
	int exit_code;
} exit_codes[] = {
	{ XLQA_EPARSE, CLI_EXIT_INPUT },   { XLQA_EENCODING, CLI_EXIT_INPUT }, { XLQA_EEMPTY, CLI_EXIT_INPUT },
	{ XLQA_EINVAL, CLI_EXIT_USAGE },   { XLQA_EIO, CLI_EXIT_SYSTEM },      { XLQA_ENOTFOUND, CLI_EXIT_SYSTEM },
	{ XLQA_ENOMEM, CLI_EXIT_SYSTEM },  { XLQA_EOVERFLOW, CLI_EXIT_INPUT }, { XLQA_ECORRUPT, CLI_EXIT_INPUT },
};

void cli_judge_unmatchable(const char *cmd, const struct xlqa_judge *j)
{
	size_t n = xlqa_judge_unmatchable(j);

	if (n)
		fprintf(stderr, "xlqa %s: warning: %zu gold-key %s no answer left after normalisation (only articles or "
		                "punctuation); every response to %s is judged wrong\n",
		        cmd, n, n == 1 ? "entry has" : "entries have", n == 1 ? "it" : "them");
}

int cli_fail(const char *cmd, const struct xlqa_error *err)
{
	fprintf(stderr, "xlqa %s: %s\n", cmd, err->message[0] ? err->message : xlqa_strerror(err->status));
	for (size_t i = 0; i < sizeof exit_codes / sizeof exit_codes[0]; i++)
		if (exit_codes[i].status == err->status)
			return exit_codes[i].exit_code;
	return CLI_EXIT_INTERNAL;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "xlqa %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'xlqa %s --help'.\n", cmd);
	return CLI_EXIT_USAGE;
}

int cli_finish_output(const char *cmd, int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "xlqa %s: writing standard output: %s\n", cmd, strerror(errno));
		/* a report of bad input that could not be written is lost: the write failure is what counts */
		return status == CLI_EXIT_OK || status == CLI_EXIT_INPUT ? CLI_EXIT_SYSTEM : status;
	}
	return status;
}

int cli_corpus_config(const char *arg, struct xlqa_corpus_config **out, struct xlqa_error *err)
{
	const char *dir = getenv("XLQA_CORPORA_DIR");
	size_t n = strlen(arg);
	char path[4096];

	if (strchr(arg, '/') || (n > 5 && strcmp(arg + n - 5, ".conf") == 0))
		return xlqa_corpus_config_read(arg, out, err);
	if (snprintf(path, sizeof path, "%s/%s.conf", dir && *dir ? dir : XLQA_CORPORADIR, arg) >= (int)sizeof path)
		return xlqa_error_set(err, XLQA_EINVAL, "collection name '%s' is too long", arg);
	if (access(path, F_OK) != 0)
		return xlqa_error_set(err, XLQA_ENOTFOUND,
		                      "no collection '%s': '%s' does not exist (XLQA_CORPORA_DIR names the folder of "
		                      "the collection descriptions; installed: '%s')",
		                      arg, path, XLQA_CORPORADIR);
	return xlqa_corpus_config_read(path, out, err);
}

static void usage(FILE *fp)
{
	fprintf(fp, "usage: xlqa <command> [options] [arguments]\n\ncommands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(fp, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(fp, "\n'xlqa <command> --help' describes a command; man xlqa has the rest.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return cli_finish_output("help", CLI_EXIT_OK);
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("xlqa %s\n", PACKAGE_VERSION);
		return cli_finish_output("version", CLI_EXIT_OK);
	}
	cli_locate_data();
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "xlqa: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return CLI_EXIT_USAGE;
}
