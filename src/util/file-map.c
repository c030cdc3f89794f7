/*
 * file-map: read-only mappings of whole files, for the formats xlqa builds once and reads in place
 * (indexes, lexicons). The mapping outlives the file descriptor, which is closed at once.
 */
#include "config.h"

#include "xlqa/util.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int xlqa_file_map(const char *path, struct xlqa_mapped_file *m, struct xlqa_error *err)
{
	struct stat st;
	void *p;
	int fd = open(path, O_RDONLY), rc;

	m->data = NULL;
	m->size = 0;
	if (fd < 0)
		return xlqa_error_errno(err, errno == ENOENT ? XLQA_ENOTFOUND : XLQA_EIO, "cannot open '%s'", path);
	if (fstat(fd, &st) != 0) {
		rc = xlqa_error_errno(err, XLQA_EIO, "cannot stat '%s'", path);
		close(fd);
		return rc;
	}
	if (st.st_size == 0) {
		close(fd);
		return XLQA_OK;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return xlqa_error_errno(err, XLQA_EIO, "cannot map '%s'", path);
	m->data = p;
	m->size = (size_t)st.st_size;
	return XLQA_OK;
}

void xlqa_file_unmap(struct xlqa_mapped_file *m)
{
	if (m->data)
		munmap((void *)m->data, m->size);
	m->data = NULL;
	m->size = 0;
}
