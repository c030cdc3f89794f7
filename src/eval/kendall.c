/*
 * kendall: Kendall's tau between two scorings of the same runs, as Voorhees and Tice (SIGIR 2000)
 * compare system rankings under different judgment sets. Every pair of runs is classified once;
 * n is the number of runs of a track (tens), so the O(n^2) pass is what the definition says and fast.
 *
 * Invariant: concordant + discordant + (pairs tied in either scoring) == n(n-1)/2, and the swapped
 * list is exactly the discordant pairs.
 */
#include "config.h"

#include "xlqa/eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void xlqa_kendall_init(struct xlqa_kendall *k)
{
	memset(k, 0, sizeof *k);
	k->tau = k->tau_a = NAN;
}

void xlqa_kendall_release(struct xlqa_kendall *k)
{
	free(k->swapped);
	xlqa_kendall_init(k);
}

int xlqa_kendall_compute(const double *a, const double *b, size_t n, struct xlqa_kendall *out,
                         struct xlqa_error *err)
{
	size_t alloc = 0;
	double denom;

	xlqa_kendall_release(out);
	for (size_t i = 0; i < n; i++)
		if (isnan(a[i]) || isnan(b[i]))
			return xlqa_error_set(err, XLQA_EINVAL, "run %zu has no score to rank", i + 1);
	out->n = n;
	out->pairs = n < 2 ? 0 : n * (n - 1) / 2;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			double da = a[i] - a[j], db = b[i] - b[j];

			out->ties_a += da == 0.0;
			out->ties_b += db == 0.0;
			if (da == 0.0 || db == 0.0)
				continue;
			if ((da > 0.0) == (db > 0.0)) {
				out->concordant++;
				continue;
			}
			out->discordant++;
			if (xlqa_array_reserve(&out->swapped, &alloc, 2 * out->n_swapped + 2, sizeof *out->swapped)) {
				xlqa_kendall_release(out);
				return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			}
			out->swapped[2 * out->n_swapped] = i;
			out->swapped[2 * out->n_swapped + 1] = j;
			out->n_swapped++;
		}
	if (out->pairs == 0)
		return XLQA_OK;
	out->tau_a = ((double)out->concordant - (double)out->discordant) / (double)out->pairs;
	denom = sqrt((double)(out->pairs - out->ties_a) * (double)(out->pairs - out->ties_b));
	out->tau = denom > 0.0 ? ((double)out->concordant - (double)out->discordant) / denom : NAN;
	return XLQA_OK;
}
