/*
 * calibration: how well a run's confidences match what it got right (measures.md, "Calibration"):
 * a reliability table of 10 equal-width confidence bins, ECE, the Brier score, and CWS against the
 * best CWS the same answers could reach; and a reliability diagram drawn as a small SVG by hand, so
 * the report needs no plotting library.
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

/* The plot area in SVG user units: x from LEFT to LEFT+SIDE is confidence 0..1, y up from BOTTOM. */
enum { WIDTH = 420, HEIGHT = 400, LEFT = 60, TOP = 40, SIDE = 320 };
#define PX(v) (LEFT + (v) * SIDE)
#define PY(v) (TOP + SIDE - (v) * SIDE)

int xlqa_calibration_svg(const struct xlqa_calibration *c, const char *title, struct xlqa_buf *out,
                         struct xlqa_error *err)
{
	size_t old = out->len;
	int rc;

	rc = xlqa_buf_addf(out,
	                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	                   "font-family=\"sans-serif\" font-size=\"11\">\n"
	                   "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n<text x=\"%d\" y=\"20\" font-size=\"13\">",
	                   WIDTH, HEIGHT, WIDTH, HEIGHT, WIDTH, HEIGHT, LEFT);
	if (!rc)
		rc = add_escaped(out, title ? title : "reliability diagram");
	if (!rc)
		rc = xlqa_buf_addf(out, " (n=%zu, ECE %.3f, Brier %.3f)</text>\n", c->n, c->ece, c->brier);
	/* the bars: accuracy per bin, the count above, the bin's mean confidence as a dot */
	for (size_t b = 0; !rc && b < XLQA_CALIBRATION_BINS; b++) {
		double x0 = (double)b / XLQA_CALIBRATION_BINS, w = 1.0 / XLQA_CALIBRATION_BINS;

		if (c->count[b] == 0)
			continue;
		rc = xlqa_buf_addf(out,
		                   "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a7ab5\" "
		                   "stroke=\"white\"><title>[%.1f,%.1f): %zu responses, accuracy %.3f, mean confidence "
		                   "%.3f</title></rect>\n"
		                   "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%zu</text>\n"
		                   "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#d04020\"/>\n",
		                   PX(x0), PY(c->accuracy[b]), w * SIDE, c->accuracy[b] * SIDE, x0, x0 + w, c->count[b],
		                   c->accuracy[b], c->mean_confidence[b], PX(x0 + w / 2), PY(c->accuracy[b]) - 4,
		                   c->count[b], PX(c->mean_confidence[b]), PY(c->accuracy[b]));
	}
	/* the frame, the diagonal of perfect calibration, ticks and axis labels */
	if (!rc)
		rc = xlqa_buf_addf(out,
		                   "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n"
		                   "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"gray\" stroke-dasharray=\"4 3\"/>\n",
		                   LEFT, TOP, SIDE, SIDE, LEFT, TOP + SIDE, LEFT + SIDE, TOP);
	for (int t = 0; !rc && t <= 10; t += 2) {
		double v = t / 10.0;

		rc = xlqa_buf_addf(out,
		                   "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.1f</text>\n"
		                   "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f</text>\n",
		                   PX(v), TOP + SIDE + 15, v, LEFT - 5, PY(v) + 4, v);
	}
	if (!rc)
		rc = xlqa_buf_addf(out,
		                   "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">confidence</text>\n"
		                   "<text x=\"15\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 15 %d)\">"
		                   "accuracy</text>\n</svg>\n",
		                   LEFT + SIDE / 2, TOP + SIDE + 32, TOP + SIDE / 2, TOP + SIDE / 2);
	if (rc) {
		xlqa_buf_setlen(out, old);
		return xlqa_error_set(err, rc, "out of memory");
	}
	return XLQA_OK;
}
