/*
 * series-run: TREC 2004-2007 question series answered into a run (include/xlqa/trecrun.h). Each
 * question is put in the context of its target (pronouns replaced, or the target added), answered by
 * the answerer, and written by its type: one FACTOID response, the LIST instances above a threshold,
 * or short OTHER snippets about the target that the series' other answers did not give.
 *
 * Invariant: every line is `qid tag docno answer` (NIL without an answer only for a FACTOID), the
 * answer without tab or line break, and an OTHER answer within its non-white-space limit.
 */
#include "config.h"

#include "xlqa/trecrun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- pronouns ---------------------------------------------------------------------------------------- */

struct xlqa_series_pronouns {
	char **words;        /* lower case */
	char **replacements; /* '*' for the target */
	size_t n, alloc;
};

void xlqa_series_pronouns_free(struct xlqa_series_pronouns *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++) {
		free(p->words[i]);
		free(p->replacements[i]);
	}
	free(p->words);
	free(p->replacements);
	free(p);
}

size_t xlqa_series_pronouns_count(const struct xlqa_series_pronouns *p)
{
	return p ? p->n : 0;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* Adds one line's pronoun: `line` (len bytes, no newline, comment and trailing blanks cut). */
static int pronoun_line(struct xlqa_series_pronouns *p, const char *path, int64_t no, const char *line, size_t len,
                        struct xlqa_error *err)
{
	const char *tab = memchr(line, '\t', len);
	size_t wl = tab ? (size_t)(tab - line) : len;
	const char *rep = tab ? tab + 1 : "*";
	size_t rl = tab ? len - wl - 1 : 1;
	size_t alloc_w = p->alloc;

	for (size_t i = 0; i < wl; i++)
		if (blank(line[i]))
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, no, "a pronoun is one word, found '%.*s'", (int)wl,
			                     line);
	if (!wl)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, no, "pronoun expected before the tab");
	if (!rl)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, no, "replacement expected after the tab");
	if (XLQA_ARRAY_RESERVE(p->words, alloc_w, p->n + 1) || XLQA_ARRAY_RESERVE(p->replacements, p->alloc, p->n + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!(p->words[p->n] = strndup(line, wl)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!(p->replacements[p->n] = strndup(rep, rl))) {
		free(p->words[p->n]);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	for (char *c = p->words[p->n]; *c; c++)
		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c | 0x20);
	p->n++;
	return XLQA_OK;
}

int xlqa_series_pronouns_read(const char *path, struct xlqa_series_pronouns **out, struct xlqa_error *err)
{
	struct xlqa_buf text = XLQA_BUF_INIT;
	struct xlqa_series_pronouns *p;
	size_t bad;
	int64_t no = 0;
	int rc;

	*out = NULL;
	if ((rc = xlqa_file_read(path, &text, err)))
		return rc;
	if (!xlqa_text_utf8_valid(text.buf, text.len, &bad)) {
		xlqa_buf_release(&text);
		return xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1, "%s: byte %zu: not UTF-8", path, bad);
	}
	if (!(p = calloc(1, sizeof *p))) {
		xlqa_buf_release(&text);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	for (const char *line = text.buf, *end = text.buf + text.len; rc == XLQA_OK && line < end; no++) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		const char *stop = nl ? nl : end, *hash = memchr(line, '#', (size_t)(stop - line));
		size_t len = (size_t)((hash ? hash : stop) - line);

		while (len && (line[len - 1] == ' ' || line[len - 1] == '\r')) /* a final tab is an empty replacement */
			len--;
		while (len && (line[0] == ' ')) /* leading blanks, not a leading tab: that starts a replacement */
			line++, len--;
		if (len)
			rc = pronoun_line(p, path, no + 1, line, len, err);
		line = nl ? nl + 1 : end;
	}
	xlqa_buf_release(&text);
	if (rc) {
		xlqa_series_pronouns_free(p);
		return rc;
	}
	*out = p;
	return XLQA_OK;
}

/* ---- a question in its series' context ---------------------------------------------------------------- */

static bool word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

static char fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c | 0x20) : c;
}

/* The replacement of word w[0..n) when it is a pronoun, else NULL. */
static const char *pronoun(const struct xlqa_series_pronouns *p, const char *w, size_t n)
{
	for (size_t i = 0; p && i < p->n; i++) {
		size_t k = 0;

		while (k < n && p->words[i][k] && fold(w[k]) == p->words[i][k])
			k++;
		if (k == n && !p->words[i][k])
			return p->replacements[i];
	}
	return NULL;
}

/* True when `hay` holds `needle`, ASCII case folded. */
static bool holds(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	if (!n)
		return true;
	for (; *hay; hay++) {
		size_t k = 0;

		while (k < n && hay[k] && fold(hay[k]) == fold(needle[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

static int add_replacement(struct xlqa_buf *out, const char *rep, const char *target)
{
	int rc = XLQA_OK;

	for (const char *c = rep; *c && rc == XLQA_OK; c++)
		rc = *c == '*' ? xlqa_buf_addstr(out, target) : xlqa_buf_addch(out, *c);
	return rc;
}

static const struct xlqa_series_context_info contexts[XLQA_SERIES_CONTEXTS] = {
	{ "target", XLQA_SERIES_CONTEXT_TARGET, "pronouns become the target; without one the target is added" },
	{ "pronouns", XLQA_SERIES_CONTEXT_PRONOUNS, "pronouns become the target; nothing is added" },
	{ "none", XLQA_SERIES_CONTEXT_NONE, "each question alone, as if it had no series" },
};

const struct xlqa_series_context_info *xlqa_series_context_at(size_t i)
{
	return i < XLQA_SERIES_CONTEXTS ? &contexts[i] : NULL;
}

const struct xlqa_series_context_info *xlqa_series_context_find(const char *name)
{
	for (size_t i = 0; name && i < XLQA_SERIES_CONTEXTS; i++)
		if (strcmp(contexts[i].name, name) == 0)
			return &contexts[i];
	return NULL;
}

int xlqa_series_question(const char *question, const char *target, const struct xlqa_series_pronouns *pronouns,
                         bool add_target, struct xlqa_buf *out, size_t *replaced, struct xlqa_error *err)
{
	size_t n = 0, len;
	int rc = XLQA_OK;

	xlqa_buf_reset(out);
	for (const char *c = question; *c && rc == XLQA_OK;) {
		const char *w = c, *rep;

		if (!word_byte((unsigned char)*c)) {
			rc = xlqa_buf_addch(out, *c++);
			continue;
		}
		while (*c && word_byte((unsigned char)*c))
			c++;
		if ((rep = pronoun(pronouns, w, (size_t)(c - w)))) {
			rc = add_replacement(out, rep, target);
			n++;
		} else {
			rc = xlqa_buf_add(out, w, (size_t)(c - w));
		}
	}
	if (rc == XLQA_OK && add_target && !n && !holds(question, target)) {
		len = out->len;
		while (len && blank(out->buf[len - 1]))
			len--;
		if (len && (out->buf[len - 1] == '?' || out->buf[len - 1] == '.')) {
			char end = out->buf[len - 1];

			xlqa_buf_setlen(out, len - 1);
			while (out->len && blank(out->buf[out->len - 1]))
				xlqa_buf_setlen(out, out->len - 1);
			rc = xlqa_buf_addf(out, " (%s)%c", target, end);
		} else {
			xlqa_buf_setlen(out, len);
			rc = xlqa_buf_addf(out, " (%s)", target);
		}
	}
	if (replaced)
		*replaced = n;
	return rc ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;
}

/* ---- answering a series ------------------------------------------------------------------------------- */

struct series_state {
	struct xlqa_answerer *a;
	const struct xlqa_index *idx;
	const char *tag;
	struct xlqa_series_options opt;
	struct xlqa_buf *run;
	struct xlqa_series_summary *sum;
	struct xlqa_answer_set set;
	struct xlqa_buf text;     /* the question in context */
	struct xlqa_buf answer;   /* one answer string */
	struct xlqa_buf given;    /* the series' answers so far, each followed by '\n' (for Other) */
	struct xlqa_buf snippets; /* the Other snippets chosen, each followed by '\n' */
	size_t other_n;           /* snippets of the current Other answer */
	struct xlqa_segmenter *segmenter; /* sentences of passages, in the index's language */
	struct xlqa_segments segments;
};

static int add_line(struct series_state *st, const char *qid, const char *docno, const char *answer)
{
	if (xlqa_buf_addf(st->run, "%s %s %s%s%s\n", qid, st->tag, docno, answer ? " " : "", answer ? answer : ""))
		return XLQA_ENOMEM;
	return XLQA_OK;
}

/* Records a failed question: counted, its message kept when it is the first. */
static void failed(struct series_state *st, const char *qid, const struct xlqa_error *qerr)
{
	if (!st->sum->failed++)
		snprintf(st->sum->first_failure, sizeof st->sum->first_failure, "question %s: %s", qid, qerr->message);
}

/* Collapses the white space of `text` into st->answer. */
static int collapse_text(struct series_state *st, const char *text, struct xlqa_error *err)
{
	xlqa_buf_reset(&st->answer);
	return xlqa_ranked_window(text, strlen(text), 0, strlen(text), 0, &st->answer, err);
}

static int remember(struct series_state *st)
{
	return xlqa_buf_add(&st->given, st->answer.buf, st->answer.len) || xlqa_buf_addch(&st->given, '\n')
	               ? XLQA_ENOMEM
	               : XLQA_OK;
}

static int answer_factoid(struct series_state *st, const struct xlqa_trec_question *q, struct xlqa_error *err)
{
	struct xlqa_response r;
	struct xlqa_error qerr;
	int rc;

	xlqa_error_clear(&qerr);
	if (xlqa_answerer_respond(st->a, st->text.buf, 'F', &st->set, &r, &qerr))
		failed(st, q->qid, &qerr);
	if (!r.answer) {
		st->sum->factoid_nil++;
		return add_line(st, q->qid, "NIL", NULL) ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;
	}
	if ((rc = collapse_text(st, r.text, err)))
		return rc;
	if (add_line(st, q->qid, r.docno, st->answer.buf) || remember(st))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	return XLQA_OK;
}

static int answer_list(struct series_state *st, const struct xlqa_trec_question *q, struct xlqa_error *err)
{
	struct xlqa_response r;
	struct xlqa_error qerr;
	size_t n = 0;
	int rc = XLQA_OK;

	xlqa_error_clear(&qerr);
	if (xlqa_answerer_respond(st->a, st->text.buf, 0, &st->set, &r, &qerr))
		failed(st, q->qid, &qerr);
	/* candidates are distinct by key already; the best one is given even below the threshold */
	for (size_t i = 0; i < st->set.n && n < st->opt.list_max && rc == XLQA_OK; i++) {
		const struct xlqa_candidate *c = &st->set.candidates[i];

		if (n && c->score < st->opt.list_threshold)
			break;
		if ((rc = collapse_text(st, c->text, err)))
			return rc;
		if (!st->answer.len)
			continue;
		if (add_line(st, q->qid, xlqa_index_docno(st->idx, c->doc), st->answer.buf) || remember(st))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		n++;
	}
	st->sum->list_instances += n;
	st->sum->unanswered += !n;
	return rc;
}

/* Lower-case ASCII words of s[0..n) of three bytes or more, each followed by '\n', into `out`. */
static int words_of(const char *s, size_t n, struct xlqa_buf *out)
{
	xlqa_buf_reset(out);
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && word_byte((unsigned char)s[j]))
			j++;
		if (j - i >= 3) {
			for (size_t k = i; k < j; k++)
				if (xlqa_buf_addch(out, fold(s[k])))
					return XLQA_ENOMEM;
			if (xlqa_buf_addch(out, '\n'))
				return XLQA_ENOMEM;
		}
		i = j < n ? j + 1 : n;
	}
	return XLQA_OK;
}

/* True when line-list `list` (words each followed by '\n') holds word w[0..n). */
static bool list_has(const struct xlqa_buf *list, const char *w, size_t n)
{
	for (const char *p = list->buf, *end = list->buf + list->len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if ((size_t)(nl - p) == n && memcmp(p, w, n) == 0)
			return true;
		p = nl + 1;
	}
	return false;
}

/* The share of the words of `a` (a word list) in word list `b`. */
static double word_share(const struct xlqa_buf *a, const struct xlqa_buf *b)
{
	size_t n = 0, in = 0;

	for (const char *p = a->buf, *end = a->buf + a->len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		n++;
		in += list_has(b, p, (size_t)(nl - p));
		p = nl + 1;
	}
	return n ? (double)in / (double)n : 1;
}

/* Non-white-space characters (UTF-8 code points) of s[0..n). */
static size_t nonblank(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += !blank(s[i]) && ((unsigned char)s[i] & 0xC0) != 0x80;
	return k;
}

/* True when snippet s holds one of the series' answers given (ASCII case folded). */
static bool holds_given(const struct series_state *st, const char *s)
{
	for (const char *p = st->given.buf, *end = st->given.buf + st->given.len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		char one[256];
		size_t n = (size_t)(nl - p);

		if (n && n < sizeof one) {
			memcpy(one, p, n);
			one[n] = 0;
			if (holds(s, one))
				return true;
		}
		p = nl + 1;
	}
	return false;
}

/*
 * Whether snippet st->answer is new: not mostly an earlier snippet; at `level` 1 or more also not
 * holding an answer the series gave; at level 2 also naming a word of the target.
 */
static int snippet_is_new(struct series_state *st, const struct xlqa_buf *target_words, int level, bool *is_new)
{
	struct xlqa_buf words = XLQA_BUF_INIT, other = XLQA_BUF_INIT;
	bool names_target = level < 2 || !target_words->len;
	int rc;

	*is_new = false;
	if ((rc = words_of(st->answer.buf, st->answer.len, &words)))
		goto out;
	for (const char *p = target_words->buf, *end = p + target_words->len; p < end && !names_target;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		names_target = list_has(&words, p, (size_t)(nl - p));
		p = nl + 1;
	}
	if (!names_target || (level >= 1 && holds_given(st, st->answer.buf)))
		goto out;
	*is_new = true;
	for (const char *p = st->snippets.buf, *end = p + st->snippets.len; p < end && *is_new;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if ((rc = words_of(p, (size_t)(nl - p), &other)))
			goto out;
		/* more than half of its words in one earlier snippet: it says the same again */
		*is_new = word_share(&words, &other) <= 0.5;
		p = nl + 1;
	}
out:
	xlqa_buf_release(&words);
	xlqa_buf_release(&other);
	return rc;
}

/* The snippet of candidate c into st->answer: its sentence, cut around it when longer than allowed. */
static int snippet_of(struct series_state *st, const struct xlqa_candidate *c, struct xlqa_error *err)
{
	const char *s = c->support ? c->support : c->text;
	size_t start, end;

	xlqa_buf_reset(&st->answer);
	if (strlen(s) <= st->opt.snippet_bytes || !xlqa_ranked_locate(s, strlen(s), c->text, 0, 0, &start, &end))
		start = 0, end = strlen(s);
	if (end - start > st->opt.snippet_bytes) /* no candidate to cut around: the sentence's start */
		end = start;
	return xlqa_ranked_window(s, strlen(s), start, end, st->opt.snippet_bytes, &st->answer, err);
}

/* Adds st->answer as a snippet of Other question q from document `doc` when it is new at `level` and fits. */
static int offer_snippet(struct series_state *st, const struct xlqa_trec_question *q, uint32_t doc,
                         const struct xlqa_buf *target_words, int level, size_t *chars, bool *added)
{
	bool is_new;
	size_t k;
	int rc;

	*added = false;
	if (!st->answer.len)
		return XLQA_OK;
	if ((rc = snippet_is_new(st, target_words, level, &is_new)) || !is_new)
		return rc;
	if (*chars + (k = nonblank(st->answer.buf, st->answer.len)) > st->opt.other_chars)
		return XLQA_OK;
	*chars += k;
	if (add_line(st, q->qid, xlqa_index_docno(st->idx, doc), st->answer.buf) ||
	    xlqa_buf_add(&st->snippets, st->answer.buf, st->answer.len) || xlqa_buf_addch(&st->snippets, '\n'))
		return XLQA_ENOMEM;
	*added = true;
	return XLQA_OK;
}

/*
 * Adds the sentences of passage p's document to an Other answer, each cut to snippet_bytes from its
 * start, as offer_snippet takes them at `level`.
 */
static int passage_snippets(struct series_state *st, const struct xlqa_trec_question *q, const struct xlqa_passage *p,
                            const struct xlqa_buf *target_words, int level, size_t *chars, struct xlqa_error *err)
{
	struct xlqa_buf doc = XLQA_BUF_INIT;
	size_t start, end;
	int rc;

	if ((rc = xlqa_index_doc_text(st->idx, p->doc, &doc, err)))
		goto out;
	/* the whole document: a passage is a sentence or two around the query's words, and what else
	 * the document says about the target stands around it ("His father was a builder.") */
	start = 0, end = doc.len;
	if ((rc = xlqa_segmenter_run(st->segmenter, doc.buf + start, end - start, &st->segments, err)))
		goto out;
	for (size_t i = 0; i < st->segments.n_sentences && st->other_n < st->opt.other_max && rc == XLQA_OK; i++) {
		const struct xlqa_span *sp = &st->segments.sentences[i];
		bool added;

		/* the sentence alone, from its start: a window with nothing before it */
		xlqa_buf_reset(&st->answer);
		if ((rc = xlqa_ranked_window(doc.buf + start + sp->start, sp->end - sp->start, 0, 0, st->opt.snippet_bytes,
		                             &st->answer, err)))
			goto out;
		if ((rc = offer_snippet(st, q, p->doc, target_words, level, chars, &added)))
			rc = xlqa_error_set(err, rc, "out of memory");
		st->other_n += added;
	}
out:
	xlqa_buf_release(&doc);
	return rc;
}

/* True when passage i is the first of the set's passages in its document. */
static bool doc_passage_first(const struct xlqa_answer_set *set, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (set->results.passages[j].doc == set->results.passages[i].doc)
			return false;
	return true;
}

static int answer_other(struct series_state *st, const struct xlqa_trec_question *q, const char *target,
                        struct xlqa_error *err)
{
	struct xlqa_buf target_words = XLQA_BUF_INIT;
	struct xlqa_response r;
	struct xlqa_error qerr;
	size_t chars = 0;
	int rc = XLQA_OK;

	xlqa_buf_reset(&st->snippets);
	xlqa_error_clear(&qerr);
	if (xlqa_answerer_respond(st->a, target, 'D', &st->set, &r, &qerr))
		failed(st, q->qid, &qerr);
	/*
	 * Nothing found for the target as one name (a phrase the documents may only hold apart, or in a
	 * title): its words apart, "Nikola, Tesla".
	 */
	if (!qerr.status && !st->set.n && !st->set.results.n_passages && strchr(target, ' ')) {
		xlqa_buf_reset(&st->text);
		for (const char *c = target; *c && rc == XLQA_OK; c++)
			rc = *c == ' ' && c[1] != ' ' && c > target ? xlqa_buf_addstr(&st->text, ", ")
			                                            : (*c == ' ' ? XLQA_OK : xlqa_buf_addch(&st->text, *c));
		if (rc)
			goto out;
		if (xlqa_answerer_respond(st->a, st->text.buf, 'D', &st->set, &r, &qerr))
			failed(st, q->qid, &qerr);
	}
	if ((rc = words_of(target, strlen(target), &target_words)))
		goto out;
	/*
	 * The sentences of the target's candidates, then those of the best passages' documents, for what
	 * no candidate's sentence said ("Piano studied architecture in Milan"): by the strictest rule of
	 * snippet_is_new first, by the next only when that leaves nothing.
	 */
	st->other_n = 0;
	for (int level = 2; level >= 0 && !st->other_n && rc == XLQA_OK; level--) {
		for (size_t i = 0; i < st->set.n && st->other_n < st->opt.other_max && rc == XLQA_OK; i++) {
			bool added;

			if ((rc = snippet_of(st, &st->set.candidates[i], err)))
				goto out;
			if (!(rc = offer_snippet(st, q, st->set.candidates[i].doc, &target_words, level, &chars, &added)))
				st->other_n += added;
		}
		for (size_t i = 0; i < st->set.results.n_passages && st->other_n < st->opt.other_max && rc == XLQA_OK; i++)
			if (doc_passage_first(&st->set, i))
				rc = passage_snippets(st, q, &st->set.results.passages[i], &target_words, level, &chars, err);
	}
	st->sum->other_snippets += st->other_n;
	st->sum->unanswered += !st->other_n;
out:
	xlqa_buf_release(&target_words);
	if (rc == XLQA_ENOMEM)
		xlqa_error_set(err, rc, "out of memory");
	return rc;
}

static void options_defaults(struct xlqa_series_options *o, const struct xlqa_series_options *given)
{
	if (given)
		*o = *given;
	else
		memset(o, 0, sizeof *o);
	if (!(o->list_threshold > 0))
		o->list_threshold = XLQA_SERIES_LIST_THRESHOLD;
	if (!o->list_max)
		o->list_max = 20;
	if (!o->other_max)
		o->other_max = 20;
	if (!o->other_chars)
		o->other_chars = 7000;
	if (!o->snippet_bytes)
		o->snippet_bytes = 250;
}

/* One target's questions: FACTOID and LIST first, in order, so that OTHER knows what they gave. */
static int answer_target(struct series_state *st, const struct xlqa_trec_series *s, const struct xlqa_trec_target *t,
                         struct xlqa_error *err)
{
	int rc = XLQA_OK;

	xlqa_buf_reset(&st->given);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = t->first; i < t->first + t->count && rc == XLQA_OK; i++) {
			const struct xlqa_trec_question *q = &s->questions[i];
			size_t replaced = 0;

			if ((q->type == XLQA_TREC_OTHER) != (pass == 1))
				continue;
			st->sum->questions++;
			if (q->type == XLQA_TREC_OTHER) {
				rc = answer_other(st, q, t->text, err);
				continue;
			}
			if (st->opt.context == XLQA_SERIES_CONTEXT_NONE) {
				xlqa_buf_reset(&st->text);
				rc = xlqa_buf_addstr(&st->text, q->text) ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;
			} else {
				rc = xlqa_series_question(q->text, t->text, st->opt.pronouns,
				                          st->opt.context == XLQA_SERIES_CONTEXT_TARGET, &st->text, &replaced, err);
				st->sum->pronouns += replaced;
			}
			if (rc == XLQA_OK)
				rc = q->type == XLQA_TREC_FACTOID ? answer_factoid(st, q, err) : answer_list(st, q, err);
		}
	return rc;
}

int xlqa_series_answer(struct xlqa_answerer *a, const struct xlqa_index *idx, const struct xlqa_trec_series *s,
                       const char *tag, const struct xlqa_series_options *opt, struct xlqa_buf *run,
                       struct xlqa_series_summary *sum, struct xlqa_error *err)
{
	struct series_state st = { .a = a, .idx = idx, .tag = tag, .run = run, .sum = sum };
	int rc = XLQA_OK;

	const struct xlqa_lang_info *lang = xlqa_lang_find(xlqa_index_get_stats(idx)->language);

	memset(sum, 0, sizeof *sum);
	options_defaults(&st.opt, opt);
	xlqa_segments_init(&st.segments);
	if ((rc = xlqa_segmenter_new(lang ? lang->icu_locale : "en", &st.segmenter, err)))
		return rc;
	xlqa_answer_set_init(&st.set);
	xlqa_buf_init(&st.text);
	xlqa_buf_init(&st.answer);
	xlqa_buf_init(&st.given);
	xlqa_buf_init(&st.snippets);
	for (size_t i = 0; i < s->n_targets && rc == XLQA_OK; i++, sum->targets++)
		rc = answer_target(&st, s, &s->targets[i], err);
	xlqa_answer_set_release(&st.set);
	xlqa_segmenter_free(st.segmenter);
	xlqa_segments_release(&st.segments);
	xlqa_buf_release(&st.text);
	xlqa_buf_release(&st.answer);
	xlqa_buf_release(&st.given);
	xlqa_buf_release(&st.snippets);
	return rc;
}
