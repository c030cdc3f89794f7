/*
 * tracks: `xlqa check`, `xlqa judge` and `xlqa score`. Each picks a track from `--track NAME` (or
 * `--track=NAME`), removes that option and hands the rest to the track's own entry point, so a track's
 * options are its own business. `--track help` lists the tracks.
 */
#include "config.h"

#include "tracks.h"
#include "track-biogen.h"
#include "track-clef.h"
#include "track-trec.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The tracks, NULL-terminated; the first is the default. */
static const struct cli_track *const tracks[] = {
	&cli_track_clef2004,
	&cli_track_biogen,
	&cli_track_trec,
	&cli_track_trec2007,
	NULL,
};

enum track_entry { ENTRY_CHECK, ENTRY_JUDGE, ENTRY_SCORE };

static int (*entry_of(const struct cli_track *t, enum track_entry e))(int, char **)
{
	return e == ENTRY_CHECK ? t->check : e == ENTRY_JUDGE ? t->judge : t->score;
}

/* True when `name` is the track's name or one of its space-separated aliases. */
static bool track_named(const struct cli_track *t, const char *name)
{
	size_t n = strlen(name);
	const char *a = t->aliases;

	if (strcmp(t->name, name) == 0)
		return true;
	while (*a) {
		size_t len = strcspn(a, " ");

		if (len == n && strncmp(a, name, n) == 0)
			return true;
		a += len;
		a += strspn(a, " ");
	}
	return false;
}

static void list_tracks(const char *cmd, enum track_entry e)
{
	printf("tracks for 'xlqa %s' (--track NAME; the first is the default):\n", cmd);
	for (size_t i = 0; tracks[i]; i++)
		if (entry_of(tracks[i], e))
			printf("  %-10s %s%s%s\n", tracks[i]->name, tracks[i]->summary, *tracks[i]->aliases ? "; also " : "",
			       tracks[i]->aliases);
}

/*
 * Finds `--track NAME` / `--track=NAME` before any "--", removes it from argv (shifting the rest
 * down) and returns NAME, or NULL when absent; *bad is set when the option lacks its argument.
 */
static const char *take_track_option(int *argc, char **argv, bool *bad)
{
	*bad = false;
	for (int i = 1; i < *argc; i++) {
		const char *name = NULL;
		int drop = 0;

		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--track") == 0) {
			if (i + 1 >= *argc) {
				*bad = true;
				return NULL;
			}
			name = argv[i + 1];
			drop = 2;
		} else if (strncmp(argv[i], "--track=", 8) == 0) {
			name = argv[i] + 8;
			drop = 1;
		}
		if (drop) {
			memmove(argv + i, argv + i + drop, (size_t)(*argc - i - drop + 1) * sizeof *argv);
			*argc -= drop;
			return name;
		}
	}
	return NULL;
}

static int dispatch(int argc, char **argv, enum track_entry e)
{
	const char *cmd = argv[0];
	bool bad;
	const char *name = take_track_option(&argc, argv, &bad);

	if (bad)
		return cli_usage_error(cmd, "option '--track' needs a track name");
	if (name && strcmp(name, "help") == 0) {
		list_tracks(cmd, e);
		return cli_finish_output(cmd, CLI_EXIT_OK);
	}
	for (size_t i = 0; tracks[i]; i++) {
		if (name ? !track_named(tracks[i], name) : i > 0)
			continue;
		if (!entry_of(tracks[i], e))
			return cli_usage_error(cmd, "track '%s' has no '%s' (see 'xlqa %s --track help')", tracks[i]->name,
			                       cmd, cmd);
		return entry_of(tracks[i], e)(argc, argv);
	}
	if (!name)
		return cli_usage_error(cmd, "no evaluation track is built in");
	return cli_usage_error(cmd, "unknown track '%s' (see 'xlqa %s --track help')", name, cmd);
}

int cmd_check(int argc, char **argv)
{
	return dispatch(argc, argv, ENTRY_CHECK);
}

int cmd_judge(int argc, char **argv)
{
	return dispatch(argc, argv, ENTRY_JUDGE);
}

int cmd_score(int argc, char **argv)
{
	return dispatch(argc, argv, ENTRY_SCORE);
}
