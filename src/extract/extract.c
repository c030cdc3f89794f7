/*
 * extract: candidate answers in a target-language text (include/xlqa/answer.h). One engine for every
 * language: the pack's stop words, articles, month names and number words decide what a token is;
 * capitalisation is read from the text against the case-folded form, so no language needs code.
 *
 * Invariant: every span lies inside one sentence, is trimmed (answer_trim_tokens) and is non-empty.
 */
#include "config.h"

#include "extract-internal.h"
#include "xlqa/extract.h"

#include <stdlib.h>
#include <string.h>

#define NAME_MAX_WORDS 8    /* longer capitalised runs are headlines, not names */
#define NAME_PART_WORDS 4   /* parts of a name kept up to this many tokens */
#define PARTICLE_MAX_BYTES 3 /* "al" in "al-Turabi" */
#define ROMAN_MAX_BYTES 6   /* "XXXVII": longer capital runs of I V X L C D M are words */
#define PHRASE_MAX_WORDS 6  /* content-word runs kept whole up to this length */
#define PHRASE_PART_WORDS 4 /* parts of a run kept up to this length */
#define DEFINITION_MAX_WORDS 12
#define JOIN_SIDE_WORDS 3   /* words of each run that a connector joins: the run's last and the next run's first */
#define JOIN_HOPS 2         /* connectors in a row: "prueba de primalidad de Miller-Rabin" */
#define JOIN_MAX_TOKENS 10
#define ITEM_MAX_TOKENS 5   /* an item of a list: "Japan", "Miller-Rabin test" */
#define LIST_MAX_ITEMS 4

static const char *const kind_names[XLQA_EXTRACT_KINDS] = {
	"name", "year", "date", "number", "measure", "phrase", "definition", "clause",
};

const char *xlqa_extract_kind_name(enum xlqa_extract_kind kind)
{
	return (unsigned)kind < XLQA_EXTRACT_KINDS ? kind_names[kind] : "?";
}

/*
 * Copulas ("X is a Y") and the words inside names ("Bank of England", "Ludwig van Beethoven", "Banco
 * de España"): the union of the `copulas` and `name-connectors` lines of every pack's language.txt,
 * used on every target language alike (a union is safe: none of these forms is a content word in
 * another of the languages). Normalised forms.
 */
static bool name_connector(const char *norm)
{
	return xlqa_lang_registry_has_word(XLQA_LANG_NAME_CONNECTORS, norm, strlen(norm));
}

void xlqa_extraction_init(struct xlqa_extraction *x)
{
	memset(x, 0, sizeof *x);
	xlqa_analysis_init(&x->a);
}

void xlqa_extraction_release(struct xlqa_extraction *x)
{
	xlqa_analysis_release(&x->a);
	qa_icu_free(x->res);
	free(x->spans);
	memset(x, 0, sizeof *x);
}

static bool is_word(const struct xlqa_token *t)
{
	return t->kind == XLQA_SPAN_WORD || t->kind == XLQA_SPAN_NUMBER;
}

/* A number with a value: a digit run ICU calls a number but no pack reads ("km2", "MP3", "4x4") is a word. */
static bool is_numeric(const struct xlqa_token *t)
{
	return (t->flags & XLQA_TOKEN_NUMERIC) != 0;
}

/* A currency sign kept before a number: "$20", "€ 5". */
static bool currency(const char *text, const struct xlqa_token *t)
{
	return qa_punct_is(text, t, "$") || qa_punct_is(text, t, "\xE2\x82\xAC") || qa_punct_is(text, t, "\xC2\xA3");
}

static bool droppable(const struct xlqa_token *t)
{
	return t->kind == XLQA_SPAN_PUNCT || (!is_numeric(t) && (t->flags & (XLQA_TOKEN_STOP | XLQA_TOKEN_ARTICLE)));
}

/* A Roman numeral in capitals ("I", "IV", "XIV"), which a pack may read as a number or a pronoun. */
static bool roman_numeral(const char *text, const struct xlqa_token *t)
{
	size_t n = t->end - t->start;

	if (t->kind != XLQA_SPAN_WORD || n > ROMAN_MAX_BYTES)
		return false;
	for (size_t k = t->start; k < t->end; k++) /* within the token: the text need not end in a NUL */
		if (!memchr("IVXLCDM", text[k], 7))
			return false;
	return true;
}

/* A month name written with a capital ("May 18, 1756") is a date's, though also a stop word ("may"). */
static bool month_word(const char *text, const struct xlqa_token *t)
{
	return (t->flags & XLQA_TOKEN_MONTH) && qa_capitalised(text, t);
}

/* Narrows tokens [*first, *first + *n) to the minimal answer (answer.h, xlqa_answer_trim). */
static void trim_tokens(const char *text, const struct xlqa_token *tok, size_t *first, size_t *n)
{
	while (*n && ((droppable(&tok[*first]) && !month_word(text, &tok[*first]) &&
	               !(currency(text, &tok[*first]) && *n > 1 && is_numeric(&tok[*first + 1]))) ||
	              (*n > 1 && qa_article_numeral(&tok[*first]) && !is_numeric(&tok[*first + 1])))) {
		(*first)++;
		(*n)--;
	}
	while (*n && ((droppable(&tok[*first + *n - 1]) && !qa_punct_is(text, &tok[*first + *n - 1], "%") &&
	               !(*n > 1 && roman_numeral(text, &tok[*first + *n - 1]) &&
	                 qa_capitalised(text, &tok[*first + *n - 2]))) ||
	              (*n > 1 && qa_article_numeral(&tok[*first + *n - 1]))))
		(*n)--;
}

/*
 * The bytes of a genitive ending with an apostrophe at the end of text [start, end): "'s" matches
 * "'s" and "\u2019s" ("Messenger's" -> "Messenger"); endings without an apostrophe (German "s") are
 * left alone, since "Paris" is no genitive. 0 when none matches.
 */
static size_t genitive_tail(const struct xlqa_strlist *endings, const char *text, size_t start, size_t end)
{
	for (size_t k = 0; k < endings->n; k++) {
		const char *e = endings->items[k], *apos = strchr(e, '\'');
		size_t before = apos ? (size_t)(apos - e) : 0, after = apos ? strlen(apos + 1) : 0;

		if (!apos)
			continue;
		for (size_t w = 1; w <= 3; w += 2) { /* "'" or U+2019, three bytes */
			size_t len = before + w + after, at;

			if (end - start <= len)
				continue;
			at = end - len;
			if (memcmp(text + at, e, before) == 0 && memcmp(text + at + before, w == 1 ? "'" : "\xE2\x80\x99", w) == 0 &&
			    memcmp(text + at + before + w, apos + 1, after) == 0)
				return len;
		}
	}
	return 0;
}

static int add_span(struct xlqa_extraction *x, const char *text, size_t first, size_t n, enum xlqa_extract_kind kind,
                    struct xlqa_error *err)
{
	struct xlqa_extract_span *s;

	trim_tokens(text, x->a.tokens, &first, &n);
	if (!n || (kind == XLQA_EXTRACT_PHRASE && qa_date_day(x, first, n)))
		return XLQA_OK;
	if (!(s = qa_extract_append(x, first, n, kind)))
		return xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
	s->end -= genitive_tail(&x->genitive, text, s->start, s->end); /* an exact answer has no possessive */
	return XLQA_OK;
}

/* A hyphen or en dash at `i` touching a word on each side: "water-cooled", "Cretaceous\u2013Paleogene". */
static bool word_joiner(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i)
{
	return i > 0 && i + 1 < n_tok && (qa_punct_is(text, &tok[i], "-") || qa_punct_is(text, &tok[i], "\xE2\x80\x93")) &&
	       tok[i - 1].end == tok[i].start && tok[i].end == tok[i + 1].start && is_word(&tok[i - 1]) &&
	       is_word(&tok[i + 1]) && tok[i + 1].sentence == tok[i].sentence;
}

/*
 * A particle of up to PARTICLE_MAX_BYTES lower-case letters hyphened to a capitalised word at `i`, as
 * Arabic names write their article ("Hassan al-Turabi", "Abu al-Qasim al-Zahrawi").
 */
static bool particle_joined(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i)
{
	return i + 2 < n_tok && tok[i].kind == XLQA_SPAN_WORD && tok[i].end - tok[i].start <= PARTICLE_MAX_BYTES &&
	       !qa_capitalised(text, &tok[i]) && !is_numeric(&tok[i]) && word_joiner(text, tok, n_tok, i + 1) &&
	       qa_capitalised(text, &tok[i + 2]);
}

/*
 * A connector and an article before a capitalised word at `i` ("de la", "of the", "von der"): "Índice
 * de Percepción de la Corrupción", "Order of the Garter", "Ursula von der Leyen"; not after a
 * sentence's first word (`after_first`), which is capitalised anyway.
 */
static bool article_joined(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i, bool after_first)
{
	return !after_first && i + 2 < n_tok && tok[i].kind == XLQA_SPAN_WORD &&
	       name_connector(tok[i].norm) &&
	       tok[i + 1].kind == XLQA_SPAN_WORD && (tok[i + 1].flags & XLQA_TOKEN_ARTICLE) &&
	       tok[i + 2].sentence == tok[i].sentence && qa_capitalised(text, &tok[i + 2]) && !is_numeric(&tok[i + 2]);
}

/*
 * Where the name starting at token `i` ends: connectors ("of", "de", "von"), ampersands, hyphens and en
 * dashes join capitalised words ("Bank of England", "Procter & Gamble", "Jean-Paul"), except after a
 * sentence's first word, which is capitalised anyway ("Vive en San Sebastián"); a hyphened particle
 * (particle_joined) joins too.
 */
static size_t name_end(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i, bool first)
{
	size_t end = i + 1;

	while (end < n_tok && tok[end].sentence == tok[i].sentence && end - i < NAME_MAX_WORDS) {
		const struct xlqa_token *t = &tok[end];

		if ((qa_capitalised(text, t) && !is_numeric(t)) || roman_numeral(text, t)) {
			end++;
			continue;
		}
		if (particle_joined(text, tok, n_tok, end) || article_joined(text, tok, n_tok, end, first && end == i + 1)) {
			end += 3;
			continue;
		}
		/* an initial: "Frederick W. Mote" */
		if (qa_punct_is(text, t, ".") && tok[end - 1].end - tok[end - 1].start == 1 && t->start == tok[end - 1].end &&
		    end + 1 < n_tok && qa_capitalised(text, &tok[end + 1]) && tok[end + 1].sentence == t->sentence) {
			end += 2;
			continue;
		}
		if (!(first && end == i + 1) && end + 1 < n_tok && qa_capitalised(text, &tok[end + 1]) &&
		    tok[end + 1].sentence == t->sentence &&
		    ((t->kind == XLQA_SPAN_WORD && name_connector(t->norm)) ||
		     word_joiner(text, tok, n_tok, end) || qa_punct_is(text, t, "&") ||
		     (qa_punct_is(text, t, "'") && t->start == tok[end - 1].end && t->end == tok[end + 1].start))) {
			end += 2;
			continue;
		}
		break;
	}
	return end;
}

/*
 * The end of the name [i, end) with a lower-case part hyphened to its last word, as Korean and Chinese
 * given names are written ("Ban Ki-moon", "Ma Ying-jeou"); `end` when there is none or the name has a
 * single word ("German-language"). The name without the part stays a candidate ("New York-based"), and
 * so do the parts of each (add_name_parts: "Secretary-General Ban Ki-moon", "Ban Ki-moon").
 */
static size_t lower_part_end(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i, size_t end)
{
	return end - i >= 2 && word_joiner(text, tok, n_tok, end) && !qa_capitalised(text, &tok[end + 1]) &&
	               !is_numeric(&tok[end + 1])
	           ? end + 2
	           : end;
}

/* A word that may begin a part of a name: capitalised and no connector ("of"). */
static bool name_edge(const char *text, const struct xlqa_token *t)
{
	return t->kind == XLQA_SPAN_WORD && qa_capitalised(text, t) &&
	       !name_connector(t->norm);
}

/*
 * The last 2 to NAME_PART_WORDS tokens of the name [i, end) as names too: a capitalised run often
 * holds a title or a noun before the name ("Historiker Frederick W. Mote", "Pro Bowl Defensive Tackle
 * Kawann Short"). A part never starts inside a hyphenated word ("Jean-Paul Sartre"). One-word parts
 * and the name's first words (prefixes) were tried: on set 2 they lost more English answers than
 * they gained German ones.
 */
static int add_name_parts(struct xlqa_extraction *x, const char *text, size_t i, size_t end, struct xlqa_error *err)
{
	const struct xlqa_token *tok = x->a.tokens;
	int rc = XLQA_OK;

	for (size_t k = end - i > NAME_PART_WORDS ? end - NAME_PART_WORDS : i + 1; k + 2 <= end && rc == XLQA_OK; k++) {
		bool inside_word = tok[k - 1].kind == XLQA_SPAN_PUNCT && tok[k - 1].end == tok[k].start;

		if (name_edge(text, &tok[k]) && !inside_word)
			rc = add_span(x, text, k, end - k, XLQA_EXTRACT_NAME, err);
	}
	return rc;
}

/*
 * The first words of the name [i, end) up to a possessive inside it, as a name too: "William Tyndale"
 * in "William Tyndale's English Bible". The whole run stays a name: "Hudson's Bay Company" is one.
 */
static int add_possessor(struct xlqa_extraction *x, const char *text, size_t i, size_t end, struct xlqa_error *err)
{
	const struct xlqa_token *tok = x->a.tokens;

	for (size_t k = i; k + 1 < end; k++)
		if (tok[k].kind == XLQA_SPAN_WORD && tok[k].end < tok[k + 1].start &&
		    genitive_tail(&x->genitive, text, tok[k].start, tok[k].end))
			return add_span(x, text, i, k + 1 - i, XLQA_EXTRACT_NAME, err);
	return XLQA_OK;
}

static bool year_token(const char *text, const struct xlqa_token *t)
{
	return t->kind == XLQA_SPAN_NUMBER && t->end - t->start == 4 && t->value >= 1000 && t->value <= 2100 &&
	       text[t->start] >= '1' && text[t->start] <= '2';
}

static bool day_token(const struct xlqa_token *t)
{
	return is_numeric(t) && t->end - t->start <= 4 && t->value >= 1 && t->value <= 31 && t->value == (int)t->value;
}

/* A date around the month name at `m`: "12 March 1994", "March 12, 1994", "12. März", "12 de marzo de 1994". */
static void date_bounds(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t m, size_t *first,
                        size_t *last)
{
	size_t s = tok[m].sentence, j = m + 1;

	*first = *last = m;
	if (m >= 1 && day_token(&tok[m - 1]) && tok[m - 1].sentence == s)
		*first = m - 1;
	else if (m >= 2 && tok[m - 2].sentence == s && day_token(&tok[m - 2]) &&
	         (qa_punct_is(text, &tok[m - 1], ".") || (tok[m - 1].flags & XLQA_TOKEN_STOP)))
		*first = m - 2;
	if (j < n_tok && tok[j].sentence == s && day_token(&tok[j]) && !year_token(text, &tok[j]))
		*last = j++;
	if (j < n_tok && tok[j].sentence == s && (qa_punct_is(text, &tok[j], ",") || (tok[j].flags & XLQA_TOKEN_STOP)))
		j++;
	if (j < n_tok && tok[j].sentence == s && year_token(text, &tok[j]))
		*last = j;
}

static bool norm_is_copula(const char *norm)
{
	return xlqa_lang_registry_has_word(XLQA_LANG_COPULAS, norm, strlen(norm));
}

/* The clause after token `i`: up to the next ',', ';', '.', ':' or parenthesis, or the sentence's end. */
static size_t clause_end(const struct xlqa_token *tok, size_t n_tok, size_t i)
{
	size_t j = i;

	while (j < n_tok && tok[j].sentence == tok[i].sentence && j - i < DEFINITION_MAX_WORDS &&
	       !(tok[j].kind == XLQA_SPAN_PUNCT && strchr(",;.:()", tok[j].norm[0]) && tok[j].norm[1] == '\0'))
		j++;
	return j;
}

/* Definitions of the target whose words are `tw[0..nt)` (normalised): "X, the Y," and "X is a Y". */
static int extract_definitions(struct xlqa_extraction *x, const char *text, const struct xlqa_analysis *target,
                               struct xlqa_error *err)
{
	const struct xlqa_token *tok = x->a.tokens;
	size_t n_tok = x->a.n_tokens, nt = 0, tw[16];
	int rc = XLQA_OK;

	for (size_t i = 0; i < target->n_tokens && nt < 16; i++)
		if (is_word(&target->tokens[i]) && !(target->tokens[i].flags & XLQA_TOKEN_ARTICLE))
			tw[nt++] = i;
	if (!nt)
		return XLQA_OK;
	for (size_t i = 0; i + nt <= n_tok && rc == XLQA_OK; i++) {
		size_t k = 0, after;

		while (k < nt && strcmp(tok[i + k].norm, target->tokens[tw[k]].norm) == 0)
			k++;
		if (k < nt || (after = i + nt) >= n_tok || tok[after].sentence != tok[i].sentence)
			continue;
		if (qa_punct_is(text, &tok[after], ",") || qa_punct_is(text, &tok[after], "("))
			rc = add_span(x, text, after + 1, clause_end(tok, n_tok, after + 1) - after - 1, XLQA_EXTRACT_DEFINITION,
			              err);
		else if (tok[after].kind == XLQA_SPAN_WORD && norm_is_copula(tok[after].norm))
			rc = add_span(x, text, after + 1, clause_end(tok, n_tok, after + 1) - after - 1, XLQA_EXTRACT_DEFINITION,
			              err);
	}
	return rc;
}

/*
 * The name [i, end) up to a Roman numeral inside it, as a name of its own: "Guaimar IV" in "Guaimar IV
 * de Salerne", "Henry VIII" in "Henry VIII of England".
 */
static int add_numbered(struct xlqa_extraction *x, const char *text, size_t i, size_t end, struct xlqa_error *err)
{
	const struct xlqa_token *tok = x->a.tokens;
	int rc = XLQA_OK;

	for (size_t k = i + 1; k + 1 < end && rc == XLQA_OK; k++)
		if (roman_numeral(text, &tok[k]))
			rc = add_span(x, text, i, k + 1 - i, XLQA_EXTRACT_NAME, err);
	return rc;
}

/* Numbers, measures, percentages, money and years starting at token `i`; returns the next token to look at. */
static int extract_number(struct xlqa_extraction *x, const char *text, size_t i, size_t *next, struct xlqa_error *err)
{
	const struct xlqa_token *tok = x->a.tokens;
	size_t n_tok = x->a.n_tokens, s = tok[i].sentence, end = i + 1, first = i;
	int rc;

	/* a number grouped by blanks is ICU's to read whole ("5 500 000"); its groups are no numbers */
	if ((i + 1 < n_tok && qa_blank_group(text, &tok[i], &tok[i + 1])) ||
	    (i > 0 && qa_blank_group(text, &tok[i - 1], &tok[i]))) {
		while (end < n_tok && qa_blank_group(text, &tok[end - 1], &tok[end]))
			end++;
		*next = end;
		return XLQA_OK;
	}
	if (year_token(text, &tok[i]) && !(i + 1 < n_tok && tok[i + 1].sentence == s && is_numeric(&tok[i + 1]))) {
		*next = i + 1;
		return add_span(x, text, i, 1, XLQA_EXTRACT_YEAR, err);
	}
	while (end < n_tok && tok[end].sentence == s && is_numeric(&tok[end]) && tok[end].kind == XLQA_SPAN_WORD)
		end++; /* "3 million", "zwei Millionen" */
	*next = end;
	if (i > 0 && tok[i - 1].sentence == s && currency(text, &tok[i - 1]))
		return add_span(x, text, i - 1, end - i + 1, XLQA_EXTRACT_MEASURE, err);
	if ((rc = add_span(x, text, first, end - first, XLQA_EXTRACT_NUMBER, err)))
		return rc;
	/* an article that is also a numeral counts nothing: "una economía", "eine Brücke" are no measures */
	if (end < n_tok && tok[end].sentence == s && qa_counted(text, &tok[end]) &&
	    !(end - first == 1 && qa_article_numeral(&tok[first])))
		return add_span(x, text, first, end - first + 1, XLQA_EXTRACT_MEASURE, err);
	return XLQA_OK;
}

/*
 * The end of the run of content words (not stop words, articles or punctuation) starting at `i`;
 * a hyphen or dash inside a word joins its parts ("water-cooled undergarment").
 */
static size_t content_run_end(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i)
{
	size_t end = i;

	while (end < n_tok && tok[end].sentence == tok[i].sentence) {
		if (is_word(&tok[end]) && !droppable(&tok[end]))
			end++;
		else if (end > i && word_joiner(text, tok, n_tok, end))
			end += 2;
		else
			break;
	}
	return end;
}

/* A word that joins two parts of a noun phrase: a name connector or the pack's (connectors.txt: "des", "al"). */
static bool phrase_connector(const struct xlqa_token *t)
{
	return t->kind == XLQA_SPAN_WORD &&
	       ((t->flags & XLQA_TOKEN_CONNECTOR) || name_connector(t->norm));
}

/*
 * Phrases joined through connectors, each perhaps followed by an article: the content-word run [i, end)
 * whole or its last JOIN_SIDE_WORDS words, then the next run's first words or all of it, up to
 * JOIN_HOPS connectors in a row ("rise of Adolf Hitler", "Canal de la Mancha", "Evolution des
 * adaptiven Immunsystems", "prueba de primalidad de Miller-Rabin").
 */
static int add_joined(struct xlqa_extraction *x, const char *text, size_t i, size_t end, struct xlqa_error *err)
{
	const struct xlqa_token *tok = x->a.tokens;
	size_t n_tok = x->a.n_tokens, at = end, s = tok[i].sentence;
	int rc = XLQA_OK;

	for (int hop = 0; hop < JOIN_HOPS && rc == XLQA_OK; hop++) {
		size_t j = at + 1, next;

		if (j >= n_tok || tok[at].sentence != s || !phrase_connector(&tok[at]))
			break;
		if ((tok[j].flags & XLQA_TOKEN_ARTICLE) && j + 1 < n_tok)
			j++;
		if (tok[j].sentence != s || (next = content_run_end(text, tok, n_tok, j)) == j)
			break;
		for (size_t a = i; a < end && rc == XLQA_OK; a++)
			for (size_t b = j + 1; b <= next && rc == XLQA_OK; b++)
				if ((a == i || end - a <= JOIN_SIDE_WORDS) && (b == next || b - j <= JOIN_SIDE_WORDS) &&
				    b - a <= JOIN_MAX_TOKENS)
					rc = add_span(x, text, a, b - a, XLQA_EXTRACT_PHRASE, err);
		at = next;
	}
	return rc;
}

/*
 * The phrases of the content-word run [i, end): the whole run and its shorter parts (answers are
 * often a part: "absolute value" in "absolute value yields"), up to PHRASE_MAX_WORDS words, and
 * the run joined through connectors to the next runs (add_joined).
 */
static int add_phrases(struct xlqa_extraction *x, const char *text, size_t i, size_t end, struct xlqa_error *err)
{
	int rc = XLQA_OK;

	for (size_t a = i; a < end && rc == XLQA_OK; a++)
		for (size_t b = a + 1; b <= end && b - a <= PHRASE_MAX_WORDS && rc == XLQA_OK; b++)
			if (b - a <= PHRASE_PART_WORDS || (a == i && b == end))
				rc = add_span(x, text, a, b - a, XLQA_EXTRACT_PHRASE, err);
	return rc ? rc : add_joined(x, text, i, end, err);
}

/* Where the list item ending before token `end` starts: a content-word run of up to ITEM_MAX_TOKENS tokens. */
static size_t item_start(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t end)
{
	size_t a = end;

	while (a > 0 && end - a < ITEM_MAX_TOKENS && tok[a - 1].sentence == tok[end - 1].sentence) {
		if (is_word(&tok[a - 1]) && !droppable(&tok[a - 1]))
			a--;
		else if (a >= 2 && a < end && word_joiner(text, tok, n_tok, a - 1))
			a -= 2;
		else
			break;
	}
	return a;
}

/*
 * A coordination of tokens [first, end) is a name when every word of its items is capitalised, or a
 * connector between capitalised words ("Word and Image", "Bank of England and Bank of France"); a
 * lower-case word or a number makes it a phrase, however its items begin ("Jahr 1993 zeigten Galor und
 * Zeira", "1993, et Farooq Leghari"), and so does having no capitalised word at all ("1350 und 1490").
 */
static enum xlqa_extract_kind coordination_kind(const char *text, const struct xlqa_token *tok, size_t first,
                                                size_t end)
{
	bool capitalised = false;

	for (size_t k = first; k < end; k++) {
		if (tok[k].kind == XLQA_SPAN_NUMBER)
			return XLQA_EXTRACT_PHRASE;
		if (tok[k].kind != XLQA_SPAN_WORD || (tok[k].flags & XLQA_TOKEN_CONJUNCTION))
			continue;
		if (qa_capitalised(text, &tok[k]))
			capitalised = true;
		else if (!name_connector(tok[k].norm))
			return XLQA_EXTRACT_PHRASE;
	}
	return capitalised ? XLQA_EXTRACT_NAME : XLQA_EXTRACT_PHRASE;
}

/*
 * Coordinations and lists around the conjunction at `c` ("Word and Image", "ctDNA, or cpDNA", "China,
 * Japan and Korea"): the item before it, with the items before that when commas join them, and the
 * first word or whole run after it (coordination_kind says name or phrase).
 */
static int add_coordination(struct xlqa_extraction *x, const char *text, size_t c, struct xlqa_error *err)
{
	const struct xlqa_token *tok = x->a.tokens;
	size_t n_tok = x->a.n_tokens, s = tok[c].sentence, le = c, la, rs = c + 1, re;
	int rc = XLQA_OK;

	if (le > 0 && qa_punct_is(text, &tok[le - 1], ","))
		le--;
	if (le == 0 || tok[le - 1].sentence != s || (la = item_start(text, tok, n_tok, le)) == le)
		return XLQA_OK;
	if (rs < n_tok && (tok[rs].flags & XLQA_TOKEN_ARTICLE))
		rs++;
	if (rs >= n_tok || tok[rs].sentence != s || (re = content_run_end(text, tok, n_tok, rs)) == rs)
		return XLQA_OK;
	if (re - rs > ITEM_MAX_TOKENS)
		re = rs + ITEM_MAX_TOKENS;
	if ((re > rs + 1 || la < le - 1) &&
	    (rc = add_span(x, text, le - 1, rs + 1 - (le - 1), coordination_kind(text, tok, le - 1, rs + 1), err)))
		return rc;
	for (size_t items = 2; items <= LIST_MAX_ITEMS && rc == XLQA_OK; items++) {
		rc = add_span(x, text, la, re - la, coordination_kind(text, tok, la, re), err);
		if (la < 2 || !qa_punct_is(text, &tok[la - 1], ",") || tok[la - 2].sentence != s)
			break;
		size_t before = item_start(text, tok, n_tok, la - 1);
		if (before == la - 1)
			break;
		la = before;
	}
	return rc;
}

/*
 * True when token `i` is the month of a date or the day before it ("28. Mai 2012", "12 de marzo"),
 * so that the day is no number of its own; [*first, *last] are then the date's tokens.
 */
static bool date_at(const char *text, const struct xlqa_token *tok, size_t n_tok, size_t i, size_t *first,
                    size_t *last)
{
	if (tok[i].flags & XLQA_TOKEN_MONTH) {
		date_bounds(text, tok, n_tok, i, first, last);
		return true;
	}
	if (!day_token(&tok[i]))
		return false;
	for (size_t m = i + 1; m < n_tok && m <= i + 2 && tok[m].sentence == tok[i].sentence; m++)
		if (tok[m].flags & XLQA_TOKEN_MONTH) {
			date_bounds(text, tok, n_tok, m, first, last);
			return *first <= i;
		}
	return false;
}

int xlqa_extract_run(struct xlqa_lang *lang, const char *text, size_t len, const char *target,
                     struct xlqa_extraction *x, struct xlqa_error *err)
{
	const struct xlqa_token *tok;
	size_t n_tok, i, last_sentence = (size_t)-1;
	int rc;

	x->n = 0;
	xlqa_lang_genitive_endings(lang, &x->genitive);
	if ((rc = xlqa_lang_analyze(lang, text, len, 0, &x->a, err)) || (rc = qa_icu_mark(lang, x, err)))
		return rc;
	tok = x->a.tokens;
	n_tok = x->a.n_tokens;
	/* names: capitalised runs; a sentence's first word counts unless it is a stop word */
	for (i = 0; i < n_tok && rc == XLQA_OK;) {
		bool first = tok[i].sentence != last_sentence;

		last_sentence = tok[i].sentence;
		if (qa_capitalised(text, &tok[i]) && !(first && (tok[i].flags & XLQA_TOKEN_STOP)) &&
		    !(tok[i].flags & (XLQA_TOKEN_MONTH | XLQA_TOKEN_WEEKDAY | XLQA_TOKEN_NUMERIC))) {
			size_t end = name_end(text, tok, n_tok, i, first), longer = lower_part_end(text, tok, n_tok, i, end);

			rc = add_span(x, text, i, end - i, XLQA_EXTRACT_NAME, err);
			if (rc == XLQA_OK && longer > end)
				rc = add_span(x, text, i, longer - i, XLQA_EXTRACT_NAME, err);
			if (rc == XLQA_OK && end - i > 1)
				rc = add_name_parts(x, text, i, end, err);
			if (rc == XLQA_OK && end - i > 1)
				rc = add_possessor(x, text, i, end, err);
			if (rc == XLQA_OK && longer > end)
				rc = add_name_parts(x, text, i, longer, err);
			if (rc == XLQA_OK)
				rc = add_numbered(x, text, i, end, err);
			i = end;
		} else
			i++;
	}
	/* years, dates, numbers and measures */
	for (i = 0; i < n_tok && rc == XLQA_OK;) {
		size_t next = i + 1, first, last;

		if (date_at(text, tok, n_tok, i, &first, &last)) {
			rc = add_span(x, text, first, last - first + 1, XLQA_EXTRACT_DATE, err);
			next = last + 1;
		} else if (is_numeric(&tok[i]) && !(tok[i].flags & XLQA_TOKEN_ORDINAL))
			rc = extract_number(x, text, i, &next, err);
		i = next;
	}
	/* phrases: runs of content words, whole and their parts, and two runs joined by a connector */
	for (i = 0; i < n_tok && rc == XLQA_OK;) {
		size_t end = content_run_end(text, tok, n_tok, i);

		if (end > i)
			rc = add_phrases(x, text, i, end, err);
		i = end > i ? end : i + 1;
	}
	/* coordinations and lists */
	for (i = 1; i + 1 < n_tok && rc == XLQA_OK; i++)
		if (tok[i].kind == XLQA_SPAN_WORD && (tok[i].flags & XLQA_TOKEN_CONJUNCTION))
			rc = add_coordination(x, text, i, err);
	if (rc == XLQA_OK && target && *target) {
		struct xlqa_analysis t;

		xlqa_analysis_init(&t);
		if ((rc = xlqa_lang_analyze(lang, target, strlen(target), 0, &t, err)) == XLQA_OK)
			rc = extract_definitions(x, text, &t, err);
		xlqa_analysis_release(&t);
	}
	return rc ? rc : qa_icu_extract(lang, text, x, err);
}

int xlqa_answer_trim(struct xlqa_lang *lang, const char *text, size_t *start, size_t *end, struct xlqa_error *err)
{
	struct xlqa_analysis a;
	size_t first = 0, n;
	int rc;

	xlqa_analysis_init(&a);
	if ((rc = xlqa_lang_analyze(lang, text + *start, *end - *start, 0, &a, err)) == XLQA_OK) {
		n = a.n_tokens;
		trim_tokens(text + *start, a.tokens, &first, &n);
		if (n) {
			*end = *start + a.tokens[first + n - 1].end;
			*start += a.tokens[first].start;
		} else
			*end = *start;
	}
	xlqa_analysis_release(&a);
	return rc;
}

int xlqa_answer_key(struct xlqa_lang *lang, const char *text, size_t len, struct xlqa_buf *out, struct xlqa_error *err)
{
	struct xlqa_analysis a;
	bool any = false;
	int rc;

	xlqa_analysis_init(&a);
	if ((rc = xlqa_lang_analyze(lang, text, len, 0, &a, err)) == XLQA_OK)
		for (size_t i = 0; i < a.n_tokens && rc == XLQA_OK; i++) {
			const struct xlqa_token *t = &a.tokens[i];

			if (!is_word(t) || (t->flags & XLQA_TOKEN_ARTICLE))
				continue;
			if ((any && xlqa_buf_addch(out, ' ')) || xlqa_buf_addstr(out, t->norm))
				rc = xlqa_error_set(err, XLQA_ENOMEM, "out of memory");
			any = true;
		}
	xlqa_analysis_release(&a);
	return rc;
}
