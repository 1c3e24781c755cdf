#include "DynamicLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void *open_first(const char *const *sonames, char *message, size_t size) {
    const char *last = "no library name given";
    for (const char *const *name = sonames; *name; name++) {
        void *handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        if (handle) return handle;
        last = dlerror();
    }
    snprintf(message, size, "%s", last ? last : "cannot be loaded");
    return NULL;
}

static int load(anydoc_library *library) {
    void *handle = open_first(library->sonames, library->failure, sizeof library->failure);
    if (!handle) return 0;
    for (size_t i = 0; i < library->count; i++) {
        void *address = dlsym(handle, library->symbols[i].name);
        if (!address) {
            snprintf(library->failure, sizeof library->failure, "%s has no function %s", library->sonames[0],
                     library->symbols[i].name);
            for (size_t j = 0; j < i; j++) *library->symbols[j].slot = NULL;
            dlclose(handle);
            return 0;
        }
        *library->symbols[i].slot = address;
    }
    library->handle = handle;
    return 1;
}

int anydoc_library_ensure(anydoc_library *library, char *message, size_t size) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) library->state = load(library) ? 1 : -1;
    int loaded = library->state == 1;
    pthread_mutex_unlock(&library->lock);
    if (!loaded && message && size) snprintf(message, size, "%s", library->failure);
    return loaded;
}

void *anydoc_library_optional(anydoc_library *library, const char *name) {
    pthread_mutex_lock(&library->lock);
    void *handle = library->state == 1 ? library->handle : NULL;
    pthread_mutex_unlock(&library->lock);
    return handle ? dlsym(handle, name) : NULL;
}

void anydoc_library_missing(const char *function) {
    fprintf(stderr, "anydoc: %s was called before its library was loaded\n", function);
    abort();
}
