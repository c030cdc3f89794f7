/*
 * reseal: recomputes the checksums of an index or lexicon file held in memory after a test or a fuzz
 * target has altered it, so that what is tested is the reader's structural checks, not its CRCs.
 * Both leave the bytes alone when the file is too short to hold a header.
 */
#ifndef XLQA_TEST_RESEAL_H
#define XLQA_TEST_RESEAL_H

#include <stddef.h>

/* index.xlqa: every section's CRC that lies inside the buffer, then the header's CRC. */
void reseal_index(unsigned char *data, size_t len);
/* a lexicon file: the CRC of everything after the header, then the header's CRC. */
void reseal_lexicon(unsigned char *data, size_t len);

#endif
