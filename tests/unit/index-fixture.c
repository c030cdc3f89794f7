/* index-fixture: see index-fixture.h. */
#include "config.h"

#include "index-fixture.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void index_fixture_open(const char *pattern, char *dir, size_t cap, const char *collection, size_t len,
                        const char *conf, struct xlqa_index **idx)
{
	struct xlqa_index_build_options opt;
	struct xlqa_index_build_summary sum;
	struct xlqa_corpus_config *cfg;
	struct xlqa_error err;
	char path[512];
	FILE *fp;

	snprintf(dir, cap, "%s", pattern);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/c.sgml", dir);
	ck_assert_ptr_nonnull(fp = fopen(path, "wb"));
	ck_assert_uint_eq(fwrite(collection, 1, len, fp), len);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_int_eq(xlqa_corpus_config_parse(conf, strlen(conf), "t.conf", &cfg, &err), XLQA_OK);
	memset(&opt, 0, sizeof opt);
	opt.data_root = dir;
	snprintf(path, sizeof path, "%s/idx", dir);
	ck_assert_msg(xlqa_index_build(&cfg, 1, path, &opt, &sum, &err) == XLQA_OK, "%s", err.message);
	xlqa_corpus_config_free(cfg);
	ck_assert_msg(xlqa_index_open(path, idx, &err) == XLQA_OK, "%s", err.message);
}

void index_fixture_close(struct xlqa_index *idx, const char *dir)
{
	char cmd[512];

	xlqa_index_free(idx);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}
