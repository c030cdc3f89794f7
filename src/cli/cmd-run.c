/*
 * run and ask: answering. `xlqa run` answers a whole CLEF test set into a complete run file (a
 * question that fails is answered NIL with confidence 0 and a warning), optionally with a JSON trace
 * and the feature table `xlqa calibrate fit` learns from; `xlqa ask` answers one question.
 */
#include "config.h"

#include "cli.h"

#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char run_usage[] =
	"usage: xlqa run --index DIR --questions TESTSET --tag TAG --out RUN [options]\n"
	"       xlqa run --index DIR --series FILE.xml [--lang XX] --tag TAG --out RUN [options]\n"
	"\n"
	"Answers every question of a CLEF 2004 test set from the index and writes the run file: one line a\n"
	"question, in order, always complete (a question that fails gets NIL, confidence 0 and a warning).\n"
	"A cross-language test set is translated through the pair's lexicon.\n"
	"\n"
	"  -i, --index DIR          the index (xlqa index), in the test set's target language\n"
	"  -Q, --questions FILE     the test set\n"
	"  -t, --tag TAG            the run tag, by the CLEF 2004 rule: 4 characters, 04, run 1 or 2 and\n"
	"                           the task, such as xlqa041enen (xlqa check also wants the file TAG.txt)\n"
	"      --free-tag           allow any run tag (the run then fails xlqa check's tag rule)\n"
	"  -o, --out FILE           the run file (written atomically)\n"
	"  -L, --lexicon-dir DIR    pair lexicons (default: $XLQA_LEXICON_DIR or the cache)\n"
	"      --no-mt              translate with the lexicon alone (by default a question is also\n"
	"                           translated with Apertium where it has the pair, among EN, ES, FR, IT\n"
	"                           and PT, and is installed: its words join the lexicon's query)\n"
	"      --mt                 as the default, but an Apertium that is not installed is an error\n"
	"      --model FILE         the answer model (xlqa calibrate fit): the confidence is its probability,\n"
	"                           NIL below its threshold; default: the installed model of the index's\n"
	"                           language, else the language-independent one ($XLQA_MODEL_DIR or the\n"
	"                           installed models folder), named on standard error\n"
	"      --no-model           no model: a heuristic score, and NIL only when there is no candidate\n"
	"  -N, --nil-confidence P   the confidence of a NIL answer the model's NIL calibration cannot give\n"
	"                           (no candidates, or no nil_calibration in the model): how often NIL was\n"
	"                           right on its fitting sets (calibrate apply --summary: nil_precision);\n"
	"                           default 0\n"
	"  -R, --retrieval FILE     answer from the documents a TREC run file (NNNN Q0 DOCNO rank score tag,\n"
	"                           as xlqa search writes it: your own retrieval) ranks for each question\n"
	"                           instead of BM25's; its DOCNOs must be the index's; a question it ranks\n"
	"                           nothing for is answered NIL (reported)\n"
	"      --queries FILE       the questions already translated into the index's language (a test set\n"
	"                           in its format, e.g. 'F EN EN 0001 ...' from an MT system): they are\n"
	"                           answered instead, without the lexicon; the run stays the test set's\n"
	"                           task; a question without a translation is answered NIL with a warning\n"
	"  -T, --trace FILE         one JSON line a question: analysis, query, passages with their text,\n"
	"                           candidates, the answer and why it is NIL (xlqa trace prints it)\n"
	"      --candidates N       the candidates kept a question, best first by the heuristic score, for\n"
	"                           the model to rank and the feature table to hold (default 100)\n"
	"  -K, --trace-candidates N the candidates a trace line shows, best first (default 10; 0: all, up to\n"
	"                           the --candidates kept)\n"
	"  -F, --features-out FILE  the feature table for xlqa calibrate fit (needs --gold)\n"
	"  -g, --gold FILE          the gold key (xquad-clef convention): labels the feature table, and\n"
	"                           gives the trace's answers and candidates their judgments\n"
	"      --trec VARIANT       write a TREC ranked run instead (qid Q0 docno rank score tag answer):\n"
	"                           up to five answers a question, the answer string 'exact', or a window of\n"
	"                           '50' or '250' bytes of the supporting document around it; any run tag\n"
	"      --responses N        responses a question in a TREC ranked run, 1 to 5 (default 5)\n"
	"      --series FILE        answer a TREC 2004-2007 question-series test set (XML) instead, into a\n"
	"                           TREC 2007 run (qid tag docno answer): each question with its target as\n"
	"                           context; FACTOID one answer or NIL, LIST the candidates above the list\n"
	"                           threshold, OTHER short snippets about the target; any run tag\n"
	"      --lang XX            the series' question language (default: the index's)\n"
	"      --context HOW        series: how FACTOID and LIST questions take their target: 'target'\n"
	"                           (default: pronouns become the target, else it is added), 'pronouns'\n"
	"                           (pronouns only) or 'none' (each question alone, for comparison)\n"
	"      --list-threshold P   series: a LIST instance's least probability (default 0.5)\n"
	"  -h, --help               this text\n";

static const char ask_usage[] =
	"usage: xlqa ask --index DIR [--lang XX] [--lexicon-dir DIR] [--model FILE | --no-model]\n"
	"                [--nil-confidence P] [--mt | --no-mt] QUESTION...\n"
	"\n"
	"Answers one question: prints the answer, its DOCNO, the confidence and the supporting sentence.\n"
	"Without --model the default model of the index's language answers, as for xlqa run.\n"
	"--lang is the question's language (default: the index's); another language needs its lexicon.\n"
	"--nil-confidence is the confidence of a NIL answer the model's NIL calibration cannot give, as\n"
	"for xlqa run (default 0). A question in another language is also translated with Apertium where\n"
	"it has the pair and is installed, as for xlqa run: --no-mt uses the lexicon alone, --mt makes a\n"
	"missing Apertium an error.\n";

struct answering {
	struct xlqa_index *idx;
	struct xlqa_answerer *answerer;
	struct xlqa_model *model;
	struct xlqa_answer_set set;
	size_t trace_candidates; /* candidates a trace line shows; SIZE_MAX: all */
	enum xlqa_answer_mt machine_translation; /* --mt, --no-mt, or the default: Apertium where installed */
	size_t candidates;        /* --candidates: kept a question; 0: the answerer's default */
	struct xlqa_retrieval *retrieval; /* --retrieval, or NULL */
	const char *target;      /* run: the test set's target language, checked against the index's first */
	bool mt_failure_told;    /* Apertium failed as the answerer opened, and the command said so */
};

/* Reads --nil-confidence's probability into *out; false (after a usage message) when it is none. */
static bool nil_confidence_arg(const char *cmd, const char *arg, double *out)
{
	char *end;
	double p = strtod(arg, &end);

	if (*end || end == arg || !(p >= 0 && p <= 1)) {
		cli_usage_error(cmd, "--nil-confidence wants a probability in [0, 1], not '%s'", arg);
		return false;
	}
	*out = p;
	return true;
}

/*
 * Opens the index, the model and the answerer. Without --model (`model` NULL) the default model of
 * the index's language answers (xlqa_model_default_path), and the command says which; with
 * --no-model (`no_model`) none does: the heuristic order, NIL only without candidates.
 */
static int answering_open(struct answering *an, const char *cmd, const char *dir, const char *source,
                          const char *lexicon_dir, const char *model, bool no_model, double nil_confidence,
                          const char *retrieval, const struct xlqa_testset *queries, struct xlqa_error *err)
{
	struct xlqa_answerer_options opt = { .source = source, .lexicon_dir = lexicon_dir, .nil_confidence = nil_confidence,
	                                     .machine_translation = an->machine_translation, .queries = queries,
	                                     .max_candidates = an->candidates };
	struct xlqa_buf path = XLQA_BUF_INIT;
	bool any = false;
	int rc;

	xlqa_answer_set_init(&an->set);
	if (xlqa_index_open(dir, &an->idx, err))
		return err->status;
	/* the real cause first: a test set for another language's index, before its model or lexicon */
	if (an->target && *an->target && strncasecmp(an->target, xlqa_index_get_stats(an->idx)->language, 2) != 0)
		return xlqa_error_set(err, XLQA_EINVAL, "the test set's target language is %s, but the index '%s' is in '%s'",
		                      an->target, dir, xlqa_index_get_stats(an->idx)->language);
	if (retrieval && xlqa_retrieval_read(retrieval, an->idx, &an->retrieval, err))
		return err->status;
	opt.retrieval = an->retrieval;
	if (!model && !no_model) {
		if (xlqa_model_default_path(xlqa_index_get_stats(an->idx)->language, NULL, &path, &any, err)) {
			xlqa_buf_release(&path);
			return err->status;
		}
		model = path.buf;
		fprintf(stderr, "xlqa %s: answering with the %s model '%s'\n", cmd, any ? "language-independent" : "default",
		        model);
	}
	if (model && (rc = xlqa_model_read(model, &an->model, err))) {
		xlqa_buf_release(&path);
		return rc;
	}
	opt.model = an->model;
	/* a model that does not fit the answerer: the message names its file */
	if ((rc = xlqa_answerer_new(an->idx, &opt, &an->answerer, err)) == XLQA_EINVAL && an->model)
		xlqa_error_locate(err, model);
	xlqa_buf_release(&path);
	if (!rc && xlqa_answerer_mt_path(an->answerer))
		fprintf(stderr, "xlqa %s: translating with the lexicon and Apertium (%s)\n", cmd,
		        xlqa_answerer_mt_path(an->answerer));
	if (!rc && xlqa_answerer_mt_missing(an->answerer))
		fprintf(stderr, "xlqa %s: warning: Apertium translates this pair, but the Debian package %s is not "
		                "installed: translating with the lexicon alone (scripts/install-deps.sh installs it; "
		                "--no-mt says to)\n", cmd, xlqa_answerer_mt_missing(an->answerer));
	if (!rc && xlqa_answerer_mt_failure(an->answerer, NULL)) {
		fprintf(stderr, "xlqa %s: warning: Apertium failed: %s: translating with the lexicon alone (--no-mt says "
		                "to; --mt makes it an error)\n", cmd, xlqa_answerer_mt_failure(an->answerer, NULL));
		an->mt_failure_told = true;
	}
	return rc;
}

/* --mt and --no-mt into *mt; false (after a usage message) when both are given. */
static bool mt_option(const char *cmd, bool on, bool off, enum xlqa_answer_mt *mt)
{
	if (on && off) {
		cli_usage_error(cmd, "--mt and --no-mt exclude each other");
		return false;
	}
	*mt = on ? XLQA_ANSWER_MT_ON : off ? XLQA_ANSWER_MT_OFF : XLQA_ANSWER_MT_AUTO;
	return true;
}

/*
 * Warns on stderr when the model was fitted for other target languages than the index's; returns 0 so
 * that it chains between the steps of a command.
 */
static int warn_model_language(const char *cmd, const struct answering *an)
{
	char warning[256];

	if (an->model && !xlqa_model_check_language(an->model, xlqa_index_get_stats(an->idx)->language, warning,
	                                            sizeof warning))
		fprintf(stderr, "xlqa %s: warning: %s\n", cmd, warning);
	return 0;
}

/*
 * Warns on stderr about the test-set questions the retrieval ranks no documents for (answered NIL) and
 * the retrieval's questions the test set lacks (ignored); returns 0 to chain like warn_model_language.
 */
static int warn_retrieval(const char *path, const struct answering *an, const struct xlqa_testset *ts)
{
	size_t extra = 0, missing = 0;
	unsigned first_extra = 0;
	const char *first_missing = NULL;
	const uint32_t *docs;
	size_t n;

	if (!an->retrieval)
		return 0;
	for (size_t i = 0; i < xlqa_retrieval_questions(an->retrieval); i++) {
		unsigned q = xlqa_retrieval_question(an->retrieval, i);

		if (!xlqa_testset_find(ts, q) && extra++ == 0)
			first_extra = q;
	}
	for (size_t i = 0; i < ts->count; i++)
		if (!xlqa_retrieval_docs(an->retrieval, ts->questions[i].number, &docs, &n) && missing++ == 0)
			first_missing = ts->questions[i].id;
	if (missing)
		fprintf(stderr, "xlqa run: warning: '%s' ranks no documents for %zu of the %zu questions (the first: %s); "
		                "they are answered NIL\n", path, missing, ts->count, first_missing);
	if (extra)
		fprintf(stderr, "xlqa run: warning: '%s' ranks documents for %zu question%s the test set lacks (the first: "
		                "%04u); ignored\n", path, extra, extra == 1 ? "" : "s", first_extra);
	return 0;
}

/* Closes what answering_open opened, first warning when Apertium failed while `cmd` answered. */
static void answering_close(struct answering *an, const char *cmd)
{
	size_t answered;
	const char *failure = an->answerer ? xlqa_answerer_mt_failure(an->answerer, &answered) : NULL;

	if (failure && !an->mt_failure_told)
		fprintf(stderr, "xlqa %s: warning: Apertium failed after translating %zu question%s: %s: the question it "
		                "failed on and those after it were translated with the lexicon alone (--mt makes this an "
		                "error)\n", cmd, answered, answered == 1 ? "" : "s", failure);
	xlqa_answerer_free(an->answerer);
	xlqa_retrieval_free(an->retrieval);
	xlqa_model_free(an->model);
	xlqa_index_free(an->idx);
	xlqa_answer_set_release(&an->set);
}

/* The gold judge's judgment of an answer to q ("R", ...), or NULL without a judge or when it cannot say. */
static json_t *trace_judgment(struct xlqa_judge *judge, const struct xlqa_testset_question *q, const char *docno,
                              const char *answer)
{
	struct xlqa_clef_response r = { 0 };
	struct xlqa_error err;
	enum xlqa_judgment j;
	char letter[2] = { 0, 0 };

	if (!judge)
		return NULL;
	r.type = q->type ? q->type : 'F';
	r.number = q->number;
	r.docno = docno;
	r.answer = answer ? answer : "";
	r.nil = strcmp(docno, "NIL") == 0;
	if (xlqa_judge_response(judge, &r, &j, &err) || j == XLQA_JUDGMENT_NONE)
		return json_null();
	letter[0] = (char)j;
	return json_string(letter);
}

/* The text of a passage, line breaks as blanks; "" when the document cannot be read or is not UTF-8. */
static json_t *passage_json_text(const struct answering *an, const struct xlqa_passage *p, struct xlqa_buf *doc)
{
	struct xlqa_error err;
	size_t start, end;

	xlqa_buf_reset(doc);
	if (xlqa_index_doc_text(an->idx, p->doc, doc, &err))
		return json_string("");
	start = p->start < doc->len ? p->start : doc->len;
	end = p->end < doc->len ? p->end : doc->len;
	for (size_t i = start; i < end; i++)
		if (doc->buf[i] == '\n' || doc->buf[i] == '\r' || doc->buf[i] == '\t')
			doc->buf[i] = ' ';
	return end > start && xlqa_text_utf8_valid(doc->buf + start, end - start, NULL)
	               ? json_stringn(doc->buf + start, end - start)
	               : json_string("");
}

static json_t *trace_json(const struct answering *an, const struct xlqa_testset_question *q,
                          const struct xlqa_response *r, const char *error, struct xlqa_judge *judge,
                          struct xlqa_buf *doc)
{
	const struct xlqa_answer_set *s = &an->set;
	struct xlqa_buf query = XLQA_BUF_INIT;
	json_t *o = json_object(), *ps = json_array(), *cs = json_array(), *j;

	json_object_set_new(o, "id", json_string(q->id));
	json_object_set_new(o, "question", json_string(q->text));
	if (error) {
		json_object_set_new(o, "error", json_string(error));
	} else {
		json_t *kws = json_array();

		json_object_set_new(o, "type", json_string(xlqa_question_type_name(&s->question)));
		json_object_set_new(o, "subtype", json_string(xlqa_question_subtype_name(&s->question)));
		if (s->question.focus)
			json_object_set_new(o, "focus", json_string(s->question.focus));
		if (s->question.target)
			json_object_set_new(o, "target", json_string(s->question.target));
		if (s->question.rule)
			json_object_set_new(o, "rule", json_string(s->question.rule));
		json_object_set_new(o, "keywords", kws);
		for (size_t i = 0; i < s->question.n_keywords; i++)
			json_array_append_new(kws, json_pack("{s:s, s:f}", "text", s->question.keywords[i].text, "weight",
			                                     s->question.keywords[i].weight));
		if (xlqa_query_format(&s->query, &query) == XLQA_OK)
			json_object_set_new(o, "query", json_string(query.buf));
		for (size_t i = 0; i < s->results.n_passages && i < 5; i++) {
			const struct xlqa_passage *p = &s->results.passages[i];

			json_array_append_new(ps, json_pack("{s:s, s:f, s:I, s:I, s:o}", "docno", xlqa_index_docno(an->idx, p->doc),
			                                    "score", p->score, "start", (json_int_t)p->start, "end",
			                                    (json_int_t)p->end, "text", passage_json_text(an, p, doc)));
		}
		for (size_t i = 0; i < s->n && i < an->trace_candidates; i++) {
			const struct xlqa_candidate *c = &s->candidates[i];
			json_t *f = json_object();

			for (size_t k = 0; k < XLQA_ANSWER_FEATURES; k++)
				json_object_set_new(f, xlqa_answer_feature_name(k), json_real(c->features[k]));
			json_t *cj = json_pack("{s:s, s:s, s:s, s:f, s:s, s:o}", "answer", c->text, "docno",
			                       xlqa_index_docno(an->idx, c->doc), "kind", xlqa_extract_kind_name(c->kind), "score",
			                       c->score, "support", c->support ? c->support : "", "features", f);

			if (cj && (j = trace_judgment(judge, q, xlqa_index_docno(an->idx, c->doc), c->text)))
				json_object_set_new(cj, "judgment", j);
			json_array_append_new(cs, cj);
		}
	}
	json_object_set_new(o, "passages", ps);
	json_object_set_new(o, "candidates", cs);
	json_object_set_new(o, "answer", json_string(r->text));
	json_object_set_new(o, "docno", json_string(r->docno));
	json_object_set_new(o, "confidence", json_real(r->confidence));
	if (!r->answer)
		json_object_set_new(o, "nil_reason", json_string(xlqa_nil_reason_name(r->nil_reason)));
	if ((j = trace_judgment(judge, q, r->docno, r->answer ? r->text : NULL)))
		json_object_set_new(o, "judgment", j);
	xlqa_buf_release(&query);
	return o;
}

/* The feature table's lines of one question (xlqa_model_data_write_row), labelled by the gold judge. */
static int feature_lines(struct answering *an, struct xlqa_judge *judge, const struct xlqa_testset_question *q,
                         struct xlqa_buf *out, struct xlqa_error *err)
{
	int nil = xlqa_judge_nil_question(judge, q->number);
	int rc = XLQA_OK;

	if (nil < 0)
		return XLQA_OK; /* the key does not know the question */
	if (!an->set.n)
		return xlqa_model_data_write_row(out, q->id, nil, -1, NULL, 0, err);
	for (size_t i = 0; i < an->set.n && rc == XLQA_OK; i++) {
		const struct xlqa_candidate *c = &an->set.candidates[i];
		struct xlqa_clef_response r = { 0 };
		enum xlqa_judgment j;

		r.type = q->type;
		r.number = q->number;
		r.docno = xlqa_index_docno(an->idx, c->doc);
		r.answer = c->text;
		if ((rc = xlqa_judge_response(judge, &r, &j, err)))
			break;
		rc = xlqa_model_data_write_row(out, q->id, nil, !nil && j == XLQA_JUDGMENT_R, c->features,
		                               XLQA_ANSWER_FEATURES, err);
	}
	return rc;
}

/* With `ranked` the run is a TREC ranked run (xlqa/trecrun.h), else a CLEF run. */
static int run_all(struct answering *an, const struct xlqa_testset *ts, const char *tag, const char *out,
                   const char *trace, const char *features, const char *gold, struct xlqa_ranked_run *ranked,
                   struct xlqa_error *err)
{
	struct xlqa_clef_run run;
	struct xlqa_buf tr = XLQA_BUF_INIT, ft = XLQA_BUF_INIT, doc = XLQA_BUF_INIT;
	struct xlqa_judge *judge = NULL;
	char target[3] = { (char)(ts->target[0] | 0x20), (char)(ts->target[1] | 0x20), 0 };
	size_t failed = 0;
	int rc = XLQA_OK;

	xlqa_clef_run_init(&run);
	if (gold) {
		if ((rc = xlqa_judge_open("gold", gold, target, &judge, err)))
			goto out;
		cli_judge_unmatchable("run", judge);
	}
	if (features && (rc = xlqa_model_data_write_header(&ft, xlqa_answer_feature_name, XLQA_ANSWER_FEATURES, err)))
		goto out;
	{
		struct xlqa_error perr;

		xlqa_error_clear(&perr);
		if (xlqa_answerer_prepare(an->answerer, ts, &perr))
			fprintf(stderr, "xlqa run: warning: translating the questions ahead: %s; each goes alone\n",
			        perr.message);
	}
	for (size_t i = 0; i < ts->count && rc == XLQA_OK; i++) {
		const struct xlqa_testset_question *q = &ts->questions[i];
		struct xlqa_response r;
		struct xlqa_error qerr;

		xlqa_error_clear(&qerr);
		if (xlqa_answerer_respond_question(an->answerer, q, &an->set, &r, &qerr)) {
			if (qerr.status == XLQA_ENOTFOUND) /* not retrieved or not translated: the message names it */
				fprintf(stderr, "xlqa run: warning: %s; answered NIL\n", qerr.message);
			else
				fprintf(stderr, "xlqa run: warning: question %s: %s; answered NIL\n", q->id, qerr.message);
			failed++;
		}
		rc = ranked ? xlqa_ranked_run_add(ranked, an->idx, q->id, &an->set, &r, err)
		            : xlqa_clef_run_add(&run, q->type ? q->type : 'F', q->number, tag, r.confidence, r.docno,
		                                r.answer ? r.text : NULL, err);
		if (rc == XLQA_OK && trace) {
			json_t *o = trace_json(an, q, &r, qerr.status ? qerr.message : NULL, judge, &doc);
			char *line = o ? json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(6)) : NULL;

			if (!line || xlqa_buf_addstr(&tr, line) || xlqa_buf_addch(&tr, '\n'))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			free(line);
			json_decref(o);
		}
		if (rc == XLQA_OK && features)
			rc = feature_lines(an, judge, q, &ft, err);
	}
	if (rc == XLQA_OK && trace)
		rc = xlqa_file_write_atomic(trace, tr.buf, tr.len, err);
	if (rc == XLQA_OK && features)
		rc = xlqa_file_write_atomic(features, ft.buf, ft.len, err);
	if (rc == XLQA_OK) /* last: a run file exists only when the command succeeds */
		rc = ranked ? xlqa_ranked_run_write(ranked, out, err) : xlqa_clef_run_write(&run, out, 0, err);
	if (rc == XLQA_OK && failed)
		fprintf(stderr, "xlqa run: %zu of %zu questions failed and were answered NIL\n", failed, ts->count);
out:
	xlqa_judge_free(judge);
	xlqa_buf_release(&doc);
	xlqa_buf_release(&tr);
	xlqa_buf_release(&ft);
	xlqa_clef_run_release(&run);
	return rc;
}

/* run --series: the answerer over the index, then the library answers the series (run-series.c). */
static int run_series(const char *dir, const char *series, const char *lang, const char *tag, const char *out,
                      const char *lexicon_dir, const char *model, bool no_model, double nil_confidence,
                      enum xlqa_answer_mt mt, struct xlqa_series_options *opt)
{
	struct answering an;
	struct xlqa_error err;
	int status = CLI_EXIT_OK;

	if (!dir || !tag || !out)
		return cli_usage_error("run", "--index, --series, --tag and --out are required");
	xlqa_error_clear(&err);
	memset(&an, 0, sizeof an);
	an.machine_translation = mt;
	if (answering_open(&an, "run", dir, lang, lexicon_dir, model, no_model, nil_confidence, NULL, NULL, &err) ||
	    warn_model_language("run", &an) ||
	    cli_run_series(an.answerer, an.idx, series, lang ? lang : xlqa_index_get_stats(an.idx)->language, tag, out,
	                   opt, &err))
		status = cli_fail("run", &err);
	answering_close(&an, "run");
	return cli_finish_output("run", status);
}

int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "index", required_argument, NULL, 'i' },       { "questions", required_argument, NULL, 'Q' },
		{ "tag", required_argument, NULL, 't' },         { "out", required_argument, NULL, 'o' },
		{ "lexicon-dir", required_argument, NULL, 'L' }, { "model", required_argument, NULL, 'm' },
		{ "trace", required_argument, NULL, 'T' },       { "features-out", required_argument, NULL, 'F' },
		{ "gold", required_argument, NULL, 'g' },        { "nil-confidence", required_argument, NULL, 'N' },
		{ "trace-candidates", required_argument, NULL, 'K' }, { "help", no_argument, NULL, 'h' },
		{ "no-model", no_argument, NULL, 'M' },          { "mt", no_argument, NULL, 'X' },
		{ "no-mt", no_argument, NULL, 'Y' },             { "retrieval", required_argument, NULL, 'R' },
		{ "queries", required_argument, NULL, 'U' },     { "free-tag", no_argument, NULL, 'G' },
		{ "trec", required_argument, NULL, 'P' },        { "responses", required_argument, NULL, 'E' },
		{ "series", required_argument, NULL, 'S' },      { "lang", required_argument, NULL, 'l' },
		{ "context", required_argument, NULL, 'O' },     { "list-threshold", required_argument, NULL, 'H' },
		{ "candidates", required_argument, NULL, 'C' },  { NULL, 0, NULL, 0 },
	};
	bool no_model = false, mt_on = false, mt_off = false, free_tag = false;
	enum xlqa_answer_mt mt;
	const char *dir = NULL, *questions = NULL, *tag = NULL, *out = NULL, *lexicon_dir = NULL, *model = NULL,
	           *trace = NULL, *features = NULL, *gold = NULL, *retrieval = NULL, *queries_path = NULL;
	struct answering an;
	struct xlqa_testset ts, queries;
	struct xlqa_ranked_run ranked;
	const struct xlqa_ranked_variant *variant = NULL;
	unsigned long responses = XLQA_RANKED_MAX_RESPONSES;
	struct xlqa_series_options series_opt = { 0 };
	const char *series = NULL, *lang = NULL;
	bool context_given = false;
	struct xlqa_error err;
	char source[3], *end;
	double nil_confidence = 0;
	size_t trace_candidates = 10, candidates = 0;
	int c, status = CLI_EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "i:Q:t:o:L:T:F:g:N:K:R:l:h", opts, NULL)) != -1) {
		switch (c) {
		case 'M': no_model = true; break;
		case 'X': mt_on = true; break;
		case 'Y': mt_off = true; break;
		case 'G': free_tag = true; break;
		case 'R': retrieval = optarg; break;
		case 'U': queries_path = optarg; break;
		case 'P':
			if (!(variant = xlqa_ranked_variant_find(optarg)))
				return cli_usage_error("run", "--trec wants exact, 50 or 250, not '%s'", optarg);
			break;
		case 'S': series = optarg; break;
		case 'l': lang = optarg; break;
		case 'O': {
			const struct xlqa_series_context_info *ctx = xlqa_series_context_find(optarg);

			if (!ctx)
				return cli_usage_error("run", "--context wants target, pronouns or none, not '%s'", optarg);
			series_opt.context = ctx->context;
			context_given = true;
			break;
		}
		case 'H':
			series_opt.list_threshold = strtod(optarg, &end);
			if (*end || end == optarg || !(series_opt.list_threshold > 0 && series_opt.list_threshold <= 1))
				return cli_usage_error("run", "--list-threshold wants a probability in (0, 1], not '%s'", optarg);
			break;
		case 'E':
			responses = strtoul(optarg, &end, 10);
			if (*end || end == optarg || responses < 1 || responses > XLQA_RANKED_MAX_RESPONSES)
				return cli_usage_error("run", "--responses wants 1 to 5, not '%s'", optarg);
			break;
		case 'i': dir = optarg; break;
		case 'Q': questions = optarg; break;
		case 't': tag = optarg; break;
		case 'o': out = optarg; break;
		case 'L': lexicon_dir = optarg; break;
		case 'm': model = optarg; break;
		case 'T': trace = optarg; break;
		case 'F': features = optarg; break;
		case 'g': gold = optarg; break;
		case 'N':
			if (!nil_confidence_arg("run", optarg, &nil_confidence))
				return CLI_EXIT_USAGE;
			break;
		case 'C': {
			unsigned long long k = strtoull(optarg, &end, 10);
			if (*end || end == optarg || optarg[0] == '-' || k < 1 || k > XLQA_ANSWER_MAX_CANDIDATES)
				return cli_usage_error("run", "--candidates wants a count from 1 to %d, not '%s'",
				                       XLQA_ANSWER_MAX_CANDIDATES, optarg);
			candidates = (size_t)k;
			break;
		}
		case 'K': {
			unsigned long long k = strtoull(optarg, &end, 10);
			if (*end || end == optarg || optarg[0] == '-')
				return cli_usage_error("run", "--trace-candidates wants a count (0: all), not '%s'", optarg);
			trace_candidates = k ? (size_t)k : SIZE_MAX;
			break;
		}
		case 'h':
			fputs(run_usage, stdout);
			return cli_finish_output("run", CLI_EXIT_OK);
		default: return cli_bad_option("run", argv);
		}
	}
	if (series && (questions || trace || features || gold || variant || retrieval || queries_path))
		return cli_usage_error("run", "--series takes none of --questions, --trace, --features-out, --gold, --trec, "
		                              "--retrieval, --queries");
	if (!series && (lang || context_given || series_opt.list_threshold > 0))
		return cli_usage_error("run", "--lang, --context and --list-threshold are for --series");
	if (!mt_option("run", mt_on, mt_off, &mt))
		return CLI_EXIT_USAGE;
	if (series)
		return run_series(dir, series, lang, tag, out, lexicon_dir, model, no_model, nil_confidence, mt, &series_opt);
	if (!dir || !questions || !tag || !out)
		return cli_usage_error("run", "--index, --questions, --tag and --out are required");
	if (optind < argc)
		return cli_usage_error("run", "unexpected argument '%s'", argv[optind]);
	if (features && !gold)
		return cli_usage_error("run", "--features-out needs --gold");
	if (model && no_model)
		return cli_usage_error("run", "--model and --no-model exclude each other");
	xlqa_error_clear(&err);
	xlqa_testset_init(&ts);
	xlqa_testset_init(&queries);
	memset(&an, 0, sizeof an);
	if (xlqa_testset_read(&ts, questions, &err) || (queries_path && xlqa_testset_read(&queries, queries_path, &err))) {
		status = cli_fail("run", &err);
		goto done;
	}
	if (!free_tag && !variant && xlqa_clef_tag_check(tag, &ts, &err)) {
		status = cli_usage_error("run", "%s (--free-tag allows any)", err.message);
		goto done;
	}
	if (queries_path && strncasecmp(queries.source, ts.target, 2) != 0) {
		status = cli_usage_error("run", "'%s' holds %s questions; --queries takes them translated into the test "
		                                "set's target language, %s", queries_path, queries.source, ts.target);
		goto done;
	}
	for (size_t i = 0; queries_path && i < queries.count; i++)
		if (!xlqa_testset_find(&ts, queries.questions[i].number))
			fprintf(stderr, "xlqa run: warning: %s:%lld: question %s is not in the test set; ignored\n", queries_path,
			        (long long)queries.questions[i].line, queries.questions[i].id);
	snprintf(source, sizeof source, "%c%c", ts.source[0] | 0x20, ts.source[1] | 0x20);
	an.trace_candidates = trace_candidates;
	an.candidates = candidates;
	an.machine_translation = mt;
	an.target = ts.target;
	xlqa_ranked_run_init(&ranked, tag, variant, responses);
	if (answering_open(&an, "run", dir, source, lexicon_dir, model, no_model, nil_confidence, retrieval,
	                   queries_path ? &queries : NULL, &err) ||
	    warn_model_language("run", &an) || warn_retrieval(retrieval, &an, &ts) ||
	    run_all(&an, &ts, tag, out, trace, features, gold, variant ? &ranked : NULL, &err))
		status = cli_fail("run", &err);
	answering_close(&an, "run");
	xlqa_ranked_run_release(&ranked);
done:
	xlqa_testset_release(&queries);
	xlqa_testset_release(&ts);
	return cli_finish_output("run", status);
}

int cmd_ask(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "index", required_argument, NULL, 'i' }, { "lang", required_argument, NULL, 'l' },
		{ "lexicon-dir", required_argument, NULL, 'L' }, { "model", required_argument, NULL, 'm' },
		{ "nil-confidence", required_argument, NULL, 'N' }, { "help", no_argument, NULL, 'h' },
		{ "no-model", no_argument, NULL, 'M' },          { "mt", no_argument, NULL, 'X' },
		{ "no-mt", no_argument, NULL, 'Y' },             { NULL, 0, NULL, 0 },
	};
	bool no_model = false, mt_on = false, mt_off = false;
	const char *dir = NULL, *lang = NULL, *lexicon_dir = NULL, *model = NULL;
	struct xlqa_buf question = XLQA_BUF_INIT;
	struct answering an;
	struct xlqa_error err;
	double nil_confidence = 0;
	int c, status = CLI_EXIT_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "i:l:L:N:h", opts, NULL)) != -1) {
		switch (c) {
		case 'M': no_model = true; break;
		case 'X': mt_on = true; break;
		case 'Y': mt_off = true; break;
		case 'N':
			if (!nil_confidence_arg("ask", optarg, &nil_confidence))
				return CLI_EXIT_USAGE;
			break;
		case 'i': dir = optarg; break;
		case 'l': lang = optarg; break;
		case 'L': lexicon_dir = optarg; break;
		case 'm': model = optarg; break;
		case 'h':
			fputs(ask_usage, stdout);
			return cli_finish_output("ask", CLI_EXIT_OK);
		default: return cli_bad_option("ask", argv);
		}
	}
	if (!dir)
		return cli_usage_error("ask", "--index DIR is required");
	if (optind >= argc)
		return cli_usage_error("ask", "a question is required");
	if (model && no_model)
		return cli_usage_error("ask", "--model and --no-model exclude each other");
	memset(&an, 0, sizeof an);
	if (!mt_option("ask", mt_on, mt_off, &an.machine_translation))
		return CLI_EXIT_USAGE;
	for (int i = optind; i < argc; i++)
		xlqa_buf_addf(&question, "%s%s", i > optind ? " " : "", argv[i]);
	xlqa_error_clear(&err);
	if (answering_open(&an, "ask", dir, lang, lexicon_dir, model, no_model, nil_confidence, NULL, NULL, &err)) {
		status = cli_fail("ask", &err);
	} else {
		struct xlqa_response r;

		warn_model_language("ask", &an);
		if (xlqa_answerer_respond(an.answerer, question.buf, 0, &an.set, &r, &err))
			status = cli_fail("ask", &err);
		else if (r.answer)
			printf("answer: %s\ndocno: %s\nconfidence: %.3f\nsupport: %s\n", r.text, r.docno, r.confidence,
			       r.support);
		else
			printf("answer: NIL\ndocno: NIL\nconfidence: %.3f\n", r.confidence);
	}
	answering_close(&an, "ask");
	xlqa_buf_release(&question);
	return cli_finish_output("ask", status);
}
