/* Opens a shared C library on first use and resolves a table of its functions:
   how the PDF and OCR support keeps Poppler and Tesseract out of processes
   that never read a PDF or an image. */
#ifndef ANYDOC_DYNAMIC_LIBRARY_H
#define ANYDOC_DYNAMIC_LIBRARY_H

#include <pthread.h>
#include <stddef.h>

/* One function to resolve: its name and where its address goes. */
typedef struct anydoc_symbol {
    const char *name;
    void **slot;
} anydoc_symbol;

/* A library loaded at most once per process: the first of `sonames` (a
   NULL-terminated list) that opens, with every one of `symbols` found in it
   or the libraries it depends on. */
typedef struct anydoc_library {
    const char *const *sonames;
    const anydoc_symbol *symbols;
    size_t count;
    pthread_mutex_t lock;
    int state; /* 0 not tried yet, 1 loaded, -1 failed */
    char failure[256];
    void *handle;
} anydoc_library;

#define ANYDOC_LIBRARY(sonames, symbols) \
    {(sonames), (symbols), sizeof(symbols) / sizeof((symbols)[0]), PTHREAD_MUTEX_INITIALIZER, 0, "", NULL}

/* Loads `library` on the first call and returns 1 when it and every symbol
   are there; otherwise 0 with the reason in `message` (the same answer on
   every later call). */
int anydoc_library_ensure(anydoc_library *library, char *message, size_t size);

/* A function the library or its dependencies may or may not have (an
   optional feature), once `library` has loaded; NULL when it is absent or
   the library is not loaded. */
void *anydoc_library_optional(anydoc_library *library, const char *name);

/* Stops the process: a function was called before its library loaded, a
   programming error the loader's result should have prevented. */
_Noreturn void anydoc_library_missing(const char *function);

#endif
