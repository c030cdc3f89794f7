/*
 * html: one self-contained HTML page about runs of one test set (xlqa_eval_html): the score tables,
 * the reliability diagram of every run overlaid, and every question with each run's response, its
 * support sentence, the judgment and the gold answer, filterable in the page. CSS, script and SVG are
 * inline, so the page opens from a file with no network.
 *
 * Invariant: every score cell carries its value as `xlqa score --format tsv` writes it (data-value),
 * computed by the same measures over the same groups (report.c's), so a page can be checked against
 * the scores; every text from a file is escaped.
 */
#include "config.h"

#include "eval-internal.h"
#include "xlqa/eval.h"
#include "xlqa/index.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How far a support sentence reaches each way from the answer, in bytes. */
#define SUPPORT_REACH 300

/* Appends `s` (`len` bytes) escaped for HTML text and attribute values. */
static int add_html_n(struct xlqa_buf *out, const char *s, size_t len)
{
	int rc = XLQA_OK;

	for (size_t i = 0; i < len && !rc; i++) {
		switch (s[i]) {
		case '<': rc = xlqa_buf_addstr(out, "&lt;"); break;
		case '>': rc = xlqa_buf_addstr(out, "&gt;"); break;
		case '&': rc = xlqa_buf_addstr(out, "&amp;"); break;
		case '"': rc = xlqa_buf_addstr(out, "&quot;"); break;
		case '\'': rc = xlqa_buf_addstr(out, "&#39;"); break;
		default: rc = xlqa_buf_addch(out, s[i]); break;
		}
	}
	return rc;
}

static int add_html(struct xlqa_buf *out, const char *s)
{
	return add_html_n(out, s, strlen(s));
}

static const char page_style[] =
	"<style>\n"
	"body{font-family:sans-serif;font-size:14px;margin:1.5em;color:#222}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.8em}\n"
	"table{border-collapse:collapse;margin:.5em 0}\n"
	"th,td{border:1px solid #ccc;padding:3px 6px;vertical-align:top}\n"
	"th{background:#eef}td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	"tr.lenient td{color:#555}td.run{font-weight:bold}\n"
	".j-R{background:#d8f0d8}.j-X{background:#fff2c0}.j-U{background:#fde0c0}.j-W{background:#f6d0d0}\n"
	".j-none{background:#eee}.nil{font-style:italic;color:#666}.small{color:#a00}\n"
	"td.support{max-width:36em;font-size:.9em}mark{background:#ffe680}\n"
	"#status{font-size:.8em;color:#888}#filters label{margin-right:1em}\n"
	"</style>\n";

/*
 * The filters: preset from the page's fragment (#run=NAME&judgment=R&type=F), applied on every change;
 * #shown counts the rows left. Errors anywhere in the page land in #status.
 */
static const char page_script[] =
	"<script>\n"
	"(function(){\n"
	"var status=document.getElementById('status');\n"
	"window.addEventListener('error',function(e){status.textContent='error: '+e.message;"
	"status.setAttribute('data-status','error');});\n"
	"function sel(id){return document.getElementById(id);}\n"
	"function apply(){\n"
	" var run=sel('f-run').value,j=sel('f-judgment').value,t=sel('f-type').value,shown=0;\n"
	" var rows=document.querySelectorAll('#questions tbody tr');\n"
	" for(var i=0;i<rows.length;i++){var r=rows[i],ok=(!run||r.getAttribute('data-run')===run)&&"
	"(!j||r.getAttribute('data-judgment')===j)&&(!t||r.getAttribute('data-type')===t||"
	"r.getAttribute('data-answer-type')===t);r.style.display=ok?'':'none';if(ok)shown++;}\n"
	" sel('shown').textContent=String(shown);\n"
	"}\n"
	"function preset(){\n"
	" var h=window.location.hash.replace(/^#/,'');if(!h)return;\n"
	" h.split('&').forEach(function(kv){var p=kv.split('='),s=sel('f-'+decodeURIComponent(p[0]));"
	"if(!s||p.length!==2)return;var v=decodeURIComponent(p[1]),found=false;"
	"for(var i=0;i<s.options.length;i++)if(s.options[i].value===v)found=true;"
	"if(!found)throw new Error('no filter value '+v+' for '+p[0]);s.value=v;});\n"
	"}\n"
	"['f-run','f-judgment','f-type'].forEach(function(id){sel(id).addEventListener('change',apply);});\n"
	"preset();apply();\n"
	"status.textContent='ok';status.setAttribute('data-status','ok');\n"
	"})();\n"
	"</script>\n";

/* A value as the TSV report writes it: "-" for NaN, counts as integers, else six decimals. */
static void tsv_text(char *buf, size_t size, double v, bool is_count)
{
	if (isnan(v))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, is_count ? "%.0f" : "%.6f", v);
}

/* One score row: a run's group under one mode, every measure of the registry. */
static int score_row(struct xlqa_buf *out, const char *run, const char *group, const char *label,
                     const struct eval_group *g, unsigned mode, const char *mode_name)
{
	int rc = xlqa_buf_addf(out, "<tr class=\"%s\"><td class=\"run\">", mode_name);

	if (!rc)
		rc = add_html(out, run);
	if (!rc)
		rc = xlqa_buf_addstr(out, "</td><td>");
	if (!rc)
		rc = add_html(out, label);
	if (!rc)
		rc = xlqa_buf_addf(out, "</td><td>%s</td><td class=\"num\">%zu</td>", mode_name, g->n);
	for (size_t m = 0; !rc && m < xlqa_measure_count(); m++) {
		const struct xlqa_measure *ms = xlqa_measure_at(m);
		double v = ms->compute(g->items, g->n, mode);
		char value[64];

		tsv_text(value, sizeof value, v, ms->is_count);
		rc = xlqa_buf_addstr(out, "<td class=\"num\" data-run=\"");
		if (!rc)
			rc = add_html(out, run);
		if (!rc)
			rc = xlqa_buf_addstr(out, "\" data-group=\"");
		if (!rc)
			rc = add_html(out, group);
		if (!rc)
			rc = xlqa_buf_addf(out, "\" data-mode=\"%s\" data-measure=\"%s\" data-value=\"%s\">", mode_name, ms->name,
			                   value);
		if (!rc)
			rc = isnan(v) ? xlqa_buf_addstr(out, "&ndash;")
			     : xlqa_buf_addf(out, ms->is_count ? "%.0f" : "%.4f", v);
		if (!rc)
			rc = xlqa_buf_addstr(out, "</td>");
	}
	return rc ? rc : xlqa_buf_addstr(out, "</tr>\n");
}

/* Which groups a score table shows. */
enum table_kind { TABLE_ALL, TABLE_TYPES, TABLE_ANSWER_TYPES };

static bool in_table(const struct eval_groups *gs, size_t g, enum table_kind kind)
{
	switch (kind) {
	case TABLE_ALL: return g == 0;
	case TABLE_TYPES: return g >= 1 && g <= gs->n_types;
	default: return g > gs->n_types;
	}
}

/*
 * A score table of every run: for each group of the kind (groups ordered by name across the runs as
 * the first run has them, then any only later runs have), each run strict then lenient.
 */
static int score_table(struct xlqa_buf *out, const struct xlqa_html_run *runs, const struct eval_groups *gs,
                       size_t n_runs, enum table_kind kind, unsigned lenient, const char *heading)
{
	static const char *const prefix[] = { "", "type:", "answer_type:" };
	bool any = false;
	int rc = XLQA_OK;

	for (size_t r = 0; r < n_runs && !any; r++)
		for (size_t g = 0; g < gs[r].count && !any; g++)
			any = in_table(&gs[r], g, kind);
	if (!any)
		return XLQA_OK;
	rc = xlqa_buf_addf(out, "<h2>%s</h2>\n<table class=\"scores\" id=\"scores-%d\">\n<thead><tr><th>run</th>"
	                        "<th>%s</th><th>mode</th><th>questions</th>",
	                   heading, (int)kind, kind == TABLE_ALL ? "group" : kind == TABLE_TYPES ? "type" : "answer type");
	for (size_t m = 0; !rc && m < xlqa_measure_count(); m++)
		rc = xlqa_buf_addf(out, "<th title=\"%s\">%s</th>", xlqa_measure_at(m)->help, xlqa_measure_at(m)->name);
	if (!rc)
		rc = xlqa_buf_addstr(out, "</tr></thead>\n<tbody>\n");
	/* each group name once, in the order the runs first have it */
	for (size_t r0 = 0; !rc && r0 < n_runs; r0++)
		for (size_t g0 = 0; !rc && g0 < gs[r0].count; g0++) {
			const char *name = gs[r0].g[g0].name;
			bool seen = false;
			char group[96];

			if (!in_table(&gs[r0], g0, kind))
				continue;
			for (size_t r1 = 0; r1 < r0 && !seen; r1++)
				for (size_t g1 = 0; g1 < gs[r1].count && !seen; g1++)
					seen = in_table(&gs[r1], g1, kind) && strcmp(gs[r1].g[g1].name, name) == 0;
			if (seen)
				continue;
			snprintf(group, sizeof group, "%s%s", prefix[kind], kind == TABLE_ALL ? "all" : name);
			for (size_t r = 0; !rc && r < n_runs; r++)
				for (size_t g = 0; !rc && g < gs[r].count; g++) {
					if (!in_table(&gs[r], g, kind) || strcmp(gs[r].g[g].name, name) != 0)
						continue;
					rc = score_row(out, runs[r].name, group, kind == TABLE_ALL ? "all" : name, &gs[r].g[g],
					               XLQA_EVAL_STRICT, "strict");
					if (!rc)
						rc = score_row(out, runs[r].name, group, kind == TABLE_ALL ? "all" : name, &gs[r].g[g],
						               lenient, "lenient");
				}
		}
	return rc ? rc : xlqa_buf_addstr(out, "</tbody></table>\n");
}

/* The diagram of every run overlaid and the table of their bins. */
static int calibration_part(struct xlqa_buf *out, const struct xlqa_html_run *runs, size_t n_runs,
                            struct xlqa_error *err)
{
	struct xlqa_calibration *cal = calloc(n_runs, sizeof *cal);
	const char **names = calloc(n_runs, sizeof *names);
	int rc;

	if (!cal || !names) {
		free(cal);
		free(names);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	for (size_t r = 0; r < n_runs; r++) {
		xlqa_calibration_compute(runs[r].items, runs[r].n, XLQA_EVAL_STRICT, &cal[r]);
		names[r] = runs[r].name;
	}
	rc = xlqa_buf_addstr(out, "<h2>Calibration (strict)</h2>\n<div class=\"plot\">\n");
	if (!rc && (rc = xlqa_calibration_plot(cal, names, n_runs, "reliability diagram", false, out, err))) {
		free(cal);
		free(names);
		return rc;
	}
	if (!rc)
		rc = xlqa_buf_addstr(out, "</div>\n<table id=\"bins\"><thead><tr><th>confidence</th>");
	for (size_t r = 0; !rc && r < n_runs; r++) {
		rc = xlqa_buf_addstr(out, "<th colspan=\"3\">");
		if (!rc)
			rc = add_html(out, runs[r].name);
		if (!rc)
			rc = xlqa_buf_addstr(out, "</th>");
	}
	if (!rc)
		rc = xlqa_buf_addstr(out, "</tr><tr><th></th>");
	for (size_t r = 0; !rc && r < n_runs; r++)
		rc = xlqa_buf_addstr(out, "<th>responses</th><th>accuracy</th><th>mean confidence</th>");
	if (!rc)
		rc = xlqa_buf_addstr(out, "</tr></thead>\n<tbody>\n");
	for (size_t b = 0; !rc && b < XLQA_CALIBRATION_BINS; b++) {
		rc = xlqa_buf_addf(out, "<tr><td>[%.1f, %.1f%c</td>", b / 10.0, (b + 1) / 10.0,
		                   b + 1 == XLQA_CALIBRATION_BINS ? ']' : ')');
		for (size_t r = 0; !rc && r < n_runs; r++) {
			const struct xlqa_calibration *c = &cal[r];
			bool small = c->count[b] > 0 && c->count[b] < XLQA_CALIBRATION_SMALL_BIN;

			rc = xlqa_buf_addf(out, "<td class=\"num%s\" data-run-index=\"%zu\" data-bin=\"%zu\" data-count=\"%zu\">%zu%s</td>",
			                   small ? " small" : "", r, b, c->count[b], c->count[b], small ? "*" : "");
			if (!rc && c->count[b])
				rc = xlqa_buf_addf(out, "<td class=\"num\">%.3f</td><td class=\"num\">%.3f</td>", c->accuracy[b],
				                   c->mean_confidence[b]);
			else if (!rc)
				rc = xlqa_buf_addstr(out, "<td class=\"num\">&ndash;</td><td class=\"num\">&ndash;</td>");
		}
		if (!rc)
			rc = xlqa_buf_addstr(out, "</tr>\n");
	}
	if (!rc)
		rc = xlqa_buf_addstr(out, "<tr><td>ECE / Brier</td>");
	for (size_t r = 0; !rc && r < n_runs; r++)
		rc = xlqa_buf_addf(out, "<td colspan=\"3\">%.4f / %.4f</td>", cal[r].ece, cal[r].brier);
	if (!rc)
		rc = xlqa_buf_addf(out, "</tr>\n</tbody></table>\n<p class=\"small\">* fewer than %d responses: the "
		                        "bin's accuracy says little.</p>\n",
		                   XLQA_CALIBRATION_SMALL_BIN);
	free(cal);
	free(names);
	return rc ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;
}

static bool sentence_end(const char *t, size_t i)
{
	return i > 0 && (t[i - 1] == '.' || t[i - 1] == '!' || t[i - 1] == '?') && (t[i] == ' ' || t[i] == '\n');
}

/*
 * The sentence of document `docno` that holds `answer`'s first occurrence, escaped, the answer
 * marked, white space collapsed; nothing when the index lacks the document or the text the answer.
 */
static int add_support(struct xlqa_buf *out, const struct xlqa_index *idx, const char *docno, const char *answer,
                       struct xlqa_buf *doc, struct xlqa_error *err)
{
	uint32_t d;
	const char *t, *hit;
	size_t len, s, e, a_len = strlen(answer), h;
	bool pending = false, wrote = false; /* a blank is due before the next character; something was written */
	int rc;

	if (!idx || !*answer || !xlqa_index_find_docno(idx, docno, &d))
		return XLQA_OK;
	xlqa_buf_reset(doc);
	if ((rc = xlqa_index_doc_text(idx, d, doc, err)))
		return rc;
	t = doc->buf;
	len = doc->len;
	if (!(hit = strstr(t, answer)))
		return XLQA_OK;
	h = (size_t)(hit - t);
	for (s = h; s > 0 && h - s < SUPPORT_REACH && !sentence_end(t, s) && !(t[s - 1] == '\n' && s >= 2 && t[s - 2] == '\n');)
		s--;
	for (e = h + a_len; e < len && e - h < SUPPORT_REACH && !sentence_end(t, e) && !(t[e] == '\n' && e + 1 < len && t[e + 1] == '\n');)
		e++;
	while (s < h && ((unsigned char)t[s] & 0xC0) == 0x80) /* not inside a character */
		s++;
	while (e > h + a_len && e < len && ((unsigned char)t[e] & 0xC0) == 0x80)
		e--;
	rc = XLQA_OK;
	for (size_t i = s; i < e && !rc; i++) {
		bool blank = t[i] == ' ' || t[i] == '\n' || t[i] == '\t' || t[i] == '\r';

		if (i == h) {
			if (pending)
				rc = xlqa_buf_addch(out, ' ');
			pending = false;
			if (!rc)
				rc = xlqa_buf_addstr(out, "<mark>");
		}
		if (blank) {
			pending = wrote;
		} else {
			if (pending)
				rc = xlqa_buf_addch(out, ' ');
			pending = false;
			wrote = true;
			if (!rc)
				rc = add_html_n(out, t + i, 1);
		}
		if (!rc && i + 1 == h + a_len)
			rc = xlqa_buf_addstr(out, "</mark>");
	}
	return rc ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;
}

/* The options of one filter <select>: "" for all, then the values. */
static int filter_select(struct xlqa_buf *out, const char *id, const char *label, const char *const *values, size_t n)
{
	int rc = xlqa_buf_addf(out, "<label>%s <select id=\"f-%s\"><option value=\"\">all</option>", label, id);

	for (size_t i = 0; !rc && i < n; i++) {
		rc = xlqa_buf_addstr(out, "<option value=\"");
		if (!rc)
			rc = add_html(out, values[i]);
		if (!rc)
			rc = xlqa_buf_addstr(out, "\">");
		if (!rc)
			rc = add_html(out, values[i]);
		if (!rc)
			rc = xlqa_buf_addstr(out, "</option>");
	}
	return rc ? rc : xlqa_buf_addstr(out, "</select></label>\n");
}

/* The filters: runs, judgments, and the question and answer types any run's items hold. */
static int filters(struct xlqa_buf *out, const struct xlqa_html_run *runs, size_t n_runs, const struct eval_groups *gs)
{
	static const char *const judgments[] = { "R", "X", "U", "W", "-" };
	const char **names = calloc(n_runs, sizeof *names), **types = NULL;
	size_t n_types = 0, cap = 0;
	int rc = names ? XLQA_OK : XLQA_ENOMEM;

	for (size_t r = 0; r < n_runs && !rc; r++)
		names[r] = runs[r].name;
	for (size_t r = 0; r < n_runs && !rc; r++)
		for (size_t g = 1; g < gs[r].count && !rc; g++) {
			bool seen = false;

			for (size_t i = 0; i < n_types && !seen; i++)
				seen = strcmp(types[i], gs[r].g[g].name) == 0;
			if (seen)
				continue;
			if (XLQA_ARRAY_RESERVE(types, cap, n_types + 1))
				rc = XLQA_ENOMEM;
			else
				types[n_types++] = gs[r].g[g].name;
		}
	if (!rc)
		rc = xlqa_buf_addstr(out, "<p id=\"filters\">");
	if (!rc)
		rc = filter_select(out, "run", "run", names, n_runs);
	if (!rc)
		rc = filter_select(out, "judgment", "judgment", judgments, sizeof judgments / sizeof judgments[0]);
	if (!rc)
		rc = filter_select(out, "type", "type", types, n_types);
	if (!rc)
		rc = xlqa_buf_addstr(out, "<span><span id=\"shown\"></span> rows shown</span></p>\n");
	free(names);
	free(types);
	return rc;
}

/* One row: question i of the test set as run r answered it. */
static int question_row(struct xlqa_buf *out, const struct xlqa_html_run *run, const struct xlqa_clef_response *resp,
                        const struct xlqa_testset_question *q, const struct xlqa_eval_item *it,
                        const struct xlqa_html_options *o, struct xlqa_buf *doc, struct xlqa_error *err)
{
	const char *j = eval_judgment_name(it->judgment), *gold_doc = NULL;
	const char *gold = o->judge ? xlqa_judge_gold_answer(o->judge, q->number, &gold_doc) : NULL;
	char type[2] = { it->type ? it->type : '-', 0 };
	int rc = xlqa_buf_addstr(out, "<tr data-run=\"");

	if (!rc)
		rc = add_html(out, run->name);
	if (!rc)
		rc = xlqa_buf_addf(out, "\" data-judgment=\"%s\" data-type=\"%s\" data-answer-type=\"", j ? j : "-", type);
	if (!rc)
		rc = add_html(out, it->answer_type ? it->answer_type : "");
	if (!rc)
		rc = xlqa_buf_addf(out, "\" data-question=\"%s\"><td>%s</td><td>%s%s", q->id, q->id, type,
		                   it->answer_type ? " " : "");
	if (!rc && it->answer_type)
		rc = add_html(out, it->answer_type);
	if (!rc)
		rc = xlqa_buf_addstr(out, "</td><td class=\"run\">");
	if (!rc)
		rc = add_html(out, run->name);
	if (!rc)
		rc = xlqa_buf_addstr(out, "</td><td>");
	if (!rc)
		rc = add_html(out, q->text);
	if (!rc)
		rc = xlqa_buf_addstr(out, "</td>");
	if (!rc && !resp)
		rc = xlqa_buf_addstr(out, "<td class=\"nil\">no response</td><td></td><td></td>");
	else if (!rc && resp->nil)
		rc = xlqa_buf_addstr(out, "<td class=\"nil\">NIL</td><td></td><td></td>");
	else if (!rc) {
		rc = xlqa_buf_addstr(out, "<td class=\"answer\">");
		if (!rc)
			rc = add_html(out, resp->answer);
		if (!rc)
			rc = xlqa_buf_addstr(out, "</td><td>");
		if (!rc)
			rc = add_html(out, resp->docno);
		if (!rc)
			rc = xlqa_buf_addstr(out, "</td><td class=\"support\">");
		if (!rc && (rc = add_support(out, o->index, resp->docno, resp->answer, doc, err)))
			return rc;
		if (!rc)
			rc = xlqa_buf_addstr(out, "</td>");
	}
	if (!rc)
		rc = xlqa_buf_addf(out, "<td class=\"j-%s\">%s</td><td>", j ? j : "none", j ? j : "&ndash;");
	if (!rc && gold)
		rc = add_html(out, gold);
	if (!rc && gold_doc && strcmp(gold_doc, "NIL") != 0) {
		rc = xlqa_buf_addstr(out, " <small>(");
		if (!rc)
			rc = add_html(out, gold_doc);
		if (!rc)
			rc = xlqa_buf_addstr(out, ")</small>");
	}
	if (!rc)
		rc = xlqa_buf_addf(out, "</td><td class=\"num\" data-confidence=\"%.6f\">%.3f</td></tr>\n", it->confidence,
		                   it->confidence);
	return rc ? xlqa_error_set(err, XLQA_ENOMEM, "out of memory") : XLQA_OK;
}

/* The question table: every question, each run's row under it. */
static int questions_part(struct xlqa_buf *out, const struct xlqa_html_run *runs, size_t n_runs,
                          const struct eval_groups *gs, const struct xlqa_html_options *o, struct xlqa_error *err)
{
	const struct xlqa_testset *ts = o->testset;
	const struct xlqa_clef_response **by_number = calloc(10000 * n_runs, sizeof *by_number);
	struct xlqa_buf doc = XLQA_BUF_INIT;
	int rc;

	if (!by_number)
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t r = 0; r < n_runs; r++)
		for (size_t i = 0; i < runs[r].run->count; i++) {
			const struct xlqa_clef_response *resp = &runs[r].run->responses[i];

			if (resp->number < 10000 && !by_number[r * 10000 + resp->number])
				by_number[r * 10000 + resp->number] = resp;
		}
	rc = xlqa_buf_addstr(out, "<h2>Questions</h2>\n");
	if (!rc)
		rc = filters(out, runs, n_runs, gs);
	if (!rc)
		rc = xlqa_buf_addstr(out, "<table id=\"questions\"><thead><tr><th>question</th><th>type</th><th>run</th>"
		                          "<th>text</th><th>response</th><th>DOCNO</th><th>support</th><th>judgment</th>"
		                          "<th>gold answer</th><th>confidence</th></tr></thead>\n<tbody>\n");
	if (rc)
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t i = 0; !rc && i < ts->count; i++)
		for (size_t r = 0; !rc && r < n_runs; r++)
			rc = question_row(out, &runs[r], by_number[r * 10000 + ts->questions[i].number], &ts->questions[i],
			                  &runs[r].items[i], o, &doc, err);
	if (!rc && xlqa_buf_addstr(out, "</tbody></table>\n"))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	xlqa_buf_release(&doc);
	free(by_number);
	return rc;
}

/* The runs must each hold one item a test-set question, in its order. */
static int check_runs(const struct xlqa_html_run *runs, size_t n_runs, const struct xlqa_html_options *o,
                      struct xlqa_error *err)
{
	if (n_runs == 0 || !o || !o->testset)
		return xlqa_error_set(err, XLQA_EINVAL, "an HTML report needs runs and their test set");
	for (size_t r = 0; r < n_runs; r++) {
		if (runs[r].n != o->testset->count)
			return xlqa_error_set(err, XLQA_EINVAL, "run '%s': %zu items for %zu test-set questions", runs[r].name,
			                      runs[r].n, o->testset->count);
		for (size_t i = 0; i < runs[r].n; i++)
			if (runs[r].items[i].number != o->testset->questions[i].number)
				return xlqa_error_set(err, XLQA_EINVAL, "run '%s': item %zu is question %u, not the test set's %s",
				                      runs[r].name, i + 1, runs[r].items[i].number, o->testset->questions[i].id);
	}
	return XLQA_OK;
}

static int page_head(struct xlqa_buf *out, const struct xlqa_html_run *runs, size_t n_runs,
                     const struct xlqa_html_options *o)
{
	const char *title = o->title ? o->title : "xlqa report";
	int rc = xlqa_buf_addstr(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");

	if (!rc)
		rc = add_html(out, title);
	if (!rc)
		rc = xlqa_buf_addf(out, "</title>\n%s</head>\n<body>\n<h1>", page_style);
	if (!rc)
		rc = add_html(out, title);
	if (!rc)
		rc = xlqa_buf_addf(out, "</h1>\n<p id=\"status\" data-status=\"loading\">loading</p>\n<p>%zu question%s",
		                   o->testset->count, o->testset->count == 1 ? "" : "s");
	if (!rc && o->testset->source[0])
		rc = xlqa_buf_addf(out, ", %s-%s", o->testset->source, o->testset->target);
	if (!rc)
		rc = xlqa_buf_addf(out, "; %zu run%s:", n_runs, n_runs == 1 ? "" : "s");
	for (size_t r = 0; !rc && r < n_runs; r++) {
		rc = xlqa_buf_addstr(out, r ? ", " : " ");
		if (!rc)
			rc = add_html(out, runs[r].name);
	}
	if (!rc && o->judge)
		rc = xlqa_buf_addf(out, "; judged by a %s judge", xlqa_judge_kind_name(o->judge));
	if (!rc)
		rc = xlqa_buf_addf(out, ". Strict counts R as right; lenient counts R and U%s.</p>\n",
		                   (o->flags & XLQA_EVAL_REPORT_LENIENT_X) ? " and X" : "");
	return rc;
}

int xlqa_eval_html(const struct xlqa_html_run *runs, size_t n_runs, const struct xlqa_html_options *o,
                   struct xlqa_buf *out, struct xlqa_error *err)
{
	unsigned lenient = XLQA_EVAL_LENIENT_U | ((o && (o->flags & XLQA_EVAL_REPORT_LENIENT_X)) ? XLQA_EVAL_LENIENT_X : 0);
	struct eval_groups *gs;
	size_t old = out->len;
	int rc;

	if ((rc = check_runs(runs, n_runs, o, err)))
		return rc;
	if (!(gs = calloc(n_runs, sizeof *gs)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t r = 0; r < n_runs && !rc; r++)
		rc = eval_groups_make(runs[r].items, runs[r].n, &gs[r]);
	if (!rc)
		rc = page_head(out, runs, n_runs, o);
	if (!rc)
		rc = score_table(out, runs, gs, n_runs, TABLE_ALL, lenient, "Scores");
	if (!rc)
		rc = score_table(out, runs, gs, n_runs, TABLE_TYPES, lenient, "By question type (F factoid, D definition)");
	if (!rc)
		rc = score_table(out, runs, gs, n_runs, TABLE_ANSWER_TYPES, lenient, "By answer type");
	if (rc)
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	if (!rc)
		rc = calibration_part(out, runs, n_runs, err);
	if (!rc)
		rc = questions_part(out, runs, n_runs, gs, o, err);
	if (!rc && (xlqa_buf_addstr(out, page_script) || xlqa_buf_addstr(out, "</body>\n</html>\n")))
		rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	for (size_t r = 0; r < n_runs; r++)
		eval_groups_release(&gs[r]);
	free(gs);
	if (rc)
		xlqa_buf_setlen(out, old);
	return rc;
}
