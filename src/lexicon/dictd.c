/*
 * dictd: readers that turn translation sources into entries. FreeDict ships dictd databases: an
 * index of "headword TAB offset TAB length" (numbers in dictd's base64) into a data file compressed
 * with dictzip (gzip whose extra field allows random access; read here as one forward stream). Three
 * layouts occur in Debian's FreeDict packages (see enum xlqa_dict_style); each entry is parsed into
 * its headword, part of speech and translations, and pronunciation, notes, glosses, examples,
 * synonyms and "see:" references are left out and counted, as are the entries whose headword Ergane
 * cut from a phrase (see "Cut headwords", and "Cut headwords pronounced again", for which the
 * dictionary of the opposite direction is read too); two translations or headwords written on
 * either side of a colon are parted (colon_at). The TSV reader is the plain format users add their
 * own translations in.
 *
 * Invariant: the callback sees only cleaned, non-empty, valid UTF-8 headwords and translations.
 */
#include "config.h"

#include "lexicon-internal.h"

#include "xlqa/text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* One entry's bytes in the data, and the index line that names them (for errors). */
struct span {
	uint64_t off;
	uint64_t len;
	int64_t line;
	uint32_t group; /* 1 + the index of its headword's entries (struct group), 0 when it has one line */
	bool cut;       /* found cut by the cut-headword rule (judge_group) */
};

static int span_cmp(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* Where a span ends; UINT64_MAX when off + len overflows, which lies past any data's end. */
static uint64_t span_end(const struct span *sp)
{
	uint64_t end;

	return __builtin_add_overflow(sp->off, sp->len, &end) ? UINT64_MAX : end;
}

/* dictd's base64 number: digits A-Z a-z 0-9 + /, most significant first. False for a bad digit. */
static bool b64_number(const char *s, size_t len, uint64_t *out)
{
	static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	uint64_t v = 0;

	if (len == 0 || len > 10)
		return false;
	for (size_t i = 0; i < len; i++) {
		const char *p = memchr(digits, s[i], 64);
		if (!p || !s[i])
			return false;
		v = v * 64 + (uint64_t)(p - digits);
	}
	*out = v;
	return true;
}

/*
 * The data file read as a stream (gzip/dictzip, or a plain file: zlib passes it through), never
 * whole: `win` holds the decompressed bytes [base, base + win.len), from the offset of the entry
 * being read to the furthest byte read so far. It only moves forward; the bytes before the entry
 * asked for are dropped when more are read, so it stays about one read chunk plus the largest
 * entry, whatever the size of the data (in the classic layout, plus the bytes the entries of one
 * headword span, for the cut-headword rule: at most CUT_RANGE_MAX).
 */
#define STREAM_CHUNK (256 * 1024)
struct stream {
	gzFile gz;
	const char *path;  /* borrowed, for errors */
	struct xlqa_buf win;
	uint64_t base;     /* offset in the decompressed data of win.buf[0] */
	bool eof;          /* then base + win.len is the data's length */
};

static int stream_open(struct stream *s, const char *path, struct xlqa_error *err)
{
	s->path = path;
	s->base = 0;
	s->eof = false;
	xlqa_buf_init(&s->win);
	if (!(s->gz = gzopen(path, "rb")))
		return xlqa_error_set(err, errno == ENOENT ? XLQA_ENOTFOUND : XLQA_EIO, "cannot open '%s': %s", path,
				      errno ? strerror(errno) : "zlib failed");
	gzbuffer(s->gz, STREAM_CHUNK);
	return XLQA_OK;
}

static void stream_close(struct stream *s)
{
	if (s->gz)
		gzclose(s->gz);
	s->gz = NULL;
	xlqa_buf_release(&s->win);
}

/*
 * Makes the bytes [off, off + len) of the data readable at *text (valid until the next call), and
 * lets the bytes before `off` go: `off` must not be below any earlier call's. *text is NULL when the
 * data ends before off + len; then s->eof is set and s->base + s->win.len is the data's length.
 * Errors: XLQA_EIO, XLQA_ECORRUPT (bad compressed data), XLQA_ENOMEM.
 */
static int stream_get(struct stream *s, uint64_t off, uint64_t len, const char **text, struct xlqa_error *err)
{
	struct span sp = { off, len, 0, 0, false };
	uint64_t end = span_end(&sp);

	while (s->base + s->win.len < end && !s->eof) {
		size_t dead = off - s->base < s->win.len ? (size_t)(off - s->base) : s->win.len;
		int n, rc;
		if (dead) { /* only before a read, so that a run of small entries moves nothing */
			memmove(s->win.buf, s->win.buf + dead, s->win.len - dead);
			xlqa_buf_setlen(&s->win, s->win.len - dead);
			s->base += dead;
		}
		if ((rc = xlqa_buf_grow(&s->win, STREAM_CHUNK)))
			return xlqa_error_set(err, rc, "reading '%s': %s", s->path, xlqa_strerror(rc));
		n = gzread(s->gz, s->win.buf + s->win.len, STREAM_CHUNK);
		if (n < 0) {
			int zerr;
			const char *msg = gzerror(s->gz, &zerr);
			return xlqa_error_set(err, zerr == Z_ERRNO ? XLQA_EIO : XLQA_ECORRUPT, "reading '%s': %s", s->path,
					      zerr == Z_ERRNO ? strerror(errno) : msg);
		}
		s->eof = n == 0;
		s->win.len += (size_t)n;
		s->win.buf[s->win.len] = '\0';
	}
	*text = s->base + s->win.len < end ? NULL : s->win.buf + (off - s->base);
	return XLQA_OK;
}

/*
 * The error for an index whose entries lie past the data's end (`total` bytes, known once the
 * stream reached it; `failed` is one of them): names the first such line of the index, as when the
 * data was read whole before the index was checked.
 */
static int past_end(const char *index_path, const struct span *failed, const struct span *spans, size_t n_spans,
		    const struct span *metas, size_t n_metas, uint64_t total, struct xlqa_error *err)
{
	const struct span *first = failed;

	for (size_t i = 0; i < n_spans + n_metas; i++) {
		const struct span *sp = i < n_spans ? &spans[i] : &metas[i - n_spans];
		if (span_end(sp) > total && sp->line < first->line)
			first = sp;
	}
	return xlqa_error_in(err, XLQA_EPARSE, index_path, -1, first->line,
			     "entry at %llu+%llu lies past the data's end (%llu bytes)", (unsigned long long)first->off,
			     (unsigned long long)first->len, (unsigned long long)total);
}

/* The state of one reader: the callback, counters and scratch. */
struct reader {
	xlqa_dict_entry_fn fn;
	void *ctx;
	struct xlqa_dict_stats *stats;
	enum xlqa_dict_style style;
	struct xlqa_buf headword;
	struct xlqa_buf items;  /* cleaned translations, each NUL-terminated */
	size_t *starts;         /* offsets of the translations in `items` */
	size_t n_items, alloc_starts;
	const char **ptrs;
	size_t alloc_ptrs;
	xlqa_dict_word_fn known; /* the translations' word check, or NULL (xlqa_dict_read_dictd_words) */
	void *known_ctx;
	struct xlqa_buf piece;   /* scratch: a piece of a word, NUL-terminated, for `known` */
	bool phrase;             /* the entry's headword is a phrase (head_phrase), for part_joined */
	const struct renderings *reverse; /* the reverse dictionary's renderings, or NULL (rendered_cut) */
	bool repeated;           /* the entry's headword has several entries (struct span's group) */
	struct xlqa_buf norm_head, norm_item; /* scratch for rendered_cut */
	bool sentence;           /* the translation line being read is a sentence (add_line) */
	struct xlqa_buf scratch; /* add_line's cleaned line; a side of a headword parted at its colon */
};

static void reader_release(struct reader *r)
{
	xlqa_buf_release(&r->headword);
	xlqa_buf_release(&r->items);
	xlqa_buf_release(&r->piece);
	xlqa_buf_release(&r->norm_head);
	xlqa_buf_release(&r->norm_item);
	xlqa_buf_release(&r->scratch);
	free(r->starts);
	free(r->ptrs);
}

/* Ends the cleaned translation at r->items[start..] as an item, or drops it when it has no words
 * or too many, or repeats an item of the same entry (slash alternatives can produce one twice:
 * "photograph sb./sth." is "photograph" either way once placeholders go). */
static int finish_item(struct reader *r, size_t start)
{
	size_t words = lex_count_words(r->items.buf + start, r->items.len - start);

	if (words == 0 || words > LEX_MAX_TRANS_WORDS) {
		xlqa_buf_setlen(&r->items, start);
		r->stats->skipped_items++;
		return XLQA_OK;
	}
	for (size_t i = 0; i < r->n_items; i++)
		if (strlen(r->items.buf + r->starts[i]) == r->items.len - start &&
		    memcmp(r->items.buf + r->starts[i], r->items.buf + start, r->items.len - start) == 0) {
			xlqa_buf_setlen(&r->items, start);
			return XLQA_OK;
		}
	if (xlqa_buf_addch(&r->items, '\0') || XLQA_ARRAY_RESERVE(r->starts, r->alloc_starts, r->n_items + 1))
		return XLQA_ENOMEM;
	r->starts[r->n_items++] = start;
	return XLQA_OK;
}

/*
 * Where the abbreviation Ding glues to the end of a translation starts ("United StatesUS" at "US",
 * "apartment apt." at "apt."), or 0 when there is none to split off.
 */
static size_t abbreviation_start(const char *s, size_t len)
{
	const char *space = NULL;

	for (size_t i = len; i-- > 1;) {
		if (s[i] == ' ') {
			space = s + i;
			break;
		}
		if (s[i] >= 'A' && s[i] <= 'Z' && s[i - 1] >= 'a' && s[i - 1] <= 'z')
			return i;
	}
	return space ? (size_t)(space - s) + 1 : 0;
}

static int add_item(struct reader *r, const char *s, size_t len, bool abbrev);

/* True when s[0, len) is a run of ASCII digits. */
static bool all_digits(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return len > 0;
}

/* True when the word s[0, len) holds slash alternatives: a '/' with letters on both sides, not a
 * fraction or a date ("24/7", "1/2"). */
static bool slashed_word(const char *s, size_t len)
{
	const char *slash = memchr(s, '/', len);
	size_t left;

	if (!slash)
		return false;
	left = (size_t)(slash - s);
	return left > 0 && left + 1 < len && !(all_digits(s, left) && all_digits(slash + 1, 1));
}

/*
 * Ding writes alternatives with slashes. Between phrases, with spaces ("in a state of alarm /
 * perturbation"), each side is an item; inside a word ("manufacturing company/firm", "take/make a
 * measurement", "go/walk on foot") each alternative stands in the phrase in turn, so one item
 * becomes several ("manufacturing company", "manufacturing firm"): the dictionary means each of
 * them. Words with several slash groups multiply out, up to SLASH_MAX_ITEMS phrases in the order
 * written (first alternatives first). The phrases are added through add_item, which cleans them.
 */
#define SLASH_MAX_ITEMS 8
static int add_slashed(struct reader *r, const char *s, size_t len)
{
	struct {
		size_t start, len;  /* the word */
		size_t n, pick;     /* alternatives; the one in use */
	} words[2 * LEX_MAX_TRANS_WORDS];
	size_t n_words = 0, made = 0;
	struct xlqa_buf phrase = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	for (size_t i = 0; i + 2 < len; i++) /* phrase alternatives: " / " */
		if (s[i] == ' ' && s[i + 1] == '/' && s[i + 2] == ' ') {
			if ((rc = add_item(r, s, i, false)))
				return rc;
			return add_item(r, s + i + 3, len - i - 3, false);
		}
	for (size_t i = 0; i < len;) {
		size_t j = i;
		while (j < len && s[j] != ' ')
			j++;
		if (j > i) {
			if (n_words == sizeof words / sizeof words[0]) { /* far too long for a translation */
				r->stats->skipped_items++;
				return XLQA_OK;
			}
			words[n_words].start = i;
			words[n_words].len = j - i;
			words[n_words].n = 1;
			words[n_words].pick = 0;
			if (slashed_word(s + i, j - i))
				for (size_t k = i; k < j; k++)
					words[n_words].n += s[k] == '/';
			n_words++;
		}
		i = j + 1;
	}
	while (made < SLASH_MAX_ITEMS && rc == XLQA_OK) {
		size_t w;
		xlqa_buf_reset(&phrase);
		for (w = 0; w < n_words && !rc; w++) {
			const char *p = s + words[w].start, *end = p + words[w].len;
			if (words[w].n > 1) { /* the pick-th alternative */
				const char *slash;
				for (size_t k = 0; k < words[w].pick; k++)
					p = (const char *)memchr(p, '/', (size_t)(end - p)) + 1;
				if ((slash = memchr(p, '/', (size_t)(end - p))))
					end = slash;
			}
			if ((phrase.len && xlqa_buf_addch(&phrase, ' ')) || xlqa_buf_add(&phrase, p, (size_t)(end - p)))
				rc = XLQA_ENOMEM;
		}
		if (!rc && memchr(phrase.buf, '/', phrase.len)) /* "24/7", a lone "/": not alternatives */
			r->stats->skipped_items++;
		else if (!rc && (rc = add_item(r, phrase.buf, phrase.len, false)))
			break;
		made++;
		for (w = n_words; w-- > 0;) /* the next combination, the last word's alternatives fastest */
			if (++words[w].pick < words[w].n)
				break;
			else
				words[w].pick = 0;
		if (w == (size_t)-1)
			break;
	}
	xlqa_buf_release(&phrase);
	return rc;
}

static bool is_lower(char c)
{
	return c >= 'a' && c <= 'z';
}

static bool is_upper(char c)
{
	return c >= 'A' && c <= 'Z';
}

/*
 * Words the dictionary wrote together, in the cleaned item at r->items[start..]: a lower-case
 * letter followed by a capitalised word of two or more lower-case letters inside one word. The
 * classic FreeDict dictionaries glue the words of names ("BasqueCountry", "TheHague", "NiloAzul"):
 * they are parted by a space. Ding glues an abbreviation to the word it shortens ("seniorSen",
 * "incorporatedInc.", or the phrase: "regular expressionReg"): it is dropped, with its full stop. Brand names ("YouTube", "PlayStation") occur in the WikDict
 * layout only, which is left alone, as are ASCII-less words.
 */
static int unglue(struct reader *r, size_t start)
{
	struct xlqa_buf out = XLQA_BUF_INIT;
	const char *s = r->items.buf + start;
	size_t len = r->items.len - start, word = 0;
	bool changed = false;

	if (r->style != XLQA_DICT_CLASSIC && r->style != XLQA_DICT_DING)
		return XLQA_OK;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == ' ')
			word = i + 1;
		if (i >= word + 1 && is_lower(s[i - 1]) && is_upper(s[i]) && i + 2 < len && is_lower(s[i + 1]) &&
		    is_lower(s[i + 2])) {
			size_t end = i + 1, k;
			while (end < len && is_lower(s[end]))
				end++;
			if (r->style == XLQA_DICT_DING) {
				/* the tail, lower-cased, begins the word it follows: an abbreviation */
				size_t from = word;
				for (int pass = 0; pass < 2; pass++, from = 0) { /* its word, else the item's first */
					for (k = 0; k < end - i && from + k < i && (s[i + k] | 0x20) == (s[from + k] | 0x20); k++)
						;
					if (k == end - i)
						break;
				}
				if (k == end - i && (end == len || s[end] == ' ' || s[end] == '.')) {
					changed = true;
					i = end < len && s[end] == '.' ? end : end - 1; /* "seniorSen." */
					continue;
				}
			} else {
				if (xlqa_buf_addch(&out, ' '))
					goto nomem;
				changed = true;
			}
		}
		if (xlqa_buf_addch(&out, s[i]))
			goto nomem;
	}
	if (changed) {
		xlqa_buf_setlen(&r->items, start);
		if (lex_clean(out.buf, out.len, &r->items))
			goto nomem;
	}
	xlqa_buf_release(&out);
	return XLQA_OK;
nomem:
	xlqa_buf_release(&out);
	return XLQA_ENOMEM;
}

#define JOINED_MAX_BYTES LEX_JOINED_MAX_BYTES
#define JOINED_PIECE_MAX 24  /* bytes of one piece */

/* Asks r->known about s[0, len) (copied to NUL-terminate it); unknown when out of memory. */
static enum xlqa_dict_word known_piece(struct reader *r, const char *s, size_t len, bool *nomem)
{
	xlqa_buf_reset(&r->piece);
	if (xlqa_buf_add(&r->piece, s, len)) {
		*nomem = true;
		return XLQA_DICT_WORD_UNKNOWN;
	}
	return r->known(r->known_ctx, r->piece.buf);
}


/* The best split of a prefix found so far (split_joined); pieces == 0: none. */
struct split_cost {
	unsigned pieces;    /* words */
	unsigned singles;   /* one-letter words */
	unsigned content;   /* words that are not function words */
	size_t squares;     /* sum of the words' lengths squared (bytes) */
	unsigned functions; /* function words (not compared) */
	size_t from;        /* where the last word starts */
};

/* True when cost a is better than b (b unset counts as worst). */
static bool split_better(const struct split_cost *a, const struct split_cost *b)
{
	if (!b->pieces)
		return true;
	if (a->pieces != b->pieces)
		return a->pieces < b->pieces;
	if (a->singles != b->singles)
		return a->singles < b->singles;
	if (a->content != b->content)
		return a->content < b->content;
	return a->squares > b->squares;
}

/*
 * Splits the word s[0, len) into words r->known knows, the first of two letters or more ("a" before
 * a word is more often its first letter: "amargoso", "acelular"): the best split by split_better
 * (the fewest words: "traffic congestion", not "traffic congest i on"; then the fewest one-letter
 * words: "casa de huéspedes", not "casad e huéspedes"; then the fewest content words; then the
 * longest words), at character boundaries. When it has two words or more and one of them is a
 * function word, or `phrase` is set (part_joined), writes them to `out` separated by spaces and
 * returns true; else false (also when the word is known as it is). *nomem is set when memory ran out.
 */
static bool split_joined(struct reader *r, const char *s, size_t len, bool phrase, struct xlqa_buf *out,
			 bool *nomem)
{
	struct split_cost best[JOINED_MAX_BYTES + 1]; /* best[i]: of s[0, i) */
	size_t ends[JOINED_MAX_BYTES];
	size_t n_ends = 0;

	if (known_piece(r, s, len, nomem) != XLQA_DICT_WORD_UNKNOWN || *nomem)
		return false;
	memset(best, 0, sizeof best);
	for (size_t i = 1; i <= len; i++) {
		if (i < len && ((unsigned char)s[i] & 0xC0) == 0x80) /* inside a character */
			continue;
		for (size_t j = i > JOINED_PIECE_MAX ? i - JOINED_PIECE_MAX : 0; j < i; j++) {
			enum xlqa_dict_word w;
			struct split_cost c;
			size_t chars = 0;
			if ((j > 0 && !best[j].pieces) || ((unsigned char)s[j] & 0xC0) == 0x80 || (j == 0 && i == len))
				continue;
			w = known_piece(r, s + j, i - j, nomem);
			if (*nomem)
				return false;
			if (w == XLQA_DICT_WORD_UNKNOWN)
				continue;
			for (size_t k = j; k < i; k++)
				chars += ((unsigned char)s[k] & 0xC0) != 0x80;
			if (j == 0 && chars == 1)
				continue;
			c = j ? best[j] : (struct split_cost){ 0 };
			c.content += w != XLQA_DICT_WORD_FUNCTION;
			c.functions += w == XLQA_DICT_WORD_FUNCTION;
			c.pieces++;
			c.singles += chars == 1;
			c.squares += (i - j) * (i - j);
			c.from = j;
			if (split_better(&c, &best[i]))
				best[i] = c;
		}
	}
	if (!best[len].pieces || (!best[len].functions && !phrase))
		return false;
	for (size_t i = len; i > 0; i = best[i].from)
		ends[n_ends++] = i;
	for (size_t k = n_ends, start = 0; k-- > 0;) {
		if ((start && xlqa_buf_addch(out, ' ')) || xlqa_buf_add(out, s + start, ends[k] - start)) {
			*nomem = true;
			return false;
		}
		start = ends[k];
	}
	return true;
}

/*
 * The classic layout's words written together, in the cleaned item at r->items[start..]: each word
 * that split_joined parts is replaced by its words (see xlqa_dict_read_dictd_words). A split without
 * a function word is made only when the item is that one word and the entry's headword a phrase
 * (r->phrase): "back door" is "puertatrasera", "fall ill" "caerenfermo", where a word's translation
 * that splits into content words is as often a word the check lacks ("remote": "telemando"); on a
 * sample of 40 of the 442 translations of all 56 lexicons' dictionaries so parted, 38 were right.
 */
static int part_joined(struct reader *r, size_t start)
{
	struct xlqa_buf out = XLQA_BUF_INIT;
	const char *s = r->items.buf + start;
	size_t len = r->items.len - start;
	bool changed = false, nomem = false, phrase;

	if (r->style != XLQA_DICT_CLASSIC || !r->known)
		return XLQA_OK;
	phrase = memchr(s, ' ', len) == NULL && r->phrase;
	for (size_t i = 0; i < len && !nomem;) {
		size_t j = i;
		while (j < len && s[j] != ' ')
			j++;
		if (i > 0 && xlqa_buf_addch(&out, ' '))
			nomem = true;
		else if (lex_joined_candidate(s + i, j - i) && split_joined(r, s + i, j - i, phrase, &out, &nomem))
			changed = true;
		else if (!nomem && xlqa_buf_add(&out, s + i, j - i))
			nomem = true;
		i = j < len ? j + 1 : j;
	}
	if (!nomem && changed) {
		xlqa_buf_setlen(&r->items, start);
		if (xlqa_buf_add(&r->items, out.buf, out.len))
			nomem = true;
		else
			r->stats->parted++;
	}
	xlqa_buf_release(&out);
	return nomem ? XLQA_ENOMEM : XLQA_OK;
}

/*
 * Grammar marks a dictionary wrote without their brackets at the end of a translation ("Morgenland
 * n", "Kantenbrüche pl", "etw. ablehnen vt", "ginormous adj") or of a headword ("ablehnen vt" in
 * deu-eng, a translation in the inverse direction): the mark is cut off and counted. A gender or
 * number mark only after a capitalised word, as German writes its nouns ("derivative of function
 * f", "x to the power of n" keep their letter); a verb, adjective or adverb mark after any word.
 */
static const char *const noun_marks[] = { "m", "f", "n", "pl", "Pl" };
static const char *const word_marks[] = { "vt", "vi", "adj", "adv" };

static bool mark_in(const char *const *marks, size_t n, const char *w, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(marks[i]) == len && memcmp(marks[i], w, len) == 0)
			return true;
	return false;
}

/* Cuts a grammar mark off the end of b->buf[start..] (see above); true when it did. */
static bool cut_bare_mark(struct xlqa_buf *b, size_t start)
{
	const char *s = b->buf + start;
	size_t len = b->len - start, last = len, before;

	while (last > 0 && s[last - 1] != ' ')
		last--;
	if (last < 2) /* one word: no mark to cut, or the mark is all there is */
		return false;
	before = last - 1;
	while (before > 0 && s[before - 1] != ' ')
		before--;
	if (!mark_in(word_marks, sizeof word_marks / sizeof word_marks[0], s + last, len - last) &&
	    !(lex_starts_upper(s + before, last - 1 - before) &&
	      mark_in(noun_marks, sizeof noun_marks / sizeof noun_marks[0], s + last, len - last)))
		return false;
	xlqa_buf_setlen(b, start + last - 1);
	return true;
}

/*
 * True when s[0, len) starts with a label, a first word ending in ':' followed by more text, as
 * glosses do ("capital: Edmonton", "tiresome: nettlesome"); not a time or a ratio ("3:2").
 */
static bool is_label(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && s[i] != ' ' && s[i] != ':')
		i++;
	if (i == 0 || i + 1 >= len || s[i] != ':' || s[i + 1] != ' ')
		return false;
	while (++i < len)
		if (s[i] != ' ')
			return true;
	return false;
}

/*
 * True when the cleaned text s[0, len) is a sentence: it ends with '.', '!' or '?', before any
 * closing quotes ("Sei vorsichtig: Kirschsaft macht Flecken.", "Es heißt: „Vogel friss oder
 * stirb!“"). A Ding headword or translation ending in "sth." has lost it to cleaning.
 */
static bool is_sentence(const char *s, size_t len)
{
	/* " ' and, in UTF-8, the typographic quotes “ ” ’ » « */
	static const char *const quotes[] = { "\"", "'", "\xe2\x80\x9c", "\xe2\x80\x9d", "\xe2\x80\x99", "\xc2\xbb",
					      "\xc2\xab" };

	for (size_t q = 0; q < sizeof quotes / sizeof quotes[0] && len > 0;) {
		size_t n = strlen(quotes[q]);
		if (len >= n && memcmp(s + len - n, quotes[q], n) == 0) {
			len -= n;
			q = 0;
		} else {
			q++;
		}
	}
	return len > 0 && (s[len - 1] == '.' || s[len - 1] == '!' || s[len - 1] == '?');
}

/*
 * Two renderings written on either side of a colon. Ding's dictionaries write "A: B" where they
 * mean two translations, as they write "A; B" elsewhere: a second term, a variant or another
 * spelling ("warning strike: token strike", "be ready to do sth.: to be prepared to do sth.",
 * "music charts: charts"), in headwords too ("sich ablösen: abgehen", "Verweis m: Missbilligung").
 * Of a sample of 40 of the 218 translations and headwords of deu-eng and eng-deu with a colon after
 * more than one word, 17 were two renderings (2 of them "A also: B", whose "also" stays), 15
 * sentences, 3 a phrase introducing a "…" (the phrase stays: "Repeat after me: …"), 3 lost their
 * colon when cleaned, 2 other. Ergane's spa-deu writes an abbreviation and its expansion so ("EG :
 * Europäische Gemeinschaft"). A colon that ends the first word is a gloss's label instead
 * (is_label), and one in a sentence is the sentence's own (is_sentence; of a translation, its whole
 * line: add_line). Returns the offset of the colon to part the cleaned text s[0, len) at, or 0
 * when there is none.
 */
static size_t colon_at(const char *s, size_t len)
{
	if (is_label(s, len) || is_sentence(s, len))
		return 0;
	for (size_t i = 1; i + 1 < len; i++)
		if (s[i] == ':' && s[i + 1] == ' ')
			return i;
	return 0;
}

/*
 * Adds the two sides of the cleaned translation at r->items[start..], parted at its colon
 * (colon_at) at start + colon, each as a translation of its own (through add_item, which cleans
 * it again: "sth.:" is a placeholder once parted); a side with no letter or digit is dropped and
 * counted ("Repeat after me: …"). `abbrev` goes to the second side, which ends the item.
 */
static int add_colon_sides(struct reader *r, size_t start, size_t colon, bool abbrev)
{
	struct xlqa_buf whole = XLQA_BUF_INIT;
	int rc = XLQA_OK;

	if (xlqa_buf_add(&whole, r->items.buf + start, r->items.len - start))
		return XLQA_ENOMEM;
	xlqa_buf_setlen(&r->items, start);
	for (int side = 0; side < 2 && !rc; side++) {
		const char *s = side ? whole.buf + colon + 1 : whole.buf;
		size_t len = side ? whole.len - colon - 1 : colon;
		if (!lex_has_alnum(s, len))
			r->stats->skipped_items++;
		else
			rc = add_item(r, s, len, side && abbrev);
	}
	xlqa_buf_release(&whole);
	return rc;
}

/*
 * Adds one translation (raw text) after cleaning it; dropped ones are counted. `abbrev`: Ding wrote
 * an abbreviation at its end (the next item is only the abbreviation's pronunciation), which becomes
 * a translation of its own.
 */
static int add_item(struct reader *r, const char *s, size_t len, bool abbrev)
{
	size_t start = r->items.len, cut, skip, colon;
	int rc;

	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	skip = lex_pronoun_prefix(s, len);
	s += skip;
	len -= skip;
	if (is_label(s, len)) { /* a gloss: "capital: Edmonton", "also: depalletizing system" */
		r->stats->skipped_items++;
		return XLQA_OK;
	}
	if (memchr(s, '/', len)) { /* alternatives, once the notes are out: a slash in a note is none */
		struct xlqa_buf plain = XLQA_BUF_INIT;
		rc = lex_clean(s, len, &plain) ? XLQA_ENOMEM : XLQA_OK;
		if (!rc && memchr(plain.buf, '/', plain.len))
			rc = add_slashed(r, plain.buf, plain.len);
		else if (!rc)
			rc = add_item(r, plain.buf, plain.len, abbrev);
		xlqa_buf_release(&plain);
		return rc;
	}
	if (lex_clean(s, len, &r->items))
		return XLQA_ENOMEM;
	/* a gloss once its notes are out: "[geh.] except: excepting" */
	if (r->items.len > start && is_label(r->items.buf + start, r->items.len - start)) {
		xlqa_buf_setlen(&r->items, start);
		r->stats->skipped_items++;
		return XLQA_OK;
	}
	if (!r->sentence && (colon = colon_at(r->items.buf + start, r->items.len - start)) > 0)
		return add_colon_sides(r, start, colon, abbrev);
	r->stats->marks += cut_bare_mark(&r->items, start);
	if (unglue(r, start) || part_joined(r, start))
		return XLQA_ENOMEM;
	if (abbrev && (cut = abbreviation_start(r->items.buf + start, r->items.len - start)) > 0) {
		struct xlqa_buf abbr = XLQA_BUF_INIT;
		if (xlqa_buf_add(&abbr, r->items.buf + start + cut, r->items.len - start - cut))
			return XLQA_ENOMEM;
		xlqa_buf_setlen(&r->items, start + cut);
		while (r->items.len > start && r->items.buf[r->items.len - 1] == ' ')
			r->items.len--;
		r->items.buf[r->items.len] = '\0';
		if ((rc = finish_item(r, start)) == XLQA_OK) {
			start = r->items.len;
			rc = xlqa_buf_add(&r->items, abbr.buf, abbr.len) ? XLQA_ENOMEM : XLQA_OK;
		}
		xlqa_buf_release(&abbr);
		if (rc)
			return rc;
	}
	return finish_item(r, start);
}

/* True when s[0, len) holds only blanks. */
static bool blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

/*
 * Removes a pronunciation written inside a translation line (" /ˈɛs/") by blanking it in place:
 * a '/' after a space up to the next '/' that ends a word.
 */
static void blank_pronunciations(char *s, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++) {
		if (s[i] == '/' && (i == 0 || s[i - 1] == ' ')) {
			size_t j = i + 1;
			while (j < len && s[j] != '/')
				j++;
			if (j < len && (j + 1 == len || s[j + 1] == ' ' || s[j + 1] == ',' || s[j + 1] == '/')) {
				while (j + 1 < len && s[j + 1] == '/') /* WikDict doubles them: //haʊs// */
					j++;
				memset(s + i, ' ', j - i + 1);
				i = j;
			}
		}
	}
}

/*
 * Splits a translation line into items at ',' and ';' outside brackets. A leading sense number
 * ("2. ") and a trailing one (WikDict's misplaced " 3.") are removed first.
 */
static int add_line(struct reader *r, char *s, size_t len)
{
	size_t i = 0, start;
	int depth = 0;

	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	while (i < len && s[i] == ' ')
		i++;
	if (i < len && s[i] >= '0' && s[i] <= '9') {
		size_t j = i;
		while (j < len && s[j] >= '0' && s[j] <= '9')
			j++;
		if (j < len && s[j] == '.' && (j + 1 == len || s[j + 1] == ' '))
			i = j + 1;
	}
	if (len > 0 && s[len - 1] == '.') {
		size_t j = len - 1;
		while (j > i && s[j - 1] >= '0' && s[j - 1] <= '9')
			j--;
		if (j < len - 1 && j > i && s[j - 1] == ' ')
			len = j - 1;
	}
	blank_pronunciations(s + i, len - i);
	r->sentence = false;
	if (memchr(s + i, ':', len - i)) { /* a sentence's colons are its own (colon_at) */
		xlqa_buf_reset(&r->scratch);
		if (lex_clean(s + i, len - i, &r->scratch))
			return XLQA_ENOMEM;
		r->sentence = is_sentence(r->scratch.buf, r->scratch.len);
	}
	start = i;
	for (; i <= len; i++) {
		char c = i < len ? s[i] : ',';
		if (c == '(' || c == '[' || c == '<' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '>' || c == '}') && depth > 0)
			depth--;
		else if ((c == ',' || c == ';') && (depth == 0 || i == len)) {
			/* The next item, up to the next separator: a blank one was a pronunciation. */
			size_t j = i + 1;
			while (j < len && s[j] != ',' && s[j] != ';')
				j++;
			if (i > start && !blank(s + start, i - start) &&
			    add_item(r, s + start, i - start, r->style == XLQA_DICT_DING && i < len && blank(s + i + 1, j - i - 1)))
				return XLQA_ENOMEM;
			start = i + 1;
		}
	}
	return XLQA_OK;
}

/* True when a line (without its '\n') begins a new numbered sense "N. " */
static bool sense_number(const char *s, size_t len, unsigned *n)
{
	size_t i = 0;
	unsigned v = 0;

	while (i < len && s[i] >= '0' && s[i] <= '9' && i < 4)
		v = v * 10 + (unsigned)(s[i++] - '0');
	if (i == 0 || i >= len || s[i] != '.' || (i + 1 < len && s[i + 1] != ' '))
		return false;
	*n = v;
	return true;
}

/* A trailing " N." on a WikDict translation line: the number of the next sense, else 0. */
static unsigned trailing_number(const char *s, size_t len)
{
	size_t j;
	unsigned v = 0;

	if (len < 3 || s[len - 1] != '.')
		return 0;
	j = len - 1;
	while (j > 0 && s[j - 1] >= '0' && s[j - 1] <= '9')
		j--;
	if (j == len - 1 || j == 0 || s[j - 1] != ' ')
		return 0;
	for (size_t k = j; k < len - 1; k++)
		v = v * 10 + (unsigned)(s[k] - '0');
	return v;
}

static bool is_see_line(const char *s, size_t len)
{
	while (len && *s == ' ')
		s++, len--;
	return len >= 4 && memcmp(s, "see:", 4) == 0;
}

/*
 * Passes the entry on under headword `h` (NUL-terminated; modified), once per form: a headword that
 * lists single words separated by commas ("infinito, infinita", "modisto, | modista") names the
 * forms of one word, each a headword with the same translations; a list holding a phrase ("ende
 * gut, alles gut") stays one headword.
 */
static int emit_forms(struct reader *r, char *h, enum xlqa_lexicon_pos pos, int64_t offset, struct xlqa_error *err)
{
	bool forms = strstr(h, ", ") != NULL;

	for (const char *p = h; forms && *p; p++) /* a space not after a comma: a phrase */
		forms = *p != ' ' || p[-1] == ',';
	if (!forms) {
		struct xlqa_dict_entry e = { h, pos, r->ptrs, NULL, r->n_items, -1, offset };
		return r->fn(r->ctx, &e, err);
	}
	for (char *p = h; p;) {
		char *next = strstr(p, ", ");
		int rc;
		if (next)
			*next = '\0';
		if (*p) {
			struct xlqa_dict_entry e = { p, pos, r->ptrs, NULL, r->n_items, -1, offset };
			if ((rc = r->fn(r->ctx, &e, err)))
				return rc;
		}
		p = next ? next + 2 : NULL;
	}
	return XLQA_OK;
}

/*
 * Passes the entry on, once per headword (emit_forms). A headword of two renderings parted by a
 * colon (colon_at: "sich ablösen: abgehen") is each of them, cleaned again, so that a grammar mark
 * before the colon goes too ("Verweis m: Missbilligung": "Verweis" and "Missbilligung"); a side
 * with no letter or digit is no headword ("Sprechen Sie mir nach: …").
 */
static int emit_headwords(struct reader *r, enum xlqa_lexicon_pos pos, int64_t offset, struct xlqa_error *err)
{
	size_t colon = colon_at(r->headword.buf, r->headword.len);
	int rc = XLQA_OK;

	r->stats->entries++;
	r->stats->translations += r->n_items;
	if (!colon)
		return emit_forms(r, r->headword.buf, pos, offset, err);
	for (int side = 0; side < 2 && !rc; side++) {
		const char *s = side ? r->headword.buf + colon + 1 : r->headword.buf;
		size_t len = side ? r->headword.len - colon - 1 : colon;
		xlqa_buf_reset(&r->scratch);
		if (lex_clean(s, len, &r->scratch))
			return xlqa_error_status(err, XLQA_ENOMEM, "parsing a dictd entry");
		r->stats->marks += cut_bare_mark(&r->scratch, 0);
		if (lex_has_alnum(r->scratch.buf, r->scratch.len))
			rc = emit_forms(r, r->scratch.buf, pos, offset, err);
	}
	return rc;
}

/*
 * True when the headword (cleaned, in r->headword) names a phrase: a space not after a comma (see
 * emit_headwords: "infinito, infinita" lists the forms of one word).
 */
static bool head_phrase(const struct reader *r)
{
	for (size_t i = 1; i < r->headword.len; i++)
		if (r->headword.buf[i] == ' ' && r->headword.buf[i - 1] != ',')
			return true;
	return false;
}

static int rendered_cut(struct reader *r, bool *cut, struct xlqa_error *err);

/*
 * Parses one entry (bytes [0, len) of `text`, modified in place) and passes it on. The headword
 * line is "headword [/pronunciation/...] [(symbol)] [<tags>]".
 */
static int parse_entry(struct reader *r, char *text, size_t len, int64_t offset, struct xlqa_error *err)
{
	char *line = text, *end = text + len, *nl;
	size_t hl, cut;
	enum xlqa_lexicon_pos pos = XLQA_POS_UNKNOWN;
	unsigned expect = 0;      /* WIKDICT: the sense number that marks the next translation line */
	bool want_trans = true;   /* WIKDICT: the next line is a translation line */
	size_t line_no = 0;
	int rc;

	xlqa_buf_reset(&r->headword);
	xlqa_buf_reset(&r->items);
	r->n_items = 0;

	nl = memchr(line, '\n', len);
	hl = nl ? (size_t)(nl - line) : len;
	cut = hl;
	for (size_t i = 0; i + 1 < hl; i++)
		if (line[i] == ' ' && line[i + 1] == '/') {
			cut = i;
			break;
		}
	for (size_t i = hl; i-- > 0;)
		if (line[i] == '<') {
			const char *close = memchr(line + i, '>', hl - i);
			if (close)
				pos = lex_pos_parse(line + i + 1, (size_t)(close - line - i - 1));
			break;
		}
	{
		size_t skip = lex_pronoun_prefix(line, cut);
		line += skip;
		cut -= skip;
	}
	if (lex_clean(line, cut, &r->headword))
		return xlqa_error_status(err, XLQA_ENOMEM, "parsing a dictd entry");
	r->stats->marks += cut_bare_mark(&r->headword, 0);
	if (is_label(r->headword.buf, r->headword.len)) { /* a gloss as headword: "capital: Iqaluit" */
		r->stats->skipped_entries++;
		return XLQA_OK;
	}
	r->phrase = head_phrase(r);

	for (line = nl ? nl + 1 : end; line < end; line = nl ? nl + 1 : end) {
		size_t ll;
		nl = memchr(line, '\n', (size_t)(end - line));
		ll = nl ? (size_t)(nl - line) : (size_t)(end - line);
		line_no++;
		if (ll == 0 || (ll == 1 && line[0] == '\r'))
			continue;
		if (is_see_line(line, ll)) {
			r->stats->see_refs++;
			continue;
		}
		switch (r->style) {
		case XLQA_DICT_DING:
			/* Translations on the first line after the headword and unindented lines after it. */
			if (line_no > 1 && (line[0] == ' ' || line[0] == '\t' || line[0] == '"')) {
				r->stats->notes++;
				continue;
			}
			break;
		case XLQA_DICT_WIKDICT: {
			unsigned n = 0, next = trailing_number(line, ll);
			bool numbered = sense_number(line, ll, &n);
			if (!want_trans && !(expect && numbered && n == expect)) {
				r->stats->notes++; /* a gloss, in the source language */
				want_trans = true;
				continue;
			}
			if (line[0] == ' ' && next) { /* " 3." alone: a sense without translation */
				expect = 0;
				want_trans = false;
				continue;
			}
			expect = numbered ? n + 1 : 0;
			want_trans = false;
			break;
		}
		case XLQA_DICT_CLASSIC:
		case XLQA_DICT_APERTIUM: /* never a dictd layout */
			if (line[0] == ' ' || line[0] == '\t') {
				r->stats->notes++;
				continue;
			}
			break;
		}
		if ((rc = add_line(r, line, ll)))
			return xlqa_error_status(err, rc, "parsing a dictd entry");
	}
	if (r->headword.len == 0 || r->n_items == 0) {
		r->stats->skipped_entries++;
		return XLQA_OK;
	}
	if (r->reverse && r->repeated) {
		bool cut_entry;
		if ((rc = rendered_cut(r, &cut_entry, err)))
			return rc;
		if (cut_entry) {
			r->stats->skipped_entries++;
			return XLQA_OK;
		}
	}
	if (XLQA_ARRAY_RESERVE(r->ptrs, r->alloc_ptrs, r->n_items))
		return xlqa_error_status(err, XLQA_ENOMEM, "parsing a dictd entry");
	for (size_t i = 0; i < r->n_items; i++)
		r->ptrs[i] = r->items.buf + r->starts[i];
	return emit_headwords(r, pos, offset, err);
}

/* Finds the layout from the 00-database-short entry's text. */
static enum xlqa_dict_style style_of(const char *text, size_t len)
{
	for (size_t i = 0; i + 7 <= len; i++) {
		if (memcmp(text + i, "WikDict", 7) == 0)
			return XLQA_DICT_WIKDICT;
		if (i + 4 <= len && memcmp(text + i, "Ding", 4) == 0)
			return XLQA_DICT_DING;
	}
	return XLQA_DICT_CLASSIC;
}

static bool is_database_word(const char *h, size_t len)
{
	return (len >= 10 && memcmp(h, "00database", 10) == 0) || (len >= 11 && memcmp(h, "00-database", 11) == 0);
}

/*
 * The layout, from the 00-database-short entry's bytes `meta` (none: {0, 0}). When the entries
 * start before it, it is read by a short pass of its own over the data's first bytes, so that the
 * stream `data` need not hold everything up to it; else `data` reads it on its way to the entries.
 */
static int find_style(struct stream *data, const struct span *meta, const char *index_path,
		      const struct span *spans, size_t n_spans, const struct span *metas, size_t n_metas,
		      enum xlqa_dict_style *out, struct xlqa_error *err)
{
	struct stream own = { 0 }, *s = data;
	const char *text;
	int rc;

	*out = XLQA_DICT_CLASSIC;
	if (meta->len == 0)
		return XLQA_OK;
	if (n_spans && spans[0].off < meta->off) { /* spans are sorted: an entry comes before it */
		s = &own;
		if ((rc = stream_open(s, data->path, err)))
			goto done;
	}
	if ((rc = stream_get(s, meta->off, meta->len, &text, err)))
		goto done;
	if (!text)
		rc = past_end(index_path, meta, spans, n_spans, metas, n_metas, s->base + s->win.len, err);
	else
		*out = style_of(text, (size_t)meta->len);
done:
	if (s == &own)
		stream_close(s);
	return rc;
}

/* Parses the index's lines into the entries' spans and the 00-database entries' (`metas`, the
 * 00-database-short one also in `meta`), in the index's order. Lines in a row with the same headword
 * (dictd sorts its index) are a group: their spans share a group number, from 1 up to *n_groups. */
static int read_index(const char *index_path, struct xlqa_buf *index, struct span **spans, size_t *n_spans,
		      struct span **metas, size_t *n_metas, struct span *meta, uint32_t *n_groups,
		      struct xlqa_error *err)
{
	size_t alloc_spans = 0, alloc_metas = 0, prev_len = 0;
	const char *prev = NULL; /* the headword of the span before, in `index` */
	int64_t line_no = 0;

	for (size_t pos = 0; pos < index->len;) {
		char *line = index->buf + pos, *nl = memchr(line, '\n', index->len - pos);
		size_t ll = nl ? (size_t)(nl - line) : index->len - pos;
		char *t1, *t2, *t3;
		size_t l3;
		struct span sp;

		pos += ll + 1;
		line_no++;
		if (ll && line[ll - 1] == '\r')
			ll--;
		if (ll == 0)
			continue;
		t1 = memchr(line, '\t', ll);
		t2 = t1 ? memchr(t1 + 1, '\t', ll - (size_t)(t1 + 1 - line)) : NULL;
		if (!t2)
			return xlqa_error_in(err, XLQA_EPARSE, index_path, -1, line_no,
			                     "expected 'headword TAB offset TAB length'");
		t3 = memchr(t2 + 1, '\t', ll - (size_t)(t2 + 1 - line));
		l3 = t3 ? (size_t)(t3 - t2 - 1) : ll - (size_t)(t2 + 1 - line);
		if (!b64_number(t1 + 1, (size_t)(t2 - t1 - 1), &sp.off) || !b64_number(t2 + 1, l3, &sp.len))
			return xlqa_error_in(err, XLQA_EPARSE, index_path, -1, line_no, "bad base64 offset or length");
		sp.line = line_no;
		if (is_database_word(line, (size_t)(t1 - line))) {
			size_t hl = (size_t)(t1 - line);
			if ((hl >= 15 && memcmp(line, "00databaseshort", 15) == 0) ||
			    (hl >= 17 && memcmp(line, "00-database-short", 17) == 0))
				*meta = sp;
			if (XLQA_ARRAY_RESERVE(*metas, alloc_metas, *n_metas + 1))
				goto nomem;
			(*metas)[(*n_metas)++] = sp;
			continue;
		}
		if (XLQA_ARRAY_RESERVE(*spans, alloc_spans, *n_spans + 1))
			goto nomem;
		sp.group = 0;
		sp.cut = false;
		if (prev && prev_len == (size_t)(t1 - line) && memcmp(prev, line, prev_len) == 0) {
			struct span *before = &(*spans)[*n_spans - 1];
			if (!before->group)
				before->group = ++*n_groups;
			sp.group = before->group;
		}
		prev = line;
		prev_len = (size_t)(t1 - line);
		(*spans)[(*n_spans)++] = sp;
	}
	return XLQA_OK;
nomem:
	return xlqa_error_set(err, XLQA_ENOMEM, "reading '%s': %s", index_path, xlqa_strerror(XLQA_ENOMEM));
}

/*
 * Cut headwords. Ergane, the source of FreeDict's eng-spa, cut multiword headwords at their first
 * space and kept the pronunciation of the whole phrase: "good /guddei/" is "good day" (buenos días),
 * "be /bleit/" is "be late" (atrasarse), so "good" and "be" collect the phrases' translations. The
 * phrase cannot be told back reliably from the pronunciation; such an entry is dropped. Among the
 * entries of one headword (same headword line) whose pronunciations differ, an entry is cut when its
 * pronunciation
 *   - runs two sounds or more beyond the headword's letters (a plausible rendering of the word
 *     alone stays within one: "accelerator /əkseləreitər/"),
 *   - and runs two beyond the shortest pronunciation of the headword's entries, or three beyond the
 *     headword when none of them renders it alone ("be": every entry is a phrase).
 * Sounds and letters are counted as characters, without length, stress and syllable marks, ties
 * and combining marks (see sound_count). Cut entries whose pronunciation was made again later from
 * the cut headword (with stress marks: "apple /ˈapəl/" for apple pie) cannot be told, and stay.
 * Only the classic layout is judged (Ergane's dictionaries have it): WikDict's entries of one
 * headword are senses, whose pronunciations differ by their notation.
 */
/* Bounds of what is judged, so that the stream stays small: in Debian's classic FreeDict
 * dictionaries a headword's entries span at most 1.0 MB of the data (spa-deu; eng-spa 184 KB), and
 * eng-spa's "be" has the most entries, 41. */
#define CUT_RANGE_MAX (4u << 20) /* bytes a headword's entries may span in the data to be judged */
#define CUT_GROUP_MAX 256        /* entries a headword may have to be judged */

/* The characters of UTF-8 s[0, len) that count as sounds or letters for the cut-headword rule. */
static size_t sound_count(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i], d = i + 1 < len ? (unsigned char)s[i + 1] : 0;
		if ((c & 0xC0) == 0x80 || memchr(".()[]-", c, 6))
			continue;
		if (c == 0xCB && (d == 0x90 || d == 0x91 || d == 0x98 || d == 0x88 || d == 0x8C))
			continue; /* ː ˑ ˘ ˈ ˌ */
		if ((c == 0xCC && d >= 0x80) || (c == 0xCD && d <= 0xAF))
			continue; /* combining marks U+0300-U+036F (the tie of "t͡s") */
		if (c == 0xE2 && d == 0x80 && i + 2 < len && (unsigned char)s[i + 2] == 0xBF)
			continue; /* ‿ */
		n++;
	}
	return n;
}

/* The headword and pronunciation of an entry's first line "headword /pronunciation/ ...". */
struct heard {
	const char *head;
	size_t head_len;
	const char *pron; /* NULL: none, or one with a space (not Ergane's) */
	size_t pron_len;
	size_t sounds;    /* sound_count of pron */
};

static void hear(const char *text, size_t len, struct heard *h)
{
	const char *nl = memchr(text, '\n', len), *slash = NULL, *close;
	size_t ll = nl ? (size_t)(nl - text) : len;

	h->head = text;
	h->head_len = ll;
	h->pron = NULL;
	for (size_t i = 0; i + 1 < ll && !slash; i++)
		if (text[i] == ' ' && text[i + 1] == '/')
			slash = text + i;
	if (!slash)
		return;
	h->head_len = (size_t)(slash - text);
	close = memchr(slash + 2, '/', ll - h->head_len - 2);
	if (!close || memchr(slash + 2, ' ', (size_t)(close - slash - 2)))
		return;
	h->pron = slash + 2;
	h->pron_len = (size_t)(close - slash - 2);
	h->sounds = sound_count(h->pron, h->pron_len);
}

static bool same_text(const char *a, size_t a_len, const char *b, size_t b_len)
{
	return a_len == b_len && memcmp(a, b, a_len) == 0;
}

/* Whether entry `k` of the entries `h[0, n)` of one headword is cut (see above). */
static bool is_cut(const struct heard *h, size_t n, size_t k)
{
	size_t head = sound_count(h[k].head, h[k].head_len), fewest = h[k].sounds;
	bool differ = false;

	if (!h[k].pron || h[k].sounds < head + 2)
		return false;
	for (size_t i = 0; i < n; i++)
		if (h[i].pron && same_text(h[i].head, h[i].head_len, h[k].head, h[k].head_len)) {
			differ |= !same_text(h[i].pron, h[i].pron_len, h[k].pron, h[k].pron_len);
			if (h[i].sounds < fewest)
				fewest = h[i].sounds;
		}
	return differ && (h[k].sounds >= fewest + 2 || h[k].sounds >= head + 3);
}

/* The entries of one headword (struct span's group): their positions in the spans, by offset. */
struct group {
	size_t first, n; /* in `member` */
	bool judged;
};

struct groups {
	size_t *member; /* positions of the spans that have a group, by group then offset */
	struct group *group;
	struct heard *heard; /* scratch for judge_group */
	size_t alloc_heard;
};

/* Lists the groups' members (`spans` sorted by offset), each group's in the spans' order. XLQA_ENOMEM. */
static int groups_make(struct groups *g, const struct span *spans, size_t n_spans, uint32_t n_groups)
{
	size_t n = 0;

	if (!n_groups)
		return XLQA_OK;
	if (!(g->group = calloc(n_groups, sizeof *g->group)))
		return XLQA_ENOMEM;
	for (size_t i = 0; i < n_spans; i++)
		if (spans[i].group) {
			g->group[spans[i].group - 1].n++;
			n++;
		}
	if (!(g->member = malloc(n * sizeof *g->member)))
		return XLQA_ENOMEM;
	n = 0;
	for (uint32_t k = 0; k < n_groups; k++) {
		g->group[k].first = n;
		n += g->group[k].n;
		g->group[k].n = 0;
	}
	for (size_t i = 0; i < n_spans; i++)
		if (spans[i].group) {
			struct group *gr = &g->group[spans[i].group - 1];
			g->member[gr->first + gr->n++] = i;
		}
	return XLQA_OK;
}

static void groups_release(struct groups *g)
{
	free(g->member);
	free(g->group);
	free(g->heard);
}

/*
 * Judges the entries of group `gr` with the cut-headword rule once, when the stream reaches the first
 * of them, and marks the cut ones' spans. The stream then holds them all (up to CUT_RANGE_MAX bytes,
 * else none is judged); entries past the data's end are left to the caller to report. Errors: the
 * stream's, XLQA_ENOMEM.
 */
static int judge_group(struct stream *data, struct span *spans, struct groups *g, struct group *gr,
		       struct xlqa_error *err)
{
	const size_t *m = g->member + gr->first;
	uint64_t from = spans[m[0]].off, to = from;
	const char *text;
	int rc;

	gr->judged = true;
	for (size_t i = 0; i < gr->n; i++)
		if (span_end(&spans[m[i]]) > to)
			to = span_end(&spans[m[i]]);
	if (gr->n > CUT_GROUP_MAX || to - from > CUT_RANGE_MAX)
		return XLQA_OK;
	if ((rc = stream_get(data, from, to - from, &text, err)) || !text)
		return rc;
	if (XLQA_ARRAY_RESERVE(g->heard, g->alloc_heard, gr->n))
		return xlqa_error_set(err, XLQA_ENOMEM, "reading '%s': %s", data->path, xlqa_strerror(XLQA_ENOMEM));
	for (size_t i = 0; i < gr->n; i++)
		hear(text + (spans[m[i]].off - from), (size_t)spans[m[i]].len, &g->heard[i]);
	for (size_t i = 0; i < gr->n; i++)
		spans[m[i]].cut = is_cut(g->heard, gr->n, i);
	return XLQA_OK;
}

/*
 * Cut headwords pronounced again. Ergane's eng-ita, ita-eng and ita-deu cut multiword headwords at
 * their first space as well, but every entry of a cut headword carries a pronunciation made again
 * from the cut word: "good /ɡˈʊd/" is good (buono), and good morning (buongiorno), good evening
 * (buonasera), good night, so the rule above cannot see them. The dictionary of the opposite
 * direction can: it renders buongiorno as "good morning" and "good day", phrases that start with the
 * headword, never as "good" alone. Among the entries of a headword with several entries (same
 * headword line), an entry is cut when
 *   - the reverse dictionary renders one of its translations (its entries with that translation as
 *     headword; all compared in lexicon key form, lex_normalize) as a phrase that starts with the
 *     headword and a space, and not as the headword alone,
 *   - and renders every other translation of the entry it has as a headword so too: "as /ˈaz/" with
 *     come, così stays, as ita-eng's "così" is "so", "thus".
 * Translations the reverse dictionary lacks say nothing. A headword with a single entry is not
 * judged: that entry is often a sense the word has alone as well ("belong", appartenere, which
 * ita-eng renders "belong to"; "Baltic", Baltico: "Baltic Sea"). Cut entries whose translations the
 * reverse dictionary lacks, or renders otherwise, stay ("as", come se; "tomorrow", domani sera).
 * Both dictionaries must have the classic layout: Ergane made its dictionaries in such pairs, and
 * in another source a headword's entries are its senses, which the reverse dictionary renders by
 * their own phrases (spa-deu's "bisonte", Wisent: WikDict's deu-spa has "bisonte europeo"). The rule
 * also finds the eng-spa entries whose pronunciation was made again ("money /mˈʌni/", caja).
 */

/* What the reverse dictionary renders: (headword, translation) pairs in key form, sorted. */
struct rendering {
	const char *head, *trans; /* into renderings.text */
};

struct renderings {
	struct xlqa_buf text;  /* the key forms, each NUL-terminated */
	size_t *offs;          /* while reading: pairs of offsets into `text`, headword then translation */
	size_t n_offs, alloc_offs;
	struct rendering *pairs; /* once read: by headword, then translation (strcmp) */
	size_t n;
};

static void renderings_release(struct renderings *rs)
{
	xlqa_buf_release(&rs->text);
	free(rs->offs);
	free(rs->pairs);
}

/* Appends the key form of `s` and its NUL to rs->text; *at receives its offset. */
static int add_key_form(struct renderings *rs, const char *s, size_t *at, struct xlqa_error *err)
{
	int rc;

	*at = rs->text.len;
	if ((rc = lex_normalize(s, strlen(s), &rs->text, err)))
		return rc;
	if (xlqa_buf_addch(&rs->text, '\0'))
		return xlqa_error_status(err, XLQA_ENOMEM, "reading a reverse dictionary");
	return XLQA_OK;
}

/* xlqa_dict_entry_fn: notes each translation of the reverse dictionary's entry. */
static int note_rendering(void *ctx, const struct xlqa_dict_entry *e, struct xlqa_error *err)
{
	struct renderings *rs = ctx;
	size_t head;
	int rc;

	if ((rc = add_key_form(rs, e->headword, &head, err)))
		return rc;
	for (size_t i = 0; i < e->n_trans; i++) {
		if (XLQA_ARRAY_RESERVE(rs->offs, rs->alloc_offs, rs->n_offs + 2))
			return xlqa_error_status(err, XLQA_ENOMEM, "reading a reverse dictionary");
		rs->offs[rs->n_offs] = head;
		if ((rc = add_key_form(rs, e->trans[i], &rs->offs[rs->n_offs + 1], err)))
			return rc;
		rs->n_offs += 2;
	}
	return XLQA_OK;
}

static int rendering_cmp(const void *a, const void *b)
{
	const struct rendering *x = a, *y = b;
	int c = strcmp(x->head, y->head);

	return c ? c : strcmp(x->trans, y->trans);
}

/*
 * Reads the reverse dictionary into `rs` (empty: renderings_release); none are kept when it does not
 * have the classic layout. Its errors, prefixed.
 */
static int renderings_read(struct renderings *rs, const struct lex_dictd_reverse *rev, struct xlqa_error *err)
{
	enum xlqa_dict_style style;
	int rc = xlqa_dict_read_dictd_words(rev->index_path, rev->dict_path, note_rendering, rs, rev->known,
					    rev->known_ctx, NULL, &style, err);

	if (rc)
		return xlqa_error_prefix(err, "reverse dictionary '%s'", rev->index_path), rc;
	rs->n = style == XLQA_DICT_CLASSIC ? rs->n_offs / 2 : 0;
	if (rs->n && !(rs->pairs = malloc(rs->n * sizeof *rs->pairs)))
		return xlqa_error_status(err, XLQA_ENOMEM, "reading reverse dictionary '%s'", rev->index_path);
	for (size_t i = 0; i < rs->n; i++) {
		rs->pairs[i].head = rs->text.buf + rs->offs[2 * i];
		rs->pairs[i].trans = rs->text.buf + rs->offs[2 * i + 1];
	}
	if (rs->n)
		qsort(rs->pairs, rs->n, sizeof *rs->pairs, rendering_cmp);
	free(rs->offs);
	rs->offs = NULL;
	return XLQA_OK;
}

/* The first of rs's pairs whose headword is `head`; rs->n when none is. */
static size_t renderings_find(const struct renderings *rs, const char *head)
{
	size_t lo = 0, hi = rs->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(rs->pairs[mid].head, head) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < rs->n && strcmp(rs->pairs[lo].head, head) == 0 ? lo : rs->n;
}

/* Whether the parsed entry in `r` (a repeated headword's) is cut by the rule above, into *cut. Errors
 * of lex_normalize. */
static int rendered_cut(struct reader *r, bool *cut, struct xlqa_error *err)
{
	const struct renderings *rs = r->reverse;
	size_t phrases = 0;
	int rc;

	*cut = false;
	xlqa_buf_reset(&r->norm_head);
	if ((rc = lex_normalize(r->headword.buf, r->headword.len, &r->norm_head, err)))
		return rc;
	for (size_t i = 0; i < r->n_items; i++) {
		const char *item = r->items.buf + r->starts[i];
		bool alone = false, phrase = false, found;
		size_t k;
		xlqa_buf_reset(&r->norm_item);
		if ((rc = lex_normalize(item, strlen(item), &r->norm_item, err)))
			return rc;
		found = (k = renderings_find(rs, r->norm_item.buf)) < rs->n;
		for (; k < rs->n && strcmp(rs->pairs[k].head, r->norm_item.buf) == 0; k++) {
			const char *t = rs->pairs[k].trans;
			alone |= strcmp(t, r->norm_head.buf) == 0;
			phrase |= strncmp(t, r->norm_head.buf, r->norm_head.len) == 0 && t[r->norm_head.len] == ' ';
		}
		if (alone || (found && !phrase))
			return XLQA_OK; /* rendered as the headword, or as something else */
		phrases += phrase;
	}
	*cut = phrases > 0;
	return XLQA_OK;
}

/*
 * The entries are read in the order of their offsets, through one forward stream over the data
 * (see struct stream): peak memory is the index (until its spans are parsed), the spans, one entry
 * (or one headword's entries) and a read chunk, not the decompressed data. The data's length is
 * known only when the stream reaches its end, so an index entry past it is reported then: after the
 * entries before it were passed to `fn` (as are compressed-data and UTF-8 errors), and after any
 * malformed index line.
 */
int xlqa_dict_read_dictd(const char *index_path, const char *dict_path, xlqa_dict_entry_fn fn, void *ctx,
			 struct xlqa_dict_stats *stats, enum xlqa_dict_style *style, struct xlqa_error *err)
{
	return xlqa_dict_read_dictd_words(index_path, dict_path, fn, ctx, NULL, NULL, stats, style, err);
}

int xlqa_dict_read_dictd_words(const char *index_path, const char *dict_path, xlqa_dict_entry_fn fn, void *ctx,
			       xlqa_dict_word_fn known, void *known_ctx, struct xlqa_dict_stats *stats,
			       enum xlqa_dict_style *style, struct xlqa_error *err)
{
	return xlqa_dict_read_dictd_reverse(index_path, dict_path, known, known_ctx, NULL, fn, ctx, stats, style,
					    err);
}

int xlqa_dict_read_dictd_reverse(const char *index_path, const char *dict_path, xlqa_dict_word_fn known,
				 void *known_ctx, const struct lex_dictd_reverse *reverse, xlqa_dict_entry_fn fn,
				 void *ctx, struct xlqa_dict_stats *stats, enum xlqa_dict_style *style,
				 struct xlqa_error *err)
{
	struct xlqa_buf index = XLQA_BUF_INIT, entry = XLQA_BUF_INIT;
	struct renderings rend = { XLQA_BUF_INIT, NULL, 0, 0, NULL, 0 };
	struct xlqa_dict_stats local = { 0 };
	struct reader r = { 0 };
	struct stream data = { 0 };
	struct span *spans = NULL, *metas = NULL, meta = { 0 }, last = { 0 };
	struct groups groups = { 0 };
	size_t n_spans = 0, n_meta = 0;
	uint32_t n_groups = 0;
	const char *text;
	int rc;

	r.fn = fn;
	r.ctx = ctx;
	r.stats = stats ? stats : &local;
	r.known = known;
	r.known_ctx = known_ctx;
	xlqa_buf_init(&r.headword);
	xlqa_buf_init(&r.items);
	xlqa_buf_init(&r.piece);
	xlqa_buf_init(&r.norm_head);
	xlqa_buf_init(&r.norm_item);
	xlqa_buf_init(&r.scratch);
	if ((rc = xlqa_file_read(index_path, &index, err)) || (rc = stream_open(&data, dict_path, err)) ||
	    (rc = read_index(index_path, &index, &spans, &n_spans, &metas, &n_meta, &meta, &n_groups, err)))
		goto done;
	xlqa_buf_release(&index); /* the spans hold all that is needed of it */
	if (n_spans) /* spans is NULL when the index lists only 00-database entries */
		qsort(spans, n_spans, sizeof *spans, span_cmp);
	if ((rc = find_style(&data, &meta, index_path, spans, n_spans, metas, n_meta, &r.style, err)))
		goto done;
	if (style)
		*style = r.style;
	if (r.style == XLQA_DICT_CLASSIC && (rc = groups_make(&groups, spans, n_spans, n_groups))) {
		rc = xlqa_error_set(err, rc, "reading '%s': %s", index_path, xlqa_strerror(rc));
		goto done;
	}
	if (r.style == XLQA_DICT_CLASSIC && n_groups && reverse) { /* "Cut headwords pronounced again" */
		if ((rc = renderings_read(&rend, reverse, err)))
			goto done;
		r.reverse = rend.n ? &rend : NULL;
	}
	for (size_t i = 0; i < n_spans; i++) {
		bool is_meta = false, cut = false, repeated = false;
		size_t bad;
		if (i > 0 && spans[i].off == spans[i - 1].off && spans[i].len == spans[i - 1].len)
			continue;
		/* The entry's index lines (those naming the same bytes follow it): a headword's entries are
		 * judged at the first of them in the data, which the stream has not passed. */
		for (size_t k = i; k < n_spans && spans[k].off == spans[i].off && spans[k].len == spans[i].len; k++) {
			struct group *gr = groups.group && spans[k].group ? &groups.group[spans[k].group - 1] : NULL;
			if (gr && !gr->judged && (rc = judge_group(&data, spans, &groups, gr, err)))
				goto done;
			cut |= spans[k].cut;
			repeated |= spans[k].group != 0;
		}
		for (size_t m = 0; m < n_meta && !is_meta; m++)
			is_meta = metas[m].off == spans[i].off && metas[m].len == spans[i].len;
		if (is_meta)
			continue;
		if ((rc = stream_get(&data, spans[i].off, spans[i].len, &text, err)))
			goto done;
		if (!text) {
			rc = past_end(index_path, &spans[i], spans, n_spans, metas, n_meta, data.base + data.win.len, err);
			goto done;
		}
		if (!xlqa_text_utf8_valid(text, (size_t)spans[i].len, &bad)) {
			rc = xlqa_error_at(err, XLQA_EENCODING, (int64_t)(spans[i].off + bad), -1,
					   "%s: byte offset %llu: invalid UTF-8", dict_path,
					   (unsigned long long)(spans[i].off + bad));
			goto done;
		}
		if (cut) {
			r.stats->skipped_entries++;
			continue;
		}
		/* Parsed from a copy: parsing blanks bytes, and entries may share them. */
		xlqa_buf_reset(&entry);
		if (xlqa_buf_add(&entry, text, (size_t)spans[i].len)) {
			rc = xlqa_error_set(err, XLQA_ENOMEM, "reading '%s': %s", index_path, xlqa_strerror(XLQA_ENOMEM));
			goto done;
		}
		r.repeated = repeated;
		if ((rc = parse_entry(&r, entry.buf, entry.len, (int64_t)spans[i].off, err)))
			goto done;
	}
	/* The 00-database entries and those skipped must lie inside the data too: the stream goes on to
	 * the furthest end any index line names, keeping nothing. */
	for (size_t i = 0; i < n_spans + n_meta; i++) {
		const struct span *sp = i < n_spans ? &spans[i] : &metas[i - n_spans];
		if (span_end(sp) > span_end(&last))
			last = *sp;
	}
	if ((rc = stream_get(&data, span_end(&last), 0, &text, err)) == XLQA_OK && !text)
		rc = past_end(index_path, &last, spans, n_spans, metas, n_meta, data.base + data.win.len, err);
done:
	free(spans);
	free(metas);
	groups_release(&groups);
	renderings_release(&rend);
	reader_release(&r);
	stream_close(&data);
	xlqa_buf_release(&index);
	xlqa_buf_release(&entry);
	return rc;
}

int lex_text_read(const char *path, struct xlqa_buf *text, struct xlqa_error *err)
{
	size_t bad;
	int rc;

	if ((rc = xlqa_file_read(path, text, err)))
		return rc;
	if (!xlqa_text_utf8_valid(text->buf, text->len, &bad))
		return xlqa_error_at(err, XLQA_EENCODING, (int64_t)bad, -1, "%s: byte offset %zu: invalid UTF-8", path, bad);
	return XLQA_OK;
}

bool lex_text_next_line(struct xlqa_buf *text, size_t *pos, int64_t *line_no, char **line, size_t *len)
{
	while (*pos < text->len) {
		char *l = text->buf + *pos, *nl = memchr(l, '\n', text->len - *pos);
		size_t ll = nl ? (size_t)(nl - l) : text->len - *pos;

		*pos += ll + 1;
		++*line_no;
		if (ll && l[ll - 1] == '\r')
			ll--;
		if (ll == 0 || l[0] == '#')
			continue;
		l[ll] = '\0';
		*line = l;
		*len = ll;
		return true;
	}
	return false;
}

int xlqa_dict_read_tsv(const char *path, bool strict, xlqa_dict_entry_fn fn, void *ctx,
		       struct xlqa_dict_stats *stats, struct xlqa_error *err)
{
	struct xlqa_buf text = XLQA_BUF_INIT, head = XLQA_BUF_INIT, tr = XLQA_BUF_INIT;
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
		char *t1, *t2, *endp;
		double w = 1.0;

		t1 = memchr(line, '\t', ll);
		t2 = t1 ? memchr(t1 + 1, '\t', ll - (size_t)(t1 + 1 - line)) : NULL;
		if (t2) {
			errno = 0;
			w = strtod(t2 + 1, &endp);
			if (endp == t2 + 1 || *endp || errno || !(w > 0) || w > 1)
				t1 = NULL; /* reported below as a bad weight */
		}
		xlqa_buf_reset(&head);
		xlqa_buf_reset(&tr);
		if (!t1 || lex_clean(line, (size_t)(t1 - line), &head) ||
		    lex_clean(t1 + 1, (size_t)((t2 ? t2 : line + ll) - t1 - 1), &tr) || !head.len || !tr.len) {
			if (strict) {
				rc = xlqa_error_in(err, XLQA_EPARSE, path, -1, line_no,
				                   "expected 'source TAB target [TAB weight in (0,1]]'");
				goto done;
			}
			stats->bad_lines++;
			continue;
		}
		{
			const char *t = tr.buf;
			struct xlqa_dict_entry e = { head.buf, XLQA_POS_UNKNOWN, &t, &w, 1, line_no, -1 };
			stats->entries++;
			stats->translations++;
			if ((rc = fn(ctx, &e, err)))
				goto done;
		}
	}
done:
	xlqa_buf_release(&text);
	xlqa_buf_release(&head);
	xlqa_buf_release(&tr);
	return rc;
}
