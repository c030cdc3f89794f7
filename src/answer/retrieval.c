/*
 * retrieval: a user's own document ranking, read from a TREC run file in trec_eval's results format
 * (`NNNN Q0 DOCNO rank score tag`, as `xlqa search --questions` writes it), for the answerer to search
 * instead of its BM25 ranking (xlqa_answerer_options.retrieval).
 *
 * Invariant: every document listed is one of the index's; a question's documents are in rank order
 * (ties in file order) and each appears once.
 */
#include "config.h"

#include "xlqa/answer.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Question numbers are 1..9999 (the CLEF test sets' four digits). */
#define QMAX 10000

struct entry {
	unsigned number;
	unsigned long rank;
	uint32_t doc;
	int64_t line;
};

struct xlqa_retrieval {
	uint32_t *docs;       /* every question's documents, question after question */
	size_t first[QMAX];   /* where question n's documents start in docs */
	size_t count[QMAX];   /* how many it has; 0: not in the file */
	size_t questions;
	size_t lines;
};

static int by_question_rank(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/*
 * Splits the line [p, end) in place into at most `max` blank-separated fields, each NUL-terminated;
 * returns how many there are (max + 1: more). *end must be writable (a line break or the terminator).
 */
static size_t split(char *p, char *end, char **field, size_t max)
{
	size_t n = 0;

	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			*p++ = '\0';
		if (p == end)
			break;
		if (n == max)
			return max + 1;
		field[n++] = p;
		while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
	}
	*end = '\0'; /* the line break, or the buffer's own terminator */
	return n;
}

/* Parses one line into *e; an error names the file and line. */
static int parse_line(const struct xlqa_index *idx, char *line, char *end, const char *path, int64_t ln,
                      struct entry *e, bool *blank, struct xlqa_error *err)
{
	char *f[6], *stop;
	size_t n = split(line, end, f, 6);
	unsigned long number;

	*blank = n == 0;
	if (n == 0)
		return XLQA_OK;
	if (n != 6)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, ln, "6 columns expected (NNNN Q0 DOCNO rank score tag), "
		                     "found %s", n > 6 ? "more" : n == 1 ? "1" : "fewer");
	errno = 0;
	number = strtoul(f[0], &stop, 10);
	if (*stop || strlen(f[0]) > 4 || number == 0 || number >= QMAX || f[0][0] == '-' || f[0][0] == '+')
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, ln, "question number 1-9999 expected, found '%s'", f[0]);
	e->rank = strtoul(f[3], &stop, 10);
	if (*stop || errno || f[3][0] == '-' || f[3][0] == '+')
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, ln, "a rank (a whole number) expected, found '%s'", f[3]);
	strtod(f[4], &stop);
	if (*stop)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, ln, "a score expected, found '%s'", f[4]);
	if (!xlqa_index_find_docno(idx, f[2], &e->doc))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, ln, "DOCNO '%s' is not in the index", f[2]);
	e->number = (unsigned)number;
	e->line = ln;
	return XLQA_OK;
}

/* Reads every line of `data` into *entries, in file order. */
static int read_entries(const struct xlqa_index *idx, struct xlqa_buf *data, const char *path, struct entry **entries,
                        size_t *n, size_t *lines, struct xlqa_error *err)
{
	size_t alloc = 0;
	int64_t ln = 0;

	for (char *p = data->buf, *end = data->buf + data->len; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p)), *stop = nl ? nl : end;
		struct entry e;
		bool blank;
		int rc;

		ln++;
		if ((rc = parse_line(idx, p, stop, path, ln, &e, &blank, err)))
			return rc;
		p = nl ? nl + 1 : end;
		if (blank)
			continue;
		if (XLQA_ARRAY_RESERVE(*entries, alloc, *n + 1))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		(*entries)[(*n)++] = e;
	}
	*lines = (size_t)ln;
	return XLQA_OK;
}

int xlqa_retrieval_read(const char *path, const struct xlqa_index *idx, struct xlqa_retrieval **out,
                        struct xlqa_error *err)
{
	struct xlqa_buf data = XLQA_BUF_INIT;
	struct entry *entries = NULL;
	struct xlqa_retrieval *r = calloc(1, sizeof *r);
	struct xlqa_hash seen;
	size_t n = 0;
	int rc;

	*out = NULL;
	xlqa_hash_init(&seen);
	if (!r)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	rc = xlqa_file_read(path, &data, err);
	if (!rc)
		rc = read_entries(idx, &data, path, &entries, &n, &r->lines, err);
	if (!rc && n == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no documents", path);
	if (!rc && !(r->docs = malloc(n * sizeof *r->docs)))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!rc)
		qsort(entries, n, sizeof *entries, by_question_rank);
	for (size_t i = 0; !rc && i < n; i++) {
		const struct entry *e = &entries[i];
		char key[32];
		void *earlier;
		int len = snprintf(key, sizeof key, "%u\t%u", e->number, (unsigned)e->doc);

		if (xlqa_hash_get(&seen, key, (size_t)len, &earlier)) {
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, e->line, "question %04u lists DOCNO '%s' again (line %lld)",
			                   e->number, xlqa_index_docno(idx, e->doc), (long long)(intptr_t)earlier);
			break;
		}
		if (xlqa_hash_put(&seen, key, (size_t)len, (void *)(intptr_t)e->line, NULL)) {
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			break;
		}
		if (r->count[e->number]++ == 0) {
			r->first[e->number] = i;
			r->questions++;
		}
		r->docs[i] = e->doc;
	}
	free(entries);
	xlqa_hash_release(&seen);
	xlqa_buf_release(&data);
	if (rc) {
		xlqa_retrieval_free(r);
		return rc;
	}
	*out = r;
	return XLQA_OK;
}

void xlqa_retrieval_free(struct xlqa_retrieval *r)
{
	if (!r)
		return;
	free(r->docs);
	free(r);
}

bool xlqa_retrieval_docs(const struct xlqa_retrieval *r, unsigned number, const uint32_t **docs, size_t *n)
{
	if (number == 0 || number >= QMAX || r->count[number] == 0) {
		*docs = NULL;
		*n = 0;
		return false;
	}
	*docs = r->docs + r->first[number];
	*n = r->count[number];
	return true;
}

size_t xlqa_retrieval_questions(const struct xlqa_retrieval *r)
{
	return r->questions;
}

unsigned xlqa_retrieval_question(const struct xlqa_retrieval *r, size_t i)
{
	for (unsigned q = 1; q < QMAX; q++)
		if (r->count[q] && i-- == 0)
			return q;
	return 0;
}
