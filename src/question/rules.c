/*
 * rules: reads lang/<iso>/questions.txt and matches its patterns against a question's words. The file
 * is data for one engine: ordered pattern rules (first match wins), tables of focus nouns and units
 * with their answer types, the nouns that pass the focus on ("name of the city"), the words that
 * announce a temporal restriction, and options. The format is in the header of every questions.txt
 * and in doc/question-analysis.md.
 *
 * Invariant: every word stored is normalised like token forms (NFC, case folded); table words are
 * also stored by stem, so "cities" finds "city"; every rule's type and subtype are registry entries.
 */
#include "config.h"

#include "question-internal.h"
#include "xlqa/text.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NORM_FLAGS (XLQA_NORM_CASEFOLD | XLQA_NORM_APOSTROPHES)
#define MAX_FIELDS 4
#define MAX_ELEMS 16
#define WORDS_MAX 4 /* @words takes at most this many words */
#define NAME_GAP 2  /* stop words allowed between the capitalised words of a @name */
#define FOCUS_LOOKAHEAD 3 /* words after the first one a focus noun may be found at */

enum elem_kind { EL_LIT, EL_SKIP, EL_FOCUS, EL_NAME, EL_WORDS, EL_NUM, EL_END };

/* Pattern element names after '@', and '...' and '$'. */
static const struct {
	const char *name;
	enum elem_kind kind;
} elem_names[] = {
	{ "...", EL_SKIP }, { "@focus", EL_FOCUS }, { "@name", EL_NAME },
	{ "@words", EL_WORDS }, { "@num", EL_NUM }, { "$", EL_END },
};

struct qa_elem {
	enum elem_kind kind;
	bool optional;      /* trailing '?' */
	bool is_focus;      /* leading '=' on a literal: the matched word is the focus */
	const char **alts;  /* EL_LIT: normalised alternatives; a trailing '*' kept means "prefix" */
	size_t n_alts;
};

enum rule_opts {
	RULE_DEF = 1 << 0,   /* a definition question */
	RULE_FOCUS = 1 << 1, /* the focus table may override the type */
	RULE_UNIT = 1 << 2,  /* the unit table may override the type */
};

struct qa_rule {
	struct qa_elem elems[MAX_ELEMS];
	size_t n_elems;
	struct qa_class cls;
	unsigned opts;
	size_t line;
};

/* A table word found by its stem: the class and the word as listed. */
struct qa_stem {
	const struct qa_class *cls;
	const char *word;
};

struct xlqa_question_rules {
	struct xlqa_lang *lang;
	char *path;
	struct xlqa_arena arena;
	struct qa_rule *rules;
	size_t n_rules, alloc_rules;
	struct xlqa_hash focus, focus_stems; /* word -> struct qa_class *; stem -> struct qa_stem * */
	struct xlqa_hash unit, unit_stems;
	struct xlqa_hash transparent;        /* word -> NULL */
	struct xlqa_hash temporal;           /* word -> NULL */
	struct xlqa_hash auxiliary;          /* word -> NULL */
	struct xlqa_hash kind;               /* word -> NULL */
	struct xlqa_hash interrogative;      /* word -> NULL */
	struct xlqa_hash adjective_endings;  /* ending -> NULL */
	bool capitalised_nouns;
	bool focus_head_last; /* option focus-head last: the last table noun after the interrogative */
	struct xlqa_buf scratch;
};

/* One line split at tabs; fields point into the file buffer. */
struct rule_line {
	size_t lineno;
	const char *field[MAX_FIELDS];
	size_t len[MAX_FIELDS];
	size_t n;
};

static int syntax(const struct xlqa_question_rules *r, const struct rule_line *l, const char *what,
                  struct xlqa_error *err)
{
	return xlqa_error_in(err, XLQA_EPARSE, r->path, -1, (int64_t)l->lineno, "%s", what);
}

static int nomem(const struct xlqa_question_rules *r, struct xlqa_error *err)
{
	return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", r->path, xlqa_strerror(XLQA_ENOMEM));
}

/* Normalises s[0..len) into an arena string. */
static int norm_word(struct xlqa_question_rules *r, const char *s, size_t len, const char **out,
                     struct xlqa_error *err)
{
	int rc;

	xlqa_buf_reset(&r->scratch);
	if ((rc = xlqa_text_normalize(s, len, NORM_FLAGS, &r->scratch, err)))
		return rc;
	*out = xlqa_arena_strndup(&r->arena, r->scratch.buf, r->scratch.len);
	return *out ? XLQA_OK : nomem(r, err);
}

/* Parses "TYPE" or "TYPE.subtype" into *cls. */
static int parse_class(struct xlqa_question_rules *r, const struct rule_line *l, const char *s, size_t len,
                       struct qa_class *cls, struct xlqa_error *err)
{
	const char *dot = memchr(s, '.', len);
	size_t tlen = dot ? (size_t)(dot - s) : len;

	if (!xlqa_question_type_find(s, tlen, &cls->type))
		return xlqa_error_in(err, XLQA_EPARSE, r->path, -1, (int64_t)l->lineno, "unknown answer type '%.*s'",
		                     (int)tlen, s);
	cls->subtype = NULL;
	if (dot && !(cls->subtype = xlqa_question_subtype_find(cls->type, dot + 1, len - tlen - 1)))
		return xlqa_error_in(err, XLQA_EPARSE, r->path, -1, (int64_t)l->lineno,
		                     "unknown subtype '%.*s' of %.*s", (int)(len - tlen - 1), dot + 1, (int)tlen, s);
	return XLQA_OK;
}

/* The next blank-separated item of [*p, end): true with it in [*s, *s + *n), *p moved past it. */
static bool next_item(const char **p, const char *end, const char **s, size_t *n)
{
	while (*p < end && **p == ' ')
		(*p)++;
	if (*p == end)
		return false;
	*s = *p;
	while (*p < end && **p != ' ')
		(*p)++;
	*n = (size_t)(*p - *s);
	return true;
}

/* Adds every word of field `f` to `set` (and by stem to `stems` when not NULL) with value `v`. */
static int add_words(struct xlqa_question_rules *r, const struct rule_line *l, size_t f, struct xlqa_hash *set,
                     struct xlqa_hash *stems, void *v, struct xlqa_error *err)
{
	const char *p = l->field[f], *item;
	size_t n;
	int rc;

	while (next_item(&p, l->field[f] + l->len[f], &item, &n)) {
		const char *w;

		if ((rc = norm_word(r, item, n, &w, err)))
			return rc;
		if (xlqa_hash_put(set, w, strlen(w), v, NULL))
			return nomem(r, err);
		if (stems) {
			xlqa_buf_reset(&r->scratch);
			if ((rc = xlqa_lang_stem(r->lang, w, strlen(w), &r->scratch, err)))
				return rc;
			/* The first word listed for a stem keeps it: tables list the typical sense first. */
			if (!xlqa_hash_get(stems, r->scratch.buf, r->scratch.len, NULL)) {
				struct qa_stem *st = xlqa_arena_alloc(&r->arena, sizeof *st);
				if (!st || xlqa_hash_put(stems, r->scratch.buf, r->scratch.len, st, NULL))
					return nomem(r, err);
				st->cls = v;
				st->word = w;
			}
		}
	}
	return XLQA_OK;
}

/* Parses one pattern element `s[0..len)` into *e. */
static int parse_elem(struct xlqa_question_rules *r, const struct rule_line *l, const char *s, size_t len,
                      struct qa_elem *e, struct xlqa_error *err)
{
	memset(e, 0, sizeof *e);
	if (len > 1 && s[len - 1] == '?') {
		e->optional = true;
		len--;
	}
	for (size_t i = 0; i < sizeof elem_names / sizeof elem_names[0]; i++)
		if (strlen(elem_names[i].name) == len && memcmp(elem_names[i].name, s, len) == 0) {
			e->kind = elem_names[i].kind;
			return XLQA_OK;
		}
	if (s[0] == '@')
		return xlqa_error_in(err, XLQA_EPARSE, r->path, -1, (int64_t)l->lineno,
		                     "unknown element '%.*s' (expected @focus, @name, @words or @num)", (int)len, s);
	e->kind = EL_LIT;
	if (s[0] == '=') {
		e->is_focus = true;
		s++;
		len--;
	}
	for (size_t i = 0; i <= len; i++)
		e->n_alts += i == len || s[i] == '|';
	e->alts = xlqa_arena_alloc(&r->arena, e->n_alts * sizeof *e->alts);
	if (!e->alts)
		return nomem(r, err);
	for (size_t i = 0, start = 0, k = 0; i <= len; i++) {
		int rc;

		if (i < len && s[i] != '|')
			continue;
		if (i == start)
			return syntax(r, l, "empty alternative in a pattern element", err);
		if ((rc = norm_word(r, s + start, i - start, &e->alts[k++], err)))
			return rc;
		start = i + 1;
	}
	return XLQA_OK;
}

static int on_rule(struct xlqa_question_rules *r, const struct rule_line *l, struct xlqa_error *err)
{
	struct qa_rule *rule;
	const char *p, *item;
	size_t n;
	int rc;

	if (l->n < 3)
		return syntax(r, l, "expected 'rule<TAB>pattern<TAB>TYPE[.subtype][<TAB>options]'", err);
	if (XLQA_ARRAY_RESERVE(r->rules, r->alloc_rules, r->n_rules + 1))
		return nomem(r, err);
	rule = &r->rules[r->n_rules];
	memset(rule, 0, sizeof *rule);
	rule->line = l->lineno;
	for (p = l->field[1]; next_item(&p, l->field[1] + l->len[1], &item, &n);) {
		if (rule->n_elems == MAX_ELEMS)
			return syntax(r, l, "more than 16 pattern elements", err);
		if ((rc = parse_elem(r, l, item, n, &rule->elems[rule->n_elems++], err)))
			return rc;
	}
	if (rule->n_elems == 0)
		return syntax(r, l, "empty pattern", err);
	if ((rc = parse_class(r, l, l->field[2], l->len[2], &rule->cls, err)))
		return rc;
	for (p = l->field[3]; l->n == 4 && next_item(&p, l->field[3] + l->len[3], &item, &n);) {
		if (n == 1 && *item == 'D')
			rule->opts |= RULE_DEF;
		else if (n == 5 && memcmp(item, "focus", 5) == 0)
			rule->opts |= RULE_FOCUS;
		else if (n == 4 && memcmp(item, "unit", 4) == 0)
			rule->opts |= RULE_UNIT;
		else
			return xlqa_error_in(err, XLQA_EPARSE, r->path, -1, (int64_t)l->lineno,
			                     "unknown rule option '%.*s' (expected D, focus or unit)", (int)n, item);
	}
	if ((rule->opts & RULE_DEF) != (rule->cls.type == XLQA_ANSWER_DEFINITION))
		return syntax(r, l, "option D goes with type DEFINITION and only with it", err);
	r->n_rules++;
	return XLQA_OK;
}

static int on_table(struct xlqa_question_rules *r, const struct rule_line *l, bool unit, struct xlqa_error *err)
{
	struct qa_class *cls;
	int rc;

	if (l->n != 3)
		return syntax(r, l, unit ? "expected 'unit<TAB>TYPE[.subtype]<TAB>words'"
		                         : "expected 'focus<TAB>TYPE[.subtype]<TAB>words'", err);
	if (!(cls = xlqa_arena_alloc(&r->arena, sizeof *cls)))
		return nomem(r, err);
	if ((rc = parse_class(r, l, l->field[1], l->len[1], cls, err)))
		return rc;
	return add_words(r, l, 2, unit ? &r->unit : &r->focus, unit ? &r->unit_stems : &r->focus_stems, cls, err);
}

/* The line kinds that list words, and the table each fills. */
static const struct {
	const char *kind;
	size_t offset; /* of its struct xlqa_hash in struct xlqa_question_rules */
} word_lists[] = {
	{ "transparent", offsetof(struct xlqa_question_rules, transparent) },
	{ "temporal", offsetof(struct xlqa_question_rules, temporal) },
	{ "auxiliary", offsetof(struct xlqa_question_rules, auxiliary) },
	{ "kind", offsetof(struct xlqa_question_rules, kind) },
	{ "interrogative", offsetof(struct xlqa_question_rules, interrogative) },
	{ "adjective-endings", offsetof(struct xlqa_question_rules, adjective_endings) },
};

/* The error for a line whose first field is no kind: it lists every kind, the word lists' from their
 * table, so a kind added there is named here too. */
static int unknown_kind(struct xlqa_question_rules *r, const struct rule_line *l, struct xlqa_error *err)
{
	char kinds[160] = "rule, focus, unit";
	size_t used = strlen(kinds);

	for (size_t i = 0; i < sizeof word_lists / sizeof *word_lists; i++) {
		int n = snprintf(kinds + used, sizeof kinds - used, ", %s", word_lists[i].kind);

		if (n < 0 || (size_t)n >= sizeof kinds - used)
			break; /* cannot happen with the table above; the list is then cut, not overrun */
		used += (size_t)n;
	}
	return xlqa_error_in(err, XLQA_EPARSE, r->path, -1, (int64_t)l->lineno,
	                     "unknown line kind '%.*s' (expected %s or option)", (int)l->len[0], l->field[0],
	                     kinds);
}

static int on_line(struct xlqa_question_rules *r, const struct rule_line *l, struct xlqa_error *err)
{
#define IS(word) (l->len[0] == strlen(word) && memcmp(l->field[0], word, l->len[0]) == 0)
	if (IS("rule"))
		return on_rule(r, l, err);
	if (IS("focus") || IS("unit"))
		return on_table(r, l, IS("unit"), err);
	for (size_t i = 0; i < sizeof word_lists / sizeof *word_lists; i++)
		if (IS(word_lists[i].kind)) {
			if (l->n != 2)
				return syntax(r, l, "expected a keyword, a tab and words separated by blanks", err);
			return add_words(r, l, 1, (struct xlqa_hash *)((char *)r + word_lists[i].offset), NULL, NULL, err);
		}
	if (IS("option")) {
		if (l->n == 3 && l->len[1] == 17 && memcmp(l->field[1], "capitalised-nouns", 17) == 0 &&
		    (l->len[2] == 3 || l->len[2] == 2)) {
			r->capitalised_nouns = l->len[2] == 3 && memcmp(l->field[2], "yes", 3) == 0;
			if (r->capitalised_nouns || memcmp(l->field[2], "no", 2) == 0)
				return XLQA_OK;
		}
		if (l->n == 3 && l->len[1] == 10 && memcmp(l->field[1], "focus-head", 10) == 0 && l->len[2] >= 4 &&
		    l->len[2] <= 5) {
			r->focus_head_last = l->len[2] == 4 && memcmp(l->field[2], "last", 4) == 0;
			if (r->focus_head_last || (l->len[2] == 5 && memcmp(l->field[2], "first", 5) == 0))
				return XLQA_OK;
		}
		return syntax(r, l,
		              "expected 'option<TAB>capitalised-nouns<TAB>yes|no' or 'option<TAB>focus-head<TAB>first|last'",
		              err);
	}
#undef IS
	return unknown_kind(r, l, err);
}

static int parse_file(struct xlqa_question_rules *r, const char *data, size_t len, struct xlqa_error *err)
{
	struct rule_line l = { 0 };
	size_t pos = 0, bad;
	int rc;

	if (!xlqa_text_utf8_valid(data, len, &bad))
		return xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1, "%s: byte offset %zu: invalid UTF-8",
		                     r->path, bad);
	while (pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - data) : len, start = pos;

		l.lineno++;
		pos = end + 1;
		while (end > start && strchr(" \t\r", data[end - 1]))
			end--;
		if (start == end || data[start] == '#')
			continue;
		l.n = 0;
		for (size_t i = start, fs = start; i <= end; i++) {
			if (i < end && data[i] != '\t')
				continue;
			if (l.n == MAX_FIELDS)
				return syntax(r, &l, "more than 4 tab-separated fields", err);
			l.field[l.n] = data + fs;
			l.len[l.n++] = i - fs;
			fs = i + 1;
		}
		if ((rc = on_line(r, &l, err)))
			return rc;
	}
	return XLQA_OK;
}

int xlqa_question_rules_new(struct xlqa_lang *lang, struct xlqa_question_rules **out, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT, data = XLQA_BUF_INIT;
	struct xlqa_question_rules *r;
	int rc;

	*out = NULL;
	if (!(r = calloc(1, sizeof *r)))
		return xlqa_error_set(err, XLQA_ENOMEM, "question rules: %s", xlqa_strerror(XLQA_ENOMEM));
	r->lang = lang;
	xlqa_arena_init(&r->arena, 0);
	xlqa_hash_init(&r->focus);
	xlqa_hash_init(&r->focus_stems);
	xlqa_hash_init(&r->unit);
	xlqa_hash_init(&r->unit_stems);
	xlqa_hash_init(&r->transparent);
	xlqa_hash_init(&r->kind);
	xlqa_hash_init(&r->interrogative);
	xlqa_hash_init(&r->temporal);
	xlqa_hash_init(&r->auxiliary);
	xlqa_hash_init(&r->adjective_endings);
	xlqa_buf_init(&r->scratch);
	if ((rc = xlqa_buf_addf(&path, "%s/%s/questions.txt", xlqa_lang_dir(lang), xlqa_lang_get_info(lang)->code))) {
		rc = xlqa_error_set(err, rc, "question rules: %s", xlqa_strerror(rc));
		goto done;
	}
	r->path = xlqa_buf_detach(&path, NULL);
	if ((rc = xlqa_file_read(r->path, &data, err)) || (rc = parse_file(r, data.buf, data.len, err)))
		goto done;
	*out = r;
	r = NULL;
done:
	xlqa_buf_release(&path);
	xlqa_buf_release(&data);
	xlqa_question_rules_free(r);
	return rc;
}

void xlqa_question_rules_free(struct xlqa_question_rules *r)
{
	if (!r)
		return;
	free(r->rules);
	free(r->path);
	xlqa_hash_release(&r->focus);
	xlqa_hash_release(&r->focus_stems);
	xlqa_hash_release(&r->unit);
	xlqa_hash_release(&r->unit_stems);
	xlqa_hash_release(&r->transparent);
	xlqa_hash_release(&r->kind);
	xlqa_hash_release(&r->interrogative);
	xlqa_hash_release(&r->temporal);
	xlqa_hash_release(&r->auxiliary);
	xlqa_hash_release(&r->adjective_endings);
	xlqa_buf_release(&r->scratch);
	xlqa_arena_release(&r->arena);
	free(r);
}

size_t xlqa_question_rules_count(const struct xlqa_question_rules *r)
{
	return r->n_rules;
}

bool qa_rules_capitalised_nouns(const struct xlqa_question_rules *r)
{
	return r->capitalised_nouns;
}

const char *qa_rules_file(const struct xlqa_question_rules *r)
{
	return r->path;
}

bool qa_rules_temporal(const struct xlqa_question_rules *r, const struct xlqa_token *tok)
{
	return xlqa_hash_get(&r->temporal, tok->norm, strlen(tok->norm), NULL);
}

bool qa_rules_has_auxiliaries(const struct xlqa_question_rules *r)
{
	return r->auxiliary.count > 0;
}

bool qa_rules_interrogative(const struct xlqa_question_rules *r, const struct xlqa_token *tok)
{
	return xlqa_hash_get(&r->interrogative, tok->norm, strlen(tok->norm), NULL);
}

bool qa_rules_kind_noun(const struct xlqa_question_rules *r, const struct xlqa_token *tok)
{
	if (xlqa_hash_get(&r->kind, tok->norm, strlen(tok->norm), NULL))
		return true;
	for (size_t k = 0; k < tok->lemmas.n; k++)
		if (xlqa_hash_get(&r->kind, tok->lemmas.items[k], strlen(tok->lemmas.items[k]), NULL))
			return true;
	return false;
}

bool qa_rules_adjective_ending(const struct xlqa_question_rules *r, const char *ending, size_t len)
{
	return xlqa_hash_get(&r->adjective_endings, ending, len, NULL);
}

bool qa_rules_auxiliary(const struct xlqa_question_rules *r, const struct xlqa_token *tok)
{
	return xlqa_hash_get(&r->auxiliary, tok->norm, strlen(tok->norm), NULL);
}

/* ---- matching ------------------------------------------------------------------------------- */

static bool lit_match(const struct qa_elem *e, const char *norm)
{
	size_t nlen = strlen(norm);

	for (size_t i = 0; i < e->n_alts; i++) {
		size_t alen = strlen(e->alts[i]);
		if (alen > 1 && e->alts[i][alen - 1] == '*') {
			if (nlen >= alen - 1 && memcmp(norm, e->alts[i], alen - 1) == 0)
				return true;
		} else if (alen == nlen && memcmp(norm, e->alts[i], nlen) == 0) {
			return true;
		}
	}
	return false;
}

static bool is_number(const struct qa_words *w, size_t i)
{
	return (w->tok[i]->flags & XLQA_TOKEN_NUMERIC) != 0;
}

/* The end of the longest @name starting at word i (0 when none): name words (struct qa_words), with
 * at most NAME_GAP stop words between two of them ("Ordem do Templo Solar"). */
static size_t name_end(const struct qa_words *w, size_t i)
{
	size_t end = 0;

	for (size_t j = i; j < w->n;) {
		size_t k = j;
		if (!w->name[j] && !(j > i && is_number(w, j)))
			break;
		end = j + 1;
		for (k = j + 1; k < w->n && k - j - 1 < NAME_GAP && w->stop[k] && !w->cap[k]; k++)
			;
		if (k == j + 1 || (k < w->n && w->name[k]))
			j = k;
		else
			break;
	}
	return end;
}

static bool match_from(const struct qa_rule *rule, size_t e, const struct qa_words *w, size_t i, struct qa_match *m);

/* Matches element e at word i taking words [i, j), then the rest; records captures on success. */
static bool take(const struct qa_rule *rule, size_t e, const struct qa_words *w, size_t i, size_t j,
                 struct qa_match *m)
{
	const struct qa_elem *el = &rule->elems[e];

	if (!match_from(rule, e + 1, w, j, m))
		return false;
	/* Reached only on the successful path: the captures of the match that is returned. */
	switch (el->kind) {
	case EL_LIT:
		if (j > i) {
			m->question_word[i] = true;
			if (el->is_focus)
				m->focus = (long)i;
		}
		break;
	case EL_FOCUS:
		m->focus = (long)j - 1;
		break;
	case EL_NAME:
	case EL_WORDS:
		m->name_start = i;
		m->name_end = j;
		break;
	default:
		break;
	}
	return true;
}

/* Matches element e itself at word i, then the rest of the pattern. */
static bool match_elem(const struct qa_rule *rule, size_t e, const struct qa_words *w, size_t i, struct qa_match *m)
{
	const struct qa_elem *el = &rule->elems[e];
	size_t j;

	switch (el->kind) {
	case EL_LIT:
		return i < w->n && lit_match(el, w->tok[i]->norm) && take(rule, e, w, i, i + 1, m);
	case EL_SKIP:
		for (j = i; j <= w->n; j++)
			if (take(rule, e, w, i, j, m))
				return true;
		return false;
	case EL_FOCUS:
		/* Articles, stop words and numerals before the noun ("the two largest") are no focus. */
		for (j = i; j < w->n && (w->stop[j] || is_number(w, j)); j++)
			;
		return j < w->n && take(rule, e, w, i, j + 1, m);
	case EL_NAME:
		for (j = i < w->n ? name_end(w, i) : 0; j > i; j--)
			if ((w->name[j - 1] || is_number(w, j - 1)) && take(rule, e, w, i, j, m))
				return true;
		return false;
	case EL_WORDS:
		for (j = i; j < w->n && j - i < WORDS_MAX && !w->stop[j]; j++)
			;
		for (; j > i; j--)
			if (take(rule, e, w, i, j, m))
				return true;
		return false;
	case EL_NUM:
		return i < w->n && is_number(w, i) && take(rule, e, w, i, i + 1, m);
	case EL_END:
		return i == w->n && take(rule, e, w, i, i, m);
	}
	return false;
}

/* Matches elements e.. from word i; an optional element is taken when it can be, else skipped. */
static bool match_from(const struct qa_rule *rule, size_t e, const struct qa_words *w, size_t i, struct qa_match *m)
{
	if (e == rule->n_elems)
		return true;
	return match_elem(rule, e, w, i, m) || (rule->elems[e].optional && match_from(rule, e + 1, w, i, m));
}

/* The class of a word in a table: by normalised form, hunspell lemma, stem, last compound part. */
/* The vowel of the umlaut (ä, ö, ü: C3 A4, C3 B6, C3 BC in UTF-8) that `p` starts with, or 0. */
static char umlaut_vowel(const unsigned char *p)
{
	if (p[0] != 0xC3)
		return 0;
	return p[1] == 0xA4 ? 'a' : p[1] == 0xB6 ? 'o' : p[1] == 0xBC ? 'u' : 0;
}

/*
 * True when the shorter of two normalised words begins the longer, an umlaut matching its vowel
 * ("boxer" and "boxers"; "land" and "länder", "stadt" and "städte": German plurals take one).
 */
static bool one_begins_other(const char *x, const char *y)
{
	while (*x && *y) {
		char ux = umlaut_vowel((const unsigned char *)x), uy = umlaut_vowel((const unsigned char *)y);

		if ((ux ? ux : *x) != (uy ? uy : *y))
			return false;
		x += ux ? 2 : 1;
		y += uy ? 2 : 1;
	}
	return true;
}

/*
 * The last part of a compound comes as written, often in the plural, which hunspell does not
 * lemmatise inside a compound ("Fußball|vereine", "Hafen|städte", "voetbal|clubs"): a table word the
 * part begins with, what is left a plural ending of at most three of the letters e, n, r, s, an
 * umlaut of the part matching its vowel ("städte" finds "stadt"). At least four letters must remain.
 */
static const struct qa_class *plural_part(const struct xlqa_hash *words, const char *part)
{
	size_t len = strlen(part);
	char key[64];
	void *v;

	for (size_t cut = 1; cut <= 3 && cut + 4 <= len; cut++) {
		size_t n = len - cut, k = 0;

		if (!strchr("ensr", part[n]))
			break; /* the ending is read from its last letter back */
		if (xlqa_hash_get(words, part, n, &v))
			return v;
		if (n >= sizeof key)
			continue;
		for (size_t i = 0; i < n;) {
			char u = umlaut_vowel((const unsigned char *)part + i);
			key[k++] = u ? u : part[i];
			i += u ? 2 : 1;
		}
		if (k < n && xlqa_hash_get(words, key, k, &v))
			return v;
	}
	return NULL;
}

static const struct qa_class *lookup(const struct xlqa_hash *words, const struct xlqa_hash *stems,
                                     const struct xlqa_token *t)
{
	void *v;

	if (xlqa_hash_get(words, t->norm, strlen(t->norm), &v))
		return v;
	for (size_t k = 0; k < t->lemmas.n; k++)
		if (xlqa_hash_get(words, t->lemmas.items[k], strlen(t->lemmas.items[k]), &v))
			return v;
	/* Stems conflate too much ("parte" and "partido" share "part"): a stem match counts only when
	 * one word begins with the other ("boxers", "boxer"; "Jahren", "Jahr"; "Länder", "Land"). */
	if (t->stem && xlqa_hash_get(stems, t->stem, strlen(t->stem), &v)) {
		const struct qa_stem *st = v;
		if (one_begins_other(t->norm, st->word))
			return st->cls;
	}
	/* A compound is what its last part is: "Einwohnerzahl" is a "Zahl". */
	if (t->parts.n > 0) {
		const char *last = t->parts.items[t->parts.n - 1];
		if (xlqa_hash_get(words, last, strlen(last), &v))
			return v;
		return plural_part(words, last);
	}
	return NULL;
}

enum xlqa_answer_type qa_rules_focus_type(const struct xlqa_question_rules *r, const struct xlqa_token *tok)
{
	const struct qa_class *c = lookup(&r->focus, &r->focus_stems, tok);

	return c ? c->type : XLQA_ANSWER_TYPE_COUNT;
}

/*
 * The focus class: the focus word's, or, for a transparent noun ("name", "kind"), that of the first
 * content word after it that a table knows ("the name of the PRESIDENT"); the focus index moves with it.
 */
static const struct qa_class *focus_class(const struct xlqa_question_rules *r, const struct qa_words *w,
                                          const struct xlqa_hash *words, const struct xlqa_hash *stems,
                                          struct qa_match *m)
{
	const struct xlqa_token *t = w->tok[m->focus];

	if (xlqa_hash_get(&r->transparent, t->norm, strlen(t->norm), NULL))
		for (size_t j = (size_t)m->focus + 1, content = 0; j < w->n && content < 2; j++) {
			const struct qa_class *c;
			/* the noun phrase after "Name" ends at a comma ("der Name der Eigenschaft, die eine Zahl ...") */
			if (memchr(w->text + w->tok[j - 1]->end, ',', w->tok[j]->start - w->tok[j - 1]->end))
				break;
			if (w->stop[j])
				continue;
			content++;
			/* not "the name of the DOCTOR Who play"; German capitalises its compounds, which hunspell
			 * may not know ("der Name von du Ponts Schießpulverunternehmen") */
			if ((!w->name[j] || r->capitalised_nouns) && (c = lookup(words, stems, w->tok[j]))) {
				m->focus = (long)j;
				return c;
			}
		}
	/*
	 * Adjectives come between the interrogative and the noun ("what annual revenue"): look on. With
	 * focus-head last, a noun modifying the next one hands the focus on to it, English compounds
	 * ending in their head ("what student GROUP", "what university alumni MEMBER").
	 */
	const struct qa_class *found = NULL;
	size_t at = 0, start = (size_t)m->focus;

	for (size_t j = start; j < w->n && j <= start + FOCUS_LOOKAHEAD && !w->stop[j]; j++) {
		const struct qa_class *c = j == start || !w->name[j] ? lookup(words, stems, w->tok[j]) : NULL;
		if (found && w->name[j])
			break; /* a name ends the compound: "the population [of] Jacksonville city" */
		if (c) {
			found = c;
			at = j;
			if (!r->focus_head_last)
				break;
		}
	}
	if (found)
		m->focus = (long)at;
	return found;
}

/*
 * Where nouns are capitalised (German), a lower-case focus no table knows is an adjective before
 * its noun ("welches historische IMPERIUM", "die kritischste RESSOURCE"): the focus moves on to the
 * first capitalised word after it, unless a stop word comes first.
 */
static void noun_focus(const struct qa_words *w, struct qa_match *m)
{
	size_t start = (size_t)m->focus;

	if (w->cap[start])
		return;
	for (size_t j = start + 1; j < w->n && j <= start + FOCUS_LOOKAHEAD && !w->stop[j]; j++)
		if (w->cap[j]) {
			m->focus = (long)j;
			return;
		}
}

/* The first rule matching the words from word `at` on, into *m. */
static bool match_at(const struct xlqa_question_rules *r, const struct qa_words *w, size_t at, struct qa_match *m)
{
	for (size_t k = 0; k < r->n_rules; k++) {
		const struct qa_rule *rule = &r->rules[k];
		const struct qa_class *c = NULL;

		memset(m->question_word, 0, w->n * sizeof *m->question_word);
		m->focus = -1;
		m->name_start = m->name_end = 0;
		if (!match_from(rule, 0, w, at, m))
			continue;
		m->line = rule->line;
		m->type = rule->cls.type;
		m->subtype = rule->cls.subtype;
		m->definition = (rule->opts & RULE_DEF) != 0;
		if (m->focus >= 0 && (rule->opts & RULE_UNIT))
			c = focus_class(r, w, &r->unit, &r->unit_stems, m);
		if (!c && m->focus >= 0 && (rule->opts & RULE_FOCUS))
			c = focus_class(r, w, &r->focus, &r->focus_stems, m);
		if (c) {
			m->type = c->type;
			m->subtype = c->subtype;
		} else if (m->focus >= 0 && r->capitalised_nouns) {
			noun_focus(w, m);
		}
		return true;
	}
	return false;
}

/* The word after an opening question mark ("¿") that does not open the text, or 0. */
static size_t question_mark_start(const struct qa_words *w)
{
	for (size_t i = 1; i < w->n; i++) {
		const char *gap = w->text + w->tok[i - 1]->end;
		size_t len = w->tok[i]->start - w->tok[i - 1]->end;

		for (size_t k = 0; k + 1 < len; k++)
			if (gap[k] == '\xC2' && gap[k + 1] == '\xBF')
				return i;
	}
	return 0;
}

/*
 * The rules match from the question's first word; when none does, from its first interrogative after
 * a fronted phrase ("In the year 2000 [how many] square kilometres ...", "Bajo el plan de Goldenson,
 * [¿cómo] se llamaría ...?"). Where an opening question mark stands inside the text, the question
 * begins there, and the rules are tried from it first ("Cuando se detiene a mucha gente, [¿cuál] es
 * ...?": "cuando" is no question word there).
 */
bool qa_rules_match(const struct xlqa_question_rules *r, const struct qa_words *w, struct qa_match *m)
{
	size_t mark = question_mark_start(w);

	if ((mark && match_at(r, w, mark, m)) || match_at(r, w, 0, m))
		return true;
	for (size_t i = 1; i < w->n; i++)
		if (qa_rules_interrogative(r, w->tok[i]))
			return match_at(r, w, i, m);
	return false;
}
