/*
 * import: turns outside data into a benchmark in xlqa's layout. One row per input format in the
 * table below; `xlqa import squad` reads SQuAD JSON (src/formats/squad.c does the work). Problems are
 * listed on standard error as they are met, the counts and the summary go to standard output.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char usage_text[] =
	"usage: xlqa import squad --lang LL[,LL...] --out DIR [options] FILE...\n"
	"\n"
	"Turns SQuAD-format JSON (v1.1 or v2.0; plain or gzip) into a benchmark in the xquad-clef layout:\n"
	"collections and their corpora-config files, test sets for every task pair, gold keys and TREC\n"
	"patterns, a README. Files of the same questions in several languages (same ids) give every\n"
	"cross-language pair; several files in one language are read as one.\n"
	"\n"
	"  -l, --lang LL[,LL...]  the language of each FILE, in order; one code stands for all files\n"
	"  -o, --out DIR          the benchmark directory to create (must not exist)\n"
	"      --name NAME        the benchmark's name: collections NAME-ll, DOCNOs NAME.LL.00001\n"
	"                         (default: the last component of DIR)\n"
	"      --nil-share X      share of paragraphs left out so their questions are NIL (default 0.1)\n"
	"      --seed N           seeds the left-out paragraphs and the question order (default 1)\n"
	"      --set-size N       questions per test set (default 200)\n"
	"      --strict           any problem fails the import and nothing is written\n"
	"      --quiet            do not list the problems, only count them\n"
	"  -h, --help             this text\n"
	"\n"
	"Problems (the item is left out and counted):\n";

struct import_report {
	bool quiet;
};

static void on_problem(void *ctx, enum xlqa_squad_problem kind, const char *place, const char *message)
{
	const struct import_report *r = ctx;

	if (!r->quiet)
		fprintf(stderr, "xlqa import: %s: %s (%s)\n", place, message, xlqa_squad_problem_name(kind));
}

static void print_usage(void)
{
	fputs(usage_text, stdout);
	for (int k = 0; k < XLQA_SQUAD_PROBLEMS; k++)
		printf("  %-14s %s\n", xlqa_squad_problem_name((enum xlqa_squad_problem)k),
		       xlqa_squad_problem_help((enum xlqa_squad_problem)k));
}

/* The language codes of --lang, split at commas into `codes` (at most `max`); -1 when malformed. */
static int split_langs(char *arg, char **codes, int max)
{
	int n = 0;

	for (char *p = arg; p; n++) {
		char *comma = strchr(p, ',');

		if (n == max)
			return -1;
		if (comma)
			*comma = '\0';
		codes[n] = p;
		p = comma ? comma + 1 : NULL;
	}
	return n;
}

/* Reads the files into one xlqa_squad per distinct language, in order of first appearance. */
static int read_inputs(char **files, int n_files, char **codes, int n_codes, struct xlqa_squad *langs, size_t *n_langs,
                       struct xlqa_squad_report *rep, struct xlqa_error *err)
{
	for (int i = 0; i < n_files; i++) {
		const char *code = codes[n_codes == 1 ? 0 : i];
		size_t l = 0;
		int rc;

		while (l < *n_langs && strcasecmp(langs[l].lang, code) != 0)
			l++;
		if (l == *n_langs) {
			if ((rc = xlqa_squad_init(&langs[l], code, err)))
				return rc;
			(*n_langs)++;
		}
		if ((rc = xlqa_squad_read(&langs[l], files[i], rep, err)))
			return rc;
	}
	return XLQA_OK;
}

static int import_squad(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lang", required_argument, NULL, 'l' },   { "out", required_argument, NULL, 'o' },
		{ "name", required_argument, NULL, 'n' },   { "nil-share", required_argument, NULL, 'S' },
		{ "seed", required_argument, NULL, 's' },   { "set-size", required_argument, NULL, 'z' },
		{ "strict", no_argument, NULL, 'X' },       { "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },         { NULL, 0, NULL, 0 },
	};
	struct xlqa_squad_bench_options bo = { NULL, 0.1, 1, 200, NULL, 0 };
	struct import_report ir = { false };
	struct xlqa_squad_report rep;
	struct xlqa_squad_bench_summary sum;
	struct xlqa_squad langs[64];
	struct xlqa_squad *ptrs[64];
	struct xlqa_error err;
	char *codes[64], *lang_arg = NULL, *end, name[64];
	const char *out = NULL;
	size_t n_langs = 0, problems = 0;
	bool strict = false, counted = false;
	int c, n_codes, n_files, status = CLI_EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "l:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'l': lang_arg = optarg; break;
		case 'o': out = optarg; break;
		case 'n': bo.name = optarg; break;
		case 'S':
			bo.nil_share = strtod(optarg, &end);
			if (end == optarg || *end || !(bo.nil_share >= 0 && bo.nil_share < 1))
				return cli_usage_error("import", "--nil-share wants a number in [0, 1), not '%s'", optarg);
			break;
		case 's':
			bo.seed = strtoull(optarg, &end, 10);
			if (end == optarg || *end)
				return cli_usage_error("import", "--seed wants a whole number, not '%s'", optarg);
			break;
		case 'z':
			bo.set_size = (size_t)strtoul(optarg, &end, 10);
			if (end == optarg || *end || bo.set_size < 1 || bo.set_size > 9999)
				return cli_usage_error("import", "--set-size wants a number in 1..9999, not '%s'", optarg);
			break;
		case 'X': strict = true; break;
		case 'q': ir.quiet = true; break;
		case 'h': print_usage(); return cli_finish_output("import", CLI_EXIT_OK);
		default: return cli_bad_option("import", argv);
		}
	}
	n_files = argc - optind;
	if (!out || !lang_arg)
		return cli_usage_error("import", "--out DIR and --lang LL are required");
	if (n_files <= 0)
		return cli_usage_error("import", "no SQuAD file given");
	if ((n_codes = split_langs(lang_arg, codes, 64)) < 0 || (n_codes != 1 && n_codes != n_files))
		return cli_usage_error("import", "--lang gives %d languages for %d files: give one, or one per file",
		                       n_codes < 0 ? 64 : n_codes, n_files);
	if (!bo.name) {
		const char *slash;
		size_t len = strlen(out);

		while (len > 1 && out[len - 1] == '/')
			len--;
		for (slash = out + len; slash > out && slash[-1] != '/'; slash--)
			;
		snprintf(name, sizeof name, "%.*s", (int)(out + len - slash), slash);
		bo.name = name;
	}
	bo.sources = (const char *const *)(argv + optind);
	bo.n_sources = (size_t)n_files;
	memset(&rep, 0, sizeof rep);
	rep.on_problem = on_problem;
	rep.ctx = &ir;
	xlqa_error_clear(&err);
	if (read_inputs(argv + optind, n_files, codes, n_codes, langs, &n_langs, &rep, &err))
		status = cli_fail("import", &err);
	for (int k = 0; k < XLQA_SQUAD_PROBLEMS; k++)
		problems += rep.counts[k];
	if (status == CLI_EXIT_OK && strict && problems) {
		fprintf(stderr, "xlqa import: %zu problems in the input and --strict: nothing written\n", problems);
		status = CLI_EXIT_INPUT;
		counted = true;
	}
	for (size_t l = 0; l < n_langs; l++)
		ptrs[l] = &langs[l];
	if (status == CLI_EXIT_OK && xlqa_squad_write_benchmark(ptrs, n_langs, out, &bo, &rep, &sum, &err))
		status = cli_fail("import", &err);
	if (status == CLI_EXIT_OK && strict && rep.counts[XLQA_SQUAD_UNALIGNED])
		fprintf(stderr, "xlqa import: --strict: %zu questions not in every language (written nevertheless)\n",
		        rep.counts[XLQA_SQUAD_UNALIGNED]);
	if (status == CLI_EXIT_OK) {
		printf("benchmark  %s\n", out);
		printf("languages  %zu, %zu task pairs\n", sum.languages, sum.pairs);
		printf("questions  %zu in every language, %zu NIL, %zu in no set; %zu left out\n", sum.questions,
		       sum.nil, sum.unassigned, sum.unusable);
		printf("sets       %zu of %zu questions\n", sum.sets, bo.set_size);
		printf("documents  %zu (%zu paragraphs left out)\n", sum.documents, sum.left_out);
	}
	if (status == CLI_EXIT_OK || counted)
		for (int k = 0; k < XLQA_SQUAD_PROBLEMS; k++)
			printf("problems   %zu %s\n", rep.counts[k], xlqa_squad_problem_name((enum xlqa_squad_problem)k));
	for (size_t l = 0; l < n_langs; l++)
		xlqa_squad_release(&langs[l]);
	return cli_finish_output("import", status);
}

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} formats[] = {
	{ "squad", import_squad, "SQuAD v1.1/v2.0 JSON (plain or gzip), one or more languages" },
};

int cmd_import(int argc, char **argv)
{
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: xlqa import FORMAT [options] FILE...\n\nformats:\n");
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
			printf("  %-8s %s\n", formats[i].name, formats[i].summary);
		return cli_finish_output("import", CLI_EXIT_OK);
	}
	for (size_t i = 0; argc >= 2 && i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(argv[1], formats[i].name) == 0)
			return formats[i].run(argc - 1, argv + 1);
	return cli_usage_error("import", argc >= 2 ? "unknown format '%s'" : "no format given%s", argc >= 2 ? argv[1] : "");
}
