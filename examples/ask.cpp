// ask: libxlqa from C++ - open an index, analyse a question, search, answer. Built and run by
// `make check` (tests/cli/example.test), which is what shows the public headers link from C++.
//
//     examples/ask INDEX "Who is the mayor of Paris?"
//
// prints the question's answer type, the best document of the search and the answer with its
// document and confidence. The heuristic order answers (no model); xlqa ask adds the default model.
#include <xlqa/xlqa.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace {

// Owns one libxlqa object and frees it with its own function.
template <typename T, void (*Free)(T *)> struct owned {
	T *p = nullptr;
	~owned() { if (p) Free(p); }
};

int fail(const char *what, const xlqa_error &err)
{
	std::fprintf(stderr, "ask: %s: %s\n", what, err.message[0] ? err.message : xlqa_strerror(err.status));
	return 1;
}

} // namespace

int main(int argc, char **argv)
{
	if (argc != 3) {
		std::fprintf(stderr, "usage: %s INDEX QUESTION\n", argv[0]);
		return 2;
	}
	std::printf("libxlqa %s (headers %s)\n", xlqa_version(), XLQA_VERSION);

	xlqa_error err;
	xlqa_error_clear(&err);
	owned<xlqa_index, xlqa_index_free> idx;
	if (xlqa_index_open(argv[1], &idx.p, &err))
		return fail("open the index", err);
	const char *lang_code = xlqa_index_get_stats(idx.p)->language;

	// question analysis in the index's language
	owned<xlqa_lang, xlqa_lang_free> lang;
	owned<xlqa_question_rules, xlqa_question_rules_free> rules;
	if (xlqa_lang_open(lang_code, nullptr, &lang.p, &err) || xlqa_question_rules_new(lang.p, &rules.p, &err))
		return fail("load the language pack", err);
	xlqa_question q;
	xlqa_question_init(&q);
	xlqa_query query;
	xlqa_query_init(&query);
	xlqa_results res;
	xlqa_results_init(&res);
	int status = 0;
	owned<xlqa_searcher, xlqa_searcher_free> searcher;
	xlqa_search_options opt = { XLQA_BM25_K1, XLQA_BM25_B, 10, 0, 3, 0, 0, nullptr, 0 };
	if (xlqa_question_analyze(rules.p, lang.p, argv[2], std::strlen(argv[2]), 0, &q, &err) ||
	    xlqa_question_to_query(&q, &query, &err) || xlqa_searcher_new(idx.p, lang.p, &searcher.p, &err) ||
	    xlqa_search(searcher.p, &query, &opt, &res, &err)) {
		status = fail("analyse and search", err);
	} else {
		std::printf("answer type: %s\n", xlqa_question_type_name(&q));
		std::printf("best document: %s\n", res.n_hits ? xlqa_index_docno(idx.p, res.hits[0].doc) : "none");
	}
	xlqa_results_release(&res);
	xlqa_query_release(&query);
	xlqa_question_release(&q);
	if (status)
		return status;

	// the answerer does the whole pipeline again: passages, candidates, features, the response
	xlqa_answerer_options aopt;
	std::memset(&aopt, 0, sizeof aopt);
	owned<xlqa_answerer, xlqa_answerer_free> answerer;
	xlqa_answer_set set;
	xlqa_answer_set_init(&set);
	xlqa_response r;
	if (xlqa_answerer_new(idx.p, &aopt, &answerer.p, &err) ||
	    xlqa_answerer_respond(answerer.p, argv[2], 0, &set, &r, &err))
		status = fail("answer", err);
	else
		std::printf("answer: %s\ndocno: %s\nconfidence: %.3f\n", r.text, r.docno, r.confidence);
	xlqa_answer_set_release(&set);
	return status;
}
