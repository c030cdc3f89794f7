/*
 * judge: the registry of judges (see include/xlqa/eval.h) and the two that need nothing beyond this
 * module: a pool of assessors' judgments (judged runs, looked up by question, DOCNO and answer string,
 * as TREC's judgment sets are), the xquad-clef gold key with its normalisation convention, and TREC
 * answer patterns with documents (through the patterns module). Each judge also records, per
 * question, whether NIL is the right response when it knows.
 *
 * Invariant: a judge never invents a judgment; a response it has no basis for is NONE.
 */
#include "config.h"

#include "eval-internal.h"
#include "xlqa/eval.h"
#include "xlqa/patterns.h"
#include "xlqa/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Question numbers are 1..9999 (the CLEF format's four digits). */
#define QMAX 10000

/* One gold-key question. */
struct gold_entry {
	const char *docno;     /* the supporting document; NULL for a NIL question */
	const char **answers;  /* normalised alternatives, in the judge's arena */
	const char *written;   /* the answer column as written, blanks around it removed; "" for NIL */
	size_t n_answers;
	int64_t line;
};

struct judge_ops;

struct xlqa_judge {
	const struct judge_ops *ops;
	char lang[8];
	struct xlqa_arena mem;
	struct xlqa_hash pool;          /* judgments: "number\tDOCNO\tanswer" -> judgment */
	struct gold_entry **gold;       /* gold: QMAX pointers, NULL for a question not in the key */
	signed char nil_known[QMAX];    /* 1 NIL question, 0 answer exists, -1 unknown */
	size_t conflicts;
	size_t unmatchable;             /* gold entries with no answer left after normalisation */
	struct xlqa_buf scratch;        /* normalised response */
	void *extra;                    /* kind-specific state */
};

/* A judge kind: the public registry row and what it does. */
struct judge_ops {
	struct xlqa_judge_kind kind;
	bool pools;
	int (*load)(struct xlqa_judge *j, const char *path, struct xlqa_error *err);
	int (*judge)(struct xlqa_judge *j, const struct xlqa_clef_response *r, enum xlqa_judgment *out,
	             struct xlqa_error *err);
	void (*release)(struct xlqa_judge *j);
};

/* ---- judgments pool ---------------------------------------------------------------------------- */

static int pool_key(struct xlqa_buf *key, unsigned number, const char *docno, const char *answer)
{
	xlqa_buf_reset(key);
	return xlqa_buf_addf(key, "%u\t%s\t%s", number, docno, answer);
}

static int judgments_load(struct xlqa_judge *j, const char *path, struct xlqa_error *err)
{
	struct xlqa_clef_run run;
	struct xlqa_buf key = XLQA_BUF_INIT;
	int rc;

	xlqa_clef_run_init(&run);
	rc = xlqa_clef_run_read(&run, path, XLQA_CLEF_JUDGED, err);
	for (size_t i = 0; !rc && i < run.count; i++) {
		const struct xlqa_clef_response *r = &run.responses[i];
		void *old = NULL;

		rc = pool_key(&key, r->number, r->docno, r->answer);
		if (!rc && !xlqa_hash_get(&j->pool, key.buf, key.len, &old))
			rc = xlqa_hash_put(&j->pool, key.buf, key.len, (void *)(uintptr_t)r->judgment, NULL);
		else if (!rc && (enum xlqa_judgment)(uintptr_t)old != r->judgment)
			j->conflicts++;
		if (rc) {
			xlqa_error_set(err, rc, "%s: out of memory", path);
			break;
		}
		if (r->judgment == XLQA_JUDGMENT_R && r->nil && j->nil_known[r->number] < 0)
			j->nil_known[r->number] = 1;
		else if (!r->nil && r->judgment != XLQA_JUDGMENT_W && j->nil_known[r->number] < 0)
			j->nil_known[r->number] = 0;
	}
	xlqa_buf_release(&key);
	xlqa_clef_run_release(&run);
	return rc;
}

static int judgments_judge(struct xlqa_judge *j, const struct xlqa_clef_response *r, enum xlqa_judgment *out,
                           struct xlqa_error *err)
{
	void *value;
	int rc = pool_key(&j->scratch, r->number, r->docno, r->answer);

	if (rc)
		return xlqa_error_set(err, rc, "out of memory");
	*out = xlqa_hash_get(&j->pool, j->scratch.buf, j->scratch.len, &value) ? (enum xlqa_judgment)(uintptr_t)value
	                                                                     : XLQA_JUDGMENT_NONE;
	return XLQA_OK;
}

/* ---- gold key ---------------------------------------------------------------------------------- */

/* Normalises one alternative into the arena; *word is NULL when nothing is left of it. */
static int gold_alternative(struct xlqa_judge *j, const char *s, size_t n, const char **word,
                            struct xlqa_error *err)
{
	int rc;

	xlqa_buf_reset(&j->scratch);
	rc = xlqa_eval_normalize_answer(j->lang, s, n, &j->scratch, err);
	if (rc)
		return rc;
	*word = NULL;
	if (j->scratch.len && !(*word = xlqa_arena_strndup(&j->mem, j->scratch.buf, j->scratch.len)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	return XLQA_OK;
}

static int gold_line(struct xlqa_judge *j, const char *p, size_t n, int64_t line, const char *path,
                     struct xlqa_error *err)
{
	const char *tab1 = memchr(p, '\t', n), *tab2, *ans, *end = p + n;
	struct gold_entry *e;
	unsigned number;
	size_t cap = 0;
	int rc;

	if (!tab1 || !clef_parse_number(p, (size_t)(tab1 - p), &number))
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question number and a tab expected");
	tab2 = memchr(tab1 + 1, '\t', (size_t)(end - tab1 - 1));
	if (!tab2)
		tab2 = end;
	if (tab2 == tab1 + 1)
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "DOCNO or NIL expected");
	if (j->gold[number])
		return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question %04u repeats line %lld", number,
		                     (long long)j->gold[number]->line);
	e = xlqa_arena_alloc(&j->mem, sizeof *e);
	if (!e)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	memset(e, 0, sizeof *e);
	e->line = line;
	ans = tab2 < end ? tab2 + 1 : end;
	{
		const char *a = ans, *z = end;

		while (a < z && clef_blank(*a))
			a++;
		while (z > a && (clef_blank(z[-1]) || z[-1] == '\r'))
			z--;
		if (!(e->written = xlqa_arena_strndup(&j->mem, a, (size_t)(z - a))))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if ((size_t)(tab2 - tab1 - 1) == 3 && memcmp(tab1 + 1, "NIL", 3) == 0) {
		for (const char *q = ans; q < end; q++)
			if (!clef_blank(*q))
				return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "a NIL question has no answers");
		j->gold[number] = e;
		j->nil_known[number] = 1;
		return XLQA_OK;
	}
	if (!(e->docno = xlqa_arena_strndup(&j->mem, tab1 + 1, (size_t)(tab2 - tab1 - 1))))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	/* Alternatives separated by "|||". */
	while (ans < end) {
		const char *sep = ans;
		const char *word;

		while (sep < end && !(end - sep >= 3 && memcmp(sep, "|||", 3) == 0))
			sep++;
		rc = gold_alternative(j, ans, (size_t)(sep - ans), &word, err);
		if (rc) {
			xlqa_error_prefix(err, "%s:%lld", path, (long long)line);
			return rc;
		}
		if (word) {
			if (e->n_answers == cap) {
				const char **grown;

				cap = cap ? 2 * cap : 4;
				grown = xlqa_arena_alloc(&j->mem, cap * sizeof *grown);
				if (!grown)
					return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
				if (e->n_answers)
					memcpy(grown, e->answers, e->n_answers * sizeof *grown);
				e->answers = grown;
			}
			e->answers[e->n_answers++] = word;
		}
		ans = sep < end ? sep + 3 : end;
	}
	/* every answer is articles or punctuation ("un"): no response can equal it, so the question stays
	 * answerable and every response to it is judged wrong; counted, for the caller to report */
	if (e->n_answers == 0)
		j->unmatchable++;
	j->gold[number] = e;
	j->nil_known[number] = 0;
	return XLQA_OK;
}

/* What gold_load hands xlqa_text_each_line: the judge, the key's path and the questions read. */
struct gold_lines {
	struct xlqa_judge *j;
	const char *path;
	size_t questions;
};

static int gold_each_line(void *ctx, const char *line, size_t n, int64_t lineno, struct xlqa_error *err)
{
	struct gold_lines *c = ctx;

	c->questions++;
	return gold_line(c->j, line, n, lineno, c->path, err);
}

static int gold_load(struct xlqa_judge *j, const char *path, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	struct gold_lines c = { j, path, 0 };
	int rc;

	if (!j->lang[0])
		return xlqa_error_set(err, XLQA_EINVAL, "a gold key needs the target language");
	j->gold = calloc(QMAX, sizeof *j->gold);
	if (!j->gold)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	rc = xlqa_file_read(path, &buf, err);
	if (!rc)
		rc = xlqa_text_each_line(buf.buf, buf.len, path, gold_each_line, &c, err);
	if (!rc && c.questions == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no questions", path);
	xlqa_buf_release(&buf);
	return rc;
}

/* True when the words of `needle` occur as a contiguous run of the words of `hay`. */
static bool contains_words(const char *hay, const char *needle)
{
	size_t hn = strlen(hay), nn = strlen(needle);

	for (size_t i = 0; nn && i + nn <= hn; i++)
		if ((i == 0 || hay[i - 1] == ' ') && (i + nn == hn || hay[i + nn] == ' ') && memcmp(hay + i, needle, nn) == 0)
			return true;
	return false;
}

/* Orders judgments from best to worst for picking among a question's alternatives. */
static int rank_of(enum xlqa_judgment j)
{
	return j == XLQA_JUDGMENT_R ? 3 : j == XLQA_JUDGMENT_X ? 2 : j == XLQA_JUDGMENT_U ? 1 : 0;
}

static int gold_judge(struct xlqa_judge *j, const struct xlqa_clef_response *r, enum xlqa_judgment *out,
                      struct xlqa_error *err)
{
	const struct gold_entry *e = r->number < QMAX ? j->gold[r->number] : NULL;
	enum xlqa_judgment best = XLQA_JUDGMENT_W;
	bool same_doc;
	int rc;

	*out = XLQA_JUDGMENT_NONE;
	if (!e)
		return XLQA_OK;
	if (!e->docno || r->nil) {
		*out = !e->docno && r->nil ? XLQA_JUDGMENT_R : XLQA_JUDGMENT_W;
		return XLQA_OK;
	}
	xlqa_buf_reset(&j->scratch);
	rc = xlqa_eval_normalize_answer(j->lang, r->answer, strlen(r->answer), &j->scratch, err);
	if (rc)
		return rc;
	same_doc = strcmp(r->docno, e->docno) == 0;
	for (size_t i = 0; j->scratch.len && i < e->n_answers; i++) {
		const char *g = e->answers[i];
		enum xlqa_judgment v = XLQA_JUDGMENT_W;

		if (strcmp(j->scratch.buf, g) == 0)
			v = same_doc ? XLQA_JUDGMENT_R : XLQA_JUDGMENT_U;
		else if (same_doc && (contains_words(j->scratch.buf, g) || contains_words(g, j->scratch.buf)))
			v = XLQA_JUDGMENT_X;
		if (rank_of(v) > rank_of(best))
			best = v;
	}
	*out = best;
	return XLQA_OK;
}

static void gold_release(struct xlqa_judge *j)
{
	free(j->gold);
}

/* ---- answer patterns --------------------------------------------------------------------------- */

/* The key's id for question `number`: "0092" as the xquad-clef keys write it, else "92"; NULL if none. */
static const char *pattern_qid(const struct xlqa_patterns *p, unsigned number, char buf[16])
{
	snprintf(buf, 16, "%04u", number);
	if (xlqa_patterns_count(p, buf))
		return buf;
	snprintf(buf, 16, "%u", number);
	return xlqa_patterns_count(p, buf) ? buf : NULL;
}

static int patterns_load(struct xlqa_judge *j, const char *path, struct xlqa_error *err)
{
	struct xlqa_patterns *p = NULL;
	int rc = xlqa_patterns_read(path, &p, err);

	if (rc)
		return rc;
	j->extra = p;
	/* A question without patterns has no answer in the collection (the benchmark's README). */
	memset(j->nil_known, 1, sizeof j->nil_known);
	j->nil_known[0] = -1;
	for (size_t i = 0; i < xlqa_patterns_questions(p); i++) {
		const char *qid = xlqa_patterns_qid(p, i);
		unsigned number;

		if (clef_parse_number(qid, strlen(qid), &number))
			j->nil_known[number] = 0;
	}
	return XLQA_OK;
}

static int patterns_judge(struct xlqa_judge *j, const struct xlqa_clef_response *r, enum xlqa_judgment *out,
                          struct xlqa_error *err)
{
	char buf[16];
	const char *qid = pattern_qid(j->extra, r->number, buf);
	unsigned match = 0;
	int rc;

	if (!qid || r->nil) {
		*out = !qid && r->nil ? XLQA_JUDGMENT_R : XLQA_JUDGMENT_W;
		return XLQA_OK;
	}
	rc = xlqa_patterns_match(j->extra, qid, r->answer, strlen(r->answer), r->docno, &match, err);
	if (rc)
		return rc;
	*out = !*r->answer || !(match & XLQA_PATTERN_ANSWER) ? XLQA_JUDGMENT_W
	       : (match & XLQA_PATTERN_DOC)                   ? XLQA_JUDGMENT_R
	                                                      : XLQA_JUDGMENT_U;
	return XLQA_OK;
}

static void patterns_release(struct xlqa_judge *j)
{
	xlqa_patterns_free(j->extra);
}

/* ---- the registry ------------------------------------------------------------------------------ */

static const struct judge_ops judge_kinds[] = {
	{ { "judgments", "assessors' judgments: judged runs, each line prefixed by R, X, U or W" }, true,
	  judgments_load, judgments_judge, NULL },
	{ { "gold", "a gold key (NNNN TAB DOCNO TAB answer ||| answer) with the xquad-clef convention" }, false,
	  gold_load, gold_judge, gold_release },
	{ { "patterns", "TREC answer patterns with documents (NNNN regex DOCNO); NIL right without patterns" }, false,
	  patterns_load, patterns_judge, patterns_release },
};

#define N_KINDS (sizeof judge_kinds / sizeof judge_kinds[0])

const struct xlqa_patterns *xlqa_judge_patterns(const struct xlqa_judge *j)
{
	return j->ops->load == patterns_load ? j->extra : NULL;
}

size_t xlqa_judge_kind_count(void)
{
	return N_KINDS;
}

const struct xlqa_judge_kind *xlqa_judge_kind_at(size_t i)
{
	return i < N_KINDS ? &judge_kinds[i].kind : NULL;
}

int xlqa_judge_open(const char *kind, const char *path, const char *lang, struct xlqa_judge **out,
                    struct xlqa_error *err)
{
	const struct judge_ops *ops = NULL;
	struct xlqa_judge *j;
	int rc;

	*out = NULL;
	for (size_t i = 0; i < N_KINDS; i++)
		if (strcmp(judge_kinds[i].kind.name, kind) == 0)
			ops = &judge_kinds[i];
	if (!ops)
		return xlqa_error_set(err, XLQA_ENOTFOUND, "no judge '%s' (judgments, gold, patterns)", kind);
	if (lang && strlen(lang) >= sizeof j->lang)
		return xlqa_error_set(err, XLQA_ENOTFOUND, "unknown language '%s'", lang);
	j = calloc(1, sizeof *j);
	if (!j)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	j->ops = ops;
	snprintf(j->lang, sizeof j->lang, "%s", lang ? lang : "");
	xlqa_arena_init(&j->mem, 0);
	xlqa_hash_init(&j->pool);
	xlqa_buf_init(&j->scratch);
	memset(j->nil_known, -1, sizeof j->nil_known);
	rc = ops->load(j, path, err);
	if (rc) {
		xlqa_judge_free(j);
		return rc;
	}
	*out = j;
	return XLQA_OK;
}

int xlqa_judge_add_file(struct xlqa_judge *j, const char *path, struct xlqa_error *err)
{
	if (!j->ops->pools)
		return xlqa_error_set(err, XLQA_EUNSUPPORTED, "a '%s' judge takes one file", j->ops->kind.name);
	return j->ops->load(j, path, err);
}

const char *xlqa_judge_kind_name(const struct xlqa_judge *j)
{
	return j->ops->kind.name;
}

size_t xlqa_judge_unmatchable(const struct xlqa_judge *j)
{
	return j->unmatchable;
}

size_t xlqa_judge_conflicts(const struct xlqa_judge *j)
{
	return j->conflicts;
}

int xlqa_judge_response(struct xlqa_judge *j, const struct xlqa_clef_response *r, enum xlqa_judgment *out,
                        struct xlqa_error *err)
{
	*out = XLQA_JUDGMENT_NONE;
	if (r->number == 0 || r->number >= QMAX)
		return XLQA_OK;
	return j->ops->judge(j, r, out, err);
}

int xlqa_judge_run(struct xlqa_judge *j, struct xlqa_clef_run *run, size_t *unjudged, struct xlqa_error *err)
{
	size_t none = 0;

	for (size_t i = 0; i < run->count; i++) {
		struct xlqa_clef_response *r = &run->responses[i];
		int rc = xlqa_judge_response(j, r, &r->judgment, err);

		if (rc) {
			if (r->line > 0)
				xlqa_error_prefix(err, "line %lld", (long long)r->line);
			return rc;
		}
		none += r->judgment == XLQA_JUDGMENT_NONE;
	}
	if (unjudged)
		*unjudged = none;
	return XLQA_OK;
}

int xlqa_judge_qrels(const struct xlqa_judge *j, struct xlqa_buf *out, size_t *nil, struct xlqa_error *err)
{
	size_t old = out->len, nils = 0;

	if (!j->gold)
		return xlqa_error_set(err, XLQA_EINVAL, "qrels come from a gold key, not from a '%s' judge", j->ops->kind.name);
	for (unsigned q = 1; q < QMAX; q++) {
		if (!j->gold[q])
			continue;
		if (!j->gold[q]->docno) {
			nils++;
			continue;
		}
		if (xlqa_buf_addf(out, "%04u 0 %s 1\n", q, j->gold[q]->docno)) {
			xlqa_buf_setlen(out, old);
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		}
	}
	if (nil)
		*nil = nils;
	return XLQA_OK;
}

int xlqa_judge_nil_question(const struct xlqa_judge *j, unsigned number)
{
	return number > 0 && number < QMAX ? j->nil_known[number] : -1;
}

const char *xlqa_judge_gold_answer(const struct xlqa_judge *j, unsigned number, const char **docno)
{
	const struct gold_entry *e = j && j->gold && number < QMAX ? j->gold[number] : NULL;

	if (docno)
		*docno = e ? (e->docno ? e->docno : "NIL") : NULL;
	return e ? (e->docno ? e->written : "NIL") : NULL;
}

void xlqa_judge_free(struct xlqa_judge *j)
{
	if (!j)
		return;
	if (j->ops->release)
		j->ops->release(j);
	xlqa_hash_release(&j->pool);
	xlqa_arena_release(&j->mem);
	xlqa_buf_release(&j->scratch);
	free(j);
}
