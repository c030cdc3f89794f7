/*
 * biogen: checks a BioGen-style JSON run against the rules of ../shared/seeds/002_*.txt and lists
 * every violation. The JSON is parsed with jansson (duplicate keys rejected, any root accepted so a
 * non-object root is named as such); each answer is scanned once for its bracket lists, the lists are
 * blanked out, the remaining prose is split into sentences by ICU, and each list is then placed: in
 * a sentence (kept, its first three entries cited), after a sentence that ends with sentence-final
 * punctuation (discarded), or before the first sentence (discarded). A list after a sentence without
 * final punctuation ("... as shown [1]" at the end of an answer) belongs to that sentence.
 *
 * Invariant: every finding's strings live in the report's arena; the rule table's order is that of
 * enum rule_id, which the checker uses to name rules without looking them up.
 */
#include "config.h"

#include "xlqa/biogen.h"
#include "xlqa/text.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

enum rule_id {
	R_JSON_SYNTAX,
	R_ROOT_TYPE,
	R_ROOT_KEY_MISSING,
	R_ROOT_KEY_TYPE,
	R_ROOT_KEY_UNKNOWN,
	R_RESULT_TYPE,
	R_RESULT_KEY_MISSING,
	R_RESULT_KEY_TYPE,
	R_RESULT_KEY_UNKNOWN,
	R_TOPIC_UNKNOWN,
	R_TOPIC_DUPLICATE,
	R_TOPIC_MISSING,
	R_REFERENCE_TYPE,
	R_REFERENCE_PMID,
	R_REFERENCE_DUPLICATE,
	R_ANSWER_EMPTY,
	R_BRACKET_UNBALANCED,
	R_CITATION_LEADING,
	R_CITATION_OUTSIDE,
	R_CITATION_MALFORMED,
	R_CITATION_EXCESS,
	R_CITATION_UNREFERENCED,
	R_REFERENCE_UNCITED,
	N_RULES
};

#define E XLQA_BIOGEN_ERROR
#define W XLQA_BIOGEN_WARNING
static const struct xlqa_biogen_rule rules[N_RULES] = {
	[R_JSON_SYNTAX] = { "json-syntax", E, "the run is not well-formed JSON (or repeats a key in an object)" },
	[R_ROOT_TYPE] = { "root-type", E, "the root is not a JSON object" },
	[R_ROOT_KEY_MISSING] = { "root-key-missing", E,
				 "the root lacks team_id, run_name, contact_email or results" },
	[R_ROOT_KEY_TYPE] = { "root-key-type", E,
			      "team_id, run_name and contact_email must be strings, results a list" },
	[R_ROOT_KEY_UNKNOWN] = { "root-key-unknown", W, "the root has a key the spec does not define" },
	[R_RESULT_TYPE] = { "result-type", E, "an entry of results is not a JSON object" },
	[R_RESULT_KEY_MISSING] = { "result-key-missing", E, "a result lacks topic_id, answer or references" },
	[R_RESULT_KEY_TYPE] = { "result-key-type", E, "topic_id and answer must be strings, references a list" },
	[R_RESULT_KEY_UNKNOWN] = { "result-key-unknown", W, "a result has a key the spec does not define" },
	[R_TOPIC_UNKNOWN] = { "topic-unknown", E, "a result's topic_id is not in the topics file" },
	[R_TOPIC_DUPLICATE] = { "topic-duplicate", W, "two results answer the same topic" },
	[R_TOPIC_MISSING] = { "topic-missing", W, "a topic of the topics file has no result" },
	[R_REFERENCE_TYPE] = { "reference-type", E, "an entry of references is not a string" },
	[R_REFERENCE_PMID] = { "reference-pmid", E, "a reference is not a PMID (decimal digits, no leading zero)" },
	[R_REFERENCE_DUPLICATE] = { "reference-duplicate", W, "a PMID is listed twice in one references list" },
	[R_ANSWER_EMPTY] = { "answer-empty", W, "an answer has no sentence" },
	[R_BRACKET_UNBALANCED] = { "bracket-unbalanced", E,
				   "a '[' without its ']', a ']' without its '[', or a '[' inside a list" },
	[R_CITATION_LEADING] = { "citation-leading", W,
				 "a citation list before the first sentence is discarded" },
	[R_CITATION_OUTSIDE] = { "citation-outside", W,
				 "a citation list after sentence-final punctuation is discarded" },
	[R_CITATION_MALFORMED] = { "citation-malformed", E,
				   "a kept citation list entry is empty or not a PMID" },
	[R_CITATION_EXCESS] = { "citation-excess", W,
				"a citation list has more than three entries; the rest are discarded" },
	[R_CITATION_UNREFERENCED] = { "citation-unreferenced", E,
				      "a cited PMID is not in the result's references" },
	[R_REFERENCE_UNCITED] = { "reference-uncited", E,
				  "a reference is not cited by any kept citation in the answer" },
};
#undef E
#undef W

/*
 * Abbreviations common in biomedical answers after which a sentence does not end; the segmenter
 * already keeps a sentence going when a lower-case word follows ("e.g. aspirin"), so these matter
 * before capitals and numbers ("Dr. Smith", "Fig. 2").
 */
static const char *const abbreviations[] = {
	"Dr.", "Drs.", "Prof.", "Fig.", "Figs.", "Ref.", "Refs.", "No.", "Vol.", "e.g.", "i.e.", "et al.", "vs.",
	"approx.", "ca.", "cf.",
};

/* The spec: "only the first three entries in each citation list will be considered". */
#define CITATIONS_KEPT 3
/* Longest piece of submitted text quoted in a message. */
#define QUOTE_MAX 40

size_t xlqa_biogen_rule_count(void)
{
	return N_RULES;
}

const struct xlqa_biogen_rule *xlqa_biogen_rule_at(size_t i)
{
	return i < N_RULES ? &rules[i] : NULL;
}

const struct xlqa_biogen_rule *xlqa_biogen_rule_find(const char *id)
{
	for (size_t i = 0; i < N_RULES; i++)
		if (strcmp(rules[i].id, id) == 0)
			return &rules[i];
	return NULL;
}

const char *xlqa_biogen_severity_name(enum xlqa_biogen_severity severity)
{
	return severity == XLQA_BIOGEN_ERROR ? "error" : "warning";
}

void xlqa_biogen_report_init(struct xlqa_biogen_report *r)
{
	memset(r, 0, sizeof *r);
	xlqa_arena_init(&r->strings, 0);
}

void xlqa_biogen_report_release(struct xlqa_biogen_report *r)
{
	free(r->findings);
	xlqa_arena_release(&r->strings);
	xlqa_biogen_report_init(r);
}

/* JSON's white space. */
static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* ---- topics ------------------------------------------------------------------------------------ */

struct xlqa_biogen_topics {
	struct xlqa_hash ids;  /* topic_id -> line (or array index + 1) where it was given */
	const char **order;    /* the ids in file order, pointing at the hash's own key copies */
	size_t n;
	size_t alloc;
};

void xlqa_biogen_topics_free(struct xlqa_biogen_topics *t)
{
	if (!t)
		return;
	xlqa_hash_release(&t->ids);
	free(t->order);
	free(t);
}

size_t xlqa_biogen_topics_count(const struct xlqa_biogen_topics *t)
{
	return t ? t->n : 0;
}

bool xlqa_biogen_topics_has(const struct xlqa_biogen_topics *t, const char *topic_id)
{
	return t && xlqa_hash_get(&t->ids, topic_id, strlen(topic_id), NULL);
}

/*
 * Adds one topic object; `where` is its line (NDJSON) or 1-based array position, `what` says which
 * ("line" or "topic") for messages.
 */
static int topics_add(struct xlqa_biogen_topics *t, const json_t *obj, const char *name, const char *what,
		      size_t where, struct xlqa_error *err)
{
	const json_t *id = json_is_object(obj) ? json_object_get(obj, "topic_id") : NULL;
	const char *s;
	size_t len;
	void *old;
	int rc;

	if (!json_is_object(obj))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: %s %zu: a topic must be a JSON object", name, what, where);
	if (!id)
		return xlqa_error_set(err, XLQA_EPARSE, "%s: %s %zu: key 'topic_id' missing", name, what, where);
	if (!json_is_string(id))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: %s %zu: 'topic_id' must be a string", name, what, where);
	s = json_string_value(id);
	len = json_string_length(id);
	if (xlqa_hash_get(&t->ids, s, len, &old))
		return xlqa_error_set(err, XLQA_EPARSE, "%s: %s %zu: topic '%.*s' given twice (first at %s %zu)", name,
				      what, where, QUOTE_MAX, s, what, (size_t)(uintptr_t)old);
	if ((rc = XLQA_ARRAY_RESERVE(t->order, t->alloc, t->n + 1)) != XLQA_OK ||
	    (rc = xlqa_hash_put(&t->ids, s, len, (void *)(uintptr_t)where, NULL)) != XLQA_OK)
		return xlqa_error_set(err, rc, "%s: %s", name, xlqa_strerror(rc));
	t->order[t->n++] = xlqa_hash_find(&t->ids, s, len)->key;
	return XLQA_OK;
}

static int topics_parse_array(struct xlqa_biogen_topics *t, const char *data, size_t len, const char *name,
			      struct xlqa_error *err)
{
	json_error_t je;
	json_t *root = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je);
	size_t i;
	json_t *v;
	int rc = XLQA_OK;

	if (!root)
		return xlqa_error_at(err, XLQA_EPARSE, je.position, je.line, "%s:%d:%d: %s", name, je.line, je.column,
				     je.text);
	json_array_foreach (root, i, v)
		if ((rc = topics_add(t, v, name, "topic", i + 1, err)) != XLQA_OK)
			break;
	json_decref(root);
	return rc;
}

static int topics_parse_lines(struct xlqa_biogen_topics *t, const char *data, size_t len, const char *name,
			      struct xlqa_error *err)
{
	size_t line = 0;

	for (size_t at = 0; at < len; line++) {
		const char *nl = memchr(data + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - data) : len;
		size_t blank = at;
		json_error_t je;
		json_t *obj;
		int rc;

		while (blank < end && is_blank(data[blank]))
			blank++;
		if (blank < end) {
			obj = json_loadb(data + at, end - at, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
			if (!obj)
				return xlqa_error_at(err, XLQA_EPARSE, (int64_t)at + je.position, (int64_t)line + 1,
						     "%s:%zu:%d: %s", name, line + 1, je.column, je.text);
			rc = topics_add(t, obj, name, "line", line + 1, err);
			json_decref(obj);
			if (rc)
				return rc;
		}
		at = end + 1;
	}
	return XLQA_OK;
}

int xlqa_biogen_topics_parse(const char *data, size_t len, const char *name, struct xlqa_biogen_topics **out,
			     struct xlqa_error *err)
{
	struct xlqa_biogen_topics *t;
	size_t lead = 0;
	int rc;

	*out = NULL;
	name = name ? name : "<topics>";
	t = calloc(1, sizeof *t);
	if (!t)
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: %s", name, xlqa_strerror(XLQA_ENOMEM));
	xlqa_hash_init(&t->ids);
	while (lead < len && is_blank(data[lead]))
		lead++;
	if (lead < len && data[lead] == '[')
		rc = topics_parse_array(t, data, len, name, err);
	else
		rc = topics_parse_lines(t, data, len, name, err);
	if (rc == XLQA_OK && t->n == 0)
		rc = xlqa_error_set(err, XLQA_EEMPTY, "%s: no topics", name);
	if (rc) {
		xlqa_biogen_topics_free(t);
		return rc;
	}
	*out = t;
	return XLQA_OK;
}

int xlqa_biogen_topics_read(const char *path, struct xlqa_biogen_topics **out, struct xlqa_error *err)
{
	struct xlqa_buf data = XLQA_BUF_INIT;
	int rc;

	*out = NULL;
	rc = xlqa_file_read(path, &data, err);
	if (rc == XLQA_OK)
		rc = xlqa_biogen_topics_parse(data.buf, data.len, path, out, err);
	xlqa_buf_release(&data);
	return rc;
}

/* ---- findings ---------------------------------------------------------------------------------- */

/* Where the checker is: the result being checked and the JSON path findings get by default. */
struct check {
	struct xlqa_biogen_report *r;
	struct xlqa_error *err;
	int status;           /* XLQA_OK until memory or ICU fails; then checking stops */
	const char *path;     /* arena copy */
	const char *topic_id; /* arena copy, or NULL */
};

struct where {
	const char *path; /* NULL: the check's current path */
	long sentence;
	long offset;
	long line, column;
};

static int check_fail(struct check *c, int status)
{
	if (c->status == XLQA_OK)
		c->status = xlqa_error_set(c->err, status, "checking a BioGen run: %s", xlqa_strerror(status));
	return c->status;
}

static const char *arena_printf(struct check *c, const char *fmt, ...) XLQA_PRINTF(2, 3);
static const char *arena_printf(struct check *c, const char *fmt, ...)
{
	char tmp[XLQA_ERROR_MAX];
	va_list ap;
	int n;
	const char *s;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	s = xlqa_arena_strndup(&c->r->strings, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
	if (!s)
		check_fail(c, XLQA_ENOMEM);
	return s;
}

static void report(struct check *c, enum rule_id rule, const struct where *w, const char *fmt, ...)
	XLQA_PRINTF(4, 5);
static void report(struct check *c, enum rule_id rule, const struct where *w, const char *fmt, ...)
{
	struct xlqa_biogen_report *r = c->r;
	struct xlqa_biogen_finding *f;
	char msg[XLQA_ERROR_MAX];
	va_list ap;

	if (c->status)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (XLQA_ARRAY_RESERVE(r->findings, r->alloc_findings, r->n_findings + 1)) {
		check_fail(c, XLQA_ENOMEM);
		return;
	}
	f = &r->findings[r->n_findings];
	f->rule = &rules[rule];
	f->path = w && w->path ? w->path : c->path;
	f->topic_id = c->topic_id;
	f->sentence = w ? w->sentence : 0;
	f->answer_offset = w ? w->offset : -1;
	f->line = w ? w->line : 0;
	f->column = w ? w->column : 0;
	f->message = arena_printf(c, "%s", msg);
	if (!f->message)
		return;
	r->n_findings++;
	if (rules[rule].severity == XLQA_BIOGEN_ERROR)
		r->n_errors++;
	else
		r->n_warnings++;
}

/* ---- keys -------------------------------------------------------------------------------------- */

struct key_spec {
	const char *key;
	json_type type;
	const char *type_name; /* "a string" */
};

static const char *json_type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "a list";
	case JSON_STRING: return "a string";
	case JSON_INTEGER:
	case JSON_REAL: return "a number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	case JSON_NULL: return "null";
	}
	return "a value";
}

/*
 * Checks an object's keys against `spec`: each missing key, each key of the wrong type and each
 * key the spec lacks is reported.
 */
static void check_keys(struct check *c, const json_t *obj, const struct key_spec *spec, size_t n_spec,
		       enum rule_id missing, enum rule_id wrong_type, enum rule_id unknown, const char *what)
{
	const char *key;
	json_t *v;

	for (size_t i = 0; i < n_spec; i++) {
		v = json_object_get(obj, spec[i].key);
		if (!v)
			report(c, missing, NULL, "%s lacks key '%s'", what, spec[i].key);
		else if (json_typeof(v) != spec[i].type)
			report(c, wrong_type, NULL, "'%s' must be %s, found %s", spec[i].key, spec[i].type_name,
			       json_type_name(v));
	}
	json_object_foreach ((json_t *)obj, key, v) {
		size_t i = 0;

		while (i < n_spec && strcmp(spec[i].key, key) != 0)
			i++;
		if (i == n_spec)
			report(c, unknown, NULL, "%s has key '%.*s', which the spec does not define", what, QUOTE_MAX, key);
	}
}

/* ---- PMIDs ------------------------------------------------------------------------------------- */

/* A PMID: a positive whole number in ASCII decimal digits, without a leading zero. */
static bool is_pmid(const char *s, size_t len)
{
	if (len == 0 || s[0] < '1' || s[0] > '9')
		return false;
	for (size_t i = 1; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* One result's references: the PMIDs in list order and whether a kept citation names each. */
struct refs {
	struct xlqa_hash by_pmid; /* PMID -> index + 1 into items */
	struct ref {
		size_t index; /* position in the references list */
		const char *pmid; /* the hash's key copy */
		bool cited;
	} *items;
	size_t n;
	size_t alloc;
	bool usable; /* references is a list: citations can be checked against it */
};

static void refs_release(struct refs *rs)
{
	xlqa_hash_release(&rs->by_pmid);
	free(rs->items);
	memset(rs, 0, sizeof *rs);
}

static void check_references(struct check *c, const json_t *list, const char *base, struct refs *rs)
{
	size_t j;
	json_t *v;

	rs->usable = true;
	json_array_foreach (list, j, v) {
		struct where w = { NULL, 0, -1, 0, 0 };
		const char *s;
		size_t len;
		void *first;

		if (c->status)
			return;
		w.path = arena_printf(c, "%s.references[%zu]", base, j);
		if (!w.path)
			return;
		if (!json_is_string(v)) {
			report(c, R_REFERENCE_TYPE, &w, "a reference must be a string, found %s", json_type_name(v));
			continue;
		}
		s = json_string_value(v);
		len = json_string_length(v);
		if (!is_pmid(s, len)) {
			report(c, R_REFERENCE_PMID, &w, "reference '%.*s' is not a PMID", QUOTE_MAX, s);
			continue;
		}
		if (xlqa_hash_get(&rs->by_pmid, s, len, &first)) {
			report(c, R_REFERENCE_DUPLICATE, &w, "PMID '%s' is already references[%zu]", s,
			       rs->items[(uintptr_t)first - 1].index);
			continue;
		}
		if (XLQA_ARRAY_RESERVE(rs->items, rs->alloc, rs->n + 1) ||
		    xlqa_hash_put(&rs->by_pmid, s, len, (void *)(uintptr_t)(rs->n + 1), NULL)) {
			check_fail(c, XLQA_ENOMEM);
			return;
		}
		rs->items[rs->n].index = j;
		rs->items[rs->n].pmid = xlqa_hash_find(&rs->by_pmid, s, len)->key;
		rs->items[rs->n].cited = false;
		rs->n++;
	}
}

/* ---- answers ----------------------------------------------------------------------------------- */

/* A bracket list: bytes [open, close] of the answer, '[' at open and ']' at close. */
struct list {
	size_t open;
	size_t close;
};

/* Finds the bracket lists of an answer, reporting every unbalanced bracket. */
static void find_lists(struct check *c, const char *a, size_t len, const char *path, struct list **lists,
		       size_t *n, size_t *alloc)
{
	long open = -1;

	*n = 0;
	for (size_t i = 0; i < len && !c->status; i++) {
		struct where w = { path, 0, (long)i, 0, 0 };

		if (a[i] == '[') {
			if (open >= 0) {
				w.offset = open;
				report(c, R_BRACKET_UNBALANCED, &w, "'[' at byte %ld of the answer is not closed before the next '['",
				       open);
			}
			open = (long)i;
		} else if (a[i] == ']') {
			if (open < 0) {
				report(c, R_BRACKET_UNBALANCED, &w, "']' at byte %zu of the answer has no '['", i);
				continue;
			}
			if (XLQA_ARRAY_RESERVE(*lists, *alloc, *n + 1)) {
				check_fail(c, XLQA_ENOMEM);
				return;
			}
			(*lists)[*n].open = (size_t)open;
			(*lists)[(*n)++].close = i;
			open = -1;
		}
	}
	if (open >= 0) {
		struct where w = { path, 0, open, 0, 0 };

		report(c, R_BRACKET_UNBALANCED, &w, "'[' at byte %ld of the answer is never closed", open);
	}
}

/*
 * True when a sentence ends with sentence-final punctuation (Unicode Sentence_Terminal: ". ! ?" and
 * their kin), looking past closing quotes and brackets ("... here.)" ends one too).
 */
static bool ends_sentence(const char *text, size_t start, size_t end)
{
	int32_t i = (int32_t)end;
	UChar32 ch;

	while (i > (int32_t)start) {
		U8_PREV((const uint8_t *)text, (int32_t)start, i, ch);
		if (ch < 0)
			return false;
		if (u_charType(ch) == U_END_PUNCTUATION || u_charType(ch) == U_FINAL_PUNCTUATION || ch == '"' ||
		    ch == '\'')
			continue;
		return u_hasBinaryProperty(ch, UCHAR_S_TERM);
	}
	return false;
}

/* Checks the entries of one kept list, marking the references it cites. */
static void check_list(struct check *c, const char *a, const struct list *l, const struct where *w,
		       struct refs *rs)
{
	size_t at = l->open + 1, entry = 0;
	size_t excess_from = 0;

	while (!c->status) {
		const char *comma = memchr(a + at, ',', l->close - at);
		size_t end = comma ? (size_t)(comma - a) : l->close;
		size_t s = at, e = end;

		while (s < e && is_blank(a[s]))
			s++;
		while (e > s && is_blank(a[e - 1]))
			e--;
		entry++;
		if (entry == CITATIONS_KEPT + 1)
			excess_from = at;
		if (entry <= CITATIONS_KEPT) {
			if (s == e && !comma && entry == 1)
				report(c, R_CITATION_MALFORMED, w, "the citation list is empty");
			else if (s == e)
				report(c, R_CITATION_MALFORMED, w, "entry %zu of the citation list is empty", entry);
			else if (!is_pmid(a + s, e - s))
				report(c, R_CITATION_MALFORMED, w, "citation '%.*s' is not a PMID",
				       (int)(e - s < QUOTE_MAX ? e - s : QUOTE_MAX), a + s);
			else {
				void *idx;

				c->r->n_citations++;
				if (xlqa_hash_get(&rs->by_pmid, a + s, e - s, &idx))
					rs->items[(uintptr_t)idx - 1].cited = true;
				else if (rs->usable)
					report(c, R_CITATION_UNREFERENCED, w,
					       "cited PMID '%.*s' is not in references",
					       (int)(e - s < QUOTE_MAX ? e - s : QUOTE_MAX), a + s);
			}
		}
		if (!comma)
			break;
		at = end + 1;
	}
	if (entry > CITATIONS_KEPT) {
		size_t n;

		while (excess_from < l->close && is_blank(a[excess_from]))
			excess_from++;
		n = l->close - excess_from;

		report(c, R_CITATION_EXCESS, w,
		       "the citation list has %zu entries; only the first %d count, '%.*s' is discarded", entry, CITATIONS_KEPT, (int)(n < QUOTE_MAX ? n : QUOTE_MAX), a + excess_from);
	}
}

/* Scratch reused from answer to answer. */
struct answer_scratch {
	struct xlqa_segmenter *seg;
	struct xlqa_segments sents;
	struct xlqa_buf masked;
	struct list *lists;
	size_t n_lists;
	size_t alloc_lists;
};

static void check_answer(struct check *c, struct answer_scratch *x, const char *a, size_t len, const char *path,
			 struct refs *rs)
{
	const struct xlqa_span *sent;
	size_t n_sent, k = 0;
	int rc;

	find_lists(c, a, len, path, &x->lists, &x->n_lists, &x->alloc_lists);
	if (c->status)
		return;
	/* The prose alone: lists blanked byte for byte, so offsets are the answer's and UTF-8 stays valid. */
	xlqa_buf_reset(&x->masked);
	if (xlqa_buf_add(&x->masked, a, len)) {
		check_fail(c, XLQA_ENOMEM);
		return;
	}
	for (size_t i = 0; i < x->n_lists; i++)
		memset(x->masked.buf + x->lists[i].open, ' ', x->lists[i].close - x->lists[i].open + 1);
	rc = xlqa_segmenter_run(x->seg, x->masked.buf, x->masked.len, &x->sents, c->err);
	if (rc) {
		c->status = rc;
		return;
	}
	sent = x->sents.sentences;
	n_sent = x->sents.n_sentences;
	c->r->n_sentences += n_sent;
	if (n_sent == 0) {
		struct where w = { path, 0, -1, 0, 0 };

		report(c, R_ANSWER_EMPTY, &w, "the answer has no sentence");
	}
	for (size_t i = 0; i < x->n_lists && !c->status; i++) {
		const struct list *l = &x->lists[i];
		struct where w = { path, 0, (long)l->open, 0, 0 };

		/* k: the first sentence ending after the list's '['. */
		while (k < n_sent && sent[k].end <= l->open)
			k++;
		if (k < n_sent && sent[k].start <= l->open) {
			w.sentence = (long)k + 1;
		} else if (k == 0) {
			report(c, R_CITATION_LEADING, &w, "citation list '%.*s' before the first sentence is discarded",
			       (int)(l->close - l->open + 1 < QUOTE_MAX ? l->close - l->open + 1 : QUOTE_MAX), a + l->open);
			continue;
		} else if (ends_sentence(x->masked.buf, sent[k - 1].start, sent[k - 1].end)) {
			w.sentence = (long)k;
			report(c, R_CITATION_OUTSIDE, &w,
			       "citation list '%.*s' after the final punctuation of sentence %ld is discarded",
			       (int)(l->close - l->open + 1 < QUOTE_MAX ? l->close - l->open + 1 : QUOTE_MAX), a + l->open,
			       w.sentence);
			continue;
		} else {
			w.sentence = (long)k; /* trails a sentence that has no final punctuation */
		}
		check_list(c, a, l, &w, rs);
	}
}

/* ---- results ----------------------------------------------------------------------------------- */

static const struct key_spec result_keys[] = {
	{ "topic_id", JSON_STRING, "a string" },
	{ "answer", JSON_STRING, "a string" },
	{ "references", JSON_ARRAY, "a list" },
};

static const struct key_spec root_keys[] = {
	{ "team_id", JSON_STRING, "a string" },
	{ "run_name", JSON_STRING, "a string" },
	{ "contact_email", JSON_STRING, "a string" },
	{ "results", JSON_ARRAY, "a list" },
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static void check_result(struct check *c, struct answer_scratch *x, const json_t *res, size_t i,
			 const struct xlqa_biogen_topics *topics, struct xlqa_hash *seen)
{
	const json_t *topic = json_object_get(res, "topic_id");
	const json_t *answer = json_object_get(res, "answer");
	const json_t *refs = json_object_get(res, "references");
	const char *base = c->path;
	struct refs rs;

	memset(&rs, 0, sizeof rs);
	xlqa_hash_init(&rs.by_pmid);
	if (json_is_string(topic)) {
		const char *id = json_string_value(topic);
		size_t len = json_string_length(topic);
		void *first;

		c->topic_id = xlqa_arena_strndup(&c->r->strings, id, len);
		if (!c->topic_id)
			check_fail(c, XLQA_ENOMEM);
		if (topics && !xlqa_biogen_topics_has(topics, id))
			report(c, R_TOPIC_UNKNOWN, NULL, "topic '%.*s' is not in the topics file", QUOTE_MAX, id);
		if (xlqa_hash_get(seen, id, len, &first))
			report(c, R_TOPIC_DUPLICATE, NULL, "topic '%.*s' is already answered by results[%zu]", QUOTE_MAX,
			       id, (size_t)(uintptr_t)first - 1);
		else if (xlqa_hash_put(seen, id, len, (void *)(uintptr_t)(i + 1), NULL))
			check_fail(c, XLQA_ENOMEM);
	}
	check_keys(c, res, result_keys, N_OF(result_keys), R_RESULT_KEY_MISSING, R_RESULT_KEY_TYPE,
		   R_RESULT_KEY_UNKNOWN, "result");
	if (json_is_array(refs))
		check_references(c, refs, base, &rs);
	if (json_is_string(answer) && !c->status) {
		const char *path = arena_printf(c, "%s.answer", base);

		if (path)
			check_answer(c, x, json_string_value(answer), json_string_length(answer), path, &rs);
	}
	/* Without an answer to read, whether a reference is cited cannot be told. */
	for (size_t j = 0; json_is_string(answer) && j < rs.n && !c->status; j++) {
		struct where w = { NULL, 0, -1, 0, 0 };

		if (rs.items[j].cited)
			continue;
		w.path = arena_printf(c, "%s.references[%zu]", base, rs.items[j].index);
		if (w.path)
			report(c, R_REFERENCE_UNCITED, &w, "reference '%s' is not cited in the answer", rs.items[j].pmid);
	}
	refs_release(&rs);
}

static void check_results(struct check *c, const json_t *results, const struct xlqa_biogen_topics *topics)
{
	struct answer_scratch x;
	struct xlqa_hash seen; /* topic_id -> result index + 1 */
	size_t i;
	json_t *res;
	int rc;

	memset(&x, 0, sizeof x);
	xlqa_segments_init(&x.sents);
	xlqa_buf_init(&x.masked);
	xlqa_hash_init(&seen);
	c->r->n_results = json_array_size(results);
	rc = xlqa_segmenter_new("en", &x.seg, c->err);
	for (size_t k = 0; rc == XLQA_OK && k < N_OF(abbreviations); k++)
		rc = xlqa_segmenter_add_abbreviation(x.seg, abbreviations[k], c->err);
	if (rc)
		c->status = rc;
	json_array_foreach (results, i, res) {
		if (c->status)
			break;
		c->topic_id = NULL;
		c->path = arena_printf(c, "$.results[%zu]", i);
		if (!c->path)
			break;
		if (!json_is_object(res))
			report(c, R_RESULT_TYPE, NULL, "a result must be an object, found %s", json_type_name(res));
		else
			check_result(c, &x, res, i, topics, &seen);
	}
	c->topic_id = NULL;
	c->path = "$.results";
	for (size_t t = 0; topics && t < topics->n && !c->status; t++)
		if (!xlqa_hash_get(&seen, topics->order[t], strlen(topics->order[t]), NULL))
			report(c, R_TOPIC_MISSING, NULL, "topic '%.*s' has no result", QUOTE_MAX, topics->order[t]);
	xlqa_hash_release(&seen);
	xlqa_segmenter_free(x.seg);
	xlqa_segments_release(&x.sents);
	xlqa_buf_release(&x.masked);
	free(x.lists);
}

int xlqa_biogen_check(const char *json, size_t len, const struct xlqa_biogen_topics *topics,
		      struct xlqa_biogen_report *report_out, struct xlqa_error *err)
{
	struct check c = { report_out, err, XLQA_OK, "$", NULL };
	json_error_t je;
	json_t *root;
	const json_t *results;

	xlqa_error_clear(err);
	report_out->topics_checked = topics != NULL;
	root = json_loadb(json, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
	if (!root) {
		struct where w = { "$", 0, -1, je.line, je.column };

		report(&c, R_JSON_SYNTAX, &w, "%s", je.text);
		return c.status;
	}
	if (!json_is_object(root)) {
		report(&c, R_ROOT_TYPE, NULL, "the root must be an object, found %s", json_type_name(root));
	} else {
		check_keys(&c, root, root_keys, N_OF(root_keys), R_ROOT_KEY_MISSING, R_ROOT_KEY_TYPE,
			   R_ROOT_KEY_UNKNOWN, "the root");
		results = json_object_get(root, "results");
		if (json_is_array(results))
			check_results(&c, results, topics);
	}
	json_decref(root);
	return c.status;
}

/* ---- JSON output ------------------------------------------------------------------------------- */

static json_t *string_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *count_or_null(long n, long none)
{
	return n == none ? json_null() : json_integer(n);
}

int xlqa_biogen_report_json(const struct xlqa_biogen_report *r, const char *name, struct xlqa_buf *out,
			    struct xlqa_error *err)
{
	json_t *root = json_object(), *list = json_array();
	char *text = NULL;
	bool ok = root && list;

	ok = ok && !json_object_set_new(root, "file", string_or_null(name));
	ok = ok && !json_object_set_new(root, "errors", json_integer((json_int_t)r->n_errors));
	ok = ok && !json_object_set_new(root, "warnings", json_integer((json_int_t)r->n_warnings));
	ok = ok && !json_object_set_new(root, "results", json_integer((json_int_t)r->n_results));
	ok = ok && !json_object_set_new(root, "sentences", json_integer((json_int_t)r->n_sentences));
	ok = ok && !json_object_set_new(root, "citations", json_integer((json_int_t)r->n_citations));
	ok = ok && !json_object_set_new(root, "topics_checked", json_boolean(r->topics_checked));
	for (size_t i = 0; ok && i < r->n_findings; i++) {
		const struct xlqa_biogen_finding *f = &r->findings[i];
		json_t *o = json_object();

		ok = o && !json_array_append_new(list, o);
		ok = ok && !json_object_set_new(o, "rule", json_string(f->rule->id));
		ok = ok && !json_object_set_new(o, "severity", json_string(xlqa_biogen_severity_name(f->rule->severity)));
		ok = ok && !json_object_set_new(o, "path", json_string(f->path));
		ok = ok && !json_object_set_new(o, "topic_id", string_or_null(f->topic_id));
		ok = ok && !json_object_set_new(o, "sentence", count_or_null(f->sentence, 0));
		ok = ok && !json_object_set_new(o, "answer_offset", count_or_null(f->answer_offset, -1));
		ok = ok && !json_object_set_new(o, "line", count_or_null(f->line, 0));
		ok = ok && !json_object_set_new(o, "column", count_or_null(f->column, 0));
		ok = ok && !json_object_set_new(o, "message", json_string(f->message));
	}
	if (ok && !json_object_set_new(root, "findings", list)) {
		list = NULL;
		text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	}
	ok = text && !xlqa_buf_addstr(out, text) && !xlqa_buf_addch(out, '\n');
	free(text);
	json_decref(list);
	json_decref(root);
	return ok ? XLQA_OK : xlqa_error_set(err, XLQA_ENOMEM, "writing a BioGen report: %s", xlqa_strerror(XLQA_ENOMEM));
}
