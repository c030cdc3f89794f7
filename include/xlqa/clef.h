/*
 * clef: CLEF 2004 QA run files. A run holds one response a question, one line each:
 * `F 92 irst041iten 0.257 LAT19940311.00318 Paris` (question type, question number, run tag,
 * confidence, DOCNO, answer string); columns are separated by blanks, the answer is the rest of the
 * line and may hold blanks, and a NIL response has the DOCNO `NIL` and no answer (CLEF 2004 QA
 * guidelines, "Answers"). A judged run is the same file with the assessor's judgment (R, X, U or W)
 * and a blank in front of every line ("Evaluation").
 *
 * This module reads runs (keeping each response's line number), writes them (the whole file to a
 * temporary name, then renamed, so a run file is complete or absent) and checks them against the
 * track's rules, reporting every violation rather than the first.
 *
 * Invariant: a run that reads successfully has, on every response, a type F or D, a number in
 * 1..9999, a non-empty run tag and DOCNO without blanks, a confidence that is a finite number, and
 * an answer that is valid UTF-8 without line breaks (empty exactly when the line stops after the DOCNO).
 *
 * Ownership as xlqa.h states it; caller-declared structs released by xlqa_clef_report_release(),
 * xlqa_clef_run_release().
 */
#ifndef XLQA_CLEF_H
#define XLQA_CLEF_H

#include "xlqa/testset.h"
#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The longest line a run may hold, in bytes, not counting the line break (guidelines, "Answers"). */
#define XLQA_CLEF_LINE_MAX 1024
/* The longest confidence column, in characters (guidelines, "Answers"). */
#define XLQA_CLEF_CONFIDENCE_MAX 8

/* An assessor's judgment of one response (guidelines, "Evaluation"). NONE: not judged. */
enum xlqa_judgment {
	XLQA_JUDGMENT_NONE = 0,
	XLQA_JUDGMENT_R = 'R', /* right: exact, supported by the document */
	XLQA_JUDGMENT_X = 'X', /* inexact: right and supported, but more or less than the exact answer */
	XLQA_JUDGMENT_U = 'U', /* unsupported: right, but the document does not support it */
	XLQA_JUDGMENT_W = 'W', /* wrong */
};

/* One response. Strings live in the run's arena until xlqa_clef_run_release. */
struct xlqa_clef_response {
	char type;              /* 'F' factoid or 'D' definition */
	unsigned number;        /* question number, 1..9999 */
	const char *tag;        /* run tag as written */
	double confidence;      /* the confidence column's value */
	const char *confidence_text; /* the column as written ("0.257") */
	const char *docno;      /* the DOCNO, or "NIL" */
	const char *answer;     /* the answer string, blanks around it removed; "" when absent */
	bool nil;               /* docno is "NIL" */
	enum xlqa_judgment judgment; /* from a judged run, or set by a judge; NONE otherwise */
	int64_t line;           /* 1-based line in the file; 0 for a response added in memory */
};

/* A run. Caller-owned storage: xlqa_clef_run_init, then read or add, then xlqa_clef_run_release. */
struct xlqa_clef_run {
	struct xlqa_clef_response *responses; /* in file order */
	size_t count;
	size_t alloc;
	struct xlqa_arena strings;
};

/* Flags for reading and writing. */
enum xlqa_clef_flags {
	XLQA_CLEF_JUDGED = 1 << 0, /* every line starts with a judgment R, X, U or W and a blank */
};

void xlqa_clef_run_init(struct xlqa_clef_run *run);
void xlqa_clef_run_release(struct xlqa_clef_run *run);

/*
 * Parses `len` bytes of a run (a judged run with XLQA_CLEF_JUDGED); `name` prefixes messages. Blank
 * lines are skipped. This reader enforces what the invariant above needs and no more: order, tags,
 * confidence range and line length are the checker's business. Errors: XLQA_EPARSE "name:line: ..."
 * naming the first bad column, XLQA_EENCODING for invalid UTF-8, XLQA_EEMPTY for no responses,
 * XLQA_ENOMEM. On error `run` keeps the responses before the bad line; release it anyway.
 */
int xlqa_clef_run_parse(struct xlqa_clef_run *run, const char *data, size_t len, const char *name, unsigned flags,
                        struct xlqa_error *err);
/* Reads and parses the file at `path` ("-": standard input): the parse errors plus XLQA_EIO/ENOTFOUND. */
int xlqa_clef_run_read(struct xlqa_clef_run *run, const char *path, unsigned flags, struct xlqa_error *err);
/* The number of questions of `ts` that `run` gives no response to: a run cut short answers fewer. */
size_t xlqa_clef_run_unanswered(const struct xlqa_clef_run *run, const struct xlqa_testset *ts);

/*
 * Appends a response, copying the strings into the run's arena; `docno` "NIL" makes a NIL response,
 * whose `answer` must be empty or NULL. `line` is set to 0 and the judgment to NONE. Errors: XLQA_EINVAL
 * for a type other than F/D, a number outside 1..9999, a tag or DOCNO empty or holding blanks, a
 * confidence outside [0,1], an answer holding a line break or invalid UTF-8, a NIL with an answer, or
 * a non-NIL response without one; XLQA_ENOMEM.
 */
int xlqa_clef_run_add(struct xlqa_clef_run *run, char type, unsigned number, const char *tag, double confidence,
                      const char *docno, const char *answer, struct xlqa_error *err);

/*
 * Appends the run in the track's format to `out`, one line a response: `F 92 tag 0.257 DOCNO answer`,
 * with the judgment and a blank in front under XLQA_CLEF_JUDGED (a response without one is an
 * XLQA_EINVAL error). The confidence is written with at most six decimals and no trailing zeros, so it
 * keeps within 8 characters. Errors: XLQA_EINVAL as for xlqa_clef_run_add, XLQA_EOVERFLOW for a line
 * over XLQA_CLEF_LINE_MAX bytes, XLQA_ENOMEM. On error `out` keeps its old length.
 */
int xlqa_clef_run_format(const struct xlqa_clef_run *run, unsigned flags, struct xlqa_buf *out,
                         struct xlqa_error *err);
/*
 * Writes the run to `path` atomically (xlqa_file_write_atomic): the file is complete or, on any error,
 * left as it was. Errors: those of xlqa_clef_run_format and of the write.
 */
int xlqa_clef_run_write(const struct xlqa_clef_run *run, const char *path, unsigned flags, struct xlqa_error *err);

/* ---- the checker ------------------------------------------------------------------------------- */

/*
 * Checks a run tag against the CLEF 2004 rule (XLQA_CLEF_RULE_TAG) for the test set's task before a
 * run is written: 4 characters, "04", run 1 or 2, then source and target ("xlqa041deen", any case).
 * XLQA_OK, or XLQA_EINVAL with a message that says what the tag must look like.
 */
int xlqa_clef_tag_check(const char *tag, const struct xlqa_testset *ts, struct xlqa_error *err);

/* The rules a run must follow (guidelines, "Answers"). Names and help in xlqa_clef_rule_name/_help. */
enum xlqa_clef_rule {
	XLQA_CLEF_RULE_ENCODING,   /* the line is valid UTF-8 */
	XLQA_CLEF_RULE_LENGTH,     /* no line over 1024 bytes */
	XLQA_CLEF_RULE_COLUMNS,    /* all columns present: type, number, tag, confidence, DOCNO, answer */
	XLQA_CLEF_RULE_TYPE,       /* F or D, and the test set's type for that question */
	XLQA_CLEF_RULE_NUMBER,     /* one line a test-set question, in its order */
	XLQA_CLEF_RULE_TAG,        /* 4 characters, 04, run 1 or 2, the test set's task; one tag throughout */
	XLQA_CLEF_RULE_FILE_NAME,  /* the file is named <run-tag>.txt */
	XLQA_CLEF_RULE_CONFIDENCE, /* a number in [0,1] of at most 8 characters */
	XLQA_CLEF_RULE_NIL,        /* a NIL response has an empty answer string */
	XLQA_CLEF_RULE_DOCNO,      /* the DOCNO exists in the collection */
	XLQA_CLEF_RULE_COUNT_      /* number of rules; not a rule */
};

/* The rule's short name ("confidence") and one line of help; static storage, NULL when out of range. */
const char *xlqa_clef_rule_name(enum xlqa_clef_rule rule);
const char *xlqa_clef_rule_help(enum xlqa_clef_rule rule);

/* One violation. `line` is 1-based: the file name is reported at the first line (where the tag is),
 * questions missing at the end at the last line, or 0 for an empty file. */
struct xlqa_clef_violation {
	int64_t line;
	enum xlqa_clef_rule rule;
	const char *message; /* what is wrong, lower case, without the location; in the report's arena */
};

/* What the checker found. Caller-owned storage: init, check, release. */
struct xlqa_clef_report {
	struct xlqa_clef_violation *items; /* in line order */
	size_t count;
	size_t alloc;
	size_t lines; /* lines read */
	struct xlqa_arena strings;
};
void xlqa_clef_report_init(struct xlqa_clef_report *rep);
void xlqa_clef_report_release(struct xlqa_clef_report *rep);

struct xlqa_clef_check_options {
	/* The test set the run answers (required): numbers, order, types and the task in the tag. */
	const struct xlqa_testset *testset;
	/* The run file's name (a path is fine; its last component is checked against the tag), or NULL
	 * to skip the file-name rule. */
	const char *file_name;
	/* When not NULL, called for every DOCNO other than NIL; false makes a DOCNO violation. */
	bool (*docno_exists)(void *ctx, const char *docno);
	void *docno_ctx;
};

/*
 * Checks `len` bytes of a run against every rule and appends each violation to `rep` (several on one
 * line are all reported). Returns XLQA_OK whether or not the run has violations (rep->count says);
 * XLQA_EINVAL without a test set, XLQA_ENOMEM.
 */
int xlqa_clef_check(const char *data, size_t len, const struct xlqa_clef_check_options *opts,
                    struct xlqa_clef_report *rep, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
