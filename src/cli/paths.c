/*
 * paths: where an uninstalled xlqa finds its data. The installed tool reads the installed language
 * packs, collection descriptions and models ($(pkgdatadir)/lang, corpora-config, models) unless
 * XLQA_LANG_DIR, XLQA_CORPORA_DIR or XLQA_MODEL_DIR say otherwise. The tool run from the build tree it
 * was built in (the executable, /proc/self/exe, lies in that tree's top folder or its .libs/, where
 * libtool keeps the real program) reads the source tree's lang/, corpora-config/ and models/ instead,
 * so `build/xlqa langs` works without `make install` and without environment variables. The two
 * folders are the ones configure saw; a variable already set always wins.
 */
#include "config.h"

#include "cli.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* The variables an uninstalled tool sets, and the source-tree folder each points at. */
static const struct {
	const char *variable;
	const char *folder;
} build_tree_dirs[] = {
	{ "XLQA_LANG_DIR", "lang" },
	{ "XLQA_CORPORA_DIR", "corpora-config" },
	{ "XLQA_MODEL_DIR", "models" },
};

/* True when the folder `exe_dir` is `builddir` or `builddir/.libs` (both resolved). */
static bool in_build_tree(const char *exe_dir, const char *builddir)
{
	char top[PATH_MAX], libs[PATH_MAX + 8], resolved[PATH_MAX];

	if (!realpath(builddir, top))
		return false;
	if (strcmp(exe_dir, top) == 0)
		return true;
	if (snprintf(libs, sizeof libs, "%s/.libs", top) >= (int)sizeof libs || !realpath(libs, resolved))
		return false;
	return strcmp(exe_dir, resolved) == 0;
}

bool cli_running_from_build_tree(void)
{
#if defined(XLQA_BUILDDIR)
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;

	if (n <= 0)
		return false;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash || slash == exe)
		return false;
	*slash = '\0';
	return in_build_tree(exe, XLQA_BUILDDIR);
#else
	return false;
#endif
}

void cli_locate_data(void)
{
#if defined(XLQA_SRCDIR)
	char src[PATH_MAX], path[PATH_MAX + 32];

	/* resolved, so messages name "/src/models", not "/src/build/../models" */
	if (!cli_running_from_build_tree() || !realpath(XLQA_SRCDIR, src))
		return;
	for (size_t i = 0; i < sizeof build_tree_dirs / sizeof *build_tree_dirs; i++) {
		const char *v = getenv(build_tree_dirs[i].variable);

		if (v && *v)
			continue;
		if (snprintf(path, sizeof path, "%s/%s", src, build_tree_dirs[i].folder) >= (int)sizeof path ||
		    access(path, R_OK | X_OK) != 0)
			continue;
		/* the library reads these variables; a failed setenv leaves the installed default */
		(void)setenv(build_tree_dirs[i].variable, path, 1);
	}
#endif
}
