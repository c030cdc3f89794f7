/*
 * fuzz: what the libFuzzer targets in tests/fuzz share. Each target is one LLVMFuzzerTestOneInput
 * that hands its bytes to one reader of the library the way a user's file would reach it: from
 * memory where the library parses memory, else through a file in a private temporary directory.
 * A target asserts nothing about the result; ASan and UBSan report what goes wrong, and a reader
 * that returns an error has done its job.
 */
#ifndef XLQA_FUZZ_H
#define XLQA_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The process's temporary directory (created on first use, removed at exit). */
const char *fuzz_dir(void);
/* Writes `size` bytes to fuzz_dir()/`name`; returns the path (static storage, one per name slot). */
const char *fuzz_write(const char *name, const void *data, size_t size);

#endif
