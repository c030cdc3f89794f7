/*
 * trace: `xlqa trace`, the JSON lines `xlqa run --trace` writes, printed question by question for a
 * person: the analysis and query, the answer with why it is NIL and its judgment, the passages with
 * their text, and the best candidates with their largest features.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char trace_usage[] =
	"usage: xlqa trace [--question NNNN]... [--candidates N] [--features N] TRACE\n"
	"\n"
	"Prints a trace of 'xlqa run --trace' question by question: the question's analysis and query, the\n"
	"answer (why it is NIL, its judgment when the run had --gold), the passages with their text, and the\n"
	"best candidates with their sentences and their largest features.\n"
	"\n"
	"  -q, --question NNNN  only this question (repeatable)\n"
	"  -c, --candidates N   candidates shown a question (default 5; 0: all the trace holds)\n"
	"  -f, --features N     features shown a candidate, largest first (default 6)\n"
	"  -w, --width N        passage and sentence text cut to N bytes (default 200; 0: whole)\n";

struct trace_opts {
	const char *wanted[64];
	size_t n_wanted;
	size_t candidates, features, width;
};

static const char *str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* Prints `s` cut to `width` bytes (0: all) on a character boundary, "..." where it was cut. */
static void print_cut(const char *s, size_t width)
{
	size_t n = strlen(s);

	if (width == 0 || n <= width) {
		fputs(s, stdout);
		return;
	}
	while (width > 0 && ((unsigned char)s[width] & 0xC0) == 0x80)
		width--;
	printf("%.*s...", (int)width, s);
}

struct feature {
	const char *name;
	double value;
};

static int by_size(const void *a, const void *b)
{
	double x = fabs(((const struct feature *)a)->value), y = fabs(((const struct feature *)b)->value);

	return x < y ? 1 : x > y ? -1 : 0;
}

/* The candidate's `n` features furthest from 0, largest first (ties in the trace's order). */
static void print_features(const json_t *features, size_t n)
{
	size_t count = json_object_size(features), k = 0;
	struct feature *fs = calloc(count ? count : 1, sizeof *fs);
	const char *name;
	json_t *v;

	if (!fs)
		return;
	json_object_foreach((json_t *)features, name, v)
		if (json_number_value(v) != 0)
			fs[k++] = (struct feature){ name, json_number_value(v) };
	/* stable for equal sizes: qsort is not, so break ties by position */
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && by_size(&fs[j - 1], &fs[j]) > 0; j--) {
			struct feature t = fs[j];

			fs[j] = fs[j - 1];
			fs[j - 1] = t;
		}
	printf("       features:");
	for (size_t i = 0; i < k && i < n; i++)
		printf("%s %s %.3g", i ? "," : "", fs[i].name, fs[i].value);
	printf("%s\n", k ? "" : " all 0");
	free(fs);
}

static void print_question(const json_t *o, const struct trace_opts *t)
{
	const json_t *ps = json_object_get(o, "passages"), *cs = json_object_get(o, "candidates");
	const json_t *j = json_object_get(o, "judgment");
	size_t i;
	json_t *v;

	printf("%s  %s\n", str(o, "id"), str(o, "question"));
	if (json_object_get(o, "error")) {
		printf("  error: %s\n", str(o, "error"));
	} else {
		printf("  type %s/%s", str(o, "type"), str(o, "subtype"));
		if (*str(o, "target"))
			printf(", target \"%s\"", str(o, "target"));
		if (*str(o, "focus"))
			printf(", focus \"%s\"", str(o, "focus"));
		if (*str(o, "rule"))
			printf(", rule %s", str(o, "rule"));
		printf("\n  query: %s\n", str(o, "query"));
	}
	printf("  answer: %s", str(o, "answer"));
	if (json_object_get(o, "nil_reason"))
		printf(" (%s)", str(o, "nil_reason"));
	else
		printf(" [%s]", str(o, "docno"));
	printf("  confidence %.3f", json_number_value(json_object_get(o, "confidence")));
	if (j)
		printf("  judgment %s", json_is_string(j) ? json_string_value(j) : "-");
	printf("\n  passages: %zu\n", json_array_size(ps));
	json_array_foreach(ps, i, v) {
		printf("    %zu. %s  %.3f  ", i + 1, str(v, "docno"), json_number_value(json_object_get(v, "score")));
		print_cut(str(v, "text"), t->width);
		putchar('\n');
	}
	printf("  candidates: %zu%s\n", json_array_size(cs), json_array_size(cs) > t->candidates ? " (the best shown)" : "");
	json_array_foreach(cs, i, v) {
		const json_t *cj = json_object_get(v, "judgment");

		if (i >= t->candidates)
			break;
		printf("    %zu. %s  [%s, %s]  score %.3f", i + 1, str(v, "answer"), str(v, "docno"), str(v, "kind"),
		       json_number_value(json_object_get(v, "score")));
		if (cj)
			printf("  %s", json_is_string(cj) ? json_string_value(cj) : "-");
		printf("\n       sentence: ");
		print_cut(str(v, "support"), t->width);
		putchar('\n');
		print_features(json_object_get(v, "features"), t->features);
	}
	putchar('\n');
}

static bool wanted(const struct trace_opts *t, const char *id)
{
	if (t->n_wanted == 0)
		return true;
	for (size_t i = 0; i < t->n_wanted; i++)
		if (strcmp(t->wanted[i], id) == 0 || strtoul(t->wanted[i], NULL, 10) == strtoul(id, NULL, 10))
			return true;
	return false;
}

/* Reads a count for option `name` into *out; false after a usage message. */
static bool count_arg(const char *name, const char *arg, size_t *out)
{
	char *end;
	unsigned long long v = strtoull(arg, &end, 10);

	if (*end || end == arg || arg[0] == '-') {
		cli_usage_error("trace", "--%s wants a count, not '%s'", name, arg);
		return false;
	}
	*out = (size_t)v;
	return true;
}

int cmd_trace(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "question", required_argument, NULL, 'q' }, { "candidates", required_argument, NULL, 'c' },
		{ "features", required_argument, NULL, 'f' }, { "width", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },           { NULL, 0, NULL, 0 },
	};
	struct trace_opts t = { .candidates = 5, .features = 6, .width = 200 };
	struct xlqa_buf data = XLQA_BUF_INIT;
	struct xlqa_error err;
	size_t shown = 0;
	int64_t line = 0;
	int c, status = CLI_EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "q:c:f:w:h", opts, NULL)) != -1) {
		switch (c) {
		case 'q':
			if (t.n_wanted == sizeof t.wanted / sizeof t.wanted[0])
				return cli_usage_error("trace", "too many --question options");
			t.wanted[t.n_wanted++] = optarg;
			break;
		case 'c':
			if (!count_arg("candidates", optarg, &t.candidates))
				return CLI_EXIT_USAGE;
			if (t.candidates == 0)
				t.candidates = SIZE_MAX;
			break;
		case 'f':
			if (!count_arg("features", optarg, &t.features))
				return CLI_EXIT_USAGE;
			break;
		case 'w':
			if (!count_arg("width", optarg, &t.width))
				return CLI_EXIT_USAGE;
			break;
		case 'h': fputs(trace_usage, stdout); return cli_finish_output("trace", CLI_EXIT_OK);
		default: return cli_usage_error("trace", "unknown option or missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind + 1 != argc)
		return cli_usage_error("trace", "one trace file expected");
	xlqa_error_clear(&err);
	if (xlqa_file_read(argv[optind], &data, &err)) {
		xlqa_buf_release(&data);
		return cli_fail("trace", &err);
	}
	for (char *p = data.buf, *end = data.buf + data.len; p < end && !status;) {
		char *nl = memchr(p, '\n', (size_t)(end - p)), *stop = nl ? nl : end;
		json_error_t jerr;
		json_t *o;

		line++;
		if (stop == p) {
			p = nl ? nl + 1 : end;
			continue;
		}
		o = json_loadb(p, (size_t)(stop - p), 0, &jerr);
		if (!o || !json_is_object(o) || !json_is_string(json_object_get(o, "id"))) {
			xlqa_error_in(&err, XLQA_EPARSE, argv[optind], -1, line,
			              "a trace line (a JSON object with an id) expected%s%s", o ? "" : ": ", o ? "" : jerr.text);
			status = cli_fail("trace", &err);
		} else if (wanted(&t, str(o, "id"))) {
			print_question(o, &t);
			shown++;
		}
		json_decref(o);
		p = nl ? nl + 1 : end;
	}
	xlqa_buf_release(&data);
	if (!status && t.n_wanted && shown == 0) {
		xlqa_error_set(&err, XLQA_ENOTFOUND, "%s: none of the questions asked for is in the trace", argv[optind]);
		status = CLI_EXIT_INPUT;
		fprintf(stderr, "xlqa trace: %s\n", err.message);
	}
	return cli_finish_output("trace", status);
}
