/*
 * apertium: a reader for Apertium bilingual dictionaries, as listed by Apertium's own tools.
 *
 * Apertium ships its bilingual dictionaries compiled into transducers (XXX-YYY.autobil.bin). Rather
 * than decode lttoolbox's binary format, xlqa reads what `lt-proc -b` answers for a list of
 * source lemmas (scripts/apertium-listings.sh writes such listings), one line a lemma:
 *
 *   ^oil<n>/óleo<n><m>/aceite<n><m>/petróleo<n><m>$
 *   ^miss<vblex>/perder<vblex>/echar# de menos<vblex>$
 *   ^meta<n><f>/@meta<n><f>$                   (not in the dictionary: "@", skipped)
 *
 * The headword's first tag gives the part of speech; a translation's tags are dropped, and so is
 * the '#' that marks where a multiword's invariable part starts ("echar# de menos" is "echar de
 * menos"). A backslash escapes the next character ("\/", "\^"). Translations keep the listing's
 * order, which is the dictionary's: its default translation comes first.
 *
 * Invariant: the callback sees only cleaned, non-empty, valid UTF-8 headwords and translations, each
 * translation once per entry.
 */
#include "config.h"

#include "lexicon-internal.h"

#include "xlqa/text.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TRANS 64 /* translations kept per line (lt-proc lists a handful); more are counted as skipped */

/* Apertium's first tags, by the part of speech they name. */
static const struct {
	const char *tag;
	enum xlqa_lexicon_pos pos;
} pos_tags[] = {
	{ "n", XLQA_POS_NOUN },     { "vblex", XLQA_POS_VERB }, { "vbser", XLQA_POS_VERB },
	{ "vbhaver", XLQA_POS_VERB }, { "vbmod", XLQA_POS_VERB }, { "vaux", XLQA_POS_VERB },
	{ "adj", XLQA_POS_ADJ },    { "adv", XLQA_POS_ADV },    { "preadv", XLQA_POS_ADV },
	{ "np", XLQA_POS_NAME },
};

static enum xlqa_lexicon_pos tag_pos(const char *tag, size_t len)
{
	if (!len)
		return XLQA_POS_UNKNOWN;
	for (size_t i = 0; i < sizeof pos_tags / sizeof pos_tags[0]; i++)
		if (strlen(pos_tags[i].tag) == len && memcmp(pos_tags[i].tag, tag, len) == 0)
			return pos_tags[i].pos;
	return XLQA_POS_OTHER;
}

/*
 * One '/'-separated part of a line, s[0, len): its lemma (escapes resolved, '#' dropped) appended
 * to `out` as lex_clean leaves it, and the name of its first tag in [*tag, *tag + *tag_len).
 */
static int read_part(const char *s, size_t len, struct xlqa_buf *lemma, struct xlqa_buf *out, const char **tag,
		     size_t *tag_len)
{
	size_t i = 0;

	xlqa_buf_reset(lemma);
	*tag = NULL;
	*tag_len = 0;
	for (; i < len && s[i] != '<'; i++) {
		if (s[i] == '\\' && i + 1 < len)
			i++;
		else if (s[i] == '#')
			continue;
		if (xlqa_buf_add(lemma, s + i, 1))
			return XLQA_ENOMEM;
	}
	if (i < len) {
		const char *end = memchr(s + i, '>', len - i);
		*tag = s + i + 1;
		*tag_len = end ? (size_t)(end - *tag) : 0;
	}
	return lex_clean(lemma->buf ? lemma->buf : "", lemma->len, out);
}

/* The end of the '/'-separated part starting at s[i] (a backslash escapes). */
static size_t part_end(const char *s, size_t i, size_t len)
{
	for (; i < len && s[i] != '/'; i++)
		if (s[i] == '\\')
			i++;
	return i < len ? i : len;
}

int xlqa_dict_read_apertium(const char *path, bool strict, xlqa_dict_entry_fn fn, void *ctx,
			    struct xlqa_dict_stats *stats, struct xlqa_error *err)
{
	struct xlqa_buf text = XLQA_BUF_INIT, lemma = XLQA_BUF_INIT, words = XLQA_BUF_INIT;
	struct xlqa_dict_stats local = { 0 };
	int64_t line_no = 0;
	size_t pos = 0, ll;
	char *line;
	int rc;

	if (!stats)
		stats = &local;
	if ((rc = lex_text_read(path, &text, err)))
		goto done;
	while (lex_text_next_line(&text, &pos, &line_no, &line, &ll)) {
		size_t at[MAX_TRANS], n = 0, head_len, tag_len;
		const char *trans[MAX_TRANS], *tag;
		enum xlqa_lexicon_pos pos_of;

		if (ll < 2 || line[0] != '^' || line[ll - 1] != '$' || part_end(line, 1, ll - 1) >= ll - 1) {
			if (strict) {
				rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, line_no,
				                   "expected '^word<tag>/translation<tag>...$' (lt-proc -b output)");
				goto done;
			}
			stats->bad_lines++;
			continue;
		}
		line++;
		ll -= 2;
		xlqa_buf_reset(&words);
		{
			size_t e = part_end(line, 0, ll);
			if ((rc = read_part(line, e, &lemma, &words, &tag, &tag_len)) || (rc = xlqa_buf_add(&words, "", 1))) {
				rc = xlqa_error_status(err, rc, "reading the Apertium dictionary");
				goto done;
			}
			pos_of = tag_pos(tag, tag_len);
			head_len = words.len - 1;
			for (size_t s = e + 1; s <= ll && n < MAX_TRANS; s = e + 1) {
				size_t start = words.len;
				bool dup = false;

				e = part_end(line, s, ll);
				if (e == s || strchr("@#*", line[s]))
					continue; /* unknown to the dictionary, or generation failed */
				if ((rc = read_part(line + s, e - s, &lemma, &words, &tag, &tag_len))) {
					rc = xlqa_error_status(err, rc, "reading the Apertium dictionary");
					goto done;
				}
				for (size_t k = 0; k < n && !dup; k++)
					dup = strlen(words.buf + at[k]) == words.len - start &&
					      memcmp(words.buf + at[k], words.buf + start, words.len - start) == 0;
				if (dup || words.len == start) {
					stats->skipped_items += !dup; /* nothing left once cleaned */
					xlqa_buf_setlen(&words, start);
					continue;
				}
				if (xlqa_buf_add(&words, "", 1)) {
					rc = xlqa_error_status(err, XLQA_ENOMEM, "reading the Apertium dictionary");
					goto done;
				}
				at[n++] = start;
			}
			for (size_t s = e + 1; n == MAX_TRANS && s <= ll; s = e + 1) { /* beyond the ones kept */
				e = part_end(line, s, ll);
				stats->skipped_items++;
			}
		}
		if (!head_len || !n) {
			stats->skipped_entries++;
			continue;
		}
		for (size_t k = 0; k < n; k++)
			trans[k] = words.buf + at[k]; /* words no longer grows: the pointers stay valid */
		{
			struct xlqa_dict_entry e = { words.buf, pos_of, trans, NULL, n, line_no, -1 };
			stats->entries++;
			stats->translations += n;
			if ((rc = fn(ctx, &e, err)))
				goto done;
		}
	}
done:
	xlqa_buf_release(&text);
	xlqa_buf_release(&lemma);
	xlqa_buf_release(&words);
	return rc;
}
