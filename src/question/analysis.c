/*
 * analysis: the analysis of one question (include/xlqa/question.h). The question is tokenised by the
 * language pack, the language's rules (rules.c) decide the category, answer type, subtype and focus,
 * and what the rules did not use becomes weighted keywords: names (runs of capitalised words) weigh 2,
 * numbers 1.5, other content words 1, the focus noun 0.5; stop words, articles and the words a rule
 * matched literally (the interrogatives) are left out.
 *
 * Invariant: after a successful analysis every keyword has weight > 0 and text inside q->arena, and
 * q->type/q->subtype agree with the registries below.
 */
#include "config.h"

#include "question-internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

/* Keyword weights: names identify the passage best, numbers nearly as well (they pass translation
 * unchanged); the focus noun is often absent from the answer's sentence ("city"). */
#define WEIGHT_NAME 2.0
#define WEIGHT_NUMBER 1.5
#define WEIGHT_WORD 1.0
#define WEIGHT_FOCUS 0.5
#define KIND_HEAD_REACH 3   /* words from a kind noun to the noun it asks a kind of ("kind of the [effect]") */
#define TEMPORAL_LOOKBACK 3 /* words between a temporal cue ("im") and its year ("im Jahr 1994") */

void xlqa_question_init(struct xlqa_question *q)
{
	memset(q, 0, sizeof *q);
	xlqa_analysis_init(&q->tokens);
	xlqa_arena_init(&q->arena, 0);
}

void xlqa_question_release(struct xlqa_question *q)
{
	free(q->keywords);
	free(q->times);
	xlqa_analysis_release(&q->tokens);
	xlqa_arena_release(&q->arena);
	memset(q, 0, sizeof *q);
}

/* True when the word's first character is an upper-case or title-case letter. */
static bool capitalised(const char *s, size_t len)
{
	UChar32 c;
	int32_t i = 0;

	U8_NEXT(s, i, (int32_t)len, c);
	return c >= 0 && (u_isupper(c) || u_istitle(c));
}

bool qa_acronym(const char *s, size_t len)
{
	int32_t i = 0, letters = 0;

	while (i < (int32_t)len) {
		UChar32 c;
		U8_NEXT(s, i, (int32_t)len, c);
		if (c < 0 || u_islower(c))
			return false;
		letters += u_isalpha(c) != 0;
	}
	return letters >= 2;
}

static const char *surface(const struct qa_words *w, size_t i, size_t *len)
{
	*len = w->tok[i]->end - w->tok[i]->start;
	return w->text + w->tok[i]->start;
}

/*
 * True when word i is a name word: capitalised and, where nouns are capitalised too (German), unknown
 * to the dictionary or an acronym. Stop words, months and weekdays ("Março") are never names.
 */
static bool name_like(const struct qa_words *w, size_t i, bool cap_nouns)
{
	size_t len;
	const char *s = surface(w, i, &len);

	if (!w->cap[i] || w->stop[i] || (w->tok[i]->flags & (XLQA_TOKEN_MONTH | XLQA_TOKEN_WEEKDAY)))
		return false;
	/* a compound of known words is a noun ("Forschungsfeld"), though hunspell gives it no lemma */
	return !cap_nouns || qa_acronym(s, len) || (w->tok[i]->lemmas.n == 0 && w->tok[i]->parts.n < 2);
}

/* True when word i starts or continues a name keyword. The first word of a question is capitalised
 * anyway, so it counts only as an acronym or before another name word. */
static bool name_word(const struct qa_words *w, size_t i)
{
	size_t len;
	const char *s = surface(w, i, &len);

	if (!w->name[i])
		return false;
	return i > 0 || qa_acronym(s, len) || (w->n > 1 && w->name[1]);
}

/* True when a comma, semicolon, colon or bracket stands between words j - 1 and j: no name goes on
 * across it ("el patrón de Temujin, Toghrul" names two). */
static bool name_break(const struct qa_words *w, size_t j)
{
	for (const struct xlqa_token *t = w->tok[j - 1] + 1; t < w->tok[j]; t++)
		if (t->kind == XLQA_SPAN_PUNCT && t->end > t->start && strchr(",;:()[]", w->text[t->start]))
			return true;
	return false;
}

/* True when the word is an inflected form of one of its lemmas: the lemma and an ending the rules list
 * as an adjective's (adjective-endings: "europäische", "irischen": "europäisch", "irisch"). Verb forms
 * fall short of their infinitive. */
static bool inflected_adjective(const struct xlqa_question_rules *rules, const struct xlqa_token *t)
{
	size_t n = strlen(t->norm);

	for (size_t k = 0; k < t->lemmas.n; k++) {
		size_t l = strlen(t->lemmas.items[k]);
		if (l < n && memcmp(t->norm, t->lemmas.items[k], l) == 0 &&
		    qa_rules_adjective_ending(rules, t->norm + l, n - l))
			return true;
	}
	return false;
}

/*
 * German writes an adjective in lower case before its noun unless the two make a name ("der Schwarze
 * Tod", "die Europäische Menschenrechtskonvention", "dem Irischen Kanal"): a capitalised inflected
 * adjective inside the question makes it and the capitalised word after it name words.
 */
static void adjective_names(const struct xlqa_question_rules *rules, struct qa_words *w)
{
	for (size_t i = 1; i + 1 < w->n; i++) {
		const struct xlqa_token *a = w->tok[i], *b = w->tok[i + 1];

		if (w->cap[i] && w->cap[i + 1] && !w->stop[i] && !w->stop[i + 1] && !name_break(w, i + 1) &&
		    !((a->flags | b->flags) & XLQA_TOKEN_NUMERIC) && inflected_adjective(rules, a))
			w->name[i] = w->name[i + 1] = true;
	}
}

/* Copies words [a, b) joined by one blank into the arena. */
static const char *words_text(struct xlqa_question *q, const struct qa_words *w, size_t a, size_t b)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	const char *out;

	for (size_t i = a; i < b; i++) {
		size_t len;
		const char *s = surface(w, i, &len);
		if ((i > a && xlqa_buf_addch(&buf, ' ')) || xlqa_buf_add(&buf, s, len)) {
			xlqa_buf_release(&buf);
			return NULL;
		}
	}
	out = xlqa_arena_strndup(&q->arena, buf.buf, buf.len);
	xlqa_buf_release(&buf);
	return out;
}

static int add_keyword(struct xlqa_question *q, const char *text, double weight, unsigned flags)
{
	if (!text || XLQA_ARRAY_RESERVE(q->keywords, q->alloc_keywords, q->n_keywords + 1))
		return XLQA_ENOMEM;
	q->keywords[q->n_keywords++] = (struct xlqa_question_keyword){ text, weight, flags };
	return XLQA_OK;
}

/*
 * Where the answer stands against the question's words in a statement answering it (query.h): words
 * before the question phrase precede the answer ("Completing Q with respect to what"); the focus right
 * after the phrase follows it ("how many [nine] nations"); words after the phrase precede it when an
 * auxiliary follows the phrase ("What did Tesla receive" -> "Tesla received [X]") and follow it
 * otherwise ("Who invented radio" -> "[X] invented radio"), for languages whose rules list
 * auxiliaries. A modal is taken for an auxiliary, so "What will produce X?" is read as asking for an
 * object: no parser. Worked out once a question from the rule's match.
 */
struct phrase_sides {
	size_t start, end; /* the question phrase [start, end), the focus after it included; start > end: none */
	long focus;        /* the focus right after the phrase, or -1 */
	unsigned after;    /* the side of the words after the phrase, 0 when the rules cannot tell */
};

static void find_phrase_sides(const struct xlqa_question_rules *rules, const struct qa_words *w,
                              const struct qa_match *m, struct phrase_sides *ps)
{
	size_t start = 0, end;

	*ps = (struct phrase_sides){ 1, 0, -1, 0 };
	while (start < w->n && !m->question_word[start])
		start++;
	if (start == w->n)
		return;
	end = start;
	while (end < w->n && m->question_word[end])
		end++;
	if (m->focus >= 0 && (size_t)m->focus == end) /* "how many [nations]", not "what did [Tesla]" */
		ps->focus = (long)end++;
	ps->start = start;
	ps->end = end;
	if (!qa_rules_has_auxiliaries(rules))
		return;
	ps->after = XLQA_QUERY_AFTER_ANSWER;
	for (size_t k = start + 1; k <= end && k < w->n; k++) /* the phrase may hold it: "what did" */
		if (qa_rules_auxiliary(rules, w->tok[k]))
			ps->after = XLQA_QUERY_BEFORE_ANSWER;
}

/* The side of the answer word `i` stands on (query.h), or 0. */
static unsigned keyword_side(const struct phrase_sides *ps, size_t i)
{
	if (ps->start > ps->end)
		return 0;
	if (i < ps->start)
		return XLQA_QUERY_BEFORE_ANSWER;
	if ((long)i == ps->focus)
		return XLQA_QUERY_AFTER_ANSWER;
	return i < ps->end ? 0 : ps->after;
}

/*
 * The word a "what kind of" question asks a kind of: the first content word after a focus noun the
 * rules list as a kind noun ("kind of [effect]", "Art von [Ausschuss]", "tipo de [comité]"), or -1.
 */
static long kind_head(const struct xlqa_question_rules *rules, const struct qa_words *w, const struct qa_match *m)
{
	if (m->focus < 0 || !qa_rules_kind_noun(rules, w->tok[m->focus]))
		return -1;
	for (size_t j = (size_t)m->focus + 1; j < w->n && j <= (size_t)m->focus + KIND_HEAD_REACH; j++)
		if (!w->stop[j])
			return m->question_word[j] ? -1 : (long)j;
	return -1;
}

/* Keywords: every word the rule did not match literally, minus stop words; names as one keyword. */
static int find_keywords(struct xlqa_question *q, const struct xlqa_question_rules *rules, const struct qa_words *w,
                         const struct qa_match *m, size_t *best_name_start, size_t *best_name_end)
{
	struct phrase_sides ps;
	long kind = kind_head(rules, w, m);

	find_phrase_sides(rules, w, m, &ps);
	*best_name_start = *best_name_end = 0;
	for (size_t i = 0; i < w->n; i++) {
		size_t j = i + 1;
		unsigned flags = keyword_side(&ps, i) | ((long)i == kind ? XLQA_QUERY_KIND_OF : 0);
		int rc;

		if (m->question_word[i] || w->stop[i])
			continue;
		if (name_word(w, i)) {
			while (j < w->n && !m->question_word[j] && name_word(w, j) && !name_break(w, j))
				j++;
			rc = add_keyword(q, words_text(q, w, i, j), WEIGHT_NAME,
			                 flags | XLQA_QUERY_NAME | (j - i > 1 ? XLQA_QUERY_PHRASE : 0));
			if (j - i > *best_name_end - *best_name_start) {
				*best_name_start = i;
				*best_name_end = j;
			}
		} else if (w->tok[i]->flags & XLQA_TOKEN_NUMERIC) {
			rc = add_keyword(q, words_text(q, w, i, j), WEIGHT_NUMBER, flags | XLQA_QUERY_NUMBER);
		} else {
			rc = add_keyword(q, words_text(q, w, i, j), (long)i == m->focus ? WEIGHT_FOCUS : WEIGHT_WORD,
			                 flags | ((long)i == m->focus ? XLQA_QUERY_FOCUS : 0));
		}
		if (rc)
			return rc;
		i = j - 1;
	}
	return XLQA_OK;
}

/* A four-digit year 1000-2100 written in digits. */
static bool year_word(const struct qa_words *w, size_t i)
{
	const struct xlqa_token *t = w->tok[i];
	double v = t->value;

	return (t->flags & XLQA_TOKEN_NUMERIC) && t->kind == XLQA_SPAN_NUMBER && t->end - t->start == 4 &&
	       v >= 1000 && v <= 2100 && v == (double)(int)v;
}

/* Temporal restrictions: a year after a cue word ("in", "im Jahr") or after a month name. */
static int find_times(struct xlqa_question *q, const struct xlqa_question_rules *rules, const struct qa_words *w)
{
	for (size_t i = 0; i < w->n; i++) {
		size_t start = i;
		int month = 0;
		bool cue = false;

		if (!year_word(w, i))
			continue;
		/* The restriction starts at the farthest cue or month within reach: "en marzo de 1995". */
		for (size_t k = i; k > 0 && i - k < TEMPORAL_LOOKBACK; k--) {
			const struct xlqa_token *t = w->tok[k - 1];
			if ((t->flags & XLQA_TOKEN_MONTH) && !month) {
				month = (int)t->value;
				start = k - 1;
			} else if (qa_rules_temporal(rules, t)) {
				cue = true;
				start = k - 1;
			} else if (!w->stop[k - 1] && !(t->flags & XLQA_TOKEN_MONTH) && k < i) {
				break; /* a content word ends the phrase, except next to the year ("Jahr 1994") */
			}
		}
		if (!cue && !month)
			continue;
		if (XLQA_ARRAY_RESERVE(q->times, q->alloc_times, q->n_times + 1))
			return XLQA_ENOMEM;
		q->times[q->n_times] = (struct xlqa_question_time){ (int)w->tok[i]->value, month,
		                                                    words_text(q, w, start, i + 1) };
		if (!q->times[q->n_times++].text)
			return XLQA_ENOMEM;
	}
	return XLQA_OK;
}

/* Builds the word view of q->tokens in q->arena. */
static int build_words(struct xlqa_question *q, const struct xlqa_question_rules *rules, const char *text,
                       struct qa_words *w)
{
	bool cap_nouns = qa_rules_capitalised_nouns(rules);
	const struct xlqa_analysis *a = &q->tokens;

	w->text = text;
	w->n = 0;
	w->tok = xlqa_arena_alloc(&q->arena, (a->n_tokens + 1) * sizeof *w->tok);
	w->cap = xlqa_arena_alloc(&q->arena, a->n_tokens + 1);
	w->stop = xlqa_arena_alloc(&q->arena, a->n_tokens + 1);
	w->name = xlqa_arena_alloc(&q->arena, a->n_tokens + 1);
	if (!w->tok || !w->cap || !w->stop || !w->name)
		return XLQA_ENOMEM;
	for (size_t i = 0; i < a->n_tokens; i++) {
		const struct xlqa_token *t = &a->tokens[i];
		if (t->kind == XLQA_SPAN_PUNCT)
			continue;
		w->tok[w->n] = t;
		w->cap[w->n] = capitalised(text + t->start, t->end - t->start);
		w->stop[w->n] = (t->flags & (XLQA_TOKEN_STOP | XLQA_TOKEN_ARTICLE)) != 0;
		w->name[w->n] = name_like(w, w->n, cap_nouns);
		w->n++;
	}
	if (cap_nouns)
		adjective_names(rules, w);
	return XLQA_OK;
}

/* Category and type from the rule's result and the test set's category, when given. */
static void decide_type(struct xlqa_question *q, const struct qa_match *m, char category)
{
	q->category_given = category != 0;
	q->category = category ? category : m->definition ? 'D' : 'F';
	q->type = m->type;
	q->subtype = m->subtype;
	if (q->category == 'D' && !m->definition) {
		/* The test set says D where the rules saw a factoid: keep what the rules knew of the entity. */
		const char *kind = m->type == XLQA_ANSWER_PERSON ? "person" : "organization";
		q->type = XLQA_ANSWER_DEFINITION;
		q->subtype = xlqa_question_subtype_find(XLQA_ANSWER_DEFINITION, kind, strlen(kind));
	} else if (q->category == 'F' && m->definition) {
		/* A factoid shaped like a definition: "Who is X?" asks for a person; "What is X?", stated
		 * to be a factoid, for something that is not a body the CLEF definitions would cover. */
		bool person = m->subtype && strcmp(m->subtype->name, "person") == 0;
		q->type = person ? XLQA_ANSWER_PERSON : XLQA_ANSWER_OTHER;
		q->subtype = NULL;
	}
}

/*
 * Copies the question into the arena without the invisible characters that glue onto words (zero-width
 * space and joiners, BOM, soft hyphen: translated questions carry them, "welchem\u200b Jahr").
 */
static int visible_copy(struct xlqa_question *q, const char *text, size_t len, const char **out, size_t *out_len,
                        struct xlqa_error *err)
{
	char *copy = xlqa_arena_alloc(&q->arena, len + 1);
	size_t n = 0;
	int32_t i = 0;

	if (!copy)
		return xlqa_error_set(err, XLQA_ENOMEM, "question analysis: %s", xlqa_strerror(XLQA_ENOMEM));
	while (i < (int32_t)len) {
		int32_t start = i;
		UChar32 c;

		U8_NEXT(text, i, (int32_t)len, c);
		if (c < 0)
			return xlqa_error_at(err, XLQA_EENCODING, start, -1, "question: invalid UTF-8 at byte %d", (int)start);
		if (c == 0x200B || c == 0x200C || c == 0x200D || c == 0x2060 || c == 0xFEFF || c == 0x00AD)
			continue;
		memcpy(copy + n, text + start, (size_t)(i - start));
		n += (size_t)(i - start);
	}
	copy[n] = '\0';
	*out = copy;
	*out_len = n;
	return XLQA_OK;
}

static bool preposition_like(const struct xlqa_question_rules *rules, const struct xlqa_token *t)
{
	return t->kind == XLQA_SPAN_WORD && (t->flags & XLQA_TOKEN_STOP) && !(t->flags & XLQA_TOKEN_ARTICLE) &&
	       !qa_rules_interrogative(rules, t);
}

/* The question's stranded preposition (struct xlqa_question), as normalised, or NULL. */
static const char *stranded_word(const struct xlqa_question_rules *rules, const struct xlqa_analysis *a)
{
	size_t k = a->n_tokens;

	while (k > 0 && a->tokens[k - 1].kind == XLQA_SPAN_PUNCT)
		k--;
	if (k >= 2 && preposition_like(rules, &a->tokens[k - 1]))
		return a->tokens[k - 1].norm;
	for (size_t i = 2; i < k; i++)
		if (a->tokens[i].kind == XLQA_SPAN_WORD && qa_rules_interrogative(rules, &a->tokens[i]) &&
		    preposition_like(rules, &a->tokens[i - 1]))
			return a->tokens[i - 1].norm;
	return NULL;
}

int xlqa_question_analyze(const struct xlqa_question_rules *rules, struct xlqa_lang *lang, const char *text,
                          size_t len, char category, struct xlqa_question *q, struct xlqa_error *err)
{
	struct qa_words w;
	struct qa_match m;
	size_t name_start, name_end;
	int rc;

	if (category != 0 && category != 'F' && category != 'D')
		return xlqa_error_set(err, XLQA_EINVAL, "question category '%c' (expected F or D)", category);
	xlqa_arena_reset(&q->arena);
	q->n_keywords = q->n_times = 0;
	q->focus = q->target = q->rule = q->stranded = NULL;
	if ((rc = visible_copy(q, text, len, &text, &len, err)))
		return rc;
	if ((rc = xlqa_lang_analyze(lang, text, len, XLQA_ANALYZE_STEMS | XLQA_ANALYZE_LEMMAS | XLQA_ANALYZE_COMPOUNDS,
	                            &q->tokens, err)))
		return rc;
	q->stranded = stranded_word(rules, &q->tokens);
	if ((rc = build_words(q, rules, text, &w)))
		goto nomem;
	if (w.n == 0)
		return xlqa_error_set(err, XLQA_EEMPTY, "question '%.*s' has no word", (int)(len > 60 ? 60 : len), text);
	if (!(m.question_word = xlqa_arena_alloc(&q->arena, w.n * sizeof *m.question_word)))
		goto nomem;
	if (!qa_rules_match(rules, &w, &m)) {
		memset(m.question_word, 0, w.n * sizeof *m.question_word);
		m = (struct qa_match){ 0, XLQA_ANSWER_OTHER, NULL, false, -1, 0, 0, m.question_word };
	} else {
		struct xlqa_buf ref = XLQA_BUF_INIT;
		const char *file = strrchr(qa_rules_file(rules), '/');
		if (xlqa_buf_addf(&ref, "%s:%zu", file ? file + 1 : qa_rules_file(rules), m.line) ||
		    !(q->rule = xlqa_arena_strndup(&q->arena, ref.buf, ref.len))) {
			xlqa_buf_release(&ref);
			goto nomem;
		}
		xlqa_buf_release(&ref);
	}
	decide_type(q, &m, category);
	if (m.focus >= 0 && !(q->focus = words_text(q, &w, (size_t)m.focus, (size_t)m.focus + 1)))
		goto nomem;
	if ((rc = find_keywords(q, rules, &w, &m, &name_start, &name_end)) || (rc = find_times(q, rules, &w)))
		goto nomem;
	if (m.name_end > m.name_start) {
		name_start = m.name_start;
		name_end = m.name_end;
	}
	if (name_end > name_start && !(q->target = words_text(q, &w, name_start, name_end)))
		goto nomem;
	return XLQA_OK;
nomem:
	return xlqa_error_set(err, XLQA_ENOMEM, "question analysis: %s", xlqa_strerror(XLQA_ENOMEM));
}

int xlqa_question_to_query(const struct xlqa_question *q, struct xlqa_query *query, struct xlqa_error *err)
{
	for (size_t i = 0; i < q->n_keywords; i++) {
		const struct xlqa_question_keyword *k = &q->keywords[i];
		size_t g;
		int rc = xlqa_query_add_group(query, k->text, k->weight, k->flags, &g);

		if (!rc)
			rc = xlqa_query_add_alt(query, g, k->text, strlen(k->text), 1.0);
		if (rc)
			return xlqa_error_set(err, rc, "question query: %s", xlqa_strerror(rc));
	}
	return XLQA_OK;
}

int xlqa_question_query(const struct xlqa_question_rules *rules, struct xlqa_lang *lang, const char *text,
                        size_t len, char category, struct xlqa_question *q, struct xlqa_query *query,
                        struct xlqa_error *err)
{
	int rc;

	xlqa_query_reset(query);
	if ((rc = xlqa_question_analyze(rules, lang, text, len, category, q, err)))
		return rc;
	return xlqa_question_to_query(q, query, err);
}

/*
 * True when the token's text starts with an upper-case letter: its first character changes under
 * case folding (the norm is case folded), so "Österreich" does and "élan" does not.
 */
static bool starts_upper(const char *text, const struct xlqa_token *tok)
{
	unsigned char c = (unsigned char)text[tok->start];
	size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;

	if (n > tok->end - tok->start || strlen(tok->norm) < n)
		return false;
	return memcmp(text + tok->start, tok->norm, n) != 0 && !(c < 0x80 && !(c >= 'A' && c <= 'Z'));
}

int xlqa_question_words_query(struct xlqa_lang *lang, struct xlqa_analysis *a, const char *text, double name_weight,
                              struct xlqa_query *query, struct xlqa_error *err)
{
	size_t last_sentence = (size_t)-1;
	int rc;

	xlqa_query_reset(query);
	if ((rc = xlqa_lang_analyze(lang, text, strlen(text), 0, a, err)))
		return rc;
	for (size_t i = 0; i < a->n_tokens; i++) {
		const struct xlqa_token *tok = &a->tokens[i];
		bool first = tok->sentence != last_sentence;
		unsigned flags = 0;
		double weight = 1;

		if (tok->kind == XLQA_SPAN_PUNCT)
			continue;
		last_sentence = tok->sentence;
		if (tok->flags & XLQA_TOKEN_STOP)
			continue;
		if (tok->kind == XLQA_SPAN_NUMBER || (tok->flags & XLQA_TOKEN_NUMERIC))
			flags |= XLQA_QUERY_NUMBER;
		else if (!first && starts_upper(text, tok)) {
			flags |= XLQA_QUERY_NAME;
			weight = name_weight;
		}
		if ((rc = xlqa_query_add_term(query, text + tok->start, tok->end - tok->start, weight, flags)))
			return xlqa_error_status(err, rc, "the words query of '%s'", text);
	}
	return XLQA_OK;
}
