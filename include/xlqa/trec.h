/*
 * trec: the TREC question-answering evaluations, as the track documents define them (TREC "Question
 * Answering Collections" page; TREC 2007 QA guidelines).
 *
 * Ranked runs (TREC-8 .. TREC 2002): up to 5 responses a question, `qid Q0 docno rank score tag
 * answer`; judgment sets `qid docno judgment answer` (-1 wrong, 1 right, 2 unsupported); mean
 * reciprocal rank, strict (unsupported is wrong) and lenient (unsupported is right), and the number of
 * questions with no correct response.
 *
 * Question series (TREC 2004 .. 2007): the XML test set (targets, FACTOID / LIST / OTHER questions),
 * runs `qid run-tag docid answer`, list keys, nugget keys (vital/okay or pyramid weights), nugget
 * judgments, and the factoid, list and Other scores combined per series.
 *
 * Invariant: readers either return a complete object or nothing; a checker reports every violation
 * it finds (file order), never only the first. Everything a returned object points to lives as long
 * as the object.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_patterns_free(), xlqa_trec_judgments_free(),
 * xlqa_trec_nugget_judgments_free(), xlqa_trec_nuggets_free(), xlqa_trec_run_free(), xlqa_trec_series_free();
 * caller-declared structs released by xlqa_trec_problems_release(), xlqa_trec_series_result_release().
 */
#ifndef XLQA_TREC_H
#define XLQA_TREC_H

#include "xlqa/eval.h"
#include "xlqa/patterns.h"
#include "xlqa/util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- problems a checker reports ------------------------------------------------------------------ */

/* One violation: the line it is on (1-based; 0 for the file as a whole) and the rule, lower case. */
struct xlqa_trec_problem {
	int64_t line;
	char *message; /* owned by the list */
};
/* Caller-owned list, filled in file order. */
struct xlqa_trec_problems {
	struct xlqa_trec_problem *items;
	size_t count;
	size_t alloc;
};
void xlqa_trec_problems_init(struct xlqa_trec_problems *pr);
void xlqa_trec_problems_release(struct xlqa_trec_problems *pr);

/* ---- runs ------------------------------------------------------------------------------------------ */

enum xlqa_trec_run_format {
	XLQA_TREC_RANKED = 0, /* TREC-8 .. 2002: qid Q0 docno rank score tag answer */
	XLQA_TREC_SERIES = 1, /* TREC 2004 .. 2007: qid run-tag docid answer */
};

/* Judgments of a response, as in TREC judgment sets; 0 until judged. */
enum xlqa_trec_judgment {
	XLQA_TREC_UNJUDGED = 0,
	XLQA_TREC_WRONG = -1,
	XLQA_TREC_RIGHT = 1,
	XLQA_TREC_UNSUPPORTED = 2,
};

struct xlqa_trec_response {
	const char *qid;
	const char *docno;  /* "NIL" for a no-answer response */
	const char *tag;
	const char *answer; /* NUL-terminated; white space around it trimmed */
	size_t answer_len;  /* bytes */
	unsigned rank;      /* 1..5 in ranked runs, 0 in series runs */
	double score;       /* ranked runs only */
	int64_t line;       /* where it is in the file */
	int judgment;       /* enum xlqa_trec_judgment, set by a judge */
};

struct xlqa_trec_series; /* below */

/* What the run checker enforces beyond the format's syntax. Zero-initialise for the defaults. */
struct xlqa_trec_check_options {
	/* Ranked runs: the answer-string limit in bytes (TREC-9 and 2001 ran 50- and 250-byte tasks);
	 * 0 for none. */
	size_t max_answer_bytes;
	/* Series runs: the test set; when given, question ids must be in it, every question needs a
	 * response, NIL is only for factoids and a factoid gets exactly one response. */
	const struct xlqa_trec_series *questions;
};

/* A run read into memory. Free with xlqa_trec_run_free. */
struct xlqa_trec_run {
	enum xlqa_trec_run_format format;
	struct xlqa_trec_response *responses; /* file order */
	size_t count;
	const char *tag; /* the run tag of the first response, or "" for an empty run */
	size_t skipped;  /* lines dropped because they could not be parsed (check mode only) */
	void *priv;      /* storage; not for callers */
};

/*
 * Reads a run of `format` from `path` ("-" for standard input).
 *
 * With `problems` NULL the read is strict: the first violation of any rule is an XLQA_EPARSE
 * "path:line: rule" (err->line set). With a problem list the reader is the checker: every violation
 * is appended to the list (ranked rules: field count, literal Q0, rank an integer 1..5, ranks of a
 * question 1, 2, 3 ... without gaps or repeats and its lines together, score a number, one run tag,
 * an answer unless the docno is NIL and none with NIL, the byte limit; series rules: field count,
 * one run tag, NIL without an answer, an answer otherwise, at most 7000 non-white-space characters of
 * answers a question, and with `opt->questions` known ids, a response for every question, NIL only for
 * factoids, one response a factoid), lines that cannot be parsed are skipped and counted, and the call
 * still succeeds. `opt` may be NULL. *out is a new run on success (NULL on failure).
 * Errors: XLQA_EIO / XLQA_ENOTFOUND, XLQA_EENCODING (not UTF-8, with the byte offset), XLQA_EPARSE,
 * XLQA_ENOMEM.
 */
int xlqa_trec_run_read(const char *path, enum xlqa_trec_run_format format, const struct xlqa_trec_check_options *opt,
                       struct xlqa_trec_run **out, struct xlqa_trec_problems *problems, struct xlqa_error *err);
void xlqa_trec_run_free(struct xlqa_trec_run *run);

/* ---- ranked runs: judgments and MRR ------------------------------------------------------------ */

struct xlqa_trec_judgments; /* opaque: a judgment set, by (qid, docno, answer) */

/*
 * Reads a judgment set `qid docno judgment answer` (judgment -1, 1 or 2; the answer is the rest of
 * the line, trimmed, and may be empty for NIL). The same pair judged twice differently is an error.
 * XLQA_EPARSE with path:line, I/O and encoding errors as above. *out: new object, or NULL on failure.
 */
int xlqa_trec_judgments_read(const char *path, struct xlqa_trec_judgments **out, struct xlqa_error *err);
void xlqa_trec_judgments_free(struct xlqa_trec_judgments *j);
size_t xlqa_trec_judgments_count(const struct xlqa_trec_judgments *j);
/* The judgment of one response (exact qid, docno and trimmed answer), or XLQA_TREC_UNJUDGED. */
int xlqa_trec_judgments_get(const struct xlqa_trec_judgments *j, const char *qid, const char *docno,
                            const char *answer, size_t len);
/* The distinct question ids of the set, in first-appearance order; i < xlqa_trec_judgments_questions. */
size_t xlqa_trec_judgments_questions(const struct xlqa_trec_judgments *j);
const char *xlqa_trec_judgments_qid(const struct xlqa_trec_judgments *j, size_t i);

/* Sets every response's judgment from a judgment set (unjudged pairs stay XLQA_TREC_UNJUDGED). */
void xlqa_trec_judge_judgments(struct xlqa_trec_run *run, const struct xlqa_trec_judgments *j);
/*
 * Sets every response's judgment from answer patterns: RIGHT when a pattern matches the answer and
 * supports the document (any document for a key without documents), UNSUPPORTED when a pattern
 * matches but none lists the document, WRONG otherwise. A NIL response is RIGHT exactly when the key
 * has no pattern for the question (no known answer). XLQA_OK or XLQA_EEXTERNAL from ICU.
 */
int xlqa_trec_judge_patterns(struct xlqa_trec_run *run, const struct xlqa_patterns *p, struct xlqa_error *err);

/* MRR of a judged ranked run (TREC QA collections page; Voorhees, TREC-8 QA track overview). */
struct xlqa_trec_mrr {
	size_t questions;          /* the denominator */
	double mrr_strict;         /* unsupported counts as wrong */
	double mrr_lenient;        /* unsupported counts as right */
	size_t no_correct_strict;  /* questions with no right response in the first 5 */
	size_t no_correct_lenient; /* questions with no right or unsupported response */
	size_t unjudged;           /* responses without a judgment, counted as wrong */
};
/*
 * Scores `run` over the questions qids[0..n) (a question the run does not answer scores 0); with
 * qids NULL, over the distinct question ids of the run. Only ranks 1..5 count; a question's
 * reciprocal rank is 1/rank of its first right response. XLQA_OK, XLQA_EEMPTY when there is no
 * question, XLQA_ENOMEM.
 */
int xlqa_trec_mrr_compute(const struct xlqa_trec_run *run, const char *const *qids, size_t n,
                          struct xlqa_trec_mrr *out, struct xlqa_error *err);

/* One question of a judged ranked run, as MRR sees it. */
struct xlqa_trec_rr {
	const char *qid;    /* borrowed from the caller's list */
	unsigned strict;    /* rank (1..5) of the first right response; 0 when none */
	unsigned lenient;   /* rank of the first right or unsupported response; 0 when none */
	size_t responses;   /* lines of the run for the question, any rank */
	size_t unjudged;    /* of which without a judgment */
};
/*
 * Fills out[0..n) for the questions qids[0..n) (a question the run does not answer has ranks 0 and
 * no responses). XLQA_OK, XLQA_ENOMEM.
 */
int xlqa_trec_mrr_questions(const struct xlqa_trec_run *run, const char *const *qids, size_t n,
                            struct xlqa_trec_rr *out, struct xlqa_error *err);

/*
 * The ranked-run measures, a registry like xlqa_measure's: each is a value per question, and over a
 * run the mean of those values (is_count false) or their sum (is_count true). mrr_strict and
 * mrr_lenient are the means of 1/rank; no_correct, no_correct_lenient and unjudged are counts.
 */
struct xlqa_trec_measure {
	const char *name;
	const char *help;
	bool is_count;
	double (*question)(const struct xlqa_trec_rr *q);
};
size_t xlqa_trec_measure_count(void);
const struct xlqa_trec_measure *xlqa_trec_measure_at(size_t i);
const struct xlqa_trec_measure *xlqa_trec_measure_find(const char *name);
/* The measure over questions q[0..n): mean or sum of the per-question values; NaN for a mean of none. */
double xlqa_trec_measure_value(const struct xlqa_trec_measure *m, const struct xlqa_trec_rr *q, size_t n);
/* The same as a significance statistic (include/xlqa/significance.h): units are struct xlqa_trec_rr,
 * ctx the measure. */
double xlqa_trec_statistic(const void *units, size_t n, const void *measure);

/* ---- question series ------------------------------------------------------------------------------ */

enum xlqa_trec_qtype {
	XLQA_TREC_FACTOID = 0,
	XLQA_TREC_LIST = 1,
	XLQA_TREC_OTHER = 2,
};
#define XLQA_TREC_QTYPES 3
/* "FACTOID", "LIST", "OTHER" (static storage), or NULL. */
const char *xlqa_trec_qtype_name(enum xlqa_trec_qtype t);

struct xlqa_trec_question {
	const char *qid;  /* "141.6" */
	const char *text; /* question text, white space trimmed, UTF-8 */
	enum xlqa_trec_qtype type;
	size_t target;    /* index into targets */
};
struct xlqa_trec_target {
	const char *id;   /* "141" */
	const char *text; /* "Warren Moon" */
	size_t first;     /* its questions are questions[first .. first + count) */
	size_t count;
};
/* A test set read from the TREC 2004-2007 XML. Free with xlqa_trec_series_free. */
struct xlqa_trec_series {
	const char *year; /* the trecqa element's year attribute, or "" */
	struct xlqa_trec_target *targets;
	size_t n_targets;
	struct xlqa_trec_question *questions; /* file order */
	size_t n_questions;
	size_t by_type[XLQA_TREC_QTYPES];
	void *priv;
};
/*
 * Reads a question-series XML file with libxml2 (the declared encoding, ISO-8859-1 in the TREC files,
 * becomes UTF-8; the internal DTD is not validated). XLQA_EPARSE "path:line: ..." for XML that is not
 * well formed, a q without id or with a type other than FACTOID, LIST or OTHER, a repeated question
 * id, or a file without targets. *out: new object, or NULL on failure.
 */
int xlqa_trec_series_read(const char *path, struct xlqa_trec_series **out, struct xlqa_error *err);
void xlqa_trec_series_free(struct xlqa_trec_series *s);
/* The question with id `qid`, or NULL. Owned by `s`. */
const struct xlqa_trec_question *xlqa_trec_series_find(const struct xlqa_trec_series *s, const char *qid);

/*
 * Reads a list key into answer patterns, one pattern per answer instance. Two formats: the
 * answers_list files (`# qid`, then an optional `Q: question` line, then one literal answer a line,
 * blank lines ignored; each answer becomes an escaped literal), recognised by a first non-blank line
 * starting with '#'; anything else is read as a pattern file (xlqa_patterns_read: patterns_list,
 * patterns+docs_list). *out: new object the caller frees with xlqa_patterns_free.
 */
int xlqa_trec_list_key_read(const char *path, struct xlqa_patterns **out, struct xlqa_error *err);

struct xlqa_trec_nuggets; /* opaque: the nuggets of each Other question, with weights */
/*
 * Reads a nugget key in either form: pyramid (`qid<TAB>n<TAB>weight<TAB>text`, weights in [0,1], the
 * `*_pyramid` files) or vital/okay (`Qid X: ...` header lines, then `qid n<TAB>vital|okay<TAB>text`,
 * the answers_other files; vital weighs 1 and okay 0, as nugget recall counted only vital nuggets
 * before the pyramid method). XLQA_EPARSE with path:line. *out: new object, or NULL on failure.
 */
int xlqa_trec_nuggets_read(const char *path, struct xlqa_trec_nuggets **out, struct xlqa_error *err);
void xlqa_trec_nuggets_free(struct xlqa_trec_nuggets *n);
size_t xlqa_trec_nuggets_questions(const struct xlqa_trec_nuggets *n);
size_t xlqa_trec_nuggets_total(const struct xlqa_trec_nuggets *n);
/* The nuggets of `qid` (0 when unknown) and the sum of their weights. */
size_t xlqa_trec_nuggets_count(const struct xlqa_trec_nuggets *n, const char *qid, double *weight_sum);

struct xlqa_trec_nugget_judgments; /* opaque: which nuggets each Other response contains */
/*
 * Reads nugget judgments: one line a question, `qid n n ...`, the nugget numbers of `key` that the
 * run's response to Other question `qid` contains (none listed: it contains none); '#' starts a
 * comment line; blank lines are skipped. A question absent from the file contains no nugget. A
 * nugget counts once however often it is listed. XLQA_EPARSE "path:line: ..." for a question or a
 * nugget number the key lacks, or a question listed twice. *out: new object, or NULL on failure.
 */
int xlqa_trec_nugget_judgments_read(const char *path, const struct xlqa_trec_nuggets *key,
                                    struct xlqa_trec_nugget_judgments **out, struct xlqa_error *err);
void xlqa_trec_nugget_judgments_free(struct xlqa_trec_nugget_judgments *j);

/* The keys a series run is scored with; any may be NULL, which leaves that question type unscored. */
struct xlqa_trec_series_keys {
	const struct xlqa_patterns *factoid;                  /* patterns_factoid or patterns+docs_factoid */
	const struct xlqa_patterns *list;                     /* xlqa_trec_list_key_read */
	const struct xlqa_trec_nuggets *nuggets;              /* with nugget_judgments */
	const struct xlqa_trec_nugget_judgments *nugget_judgments;
};

/* The score of one question. */
struct xlqa_trec_question_score {
	const struct xlqa_trec_question *question;
	size_t responses; /* lines the run gave, NIL included */
	size_t returned;  /* responses (instances) the run gave, NIL excluded */
	bool correct;     /* factoid: judged right */
	size_t distinct;  /* list: correct distinct instances; other: nuggets returned */
	size_t key_size;  /* list: final answer set; other: nuggets in the key */
	double precision; /* list: IP; other: NP */
	double recall;    /* list: IR; other: NR */
	double f;         /* list: F(1); other: F(3); factoid: 1 or 0 */
	size_t length;    /* other: non-white-space characters of the response */
	size_t allowance; /* other: 100 per nugget returned */
};
struct xlqa_trec_target_score {
	const struct xlqa_trec_target *target;
	double factoid, list, other; /* per-series scores, or -1 when the type is unscored or absent */
	double combined;             /* mean of the scored components */
};
struct xlqa_trec_series_result {
	struct xlqa_trec_question_score *questions; /* one a test-set question, test-set order */
	size_t n_questions;
	struct xlqa_trec_target_score *targets;
	size_t n_targets;
	double factoid_accuracy; /* right factoids / factoid questions, or -1 without a factoid key */
	double list_f;           /* mean F of the list questions, or -1 */
	double other_f;          /* mean F(3) of the Other questions, or -1 */
	double score;            /* mean of the targets' combined scores */
};
void xlqa_trec_series_result_release(struct xlqa_trec_series_result *r);

/*
 * Judges and scores a series run (TREC 2007 QA guidelines, "Scoring"):
 *  - factoid: right when a pattern matches (and, for a +docs key, supports the document); NIL is right
 *    when the key has no pattern for the question; series factoid score = right / factoid questions;
 *  - list: distinct = the size of a maximum one-to-one assignment of the response's instances to the
 *    key instances each matches (with its document for a +docs key; a non-empty match, patterns.h):
 *    each key instance counts once, which stands for the assessor's "distinct", and the order of the
 *    instances does not matter; IR = distinct / key instances, IP = distinct / instances returned,
 *    F = 2*IP*IR/(IP+IR) (0 when both are 0); series list score = mean F of its list questions;
 *  - Other: NR = returned weight / total weight, allowance = 100 * nuggets returned, length = non-white-
 *    space characters of the response, NP = 1 if length < allowance else 1 - (length - allowance)/length,
 *    F = 10*NP*NR/(9*NP + NR) (0 when both are 0);
 *  - combined = mean of the series' scored components, (factoid + list + other)/3 when all are there;
 *    the run's score is the mean over targets.
 * The run should have passed the checker; responses to unknown questions are ignored. The result is
 * caller-owned (xlqa_trec_series_result_release). XLQA_OK, XLQA_ENOMEM, XLQA_EEXTERNAL.
 */
int xlqa_trec_series_score(const struct xlqa_trec_series *qs, const struct xlqa_trec_run *run,
                           const struct xlqa_trec_series_keys *keys, struct xlqa_trec_series_result *out,
                           struct xlqa_error *err);

/*
 * The summary measures of a series run, a registry like xlqa_trec_measure's: each is a field of the
 * result, -1 when the run was not scored on it (no key for the type).
 */
struct xlqa_trec_series_measure {
	const char *name;
	const char *help;
	double (*value)(const struct xlqa_trec_series_result *r);
};
size_t xlqa_trec_series_measure_count(void);
const struct xlqa_trec_series_measure *xlqa_trec_series_measure_at(size_t i);
const struct xlqa_trec_series_measure *xlqa_trec_series_measure_find(const char *name);

/* ---- reports ----------------------------------------------------------------------------------- */

/* What a TREC report shows (as xlqa_eval_report_options does for CLEF). */
struct xlqa_trec_report_options {
	enum xlqa_report_format format; /* xlqa/eval.h */
	bool per_question;              /* each question's values before the summary (trec_eval's -q) */
	bool first;                     /* the first run of the output: TSV starts with its header line, text
	                                   without the blank line that separates runs */
};
/*
 * Appends a ranked run's report to `out`: the measures ms[0..n_ms) over the questions rr[0..n) (NaN
 * as JSON null), with per_question first each question's ranks and values. Text: a table and
 * "name value" lines; TSV: "run<TAB>question<TAB>measure<TAB>value" lines ("all" for the summary);
 * JSON: one object with keys run, tag, questions, the measures and, with per_question, "per_question".
 * XLQA_ENOMEM.
 */
int xlqa_trec_ranked_report(const struct xlqa_trec_report_options *o, const char *run_name,
                            const struct xlqa_trec_run *run, const struct xlqa_trec_rr *rr, size_t n,
                            const struct xlqa_trec_measure *const *ms, size_t n_ms, struct xlqa_buf *out,
                            struct xlqa_error *err);
/*
 * Appends a series run's report to `out`: with per_question each question's counts, precision, recall
 * and F; each series' component scores; then the measures ms[0..n_ms) ("-" or JSON null when not
 * scored). JSON: one object with keys run, tag, targets, the measures, "series" and "questions".
 * XLQA_ENOMEM.
 */
int xlqa_trec_series_report(const struct xlqa_trec_report_options *o, const char *run_name,
                            const struct xlqa_trec_run *run, const struct xlqa_trec_series_result *r,
                            const struct xlqa_trec_series_measure *const *ms, size_t n_ms, struct xlqa_buf *out,
                            struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
