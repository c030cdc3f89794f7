/*
 * series: the TREC 2004-2007 question-series evaluation: the XML test set (libxml2), list keys, nugget
 * keys and nugget judgments, and the factoid / list / Other scores combined per series (TREC 2007 QA
 * guidelines, "Scoring"; pyramid weights: Lin and Demner-Fushman, HLT/NAACL 2006). Formats and
 * formulas are in include/xlqa/trec.h.
 *
 * Invariant: objects own every string they hand out (arenas); a score is computed only over the test
 * set's questions, in test-set order.
 */
#include "config.h"

#include "trec-internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

static const char *const qtype_names[XLQA_TREC_QTYPES] = { "FACTOID", "LIST", "OTHER" };

const char *xlqa_trec_qtype_name(enum xlqa_trec_qtype t)
{
	return (unsigned)t < XLQA_TREC_QTYPES ? qtype_names[t] : NULL;
}

/* ---- the XML test set ----------------------------------------------------------------------------- */

struct series_priv {
	struct xlqa_arena arena;
	struct xlqa_hash by_qid; /* qid -> struct xlqa_trec_question * (index + 1 stored, see find) */
	size_t q_alloc, t_alloc;
};

void xlqa_trec_series_free(struct xlqa_trec_series *s)
{
	if (!s)
		return;
	if (s->priv) {
		struct series_priv *priv = s->priv;

		xlqa_hash_release(&priv->by_qid);
		xlqa_arena_release(&priv->arena);
		free(priv);
	}
	free(s->targets);
	free(s->questions);
	free(s);
}

const struct xlqa_trec_question *xlqa_trec_series_find(const struct xlqa_trec_series *s, const char *qid)
{
	const struct series_priv *priv = s->priv;
	void *v = NULL;

	if (!xlqa_hash_get(&priv->by_qid, qid, strlen(qid), &v))
		return NULL;
	return &s->questions[(uintptr_t)v - 1];
}

/* An attribute or text content as a trimmed arena string ("" when absent); NULL when out of memory. */
static const char *arena_text(struct xlqa_arena *a, xmlChar *x)
{
	const char *s = x ? (const char *)x : "";
	size_t len = trec_trim(&s, strlen(s));
	char *copy = xlqa_arena_strndup(a, s, len);

	xmlFree(x);
	return copy;
}

static bool named(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static int add_question(struct xlqa_trec_series *s, const char *path, xmlNode *q, size_t target,
                        struct xlqa_error *err)
{
	struct series_priv *priv = s->priv;
	struct xlqa_trec_question *qq;
	const char *type;
	long line = xmlGetLineNo(q);
	size_t t;

	if (XLQA_ARRAY_RESERVE(s->questions, priv->q_alloc, s->n_questions + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	qq = &s->questions[s->n_questions];
	qq->qid = arena_text(&priv->arena, xmlGetProp(q, (const xmlChar *)"id"));
	type = arena_text(&priv->arena, xmlGetProp(q, (const xmlChar *)"type"));
	qq->text = arena_text(&priv->arena, xmlNodeGetContent(q));
	qq->target = target;
	if (!qq->qid || !type || !qq->text)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	if (!*qq->qid)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question without an 'id'");
	for (t = 0; t < XLQA_TREC_QTYPES && strcmp(type, qtype_names[t]) != 0; t++)
		;
	if (t == XLQA_TREC_QTYPES)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line,
		                     "question '%s' has type '%s', expected FACTOID, LIST or OTHER", qq->qid, type);
	qq->type = (enum xlqa_trec_qtype)t;
	if (xlqa_hash_find(&priv->by_qid, qq->qid, strlen(qq->qid)))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question '%s' appears twice", qq->qid);
	if (xlqa_hash_put(&priv->by_qid, qq->qid, strlen(qq->qid), (void *)(uintptr_t)(s->n_questions + 1), NULL))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	s->by_type[t]++;
	s->n_questions++;
	s->targets[target].count++;
	return XLQA_OK;
}

static int add_target(struct xlqa_trec_series *s, const char *path, xmlNode *tn, struct xlqa_error *err)
{
	struct series_priv *priv = s->priv;
	struct xlqa_trec_target *t;
	size_t index = s->n_targets;
	int rc = XLQA_OK;

	if (XLQA_ARRAY_RESERVE(s->targets, priv->t_alloc, s->n_targets + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	t = &s->targets[s->n_targets++];
	t->id = arena_text(&priv->arena, xmlGetProp(tn, (const xmlChar *)"id"));
	t->text = arena_text(&priv->arena, xmlGetProp(tn, (const xmlChar *)"text"));
	t->first = s->n_questions;
	t->count = 0;
	if (!t->id || !t->text)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	/* Questions sit in <qa><q .../></qa>; a bare <q> directly under the target is accepted too. */
	for (xmlNode *c = tn->children; c && !rc; c = c->next) {
		if (named(c, "q"))
			rc = add_question(s, path, c, index, err);
		else if (named(c, "qa"))
			for (xmlNode *q = c->children; q && !rc; q = q->next)
				if (named(q, "q"))
					rc = add_question(s, path, q, index, err);
	}
	return rc;
}

/* libxml2 goes on after some well-formedness errors; the first one is what the user must fix. */
struct first_error {
	bool set;
	int line;
	char message[256];
};

static void keep_first_error(void *data, xmlErrorPtr e)
{
	xmlParserCtxtPtr ctxt = data;
	struct first_error *fe = ctxt ? ctxt->_private : NULL;

	if (!fe || fe->set || !e || e->level < XML_ERR_ERROR)
		return;
	fe->set = true;
	fe->line = e->line;
	snprintf(fe->message, sizeof fe->message, "%s", e->message ? e->message : "unknown error");
	fe->message[strcspn(fe->message, "\n")] = '\0';
}

int xlqa_trec_series_read(const char *path, struct xlqa_trec_series **out, struct xlqa_error *err)
{
	struct first_error fe = { false, 0, "" };
	xmlParserCtxtPtr ctxt;
	xmlDocPtr doc;
	xmlNode *root;
	struct xlqa_trec_series *s;
	struct series_priv *priv;
	int rc = XLQA_OK;

	*out = NULL;
	if (!(ctxt = xmlNewParserCtxt()))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	ctxt->_private = &fe;
	ctxt->sax->serror = keep_first_error;
	doc = xmlCtxtReadFile(ctxt, path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!doc) {
		FILE *fp = fopen(path, "rb");

		if (!fp)
			rc = xlqa_error_set(err, XLQA_ENOTFOUND, "cannot open '%s'", path);
		else
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, fe.line, "XML not well formed: %s",
			                   fe.set ? fe.message : "unknown error");
		if (fp)
			fclose(fp);
		xmlFreeParserCtxt(ctxt);
		return rc;
	}
	s = calloc(1, sizeof *s);
	priv = calloc(1, sizeof *priv);
	if (!s || !priv) {
		free(s);
		free(priv);
		xmlFreeDoc(doc);
		xmlFreeParserCtxt(ctxt);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	}
	s->priv = priv;
	xlqa_arena_init(&priv->arena, 0);
	xlqa_hash_init(&priv->by_qid);
	root = xmlDocGetRootElement(doc);
	s->year = root ? arena_text(&priv->arena, xmlGetProp(root, (const xmlChar *)"year")) : "";
	if (!s->year)
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	for (xmlNode *n = root ? root->children : NULL; n && !rc; n = n->next)
		if (named(n, "target"))
			rc = add_target(s, path, n, err);
	if (!rc && s->n_targets == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no <target> element", path);
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctxt);
	if (rc) {
		xlqa_trec_series_free(s);
		return rc;
	}
	*out = s;
	return XLQA_OK;
}

/* ---- list keys ------------------------------------------------------------------------------------ */

/* The answers_list form: "# qid", an optional "Q: ..." line, then literal answers. */
static int read_answers_list(const char *path, const struct xlqa_buf *b, struct xlqa_patterns *p,
                             struct xlqa_error *err)
{
	struct trec_line l = { 0 };
	struct xlqa_buf qid = XLQA_BUF_INIT, answer = XLQA_BUF_INIT;
	size_t pos = 0;
	bool have_qid = false;
	int rc = XLQA_OK;

	while (!rc && trec_next_line(b->buf, b->len, &pos, &l)) {
		const char *s = l.s;
		size_t len = trec_trim(&s, l.len);

		if (len == 0)
			continue;
		if (s[0] == '#') {
			s++;
			len = trec_trim(&s, len - 1);
			xlqa_buf_reset(&qid);
			if (len == 0)
				rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, l.no, "'# qid' without a question id");
			else if (xlqa_buf_add(&qid, s, len))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			have_qid = true;
			continue;
		}
		if (len >= 2 && s[0] == 'Q' && s[1] == ':')
			continue;
		if (!have_qid) {
			rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, l.no, "answer before the first '# qid' line");
			break;
		}
		xlqa_buf_reset(&answer);
		if (xlqa_buf_add(&answer, s, len))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		else if ((rc = xlqa_patterns_add_literal(p, qid.buf, answer.buf, err)))
			xlqa_error_prefix(err, "%s:%lld", path, (long long)l.no);
	}
	xlqa_buf_release(&qid);
	xlqa_buf_release(&answer);
	return rc;
}

int xlqa_trec_list_key_read(const char *path, struct xlqa_patterns **out, struct xlqa_error *err)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct xlqa_patterns *p;
	const char *s;
	int rc;

	*out = NULL;
	if ((rc = trec_read_utf8(path, &b, err)))
		return rc;
	s = b.buf;
	while (*s && (trec_space(*s) || *s == '\n'))
		s++;
	if (*s != '#') {
		xlqa_buf_release(&b);
		return xlqa_patterns_read(path, out, err);
	}
	if (!(p = xlqa_patterns_new())) {
		xlqa_buf_release(&b);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	}
	rc = read_answers_list(path, &b, p, err);
	xlqa_buf_release(&b);
	if (!rc && xlqa_patterns_total(p) == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no answer", path);
	if (rc) {
		xlqa_patterns_free(p);
		return rc;
	}
	*out = p;
	return XLQA_OK;
}

/* ---- nugget keys --------------------------------------------------------------------------------- */

struct nugget {
	const char *id; /* the nugget number as written */
	double weight;
};
struct nugget_q {
	const char *qid;
	struct nugget *items;
	size_t count, alloc;
	double weight_sum;
};
struct xlqa_trec_nuggets {
	struct xlqa_hash by_qid; /* qid -> struct nugget_q * */
	struct nugget_q **order;
	size_t n, alloc, total;
	struct xlqa_arena arena;
};

void xlqa_trec_nuggets_free(struct xlqa_trec_nuggets *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->n; i++) {
		free(k->order[i]->items);
		free(k->order[i]);
	}
	free(k->order);
	xlqa_hash_release(&k->by_qid);
	xlqa_arena_release(&k->arena);
	free(k);
}

static const struct nugget_q *nugget_q_find(const struct xlqa_trec_nuggets *k, const char *qid, size_t len)
{
	void *v = NULL;

	return xlqa_hash_get(&k->by_qid, qid, len, &v) ? v : NULL;
}

static int nugget_add(struct xlqa_trec_nuggets *k, const char *qid, size_t qlen, const char *id, size_t idlen,
                      double weight)
{
	void *v = NULL;
	struct nugget_q *q;

	if (!xlqa_hash_get(&k->by_qid, qid, qlen, &v)) {
		if (XLQA_ARRAY_RESERVE(k->order, k->alloc, k->n + 1) || !(q = calloc(1, sizeof *q)))
			return XLQA_ENOMEM;
		q->qid = xlqa_arena_strndup(&k->arena, qid, qlen);
		if (!q->qid || xlqa_hash_put(&k->by_qid, qid, qlen, q, NULL)) {
			free(q);
			return XLQA_ENOMEM;
		}
		k->order[k->n++] = q;
		v = q;
	}
	q = v;
	for (size_t i = 0; i < q->count; i++)
		if (strlen(q->items[i].id) == idlen && memcmp(q->items[i].id, id, idlen) == 0)
			return XLQA_EPARSE;
	if (XLQA_ARRAY_RESERVE(q->items, q->alloc, q->count + 1))
		return XLQA_ENOMEM;
	if (!(q->items[q->count].id = xlqa_arena_strndup(&k->arena, id, idlen)))
		return XLQA_ENOMEM;
	q->items[q->count++].weight = weight;
	q->weight_sum += weight;
	k->total++;
	return XLQA_OK;
}

/* Splits s[0..len) at tabs into at most `max` trimmed fields; returns how many there are. */
static size_t tab_fields(const char *s, size_t len, const char **f, size_t *fl, size_t max)
{
	size_t n = 0;

	while (n < max) {
		const char *tab = n + 1 < max ? memchr(s, '\t', len) : NULL;
		size_t flen = tab ? (size_t)(tab - s) : len;

		f[n] = s;
		fl[n] = trec_trim(&f[n], flen);
		n++;
		if (!tab)
			break;
		len -= flen + 1;
		s = tab + 1;
	}
	return n;
}

static int nuggets_line(void *ctx, const char *path, const struct trec_line *l, struct xlqa_error *err)
{
	struct xlqa_trec_nuggets *k = ctx;
	const char *f[4], *qid, *id, *s = l->s;
	size_t fl[4], qlen, idlen, pos = 0;
	double weight;
	size_t n = tab_fields(l->s, l->len, f, fl, 4);
	int rc;

	/* "Qid 1.6: 'other' question for target Crips" heads each question of a vital/okay key. */
	if (trec_trim(&s, l->len) > 4 && memcmp(s, "Qid ", 4) == 0)
		return XLQA_OK;
	if (n == 4 && trec_parse_double(f[2], fl[2], &weight)) {
		/* pyramid: qid, nugget, weight, text */
		qid = f[0], qlen = fl[0], id = f[1], idlen = fl[1];
		if (weight < 0 || weight > 1)
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "nugget weight %g outside [0,1]",
			                     weight);
	} else if (n >= 3 && ((fl[1] == 5 && memcmp(f[1], "vital", 5) == 0) || (fl[1] == 4 && memcmp(f[1], "okay", 4) == 0)) &&
	           trec_next_field(f[0], fl[0], &pos, &qid, &qlen) && trec_next_field(f[0], fl[0], &pos, &id, &idlen) &&
	           pos == fl[0]) {
		weight = fl[1] == 5 ? 1.0 : 0.0;
	} else {
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no,
		                     "'qid<TAB>n<TAB>weight<TAB>text' or 'qid n<TAB>vital|okay<TAB>text' expected");
	}
	if (qlen == 0 || idlen == 0)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "question id or nugget number missing");
	rc = nugget_add(k, qid, qlen, id, idlen, weight);
	if (rc == XLQA_EPARSE)
		return xlqa_error_in(err, rc, path, -1, l->no, "nugget '%.*s' of question '%.*s' appears twice",
		                     (int)idlen, id, (int)qlen, qid);
	return rc ? xlqa_error_set(err, rc, "out of memory reading '%s'", path) : XLQA_OK;
}

int xlqa_trec_nuggets_read(const char *path, struct xlqa_trec_nuggets **out, struct xlqa_error *err)
{
	struct xlqa_trec_nuggets *k = calloc(1, sizeof *k);
	int rc;

	*out = NULL;
	if (!k)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	xlqa_hash_init(&k->by_qid);
	xlqa_arena_init(&k->arena, 0);
	rc = trec_each_line(path, false, nuggets_line, k, err);
	if (!rc && k->total == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no nugget", path);
	if (rc) {
		xlqa_trec_nuggets_free(k);
		return rc;
	}
	*out = k;
	return XLQA_OK;
}

size_t xlqa_trec_nuggets_questions(const struct xlqa_trec_nuggets *k)
{
	return k->n;
}

size_t xlqa_trec_nuggets_total(const struct xlqa_trec_nuggets *k)
{
	return k->total;
}

size_t xlqa_trec_nuggets_count(const struct xlqa_trec_nuggets *k, const char *qid, double *weight_sum)
{
	const struct nugget_q *q = nugget_q_find(k, qid, strlen(qid));

	if (weight_sum)
		*weight_sum = q ? q->weight_sum : 0;
	return q ? q->count : 0;
}

/* ---- nugget judgments ---------------------------------------------------------------------------- */

/* The nuggets a response holds: one flag per key nugget. */
struct nj_q {
	const struct nugget_q *key;
	bool *has;
};
struct xlqa_trec_nugget_judgments {
	struct xlqa_hash by_qid; /* qid -> struct nj_q * (arena) */
	struct xlqa_arena arena;
};

void xlqa_trec_nugget_judgments_free(struct xlqa_trec_nugget_judgments *j)
{
	if (!j)
		return;
	xlqa_hash_release(&j->by_qid);
	xlqa_arena_release(&j->arena);
	free(j);
}

/* What nj_line needs besides the line. */
struct nj_ctx {
	struct xlqa_trec_nugget_judgments *j;
	const struct xlqa_trec_nuggets *key;
};

static int nj_line(void *ctx, const char *path, const struct trec_line *l, struct xlqa_error *err)
{
	struct xlqa_trec_nugget_judgments *j = ((struct nj_ctx *)ctx)->j;
	const struct xlqa_trec_nuggets *key = ((struct nj_ctx *)ctx)->key;
	const char *qid, *id;
	size_t qlen, idlen, pos = 0;
	const struct nugget_q *kq;
	struct nj_q *q;

	if (!trec_next_field(l->s, l->len, &pos, &qid, &qlen))
		return XLQA_OK;
	if (!(kq = nugget_q_find(key, qid, qlen)))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "question '%.*s' is not in the nugget key",
		                     (int)qlen, qid);
	if (xlqa_hash_find(&j->by_qid, qid, qlen))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "question '%.*s' is listed twice", (int)qlen,
		                     qid);
	q = xlqa_arena_alloc(&j->arena, sizeof *q);
	if (!q || !(q->has = xlqa_arena_alloc(&j->arena, kq->count * sizeof *q->has)) ||
	    xlqa_hash_put(&j->by_qid, qid, qlen, q, NULL))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	q->key = kq;
	memset(q->has, 0, kq->count * sizeof *q->has);
	while (trec_next_field(l->s, l->len, &pos, &id, &idlen)) {
		size_t i;

		for (i = 0; i < kq->count; i++)
			if (strlen(kq->items[i].id) == idlen && memcmp(kq->items[i].id, id, idlen) == 0)
				break;
		if (i == kq->count)
			return xlqa_error_in(err, XLQA_EPARSE, path, -1, l->no, "question '%.*s' has no nugget '%.*s'",
			                     (int)qlen, qid, (int)idlen, id);
		q->has[i] = true;
	}
	return XLQA_OK;
}

int xlqa_trec_nugget_judgments_read(const char *path, const struct xlqa_trec_nuggets *key,
                                    struct xlqa_trec_nugget_judgments **out, struct xlqa_error *err)
{
	struct nj_ctx ctx = { calloc(1, sizeof *ctx.j), key };
	int rc;

	*out = NULL;
	if (!ctx.j)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory reading '%s'", path);
	xlqa_hash_init(&ctx.j->by_qid);
	xlqa_arena_init(&ctx.j->arena, 0);
	if ((rc = trec_each_line(path, true, nj_line, &ctx, err))) {
		xlqa_trec_nugget_judgments_free(ctx.j);
		return rc;
	}
	*out = ctx.j;
	return XLQA_OK;
}

/* ---- scoring -------------------------------------------------------------------------------------- */

void xlqa_trec_series_result_release(struct xlqa_trec_series_result *r)
{
	free(r->questions);
	free(r->targets);
	memset(r, 0, sizeof *r);
}

static bool is_nil(const struct xlqa_trec_response *r)
{
	return strcmp(r->docno, "NIL") == 0;
}

/* Right when a pattern matches and, for a +docs key, lists the response's document. */
static int instance_right(const struct xlqa_patterns *p, const struct xlqa_trec_response *r, size_t j, bool one,
                          bool *right, struct xlqa_error *err)
{
	unsigned m = 0;
	int rc = one ? xlqa_patterns_match_one(p, r->qid, j, r->answer, r->answer_len, r->docno, &m, err)
	             : xlqa_patterns_match(p, r->qid, r->answer, r->answer_len, r->docno, &m, err);

	*right = (m & XLQA_PATTERN_ANSWER) && (m & XLQA_PATTERN_DOC);
	return rc;
}

static int score_factoid(const struct xlqa_patterns *key, const struct xlqa_trec_response *r,
                         struct xlqa_trec_question_score *qs, struct xlqa_error *err)
{
	bool right = false;
	int rc = XLQA_OK;

	if (is_nil(r))
		right = xlqa_patterns_count(key, r->qid) == 0;
	else
		rc = instance_right(key, r, 0, false, &right, err);
	qs->returned += !is_nil(r);
	/* Only the first response of a factoid counts (the checker refuses a second). */
	if (!rc && qs->responses == 0)
		qs->correct = right;
	qs->f = qs->correct ? 1 : 0;
	return rc;
}

/*
 * Kuhn's augmenting path from response `r`: finds it a key instance, moving earlier responses to
 * other instances they also match when that frees one. owner[k] is the response holding instance k.
 */
static bool augment(const bool *adj, size_t n_keys, size_t r, bool *seen, size_t *owner)
{
	for (size_t k = 0; k < n_keys; k++) {
		if (!adj[r * n_keys + k] || seen[k])
			continue;
		seen[k] = true;
		if (owner[k] == SIZE_MAX || augment(adj, n_keys, owner[k], seen, owner)) {
			owner[k] = r;
			return true;
		}
	}
	return false;
}

/*
 * The distinct correct instances of a list question: the size of a maximum one-to-one assignment of
 * its non-NIL responses (the chain from `first` through `next`) to the key instances they match.
 * A greedy assignment undercounts: "Walking After Midnight" first would take "After Midnight" and
 * leave the later "After Midnight" nothing.
 */
static int score_list(const struct xlqa_patterns *key, const struct xlqa_trec_run *run, size_t first,
                      const size_t *next, struct xlqa_trec_question_score *qs, struct xlqa_error *err)
{
	size_t n_keys = xlqa_patterns_count(key, qs->question->qid), n_resp = 0, *rows, *owner;
	bool *adj, *seen;
	int rc = XLQA_OK;

	for (size_t i = first; i != SIZE_MAX; i = next[i])
		n_resp++;
	if (n_resp == 0 || n_keys == 0)
		return XLQA_OK;
	rows = calloc(n_resp, sizeof *rows);
	owner = calloc(n_keys, sizeof *owner);
	adj = calloc(n_resp * n_keys, sizeof *adj);
	seen = calloc(n_keys, sizeof *seen);
	if (!rows || !owner || !adj || !seen) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory scoring list question '%s'", qs->question->qid);
		goto done;
	}
	n_resp = 0;
	for (size_t i = first; i != SIZE_MAX; i = next[i])
		rows[n_resp++] = i;
	for (size_t r = 0; r < n_resp && !rc; r++)
		for (size_t k = 0; k < n_keys && !rc; k++)
			rc = instance_right(key, &run->responses[rows[r]], k, true, &adj[r * n_keys + k], err);
	for (size_t k = 0; k < n_keys; k++)
		owner[k] = SIZE_MAX;
	for (size_t r = 0; r < n_resp && !rc; r++) {
		memset(seen, 0, n_keys * sizeof *seen);
		qs->distinct += augment(adj, n_keys, r, seen, owner);
	}
done:
	free(rows);
	free(owner);
	free(adj);
	free(seen);
	return rc;
}

/* F with recall weighted beta^2 times precision; 0 when both are 0 (van Rijsbergen's F). */
static double f_beta(double precision, double recall, double beta)
{
	double b2 = beta * beta;

	return precision + recall > 0 ? (1 + b2) * precision * recall / (b2 * precision + recall) : 0;
}

static void finish_list(struct xlqa_trec_question_score *qs, size_t key_size)
{
	qs->key_size = key_size;
	qs->precision = qs->returned ? (double)qs->distinct / (double)qs->returned : 0;
	qs->recall = key_size ? (double)qs->distinct / (double)key_size : 0;
	qs->f = f_beta(qs->precision, qs->recall, 1);
}

/* NR, NP with the length allowance, and F(3) of an Other response (TREC 2007 guidelines). */
static void finish_other(struct xlqa_trec_question_score *qs, const struct xlqa_trec_nuggets *key,
                         const struct xlqa_trec_nugget_judgments *nj)
{
	const struct nugget_q *kq = nugget_q_find(key, qs->question->qid, strlen(qs->question->qid));
	void *v = NULL;
	const struct nj_q *q = nj && xlqa_hash_get(&nj->by_qid, qs->question->qid, strlen(qs->question->qid), &v) ? v : NULL;
	double got = 0;

	qs->key_size = kq ? kq->count : 0;
	qs->distinct = 0;
	for (size_t i = 0; q && i < q->key->count; i++)
		if (q->has[i]) {
			qs->distinct++;
			got += q->key->items[i].weight;
		}
	qs->allowance = 100 * qs->distinct;
	qs->recall = kq && kq->weight_sum > 0 ? got / kq->weight_sum : 0;
	/* "NP = 1 if length < allowance": at equality both branches give 1, and <= keeps 0/0 away. */
	qs->precision = qs->length <= qs->allowance ? 1 : 1 - (double)(qs->length - qs->allowance) / (double)qs->length;
	qs->f = f_beta(qs->precision, qs->recall, 3);
}

static int score_responses(const struct xlqa_trec_series *qs, const struct xlqa_trec_run *run,
                           const struct xlqa_trec_series_keys *keys, struct xlqa_trec_series_result *out,
                           struct xlqa_error *err)
{
	/* The non-NIL responses of each list question, chained: first[question], next[response]. */
	size_t *first = malloc((qs->n_questions ? qs->n_questions : 1) * sizeof *first);
	size_t *next = malloc((run->count ? run->count : 1) * sizeof *next);
	int rc = XLQA_OK;

	if (!first || !next) {
		free(first);
		free(next);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory scoring");
	}
	for (size_t i = 0; i < qs->n_questions; i++)
		first[i] = SIZE_MAX;
	for (size_t i = 0; i < run->count && !rc; i++) {
		const struct xlqa_trec_response *r = &run->responses[i];
		const struct xlqa_trec_question *q = xlqa_trec_series_find(qs, r->qid);
		struct xlqa_trec_question_score *s;
		size_t qi;

		if (!q)
			continue;
		qi = (size_t)(q - qs->questions);
		s = &out->questions[qi];
		if (q->type == XLQA_TREC_FACTOID && keys->factoid) {
			rc = score_factoid(keys->factoid, r, s, err);
		} else if (q->type == XLQA_TREC_LIST && keys->list) {
			s->returned += !is_nil(r);
			if (!is_nil(r)) {
				next[i] = first[qi];
				first[qi] = i;
			}
		} else if (q->type == XLQA_TREC_OTHER) {
			s->returned += !is_nil(r);
			s->length += trec_nonspace_chars(r->answer, r->answer_len);
		}
		s->responses++;
	}
	for (size_t qi = 0; qi < qs->n_questions && !rc; qi++)
		if (first[qi] != SIZE_MAX)
			rc = score_list(keys->list, run, first[qi], next, &out->questions[qi], err);
	free(first);
	free(next);
	return rc;
}

/* Adds x to a running mean kept as (sum, count). */
struct mean {
	double sum;
	size_t n;
};
static void mean_add(struct mean *m, double x)
{
	m->sum += x;
	m->n++;
}
static double mean_of(const struct mean *m)
{
	return m->n ? m->sum / (double)m->n : -1;
}

int xlqa_trec_series_score(const struct xlqa_trec_series *qs, const struct xlqa_trec_run *run,
                           const struct xlqa_trec_series_keys *keys, struct xlqa_trec_series_result *out,
                           struct xlqa_error *err)
{
	bool scored[XLQA_TREC_QTYPES] = { keys->factoid != NULL, keys->list != NULL,
		                          keys->nuggets != NULL && keys->nugget_judgments != NULL };
	struct mean all[XLQA_TREC_QTYPES] = { { 0, 0 } }, run_score = { 0, 0 };
	int rc;

	memset(out, 0, sizeof *out);
	out->questions = calloc(qs->n_questions ? qs->n_questions : 1, sizeof *out->questions);
	out->targets = calloc(qs->n_targets ? qs->n_targets : 1, sizeof *out->targets);
	if (!out->questions || !out->targets) {
		xlqa_trec_series_result_release(out);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory scoring");
	}
	out->n_questions = qs->n_questions;
	out->n_targets = qs->n_targets;
	for (size_t i = 0; i < qs->n_questions; i++)
		out->questions[i].question = &qs->questions[i];
	if ((rc = score_responses(qs, run, keys, out, err))) {
		xlqa_trec_series_result_release(out);
		return rc;
	}
	for (size_t t = 0; t < qs->n_targets; t++) {
		const struct xlqa_trec_target *tg = &qs->targets[t];
		struct xlqa_trec_target_score *ts = &out->targets[t];
		struct mean per[XLQA_TREC_QTYPES] = { { 0, 0 } }, combined = { 0, 0 };
		double *component[XLQA_TREC_QTYPES] = { &ts->factoid, &ts->list, &ts->other };

		ts->target = tg;
		for (size_t i = tg->first; i < tg->first + tg->count; i++) {
			struct xlqa_trec_question_score *s = &out->questions[i];
			enum xlqa_trec_qtype type = s->question->type;

			if (!scored[type])
				continue;
			if (type == XLQA_TREC_LIST)
				finish_list(s, xlqa_patterns_count(keys->list, s->question->qid));
			else if (type == XLQA_TREC_OTHER)
				finish_other(s, keys->nuggets, keys->nugget_judgments);
			mean_add(&per[type], s->f);
			mean_add(&all[type], s->f);
		}
		for (size_t k = 0; k < XLQA_TREC_QTYPES; k++) {
			*component[k] = mean_of(&per[k]);
			if (per[k].n)
				mean_add(&combined, *component[k]);
		}
		ts->combined = combined.n ? mean_of(&combined) : 0;
		mean_add(&run_score, ts->combined);
	}
	out->factoid_accuracy = mean_of(&all[XLQA_TREC_FACTOID]);
	out->list_f = mean_of(&all[XLQA_TREC_LIST]);
	out->other_f = mean_of(&all[XLQA_TREC_OTHER]);
	out->score = run_score.n ? mean_of(&run_score) : 0;
	return XLQA_OK;
}
