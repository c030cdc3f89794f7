/*
 * answer-features.h: the one list of a candidate's features (included by answer.h). Each row is one
 * feature, in the order of every feature vector, feature table, trace and model file:
 *
 *   ROW(ID, "name", "what it measures")
 *   BLOCK(ID, "NAME PATTERN", count, NAMES, "what it measures")
 *
 * A ROW is one feature; a BLOCK is `count` features that share one meaning, whose names NAMES
 * expands to (string literals, each followed by a comma). XLQA_ANSWER_FEATURE_LIST(ROW, BLOCK) expands
 * the macros given for it over the rows; answer.h builds `enum xlqa_answer_feature` from it, the library
 * the names (xlqa_answer_feature_name) and one-line meanings (xlqa_answer_feature_help), and
 * scripts/feature-table.sh the table of doc/answering.md. Adding a feature is adding a row here (and
 * computing it in the answerer). Longer notes stand as comments above their row.
 */
#ifndef XLQA_ANSWER_FEATURES_H
#define XLQA_ANSWER_FEATURES_H

#include "xlqa/extract.h"

/* The question type groups of the kind-type block: named, time, measure, open, definition. */
#define XLQA_TYPE_GROUPS 5

/* The extraction kinds in enum xlqa_extract_kind's order, and the type groups, as the blocks name them. */
#define XLQA_FEATURE_KIND_NAMES(X, a) \
	X(a, "name") X(a, "year") X(a, "date") X(a, "number") X(a, "measure") X(a, "phrase") \
	X(a, "definition") X(a, "clause")
#define XLQA_FEATURE_GROUP_NAMES(X, a) X(a, "named") X(a, "time") X(a, "measure") X(a, "open") X(a, "definition")

#define XLQA_FEATURE_KT_CELL_(kind, group) kind "@" group,
#define XLQA_FEATURE_KT_KIND_(unused, kind) XLQA_FEATURE_GROUP_NAMES(XLQA_FEATURE_KT_CELL_, kind)
#define XLQA_FEATURE_KIND_TYPE_NAMES XLQA_FEATURE_KIND_NAMES(XLQA_FEATURE_KT_KIND_, _)
#define XLQA_FEATURE_KP_CELL_(prefix, kind) prefix "@" kind,
#define XLQA_FEATURE_KIND_PROXIMITY_NAMES XLQA_FEATURE_KIND_NAMES(XLQA_FEATURE_KP_CELL_, "proximity")

/* clang-format off */
#define XLQA_ANSWER_FEATURE_LIST(ROW, BLOCK) \
	ROW(PASSAGE, "passage", "best passage score holding it / the question's best passage score") \
	ROW(DOC_RANK, "doc_rank", "1 / BM25 rank (from 1) of its best document among the hits") \
	ROW(SENTENCE, "sentence", "weighted share of the query's concepts in its sentence, best occurrence") \
	ROW(PROXIMITY, "proximity", "1 / (1 + words to the nearest matched query word in its sentence)") \
	ROW(TYPE_FIT, "type_fit", "1 when its kind is what the answer type asks for, 0.5 near, 0 else") \
	ROW(PASSAGES, "passages", "log(1 + passages holding it)") \
	ROW(DOCS, "docs", "log(1 + documents holding it)") \
	ROW(LENGTH, "length", "its words") \
	ROW(OVERLAP, "overlap", "share of its words that are query words (repeating the question)") \
	ROW(TOP, "top", "1 when it comes from the best passage") \
	ROW(STOP_EDGE, "stop_edge", "1 when it starts with a stop word (\"for Lutheran views\")") \
	ROW(WINDOW, "window", "weighted share of the query's concepts within 6 words of it") \
	ROW(SENTENCE_REL, "sentence_rel", "its sentence feature / the best of the question's candidates") \
	ROW(BEFORE, "before", "1 when the word just before it is a query word (\"helping [X]\")") \
	ROW(AFTER, "after", "1 when the word just after it is a query word (\"[nine] nations\")") \
	ROW(FOCUS, "focus", "1 when it ends with the question's focus noun or stands just before it") \
	ROW(HEAD, "head", "1 when its last word is a query word and others are not (\"[adaptive] immune system\")") \
	ROW(IDF, "idf", "mean idf of its words in the index / log(1 + documents): rare words score high") \
	ROW(EDGE_QUERY, "edge_query", "1 when its first or last word is a query word (\"sickness [occurs]\")") \
	/* what stands just outside it in its sentence, so a model learns where a phrase's edges lie */ \
	ROW(LEFT_CONTENT, "left_content", "a content word that is no query word stands before it (\"immune [system]\": a fragment)") \
	ROW(LEFT_ARTICLE, "left_article", "an article stands before it (\"the [Miasma theory]\")") \
	ROW(LEFT_STOP, "left_stop", "another stop word, mostly a preposition, stands before it (\"by [Kublai]\")") \
	ROW(RIGHT_CONTENT, "right_content", "a content word that is no query word stands after it (\"[Hulagu] Khan\")") \
	/* in German also one lower-case word, the verb that ends a clause, before them ("[1981] eingeführt.") */ \
	ROW(RIGHT_CLOSE, "right_close", "punctuation or the sentence's end follows it (\"[Fort Duquesne].\")") \
	ROW(FOCUS_BEFORE, "focus_before", "the question's focus noun stands just before it (\"chemist [James Dewar]\")") \
	ROW(STRANDED, "stranded", "the preposition ending the question stands before it (\"known as?\": \"as the [Miasma theory]\"); monolingual") \
	/* its nesting among the spans of its sentence, so a model can prefer the whole to a fragment */ \
	ROW(CONTAINS, "contains", "log(1 + spans strictly inside it): \"[adaptive immune system]\" holds \"adaptive\"") \
	ROW(INSIDE, "inside", "log(1 + spans it lies strictly inside): \"[adaptive]\"") \
	ROW(NEAREST, "nearest", "1 when no span of its kind in its sentence stands nearer a query word") \
	ROW(BETWEEN, "between", "1 when query words of its sentence stand on both sides of it") \
	ROW(COORDINATION, "coordination", "1 when it holds a conjunction: a coordination or list (\"China, Japan and Korea\")") \
	ROW(IN_BRACKETS, "in_brackets", "1 when it stands inside brackets but is not all they hold (\"(NFL, [NBA])\")") \
	/* where every noun is capitalised (XLQA_LANG_CAPITALISED_NOUNS: German), so that capitalised runs \
	 * are names and nouns alike; 0 in other languages: */ \
	ROW(KNOWN, "known", "share of its content words that the dictionary (hunspell) knows: nouns, not names") \
	ROW(LOWER_TAIL, "lower_tail", "two words or more and the last in lower case: no noun ends it (\"New Holland [aufgeteilt]\")") \
	/* (XLQA_QUERY_KIND_OF) "a [detrimental] effect", "un efecto [perjudicial]" */ \
	ROW(KIND_OF, "kind_of", "it stands right before or after the noun a \"what kind of\" question asks a kind of, without it") \
	ROW(PERSON_CLASH, "person_clash", "for a PERSON question, an acronym or a country or language name ICU knows (\"[ASL]\", \"[Syria]\")") \
	/* its largest value among a question's candidates is the calibration input top_coverage */ \
	ROW(SENTENCE_IDF, "sentence_idf", "the sentence feature with each concept weighted by its weight times its idf: rare words count more") \
	/* German only (as known): common nouns, not names ("Wirbeltiere") */ \
	ROW(COMPOUND, "compound", "share of its content words that hunspell gives no lemma but the compound splitter splits into known words") \
	/* German only (as known): "[Universalgelehrte Shen Kuo]", "[Oscar-Gewinnerin Marlee Matlin]" */ \
	ROW(ROLE_PREFIX, "role_prefix", "a name led by a common noun, a role before a person or thing, whatever the question asks") \
	/* at most articles, quotes or a bracketed aside of three tokens between: "called [Abilene]", \
	 * "mit dem Namen [Abilene]", "[Gemeinde] (Gmina) genannt" */ \
	ROW(NAMED, "named", "a naming cue of the target pack (naming.txt) stands next to it") \
	/* "How old ...?" "[515 million years]", "How fast ...?" "[110 mph]"; a count's answer is the number \
	 * alone ("How many schools ...?" "[four]") */ \
	ROW(QUANTITY, "quantity", "a measure, a number with what it counts, for a MEASURE question that asks for no count") \
	/* only words and hyphens between ("[two] Major League Soccer teams", "a [5]-cylinder engine"); \
	 * right after it is the focus feature's */ \
	ROW(FOCUS_AHEAD, "focus_ahead", "a number with the question's focus noun two to four words after it") \
	/* 1 at KIND_TYPE + kind * XLQA_TYPE_GROUPS + group, kind by kind, group by group */ \
	BLOCK(KIND_TYPE, "KIND@GROUP", XLQA_EXTRACT_KINDS * XLQA_TYPE_GROUPS, XLQA_FEATURE_KIND_TYPE_NAMES, \
	      "1 for its kind and the question's type group, so a model learns which kinds answer which questions (\"number@measure\")") \
	/* at KIND_PROXIMITY + kind */ \
	BLOCK(KIND_PROXIMITY, "proximity@KIND", XLQA_EXTRACT_KINDS, XLQA_FEATURE_KIND_PROXIMITY_NAMES, \
	      "the proximity feature for its kind, 0 for the other kinds, so nearness can count more for a name than for a phrase")
/* clang-format on */

#endif
