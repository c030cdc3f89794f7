/*
 * track-clef: the CLEF 2004 track of `xlqa check`, `xlqa judge` and `xlqa score` (the default track).
 */
#ifndef XLQA_CLI_TRACK_CLEF_H
#define XLQA_CLI_TRACK_CLEF_H

#include "tracks.h"

extern const struct cli_track cli_track_clef2004;

#endif
