/*
 * icu: the extractors ICU's locale data drives (extract-internal.h), run by xlqa_extract_run
 * around the pack-driven ones. Numbers: words ICU spells out that the pack does not list become
 * numeric tokens ("doscientos", "dreiundzwanzig"), runs of number words joined by connectors or
 * hyphens ("two hundred and fifty", "treinta y uno", "twenty-three"), digits with an abbreviated
 * scale ("1,2 Mio.", "3 Mrd") or grouped by blanks ("5 500 000") become NUMBER and MEASURE spans, and
 * every number span gets its value. Names: ICU's names of countries and languages in the target
 * language, lower-case ones ("alemán", "inglesas") in any case. Dates: dates.c; the helpers every
 * extractor shares (token tests, the one way a span is made): spans.c.
 *
 * Invariant: no span is added twice (same kind and tokens), every added span lies in one sentence,
 * and the tables are those of the language of the run (rebuilt when it changes).
 */
#include "config.h"

#include "extract-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RUN_WORDS 12 /* number words in one run */

/* ---- numbers ---------------------------------------------------------------------------------- */

/*
 * How written numbers combine (a running total and the group being read): a scale multiplies the
 * group before it ("tres mil", "2,5 millones"), a hundred the number before it, stacked scales
 * multiply ("mil millones"), other numbers add ("mil novecientos noventa y cuatro" = 1000 + 994).
 */
struct combiner {
	double total, cur;
};

static void combine(struct combiner *c, double v, bool scale)
{
	if (!scale)
		c->cur += v;
	else if (v == 100)
		c->cur = (c->cur > 0 ? c->cur : 1) * 100;
	else if (c->cur == 0 && c->total > 0 && c->total < v)
		c->total *= v;
	else {
		c->total += (c->cur > 0 ? c->cur : 1) * v;
		c->cur = 0;
	}
}

/*
 * A one-word numeral the table does not hold ("dreitausendfünfhundert", "duemilatrecento"): its first
 * and last three bytes must be edges of the pieces ICU writes numerals with, and the word must split
 * into cardinals of the table (dynamic programming over byte offsets, fewest pieces: "drei" "tausend"
 * "fünfhundert"), whose values combine. Results, failures included, are cached per resources.
 * ICU's lenient spell-out parser would read these too, but its first call costs about 10^8
 * instructions and each further one 90 us: more than all other extraction of a run.
 */
static const struct qa_icu_number *parse_compound(struct xlqa_extract_resources *r, const char *norm,
                                                  struct xlqa_error *err, int *rc)
{
	enum { MAX = 64, PIECE = 24 };
	size_t len = strlen(norm), pieces[MAX + 1], from[MAX + 1];
	const struct qa_icu_number *piece[MAX + 1];
	char edge[8];
	void *cached;
	struct qa_icu_number *num = NULL;

	*rc = XLQA_OK;
	if (!r->edges.count || len < 6 || len > MAX)
		return NULL;
	snprintf(edge, sizeof edge, "<%.3s", norm);
	if (!xlqa_hash_get(&r->edges, edge, 4, NULL))
		return NULL;
	snprintf(edge, sizeof edge, "%.3s>", norm + len - 3);
	if (!xlqa_hash_get(&r->edges, edge, 4, NULL))
		return NULL;
	if (xlqa_hash_get(&r->parsed, norm, len, &cached))
		return cached;
	pieces[0] = 0;
	for (size_t j = 1; j <= len; j++)
		pieces[j] = SIZE_MAX;
	for (size_t i = 0; i < len; i++)
		for (size_t j = i + 3; pieces[i] != SIZE_MAX && j <= len && j - i <= PIECE; j++) {
			const struct qa_icu_number *p = qa_icu_number_of(r, norm + i, j - i);

			if (p && !p->ordinal && pieces[i] + 1 < pieces[j]) {
				pieces[j] = pieces[i] + 1;
				from[j] = i;
				piece[j] = p;
			}
		}
	if (pieces[len] != SIZE_MAX && pieces[len] > 1) {
		const struct qa_icu_number *seq[MAX];
		struct combiner c = { 0, 0 };
		size_t n = 0;

		for (size_t j = len; j > 0; j = from[j])
			seq[n++] = piece[j];
		while (n--)
			combine(&c, seq[n]->value, seq[n]->scale);
		if (!(num = xlqa_arena_alloc(&r->arena, sizeof *num))) {
			*rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			return NULL;
		}
		*num = (struct qa_icu_number){ c.total + c.cur, false, false };
	}
	if (xlqa_hash_put(&r->parsed, norm, len, num, NULL))
		*rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	return num;
}

/* The token before `i` in the same sentence is a numeral written in digits. */
static bool after_digits(const struct xlqa_token *tok, size_t i)
{
	return i > 0 && tok[i - 1].sentence == tok[i].sentence && tok[i - 1].kind == XLQA_SPAN_NUMBER &&
	       (tok[i - 1].flags & XLQA_TOKEN_NUMERIC);
}

int qa_icu_mark(struct xlqa_lang *lang, struct xlqa_extraction *x, struct xlqa_error *err)
{
	struct xlqa_extract_resources *r;
	struct xlqa_token *tok = x->a.tokens;
	int rc = XLQA_OK;

	if (x->res && x->res->info != xlqa_lang_get_info(lang)) {
		qa_icu_free(x->res);
		x->res = NULL;
	}
	if (!x->res && (rc = qa_icu_new(lang, &x->res, err)))
		return rc;
	r = x->res;
	if (XLQA_ARRAY_RESERVE(r->tok_roles, r->alloc_roles, x->a.n_tokens + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < x->a.n_tokens && rc == XLQA_OK; i++) {
		struct xlqa_token *t = &tok[i];
		const struct qa_icu_number *num = NULL;
		unsigned roles = r->tok_roles[i] = t->kind == XLQA_SPAN_WORD ? qa_icu_roles(r, t->norm) : 0;

		/* ordinals are left to the century extractor: "Zweiten Weltkrieg" stays a name */
		if (t->kind != XLQA_SPAN_WORD ||
		    (t->flags & (XLQA_TOKEN_NUMERIC | XLQA_TOKEN_STOP | XLQA_TOKEN_ARTICLE | XLQA_TOKEN_MONTH |
		                 XLQA_TOKEN_WEEKDAY)))
			continue;
		if ((roles & QA_ROLE_NUMBER) || ((roles & QA_ROLE_SCALE) && after_digits(tok, i)))
			num = qa_icu_number_of(r, t->norm, strlen(t->norm));
		else if (!roles)
			num = parse_compound(r, t->norm, err, &rc);
		if (num && !num->ordinal) {
			t->flags |= XLQA_TOKEN_NUMERIC;
			t->value = num->value;
		}
	}
	return rc;
}

/* A number word or numeral with a value (not an ordinal, not "12.03.1994"). */
static bool cardinal(const struct xlqa_token *t)
{
	return (t->flags & XLQA_TOKEN_NUMERIC) && !(t->flags & XLQA_TOKEN_ORDINAL);
}

/* A hyphen touching the tokens on both sides: "twenty-three". */
static bool inner_hyphen(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i)
{
	return i > 0 && i + 1 < n_tok && qa_punct_is(text, &tok[i], "-") && tok[i - 1].end == tok[i].start &&
	       tok[i].end == tok[i + 1].start;
}

bool qa_blank_group(const char *text, const struct xlqa_token *prev, const struct xlqa_token *t)
{
	size_t gap = t->start - prev->end;
	const unsigned char *g = (const unsigned char *)text + prev->end;

	if (t->kind != XLQA_SPAN_NUMBER || t->end - t->start != 3 || prev->kind != XLQA_SPAN_NUMBER ||
	    !(t->flags & XLQA_TOKEN_NUMERIC) || !(prev->flags & XLQA_TOKEN_NUMERIC) || memchr(text + t->start, '.', 3) ||
	    memchr(text + t->start, ',', 3))
		return false;
	return (gap == 1 && g[0] == ' ') || (gap == 2 && g[0] == 0xC2 && g[1] == 0xA0) ||
	       (gap == 3 && g[0] == 0xE2 && g[1] == 0x80 && (g[2] == 0xAF || g[2] == 0x89));
}

/*
 * The end (exclusive) of the number run starting at `i`: number words, connectors and inner hyphens
 * between number words, a scale abbreviation's period, blank-grouped digits after a short first group.
 * *joined says the run holds something the pack-driven extractor does not join.
 */
static size_t run_end(const struct xlqa_extract_resources *r, const char *text, const struct xlqa_token *tok,
                      size_t n_tok, size_t i, bool *joined)

{
	size_t last = i, j = i + 1, s = tok[i].sentence;
	bool grouped = tok[i].kind == XLQA_SPAN_NUMBER && tok[i].end - tok[i].start <= 3;

	*joined = false;
	while (j < n_tok && tok[j].sentence == s && j - i < MAX_RUN_WORDS) {
		const struct xlqa_token *t = &tok[j];

		if (cardinal(t) && t->kind == XLQA_SPAN_WORD) {
			last = j++;
		} else if (grouped && j == last + 1 && qa_blank_group(text, &tok[last], t)) {
			last = j++;
			*joined = true;
		} else if (j + 1 < n_tok && tok[j + 1].sentence == s && cardinal(&tok[j + 1]) &&
		           tok[j + 1].kind == XLQA_SPAN_WORD && tok[last].kind == XLQA_SPAN_WORD &&
		           ((r->tok_roles[j] & QA_ROLE_CONNECTOR) ||
		            inner_hyphen(text, tok, n_tok, j))) {
			j++;
			*joined = true;
		} else if (j == last + 1 && qa_punct_is(text, t, ".") && t->start == tok[last].end &&
		           (r->tok_roles[last] & QA_ROLE_SCALE)) {
			j++; /* "Mio." */
			*joined = true;
			break;
		} else
			break;
	}
	return last + 1 < j && !qa_punct_is(text, &tok[last + 1], ".") ? last + 1 : j;
}

/* Scale words of a pack: their values are powers of a thousand, or a hundred. */
static bool scale_value(double v)
{
	return v == 100 || v == 1e3 || v == 1e6 || v == 1e9 || v == 1e12;
}

/*
 * The value of the number tokens [i, end): the longest spelled-out numbers of ICU's table first
 * ("quatre vingt dix" 90, "twenty one"), then pack words and numerals, combined (struct combiner);
 * blank-grouped digits concatenate ("5 500 000").
 */
static double run_value(struct xlqa_extract_resources *r, const char *text, const struct xlqa_token *tok, size_t i,
                        size_t end)
{
	struct combiner c = { 0, 0 };
	size_t p = i;

	while (p < end) {
		const struct xlqa_token *t = &tok[p];
		const struct qa_icu_number *best = NULL;
		size_t best_end = p + 1;

		if (t->kind == XLQA_SPAN_NUMBER) {
			if (p > i && qa_blank_group(text, &tok[p - 1], t))
				c.cur = c.cur * 1000 + t->value;
			else
				c.cur += t->value;
			p++;
			continue;
		}
		if (t->kind != XLQA_SPAN_WORD ||
		    (!(r->tok_roles[p] & (QA_ROLE_NUMBER | QA_ROLE_SCALE)) && !(t->flags & XLQA_TOKEN_NUMERIC))) {
			p++; /* a hyphen, a period, a connector */
			continue;
		}
		/* the longest key of the table from p */
		xlqa_buf_reset(&r->buf);
		for (size_t q = p, words = 0; q < end && words < r->max_number_words; q++) {
			const struct qa_icu_number *num;

			if (tok[q].kind != XLQA_SPAN_WORD)
				continue;
			if (words++ && xlqa_buf_addch(&r->buf, ' '))
				break;
			for (const char *ch = tok[q].norm; *ch; ch++)
				if (xlqa_buf_addch(&r->buf, *ch == '-' ? ' ' : *ch))
					break;
			if ((num = qa_icu_number_of(r, r->buf.buf, r->buf.len)) && !num->ordinal) {
				best = num;
				best_end = q + 1;
			}
		}
		if (best)
			combine(&c, best->value, best->scale && best_end == p + 1);
		else
			combine(&c, t->value, scale_value(t->value));
		p = best_end;
	}
	return c.total + c.cur;
}

bool qa_counted(const char *text, const struct xlqa_token *t)
{
	return qa_punct_is(text, t, "%") ||
	       ((t->kind == XLQA_SPAN_WORD || t->kind == XLQA_SPAN_NUMBER) &&
	        !(t->flags & (XLQA_TOKEN_STOP | XLQA_TOKEN_MONTH | XLQA_TOKEN_NUMERIC)));
}

static int extract_numbers(const char *text, struct xlqa_extraction *x, struct xlqa_error *err)
{
	struct xlqa_extract_resources *r = x->res;
	const struct xlqa_token *tok = x->a.tokens;
	size_t n_tok = x->a.n_tokens;
	int rc = XLQA_OK;

	for (size_t i = 0; i < n_tok && rc == XLQA_OK;) {
		size_t end;
		bool joined;
		double v;

		if (!cardinal(&tok[i])) {
			i++;
			continue;
		}
		end = run_end(r, text, tok, n_tok, i, &joined);
		if (joined) {
			v = run_value(r, text, tok, i, end);
			if (!(rc = qa_icu_add(x, i, end - i, XLQA_EXTRACT_NUMBER, v, NULL, err)) && end < n_tok &&
			    tok[end].sentence == tok[i].sentence && qa_counted(text, &tok[end]))
				rc = qa_icu_add(x, i, end - i + 1, XLQA_EXTRACT_MEASURE, v, NULL, err);
		}
		i = end;
	}
	return rc;
}

/* The value of a span of extract.c's: its first run of number tokens, a currency sign before it skipped. */
static double span_value(struct xlqa_extraction *x, const char *text, const struct xlqa_extract_span *s)
{
	const struct xlqa_token *tok = x->a.tokens;
	size_t i = s->first, end;
	bool joined;

	while (i < s->first + s->n && !cardinal(&tok[i]))
		i++;
	if (i == s->first + s->n)
		return NAN;
	end = run_end(x->res, text, tok, s->first + s->n, i, &joined);
	return run_value(x->res, text, tok, i, end);
}

/* ---- names ------------------------------------------------------------------------------------ */

/*
 * Names of countries and languages ICU gives in the target language: the longest at each word, as
 * ICU writes them: lower-case ones ("alemán", "estados unidos" is not) in any case, others capitalised;
 * and lower-case one-word names through their stem ("alemanas"). A name that is exactly a span of
 * extract.c's capitalised-run extractor is not added again.
 */
static int extract_names(struct xlqa_lang *lang, const char *text, struct xlqa_extraction *x, struct xlqa_error *err)
{
	struct xlqa_extract_resources *r = x->res;
	const struct xlqa_token *tok = x->a.tokens;
	size_t n_tok = x->a.n_tokens;
	struct xlqa_buf stem = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	for (size_t i = 0; i < n_tok && rc == XLQA_OK; i++) {
		const struct xlqa_token *t = &tok[i];
		size_t best = 0, words = 0;
		uintptr_t how = 0;

		if (t->kind != XLQA_SPAN_WORD ||
		    (t->flags & (XLQA_TOKEN_STOP | XLQA_TOKEN_ARTICLE | XLQA_TOKEN_NUMERIC | XLQA_TOKEN_MONTH |
		                 XLQA_TOKEN_WEEKDAY)))
			continue;
		if (r->tok_roles[i] & QA_ROLE_NAME) {
			xlqa_buf_reset(&r->buf);
			for (size_t q = i; q < n_tok && tok[q].sentence == t->sentence && words < r->max_name_words; q++) {
				void *v;

				if (tok[q].kind == XLQA_SPAN_PUNCT && inner_hyphen(text, tok, n_tok, q))
					continue;
				if (tok[q].kind != XLQA_SPAN_WORD || (words++ && xlqa_buf_addch(&r->buf, ' ')) ||
				    xlqa_buf_addstr(&r->buf, tok[q].norm))
					break;
				if (xlqa_hash_get(&r->names, r->buf.buf, r->buf.len, &v) &&
				    ((uintptr_t)v == 2 || qa_capitalised(text, &tok[q]) || q > i)) {
					best = q + 1;
					how = (uintptr_t)v;
				}
			}
			/* a capitalised name must start with a capital: "Chad", not "chad" */
			if (best && how == 1 && !qa_capitalised(text, t))
				best = 0;
		} else if (r->name_stems.count && strlen(t->norm) >= QA_MIN_STEM && xlqa_hash_get(&r->stem_edges, t->norm, 3, NULL)) {
			xlqa_buf_reset(&stem);
			if ((rc = xlqa_lang_stem(lang, t->norm, strlen(t->norm), &stem, err)))
				break;
			if (xlqa_hash_get(&r->name_stems, stem.buf, stem.len, NULL))
				best = i + 1;
		}
		if (best)
			rc = qa_icu_add(x, i, best - i, XLQA_EXTRACT_NAME, NAN, NULL, err);
		if (best)
			i = best - 1;
	}
	xlqa_buf_release(&stem);
	return rc;
}

/* ---- the hook after extract.c's extractors ------------------------------------------------------- */

int qa_icu_extract(struct xlqa_lang *lang, const char *text, struct xlqa_extraction *x, struct xlqa_error *err)
{
	size_t base = x->n;
	int rc;

	xlqa_arena_reset(&x->res->scratch);
	/* values of extract.c's spans first: what the extractors below add carries its own */
	for (size_t i = 0; i < base; i++) {
		struct xlqa_extract_span *s = &x->spans[i];

		if (s->kind == XLQA_EXTRACT_NUMBER || s->kind == XLQA_EXTRACT_MEASURE)
			s->value = span_value(x, text, s);
		else if (s->kind == XLQA_EXTRACT_YEAR)
			s->value = x->a.tokens[s->first].value;
		else if (s->kind == XLQA_EXTRACT_DATE)
			s->value = qa_icu_date_value(x, s);
	}
	if ((rc = extract_numbers(text, x, err)) || (rc = qa_icu_dates(lang, text, x, err)))
		return rc;
	return extract_names(lang, text, x, err);
}

bool qa_icu_is_name(const struct xlqa_extraction *x, const char *text, size_t first, size_t n)
{
	struct xlqa_extract_resources *r = x->res;
	const struct xlqa_token *tok = x->a.tokens;
	size_t words = 0;

	if (!r)
		return false;
	xlqa_buf_reset(&r->buf);
	for (size_t q = first; q < first + n; q++) {
		if (tok[q].kind == XLQA_SPAN_PUNCT && inner_hyphen(text, tok, x->a.n_tokens, q))
			continue;
		if (tok[q].kind != XLQA_SPAN_WORD || (words++ && xlqa_buf_addch(&r->buf, ' ')) ||
		    xlqa_buf_addstr(&r->buf, tok[q].norm))
			return false;
	}
	return words && xlqa_hash_get(&r->names, r->buf.buf, r->buf.len, NULL);
}
