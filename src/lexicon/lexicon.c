/*
 * lexicon: opening a lexicon file and looking keys up. The file is memory-mapped read-only. Opening
 * checks what costs no more than the header (magic, version, byte order, header CRC-32, section
 * sizes against the file size without overflow, the strings section NUL-terminated), so that a run
 * that looks up a few hundred words does not read a lexicon of tens of megabytes; every offset a
 * lookup reads is checked when it is read, and xlqa_lexicon_verify checks the whole file (the body's
 * CRC-32 and every entry).
 *
 * Invariant: no lookup reads outside the map. An entry found out of bounds on use is read as absent
 * (an empty string, no translations) and recorded as the lexicon's damage, which
 * xlqa_lexicon_damage reports; the first one is kept.
 */
#include "config.h"

#include "lexicon-internal.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The first damage lookups found: where in the file and what was expected there. */
struct lex_damage {
	bool found;
	uint64_t offset;
	char what[160];
};

struct xlqa_lexicon {
	struct xlqa_mapped_file file;
	const unsigned char *map; /* file.data */
	size_t size;              /* file.size */
	const struct lex_header *h;
	struct lex_layout l;
	const struct lex_key *keys;
	const struct lex_trans *trans;
	const struct lex_stem *stems;
	const char *strings;
	char *path;                /* owned, for messages */
	struct lex_damage *damage; /* owned; written by lookups on a const lexicon */
};

static uint64_t align8(uint64_t x)
{
	return (x + 7) & ~(uint64_t)7;
}

void lex_layout_compute(const struct lex_header *h, struct lex_layout *l)
{
	l->keys = sizeof *h;
	l->trans = align8(l->keys + (uint64_t)h->n_keys * sizeof(struct lex_key));
	l->stems = align8(l->trans + (uint64_t)h->n_trans * sizeof(struct lex_trans));
	l->strings = align8(l->stems + (uint64_t)h->n_stems * sizeof(struct lex_stem));
	l->end = align8(l->strings + h->strings_size);
}

/* Records the first damage found on use (file offset `at`); later ones are dropped. */
static void XLQA_PRINTF(3, 4) note_damage(const struct xlqa_lexicon *lex, uint64_t at, const char *fmt, ...)
{
	va_list ap;

	if (lex->damage->found)
		return;
	lex->damage->found = true;
	lex->damage->offset = at;
	va_start(ap, fmt);
	vsnprintf(lex->damage->what, sizeof lex->damage->what, fmt, ap);
	va_end(ap);
}

static uint64_t key_at(const struct xlqa_lexicon *lex, size_t k)
{
	return lex->l.keys + (uint64_t)k * sizeof(struct lex_key);
}

static uint64_t trans_at(const struct xlqa_lexicon *lex, size_t t)
{
	return lex->l.trans + (uint64_t)t * sizeof(struct lex_trans);
}

static uint64_t stem_at(const struct xlqa_lexicon *lex, size_t r)
{
	return lex->l.stems + (uint64_t)r * sizeof(struct lex_stem);
}

/*
 * The string at `off` in the strings section; "" (and damage noted at file offset `at`, the entry
 * holding `off`) when it lies outside. The section ends in a NUL byte (checked on open), so any
 * offset inside it starts a terminated string.
 */
static const char *string_at(const struct xlqa_lexicon *lex, uint32_t off, uint64_t at, const char *entry)
{
	if (off < lex->h->strings_size)
		return lex->strings + off;
	note_damage(lex, at, "%s: string offset %u outside the strings section (%llu bytes)", entry, off,
		    (unsigned long long)lex->h->strings_size);
	return "";
}

/* Whether key k's run of translations is one or more rows inside the translation table. */
static bool key_run_inside(const struct xlqa_lexicon *lex, size_t k)
{
	const struct lex_key *key = &lex->keys[k];

	return key->n != 0 && key->first <= lex->h->n_trans && key->n <= lex->h->n_trans - key->first;
}

/* key_run_inside for a lookup: damage noted when not. */
static bool key_run_ok(const struct xlqa_lexicon *lex, size_t k)
{
	const struct lex_key *key = &lex->keys[k];

	if (key_run_inside(lex, k))
		return true;
	note_damage(lex, key_at(lex, k), "key %zu: translations %u..+%u, expected 1 or more inside the %u of the table",
		    k, key->first, key->n, lex->h->n_trans);
	return false;
}

/* Magic, version, byte order, header CRC, the layout against the file size, the strings' last NUL. */
static int check(struct xlqa_lexicon *lex, const char *path, struct xlqa_error *err)
{
	const struct lex_header *h = (const void *)lex->map;
	struct lex_layout l;

	if (lex->size < sizeof *h || memcmp(h->magic, LEX_MAGIC, sizeof LEX_MAGIC) != 0)
		return xlqa_error_in(err, XLQA_ECORRUPT, path, 0, -1, "byte offset 0: not an xlqa lexicon");
	if (h->byte_order != LEX_BYTE_ORDER)
		return xlqa_error_set(err, XLQA_EUNSUPPORTED, "%s: written with another byte order", path);
	if (h->version != LEX_VERSION)
		return xlqa_error_set(err, XLQA_EUNSUPPORTED, "%s: lexicon format version %u, this build reads %u", path,
				      h->version, LEX_VERSION);
	if (h->header_crc != (uint32_t)crc32(0L, (const Bytef *)h, (uInt)offsetof(struct lex_header, header_crc)))
		return xlqa_error_in(err, XLQA_ECORRUPT, path, 0, -1,
				     "byte offset 0: header checksum mismatch (file damaged)");
	/* each count and size on its own below the file size first, so the layout's sums cannot wrap */
	if (h->strings_size > lex->size || (uint64_t)h->n_keys * sizeof(struct lex_key) > lex->size ||
	    (uint64_t)h->n_trans * sizeof(struct lex_trans) > lex->size ||
	    (uint64_t)h->n_stems * sizeof(struct lex_stem) > lex->size)
		return xlqa_error_set(err, XLQA_ECORRUPT, "%s: size %zu bytes, too small for the header's counts", path,
				      lex->size);
	lex_layout_compute(h, &l);
	if (h->file_size != lex->size || l.end != lex->size)
		return xlqa_error_set(err, XLQA_ECORRUPT, "%s: size %zu bytes, the header says %llu", path, lex->size,
				      (unsigned long long)l.end);
	lex->h = h;
	lex->l = l;
	lex->keys = (const void *)(lex->map + l.keys);
	lex->trans = (const void *)(lex->map + l.trans);
	lex->stems = (const void *)(lex->map + l.stems);
	lex->strings = (const char *)lex->map + l.strings;
	if (h->strings_size && lex->strings[h->strings_size - 1] != '\0')
		return xlqa_error_in(err, XLQA_ECORRUPT, path, (int64_t)(l.strings + h->strings_size - 1), -1,
				     "byte offset %llu: the strings section does not end in a NUL byte",
				     (unsigned long long)(l.strings + h->strings_size - 1));
	return XLQA_OK;
}

int xlqa_lexicon_open(const char *path, struct xlqa_lexicon **out, struct xlqa_error *err)
{
	struct xlqa_lexicon *lex;
	int rc;

	*out = NULL;
	if (!(lex = calloc(1, sizeof *lex)) || !(lex->damage = calloc(1, sizeof *lex->damage)) ||
	    !(lex->path = strdup(path))) {
		if (lex)
			free(lex->damage);
		free(lex);
		return xlqa_error_status(err, XLQA_ENOMEM, "opening the lexicon");
	}
	if ((rc = xlqa_file_map(path, &lex->file, err))) {
		xlqa_lexicon_free(lex);
		return rc;
	}
	lex->map = lex->file.data;
	lex->size = lex->file.size;
	if (lex->size < sizeof(struct lex_header)) {
		rc = xlqa_error_set(err, XLQA_ECORRUPT, "%s: not an xlqa lexicon (%zu bytes)", path, lex->size);
		xlqa_lexicon_free(lex);
		return rc;
	}
	if ((rc = check(lex, path, err))) {
		lex->h = NULL;
		xlqa_lexicon_free(lex);
		return rc;
	}
	*out = lex;
	return XLQA_OK;
}

int xlqa_lexicon_verify(const struct xlqa_lexicon *lex, struct xlqa_error *err)
{
	const struct lex_header *h = lex->h;
	uint64_t body = lex->size - sizeof *h;
	uLong crc = crc32(0L, Z_NULL, 0);

	/* zlib takes a uInt length: the body in pieces */
	for (uint64_t done = 0; done < body;) {
		uInt n = body - done > (1u << 30) ? (1u << 30) : (uInt)(body - done);

		crc = crc32(crc, lex->map + sizeof *h + done, n);
		done += n;
	}
	if ((uint32_t)crc != h->crc)
		return xlqa_error_set(err, XLQA_ECORRUPT, "%s: checksum mismatch (file damaged)", lex->path);
	for (uint32_t i = 0; i < h->n_keys; i++) {
		if (lex->keys[i].str >= h->strings_size)
			return xlqa_error_in(err, XLQA_ECORRUPT, lex->path, (int64_t)key_at(lex, i), -1,
					     "byte offset %llu: key %u: string offset outside the strings section",
					     (unsigned long long)key_at(lex, i), i);
		if (!key_run_inside(lex, i))
			return xlqa_error_in(err, XLQA_ECORRUPT, lex->path, (int64_t)key_at(lex, i), -1,
					     "byte offset %llu: key %u: translations outside the table",
					     (unsigned long long)key_at(lex, i), i);
	}
	for (uint32_t i = 0; i < h->n_trans; i++)
		if (lex->trans[i].str >= h->strings_size)
			return xlqa_error_in(err, XLQA_ECORRUPT, lex->path, (int64_t)trans_at(lex, i), -1,
					     "byte offset %llu: translation %u: string offset outside the strings section",
					     (unsigned long long)trans_at(lex, i), i);
	for (uint32_t i = 0; i < h->n_stems; i++)
		if (lex->stems[i].str >= h->strings_size || lex->stems[i].key >= h->n_keys)
			return xlqa_error_in(err, XLQA_ECORRUPT, lex->path, (int64_t)stem_at(lex, i), -1,
					     "byte offset %llu: stem %u: string or key out of bounds",
					     (unsigned long long)stem_at(lex, i), i);
	return XLQA_OK;
}

int xlqa_lexicon_damage(const struct xlqa_lexicon *lex, struct xlqa_error *err)
{
	if (!lex || !lex->damage->found)
		return XLQA_OK;
	return xlqa_error_in(err, XLQA_ECORRUPT, lex->path, (int64_t)lex->damage->offset, -1,
			     "byte offset %llu: %s (file damaged; 'xlqa lexicon verify' checks the whole file)",
			     (unsigned long long)lex->damage->offset, lex->damage->what);
}

void xlqa_lexicon_free(struct xlqa_lexicon *lex)
{
	if (!lex)
		return;
	xlqa_file_unmap(&lex->file);
	free(lex->damage);
	free(lex->path);
	free(lex);
}

void xlqa_lexicon_get_info(const struct xlqa_lexicon *lex, struct xlqa_lexicon_info *info)
{
	memset(info, 0, sizeof *info);
	memcpy(info->source, lex->h->source, sizeof info->source);
	memcpy(info->target, lex->h->target, sizeof info->target);
	info->source[3] = info->target[3] = '\0';
	info->keys = lex->h->n_keys;
	info->translations = lex->h->n_trans;
	info->stems = lex->h->n_stems;
	info->max_words = lex->h->max_words;
	info->bytes = lex->h->file_size;
}

/* memcmp order of a NUL-terminated string against `len` bytes. */
static int key_cmp(const char *s, const char *key, size_t len)
{
	int c = strncmp(s, key, len);
	if (c)
		return c;
	return s[len] ? 1 : 0;
}

bool xlqa_lexicon_find(const struct xlqa_lexicon *lex, const char *norm, size_t len, size_t *key)
{
	size_t lo = 0, hi = lex->h->n_keys;

	if (memchr(norm, '\0', len))
		return false;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = key_cmp(string_at(lex, lex->keys[mid].str, key_at(lex, mid), "key"), norm, len);
		if (c == 0) {
			*key = mid;
			return true;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

size_t xlqa_lexicon_n_trans(const struct xlqa_lexicon *lex, size_t key)
{
	return key < lex->h->n_keys && key_run_ok(lex, key) ? lex->keys[key].n : 0;
}

void xlqa_lexicon_trans_at(const struct xlqa_lexicon *lex, size_t key, size_t i, struct xlqa_lexicon_trans *out)
{
	const struct lex_trans *t;
	size_t at;

	if (key >= lex->h->n_keys || !key_run_ok(lex, key) || i >= lex->keys[key].n) {
		memset(out, 0, sizeof *out);
		out->text = "";
		return;
	}
	at = lex->keys[key].first + i;
	t = &lex->trans[at];
	out->text = string_at(lex, t->str, trans_at(lex, at), "translation");
	out->weight = t->weight / 65535.0;
	out->origin = t->origin;
	out->pos = (enum xlqa_lexicon_pos)t->pos;
}

const char *xlqa_lexicon_key(const struct xlqa_lexicon *lex, size_t key)
{
	if (key >= lex->h->n_keys)
		return "";
	return string_at(lex, lex->keys[key].str, key_at(lex, key), "key");
}

size_t xlqa_lexicon_find_stem(const struct xlqa_lexicon *lex, const char *stem, size_t len, size_t *first)
{
	size_t lo = 0, hi = lex->h->n_stems, end;

	if (memchr(stem, '\0', len))
		return 0;
	while (lo < hi) { /* the first row not below `stem` */
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(string_at(lex, lex->stems[mid].str, stem_at(lex, mid), "stem"), stem, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < lex->h->n_stems &&
	     key_cmp(string_at(lex, lex->stems[end].str, stem_at(lex, end), "stem"), stem, len) == 0;
	     end++)
		;
	*first = lo;
	return end - lo;
}

size_t xlqa_lexicon_stem_key(const struct xlqa_lexicon *lex, size_t row)
{
	if (row >= lex->h->n_stems)
		return SIZE_MAX;
	if (lex->stems[row].key >= lex->h->n_keys)
		note_damage(lex, stem_at(lex, row), "stem %zu: key %u, expected below %u", row, lex->stems[row].key,
			    lex->h->n_keys);
	return lex->stems[row].key;
}

int xlqa_lexicon_default_dir(struct xlqa_buf *out, struct xlqa_error *err)
{
	const char *v;
	int rc;

	if ((v = getenv("XLQA_LEXICON_DIR")) && *v)
		rc = xlqa_buf_addstr(out, v);
	else if ((v = getenv("XDG_CACHE_HOME")) && *v)
		rc = xlqa_buf_addf(out, "%s/xlqa/lexicon", v);
	else if ((v = getenv("HOME")) && *v)
		rc = xlqa_buf_addf(out, "%s/.cache/xlqa/lexicon", v);
	else
		return xlqa_error_set(err, XLQA_ENOTFOUND,
				      "no lexicon folder: set XLQA_LEXICON_DIR, XDG_CACHE_HOME or HOME, or give one");
	return rc ? xlqa_error_status(err, rc, "finding the lexicon directory") : XLQA_OK;
}

int xlqa_lexicon_path(const char *dir, const char *source, const char *target, struct xlqa_buf *out)
{
	size_t start = out->len;
	int rc = xlqa_buf_addf(out, "%s/%s-%s.lex", dir, source, target);

	for (size_t i = start + strlen(dir); !rc && i < out->len; i++)
		if (out->buf[i] >= 'A' && out->buf[i] <= 'Z')
			out->buf[i] = (char)(out->buf[i] - 'A' + 'a');
	return rc;
}
