/*
 * hash: a string-keyed open-addressing table with linear probing. Invariant: the table is never more
 * than 3/4 full, so every probe sequence reaches an empty slot; entries are never deleted, which keeps
 * probing simple (the tables in xlqa are built once and then read).
 */
#include "config.h"

#include "xlqa/util.h"

#include <stdlib.h>
#include <string.h>

uint64_t xlqa_hash_bytes(const void *data, size_t len)
{
	/* FNV-1a, 64-bit offset basis and prime (Fowler, Noll, Vo; IETF draft-eastlake-fnv). */
	const unsigned char *p = data;
	uint64_t h = UINT64_C(14695981039346656037);

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= UINT64_C(1099511628211);
	}
	return h;
}

void xlqa_hash_init(struct xlqa_hash *h)
{
	h->slots = NULL;
	h->n_slots = 0;
	h->count = 0;
	xlqa_arena_init(&h->keys, 0);
}

void xlqa_hash_release(struct xlqa_hash *h)
{
	free(h->slots);
	xlqa_arena_release(&h->keys);
	xlqa_hash_init(h);
}

static size_t hash_probe(const struct xlqa_hash_entry *slots, size_t n_slots, const char *key, size_t len,
			 uint64_t hv)
{
	size_t mask = n_slots - 1;
	size_t i = (size_t)hv & mask;

	while (slots[i].key) {
		if (slots[i].hash == hv && slots[i].key_len == len && memcmp(slots[i].key, key, len) == 0)
			break;
		i = (i + 1) & mask;
	}
	return i;
}

static int hash_resize(struct xlqa_hash *h, size_t n_slots)
{
	struct xlqa_hash_entry *slots;

	if (n_slots > SIZE_MAX / sizeof *slots)
		return XLQA_EOVERFLOW;
	slots = calloc(n_slots, sizeof *slots);
	if (!slots)
		return XLQA_ENOMEM;
	for (size_t i = 0; i < h->n_slots; i++) {
		const struct xlqa_hash_entry *e = &h->slots[i];
		if (e->key)
			slots[hash_probe(slots, n_slots, e->key, e->key_len, e->hash)] = *e;
	}
	free(h->slots);
	h->slots = slots;
	h->n_slots = n_slots;
	return XLQA_OK;
}

int xlqa_hash_put(struct xlqa_hash *h, const char *key, size_t len, void *value, void **old)
{
	uint64_t hv = xlqa_hash_bytes(key, len);
	struct xlqa_hash_entry *e;
	char *copy;
	int rc;

	if (old)
		*old = NULL;
	if ((h->count + 1) * 4 > h->n_slots * 3) {
		if (h->n_slots > SIZE_MAX / 2)
			return XLQA_EOVERFLOW;
		rc = hash_resize(h, h->n_slots ? h->n_slots * 2 : 16);
		if (rc)
			return rc;
	}
	e = &h->slots[hash_probe(h->slots, h->n_slots, key, len, hv)];
	if (e->key) {
		if (old)
			*old = e->value;
		e->value = value;
		return XLQA_OK;
	}
	copy = xlqa_arena_strndup(&h->keys, key, len);
	if (!copy)
		return XLQA_ENOMEM;
	e->key = copy;
	e->key_len = len;
	e->hash = hv;
	e->value = value;
	h->count++;
	return XLQA_OK;
}

const struct xlqa_hash_entry *xlqa_hash_find(const struct xlqa_hash *h, const char *key, size_t len)
{
	const struct xlqa_hash_entry *e;

	if (!h->n_slots)
		return NULL;
	e = &h->slots[hash_probe(h->slots, h->n_slots, key, len, xlqa_hash_bytes(key, len))];
	return e->key ? e : NULL;
}

bool xlqa_hash_get(const struct xlqa_hash *h, const char *key, size_t len, void **value)
{
	const struct xlqa_hash_entry *e = xlqa_hash_find(h, key, len);

	if (!e)
		return false;
	if (value)
		*value = e->value;
	return true;
}

const struct xlqa_hash_entry *xlqa_hash_next(const struct xlqa_hash *h, size_t *pos)
{
	while (*pos < h->n_slots) {
		const struct xlqa_hash_entry *e = &h->slots[(*pos)++];
		if (e->key)
			return e;
	}
	return NULL;
}
