/*
 * index-internal: the on-disk layout of index.xlqa, shared by the builder and the reader. Integers are
 * in the host's byte order, which the header records; every section is 8-byte aligned.
 *
 *   header | store (zlib blobs) | docs | docstr | docno order | terms | termstr | postings | meta | vocab
 *
 * Postings of a term: for each document, varint(doc - previous doc; the first one absolute),
 * varint(tf), then tf varint position gaps (the first one absolute). Varints are LEB128. Right after
 * a term's postings (inside the postings section) comes its skip table: for each complete block of
 * IDX_SKIP_BLOCK documents, a struct idx_skip (the block's last document and where the next block
 * starts), so that a reader looking for a later document jumps over the blocks that end before it
 * instead of decoding them. A block's first document stays a gap from the previous block's last.
 */
#ifndef XLQA_INDEX_INTERNAL_H
#define XLQA_INDEX_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IDX_FILE "index.xlqa"
#define IDX_MAGIC "XLQAIDX"      /* 8 bytes with its NUL */
/* 2: a lower-case irregular form also holds its lemmas' stems ("sang": "sing"); 3: a German noun
 * in -em keeps it in its stem ("problem", lang/de/stem-keep.txt); 4: a German name's genitive "s"
 * after a vowel comes off ("teslas": "tesla", genitive.txt); 5: the vocab section (the words the
 * cognate matcher needs, counted at build time instead of by reading every document on each use).
 * 6: skip tables after each term's postings (idx_term.skips, n_skips; struct idx_skip); 7: a skip
 * entry every 16 documents instead of 64 (a seek decodes a quarter of the postings inside a block).
 * The terms of an older index would miss what queries look for, or its skip tables would be read
 * with the wrong block size, so it must be rebuilt */
#define IDX_VERSION 7u
#define IDX_BYTE_ORDER 0x01020304u

enum idx_section_id {
	SEC_STORE, SEC_DOCS, SEC_DOCSTR, SEC_DOCNO_ORDER, SEC_TERMS, SEC_TERMSTR, SEC_POSTINGS, SEC_META, SEC_VOCAB,
	SEC_COUNT
};

struct idx_section {
	uint64_t offset, length;
	uint32_t crc; /* CRC-32 (zlib) of the section's bytes */
	uint32_t pad;
};

struct idx_header {
	char magic[8];
	uint32_t version;
	uint32_t byte_order;
	uint64_t file_size;
	struct idx_section sections[SEC_COUNT];
	uint32_t header_crc; /* CRC-32 of the header up to this field */
	uint32_t pad;
};

/* The meta section: this struct, then the collections' names (collections_len bytes, NUL-terminated). */
struct idx_meta {
	uint64_t documents, terms, postings, positions, total_length;
	char language[8];
	uint32_t collections_len;
	uint32_t pad;
};

/*
 * The vocab section: the case-folded words of the documents (xlqa_text_normalize with
 * XLQA_NORM_CASEFOLD of every word that has a term and does not start with a byte <= '9' as a
 * signed char: digits, punctuation and, on machines where char is signed, every non-ASCII
 * initial), with their occurrence counts. Layout: uint64 n, then n uint64 counts, then the n words,
 * each NUL-terminated, in the same order. The order is the one an xlqa_hash filled in order of first
 * occurrence iterates in: the order the translator has always been given them, which its cognate
 * sort keeps among equals.
 */

struct idx_doc {
	uint64_t store_offset; /* within the store section */
	uint32_t store_len;    /* compressed bytes */
	uint32_t text_len;     /* uncompressed bytes */
	uint32_t length;       /* indexed words */
	uint32_t docno;        /* offset in docstr */
	uint32_t date;         /* offset in docstr */
	uint32_t pad;
};

struct idx_term {
	uint64_t postings; /* offset within the postings section */
	uint64_t postings_len; /* the postings' bytes, not counting the skip table */
	uint64_t cf;
	uint64_t skips; /* offset of the skip table within the postings section (after the postings) */
	uint32_t name; /* offset in termstr */
	uint32_t df;
	uint32_t n_skips; /* df / IDX_SKIP_BLOCK entries */
	uint32_t pad;
};

/* Documents a skip table entry spans: small enough that a jump lands near its target, large enough
 * that the tables add little (8 bytes a block). Over 396,000 newswire documents, 16 against 64 makes
 * the index 2.7% larger and 200 DE-EN questions 3% cheaper (a phrase's join seeks a common word's
 * list thousands of times, decoding the postings of a block up to each target); 8 saves 1% more for
 * 6.4% larger. */
#define IDX_SKIP_BLOCK 16u

/* A skip table entry; may be unaligned in the file (read with memcpy). */
struct idx_skip {
	uint32_t last_doc; /* the block's last document */
	uint32_t end;      /* where the next block starts: bytes from the term's first posting */
};

/*
 * For tests of the searcher's pruning (search.c): with `exhaustive` set, every document the query
 * matches is scored, as without pruning; xlqa_searcher_skipped says how many candidates the last
 * search dropped before scoring them all (0 when exhaustive).
 */
struct xlqa_searcher;
void xlqa_searcher_set_exhaustive(struct xlqa_searcher *s, bool exhaustive);
size_t xlqa_searcher_skipped(const struct xlqa_searcher *s);

/* LEB128 varints. */
static inline unsigned char *idx_put_varint(unsigned char *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (unsigned char)v;
	return p;
}

/* Decodes a varint; NULL when it runs past `end` or beyond 64 bits. */
static inline const unsigned char *idx_get_varint(const unsigned char *p, const unsigned char *end, uint64_t *v)
{
	uint64_t x = 0;

	for (unsigned shift = 0; p < end && shift < 64; shift += 7) {
		unsigned char c = *p++;

		x |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = x;
			return p;
		}
	}
	return 0;
}

#endif
