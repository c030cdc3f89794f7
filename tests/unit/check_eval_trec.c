#include "config.h"
#include "suites.h"
Suite *eval_trec_suite(void)
{
	return suite_create("eval_trec");
}
