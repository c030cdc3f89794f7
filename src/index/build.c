/*
 * build: writes an index (layout in index-internal.h). Documents stream through the reader and the
 * termer: each document's text goes compressed into the store at once, its postings into per-term
 * buffers. When the buffers pass the memory budget they are written out as a sorted run; at the end
 * the runs are merged term by term into the postings section. What grows with the number of
 * documents stays out of memory too: each document's table entry and its DOCNO and date strings go
 * to temporary files as it is read, and its DOCNO (with its place, for duplicate reports) into a
 * buffer that is spilled as a sorted run when it passes its share of the budget (DOCNO_SHARE); the
 * DOCNO runs are merged into the DOCNO order section, where duplicates meet. Everything is written
 * inside a temporary directory (xlqa_dir_out_*) that is renamed to the index's name only when the
 * file is complete and synced.
 *
 * Invariant: a directory named as requested exists only after a successful build; a failed build
 * removes its temporary directory, and a killed one leaves only a "*.tmp-PID" directory behind, which
 * never opens as an index (the header, written last, is still zero). The next build of the same name
 * removes such a leftover when no process PID is alive on this machine.
 */
#include "config.h"

#include "index-internal.h"
#include "xlqa/index.h"
#include "xlqa/text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

/* The DOCNO buffer's share of the memory budget: 1/DOCNO_SHARE; the postings buffers get the rest. */
#define DOCNO_SHARE 8
/* The temporary files beside index.xlqa: sorted runs are "run-*", the rest "tmp-*". */
#define TMP_DOCS "tmp-docs"
#define TMP_DOCSTR "tmp-docstr"

/* The postings of one term gathered since the last run was written. */
struct term_acc {
	unsigned char *buf;
	uint32_t len, cap;
	uint32_t run_df;   /* documents in this run */
	uint32_t last_doc; /* last document encoded in this run */
	uint32_t df;       /* over all runs */
	uint64_t cf;
};

/*
 * A DOCNO record, in the DOCNO buffer and in its runs: this head, then the DOCNO and the name of the
 * file the document is in, each NUL-terminated. Runs hold records sorted by (DOCNO, document).
 */
struct docno_head {
	uint32_t doc;
	uint32_t docno_len, file_len;
	uint32_t pad;
	int64_t offset; /* the document's byte offset in its file */
};

/*
 * Follows the bytes of one term's postings as they are written, a byte at a time (they come in
 * pieces that may split a varint), and notes a skip table entry after every IDX_SKIP_BLOCK-th
 * document. Its entries are held until the term ends: df / IDX_SKIP_BLOCK of them.
 */
struct skip_scan {
	uint64_t value; /* the varint being read */
	unsigned shift;
	int field;        /* 0 document gap, 1 tf, 2 positions */
	uint64_t left;    /* positions still to come */
	uint64_t doc, docs, bytes; /* current document, documents ended, bytes seen */
	struct idx_skip *skip;
	size_t n_skip, alloc_skip;
};

struct builder {
	const struct xlqa_index_build_options *opt;
	struct xlqa_index_build_summary *sum;
	struct xlqa_termer *termer;
	struct xlqa_term_list words;
	struct term_acc *acc;
	size_t n_acc;
	size_t held; /* bytes held in postings buffers */
	size_t budget; /* for the postings buffers */
	size_t n_docs;
	FILE *docs;   /* TMP_DOCS: the idx_doc entries, in document order */
	FILE *docstr; /* TMP_DOCSTR: the docstr section being written */
	uint64_t docstr_len;
	struct xlqa_buf docno_recs; /* DOCNO records since the last DOCNO run */
	size_t *docno_at;           /* their offsets in docno_recs */
	size_t n_docno_at, alloc_docno_at;
	size_t docno_budget;        /* bytes of docno_recs and docno_at before a run is spilled */
	char **docno_runs;
	size_t n_docno_runs, alloc_docno_runs;
	uint64_t *pairs; /* (term << 32 | position) of the current document */
	size_t n_pairs, alloc_pairs;
	unsigned char *zbuf;
	size_t zcap;
	struct xlqa_dir_out dir; /* the index directory, written whole or not at all */
	FILE *out; /* the index file being written */
	uint64_t out_pos;
	uint32_t crc; /* of the section being written */
	char **runs;
	size_t n_runs, alloc_runs;
	uint64_t total_length, positions;
	/* the vocab section (index-internal.h): words in order of first occurrence with their counts */
	struct xlqa_hash forms;  /* a word as written -> its folded word's number + 1 */
	struct xlqa_hash folded; /* folded word -> its number + 1 */
	const char **vocab;      /* folded words by number (keys of `folded`) */
	uint64_t *vocab_count;
	size_t n_vocab, alloc_vocab, alloc_count;
	bool counted_after_new;  /* a word was counted after the last new folded word */
	struct xlqa_buf fold;
	struct skip_scan scan; /* of the term whose postings are being written */
};

static int write_bytes(struct builder *b, const void *p, size_t n, struct xlqa_error *err)
{
	if (n && fwrite(p, 1, n, b->out) != n)
		return xlqa_error_errno(err, XLQA_EIO, "writing '%s/%s'", b->dir.tmp.buf, IDX_FILE);
	b->crc = (uint32_t)crc32(b->crc, p, (uInt)n);
	b->out_pos += n;
	return XLQA_OK;
}

/* Pads to 8 bytes and closes a section that began at `start`. */
static int end_section(struct builder *b, struct idx_header *h, enum idx_section_id id, uint64_t start,
                       struct xlqa_error *err)
{
	static const char zeros[8];
	int rc = write_bytes(b, zeros, (8 - b->out_pos % 8) % 8, err);

	h->sections[id].offset = start;
	h->sections[id].length = b->out_pos - start;
	h->sections[id].crc = b->crc;
	b->crc = 0;
	return rc;
}

static int store_document(struct builder *b, const struct xlqa_doc *doc, struct idx_doc *d, struct xlqa_error *err)
{
	uLongf zlen;

	if (doc->len > UINT32_MAX)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "%s: document '%s' is over 4 GiB", doc->file, doc->docno);
	zlen = compressBound((uLong)doc->len);
	if (zlen > b->zcap) {
		unsigned char *p = realloc(b->zbuf, zlen);

		if (!p)
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		b->zbuf = p;
		b->zcap = zlen;
	}
	/* Level 1: the store is read a few documents a question, and building fast matters more. */
	if (compress2(b->zbuf, &zlen, (const Bytef *)doc->text, (uLong)doc->len, 1) != Z_OK)
		return xlqa_error_set(err, XLQA_ENOMEM, "compressing document '%s' failed", doc->docno);
	d->store_offset = b->out_pos - sizeof(struct idx_header);
	d->store_len = (uint32_t)zlen;
	d->text_len = (uint32_t)doc->len;
	return write_bytes(b, b->zbuf, zlen, err);
}

/* Appends a NUL-terminated string to the docstr section's file; *off is where it starts there. */
static int add_string(struct builder *b, const char *s, uint32_t *off, struct xlqa_error *err)
{
	size_t len = strlen(s) + 1;

	if (b->docstr_len > UINT32_MAX - len)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "DOCNO table over 4 GiB");
	*off = (uint32_t)b->docstr_len;
	if (fwrite(s, 1, len, b->docstr) != len)
		return xlqa_error_errno(err, XLQA_EIO, "writing '%s/%s'", b->dir.tmp.buf, TMP_DOCSTR);
	b->docstr_len += len;
	return XLQA_OK;
}

static const struct builder *sort_builder;

/* The DOCNO records at `a` and `b` in (DOCNO, document) order. */
static int cmp_docno_rec(const char *a, const char *b)
{
	struct docno_head ha, hb;
	int c;

	memcpy(&ha, a, sizeof ha);
	memcpy(&hb, b, sizeof hb);
	if ((c = strcmp(a + sizeof ha, b + sizeof hb)) != 0)
		return c;
	return (ha.doc > hb.doc) - (ha.doc < hb.doc);
}

static int cmp_docno_at(const void *a, const void *b)
{
	const char *recs = sort_builder->docno_recs.buf;

	return cmp_docno_rec(recs + *(const size_t *)a, recs + *(const size_t *)b);
}

/* The records of the DOCNO buffer in (DOCNO, document) order. */
static void sort_docnos(struct builder *b)
{
	sort_builder = b;
	qsort(b->docno_at, b->n_docno_at, sizeof *b->docno_at, cmp_docno_at);
}

static size_t docno_rec_size(const char *rec)
{
	struct docno_head h;

	memcpy(&h, rec, sizeof h);
	return sizeof h + h.docno_len + 1 + h.file_len + 1;
}

/* Writes the DOCNO buffer, sorted, as a DOCNO run and empties it. */
static int spill_docnos(struct builder *b, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT;
	int rc = XLQA_OK;
	FILE *fp;

	if (xlqa_buf_addf(&path, "%s/run-docno-%05zu", b->dir.tmp.buf, b->n_docno_runs) ||
	    XLQA_ARRAY_RESERVE(b->docno_runs, b->alloc_docno_runs, b->n_docno_runs + 1)) {
		xlqa_buf_release(&path);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	sort_docnos(b);
	if (!(fp = fopen(path.buf, "wb"))) {
		rc = xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", path.buf);
	} else {
		for (size_t i = 0; i < b->n_docno_at && rc == XLQA_OK; i++) {
			const char *rec = b->docno_recs.buf + b->docno_at[i];
			size_t size = docno_rec_size(rec);

			if (fwrite(rec, 1, size, fp) != size)
				rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s'", path.buf);
		}
		if (fclose(fp) != 0 && rc == XLQA_OK)
			rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s'", path.buf);
	}
	if (rc) {
		remove(path.buf);
		xlqa_buf_release(&path);
		return rc;
	}
	b->docno_runs[b->n_docno_runs++] = xlqa_buf_detach(&path, NULL);
	xlqa_buf_reset(&b->docno_recs);
	b->n_docno_at = 0;
	b->sum->docno_runs++;
	return XLQA_OK;
}

/* Adds a document's DOCNO and place to the DOCNO buffer, spilling it first when it is full. */
static int add_docno(struct builder *b, const struct xlqa_doc *doc, uint32_t docid, struct xlqa_error *err)
{
	struct docno_head h;
	size_t docno_len = strlen(doc->docno), file_len = strlen(doc->file);
	int rc;

	if (docno_len > UINT32_MAX - 1 || file_len > UINT32_MAX - 1)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "%s: a DOCNO or file name over 4 GiB", doc->file);
	if (b->n_docno_at && b->docno_recs.len + b->n_docno_at * sizeof *b->docno_at > b->docno_budget &&
	    (rc = spill_docnos(b, err)))
		return rc;
	memset(&h, 0, sizeof h);
	h.doc = docid;
	h.docno_len = (uint32_t)docno_len;
	h.file_len = (uint32_t)file_len;
	h.offset = doc->offset;
	if (XLQA_ARRAY_RESERVE(b->docno_at, b->alloc_docno_at, b->n_docno_at + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	b->docno_at[b->n_docno_at] = b->docno_recs.len;
	if (xlqa_buf_add(&b->docno_recs, &h, sizeof h) || xlqa_buf_add(&b->docno_recs, doc->docno, docno_len + 1) ||
	    xlqa_buf_add(&b->docno_recs, doc->file, file_len + 1))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	b->n_docno_at++;
	return XLQA_OK;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Appends one document's postings for `term` to its buffer. */
static int add_postings(struct builder *b, uint32_t term, uint32_t doc, const uint64_t *pairs, size_t tf,
                        struct xlqa_error *err)
{
	struct term_acc *a = &b->acc[term];
	size_t need = 10 + 5 + tf * 5;
	unsigned char *p;
	uint32_t prev = 0;

	if (a->len + need > a->cap) {
		size_t cap = a->cap ? a->cap : 16;

		while (cap < a->len + need)
			cap *= 2;
		if (cap > UINT32_MAX)
			return xlqa_error_set(err, XLQA_EOVERFLOW, "postings of term '%s' exceed 4 GiB in one run",
			                      xlqa_termer_term(b->termer, term));
		if (!(p = realloc(a->buf, cap)))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		b->held += cap - a->cap;
		a->buf = p;
		a->cap = (uint32_t)cap;
	}
	p = idx_put_varint(a->buf + a->len, a->run_df ? doc - a->last_doc : doc);
	p = idx_put_varint(p, tf);
	for (size_t i = 0; i < tf; i++) {
		uint32_t pos = (uint32_t)pairs[i];

		p = idx_put_varint(p, pos - prev);
		prev = pos;
	}
	a->len = (uint32_t)(p - a->buf);
	a->run_df++;
	a->last_doc = doc;
	a->df++;
	a->cf += tf;
	return XLQA_OK;
}

/* Term ids sorted by term: the order of runs and of the vocabulary. (qsort has no context argument;
 * builds are not run concurrently within one process.) */
static const struct xlqa_termer *sort_termer;

static int cmp_term(const void *a, const void *b)
{
	return strcmp(xlqa_termer_term(sort_termer, *(const uint32_t *)a),
	              xlqa_termer_term(sort_termer, *(const uint32_t *)b));
}

static int sorted_terms(struct builder *b, bool only_held, uint32_t **out, size_t *n, struct xlqa_error *err)
{
	size_t count = xlqa_termer_term_count(b->termer);
	uint32_t *ids = malloc((count ? count : 1) * sizeof *ids);

	*n = 0;
	if (!ids)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; i < count && i < b->n_acc; i++)
		if (!only_held || b->acc[i].run_df)
			ids[(*n)++] = (uint32_t)i;
	sort_termer = b->termer;
	qsort(ids, *n, sizeof *ids, cmp_term);
	*out = ids;
	return XLQA_OK;
}

/* A run record: term id, documents, last document, byte length, then the bytes. */
struct run_record {
	uint32_t term, df, last_doc, len;
};

static int spill_run(struct builder *b, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT;
	uint32_t *ids;
	size_t n;
	FILE *fp;
	int rc = sorted_terms(b, true, &ids, &n, err);

	if (rc)
		return rc;
	if (xlqa_buf_addf(&path, "%s/run-%05zu", b->dir.tmp.buf, b->n_runs) ||
	    XLQA_ARRAY_RESERVE(b->runs, b->alloc_runs, b->n_runs + 1)) {
		free(ids);
		xlqa_buf_release(&path);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	if (!(fp = fopen(path.buf, "wb"))) {
		rc = xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", path.buf);
	} else {
		for (size_t i = 0; i < n && rc == XLQA_OK; i++) {
			struct term_acc *a = &b->acc[ids[i]];
			struct run_record r = { ids[i], a->run_df, a->last_doc, a->len };

			if (fwrite(&r, sizeof r, 1, fp) != 1 || fwrite(a->buf, 1, a->len, fp) != a->len)
				rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s'", path.buf);
			free(a->buf);
			a->buf = NULL;
			a->len = a->cap = 0;
			a->run_df = 0;
		}
		if (fclose(fp) != 0 && rc == XLQA_OK)
			rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s'", path.buf);
	}
	free(ids);
	if (rc) {
		xlqa_buf_release(&path);
		return rc;
	}
	b->runs[b->n_runs++] = xlqa_buf_detach(&path, NULL);
	b->held = 0;
	b->sum->runs++;
	return XLQA_OK;
}

/* One accumulator a term the termer knows; new ones start empty. */
static int grow_acc(struct builder *b)
{
	size_t need = xlqa_termer_term_count(b->termer), cap = b->n_acc;
	struct term_acc *p;

	if (need <= b->n_acc)
		return XLQA_OK;
	while (cap < need)
		cap = cap ? cap * 2 : 1024;
	if (!(p = realloc(b->acc, cap * sizeof *p)))
		return XLQA_ENOMEM;
	memset(p + b->n_acc, 0, (cap - b->n_acc) * sizeof *p);
	b->acc = p;
	b->n_acc = cap;
	return XLQA_OK;
}

/* Counts one word for the vocab section: a hash look-up of its written form, folded when new. */
static int count_word(struct builder *b, const char *word, size_t len, struct xlqa_error *err)
{
	const struct xlqa_hash_entry *e;
	void *v;
	size_t k;
	int rc;

	if (xlqa_hash_get(&b->forms, word, len, &v)) {
		b->vocab_count[(uintptr_t)v - 1]++;
		b->counted_after_new = true;
		return XLQA_OK;
	}
	xlqa_buf_reset(&b->fold);
	if ((rc = xlqa_text_normalize(word, len, XLQA_NORM_CASEFOLD, &b->fold, err)))
		return rc;
	if (xlqa_hash_get(&b->folded, b->fold.buf, b->fold.len, &v)) {
		k = (uintptr_t)v - 1;
		b->counted_after_new = true;
	} else {
		k = b->n_vocab;
		if (XLQA_ARRAY_RESERVE(b->vocab, b->alloc_vocab, k + 1) ||
		    XLQA_ARRAY_RESERVE(b->vocab_count, b->alloc_count, k + 1) ||
		    xlqa_hash_put(&b->folded, b->fold.buf, b->fold.len, (void *)(uintptr_t)(k + 1), NULL))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		e = xlqa_hash_find(&b->folded, b->fold.buf, b->fold.len);
		b->vocab[k] = e->key;
		b->vocab_count[k] = 0;
		b->n_vocab++;
		b->counted_after_new = false;
	}
	if (xlqa_hash_put(&b->forms, word, len, (void *)(uintptr_t)(k + 1), NULL))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	b->vocab_count[k]++;
	return XLQA_OK;
}

static int index_document(struct builder *b, const struct xlqa_doc *doc, struct xlqa_error *err)
{
	struct idx_doc d;
	uint32_t docid;
	uint32_t length = 0;
	int rc;

	if (b->n_docs >= UINT32_MAX - 1)
		return xlqa_error_set(err, XLQA_EOVERFLOW, "more than 2^32 - 2 documents");
	docid = (uint32_t)b->n_docs++;
	memset(&d, 0, sizeof d);
	if ((rc = add_docno(b, doc, docid, err)) || (rc = add_string(b, doc->docno, &d.docno, err)) ||
	    (rc = add_string(b, doc->date, &d.date, err)) || (rc = store_document(b, doc, &d, err)))
		return rc;

	if ((rc = xlqa_termer_run(b->termer, doc->text, doc->len, &b->words, err)))
		return xlqa_error_prefix(err, "%s: document '%s'", doc->file, doc->docno), rc;
	if (XLQA_ARRAY_RESERVE(b->pairs, b->alloc_pairs, b->words.n_terms) || grow_acc(b))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	b->n_pairs = 0;
	for (size_t i = 0; i < b->words.n_words; i++) {
		const struct xlqa_term_word *w = &b->words.words[i];

		length += w->n_terms > 0;
		/* `<= '9'` on a plain char, as the answerer always tested it: see the vocab section */
		if (w->n_terms && doc->text[w->start] > '9' &&
		    (rc = count_word(b, doc->text + w->start, w->end - w->start, err)))
			return xlqa_error_prefix(err, "%s: document '%s'", doc->file, doc->docno), rc;
		for (uint32_t j = 0; j < w->n_terms; j++)
			b->pairs[b->n_pairs++] = (uint64_t)b->words.terms[w->first_term + j] << 32 | w->position;
	}
	d.length = length;
	if (fwrite(&d, sizeof d, 1, b->docs) != 1)
		return xlqa_error_errno(err, XLQA_EIO, "writing '%s/%s'", b->dir.tmp.buf, TMP_DOCS);
	b->total_length += length;
	b->positions += b->n_pairs;
	qsort(b->pairs, b->n_pairs, sizeof *b->pairs, cmp_u64);
	for (size_t i = 0; i < b->n_pairs;) {
		uint32_t term = (uint32_t)(b->pairs[i] >> 32);
		size_t j = i;

		while (j < b->n_pairs && (uint32_t)(b->pairs[j] >> 32) == term)
			j++;
		if ((rc = add_postings(b, term, docid, b->pairs + i, j - i, err)))
			return rc;
		b->sum->postings++;
		i = j;
	}
	if (b->held > b->budget)
		return spill_run(b, err);
	return XLQA_OK;
}

/* ---- the final sections -------------------------------------------------------------------- */

/* Creates the temporary file `name` in the temporary directory, for writing and reading back. */
static int open_tmp(struct builder *b, const char *name, FILE **fp, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	if (xlqa_buf_addf(&path, "%s/%s", b->dir.tmp.buf, name))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!(*fp = fopen(path.buf, "w+b")))
		rc = xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", path.buf);
	xlqa_buf_release(&path);
	return rc;
}

/* Copies the temporary file `fp` (named `name` in the temporary directory) into the index file, and
 * removes it. */
static int copy_tmp(struct builder *b, FILE **fp, const char *name, struct xlqa_error *err)
{
	char chunk[65536];
	size_t n;
	int rc = XLQA_OK;

	if (fflush(*fp) != 0 || fseek(*fp, 0, SEEK_SET) != 0)
		rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s/%s'", b->dir.tmp.buf, name);
	while (rc == XLQA_OK && (n = fread(chunk, 1, sizeof chunk, *fp)) > 0)
		rc = write_bytes(b, chunk, n, err);
	if (rc == XLQA_OK && ferror(*fp))
		rc = xlqa_error_errno(err, XLQA_EIO, "reading '%s/%s'", b->dir.tmp.buf, name);
	fclose(*fp);
	*fp = NULL;
	if (rc == XLQA_OK) {
		struct xlqa_buf path = XLQA_BUF_INIT;

		if (xlqa_buf_addf(&path, "%s/%s", b->dir.tmp.buf, name) == XLQA_OK)
			remove(path.buf);
		xlqa_buf_release(&path);
	}
	return rc;
}

/* Where the DOCNO merge reads from: a DOCNO run (fp) or the sorted DOCNO buffer (fp NULL, at next). */
struct docno_cursor {
	FILE *fp;
	const char *path;
	size_t next;
	struct docno_head h;
	struct xlqa_buf rec; /* the current record */
	bool done;
};

static int docno_advance(const struct builder *b, struct docno_cursor *c, struct xlqa_error *err)
{
	size_t rest;

	xlqa_buf_reset(&c->rec);
	if (!c->fp && c->next == b->n_docno_at) {
		c->done = true;
		return XLQA_OK;
	}
	if (!c->fp) {
		const char *r = b->docno_recs.buf + b->docno_at[c->next++];

		memcpy(&c->h, r, sizeof c->h);
		return xlqa_buf_add(&c->rec, r, docno_rec_size(r)) ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory")
		                                                    : XLQA_OK;
	}
	if (fread(&c->h, sizeof c->h, 1, c->fp) != 1) {
		if (ferror(c->fp))
			return xlqa_error_errno(err, XLQA_EIO, "reading '%s'", c->path);
		c->done = true;
		return XLQA_OK;
	}
	rest = (size_t)c->h.docno_len + 1 + c->h.file_len + 1;
	if (xlqa_buf_add(&c->rec, &c->h, sizeof c->h) || xlqa_buf_grow(&c->rec, rest))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (fread(c->rec.buf + c->rec.len, 1, rest, c->fp) != rest)
		return xlqa_error_set(err, XLQA_EIO, "'%s' is truncated", c->path);
	c->rec.len += rest; /* room made by xlqa_buf_grow, which leaves a byte for the NUL */
	c->rec.buf[c->rec.len] = '\0';
	return XLQA_OK;
}

/* A duplicate DOCNO: the record `dup` has the DOCNO of the earlier document `first`. */
static void report_duplicate(struct builder *b, const char *first, const char *dup)
{
	struct docno_head hf, hd;
	struct xlqa_buf msg = XLQA_BUF_INIT;
	const char *docno = dup + sizeof hd;

	memcpy(&hf, first, sizeof hf);
	memcpy(&hd, dup, sizeof hd);
	xlqa_buf_addf(&msg, "duplicate DOCNO '%s': first at %s byte %lld", docno, first + sizeof hf + hf.docno_len + 1,
	              (long long)hf.offset);
	b->sum->duplicates++;
	b->sum->skipped[XLQA_SKIP_DUPLICATE]++;
	if (b->opt->on_skip)
		b->opt->on_skip(b->opt->ctx, docno + hd.docno_len + 1, hd.offset, XLQA_SKIP_DUPLICATE, msg.buf);
	xlqa_buf_release(&msg);
}

/*
 * Writes the DOCNO order section: the documents in DOCNO order, merged from the DOCNO runs and the
 * buffer. A DOCNO met again is reported as a duplicate of its first document (the lowest number) and
 * counted in the summary, which makes the build fail.
 */
static int write_docno_order(struct builder *b, struct xlqa_error *err)
{
	size_t n = b->n_docno_runs + 1;
	struct docno_cursor *cur = calloc(n, sizeof *cur);
	struct xlqa_buf first = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	if (!cur)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	sort_docnos(b);
	for (size_t k = 0; k < n; k++)
		xlqa_buf_init(&cur[k].rec);
	for (size_t k = 0; k < n && rc == XLQA_OK; k++) {
		if (k < b->n_docno_runs) {
			cur[k].path = b->docno_runs[k];
			if (!(cur[k].fp = fopen(cur[k].path, "rb"))) {
				rc = xlqa_error_errno(err, XLQA_EIO, "cannot open '%s'", cur[k].path);
				break;
			}
		}
		rc = docno_advance(b, &cur[k], err);
	}
	while (rc == XLQA_OK) {
		struct docno_cursor *min = NULL;

		for (size_t k = 0; k < n; k++)
			if (!cur[k].done && (!min || cmp_docno_rec(cur[k].rec.buf, min->rec.buf) < 0))
				min = &cur[k];
		if (!min)
			break;
		if (first.len && strcmp(first.buf + sizeof min->h, min->rec.buf + sizeof min->h) == 0) {
			report_duplicate(b, first.buf, min->rec.buf);
		} else {
			xlqa_buf_reset(&first);
			if (xlqa_buf_add(&first, min->rec.buf, min->rec.len))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			else
				rc = write_bytes(b, &min->h.doc, sizeof min->h.doc, err);
		}
		if (rc == XLQA_OK)
			rc = docno_advance(b, min, err);
	}
	for (size_t k = 0; k < n; k++) {
		if (cur[k].fp) {
			fclose(cur[k].fp);
			remove(cur[k].path);
		}
		xlqa_buf_release(&cur[k].rec);
	}
	free(cur);
	xlqa_buf_release(&first);
	return rc;
}

static int write_docs(struct builder *b, struct idx_header *h, struct xlqa_error *err)
{
	uint64_t start = b->out_pos;
	int rc;

	if ((rc = copy_tmp(b, &b->docs, TMP_DOCS, err)) || (rc = end_section(b, h, SEC_DOCS, start, err)))
		return rc;
	start = b->out_pos;
	if ((rc = copy_tmp(b, &b->docstr, TMP_DOCSTR, err)) || (rc = end_section(b, h, SEC_DOCSTR, start, err)))
		return rc;
	start = b->out_pos;
	if ((rc = write_docno_order(b, err)))
		return rc;
	return end_section(b, h, SEC_DOCNO_ORDER, start, err);
}

/* A run being merged: its file and the record it is at. */
struct run_cursor {
	FILE *fp;
	struct run_record r;
	bool done;
};

static int run_advance(struct run_cursor *c, const char *path, struct xlqa_error *err)
{
	if (fread(&c->r, sizeof c->r, 1, c->fp) == 1)
		return XLQA_OK;
	if (ferror(c->fp))
		return xlqa_error_errno(err, XLQA_EIO, "reading '%s'", path);
	c->done = true;
	return XLQA_OK;
}

/* Feeds postings bytes to the scan; a value too large for the format is a corrupt run. */
static int skip_feed(struct skip_scan *sc, const unsigned char *p, size_t n, struct xlqa_error *err)
{
	for (size_t i = 0; i < n; i++) {
		sc->bytes++;
		if (sc->shift > 63)
			return xlqa_error_set(err, XLQA_ECORRUPT, "a sorted run holds an overlong varint");
		sc->value |= (uint64_t)(p[i] & 0x7f) << sc->shift;
		if (p[i] & 0x80) {
			sc->shift += 7;
			continue;
		}
		if (sc->field == 0) {
			sc->doc = sc->docs ? sc->doc + sc->value : sc->value;
			sc->field = 1;
		} else if (sc->field == 1) {
			sc->left = sc->value;
			sc->field = 2;
		} else {
			sc->left--;
		}
		sc->value = 0;
		sc->shift = 0;
		if (sc->field != 2 || sc->left)
			continue;
		sc->field = 0;
		if (++sc->docs % IDX_SKIP_BLOCK)
			continue;
		if (sc->doc > UINT32_MAX || sc->bytes > UINT32_MAX)
			return xlqa_error_set(err, XLQA_EOVERFLOW, "postings of one term exceed 4 GiB");
		if (XLQA_ARRAY_RESERVE(sc->skip, sc->alloc_skip, sc->n_skip + 1))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		sc->skip[sc->n_skip++] = (struct idx_skip){ (uint32_t)sc->doc, (uint32_t)sc->bytes };
	}
	return XLQA_OK;
}

/* Writes bytes of the current term's postings, following them for its skip table. */
static int write_postings(struct builder *b, const void *p, size_t n, struct xlqa_error *err)
{
	int rc = skip_feed(&b->scan, p, n, err);

	return rc ? rc : write_bytes(b, p, n, err);
}

/*
 * Writes one piece of a term's postings: the piece's first document is absolute, so after an earlier
 * piece it is rewritten as a gap from that piece's last document.
 */
static int write_piece(struct builder *b, const unsigned char *p, size_t len, bool first, uint32_t prev_last,
                       struct xlqa_error *err)
{
	unsigned char head[10];
	const unsigned char *rest;
	uint64_t doc;
	int rc;

	if (first)
		return write_postings(b, p, len, err);
	if (!(rest = idx_get_varint(p, p + len, &doc)) || doc <= prev_last)
		return xlqa_error_set(err, XLQA_ECORRUPT, "a sorted run's postings are out of order");
	if ((rc = write_postings(b, head, (size_t)(idx_put_varint(head, doc - prev_last) - head), err)))
		return rc;
	return write_postings(b, rest, (size_t)(p + len - rest), err);
}

static int write_terms(struct builder *b, struct idx_header *h, struct xlqa_error *err)
{
	struct run_cursor *cur = NULL;
	struct idx_term *terms = NULL;
	unsigned char *piece = NULL;
	size_t piece_cap = 0, n;
	uint32_t *ids;
	uint64_t start, name_off = 0;
	int rc;

	if (b->n_runs && (rc = spill_run(b, err)))
		return rc;
	if ((rc = sorted_terms(b, false, &ids, &n, err)))
		return rc;
	terms = calloc(n ? n : 1, sizeof *terms);
	cur = calloc(b->n_runs ? b->n_runs : 1, sizeof *cur);
	if (!terms || !cur) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto out;
	}
	for (size_t k = 0; k < b->n_runs && rc == XLQA_OK; k++) {
		if (!(cur[k].fp = fopen(b->runs[k], "rb")))
			rc = xlqa_error_errno(err, XLQA_EIO, "cannot open '%s'", b->runs[k]);
		else
			rc = run_advance(&cur[k], b->runs[k], err);
	}
	/* Postings, in vocabulary order. */
	start = b->out_pos;
	for (size_t i = 0; i < n && rc == XLQA_OK; i++) {
		struct term_acc *a = &b->acc[ids[i]];
		uint64_t off = b->out_pos - start;
		bool first = true;
		uint32_t last = 0;

		terms[i].postings = off;
		terms[i].df = a->df;
		terms[i].cf = a->cf;
		terms[i].name = (uint32_t)name_off;
		name_off += strlen(xlqa_termer_term(b->termer, ids[i])) + 1;
		if (name_off > UINT32_MAX) {
			rc = xlqa_error_set(err, XLQA_EOVERFLOW, "vocabulary over 4 GiB");
			break;
		}
		b->scan.value = b->scan.docs = b->scan.bytes = 0;
		b->scan.shift = 0;
		b->scan.field = 0;
		b->scan.n_skip = 0;
		if (!b->n_runs) {
			rc = write_postings(b, a->buf, a->len, err);
		}
		for (size_t k = 0; k < b->n_runs && rc == XLQA_OK; k++) {
			if (cur[k].done || cur[k].r.term != ids[i])
				continue;
			if (cur[k].r.len > piece_cap) {
				unsigned char *p = realloc(piece, cur[k].r.len);

				if (!p) {
					rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
					break;
				}
				piece = p;
				piece_cap = cur[k].r.len;
			}
			if (fread(piece, 1, cur[k].r.len, cur[k].fp) != cur[k].r.len) {
				rc = xlqa_error_set(err, XLQA_EIO, "'%s' is truncated", b->runs[k]);
				break;
			}
			if ((rc = write_piece(b, piece, cur[k].r.len, first, last, err)))
				break;
			first = false;
			last = cur[k].r.last_doc;
			rc = run_advance(&cur[k], b->runs[k], err);
		}
		terms[i].postings_len = b->out_pos - start - off;
		terms[i].skips = b->out_pos - start;
		terms[i].n_skips = (uint32_t)b->scan.n_skip;
		if (rc == XLQA_OK && (b->scan.docs != a->df || b->scan.field != 0 || b->scan.shift != 0))
			rc = xlqa_error_set(err, XLQA_ECORRUPT, "the postings of '%s' do not hold its %u documents",
			                    xlqa_termer_term(b->termer, ids[i]), a->df);
		if (rc == XLQA_OK && b->scan.n_skip) /* (crc32 of a NULL buffer is its initial value) */
			rc = write_bytes(b, b->scan.skip, b->scan.n_skip * sizeof *b->scan.skip, err);
	}
	if (rc || (rc = end_section(b, h, SEC_POSTINGS, start, err)))
		goto out;
	start = b->out_pos;
	for (size_t i = 0; i < n && rc == XLQA_OK; i++)
		rc = write_bytes(b, &terms[i], sizeof terms[i], err);
	if (rc || (rc = end_section(b, h, SEC_TERMS, start, err)))
		goto out;
	start = b->out_pos;
	for (size_t i = 0; i < n && rc == XLQA_OK; i++) {
		const char *t = xlqa_termer_term(b->termer, ids[i]);

		rc = write_bytes(b, t, strlen(t) + 1, err);
	}
	if (rc == XLQA_OK)
		rc = end_section(b, h, SEC_TERMSTR, start, err);
	b->sum->terms = n;
out:
	for (size_t k = 0; k < b->n_runs; k++) {
		if (cur && cur[k].fp)
			fclose(cur[k].fp);
		remove(b->runs[k]);
	}
	free(piece);
	free(cur);
	free(terms);
	free(ids);
	return rc;
}

static int write_meta(struct builder *b, struct idx_header *h, const char *language, const char *collections,
                      struct xlqa_error *err)
{
	struct idx_meta m;
	uint64_t start = b->out_pos;
	int rc;

	memset(&m, 0, sizeof m);
	m.documents = b->n_docs;
	m.terms = b->sum->terms;
	m.postings = b->sum->postings;
	m.positions = b->positions;
	m.total_length = b->total_length;
	snprintf(m.language, sizeof m.language, "%s", language);
	m.collections_len = (uint32_t)strlen(collections) + 1;
	if ((rc = write_bytes(b, &m, sizeof m, err)) || (rc = write_bytes(b, collections, m.collections_len, err)))
		return rc;
	return end_section(b, h, SEC_META, start, err);
}

/*
 * Writes the vocab section in the order an xlqa_hash iterates in when every counted word was put into
 * it, in text order: the folded words are put again in order of first occurrence, which fills the
 * table the same way (a put of a known key only ever triggers the growth the next new key would),
 * plus one put of a known key when words were counted after the last new one, whose growth the
 * table would have had.
 */
static int write_vocab(struct builder *b, struct idx_header *h, struct xlqa_error *err)
{
	struct xlqa_hash order;
	const struct xlqa_hash_entry *e;
	uint64_t start = b->out_pos, n = b->n_vocab;
	size_t pos = 0;
	int rc = XLQA_OK;

	xlqa_hash_init(&order);
	for (size_t i = 0; i < b->n_vocab && rc == XLQA_OK; i++)
		rc = xlqa_hash_put(&order, b->vocab[i], strlen(b->vocab[i]), (void *)(uintptr_t)(i + 1), NULL);
	if (rc == XLQA_OK && b->n_vocab && b->counted_after_new)
		rc = xlqa_hash_put(&order, b->vocab[0], strlen(b->vocab[0]), (void *)(uintptr_t)1, NULL);
	if (rc) {
		xlqa_hash_release(&order);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	rc = write_bytes(b, &n, sizeof n, err);
	while (rc == XLQA_OK && (e = xlqa_hash_next(&order, &pos)))
		rc = write_bytes(b, &b->vocab_count[(uintptr_t)e->value - 1], sizeof(uint64_t), err);
	pos = 0;
	while (rc == XLQA_OK && (e = xlqa_hash_next(&order, &pos)))
		rc = write_bytes(b, e->key, e->key_len + 1, err);
	xlqa_hash_release(&order);
	return rc ? rc : end_section(b, h, SEC_VOCAB, start, err);
}

static void release_builder(struct builder *b)
{
	for (size_t i = 0; i < b->n_acc; i++)
		free(b->acc[i].buf);
	free(b->acc);
	if (b->docs)
		fclose(b->docs);
	if (b->docstr)
		fclose(b->docstr);
	xlqa_buf_release(&b->docno_recs);
	free(b->docno_at);
	for (size_t k = 0; k < b->n_docno_runs; k++)
		free(b->docno_runs[k]);
	free(b->docno_runs);
	free(b->pairs);
	free(b->zbuf);
	for (size_t k = 0; k < b->n_runs; k++)
		free(b->runs[k]);
	free(b->runs);
	xlqa_dir_out_release(&b->dir);
	xlqa_term_list_release(&b->words);
	xlqa_termer_free(b->termer);
	xlqa_hash_release(&b->forms);
	xlqa_hash_release(&b->folded);
	free(b->vocab);
	free(b->vocab_count);
	xlqa_buf_release(&b->fold);
	free(b->scan.skip);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads one collection into the builder. */
static int read_collection(struct builder *b, const struct xlqa_corpus_config *cfg, uint64_t *bytes_before,
                           uint64_t total_bytes, struct xlqa_error *err)
{
	const struct xlqa_index_build_options *opt = b->opt;
	struct xlqa_corpus_reader *r;
	const struct xlqa_corpus_counts *c;
	struct xlqa_doc doc;
	bool end = false;
	int rc = xlqa_corpus_open(cfg, opt->data_root, opt->on_skip, opt->ctx, &r, err);

	if (rc)
		return rc;
	c = xlqa_corpus_get_counts(r);
	while (rc == XLQA_OK && (rc = xlqa_corpus_next(r, &doc, &end, err)) == XLQA_OK && !end) {
		rc = index_document(b, &doc, err);
		if (opt->on_progress && c->read % 1000 == 0)
			opt->on_progress(opt->ctx, b->n_docs, *bytes_before + c->bytes, total_bytes);
	}
	b->sum->documents += c->documents;
	b->sum->bytes_read += c->bytes;
	for (int i = 0; i < XLQA_SKIP_REASONS; i++)
		if (i != XLQA_SKIP_DUPLICATE)
			b->sum->skipped[i] += c->skipped[i];
	*bytes_before += c->bytes;
	xlqa_corpus_free(r);
	return rc;
}

int xlqa_index_build(struct xlqa_corpus_config *const *configs, size_t n, const char *dir,
                     const struct xlqa_index_build_options *opt, struct xlqa_index_build_summary *summary,
                     struct xlqa_error *err)
{
	struct builder b;
	struct idx_header h;
	struct xlqa_lang *lang = NULL;
	struct xlqa_lang_options lopt;
	struct xlqa_buf path = XLQA_BUF_INIT, names = XLQA_BUF_INIT;
	struct stat st;
	uint64_t bytes_before = 0, total_bytes = 0;
	double t0 = now();
	int rc;

	memset(summary, 0, sizeof *summary);
	if (n == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "no collection to index");
	for (size_t i = 1; i < n; i++)
		if (strcmp(configs[i]->language, configs[0]->language) != 0)
			return xlqa_error_set(err, XLQA_EINVAL, "'%s' is in '%s' but '%s' is in '%s': one language an index",
			                      configs[i]->name, configs[i]->language, configs[0]->name, configs[0]->language);
	if (stat(dir, &st) == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "'%s' already exists", dir);
	memset(&lopt, 0, sizeof lopt);
	lopt.lang_dir = opt->lang_dir;
	lopt.hunspell_dir = opt->hunspell_dir;
	if ((rc = xlqa_lang_open(configs[0]->language, &lopt, &lang, err)))
		return rc;

	memset(&b, 0, sizeof b);
	b.opt = opt;
	b.sum = summary;
	b.budget = opt->memory ? opt->memory : (size_t)256 << 20;
	b.docno_budget = b.budget / DOCNO_SHARE;
	b.budget -= b.docno_budget;
	xlqa_term_list_init(&b.words);
	xlqa_buf_init(&b.docno_recs);
	xlqa_hash_init(&b.forms);
	xlqa_hash_init(&b.folded);
	xlqa_buf_init(&b.fold);
	memset(&h, 0, sizeof h);
	if ((rc = xlqa_termer_new(lang, &b.termer, err)))
		goto out;
	rc = xlqa_dir_out_open(&b.dir, dir, err);
	summary->stale_removed = b.dir.stale_removed;
	if (rc)
		goto out;
	if (xlqa_buf_addf(&path, "%s/%s", b.dir.tmp.buf, IDX_FILE)) {
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		goto out;
	}
	if (!(b.out = fopen(path.buf, "wb"))) {
		rc = xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", path.buf);
		goto out;
	}
	/* The header is written last; until then the file starts with zeros and opens as nothing. */
	if ((rc = write_bytes(&b, &h, sizeof h, err)))
		goto out;
	b.crc = 0;
	if ((rc = open_tmp(&b, TMP_DOCS, &b.docs, err)) || (rc = open_tmp(&b, TMP_DOCSTR, &b.docstr, err)))
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct xlqa_corpus_reader *probe;

		if ((rc = xlqa_corpus_open(configs[i], opt->data_root, NULL, NULL, &probe, err)))
			goto out;
		total_bytes += xlqa_corpus_total_bytes(probe);
		xlqa_corpus_free(probe);
		if (xlqa_buf_addf(&names, "%s%s", i ? " " : "", configs[i]->name)) {
			rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			goto out;
		}
	}
	for (size_t i = 0; i < n && rc == XLQA_OK; i++)
		rc = read_collection(&b, configs[i], &bytes_before, total_bytes, err);
	if (rc)
		goto out;
	if (opt->on_progress)
		opt->on_progress(opt->ctx, b.n_docs, bytes_before, total_bytes);
	if (b.n_docs == 0) {
		rc = xlqa_error_set(err, XLQA_EEMPTY, "no document could be read: no index written");
		goto out;
	}
	/* duplicate DOCNOs meet when the DOCNO runs are merged, in write_docs */
	if ((rc = end_section(&b, &h, SEC_STORE, sizeof h, err)) || (rc = write_docs(&b, &h, err)))
		goto out;
	if (summary->duplicates) {
		rc = xlqa_error_set(err, XLQA_EPARSE, "%llu duplicate DOCNOs (listed above): no index written",
		                    (unsigned long long)summary->duplicates);
		goto out;
	}
	if ((rc = write_terms(&b, &h, err)) || (rc = write_meta(&b, &h, configs[0]->language, names.buf, err)) ||
	    (rc = write_vocab(&b, &h, err)))
		goto out;
	memcpy(h.magic, IDX_MAGIC, sizeof h.magic);
	h.version = IDX_VERSION;
	h.byte_order = IDX_BYTE_ORDER;
	h.file_size = b.out_pos;
	h.header_crc = (uint32_t)crc32(0, (const Bytef *)&h, (uInt)offsetof(struct idx_header, header_crc));
	if (fseek(b.out, 0, SEEK_SET) != 0 || fwrite(&h, sizeof h, 1, b.out) != 1 || fflush(b.out) != 0 ||
	    fsync(fileno(b.out)) != 0) {
		rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s'", path.buf);
		goto out;
	}
	if (fclose(b.out) != 0) {
		b.out = NULL;
		rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s'", path.buf);
		goto out;
	}
	b.out = NULL;
	if ((rc = xlqa_dir_out_commit(&b.dir, err)))
		goto out;
	summary->indexed = b.n_docs;
	summary->positions = b.positions;
	summary->index_bytes = h.file_size;
out:
	if (b.out)
		fclose(b.out);
	summary->seconds = now() - t0;
	release_builder(&b);
	xlqa_buf_release(&path);
	xlqa_buf_release(&names);
	xlqa_lang_free(lang);
	return rc;
}
