/*
 * track-trec: the TREC evaluation tracks of `xlqa check`, `xlqa judge` and `xlqa score`: "trec" for
 * the ranked runs of TREC-8 .. TREC 2002 (MRR) and "trec2007" for the question series of TREC 2004 ..
 * 2007 (factoid accuracy, list F, Other F(3), per-series and run scores).
 */
#ifndef XLQA_CLI_TRACK_TREC_H
#define XLQA_CLI_TRACK_TREC_H

#include "tracks.h"

extern const struct cli_track cli_track_trec;
extern const struct cli_track cli_track_trec2007;

#endif
