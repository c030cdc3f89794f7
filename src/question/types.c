/*
 * types: the CLEF answer-type taxonomy (PERSON ... OTHER, DEFINITION) and its subtypes, the registries
 * question rules name and analyses report (include/xlqa/question.h). Static tables; nothing allocates.
 */
#include "config.h"

#include "xlqa/question.h"

#include <string.h>
#include <strings.h>

static const struct xlqa_answer_type_info answer_types[] = {
	{ XLQA_ANSWER_PERSON, "PERSON", "a person's name" },
	{ XLQA_ANSWER_ORGANIZATION, "ORGANIZATION", "a company, party, team, institution or other body" },
	{ XLQA_ANSWER_LOCATION, "LOCATION", "a place: city, country, region, building, body of water" },
	{ XLQA_ANSWER_TIME, "TIME", "a date, year, month, day or period in time" },
	{ XLQA_ANSWER_MEASURE, "MEASURE", "a quantity: a count, an amount of money, a length, an age ..." },
	{ XLQA_ANSWER_OBJECT, "OBJECT", "a concrete thing: a product, vehicle, substance, work" },
	{ XLQA_ANSWER_MANNER, "MANNER", "how something happens or is done (how-questions)" },
	{ XLQA_ANSWER_OTHER, "OTHER", "anything else: a title, a language, a currency, a name of a thing" },
	{ XLQA_ANSWER_DEFINITION, "DEFINITION", "a definition question: who or what an entity is" },
};

static const struct xlqa_answer_subtype_info answer_subtypes[] = {
	{ XLQA_ANSWER_TIME, "date", "a full or partial date (day, month, year)" },
	{ XLQA_ANSWER_TIME, "year", "a year" },
	{ XLQA_ANSWER_TIME, "month", "a month" },
	{ XLQA_ANSWER_TIME, "day", "a day of the month or of the week" },
	{ XLQA_ANSWER_TIME, "century", "a century or decade" },
	{ XLQA_ANSWER_MEASURE, "count", "how many of something" },
	{ XLQA_ANSWER_MEASURE, "money", "an amount of money, a price, a cost" },
	{ XLQA_ANSWER_MEASURE, "length", "a length, height, depth or distance" },
	{ XLQA_ANSWER_MEASURE, "area", "an area, a surface" },
	{ XLQA_ANSWER_MEASURE, "volume", "a volume or capacity" },
	{ XLQA_ANSWER_MEASURE, "weight", "a weight or mass" },
	{ XLQA_ANSWER_MEASURE, "age", "the age of a person or thing" },
	{ XLQA_ANSWER_MEASURE, "duration", "a length of time" },
	{ XLQA_ANSWER_MEASURE, "percentage", "a percentage or rate" },
	{ XLQA_ANSWER_MEASURE, "speed", "a speed" },
	{ XLQA_ANSWER_MEASURE, "temperature", "a temperature" },
	{ XLQA_ANSWER_MEASURE, "frequency", "how often" },
	{ XLQA_ANSWER_LOCATION, "city", "a city or town" },
	{ XLQA_ANSWER_LOCATION, "country", "a country or state" },
	{ XLQA_ANSWER_LOCATION, "region", "a region, province, continent or island" },
	{ XLQA_ANSWER_LOCATION, "water", "a river, lake, sea or ocean" },
	{ XLQA_ANSWER_LOCATION, "mountain", "a mountain or range" },
	{ XLQA_ANSWER_LOCATION, "address", "an address or building" },
	{ XLQA_ANSWER_DEFINITION, "person", "the entity to define is a person" },
	{ XLQA_ANSWER_DEFINITION, "organization", "the entity to define is an organization" },
};

#define N_SUBTYPES (sizeof answer_subtypes / sizeof answer_subtypes[0])

const struct xlqa_answer_type_info *xlqa_question_type_info(enum xlqa_answer_type type)
{
	return (unsigned)type < XLQA_ANSWER_TYPE_COUNT ? &answer_types[type] : NULL;
}

bool xlqa_question_type_find(const char *name, size_t len, enum xlqa_answer_type *out)
{
	for (size_t i = 0; i < XLQA_ANSWER_TYPE_COUNT; i++)
		if (strlen(answer_types[i].name) == len && strncasecmp(answer_types[i].name, name, len) == 0) {
			*out = answer_types[i].type;
			return true;
		}
	return false;
}

size_t xlqa_question_subtype_count(void)
{
	return N_SUBTYPES;
}

const struct xlqa_answer_subtype_info *xlqa_question_subtype_at(size_t i)
{
	return i < N_SUBTYPES ? &answer_subtypes[i] : NULL;
}

const struct xlqa_answer_subtype_info *xlqa_question_subtype_find(enum xlqa_answer_type type, const char *name,
                                                                size_t len)
{
	for (size_t i = 0; i < N_SUBTYPES; i++)
		if (answer_subtypes[i].type == type && strlen(answer_subtypes[i].name) == len &&
		    strncasecmp(answer_subtypes[i].name, name, len) == 0)
			return &answer_subtypes[i];
	return NULL;
}

const char *xlqa_question_type_name(const struct xlqa_question *q)
{
	return answer_types[q->type].name;
}

const char *xlqa_question_subtype_name(const struct xlqa_question *q)
{
	return q->subtype ? q->subtype->name : "-";
}
