/*
 * trec: TREC QA run files (ranked TREC-8..2002 and series TREC 2004..2007), their checker, judgment
 * sets, judging from judgments or answer patterns, and mean reciprocal rank. Formats and rules are
 * documented in include/xlqa/trec.h.
 *
 * Invariant: a run's strings live in its arena; the checker and the strict reader run the same rule
 * code, so "what check reports" and "what read refuses" cannot drift apart.
 */
#include "config.h"

#include "trec-internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* TREC 2007 guidelines: "The total length of all answer-strings for each question cannot exceed 7000
 * non-white-space characters." */
#define SERIES_MAX_NONSPACE 7000
/* TREC QA collections page: "a ranked list of up to 5 responses per question". */
#define RANKED_MAX_RANK 5

struct run_priv {
	struct xlqa_arena arena;
	size_t alloc;
};

/* What the checker remembers about one question while reading. */
struct qstate {
	int64_t first_line;
	size_t lines;       /* lines of this question so far */
	size_t nonspace;    /* series: non-white-space characters of its answers so far */
	bool over_limit;    /* series: the 7000-character problem was reported */
	bool reported_gap;  /* ranked: "not together" was reported */
};

struct reader {
	const char *path;
	const struct xlqa_trec_check_options *opt;
	struct xlqa_trec_run *run;
	struct run_priv *priv;
	struct xlqa_trec_problems *problems;
	struct xlqa_hash states; /* qid -> struct qstate * */
	const char *prev_qid;
	int64_t tag_line;
};

void xlqa_trec_run_free(struct xlqa_trec_run *run)
{
	if (!run)
		return;
	if (run->priv) {
		struct run_priv *priv = run->priv;

		xlqa_arena_release(&priv->arena);
		free(priv);
	}
	free(run->responses);
	free(run);
}

static int problem(struct reader *r, int64_t line, const char *fmt, ...) XLQA_PRINTF(3, 4);
static int problem(struct reader *r, int64_t line, const char *fmt, ...)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = xlqa_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (!rc)
		rc = trec_problem_add(r->problems, line, "%s", b.buf);
	xlqa_buf_release(&b);
	return rc;
}

static struct qstate *state_of(struct reader *r, const char *qid, int64_t line)
{
	void *v = NULL;
	struct qstate *st;

	if (xlqa_hash_get(&r->states, qid, strlen(qid), &v))
		return v;
	st = xlqa_arena_alloc(&r->priv->arena, sizeof *st);
	if (!st)
		return NULL;
	memset(st, 0, sizeof *st);
	st->first_line = line;
	if (xlqa_hash_put(&r->states, qid, strlen(qid), st, NULL))
		return NULL;
	return st;
}

static char *field_dup(struct reader *r, const char *s, size_t len)
{
	return xlqa_arena_strndup(&r->priv->arena, s, len);
}

/* The rules both formats share: one run tag, NIL without an answer, an answer otherwise. */
static int common_rules(struct reader *r, const struct xlqa_trec_response *resp)
{
	int rc = XLQA_OK;

	if (r->run->count == 0 && r->tag_line == 0) {
		r->run->tag = resp->tag;
		r->tag_line = resp->line;
	} else if (strcmp(resp->tag, r->run->tag) != 0) {
		rc = problem(r, resp->line, "run tag '%s' differs from '%s' (line %lld)", resp->tag, r->run->tag,
		             (long long)r->tag_line);
	}
	if (rc)
		return rc;
	if (strcmp(resp->docno, "NIL") == 0 && resp->answer_len > 0)
		return problem(r, resp->line, "a NIL response has no answer string");
	if (strcmp(resp->docno, "NIL") != 0 && resp->answer_len == 0)
		return problem(r, resp->line, "answer string missing after document '%s'", resp->docno);
	return XLQA_OK;
}

static bool parse_rank(const char *s, size_t len, unsigned *rank)
{
	unsigned v = 0;

	if (len == 0 || len > 3)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	*rank = v;
	return true;
}

static int ranked_rules(struct reader *r, struct xlqa_trec_response *resp, const char *q0, size_t q0_len,
                        const char *rank, size_t rank_len, const char *score, size_t score_len)
{
	struct qstate *st = state_of(r, resp->qid, resp->line);
	bool rank_ok;
	int rc = XLQA_OK;

	if (!st)
		return XLQA_ENOMEM;
	if (q0_len != 2 || memcmp(q0, "Q0", 2) != 0)
		rc = problem(r, resp->line, "second field must be 'Q0', found '%.*s'", (int)q0_len, q0);
	rank_ok = parse_rank(rank, rank_len, &resp->rank) && resp->rank >= 1 && resp->rank <= RANKED_MAX_RANK;
	if (!rc && !rank_ok)
		rc = problem(r, resp->line, "rank must be an integer from 1 to %d, found '%.*s'", RANKED_MAX_RANK,
		             (int)rank_len, rank);
	if (!rank_ok)
		resp->rank = 0;
	if (!rc && !trec_parse_double(score, score_len, &resp->score))
		rc = problem(r, resp->line, "score must be a number, found '%.*s'", (int)score_len, score);
	if (!rc && st->lines > 0 && !st->reported_gap && r->prev_qid && strcmp(r->prev_qid, resp->qid) != 0) {
		st->reported_gap = true;
		rc = problem(r, resp->line, "responses to question '%s' are not together (it began at line %lld)",
		             resp->qid, (long long)st->first_line);
	}
	if (!rc && st->lines >= RANKED_MAX_RANK)
		rc = problem(r, resp->line, "question '%s' has more than %d responses", resp->qid, RANKED_MAX_RANK);
	else if (!rc && rank_ok && resp->rank != st->lines + 1)
		rc = problem(r, resp->line, "rank %u %s: rank %zu expected for question '%s'", resp->rank,
		             resp->rank <= st->lines ? "repeats or goes back" : "leaves a gap", st->lines + 1,
		             resp->qid);
	if (!rc && r->opt && r->opt->max_answer_bytes && resp->answer_len > r->opt->max_answer_bytes)
		rc = problem(r, resp->line, "answer string of %zu bytes exceeds the %zu-byte limit", resp->answer_len,
		             r->opt->max_answer_bytes);
	st->lines++;
	return rc;
}

static int series_rules(struct reader *r, const struct xlqa_trec_response *resp)
{
	const struct xlqa_trec_series *qs = r->opt ? r->opt->questions : NULL;
	struct qstate *st = state_of(r, resp->qid, resp->line);
	bool nil = strcmp(resp->docno, "NIL") == 0;
	int rc = XLQA_OK;

	if (!st)
		return XLQA_ENOMEM;
	st->nonspace += trec_nonspace_chars(resp->answer, resp->answer_len);
	if (st->nonspace > SERIES_MAX_NONSPACE && !st->over_limit) {
		st->over_limit = true;
		rc = problem(r, resp->line, "answers to question '%s' exceed %d non-white-space characters (%zu so far)",
		             resp->qid, SERIES_MAX_NONSPACE, st->nonspace);
	}
	if (!rc && qs) {
		const struct xlqa_trec_question *q = xlqa_trec_series_find(qs, resp->qid);

		if (!q)
			rc = problem(r, resp->line, "unknown question '%s'", resp->qid);
		else if (nil && q->type != XLQA_TREC_FACTOID)
			rc = problem(r, resp->line, "NIL is only for factoid questions: '%s' is %s", resp->qid,
			             xlqa_trec_qtype_name(q->type));
		else if (q->type == XLQA_TREC_FACTOID && st->lines > 0)
			rc = problem(r, resp->line, "factoid question '%s' has more than one response (first at line %lld)",
			             resp->qid, (long long)st->first_line);
	}
	st->lines++;
	return rc;
}

/* Parses one line into a response; returns XLQA_OK (added or reported), or a system error. */
static int read_line(struct reader *r, const struct trec_line *l)
{
	const char *f[6] = { 0 };
	size_t fl[6] = { 0 }, pos = 0, need = r->run->format == XLQA_TREC_RANKED ? 6 : 3, n = 0;
	struct xlqa_trec_response resp;
	const char *answer;
	size_t answer_len;
	int rc;

	while (n < need && trec_next_field(l->s, l->len, &pos, &f[n], &fl[n]))
		n++;
	if (n < need) {
		r->run->skipped++;
		return problem(r, l->no, "'%s' expected, found %zu field%s",
		               need == 6 ? "qid Q0 docno rank score tag answer" : "qid run-tag docid answer", n,
		               n == 1 ? "" : "s");
	}
	answer = l->s + pos;
	answer_len = trec_trim(&answer, l->len - pos);
	memset(&resp, 0, sizeof resp);
	resp.line = l->no;
	resp.qid = field_dup(r, f[0], fl[0]);
	resp.docno = need == 6 ? field_dup(r, f[2], fl[2]) : field_dup(r, f[2], fl[2]);
	resp.tag = need == 6 ? field_dup(r, f[5], fl[5]) : field_dup(r, f[1], fl[1]);
	resp.answer = field_dup(r, answer, answer_len);
	resp.answer_len = answer_len;
	if (!resp.qid || !resp.docno || !resp.tag || !resp.answer)
		return XLQA_ENOMEM;
	rc = common_rules(r, &resp);
	if (!rc)
		rc = need == 6 ? ranked_rules(r, &resp, f[1], fl[1], f[3], fl[3], f[4], fl[4]) : series_rules(r, &resp);
	if (rc)
		return rc;
	if (XLQA_ARRAY_RESERVE(r->run->responses, r->priv->alloc, r->run->count + 1))
		return XLQA_ENOMEM;
	r->run->responses[r->run->count++] = resp;
	r->prev_qid = resp.qid;
	return XLQA_OK;
}

/* After the last line: every test-set question needs a response. */
static int missing_questions(struct reader *r)
{
	const struct xlqa_trec_series *qs = r->opt ? r->opt->questions : NULL;

	if (r->run->format != XLQA_TREC_SERIES || !qs)
		return XLQA_OK;
	for (size_t i = 0; i < qs->n_questions; i++) {
		const char *qid = qs->questions[i].qid;

		if (!xlqa_hash_find(&r->states, qid, strlen(qid))) {
			int rc = problem(r, 0, "question '%s' has no response", qid);

			if (rc)
				return rc;
		}
	}
	return XLQA_OK;
}

int xlqa_trec_run_read(const char *path, enum xlqa_trec_run_format format, const struct xlqa_trec_check_options *opt,
                       struct xlqa_trec_run **out, struct xlqa_trec_problems *problems, struct xlqa_error *err)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct xlqa_trec_problems own;
	struct reader r;
	struct trec_line l = { 0 };
	size_t pos = 0;
	int rc;

	*out = NULL;
	if ((rc = trec_read_utf8(path, &b, err)))
		return rc;
	memset(&r, 0, sizeof r);
	xlqa_trec_problems_init(&own);
	r.path = path;
	r.opt = opt;
	r.problems = problems ? problems : &own;
	xlqa_hash_init(&r.states);
	r.run = calloc(1, sizeof *r.run);
	r.priv = calloc(1, sizeof *r.priv);
	if (!r.run || !r.priv) {
		free(r.run);
		free(r.priv);
		xlqa_buf_release(&b);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	}
	xlqa_arena_init(&r.priv->arena, 0);
	r.run->priv = r.priv;
	r.run->format = format;
	r.run->tag = "";
	while (rc == XLQA_OK && trec_next_line(b.buf, b.len, &pos, &l)) {
		const char *s = l.s;

		if (trec_trim(&s, l.len) == 0) {
			r.run->skipped++;
			rc = problem(&r, l.no, "empty line");
		} else {
			rc = read_line(&r, &l);
		}
		if (!problems && own.count)
			break;
	}
	if (rc == XLQA_OK && (problems || own.count == 0))
		rc = missing_questions(&r);
	if (rc)
		rc = xlqa_error_set(err, rc, "reading '%s': %s", path, xlqa_strerror(rc));
	else if (!problems && own.count)
		rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, own.items[0].line, "%s", own.items[0].message);
	xlqa_hash_release(&r.states);
	xlqa_trec_problems_release(&own);
	xlqa_buf_release(&b);
	if (rc) {
		xlqa_trec_run_free(r.run);
		return rc;
	}
	*out = r.run;
	return XLQA_OK;
}

/* ---- judgment sets ------------------------------------------------------------------------------ */

struct xlqa_trec_judgments {
	struct xlqa_hash pairs; /* "qid\x1f docno\x1f answer" -> judgment as (void *)(intptr_t) (judgment + 8) */
	struct xlqa_hash qids;  /* qid -> NULL, for the distinct list */
	const char **order;
	size_t n_qids, alloc;
	struct xlqa_arena arena;
};

/* Keys join the three parts with the unit separator, which no field of these formats holds. */
static int pair_key(struct xlqa_buf *key, const char *qid, const char *docno, const char *answer, size_t len)
{
	xlqa_buf_reset(key);
	if (xlqa_buf_addstr(key, qid) || xlqa_buf_addch(key, 0x1f) || xlqa_buf_addstr(key, docno) ||
	    xlqa_buf_addch(key, 0x1f) || xlqa_buf_add(key, answer, len))
		return XLQA_ENOMEM;
	return XLQA_OK;
}

void xlqa_trec_judgments_free(struct xlqa_trec_judgments *j)
{
	if (!j)
		return;
	xlqa_hash_release(&j->pairs);
	xlqa_hash_release(&j->qids);
	xlqa_arena_release(&j->arena);
	free(j->order);
	free(j);
}

/* What judgments_line needs besides the line. */
struct judgments_ctx {
	struct xlqa_trec_judgments *j;
	struct xlqa_buf key;
};

static int judgments_line(void *ctx, const char *path, const struct trec_line *l, struct xlqa_error *err)
{
	struct xlqa_trec_judgments *j = ((struct judgments_ctx *)ctx)->j;
	struct xlqa_buf *key = &((struct judgments_ctx *)ctx)->key;
	const char *f[3];
	size_t fl[3], pos = 0, n = 0, alen;
	const char *answer;
	double v;
	int judgment;
	void *old = NULL;

	while (n < 3 && trec_next_field(l->s, l->len, &pos, &f[n], &fl[n]))
		n++;
	if (n < 3)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "'qid docno judgment answer' expected");
	if (!trec_parse_double(f[2], fl[2], &v) || (v != -1 && v != 1 && v != 2))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "judgment must be -1, 1 or 2, found '%.*s'",
		                     (int)fl[2], f[2]);
	judgment = (int)v;
	answer = l->s + pos;
	alen = trec_trim(&answer, l->len - pos);
	{
		char qid[256], docno[256];

		if (fl[0] >= sizeof qid || fl[1] >= sizeof docno)
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "question id or docno too long");
		memcpy(qid, f[0], fl[0]);
		qid[fl[0]] = '\0';
		memcpy(docno, f[1], fl[1]);
		docno[fl[1]] = '\0';
		if (pair_key(key, qid, docno, answer, alen))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		if (!xlqa_hash_find(&j->qids, qid, fl[0])) {
			if (XLQA_ARRAY_RESERVE(j->order, j->alloc, j->n_qids + 1) ||
			    xlqa_hash_put(&j->qids, qid, fl[0], NULL, NULL))
				return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			j->order[j->n_qids++] = xlqa_hash_find(&j->qids, qid, fl[0])->key;
		}
	}
	if (xlqa_hash_put(&j->pairs, key->buf, key->len, (void *)(intptr_t)(judgment + 8), &old))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (old && (intptr_t)old - 8 != judgment)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "response judged %d here and %d before",
		                     judgment, (int)((intptr_t)old - 8));
	return XLQA_OK;
}

int xlqa_trec_judgments_read(const char *path, struct xlqa_trec_judgments **out, struct xlqa_error *err)
{
	struct judgments_ctx ctx = { calloc(1, sizeof *ctx.j), XLQA_BUF_INIT };
	int rc;

	*out = NULL;
	if (!ctx.j)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	xlqa_hash_init(&ctx.j->pairs);
	xlqa_hash_init(&ctx.j->qids);
	xlqa_arena_init(&ctx.j->arena, 0);
	rc = trec_each_line(path, true, judgments_line, &ctx, err);
	if (rc == XLQA_OK && ctx.j->pairs.count == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no judgment", path);
	xlqa_buf_release(&ctx.key);
	if (rc) {
		xlqa_trec_judgments_free(ctx.j);
		return rc;
	}
	*out = ctx.j;
	return XLQA_OK;
}

size_t xlqa_trec_judgments_count(const struct xlqa_trec_judgments *j)
{
	return j->pairs.count;
}

size_t xlqa_trec_judgments_questions(const struct xlqa_trec_judgments *j)
{
	return j->n_qids;
}

const char *xlqa_trec_judgments_qid(const struct xlqa_trec_judgments *j, size_t i)
{
	return i < j->n_qids ? j->order[i] : NULL;
}

int xlqa_trec_judgments_get(const struct xlqa_trec_judgments *j, const char *qid, const char *docno,
                            const char *answer, size_t len)
{
	struct xlqa_buf key = XLQA_BUF_INIT;
	void *v = NULL;
	bool found;

	len = trec_trim(&answer, len);
	if (pair_key(&key, qid, docno, answer, len)) {
		xlqa_buf_release(&key);
		return XLQA_TREC_UNJUDGED;
	}
	found = xlqa_hash_get(&j->pairs, key.buf, key.len, &v);
	xlqa_buf_release(&key);
	return found ? (int)((intptr_t)v - 8) : XLQA_TREC_UNJUDGED;
}

void xlqa_trec_judge_judgments(struct xlqa_trec_run *run, const struct xlqa_trec_judgments *j)
{
	for (size_t i = 0; i < run->count; i++) {
		struct xlqa_trec_response *r = &run->responses[i];

		r->judgment = xlqa_trec_judgments_get(j, r->qid, r->docno, r->answer, r->answer_len);
	}
}

int xlqa_trec_judge_patterns(struct xlqa_trec_run *run, const struct xlqa_patterns *p, struct xlqa_error *err)
{
	for (size_t i = 0; i < run->count; i++) {
		struct xlqa_trec_response *r = &run->responses[i];
		unsigned m = 0;
		int rc;

		if (strcmp(r->docno, "NIL") == 0) {
			r->judgment = xlqa_patterns_count(p, r->qid) == 0 ? XLQA_TREC_RIGHT : XLQA_TREC_WRONG;
			continue;
		}
		if ((rc = xlqa_patterns_match(p, r->qid, r->answer, r->answer_len, r->docno, &m, err)))
			return rc;
		r->judgment = !(m & XLQA_PATTERN_ANSWER) ? XLQA_TREC_WRONG
		              : (m & XLQA_PATTERN_DOC)   ? XLQA_TREC_RIGHT
		                                         : XLQA_TREC_UNSUPPORTED;
	}
	return XLQA_OK;
}

/* ---- mean reciprocal rank ----------------------------------------------------------------------- */

int xlqa_trec_mrr_questions(const struct xlqa_trec_run *run, const char *const *qids, size_t n,
                            struct xlqa_trec_rr *out, struct xlqa_error *err)
{
	struct xlqa_hash at; /* qid -> its entry in out */
	int rc = XLQA_OK;

	xlqa_hash_init(&at);
	memset(out, 0, n * sizeof *out);
	for (size_t i = 0; i < n && !rc; i++) {
		out[i].qid = qids[i];
		if (!xlqa_hash_find(&at, qids[i], strlen(qids[i])))
			rc = xlqa_hash_put(&at, qids[i], strlen(qids[i]), &out[i], NULL);
	}
	for (size_t i = 0; i < run->count && !rc; i++) {
		const struct xlqa_trec_response *r = &run->responses[i];
		void *v = NULL;
		struct xlqa_trec_rr *q;

		if (!xlqa_hash_get(&at, r->qid, strlen(r->qid), &v))
			continue;
		q = v;
		q->responses++;
		q->unjudged += r->judgment == XLQA_TREC_UNJUDGED;
		if (r->rank < 1 || r->rank > RANKED_MAX_RANK)
			continue;
		if (r->judgment == XLQA_TREC_RIGHT && (!q->strict || r->rank < q->strict))
			q->strict = r->rank;
		if ((r->judgment == XLQA_TREC_RIGHT || r->judgment == XLQA_TREC_UNSUPPORTED) &&
		    (!q->lenient || r->rank < q->lenient))
			q->lenient = r->rank;
	}
	xlqa_hash_release(&at);
	return rc ? xlqa_error_set(err, rc, "out of memory scoring a run") : XLQA_OK;
}

static double rr_strict(const struct xlqa_trec_rr *q)
{
	return q->strict ? 1.0 / q->strict : 0;
}

static double rr_lenient(const struct xlqa_trec_rr *q)
{
	return q->lenient ? 1.0 / q->lenient : 0;
}

static double none_strict(const struct xlqa_trec_rr *q)
{
	return q->strict == 0;
}

static double none_lenient(const struct xlqa_trec_rr *q)
{
	return q->lenient == 0;
}

static double unjudged_of(const struct xlqa_trec_rr *q)
{
	return (double)q->unjudged;
}

static const struct xlqa_trec_measure trec_measures[] = {
	{ "mrr_strict", "mean over questions of 1/rank of the first right response, 0 for none (TREC-8)", false,
	  rr_strict },
	{ "mrr_lenient", "as mrr_strict with unsupported responses counted right", false, rr_lenient },
	{ "no_correct", "questions without a right response in the first 5", true, none_strict },
	{ "no_correct_lenient", "questions without a right or unsupported response in the first 5", true, none_lenient },
	{ "unjudged", "responses without a judgment (scored as wrong)", true, unjudged_of },
};
#define N_TREC_MEASURES (sizeof trec_measures / sizeof trec_measures[0])

size_t xlqa_trec_measure_count(void)
{
	return N_TREC_MEASURES;
}

const struct xlqa_trec_measure *xlqa_trec_measure_at(size_t i)
{
	return i < N_TREC_MEASURES ? &trec_measures[i] : NULL;
}

const struct xlqa_trec_measure *xlqa_trec_measure_find(const char *name)
{
	for (size_t i = 0; i < N_TREC_MEASURES; i++)
		if (strcmp(trec_measures[i].name, name) == 0)
			return &trec_measures[i];
	return NULL;
}

double xlqa_trec_measure_value(const struct xlqa_trec_measure *m, const struct xlqa_trec_rr *q, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += m->question(&q[i]);
	return m->is_count ? sum : n ? sum / (double)n : NAN;
}

double xlqa_trec_statistic(const void *units, size_t n, const void *measure)
{
	return xlqa_trec_measure_value(measure, units, n);
}

/* Best ranks of one question; 0 means none. */
struct best {
	unsigned strict, lenient;
};

int xlqa_trec_mrr_compute(const struct xlqa_trec_run *run, const char *const *qids, size_t n,
                          struct xlqa_trec_mrr *out, struct xlqa_error *err)
{
	struct xlqa_hash best;
	struct best *cells = calloc(run->count ? run->count : 1, sizeof *cells);
	const char **own = NULL;
	size_t used = 0, n_own = 0;
	double strict = 0, lenient = 0;
	int rc = XLQA_OK;

	memset(out, 0, sizeof *out);
	xlqa_hash_init(&best);
	if (!cells || (!qids && !(own = calloc(run->count ? run->count : 1, sizeof *own)))) {
		rc = XLQA_ENOMEM;
		goto done;
	}
	for (size_t i = 0; i < run->count && !rc; i++) {
		const struct xlqa_trec_response *r = &run->responses[i];
		void *v = NULL;
		struct best *b;

		if (!xlqa_hash_get(&best, r->qid, strlen(r->qid), &v)) {
			v = &cells[used++];
			if ((rc = xlqa_hash_put(&best, r->qid, strlen(r->qid), v, NULL)))
				break;
			if (own)
				own[n_own++] = r->qid;
		}
		b = v;
		if (r->judgment == XLQA_TREC_UNJUDGED)
			out->unjudged++;
		if (r->rank < 1 || r->rank > RANKED_MAX_RANK)
			continue;
		if (r->judgment == XLQA_TREC_RIGHT && (!b->strict || r->rank < b->strict))
			b->strict = r->rank;
		if ((r->judgment == XLQA_TREC_RIGHT || r->judgment == XLQA_TREC_UNSUPPORTED) &&
		    (!b->lenient || r->rank < b->lenient))
			b->lenient = r->rank;
	}
	if (rc)
		goto done;
	if (!qids) {
		qids = own;
		n = n_own;
	}
	for (size_t i = 0; i < n; i++) {
		void *v = NULL;
		const struct best *b = xlqa_hash_get(&best, qids[i], strlen(qids[i]), &v) ? v : NULL;

		strict += b && b->strict ? 1.0 / b->strict : 0;
		lenient += b && b->lenient ? 1.0 / b->lenient : 0;
		out->no_correct_strict += !(b && b->strict);
		out->no_correct_lenient += !(b && b->lenient);
	}
	out->questions = n;
	if (n == 0) {
		rc = xlqa_error_set(err, XLQA_EEMPTY, "no question to score");
		goto done;
	}
	out->mrr_strict = strict / (double)n;
	out->mrr_lenient = lenient / (double)n;
done:
	if (rc == XLQA_ENOMEM)
		xlqa_error_set(err, rc, "out of memory scoring a run");
	xlqa_hash_release(&best);
	free(cells);
	free(own);
	return rc;
}
