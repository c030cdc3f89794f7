/*
 * testset: CLEF 2004 question test sets. One question a line, columns separated by one blank:
 * `F IT EN 0092 Dove si trova il Centro Pompidou?` (type F or D, source language, target language,
 * four-digit question number, question), UTF-8 (CLEF 2004 QA guidelines, "Test sets").
 *
 * A TSV reader takes question lists with gold columns (id, year, category, answer type, question).
 *
 * Invariant: a test set that reads successfully has one source and one target language throughout,
 * distinct question numbers in 1..9999, and non-empty valid UTF-8 questions.
 *
 * Ownership as xlqa.h states it; caller-declared structs released by xlqa_testset_release().
 */
#ifndef XLQA_TESTSET_H
#define XLQA_TESTSET_H

#include "xlqa/util.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct xlqa_testset_question {
	char type;          /* 'F' factoid or 'D' definition; 0 when the file does not say (TSV) */
	char id[5];         /* the number as written, four digits: "0092" */
	unsigned number;    /* the same as a number: 92 */
	const char *text;   /* the question, UTF-8, surrounding blanks and a final CR removed */
	int64_t line;       /* 1-based line in the file */
};

/* A test set. Caller-owned storage: xlqa_testset_init, then read, then xlqa_testset_release. */
struct xlqa_testset {
	struct xlqa_testset_question *questions; /* in file order */
	size_t count;
	size_t alloc;
	char source[3]; /* upper case as in the file: "IT"; empty for TSV */
	char target[3]; /* "EN"; empty for TSV */
	struct xlqa_arena strings; /* the question texts */
};

void xlqa_testset_init(struct xlqa_testset *ts);
void xlqa_testset_release(struct xlqa_testset *ts);

/*
 * Parses `len` bytes of a test set; `name` (the file name) prefixes error messages. Blank lines are
 * allowed and skipped. Errors: XLQA_EPARSE "name:line: ..." for a malformed line, a language the
 * track does not have as source (BG DE EN ES FI FR IT NL PT) or target (DE EN ES FR IT NL PT), a
 * change of languages, or a repeated number; XLQA_EENCODING for invalid UTF-8, XLQA_EEMPTY for no
 * questions, XLQA_ENOMEM. On error `ts` keeps what was read before the bad line; release it anyway.
 */
int xlqa_testset_parse(struct xlqa_testset *ts, const char *data, size_t len, const char *name,
                       struct xlqa_error *err);
/* Reads and parses the file at `path`: xlqa_testset_parse's errors plus XLQA_EIO / XLQA_ENOTFOUND. */
int xlqa_testset_read(struct xlqa_testset *ts, const char *path, struct xlqa_error *err);
/*
 * Parses a question list in TSV, one question a line: `id<TAB>year<TAB>category<TAB>answer_type<TAB>
 * question` (../shared/data/clef-questions-pt/clef2004-pt.tsv); lines starting '#' are comments and
 * a line starting "id<TAB>" before the first question is the header. Only the id (1-4 digits, 1-9999, written back as four digits) and the question are read: the
 * gold columns are ignored, so every question's type is 0 and source and target are empty. Errors
 * as xlqa_testset_parse: XLQA_EPARSE "name:line: ..." for fewer than five columns, a bad or repeated
 * number or an empty question; XLQA_EENCODING, XLQA_EEMPTY, XLQA_ENOMEM.
 */
int xlqa_testset_parse_tsv(struct xlqa_testset *ts, const char *data, size_t len, const char *name,
                           struct xlqa_error *err);
/* Reads and parses a TSV question file: xlqa_testset_parse_tsv's errors plus XLQA_EIO / XLQA_ENOTFOUND. */
int xlqa_testset_read_tsv(struct xlqa_testset *ts, const char *path, struct xlqa_error *err);
/* The question numbered `number`, or NULL. */
const struct xlqa_testset_question *xlqa_testset_find(const struct xlqa_testset *ts, unsigned number);

#ifdef __cplusplus
}
#endif
#endif
