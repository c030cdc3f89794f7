/*
 * registry: the languages xlqa knows. One row a language: its codes, English name, ICU locale,
 * Snowball algorithm and hunspell dictionary. The pack data lives in lang/<code>/.
 */
#include "config.h"

#include "xlqa/lang.h"

#include <string.h>
#include <strings.h>

static const struct xlqa_lang_info languages[] = {
	/* Bulgarian: Snowball has no stemmer, so hunspell's lemma is the stem. */
	{ "bg", "bul", NULL, "Bulgarian", "bg", NULL, "bg_BG", XLQA_LANG_HUNSPELL_STEMS, NULL },
	{ "de", "deu", "ger", "German", "de", "german", "de_DE", XLQA_LANG_COMPOUNDS | XLQA_LANG_CAPITALISED_NOUNS | XLQA_LANG_CLEF_TARGET, "S" },
	{ "en", "eng", NULL, "English", "en", "english", "en_US", XLQA_LANG_CLEF_TARGET, NULL },
	{ "es", "spa", NULL, "Spanish", "es", "spanish", "es_ES", XLQA_LANG_CLEF_TARGET, NULL },
	/* Finnish: Debian has no hunspell dictionary (Finnish spell checking there is Voikko). */
	{ "fi", "fin", NULL, "Finnish", "fi", "finnish", NULL, 0, NULL },
	{ "fr", "fra", "fre", "French", "fr", "french", "fr_FR", XLQA_LANG_CLEF_TARGET, NULL },
	{ "it", "ita", NULL, "Italian", "it", "italian", "it_IT", XLQA_LANG_CLEF_TARGET, NULL },
	{ "nl", "nld", "dut", "Dutch", "nl", "dutch", "nl", XLQA_LANG_COMPOUNDS | XLQA_LANG_CLEF_TARGET, NULL },
	{ "pt", "por", NULL, "Portuguese", "pt", "portuguese", "pt_PT", XLQA_LANG_CLEF_TARGET, NULL },
};

#define N_LANGUAGES (sizeof languages / sizeof languages[0])

size_t xlqa_lang_count(void)
{
	return N_LANGUAGES;
}

const struct xlqa_lang_info *xlqa_lang_at(size_t i)
{
	return i < N_LANGUAGES ? &languages[i] : NULL;
}

const struct xlqa_lang_info *xlqa_lang_find(const char *name)
{
	for (size_t i = 0; i < N_LANGUAGES; i++) {
		const struct xlqa_lang_info *l = &languages[i];
		if (strcasecmp(name, l->code) == 0 || strcasecmp(name, l->iso3) == 0 ||
		    (l->iso3b && strcasecmp(name, l->iso3b) == 0) || strcasecmp(name, l->name) == 0)
			return l;
	}
	return NULL;
}

int xlqa_lang_lookup(const char *name, const struct xlqa_lang_info **out, struct xlqa_error *err)
{
	char known[4 * N_LANGUAGES + 1];
	size_t at = 0;

	*out = xlqa_lang_find(name);
	if (*out)
		return XLQA_OK;
	for (size_t i = 0; i < N_LANGUAGES; i++) {
		size_t n = strlen(languages[i].code);
		if (at + n + 2 > sizeof known)
			break;
		if (at)
			known[at++] = ' ';
		memcpy(known + at, languages[i].code, n);
		at += n;
	}
	known[at] = '\0';
	return xlqa_error_set(err, XLQA_ENOTFOUND,
			      "unknown language '%s' (known: %s, their ISO 639-2 codes or English names)", name, known);
}
