/*
 * squad: SQuAD JSON in, a CLEF-style benchmark out (see include/xlqa/squad.h). Reading walks the
 * JSON tree item by item; an item that cannot be used is reported with its JSON path and left out,
 * never silently. Writing decides the NIL questions (a seeded share of paragraphs left out of every
 * language, closed under "a question whose paragraph is left out anywhere is NIL everywhere"), orders
 * the questions by a seeded shuffle, and writes every file into a temporary directory that is renamed
 * into place at the end (xlqa_dir_out_*).
 */
#include "config.h"

#include "xlqa/squad.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static const struct {
	const char *name, *help;
} problems[] = {
#define XLQA_SQUAD_ROW_(e, name, help) { name, help },
	XLQA_SQUAD_PROBLEM_LIST(XLQA_SQUAD_ROW_)
#undef XLQA_SQUAD_ROW_
};

const char *xlqa_squad_problem_name(enum xlqa_squad_problem kind)
{
	return (unsigned)kind < XLQA_SQUAD_PROBLEMS ? problems[kind].name : NULL;
}

const char *xlqa_squad_problem_help(enum xlqa_squad_problem kind)
{
	return (unsigned)kind < XLQA_SQUAD_PROBLEMS ? problems[kind].help : NULL;
}

static void report(struct xlqa_squad_report *rep, enum xlqa_squad_problem kind, const char *place, const char *fmt,
                   ...) XLQA_PRINTF(4, 5);
static void report(struct xlqa_squad_report *rep, enum xlqa_squad_problem kind, const char *place, const char *fmt,
                   ...)
{
	char msg[512];
	va_list ap;

	if (!rep)
		return;
	rep->counts[kind]++;
	if (!rep->on_problem)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	rep->on_problem(rep->ctx, kind, place, msg);
}

int xlqa_squad_init(struct xlqa_squad *s, const char *lang, struct xlqa_error *err)
{
	memset(s, 0, sizeof *s);
	xlqa_hash_init(&s->ids);
	xlqa_arena_init(&s->strings, 0);
	if (!lang || strlen(lang) != 2 || !((lang[0] | 32) >= 'a' && (lang[0] | 32) <= 'z') ||
	    !((lang[1] | 32) >= 'a' && (lang[1] | 32) <= 'z'))
		return xlqa_error_set(err, XLQA_EINVAL, "language '%s' is not a two-letter code", lang ? lang : "");
	s->lang[0] = (char)(lang[0] | 32);
	s->lang[1] = (char)(lang[1] | 32);
	return XLQA_OK;
}

void xlqa_squad_release(struct xlqa_squad *s)
{
	for (size_t i = 0; i < s->n_questions; i++)
		free(s->questions[i].answers);
	free(s->questions);
	free(s->paragraphs);
	xlqa_hash_release(&s->ids);
	xlqa_arena_release(&s->strings);
	memset(s, 0, sizeof *s);
}

/* A copy of `src` in the arena with every run of white space as one blank, trimmed; NULL: no memory. */
static char *collapse(struct xlqa_arena *a, const char *src)
{
	size_t n = strlen(src), j = 0;
	char *d = xlqa_arena_alloc(a, n + 1);
	bool blank = false;

	if (!d)
		return NULL;
	for (const char *p = src; *p; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v') {
			blank = j > 0;
			continue;
		}
		if (blank)
			d[j++] = ' ';
		blank = false;
		d[j++] = *p;
	}
	d[j] = '\0';
	return d;
}

/* The byte offset of code point `cp` in the UTF-8 string `s` of `len` bytes, or -1 past its end. */
static long long byte_offset(const char *s, size_t len, long long cp)
{
	size_t i = 0;

	for (long long k = 0; k < cp; k++) {
		if (i >= len)
			return -1;
		i++;
		while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
	}
	return (long long)i;
}

/* The reader's state while it walks one file. */
struct walk {
	struct xlqa_squad *s;
	const char *name;
	struct xlqa_squad_report *rep;
	char place[256];
};

static const char *string_field(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* The id of a question: a string, or an integer written in decimal into `buf`; NULL when neither. */
static const char *question_id(json_t *qa, char *buf, size_t size)
{
	json_t *v = json_object_get(qa, "id");

	if (json_is_string(v) && *json_string_value(v))
		return json_string_value(v);
	if (json_is_integer(v)) {
		snprintf(buf, size, "%lld", (long long)json_integer_value(v));
		return buf;
	}
	return NULL;
}

/* Adds the answers of `qa` that match `context` to `q`; reports each that does not. */
static int read_answers(struct walk *w, const char *place, json_t *answers, const char *context, struct xlqa_squad_question *q)
{
	size_t clen = strlen(context), alloc = 0, i;
	json_t *a;

	json_array_foreach(answers, i, a) {
		const char *text = string_field(a, "text");
		json_t *start = json_object_get(a, "answer_start");
		long long off;
		char *norm;
		bool seen = false;

		if (!text || !*text || !json_is_integer(start)) {
			report(w->rep, XLQA_SQUAD_MISSING, place, "answers[%zu]: %s", i,
			       !text || !*text ? "no answer 'text'" : "no integer 'answer_start'");
			continue;
		}
		off = byte_offset(context, clen, json_integer_value(start));
		if (json_integer_value(start) < 0 || off < 0 || (size_t)off + strlen(text) > clen ||
		    memcmp(context + off, text, strlen(text)) != 0) {
			report(w->rep, XLQA_SQUAD_OFFSET, place, "answers[%zu]: '%.60s' is not at answer_start %lld", i,
			       text, (long long)json_integer_value(start));
			continue;
		}
		if (!(norm = collapse(&w->s->strings, text)))
			return XLQA_ENOMEM;
		for (size_t k = 0; k < q->n_answers && !seen; k++)
			seen = strcmp(q->answers[k], norm) == 0;
		if (seen)
			continue;
		if (XLQA_ARRAY_RESERVE(q->answers, alloc, q->n_answers + 1))
			return XLQA_ENOMEM;
		q->answers[q->n_answers++] = norm;
	}
	return XLQA_OK;
}

static int read_question(struct walk *w, json_t *qa, size_t paragraph, const char *context)
{
	struct xlqa_squad *s = w->s;
	struct xlqa_squad_question q;
	json_t *answers = json_object_get(qa, "answers"), *imp = json_object_get(qa, "is_impossible");
	const char *id, *text = string_field(qa, "question");
	char idbuf[32], where[sizeof w->place + 64];
	int rc;

	memset(&q, 0, sizeof q);
	if (!(id = question_id(qa, idbuf, sizeof idbuf))) {
		report(w->rep, XLQA_SQUAD_MISSING, w->place, "no question 'id'");
		return XLQA_OK;
	}
	snprintf(where, sizeof where, "%s (id '%s')", w->place, id);
	if (!text || !(q.text = collapse(&s->strings, text)) || !*q.text) {
		if (text && !q.text)
			return XLQA_ENOMEM;
		report(w->rep, XLQA_SQUAD_MISSING, where, "no 'question' text");
		return XLQA_OK;
	}
	if (xlqa_hash_get(&s->ids, id, strlen(id), NULL)) {
		report(w->rep, XLQA_SQUAD_DUPLICATE, where, "id '%s' seen before; this one is left out", id);
		return XLQA_OK;
	}
	q.impossible = json_is_true(imp);
	if (!q.impossible && !json_is_array(answers)) {
		report(w->rep, XLQA_SQUAD_MISSING, where, "no 'answers' array");
	} else if (!q.impossible) {
		if ((rc = read_answers(w, where, answers, context, &q))) {
			free(q.answers);
			return rc;
		}
		if (!q.n_answers)
			report(w->rep, XLQA_SQUAD_NO_ANSWER, where, "no answer left; the question is left out");
	}
	q.usable = q.impossible || q.n_answers > 0;
	q.paragraph = paragraph;
	if (!(q.id = xlqa_arena_strndup(&s->strings, id, strlen(id))) ||
	    XLQA_ARRAY_RESERVE(s->questions, s->alloc_questions, s->n_questions + 1)) {
		free(q.answers);
		return XLQA_ENOMEM;
	}
	s->questions[s->n_questions++] = q;
	return xlqa_hash_put(&s->ids, q.id, strlen(q.id), (void *)(uintptr_t)s->n_questions, NULL);
}

static int read_paragraph(struct walk *w, json_t *p, const char *title, size_t ai, size_t pi)
{
	struct xlqa_squad *s = w->s;
	const char *context = string_field(p, "context");
	json_t *qas = json_object_get(p, "qas"), *qa;
	size_t k, index = s->n_paragraphs;
	int rc;

	snprintf(w->place, sizeof w->place, "%s: data[%zu].paragraphs[%zu]", w->name, ai, pi);
	if (!context || !*context || !json_is_array(qas)) {
		report(w->rep, XLQA_SQUAD_MISSING, w->place, "%s; the paragraph and its %zu questions are left out",
		       !context || !*context ? "no 'context' text" : "no 'qas' array",
		       json_is_array(qas) ? json_array_size(qas) : 0);
		return XLQA_OK;
	}
	if (XLQA_ARRAY_RESERVE(s->paragraphs, s->alloc_paragraphs, s->n_paragraphs + 1))
		return XLQA_ENOMEM;
	s->paragraphs[index].title = title;
	if (!(s->paragraphs[index].context = xlqa_arena_strndup(&s->strings, context, strlen(context))))
		return XLQA_ENOMEM;
	s->n_paragraphs++;
	json_array_foreach(qas, k, qa) {
		snprintf(w->place, sizeof w->place, "%s: data[%zu].paragraphs[%zu].qas[%zu]", w->name, ai, pi, k);
		if ((rc = read_question(w, qa, index, s->paragraphs[index].context)))
			return rc;
	}
	return XLQA_OK;
}

static int read_article(struct walk *w, json_t *article, size_t ai)
{
	json_t *paragraphs = json_object_get(article, "paragraphs"), *p;
	const char *t = string_field(article, "title");
	char *title;
	size_t j;
	int rc;

	if (!json_is_array(paragraphs)) {
		snprintf(w->place, sizeof w->place, "%s: data[%zu]", w->name, ai);
		report(w->rep, XLQA_SQUAD_MISSING, w->place, "no 'paragraphs' array; the article is left out");
		return XLQA_OK;
	}
	if (!(title = collapse(&w->s->strings, t ? t : "")))
		return XLQA_ENOMEM;
	for (char *c = title; *c; c++)
		if (*c == '_')
			*c = ' ';
	json_array_foreach(paragraphs, j, p)
		if ((rc = read_paragraph(w, p, title, ai, j)))
			return rc;
	return XLQA_OK;
}

int xlqa_squad_parse(struct xlqa_squad *s, const char *name, const char *data, size_t len,
                     struct xlqa_squad_report *rep, struct xlqa_error *err)
{
	struct walk w = { s, name, rep, { 0 } };
	json_error_t jerr;
	json_t *root = json_loadb(data, len, 0, &jerr), *list, *article;
	size_t i;
	int rc = XLQA_OK;

	if (!root)
		return xlqa_error_at(err, XLQA_EPARSE, jerr.position, jerr.line, "%s: line %d, column %d: not JSON: %s",
		                     name, jerr.line, jerr.column, jerr.text);
	list = json_object_get(root, "data");
	if (!json_is_array(list)) {
		json_decref(root);
		return xlqa_error_set(err, XLQA_EPARSE, "%s: not SQuAD: no 'data' array at the top level", name);
	}
	json_array_foreach(list, i, article)
		if ((rc = read_article(&w, article, i)))
			break;
	json_decref(root);
	return rc ? xlqa_error_set(err, rc, "%s: %s", name, xlqa_strerror(rc)) : XLQA_OK;
}

int xlqa_squad_read(struct xlqa_squad *s, const char *path, struct xlqa_squad_report *rep, struct xlqa_error *err)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	gzFile gz = gzopen(path, "rb");
	int n = 0, rc;

	if (!gz)
		return xlqa_error_set(err, errno == ENOENT ? XLQA_ENOTFOUND : XLQA_EIO, "cannot open '%s': %s", path,
		                      strerror(errno ? errno : ENOMEM));
	for (;;) {
		if (xlqa_buf_grow(&b, 1 << 16)) {
			gzclose(gz);
			xlqa_buf_release(&b);
			return xlqa_error_set(err, XLQA_ENOMEM, "cannot read '%s': out of memory", path);
		}
		if ((n = gzread(gz, b.buf + b.len, 1 << 16)) <= 0)
			break;
		b.len += (size_t)n; /* grown above: room for the bytes and the NUL */
		b.buf[b.len] = '\0';
	}
	if (n < 0) {
		int e;
		const char *msg = gzerror(gz, &e);

		rc = xlqa_error_set(err, XLQA_EIO, "cannot read '%s': %s", path, e == Z_ERRNO ? strerror(errno) : msg);
		gzclose(gz);
		xlqa_buf_release(&b);
		return rc;
	}
	gzclose(gz);
	rc = xlqa_squad_parse(s, path, b.buf, b.len, rep, err);
	xlqa_buf_release(&b);
	return rc;
}

int xlqa_squad_pattern(const char *answer, struct xlqa_buf *out)
{
	bool blank = false;

	for (const unsigned char *p = (const unsigned char *)answer; *p; p++) {
		int rc = XLQA_OK;

		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			blank = true;
			continue;
		}
		if (blank && out->len)
			rc = xlqa_buf_addstr(out, "\\s+");
		blank = false;
		if (!rc && *p < 0x80 && !((*p >= '0' && *p <= '9') || ((*p | 32) >= 'a' && (*p | 32) <= 'z')))
			rc = xlqa_buf_addch(out, '\\');
		if (rc || (rc = xlqa_buf_addch(out, *p)))
			return rc;
	}
	return XLQA_OK;
}

/* ---- the benchmark ----------------------------------------------------------------------------- */

/* splitmix64 (Steele, Lea and Flood 2014): the seeded sequence behind every random choice. */
static uint64_t mix(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* The CLEF 2004 target languages (guidelines, "Test sets"); every known language may be a source. */
static bool clef_target(const char *lang)
{
	static const char targets[][3] = { "de", "en", "es", "fr", "it", "nl", "pt" };

	for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
		if (strcmp(targets[i], lang) == 0)
			return true;
	return false;
}

static bool clef_source(const char *lang)
{
	return clef_target(lang) || strcmp(lang, "bg") == 0 || strcmp(lang, "fi") == 0;
}

/* The writer's state: one row per kept question, the index of its question in each language. */
struct bench {
	struct xlqa_squad *const *langs;
	size_t n;
	const struct xlqa_squad_bench_options *opt;
	size_t *rows;        /* n_rows x n: question index in langs[l] */
	size_t n_rows;
	bool *nil;           /* per row */
	bool **removed;      /* per language, per paragraph */
	size_t **docno;      /* per language, per paragraph: the document number, 1-based */
	char prefix[64];
	struct xlqa_dir_out dir; /* the benchmark's directory, written whole or not at all */
	struct xlqa_buf file; /* the file being composed */
};

static const struct xlqa_squad_question *question_at(const struct bench *b, size_t row, size_t l)
{
	return &b->langs[l]->questions[b->rows[row * b->n + l]];
}

/* Rows: the usable questions of langs[0] found usable in every language, in langs[0]'s order. */
static int align(struct bench *b, struct xlqa_squad_report *rep, struct xlqa_squad_bench_summary *sum)
{
	const struct xlqa_squad *first = b->langs[0];
	size_t alloc = 0;

	for (size_t i = 0; i < first->n_questions; i++) {
		const struct xlqa_squad_question *q = &first->questions[i];
		size_t at[64];
		bool ok = q->usable;

		for (size_t l = 1; l < b->n; l++) {
			void *v;

			if (!xlqa_hash_get(&b->langs[l]->ids, q->id, strlen(q->id), &v)) {
				report(rep, XLQA_SQUAD_UNALIGNED, q->id, "question id '%s' (%s) is not in the %s files; left out",
				       q->id, first->lang, b->langs[l]->lang);
				ok = false;
				continue;
			}
			at[l] = (size_t)(uintptr_t)v - 1;
			ok = ok && b->langs[l]->questions[at[l]].usable;
		}
		if (!ok) {
			sum->unusable++;
			continue;
		}
		at[0] = i;
		if (XLQA_ARRAY_RESERVE(b->rows, alloc, (b->n_rows + 1) * b->n))
			return XLQA_ENOMEM;
		memcpy(b->rows + b->n_rows * b->n, at, b->n * sizeof *at);
		b->n_rows++;
	}
	for (size_t l = 1; l < b->n; l++)
		for (size_t i = 0; i < b->langs[l]->n_questions; i++) {
			const struct xlqa_squad_question *q = &b->langs[l]->questions[i];

			if (!xlqa_hash_get(&first->ids, q->id, strlen(q->id), NULL)) {
				report(rep, XLQA_SQUAD_UNALIGNED, q->id, "question id '%s' (%s) is not in the %s files; left out",
				       q->id, b->langs[l]->lang, first->lang);
				sum->unusable++;
			}
		}
	return XLQA_OK;
}

/*
 * NIL questions: a seeded share of langs[0]'s paragraphs that hold kept questions is left out; then,
 * until nothing changes, a question whose paragraph is left out in any language is NIL, and its
 * paragraph is left out in every language (so a NIL question's answer is in no collection and every
 * answerable question's paragraph is in every collection). is_impossible questions are NIL anyway.
 */
static int choose_nil(struct bench *b)
{
	const struct xlqa_squad *first = b->langs[0];
	size_t np = first->n_paragraphs, n_cand = 0, want;
	uint64_t *key = calloc(np ? np : 1, sizeof *key), state = b->opt->seed;
	bool *holds = calloc(np ? np : 1, sizeof *holds), changed = true;

	if (!key || !holds) {
		free(key);
		free(holds);
		return XLQA_ENOMEM;
	}
	for (size_t r = 0; r < b->n_rows; r++)
		if (!question_at(b, r, 0)->impossible)
			holds[question_at(b, r, 0)->paragraph] = true;
	for (size_t p = 0; p < np; p++) {
		key[p] = mix(&state);
		n_cand += holds[p];
	}
	want = (size_t)(b->opt->nil_share * (double)n_cand + 0.5);
	/* the `want` candidates with the smallest keys: a seeded choice that does not depend on sorting */
	for (size_t k = 0; k < want; k++) {
		size_t best = np;

		for (size_t p = 0; p < np; p++)
			if (holds[p] && !b->removed[0][p] && (best == np || key[p] < key[best]))
				best = p;
		b->removed[0][best] = true;
	}
	free(key);
	free(holds);
	for (size_t r = 0; r < b->n_rows; r++)
		b->nil[r] = question_at(b, r, 0)->impossible;
	while (changed) {
		changed = false;
		for (size_t r = 0; r < b->n_rows; r++) {
			bool out = false;

			for (size_t l = 0; l < b->n; l++)
				out = out || b->removed[l][question_at(b, r, l)->paragraph];
			if (!out)
				continue;
			b->nil[r] = true;
			for (size_t l = 0; l < b->n; l++)
				if (!b->removed[l][question_at(b, r, l)->paragraph])
					b->removed[l][question_at(b, r, l)->paragraph] = changed = true;
		}
	}
	return XLQA_OK;
}

/* Writes b->file to DIR/relative path under the temporary directory, creating its folder. */
static int put_file(struct bench *b, const char *dir, const char *name, struct xlqa_error *err)
{
	char path[4096 + 256];

	if (dir) {
		snprintf(path, sizeof path, "%s/%s", b->dir.tmp.buf, dir);
		for (char *p = path + b->dir.tmp.len + 1; *p; p++)
			if (*p == '/') {
				*p = '\0';
				if (mkdir(path, 0777) && errno != EEXIST)
					return xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", path);
				*p = '/';
			}
		if (mkdir(path, 0777) && errno != EEXIST)
			return xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", path);
	}
	if (snprintf(path, sizeof path, "%s/%s%s%s", b->dir.tmp.buf, dir ? dir : "", dir ? "/" : "", name) >=
	    (int)sizeof path)
		return xlqa_error_set(err, XLQA_EINVAL, "output path '%s/%s' is too long", b->dir.tmp.buf, name);
	return xlqa_file_write_atomic(path, b->file.buf, b->file.len, err);
}

/* Appends UTF-8 `s` as ISO-8859-1 SGML text: & < > escaped, characters past U+00FF as &#N;. */
static int add_latin1(struct xlqa_buf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	int rc = XLQA_OK;

	while (p < end && !rc) {
		uint32_t cp = *p;
		int extra = cp < 0x80 ? 0 : cp < 0xE0 ? 1 : cp < 0xF0 ? 2 : 3;

		if (extra)
			cp &= 0x3F >> extra;
		for (p++; extra-- > 0 && p < end; p++)
			cp = (cp << 6) | (*p & 0x3F);
		if (cp == '&')
			rc = xlqa_buf_addstr(out, "&amp;");
		else if (cp == '<')
			rc = xlqa_buf_addstr(out, "&lt;");
		else if (cp == '>')
			rc = xlqa_buf_addstr(out, "&gt;");
		else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
			rc = xlqa_buf_addch(out, ' ');
		else if (cp <= 0xFF)
			rc = xlqa_buf_addch(out, (int)cp);
		else
			rc = xlqa_buf_addf(out, "&#%u;", (unsigned)cp);
	}
	return rc;
}

/* Appends the context as lines of at most about 78 bytes, broken at blanks. */
static int add_wrapped(struct xlqa_buf *out, const char *text)
{
	size_t col = 0;
	int rc = XLQA_OK;

	while (*text && !rc) {
		size_t w = strcspn(text, " ");

		if (col > 0 && col + 1 + w > 78) {
			rc = xlqa_buf_addch(out, '\n');
			col = 0;
		} else if (col > 0) {
			rc = xlqa_buf_addch(out, ' ');
			col++;
		}
		if (!rc)
			rc = add_latin1(out, text, w);
		col += w;
		text += w;
		text += *text == ' ';
	}
	return rc ? rc : xlqa_buf_addch(out, '\n');
}

static int write_collection(struct bench *b, size_t l, size_t *docs, struct xlqa_error *err)
{
	const struct xlqa_squad *s = b->langs[l];
	struct xlqa_arena scratch;
	char up[3] = { (char)(s->lang[0] - 32), (char)(s->lang[1] - 32), 0 }, dir[32], name[300];
	size_t number = 0;
	int rc = XLQA_OK;

	xlqa_arena_init(&scratch, 0);
	xlqa_buf_reset(&b->file);
	for (size_t p = 0; p < s->n_paragraphs && !rc; p++) {
		char *text;

		if (b->removed[l][p])
			continue;
		b->docno[l][p] = p + 1; /* the paragraph's place: parallel files keep parallel numbers */
		number++;
		if (!(text = collapse(&scratch, s->paragraphs[p].context))) {
			rc = XLQA_ENOMEM;
			break;
		}
		rc = xlqa_buf_addf(&b->file, "<DOC>\n<DOCNO>%s.%s.%05zu</DOCNO>\n<DOCID>%s.%s.%05zu</DOCID>\n<TITLE>",
		                   b->prefix, up, p + 1, b->prefix, up, p + 1);
		if (!rc)
			rc = add_latin1(&b->file, s->paragraphs[p].title, strlen(s->paragraphs[p].title));
		if (!rc)
			rc = xlqa_buf_addstr(&b->file, "</TITLE>\n<TEXT>\n");
		if (!rc)
			rc = add_wrapped(&b->file, text);
		if (!rc)
			rc = xlqa_buf_addstr(&b->file, "</TEXT>\n</DOC>\n");
		xlqa_arena_reset(&scratch);
	}
	xlqa_arena_release(&scratch);
	if (rc)
		return xlqa_error_set(err, rc, "writing the %s collection: %s", up, xlqa_strerror(rc));
	*docs += number;
	snprintf(dir, sizeof dir, "collections/%s", up);
	snprintf(name, sizeof name, "%s-%s.sgml", b->opt->name, s->lang);
	if ((rc = put_file(b, dir, name, err)))
		return rc;
	xlqa_buf_reset(&b->file);
	if (xlqa_buf_addf(&b->file,
	                  "# %s benchmark, %s collection, written by xlqa import squad: CLEF-style SGML, ISO-8859-1,\n"
	                  "# <DOC> <DOCNO> <DOCID> <TITLE> <TEXT>, one SQuAD paragraph a document.\n"
	                  "# Data root: the benchmark's directory (xlqa index --data-root DIR).\n"
	                  "name = %s-%s\nlanguage = %s\nencoding = ISO-8859-1\nfiles = collections/%s/*.sgml\n"
	                  "doc = DOC\ndocno = DOCNO\ntext = TITLE TEXT\n",
	                  b->opt->name, up, b->opt->name, s->lang, s->lang, up))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	snprintf(name, sizeof name, "%s-%s.conf", b->opt->name, s->lang);
	return put_file(b, "corpora-config", name, err);
}

/* Writes set `k` (1-based) of the questions order[from..from+count). */
static int write_set(struct bench *b, size_t k, const size_t *order, size_t from, struct xlqa_error *err)
{
	char dir[64], name[64];
	int rc = XLQA_OK;

	for (size_t t = 0; t < b->n && !rc; t++) {
		const char *tl = b->langs[t]->lang;
		char tu[3] = { (char)(tl[0] - 32), (char)(tl[1] - 32), 0 };

		if (!clef_target(tl))
			continue;
		for (size_t s = 0; s < b->n && !rc; s++) {
			const char *sl = b->langs[s]->lang;
			char su[3] = { (char)(sl[0] - 32), (char)(sl[1] - 32), 0 };

			if (!clef_source(sl))
				continue;
			xlqa_buf_reset(&b->file);
			for (size_t i = 0; i < b->opt->set_size && !rc; i++)
				rc = xlqa_buf_addf(&b->file, "F %s %s %04zu %s\n", su, tu, i + 1,
				                   question_at(b, order[from + i], s)->text);
			snprintf(dir, sizeof dir, "sets/%zu/questions", k);
			snprintf(name, sizeof name, "%s-%s.txt", su, tu);
			if (rc || (rc = put_file(b, dir, name, err)))
				return rc == XLQA_ENOMEM ? xlqa_error_set(err, rc, "out of memory") : rc;
		}
		/* the gold key, then the same as TREC patterns with their documents */
		for (int pass = 0; pass < 2 && !rc; pass++) {
			xlqa_buf_reset(&b->file);
			for (size_t i = 0; i < b->opt->set_size && !rc; i++) {
				size_t row = order[from + i];
				const struct xlqa_squad_question *q = question_at(b, row, t);
				char doc[96];

				snprintf(doc, sizeof doc, "%s.%s.%05zu", b->prefix, tu, b->nil[row] ? 0 : b->docno[t][q->paragraph]);
				if (b->nil[row]) {
					if (pass == 0)
						rc = xlqa_buf_addf(&b->file, "%04zu\tNIL\t\n", i + 1);
					continue;
				}
				if (pass == 0)
					rc = xlqa_buf_addf(&b->file, "%04zu\t%s\t", i + 1, doc);
				for (size_t a = 0; a < q->n_answers && !rc; a++) {
					if (pass == 0) {
						rc = xlqa_buf_addf(&b->file, "%s%s", a ? " ||| " : "", q->answers[a]);
						continue;
					}
					rc = xlqa_buf_addf(&b->file, "%04zu ", i + 1);
					if (!rc)
						rc = xlqa_squad_pattern(q->answers[a], &b->file);
					if (!rc)
						rc = xlqa_buf_addf(&b->file, " %s\n", doc);
				}
				if (!rc && pass == 0)
					rc = xlqa_buf_addch(&b->file, '\n');
			}
			snprintf(dir, sizeof dir, "sets/%zu/gold", k);
			snprintf(name, sizeof name, "%s.%s", tu, pass ? "patterns" : "gold");
			if (rc || (rc = put_file(b, dir, name, err)))
				return rc == XLQA_ENOMEM ? xlqa_error_set(err, rc, "out of memory") : rc;
		}
	}
	return rc;
}

static int write_readme(struct bench *b, const struct xlqa_squad_bench_summary *sum, struct xlqa_error *err)
{
	struct xlqa_buf *f = &b->file;
	int rc;

	xlqa_buf_reset(f);
	rc = xlqa_buf_addf(f,
	                   "# %s: a CLEF-2004-style cross-language QA benchmark (",
	                   b->opt->name);
	for (size_t l = 0; l < b->n && !rc; l++)
		rc = xlqa_buf_addf(f, "%s%c%c", l ? ", " : "", b->langs[l]->lang[0] - 32, b->langs[l]->lang[1] - 32);
	if (!rc)
		rc = xlqa_buf_addstr(f, ")\n\nWritten by `xlqa import squad` from:\n");
	for (size_t i = 0; i < b->opt->n_sources && !rc; i++)
		rc = xlqa_buf_addf(f, "- `%s`\n", b->opt->sources[i]);
	if (!rc)
		rc = xlqa_buf_addf(
			f,
			"\n%zu questions found in every language, %zu of them NIL; %zu test sets of %zu questions"
			" (%zu questions after the last full set are in no set); %zu task pairs; %zu documents in all"
			" (%zu paragraphs left out, summed over the languages); seed %llu, NIL share %.3f.\n"
			"The licence is that of the source data.\n\n"
			"## Layout\n"
			"- `collections/<LANG>/*.sgml`: the target-language collection, one SQuAD paragraph a document,\n"
			"  ISO-8859-1 CLEF-style SGML: `<DOC>` `<DOCNO>` `<DOCID>` `<TITLE>` `<TEXT>`; characters outside\n"
			"  Latin-1 appear as numeric character references, and `&amp; &lt; &gt;` are escaped.\n"
			"- `corpora-config/<name>-<lang>.conf`: its description for `xlqa index --data-root <this directory>`.\n"
			"- `sets/<k>/questions/<SRC>-<TGT>.txt`: a CLEF 2004 test set, one line `F SRC TGT NNNN question`\n"
			"  (UTF-8); the same questions in the same order in every pair of a set.\n"
			"- `sets/<k>/gold/<TGT>.gold`: `NNNN<TAB>DOCNO<TAB>answer ||| answer` (any one answer is right), or\n"
			"  `NNNN<TAB>NIL<TAB>` where the collection holds no answer: the question's paragraph was left out\n"
			"  of every collection (or the source marks it is_impossible).\n"
			"- `sets/<k>/gold/<TGT>.patterns`: the same key as TREC answer patterns with supporting documents,\n"
			"  `NNNN regex DOCNO` (no line for a NIL question).\n",
			sum->questions, sum->nil, sum->sets, b->opt->set_size, sum->unassigned, sum->pairs, sum->documents,
			sum->left_out, (unsigned long long)b->opt->seed, b->opt->nil_share);
	if (rc)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	return put_file(b, NULL, "README.md", err);
}

static void bench_free(struct bench *b)
{
	for (size_t l = 0; l < b->n; l++) {
		if (b->removed)
			free(b->removed[l]);
		if (b->docno)
			free(b->docno[l]);
	}
	free(b->removed);
	free(b->docno);
	free(b->rows);
	free(b->nil);
	xlqa_buf_release(&b->file);
}

static int check_options(struct xlqa_squad *const *langs, size_t n, const struct xlqa_squad_bench_options *opt,
                         struct xlqa_error *err)
{
	bool target = false;

	if (n == 0 || n > 64)
		return xlqa_error_set(err, XLQA_EINVAL, "between 1 and 64 languages are needed, not %zu", n);
	if (!opt->name || !*opt->name || strlen(opt->name) > 40 || strspn(opt->name,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != strlen(opt->name))
		return xlqa_error_set(err, XLQA_EINVAL, "benchmark name '%s' must be 1-40 letters, digits, '-' or '_'",
		                      opt->name ? opt->name : "");
	if (!(opt->nil_share >= 0 && opt->nil_share < 1) || opt->set_size < 1 || opt->set_size > 9999)
		return xlqa_error_set(err, XLQA_EINVAL, "the NIL share must be in [0, 1) and the set size in 1..9999");
	for (size_t l = 0; l < n; l++) {
		target = target || clef_target(langs[l]->lang);
		if (!clef_source(langs[l]->lang))
			return xlqa_error_set(err, XLQA_EINVAL, "language '%s' is not a CLEF 2004 language", langs[l]->lang);
		for (size_t m = 0; m < l; m++)
			if (strcmp(langs[l]->lang, langs[m]->lang) == 0)
				return xlqa_error_set(err, XLQA_EINVAL, "language '%s' given twice", langs[l]->lang);
	}
	if (!target)
		return xlqa_error_set(err, XLQA_EINVAL, "no CLEF target language (DE EN ES FR IT NL PT) among the inputs");
	return XLQA_OK;
}

static int write_all(struct bench *b, struct xlqa_squad_report *rep, struct xlqa_squad_bench_summary *sum,
                     struct xlqa_error *err)
{
	size_t *order = NULL;
	uint64_t state = b->opt->seed ^ 0x5155414453ull; /* a second sequence for the order */
	int rc;

	if ((rc = align(b, rep, sum)))
		return xlqa_error_set(err, rc, "out of memory");
	if (b->n_rows < b->opt->set_size)
		return xlqa_error_set(err, XLQA_EEMPTY, "%zu questions usable in every language, fewer than one set of %zu",
		                      b->n_rows, b->opt->set_size);
	if (!(b->nil = calloc(b->n_rows, sizeof *b->nil)) || !(order = malloc(b->n_rows * sizeof *order)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if ((rc = choose_nil(b))) {
		free(order);
		return xlqa_error_set(err, rc, "out of memory");
	}
	for (size_t r = 0; r < b->n_rows; r++) {
		size_t j = (size_t)(mix(&state) % (r + 1)); /* Fisher-Yates, inside out */

		order[r] = order[j];
		order[j] = r;
		sum->nil += b->nil[r];
	}
	sum->questions = b->n_rows;
	sum->sets = b->n_rows / b->opt->set_size;
	sum->unassigned = b->n_rows % b->opt->set_size;
	for (size_t l = 0; l < b->n; l++) {
		for (size_t p = 0; p < b->langs[l]->n_paragraphs; p++)
			sum->left_out += b->removed[l][p];
	}
	for (size_t t = 0; t < b->n; t++)
		for (size_t s = 0; s < b->n; s++)
			sum->pairs += clef_target(b->langs[t]->lang) && clef_source(b->langs[s]->lang);
	for (size_t l = 0; l < b->n && !rc; l++)
		rc = write_collection(b, l, &sum->documents, err);
	for (size_t k = 0; k < sum->sets && !rc; k++)
		rc = write_set(b, k + 1, order, k * b->opt->set_size, err);
	free(order);
	return rc ? rc : write_readme(b, sum, err);
}

int xlqa_squad_write_benchmark(struct xlqa_squad *const *langs, size_t n, const char *out_dir,
                               const struct xlqa_squad_bench_options *opt, struct xlqa_squad_report *rep,
                               struct xlqa_squad_bench_summary *sum, struct xlqa_error *err)
{
	struct bench b;
	struct stat st;
	int rc;

	memset(sum, 0, sizeof *sum);
	if ((rc = check_options(langs, n, opt, err)))
		return rc;
	if (!out_dir || !*out_dir || strlen(out_dir) > 4000)
		return xlqa_error_set(err, XLQA_EINVAL, "no usable output directory");
	if (stat(out_dir, &st) == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "'%s' exists; the benchmark goes into a new directory", out_dir);
	memset(&b, 0, sizeof b);
	b.langs = langs;
	b.n = n;
	b.opt = opt;
	xlqa_buf_init(&b.file);
	sum->languages = n;
	for (size_t i = 0; opt->name[i] && i + 1 < sizeof b.prefix; i++)
		b.prefix[i] = (char)(opt->name[i] >= 'a' && opt->name[i] <= 'z' ? opt->name[i] - 32 : opt->name[i]);
	if (!(b.removed = calloc(n, sizeof *b.removed)) || !(b.docno = calloc(n, sizeof *b.docno)))
		rc = XLQA_ENOMEM;
	for (size_t l = 0; l < n && !rc; l++) {
		size_t np = langs[l]->n_paragraphs ? langs[l]->n_paragraphs : 1;

		if (!(b.removed[l] = calloc(np, sizeof **b.removed)) || !(b.docno[l] = calloc(np, sizeof **b.docno)))
			rc = XLQA_ENOMEM;
	}
	if (rc) {
		bench_free(&b);
		return xlqa_error_set(err, rc, "out of memory");
	}
	rc = xlqa_dir_out_open(&b.dir, out_dir, err);
	if (!rc)
		rc = write_all(&b, rep, sum, err);
	if (!rc)
		rc = xlqa_dir_out_commit(&b.dir, err);
	xlqa_dir_out_release(&b.dir);
	bench_free(&b);
	return rc;
}
