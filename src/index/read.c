/*
 * read: opens an index by mapping index.xlqa and checking what every use of it relies on: magic,
 * version, byte order, size, the header's CRC, every section's bounds, and the CRC and entries of the
 * small sections (documents, DOCNOs, terms, term strings, meta), so that every offset they hold points
 * inside its section. The two large sections are not read on open, so answering one question touches
 * only the pages it needs: the postings are decoded with bounds checks, and each document of the store
 * is a zlib stream with its own Adler-32, checked when it is inflated. The vocab section's CRC is
 * checked when it is read (xlqa_index_vocabulary), and xlqa_index_verify checks every section's CRC,
 * reading the whole file, and decodes every term's postings against its skip table.
 *
 * Invariant: after a successful open every offset the accessors follow has been checked against its
 * section's bounds, or is checked on use (postings are decoded with bounds checks).
 */
#include "config.h"

#include "index-internal.h"
#include "xlqa/index.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

struct xlqa_index {
	struct xlqa_mapped_file file;
	const unsigned char *map; /* file.data */
	size_t size;              /* file.size */
	const struct idx_header *h;
	const unsigned char *store;
	const struct idx_doc *docs;
	const char *docstr;
	size_t docstr_len;
	const uint32_t *docno_order;
	const struct idx_term *terms;
	const char *termstr;
	size_t termstr_len;
	const unsigned char *postings;
	size_t postings_len;
	struct xlqa_index_stats stats;
	char *path; /* of index.xlqa, for messages */
};

/* deflate never expands better than about 1032:1 (zlib's technical details), so a document's stated
 * text length above this many times its compressed length is a lie */
#define ZLIB_MAX_RATIO 1040u

static const void *section(const struct xlqa_index *idx, enum idx_section_id id)
{
	return idx->map + idx->h->sections[id].offset;
}

static int corrupt(struct xlqa_error *err, const char *path, const char *what)
{
	return xlqa_error_set(err, XLQA_ECORRUPT, "'%s' is not a usable index: %s", path, what);
}

/* The header: magic, version, byte order, its CRC, the file's size and every section's bounds. */
static int check_header(struct xlqa_index *idx, const char *path, struct xlqa_error *err)
{
	const struct idx_header *h = (const struct idx_header *)idx->map;

	/* magic, version and byte order first: their place is the same in every format */
	if (idx->size < offsetof(struct idx_header, file_size) || memcmp(h->magic, IDX_MAGIC, sizeof h->magic) != 0)
		return corrupt(err, path, "no index header (an unfinished or foreign file)");
	if (h->byte_order != IDX_BYTE_ORDER)
		return corrupt(err, path, "written on a machine of the other byte order");
	if (h->version != IDX_VERSION)
		return xlqa_error_set(err, XLQA_ECORRUPT, "'%s' is index format %u; this xlqa reads %u: rebuild it", path,
		                      h->version, IDX_VERSION);
	if (idx->size < sizeof *h)
		return corrupt(err, path, "the header is truncated");
	if (h->header_crc != (uint32_t)crc32(0, (const Bytef *)h, (uInt)offsetof(struct idx_header, header_crc)))
		return corrupt(err, path, "header checksum mismatch");
	if (h->pad != 0)
		return corrupt(err, path, "header padding is not zero");
	if (h->file_size != idx->size)
		return corrupt(err, path, "file size differs from the header's (truncated or extended)");
	idx->h = h;
	for (int i = 0; i < SEC_COUNT; i++) {
		const struct idx_section *s = &h->sections[i];

		if (s->offset < sizeof *h || s->offset > idx->size || s->length > idx->size - s->offset ||
		    s->offset % 8)
			return corrupt(err, path, "a section lies outside the file");
	}
	return XLQA_OK;
}

/* The small sections' entries (their CRCs checked already): every offset inside its section. */
static int check(struct xlqa_index *idx, const char *path, struct xlqa_error *err)
{
	const struct idx_header *h = idx->h;
	const struct idx_meta *m;
	size_t n_docs, n_terms;

	m = section(idx, SEC_META);
	if (h->sections[SEC_META].length < sizeof *m)
		return corrupt(err, path, "meta section too short");
	n_docs = h->sections[SEC_DOCS].length / sizeof(struct idx_doc);
	n_terms = h->sections[SEC_TERMS].length / sizeof(struct idx_term);
	if (m->documents != n_docs || m->terms != n_terms ||
	    h->sections[SEC_DOCNO_ORDER].length < n_docs * sizeof(uint32_t) ||
	    m->collections_len > h->sections[SEC_META].length - sizeof *m)
		return corrupt(err, path, "section sizes disagree with the statistics");
	idx->store = section(idx, SEC_STORE);
	idx->docs = section(idx, SEC_DOCS);
	idx->docstr = section(idx, SEC_DOCSTR);
	idx->docstr_len = h->sections[SEC_DOCSTR].length;
	idx->docno_order = section(idx, SEC_DOCNO_ORDER);
	idx->terms = section(idx, SEC_TERMS);
	idx->termstr = section(idx, SEC_TERMSTR);
	idx->termstr_len = h->sections[SEC_TERMSTR].length;
	idx->postings = section(idx, SEC_POSTINGS);
	idx->postings_len = h->sections[SEC_POSTINGS].length;
	if (idx->docstr_len == 0 || idx->docstr[idx->docstr_len - 1] != '\0' || idx->termstr_len == 0 ||
	    idx->termstr[idx->termstr_len - 1] != '\0')
		return corrupt(err, path, "string tables are not terminated");
	for (size_t i = 0; i < n_docs; i++) {
		const struct idx_doc *d = &idx->docs[i];

		if (d->docno >= idx->docstr_len || d->date >= idx->docstr_len || d->store_offset > h->sections[SEC_STORE].length ||
		    d->store_len > h->sections[SEC_STORE].length - d->store_offset || idx->docno_order[i] >= n_docs)
			return corrupt(err, path, "a document entry points outside its sections");
		/* what a document read allocates is bounded by what deflate can expand to */
		if (d->text_len > (uint64_t)d->store_len * ZLIB_MAX_RATIO)
			return corrupt(err, path, "a document claims more text than its compressed bytes can hold");
	}
	for (size_t i = 0; i < n_terms; i++) {
		const struct idx_term *t = &idx->terms[i];

		if (t->name >= idx->termstr_len || t->postings > idx->postings_len ||
		    t->postings_len > idx->postings_len - t->postings)
			return corrupt(err, path, "a term entry points outside its sections");
		/* the skip table: right after the postings, one entry a complete block */
		if (t->skips != t->postings + t->postings_len || t->n_skips != t->df / IDX_SKIP_BLOCK ||
		    (uint64_t)t->n_skips * sizeof(struct idx_skip) > idx->postings_len - t->skips || t->pad != 0)
			return corrupt(err, path, "a term's skip table is out of place");
	}
	idx->stats.documents = m->documents;
	idx->stats.terms = m->terms;
	idx->stats.postings = m->postings;
	idx->stats.total_length = m->total_length;
	idx->stats.avg_length = m->documents ? (double)m->total_length / (double)m->documents : 0;
	memcpy(idx->stats.language, m->language, sizeof idx->stats.language);
	idx->stats.language[sizeof idx->stats.language - 1] = '\0';
	idx->stats.collections = (const char *)(m + 1);
	if (m->collections_len == 0 || idx->stats.collections[m->collections_len - 1] != '\0')
		return corrupt(err, path, "collection names are not terminated");
	return XLQA_OK;
}

/* Verifies one section's CRC-32 over its bytes (padding included) as the builder computed it. */
static int check_crc(const struct xlqa_index *idx, enum idx_section_id id, const char *path, struct xlqa_error *err)
{
	static const char *const names[SEC_COUNT] = { "store", "documents", "DOCNO strings", "DOCNO order",
		                                      "terms", "term strings", "postings", "meta", "vocab" };
	const struct idx_section *s = &idx->h->sections[id];
	uLong crc = crc32(0, NULL, 0);

	for (uint64_t done = 0; done < s->length;) {
		uInt chunk = s->length - done > (1u << 30) ? (1u << 30) : (uInt)(s->length - done);

		crc = crc32(crc, idx->map + s->offset + done, chunk);
		done += chunk;
	}
	if ((uint32_t)crc != s->crc)
		return xlqa_error_set(err, XLQA_ECORRUPT, "'%s' is not a usable index: %s section checksum mismatch", path,
		                      names[id]);
	return XLQA_OK;
}

/* The sections open checks whole: those its entry checks read anyway (see the header). */
static const enum idx_section_id checked_on_open[] = { SEC_DOCS, SEC_DOCSTR, SEC_DOCNO_ORDER, SEC_TERMS,
	                                               SEC_TERMSTR, SEC_META };

static void cursor_at(const struct xlqa_index *idx, const struct idx_term *t, struct xlqa_postings_cursor *c);

/* Decodes a term's postings (positions skipped) and checks that its skip table says where each block
 * ends and which document ends it, as the reader's jumps assume. */
static int check_skips(const struct xlqa_index *idx, const struct idx_term *t, struct xlqa_error *err)
{
	struct xlqa_postings_cursor c;
	uint32_t doc, tf, n = 0;
	bool end;
	int rc;

	xlqa_postings_init(&c);
	cursor_at(idx, t, &c);
	while ((rc = xlqa_postings_next_doc(&c, &doc, &tf, &end)) == XLQA_OK && !end) {
		struct idx_skip e;

		if (++n % IDX_SKIP_BLOCK)
			continue;
		memcpy(&e, c.skips + (size_t)(n / IDX_SKIP_BLOCK - 1) * sizeof e, sizeof e);
		if (e.last_doc != doc || e.end != (size_t)(c.p - c.base))
			return xlqa_error_set(err, XLQA_ECORRUPT,
			                      "'%s' is not a usable index: the skip table of '%s' disagrees with its postings "
			                      "at document %u", idx->path, idx->termstr + t->name, n);
	}
	if (rc || c.p != c.end)
		return xlqa_error_set(err, XLQA_ECORRUPT,
		                      "'%s' is not a usable index: the postings of '%s' do not decode to its %u documents",
		                      idx->path, idx->termstr + t->name, t->df);
	return XLQA_OK;
}

int xlqa_index_verify(const struct xlqa_index *idx, struct xlqa_error *err)
{
	int rc = XLQA_OK;

	for (int i = 0; i < SEC_COUNT && rc == XLQA_OK; i++)
		rc = check_crc(idx, (enum idx_section_id)i, idx->path, err);
	for (uint64_t i = 0; i < idx->stats.terms && rc == XLQA_OK; i++)
		rc = check_skips(idx, &idx->terms[i], err);
	return rc;
}

int xlqa_index_vocabulary(const struct xlqa_index *idx, const char ***words, uint64_t **counts, size_t *n,
                          struct xlqa_error *err)
{
	const struct idx_section *s = &idx->h->sections[SEC_VOCAB];
	const unsigned char *p = idx->map + s->offset, *end = p + s->length, *w;
	uint64_t count;
	int rc;

	*words = NULL;
	*counts = NULL;
	*n = 0;
	if ((rc = check_crc(idx, SEC_VOCAB, idx->path, err)))
		return rc;
	if (s->length < sizeof count)
		return corrupt(err, idx->path, "vocab section too short");
	memcpy(&count, p, sizeof count);
	if (count > (s->length - sizeof count) / (sizeof(uint64_t) + 1))
		return corrupt(err, idx->path, "vocab section holds fewer words than it says");
	w = p + sizeof count + count * sizeof(uint64_t);
	*words = malloc((count ? count : 1) * sizeof **words);
	*counts = malloc((count ? count : 1) * sizeof **counts);
	if (!*words || !*counts) {
		free(*words);
		free(*counts);
		*words = NULL;
		*counts = NULL;
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	memcpy(*counts, p + sizeof count, count * sizeof **counts);
	for (uint64_t i = 0; i < count; i++) {
		const unsigned char *nul = memchr(w, '\0', (size_t)(end - w));

		if (!nul) {
			free(*words);
			free(*counts);
			*words = NULL;
			*counts = NULL;
			return corrupt(err, idx->path, "vocab section holds fewer words than it says");
		}
		(*words)[i] = (const char *)w;
		w = nul + 1;
	}
	*n = (size_t)count;
	return XLQA_OK;
}

int xlqa_index_open(const char *dir, struct xlqa_index **out, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT;
	struct xlqa_index *idx;
	int rc;

	*out = NULL;
	if (xlqa_buf_addf(&path, "%s/%s", dir, IDX_FILE) || !(idx = calloc(1, sizeof *idx))) {
		xlqa_buf_release(&path);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	rc = xlqa_file_map(path.buf, &idx->file, err);
	if (rc == XLQA_ENOTFOUND && access(dir, F_OK) != 0)
		rc = xlqa_error_set(err, rc, "cannot open index '%s': no such folder", dir);
	else if (rc == XLQA_ENOTFOUND)
		rc = xlqa_error_set(err, rc, "cannot open index '%s': no index.xlqa in it", dir);
	else if (rc == XLQA_OK && !idx->file.data)
		rc = corrupt(err, path.buf, "empty file");
	idx->map = idx->file.data;
	idx->size = idx->file.size;
	/* the small sections' CRCs first: check() reads their entries */
	if (rc == XLQA_OK && (rc = check_header(idx, path.buf, err)) == XLQA_OK) {
		for (size_t i = 0; rc == XLQA_OK && i < sizeof checked_on_open / sizeof checked_on_open[0]; i++)
			rc = check_crc(idx, checked_on_open[i], path.buf, err);
		if (rc == XLQA_OK)
			rc = check(idx, path.buf, err);
	}
	if (rc) {
		xlqa_buf_release(&path);
		xlqa_index_free(idx);
		return rc;
	}
	idx->path = xlqa_buf_detach(&path, NULL);
	*out = idx;
	return XLQA_OK;
}

void xlqa_index_free(struct xlqa_index *idx)
{
	if (!idx)
		return;
	xlqa_file_unmap(&idx->file);
	free(idx->path);
	free(idx);
}

const struct xlqa_index_stats *xlqa_index_get_stats(const struct xlqa_index *idx)
{
	return &idx->stats;
}

const char *xlqa_index_docno(const struct xlqa_index *idx, uint32_t doc)
{
	return doc < idx->stats.documents ? idx->docstr + idx->docs[doc].docno : NULL;
}

const char *xlqa_index_date(const struct xlqa_index *idx, uint32_t doc)
{
	return doc < idx->stats.documents ? idx->docstr + idx->docs[doc].date : NULL;
}

uint32_t xlqa_index_doc_length(const struct xlqa_index *idx, uint32_t doc)
{
	return doc < idx->stats.documents ? idx->docs[doc].length : 0;
}

bool xlqa_index_find_docno(const struct xlqa_index *idx, const char *docno, uint32_t *doc)
{
	size_t lo = 0, hi = idx->stats.documents;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(idx->docstr + idx->docs[idx->docno_order[mid]].docno, docno);

		if (c == 0) {
			*doc = idx->docno_order[mid];
			return true;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

int xlqa_index_doc_text(const struct xlqa_index *idx, uint32_t doc, struct xlqa_buf *out, struct xlqa_error *err)
{
	const struct idx_doc *d;
	uLongf len;

	if (doc >= idx->stats.documents)
		return xlqa_error_set(err, XLQA_EINVAL, "no document %u", doc);
	d = &idx->docs[doc];
	xlqa_buf_reset(out);
	if (xlqa_buf_grow(out, d->text_len))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	len = d->text_len;
	if (uncompress((Bytef *)out->buf, &len, idx->store + d->store_offset, d->store_len) != Z_OK || len != d->text_len)
		return xlqa_error_set(err, XLQA_ECORRUPT, "document '%s' does not decompress", xlqa_index_docno(idx, doc));
	out->len = len;
	out->buf[len] = '\0';
	return XLQA_OK;
}

static const struct idx_term *find_term(const struct xlqa_index *idx, const char *term)
{
	size_t lo = 0, hi = idx->stats.terms;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(idx->termstr + idx->terms[mid].name, term);

		if (c == 0)
			return &idx->terms[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

bool xlqa_index_term_stats(const struct xlqa_index *idx, const char *term, uint32_t *df, uint64_t *cf)
{
	const struct idx_term *t = find_term(idx, term);

	if (!t)
		return false;
	if (df)
		*df = t->df;
	if (cf)
		*cf = t->cf;
	return true;
}

/* Puts a cursor on a term's postings, or on none when t is NULL. */
static void cursor_at(const struct xlqa_index *idx, const struct idx_term *t, struct xlqa_postings_cursor *c)
{
	c->p = c->end = c->base = c->skips = c->positions_at = NULL;
	c->n_skips = c->df = 0;
	c->left = 0;
	c->doc = 0;
	c->docs = (uint32_t)idx->stats.documents;
	c->started = false;
	if (!t)
		return;
	c->p = c->base = idx->postings + t->postings;
	c->end = c->p + t->postings_len;
	c->skips = idx->postings + t->skips;
	c->n_skips = t->n_skips;
	c->left = c->df = t->df;
}

bool xlqa_postings_open(const struct xlqa_index *idx, const char *term, struct xlqa_postings_cursor *c)
{
	const struct idx_term *t = find_term(idx, term);

	cursor_at(idx, t, c);
	return t != NULL;
}

/*
 * Decodes a posting's document gap and tf, checked, and moves the cursor to its document. Most gaps
 * and tfs are below 128, one byte each: that case skips the general varint loop (the same values and
 * the same checks).
 */
static inline int next_head(struct xlqa_postings_cursor *c, uint64_t *tf)
{
	const unsigned char *p = c->p, *end = c->end;
	uint64_t gap;

	if (end - p >= 2 && !((p[0] | p[1]) & 0x80)) {
		gap = p[0];
		*tf = p[1];
		p += 2;
	} else if (!(p = idx_get_varint(p, end, &gap)) || !(p = idx_get_varint(p, end, tf))) {
		return XLQA_ECORRUPT;
	}
	if (*tf == 0 || *tf > (uint64_t)(end - p) || (c->started && gap == 0) ||
	    (c->started ? c->doc : 0) + gap >= c->docs)
		return XLQA_ECORRUPT;
	c->p = p;
	c->doc = c->started ? c->doc + (uint32_t)gap : (uint32_t)gap;
	c->started = true;
	return XLQA_OK;
}

/* xlqa_postings_next_doc, inlined where seeking calls it once a posting. */
static inline int next_doc(struct xlqa_postings_cursor *c, uint32_t *doc, uint32_t *tf, bool *end)
{
	const unsigned char *p, *stop = c->end;
	uint64_t n;

	*end = c->left == 0;
	if (*end)
		return XLQA_OK;
	if (next_head(c, &n))
		return XLQA_ECORRUPT;
	p = c->positions_at = c->p;
	/* the positions are skipped: n varints end at the next n bytes below 0x80 */
	for (uint64_t k = 0; k < n; p++) {
		if (p >= stop)
			return XLQA_ECORRUPT;
		k += *p < 0x80;
	}
	c->p = p;
	c->left--;
	*doc = c->doc;
	*tf = (uint32_t)n;
	return XLQA_OK;
}

int xlqa_postings_next_doc(struct xlqa_postings_cursor *c, uint32_t *doc, uint32_t *tf, bool *end)
{
	return next_doc(c, doc, tf, end);
}

static struct idx_skip skip_entry(const struct xlqa_postings_cursor *c, uint32_t k)
{
	struct idx_skip e;

	memcpy(&e, c->skips + (size_t)k * sizeof e, sizeof e);
	return e;
}

int xlqa_postings_seek_doc(struct xlqa_postings_cursor *c, uint32_t target, uint32_t *doc, uint32_t *tf, bool *end)
{
	uint32_t lo = (c->df - c->left) / IDX_SKIP_BLOCK, hi = c->n_skips; /* lo: the next posting's block */
	int rc;

	/* the last block from the next posting's on that ends before target, if any: lo - 1 after the search */
	if (lo < hi && skip_entry(c, lo).last_doc < target) {
		struct idx_skip e;

		lo++;
		/* galloping first: most jumps end a few blocks on, and a long list has thousands */
		for (uint32_t step = 1; lo + step - 1 < hi; step *= 2) {
			uint32_t probe = lo + step - 1;

			if (skip_entry(c, probe).last_doc >= target) {
				hi = probe;
				break;
			}
			lo = probe + 1;
		}
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;

			if (skip_entry(c, mid).last_doc < target)
				lo = mid + 1;
			else
				hi = mid;
		}
		e = skip_entry(c, lo - 1);
		/* the jump goes forward, stays in the list and lands after the document returned last */
		if (e.end <= (size_t)(c->p - c->base) || e.end > (size_t)(c->end - c->base) || e.last_doc >= c->docs ||
		    (c->started && e.last_doc <= c->doc))
			return XLQA_ECORRUPT;
		c->p = c->base + e.end;
		c->doc = e.last_doc;
		c->started = true;
		c->left = c->df - lo * IDX_SKIP_BLOCK;
	}
	while ((rc = next_doc(c, doc, tf, end)) == XLQA_OK && !*end && *doc < target)
		;
	return rc;
}

/* Decodes tf positions from *p into the cursor's buffer, checked. */
static int decode_positions(struct xlqa_postings_cursor *c, const unsigned char **p, uint64_t tf)
{
	uint64_t pos = 0;

	if (tf > c->alloc) {
		uint32_t *buf = realloc(c->positions, tf * sizeof *buf);

		if (!buf)
			return XLQA_ENOMEM;
		c->positions = buf;
		c->alloc = tf;
	}
	for (uint64_t i = 0; i < tf; i++) {
		uint64_t d;

		if (!(*p = idx_get_varint(*p, c->end, &d)) || pos + d > UINT32_MAX)
			return XLQA_ECORRUPT;
		pos += d;
		c->positions[i] = (uint32_t)pos;
	}
	return XLQA_OK;
}

int xlqa_postings_next(struct xlqa_postings_cursor *c, struct xlqa_posting *out, bool *end)
{
	uint64_t tf;
	int rc;

	*end = c->left == 0;
	if (*end)
		return XLQA_OK;
	if (next_head(c, &tf))
		return XLQA_ECORRUPT;
	if ((rc = decode_positions(c, &c->p, tf)))
		return rc;
	c->left--;
	out->doc = c->doc;
	out->tf = (uint32_t)tf;
	out->positions = c->positions;
	return XLQA_OK;
}

int xlqa_postings_positions(struct xlqa_postings_cursor *c, uint32_t tf, struct xlqa_posting *out)
{
	const unsigned char *p = c->positions_at;
	int rc;

	if (!p)
		return XLQA_EINVAL;
	if ((rc = decode_positions(c, &p, tf)))
		return rc;
	out->doc = c->doc;
	out->tf = tf;
	out->positions = c->positions;
	return XLQA_OK;
}

void xlqa_postings_init(struct xlqa_postings_cursor *c)
{
	memset(c, 0, sizeof *c);
}

void xlqa_postings_release(struct xlqa_postings_cursor *c)
{
	free(c->positions);
	memset(c, 0, sizeof *c);
}
