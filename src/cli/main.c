/*
 * main: the `xlqa` command table and dispatch. Adding a command is a file with its entry point and
 * one row here.
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <getopt.h>
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
	{ "report", cmd_report, "write one HTML page of runs' scores, calibration and every question's response" },
	{ "run", cmd_run, "answer a CLEF test set into a complete run file" },
	{ "search", cmd_search, "rank documents and passages for a query or a whole test set" },
	{ "trace", cmd_trace, "print a run's trace question by question: query, passages, candidates, features" },
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

size_t cli_parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	unsigned shift = 0;

	if (end == s)
		return 0;
	if (*end == 'K' || *end == 'k')
		shift = 10, end++;
	else if (*end == 'M' || *end == 'm')
		shift = 20, end++;
	else if (*end == 'G' || *end == 'g')
		shift = 30, end++;
	if (*end || v > (SIZE_MAX >> shift))
		return 0;
	return (size_t)v << shift;
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
		return status == CLI_EXIT_OK || status == CLI_EXIT_INPUT || status == CLI_EXIT_RULES ? CLI_EXIT_SYSTEM : status;
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
	fprintf(fp, "\n'xlqa help <command>' (or 'xlqa <command> --help') describes a command; 'xlqa <command>\n"
	            "--version' (any command) prints the version; man xlqa has the rest.\n");
}

/*
 * Short options that changed so that a letter means one thing in every command (xlqa(1), OPTION
 * NAMES): the old use gets a pointer to the new spelling.
 */
static const struct {
	const char *cmd;
	int letter;
	const char *now;
} moved_options[] = {
	{ "analyze", 'q', "the questions are -Q, --questions" },
	{ "check", 'q', "the test set is -Q, --questions (-q is score's --per-question)" },
	{ "index", 'm', "use --memory (-m is score's --measure)" },
	{ "index", 'q', "use --quiet (-q is score's --per-question)" },
	{ "import", 'q', "use --quiet (-q is score's --per-question)" },
	{ "import", 'n', "use --name (-n is search's --docs)" },
	{ "docs", 't', "use --text (-t is the run tag)" },
	{ "search", 'p', "use --passages (-p is the language pair)" },
	{ "run", 'm', "use --model (-m is score's --measure)" },
	{ "ask", 'm', "use --model (-m is score's --measure)" },
	{ "calibrate fit", 'f', "use --features (-f is the output format)" },
	{ "calibrate apply", 'f', "use --features (-f is the output format)" },
	{ "calibrate apply", 'm', "use --model (-m is score's --measure)" },
	{ "check", 't', "use --topics (-t is the run tag)" },
	{ "check", 'l', "use --limit (-l is the language)" },
	{ "judge", 'l', "use --limit in the TREC tracks (-l is the language)" },
	{ "score", 'l', "use --limit in the TREC tracks (-l is the language)" },
};

int cli_bad_option(const char *cmd, char **argv)
{
	const char *arg = optind > 0 ? argv[optind - 1] : NULL;

	for (size_t i = 0; arg && arg[0] == '-' && arg[1] != '-' && i < sizeof moved_options / sizeof *moved_options; i++)
		if (optopt == moved_options[i].letter && strcmp(cmd, moved_options[i].cmd) == 0)
			return cli_usage_error(cmd, "unknown option '-%c': %s", optopt, moved_options[i].now);

	/* a long option is named as given (without its "=value"); a short one by its letter */
	if (arg && strncmp(arg, "--", 2) == 0)
		return cli_usage_error(cmd, "unknown option or missing argument '%.*s'", (int)strcspn(arg, "="), arg);
	if (optopt > ' ' && optopt < 127)
		return cli_usage_error(cmd, "unknown option or missing argument '-%c'", optopt);
	return cli_usage_error(cmd, "unknown option or missing argument '%s'", arg ? arg : "");
}

static const struct cli_command *find_command(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (strcmp(name, commands[i].name) == 0)
			return &commands[i];
	return NULL;
}

/* True when --version stands among a command's options (before a "--" that ends them). */
static bool wants_version(int argc, char **argv)
{
	for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--version") == 0)
			return true;
	return false;
}

int main(int argc, char **argv)
{
	const struct cli_command *cmd;

	/* every command reports a bad option itself, once; getopt's own message would be a second */
	opterr = 0;
	if (argc < 2) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (strcmp(argv[1], "help") == 0 && argc == 3) {
		/* `xlqa help CMD` is `xlqa CMD --help` */
		char *help_argv[] = { argv[2], (char *)"--help", NULL };

		if (!(cmd = find_command(argv[2]))) {
			fprintf(stderr, "xlqa: unknown command '%s'\n", argv[2]);
			usage(stderr);
			return CLI_EXIT_USAGE;
		}
		return cmd->run(2, help_argv);
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
		if (argc > 2 && strcmp(argv[1], "help") == 0)
			return cli_usage_error("help", "one command at a time: xlqa help COMMAND");
		usage(stdout);
		return cli_finish_output("help", CLI_EXIT_OK);
	}
	if (strcmp(argv[1], "--version") == 0 || (find_command(argv[1]) && wants_version(argc, argv))) {
		printf("xlqa %s\n", PACKAGE_VERSION);
		return cli_finish_output("version", CLI_EXIT_OK);
	}
	cli_locate_data();
	if ((cmd = find_command(argv[1])))
		return cmd->run(argc - 1, argv + 1);
	fprintf(stderr, "xlqa: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return CLI_EXIT_USAGE;
}
