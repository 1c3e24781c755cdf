/* Resolves CTesseract.h's functions from Tesseract on first use. */
#include "CTesseract.h"

#define ANYDOC_FUNCTIONS "TesseractFunctions.def"
#include "DynamicLibraryTable.h"

/* Leptonica comes with Tesseract as its dependency. */
static const char *const sonames[] = {"libtesseract.so.5", "libtesseract.so", NULL};
static anydoc_library library = ANYDOC_LIBRARY(sonames, symbols);

int anydoc_tesseract_load(char *message, size_t size) { return anydoc_library_ensure(&library, message, size); }

void *anydoc_tesseract_optional(const char *name) { return anydoc_library_optional(&library, name); }
