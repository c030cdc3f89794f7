/*
 * ranked: the ranked runs of TREC-8 to TREC 2002 (include/xlqa/trecrun.h) from an answered set. Each
 * question gets up to five [docno, answer string] responses in the model's order; the answer string
 * is the candidate's text or a window of its supporting document around it.
 *
 * Invariant: every line written has seven fields, ranks 1, 2, ... without gaps, an answer string
 * without tab or line break of at most the variant's window, and none after docno NIL.
 */
#include "config.h"

#include "xlqa/trecrun.h"

#include <string.h>

static const struct xlqa_ranked_variant variants[] = {
	{ "exact", 0, "the exact answer as written in the document (TREC 2002)" },
	{ "50", 50, "at most 50 bytes of the document around the answer (TREC-8 and TREC-9 short answers)" },
	{ "250", 250, "at most 250 bytes of the document around the answer (TREC-8 and TREC-9 long answers)" },
};

size_t xlqa_ranked_variant_count(void)
{
	return sizeof variants / sizeof variants[0];
}

const struct xlqa_ranked_variant *xlqa_ranked_variant_at(size_t i)
{
	return i < xlqa_ranked_variant_count() ? &variants[i] : NULL;
}

const struct xlqa_ranked_variant *xlqa_ranked_variant_find(const char *name)
{
	for (size_t i = 0; name && i < xlqa_ranked_variant_count(); i++)
		if (strcmp(variants[i].name, name) == 0)
			return &variants[i];
	return NULL;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * Whether text[0..m) stands at doc[i..n), a white space run of either matching any white space run of
 * the other (the answerer collapses line breaks inside a candidate); *end is where it ends in doc.
 */
static bool match_at(const char *doc, size_t i, size_t n, const char *text, size_t m, size_t *end)
{
	size_t j = 0;

	while (j < m) {
		if (is_space(text[j])) {
			if (i >= n || !is_space(doc[i]))
				return false;
			while (j < m && is_space(text[j]))
				j++;
			while (i < n && is_space(doc[i]))
				i++;
		} else if (i < n && doc[i] == text[j]) {
			i++, j++;
		} else {
			return false;
		}
	}
	*end = i;
	return true;
}

/* The first place in doc[from..to) where `text` starts (see match_at): true with *start, *end. */
static bool find_text(const char *doc, size_t from, size_t to, const char *text, size_t m, size_t *start, size_t *end)
{
	if (!m)
		return false;
	for (size_t i = from; i < to; i++)
		if (doc[i] == text[0] && match_at(doc, i, to, text, m, end)) {
			*start = i;
			return true;
		}
	return false;
}

bool xlqa_ranked_locate(const char *doc, size_t len, const char *text, size_t from, size_t to, size_t *start,
                        size_t *end)
{
	size_t m = strlen(text);

	if (to > len)
		to = len;
	return (from < to && find_text(doc, from, to, text, m, start, end)) || find_text(doc, 0, len, text, m, start, end);
}

static bool is_continuation(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

/*
 * Copies doc[lo..hi) to `out` with white space runs collapsed to one blank, and maps the answer's
 * bytes [start, end) to *as, *ae in the copy.
 */
static int collapse(const char *doc, size_t lo, size_t hi, size_t start, size_t end, struct xlqa_buf *out,
                    size_t *as, size_t *ae)
{
	*as = *ae = 0;
	for (size_t i = lo; i < hi; i++) {
		if (i == start)
			*as = out->len;
		if (i == end)
			*ae = out->len;
		if (is_space(doc[i])) {
			/* a run of blanks inside the answer stays one blank; at its start it belongs outside */
			if (out->len && out->buf[out->len - 1] == ' ')
				continue;
			if (xlqa_buf_addch(out, ' '))
				return XLQA_ENOMEM;
		} else if (xlqa_buf_addch(out, doc[i])) {
			return XLQA_ENOMEM;
		}
	}
	if (start >= hi)
		*as = out->len;
	if (end >= hi)
		*ae = out->len;
	if (*as > *ae)
		*as = *ae;
	return XLQA_OK;
}

/* Cuts [a, b) of the collapsed text s to word and character boundaries that keep [as, ae). */
static void snap(const char *s, size_t n, size_t *a, size_t *b, size_t as, size_t ae)
{
	if (*a > 0 && *a < as && s[*a - 1] != ' ') { /* a word cut on the left: drop its rest */
		size_t p = *a;
		while (p < as && s[p] != ' ')
			p++;
		*a = p < as ? p + 1 : as;
	}
	if (*b < n && *b > ae && s[*b] != ' ') { /* and on the right */
		size_t p = *b;
		while (p > ae && s[p - 1] != ' ')
			p--;
		*b = p;
	}
	while (*a < *b && (is_continuation(s[*a]) || s[*a] == ' '))
		(*a)++;
	while (*b > *a && *b < n && is_continuation(s[*b]))
		(*b)--;
	while (*b > *a && s[*b - 1] == ' ')
		(*b)--;
}

int xlqa_ranked_window(const char *doc, size_t len, size_t start, size_t end, size_t bytes, struct xlqa_buf *out,
                       struct xlqa_error *err)
{
	struct xlqa_buf c = XLQA_BUF_INIT;
	size_t lo, hi, as, ae, a, b, room, left, right;
	int rc;

	if (end > len)
		end = len;
	if (start > end)
		start = end;
	/* twice the window on each side is enough context, whatever the white space collapses */
	lo = bytes && start > 2 * bytes ? start - 2 * bytes : (bytes ? 0 : start);
	hi = bytes && len - end > 2 * bytes ? end + 2 * bytes : (bytes ? len : end);
	while (lo < start && is_continuation(doc[lo]))
		lo++;
	while (hi > end && hi < len && is_continuation(doc[hi]))
		hi--;
	if ((rc = collapse(doc, lo, hi, start, end, &c, &as, &ae))) {
		xlqa_buf_release(&c);
		return xlqa_error_set(err, rc, "out of memory");
	}
	if (!bytes) {
		a = as, b = ae;
	} else if (ae - as >= bytes) { /* the answer alone fills the window */
		a = as, b = as + bytes;
		while (b > a && b < c.len && is_continuation(c.buf[b]))
			b--;
	} else {
		room = bytes - (ae - as);
		left = as < room / 2 ? as : room / 2;
		right = c.len - ae < room - left ? c.len - ae : room - left;
		left = as < room - right ? as : room - right;
		a = as - left, b = ae + right;
		snap(c.buf, c.len, &a, &b, as, ae);
	}
	while (a < b && c.buf[a] == ' ')
		a++;
	while (b > a && c.buf[b - 1] == ' ')
		b--;
	rc = xlqa_buf_add(out, c.buf + a, b - a);
	xlqa_buf_release(&c);
	return rc ? xlqa_error_set(err, rc, "out of memory") : XLQA_OK;
}

void xlqa_ranked_run_init(struct xlqa_ranked_run *run, const char *tag, const struct xlqa_ranked_variant *variant,
                          size_t max_responses)
{
	memset(run, 0, sizeof *run);
	xlqa_buf_init(&run->text);
	xlqa_buf_init(&run->doc);
	xlqa_buf_init(&run->answer);
	run->tag = tag;
	run->window = variant ? variant->window : 0;
	run->max_responses = max_responses && max_responses <= XLQA_RANKED_MAX_RESPONSES ? max_responses
	                                                                                  : XLQA_RANKED_MAX_RESPONSES;
}

void xlqa_ranked_run_release(struct xlqa_ranked_run *run)
{
	xlqa_buf_release(&run->text);
	xlqa_buf_release(&run->doc);
	xlqa_buf_release(&run->answer);
}

/* The first passage of the set's results in `doc` (the best: passages come best first), or NULL. */
static const struct xlqa_passage *doc_passage(const struct xlqa_answer_set *set, uint32_t doc)
{
	for (size_t i = 0; i < set->results.n_passages; i++)
		if (set->results.passages[i].doc == doc)
			return &set->results.passages[i];
	return NULL;
}

/* The answer string of candidate c into run->answer. */
static int answer_string(struct xlqa_ranked_run *run, const struct xlqa_index *idx, const struct xlqa_answer_set *set,
                         const struct xlqa_candidate *c, struct xlqa_error *err)
{
	const struct xlqa_passage *p = doc_passage(set, c->doc);
	size_t start, end;
	int rc;

	xlqa_buf_reset(&run->answer);
	if (run->window) {
		if ((rc = xlqa_index_doc_text(idx, c->doc, &run->doc, err)))
			return rc;
		if (xlqa_ranked_locate(run->doc.buf, run->doc.len, c->text, p ? p->start : 0, p ? p->end : 0, &start, &end))
			return xlqa_ranked_window(run->doc.buf, run->doc.len, start, end, run->window, &run->answer, err);
	}
	return xlqa_ranked_window(c->text, strlen(c->text), 0, strlen(c->text), run->window, &run->answer, err);
}

/* True when the lines of this question (from byte `first` of the run) already give docno + answer. */
static bool given(const struct xlqa_ranked_run *run, size_t first, const char *docno, const char *answer)
{
	size_t dl = strlen(docno), al = strlen(answer);
	const char *p = run->text.buf + first, *end = run->text.buf + run->text.len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *d = p;
		size_t n = (size_t)(nl - p);

		/* qid Q0 docno rank score tag answer: the docno is the third field, the answer the seventh */
		for (int f = 0; f < 2; f++)
			d = memchr(d, ' ', (size_t)(nl - d)) + 1;
		if (strncmp(d, docno, dl) == 0 && d[dl] == ' ' && n >= al && memcmp(nl - al, answer, al) == 0 &&
		    nl[-(ptrdiff_t)al - 1] == ' ')
			return true;
		p = nl + 1;
	}
	return false;
}

static int add_line(struct xlqa_ranked_run *run, const char *qid, unsigned rank, const char *docno, double score,
                    const char *answer, struct xlqa_error *err)
{
	if (xlqa_buf_addf(&run->text, "%s Q0 %s %u %.6f %s%s%s\n", qid, docno, rank, score, run->tag, answer ? " " : "",
	                  answer ? answer : ""))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	run->responses++;
	run->nil_responses += !answer;
	return XLQA_OK;
}

int xlqa_ranked_run_add(struct xlqa_ranked_run *run, const struct xlqa_index *idx, const char *qid,
                        const struct xlqa_answer_set *set, const struct xlqa_response *r, struct xlqa_error *err)
{
	size_t first = run->text.len;
	unsigned rank = 0;
	bool nil = !r->answer, nil_given = false;
	int rc = XLQA_OK;

	run->questions++;
	if (nil && (r->nil_reason != XLQA_NIL_THRESHOLD || !set->n))
		return add_line(run, qid, 1, "NIL", r->confidence, NULL, err);
	for (size_t i = 0; i < set->n && rank < run->max_responses && rc == XLQA_OK; i++) {
		const struct xlqa_candidate *c = &set->candidates[i];
		const char *docno = xlqa_index_docno(idx, c->doc);

		if (nil && !nil_given && r->confidence >= c->score) {
			nil_given = true;
			if ((rc = add_line(run, qid, ++rank, "NIL", r->confidence, NULL, err)) || rank == run->max_responses)
				break;
		}
		if ((rc = answer_string(run, idx, set, c, err)))
			break;
		if (!run->answer.len || given(run, first, docno, run->answer.buf))
			continue;
		rc = add_line(run, qid, ++rank, docno, c->score, run->answer.buf, err);
	}
	if (rc == XLQA_OK && nil && !nil_given && rank < run->max_responses)
		rc = add_line(run, qid, ++rank, "NIL", r->confidence, NULL, err);
	return rc;
}

int xlqa_ranked_run_write(const struct xlqa_ranked_run *run, const char *path, struct xlqa_error *err)
{
	return xlqa_file_write_atomic(path, run->text.buf, run->text.len, err);
}
