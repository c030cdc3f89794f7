/*
 * version: the release of the library, as configure's AC_INIT names it (include/xlqa/version.h).
 */
#include "config.h"

#include "xlqa/version.h"

const char *xlqa_version(void)
{
	return PACKAGE_VERSION;
}
