/*
 * patterns: reads TREC answer-pattern keys and matches answer strings against them with ICU regex
 * (format, +docs detection and the word-boundary rule are in include/xlqa/patterns.h).
 *
 * Invariant: every pattern in the object holds two compiled ICU regexes (the file's regex alone, and
 * the boundary-wrapped form used for matching); strings live in the object's arena; questions keep
 * the order of their first pattern.
 */
#include "config.h"

#include "trec-internal.h"
#include "xlqa/patterns.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uregex.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>

struct pattern {
	URegularExpression *re; /* the boundary-wrapped regex */
	const char *source;     /* the regex as the file gives it */
	const char *path;       /* the file it comes from (in the arena), or NULL when added by a call */
	int64_t line;           /* its line there */
	const char **docs;      /* in the arena */
	size_t n_docs;
};

/* A line of the key worth a warning (a pattern that matches the empty string). */
struct note {
	int64_t line;       /* 0 for a pattern added by xlqa_patterns_add */
	const char *reason; /* in the arena */
};

struct question {
	const char *qid;
	struct pattern *items;
	size_t count, alloc;
};

struct xlqa_patterns {
	struct xlqa_hash by_qid; /* qid -> struct question * */
	struct question **order;
	size_t n_questions, alloc;
	size_t total, with_docs;
	struct note *skipped;
	size_t n_skipped, skipped_alloc;
	struct note *warnings;
	size_t n_warnings, warnings_alloc;
	struct xlqa_arena arena;
	const char *path; /* the file being read (in the arena), and its line: where added patterns come from */
	int64_t line;
};

/*
 * Matching limits, so that a pattern with nested repetition ("(a+)+$") cannot stall scoring: ICU
 * counts its time limit in units of about 10000 steps of its matching engine, and its backtracking
 * stack in bytes. The answer patterns of the TREC keys need a tiny fraction of either on answers of a
 * few hundred bytes; a match that would need more is an error naming the pattern.
 */
#define MATCH_TIME_LIMIT 200
#define MATCH_STACK_LIMIT (1 << 20)

/* ICU's \w: a match may not begin or end between two of these. */
static const char boundary[] = "(?:(?<!\\w)|(?!\\w))";
static const UChar no_text[1] = { 0 };

struct xlqa_patterns *xlqa_patterns_new(void)
{
	struct xlqa_patterns *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	xlqa_hash_init(&p->by_qid);
	xlqa_arena_init(&p->arena, 0);
	return p;
}

void xlqa_patterns_free(struct xlqa_patterns *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n_questions; i++) {
		struct question *q = p->order[i];

		for (size_t j = 0; j < q->count; j++)
			uregex_close(q->items[j].re);
		free(q->items);
		free(q);
	}
	free(p->order);
	free(p->skipped);
	free(p->warnings);
	xlqa_hash_release(&p->by_qid);
	xlqa_arena_release(&p->arena);
	free(p);
}

/* Compiles UTF-8 `src` case-insensitively; on failure fills err with ICU's reason and the offset. */
static int compile(const char *src, URegularExpression **out, struct xlqa_error *err)
{
	UErrorCode st = U_ZERO_ERROR;
	UParseError pe;
	UChar *u;
	int32_t ulen = 0;

	*out = NULL;
	u_strFromUTF8(NULL, 0, &ulen, src, -1, &st);
	if (st != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EPARSE, "regex '%s' is not valid UTF-8", src);
	st = U_ZERO_ERROR;
	u = malloc(((size_t)ulen + 1) * sizeof *u);
	if (!u)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory compiling '%s'", src);
	u_strFromUTF8(u, ulen + 1, NULL, src, -1, &st);
	if (U_SUCCESS(st))
		*out = uregex_open(u, ulen, UREGEX_CASE_INSENSITIVE, &pe, &st);
	free(u);
	if (U_SUCCESS(st))
		uregex_setTimeLimit(*out, MATCH_TIME_LIMIT, &st);
	if (U_SUCCESS(st))
		uregex_setStackLimit(*out, MATCH_STACK_LIMIT, &st);
	if (U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EPARSE, "regex '%s' does not compile: %s at offset %d", src,
		                      u_errorName(st), (int)pe.offset);
	return XLQA_OK;
}

static struct question *question_get(struct xlqa_patterns *p, const char *qid, bool create)
{
	void *v = NULL;
	struct question *q;

	if (xlqa_hash_get(&p->by_qid, qid, strlen(qid), &v) || !create)
		return v;
	if (XLQA_ARRAY_RESERVE(p->order, p->alloc, p->n_questions + 1))
		return NULL;
	q = calloc(1, sizeof *q);
	if (!q)
		return NULL;
	q->qid = xlqa_arena_strndup(&p->arena, qid, strlen(qid));
	if (!q->qid || xlqa_hash_put(&p->by_qid, qid, strlen(qid), q, NULL)) {
		free(q);
		return NULL;
	}
	p->order[p->n_questions++] = q;
	return q;
}

/* Appends a note (line, reason copied into the arena) to a list; XLQA_OK or XLQA_ENOMEM. */
static int note_add(struct xlqa_patterns *p, struct note **list, size_t *n, size_t *alloc, int64_t line,
                    const char *reason)
{
	if (XLQA_ARRAY_RESERVE(*list, *alloc, *n + 1))
		return XLQA_ENOMEM;
	(*list)[*n].line = line;
	if (!((*list)[*n].reason = xlqa_arena_strndup(&p->arena, reason, strlen(reason))))
		return XLQA_ENOMEM;
	(*n)++;
	return XLQA_OK;
}

/*
 * True when the regex, run over the empty text, matches: such a pattern would find an empty match in
 * any answer, so only its non-empty matches judge (see match_pattern).
 */
static bool matches_empty(URegularExpression *re)
{
	UErrorCode st = U_ZERO_ERROR;
	UBool found;

	uregex_setText(re, no_text, 0, &st);
	found = U_SUCCESS(st) ? uregex_find(re, 0, &st) : 0;
	return U_SUCCESS(st) && found;
}

/* xlqa_patterns_add for a pattern read from line `line` of a key (0: not from a file). */
static int pattern_add(struct xlqa_patterns *p, const char *qid, const char *regex, const char *const *docs,
                       size_t n_docs, int64_t line, struct xlqa_error *err)
{
	URegularExpression *alone, *wrapped = NULL;
	struct xlqa_buf w = XLQA_BUF_INIT;
	struct question *q;
	struct pattern *pat;
	bool empty;
	int rc = compile(regex, &alone, err);

	if (rc)
		return rc;
	empty = matches_empty(alone);
	/* The wrapped form must keep the regex's own groups: a stray "\Q" or ")" would change them. */
	if (xlqa_buf_addstr(&w, boundary) || xlqa_buf_addstr(&w, "(?:") || xlqa_buf_addstr(&w, regex) ||
	    xlqa_buf_addstr(&w, ")") || xlqa_buf_addstr(&w, boundary)) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	} else if ((rc = compile(w.buf, &wrapped, err)) == XLQA_OK) {
		UErrorCode s1 = U_ZERO_ERROR, s2 = U_ZERO_ERROR;

		if (uregex_groupCount(alone, &s1) != uregex_groupCount(wrapped, &s2))
			rc = xlqa_error_set(err, XLQA_EPARSE, "regex '%s' cannot be wrapped in word boundaries", regex);
	} else {
		rc = xlqa_error_set(err, XLQA_EPARSE, "regex '%s' cannot be wrapped in word boundaries", regex);
	}
	uregex_close(alone);
	xlqa_buf_release(&w);
	if (rc) {
		uregex_close(wrapped);
		return rc;
	}
	q = question_get(p, qid, true);
	if (!q || XLQA_ARRAY_RESERVE(q->items, q->alloc, q->count + 1))
		goto nomem;
	pat = &q->items[q->count];
	memset(pat, 0, sizeof *pat);
	pat->source = xlqa_arena_strndup(&p->arena, regex, strlen(regex));
	pat->path = p->path;
	pat->line = p->line;
	pat->docs = xlqa_arena_alloc(&p->arena, n_docs * sizeof *pat->docs);
	if (!pat->source || !pat->docs)
		goto nomem;
	for (size_t i = 0; i < n_docs; i++)
		if (!(pat->docs[i] = xlqa_arena_strndup(&p->arena, docs[i], strlen(docs[i]))))
			goto nomem;
	if (empty) {
		char why[512];

		snprintf(why, sizeof why,
		         "pattern '%.300s' of question '%.40s' matches the empty string: only a non-empty match judges",
		         regex, qid);
		if (note_add(p, &p->warnings, &p->n_warnings, &p->warnings_alloc, line, why))
			goto nomem;
	}
	pat->n_docs = n_docs;
	pat->re = wrapped;
	q->count++;
	p->total++;
	if (n_docs)
		p->with_docs++;
	return XLQA_OK;
nomem:
	uregex_close(wrapped);
	return xlqa_error_set(err, XLQA_ENOMEM, "out of memory adding a pattern of '%s'", qid);
}

int xlqa_patterns_add(struct xlqa_patterns *p, const char *qid, const char *regex, const char *const *docs,
                      size_t n_docs, struct xlqa_error *err)
{
	return pattern_add(p, qid, regex, docs, n_docs, 0, err);
}

int xlqa_patterns_add_literal(struct xlqa_patterns *p, const char *qid, const char *text, struct xlqa_error *err)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	for (const char *s = text; *s && !rc; s++) {
		if (strchr("\\^$.|?*+()[]{}", *s) && xlqa_buf_addch(&b, '\\'))
			rc = XLQA_ENOMEM;
		else if (xlqa_buf_addch(&b, *s))
			rc = XLQA_ENOMEM;
	}
	if (rc)
		rc = xlqa_error_set(err, rc, "out of memory");
	else
		rc = xlqa_patterns_add(p, qid, b.buf, NULL, 0, err);
	xlqa_buf_release(&b);
	return rc;
}

/* A document id as the +docs keys write them (see the header for the exact shape). */
static bool docno_shaped(const char *s, size_t len)
{
	size_t digits = 0, seps = 0;

	if (len < 8 || !(s[0] >= 'A' && s[0] <= 'Z'))
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];

		if (c >= '0' && c <= '9')
			digits++;
		else if (c == '.' || c == '-' || c == '_')
			seps++;
		else if (!(c >= 'A' && c <= 'Z'))
			return false;
	}
	return digits >= 4 && seps > 0;
}

/* The length of s[0..len) without its trailing run of docno-shaped tokens (and the space before). */
static size_t strip_docnos(const char *s, size_t len)
{
	for (;;) {
		size_t end = len, start;

		while (end > 0 && trec_space(s[end - 1]))
			end--;
		start = end;
		while (start > 0 && !trec_space(s[start - 1]))
			start--;
		if (start == 0 || !docno_shaped(s + start, end - start))
			return end;
		len = start;
	}
}

/* One parsed line: question id, regex and document list as byte ranges of the line. */
struct pline {
	const char *qid, *regex, *docs;
	size_t qid_len, regex_len, docs_len;
	bool tab_form;
};

static bool split_line(const struct trec_line *l, bool docs_key, struct pline *pl)
{
	const char *s = l->s;
	size_t len = l->len, pos = 0;

	memset(pl, 0, sizeof *pl);
	if (!trec_next_field(s, len, &pos, &pl->qid, &pl->qid_len))
		return false;
	if (memchr(s, '\t', len)) {
		const char *tab1 = memchr(s, '\t', len);
		const char *rest = tab1 + 1, *tab2 = memchr(rest, '\t', (size_t)(s + len - rest));

		/* The question id is what precedes the first tab. */
		pl->qid = s;
		pl->qid_len = trec_trim(&pl->qid, (size_t)(tab1 - s));
		pl->tab_form = true;
		pl->regex = rest;
		pl->regex_len = trec_trim(&pl->regex, (size_t)((tab2 ? tab2 : s + len) - rest));
		if (tab2) {
			pl->docs = tab2 + 1;
			pl->docs_len = (size_t)(s + len - pl->docs);
		}
		return true;
	}
	pl->regex = s + pos;
	pl->regex_len = len - pos;
	if (docs_key) {
		size_t keep = strip_docnos(pl->regex, pl->regex_len);

		pl->docs = pl->regex + keep;
		pl->docs_len = pl->regex_len - keep;
		pl->regex_len = keep;
	}
	pl->regex_len = trec_trim(&pl->regex, pl->regex_len);
	return true;
}

static bool skip_line(const struct trec_line *l)
{
	const char *s = l->s;
	size_t len = trec_trim(&s, l->len);

	return len == 0 || s[0] == '#';
}

/* First pass: is this a +docs key in the space form (at least half its space-form lines end in a docno)? */
static bool space_form_lists_docs(const struct xlqa_buf *b)
{
	struct trec_line l = { 0 };
	size_t pos = 0, lines = 0, ending = 0;

	while (trec_next_line(b->buf, b->len, &pos, &l)) {
		struct pline pl;

		if (skip_line(&l) || memchr(l.s, '\t', l.len) || !split_line(&l, true, &pl))
			continue;
		lines++;
		if (pl.docs_len && pl.regex_len)
			ending++;
	}
	return lines > 0 && 2 * ending >= lines;
}

static int add_line(struct xlqa_patterns *p, const struct pline *pl, int64_t line, struct xlqa_arena *scratch,
                    struct xlqa_error *err)
{
	const char *docs[64];
	const char **dv = docs;
	size_t n = 0, pos = 0, cap = sizeof docs / sizeof docs[0];
	const char *f;
	size_t flen;
	char *qid = xlqa_arena_strndup(scratch, pl->qid, pl->qid_len);
	char *regex = xlqa_arena_strndup(scratch, pl->regex, pl->regex_len);

	if (!qid || !regex)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	while (trec_next_field(pl->docs ? pl->docs : "", pl->docs_len, &pos, &f, &flen)) {
		if (n == cap) {
			const char **bigger = xlqa_arena_alloc(scratch, 2 * cap * sizeof *bigger);

			if (!bigger)
				return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			memcpy(bigger, dv, n * sizeof *dv);
			dv = bigger;
			cap *= 2;
		}
		if (!(dv[n++] = xlqa_arena_strndup(scratch, f, flen)))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	return pattern_add(p, qid, regex, dv, n, line, err);
}

/* Records a skipped line with the reason in `err`; XLQA_OK or XLQA_ENOMEM. */
static int skip(struct xlqa_patterns *p, int64_t line, const struct xlqa_error *err)
{
	return note_add(p, &p->skipped, &p->n_skipped, &p->skipped_alloc, line, err ? err->message : "malformed line");
}

int xlqa_patterns_read_flags(const char *path, unsigned flags, struct xlqa_patterns **out, struct xlqa_error *err)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct xlqa_arena scratch;
	struct xlqa_patterns *p = NULL;
	struct xlqa_error line_err;
	struct trec_line l = { 0 };
	size_t pos = 0;
	bool docs_key;
	int rc = XLQA_OK;

	*out = NULL;
	if ((rc = trec_read_utf8(path, &b, err)))
		return rc;
	if (!(p = xlqa_patterns_new())) {
		xlqa_buf_release(&b);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	}
	xlqa_arena_init(&scratch, 0);
	docs_key = space_form_lists_docs(&b);
	if (!(p->path = xlqa_arena_strndup(&p->arena, path, strlen(path))))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	while (rc == XLQA_OK && trec_next_line(b.buf, b.len, &pos, &l)) {
		struct pline pl;

		if (skip_line(&l))
			continue;
		xlqa_arena_reset(&scratch);
		xlqa_error_clear(&line_err);
		p->line = l.no;
		if (!split_line(&l, docs_key, &pl) || pl.regex_len == 0)
			rc = xlqa_error_set(&line_err, XLQA_EPARSE, "'qid regex' expected, found '%.*s'",
			                    (int)(l.len > 80 ? 80 : l.len), l.s);
		else
			rc = add_line(p, &pl, l.no, &scratch, &line_err);
		if (rc == XLQA_EPARSE && (flags & XLQA_PATTERNS_SKIP_BAD)) {
			if ((rc = skip(p, l.no, &line_err)))
				xlqa_error_set(err, rc, "out of memory reading '%s'", path);
		} else if (rc) {
			xlqa_error_in(err, rc, path, -1, (int64_t)l.no, "%s", line_err.message);
		}
	}
	xlqa_arena_release(&scratch);
	xlqa_buf_release(&b);
	if (rc == XLQA_OK && p->total == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no answer pattern", path);
	if (rc) {
		xlqa_patterns_free(p);
		return rc;
	}
	*out = p;
	return XLQA_OK;
}

int xlqa_patterns_read(const char *path, struct xlqa_patterns **out, struct xlqa_error *err)
{
	return xlqa_patterns_read_flags(path, 0, out, err);
}

size_t xlqa_patterns_skipped(const struct xlqa_patterns *p)
{
	return p->n_skipped;
}

const char *xlqa_patterns_skipped_line(const struct xlqa_patterns *p, size_t i, int64_t *line)
{
	if (i >= p->n_skipped)
		return NULL;
	if (line)
		*line = p->skipped[i].line;
	return p->skipped[i].reason;
}

size_t xlqa_patterns_warnings(const struct xlqa_patterns *p)
{
	return p->n_warnings;
}

const char *xlqa_patterns_warning(const struct xlqa_patterns *p, size_t i, int64_t *line)
{
	if (i >= p->n_warnings)
		return NULL;
	if (line)
		*line = p->warnings[i].line;
	return p->warnings[i].reason;
}

size_t xlqa_patterns_count(const struct xlqa_patterns *p, const char *qid)
{
	void *v = NULL;

	return xlqa_hash_get(&p->by_qid, qid, strlen(qid), &v) ? ((struct question *)v)->count : 0;
}

size_t xlqa_patterns_questions(const struct xlqa_patterns *p)
{
	return p->n_questions;
}

size_t xlqa_patterns_total(const struct xlqa_patterns *p)
{
	return p->total;
}

bool xlqa_patterns_has_docs(const struct xlqa_patterns *p)
{
	return p->with_docs > 0;
}

size_t xlqa_patterns_total_with_docs(const struct xlqa_patterns *p)
{
	return p->with_docs;
}

const char *xlqa_patterns_qid(const struct xlqa_patterns *p, size_t i)
{
	return i < p->n_questions ? p->order[i]->qid : NULL;
}

const char *xlqa_patterns_source(const struct xlqa_patterns *p, const char *qid, size_t j)
{
	void *v = NULL;

	if (!xlqa_hash_get(&p->by_qid, qid, strlen(qid), &v) || j >= ((struct question *)v)->count)
		return NULL;
	return ((struct question *)v)->items[j].source;
}

/* Matches one pattern against UTF-8 text already wrapped in `ut`. */
static int match_pattern(const struct xlqa_patterns *p, const struct pattern *pat, UText *ut, const char *answer,
                         size_t len, const char *docno, unsigned *result, struct xlqa_error *err)
{
	UErrorCode st = U_ZERO_ERROR;
	int shown = len > 80 ? 80 : (int)len;
	UBool found;

	uregex_setUText(pat->re, ut, &st);
	found = U_SUCCESS(st) ? uregex_find(pat->re, 0, &st) : 0;
	/* Only a non-empty match judges: "(Catriona ?)?(Le ?May Doan)?" matches nothing in "zebra". */
	while (found && U_SUCCESS(st) && uregex_end(pat->re, 0, &st) <= uregex_start(pat->re, 0, &st))
		found = uregex_findNext(pat->re, &st);
	if ((st == U_REGEX_TIME_OUT || st == U_REGEX_STACK_OVERFLOW) && pat->path)
		return xlqa_error_in(err, XLQA_EOVERFLOW, pat->path, -1, pat->line,
		                     "pattern '%s' needs more than the %s limit to match '%.*s'", pat->source,
		                     st == U_REGEX_TIME_OUT ? "matching time" : "backtracking stack", shown, answer);
	if (st == U_REGEX_TIME_OUT || st == U_REGEX_STACK_OVERFLOW)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "pattern '%s' needs more than the %s limit to match '%.*s'",
		                      pat->source, st == U_REGEX_TIME_OUT ? "matching time" : "backtracking stack", shown,
		                      answer);
	if (U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EEXTERNAL, "matching '%s': %s", pat->source, u_errorName(st));
	if (!found)
		return XLQA_OK;
	*result |= XLQA_PATTERN_ANSWER;
	if (!p->with_docs) {
		*result |= XLQA_PATTERN_DOC;
	} else if (docno) {
		for (size_t i = 0; i < pat->n_docs; i++)
			if (strcmp(pat->docs[i], docno) == 0)
				*result |= XLQA_PATTERN_DOC;
	}
	return XLQA_OK;
}

/* Matches patterns [from, to) of `qid`; stops early once both bits are set. */
static int match_range(const struct xlqa_patterns *p, const char *qid, size_t from, size_t to, const char *answer,
                       size_t len, const char *docno, unsigned *result, struct xlqa_error *err)
{
	UErrorCode st = U_ZERO_ERROR;
	struct question *q = NULL;
	UText *ut;
	int rc = XLQA_OK;

	*result = XLQA_PATTERN_NONE;
	if (!xlqa_hash_get(&p->by_qid, qid, strlen(qid), (void **)&q) || from >= q->count)
		return XLQA_OK;
	if (to > q->count)
		to = q->count;
	ut = utext_openUTF8(NULL, answer, (int64_t)len, &st);
	if (U_FAILURE(st))
		return xlqa_error_set(err, XLQA_EEXTERNAL, "opening an answer of '%s': %s", qid, u_errorName(st));
	for (size_t j = from; j < to && rc == XLQA_OK; j++) {
		rc = match_pattern(p, &q->items[j], ut, answer, len, docno, result, err);
		if (*result == (XLQA_PATTERN_ANSWER | XLQA_PATTERN_DOC))
			break;
	}
	/* Detach the text from the regexes before closing it. */
	for (size_t j = from; j < to; j++) {
		UErrorCode s2 = U_ZERO_ERROR;

		uregex_setText(q->items[j].re, no_text, 0, &s2);
	}
	utext_close(ut);
	return rc;
}

int xlqa_patterns_match(const struct xlqa_patterns *p, const char *qid, const char *answer, size_t len,
                        const char *docno, unsigned *result, struct xlqa_error *err)
{
	return match_range(p, qid, 0, SIZE_MAX, answer, len, docno, result, err);
}

int xlqa_patterns_match_one(const struct xlqa_patterns *p, const char *qid, size_t j, const char *answer,
                            size_t len, const char *docno, unsigned *result, struct xlqa_error *err)
{
	return match_range(p, qid, j, j + 1, answer, len, docno, result, err);
}
