/*
 * run-series: `xlqa run --series FILE`, a TREC 2004-2007 question-series test set answered into a
 * TREC 2007 run (the library's xlqa_series_answer), written atomically, with a summary on standard
 * error. cmd-run.c opens the answerer and hands over here.
 */
#include "config.h"

#include "cli.h"

#include <stdio.h>
#include <string.h>

/*
 * Reads the pronoun list of language `source` from the packs' folder (beside the answerer's target
 * pack). A missing list is no error: a warning, and no pronoun is resolved.
 */
static int read_pronouns(struct xlqa_answerer *a, const char *source, struct xlqa_series_pronouns **out,
                         struct xlqa_error *err)
{
	const struct xlqa_lang_info *info = xlqa_lang_find(source);
	struct xlqa_buf path = XLQA_BUF_INIT;
	int rc;

	*out = NULL;
	if (!info)
		return xlqa_error_set(err, XLQA_ENOTFOUND, "unknown language '%s'", source);
	if (xlqa_buf_addf(&path, "%s/%s/pronouns.txt", xlqa_lang_dir(xlqa_answerer_target(a)), info->code))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	rc = xlqa_series_pronouns_read(path.buf, out, err);
	if (rc == XLQA_ENOTFOUND) {
		fprintf(stderr, "xlqa run: warning: no pronoun list '%s': pronouns are not resolved to the target\n",
		        path.buf);
		rc = XLQA_OK;
	}
	xlqa_buf_release(&path);
	return rc;
}

int cli_run_series(struct xlqa_answerer *a, const struct xlqa_index *idx, const char *series_path, const char *source,
                   const char *tag, const char *out, struct xlqa_series_options *opt, struct xlqa_error *err)
{
	struct xlqa_trec_series *s = NULL;
	struct xlqa_series_pronouns *pronouns = NULL;
	struct xlqa_series_summary sum;
	struct xlqa_buf run = XLQA_BUF_INIT;
	int rc;

	if ((rc = xlqa_trec_series_read(series_path, &s, err)) || (opt->context != XLQA_SERIES_CONTEXT_NONE && (rc = read_pronouns(a, source, &pronouns, err))))
		goto done;
	opt->pronouns = pronouns;
	if ((rc = xlqa_series_answer(a, idx, s, tag, opt, &run, &sum, err)) ||
	    (rc = xlqa_file_write_atomic(out, run.buf, run.len, err)))
		goto done;
	fprintf(stderr, "xlqa run: %zu targets, %zu questions: %zu factoids NIL, %zu list instances, %zu Other snippets, "
	                "%zu pronouns resolved\n", sum.targets, sum.questions, sum.factoid_nil, sum.list_instances,
	        sum.other_snippets, sum.pronouns);
	if (sum.unanswered)
		fprintf(stderr, "xlqa run: warning: %zu LIST or OTHER questions had no candidate and have no response\n",
		        sum.unanswered);
	if (sum.failed)
		fprintf(stderr, "xlqa run: warning: %zu questions failed (%s)\n", sum.failed, sum.first_failure);
done:
	xlqa_buf_release(&run);
	xlqa_series_pronouns_free(pronouns);
	xlqa_trec_series_free(s);
	return rc;
}
