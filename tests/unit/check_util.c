/* util: statuses, errors, buffers, array growth, arena and hash table. */
#include "config.h"

#include "suites.h"
#include "xlqa/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

START_TEST(status_names_are_distinct)
{
	/* Every status has its own name and description, and unknown values are named as such. */
	static const int all[] = { XLQA_OK, XLQA_ENOMEM, XLQA_EINVAL, XLQA_EIO, XLQA_EPARSE, XLQA_EENCODING,
				   XLQA_ENOTFOUND, XLQA_EUNSUPPORTED, XLQA_EOVERFLOW, XLQA_EEMPTY, XLQA_EEXTERNAL,
				   XLQA_ECORRUPT };
	size_t n = sizeof all / sizeof all[0];
	for (size_t i = 0; i < n; i++) {
		ck_assert_str_ne(xlqa_status_name(all[i]), "XLQA_E?");
		for (size_t j = i + 1; j < n; j++)
			ck_assert_str_ne(xlqa_strerror(all[i]), xlqa_strerror(all[j]));
	}
	ck_assert_str_eq(xlqa_status_name(XLQA_EPARSE), "XLQA_EPARSE");
	ck_assert_str_eq(xlqa_status_name(-999), "XLQA_E?");
	ck_assert_str_eq(xlqa_strerror(-999), "unknown status");
}
END_TEST

START_TEST(error_set_formats_and_truncates)
{
	struct xlqa_error err;
	char longarg[2 * XLQA_ERROR_MAX];

	ck_assert_int_eq(xlqa_error_set(&err, XLQA_EIO, "cannot open '%s'", "x.txt"), XLQA_EIO);
	ck_assert_str_eq(err.message, "cannot open 'x.txt'");
	ck_assert_int_eq(err.offset, -1);
	ck_assert_int_eq(xlqa_error_at(&err, XLQA_EPARSE, 17, 3, "bad"), XLQA_EPARSE);
	ck_assert_int_eq(err.offset, 17);
	ck_assert_int_eq(err.line, 3);
	xlqa_error_prefix(&err, "%s:%d", "q.txt", 3);
	ck_assert_str_eq(err.message, "q.txt:3: bad");
	/* A message longer than the buffer is cut, never overflowed. */
	memset(longarg, 'a', sizeof longarg - 1);
	longarg[sizeof longarg - 1] = '\0';
	xlqa_error_set(&err, XLQA_EINVAL, "%s", longarg);
	ck_assert_uint_eq(strlen(err.message), XLQA_ERROR_MAX - 1);
	/* A NULL error is allowed and only the status comes back. */
	ck_assert_int_eq(xlqa_error_set(NULL, XLQA_ENOMEM, "x"), XLQA_ENOMEM);
}
END_TEST

START_TEST(error_breadcrumbs_once)
{
	struct xlqa_error err;
	char want[XLQA_ERROR_MAX];
	char longname[2 * XLQA_ERROR_MAX];

	/* errno is appended once, as it was on entry */
	errno = ENOENT;
	ck_assert_int_eq(xlqa_error_errno(&err, XLQA_EIO, "cannot open '%s'", "x.txt"), XLQA_EIO);
	snprintf(want, sizeof want, "cannot open 'x.txt': %s", strerror(ENOENT));
	ck_assert_str_eq(err.message, want);
	/* the location is formatted once, from the line given, and recorded */
	ck_assert_int_eq(xlqa_error_in(&err, XLQA_EPARSE, "q.txt", 40, 17, "question number %s expected", "0018"),
	                 XLQA_EPARSE);
	ck_assert_str_eq(err.message, "q.txt:17: question number 0018 expected");
	ck_assert_int_eq(err.line, 17);
	ck_assert_int_eq(err.offset, 40);
	/* no line: the file alone, never "q.txt:-1:" or "q.txt:0:" */
	xlqa_error_in(&err, XLQA_EPARSE, "q.txt", 5, -1, "NUL byte");
	ck_assert_str_eq(err.message, "q.txt: NUL byte");
	xlqa_error_in(&err, XLQA_EPARSE, "q.txt", -1, 0, "empty");
	ck_assert_str_eq(err.message, "q.txt: empty");
	/* a callee's error located by its caller, from the line the callee recorded */
	xlqa_error_at(&err, XLQA_EPARSE, -1, 9, "bad");
	xlqa_error_locate(&err, "t.tsv");
	ck_assert_str_eq(err.message, "t.tsv:9: bad");
	xlqa_error_set(&err, XLQA_EINVAL, "all 2 candidates are wrong");
	xlqa_error_locate(&err, "t.tsv");
	ck_assert_str_eq(err.message, "t.tsv: all 2 candidates are wrong");
	/* a status with its subject, never the bare status name */
	ck_assert_int_eq(xlqa_error_status(&err, XLQA_ENOMEM, "reading '%s'", "q.txt"), XLQA_ENOMEM);
	ck_assert_str_eq(err.message, "reading 'q.txt': out of memory");
	/* one ": " between a prefix and the message (the doubled ": :" of a prefix ending in a colon) */
	xlqa_error_set(&err, XLQA_EPARSE, "bad");
	xlqa_error_prefix(&err, "q.txt:3: question %s", "0001");
	ck_assert_str_eq(err.message, "q.txt:3: question 0001: bad");
	/* a long file name is cut with the message, never overflowed */
	memset(longname, 'a', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	xlqa_error_in(&err, XLQA_EPARSE, longname, -1, 3, "bad");
	ck_assert_uint_eq(strlen(err.message), XLQA_ERROR_MAX - 1);
	/* a NULL error is allowed: only the status comes back */
	ck_assert_int_eq(xlqa_error_errno(NULL, XLQA_EIO, "x"), XLQA_EIO);
	ck_assert_int_eq(xlqa_error_in(NULL, XLQA_EPARSE, "f", -1, 1, "x"), XLQA_EPARSE);
	ck_assert_int_eq(xlqa_error_status(NULL, XLQA_ENOMEM, "x"), XLQA_ENOMEM);
}
END_TEST

/* The files of directory `dir` other than "." and "..": a leftover temporary file shows here. */
static size_t count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

START_TEST(file_out_whole_or_nothing)
{
	char dir[] = "/tmp/xlqa-out-XXXXXX";
	char path[64];
	struct xlqa_file_out out;
	struct xlqa_error err;
	struct xlqa_buf got = XLQA_BUF_INIT;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/run.txt", dir);
	ck_assert_int_eq(xlqa_file_write_atomic(path, "old\n", 4, &err), XLQA_OK);
	/* released without a commit (an error path): the target keeps the old bytes, no file is left */
	ck_assert_int_eq(xlqa_file_out_open(&out, path, &err), XLQA_OK);
	fputs("half a new file", out.fp);
	xlqa_file_out_release(&out);
	ck_assert_int_eq(xlqa_file_read(path, &got, &err), XLQA_OK);
	ck_assert_str_eq(got.buf, "old\n");
	ck_assert_uint_eq(count_files(dir), 1);
	/* streamed, with a seek back as the lexicon writer does, then committed: the whole new file */
	ck_assert_int_eq(xlqa_file_out_open(&out, path, &err), XLQA_OK);
	fputs("xxw line\n", out.fp);
	ck_assert_int_eq(fseek(out.fp, 0, SEEK_SET), 0);
	fputs("ne", out.fp);
	ck_assert_int_eq(xlqa_file_out_commit(&out, &err), XLQA_OK);
	xlqa_file_out_release(&out);
	xlqa_buf_reset(&got);
	ck_assert_int_eq(xlqa_file_read(path, &got, &err), XLQA_OK);
	ck_assert_str_eq(got.buf, "new line\n");
	ck_assert_uint_eq(count_files(dir), 1);
	/* a directory that does not exist: the path and the system's reason, once */
	snprintf(path, sizeof path, "%s/no/run.txt", dir);
	ck_assert_int_eq(xlqa_file_out_open(&out, path, &err), XLQA_EIO);
	ck_assert_ptr_null(out.fp);
	xlqa_file_out_release(&out);
	{
		char want[128];
		snprintf(want, sizeof want, "cannot create a temporary file for '%s': %s", path, strerror(ENOENT));
		ck_assert_str_eq(err.message, want);
	}
	snprintf(path, sizeof path, "%s/run.txt", dir);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(rmdir(dir), 0);
	xlqa_buf_release(&got);
}
END_TEST

/* True when `path` exists (as anything, a dangling link too). */
static bool exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* The PID of a child that has exited and been reaped: a process that is not alive. */
static long dead_pid(void)
{
	pid_t pid = fork();
	int status;

	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return (long)pid;
}

START_TEST(dir_out_whole_or_nothing)
{
	char base[] = "/tmp/xlqa-dir-XXXXXX";
	char target[64], p[160], stale[96], live[96];
	struct xlqa_dir_out out;
	struct xlqa_error err;
	struct xlqa_buf got = XLQA_BUF_INIT;

	ck_assert_ptr_nonnull(mkdtemp(base));
	snprintf(target, sizeof target, "%s/bench", base);
	/* a folder outside, linked from inside the temporary directory: removing the tree keeps it */
	snprintf(p, sizeof p, "%s/outside", base);
	ck_assert_int_eq(mkdir(p, 0777), 0);
	snprintf(p, sizeof p, "%s/outside/keep.txt", base);
	ck_assert_int_eq(xlqa_file_write_atomic(p, "keep\n", 5, &err), XLQA_OK);
	/* released without a commit: no target, no temporary directory, the linked folder whole */
	ck_assert_int_eq(xlqa_dir_out_open(&out, target, &err), XLQA_OK);
	snprintf(p, sizeof p, "%s/sub", out.tmp.buf);
	ck_assert_int_eq(mkdir(p, 0777), 0);
	snprintf(p, sizeof p, "%s/sub/a.txt", out.tmp.buf);
	ck_assert_int_eq(xlqa_file_write_atomic(p, "a\n", 2, &err), XLQA_OK);
	snprintf(p, sizeof p, "%s/link", out.tmp.buf);
	{
		char to[96];

		snprintf(to, sizeof to, "%s/outside", base);
		ck_assert_int_eq(symlink(to, p), 0);
	}
	xlqa_dir_out_release(&out);
	ck_assert(!exists(target));
	ck_assert_uint_eq(count_files(base), 1);
	snprintf(p, sizeof p, "%s/outside/keep.txt", base);
	ck_assert(exists(p));
	/* a killed writer's leftover (dead PID) goes, a live writer's stays; the commit gives the target */
	snprintf(stale, sizeof stale, "%s.tmp-%ld", target, dead_pid());
	ck_assert_int_eq(mkdir(stale, 0777), 0);
	snprintf(p, sizeof p, "%s/run-00000", stale);
	ck_assert_int_eq(xlqa_file_write_atomic(p, "r", 1, &err), XLQA_OK);
	snprintf(live, sizeof live, "%s.tmp-%ld", target, (long)getppid());
	ck_assert_int_eq(mkdir(live, 0777), 0);
	ck_assert_int_eq(xlqa_dir_out_open(&out, target, &err), XLQA_OK);
	ck_assert_uint_eq(out.stale_removed, 1);
	ck_assert(!exists(stale));
	ck_assert(exists(live));
	snprintf(p, sizeof p, "%s/b.txt", out.tmp.buf);
	ck_assert_int_eq(xlqa_file_write_atomic(p, "b\n", 2, &err), XLQA_OK);
	ck_assert(!exists(target));
	ck_assert_int_eq(xlqa_dir_out_commit(&out, &err), XLQA_OK);
	xlqa_dir_out_release(&out);
	snprintf(p, sizeof p, "%s/b.txt", target);
	ck_assert_int_eq(xlqa_file_read(p, &got, &err), XLQA_OK);
	ck_assert_str_eq(got.buf, "b\n");
	ck_assert_uint_eq(count_files(base), 3); /* outside, bench, the live writer's */
	/* a target named with a trailing slash: the temporary directory is beside it, not inside */
	snprintf(p, sizeof p, "%s/second/", base);
	ck_assert_int_eq(xlqa_dir_out_open(&out, p, &err), XLQA_OK);
	{
		char want[96];

		snprintf(want, sizeof want, "%s/second.tmp-%ld", base, (long)getpid());
		ck_assert_str_eq(out.tmp.buf, want);
	}
	xlqa_dir_out_release(&out);
	/* a folder that does not exist: the temporary directory named, with the system's reason */
	snprintf(p, sizeof p, "%s/no/bench", base);
	ck_assert_int_eq(xlqa_dir_out_open(&out, p, &err), XLQA_EIO);
	xlqa_dir_out_release(&out);
	{
		char want[256];

		snprintf(want, sizeof want, "cannot create '%s.tmp-%ld': %s", p, (long)getpid(), strerror(ENOENT));
		ck_assert_str_eq(err.message, want);
	}
	ck_assert_uint_eq(count_files(base), 3);
	snprintf(p, sizeof p, "rm -rf '%s'", base);
	ck_assert_int_eq(system(p), 0);
	xlqa_buf_release(&got);
}
END_TEST

START_TEST(buf_keeps_invariants)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	char *s;
	size_t len;

	/* An empty buffer is a valid empty string. */
	ck_assert_ptr_nonnull(b.buf);
	ck_assert_str_eq(b.buf, "");
	ck_assert_int_eq(xlqa_buf_addstr(&b, "abc"), XLQA_OK);
	ck_assert_int_eq(xlqa_buf_addch(&b, '-'), XLQA_OK);
	ck_assert_int_eq(xlqa_buf_addf(&b, "%d/%s", 42, "x"), XLQA_OK);
	ck_assert_str_eq(b.buf, "abc-42/x");
	ck_assert_uint_eq(b.len, 8);
	/* Growth across many appends keeps the content and the terminator. */
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(xlqa_buf_addf(&b, "%04d", i), XLQA_OK);
	ck_assert_uint_eq(b.len, 8 + 4000);
	ck_assert_int_eq(b.buf[b.len], '\0');
	ck_assert_int_eq(memcmp(b.buf + b.len - 4, "0999", 4), 0);
	xlqa_buf_setlen(&b, 3);
	ck_assert_str_eq(b.buf, "abc");
	s = xlqa_buf_detach(&b, &len);
	ck_assert_str_eq(s, "abc");
	ck_assert_uint_eq(len, 3);
	ck_assert_str_eq(b.buf, "");
	free(s);
	/* Detaching an empty buffer gives a string the caller may free. */
	s = xlqa_buf_detach(&b, NULL);
	ck_assert_str_eq(s, "");
	free(s);
	xlqa_buf_release(&b);
}
END_TEST

START_TEST(buf_utf8_encoding)
{
	/* One case per UTF-8 length, and the values that must be refused. */
	static const struct {
		uint32_t cp;
		const char *utf8;
	} cases[] = {
		{ 0x41, "A" }, { 0xE9, "\xC3\xA9" }, { 0x2013, "\xE2\x80\x93" }, { 0x1F600, "\xF0\x9F\x98\x80" },
	};
	struct xlqa_buf b = XLQA_BUF_INIT;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		xlqa_buf_reset(&b);
		ck_assert_int_eq(xlqa_buf_add_utf8(&b, cases[i].cp), XLQA_OK);
		ck_assert_str_eq(b.buf, cases[i].utf8);
	}
	ck_assert_int_eq(xlqa_buf_add_utf8(&b, 0xD800), XLQA_EINVAL);
	ck_assert_int_eq(xlqa_buf_add_utf8(&b, 0x110000), XLQA_EINVAL);
	xlqa_buf_release(&b);
}
END_TEST

START_TEST(array_reserve_checks_overflow)
{
	int *v = NULL;
	size_t alloc = 0;

	for (size_t i = 0; i < 10000; i++) {
		ck_assert_int_eq(XLQA_ARRAY_RESERVE(v, alloc, i + 1), XLQA_OK);
		v[i] = (int)i;
	}
	ck_assert_uint_ge(alloc, 10000);
	ck_assert_int_eq(v[9999], 9999);
	/* A request whose byte size overflows size_t is refused and leaves the array alone. */
	ck_assert_int_eq(XLQA_ARRAY_RESERVE(v, alloc, SIZE_MAX / 2), XLQA_EOVERFLOW);
	ck_assert_int_eq(v[5], 5);
	free(v);
}
END_TEST

START_TEST(arena_alignment_and_reset)
{
	struct xlqa_arena a;
	char *big;

	xlqa_arena_init(&a, 128);
	for (int i = 0; i < 100; i++) {
		void *p = xlqa_arena_alloc(&a, (size_t)(i % 13) + 1);
		ck_assert_ptr_nonnull(p);
		ck_assert_uint_eq((uintptr_t)p % _Alignof(max_align_t), 0);
	}
	/* A request larger than a block gets its own block. */
	big = xlqa_arena_alloc(&a, 1000);
	ck_assert_ptr_nonnull(big);
	memset(big, 'x', 1000);
	ck_assert_str_eq(xlqa_arena_strndup(&a, "hello world", 5), "hello");
	xlqa_arena_reset(&a);
	ck_assert_uint_eq(a.used_total, 0);
	/* After a reset the kept block serves new requests. */
	ck_assert_ptr_nonnull(xlqa_arena_alloc(&a, 900));
	xlqa_arena_release(&a);
}
END_TEST

START_TEST(hash_put_get_iterate)
{
	struct xlqa_hash h;
	const struct xlqa_hash_entry *e;
	char key[32];
	void *v, *old;
	size_t pos = 0, seen = 0;

	xlqa_hash_init(&h);
	ck_assert(!xlqa_hash_get(&h, "x", 1, NULL));
	for (uintptr_t i = 0; i < 5000; i++) {
		int n = snprintf(key, sizeof key, "key%lu", (unsigned long)i);
		ck_assert_int_eq(xlqa_hash_put(&h, key, (size_t)n, (void *)(i + 1), NULL), XLQA_OK);
	}
	ck_assert_uint_eq(h.count, 5000);
	ck_assert(xlqa_hash_get(&h, "key1234", 7, &v));
	ck_assert_ptr_eq(v, (void *)1235);
	/* Keys are byte strings: a prefix is another key. */
	ck_assert(xlqa_hash_get(&h, "key123", 6, &v));
	ck_assert_ptr_eq(v, (void *)124);
	ck_assert(!xlqa_hash_get(&h, "key", 3, NULL));
	/* Replacing returns the old value and keeps the count. */
	ck_assert_int_eq(xlqa_hash_put(&h, "key7", 4, (void *)99, &old), XLQA_OK);
	ck_assert_ptr_eq(old, (void *)8);
	ck_assert_uint_eq(h.count, 5000);
	/* Keys may contain NUL bytes. */
	ck_assert_int_eq(xlqa_hash_put(&h, "a\0b", 3, (void *)7, NULL), XLQA_OK);
	ck_assert(!xlqa_hash_get(&h, "a", 1, NULL));
	ck_assert(xlqa_hash_get(&h, "a\0b", 3, NULL));
	while ((e = xlqa_hash_next(&h, &pos)))
		seen++;
	ck_assert_uint_eq(seen, 5001);
	xlqa_hash_release(&h);
}
END_TEST

START_TEST(file_read_errors_name_the_file)
{
	struct xlqa_buf b = XLQA_BUF_INIT;
	struct xlqa_error err;

	ck_assert_int_eq(xlqa_file_read("/nonexistent/xlqa-test", &b, &err), XLQA_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.message, "'/nonexistent/xlqa-test'"));
	/* A directory opens but cannot be read. */
	ck_assert_int_eq(xlqa_file_read("/", &b, &err), XLQA_EIO);
	xlqa_buf_release(&b);
}
END_TEST

/* A mapping holds the file's bytes; an empty file maps to nothing; a missing one is ENOTFOUND. */
START_TEST(file_map_contents_empty_missing)
{
	char path[] = "/tmp/xlqa-map-XXXXXX";
	struct xlqa_mapped_file m;
	struct xlqa_error err;
	int fd = mkstemp(path);
	FILE *fp;

	ck_assert_int_ge(fd, 0);
	ck_assert_ptr_nonnull(fp = fdopen(fd, "wb"));
	fputs("index\0bytes", fp);
	fclose(fp);
	ck_assert_int_eq(xlqa_file_map(path, &m, &err), XLQA_OK);
	ck_assert_uint_eq(m.size, 5); /* fputs stops at the NUL */
	ck_assert(memcmp(m.data, "index", 5) == 0);
	xlqa_file_unmap(&m);
	ck_assert_ptr_null(m.data);
	xlqa_file_unmap(&m); /* twice is harmless */
	ck_assert_ptr_nonnull(fp = fopen(path, "wb"));
	fclose(fp);
	ck_assert_int_eq(xlqa_file_map(path, &m, &err), XLQA_OK);
	ck_assert_ptr_null(m.data);
	ck_assert_uint_eq(m.size, 0);
	remove(path);
	ck_assert_int_eq(xlqa_file_map(path, &m, &err), XLQA_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.message, path));
}
END_TEST

Suite *util_suite(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, status_names_are_distinct);
	tcase_add_test(tc, error_set_formats_and_truncates);
	tcase_add_test(tc, error_breadcrumbs_once);
	tcase_add_test(tc, file_out_whole_or_nothing);
	tcase_add_test(tc, dir_out_whole_or_nothing);
	tcase_add_test(tc, buf_keeps_invariants);
	tcase_add_test(tc, buf_utf8_encoding);
	tcase_add_test(tc, array_reserve_checks_overflow);
	tcase_add_test(tc, arena_alignment_and_reset);
	tcase_add_test(tc, hash_put_get_iterate);
	tcase_add_test(tc, file_read_errors_name_the_file);
	tcase_add_test(tc, file_map_contents_empty_missing);
	suite_add_tcase(s, tc);
	return s;
}
