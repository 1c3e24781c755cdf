#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's own driver (in the runtime `-sanitize=fuzzer` links), for a
/// program that keeps its `main`: SwiftPM points `main` at the executable
/// target's top-level code, so the driver is started from there.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
