/* The unit-test runner: every module's suite in one Check run, failing if any test fails. */
#include "config.h"

#include "suites.h"

#include <stdlib.h>

int main(void)
{
	SRunner *sr = srunner_create(util_suite());
	int failed;

	srunner_add_suite(sr, text_suite());
	srunner_add_suite(sr, lang_suite());
	srunner_add_suite(sr, formats_suite());
	srunner_add_suite(sr, squad_suite());
	srunner_add_suite(sr, corpus_suite());
	srunner_add_suite(sr, index_suite());
	srunner_add_suite(sr, eval_biogen_suite());
	srunner_add_suite(sr, eval_trec_suite());
	srunner_add_suite(sr, eval_significance_suite());
	srunner_add_suite(sr, lexicon_suite());
	srunner_add_suite(sr, eval_clef_suite());
	srunner_add_suite(sr, qa_suite());
	srunner_add_suite(sr, model_suite());
	srunner_add_suite(sr, answer_suite());
	srunner_add_suite(sr, extract_icu_suite());
	srunner_add_suite(sr, respond_suite());
	srunner_add_suite(sr, model_groups_suite());
	srunner_add_suite(sr, trecrun_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
