/*
 * file-write: writing an output file all at once or not at all, in one piece (xlqa_file_write_atomic)
 * or streamed (xlqa_file_out_*, git's lockfile). The data goes to a temporary file beside the target
 * (mkstemp, so the rename stays inside one file system), is flushed to disk, and is renamed over the
 * target; any failure removes the temporary file and leaves the target as it was.
 */
#include "config.h"

#include "xlqa/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Gives the temporary file the usual permissions of an output file (mkstemp makes it 0600). */
static void usual_mode(int fd)
{
	mode_t mask = umask(0);

	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
}

int xlqa_file_out_open(struct xlqa_file_out *out, const char *path, struct xlqa_error *err)
{
	int fd;

	out->fp = NULL;
	out->tmp = (struct xlqa_buf)XLQA_BUF_INIT;
	out->path = path;
	if (!path || !*path)
		return xlqa_error_set(err, XLQA_EINVAL, "no output file name");
	if (xlqa_buf_addf(&out->tmp, "%s.XXXXXX", path))
		return xlqa_error_status(err, XLQA_ENOMEM, "cannot write '%s'", path);
	if ((fd = mkstemp(out->tmp.buf)) < 0) {
		xlqa_error_errno(err, XLQA_EIO, "cannot create a temporary file for '%s'", path);
		xlqa_buf_release(&out->tmp);
		return XLQA_EIO;
	}
	usual_mode(fd);
	if (!(out->fp = fdopen(fd, "wb"))) {
		xlqa_error_errno(err, XLQA_EIO, "cannot write '%s'", path);
		close(fd);
		unlink(out->tmp.buf);
		xlqa_buf_release(&out->tmp);
		return XLQA_EIO;
	}
	return XLQA_OK;
}

int xlqa_file_out_commit(struct xlqa_file_out *out, struct xlqa_error *err)
{
	FILE *fp = out->fp;
	int e = 0;

	if (!fp)
		return xlqa_error_set(err, XLQA_EINVAL, "'%s' is not open for writing", out->path ? out->path : "");
	out->fp = NULL;
	errno = EIO; /* what a stream error without a reason says */
	if (fflush(fp) != 0 || ferror(fp))
		e = errno;
	if (!e && fsync(fileno(fp)) != 0 && errno != EINVAL)
		e = errno;
	if (fclose(fp) != 0 && !e)
		e = errno;
	if (!e && rename(out->tmp.buf, out->path) != 0)
		e = errno;
	if (e) {
		unlink(out->tmp.buf);
		xlqa_buf_release(&out->tmp);
		errno = e;
		return xlqa_error_errno(err, XLQA_EIO, "cannot write '%s'", out->path);
	}
	xlqa_buf_release(&out->tmp); /* committed: release has nothing to remove */
	return XLQA_OK;
}

void xlqa_file_out_release(struct xlqa_file_out *out)
{
	if (out->fp) {
		fclose(out->fp);
		out->fp = NULL;
	}
	if (out->tmp.len)
		unlink(out->tmp.buf);
	xlqa_buf_release(&out->tmp);
}

int xlqa_file_write_atomic(const char *path, const void *data, size_t len, struct xlqa_error *err)
{
	struct xlqa_file_out out;
	int rc = xlqa_file_out_open(&out, path, err);

	if (!rc && len && fwrite(data, 1, len, out.fp) != len)
		rc = xlqa_error_errno(err, XLQA_EIO, "cannot write '%s'", path);
	if (!rc)
		rc = xlqa_file_out_commit(&out, err);
	xlqa_file_out_release(&out);
	return rc;
}
