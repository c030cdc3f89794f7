/* Unit tests of the index module: queries, the index build and read-back, BM25 and passages. */
#include "config.h"

#include "index/index-internal.h"
#include "reseal.h"
#include "suites.h"
#include "xlqa/xlqa.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* A translated query: one concept with two weighted alternatives, one name, and the readable form. */
START_TEST(test_query_build)
{
	struct xlqa_query q;
	struct xlqa_buf out = XLQA_BUF_INIT;
	size_t g;

	xlqa_query_init(&q);
	ck_assert_int_eq(xlqa_query_add_group(&q, "Hauptstadt", 1.0, 0, &g), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&q, g, "capital", 7, 0.75), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&q, g, "capital city", 12, 0.25), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&q, "Pompidou", 8, 2.0, XLQA_QUERY_NAME), XLQA_OK);
	/* weights out of range are refused and leave the query as it was */
	ck_assert_int_eq(xlqa_query_add_group(&q, "x", 0.0, 0, NULL), XLQA_EINVAL);
	ck_assert_int_eq(xlqa_query_add_alt(&q, g, "x", 1, 1.5), XLQA_EINVAL);
	ck_assert_int_eq(xlqa_query_add_alt(&q, 7, "x", 1, 0.5), XLQA_EINVAL);
	ck_assert_uint_eq(q.n_groups, 2);
	ck_assert_uint_eq(q.groups[0].n_alts, 2);
	ck_assert_int_eq(q.groups[1].flags, XLQA_QUERY_NAME);
	ck_assert_int_eq(xlqa_query_format(&q, &out), XLQA_OK);
	ck_assert_str_eq(out.buf, "Hauptstadt^1(capital:0.75|capital city:0.25) Pompidou^2(Pompidou:1)");
	xlqa_query_reset(&q);
	ck_assert_uint_eq(q.n_groups, 0);
	xlqa_buf_release(&out);
	xlqa_query_release(&q);
}
END_TEST


/* ---- building and reading back ------------------------------------------------------------ */

static char tmpdir[256];
static struct xlqa_lang *en;

static void setup(void)
{
	struct xlqa_error err;

	snprintf(tmpdir, sizeof tmpdir, "/tmp/xlqa-index-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	ck_assert_int_eq(xlqa_lang_open("en", NULL, &en, &err), XLQA_OK);
}

static void teardown(void)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
	xlqa_lang_free(en);
}

static void write_collection(const char *data, size_t len)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof path, "%s/c.sgml", tmpdir);
	ck_assert_ptr_nonnull(fp = fopen(path, "wb"));
	ck_assert_uint_eq(fwrite(data, 1, len, fp), len);
	ck_assert_int_eq(fclose(fp), 0);
}

static struct xlqa_corpus_config *test_config(void)
{
	static const char text[] = "name = t\nlanguage = en\nfiles = c.sgml\ndoc = DOC\ndocno = DOCNO\ntext = TEXT\n"
	                           "date = DATE\n";
	struct xlqa_corpus_config *cfg;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_corpus_config_parse(text, strlen(text), "t.conf", &cfg, &err), XLQA_OK);
	return cfg;
}

/* Builds tmpdir/NAME from tmpdir/c.sgml with a postings budget of `memory` bytes (0: default). */
static int build(const char *name, size_t memory, struct xlqa_index_build_summary *sum, struct xlqa_error *err)
{
	struct xlqa_corpus_config *cfg = test_config();
	struct xlqa_index_build_options opt;
	char dir[512];
	int rc;

	memset(&opt, 0, sizeof opt);
	opt.data_root = tmpdir;
	opt.memory = memory;
	snprintf(dir, sizeof dir, "%s/%s", tmpdir, name);
	rc = xlqa_index_build(&cfg, 1, dir, &opt, sum, err);
	xlqa_corpus_config_free(cfg);
	return rc;
}

static struct xlqa_index *open_index(const char *name)
{
	struct xlqa_index *idx;
	struct xlqa_error err;
	char dir[512];

	snprintf(dir, sizeof dir, "%s/%s", tmpdir, name);
	ck_assert_msg(xlqa_index_open(dir, &idx, &err) == XLQA_OK, "%s", err.message);
	return idx;
}

/* A random collection: Latin-1 words, entities, numbers, and a word every document shares. */
static void random_collection(struct xlqa_buf *out, size_t n_docs, uint64_t seed)
{
	static const char *const words[] = { "market", "price", "caf\xe9", "na\xefve", "Z\xfcrich", "&amp;", "1,234.5",
		                             "the", "of", "company", "shares", "rose", "fell", "&eacute;t&eacute;",
		                             "Bundesbank", "oil", "gold", "\xc0 la" };
	uint64_t rng = seed;

	xlqa_buf_reset(out);
	for (size_t d = 0; d < n_docs; d++) {
		size_t n = 1 + test_rng_next(&rng) % 60;

		xlqa_buf_addf(out, "<DOC>\n<DOCNO>R-%05zu</DOCNO>\n<DATE>1994%04zu</DATE>\n<TEXT>\nshared", d, d % 1231);
		for (size_t i = 0; i < n; i++)
			xlqa_buf_addf(out, "%s%s", test_rng_next(&rng) % 9 ? " " : ".\n", words[test_rng_next(&rng) % 18]);
		xlqa_buf_addstr(out, "\n</TEXT>\n</DOC>\n");
	}
}

/* Every document's DOCNO, date and text read back from the index equal the reader's, byte for byte. */
START_TEST(test_index_round_trip)
{
	struct xlqa_buf coll = XLQA_BUF_INIT, text = XLQA_BUF_INIT;
	struct xlqa_index_build_summary sum;
	struct xlqa_corpus_config *cfg = test_config();
	struct xlqa_corpus_reader *r;
	struct xlqa_index *idx;
	struct xlqa_error err;
	struct xlqa_doc doc;
	bool end = false;
	uint32_t n = 0, found;

	random_collection(&coll, 500, 42);
	write_collection(coll.buf, coll.len);
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	ck_assert_uint_eq(sum.documents, 500);
	ck_assert_uint_eq(sum.indexed, 500);
	idx = open_index("idx");
	ck_assert_uint_eq(xlqa_index_get_stats(idx)->documents, 500);
	ck_assert_str_eq(xlqa_index_get_stats(idx)->language, "en");
	ck_assert_int_eq(xlqa_corpus_open(cfg, tmpdir, NULL, NULL, &r, &err), XLQA_OK);
	while (xlqa_corpus_next(r, &doc, &end, &err) == XLQA_OK && !end) {
		ck_assert_str_eq(xlqa_index_docno(idx, n), doc.docno);
		ck_assert_str_eq(xlqa_index_date(idx, n), doc.date);
		ck_assert_int_eq(xlqa_index_doc_text(idx, n, &text, &err), XLQA_OK);
		ck_assert_uint_eq(text.len, doc.len);
		ck_assert(memcmp(text.buf, doc.text, doc.len) == 0);
		ck_assert(xlqa_index_find_docno(idx, doc.docno, &found));
		ck_assert_uint_eq(found, n);
		n++;
	}
	ck_assert(end);
	ck_assert_uint_eq(n, 500);
	ck_assert(!xlqa_index_find_docno(idx, "R-99999", &found));
	/* "shared" opens every document: df = N */
	ck_assert(xlqa_index_term_stats(idx, "share", &found, NULL));
	ck_assert_uint_eq(found, 500);
	xlqa_corpus_free(r);
	xlqa_corpus_config_free(cfg);
	xlqa_index_free(idx);
	xlqa_buf_release(&coll);
	xlqa_buf_release(&text);
}
END_TEST

/* Reads tmpdir/NAME/index.xlqa into `data`; its path goes to `path`. */
static void read_index_file(const char *name, struct xlqa_buf *data, char *path, size_t size)
{
	struct xlqa_error err;

	snprintf(path, size, "%s/%s/index.xlqa", tmpdir, name);
	xlqa_buf_reset(data);
	ck_assert_msg(xlqa_file_read(path, data, &err) == XLQA_OK, "%s", err.message);
	ck_assert_uint_ge(data->len, sizeof(struct idx_header));
}

/* Spilling sorted runs (postings and DOCNOs) and merging them gives the same postings, and the same
 * index byte for byte, as building in memory. */
START_TEST(test_index_spill_equals_memory)
{
	static const char *const terms[] = { "share", "market", "price", "cafe", "naiv", "zurich", "1,234.5",
		                             "compani", "bundesbank", "ete", "oil", "gold", "la", "absent" };
	struct xlqa_buf coll = XLQA_BUF_INIT;
	struct xlqa_index_build_summary mem, spill;
	struct xlqa_index *a, *b;
	struct xlqa_error err;

	random_collection(&coll, 800, 7);
	write_collection(coll.buf, coll.len);
	ck_assert_int_eq(build("mem", 0, &mem, &err), XLQA_OK);
	ck_assert_int_eq(build("spill", 2048, &spill, &err), XLQA_OK);
	ck_assert_uint_eq(mem.runs, 0);
	ck_assert_uint_gt(spill.runs, 10);
	ck_assert_uint_eq(mem.docno_runs, 0);
	/* 800 DOCNO records of about 50 bytes in 256-byte DOCNO buffers */
	ck_assert_uint_gt(spill.docno_runs, 100);
	ck_assert_uint_eq(mem.terms, spill.terms);
	ck_assert_uint_eq(mem.postings, spill.postings);
	a = open_index("mem");
	b = open_index("spill");
	for (size_t t = 0; t < sizeof terms / sizeof terms[0]; t++) {
		struct xlqa_postings_cursor ca, cb;
		struct xlqa_posting pa, pb;
		bool ea = false, eb = false;
		size_t docs = 0;

		xlqa_postings_init(&ca);
		xlqa_postings_init(&cb);
		ck_assert_int_eq(xlqa_postings_open(a, terms[t], &ca), xlqa_postings_open(b, terms[t], &cb));
		for (;;) {
			ck_assert_int_eq(xlqa_postings_next(&ca, &pa, &ea), XLQA_OK);
			ck_assert_int_eq(xlqa_postings_next(&cb, &pb, &eb), XLQA_OK);
			ck_assert_int_eq(ea, eb);
			if (ea)
				break;
			ck_assert_uint_eq(pa.doc, pb.doc);
			ck_assert_uint_eq(pa.tf, pb.tf);
			ck_assert(memcmp(pa.positions, pb.positions, pa.tf * sizeof *pa.positions) == 0);
			docs++;
		}
		/* the absent term has no postings; every other one has some */
		ck_assert_msg((docs == 0) == (strcmp(terms[t], "absent") == 0), "term %s: %zu documents", terms[t], docs);
		xlqa_postings_release(&ca);
		xlqa_postings_release(&cb);
	}
	xlqa_index_free(a);
	xlqa_index_free(b);
	{
		struct xlqa_buf fa = XLQA_BUF_INIT, fb = XLQA_BUF_INIT;
		char path[512];

		read_index_file("mem", &fa, path, sizeof path);
		read_index_file("spill", &fb, path, sizeof path);
		ck_assert_uint_eq(fa.len, fb.len);
		ck_assert(memcmp(fa.buf, fb.buf, fa.len) == 0);
		xlqa_buf_release(&fa);
		xlqa_buf_release(&fb);
	}
	xlqa_buf_release(&coll);
}
END_TEST

struct skips {
	size_t n;
	char first[600], last[600]; /* the first and the last report: "FILE byte OFFSET: MESSAGE" */
};

static void note_skip(void *ctx, const char *file, int64_t offset, enum xlqa_skip_reason why, const char *msg)
{
	struct skips *s = ctx;

	ck_assert_int_eq(why, XLQA_SKIP_DUPLICATE);
	snprintf(s->n ? s->last : s->first, sizeof s->first, "%s byte %lld: %s", file, (long long)offset, msg);
	s->n++;
}

/*
 * Duplicate DOCNOs are found when they fall in different DOCNO runs: each is reported once, naming
 * its first document's place, and the build fails without leaving anything behind, whatever the
 * budget.
 */
START_TEST(test_index_duplicates_across_runs)
{
	struct xlqa_buf coll = XLQA_BUF_INIT;
	static const size_t budgets[] = { 0, 2048 };

	random_collection(&coll, 300, 11);
	/* R-00001 again at the end, and R-00299 twice more */
	xlqa_buf_addstr(&coll, "<DOC><DOCNO>R-00001</DOCNO><TEXT>again</TEXT></DOC>\n");
	xlqa_buf_addstr(&coll, "<DOC><DOCNO>R-00299</DOCNO><TEXT>again</TEXT></DOC>\n");
	xlqa_buf_addstr(&coll, "<DOC><DOCNO>R-00299</DOCNO><TEXT>and again</TEXT></DOC>\n");
	write_collection(coll.buf, coll.len);
	for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
		struct xlqa_corpus_config *cfg = test_config();
		struct xlqa_index_build_options opt;
		struct xlqa_index_build_summary sum;
		struct xlqa_error err;
		struct skips skips = { 0, "", "" };
		char dir[512], want[1024];
		const char *at = strstr(coll.buf, "<DOC>\n<DOCNO>R-00299");

		memset(&opt, 0, sizeof opt);
		opt.data_root = tmpdir;
		opt.memory = budgets[i];
		opt.on_skip = note_skip;
		opt.ctx = &skips;
		snprintf(dir, sizeof dir, "%s/dup", tmpdir);
		ck_assert_int_eq(xlqa_index_build(&cfg, 1, dir, &opt, &sum, &err), XLQA_EPARSE);
		ck_assert_ptr_nonnull(strstr(err.message, "3 duplicate DOCNOs"));
		ck_assert_uint_eq(sum.duplicates, 3);
		ck_assert_uint_eq(sum.skipped[XLQA_SKIP_DUPLICATE], 3);
		ck_assert_uint_eq(skips.n, 3);
		if (budgets[i])
			ck_assert_uint_gt(sum.docno_runs, 10);
		/* reported in DOCNO order: R-00001 first, the second R-00299 last, each naming the first place */
		ck_assert_ptr_nonnull(at);
		snprintf(want, sizeof want, "%s/c.sgml byte %zu: duplicate DOCNO 'R-00001': first at %s/c.sgml byte %zu",
		         tmpdir, (size_t)(strstr(coll.buf, "<DOC><DOCNO>R-00001") - coll.buf),
		         tmpdir, (size_t)(strstr(coll.buf, "<DOC>\n<DOCNO>R-00001") - coll.buf));
		ck_assert_str_eq(skips.first, want);
		snprintf(want, sizeof want, "%s/c.sgml byte %zu: duplicate DOCNO 'R-00299': first at %s/c.sgml byte %zu",
		         tmpdir, (size_t)(strstr(coll.buf, "<DOC><DOCNO>R-00299</DOCNO><TEXT>and") - coll.buf), tmpdir,
		         (size_t)(at - coll.buf));
		ck_assert_str_eq(skips.last, want);
		ck_assert_int_eq(access(dir, F_OK), -1);
		xlqa_corpus_config_free(cfg);
	}
	xlqa_buf_release(&coll);
}
END_TEST

/* Indexes a one-document collection and reads the first posting of `term`, which must be there. */
static struct xlqa_index *index_first_posting(const char *coll, const char *term, struct xlqa_postings_cursor *c,
                                              struct xlqa_posting *p)
{
	struct xlqa_index_build_summary sum;
	struct xlqa_index *idx;
	struct xlqa_error err;
	bool end;

	write_collection(coll, strlen(coll));
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	idx = open_index("idx");
	xlqa_postings_init(c);
	ck_assert(xlqa_postings_open(idx, term, c));
	ck_assert_int_eq(xlqa_postings_next(c, p, &end), XLQA_OK);
	return idx;
}

/* Positions count every word, stop words included, so phrases and proximity see real distances. */
START_TEST(test_index_positions)
{
	struct xlqa_postings_cursor c;
	struct xlqa_posting p;
	struct xlqa_index *idx = index_first_posting(
		"<DOC><DOCNO>P</DOCNO><TEXT>The Bank of England raised the bank rate</TEXT></DOC>", "bank", &c, &p);

	ck_assert_uint_eq(p.tf, 2);
	ck_assert_uint_eq(p.positions[0], 1);
	ck_assert_uint_eq(p.positions[1], 6);
	/* "The", "of" and "the" are not indexed, so the length is 5 */
	ck_assert_uint_eq(xlqa_index_doc_length(idx, 0), 5);
	ck_assert(!xlqa_index_term_stats(idx, "the", NULL, NULL));
	xlqa_postings_release(&c);
	xlqa_index_free(idx);
}
END_TEST

/* A lower-case irregular form also holds its lemma's stem at its position: "sang" meets "sing". */
START_TEST(test_index_irregular_lemmas)
{
	struct xlqa_postings_cursor c;
	struct xlqa_posting p;
	struct xlqa_index *idx = index_first_posting(
		"<DOC><DOCNO>P</DOCNO><TEXT>The choir sang and Sang Lee went home</TEXT></DOC>", "sing", &c, &p);

	/* the verb only: the capitalised name "Sang" keeps its own stem */
	ck_assert_uint_eq(p.tf, 1);
	ck_assert_uint_eq(p.positions[0], 2);
	xlqa_postings_release(&c);
	ck_assert(xlqa_index_term_stats(idx, "sang", NULL, NULL));
	ck_assert(xlqa_index_term_stats(idx, "go", NULL, NULL));
	xlqa_index_free(idx);
}
END_TEST

/*
 * BM25 on a toy collection against values worked out by hand. N = 3, lengths 3, 2, 4 (avgdl 3),
 * k1 = 1.2, b = 0.75, idf(df) = ln(1 + (N - df + 0.5) / (df + 0.5)).
 */
START_TEST(test_bm25_hand_computed)
{
	static const char coll[] = "<DOC><DOCNO>d0</DOCNO><TEXT>apple banana apple</TEXT></DOC>"
	                           "<DOC><DOCNO>d1</DOCNO><TEXT>banana cherry</TEXT></DOC>"
	                           "<DOC><DOCNO>d2</DOCNO><TEXT>cherry cherry cherry melon</TEXT></DOC>";
	struct xlqa_index_build_summary sum;
	struct xlqa_searcher *s;
	struct xlqa_index *idx;
	struct xlqa_results res;
	struct xlqa_query q;
	struct xlqa_error err;
	struct xlqa_search_options opt = { XLQA_BM25_K1, XLQA_BM25_B, 1000, 0, 3, 20, 0, NULL, 0 };
	size_t g;

	write_collection(coll, strlen(coll));
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	idx = open_index("idx");
	ck_assert_double_eq_tol(xlqa_index_get_stats(idx)->avg_length, 3.0, 1e-12);
	ck_assert_int_eq(xlqa_searcher_new(idx, en, &s, &err), XLQA_OK);
	xlqa_query_init(&q);
	xlqa_results_init(&res);

	/* "apple": df 1, idf = ln(1 + 2.5/1.5) = ln(2.666667) = 0.980829.
	 * d0: tf 2, dl 3: 2 * 2.2 / (2 + 1.2 * (0.25 + 0.75 * 3/3)) = 4.4 / 3.2 = 1.375 -> 1.348640 */
	ck_assert_int_eq(xlqa_query_add_term(&q, "apple", 5, 1.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_search(s, &q, &opt, &res, &err), XLQA_OK);
	ck_assert_uint_eq(res.n_hits, 1);
	ck_assert_str_eq(xlqa_index_docno(idx, res.hits[0].doc), "d0");
	ck_assert_double_eq_tol(res.hits[0].score, 1.348640, 1e-6);

	/* "cherry": df 2, idf = ln(1 + 1.5/2.5) = ln(1.6) = 0.470004.
	 * d2: tf 3, dl 4: 6.6 / (3 + 1.2 * (0.25 + 1.0)) = 6.6 / 4.5 = 1.466667 -> 0.689339
	 * d1: tf 1, dl 2: 2.2 / (1 + 1.2 * (0.25 + 0.5)) = 2.2 / 1.9 = 1.157895 -> 0.544215
	 * with concept weight 2 both double. */
	xlqa_query_reset(&q);
	ck_assert_int_eq(xlqa_query_add_term(&q, "cherries", 8, 2.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_search(s, &q, &opt, &res, &err), XLQA_OK);
	ck_assert_uint_eq(res.n_hits, 2);
	ck_assert_str_eq(xlqa_index_docno(idx, res.hits[0].doc), "d2");
	ck_assert_double_eq_tol(res.hits[0].score, 2 * 0.689339, 2e-6);
	ck_assert_double_eq_tol(res.hits[1].score, 2 * 0.544215, 2e-6);

	/* One concept, alternatives apple (1.0) and cherry (0.5): df = 1 * 1 + 0.5 * 2 = 2, idf 0.470004.
	 * d0: tf 2 -> 1.375 -> 0.646256; d2: tf 1.5, dl 4: 3.3 / (1.5 + 1.5) = 1.1 -> 0.517004;
	 * d1: tf 0.5, dl 2: 1.1 / (0.5 + 0.9) = 0.785714 -> 0.369289. Not the sum of two terms. */
	xlqa_query_reset(&q);
	ck_assert_int_eq(xlqa_query_add_group(&q, "Apfel", 1.0, 0, &g), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&q, g, "apple", 5, 1.0), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&q, g, "cherry", 6, 0.5), XLQA_OK);
	ck_assert_int_eq(xlqa_search(s, &q, &opt, &res, &err), XLQA_OK);
	ck_assert_uint_eq(res.n_hits, 3);
	ck_assert_double_eq_tol(res.hits[0].score, 0.646256, 2e-6);
	ck_assert_double_eq_tol(res.hits[1].score, 0.517004, 2e-6);
	ck_assert_double_eq_tol(res.hits[2].score, 0.369289, 2e-6);
	ck_assert_uint_eq(res.matched_groups, 1);

	/* A phrase alternative counts only adjacent occurrences: "banana cherry" is in d1 alone, df 1. */
	xlqa_query_reset(&q);
	ck_assert_int_eq(xlqa_query_add_term(&q, "banana cherry", 13, 1.0, XLQA_QUERY_PHRASE), XLQA_OK);
	ck_assert_int_eq(xlqa_search(s, &q, &opt, &res, &err), XLQA_OK);
	ck_assert_uint_eq(res.n_hits, 1);
	ck_assert_str_eq(xlqa_index_docno(idx, res.hits[0].doc), "d1");
	/* idf ln(1 + 2.5/1.5) = 0.980829 times 1.157895 = 1.135697 */
	ck_assert_double_eq_tol(res.hits[0].score, 1.135697, 2e-6);

	xlqa_results_release(&res);
	xlqa_query_release(&q);
	xlqa_searcher_free(s);
	xlqa_index_free(idx);
}
END_TEST

/* A searcher over an index of the collection `coll`, and a query and results to fill (passage tests). */
struct search_env {
	struct xlqa_index *idx;
	struct xlqa_searcher *s;
	struct xlqa_query q;
	struct xlqa_results res;
};

/* A searcher over the index already built in tmpdir/idx. */
static void search_env_open_built(struct search_env *e)
{
	struct xlqa_error err;

	e->idx = open_index("idx");
	ck_assert_int_eq(xlqa_searcher_new(e->idx, en, &e->s, &err), XLQA_OK);
	xlqa_query_init(&e->q);
	xlqa_results_init(&e->res);
}

static void search_env_open(struct search_env *e, const char *coll)
{
	struct xlqa_index_build_summary sum;
	struct xlqa_error err;

	write_collection(coll, strlen(coll));
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	e->idx = open_index("idx");
	ck_assert_int_eq(xlqa_searcher_new(e->idx, en, &e->s, &err), XLQA_OK);
	xlqa_query_init(&e->q);
	xlqa_results_init(&e->res);
}

static void search_env_close(struct search_env *e)
{
	xlqa_results_release(&e->res);
	xlqa_query_release(&e->q);
	xlqa_searcher_free(e->s);
	xlqa_index_free(e->idx);
}

/* Passages: the window with most concepts close together wins; overlapping windows are dropped. */
START_TEST(test_passages)
{
	struct search_env e;
	struct xlqa_error err;
	struct xlqa_buf text = XLQA_BUF_INIT;
	const struct xlqa_passage *p;

	search_env_open(&e, "<DOC><DOCNO>p</DOCNO><TEXT>Paris is large. The Centre Pompidou is in Paris. "
	                    "Rome is old. Museums abound.</TEXT></DOC>");
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "Pompidou", 8, 2.0, XLQA_QUERY_NAME), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "Paris", 5, 1.0, XLQA_QUERY_NAME), XLQA_OK);
	ck_assert_int_eq(xlqa_search(e.s, &e.q, NULL, &e.res, &err), XLQA_OK);
	ck_assert_uint_ge(e.res.n_passages, 1);
	ck_assert_int_eq(xlqa_index_doc_text(e.idx, 0, &text, &err), XLQA_OK);
	p = &e.res.passages[0];
	ck_assert_uint_eq(p->first_sentence, 1);
	ck_assert_uint_eq(p->n_sentences, 1);
	ck_assert_uint_eq(p->n_matched, 2);
	ck_assert(strncmp(text.buf + p->start, "The Centre Pompidou is in Paris.", p->end - p->start) == 0);
	for (size_t i = 1; i < e.res.n_passages; i++)
		ck_assert(e.res.passages[i].first_sentence + e.res.passages[i].n_sentences <= 1 ||
		          e.res.passages[i].first_sentence > 1);
	xlqa_buf_release(&text);
	search_env_close(&e);
}
END_TEST

/*
 * A searcher keeps which query alternative each passage word matched for the search at hand only: a
 * second search on the same searcher, of other words (one of them with a new weight), finds the
 * passages a new searcher finds, score for score.
 */
START_TEST(test_passages_second_search)
{
	static const char *const queries[][2] = { { "Pompidou", "Paris" }, { "Rome", "Paris" }, { "Museums", "Rome" } };
	struct search_env e, fresh;
	struct xlqa_error err;

	search_env_open(&e, "<DOC><DOCNO>p</DOCNO><TEXT>Paris is large. The Centre Pompidou is in Paris. "
	                    "Rome is old. Museums abound in Rome.</TEXT></DOC>");
	for (size_t k = 0; k < sizeof queries / sizeof queries[0]; k++) {
		xlqa_query_reset(&e.q);
		ck_assert_int_eq(xlqa_query_add_term(&e.q, queries[k][0], strlen(queries[k][0]), 2.0, XLQA_QUERY_NAME), XLQA_OK);
		ck_assert_int_eq(xlqa_query_add_term(&e.q, queries[k][1], strlen(queries[k][1]), 1.0 + (double)k, XLQA_QUERY_NAME),
		                 XLQA_OK);
		ck_assert_int_eq(xlqa_search(e.s, &e.q, NULL, &e.res, &err), XLQA_OK);
		search_env_open_built(&fresh);
		ck_assert_int_eq(xlqa_search(fresh.s, &e.q, NULL, &fresh.res, &err), XLQA_OK);
		ck_assert_uint_gt(fresh.res.n_passages, 0);
		ck_assert_uint_eq(e.res.n_passages, fresh.res.n_passages);
		for (size_t i = 0; i < fresh.res.n_passages; i++) {
			const struct xlqa_passage *a = &e.res.passages[i], *b = &fresh.res.passages[i];

			ck_assert_msg(a->first_sentence == b->first_sentence && a->n_sentences == b->n_sentences &&
			                  a->score == b->score && a->n_matched == b->n_matched,
			              "query %zu, passage %zu: sentence %u+%u score %g, a new searcher's %u+%u score %g", k, i,
			              a->first_sentence, a->n_sentences, a->score, b->first_sentence, b->n_sentences, b->score);
		}
		search_env_close(&fresh);
	}
	search_env_close(&e);
}
END_TEST

/*
 * A title (a first paragraph of one sentence with no final punctuation) is no passage but the context
 * of every passage of its document; a first paragraph that ends with a full stop is text.
 */
START_TEST(test_passages_title)
{
	struct search_env e;
	struct xlqa_error err;
	struct xlqa_buf text = XLQA_BUF_INIT;
	const struct xlqa_passage *p;
	bool b_first = false;

	search_env_open(&e, "<DOC><DOCNO>a</DOCNO><TEXT>Super Bowl 50\n\nColdplay headlined the show. Lady Gaga "
	                    "performed the national anthem.</TEXT></DOC>\n"
	                    "<DOC><DOCNO>b</DOCNO><TEXT>The Super Bowl was loud.\n\nIt rained.</TEXT></DOC>\n");
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "Super", 5, 1.0, XLQA_QUERY_NAME), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "Bowl", 4, 2.0, XLQA_QUERY_NAME), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "anthem", 6, 2.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_search(e.s, &e.q, NULL, &e.res, &err), XLQA_OK);
	ck_assert_uint_ge(e.res.n_passages, 1);
	p = &e.res.passages[0];
	ck_assert_int_eq(xlqa_index_doc_text(e.idx, p->doc, &text, &err), XLQA_OK);
	ck_assert_str_eq(xlqa_index_docno(e.idx, p->doc), "a");
	ck_assert_uint_eq(p->first_sentence, 2);
	ck_assert_uint_eq(p->n_sentences, 1);
	ck_assert_uint_eq(p->n_matched, 3); /* anthem, and the title's Super and Bowl */
	ck_assert(strncmp(text.buf + p->start, "Lady Gaga performed the national anthem.", p->end - p->start) == 0);
	for (size_t i = 0; i < e.res.n_passages; i++) {
		bool a = strcmp(xlqa_index_docno(e.idx, e.res.passages[i].doc), "a") == 0;

		ck_assert_msg(!a || e.res.passages[i].first_sentence > 0, "the title is a passage");
		b_first |= !a && e.res.passages[i].first_sentence == 0;
	}
	ck_assert_msg(b_first, "a first paragraph with a full stop is no title");
	xlqa_buf_release(&text);
	search_env_close(&e);
}
END_TEST

static void kill_self(void *ctx, uint64_t docs, uint64_t bytes, uint64_t total)
{
	(void)ctx;
	(void)bytes;
	(void)total;
	if (docs >= 1000)
		raise(SIGKILL);
}

/* A build killed midway leaves no index under the requested name, and its leftovers do not open. */
START_TEST(test_index_killed_build)
{
	struct xlqa_buf coll = XLQA_BUF_INIT;
	struct xlqa_index *idx;
	struct xlqa_error err;
	char dir[512], cmd[1024], left[512] = "";
	pid_t pid;
	int status;
	FILE *fp;

	random_collection(&coll, 3000, 3);
	write_collection(coll.buf, coll.len);
	snprintf(dir, sizeof dir, "%s/killed", tmpdir);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct xlqa_corpus_config *cfg = test_config();
		struct xlqa_index_build_options opt;
		struct xlqa_index_build_summary sum;

		memset(&opt, 0, sizeof opt);
		opt.data_root = tmpdir;
		opt.memory = 4096; /* runs are on disk when the kill comes */
		opt.on_progress = kill_self;
		xlqa_index_build(&cfg, 1, dir, &opt, &sum, &err);
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	ck_assert_int_eq(access(dir, F_OK), -1);
	ck_assert_int_eq(xlqa_index_open(dir, &idx, &err), XLQA_ENOTFOUND);
	/* the temporary directory is all that is left, and it is not an index */
	snprintf(cmd, sizeof cmd, "ls -d '%s'/killed.tmp-*", tmpdir);
	ck_assert_ptr_nonnull(fp = popen(cmd, "r"));
	ck_assert_ptr_nonnull(fgets(left, sizeof left, fp));
	pclose(fp);
	left[strcspn(left, "\n")] = '\0';
	ck_assert_int_eq(xlqa_index_open(left, &idx, &err), XLQA_ECORRUPT);
	ck_assert_ptr_nonnull(strstr(err.message, "no index header"));
	/* the next build of the name removes it (its PID is dead), and leaves a live process's alone */
	{
		struct xlqa_index_build_summary sum;
		char live[600];

		snprintf(live, sizeof live, "%s/killed.tmp-%ld", tmpdir, (long)getppid());
		ck_assert_int_eq(mkdir(live, 0777), 0);
		random_collection(&coll, 3, 4);
		write_collection(coll.buf, coll.len);
		ck_assert_int_eq(build("killed", 0, &sum, &err), XLQA_OK);
		ck_assert_uint_eq(sum.stale_removed, 1);
		ck_assert_int_eq(access(left, F_OK), -1);
		ck_assert_int_eq(access(live, F_OK), 0);
	}
	xlqa_buf_release(&coll);
}
END_TEST

/* True when byte `at` of the file lies in section `id`. */
static bool in_section(const struct idx_header *h, enum idx_section_id id, long at)
{
	return (uint64_t)at >= h->sections[id].offset && (uint64_t)at < h->sections[id].offset + h->sections[id].length;
}

/*
 * Damage anywhere is caught: a flipped byte in the header or a small section on open, one in the store,
 * the postings or the vocab (which open leaves to their use) by xlqa_index_verify; a truncated file
 * on open.
 */
START_TEST(test_index_corruption)
{
	static const char coll[] = "<DOC><DOCNO>a</DOCNO><TEXT>alpha beta</TEXT></DOC>"
	                           "<DOC><DOCNO>b</DOCNO><TEXT>beta gamma</TEXT></DOC>";
	struct xlqa_index_build_summary sum;
	struct xlqa_index *idx;
	struct xlqa_error err;
	struct idx_header h;
	size_t verified = 0;
	char path[512], dir0[512];
	int rc;
	long size;
	FILE *fp;

	write_collection(coll, strlen(coll));
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	/* a second build into the same name is refused */
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_EINVAL);
	snprintf(path, sizeof path, "%s/idx/index.xlqa", tmpdir);
	ck_assert_ptr_nonnull(fp = fopen(path, "r+b"));
	ck_assert_uint_eq(fread(&h, sizeof h, 1, fp), 1);
	ck_assert_int_eq(fseek(fp, 0, SEEK_END), 0);
	size = ftell(fp);
	/* the intact index opens and verifies */
	snprintf(dir0, sizeof dir0, "%s/idx", tmpdir);
	ck_assert_int_eq(xlqa_index_open(dir0, &idx, &err), XLQA_OK);
	ck_assert_msg(xlqa_index_verify(idx, &err) == XLQA_OK, "%s", err.message);
	xlqa_index_free(idx);
	for (long at = 0; at < size; at += at < 256 ? 1 : 7) { /* every header byte, then every 7th */
		int c, flipped;
		char dir[512];

		ck_assert_int_eq(fseek(fp, at, SEEK_SET), 0);
		c = fgetc(fp);
		flipped = c ^ 0x10;
		ck_assert_int_eq(fseek(fp, at, SEEK_SET), 0);
		fputc(flipped, fp);
		fflush(fp);
		snprintf(dir, sizeof dir, "%s/idx", tmpdir);
		rc = xlqa_index_open(dir, &idx, &err);
		if (rc == XLQA_OK) {
			/* only the sections open leaves to their use and to verify: the store, postings, vocab */
			ck_assert_msg(in_section(&h, SEC_STORE, at) || in_section(&h, SEC_POSTINGS, at) ||
			                  in_section(&h, SEC_VOCAB, at),
			              "flip at byte %ld of %ld opened", at, size);
			ck_assert_msg(xlqa_index_verify(idx, &err) == XLQA_ECORRUPT, "flip at byte %ld verified", at);
			ck_assert_msg(strstr(err.message, "section checksum mismatch"), "%s", err.message);
			xlqa_index_free(idx);
			verified++;
		} else {
			ck_assert_msg(rc == XLQA_ECORRUPT, "flip at byte %ld: %s", at, err.message);
		}
		ck_assert_int_eq(fseek(fp, at, SEEK_SET), 0);
		fputc(c, fp);
		fflush(fp);
	}
	ck_assert_uint_gt(verified, 0);
	ck_assert_int_eq(ftruncate(fileno(fp), size - 8), 0);
	fclose(fp);
	snprintf(path, sizeof path, "%s/idx", tmpdir);
	ck_assert_int_eq(xlqa_index_open(path, &idx, &err), XLQA_ECORRUPT);
}
END_TEST

/* Writes `data` back over `path` with its checksums recomputed, as a crafted file would have them. */
static void write_resealed(struct xlqa_buf *data, const char *path)
{
	FILE *fp;

	reseal_index((unsigned char *)data->buf, data->len);
	ck_assert_ptr_nonnull(fp = fopen(path, "wb"));
	ck_assert_uint_eq(fwrite(data->buf, 1, data->len, fp), data->len);
	ck_assert_int_eq(fclose(fp), 0);
}

/*
 * Crafted indexes with valid checksums: a posting naming a document past the document count is an
 * error on use, not a write past the searcher's tables; a document claiming 4 GiB of text from a few
 * compressed bytes is refused on open rather than allocated on read.
 */
START_TEST(test_index_crafted)
{
	static const char coll[] = "<DOC><DOCNO>a</DOCNO><TEXT>alpha beta</TEXT></DOC>"
	                           "<DOC><DOCNO>b</DOCNO><TEXT>beta gamma</TEXT></DOC>";
	struct xlqa_index_build_summary sum;
	struct xlqa_buf data = XLQA_BUF_INIT;
	struct xlqa_postings_cursor c;
	struct xlqa_posting p;
	struct search_env e;
	struct xlqa_error err;
	struct idx_header h;
	struct idx_term t;
	struct idx_doc d;
	char path[512];
	bool end = false, found = false;

	write_collection(coll, strlen(coll));
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	read_index_file("idx", &data, path, sizeof path);
	memcpy(&h, data.buf, sizeof h);
	/* the postings of "gamma" start with its one document's number, 1: make it 7 */
	for (uint64_t i = 0; i < h.sections[SEC_TERMS].length / sizeof t; i++) {
		memcpy(&t, data.buf + h.sections[SEC_TERMS].offset + i * sizeof t, sizeof t);
		if (strcmp(data.buf + h.sections[SEC_TERMSTR].offset + t.name, "gamma") == 0) {
			unsigned char *at = (unsigned char *)data.buf + h.sections[SEC_POSTINGS].offset + t.postings;

			ck_assert_uint_eq(*at, 1);
			*at = 7;
			found = true;
		}
	}
	ck_assert(found);
	write_resealed(&data, path);
	search_env_open_built(&e);
	xlqa_postings_init(&c);
	ck_assert(xlqa_postings_open(e.idx, "gamma", &c));
	ck_assert_int_eq(xlqa_postings_next(&c, &p, &end), XLQA_ECORRUPT);
	xlqa_postings_release(&c);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "gamma", 5, 1.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_search(e.s, &e.q, NULL, &e.res, &err), XLQA_ECORRUPT);
	ck_assert_msg(strstr(err.message, "postings of 'gamma'"), "%s", err.message);
	search_env_close(&e);

	/* a few compressed bytes said to inflate to 4 GiB */
	read_index_file("idx", &data, path, sizeof path);
	memcpy(&d, data.buf + h.sections[SEC_DOCS].offset, sizeof d);
	d.text_len = UINT32_MAX;
	memcpy(data.buf + h.sections[SEC_DOCS].offset, &d, sizeof d);
	write_resealed(&data, path);
	snprintf(path, sizeof path, "%s/idx", tmpdir);
	ck_assert_int_eq(xlqa_index_open(path, &e.idx, &err), XLQA_ECORRUPT);
	ck_assert_msg(strstr(err.message, "claims more text"), "%s", err.message);
	xlqa_buf_release(&data);
}
END_TEST

/* The order of a full sort of hits: score down, then document number up. */
static int cmp_ref_hits(const void *a, const void *b)
{
	const struct xlqa_hit *x = a, *y = b;

	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	return (x->doc > y->doc) - (x->doc < y->doc);
}

/*
 * Top-k ranking keeps only the best max_docs hits: for every k, the hits are the first k of all
 * hits sorted, ties (many documents of equal score here) in document order, the same as k = all.
 * Guards the bounded heap against dropping or misordering a tied hit at the cut.
 */
START_TEST(test_search_top_k)
{
	static const size_t ks[] = { 1, 2, 3, 7, 50, 199, 400 };
	struct xlqa_search_options o = { XLQA_BM25_K1, XLQA_BM25_B, 100000, 0, 3, 20, 0, NULL, 0 };
	struct xlqa_buf coll = XLQA_BUF_INIT;
	struct xlqa_hit *all;
	size_t n_all, ties = 0;
	struct search_env e;
	struct xlqa_error err;

	random_collection(&coll, 300, 7);
	search_env_open(&e, coll.buf);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "market", 6, 1.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "shared", 6, 0.5, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_search(e.s, &e.q, &o, &e.res, &err), XLQA_OK);
	n_all = e.res.n_hits;
	ck_assert_uint_eq(n_all, 300); /* every document has "shared" */
	ck_assert_ptr_nonnull(all = malloc(n_all * sizeof *all));
	memcpy(all, e.res.hits, n_all * sizeof *all);
	qsort(all, n_all, sizeof *all, cmp_ref_hits);
	for (size_t i = 0; i < n_all; i++)
		ck_assert_msg(all[i].doc == e.res.hits[i].doc, "full ranking differs from a sort at %zu", i);
	for (size_t i = 1; i < n_all; i++)
		ties += all[i].score == all[i - 1].score;
	ck_assert_msg(ties >= 10, "the collection should give ties, %zu found", ties);
	for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
		o.max_docs = ks[j];
		ck_assert_int_eq(xlqa_search(e.s, &e.q, &o, &e.res, &err), XLQA_OK);
		ck_assert_uint_eq(e.res.n_hits, ks[j] < n_all ? ks[j] : n_all);
		for (size_t i = 0; i < e.res.n_hits; i++)
			ck_assert_msg(e.res.hits[i].doc == all[i].doc && e.res.hits[i].score == all[i].score,
			              "k = %zu: hit %zu is document %u, a full sort has %u", ks[j], i, e.res.hits[i].doc,
			              all[i].doc);
	}
	free(all);
	xlqa_buf_release(&coll);
	search_env_close(&e);
}
END_TEST

/*
 * A collection for pruning: "market" in every document (tf 1 to 4), "price" in about half, "oil" in
 * a tenth, "bundesbank" in one in forty, "zurich" in one in a hundred and the phrase "gold reserves"
 * in one in thirty, lengths from 1 to 120 words. Documents d and d + 400 have the same text, so
 * scores tie at every cut.
 */
static void skewed_collection(struct xlqa_buf *out, size_t n_docs)
{
	xlqa_buf_reset(out);
	for (size_t d = 0; d < n_docs; d++) {
		uint64_t rng = 1000 + d % 400;
		size_t len = 1 + test_rng_next(&rng) % 120, tf = 1 + test_rng_next(&rng) % 4;

		xlqa_buf_addf(out, "<DOC>\n<DOCNO>S-%05zu</DOCNO>\n<TEXT>\n", d);
		for (size_t i = 0; i < tf; i++)
			xlqa_buf_addstr(out, "market ");
		if (test_rng_next(&rng) % 2 == 0)
			xlqa_buf_addstr(out, "price ");
		if (test_rng_next(&rng) % 10 == 0)
			xlqa_buf_addstr(out, "oil oil ");
		if (test_rng_next(&rng) % 40 == 0)
			xlqa_buf_addstr(out, "bundesbank ");
		if (test_rng_next(&rng) % 100 == 0)
			xlqa_buf_addstr(out, "zurich ");
		if (test_rng_next(&rng) % 30 == 0)
			xlqa_buf_addstr(out, "gold reserves ");
		for (size_t i = 0; i < len; i++)
			xlqa_buf_addstr(out, test_rng_next(&rng) % 5 ? "filler " : "company ");
		xlqa_buf_addstr(out, "\n</TEXT>\n</DOC>\n");
	}
}

/* Runs the query pruned and exhaustively with options o and checks both give the same hits and
 * passages, score for score; returns the candidates pruning dropped. */
static size_t compare_pruned(struct search_env *e, const struct xlqa_search_options *o)
{
	struct xlqa_results full;
	struct xlqa_error err;
	size_t skipped;

	xlqa_results_init(&full);
	xlqa_searcher_set_exhaustive(e->s, true);
	ck_assert_int_eq(xlqa_search(e->s, &e->q, o, &full, &err), XLQA_OK);
	ck_assert_uint_eq(xlqa_searcher_skipped(e->s), 0);
	xlqa_searcher_set_exhaustive(e->s, false);
	ck_assert_int_eq(xlqa_search(e->s, &e->q, o, &e->res, &err), XLQA_OK);
	skipped = xlqa_searcher_skipped(e->s);
	ck_assert_uint_eq(e->res.n_hits, full.n_hits);
	ck_assert_uint_eq(e->res.matched_groups, full.matched_groups);
	for (size_t i = 0; i < full.n_hits; i++)
		ck_assert_msg(e->res.hits[i].doc == full.hits[i].doc && e->res.hits[i].score == full.hits[i].score &&
		                  e->res.hits[i].bm25 == full.hits[i].bm25,
		              "max_docs %zu: hit %zu is document %u (%.17g), unpruned %u (%.17g)", o->max_docs, i,
		              e->res.hits[i].doc, e->res.hits[i].score, full.hits[i].doc, full.hits[i].score);
	ck_assert_uint_eq(e->res.n_passages, full.n_passages);
	for (size_t i = 0; i < full.n_passages; i++)
		ck_assert(e->res.passages[i].doc == full.passages[i].doc && e->res.passages[i].score == full.passages[i].score);
	xlqa_results_release(&full);
	return skipped;
}

/* Marks in `in` (n_docs flags) the documents the one-alternative query `text` matches. */
static void matched_docs(struct search_env *e, const char *text, unsigned flags, bool *in, size_t n_docs)
{
	struct xlqa_search_options o = { XLQA_BM25_K1, XLQA_BM25_B, 100000, 0, 3, 20, 0, NULL, 0 };
	struct xlqa_error err;

	xlqa_query_reset(&e->q);
	ck_assert_int_eq(xlqa_query_add_term(&e->q, text, strlen(text), 1.0, flags), XLQA_OK);
	ck_assert_int_eq(xlqa_search(e->s, &e->q, &o, &e->res, &err), XLQA_OK);
	memset(in, 0, n_docs * sizeof *in);
	for (size_t i = 0; i < e->res.n_hits; i++)
		in[e->res.hits[i].doc] = true;
}

/*
 * MaxScore pruning drops documents that cannot enter the top k, yet ranks exactly as scoring every
 * document does: same documents, same scores, ties in document order, for single-term concepts, a
 * concept of several weighted alternatives and a phrase, with and without passages. Guards the
 * bounds (a bound below a real score would drop a hit) and the order of the additions (another
 * order changes scores in their last bits and so the order of near ties).
 */
START_TEST(test_search_pruning)
{
	static const size_t ks[] = { 1, 2, 5, 10, 40, 100, 5000 };
	struct xlqa_search_options o = { XLQA_BM25_K1, XLQA_BM25_B, 10, 0, 3, 20, 0, NULL, 0 };
	struct xlqa_buf coll = XLQA_BUF_INIT;
	struct search_env e;
	size_t group, skipped_small = 0, skipped;

	skewed_collection(&coll, 2400);
	search_env_open(&e, coll.buf);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "market", 6, 1.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "price", 5, 1.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "bundesbank", 10, 2.0, 0), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_term(&e.q, "zurich", 6, 1.0, 0), XLQA_OK);
	for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
		o.max_docs = ks[j];
		skipped = compare_pruned(&e, &o);
		if (ks[j] <= 10)
			skipped_small += skipped;
		if (ks[j] == 5000)
			ck_assert_uint_eq(skipped, 0); /* the heap never fills: nothing to prune against */
	}
	ck_assert_msg(skipped_small > 0, "pruning dropped no candidate for k <= 10");
	/* a concept of weighted alternatives, and one of a phrase (its documents found first) and a term */
	ck_assert_int_eq(xlqa_query_add_group(&e.q, NULL, 1.5, 0, &group), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "oil", 3, 0.7), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "zurich", 6, 0.3), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_group(&e.q, NULL, 1.0, 0, &group), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "gold reserves", 13, 1.0), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "bundesbank", 10, 0.4), XLQA_OK);
	skipped_small = 0;
	for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
		o.max_docs = ks[j];
		skipped = compare_pruned(&e, &o);
		skipped_small += ks[j] <= 10 ? skipped : 0;
	}
	ck_assert_msg(skipped_small > 0, "pruning dropped no candidate for k <= 10 (alternatives, phrase)");
	/* the answerer's options: passages in the top 20 and reranking */
	o = (struct xlqa_search_options){ XLQA_BM25_K1, XLQA_BM25_B, 5, 20, 3, 20, XLQA_PASSAGE_WEIGHT, NULL, 0 };
	compare_pruned(&e, &o);
	/* a concept naming one term twice (its cursor shared) among others, over lists of 2,400 documents */
	ck_assert_int_eq(xlqa_query_add_group(&e.q, NULL, 0.8, 0, &group), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "company", 7, 0.6), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "oil", 3, 0.5), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "company", 7, 0.3), XLQA_OK);
	ck_assert_int_eq(xlqa_query_add_alt(&e.q, group, "oil", 3, 0.9), XLQA_OK);
	o = (struct xlqa_search_options){ XLQA_BM25_K1, XLQA_BM25_B, 10, 0, 3, 20, 0, NULL, 0 };
	skipped_small = 0;
	for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
		o.max_docs = ks[j];
		skipped_small += ks[j] <= 10 ? compare_pruned(&e, &o) : 0;
	}
	ck_assert_msg(skipped_small > 0, "pruning dropped no candidate for k <= 10 (a repeated term)");
	/* phrases meet on documents whatever their words' frequencies and order: every "price" follows
	 * "market", and "price oil" is in the documents that hold both */
	{
		bool phrase[2400], price[2400], oil[2400];
		size_t n_phrase = 0;

		matched_docs(&e, "price", 0, price, 2400);
		matched_docs(&e, "market price", XLQA_QUERY_PHRASE, phrase, 2400);
		for (size_t d = 0; d < 2400; d++)
			ck_assert_msg(phrase[d] == price[d], "document %zu: 'market price' %d, 'price' %d", d, phrase[d], price[d]);
		matched_docs(&e, "oil", 0, oil, 2400);
		matched_docs(&e, "price oil", XLQA_QUERY_PHRASE, phrase, 2400);
		for (size_t d = 0; d < 2400; d++) {
			ck_assert_msg(phrase[d] == (price[d] && oil[d]), "document %zu: 'price oil' %d", d, phrase[d]);
			n_phrase += phrase[d];
		}
		ck_assert_uint_gt(n_phrase, 50);
		/* three words, the rarest last and the commonest first: the join's lead is "oil" and
		 * "price" is checked before "market" */
		n_phrase = 0;
		matched_docs(&e, "market price oil", XLQA_QUERY_PHRASE, phrase, 2400);
		for (size_t d = 0; d < 2400; d++) {
			ck_assert_msg(phrase[d] == (price[d] && oil[d]), "document %zu: 'market price oil' %d", d, phrase[d]);
			n_phrase += phrase[d];
		}
		ck_assert_uint_gt(n_phrase, 50);
	}
	xlqa_buf_release(&coll);
	search_env_close(&e);
}
END_TEST

/* The entry of `term` in the index file held in `data`; false when absent. */
static bool find_term_entry(const struct xlqa_buf *data, const char *term, struct idx_term *t, size_t *at)
{
	struct idx_header h;

	memcpy(&h, data->buf, sizeof h);
	for (uint64_t i = 0; i < h.sections[SEC_TERMS].length / sizeof *t; i++) {
		*at = h.sections[SEC_TERMS].offset + i * sizeof *t;
		memcpy(t, data->buf + *at, sizeof *t);
		if (strcmp(data->buf + h.sections[SEC_TERMSTR].offset + t->name, term) == 0)
			return true;
	}
	return false;
}

/*
 * Skip tables: seeking a term's postings to a target gives the posting that reading every one up to
 * it gives, positions included, for targets near and far (within a block, across many, past the end),
 * on an index built in memory and one merged from spilled runs (a skip table then spans run pieces).
 * A seek really far_seeks: it passes over a damaged posting of an earlier block that reading one posting
 * at a time stops at, while verify reports the damage, and a skip table that lies is reported by
 * verify and one out of place refused on open.
 */
START_TEST(test_postings_skips)
{
	static const char *const terms[] = { "market", "price", "oil", "compani", "filler", "bundesbank", "zurich",
		                             "gold", "absent" };
	static const uint32_t steps[] = { 1, 2, 5, 63, 64, 65, 130, 700, 5000 };
	static const char *const builds[] = { "mem", "spill" };
	struct xlqa_buf coll = XLQA_BUF_INIT, data = XLQA_BUF_INIT;
	struct xlqa_index_build_summary sum;
	struct xlqa_error err;
	struct idx_term t;
	struct idx_skip e;
	struct xlqa_index *idx;
	unsigned char *at;
	const unsigned char *q;
	uint64_t v, tf;
	size_t term_at, far_seeks = 0; /* seeks past more than a block of postings */
	char path[512];
	bool end;

	skewed_collection(&coll, 2400);
	write_collection(coll.buf, coll.len);
	ck_assert_int_eq(build("mem", 0, &sum, &err), XLQA_OK);
	ck_assert_int_eq(build("spill", 4096, &sum, &err), XLQA_OK);
	ck_assert_uint_gt(sum.runs, 2);
	for (size_t b = 0; b < 2; b++) {
		idx = open_index(builds[b]);
		ck_assert_msg(xlqa_index_verify(idx, &err) == XLQA_OK, "%s", err.message);
		for (size_t k = 0; k < sizeof terms / sizeof terms[0]; k++)
			for (size_t j = 0; j < sizeof steps / sizeof steps[0]; j++) {
				struct xlqa_postings_cursor seek, ref;
				struct xlqa_posting pr, ps;
				uint32_t target = 0, doc = 0, n;
				bool end_ref = false;

				xlqa_postings_init(&seek);
				xlqa_postings_init(&ref);
				ck_assert_int_eq(xlqa_postings_open(idx, terms[k], &seek), xlqa_postings_open(idx, terms[k], &ref));
				pr.doc = 0;
				for (uint64_t rng = 5 + j;; target += 1 + (uint32_t)(test_rng_next(&rng) % steps[j])) {
					/* the reference: every posting read, up to the first at or after target */
					while (!end_ref) {
						ck_assert_int_eq(xlqa_postings_next(&ref, &pr, &end_ref), XLQA_OK);
						if (!end_ref && pr.doc >= target)
							break;
					}
					n = seek.df - seek.left;
					ck_assert_int_eq(xlqa_postings_seek_doc(&seek, target, &doc, &ps.tf, &end), XLQA_OK);
					far_seeks += seek.df - seek.left > n + IDX_SKIP_BLOCK;
					ck_assert_msg(end == end_ref, "%s, target %u: end %d, reading all %d", terms[k], target, end,
					              end_ref);
					if (end)
						break;
					ck_assert_msg(doc == pr.doc && ps.tf == pr.tf, "%s, target %u: document %u, reading all %u",
					              terms[k], target, doc, pr.doc);
					ck_assert_int_eq(xlqa_postings_positions(&seek, ps.tf, &ps), XLQA_OK);
					for (uint32_t i = 0; i < ps.tf; i++)
						ck_assert_uint_eq(ps.positions[i], pr.positions[i]);
					target = doc;
				}
				xlqa_postings_release(&seek);
				xlqa_postings_release(&ref);
			}
		xlqa_index_free(idx);
	}
	ck_assert_uint_gt(far_seeks, 100);

	/* "market" is in every document: damage its second posting (gap 1 made 0) */
	read_index_file("mem", &data, path, sizeof path);
	ck_assert(find_term_entry(&data, "market", &t, &term_at));
	ck_assert_uint_eq(t.df, 2400);
	ck_assert_uint_eq(t.n_skips, 2400 / IDX_SKIP_BLOCK);
	{
		struct idx_header h;

		memcpy(&h, data.buf, sizeof h);
		at = (unsigned char *)data.buf + h.sections[SEC_POSTINGS].offset + t.postings;
	}
	tf = 0;
	ck_assert_ptr_nonnull(q = idx_get_varint(at, at + t.postings_len, &v));
	ck_assert_ptr_nonnull(q = idx_get_varint(q, at + t.postings_len, &tf));
	for (uint64_t i = 0; i < tf; i++)
		ck_assert_ptr_nonnull(q = idx_get_varint(q, at + t.postings_len, &v));
	ck_assert_uint_eq(*q, 1);
	*(unsigned char *)q = 0;
	write_resealed(&data, path);
	idx = open_index("mem");
	{
		struct xlqa_postings_cursor c;
		uint32_t doc, ctf;

		xlqa_postings_init(&c);
		ck_assert(xlqa_postings_open(idx, "market", &c));
		ck_assert_int_eq(xlqa_postings_next_doc(&c, &doc, &ctf, &end), XLQA_OK);
		ck_assert_int_eq(xlqa_postings_next_doc(&c, &doc, &ctf, &end), XLQA_ECORRUPT);
		ck_assert(xlqa_postings_open(idx, "market", &c));
		ck_assert_int_eq(xlqa_postings_seek_doc(&c, IDX_SKIP_BLOCK + 5, &doc, &ctf, &end), XLQA_OK);
		ck_assert(!end);
		ck_assert_uint_eq(doc, IDX_SKIP_BLOCK + 5);
		xlqa_postings_release(&c);
	}
	ck_assert_int_eq(xlqa_index_verify(idx, &err), XLQA_ECORRUPT);
	ck_assert_msg(strstr(err.message, "postings of 'market' do not decode"), "%s", err.message);
	xlqa_index_free(idx);

	/* a skip table entry naming another last document (on the index as built): open trusts it, verify
	 * does not */
	ck_assert_int_eq(build("lie", 0, &sum, &err), XLQA_OK);
	read_index_file("lie", &data, path, sizeof path);
	ck_assert(find_term_entry(&data, "market", &t, &term_at));
	{
		struct idx_header h;

		memcpy(&h, data.buf, sizeof h);
		at = (unsigned char *)data.buf + h.sections[SEC_POSTINGS].offset + t.skips + sizeof e;
	}
	memcpy(&e, at, sizeof e);
	ck_assert_uint_eq(e.last_doc, 2 * IDX_SKIP_BLOCK - 1);
	e.last_doc++;
	memcpy(at, &e, sizeof e);
	write_resealed(&data, path);
	idx = open_index("lie");
	ck_assert_int_eq(xlqa_index_verify(idx, &err), XLQA_ECORRUPT);
	ck_assert_msg(strstr(err.message, "skip table of 'market' disagrees"), "%s", err.message);
	xlqa_index_free(idx);

	/* a term entry whose skip table is not where its postings end */
	read_index_file("mem", &data, path, sizeof path);
	ck_assert(find_term_entry(&data, "market", &t, &term_at));
	t.n_skips--;
	memcpy(data.buf + term_at, &t, sizeof t);
	write_resealed(&data, path);
	snprintf(path, sizeof path, "%s/mem", tmpdir);
	ck_assert_int_eq(xlqa_index_open(path, &idx, &err), XLQA_ECORRUPT);
	ck_assert_msg(strstr(err.message, "skip table is out of place"), "%s", err.message);
	xlqa_buf_release(&data);
	xlqa_buf_release(&coll);
}
END_TEST

/*
 * Skipping positions without decoding them (next_doc and seek_doc, which count the bytes that end a
 * varint): documents whose terms have 1 to 12 occurrences, one- and two-byte position gaps
 * (runs of 0 to 200 filler words between them), at the postings' end and away from it. Every
 * document and tf next_doc and seek_doc give must be what decoding every position gives, and the
 * positions after a seek must match.
 */
START_TEST(test_postings_position_skip)
{
	static const char *const terms[] = { "alpha", "beta", "gamma", "filler" };
	struct xlqa_buf coll = XLQA_BUF_INIT;
	struct xlqa_index_build_summary sum;
	struct xlqa_error err;
	struct xlqa_index *idx;
	size_t two_byte = 0, counts[13] = { 0 };

	for (size_t d = 0; d < 300; d++) {
		uint64_t rng = 77 + d;

		xlqa_buf_addf(&coll, "<DOC>\n<DOCNO>P-%05zu</DOCNO>\n<TEXT>\n", d);
		for (size_t t = 0; t < 3; t++) {
			size_t n = test_rng_next(&rng) % 13;

			counts[n]++;
			for (size_t i = 0; i < n; i++) {
				size_t gap = test_rng_next(&rng) % 3 == 0 ? 130 + test_rng_next(&rng) % 70 : test_rng_next(&rng) % 4;

				two_byte += gap >= 127;
				for (size_t g = 0; g < gap; g++)
					xlqa_buf_addstr(&coll, "filler ");
				xlqa_buf_addf(&coll, "%s ", terms[t]);
			}
		}
		xlqa_buf_addstr(&coll, "filler\n</TEXT>\n</DOC>\n");
	}
	for (size_t n = 1; n <= 12; n++)
		ck_assert_uint_gt(counts[n], 0);
	ck_assert_uint_gt(two_byte, 100);
	write_collection(coll.buf, coll.len);
	ck_assert_msg(build("pos", 0, &sum, &err) == XLQA_OK, "%s", err.message);
	idx = open_index("pos");
	for (size_t k = 0; k < sizeof terms / sizeof terms[0]; k++)
		for (uint32_t step = 1; step <= 3; step++) {
			struct xlqa_postings_cursor ref, fast;
			struct xlqa_posting pr, pf;
			uint32_t doc, tf, target = 0;
			bool end_ref = false, end = false;

			xlqa_postings_init(&ref);
			xlqa_postings_init(&fast);
			ck_assert(xlqa_postings_open(idx, terms[k], &ref));
			ck_assert(xlqa_postings_open(idx, terms[k], &fast));
			while (!end_ref) {
				ck_assert_int_eq(xlqa_postings_next(&ref, &pr, &end_ref), XLQA_OK);
				if (end_ref || pr.doc < target)
					continue;
				/* step 1: next_doc through every posting; else a seek to every step-th document */
				if (step == 1)
					ck_assert_int_eq(xlqa_postings_next_doc(&fast, &doc, &tf, &end), XLQA_OK);
				else
					ck_assert_int_eq(xlqa_postings_seek_doc(&fast, target, &doc, &tf, &end), XLQA_OK);
				ck_assert(!end);
				ck_assert_msg(doc == pr.doc && tf == pr.tf, "%s: document %u tf %u, decoding all %u tf %u",
					      terms[k], doc, tf, pr.doc, pr.tf);
				ck_assert_int_eq(xlqa_postings_positions(&fast, tf, &pf), XLQA_OK);
				for (uint32_t i = 0; i < tf; i++)
					ck_assert_uint_eq(pf.positions[i], pr.positions[i]);
				target = pr.doc + step;
			}
			if (step == 1) {
				ck_assert_int_eq(xlqa_postings_next_doc(&fast, &doc, &tf, &end), XLQA_OK);
				ck_assert(end);
			}
			xlqa_postings_release(&ref);
			xlqa_postings_release(&fast);
		}
	xlqa_index_free(idx);
	xlqa_buf_release(&coll);
}
END_TEST

/* An index of the format before skip tables is refused on open with both versions named and what to
 * do, not read as if its term entries had skip tables. */
START_TEST(test_index_old_format)
{
	static const char coll[] = "<DOC><DOCNO>a</DOCNO><TEXT>alpha beta</TEXT></DOC>";
	struct xlqa_index_build_summary sum;
	struct xlqa_buf data = XLQA_BUF_INIT;
	struct xlqa_index *idx;
	struct xlqa_error err;
	struct idx_header h;
	char path[512], want[64];

	write_collection(coll, strlen(coll));
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	read_index_file("idx", &data, path, sizeof path);
	memcpy(&h, data.buf, sizeof h);
	ck_assert_uint_eq(h.version, IDX_VERSION);
	h.version = IDX_VERSION - 1;
	memcpy(data.buf, &h, sizeof h);
	write_resealed(&data, path);
	snprintf(path, sizeof path, "%s/idx", tmpdir);
	ck_assert_int_eq(xlqa_index_open(path, &idx, &err), XLQA_ECORRUPT);
	snprintf(want, sizeof want, "is index format %u; this xlqa reads %u: rebuild it", IDX_VERSION - 1, IDX_VERSION);
	ck_assert_msg(strstr(err.message, want), "%s", err.message);
	xlqa_buf_release(&data);
}
END_TEST

/*
 * The vocabulary as the answerer computed it before the index stored it: every document read back,
 * cut into words, each word with a term and not starting with a byte <= '9' case folded and counted
 * in a hash, listed in the hash's order.
 */
static void vocabulary_by_reading(struct xlqa_index *idx, struct xlqa_hash *counts)
{
	struct xlqa_buf text = XLQA_BUF_INIT, norm = XLQA_BUF_INIT;
	struct xlqa_term_list words;
	struct xlqa_termer *termer;
	struct xlqa_error err;

	xlqa_term_list_init(&words);
	ck_assert_int_eq(xlqa_termer_new(en, &termer, &err), XLQA_OK);
	for (uint32_t d = 0; d < xlqa_index_get_stats(idx)->documents; d++) {
		ck_assert_int_eq(xlqa_index_doc_text(idx, d, &text, &err), XLQA_OK);
		ck_assert_int_eq(xlqa_termer_run(termer, text.buf, text.len, &words, &err), XLQA_OK);
		for (size_t i = 0; i < words.n_words; i++) {
			const struct xlqa_term_word *w = &words.words[i];
			void *old = NULL;

			if (!w->n_terms || text.buf[w->start] <= '9')
				continue;
			xlqa_buf_reset(&norm);
			ck_assert_int_eq(xlqa_text_normalize(text.buf + w->start, w->end - w->start, XLQA_NORM_CASEFOLD, &norm,
			                                     &err),
			                 XLQA_OK);
			xlqa_hash_get(counts, norm.buf, norm.len, &old);
			ck_assert_int_eq(xlqa_hash_put(counts, norm.buf, norm.len, (void *)((uintptr_t)old + 1), NULL), XLQA_OK);
		}
	}
	xlqa_termer_free(termer);
	xlqa_term_list_release(&words);
	xlqa_buf_release(&text);
	xlqa_buf_release(&norm);
}

/*
 * The vocabulary the build stores is the one reading every document gives, word for word, count for
 * count and in the same order (the translator's cognate sort keeps equal words in the order given):
 * collections of growing size, so that the hash's growth falls at every point of the text, with
 * words of every case, Latin-1 initials, numbers and stop words.
 */
START_TEST(test_index_vocabulary)
{
	struct xlqa_buf coll = XLQA_BUF_INIT;
	struct xlqa_index_build_summary sum;
	struct xlqa_error err;

	for (size_t round = 0; round < 36; round++) {
		struct xlqa_hash counts;
		const struct xlqa_hash_entry *e;
		struct xlqa_index *idx;
		const char **words;
		uint64_t *freqs, rng = 11 + round;
		size_t n, pos = 0, i = 0;
		char name[32];

		xlqa_buf_reset(&coll);
		if (round >= 24) {
			/* k distinct words, with and without a known one after them: a hash of 16 or 32 slots
			 * is full at 12 or 24 words and grows on the next put, even of a known word */
			size_t k = (size_t[]){ 11, 12, 13, 23, 24, 25 }[(round - 24) / 2];

			xlqa_buf_addstr(&coll, "<DOC><DOCNO>K</DOCNO><TEXT>");
			for (size_t j = 0; j < k; j++)
				xlqa_buf_addf(&coll, "w%zu ", j);
			xlqa_buf_addstr(&coll, round % 2 ? "W0 4 the</TEXT></DOC>\n" : "4 the</TEXT></DOC>\n");
		}
		for (size_t d = 0; d < (round < 24 ? 1 + round / 2 : 0); d++) {
			xlqa_buf_addf(&coll, "<DOC><DOCNO>V-%zu</DOCNO><TEXT>", d);
			for (size_t k = 0; k < 3 + round; k++) {
				/* a number, then two stop words, last: no number after them */
				static const char *const forms[] = { "Word", "word", "WORD", "caf\xe9", "\xc9t\xe9", "", "the", "and" };
				uint64_t r = test_rng_next(&rng);

				if (r % 8 < 6)
					xlqa_buf_addf(&coll, "%s%u ", forms[r % 8], (unsigned)((r >> 8) % (5 + 3 * round)));
				else
					xlqa_buf_addf(&coll, "%s ", forms[r % 8]);
			}
			xlqa_buf_addstr(&coll, "</TEXT></DOC>\n");
		}
		write_collection(coll.buf, coll.len);
		snprintf(name, sizeof name, "v%zu", round);
		ck_assert_int_eq(build(name, 0, &sum, &err), XLQA_OK);
		idx = open_index(name);
		xlqa_hash_init(&counts);
		vocabulary_by_reading(idx, &counts);
		ck_assert_int_eq(xlqa_index_vocabulary(idx, &words, &freqs, &n, &err), XLQA_OK);
		ck_assert_uint_eq(n, counts.count);
		while ((e = xlqa_hash_next(&counts, &pos))) {
			ck_assert_str_eq(words[i], e->key);
			ck_assert_uint_eq(freqs[i], (uintptr_t)e->value);
			i++;
		}
		free(words);
		free(freqs);
		xlqa_hash_release(&counts);
		xlqa_index_free(idx);
	}
	xlqa_buf_release(&coll);
}
END_TEST

/* A cursor filled with garbage is empty after init, stays empty on an absent term, and releases. */
START_TEST(test_postings_init)
{
	static const char coll[] = "<DOC><DOCNO>a</DOCNO><TEXT>alpha beta</TEXT></DOC>";
	struct xlqa_index_build_summary sum;
	struct xlqa_postings_cursor c;
	struct xlqa_posting p;
	struct xlqa_index *idx;
	struct xlqa_error err;
	bool end = false;

	write_collection(coll, strlen(coll));
	ck_assert_int_eq(build("idx", 0, &sum, &err), XLQA_OK);
	idx = open_index("idx");
	memset(&c, 0xa5, sizeof c);
	xlqa_postings_init(&c);
	ck_assert_ptr_null(c.positions);
	ck_assert_uint_eq(c.alloc, 0);
	ck_assert(!xlqa_postings_open(idx, "absent", &c));
	ck_assert_int_eq(xlqa_postings_next(&c, &p, &end), XLQA_OK);
	ck_assert(end);
	ck_assert_ptr_null(c.positions);
	/* reopened on a present term, then on an absent one: the buffer is kept, the cursor empty */
	ck_assert(xlqa_postings_open(idx, "alpha", &c));
	ck_assert_int_eq(xlqa_postings_next(&c, &p, &end), XLQA_OK);
	ck_assert(!end);
	ck_assert_uint_eq(p.doc, 0);
	ck_assert(!xlqa_postings_open(idx, "absent", &c));
	ck_assert_int_eq(xlqa_postings_next(&c, &p, &end), XLQA_OK);
	ck_assert(end);
	xlqa_postings_release(&c);
	ck_assert_ptr_null(c.positions);
	xlqa_index_free(idx);
}
END_TEST

Suite *index_suite(void)
{
	Suite *s = suite_create("index");
	TCase *tc = tcase_create("query");

	TCase *tb = tcase_create("build");

	tcase_add_test(tc, test_query_build);
	tcase_add_checked_fixture(tb, setup, teardown);
	tcase_set_timeout(tb, 60);
	tcase_add_test(tb, test_index_round_trip);
	tcase_add_test(tb, test_index_spill_equals_memory);
	tcase_add_test(tb, test_index_duplicates_across_runs);
	tcase_add_test(tb, test_index_positions);
	tcase_add_test(tb, test_index_irregular_lemmas);
	tcase_add_test(tb, test_bm25_hand_computed);
	tcase_add_test(tb, test_passages);
	tcase_add_test(tb, test_passages_second_search);
	tcase_add_test(tb, test_search_top_k);
	tcase_add_test(tb, test_search_pruning);
	tcase_add_test(tb, test_postings_skips);
	tcase_add_test(tb, test_postings_position_skip);
	tcase_add_test(tb, test_index_old_format);
	tcase_add_test(tb, test_index_vocabulary);
	tcase_add_test(tb, test_passages_title);
	tcase_add_test(tb, test_index_killed_build);
	tcase_add_test(tb, test_index_corruption);
	tcase_add_test(tb, test_index_crafted);
	tcase_add_test(tb, test_postings_init);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tb);
	return s;
}
