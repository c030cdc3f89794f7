/* reseal: the checksums of index and lexicon files, recomputed after a deliberate alteration. */
#include "config.h"

#include "reseal.h"

#include "index/index-internal.h"
#include "lexicon/lexicon-internal.h"

#include <stddef.h>
#include <string.h>
#include <zlib.h>

static uint32_t crc_of(const unsigned char *p, size_t len)
{
	uLong crc = crc32(0L, Z_NULL, 0);

	while (len) {
		uInt chunk = len > (1u << 30) ? (1u << 30) : (uInt)len;

		crc = crc32(crc, p, chunk);
		p += chunk;
		len -= chunk;
	}
	return (uint32_t)crc;
}

void reseal_index(unsigned char *data, size_t len)
{
	struct idx_header h;

	if (len < sizeof h)
		return;
	memcpy(&h, data, sizeof h);
	for (int i = 0; i < SEC_COUNT; i++) {
		struct idx_section *s = &h.sections[i];

		if (s->offset <= len && s->length <= len - s->offset)
			s->crc = crc_of(data + s->offset, s->length);
	}
	h.header_crc = crc_of((const unsigned char *)&h, offsetof(struct idx_header, header_crc));
	memcpy(data, &h, sizeof h);
}

void reseal_lexicon(unsigned char *data, size_t len)
{
	struct lex_header h;

	if (len < sizeof h)
		return;
	memcpy(&h, data, sizeof h);
	h.crc = crc_of(data + sizeof h, len - sizeof h);
	h.header_crc = crc_of((const unsigned char *)&h, offsetof(struct lex_header, header_crc));
	memcpy(data, &h, sizeof h);
}
