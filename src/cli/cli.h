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
	CLI_EXIT_RULES = 5,    /* check: a run file breaks its track's rules (read, but in violation) */
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
int cmd_run(int argc, char **argv);
int cmd_ask(int argc, char **argv);
int cmd_judge(int argc, char **argv);
int cmd_score(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_trace(int argc, char **argv);

/*
 * `xlqa run --series`: answers the question-series XML at `series_path` (questions in language
 * `source`) with `a` over `idx` into the TREC 2007 run `out`, with a summary on stderr (run-series.c).
 */
int cli_run_series(struct xlqa_answerer *a, const struct xlqa_index *idx, const char *series_path, const char *source,
                   const char *tag, const char *out, struct xlqa_series_options *opt, struct xlqa_error *err);

/*
 * Reads a collection description named by a path (anything with a '/' or ending in ".conf") or by
 * its name in the corpora directory ($XLQA_CORPORA_DIR, else the installed corpora-config/).
 */
/*
 * Run from its build tree (the executable lies in the tree configure built), points XLQA_LANG_DIR,
 * XLQA_CORPORA_DIR and XLQA_MODEL_DIR at the source tree's lang/, corpora-config/ and models/ when
 * they are unset, so the uninstalled tool needs no environment; installed, does nothing (paths.c).
 */
void cli_locate_data(void);
/* True when the executable is the one in the build tree configure set up. */
bool cli_running_from_build_tree(void);

int cli_corpus_config(const char *arg, struct xlqa_corpus_config **out, struct xlqa_error *err);
int cmd_lexicon(int argc, char **argv);
int cmd_translate(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_import(int argc, char **argv);

/* Reads "DE-EN" (any language aliases) into two ISO 639-1 codes; -1 when malformed or unknown. */
int cli_parse_pair(const char *arg, char source[4], char target[4]);

/* The source pack and the pair's translator, with the source's question rules once asked for. */
struct cli_translation {
	struct xlqa_lang *lang;
	struct xlqa_translator *tr;           /* NULL for an identity pair; owns the pair's lexicon */
	struct xlqa_question_rules *rules;    /* NULL until cli_question_query needs them */
};
/*
 * Opens the source pack and the translator of source-target (xlqa_translator_open, lexicons from
 * `lexicon_dir`, NULL: xlqa_lexicon_default_dir); `vocabulary` (may be NULL) is a "word[TAB
 * frequency]" file of target words for cognates. Library status; `t` is empty on failure.
 */
int cli_translation_open(const char *source, const char *target, const char *lexicon_dir, const char *vocabulary,
			 struct cli_translation *t, struct xlqa_error *err);
void cli_translation_release(struct cli_translation *t);
/*
 * The source-language query of one question as `xlqa run` builds it (xlqa_question_query), the
 * source's question rules loaded on first use. Library status.
 */
int cli_question_query(struct cli_translation *t, const char *text, char category, struct xlqa_question *q,
		       struct xlqa_query *query, struct xlqa_error *err);

/* Prints "xlqa CMD: message" for a library error and returns the exit status for its status. */
int cli_fail(const char *cmd, const struct xlqa_error *err);
/* Warns on standard error about gold-key entries no response can match (xlqa_judge_unmatchable). */
void cli_judge_unmatchable(const char *cmd, const struct xlqa_judge *j);
/*
 * After getopt_long returned '?': names the unknown option or the one that lacks its argument (getopt's
 * own message is off, opterr = 0, so it is reported once) and returns CLI_EXIT_USAGE.
 */
int cli_bad_option(const char *cmd, char **argv);
/* Prints "xlqa CMD: message" and a hint to run --help; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) XLQA_PRINTF(2, 3);
/* A size as bytes or with K, M or G ("512M", "2G", "1048576") -> bytes; 0 when malformed. */
size_t cli_parse_size(const char *s);
/* Flushes standard output; a write error (disk full, closed pipe) becomes CLI_EXIT_SYSTEM, also over
 * CLI_EXIT_INPUT and CLI_EXIT_RULES (the report of the bad input or the violations is what was lost). */
int cli_finish_output(const char *cmd, int status);

#endif
