/*
 * lexicon: opening a lexicon file and looking keys up. The file is memory-mapped read-only and
 * checked once on open (magic, version, byte order, header CRC-32, section sizes against the file
 * size without overflow, the body's CRC-32,
 * every string offset inside the strings section and every run of translations inside its section);
 * after that, lookups are binary searches that trust the file.
 *
 * Invariant: an open lexicon's every offset has been checked, so lookups never read outside the map.
 */
#include "config.h"

#include "lexicon-internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct xlqa_lexicon {
	struct xlqa_mapped_file file;
	const unsigned char *map; /* file.data */
	size_t size;              /* file.size */
	const struct lex_header *h;
	const struct lex_key *keys;
	const struct lex_trans *trans;
	const struct lex_stem *stems;
	const char *strings;
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

/* True when `off` starts a NUL-terminated string inside the strings section. */
static bool string_ok(const struct xlqa_lexicon *lex, uint32_t off)
{
	return off < lex->h->strings_size && memchr(lex->strings + off, '\0', lex->h->strings_size - off);
}

static int check(struct xlqa_lexicon *lex, const char *path, struct xlqa_error *err)
{
	const struct lex_header *h = (const void *)lex->map;
	struct lex_layout l;
	uLong crc;

	if (lex->size < sizeof *h || memcmp(h->magic, LEX_MAGIC, sizeof LEX_MAGIC) != 0)
		return xlqa_error_set(err, XLQA_ECORRUPT, "%s: not an xlqa lexicon", path);
	if (h->byte_order != LEX_BYTE_ORDER)
		return xlqa_error_set(err, XLQA_EUNSUPPORTED, "%s: written with another byte order", path);
	if (h->version != LEX_VERSION)
		return xlqa_error_set(err, XLQA_EUNSUPPORTED, "%s: lexicon format version %u, this build reads %u", path,
				      h->version, LEX_VERSION);
	if (h->header_crc != (uint32_t)crc32(0L, (const Bytef *)h, (uInt)offsetof(struct lex_header, header_crc)))
		return xlqa_error_set(err, XLQA_ECORRUPT, "%s: header checksum mismatch (file damaged)", path);
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
	crc = crc32(crc32(0L, Z_NULL, 0), lex->map + sizeof *h, (uInt)(lex->size - sizeof *h));
	if ((uint32_t)crc != h->crc)
		return xlqa_error_set(err, XLQA_ECORRUPT, "%s: checksum mismatch (file damaged)", path);
	lex->h = h;
	lex->keys = (const void *)(lex->map + l.keys);
	lex->trans = (const void *)(lex->map + l.trans);
	lex->stems = (const void *)(lex->map + l.stems);
	lex->strings = (const char *)lex->map + l.strings;
	if (h->strings_size && lex->strings[h->strings_size - 1] != '\0')
		return xlqa_error_set(err, XLQA_ECORRUPT, "%s: unterminated strings section", path);
	for (uint32_t i = 0; i < h->n_keys; i++) {
		const struct lex_key *k = &lex->keys[i];
		if (!string_ok(lex, k->str) || k->n == 0 || k->first > h->n_trans || k->n > h->n_trans - k->first)
			return xlqa_error_set(err, XLQA_ECORRUPT, "%s: key %u out of bounds", path, i);
	}
	for (uint32_t i = 0; i < h->n_trans; i++)
		if (!string_ok(lex, lex->trans[i].str))
			return xlqa_error_set(err, XLQA_ECORRUPT, "%s: translation %u out of bounds", path, i);
	for (uint32_t i = 0; i < h->n_stems; i++)
		if (!string_ok(lex, lex->stems[i].str) || lex->stems[i].key >= h->n_keys)
			return xlqa_error_set(err, XLQA_ECORRUPT, "%s: stem %u out of bounds", path, i);
	return XLQA_OK;
}

int xlqa_lexicon_open(const char *path, struct xlqa_lexicon **out, struct xlqa_error *err)
{
	struct xlqa_lexicon *lex;
	int rc;

	*out = NULL;
	if (!(lex = calloc(1, sizeof *lex)))
		return xlqa_error_status(err, XLQA_ENOMEM, "opening the lexicon");
	if ((rc = xlqa_file_map(path, &lex->file, err))) {
		free(lex);
		return rc;
	}
	lex->map = lex->file.data;
	lex->size = lex->file.size;
	if (lex->size < sizeof(struct lex_header)) {
		rc = xlqa_error_set(err, XLQA_ECORRUPT, "%s: not an xlqa lexicon (%zu bytes)", path, lex->size);
		xlqa_file_unmap(&lex->file);
		free(lex);
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

void xlqa_lexicon_free(struct xlqa_lexicon *lex)
{
	if (!lex)
		return;
	xlqa_file_unmap(&lex->file);
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
		int c = key_cmp(lex->strings + lex->keys[mid].str, norm, len);
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
	return key < lex->h->n_keys ? lex->keys[key].n : 0;
}

void xlqa_lexicon_trans_at(const struct xlqa_lexicon *lex, size_t key, size_t i, struct xlqa_lexicon_trans *out)
{
	const struct lex_trans *t = &lex->trans[lex->keys[key].first + i];

	out->text = lex->strings + t->str;
	out->weight = t->weight / 65535.0;
	out->origin = t->origin;
	out->pos = (enum xlqa_lexicon_pos)t->pos;
}

const char *xlqa_lexicon_key(const struct xlqa_lexicon *lex, size_t key)
{
	return lex->strings + lex->keys[key].str;
}

size_t xlqa_lexicon_find_stem(const struct xlqa_lexicon *lex, const char *stem, size_t len, size_t *first)
{
	size_t lo = 0, hi = lex->h->n_stems, end;

	if (memchr(stem, '\0', len))
		return 0;
	while (lo < hi) { /* the first row not below `stem` */
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(lex->strings + lex->stems[mid].str, stem, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < lex->h->n_stems && key_cmp(lex->strings + lex->stems[end].str, stem, len) == 0; end++)
		;
	*first = lo;
	return end - lo;
}

size_t xlqa_lexicon_stem_key(const struct xlqa_lexicon *lex, size_t row)
{
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
