/*
 * status: the registry of library statuses, their symbolic names and descriptions. Adding a status
 * means adding an enum value in util.h and one row here; the two lookups read only this table.
 */
#include "config.h"

#include "xlqa/util.h"

#include <stddef.h>

struct status_row {
	int status;
	const char *name;
	const char *description;
};

static const struct status_row statuses[] = {
	{ XLQA_OK, "XLQA_OK", "success" },
	{ XLQA_ENOMEM, "XLQA_ENOMEM", "out of memory" },
	{ XLQA_EINVAL, "XLQA_EINVAL", "invalid argument" },
	{ XLQA_EIO, "XLQA_EIO", "input/output error" },
	{ XLQA_EPARSE, "XLQA_EPARSE", "malformed input" },
	{ XLQA_EENCODING, "XLQA_EENCODING", "undecodable bytes" },
	{ XLQA_ENOTFOUND, "XLQA_ENOTFOUND", "not found" },
	{ XLQA_EUNSUPPORTED, "XLQA_EUNSUPPORTED", "not supported" },
	{ XLQA_EOVERFLOW, "XLQA_EOVERFLOW", "size or count too large" },
	{ XLQA_EEMPTY, "XLQA_EEMPTY", "empty input" },
	{ XLQA_EEXTERNAL, "XLQA_EEXTERNAL", "a supporting library failed" },
	{ XLQA_ECORRUPT, "XLQA_ECORRUPT", "corrupt data" },
};

static const struct status_row *status_find(int status)
{
	for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
		if (statuses[i].status == status)
			return &statuses[i];
	return NULL;
}

const char *xlqa_status_name(int status)
{
	const struct status_row *row = status_find(status);
	return row ? row->name : "XLQA_E?";
}

const char *xlqa_strerror(int status)
{
	const struct status_row *row = status_find(status);
	return row ? row->description : "unknown status";
}
