/*
 * extract: reads one document's DOCNO, date and text, for each format. SGML documents are read with
 * the tolerant tag scanner; AQUAINT-2 documents are parsed with libxml2's XML parser and Blog06 pages
 * with its HTML parser, one document at a time, so a malformed one costs only itself.
 *
 * Invariant: on XLQA_OK the reader's DOCNO buffer is non-empty and its text buffer holds valid UTF-8 in
 * NFC; any other outcome is a skip reason or an error.
 */
#include "config.h"

#include "corpus-internal.h"
#include "xlqa/text.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>
#include <strings.h>

#define SKIP(reason) ((int)(reason) + 1)

/* True when the collection's bytes decode straight to NFC (every Latin-1 character is precomposed). */
static bool encoding_is_latin1(const char *enc)
{
	return strcasecmp(enc, "ISO-8859-1") == 0 || strcasecmp(enc, "ISO8859-1") == 0 || strcasecmp(enc, "LATIN1") == 0 ||
	       strcasecmp(enc, "ISO_8859-1") == 0;
}

/* Brings the text buffer to NFC when it may not be, by way of the scratch buffer `tmp`. */
static int text_to_nfc(struct xlqa_corpus_reader *r, struct xlqa_buf *tmp, struct xlqa_error *err)
{
	struct xlqa_buf *text = corpus_text_buf(r);
	bool ascii = true;
	int rc;

	for (size_t i = 0; i < text->len && ascii; i++)
		ascii = (unsigned char)text->buf[i] < 0x80;
	if (ascii)
		return XLQA_OK;
	xlqa_buf_reset(tmp);
	if ((rc = xlqa_text_normalize(text->buf, text->len, 0, tmp, err)))
		return rc;
	xlqa_buf_reset(text);
	return xlqa_buf_add(text, tmp->buf, tmp->len) ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;
}

/* Trims the text buffer's surrounding white space in place. */
static void trim_buf(struct xlqa_buf *b)
{
	size_t start = 0, end = b->len;

	while (start < end && strchr(" \t\n", b->buf[start]))
		start++;
	while (end > start && strchr(" \t\n", b->buf[end - 1]))
		end--;
	memmove(b->buf, b->buf + start, end - start);
	xlqa_buf_setlen(b, end - start);
}

/* The DOCNO from an attribute of the document element. */
static int docno_from_attr(struct xlqa_corpus_reader *r, const struct corpus_tag *open, struct xlqa_buf *why,
                           struct xlqa_error *err)
{
	const struct xlqa_corpus_config *cfg = corpus_config(r);
	const char *v;
	size_t n;

	if (!corpus_tag_attr(open, cfg->docno_attr, &v, &n)) {
		xlqa_buf_addf(why, "<%s> has no %s attribute", cfg->doc, cfg->docno_attr);
		return SKIP(XLQA_SKIP_NO_DOCNO);
	}
	if (xlqa_buf_addstr(corpus_docno_buf(r), cfg->docno_prefix) ||
	    corpus_add_collapsed(corpus_docno_buf(r), v, n))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	return XLQA_OK;
}

/* True when the tag opens one of the configured text elements. */
static bool is_text_element(const struct xlqa_corpus_config *cfg, const struct corpus_tag *t)
{
	for (size_t i = 0; i < cfg->n_text; i++)
		if (corpus_tag_is(t, cfg->text[i]))
			return true;
	return false;
}

/* Appends a field's cleaned text; an encoding error becomes a skip naming the element. */
static int add_field(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *t,
                     struct xlqa_buf *out, size_t doc_offset, struct xlqa_buf *why, struct xlqa_error *err)
{
	int rc = corpus_add_text(r, data, len, out, err);

	if (rc == XLQA_EENCODING) {
		xlqa_buf_addf(why, "in <%.*s>, at byte %lld of the document: %s", (int)t->name_len, t->name,
		              (long long)(doc_offset + (size_t)err->offset), err->message);
		xlqa_error_clear(err);
		return SKIP(XLQA_SKIP_ENCODING);
	}
	return rc;
}

/*
 * Walks the document's elements, filling DOCNO, date and text from the configured ones. `body` ends
 * where the scan stops (the whole document for SGML, the envelope for HTML).
 */
static int scan_fields(struct xlqa_corpus_reader *r, const char *data, size_t body, const struct corpus_tag *open,
                       bool want_text, struct xlqa_buf *why, struct xlqa_error *err)
{
	const struct xlqa_corpus_config *cfg = corpus_config(r);
	struct xlqa_buf *text = corpus_text_buf(r);
	struct xlqa_buf field = XLQA_BUF_INIT;
	struct corpus_tag t;
	size_t pos = open->end - open->start;
	bool have_docno = false, have_text = false, have_date = false;
	int rc = XLQA_OK;

	while (rc == XLQA_OK && corpus_next_tag(data, body, pos, NULL, &t)) {
		size_t content_end, after;
		bool closed, is_docno, is_date, is_text;

		pos = t.end;
		if (t.close)
			continue;
		is_docno = cfg->docno && !have_docno && corpus_tag_is(&t, cfg->docno);
		is_date = cfg->date && !have_date && corpus_tag_is(&t, cfg->date);
		is_text = want_text && is_text_element(cfg, &t);
		if (!is_docno && !is_date && !is_text)
			continue;
		after = corpus_element_end(data, body, &t, &content_end, &closed);
		xlqa_buf_reset(&field);
		rc = add_field(r, data + t.end, content_end - t.end, &t, &field, t.end, why, err);
		if (rc)
			break;
		if (is_docno) {
			have_docno = true;
			if (xlqa_buf_addstr(corpus_docno_buf(r), cfg->docno_prefix) ||
			    corpus_add_collapsed(corpus_docno_buf(r), field.buf, field.len))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		} else if (is_date) {
			have_date = true;
			if (corpus_add_collapsed(corpus_date_buf(r), field.buf, field.len))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		} else {
			trim_buf(&field);
			have_text = true;
			if (field.len && ((text->len && xlqa_buf_addstr(text, "\n\n")) || xlqa_buf_add(text, field.buf, field.len)))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		}
		pos = after;
	}
	xlqa_buf_release(&field);
	if (rc)
		return rc;
	if (cfg->docno_attr && (rc = docno_from_attr(r, open, why, err)) != XLQA_OK)
		return rc;
	if (cfg->date_attr) {
		const char *v;
		size_t n;

		if (corpus_tag_attr(open, cfg->date_attr, &v, &n) && corpus_add_collapsed(corpus_date_buf(r), v, n))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if (corpus_docno_buf(r)->len == strlen(cfg->docno_prefix)) {
		if (cfg->docno && !have_docno)
			xlqa_buf_addf(why, "no <%s> element", cfg->docno);
		else
			xlqa_buf_addf(why, "empty DOCNO");
		return SKIP(XLQA_SKIP_NO_DOCNO);
	}
	if (want_text && !have_text) {
		xlqa_buf_addf(why, "DOCNO '%s': none of the text elements (", corpus_docno_buf(r)->buf);
		for (size_t i = 0; i < cfg->n_text; i++)
			xlqa_buf_addf(why, "%s%s", i ? " " : "", cfg->text[i]);
		xlqa_buf_addstr(why, ") is present");
		return SKIP(XLQA_SKIP_NO_TEXT);
	}
	return XLQA_OK;
}

int corpus_extract_sgml(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *open,
                        struct xlqa_buf *why, struct xlqa_error *err)
{
	struct xlqa_buf tmp = XLQA_BUF_INIT;
	int rc = scan_fields(r, data, len, open, true, why, err);

	if (rc == XLQA_OK && !encoding_is_latin1(corpus_config(r)->encoding))
		rc = text_to_nfc(r, &tmp, err);
	xlqa_buf_release(&tmp);
	return rc;
}

/* ---- libxml2-based formats ------------------------------------------------------------------- */

/* Appends the text under `node` with a line break around block elements; skips script and style. */
static int add_node_text(const xmlNode *node, struct xlqa_buf *out)
{
	for (const xmlNode *n = node; n; n = n->next) {
		int rc = XLQA_OK;

		if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
			if (n->content)
				rc = xlqa_buf_addstr(out, (const char *)n->content);
		} else if (n->type == XML_ELEMENT_NODE) {
			const char *name = (const char *)n->name;
			bool block;

			if (strcasecmp(name, "script") == 0 || strcasecmp(name, "style") == 0 ||
			    strcasecmp(name, "noscript") == 0)
				continue;
			block = !(strcasecmp(name, "a") == 0 || strcasecmp(name, "b") == 0 || strcasecmp(name, "i") == 0 ||
			          strcasecmp(name, "em") == 0 || strcasecmp(name, "strong") == 0 ||
			          strcasecmp(name, "span") == 0 || strcasecmp(name, "font") == 0);
			if (block)
				rc = xlqa_buf_addch(out, '\n');
			if (rc == XLQA_OK)
				rc = add_node_text(n->children, out);
			if (rc == XLQA_OK && block)
				rc = xlqa_buf_addch(out, '\n');
		}
		if (rc)
			return rc;
	}
	return XLQA_OK;
}

/* Collects, in document order, the text of every element under `node` named in the config. */
static int collect_text(const struct xlqa_corpus_config *cfg, const xmlNode *node, struct xlqa_buf *text,
                        struct xlqa_buf *field, bool *found)
{
	for (const xmlNode *n = node; n; n = n->next) {
		bool wanted = false;
		int rc;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		for (size_t i = 0; i < cfg->n_text && !wanted; i++)
			wanted = strcasecmp((const char *)n->name, cfg->text[i]) == 0;
		if (!wanted) {
			if ((rc = collect_text(cfg, n->children, text, field, found)))
				return rc;
			continue;
		}
		*found = true;
		xlqa_buf_reset(field);
		if ((rc = add_node_text(n->children, field)))
			return rc;
		trim_buf(field);
		if (field->len && ((text->len && xlqa_buf_addstr(text, "\n\n")) || xlqa_buf_add(text, field->buf, field->len)))
			return XLQA_ENOMEM;
	}
	return XLQA_OK;
}

static const xmlNode *find_element(const xmlNode *node, const char *name)
{
	for (const xmlNode *n = node; n; n = n->next) {
		const xmlNode *hit;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcasecmp((const char *)n->name, name) == 0)
			return n;
		if ((hit = find_element(n->children, name)))
			return hit;
	}
	return NULL;
}

/* Control characters as blanks, as the SGML path does. */
static void blank_controls(struct xlqa_buf *b)
{
	for (size_t i = 0; i < b->len; i++) {
		unsigned char c = (unsigned char)b->buf[i];

		if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			b->buf[i] = ' ';
	}
}

int corpus_extract_xml(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *open,
                       struct xlqa_buf *why, struct xlqa_error *err)
{
	const struct xlqa_corpus_config *cfg = corpus_config(r);
	struct xlqa_buf field = XLQA_BUF_INIT, tmp = XLQA_BUF_INIT;
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	xmlDocPtr doc;
	const xmlNode *root;
	bool found = false;
	int rc = XLQA_OK;

	(void)open;
	if (!ctxt)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (len > (size_t)INT32_MAX) {
		xmlFreeParserCtxt(ctxt);
		xlqa_buf_addf(why, "document of %zu bytes is too large", len);
		return SKIP(XLQA_SKIP_MALFORMED);
	}
	doc = xmlCtxtReadMemory(ctxt, data, (int)len, NULL, cfg->encoding,
	                        XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_HUGE);
	if (!doc || !(root = xmlDocGetRootElement(doc))) {
		const xmlError *e = xmlCtxtGetLastError(ctxt);

		xlqa_buf_addf(why, "not well-formed XML: line %d of the document: %s", e ? e->line : 0,
		              e && e->message ? e->message : "no element");
		if (why->len && why->buf[why->len - 1] == '\n')
			xlqa_buf_setlen(why, why->len - 1);
		rc = SKIP(XLQA_SKIP_MALFORMED);
		goto out;
	}
	if (cfg->docno_attr) {
		xmlChar *v = xmlGetProp(root, (const xmlChar *)cfg->docno_attr);

		if (v && (xlqa_buf_addstr(corpus_docno_buf(r), cfg->docno_prefix) ||
		          corpus_add_collapsed(corpus_docno_buf(r), (const char *)v, strlen((const char *)v))))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		xmlFree(v);
	} else {
		const xmlNode *n = find_element(root->children, cfg->docno);

		if (n && (rc = add_node_text(n->children, &field)) == XLQA_OK &&
		    (xlqa_buf_addstr(corpus_docno_buf(r), cfg->docno_prefix) ||
		     corpus_add_collapsed(corpus_docno_buf(r), field.buf, field.len)))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if (rc == XLQA_OK && corpus_docno_buf(r)->len == strlen(cfg->docno_prefix)) {
		xlqa_buf_addf(why, "no %s%s", cfg->docno_attr ? "attribute " : "element ",
		              cfg->docno_attr ? cfg->docno_attr : cfg->docno);
		rc = SKIP(XLQA_SKIP_NO_DOCNO);
		goto out;
	}
	if (rc == XLQA_OK && (cfg->date || cfg->date_attr)) {
		xmlChar *v = cfg->date_attr ? xmlGetProp(root, (const xmlChar *)cfg->date_attr) : NULL;
		const xmlNode *n = cfg->date ? find_element(root->children, cfg->date) : NULL;
		xmlChar *content = n ? xmlNodeGetContent(n) : NULL;
		const char *s = (const char *)(v ? v : content);

		if (s && corpus_add_collapsed(corpus_date_buf(r), s, strlen(s)))
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		xmlFree(v);
		xmlFree(content);
	}
	if (rc == XLQA_OK && (rc = collect_text(cfg, root->children, corpus_text_buf(r), &field, &found)))
		rc = xlqa_error_set(err, rc, "out of memory");
	if (rc == XLQA_OK && !found) {
		xlqa_buf_addf(why, "DOCNO '%s': none of the text elements is present", corpus_docno_buf(r)->buf);
		rc = SKIP(XLQA_SKIP_NO_TEXT);
	}
	if (rc == XLQA_OK) {
		blank_controls(corpus_text_buf(r));
		rc = text_to_nfc(r, &tmp, err);
	}
out:
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctxt);
	xlqa_buf_release(&field);
	xlqa_buf_release(&tmp);
	return rc;
}

int corpus_extract_html(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *open,
                        struct xlqa_buf *why, struct xlqa_error *err)
{
	const struct xlqa_corpus_config *cfg = corpus_config(r);
	struct xlqa_buf tmp = XLQA_BUF_INIT;
	struct corpus_tag t;
	size_t pos = open->end - open->start, page = 0, page_end = len;
	htmlDocPtr doc;
	int rc;

	/* The envelope: from the document's start to the end of the html_after element. */
	while (corpus_next_tag(data, len, pos, NULL, &t)) {
		pos = t.end;
		if (t.close && corpus_tag_is(&t, cfg->html_after)) {
			page = t.end;
			break;
		}
	}
	if (!page) {
		xlqa_buf_addf(why, "no </%s> before the page", cfg->html_after);
		return SKIP(XLQA_SKIP_MALFORMED);
	}
	rc = scan_fields(r, data, page, open, false, why, err);
	if (rc)
		return rc;
	/* The page runs to the document's close tag. */
	for (size_t p = len; p > page; p--)
		if (data[p - 1] == '<') {
			page_end = p - 1;
			break;
		}
	if (page_end - page > (size_t)INT32_MAX) {
		xlqa_buf_addf(why, "page of %zu bytes is too large", page_end - page);
		return SKIP(XLQA_SKIP_MALFORMED);
	}
	/* libxml2 reads the page's own charset declaration and otherwise guesses (UTF-8 or Latin-1): Blog06
	 * pages come in many encodings, so the collection's one is no better a guess. */
	doc = htmlReadMemory(data + page, (int)(page_end - page), NULL, NULL,
	                     HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	if (!doc || !xmlDocGetRootElement(doc)) {
		xmlFreeDoc(doc);
		xlqa_buf_addf(why, "DOCNO '%s': the page holds no HTML the parser can read", corpus_docno_buf(r)->buf);
		return SKIP(XLQA_SKIP_MALFORMED);
	}
	rc = add_node_text(xmlDocGetRootElement(doc), corpus_text_buf(r));
	xmlFreeDoc(doc);
	if (rc)
		return xlqa_error_set(err, rc, "out of memory");
	blank_controls(corpus_text_buf(r));
	/* Pages are mostly markup: collapse the white space the tags leave, keeping paragraph breaks. */
	xlqa_buf_reset(&tmp);
	{
		struct xlqa_buf *text = corpus_text_buf(r);
		int newlines = 0;
		bool space = false;

		for (size_t i = 0; i < text->len && rc == XLQA_OK; i++) {
			char c = text->buf[i];

			if (c == '\n') {
				newlines++;
				continue;
			}
			if (c == ' ' || c == '\t' || c == '\r') {
				space = true;
				continue;
			}
			if (tmp.len && (newlines || space))
				rc = xlqa_buf_addstr(&tmp, newlines > 1 ? "\n\n" : newlines ? "\n" : " ");
			newlines = 0;
			space = false;
			if (rc == XLQA_OK)
				rc = xlqa_buf_addch(&tmp, c);
		}
		xlqa_buf_reset(text);
		if (rc == XLQA_OK)
			rc = xlqa_buf_add(text, tmp.buf, tmp.len);
		if (rc) {
			xlqa_buf_release(&tmp);
			return xlqa_error_set(err, rc, "out of memory");
		}
	}
	if (corpus_text_buf(r)->len == 0) {
		xlqa_buf_release(&tmp);
		xlqa_buf_addf(why, "DOCNO '%s': the page has no text", corpus_docno_buf(r)->buf);
		return SKIP(XLQA_SKIP_NO_TEXT);
	}
	rc = text_to_nfc(r, &tmp, err);
	xlqa_buf_release(&tmp);
	return rc;
}
