/*
 * tracks: the evaluation tracks `xlqa check`, `xlqa judge` and `xlqa score` serve (CLEF 2004, TREC
 * ranked runs, TREC question series, BioGen JSON). Each track is one file, src/cli/track-<name>.c, that
 * defines a `const struct cli_track` and parses its own options; tracks.c holds the table and picks the
 * track from `--track NAME` (default: the first entry). Adding a track is a file and one table row.
 */
#ifndef XLQA_CLI_TRACKS_H
#define XLQA_CLI_TRACKS_H

#include "cli.h"

/*
 * One track. Each entry point receives the command's arguments with `--track NAME` removed: argv[0]
 * is the command name ("check", "judge" or "score"), the rest are the track's own options and files.
 * It returns an exit status (enum cli_exit). An entry point the track lacks is NULL.
 */
struct cli_track {
	const char *name;    /* "clef2004" */
	const char *aliases; /* other accepted names, space-separated ("clef"), or "" */
	const char *summary; /* one line for `xlqa check --track help` */
	int (*check)(int argc, char **argv);
	int (*judge)(int argc, char **argv);
	int (*score)(int argc, char **argv);
};

#endif
