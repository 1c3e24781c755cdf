/* Resolves CSQLite.h's functions from libsqlite3 on first use. */
#include "CSQLite.h"

#define ANYDOC_FUNCTIONS "SQLiteFunctions.def"
#include "DynamicLibraryTable.h"

static const char *const sonames[] = {"libsqlite3.so.0", NULL};
static anydoc_library library = ANYDOC_LIBRARY(sonames, symbols);

int anydoc_sqlite_load(char *message, size_t size) { return anydoc_library_ensure(&library, message, size); }
