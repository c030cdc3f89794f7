/*
 * translation: what `xlqa lexicon lookup`, `xlqa lexicon coverage`, `xlqa translate` and `xlqa search`
 * share: reading a pair ("DE-EN"), opening the source pack and the pair's translator
 * (xlqa_translator_open, as the answerer opens it), and a question's query by question analysis
 * (xlqa_question_query, as the answerer builds it).
 */
#include "config.h"

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_parse_pair(const char *arg, char source[4], char target[4])
{
	const char *dash = strchr(arg, '-');
	const struct xlqa_lang_info *s, *t;
	char a[16], b[16];

	if (!dash || (size_t)(dash - arg) >= sizeof a || strlen(dash + 1) >= sizeof b)
		return -1;
	memcpy(a, arg, (size_t)(dash - arg));
	a[dash - arg] = '\0';
	snprintf(b, sizeof b, "%s", dash + 1);
	if (!(s = xlqa_lang_find(a)) || !(t = xlqa_lang_find(b)))
		return -1;
	snprintf(source, 4, "%s", s->code);
	snprintf(target, 4, "%s", t->code);
	return 0;
}

/* Reads "word[TAB frequency]" lines into the translator's vocabulary. */
static int read_vocabulary(struct xlqa_translator *tr, const char *path, struct xlqa_error *err)
{
	struct xlqa_buf text = XLQA_BUF_INIT;
	const char **words = NULL;
	uint64_t *freqs = NULL;
	size_t n = 0, alloc_w = 0, alloc_f = 0;
	int rc;

	if ((rc = xlqa_file_read(path, &text, err)))
		return rc;
	for (char *line = text.buf; line < text.buf + text.len;) {
		char *nl = strchr(line, '\n'), *tab;
		if (nl)
			*nl = '\0';
		if ((tab = strchr(line, '\t')))
			*tab = '\0';
		if (*line) {
			if (XLQA_ARRAY_RESERVE(words, alloc_w, n + 1) || XLQA_ARRAY_RESERVE(freqs, alloc_f, n + 1)) {
				rc = xlqa_error_status(err, XLQA_ENOMEM, "reading the index vocabulary");
				goto done;
			}
			words[n] = line;
			freqs[n++] = tab ? strtoull(tab + 1, NULL, 10) : 1;
		}
		line = nl ? nl + 1 : text.buf + text.len;
	}
	rc = xlqa_translator_set_vocabulary(tr, words, freqs, n, err);
done:
	free(words);
	free(freqs);
	xlqa_buf_release(&text);
	return rc;
}

int cli_translation_open(const char *source, const char *target, const char *lexicon_dir, const char *vocabulary,
			 struct cli_translation *t, struct xlqa_error *err)
{
	int rc;

	memset(t, 0, sizeof *t);
	if ((rc = xlqa_lang_open(source, NULL, &t->lang, err)))
		return rc;
	if (strcmp(source, target) == 0) /* the identity: no lexicon */
		return XLQA_OK;
	if (!(rc = xlqa_translator_open(t->lang, target, lexicon_dir, &t->tr, err)) && vocabulary)
		rc = read_vocabulary(t->tr, vocabulary, err);
	if (rc)
		cli_translation_release(t);
	return rc;
}

void cli_translation_release(struct cli_translation *t)
{
	xlqa_question_rules_free(t->rules);
	xlqa_translator_free(t->tr);
	xlqa_lang_free(t->lang);
	memset(t, 0, sizeof *t);
}

int cli_question_query(struct cli_translation *t, const char *text, char category, struct xlqa_question *q,
		       struct xlqa_query *query, struct xlqa_error *err)
{
	int rc;

	if (!t->rules && (rc = xlqa_question_rules_new(t->lang, &t->rules, err)))
		return rc;
	return xlqa_question_query(t->rules, t->lang, text, strlen(text), category, q, query, err);
}
