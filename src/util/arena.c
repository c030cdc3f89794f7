/*
 * arena: bump allocation from a chain of blocks. Invariant: `head` is the block being filled; every
 * other block in the chain is full or abandoned. Reset keeps only the largest block.
 */
#include "config.h"

#include "xlqa/util.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

struct xlqa_arena_block {
	struct xlqa_arena_block *next;
	size_t size; /* usable bytes in data[] */
	size_t used;
	alignas(max_align_t) unsigned char data[];
};

#define ARENA_ALIGN (alignof(max_align_t))
#define ARENA_DEFAULT_BLOCK (64u * 1024u)

void xlqa_arena_init(struct xlqa_arena *a, size_t block_size)
{
	a->head = NULL;
	a->block_size = block_size ? block_size : ARENA_DEFAULT_BLOCK;
	a->used_total = 0;
}

static struct xlqa_arena_block *arena_block_new(size_t size)
{
	struct xlqa_arena_block *blk;

	if (size > SIZE_MAX - sizeof *blk)
		return NULL;
	blk = malloc(sizeof *blk + size);
	if (!blk)
		return NULL;
	blk->next = NULL;
	blk->size = size;
	blk->used = 0;
	return blk;
}

void *xlqa_arena_alloc(struct xlqa_arena *a, size_t size)
{
	struct xlqa_arena_block *blk = a->head;
	size_t start;

	if (size > SIZE_MAX - ARENA_ALIGN)
		return NULL;
	if (blk) {
		start = (blk->used + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);
		if (start <= blk->size && size <= blk->size - start) {
			blk->used = start + size;
			a->used_total += size;
			return blk->data + start;
		}
	}
	blk = arena_block_new(size > a->block_size ? size : a->block_size);
	if (!blk)
		return NULL;
	blk->next = a->head;
	a->head = blk;
	blk->used = size;
	a->used_total += size;
	return blk->data;
}

char *xlqa_arena_strndup(struct xlqa_arena *a, const char *s, size_t len)
{
	char *p;

	if (len == SIZE_MAX)
		return NULL;
	p = xlqa_arena_alloc(a, len + 1);
	if (!p)
		return NULL;
	if (len)
		memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

void xlqa_arena_reset(struct xlqa_arena *a)
{
	struct xlqa_arena_block *keep = NULL;
	struct xlqa_arena_block *blk = a->head;

	while (blk) {
		struct xlqa_arena_block *next = blk->next;
		if (!keep || blk->size > keep->size) {
			free(keep);
			keep = blk;
		} else {
			free(blk);
		}
		blk = next;
	}
	if (keep) {
		keep->next = NULL;
		keep->used = 0;
	}
	a->head = keep;
	a->used_total = 0;
}

void xlqa_arena_release(struct xlqa_arena *a)
{
	struct xlqa_arena_block *blk = a->head;

	while (blk) {
		struct xlqa_arena_block *next = blk->next;
		free(blk);
		blk = next;
	}
	a->head = NULL;
	a->used_total = 0;
}
