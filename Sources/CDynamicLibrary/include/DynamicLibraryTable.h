/* Included by a library's loader with ANYDOC_FUNCTIONS naming its list of
   C_FUNCTION/C_VOID entries: defines a slot per function, the `symbols` table
   that fills them, and a function of the real name that calls through its slot. */
#include "DynamicLibrary.h"

#define C_FUNCTION(ret, name, params, args) static ret(*name##_address) params;
#define C_VOID(name, params, args) static void(*name##_address) params;
#include ANYDOC_FUNCTIONS
#undef C_FUNCTION
#undef C_VOID

#define C_FUNCTION(ret, name, params, args) {#name, (void **)&name##_address},
#define C_VOID(name, params, args) {#name, (void **)&name##_address},
static const anydoc_symbol symbols[] = {
#include ANYDOC_FUNCTIONS
};
#undef C_FUNCTION
#undef C_VOID

#define C_FUNCTION(ret, name, params, args)                           \
    ret name params {                                                 \
        if (!name##_address) anydoc_library_missing(#name);           \
        return name##_address args;                                   \
    }
#define C_VOID(name, params, args)                                    \
    void name params {                                                \
        if (!name##_address) anydoc_library_missing(#name);           \
        name##_address args;                                          \
    }
#include ANYDOC_FUNCTIONS
#undef C_FUNCTION
#undef C_VOID
