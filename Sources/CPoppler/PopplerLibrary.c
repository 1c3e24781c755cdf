/* Resolves CPoppler.h's functions from poppler-glib on first use. */
#include "CPoppler.h"

#define ANYDOC_FUNCTIONS "PopplerFunctions.def"
#include "DynamicLibraryTable.h"

/* GLib, GIO and cairo come with poppler-glib as its dependencies. */
static const char *const sonames[] = {"libpoppler-glib.so.8", "libpoppler-glib.so", NULL};
static anydoc_library library = ANYDOC_LIBRARY(sonames, symbols);

int anydoc_poppler_load(char *message, size_t size) { return anydoc_library_ensure(&library, message, size); }
