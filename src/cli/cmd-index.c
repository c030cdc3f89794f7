/*
 * index: builds an index from collection descriptions. Skipped documents are listed on standard
 * error as they are met, except those with no text element, which some collections hold by nature
 * (Reuters-21578's 737): they are counted, and listed with --verbose; a progress line is drawn when standard error is a terminal; the summary goes
 * to standard output.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: xlqa index [options] --out DIR CONFIG...\n"
	"       xlqa index --verify DIR\n"
	"\n"
	"Builds the index of the collections CONFIG (a .conf file, or the name of one in corpora-config/,\n"
	"such as 'xquad-en') into the new directory DIR. All collections must be in one language.\n"
	"With --verify, checks the index DIR whole (every section's checksum, reading the whole file);\n"
	"opening an index to search it checks only its header and small sections.\n"
	"\n"
	"  -o, --out DIR        the index directory to create (must not exist)\n"
	"  -d, --data-root DIR  directory the configurations' file globs are relative to (default: .)\n"
	"      --memory SIZE    memory for what grows with the documents (postings, DOCNOs), spilled to\n"
	"                       sorted runs beyond it, e.g. 512M or 2G (default 256M)\n"
	"      --quiet          no progress line and no list of skipped documents\n"
	"  -v, --verbose        also list each document skipped for having no text (counted always)\n"
	"      --verify DIR     check an existing index instead of building one\n"
	"  -h, --help           this text\n";

struct progress {
	bool tty, quiet, verbose;
	double start;
	uint64_t skipped;
	uint64_t unlisted; /* no-text skips left out of the list (no --verbose) */
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void on_skip(void *ctx, const char *file, int64_t offset, enum xlqa_skip_reason reason, const char *msg)
{
	struct progress *p = ctx;

	p->skipped++;
	/* a document without text is an expected skip: counted in the summary, listed on request */
	if (reason == XLQA_SKIP_NO_TEXT && !p->verbose) {
		p->unlisted++;
		return;
	}
	if (!p->quiet)
		fprintf(stderr, "%sxlqa index: %s: byte %lld: skipped (%s): %s\n", p->tty ? "\r\033[K" : "", file,
		        (long long)offset, xlqa_skip_reason_name(reason), msg);
}

static void on_progress(void *ctx, uint64_t docs, uint64_t bytes, uint64_t total)
{
	struct progress *p = ctx;
	double secs = now() - p->start, rate = secs > 0 ? (double)bytes / secs : 0;

	if (!p->tty || p->quiet)
		return;
	fprintf(stderr, "\r\033[K%llu documents, %.1f MB/s", (unsigned long long)docs, rate / 1e6);
	if (rate > 0 && total > bytes)
		fprintf(stderr, ", about %.0f s left", (double)(total - bytes) / rate);
	fflush(stderr);
}

/* `xlqa index --verify DIR`: opens the index and checks every section's checksum. */
static int verify_index(const char *dir)
{
	struct xlqa_index *idx = NULL;
	struct xlqa_error err;
	int status;

	xlqa_error_clear(&err);
	if (xlqa_index_open(dir, &idx, &err) || xlqa_index_verify(idx, &err))
		status = cli_fail("index", &err);
	else if (printf("index      %s: every section's checksum matches and every posting list decodes\n", dir) < 0)
		status = CLI_EXIT_SYSTEM;
	else
		status = CLI_EXIT_OK;
	xlqa_index_free(idx);
	return cli_finish_output("index", status);
}

int cmd_index(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },   { "data-root", required_argument, NULL, 'd' },
		{ "memory", required_argument, NULL, 'm' }, { "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },     { "verify", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct xlqa_index_build_options bopt;
	struct xlqa_index_build_summary sum;
	struct xlqa_corpus_config **cfgs;
	struct progress prog = { false, false, false, 0, 0, 0 };
	struct xlqa_error err;
	const char *out = NULL, *verify = NULL;
	int c, n, status = CLI_EXIT_OK, rc;

	memset(&bopt, 0, sizeof bopt);
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:d:vh", opts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'd': bopt.data_root = optarg; break;
		case 'm':
			if (!(bopt.memory = cli_parse_size(optarg)))
				return cli_usage_error("index", "bad memory size '%s' (e.g. 512M)", optarg);
			break;
		case 'q': prog.quiet = true; break;
		case 'V': verify = optarg; break;
		case 'v': prog.verbose = true; break;
		case 'h':
			fputs(usage_text, stdout);
			return cli_finish_output("index", CLI_EXIT_OK);
		default: return cli_bad_option("index", argv);
		}
	}
	if (verify && (out || optind < argc))
		return cli_usage_error("index", "--verify DIR takes no --out and no configuration");
	if (verify)
		return verify_index(verify);
	if (!out)
		return cli_usage_error("index", "--out DIR is required");
	n = argc - optind;
	if (n <= 0)
		return cli_usage_error("index", "no collection configuration given");
	if (!(cfgs = calloc((size_t)n, sizeof *cfgs))) {
		fprintf(stderr, "xlqa index: out of memory\n");
		return CLI_EXIT_SYSTEM;
	}
	xlqa_error_clear(&err);
	for (int i = 0; i < n && status == CLI_EXIT_OK; i++)
		if (cli_corpus_config(argv[optind + i], &cfgs[i], &err))
			status = cli_fail("index", &err);
	if (status == CLI_EXIT_OK) {
		prog.tty = isatty(STDERR_FILENO);
		prog.start = now();
		bopt.on_skip = on_skip;
		bopt.on_progress = on_progress;
		bopt.ctx = &prog;
		rc = xlqa_index_build(cfgs, (size_t)n, out, &bopt, &sum, &err);
		if (prog.tty && !prog.quiet)
			fputs("\r\033[K", stderr);
		if (!prog.quiet && prog.unlisted)
			fprintf(stderr, "xlqa index: %llu %s without text skipped, not listed (--verbose lists %s)\n",
			        (unsigned long long)prog.unlisted, prog.unlisted == 1 ? "document" : "documents",
			        prog.unlisted == 1 ? "it" : "them");
		if (rc) {
			status = cli_fail("index", &err);
		} else {
			uint64_t skipped = 0;

			for (int i = 0; i < XLQA_SKIP_REASONS; i++)
				skipped += sum.skipped[i];
			printf("index      %s\n", out);
			printf("documents  %llu found, %llu indexed, %llu skipped\n", (unsigned long long)sum.documents,
			       (unsigned long long)sum.indexed, (unsigned long long)skipped);
			for (int i = 0; i < XLQA_SKIP_REASONS; i++)
				if (sum.skipped[i])
					printf("skipped    %llu %s\n", (unsigned long long)sum.skipped[i],
					       xlqa_skip_reason_name((enum xlqa_skip_reason)i));
			printf("read       %llu bytes\n", (unsigned long long)sum.bytes_read);
			printf("terms      %llu\n", (unsigned long long)sum.terms);
			printf("postings   %llu (%llu positions)\n", (unsigned long long)sum.postings,
			       (unsigned long long)sum.positions);
			printf("runs       %llu spilled, %llu of DOCNOs\n", (unsigned long long)sum.runs,
			       (unsigned long long)sum.docno_runs);
			if (sum.stale_removed)
				printf("removed    %llu leftovers of killed builds\n", (unsigned long long)sum.stale_removed);
			printf("size       %llu bytes\n", (unsigned long long)sum.index_bytes);
			printf("time       %.2f s (%.1f MB/s)\n", sum.seconds,
			       sum.seconds > 0 ? (double)sum.bytes_read / sum.seconds / 1e6 : 0);
		}
	}
	for (int i = 0; i < n; i++)
		xlqa_corpus_config_free(cfgs[i]);
	free(cfgs);
	return cli_finish_output("index", status);
}
