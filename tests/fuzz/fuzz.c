/* fuzz: the temporary files the libFuzzer targets hand to readers that take a path. */
#include "config.h"

#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];

static void remove_dir(void)
{
	char cmd[300];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz: could not remove %s\n", dir);
}

const char *fuzz_dir(void)
{
	if (!dir[0]) {
		const char *t = getenv("TMPDIR");

		snprintf(dir, sizeof dir, "%s/xlqa-fuzz-XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(dir))
			abort();
		atexit(remove_dir);
	}
	return dir;
}

const char *fuzz_write(const char *name, const void *data, size_t size)
{
	static char paths[4][512];
	static int next;
	char *path = paths[next++ % 4];
	FILE *fp;

	snprintf(path, sizeof paths[0], "%s/%s", fuzz_dir(), name);
	if (!(fp = fopen(path, "wb")) || (size && fwrite(data, 1, size, fp) != size) || fclose(fp) != 0)
		abort();
	return path;
}
