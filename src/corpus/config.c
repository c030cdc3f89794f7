/*
 * config: reads collection descriptions. A description is `key = value` lines, `#` comments and blank
 * lines; the keys are the table below, each with its own setter, so adding a key is adding a row.
 * Invariant: a config that reads successfully names a document element, a DOCNO source and, unless
 * the format is HTML, at least one text element.
 */
#include "config.h"

#include "xlqa/corpus.h"
#include "xlqa/lang.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct key {
	const char *name;
	/* Stores `value` (NUL-terminated, owned by the config's arena); returns NULL or a complaint. */
	const char *(*set)(struct xlqa_corpus_config *cfg, char *value);
	const char *help;
};

static const char *set_name(struct xlqa_corpus_config *cfg, char *v)
{
	cfg->name = v;
	return NULL;
}

static const char *set_language(struct xlqa_corpus_config *cfg, char *v)
{
	const struct xlqa_lang_info *info = xlqa_lang_find(v);

	if (!info)
		return "unknown language (see 'xlqa langs')";
	cfg->language = info->code;
	return NULL;
}

static const char *set_encoding(struct xlqa_corpus_config *cfg, char *v)
{
	cfg->encoding = v;
	return NULL;
}

static const struct {
	const char *name;
	enum xlqa_corpus_format format;
} formats[] = { { "sgml", XLQA_CORPUS_SGML }, { "xml", XLQA_CORPUS_XML }, { "html", XLQA_CORPUS_HTML } };

static const char *set_format(struct xlqa_corpus_config *cfg, char *v)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcasecmp(v, formats[i].name) == 0) {
			cfg->format = formats[i].format;
			return NULL;
		}
	return "format sgml, xml or html expected";
}

/* Splits `v` at blanks into `list`, appending to *n; the words stay in the arena string. */
static const char *split_list(char *v, const char **list, size_t *n)
{
	char *p = v;

	while (*p) {
		size_t len = strcspn(p, " \t");

		if (len) {
			if (*n == XLQA_CORPUS_MAX_FIELDS)
				return "too many values (at most 16)";
			list[(*n)++] = p;
		}
		p += len;
		if (*p)
			*p++ = '\0';
		p += strspn(p, " \t");
	}
	return NULL;
}

static const char *set_files(struct xlqa_corpus_config *cfg, char *v)
{
	return split_list(v, cfg->files, &cfg->n_files);
}

static const char *set_text(struct xlqa_corpus_config *cfg, char *v)
{
	return split_list(v, cfg->text, &cfg->n_text);
}

static const char *set_doc(struct xlqa_corpus_config *cfg, char *v)
{
	cfg->doc = v;
	return NULL;
}

/* "NAME" is an element, "@NAME" an attribute of the document element. */
static const char *set_docno(struct xlqa_corpus_config *cfg, char *v)
{
	if (v[0] == '@')
		cfg->docno_attr = v + 1, cfg->docno = NULL;
	else
		cfg->docno = v, cfg->docno_attr = NULL;
	return v[v[0] == '@'] ? NULL : "attribute name expected after '@'";
}

static const char *set_prefix(struct xlqa_corpus_config *cfg, char *v)
{
	cfg->docno_prefix = v;
	return NULL;
}

static const char *set_date(struct xlqa_corpus_config *cfg, char *v)
{
	if (v[0] == '@')
		cfg->date_attr = v + 1, cfg->date = NULL;
	else
		cfg->date = v, cfg->date_attr = NULL;
	return v[v[0] == '@'] ? NULL : "attribute name expected after '@'";
}

static const char *set_html_after(struct xlqa_corpus_config *cfg, char *v)
{
	cfg->html_after = v;
	return NULL;
}

static const struct key keys[] = {
	{ "name", set_name, "the collection's name" },
	{ "language", set_language, "the language of its text: an ISO 639 code or English name" },
	{ "encoding", set_encoding, "the files' character encoding, as iconv names it (default ISO-8859-1)" },
	{ "format", set_format, "sgml (default), xml (AQUAINT-2) or html (Blog06)" },
	{ "files", set_files, "globs of the files under the data root, blank-separated; repeatable" },
	{ "doc", set_doc, "the element that delimits a document" },
	{ "docno", set_docno, "the element holding the DOCNO, or @attribute of the document element" },
	{ "docno_prefix", set_prefix, "a prefix added to every DOCNO read" },
	{ "text", set_text, "the elements whose text is indexed, blank-separated; repeatable" },
	{ "date", set_date, "the element holding the document's date, or @attribute" },
	{ "html_after", set_html_after, "html format: the element after whose end the page starts" },
};

void xlqa_corpus_config_free(struct xlqa_corpus_config *cfg)
{
	if (!cfg)
		return;
	xlqa_arena_release(&cfg->strings);
	free(cfg);
}

static char *trim(char *s, size_t *len)
{
	while (*len && (s[0] == ' ' || s[0] == '\t'))
		s++, (*len)--;
	while (*len && (s[*len - 1] == ' ' || s[*len - 1] == '\t' || s[*len - 1] == '\r'))
		(*len)--;
	return s;
}

static int parse_line(struct xlqa_corpus_config *cfg, const char *line, size_t n, int64_t lineno,
                      const char *name, struct xlqa_error *err)
{
	const char *eq = memchr(line, '=', n);
	size_t klen, vlen;
	char *k, *v;
	const char *complaint;

	if (!eq)
		return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "'key = value' expected");
	klen = (size_t)(eq - line);
	vlen = n - klen - 1;
	k = trim((char *)line, &klen);
	v = xlqa_arena_strndup(&cfg->strings, eq + 1, vlen);
	if (!v)
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	v = trim(v, &vlen);
	v[vlen] = '\0';
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if (strlen(keys[i].name) != klen || strncmp(keys[i].name, k, klen) != 0)
			continue;
		if (vlen == 0 && keys[i].set != set_prefix)
			return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "'%s' needs a value", keys[i].name);
		if ((complaint = keys[i].set(cfg, v)) != NULL)
			return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "'%s': %s", v, complaint);
		return XLQA_OK;
	}
	return xlqa_error_in(err, XLQA_EPARSE, name, -1, lineno, "unknown key '%.*s'", (int)klen, k);
}

int xlqa_corpus_config_parse(const char *data, size_t len, const char *name, struct xlqa_corpus_config **out,
                             struct xlqa_error *err)
{
	struct xlqa_corpus_config *cfg = calloc(1, sizeof *cfg);
	const char *missing = NULL;
	int64_t lineno = 0;
	size_t pos = 0;
	int rc = XLQA_OK;

	*out = NULL;
	if (!cfg)
		return xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	xlqa_arena_init(&cfg->strings, 0);
	cfg->encoding = "ISO-8859-1";
	cfg->docno_prefix = "";
	if (!(cfg->path = xlqa_arena_strndup(&cfg->strings, name, strlen(name))))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "%s: out of memory", name);
	if (rc == XLQA_OK)
		rc = xlqa_text_check_nul(data, len, name, err);
	while (rc == XLQA_OK && pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (data + pos)) : len - pos;
		size_t skip = 0;

		while (skip < n && (data[pos + skip] == ' ' || data[pos + skip] == '\t' || data[pos + skip] == '\r'))
			skip++;

		lineno++;
		if (skip < n && data[pos + skip] != '#')
			rc = parse_line(cfg, data + pos, n, lineno, name, err);
		pos += n + (nl != NULL);
	}
	if (rc == XLQA_OK) {
		if (!cfg->name)
			missing = "name";
		else if (!cfg->language)
			missing = "language";
		else if (!cfg->n_files)
			missing = "files";
		else if (!cfg->doc)
			missing = "doc";
		else if (!cfg->docno && !cfg->docno_attr)
			missing = "docno";
		else if (!cfg->n_text && cfg->format != XLQA_CORPUS_HTML)
			missing = "text";
		else if (cfg->format == XLQA_CORPUS_HTML && !cfg->html_after)
			missing = "html_after";
		if (missing)
			rc = xlqa_error_set(err, XLQA_EPARSE, "%s: required key '%s' is missing", name, missing);
	}
	if (rc) {
		xlqa_corpus_config_free(cfg);
		return rc;
	}
	*out = cfg;
	return XLQA_OK;
}

int xlqa_corpus_config_read(const char *path, struct xlqa_corpus_config **out, struct xlqa_error *err)
{
	struct xlqa_buf buf = XLQA_BUF_INIT;
	int rc = xlqa_file_read(path, &buf, err);

	*out = NULL;
	if (rc == XLQA_OK)
		rc = xlqa_corpus_config_parse(buf.buf, buf.len, path, out, err);
	xlqa_buf_release(&buf);
	return rc;
}
