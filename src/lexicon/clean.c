/*
 * clean: the text rules every part of the lexicon shares. Dictionary text is cleaned once when read
 * (tags, notes in brackets, placeholders and Cyrillic stress marks out), and keys are normalised the
 * way the analyzer normalises tokens, so a word of a question finds the headword it spells.
 *
 * Invariant: lex_clean and lex_normalize only append to their output, and their output never starts
 * or ends with a space nor holds two spaces in a row.
 */
#include "config.h"

#include "lexicon-internal.h"

#include "xlqa/text.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

/* Ding's and FreeDict's stand-ins for an object ("etw." something, "jdn." somebody). */
static const char *const placeholders[] = {
	"etw.", "jdn.", "jdm.", "jds.", "jd.", "sth.", "sb.", "sb.'s", "sth.'s", "sb's", "o.s.", "oneself",
};

static bool is_placeholder(const char *w, size_t len)
{
	for (size_t i = 0; i < sizeof placeholders / sizeof placeholders[0]; i++)
		if (strlen(placeholders[i]) == len && memcmp(placeholders[i], w, len) == 0)
			return true;
	return false;
}

/* Personal pronouns Ding writes before inflected verb forms: "ich/er/sie fand", "I/he/she thought". */
static const char *const pronouns[] = {
	"ich", "du", "er", "sie", "es", "wir", "ihr", "I", "you", "he", "she", "it", "we", "they",
};

size_t lex_pronoun_prefix(const char *s, size_t len)
{
	size_t end = 0, i = 0;
	bool slash = false;

	while (end < len && s[end] != ' ')
		end++;
	if (end == len)
		return 0;
	while (i < end) {
		size_t j = i;
		bool known = false;
		while (j < end && s[j] != '/')
			j++;
		for (size_t k = 0; k < sizeof pronouns / sizeof pronouns[0] && !known; k++)
			known = strlen(pronouns[k]) == j - i && memcmp(pronouns[k], s + i, j - i) == 0;
		if (!known)
			return 0;
		slash |= j < end;
		i = j + 1;
	}
	return slash ? end + 1 : 0;
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Appends the words of s[0, len) to `out` separated by one space, skipping placeholders. */
static int add_words(const char *s, size_t len, bool drop_placeholders, struct xlqa_buf *out)
{
	size_t i = 0;
	size_t start_len = out->len;

	while (i < len) {
		size_t j;
		while (i < len && is_space((unsigned char)s[i]))
			i++;
		for (j = i; j < len && !is_space((unsigned char)s[j]); j++)
			;
		if (j > i && !(drop_placeholders && is_placeholder(s + i, j - i))) {
			if (out->len > start_len && xlqa_buf_addch(out, ' '))
				return XLQA_ENOMEM;
			if (xlqa_buf_add(out, s + i, j - i))
				return XLQA_ENOMEM;
		}
		i = j;
	}
	return XLQA_OK;
}

/*
 * Separators a split left at an end of the text ("resaca,", ", | modista", "manage to do sth.:"):
 * `*len` shortened past trailing ones; returns the offset past leading ones, which the caller
 * skips (s[offset, *len) is what is left; trailing and leading blanks do not matter).
 */
static const char *trim_punct_start(const char *s, size_t *len)
{
	size_t i = 0;

	while (*len > 0 && (is_space((unsigned char)s[*len - 1]) || s[*len - 1] == ',' || s[*len - 1] == ';' ||
			    s[*len - 1] == ':' || s[*len - 1] == '/'))
		--*len;
	while (i < *len && (is_space((unsigned char)s[i]) || s[i] == ',' || s[i] == ';' || s[i] == ':' || s[i] == '/'))
		i++;
	*len -= i;
	return s + i;
}

int lex_clean(const char *s, size_t len, struct xlqa_buf *out)
{
	struct xlqa_buf tmp = XLQA_BUF_INIT;
	int depth = 0, rc = XLQA_OK;

	for (size_t i = 0; i < len && !rc; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '(' || c == '[' || c == '<' || c == '{') {
			depth++;
			continue;
		}
		if (c == ')' || c == ']' || c == '>' || c == '}') {
			/* A closer without its opener ends a note whose opener a split left in another
			 * item ("[wichtige/bekannte] Person" cut at the slash): what came before it is
			 * the note. */
			if (depth > 0)
				depth--;
			else
				xlqa_buf_reset(&tmp);
			continue;
		}
		if (depth > 0)
			continue;
		if (c == '|') { /* spa-deu's separator of a masculine and a feminine form */
			rc = xlqa_buf_addch(&tmp, ' ');
			continue;
		}
		/* U+0300 and U+0301 (CC 80, CC 81) after a Cyrillic letter (lead byte D0-D3) mark stress. */
		if (c == 0xCC && i + 1 < len && ((unsigned char)s[i + 1] == 0x80 || (unsigned char)s[i + 1] == 0x81) &&
		    tmp.len >= 2 && (unsigned char)tmp.buf[tmp.len - 2] >= 0xD0 &&
		    (unsigned char)tmp.buf[tmp.len - 2] <= 0xD3) {
			i++;
			continue;
		}
		rc = xlqa_buf_addch(&tmp, c);
	}
	if (!rc)
		{
		size_t n = tmp.len;
		const char *start = trim_punct_start(tmp.buf, &n);
		rc = add_words(start, n, true, out);
	}
	xlqa_buf_release(&tmp);
	return rc;
}

int lex_normalize(const char *s, size_t len, struct xlqa_buf *out, struct xlqa_error *err)
{
	struct xlqa_buf tmp = XLQA_BUF_INIT;
	bool ascii = true;
	int rc;

	for (size_t i = 0; i < len && ascii; i++)
		ascii = (unsigned char)s[i] < 0x80;
	if (ascii) {
		if ((rc = xlqa_buf_grow(&tmp, len)))
			return xlqa_error_set(err, rc, "normalising: %s", xlqa_strerror(rc));
		for (size_t i = 0; i < len; i++)
			tmp.buf[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
		tmp.len = len;
		tmp.buf[len] = '\0';
	} else if ((rc = xlqa_text_normalize(s, len, XLQA_NORM_CASEFOLD | XLQA_NORM_APOSTROPHES, &tmp, err))) {
		xlqa_buf_release(&tmp);
		return rc;
	}
	rc = add_words(tmp.buf, tmp.len, false, out);
	xlqa_buf_release(&tmp);
	return rc ? xlqa_error_set(err, rc, "normalising: %s", xlqa_strerror(rc)) : XLQA_OK;
}

size_t lex_count_words(const char *s, size_t len)
{
	size_t n = 0;
	bool in_word = false;

	for (size_t i = 0; i < len; i++) {
		bool sp = is_space((unsigned char)s[i]);
		if (!sp && !in_word)
			n++;
		in_word = !sp;
	}
	return n;
}

bool lex_starts_upper(const char *s, size_t len)
{
	int32_t i = 0;
	UChar32 c;

	U8_NEXT(s, i, (int32_t)len, c);
	return c >= 0 && (u_isupper(c) || u_istitle(c));
}

bool lex_joined_candidate(const char *s, size_t len)
{
	size_t letters = 0;

	if (len > LEX_JOINED_MAX_BYTES)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80 && !(c >= 'a' && c <= 'z'))
			return false;
		letters += (c & 0xC0) != 0x80;
	}
	return letters >= LEX_JOINED_MIN;
}

bool lex_has_alnum(const char *s, size_t len)
{
	for (int32_t i = 0; i < (int32_t)len;) {
		UChar32 c;
		U8_NEXT(s, i, (int32_t)len, c);
		if (c >= 0 && u_isalnum(c))
			return true;
	}
	return false;
}

/* Tags naming a part of speech, in the forms the FreeDict dictionaries use. */
static const struct {
	const char *tag;
	enum xlqa_lexicon_pos pos;
} pos_tags[] = {
	{ "n", XLQA_POS_NOUN },     { "noun", XLQA_POS_NOUN },  { "v", XLQA_POS_VERB },  { "vt", XLQA_POS_VERB },
	{ "vi", XLQA_POS_VERB },    { "verb", XLQA_POS_VERB },  { "adj", XLQA_POS_ADJ }, { "adv", XLQA_POS_ADV },
	{ "pn", XLQA_POS_NAME },    { "prop", XLQA_POS_NAME },  { "prep", XLQA_POS_OTHER }, { "conj", XLQA_POS_OTHER },
	{ "pron", XLQA_POS_OTHER }, { "num", XLQA_POS_OTHER },  { "art", XLQA_POS_OTHER }, { "int", XLQA_POS_OTHER },
	{ "interj", XLQA_POS_OTHER }, { "abbr", XLQA_POS_OTHER }, { "phraseologicalUnit", XLQA_POS_OTHER },
};

enum xlqa_lexicon_pos lex_pos_parse(const char *tags, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t j;
		while (i < len && (tags[i] == ',' || tags[i] == ' '))
			i++;
		for (j = i; j < len && tags[j] != ',' && tags[j] != ' '; j++)
			;
		for (size_t k = 0; k < sizeof pos_tags / sizeof pos_tags[0]; k++)
			if (strlen(pos_tags[k].tag) == j - i && memcmp(pos_tags[k].tag, tags + i, j - i) == 0)
				return pos_tags[k].pos;
		i = j;
	}
	return XLQA_POS_UNKNOWN;
}

static const char *const origin_names[XLQA_LEX_N_ORIGINS] = { "direct", "inverse", "pivot-en", "pivot-de",
							      "names", "tsv", "names-hunspell" };

const char *xlqa_lexicon_origin_name(unsigned origin)
{
	for (size_t i = 0; i < sizeof origin_names / sizeof origin_names[0]; i++)
		if (origin == 1u << i)
			return origin_names[i];
	return "?";
}

const char *xlqa_lexicon_pos_name(enum xlqa_lexicon_pos pos)
{
	static const char *const names[] = { "-", "n", "v", "adj", "adv", "pn", "other" };
	return (unsigned)pos < sizeof names / sizeof names[0] ? names[pos] : "-";
}
