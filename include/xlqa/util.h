/*
 * util: the pieces every module stands on. One status enum for the whole library, the error
 * structure a failing call fills, a growable byte buffer with git strbuf's invariants, an arena for
 * per-document and per-question scratch, checked array growth and a string-keyed hash table.
 *
 * Invariant: nothing here prints or exits; every allocation failure is reported as XLQA_ENOMEM.
 *
 * Ownership as xlqa.h states it; caller-declared structs released by xlqa_arena_release(),
 * xlqa_buf_release(), xlqa_file_out_release(), xlqa_dir_out_release(), xlqa_hash_release().
 */
#ifndef XLQA_UTIL_H
#define XLQA_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define XLQA_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define XLQA_PRINTF(f, a)
#endif

/* The library's one status enum: 0 is success, errors are negative. */
enum xlqa_status {
	XLQA_OK = 0,
	XLQA_ENOMEM = -1,      /* an allocation failed */
	XLQA_EINVAL = -2,      /* a caller passed an invalid argument or option */
	XLQA_EIO = -3,         /* reading or writing a file failed */
	XLQA_EPARSE = -4,      /* input does not follow its format */
	XLQA_EENCODING = -5,   /* bytes that cannot be decoded in the declared encoding */
	XLQA_ENOTFOUND = -6,   /* a named thing (language, file, entry) does not exist */
	XLQA_EUNSUPPORTED = -7, /* a valid request this build cannot serve */
	XLQA_EOVERFLOW = -8,   /* a size or count exceeds what the format or memory can hold */
	XLQA_EEMPTY = -9,      /* input that must hold something holds nothing */
	XLQA_EEXTERNAL = -10,  /* a library xlqa relies on (ICU, iconv, hunspell) failed */
	XLQA_ECORRUPT = -11,   /* a file xlqa wrote fails its own checks */
};

/* The symbolic name of a status ("XLQA_EPARSE"), or "XLQA_E?" for an unknown value. Static storage. */
const char *xlqa_status_name(int status);
/* A short lower-case description of a status ("malformed input"). Static storage. */
const char *xlqa_strerror(int status);

/*
 * What a failing call says about its failure. Callers own it, usually on the stack; it needs no
 * release. `offset` and `line` locate input errors (byte offset from the start of the input, 1-based
 * line) and are -1 when they do not apply.
 */
#define XLQA_ERROR_MAX 512
struct xlqa_error {
	int status;
	int64_t offset;
	int64_t line;
	char message[XLQA_ERROR_MAX];
};

/* Clears `err` (status XLQA_OK, empty message, no location). `err` may be NULL. */
void xlqa_error_clear(struct xlqa_error *err);
/*
 * Fills `err` with `status` and a printf-formatted message (truncated to XLQA_ERROR_MAX - 1 bytes)
 * and returns `status`, so a failure reads `return xlqa_error_set(err, XLQA_EIO, "...", ...);`.
 * `err` may be NULL, in which case only the status is returned. The location is reset to -1.
 */
int xlqa_error_set(struct xlqa_error *err, int status, const char *fmt, ...) XLQA_PRINTF(3, 4);
/* As xlqa_error_set, and records a byte offset and line (-1 for none) in the error. */
int xlqa_error_at(struct xlqa_error *err, int status, int64_t offset, int64_t line, const char *fmt, ...)
	XLQA_PRINTF(5, 6);
/*
 * As xlqa_error_set, with ": " and strerror(errno) appended, errno as it was on entry (git's
 * error_errno): `return xlqa_error_errno(err, XLQA_EIO, "cannot open '%s'", path);`.
 */
int xlqa_error_errno(struct xlqa_error *err, int status, const char *fmt, ...) XLQA_PRINTF(3, 4);
/*
 * An input error located in `file`: the message reads "file:line: ..." ("file: ..." when line < 1)
 * and `offset` and `line` are recorded (-1 for none), so no caller writes "%s:%lld:" itself:
 * `return xlqa_error_in(err, XLQA_EPARSE, path, -1, line, "question number expected");`.
 */
int xlqa_error_in(struct xlqa_error *err, int status, const char *file, int64_t offset, int64_t line, const char *fmt,
                  ...) XLQA_PRINTF(6, 7);
/*
 * Puts the location of the error already in `err` in front of its message: "file:line: " from its
 * recorded line, "file: " without one. For a caller that knows the file its callee's error is in.
 */
void xlqa_error_locate(struct xlqa_error *err, const char *file);
/*
 * A status without more to say than its name, with its subject: "subject: out of memory" (the
 * subject formatted from fmt, the rest xlqa_strerror(status)), never a bare status name.
 */
int xlqa_error_status(struct xlqa_error *err, int status, const char *fmt, ...) XLQA_PRINTF(3, 4);
/* Puts "prefix: " in front of the message already in `err` (truncating the end); `err` may be NULL.
 * The prefix is a subject and ends without a colon: the ": " is added here. */
void xlqa_error_prefix(struct xlqa_error *err, const char *fmt, ...) XLQA_PRINTF(2, 3);

/*
 * A growable byte buffer. Invariants (git's strbuf): `buf` is never NULL, `buf[len]` is always
 * '\0', and `alloc` is 0 while `buf` points at a shared empty string. Bytes may include NULs.
 * The caller owns the struct; xlqa_buf_release frees what it holds.
 */
struct xlqa_buf {
	size_t alloc;
	size_t len;
	char *buf;
};
extern char xlqa_buf_empty[];
#define XLQA_BUF_INIT { 0, 0, xlqa_buf_empty }

void xlqa_buf_init(struct xlqa_buf *b);
/* Frees the storage and leaves `b` initialised and empty. */
void xlqa_buf_release(struct xlqa_buf *b);
/* Makes room for `extra` more bytes beyond len; XLQA_ENOMEM or XLQA_EOVERFLOW on failure. */
int xlqa_buf_grow(struct xlqa_buf *b, size_t extra);
/* Sets len to 0, keeping the storage. */
void xlqa_buf_reset(struct xlqa_buf *b);
/* Shortens the buffer to `len` bytes (len must not exceed b->len). */
void xlqa_buf_setlen(struct xlqa_buf *b, size_t len);
int xlqa_buf_add(struct xlqa_buf *b, const void *data, size_t len);
int xlqa_buf_addstr(struct xlqa_buf *b, const char *s);
int xlqa_buf_addch(struct xlqa_buf *b, int c);
int xlqa_buf_addf(struct xlqa_buf *b, const char *fmt, ...) XLQA_PRINTF(2, 3);
int xlqa_buf_vaddf(struct xlqa_buf *b, const char *fmt, va_list ap) XLQA_PRINTF(2, 0);
/* Appends one Unicode scalar value as UTF-8; XLQA_EINVAL for surrogates or values past U+10FFFF. */
int xlqa_buf_add_utf8(struct xlqa_buf *b, uint32_t cp);
/*
 * Hands the storage to the caller (free() it) and leaves `b` empty. An empty buffer yields a fresh
 * empty string; NULL only when allocating that one byte fails.
 */
char *xlqa_buf_detach(struct xlqa_buf *b, size_t *len);

/*
 * Checked array growth: makes `*items` (an array of `elem_size`-byte elements, `*alloc` of them
 * allocated) hold at least `need` elements, growing by half again so appends are amortised O(1).
 * `pitems` is the address of the caller's array pointer. On failure the array is left as it was.
 * Returns XLQA_OK, XLQA_ENOMEM or XLQA_EOVERFLOW.
 */
int xlqa_array_reserve(void *pitems, size_t *alloc, size_t need, size_t elem_size);
/* XLQA_ARRAY_RESERVE(ptr, alloc, need): the same, with the element size taken from `ptr`. */
#define XLQA_ARRAY_RESERVE(ptr, alloc, need) xlqa_array_reserve(&(ptr), &(alloc), (need), sizeof *(ptr))

/*
 * An arena: allocations live until xlqa_arena_reset or xlqa_arena_release, and are never freed one
 * by one. Reset keeps the largest block for reuse, so per-document scratch stops allocating once warm.
 */
struct xlqa_arena_block;
struct xlqa_arena {
	struct xlqa_arena_block *head;
	size_t block_size; /* bytes per ordinary block; default 64 KiB */
	size_t used_total; /* bytes handed out since the last reset */
};
void xlqa_arena_init(struct xlqa_arena *a, size_t block_size);
/* Memory aligned for any object, or NULL when out of memory. Zero-size requests get a valid pointer. */
void *xlqa_arena_alloc(struct xlqa_arena *a, size_t size);
/* A NUL-terminated copy of `len` bytes of `s` in the arena, or NULL when out of memory. */
char *xlqa_arena_strndup(struct xlqa_arena *a, const char *s, size_t len);
void xlqa_arena_reset(struct xlqa_arena *a);
void xlqa_arena_release(struct xlqa_arena *a);

/* 64-bit FNV-1a of `len` bytes (Fowler, Noll and Vo): the hash every table in xlqa uses. */
uint64_t xlqa_hash_bytes(const void *data, size_t len);

/*
 * A hash table from byte-string keys to pointer values, open addressing with linear probing.
 * Keys are copied into the table's own arena; values are the caller's. Not thread safe.
 */
struct xlqa_hash_entry {
	const char *key; /* NUL-terminated copy owned by the table; NULL marks an empty slot */
	size_t key_len;
	uint64_t hash;
	void *value;
};
struct xlqa_hash {
	struct xlqa_hash_entry *slots;
	size_t n_slots; /* a power of two, or 0 before the first insert */
	size_t count;
	struct xlqa_arena keys;
};
void xlqa_hash_init(struct xlqa_hash *h);
void xlqa_hash_release(struct xlqa_hash *h);
/*
 * Sets key -> value. If the key was present its value is replaced and, when `old` is not NULL,
 * the previous value is stored there (NULL when the key is new). Returns XLQA_OK or XLQA_ENOMEM.
 */
int xlqa_hash_put(struct xlqa_hash *h, const char *key, size_t len, void *value, void **old);
/* The entry for `key`, or NULL. The pointer is valid until the next put. */
const struct xlqa_hash_entry *xlqa_hash_find(const struct xlqa_hash *h, const char *key, size_t len);
/* True when the key is present; its value goes to *value when `value` is not NULL. */
bool xlqa_hash_get(const struct xlqa_hash *h, const char *key, size_t len, void **value);
/* Iteration: returns the next occupied entry after slot *pos (start with *pos = 0), or NULL at the end. */
const struct xlqa_hash_entry *xlqa_hash_next(const struct xlqa_hash *h, size_t *pos);

/*
 * Reads a whole file into `out` (appending). `path` "-" reads standard input. Fills `err` with the
 * path and the system's reason on failure (XLQA_EIO, XLQA_ENOTFOUND for a missing file).
 */
int xlqa_file_read(const char *path, struct xlqa_buf *out, struct xlqa_error *err);
/*
 * Writes `len` bytes to `path` through a temporary file in the same directory that is flushed to disk
 * and renamed over `path`, so readers see the old file or the whole new one, never a part. Errors:
 * XLQA_EIO naming the path and the system's reason; the temporary file is removed on failure.
 */
int xlqa_file_write_atomic(const char *path, const void *data, size_t len, struct xlqa_error *err);
/*
 * The same for a file written piece by piece (git's lockfile): xlqa_file_out_open creates the
 * temporary file beside `path` and gives its stream in `out->fp` (binary, seekable); the caller writes
 * there; xlqa_file_out_commit flushes it to disk and renames it over `path`; xlqa_file_out_release
 * removes the temporary file unless it was committed, so an error path only releases. The caller owns
 * the struct (usually on the stack); after open, release is always called, commit or not. Errors:
 * XLQA_EIO naming the path and the system's reason (a write error the stream kept is reported by
 * commit), XLQA_ENOMEM.
 */
struct xlqa_file_out {
	FILE *fp;            /* the stream to write, NULL before open and after commit */
	struct xlqa_buf tmp; /* the temporary file's name */
	const char *path;    /* the target, borrowed from open's caller */
};
int xlqa_file_out_open(struct xlqa_file_out *out, const char *path, struct xlqa_error *err);
int xlqa_file_out_commit(struct xlqa_file_out *out, struct xlqa_error *err);
void xlqa_file_out_release(struct xlqa_file_out *out);
/*
 * A directory written whole or not at all (an index, an imported benchmark), as xlqa_file_out does for
 * a file: xlqa_dir_out_open creates the temporary directory "PATH.tmp-PID" beside `path` and gives its
 * name in `out->tmp.buf`; the caller writes its files under it; xlqa_dir_out_commit renames it to
 * `path`; xlqa_dir_out_release removes it and everything under it unless it was committed. A writer
 * killed before it could clean up leaves only its "PATH.tmp-PID" behind: open first removes those
 * whose PID is no live process on this machine, and counts them in `out->stale_removed`. The caller
 * owns the struct; after open, release is always called, commit or not. Errors: XLQA_EIO naming the
 * directory and the system's reason, XLQA_ENOMEM.
 */
struct xlqa_dir_out {
	struct xlqa_buf tmp;     /* the temporary directory's name; empty before open and after commit */
	const char *path;        /* the target, borrowed from open's caller */
	uint64_t stale_removed;  /* leftovers of killed writers of `path` that open removed */
};
int xlqa_dir_out_open(struct xlqa_dir_out *out, const char *path, struct xlqa_error *err);
int xlqa_dir_out_commit(struct xlqa_dir_out *out, struct xlqa_error *err);
void xlqa_dir_out_release(struct xlqa_dir_out *out);

/* A read-only memory mapping of a whole file. Caller-owned: xlqa_file_map, then xlqa_file_unmap. */
struct xlqa_mapped_file {
	const unsigned char *data; /* NULL for an empty file */
	size_t size;
};
/*
 * Maps the file at `path` read-only. Errors: XLQA_ENOTFOUND for a missing file, XLQA_EIO naming the
 * path and the system's reason. An empty file maps to data NULL and size 0.
 */
int xlqa_file_map(const char *path, struct xlqa_mapped_file *m, struct xlqa_error *err);
/* Unmaps and empties `m`; an empty or already unmapped one is left as it is. */
void xlqa_file_unmap(struct xlqa_mapped_file *m);

#ifdef __cplusplus
}
#endif
#endif
