/*
 * reader: walks a collection's files (plain or gzip, through zlib, which reads both) and cuts each into
 * documents at the configured document element; a format's extractor then reads the DOCNO, date and
 * text. A document element left open is skipped up to the next one, and reported.
 *
 * Invariant: every document element found is either handed out once or reported once through the skip
 * callback, and counted either way.
 */
#include "config.h"

#include "corpus-internal.h"
#include "xlqa/text.h"

#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

struct xlqa_corpus_reader {
	const struct xlqa_corpus_config *cfg;
	corpus_extract_fn *extract;
	xlqa_corpus_skip_fn *on_skip;
	void *ctx;
	char **files;
	size_t n_files;
	size_t next_file; /* index of the file to load next */
	uint64_t total_bytes;
	const char *file; /* the loaded file */
	struct xlqa_buf data; /* its uncompressed bytes */
	size_t pos;           /* scanning position in data */
	bool loaded;
	struct xlqa_buf docno, date, text, why, scratch, decoded;
	struct xlqa_corpus_counts counts;
};

/* The formats' extractors, indexed by enum xlqa_corpus_format. */
static corpus_extract_fn *const extractors[] = {
	[XLQA_CORPUS_SGML] = corpus_extract_sgml,
	[XLQA_CORPUS_XML] = corpus_extract_xml,
	[XLQA_CORPUS_HTML] = corpus_extract_html,
};

static const char *const skip_names[XLQA_SKIP_REASONS] = {
	"unclosed", "no-docno", "no-text", "encoding", "malformed", "duplicate",
};

const char *xlqa_skip_reason_name(enum xlqa_skip_reason r)
{
	return (unsigned)r < XLQA_SKIP_REASONS ? skip_names[r] : "unknown";
}

struct xlqa_buf *corpus_docno_buf(struct xlqa_corpus_reader *r)
{
	return &r->docno;
}

struct xlqa_buf *corpus_date_buf(struct xlqa_corpus_reader *r)
{
	return &r->date;
}

struct xlqa_buf *corpus_text_buf(struct xlqa_corpus_reader *r)
{
	return &r->text;
}

const struct xlqa_corpus_config *corpus_config(const struct xlqa_corpus_reader *r)
{
	return r->cfg;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_glob(struct xlqa_corpus_reader *r, const char *root, const char *pattern, size_t *alloc,
                    struct xlqa_error *err)
{
	struct xlqa_buf full = XLQA_BUF_INIT;
	glob_t g;
	int rc;

	if (pattern[0] == '/' || !root)
		rc = xlqa_buf_addstr(&full, pattern);
	else
		rc = xlqa_buf_addf(&full, "%s/%s", root, pattern);
	if (rc) {
		xlqa_buf_release(&full);
		return xlqa_error_set(err, rc, "out of memory");
	}
	rc = glob(full.buf, 0, NULL, &g);
	if (rc == GLOB_NOMATCH) {
		rc = xlqa_error_set(err, XLQA_ENOTFOUND, "%s: no file matches '%s'", r->cfg->path, full.buf);
	} else if (rc) {
		rc = xlqa_error_set(err, XLQA_EIO, "%s: cannot expand '%s'", r->cfg->path, full.buf);
	} else {
		qsort(g.gl_pathv, g.gl_pathc, sizeof *g.gl_pathv, cmp_str);
		for (size_t i = 0; i < g.gl_pathc && rc == XLQA_OK; i++) {
			struct stat st;

			if (XLQA_ARRAY_RESERVE(r->files, *alloc, r->n_files + 1) ||
			    !(r->files[r->n_files] = strdup(g.gl_pathv[i]))) {
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
				break;
			}
			r->n_files++;
			if (stat(g.gl_pathv[i], &st) == 0)
				r->total_bytes += (uint64_t)st.st_size;
		}
	}
	if (rc != GLOB_NOMATCH)
		globfree(&g);
	xlqa_buf_release(&full);
	return rc;
}

int xlqa_corpus_open(const struct xlqa_corpus_config *cfg, const char *data_root, xlqa_corpus_skip_fn *on_skip,
                     void *ctx, struct xlqa_corpus_reader **out, struct xlqa_error *err)
{
	struct xlqa_corpus_reader *r = calloc(1, sizeof *r);
	struct xlqa_buf probe = XLQA_BUF_INIT;
	size_t alloc = 0;
	int rc = XLQA_OK;

	*out = NULL;
	if (!r)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	r->cfg = cfg;
	r->extract = extractors[cfg->format];
	r->on_skip = on_skip;
	r->ctx = ctx;
	xlqa_buf_init(&r->data);
	xlqa_buf_init(&r->docno);
	xlqa_buf_init(&r->date);
	xlqa_buf_init(&r->text);
	xlqa_buf_init(&r->why);
	xlqa_buf_init(&r->scratch);
	xlqa_buf_init(&r->decoded);
	/* An encoding iconv does not know fails here, not in the middle of the first document. */
	rc = xlqa_text_decode(cfg->encoding, "a", 1, cfg->path, &probe, err);
	xlqa_buf_release(&probe);
	for (size_t i = 0; rc == XLQA_OK && i < cfg->n_files; i++)
		rc = add_glob(r, data_root, cfg->files[i], &alloc, err);
	if (rc) {
		xlqa_corpus_free(r);
		return rc;
	}
	*out = r;
	return XLQA_OK;
}

void xlqa_corpus_free(struct xlqa_corpus_reader *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n_files; i++)
		free(r->files[i]);
	free(r->files);
	xlqa_buf_release(&r->data);
	xlqa_buf_release(&r->docno);
	xlqa_buf_release(&r->date);
	xlqa_buf_release(&r->text);
	xlqa_buf_release(&r->why);
	xlqa_buf_release(&r->scratch);
	xlqa_buf_release(&r->decoded);
	free(r);
}

/* Reads a whole file, gunzipping it when it is gzip (zlib passes other files through). */
static int load_file(struct xlqa_corpus_reader *r, const char *path, struct xlqa_error *err)
{
	gzFile gz = gzopen(path, "rb");
	int n, errnum;

	xlqa_buf_reset(&r->data);
	if (!gz)
		return xlqa_error_set(err, errno == ENOENT ? XLQA_ENOTFOUND : XLQA_EIO, "cannot open '%s': %s", path,
		                      strerror(errno ? errno : ENOMEM));
	gzbuffer(gz, 1 << 17);
	for (;;) {
		if (xlqa_buf_grow(&r->data, 1 << 17)) {
			gzclose(gz);
			return xlqa_error_set(err, XLQA_ENOMEM, "'%s': out of memory", path);
		}
		n = gzread(gz, r->data.buf + r->data.len, 1 << 17);
		if (n <= 0)
			break;
		r->data.len += (size_t)n; /* the grow above made room; xlqa_buf_setlen only shortens */
		r->data.buf[r->data.len] = '\0';
	}
	/* zlib reports a stream cut short (inside a member, or inside the header of the next one) as
	 * Z_BUF_ERROR once the data before the cut has been returned, so the status is asked at the end */
	gzerror(gz, &errnum);
	if (n < 0 || errnum != Z_OK) {
		const char *msg = gzerror(gz, &errnum);
		int rc = errnum == Z_BUF_ERROR
		                 ? xlqa_error_set(err, XLQA_EIO, "cannot read '%s': compressed data cut short after %zu bytes "
		                                                 "(a truncated file)", path, r->data.len)
		                 : xlqa_error_set(err, XLQA_EIO, "cannot read '%s' after %zu bytes: %s", path, r->data.len,
		                                  errnum == Z_ERRNO ? strerror(errno) : msg);

		gzclose(gz);
		return rc;
	}
	gzclose(gz);
	r->counts.files++;
	r->counts.bytes += r->data.len;
	return XLQA_OK;
}

static void report_skip(struct xlqa_corpus_reader *r, int64_t offset, enum xlqa_skip_reason reason, const char *msg)
{
	r->counts.skipped[reason]++;
	if (r->on_skip)
		r->on_skip(r->ctx, r->file, offset, reason, msg);
}

/* Finds the next open tag of the document element at or after `pos`. */
static bool next_doc_open(const struct xlqa_corpus_reader *r, size_t pos, struct corpus_tag *t)
{
	while (corpus_next_tag(r->data.buf, r->data.len, pos, r->cfg->doc, t)) {
		if (!t->close && corpus_tag_is(t, r->cfg->doc))
			return true;
		pos = t->end;
	}
	return false;
}

/*
 * Cuts the next document out of the loaded file: `open` and *end delimit it (open tag to close
 * tag), or false at the end of the file. An unclosed document is reported and skipped here.
 */
static bool next_doc(struct xlqa_corpus_reader *r, struct corpus_tag *open, size_t *end)
{
	struct corpus_tag t;

	while (next_doc_open(r, r->pos, open)) {
		size_t pos = open->end;
		bool closed = false, reopened = false;

		r->counts.documents++;
		while (corpus_next_tag(r->data.buf, r->data.len, pos, r->cfg->doc, &t)) {
			pos = t.end;
			if (corpus_tag_is(&t, r->cfg->doc)) {
				closed = t.close;
				reopened = !t.close;
				break;
			}
		}
		if (closed) {
			*end = t.end;
			r->pos = t.end;
			return true;
		}
		xlqa_buf_reset(&r->why);
		if (reopened)
			xlqa_buf_addf(&r->why, "<%s> at byte %zu is not closed before the next <%s> at byte %zu", r->cfg->doc,
			              open->start, r->cfg->doc, t.start);
		else
			xlqa_buf_addf(&r->why, "<%s> at byte %zu is not closed before the end of the file", r->cfg->doc,
			              open->start);
		report_skip(r, (int64_t)open->start, XLQA_SKIP_UNCLOSED, r->why.buf);
		r->pos = reopened ? t.start : r->data.len;
	}
	r->pos = r->data.len;
	return false;
}

int xlqa_corpus_next(struct xlqa_corpus_reader *r, struct xlqa_doc *doc, bool *end, struct xlqa_error *err)
{
	struct corpus_tag open;
	size_t doc_end;

	*end = false;
	for (;;) {
		int rc;

		if (!r->loaded || r->pos >= r->data.len) {
			if (r->next_file >= r->n_files) {
				*end = true;
				return XLQA_OK;
			}
			r->file = r->files[r->next_file++];
			if ((rc = load_file(r, r->file, err)) != XLQA_OK)
				return rc;
			r->loaded = true;
			r->pos = 0;
		}
		if (!next_doc(r, &open, &doc_end))
			continue;
		xlqa_buf_reset(&r->docno);
		xlqa_buf_reset(&r->date);
		xlqa_buf_reset(&r->text);
		xlqa_buf_reset(&r->why);
		rc = r->extract(r, r->data.buf + open.start, doc_end - open.start, &open, &r->why, err);
		if (rc < 0)
			return rc;
		if (rc > 0) {
			report_skip(r, (int64_t)open.start, (enum xlqa_skip_reason)(rc - 1), r->why.buf);
			continue;
		}
		r->counts.read++;
		doc->docno = r->docno.buf;
		doc->date = r->date.buf;
		doc->text = r->text.buf;
		doc->len = r->text.len;
		doc->file = r->file;
		doc->offset = (int64_t)open.start;
		return XLQA_OK;
	}
}

const struct xlqa_corpus_counts *xlqa_corpus_get_counts(const struct xlqa_corpus_reader *r)
{
	return &r->counts;
}

size_t xlqa_corpus_file_count(const struct xlqa_corpus_reader *r)
{
	return r->n_files;
}

const char *xlqa_corpus_file_at(const struct xlqa_corpus_reader *r, size_t i)
{
	return i < r->n_files ? r->files[i] : NULL;
}

uint64_t xlqa_corpus_total_bytes(const struct xlqa_corpus_reader *r)
{
	return r->total_bytes;
}

/* Appends raw bytes with tags removed and line ends as LF; the decoding happens on the result. */
static int strip_tags(const char *data, size_t len, struct xlqa_buf *out)
{
	struct corpus_tag t;
	size_t pos = 0;
	int rc = XLQA_OK;

	while (rc == XLQA_OK && pos < len) {
		bool found = corpus_next_tag(data, len, pos, NULL, &t);
		size_t stop = found ? t.start : len;

		for (size_t i = pos; i < stop && rc == XLQA_OK; i++) {
			if (data[i] != '\r')
				rc = xlqa_buf_addch(out, data[i]);
			else if (i + 1 >= stop || data[i + 1] != '\n')
				rc = xlqa_buf_addch(out, '\n');
		}
		if (!found)
			break;
		if (rc == XLQA_OK && !t.markup && !corpus_tag_inline(&t))
			rc = xlqa_buf_addch(out, '\n');
		pos = t.end;
	}
	return rc;
}

int corpus_add_text(struct xlqa_corpus_reader *r, const char *data, size_t len, struct xlqa_buf *out,
                    struct xlqa_error *err)
{
	size_t kept = 0, start = out->len;
	int rc;

	xlqa_buf_reset(&r->scratch);
	xlqa_buf_reset(&r->decoded);
	if ((rc = strip_tags(data, len, &r->scratch)) != XLQA_OK)
		return xlqa_error_set(err, rc, "out of memory");
	if ((rc = xlqa_text_decode(r->cfg->encoding, r->scratch.buf, r->scratch.len, r->file, &r->decoded, err)))
		return rc;
	if ((rc = xlqa_text_unescape(r->decoded.buf, r->decoded.len, XLQA_UNESCAPE_LENIENT, r->file, out, &kept, err)))
		return rc;
	r->counts.kept_references += kept;
	/* C0 controls (Reuters' &#2; &#3; &#5;) and DEL carry no text; NUL would end the string early. */
	for (size_t i = start; i < out->len; i++) {
		unsigned char c = (unsigned char)out->buf[i];

		if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			out->buf[i] = ' ';
	}
	return XLQA_OK;
}

int corpus_add_collapsed(struct xlqa_buf *out, const char *s, size_t len)
{
	bool space = false;
	size_t start = out->len;

	for (size_t i = 0; i < len; i++) {
		int rc;

		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			space = true;
			continue;
		}
		if (space && out->len > start && (rc = xlqa_buf_addch(out, ' ')))
			return rc;
		space = false;
		if ((rc = xlqa_buf_addch(out, s[i])))
			return rc;
	}
	return XLQA_OK;
}
