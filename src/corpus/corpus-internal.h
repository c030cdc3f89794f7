/*
 * corpus-internal: what the corpus module's files share: the SGML tag scanner and the per-format
 * document extractors. Not exported.
 */
#ifndef XLQA_CORPUS_INTERNAL_H
#define XLQA_CORPUS_INTERNAL_H

#include "xlqa/corpus.h"

#include <stdbool.h>
#include <stddef.h>

/* A tag found in a buffer: bytes [start, end) from '<' to '>' inclusive. */
struct corpus_tag {
	size_t start, end;
	const char *name; /* not NUL-terminated */
	size_t name_len;
	const char *attrs; /* the bytes between the name and '>' */
	size_t attrs_len;
	bool close;  /* "</NAME>" */
	bool markup; /* a comment or declaration ("<!-- -->", "<!DOCTYPE>", "<?xml?>"): no name */
};

/*
 * Finds the first tag, comment or declaration at or after `pos`. `spaced` names the one
 * element whose tags may have blanks after '<' ("< DOC>"), or is NULL. False when none is left.
 */
bool corpus_next_tag(const char *data, size_t len, size_t pos, const char *spaced, struct corpus_tag *t);
/* True when the tag's name is `name`, ignoring case. */
bool corpus_tag_is(const struct corpus_tag *t, const char *name);
/* Finds attribute `name` (any case); its value, unquoted, in *value and *len. */
bool corpus_tag_attr(const struct corpus_tag *t, const char *name, const char **value, size_t *len);
/* True for formatting tags (B, I, FONT, ...) that text drops without a break. */
bool corpus_tag_inline(const struct corpus_tag *t);
/*
 * Where the element opened by `open` ends within data[0..len): after its close tag (*closed true), or,
 * when it is never closed, where the next element other than a paragraph or formatting tag starts.
 * Sets *content_end to the end of its content and returns the position after the element.
 */
size_t corpus_element_end(const char *data, size_t len, const struct corpus_tag *open, size_t *content_end,
                          bool *closed);

struct corpus_reader_state;

/*
 * A format's extractor: fills the reader's docno, date and text buffers from one document's bytes
 * data[0..len) (the document element included). Returns XLQA_OK, or a skip reason as a positive
 * value (enum xlqa_skip_reason + 1) with a message in `why`, or a negative status.
 */
typedef int corpus_extract_fn(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *open,
                              struct xlqa_buf *why, struct xlqa_error *err);

int corpus_extract_sgml(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *open,
                        struct xlqa_buf *why, struct xlqa_error *err);
int corpus_extract_xml(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *open,
                       struct xlqa_buf *why, struct xlqa_error *err);
int corpus_extract_html(struct xlqa_corpus_reader *r, const char *data, size_t len, const struct corpus_tag *open,
                        struct xlqa_buf *why, struct xlqa_error *err);

/* The reader's output fields, filled by the extractors. */
struct xlqa_buf *corpus_docno_buf(struct xlqa_corpus_reader *r);
struct xlqa_buf *corpus_date_buf(struct xlqa_corpus_reader *r);
struct xlqa_buf *corpus_text_buf(struct xlqa_corpus_reader *r);
const struct xlqa_corpus_config *corpus_config(const struct xlqa_corpus_reader *r);
/*
 * Appends raw collection bytes as clean UTF-8 text: tags dropped (a line break for block tags, nothing
 * for formatting tags), CR and CRLF as LF, decoded from the collection's encoding, character references
 * replaced, control characters as blanks. XLQA_EENCODING with err->offset relative to `data`.
 */
int corpus_add_text(struct xlqa_corpus_reader *r, const char *data, size_t len, struct xlqa_buf *out,
                    struct xlqa_error *err);
/* Appends UTF-8 text with runs of white space as one blank and none at either end. */
int corpus_add_collapsed(struct xlqa_buf *out, const char *s, size_t len);

#endif
