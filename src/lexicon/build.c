/*
 * build: compiling translation sources into one lexicon file per source-target pair.
 *
 * For a pair S-T the builder merges, weighting each translation by its source and path:
 *   direct   the S-T dictionary                                  weight 1.0
 *            (FreeDict's, and Apertium's where a listing of it exists: two dictionaries of one
 *            pair, whose agreement combines like any other)
 *   inverse  the T-S dictionary read backwards                    weight 0.8: a reverse entry says
 *            that the headword is one way to say the translation, a weaker claim than a forward
 *            entry makes (the translation may be one of several senses of the headword)
 *   pivot-en S -> English -> T through the S-EN and EN-T tables   weight 0.5 x w(S-EN) x w(EN-T)
 *   pivot-de S -> German -> T                                     weight 0.4 x w(S-DE) x w(DE-T)
 *            pivots compound two ambiguities (a pivot word's other senses leak in), so they weigh
 *            least; English first because its dictionaries are the largest and least ambiguous
 *            pivots in the literature (Gollins and Sanderson, SIGIR 2001, triangulated transitive
 *            translation); only the 5 best translations of each step are followed. A pivot word
 *            that is no key of P-T (dictionaries translate inflected forms: "erhielt" ->
 *            "received") is looked up by its stem among P-T's keys ("receive"), the
 *            path weighing 0.7 times more, the translator's factor for a stem match
 *   names    ICU locale names                                     weight 1.0: curated and exact
 *   tsv      a user's file                                        the file's weight
 *   names-hunspell  a proper name, translated by itself           weight 0.6
 *            Hunspell dictionaries list proper names as capitalised stems ("Geelong", "Harvard").
 *            A name listed, spelled alike, by the dictionaries of at least two languages (S and
 *            T, S and English, or any other two: German's and Spanish's list few foreign names)
 *            is taken to be written that way in every language. Only one dictionary is not
 *            enough: German capitalises its common nouns, and one language's name may be another's
 *            noun. These entries are a fallback: they go only to keys that nothing above
 *            translates, so "Art" (German "kind", an English first name) keeps its dictionary
 *            translations alone; they weigh less than a dictionary's because spelling agreement
 *            is weaker evidence than a translation, and the translator uses them for capitalised
 *            words only (see translate.c).
 * Within a dictionary entry the i-th translation (0-based) is worth 1 / (1 + 0.15 i) of the entry:
 * dictionaries list the commonest sense first. A translation reached by several paths combines by
 * noisy-or, 1 - prod(1 - w), so agreement between independent sources raises it, and so does a
 * translation some entry wrote without its spaces ("alprincipio") with its spaced form; each key
 * keeps its LEX_MAX_ALTS best translations.
 *
 * The S-T and T-S dictionaries of both kinds read into a "layer" table; layers and parsed
 * dictionaries are cached in the builder, so building all pairs reads each dictionary once. A
 * lexicon never depends on which pairs were built before it: ties between translations go by
 * the order the pair's dictionaries list them, then by text (cand_cmp), never by string ids,
 * which follow the order of first sight in the process.
 *
 * The memory budget (xlqa_lexicon_build_options.memory) covers what the builder keeps and what a
 * pair builds: the cached dictionaries and layers, the pair's own table, and the string pool (every
 * string any of them holds, with its id tables: pool_bytes). It is checked as a layer reads each
 * dictionary, after each layer, before the names and before writing; beyond it the least recently
 * used dictionaries and layers are dropped, with the strings only they held (trim_cache,
 * pool_compact), and read or composed again when a later pair needs them. What a pair cannot do
 * without is never dropped: the dictionaries of the layer being composed, the pair's layers until
 * its pivots are composed, its table. Under a budget a pair also takes its direct layer over as the
 * start of its own table rather than copying it (the layer leaves the cache), and at most the packs
 * (stemmers) of its source and its pivots are open. Outside the budget, a fixed cost that does not
 * grow with the number of pairs built: the process with ICU and its data, the open packs
 * (hunspell's dictionaries, of at most three languages), the writer's arrays for one lexicon, and
 * what a single pair needs at once when that is more than the budget (the largest pairs' alone
 * exceed 32 MiB: nl-de composing its en-de pivot layer). The hunspell names, which every pair adds,
 * are pool strings never dropped. Measured on the 56 FreeDict pairs (issue 39), the peak RSS of
 * --all stayed under the budget plus 160 MiB from 32M to 256M, and above the largest pair built
 * alone with the same budget (the largest of those measured) by less than the budget (26, 42, 39
 * and 121 MiB at 32M, 64M, 128M and 256M). Since the reader parts a phrase's joined translation
 * (2026-12-02), --all at 32M peaks at 195 MiB, 163 over the budget, 5 more than before through
 * where glibc places the heap alone: the single pairs' peaks stay the same, and with a fixed mmap
 * threshold (MALLOC_MMAP_THRESHOLD_=131072) both builds peak at 171 MiB. Free pages go back to the
 * system after a trim (glibc otherwise keeps resident the holes that the dropped data leaves:
 * --all at 32M peaked 48 MiB higher).
 *
 * Invariant: every string is interned once in the builder's pool and tables refer to it by id;
 * a key is the normalised form of what it translates (lex_normalize).
 */
#include "config.h"

#include "lexicon-internal.h"

#include <errno.h>
#include <hunspell/hunspell.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#define PIVOT_FANOUT 5

#ifndef XLQA_HUNSPELLDIR
#define XLQA_HUNSPELLDIR "/usr/share/hunspell"
#endif

/* ---- interned strings --------------------------------------------------------------------------- */

/*
 * The pool holds every string of every dictionary read (millions for all pairs without a memory
 * budget; under one, those of the pair being built and of what the cache keeps: see trim_cache),
 * so its table is compact: a slot is an id (4 bytes, where a general xlqa_hash entry takes 32),
 * looked up through the id's text and length. Ids are handed out in order of first sight.
 *
 * The strings lie in chunks, unaligned (an arena would round each string up to 16 bytes), in id
 * order: a string goes to the newest chunk, or to a new one when it does not fit. A compaction
 * (pool_compact) moves the strings it keeps down through the same chunks and frees those left empty.
 */
struct pool_chunk {
	struct pool_chunk *next;
	size_t size, used;
	char data[];
};
#define POOL_CHUNK (64u * 1024u)

struct pool {
	struct pool_chunk *chunks; /* the strings, NUL-terminated, newest chunk first */
	size_t chunk_bytes;        /* bytes allocated for the chunks */
	const char **strs;      /* id -> text */
	uint32_t *lens;         /* id -> length */
	uint32_t *slots;        /* open addressing, linear probing: id + 1, 0 empty; at most half full */
	size_t n_slots;         /* a power of two, or 0 */
	uint32_t *norm;         /* id -> normalised id + 1, 0 before it is computed */
	size_t n, alloc, alloc_lens, alloc_norm, n_norm; /* n_norm: slots of `norm` initialised */
	struct xlqa_buf scratch;
};

/* What the pool takes per id besides its text: strs, lens, norm, and two slots (at most half full). */
#define POOL_ID_BYTES (sizeof(char *) + 2 * sizeof(uint32_t) + 2 * sizeof(uint32_t))

/* Bytes the pool has allocated: the budget's measure of it (trim_cache). */
static size_t pool_bytes(const struct pool *p)
{
	return p->chunk_bytes + p->alloc * sizeof *p->strs + p->alloc_lens * sizeof *p->lens +
	       p->n_slots * sizeof *p->slots + p->alloc_norm * sizeof *p->norm + p->scratch.alloc;
}

/* A NUL-terminated copy of `len` bytes of `s` in the newest chunk (a new one when it is full). */
static char *pool_strdup(struct pool *p, const char *s, size_t len)
{
	struct pool_chunk *c = p->chunks;
	char *copy;

	if (!c || c->size - c->used < len + 1) {
		size_t size = len + 1 > POOL_CHUNK ? len + 1 : POOL_CHUNK;

		if (!(c = malloc(sizeof *c + size)))
			return NULL;
		c->next = p->chunks;
		c->size = size;
		c->used = 0;
		p->chunks = c;
		p->chunk_bytes += sizeof *c + size;
	}
	copy = c->data + c->used;
	memcpy(copy, s, len);
	copy[len] = '\0';
	c->used += len + 1;
	return copy;
}

static void pool_free_chunks(struct pool *p)
{
	while (p->chunks) {
		struct pool_chunk *next = p->chunks->next;
		free(p->chunks);
		p->chunks = next;
	}
	p->chunk_bytes = 0;
}

/* The slot of `s` (len bytes, hash h): the one holding its id, or the empty one it would take. */
static size_t pool_slot(const struct pool *p, const char *s, size_t len, uint64_t h)
{
	size_t mask = p->n_slots - 1, i = (size_t)h & mask;

	while (p->slots[i]) {
		uint32_t id = p->slots[i] - 1;

		if (p->lens[id] == len && memcmp(p->strs[id], s, len) == 0)
			break;
		i = (i + 1) & mask;
	}
	return i;
}

/* Doubles the table (or makes the first one), placing every id again. */
static int pool_grow(struct pool *p)
{
	size_t n_slots = p->n_slots ? p->n_slots * 2 : 1024;
	uint32_t *old = p->slots;

	if (n_slots > SIZE_MAX / sizeof *old || !(p->slots = calloc(n_slots, sizeof *old))) {
		p->slots = old;
		return XLQA_ENOMEM;
	}
	p->n_slots = n_slots;
	for (size_t id = 0; id < p->n; id++) {
		const char *s = p->strs[id];

		p->slots[pool_slot(p, s, p->lens[id], xlqa_hash_bytes(s, p->lens[id]))] = (uint32_t)id + 1;
	}
	free(old);
	return XLQA_OK;
}

static int pool_id(struct pool *p, const char *s, size_t len, uint32_t *id)
{
	size_t slot;
	char *copy;

	if ((p->n + 1) * 2 > p->n_slots && pool_grow(p))
		return XLQA_ENOMEM;
	slot = pool_slot(p, s, len, xlqa_hash_bytes(s, len));
	if (p->slots[slot]) {
		*id = p->slots[slot] - 1;
		return XLQA_OK;
	}
	if (p->n >= UINT32_MAX - 1 || len > UINT32_MAX)
		return XLQA_EOVERFLOW;
	if (XLQA_ARRAY_RESERVE(p->strs, p->alloc, p->n + 1) || XLQA_ARRAY_RESERVE(p->lens, p->alloc_lens, p->n + 1) ||
	    !(copy = pool_strdup(p, s, len)))
		return XLQA_ENOMEM;
	p->strs[p->n] = copy;
	p->lens[p->n] = (uint32_t)len;
	p->slots[slot] = (uint32_t)p->n + 1;
	*id = (uint32_t)p->n++;
	return XLQA_OK;
}

/* Makes p->norm cover every id, new slots zeroed ("not computed"). */
static int pool_norm_cover(struct pool *p)
{
	size_t had = p->n_norm;

	if (p->n <= had)
		return XLQA_OK;
	if (XLQA_ARRAY_RESERVE(p->norm, p->alloc_norm, p->n))
		return XLQA_ENOMEM;
	memset(p->norm + had, 0, (p->alloc_norm - had) * sizeof *p->norm);
	p->n_norm = p->alloc_norm;
	return XLQA_OK;
}

/* The id of the normalised form of string `id`, computed once. */
static int pool_norm(struct pool *p, uint32_t id, uint32_t *out, struct xlqa_error *err)
{
	int rc;

	if (pool_norm_cover(p))
		return xlqa_error_status(err, XLQA_ENOMEM, "normalising a dictionary word");
	if (p->norm[id]) {
		*out = p->norm[id] - 1;
		return XLQA_OK;
	}
	xlqa_buf_reset(&p->scratch);
	if ((rc = lex_normalize(p->strs[id], strlen(p->strs[id]), &p->scratch, err)))
		return rc;
	if ((rc = pool_id(p, p->scratch.buf, p->scratch.len, out)))
		return xlqa_error_status(err, rc, "normalising a dictionary word");
	if (pool_norm_cover(p))
		return xlqa_error_status(err, XLQA_ENOMEM, "normalising a dictionary word");
	p->norm[id] = *out + 1;
	return XLQA_OK;
}

static const struct xlqa_lexicon_builder *sort_builder; /* qsort has no context argument */

/* ---- a uint32 -> uint32 map (open addressing), for table rows by key id ------------------------- */

struct u32map {
	uint32_t *keys; /* key + 1; 0 is empty */
	uint32_t *vals;
	size_t cap, n;
};

static uint32_t *u32map_slot(const struct u32map *m, uint32_t key)
{
	size_t mask = m->cap - 1, i = (size_t)((key + 1u) * 2654435761u) & mask;

	while (m->keys[i] && m->keys[i] != key + 1)
		i = (i + 1) & mask;
	return &m->keys[i];
}

static bool u32map_get(const struct u32map *m, uint32_t key, uint32_t *val)
{
	uint32_t *k;

	if (!m->cap)
		return false;
	k = u32map_slot(m, key);
	if (!*k)
		return false;
	*val = m->vals[k - m->keys];
	return true;
}

static int u32map_put(struct u32map *m, uint32_t key, uint32_t val)
{
	uint32_t *k;

	if ((m->n + 1) * 2 > m->cap) {
		struct u32map big = { NULL, NULL, m->cap ? m->cap * 2 : 1024, 0 };
		if (!(big.keys = calloc(big.cap, sizeof *big.keys)) || !(big.vals = malloc(big.cap * sizeof *big.vals))) {
			free(big.keys);
			return XLQA_ENOMEM;
		}
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i]) {
				uint32_t *s = u32map_slot(&big, m->keys[i] - 1);
				*s = m->keys[i];
				big.vals[s - big.keys] = m->vals[i];
			}
		big.n = m->n;
		free(m->keys);
		free(m->vals);
		*m = big;
	}
	k = u32map_slot(m, key);
	if (!*k)
		m->n++;
	*k = key + 1;
	m->vals[k - m->keys] = val;
	return XLQA_OK;
}

static void u32map_release(struct u32map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

/* ---- tables: key id -> weighted candidates ------------------------------------------------------ */

struct cand {
	uint32_t text; /* as written */
	uint32_t norm; /* its normalised form, for merging "Haus" with "haus" */
	float weight;
	uint8_t origin;
	uint8_t pos;
	uint16_t seq; /* its place in its row when it came (UINT16_MAX from there on): dictionary order */
};

struct row {
	uint32_t key;
	uint32_t n, alloc;
	struct cand *c;
};

struct table {
	struct u32map index; /* key id -> row */
	struct row *rows;
	size_t n_rows, alloc_rows;
	size_t long_keys; /* keys skipped for having more than LEX_MAX_KEY_WORDS words */
};

static void table_release(struct table *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		free(t->rows[i].c);
	free(t->rows);
	u32map_release(&t->index);
	memset(t, 0, sizeof *t);
}

static const struct row *table_row(const struct table *t, uint32_t key)
{
	uint32_t r;
	return u32map_get(&t->index, key, &r) ? &t->rows[r] : NULL;
}

/*
 * Makes room for one more candidate in `row`. Most keys have one or two translations, so a row
 * starts with room for one and doubles: the general array growth (16 to start) would give every
 * row 256 bytes, most of a large pair's table.
 */
static int row_grow(struct row *row)
{
	uint32_t alloc = row->alloc ? row->alloc * 2 : 1;
	struct cand *c;

	if (alloc <= row->alloc || !(c = realloc(row->c, (size_t)alloc * sizeof *c)))
		return XLQA_ENOMEM;
	row->c = c;
	row->alloc = alloc;
	return XLQA_OK;
}

/* Adds a candidate, merging it by noisy-or with one of the same normalised text. */
static int table_add(struct table *t, uint32_t key, uint32_t text, uint32_t norm, double w, unsigned origin,
		     unsigned pos)
{
	uint32_t r;
	struct row *row;

	if (!u32map_get(&t->index, key, &r)) {
		if (XLQA_ARRAY_RESERVE(t->rows, t->alloc_rows, t->n_rows + 1))
			return XLQA_ENOMEM;
		r = (uint32_t)t->n_rows++;
		memset(&t->rows[r], 0, sizeof t->rows[r]);
		t->rows[r].key = key;
		if (u32map_put(&t->index, key, r))
			return XLQA_ENOMEM;
	}
	row = &t->rows[r];
	if (w > 1)
		w = 1;
	for (uint32_t i = 0; i < row->n; i++)
		if (row->c[i].norm == norm) {
			row->c[i].weight = (float)(1 - (1 - row->c[i].weight) * (1 - w));
			row->c[i].origin |= (uint8_t)origin;
			if (!row->c[i].pos)
				row->c[i].pos = (uint8_t)pos;
			return XLQA_OK;
		}
	if (row->n == row->alloc && row_grow(row))
		return XLQA_ENOMEM;
	row->c[row->n] = (struct cand){ text, norm, (float)w, (uint8_t)origin, (uint8_t)pos,
		                        (uint16_t)(row->n < UINT16_MAX ? row->n : UINT16_MAX) };
	row->n++;
	return XLQA_OK;
}

static size_t table_bytes(const struct table *t)
{
	size_t n = t->alloc_rows * sizeof *t->rows + t->index.cap * 2 * sizeof *t->index.keys;

	for (size_t i = 0; i < t->n_rows; i++)
		n += t->rows[i].alloc * sizeof *t->rows[i].c;
	return n;
}

/* ---- dictionaries ------------------------------------------------------------------------------- */

struct dentry {
	uint32_t head;
	uint32_t first; /* into dict.trans */
	uint16_t n;
	uint8_t pos;
};

/* Where a pair's dictionaries come from; each kind gives a pair at most one. */
enum dict_kind { DICT_FREEDICT, DICT_APERTIUM, DICT_KINDS };

struct dict {
	char name[40];  /* "freedict-deu-eng", "apertium-eng-spa" */
	enum dict_kind kind;
	char from[4], to[4]; /* ISO 639-1 */
	bool read, absent;
	enum xlqa_dict_style style;
	struct xlqa_dict_stats stats;
	struct dentry *entries;
	size_t n_entries, alloc_entries;
	uint32_t *trans;
	size_t n_trans, alloc_trans;
	bool loaded;   /* entries and trans are in memory (else dropped from the cache, or never read) */
	uint64_t used; /* the builder's clock when last handed out */
};

/* A stem of a layer's one-word key: for finding keys by stem (pool ids). */
struct stem_ref {
	uint32_t stem;
	uint32_t row;
};

struct layer {
	char from[4], to[4];
	struct table t;
	struct stem_ref *stems; /* sorted by stem, then row; built on first use */
	size_t n_stems;
	bool stemmed;
	bool loaded;   /* t (and stems) are in memory */
	uint64_t used; /* the builder's clock when last handed out */
};

/* The names of the hunspell dictionaries that at least two languages' dictionaries list. */
struct dic_names {
	bool loaded;
	uint32_t *ids; /* pool ids, sorted by string */
	size_t n;
	char missing[128]; /* .dic files not found, space separated */
};

struct xlqa_lexicon_builder {
	struct xlqa_lexicon_build_options opt;
	struct xlqa_lexicon_weights w;
	char *dict_dir;
	char *apertium_dir; /* NULL: no Apertium listings */
	char *hunspell_dir;
	struct dic_names names;
	struct pool pool;
	struct dict *dicts;
	size_t n_dicts, alloc_dicts;
	struct layer **layers; /* each allocated on its own: tables handed out stay put as layers grow */
	size_t n_layers, alloc_layers;
	uint64_t clock;       /* counts dictionaries and layers handed out */
	size_t reads;         /* dictionaries read, counting each reading again */
	struct xlqa_lang *stemmers[16]; /* source packs, by registry index */
	/* Each target's hunspell dictionary, by registry index, opened on a classic dictionary's first
	 * word check (words_known); NULL before that, and when the language has none installed
	 * (spell_tried). Kept for the builder's life; under a memory budget closed after each reading
	 * (close_words). Owned. */
	Hunhandle *spellers[16];
	bool spell_tried[16];
	/* Each target's pack opened without hunspell, for its stopwords (words_known): the speller above
	 * is the one hunspell copy a word check needs. Closed with the spellers. Owned. */
	struct xlqa_lang *stoppers[16];
	size_t compactions;             /* times the pool was compacted (pool_compact) */
};

/*
 * Best first; translations of equal weight in the order they came into the row (seq: the order of
 * the pair's own dictionaries, which list a word's commonest sense first), then by their text.
 * Never by id: ids follow the order strings were first seen in the whole process, so a pair built
 * alone would differ from the same pair built after others, both in its order and in what the
 * LEX_MAX_ALTS and PIVOT_FANOUT cuts keep. A row holds each text once (equal texts have equal
 * normal forms and merge), so the order is total.
 */
static int cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return strcmp(sort_builder->pool.strs[x->text], sort_builder->pool.strs[y->text]);
}

/*
 * Numbers each row's candidates in the order they stand (sorted: best first), as copying the rows
 * into a new table does: a pair that takes its direct layer over must order later ties as a pair
 * that copies it (without a budget) does, not by the layer's own dictionary order.
 */
static void table_renumber(struct table *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		for (uint32_t j = 0; j < t->rows[i].n; j++)
			t->rows[i].c[j].seq = (uint16_t)(j < UINT16_MAX ? j : UINT16_MAX);
}

/* Sorts every row best first (cand_cmp). */
static void table_sort(const struct xlqa_lexicon_builder *b, struct table *t)
{
	sort_builder = b;
	for (size_t i = 0; i < t->n_rows; i++)
		qsort(t->rows[i].c, t->rows[i].n, sizeof *t->rows[i].c, cand_cmp);
}

struct load_ctx {
	struct xlqa_lexicon_builder *b;
	struct dict *d;
};

static int load_entry(void *ctx, const struct xlqa_dict_entry *e, struct xlqa_error *err)
{
	struct load_ctx *lc = ctx;
	struct dict *d = lc->d;
	struct pool *p = &lc->b->pool;
	struct dentry de = { 0, (uint32_t)d->n_trans, (uint16_t)(e->n_trans > 0xFFFF ? 0xFFFF : e->n_trans),
			     (uint8_t)e->pos };
	int rc;

	if ((rc = pool_id(p, e->headword, strlen(e->headword), &de.head)))
		return xlqa_error_status(err, rc, "loading a dictionary entry");
	if (XLQA_ARRAY_RESERVE(d->entries, d->alloc_entries, d->n_entries + 1) ||
	    XLQA_ARRAY_RESERVE(d->trans, d->alloc_trans, d->n_trans + de.n))
		return xlqa_error_status(err, XLQA_ENOMEM, "loading a dictionary entry");
	for (size_t i = 0; i < de.n; i++)
		if ((rc = pool_id(p, e->trans[i], strlen(e->trans[i]), &d->trans[d->n_trans + i])))
			return xlqa_error_status(err, rc, "loading a dictionary entry");
	d->n_trans += de.n;
	d->entries[d->n_entries++] = de;
	return XLQA_OK;
}

/* The registry index of `li`, or SIZE_MAX when it is none of the registry's (NULL). */
static size_t lang_slot(const struct xlqa_lang_info *li)
{
	for (size_t at = 0; at < xlqa_lang_count(); at++)
		if (xlqa_lang_at(at) == li)
			return at;
	return SIZE_MAX;
}

/* The options the builder opens language packs with: the caller's, or the defaults. */
static struct xlqa_lang_options pack_options(const struct xlqa_lexicon_builder *b)
{
	struct xlqa_lang_options lo = { NULL, NULL, 0 };

	if (b->opt.lang)
		lo = *b->opt.lang;
	return lo;
}

/*
 * The paths of language `li`'s hunspell .aff and .dic in the builder's hunspell_dir, into `aff` and
 * `dic` (reset first): XLQA_OK when both are readable, XLQA_ENOTFOUND when the language has none or
 * one is missing, XLQA_ENOMEM.
 */
static int hunspell_files(const struct xlqa_lexicon_builder *b, const struct xlqa_lang_info *li, struct xlqa_buf *aff,
			  struct xlqa_buf *dic)
{
	xlqa_buf_reset(aff);
	xlqa_buf_reset(dic);
	if (!li->hunspell)
		return XLQA_ENOTFOUND;
	if (xlqa_buf_addf(aff, "%s/%s.aff", b->hunspell_dir, li->hunspell) ||
	    xlqa_buf_addf(dic, "%s/%s.dic", b->hunspell_dir, li->hunspell))
		return XLQA_ENOMEM;
	return access(dic->buf, R_OK) == 0 && access(aff->buf, R_OK) == 0 ? XLQA_OK : XLQA_ENOTFOUND;
}

/* What words_known needs: the builder and the registry index of the translations' language. */
struct words_ctx {
	struct xlqa_lexicon_builder *b;
	size_t lang;
};

/*
 * True when the hunspell affix file `aff` compounds words by flags (a COMPOUNDFLAG or COMPOUNDBEGIN
 * line: German, Dutch): such languages write compounds and particle verbs closed ("steckenbleiben",
 * "paardebloem"), so a word hunspell does not know is a word of theirs more often than lost spaces.
 * English's COMPOUNDRULE lines (ordinal numbers) do not count.
 */
static bool aff_compounds(const char *aff)
{
	char line[256];
	bool found = false;
	FILE *fp = fopen(aff, "r");

	if (!fp)
		return false;
	while (!found && fgets(line, sizeof line, fp))
		found = strncmp(line, "COMPOUNDFLAG", 12) == 0 || strncmp(line, "COMPOUNDBEGIN", 13) == 0;
	fclose(fp);
	return found;
}

/*
 * The reader's word check (xlqa_dict_word_fn) for a dictionary's translations: the target's hunspell
 * dictionary, opened on first use and kept, and its pack's stopwords (function words). Without a
 * hunspell dictionary every word counts as known, so that the reader parts nothing, as in a language
 * that compounds words (aff_compounds). A word of three letters or fewer is a word only as a
 * stopword ("de", "to", "a"): hunspell knows single letters and many fragments ("u", "po"), which
 * would part misspelt and rare words ("populazione" into "pop u l azione").
 */
/* The hunspell dictionary of the word check of the language at registry index `at`, opened on first
 * use; NULL when it has none (words_known then knows every word). */
static Hunhandle *word_speller(struct xlqa_lexicon_builder *b, size_t at)
{
	if (!b->spell_tried[at]) {
		struct xlqa_buf aff = XLQA_BUF_INIT, dic = XLQA_BUF_INIT;

		b->spell_tried[at] = true;
		if (hunspell_files(b, xlqa_lang_at(at), &aff, &dic) == XLQA_OK && !aff_compounds(aff.buf))
			b->spellers[at] = Hunspell_create(aff.buf, dic.buf);
		xlqa_buf_release(&aff);
		xlqa_buf_release(&dic);
	}
	return b->spellers[at];
}

static enum xlqa_dict_word words_known(void *ctx, const char *word)
{
	struct words_ctx *wc = ctx;
	struct xlqa_lexicon_builder *b = wc->b;
	size_t at = wc->lang, letters = 0, len = strlen(word);
	struct xlqa_error err;

	if (!word_speller(b, at))
		return XLQA_DICT_WORD_KNOWN;
	for (size_t i = 0; i < len; i++)
		letters += ((unsigned char)word[i] & 0xC0) != 0x80;
	/* the pack: a short word is a word only as a stopword; a stopword is a function word */
	if (!b->stoppers[at]) {
		struct xlqa_lang_options lo = pack_options(b);

		lo.flags |= XLQA_LANG_OPEN_NO_HUNSPELL;
		if (xlqa_lang_open(xlqa_lang_at(at)->code, &lo, &b->stoppers[at], &err))
			return XLQA_DICT_WORD_UNKNOWN;
	}
	if (xlqa_lang_is_stopword(b->stoppers[at], word, len))
		return XLQA_DICT_WORD_FUNCTION;
	if (letters <= 3 || !Hunspell_spell(b->spellers[at], word))
		return XLQA_DICT_WORD_UNKNOWN;
	return XLQA_DICT_WORD_KNOWN;
}

/* Closes the word check of the language at registry index `at`: its hunspell dictionary and its pack. */
static void close_words(struct xlqa_lexicon_builder *b, size_t at)
{
	if (b->spellers[at])
		Hunspell_destroy(b->spellers[at]);
	b->spellers[at] = NULL;
	b->spell_tried[at] = false;
	xlqa_lang_free(b->stoppers[at]);
	b->stoppers[at] = NULL;
}

/*
 * The paths of FreeDict dictionary `name` ("freedict-eng-ita") in the builder's dict_dir, into
 * `index` and `data` (reset first; the data is the .dict.dz, else the plain .dict): XLQA_OK when both
 * are readable, XLQA_ENOTFOUND when one is missing, XLQA_ENOMEM.
 */
static int freedict_files(const struct xlqa_lexicon_builder *b, const char *name, struct xlqa_buf *index,
			  struct xlqa_buf *data)
{
	xlqa_buf_reset(index);
	xlqa_buf_reset(data);
	if (xlqa_buf_addf(index, "%s/%s.index", b->dict_dir, name) ||
	    xlqa_buf_addf(data, "%s/%s.dict.dz", b->dict_dir, name))
		return XLQA_ENOMEM;
	if (access(index->buf, R_OK) != 0)
		return XLQA_ENOTFOUND;
	if (access(data->buf, R_OK) != 0) /* an uncompressed .dict */
		xlqa_buf_setlen(data, data->len - 3);
	return access(data->buf, R_OK) == 0 ? XLQA_OK : XLQA_ENOTFOUND;
}

/*
 * Reads the FreeDict dictionary `d` names from the builder's dict_dir; absent when it is not there.
 * The dictionary of the opposite direction, when there, is handed to the reader for its rule on cut
 * headwords that repeat (src/lexicon/dictd.c, "Cut headwords pronounced again"), with the word check
 * of its own translations; it is read for that alone, and counted nowhere.
 */
static int read_freedict(struct xlqa_lexicon_builder *b, struct dict *d, struct xlqa_error *err)
{
	struct xlqa_buf ipath = XLQA_BUF_INIT, dpath = XLQA_BUF_INIT, rev_ipath = XLQA_BUF_INIT,
			rev_dpath = XLQA_BUF_INIT;
	const struct xlqa_lang_info *from = xlqa_lang_find(d->from), *to = xlqa_lang_find(d->to);
	char rev_name[sizeof d->name];
	int rc = XLQA_OK, found;

	snprintf(rev_name, sizeof rev_name, "freedict-%s-%s", to ? to->iso3 : "", from ? from->iso3 : "");
	if ((found = freedict_files(b, d->name, &ipath, &dpath)) == XLQA_ENOTFOUND) {
		d->absent = true;
		goto done;
	}
	if (found || (found = freedict_files(b, rev_name, &rev_ipath, &rev_dpath)) == XLQA_ENOMEM) {
		rc = xlqa_error_status(err, XLQA_ENOMEM, "reading the FreeDict dictionary");
		goto done;
	}
	{
		/* the classic layout's lost spaces are put back with the target's word check, the reverse
		 * dictionary's with the source's */
		struct load_ctx lc = { b, d };
		struct words_ctx wc = { b, lang_slot(to) }, rev_wc = { b, lang_slot(from) };
		bool check = wc.lang < sizeof b->spellers / sizeof b->spellers[0],
		     rev_check = rev_wc.lang < sizeof b->spellers / sizeof b->spellers[0];
		struct lex_dictd_reverse rev = { rev_ipath.buf, rev_dpath.buf, rev_check ? words_known : NULL,
						 &rev_wc };

		rc = xlqa_dict_read_dictd_reverse(ipath.buf, dpath.buf, check ? words_known : NULL, &wc,
						  found == XLQA_OK ? &rev : NULL, load_entry, &lc, &d->stats,
						  &d->style, err);
		/* under a budget the checks live as long as the reading */
		if (b->opt.memory && check)
			close_words(b, wc.lang);
		if (b->opt.memory && rev_check)
			close_words(b, rev_wc.lang);
	}
	d->read = true;
done:
	xlqa_buf_release(&ipath);
	xlqa_buf_release(&dpath);
	xlqa_buf_release(&rev_ipath);
	xlqa_buf_release(&rev_dpath);
	return rc;
}

/* Reads the Apertium listing `d` names from the builder's apertium_dir; absent without one. */
static int read_apertium(struct xlqa_lexicon_builder *b, struct dict *d, struct xlqa_error *err)
{
	struct xlqa_buf path = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	if (!b->apertium_dir) {
		d->absent = true;
		return XLQA_OK;
	}
	if (xlqa_buf_addf(&path, "%s/%s.txt", b->apertium_dir, d->name)) {
		rc = xlqa_error_status(err, XLQA_ENOMEM, "reading the Apertium listing");
	} else if (access(path.buf, R_OK) != 0) {
		d->absent = true;
	} else {
		struct load_ctx lc = { b, d };
		d->style = XLQA_DICT_APERTIUM;
		rc = xlqa_dict_read_apertium(path.buf, false, load_entry, &lc, &d->stats, err);
		d->read = true;
	}
	xlqa_buf_release(&path);
	return rc;
}

/*
 * The dictionary of kind `kind` from `from` to `to` (codes), read on first use; NULL when it does
 * not exist. The pointer is valid until the next call (the array of dictionaries may move).
 */
static int get_dict(struct xlqa_lexicon_builder *b, enum dict_kind kind, const struct xlqa_lang_info *from,
		    const struct xlqa_lang_info *to, struct dict **out, struct xlqa_error *err)
{
	static const char *const prefixes[DICT_KINDS] = { "freedict", "apertium" };
	struct dict *d;
	size_t i;
	int rc;

	*out = NULL;
	for (i = 0; i < b->n_dicts; i++) /* by index: before the first dictionary, b->dicts is NULL */
		if (b->dicts[i].kind == kind && strcmp(b->dicts[i].from, from->code) == 0 &&
		    strcmp(b->dicts[i].to, to->code) == 0)
			break;
	if (i < b->n_dicts) {
		d = &b->dicts[i];
	} else {
		if (XLQA_ARRAY_RESERVE(b->dicts, b->alloc_dicts, b->n_dicts + 1))
			return xlqa_error_status(err, XLQA_ENOMEM, "opening a dictionary");
		d = &b->dicts[b->n_dicts++];
		memset(d, 0, sizeof *d);
		d->kind = kind;
		snprintf(d->name, sizeof d->name, "%s-%s-%s", prefixes[kind], from->iso3, to->iso3);
		snprintf(d->from, sizeof d->from, "%s", from->code);
		snprintf(d->to, sizeof d->to, "%s", to->code);
	}
	if (d->absent)
		return XLQA_OK;
	d->used = ++b->clock;
	if (d->loaded) {
		*out = d;
		return XLQA_OK;
	}
	/* read for the first time, or again after the cache dropped it: its counts start over */
	memset(&d->stats, 0, sizeof d->stats);
	b->reads++;
	rc = kind == DICT_APERTIUM ? read_apertium(b, d, err) : read_freedict(b, d, err);
	if (rc)
		return xlqa_error_prefix(err, "dictionary '%s'", d->name), rc;
	d->loaded = !d->absent;
	*out = d->absent ? NULL : d;
	return XLQA_OK;
}

/* Adds `text` (an id) as a translation of `key_text` (an id, normalised here). */
static int add_pair(struct xlqa_lexicon_builder *b, struct table *t, uint32_t key_text, uint32_t text, double w,
		    unsigned origin, unsigned pos, struct xlqa_error *err)
{
	uint32_t key, norm;
	const char *k;
	int rc;

	if ((rc = pool_norm(&b->pool, key_text, &key, err)) || (rc = pool_norm(&b->pool, text, &norm, err)))
		return rc;
	k = b->pool.strs[key];
	if (!*k)
		return XLQA_OK;
	if (lex_count_words(k, strlen(k)) > LEX_MAX_KEY_WORDS) {
		t->long_keys++;
		return XLQA_OK;
	}
	if ((rc = table_add(t, key, text, norm, w, origin, pos)))
		return xlqa_error_status(err, rc, "adding a translation pair");
	return XLQA_OK;
}

static double rank_factor(const struct xlqa_lexicon_builder *b, size_t rank)
{
	return 1.0 / (1.0 + b->w.rank_decay * (double)rank);
}

/* Adds dictionary `d`'s entries to `t`: forward (headword to translations) or backward. */
static int add_dict(struct xlqa_lexicon_builder *b, struct table *t, const struct dict *d, bool forward,
		    struct xlqa_error *err)
{
	int rc;

	for (size_t i = 0; i < d->n_entries; i++) {
		const struct dentry *e = &d->entries[i];
		for (size_t j = 0; j < e->n; j++) {
			uint32_t tr = d->trans[e->first + j];
			double rank = rank_factor(b, j);

			if (forward)
				rc = add_pair(b, t, e->head, tr, b->w.direct * rank, XLQA_LEX_DIRECT, e->pos, err);
			else
				rc = add_pair(b, t, tr, e->head, b->w.inverse * rank, XLQA_LEX_INVERSE, e->pos, err);
			if (rc)
				return rc;
		}
	}
	return XLQA_OK;
}

static void trim_cache(struct xlqa_lexicon_builder *b, uint64_t keep_since, uint64_t dicts_since, struct table *pair);

/*
 * The layer from `from` to `to`: each kind's direct dictionary plus its reverse one inverted. A
 * translation both FreeDict and Apertium give combines by noisy-or like any other agreement.
 * Under a memory budget the cache is trimmed after each dictionary read, keeping this layer's
 * dictionaries, the layers handed out since `keep_since` and the pair's table `pair`.
 */
static int part_joined_by_twins(struct xlqa_lexicon_builder *b, struct table *t, const struct xlqa_lang_info *tgt,
				struct xlqa_error *err);

static int get_layer(struct xlqa_lexicon_builder *b, const struct xlqa_lang_info *from,
		     const struct xlqa_lang_info *to, uint64_t keep_since, struct table *pair, struct layer **out,
		     struct xlqa_error *err)
{
	uint64_t start = b->clock + 1; /* the dictionaries handed out since are this layer's */
	struct dict *d;
	struct layer *l;
	int rc;

	*out = NULL;
	for (size_t i = 0; i < b->n_layers && !*out; i++)
		if (strcmp(b->layers[i]->from, from->code) == 0 && strcmp(b->layers[i]->to, to->code) == 0)
			*out = b->layers[i];
	if (*out) {
		(*out)->used = ++b->clock;
		if ((*out)->loaded)
			return XLQA_OK;
		l = *out; /* dropped from the cache: composed again */
	} else {
		if (XLQA_ARRAY_RESERVE(b->layers, b->alloc_layers, b->n_layers + 1) || !(l = calloc(1, sizeof *l)))
			return xlqa_error_status(err, XLQA_ENOMEM, "adding a lexicon layer");
		b->layers[b->n_layers++] = l;
		snprintf(l->from, sizeof l->from, "%s", from->code);
		snprintf(l->to, sizeof l->to, "%s", to->code);
		l->used = ++b->clock;
	}
	/* Read them all first, then add each as get_dict hands it out again: reading one may move the
	 * others, and the pool interns every dictionary's strings before the normalised keys. */
	for (int pass = 0; pass < 2; pass++)
		for (int kind = 0; kind < DICT_KINDS; kind++)
			for (int forward = 1; forward >= 0; forward--) {
				const struct xlqa_lang_info *x = forward ? from : to, *y = forward ? to : from;

				size_t reads = b->reads;

				if ((rc = get_dict(b, (enum dict_kind)kind, x, y, &d, err)))
					return rc;
				if (pass && d && (rc = add_dict(b, &l->t, d, forward, err)))
					return rc;
				if (b->reads != reads) /* room for what the layer reads is made as it comes */
					trim_cache(b, keep_since, start, pair);
			}
	/* joined translations take their spaced twins' form here, so that pivots compose from parted
	 * layers (a row's own twins merge when its pair is written, merge_joined_twins) */
	if ((rc = part_joined_by_twins(b, &l->t, to, err)))
		return rc;
	table_sort(b, &l->t);
	l->loaded = true;
	*out = l;
	return XLQA_OK;
}

static void drop_layer(struct layer *l)
{
	table_release(&l->t);
	free(l->stems);
	l->stems = NULL;
	l->n_stems = 0;
	l->stemmed = false;
	l->loaded = false;
}

static void drop_dict(struct dict *d)
{
	free(d->entries);
	free(d->trans);
	d->entries = NULL;
	d->trans = NULL;
	d->n_entries = d->alloc_entries = d->n_trans = d->alloc_trans = 0;
	d->loaded = false;
}

static size_t dict_bytes(const struct dict *d)
{
	return d->alloc_entries * sizeof *d->entries + d->alloc_trans * sizeof *d->trans;
}

static size_t layer_bytes(const struct layer *l)
{
	return table_bytes(&l->t) + l->n_stems * sizeof *l->stems;
}

/*
 * Under a memory budget, before a pair from `src`: closes the packs of languages that are neither
 * `src` nor a pivot (their hunspell dictionaries are large; --all builds a source's pairs one after
 * another, so its pack stays open), so that no more packs are open than a pair uses: its source's
 * and its pivots'.
 */
static void close_stemmers(struct xlqa_lexicon_builder *b, const struct xlqa_lang_info *src)
{
	if (!b->opt.memory)
		return;
	for (size_t i = 0; i < xlqa_lang_count() && i < sizeof b->stemmers / sizeof b->stemmers[0]; i++) {
		const struct xlqa_lang_info *li = xlqa_lang_at(i);
		bool pivot = !b->opt.no_pivots && (li == xlqa_lang_find("en") || li == xlqa_lang_find("de"));
		if (b->stemmers[i] && li != src && !pivot) {
			xlqa_lang_free(b->stemmers[i]);
			b->stemmers[i] = NULL;
		}
	}
}

/* ---- the memory budget: dropping from the cache, compacting the pool ----------------------------- */

/*
 * Under a memory budget (xlqa_lexicon_build_options.memory) the budget covers the cached
 * dictionaries and layers, the pair's own table while it is built, and the string pool with them
 * (pool_bytes): every string the cache and the pair hold, and whatever else the pool still has.
 * When they are over it, trim_cache drops the least recently used dictionaries and layers until
 * what is left fits, counting for each the pool bytes that go with it (the strings that no more
 * recently used dictionary or layer, nor the pair, nor the hunspell names hold), and then compacts
 * the pool: the strings still held are kept, renumbered in their order (an id stays below another
 * as before, so sorted stem references stay sorted), and the rest freed. Lexicons do not change:
 * nothing orders by id (cand_cmp), and a string dropped is interned again, with a new id, when a
 * dictionary holding it is read again. Without a budget nothing is dropped and nothing compacted.
 */

/* rank[id] = r when r is higher. */
static void raise_rank(uint32_t *rank, uint32_t id, uint32_t r)
{
	if (rank[id] < r)
		rank[id] = r;
}

/* raise_rank for every id of `t`: rows, their candidates' texts and forms. */
static void rank_table(const struct table *t, uint32_t *rank, uint32_t r)
{
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct row *row = &t->rows[i];
		raise_rank(rank, row->key, r);
		for (uint32_t j = 0; j < row->n; j++) {
			raise_rank(rank, row->c[j].text, r);
			raise_rank(rank, row->c[j].norm, r);
		}
	}
}

static void rank_dict(const struct dict *d, uint32_t *rank, uint32_t r)
{
	for (size_t j = 0; j < d->n_entries; j++)
		raise_rank(rank, d->entries[j].head, r);
	for (size_t j = 0; j < d->n_trans; j++)
		raise_rank(rank, d->trans[j], r);
}

static void rank_layer(const struct layer *l, uint32_t *rank, uint32_t r)
{
	rank_table(&l->t, rank, r);
	for (size_t j = 0; j < l->n_stems; j++)
		raise_rank(rank, l->stems[j].stem, r);
}

/* Rewrites the ids of `t` through `map` (old id -> new id + 1, live ids only) and places its rows
 * in its index again under their new key ids (same capacity: no growth, no failure). */
static void remap_table(struct table *t, const uint32_t *map)
{
	if (t->index.cap)
		memset(t->index.keys, 0, t->index.cap * sizeof *t->index.keys);
	for (size_t r = 0; r < t->n_rows; r++) {
		struct row *row = &t->rows[r];
		uint32_t *k;

		row->key = map[row->key] - 1;
		for (uint32_t j = 0; j < row->n; j++) {
			row->c[j].text = map[row->c[j].text] - 1;
			row->c[j].norm = map[row->c[j].norm] - 1;
		}
		k = u32map_slot(&t->index, row->key);
		*k = row->key + 1;
		t->index.vals[k - t->index.keys] = (uint32_t)r;
	}
}

/* Rewrites every id the builder and the pair's table `pair` (or NULL) hold through `map`. */
static void remap_held(struct xlqa_lexicon_builder *b, struct table *pair, const uint32_t *map)
{
	for (size_t i = 0; i < b->n_dicts; i++) {
		struct dict *d = &b->dicts[i];
		if (!d->loaded)
			continue;
		for (size_t j = 0; j < d->n_entries; j++)
			d->entries[j].head = map[d->entries[j].head] - 1;
		for (size_t j = 0; j < d->n_trans; j++)
			d->trans[j] = map[d->trans[j]] - 1;
	}
	for (size_t i = 0; i < b->n_layers; i++) {
		struct layer *l = b->layers[i];
		if (!l->loaded)
			continue;
		remap_table(&l->t, map);
		for (size_t j = 0; j < l->n_stems; j++) /* a monotone map: still sorted by stem */
			l->stems[j].stem = map[l->stems[j].stem] - 1;
	}
	for (size_t i = 0; i < b->names.n; i++) /* sorted by string, which is unchanged */
		b->names.ids[i] = map[b->names.ids[i]] - 1;
	if (pair)
		remap_table(pair, map);
}

/* Shrinks array `*items` of `alloc` elements of `size` bytes to `n` (at least 1); kept as it is
 * when realloc fails. */
static void shrink(void *items, size_t *alloc, size_t n, size_t size)
{
	void *old, *small;

	if (n == 0)
		n = 1;
	memcpy(&old, items, sizeof old);
	if (n >= *alloc || !(small = realloc(old, n * size)))
		return;
	memcpy(items, &small, sizeof small);
	*alloc = n;
}

/* Reverses the list of chunks (newest first <-> oldest first). */
static struct pool_chunk *chunks_reverse(struct pool_chunk *c)
{
	struct pool_chunk *r = NULL;

	while (c) {
		struct pool_chunk *next = c->next;
		c->next = r;
		r = c;
		c = next;
	}
	return r;
}

/*
 * Keeps the ids whose rank[id] is above `cut` and frees the rest, in place and without allocating:
 * the kept strings move down through the chunks, oldest first, each to the first place after the
 * one before where it fits (never past where it was: packing a subsequence of strings so never
 * puts one later than packing them all did), the chunks left empty are freed, every array moves
 * down over the dead ids and shrinks, the slots are placed again, and every id held is renumbered
 * (remap_held). `rank` is overwritten.
 */
static void pool_compact(struct xlqa_lexicon_builder *b, struct table *pair, uint32_t *rank, uint32_t cut)
{
	struct pool *p = &b->pool;
	uint32_t *map = rank, *slots;
	struct pool_chunk *w, *c;
	size_t live = 0, at = 0, n_slots = 1024, n_norm = 0;

	for (size_t id = 0; id < p->n; id++)
		map[id] = map[id] > cut ? (uint32_t)++live : 0;
	if (live == p->n)
		return;
	/* Ids only move down (map[id] - 1 <= id), and so do the strings, so each array is rewritten
	 * in place, an id's entry read before any later one overwrites it. */
	p->chunks = w = chunks_reverse(p->chunks);
	for (size_t id = 0; id < p->n; id++) {
		uint32_t nid, len;

		if (!map[id])
			continue;
		nid = map[id] - 1;
		len = p->lens[id];
		while (w->size - at < (size_t)len + 1) {
			w = w->next;
			at = 0;
		}
		if (w->data + at != p->strs[id])
			memmove(w->data + at, p->strs[id], (size_t)len + 1);
		p->strs[nid] = w->data + at;
		p->lens[nid] = len;
		at += (size_t)len + 1;
		if (id < p->n_norm) { /* the kept ids below n_norm are the first n_norm of the new ones */
			p->norm[nid] = p->norm[id] && map[p->norm[id] - 1] ? map[p->norm[id] - 1] : 0;
			n_norm = nid + 1;
		}
	}
	/* w, filled up to `at`, is the newest chunk now; those after it are empty */
	c = w->next;
	w->next = NULL;
	w->used = at;
	while (c) {
		struct pool_chunk *next = c->next;
		p->chunk_bytes -= sizeof *c + c->size;
		free(c);
		c = next;
	}
	p->chunks = chunks_reverse(p->chunks);
	p->n = live;
	p->n_norm = n_norm; /* pool_norm_cover clears the rest when ids come again */
	shrink(&p->strs, &p->alloc, live, sizeof *p->strs);
	shrink(&p->lens, &p->alloc_lens, live, sizeof *p->lens);
	shrink(&p->norm, &p->alloc_norm, p->n_norm, sizeof *p->norm);
	while ((live + 1) * 2 > n_slots)
		n_slots *= 2;
	if (n_slots < p->n_slots && (slots = calloc(n_slots, sizeof *slots))) {
		free(p->slots);
		p->slots = slots;
		p->n_slots = n_slots;
	} else {
		memset(p->slots, 0, p->n_slots * sizeof *p->slots);
	}
	for (size_t id = 0; id < live; id++)
		p->slots[pool_slot(p, p->strs[id], p->lens[id], xlqa_hash_bytes(p->strs[id], p->lens[id]))] =
			(uint32_t)id + 1;
	remap_held(b, pair, map);
	b->compactions++;
}

/* A dictionary or layer the cache may drop. */
struct victim {
	uint64_t used;
	struct dict *d; /* one of the two */
	struct layer *l;
	size_t bytes;   /* dict_bytes or layer_bytes */
};

static int victim_cmp(const void *a, const void *b)
{
	const struct victim *x = a, *y = b;
	return (x->used > y->used) - (x->used < y->used);
}

/*
 * Keeps the cached dictionaries and layers, with the pair's own table `pair` (NULL: none) and the
 * string pool, within the memory budget (none: keeps them all): drops the least recently used ones
 * until what is left fits, then compacts the pool (see above). Dictionaries are dropped whenever
 * they are the oldest; layers only when last used before `keep_since` (the layers of the pair
 * being built are in use). Ranks: 0 for a string nothing holds, i + 1 for one the i-th oldest
 * victim holds and nothing newer, UINT32_MAX for one what cannot be dropped holds.
 */
static void trim_cache(struct xlqa_lexicon_builder *b, uint64_t keep_since, uint64_t dicts_since, struct table *pair)
{
	struct pool *p = &b->pool;
	size_t held, n_v = 0, cut = 0;
	struct victim *v = NULL;
	uint32_t *rank = NULL;
	size_t *freed = NULL; /* freed[r]: pool bytes of the strings of rank r */

	if (!b->opt.memory)
		return;
	held = pool_bytes(p) + (pair ? table_bytes(pair) : 0);
	for (size_t i = 0; i < b->n_dicts; i++)
		if (b->dicts[i].loaded) {
			held += dict_bytes(&b->dicts[i]);
			n_v += b->dicts[i].used < dicts_since;
		}
	for (size_t i = 0; i < b->n_layers; i++)
		if (b->layers[i]->loaded) {
			held += layer_bytes(b->layers[i]);
			n_v += b->layers[i]->used < keep_since;
		}
	if (held <= b->opt.memory)
		return;
	v = calloc(n_v + 1, sizeof *v);
	freed = calloc(n_v + 1, sizeof *freed);
	rank = calloc(p->n + 1, sizeof *rank);
	n_v = 0;
	for (size_t i = 0; v && i < b->n_dicts; i++)
		if (b->dicts[i].loaded && b->dicts[i].used < dicts_since)
			v[n_v++] = (struct victim){ b->dicts[i].used, &b->dicts[i], NULL, dict_bytes(&b->dicts[i]) };
	for (size_t i = 0; v && i < b->n_layers; i++)
		if (b->layers[i]->loaded && b->layers[i]->used < keep_since)
			v[n_v++] = (struct victim){ b->layers[i]->used, NULL, b->layers[i], layer_bytes(b->layers[i]) };
	if (!v) /* out of memory: nothing is dropped */
		goto done;
	qsort(v, n_v, sizeof *v, victim_cmp);
	if (rank && freed) {
		for (size_t i = 0; i < n_v; i++) {
			if (v[i].d)
				rank_dict(v[i].d, rank, (uint32_t)i + 1);
			else
				rank_layer(v[i].l, rank, (uint32_t)i + 1);
		}
		for (size_t i = 0; i < b->n_layers; i++)
			if (b->layers[i]->loaded && b->layers[i]->used >= keep_since)
				rank_layer(b->layers[i], rank, UINT32_MAX);
		for (size_t i = 0; i < b->n_dicts; i++)
			if (b->dicts[i].loaded && b->dicts[i].used >= dicts_since)
				rank_dict(&b->dicts[i], rank, UINT32_MAX);
		for (size_t i = 0; i < b->names.n; i++)
			rank[b->names.ids[i]] = UINT32_MAX;
		if (pair)
			rank_table(pair, rank, UINT32_MAX);
		/* a kept string keeps its normal form, computed once: what holds it asks for it again */
		for (size_t id = 0; id < p->n && id < p->n_norm; id++)
			if (rank[id] && p->norm[id])
				raise_rank(rank, p->norm[id] - 1, rank[id]);
		for (size_t id = 0; id < p->n; id++)
			if (rank[id] != UINT32_MAX)
				freed[rank[id]] += p->lens[id] + 1 + POOL_ID_BYTES;
		held -= held > freed[0] ? freed[0] : held;
	}
	while (held > b->opt.memory && cut < n_v) {
		size_t go = v[cut].bytes + (freed ? freed[cut + 1] : 0);

		held -= held > go ? go : held;
		if (v[cut].d)
			drop_dict(v[cut].d);
		else
			drop_layer(v[cut].l);
		cut++;
	}
	if (rank && freed)
		pool_compact(b, pair, rank, (uint32_t)cut);
#ifdef __GLIBC__
	/* What was freed lies in holes between blocks still in use; glibc keeps them resident (and, once
	 * a large block was freed, serves large arrays from the heap too), so the next pair's data would
	 * come on top of them. This hands the free pages back. */
	malloc_trim(0);
#endif
done:
	free(v);
	free(freed);
	free(rank);
}

void xlqa_lexicon_builder_memory(const struct xlqa_lexicon_builder *b, struct lex_builder_memory *m)
{
	memset(m, 0, sizeof *m);
	for (size_t i = 0; i < b->n_dicts; i++)
		if (b->dicts[i].loaded) {
			m->cache_bytes += dict_bytes(&b->dicts[i]);
			m->cached++;
		}
	for (size_t i = 0; i < b->n_layers; i++)
		if (b->layers[i]->loaded) {
			m->cache_bytes += layer_bytes(b->layers[i]);
			m->cached++;
			m->stemmed += b->layers[i]->n_stems > 0;
		}
	m->pool_bytes = pool_bytes(&b->pool);
	m->pool_strings = b->pool.n;
	m->compactions = b->compactions;
}

static int line_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int xlqa_lexicon_builder_layer_stems(const struct xlqa_lexicon_builder *b, const char *from, const char *to,
				     struct xlqa_buf *out)
{
	const struct layer *l = NULL;
	struct xlqa_buf lines = XLQA_BUF_INIT;
	const char **sorted = NULL;
	int rc = XLQA_OK;

	for (size_t i = 0; i < b->n_layers && !l; i++)
		if (b->layers[i]->loaded && strcmp(b->layers[i]->from, from) == 0 && strcmp(b->layers[i]->to, to) == 0)
			l = b->layers[i];
	if (!l || !l->n_stems)
		return XLQA_OK;
	for (size_t j = 0; j < l->n_stems && !rc; j++) {
		/* a stem id or row out of range is a remapping gone wrong: say so rather than read past */
		if (l->stems[j].stem >= b->pool.n || l->stems[j].row >= l->t.n_rows)
			rc = xlqa_buf_add(&lines, "?", 2);
		else if (!(rc = xlqa_buf_addf(&lines, "%s\t%s", b->pool.strs[l->t.rows[l->stems[j].row].key],
					     b->pool.strs[l->stems[j].stem])))
			rc = xlqa_buf_add(&lines, "", 1);
	}
	if (!rc && !(sorted = calloc(l->n_stems, sizeof *sorted)))
		rc = XLQA_ENOMEM;
	if (!rc) {
		size_t at = 0;
		for (size_t j = 0; j < l->n_stems; j++) {
			sorted[j] = lines.buf + at;
			at += strlen(lines.buf + at) + 1;
		}
		qsort(sorted, l->n_stems, sizeof *sorted, line_cmp);
		for (size_t j = 0; j < l->n_stems && !rc; j++)
			rc = xlqa_buf_addf(out, "%s\n", sorted[j]);
	}
	free(sorted);
	xlqa_buf_release(&lines);
	return rc;
}

/*
 * The stemmer of language `lang`, opened on first use with hunspell as the translator opens it, so
 * that a key's stem is the stem a query word gets: the pack mends some Snowball stems with hunspell's
 * lemmas (German "Problem" keeps its "em" as "Probleme" does). Without the language's dictionary
 * the stems are Snowball's alone, as the translator's then are too.
 */
static int get_stemmer(struct xlqa_lexicon_builder *b, const struct xlqa_lang_info *lang, struct xlqa_lang **out,
		       struct xlqa_error *err)
{
	size_t at = lang_slot(lang);
	int rc;

	*out = NULL;
	if (at >= sizeof b->stemmers / sizeof b->stemmers[0])
		return XLQA_OK;
	if (!b->stemmers[at]) {
		struct xlqa_lang_options lo = pack_options(b);

		rc = xlqa_lang_open(lang->code, &lo, &b->stemmers[at], err);
		if (rc == XLQA_ENOTFOUND && !(lo.flags & XLQA_LANG_OPEN_NO_HUNSPELL)) {
			xlqa_error_clear(err);
			lo.flags |= XLQA_LANG_OPEN_NO_HUNSPELL;
			rc = xlqa_lang_open(lang->code, &lo, &b->stemmers[at], err);
		}
		if (rc)
			return rc;
	}
	*out = b->stemmers[at];
	return XLQA_OK;
}

/* The pool id of the stem of string `id` (get_stemmer); false (and no error) for a phrase. */
static int stem_of(struct xlqa_lexicon_builder *b, struct xlqa_lang *lang, uint32_t id, uint32_t *stem, bool *ok,
		   struct xlqa_error *err)
{
	const char *str = b->pool.strs[id];
	size_t len = strlen(str);
	int rc;

	*ok = false;
	if (len == 0 || lex_count_words(str, len) != 1)
		return XLQA_OK;
	xlqa_buf_reset(&b->pool.scratch);
	if ((rc = xlqa_lang_stem(lang, str, len, &b->pool.scratch, err)))
		return rc;
	if ((rc = pool_id(&b->pool, b->pool.scratch.buf, b->pool.scratch.len, stem)))
		return xlqa_error_status(err, rc, "stemming a dictionary word");
	*ok = true;
	return XLQA_OK;
}

static int stem_ref_cmp(const void *a, const void *b)
{
	const struct stem_ref *x = a, *y = b;

	if (x->stem != y->stem)
		return x->stem < y->stem ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

/* Builds the stems of layer `l`'s one-word keys, in its source language `lang`. */
static int layer_stems(struct xlqa_lexicon_builder *b, struct layer *l, struct xlqa_lang *lang, struct xlqa_error *err)
{
	size_t alloc = 0;
	int rc;

	if (l->stemmed)
		return XLQA_OK;
	for (size_t i = 0; i < l->t.n_rows; i++) {
		uint32_t stem;
		bool ok;
		if ((rc = stem_of(b, lang, l->t.rows[i].key, &stem, &ok, err)))
			return rc;
		if (!ok)
			continue;
		if (XLQA_ARRAY_RESERVE(l->stems, alloc, l->n_stems + 1))
			return xlqa_error_status(err, XLQA_ENOMEM, "stemming a lexicon layer");
		l->stems[l->n_stems++] = (struct stem_ref){ stem, (uint32_t)i };
	}
	if (l->n_stems)
		qsort(l->stems, l->n_stems, sizeof *l->stems, stem_ref_cmp);
	l->stemmed = true;
	return XLQA_OK;
}

/* The first of layer `l`'s stem entries for `stem`, and how many there are. */
static size_t layer_find_stem(const struct layer *l, uint32_t stem, size_t *first)
{
	size_t lo = 0, hi = l->n_stems, n = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->stems[mid].stem < stem)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (lo + n < l->n_stems && l->stems[lo + n].stem == stem)
		n++;
	return n;
}

/* Adds to `t` the translations of row `r2` reached from source row `r`'s candidate `c`. */
static int add_composed(struct table *t, const struct row *r, const struct cand *c, const struct row *r2,
			double weight, unsigned origin, struct xlqa_error *err)
{
	int rc;

	for (uint32_t k = 0; k < r2->n && k < PIVOT_FANOUT; k++) {
		double w = weight * c->weight * r2->c[k].weight;
		if ((rc = table_add(t, r->key, r2->c[k].text, r2->c[k].norm, w, origin, c->pos)))
			return xlqa_error_status(err, rc, "composing translations through a pivot");
	}
	return XLQA_OK;
}

/*
 * Adds to `t` the compositions S -> P -> T of two layers. A pivot word that is no key of P-T is
 * looked for by its Snowball stem among P-T's one-word keys (`pivot_lang` stems), at most
 * PIVOT_STEM_KEYS of them, weighted by w.pivot_stem: dictionaries translate into inflected words
 * ("erhielt" -> "received") that the next dictionary has only as a lemma ("receive").
 */
#define PIVOT_STEM_KEYS 3
static int add_pivot(struct xlqa_lexicon_builder *b, struct table *t, const struct table *sp, struct layer *pt,
		     struct xlqa_lang *pivot_lang, double weight, unsigned origin, struct xlqa_error *err)
{
	int rc;

	if (pivot_lang && b->w.pivot_stem > 0 && (rc = layer_stems(b, pt, pivot_lang, err)))
		return rc;
	for (size_t i = 0; i < sp->n_rows; i++) {
		const struct row *r = &sp->rows[i];
		for (uint32_t j = 0; j < r->n && j < PIVOT_FANOUT; j++) {
			const struct row *r2 = table_row(&pt->t, r->c[j].norm);
			uint32_t stem;
			size_t first, n;
			bool ok;
			if (r2) {
				if ((rc = add_composed(t, r, &r->c[j], r2, weight, origin, err)))
					return rc;
				continue;
			}
			if (!pt->stemmed)
				continue;
			if ((rc = stem_of(b, pivot_lang, r->c[j].norm, &stem, &ok, err)))
				return rc;
			if (!ok)
				continue;
			n = layer_find_stem(pt, stem, &first);
			for (size_t m = 0; m < n && m < PIVOT_STEM_KEYS; m++)
				if ((rc = add_composed(t, r, &r->c[j], &pt->t.rows[pt->stems[first + m].row],
						       weight * b->w.pivot_stem, origin, err)))
					return rc;
		}
	}
	return XLQA_OK;
}

struct extra_ctx {
	struct xlqa_lexicon_builder *b;
	struct table *t;
	double weight;
	unsigned origin;
};

static int add_extra(void *ctx, const struct xlqa_dict_entry *e, struct xlqa_error *err)
{
	struct extra_ctx *x = ctx;
	uint32_t head, text;
	int rc;

	if ((rc = pool_id(&x->b->pool, e->headword, strlen(e->headword), &head)))
		return xlqa_error_status(err, rc, "adding extra translations");
	for (size_t i = 0; i < e->n_trans; i++) {
		if ((rc = pool_id(&x->b->pool, e->trans[i], strlen(e->trans[i]), &text)))
			return xlqa_error_status(err, rc, "adding extra translations");
		if ((rc = add_pair(x->b, x->t, head, text, x->weight * (e->weights ? e->weights[i] : 1.0), x->origin,
				   e->pos, err)))
			return rc;
	}
	return XLQA_OK;
}

/* ---- names of the hunspell dictionaries ---------------------------------------------------------- */

struct name_ctx {
	struct xlqa_hash *langs; /* name -> (void *) bit set of the languages listing it */
	uintptr_t bit;
};

static int note_name(void *ctx, const struct xlqa_dict_entry *e, struct xlqa_error *err)
{
	struct name_ctx *nc = ctx;
	void *old = NULL;
	size_t len = strlen(e->headword);

	xlqa_hash_get(nc->langs, e->headword, len, &old);
	if (xlqa_hash_put(nc->langs, e->headword, len, (void *)((uintptr_t)old | nc->bit), NULL))
		return xlqa_error_status(err, XLQA_ENOMEM, "noting a name");
	return XLQA_OK;
}

static int id_str_cmp(const void *a, const void *b);

/* Reads the names of every registered language's hunspell dictionary, once, and keeps those that
 * at least two languages list. A dictionary that is not installed is noted as missing. */
static int load_dic_names(struct xlqa_lexicon_builder *b, struct xlqa_error *err)
{
	struct dic_names *dn = &b->names;
	struct xlqa_hash langs;
	struct xlqa_buf aff = XLQA_BUF_INIT, dic = XLQA_BUF_INIT;
	const struct xlqa_hash_entry *e;
	size_t pos = 0, alloc = 0;
	int rc = XLQA_OK;

	if (dn->loaded)
		return XLQA_OK;
	xlqa_hash_init(&langs);
	for (size_t i = 0; i < xlqa_lang_count() && !rc; i++) {
		const struct xlqa_lang_info *li = xlqa_lang_at(i);
		struct name_ctx nc = { &langs, (uintptr_t)1 << i };
		int found;

		if (!li->hunspell)
			continue;
		if ((found = hunspell_files(b, li, &aff, &dic)) == XLQA_ENOMEM) {
			rc = xlqa_error_status(err, XLQA_ENOMEM, "loading the dictionary names");
			break;
		}
		if (found != XLQA_OK) {
			size_t len = strlen(dn->missing);
			snprintf(dn->missing + len, sizeof dn->missing - len, "%s%s.dic", len ? " " : "", li->hunspell);
			continue;
		}
		if ((rc = xlqa_dict_read_hunspell_names(aff.buf, dic.buf, note_name, &nc, NULL, err)))
			xlqa_error_prefix(err, "names of '%s'", dic.buf);
	}
	while (!rc && (e = xlqa_hash_next(&langs, &pos))) {
		uintptr_t set = (uintptr_t)e->value;
		if (!(set & (set - 1))) /* one language only */
			continue;
		if (XLQA_ARRAY_RESERVE(dn->ids, alloc, dn->n + 1))
			rc = XLQA_ENOMEM;
		else
			rc = pool_id(&b->pool, e->key, e->key_len, &dn->ids[dn->n++]);
		if (rc)
			xlqa_error_status(err, rc, "loading the dictionary names");
	}
	if (!rc) {
		sort_builder = b;
		qsort(dn->ids, dn->n, sizeof *dn->ids, id_str_cmp);
		dn->loaded = true;
	}
	xlqa_hash_release(&langs);
	xlqa_buf_release(&aff);
	xlqa_buf_release(&dic);
	return rc;
}

/*
 * Adds each name of the hunspell dictionaries as its own translation to the keys of `t` that have
 * none: the rows of `t` before this call are what the dictionaries, pivots, ICU and TSV gave.
 */
static int add_dic_names(struct xlqa_lexicon_builder *b, struct table *t, struct xlqa_error *err)
{
	size_t before = t->n_rows;
	int rc;

	for (size_t i = 0; i < b->names.n; i++) {
		uint32_t key, r;
		if ((rc = pool_norm(&b->pool, b->names.ids[i], &key, err)))
			return rc;
		if (u32map_get(&t->index, key, &r) && r < before)
			continue;
		if ((rc = add_pair(b, t, b->names.ids[i], b->names.ids[i], b->w.names_hunspell, XLQA_LEX_NAMES_HUNSPELL,
				   XLQA_POS_NAME, err)))
			return rc;
	}
	return XLQA_OK;
}

/* ---- writing ------------------------------------------------------------------------------------ */

struct writer {
	struct xlqa_lexicon_builder *b;
	uint32_t *offsets; /* pool id -> offset + 1 in the strings section, 0 when not yet placed */
	struct xlqa_buf strings;
};

static int place(struct writer *w, uint32_t id, uint32_t *off)
{
	if (!w->offsets[id]) {
		const char *s = w->b->pool.strs[id];
		if (w->strings.len >= UINT32_MAX - strlen(s) - 2)
			return XLQA_EOVERFLOW;
		w->offsets[id] = (uint32_t)w->strings.len + 1;
		if (xlqa_buf_add(&w->strings, s, strlen(s) + 1))
			return XLQA_ENOMEM;
	}
	*off = w->offsets[id] - 1;
	return XLQA_OK;
}

static int id_str_cmp(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;
	return strcmp(sort_builder->pool.strs[*x], sort_builder->pool.strs[*y]);
}

static int row_key_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	return strcmp(sort_builder->pool.strs[x->key], sort_builder->pool.strs[y->key]);
}

struct stem_row {
	uint32_t stem; /* pool id */
	uint32_t key;  /* key index */
};

static int stem_cmp(const void *a, const void *b)
{
	const struct stem_row *x = a, *y = b;
	int c = strcmp(sort_builder->pool.strs[x->stem], sort_builder->pool.strs[y->stem]);
	return c ? c : (x->key > y->key) - (x->key < y->key);
}

/* Whether `joined` is `spaced` with its spaces left out ("alprincipio", "al principio"). */
static bool spaces_dropped(const char *joined, const char *spaced)
{
	bool any = false;

	for (; *spaced; spaced++) {
		if (*spaced == ' ') {
			any = true;
			continue;
		}
		if (*joined++ != *spaced)
			return false;
	}
	return any && !*joined;
}

/*
 * Some dictionary entries lose the spaces of a multiword translation ("alprincipio" beside "al
 * principio", "firstofall"): such a twin merges into the spaced form by noisy-or, so it neither
 * takes one of the key's LEX_MAX_ALTS places nor shows up as a word no text holds.
 */
static void merge_joined_twins(const struct pool *pool, struct row *r)
{
	for (uint32_t j = 0; j < r->n;) {
		const char *tj = pool->strs[r->c[j].text];
		uint32_t k = strchr(tj, ' ') ? r->n : 0; /* a spaced translation is no joined twin */

		while (k < r->n && !(k != j && spaces_dropped(tj, pool->strs[r->c[k].text])))
			k++;
		if (k == r->n) {
			j++;
			continue;
		}
		r->c[k].weight = (float)(1 - (1 - r->c[k].weight) * (1 - r->c[j].weight));
		r->c[k].origin |= r->c[j].origin;
		if (!r->c[k].pos)
			r->c[k].pos = r->c[j].pos;
		r->c[j] = r->c[--r->n];
	}
}

/* `s` without its spaces into `out`. XLQA_ENOMEM. */
static int without_spaces(const char *s, struct xlqa_buf *out)
{
	xlqa_buf_reset(out);
	while (*s) {
		size_t len = strcspn(s, " ");

		if (xlqa_buf_add(out, s, len))
			return XLQA_ENOMEM;
		s += len;
		s += *s == ' ';
	}
	return XLQA_OK;
}

/*
 * True when the check `wc` knows every word of four letters or more of the spaced `text` (shorter
 * ones it knows only as function words, and "gas natural" holds "gas"); `word` is scratch.
 */
static bool twin_words_known(struct words_ctx *wc, const char *text, struct xlqa_buf *word, bool *nomem)
{
	while (*text) {
		size_t len = strcspn(text, " "), letters = 0;

		for (size_t i = 0; i < len; i++)
			letters += ((unsigned char)text[i] & 0xC0) != 0x80;
		xlqa_buf_reset(word);
		if (xlqa_buf_add(word, text, len)) {
			*nomem = true;
			return false;
		}
		if (letters > 3 && words_known(wc, word->buf) == XLQA_DICT_WORD_UNKNOWN)
			return false;
		text += len;
		text += *text == ' ';
	}
	return true;
}

/*
 * Joined translations given their spaces by a twin elsewhere in the table. Some entries lose the
 * spaces of a phrase that no other source of the key writes ("aim": "quererdecir", "natural":
 * "gasnatural"), while another key's translation has it ("mean": "querer decir"). Such a translation
 * takes the one spaced form of the table whose text without spaces it is, when the target's word
 * check does not know it as a word (words_known: "everyday" stays; a language that compounds words
 * has no check, and keeps every word) and knows the twin's words (twin_words_known: the reader's
 * parting made "organ i sati on" of British "organisation", which en_US lacks). Left as they are:
 * a form two spaced translations share, and a translation whose row holds its twin itself (in any
 * case), which merge_joined_twins joins when the pair is written. Each layer is parted as it is
 * made (get_layer), so that pivots compose from parted layers, and each pair's table before it is
 * written, for what composition brings together.
 */
static int part_joined_by_twins(struct xlqa_lexicon_builder *b, struct table *t, const struct xlqa_lang_info *tgt,
				struct xlqa_error *err)
{
	static struct cand ambiguous;
	struct words_ctx wc = { b, lang_slot(tgt) };
	struct xlqa_hash twins;
	struct xlqa_buf form = XLQA_BUF_INIT, word = XLQA_BUF_INIT;
	bool nomem = false;

	/* without a word check (German, Dutch) every word is known: nothing to part */
	if (wc.lang >= sizeof b->spellers / sizeof b->spellers[0] || !word_speller(b, wc.lang))
		return XLQA_OK;
	xlqa_hash_init(&twins);
	for (size_t i = 0; i < t->n_rows && !nomem; i++)
		for (uint32_t j = 0; j < t->rows[i].n && !nomem; j++) {
			struct cand *c = &t->rows[i].c[j];
			void *seen = NULL;

			if (!strchr(b->pool.strs[c->text], ' '))
				continue;
			if (without_spaces(b->pool.strs[c->text], &form)) {
				nomem = true;
				break;
			}
			if (!lex_joined_candidate(form.buf, form.len))
				continue;
			if (xlqa_hash_get(&twins, form.buf, form.len, &seen))
				seen = seen != &ambiguous && ((struct cand *)seen)->text != c->text ? &ambiguous : seen;
			else
				seen = c;
			nomem = xlqa_hash_put(&twins, form.buf, form.len, seen, NULL) != XLQA_OK;
		}
	for (size_t i = 0; i < t->n_rows && !nomem && twins.count; i++)
		for (uint32_t j = 0; j < t->rows[i].n && !nomem; j++) {
			struct row *r = &t->rows[i];
			struct cand *c = &r->c[j];
			const char *text = b->pool.strs[c->text];
			const struct cand *twin;
			void *found;
			bool held = false;

			if (!lex_joined_candidate(text, strlen(text)) || !xlqa_hash_get(&twins, text, strlen(text), &found) ||
			    found == &ambiguous)
				continue;
			twin = found;
			for (uint32_t k = 0; k < r->n && !held; k++) /* the row's own twin, any case */
				held = r->c[k].norm == twin->norm;
			if (held || words_known(&wc, text) != XLQA_DICT_WORD_UNKNOWN ||
			    !twin_words_known(&wc, b->pool.strs[twin->text], &word, &nomem))
				continue;
			c->text = twin->text;
			c->norm = twin->norm;
		}
	xlqa_hash_release(&twins);
	xlqa_buf_release(&form);
	xlqa_buf_release(&word);
	if (b->opt.memory) /* under a budget a word check lives as long as its use, as in the reading */
		close_words(b, wc.lang);
	return nomem ? xlqa_error_status(err, XLQA_ENOMEM, "parting joined translations") : XLQA_OK;
}

static int write_all(FILE *fp, const void *data, size_t len, uLong *crc)
{
	if (len && fwrite(data, 1, len, fp) != len)
		return XLQA_EIO;
	if (crc)
		*crc = crc32(*crc, data, (uInt)len);
	return XLQA_OK;
}

static int write_pad(FILE *fp, uint64_t *pos, uLong *crc)
{
	static const char zeros[8];
	size_t pad = (size_t)((8 - *pos % 8) % 8);

	*pos += pad;
	return write_all(fp, zeros, pad, crc);
}

/* Writes table `t` (rows sorted here) as a lexicon file at `path`, via a temporary file. */
static int write_lexicon(struct xlqa_lexicon_builder *b, struct table *t, const struct xlqa_lang_info *src,
			 const struct xlqa_lang_info *tgt, const char *path, struct xlqa_lexicon_build_report *rep,
			 struct xlqa_error *err)
{
	struct writer w = { b, NULL, XLQA_BUF_INIT };
	struct lex_header h;
	struct lex_layout lay;
	struct lex_key *keys = NULL;
	struct lex_trans *trans = NULL;
	struct stem_row *stems = NULL;
	struct lex_stem *fstems = NULL;
	struct xlqa_buf stem = XLQA_BUF_INIT;
	struct xlqa_file_out out = { 0 }; /* written whole or not at all */
	size_t n_trans = 0, n_stems = 0, alloc_stems = 0, max_words = 1, pool_size;
	size_t slot = lang_slot(src);
	struct xlqa_lang *lang = slot < sizeof b->stemmers / sizeof b->stemmers[0] ? b->stemmers[slot] : b->stemmers[0];
	FILE *fp = NULL;
	uLong crc = crc32(0L, Z_NULL, 0);
	uint64_t pos;
	int rc = XLQA_OK;

	sort_builder = b;
	qsort(t->rows, t->n_rows, sizeof *t->rows, row_key_cmp);
	pool_size = b->pool.n;
	if (!(w.offsets = calloc(b->pool.n + 1, sizeof *w.offsets)) || !(keys = calloc(t->n_rows + 1, sizeof *keys)))
		goto nomem;
	for (size_t i = 0; i < t->n_rows; i++) {
		merge_joined_twins(&b->pool, &t->rows[i]);
		n_trans += t->rows[i].n < LEX_MAX_ALTS ? t->rows[i].n : LEX_MAX_ALTS;
	}
	if ((rc = part_joined_by_twins(b, t, tgt, err)))
		goto fail;
	if (!(trans = calloc(n_trans + 1, sizeof *trans)))
		goto nomem;
	memset(rep, 0, sizeof *rep);
	n_trans = 0;
	for (size_t i = 0; i < t->n_rows; i++) {
		struct row *r = &t->rows[i];
		const char *ks = b->pool.strs[r->key];
		size_t kw = lex_count_words(ks, strlen(ks));
		unsigned origins = 0;

		qsort(r->c, r->n, sizeof *r->c, cand_cmp);
		if ((rc = place(&w, r->key, &keys[i].str)))
			goto fail;
		keys[i].first = (uint32_t)n_trans;
		keys[i].n = r->n < LEX_MAX_ALTS ? r->n : LEX_MAX_ALTS;
		for (uint32_t j = 0; j < keys[i].n; j++) {
			struct lex_trans *lt = &trans[n_trans++];
			double q = r->c[j].weight * 65535.0 + 0.5;
			if ((rc = place(&w, r->c[j].text, &lt->str)))
				goto fail;
			lt->weight = (uint16_t)(q < 1 ? 1 : q > 65535 ? 65535 : q);
			lt->origin = r->c[j].origin;
			lt->pos = r->c[j].pos;
			origins |= r->c[j].origin;
		}
		for (size_t o = 0; o < XLQA_LEX_N_ORIGINS; o++)
			if (origins & (1u << o))
				rep->keys_by_origin[o]++;
		if (kw > max_words)
			max_words = kw;
		if (kw == 1 && lang) {
			uint32_t sid;
			xlqa_buf_reset(&stem);
			if ((rc = xlqa_lang_stem(lang, ks, strlen(ks), &stem, err)))
				goto out;
			if ((rc = pool_id(&b->pool, stem.buf, stem.len, &sid)) ||
			    (rc = XLQA_ARRAY_RESERVE(stems, alloc_stems, n_stems + 1)))
				goto fail;
			stems[n_stems++] = (struct stem_row){ sid, (uint32_t)i };
		}
	}
	/* Stems may have grown the pool past the offsets table. */
	if (b->pool.n > pool_size) {
		uint32_t *grown = realloc(w.offsets, (b->pool.n + 1) * sizeof *w.offsets);
		if (!grown)
			goto nomem;
		w.offsets = grown;
		memset(w.offsets + pool_size + 1, 0, (b->pool.n - pool_size) * sizeof *w.offsets);
	}
	qsort(stems, n_stems, sizeof *stems, stem_cmp);
	if (!(fstems = calloc(n_stems + 1, sizeof *fstems)))
		goto nomem;
	for (size_t i = 0; i < n_stems; i++) {
		fstems[i].key = stems[i].key;
		if ((rc = place(&w, stems[i].stem, &fstems[i].str)))
			goto fail;
	}

	memset(&h, 0, sizeof h);
	memcpy(h.magic, LEX_MAGIC, sizeof LEX_MAGIC);
	h.version = LEX_VERSION;
	h.byte_order = LEX_BYTE_ORDER;
	snprintf(h.source, sizeof h.source, "%s", src->code);
	snprintf(h.target, sizeof h.target, "%s", tgt->code);
	h.n_keys = (uint32_t)t->n_rows;
	h.n_trans = (uint32_t)n_trans;
	h.n_stems = (uint32_t)n_stems;
	h.max_words = (uint32_t)max_words;
	h.strings_size = w.strings.len;
	lex_layout_compute(&h, &lay);
	h.file_size = lay.end;

	if ((rc = xlqa_file_out_open(&out, path, err)))
		goto out;
	fp = out.fp;
	pos = sizeof h;
	if (write_all(fp, &h, sizeof h, NULL) || write_all(fp, keys, h.n_keys * sizeof *keys, &crc))
		goto ioerr;
	pos += h.n_keys * sizeof *keys;
	if (write_pad(fp, &pos, &crc) || write_all(fp, trans, n_trans * sizeof *trans, &crc))
		goto ioerr;
	pos += n_trans * sizeof *trans;
	if (write_pad(fp, &pos, &crc) || write_all(fp, fstems, n_stems * sizeof *fstems, &crc))
		goto ioerr;
	pos += n_stems * sizeof *fstems;
	if (write_pad(fp, &pos, &crc) || write_all(fp, w.strings.buf, w.strings.len, &crc))
		goto ioerr;
	pos += w.strings.len;
	if (write_pad(fp, &pos, &crc))
		goto ioerr;
	h.crc = (uint32_t)crc;
	h.header_crc = (uint32_t)crc32(0L, (const Bytef *)&h, (uInt)offsetof(struct lex_header, header_crc));
	if (fseek(fp, 0, SEEK_SET) != 0 || write_all(fp, &h, sizeof h, NULL))
		goto ioerr;
	if ((rc = xlqa_file_out_commit(&out, err)))
		goto out;
	rep->keys = h.n_keys;
	rep->translations = n_trans;
	rep->stems = n_stems;
	rep->bytes = h.file_size;
	goto out;
ioerr:
	rc = xlqa_error_errno(err, XLQA_EIO, "writing '%s'", path);
	goto out;
nomem:
	rc = XLQA_ENOMEM;
fail:
	xlqa_error_set(err, rc, "writing '%s': %s", path, xlqa_strerror(rc));
out:
	xlqa_file_out_release(&out);
	xlqa_buf_release(&stem);
	xlqa_buf_release(&w.strings);
	free(w.offsets);
	free(keys);
	free(trans);
	free(stems);
	free(fstems);
	return rc;
}

/* ---- the builder -------------------------------------------------------------------------------- */

void xlqa_lexicon_weights_default(struct xlqa_lexicon_weights *w)
{
	w->direct = 1.0;
	w->inverse = 0.8;
	w->pivot_en = 0.5;
	w->pivot_de = 0.4;
	w->pivot_stem = 0.7;
	w->names = 1.0;
	w->names_hunspell = 0.6;
	w->rank_decay = 0.15;
}

int xlqa_lexicon_builder_new(const struct xlqa_lexicon_build_options *opt, struct xlqa_lexicon_builder **out,
			     struct xlqa_error *err)
{
	struct xlqa_lexicon_builder *b = calloc(1, sizeof *b);
	const char *dir, *hdir, *adir;

	*out = NULL;
	if (!b)
		return xlqa_error_status(err, XLQA_ENOMEM, "creating the lexicon builder");
	if (opt)
		b->opt = *opt;
	if (b->opt.weights)
		b->w = *b->opt.weights;
	else
		xlqa_lexicon_weights_default(&b->w);
	adir = b->opt.apertium_dir ? b->opt.apertium_dir : getenv("XLQA_APERTIUM_DIR");
	dir = b->opt.dict_dir ? b->opt.dict_dir : getenv("XLQA_DICT_DIR");
	if (!dir || !*dir)
		dir = "/usr/share/dictd";
	hdir = b->opt.hunspell_dir ? b->opt.hunspell_dir : getenv("XLQA_HUNSPELL_DIR");
	if (!hdir || !*hdir)
		hdir = XLQA_HUNSPELLDIR;
	xlqa_buf_init(&b->pool.scratch);
	if (!(b->dict_dir = strdup(dir)) || !(b->hunspell_dir = strdup(hdir)) ||
	    (adir && *adir && !(b->apertium_dir = strdup(adir)))) {
		free(b->dict_dir);
		free(b->hunspell_dir);
		free(b);
		return xlqa_error_status(err, XLQA_ENOMEM, "creating the lexicon builder");
	}
	*out = b;
	return XLQA_OK;
}

void xlqa_lexicon_builder_free(struct xlqa_lexicon_builder *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n_dicts; i++) {
		free(b->dicts[i].entries);
		free(b->dicts[i].trans);
	}
	free(b->dicts);
	for (size_t i = 0; i < b->n_layers; i++)
		if (b->layers[i]) {
			table_release(&b->layers[i]->t);
			free(b->layers[i]->stems);
			free(b->layers[i]);
		}
	free(b->layers);
	for (size_t i = 0; i < sizeof b->stemmers / sizeof b->stemmers[0]; i++)
		xlqa_lang_free(b->stemmers[i]);
	for (size_t i = 0; i < sizeof b->spellers / sizeof b->spellers[0]; i++)
		close_words(b, i);
	pool_free_chunks(&b->pool);
	free(b->pool.strs);
	free(b->pool.lens);
	free(b->pool.slots);
	free(b->pool.norm);
	xlqa_buf_release(&b->pool.scratch);
	free(b->dict_dir);
	free(b->apertium_dir);
	free(b->hunspell_dir);
	free(b->names.ids);
	free(b);
}

size_t xlqa_lexicon_builder_n_dicts(const struct xlqa_lexicon_builder *b)
{
	size_t n = 0;
	for (size_t i = 0; i < b->n_dicts; i++)
		n += b->dicts[i].read;
	return n;
}

void xlqa_lexicon_builder_dict_at(const struct xlqa_lexicon_builder *b, size_t i, const char **name,
				  enum xlqa_dict_style *style, const struct xlqa_dict_stats **stats)
{
	for (size_t k = 0; k < b->n_dicts; k++) {
		if (!b->dicts[k].read)
			continue;
		if (i-- == 0) {
			*name = b->dicts[k].name;
			*style = b->dicts[k].style;
			*stats = &b->dicts[k].stats;
			return;
		}
	}
}

/*
 * Adds the name of FreeDict dictionary from-to to the report's missing list when it is absent
 * (Apertium has few pairs: its listings are extras, never missing).
 */
static void note_missing(struct xlqa_lexicon_builder *b, const struct xlqa_lang_info *from,
			 const struct xlqa_lang_info *to, struct xlqa_lexicon_build_report *rep)
{
	for (size_t i = 0; i < b->n_dicts; i++)
		if (b->dicts[i].absent && b->dicts[i].kind == DICT_FREEDICT && strcmp(b->dicts[i].from, from->code) == 0 &&
		    strcmp(b->dicts[i].to, to->code) == 0) {
			size_t len = strlen(rep->missing);
			snprintf(rep->missing + len, sizeof rep->missing - len, "%s%s", len ? " " : "", b->dicts[i].name);
		}
}

int xlqa_lexicon_builder_build(struct xlqa_lexicon_builder *b, const char *source, const char *target,
			       const char *path, struct xlqa_lexicon_build_report *report, struct xlqa_error *err)
{
	const struct xlqa_lang_info *src, *tgt, *en = xlqa_lang_find("en"), *de = xlqa_lang_find("de");
	struct xlqa_lexicon_build_report local;
	struct table final = { 0 };
	const struct table *direct;
	struct layer *layer;
	struct xlqa_lang *stemmer;
	uint64_t pair_start = b->clock + 1; /* layers handed out since are this pair's */
	size_t reads = b->reads;
	int rc;

	if (!report)
		report = &local;
	memset(report, 0, sizeof *report);
	if ((rc = xlqa_lang_lookup(source, &src, err)) || (rc = xlqa_lang_lookup(target, &tgt, err)))
		return rc;
	if (src == tgt)
		return xlqa_error_set(err, XLQA_EINVAL, "'%s-%s' is the identity: no lexicon needed", src->code, tgt->code);
	close_stemmers(b, src);
	if ((rc = get_stemmer(b, src, &stemmer, err)))
		return rc;
	/* Copy the direct layer: the final table gains pivots and names that must not leak into it.
	 * Under a memory budget it is taken over instead, its layer dropped from the cache (composed
	 * again if a later pair needs it): no pair keeps two copies of its largest table. A copy adds
	 * every row and candidate in the layer's order, numbering each row's candidates afresh;
	 * table_renumber does the same to a table taken over, so both give the same table. */
	if ((rc = get_layer(b, src, tgt, pair_start, &final, &layer, err)))
		return rc;
	direct = &layer->t;
	if (b->opt.memory) {
		final = layer->t;
		memset(&layer->t, 0, sizeof layer->t);
		drop_layer(layer);
		table_renumber(&final);
	} else {
		for (size_t i = 0; i < direct->n_rows; i++)
			for (uint32_t j = 0; j < direct->rows[i].n; j++) {
				const struct cand *c = &direct->rows[i].c[j];
				if ((rc = table_add(&final, direct->rows[i].key, c->text, c->norm, c->weight, c->origin,
						    c->pos))) {
					xlqa_error_status(err, rc, "building the lexicon");
					goto done;
				}
			}
		final.long_keys = direct->long_keys;
	}
	trim_cache(b, pair_start, UINT64_MAX, &final);
	if (!b->opt.no_pivots) {
		const struct xlqa_lang_info *pivots[2] = { en, de };
		const double weights[2] = { b->w.pivot_en, b->w.pivot_de };
		const unsigned origins[2] = { XLQA_LEX_PIVOT_EN, XLQA_LEX_PIVOT_DE };
		for (size_t p = 0; p < 2; p++) {
			struct layer *sp, *pt;
			if (pivots[p] == src || pivots[p] == tgt)
				continue;
			if ((rc = get_layer(b, src, pivots[p], pair_start, &final, &sp, err)))
				goto done;
			trim_cache(b, pair_start, UINT64_MAX, &final);
			if ((rc = get_layer(b, pivots[p], tgt, pair_start, &final, &pt, err)))
				goto done;
			trim_cache(b, pair_start, UINT64_MAX, &final);
			if ((rc = get_stemmer(b, pivots[p], &stemmer, err)) ||
			    (rc = add_pivot(b, &final, &sp->t, pt, stemmer, weights[p], origins[p], err)))
				goto done;
			note_missing(b, src, pivots[p], report);
			note_missing(b, pivots[p], tgt, report);
		}
	}
	/* The pair's layers are done with: they may go before the names (the first pair reads the
	 * hunspell ones into a large table) and the writer. */
	trim_cache(b, UINT64_MAX, UINT64_MAX, &final);
	note_missing(b, src, tgt, report);
	note_missing(b, tgt, src, report);
	if (!b->opt.no_names) {
		struct extra_ctx x = { b, &final, b->w.names, XLQA_LEX_NAMES };
		if ((rc = xlqa_dict_read_names(src->code, tgt->code, add_extra, &x, NULL, err)))
			goto done;
	}
	if (b->opt.tsv) {
		struct extra_ctx x = { b, &final, 1.0, XLQA_LEX_TSV };
		if ((rc = xlqa_dict_read_tsv(b->opt.tsv, false, add_extra, &x, NULL, err)))
			goto done;
	}
	/* Names alone make no lexicon: they are what is left when the dictionaries have nothing. */
	if (final.n_rows == 0) {
		rc = xlqa_error_set(err, XLQA_EEMPTY, "no translations for '%s-%s' (missing: %s)", src->code, tgt->code,
				    report->missing[0] ? report->missing : "none");
		goto done;
	}
	if (!b->opt.no_hunspell_names) {
		size_t len = strlen(report->missing);
		if ((rc = load_dic_names(b, err)) || (rc = add_dic_names(b, &final, err)))
			goto done;
		if (b->names.missing[0])
			snprintf(report->missing + len, sizeof report->missing - len, "%s%s", len ? " " : "",
				 b->names.missing);
	}
	/* The cache, the pool and the table fit the budget again before writing, whose tables grow
	 * with the pool (one offset per string). */
	trim_cache(b, UINT64_MAX, UINT64_MAX, &final);
	{
		char missing[sizeof report->missing];
		memcpy(missing, report->missing, sizeof missing);
		rc = write_lexicon(b, &final, src, tgt, path, report, err);
		memcpy(report->missing, missing, sizeof missing);
	}
done:
	report->dicts_read = b->reads - reads;
	table_release(&final);
	trim_cache(b, UINT64_MAX, UINT64_MAX, NULL);
	return rc;
}
