/*
 * array: the one checked growth helper every growable array goes through, so no call site does its
 * own size arithmetic. Growth is by half again, which keeps appends amortised O(1).
 */
#include "config.h"

#include "xlqa/util.h"

#include <stdlib.h>
#include <string.h>

int xlqa_array_reserve(void *pitems, size_t *alloc, size_t need, size_t elem_size)
{
	void *items;
	void *grown;
	size_t n;

	if (need <= *alloc)
		return XLQA_OK;
	if (elem_size == 0)
		return XLQA_EINVAL;
	n = *alloc + *alloc / 2 + 16;
	if (n < need || n < *alloc)
		n = need;
	if (n > SIZE_MAX / elem_size) {
		if (need > SIZE_MAX / elem_size)
			return XLQA_EOVERFLOW;
		n = need;
	}
	/* The caller's pointer has some object-pointer type; copy it through bytes, not through a cast. */
	memcpy(&items, pitems, sizeof items);
	grown = realloc(items, n * elem_size);
	if (!grown)
		return XLQA_ENOMEM;
	memcpy(pitems, &grown, sizeof grown);
	*alloc = n;
	return XLQA_OK;
}
