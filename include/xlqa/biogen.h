/*
 * biogen: the checker for TREC BioGen-style JSON submissions (../shared/seeds/002_*.txt). A run is
 * one JSON object {team_id, run_name, contact_email, results: [{topic_id, answer, references}]};
 * an answer cites PMIDs in square-bracket lists ("... aspirin [12345, 67890]."), and every cited
 * PMID must be in that result's references, every reference cited at least once.
 *
 * The checker reports every violation it finds, not only the first, as a list of findings, each
 * naming a rule from a const registry (id, severity, one line of help) and where it is: the JSON path,
 * the topic and the sentence. Sentences come from ICU's sentence segmentation (the spec names spaCy;
 * ICU is what xlqa has) of the answer with its bracket lists blanked out, so a list never straddles
 * a sentence boundary and sentence-final punctuation is that of the prose.
 *
 * Invariant: checking never fails on bad input (malformed JSON is itself a finding); it fails only
 * for memory or ICU. Findings are in document order.
 *
 * Ownership as xlqa.h states it; objects the caller frees: xlqa_biogen_topics_free(); caller-declared structs
 * released by xlqa_biogen_report_release().
 */
#ifndef XLQA_BIOGEN_H
#define XLQA_BIOGEN_H

#include "xlqa/util.h"

#ifdef __cplusplus
extern "C" {
#endif

enum xlqa_biogen_severity {
	XLQA_BIOGEN_ERROR = 0,   /* the submission breaks the spec and would be discarded or mis-scored */
	XLQA_BIOGEN_WARNING = 1, /* the spec discards the text, or it is unusual but allowed */
};

/* One checker rule. The registry is static: pointers to rules live as long as the program. */
struct xlqa_biogen_rule {
	const char *id; /* "citation-unreferenced" */
	enum xlqa_biogen_severity severity;
	const char *help; /* one line, lower case */
};

/* The number of rules, and rule i (NULL past the end), in the order the checker applies them. */
size_t xlqa_biogen_rule_count(void);
const struct xlqa_biogen_rule *xlqa_biogen_rule_at(size_t i);
/* The rule named `id`, or NULL. */
const struct xlqa_biogen_rule *xlqa_biogen_rule_find(const char *id);
/* "error" or "warning". Static storage. */
const char *xlqa_biogen_severity_name(enum xlqa_biogen_severity severity);

/* One violation. Strings are owned by the report that holds the finding. */
struct xlqa_biogen_finding {
	const struct xlqa_biogen_rule *rule; /* static registry entry */
	const char *path;     /* JSON path: "$", "$.results[2].answer", "$.results[0].references[1]" */
	const char *topic_id; /* the result's topic_id when it has a string one, else NULL */
	long sentence;        /* 1-based sentence of the answer the finding is about; 0 when none (for a
	                         list before the first sentence, 0 too) */
	long answer_offset;   /* byte offset in the answer string (of a list's '['), -1 when none */
	long line;            /* json-syntax only: 1-based line and column of the file; 0 otherwise */
	long column;
	const char *message;  /* lower case, subject in single quotes, no full stop */
};

/* What a check found. The caller owns the struct; init before use, release after. */
struct xlqa_biogen_report {
	struct xlqa_biogen_finding *findings; /* document order */
	size_t n_findings;
	size_t alloc_findings;
	size_t n_errors;   /* findings of error severity */
	size_t n_warnings; /* findings of warning severity */
	size_t n_results;  /* entries in "results" (0 when the JSON does not parse) */
	size_t n_sentences; /* sentences over all answers */
	size_t n_citations; /* PMIDs kept from citation lists (at most three a list) over all answers */
	bool topics_checked; /* false when no topics were given: topic-unknown/missing not applied */
	struct xlqa_arena strings; /* owns every string the findings point to */
};
void xlqa_biogen_report_init(struct xlqa_biogen_report *r);
/* Frees everything the report holds and leaves it initialised and empty. */
void xlqa_biogen_report_release(struct xlqa_biogen_report *r);

/* The set of topic ids a run may answer, read from a topics file. Opaque; heap object. */
struct xlqa_biogen_topics;

/*
 * Parses a topics file: what the spec describes, newline-delimited JSON objects each with a string
 * "topic_id" (title, question and narrative are read past, not required); blank lines are skipped.
 * A file whose first non-blank byte is '[' is read as one JSON array of such objects instead.
 * `name` names the input in messages (NULL: "<topics>"). On success *out is a heap object the caller
 * frees with xlqa_biogen_topics_free. Errors: XLQA_EPARSE ("name:line:column: ..." for bad JSON, a
 * non-object, a missing or non-string topic_id, a topic_id given twice), XLQA_EEMPTY for no topics,
 * XLQA_ENOMEM.
 */
int xlqa_biogen_topics_parse(const char *data, size_t len, const char *name, struct xlqa_biogen_topics **out,
			     struct xlqa_error *err);
/* Reads and parses the file at `path` ("-": standard input); the errors of xlqa_file_read and _parse. */
int xlqa_biogen_topics_read(const char *path, struct xlqa_biogen_topics **out, struct xlqa_error *err);
void xlqa_biogen_topics_free(struct xlqa_biogen_topics *t);
size_t xlqa_biogen_topics_count(const struct xlqa_biogen_topics *t);
/* True when `topic_id` (NUL-terminated) is one of the topics. */
bool xlqa_biogen_topics_has(const struct xlqa_biogen_topics *t, const char *topic_id);

/*
 * Checks `len` bytes of a run (JSON text) and appends what it finds to `report` (which should be
 * freshly initialised). `topics` may be NULL: topic ids are then not checked against a topic set.
 * Returns XLQA_OK whatever the run holds (look at report->n_errors); XLQA_ENOMEM or XLQA_EEXTERNAL
 * (ICU) when checking itself fails, in which case the report holds what was found so far.
 */
int xlqa_biogen_check(const char *json, size_t len, const struct xlqa_biogen_topics *topics,
		      struct xlqa_biogen_report *report, struct xlqa_error *err);

/*
 * Appends the report as one JSON object to `out`: {"file", "errors", "warnings", "results",
 * "sentences", "citations", "topics_checked", "findings": [{"rule", "severity", "path", "topic_id",
 * "sentence", "answer_offset", "line", "column", "message"}]}, absent locations as null. `name` is
 * the value of "file". Errors: XLQA_ENOMEM.
 */
int xlqa_biogen_report_json(const struct xlqa_biogen_report *r, const char *name, struct xlqa_buf *out,
			    struct xlqa_error *err);

#ifdef __cplusplus
}
#endif
#endif
