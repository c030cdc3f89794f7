/*
 * file-write: writing an output file all at once or not at all, in one piece (xlqa_file_write_atomic)
 * or streamed (xlqa_file_out_*, git's lockfile). The data goes to a temporary file beside the target
 * (mkstemp, so the rename stays inside one file system), is flushed to disk, and is renamed over the
 * target; any failure removes the temporary file and leaves the target as it was. A directory
 * (xlqa_dir_out_*) is written the same way: files under a temporary directory beside the target,
 * renamed to it at the end.
 */
#include "config.h"

#include "xlqa/util.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
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

/* Removes the tree at `path`, never following a link out of it; best effort, true when it is gone. */
static bool remove_tree(const char *path)
{
	struct xlqa_buf sub = XLQA_BUF_INIT;
	struct dirent *e;
	struct stat st;
	DIR *d;

	if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) || !(d = opendir(path)))
		return remove(path) == 0;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		xlqa_buf_reset(&sub);
		if (xlqa_buf_addf(&sub, "%s/%s", path, e->d_name) == XLQA_OK)
			remove_tree(sub.buf);
	}
	closedir(d);
	xlqa_buf_release(&sub);
	return rmdir(path) == 0;
}

/* The length of `path` without its trailing slashes (a lone "/" kept). */
static size_t trimmed_length(const char *path)
{
	size_t len = strlen(path);

	while (len > 1 && path[len - 1] == '/')
		len--;
	return len;
}

/* True when `pid_text` is a PID (decimal, no sign, no leading zero) of no live process but ours. */
static bool dead_pid(const char *pid_text)
{
	char *end;
	long pid;

	if (*pid_text < '1' || *pid_text > '9')
		return false;
	errno = 0;
	pid = strtol(pid_text, &end, 10);
	if (*end || errno || pid <= 0 || pid == (long)getpid())
		return false;
	/* EPERM means a process of another user holds the PID: alive, so its directory stays */
	return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Removes the "PATH.tmp-PID" directories beside `path` whose PID is dead; how many went. */
static uint64_t remove_stale(const char *path)
{
	struct xlqa_buf parent = XLQA_BUF_INIT, prefix = XLQA_BUF_INIT, left = XLQA_BUF_INIT;
	size_t len = trimmed_length(path), base = len;
	uint64_t removed = 0;
	struct dirent *e;
	DIR *d = NULL;

	while (base > 0 && path[base - 1] != '/')
		base--;
	if (xlqa_buf_add(&parent, path, base) == XLQA_OK && (base > 0 || xlqa_buf_addstr(&parent, "./") == XLQA_OK) &&
	    xlqa_buf_addf(&prefix, "%.*s.tmp-", (int)(len - base), path + base) == XLQA_OK)
		d = opendir(parent.buf);
	while (d && (e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, prefix.buf, prefix.len) != 0 || !dead_pid(e->d_name + prefix.len))
			continue;
		xlqa_buf_reset(&left);
		if (xlqa_buf_addf(&left, "%s%s", parent.buf, e->d_name) == XLQA_OK && remove_tree(left.buf))
			removed++;
	}
	if (d)
		closedir(d);
	xlqa_buf_release(&parent);
	xlqa_buf_release(&prefix);
	xlqa_buf_release(&left);
	return removed;
}

int xlqa_dir_out_open(struct xlqa_dir_out *out, const char *path, struct xlqa_error *err)
{
	out->tmp = (struct xlqa_buf)XLQA_BUF_INIT;
	out->path = path;
	out->stale_removed = 0;
	if (!path || !*path)
		return xlqa_error_set(err, XLQA_EINVAL, "no output directory name");
	out->stale_removed = remove_stale(path);
	if (xlqa_buf_addf(&out->tmp, "%.*s.tmp-%ld", (int)trimmed_length(path), path, (long)getpid()))
		return xlqa_error_status(err, XLQA_ENOMEM, "cannot write '%s'", path);
	if (mkdir(out->tmp.buf, 0777) != 0) {
		xlqa_error_errno(err, XLQA_EIO, "cannot create '%s'", out->tmp.buf);
		xlqa_buf_release(&out->tmp);
		return XLQA_EIO;
	}
	return XLQA_OK;
}

int xlqa_dir_out_commit(struct xlqa_dir_out *out, struct xlqa_error *err)
{
	if (!out->tmp.len)
		return xlqa_error_set(err, XLQA_EINVAL, "'%s' is not open for writing", out->path ? out->path : "");
	if (rename(out->tmp.buf, out->path) != 0)
		return xlqa_error_errno(err, XLQA_EIO, "cannot rename '%s' to '%s'", out->tmp.buf, out->path);
	xlqa_buf_release(&out->tmp); /* committed: release has nothing to remove */
	return XLQA_OK;
}

void xlqa_dir_out_release(struct xlqa_dir_out *out)
{
	if (out->tmp.len)
		remove_tree(out->tmp.buf);
	xlqa_buf_release(&out->tmp);
}
