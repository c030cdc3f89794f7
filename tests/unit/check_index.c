/* Unit tests of the index module: queries, the index build and read-back, BM25 and passages. */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <string.h>

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

Suite *index_suite(void)
{
	Suite *s = suite_create("index");
	TCase *tc = tcase_create("query");

	tcase_add_test(tc, test_query_build);
	suite_add_tcase(s, tc);
	return s;
}
