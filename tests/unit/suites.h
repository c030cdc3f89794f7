/* The suites the one test runner (check_main.c) runs: one per module. */
#ifndef XLQA_TEST_SUITES_H
#define XLQA_TEST_SUITES_H

#include <check.h>
#include <stdint.h>

/* xorshift64 (Marsaglia): deterministic, so a failing random case replays from its iteration. */
static inline uint64_t test_rng_next(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

Suite *util_suite(void);
Suite *text_suite(void);
Suite *lang_suite(void);
Suite *formats_suite(void);
Suite *index_suite(void);
Suite *corpus_suite(void);
Suite *eval_biogen_suite(void);
Suite *eval_trec_suite(void);
Suite *eval_significance_suite(void);
Suite *lexicon_suite(void);
Suite *eval_clef_suite(void);
Suite *qa_suite(void);
Suite *model_suite(void);
Suite *answer_suite(void);
Suite *extract_icu_suite(void);
Suite *respond_suite(void);
Suite *model_groups_suite(void);
Suite *squad_suite(void);
Suite *trecrun_suite(void);

#endif
