/*
 * calibration: how well a run's confidences match what it got right (doc/answering.md, "What the confidence is worth"):
 * a reliability table of 10 equal-width confidence bins, ECE, the Brier score, and CWS against the
 * best CWS the same answers could reach; and a reliability diagram of one or several runs with a
 * histogram of their confidences, drawn as a small SVG by hand, so the report needs no plotting library.
 *
 * Invariant: bin b holds confidences in [b/10, (b+1)/10), the last bin also 1.0; empty bins have NaN
 * means and do not count in ECE.
 */
#include "config.h"

#include "eval-internal.h"
#include "xlqa/eval.h"

#include <math.h>
#include <string.h>

static size_t bin_of(double confidence)
{
	double b = floor(confidence * XLQA_CALIBRATION_BINS);

	if (!(b >= 0.0))
		return 0;
	return b >= XLQA_CALIBRATION_BINS ? XLQA_CALIBRATION_BINS - 1 : (size_t)b;
}

void xlqa_calibration_compute(const struct xlqa_eval_item *items, size_t n, unsigned mode,
                              struct xlqa_calibration *out)
{
	double conf_sum[XLQA_CALIBRATION_BINS] = { 0 }, right_sum[XLQA_CALIBRATION_BINS] = { 0 }, brier = 0.0;

	memset(out, 0, sizeof *out);
	out->n = n;
	for (size_t i = 0; i < n; i++) {
		size_t b = bin_of(items[i].confidence);
		bool right = xlqa_eval_right(items[i].judgment, mode);
		double d = items[i].confidence - (right ? 1.0 : 0.0);

		out->count[b]++;
		conf_sum[b] += items[i].confidence;
		right_sum[b] += right;
		out->right += right;
		brier += d * d;
	}
	out->ece = n ? 0.0 : NAN;
	for (size_t b = 0; b < XLQA_CALIBRATION_BINS; b++) {
		if (out->count[b] == 0) {
			out->mean_confidence[b] = out->accuracy[b] = NAN;
			continue;
		}
		out->mean_confidence[b] = conf_sum[b] / (double)out->count[b];
		out->accuracy[b] = right_sum[b] / (double)out->count[b];
		out->ece += (double)out->count[b] / (double)n * fabs(out->accuracy[b] - out->mean_confidence[b]);
	}
	out->brier = n ? brier / (double)n : NAN;
	out->cws = eval_cws(items, n, mode, &out->best_cws);
}

/* Appends `s` with XML's special characters escaped. */
static int add_escaped(struct xlqa_buf *out, const char *s)
{
	int rc = XLQA_OK;

	for (; *s && !rc; s++) {
		switch (*s) {
		case '<': rc = xlqa_buf_addstr(out, "&lt;"); break;
		case '>': rc = xlqa_buf_addstr(out, "&gt;"); break;
		case '&': rc = xlqa_buf_addstr(out, "&amp;"); break;
		case '"': rc = xlqa_buf_addstr(out, "&quot;"); break;
		default: rc = xlqa_buf_addch(out, *s); break;
		}
	}
	return rc;
}

/*
 * The plot in SVG user units: the diagram's square (x: confidence 0..1 from LEFT to LEFT+SIDE, y:
 * accuracy up from TOP+SIDE), the legend right of it, the histogram of confidences under it.
 */
enum {
	WIDTH = 680, LEFT = 60, TOP = 40, SIDE = 320, LEGEND_X = LEFT + SIDE + 30, HIST_TOP = TOP + SIDE + 60,
	HIST_H = 110, HEIGHT = HIST_TOP + HIST_H + 50
};
#define PX(v) (LEFT + (v) * SIDE)
#define PY(v) (TOP + SIDE - (v) * SIDE)
#define HY(v) (HIST_TOP + HIST_H - (v) * HIST_H)

/* Eight colours that stay apart for the colour-blind (Okabe and Ito's palette, black left out). */
static const char *const colours[] = { "#0072B2", "#D55E00", "#009E73", "#CC79A7",
	                               "#E69F00", "#56B4E9", "#F0E442", "#666666" };
#define COLOUR(r) colours[(r) % (sizeof colours / sizeof colours[0])]

/* The points of run `r`, joined in bin order, each with its count. */
static int plot_run(struct xlqa_buf *out, const struct xlqa_calibration *c, size_t r)
{
	bool first = true;
	int rc = xlqa_buf_addf(out, "<g class=\"run\" data-run-index=\"%zu\">\n<polyline fill=\"none\" stroke=\"%s\" "
	                            "stroke-width=\"1.5\" points=\"", r, COLOUR(r));

	for (size_t b = 0; !rc && b < XLQA_CALIBRATION_BINS; b++) {
		if (c->count[b] == 0)
			continue;
		rc = xlqa_buf_addf(out, "%s%.1f,%.1f", first ? "" : " ", PX(c->mean_confidence[b]), PY(c->accuracy[b]));
		first = false;
	}
	if (!rc)
		rc = xlqa_buf_addstr(out, "\"/>\n");
	for (size_t b = 0; !rc && b < XLQA_CALIBRATION_BINS; b++) {
		bool small = c->count[b] < XLQA_CALIBRATION_SMALL_BIN;

		if (c->count[b] == 0)
			continue;
		rc = xlqa_buf_addf(out,
		                   "<circle class=\"bin%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"%s\" "
		                   "stroke-width=\"1.5\"><title>[%.1f,%.1f%c: %zu responses, accuracy %.3f, mean "
		                   "confidence %.3f%s</title></circle>\n"
		                   "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\" font-size=\"9\">%zu</text>\n",
		                   small ? " small" : "", PX(c->mean_confidence[b]), PY(c->accuracy[b]),
		                   small ? "white" : COLOUR(r), COLOUR(r), b / 10.0, (b + 1) / 10.0,
		                   b + 1 == XLQA_CALIBRATION_BINS ? ']' : ')', c->count[b], c->accuracy[b],
		                   c->mean_confidence[b], small ? " (a small bin)" : "", PX(c->mean_confidence[b]) + 6,
		                   PY(c->accuracy[b]) - 6, COLOUR(r), c->count[b]);
	}
	return rc ? rc : xlqa_buf_addstr(out, "</g>\n");
}

/* The histogram: per bin one bar a run, heights relative to the largest count. */
static int plot_histogram(struct xlqa_buf *out, const struct xlqa_calibration *c, size_t n)
{
	size_t max = 1;
	double slot = (double)SIDE / XLQA_CALIBRATION_BINS, bar = (slot - 4) / (double)n;
	int rc;

	for (size_t r = 0; r < n; r++)
		for (size_t b = 0; b < XLQA_CALIBRATION_BINS; b++)
			max = c[r].count[b] > max ? c[r].count[b] : max;
	rc = xlqa_buf_addf(out,
	                   "<g class=\"histogram\">\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
	                   "stroke=\"black\"/>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%zu</text>\n"
	                   "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n"
	                   "<text x=\"15\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 15 %d)\">responses</text>\n",
	                   LEFT, HIST_TOP, SIDE, HIST_H, LEFT - 5, HIST_TOP + 4, max, LEFT - 5, HIST_TOP + HIST_H,
	                   HIST_TOP + HIST_H / 2, HIST_TOP + HIST_H / 2);
	for (size_t b = 0; !rc && b < XLQA_CALIBRATION_BINS; b++)
		for (size_t r = 0; !rc && r < n; r++) {
			double h = (double)c[r].count[b] / (double)max;
			bool small = c[r].count[b] < XLQA_CALIBRATION_SMALL_BIN;

			if (c[r].count[b] == 0)
				continue;
			rc = xlqa_buf_addf(out,
			                   "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
			                   "fill-opacity=\"%s\"><title>[%.1f,%.1f%c: %zu responses</title></rect>\n",
			                   LEFT + b * slot + 2 + r * bar, HY(h), bar, h * HIST_H, COLOUR(r), small ? "0.35" : "0.9",
			                   b / 10.0, (b + 1) / 10.0, b + 1 == XLQA_CALIBRATION_BINS ? ']' : ')',
			                   c[r].count[b]);
		}
	return rc ? rc : xlqa_buf_addstr(out, "</g>\n");
}

/* The legend: a line of each run's colour, its name and summary; then what a hollow point means. */
static int plot_legend(struct xlqa_buf *out, const struct xlqa_calibration *c, const char *const *names, size_t n)
{
	int rc = xlqa_buf_addf(out, "<g class=\"legend\">\n<text x=\"%d\" y=\"%d\" font-weight=\"bold\">runs</text>\n",
	                       LEGEND_X, TOP + 10);

	for (size_t r = 0; !rc && r < n; r++) {
		int y = TOP + 30 + (int)r * 34;

		rc = xlqa_buf_addf(out,
		                   "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>\n"
		                   "<text x=\"%d\" y=\"%d\">",
		                   LEGEND_X, y - 4, LEGEND_X + 20, y - 4, COLOUR(r), LEGEND_X + 26, y);
		if (!rc)
			rc = add_escaped(out, names && names[r] ? names[r] : "run");
		if (!rc)
			rc = xlqa_buf_addf(out,
			                   "</text>\n<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#444\">n=%zu, ECE %.3f, "
			                   "Brier %.3f</text>\n",
			                   LEGEND_X + 26, y + 13, c[r].n, c[r].ece, c[r].brier);
	}
	if (!rc) {
		int y = TOP + 40 + (int)n * 34;

		rc = xlqa_buf_addf(out,
		                   "<rect x=\"%d\" y=\"%d\" width=\"8\" height=\"8\" rx=\"4\" fill=\"white\" stroke=\"black\"/>\n"
		                   "<text x=\"%d\" y=\"%d\" font-size=\"10\">hollow point, pale bar: fewer than %d responses</text>\n"
		                   "<rect x=\"%d\" y=\"%d\" width=\"8\" height=\"8\" rx=\"4\" fill=\"black\"/>\n"
		                   "<text x=\"%d\" y=\"%d\" font-size=\"10\">number: responses in the bin</text>\n"
		                   "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"gray\" stroke-dasharray=\"4 3\"/>\n"
		                   "<text x=\"%d\" y=\"%d\" font-size=\"10\">perfect calibration</text>\n</g>\n",
		                   LEGEND_X + 6, y - 8, LEGEND_X + 26, y, XLQA_CALIBRATION_SMALL_BIN, LEGEND_X + 6, y + 8,
		                   LEGEND_X + 26, y + 16, LEGEND_X, y + 28, LEGEND_X + 20, y + 28, LEGEND_X + 26, y + 32);
	}
	return rc;
}

int xlqa_calibration_plot(const struct xlqa_calibration *c, const char *const *names, size_t n, const char *title,
                          bool standalone, struct xlqa_buf *out, struct xlqa_error *err)
{
	size_t old = out->len;
	int rc;

	if (n == 0)
		return xlqa_error_set(err, XLQA_EINVAL, "a reliability diagram needs at least one run");
	rc = xlqa_buf_addf(out,
	                   "%s<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"reliability\" width=\"%d\" height=\"%d\" "
	                   "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n"
	                   "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n<text x=\"%d\" y=\"20\" font-size=\"13\">",
	                   standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "", WIDTH, HEIGHT, WIDTH, HEIGHT,
	                   WIDTH, HEIGHT, LEFT);
	if (!rc)
		rc = add_escaped(out, title ? title : "reliability diagram");
	if (!rc && n == 1)
		rc = xlqa_buf_addf(out, " (n=%zu, ECE %.3f, Brier %.3f)", c->n, c->ece, c->brier);
	/* the frame, the diagonal of perfect calibration, ticks and axis labels */
	if (!rc)
		rc = xlqa_buf_addf(out,
		                   "</text>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n"
		                   "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"gray\" stroke-dasharray=\"4 3\"/>\n",
		                   LEFT, TOP, SIDE, SIDE, LEFT, TOP + SIDE, LEFT + SIDE, TOP);
	for (int t = 0; !rc && t <= 10; t += 2) {
		double v = t / 10.0;

		rc = xlqa_buf_addf(out,
		                   "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.1f</text>\n"
		                   "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.1f</text>\n"
		                   "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f</text>\n",
		                   PX(v), TOP + SIDE + 15, v, PX(v), HIST_TOP + HIST_H + 15, v, LEFT - 5, PY(v) + 4, v);
	}
	if (!rc)
		rc = xlqa_buf_addf(out,
		                   "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">confidence</text>\n"
		                   "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">confidence (histogram)</text>\n"
		                   "<text x=\"15\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 15 %d)\">"
		                   "accuracy</text>\n",
		                   LEFT + SIDE / 2, TOP + SIDE + 32, LEFT + SIDE / 2, HIST_TOP + HIST_H + 32, TOP + SIDE / 2,
		                   TOP + SIDE / 2);
	for (size_t r = 0; !rc && r < n; r++)
		rc = plot_run(out, &c[r], r);
	if (!rc)
		rc = plot_histogram(out, c, n);
	if (!rc)
		rc = plot_legend(out, c, names, n);
	if (!rc)
		rc = xlqa_buf_addstr(out, "</svg>\n");
	if (rc) {
		xlqa_buf_setlen(out, old);
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	}
	return XLQA_OK;
}

int xlqa_calibration_svg(const struct xlqa_calibration *c, const char *title, struct xlqa_buf *out,
                         struct xlqa_error *err)
{
	const char *name = title ? title : "run";

	return xlqa_calibration_plot(c, &name, 1, title, true, out, err);
}
