/*
 * eval: judging and scoring CLEF 2004 runs. Judges give each response a judgment R, X, U or W from
 * one of three sources (a registry: assessors' judgments files, a gold answer key, TREC answer
 * patterns); measures (a registry, like trec_eval's) turn judged responses into accuracy, CWS, K1,
 * r, counts and NIL precision/recall, strict and lenient, overall and per question and answer type;
 * Kendall's tau compares the rankings of runs under two judgment sets; and a calibration report sets
 * the confidences against what was right. Each measure's formula and source are in its row's help
 * (`xlqa score --measures`).
 *
 * Invariant: nothing here prints; a measure that is undefined on its input (no questions, a
 * correlation with no variance) is NaN, never a made-up 0.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_judge_free(); caller-declared structs
 * released by xlqa_eval_answer_types_release(), xlqa_kendall_release().
 */
#ifndef XLQA_EVAL_H
#define XLQA_EVAL_H

#include "xlqa/clef.h"
#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- answer normalisation ---------------------------------------------------------------------- */

/*
 * Normalises an answer the way the xquad-clef benchmark's automatic judging does (its README):
 * Unicode NFKC, lower case, every punctuation, symbol, separator or control character to a space,
 * split into words, and the articles of `lang` (ISO 639-1, any case: en de es it fr pt nl) dropped
 * wherever they stand. Appends the words joined by single spaces to `out` (nothing for an answer of
 * only articles and punctuation). `lang` NULL or "" drops no articles. Errors: XLQA_ENOTFOUND for a
 * language without an article list, XLQA_EENCODING for invalid UTF-8, XLQA_EEXTERNAL if ICU fails,
 * XLQA_ENOMEM. On error `out` keeps its old length.
 */
int xlqa_eval_normalize_answer(const char *lang, const char *s, size_t len, struct xlqa_buf *out,
                               struct xlqa_error *err);

/* ---- judges ------------------------------------------------------------------------------------ */

/* A judge: opaque; opened with xlqa_judge_open, freed with xlqa_judge_free. */
struct xlqa_judge;

/* One kind of judge in the registry. Static storage. */
struct xlqa_judge_kind {
	const char *name; /* "judgments", "gold", "patterns" */
	const char *help; /* one line */
};
/* Number of judge kinds, and the i-th (NULL past the end). */
size_t xlqa_judge_kind_count(void);
const struct xlqa_judge_kind *xlqa_judge_kind_at(size_t i);

/*
 * Opens a judge of kind `kind` from the file at `path`:
 *  - "judgments": a judged run (each run line prefixed by its judgment and a blank, as the CLEF
 *    assessors returned them). A response gets the judgment of the pooled line with the same
 *    question number, DOCNO and answer string (blanks around it ignored); none: not judged.
 *  - "gold": a gold key, `NNNN<TAB>DOCNO<TAB>answer ||| answer` or `NNNN<TAB>NIL<TAB>`, judged by
 *    the benchmark's convention with xlqa_eval_normalize_answer in language `lang`: R when the words
 *    equal a gold answer's and the DOCNO is the gold document (or NIL for a NIL question), U when
 *    they are equal but the DOCNO differs, X when one contains the other as a contiguous run and the
 *    DOCNO is the gold document, W otherwise; a question missing from the key is not judged.
 *  - "patterns": TREC answer patterns (include/xlqa/patterns.h; `NNNN regex DOCNO`, the question id
 *    as "0092" or "92"): R when the answer matches a pattern whose document list holds the DOCNO
 *    (or the key lists no documents), U when it matches but the document is not listed, W otherwise;
 *    NIL is right exactly for a question without patterns.
 * `lang` is needed by "gold" (NULL elsewhere is fine). On success *out is a new judge the caller
 * frees. Errors: XLQA_ENOTFOUND for an unknown kind or language, the file's read and parse errors
 * (with file:line), XLQA_ENOMEM.
 */
int xlqa_judge_open(const char *kind, const char *path, const char *lang, struct xlqa_judge **out,
                    struct xlqa_error *err);
/*
 * Adds another file to a judge's pool (several judged runs make one pool of judgments). Only the
 * "judgments" kind pools; others give XLQA_EUNSUPPORTED. A line whose key is already pooled with a
 * different judgment keeps the first judgment and counts as a conflict.
 */
int xlqa_judge_add_file(struct xlqa_judge *j, const char *path, struct xlqa_error *err);
/*
 * The answer patterns of a "patterns" judge (owned by the judge; for their warnings, patterns.h), or
 * NULL for another kind.
 */
struct xlqa_patterns;
const struct xlqa_patterns *xlqa_judge_patterns(const struct xlqa_judge *j);
/* The kind's name ("gold"), and the number of conflicting judgments pooled so far. */
const char *xlqa_judge_kind_name(const struct xlqa_judge *j);
size_t xlqa_judge_conflicts(const struct xlqa_judge *j);
/*
 * Gold-key entries whose every answer normalises to nothing (only articles or punctuation: "un" in
 * French): their questions stay answerable and no response to them can be right. The caller reports
 * the count.
 */
size_t xlqa_judge_unmatchable(const struct xlqa_judge *j);

/*
 * Judges one response: *out is R, X, U, W, or NONE when the judge cannot say (no pooled judgment,
 * a question the key lacks). Errors: XLQA_EENCODING / XLQA_EEXTERNAL from normalisation, XLQA_ENOMEM.
 */
int xlqa_judge_response(struct xlqa_judge *j, const struct xlqa_clef_response *r, enum xlqa_judgment *out,
                        struct xlqa_error *err);
/* Judges every response of `run` in place; *unjudged (may be NULL) counts the NONE results. */
int xlqa_judge_run(struct xlqa_judge *j, struct xlqa_clef_run *run, size_t *unjudged, struct xlqa_error *err);
/*
 * What the judge knows of question `number`: 1 when the collection holds no answer (NIL is right),
 * 0 when it holds one, -1 when the judge cannot tell (a judgments pool without a right response).
 */
int xlqa_judge_nil_question(const struct xlqa_judge *j, unsigned number);
/*
 * The gold key's answer to question `number` as the key writes it ("31 January 1977 ||| 1977"), "NIL"
 * for a NIL question, NULL when the key lacks the question or the judge is no gold key; *docno (may
 * be NULL) gets the key's document ("NIL" for NIL, NULL when none). Owned by the judge.
 */
const char *xlqa_judge_gold_answer(const struct xlqa_judge *j, unsigned number, const char **docno);

/*
 * The relevance judgments of a gold key in trec_eval's qrels format, appended to `out`: one line
 * "NNNN 0 DOCNO 1" a question with an answer, in question order (the question id as the run files and
 * `xlqa search --format trec` write it); a NIL question has no relevant document and no line (*nil, may
 * be NULL, counts them). XLQA_EINVAL for a judge that is not a gold key, XLQA_ENOMEM.
 */
int xlqa_judge_qrels(const struct xlqa_judge *j, struct xlqa_buf *out, size_t *nil, struct xlqa_error *err);
void xlqa_judge_free(struct xlqa_judge *j);

/* ---- answer types ------------------------------------------------------------------------------ */

/*
 * Answer types of questions, from a TSV file: question number and answer type, one question a line
 * (`0451<TAB>TIME`). A first line whose first column is not a number is a header; when it names a
 * column `answer_type`, that column is the type (so ../data/clef-questions-pt/clef2004-pt.tsv reads as
 * it is), else the second. Caller-owned storage: init, read, release.
 */
struct xlqa_eval_answer_types {
	struct xlqa_hash map; /* question number as decimal -> type string in `strings` */
	struct xlqa_arena strings;
};
void xlqa_eval_answer_types_init(struct xlqa_eval_answer_types *t);
void xlqa_eval_answer_types_release(struct xlqa_eval_answer_types *t);
/* Errors: file errors, XLQA_EPARSE "path:line: ..." for a bad number, a missing column or a repeated
 * question, XLQA_EEMPTY, XLQA_ENOMEM. */
int xlqa_eval_answer_types_read(struct xlqa_eval_answer_types *t, const char *path, struct xlqa_error *err);
/* The type of question `number`, or NULL. Valid until release. */
const char *xlqa_eval_answer_types_get(const struct xlqa_eval_answer_types *t, unsigned number);

/* ---- measures ---------------------------------------------------------------------------------- */

/* One judged response as the measures see it. */
struct xlqa_eval_item {
	unsigned number;         /* question number */
	char type;               /* 'F' or 'D' */
	const char *answer_type; /* from xlqa_answer_types, or NULL */
	double confidence;       /* in [0,1] */
	enum xlqa_judgment judgment; /* NONE counts as not right */
	bool nil_response;       /* the response is NIL */
	int nil_question;        /* 1: NIL is the right response; 0: an answer exists; -1: unknown */
};

/* What counts as right. Strict: only R (CLEF 2004's official scores). */
enum xlqa_eval_mode {
	XLQA_EVAL_STRICT = 0,
	XLQA_EVAL_LENIENT_U = 1 << 0, /* unsupported answers count as right */
	XLQA_EVAL_LENIENT_X = 1 << 1, /* inexact answers count as right */
};
/* True when a judgment counts as right under `mode`. */
bool xlqa_eval_right(enum xlqa_judgment j, unsigned mode);

/*
 * A measure over `n` items in test-set order (the order breaks confidence ties in CWS). Returns NaN
 * where the measure is undefined. `is_count` marks counts (printed as integers).
 */
struct xlqa_measure {
	const char *name; /* the JSON key: "accuracy", "cws", "k1", "r", "R", ..., "nil_recall" */
	const char *help; /* one line, with the source of the formula */
	bool is_count;
	double (*compute)(const struct xlqa_eval_item *items, size_t n, unsigned mode);
};
size_t xlqa_measure_count(void);
const struct xlqa_measure *xlqa_measure_at(size_t i);
/* The measure named `name` (exact), or NULL. */
const struct xlqa_measure *xlqa_measure_find(const char *name);

/*
 * Builds the measures' items from a judged run. Without a test set (`ts` NULL) there is one item a
 * response, in run order. With one, there is one item a test-set question in its order: a question
 * the run does not answer is an unjudged, non-NIL item of confidence 0 (so it counts against the
 * run), and a response to a question outside the test set is an XLQA_EPARSE error. `judge` (may be
 * NULL) supplies what is known of NIL questions, else a question is known to be NIL when its NIL
 * response is judged R and to have an answer when a non-NIL response is judged R, X or U; `types`
 * (may be NULL) supplies answer types. *items is a new array of *n items (free() it); its strings
 * point into `types`. Errors: XLQA_EPARSE, XLQA_ENOMEM.
 */
int xlqa_eval_items(const struct xlqa_clef_run *run, const struct xlqa_testset *ts, const struct xlqa_judge *judge,
                    const struct xlqa_eval_answer_types *types, struct xlqa_eval_item **items, size_t *n,
                    struct xlqa_error *err);

/* ---- calibration ------------------------------------------------------------------------------- */

#define XLQA_CALIBRATION_BINS 10

/*
 * A reliability table: confidences in 10 equal-width bins [0,0.1), [0.1,0.2), ..., [0.9,1] with the
 * count, mean confidence and accuracy of each (NaN for an empty bin); ECE, the count-weighted mean of
 * |accuracy - mean confidence| over bins; the Brier score, the mean of (confidence - right)^2; CWS and
 * the best CWS the same answers would reach ranked right-first (xlqa_calibration_compute).
 */
struct xlqa_calibration {
	size_t n;       /* responses */
	size_t right;   /* of which right under the mode */
	size_t count[XLQA_CALIBRATION_BINS];
	double mean_confidence[XLQA_CALIBRATION_BINS];
	double accuracy[XLQA_CALIBRATION_BINS];
	double ece;
	double brier;
	double cws;
	double best_cws;
};
/* Fills `out` for `n` items under `mode`; all NaN (counts 0) when n is 0. */
void xlqa_calibration_compute(const struct xlqa_eval_item *items, size_t n, unsigned mode,
                              struct xlqa_calibration *out);
/*
 * Appends the reliability diagram of one run as a self-contained SVG document to `out`: the plot of
 * xlqa_calibration_plot for this run alone, named `title` (may be NULL) in its legend. Errors:
 * XLQA_ENOMEM (out keeps its old length).
 */
int xlqa_calibration_svg(const struct xlqa_calibration *c, const char *title, struct xlqa_buf *out,
                         struct xlqa_error *err);

/* A bin holding fewer responses than this is marked small: its accuracy says little. */
#define XLQA_CALIBRATION_SMALL_BIN 5

/*
 * Appends a reliability diagram of `n` runs overlaid (one colour each, in order; the colours repeat
 * after eight) as an SVG element to `out`: per run and non-empty bin a point at (mean confidence,
 * accuracy) joined by a line, hollow for a bin of fewer than XLQA_CALIBRATION_SMALL_BIN responses,
 * with the bin's count beside it; the diagonal of perfect calibration; a legend of the runs with their
 * n, ECE and Brier score; and under it a histogram of the confidences, one bar a run and bin. `names`
 * and `title` (may be NULL) are escaped. `standalone` makes a whole SVG document (an XML declaration
 * first), else an inline <svg> element for an HTML page. Errors: XLQA_EINVAL for n == 0, XLQA_ENOMEM
 * (out keeps its old length).
 */
int xlqa_calibration_plot(const struct xlqa_calibration *c, const char *const *names, size_t n, const char *title,
                          bool standalone, struct xlqa_buf *out, struct xlqa_error *err);

/* ---- comparing rankings ------------------------------------------------------------------------ */

/*
 * Kendall's tau between two scorings `a` and `b` of the same `n` runs (Voorhees and Tice 2000). A pair
 * of runs is concordant when both scorings order it the same way, discordant (swapped) when they
 * order it oppositely, and tied when either scoring gives its runs equal scores. `tau` is tau-b,
 * (C - D) / sqrt((P - Ta)(P - Tb)) with P the pairs and Ta, Tb the pairs tied in a and in b, which is
 * tau-a = (C - D) / P when there are no ties; NaN when a scoring ties every pair or n < 2.
 */
struct xlqa_kendall {
	size_t n;
	size_t pairs;      /* n(n-1)/2 */
	size_t concordant;
	size_t discordant;
	size_t ties_a;     /* pairs tied in a (including those tied in both) */
	size_t ties_b;     /* pairs tied in b (including those tied in both) */
	double tau;        /* tau-b */
	double tau_a;      /* (C - D) / P */
	size_t *swapped;   /* discordant pairs as index pairs i < j: swapped[2k], swapped[2k+1] */
	size_t n_swapped;  /* == discordant */
};
void xlqa_kendall_init(struct xlqa_kendall *k);
void xlqa_kendall_release(struct xlqa_kendall *k);
/* Errors: XLQA_EINVAL for a NaN score, XLQA_ENOMEM. */
int xlqa_kendall_compute(const double *a, const double *b, size_t n, struct xlqa_kendall *out,
                         struct xlqa_error *err);

/* ---- reports ----------------------------------------------------------------------------------- */

/* Output formats of reports: a readable table, tab-separated lines, or one JSON value. */
enum xlqa_report_format {
	XLQA_REPORT_TEXT = 0,
	XLQA_REPORT_TSV = 1,
	XLQA_REPORT_JSON = 2,
};

/* What a score report shows. */
enum xlqa_eval_report_flags {
	XLQA_EVAL_REPORT_LENIENT_X = 1 << 0, /* lenient counts X too, not only U */
	XLQA_EVAL_REPORT_CALIBRATION = 1 << 1, /* add the calibration report (strict) */
};

/*
 * Appends a run's scores to `out`: every measure strict and lenient, overall, per question type
 * (F, D) and per answer type when items carry one. `text`: a readable table; else one JSON object
 * whose top-level keys are the strict measures (accuracy, cws, k1, r, R, X, U, W, unjudged,
 * nil_precision, nil_recall) plus "run", "questions", "lenient" (the same keys), "types" and
 * "answer_types" (objects of such objects) and, with XLQA_EVAL_REPORT_CALIBRATION, "calibration".
 * NaN is written as JSON null and as "-" in text. Errors: XLQA_ENOMEM.
 */
int xlqa_eval_report(const char *run_name, const struct xlqa_eval_item *items, size_t n, unsigned flags, bool text,
                     struct xlqa_buf *out, struct xlqa_error *err);

/* The choices of xlqa_eval_report_with. Zero-initialised: all measures, text, no per-question part. */
struct xlqa_eval_report_options {
	unsigned flags;                             /* enum xlqa_eval_report_flags */
	enum xlqa_report_format format;
	const struct xlqa_measure *const *measures; /* the measures shown, in this order; NULL: the registry's */
	size_t n_measures;
	bool per_question;                          /* each question's judgment and values before the summary */
};

/*
 * xlqa_eval_report with a choice of measures, the TSV format and per-question output (trec_eval's -q:
 * a measure's value on a question is the measure computed over that question's item alone, so
 * accuracy is 1 or 0, k1 is +-confidence and r, undefined on one item, is NaN).
 *  - text: with per_question, a table `question type answer_type judgment nil confidence` and the
 *    strict value of each measure, one row a question, then a blank line and the summary tables;
 *  - TSV: trec_eval's long form, `run<TAB>question<TAB>mode<TAB>measure<TAB>value` after a header
 *    line; question is the number for per-question rows (mode "-" for judgment, nil and confidence,
 *    strict and lenient for the measures), then "all", "type:F", "answer_type:TIME" for the summary;
 *  - JSON: the object of xlqa_eval_report restricted to the chosen measures, plus with per_question
 *    "per_question": [{question, type, answer_type (or null), judgment ("R", "X", "U", "W" or null
 *    when unjudged), nil, confidence, strict: {measure: value}, lenient: {measure: value}}].
 * Errors: XLQA_ENOMEM (out keeps its old length).
 */
int xlqa_eval_report_with(const char *run_name, const struct xlqa_eval_item *items, size_t n,
                          const struct xlqa_eval_report_options *o, struct xlqa_buf *out, struct xlqa_error *err);

/*
 * A statistic for the significance tests (include/xlqa/significance.h) over CLEF items: `measure` (a
 * const struct xlqa_measure *) computed strict on `n` items. Use it as a struct xlqa_sig_measure's
 * stat with the measure as ctx; the units are struct xlqa_eval_item.
 */
double xlqa_eval_statistic(const void *items, size_t n, const void *measure);

/*
 * Appends a comparison of `n` runs scored by one measure under two judgment sets to `out`: each run's
 * two scores and ranks, Kendall's tau (tau-b and tau-a, `k` from xlqa_kendall_compute over `a` and
 * `b`), the pair counts and the swapped pairs by run name. `text`: a table; else a JSON object with
 * keys measure, a, b, runs [{run, a, b}], tau, tau_a, pairs, concordant, discordant, ties_a, ties_b,
 * swapped [[run, run], ...]. Errors: XLQA_ENOMEM.
 */
int xlqa_eval_compare_report(const char *measure, const char *label_a, const char *label_b, const char *const *runs,
                             const double *a, const double *b, size_t n, const struct xlqa_kendall *k, bool text,
                             struct xlqa_buf *out, struct xlqa_error *err);

/* ---- the HTML report --------------------------------------------------------------------------- */

struct xlqa_index;

/* One run of an HTML report. Borrowed: everything must outlive the call. */
struct xlqa_html_run {
	const char *name;                    /* shown as the run's name (escaped) */
	const struct xlqa_clef_run *run;     /* the judged run: its answers, DOCNOs and judgments */
	const struct xlqa_eval_item *items;  /* xlqa_eval_items of the run over the report's test set */
	size_t n;                            /* == the test set's count */
};

/* What an HTML report shows beside the runs. Borrowed. */
struct xlqa_html_options {
	const char *title;                  /* the page's heading; NULL: "xlqa report" */
	const struct xlqa_testset *testset; /* required: the questions the runs answer, in order */
	const struct xlqa_judge *judge;     /* may be NULL; a gold key's answers are shown */
	const struct xlqa_index *index;     /* may be NULL; the support sentences are read from its documents */
	unsigned flags;                     /* enum xlqa_eval_report_flags: LENIENT_X */
};

/*
 * Appends a self-contained HTML page (inline CSS, script and SVG; nothing loaded from elsewhere)
 * about `n_runs` runs of one test set: the scores table (every measure of the registry, strict and
 * lenient, each run), the same per question type (F, D) and per answer type; the reliability diagram
 * of all runs overlaid (xlqa_calibration_plot, strict) with a table of the bins' counts; and a row
 * per question and run: the question, the response and its DOCNO, the support sentence (the sentence
 * of the response's document that holds the answer, when `index` is given), the judgment, the gold
 * answer and the confidence, filterable by run, judgment and type. Every score cell carries
 * data-run, data-group ("all", "type:F", "answer_type:TIME"), data-mode, data-measure and data-value,
 * the value written as `xlqa score --format tsv` writes it, so a page can be checked against it. The
 * script writes "ok" into the element #status once the page is set up, or the error it met.
 * Errors: XLQA_EINVAL for no runs, no test set, or runs whose items do not follow the test set;
 * XLQA_ECORRUPT from the index; XLQA_ENOMEM (out keeps its old length).
 */
int xlqa_eval_html(const struct xlqa_html_run *runs, size_t n_runs, const struct xlqa_html_options *o,
                   struct xlqa_buf *out, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
