/*
 * squad: reads SQuAD-format question answering data (v1.1 and v2.0 JSON, plain or gzip) and turns
 * one or more languages of it into a CLEF-style benchmark in the layout of xquad-clef: a collection
 * of CLEF SGML documents per language (one paragraph a document) with its corpora-config file, test
 * sets of CLEF 2004 question lines for every task pair, gold keys and TREC answer patterns, and a
 * README. Files of the same questions in several languages (same ids, as XQuAD and MLQA ship) give
 * every cross-language pair.
 *
 * Invariant: nothing read is dropped without a report. Each item that cannot be used (a missing
 * field, an answer whose offset does not match its context, a repeated id, a question without a usable
 * answer, a question absent from another language) goes to the caller's problem callback with its
 * file and place, and is counted by kind.
 *
 * Ownership: a struct xlqa_squad owns every string it hands out (its arena); they live until
 * xlqa_squad_release. Callers own the structs themselves.
 *
 * Ownership as xlqa.h states it; caller-declared structs released by xlqa_squad_release().
 */
#ifndef XLQA_SQUAD_H
#define XLQA_SQUAD_H

#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kinds of problem a reader or the benchmark writer reports: enum value, name, one line of help. */
#define XLQA_SQUAD_PROBLEM_LIST(X)                                                                      \
	X(XLQA_SQUAD_MISSING, "missing-field", "a required field is absent, empty or of the wrong type") \
	X(XLQA_SQUAD_OFFSET, "offset", "an answer's text is not at its answer_start in the context")     \
	X(XLQA_SQUAD_DUPLICATE, "duplicate-id", "a question id seen before in the same language")         \
	X(XLQA_SQUAD_NO_ANSWER, "no-answer", "a question left without an answer its context holds")       \
	X(XLQA_SQUAD_UNALIGNED, "unaligned", "a question missing from another language's files")

enum xlqa_squad_problem {
#define XLQA_SQUAD_ENUM_(e, name, help) e,
	XLQA_SQUAD_PROBLEM_LIST(XLQA_SQUAD_ENUM_)
#undef XLQA_SQUAD_ENUM_
	XLQA_SQUAD_PROBLEMS
};

/* The problem's name ("offset") and its help line; NULL for a value out of range. Static storage. */
const char *xlqa_squad_problem_name(enum xlqa_squad_problem kind);
const char *xlqa_squad_problem_help(enum xlqa_squad_problem kind);

/*
 * Where problems go. `on_problem` (may be NULL) gets each one as it is met: its kind, the place
 * ("dev.json: data[3].paragraphs[1].qas[4] (id '5733be28')") and what is wrong; both strings live
 * for the call only. `counts` is incremented per kind; the caller zeroes it.
 */
struct xlqa_squad_report {
	void (*on_problem)(void *ctx, enum xlqa_squad_problem kind, const char *place, const char *message);
	void *ctx;
	size_t counts[XLQA_SQUAD_PROBLEMS];
};

struct xlqa_squad_paragraph {
	const char *title;   /* the article's title, underscores as blanks; "" when there is none */
	const char *context; /* UTF-8, as in the file */
};

struct xlqa_squad_question {
	const char *id;
	const char *text;       /* the question, runs of white space as one blank */
	size_t paragraph;       /* index into the paragraphs of the same xlqa_squad */
	const char **answers;   /* distinct answer texts whose offsets match the context, blanks collapsed */
	size_t n_answers;
	bool impossible;        /* SQuAD 2.0 is_impossible: its context holds no answer (a NIL question) */
	bool usable;            /* false when it has neither a matching answer nor is_impossible */
};

/* One language's data, read from one or more files. Init, read, release. */
struct xlqa_squad {
	char lang[3]; /* ISO 639-1, lower case */
	struct xlqa_squad_paragraph *paragraphs;
	size_t n_paragraphs, alloc_paragraphs;
	struct xlqa_squad_question *questions; /* in file order, the unusable ones included */
	size_t n_questions, alloc_questions;
	struct xlqa_hash ids;                  /* id -> question index + 1 (as a pointer-sized integer) */
	struct xlqa_arena strings;
};

/* `lang`: the language's ISO 639-1 code (any case); XLQA_EINVAL when it is not two letters. */
int xlqa_squad_init(struct xlqa_squad *s, const char *lang, struct xlqa_error *err);
void xlqa_squad_release(struct xlqa_squad *s);

/*
 * Parses `len` bytes of SQuAD JSON named `name` (for messages) and appends its paragraphs and
 * questions to `s`. Per-item problems go to `rep` (may be NULL) and the item is left out, or kept
 * with usable false (a question whose answers all fail); answer_start counts Unicode code points,
 * as SQuAD's Python tools do. Fatal errors: XLQA_EPARSE "name: line L, column C: ..." when the
 * bytes are not JSON, or "name: ..." when the top level is not an object with a 'data' array;
 * XLQA_ENOMEM. On error `s` keeps what was appended before; release it anyway.
 */
int xlqa_squad_parse(struct xlqa_squad *s, const char *name, const char *data, size_t len,
                     struct xlqa_squad_report *rep, struct xlqa_error *err);
/* Reads the file at `path` (gzip or plain, told by its bytes) and parses it; adds XLQA_EIO, XLQA_ENOTFOUND. */
int xlqa_squad_read(struct xlqa_squad *s, const char *path, struct xlqa_squad_report *rep, struct xlqa_error *err);

struct xlqa_squad_bench_options {
	const char *name;         /* the benchmark's name: collections NAME-xx, DOCNOs NAME.XX.00001 upper-cased */
	double nil_share;         /* share of paragraphs left out so that their questions are NIL; default 0.1 */
	uint64_t seed;            /* seeds the choice of those paragraphs and the order of questions; default 1 */
	size_t set_size;          /* questions per test set; default 200 */
	const char *const *sources; /* the input files, for the README (may be NULL) */
	size_t n_sources;
};

struct xlqa_squad_bench_summary {
	size_t languages;
	size_t pairs;             /* SRC-TGT files per set */
	size_t questions;         /* questions usable in every language */
	size_t nil;               /* of which NIL: their contexts left out, or is_impossible */
	size_t sets;
	size_t unassigned;        /* questions after the last full set, in no set */
	size_t left_out;          /* paragraphs left out, summed over the languages */
	size_t documents;         /* documents written, summed over the languages */
	size_t unusable;          /* questions unusable in some language (reported when read) */
};

/*
 * Writes the benchmark of the languages `langs[0..n)` into the new directory `out_dir` (it must not
 * exist): every question usable in all of them, in all pairs whose target is a CLEF target language
 * (DE EN ES FR IT NL PT). A question missing from a language is reported to `rep` (unaligned) and
 * left out; `langs[0]`'s order of paragraphs picks the left-out share. Everything is written into a
 * temporary directory beside `out_dir` and renamed at the end: the benchmark appears whole or not at
 * all. Errors: XLQA_EINVAL for bad options, a repeated language, no CLEF target, or an existing
 * `out_dir`; XLQA_EEMPTY when there are fewer usable questions than one set; XLQA_EIO; XLQA_ENOMEM.
 */
int xlqa_squad_write_benchmark(struct xlqa_squad *const *langs, size_t n, const char *out_dir,
                               const struct xlqa_squad_bench_options *opt, struct xlqa_squad_report *rep,
                               struct xlqa_squad_bench_summary *sum, struct xlqa_error *err);

/*
 * Appends the TREC answer pattern of an answer string to `out`: regex metacharacters and every other
 * ASCII punctuation escaped with a backslash, runs of white space as \s+ ("n2 + 1" -> "n2\s+\+\s+1").
 */
int xlqa_squad_pattern(const char *answer, struct xlqa_buf *out);

#ifdef __cplusplus
}
#endif
#endif
