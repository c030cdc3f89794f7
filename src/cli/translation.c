/*
 * translation: what `xlqa lexicon lookup`, `xlqa lexicon coverage` and `xlqa translate` share:
 * reading a pair ("DE-EN"), opening the pair's lexicon, the source pack and a translator, and
 * building a source-language query from a question until question analysis provides one.
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
	struct xlqa_buf dir = XLQA_BUF_INIT, path = XLQA_BUF_INIT;
	int rc;

	memset(t, 0, sizeof *t);
	if ((rc = xlqa_lang_open(source, NULL, &t->lang, err)))
		return rc;
	if (strcmp(source, target) == 0) /* the identity: no lexicon */
		return XLQA_OK;
	if (lexicon_dir)
		rc = xlqa_buf_addstr(&dir, lexicon_dir) ? XLQA_ENOMEM : XLQA_OK;
	else
		rc = xlqa_lexicon_default_dir(&dir, err);
	if (!rc && xlqa_lexicon_path(dir.buf, source, target, &path))
		rc = XLQA_ENOMEM;
	if (rc == XLQA_ENOMEM)
		xlqa_error_status(err, rc, "opening the translation");
	if (!rc && (rc = xlqa_lexicon_open(path.buf, &t->lex, err)) == XLQA_ENOTFOUND)
		xlqa_error_prefix(err, "no lexicon for '%s-%s' (run 'xlqa lexicon build')", source, target);
	if (!rc)
		rc = xlqa_translator_new(t->lex, t->lang, &t->tr, err);
	if (!rc && strcmp(source, "en") != 0 &&
	    (rc = xlqa_translator_open_foreign(t->tr, dir.buf, err)) == XLQA_ENOTFOUND) {
		rc = XLQA_OK; /* no English fallback: the pair's lexicon alone */
		xlqa_error_clear(err);
	}
	if (!rc && vocabulary)
		rc = read_vocabulary(t->tr, vocabulary, err);
	xlqa_buf_release(&dir);
	xlqa_buf_release(&path);
	if (rc)
		cli_translation_close(t);
	return rc;
}

void cli_translation_close(struct cli_translation *t)
{
	xlqa_translator_free(t->tr);
	xlqa_lexicon_free(t->lex);
	xlqa_lang_free(t->lang);
	memset(t, 0, sizeof *t);
}

/*
 * True when the token's text starts with an upper-case letter: its first character changes under
 * case folding (the norm is case folded), so "Österreich" is and "élan" is not.
 */
static bool capitalised(const char *text, const struct xlqa_token *tok)
{
	unsigned char c = (unsigned char)text[tok->start];
	size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;

	if (n > tok->end - tok->start || strlen(tok->norm) < n)
		return false;
	return memcmp(text + tok->start, tok->norm, n) != 0 && !(c < 0x80 && !(c >= 'A' && c <= 'Z'));
}

/*
 * The word query of a question: each content token (a word or number that is not a stop word) is a
 * group of weight 1; numbers are flagged as such; a capitalised word other than the sentence's first
 * is flagged as a name (it passes through translation) and weighs `name_weight`.
 */
int cli_source_query(struct xlqa_lang *lang, struct xlqa_analysis *a, const char *text, double name_weight,
		     struct xlqa_query *q, struct xlqa_error *err)
{
	size_t last_sentence = (size_t)-1;
	int rc;

	xlqa_query_reset(q);
	if ((rc = xlqa_lang_analyze(lang, text, strlen(text), 0, a, err)))
		return rc;
	for (size_t i = 0; i < a->n_tokens; i++) {
		const struct xlqa_token *tok = &a->tokens[i];
		bool first = tok->sentence != last_sentence;
		unsigned flags = 0;
		double weight = 1;

		if (tok->kind == XLQA_SPAN_PUNCT)
			continue;
		last_sentence = tok->sentence;
		if (tok->flags & XLQA_TOKEN_STOP)
			continue;
		if (tok->kind == XLQA_SPAN_NUMBER || (tok->flags & XLQA_TOKEN_NUMERIC))
			flags |= XLQA_QUERY_NUMBER;
		else if (!first && capitalised(text, tok)) {
			flags |= XLQA_QUERY_NAME;
			weight = name_weight;
		}
		if ((rc = xlqa_query_add_term(q, text + tok->start, tok->end - tok->start, weight, flags)))
			return xlqa_error_status(err, rc, "analysing the question");
	}
	return XLQA_OK;
}
