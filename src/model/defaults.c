/*
 * defaults: where the installed default models are and which one answers a target language. One
 * model a target language the benchmarks cover ("en.model.json", "de.model.json", ...) and a
 * language-independent one ("any.model.json") for every other target, in one folder:
 * $XLQA_MODEL_DIR, else the installed $(pkgdatadir)/models. `make models` fits them
 * (doc/protocol.md); `xlqa run` and `xlqa ask` use them when no --model is given.
 */
#include "config.h"

#include "xlqa/model.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef XLQA_MODELDIR
#define XLQA_MODELDIR "/usr/local/share/xlqa/models"
#endif

const char *xlqa_model_default_dir(void)
{
	const char *v = getenv("XLQA_MODEL_DIR");

	return v && *v ? v : XLQA_MODELDIR;
}

int xlqa_model_default_path(const char *lang, const char *dir, struct xlqa_buf *path, bool *language_independent,
                            struct xlqa_error *err)
{
	static const char *const tried[] = { NULL, XLQA_MODEL_ANY };

	if (!dir)
		dir = xlqa_model_default_dir();
	for (size_t i = 0; i < sizeof tried / sizeof *tried; i++) {
		const char *name = tried[i] ? tried[i] : lang;

		if (!name || !*name)
			continue;
		xlqa_buf_reset(path);
		if (xlqa_buf_addf(path, "%s/%s.model.json", dir, name))
			return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
		if (access(path->buf, R_OK) == 0) {
			if (language_independent)
				*language_independent = tried[i] != NULL;
			return XLQA_OK;
		}
	}
	xlqa_buf_reset(path);
	return xlqa_error_set(err, XLQA_ENOTFOUND,
	                      "no model for '%s' in '%s' (neither %s.model.json nor %s.model.json; set XLQA_MODEL_DIR "
	                      "or give --model)",
	                      lang ? lang : "", dir, lang ? lang : "", XLQA_MODEL_ANY);
}
