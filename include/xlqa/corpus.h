/*
 * corpus: collection descriptions (the .conf files of corpora-config/) and the readers that turn a collection's
 * files into documents: DOCNO, date and UTF-8 text. Three readers share one interface: a tolerant
 * SGML reader for CLEF, TREC and Reuters newswire, an XML reader (libxml2) for AQUAINT-2 and an HTML
 * reader (libxml2's HTML parser) for Blog06 permalinks.
 *
 * Invariant: a document handed out has a non-empty DOCNO and text that is valid UTF-8 in NFC with
 * character references decoded and no control characters other than newline and tab. A document that
 * cannot be read is never handed out silently: the skip callback hears of it, with file, byte offset
 * and reason, and the reader's counts include it.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_corpus_free(), xlqa_corpus_config_free().
 */
#ifndef XLQA_CORPUS_H
#define XLQA_CORPUS_H

#include "xlqa/util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a collection's files are read. */
enum xlqa_corpus_format {
	XLQA_CORPUS_SGML = 0, /* newswire SGML, read by xlqa's own tolerant scanner */
	XLQA_CORPUS_XML = 1,  /* well-formed XML documents (AQUAINT-2), read with libxml2 */
	XLQA_CORPUS_HTML = 2, /* SGML envelopes around HTML pages (Blog06), the pages read with libxml2 */
};

#define XLQA_CORPUS_MAX_FIELDS 16

/*
 * A collection description, read from an INI-style file (format in corpora-config/README.md). Every
 * string is owned by the config and lives until xlqa_corpus_config_free.
 */
struct xlqa_corpus_config {
	const char *path;     /* the file it was read from */
	const char *name;     /* "la-times-94" */
	const char *language; /* ISO 639-1 code, lower case: "en" */
	const char *encoding; /* iconv name: "ISO-8859-1" */
	enum xlqa_corpus_format format;
	const char *files[XLQA_CORPUS_MAX_FIELDS]; /* globs relative to the data root; ".gz" files are gunzipped */
	size_t n_files;
	const char *doc;          /* element that delimits a document: "DOC" (case-insensitive) */
	const char *docno;        /* element holding the DOCNO, or NULL when docno_attr is used */
	const char *docno_attr;   /* attribute of the document element holding it ("NEWID"), or NULL */
	const char *docno_prefix; /* prepended to the DOCNO read ("REUTERS-"), "" for none */
	const char *text[XLQA_CORPUS_MAX_FIELDS]; /* elements whose text is indexed, in any order */
	size_t n_text;
	const char *date;      /* element holding the date, or NULL */
	const char *date_attr; /* attribute of the document element holding the date, or NULL */
	const char *html_after; /* HTML format: the page follows this element's end ("DOCHDR") */
	struct xlqa_arena strings;
};

/*
 * Reads a collection description. Errors: XLQA_EPARSE "path:line: ..." for a malformed line, an
 * unknown key or a missing required key (name, language, files, doc, docno or docno_attr, text unless
 * the format is HTML), XLQA_ENOTFOUND/XLQA_EIO, XLQA_ENOMEM. On success *out is the caller's, freed
 * with xlqa_corpus_config_free.
 */
int xlqa_corpus_config_read(const char *path, struct xlqa_corpus_config **out, struct xlqa_error *err);
/* As xlqa_corpus_config_read, from `len` bytes; `name` is used as the path in messages. */
int xlqa_corpus_config_parse(const char *data, size_t len, const char *name, struct xlqa_corpus_config **out,
                             struct xlqa_error *err);
void xlqa_corpus_config_free(struct xlqa_corpus_config *cfg);

/* One document. Its strings belong to the reader and are valid until the next xlqa_corpus_next call. */
struct xlqa_doc {
	const char *docno; /* prefix included, surrounding white space removed */
	const char *date;  /* as written (white space collapsed), or "" */
	const char *text;  /* the text elements' contents in document order, separated by a blank line */
	size_t len;        /* bytes of text */
	const char *file;  /* the file it came from */
	int64_t offset;    /* byte offset of the document's start in the (uncompressed) file */
};

/* Why a document was skipped; the reasons are counted separately. */
enum xlqa_skip_reason {
	XLQA_SKIP_UNCLOSED = 0,  /* the document element is not closed */
	XLQA_SKIP_NO_DOCNO = 1,  /* no DOCNO element or attribute, or an empty one */
	XLQA_SKIP_NO_TEXT = 2,   /* none of the text elements is present */
	XLQA_SKIP_ENCODING = 3,  /* bytes that do not decode in the collection's encoding */
	XLQA_SKIP_MALFORMED = 4, /* XML or HTML the parser cannot recover */
	XLQA_SKIP_DUPLICATE = 5, /* a DOCNO seen before (reported by the indexer, which sees all collections) */
	XLQA_SKIP_REASONS = 6
};
/* The reason's short name: "unclosed", "no-docno", ... */
const char *xlqa_skip_reason_name(enum xlqa_skip_reason r);

/* Counts kept by a reader across all its files. */
struct xlqa_corpus_counts {
	uint64_t files;
	uint64_t bytes;     /* uncompressed bytes read */
	uint64_t documents; /* document elements found, read or skipped */
	uint64_t read;      /* documents handed out */
	uint64_t skipped[XLQA_SKIP_REASONS];
	uint64_t kept_references; /* malformed character references kept as text ("AT&T") */
};

/*
 * Told of every skipped document: file, byte offset of the document, reason and a message. The
 * message is valid during the call only.
 */
typedef void xlqa_corpus_skip_fn(void *ctx, const char *file, int64_t offset, enum xlqa_skip_reason reason,
                                 const char *message);

struct xlqa_corpus_reader;

/*
 * Opens a reader over the collection: expands the config's globs under `data_root` (NULL: the current
 * directory) in sorted order. Errors: XLQA_ENOTFOUND when a glob matches no file, XLQA_EINVAL for an
 * encoding iconv does not know, XLQA_ENOMEM. `on_skip` may be NULL. The config must outlive the reader.
 */
int xlqa_corpus_open(const struct xlqa_corpus_config *cfg, const char *data_root, xlqa_corpus_skip_fn *on_skip,
                     void *ctx, struct xlqa_corpus_reader **out, struct xlqa_error *err);
void xlqa_corpus_free(struct xlqa_corpus_reader *r);
/*
 * Reads the next document into *doc. Returns XLQA_OK with *end false and a document, XLQA_OK with *end
 * true when the collection is exhausted, or an error that stops reading (XLQA_EIO for a file that
 * cannot be read, a corrupt gzip stream or one cut short, XLQA_ENOMEM). Skipped documents are reported
 * and counted, not returned as errors. A gzip file cut exactly between two members is a valid gzip file
 * and cannot be told from a shorter one.
 */
int xlqa_corpus_next(struct xlqa_corpus_reader *r, struct xlqa_doc *doc, bool *end, struct xlqa_error *err);
/* The counts so far. */
const struct xlqa_corpus_counts *xlqa_corpus_get_counts(const struct xlqa_corpus_reader *r);
/* The files the globs matched, in reading order, and an estimate of their total size in bytes. */
size_t xlqa_corpus_file_count(const struct xlqa_corpus_reader *r);
const char *xlqa_corpus_file_at(const struct xlqa_corpus_reader *r, size_t i);
uint64_t xlqa_corpus_total_bytes(const struct xlqa_corpus_reader *r);

#ifdef __cplusplus
}
#endif
#endif
