/*
 * cli: what the command files share. Each command is one file with one entry point; main.c holds
 * the table. Commands parse arguments, call the library and print; they return an exit status.
 */
#ifndef XLQA_CLI_H
#define XLQA_CLI_H

#include "xlqa/xlqa.h"

/* Exit statuses, documented in xlqa(1). */
enum cli_exit {
	CLI_EXIT_OK = 0,
	CLI_EXIT_INPUT = 1,    /* the input is malformed: bad bytes, bad syntax, empty */
	CLI_EXIT_USAGE = 2,    /* bad command line: unknown option, language or command */
	CLI_EXIT_SYSTEM = 3,   /* a file cannot be read or written, or memory ran out */
	CLI_EXIT_INTERNAL = 4, /* a supporting library failed, or a request this build cannot serve */
};

struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

int cmd_analyze(int argc, char **argv);
int cmd_langs(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_docs(int argc, char **argv);
int cmd_index(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_judge(int argc, char **argv);
int cmd_score(int argc, char **argv);

/*
 * Reads a collection description named by a path (anything with a '/' or ending in ".conf") or by
 * its name in the corpora directory ($XLQA_CORPORA_DIR, else the installed corpora-config/).
 */
int cli_corpus_config(const char *arg, struct xlqa_corpus_config **out, struct xlqa_error *err);

/* Prints "xlqa CMD: message" for a library error and returns the exit status for its status. */
int cli_fail(const char *cmd, const struct xlqa_error *err);
/* Prints "xlqa CMD: message" and a hint to run --help; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) XLQA_PRINTF(2, 3);
/* Flushes standard output; a write error (disk full, closed pipe) becomes CLI_EXIT_SYSTEM. */
int cli_finish_output(const char *cmd, int status);

#endif
