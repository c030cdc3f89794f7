/* track-biogen: `xlqa check --track biogen`, the BioGen JSON run checker. */
#ifndef XLQA_CLI_TRACK_BIOGEN_H
#define XLQA_CLI_TRACK_BIOGEN_H

#include "tracks.h"

extern const struct cli_track cli_track_biogen;

#endif
