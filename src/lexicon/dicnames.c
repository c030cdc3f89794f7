/*
 * dicnames: proper names from a hunspell dictionary. A hunspell .dic lists stems, one a line
 * ("Berlin/S", "Zygmund/L'D'Q' po:patr"), and keeps their case: a stem written with a capital is a
 * proper noun (a person, place or organisation) in every dictionary but German's, where common
 * nouns are capitalised too. The builder counts in how many languages' dictionaries each name
 * occurs (see build.c); this reader only lists one dictionary's capitalised stems.
 *
 * Invariant: every name passed on is valid UTF-8, at least two characters long, starts with an
 * upper-case letter, is listed once, and (when the affix file is given) is a word hunspell accepts
 * as written, so stems usable only inside compounds or forbidden ones are left out.
 */
#include "config.h"

#include "lexicon-internal.h"

#include "xlqa/text.h"

#include <hunspell/hunspell.h>
#include <stdio.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

/* True when `s` starts with an upper- or title-case letter and has at least two code points. */
static bool capitalised_name(const char *s, size_t len)
{
	int32_t i = 0;
	UChar32 c;

	U8_NEXT(s, i, (int32_t)len, c);
	return c >= 0 && (u_isupper(c) || u_istitle(c)) && (size_t)i < len;
}

/*
 * The stem of one .dic line, unescaped into `out`: the text before the flags ('/' not preceded by
 * a backslash), the morphological fields (after a tab, or after a space followed by a two-letter
 * field name and ':', as in "po:npr") and trailing blanks.
 */
static int dic_stem(const char *line, size_t len, struct xlqa_buf *out)
{
	size_t end = len;

	for (size_t i = 0; i < len; i++)
		if (line[i] == '\t' || (line[i] == ' ' && i + 3 < len && line[i + 3] == ':' && line[i + 1] >= 'a' &&
					line[i + 1] <= 'z' && line[i + 2] >= 'a' && line[i + 2] <= 'z')) {
			end = i;
			break;
		}
	for (size_t i = 0; i < end; i++) {
		if (line[i] == '\\' && i + 1 < end && line[i + 1] == '/') {
			i++;
		} else if (line[i] == '/') {
			break;
		}
		if (xlqa_buf_addch(out, line[i]))
			return XLQA_ENOMEM;
	}
	while (out->len && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	return XLQA_OK;
}

int xlqa_dict_read_hunspell_names(const char *aff_path, const char *dic_path, xlqa_dict_entry_fn fn, void *ctx,
				  struct xlqa_dict_stats *stats, struct xlqa_error *err)
{
	struct xlqa_buf text = XLQA_BUF_INIT, stem = XLQA_BUF_INIT;
	struct xlqa_dict_stats local = { 0 };
	struct xlqa_hash seen;
	Hunhandle *h = NULL;
	int64_t line_no = 0;
	int rc;

	if (!stats)
		stats = &local;
	xlqa_hash_init(&seen);
	if ((rc = xlqa_file_read(dic_path, &text, err)))
		goto done;
	if (aff_path) {
		const char *enc;
		FILE *fp = fopen(aff_path, "rb");
		/* hunspell reports a missing file on stderr only: look first, so the error is ours */
		if (!fp) {
			rc = xlqa_error_set(err, XLQA_ENOTFOUND, "cannot open '%s'", aff_path);
			goto done;
		}
		fclose(fp);
		if (!(h = Hunspell_create(aff_path, dic_path))) {
			rc = xlqa_error_set(err, XLQA_EEXTERNAL, "cannot load hunspell '%s'", aff_path);
			goto done;
		}
		enc = Hunspell_get_dic_encoding(h);
		if (!enc || (strcmp(enc, "UTF-8") != 0 && strcmp(enc, "utf-8") != 0)) {
			rc = xlqa_error_set(err, XLQA_EUNSUPPORTED, "hunspell dictionary '%s' is in %s, not UTF-8", aff_path,
					    enc ? enc : "an unknown encoding");
			goto done;
		}
	}
	for (size_t pos = 0; pos < text.len;) {
		char *line = text.buf + pos, *nl = memchr(line, '\n', text.len - pos);
		size_t ll = nl ? (size_t)(nl - line) : text.len - pos;

		pos += ll + 1;
		line_no++;
		if (ll && line[ll - 1] == '\r')
			ll--;
		/* the first line is the stem count; a line starting with a tab is a comment */
		if (line_no == 1 || ll == 0 || line[0] == '\t' || line[0] == '#')
			continue;
		if (!xlqa_text_utf8_valid(line, ll, NULL)) {
			stats->bad_lines++;
			continue;
		}
		xlqa_buf_reset(&stem);
		if (dic_stem(line, ll, &stem)) {
			rc = xlqa_error_status(err, XLQA_ENOMEM, "reading the hunspell names");
			goto done;
		}
		if (!capitalised_name(stem.buf, stem.len) || xlqa_hash_find(&seen, stem.buf, stem.len))
			continue;
		if (xlqa_hash_put(&seen, stem.buf, stem.len, NULL, NULL)) {
			rc = xlqa_error_status(err, XLQA_ENOMEM, "reading the hunspell names");
			goto done;
		}
		if (h && !Hunspell_spell(h, stem.buf)) {
			stats->skipped_entries++;
			continue;
		}
		{
			const char *t = stem.buf;
			struct xlqa_dict_entry e = { stem.buf, XLQA_POS_NAME, &t, NULL, 1, line_no, -1 };
			stats->entries++;
			stats->translations++;
			if ((rc = fn(ctx, &e, err)))
				goto done;
		}
	}
done:
	if (h)
		Hunspell_destroy(h);
	xlqa_hash_release(&seen);
	xlqa_buf_release(&text);
	xlqa_buf_release(&stem);
	return rc;
}
