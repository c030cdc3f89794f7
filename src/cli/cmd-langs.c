/*
 * langs: lists the registry and, for each language, whether its pack loads and what it provides.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

int cmd_langs(int argc, char **argv)
{
	static const struct option opts[] = { { "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 } };
	struct xlqa_error registry_err;
	int c, status = CLI_EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			printf("usage: xlqa langs\n\nLists each language: ISO 639-1 and 639-2 codes, English name,\n"
			       "stemmer, hunspell dictionary, and whether its pack loads.\n");
			return cli_finish_output("langs", CLI_EXIT_OK);
		}
		return cli_bad_option("langs", argv);
	}
	if (xlqa_lang_registry_status(&registry_err))
		return cli_finish_output("langs", cli_fail("langs", &registry_err));
	printf("%-4s %-4s %-4s %-11s %-11s %-8s %s\n", "code", "639T", "639B", "name", "stemmer", "hunspell",
	       "pack");
	for (size_t i = 0; i < xlqa_lang_count(); i++) {
		const struct xlqa_lang_info *info = xlqa_lang_at(i);
		struct xlqa_lang *lang = NULL;
		struct xlqa_error err;
		int rc;

		xlqa_error_clear(&err);
		rc = xlqa_lang_open(info->code, NULL, &lang, &err);

		printf("%-4s %-4s %-4s %-11s %-11s %-8s %s\n", info->code, info->iso3, info->iso3b ? info->iso3b : "-",
		       info->name, info->snowball ? info->snowball : "hunspell", info->hunspell ? info->hunspell : "-",
		       rc ? err.message : "ok");
		if (rc)
			status = CLI_EXIT_SYSTEM;
		xlqa_lang_free(lang);
	}
	return cli_finish_output("langs", status);
}
