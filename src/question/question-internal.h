/*
 * question-internal: what the files of src/question share, and what the answerer (src/answer) may ask
 * of question analysis beyond the public header: the loaded rules (rules.c) and the view of a
 * question's words the rules are matched against (analysis.c builds it).
 */
#ifndef XLQA_QUESTION_INTERNAL_H
#define XLQA_QUESTION_INTERNAL_H

#include "xlqa/question.h"

/* The words of a question (punctuation left out), with what the matcher asks of each. */
struct qa_words {
	const char *text;                 /* the question */
	const struct xlqa_token **tok;    /* n word and number tokens, in order */
	bool *cap;                        /* first letter upper case */
	bool *name;                       /* capitalised and, where nouns are too, unknown or an acronym */
	bool *stop;                       /* stop word or article */
	size_t n;
};

/* The result of matching one rule. */
struct qa_match {
	size_t line;                      /* the rule's line in questions.txt */
	enum xlqa_answer_type type;
	const struct xlqa_answer_subtype_info *subtype;
	bool definition;                  /* the rule says D */
	long focus;                       /* word index of the focus noun, or -1 */
	size_t name_start, name_end;      /* the @name/@words capture [start, end), empty when equal */
	bool *question_word;              /* n flags: words the pattern matched literally (not keywords) */
};

/* A word's class in a focus or unit table. */
struct qa_class {
	enum xlqa_answer_type type;
	const struct xlqa_answer_subtype_info *subtype;
};

/*
 * Tries the rules in file order on `w` and fills `m` from the first that matches (m->question_word
 * must have room for w->n flags). False when none matches. Errors cannot happen: matching allocates
 * nothing.
 */
bool qa_rules_match(const struct xlqa_question_rules *rules, const struct qa_words *w, struct qa_match *m);
/* True when the rules say capitalised words may be common nouns (German): names need more evidence. */
bool qa_rules_capitalised_nouns(const struct xlqa_question_rules *rules);
/* True when `ending` (`len` bytes, normalised) is one the rules list as an adjective's inflection ("en"). */
bool qa_rules_adjective_ending(const struct xlqa_question_rules *rules, const char *ending, size_t len);
/* True when `tok` is a word the rules list as announcing a temporal restriction ("in", "im", "em"). */
bool qa_rules_temporal(const struct xlqa_question_rules *rules, const struct xlqa_token *tok);
/*
 * True when `tok` is an auxiliary the rules list ("did", "is"): right after the question phrase it
 * makes the question ask for an object, so the other keywords stand before the answer in a statement.
 */
bool qa_rules_auxiliary(const struct xlqa_question_rules *rules, const struct xlqa_token *tok);
/* Whether the token is one of the pack's interrogatives (interrogative lines: "what", "was", "qué"). */
bool qa_rules_interrogative(const struct xlqa_question_rules *rules, const struct xlqa_token *tok);
/* True when `tok` is a noun the rules list as asking for a kind of the next noun ("kind", "Art", "tipo"). */
bool qa_rules_kind_noun(const struct xlqa_question_rules *rules, const struct xlqa_token *tok);
/*
 * The answer type the focus table gives the word of `tok` ("stadium": LOCATION, "school":
 * ORGANIZATION), by its form, lemmas, stem or last compound part as for a question's focus;
 * XLQA_ANSWER_TYPE_COUNT when the table has none.
 */
enum xlqa_answer_type qa_rules_focus_type(const struct xlqa_question_rules *rules, const struct xlqa_token *tok);
/* True when the rules list auxiliaries at all (else the keywords after the question phrase get no side). */
bool qa_rules_has_auxiliaries(const struct xlqa_question_rules *rules);
/* "questions.txt" path of the rules, for rule references in analyses. */
const char *qa_rules_file(const struct xlqa_question_rules *rules);

/* True when every letter of the `len` bytes at `s` is upper case and there are two or more ("UNICEF"). */
bool qa_acronym(const char *s, size_t len);
#endif
