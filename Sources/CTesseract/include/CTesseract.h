/* Tesseract's C API and the Leptonica image calls it needs, loaded on first use.
 *
 * AnyDocSwift declares here just the types and functions it calls, and
 * TesseractLibrary.c resolves them with dlopen/dlsym the first time a page is
 * recognised: a process that never OCRs never maps Tesseract, Leptonica or
 * their image libraries, nor runs their start-up code. Scripts/check-c-libraries.sh
 * compares every declaration and constant here with the installed headers. */
#ifndef ANYDOC_CTESSERACT_H
#define ANYDOC_CTESSERACT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct TessBaseAPI TessBaseAPI;
typedef struct TessResultIterator TessResultIterator;
typedef struct TessPageIterator TessPageIterator;
typedef struct ETEXT_DESC ETEXT_DESC;
typedef bool (*TessCancelFunc)(void *cancel_this, int words);

typedef enum TessPageSegMode {
    PSM_OSD_ONLY, PSM_AUTO_OSD, PSM_AUTO_ONLY, PSM_AUTO, PSM_SINGLE_COLUMN, PSM_SINGLE_BLOCK_VERT_TEXT,
    PSM_SINGLE_BLOCK, PSM_SINGLE_LINE, PSM_SINGLE_WORD, PSM_CIRCLE_WORD, PSM_SINGLE_CHAR, PSM_SPARSE_TEXT,
    PSM_SPARSE_TEXT_OSD, PSM_RAW_LINE, PSM_COUNT
} TessPageSegMode;

typedef enum TessPageIteratorLevel { RIL_BLOCK, RIL_PARA, RIL_TEXTLINE, RIL_WORD, RIL_SYMBOL } TessPageIteratorLevel;

typedef int l_int32;
typedef unsigned int l_uint32;
typedef unsigned char l_uint8;
typedef float l_float32;
typedef int l_ok;
typedef struct Pix PIX;
typedef struct PixColormap PIXCMAP;

enum { L_SEVERITY_NONE = 6 };
enum { L_TEXT_ORIENT_UNKNOWN = 0, L_TEXT_ORIENT_UP = 1, L_TEXT_ORIENT_LEFT = 2, L_TEXT_ORIENT_DOWN = 3, L_TEXT_ORIENT_RIGHT = 4 };
enum {
    IFF_UNKNOWN = 0, IFF_BMP = 1, IFF_JFIF_JPEG = 2, IFF_PNG = 3, IFF_TIFF = 4, IFF_TIFF_PACKBITS = 5,
    IFF_TIFF_RLE = 6, IFF_TIFF_G3 = 7, IFF_TIFF_G4 = 8, IFF_TIFF_LZW = 9, IFF_TIFF_ZIP = 10, IFF_PNM = 11,
    IFF_PS = 12, IFF_GIF = 13, IFF_JP2 = 14, IFF_WEBP = 15, IFF_LPDF = 16, IFF_TIFF_JPEG = 17
};

#define C_FUNCTION(ret, name, params, args) __attribute__((visibility("hidden"))) ret name params;
#define C_VOID(name, params, args) __attribute__((visibility("hidden"))) void name params;
#include "TesseractFunctions.def"
#undef C_FUNCTION
#undef C_VOID

/* Loads Tesseract (and Leptonica with it) and resolves every function above,
   once per process. Returns 1 when they are all there; otherwise 0, with
   dlerror's words in `message`. Call it before any other function here. */
int anydoc_tesseract_load(char *message, size_t size);

/* A function Tesseract's build may or may not bring (OpenMP's, from
   libgomp), looked up among it and its dependencies once it has loaded;
   NULL when absent. */
void *anydoc_tesseract_optional(const char *name);

#endif
