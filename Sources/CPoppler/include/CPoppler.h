/* poppler-glib, with the GLib, GIO and cairo calls it needs, loaded on first use.
 *
 * AnyDocSwift declares here just the types and functions it calls, and
 * PopplerLibrary.c resolves them with dlopen/dlsym the first time a PDF is
 * opened: a process converting a DOCX never maps Poppler, cairo, GLib or their
 * dozens of dependencies, and building the package needs none of their headers.
 * Scripts/check-c-libraries.sh compares every declaration, layout and constant
 * here with the installed headers. */
#ifndef ANYDOC_CPOPPLER_H
#define ANYDOC_CPOPPLER_H

#include <stddef.h>
#include <stdint.h>

typedef char gchar;
typedef int gint;
typedef unsigned int guint;
typedef int gboolean;
typedef double gdouble;
typedef unsigned short guint16;
typedef unsigned long gsize;
typedef int64_t goffset;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef uint32_t GQuark;

typedef struct _GList GList;
struct _GList { gpointer data; GList *next; GList *prev; };
typedef struct _GError { GQuark domain; gint code; gchar *message; } GError;
typedef struct _GBytes GBytes;
typedef struct _GDateTime GDateTime;
typedef struct _GInputStream GInputStream;
typedef struct _GCancellable GCancellable;

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef enum _cairo_format { CAIRO_FORMAT_INVALID = -1, CAIRO_FORMAT_ARGB32 = 0, CAIRO_FORMAT_RGB24 = 1 } cairo_format_t;
typedef enum _cairo_status { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY = 1 } cairo_status_t;

typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;
typedef struct _PopplerIndexIter PopplerIndexIter;
typedef struct _PopplerRectangle { gdouble x1; gdouble y1; gdouble x2; gdouble y2; } PopplerRectangle;
typedef struct _PopplerColor { guint16 red; guint16 green; guint16 blue; } PopplerColor;
typedef struct _PopplerTextAttributes {
    gchar *font_name;
    gdouble font_size;
    gboolean is_underlined;
    PopplerColor color;
    gint start_index;
    gint end_index;
} PopplerTextAttributes;
typedef struct _PopplerImageMapping { PopplerRectangle area; gint image_id; } PopplerImageMapping;

typedef enum {
    POPPLER_ERROR_INVALID, POPPLER_ERROR_ENCRYPTED, POPPLER_ERROR_OPEN_FILE, POPPLER_ERROR_BAD_CATALOG,
    POPPLER_ERROR_DAMAGED
} PopplerError;

typedef enum {
    POPPLER_DEST_UNKNOWN, POPPLER_DEST_XYZ, POPPLER_DEST_FIT, POPPLER_DEST_FITH, POPPLER_DEST_FITV, POPPLER_DEST_FITR,
    POPPLER_DEST_FITB, POPPLER_DEST_FITBH, POPPLER_DEST_FITBV, POPPLER_DEST_NAMED
} PopplerDestType;

typedef struct _PopplerDest {
    PopplerDestType type;
    int page_num;
    double left, bottom, right, top, zoom;
    gchar *named_dest;
    guint change_left : 1;
    guint change_top : 1;
    guint change_zoom : 1;
} PopplerDest;

typedef enum {
    POPPLER_ACTION_UNKNOWN, POPPLER_ACTION_NONE, POPPLER_ACTION_GOTO_DEST, POPPLER_ACTION_GOTO_REMOTE,
    POPPLER_ACTION_LAUNCH, POPPLER_ACTION_URI, POPPLER_ACTION_NAMED, POPPLER_ACTION_MOVIE, POPPLER_ACTION_RENDITION,
    POPPLER_ACTION_OCG_STATE, POPPLER_ACTION_JAVASCRIPT, POPPLER_ACTION_RESET_FORM
} PopplerActionType;

/* The members of the action union that are read; every member begins with
   the type and the title, as in poppler-glib. */
typedef struct _PopplerActionAny { PopplerActionType type; gchar *title; } PopplerActionAny;
typedef struct _PopplerActionGotoDest { PopplerActionType type; gchar *title; PopplerDest *dest; } PopplerActionGotoDest;
typedef struct _PopplerActionUri { PopplerActionType type; gchar *title; char *uri; } PopplerActionUri;
typedef union _PopplerAction {
    PopplerActionType type;
    PopplerActionAny any;
    PopplerActionGotoDest goto_dest;
    PopplerActionUri uri;
} PopplerAction;

typedef struct _PopplerLinkMapping { PopplerRectangle area; PopplerAction *action; } PopplerLinkMapping;

#define C_FUNCTION(ret, name, params, args) __attribute__((visibility("hidden"))) ret name params;
#define C_VOID(name, params, args) __attribute__((visibility("hidden"))) void name params;
#include "PopplerFunctions.def"
#undef C_FUNCTION
#undef C_VOID

/* Loads poppler-glib and resolves every function above, once per process.
   Returns 1 when they are all there; otherwise 0, with dlerror's words in
   `message`. Call it before any other function here. */
int anydoc_poppler_load(char *message, size_t size);

#endif
