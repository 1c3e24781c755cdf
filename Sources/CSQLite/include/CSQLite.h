/* SQLite, loaded on first use.
 *
 * AnyDocProjects declares here just the types, constants and functions its
 * store calls, and SQLiteLibrary.c resolves them with dlopen/dlsym when the
 * first database is opened: a process that only prints its version or
 * converts a document never maps libsqlite3, and building the package needs
 * no SQLite headers. Scripts/check-c-libraries.sh compares every declaration
 * and constant here with the installed <sqlite3.h>. */
#ifndef ANYDOC_CSQLITE_H
#define ANYDOC_CSQLITE_H

#include <stddef.h>

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef long long int sqlite3_int64;
typedef unsigned long long int sqlite3_uint64;
typedef void (*sqlite3_destructor_type)(void *);

/* Result codes. */
#define SQLITE_OK 0
#define SQLITE_BUSY 5
#define SQLITE_LOCKED 6
#define SQLITE_INTERRUPT 9
#define SQLITE_CONSTRAINT 19
#define SQLITE_ROW 100
#define SQLITE_DONE 101
#define SQLITE_CONSTRAINT_UNIQUE (SQLITE_CONSTRAINT | (8 << 8))

/* Open and prepare flags, and the one column type read. */
#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE 0x00000004
#define SQLITE_OPEN_NOMUTEX 0x00008000
#define SQLITE_PREPARE_PERSISTENT 0x01
#define SQLITE_NULL 5

/* Destructors for bound values: SQLITE_STATIC leaves the caller's copy in
   place, SQLITE_TRANSIENT has SQLite copy it before the call returns. */
#define SQLITE_STATIC ((sqlite3_destructor_type)0)
#define SQLITE_TRANSIENT ((sqlite3_destructor_type)-1)

#define C_FUNCTION(ret, name, params, args) __attribute__((visibility("hidden"))) ret name params;
#define C_VOID(name, params, args) __attribute__((visibility("hidden"))) void name params;
#include "SQLiteFunctions.def"
#undef C_FUNCTION
#undef C_VOID

/* Loads libsqlite3 and resolves every function above, once per process.
   Returns 1 when they are all there; otherwise 0, with dlerror's words in
   `message`. Call it before any other function here. */
int anydoc_sqlite_load(char *message, size_t size);

#endif
