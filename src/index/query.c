/*
 * query: building weighted queries of concepts and alternatives (include/xlqa/query.h).
 */
#include "config.h"

#include "xlqa/query.h"

#include <stdlib.h>
#include <string.h>

void xlqa_query_init(struct xlqa_query *q)
{
	memset(q, 0, sizeof *q);
	xlqa_arena_init(&q->arena, 0);
}

void xlqa_query_reset(struct xlqa_query *q)
{
	for (size_t i = 0; i < q->n_groups; i++)
		free(q->groups[i].alts);
	q->n_groups = 0;
	xlqa_arena_reset(&q->arena);
}

void xlqa_query_release(struct xlqa_query *q)
{
	xlqa_query_reset(q);
	free(q->groups);
	xlqa_arena_release(&q->arena);
	memset(q, 0, sizeof *q);
}

int xlqa_query_add_group(struct xlqa_query *q, const char *source, double weight, unsigned flags,
                         size_t *index)
{
	struct xlqa_query_group *g;

	if (!(weight > 0))
		return XLQA_EINVAL;
	if (XLQA_ARRAY_RESERVE(q->groups, q->alloc_groups, q->n_groups + 1))
		return XLQA_ENOMEM;
	g = &q->groups[q->n_groups];
	memset(g, 0, sizeof *g);
	if (source && !(g->source = xlqa_arena_strndup(&q->arena, source, strlen(source))))
		return XLQA_ENOMEM;
	g->weight = weight;
	g->flags = flags;
	if (index)
		*index = q->n_groups;
	q->n_groups++;
	return XLQA_OK;
}

int xlqa_query_add_alt(struct xlqa_query *q, size_t group, const char *text, size_t len, double weight)
{
	struct xlqa_query_group *g;
	struct xlqa_query_alt *a;

	if (group >= q->n_groups || !(weight > 0) || weight > 1 || len == 0)
		return XLQA_EINVAL;
	g = &q->groups[group];
	if (XLQA_ARRAY_RESERVE(g->alts, g->alloc_alts, g->n_alts + 1))
		return XLQA_ENOMEM;
	a = &g->alts[g->n_alts];
	if (!(a->text = xlqa_arena_strndup(&q->arena, text, len)))
		return XLQA_ENOMEM;
	a->weight = weight;
	g->n_alts++;
	return XLQA_OK;
}

int xlqa_query_add_term(struct xlqa_query *q, const char *text, size_t len, double weight, unsigned flags)
{
	size_t g;
	int rc = xlqa_query_add_group(q, NULL, weight, flags, &g);

	if (rc == XLQA_OK && (rc = xlqa_query_add_alt(q, g, text, len, 1.0)) != XLQA_OK)
		q->n_groups--;
	if (rc == XLQA_OK)
		q->groups[g].source = q->groups[g].alts[0].text;
	return rc;
}

int xlqa_query_format(const struct xlqa_query *q, struct xlqa_buf *out)
{
	for (size_t i = 0; i < q->n_groups; i++) {
		const struct xlqa_query_group *g = &q->groups[i];
		int rc = xlqa_buf_addf(out, "%s%s^%g(", i ? " " : "", g->source ? g->source : "", g->weight);

		for (size_t j = 0; rc == XLQA_OK && j < g->n_alts; j++)
			rc = xlqa_buf_addf(out, "%s%s:%g", j ? "|" : "", g->alts[j].text, g->alts[j].weight);
		if (rc || (rc = xlqa_buf_addch(out, ')')))
			return rc;
	}
	return XLQA_OK;
}
