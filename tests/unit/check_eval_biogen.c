/* placeholder */
#include "config.h"
#include "suites.h"
Suite *eval_biogen_suite(void)
{
	return suite_create("eval_biogen");
}
