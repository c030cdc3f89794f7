/*
 * patterns: TREC answer patterns (Voorhees and Tice, "Building a question answering test collection",
 * SIGIR 2000). A key file gives, for each question id, Perl-style regular expressions; a response is
 * correct when its answer string matches one of them. The "+docs" keys add, after each regex, the ids
 * of the documents that support it, so a matching answer from another document is unsupported.
 *
 * File format, one pattern a line (blank lines and lines starting with '#' are skipped):
 *   - `qid<TAB>regex[<TAB>docno docno ...]`   a line holding a tab: fields are tab-separated, the
 *     third (optional, possibly empty) field lists documents (trec13patters+docs_list, trec14-15
 *     patterns+docs files);
 *   - `qid regex [docno ...]`                 otherwise the question id ends at the first white space
 *     and the rest is the regex, which may hold spaces (trec12patterns+docs, trec13-14
 *     patterns+docs_factoid, the xquad-clef `.patterns` keys).
 * Whether the space form lists documents is decided once per file, because a regex can look like a
 * document id (trec15patterns_list has "166.6 RWJ-270201"): a docno-shaped token is an upper-case
 * letter followed by upper-case letters, digits, '.', '-' or '_', with at least one '.', '-' or '_',
 * at least four digits and at least eight characters (APW19980705.0043, XQ.EN.00053, LA072490-0034).
 * When at least half the space-form lines of a file end in such a token, the file is a +docs key and
 * every trailing run of docno-shaped tokens is that line's document list; otherwise no line of the file
 * lists documents and the regex runs to the end of the line. A key whose lines list any document (or
 * that uses the tab form) "lists documents". White space around a regex and a final CR are not part
 * of it (trec14patterns_list has "134.2 fugu fish " and the trec13 keys end lines in CRLF).
 *
 * Matching (ICU regex, UREGEX_CASE_INSENSITIVE, Unicode word characters as ICU's \w): a match counts
 * only when neither of its ends falls inside a word, that is between two word characters. A pattern
 * is compiled as `(?:(?<!\w)|(?!\w))(?:REGEX)(?:(?<!\w)|(?!\w))`, so "Young" matches "Hugo Young."
 * but not "Youngstown", "\$469,000" matches "about $469,000 a year", and backtracking still finds the
 * alternative of "(1|10) feet" that ends on a boundary. A regex is also compiled alone first, so an
 * error is reported in terms of what the file says.
 *
 * Only a non-empty match judges. Some keys hold patterns whose every part is optional,
 * "(Catriona ?)?(Le ?May Doan)?" (trec14patterns_list 96.3): such a pattern finds an empty match in
 * any answer, and Perl's `$answer =~ /$pattern/` would accept "zebra". The matcher takes the matches
 * one after another (leftmost first, as ICU's find and findNext give them) and counts the first that
 * spans at least one character; a pattern that matches the empty string is recorded as a warning
 * with its line when the key is read (xlqa_patterns_warning).
 *
 * Invariant: every stored pattern compiled; question ids keep file order of first appearance.
 * A patterns object is not safe to match from two threads at once (ICU regex objects hold the text).
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_patterns_free().
 */
#ifndef XLQA_PATTERNS_H
#define XLQA_PATTERNS_H

#include "xlqa/util.h"

#ifdef __cplusplus
extern "C" {
#endif

struct xlqa_patterns; /* opaque: the answer patterns of a key file, by question id */

/*
 * Reads a pattern file (format above; UTF-8). A malformed line (no regex after the question id) or a
 * regex that does not compile: XLQA_EPARSE with "file:line: ..." and err->line set; invalid UTF-8:
 * XLQA_EENCODING; an unreadable file: XLQA_EIO / XLQA_ENOTFOUND. On success *out is a new object the
 * caller frees with xlqa_patterns_free; on failure *out is NULL.
 */
int xlqa_patterns_read(const char *path, struct xlqa_patterns **out, struct xlqa_error *err);
/* Flags for xlqa_patterns_read_flags. */
enum xlqa_patterns_flags {
	/* Skip a malformed line or a regex that does not compile instead of failing, and record it
	 * (xlqa_patterns_skipped): trec14patterns+docs_factoid line 336 holds a truncated regex. */
	XLQA_PATTERNS_SKIP_BAD = 1 << 0,
};
/* xlqa_patterns_read with flags; xlqa_patterns_read(path, out, err) is flags 0. */
int xlqa_patterns_read_flags(const char *path, unsigned flags, struct xlqa_patterns **out, struct xlqa_error *err);
/* Lines skipped under XLQA_PATTERNS_SKIP_BAD, in file order. */
size_t xlqa_patterns_skipped(const struct xlqa_patterns *p);
/* Skipped line i: its number goes to *line, the reason ("regex '...' does not compile: ...") is returned,
 * owned by `p`; NULL when i is out of range. */
const char *xlqa_patterns_skipped_line(const struct xlqa_patterns *p, size_t i, int64_t *line);
/*
 * Patterns that match the empty string (see "Only a non-empty match judges" above), in the order
 * they were added. Warning i: its line goes to *line (0 for a pattern given to xlqa_patterns_add), the
 * message, naming the pattern and its question, is returned, owned by `p`; NULL when out of range.
 */
size_t xlqa_patterns_warnings(const struct xlqa_patterns *p);
const char *xlqa_patterns_warning(const struct xlqa_patterns *p, size_t i, int64_t *line);
/* An empty key to fill with xlqa_patterns_add; NULL when out of memory. Free with xlqa_patterns_free. */
struct xlqa_patterns *xlqa_patterns_new(void);
void xlqa_patterns_free(struct xlqa_patterns *p);

/*
 * Adds one pattern for `qid`: `regex` (NUL-terminated UTF-8) supported by `n_docs` document ids
 * (copied; none means the pattern names no document). Adding a document makes the key one that
 * lists documents. XLQA_EPARSE when the regex does not compile (the message names it), XLQA_ENOMEM.
 */
int xlqa_patterns_add(struct xlqa_patterns *p, const char *qid, const char *regex, const char *const *docs,
                      size_t n_docs, struct xlqa_error *err);
/* As xlqa_patterns_add for a literal answer string: every regex metacharacter in `text` is escaped. */
int xlqa_patterns_add_literal(struct xlqa_patterns *p, const char *qid, const char *text,
                              struct xlqa_error *err);

size_t xlqa_patterns_count(const struct xlqa_patterns *p, const char *qid); /* patterns of one question */
size_t xlqa_patterns_questions(const struct xlqa_patterns *p);               /* questions with patterns */
size_t xlqa_patterns_total(const struct xlqa_patterns *p);                   /* all patterns */
/* True when some pattern of the key lists a document (a +docs key). */
bool xlqa_patterns_has_docs(const struct xlqa_patterns *p);
/* Patterns that list at least one document. */
size_t xlqa_patterns_total_with_docs(const struct xlqa_patterns *p);
/* The id of the i-th question (0 <= i < xlqa_patterns_questions), in file order; owned by `p`. */
const char *xlqa_patterns_qid(const struct xlqa_patterns *p, size_t i);
/* The source text of pattern j of `qid`, or NULL when there is none; owned by `p`. */
const char *xlqa_patterns_source(const struct xlqa_patterns *p, const char *qid, size_t j);

enum xlqa_pattern_match {
	XLQA_PATTERN_NONE = 0,
	XLQA_PATTERN_ANSWER = 1 << 0, /* some pattern of qid matches the answer string */
	XLQA_PATTERN_DOC = 1 << 1,    /* a matching pattern lists `docno`, or the key lists no documents */
};

/*
 * Sets *result to a combination of enum xlqa_pattern_match for answer[0..len) (UTF-8) and docno
 * (may be NULL). XLQA_PATTERN_DOC is only ever set together with XLQA_PATTERN_ANSWER: for a key that
 * lists no documents it accompanies every answer match; for a +docs key it needs a matching pattern
 * whose list holds `docno` (compared exactly), so a NULL docno never gets it. A question the key does
 * not know gets XLQA_PATTERN_NONE. XLQA_OK; XLQA_EOVERFLOW when a pattern needs more than ICU's
 * matching time or backtracking stack limit set for it (a pattern such as "(a+)+$" on a long answer:
 * the message names the pattern and its file and line); an ICU failure (XLQA_EEXTERNAL).
 */
int xlqa_patterns_match(const struct xlqa_patterns *p, const char *qid, const char *answer, size_t len,
                        const char *docno, unsigned *result, struct xlqa_error *err);
/* The same for pattern j of `qid` alone (for list keys, where each pattern is one answer instance). */
int xlqa_patterns_match_one(const struct xlqa_patterns *p, const char *qid, size_t j, const char *answer,
                            size_t len, const char *docno, unsigned *result, struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
