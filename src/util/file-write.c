/*
 * file-write: writing an output file all at once or not at all. The data goes to a temporary file
 * beside the target (mkstemp, so the rename stays inside one file system), is flushed to disk, and is
 * renamed over the target; any failure removes the temporary file and leaves the target as it was.
 */
#include "config.h"

#include "xlqa/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes all `len` bytes to `fd`, retrying short writes and EINTR; 0 or an errno value. */
static int write_all(int fd, const char *p, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int xlqa_file_write_atomic(const char *path, const void *data, size_t len, struct xlqa_error *err)
{
	struct xlqa_buf tmp = XLQA_BUF_INIT;
	int fd, e, rc;

	if (!path || !*path)
		return xlqa_error_set(err, XLQA_EINVAL, "no output file name");
	rc = xlqa_buf_addf(&tmp, "%s.XXXXXX", path);
	if (rc)
		return xlqa_error_set(err, rc, "cannot write '%s': %s", path, xlqa_strerror(rc));
	fd = mkstemp(tmp.buf);
	if (fd < 0) {
		e = errno;
		xlqa_buf_release(&tmp);
		return xlqa_error_set(err, XLQA_EIO, "cannot create a temporary file for '%s': %s", path, strerror(e));
	}
	/* mkstemp makes the file private (0600); an output file gets the usual permissions. */
	{
		mode_t mask = umask(0);

		umask(mask);
		(void)fchmod(fd, 0666 & ~mask);
	}
	e = write_all(fd, data, len);
	if (!e && fsync(fd) != 0 && errno != EINVAL)
		e = errno;
	if (close(fd) != 0 && !e)
		e = errno;
	if (!e && rename(tmp.buf, path) != 0)
		e = errno;
	if (e) {
		unlink(tmp.buf);
		xlqa_buf_release(&tmp);
		return xlqa_error_set(err, XLQA_EIO, "cannot write '%s': %s", path, strerror(e));
	}
	xlqa_buf_release(&tmp);
	return XLQA_OK;
}
