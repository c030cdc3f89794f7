/* text: decoding, character references, normalisation and segmentation. */
#include "config.h"

#include "suites.h"
#include "xlqa/text.h"

#include <stdint.h>
#include <string.h>

START_TEST(decode_latin1_to_utf8)
{
	/* Latin-1 bytes (CLEF collections) become UTF-8: "Zürich, España, Côte". */
	static const char latin1[] = "Z\xFCrich, Espa\xF1" "a, C\xF4te";
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_text_decode("ISO-8859-1", latin1, strlen(latin1), "t", &out, &err), XLQA_OK);
	ck_assert_str_eq(out.buf, "Z\xC3\xBCrich, Espa\xC3\xB1" "a, C\xC3\xB4te");
	xlqa_buf_release(&out);
}
END_TEST

START_TEST(decode_reports_exact_offsets)
{
	/* Each case guards one way bytes fail to decode; the offset is that of the first bad byte. */
	static const struct {
		const char *encoding;
		const char *bytes;
		size_t len;
		long offset;
	} cases[] = {
		{ "UTF-8", "abc\xFF" "def", 7, 3 },           /* a byte that never occurs in UTF-8 */
		{ "UTF-8", "ab\xC3(", 4, 2 },                 /* a lead byte without its continuation */
		{ "UTF-8", "x\xC0\xAF", 3, 1 },               /* an overlong encoding of '/' */
		{ "UTF-8", "ab\xE0\x80\xAF", 5, 2 },          /* the same, overlong in three bytes */
		{ "UTF-8", "12\xED\xA0\x80", 5, 2 },          /* an encoded surrogate */
		{ "UTF-8", "end\xE2\x80", 5, 3 },             /* a sequence cut off at the end */
		{ "ASCII", "plain\xE9", 6, 5 },               /* Latin-1 text declared as ASCII */
		{ "UTF-16LE", "a\0b", 3, 2 },                 /* half a UTF-16 unit at the end */
		{ "SHIFT_JIS", "ok\x81", 3, 2 },              /* a truncated double-byte character */
	};
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		xlqa_buf_reset(&out);
		ck_assert_int_eq(
			xlqa_text_decode(cases[i].encoding, cases[i].bytes, cases[i].len, "in.txt", &out, &err),
			XLQA_EENCODING);
		ck_assert_int_eq(err.offset, cases[i].offset);
		ck_assert_msg(strstr(err.message, "in.txt: byte offset") != NULL, "message: %s", err.message);
		/* Nothing half-decoded is left behind. */
		ck_assert_uint_eq(out.len, 0);
	}
	xlqa_buf_release(&out);
}
END_TEST

START_TEST(decode_unknown_encoding)
{
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_text_decode("NO-SUCH-CHARSET", "x", 1, "in", &out, &err), XLQA_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "'NO-SUCH-CHARSET'"));
	xlqa_buf_release(&out);
}
END_TEST

/* Records the lines xlqa_text_each_line hands over, "LINENO:TEXT|", and fails at a line "stop". */
static int record_line(void *ctx, const char *line, size_t n, int64_t lineno, struct xlqa_error *err)
{
	struct xlqa_buf *b = ctx;

	if (n == 4 && memcmp(line, "stop", 4) == 0)
		return xlqa_error_set(err, XLQA_EPARSE, "stopped at line %lld", (long long)lineno);
	return xlqa_buf_addf(b, "%lld:%.*s|", (long long)lineno, (int)n, line);
}

#define BYTES(s) s, sizeof s - 1 /* a literal and its length, NUL bytes included */

START_TEST(each_line_checks_and_splits)
{
	static const struct {
		const char *in;
		size_t len;
		int status;
		const char *out; /* the lines recorded, or the error message */
	} cases[] = {
		/* blank lines are skipped but counted; CR LF ends a line; a last line needs no newline */
		{ BYTES("a\n\n \t\nb c\r\nd"), XLQA_OK, "1:a|4:b c|5:d|" },
		{ BYTES("x\r\r\n"), XLQA_OK, "1:x\r|" }, /* one CR comes off, not two */
		{ BYTES(""), XLQA_OK, "" },
		{ BYTES("a\nstop\nb\n"), XLQA_EPARSE, "stopped at line 2" }, /* the callback's error stops the walk */
		{ BYTES("ok\nZ\xFC" "rich\n"), XLQA_EENCODING, "f.txt:2: invalid UTF-8 at byte 4" },
		{ BYTES("ok\nok\nn\0l\n"), XLQA_EPARSE, "f.txt:3: NUL byte at byte 7" },
	};
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct xlqa_error err = { 0 };

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		xlqa_buf_reset(&b);
		xlqa_buf_addf(&b, "%s", "");
		ck_assert_int_eq(xlqa_text_each_line(cases[i].in, cases[i].len, "f.txt", record_line, &b, &err),
		                 cases[i].status);
		ck_assert_str_eq(cases[i].status ? err.message : b.buf, cases[i].out);
	}
	/* nothing was read past an encoding error: the lines before it were not handed over either */
	xlqa_buf_reset(&b);
	xlqa_buf_addf(&b, "%s", "");
	ck_assert_int_eq(xlqa_text_each_line("ok\n\xFF", 4, "f.txt", record_line, &b, &err), XLQA_EENCODING);
	ck_assert_str_eq(b.buf, "");
	ck_assert_int_eq(err.offset, 3);
	ck_assert_int_eq(err.line, 2);
	xlqa_buf_release(&b);
}
END_TEST
#undef BYTES

START_TEST(unescape_references)
{
	/* Named, decimal, hex and Windows-1252-range references, and text around them. */
	static const struct {
		const char *in;
		const char *out;
	} cases[] = {
		{ "AT&amp;T", "AT&T" },
		{ "it&apos;s", "it's" },         /* XML's apostrophe, outside HTML 4 proper */
		{ "&lt;p&gt;", "<p>" },
		{ "caf&eacute;", "caf\xC3\xA9" },
		{ "1994&#8211;1995", "1994\xE2\x80\x93" "1995" },
		{ "&#x2013;", "\xE2\x80\x93" },
		{ "&#150;", "\xE2\x80\x93" },    /* newswire's cp1252 en dash */
		{ "&Ouml;sterreich", "\xC3\x96sterreich" },
		{ "&thetasym;&euro;", "\xCF\x91\xE2\x82\xAC" },
		{ "no references", "no references" },
		{ "", "" },
	};
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		xlqa_buf_reset(&out);
		ck_assert_int_eq(xlqa_text_unescape(cases[i].in, strlen(cases[i].in), 0, "t", &out, NULL, &err), XLQA_OK);
		ck_assert_str_eq(out.buf, cases[i].out);
	}
	xlqa_buf_release(&out);
}
END_TEST

START_TEST(unescape_errors_and_lenient_mode)
{
	/* Each malformed reference fails at the offset of its '&' in strict mode, and is kept in lenient mode. */
	static const struct {
		const char *in;
		long offset;
		const char *reason;
	} cases[] = {
		{ "x &bogus; y", 2, "unknown entity" },
		{ "truncated &amp", 10, "not terminated" },
		{ "AT&T", 2, "not terminated" },
		{ "a & b", 2, "not starting a character reference" },
		{ "&#xD800;", 0, "invalid code point" },
		{ "&#99999999;", 0, "malformed numeric" },
		{ "&#;", 0, "malformed numeric" },
		{ "&#129;", 0, "invalid code point" }, /* undefined in Windows-1252 */
	};
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;
	size_t kept;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t len = strlen(cases[i].in);
		xlqa_buf_reset(&out);
		ck_assert_int_eq(xlqa_text_unescape(cases[i].in, len, 0, "doc", &out, NULL, &err), XLQA_EPARSE);
		ck_assert_int_eq(err.offset, cases[i].offset);
		ck_assert_msg(strstr(err.message, cases[i].reason) != NULL, "case %zu: %s", i, err.message);
		kept = 0;
		xlqa_buf_reset(&out);
		ck_assert_int_eq(xlqa_text_unescape(cases[i].in, len, XLQA_UNESCAPE_LENIENT, "doc", &out, &kept, &err),
				 XLQA_OK);
		ck_assert_str_eq(out.buf, cases[i].in);
		ck_assert_uint_eq(kept, 1);
	}
	xlqa_buf_release(&out);
}
END_TEST

START_TEST(normalize_forms)
{
	/* NFC composition, full case folding, accent folding, Cyrillic and Greek. */
	static const struct {
		const char *in;
		unsigned flags;
		const char *out;
	} cases[] = {
		{ "e\xCC\x81", 0, "\xC3\xA9" },                               /* e + combining acute -> é */
		{ "Stra\xC3\x9F" "e", XLQA_NORM_CASEFOLD, "strasse" },        /* ß folds to ss */
		{ "\xC3\x89" "COLE", XLQA_NORM_CASEFOLD, "\xC3\xA9" "cole" },  /* ÉCOLE */
		{ "\xC3\x89" "cole", XLQA_NORM_CASEFOLD | XLQA_NORM_ACCENTS, "ecole" },
		{ "S\xC3\xA3o Jo\xC3\xA3o", XLQA_NORM_ACCENTS, "Sao Joao" },  /* accents only, case kept */
		{ "\xD0\xA1\xD0\xBE\xD1\x84\xD0\xB8\xD1\x8F", XLQA_NORM_CASEFOLD, "\xD1\x81\xD0\xBE\xD1\x84\xD0\xB8\xD1\x8F" },
		{ "\xCE\xA3", XLQA_NORM_CASEFOLD, "\xCF\x83" },                /* Greek capital sigma */
		{ "MiXeD ascii", XLQA_NORM_CASEFOLD, "mixed ascii" },          /* the ASCII fast path */
		{ "L\xE2\x80\x99" "Europe", XLQA_NORM_CASEFOLD | XLQA_NORM_APOSTROPHES, "l'europe" }, /* U+2019 */
		{ "Fu\xC3\x9F" "ball", XLQA_NORM_LOWERCASE, "fu\xC3\x9F" "ball" },  /* lower case keeps ß */
		{ "", XLQA_NORM_CASEFOLD, "" },
	};
	struct xlqa_buf out = XLQA_BUF_INIT;
	struct xlqa_error err;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		xlqa_buf_reset(&out);
		ck_assert_int_eq(xlqa_text_normalize(cases[i].in, strlen(cases[i].in), cases[i].flags, &out, &err),
				 XLQA_OK);
		ck_assert_str_eq(out.buf, cases[i].out);
	}
	/* Invalid UTF-8 is refused, not mangled. */
	ck_assert_int_eq(xlqa_text_normalize("\xC3(\xC3", 3, 0, &out, &err), XLQA_EENCODING);
	xlqa_buf_release(&out);
}
END_TEST

/* Runs a segmenter and returns the sentences joined by " | ". */
static void sentences_of(struct xlqa_segmenter *s, const char *text, struct xlqa_buf *joined)
{
	struct xlqa_segments seg;
	struct xlqa_error err;

	xlqa_segments_init(&seg);
	ck_assert_int_eq(xlqa_segmenter_run(s, text, strlen(text), &seg, &err), XLQA_OK);
	xlqa_buf_reset(joined);
	for (size_t i = 0; i < seg.n_sentences; i++) {
		if (i)
			xlqa_buf_addstr(joined, " | ");
		xlqa_buf_add(joined, text + seg.sentences[i].start, seg.sentences[i].end - seg.sentences[i].start);
	}
	xlqa_segments_release(&seg);
}

START_TEST(sentences_respect_abbreviations)
{
	/* The caller's abbreviations suppress breaks, including a two-part one; real ends still break. */
	static const struct {
		const char *locale;
		const char *abbr;
		const char *text;
		const char *expected;
	} cases[] = {
		{ "en", "Dr.", "Dr. Smith arrived. He left.", "Dr. Smith arrived. | He left." },
		{ "de", "z. B.", "Viele Städte, z. B. Berlin, wachsen. Andere nicht.",
		  "Viele Städte, z. B. Berlin, wachsen. | Andere nicht." },
		{ "es", "Sr.", "El Sr. García habló. Nadie respondió.", "El Sr. García habló. | Nadie respondió." },
		{ "fr", "M.", "M. Dupont est arrivé. Il pleut.", "M. Dupont est arrivé. | Il pleut." },
		{ "de", "Prof.", "Prof. Müller lehrt. Er forscht.", "Prof. Müller lehrt. | Er forscht." },
		{ "en", "Dr.", "George W. Bush met J. R. Smith. They talked.", "George W. Bush met J. R. Smith. | They talked." },
		/* The known price of the initials rule: a capital letter ending a sentence does not break it. */
		{ "en", "Dr.", "He took vitamin C. Then he left.", "He took vitamin C. Then he left." },
		{ "en", "Dr.", "  \n ", "" },
		/* wrapped lines: a single line end (LF, CR LF, CR) is no sentence end, a blank line is */
		{ "en", "Dr.", "helping Adolf\nHitler's rise to\r\npower.\rIt ended.",
		  "helping Adolf\nHitler's rise to\r\npower. | It ended." },
		{ "en", "Dr.", "Immune system\n\nDisorders of the\nimmune system.\r\n\r\nTitle\n \t\nEnd",
		  "Immune system | Disorders of the\nimmune system. | Title | End" },
	};
	struct xlqa_buf joined = XLQA_BUF_INIT;
	struct xlqa_error err;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct xlqa_segmenter *s;
		ck_assert_int_eq(xlqa_segmenter_new(cases[i].locale, &s, &err), XLQA_OK);
		ck_assert_int_eq(xlqa_segmenter_add_abbreviation(s, cases[i].abbr, &err), XLQA_OK);
		sentences_of(s, cases[i].text, &joined);
		ck_assert_str_eq(joined.buf, cases[i].expected);
		xlqa_segmenter_free(s);
	}
	xlqa_buf_release(&joined);
}
END_TEST

/* The test a German pack gives: here, any word starting with "J" or "W" is a noun. */
static bool test_noun(void *ctx, const char *word, size_t len)
{
	(*(int *)ctx)++;
	return len > 0 && (word[0] == 'J' || word[0] == 'W');
}

START_TEST(sentences_keep_ordinals_before_nouns)
{
	static const char text[] = "Im 20. Jahrhundert (im 2. Weltkrieg) fiel sie. Er wurde 50. Der Rest. Es war 3,07. "
	                           "Jetzt. Bis 1348-50. Weg. Im Jahr 1990. Wir gingen.";
	struct xlqa_buf joined = XLQA_BUF_INIT;
	struct xlqa_segmenter *s;
	struct xlqa_error err;
	int calls = 0;

	ck_assert_int_eq(xlqa_segmenter_new("de", &s, &err), XLQA_OK);
	sentences_of(s, "Im 20. Jahrhundert fiel sie.", &joined);
	ck_assert_str_eq(joined.buf, "Im 20. | Jahrhundert fiel sie.");
	xlqa_segmenter_set_ordinals(s, test_noun, &calls);
	sentences_of(s, text, &joined);
	/* only one to three digits standing alone: not after a decimal comma, a range or a year */
	ck_assert_str_eq(joined.buf, "Im 20. Jahrhundert (im 2. Weltkrieg) fiel sie. | Er wurde 50. | Der Rest. | "
	                             "Es war 3,07. | Jetzt. | Bis 1348-50. | Weg. | Im Jahr 1990. | Wir gingen.");
	ck_assert_int_eq(calls, 3); /* "Jahrhundert", "Weltkrieg", "Der" */
	xlqa_segmenter_set_ordinals(s, NULL, NULL);
	sentences_of(s, "Im 20. Jahrhundert fiel sie.", &joined);
	ck_assert_str_eq(joined.buf, "Im 20. | Jahrhundert fiel sie.");
	xlqa_buf_release(&joined);
	xlqa_segmenter_free(s);
}
END_TEST

START_TEST(words_and_numbers)
{
	/* Numbers with inner separators stay whole; punctuation is its own span; spaces are dropped. */
	static const char text[] = "Es kostete 1.234,5 bzw. 1,234.5 Euro!";
	static const char *const expect[] = { "Es", "kostete", "1.234,5", "bzw", ".", "1,234.5", "Euro", "!" };
	static const enum xlqa_span_kind kinds[] = { XLQA_SPAN_WORD,  XLQA_SPAN_WORD,   XLQA_SPAN_NUMBER,
						     XLQA_SPAN_WORD,  XLQA_SPAN_PUNCT,  XLQA_SPAN_NUMBER,
						     XLQA_SPAN_WORD,  XLQA_SPAN_PUNCT };
	struct xlqa_segmenter *s;
	struct xlqa_segments seg;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_segmenter_new("de", &s, &err), XLQA_OK);
	xlqa_segments_init(&seg);
	ck_assert_int_eq(xlqa_segmenter_run(s, text, strlen(text), &seg, &err), XLQA_OK);
	ck_assert_uint_eq(seg.n_words, 8);
	for (size_t i = 0; i < 8; i++) {
		const struct xlqa_span *w = &seg.words[i];
		ck_assert_uint_eq(w->end - w->start, strlen(expect[i]));
		ck_assert_int_eq(memcmp(text + w->start, expect[i], w->end - w->start), 0);
		ck_assert_int_eq(w->kind, kinds[i]);
	}
	/* Invalid UTF-8 is an error with its offset. */
	ck_assert_int_eq(xlqa_segmenter_run(s, "ok \xFF", 4, &seg, &err), XLQA_EENCODING);
	ck_assert_int_eq(err.offset, 3);
	/* Abbreviations must end with a period. */
	ck_assert_int_eq(xlqa_segmenter_add_abbreviation(s, "Dr", &err), XLQA_EINVAL);
	xlqa_segments_release(&seg);
	xlqa_segmenter_free(s);
}
END_TEST

/* Random bytes biased toward what breaks parsers: '&', ';', '#', '.', UTF-8 lead bytes, spaces. */
static size_t random_text(uint64_t *st, char *buf, size_t max)
{
	static const char pieces[] = "&;#x.,' aZ\xC3\xA9\xE2\x80\x99\xF0\x9F\x98\x80\n\t\xCC\x81\xEF\xBB\xBF\xC2\xAD";
	size_t len = (size_t)(test_rng_next(st) % max);

	for (size_t i = 0; i < len; i++) {
		uint64_t r = test_rng_next(st);
		buf[i] = (r & 1) ? pieces[(r >> 8) % (sizeof pieces - 1)] : (char)(r >> 16);
	}
	return len;
}

START_TEST(abbreviation_at_a_word_start)
{
	/* The longest listed abbreviation written at a word's start, its inner space matching a run of
	 * blanks; none inside a word, none with a letter or digit glued after its period. */
	static const struct {
		const char *text;
		size_t at, expected;
	} cases[] = {
		{ "Prof. Dr. Herzog", 0, 5 }, { "Prof. Dr. Herzog", 6, 3 }, { "sprach z. B. über", 7, 5 },
		{ "sprach z.  B. über", 7, 6 }, { "z.B. so", 0, 4 },        { "z. A. so", 0, 0 },
		{ "Dr.med. Meier", 0, 0 },      { "Dr.5", 0, 0 },           { "Dr.Ä", 0, 0 },
		{ "XDr. Meier", 1, 0 },         { "Prof", 0, 0 },           { "Dr.", 0, 3 },
		{ "Prof.\xC2\xA0Meier", 0, 5 }, { "Dr. x", 5, 0 },
	};
	struct xlqa_segmenter *s;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_segmenter_new("de", &s, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_segmenter_add_abbreviation(s, "Dr.", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_segmenter_add_abbreviation(s, "Prof.", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_segmenter_add_abbreviation(s, "z. B.", &err), XLQA_OK);
	ck_assert_int_eq(xlqa_segmenter_add_abbreviation(s, "z.B.", &err), XLQA_OK);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(xlqa_segmenter_abbreviation_at(s, cases[i].text, strlen(cases[i].text), cases[i].at) ==
		                  cases[i].expected,
		              "'%s' at %zu: expected %zu", cases[i].text, cases[i].at, cases[i].expected);
	xlqa_segmenter_free(s);
}
END_TEST

START_TEST(random_input_never_breaks_invariants)
{
	/* 3000 seeded random inputs: every call either succeeds with well-formed output or fails with
	 * its documented status and an offset inside the input; nothing crashes (run under ASan). */
	uint64_t st = UINT64_C(0x9E3779B97F4A7C15);
	struct xlqa_buf out = XLQA_BUF_INIT, utf8 = XLQA_BUF_INIT;
	struct xlqa_segmenter *seg;
	struct xlqa_segments spans;
	struct xlqa_error err;
	char in[256];

	ck_assert_int_eq(xlqa_segmenter_new("en", &seg, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_segmenter_add_abbreviation(seg, "z. B.", &err), XLQA_OK);
	xlqa_segments_init(&spans);
	for (int iter = 0; iter < 3000; iter++) {
		size_t len = random_text(&st, in, sizeof in);
		size_t kept = 0, bad;
		int rc;

		xlqa_buf_reset(&utf8);
		rc = xlqa_text_decode("UTF-8", in, len, "r", &utf8, &err);
		if (rc) {
			ck_assert_int_eq(rc, XLQA_EENCODING);
			ck_assert(err.offset >= 0 && (size_t)err.offset < len);
			/* Latin-1 decodes anything. */
			ck_assert_int_eq(xlqa_text_decode("ISO-8859-1", in, len, "r", &utf8, &err), XLQA_OK);
		}
		ck_assert(xlqa_text_utf8_valid(utf8.buf, utf8.len, &bad));

		xlqa_buf_reset(&out);
		rc = xlqa_text_unescape(utf8.buf, utf8.len, 0, "r", &out, NULL, &err);
		if (rc) {
			ck_assert_int_eq(rc, XLQA_EPARSE);
			ck_assert(err.offset >= 0 && (size_t)err.offset < utf8.len && utf8.buf[err.offset] == '&');
			ck_assert_uint_eq(out.len, 0);
		}
		xlqa_buf_reset(&out);
		ck_assert_int_eq(xlqa_text_unescape(utf8.buf, utf8.len, XLQA_UNESCAPE_LENIENT, "r", &out, &kept, &err),
				 XLQA_OK);
		ck_assert(xlqa_text_utf8_valid(out.buf, out.len, &bad));

		ck_assert_int_eq(xlqa_segmenter_run(seg, out.buf, out.len, &spans, &err), XLQA_OK);
		for (size_t i = 0, j = 0; i < spans.n_words; i++) {
			const struct xlqa_span *w = &spans.words[i];
			ck_assert(w->start < w->end && w->end <= out.len);
			ck_assert(i == 0 || spans.words[i - 1].end <= w->start);
			/* Spans start and end on character boundaries, and each word lies in one sentence. */
			ck_assert(((unsigned char)out.buf[w->start] & 0xC0) != 0x80);
			ck_assert(w->end == out.len || ((unsigned char)out.buf[w->end] & 0xC0) != 0x80);
			while (j < spans.n_sentences && spans.sentences[j].end <= w->start)
				j++;
			ck_assert_msg(j < spans.n_sentences && spans.sentences[j].start <= w->start &&
					      w->end <= spans.sentences[j].end,
				      "iteration %d: word [%zu,%zu) outside its sentence", iter, w->start, w->end);
		}
		for (size_t i = 0; i < spans.n_sentences; i++) {
			ck_assert(spans.sentences[i].start < spans.sentences[i].end && spans.sentences[i].end <= out.len);
			ck_assert(i == 0 || spans.sentences[i - 1].end <= spans.sentences[i].start);
		}
		xlqa_buf_reset(&utf8);
		ck_assert_int_eq(xlqa_text_normalize(out.buf, out.len, XLQA_NORM_CASEFOLD | XLQA_NORM_ACCENTS, &utf8, &err),
				 XLQA_OK);
		ck_assert(xlqa_text_utf8_valid(utf8.buf, utf8.len, &bad));
	}
	xlqa_segments_release(&spans);
	xlqa_segmenter_free(seg);
	xlqa_buf_release(&out);
	xlqa_buf_release(&utf8);
}
END_TEST

Suite *text_suite(void)
{
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, decode_latin1_to_utf8);
	tcase_add_test(tc, decode_reports_exact_offsets);
	tcase_add_test(tc, decode_unknown_encoding);
	tcase_add_test(tc, each_line_checks_and_splits);
	tcase_add_test(tc, unescape_references);
	tcase_add_test(tc, unescape_errors_and_lenient_mode);
	tcase_add_test(tc, normalize_forms);
	tcase_add_test(tc, sentences_respect_abbreviations);
	tcase_add_test(tc, abbreviation_at_a_word_start);
	tcase_add_test(tc, sentences_keep_ordinals_before_nouns);
	tcase_add_test(tc, words_and_numbers);
	tcase_add_test(tc, random_input_never_breaks_invariants);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
