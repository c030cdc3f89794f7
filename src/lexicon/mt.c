/*
 * mt: machine translation of whole questions through Apertium, beside the lexicon's word-by-word
 * translation. Apertium translates with a pipeline of programs described by a mode file per pair
 * (/usr/share/apertium/modes/eng-spa.mode); started once with every program in null-flush mode
 * (-z, as apertium-wblank-mode writes it), the pipeline answers each text that ends in a NUL byte
 * with its translation and a NUL, and keeps running, so a run starts Apertium once, not once per
 * question; xlqa_mt_prepare writes a run's questions in one go, so the pipeline's programs work on
 * them side by side instead of waiting for one another's answer each time. Pairs without a direct
 * mode go through Spanish, the language every Apertium pair Debian 12 has between CLEF languages
 * shares. The translation is analysed in the target language and its content words join the
 * lexicon's query (xlqa_mt_fuse).
 *
 * Invariant: a struct xlqa_mt owns one running pipeline, talked to through one socket (so a pipeline
 * that died gives an error, not SIGPIPE), and reaps it when freed.
 */
#include "config.h"

#include "lexicon-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define MT_TIMEOUT_S 120 /* one text; the first one also loads the pipeline's data ($XLQA_APERTIUM_TIMEOUT) */
#define MT_ALT_WEIGHT 0.6    /* a translation only the machine gives */
#define MT_AGREE_WEIGHT 0.8  /* what the machine adds to a lexicon alternative it agrees with (noisy-or) */
#define MT_MAX_GROUPS 32     /* the query's size past which the machine's words add no group */

/* The Apertium modes Debian 12 installs between CLEF languages: one row a direction. */
static const struct mt_mode {
	const char *source, *target; /* ISO 639-1 */
	const char *mode;            /* the mode file's name without ".mode" */
	const char *package;         /* the Debian package that installs it */
} mt_modes[] = {
	{ "en", "es", "eng-spa", "apertium-eng-spa" }, { "es", "en", "spa-eng", "apertium-eng-spa" },
	{ "es", "pt", "es-pt", "apertium-es-pt" },     { "pt", "es", "pt-es", "apertium-es-pt" },
	{ "es", "it", "spa-ita", "apertium-spa-ita" }, { "it", "es", "ita-spa", "apertium-spa-ita" },
	{ "fr", "es", "fr-es", "apertium-fr-es" },     { "es", "fr", "es-fr", "apertium-fr-es" },
};
#define MT_PIVOT "es"

struct xlqa_mt {
	pid_t pid;
	int fd;
	char path[64]; /* "eng-spa" or "eng-spa+spa-ita", for messages and xlqa_mt_path */
	struct xlqa_buf in, out;
	/* xlqa_mt_prepare's texts, encoded, and the pipeline's answers to them, each ending in a NUL;
	 * the next to hand out start at ahead_in_at and ahead_out_at */
	struct xlqa_buf ahead_in, ahead_out;
	size_t ahead_in_at, ahead_out_at;
	struct xlqa_analysis analysis;
	struct xlqa_buf stem;
	bool probing; /* xlqa_mt_start's first text is sent, its answer not read yet (mt_ready reads it) */
};

static const struct mt_mode *mode_find(const char *source, const char *target)
{
	for (size_t i = 0; i < sizeof mt_modes / sizeof mt_modes[0]; i++)
		if (strcmp(mt_modes[i].source, source) == 0 && strcmp(mt_modes[i].target, target) == 0)
			return &mt_modes[i];
	return NULL;
}

/* The one or two modes from source to target, or 0 when Apertium has no path between them. */
static size_t mt_route(const char *source, const char *target, const struct mt_mode *route[2])
{
	if ((route[0] = mode_find(source, target)))
		return 1;
	if (strcmp(source, MT_PIVOT) == 0 || strcmp(target, MT_PIVOT) == 0)
		return 0;
	route[0] = mode_find(source, MT_PIVOT);
	route[1] = mode_find(MT_PIVOT, target);
	return route[0] && route[1] ? 2 : 0;
}

bool xlqa_mt_has_path(const char *source, const char *target)
{
	const struct mt_mode *route[2];
	return mt_route(source, target, route) > 0;
}

/* How long the pipeline may take to answer, in seconds: $XLQA_APERTIUM_TIMEOUT (1 to 86400), else 120. */
static int mt_timeout_s(void)
{
	const char *v = getenv("XLQA_APERTIUM_TIMEOUT");
	char *end;
	long t = v && *v ? strtol(v, &end, 10) : 0;

	return v && *v && !*end && t >= 1 && t <= 86400 ? (int)t : MT_TIMEOUT_S;
}

static const char *modes_dir(void)
{
	const char *d = getenv("XLQA_APERTIUM_MODES");
	return d && *d ? d : "/usr/share/apertium/modes";
}

/* The mode file of `mode` into `path`. */
enum { MT_MODE_PATH_SIZE = 1024 };
static void mode_file(const struct mt_mode *mode, char path[MT_MODE_PATH_SIZE])
{
	snprintf(path, MT_MODE_PATH_SIZE, "%s/%s.mode", modes_dir(), mode->mode);
}

/* True when `program` is an executable file in a folder of $PATH. */
static bool on_path(const char *program)
{
	const char *dirs = getenv("PATH");
	char file[4096];

	for (const char *d = dirs ? dirs : ""; *d;) {
		size_t n = strcspn(d, ":");
		if (n > 0 && n < sizeof file - strlen(program) - 2) {
			snprintf(file, sizeof file, "%.*s/%s", (int)n, d, program);
			if (access(file, X_OK) == 0)
				return true;
		}
		d += n + (d[n] == ':');
	}
	return false;
}

const char *xlqa_mt_missing(const char *source, const char *target)
{
	const struct mt_mode *route[2];
	size_t n = mt_route(source, target, route);
	char path[MT_MODE_PATH_SIZE];

	for (size_t i = 0; i < n; i++) {
		mode_file(route[i], path);
		if (access(path, R_OK))
			return route[i]->package;
	}
	return n && !on_path("apertium-wblank-mode") ? "apertium" : NULL;
}

static int mt_broken(struct xlqa_mt *mt, const char *what, struct xlqa_error *err);
static int mt_encode(const char *text, size_t len, struct xlqa_buf *in);
static int mt_exchange(struct xlqa_mt *mt, const struct xlqa_buf *in, size_t want, struct xlqa_buf *answers,
		       struct xlqa_error *err);

/* Starts `sh -c script sh MODE...` with its standard input and output on one end of a socket pair. */
static int spawn(struct xlqa_mt *mt, char *const argv[], struct xlqa_error *err)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return xlqa_error_errno(err, XLQA_EIO, "cannot start apertium '%s'", mt->path);
	mt->pid = fork();
	if (mt->pid < 0) {
		int e = errno;
		close(sv[0]);
		close(sv[1]);
		return xlqa_error_set(err, XLQA_EIO, "cannot start apertium '%s': %s", mt->path, strerror(e));
	}
	if (mt->pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		/* a process group of its own: a pipeline that hangs is stopped whole (mt_stop) */
		if (setpgid(0, 0) < 0 || dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0 || null < 0 || dup2(null, 2) < 0)
			_exit(126);
		execv("/bin/sh", argv);
		_exit(127);
	}
	close(sv[1]);
	mt->fd = sv[0];
	return XLQA_OK;
}

int xlqa_mt_start(const char *source, const char *target, struct xlqa_mt **out, struct xlqa_error *err)
{
	/* Each hop is one mode's pipeline in null-flush mode; the last one marks unknown words ('*'). */
	static const char script[] =
		"command -v apertium-wblank-mode >/dev/null 2>&1 || exit 127\n"
		"hop() { m=$1; shift; p=$(apertium-wblank-mode -z \"$m\") || exit 1; eval \"$p\"; }\n";
	const struct mt_mode *route[2];
	size_t n = mt_route(source, target, route);
	char modes[2][MT_MODE_PATH_SIZE], text[512];
	char *argv[6];
	struct xlqa_mt *mt;
	int rc;

	*out = NULL;
	if (!n)
		return xlqa_error_set(err, XLQA_ENOTFOUND, "no Apertium path from '%s' to '%s'", source, target);
	for (size_t i = 0; i < n; i++) {
		mode_file(route[i], modes[i]);
		if (access(modes[i], R_OK))
			return xlqa_error_set(err, XLQA_ENOTFOUND, "cannot read Apertium mode '%s': %s (install %s)",
					      modes[i], strerror(errno), route[i]->package);
	}
	if (!(mt = calloc(1, sizeof *mt)))
		return xlqa_error_status(err, XLQA_ENOMEM, "opening machine translation");
	mt->fd = -1;
	xlqa_buf_init(&mt->in);
	xlqa_buf_init(&mt->out);
	xlqa_buf_init(&mt->stem);
	xlqa_buf_init(&mt->ahead_in);
	xlqa_buf_init(&mt->ahead_out);
	xlqa_analysis_init(&mt->analysis);
	snprintf(mt->path, sizeof mt->path, "%s%s%s", route[0]->mode, n > 1 ? "+" : "", n > 1 ? route[1]->mode : "");
	snprintf(text, sizeof text, "%s%s", script,
		 n == 1 ? "hop \"$1\" -g ''\n" : "hop \"$1\" -n '' | hop \"$2\" -g ''\n");
	argv[0] = "sh";
	argv[1] = "-c";
	argv[2] = text;
	argv[3] = "sh";
	argv[4] = modes[0];
	argv[5] = n > 1 ? modes[1] : NULL;
	{
		char *full[7] = { argv[0], argv[1], argv[2], argv[3], argv[4], argv[5], NULL };
		rc = spawn(mt, full, err);
	}
	/* a first text, sent now (a few bytes: the socket takes them at once) and answered while the
	 * pipeline's programs load their data; xlqa_mt_ready reads the answer */
	if (!rc && (mt_encode("a", 1, &mt->in) ||
	            send(mt->fd, mt->in.buf, mt->in.len, MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)mt->in.len))
		rc = mt_broken(mt, "cannot send it a first text", err);
	if (rc) {
		xlqa_mt_free(mt);
		return rc;
	}
	mt->probing = true;
	*out = mt;
	return XLQA_OK;
}

int xlqa_mt_ready(struct xlqa_mt *mt, struct xlqa_error *err)
{
	int rc;

	if (!mt->probing)
		return XLQA_OK;
	if (mt->fd < 0)
		return mt_broken(mt, "not running", err);
	xlqa_buf_reset(&mt->in);
	xlqa_buf_reset(&mt->out);
	if ((rc = mt_exchange(mt, &mt->in, 1, &mt->out, err)))
		return rc;
	mt->probing = false;
	return XLQA_OK;
}

int xlqa_mt_open(const char *source, const char *target, struct xlqa_mt **out, struct xlqa_error *err)
{
	int rc;

	if ((rc = xlqa_mt_start(source, target, out, err)))
		return rc;
	if ((rc = xlqa_mt_ready(*out, err))) {
		xlqa_mt_free(*out);
		*out = NULL;
	}
	return rc;
}

const char *xlqa_mt_path(const struct xlqa_mt *mt)
{
	return mt->path;
}

void xlqa_mt_free(struct xlqa_mt *mt)
{
	if (!mt)
		return;
	if (mt->fd >= 0)
		close(mt->fd); /* the pipeline reads its end of input and stops */
	if (mt->pid > 0) {
		int status;
		while (waitpid(mt->pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	xlqa_buf_release(&mt->in);
	xlqa_buf_release(&mt->out);
	xlqa_buf_release(&mt->stem);
	xlqa_buf_release(&mt->ahead_in);
	xlqa_buf_release(&mt->ahead_out);
	xlqa_analysis_release(&mt->analysis);
	free(mt);
}

/*
 * Stops a pipeline that does not answer: its whole process group is killed and reaped, so later
 * calls fail at once ("not running") instead of waiting again, and xlqa_mt_free does not wait on it.
 */
static void mt_stop(struct xlqa_mt *mt)
{
	if (mt->fd >= 0)
		close(mt->fd);
	mt->fd = -1;
	if (mt->pid > 0) {
		kill(-mt->pid, SIGKILL);
		while (waitpid(mt->pid, NULL, 0) < 0 && errno == EINTR)
			;
		mt->pid = 0;
	}
}

/* The pipeline stopped or failed: the error, with its exit status when it has one. */
static int mt_broken(struct xlqa_mt *mt, const char *what, struct xlqa_error *err)
{
	int status;

	if (mt->pid > 0 && waitpid(mt->pid, &status, WNOHANG) == mt->pid) {
		mt->pid = 0;
		return xlqa_error_set(err, XLQA_EEXTERNAL, "apertium '%s' stopped (%s %d)%s", mt->path,
				      WIFEXITED(status) ? "exit status" : "signal",
				      WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
				      WIFEXITED(status) && WEXITSTATUS(status) == 127 ? ": apertium not installed" : "");
	}
	return xlqa_error_set(err, XLQA_EEXTERNAL, "apertium '%s': %s", mt->path, what);
}

/* Appends `text` to `in` in Apertium's stream format: reserved characters escaped, line ends as
 * blanks, a NUL at the end of the text. */
static int mt_encode(const char *text, size_t len, struct xlqa_buf *in)
{
	static const char reserved[] = "\\[]^$/@<>{}#*";

	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c == '\0' || c == '\n' || c == '\r')
			c = ' ';
		if ((strchr(reserved, c) && xlqa_buf_addch(in, '\\')) || xlqa_buf_addch(in, c))
			return XLQA_ENOMEM;
	}
	return xlqa_buf_add(in, "\n\0", 2);
}

/*
 * Writes `in` to the pipeline as fast as it takes it, and reads what it answers into `answers`
 * until `want` more NULs have come: the writes and reads alternate through poll, so a pipeline whose
 * output fills while its input is still being written does not stall both sides.
 */
static int mt_exchange(struct xlqa_mt *mt, const struct xlqa_buf *in, size_t want, struct xlqa_buf *answers,
		       struct xlqa_error *err)
{
	size_t sent = 0;
	int timeout = mt_timeout_s();

	while (want > 0) {
		struct pollfd p = { mt->fd, (short)(POLLIN | (sent < in->len ? POLLOUT : 0)), 0 };
		char chunk[4096];
		ssize_t r;
		int ready = poll(&p, 1, timeout * 1000);

		if (ready < 0 && errno == EINTR)
			continue;
		if (ready == 0) {
			mt_stop(mt);
			return xlqa_error_set(err, XLQA_EEXTERNAL, "apertium '%s': no answer in %d s (stopped)", mt->path,
			                      timeout);
		}
		if (ready < 0)
			return mt_broken(mt, strerror(errno), err);
		if (sent < in->len && (p.revents & POLLOUT)) {
			ssize_t w = send(mt->fd, in->buf + sent, in->len - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
			if (w < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
				return mt_broken(mt, strerror(errno), err);
			sent += w > 0 ? (size_t)w : 0;
		}
		if (!(p.revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		r = recv(mt->fd, chunk, sizeof chunk, MSG_DONTWAIT);
		if (r < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
			continue;
		if (r <= 0)
			return mt_broken(mt, r < 0 ? strerror(errno) : "end of output", err);
		if (xlqa_buf_add(answers, chunk, (size_t)r))
			return xlqa_error_status(err, XLQA_ENOMEM, "machine-translating the question");
		for (const char *c = chunk; (c = memchr(c, '\0', (size_t)(chunk + r - c))); c++)
			if (want-- == 1 && c + 1 < chunk + r)
				return mt_broken(mt, "more answers than texts", err);
	}
	return XLQA_OK;
}

/* Forgets what xlqa_mt_prepare translated ahead. */
static void mt_unprepare(struct xlqa_mt *mt)
{
	xlqa_buf_reset(&mt->ahead_in);
	xlqa_buf_reset(&mt->ahead_out);
	mt->ahead_in_at = mt->ahead_out_at = 0;
}

int xlqa_mt_prepare(struct xlqa_mt *mt, const char *const *texts, size_t n, struct xlqa_error *err)
{
	int rc;

	mt_unprepare(mt);
	if (mt->fd < 0)
		return mt_broken(mt, "not running", err);
	if ((rc = xlqa_mt_ready(mt, err)))
		return rc;
	for (size_t i = 0; i < n; i++)
		if (mt_encode(texts[i], strlen(texts[i]), &mt->ahead_in))
			return xlqa_error_status(err, XLQA_ENOMEM, "machine-translating the questions");
	if ((rc = mt_exchange(mt, &mt->ahead_in, n, &mt->ahead_out, err)))
		mt_unprepare(mt);
	return rc;
}

/*
 * Appends to `out` the pipeline's answer to the encoded text mt->in, without its NUL: the next
 * prepared answer when mt->in is the next prepared text, else a round trip (and what was prepared
 * is dropped: the pipeline's state has moved past it).
 */
static int mt_answer(struct xlqa_mt *mt, struct xlqa_buf *out, struct xlqa_error *err)
{
	int rc;

	if (mt->ahead_in_at < mt->ahead_in.len) {
		const char *next = mt->ahead_in.buf + mt->ahead_in_at;
		const char *answer = mt->ahead_out.buf + mt->ahead_out_at;
		size_t alen = strlen(answer);

		if (mt->ahead_in.len - mt->ahead_in_at >= mt->in.len && memcmp(next, mt->in.buf, mt->in.len) == 0) {
			mt->ahead_in_at += mt->in.len;
			mt->ahead_out_at += alen + 1;
			if (xlqa_buf_add(out, answer, alen))
				return xlqa_error_status(err, XLQA_ENOMEM, "machine-translating the question");
			return XLQA_OK;
		}
		mt_unprepare(mt);
	}
	if ((rc = mt_exchange(mt, &mt->in, 1, out, err)))
		return rc;
	xlqa_buf_setlen(out, out->len - 1); /* the answer's NUL, its last byte */
	return XLQA_OK;
}

int xlqa_mt_translate(struct xlqa_mt *mt, const char *text, size_t len, struct xlqa_buf *out, struct xlqa_error *err)
{
	size_t start = out->len, j;
	int rc;

	if (mt->fd < 0)
		return mt_broken(mt, "not running", err);
	if ((rc = xlqa_mt_ready(mt, err)))
		return rc;
	xlqa_buf_reset(&mt->in);
	if (mt_encode(text, len, &mt->in))
		return xlqa_error_status(err, XLQA_ENOMEM, "machine-translating the question");
	if ((rc = mt_answer(mt, out, err)))
		return rc;
	/* escapes out, trailing blanks out */
	j = start;
	for (size_t i = start; i < out->len; i++) {
		if (out->buf[i] == '\\' && i + 1 < out->len)
			i++;
		out->buf[j++] = out->buf[i];
	}
	while (j > start && (out->buf[j - 1] == ' ' || out->buf[j - 1] == '\n'))
		j--;
	xlqa_buf_setlen(out, j);
	return XLQA_OK;
}

/* True when alternative `alt` of a query is, or has the stem of, the word `norm` / `stem`. */
static bool alt_matches(struct xlqa_mt *mt, struct xlqa_lang *lang, const char *alt, const char *norm,
			const char *stem, struct xlqa_error *err, int *rc)
{
	struct xlqa_buf folded = XLQA_BUF_INIT;
	bool same = false;

	if (strchr(alt, ' ')) /* a phrase: the machine's single words are other evidence */
		return false;
	if ((*rc = lex_normalize(alt, strlen(alt), &folded, err)))
		return false;
	same = strcmp(folded.buf, norm) == 0;
	if (!same && stem) {
		xlqa_buf_reset(&mt->stem);
		if ((*rc = xlqa_lang_stem(lang, folded.buf, folded.len, &mt->stem, err)) == XLQA_OK)
			same = strcmp(mt->stem.buf, stem) == 0;
	}
	xlqa_buf_release(&folded);
	return same;
}

int xlqa_mt_fuse(struct xlqa_mt *mt, struct xlqa_lang *target, const char *text, struct xlqa_query *q,
		 struct xlqa_mt_stats *stats, struct xlqa_error *err)
{
	int rc;

	if ((rc = xlqa_lang_analyze(target, text, strlen(text), XLQA_ANALYZE_STEMS, &mt->analysis, err)))
		return rc;
	for (size_t i = 0; i < mt->analysis.n_tokens; i++) {
		const struct xlqa_token *tok = &mt->analysis.tokens[i];
		bool agreed = false;
		size_t g;

		if (tok->kind != XLQA_SPAN_WORD || (tok->flags & (XLQA_TOKEN_STOP | XLQA_TOKEN_NUMERIC)))
			continue;
		/* Apertium's marks: '*' a word it does not know (passed through: the lexicon handles
		 * names), '@' one its transfer lost; '#' a lemma it could not inflect is still the word */
		if (tok->start > 0 && (text[tok->start - 1] == '*' || text[tok->start - 1] == '@'))
			continue;
		if (stats)
			stats->words++;
		/* in each group the alternatives the word is, else those that share its stem */
		for (g = 0; g < q->n_groups && !rc; g++) {
			struct xlqa_query_group *grp = &q->groups[g];
			bool found = false;
			for (int by_stem = 0; by_stem < 2 && !found && !rc; by_stem++)
				for (size_t a = 0; a < grp->n_alts && !rc; a++)
					if (alt_matches(mt, target, grp->alts[a].text, tok->norm, by_stem ? tok->stem : NULL,
							err, &rc)) {
						grp->alts[a].weight = 1 - (1 - grp->alts[a].weight) * (1 - MT_AGREE_WEIGHT);
						found = agreed = true;
					}
		}
		if (rc)
			return rc;
		if (agreed) {
			if (stats)
				stats->agreed++;
			continue;
		}
		if (q->n_groups >= MT_MAX_GROUPS)
			continue;
		if ((rc = xlqa_query_add_group(q, "mt", 1.0, 0, &g)) ||
		    (rc = xlqa_query_add_alt(q, g, text + tok->start, tok->end - tok->start, MT_ALT_WEIGHT)))
			return xlqa_error_status(err, rc, "fusing machine translation into the query");
		if (stats)
			stats->added++;
	}
	return XLQA_OK;
}

int xlqa_mt_query(struct xlqa_mt *mt, struct xlqa_lang *target, const char *question, struct xlqa_query *q,
		  struct xlqa_buf *text, struct xlqa_mt_stats *stats, struct xlqa_error *err)
{
	int rc;

	xlqa_buf_reset(&mt->out);
	if ((rc = xlqa_mt_translate(mt, question, strlen(question), &mt->out, err)) ||
	    (rc = xlqa_mt_fuse(mt, target, mt->out.buf, q, stats, err)))
		return rc;
	if (text && xlqa_buf_add(text, mt->out.buf, mt->out.len))
		return xlqa_error_status(err, XLQA_ENOMEM, "making the query from machine translation");
	return XLQA_OK;
}
