/*
 * Unit tests of grouped cross-fitting (xlqa_model_data_read_groups, include/xlqa/model.h): the
 * groups file's errors, and that a question's out-of-fold inputs come from a model fitted on the
 * other groups only, so no fold model has seen a question of the group it answers.
 */
#include "config.h"

#include "suites.h"
#include "xlqa/xlqa.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/xlqa-groups-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static const char *write_file(const char *name, const char *text)
{
	static char path[128];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	ck_assert_int_ge(fputs(text, fp), 0);
	ck_assert_int_eq(fclose(fp), 0);
	return path;
}

/*
 * Eight questions of two candidates each, one feature: in questions a1-a4 the right candidate has
 * the higher value, in b1-b4 the lower, so a model fitted on the a's ranks the b's wrong.
 */
static const char table_text[] = "question\tgold_nil\tlabel\tf\n"
                                 "a1\t0\t1\t3.0\na1\t0\t0\t1.0\na2\t0\t1\t2.5\na2\t0\t0\t0.5\n"
                                 "a3\t0\t1\t2.0\na3\t0\t0\t1.5\na4\t0\t1\t4.0\na4\t0\t0\t1.0\n"
                                 "b1\t0\t1\t0.5\nb1\t0\t0\t3.5\nb2\t0\t1\t1.0\nb2\t0\t0\t2.0\n"
                                 "b3\t0\t1\t0.2\nb3\t0\t0\t2.5\nb4\t0\t1\t1.5\nb4\t0\t0\t3.0\n";

static void read_table(struct xlqa_model_data *t)
{
	struct xlqa_error err;

	xlqa_model_data_init(t);
	ck_assert_msg(xlqa_model_data_read(t, write_file("t.tsv", table_text), &err) == XLQA_OK, "%s", err.message);
}

/* With the groups "a" and "b" and two folds, every b is answered by the model of the a's: all wrong. */
START_TEST(groups_hold_out_whole_groups)
{
	struct xlqa_model_data t;
	struct xlqa_error err;
	double inputs[8 * XLQA_MODEL_ANSWER_INPUTS];
	unsigned char right[8];

	read_table(&t);
	ck_assert_msg(xlqa_model_data_read_groups(&t, write_file("g.tsv", "# groups\na1\tA\na2\tA\na3\tA\na4\tA\n"
	                                                                         "b1\tB\nb2\tB\nb3\tB\nb4\tB\n"),
	                                          &err) == XLQA_OK,
	              "%s", err.message);
	ck_assert_ptr_nonnull(t.group);
	ck_assert_uint_eq(t.group[0], 0);
	ck_assert_uint_eq(t.group[7], 1);
	ck_assert_int_eq(xlqa_model_data_oof_inputs(&t, NULL, false, 2, inputs, right, &err), XLQA_OK);
	for (size_t q = 0; q < 8; q++)
		ck_assert_msg(right[q] == 0, "question %zu was answered by a model that saw its group", q);
	/* without groups, question q is in fold q mod 2: each fold model sees both kinds, some right */
	free(t.group);
	t.group = NULL;
	ck_assert_int_eq(xlqa_model_data_oof_inputs(&t, NULL, false, 2, inputs, right, &err), XLQA_OK);
	{
		int n_right = 0;

		for (size_t q = 0; q < 8; q++)
			n_right += right[q];
		ck_assert_int_gt(n_right, 0);
	}
	xlqa_model_data_release(&t);
}
END_TEST

/* A groups file's errors name the file and line, and a table question left out is an error. */
START_TEST(groups_errors)
{
	static const struct {
		const char *text, *expect;
	} cases[] = {
		{ "a1 A\n", "g.tsv:1: 'question TAB group' expected" },                 /* no tab */
		{ "a1\tA\nzz\tB\n", "g.tsv:2: question 'zz' is not in the table" },       /* unknown id */
		{ "a1\tA\na1\tB\n", "g.tsv:2: question 'a1' given twice" },               /* twice */
		{ "a1\tA\n", "no group for question 'a2'" },                             /* left out */
	};
	struct xlqa_model_data t;
	struct xlqa_error err;

	read_table(&t);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		ck_assert_int_ne(xlqa_model_data_read_groups(&t, write_file("g.tsv", cases[i].text), &err), XLQA_OK);
		ck_assert_msg(strstr(err.message, cases[i].expect), "case %zu: '%s'", i, err.message);
		ck_assert_ptr_null(t.group);
	}
	xlqa_model_data_release(&t);
}
END_TEST

Suite *model_groups_suite(void)
{
	Suite *s = suite_create("model_groups");
	TCase *tc = tcase_create("groups");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, groups_hold_out_whole_groups);
	tcase_add_test(tc, groups_errors);
	suite_add_tcase(s, tc);
	return s;
}
