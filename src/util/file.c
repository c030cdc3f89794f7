/*
 * file: reading a whole input file (or standard input) into a buffer, with the path and the system's
 * reason in the error.
 */
#include "config.h"

#include "xlqa/util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int xlqa_file_read(const char *path, struct xlqa_buf *out, struct xlqa_error *err)
{
	bool is_stdin = strcmp(path, "-") == 0;
	FILE *fp = is_stdin ? stdin : fopen(path, "rb");
	const char *shown = is_stdin ? "<stdin>" : path;
	int rc = XLQA_OK;

	if (!fp)
		return xlqa_error_errno(err, errno == ENOENT ? XLQA_ENOTFOUND : XLQA_EIO, "cannot open '%s'", path);
	for (;;) {
		size_t n;
		rc = xlqa_buf_grow(out, 64 * 1024);
		if (rc) {
			xlqa_error_set(err, rc, "cannot read '%s': %s", shown, xlqa_strerror(rc));
			break;
		}
		n = fread(out->buf + out->len, 1, out->alloc - out->len - 1, fp);
		out->len += n;
		out->buf[out->len] = '\0';
		if (n == 0) {
			if (ferror(fp))
				rc = xlqa_error_errno(err, XLQA_EIO, "cannot read '%s'", shown);
			break;
		}
	}
	if (!is_stdin)
		fclose(fp);
	return rc;
}
