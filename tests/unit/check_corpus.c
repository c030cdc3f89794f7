/* Unit tests of the corpus module: collection descriptions and the tolerant readers. */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Malformed descriptions and what they must say. */
static const struct {
	const char *text;
	const char *message;
} bad_configs[] = {
	{ "name = x\nlanguage = en\nfiles = a\ndoc = DOC\ndocno = DOCNO\n", "required key 'text' is missing" },
	{ "name = x\nlanguage = xx\n", "c.conf:2: 'xx': unknown language" },
	{ "name = x\ncolour = blue\n", "c.conf:2: unknown key 'colour'" },
	{ "name = x\njust words\n", "c.conf:2: 'key = value' expected" },
	{ "name = x\nformat = pdf\n", "c.conf:2: 'pdf': format sgml, xml or html expected" },
	{ "name =\n", "c.conf:1: 'name' needs a value" },
	{ "docno = @\n", "c.conf:1: '@': attribute name expected after '@'" },
	/* html needs to know where the page starts */
	{ "name = x\nlanguage = en\nformat = html\nfiles = a\ndoc = DOC\ndocno = DOCNO\n",
	  "required key 'html_after' is missing" },
};

START_TEST(test_config_bad)
{
	struct xlqa_corpus_config *cfg;
	struct xlqa_error err;

	xlqa_error_clear(&err);
	ck_assert_int_eq(xlqa_corpus_config_parse(bad_configs[_i].text, strlen(bad_configs[_i].text), "c.conf", &cfg, &err),
	                 XLQA_EPARSE);
	ck_assert_ptr_null(cfg);
	ck_assert_msg(strstr(err.message, bad_configs[_i].message), "case %d: %s", _i, err.message);
}
END_TEST

START_TEST(test_config_good)
{
	static const char text[] = "# Reuters\n  name = r \r\nlanguage = English\nfiles = a/*.sgm b/*.gz\nfiles = c\n"
	                           "doc = REUTERS\ndocno = @NEWID\ndocno_prefix = R-\ntext = TITLE BODY\ndate = DATE\n";
	struct xlqa_corpus_config *cfg;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_corpus_config_parse(text, strlen(text), "c.conf", &cfg, &err), XLQA_OK);
	ck_assert_str_eq(cfg->name, "r");
	ck_assert_str_eq(cfg->language, "en"); /* the English name resolves to the code */
	ck_assert_str_eq(cfg->encoding, "ISO-8859-1");
	ck_assert_uint_eq(cfg->n_files, 3);
	ck_assert_str_eq(cfg->files[1], "b/*.gz");
	ck_assert_ptr_null(cfg->docno);
	ck_assert_str_eq(cfg->docno_attr, "NEWID");
	ck_assert_str_eq(cfg->docno_prefix, "R-");
	ck_assert_uint_eq(cfg->n_text, 2);
	ck_assert_str_eq(cfg->date, "DATE");
	xlqa_corpus_config_free(cfg);
}
END_TEST

/* ---- the SGML reader on small files written by the tests ------------------------------------ */

static char tmpdir[256];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/xlqa-check-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tmpdir(void)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

static void write_file(const char *name, const char *data, size_t len)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	ck_assert_ptr_nonnull(fp = fopen(path, "wb"));
	ck_assert_uint_eq(fwrite(data, 1, len, fp), len);
	ck_assert_int_eq(fclose(fp), 0);
}

struct collected {
	char out[4096];
};

static void collect_skip(void *ctx, const char *file, int64_t offset, enum xlqa_skip_reason r, const char *msg)
{
	struct collected *c = ctx;
	size_t n = strlen(c->out);

	(void)file;
	(void)msg;
	snprintf(c->out + n, sizeof c->out - n, "SKIP %s@%lld\n", xlqa_skip_reason_name(r), (long long)offset);
}

/* Reads the collection in tmpdir/c.sgml with the given config tail; returns "DOCNO|date|text\n"... */
static void read_all(const char *config_tail, struct collected *c)
{
	char cfgtext[1024];
	struct xlqa_corpus_config *cfg;
	struct xlqa_corpus_reader *r;
	struct xlqa_error err;
	struct xlqa_doc doc;
	bool end = false;

	snprintf(cfgtext, sizeof cfgtext, "name = t\nlanguage = en\nfiles = c.sgml\n%s", config_tail);
	ck_assert_int_eq(xlqa_corpus_config_parse(cfgtext, strlen(cfgtext), "t.conf", &cfg, &err), XLQA_OK);
	memset(c, 0, sizeof *c);
	ck_assert_int_eq(xlqa_corpus_open(cfg, tmpdir, collect_skip, c, &r, &err), XLQA_OK);
	while (xlqa_corpus_next(r, &doc, &end, &err) == XLQA_OK && !end) {
		size_t n = strlen(c->out);

		snprintf(c->out + n, sizeof c->out - n, "%s|%s|%s\n", doc.docno, doc.date, doc.text);
	}
	ck_assert_msg(end, "reading stopped: %s", err.message);
	xlqa_corpus_free(r);
	xlqa_corpus_config_free(cfg);
}

/* Newswire as it comes, and what the reader must make of it. */
static const struct {
	const char *input;
	const char *config;
	const char *expected;
} sgml_cases[] = {
	/* the EFE sample's habits: "< DOC>", DOCNO and TITLE never closed, white space around the DOCNO */
	{ "< DOC>\n<DOCNO>EFE19940101-00001\n<DOCID> EFE19940101-00001\n<DATE>19940101</DATE>\n"
	  "<TITLE> GUINEA-OBIANG\n<TEXT> Malabo, 31 dic (EFE).\n </TEXT>\n </DOC>\n",
	  "doc = DOC\ndocno = DOCNO\ntext = TITLE TEXT\ndate = DATE\n",
	  "EFE19940101-00001|19940101|GUINEA-OBIANG\n\nMalabo, 31 dic (EFE).\n" },
	/* tags in any case, attributes, unclosed <P> inside a closed TEXT */
	{ "<doc><DocNo>LA1</docno><Text type=\"x\"><p>One.<P>Two.</tExT></DOC>",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\n", "LA1||One.\nTwo.\n" },
	/* entities decoded after Latin-1 decoding; a stray '<' and '&' are text */
	{ "<DOC><DOCNO>D1</DOCNO><TEXT>caf\xe9 &eacute;t&#233; a < b &amp; AT&T x<3</TEXT></DOC>",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\n", "D1||caf\xc3\xa9 \xc3\xa9t\xc3\xa9 a < b & AT&T x<3\n" },
	/* Windows line ends become LF; a lone CR too */
	{ "<DOC>\r\n<DOCNO>W1</DOCNO>\r\n<TEXT>a\r\nb\rc</TEXT>\r\n</DOC>\r\n",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\n", "W1||a\nb\nc\n" },
	/* an unclosed document is skipped up to the next one, which is read */
	{ "<DOC><DOCNO>A</DOCNO><TEXT>lost\n<DOC><DOCNO>B</DOCNO><TEXT>kept</TEXT></DOC>",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\n", "SKIP unclosed@0\nB||kept\n" },
	/* ... and one open at the end of the file */
	{ "<DOC><DOCNO>A</DOCNO><TEXT>kept</TEXT></DOC>\n<DOC><DOCNO>B</DOCNO>",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\n", "A||kept\nSKIP unclosed@45\n" },
	/* missing and empty DOCNOs, and a document without any text element */
	{ "<DOC><TEXT>x</TEXT></DOC><DOC><DOCNO> </DOCNO><TEXT>y</TEXT></DOC><DOC><DOCNO>C</DOCNO></DOC>",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\n", "SKIP no-docno@0\nSKIP no-docno@25\nSKIP no-text@66\n" },
	/* Reuters: DOCNO from an attribute with a prefix, TITLE and BODY inside TEXT, control references */
	{ "<!DOCTYPE lewis SYSTEM \"lewis.dtd\">\n<REUTERS TOPICS=\"YES\" NEWID=\"7\">\n<DATE>26-FEB-1987</DATE>"
	  "<UNKNOWN>&#5;&#5;C T</UNKNOWN><TEXT>&#2;\n<TITLE>COCOA</TITLE>\n<BODY>Showers &lt;SRD> fell.\n&#3;</BODY></TEXT>"
	  "</REUTERS>",
	  "doc = REUTERS\ndocno = @NEWID\ndocno_prefix = R-\ntext = TITLE BODY\ndate = DATE\n",
	  "R-7|26-FEB-1987|COCOA\n\nShowers <SRD> fell.\n" },
	/* formatting tags vanish without splitting words; comments are not text */
	{ "<DOC><DOCNO>F</DOCNO><TEXT>in<B>ter</B>national <!-- note --> news</TEXT></DOC>",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\n", "F||international  news\n" },
	/* a byte that is not UTF-8 in a UTF-8 collection: that document only is skipped */
	{ "<DOC><DOCNO>U1</DOCNO><TEXT>bad \xff byte</TEXT></DOC><DOC><DOCNO>U2</DOCNO><TEXT>fine</TEXT></DOC>",
	  "doc = DOC\ndocno = DOCNO\ntext = TEXT\nencoding = UTF-8\n", "SKIP encoding@0\nU2||fine\n" },
	/* AQUAINT-2 style XML read with libxml2; a malformed document costs only itself */
	{ "<DOCSTREAM>\n<DOC id=\"AFP_ENG_1\" type=\"story\"><HEADLINE>Head</HEADLINE><TEXT><P>Para &amp; one.</P>"
	  "<P>Two.</P></TEXT></DOC>\n<DOC id=\"AFP_ENG_2\"><TEXT><P>broken</TEXT></DOC>\n</DOCSTREAM>",
	  "format = xml\nencoding = UTF-8\ndoc = DOC\ndocno = @id\ntext = HEADLINE TEXT\n",
	  "AFP_ENG_1||Head\n\nPara & one.\n\nTwo.\n" "SKIP malformed@123\n" },
	/* Blog06: the HTML page after DOCHDR, script dropped */
	{ "<DOC>\n<DOCNO>BLOG06-1</DOCNO>\n<DATE_XML>2005-12-06</DATE_XML>\n<DOCHDR>\nhttp://x/\nContent-Type: text/html\n"
	  "</DOCHDR>\n<html><head><title>My blog</title><script>var x;</script></head><body><p>Hello <b>world</b>"
	  "</p><p>Bye</p></body></html>\n</DOC>",
	  "format = html\nencoding = UTF-8\ndoc = DOC\ndocno = DOCNO\ndate = DATE_XML\nhtml_after = DOCHDR\n",
	  "BLOG06-1|2005-12-06|My blog\n\nHello world\n\nBye\n" },
};

START_TEST(test_reader_cases)
{
	struct collected c;

	make_tmpdir();
	write_file("c.sgml", sgml_cases[_i].input, strlen(sgml_cases[_i].input));
	read_all(sgml_cases[_i].config, &c);
	ck_assert_msg(strcmp(c.out, sgml_cases[_i].expected) == 0, "case %d:\n%s\nexpected:\n%s", _i, c.out,
	              sgml_cases[_i].expected);
	remove_tmpdir();
}
END_TEST

/* Gzip files read as plain ones; a glob that matches nothing is an error naming it. */
START_TEST(test_reader_gzip_and_glob)
{
	static const char doc[] = "<DOC><DOCNO>G1</DOCNO><TEXT>zipped</TEXT></DOC>";
	static const char cfgtext[] = "name = t\nlanguage = en\nfiles = *.gz\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n";
	static const char missing[] = "name = t\nlanguage = en\nfiles = none/*.sgml\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n";
	struct xlqa_corpus_config *cfg;
	struct xlqa_corpus_reader *r;
	struct xlqa_error err;
	struct xlqa_doc d;
	bool end;
	char cmd[600];

	make_tmpdir();
	write_file("c.sgml", doc, strlen(doc));
	snprintf(cmd, sizeof cmd, "gzip '%s/c.sgml'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_int_eq(xlqa_corpus_config_parse(cfgtext, strlen(cfgtext), "t.conf", &cfg, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_corpus_open(cfg, tmpdir, NULL, NULL, &r, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_corpus_next(r, &d, &end, &err), XLQA_OK);
	ck_assert(!end);
	ck_assert_str_eq(d.docno, "G1");
	ck_assert_str_eq(d.text, "zipped");
	ck_assert_int_eq(xlqa_corpus_next(r, &d, &end, &err), XLQA_OK);
	ck_assert(end);
	ck_assert_uint_eq(xlqa_corpus_get_counts(r)->bytes, strlen(doc));
	xlqa_corpus_free(r);
	xlqa_corpus_config_free(cfg);
	ck_assert_int_eq(xlqa_corpus_config_parse(missing, strlen(missing), "t.conf", &cfg, &err), XLQA_OK);
	ck_assert_int_eq(xlqa_corpus_open(cfg, tmpdir, NULL, NULL, &r, &err), XLQA_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.message, "no file matches"));
	xlqa_corpus_config_free(cfg);
	remove_tmpdir();
}
END_TEST

/* Reads every document of the one-file gzip collection in tmpdir; returns the status that ended it. */
static int read_gz_collection(size_t *docs, struct xlqa_error *err)
{
	static const char cfgtext[] = "name = t\nlanguage = en\nfiles = *.gz\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n";
	struct xlqa_corpus_config *cfg;
	struct xlqa_corpus_reader *r;
	struct xlqa_doc d;
	bool end = false;
	int rc;

	*docs = 0;
	ck_assert_int_eq(xlqa_corpus_config_parse(cfgtext, strlen(cfgtext), "t.conf", &cfg, err), XLQA_OK);
	rc = xlqa_corpus_open(cfg, tmpdir, NULL, NULL, &r, err);
	while (rc == XLQA_OK && (rc = xlqa_corpus_next(r, &d, &end, err)) == XLQA_OK && !end)
		(*docs)++;
	xlqa_corpus_free(r);
	xlqa_corpus_config_free(cfg);
	return rc;
}

/*
 * A gzip file of two members (as gzip writes when files are appended), cut inside the second member or
 * inside its header: an I/O error naming the file, never a clean end that loses the second member.
 */
START_TEST(test_reader_gzip_truncated)
{
	static const long cuts[] = { -20, -4, 5 }; /* from the end; from the end of the first member */
	static const char a[] = "<DOC><DOCNO>A</DOCNO><TEXT>first member</TEXT></DOC>\n";
	static const char b[] = "<DOC><DOCNO>B</DOCNO><TEXT>second member, cut</TEXT></DOC>\n";
	struct xlqa_error err;
	struct stat st;
	char cmd[800], path[600];
	off_t first;
	size_t docs;

	make_tmpdir();
	write_file("a.sgml", a, strlen(a));
	write_file("b.sgml", b, strlen(b));
	snprintf(path, sizeof path, "%s/c.gz", tmpdir);
	snprintf(cmd, sizeof cmd, "cd '%s' && gzip -c a.sgml >c.gz && gzip -c b.sgml >b.gz && rm a.sgml b.sgml", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	first = st.st_size;
	snprintf(cmd, sizeof cmd, "cd '%s' && cat b.gz >>c.gz && rm b.gz && cp c.gz whole", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_int_eq(read_gz_collection(&docs, &err), XLQA_OK);
	ck_assert_uint_eq(docs, 2);
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		snprintf(cmd, sizeof cmd, "cd '%s' && cp whole c.gz", tmpdir);
		ck_assert_int_eq(system(cmd), 0);
		ck_assert_int_eq(stat(path, &st), 0);
		ck_assert_int_eq(truncate(path, cuts[i] < 0 ? st.st_size + cuts[i] : first + cuts[i]), 0);
		ck_assert_int_eq(read_gz_collection(&docs, &err), XLQA_EIO);
		ck_assert_msg(strstr(err.message, "cut short") && strstr(err.message, "c.gz"), "cut %ld: %s", cuts[i],
		              err.message);
	}
	remove_tmpdir();
}
END_TEST

Suite *corpus_suite(void)
{
	Suite *s = suite_create("corpus");
	TCase *tc = tcase_create("config");
	TCase *tr = tcase_create("reader");

	tcase_add_loop_test(tc, test_config_bad, 0, (int)(sizeof bad_configs / sizeof bad_configs[0]));
	tcase_add_test(tc, test_config_good);
	tcase_add_loop_test(tr, test_reader_cases, 0, (int)(sizeof sgml_cases / sizeof sgml_cases[0]));
	tcase_add_test(tr, test_reader_gzip_and_glob);
	tcase_add_test(tr, test_reader_gzip_truncated);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tr);
	return s;
}
